#!/usr/bin/env python3
"""Run a command and remember how it failed: watch.py [--json] -- CMD [ARG ...].

The command runs as given (never through a shell), its output passing through
unchanged. When it fails, what failed (the command line, the working folder,
the exit code) and the last lines of its error output are stored as one error
memory (category errors; redacted); the same failure again reinforces it.
watch.py exits with the command's exit code.
"""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import argparse
import json
import os
import signal
import sys

from hippocampus import cli


def main(argv):
    p = cli.parser("watch.py", "Run CMD (its arguments as given, never through a shell; its output passes through "
                   "unchanged) and, when it fails, store what failed: the command line, the working folder, the "
                   "exit code and the last lines of its error output (at most 12 lines, 1,500 characters, "
                   "redacted) as one error memory (category errors); the same failure again (numbers and hashes "
                   "aside) reinforces it. Success stores nothing; a Ctrl-C'd command (exit 130) neither. Exits "
                   "with the command's exit code: killed by signal N, 128+N; not found, 127; not runnable, 126 "
                   "(both stored). When the failure cannot be stored, one line says why and the exit code is "
                   "still the command's.")
    p.add_argument("command", nargs=argparse.REMAINDER, metavar="CMD",
                   help="the command and its arguments, after --")
    p.usage = "watch.py [-h] [--workspace DIR] [--agent ID] [--actor NAME] [--json] -- CMD [ARG ...]"
    args = p.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command or not command[0]:
        raise cli.UsageError("give the command to run after --, e.g. watch.py -- npm test")
    workspace = cli.open_workspace(args)  # (a missing workspace is said before the command runs)
    from hippocampus.hosts.command_watch import run
    outcome = run(command)
    if outcome.reason:
        print(f"watch.py: {outcome.reason}", file=sys.stderr)
    result = None
    # a Ctrl-C'd command is not a failure, nor one that met the pipe its reader closed (CMD | head)
    broken_pipe = outcome.reader_gone and outcome.signal == getattr(signal, "SIGPIPE", None)
    if outcome.failed and outcome.signal != signal.SIGINT and outcome.code != 130 and not broken_pipe:
        from hippocampus.errors import HippocampusError
        from hippocampus.lifecycle.failures import command_line, describe_exit, record_failure
        line = command_line(command)
        try:
            with workspace.transaction("bot:watch", "remember") as tx:
                result = record_failure(tx, line, describe_exit(outcome.code, outcome.signal, outcome.not_found),
                                        os.getcwd(), outcome.output() or outcome.reason, source="watch")
                first = result["content"].split("\n", 1)[0]  # (redacted, as the memory is)
                tx.summary = f"seen again: {first}" if result["action"] == "reinforced" else first
        except HippocampusError as exc:
            print(f"watch.py: the failure was not stored: {exc}", file=sys.stderr)
    if args.json:
        data = {"exitCode": outcome.code, "stored": None}
        if outcome.signal:
            data["signal"] = outcome.signal
        if result:
            data["stored"] = {"id": result["id"], "action": result["action"]}
        print(json.dumps(data, ensure_ascii=False), file=sys.stderr)  # stdout is the command's
    elif result:
        verb = "reinforced" if result["action"] == "reinforced" else "stored"
        print(f"watch.py: {verb} the failure as {result['id']} (exit {outcome.code})", file=sys.stderr)
    return outcome.code


if __name__ == "__main__":
    cli.run(main)

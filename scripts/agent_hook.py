#!/usr/bin/env python3
"""Hooks for agent harnesses (Claude Code): session start prints core memory; session end
learns from the transcript in the background. Never blocks and never fails the session."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import argparse
import json
import os
import subprocess
import sys

from hippocampus import cli


def main(argv):
    p = cli.parser("agent_hook.py", "session-start: core memories for the agent's context, as Claude Code's "
                   "SessionStart JSON (hookSpecificOutput.additionalContext). "
                   "session-end: preprocess + encode --auto the session's transcript in the background. "
                   "Always exits 0: a memory problem must never stop the agent.")
    p.add_argument("event", choices=("session-start", "session-end"))
    p.add_argument("--project", metavar="DIR", help="the project whose transcripts session-end reads when the "
                   "hook input names none (~/.claude/projects/<DIR with / as ->)")
    p.add_argument("--from-plugin", action="store_true", help="the Claude Code plugin's hook: say nothing when "
                   "install.sh's hook for the same event is in the session's settings (it answers, once)")
    p.add_argument("--hippocampus-hook", action="store_true", help=argparse.SUPPRESS)  # install.sh's marker
    args = p.parse_args(argv)
    try:
        payload = json.loads(sys.stdin.read() or "{}") if not sys.stdin.isatty() else {}
    except (ValueError, RecursionError, OSError):  # nested too deep is no hook input either
        payload = {}
    if args.from_plugin:  # wired twice (the plugin and install.sh --claude-code): install.sh's hook answers
        from hippocampus.hosts.claude_plugin import wired_by_install
        if wired_by_install(payload):
            return 0
    _sync_in_background(args)  # install.sh --with-sync: the memory of the other machines comes in, ours goes out
    if args.event == "session-start":
        try:
            from hippocampus.recall.context import load_core
            workspace = cli.open_workspace(args)
            text, _info = load_core(workspace, workspace.config["core"]["budget_tokens"], "Core memories (hippocampus)")
        except Exception as exc:  # never fail the session
            text = f"(hippocampus: core memory unavailable: {cli.one_line(str(exc), 200)})"
        print(json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": text}},
                         ensure_ascii=False))
        return 0
    transcript = payload.get("transcript_path") if isinstance(payload, dict) else None
    if not transcript and args.project:
        from pathlib import Path
        munged = str(Path(args.project).expanduser().resolve()).replace("/", "-")
        transcript = str(Path.home() / ".claude" / "projects" / munged)
    if not transcript:
        return 0
    here = os.path.dirname(os.path.abspath(__file__))
    common = ["--workspace", str(cli.workspace_root(args))]
    steps = [[sys.executable, os.path.join(here, "preprocess.py"), "--path", str(transcript), *common],
             [sys.executable, os.path.join(here, "encode.py"), "--auto", *common]]
    runner = ("import subprocess, sys, json\n"
              "for step in json.loads(sys.argv[1]):\n"
              "    if subprocess.run(step, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, "
              "stderr=subprocess.DEVNULL).returncode != 0:\n"
              "        break\n")
    subprocess.Popen([sys.executable, "-c", runner, json.dumps(steps)], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    return 0


def _sync_in_background(args) -> None:
    """sync.py, detached, when the workspace asks for it (hippocampus.autosync); never waited for."""
    try:
        from hippocampus.sync.remote_sync import session_sync
        root = cli.workspace_root(args)
        if not session_sync(root):
            return
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.Popen([sys.executable, "-S", os.path.join(here, "sync.py"), "--workspace", str(root)],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except Exception:  # never fail the session
        pass


if __name__ == "__main__":
    try:
        cli.run(main)
    except SystemExit as exit_:
        sys.exit(0 if exit_.code not in (0, None) else 0)

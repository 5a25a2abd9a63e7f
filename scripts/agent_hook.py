#!/usr/bin/env python3
"""Hooks for agent harnesses (Claude Code): session start prints core memory (after where the last
session left off); session end learns from the transcript in the background, and at the session's end
writes a handoff and clears working memory. Never blocks and never fails the session."""
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
                   "session-end: preprocess + encode --auto the session's transcript in the background, and (at the "
                   "session's end, not at Claude Code's Stop) write a handoff from it and clear working memory "
                   "(handoff.py create --session-end). "
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
    transcript = transcript if isinstance(transcript, str) and transcript.strip() else None
    if not transcript and args.project:
        from pathlib import Path
        munged = str(Path(args.project).expanduser().resolve()).replace("/", "-")
        transcript = str(Path.home() / ".claude" / "projects" / munged)
    here = os.path.dirname(os.path.abspath(__file__))
    common = ["--workspace", str(cli.workspace_root(args))]
    ending = []  # the session's end (not Claude Code's Stop, after every answer): a handoff, working memory cleared
    if not (isinstance(payload, dict) and payload.get("hook_event_name") == "Stop"):
        ending = [[sys.executable, "-S", os.path.join(here, "handoff.py"), "create", "--session-end",
                   "--origin", "Claude Code session end", *([f"--transcript={transcript}"] if transcript else []),
                   *common]]
    steps = [[sys.executable, os.path.join(here, "preprocess.py"), "--path", str(transcript), *common],
             [sys.executable, os.path.join(here, "encode.py"), "--auto", *common]] if transcript else []
    if not ending and not steps:
        return 0
    runner = ("import subprocess, sys, json\n"
              "ending, steps = json.loads(sys.argv[1])\n"
              "for step in ending:\n"
              "    subprocess.run(step, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, "
              "stderr=subprocess.DEVNULL)\n"
              "for step in steps:\n"
              "    if subprocess.run(step, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, "
              "stderr=subprocess.DEVNULL).returncode != 0:\n"
              "        break\n")
    subprocess.Popen([sys.executable, "-c", runner, json.dumps([ending, steps])], stdin=subprocess.DEVNULL,
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
        cli.run(main, exit_code=0)  # a hook never fails the session
    except SystemExit:  # (--help, and whatever else ends it before cli.run's end)
        sys.exit(0)

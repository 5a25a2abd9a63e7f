#!/usr/bin/env python3
"""install.sh's helper for our hooks in a Claude Code settings file (only ours, found by an exact marker)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import json
import os

from hippocampus import cli


def main(argv):
    p = cli.parser("wire_claude.py", "Add or remove our SessionStart/Stop/SessionEnd hooks in a Claude Code "
                   "settings file; a hook is ours only when its command is this checkout's agent_hook.py with "
                   "the --hippocampus-hook marker. Everything else in the file stays byte for byte.")
    p.add_argument("action", choices=("add", "remove"))
    p.add_argument("settings", help="the settings file (~/.claude/settings.json, DIR/.claude/settings.local.json)")
    p.add_argument("--project", metavar="DIR", help="the project the hooks learn from (local or shared scope)")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.hosts import claude_settings as cs
    target = Path(cli.clean_text(args.settings)).expanduser()
    hook = os.path.join(os.path.dirname(os.path.abspath(__file__)), "agent_hook.py")
    try:
        text = target.read_bytes().decode("utf-8")
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        text, mode = None, None
    except (OSError, UnicodeDecodeError) as exc:
        raise cli.UsageError(f"{target}: cannot read it ({cli.one_line(str(exc), 120)}); left it untouched") from None
    if text is None and args.action == "remove":
        return say(f"{target}: not there, nothing to remove")
    try:
        data = json.loads(text) if text is not None else {}
    except ValueError:
        raise cli.UsageError(f"{target} is not JSON; left it untouched") from None
    if not isinstance(data, dict):
        raise cli.UsageError(f"{target} is not a JSON object; left it untouched")
    if args.action == "add":
        project = str(Path(cli.clean_text(args.project)).expanduser().resolve()) if args.project else None
        new = cs.put_in(data, hook, str(cli.workspace_root(args)), project)
    else:
        new = cs.take_out(data, hook)
    if new == data and text is not None:
        return say(f"{target} already has our hooks" if args.action == "add" else f"{target}: no hooks of ours")
    would = "would " if args.dry_run else ""
    if args.action == "remove" and new == {}:
        if not args.dry_run:
            target.unlink()  # only our hooks were in it
            try:
                target.parent.rmdir()
            except OSError:
                pass
        return say(f"{would}remove {target} (only our hooks were in it)")
    if not args.dry_run:
        cs.write_verified(target, cs.serialise(new, text if text is not None else ""), mode)
    done = {"add": "add" if args.dry_run else "added", "remove": "remove" if args.dry_run else "removed"}[args.action]
    return say(f"{would}{done} SessionStart (core memories) and Stop/SessionEnd (learn from the transcript, "
               f"in the background) hooks {'to' if args.action == 'add' else 'from'} {target}")


def say(text: str) -> int:
    print(text)
    return 0


if __name__ == "__main__":
    cli.run(main)

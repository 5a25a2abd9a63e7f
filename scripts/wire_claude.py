#!/usr/bin/env python3
"""install.sh's helper for our hooks in a Claude Code settings file (only ours, found by an exact marker)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
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
    from hippocampus.base import user_file
    from hippocampus.hosts import claude_settings as cs
    target = Path(cli.clean_text(args.settings)).expanduser()
    hook = os.path.join(os.path.dirname(os.path.abspath(__file__)), "agent_hook.py")
    raw = user_file.read(target)
    try:
        text = raw.decode("utf-8") if raw is not None else None
    except UnicodeDecodeError:
        raise cli.UsageError(f"{target} is not UTF-8 text; left it untouched") from None
    if text is None and args.action == "remove":
        return say(f"{target}: not there, nothing to remove")
    would = "would " if args.dry_run else ""
    if args.action == "add":
        project = str(Path(cli.clean_text(args.project)).expanduser().resolve()) if args.project else None
        new = cs.put_in(text, hook, str(cli.workspace_root(args)), project, target)
        if new is None:
            return say(f"{target} already has our hooks")
        user_file.writable(target)  # (a link to nothing, or a read-only file: said before anything is done)
    else:
        new, whole = cs.take_out(text, hook, target)
        if new == text:
            return say(f"{target}: no hooks of ours")
        if whole and not target.is_symlink():
            if not args.dry_run:
                user_file.delete(target)  # only our hooks were in it: we made it
                try:
                    target.parent.rmdir()
                except OSError:
                    pass
            return say(f"{would}remove {target} (only our hooks were in it)")
    if not args.dry_run:
        user_file.write(target, _encoded(new, target))
    done = {"add": "add" if args.dry_run else "added", "remove": "remove" if args.dry_run else "removed"}[args.action]
    return say(f"{would}{done} SessionStart (core memories) and Stop/SessionEnd (learn from the transcript, "
               f"in the background) hooks {'to' if args.action == 'add' else 'from'} {target}")


def _encoded(text: str, target) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise cli.UsageError(f"a path for {target} is not valid UTF-8, which a settings file cannot hold; "
                             "left it untouched") from None


def say(text: str) -> int:
    print(text)
    return 0


if __name__ == "__main__":
    cli.run(main)

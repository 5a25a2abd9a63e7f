#!/usr/bin/env python3
"""install.sh's helper for marked blocks in a person's files (AGENTS.md, CLAUDE.md)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("wire.py", "Add or remove our block between <!-- hippocampus:start --> and "
                   "<!-- hippocampus:end --> in a markdown file; everything else stays byte for byte.")
    p.add_argument("action", choices=("add", "remove"))
    p.add_argument("file")
    p.add_argument("--body", metavar="FILE", help="the block's text (add)")
    p.add_argument("--base-dir", metavar="DIR", help="put in for {baseDir} in the block's text")
    p.add_argument("--for-workspace", metavar="DIR", help="the workspace the block's commands use: put in "
                   "for {workspaceArg} as --workspace DIR unless it is the default (~/.openclaw/workspace)")
    p.add_argument("--dry-run", action="store_true")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.text.blocks import made_it, with_block, without_block
    from hippocampus.base import user_file
    target = Path(cli.clean_text(args.file)).expanduser()
    raw = user_file.read(target)
    current = raw.decode("utf-8", "surrogateescape") if raw is not None else None
    if args.action == "add":
        if not args.body:
            raise cli.UsageError("add needs --body FILE")
        body = cli.read_file_or_stdin(args.body)
        if args.base_dir:
            body = body.replace("{baseDir}", cli.clean_text(args.base_dir))
        body = body.replace("{workspaceArg}", workspace_arg(args.for_workspace))
        new = with_block(current, body)
    else:
        if current is None:
            report(args, target, "absent", f"{target}: not there, nothing to remove")
            return 0
        new = without_block(current)
    if new == current:
        report(args, target, "unchanged", f"{target}: unchanged")
        return 0
    verb = {"add": "would add/update" if args.dry_run else "added/updated",
            "remove": "would remove" if args.dry_run else "removed"}[args.action]
    user_file.writable(target)  # (a link to nothing, a read-only file: one line, nothing done)
    if not args.dry_run:
        # only our block was in it and we created the file: it goes (a link the person made to it
        # stays, and the file it leads to is left empty)
        if not (new == "" and args.action == "remove" and made_it(current) and user_file.delete(target)):
            user_file.write(target, new.encode("utf-8", "surrogateescape"), new_mode=0o644)
    report(args, target, "would-change" if args.dry_run else "changed", f"{target}: {verb} the hippocampus block")


def workspace_arg(given) -> str:
    """` --workspace DIR` (shell-quoted) unless DIR is the default the scripts use without $WORKSPACE."""
    import os
    import shlex
    from pathlib import Path
    if not given:
        return ""
    path = os.path.realpath(Path(cli.clean_text(given)).expanduser())
    if path == os.path.realpath(Path.home() / ".openclaw" / "workspace"):
        return ""
    return " --workspace " + shlex.quote(path)


def report(args, target, state: str, text: str) -> None:
    if args.json:
        cli.print_json({"file": str(target), "action": args.action, "result": state})
    else:
        print(text)


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Bring memories along: ChatGPT exports, CLAUDE.md, Cursor rules, OpenClaw notes, any markdown or text."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("import.py", "Each bullet or paragraph (a line, for lists of lines) becomes a memory with its "
                   "provenance; markdown headings become categories; duplicates and our own marked blocks are "
                   "skipped; secrets are redacted; one commit for the whole import.")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--format", default="auto", choices=("auto", "chatgpt", "claude", "cursor", "openclaw",
                                                       "markdown", "text"))
    p.add_argument("--dry-run", action="store_true", help="show what would be imported; change nothing")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.ingest.importer import import_files
    files = []
    for name in args.files:
        path = Path(cli.clean_text(name)).expanduser()
        if path.is_dir():  # e.g. .cursor/rules
            files += sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
        elif path.is_file():
            files.append(path)
        else:
            raise cli.NotFound(f"no such file: {path}")
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:import", "import") as tx:
        report = import_files(tx, [(f, args.format) for f in files], dry_run=args.dry_run)
    if args.json:
        cli.print_json({"dryRun": args.dry_run, **report})
        return 0
    for item in report.get("preview", []):
        print(f"- [{item['format']}] {cli.one_line(item['content'], 150)}")
    for item in report["files"]:
        left = f", {item['skipped']} items skipped (see the warnings)" if item["skipped"] else ""
        print(f"{item['file']} ({item['format']}): {'would add' if args.dry_run else 'added'} {item['added']}, "
              f"{item['duplicates']} duplicates skipped{left}")
    for item in report["skippedFiles"]:
        print(f"{item['file']}: skipped, not a text file")


if __name__ == "__main__":
    cli.run(main)

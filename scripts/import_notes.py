#!/usr/bin/env python3
"""Index OpenClaw's own notes (daily memory/YYYY-MM-DD.md, MEMORY.md bullets) without moving them."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("import_notes.py", "Each bullet or paragraph of the notes becomes a memory whose words stay "
                   "in the note (source note:<path>). Importing again adds only new items.")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="notes relative to the workspace (default: MEMORY.md and memory/YYYY-MM-DD.md)")
    p.add_argument("--dry-run", action="store_true", help="count what would be indexed, change nothing")
    args = p.parse_args(argv)
    from hippocampus.base.fsutil import is_within
    from hippocampus.ingest.notes import import_notes, note_paths
    workspace = cli.open_workspace(args)
    paths = [cli.clean_text(path) for path in args.paths] or note_paths(workspace.root)
    for path in paths:
        target = workspace.root / path
        if not is_within(target, workspace.root) or not target.is_file():
            raise cli.UsageError(f"not a note inside the workspace: {path}")
    with workspace.transaction("bot:import-notes", "import-notes") as tx:
        report = import_notes(tx, paths, dry_run=args.dry_run)
    if args.json:
        cli.print_json({"dryRun": args.dry_run, **report})
    else:
        verb = "would index" if args.dry_run else "indexed"
        print(f"{verb} {report['added']} items from {len(report['notes'])} notes; {report['skipped']} already indexed")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Contradicting memories found by consolidation: list them, resolve one by keeping a side."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("conflicts.py", "Conflicts live in hippocampus/meta/conflicts.md; resolving keeps one memory and "
                   "archives the other (reinforce.py ID brings it back).")
    commands = cli.Commands(p)
    listing = commands.add("list", help="open conflicts (--all: resolved ones too)")
    listing.add_argument("--all", action="store_true")
    resolving = commands.add("resolve", help="resolve a conflict: --keep the memory that is right")
    resolving.add_argument("id", metavar="conf_N")
    resolving.add_argument("--keep", required=True, metavar="MEM_ID")
    args = commands.parse(argv)
    from hippocampus.lifecycle import conflicts
    workspace = cli.open_workspace(args)
    if args.command == "list":
        _text, found = conflicts.load(workspace.root)
        shown = found if args.all else [c for c in found if c["state"] == "open"]
        if args.json:
            cli.print_json({"conflicts": shown})
        else:
            for c in shown:
                print(f"{c['id']} [{c['status']}] {c.get('kind', '')}: {c['a']['id']} \"{cli.one_line(c['a']['content'], 70)}\""
                      f" vs {c['b']['id']} \"{cli.one_line(c['b']['content'], 70)}\"")
            if not shown:
                print("No open conflicts.")
        return 0
    with workspace.transaction("bot:conflicts", "resolve-conflict") as tx:
        result = conflicts.resolve(tx, cli.clean_text(args.id), cli.clean_text(args.keep))
    if args.json:
        cli.print_json(result)
    else:
        print(f"{result['conflict']}: kept {result['kept']}, archived {result['archived']}")


if __name__ == "__main__":
    cli.run(main)

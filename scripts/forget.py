#!/usr/bin/env python3
"""Archive memories (soft: kept in history). --purge also removes their words from the files."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("forget.py", "Forget memories by id: status archived, importance 0. The markdown file and "
                   "git history keep the words unless --purge (see references/forgetting.md to rewrite history).")
    p.add_argument("ids", nargs="+", metavar="ID")
    p.add_argument("--purge", action="store_true", help="also delete the file and blank the content in the index")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.forget import forget_ids
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:forget", "purge" if args.purge else "forget") as tx:
        results = forget_ids(tx, args.ids, purge=args.purge)
    if args.json:
        cli.print_json({"forgotten": [{"id": r["id"], "purged": r["purged"], "wordsRemainIn": r["wordsRemainIn"]}
                                      for r in results]})
    else:
        for r in results:
            kept = f" (its words are still in your note {r['wordsRemainIn']})" if r["wordsRemainIn"] else ""
            print(f"{r['id']}: {'purged' if r['purged'] else 'archived'}{kept}")


if __name__ == "__main__":
    cli.run(main)

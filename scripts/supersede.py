#!/usr/bin/env python3
"""Say that a memory replaces older ones: supersede.py NEW OLD [OLD ...].

For a memory already remembered (remember.py --supersedes does it as it is
stored): each OLD gets supersededBy NEW, marked stated, and confidence stale;
nothing is deleted. One commit, one audit line.
"""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("supersede.py", "Say that memory NEW replaces OLD (the old value of what changed): OLD is "
                   "marked stale and ranks below NEW for questions about now, whatever NEW's words; it stays "
                   "findable for questions about before. remember.py --json offers the candidates.")
    p.add_argument("new", metavar="NEW", help="the id of the memory that holds now")
    p.add_argument("old", nargs="+", metavar="OLD", help="the id of a memory it replaces (more may follow)")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.supersede import supersede_ids
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:supersede", "supersede") as tx:
        result = supersede_ids(tx, cli.clean_text(args.new), [cli.clean_text(i) for i in args.old])
    if args.json:
        cli.print_json(result)
    elif result["supersedes"]:
        print(f"{result['id']} supersedes {', '.join(result['supersedes'])}"
              + (f" (already: {', '.join(result['already'])})" if result["already"] else ""))
    else:
        print(f"{result['id']} already supersedes {', '.join(result['already'])}; nothing changed")


if __name__ == "__main__":
    cli.run(main)

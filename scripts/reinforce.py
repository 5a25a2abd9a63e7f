#!/usr/bin/env python3
"""Strengthen memories that helped: new = old + (1 - old) * 0.15."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("reinforce.py", "Reinforce memories by id (one commit for all).")
    p.add_argument("ids", nargs="+", metavar="ID")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.reinforce import reinforce_ids
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:reinforce", "reinforce") as tx:
        results = reinforce_ids(tx, args.ids, revive=True)  # asked for by id: current again (supersede.revive)
    if args.json:
        cli.print_json({"reinforced": [{k: r[k] for k in ("id", "before", "importance", "timesReinforced")}
                                       for r in results]})
    else:
        for r in results:
            print(f"{r['id']}: {r['before']:.3f} -> {r['importance']:.3f} (reinforced {r['timesReinforced']}x)")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Say how the memories the last recall returned (or --id) worked out: --good or --bad."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("outcome.py", "Judge the memories the last recall returned (or --id): --good slows their "
                   "decay, --bad speeds it up, from today on (half-life x 1 + 0.5 (good - bad) / (good + bad + 1)). "
                   "One commit for all.")
    verdict = p.add_mutually_exclusive_group(required=True)
    verdict.add_argument("--good", action="store_true", help="they helped: they fade more slowly")
    verdict.add_argument("--bad", action="store_true", help="they misled or were wrong: they fade faster")
    p.add_argument("--id", action="append", metavar="ID", dest="ids",
                   help="judge this memory instead of the last recall's (repeat for more)")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.outcome import apply_outcome
    workspace = cli.open_workspace(args)
    if args.ids:
        ids = [cli.clean_text(i) for i in args.ids]
    else:
        from hippocampus.store.last_recall import read
        last = read(workspace)
        if last is None:
            raise cli.NotFound("no recall to judge: run recall.py first, or give --id ID")
        if not last["ids"]:
            raise cli.NotFound("the last recall returned no memories: nothing to judge (give --id ID)")
        ids = last["ids"]
    with workspace.transaction("bot:outcome", "outcome") as tx:
        results = apply_outcome(tx, ids, good=args.good, strict=bool(args.ids))
    if args.json:
        cli.print_json({"outcome": "good" if args.good else "bad",
                        "memories": [{k: r[k] for k in ("id", "good", "bad", "halfLifeFactor", "importance")}
                                     for r in results]})
    else:
        for r in results:
            print(f"{r['id']}: {r['good']} good, {r['bad']} bad: half-life x{r['halfLifeFactor']:g}")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Weaken and mark stale every memory that rests on something the user moved away from."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("invalidate.py", "Invalidate what rests on an old thing (invalidate.py webpack --reason "
                   "\"migrated to vite\"): each live memory naming it as a whole word or phrase (case-blind; "
                   "not webpacker) loses half its importance and is marked stale; nothing is deleted. Left alone: "
                   "memories that already name the new thing the reason names, those created after the "
                   "change, pinned and vault ones (unless --include-pinned). One commit, one audit line.")
    p.add_argument("term", metavar="OLD", help="the old thing: a word or phrase (put it after -- if it starts with a dash)")
    p.add_argument("--reason", required=True, help="what changed, naming the new thing (e.g. \"migrated to vite\")")
    p.add_argument("--changed", metavar="DATE", help="when it changed (default now): memories created later are "
                   "left alone; an ISO date or time, or yesterday, 3 days ago, last week ...")
    p.add_argument("--include-pinned", action="store_true", help="weaken pinned and vault memories too")
    p.add_argument("--dry-run", action="store_true", help="say what would change; change nothing")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.invalidate import check_term, invalidate
    term = check_term(cli.read_text(args.term) if args.term == "-" else args.term)
    changed = cli._bound(args.changed, "--changed", start=True) if args.changed else None
    workspace = cli.open_workspace(args)
    if args.dry_run:
        from hippocampus.store.transaction import Transaction
        tx = Transaction(workspace, workspace.load_index(), "bot:invalidate", "invalidate", "")
        report = invalidate(tx, term, cli.clean_text(args.reason), changed, args.include_pinned, dry_run=True)
    else:
        with workspace.transaction("bot:invalidate", "invalidate") as tx:
            report = invalidate(tx, term, cli.clean_text(args.reason), changed, args.include_pinned)
    if args.json:
        cli.print_json(report)
        return 0
    from hippocampus.recall.context import defuse
    verb = "would weaken" if args.dry_run else "weakened"
    print(f"{verb} {len(report['weakened'])} memories resting on {report['term']!r} ({report['reason']})")
    for w in report["weakened"]:
        print(f"- {w['id']}: {w['before']:.3f} -> {w['importance']:.3f}, stale: {defuse(w['content'])}")
    for key, label in (("pinned", "pinned or vault, left as they are (--include-pinned weakens them)"),
                       ("statesChange", "already name the new thing, left alone"),
                       ("createdAfter", "created after the change, left alone"),
                       ("alreadyInvalidated", f"invalidated for {report['term']!r} before, left alone")):
        if report[key]:
            print(f"{len(report[key])} {label}: {', '.join(m['id'] for m in report[key][:20])}")


if __name__ == "__main__":
    cli.run(main)

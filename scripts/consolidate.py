#!/usr/bin/env python3
"""The weekly sleep: cluster episodes, merge duplicates, find conflicts, mark stale, archive what faded."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("consolidate.py", "Conservative and explainable: one commit per run, nothing written to core "
                   "(promotions go to the review queue), --dry-run lists the changes it would make.")
    p.add_argument("--dry-run", action="store_true", help="list the changes; write nothing")
    p.add_argument("--all", action="store_true",
                   help="list every change (by default the first 50 of each kind; the counts are of all)")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.consolidate import run_sleep
    report = run_sleep(cli.open_workspace(args), dry_run=args.dry_run, every_change=args.all)
    if args.json:
        cli.print_json(report)
        return 0
    for change in report["changes"]:
        print(f"- {change['text']}")
    if report["changesLeftOut"]:
        print(f"- ... and {report['changesLeftOut']} more (--all lists every change)")
    counts = report["counts"]
    print(f"{'would make' if args.dry_run else 'made'}: {counts['clusters']} clusters, {counts['merges']} merges, "
          f"{counts['conflicts']} conflicts, {counts['stale']} stale, {counts['promotions']} promotions proposed")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Counts by domain, store and status; the last decay; an importance sparkline."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("status.py", "Show the state of the memory store.")
    args = p.parse_args(argv)
    from hippocampus.recall.report import sparkline, status
    report = status(cli.open_workspace(args))
    if args.json:
        cli.print_json(report)
        return 0
    print(f"hippocampus at {report['workspace']}: {report['live']} live memories ({report['total']} with archived)")
    for key in ("domain", "store", "status"):
        print(f"  {key:7} " + ", ".join(f"{k} {v}" for k, v in sorted(report[key].items())))
    print(f"  importance 0 {sparkline(report['importanceHistogram'])} 1")
    print(f"  last decay: {report['decayLastRun'] or 'never'}; last change: {report['lastUpdated']}")


if __name__ == "__main__":
    cli.run(main)

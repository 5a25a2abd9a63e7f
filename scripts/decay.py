#!/usr/bin/env python3
"""Apply time decay: importance = baseImportance * 0.99^idle days. Idempotent per day."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("decay.py", "Recompute every memory's importance for today (never compounded).")
    p.add_argument("--dry-run", action="store_true", help="report what would change; write nothing")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.decay import run_decay
    report = run_decay(cli.open_workspace(args), dry_run=args.dry_run)
    if args.json:
        cli.print_json(report)
        return 0
    prefix = "would change" if args.dry_run else "changed"
    print(f"decay: {prefix} {report['changed']} memories; {report['crossedCount']} crossed a threshold; "
          f"{report['archiveCandidateCount']} archive candidates")
    for c in report["archiveCandidates"][:20]:  # the weakest first
        print(f"  archive candidate {c['id']} ({c['importance']:.3f}): {c['content']}")


if __name__ == "__main__":
    cli.run(main)

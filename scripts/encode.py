#!/usr/bin/env python3
"""Turn signals (hippocampus/signals.jsonl) into memories, or into proposals for an agent to summarise."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import json

from hippocampus import cli


def main(argv):
    p = cli.parser("encode.py", "Score each new signal (importance table, remember/forget/reflect triggers). "
                   "--auto stores what scores at least the threshold; otherwise candidates become proposals in "
                   "hippocampus/meta/pending-memories.md (+ .json) for an agent to edit and --apply.")
    p.add_argument("--auto", action="store_true", help="store candidates now (one commit)")
    p.add_argument("--threshold", type=cli.bounded_float(0, 1), help="minimum importance (default: encode.auto_threshold, 0.5)")
    p.add_argument("--dry-run", action="store_true", help="show what would be stored; change nothing")
    p.add_argument("--apply", metavar="FILE", help="approve/reject proposals from the agent's edited JSON (- for stdin)")
    args = p.parse_args(argv)
    from hippocampus.ingest import encode
    if args.apply is not None:
        try:
            decisions = json.loads(cli.read_file_or_stdin(args.apply))
        except ValueError as exc:
            raise cli.UsageError(f"{args.apply}: not valid JSON ({exc})") from None
        except RecursionError:
            raise cli.UsageError(f"{args.apply}: not valid JSON (nested too deep)") from None
        workspace = cli.open_workspace(args)
        with workspace.transaction("bot:encode", "encode-apply") as tx:
            report = encode.apply(tx, decisions)
        if args.json:
            cli.print_json(report)
        else:
            print(f"approved {len(report['approved'])}, rejected {len(report['rejected'])}, "
                  f"skipped {len(report['skipped'])} already decided")
        return 0
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:encode", "encode") as tx:
        report = encode.encode(tx, auto=args.auto, threshold=args.threshold, dry_run=args.dry_run)
    if args.json:
        cli.print_json({"dryRun": args.dry_run, **report})
        return 0
    for line in encode.preview_lines(report):
        print(line)
    print(f"{report['signals']} signals: {report['stored']} stored, {report['reinforced']} reinforced, "
          f"{report['proposed']} proposed, {report['belowThreshold']} below {report['threshold']}, "
          f"{report['forgetProposals']} forget proposals" +
          (f", {report['tooLong']} longer than max_content_bytes" if report["tooLong"] else "") +
          (f"; reflection requested {report['reflectRequested']} times" if report["reflectRequested"] else ""))


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Capture a pasted conversation from stdin: the preprocess + encode pipeline in one step."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("capture.py", "Read a conversation on stdin ('**Name:** text' lines or one message a "
                   "paragraph; a '## ... YYYY-MM-DD HH:MM' heading dates what follows), drop the noise, redact "
                   "secrets, score each message and store what matters (one commit).")
    p.add_argument("--threshold", type=cli.bounded_float(0, 1), help="minimum importance (default: encode.auto_threshold, 0.5)")
    p.add_argument("--review", action="store_true", help="file proposals for review instead of storing")
    p.add_argument("--dry-run", action="store_true", help="show what would be stored; change nothing")
    args = p.parse_args(argv)
    import sys
    from hippocampus.ingest.encode import capture, preview_lines
    text = cli.decode_bytes(sys.stdin.buffer.read())
    if not text.strip():
        raise cli.UsageError("nothing on stdin: paste the conversation, e.g. pbpaste | capture.py")
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:capture", "capture") as tx:
        report = capture(tx, text, auto=not args.review, threshold=args.threshold, dry_run=args.dry_run)
        tx.action = "capture"
    if args.json:
        cli.print_json({"dryRun": args.dry_run, **report})
        return 0
    if args.dry_run:
        for line in preview_lines(report):
            print(line)
        print(f"{report['signals']} messages: would store {len(report['preview'])}, "
              f"{report['belowThreshold']} below {report['threshold']} (dry run: nothing written)")
        return 0
    too_long = report["tooLong"] + report["noise"].get("oversized message", 0)
    print(f"{report['signals']} messages: {report['stored']} stored, {report['reinforced']} reinforced, "
          f"{report['proposed']} proposed, {report['belowThreshold']} below {report['threshold']}" +
          (f", {too_long} too long to be a memory" if too_long else ""))


if __name__ == "__main__":
    cli.run(main)

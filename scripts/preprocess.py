#!/usr/bin/env python3
"""Read agent session transcripts into clean signals (hippocampus/signals.jsonl), incrementally."""

from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import sys

from hippocampus import cli


def main(argv):
    p = cli.parser("preprocess.py", "Transcripts (OpenClaw, Claude Code, plain chat logs) -> hippocampus/signals.jsonl: "
                   "noise dropped, secrets redacted, only what is new since each file's watermark.")
    p.add_argument("--source", default="auto", choices=("auto", "openclaw", "claude-code", "plain"),
                   help="transcript format (default: detected per file)")
    p.add_argument("--path", metavar="FILE_OR_DIR",
                   help="a transcript, a folder of them, or an OpenClaw session database (default: the --agent's "
                        "sessions under OpenClaw's state dir: ~/.openclaw/agents/AGENT/agent/openclaw-agent.sqlite, "
                        "and legacy files in ~/.openclaw/agents/AGENT/sessions)")
    p.add_argument("--include-groups", action="store_true",
                   help="also read group and room sessions (default: only the direct conversations that "
                        "OpenClaw's session store names: its database, or sessions.json where the folder has one)")
    p.add_argument("--full", action="store_true", help="ignore the watermarks: read every file from the start")
    p.add_argument("--limit", type=cli.bounded_int(1, 10**9), help="keep only the last N new signals")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.ingest.signals import preprocess
    from hippocampus.ingest.transcripts import detect, files_under
    if args.path:
        root = Path(cli.clean_text(args.path)).expanduser()
    else:
        root = cli.openclaw_sessions(args)
    from hippocampus.ingest.openclaw_sqlite import databases
    found = databases(root) if args.source in ("auto", "openclaw") else []
    if not root.exists() and not found:
        raise cli.NotFound(f"no transcripts at {root} (give --path FILE_OR_DIR)")
    files = [] if root.suffix == ".sqlite" or not root.exists() else files_under(root)
    left_out: dict = {}
    if root.is_dir():
        from hippocampus.ingest.openclaw_sessions import select
        files, left_out = select(root, files, include_groups=args.include_groups)
    targets = [(f, detect(f) if args.source == "auto" else args.source) for f in files]
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:preprocess", "preprocess") as tx:
        report = preprocess(tx, targets, full=args.full, limit=args.limit, label=lambda f: str(f.resolve()),
                            databases=found, include_groups=args.include_groups)
    for reason, count in left_out.items():
        report["skipped"][reason] = report["skipped"].get(reason, 0) + count
    for line in report["warnings"]:
        print(f"preprocess.py: {line}", file=sys.stderr)
    if args.json:
        cli.print_json(report)
    else:
        noise = ", ".join(f"{n} {why}" for why, n in sorted(report["skipped"].items())) or "nothing"
        read = f"{report['files']} files" + (f" and {report['sessions']} SQLite sessions" if report["sessions"] else "")
        print(f"{report['new']} new signals from {read} (skipped: {noise}) -> {report['signals']}")


if __name__ == "__main__":
    cli.run(main)

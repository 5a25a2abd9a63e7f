#!/usr/bin/env python3
"""Scheduled jobs: run one (as cron does) or register / unregister them (install.sh --with-cron)."""

from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("cron_job.py", "Jobs: decay (03:00 daily), consolidate (21:00 Saturdays), encode (every 3 hours, "
                   "optional), sync (hourly, optional). 'run JOB' never prompts, prints one line and appends it "
                   "to hippocampus/.cache/cron.log.")
    commands = cli.Commands(p)
    running = commands.add("run", help="run one job now")
    running.add_argument("job", choices=("decay", "consolidate", "encode", "sync"))
    registering = commands.add("register", help="register decay and consolidation (and --encode)")
    registering.add_argument("--encode", action="store_true", help="also encode transcripts every 3 hours")
    registering.add_argument("--sync", action="store_true", help="also sync with the workspace's git remote hourly, "
                             "and at agent session start and end (sync.py)")
    registering.add_argument("--dry-run", action="store_true")
    unregistering = commands.add("unregister", help="remove our jobs only")
    unregistering.add_argument("--dry-run", action="store_true")
    args = commands.parse(argv)
    from hippocampus.hosts import cron
    if args.command == "run":
        workspace = cli.open_workspace(args)
        sessions = cli.openclaw_sessions(args)
        line = f"{workspace.now.strftime('%Y-%m-%dT%H:%M:%SZ')} {cron.run_job(workspace, args.job, sessions)}"
        log = workspace.paths.cache / "cron.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        print(cli.json.dumps({"job": args.job, "result": line}) if args.json else line)
        return 0
    root = cli.workspace_root(args)
    if args.command == "register":
        result = cron.register(root, args.encode, args.dry_run, sync=args.sync)
    else:
        result = cron.unregister(root, args.dry_run)
    if args.json:
        cli.print_json(result)
        return 0
    verb = "would add" if args.dry_run else "added"
    if result["via"] == "print" and args.command == "unregister":
        print("no openclaw or crontab here: no scheduled jobs of ours to remove")
    elif result["via"] == "print":
        print("no openclaw or crontab here; add these lines to your scheduler:")
        for line in result["lines"]:
            print(line)
    elif args.command == "register":
        print(f"cron via {result['via']}: {verb} {', '.join(result['added']) or 'nothing'}; "
              f"already present: {', '.join(result['present']) or 'none'}")
    elif result.get("unreached"):
        print(f"cron via openclaw: nothing removed: {result['unreached']}")
    else:
        print(f"cron via {result['via']}: {'would remove' if args.dry_run else 'removed'} "
              f"{', '.join(result['removed']) or 'nothing (none of ours found)'}")


if __name__ == "__main__":
    cli.run(main)

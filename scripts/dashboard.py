#!/usr/bin/env python3
"""Write brain-dashboard.html: a self-contained page showing the state of the memory."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("dashboard.py", "Counts by domain, store and status; the importance distribution; each core "
                   "memory's decay over the next 90 days; strongest and fading memories; open conflicts and "
                   "proposals; recent audit log. One HTML file, nothing loaded from the network.")
    p.add_argument("--output", metavar="FILE", help="where to write it (default: WORKSPACE/brain-dashboard.html)")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.hosts.dashboard import OUTPUT, build
    from hippocampus.base.fsutil import atomic_write
    workspace = cli.open_workspace(args)
    html, info = build(workspace)
    target = Path(cli.clean_text(args.output)).expanduser() if args.output else workspace.root / OUTPUT
    atomic_write(target, html)
    if args.json:
        cli.print_json({"file": str(target), **info})
    else:
        print(f"wrote {target}: {info['live']} live memories, {info['core']} core, {info['conflicts']} open conflicts, "
              f"{info['proposals']} pending proposals")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""The dashboard: brain-dashboard.html, or served read-only on 127.0.0.1 (--serve)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli
import sys


def main(argv):
    p = cli.parser("dashboard.py", "A page to read the memory by: counts by domain, store and status; open "
                   "conflicts and proposals with the command that settles each; this week's changes; core "
                   "memories' decay; strongest and fading memories; the most important memories, searchable, "
                   "each with its life (created, recalls, decay curve, supersession chain, commits). One "
                   "self-contained HTML file, nothing loaded from anywhere.")
    p.add_argument("--output", metavar="FILE", help="where to write it (default: WORKSPACE/brain-dashboard.html)")
    p.add_argument("--serve", action="store_true", help="serve it on http://127.0.0.1:PORT/ instead, built afresh "
                   "for each request; read-only (GET only, nothing written); prints the URL, opens nothing; "
                   "Ctrl-C stops it")
    p.add_argument("--port", type=cli.bounded_int(0, 65535), default=0, help="with --serve: the port (default: "
                   "a free one)")
    args = p.parse_args(argv)
    if args.serve and args.output:
        raise cli.UsageError("--serve writes no file: give --serve or --output, not both")
    if args.port and not args.serve:
        raise cli.UsageError("--port goes with --serve")
    from pathlib import Path
    workspace = cli.open_workspace(args)
    if args.serve:
        return serve(args, workspace)
    from hippocampus.hosts.dashboard import OUTPUT, build
    from hippocampus.base import user_file
    target = Path(cli.clean_text(args.output)).expanduser() if args.output else workspace.root / OUTPUT
    if args.output:  # the person's path: written as their file is (base/user_file.py: through its link,
        user_file.writable(target)  # never over a device, a pipe or a folder), checked before the build
    html, info = build(workspace)
    if args.output:
        user_file.write(target, html.encode("utf-8"))
    else:
        from hippocampus.base.fsutil import atomic_write
        atomic_write(target, html)
    if args.json:
        cli.print_json({"file": str(target), **info})
    else:
        print(f"wrote {target}: {info['live']} live memories, {info['core']} core, {info['conflicts']} open conflicts, "
              f"{info['proposals']} pending proposals")



def serve(args, workspace):
    from hippocampus.hosts.dashboard_serve import make_server, serve as answer
    root = workspace.root
    try:
        server = make_server(lambda: cli.open_workspace(args), args.port)
    except OSError as exc:
        raise cli.UsageError(f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}") from None
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    if args.json:
        cli.print_json({"url": url, "workspace": str(root)})
    else:
        print(f"serving {url} (read-only, {root}); Ctrl-C stops it")
    sys.stdout.flush()
    answer(server)


if __name__ == "__main__":
    cli.run(main, resident=True)  # a server: frees what it drops (base/exiting.py)

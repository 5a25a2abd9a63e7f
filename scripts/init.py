#!/usr/bin/env python3
"""Create (or complete) a hippocampus workspace. Idempotent."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("init.py", "Create the workspace: memory folders, index.json, config, git repository.")
    p.add_argument("--remote", metavar="URL", help="the git remote to sync with (sync.py); a new, empty "
                   "workspace whose remote holds a memory joins it")
    p.add_argument("--adopt", action="store_true", help="with --remote: accept a remote whose history is not "
                   "a hippocampus memory")
    p.add_argument("--timeout", type=float, metavar="SECONDS", help="with --remote: stop reaching the remote "
                   "after this long (default 300)")
    args = p.parse_args(argv)
    from hippocampus.store.initialise import initialise
    root = cli.workspace_root(args)
    if args.remote:
        from hippocampus.sync.remote_git import timeout_from
        from hippocampus.sync.remote_join import connect
        done = connect(root, args.remote, cli.now(), adopt=args.adopt, timeout=timeout_from(args.timeout))
    else:
        done = initialise(root, cli.now())
    if args.json:
        cli.print_json({"workspace": str(root), "done": done})
    else:
        print("\n".join(done) if done else f"workspace {root} is ready; nothing to do")


if __name__ == "__main__":
    cli.run(main)

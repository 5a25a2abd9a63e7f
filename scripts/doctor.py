#!/usr/bin/env python3
"""Check the workspace (index, files, git, lock, cache); --repair rebuilds the index."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli
from hippocampus.errors import WorkspaceError


def main(argv):
    p = cli.parser("doctor.py", "Check the workspace; exit 0 healthy, 3 problems found. --repair rebuilds the "
                   "index from the last good version in git and the markdown files, and commits the repair.")
    p.add_argument("--repair", action="store_true", help="rebuild index.json, losing nothing git or the files hold")
    args = p.parse_args(argv)
    from hippocampus.store.doctor import check, repair
    from hippocampus.store.workspace import Workspace
    root = cli.workspace_root(args)
    if not ((root / "hippocampus").is_dir() or (root / "memory" / "index.json").is_file()
            or (root / "memory" / "meta").is_dir()):
        raise WorkspaceError(f"no hippocampus workspace at {root}; run scripts/init.py --workspace {root}")
    workspace = Workspace(root, cli.now())
    workspace.agent = cli.agent(args)  # --repair, a mutation, is the main agent's alone
    if args.repair:
        result = repair(workspace)
        report = check(workspace)
        report["repair"] = result
    else:
        report = check(workspace)
    if args.json:
        cli.print_json(report)
    else:
        if args.repair:
            r = report["repair"]
            print(f"repaired from {r['source']}: {r['memories']} memories ({r['fromMarkdown']} from markdown)")
            for path in r["linksRemoved"]:
                print(f"  removed the symbolic link {path} (never ours)")
        print("healthy" if report["healthy"] else "problems found:")
        for line in report["problems"]:
            print(f"  problem: {line}")
        for line in report["notes"]:
            print(f"  note: {line}")
    return 0 if report["healthy"] else 3


if __name__ == "__main__":
    cli.run(main)

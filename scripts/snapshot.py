#!/usr/bin/env python3
"""The task in progress: one active snapshot, shown at session start until cleared."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("snapshot.py", "The active task snapshot (hippocampus/session/snapshot.md): what the agent is "
                   "doing, how far it got, what comes next. load_core shows it first at every session start, and "
                   "the session-end hooks put it in their handoff; save replaces it, clear ends it. Not a memory.")
    commands = cli.Commands(p)
    save = commands.add("save", help="save the snapshot (replacing the one before)")
    save.add_argument("--task", required=True, metavar="TEXT", help="what the task is")
    save.add_argument("--summary", metavar="TEXT", help="where it stands")
    save.add_argument("--next-step", metavar="TEXT", help="what to do next")
    commands.add("show", help="the active snapshot")
    commands.add("clear", help="the task is done or dropped: no active snapshot")
    args = commands.parse(argv)
    from hippocampus.lifecycle import session_work as sw
    from hippocampus.store import session_files as sf
    workspace = cli.open_workspace(args)
    if args.command == "show":
        snapshot = sf.read_snapshot(workspace.root, workspace.paths)
        if args.json:
            cli.print_json({"snapshot": snapshot})
        else:
            print(sw.snapshot_text(snapshot), end="")
        return 0
    with workspace.transaction("bot:snapshot", f"snapshot-{args.command}") as tx:
        if args.command == "save":
            result = sw.snapshot_save(tx, cli.clean_text(args.task), cli.clean_text(args.summary or ""),
                                      cli.clean_text(args.next_step or ""))
        else:
            result = sw.snapshot_clear(tx)
    if args.json:
        cli.print_json({"snapshot": result} if args.command == "save" else result)
    elif args.command == "save":
        print(sw.snapshot_text(result), end="")
    else:
        print(f"cleared: {cli.one_line(result['cleared']['task'], 100)}" if result["cleared"] else "No active snapshot.")


if __name__ == "__main__":
    cli.run(main)

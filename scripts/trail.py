#!/usr/bin/env python3
"""The session trail: a short, bounded list of what happened in the agent's sessions."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("trail.py", "The session trail (hippocampus/session/trail.md): the last 50 events, oldest "
                   "first: what an agent adds, and what snapshot.py, handoff.py and wm.py flush/promote did. "
                   "load_core shows the last few at session start. Not memories.")
    commands = cli.Commands(p)
    add = commands.add("add", help="add an event: trail.py add TEXT")
    add.add_argument("text", metavar="TEXT")
    show = commands.add("show", help="the last events")
    show.add_argument("--last", type=cli.bounded_int(1, 50), default=10, metavar="N", help="how many (default 10)")
    args = commands.parse(argv)
    from hippocampus.lifecycle import session_work as sw
    from hippocampus.store import session_files as sf
    workspace = cli.open_workspace(args)
    if args.command == "show":
        entries = sf.read_trail_tail(workspace.root, workspace.paths, args.last)
        if args.json:
            cli.print_json({"trail": entries})
        else:
            from hippocampus.text.textutil import defuse
            print("\n".join(f"{e['at']} {e['kind']}: {defuse(e['text'])}" for e in entries) or "The trail is empty.")
        return 0
    with workspace.transaction("bot:trail", "trail-add") as tx:
        entry = sw.trail_add(tx, cli.clean_text(args.text))
    if args.json:
        cli.print_json(entry)
    else:
        print(f"{entry['at']} {entry['kind']}: {entry['text']}")


if __name__ == "__main__":
    cli.run(main)

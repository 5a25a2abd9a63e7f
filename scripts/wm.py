#!/usr/bin/env python3
"""Working memory: a bounded scratchpad per scope, cleared at session end, never recalled."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli

SCOPE_HELP = "the scratchpad's name (default: default); letters, digits, . _ -, case-blind"


def main(argv):
    p = cli.parser("wm.py", "Working memory: notes for the work at hand, per scope, kept in "
                   "hippocampus/session/working-memory/<scope>.md. At most working_memory.max_entries (20) a "
                   "scope: a push beyond it drops the least important older note (ties: the oldest). Not "
                   "memories: recall never returns them, decay never touches them, the session-end hooks clear "
                   "them; promote keeps one as a long-term memory.")
    commands = cli.Commands(p)
    push = commands.add("push", help="add a note: wm.py push TEXT [--importance X]")
    push.add_argument("text", metavar="TEXT")
    push.add_argument("--importance", type=cli.bounded_float(0, 1), default=0.5,
                      help="0 to 1 (default 0.5): the least important note is dropped first")
    read = commands.add("read", help="the scope's notes, numbered (--all: every scope)")
    read.add_argument("--all", action="store_true", help="every scope")
    clear = commands.add("clear", help="drop the scope's notes (--all: every scope)")
    clear.add_argument("--all", action="store_true", help="every scope")
    flush = commands.add("flush", help="end the scope's work: its notes go into the session trail as one "
                         "entry (--promote: remembered as long-term memories first), then the scope is emptied")
    flush.add_argument("--promote", action="store_true", help="remember the notes as long-term memories")
    flush.add_argument("--min-importance", type=cli.bounded_float(0, 1), default=0.0, metavar="X",
                       help="with --promote: only the notes at this importance or more (default 0: all)")
    promote = commands.add("promote", help="remember note N (as read numbers them) as a long-term memory; "
                           "it leaves the scratchpad")
    promote.add_argument("numbers", nargs="+", type=cli.bounded_int(1, 1_000_000), metavar="N")
    for child in (push, read, clear, flush, promote):
        child.add_argument("--scope", default="default", metavar="NAME", help=SCOPE_HELP)
    args = commands.parse(argv)
    from hippocampus.lifecycle import session_work as sw
    from hippocampus.store import session_files as sf
    # as given: a control character is refused, not dropped; a push's, one that looks like a secret too
    scope = sf.scope_name(args.scope, new=args.command == "push")
    workspace = cli.open_workspace(args)
    if args.command == "read":
        scopes = sf.wm_scopes(workspace.root, workspace.paths) if args.all else [scope]
        found = {name: sw.read_wm(workspace, name) for name in scopes}
        if args.json:
            cli.print_json({"scopes": found} if args.all else {"scope": scope, "entries": found[scope]})
        else:
            print("".join(sw.wm_text(name, entries) for name, entries in found.items()) or
                  "No working memory.\n", end="")
        return 0
    with workspace.transaction("bot:wm", f"wm-{args.command}") as tx:
        if args.command == "push":
            result = sw.wm_push(tx, scope, cli.clean_text(args.text), args.importance)
        elif args.command == "clear":
            scopes = sf.wm_scopes(workspace.root, workspace.paths) if args.all else [scope]
            result = sw.wm_clear(tx, scopes)
        elif args.command == "flush":
            result = sw.wm_flush(tx, scope, args.promote, args.min_importance)
        else:
            result = sw.wm_promote(tx, scope, args.numbers)
    if args.json:
        cli.print_json(result)
    elif args.command == "push":
        dropped = "".join(f"; dropped [{e['importance']:.2f}] {cli.one_line(e['text'], 80)}" for e in result["evicted"])
        print(f"{scope}: note {result['position']} of {result['limit']}{dropped}")
    elif args.command == "clear":
        print(", ".join(f"{s}: {n} notes cleared" for s, n in result["cleared"].items()) or "No working memory.")
    elif args.command == "flush":
        print(f"{scope}: {result['flushed']} notes flushed, {len(result['promoted'])} promoted"
              + "".join(f"\n  {p['id']} ({p['action']})" for p in result["promoted"]))
    else:
        for p in result["promoted"]:
            print(f"{p['id']} ({p['action']}): {cli.one_line(p['text'], 100)}")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Handoffs: what a session leaves for the next one (load_core shows the latest first)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("handoff.py", "Handoffs (hippocampus/session/handoffs/, the last 20 kept): a summary, the next "
                   "step, the active snapshot's task and the last trail events, for the next session; load_core "
                   "shows the latest at every session start. --session-end (the hooks' way) reads a transcript "
                   "without an LLM (the last request, files written, commands that failed, a stated next step), "
                   "adds the working notes and clears working memory. Not memories.")
    commands = cli.Commands(p)
    create = commands.add("create", help="write a handoff (one commit)")
    create.add_argument("--summary", metavar="TEXT", help="where the work stands (default: the snapshot's)")
    create.add_argument("--next-step", metavar="TEXT", help="what the next session does first (default: the "
                        "snapshot's)")
    create.add_argument("--task", metavar="TEXT", help="the task (default: the active snapshot's)")
    create.add_argument("--session-end", action="store_true", help="the session ended: read --transcript, add "
                        "the working notes, clear working memory (nothing to hand off: only the clearing)")
    create.add_argument("--transcript", metavar="PATH", help="with --session-end: the session's transcript "
                        "(Claude Code or OpenClaw JSONL)")
    create.add_argument("--origin", metavar="TEXT", help="who wrote it, shown with it (default: an agent; "
                        "with --session-end: session end)")
    commands.add("latest", help="the latest handoff")
    show = commands.add("show", help="a handoff by id")
    show.add_argument("id", metavar="h_ID")
    commands.add("list", help="the handoffs kept, newest first")
    args = commands.parse(argv)
    from hippocampus.lifecycle import session_work as sw
    from hippocampus.store import session_files as sf
    if args.command == "show":
        handoff_id = sf.handoff_id(args.id)
    workspace = cli.open_workspace(args)
    root, paths = workspace.root, workspace.paths
    if args.command in ("latest", "show"):
        handoff = sf.latest_handoff(root, paths) if args.command == "latest" else sf.read_handoff(root, paths, handoff_id)
        if handoff is None and args.command == "show":
            raise cli.NotFound(f"no handoff {handoff_id} (handoff.py list names those kept)")
        if args.json:
            cli.print_json({"handoff": handoff})
        else:
            print(sw.handoff_text(handoff), end="")
        return 0
    if args.command == "list":
        ids = list(reversed(sf.handoff_ids(root, paths)))
        if args.json:
            cli.print_json({"handoffs": ids})
        else:
            print("\n".join(ids) or "No handoff yet.")
        return 0
    summary, next_step = cli.clean_text(args.summary or ""), cli.clean_text(args.next_step or "")
    if args.session_end:
        from pathlib import Path
        from hippocampus.ingest.session_end import end_session
        transcript = Path(args.transcript).expanduser() if args.transcript else None
        result = end_session(workspace, transcript, cli.clean_text(args.origin or "session end"),
                             summary or None, next_step or None)
        if args.json:
            cli.print_json(result)
        else:
            cleared = sum(result["cleared"].values())
            print((sw.handoff_text(result["handoff"]) if result["handoff"] else "Nothing to hand off.\n")
                  + f"working memory cleared ({cleared} notes)")
        return 0
    if args.transcript:
        raise cli.UsageError("--transcript is read with --session-end")
    with workspace.transaction("bot:handoff", "handoff") as tx:
        handoff = sw.handoff_create(tx, summary=summary or None, next_step=next_step or None,
                                    task=cli.clean_text(args.task or "") or None,
                                    origin=cli.clean_text(args.origin or "") or "an agent")
    if args.json:
        cli.print_json({"handoff": handoff})
    else:
        print(sw.handoff_text(handoff), end="")


if __name__ == "__main__":
    cli.run(main)

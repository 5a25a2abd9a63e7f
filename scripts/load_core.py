#!/usr/bin/env python3
"""Print core memories for session start, grouped by domain, within a token budget."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli
from hippocampus.base.config import CORE_MIN_TOKENS


def main(argv):
    p = cli.parser("load_core.py", "Core memories for the agent's context: pinned and vault ones, and those at "
                   "importance >= 0.7 now that no newer memory superseded (references/scoring.md, \"Core\"); first, where "
                   "the last session left off (the task snapshot, the latest handoff, the last trail events: "
                   "snapshot.py, handoff.py, trail.py) in at most half the budget.")
    p.add_argument("--budget", type=cli.bounded_int(CORE_MIN_TOKENS, 1_000_000),
                   help="tokens (~4 chars each, heading and notes included); default 1500, capped at 3000")
    p.add_argument("--all", action="store_true", help="every core memory, no budget (to see what a capped list left out)")
    p.add_argument("--framing", choices=("observe", "suggest", "assert"), metavar="HOW",
                   help="how each memory is framed: observe (\"Previously observed (DATE): ...\"), suggest "
                   "(\"Suggestion, from DATE: ...\") or assert (the words alone); default: the framing setting, "
                   "observe")
    p.add_argument("--session-only", action="store_true", help="only where the last session left off (for a host "
                   "whose MEMORY.md section already carries the core memories); nothing when there is none")
    args = p.parse_args(argv)
    from hippocampus.recall.context import load_core, session_part
    workspace = cli.open_workspace(args)
    budget = args.budget if args.budget is not None else workspace.config["core"]["budget_tokens"]
    if args.all:
        budget = None
    if args.session_only:
        text, session = session_part(workspace, budget)
        info = {"session": session}
    else:
        text, info = load_core(workspace, budget, "Core memories", framing=args.framing)
    if args.json:
        cli.print_json({"text": text, **info})
    else:
        print(text, end="")


if __name__ == "__main__":
    cli.run(main)

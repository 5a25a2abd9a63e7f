#!/usr/bin/env python3
"""Find memories for a query, ranked by relevance, contiguity, importance and recency."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("recall.py", "Search memories. Any text is a valid query (put it after -- if it starts "
                   "with a dash). Changes nothing unless --reinforce.")
    p.add_argument("query", nargs="?", help="what to look for (- to read it from stdin)")
    p.add_argument("--entity", metavar="NAME", help="expand the query with a graph entity's name and aliases")
    p.add_argument("--top", type=cli.bounded_int(1, 1000), default=None, help="how many results (default 5)")
    p.add_argument("--budget", type=cli.bounded_int(1, 1_000_000), metavar="TOKENS",
                   help="instead of a count, pack the best memories into this many tokens (~4 characters each)")
    p.add_argument("--why", action="store_true", help="show matched terms and the parts of each score")
    p.add_argument("--format", choices=("text", "json"), default=None, help="text (default) or json (= --json)")
    p.add_argument("--domain", help="only this domain")
    p.add_argument("--category", help="only this category")
    p.add_argument("--store", help="only this store (semantic, episodic, procedural, vault)")
    p.add_argument("--status", help="only this status (core, active, background, archive-candidate, archived)")
    p.add_argument("--since", metavar="DATE", help="only memories created at or after this ISO date/time, "
                   "or the start of: today, yesterday, 3 days ago, last week, last month, on Monday, in June")
    p.add_argument("--until", metavar="DATE", help="only memories created at or before this ISO date/time "
                   "(a date: through its end), or the end of a period named as for --since")
    p.add_argument("--min-score", type=cli.bounded_float(0, 100), default=0.0, help="drop weaker results")
    p.add_argument("--include-archived", action="store_true", help="also search archived memories")
    p.add_argument("--reinforce", action="store_true", help="strengthen what is returned (one commit)")
    p.add_argument("--framing", choices=("observe", "suggest", "assert"), metavar="HOW",
                   help="how the text frames each memory: observe (\"Previously observed (DATE)\"), suggest "
                   "(\"Suggestion, from DATE\") or assert (no framing); default: the framing setting, observe")
    args = p.parse_args(argv)
    from hippocampus.recall.search import Filters, recall
    filters = cli.recall_filters(args, Filters)
    if args.query is None and not args.entity:
        raise cli.UsageError("the following arguments are required: query (or --entity NAME)")
    query = cli.read_text(args.query) if args.query is not None else ""
    workspace = cli.open_workspace(args)
    if args.entity:
        from hippocampus.store.graph import Graph
        query = " ".join([query, *Graph.load(workspace).find(cli.clean_text(args.entity)).names()]).strip()
    top = args.top or (50 if args.budget else int(workspace.config["recall"]["default_top"]))
    stats: dict = {}
    framing = args.framing or workspace.config["framing"]
    results = recall(workspace, query, top=top, filters=filters, min_score=args.min_score,
                     budget_tokens=args.budget, explain=args.why, stats=stats, framing=framing)
    from hippocampus.store.last_recall import record
    record(workspace, [r["id"] for r in results], workspace.now)  # what outcome.py judges (never fails)
    if args.reinforce and results:
        from hippocampus.lifecycle.reinforce import reinforce_ids
        with workspace.transaction("bot:recall", "reinforce") as tx:
            reinforce_ids(tx, [r["id"] for r in results])
            tx.summary = f"recalled and reinforced {len(results)} memories for: {query}"
    if args.json or args.format == "json":
        out = {"query": query, "results": results}
        if args.budget:  # the token cost of the best memory left out for size (None: none was)
            out["overBudget"] = stats.get("overBudget")
        cli.print_json(out)
        return 0
    from hippocampus.recall.context import render_recall
    print(render_recall(results, explain=args.why, budget_tokens=args.budget, over_budget=stats.get("overBudget"),
                        now=workspace.now, framing=framing), end="")


if __name__ == "__main__":
    cli.run(main)

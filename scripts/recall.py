#!/usr/bin/env python3
"""Find memories for a query, ranked by relevance, importance and recency."""
from hippocampus import cli


def main(argv):
    p = cli.parser("recall.py", "Search memories. Any text is a valid query. Changes nothing unless --reinforce.")
    p.add_argument("query", help="what to look for (- to read it from stdin)")
    p.add_argument("--top", type=cli.bounded_int(1, 1000), default=None, help="how many results (default 5)")
    p.add_argument("--domain", help="only this domain")
    p.add_argument("--category", help="only this category")
    p.add_argument("--min-score", type=cli.bounded_float(0, 100), default=0.0, help="drop weaker results")
    p.add_argument("--include-archived", action="store_true", help="also search archived memories")
    p.add_argument("--reinforce", action="store_true", help="strengthen what is returned (one commit)")
    args = p.parse_args(argv)
    from hippocampus.model import check_category, check_domain
    from hippocampus.search import recall
    query = cli.read_text(args.query)
    domain = check_domain(args.domain) if args.domain else None
    category = check_category(args.category) if args.category else None
    workspace = cli.open_workspace(args)
    top = args.top or int(workspace.config["recall"]["default_top"])
    results = recall(workspace, query, top=top, domain=domain, category=category,
                     min_score=args.min_score, include_archived=args.include_archived)
    if args.reinforce and results:
        from hippocampus.lifecycle import reinforce_ids
        with workspace.transaction("bot:recall", "reinforce") as tx:
            reinforce_ids(tx, [r["id"] for r in results])
            tx.summary = f"recalled and reinforced {len(results)} memories for: {query}"
    if args.json:
        cli.print_json({"query": query, "results": results})
        return 0
    if not results:
        print("no memories found")
        return 0
    from hippocampus.context import defuse
    for r in results:
        print(f"[{r['score']:.3f}] {r['id']} ({r['domain']}/{r['category']}, importance {r['importance']:.2f}, "
              f"{(r['created'] or '')[:10]}): {defuse(r['content'], 300)}")


if __name__ == "__main__":
    cli.run(main)

#!/usr/bin/env python3
"""Store a memory (or many, from JSON lines). Prints the id(s) written."""
from hippocampus import cli


def main(argv):
    p = cli.parser("remember.py", "Store a memory. An exact duplicate (same words, same domain) "
                   "reinforces the existing memory instead of adding a copy.")
    p.add_argument("text", nargs="?", help="the memory, or - to read it from stdin")
    p.add_argument("--jsonl", metavar="FILE", help="bulk: one JSON object per line ({content, domain, ...}); - for stdin")
    p.add_argument("--domain", help="user, self, relationship or world (default: guessed)")
    p.add_argument("--category", help="e.g. preferences, decisions, people (default: guessed)")
    p.add_argument("--importance", type=cli.bounded_float(0, 1), help="0..1 (default: from the signal table)")
    p.add_argument("--keywords", help="comma-separated (default: extracted)")
    p.add_argument("--source", help="where it came from (default: cli)")
    p.add_argument("--episode", help="the episode it belongs to (a session id, a day)")
    p.add_argument("--store", help="semantic (default), episodic, procedural or vault")
    p.add_argument("--pin", action="store_true", help="never decays (same as --store vault)")
    p.add_argument("--title", help="a procedure's title: what it is for (implies --store procedural)")
    p.add_argument("--step", action="append", metavar="TEXT", help="a procedure's step (repeat for each, in order)")
    args = p.parse_args(argv)
    if args.text is not None and args.jsonl is not None or args.text is None and args.jsonl is None and not args.step:
        raise cli.UsageError("give the memory text (or -) or --jsonl FILE, not both and not neither")
    from hippocampus.remember import check_options, parse_jsonl, remember_many, remember_one
    check_options(domain=args.domain, category=args.category, store=args.store)
    if args.jsonl is not None:
        records = parse_jsonl(cli.read_file_or_stdin(args.jsonl))
        if not records:
            raise cli.UsageError("no memories in the input")
        workspace = cli.open_workspace(args)
        with workspace.transaction("bot:remember", "remember") as tx:
            results = remember_many(tx, records)
            added = sum(r["action"] == "added" for r in results)
            tx.summary = f"imported {added} memories ({len(results) - added} duplicates reinforced)"
        ids = [r["id"] for r in results]
        if args.json:
            cli.print_json({"ids": ids, "added": added, "reinforced": len(results) - added})
        else:
            print(f"stored {added} memories, reinforced {len(results) - added} duplicates")
        return 0
    text = cli.read_text(args.text) if args.text is not None else ""
    workspace = cli.open_workspace(args)
    with workspace.transaction("bot:remember", "remember") as tx:
        result = remember_one(tx, text, domain=args.domain, category=args.category, importance=args.importance,
                              keywords=args.keywords, source=args.source, episode=args.episode,
                              store=args.store, pinned=args.pin, title=args.title, steps=args.step)
        memory = tx.by_id[result["id"]]
        tx.summary = memory["content"]
        if result["action"] == "reinforced":
            tx.action = "reinforce"
            tx.summary = f"repeated, so reinforced: {memory['content']}"
    if args.json:
        cli.print_json({"id": result["id"], "action": result["action"], "importance": memory["importance"],
                        "domain": memory["domain"], "category": memory["category"], "file": memory.get("file")})
    else:
        verb = "reinforced existing" if result["action"] == "reinforced" else "remembered"
        print(f"{verb} {result['id']} ({memory['domain']}/{memory['category']}, importance {memory['importance']:.2f})")


if __name__ == "__main__":
    cli.run(main)

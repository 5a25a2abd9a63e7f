#!/usr/bin/env python3
"""Store a memory (or many, from JSON lines). Prints the id(s) written.

Run by another agent than main (--actor NAME, $HIPPOCAMPUS_AGENT), it files a
proposal in hippocampus/meta/pending-memories.md instead; scripts/review.py decides.
"""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("remember.py", "Store a memory. An exact duplicate (same words, same domain) "
                   "reinforces the existing memory instead of adding a copy. A memory added is shown with "
                   "the existing ones it may update (--json: candidates, at most 3); when one is the old "
                   "value of what changed, say so: supersede.py NEW OLD.")
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
    p.add_argument("--confidence", help="for a proposal: high, medium (default) or low")
    p.add_argument("--supersedes", action="append", metavar="ID",
                   help="the memory this one replaces (repeat for more): it is marked stale, never deleted")
    p.add_argument("--decision", action="store_true", help="a decision: category decisions, kept long (a 90-day "
                   "half-life); one that supersedes it halves what is left of its life and marks it stale")
    p.add_argument("--context", metavar="TEXT", help="where and why (a decision's reasons): kept with the words, "
                   "found by recall and shown with them")
    p.add_argument("--error", action="store_true", help="an error to learn from: category errors (fades half as fast)")
    args = p.parse_args(argv)
    if args.text is not None and args.jsonl is not None or args.text is None and args.jsonl is None and not args.step:
        raise cli.UsageError("give the memory text (or -) or --jsonl FILE, not both and not neither")
    from hippocampus.lifecycle.remember import check_options, parse_jsonl, remember_committed, remember_many, stored_data
    from hippocampus.lifecycle.remember import kind_category, with_context
    args.category = kind_category(args.category, args.decision, args.error)
    check_options(domain=args.domain, category=args.category, store=args.store)
    if (args.decision or args.error or args.context is not None) and args.jsonl is not None:
        raise cli.UsageError("--decision, --error and --context are for one memory (in --jsonl, give each record "
                             "decision, error or context fields)")
    records = parse_jsonl(cli.read_file_or_stdin(args.jsonl)) if args.jsonl is not None else None
    if records == []:
        raise cli.UsageError("no memories in the input")
    text = cli.read_text(args.text) if args.text is not None else ""
    if args.context is not None:
        text = with_context(text, cli.clean_text(args.context))
    workspace = cli.open_workspace(args)
    options = dict(domain=args.domain, category=args.category, importance=args.importance, keywords=args.keywords,
                   source=args.source, episode=args.episode, store=args.store, pinned=args.pin,
                   title=args.title, steps=args.step)
    if args.supersedes:
        if records is not None:
            raise cli.UsageError("--supersedes is for one memory (in --jsonl, give each record a supersedes field)")
        if workspace.agent != "main":
            raise cli.UsageError("--supersedes is for the main agent (a proposal cannot supersede a memory)")
        options["supersedes"] = [cli.clean_text(i) for i in args.supersedes]
    if workspace.agent != "main":
        return propose(workspace, args, text, records, options)
    if records is not None:
        with workspace.transaction("bot:remember", "remember") as tx:
            results = remember_many(tx, records)
            added = sum(r["action"] == "added" for r in results)
            tx.summary = f"imported {added} memories ({len(results) - added} duplicates reinforced)"
            from hippocampus.lifecycle.supersede import bulk_note, notes
            tx.summary += bulk_note(results) + notes(tx)
        ids = [r["id"] for r in results]
        if args.json:
            cli.print_json({"ids": ids, "added": added, "reinforced": len(results) - added})
        else:
            print(f"stored {added} memories, reinforced {len(results) - added} duplicates")
        return 0
    result, memory = remember_committed(workspace, text, **options)
    if args.json:
        cli.print_json(stored_data(result, memory))
    else:
        verb = "reinforced existing" if result["action"] == "reinforced" else "remembered"
        superseding = f", superseding {', '.join(result['supersedes'])}" if result.get("supersedes") else ""
        print(f"{verb} {result['id']} ({memory['domain']}/{memory['category']}, importance {memory['importance']:.2f}"
              f"{superseding})")
        if result.get("candidates"):  # what it may update: supersede.py NEW OLD when one is the old value
            from hippocampus.recall.context import defuse  # (a memory's words are data in an agent's context)
            print(f"it may update (if one is the old value, run supersede.py {result['id']} OLD):")
            for candidate in result["candidates"]:
                print(f"- {candidate['id']} ({(candidate['created'] or '')[:10]}): {defuse(candidate['content'])}")


def proposal_options(number, record):
    """A record's text and options for a proposal: it cannot supersede a memory (only the main agent
    writes); a decision's or an error's category and its context are the proposal's as they would be
    the memory's."""
    from hippocampus.lifecycle.remember import kind_category, record_options, with_context
    options = record_options(record)
    if options.pop("supersedes", None):
        raise cli.UsageError(f"line {number}: supersedes is for the main agent (a proposal cannot supersede a memory)")
    text, context = record["content"], options.pop("context", None)
    try:
        options["category"] = kind_category(options["category"], options.pop("decision"), options.pop("error"))
        if context is not None:
            text = with_context(text, context)
    except cli.UsageError as exc:
        raise cli.UsageError(f"line {number}: {exc}") from None
    return text, options


def propose(workspace, args, text, records, options):
    from hippocampus.lifecycle.proposals import filing, propose as file_proposal
    with workspace.transaction(workspace.agent, "propose", proposal=True) as tx:
        if records is None:
            filed = [file_proposal(tx, text, confidence=args.confidence, **options)]
        else:
            with filing(tx):  # (the queue written once, however many records)
                filed = [file_proposal(tx, text, confidence=args.confidence, **options)
                         for text, options in (proposal_options(number, record) for number, record in records)]
        if len(filed) > 1:
            tx.summary = f"proposed {len(filed)} memories (#{filed[0]['id']}-#{filed[-1]['id']})"
    numbers = [p["id"] for p in filed]
    if args.json:
        cli.print_json({"proposals": numbers, "status": "pending", "from": workspace.agent,
                        "file": "hippocampus/meta/pending-memories.md"})
    else:
        print(f"proposed #{', #'.join(map(str, numbers))} for review (only the main agent writes memory; "
              f"it decides with scripts/review.py)")


if __name__ == "__main__":
    cli.run(main)

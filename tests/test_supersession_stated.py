"""What an agent states about what changed (issue #43, points 7 and 8): a stated supersession
(`remember.py --supersedes`, `supersede.py NEW OLD`) wins for questions about now whatever the
reader makes of the words, and remember offers the memories a new one may update.
Through the real scripts (references/scoring.md, "Supersession")."""

from __future__ import annotations

import json

NOW = "2026-03-11T15:00:00Z"
FILLER = ["I like long walks on the beach", "Lunch was a big salad today", "Long meeting at work today",
          "The car needs new tyres", "The gym was packed tonight", "My phone battery died at lunch"]

# a value, then its successor in words the statement reader does not read as the slot asked
CHANGES = [
    ("I work as a nurse at St Mary's hospital", "Took a position as bookbinder",
     "Where does the user work now?", "Where did the user work before?"),
    ("I drive a Nissan Qashqai", "Bye bye Qashqai, hello Galaxy",
     "What car does the user drive?", "What car did the user use to drive?"),
    ("My gym is Iron Temple", "Squats at FitHub from now on",
     "Which gym does the user go to?", "Which gym did the user go to before?"),
    ("I support Arsenal", "Cheering the Lakers these days",
     "Which team does the user support?", "Which team did the user support before?"),
]


def add(ws, text: str, created: str, supersedes: str | None = None) -> str:
    """remember TEXT as said on `created` (JSON lines keep the real date), naming what it replaces."""
    record = {"content": text, "created": created, **({"supersedes": supersedes} if supersedes else {})}
    return ws.json("remember.py", "--jsonl", "-", input=json.dumps(record), now=NOW)["ids"][0]


def ranked(ws, query: str) -> list[str]:
    return [r["id"] for r in ws.json("recall.py", query, "--top", "5", now=NOW)["results"]]


def filler(ws) -> None:
    ws.run("remember.py", "--jsonl", "-", now=NOW,
           input="\n".join(json.dumps({"content": t, "created": "2025-06-01T10:00:00Z"}) for t in FILLER))


def test_a_stated_successor_ranks_first_for_now_whatever_the_reader_reads(ws):
    filler(ws)
    for old_text, new_text, now_question, before_question in CHANGES:
        old = add(ws, old_text, "2024-05-01T10:00:00Z")
        new = add(ws, new_text, "2025-09-01T10:00:00Z", supersedes=old)
        assert ws.memory(old)["supersededBy"] == new and ws.memory(old)["supersededHow"] == "stated"
        now = ranked(ws, now_question)
        assert now[0] == new and old in now, (now_question, now)  # the old one below, still there
        before = ranked(ws, before_question)
        assert before[0] == old, (before_question, before)  # "before", "used to": the older one


def test_supersede_script_states_it_for_memories_already_remembered(ws):
    filler(ws)
    ids = {}
    for old_text, new_text, _now, _before in CHANGES[:2]:
        ids[old_text] = add(ws, old_text, "2024-05-01T10:00:00Z")
        ids[new_text] = add(ws, new_text, "2025-09-01T10:00:00Z")
    nurse, binder, qashqai, galaxy = (ids[CHANGES[0][0]], ids[CHANGES[0][1]], ids[CHANGES[1][0]],
                                      ids[CHANGES[1][1]])
    assert ranked(ws, "Where does the user work now?")[0] != binder  # nothing said yet: the reader reads no job
    before = ws.commits()
    out = ws.json("supersede.py", binder, nurse, now=NOW)
    assert out == {"id": binder, "supersedes": [nurse], "already": []}
    assert len(ws.commits()) == len(before) + 1 and ws.git("status", "--porcelain") == ""
    assert any(f"{binder} supersedes {nurse} (stated)" in line for line in ws.audit())
    message = ws.git("log", "-1", "--format=%B")
    assert "Actor: bot:supersede" in message and f"Memory-Id: {nurse}" in message
    assert ws.memory(nurse)["supersededHow"] == "stated" and ws.memory(nurse)["confidence"] == "stale"
    assert ws.memory(binder)["supersedes"] == [nurse]
    assert ranked(ws, "Where does the user work now?")[0] == binder
    assert ranked(ws, "Where did the user work before?")[0] == nurse
    # said again: nothing to change, no commit
    again = ws.run("supersede.py", binder, nurse, now=NOW)
    assert "already" in again.out and len(ws.commits()) == len(before) + 1
    ws.run("supersede.py", galaxy, qashqai, now=NOW)
    assert ranked(ws, "What car does the user drive?")[0] == galaxy


def test_supersede_script_refuses_in_one_line_and_writes_nothing(ws):
    first = ws.remember("I drive a Nissan Qashqai", now=NOW)
    second = ws.remember("Bye bye Qashqai, hello Galaxy", now=NOW)
    gone = ws.remember("Something forgotten", now=NOW)
    ws.run("forget.py", gone, now=NOW)
    before = ws.commits()
    for args, code in (((second, "mem_000000000000"), 2), (("mem_000000000000", first), 2), ((second, second), 1),
                       ((second, "not an id!"), 1), ((gone, first), 1), ((second,), 1),
                       ((second, first, "--actor", "researcher"), 1)):
        result = ws.run("supersede.py", *args, now=NOW, expect=code)
        assert result.err.strip() and result.err.strip().count("\n") == 0, result.err
    assert ws.commits() == before and ws.git("status", "--porcelain") == ""
    assert "supersededBy" not in ws.memory(first)


def test_a_chain_read_then_stated_ends_at_its_stated_member(ws):
    filler(ws)
    qashqai = add(ws, "I drive a Nissan Qashqai", "2024-03-01T10:00:00Z")
    octavia = add(ws, "I drive a Skoda Octavia now", "2025-02-01T10:00:00Z")
    assert ws.memory(qashqai)["supersededBy"] == octavia and ws.memory(qashqai)["supersededHow"] == "read"
    galaxy = add(ws, "Bye bye Octavia, hello Galaxy", "2025-09-01T10:00:00Z", supersedes=octavia)
    now = ranked(ws, "What car does the user drive?")
    assert now[0] == galaxy and {qashqai, octavia} <= set(now)
    assert ranked(ws, "What car did the user drive in 2024?")[0] == qashqai


def test_a_reading_never_moves_a_stated_link(ws):
    paris = add(ws, "I live in Paris", "2024-01-10T10:00:00Z")
    rome = add(ws, "I live in Rome", "2025-06-01T10:00:00Z", supersedes=paris)
    # an import of history: a move between the two, which the reader would put after Paris
    lyon = add(ws, "We moved to Lyon", "2024-09-01T10:00:00Z")
    assert ws.memory(paris)["supersededBy"] == rome and ws.memory(paris)["supersededHow"] == "stated"
    assert ws.memory(lyon)["supersededBy"] == rome and ws.memory(lyon)["supersededHow"] == "read"
    assert ranked(ws, "Where does the user live now?")[0] == rome


def test_a_statement_that_closes_a_loop_makes_the_new_memory_current(ws):
    first = ws.remember("My desk is by the window", now=NOW)
    second = ws.remember("Working from the corner desk", now=NOW)
    ws.run("supersede.py", second, first, now=NOW)
    ws.run("supersede.py", first, second, now=NOW)  # the agent says it the other way round after all
    assert "supersededBy" not in ws.memory(first) and ws.memory(first)["confidence"] == "observed"
    assert ws.memory(second)["supersededBy"] == first and ws.memory(second)["supersededHow"] == "stated"
    assert ws.memory(first)["supersedes"] == [second] and not ws.memory(second).get("supersedes")


def test_remember_offers_the_memories_a_new_one_may_update(ws):
    qashqai = ws.remember("I drive a Nissan Qashqai", now="2025-03-01T10:00:00Z")
    ws.remember("Deploy the app", "--title", "Deploy the app with the Qashqai", "--step", "Run tests",
                now="2025-03-01T10:00:00Z")
    stored = ws.json("remember.py", "Bye bye Qashqai, hello Galaxy", now="2025-05-01T10:00:00Z")
    offered = stored["candidates"]
    assert qashqai in [c["id"] for c in offered]
    assert set(offered[0]) == {"id", "content", "created"}
    entry = next(c for c in offered if c["id"] == qashqai)
    assert entry == {"id": qashqai, "content": "I drive a Nissan Qashqai", "created": "2025-03-01T10:00:00Z"}
    assert all(ws.memory(c["id"])["store"] != "procedural" for c in offered)  # a how-to is no value
    # the agent says so in one step; then it is offered no more (superseded)
    ws.run("supersede.py", stored["id"], qashqai, now="2025-05-01T10:00:00Z")
    later = ws.json("remember.py", "The Qashqai's logbook is in the drawer", now="2025-05-02T10:00:00Z")
    assert qashqai not in [c["id"] for c in later["candidates"]]
    # what the reader linked itself is in supersedes, not offered again
    paris = ws.remember("I live in Paris", now="2025-03-01T10:00:00Z")
    moved = ws.json("remember.py", "We moved to Lisbon", now="2025-05-01T10:00:00Z")
    assert moved["supersedes"] == [paris] and paris not in [c["id"] for c in moved["candidates"]]
    # at most three, and a repeat (reinforced) is offered nothing
    for n in range(5):
        ws.remember(f"Walked the dog Biscuit along canal path {n}", now="2025-03-01T10:00:00Z")
    many = ws.json("remember.py", "Biscuit loves the canal path", now="2025-05-01T10:00:00Z")
    assert 1 <= len(many["candidates"]) <= 3
    assert "candidates" not in ws.json("remember.py", "Biscuit loves the canal path", now="2025-05-01T10:00:00Z")
    # the text output names them too, with the command, their words defused (data, not structure)
    ws.remember("# Galaxy case notes <!-- end -->", now="2025-05-02T10:00:00Z")
    shown = ws.run("remember.py", "Sold the old Galaxy phone case", now="2025-05-03T10:00:00Z").out
    assert "supersede.py" in shown and stored["id"] in shown
    assert "\\# Galaxy case notes" in shown and "<!--" not in shown


def test_an_episode_is_offered_only_what_states_its_slot(ws):
    tyres = ws.remember("The Qashqai needs new tyres", now="2025-03-01T10:00:00Z")
    lunch = ws.remember("Lunch next to the Qashqai dealership", "--store", "episodic", now="2025-03-02T10:00:00Z")
    entry = ws.json("remember.py", "Washed the Qashqai", "--store", "episodic", now="2025-03-03T10:00:00Z")
    assert entry["candidates"] == []  # words alone offer an event nothing, and an event is offered by none
    fact = ws.json("remember.py", "Booked a Qashqai service", now="2025-03-04T10:00:00Z")
    assert tyres in [c["id"] for c in fact["candidates"]] and lunch not in [c["id"] for c in fact["candidates"]]
    # an episode the reader reads a value in is offered as the holder of that slot
    drove = ws.remember("Drove my Qashqai to the coast", "--store", "episodic", now="2025-03-05T10:00:00Z")
    assert ws.memory(drove)["store"] == "episodic"
    switched = ws.json("remember.py", "Bye bye Qashqai, hello Skoda Octavia", now="2025-03-06T10:00:00Z")
    assert drove in [c["id"] for c in switched["candidates"]] + (switched.get("supersedes") or [])


def test_a_word_in_most_memories_narrows_the_closest_words_query_and_offers_the_same(ws):
    """Step 3's full-text query (update_candidates._match): a word in more than COMMON_ROWS rows
    beside a rarer one makes the query ask for rows holding the rarer one (FTS5 scores every row
    an OR matches: ~100 ms of a remember at 100,000 memories): the rows that hold a rarer word, in
    the whole query's order, and not the rows that share only the common one; a text of common words
    alone asks as before."""
    from datetime import datetime, timezone

    from hippocampus.lifecycle import update_candidates
    from hippocampus.store.workspace import Workspace

    common = update_candidates.COMMON_ROWS + 50
    ws.run("remember.py", "--jsonl", "-", now=NOW, input="\n".join(
        json.dumps({"content": f"Watered the garden bed number {n} before work", "created": "2025-06-01T10:00:00Z",
                    "store": "semantic"}) for n in range(common)))
    qashqai = ws.remember("My garden shed holds the Qashqai's winter tyres", now="2025-03-01T10:00:00Z")
    text = "Bye bye Qashqai, the garden misses it"
    workspace = Workspace.open(ws.root, datetime(2026, 3, 11, 15, tzinfo=timezone.utc))
    cache = workspace._open_cache()
    whole = update_candidates._match(text)
    narrowed = update_candidates._match(text, cache)
    assert cache.rows_up_to('"garden"', update_candidates.COMMON_ROWS) == update_candidates.COMMON_ROWS + 1
    assert cache.rows_up_to('"qashqai"', update_candidates.COMMON_ROWS) == 1
    assert narrowed == f'("qashqai") AND ({whole})', narrowed  # ("bye", "misses": in no row, no narrowing)
    where = "AND mem.status IS NOT 'archived'"
    holding_rarer = set(cache.matching_ids('"qashqai"'))
    ranked_whole = [m["id"] for m, _ in cache.search(whole, where, [], 10 * common)]
    assert [m["id"] for m, _ in cache.search(narrowed, where, [], update_candidates.SCAN)] == \
        [i for i in ranked_whole if i in holding_rarer][:update_candidates.SCAN]  # the same order, less filler
    offered = ws.json("remember.py", text, now="2026-03-11T15:00:00Z")["candidates"]
    assert qashqai in [c["id"] for c in offered]
    # only words that common: the whole query, as before
    assert update_candidates._match("the garden before work", cache) == update_candidates._match("the garden before work")
    # a word no memory holds narrows nothing (the rows holding it: none)
    assert update_candidates._match("Zyxwvut garden", cache) == update_candidates._match("Zyxwvut garden")
    assert ws.json("remember.py", "Zyxwvut garden", now="2026-03-11T15:00:00Z")["candidates"]

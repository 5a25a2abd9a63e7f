"""A bulk import into daily logs (remember.py --jsonl, store episodic): many entries appended to one
day's log and many of them moved to its archive copy in one transaction give the logs a memory at a
time would (transaction.py joins appended entries when a log is next read, and moves a log's entries
in one reading: one at a time, a day of thousands of turns was quadratic)."""

import json
import random

from hippocampus.store import episodes


def lines(rows):
    return "".join(json.dumps(r) + "\n" for r in rows)


def entries_of(path):
    return [(e.memory_id, e.content) for e in episodes.parse(path.read_text(encoding="utf-8"))]


def test_one_import_writes_the_logs_one_call_a_memory_would(ws, tmp_path):
    rows = []
    for n in range(40):  # one day; every fifth says it replaces the one before it
        row = {"content": f"Turn {n}: the ferry schedule note number {n}\n\nsecond paragraph {n}",
               "created": f"2026-03-10T{8 + n // 6:02d}:{(n * 7) % 60:02d}:00Z", "store": "episodic",
               "episode": "s1", "source": f"t#{n}"}
        rows.append(row)
    out = ws.json("remember.py", "--jsonl", "-", now="2026-03-11T12:00:00Z", input=lines(rows))
    ids = out["ids"]
    # a second import states supersessions of several entries of that day at once: they move together
    changes = [{"content": f"Correction {k}: the ferry note {k} was wrong", "created": "2026-03-10T23:00:00Z",
                "store": "episodic", "supersedes": ids[k]} for k in range(0, 40, 5)]
    ws.json("remember.py", "--jsonl", "-", now="2026-03-11T12:00:00Z", input=lines(changes))
    index = {m["id"]: m for m in ws.index()["memories"]}
    moved = {ids[k] for k in range(0, 40, 5)}
    live_log = ws.store / "episodes" / "2026-03-10.md"
    kept = entries_of(live_log)
    assert [i for i, _ in kept if i in ids] == [i for i in ids if i not in moved]  # in their order, none lost
    archived = next(p for p in ws.side.rglob("2026-03-10.md"))
    assert [i for i, _ in entries_of(archived)] == [i for i in ids if i in moved]
    for memory_id, content in kept + entries_of(archived):
        assert content == index[memory_id]["content"]  # every entry whole
        assert index[memory_id]["file"] in (str(live_log.relative_to(ws.root)), str(archived.relative_to(ws.root)))
    assert ws.run("doctor.py").returncode == 0


def test_removing_entries_at_once_is_removing_them_one_by_one():
    rng = random.Random(7)
    for _trial in range(200):
        memories = [{"id": f"mem_{n:012x}", "created": f"2026-03-10T{n % 24:02d}:00:00Z",
                     "content": rng.choice(["one line", "two\nlines", "## looks like a heading", "a\n\nb"])}
                    for n in range(rng.randint(1, 12))]
        text = episodes.header("2026-03-10") + "".join(episodes.render_entry(m) for m in memories)
        chosen = {m["id"] for m in memories if rng.random() < 0.4} | {"mem_absent00000"}
        one_by_one = text
        for memory in memories:
            if memory["id"] in chosen:
                one_by_one = episodes.remove_entry(one_by_one, memory["id"])
        at_once, removed = episodes.remove_entries(text, chosen)
        assert at_once == one_by_one
        assert removed == chosen - {"mem_absent00000"}


def episode_documents(ws) -> dict[str, str]:
    import sqlite3
    db = sqlite3.connect(ws.cache / "search.sqlite")
    try:
        rows = db.execute("SELECT episode, content FROM episode_fts").fetchall()
        assert len(rows) == len({episode for episode, _ in rows}), "an episode has two documents"
        return dict(rows)
    finally:
        db.close()


def test_many_episodes_at_once_get_one_document_each(ws):
    """Past 16 episodes, a refresh reads episode_fts and the memories once each: every episode
    still has exactly one document, its live memories in order, after an import that starts them,
    one that adds to them all, and a rebuild of the cache from nothing."""
    first = [{"content": f"Session {e} opens with the word alpha{e}", "created": f"2026-03-0{1 + e % 9}T09:00:00Z",
              "episode": f"s{e}", "store": "episodic"} for e in range(24)]
    ws.json("remember.py", "--jsonl", "-", now="2026-03-20T12:00:00Z", input=lines(first))
    ws.json("recall.py", "alpha3", now="2026-03-20T12:00:00Z")  # the cache exists from here: the next import adds to it
    more = [{"content": f"Session {e} goes on with beta{e}", "created": f"2026-03-1{e % 9}T09:00:00Z",
             "episode": f"s{e}", "store": "episodic"} for e in range(24)]
    ws.json("remember.py", "--jsonl", "-", now="2026-03-20T12:00:00Z", input=lines(more))
    ws.json("recall.py", "beta3", now="2026-03-20T12:00:00Z")
    expected = {f"s{e}": f"session {e} opens with the word alpha{e} session {e} goes on with beta{e}"
                for e in range(24)}

    def normal(documents):
        return {k: " ".join(v.lower().split()) for k, v in documents.items()}
    assert normal(episode_documents(ws)) == expected
    (ws.cache / "search.sqlite").unlink()  # a fresh clone's first recall: built from nothing
    ws.json("recall.py", "alpha3", now="2026-03-20T12:00:00Z")
    assert normal(episode_documents(ws)) == expected

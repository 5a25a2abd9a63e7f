"""What the search cache kept from an earlier reading is reused only where it still holds the text it
read: a rebuild behind a copy or a merge, consolidation's supersession pass, a hand edit a reader saw
and a person put back (issue #44: the reuse that makes a copy's first recall and consolidation cheap)."""
from __future__ import annotations

import json
import shutil

NOW = "2026-03-11T15:00:00Z"


def add(ws, text: str, created: str) -> str:
    line = json.dumps({"content": text, "created": created})
    return ws.json("remember.py", "--jsonl", "-", input=line, now=NOW)["ids"][0]


def test_a_procedure_moved_by_hand_into_a_domain_folder_is_linked_by_consolidation(ws):
    (ws.store / "procedures").mkdir(parents=True, exist_ok=True)
    src = ws.store / "procedures" / "car.md"
    src.write_text("---\ncreated: 2024-01-01T09:00:00Z\n---\nMy car is a Honda Civic\n")
    new = add(ws, "Traded the Civic in, I drive a Tesla Model 3 now", "2025-05-01T09:00:00Z")
    old = next(m["id"] for m in json.loads((ws.store / "index.json").read_text())["memories"]
               if m["content"].startswith("My car"))
    assert ws.memory(old)["store"] == "procedural"
    dst = ws.store / "world" / "car.md"
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(src, dst)  # a person files it as a fact: the same words, store semantic now
    add(ws, "Lunch was a big salad today", "2025-06-01T09:00:00Z")  # a writer takes the move in
    assert ws.memory(old)["store"] == "semantic", ws.memory(old)
    assert "supersededBy" not in ws.memory(old)
    ws.run("consolidate.py", now=NOW)
    assert ws.memory(old).get("supersededBy") == new


def test_a_rebuild_reads_again_a_text_whose_keys_the_cache_never_wrote(ws):
    import sqlite3
    (ws.store / "procedures").mkdir(parents=True, exist_ok=True)
    src = ws.store / "procedures" / "car.md"
    src.write_text("---\ncreated: 2024-01-01T09:00:00Z\n---\nMy car is a Honda Civic\n")
    add(ws, "Lunch was a big salad today", "2025-05-01T09:00:00Z")
    old = next(m["id"] for m in json.loads((ws.store / "index.json").read_text())["memories"]
               if m["content"].startswith("My car"))
    dst = ws.store / "world" / "car.md"
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(src, dst)
    add(ws, "Dinner was soup", "2025-06-01T09:00:00Z")
    assert ws.memory(old)["store"] == "semantic"
    index = ws.store / "index.json"
    index.write_bytes(index.read_bytes())  # as a checkout or a copy leaves it: the cache is behind, rebuilt
    ws.run("recall.py", "car", now=NOW)
    db = sqlite3.connect(ws.cache / "search.sqlite")
    keys = [k for (k,) in db.execute("SELECT key FROM slot WHERE id = ?", (old,))]
    assert "user|car" in keys, keys


def test_consolidation_reads_a_text_a_reader_saw_edited_and_a_person_put_back(ws):
    old = add(ws, "My car is a Honda Civic", "2024-01-01T09:00:00Z")
    path = ws.root / ws.memory(old)["file"]
    original = path.read_bytes()
    path.write_bytes(original.replace(b"My car is a Honda Civic", b"The kettle whistles at dawn"))
    assert ws.json("recall.py", "kettle", now=NOW)["results"]  # a reader lays the edit over the cache
    path.write_bytes(original)  # the person thinks better of it: the file is as index.json says again
    new = add(ws, "Traded the Civic in, I drive a Tesla Model 3 now", "2025-05-01T09:00:00Z")
    ws.run("consolidate.py", now=NOW)
    assert ws.memory(old)["content"] == "My car is a Honda Civic"
    assert ws.memory(old).get("supersededBy") == new


def test_recall_after_a_hand_edit_put_back_shows_the_file(ws):
    old = add(ws, "My car is a Honda Civic", "2024-01-01T09:00:00Z")
    path = ws.root / ws.memory(old)["file"]
    original = path.read_bytes()
    path.write_bytes(original.replace(b"My car is a Honda Civic", b"The kettle whistles at dawn"))
    assert ws.json("recall.py", "kettle", now=NOW)["results"]
    path.write_bytes(original)
    add(ws, "Lunch was a big salad today", "2025-05-01T09:00:00Z")
    assert ws.json("recall.py", "kettle", now=NOW)["results"] == []


def _mark_keys_and_age(ws, memory_id: str, schema: str, readers: str | None) -> None:
    """The cache as an older version left it: its schema `schema`, its readers `readers` (None: not kept),
    and a key only a carried-over reading can hold."""
    import sqlite3
    db = sqlite3.connect(ws.cache / "search.sqlite")
    db.execute("INSERT INTO slot VALUES ('user|carried-marker', ?)", (memory_id,))
    db.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (schema,))
    db.execute("DELETE FROM meta WHERE key = 'readers'")
    if readers is not None:
        db.execute("INSERT INTO meta VALUES ('readers', ?)", (readers,))
    db.commit()
    db.close()


def _keys(ws, memory_id: str) -> list[str]:
    import sqlite3
    db = sqlite3.connect(ws.cache / "search.sqlite")
    try:
        return [k for (k,) in db.execute("SELECT key FROM slot WHERE id = ?", (memory_id,))]
    finally:
        db.close()


def test_an_upgrade_of_the_schema_keeps_what_the_same_readers_read(ws):
    """A new schema (new columns) with the same readers: the rebuild takes the keys the rows read over
    (not reading 100,000 memories again); the tables are the new schema's."""
    import sqlite3
    from hippocampus.store.search_cache import READERS_VERSION, SCHEMA_VERSION
    memory_id = add(ws, "My car is a Honda Civic", "2024-01-01T09:00:00Z")
    ws.run("recall.py", "car", now=NOW)
    assert "user|car" in _keys(ws, memory_id)
    other = add(ws, "Lunch was a big salad today", "2024-02-01T09:00:00Z")
    _mark_keys_and_age(ws, memory_id, "17", None)  # a cache of schema 17: readers as today's, not said
    path = ws.root / ws.memory(other)["file"]
    path.write_text(path.read_text().replace("a big salad", "a bowl of ramen"))  # a hand edit meanwhile
    found = ws.json("recall.py", "ramen", now=NOW)["results"]
    assert [r["id"] for r in found] == [other] and "ramen" in found[0]["content"]  # the stat manifest kept sees it
    assert "user|carried-marker" in _keys(ws, memory_id) and "user|car" in _keys(ws, memory_id)
    db = sqlite3.connect(ws.cache / "search.sqlite")
    assert dict(db.execute("SELECT key, value FROM meta WHERE key IN ('schema', 'readers')")) == \
        {"schema": SCHEMA_VERSION, "readers": READERS_VERSION}
    assert "good" in [row[1] for row in db.execute("PRAGMA table_info(mem)")]


def test_an_upgrade_with_other_readers_reads_every_memory_again(ws):
    memory_id = add(ws, "My car is a Honda Civic", "2024-01-01T09:00:00Z")
    ws.run("recall.py", "car", now=NOW)
    _mark_keys_and_age(ws, memory_id, "16", None)  # schema 16: readers of its own
    ws.run("recall.py", "car", now=NOW)
    assert _keys(ws, memory_id) == ["user|car"] or "user|carried-marker" not in _keys(ws, memory_id)
    _mark_keys_and_age(ws, memory_id, "17", "readers-of-another-day")
    ws.run("recall.py", "car", now=NOW)
    assert "user|carried-marker" not in _keys(ws, memory_id) and "user|car" in _keys(ws, memory_id)

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

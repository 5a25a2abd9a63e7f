"""Decay changes only importance and status (Transaction.set_state): each
memory's line in index.json is changed where it stands, and its search-cache
row only in those columns. What it leaves must be what writing everything
anew leaves: lines in our order, byte for byte, and a cache a rebuild would
make. A memory also edited by hand in the same change is written whole."""

import json
import shutil
import sqlite3

from hippocampus.base.model import ordered

TEXTS = ['The user said "importance": 0.9 about the plan', 'Quote \\" and backslash \\\\ here',
         "Fête à Zürich, ünïcödé \u2028 line separator", 'A ", "status": "core" trick in words',
         "Prefers tea over coffee", "Works at the harbour office"]


def _lines(ws) -> list[bytes]:
    data = (ws.store / "index.json").read_bytes()
    start = data.index(b'"memories": [\n') + len(b'"memories": [\n')
    return data[start:data.rindex(b"\n]\n}")].split(b",\n")


def _rows(path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT id, status, (SELECT importance FROM weight WHERE weight.rowid = mem.rowid), "
                          "base, last, content, keywords, file FROM mem ORDER BY id").fetchall()
    finally:
        db.close()


def test_a_day_of_decay_leaves_what_writing_everything_anew_would(ws, tmp_path):
    ids = [ws.remember(text, *(["--pin"] if n == 4 else []), now=f"2026-01-0{n + 1}T10:00:00Z")
           for n, text in enumerate(TEXTS)]
    before = {m["id"]: m for m in ws.index()["memories"]}
    edited = next(p for p in ws.store.rglob("*.md") if ids[5] in p.name)
    edited.write_text(edited.read_text(encoding="utf-8").replace("harbour office", "harbour office, Tuesdays"),
                      encoding="utf-8")  # a hand edit the day's full look takes into the same change
    report = ws.json("decay.py", now="2026-03-01T03:00:00Z")
    assert report["changed"] >= 5
    after = {m["id"]: m for m in ws.index()["memories"]}
    for line in _lines(ws):  # every line as a new dump writes it
        assert line == json.dumps(ordered(json.loads(line)), ensure_ascii=False).encode("utf-8")
    for memory_id in ids[:4]:  # fewer points, nothing else changed
        assert after[memory_id]["importance"] < before[memory_id]["importance"]
        assert {k: v for k, v in after[memory_id].items() if k not in ("importance", "status")} == \
            {k: v for k, v in before[memory_id].items() if k not in ("importance", "status")}
    assert after[ids[3]]["status"] != before[ids[3]]["status"] or after[ids[3]]["importance"] < 0.4
    assert "Tuesdays" in after[ids[5]]["content"] and after[ids[5]]["importance"] < before[ids[5]]["importance"]
    assert after[ids[4]]["importance"] == before[ids[4]]["importance"]  # pinned: never fades
    decayed = _rows(ws.cache / "search.sqlite")
    copy = tmp_path / "rebuilt"
    shutil.copytree(ws.root, copy, symlinks=True)
    shutil.rmtree(copy / ws.cache.relative_to(ws.root))
    ws.__class__(copy).run("recall.py", "harbour", now="2026-03-01T04:00:00Z")  # builds the cache anew
    assert decayed == _rows(copy / ws.cache.relative_to(ws.root) / "search.sqlite")
    assert any("Tuesdays" in row[5] for row in decayed)

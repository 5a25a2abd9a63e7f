"""A large rebuild of the search cache (a fresh clone, a copy) drops the row tables' indexes,
puts the rows in, and makes the indexes again, all in one transaction: what it leaves is the
schema's, and a rebuild that fails part-way leaves the cache as it was."""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from hippocampus.store.search_cache import BULK_REBUILD_FROM, SearchCache  # noqa: E402


def memories(count: int, word: str) -> list[dict]:
    return [{"id": f"mem_{n:012x}", "domain": "user", "category": "facts", "store": "episodic",
             "content": f"{word} number {n} went to the market", "importance": 0.5, "baseImportance": 0.5,
             "created": f"2026-03-{1 + n % 28:02d}T10:00:00Z", "lastAccessed": "2026-03-10T10:00:00Z",
             "status": "active", "keywords": [word], "episode": f"2026-03-{1 + n % 28:02d}",
             "file": f"memory/episodes/2026-03-{1 + n % 28:02d}.md"} for n in range(count)]


def schema(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return sorted(db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        db.close()


def test_a_large_rebuild_leaves_the_schemas_indexes_and_finds_by_each(tmp_path):
    fresh = SearchCache.open(tmp_path / "fresh.sqlite")
    fresh.db.close()
    cache = SearchCache.open(tmp_path / "search.sqlite")
    cache.rebuild(memories(BULK_REBUILD_FROM, "parrot"), "state-1")
    assert schema(tmp_path / "search.sqlite") == schema(tmp_path / "fresh.sqlite")
    plan = " ".join(str(tuple(r)) for r in cache.db.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM mem WHERE file = ?", ("memory/episodes/2026-03-02.md",)))
    assert "mem_file" in plan
    assert cache.db.execute("SELECT count(*) FROM mem WHERE episode = '2026-03-02'").fetchone()[0] > 100
    assert cache.db.execute("SELECT count(*) FROM fts WHERE fts MATCH 'parrot'").fetchone()[0] == BULK_REBUILD_FROM
    assert cache.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert cache.db.execute("PRAGMA cache_size").fetchone()[0] == -2000


def test_a_large_rebuild_that_fails_part_way_leaves_the_cache_as_it_was(tmp_path):
    cache = SearchCache.open(tmp_path / "search.sqlite")
    cache.rebuild(memories(BULK_REBUILD_FROM, "parrot"), "state-1")
    before = schema(tmp_path / "search.sqlite")
    broken = memories(BULK_REBUILD_FROM, "falcon")
    del broken[-1]["id"]  # the last row cannot be made: the rows and the indexes go back
    with pytest.raises(KeyError):
        cache.rebuild(broken, "state-2")
    assert schema(tmp_path / "search.sqlite") == before
    assert cache.meta("index_state") == "state-1"
    assert cache.db.execute("SELECT count(*) FROM fts WHERE fts MATCH 'parrot'").fetchone()[0] == BULK_REBUILD_FROM
    assert cache.db.execute("SELECT count(*) FROM fts WHERE fts MATCH 'falcon'").fetchone()[0] == 0

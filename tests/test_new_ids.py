"""A new memory's id is no other memory's (lifecycle/remember.py): asked of the search cache when it
is of index.json as it stands (an indexed look, not a search through index.json's megabytes), of
index.json itself otherwise, archived memories included."""

import os
from datetime import datetime, timezone

import pytest

from hippocampus.lifecycle import remember as remember_module
from hippocampus.lifecycle.remember import remember_committed
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 11, 15, tzinfo=timezone.utc)
FRESH = "mem_0123456789ab"


def _drawing(monkeypatch, *ids: str) -> list[str]:
    """new_id gives `ids` in turn; what it gave."""
    given, queue = [], list(ids)

    def drawn() -> str:
        given.append(queue.pop(0))
        return given[-1]
    monkeypatch.setattr(remember_module, "new_id", drawn)
    return given


@pytest.mark.parametrize("cache", ["of this index", "caught up after a touch", "unreadable"])
def test_an_id_drawn_twice_is_drawn_again_whoever_is_asked(ws, monkeypatch, cache):
    kept = ws.remember("User prefers green tea")
    forgotten = ws.remember("User owns a blue kayak")
    ws.run("forget.py", forgotten)  # archived: its id is still taken
    ws.json("recall.py", "tea")  # (the cache brought level with the index)
    if cache == "caught up after a touch":  # the writer brings the cache level first, then asks it
        index = ws.store / "index.json"
        st = index.stat()
        os.utime(index, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    if cache == "unreadable":  # no cache to ask: index.json is
        for path in (ws.root / "hippocampus" / ".cache").iterdir():
            if path.is_file():
                path.write_bytes(b"not a database " * 100)
    given = _drawing(monkeypatch, kept, forgotten, FRESH)
    workspace = Workspace.open(ws.root, NOW)
    result, _memory = remember_committed(workspace, "User walks to work on Mondays")
    assert given == [kept, forgotten, FRESH] and result["id"] == FRESH
    ids = [m["id"] for m in ws.index()["memories"]]
    assert len(ids) == len(set(ids)) == 3 and ws.memory(kept)["content"] == "User prefers green tea"
    assert ws.git("status", "--porcelain") == ""


def test_an_id_new_in_the_same_change_is_taken_too(ws, monkeypatch):
    """A bulk import's second memory never takes the first's id (the cache knows neither yet)."""
    ws.remember("User prefers green tea")
    ws.json("recall.py", "tea")
    given = _drawing(monkeypatch, FRESH, FRESH, "mem_ba9876543210")
    workspace = Workspace.open(ws.root, NOW)
    with workspace.transaction("bot:remember", "remember") as tx:
        first = remember_module.remember_one(tx, "User walks to work on Mondays")
        second = remember_module.remember_one(tx, "User cycles home on Fridays")
    assert (first["id"], second["id"]) == (FRESH, "mem_ba9876543210") and len(given) == 3
    assert len({m["id"] for m in ws.index()["memories"]}) == 3

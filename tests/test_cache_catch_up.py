"""The search cache brought level with an index.json that changed outside (a sync's merge or
fast-forward, an undo, a hand edit): only the rows that differ are written (SearchCache.catch_up),
and what it leaves is what a rebuild from nothing leaves, row for row, for every kind of change."""
from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from conftest import Workspace, in_library  # noqa: E402
from hippocampus.store.search_cache import COLUMNS, SearchCache  # noqa: E402

T0 = "2026-03-11T09:00:00Z"
T1 = "2026-03-11T10:00:00Z"
WORDS = ["harbour", "violin", "lease", "porto", "billing", "parrot", "lantern", "orchard", "ferry", "cedar"]


def memories(count: int, rng: random.Random) -> list[dict]:
    found = []
    for n in range(count):
        words = rng.sample(WORDS, 3)
        memory = {"id": f"mem_{n:012x}", "domain": rng.choice(["user", "world"]), "category": "facts",
                  "store": rng.choice(["semantic", "episodic", "episodic", "procedural"]),
                  "content": f"The {words[0]} and the {words[1]} met by the {words[2]} ({n})",
                  "importance": round(rng.random(), 4), "baseImportance": 0.5,
                  "created": f"2026-03-{1 + n % 9:02d}T10:00:00Z", "lastAccessed": "2026-03-10T10:00:00Z",
                  "status": "active", "keywords": words[:2], "timesReinforced": 0,
                  "file": f"memory/world/m{n}.md"}
        if memory["store"] == "episodic":
            memory["episode"] = f"2026-03-{1 + n % 4:02d}"
        found.append(memory)
    return found


def changed(before: list[dict], rng: random.Random) -> list[dict]:
    """Another version of `before`: every kind of change a merge, an undo or a hand edit makes."""
    after = copy.deepcopy(before)
    for memory in rng.sample(after, len(after) // 3):
        kind = rng.choice(["content", "importance", "status", "archived", "episode", "keywords", "store",
                           "reinforced", "superseded", "outcome", "unarchived"])
        if kind == "content":
            memory["content"] += f" and then the {rng.choice(WORDS)}"
        elif kind == "importance":
            memory["importance"] = round(rng.random(), 4)
        elif kind == "status":
            memory["status"] = rng.choice(["core", "background", "archive-candidate"])
        elif kind == "archived":
            memory["status"] = "archived"
        elif kind == "unarchived":
            memory["status"] = "archived" if memory["status"] != "archived" else "active"
        elif kind == "episode":
            memory["episode"] = rng.choice([None, "2026-03-01", "2026-04-02"])
            if memory["episode"] is None:
                del memory["episode"]
        elif kind == "keywords":
            memory["keywords"] = rng.sample(WORDS, 2)
        elif kind == "store":
            memory["store"] = rng.choice(["semantic", "procedural"])
        elif kind == "reinforced":
            memory["timesReinforced"] += 1
            memory["lastAccessed"] = "2026-03-11T10:00:00Z"
        elif kind == "superseded":
            memory["supersededBy"] = rng.choice(after)["id"]
        else:
            memory["outcomeGood"] = 2
    for memory in rng.sample(after, len(after) // 10):
        after.remove(memory)
    start = len(before)
    after += memories(start + len(before) // 5, rng)[start:]  # new ones
    rng.shuffle(after)
    return after


def logical(cache: SearchCache) -> dict:
    """What the cache says, by memory id (rowids left out: a rebuild numbers them anew)."""
    db = cache.db
    assert db.execute("SELECT COUNT(*) FROM fts").fetchone()[0] == db.execute("SELECT COUNT(*) FROM mem").fetchone()[0]
    assert db.execute("SELECT COUNT(*) FROM weight WHERE rowid NOT IN (SELECT rowid FROM mem)").fetchone()[0] == 0
    db.execute("INSERT INTO fts(fts) VALUES('integrity-check')")
    db.execute("INSERT INTO episode_fts(episode_fts) VALUES('integrity-check')")
    return {
        "mem": sorted(tuple(row) for row in db.execute(f"SELECT {', '.join(COLUMNS)} FROM mem")),
        "weight": sorted(tuple(row) for row in db.execute(
            "SELECT mem.id, weight.importance FROM mem JOIN weight ON weight.rowid = mem.rowid")),
        "fts": sorted(tuple(row) for row in db.execute(
            "SELECT mem.id, fts.content, fts.keywords FROM fts JOIN mem ON fts.rowid = mem.rowid")),
        "found": {word: sorted(row[0] for row in db.execute(
            "SELECT mem.id FROM fts JOIN mem ON fts.rowid = mem.rowid WHERE fts MATCH ?", (word,)))
            for word in WORDS},
        "slot": sorted(tuple(row) for row in db.execute("SELECT key, id FROM slot")),
        # (an episode's memories of one time in the order of their rows, as every write leaves them: a
        # document's words, not their order, are what its BM25 reads)
        "episodes": sorted((row[0], sorted(row[1].split("\n")))
                           for row in db.execute("SELECT episode, content FROM episode_fts")),
        "meta": {key: cache.meta(key) for key in ("index_state", "files_print", "files_look", "index_files_print")},
        "files": cache.manifest(),
    }


@pytest.mark.parametrize("seed", range(6))
def test_caught_up_rows_are_a_rebuilds(tmp_path, seed):
    rng = random.Random(seed)
    before = memories(60, rng)
    after = changed(before, rng)
    cache = SearchCache.open(tmp_path / "caught.sqlite")
    cache.rebuild(before, "state-1", {"memory/world/m1.md": (1, 2, 3, "h", "2026")})
    cache.upsert([], files_print="print", index_files_print=True, files_look="look")
    assert cache.follows_an_index()
    written = cache.catch_up(iter(after), "state-2")
    rebuilt = SearchCache.open(tmp_path / "rebuilt.sqlite")
    rebuilt.rebuild(after, "state-2", {"memory/world/m1.md": (1, 2, 3, "h", "2026")})
    assert logical(cache) == logical(rebuilt)
    ids_before, ids_after = {m["id"]: m for m in before}, {m["id"]: m for m in after}
    differing = sum(ids_before.get(i) != m for i, m in ids_after.items()) + len(set(ids_before) - set(ids_after))
    assert written == differing  # what is unchanged is not written again
    assert cache.catch_up(iter(after), "state-3") == 0


def test_a_catch_up_that_fails_leaves_the_rows_as_they_were(tmp_path):
    rng = random.Random(7)
    before = memories(30, rng)
    cache = SearchCache.open(tmp_path / "search.sqlite")
    cache.rebuild(before, "state-1")
    was = logical(cache)

    def broken():
        yield from changed(before, rng)[:10]
        raise OSError("the file went away")

    with pytest.raises(OSError):
        cache.catch_up(broken(), "state-2")
    assert logical(cache) == was and not cache.db.in_transaction


def test_an_upgraded_or_new_cache_is_rebuilt_not_caught_up(tmp_path):
    cache = SearchCache.open(tmp_path / "search.sqlite")
    assert not cache.follows_an_index()
    cache.rebuild(memories(5, random.Random(1)), "state-1")
    assert cache.follows_an_index()
    cache.set_meta("index_state", "upgraded")
    assert not cache.follows_an_index()


def rows_by_id(ws: Workspace) -> tuple[dict, dict]:
    cache = SearchCache.open(ws.cache / "search.sqlite")
    try:
        return {row[0]: row[1] for row in cache.db.execute("SELECT id, rowid FROM mem")}, logical(cache)
    finally:
        cache.close()


def rebuilt(ws: Workspace, now: str) -> dict:
    (ws.cache / "search.sqlite").unlink()
    ws.run("recall.py", "--json", "harbour", now=now)
    cache = SearchCache.open(ws.cache / "search.sqlite")
    try:
        return logical(cache)
    finally:
        cache.close()


def without_looks(state: dict) -> dict:
    """A state without the files' prints and manifest (a first build from nothing takes them itself)."""
    return {key: value for key, value in state.items() if key not in ("meta", "files")}


def two_machines(tmp_path: Path) -> tuple[Workspace, Workspace, list[str]]:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    a = Workspace(tmp_path / "a")
    a.run("init.py", "--workspace", str(a.root), "--remote", str(remote), now=T0)
    ids = [a.remember(f"The {word} story number {n} happened at the office", "--domain", "world", now=T0)
           for n, word in enumerate(WORDS)]
    ids.append(a.remember("Visited the harbour with Lin", "--store", "episodic", now=T0))
    a.run("sync.py", now=T0)
    b = Workspace(tmp_path / "b")
    b.run("init.py", "--workspace", str(b.root), "--remote", str(remote), now=T0)
    return a, b, ids


@pytest.mark.parametrize("a_wrote_too", [False, True], ids=["fast-forward", "merge"])
def test_a_sync_brings_the_cache_level_by_what_came_in(tmp_path, a_wrote_too):
    a, b, ids = two_machines(tmp_path)
    a.run("recall.py", "--json", "harbour", now=T0)
    renewed = ids[0]  # its row written anew by a later write (a rebuild would number it anew)
    path = a.root / a.memory(renewed)["file"]
    path.write_text(path.read_text(encoding="utf-8").replace("story number 0", "story number zero"),
                    encoding="utf-8")
    a.remember("Bought a ferry ticket to Porto", "--domain", "user", now=T0)
    before, _ = rows_by_id(a)
    b.remember("The violin lessons moved to Thursday", "--domain", "user", now=T1)
    b.remember("Met Lin at the orchard", "--store", "episodic", now=T1)
    b.run("reinforce.py", ids[3], now=T1)
    b.run("forget.py", ids[4], now=T1)
    b.run("sync.py", now=T1)
    if a_wrote_too:
        a.remember("The lantern festival is in May", "--domain", "world", now=T1)
        before, _ = rows_by_id(a)
    a.run("sync.py", now=T1)
    a.run("recall.py", "--json", "violin", now=T1)
    after, state = rows_by_id(a)
    untouched = [i for i in ids if i not in (ids[3], ids[4])]
    assert {i: after[i] for i in untouched} == {i: before[i] for i in untouched}
    assert after[renewed] != untouched.index(renewed) + 1  # (not the number a rebuild gives it)
    assert len(after) == len(before) + 2
    assert without_looks(state) == without_looks(rebuilt(a, T1))


def test_an_index_edited_by_hand_is_caught_up_by_the_next_reader(tmp_path):
    a, _b, ids = two_machines(tmp_path)
    a.run("recall.py", "--json", "harbour", now=T0)
    path = a.store / "index.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    for memory in document["memories"]:
        if memory["id"] == ids[2]:
            memory["importance"] = 0.93
        if memory["id"] == ids[5]:
            memory["keywords"] = ["festival"]
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    found = a.json("recall.py", "festival", now=T1)
    assert ids[5] in [hit["id"] for hit in found["results"]]
    _, state = rows_by_id(a)
    assert without_looks(state) == without_looks(rebuilt(a, T1))


def test_a_writer_after_an_outside_change_catches_the_cache_up_first_and_finds_a_duplicate_there(tmp_path):
    a, _b, ids = two_machines(tmp_path)
    a.run("recall.py", "--json", "harbour", now=T0)
    renewed = ids[1]
    path = a.root / a.memory(renewed)["file"]
    path.write_text(path.read_text(encoding="utf-8").replace("story number 1", "story number one"),
                    encoding="utf-8")
    a.remember("Bought a ferry ticket to Porto", "--domain", "user", now=T0)
    before, _ = rows_by_id(a)
    index = a.store / "index.json"
    document = json.loads(index.read_text(encoding="utf-8"))
    for memory in document["memories"]:
        if memory["id"] == ids[2]:
            memory["importance"] = 0.91
    index.write_text(json.dumps(document, indent=1), encoding="utf-8")  # (not our layout: read whole)
    said_again = a.json("remember.py", "The lease story number 2 happened at the office", "--domain", "world",
                        now=T1)
    assert said_again["id"] == ids[2] and said_again["action"] == "reinforced"
    after, state = rows_by_id(a)
    assert {i: after[i] for i in ids if i != ids[2]} == {i: before[i] for i in ids if i != ids[2]}
    assert without_looks(state) == without_looks(rebuilt(a, T1))


WRITER_LOOKS = """
import json, sys
from datetime import datetime, timezone
from pathlib import Path
from hippocampus.store.workspace import Workspace
ws = Workspace.open(Path(sys.argv[1]), datetime(2026, 3, 11, 10, tzinfo=timezone.utc))
with ws.transaction("main", "remember", "a look") as tx:
    print(json.dumps({"cache": tx._cache_matches_index(), "state": ws._open_cache().meta("index_state")}))
"""


def test_the_writer_reads_a_caught_up_cache_not_every_memory(tmp_path):
    """Its duplicate check asks the cache (a stale one: every memory's text folded)."""
    a, _b, _ids = two_machines(tmp_path)
    a.run("recall.py", "--json", "harbour", now=T0)
    index = a.store / "index.json"
    index.write_text(index.read_text(encoding="utf-8").replace('"importance": ', '"importance":  ', 1),
                     encoding="utf-8")
    looked = in_library(WRITER_LOOKS, str(a.root))
    assert looked["cache"] is True and looked["state"].split(":")[0] == str(index.stat().st_size)

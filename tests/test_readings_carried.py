"""The keys a memory's text reads as travel in index.json (store/readings.py): a fresh clone's
first recall takes them from there instead of reading every text again (issue #44: at 100,000
memories that reading was ~35 s of the clone's first recall), and never takes keys that are not
for the text beside them."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import zlib

from conftest import PERSON, Workspace, in_library, person_git

NOW = "2026-03-11T15:00:00Z"
PRINT = "from hippocampus.store.readings import print_of; import json, sys; " \
        "print(json.dumps(print_of(sys.argv[1], json.loads(sys.argv[2]))))"


def _keys(ws: Workspace, memory_id: str) -> list[str]:
    db = sqlite3.connect(ws.cache / "search.sqlite")
    try:
        return sorted(k for (k,) in db.execute("SELECT key FROM slot WHERE id = ?", (memory_id,)))
    finally:
        db.close()


def _rewrite_entry(ws: Workspace, memory_id: str, **fields) -> None:
    """Change one entry of index.json as a person with an editor would, and commit it."""
    path = ws.store / "index.json"
    index = json.loads(path.read_text())
    for memory in index["memories"]:
        if memory["id"] == memory_id:
            memory.update(fields)
    path.write_text(json.dumps(index, indent=1))
    person_git("commit", "-q", "-m", "by hand", "--", str(path.relative_to(ws.root)), cwd=ws.root)


def _as_from_before(ws: Workspace) -> None:
    """index.json as a version before readings.py wrote it, committed."""
    path = ws.store / "index.json"
    index = json.loads(path.read_text())
    for memory in index["memories"]:
        memory.pop("read", None)
        memory.pop("readings", None)
    path.write_text(json.dumps(index, indent=1))
    person_git("commit", "-q", "-m", "as an older version wrote it", "--", str(path.relative_to(ws.root)),
               cwd=ws.root)


def _clone(ws: Workspace, tmp_path) -> Workspace:
    target = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--", str(ws.root), str(target)], check=True, capture_output=True,
                   env={**PERSON})
    return Workspace(target)


def test_a_memory_carries_the_keys_its_text_reads_as(ws):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    salad = ws.remember("Lunch was a big salad today", now=NOW)
    entry = ws.memory(car)
    assert "user|car" in entry["readings"] and entry["read"]
    assert entry["read"] == in_library(PRINT, entry["content"], json.dumps(entry["readings"]))
    assert "readings" not in ws.memory(salad) and ws.memory(salad)["read"]  # read, and nothing found


def test_a_fresh_clone_takes_the_keys_from_index_json(ws, tmp_path):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    content = ws.memory(car)["content"]
    marked = ["user|car", "user|carried-marker"]  # a key no reader makes: seen only if carried
    _rewrite_entry(ws, car, readings=marked, read=in_library(PRINT, content, json.dumps(marked)))
    clone = _clone(ws, tmp_path)
    assert clone.json("recall.py", "car", now=NOW)["results"]
    assert _keys(clone, car) == sorted(marked)


def test_keys_not_for_the_text_beside_them_are_read_again(ws, tmp_path):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    marked = ["user|car", "user|carried-marker"]
    # the print of another text (a merge that took the keys from one side and the text from the other),
    # of other keys, or of another readers' version: all read the text again
    forged = [in_library(PRINT, "My bike is a Brompton", json.dumps(marked)),
              in_library(PRINT, ws.memory(car)["content"], json.dumps(["user|car"])),
              "0:" + in_library(PRINT, ws.memory(car)["content"], json.dumps(marked)).split(":")[1]]
    for number, read in enumerate(forged):
        _rewrite_entry(ws, car, readings=marked, read=read)
        clone = _clone(ws, tmp_path / str(number))
        clone.run("recall.py", "car", now=NOW)
        assert _keys(clone, car) == ["user|car"], read


def test_keys_of_an_odd_shape_are_read_again(ws, tmp_path):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    content = ws.memory(car)["content"]
    for number, readings in enumerate([["x" * 201], [""], ["k"] * 65]):
        _rewrite_entry(ws, car, readings=readings, read=in_library(PRINT, content, json.dumps(readings)))
        clone = _clone(ws, tmp_path / str(number))
        clone.run("recall.py", "car", now=NOW)
        assert _keys(clone, car) == ["user|car"]


def test_a_hand_edit_of_the_text_is_read_again_and_its_keys_written(ws):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    path = ws.root / ws.memory(car)["file"]
    path.write_text(path.read_text().replace("My car is a Honda Civic", "Lunch was a big salad today"))
    ws.remember("The weather was fine", now=NOW)  # a writer commits the edit
    entry = ws.memory(car)
    assert "salad" in entry["content"] and "readings" not in entry
    assert entry["read"] == in_library(PRINT, entry["content"], "[]")


def test_a_purged_memory_keeps_no_keys_of_its_words(ws):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    assert ws.memory(car)["readings"]
    ws.run("forget.py", car, "--purge", now=NOW)
    entry = ws.memory(car)
    assert "readings" not in entry and entry.get("read") in (None, in_library(PRINT, entry["content"], "[]"))
    assert "Civic" not in (ws.store / "index.json").read_text()


def test_a_store_from_before_gets_its_keys_from_the_cache_not_read_again(ws):
    """A store written before index.json carried readings: the first writer that touches every
    memory (decay) gives each the keys the search cache read, without reading the texts again."""
    car = ws.remember("My car is a Honda Civic", now=NOW)
    _as_from_before(ws)
    ws.run("recall.py", "car", now=NOW)  # the cache, level with it again, keeps the keys it read
    db = sqlite3.connect(ws.cache / "search.sqlite")
    with db:
        db.execute("INSERT INTO slot(key, id) VALUES ('user|cached-marker', ?)", (car,))  # no reader makes it
    db.close()
    ws.run("decay.py", now="2026-04-20T15:00:00Z")
    entry = ws.memory(car)
    assert sorted(entry["readings"]) == ["user|cached-marker", "user|car"]
    assert entry["read"] == in_library(PRINT, entry["content"], json.dumps(entry["readings"]))


def test_decay_makes_a_print_of_other_readers_anew_and_leaves_a_text_changed_by_hand_to_its_readers(ws, tmp_path):
    """Decay changes importance and status alone and does not hash every text again for it
    (Transaction._commit): a print of other readers (a readers' version from before) is still
    made anew, and a text changed by hand in index.json, whose print no longer matches it, is read
    again by whoever builds a cache from it (a clone), never taken with the old text's keys."""
    car = ws.remember("My car is a Honda Civic", now=NOW)
    boat = ws.remember("My boat is called Wavedancer", now=NOW)
    _rewrite_entry(ws, car, read="16.none:00000000")  # a print of readers from before
    _rewrite_entry(ws, boat, content="My car is a Tesla Model 3")  # its print is of the old text
    ws.remember("Lunch was a big salad today", now=NOW)  # index.json in our layout again, those lines as they are
    assert ws.memory(car)["read"] == "16.none:00000000"
    ws.run("decay.py", now="2026-04-20T15:00:00Z")
    entry = ws.memory(car)
    assert entry["read"] == in_library(PRINT, entry["content"], json.dumps(entry.get("readings", [])))
    assert "user|car" in entry["readings"]
    clone = _clone(ws, tmp_path)
    clone.run("recall.py", "car", now="2026-04-20T16:00:00Z")
    assert "user|car" in _keys(clone, boat) and "user|boat" not in _keys(clone, boat)


def test_the_model_digest_is_the_shipped_models():
    """A new slot_model.bin changes every print only if MODEL_DIGEST says what it is."""
    import hashlib
    from conftest import SCRIPTS
    data = (SCRIPTS / "hippocampus" / "text" / "slot_model.bin").read_bytes()
    said = in_library("from hippocampus.store.readings import MODEL_DIGEST, MODEL_SIZE; import json; "
                      "print(json.dumps([MODEL_DIGEST, MODEL_SIZE]))")
    assert said == [hashlib.sha256(data).hexdigest()[:12], len(data)]


# From a hostile or a different machine: never a stop, never trusted where other readers read them
# (a hostile review of this change, 2026-12-05).

def _print(content: str, keys: list[str]) -> str:
    """A print as a forger makes one: readings.print_of's form, over bytes even a lone surrogate gives."""
    tag = in_library("from hippocampus.store.readings import _readers_tag; import json; print(json.dumps(_readers_tag()))")
    return f"{tag}:{zlib.crc32(chr(0).join([content, *keys]).encode('utf-8', 'surrogatepass')):08x}"


def test_a_key_with_a_lone_surrogate_never_stops_a_fresh_clones_recall(ws, tmp_path):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    content = ws.memory(car)["content"]
    forged = ["user|car", "user|\udc80"]
    _rewrite_entry(ws, car, readings=forged, read=_print(content, forged))
    clone = _clone(ws, tmp_path)
    result = clone.run("recall.py", "--json", "car", now=NOW, expect=None)
    assert result.returncode == 0 and "Traceback" not in result.err, result.err
    assert json.loads(result.out)["results"]


def test_a_remotes_key_with_a_lone_surrogate_never_stops_a_recall_that_rebuilds(tmp_path):
    """The same through a sync: incoming.py lets the forged readings in (it refuses only an index no
    script could use); the next rebuild of the search cache (a derived file, removable at any time)
    stops every recall."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    a = Workspace(tmp_path / "a")
    a.run("init.py", "--workspace", str(a.root), "--remote", str(remote), now=NOW)
    car = a.remember("My car is a Honda Civic", now=NOW)
    a.run("sync.py", now=NOW)
    b = Workspace(tmp_path / "b")
    b.run("init.py", "--workspace", str(b.root), "--remote", str(remote), now=NOW)
    subprocess.run(["git", "clone", "-q", "--", str(remote), str(tmp_path / "attacker")], check=True,
                   capture_output=True)
    attacker = Workspace(tmp_path / "attacker")
    forged = ["user|car", "user|\udc80"]
    _rewrite_entry(attacker, car, readings=forged, read=_print(a.memory(car)["content"], forged))
    person_git("push", "-q", "origin", "HEAD", cwd=attacker.root)
    b.run("sync.py", now=NOW)
    for suffix in ("", "-wal", "-shm"):
        (b.cache / f"search.sqlite{suffix}").unlink(missing_ok=True)
    recalled = b.run("recall.py", "--json", "car", now=NOW, expect=None)
    assert recalled.returncode == 0 and "internal error" not in recalled.err, recalled.err


def _run_with(scripts, ws: Workspace, script: str, *args: str) -> subprocess.CompletedProcess:
    import os
    import sys
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW)
    result = subprocess.run([sys.executable, "-S", str(scripts / script), *args], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    return result


def test_keys_read_where_the_learned_reading_could_not_load_are_not_trusted_elsewhere(tmp_path):
    """The keys depend on more than the text and READERS_VERSION: where slot_model.bin is missing or
    unreadable (slot_model.model() -> None, 'then nothing is added') the "+" keys are not read. A
    machine in that state writes readings without them under the same READERS_VERSION, and every
    other machine's clone trusts them (before: each machine read the text with its own model)."""
    import shutil
    from conftest import SCRIPTS
    crippled = tmp_path / "scripts"
    shutil.copytree(SCRIPTS, crippled, ignore=shutil.ignore_patterns("__pycache__"))
    (crippled / "hippocampus" / "text" / "slot_model.bin").unlink()
    a = Workspace(tmp_path / "a")
    _run_with(crippled, a, "init.py", "--workspace", str(a.root))
    text = "Signed up at Equinox last week, going three times a week"
    gym = json.loads(_run_with(crippled, a, "remember.py", text, "--json").stdout)["id"]
    clone = _clone(a, tmp_path)
    clone.run("recall.py", "gym", now=NOW)
    fresh = Workspace(tmp_path / "fresh")  # the same text read by this machine's readers
    fresh.run("init.py", "--workspace", str(fresh.root))
    same = fresh.remember(text, now=NOW)
    assert "+user|gym" in _keys(fresh, same)
    assert _keys(clone, gym) == _keys(fresh, same)


def test_keys_a_cache_read_with_other_readers_are_not_stamped_as_todays(ws):
    """The search cache records which readers read its keys (meta 'readers'); SearchCache.open looks only
    at its schema. A cache whose readers are not today's (READERS_VERSION raised without SCHEMA_VERSION,
    which only a comment asks for) hands its keys to the writer (Transaction._cached_keys ->
    texts_and_keys), and readings.note stamps them with today's READERS_VERSION in index.json: from
    there every clone and every machine trusts them, for as long as the text stays."""
    car = ws.remember("My car is a Honda Civic", now=NOW)
    _as_from_before(ws)
    ws.run("recall.py", "car", now=NOW)
    db = sqlite3.connect(ws.cache / "search.sqlite")
    with db:
        db.execute("UPDATE meta SET value = '16' WHERE key = 'readers'")  # read by other readers
        db.execute("INSERT INTO slot(key, id) VALUES ('user|old-readers-marker', ?)", (car,))
    db.close()
    ws.run("decay.py", now="2026-04-20T15:00:00Z")
    assert "user|old-readers-marker" not in ws.memory(car).get("readings", [])


"""Keys carried in index.json (store/readings.py) from a hostile or a different machine: never a stop,
never trusted where another machine's readers (its model missing, an older cache's readers) read them
(a hostile review of issue #44's change, 2026-12-05)."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import zlib

from conftest import PERSON, Workspace, in_library, person_git

NOW = "2026-03-11T15:00:00Z"


def _print(content: str, keys: list[str]) -> str:
    """A print as a forger makes one: readings.print_of's form, over bytes even a lone surrogate gives."""
    tag = in_library("from hippocampus.store.readings import _readers_tag; import json; print(json.dumps(_readers_tag()))")
    return f"{tag}:{zlib.crc32(chr(0).join([content, *keys]).encode('utf-8', 'surrogatepass')):08x}"


def _keys(ws: Workspace, memory_id: str) -> list[str]:
    db = sqlite3.connect(ws.cache / "search.sqlite")
    try:
        return sorted(k for (k,) in db.execute("SELECT key FROM slot WHERE id = ?", (memory_id,)))
    finally:
        db.close()


def _rewrite_entry(ws: Workspace, memory_id: str, **fields) -> None:
    path = ws.store / "index.json"
    index = json.loads(path.read_text())
    for memory in index["memories"]:
        if memory["id"] == memory_id:
            memory.update(fields)
    path.write_text(json.dumps(index, indent=1))
    person_git("commit", "-q", "-m", "by hand", "--", str(path.relative_to(ws.root)), cwd=ws.root)


def _clone(ws: Workspace, target) -> Workspace:
    subprocess.run(["git", "clone", "-q", "--", str(ws.root), str(target)], check=True, capture_output=True,
                   env={**PERSON})
    return Workspace(target)


def test_a_key_with_a_lone_surrogate_never_stops_a_fresh_clones_recall(ws, tmp_path):
    car = ws.remember("My car is a Honda Civic", now=NOW)
    content = ws.memory(car)["content"]
    forged = ["user|car", "user|\udc80"]
    _rewrite_entry(ws, car, readings=forged, read=_print(content, forged))
    clone = _clone(ws, tmp_path / "clone")
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
    clone = _clone(a, tmp_path / "clone")
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
    path = ws.store / "index.json"
    index = json.loads(path.read_text())
    for memory in index["memories"]:
        memory.pop("read", None)
        memory.pop("readings", None)
    path.write_text(json.dumps(index, indent=1))
    person_git("commit", "-q", "-m", "as an older version wrote it", "--", str(path.relative_to(ws.root)),
               cwd=ws.root)
    ws.run("recall.py", "car", now=NOW)
    db = sqlite3.connect(ws.cache / "search.sqlite")
    with db:
        db.execute("UPDATE meta SET value = '16' WHERE key = 'readers'")  # read by other readers
        db.execute("INSERT INTO slot(key, id) VALUES ('user|old-readers-marker', ?)", (car,))
    db.close()
    ws.run("decay.py", now="2026-04-20T15:00:00Z")
    assert "user|old-readers-marker" not in ws.memory(car).get("readings", [])


"""A change of many memories has its search-cache rows written by a forked child while the writer
commits (store/cache_ahead.py); the child commits them only once the change has landed. The rows
must be those a rebuild from index.json gives, the cache must be fresh for the next reader and
writer, and a change that fails, or a writer killed mid-commit, must leave the cache as it was."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

from conftest import SCRIPTS, Workspace, in_library
from test_hardening_gitrules import _hook

NOW = "2026-03-11T15:00:00Z"
MANY = 2100  # above cache_ahead.AHEAD_FROM (2000): the child writes the rows


def _lines(prefix: str, count: int) -> str:
    topics = ("the allotment bees", "the harbour ferry", "a sourdough starter", "the cello lessons",
              "the Porto flat", "a kayak trip", "the budget meeting", "the night shift")
    return "".join(json.dumps({"content": f"{prefix} {k}: notes on {topics[k % len(topics)]}, week {k // 8}",
                               "importance": 0.4}) + "\n" for k in range(count))


def _rows(path) -> dict:
    """What a reader finds in a cache, by memory id (rowids differ between an update and a rebuild)."""
    db = sqlite3.connect(path)
    try:
        return {
            "mem": sorted(tuple(r)[1:] for r in db.execute("SELECT * FROM mem")),
            "weight": sorted(db.execute("SELECT mem.id, importance FROM weight JOIN mem USING (rowid)")),
            "slot": sorted(db.execute("SELECT key, id FROM slot")),
            "fts": sorted(db.execute("SELECT mem.id, fts.content, fts.keywords FROM fts JOIN mem "
                                     "ON mem.rowid = fts.rowid")),
            "episodes": sorted(db.execute("SELECT episode, content FROM episode_fts")),
            "files": sorted(db.execute("SELECT path, hash FROM files")),  # (a rebuild knows no "indexed")
        }
    finally:
        db.close()


def _meta(ws: Workspace) -> dict:
    db = sqlite3.connect(ws.cache / "search.sqlite")
    try:
        return dict(db.execute("SELECT key, value FROM meta"))
    finally:
        db.close()


def _rebuilt(ws: Workspace, tmp_path) -> dict:
    """The rows a cache built from nothing has (a copy's first recall)."""
    copy = tmp_path / f"rebuilt-{len(list(tmp_path.glob('rebuilt-*')))}"
    subprocess.run(["cp", "-a", "--", str(ws.root), str(copy)], check=True)
    for leftover in (copy / "hippocampus" / ".cache").glob("search.sqlite*"):
        leftover.unlink()
    Workspace(copy).run("recall.py", "allotment", now=NOW)
    return _rows(copy / "hippocampus" / ".cache" / "search.sqlite")


def test_a_large_changes_rows_are_a_rebuilds_and_the_cache_is_fresh(ws, tmp_path):
    ws.remember("User keeps bees on the allotment", now=NOW)
    ws.json("remember.py", "--jsonl", "-", now=NOW, input=_lines("Imported", MANY))
    ws.json("remember.py", "--jsonl", "-", "--store", "episodic", now=NOW, input=_lines("Logged", MANY))
    rows = _rows(ws.cache / "search.sqlite")
    assert len(rows["mem"]) == 2 * MANY + 1
    assert rows == _rebuilt(ws, tmp_path)
    meta = _meta(ws)
    # fresh for the next reader (index.json's state) and writer (the files' print vouched for)
    state = in_library("import json, sys; from pathlib import Path; "
                       "from hippocampus.store.search_cache import index_state; "
                       "from hippocampus.store.index_store import read_stamp; p = Path(sys.argv[1]); "
                       "print(json.dumps(index_state(p, read_stamp(p))))", str(ws.root / "memory" / "index.json"))
    assert meta["index_state"] == state and meta["validated_state"] == state
    assert meta["files_print"] and meta["index_files_print"] == meta["files_print"]
    found = ws.json("recall.py", "cello lessons", now=NOW)["results"]
    assert found and all("cello lessons" in r["content"] for r in found)
    # a decay of every one of them (a change of importance and status only, set by id here)
    ws.run("decay.py", now="2026-09-11T15:00:00Z")
    assert _rows(ws.cache / "search.sqlite") == _rebuilt(ws, tmp_path)


def test_a_change_git_refuses_leaves_the_cache_as_it_was(ws, tmp_path):
    ws.json("remember.py", "--jsonl", "-", now=NOW, input=_lines("Imported", MANY))
    before, meta = _rows(ws.cache / "search.sqlite"), _meta(ws)
    hook = _hook(ws, "pre-commit", "echo 'not now' >&2\nexit 1\n")
    result = ws.run("remember.py", "--jsonl", "-", now=NOW, input=_lines("Refused", MANY), expect=None)
    assert result.returncode == 3 and "not now" in result.err and "Traceback" not in result.err
    assert _rows(ws.cache / "search.sqlite") == before
    kept = ("index_state", "validated_state", "files_print", "index_files_print", "files_look")
    assert {k: _meta(ws).get(k) for k in kept} == {k: meta.get(k) for k in kept}
    hook.unlink()
    assert not ws.json("recall.py", "Refused", now=NOW)["results"]
    ws.json("remember.py", "--jsonl", "-", now=NOW, input=_lines("Accepted", MANY))
    assert _rows(ws.cache / "search.sqlite") == _rebuilt(ws, tmp_path)


def test_a_writer_killed_mid_commit_leaves_no_rows_of_its_change_and_no_lock(ws, tmp_path):
    ws.json("remember.py", "--jsonl", "-", now=NOW, input=_lines("Imported", MANY))
    before = _rows(ws.cache / "search.sqlite")
    marker = tmp_path / "hook-ran"
    # the hook runs under git, under the writer: it says so and waits to be outlived
    _hook(ws, "pre-commit", f"echo $PPID > '{marker}'\nsleep 60\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    writer = subprocess.Popen([sys.executable, "-S", str(SCRIPTS / "remember.py"), "--jsonl", "-"],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env={**env, "WORKSPACE": str(ws.root), "HIPPOCAMPUS_NOW": NOW},
                              start_new_session=True)
    writer.stdin.write(_lines("Killed", MANY).encode())
    writer.stdin.close()
    for _ in range(1200):
        if marker.exists() and marker.read_text().strip():
            break
        assert writer.poll() is None, "the writer ended before its commit"
        time.sleep(0.1)
    else:
        raise AssertionError("the hook never ran")
    os.kill(writer.pid, signal.SIGKILL)  # the writer alone, as the OOM killer would: its child hears no word
    writer.wait()
    for _ in range(600):  # the cache's child (python, in the writer's process group) rolls back and ends
        if not any(_comm(pid).startswith("python") for pid in _group(writer.pid)):
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the cache's child outlived its writer")
    os.killpg(writer.pid, signal.SIGKILL)  # git and its sleeping hook
    (ws.root / ".git" / "hooks" / "pre-commit").unlink()
    # nothing of the killed change is in the cache, and no lock is left on it
    db = sqlite3.connect(ws.cache / "search.sqlite", timeout=0)
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")
    finally:
        db.close()
    assert _rows(ws.cache / "search.sqlite") == before
    # the next writer commits what the killed one wrote; the cache is brought level with it
    ws.remember("User keeps bees on the allotment", now=NOW)
    assert _rows(ws.cache / "search.sqlite") == _rebuilt(ws, tmp_path)


def _group(pgid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _comm(pid: int) -> str:
    try:
        return open(f"/proc/{pid}/comm").read().strip()
    except OSError:
        return ""


def test_the_child_commits_only_on_the_writers_word(ws):
    """The mechanism itself, on the workspace's cache: finish() commits, discard() leaves nothing
    and no child behind."""
    ws.json("remember.py", "--jsonl", "-", now=NOW, input=_lines("Imported", MANY))
    code = """
import json, os, sqlite3, sys
from datetime import datetime, timezone
from pathlib import Path
from hippocampus.store.workspace import Workspace
from hippocampus.store.cache_ahead import CacheAhead
from hippocampus.store.index_store import read_stamp
from hippocampus.store.search_cache import index_state
ws = Workspace.open(Path(sys.argv[1]), datetime(2026, 3, 11, tzinfo=timezone.utc))
index = ws.paths.index
state = index_state(index, read_stamp(index))
memories = [dict(m, content=m["content"] + " " + sys.argv[2]) for m in ws.load_index()["memories"]]
cache = ws._open_cache()
report = {}
def found():
    db = sqlite3.connect(ws.paths.search_db)
    try:
        return db.execute("SELECT count(*) FROM fts WHERE fts MATCH ?", (sys.argv[2],)).fetchone()[0]
    finally:
        db.close()
ahead = CacheAhead.start(ws, memories, {}, state)
report["closed"] = ws._cache is None
pid = ahead._pid
ahead.discard()
report["discarded"] = found()
try:
    os.waitpid(pid, os.WNOHANG)
    report["reaped"] = False
except ChildProcessError:
    report["reaped"] = True
ahead = CacheAhead.start(ws, memories, {}, state)
report["finished"] = ahead.finish({"validated": None, "state": state + "-next", "files_print": None})
report["committed"] = found()
report["state"] = ws._open_cache().meta("index_state")
ahead = CacheAhead.start(ws, memories, {}, state)  # the cache moved on since: not the one read against
report["stale"] = ahead.finish({"validated": None, "state": state, "files_print": None})
report["after"] = ws._open_cache().meta("index_state")
print(json.dumps(report))
"""
    report = in_library(code, str(ws.root), "zanzibarword")
    assert report["closed"] and report["reaped"]
    assert report["discarded"] == 0
    assert report["finished"] is True and report["committed"] == MANY
    assert report["state"].endswith("-next")
    assert report["stale"] is False and report["after"] == report["state"]  # rolled back, not settled


def test_readers_read_while_the_child_waits_and_it_waits_a_bounded_time(ws):
    """While the writer commits, the child holds SQLite's RESERVED lock only (no page spilled into
    the file): a reader reads the cache as it was. Past AHEAD_WAIT_SECONDS without the word (a commit
    hook, a passphrase asked for, a hook that itself recalls and waits on this lock) it rolls back and
    the lock is free; the workspace lock's descriptor is not the child's."""
    ws.json("remember.py", "--jsonl", "-", now=NOW, input=_lines("Imported", MANY))
    code = """
import json, os, sqlite3, sys, time
from datetime import datetime, timezone
from pathlib import Path
from hippocampus.store import cache_ahead
from hippocampus.store.lock import WorkspaceLock
from hippocampus.store.workspace import Workspace
from hippocampus.store.index_store import read_stamp
from hippocampus.store.search_cache import index_state
cache_ahead.AHEAD_WAIT_SECONDS = 3.0
ws = Workspace.open(Path(sys.argv[1]), datetime(2026, 3, 11, tzinfo=timezone.utc))
state = index_state(ws.paths.index, read_stamp(ws.paths.index))
memories = [dict(m, content=m["content"] + " zanzibarword") for m in ws.load_index()["memories"]]
report = {}
with WorkspaceLock(ws.paths.lock, 5) as lock:
    ws._lock = lock
    ahead = cache_ahead.CacheAhead.start(ws, memories, {}, state)
    db = sqlite3.connect(ws.paths.search_db, timeout=0)
    for _ in range(100):  # until the child has its rows written (its write lock taken)
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            break
        time.sleep(0.02)
    time.sleep(1.0)  # (its rows written by now: 2,100 take well under a second)
    report["lock_in_child"] = any(os.path.realpath(f"/proc/{ahead._pid}/fd/{fd}") == str(ws.paths.lock.resolve())
                                  for fd in os.listdir(f"/proc/{ahead._pid}/fd"))
    try:
        report["read"] = db.execute("SELECT value FROM meta WHERE key='index_state'").fetchone()[0] == state
    except sqlite3.OperationalError as exc:
        report["read"] = str(exc)
    # the child rolls back and ends by itself once it has waited 3 s for the word after its rows (however
    # long a loaded machine took to write them: the test waits for that end, not for a time)
    for _ in range(1200):
        try:
            if open(f"/proc/{ahead._pid}/stat").read().rsplit(")", 1)[1].split()[0] == "Z":
                break
        except FileNotFoundError:
            break
        time.sleep(0.05)
    report["finished"] = ahead.finish({"validated": None, "state": state + "-next", "files_print": None})
    db.execute("BEGIN IMMEDIATE")
    db.execute("ROLLBACK")
    report["state"] = db.execute("SELECT value FROM meta WHERE key='index_state'").fetchone()[0] == state
print(json.dumps(report))
"""
    report = in_library(code, str(ws.root))
    assert report == {"lock_in_child": False, "read": True, "finished": False, "state": True}


def test_a_cache_locked_past_the_busy_timeout_is_not_taken_for_damaged(ws):
    """SearchCache.open on a file another connection holds locked: an error, the file (and that
    connection's journal) left alone; before, it was deleted and built again from nothing."""
    ws.remember("User keeps bees on the allotment", now=NOW)
    ws.run("recall.py", "bees", now=NOW)
    code = """
import json, os, sqlite3, sys
from pathlib import Path
from hippocampus.store.search_cache import SearchCache
path = Path(sys.argv[1])
connect = SearchCache._connect
def quick(path):
    db = connect(path)
    db.execute("PRAGMA busy_timeout=200")
    return db
SearchCache._connect = staticmethod(quick)
inode = os.stat(path).st_ino
holder = sqlite3.connect(path, isolation_level=None)
holder.execute("BEGIN EXCLUSIVE")
try:
    SearchCache.open(path)
    outcome = "opened"
except sqlite3.OperationalError as exc:
    outcome = str(exc)
holder.execute("ROLLBACK")
print(json.dumps({"outcome": outcome, "same": os.stat(path).st_ino == inode,
                  "schema": SearchCache.open(path).meta("schema")}))
"""
    report = in_library(code, str(ws.cache / "search.sqlite"))
    assert report["outcome"] == "database is locked" and report["same"] and report["schema"]

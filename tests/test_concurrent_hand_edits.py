"""A person saves a file while a writer is building on it: nothing of theirs is lost."""

import hashlib
import json
import os
import time
from datetime import datetime, timezone

import pytest

from hippocampus.errors import WorkspaceError
from hippocampus.lifecycle.remember import remember_one
from hippocampus.store.workspace import Workspace

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=timezone.utc)


def test_a_log_saved_mid_append_keeps_the_persons_entry_and_ours(ws):
    ws.remember("Morning entry", "--store", "episodic", now="2026-03-10T09:00:00Z")
    log = ws.store / "episodes" / "2026-03-10.md"
    workspace = Workspace.open(ws.root, NOW)
    with workspace.transaction("bot:remember", "remember") as tx:
        ours = remember_one(tx, "Agent's entry written during the edit", store="episodic")["id"]
        log.write_text(log.read_text() + "\n## 11:30\nA person's entry saved at the same moment\n")
    text = log.read_text()
    assert "A person's entry saved at the same moment" in text and f"· {ours}\nAgent's entry" in text
    ws.remember("The next write picks the person's entry up", now="2026-03-10T13:00:00Z")
    contents = [m["content"] for m in ws.index()["memories"]]
    assert "A person's entry saved at the same moment" in contents
    assert any(c.startswith("manual:") for c in ws.commits())
    assert ws.git("status", "--porcelain") == ""


def test_any_other_file_saved_mid_change_is_refused_with_nothing_written(ws):
    ws.remember("User likes tea", "--importance", "0.9")
    ws.run("sync_core.py")
    memory_md = ws.root / "MEMORY.md"
    commits = ws.commits()

    def during(tx) -> None:
        tx.write_file("MEMORY.md", tx.current_bytes("MEMORY.md") + b"\n- our addition\n")
        memory_md.write_text(memory_md.read_text() + "\nMy own line, saved just now.\n")

    _refused_mid_change(ws, "changed by someone else", "system:sync-core", "sync-core", during)
    assert memory_md.read_text().endswith("My own line, saved just now.\n")
    assert ws.commits() == commits


def _refused_mid_change(ws, match: str, actor: str, action: str, during) -> None:
    """A transaction whose body runs `during(tx)` (our change, and a person's save meanwhile) is
    refused with an error matching `match`."""
    workspace = Workspace.open(ws.root, NOW)
    with pytest.raises(WorkspaceError, match=match):
        with workspace.transaction(actor, action) as tx:
            during(tx)


def _save_in_place(index, memory_id: str, handle=None) -> None:
    """A person's editor saving index.json in place: the same length, one digit of `memory_id`'s
    baseImportance changed (0.5 -> 0.6), through `handle` (a file they hold open) or the path."""
    data = index.read_bytes() if handle is None else os.pread(handle.fileno(), 1 << 30, 0)
    at = data.index(b'"baseImportance": 0.5', data.index(f'{{"id": "{memory_id}"'.encode())) + \
        len('"baseImportance": 0.')
    if handle is None:
        with open(index, "r+b") as handle:
            os.pwrite(handle.fileno(), b"6", at)
    else:
        os.pwrite(handle.fileno(), b"6", at)


def _large_store(ws) -> str:
    """A store whose index.json is over 64 KB (git's object of it made from ranges of the file:
    loose_stored.py), and the id of a memory in it."""
    lines = "".join(json.dumps({"content": f"User noted fact number {n} about the long garden path"}) + "\n"
                    for n in range(300))
    (ws.root / "bulk.jsonl").write_text(lines)
    ws.run("remember.py", "--jsonl", str(ws.root / "bulk.jsonl"))
    (ws.root / "bulk.jsonl").unlink()
    assert (ws.store / "index.json").stat().st_size > 64 * 1024
    return ws.remember("User likes tea", "--importance", "0.5")


@pytest.mark.parametrize("size", ["small", "large"])
def test_index_json_written_over_in_place_mid_change_is_never_mixed_into_ours(ws, size):
    """A writer reads index.json where it lies (base/file_bytes.py), and copies its unchanged bytes
    into the new file: a person's editor saving it in place meanwhile stops the change whole."""
    first = ws.remember("User likes tea", "--importance", "0.5") if size == "small" else _large_store(ws)
    ws.remember("User walks to work")
    index = ws.store / "index.json"
    commits = ws.commits()

    def during(tx) -> None:
        remember_one(tx, "User plays the cello")
        _save_in_place(index, first)

    _refused_mid_change(ws, "written over in place", "bot:remember", "remember", during)
    assert b'"baseImportance": 0.6' in index.read_bytes()  # the person's bytes, as they saved them
    assert ws.commits() == commits
    assert "cello" not in index.read_text()
    assert not list(ws.store.glob(".index.json.*"))  # no temporary left behind
    assert ws.git("status", "--porcelain").strip() == "M memory/index.json"  # theirs, for the next writer


@pytest.mark.parametrize("when", ["before the rename", "after the rename"])
def test_index_json_saved_in_place_after_our_copy_is_not_lost(ws, when, monkeypatch):
    """The writer's copy is made, then fsynced, then renamed into place, then the branch moves: a save
    in place in between (into the file as it was, through the person's open file) refuses the change."""
    from hippocampus.base import fsutil
    from hippocampus.store.undo import Undo
    first = _large_store(ws)
    index = ws.store / "index.json"
    commits = ws.commits()
    real_rename, real_keep = fsutil.put_in_place, Undo.keep
    theirs = open(index, "r+b")  # the person's editor holds the file open
    renamed = []

    def after_our_object(data: bytes) -> None:  # git's object of our copy made: its reading is over
        sha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        for _ in range(6000):
            if (ws.root / ".git" / "objects" / sha[:2] / sha[2:]).exists():
                return
            time.sleep(0.01)

    def keep(undo, path):  # the old index.json kept for the undo, our copy written and fsynced
        real_keep(undo, path)
        if path.name == "index.json" and when == "before the rename":
            after_our_object(next(path.parent.glob(".index.json.[0-9]*.tmp")).read_bytes())
            _save_in_place(index, first, theirs)

    def rename(tmp, path, **kw):
        if path.name == "index.json":
            renamed.append(path)
            after_our_object(tmp.read_bytes())
        real_rename(tmp, path, **kw)
        if path.name == "index.json" and when == "after the rename":  # into the file it was, theirs
            _save_in_place(index, first, theirs)

    monkeypatch.setattr(fsutil, "put_in_place", rename)
    monkeypatch.setattr(Undo, "keep", keep)
    try:
        _refused_mid_change(ws, "written over in place", "bot:remember", "remember",
                            lambda tx: remember_one(tx, "User plays the cello"))
    finally:
        theirs.close()
    assert b'"baseImportance": 0.6' in index.read_bytes()  # the person's save is what index.json holds
    assert ws.commits() == commits and "cello" not in index.read_text()
    assert not list(ws.store.glob(".index.json.*"))
    assert bool(renamed) == (when == "after the rename")  # seen before the rename: ours never put in place

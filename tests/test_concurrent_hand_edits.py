"""A person saves a file while a writer is building on it: nothing of theirs is lost."""

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
    workspace = Workspace.open(ws.root, NOW)
    with pytest.raises(WorkspaceError, match="changed by someone else"):
        with workspace.transaction("system:sync-core", "sync-core") as tx:
            current = tx.current_bytes("MEMORY.md")
            tx.write_file("MEMORY.md", current + b"\n- our addition\n")
            memory_md.write_text(memory_md.read_text() + "\nMy own line, saved just now.\n")
    assert memory_md.read_text().endswith("My own line, saved just now.\n")
    assert ws.commits() == commits


def test_index_json_written_over_in_place_mid_change_is_never_mixed_into_ours(ws):
    """A writer reads index.json where it lies (base/file_bytes.py), and copies its unchanged bytes
    into the new file: a person's editor saving it in place meanwhile stops the change whole."""
    first = ws.remember("User likes tea", "--importance", "0.5")
    ws.remember("User walks to work")
    index = ws.store / "index.json"
    commits = ws.commits()
    workspace = Workspace.open(ws.root, NOW)
    with pytest.raises(WorkspaceError, match="written over in place"):
        with workspace.transaction("bot:remember", "remember") as tx:
            remember_one(tx, "User plays the cello")
            data = index.read_bytes()
            line = data.index(f'{{"id": "{first}"'.encode())
            at = data.index(b'"baseImportance": 0.5', line) + len('"baseImportance": 0.')
            with open(index, "r+b") as handle:  # the same length, one digit changed, the same file
                handle.seek(at)
                handle.write(b"6")
    assert b'"baseImportance": 0.6' in index.read_bytes()  # the person's bytes, as they saved them
    assert ws.commits() == commits
    assert "cello" not in index.read_text()
    assert not list(ws.store.glob(".index.json.*"))  # no temporary left behind

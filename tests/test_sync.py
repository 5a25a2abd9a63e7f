"""Sync through a git remote (issue #27): a bare repository in tmp stands for the
remote, two workspaces A and B are joined through it with init.py --remote, both
change the store at once, and sync.py merges memory by memory (our git merge
drivers): nothing lost, no conflict marker, the same memories on both."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import PERSON, Workspace, person_git

T0 = "2026-03-11T09:00:00Z"
T1 = "2026-03-11T10:00:00Z"   # both machines change the store
T2 = "2026-03-11T11:00:00Z"   # sync A
T3 = "2026-03-11T11:05:00Z"   # sync B
T4 = "2026-03-11T11:10:00Z"   # sync A


def bare(tmp_path: Path) -> Path:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return remote


def two_machines(tmp_path: Path):
    """A (initialised, with memories, synced) and B (joined through the remote)."""
    remote = bare(tmp_path)
    a = Workspace(tmp_path / "a")
    a.run("init.py", "--workspace", str(a.root), "--remote", str(remote), now=T0)
    shared = {
        "reinforced": a.remember("Ada prefers tea over coffee in the morning", "--domain", "user", now=T0),
        "forgotten": a.remember("The staging server lives at rack nine", "--domain", "world", now=T0),
        "edit_a": a.remember("The cat is called Miso", "--domain", "relationship", now=T0),
        "edit_b": a.remember("Ada works at the harbour office", "--domain", "user", now=T0),
        "both": a.remember("The team meets on the third floor", "--domain", "world", now=T0),
    }
    a.run("sync.py", now=T0)
    b = Workspace(tmp_path / "b")
    b.run("init.py", "--workspace", str(b.root), "--remote", str(remote), now=T0)
    return remote, a, b, shared


def live(ws: Workspace) -> dict:
    return {m["id"]: m for m in ws.index()["memories"] if m.get("status") != "archived"}


def edit_body(ws: Workspace, memory_id: str, text: str) -> None:
    path = ws.root / ws.memory(memory_id)["file"]
    head, _sep, _body = path.read_text(encoding="utf-8").partition("\n---\n")
    path.write_text(f"{head}\n---\n{text}\n", encoding="utf-8")


def no_markers(ws: Workspace) -> None:
    found = subprocess.run(["grep", "-rl", "--exclude-dir=.git", "--exclude-dir=.cache", "-e", "<<<<<<<",
                            "-e", ">>>>>>>", str(ws.root)], capture_output=True, text=True).stdout
    assert found == "", found


def healthy(ws: Workspace, now: str) -> None:
    report = ws.json("doctor.py", now=now)
    assert report["healthy"], report["problems"]
    assert ws.git("status", "--porcelain") == ""


def change_both(a: Workspace, b: Workspace, shared: dict) -> dict:
    """Both machines change the store before either syncs (the issue's 'Done when')."""
    new = {
        "a": a.remember("Ada's sister Lin moved to Porto", "--domain", "relationship", now=T1),
        "b": b.remember("The build uses Python 3.11 from now on", "--domain", "world", now=T1),
        "ep_a": a.remember("Deployed the billing fix with Lin", "--store", "episodic", now=T1),
        "ep_b": b.remember("Reviewed the harbour office lease", "--store", "episodic", now=T1),
    }
    a.run("reinforce.py", shared["reinforced"], now=T1)
    b.run("reinforce.py", shared["reinforced"], now=T1)
    a.run("forget.py", shared["forgotten"], now=T1)
    edit_body(a, shared["edit_a"], "The cat is called Miso and she is nine")
    edit_body(b, shared["edit_b"], "Ada works at the harbour office on Mondays")
    edit_body(a, shared["both"], "The team meets on the fourth floor")
    edit_body(b, shared["both"], "The team meets on the ground floor")
    return new


def test_two_machines_change_at_once_then_sync_keeps_every_change(tmp_path):
    remote, a, b, shared = two_machines(tmp_path)
    assert set(live(b)) == set(live(a))
    new = change_both(a, b, shared)
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T4)

    assert set(live(a)) == set(live(b))
    memories = live(a)
    for memory_id in new.values():
        assert memory_id in memories
    assert memories[shared["reinforced"]]["timesReinforced"] == 2          # both reinforcements counted
    assert shared["forgotten"] not in memories                               # the forget kept
    assert a.memory(shared["forgotten"])["status"] == "archived"
    assert memories[shared["edit_a"]]["content"] == "The cat is called Miso and she is nine"
    assert memories[shared["edit_b"]]["content"] == "Ada works at the harbour office on Mondays"
    # the memory edited on both: one text is the memory, the other a memory of its own, in conflict
    texts = {m["content"] for m in memories.values()}
    assert {"The team meets on the fourth floor", "The team meets on the ground floor"} <= texts
    listed = a.json("conflicts.py", "list", now=T4)["conflicts"]
    assert len(listed) == 1 and shared["both"] in {listed[0]["a"]["id"], listed[0]["b"]["id"]}
    second = ({listed[0]["a"]["id"], listed[0]["b"]["id"]} - {shared["both"]}).pop()
    # the day's log holds both machines' entries
    for ws in (a, b):
        log = (ws.root / ws.memory(new["ep_a"])["file"]).read_text(encoding="utf-8")
        assert new["ep_a"] in log and new["ep_b"] in log
        no_markers(ws)
        healthy(ws, T4)
    assert a.index() == b.index()
    assert a.git("rev-parse", "HEAD") == b.git("rev-parse", "HEAD")
    # the conflict resolves as consolidation's do
    a.run("conflicts.py", "resolve", listed[0]["id"], "--keep", second, now=T4)
    assert a.memory(shared["both"])["status"] == "archived"


def test_a_plain_git_pull_merges_the_same_way(tmp_path):
    remote, a, b, shared = two_machines(tmp_path)
    change_both(a, b, shared)
    a.run("sync.py", now=T2)
    twin = Workspace(tmp_path / "b-twin")   # B's state, copied before it merges
    subprocess.run(["cp", "-a", str(b.root), str(twin.root)], check=True)
    dry = twin.json("sync.py", "--dry-run", now=T3)   # only fetches: says what would come in
    assert dry["in"] == {"added": 2, "changed": 3, "forgotten": 1} and not dry["merged"]
    # a person's hand edits are committed by any hippocampus writer; then they pull, as at a terminal
    twin.run("sync_core.py", now=T3)
    pulled = subprocess.run(["git", "pull", "-q", "--no-edit"], cwd=twin.root, capture_output=True, text=True,
                            env={**os.environ, **PERSON, "HIPPOCAMPUS_NOW": T3})  # the driver's clock
    assert pulled.returncode == 0, pulled.stderr
    b.run("sync.py", now=T3)  # B itself merges the same with sync.py
    no_markers(twin)
    assert twin.git("status", "--porcelain") == ""
    # the same memories as sync.py merged (the second text's file and conflict record: the next sync's)
    strip = lambda index: {m["id"]: {k: v for k, v in m.items() if k not in ("conflicts", "file", "hash")}
                           for m in index["memories"]}
    assert strip(b.index()) == strip(twin.index())
    for name in ("memory/meta/audit.log", "MEMORY.md"):
        assert (twin.root / name).read_text() .count("\n") > 0
    log = next((twin.root / "memory" / "episodes").glob("*.md")).read_text(encoding="utf-8")
    assert log == next((b.root / "memory" / "episodes").glob("*.md")).read_text(encoding="utf-8")
    assert twin.json("doctor.py", now=T3)["healthy"]


def test_unreachable_remote_is_exit_3_and_changes_nothing(tmp_path):
    remote, a, b, shared = two_machines(tmp_path)
    a.remember("Something new before the remote went away", now=T1)
    edit_body(a, shared["edit_a"], "An edit waiting to be committed")
    before = (a.git("rev-parse", "HEAD"), a.git("status", "--porcelain"), a.index())
    subprocess.run(["mv", str(remote), str(remote) + ".gone"], check=True)
    result = a.run("sync.py", now=T2, expect=3)
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert (a.git("rev-parse", "HEAD"), a.git("status", "--porcelain"), a.index()) == before


def test_sync_again_is_safe(tmp_path):
    remote, a, b, shared = two_machines(tmp_path)
    head = a.git("rev-parse", "HEAD")
    first = a.json("sync.py", now=T2)
    assert a.git("rev-parse", "HEAD") == head and first["in"]["added"] == 0 and not first["pushed"]


def test_a_password_in_the_url_is_refused(tmp_path):
    ws = Workspace(tmp_path / "w")
    result = ws.run("init.py", "--workspace", str(ws.root), "--remote", "https://ada:s3cret@example.test/m.git",
                    expect=1)
    assert "credential helper" in result.err and "s3cret" not in result.err
    assert not (ws.root / ".git").exists()


def test_a_foreign_history_is_refused_unless_adopted(tmp_path):
    remote = bare(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    person_git("init", "-q", cwd=other)
    (other / "notes.txt").write_text("mine\n")
    person_git("add", "notes.txt", cwd=other)
    person_git("commit", "-q", "-m", "notes", cwd=other)
    person_git("push", "-q", str(remote), "HEAD:refs/heads/master", cwd=other)
    ws = Workspace(tmp_path / "w")
    result = ws.run("init.py", "--workspace", str(ws.root), "--remote", str(remote), expect=3)
    assert "not a hippocampus memory" in result.err and "--adopt" in result.err
    ws.run("init.py", "--workspace", str(ws.root), "--remote", str(remote), "--adopt")
    assert (ws.root / "notes.txt").exists() and (ws.root / "memory" / "index.json").exists()

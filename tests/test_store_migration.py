"""The store leaves memory/ (which OpenClaw's memory search indexes whole) for hippocampus/.

A workspace from before is read where it is, and moved by its first write: one commit of renames
(history follows with `git log --follow`), each memory's `file` rewritten, memory/ left with what is
not ours. A crash anywhere before that commit leaves a workspace the next writer finishes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, SCRIPTS, Workspace

NOW = "2026-03-11T15:00:00Z"
BASE = "28b4ff5"  # the last commit whose init.py made memory/ the store


def _git(cwd, *args, **kw) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd, check=True,
                          capture_output=True, text=True, **kw).stdout


def old_workspace(tmp_path) -> Workspace:
    """A workspace as the code before the move left it: memory/ the store, memories of every kind, a
    forgotten one, a person's daily note and OpenClaw's .dreams/ beside them. Built by that code
    (`git archive` of BASE) where the checkout has it, else by moving a new store back by hand."""
    ws = Workspace(tmp_path / "workspace")
    old_scripts = tmp_path / "old"
    archived = subprocess.run(["git", "archive", "--format=tar", BASE, "scripts"], cwd=ROOT, capture_output=True)
    if archived.returncode == 0:
        old_scripts.mkdir()
        subprocess.run(["tar", "-x", "-C", str(old_scripts)], input=archived.stdout, check=True)
        scripts = old_scripts / "scripts"
    else:
        scripts = None

    def run(*args, env=None):
        if scripts is None:
            return ws.run(*args, now=NOW, env=env)
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}, **(env or {})}
        env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW)
        result = subprocess.run([sys.executable, str(scripts / args[0]), *args[1:]], capture_output=True,
                                text=True, env=env, check=True)
        result.out = result.stdout
        return result

    run("init.py")
    run("remember.py", "User likes oolong tea", "--domain", "user")
    run("remember.py", "Walked to the lake with Ana", "--store", "episodic")
    run("remember.py", "Wife's birthday is 3 March", "--store", "vault")
    forgotten = json.loads(run("remember.py", "User hates the saxophone", "--json").out)["id"]
    run("forget.py", forgotten)
    run("remember.py", "User's neighbour keeps bees", env={"HIPPOCAMPUS_AGENT": "subagent:planner"})  # a proposal
    run("graph.py", "add", "Garage", "--type", "place", "--fact", "Quokka parks here")
    if scripts is None:  # the layout before, by hand: the store back in memory/, committed
        _git(ws.root, "mv", "hippocampus", "memory")
        index = ws.root / "memory" / "index.json"
        index.write_text(index.read_text().replace('"file": "hippocampus/', '"file": "memory/'))
        _git(ws.root, "commit", "-qam", "the layout before the move")
    (ws.root / "memory" / "2026-03-10.md").write_text("- a daily note of the person's\n")
    (ws.root / "memory" / ".dreams").mkdir()
    (ws.root / "memory" / ".dreams" / "dream.md").write_text("OpenClaw's dreaming\n")
    assert (ws.root / "memory" / "index.json").is_file() and not (ws.root / "hippocampus").exists()
    return ws


def test_an_old_workspace_is_read_where_it_is_without_moving_it(tmp_path):
    ws = old_workspace(tmp_path)
    commits = ws.commits()
    before = (ws.root / "memory" / "index.json").read_bytes()
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out
    assert ws.json("doctor.py", now=NOW)["healthy"]
    assert "neighbour keeps bees" in ws.run("review.py", "list", now=NOW).out
    assert "Quokka parks here" in ws.run("graph.py", "show", "Garage", now=NOW).out
    assert "3 live memories" in ws.run("status.py", now=NOW).out
    assert ws.commits() == commits and not (ws.root / "hippocampus").exists()
    assert (ws.root / "memory" / "index.json").read_bytes() == before


def test_the_first_write_moves_the_store_in_one_commit_of_renames_with_history_kept(tmp_path):
    ws = old_workspace(tmp_path)
    old = json.loads((ws.root / "memory" / "index.json").read_text())
    tea = next(m for m in old["memories"] if "oolong" in m["content"])
    ws.remember("User likes coffee too", now=NOW)
    subjects = ws.commits()
    assert subjects[0].startswith("remember: ") and subjects[1].startswith("migrate: the store leaves memory/")
    assert sum(s.startswith("migrate:") for s in subjects) == 1
    moved = _git(ws.root, "show", "-M", "--name-status", "--format=", "HEAD~1").splitlines()
    assert moved and all(line.startswith("R") for line in moved), moved
    assert f"R100\tmemory/vault/" in "\n".join(moved)
    new_file = tea["file"].replace("memory/", "hippocampus/", 1)
    followed = _git(ws.root, "log", "--follow", "--format=%s", "--", new_file).splitlines()
    assert followed[-1].startswith("remember: User likes oolong tea"), followed
    index = ws.index()
    assert len(index["memories"]) == len(old["memories"]) + 1
    assert all(m["file"].startswith("hippocampus/") for m in index["memories"] if m.get("file"))
    assert {m["id"]: m["content"] for m in index["memories"]}.items() >= {m["id"]: m["content"] for m in old["memories"]}.items()
    # memory/ keeps what is not ours, and nothing of ours
    left = sorted(str(p.relative_to(ws.root / "memory")) for p in (ws.root / "memory").rglob("*"))
    assert left == [".dreams", ".dreams/dream.md", "2026-03-10.md"], left
    assert ws.git("status", "--porcelain", "--", "hippocampus") == ""
    assert ws.json("doctor.py", now=NOW)["healthy"]
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out
    assert "neighbour keeps bees" in ws.run("review.py", "list", now=NOW).out
    assert "Quokka parks here" in ws.run("graph.py", "show", "Garage", now=NOW).out
    ws.remember("And a third one", now=NOW)  # later writes: the new store, no second move
    assert sum(s.startswith("migrate:") for s in ws.commits()) == 1


def _remember_killed_at(ws: Workspace, where: str, how: str = "kill") -> subprocess.CompletedProcess:
    """remember.py with a fault at one step of the move: `where` is "link" (half the files linked into
    the staging folder), "rename" (the new store about to take effect) or "commit" (the old files
    removed, the commit about to be made); `how` is a SIGKILL or an exception."""
    code = f"""
import os, signal, sys, runpy
sys.path.insert(0, {str(SCRIPTS)!r})
from hippocampus.store import audit
from hippocampus.store import store_migration
where, how = {where!r}, {how!r}
def fault():
    if how == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    raise OSError(28, "No space left on device")
if where == "link":
    real, count = os.link, [0]
    def link(*a, **k):
        count[0] += 1
        if count[0] == 3:
            fault()
        return real(*a, **k)
    os.link = link
    import shutil
    real_copy = shutil.copy2
    def copy2(*a, **k):  # (a link refused is copied instead: the fault stops that too)
        if count[0] >= 3:
            fault()
        return real_copy(*a, **k)
    shutil.copy2 = copy2
elif where == "rename":
    real_rename = os.rename
    def rename(src, dst, *a, **k):
        if str(dst).endswith("/hippocampus"):
            fault()
        return real_rename(src, dst, *a, **k)
    os.rename = rename
else:
    real_record = audit.record
    def record(*a, **k):
        if a[4] == "migrate":
            fault()
        return real_record(*a, **k)
    audit.record = record
sys.argv = ["remember.py", "User likes rooibos"]
runpy.run_path({str(SCRIPTS / "remember.py")!r}, run_name="__main__")
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)


def _tree(root) -> dict:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".cache" not in p.parts and p.name != ".lock"}


@pytest.mark.parametrize("how", ["kill", "exception"])
@pytest.mark.parametrize("where", ["link", "rename"])
def test_a_crash_before_the_new_store_takes_effect_leaves_the_old_layout_whole(tmp_path, where, how):
    ws = old_workspace(tmp_path)
    commits, before = ws.commits(), _tree(ws.root / "memory")
    result = _remember_killed_at(ws, where, how)
    assert result.returncode != 0
    if how == "exception":
        assert "Traceback" not in result.stderr and "disk full" in result.stderr, result.stderr
    assert ws.commits() == commits and _tree(ws.root / "memory") == before
    assert not (ws.root / "hippocampus").exists()
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out  # still read as it is
    ws.remember("User likes rooibos", now=NOW)  # the next writer starts again, and finishes
    assert not (ws.root / ".hippocampus-migrating").exists()
    assert [s.split(":")[0] for s in ws.commits()[:2]] == ["remember", "migrate"]
    assert ws.git("status", "--porcelain", "--", "hippocampus") == ""
    assert ws.json("doctor.py", now=NOW)["healthy"]


@pytest.mark.parametrize("how", ["kill", "exception"])
def test_a_crash_after_the_new_store_took_effect_is_committed_by_the_next_writer(tmp_path, how):
    ws = old_workspace(tmp_path)
    commits = ws.commits()
    tea = next(m for m in json.loads((ws.root / "memory" / "index.json").read_text())["memories"]
               if "oolong" in m["content"])
    result = _remember_killed_at(ws, "commit", how)
    assert result.returncode != 0
    if how == "exception":
        assert result.stderr.strip() == ("remember.py: error: the store moved from memory/ to hippocampus/, but its "
                                         "commit failed ([Errno 28] No space left on device); the next write commits it")
    assert ws.commits() == commits and (ws.root / "hippocampus" / "index.json").is_file()
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out  # the new store, read before its commit
    ws.remember("User likes rooibos", now=NOW)
    subjects = ws.commits()
    assert subjects[0].startswith("remember:") and subjects[1].startswith("recover: committed an interrupted "
                                                                         "migrate"), subjects[:3]
    followed = _git(ws.root, "log", "--follow", "--format=%s", "--",
                    tea["file"].replace("memory/", "hippocampus/", 1)).splitlines()
    assert followed[-1].startswith("remember: User likes oolong tea"), followed
    assert ws.git("status", "--porcelain", "--", "hippocampus", "memory") == "?? memory/\n"  # the person's
    assert ws.json("doctor.py", now=NOW)["healthy"]


def test_init_on_an_old_workspace_moves_it_and_a_new_one_never_has_a_store_in_memory(tmp_path, ws):
    assert not (ws.root / "memory").exists() and (ws.store / "index.json").is_file()
    (tmp_path / "before").mkdir()
    old = old_workspace(tmp_path / "before")
    out = old.run("init.py", now=NOW).out
    assert "moved the store from memory/ to hippocampus/" in out
    assert (old.store / "index.json").is_file() and not (old.root / "memory" / "index.json").exists()


def test_doctor_repair_of_an_old_workspace_with_a_damaged_index_moves_it_and_rebuilds_from_git(tmp_path):
    ws = old_workspace(tmp_path)
    ids = {m["id"] for m in json.loads((ws.root / "memory" / "index.json").read_text())["memories"]}
    (ws.root / "memory" / "index.json").write_text("{broken")
    ws.run("doctor.py", "--repair", now=NOW)
    assert {m["id"] for m in ws.index()["memories"]} == ids
    assert all(m["file"].startswith("hippocampus/") for m in ws.index()["memories"] if m.get("file"))
    assert ws.json("doctor.py", now=NOW)["healthy"]


def test_a_folder_named_hippocampus_that_is_not_ours_stops_the_move_naming_it(tmp_path):
    ws = old_workspace(tmp_path)
    (ws.root / "hippocampus").mkdir()
    (ws.root / "hippocampus" / "mine.txt").write_text("a person's\n")
    commits = ws.commits()
    result = ws.run("remember.py", "User likes rooibos", now=NOW, expect=3)
    assert "is not a hippocampus store" in result.err and "move that folder away" in result.err
    assert ws.commits() == commits and (ws.root / "memory" / "index.json").is_file()


def test_a_long_lived_reader_follows_the_store_another_process_moved(tmp_path):
    from datetime import datetime, timezone
    from hippocampus.store.workspace import Workspace as Library
    ws = old_workspace(tmp_path)
    now = datetime(2026, 3, 11, 15, tzinfo=timezone.utc)
    server = Library(ws.root, now)  # as the MCP server keeps one between calls
    assert any("oolong" in m["content"] for m in server.memories())
    ws.remember("User likes rooibos", now=NOW)  # another process: the first write moves the store
    server.refresh(now)
    assert server.paths.store_name == "hippocampus"
    assert {"oolong", "rooibos"} <= {w for m in server.memories() for w in m["content"].split()}


def test_once_moved_a_file_field_naming_memory_is_never_deleted_or_written(ws):
    memory_id = ws.remember("User likes green tea", now=NOW)
    ours = ws.memory(memory_id)["file"]
    theirs = ws.root / ours.replace("hippocampus/", "memory/", 1)  # under OpenClaw's memory/: not ours any more
    theirs.parent.mkdir(parents=True)
    theirs.write_text("a note of the person's\n")
    index = ws.store / "index.json"
    index.write_text(index.read_text().replace('"file": "hippocampus/user/', '"file": "memory/user/'))
    _git(ws.root, "rm", "-q", ours)
    _git(ws.root, "commit", "-qam", "an index naming memory/")
    err = ws.run("forget.py", memory_id, "--purge", now=NOW, expect=3).err
    assert memory_id in err and "not a memory file" in err
    assert theirs.read_text() == "a note of the person's\n"
    assert not [c for c in ws.commits() if c.startswith("purge")]  # (the missing file was taken in, as a hand edit)
    report = ws.json("doctor.py", now=NOW, expect=3)
    assert [p for p in report["problems"] if memory_id in p and "not a memory file" in p]

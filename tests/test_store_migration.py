"""The layout (issue #43): the memories in memory/ as the design card has them (index.json, the
memory folders, the graph), what is not a memory in hippocampus/ (meta/, archive/, signals.jsonl).

A workspace from either layout before, everything in memory/ (the first) or everything in
hippocampus/ (late 2026), is read where it is, and moved by its first write: one commit of renames
(history follows with `git log --follow`, and history.py by id), each memory's `file` rewritten,
a forgotten memory's file out of memory/, memory/ left with what is not ours. A crash anywhere
before that commit leaves a workspace the next writer finishes."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT, SCRIPTS, Workspace

NOW = "2026-03-11T15:00:00Z"
# the last commits whose init.py made each layout: everything in memory/, everything in hippocampus/
BASES = {"memory": "28b4ff5", "hippocampus": "febb98b"}


def _git(cwd, *args, **kw) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd, check=True,
                          capture_output=True, text=True, **kw).stdout


def old_workspace(tmp_path, layout: str) -> Workspace:
    """A workspace as the code of `layout`'s time left it: its store in one folder, memories of every
    kind, a forgotten one, a proposal, the graph, and a person's daily note and OpenClaw's .dreams/
    in memory/ beside them. Built by that code (`git archive`); skipped where the checkout lacks it."""
    ws = Workspace(tmp_path / "workspace")
    old_scripts = tmp_path / "old"
    archived = subprocess.run(["git", "archive", "--format=tar", BASES[layout], "scripts"], cwd=ROOT,
                              capture_output=True)
    if archived.returncode != 0:
        pytest.skip(f"this checkout lacks {BASES[layout]} (a shallow clone): the old code is not at hand")
    old_scripts.mkdir()
    subprocess.run(["tar", "-x", "-C", str(old_scripts)], input=archived.stdout, check=True)
    scripts = old_scripts / "scripts"

    def run(*args, env=None):
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
    gone_episode = json.loads(run("remember.py", "Lost the umbrella at the station", "--store", "episodic",
                                  "--json").out)["id"]
    run("forget.py", gone_episode)
    run("remember.py", "User's neighbour keeps bees", env={"HIPPOCAMPUS_AGENT": "subagent:planner"})  # a proposal
    run("graph.py", "add", "Garage", "--type", "place", "--fact", "Quokka parks here")
    (ws.root / "memory").mkdir(exist_ok=True)
    (ws.root / "memory" / "2026-03-10.md").write_text("- a daily note of the person's\n")
    (ws.root / "memory" / ".dreams").mkdir()
    (ws.root / "memory" / ".dreams" / "dream.md").write_text("OpenClaw's dreaming\n")
    assert (ws.root / layout / "index.json").is_file()
    ws.old = layout
    ws.forgotten = forgotten
    ws.gone_episode = gone_episode
    return ws


def old_index(ws) -> dict:
    return json.loads((ws.root / ws.old / "index.json").read_text())


def ours(ws) -> dict:
    """Every file of ours, by the folder it is in (memory/ without OpenClaw's own)."""
    found = {}
    for top in ("memory", "hippocampus"):
        for path in sorted((ws.root / top).rglob("*")):
            relative = str(path.relative_to(ws.root))
            if path.is_file() and ".cache" not in path.parts and path.name != ".lock" and \
                    relative not in ("memory/2026-03-10.md", "memory/.dreams/dream.md"):
                found[relative] = path.read_bytes()
    return found


@pytest.mark.parametrize("layout", ["memory", "hippocampus"])
def test_an_old_workspace_is_read_where_it_is_without_moving_it(tmp_path, layout):
    ws = old_workspace(tmp_path, layout)
    commits, before = ws.commits(), ours(ws)
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out
    assert ws.json("doctor.py", now=NOW)["healthy"]
    assert "neighbour keeps bees" in ws.run("review.py", "list", now=NOW).out
    assert "Quokka parks here" in ws.run("graph.py", "show", "Garage", now=NOW).out
    assert "3 live memories" in ws.run("status.py", now=NOW).out
    assert ws.commits() == commits and ours(ws) == before


@pytest.mark.parametrize("layout", ["memory", "hippocampus"])
def test_the_first_write_moves_the_workspace_in_one_commit_of_renames_with_history_kept(tmp_path, layout):
    ws = old_workspace(tmp_path, layout)
    old = old_index(ws)
    tea = next(m for m in old["memories"] if "oolong" in m["content"])
    ws.remember("User likes coffee too", now=NOW)
    subjects = ws.commits()
    assert subjects[0].startswith("remember: ") and subjects[1].startswith("migrate: ")
    assert sum(s.startswith("migrate:") for s in subjects) == 1
    moved = _git(ws.root, "show", "-M", "--name-status", "--format=", "HEAD~1").splitlines()
    renames = [line for line in moved if line.startswith("R")]
    others = ("A\tmemory/.gitignore", "A\thippocampus/.gitignore", "M\t.gitattributes", "M\tmemory/index.json",
              "M\thippocampus/meta/audit.log", "A\thippocampus/meta/audit.log",
              "A\tmemory/index.json", "D\thippocampus/index.json", "A\thippocampus/archive/episodes/",
              "M\tmemory/episodes/", "A\tmemory/episodes/", "D\thippocampus/episodes/")
    assert renames and all(line.startswith(("R", *others)) for line in moved), moved
    index = ws.index()
    assert len(index["memories"]) == len(old["memories"]) + 1
    files = {m["id"]: m.get("file") for m in index["memories"]}
    # the live ones in memory/, the forgotten one's file (and its episode entry) in hippocampus/archive/
    assert files[tea["id"]] == "memory/user/" + tea["file"].rsplit("/", 1)[1]
    assert files[ws.forgotten].startswith("hippocampus/archive/user/")
    assert files[ws.gone_episode].startswith("hippocampus/archive/episodes/")
    assert all(f.startswith("memory/") for i, f in files.items() if f and i not in (ws.forgotten, ws.gone_episode))
    assert "umbrella" not in " ".join(p.read_text() for p in (ws.store / "episodes").glob("*.md"))
    assert "umbrella" in (ws.root / files[ws.gone_episode]).read_text()
    followed = _git(ws.root, "log", "--follow", "--format=%s", "--", files[tea["id"]]).splitlines()
    assert followed[-1].startswith("remember: User likes oolong tea"), followed
    lived = ws.json("history.py", tea["id"], now=NOW)
    assert any(event.get("action") == "remember" for event in lived.get("events", [])), lived
    assert {m["id"]: m["content"] for m in index["memories"]}.items() >= \
        {m["id"]: m["content"] for m in old["memories"]}.items()
    # memory/ keeps OpenClaw's and the person's own files; meta/ and the archive are in hippocampus/
    assert (ws.root / "memory" / "2026-03-10.md").read_text() == "- a daily note of the person's\n"
    assert (ws.root / "memory" / ".dreams" / "dream.md").is_file()
    assert not (ws.root / "memory" / "meta").exists() and not (ws.root / "hippocampus" / "index.json").exists()
    assert (ws.meta / "audit.log").is_file() and (ws.meta / "pending-memories.md").is_file()
    assert ws.git("status", "--porcelain", "--", "hippocampus", "memory/index.json", "memory/user") == ""
    assert ws.json("doctor.py", now=NOW)["healthy"]
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out
    assert "neighbour keeps bees" in ws.run("review.py", "list", now=NOW).out
    assert "Quokka parks here" in ws.run("graph.py", "show", "Garage", now=NOW).out
    ws.remember("And a third one", now=NOW)  # later writes: the new layout, no second move
    assert sum(s.startswith("migrate:") for s in ws.commits()) == 1
    # no .md under memory/ of ours holds a memory that is not live
    texts = " ".join(p.read_text() for p in ws.store.rglob("*.md") if ".dreams" not in p.parts)
    assert "saxophone" not in texts and "umbrella" not in texts


def _remember_killed_at(ws: Workspace, where: str, how: str = "kill") -> subprocess.CompletedProcess:
    """remember.py with a fault at one step of the move: `where` is "link" (some files linked at their
    new paths), "switch" (the old layout's mark about to go) or "commit" (the switch made, the old files
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
        if not str(a[1]).endswith(".undo.tmp"):  # (a transaction's own: not the move's)
            count[0] += 1
            if count[0] == 2:
                fault()
        return real(*a, **k)
    os.link = link
    import shutil
    real_copy = shutil.copy2
    def copy2(*a, **k):  # (a link refused is copied instead: the fault stops that too)
        if count[0] >= 2:
            fault()
        return real_copy(*a, **k)
    shutil.copy2 = copy2
elif where == "switch":
    real_remove = store_migration._remove_old
    real_carry = store_migration._carry_out
    import pathlib
    real_unlink = pathlib.Path.unlink
    def unlink(self, *a, **k):
        if str(self).endswith(("hippocampus/index.json", "memory/meta/audit.log")):
            fault()
        return real_unlink(self, *a, **k)
    pathlib.Path.unlink = unlink
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


@pytest.mark.parametrize("layout", ["memory", "hippocampus"])
@pytest.mark.parametrize("how", ["kill", "exception"])
@pytest.mark.parametrize("where", ["link", "switch"])
def test_a_crash_before_the_switch_leaves_the_old_layout_read_and_the_next_writer_finishes(tmp_path, layout,
                                                                                             where, how):
    ws = old_workspace(tmp_path, layout)
    commits = ws.commits()
    result = _remember_killed_at(ws, where, how)
    assert result.returncode != 0
    if how == "exception":
        assert "Traceback" not in result.stderr and "disk full" in result.stderr, result.stderr
    assert ws.commits() == commits and (ws.root / layout / "index.json").is_file()
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out  # still read as it is
    ws.remember("User likes rooibos", now=NOW)  # the next writer starts again, and finishes
    assert [s.split(":")[0] for s in ws.commits()[:2]] == ["remember", "migrate"]
    assert ws.git("status", "--porcelain", "--", "hippocampus", "memory/index.json", "memory/user") == ""
    assert ws.json("doctor.py", now=NOW)["healthy"]
    assert not (ws.root / "memory" / "meta").exists() and not (ws.root / "hippocampus" / "index.json").exists()


@pytest.mark.parametrize("layout", ["memory", "hippocampus"])
@pytest.mark.parametrize("how", ["kill", "exception"])
def test_a_crash_after_the_switch_is_committed_by_the_next_writer(tmp_path, layout, how):
    ws = old_workspace(tmp_path, layout)
    commits = ws.commits()
    tea = next(m for m in old_index(ws)["memories"] if "oolong" in m["content"])
    result = _remember_killed_at(ws, "commit", how)
    assert result.returncode != 0
    if how == "exception":
        assert "but its commit failed" in result.stderr and "the next write commits it" in result.stderr
    assert ws.commits() == commits and (ws.root / "memory" / "index.json").is_file()
    assert "oolong tea" in ws.run("recall.py", "oolong", now=NOW).out  # the new layout, read before its commit
    ws.remember("User likes rooibos", now=NOW)
    subjects = ws.commits()
    assert subjects[0].startswith("remember:") and any(s.startswith(("migrate:", "recover: committed an "
                                                                                "interrupted migrate"))
                                                       for s in subjects[1:3]), subjects[:3]
    path = "memory/user/" + tea["file"].rsplit("/", 1)[1]
    followed = _git(ws.root, "log", "--follow", "--format=%s", "--", path).splitlines()
    assert followed[-1].startswith("remember: User likes oolong tea"), followed
    assert ws.json("doctor.py", now=NOW)["healthy"]


def test_init_on_an_old_workspace_moves_it_and_a_new_one_has_the_layout(tmp_path, ws):
    assert (ws.store / "index.json").is_file() and (ws.meta / "audit.log").is_file()
    assert ws.store.name == "memory" and not (ws.root / "memory" / "meta").exists()
    (tmp_path / "before").mkdir()
    old = old_workspace(tmp_path / "before", "hippocampus")
    out = old.run("init.py", now=NOW).out
    assert "moved the workspace into the layout" in out
    assert (old.store / "index.json").is_file() and not (old.root / "hippocampus" / "index.json").exists()


@pytest.mark.parametrize("layout", ["memory", "hippocampus"])
def test_doctor_repair_of_an_old_workspace_with_a_damaged_index_moves_it_and_rebuilds_from_git(tmp_path, layout):
    ws = old_workspace(tmp_path, layout)
    ids = {m["id"] for m in old_index(ws)["memories"]}
    (ws.root / layout / "index.json").write_text("{broken")
    ws.run("doctor.py", "--repair", now=NOW)
    assert {m["id"] for m in ws.index()["memories"]} == ids
    assert all(m["file"].startswith(("memory/", "hippocampus/archive/")) for m in ws.index()["memories"]
               if m.get("file"))
    assert ws.json("doctor.py", now=NOW)["healthy"]


def test_a_file_of_someone_elses_where_a_memory_moves_stops_the_move_naming_it(tmp_path):
    ws = old_workspace(tmp_path, "hippocampus")
    tea = next(m for m in old_index(ws)["memories"] if "oolong" in m["content"])
    stranger = ws.root / "memory" / "user" / tea["file"].rsplit("/", 1)[1]
    stranger.parent.mkdir(parents=True)
    stranger.write_text("a person's own note\n")
    commits = ws.commits()
    result = ws.run("remember.py", "User likes rooibos", now=NOW, expect=3)
    assert "exists and is not the file hippocampus moves there" in result.err and "move that file away" in result.err
    assert ws.commits() == commits and (ws.root / "hippocampus" / "index.json").is_file()
    assert stranger.read_text() == "a person's own note\n"


@pytest.mark.parametrize("layout", ["memory", "hippocampus"])
def test_a_long_lived_reader_follows_the_workspace_another_process_moved(tmp_path, layout):
    from datetime import datetime, timezone
    from hippocampus.store.workspace import Workspace as Library
    ws = old_workspace(tmp_path, layout)
    now = datetime(2026, 3, 11, 15, tzinfo=timezone.utc)
    server = Library(ws.root, now)  # as the MCP server keeps one between calls
    assert any("oolong" in m["content"] for m in server.memories())
    ws.remember("User likes rooibos", now=NOW)  # another process: the first write moves it
    server.refresh(now)
    assert server.paths.store_name == "memory" and server.paths.meta == ws.meta
    assert {"oolong", "rooibos"} <= {w for m in server.memories() for w in m["content"].split()}


def test_a_file_field_naming_somewhere_writers_never_keep_files_is_never_deleted_or_written(ws):
    memory_id = ws.remember("User likes green tea", now=NOW)
    ours_path = ws.memory(memory_id)["file"]
    theirs = ws.root / ours_path.replace("memory/", "hippocampus/", 1)  # the old layout's place: not kept there
    theirs.parent.mkdir(parents=True)
    theirs.write_text("a note of the person's\n")
    index = ws.store / "index.json"
    index.write_text(index.read_text().replace('"file": "memory/user/', '"file": "hippocampus/user/'))
    _git(ws.root, "rm", "-q", ours_path)
    _git(ws.root, "commit", "-qam", "an index naming hippocampus/user/")
    err = ws.run("forget.py", memory_id, "--purge", now=NOW, expect=3).err
    assert memory_id in err and "not a memory file" in err
    assert theirs.read_text() == "a note of the person's\n"
    report = ws.json("doctor.py", now=NOW, expect=3)
    assert [p for p in report["problems"] if memory_id in p and "not a memory file" in p]


def test_a_remote_still_written_in_a_layout_from_before_is_refused_once_this_machine_moved(tmp_path):
    """Machine B runs the code of late 2026 (everything in hippocampus/); A, updated, joined their memory
    and moved it. A sync of A never merges B's old layout back in: it says B must update first."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    archived = subprocess.run(["git", "archive", "--format=tar", BASES["hippocampus"], "scripts"], cwd=ROOT,
                              capture_output=True)
    if archived.returncode != 0:
        pytest.skip(f"this checkout lacks {BASES['hippocampus']} (a shallow clone)")
    (tmp_path / "old").mkdir()
    subprocess.run(["tar", "-x", "-C", str(tmp_path / "old")], input=archived.stdout, check=True)
    old_scripts = tmp_path / "old" / "scripts"
    b_root = tmp_path / "b"

    def old(*args):
        env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
        env.update(WORKSPACE=str(b_root), HIPPOCAMPUS_NOW=NOW)
        subprocess.run([sys.executable, str(old_scripts / args[0]), *args[1:]], check=True, capture_output=True,
                       env=env)

    old("init.py", "--remote", str(remote))
    old("remember.py", "User likes oolong tea")
    old("sync.py")
    a = Workspace(tmp_path / "a")
    a.run("init.py", "--workspace", str(a.root), "--remote", str(remote), now=NOW)  # joins, then moves
    assert (a.store / "index.json").is_file() and not (a.root / "hippocampus" / "index.json").exists()
    old("remember.py", "User likes rooibos too")
    old("sync.py")  # B pushes in the old layout
    head = a.git("rev-parse", "HEAD")
    result = a.run("sync.py", now=NOW, expect=3)
    assert "runs an older hippocampus" in result.err and "update it there" in result.err
    assert a.git("rev-parse", "HEAD") == head

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
    head = twin.git("rev-parse", "HEAD")
    dry = twin.json("sync.py", "--dry-run", now=T3)   # only fetches: says what would come in
    assert twin.git("rev-parse", "HEAD") == head
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
    for name in ("hippocampus/meta/audit.log", "MEMORY.md"):
        assert (twin.root / name).read_text() .count("\n") > 0
    log = next((twin.root / "memory" / "episodes").glob("*.md")).read_text(encoding="utf-8")
    assert log == next((b.root / "memory" / "episodes").glob("*.md")).read_text(encoding="utf-8")
    report = twin.json("doctor.py", now=T3)
    assert report["healthy"] and any("edited on two machines" in note for note in report["notes"])
    twin.run("sync.py", now=T4)  # the pull's second text is recorded as a conflict by the next sync
    assert len(twin.json("conflicts.py", "list", now=T4)["conflicts"]) == 1
    healthy(twin, T4)
    assert all(m.get("file") for m in live(twin).values())


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


def test_a_password_in_a_remote_set_by_hand_is_refused_too(ws):
    ws.git("remote", "add", "origin", "https://ada:s3cret@example.test/m.git")
    result = ws.run("sync.py", expect=1)
    assert "credential helper" in result.err and "s3cret" not in result.err


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


# ------------------------------------------------------------------ the rules, one by one
def _config():
    from hippocampus.base.config import DEFAULTS
    return json.loads(json.dumps(DEFAULTS))


def _memory(**fields):
    memory = {"id": "mem_000000000001", "domain": "user", "category": "facts", "content": "Ada likes tea",
              "importance": 0.5, "baseImportance": 0.5, "created": "2026-03-01T09:00:00Z",
              "lastAccessed": "2026-03-01T09:00:00Z", "timesReinforced": 0, "keywords": ["tea"],
              "store": "semantic", "status": "active", "file": "memory/user/ada-likes-tea.md", "hash": "h0"}
    memory.update(fields)
    return memory


def _doc(*memories):
    return {"stamp": "s", "version": 2, "lastUpdated": "2026-03-01T09:00:00Z", "decayLastRun": None,
            "memories": list(memories)}


def _merged(o, a, b, now="2026-03-11T12:00:00Z"):
    from hippocampus.sync import merge_index
    from hippocampus.text.timeutil import parse_time
    return {m["id"]: m for m in merge_index.merge(_doc(o), _doc(a), _doc(b), parse_time(now), _config())["memories"]}


ARCHIVED = {"status": "archived", "importance": 0.0, "archivedAt": "2026-03-05T09:00:00Z",
            "archivedBecause": "forgotten"}


def test_a_reinforcement_after_the_forget_revives_the_memory():
    o = _memory()
    late = _memory(timesReinforced=1, lastAccessed="2026-03-06T09:00:00Z", baseImportance=0.575)
    for a, b in ((_memory(**ARCHIVED), late), (late, _memory(**ARCHIVED))):
        merged = _merged(o, a, b)["mem_000000000001"]
        assert merged["status"] != "archived" and "archivedAt" not in merged
        assert merged["timesReinforced"] == 1 and merged["importance"] > 0


def test_a_forget_after_the_other_sides_reinforcement_stands():
    o = _memory()
    early = _memory(timesReinforced=1, lastAccessed="2026-03-04T09:00:00Z", baseImportance=0.575)
    for a, b in ((_memory(**ARCHIVED), early), (early, _memory(**ARCHIVED))):
        merged = _merged(o, a, b)["mem_000000000001"]
        assert merged["status"] == "archived" and merged["importance"] == 0.0
        assert merged["archivedAt"] == ARCHIVED["archivedAt"] and merged["timesReinforced"] == 1


def test_a_purge_stands_against_any_change():
    purged = _memory(**ARCHIVED, content="[purged]", keywords=[], file=None, hash=None, purged=True)
    busy = _memory(timesReinforced=3, lastAccessed="2026-03-09T09:00:00Z", content="Ada likes green tea")
    for a, b in ((purged, busy), (busy, purged)):
        merged = _merged(_memory(), a, b)
        assert merged["mem_000000000001"]["content"] == "[purged]"
        assert not any("tea" in m["content"] for m in merged.values())


def test_reinforcements_are_counted_and_importance_recomputed_not_averaged():
    from hippocampus.base.scoring import decayed, reinforced
    from hippocampus.text.timeutil import parse_time
    o = _memory(timesReinforced=2)
    a = _memory(timesReinforced=3, lastAccessed="2026-03-04T09:00:00Z", baseImportance=0.6)
    b = _memory(timesReinforced=5, lastAccessed="2026-03-08T09:00:00Z", baseImportance=0.7)
    merged = _merged(o, a, b)["mem_000000000001"]
    assert merged["timesReinforced"] == 2 + 1 + 3
    assert merged["lastAccessed"] == "2026-03-08T09:00:00Z"
    assert merged["baseImportance"] == reinforced(0.7, _config()["reinforce"]["rate"])  # theirs, plus our one
    assert merged["importance"] == decayed(merged, parse_time("2026-03-11T12:00:00Z"), _config())
    assert merged["importance"] != round((0.6 + 0.7) / 2, 6)


def test_two_different_edits_of_one_memory_keep_both_texts():
    from hippocampus.sync import merge_index
    o = _memory()
    a = _memory(content="Ada likes green tea", hash="ha")
    b = _memory(content="Ada likes black tea", hash="hb", keywords=["black"])
    merged = _merged(o, a, b)
    assert merged["mem_000000000001"]["content"] == "Ada likes green tea"
    assert merged["mem_000000000001"]["hash"] == "ha"   # the file the markdown driver keeps: ours
    second = merged[merge_index.conflict_id("mem_000000000001", "Ada likes black tea")]
    assert second["content"] == "Ada likes black tea" and second["editConflictOf"] == "mem_000000000001"
    assert "file" not in second
    # one side's edit is simply taken
    assert _merged(o, o, b)["mem_000000000001"]["content"] == "Ada likes black tea"


def test_the_merged_index_is_valid_and_keeps_new_memories_of_both_sides():
    from hippocampus.sync import merge_index
    from hippocampus.base.model import is_current
    from hippocampus.text.timeutil import parse_time
    o, mine, theirs = _memory(), _memory(id="mem_00000000000a"), _memory(id="mem_00000000000b")
    doc = lambda *ms: json.dumps(_doc(*ms)).encode()
    parts = merge_index.merge_bytes(doc(o), doc(o, mine), doc(o, theirs), parse_time("2026-03-11T12:00:00Z"),
                                    _config())
    merged = json.loads(b"".join(bytes(p) for p in parts))
    assert [m["id"] for m in merged["memories"]] == ["mem_000000000001", "mem_00000000000a", "mem_00000000000b"]
    assert all(is_current(m) for m in merged["memories"]) and list(merged)[0] == "stamp"
    with pytest.raises(merge_index.Unparsable):
        merge_index.merge_bytes(doc(o), b"{not json", doc(o), parse_time("2026-03-11T12:00:00Z"), _config())


def test_daily_logs_unite_entries_in_time_order():
    from hippocampus.sync.merge_logs import merge_log
    o = "# 2026-03-11\n\n## 09:00 · mem_a\nfirst\n\n## 12:00 · mem_gone\nto be purged\n"
    a = o + "\n## 13:00 · mem_c\nours at one\n"
    b = ("# 2026-03-11\n\n## 09:00 · mem_a\nfirst\n\n## 10:30 · mem_b\ntheirs at half past ten\n"
         "\n## 14:00 · mem_d\ntheirs at two\n")
    merged = merge_log(o, a, b)
    assert merged == ("# 2026-03-11\n\n## 09:00 · mem_a\nfirst\n\n## 10:30 · mem_b\ntheirs at half past ten\n"
                      "\n## 13:00 · mem_c\nours at one\n\n## 14:00 · mem_d\ntheirs at two\n")
    # an entry both edited keeps ours; one side's edit is taken
    edited_a = o.replace("first", "first, ours")
    edited_b = o.replace("first", "first, theirs")
    assert "first, ours" in merge_log(o, edited_a, edited_b) and "theirs" not in merge_log(o, edited_a, edited_b)
    assert "first, theirs" in merge_log(o, a, edited_b)


def test_audit_lines_unite_in_time_order_and_a_removed_line_stays_out():
    from hippocampus.sync.merge_logs import merge_lines
    o = "2026-03-11T09:00:00Z | main | remember | mem_a | secret words\n"
    a = o + "2026-03-11T10:00:00Z | main | remember | mem_b | b\n"
    b = "2026-03-11T09:00:00Z | main | purge | mem_a | [purged]\n2026-03-11T09:30:00Z | main | x | - | c\n"
    merged = merge_lines(o, a, b)
    assert "secret words" not in merged
    assert merged.splitlines() == ["2026-03-11T09:00:00Z | main | purge | mem_a | [purged]",
                                   "2026-03-11T09:30:00Z | main | x | - | c",
                                   "2026-03-11T10:00:00Z | main | remember | mem_b | b"]


def test_memory_md_merges_the_persons_text_and_keeps_our_section():
    from hippocampus.sync.merge_markdown import merge_blocks_document
    block = "<!-- hippocampus:core:start -->\n## Core\n- {}\n<!-- hippocampus:core:end -->\n"
    o = "# MEMORY.md\n\nline one\n\nline two\n\n" + block.format("old")
    a = "# MEMORY.md\n\nline one, mine\n\nline two\n\n" + block.format("ours")
    b = "# MEMORY.md\n\nline one\n\nline two, theirs\n\n" + block.format("theirs")
    merged = merge_blocks_document(o, a, b)
    assert "line one, mine" in merged and "line two, theirs" in merged
    assert merged.count("hippocampus:core:start") == 1 and "- ours" in merged and "- theirs" not in merged
    clash = merge_blocks_document(o, o.replace("line one", "one A"), o.replace("line one", "one B"))
    assert "one A" in clash and "one B" in clash and "<<<<<<<" not in clash


def test_the_driver_exits_1_only_for_an_unparsable_version(tmp_path):
    import sys
    from conftest import SCRIPTS
    files = {name: tmp_path / name for name in ("o", "a", "b")}
    files["o"].write_text('{"memories": []}')
    files["a"].write_text("not json at all")
    files["b"].write_text('{"memories": []}')
    run = lambda kind: subprocess.run([sys.executable, "-S", str(SCRIPTS / "merge_driver.py"), kind,
                                       *map(str, files.values()), "memory/index.json"],
                                      cwd=tmp_path, capture_output=True, text=True)
    failed = run("index")
    assert failed.returncode == 1 and len(failed.stderr.strip().splitlines()) == 1, failed.stderr
    assert "Traceback" not in failed.stderr
    files["a"].write_text("line\n<<<<<<< not ours\n")
    assert run("text").returncode == 0


def test_the_index_driver_reads_a_lone_surrogate_as_a_replacement_character(tmp_path):
    """A remote's index is someone else's data: a lone surrogate it names ("\\ud800", valid JSON,
    no text) made the merged index unwritable. It is merged as U+FFFD."""
    import sys
    from conftest import SCRIPTS
    memory = {"id": "mem_000000000001", "domain": "user", "category": "facts", "content": "Ada plays chess",
              "importance": 0.5, "baseImportance": 0.5, "created": T1, "lastAccessed": T1, "timesReinforced": 0,
              "keywords": ["chess"], "store": "semantic", "status": "active"}
    index = {"version": 2, "lastUpdated": T1, "decayLastRun": None, "memories": [memory]}
    files = {name: tmp_path / name for name in ("o", "a", "b")}
    files["o"].write_text(json.dumps(index))
    files["a"].write_text(json.dumps(index))
    files["b"].write_text(json.dumps(index).replace("Ada plays chess", "Ada plays chess \\ud800 well"))
    done = subprocess.run([sys.executable, "-S", str(SCRIPTS / "merge_driver.py"), "index",
                           *map(str, files.values()), "memory/index.json"], cwd=tmp_path, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    merged = json.loads(files["a"].read_text(encoding="utf-8"))
    assert [m["content"] for m in merged["memories"]] == ["Ada plays chess \ufffd well"]


def test_init_registers_the_drivers_and_commits_stay_on_the_fast_path(ws):
    from hippocampus.store.merge_setup import transforms_nothing
    attributes = ws.root / ".gitattributes"
    assert "memory/index.json merge=hippocampus-index" in attributes.read_text()
    assert transforms_nothing(attributes)
    assert "merge_driver.py" in ws.git("config", "merge.hippocampus-index.driver")
    assert ws.git("status", "--porcelain") == ""
    (tmp := ws.root / "x.attributes").write_text("*.md text eol=crlf\n")
    assert not transforms_nothing(tmp)
    tmp.unlink()
    # our attributes name merge drivers only: commits are still written straight into git's objects
    counter = ws.root / ".git" / "hippocampus-loose-bytes"
    counter.unlink(missing_ok=True)
    ws.remember("Ada prefers tea", now=T1)
    assert counter.exists()


def test_an_old_workspace_gets_the_drivers_on_its_first_sync(tmp_path):
    remote = bare(tmp_path)
    ws = Workspace(tmp_path / "old")
    ws.run("init.py", "--workspace", str(ws.root), now=T0)
    ws.git("rm", "-q", ".gitattributes")
    person_git("commit", "-q", "-m", "as before sync existed", cwd=ws.root)
    ws.git("config", "--unset", "merge.hippocampus-index.driver")
    ws.git("remote", "add", "origin", str(remote))
    ws.remember("Ada prefers tea", now=T1)
    ws.run("sync.py", now=T2)
    assert "merge=hippocampus-index" in (ws.root / ".gitattributes").read_text()
    assert "merge_driver.py" in ws.git("config", "merge.hippocampus-index.driver")
    assert ws.git("status", "--porcelain") == ""


def test_a_push_race_is_merged_again_and_pushed(tmp_path):
    remote, a, b, shared = two_machines(tmp_path)
    c = Workspace(tmp_path / "c")
    c.run("init.py", "--workspace", str(c.root), "--remote", str(remote), now=T0)
    from_c = c.remember("Machine C learned that Lin plays the cello", now=T1)
    from_a = a.remember("Machine A learned that the office moved", now=T1)
    # the remote moves while A pushes: C pushes from A's pre-push hook (once)
    hook = a.root / ".git" / "hooks" / "pre-push"
    hook.write_text(f"#!/bin/sh\nif [ -e '{tmp_path}/once' ]; then rm '{tmp_path}/once'; "
                    f"git -C '{c.root}' push -q origin HEAD:refs/heads/master; fi\nexit 0\n")
    hook.chmod(0o755)
    (tmp_path / "once").write_text("")
    result = a.json("sync.py", now=T2)
    assert result["pushed"] and not (tmp_path / "once").exists()
    assert from_c in live(a) and from_a in live(a)
    c.run("sync.py", now=T3)
    assert set(live(c)) == set(live(a))


def test_with_sync_schedules_a_sync_job_and_the_agent_hooks_sync(tmp_path):
    import sys
    import time
    from conftest import SCRIPTS
    from test_cron import FAKE_CRONTAB, fake_bin
    remote, a, b, shared = two_machines(tmp_path)
    folder = fake_bin(tmp_path, "crontab", FAKE_CRONTAB)
    table = tmp_path / "crontab.txt"
    env = {"PATH": f"{folder}:{os.environ['PATH']}", "CRONTAB_FILE": str(table)}
    a.run("cron_job.py", "register", "--sync", "--workspace", str(a.root), env=env)
    assert "# hippocampus:sync" in table.read_text() and "cron_job.py run sync" in table.read_text().replace("'", "")
    assert a.git("config", "hippocampus.autosync").strip() == "true"
    # the scheduled run: one line, like the other jobs
    new = a.remember("Learned on A before the hourly sync", now=T1)
    line = a.run("cron_job.py", "run", "sync", now=T2).out
    assert line.strip().endswith("out 1 new, 0 changed, 0 forgotten") and len(line.strip().splitlines()) == 1
    # B's agent session starts: B syncs in the background (B has asked for it too)
    b.run("cron_job.py", "register", "--sync", "--workspace", str(b.root), env=env)
    hook = subprocess.run([sys.executable, str(SCRIPTS / "agent_hook.py"), "session-start", "--workspace",
                           str(b.root)], input="{}", capture_output=True, text=True, timeout=60,
                          env={**os.environ, "HIPPOCAMPUS_NOW": T3})
    assert hook.returncode == 0 and "additionalContext" in hook.stdout
    for _ in range(300):
        if new in {m["id"] for m in b.index()["memories"]}:
            break
        time.sleep(0.1)
    assert new in live(b)
    a.run("cron_job.py", "unregister", "--workspace", str(a.root), env=env)
    assert "hippocampus:sync" not in table.read_text() and "hippocampus:decay" not in table.read_text()
    assert person_git("config", "hippocampus.autosync", cwd=a.root, check=False).stdout == ""


def test_a_file_deleted_on_one_machine_and_edited_on_the_other_keeps_the_edit(tmp_path):
    remote, a, b, shared = two_machines(tmp_path)
    memory_id = shared["edit_a"]
    (a.root / a.memory(memory_id)["file"]).unlink()
    edit_body(b, memory_id, "The cat is called Miso, edited on B")
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T4)
    for ws in (a, b):
        memory = ws.memory(memory_id)
        assert memory["content"] == "The cat is called Miso, edited on B"
        assert (ws.root / memory["file"]).read_text(encoding="utf-8").endswith("edited on B\n")
        no_markers(ws)
        healthy(ws, T4)


@pytest.mark.parametrize("first", ["a", "b"])
def test_a_forget_on_one_machine_and_an_edit_on_the_other_leave_the_index_naming_the_file(tmp_path, first):
    """git's merge follows the forget's move of the file into the archive and merges the
    edit into it; the merged index names the file where it is, on both machines."""
    remote, a, b, shared = two_machines(tmp_path)
    b.run("sync.py", now=T1)
    memory_id = shared["edit_a"]
    a.run("forget.py", memory_id, now=T1)
    edit_body(b, memory_id, "The cat is called Miso, edited on B")
    order = [a, b, a, b] if first == "a" else [b, a, b, a]
    for n, ws in enumerate(order):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    for ws in (a, b):
        memory = ws.memory(memory_id)
        assert memory["status"] == "archived" and memory["content"] == "The cat is called Miso, edited on B"
        tracked = [p for p in ws.git("ls-files").splitlines() if memory_id in p]
        assert tracked == [memory["file"]] and "/archive/" in memory["file"], (tracked, memory["file"])
        assert (ws.root / memory["file"]).read_text(encoding="utf-8").endswith("edited on B\n")
        healthy(ws, T4)
    assert a.index() == b.index()


@pytest.mark.parametrize("first", ["a", "b"])
@pytest.mark.parametrize("edited", ["The cat is called Miso, edited on B",
                                    "Miso sleeps on the piano all afternoon and hides from the vacuum cleaner, "
                                    "says the neighbour who feeds him on Thursdays while we are at the pool"],
                         ids=["alike", "rewritten"])  # git finds a move of the first, not of the second
def test_a_memory_forgotten_on_both_machines_and_edited_on_one_merges(tmp_path, first, edited):
    """A forgets a memory; B edits it by hand, then forgets it too: the same file moved
    whole on one side and changed on the other, which git calls a conflict of a move
    against a removal; the two versions are merged as the driver merges them, over the
    base's version, nothing refused."""
    remote, a, b, shared = two_machines(tmp_path)
    b.run("sync.py", now=T1)
    memory_id = shared["edit_a"]
    a.run("forget.py", memory_id, now=T1)
    edit_body(b, memory_id, edited)
    b.run("forget.py", memory_id, now=T1)
    order = [a, b, a, b] if first == "a" else [b, a, b, a]
    for n, ws in enumerate(order):
        result = ws.run("sync.py", now=(T2, T3, T4, T4)[n])
        assert result.returncode == 0, result.stderr
    for ws in (a, b):
        memory = ws.memory(memory_id)
        assert memory["status"] == "archived" and memory["content"] == edited
        assert [p for p in ws.git("ls-files").splitlines() if memory_id in p] == [memory["file"]]
        assert (ws.root / memory["file"]).read_text(encoding="utf-8").endswith(edited + "\n")
        no_markers(ws)
        healthy(ws, T4)
    assert a.index() == b.index()


@pytest.mark.parametrize("first", ["a", "b"])
@pytest.mark.parametrize("forgetter", ["body", "frontmatter"])
def test_an_edit_then_a_forget_on_one_machine_and_an_edit_on_the_other_leave_one_file(tmp_path, first, forgetter):
    """A edits a memory by hand and forgets it (its file moved changed: git, finding only
    unchanged moves, sees a removal and a new file); B edits the file in memory/. One file
    holds both edits, in the archive: no copy of the forgotten memory is left in memory/."""
    remote, a, b, shared = two_machines(tmp_path)
    b.run("sync.py", now=T1)
    memory_id = shared["edit_a"]

    def add_tag(ws):
        path = ws.root / ws.memory(memory_id)["file"]
        path.write_text(path.read_text(encoding="utf-8").replace("\n---\n", "\ntags: [pets]\n---\n", 1),
                        encoding="utf-8")

    text = "The cat is called Miso, edited by hand"
    if forgetter == "body":
        edit_body(a, memory_id, text)
        add_tag(b)
    else:
        add_tag(a)
        edit_body(b, memory_id, text)
    a.run("forget.py", memory_id, now=T1)
    b.remember("The printer on the second floor jams on A3", "--domain", "world", now=T1)  # takes B's edit in
    order = [a, b, a, b] if first == "a" else [b, a, b, a]
    for n, ws in enumerate(order):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    for ws in (a, b):
        memory = ws.memory(memory_id)
        assert memory["status"] == "archived" and memory["content"] == text
        tracked = [p for p in ws.git("ls-files").splitlines() if memory_id in p]
        assert tracked == [memory["file"]] and "/archive/" in memory["file"], (tracked, memory["file"])
        held = (ws.root / memory["file"]).read_text(encoding="utf-8")
        assert "tags: [pets]" in held and held.endswith(text + "\n"), held
        no_markers(ws)
        healthy(ws, T4)
    assert a.index() == b.index()


def test_a_move_against_a_removal_keeps_a_persons_line_endings(tmp_path):
    """B's file written with CRLF (a Windows editor), then forgotten there; A forgot it too:
    the merged file keeps B's bytes, line endings and all."""
    remote, a, b, shared = two_machines(tmp_path)
    b.run("sync.py", now=T1)
    memory_id = shared["edit_a"]
    a.run("forget.py", memory_id, now=T1)
    path = b.root / b.memory(memory_id)["file"]
    crlf = path.read_bytes().replace(b"\n", b"\r\n").replace(b"Miso", b"Miso, who sleeps on the piano all day")
    path.write_bytes(crlf)
    b.run("forget.py", memory_id, now=T1)
    kept = (b.root / b.memory(memory_id)["file"]).read_bytes()
    assert b"\r\n" in kept
    for n, ws in enumerate((b, a, b, a)):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    for ws in (a, b):
        assert (ws.root / ws.memory(memory_id)["file"]).read_bytes() == kept
        healthy(ws, T4)


def test_a_move_against_a_removal_after_criss_cross_merges_merges_over_both_bases(tmp_path):
    """Two merge bases (A pulled B's commit by hand while B synced A's): the file's base is
    the bases' versions merged, as git's own; over one base alone both edits would look
    like rewrites and A's text would stay in the file while the index says B's."""
    remote, a, b, shared = two_machines(tmp_path)
    b.run("sync.py", now=T1)
    memory_id = shared["edit_a"]
    first, second = "The cat is called Miso, edited on A", "The cat is called Miso, edited on A and then on B"
    edit_body(a, memory_id, first)
    a.remember("The boiler is serviced in May", "--domain", "world", now=T1)
    b.remember("The library closes at eight", "--domain", "world", now="2026-03-11T10:30:00Z")  # the later base
    a.run("sync.py", now=T2)
    a.git("fetch", "-q", str(b.root), "HEAD")
    person_git("merge", "-q", "--no-edit", "FETCH_HEAD", cwd=a.root)
    b.run("sync.py", now=T2)
    a.run("status.py", now=T2)
    a.run("forget.py", memory_id, now=T3)
    edit_body(b, memory_id, second)
    b.run("forget.py", memory_id, now=T3)
    b.run("sync.py", now=T3)
    a.git("fetch", "-q", "origin")
    assert len(a.git("merge-base", "--all", "HEAD", "origin/master").split()) == 2  # the case at hand
    a.run("sync.py", now=T4)
    b.run("sync.py", now=T4)
    for ws in (a, b):
        memory = ws.memory(memory_id)
        assert memory["content"] == second, memory
        assert (ws.root / memory["file"]).read_text(encoding="utf-8").endswith(second + "\n")
        healthy(ws, T4)
    assert a.index() == b.index()


def test_a_file_deleted_on_one_machine_is_never_taken_for_a_like_memorys_file(tmp_path):
    """A purges a memory and remembers one that reads much the same; B edits the first.
    git must not take the new file for the old one renamed (and merge B's edit into it):
    the new memory keeps its text and its file on both machines, and stays live."""
    remote, a, b, shared = two_machines(tmp_path)
    text = ("The deploy checklist for the shop: run the tests, build the image, tag the release, push it to "
            "the registry, update the changelog, notify the team in the channel; owner {}")
    old = a.remember(text.format("Kestrin"), "--domain", "world", now=T0)
    a.run("sync.py", now=T0)
    b.run("sync.py", now=T0)
    a.run("forget.py", old, "--purge", now=T1)
    new = a.remember(text.format("Morrow"), "--domain", "world", now=T1)
    path = b.root / b.memory(old)["file"]
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + " and Tamsin\n", encoding="utf-8")
    for n, ws in enumerate((a, b, a, b)):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    b.remember("The printer on the second floor jams on A3", "--domain", "world", now=T4)  # a writer's look
    for ws in (a, b):
        memory = ws.memory(new)
        assert memory["status"] != "archived" and memory["content"] == text.format("Morrow"), memory
        assert f"id: {new}" in (ws.root / memory["file"]).read_text(encoding="utf-8")
        assert ws.memory(old).get("purged")
        healthy(ws, T4)


def test_a_folder_forgotten_whole_on_one_machine_keeps_the_other_machines_new_memory_in_it(tmp_path):
    """A forgets every memory of a folder (git may take that for the folder moved into the
    archive); B remembers a new one in that folder: it stays live, in memory/, on both."""
    remote, a, b, shared = two_machines(tmp_path)
    b.run("sync.py", now=T1)
    folder = [m["id"] for m in a.index()["memories"] if m["domain"] == "relationship"]
    a.run("forget.py", *folder, now=T1)
    new = b.remember("Kim is Ada's cousin", "--domain", "relationship", now=T1)
    for n, ws in enumerate((b, a, b, a)):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    for ws in (a, b):
        memory = ws.memory(new)
        assert memory["status"] != "archived" and memory["file"].startswith("memory/relationship/"), memory
        assert [p for p in ws.git("ls-files").splitlines() if new in p] == [memory["file"]]
        healthy(ws, T4)
    assert a.index() == b.index()


@pytest.mark.parametrize("first", ["a", "b"])
def test_a_days_log_forgotten_whole_on_one_machine_keeps_the_other_machines_new_episode_live(tmp_path, first):
    """A forgets the day's only episode (the day's log moves whole into the archive, a move
    git follows); B remembers an episode the same day: git merges B's entry into the archive
    copy. It stays live, in the day's log, on both; a purge of it leaves its words nowhere."""
    remote, a, b, shared = two_machines(tmp_path)
    old = a.remember("Deployed the billing fix with Lin", "--store", "episodic", now=T1)
    a.run("sync.py", now=T1)
    b.run("sync.py", now=T1)
    a.run("forget.py", old, now=T2)
    new = b.remember("Reviewed the Quillmarsh office lease", "--store", "episodic", now=T2)
    order = [a, b, a, b] if first == "a" else [b, a, b, a]
    for n, ws in enumerate(order):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    for ws in (a, b):
        memory = ws.memory(new)
        assert memory["status"] != "archived" and memory["file"].startswith("memory/episodes/"), memory
        assert new in (ws.root / memory["file"]).read_text(encoding="utf-8")
        assert new not in (ws.root / ws.memory(old)["file"]).read_text(encoding="utf-8")
        healthy(ws, T4)
    assert a.index() == b.index()
    a.run("forget.py", new, "--purge", now=T4)
    a.run("sync.py", now=T4)
    b.run("sync.py", now=T4)
    for ws in (a, b):
        found = subprocess.run(["grep", "-rli", "--exclude-dir=.git", "Quillmarsh", str(ws.root)],
                               capture_output=True, text=True).stdout
        assert found == "", found


def test_how_a_link_was_made_goes_with_the_link_taken():
    o = _memory(supersededBy="mem_00000000000a", supersededHow="read", confidence="stale")
    relinked = _memory(supersededBy="mem_00000000000b", supersededHow="read", confidence="stale")  # ours: a reading
    stated = _memory(supersededBy="mem_00000000000a", supersededHow="stated", confidence="stale")  # theirs: said so
    for a, b in ((relinked, stated), (stated, relinked)):  # what the agent said stands, either way round
        merged = _merged(o, a, b)["mem_000000000001"]
        assert merged["supersededBy"] == "mem_00000000000a" and merged["supersededHow"] == "stated"
    other = _memory(supersededBy="mem_00000000000b", supersededHow="read", confidence="stale", timesReinforced=1)
    merged = _merged(o, relinked, other)["mem_000000000001"]  # two readings: ours, as it was said
    assert merged["supersededBy"] == "mem_00000000000b" and merged["supersededHow"] == "read"
    revived = _memory(timesReinforced=1, lastAccessed="2026-03-06T09:00:00Z", revivedAt="2026-03-06T09:00:00Z")
    merged = _merged(o, revived, stated)["mem_000000000001"]
    assert merged.get("supersededBy") is None and merged.get("supersededHow") is None  # said again: current


def test_the_working_days_notes_of_two_machines_merge_without_a_conflict(tmp_path):
    """hippocampus/session/ (wm.py, trail.py, snapshot.py) changed on both machines: both sides' lines kept."""
    remote, a, b, shared = two_machines(tmp_path)
    a.run("trail.py", "add", "machine A ran the suite", now=T1)
    b.run("trail.py", "add", "machine B deployed", now=T1)
    a.run("wm.py", "push", "A: check the cache", now=T1)
    b.run("wm.py", "push", "B: check the queue", now=T1)
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T4)
    for ws in (a, b):
        no_markers(ws)
        texts = [e["text"] for e in ws.json("trail.py", "show")["trail"]]
        assert "machine A ran the suite" in texts and "machine B deployed" in texts
        notes = [e["text"] for e in ws.json("wm.py", "read")["entries"]]
        assert sorted(notes) == ["A: check the cache", "B: check the queue"]
        healthy(ws, T4)

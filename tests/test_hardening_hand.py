"""People editing by hand (issue #22, findings 6-9): a save during a write is
never lost, a moved file leaves no stale path, nothing outside the workspace
is followed, odd files are reported rather than swallowed."""

from __future__ import annotations

import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_race import race  # noqa: E402

from hippocampus.base import fsutil
from hippocampus.store import safe_replace  # noqa: E402
from hippocampus.lifecycle.core_sync import sync_core  # noqa: E402
from hippocampus.lifecycle.remember import remember_one  # noqa: E402
from hippocampus.store.workspace import Workspace  # noqa: E402
from hippocampus.errors import WorkspaceError  # noqa: E402

NOW = datetime(2026, 3, 11, 15, 0, tzinfo=timezone.utc)


def _save_during(monkeypatch, when: str, path: Path, text: str) -> list:
    """A person appends `text` to `path` the moment a temporary file whose
    name contains `when` is written (after the writer's last look, before its
    files are in place)."""
    original = fsutil.write_temporary
    done = []

    def write_temporary(target, data, **kw):
        tmp = original(target, data, **kw)
        if when in str(target) and not done:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(text)
            done.append(target)
        return tmp

    monkeypatch.setattr(fsutil, "write_temporary", write_temporary)
    return done


# ------------------------------------------------------------------ finding 6
def test_an_entry_appended_to_the_log_after_the_writers_check_is_kept(ws, monkeypatch):
    ws.remember("Morning entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    log = ws.store / "episodes" / "2026-03-11.md"
    done = _save_during(monkeypatch, "pending-commit", log, "\n## 14:59\nA person's entry saved in the window\n")
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        ours = remember_one(tx, "The agent's entry", store="episodic")["id"]
    assert done
    text = log.read_text()
    assert "A person's entry saved in the window" in text and f"· {ours}\nThe agent's entry" in text
    ws.remember("The next write indexes the person's entry", now="2026-03-11T16:00:00Z")
    assert "A person's entry saved in the window" in [m["content"] for m in ws.index()["memories"]]
    assert ws.git("status", "--porcelain", "--", "memory", "hippocampus") == ""


@pytest.mark.parametrize("writer", ["sync_core", "remember"])
@pytest.mark.parametrize("when", ["pending-commit", "MEMORY.md"])
def test_a_line_appended_to_memory_md_while_core_is_written_is_kept(ws, monkeypatch, when, writer):
    ws.remember("User likes green tea", "--importance", "0.9", now="2026-03-09T09:00:00Z")
    ws.remember("User fact about the garden", "--importance", "0.7", now="2026-03-09T09:00:00Z")
    ws.run("sync_core.py", now="2026-03-09T10:00:00Z")
    memory_md = ws.root / "MEMORY.md"
    assert "garden" in memory_md.read_text()
    done = _save_during(monkeypatch, when, memory_md, "My own line, saved mid-sync\n")
    workspace = Workspace.open(ws.root, NOW)  # two days on: the garden fact (0.7) has faded out of core
    if writer == "sync_core":
        assert sync_core(workspace)["changed"]
    else:  # a change that moves core writes the section in its own commit, the same way
        with workspace.transaction("bot:remember", "remember") as tx:
            remember_one(tx, "User's sister is called Ana", importance=0.9)
    assert done
    text = memory_md.read_text()
    assert text.endswith("My own line, saved mid-sync\n") and "garden" not in text and "green tea" in text
    assert ("sister is called Ana" in text) == (writer == "remember")
    assert "My own line, saved mid-sync" in ws.git("show", "HEAD:MEMORY.md")
    assert ws.git("status", "--porcelain") == ""


def test_replace_verified_lays_a_persons_save_back_on(tmp_path, monkeypatch):
    """A save between the writer's temporary file and its rename: an append is
    kept after ours; any other change without a merge is put back as theirs."""
    path = tmp_path / "f.md"
    path.write_bytes(b"base\n")
    _save_during(monkeypatch, "f.md", path, "theirs\n")
    final, stamp = safe_replace.replace_verified(path, b"base\nours\n", b"base\n")
    assert path.read_bytes() == final == b"base\nours\ntheirs\n"
    assert stamp == (lambda st: (st.st_mtime_ns, st.st_size, st.st_ino))(path.stat())
    monkeypatch.undo()
    original = fsutil.write_temporary

    def rewrite_in_window(target, data, **kw):
        tmp = original(target, data, **kw)
        if b"ours" in bytes(data) and b"again" not in path.read_bytes():
            path.write_bytes(b"rewritten by a person again\n")
        return tmp

    monkeypatch.setattr(fsutil, "write_temporary", rewrite_in_window)
    final, _stamp = safe_replace.replace_verified(path, b"ours only\n", path.read_bytes())
    assert path.read_bytes() == final == b"rewritten by a person again\n"
    merged, _stamp = safe_replace.replace_verified(path, b"ours only\n", b"something else\n",
                                             merge=lambda theirs: theirs + b"ours merged\n")
    assert merged == path.read_bytes() == b"rewritten by a person again\nours merged\n"


def test_an_append_through_a_descriptor_opened_before_the_swap_is_laid_back_on(tmp_path):
    """A `>>` that opened the file a moment before the swap writes into the replaced copy
    after every check: once the change is settled, its bytes are appended to the file."""
    path = tmp_path / "f.md"
    path.write_bytes(b"base\n")
    late = safe_replace.LateAppends()
    person = open(path, "ab")  # opened before our swap ...
    final, _stamp = safe_replace.replace_verified(path, b"base\nours\n", b"base\n", late=late)
    person.write(b"theirs, a moment late\n")  # ... written after it
    person.close()
    assert path.read_bytes() == final == b"base\nours\n"
    late.settle()
    assert path.read_bytes() == b"base\nours\ntheirs, a moment late\n"
    late.settle()  # (once)
    assert path.read_bytes() == b"base\nours\ntheirs, a moment late\n"


@pytest.mark.parametrize("target", ["episodes", "memory_md"])
def test_a_person_appending_every_50_ms_while_writers_run_loses_nothing(tmp_path, target):
    tally = race(tmp_path / "ws", 8, target)
    assert tally["appended"] > 5 and tally["lost"] == tally["untaken"] == 0 and tally["failed"] == 0, tally


def test_a_person_appending_every_50_ms_beside_a_folder_writers_skip_loses_nothing(tmp_path):
    """With 1,001 memories in memory/world, writers skip it and compare only the folders that
    changed since the last writer; a log rebased on the person's append is left out of the look."""
    tally = race(tmp_path / "ws", 8, "episodes", filler=1001)
    assert tally["appended"] > 5 and tally["lost"] == tally["untaken"] == 0 and tally["failed"] == 0, tally


@pytest.mark.stress
@pytest.mark.parametrize("target", ["episodes", "memory_md"])
def test_a_person_appending_during_40_writers_loses_nothing(tmp_path, target):
    tally = race(tmp_path / "ws", 40, target)
    assert tally["lost"] == tally["untaken"] == 0 and tally["failed"] == 0, tally


# ------------------------------------------------------------------ finding 7
def test_a_file_moved_by_hand_commits_the_old_paths_removal(ws):
    memory_id = ws.remember("User prefers dark mode", "--domain", "user")
    old = ws.root / ws.memory(memory_id)["file"]
    os.rename(old, ws.store / "self" / "renamed-by-hand.md")
    ws.remember("Another memory written after the move", "--domain", "world")
    assert ws.git("status", "--porcelain") == ""
    assert old.name not in ws.git("ls-files", "memory")
    assert ws.memory(memory_id)["file"] == "memory/self/renamed-by-hand.md"
    live = [m for m in ws.index()["memories"] if m.get("status") != "archived"]
    assert [m["file"] for m in live].count("memory/self/renamed-by-hand.md") == 1
    assert ws.json("doctor.py")["healthy"]


def test_a_file_without_an_id_moved_by_hand_is_the_same_memory(ws):
    dropped = ws.store / "user" / "tea.md"
    dropped.write_text("User prefers tea to coffee\n")
    ws.remember("A write that indexes the dropped file", "--domain", "world")
    memory_id = next(m["id"] for m in ws.index()["memories"] if m["content"] == "User prefers tea to coffee")
    os.rename(dropped, ws.store / "world" / "tea-moved.md")
    ws.remember("Another memory", "--domain", "world")
    same = [m for m in ws.index()["memories"] if m["content"] == "User prefers tea to coffee"]
    assert [(m["id"], m["file"], m["status"] != "archived") for m in same] == \
        [(memory_id, "memory/world/tea-moved.md", True)]
    assert ws.git("status", "--porcelain") == ""


def test_doctor_reports_a_tracked_path_no_write_will_commit(ws):
    ws.remember("User likes walks", "--domain", "user")
    stale = ws.store / "user" / "left-behind.txt"
    stale.write_text("an old copy\n")
    ws.git("add", "memory/user/left-behind.txt")
    ws.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "a copy committed by hand")
    # an older version left a moved file's old path like this: gone, tracked, in no memory
    stale.unlink()
    ws.remember("Something else", "--domain", "world")
    report = ws.json("doctor.py", expect=3)
    assert not report["healthy"] and any("left-behind.txt" in p and "no write will commit" in p
                                         for p in report["problems"]), report
    ws.run("doctor.py", "--repair")
    assert ws.git("status", "--porcelain") == ""
    assert ws.json("doctor.py")["healthy"]


# ------------------------------------------------------------------ finding 8
def test_a_domain_folder_symlinked_out_of_the_workspace_is_never_followed(ws, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret-diary.md").write_text("Words kept outside the workspace\n")
    world = ws.store / "world"
    for name in os.listdir(world):
        os.unlink(world / name)
    world.rmdir()
    os.symlink(outside, world)
    assert "Words kept outside" not in ws.run("recall.py", "Words kept outside the workspace").out
    ws.remember("User likes maps", "--domain", "user")
    assert all("Words kept outside" not in m["content"] for m in ws.index()["memories"])
    assert "secret-diary" not in ws.git("log", "--all", "--name-only", "--format=")
    report = ws.json("doctor.py", expect=3)
    assert any(p.startswith("memory/world/:") and "symlink out of the workspace" in p for p in report["problems"])


def test_a_symlinked_folder_inside_the_workspace_is_still_read(ws):
    procedures = ws.store / "procedures"
    os.rename(procedures, ws.store / "procedures-real")
    os.symlink("procedures-real", procedures)
    (ws.store / "procedures-real" / "deploy.md").write_text("# Deploy\nRun the deploy script\n")
    assert "Run the deploy script" in ws.run("recall.py", "deploy script").out


# ------------------------------------------------------------------ finding 9
def test_a_file_over_max_content_bytes_is_not_indexed_and_said_once(ws):
    big = ws.store / "user" / "dump.md"
    big.write_text("the big dump " * 10000 + "\n")  # 130 KB: over the default 64 KiB
    first = ws.run("recall.py", "big dump")
    assert "dump.md" in first.err and "max_content_bytes" in first.err
    assert ws.run("recall.py", "big dump").err == ""
    second = ws.run("remember.py", "User likes maps", "--domain", "user")
    assert "dump.md" not in second.err
    assert all("the big dump" not in m["content"] for m in ws.index()["memories"])
    assert "dump.md" not in ws.git("log", "--all", "--name-only", "--format=")
    report = ws.json("doctor.py", expect=3)
    assert any(p.startswith("memory/user/dump.md:") and "max_content_bytes" in p for p in report["problems"])


def test_an_entry_over_max_content_bytes_in_a_log_is_not_indexed(ws):
    ws.remember("Small entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    log = ws.store / "episodes" / "2026-03-11.md"
    with open(log, "a") as handle:
        handle.write("\n## 10:00\n" + "huge pasted log " * 8000 + "\n")
    ws.remember("Next", now="2026-03-11T11:00:00Z")
    assert all("huge pasted log" not in m["content"] for m in ws.index()["memories"])
    assert "Small entry" in [m["content"] for m in ws.index()["memories"]]


@pytest.mark.parametrize("data", [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
                                  bytes(range(128, 256)) * 8 + b"no nul here"], ids=["png", "not-utf8"])
def test_a_binary_file_named_md_is_not_a_memory(ws, data):
    (ws.store / "world" / "picture.md").write_bytes(data)
    ws.remember("User likes maps", "--domain", "user")
    assert [m["content"] for m in ws.index()["memories"]] == ["User likes maps"]
    report = ws.json("doctor.py", expect=3)
    assert any(p.startswith("memory/world/picture.md:") and "binary" in p for p in report["problems"])


def test_files_never_read_as_memories_are_named_by_doctor_with_the_reason(ws):
    (ws.store / "user" / "health").mkdir()
    (ws.store / "user" / "health" / "x.md").write_text("User runs on Sundays\n")
    (ws.store / "user" / "SHOUT.MD").write_text("User shouts\n")
    (ws.store / "user" / "long.markdown").write_text("User writes long names\n")
    problems = "\n".join(ws.json("doctor.py", expect=3)["problems"])
    assert "memory/user/health/x.md: not indexed: in a subfolder" in problems
    assert "memory/user/SHOUT.MD: not indexed: only files named *.md" in problems
    assert "memory/user/long.markdown: not indexed: only files named *.md" in problems


def test_latin1_text_with_some_accents_is_still_a_memory(ws):
    (ws.store / "user" / "cafe.md").write_bytes("User loves the café near the gare in Orléans\n"
                                                          .encode("latin-1"))
    ws.remember("User likes maps", "--domain", "user")
    assert any(m["content"].startswith("User loves the caf") for m in ws.index()["memories"])


def test_a_new_days_log_a_person_creates_in_the_window_keeps_both(ws, monkeypatch):
    ws.remember("Yesterday's entry", "--store", "episodic", now="2026-03-10T09:00:00Z")
    log = ws.store / "episodes" / "2026-03-11.md"
    done = _save_during(monkeypatch, "2026-03-11.md", log, "# 2026-03-11\n\n## 14:58\nThe person began the day\n")
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        ours = remember_one(tx, "The agent's first entry of the day", store="episodic")["id"]
    text = log.read_text()
    assert done and "The person began the day" in text and f"· {ours}\nThe agent's first entry" in text
    ws.remember("Next", now="2026-03-11T16:00:00Z")
    contents = [m["content"] for m in ws.index()["memories"] if m.get("status") != "archived"]
    assert "The person began the day" in contents and "The agent's first entry of the day" in contents


# a person's save the writer never compared (after its check, or after its listing): no secret in it
# reaches git, by our commit or by git's own (a hook, a filter), and the edit is taken in
KEY = "AKIAIOSFODNN7EXAMPLE"


def _history(ws) -> str:
    return ws.git("log", "-p", "--all")


def _porcelain(ws, how: str | None) -> None:
    """A repository git's own `git commit` must commit (a hook, or a line-ending filter)."""
    if how == "hook":
        hook = ws.root / ".git" / "hooks" / "pre-commit"
        hook.write_text("#!/bin/sh\nexit 0\n")
        hook.chmod(0o755)
    elif how == "autocrlf":
        ws.git("config", "core.autocrlf", "input")


def _remember_while_a_secret_is_appended(ws, monkeypatch, how: str | None, when: str) -> Path:
    """A remember to the day's log while a person appends a secret to it (at the temporary file `when`)."""
    ws.remember("Morning entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    _porcelain(ws, how)
    log = ws.store / "episodes" / "2026-03-11.md"
    done = _save_during(monkeypatch, when, log, f"\n## 14:59\nThe backup key is {KEY}\n")
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        remember_one(tx, "The agent's entry", store="episodic")
    assert done
    return log


@pytest.mark.parametrize("how", [None, "hook", "autocrlf"])
def test_a_secret_appended_to_the_log_after_the_writers_check_never_reaches_git(ws, monkeypatch, how):
    log = _remember_while_a_secret_is_appended(ws, monkeypatch, how, "pending-commit")
    assert KEY not in _history(ws) and KEY not in log.read_text()  # redacted as it was laid on
    assert "The backup key is [REDACTED" in ws.git("show", "HEAD:memory/episodes/2026-03-11.md")
    monkeypatch.undo()
    ws.remember("The next write takes the person's entry in", now="2026-03-11T16:00:00Z")
    assert KEY not in (ws.store / "index.json").read_text() and KEY not in _history(ws)
    assert [m for m in ws.index()["memories"] if m["content"].startswith("The backup key is [REDACTED")]
    assert ws.git("status", "--porcelain") == ""


def test_a_secret_appended_to_memory_md_while_core_is_written_never_reaches_git(ws, monkeypatch):
    ws.remember("User likes green tea", "--importance", "0.9", now="2026-03-09T09:00:00Z")
    ws.remember("User fact about the garden", "--importance", "0.7", now="2026-03-09T09:00:00Z")
    ws.run("sync_core.py", now="2026-03-09T10:00:00Z")
    memory_md = ws.root / "MEMORY.md"
    done = _save_during(monkeypatch, "pending-commit", memory_md, f"My backup key: {KEY}\n")
    assert sync_core(Workspace.open(ws.root, NOW))["changed"]
    assert done and KEY not in _history(ws) and "My backup key: [REDACTED" in ws.git("show", "HEAD:MEMORY.md")
    text = memory_md.read_text()
    assert KEY not in text and "My backup key: [REDACTED" in text and "green tea" in text
    assert ws.git("status", "--porcelain") == ""


def test_a_secret_laid_on_a_session_file_is_redacted_where_it_lies(ws, monkeypatch):
    """A file no writer's look compares (neither a memory file nor a document)."""
    from hippocampus.lifecycle.session_work import wm_push
    with Workspace.open(ws.root, NOW).transaction("bot:wm", "wm-push") as tx:
        wm_push(tx, "work", "First note")
    notes = ws.root / "hippocampus" / "session" / "working-memory" / "work.md"
    done = _save_during(monkeypatch, "pending-commit", notes, f"My note: the backup key is {KEY}\n")
    with Workspace.open(ws.root, NOW).transaction("bot:wm", "wm-push") as tx:
        wm_push(tx, "work", "Second note")
    assert done and KEY not in _history(ws) and KEY not in notes.read_text()
    assert "My note: the backup key is [REDACTED" in notes.read_text()
    assert ws.git("status", "--porcelain") == ""


@pytest.mark.parametrize("secret", [False, True])
@pytest.mark.parametrize("log_there", [True, False])
def test_an_entry_saved_between_the_writers_listing_and_its_read_of_the_log_is_taken_in(ws, monkeypatch, secret,
                                                                                        log_there):
    """The listing found the log as index.json holds it (or found no log: the person's save
    creates the day's); their entry, saved a moment later, is in the bytes the writer appends to:
    it is not passed as indexed (the next writer reads the log again and takes it in), and no
    secret in it reaches git."""
    from hippocampus.store import hand_edits
    if log_there:
        ws.remember("Morning entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    else:
        ws.remember("Yesterday's entry", "--store", "episodic", now="2026-03-10T09:00:00Z")
    ws.remember("A fact about tea", now="2026-03-11T09:00:00Z")  # a writer's look: the log as indexed
    log = ws.store / "episodes" / "2026-03-11.md"
    text = f"The backup key is {KEY}" if secret else "The plumber came by at noon"
    original = hand_edits.commit_hand_edits

    def then_saved(*args, **kw):
        found = original(*args, **kw)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"\n## 14:59\n{text}\n" if log_there else f"# 2026-03-11\n\n## 14:59\n{text}\n")
        return found

    monkeypatch.setattr(hand_edits, "commit_hand_edits", then_saved)
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        remember_one(tx, "The agent's entry", store="episodic")
    monkeypatch.setattr(hand_edits, "commit_hand_edits", original)
    assert KEY not in _history(ws) and KEY not in log.read_text()
    ws.remember("The next write", now="2026-03-11T16:00:00Z")
    contents = [m["content"] for m in ws.index()["memories"]]
    assert ("The backup key is [REDACTED" in " ".join(contents)) if secret else "The plumber came by at noon" in contents
    assert "The agent's entry" in contents and KEY not in _history(ws)
    assert ws.git("status", "--porcelain") == ""


def test_a_log_the_take_in_rewrote_is_no_persons_save_to_the_writer_after_it(ws):
    """A take-in with a broken file beside it hands its caller no print: the stats it hands over are
    those it left (else the log it marked passes for a person's save since the listing, and the
    caller redacts it whole and has the next writer read it again)."""
    ws.remember("Morning entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    (ws.store / "user" / "broken.md").write_text("---\nid: [\n---\nbody\n")
    log = ws.store / "episodes" / "2026-03-11.md"
    with open(log, "a", encoding="utf-8") as handle:
        handle.write("\n## 10:00\nA person's entry with no marker\n")
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        remember_one(tx, "The agent's entry", store="episodic")
        assert not tx.reparse, tx.reparse
    assert "A person's entry with no marker" in [m["content"] for m in ws.index()["memories"]]


def test_a_line_added_to_a_memory_file_while_the_writer_rewrites_it_is_taken_in_redacted(ws, monkeypatch):
    """Laid back on our version of the file, the person's line is not what index.json holds: the next
    writer reads the file again (it is not vouched for as indexed) and no secret reaches git."""
    memory_id = ws.json("remember.py", "User likes figs", "--domain", "user", now="2026-03-11T09:00:00Z")["id"]
    path = ws.memory(memory_id)["file"]
    done = _save_during(monkeypatch, "pending-commit", ws.root / path, f"Their locker code key {KEY}\n")
    with Workspace.open(ws.root, NOW).transaction("bot:edit", "edit") as tx:
        memory = dict(tx.get(memory_id))
        memory["content"] = "User likes fresh figs"
        tx.write_memory_file(memory, path)
        tx.put(memory)
    assert done and KEY not in (ws.root / path).read_text() and KEY not in _history(ws)
    monkeypatch.undo()
    ws.remember("The next write", now="2026-03-11T16:00:00Z")
    content = ws.memory(memory_id)["content"]
    assert "User likes fresh figs" in content and "Their locker code key [REDACTED" in content
    assert ws.git("status", "--porcelain") == ""


def test_memory_md_saved_after_the_writers_look_at_the_documents_never_reaches_git(ws, monkeypatch):
    """MEMORY.md saved (a secret in it) after the writer compared the documents, before the core
    section is written on it: its stat is not the one seen, so it is redacted whole as it is written."""
    from hippocampus.store import hand_edits
    ws.remember("User likes green tea", "--importance", "0.9", now="2026-03-09T09:00:00Z")
    ws.run("sync_core.py", now="2026-03-09T10:00:00Z")
    memory_md = ws.root / "MEMORY.md"
    original = hand_edits.commit_document_edits

    def then_saved(*args, **kw):
        found = original(*args, **kw)
        with open(memory_md, "a", encoding="utf-8") as handle:
            handle.write(f"My backup key: {KEY}\n")
        return found

    monkeypatch.setattr(hand_edits, "commit_document_edits", then_saved)
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        remember_one(tx, "User's sister is called Ana", importance=0.9)
    text = memory_md.read_text()
    assert "sister is called Ana" in text and "My backup key: [REDACTED" in text
    assert KEY not in text and KEY not in _history(ws) and ws.git("status", "--porcelain") == ""


@pytest.mark.parametrize("how", ["hook", "autocrlf"])
def test_a_secret_saved_after_the_writers_write_is_not_what_gits_own_commit_takes(ws, monkeypatch, how):
    """git's own commit (a hook, a filter) stages an index of its own: a file a person saved after
    our write (here while index.json is written) is committed as we wrote it; their save is the next
    writer's to take in, redacted."""
    log = _remember_while_a_secret_is_appended(ws, monkeypatch, how, "index.json")
    monkeypatch.undo()
    assert KEY not in _history(ws) and "The agent's entry" in ws.git("show", "HEAD:memory/episodes/2026-03-11.md")
    assert ws.git("diff", "--cached") == ""  # (git's own index: the committed paths as committed)
    ws.remember("The next write takes the person's entry in", now="2026-03-11T16:00:00Z")
    assert [m for m in ws.index()["memories"] if m["content"].startswith("The backup key is [REDACTED")]
    assert KEY not in log.read_text() and KEY not in _history(ws) and ws.git("status", "--porcelain") == ""


def _refusing_hook(ws) -> None:
    hook = ws.root / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\nexit 1\n")
    hook.chmod(0o755)


def _late_writer_around_the_redaction(monkeypatch, path: Path, words: str, when=lambda expected: True) -> list:
    """A person's `>>` to `path`, opened a moment before the redaction's swap and written a moment after."""
    original = safe_replace.replace_verified
    late: list = []

    def replace_verified(target, data, expected, merge=None, late_appends=None):
        if Path(target) != path or late or not when(expected):
            return original(target, data, expected, merge, late_appends)
        with open(path, "a", encoding="utf-8") as handle:
            result = original(target, data, expected, merge, late_appends)
            handle.write(words)
        late.append(target)
        return result

    monkeypatch.setattr(safe_replace, "replace_verified", replace_verified)
    return late


@pytest.mark.parametrize("fails", [False, True])
def test_a_late_append_into_a_log_the_redaction_replaced_is_kept(ws, monkeypatch, fails):
    ws.remember("Morning entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    if fails:
        _refusing_hook(ws)
    log = ws.store / "episodes" / "2026-03-11.md"
    done = _save_during(monkeypatch, "pending-commit", log, f"\n## 14:59\nThe backup key is {KEY}\n")
    late = _late_writer_around_the_redaction(monkeypatch, log, "## 15:00\nThe person's late words\n")
    try:
        with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
            remember_one(tx, "The agent's entry", store="episodic")
    except WorkspaceError:
        assert fails
    monkeypatch.undo()
    text = log.read_text()
    assert done and late and KEY not in text and ("The agent's entry" in text) != fails
    assert "The person's late words" in text, text


@pytest.mark.parametrize("fails", [False, True])
def test_a_late_append_into_a_memory_file_the_redaction_replaced_is_kept(ws, monkeypatch, fails):
    memory_id = ws.json("remember.py", "User likes figs", "--domain", "user", now="2026-03-11T09:00:00Z")["id"]
    relative = ws.memory(memory_id)["file"]
    if fails:
        _refusing_hook(ws)
    done = _save_during(monkeypatch, "pending-commit", ws.root / relative, f"Their locker code key {KEY}\n")
    late = _late_writer_around_the_redaction(monkeypatch, ws.root / relative, "The person's late words\n",
                                             when=lambda expected: expected is not None and KEY.encode() in expected)
    try:
        with Workspace.open(ws.root, NOW).transaction("bot:edit", "edit") as tx:
            memory = dict(tx.get(memory_id))
            memory["content"] = "User likes fresh figs"
            tx.write_memory_file(memory, relative)
            tx.put(memory)
    except WorkspaceError:
        assert fails
    monkeypatch.undo()
    assert done and late and "The person's late words" in (ws.root / relative).read_text()


def test_a_late_append_into_a_log_swapped_out_on_a_retry_is_kept(ws, monkeypatch):
    """The swap is retried when the file it swapped out was changed meanwhile: that copy is watched
    too, so a `>>` still open on it is laid back on once the change is committed."""
    ws.remember("Morning entry", "--store", "episodic", now="2026-03-11T09:00:00Z")
    log = ws.store / "episodes" / "2026-03-11.md"
    done = _save_during(monkeypatch, "pending-commit", log, f"\n## 14:59\nThe backup key is {KEY}\n")
    original = safe_replace._swap_in
    calls: list = []

    def swap_in(tmp, path):
        if Path(path) != log:
            return original(tmp, path)
        calls.append(path)
        if len(calls) > 1:
            return original(tmp, path)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write("## 15:00\nFirst late line\n")
            handle.flush()
            result = original(tmp, path)
            handle.write("## 15:01\nSecond late line\n")
        return result

    monkeypatch.setattr(safe_replace, "_swap_in", swap_in)
    with Workspace.open(ws.root, NOW).transaction("bot:remember", "remember") as tx:
        remember_one(tx, "The agent's entry", store="episodic")
    monkeypatch.undo()
    text = log.read_text()
    assert done and len(calls) >= 2 and "The agent's entry" in text and KEY not in text
    assert "First late line" in text and "Second late line" in text, text

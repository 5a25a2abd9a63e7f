"""Forgetting that holds on every machine (issue #42, findings 5 and 6): a purge on one
machine is a tombstone every merge honours, by id and by content; the purged words
reach no file of either machine, nor the remote's current tree; a recall line that
named the purged words loses them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import Workspace

T0 = "2026-03-11T09:00:00Z"
T1 = "2026-03-12T10:00:00Z"   # A purges, B edits (neither has synced)
T2 = "2026-03-12T11:00:00Z"
T3 = "2026-03-12T11:05:00Z"
T4 = "2026-03-12T11:10:00Z"
WORDS = ("Quorvath", "Brindlemoss", "Tuesdays")


def bare(tmp_path: Path) -> Path:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return remote


def machines(tmp_path: Path):
    remote = bare(tmp_path)
    a = Workspace(tmp_path / "a")
    a.run("init.py", "--workspace", str(a.root), "--remote", str(remote), now=T0)
    x = a.remember("Quorvath fixes bicycles on Tuesdays", "--domain", "world", now=T0)
    a.remember("The bakery on the corner opens at seven", "--domain", "world", now=T0)
    a.run("sync.py", now=T0)
    b = Workspace(tmp_path / "b")
    b.run("init.py", "--workspace", str(b.root), "--remote", str(remote), now=T0)
    return remote, a, b, x


def holders(ws: Workspace, word: str) -> list[str]:
    """Every file of the working tree (.git aside), the search cache's bytes included, that holds `word`."""
    needle = word.lower().encode()
    found = []
    for path in sorted(ws.root.rglob("*")):
        if path.relative_to(ws.root).parts[:1] == (".git",) or not path.is_file():
            continue
        if needle in path.read_bytes().lower() or word.lower() in str(path.relative_to(ws.root)).lower():
            found.append(str(path.relative_to(ws.root)))
    return found


def remote_tree_holders(remote: Path, word: str) -> list[str]:
    """Files of the remote's current tree that hold `word`."""
    listed = subprocess.run(["git", "ls-tree", "-r", "-z", "HEAD"], cwd=remote, capture_output=True,
                            text=True, check=True).stdout
    found = []
    for record in listed.split("\0"):
        if "\t" not in record:
            continue
        info, path = record.split("\t", 1)
        blob = subprocess.run(["git", "cat-file", "blob", info.split()[2]], cwd=remote, capture_output=True,
                              check=True).stdout
        if word.lower().encode() in blob.lower():
            found.append(path)
    return found


def no_words_anywhere(remote: Path, *workspaces: Workspace) -> None:
    for word in WORDS:
        for ws in workspaces:
            assert holders(ws, word) == [], (ws.root.name, word, holders(ws, word))
        assert remote_tree_holders(remote, word) == [], (word, remote_tree_holders(remote, word))


def edit_body(ws: Workspace, memory_id: str, text: str) -> None:
    path = ws.root / ws.memory(memory_id)["file"]
    head, _sep, _body = path.read_text(encoding="utf-8").partition("\n---\n")
    path.write_text(f"{head}\n---\n{text}\n", encoding="utf-8")


@pytest.mark.parametrize("first", ["a", "b"])
def test_a_purge_holds_against_an_edit_on_the_other_machine(tmp_path, first):
    remote, a, b, x = machines(tmp_path)
    b.run("dashboard.py", now=T0)                    # a derived page on B that quotes it
    b.json("recall.py", "Quorvath bicycles", now=T0)  # B's search cache holds it
    a.run("forget.py", x, "--purge", now=T1)
    edit_body(b, x, "Quorvath fixes bicycles on Tuesdays and Brindlemoss helps")
    b.run("reinforce.py", x, now=T1)                 # B's audit line quotes it ("reinforced ...")
    order = [a, b, a, b] if first == "a" else [b, a, b, a]
    for n, ws in enumerate(order):
        ws.run("sync.py", now=(T2, T3, T4, T4)[n])
    for ws in (a, b):
        memory = ws.memory(x)
        assert memory.get("purged") and memory["status"] == "archived", memory
        assert not any(m.get("status") != "archived" and "Quorvath" in m["content"] for m in ws.index()["memories"])
        assert ws.json("recall.py", "Quorvath bicycles Brindlemoss", now=T4)["results"] == [] or all(
            "Quorvath" not in r["content"] for r in ws.json("recall.py", "Quorvath bicycles", now=T4)["results"])
        assert ws.git("status", "--porcelain", "--", ws.store.name) == ""
    assert a.index() == b.index()
    no_words_anywhere(remote, a, b)


def test_a_purge_holds_against_the_other_machines_archive_and_month_files(tmp_path):
    remote, a, b, x = machines(tmp_path)
    # B's consolidation archives the faded memory (its file moves to archive/) in a later month,
    # which also moves B's audit lines about it into a month file
    b.run("reinforce.py", x, now="2026-03-20T10:00:00Z")
    b.run("consolidate.py", now="2026-07-01T10:00:00Z")
    b.run("consolidate.py", now="2026-08-05T10:00:00Z")
    assert b.memory(x)["status"] == "archived" and "/archive/" in b.memory(x)["file"]
    a.run("forget.py", x, "--purge", now="2026-03-12T10:00:00Z")
    a.run("sync.py", now="2026-08-06T10:00:00Z")
    b.run("sync.py", now="2026-08-06T10:05:00Z")
    a.run("sync.py", now="2026-08-06T10:10:00Z")
    b.run("sync.py", now="2026-08-06T10:15:00Z")
    assert a.index() == b.index()
    no_words_anywhere(remote, a, b)


def test_the_same_fact_held_only_on_the_other_machine_is_purged_with_it(tmp_path):
    remote, a, b, x = machines(tmp_path)
    twin = b.remember("quorvath fixes bicycles on tuesdays", "--domain", "relationship", now=T1)  # another id
    a.run("forget.py", x, "--purge", now=T1)
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T4)
    for ws in (a, b):
        assert ws.memory(twin).get("purged"), ws.memory(twin)
    no_words_anywhere(remote, a, b)
    # said again after the purge, on the machine that purged, it is a memory of its own
    again = a.remember("Quorvath fixes bicycles on Tuesdays", "--domain", "world", now=T4)
    a.run("sync.py", now=T4)
    b.run("sync.py", now=T4)
    assert not b.memory(again).get("purged") and b.memory(again)["status"] != "archived"


def test_a_fast_forward_to_a_purge_leaves_no_word_in_the_other_machines_derived_files(tmp_path):
    remote, a, b, x = machines(tmp_path)
    b.run("dashboard.py", now=T0)
    b.json("recall.py", "Quorvath bicycles", now=T0)
    assert holders(b, "Quorvath")
    a.run("forget.py", x, "--purge", now=T1)
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)   # nothing of B's own: a fast-forward
    no_words_anywhere(remote, a, b)


def test_a_recall_line_that_named_the_purged_words_loses_them(ws):
    x = ws.remember("Quorvath fixes bicycles on Tuesdays", "--domain", "world", now=T0)
    y = ws.remember("The bakery on the corner opens at seven", "--domain", "world", now=T0)
    found = ws.json("recall.py", "does Quorvath fix bicycles or does the bakery open at seven", "--reinforce",
                    now=T1)
    assert {x, y} <= {r["id"] for r in found["results"]}
    ws.json("recall.py", "Quorvath", "--reinforce", now=T1)
    assert any("Quorvath" in line for line in ws.audit())
    ws.run("forget.py", x, "--purge", now=T2)
    for line in ws.audit():
        assert "Quorvath" not in line and "bicycles" not in line, line
    assert any(y in line and "[purged]" in line for line in ws.audit())   # the line stays, its query gone


def test_the_second_text_of_a_memory_edited_on_two_machines_goes_with_its_purge(tmp_path):
    remote, a, b, x = machines(tmp_path)
    edit_body(a, x, "Quorvath fixes bicycles on Tuesdays, says Ada")
    edit_body(b, x, "Quorvath fixes bicycles on Tuesdays and Brindlemoss helps")
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T3)
    seconds = [m["id"] for m in a.index()["memories"] if m.get("editConflictOf") == x]
    assert seconds, "the merge kept both texts"
    a.run("forget.py", x, "--purge", now=T4)   # on one machine, after the conflict was recorded
    a.run("sync.py", now=T4)
    b.run("sync.py", now=T4)
    for ws in (a, b):
        assert all(ws.memory(second).get("purged") for second in seconds)
    no_words_anywhere(remote, a, b)


def test_a_purge_after_a_forget_met_an_edit_takes_the_file_git_moved(tmp_path):
    """A forgets, B edits (git moves the file into the archive and merges the edit into it);
    then B purges: the archived file goes on both machines and the remote."""
    remote, a, b, x = machines(tmp_path)
    b.run("sync.py", now=T1)
    a.run("forget.py", x, now=T1)
    edit_body(b, x, "Quorvath fixes bicycles on Tuesdays and Brindlemoss helps")
    b.run("sync.py", now=T2)
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    b.run("forget.py", x, "--purge", now=T3)
    for ws in (b, a, b, a):
        ws.run("sync.py", now=T4)
    assert a.index() == b.index() and a.memory(x).get("purged")
    no_words_anywhere(remote, a, b)


@pytest.mark.parametrize("where", ["here", "there"])
def test_a_purge_finds_the_file_where_git_moved_it_when_the_index_names_where_it_was(tmp_path, where):
    """A store an older version left with the index naming memory/ while git had moved
    the file into the archive: a purge, here or from the other machine, takes the file."""
    remote, a, b, x = machines(tmp_path)
    a.run("forget.py", x, now=T1)
    index = a.root / "memory/index.json"
    archived = a.memory(x)["file"]
    assert "/archive/" in archived
    index.write_text(index.read_text().replace(archived, archived.replace("hippocampus/archive/", "memory/")))
    a.git("commit", "-q", "-m", "an index from before", "--", "memory/index.json")
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T2)
    (a if where == "here" else b).run("forget.py", x, "--purge", now=T3)
    for ws in (a, b, a, b):
        ws.run("sync.py", now=T4)
    assert a.index() == b.index() and a.memory(x).get("purged")
    no_words_anywhere(remote, a, b)

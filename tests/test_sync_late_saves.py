"""A person's save that lands while a writer moves or rewrites that memory's file, after the
writer's hand-edit scan (store/late_saves.py) or after its last check of the file's bytes, as it
removes it (safe_replace.remove_verified). bench/sync_stress.py lost hand edits so (seed 41 on
36c5e66: a forget on machine B met B's hand edit of the same memory; the edit's word was then in
no file, no commit and neither machine's index). A save after the scan was moved into the
archive, where no scan looks, and the index never held it; a save after the last check was
removed with the file.

The person's save is made at that exact moment by running the script with commit_hand_edits
wrapped (runpy, as tests/test_git_commits.py kills a writer at a given step)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import SCRIPTS, Workspace
from test_sync import T1, T2, T3, T4, healthy, no_markers, two_machines

# the script named by sys.argv[1], run with a person saving LATE_WORD at the end of the file of the
# memory LATE_ID (as the bench's hand edit does: open, truncate, write) at the moment LATE_AT names:
# "scan": once the writer's hand-edit scan is done; "removal": as the writer is about to remove the
# file (moved: a forget), after every check of its bytes; "late": into the file as it was opened a
# moment before its removal, written once the writer's files are written
LATE = ("import os, runpy, sys\n"
        f"sys.path.insert(0, {str(SCRIPTS)!r})\n"
        "from hippocampus.store import hand_edits, transaction, undo\n"
        "at, target, opened = os.environ['LATE_AT'], [], []\n"
        "def save(handle=None):\n"
        "    path = target[0]\n"
        "    text = path.read_text(encoding='utf-8').rstrip('\\n') if handle is None else handle.read().rstrip('\\n')\n"
        "    text += ' and ' + os.environ['LATE_WORD'] + '\\n'\n"
        "    if handle is None:\n"
        "        path.write_text(text, encoding='utf-8')\n"
        "    else:\n"
        "        handle.seek(0); handle.truncate(); handle.write(text); handle.close()\n"
        "scan = hand_edits.commit_hand_edits\n"
        "def scanned(workspace, index, *args, **kw):\n"
        "    found = scan(workspace, index, *args, **kw)\n"
        "    entry = next(m for m in index['memories'] if m['id'] == os.environ['LATE_ID'])\n"
        "    target.append(workspace.root / entry['file'])\n"
        "    if at == 'scan':\n"
        "        save()\n"
        "    return found\n"
        "hand_edits.commit_hand_edits = scanned\n"
        "keep = undo.Undo.keep\n"
        "def kept(self, path):\n"
        "    keep(self, path)\n"
        "    if target and path == target[0] and at == 'removal':\n"
        "        save()\n"
        "    if target and path == target[0] and at == 'late':\n"
        "        opened.append(open(path, 'r+', encoding='utf-8'))\n"
        "undo.Undo.keep = kept\n"
        "write = transaction.Transaction._write_memory_files\n"
        "def written(self, *args):\n"
        "    found = write(self, *args)\n"
        "    for handle in opened:\n"
        "        save(handle)\n"
        "    return found\n"
        "transaction.Transaction._write_memory_files = written\n"
        "sys.argv = sys.argv[1:]\n"
        f"runpy.run_path(os.path.join({str(SCRIPTS)!r}, sys.argv[0]), run_name='__main__')\n")

def saved_meanwhile(ws: Workspace, memory_id: str, word: str, *argv: str, now: str, at: str = "scan",
                    expect: int = 0) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=now, LATE_ID=memory_id, LATE_WORD=word, LATE_AT=at)
    result = subprocess.run([sys.executable, "-S", "-c", LATE, *argv], env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == expect, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_a_save_made_while_a_forget_runs_is_kept_and_reaches_the_other_machine(tmp_path):
    """A forgets a memory; the person saves its file after the forget's scan, before the
    move. The archived memory holds their words, on both machines, after sync."""
    remote, a, b, shared = two_machines(tmp_path)
    memory_id = shared["forgotten"]
    saved_meanwhile(a, memory_id, "Editlatesave", "forget.py", memory_id, now=T1)
    memory = a.memory(memory_id)
    assert memory["status"] == "archived"
    assert "Editlatesave" in memory["content"], memory  # main: the words were in the archive copy only
    assert "Editlatesave" in (a.root / memory["file"]).read_text(encoding="utf-8")
    assert a.git("status", "--porcelain") == ""
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T4)
    for ws in (a, b):
        assert "Editlatesave" in ws.memory(memory_id)["content"]
        assert ws.memory(memory_id)["status"] == "archived"
        no_markers(ws)
        healthy(ws, T4)
    assert a.index() == b.index()
    # what the person saved comes back with the memory
    b.run("reinforce.py", memory_id, now=T4)
    assert "Editlatesave" in b.memory(memory_id)["content"] and b.memory(memory_id)["status"] != "archived"


def test_a_save_made_while_a_memory_fades_is_kept(tmp_path):
    """The same move made by another writer (supersede: the old memory goes to the archive)."""
    remote, a, _b, shared = two_machines(tmp_path)
    old = shared["edit_b"]
    new = a.remember("Ada works at the lighthouse now", "--domain", "user", now=T1)
    saved_meanwhile(a, old, "Editlatesave", "supersede.py", new, old, now=T1)
    assert "Editlatesave" in a.memory(old)["content"]
    assert a.git("status", "--porcelain") == ""
    healthy(a, T1)



@pytest.mark.parametrize("at", ["removal", "late"])
def test_a_save_made_as_a_forget_removes_the_file_is_put_back_and_taken_in(tmp_path, at):
    """The person saves the file after the forget's last check of it, as the forget removes it
    (moved into the archive), or into the file as they had it open a moment before: the file
    is put back where it was, with their words, and the next writer takes it in (a memory of
    its own: the one they edited is forgotten). Main removed it: their words in no file, no
    commit, no memory, on either machine."""
    remote, a, b, shared = two_machines(tmp_path)
    memory_id = shared["forgotten"]
    live_file = a.root / a.memory(memory_id)["file"]
    saved_meanwhile(a, memory_id, "Editlatesave", "forget.py", memory_id, now=T1, at=at)
    assert a.memory(memory_id)["status"] == "archived"
    assert live_file.exists(), "removed with the person's save in it"  # main: their words in no file
    assert "Editlatesave" in live_file.read_text(encoding="utf-8")
    a.run("sync.py", now=T2)  # the next writer: the file taken in
    b.run("sync.py", now=T3)
    a.run("sync.py", now=T4)
    for ws in (a, b):
        holders = [m for m in ws.index()["memories"] if "Editlatesave" in m["content"]]
        assert len(holders) == 1 and holders[0]["status"] != "archived", holders
        assert holders[0]["id"] != memory_id and ws.memory(memory_id)["status"] == "archived"
        assert not list(ws.root.rglob("*.removed.tmp"))
        no_markers(ws)
        healthy(ws, T4)
    assert a.index() == b.index()


def test_a_save_made_as_a_purge_removes_the_file_goes_with_it(tmp_path):
    """A purge's removal is not a move: what a person saves into the purged memory's file as
    it goes is purged with it (a purge takes every word of the memory, theirs too)."""
    remote, a, _b, shared = two_machines(tmp_path)
    memory_id = shared["forgotten"]
    live_file = a.root / a.memory(memory_id)["file"]
    saved_meanwhile(a, memory_id, "Editlatesave", "forget.py", memory_id, "--purge", now=T1, at="removal")
    assert a.memory(memory_id)["purged"] and not live_file.exists()
    a.run("remember.py", "The next writer comes along", now=T1)
    found = subprocess.run(["grep", "-rl", "--exclude-dir=.git", "Editlatesave", str(a.root)],
                           capture_output=True, text=True).stdout
    assert found == "", found
    healthy(a, T1)

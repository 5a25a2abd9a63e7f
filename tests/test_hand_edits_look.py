"""A writer compares only the memory folders that changed since the last writer (hand_edits.py,
look.as_indexed): whatever a person does meanwhile, nothing of theirs is lost, buried under our
writes or taken in twice. Each test here broke a first version of that change (a hostile review)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import date, timedelta

from conftest import SCRIPTS
from test_hand_edits import _edit_in_place, _large_folder, _look_for

DAY = "2026-03-11T15:00:00Z"


def _old_logs(ws, count: int = 1001) -> None:
    """`count` daily logs before DAY: memory/episodes a folder writers may skip."""
    first = date(2026, 3, 10)
    lines = [json.dumps({"content": f"Old diary note number {i} about nothing", "store": "episodic",
                         "created": f"{first - timedelta(days=i)}T12:00:00Z"}) for i in range(count)]
    ws.run("remember.py", "--jsonl", "-", "--json", input="\n".join(lines) + "\n", now=DAY)


def test_an_edit_in_place_of_a_log_in_a_skipped_folder_stops_a_writer_that_took_in_other_edits(ws):
    """A take-in that commits without a print (a broken file beside it) still hands the caller the
    folders it skipped: the caller checks the log it appends to, and the person's edit (a secret in
    it) is neither buried under our append nor committed unredacted."""
    _look_for(ws, 3600)
    _old_logs(ws)
    ws.remember("First entry of the day", "--store", "episodic", now=DAY)  # a writer's look: episodes large
    log = ws.store / "episodes" / "2026-03-11.md"
    _edit_in_place(log, "First entry of the day", "First entry of the day, key AKIAIOSFODNN7EXAMPLE")
    (ws.store / "user" / "figs.md").write_text("User likes figs\n")
    (ws.store / "user" / "broken.md").write_text("---\nid: [unclosed\n---\nbody\n")
    result = ws.run("remember.py", "Second entry of the day", "--store", "episodic", now=DAY, expect=3)
    assert "2026-03-11.md was edited by hand a moment ago; nothing was written" in result.err
    ws.run("remember.py", "Second entry of the day", "--store", "episodic", now=DAY)
    contents = [m["content"] for m in ws.index()["memories"] if m.get("file") == "memory/episodes/2026-03-11.md"]
    assert any(c.startswith("First entry of the day, key [REDACTED") for c in contents), contents
    assert "Second entry of the day" in contents
    assert "AKIAIOSFODNN7EXAMPLE" not in ws.git("log", "-p") + log.read_text()


def test_a_memory_folder_deleted_by_hand_is_seen_where_no_look_names_it(ws):
    """A folder absent now is always compared: the last writer's look may leave it out for other
    reasons (made when it did not exist, kept from before the store had no large folder)."""
    _look_for(ws, 3600)
    (ws.store / "procedures").rmdir()  # empty, as a fresh clone has it (git keeps no empty folder)
    ids = _large_folder(ws, ["The garden has tall sunflowers", "The pond has frogs"], now=DAY)
    filler = next(m["id"] for m in ws.index()["memories"] if "w0000x" in m["content"])
    ws.run("forget.py", ids[0], ids[1], filler, now=DAY)  # memory/world down to 1,000: no look recorded since
    procedure = ws.json("remember.py", "Deploy the site", "--title", "How to deploy", "--step", "run make deploy",
                        now=DAY)["id"]
    shutil.rmtree(ws.store / "procedures")
    ws.remember("A fact about tea", "--domain", "user", now=DAY)
    assert ws.memory(procedure)["status"] == "archived"
    assert ws.git("status", "--porcelain") == ""


def test_a_skipped_folder_left_out_of_a_look_is_compared_once_it_is_moved_away(ws):
    """A writer with nothing to change, that skipped a folder, records it in its look with the
    folder's own stat; else the folder went missing from the look, and its removal went unseen."""
    _look_for(ws, 3600)
    lines = [json.dumps({"content": f"Filler fact number {w} about nothing much", "domain": d})
             for d in ("world", "user") for w in (f"{d}{i:04d}x" for i in range(1001))]
    ids = json.loads(ws.run("remember.py", "--jsonl", "-", "--json", input="\n".join(lines) + "\n", now=DAY).out)["ids"]
    ws.remember("A fact about tea", "--domain", "self", now=DAY)  # a writer's look: both folders large
    ws.run("sync_core.py", now=DAY)
    (ws.store / "user" / ".notes.swp").write_text("x")  # an editor's swap file: memory/user's own stat moves
    ws.run("sync_core.py", now=DAY)  # lists memory/user, skips memory/world, changes nothing
    shutil.move(ws.store / "world", ws.root / "world-old")
    ws.remember("A fact about milk", "--domain", "self", now=DAY)
    world = [m for m in ws.index()["memories"] if m["id"] in ids[:1001]]
    assert all(m["status"] == "archived" for m in world), sum(m["status"] != "archived" for m in world)


def test_a_file_back_in_another_folder_revives_its_memory_beside_a_large_folder(ws):
    """A memory archived as deleted by hand comes back with its file wherever that is put, though
    the folder it was filed in is not compared."""
    _look_for(ws, 3600)
    _large_folder(ws, [], now=DAY)
    memory_id = ws.remember("User keeps bees on the roof", "--domain", "user", now=DAY)
    path = ws.root / ws.memory(memory_id)["file"]
    kept = path.read_bytes()
    path.unlink()
    ws.remember("The harbour opens at six", "--domain", "self", now=DAY)
    assert ws.memory(memory_id)["archivedBecause"] == "file deleted by hand"
    count = len(ws.index()["memories"])
    (ws.store / "relationship" / "bees.md").write_bytes(kept)  # its frontmatter names it
    ws.remember("The ferry leaves at seven", "--domain", "self", now=DAY)
    memory = ws.memory(memory_id)
    assert memory["status"] != "archived" and memory["file"] == "memory/relationship/bees.md"
    assert len(ws.index()["memories"]) == count + 1  # the ferry alone: no second memory of the bees


def test_a_new_file_naming_its_id_keeps_it_after_a_reader_saw_it(ws):
    """The search cache holds the rows a reader laid over it for a file not taken in yet: whether
    an id is taken is index.json's to say."""
    ws.remember("The harbour opens at six", "--domain", "world")
    (ws.store / "user" / "figs.md").write_text("---\nid: mem_0123456789ab\n---\nUser likes figs very much\n")
    assert ws.json("recall.py", "figs")["results"][0]["id"] == "mem_0123456789ab"  # a reader lays it over the cache
    ws.remember("The ferry leaves at seven", "--domain", "world")
    assert [m["id"] for m in ws.index()["memories"] if "figs" in m["content"]] == ["mem_0123456789ab"]


_APPEND_DURING = r'''
import runpy, sys
sys.path.insert(0, ".")
from hippocampus.store.transaction import Transaction
original = Transaction._check_bases
LOG = sys.argv[1]
def racing(self):  # a person's `>>` between the writer's read of the log and its check
    with open(LOG, "a", encoding="utf-8") as handle:
        handle.write("\n## 15:05\nThe plumber came by at noon\n")
    return original(self)
Transaction._check_bases = racing
sys.argv = ["remember.py", *sys.argv[2:]]
runpy.run_path("remember.py", run_name="__main__")
'''


def test_a_log_rebased_on_a_persons_append_in_a_large_folder_is_looked_at_again(ws):
    """The writer's look leaves the rebased log's folder out: the next writer compares it, and takes
    the person's entry in."""
    _look_for(ws, 3600)
    _old_logs(ws)
    ws.remember("First entry of the day", "--store", "episodic", now=DAY)
    log = ws.store / "episodes" / "2026-03-11.md"
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=DAY)
    result = subprocess.run([sys.executable, "-S", "-c", _APPEND_DURING, str(log), "Writer entry one", "--store",
                             "episodic"], cwd=SCRIPTS, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "The plumber came by at noon" in log.read_text()  # (kept, not taken in: the log is rebased on it)
    ws.remember("Writer entry two", "--store", "episodic", now=DAY)
    contents = [m["content"] for m in ws.index()["memories"] if m.get("file") == "memory/episodes/2026-03-11.md"]
    assert "The plumber came by at noon" in contents and "Writer entry one" in contents
    assert ws.git("status", "--porcelain") == ""

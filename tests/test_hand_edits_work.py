"""What a writer reads of index.json when a person changed one daily log: the memories filed in the
folders that changed, not every memory (hand_edits.py; at 100,000 memories every memory parsed was
~3 s a call). Each test broke the first versions of that change (a second hostile review): traced,
not timed: the script runs with known_files, MemoryList.read_all and MemoryList.walk noted."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import SCRIPTS
from test_hand_edits import _edit_in_place, _large_folder, _look_for

DAY = "2026-03-11T15:00:00Z"

# runs a script with the writer's comparison instrumented: each known_files call's `under`, and
# every full parse of the MemoryList (read_all / walk), appended to LOG as JSON lines
_TRACED = r'''
import json, runpy, sys
sys.path.insert(0, ".")
LOG = sys.argv[1]
def note(**kw):
    with open(LOG, "a") as h: h.write(json.dumps(kw) + "\n")
from hippocampus.store import reconcile, memory_list
original_known = reconcile.known_files
def known_files(memories, gone_by_hand=None, under=None):
    note(event="known_files", under=under)
    return original_known(memories, gone_by_hand, under)
reconcile.known_files = known_files
original_read_all = memory_list.MemoryList.read_all
def read_all(self):
    import traceback
    note(event="read_all", where=[f"{f.name}:{f.lineno}" for f in traceback.extract_stack()[-4:-1]])
    return original_read_all(self)
memory_list.MemoryList.read_all = read_all
original_walk = memory_list.MemoryList.walk
def walk(self):
    import traceback
    note(event="walk", where=[f"{f.name}:{f.lineno}" for f in traceback.extract_stack()[-4:-1]])
    return original_walk(self)
memory_list.MemoryList.walk = walk
sys.argv = [sys.argv[2], *sys.argv[3:]]
runpy.run_path(sys.argv[0], run_name="__main__")
'''


def traced(ws, tmp_path, script, *args, now=DAY):
    log = tmp_path / "trace.jsonl"
    log.unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=now)
    result = subprocess.run([sys.executable, "-S", "-c", _TRACED, str(log), script, *args], cwd=SCRIPTS, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def _appended_then_traced(ws, tmp_path, text: str) -> list:
    """Two writers, `text` appended by hand to the day's log, and a remember traced."""
    ws.remember("First entry of the day", "--store", "episodic", now=DAY)
    ws.remember("A fact about tea", "--domain", "user", now=DAY)
    with open(ws.store / "episodes" / "2026-03-11.md", "a", encoding="utf-8") as handle:
        handle.write(text)
    return traced(ws, tmp_path, "remember.py", "A fact about milk", "--domain", "user")


def test_with_no_large_folder_a_hand_append_reads_the_memories_of_its_folder_alone(ws, tmp_path):
    """A store with no folder of over 1,000 files (many entries in few logs) keeps the writer's
    look too: a hand append to one log is compared with the memories of its folder alone."""
    _look_for(ws, 3600)
    events = _appended_then_traced(ws, tmp_path, "\n## 15:05\nThe plumber came by at noon\n")
    assert [e["under"] for e in events if e["event"] == "known_files"] != [None], events


def test_beside_a_large_folder_a_hand_append_parses_no_memory_of_it(ws, tmp_path):
    _look_for(ws, 3600)
    _large_folder(ws, [], now=DAY)
    events = _appended_then_traced(ws, tmp_path, "\n## 15:05\nThe plumber came by at noon\n")
    assert not [e for e in events if e["event"] in ("walk", "read_all")], events


def test_a_log_saved_with_no_entry_changed_parses_no_memory_of_other_folders(ws, tmp_path):
    """A person's save of a log that changes no entry (a blank line, the editor's final newline):
    the memories whose rows a reader laid over are found among the log's folder alone."""
    _look_for(ws, 3600)
    _large_folder(ws, [], now=DAY)
    events = _appended_then_traced(ws, tmp_path, "\n\n")
    assert not [e for e in events if e["event"] in ("walk", "read_all")], events


def test_a_line_with_an_escape_in_its_text_is_not_parsed_for_another_folder(monkeypatch):
    """A memory whose text holds a line break or a quote is not parsed by a writer's look at one
    folder its file is not in: only `\\/` or `\\u` could hide an ASCII folder's path."""
    from hippocampus.store import memory_list
    from hippocampus.store.memory_list import MemoryList
    lines = [json.dumps({"id": f"mem_{i:012x}", "content": f"Line one of note {i}\nline two, \"quoted\"",
                         "file": f"hippocampus/world/note-{i}.md"}, ensure_ascii=False).encode() for i in range(2000)]
    lines.append(json.dumps({"id": "mem_log", "content": "An entry", "file": "hippocampus/episodes/2026-03-11.md"}).encode())
    body = b",\n".join(lines)
    parsed = []
    real = json.loads
    monkeypatch.setattr(memory_list.json, "loads", lambda s, *a, **k: parsed.append(1) or real(s, *a, **k))
    found = list(MemoryList.unsplit(body, 0, len(body)).walk_files_under(("hippocampus/episodes/",)))
    assert [m["id"] for m in found] == ["mem_log"]
    assert len(parsed) <= 10, f"{len(parsed)} lines parsed to find 1"

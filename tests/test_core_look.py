"""load_core at a session's start: large memory folders are not listed again when the last look
still vouches for them (store/look.py), however old it is; what it shows is checked instead.

Every test fills one memory folder past LOOK_LATER_OVER (1,000 files), where the look is kept."""

from __future__ import annotations

import json
import os
import re
import time

NOW = "2026-12-01T10:00:00Z"


def _large_folder(ws, extra: list[dict]) -> list[str]:
    """1,001 filler memories and `extra` (remember.py --jsonl objects) in one memory folder; the ids of
    `extra`. The import is a writer: its look at every file is the one load_core may trust."""
    lines = [json.dumps({"content": f"Filler fact number w{i:04d}x about nothing much", "domain": "world"})
             for i in range(1001)]
    lines += [json.dumps({"domain": "world", **memory}) for memory in extra]
    out = ws.run("remember.py", "--jsonl", "-", "--json", input="\n".join(lines) + "\n", now=NOW).out
    return json.loads(out)["ids"][-len(extra):]


def _edit_in_place(path, old: str, new: str) -> None:
    """Save as VS Code or `>>` do: same file, same inode, the folder's own stat untouched."""
    text = path.read_text()
    assert old in text
    with open(path, "r+", encoding="utf-8") as handle:
        handle.write(text.replace(old, new))
        handle.truncate()


def _save_by_rename(path, old: str, new: str) -> None:
    """Save as vim or many editors do: a new file written beside it, renamed over it."""
    text = path.read_text()
    assert old in text
    spare = path.with_name("." + path.name + ".swp")
    spare.write_text(text.replace(old, new))
    os.replace(spare, path)


def _core(ws, *args: str) -> str:
    return ws.run("load_core.py", *args, now=NOW).out


def _folder_stamp(ws) -> tuple:
    st = os.stat(ws.store / "world")
    return st.st_mtime_ns, st.st_ino


def test_load_core_shows_an_edit_in_place_of_a_core_memory_at_once(ws):
    boiler, = _large_folder(ws, [{"content": "Remember that the boiler code is 4471"}])
    assert "the boiler code is 4471" in _core(ws)
    stamp = _folder_stamp(ws)
    _edit_in_place(ws.root / ws.memory(boiler)["file"], "4471", "5582")
    assert _folder_stamp(ws) == stamp  # nothing the folder's stamp shows: the file itself is checked
    shown = _core(ws)
    assert "the boiler code is 5582" in shown and "4471" not in re.sub(r"mem_[0-9a-f]{12}", "", shown)
    ws.remember("Unrelated fact about the moon", "--domain", "user", now=NOW)  # the next writer commits it
    assert ws.memory(boiler)["content"] == "Remember that the boiler code is 5582"
    assert ws.git("status", "--porcelain") == ""


def test_load_core_checks_the_core_memories_its_budget_leaves_out_too(ws):
    """A core memory left out for want of room, made short enough to fit by an edit in place."""
    long_text = "Remember that the allotment rota is " + ", ".join(f"plot {n} on day {n}" for n in range(60))
    boiler, rota = _large_folder(ws, [{"content": "Remember that the boiler code is 4471"},
                                      {"content": long_text}])
    assert "allotment rota" in _core(ws, "--all") and "allotment rota" not in _core(ws, "--budget", "200")
    _edit_in_place(ws.root / ws.memory(rota)["file"], long_text, "Remember that the allotment rota is Tuesdays")
    shown = _core(ws, "--budget", "200")
    assert "the allotment rota is Tuesdays" in shown and "the boiler code is 4471" in shown


def test_load_core_sees_a_core_file_added_removed_or_saved_by_rename_in_a_large_folder(ws):
    boiler, bins = _large_folder(ws, [{"content": "Remember that the boiler code is 4471"},
                                      {"content": "Remember that the bins go out on Tuesday"}])
    shown = _core(ws)
    assert "the boiler code is 4471" in shown and "the bins go out on Tuesday" in shown
    folder = ws.store / "world"
    # a file dropped in by hand (its words make it core): the folder's stamp changed, so it is listed
    (folder / "spare-key.md").write_text("Remember that the spare key is under the blue flowerpot\n")
    assert "the spare key is under the blue flowerpot" in _core(ws)
    # a core memory's file deleted by hand
    (ws.root / ws.memory(bins)["file"]).unlink()
    shown = _core(ws)
    assert "bins go out" not in shown and "the spare key is under the blue flowerpot" in shown
    # saved by an editor that writes a new file and renames it over the old one
    _save_by_rename(ws.root / ws.memory(boiler)["file"], "4471", "5582")
    shown = _core(ws)
    assert "the boiler code is 5582" in shown and "the spare key" in shown and "bins go out" not in shown
    ws.remember("Unrelated fact about the moon", "--domain", "user", now=NOW)
    assert ws.commits()[1] == "manual: hand edits picked up: 1 edited, 1 added, 1 deleted"


def _a_month_old_fact(ws, config: str) -> tuple[str, str]:
    """A memory of weight 0.9 unused for 30 days (0.67 now: not core), and a core one, in a large
    folder; then `config` as memory/config.yaml. Its file's path and the core memory's id."""
    (ws.store / "config.yaml").write_text(config)
    ws.git("commit", "-q", "-m", "config", "--", "memory/config.yaml")
    quince, boiler = _large_folder(ws, [{"content": "The quince tree by the shed needs netting in May",
                                         "importance": 0.9, "created": "2026-11-01T10:00:00Z"},
                                        {"content": "Remember that the boiler code is 4471"}])
    return ws.memory(quince)["file"], boiler


def test_an_edit_in_place_that_brings_a_memory_into_core_waits_for_the_next_full_look(ws):
    """As an error its weight fades half as fast (0.77 now: core). load_core trusts a look of any
    age and does not see it; a recall once the look is recall.hand_edit_look_seconds old lists
    every file, and from then on load_core shows it; the next writer commits it."""
    quince, boiler = _a_month_old_fact(ws, "recall:\n  hand_edit_look_seconds: 1\n")
    assert "quince" not in _core(ws)
    _edit_in_place(ws.root / quince, "category: facts", "category: errors")
    time.sleep(1.2)  # recall's window past: load_core still trusts the look ...
    assert "quince" not in _core(ws) and "the boiler code is 4471" in _core(ws)
    ws.run("recall.py", "boiler", now=NOW)  # ... which a recall past its window makes again, listing every file
    shown = _core(ws)
    assert "quince tree by the shed" in shown.split("Lessons (from errors met and fixed)")[1]
    ws.run("reinforce.py", boiler, now=NOW)
    assert ws.commits()[1].startswith("manual:") and "category: errors" in (ws.root / quince).read_text()
    assert ws.git("status", "--porcelain") == ""


def test_load_core_with_the_look_switched_off_lists_every_file(ws):
    quince, _boiler = _a_month_old_fact(ws, "recall:\n  hand_edit_look_seconds: 0\n")
    assert "quince" not in _core(ws)
    _edit_in_place(ws.root / quince, "category: facts", "category: errors")
    assert "quince tree by the shed" in _core(ws)

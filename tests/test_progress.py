"""Long jobs show their progress on a terminal, and only there (issue #22, finding 19).

The scripts run as real processes with stderr on a pseudo-terminal (Python's
pty module) and stdout on a pipe; HIPPOCAMPUS_PROGRESS_AFTER=0 stands in for a
job that runs longer than a second, so no test needs a slow job or the clock:
the first update of a job always draws its line.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
import tty

import pytest

from conftest import SCRIPTS, Workspace

NOW = "2026-03-11T15:00:00Z"
SHOW = {"HIPPOCAMPUS_PROGRESS_AFTER": "0"}


def on_terminal(ws: Workspace, script: str, *args: str, env: dict | None = None, input: bytes | None = None,
                columns: int | None = None, flags: tuple[str, ...] = ("-S",)):
    """Run a script with stderr on a terminal (stdout a pipe): (exit code, stdout, what the terminal got)."""
    master, slave = pty.openpty()
    tty.setraw(slave)  # the bytes as written: no \n -> \r\n
    if columns:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    full_env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW, **(env or {}))
    proc = subprocess.Popen([sys.executable, *flags, str(SCRIPTS / script), *args], env=full_env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    terminal = bytearray()

    def read():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: every writer closed the terminal
                return
            if not data:
                return
            terminal.extend(data)

    reader = threading.Thread(target=read)
    reader.start()
    stdout, _ = proc.communicate(input, timeout=120)
    reader.join(timeout=30)
    os.close(master)
    return proc.returncode, stdout.decode("utf-8"), bytes(terminal).decode("utf-8", "replace")


def lines_drawn(terminal: str) -> list[str]:
    """Each text the terminal showed on the progress line (between carriage returns)."""
    return [part.strip() for part in terminal.split("\r") if part.strip()]


def fresh(tmp_path, name: str) -> Workspace:
    workspace = Workspace(tmp_path / name)
    workspace.run("init.py", "--workspace", str(workspace.root))
    return workspace


def memories_seen(ws: Workspace) -> list[tuple]:
    """The store's memories without their (random) ids."""
    return sorted((m["content"], m["domain"], m["store"], m["status"], m["importance"], m.get("category"))
                  for m in ws.index()["memories"])


def jsonl(count: int, bad_at: int | None = None) -> bytes:
    lines = []
    for i in range(count):
        record = {"content": f"bulk memory number {i} about the garden and the {i % 7} roses", "domain": "world"}
        if i + 1 == bad_at:
            record["store"] = "no-such-store"
        lines.append(json.dumps(record))
    return ("\n".join(lines) + "\n").encode()


# ------------------------------------------------------------------ the line itself
def test_bulk_remember_on_a_terminal_shows_count_and_total_then_wipes_the_line(tmp_path):
    shown, quiet = fresh(tmp_path, "shown"), fresh(tmp_path, "quiet")
    code, out, terminal = on_terminal(shown, "remember.py", "--jsonl", "-", input=jsonl(150), env=SHOW)
    assert code == 0, terminal
    drawn = lines_drawn(terminal)
    assert "remember 1/150 (0%)" in drawn, terminal
    assert any(line.startswith("remember: saving and committing") for line in drawn), drawn
    assert any(line.startswith("remember: writing files") and "/150" in line for line in drawn), drawn
    assert terminal.endswith("\r") and terminal.split("\r")[-2].strip() == "", repr(terminal[-80:])  # wiped
    # the same job with stderr on a pipe: the same output and exit code, the same memories
    plain = quiet.run("remember.py", "--jsonl", "-", input=jsonl(150), now=NOW)
    assert plain.err == "" and out == plain.out == "stored 150 memories, reinforced 0 duplicates\n"
    assert memories_seen(shown) == memories_seen(quiet)
    assert shown.commits()[0] == quiet.commits()[0]


def test_never_on_a_pipe(ws):
    result = ws.run("remember.py", "--jsonl", "-", input=jsonl(150), now=NOW, env=SHOW)
    assert result.err == ""
    for script, args in (("decay.py", ()), ("consolidate.py", ("--dry-run",))):
        assert ws.run(script, *args, now=NOW, env=SHOW).err == ""


def test_never_with_json_even_on_a_terminal(tmp_path):
    ws = fresh(tmp_path, "ws")
    code, out, terminal = on_terminal(ws, "remember.py", "--jsonl", "-", "--json", input=jsonl(150), env=SHOW)
    assert code == 0 and terminal == ""
    assert json.loads(out)["added"] == 150
    for script, args in (("decay.py", ("--json",)), ("consolidate.py", ("--dry-run", "--json")),
                         ("encode.py", ("--dry-run", "--json"))):
        code, out, terminal = on_terminal(ws, script, *args, env=SHOW)
        assert code == 0 and terminal == "", (script, terminal)
        json.loads(out)


@pytest.mark.parametrize("value", ["0", "off", "NO", "false"])
def test_hippocampus_progress_0_turns_it_off(tmp_path, value):
    ws = fresh(tmp_path, "ws")
    code, out, terminal = on_terminal(ws, "remember.py", "--jsonl", "-", input=jsonl(20),
                                      env={**SHOW, "HIPPOCAMPUS_PROGRESS": value})
    assert code == 0 and terminal == "" and out.startswith("stored 20 memories")


def test_a_short_job_prints_nothing(tmp_path):
    """Before HIPPOCAMPUS_PROGRESS_AFTER seconds (default 1) nothing is drawn: a job
    that ends sooner leaves the terminal untouched (an hour stands in for "sooner")."""
    ws = fresh(tmp_path, "ws")
    code, out, terminal = on_terminal(ws, "remember.py", "--jsonl", "-", input=jsonl(150),
                                      env={"HIPPOCAMPUS_PROGRESS_AFTER": "3600"})
    assert code == 0 and terminal == "" and out.startswith("stored 150")
    code, _out, terminal = on_terminal(ws, "decay.py", env={"HIPPOCAMPUS_PROGRESS_AFTER": "not a number"})
    assert code == 0 and terminal == ""  # the default second, not an error: decay at 150 takes less


# ---------------------------------------------------------------- every long job
def test_every_long_job_shows_its_line_and_prints_the_same(tmp_path):
    transcript = tmp_path / "session.jsonl"
    transcript.write_text("".join(json.dumps({
        "type": "message", "id": f"m{i}", "timestamp": f"2026-03-0{1 + i % 9}T10:{i:02d}:00Z",
        "message": {"role": "user", "content": [{"type": "text", "text": f"remember that the blue car {i} is mine"}]}})
        + "\n" for i in range(40)))
    notes = tmp_path / "notes.md"
    notes.write_text("# Garden\n" + "".join(f"- the hedge number {i} needs cutting in spring\n" for i in range(30)))
    jobs = [
        ("import.py", (str(notes),), "import: notes.md 1/30 ("),
        ("import_notes.py", (), "import notes 1/2 ("),
        ("preprocess.py", ("--path", str(transcript)), "preprocess "),
        ("encode.py", ("--auto",), "encode "),
        ("decay.py", (), "decay 1/"),
        ("consolidate.py", (), "consolidate: "),
    ]
    shown, quiet = fresh(tmp_path, "shown"), fresh(tmp_path, "quiet")
    for workspace in (shown, quiet):
        workspace.run("remember.py", "--jsonl", "-", input=jsonl(60), now=NOW)
        (workspace.root / "memory").mkdir(exist_ok=True)  # OpenClaw's folder
        for day in ("2026-03-01", "2026-03-02"):  # OpenClaw's daily notes
            (workspace.root / "memory" / f"{day}.md").write_text(f"- walked the dog along the river on {day}\n")
    for script, args, expected in jobs:
        code, out, terminal = on_terminal(shown, script, *args, env=SHOW)
        plain = quiet.run(script, *args, now=NOW, env=SHOW, expect=None)
        assert (code, out) == (plain.returncode, plain.out) and code == 0, (script, terminal, plain.err)
        assert plain.err == ""
        drawn = lines_drawn(terminal)
        assert any(line.startswith(expected) for line in drawn), (script, drawn)
        assert terminal.endswith("\r") and terminal.split("\r")[-2].strip() == "", (script, repr(terminal[-80:]))
    assert memories_seen(shown) == memories_seen(quiet)


def test_preprocess_counts_bytes_of_the_new_text_only(tmp_path):
    ws = fresh(tmp_path, "ws")
    transcript = tmp_path / "session.jsonl"
    line = json.dumps({"type": "message", "id": "m0", "timestamp": "2026-03-01T10:00:00Z",
                       "message": {"role": "user", "content": [{"type": "text", "text": "the red kite flew"}]}}) + "\n"
    transcript.write_text(line)
    ws.run("preprocess.py", "--path", str(transcript), now=NOW)
    transcript.write_text(line + line.replace("m0", "m1").replace("red", "grey"))
    code, _out, terminal = on_terminal(ws, "preprocess.py", "--path", str(transcript), env=SHOW)
    assert code == 0
    total = len(line.replace("m0", "m1").replace("red", "grey").encode())
    drawn = lines_drawn(terminal)
    assert any(re.fullmatch(rf"preprocess \d+ B/{total} B \(\d+%\)", line) for line in drawn), (total, drawn)


# ------------------------------------------------------------------- safe display
def test_an_error_line_starts_on_a_line_of_its_own(tmp_path):
    ws = fresh(tmp_path, "ws")
    code, out, terminal = on_terminal(ws, "remember.py", "--jsonl", "-", input=jsonl(150, bad_at=120), env=SHOW)
    assert code == 1 and out == ""
    assert "remember 1/150 (0%)" in lines_drawn(terminal)
    before, error = terminal.split("remember.py: error: ", 1)
    assert error.startswith("line 120:"), terminal
    assert before.endswith("\r") and before.split("\r")[-2].strip() == "", repr(before[-80:])  # wiped first
    assert ws.index()["memories"] == []  # nothing half-written


def test_the_line_fits_the_terminal_and_carries_no_control_characters(tmp_path):
    ws = fresh(tmp_path, "ws")
    folder = tmp_path / "notes"  # a folder is read whole: its files' names come as they are
    folder.mkdir()
    notes = folder / ("\x1b]0;pwned\x07" + "a-very-long-name-" * 8 + "日本語.md")
    notes.write_text("".join(f"- the kettle number {i} whistles at dawn\n" for i in range(20)))
    code, _out, terminal = on_terminal(ws, "import.py", str(folder), "--format", "markdown", env=SHOW, columns=40)
    assert code == 0
    assert "\x1b" not in terminal and "\x07" not in terminal
    drawn = lines_drawn(terminal)
    assert re.fullmatch(r"import: \]0;pwneda-very-[a-z-]*… 1/20 \(5%\)", drawn[0]), drawn  # cut: the name, not the count
    import unicodedata
    for line in terminal.split("\r"):
        cells = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)
        assert cells <= 39, repr(line)


# --------------------------------------------------------------- the hot paths
def imported(result) -> set[str]:
    return set(re.findall(r"\|\s+(hippocampus(?:\.\w+)+)\s*$", result.err, re.M))


def test_recall_and_a_single_remember_never_load_it(ws):
    flags = ("-S", "-X", "importtime")
    single = ws.run("remember.py", "the kettle whistles at dawn", now=NOW, flags=flags)
    recall = ws.run("recall.py", "kettle", now=NOW, flags=flags)
    bulk = ws.run("remember.py", "--jsonl", "-", input=jsonl(3), now=NOW, flags=flags)
    assert "hippocampus.store.workspace" in imported(single) and "hippocampus.recall.search" in imported(recall)
    assert "hippocampus.base.progress" not in imported(single) | imported(recall)
    assert "hippocampus.base.progress" in imported(bulk)  # the bulk path does: this test can tell


def test_a_copys_first_recall_shows_the_search_cache_being_built(tmp_path):
    """A copy or a fresh clone has no search cache: its first recall builds it (seconds at a
    large store), counted on a terminal; a small store's, or one on a pipe, says nothing."""
    from hippocampus.store.search_cache import REBUILD_SHOWN_FROM
    ws = fresh(tmp_path, "copy")
    ws.run("remember.py", "--jsonl", "-", input=jsonl(REBUILD_SHOWN_FROM), now=NOW)
    cache = ws.cache / "search.sqlite"
    cache.unlink()  # (what a copy without .cache, or a clone, has)
    code, out, terminal = on_terminal(ws, "recall.py", "roses in the garden", env=SHOW)
    assert code == 0 and "roses" in out, terminal
    drawn = lines_drawn(terminal)
    assert any(line.startswith("building the search cache") and f"/{REBUILD_SHOWN_FROM:,}" in line
               for line in drawn), drawn
    assert terminal.endswith("\r") and terminal.split("\r")[-2].strip() == "", repr(terminal[-80:])  # wiped
    cache.unlink()
    plain = ws.run("recall.py", "roses in the garden", now=NOW)
    assert plain.err == "" and plain.out == out

"""Ctrl-C at any moment: a memory whose commit exists is kept whole (index.json, git,
audit.log) and the message says so; otherwise nothing of it is anywhere and the message
says nothing changed. Never a traceback of ours (references/reliability.md, "Ctrl-C").

Real signals, real timing: SIGINT to the script's whole process group (what a terminal's
Ctrl-C sends, git included) after delays swept across a whole run."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
# what a script runs before anything of ours can answer a Ctrl-C (its first statement)
FIRST = {SCRIPTS / "hippocampus" / "__init__.py", SCRIPTS / "hippocampus" / "base" / "__init__.py",
         SCRIPTS / "hippocampus" / "base" / "interrupts.py"}


NOW = "2026-03-11T15:00:00Z"


def _env(ws) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    return {**env, "WORKSPACE": str(ws.root), "HIPPOCAMPUS_NOW": NOW}


def _interrupted(ws, args: list[str], delay: float | None) -> subprocess.CompletedProcess:
    """The script run in a process group of its own (a terminal's foreground job), and
    SIGINT sent to that group after `delay` seconds (None: by a commit hook of its own)."""
    process = subprocess.Popen([sys.executable, "-S", str(SCRIPTS / args[0]), *args[1:]], env=_env(ws),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_as_a_terminals_job)
    if delay is not None:
        time.sleep(delay)
        try:
            os.killpg(process.pid, signal.SIGINT)
        except ProcessLookupError:
            pass
    out, err = process.communicate(timeout=60)
    result = subprocess.CompletedProcess(args, process.returncode, out, err)
    result.err = err
    return result


def _as_a_terminals_job() -> None:
    """Ctrl-C as a terminal's foreground job has it: a suite started in the background (`cmd &` in
    a script) runs with SIGINT ignored, which every child inherits, and no script could answer it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _frames_of_ours(script: str, err: str) -> list[str]:
    """Traceback frames in our code, but for the script's first statement (a Ctrl-C
    in the interpreter's own first milliseconds shows Python's traceback there)."""
    path = SCRIPTS / script
    first = next((number for number, line in enumerate(path.read_text().splitlines(), 1)
                  if line.startswith("quiet_while_starting()")), 0)
    found = []
    for name, line in re.findall(r'File "([^"]+)", line (\d+)', err):
        where = Path(name)
        if where == path and int(line) <= first or where in FIRST:
            continue
        if str(where).startswith(str(SCRIPTS)):
            found.append(f"{name}:{line}")
    return found


def _quiet_start(result) -> bool:
    """Ended while starting, before anything of ours could answer: by the signal, or
    (within the interpreter's own first milliseconds, before the script's first statement
    has run: references/reliability.md) by Python's own KeyboardInterrupt, exit 1: its
    traceback, a bare "KeyboardInterrupt", or "Fatal Python error: init_sys_streams" while
    it opens its streams, with frames of its frozen start-up code alone; no frame of ours beyond that statement (checked apart), and
    nothing of ours said."""
    if result.returncode == -signal.SIGINT:
        return "interrupted" not in result.err
    lines = result.err.strip().splitlines()
    if result.returncode != 1 or not lines or "interrupted" in result.err:
        return False
    if lines[-1] == "KeyboardInterrupt":
        return True
    # the signal while the interpreter opens its streams: Python's fatal error, and whatever
    # its own frozen start-up code then says (a KeyboardInterrupt, or a TypeError out of
    # `<frozen io>` the interrupted import leaves behind); no frame but the interpreter's own
    # (nothing of any script has run)
    frames = re.findall(r'File "([^"]+)"', result.err)
    return lines[0].startswith("Fatal Python error: init_sys_streams") \
        and all(name.startswith("<frozen ") for name in frames)


def _where(ws, text: str) -> tuple[bool, bool, bool]:
    """Whether the memory `text` is in index.json, in a commit, in audit.log."""
    in_index = any(m["content"] == text for m in ws.index()["memories"])
    in_git = f"remember: {text}" in ws.commits()
    in_audit = any(text in line for line in ws.audit())
    return in_index, in_git, in_audit


def test_ctrl_c_at_any_moment_keeps_a_committed_memory_or_changes_nothing(ws):
    ws.remember("The harbour opens at six", now=NOW)
    durations = []
    for n in range(3):
        started = time.monotonic()
        ws.remember(f"Warm-up fact {n} about the ferry", now=NOW)
        durations.append(time.monotonic() - started)
    span = sorted(durations)[1] * 1.15  # a whole run, and a little after it
    outcomes = {"kept": 0, "nothing": 0, "done": 0}
    kept = []

    def interrupt_at(step: int, delay: float) -> None:
        text = f"Fact {step} about the lighthouse keeper"
        result = _interrupted(ws, ["remember.py", text, "--json"], delay)
        where = _where(ws, text)
        context = (f"{delay:.3f}s", result.returncode, where, result.err[-600:])
        assert not _frames_of_ours("remember.py", result.err), context
        if result.returncode == 0:
            assert where == (True, True, True) and "interrupted" not in result.err, context
            outcomes["done"] += 1
            kept.append(text)
        elif "interrupted: kept" in result.err:
            memory = next(m for m in ws.index()["memories"] if m["content"] == text)
            assert result.returncode == 130 and where == (True, True, True), context
            assert memory["id"] in result.err, context
            outcomes["kept"] += 1
            kept.append(text)
        else:
            assert where == (False, False, False), context
            # stopped before cli.run could answer (the interpreter starting): quietly, by the signal
            assert _quiet_start(result) or \
                result.returncode == 130 and result.err.strip().endswith("interrupted: nothing changed"), context
            outcomes["nothing"] += 1
        assert ws.git("status", "--porcelain") == "", context  # committed whole, or taken back whole
        assert not (ws.side / ".cache" / "pending-commit.json").exists(), context

    for step in range(36):
        interrupt_at(step, span * step / 35)
    for step in range(36, 40):  # the machine slowed down since the warm-up: until one run commits
        if outcomes["kept"] + outcomes["done"]:
            break
        interrupt_at(step, span * 2 ** (step - 35))
    assert outcomes["nothing"] and outcomes["kept"] + outcomes["done"], outcomes
    ws.remember("The next writer after the interruptions", now=NOW)
    for text in kept:  # still there, whole, after the next writer
        assert _where(ws, text) == (True, True, True), text
    assert ws.git("status", "--porcelain") == ""
    first = next(m for m in ws.index()["memories"] if m["content"] == kept[0])
    assert "created by bot:remember" in ws.run("history.py", first["id"], now=NOW).out


def test_ctrl_c_while_a_script_starts_prints_no_traceback_of_ours(ws):
    ws.remember("The harbour opens at six", now=NOW)
    for step in range(25):
        result = _interrupted(ws, ["status.py"], step * 0.002)
        context = (step * 0.002, result.returncode, result.err[-600:])
        assert not _frames_of_ours("status.py", result.err), context
        assert result.returncode in (0, 130) or _quiet_start(result), context
        if result.returncode == 130:
            assert result.err.strip().endswith("status.py: interrupted: nothing changed"), context


def _hook(ws, name: str) -> None:
    """A commit hook that sends Ctrl-C to its process group (git's commit, and us) as it runs."""
    hook = ws.root / ".git" / "hooks" / name
    hook.write_text("#!/bin/sh\nkill -INT 0\nsleep 5\n")
    hook.chmod(0o755)


def test_ctrl_c_once_gits_commit_has_moved_the_branch_keeps_the_memory(ws):
    """With a commit hook, git's own `git commit` makes the commit; killed in its
    post-commit hook, the branch has moved: the change exists and is kept."""
    _hook(ws, "post-commit")
    text = "The lighthouse keeper retires in May"
    result = _interrupted(ws, ["remember.py", text], None)
    assert result.returncode == 130 and "interrupted: kept what was committed: remember mem_" in result.err, \
        result.err
    assert _where(ws, text) == (True, True, True)
    assert ws.git("status", "--porcelain") == ""
    (ws.root / ".git" / "hooks" / "post-commit").unlink()
    ws.remember("The next writer after the interruption", now=NOW)
    assert _where(ws, text) == (True, True, True)


def test_ctrl_c_before_gits_commit_moves_the_branch_changes_nothing(ws):
    _hook(ws, "pre-commit")
    text = "The lighthouse keeper retires in June"
    result = _interrupted(ws, ["remember.py", text], None)
    assert result.returncode == 130 and result.err.strip() == "remember.py: interrupted: nothing changed", \
        result.err
    assert _where(ws, text) == (False, False, False)
    assert ws.git("status", "--porcelain") == ""
    assert json.loads(ws.run("doctor.py", "--json", now=NOW).out)["healthy"]

"""SIGKILL at random points of a mutation: the index is the old one or the new one,
nothing committed is lost, and the next writer proceeds."""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _bulk_lines(tag: str, n: int) -> bytes:
    return ("\n".join(json.dumps({"content": f"{tag} bulk memory {i} about rivers", "domain": "world"})
                      for i in range(n)) + "\n").encode()


def kill_trials(ws, trials: int, bulk: int, seed: int = 7, window: float = 1.2) -> dict:
    """`trials` writers SIGKILLed at a random moment within `window` seconds of their start (a
    large store's calls take longer: bench/stress.py gives the window a whole call takes there)."""
    rng = random.Random(seed)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}, "WORKSPACE": str(ws.root)}
    ws.json("remember.py", "--jsonl", "-", input=_bulk_lines("base", 100))
    tally = {"kills": 0, "corrupt": 0, "recovered": 0, "lost_commits": 0}
    for trial in range(trials):
        committed = set(ws.git("log", "--format=%H").split())
        before = len(ws.index()["memories"])
        kind = rng.choice(["bulk", "decay", "reinforce"])
        if kind == "bulk":
            args, stdin = ["remember.py", "--jsonl", "-"], _bulk_lines(f"trial{trial}", bulk)
        elif kind == "decay":
            args, stdin = ["decay.py"], None
            env["HIPPOCAMPUS_NOW"] = f"2027-01-{1 + trial % 28:02d}T03:00:00Z"
        else:
            ids = [m["id"] for m in ws.index()["memories"]][:50]
            args, stdin = ["reinforce.py", *ids], None
        proc = subprocess.Popen([sys.executable, str(SCRIPTS / args[0]), *args[1:]], env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if stdin:
            try:
                proc.stdin.write(stdin)
                proc.stdin.close()
            except BrokenPipeError:
                pass
        time.sleep(rng.uniform(0.05, window))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        env.pop("HIPPOCAMPUS_NOW", None)
        tally["kills"] += 1
        try:
            after = len(json.loads((ws.store / "index.json").read_text())["memories"])
        except ValueError:
            tally["corrupt"] += 1
            continue
        if kind == "bulk":
            assert after in (before, before + bulk), (before, after)
        else:
            assert after == before
        # nothing committed before is lost
        still = set(ws.git("log", "--format=%H").split())
        tally["lost_commits"] += len(committed - still)
        # the next writer proceeds, and files and index agree afterwards
        ws.run("remember.py", f"after kill {trial}", "--domain", "world")
        report = ws.json("doctor.py", expect=None)
        if report["healthy"]:
            tally["recovered"] += 1
    return tally


def test_random_kills_leave_old_or_new_state(ws):
    tally = kill_trials(ws, trials=6, bulk=150)
    assert tally == {"kills": 6, "corrupt": 0, "recovered": 6, "lost_commits": 0}


@pytest.mark.stress
def test_random_kills_heavy(ws):
    tally = kill_trials(ws, trials=40, bulk=1000)
    assert tally["corrupt"] == 0 and tally["lost_commits"] == 0 and tally["recovered"] == tally["kills"]


def test_full_disk_is_exit_3_and_old_state_intact(tmp_path):
    """ENOSPC during a write: a small tmpfs (needs root and mount; skipped otherwise)."""
    from conftest import Workspace
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()[:80]}")
    try:
        ws = Workspace(mount / "ws")
        ws.run("init.py")
        ws.remember("A memory from before the disk filled", "--domain", "world")
        index_before = (ws.store / "index.json").read_bytes()
        head_before = ws.git("rev-parse", "HEAD")
        filler = mount / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError:
            pass
        finally:
            os.close(fd)
        big = " ".join(f"entry{n}" for n in range(7000))[:60000]  # (one letter x60,000 is refused as junk first)
        result = ws.run("remember.py", "-", input=big, expect=3)
        assert "disk full" in result.err and "Traceback" not in result.err
        assert (ws.store / "index.json").read_bytes() == index_before
        assert ws.git("rev-parse", "HEAD") == head_before
        filler.unlink()
        ws.remember("A memory after space came back", "--domain", "world")
        assert len(ws.index()["memories"]) == 2
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_stale_git_index_lock_does_not_block_writers(ws):
    """A writer killed inside `git commit` leaves .git/index.lock behind."""
    (ws.root / ".git" / "index.lock").write_text("")
    ws.remember("Written after a crashed commit", "--domain", "world")
    assert not (ws.root / ".git" / "index.lock").exists()
    assert ws.commits()[0].startswith("remember: Written after a crashed commit")

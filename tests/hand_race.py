"""A person appending to a file every 50 ms while writers run: how many of their lines are lost.

Used by tests/test_hardening_hand.py (a short run) and bench/stress.py
(`--only hand`, at scale). Run directly as the appender:

    python3 tests/hand_race.py append PATH STOPFILE KIND

appends a uniquely numbered line ("hand line N") to PATH every 50 ms, the way
a person's `echo ... >> file` does (open for append, write, close), until
STOPFILE exists, and prints how many it appended. KIND `entry` writes each as
a daily-log entry (`## HH:MM` heading), `line` as a plain line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = HERE.parent / "scripts"
DAY = "2026-03-11"
NOW = f"{DAY}T15:00:00Z"


def _append(path: str, stop: str, kind: str) -> None:
    n = 0
    while not os.path.exists(stop):
        text = f"\n## 15:00\nhand line {n}\n" if kind == "entry" else f"hand line {n}\n"
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)
        n += 1
        time.sleep(0.05)
    print(n)


def _env(root: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    return {**env, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": NOW, "TZ": "UTC"}


def _run(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-S", str(SCRIPTS / args[0]), *args[1:]], env=_env(root),
                          capture_output=True, timeout=120)


def race(root: Path, writes: int, target: str, filler: int = 0) -> dict:
    """`target` "episodes": `writes` episodic remembers while a person appends
    entries to the day's log; "memory_md": `writes` (remember + sync_core)
    pairs while a person appends lines to MEMORY.md. `filler`: that many
    memories in memory/world first (over 1,000: a folder writers may skip).
    Returns the counts: appended, lost (a line in neither the file, the index
    nor any commit), untaken (a daily-log entry not in index.json after the
    next writers, decay's full look the last), failed (writer calls with a
    non-zero exit, e.g. 3, refused)."""
    _run(root, "init.py", "--workspace", str(root))
    if filler:
        lines = "".join(f'{{"content": "Filler fact {i} about nothing much", "domain": "world"}}\n'
                        for i in range(filler))
        subprocess.run([sys.executable, "-S", str(SCRIPTS / "remember.py"), "--jsonl", "-"], input=lines.encode(),
                       env=_env(root), capture_output=True, timeout=600, check=True)
    if target == "episodes":
        _run(root, "remember.py", "first entry of the day", "--store", "episodic")
        path = root / "memory" / "episodes" / f"{DAY}.md"
        kind = "entry"
    else:
        _run(root, "remember.py", "User likes green tea", "--importance", "0.9")
        _run(root, "sync_core.py")
        path = root / "MEMORY.md"
        kind = "line"
    stop = root.parent / f"{root.name}.stop"
    stop.unlink(missing_ok=True)
    appender = subprocess.Popen([sys.executable, str(HERE / "hand_race.py"), "append", str(path), str(stop), kind],
                                stdout=subprocess.PIPE, text=True)
    failed = 0
    try:
        for i in range(writes):
            if target == "episodes":
                calls = [("remember.py", f"writer episode {i} about the garden", "--store", "episodic")]
            else:
                calls = [("remember.py", f"User fact {i} about the garden", "--importance", "0.9"),
                         ("sync_core.py",)]
            for call in calls:
                failed += _run(root, *call).returncode != 0
    finally:
        stop.touch()
        appended = int(appender.communicate(timeout=60)[0].strip() or 0)
    _run(root, "remember.py", "the next write after the race")  # commits what is left on disk
    if target == "episodes":
        _run(root, "decay.py")  # the scheduled job's full look: every entry taken in by now
    text = path.read_text(encoding="utf-8", errors="replace")
    index = (root / "memory" / "index.json").read_text(encoding="utf-8")
    history = subprocess.run(["git", "log", "-p", "--format=", "--", path.name if target != "episodes"
                              else f"memory/episodes/{DAY}.md"], cwd=root, capture_output=True,
                             text=True, errors="replace").stdout
    lost = [n for n in range(appended)
            if not any(f"hand line {n}\n" in where or f"hand line {n}\"" in where for where in (text, index, history))]
    # a daily-log entry is a memory: one left in the log but not in index.json was never taken in
    untaken = [n for n in range(appended) if f'"hand line {n}"' not in index] if target == "episodes" else []
    return {"appended": appended, "lost": len(lost), "failed": failed, "lost_lines": lost[:10],
            "untaken": len(untaken), "untaken_lines": untaken[:10]}


if __name__ == "__main__" and sys.argv[1:2] == ["append"]:
    _append(*sys.argv[2:5])

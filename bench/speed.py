#!/usr/bin/env python3
"""Whole-process speed of recall, remember and decay at 1k / 10k / 100k memories.

Each store is built through the real CLI (remember.py --jsonl, timed as the
bulk import; "then packing" is the background `git repack` it sets off,
waited out before anything is timed), from LoCoMo dialogue turns with light
variations. Every figure is a median over several whole-process runs, as an
agent calls the scripts;
recall is also compared, in the same run and on the same index, with the
original skill's keyword scorer run as a bare Python process (ratio < 1 is
faster than the original). Scripts run as SKILL.md has agents call them,
`python3 -S script` (no site-packages at start), and the original scorer the
same way; `--site` runs both as plain `python3 script`. "hand-edit check" is
the in-process cost of noticing that no memory file changed (one stat per
file).

    python3 bench/speed.py                     # 1k and 10k
    python3 bench/speed.py --sizes 1000,10000,100000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
QUERIES = ["hiking with the kids", "what did she paint", "support group meeting", "dance studio business",
           "favorite book", "adoption agency", "camping trip last summer", "new job interview",
           "photo of the sunset", "charity race", "pottery class", "concert tickets", "homeless shelter",
           "military memorial", "family road trip"]


VARIANTS = ["again", "later", "once more", "that week", "as before", "still"]
FILLERS = ["honestly", "really", "truly", "frankly", "clearly", "simply", "surely", "plainly", "openly", "kindly",
           "gladly", "calmly", "warmly", "quietly", "boldly", "briefly", "gently", "loosely", "neatly", "partly",
           "quickly", "rarely", "slowly", "softly", "vaguely", "wisely", "barely", "busily", "fairly", "firmly"]


def corpus(data_path: Path) -> list[str]:
    data = json.loads(data_path.read_text())
    turns = []
    for conversation in data:
        for key, value in conversation["conversation"].items():
            if key.startswith("session_") and isinstance(value, list):
                turns += [f"{t['speaker']}: {t['text']}" for t in value]
    return turns


def timed(args: list[str], env: dict, stdin: bytes | None = None) -> float:
    started = time.perf_counter()
    result = subprocess.run(args, env=env, input=stdin, capture_output=True)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args[:3])} failed: {result.stderr.decode()[:300]}")
    return elapsed


def build(root: Path, size: int, turns: list[str], env: dict, store: str = "semantic",
          python: tuple[str, ...] = (sys.executable, "-S")) -> float:
    rng = random.Random(size)
    domains = ["user", "world", "relationship", "self"]
    lines = []
    for i in range(size):
        text = turns[i % len(turns)]
        if i >= len(turns):  # a variation in words, not numbers (numbers would read as conflicting values)
            text += f" ({rng.choice(VARIANTS)} {rng.choice(FILLERS)} {rng.choice(FILLERS)})"
        lines.append(json.dumps({"content": text, "domain": domains[i % 4], "store": store,
                                 "created": f"2026-{1 + i % 11:02d}-{1 + i % 27:02d}T12:00:00Z"}))
    subprocess.run([*python, str(SCRIPTS / "init.py")], env=env, check=True, capture_output=True)
    return timed([*python, str(SCRIPTS / "remember.py"), "--jsonl", "-"], env,
                 ("\n".join(lines) + "\n").encode())


def settle(root: Path, limit: float = 300.0) -> float:
    """Wait until no git process works in `root` (a bulk import leaves a detached
    `git repack -d` packing its objects); returns the seconds waited."""
    started = time.perf_counter()
    while time.perf_counter() - started < limit:
        busy = False
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                if os.readlink(proc / "cwd") == str(root) and (proc / "comm").read_text().strip().startswith("git"):
                    busy = True
                    break
            except OSError:
                continue
        if not busy:
            break
        time.sleep(0.2)
    return time.perf_counter() - started


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", default="1000,10000")
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--store", default="semantic", choices=("semantic", "episodic"),
                   help="where the memories live: one file each (semantic) or daily logs (episodic)")
    p.add_argument("--site", action="store_true",
                   help="run the scripts and the original as `python3 script`, not `python3 -S script`")
    args = p.parse_args()
    turns = corpus(Path(args.data))
    python = (sys.executable,) if args.site else (sys.executable, "-S")
    # as installed: install.sh precompiles the library (start-up never recompiles it)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-f", str(SCRIPTS / "hippocampus")], check=True,
                   capture_output=True)
    startup = median_ms([timed([sys.executable, "-c", "pass"], dict(os.environ)) for _ in range(10)])
    bare = median_ms([timed([sys.executable, "-S", "-c", "pass"], dict(os.environ)) for _ in range(10)])
    print(f"python start-up alone: {startup:.0f} ms (python -c pass), {bare:.0f} ms (python -S -c pass); "
          f"scripts run as {' '.join(['python', *python[1:]])} script; {os.cpu_count()} cores; store {args.store}")
    sys.path.insert(0, str(SCRIPTS))
    from hippocampus.store import reconcile
    from hippocampus.base.paths import WorkspacePaths
    print("| memories | bulk import | then packing | recall median | original scorer | ratio | remember median "
          "| decay median | consolidate | hand-edit check |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # a background git repack may still run
        for size in (int(s) for s in args.sizes.split(",")):
            root = Path(tmp) / f"ws{size}"
            env = {**os.environ, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": "2026-12-01T00:00:00Z"}
            imported = build(root, size, turns, env, args.store, python)
            packing = settle(root)  # timings below are of a settled workspace
            recall = [*python, str(SCRIPTS / "recall.py"), "--json"]
            timed(recall + ["warm up"], env)  # first call builds the derived cache
            ours, original = [], []
            for i in range(args.runs):
                query = QUERIES[i % len(QUERIES)]
                ours.append(timed(recall + [query], env))
                original.append(timed([*python, str(ROOT / "bench" / "original_recall.py"),
                                       str(root / "memory" / "index.json"), query], env))
            remember = [timed([*python, str(SCRIPTS / "remember.py"), f"Speed test memory {i} about {QUERIES[i]}"],
                              env) for i in range(min(args.runs, 10))]
            decay = []
            for day in range(3):
                day_env = {**env, "HIPPOCAMPUS_NOW": f"2026-12-{2 + day:02d}T03:00:00Z"}
                decay.append(timed([*python, str(SCRIPTS / "decay.py")], day_env))
            consolidation = timed([*python, str(SCRIPTS / "consolidate.py")],
                                  {**env, "HIPPOCAMPUS_NOW": "2026-12-05T03:00:00Z"})
            scans = []
            for _ in range(5):  # in-process: one stat per memory file and their print, nothing read
                started = time.perf_counter()
                reconcile.fingerprint(reconcile.list_memory_files(WorkspacePaths(root)))
                scans.append(time.perf_counter() - started)
            r, o = median_ms(ours), median_ms(original)
            print(f"| {size:,} | {imported:.1f} s | {packing:.1f} s | {r:.0f} ms | {o:.0f} ms | {r / o:.2f}x | "
                  f"{median_ms(remember):.0f} ms | {median_ms(decay):.0f} ms | {consolidation:.1f} s | "
                  f"{median_ms(scans):.0f} ms |",
                  flush=True)


if __name__ == "__main__":
    main()

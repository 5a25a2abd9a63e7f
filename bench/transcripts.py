#!/usr/bin/env python3
"""End to end from agent transcripts: preprocess + encode --auto, then recall each LoCoMo question.

For each transcript set in ../shared/data/transcripts/ (OpenClaw session
files of conv-26, Claude Code session files of conv-30, a plain markdown log
of conv-41), a fresh workspace runs the real CLI:

    preprocess.py --path DIR --json ; encode.py --auto --json ; recall.py QUESTION --top 10 --json

A question scores the fraction of its evidence turns whose text (whitespace
folded) is inside a recalled memory in the top K; the table averages over
questions with evidence, per category and overall, for K = 5 and 10.

    python3 bench/transcripts.py                      # all three, through the CLI
    python3 bench/transcripts.py --mode library       # in-process recall (faster)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from locomo import CATEGORIES, SCRIPTS, recaller, run_script, table  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "transcripts"
SETS = {"openclaw": ("openclaw", "conv-26"), "claude-code": ("claude-code", "conv-30"), "plain": ("plain", "conv-41")}


def fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def evaluate(name: str, data: Path, mode: str, workdir: Path) -> tuple[list[dict], dict]:
    folder, conversation = SETS[name]
    root = workdir / name
    env = {**os.environ, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": "2024-01-01T00:00:00Z"}
    subprocess.run([sys.executable, str(SCRIPTS / "init.py")], env=env, check=True, capture_output=True)
    pre = run_script("preprocess.py", ["--path", str(data / folder)], env)
    enc = run_script("encode.py", ["--auto"], env)
    answers = json.loads((data / "answers.json").read_text())[conversation]
    ask = recaller(mode, root, env)
    rows = []
    for qa in answers:
        gold = [fold(e) for e in qa.get("evidence") or [] if e.strip()]
        if not gold:
            continue
        results = ask(qa["question"])
        contents = [fold(r["content"]) for r in results]
        row = {"category": qa["category"]}
        for k in (5, 10):
            row[k] = sum(1 for g in gold if any(g in c for c in contents[:k])) / len(gold)
        rows.append(row)
    return rows, {"signals": pre["new"], "skipped": pre["skipped"], "stored": enc["stored"],
                  "reinforced": enc["reinforced"], "below": enc["belowThreshold"]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--sets", default="openclaw,claude-code,plain")
    p.add_argument("--mode", choices=("cli", "library"), default="cli")
    args = p.parse_args()
    started = time.perf_counter()
    everything: list[dict] = []
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # a background git repack may still run
        for name in args.sets.split(","):
            rows, info = evaluate(name, Path(args.data), args.mode, Path(tmp))
            everything += rows
            at5 = sum(r[5] for r in rows) / len(rows)
            at10 = sum(r[10] for r in rows) / len(rows)
            print(f"{name} ({SETS[name][1]}): {info['signals']} signals ({sum(info['skipped'].values())} noise "
                  f"records dropped), {info['stored']} memories stored, {info['below']} below the threshold; "
                  f"recall@5 {at5:.3f}, @10 {at10:.3f} over {len(rows)} questions", flush=True)
    print(table(everything))
    print(f"wall time {time.perf_counter() - started:.1f} s (mode {args.mode}); categories: "
          + ", ".join(f"{k} {v}" for k, v in CATEGORIES.items()))


if __name__ == "__main__":
    main()

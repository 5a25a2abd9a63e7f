#!/usr/bin/env python3
"""LoCoMo evidence recall through the real CLI (or the library, for quick tuning).

Protocol (../shared/data/README.md): one memory per dialogue turn, a fresh
store per conversation, recall the top K for each question, score each
question by the fraction of its gold evidence turns in the top K, average over
questions with evidence; report overall and per category for K = 5 and 10.

    python3 bench/locomo.py --data ../shared/data/locomo-dev.json --conversations 0-4
    python3 bench/locomo.py --mode library ...     # same store, in-process recall (faster)
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
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def parse_date(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y")


def turns(conversation: dict) -> list[dict]:
    conv = conversation["conversation"]
    out = []
    numbers = sorted(int(m.group(1)) for k in conv if (m := re.fullmatch(r"session_(\d+)", k)))
    for n in numbers:
        when = parse_date(conv[f"session_{n}_date_time"])
        for position, turn in enumerate(conv[f"session_{n}"]):
            text = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                text += f" [shares a photo: {turn['blip_caption']}]"
            out.append({"content": text, "created": (when + timedelta(seconds=30 * position)).isoformat() + "Z",
                        "episode": f"{conversation['sample_id']}/session_{n}", "source": turn["dia_id"],
                        "store": "episodic"})
    return out


def evidence_ids(qa: dict) -> list[str]:
    ids = []
    for item in qa.get("evidence") or []:
        ids += re.findall(r"D\d+:\d+", str(item).replace(" ", ""))
    return list(dict.fromkeys(ids))


def run_script(script: str, args: list[str], env: dict, stdin: bytes | None = None) -> dict:
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / script), "--json", *args], input=stdin,
                            capture_output=True, env=env)
    if result.returncode != 0:
        raise SystemExit(f"{script} failed: {result.stderr.decode()}")
    return json.loads(result.stdout)


def recaller(mode: str, root: Path, env: dict):
    """question -> the top 10 results: through recall.py (cli) or in-process (library)."""
    if mode == "cli":
        return lambda question: run_script("recall.py", ["--top", "10", "--", question], env)["results"]
    sys.path.insert(0, str(SCRIPTS))
    from hippocampus.recall.search import recall
    from hippocampus.text.timeutil import parse_time
    from hippocampus.store.workspace import Workspace
    workspace = Workspace.open(root, parse_time(env["HIPPOCAMPUS_NOW"]))
    return lambda question: recall(workspace, question, top=10)


def build_store(conversation: dict, workdir: Path) -> dict:
    """A fresh store of one conversation through the CLI (one memory per turn):
    its root, the environment to ask it in, and the turns (dia_ids) of each memory."""
    root = workdir / conversation["sample_id"]
    rows = turns(conversation)
    env = {**os.environ, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": max(r["created"] for r in rows)}
    subprocess.run([sys.executable, str(SCRIPTS / "init.py")], env=env, check=True, capture_output=True)
    payload = "\n".join(json.dumps(r) for r in rows).encode()
    ids = run_script("remember.py", ["--jsonl", "-"], env, stdin=payload)["ids"]
    dia_of: dict[str, set] = {}
    for memory_id, row in zip(ids, rows):
        dia_of.setdefault(memory_id, set()).add(row["source"])
    return {"root": root, "env": env, "dia_of": dia_of}


def evidence_recall(results: list[dict], dia_of: dict, gold: list[str]) -> dict[int, float]:
    """{5: recall@5, 10: recall@10}: the share of the gold turns among the top K results."""
    found = [dia_of.get(r["id"], set()) for r in results]
    hits = {k: set().union(*found[:k]) if found[:k] else set() for k in (5, 10)}
    return {k: sum(1 for g in gold if g in hits[k]) / len(gold) for k in (5, 10)}


def evaluate(conversation: dict, mode: str, workdir: Path) -> list[dict]:
    store = build_store(conversation, workdir)
    ask = recaller(mode, store["root"], store["env"])
    scored = []
    for qa in conversation["qa"]:
        gold = evidence_ids(qa)
        if gold:
            scored.append({"category": qa["category"], **evidence_recall(ask(qa["question"]), store["dia_of"], gold)})
    return scored


def conversation_indices(text: str) -> list[int]:
    """[0, 1, 2, 3, 4] for "0-4", [0, 2] for "0,2"."""
    chosen: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        chosen += list(range(int(lo), int(hi or lo) + 1))
    return chosen


def table(rows: list[dict]) -> str:
    lines = ["| category | questions | recall@5 | recall@10 |", "|---|---|---|---|"]
    for cat in sorted(CATEGORIES):
        part = [r for r in rows if r["category"] == cat]
        if part:
            lines.append(f"| {CATEGORIES[cat]} | {len(part)} | {sum(r[5] for r in part) / len(part):.3f} | "
                         f"{sum(r[10] for r in part) / len(part):.3f} |")
    lines.append(f"| **all** | {len(rows)} | **{sum(r[5] for r in rows) / len(rows):.3f}** | "
                 f"**{sum(r[10] for r in rows) / len(rows):.3f}** |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--conversations", default="0-4", help="indices, e.g. 0-4 or 0,2")
    p.add_argument("--mode", choices=("cli", "library"), default="cli")
    args = p.parse_args()
    data = json.loads(Path(args.data).read_text())
    chosen = conversation_indices(args.conversations)
    started = time.perf_counter()
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # a background git repack may still run
        for i in chosen:
            rows += evaluate(data[i], args.mode, Path(tmp))
    elapsed = time.perf_counter() - started
    print(f"LoCoMo evidence recall, conversations {args.conversations} ({', '.join(data[i]['sample_id'] for i in chosen)}), mode {args.mode}")
    print(table(rows))
    print(f"wall time {elapsed:.1f} s")


if __name__ == "__main__":
    main()

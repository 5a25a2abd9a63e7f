#!/usr/bin/env python3
"""Leave-one-conversation-out estimate of recall on conversations not tuned on.

The shipped ranking weights were fitted to all five dev conversations, so
their dev-split figure is in-sample. This repeats the fitting honestly: for
each conversation, a coordinate search from a neutral start (no contiguity,
episode, date, speaker or answer-kind boosts) picks the weights on the other four, and
those weights are scored on the one left out. The pooled held-out recall@5 is
the estimate of what unseen conversations get; beside it, the shipped weights
on the same conversation (in-sample) and the neutral start. Then a 95%
interval for the held-out figure by resampling its questions (they are not
independent, five conversations, so the true uncertainty is wider), and what
the same search picks on all the conversations named: the weights to ship.
`--min-gain` makes a weight move only for a clear gain (less fitting to noise).

    python3 bench/crossval.py --data ../shared/data/locomo-dev.json --conversations 0-4

Stores are built through the CLI (`remember.py --jsonl`, as bench/locomo.py);
recall runs in-process with the weights set in memory (`--workers` processes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "scripts"))

import locomo  # noqa: E402  (bench/locomo.py: the protocol)

# What the search may choose from, and where it starts: relevance with the
# importance and recency blend only, no boost of any kind.
GRID = {
    "previous_weight": (0.0, 0.15, 0.3, 0.45, 0.6, 0.8, 1.0),
    "next_weight": (0.0, 0.15, 0.3, 0.4, 0.6, 0.8, 1.0),
    "answer_weight": (0.0, 0.4, 0.8, 1.2, 1.6, 2.0),
    "episode_weight": (0.0, 0.1, 0.2, 0.3, 0.5, 0.7),
    "episode_match_weight": (0.0, 0.2, 0.4, 0.6, 0.8),
    "date_weight": (0.0, 0.4, 0.8, 1.2, 1.6, 2.0),
    "speaker_weight": (0.0, 0.1, 0.2, 0.3, 0.5),
    "importance_weight": (0.0, 0.05, 0.15, 0.3),
    "recency_weight": (0.0, 0.05, 0.1, 0.2),
    "contiguity_hits": (5, 10, 20),
    "question_discount": (0.0, 0.15, 0.3, 0.5),
    "answer_kind_weight": (0.0, 0.1, 0.2, 0.3, 0.5),
}
NEUTRAL = {"previous_weight": 0.0, "next_weight": 0.0, "answer_weight": 0.0, "episode_weight": 0.0,
           "episode_match_weight": 0.0, "date_weight": 0.0, "speaker_weight": 0.0,
           "importance_weight": 0.15, "recency_weight": 0.05, "contiguity_hits": 10,
           "question_discount": 0.0, "answer_kind_weight": 0.0}


def build(conversation: dict, workdir: Path) -> dict:
    """A fresh store of the conversation (bench/locomo.py's), and its questions with evidence."""
    store = locomo.build_store(conversation, workdir)
    questions = [(qa["question"], locomo.evidence_ids(qa), qa["category"])
                 for qa in conversation["qa"] if locomo.evidence_ids(qa)]
    return {**store, "questions": questions}


def score(store: dict, weights: tuple) -> list[tuple[int, float, float]]:
    """(category, recall@5, recall@10) per question of one store under `weights`."""
    from hippocampus.recall.search import recall
    from hippocampus.text.timeutil import parse_time
    from hippocampus.store.workspace import Workspace
    workspace = Workspace.open(store["root"], parse_time(store["env"]["HIPPOCAMPUS_NOW"]))
    config = dict(workspace.config)
    config["recall"] = {**config["recall"], **dict(weights)}
    workspace._config = config
    rows = []
    for question, gold, category in store["questions"]:
        found = locomo.evidence_recall(recall(workspace, question, top=10), store["dia_of"], gold)
        rows.append((category, found[5], found[10]))
    return rows


class Scorer:
    """Scores (store, weights) pairs once each, in a pool of processes."""

    def __init__(self, stores: list[dict], workers: int):
        self.stores = stores
        self.pool = ProcessPoolExecutor(max_workers=workers)
        self.memo: dict[tuple, list] = {}

    def rows(self, chosen: list[int], configs: list[dict]) -> list[list]:
        """For each config, the rows of every chosen store (pooled)."""
        keys = {(i, tuple(sorted(c.items()))) for i in chosen for c in configs}
        missing = sorted(k for k in keys if k not in self.memo)
        for key, rows in zip(missing, self.pool.map(_score_key, [(self.stores[i], w) for i, w in missing])):
            self.memo[key] = rows
        return [[row for i in chosen for row in self.memo[(i, tuple(sorted(c.items())))]] for c in configs]


def _score_key(job: tuple) -> list:
    return score(*job)


def mean(rows: list, k: int = 5) -> float:
    return sum(r[1 if k == 5 else 2] for r in rows) / len(rows)


def by_category(folds: list[tuple[str, list]]) -> str:
    """Held-out recall@5 by category: each fold, the pooled mean, and the worst fold."""
    cats = sorted({r[0] for _, rows in folds for r in rows})
    lines = ["| held out | " + " | ".join(locomo.CATEGORIES[c] for c in cats) + " | all |",
             "|---|" + "---|" * (len(cats) + 1)]
    cells: dict[int | str, list[float]] = {c: [] for c in [*cats, "all"]}
    for name, rows in folds:
        row = []
        for c in [*cats, "all"]:
            part = [r for r in rows if c == "all" or r[0] == c]
            value = mean(part) if part else float("nan")
            if part:
                cells[c].append(value)
            row.append(f"{value:.3f}" if part else "-")
        lines.append(f"| {name} | " + " | ".join(row) + " |")
    pooled = [r for _, rows in folds for r in rows]
    lines.append("| **mean (pooled)** | " + " | ".join(
        f"{mean([r for r in pooled if c == 'all' or r[0] == c]):.3f}" for c in [*cats, "all"]) + " |")
    lines.append("| **worst fold** | " + " | ".join(f"{min(cells[c]):.3f}" for c in [*cats, "all"]) + " |")
    return "\n".join(lines)


def interval(rows: list, draws: int = 2000) -> tuple[float, float]:
    """A 95% interval of recall@5 by resampling the questions (seeded: the same rows give the same interval)."""
    rng = random.Random(0)
    values = [r[1] for r in rows]
    means = sorted(sum(rng.choices(values, k=len(values))) / len(values) for _ in range(draws))
    return means[int(0.025 * draws)], means[int(0.975 * draws) - 1]


def search(scorer: Scorer, train: list[int], passes: int, min_gain: float = 0.0) -> tuple[dict, float]:
    """Coordinate search from NEUTRAL on the `train` stores: each weight in turn
    takes its best grid value, if that beats the current one by more than
    `min_gain` (ties keep the current one)."""
    current = dict(NEUTRAL)
    best = mean(scorer.rows(train, [current])[0])
    for _ in range(passes):
        moved = False
        for name, values in GRID.items():
            trials = [{**current, name: value} for value in values]
            scored = [(mean(rows), trial) for trial, rows in zip(trials, scorer.rows(train, trials))]
            score, trial = max(scored, key=lambda pair: pair[0])  # (the first of equals)
            if score > best + max(min_gain, 1e-9):
                best, current, moved = score, trial, True
        if not moved:
            break
    return current, best


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(BENCH.parents[1] / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--conversations", default="0-4", help="indices, e.g. 0-4 (at least two)")
    p.add_argument("--passes", type=int, default=2, help="coordinate-search passes over the weights")
    p.add_argument("--min-gain", type=float, default=0.0,
                   help="a weight moves only for a gain in recall@5 above this (0.002: about two questions)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = p.parse_args()
    data = json.loads(Path(args.data).read_text())
    chosen = locomo.conversation_indices(args.conversations)
    if len(chosen) < 2:
        raise SystemExit("crossval.py: name at least two conversations")
    started = time.perf_counter()
    from hippocampus.base.config import DEFAULTS
    shipped = {name: DEFAULTS["recall"][name] for name in GRID}
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        stores = [build(conversation, Path(tmp)) if i in chosen else None
                  for i, conversation in enumerate(data)]
        scorer = Scorer(stores, args.workers)
        held_out, lines, folds = [], [], []
        for i in chosen:
            train = [j for j in chosen if j != i]
            weights, fitted = search(scorer, train, args.passes, args.min_gain)
            test, at_shipped, at_neutral = scorer.rows([i], [weights, shipped, NEUTRAL])
            held_out += test
            folds.append((data[i]["sample_id"], test))
            changed = ", ".join(f"{k} {v:g}" for k, v in weights.items() if v != NEUTRAL[k]) or "none"
            lines.append(f"| {data[i]['sample_id']} | {len(test)} | {fitted:.3f} | **{mean(test):.3f}** | "
                         f"{mean(at_shipped):.3f} | {mean(at_neutral):.3f} | {changed} |")
        pooled = {name: [r for i in chosen for r in scorer.rows([i], [config])[0]]
                  for name, config in (("shipped", shipped), ("neutral", NEUTRAL))}
        every, fitted_every = search(scorer, chosen, args.passes, args.min_gain)  # the same search on all: what to ship
        scorer.pool.shutdown()
    print(f"LoCoMo evidence recall@5, leave one conversation out, conversations {args.conversations}, "
          f"{args.passes} passes, min gain {args.min_gain:g}")
    print("| held out | questions | fitted on the rest | held-out | shipped weights (in-sample) | neutral | "
          "weights chosen (besides neutral) |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(lines))
    print(f"| **all** | {len(held_out)} | | **{mean(held_out):.3f}** (@10 {mean(held_out, 10):.3f}) | "
          f"{mean(pooled['shipped']):.3f} (@10 {mean(pooled['shipped'], 10):.3f}) | "
          f"{mean(pooled['neutral']):.3f} | |")
    print(by_category(folds))
    low, high = interval(held_out)
    print(f"Held-out recall@5 {mean(held_out):.3f}, 95% interval by resampling its {len(held_out)} questions: "
          f"{low:.3f}-{high:.3f}")
    differs = ", ".join(f"{k} {v:g} (shipped {shipped[k]:g})" for k, v in every.items() if v != shipped[k])
    print(f"The same search on all of {args.conversations}: recall@5 {fitted_every:.3f} in-sample; "
          f"weights that differ from the shipped ones: {differs or 'none'}")
    print(f"wall time {time.perf_counter() - started:.1f} s, {len(scorer.memo)} store x weights scored")


if __name__ == "__main__":
    main()

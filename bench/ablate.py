#!/usr/bin/env python3
"""Which ranking rules carry over from one LoCoMo conversation to another.

Each variant changes one rule (a weight set to 0, or a rule of timeparse.py,
answer_kind.py, related.py or search.py switched off, in-process) against the
shipped ranking. Per conversation, the paired difference in recall@5 (and the
questions up and down); then the leave-one-conversation-out decision: for each
conversation, keep the variant only if it gains on the OTHER four, and score
the held-out one with what that decision picked. A rule that helps one
conversation and costs the others shows as a variant (rule off) that gains in
four folds; `--worst` prints the folds' worst figures, per category.

    python3 bench/ablate.py --variants all            # every variant below
    python3 bench/ablate.py --variants no_answer_kind,no_related

Stores are built once through the CLI (bench/locomo.py's protocol) into
`--stores` (kept between runs: delete it after a change to how memories are
stored); recall runs in-process.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "scripts"))

import locomo  # noqa: E402


def _weights(**values):
    @contextmanager
    def apply(config: dict):
        config["recall"] = {**config["recall"], **values}
        yield
    return apply


def _patch(module: str, name: str, value):
    @contextmanager
    def apply(_config: dict):
        import importlib
        target = importlib.import_module(f"hippocampus.{module}")
        old = getattr(target, name)
        setattr(target, name, value(old) if callable(value) and not isinstance(value, type) else value)
        try:
            yield
        finally:
            setattr(target, name, old)
    return apply


def _no_relative(kinds: tuple[str, ...]):
    """timeparse's relative forms of `kinds` not read."""
    def without(old):
        return {k: v for k, v in old.items() if k not in kinds}
    return _patch("text.timeparse", "_RELATIVE", without)


VARIANTS = {
    "shipped": _weights(),
    "no_answer_kind": _weights(answer_kind_weight=0.0),
    "no_related": _weights(related_weight=0.0),
    "no_date": _weights(date_weight=0.0),
    "no_speaker": _weights(speaker_weight=0.0),
    "no_question_discount": _weights(question_discount=0.0),
    "no_episode_match": _weights(episode_match_weight=0.0),
    "no_episode": _weights(episode_weight=0.0),
    "no_answer_lift": _weights(answer_weight=0.0),
    "no_relative_dates": _patch("text.timeparse", "_relative_windows", lambda old: (lambda q, now: ([], q))),
    "no_relative_period": _no_relative(("period",)),
    "no_relative_month": _no_relative(("month",)),
    "no_relative_weekday": _no_relative(("weekday",)),
    "no_relative_ago": _no_relative(("ago",)),
    "no_time_mentions": _patch("recall.search", "mentions_in", lambda old: (lambda *a: False)),
    "no_anchored_dates": _patch("text.timeparse", "anchored_windows", lambda old: (lambda q: ([], q))),
    "no_kind_time": _patch("recall.answer_kind", "_ASKS", lambda old: {k: v for k, v in old.items() if v != "time"}),
    "no_kind_count": _patch("recall.answer_kind", "_ASKS", lambda old: {k: v for k, v in old.items() if v != "count"}),
    "no_kind_reason": _patch("recall.answer_kind", "_ASKS", lambda old: {k: v for k, v in old.items() if v != "reason"}),
}


def _related_without(keys: tuple[str, ...]):
    return _patch("recall.related", "BUILT_IN", lambda old: {k: v for k, v in old.items() if k not in keys})


NEW_RELATED = {  # groups of words used interchangeably, added to related.py's table (each checked alone)
    "pets": ("dog", "puppy", "cat", "kitten"), "moving": ("move",), "hiring": ("hired",),
    "contests": ("tournament", "tourney", "competition"), "kids": ("kid", "child"),
    "photos": ("photo", "picture"), "running": ("run", "jog"), "classes": ("class", "course"),
    "injuries": ("injury", "hurt"), "games": ("game", "team"), "shows": ("concert",), "gifts": ("gift",),
}
VARIANTS.update({f"related_without_{name}": _related_without(keys) for name, keys in NEW_RELATED.items()})
VARIANTS["related_without_new"] = _related_without(tuple(k for keys in NEW_RELATED.values() for k in keys))


def build(conversation: dict, root: Path) -> dict:
    """The conversation's store under `root` (built through the CLI once), its questions."""
    meta = root / f"{conversation['sample_id']}.json"
    if meta.exists():
        store = json.loads(meta.read_text())
        store["dia_of"] = {k: set(v) for k, v in store["dia_of"].items()}
    else:
        store = locomo.build_store(conversation, root)
        meta.write_text(json.dumps({"root": str(store["root"]), "env": {
            "HIPPOCAMPUS_NOW": store["env"]["HIPPOCAMPUS_NOW"]},
            "dia_of": {k: sorted(v) for k, v in store["dia_of"].items()}}))
    questions = [(qa["question"], locomo.evidence_ids(qa), qa["category"])
                 for qa in conversation["qa"] if locomo.evidence_ids(qa)]
    return {**store, "questions": questions, "name": conversation["sample_id"]}


def score(job: tuple) -> list[tuple[int, float]]:
    """(category, recall@5) per question of one store under one variant."""
    store, variant = job
    from hippocampus.recall.search import recall
    from hippocampus.text.timeutil import parse_time
    from hippocampus.store.workspace import Workspace
    workspace = Workspace.open(Path(store["root"]), parse_time(store["env"]["HIPPOCAMPUS_NOW"]))
    config = json.loads(json.dumps(workspace.config))
    rows = []
    with VARIANTS[variant](config):
        workspace._config = config
        for question, gold, category in store["questions"]:
            rows.append((category, locomo.evidence_recall(recall(workspace, question, top=10),
                                                          store["dia_of"], gold)[5]))
    return rows


def mean(rows) -> float:
    return sum(r[1] for r in rows) / len(rows) if rows else float("nan")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=str(BENCH.parents[1] / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--conversations", default="0-4")
    p.add_argument("--variants", default="all", help="comma-separated names, or all")
    p.add_argument("--stores", default="/tmp/hippocampus-ablate-stores")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--save", help="write the shipped ranking's rows here (JSON), for --against from another tree")
    p.add_argument("--against", help="rows saved by --save in another tree: compare this tree's ranking to them")
    args = p.parse_args()
    data = json.loads(Path(args.data).read_text())
    chosen = locomo.conversation_indices(args.conversations)
    names = list(VARIANTS) if args.variants == "all" else ["shipped", *[v for v in args.variants.split(",")
                                                                        if v != "shipped"]]
    started = time.perf_counter()
    root = Path(args.stores)
    root.mkdir(parents=True, exist_ok=True)
    stores = [build(data[i], root) for i in chosen]
    jobs = [(s, v) for v in names for s in stores]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = dict(zip([(s["name"], v) for s, v in jobs], pool.map(score, jobs)))
    cats = sorted(locomo.CATEGORIES)
    if args.save:
        Path(args.save).write_text(json.dumps({s["name"]: results[(s["name"], "shipped")] for s in stores}))
    if args.against:  # the other tree's rows are the base; this tree's shipped ranking the variant
        saved = json.loads(Path(args.against).read_text())
        for s in stores:
            results[(s["name"], "this tree")] = results[(s["name"], "shipped")]
            results[(s["name"], "shipped")] = [tuple(r) for r in saved[s["name"]]]
        names = ["shipped", "this tree", *names[1:]]
    base = {s["name"]: results[(s["name"], "shipped")] for s in stores}
    print(f"LoCoMo recall@5 in-process, conversations {args.conversations}; shipped per conversation: "
          + ", ".join(f"{n} {mean(r):.3f}" for n, r in base.items())
          + f"; pooled {mean([r for rows in base.values() for r in rows]):.3f}")
    print("| shipped | " + " | ".join(locomo.CATEGORIES[c] for c in cats) + " | all |")
    print("|---|" + "---|" * (len(cats) + 1))
    for s in stores:
        rows = base[s["name"]]
        print(f"| {s['name']} | " + " | ".join(f"{mean([r for r in rows if r[0] == c]):.3f}" for c in cats)
              + f" | {mean(rows):.3f} |")
    print()
    print("| variant | " + " | ".join(f"Δ {s['name']}" for s in stores)
          + " | up/down | " + " | ".join(f"Δ {locomo.CATEGORIES[c]}" for c in cats)
          + " | leave-one-out | worst fold | folds keeping it |")
    print("|---|" + "---|" * (len(stores) + len(cats) + 4))
    for v in names[1:]:
        deltas, up, down, loo, kept = [], 0, 0, [], 0
        for s in stores:
            a, b = base[s["name"]], results[(s["name"], v)]
            deltas.append(mean(b) - mean(a))
            up += sum(1 for x, y in zip(a, b) if y[1] > x[1])
            down += sum(1 for x, y in zip(a, b) if y[1] < x[1])
        pooled = {c: mean([r for s in stores for r in results[(s["name"], v)] if r[0] == c])
                  - mean([r for s in stores for r in base[s["name"]] if r[0] == c]) for c in cats}
        fold_values = []
        for s in stores:  # keep the variant for this fold only if it gains on the other four
            gain = sum(sum(r[1] for r in results[(o["name"], v)]) - sum(r[1] for r in base[o["name"]])
                       for o in stores if o is not s)
            picked = results[(s["name"], v)] if gain > 0 else base[s["name"]]
            kept += gain > 0
            loo += picked
            fold_values.append(mean(picked))
        print(f"| {v} | " + " | ".join(f"{d:+.3f}" for d in deltas) + f" | {up}/{down} | "
              + " | ".join(f"{pooled[c]:+.3f}" for c in cats)
              + f" | {mean(loo):.3f} | {min(fold_values):.3f} | {kept} |")
    print(f"wall time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()

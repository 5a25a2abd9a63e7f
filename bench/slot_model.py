#!/usr/bin/env python3
"""Train, cross-validate and check the learned slot reading (scripts/hippocampus/text/slot_model.py).

Training data: the labelled memories of the knowledge-update sets whose
phrasings have been read (dev, check, blind1-8, blind14-17; users 0-3 at 1,000 memories
each), every text once: its class is the user's slot (mapped to one name:
city/home/home_city -> home, course/class -> class, dog/pet -> pet, vehicle/car
-> car), "other" for another person's fact, "none" for filler, "misc" for a
slot of the user's the model has no class for. The model is a multinomial
logistic regression trained by plain SGD (seeded order, no third-party
package), pruned and stored as 16-bit weights: the same data give the same
file, byte for byte.

The measure (`--cv`, `--held-out`): for each question about the user's present
value, the newest memory that holds the asked key, by the statement reader
alone and by the reader with the model's keys (slot_model.user_keys) added, is
it the current one? This is recall's last step without the word ranking (recall
puts the newest holder first), so it isolates what the model adds. `--cv` trains
without each of blind1-8 and blind14-17 in turn and measures on it (the threshold and the
gates were chosen there); `--held-out` measures the shipped model on
blind9-13, blind18 and blind19, whose phrasings nobody has read.

`--cv-cli` and `--held-out-cli` measure the same through recall itself
(bench/knowledge_updates.py, library mode, 1,000 memories): each fold's model
in a copy of the tree against the same copy with no model file (then the
module adds nothing), user current@1 and stale-above.

    python3 bench/slot_model.py --train          # writes scripts/hippocampus/text/slot_model.bin
    python3 bench/slot_model.py --cv             # leave-one-set-out over blind1-8, 14-17, newest holder (~15 min)
    python3 bench/slot_model.py --held-out       # the shipped model on blind9-13, 18, 19, newest holder
    python3 bench/slot_model.py --cv-cli         # leave-one-set-out through recall (~45 min)
    python3 bench/slot_model.py --held-out-cli   # the shipped model on blind9-13, 18, 19 through recall (~12 min)
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
from array import array
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "scripts"))

import knowledge_updates as ku  # noqa: E402
from hippocampus.recall.supersede_rank import _asks_for  # noqa: E402
from hippocampus.text import slot_model  # noqa: E402
from hippocampus.text.slot_questions import asked_keys  # noqa: E402
from hippocampus.text.supersession import keys as reader_keys  # noqa: E402

CANON = {"city": "home", "home": "home", "home_city": "home", "class": "class", "course": "class",
         "dog": "pet", "pet": "pet", "car": "car", "vehicle": "car", "employer": "employer", "phone": "phone",
         "gym": "gym", "partner": "partner", "food": "food", "team": "team", "bank": "bank"}
CLASSES = ["none", "other", *sorted(set(CANON.values())), "misc"]
TRAIN_SETS = ("dev", "check", *(f"blind{i}" for i in (*range(1, 9), *range(14, 18))))
HELD_OUT = tuple(f"blind{i}" for i in (*range(9, 14), 18, 19))
USERS, SIZE = 4, 1000
EPOCHS, RATE, DECAY = 8, 0.3, 0.7
THRESHOLD = 0.95  # chosen by --cv (0.5 ... 0.95 tried; references/performance.md)
QUANTUM = 1000  # weights stored as round(w * QUANTUM) in 16 bits
PRUNE = 0.05  # a feature whose weights differ by less than this across classes is dropped


def label(memory: dict) -> str:
    fact = memory.get("fact")
    if not fact:
        return "none"
    if fact["subject"] != "user":
        return "other"
    return CANON.get(fact["slot"], "misc")


def stores(splits) -> list[dict]:
    return [ku.generator(split)(SIZE, user, 0) for split in splits for user in range(USERS)]


def examples(data: list[dict]) -> list[tuple[list[str], int]]:
    seen, out = set(), []
    for store in data:
        for memory in store["memories"]:
            if memory["content"] not in seen:
                seen.add(memory["content"])
                out.append((sorted(slot_model.features(memory["content"])), CLASSES.index(label(memory))))
    return out


def train(data: list[dict], threshold: float = THRESHOLD, prune: float = PRUNE) -> slot_model.Model:
    rows = examples(data)
    names = sorted({f for feats, _ in rows for f in feats})
    at = {name: i for i, name in enumerate(names)}
    width = len(CLASSES)
    weights = [[0.0] * width for _ in names]
    counts = [0] * width
    for _, y in rows:
        counts[y] += 1
    balance = [math.sqrt(len(rows) / (width * n)) if n else 0.0 for n in counts]  # (filler outnumbers facts)
    indexed = [([at[f] for f in feats], y) for feats, y in rows]
    order = list(range(len(indexed)))
    rng, rate = random.Random(0), RATE
    for _ in range(EPOCHS):
        rng.shuffle(order)
        for i in order:
            ids, y = indexed[i]
            sums = [0.0] * width
            for f in ids:
                row = weights[f]
                for c in range(width):
                    sums[c] += row[c]
            top = max(sums)
            exps = [math.exp(s - top) for s in sums]
            total = sum(exps)
            step = rate * balance[y]
            grad = [e / total * step for e in exps]
            grad[y] -= step
            for f in ids:
                row = weights[f]
                for c in range(width):
                    row[c] -= grad[c]
        rate *= DECAY
    kept = [(name, row) for name, row in zip(names, weights) if max(row) - min(row) >= prune or name == "bias"]
    packed = array("h", (max(-32767, min(32767, round(w * QUANTUM))) for _, row in kept for w in row))
    return slot_model.Model(CLASSES, threshold, 1 / QUANTUM, [name for name, _ in kept], packed)


def newest_holder(data: list[dict], model: slot_model.Model | None) -> tuple[int, int]:
    """(questions about the user's present value whose newest holder is the current memory, questions)."""
    hits = asked = 0
    for store in data:
        memories = store["memories"]
        keys = [reader_keys(m["content"]) for m in memories]
        if model is not None:
            keys = [k + [x for x in slot_model.user_keys(m["content"], model, k) if x not in k]
                    for k, m in zip(keys, memories)]
        for question in store["questions"]:
            if question["subject"] != "user" or question["tense"] != "now":
                continue
            asked += 1
            wanted = [k for k in asked_keys(question["question"]) if k.startswith("user|")]
            holders = [i for i, k in enumerate(keys) if any(_asks_for(x, wanted) for x in k)]
            if not holders:
                continue
            fact = memories[max(holders, key=lambda i: memories[i]["created"])].get("fact") or {}
            hits += (fact.get("subject"), fact.get("slot"), fact.get("index")) == \
                ("user", question["slot"], question["gold"])
    return hits, asked


def compare(name: str, data: list[dict], model: slot_model.Model) -> tuple[float, float]:
    (a, n), (b, _) = newest_holder(data, None), newest_holder(data, model)
    print(f"| {name} | {n} | {a / n:.3f} | {b / n:.3f} | {(b - a) / n:+.3f} |", flush=True)
    return a / n, b / n


HEADER = "| set | now questions | reader | reader + model | gain |\n|---|---|---|---|---|"
CLI_HEADER = ("| set | current@1 without / with the model | stale-above without / with |\n|---|---|---|")


def through_recall(tree: Path, split: str) -> tuple[float, float]:
    """(user current@1, stale-above) of bench/knowledge_updates.py run in `tree` on one split."""
    out = subprocess.run([sys.executable, str(tree / "bench" / "knowledge_updates.py"), "--mode", "library",
                          "--sizes", str(SIZE), "--split", split, "--json"], capture_output=True, text=True,
                         check=True, cwd=tree)
    user = json.loads(out.stdout)["sizes"][str(SIZE)]["user"]
    return user["current@1"], user["stale_above"]


def compare_cli(split: str, model_bytes: bytes) -> tuple[tuple, tuple]:
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp)
        root = HERE.parent
        shutil.copytree(root / "scripts", tree / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(root / "bench", tree / "bench", ignore=shutil.ignore_patterns("__pycache__", "results"))
        target = tree / "scripts" / "hippocampus" / "text" / slot_model.MODEL_FILE.name
        target.unlink()
        without = through_recall(tree, split)
        target.write_bytes(model_bytes)
        with_model = through_recall(tree, split)
    print(f"| {split} | {without[0]:.3f} / {with_model[0]:.3f} | {without[1]:.3f} / {with_model[1]:.3f} |",
          flush=True)
    return without, with_model


def summary_cli(results: list[tuple[tuple, tuple]]) -> None:
    n = len(results)
    gains = [b[0] - a[0] for a, b in results]
    print(f"mean current@1 {sum(a[0] for a, _ in results) / n:.3f} -> {sum(b[0] for _, b in results) / n:.3f}, "
          f"stale-above {sum(a[1] for a, _ in results) / n:.3f} -> {sum(b[1] for _, b in results) / n:.3f}, "
          f"worst fold's gain {min(gains):+.3f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--train", action="store_true", help="train on dev, check, blind1-8, 14-17 and write the model file")
    p.add_argument("--cv", action="store_true",
                   help="leave one of blind1-8, 14-17 out, train on the rest, measure on it")
    p.add_argument("--held-out", action="store_true", help="the shipped model on blind9-13, 18, 19")
    p.add_argument("--cv-cli", action="store_true", help="leave one of blind1-8, 14-17 out, through recall")
    p.add_argument("--held-out-cli", action="store_true", help="the shipped model on blind9-13, 18, 19, through recall")
    p.add_argument("--out", type=Path, default=slot_model.MODEL_FILE)
    p.add_argument("--without", default="", help="(--train) leave these sets out, comma-separated: a fold's "
                   "model, for measuring through the CLI in a copy of the tree")
    p.add_argument("--threshold", type=float, default=THRESHOLD,
                   help=f"(--train, --cv, --cv-cli) a key is added at p >= this ({THRESHOLD})")
    p.add_argument("--prune", type=float, default=PRUNE, help=f"(--train, --cv, --cv-cli) the pruning margin ({PRUNE})")
    args = p.parse_args()
    if not (args.train or args.cv or args.held_out or args.cv_cli or args.held_out_cli):
        p.error("say --train, --cv, --held-out, --cv-cli or --held-out-cli")
    if args.train:
        left_out = set(filter(None, args.without.split(",")))
        model = train(stores([s for s in TRAIN_SETS if s not in left_out]), args.threshold, args.prune)
        args.out.write_bytes(slot_model.dump(model))
        print(f"wrote {args.out} ({len(model.names):,} features, {args.out.stat().st_size:,} bytes)")
    if args.cv:
        print(HEADER)
        results = []
        for held in TRAIN_SETS[2:]:
            results.append(compare(held, stores([held]), train(stores([s for s in TRAIN_SETS if s != held]),
                                                                 args.threshold, args.prune)))
        gains = [b - a for a, b in results]
        print(f"mean {sum(a for a, _ in results) / len(results):.3f} -> {sum(b for _, b in results) / len(results):.3f}"
              f", worst fold's gain {min(gains):+.3f}")
    if args.cv_cli:
        print(CLI_HEADER)
        summary_cli([compare_cli(held, slot_model.dump(train(stores([s for s in TRAIN_SETS if s != held]),
                                                              args.threshold, args.prune)))
                     for held in TRAIN_SETS[2:]])
    if args.held_out_cli:
        print(CLI_HEADER)
        summary_cli([compare_cli(held, args.out.read_bytes()) for held in HELD_OUT])
    if args.held_out:
        model = slot_model.load(args.out.read_bytes())
        print(HEADER)
        results = [compare(held, stores([held]), model) for held in HELD_OUT]
        n = len(results)
        print(f"mean {sum(a for a, _ in results) / n:.3f} -> {sum(b for _, b in results) / n:.3f}")


if __name__ == "__main__":
    main()

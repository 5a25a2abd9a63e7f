#!/usr/bin/env python3
"""Filler read as a fact: how many of the knowledge-update sets' everyday filler texts the reader takes for
a statement of the user's (text/supersession.py) or names in passing as the user's (text/mentions.py).

A filler memory read as a statement supersedes the user's true value and takes the slot's lift in recall
("the README is out of date" read as a partner, "my phone is on 3%" as a phone), so each one is a wrong
answer waiting for its question. The filler of a set is every memory its generator gives no fact label;
a few are facts in truth ("User's keyboard layout is US international"), so the count is an upper bound.
Only the reader runs (no store, no recall): a few seconds a set.

    python3 bench/filler_reads.py                       # dev, check and blind1 ... blind8
    python3 bench/filler_reads.py --splits blind3,blind5 --show 10
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "scripts"))

import knowledge_updates  # noqa: E402
from hippocampus.text.mentions import mentions  # noqa: E402
from hippocampus.text.supersession import statements  # noqa: E402

READ_SETS = "dev,check,blind1,blind2,blind3,blind4,blind5,blind6,blind7,blind8"  # (blind9 ... held out)


def filler_read(split: str, users: int = 2, size: int = 1000) -> tuple[int, list[tuple[str, list, dict]]]:
    """(distinct filler texts, those read as the user's: (text, statements, mentions))."""
    seen: set[str] = set()
    read = []
    make = knowledge_updates.generator(split)
    for user in range(users):
        for memory in make(size, user, 0)["memories"]:
            text = memory["content"]
            if "fact" in memory or text in seen:
                continue
            seen.add(text)
            stated = [s for s in statements(text) if s[0] == "user"]
            named = mentions(text)
            if stated or named:
                read.append((text, stated, named))
    return len(seen), read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--splits", default=READ_SETS, help="comma-separated (default: the sets whose misses are read)")
    parser.add_argument("--users", type=int, default=2)
    parser.add_argument("--show", type=int, default=0, help="print this many read texts per set")
    args = parser.parse_args()
    print("| set | filler texts | read as a statement of the user's | named in passing |")
    print("|---|---|---|---|")
    shown = []
    for split in args.splits.split(","):
        total, read = filler_read(split, args.users)
        print(f"| {split} | {total} | {sum(1 for _t, s, _m in read if s)} | {sum(1 for _t, _s, m in read if m)} |")
        shown += [(split, *r) for r in read[:args.show]]
    for split, text, stated, named in shown:
        print(f"  {split}: {text}  ->  {[(k, sorted(v)) for _s, k, v in stated]} {named or ''}")


if __name__ == "__main__":
    main()

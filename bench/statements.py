#!/usr/bin/env python3
"""How well text/supersession.py reads statements: a labelled corpus, one line per message.

Each line of a corpus (JSON lines) is {"text", "expect": [{"subject", "slot", "value"}], "class"}:
the statements of a current value the message makes ([] for a trap: a value-looking name that is
nobody's current value: the past, a plan, a trip, a negation, another sense of the verb ...).
Printed: recall (expected statements read, with the right subject, slot and value), false reads
(a statement the message does not make; those of the user are the harmful ones, since a false
statement of the user's supersedes their true one), and the user's values text/mentions.py reads
as named in passing where no statement is read (rightly, and falsely: weaker evidence, that never
supersedes), all by class.

    python3 bench/statements.py bench/statements/tune.jsonl [--show]

Subjects compare by relation ("user/sister" is "sister"; "colleague" is "coworker"), slots as
written ("pet:dog" is "pet"; "school" and "class" are one slot here, the reader splits them by
the noun), values by their words: the read value must share a word with the expected one and
hold no word outside it but a stopword, a year or the slot's own noun ("Pet: Noodle (cat)").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from hippocampus.text.mentions import mentions  # noqa: E402
from hippocampus.text.supersession import NOUNS, RELATION_CANON, statements  # noqa: E402
from hippocampus.text.textutil import STOPWORDS  # noqa: E402

_SAME_SLOT = {"school": "class"}


def _subject(subject: str) -> str:
    last = subject.split("/")[-1]
    return RELATION_CANON.get(last, last)


def _slot(slot: str) -> str:
    slot = slot.split(":")[0]
    return _SAME_SLOT.get(slot, slot)


def _words(text: str) -> frozenset:
    return frozenset(w for w in "".join(c.lower() if c.isalnum() else " " for c in text).split())


def _matches(read: tuple[str, str, frozenset], want: dict) -> bool:
    subject, slot, value = read
    if _subject(subject) != _subject(want["subject"]) or _slot(slot) != _slot(want["slot"]):
        return False
    expected = _words(want["value"])
    extra = {w for w in value - expected - STOPWORDS  # (a year, or the slot's own noun: "2019 Subaru", "Noodle (cat)")
             if not (len(w) == 4 and w.isdigit()) and _slot(NOUNS.get(w, "") or "") != _slot(slot)}
    return bool(value & expected) and not extra


def _named(text: str) -> list[tuple[str, str, frozenset]]:
    """What text/mentions.py reads as named in passing (the user's only), as statements are."""
    return [("user", key.split("|", 1)[1], _words(name)) for key, names in mentions(text).items() for name in names]


def score(lines: list[dict]) -> dict:
    by_class: dict[str, Counter] = {}
    misses, false_reads = [], []
    for case in lines:
        read = statements(case["text"])
        named = _named(case["text"])
        for r in named:  # (a value named in passing where no statement is read: recall's weaker evidence)
            if any(_matches(r, want) for want in case["expect"]) and not any(_matches(s, want) for s in read
                                                                          for want in case["expect"]
                                                                          if _matches(r, want)):
                by_class.setdefault(case.get("class", "-"), Counter())["named"] += 1
            elif not any(_matches(r, want) for want in case["expect"]):
                by_class.setdefault(case.get("class", "-"), Counter())["false_named"] += 1
        tally = by_class.setdefault(case.get("class", "-"), Counter())
        tally["cases"] += 1
        for want in case["expect"]:
            tally["expected"] += 1
            if any(_matches(r, want) for r in read):
                tally["read"] += 1
            else:
                misses.append((case, want, read))
        for r in read:
            if not any(_matches(r, want) for want in case["expect"]):
                user = _subject(r[0]) == "user"
                tally["false_user" if user else "false_other"] += 1
                false_reads.append((case, r))
    total = sum(by_class.values(), Counter())
    return {"by_class": by_class, "total": total, "misses": misses, "false_reads": false_reads}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("corpus", nargs="+")
    p.add_argument("--show", action="store_true", help="print each miss and false read")
    args = p.parse_args()
    lines = [json.loads(line) for path in args.corpus for line in Path(path).read_text().splitlines() if line.strip()]
    result = score(lines)
    t = result["total"]
    print(f"cases {t['cases']}, expected statements {t['expected']}: read {t['read']} "
          f"(recall {t['read'] / max(1, t['expected']):.3f}); false reads of the user {t['false_user']}, "
          f"of others {t['false_other']}; named in passing besides {t['named']}, falsely {t['false_named']}")
    print("| class | cases | expected | read | false (user) | false (others) | named | named falsely |\n"
          "|---|---|---|---|---|---|---|---|")
    for name, c in sorted(result["by_class"].items(), key=lambda kv: -kv[1]["cases"]):
        print(f"| {name} | {c['cases']} | {c['expected']} | {c['read']} | {c['false_user']} | {c['false_other']} "
              f"| {c['named']} | {c['false_named']} |")
    if args.show:
        for case, want, read in result["misses"]:
            print(f"MISS [{case.get('class')}] {case['text']!r}\n   want {want}\n   read {read}")
        for case, r in result["false_reads"]:
            print(f"FALSE [{case.get('class')}] {case['text']!r}\n   read {r}")


if __name__ == "__main__":
    main()

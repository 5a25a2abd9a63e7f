"""Contradictions: statements about the same subject with different values.

Found by consolidate.py and recorded in hippocampus/meta/conflicts.md (one entry
per pair) and on both memories (`conflicts: [conf_N]`). Resolving one keeps
a memory and archives the other (recoverable: reinforce.py brings it back).

    ## conf_3 · open
    - **Found**: 2026-11-29T21:00:00Z
    - **Kind**: weekday (friday / monday)
    - **A**: mem_3f2a9c1d8e7b — Deploys go out on Friday
    - **B**: mem_9d8c7b6a5f4e — Deploys go out on Monday
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from ..text import textsim
from ..errors import NotFound, UsageError

PATH = "hippocampus/meta/conflicts.md"
HEADER = ("# Conflicts\n\n"
          "Statements that disagree, found by scripts/consolidate.py. Resolve one with\n"
          "`scripts/conflicts.py resolve conf_N --keep MEM_ID`: the other memory is archived, not erased.\n")
_HEADING = re.compile(r"^## (conf_\d+) · (.+)$")
_FIELD = re.compile(r"^- \*\*(Found|Kind|A|B)\*\*: (.*)$")


def parse(text: str) -> list[dict]:
    found: list[dict] = []
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            found.append({"id": heading.group(1), "status": heading.group(2).strip()})
            continue
        field = _FIELD.match(line)
        if field and found:
            key = field.group(1).lower()
            value = field.group(2)
            if key in ("a", "b"):
                memory_id, _, content = value.partition(" — ")
                found[-1][key] = {"id": memory_id.strip(), "content": content.strip()}
            else:
                found[-1][key] = value
    for item in found:
        item["state"] = item["status"].split(":")[0].split()[0]
    return found


def render(conflict: dict) -> str:
    from ..recall.context import defuse
    return (f"\n## {conflict['id']} · {conflict['status']}\n- **Found**: {conflict['found']}\n"
            f"- **Kind**: {conflict['kind']}\n"
            f"- **A**: {conflict['a']['id']} — {defuse(conflict['a']['content'], 300)}\n"
            f"- **B**: {conflict['b']['id']} — {defuse(conflict['b']['content'], 300)}\n")


def load(root) -> tuple[str, list[dict]]:
    try:
        from ..base.paths import located
        text = located(root, PATH).read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return "", []
    return text, parse(text)


def prepared(text: str) -> tuple[set[str], dict[str, set[str]], bool]:
    """What find reads of a text: its subject stems, its values by kind, whether it is negated."""
    return textsim.stems(text), textsim.values(text), textsim.negated(text)


def find(memories: list[dict], known_pairs: set[frozenset], read_ahead: dict | None = None) -> list[dict]:
    """New contradictions among live memories: (a, b, kind) dicts.

    A pair contradicts when it shares at least two subject words (stems that
    are not values), their overlap is at least half, and either they name
    different values of the same kind (weekday, month, number) or one of
    them is negated and the other is not while the rest is nearly the same.
    Only a memory naming a value or a negation can start a pair; its partners
    are looked up by its three rarest subject words. `read_ahead`: id -> (hash
    of the text, *prepared(text)), read elsewhere (the sleep's child process);
    a text whose hash differs is read here.
    """
    prepared_ones = []
    index: dict[str, list[int]] = {}
    # what can make a pair differ, a memory's "sides": a bit for each kind of value it names, whether
    # it is negated, and how many subject words it has. A pair with no kind of value in common and the
    # same negation is never a contradiction (_contradiction): it is passed over before anything of
    # it is compared
    sides: list[tuple[int, bool, int]] = []
    for position, memory in enumerate(memories):
        text = memory.get("content", "")
        ahead = read_ahead.get(memory["id"]) if read_ahead else None
        words, values, negated = ahead[1:] if ahead is not None and ahead[0] == hash(text) else prepared(text)
        prepared_ones.append((memory, words, values, negated))
        sides.append((sum(bit for kind, bit in _KIND_BITS.items() if values.get(kind)), negated, len(words)))
        for word in words:
            index.setdefault(word, []).append(position)
    found = []
    seen: set[int] = set()  # a pair (low, high) visited, as low * count + high
    count = len(prepared_ones)
    by_negation: dict[str, tuple] = {}  # a word -> its memories, unnegated and negated, by size (_by_negation)
    from ..base.progress import track
    for left, (memory, words, values, negated) in enumerate(track(prepared_ones, "consolidate: conflicts")):
        if not values and not negated:
            continue
        kinds, size = sides[left][0], len(words)
        for word in sorted(words, key=lambda w: (len(index[w]), w))[:3]:
            partners = index[word]
            if len(partners) > 500:
                break  # words this common name no particular subject
            if not kinds:
                # a memory naming no value of a kind compared (most that start a pair: a negated one) can only
                # differ from a partner by a negation, with 7 in 10 of their words alike: only the other
                # negation, of a size within 7 to 10 of its own, is met (in the order the loop below meets
                # them), and _contradiction's verdict is that likeness alone (the first sleep at 100,000
                # memories: ~5 million partners met, 1.4 million compared, for ~6 s)
                split = by_negation.get(word)
                if split is None:
                    split = by_negation[word] = _by_negation(partners, sides)
                sizes, positions = split[not negated]
                for right in sorted(positions[bisect_left(sizes, (7 * size + 9) // 10):
                                              bisect_right(sizes, 10 * size // 7)]):
                    pair = left * count + right if left < right else right * count + left
                    if right == left or pair in seen:
                        continue
                    seen.add(pair)
                    other = prepared_ones[right]
                    shared = len(words & other[1])
                    if shared < 2 or shared / (size + len(other[1]) - shared) < 0.7:
                        continue
                    a, b = ((memory, words, values, negated), other) if left < right else \
                        (other, (memory, words, values, negated))
                    if known_pairs and frozenset((a[0]["id"], b[0]["id"])) in known_pairs:
                        continue
                    found.append({"a": a[0], "b": b[0], "kind": "negation"})
                continue
            for right in partners:
                other_kinds, other_negated, other_size = sides[right]
                # (a pair with less than half its words alike, or, to differ only by a negation,
                # less than 7 in 10, is no contradiction: the smaller set of words bounds the likeness)
                if kinds & other_kinds:
                    if size > 2 * other_size or other_size > 2 * size:
                        continue
                elif other_negated == negated or 10 * min(size, other_size) < 7 * max(size, other_size):
                    continue
                pair = left * count + right if left < right else right * count + left
                if right == left or pair in seen:
                    continue
                seen.add(pair)
                a, b = (memory, words, values, negated), prepared_ones[right]
                if right < left:
                    a, b = b, a
                if known_pairs and frozenset((a[0]["id"], b[0]["id"])) in known_pairs:
                    continue
                kind = _contradiction(a, b)
                if kind:
                    found.append({"a": a[0], "b": b[0], "kind": kind})
    return found


_KIND_BITS = {"weekday": 1, "month": 2, "number": 4}  # the kinds _contradiction compares


def _by_negation(positions: list[int], sides: list[tuple[int, bool, int]]) -> tuple[tuple, tuple]:
    """Of these memories (positions), the unnegated and the negated, each as (sizes, positions) in
    order of size: a negated memory's partners, found by bisection on its size."""
    split = []
    for flag in (False, True):
        ones = sorted((sides[p][2], p) for p in positions if sides[p][1] == flag)
        split.append(([size for size, _ in ones], [p for _, p in ones]))
    return split[0], split[1]


def _contradiction(a, b) -> str | None:
    # (what can differ first: it is cheaper than the likeness, and most pairs differ in nothing)
    kinds = [kind for kind in ("weekday", "month", "number")
             if a[2].get(kind) and b[2].get(kind) and not (a[2][kind] & b[2][kind])]
    if not kinds and a[3] == b[3]:
        return None
    shared = len(a[1] & b[1])
    if shared < 2:
        return None
    likeness = shared / (len(a[1]) + len(b[1]) - shared)
    if likeness < 0.5:
        return None
    if kinds:
        left, right = a[2][kinds[0]], b[2][kinds[0]]
        return f"{kinds[0]} ({'/'.join(sorted(left))} vs {'/'.join(sorted(right))})"
    if likeness >= 0.7:
        return "negation"
    return None


def record(tx, found: list[dict]) -> list[dict]:
    """Append new conflicts to conflicts.md and mark both memories."""
    from ..text.timeutil import format_time

    current = tx.current_bytes(PATH)
    text = current.decode("utf-8", "replace") if current is not None else HEADER
    numbers = [int(c["id"].split("_")[1]) for c in parse(text)]
    next_number = max(numbers, default=0) + 1
    recorded = []
    for item in found:
        conflict = {"id": f"conf_{next_number}", "status": "open", "found": format_time(tx.now), "kind": item["kind"],
                    "a": {"id": item["a"]["id"], "content": item["a"]["content"]},
                    "b": {"id": item["b"]["id"], "content": item["b"]["content"]}}
        next_number += 1
        text = text.rstrip("\n") + "\n" + render(conflict)
        for side in (item["a"], item["b"]):
            side["conflicts"] = [*(side.get("conflicts") or []), conflict["id"]]
            tx.put(side)
        recorded.append(conflict)
    if recorded:
        tx.write_file(PATH, text.encode("utf-8"))
    return recorded


def resolve(tx, conflict_id: str, keep: str) -> dict:
    from .forget import forget_ids
    from ..text.timeutil import format_time

    current = tx.current_bytes(PATH)
    if current is None:
        raise NotFound(f"no conflict {conflict_id}: {PATH} does not exist")
    text = current.decode("utf-8", "replace")
    conflict = next((c for c in parse(text) if c["id"] == conflict_id), None)
    if conflict is None:
        raise NotFound(f"no conflict {conflict_id} in {PATH}")
    if conflict["state"] != "open":
        raise UsageError(f"{conflict_id} is already {conflict['status']}")
    sides = {conflict["a"]["id"], conflict["b"]["id"]}
    if keep not in sides:
        raise UsageError(f"--keep must be one of {', '.join(sorted(sides))}")
    (loser,) = sides - {keep}
    forget_ids(tx, [loser], reason=f"lost conflict {conflict_id} to {keep}")
    status = f"resolved: kept {keep}, archived {loser} ({format_time(tx.now)})"
    text = text.replace(f"## {conflict_id} · {conflict['status']}", f"## {conflict_id} · {status}", 1)
    tx.write_file(PATH, text.encode("utf-8"))
    tx.action = "resolve-conflict"
    tx.summary = f"{conflict_id}: kept {keep}, archived {loser}"
    return {"conflict": conflict_id, "kept": keep, "archived": loser}

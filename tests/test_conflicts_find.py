"""conflicts.find: the pairs it passes over unread are exactly those the rule could never list.

find() skips a pair before comparing it when nothing of it can differ (no kind of value in
common and the same negation) or when its sizes alone keep it under the likeness the rule asks
for (half; seven in ten to differ only by a negation). These tests hold it to the rule itself,
written out here, on every pair, at the edges of those bounds.
"""

import random
from itertools import combinations

from hippocampus.lifecycle import conflicts
from hippocampus.text import textsim

NOUNS = ["zebra", "mango", "violin", "lantern", "harbor", "pepper", "canyon", "walrus", "copper", "garden"]
VALUES = ["", "on Monday", "on Friday", "in March", "in May", "12", "7"]


def rule(a: str, b: str) -> str | None:
    """The rule as the module's docstring states it, on two texts."""
    sa, sb = textsim.stems(a), textsim.stems(b)
    if len(sa & sb) < 2:
        return None
    likeness = len(sa & sb) / len(sa | sb)
    if likeness < 0.5:
        return None
    va, vb = textsim.values(a), textsim.values(b)
    for kind in ("weekday", "month", "number"):
        if va.get(kind) and vb.get(kind) and not (va[kind] & vb[kind]):
            return kind
    if textsim.negated(a) != textsim.negated(b) and likeness >= 0.7:
        return "negation"
    return None


def found_pairs(texts: list[str]) -> dict[frozenset, str]:
    memories = [{"id": f"mem_{n:04d}", "content": text} for n, text in enumerate(texts)]
    return {frozenset((f["a"]["id"], f["b"]["id"])): f["kind"].split(" ")[0]
            for f in conflicts.find(memories, set())}


def test_likeness_at_the_bounds_is_listed_and_just_under_is_not():
    seven, ten = " ".join(NOUNS[:7]), " ".join(NOUNS)
    assert len(textsim.stems(seven)) == 7 and len(textsim.stems(ten)) == 10
    cases = [  # (a, b, the kind listed or None)
        (seven + " not", ten, "negation"),                                 # 7 words in 10 alike
        (" ".join(NOUNS[:6]) + " never", ten, None),                       # 6 in 10
        ("zebra mango 12", "zebra mango lantern harbor 7", "number"),      # exactly half
        ("zebra mango 12", "zebra mango lantern harbor pepper 7", None),   # under half
        ("zebra mango lantern harbor 7", "zebra mango 12", "number"),      # the larger first
        ("zebra mango on Monday", "zebra mango on Monday", None),          # nothing differs
        ("zebra mango on Monday", "zebra mango not on Monday", "negation"),
    ]
    for a, b, kind in cases:
        assert list(found_pairs([a, b]).values()) == ([kind] if kind else []), (a, b)


def test_every_pair_the_rule_lists_is_found_and_nothing_else():
    rng = random.Random(7)
    texts = []
    for _ in range(300):
        # at most three subject words: each is among a text's three rarest, so every pair that
        # shares two words is looked at, and find() must agree with the rule on every pair
        words = rng.sample(NOUNS[:6], rng.randint(1, 3))
        if rng.random() < 0.3:
            words.append(rng.choice(["not", "never", "didn't"]))
        words.append(rng.choice(VALUES))
        texts.append(" ".join(w for w in words if w))
    expected = {}
    for (i, a), (j, b) in combinations(enumerate(texts), 2):
        starts = textsim.values(a) or textsim.negated(a) or textsim.values(b) or textsim.negated(b)
        kind = rule(a, b) if starts else None
        if kind:
            expected[frozenset((f"mem_{i:04d}", f"mem_{j:04d}"))] = kind
    assert len(expected) > 100  # (the set is built to hold many of each kind)
    assert {kind for kind in expected.values()} == {"weekday", "month", "number", "negation"}
    assert found_pairs(texts) == expected


def plain_walk(memories: list[dict]) -> list[tuple[str, str, str]]:
    """find() as it was before a negated memory's partners were found by bisection on their size:
    every partner met, each tested as the loop tests it. The walk's order is the order of the list."""
    prepared = [(m, *conflicts.prepared(m["content"])) for m in memories]
    index: dict[str, list[int]] = {}
    for position, (_, words, _, _) in enumerate(prepared):
        for word in words:
            index.setdefault(word, []).append(position)
    bits = {"weekday": 1, "month": 2, "number": 4}
    sides = [(sum(bit for kind, bit in bits.items() if values.get(kind)), negated, len(words))
             for _, words, values, negated in prepared]
    found, seen = [], set()
    for left, (memory, words, values, negated) in enumerate(prepared):
        if not values and not negated:
            continue
        kinds, size = sides[left][0], len(words)
        for word in sorted(words, key=lambda w: (len(index[w]), w))[:3]:
            if len(index[word]) > 500:
                break
            for right in index[word]:
                small, large = sorted((size, sides[right][2]))
                # a value of a kind in common: sizes within a half; else a negation apart, within 7 to 10
                passes = large <= 2 * small if kinds & sides[right][0] else \
                    sides[right][1] != negated and 10 * small >= 7 * large
                pair = frozenset((left, right))
                if not passes or right == left or pair in seen:
                    continue
                seen.add(pair)
                a, b = sorted((left, right))
                kind = conflicts._contradiction(prepared[a], prepared[b])
                if kind:
                    found.append((prepared[a][0]["id"], prepared[b][0]["id"], kind))
    return found


def test_the_bisection_meets_the_pairs_the_plain_walk_meets_in_its_order():
    # texts of up to nine words, so that which three words are a text's rarest matters, and common
    # words (over 500 memories) end a walk; half negated, a few naming values
    rng = random.Random(11)
    vocabulary = NOUNS + ["ribbon", "falcon", "marble", "tundra", "saddle", "beacon", "quartz", "meadow"]
    texts = []
    for _ in range(1400):
        words = rng.sample(vocabulary, rng.randint(2, 9)) + (["lagoon"] if rng.random() < 0.45 else [])
        if rng.random() < 0.5:
            words.insert(rng.randrange(len(words)), rng.choice(["not", "never", "no longer"]))
        if rng.random() < 0.1:
            words.append(rng.choice(VALUES))
        texts.append(" ".join(words))
    memories = [{"id": f"mem_{n:04d}", "content": text} for n, text in enumerate(texts)]
    expected = plain_walk(memories)
    assert sum(1 for *_, kind in expected if kind == "negation") > 200
    assert [(f["a"]["id"], f["b"]["id"], f["kind"]) for f in conflicts.find(memories, set())] == expected
    known = {frozenset(pair[:2]) for pair in expected[::3]}
    assert [(f["a"]["id"], f["b"]["id"], f["kind"]) for f in conflicts.find(memories, known)] == \
        [pair for pair in expected if frozenset(pair[:2]) not in known]

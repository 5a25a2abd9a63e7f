"""Consolidation merges only one fact said twice (issue #22, finding 5).

Two memories that differ in a content word, a name, a number, a date, a
version, a code or a negation are different facts: never merged, never
archived. True duplicates (stopwords, punctuation, word order) still merge,
and the survivor is the same on every run.
"""

import shutil

import pytest

from conftest import Workspace

DIFFERENT = [  # (a, b): one word, name, number, date, version, code or negation apart
    ("User's daughter Emma is allergic to peanuts", "User's daughter Emma is allergic to walnuts"),
    ("The flight to Lisbon is TP1352", "The flight to Lisbon is TP1354"),
    ("The billing service talks to api-v2", "The billing service talks to api-v3"),
    ("Emma's piano teacher is called Marta", "Emma's piano teacher is called Berta"),
    ("The dentist appointment is on 2026-04-10", "The dentist appointment is on 2026-10-04"),
    ("The build needs Python 3.11 exactly", "The build needs Python 3.12 exactly"),
    ("Tomas likes spicy food a lot", "Tomas does not like spicy food a lot"),
    ("Take the allergy pill before breakfast", "Take the allergy pill after breakfast"),
    ("She owns the red bicycle in the garage", "He owns the red bicycle in the garage"),
    ("The door code for the office is 4471", "The door code for the office is 4417"),
]
SAME = [  # (first, second): stopwords, punctuation, word order apart
    ("User prefers dark mode in every editor", "The user prefers dark mode in every editor."),
    ("Ana loves hiking and swimming", "Ana loves swimming, and hiking!"),
    ("The staging server is slow", "Staging server: slow"),
]
NOW = "2026-03-10T09:00:00Z"


def build(ws: Workspace) -> dict[str, str]:
    """Every pair remembered in the same second (created alike): content -> id."""
    ids = {}
    for a, b in DIFFERENT + SAME:
        for text in (a, b):
            ids[text] = ws.remember(text, "--domain", "user", now="2026-03-02T10:00:00Z")
    return ids


def outcome(ws: Workspace) -> dict[str, tuple]:
    """content -> (status, the content it merged into), for comparing stores."""
    memories = {m["id"]: m for m in ws.index()["memories"]}
    return {m["content"]: (m["status"], memories[m["mergedInto"]]["content"] if m.get("mergedInto") else None)
            for m in memories.values()}


def test_different_facts_are_never_merged_and_true_duplicates_are(ws):
    ids = build(ws)
    report = ws.json("consolidate.py", now=NOW)
    merges = [c for c in report["changes"] if c["kind"] == "merge"]
    assert len(merges) == len(SAME), merges
    memories = {m["id"]: m for m in ws.index()["memories"]}
    for a, b in DIFFERENT:
        for text in (a, b):
            memory = memories[ids[text]]
            assert memory["status"] != "archived" and "mergedInto" not in memory, (text, memory)
    for first, second in SAME:  # the one remembered first stays
        assert memories[ids[second]]["mergedInto"] == ids[first]
        assert memories[ids[first]]["status"] != "archived"
    # recall answers with both allergies
    hits = ws.json("recall.py", "what is Emma allergic to", now=NOW)
    found = " ".join(h["content"] for h in (hits["results"] if isinstance(hits, dict) else hits))
    assert "peanuts" in found and "walnuts" in found


@pytest.mark.parametrize("order", ["as written", "reversed"])
def test_the_survivor_is_the_same_on_every_run(ws, tmp_path, order):
    for first, second in SAME:
        pair = (first, second) if order == "as written" else (second, first)
        ws.remember(pair[0], "--domain", "user", now="2026-03-02T10:00:00Z")
        ws.remember(pair[1], "--domain", "user", now="2026-03-02T10:00:00Z")
    ws.remember("The user really prefers dark mode in every editor", "--domain", "user", now="2026-03-01T10:00:00Z")
    copies = []
    for n in range(2):  # two copies of one store, and a store built again from scratch
        copy = Workspace(tmp_path / f"copy{n}")
        shutil.copytree(ws.root, copy.root)
        copies.append(copy)
    again = Workspace(tmp_path / "again")
    again.run("init.py", "--workspace", str(again.root))
    for first, second in SAME:
        pair = (first, second) if order == "as written" else (second, first)
        again.remember(pair[0], "--domain", "user", now="2026-03-02T10:00:00Z")
        again.remember(pair[1], "--domain", "user", now="2026-03-02T10:00:00Z")
    again.remember("The user really prefers dark mode in every editor", "--domain", "user", now="2026-03-01T10:00:00Z")
    results = []
    for store in (*copies, again):
        store.json("consolidate.py", now=NOW)
        results.append(outcome(store))
    assert copies[0].index()["memories"] == copies[1].index()["memories"]
    assert results[0] == results[1] == results[2]
    # the oldest wins; among those remembered in the same second, the first remembered
    assert results[0]["The user really prefers dark mode in every editor"][0] != "archived"
    for first, second in SAME[1:]:
        earlier = first if order == "as written" else second
        later = second if earlier == first else first
        assert results[0][later] == ("archived", earlier) and results[0][earlier][0] != "archived"

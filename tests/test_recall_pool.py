"""Recall over a store that holds far more than the question's own history (LongMemEval's pooled
task, bench/longmemeval.py): a memory dated after the recall's now is not known yet (a day of grace
for a clock running ahead), and a chain the reader linked puts no other topic first."""

import json

import pytest


def lines(*rows):
    return "".join(json.dumps(r) + "\n" for r in rows)


@pytest.fixture
def ferry(ws):
    ws.json("remember.py", "--jsonl", "-", now="2026-03-30T12:00:00Z", input=lines(
        {"content": "The harbour ferry to Vashon leaves at nine", "created": "2026-03-10T08:00:00Z"},
        {"content": "The harbour ferry to Vashon now leaves at ten", "created": "2026-03-20T08:00:00Z"},
        {"content": "The harbour ferry to Vashon is cancelled for repairs", "created": "2026-03-29T08:00:00Z"},
    ))
    return ws


def said(ws, now, *extra):
    out = ws.json("recall.py", "--top", "10", *extra, "harbour ferry Vashon", now=now)
    return sorted(r["content"].rsplit(" ", 1)[-1] for r in out["results"])


@pytest.mark.parametrize("now, known", [
    ("2026-03-12T12:00:00Z", ["nine"]),
    ("2026-03-19T09:00:00Z", ["nine", "ten"]),  # within a day of 03-20 08:00: a clock ahead hides nothing
    ("2026-03-19T07:59:59Z", ["nine"]),
    ("2026-03-25T12:00:00Z", ["nine", "ten"]),
    ("2026-04-01T12:00:00Z", ["nine", "repairs", "ten"]),
])
def test_recall_knows_only_what_was_made_by_now(ferry, now, known):
    assert said(ferry, now) == known


def test_filters_do_not_bring_the_future_back(ferry):
    assert said(ferry, "2026-03-12T12:00:00Z", "--include-archived", "--store", "semantic") == ["nine"]
    assert said(ferry, "2026-03-12T12:00:00Z", "--since", "2026-03-01") == ["nine"]


# --- a chain the reader linked, and a question that asks for no slot ---------------------------------

def test_a_reading_alone_puts_no_other_topic_first(ws):
    """Two memories the reader takes for the user's gym are linked (the newer supersedes the older).
    A question about the older one's other words asks for no slot: the chain's head, sharing no
    word with it, is not put above the memory that answers."""
    ws.json("remember.py", "--jsonl", "-", now="2026-03-30T12:00:00Z", input=lines(
        {"content": "I joined Gold's Gym and my Fitbit Charge 3 tracks every workout there",
         "created": "2026-01-10T08:00:00Z"},
        {"content": "I switched to Anytime Fitness, the sauna is great", "created": "2026-03-01T08:00:00Z"},
    ))
    index = json.loads((ws.store / "index.json").read_text())
    older = next(m for m in index["memories"] if "Fitbit" in m["content"])
    assert older.get("supersededBy") and older.get("supersededHow") == "read"  # the reader linked them
    out = ws.json("recall.py", "--top", "2", "How long have I had my Fitbit Charge 3?", now="2026-03-30T12:00:00Z")
    assert out["results"][0]["id"] == older["id"]
    # a question that shares a word with the head still gets it first (the chain's current one)
    out = ws.json("recall.py", "--top", "2", "Which fitness club do I use, with the sauna?", now="2026-03-30T12:00:00Z")
    assert "Anytime" in out["results"][0]["content"]


# --- a long memory's reading puts nothing first (supersede_rank.STATEMENT_WORDS) ---------------------

WATERCOLOUR = ("I signed up for a watercolour class at the art school downtown. Thanks for all the tips about "
               "brushes and paper so far. I am still not sure which paper weight to buy for the first lessons, and "
               "whether cold press or hot press suits loose washes better. Also, the teacher said we should bring a "
               "palette, a water jar and some masking tape, so I will get those at the weekend before the class "
               "starts.")
HOME_OFFICE = ("Creating a productive home office is crucial for staying focused while working from home. I work at "
               "Initech now, and here are some general tips to help you design a functional and comfortable "
               "workspace: define your needs, choose a quiet corner with natural light, invest in an ergonomic chair "
               "and a desk at the right height, keep cables tidy, add a plant or two, and set clear boundaries "
               "between work time and family time so the day ends when it should.")


def test_a_long_memorys_reading_puts_nothing_first(ws):
    """A turn of 70-80 words (a transcript's, an assistant's advice) holds many sentences; the reader's
    reading of one of them (a class, a job) neither puts the long memory above the short one a question
    names (a chain the reader linked) nor makes it the slot's current holder. LongMemEval's haystacks:
    "I recently attended a photography workshop" chained as the user's class, advice on home offices
    read as the user's job, each put above the answer (references/performance.md, 2026-12-05)."""
    now = "2026-03-30T12:00:00Z"
    ws.json("remember.py", "--jsonl", "-", now=now, input=lines(
        {"content": "I took a pottery class at the community centre on Saturday, three hours of wheel work.",
         "created": "2026-01-10T08:00:00Z"},
        {"content": WATERCOLOUR, "created": "2026-03-01T08:00:00Z"},
        {"content": "I work at St Mary's hospital as a nurse.", "created": "2026-01-12T08:00:00Z"},
        {"content": HOME_OFFICE, "created": "2026-03-02T08:00:00Z"},
    ))
    index = json.loads((ws.store / "index.json").read_text())
    pottery = next(m for m in index["memories"] if "pottery" in m["content"])
    nurse = next(m for m in index["memories"] if "nurse" in m["content"])
    assert pottery.get("supersededBy") and pottery.get("supersededHow") == "read"  # the reader linked them
    out = ws.json("recall.py", "--top", "2", "How many hours was the pottery class at the community centre?",
                  now=now)
    assert out["results"][0]["id"] == pottery["id"]
    out = ws.json("recall.py", "--top", "2", "Where does the user work?", now=now)
    assert out["results"][0]["id"] == nurse["id"]

"""Answer kinds: "when...?" lifts the memory that says when, "how many...?" the one
with a number in it, "why...?" the one that gives a cause, through the real CLI;
other questions are left alone."""
import json

import pytest

from hippocampus.recall import answer_kind


def _config(ws, recall: dict) -> None:
    (ws.store / "config.yaml").write_text(json.dumps({"recall": recall}))


def _ranked(ws, query: str) -> list[str]:
    return [r["id"] for r in ws.json("recall.py", query, "--top", "3")["results"]]


def test_a_when_question_puts_the_memory_that_says_when_first(ws):
    # BM25 alone prefers the shorter line; the answer is the one with a time in it
    snores = ws.remember("The dog snores on the sofa", "--domain", "user", "--importance", "0.5")
    came = ws.remember("Our dog Max came home last spring", "--domain", "user", "--importance", "0.5")
    assert _ranked(ws, "when did we get the dog?") == [came, snores]
    out = ws.json("recall.py", "when did we get the dog?", "--why")["results"]
    assert out[0]["why"]["parts"]["answer_kind"] == pytest.approx(0.2)
    assert "answer_kind" not in out[1]["why"]["parts"]
    assert "answer_kind 0.200" in ws.run("recall.py", "When did we get the dog", "--why").out
    # a question that asks for something else ranks by its words alone
    assert _ranked(ws, "what did the dog do?") == [snores, came]
    _config(ws, {"answer_kind_weight": 0})
    assert _ranked(ws, "when did we get the dog?") == [snores, came]


def test_a_how_many_question_puts_the_memory_with_a_number_first(ws):
    pizza = ws.remember("The kids want pizza", "--domain", "user", "--importance", "0.5")
    count = ws.remember("We have three kids at home", "--domain", "user", "--importance", "0.5")
    assert _ranked(ws, "how many kids do we have") == [count, pizza]
    assert _ranked(ws, "kids") == [pizza, count]


def test_a_why_question_puts_the_memory_that_gives_a_cause_first(ws):
    left = ws.remember("I left the band after the tour", "--domain", "user", "--importance", "0.5")
    cause = ws.remember("I left the band because of the tour", "--domain", "user", "--importance", "0.5")
    assert _ranked(ws, "why did I leave the band?") == [cause, left]
    assert _ranked(ws, "the band") == [left, cause]


def test_the_lift_never_brings_in_a_memory_without_a_match(ws):
    ws.remember("The dentist moved the cleaning to next Tuesday", "--domain", "user")
    assert ws.json("recall.py", "when is the concert?")["results"] == []


@pytest.mark.parametrize("question, kind", [
    ("When did I move to Lisbon?", answer_kind.TIME),
    ("  what year did we marry", answer_kind.TIME),
    ("How long ago was the trip?", answer_kind.TIME),
    ("How many kids does Ana have?", answer_kind.COUNT),
    ("how much was the rent", answer_kind.COUNT),
    ("How long did the course take?", answer_kind.COUNT),
    ("Why did I leave the band?", answer_kind.REASON),
    ("What inspired the mural?", answer_kind.REASON),
    ("What is my dog called?", None),
    ("Where do I live?", None),
    ("When's the dentist?", answer_kind.TIME),
    ("I wonder when it starts", None),  # asks, but not as a question's first word
])
def test_kind_of_a_question(question, kind):
    assert answer_kind.kind_of(question) == kind


@pytest.mark.parametrize("text, kind, held", [
    ("We met last spring", answer_kind.TIME, True),
    ("the call is at 3pm", answer_kind.TIME, True),
    ("Moved here in 2019", answer_kind.TIME, True),
    ("we fly on 12/05", answer_kind.TIME, True),
    ("Back in May we went sailing", answer_kind.TIME, True),
    ("born on May 4", answer_kind.TIME, True),
    ("two weeks in Porto", answer_kind.TIME, True),
    ("see you at 5 o'clock", answer_kind.TIME, True),
    ("In March we moved", answer_kind.TIME, True),
    ("Loved last night's show", answer_kind.TIME, True),
    ("I may go sailing", answer_kind.TIME, False),       # a verb, not a month
    ("they march through town", answer_kind.TIME, False),
    ("at last we went sailing", answer_kind.TIME, False),
    ("I have 3 cats", answer_kind.COUNT, True),
    ("Ana has two brothers", answer_kind.COUNT, True),
    ("Ana has brothers", answer_kind.COUNT, False),
    ("I left the band because of the touring", answer_kind.REASON, True),
    ("I left the band in a hurry", answer_kind.REASON, False),
])
def test_what_holds_an_answer(text, kind, held):
    assert answer_kind.holds(kind, text) is held


@pytest.mark.parametrize("value, message", [(-0.1, "recall.answer_kind_weight must not be negative"),
                                            ("lots", "recall.answer_kind_weight must be a finite number")])
def test_a_bad_answer_kind_weight_is_one_clear_error(ws, value, message):
    ws.remember("The dog snores")
    _config(ws, {"answer_kind_weight": value})
    result = ws.run("recall.py", "when did the dog snore", expect=3)
    assert message in result.err and len(result.err.strip().splitlines()) == 1

"""Recall rules chosen by leave-one-conversation-out on LoCoMo (issue #26):
how chat tells what a question asks. Each through the CLI, on memories
imported with their dates."""

import json

NOW = "2023-12-01T12:00:00Z"


def _bulk(ws, rows):
    return ws.json("remember.py", "--jsonl", "-", input="\n".join(json.dumps(r) for r in rows) + "\n",
                   env={"TZ": "UTC"})["ids"]


def _recall(ws, query, *flags):
    return ws.json("recall.py", query, "--why", *flags, now=NOW, env={"TZ": "UTC"})["results"]


def test_a_question_asked_with_did_finds_the_irregular_past(ws):
    ids = _bulk(ws, [
        {"content": "I won my first chess tournament last week", "created": "2023-06-10T10:00:00Z"},
        {"content": "Chess club: chess boards, chess clocks, a chess game on Thursdays", "created": "2023-06-11T10:00:00Z"},
        {"content": "I bought a bike in spring", "created": "2023-04-02T10:00:00Z"},
        {"content": "Bike shop list: bike lights, bike locks, a bike bell", "created": "2023-04-03T10:00:00Z"},
    ])
    # (the memory that shares more of the question's own words comes first without the past forms)
    first = _recall(ws, "When did I win the chess game?")[0]
    assert first["id"] == ids[0] and "won" in first["why"]["terms"]
    assert _recall(ws, "When did I buy the bike?")[0]["id"] == ids[2]
    assert _recall(ws, "When didn't I buy a bike?")[0]["id"] == ids[2]  # ("didn't": "didn", "t", as FTS5 splits)


def test_only_the_verb_did_puts_in_the_past_is_widened(ws):
    ids = _bulk(ws, [
        {"content": "I ride the blue bike to work", "created": "2023-06-10T10:00:00Z"},
        {"content": "We rode bikes in Lyon once", "created": "2023-06-11T10:00:00Z"},
        {"content": "I ate sushi with Ana", "created": "2023-06-12T10:00:00Z"},
        {"content": "We went camping with Ana", "created": "2023-06-13T10:00:00Z"},
    ])
    def searched(query):
        return {term for r in _recall(ws, query, "--top", "10") for term in r["why"]["terms"]}
    # the present is told in the present
    assert _recall(ws, "Which bike does the user ride?")[0]["id"] == ids[0]
    assert "rode" not in searched("Which bike does the user ride?")
    assert "rode" in searched("Which bike did the user ride?")
    # a verb after "to" is not the one in the past; a light verb's noun carries the question
    assert "ate" not in searched("What did I like to eat with Ana?")
    assert "went" not in searched("When did we go camping with Ana?")

"""Related words: a question that shares no word with its answer ("where do I live?" /
"I moved to Lisbon") still finds it, below what the question names, through the real CLI."""
import json

import pytest


def _config(ws, recall: dict) -> None:
    (ws.store / "config.yaml").write_text(json.dumps({"recall": recall}))


def test_a_question_finds_its_answer_through_related_words(ws):
    moved = ws.remember("I moved to Lisbon in March", "--domain", "user")
    ws.remember("Coffee beans are cheaper at the Saturday market", "--domain", "world")
    out = ws.json("recall.py", "where do I live?", "--why")
    assert [r["id"] for r in out["results"]] == [moved]
    why = out["results"][0]["why"]
    assert why["terms"] == [] and why["related"] == ["moved"]
    assert why["parts"]["related"] == pytest.approx(0.3)
    assert "why: terms related: moved; related 0.300" in ws.run("recall.py", "where do I live?", "--why").out
    # plural and -ing forms of a question word find the same table entry
    assert [r["id"] for r in ws.json("recall.py", "living situation")["results"]] == [moved]

    _config(ws, {"related_weight": 0})
    assert ws.run("recall.py", "where do I live?").out == "No memories found.\n"


def test_a_question_naming_a_kind_finds_an_instance(ws):
    pottery = ws.remember("Pottery on Saturday mornings keeps me sane", "--domain", "user")
    dog = ws.remember("We adopted a rescue dog called Biscuit", "--domain", "user")
    assert [r["id"] for r in ws.json("recall.py", "what are my hobbies?")["results"]] == [pottery]
    assert [r["id"] for r in ws.json("recall.py", "do we have pets")["results"]] == [dog]


def test_a_word_the_question_names_outranks_a_related_one(ws):
    moved = ws.remember("I moved to Lisbon in March", "--domain", "user")
    named = ws.remember("We live next to the old tram depot", "--domain", "user")
    ranked = [r["id"] for r in ws.json("recall.py", "where do I live")["results"]]
    assert ranked == [named, moved]


def test_filters_apply_to_related_hits(ws):
    moved = ws.remember("I moved to Lisbon in March", "--domain", "user")
    assert [r["id"] for r in ws.json("recall.py", "where do I live", "--domain", "user")["results"]] == [moved]
    assert ws.json("recall.py", "where do I live", "--domain", "world")["results"] == []
    assert ws.json("recall.py", "where do I live", "--until", "2020-01-01")["results"] == []


def test_config_adds_related_words_and_turns_a_word_off(ws):
    sync = ws.remember("Daily sync with the platform team at 9:30", "--domain", "world")
    ws.remember("I moved to Lisbon in March", "--domain", "user")
    assert ws.json("recall.py", "when is the standup")["results"] == []
    _config(ws, {"related_words": {"Standup": ["sync", "huddle", "NEAR", "AND"], "live": []}})
    assert [r["id"] for r in ws.json("recall.py", "when is the standup")["results"]] == [sync]
    assert ws.json("recall.py", "where do I live")["results"] == []
    # one string of words is a list too; the built-in words of other entries stay
    (ws.store / "config.yaml").write_text("recall:\n  related_words:\n    standup: sync huddle\n")
    assert [r["id"] for r in ws.json("recall.py", "standup time")["results"]] == [sync]
    assert len(ws.json("recall.py", "where do I live")["results"]) == 1


@pytest.mark.parametrize("words, message", [
    ({"live": ["two words"]}, "recall.related_words.live must be a single word"),
    ({"live": ["a\"b"]}, "recall.related_words.live must be a single word"),
    ({"live": 5}, "recall.related_words.live must be a list of words"),
    ({"live": [["nested"]]}, "recall.related_words.live must be a word"),
    ({"two words": ["home"]}, "recall.related_words key must be a single word"),
    (["live", "home"], "recall.related_words must be a mapping"),
])
def test_bad_related_words_are_one_clear_error(ws, words, message):
    ws.remember("I moved to Lisbon in March")
    _config(ws, {"related_words": words})
    result = ws.run("recall.py", "where do I live", expect=3)
    assert message in result.err and len(result.err.strip().splitlines()) == 1


def test_no_related_word_repeats_its_entry_by_stem():
    # "friend: friends" would find nothing new (the porter stemmer already does) and lift every
    # memory the question's own word found, above the answer
    import sqlite3

    from hippocampus.recall.related import BUILT_IN, KINDS
    from hippocampus.store.search_cache import TOKENIZERS, sql_text

    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE t USING fts5(w, tokenize={sql_text(TOKENIZERS[0])})")
    repeats = []
    for key, related in [*BUILT_IN.items(), *KINDS.items()]:
        for word in related:
            db.execute("DELETE FROM t")
            db.execute("INSERT INTO t VALUES (?)", (word,))
            if db.execute("SELECT count(*) FROM t WHERE t MATCH ?", (f'"{key}"',)).fetchone()[0]:
                repeats.append(f"{key}: {word}")
    assert repeats == []


def test_related_hits_are_the_best_among_the_newest_matches(ws):
    # a related word may be in thousands of memories; BM25 is computed for the newest `scan` only
    from hippocampus.recall.search import Filters, quoted
    from hippocampus.text.timeutil import parse_time
    from hippocampus.store.workspace import Workspace

    rows = [{"content": f"Note {i}: work" + (" work work" if i % 3 == 0 else " and the rest of a long day"),
             "created": f"2026-03-{1 + i:02d}T10:00:00Z"} for i in range(12)]
    ws.json("remember.py", "--jsonl", "-", input="\n".join(json.dumps(r) for r in rows) + "\n")
    cache = Workspace.open(ws.root, parse_time("2026-04-01T00:00:00Z")).reader_cache()
    where, params = Filters().sql()
    everything = cache.search(quoted(["work"]), where, params, 100)
    newest = sorted(everything, key=lambda pair: -pair[0]["rowid"])[:6]
    expected = sorted(newest, key=lambda pair: (-pair[1], -pair[0]["rowid"]))[:3]
    found = cache.search_newest(quoted(["work"]), where, params, 6, 3)
    assert [m["id"] for m, _ in found] == [m["id"] for m, _ in expected]
    assert [round(score, 6) for _, score in found] == [round(score, 6) for _, score in expected]
    # notes 0, 3, 6 and 9 say "work" three times; of them only 6 and 9 are among the newest six
    assert {m["content"] for m, _ in found[:2]} == {"Note 6: work work work", "Note 9: work work work"}
    assert len(everything) == 12 and len(cache.search_newest(quoted(["work"]), where, params, 100, 50)) == 12

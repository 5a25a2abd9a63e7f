"""Importance that matches what SKILL.md says matters (#43, 5): health, safety and explicit
requests score high, a pasted dump is not core by its length, repetitive junk is refused."""

import json

import pytest

from hippocampus.base.scoring import signal_importance

LONG_TEXT_CHARS = 1500  # (scoring.LONG_TEXT_CHARS)

NOW = "2026-03-01T09:00:00Z"

HIGH = [
    # health and safety (SKILL.md: an allergy is what must never fade)
    "User is allergic to peanuts", "I'm allergic to penicillin", "Severe shellfish allergy", "I carry an EpiPen",
    "I have an epi pen in my bag", "My son is diabetic", "I have type 1 diabetes and take insulin",
    "She has asthma and always carries an inhaler", "I have epilepsy", "I'm coeliac, so no gluten",
    "User is lactose intolerant", "My emergency contact is my sister Ana, +44 7700 900123",
    "In case of emergency call Tom", "My blood type is O negative", "I'm on blood thinners (warfarin)",
    "I'm pregnant, due in May", "He uses a wheelchair", "I take medication for my blood pressure",
    "Ana is my next of kin", "I get migraines from bright screens",
    # an explicit request, said many ways
    "Remember that my passport expires in May", "Please remember my sister's name is Ana",
    "Remember: the gate code is the year we met", "Don't forget the boiler service is in June",
    "Never forget that Tom hates surprises", "Keep in mind I work night shifts", "Bear in mind I can't drive",
    "Note: the office moves to floor 3", "For future reference, my size is 42", "Remind me to call mom on Sundays",
    "Make sure you remember my anniversary is 12 June", "Take note, the dentist is Dr Silva",
    "For the record, I never eat before 10", "Memorise this: locker 214", "Don't let me forget the car tax",
    "Please save this to your memory: the wifi is on the router",
]


@pytest.mark.parametrize("text", HIGH)
def test_health_safety_and_explicit_requests_score_high(text):
    value, signal = signal_importance(text)
    assert value >= 0.9 and signal in ("health", "explicit"), (text, value, signal)
    assert signal_importance(text, guarded=False) == (value, signal)


@pytest.mark.parametrize("text", [
    "I remember the day we met", "Remember when we went to Paris?", "I disabled the notifications",
    "The epic was finished on time", "We had an emergency meeting about the roadmap?",
])
def test_near_misses_stay_ordinary(text):
    assert signal_importance(text)[0] < 0.9, text


def test_an_allergy_remembered_is_core_at_once(ws):
    stored = ws.json("remember.py", "User is allergic to peanuts", now=NOW)
    assert stored["importance"] >= 0.9
    assert "allergic to peanuts" in ws.run("load_core.py", now=NOW).out


def meeting_dump() -> str:
    lines = [f"{n:02d}:{(n * 7) % 60:02d} Speaker {n % 5}: about the project deadline item {n}, "
             f"we decided to revisit ticket {1000 + n * 13} and remember that owner {n % 9} follows up"
             for n in range(90)]
    return "Meeting notes\n" + "\n".join(lines)


def test_a_long_pasted_dump_is_not_core_by_its_length(ws):
    dump = meeting_dump()
    assert len(dump) > 10_000
    assert signal_importance(dump) == (0.5, "long")
    stored = ws.json("remember.py", "-", now=NOW, input=dump)
    assert stored["importance"] == 0.5
    assert "Meeting notes" not in ws.run("load_core.py", "--all", now=NOW).out
    # length never raises importance: just under and over the line alike, whatever the words
    short = "Remember that " + ", ".join(f"part {n} needs care" for n in range(70))
    assert len(short) < LONG_TEXT_CHARS and signal_importance(short)[0] == 0.9
    assert signal_importance(short + " and more" * 40) == (0.5, "long")
    # kept in core only when asked: an importance given, or pinned
    kept = ws.json("remember.py", "-", "--importance", "0.9", now=NOW, input=dump + "\nkept")
    assert kept["importance"] == 0.9
    assert ws.json("load_core.py", "--all", now=NOW)["shown"] == 1


JUNK = ["Word " * 300, "Word" * 300, "spam eggs " * 150, "a b c " * 100, "Error: connection refused at 5432\n" * 60,
        "ha" * 500, "lol " * 40, "I like pizza. " * 50, "🙂" * 200]


@pytest.mark.parametrize("junk", JUNK, ids=[text[:12].strip() for text in JUNK])
def test_repetitive_junk_is_refused_with_one_line(ws, junk):
    before = ws.commits()
    result = ws.run("remember.py", "-", now=NOW, input=junk, expect=1)
    assert "repeats itself" in result.err and result.err.count("\n") == 1
    assert ws.commits() == before and ws.index()["memories"] == []
    assert signal_importance(junk)[1] == "repetitive"


def test_repetitive_junk_in_a_batch_or_a_transcript_is_passed_over(ws, tmp_path):
    batch = tmp_path / "batch.jsonl"
    batch.write_text(json.dumps({"content": "The user likes tea"}) + "\n" + json.dumps({"content": "Word " * 300}) + "\n")
    result = ws.run("remember.py", "--jsonl", str(batch), now=NOW, expect=1)
    assert "line 2: nothing to remember: the text repeats itself" in result.err and result.err.count("\n") == 1
    assert ws.index()["memories"] == []
    notes = tmp_path / "notes.md"
    notes.write_text("- The user likes tea\n- " + "lol " * 60 + "\n")
    imported = ws.json("import.py", str(notes), now=NOW)
    assert imported["added"] == 1 and imported["skipped"] == 1
    chat = "lol " * 60 + "\n\nI always take the 8am train to work\n"
    report = ws.json("capture.py", now=NOW, input=chat)
    assert report["repetitive"] == 1 and report["stored"] == 1


def test_real_texts_are_not_junk():
    from hippocampus.text.textutil import repetition
    table = "\n".join(f"| 2026-03-{d:02d} | {d * 13 % 97} km | {d * 7 % 31} min | ok |" for d in range(1, 29))
    trace = "\n".join(f'  File "/app/mod{i % 3}.py", line {i * 7}, in handler\n    return call(x)' for i in range(30))
    shopping = "\n".join(f"- buy {w}" for w in "milk eggs bread butter cheese apples pears rice beans".split())
    plan = "".join(f"Week {w}: Monday gym, Tuesday rest, Wednesday gym, Thursday rest, Friday gym\n" for w in range(1, 13))
    backups = "".join(f"2026-03-{d:02d} 09:00 backup ok\n" for d in range(1, 31))
    for text in (table, trace, shopping, plan, backups, meeting_dump(), "今日は寿司を食べた。" * 3, "ok " * 10):
        assert repetition(text) is None, text[:40]

"""A memory that tells a change by what ended ("quit Siemens", "we broke up",
"sold the Passat") supersedes the statement of what ended, though the new value
is a name no lexicon knows (text/departures.py, lifecycle/supersede.py).
Through the real scripts; the wording is not the benches'."""

from __future__ import annotations

import json

from conftest import in_library

NOW = "2026-03-11T15:00:00Z"
FILLER = [("Rained all afternoon, stayed in with a book.", "2025-03-02T10:00:00Z"),
          ("The match on Sunday was a draw.", "2025-04-02T10:00:00Z"),
          ("Long day, too many meetings at work.", "2025-05-02T10:00:00Z"),
          ("Made a huge pot of chili for the week.", "2025-06-02T10:00:00Z")]


def add_all(ws, rows: list[tuple[str, str]]) -> list[str]:
    lines = "\n".join(json.dumps({"content": text, "created": created}) for text, created in rows)
    return ws.json("remember.py", "--jsonl", "-", input=lines, now=NOW)["ids"]


def top(ws, query: str) -> list[str]:
    return [r["id"] for r in ws.json("recall.py", query, "--top", "10", now=NOW)["results"]]


def departures(texts: list[str]) -> list:
    """The library's reading of each text, in a fresh interpreter (as the scripts import it)."""
    return in_library("import json, sys; from hippocampus.text.departures import departures; print(json.dumps("
                      "[[[s, sorted(w), sorted(slots)] for s, w, slots in departures(t)] for t in sys.argv[1:]]))",
                      *texts)


def test_a_change_told_by_what_ended_supersedes_it_and_answers_now(ws):
    ids = add_all(ws, [
        ("I work at Siemens, in the energy team.", "2024-09-01T10:00:00Z"),
        ("Our gym is Fitness First, ten minutes from the flat.", "2024-10-01T10:00:00Z"),
        *FILLER,
        ("Finally quit Siemens, and on Monday I start at a small robotics startup called Kinetix.",
         "2025-08-01T10:00:00Z"),
        ("Cancelled the Fitness First membership, it was always packed.", "2025-09-01T10:00:00Z"),
    ])
    siemens, gym, quit_siemens, quit_gym = ids[0], ids[1], ids[-2], ids[-1]
    for old, new in ((siemens, quit_siemens), (gym, quit_gym)):
        assert ws.memory(old)["supersededBy"] == new and ws.memory(old)["confidence"] == "stale"
        assert ws.memory(new)["supersedes"] == [old]
    found = top(ws, "Where does the user work now?")
    assert found[0] == quit_siemens, found
    assert siemens in found and found.index(siemens) > found.index(quit_siemens)  # findable, below
    found = top(ws, "Which gym does the user go to these days?")
    assert found[0] == quit_gym, found
    before = top(ws, "Where did the user work before?")
    assert siemens in before and (quit_siemens not in before or before.index(siemens) < before.index(quit_siemens))
    assert f"supersedes {siemens}" in "\n".join(ws.audit())


def test_ending_a_slot_without_naming_it_supersedes_its_latest_value(ws):
    ids = add_all(ws, [
        ("My boyfriend Mateo and I went to the coast.", "2024-06-01T10:00:00Z"),
        ("My car is a VW Passat, ancient but reliable.", "2024-07-01T10:00:00Z"),
        *FILLER,
        ("Mateo and I broke up last month. Still sad about it.", "2025-07-01T10:00:00Z"),
        ("Sold my car, the bus is fine for now.", "2025-08-01T10:00:00Z"),
    ])
    mateo, passat, broke_up, sold = ids[0], ids[1], ids[-2], ids[-1]
    assert ws.memory(mateo).get("supersededBy") == broke_up
    assert ws.memory(passat).get("supersededBy") == sold


def test_what_ended_for_someone_else_leaves_the_users_value_current(ws):
    ids = add_all(ws, [
        ("I work at Siemens, in the energy team.", "2024-09-01T10:00:00Z"),
        ("We live in Lisbon, right by the river.", "2024-10-01T10:00:00Z"),
        ("Our gym is Fitness First, ten minutes from the flat.", "2024-11-01T10:00:00Z"),
        *FILLER,
        ("Cancelled the Fitness First membership, it was always packed.", "2025-07-01T10:00:00Z"),
        ("My brother quit Siemens last week.", "2025-08-01T10:00:00Z"),
        ("We left Lisbon for Sintra for the day, lovely hike.", "2025-08-10T10:00:00Z"),
        ("I left Siemens early today to see the dentist.", "2025-08-20T10:00:00Z"),
        ("Thinking about leaving Siemens next year.", "2025-09-01T10:00:00Z"),
        ("Should I quit Siemens?", "2025-09-15T10:00:00Z"),
        ("Sold my old Siemens dishwasher to a neighbour.", "2025-09-20T10:00:00Z"),  # (one sells a thing, not a job)
        ("I almost quit Siemens after that meeting.", "2025-09-25T10:00:00Z"),
    ])
    siemens, lisbon, gym = ids[0], ids[1], ids[2]
    assert ws.memory(gym)["supersededBy"] == ids[7]  # (a real one, so that recall reads the chains)
    assert "supersededBy" not in ws.memory(siemens)
    assert "supersededBy" not in ws.memory(lisbon)
    assert top(ws, "Where does the user work now?")[0] == siemens


ENDED = [  # (text, whose, the words of what ended, a slot it ends, a slot it does not)
    ("Left Siemens for Kinetix after six years.", "user", ["siemens"], "job", None),
    ("No longer at Deloitte, now with KPMG.", "user", ["deloitte"], "job", "home"),
    ("We moved from Lisbon to Porto in the spring.", "user", ["lisbon"], "home", "partner"),
    ("User now works at Stripe (previously Adyen).", "user", ["adyen"], "job", None),
    ("my ex-girlfriend Maya called", "user", ["maya"], "partner", "job"),
    ("Traded in the Corolla for a bike.", "user", ["corolla"], "car", "job"),
    ("My sister sold her Golf.", "user/sister", ["golf"], "car", "job"),
    ("I dropped Spanish, too much homework.", "user", ["spanish"], "language", "partner"),
    ("Things ended with Chloe; I'm with Daniel now.", "user", ["chloe"], "partner", "job"),
    ("Switched banks from HSBC to Chase.", "user", ["hsbc"], "bank", "partner"),
    ("I quit my job.", "user", [], "job", "gym"),
    ("We broke up.", "user", [], "partner", "job"),
    ("These days I train at Gymbox instead of PureGym.", "user", ["puregym"], "gym", "partner"),
]
NOT_ENDED = [
    "I left my phone at home.", "I dropped my Pixel on the stairs.", "I left Siemens at 5.",
    "Left Lisbon airport at 6am.", "I replaced my Pixel's screen.", "I left SATS after a great workout.",
    "Quit Spotify for a week to focus.", "If I quit Siemens, I'll freelance.", "I'd never leave Lisbon.",
    "Gave up after ten minutes.", "The party ended with Tom singing.", "No longer sick, back at Lego.",
    "I almost quit Lego.", "He said 'I quit Google' but he was joking.", "I dropped Maya at the airport.",
    "Said goodbye to Sarah at the station.", "The kids broke up for the summer holidays.",
    "It's over with the Lego project, finally shipped.", "I sold shares of Tesla.",
    "We left Lisbon and drove to Sintra.", "Bye Lisbon, see you next week!",
    "I am flying London -> Paris on Friday.", "I took the bus instead of the Golf today.",
    "Tom said bye Zenfone 10, hello Moto Edge.", "I ordered pizza instead of sushi.",
    "I'd have picked Lego instead of Atlassian.",
]


def test_the_reading_of_what_ended():
    texts = [row[0] for row in ENDED] + NOT_ENDED
    said = dict(zip(texts, departures(texts)))
    for text, whose, words, ends, not_ends in ENDED:
        assert [d[:2] for d in said[text]] == [[whose, words]], (text, said[text])
        assert ends in said[text][0][2] and (not_ends is None or not_ends not in said[text][0][2]), (text, said[text])
    for text in NOT_ENDED:
        assert said[text] == [], (text, said[text])
    assert [slots for _w, _words, slots in said["I quit my job."]] == [["job"]]  # (one slot: the latest job)


def test_consolidation_links_a_departure_stored_before(ws):
    old, new = add_all(ws, [("Our dentist is Dr. Okafor on Mill Road.", "2024-01-01T09:00:00Z"),
                            ("I work at Siemens, in the energy team.", "2024-02-01T09:00:00Z")])[0], None
    siemens = ws.json("recall.py", "Siemens", "--top", "1", now=NOW)["results"][0]["id"]
    new = add_all(ws, [("Quit Siemens; the startup offer was too good.", "2025-05-01T09:00:00Z")])[0]
    ws.unlink_supersessions()  # a store linked before departures were read
    ws.run("consolidate.py", now=NOW)
    assert ws.memory(siemens)["supersededBy"] == new and ws.memory(siemens)["confidence"] == "stale"
    assert "supersededBy" not in ws.memory(old)
    ws.run("consolidate.py", now=NOW)  # a second run finds nothing new to link
    assert ws.memory(new)["supersedes"] == [siemens]


def test_a_trip_with_an_arrow_or_a_day_without_the_car_ends_nothing(ws):
    ids = add_all(ws, [
        ("I live in London, in a flat in Hackney.", "2024-05-01T10:00:00Z"),
        ("I drive a VW Golf.", "2024-05-02T10:00:00Z"),
        ("My partner works at Deloitte.", "2024-05-03T10:00:00Z"),
        ("I work at Siemens, in the energy team.", "2024-05-04T10:00:00Z"),
        *FILLER,
        ("I am flying London -> Paris on Friday for the offsite.", "2025-02-01T10:00:00Z"),
        ("I took the bus instead of the Golf today, parking was full.", "2025-02-02T10:00:00Z"),
        ("Quit Siemens; the startup offer was too good.", "2025-05-01T09:00:00Z"),
    ])
    london, golf, deloitte = ids[0], ids[1], ids[2]
    assert ws.memory(ids[3])["supersededBy"] == ids[-1]  # (a real one: recall reads the chains)
    assert "supersededBy" not in ws.memory(london) and "supersededBy" not in ws.memory(golf)
    assert top(ws, "Where does the user live?")[0] == london
    assert top(ws, "user car")[0] == golf
    assert top(ws, "partner's job")[0] == deloitte  # (the partner's, not the user's own)

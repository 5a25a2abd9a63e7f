"""A value named in passing ("Cycling home along the canal in Utrecht tonight",
"Leg day at Basic-Fit"), read by what the name is (text/mentions.py), answers a
question about now when no statement holds the slot, or when it is newer than
every statement and another day names the same value since (recall/supersede_rank.py);
it never makes or breaks a supersession link, and a name in passing that is not the
user's present (a trip, a sale, someone's, the news) changes nothing. Through the real
scripts; the wording is not the benches' nor the reviews'."""

from __future__ import annotations

from conftest import in_library
from test_supersession_departures import FILLER, NOW, add_all  # (the same fixtures of everyday filler)


def top(ws, query: str, *args: str) -> list[str]:
    return [r["id"] for r in ws.json("recall.py", query, "--top", "10", *args, now=NOW)["results"]]


def mentions(texts: list[str]) -> list:
    return in_library("import json, sys; from hippocampus.text.mentions import mentions; "
                      "print(json.dumps([mentions(t) for t in sys.argv[1:]]))", *texts)


def test_mentions_fill_an_unsaid_slot_and_overturn_a_statement_only_when_two_days_name_the_value(ws):
    ids = add_all(ws, [
        ("We live in Lisbon, right by the river.", "2024-10-01T10:00:00Z"),
        *FILLER,
        ("Cycling home along the canal in Utrecht tonight, the neighbourhood is growing on me.",
         "2025-07-01T10:00:00Z"),
        ("Leg day at Basic-Fit before work, then a mountain of emails.", "2025-08-01T10:00:00Z"),
    ])
    lisbon, utrecht, basic_fit = ids[0], ids[-2], ids[-1]
    assert top(ws, "Which gym does the user go to?")[0] == basic_fit  # (no statement of a gym: the mention)
    found = top(ws, "Where does the user live now?")
    assert found[0] == lisbon and utrecht in found[:5]  # (one name in passing: found, not put over what was said)
    again = add_all(ws, [("Frosty morning here in Utrecht, the canal by our flat froze over.",
                          "2025-09-01T10:00:00Z")])[0]
    assert top(ws, "Where does the user live now?")[0] == again  # (two days name Utrecht since: it is current)
    assert lisbon in top(ws, "Where did the user live before?")[:5]
    # a mention changes no record: the statement is not superseded, not stale
    assert "supersededBy" not in ws.memory(lisbon)
    why = ws.json("recall.py", "Where does the user live now?", "--why", now=NOW)["results"][0]
    assert why["id"] == again and lisbon in why["why"]["over"]


def test_someone_elses_a_trip_a_wish_and_an_older_mention_leave_the_statement_current(ws):
    ids = add_all(ws, [
        ("We moved to Lisbon in the spring.", "2024-10-01T10:00:00Z"),
        ("My phone is a Pixel 7.", "2024-10-02T10:00:00Z"),
        *FILLER,
        ("My sister loves her new flat in Lyon.", "2025-07-01T10:00:00Z"),
        ("Flew to Berlin for a conference, back on Friday.", "2025-07-10T10:00:00Z"),
        ("Thinking about getting an iPhone 16 when the contract ends.", "2025-07-20T10:00:00Z"),
        ("Anna's new phone is a Galaxy S24, she loves it.", "2025-08-01T10:00:00Z"),
        ("done with Arsenal, I support Liverpool now", "2025-08-10T10:00:00Z"),
    ])
    lisbon, pixel = ids[0], ids[1]
    assert top(ws, "Where does the user live now?")[0] == lisbon
    assert top(ws, "What phone does the user have now?")[0] == pixel


def test_an_older_mention_is_not_revived_over_a_change_and_a_same_value_mention_leaves_the_statement(ws):
    ids = add_all(ws, [
        ("Tough first week, the commute to the Deloitte office is long.", "2024-09-01T10:00:00Z"),
        ("I work at Kinetix now, a robotics startup.", "2025-02-01T10:00:00Z"),
        *FILLER,
        ("Left Kinetix for Lumen Labs; less money, more sleep.", "2025-07-01T10:00:00Z"),
        ("My new bank is Monzo, the app is great.", "2025-07-02T10:00:00Z"),
        ("Rang Monzo about a strange charge at work, all fine.", "2025-08-01T10:00:00Z"),
    ])
    deloitte, left, monzo = ids[0], ids[-3], ids[-2]
    work = top(ws, "Where does the user work now?")
    assert work[0] != deloitte and work.index(left) < work.index(deloitte)  # (the mention is older than a change)
    assert top(ws, "Which bank does the user use now?")[0] == monzo  # (the later mention names the same bank)


MENTIONED = [  # (text, what it mentions as the user's present value)
    ("Cycling home along the river in Bergen tonight.", {"user|home": ["Bergen"]}),
    ("the Tesla's charging port is playing up", {"user|car": ["Tesla"]}),  # its own possessive
    ("Switched allegiance from Leeds United to Milwaukee Bucks.", {"user|team": ["Bucks"]}),  # not Leeds, nor "from"
    ("The commute to the Siemens office is killing me.", {"user|job": ["Siemens"]}),
    ("switched my salary to Lloyds", {"user|bank": ["Lloyds"]}),  # a bank, not an employer
    ("Moved to São Paulo 3 weeks ago, the flat is tiny.", {"user|home": ["São Paulo"]}),
    ("left rotterdam for leipzig last week, new job at bosch starts monday",  # all lower case
     {"user|home": ["leipzig"], "user|job": ["bosch"]}),
    ("My brother rang. We've bought a little bungalow in Nottingham!", {"user|home": ["Nottingham"]}),
    ("User sold the Renault Zoe and bought a Nissan Leaf.", {"user|car": ["Nissan"]}),
    ("cancelled the gym bc it was always packed, fitness first now", {"user|gym": ["fitness first"]}),
    ("Our Robert talked me into a Motorola Edge 40.", {"user|phone": ["Motorola Edge 40"]}),
]
NOT_MENTIONED = [  # someone else's, not now, the world's, a name of something else, no tie to the slot
    "Ordered a lamp on Amazon.", "My boss leased a Tesla Model 3.", "Nice weather today, Reading a good book.",
    "My sister moved to Lyon.", "Maybe a Galaxy S24 next year?", "went to the shell station, then chase came round",
    "My brother called; he moved to Leeds.", "Just got back from a week in Madrid.",
    "We're heading to Rome next month.",
    "Sold the Tesla last month.", "My old Corolla finally went to the scrapyard.", "I'd never bank with HSBC.",
    "Cancelled my Equinox membership.", "Not a Netflix person anymore.",
    "The news is all about the floods in Valencia.", "I support Liverpool now, what a season.",
    "Walked past the Lloyds branch on the high street.", "Dropped the Samsung TV remote behind the sofa.",
    "Fixed the Honda lawnmower.", "Paris came over for dinner.", "Started watching Emily in Paris.",
    "Chelsea from work brought cake.", "My interview at Google went badly.", "Worked from the Starbucks all morning.",
    "Finished my last shift at GSK on Friday.", "Anna's new phone is a Galaxy S24.",
]


def test_what_counts_as_a_mention():
    found = mentions([text for text, _ in MENTIONED] + NOT_MENTIONED)
    assert found[:len(MENTIONED)] == [expected for _, expected in MENTIONED]
    assert [text for text, got in zip(NOT_MENTIONED, found[len(MENTIONED):]) if got] == []


def test_a_later_passing_name_that_is_not_the_users_present_leaves_the_statement_first(ws):
    statements = [("We live in Lisbon, right by the river.", "Where does the user live now?"),
                  ("My car is a Kia Niro.", "What car does the user drive?")]
    later = ["Just got back from a week in Madrid, so much walking.", "I'd never bank with HSBC.",
             "Sold the Tesla I was minding for Sam, glad it's gone.", "Walked past the Barclays branch today.",
             "The news is all about the floods in Valencia."]
    ids = add_all(ws, [(text, f"2024-1{k}-01T10:00:00Z") for k, (text, _) in enumerate(statements)] + FILLER
                  + [(text, f"2025-0{7 + k // 3}-{1 + k % 3:02d}T10:00:00Z") for k, text in enumerate(later)])
    for k, (_, question) in enumerate(statements):
        assert top(ws, question)[0] == ids[k], question


def test_a_slot_asked_by_its_model_or_make_is_the_slot():
    asked = in_library("import json, sys; from hippocampus.text.slot_questions import asked_keys; "
                       "print(json.dumps([asked_keys(q) for q in sys.argv[1:]]))",
                       "Which phone model is the user using?", "What car make does the user drive now?")
    assert asked == [["user|phone"], ["user|car"]]

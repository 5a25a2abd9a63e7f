"""What a clause states of the user's present, and what it does not (text/statement_gates.py and the
readings of text/supersession.py added with it): someone else's words, the world's news, a try that
failed, a value ended, a car that hit the user or was hired, a childhood, a tool moved to, a thing as
subject state nothing of the user's; a question states what it takes as given ("my Pixel 7a"), and what
the user told before asking. End to end through the scripts, and the reader on sentences that are not
the corpus's (bench/statements/)."""

from __future__ import annotations

from conftest import in_library
from test_supersession_departures import FILLER, NOW, add_all, top


def read(texts: list[str]) -> list:
    return in_library("import json, sys; from hippocampus.text.supersession import statements; print(json.dumps("
                      "[sorted([s, k, sorted(v)] for s, k, v in statements(t)) for t in sys.argv[1:]]))", *texts)


NOTHING_OF_THE_USERS = [
    "Priya said the Honda garage quoted her a fortune for brakes.",  # someone else's words
    "My manager reckons Revolut is about to get a banking licence.",
    "Apparently my whole team thinks I work at Amazon, weird.",
    "Samsung unveiled the Galaxy Z Fold 7 this morning.",  # the world's news
    "The job offer from Canva fell through at the final stage.",  # a try that failed
    "Applied to Atom Bank but they turned me down.",
    "My Galaxy S23 got nicked at the festival.",  # ended
    "Got hit by a Range Rover at the roundabout, car is fine.",  # a car that did something
    "Hired a Fiat 500 for the week in Sicily.",  # a car hired
    "Growing up in Bristol we walked everywhere.",  # a childhood
    "My very first phone was a Nokia 3310.",
    "We finally moved to Linear for issue tracking.",  # a tool
    "The whole department has moved to Teams.",  # a thing as subject
    "Nearly switched to a Pixel, stayed with the old one.",  # almost
    "A friend's cat called Mango sleeps on our porch.",  # no one of the user's
    "Suppose I moved to Zurich, would the taxes be lower?",  # a supposition
]

TOLD = [
    ("Our twins start school on Monday and I live in Harrogate now, any tips for the school run?",
     ["user", "home", ["harrogate"]]),
    ("Pepper (my dog) chewed the remote again.", ["user", "pet:dog", ["pepper"]]),
    ("My GP, Dr. Osei, is retiring next year.", ["user", "doctor", ["osei"]]),
    ("I own a Volvo XC60.", ["user", "car", ["volvo", "xc60"]]),
    ("My cousin has a Pixel 9 Pro, she loves it.", ["user/cousin", "phone", ["9", "pixel", "pro"]]),
    ("My iPhone 12 got stolen at the gig, so I picked up a Pixel 8 the next day.", ["user", "phone", ["8", "pixel"]]),
    ("My mum says I sound happier now I live in York.", ["user", "home", ["york"]]),
]
# what a question takes as the user's: named in passing (a mention), never a statement
GIVEN = [
    ("How do I clear the cache on my Galaxy S22?", "user|phone"),
    ("Can you write a thank-you card for Dr. Abara, my GP?", "user|doctor"),
]


def test_the_reader_states_nothing_of_the_user_from_what_is_not_theirs():
    found = read(NOTHING_OF_THE_USERS)
    for text, statements in zip(NOTHING_OF_THE_USERS, found):
        assert not [s for s in statements if s[0] == "user"], (text, statements)
    named = in_library("import json, sys; from hippocampus.text.mentions import mentions; "
                       "print(json.dumps([mentions(t) for t in sys.argv[1:]]))", *NOTHING_OF_THE_USERS)
    for text, names in zip(NOTHING_OF_THE_USERS, named):  # (nor names it in passing as the user's)
        assert not names, (text, names)


def test_the_reader_reads_what_a_question_takes_as_given_and_what_was_told_before_it():
    found = read([text for text, _ in TOLD])
    for (text, want), statements in zip(TOLD, found):
        assert want in statements, (text, statements)
    given = in_library("import json, sys; from hippocampus.text.mentions import mentions; from hippocampus.text."
                       "supersession import statements; print(json.dumps([[sorted(mentions(t)), statements(t)] "
                       "for t in sys.argv[1:]]))", *[text for text, _ in GIVEN])
    for (text, key), (named, stated) in zip(GIVEN, given):
        assert key in named and not stated, (text, named, stated)
    # what a question asks about is not taken as given, and a question states nothing
    asked = read(["Should I get a Pixel 9 or stay with my iPhone 13?", "Is it worth moving to Leeds?",
                  "Should I call my new puppy Biscuit?", "Any ideas what to get my girlfriend?"])
    assert asked == [[], [], [], []], asked


def test_someone_elses_words_a_failed_offer_and_a_collision_leave_the_users_value_current(ws):
    ids = add_all(ws, [
        ("I work at Monzo on the payments team.", "2024-10-01T10:00:00Z"),
        ("I drive a Skoda Octavia.", "2024-10-02T10:00:00Z"),
        *FILLER,
        ("The offer from Wise fell through at the last minute, so that's that.", "2025-07-01T10:00:00Z"),
        ("Got rear-ended by a Tesla Model Y on the ring road, just a scratch.", "2025-07-10T10:00:00Z"),
        ("My brother says Deliveroo is hiring like crazy.", "2025-07-20T10:00:00Z"),
    ])
    monzo, skoda, wise, tesla, deliveroo = ids[0], ids[1], ids[-3], ids[-2], ids[-1]
    assert "supersededBy" not in ws.memory(monzo) and "supersededBy" not in ws.memory(skoda)
    assert monzo in top(ws, "Where does the user work now?")[:3]
    assert top(ws, "What car does the user drive?")[0] == skoda
    for question in ("Where does the user work now?", "What car does the user drive?"):
        assert top(ws, question)[0] not in (wise, tesla, deliveroo)


def test_a_question_that_names_the_users_phone_answers_but_supersedes_nothing(ws):
    ids = add_all(ws, [
        ("How do I turn off the always-on display on my iPhone 16?", "2025-06-01T10:00:00Z"),
        *FILLER,
    ])
    assert top(ws, "What phone does the user have now?")[0] == ids[0]  # (nothing else says which)
    ids = add_all(ws, [
        ("Just switched to a Pixel 9, loving it.", "2025-08-01T10:00:00Z"),
        ("How do I get my WhatsApp chats off my iPhone 16 now?", "2025-08-02T10:00:00Z"),
    ])
    pixel = ids[0]
    assert "supersededBy" not in ws.memory(pixel)  # (asked of the old phone, the day after the switch)
    assert top(ws, "What phone does the user have now?")[0] == pixel

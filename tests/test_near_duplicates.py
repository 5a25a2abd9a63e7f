"""Near-duplicates merge; different facts never do (issue #43, point 9).

One fact said twice merges at consolidation whatever its inflections
(plural -s/-es/-ies, -ed, -ing, a possessive 's), articles, word order and
the speaker's words ("I", "my", "User", "the user"). A different content
word, name, number, code, time, date or negation keeps two memories apart.
The tables are written from those classes, through the real consolidate.py
and on the functions it uses (textsim.duplicate_key, same_words, stemming).
"""

import json

import pytest

from hippocampus.text import stemming, textsim

SAME = [  # (remembered first, remembered later): one fact
    ("User prefers green tea in the morning", "The user prefers green tea in the mornings"),  # plural -s, article
    ("User keeps bees in the back garden", "The user keeps a bee in the back garden"),  # plural, article
    ("User washes the dishes after dinner", "User washed the dish after dinner"),  # -es, -ed
    ("User's daughter loves strawberries", "The user's daughter loves strawberry"),  # -ies, possessive
    ("User studies Japanese in the evenings", "The user studied Japanese in the evening"),  # -ies / -ied, a name
    ("User collects old boxes of matches", "User collected an old box of matches"),  # -es after x, -ed
    ("The team deployed the billing service on Friday", "Team deploys the billing service on Friday"),  # -ed / -s
    ("User is learning the guitar", "The user learns guitar"),  # -ing after "be": the verb
    ("User is planning a trip to Kyoto", "User plans a trip to Kyoto"),  # doubled consonant
    ("I am training for the marathon in Porto", "User trains for the marathon in Porto"),  # speaker, -ing
    ("The user's son is named Leo", "My son's name is Leo"),  # silent e: named / name
    ("User hoped to retire near Braga", "The user hopes to retire near Braga"),  # hoped / hopes
    ("Emma's school starts at 8:30", "The school of Emma starts at 8:30"),  # possessive, word order
    ("User drives a blue car to work", "User drives the blue car to work"),  # articles
    ("On weekdays the user wakes at 6:30", "The user wakes at 6:30 on weekdays"),  # word order
    ("I am vegetarian", "User is vegetarian"),  # speaker
    ("My sister lives in Coimbra", "The user's sister lives in Coimbra"),  # speaker
    ("I'm allergic to penicillin", "The user is allergic to penicillin"),  # speaker, contraction
    ("I've a tabby called Rex", "User has a tabby called Rex"),  # speaker, contraction
    ("I don't eat pork", "The user doesn't eat pork"),  # the same negation
    ("User can't swim", "The user cannot swim"),  # the same negation
    ("Prefers window seats on long flights.", "The user prefers a window seat on long flights"),  # a capital
    ("User swims laps on Thursdays", "User swims laps on Thursday"),  # a weekday's plural
    ("User’s wife works at Siemens", "The user's wife worked at Siemens"),  # curly apostrophe, -ed
    ("The flight to Oslo is SK4411 on 12 May", "On 12 May the flight to Oslo is SK4411"),  # codes, dates, order
    ("User's parents run a bakery in Faro", "The user's parent runs the bakery in Faro"),  # plural, -s
]

DIFFERENT = [  # (a, b): two facts
    ("User is allergic to peanuts", "User is allergic to walnuts"),  # a content word
    ("User has 3 cats", "User has 4 cats"),  # a number
    ("User has two dogs", "User has three dogs"),  # a number word
    ("User drinks coffee", "User does not drink coffee"),  # a negation
    ("User can ski", "User can't ski"),  # a negation
    ("User can't dive", "User won't dive"),  # what is denied: can / will
    ("User can't drive", "User doesn't drive"),  # what is denied: can / do
    ("User's dentist is Dr Evans", "User's dentist is Dr Evan"),  # a name, however like an inflection
    ("Jules is the user's landlord", "Jule is the user's landlord"),  # a name beginning a sentence
    ("User's friend Marta lives in Nice", "User's friend Martas lives in Nice"),  # a name
    ("The wifi password hint is blue42", "The wifi password hint is blue24"),  # a code
    ("The flight to Lisbon is TP1352", "The flight to Lisbon is TP1354"),  # a code
    ("The build needs Python 3.11", "The build needs Python 3.12"),  # a version
    ("The dentist appointment is on 2026-04-10", "The dentist appointment is on 2026-10-04"),  # a date
    ("User gets up at 5:45 on Sundays", "User gets up at 6:45 on Sundays"),  # a time
    ("User goes to the gym on Mondays", "User goes to the gym on Tuesdays"),  # a weekday
    ("User's birthday is in March", "User's birthday is in May"),  # a month
    ("User loves fishing", "User loves fish"),  # the activity is not the thing
    ("User wants to win", "User wants wine"),  # win / wine: a silent e is a word
    ("User bought a new plan", "User bought a new plane"),  # plan / plane
    ("User likes clothing shops", "User likes cloth shops"),  # clothing / cloth
    ("She owns the red bicycle", "He owns the red bicycle"),  # who
    ("Take the allergy pill before breakfast", "Take the allergy pill after breakfast"),  # a small word
    ("User is married", "User is not married"),  # a negation
    ("User never drinks alcohol", "User drinks alcohol"),  # a negation
    ("The standup is at 3pm", "The standup is at 3am"),  # a time
    ("User takes 20mg of melatonin", "User takes 200mg of melatonin"),  # a dose
    ("I'd like a cat", "I like a cat"),  # would
    ("User will move to Berlin", "User moved to Berlin"),  # will
    ("User's brother is older", "User's sister is older"),  # a content word
]

NOW = "2026-03-10T09:00:00Z"


def test_the_tables_hold_distinct_texts():
    texts = [text for pair in SAME + DIFFERENT for text in pair]
    assert len(texts) == len(set(texts))
    assert len(SAME) >= 20 and len(DIFFERENT) >= 20


@pytest.mark.parametrize("first, second", SAME)
def test_one_fact_has_one_key(first, second):
    assert textsim.duplicate_key(first) == textsim.duplicate_key(second) is not None
    assert textsim.same_words(first, second) and textsim.same_words(second, first)


@pytest.mark.parametrize("a, b", DIFFERENT)
def test_two_facts_are_never_the_same_words(a, b):
    assert not textsim.same_words(a, b) and not textsim.same_words(b, a)


INFLECTED = [  # every word of a group is one word inflected
    "morning mornings", "name named names naming", "prefer prefers preferred preferring",
    "study studies studied studying", "plan plans planned planning", "hope hoped hopes hoping",
    "hop hops hopped hopping", "box boxes boxed", "watch watches watched watching", "city cities",
    "allergy allergies", "relate related relates relating", "agree agreed agrees", "use used uses using",
    "tie ties tied tying", "tomato tomatoes", "add added adds", "control controlled controls",
    "travel travels travelled traveled", "marry married marries", "dress dresses dressed",
]
APART = [("plan", "plane"), ("win", "wine"), ("hat", "hate"), ("cod", "code"), ("not", "note"), ("rat", "rate"),
         ("car", "care"), ("cut", "cute"), ("news", "new"), ("general", "generous"), ("university", "universe"),
         ("star", "stare"), ("feed", "fee"), ("bed", "be"), ("sing", "s")]


@pytest.mark.parametrize("group", INFLECTED)
def test_inflections_meet_at_one_stem(group):
    assert len({stemming.stem(word) for word in group.split()}) == 1, {w: stemming.stem(w) for w in group.split()}


@pytest.mark.parametrize("a, b", APART)
def test_other_words_keep_their_stems_apart(a, b):
    assert stemming.stem(a) != stemming.stem(b)


def test_an_activity_keeps_its_ing_unless_a_form_of_be_makes_it_the_verb():
    assert stemming.activity("fishing") == "fishing" and stemming.stem("fishing") == "fish"
    assert stemming.activity("mornings") == "morning"
    assert textsim.same_words("User is fishing at the lake", "User fishes at the lake")
    assert not textsim.same_words("User likes fishing at the lake", "User likes fish at the lake")


def test_consolidation_merges_one_fact_said_twice_and_never_two_facts(ws):
    """Through consolidate.py on a real workspace: each SAME pair ends as one
    active memory (the first remembered), each DIFFERENT pair as two."""
    rows = []
    for first, second in SAME:
        rows += [{"content": first, "domain": "user", "created": "2026-03-01T10:00:00Z"},
                 {"content": second, "domain": "user", "created": "2026-03-02T10:00:00Z"}]
    for a, b in DIFFERENT:
        rows += [{"content": text, "domain": "user", "created": "2026-03-01T10:00:00Z"} for text in (a, b)]
    ws.run("remember.py", "--jsonl", "-", input="".join(json.dumps(row) + "\n" for row in rows), now=NOW)
    by_content = {m["content"]: m for m in ws.index()["memories"]}
    assert len(by_content) == len(rows)
    report = ws.json("consolidate.py", now=NOW)
    merged = {(c["keep"], c["archive"]) for c in report["changes"] if c["kind"] == "merge"}
    memories = {m["id"]: m for m in ws.index()["memories"]}
    wrong = []
    for first, second in SAME:
        keep, lose = memories[by_content[first]["id"]], memories[by_content[second]["id"]]
        if not (keep["status"] != "archived" and lose["status"] == "archived" and lose.get("mergedInto") == keep["id"]):
            wrong.append(("not merged", first, second))
    for a, b in DIFFERENT:
        for text in (a, b):
            memory = memories[by_content[text]["id"]]
            if memory["status"] == "archived" or memory.get("mergedInto"):
                wrong.append(("merged", a, b))
    assert not wrong, wrong
    assert len(merged) == len(SAME)
    active = [m for m in memories.values() if m["status"] != "archived"]
    assert len(active) == len(SAME) + 2 * len(DIFFERENT)
    # a second sleep finds nothing more to merge
    again = ws.json("consolidate.py", now=NOW)
    assert not [c for c in again["changes"] if c["kind"] == "merge"]

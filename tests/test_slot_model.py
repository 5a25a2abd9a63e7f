"""The learned slot reading (text/slot_model.py): what it adds to the reader, what it never adds, and its
file. End to end through the scripts; the model as shipped, read in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

from conftest import SCRIPTS, in_library
from test_supersession_departures import FILLER, NOW, add_all, top


def learned(texts: list[str]) -> list:
    return in_library("import json, sys; from hippocampus.text.slot_model import user_keys; "
                      "from hippocampus.text.supersession import keys; "
                      "print(json.dumps([[keys(t), user_keys(t)] for t in sys.argv[1:]]))", *texts)


# read by the model where the statement reader reads no statement of the slot
UNREAD = [
    ("Been training at Gold's Gym since January, legs are dead", "user|gym"),
    ("Shifted to Pune last week, the flat is small but fine", "user|home"),
    ("These days home is a tiny flat in Bergen", "user|home"),
]
# never a key of the user's: someone else's, a question or a request, talk of a slot that names nothing
NEVER = [
    "My sister Anna moved to Lyon last spring.",
    "My brother got a Pixel 9 for his birthday.",
    "Can you find a gym near my flat in Utrecht?",
    "Which bank has the best savings rate right now?",
    "The gym was packed tonight, waited ages for a rack.",
    "moved the meeting to friday, the flat viewing clashed",
]


def test_the_model_reads_what_the_reader_does_not_and_nothing_that_is_not_the_users():
    for (text, key), (stated, keys) in zip(UNREAD, learned([t for t, _ in UNREAD])):
        assert key not in stated and key in keys, (text, stated, keys)
    for text, (_stated, keys) in zip(NEVER, learned(NEVER)):
        assert keys == [], (text, keys)


def test_a_newer_value_only_the_model_reads_answers_the_question_about_now_and_why_says_so(ws):
    ids = add_all(ws, [
        ("I live in Paris, near Bastille.", "2024-09-01T10:00:00Z"),
        ("Our gym is Fitness First, ten minutes from the flat.", "2024-10-01T10:00:00Z"),
        *FILLER,
        ("We moved to Lisbon in the spring, the light is unreal.", "2025-04-01T10:00:00Z"),
        ("Been training at Gold's Gym since January, legs are dead", "2025-06-01T10:00:00Z"),
        ("The gym was packed tonight, waited ages for a rack.", "2025-07-01T10:00:00Z"),
        ("Can you find a gym near my flat with a sauna and a pool?", "2025-07-02T10:00:00Z"),
    ])
    paris, fitness_first, lisbon, golds = ids[0], ids[1], ids[-4], ids[-3]
    assert ws.memory(paris).get("supersededBy") == lisbon  # (the store has a change: recall's slot path runs)
    assert "supersededBy" not in ws.memory(fitness_first)  # (the model links nothing)
    assert top(ws, "Which gym does the user go to now?")[0] == golds
    assert top(ws, "Where does the user live now?")[0] == lisbon
    result = ws.json("recall.py", "Which gym does the user go to now?", "--top", "3", "--why", now=NOW)["results"][0]
    assert result["id"] == golds and result["why"]["slot"] == {"keys": ["user|gym"], "read_by": "model"}
    other = ws.json("recall.py", "Where does the user live now?", "--top", "3", "--why", now=NOW)["results"][0]
    assert other["why"]["slot"] == {"keys": ["user|home"], "read_by": "reader"}
    text = ws.run("recall.py", "Which gym does the user go to now?", "--top", "1", "--why", now=NOW).out
    assert "holds user|gym (read by: model)" in text, text


def test_a_name_in_passing_the_model_also_reads_overturns_a_statement_but_not_a_home(ws):
    texts = ["Morning swim at Virgin Active before work.", "Back home in Utrecht after a long week."]
    named = in_library("import json, sys; from hippocampus.text.mentions import mentions; "
                       "print(json.dumps([mentions(t) for t in sys.argv[1:]]))", *texts)
    assert named == [{"user|gym": ["Virgin Active"]}, {"user|home": ["Utrecht"]}]  # (each named in passing
    assert [keys for _stated, keys in learned(texts)] == [["user|gym"], ["user|home"]]  # and read by the model)
    ids = add_all(ws, [
        ("I live in Paris, near Bastille.", "2024-09-01T10:00:00Z"),
        ("My gym is Fitness First, ten minutes from the flat.", "2024-10-01T10:00:00Z"),
        ("My old car was a Clio, now I drive a Kia Ceed.", "2024-11-01T10:00:00Z"),
        *FILLER,
        ("Switched to a Tesla Model 3 in March, no more petrol.", "2025-03-20T10:00:00Z"),
        (texts[0], "2025-06-01T10:00:00Z"),
        (texts[1], "2025-06-02T10:00:00Z"),
    ])
    paris, fitness_first, swim, utrecht = ids[0], ids[1], ids[-2], ids[-1]
    assert ws.memory(ids[2]).get("supersededBy") == ids[-3]  # (the store has a change: recall's slot path runs)
    assert "supersededBy" not in ws.memory(fitness_first)  # (neither reading links anything)
    assert top(ws, "Which gym does the user go to now?")[0] == swim
    where = top(ws, "Where does the user live now?")
    assert where[0] == paris and (utrecht not in where or where.index(utrecht) > 0)
    result = ws.json("recall.py", "Which gym does the user go to now?", "--top", "1", "--why", now=NOW)["results"][0]
    assert result["why"]["slot"] == {"keys": ["user|gym"], "read_by": "passing+model"}


def test_the_shipped_file_reads_back_byte_for_byte_and_a_damaged_one_adds_nothing(tmp_path):
    out = in_library("import json; from hippocampus.text import slot_model as s; data = s.MODEL_FILE.read_bytes(); "
                     "m = s.load(data); print(json.dumps([s.dump(m) == data, m.classes, m.threshold, len(m.names)]))")
    same, classes, threshold, features = out
    assert same and classes[:2] == ["none", "other"] and "home" in classes and 0.5 <= threshold < 1
    assert features > 1000
    damaged = tmp_path / "slot_model.bin"
    for data in (b"", b"hippocampus-slot-model 1\n{}\n", b"not a model", b"hippocampus-slot-model 1\n{\"classes\": "
                 b"[\"none\"], \"threshold\": 0.9, \"scale\": 0.001, \"features\": 1, \"names_bytes\": 4}\nbias\n\x00",
                 b"hippocampus-slot-model 1\n{\"classes\": [\"none\"], \"threshold\": \"x\", \"scale\": 0.001, "
                 b"\"features\": 1, \"names_bytes\": 4}\nbias\n\x00\x00"):
        damaged.write_bytes(data)
        code = ("import sys; from pathlib import Path; from hippocampus.text import slot_model as s; "
                "s.MODEL_FILE = Path(sys.argv[1]); print(s.user_keys('Been training at Gold\\'s Gym since January'))")
        result = subprocess.run([sys.executable, "-S", "-c", code, str(damaged)], capture_output=True, text=True,
                                cwd=SCRIPTS)
        assert result.returncode == 0 and result.stdout.strip() == "[]" and not result.stderr, (data, result)


def test_an_older_value_only_the_model_reads_never_outlives_a_change_said_since(ws):
    # the model links nothing, so what it alone holds is never superseded: were it current whenever no
    # statement is, an old car would come back after "Sold my car"
    ids = add_all(ws, [
        ("Loving the Kia Ceed so far, great on fuel", "2024-05-01T10:00:00Z"),
        ("My car is a VW Passat, ancient but reliable.", "2024-07-01T10:00:00Z"),
        *FILLER,
        ("Sold my car, the bus is fine for now.", "2025-08-01T10:00:00Z"),
    ])
    kia, passat, sold = ids[0], ids[1], ids[-1]
    assert ws.memory(passat)["supersededBy"] == sold and "supersededBy" not in ws.memory(kia)
    found = top(ws, "What car does the user drive now?")
    assert found[0] == sold, found
    assert kia in found  # (findable, below)


def test_the_trainer_makes_the_shipped_file_again_byte_for_byte(tmp_path):
    # (the features the library reads are the ones it was trained on: a change to either without the other,
    # or a shipped file no one can make again, fails here; ~1 min)
    out = tmp_path / "slot_model.bin"
    result = subprocess.run([sys.executable, str(SCRIPTS.parent / "bench" / "slot_model.py"), "--train", "--out",
                             str(out)], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == (SCRIPTS / "hippocampus" / "text" / "slot_model.bin").read_bytes()


def test_the_gates_hold_whatever_the_model_says():
    # a relation the sets never had opening the sentence, a day as the only name, a departure
    out = in_library(
        "import json, sys; from hippocampus.text import slot_model as s; "
        "print(json.dumps([[s._someone_elses(t), s.names_a_value(t)] for t in sys.argv[1:]]))",
        "Apparently my stepsister Ines signed up at Equinox.", "My partner and I moved to Leeds.",
        "Swimming lessons moved to Saturday mornings.", "Got the keys to the flat in Leeds on Monday.")
    assert out == [[True, True], [False, True], [False, False], [False, True]], out
    # what the user left: the model is sure of a job (p 1.0), departures.py reads the notice, no key
    gated = in_library(
        "import json, sys; from hippocampus.text import slot_model as s; m = s.model(); t = sys.argv[1]; "
        "print(json.dumps([s.user_keys(t), round(m.probabilities(t)[m.classes.index('employer')], 2)]))",
        "Handed in my notice at Siemens today")
    assert gated == [[], 1.0], gated


def test_a_reading_alone_puts_nothing_first_and_a_number_is_no_name(ws):
    # on styles it was never trained on the model reads a lunch out as a job and a borrowed phone as the
    # user's: a memory it alone holds is current only when it shares a word with the question; and a number
    # names nothing it can vouch for (lower-case chat: "bet me £120 ..." was read as a phone)
    lunch = "Grabbed lunch with Priya at Dishoom, the black daal is unreal."
    lent = "Priya lent me her Pixel 9 for the photos, the camera is unreal."
    ids = add_all(ws, [
        ("I work at Siemens, in the Munich office.", "2024-09-01T10:00:00Z"),
        ("My phone is an iPhone 13, the battery is dying.", "2024-10-01T10:00:00Z"),
        ("I live in Paris, near Bastille.", "2024-11-01T10:00:00Z"),
        *FILLER,
        ("We moved to Lisbon in the spring, the light is unreal.", "2025-07-01T10:00:00Z"),
        (lunch, "2025-08-01T10:00:00Z"),
        (lent, "2025-08-02T10:00:00Z"),
    ])
    siemens, iphone, paris, lisbon = ids[0], ids[1], ids[2], ids[-3]
    assert ws.memory(paris).get("supersededBy") == lisbon  # (the store has a change: recall's slot path runs)
    assert learned([lunch, lent]) == [[[], ["user|job"]], [[], ["user|phone"]]]  # (what makes this a test)
    assert top(ws, "Where does the user work now?")[0] == siemens
    assert top(ws, "What phone does the user have now?")[0] == iphone
    gates = in_library("import json, sys; from hippocampus.text import slot_model as s; "
                       "print(json.dumps([[s.names_a_value(t), s.user_keys(t)] for t in sys.argv[1:]]))",
                       "orla bet me 120 quid i couldnt get up the big hill, 2 laps",
                       "new phone who dis, pixel 8 arrived", "Got the Pixel 8 today")
    assert gates[0] == [False, []] and gates[1] == [False, []] and gates[2][0] is True, gates

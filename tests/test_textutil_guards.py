"""Guards: a case-blind pattern is compiled and run only when text every match
contains is present. Skipping must never change an answer."""

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from hippocampus.text import classify
from hippocampus.base import scoring
from hippocampus.text.textutil import case_blind


def test_case_blind_shows_every_ascii_letter_a_case_blind_pattern_could_match():
    letters = re.compile("[a-z]", re.I)
    checked = 0
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        if 0xD800 <= point <= 0xDFFF or not letters.fullmatch(char):
            continue
        for letter in "abcdefghijklmnopqrstuvwxyz":
            if re.fullmatch(letter, char, re.I):
                assert letter in case_blind(char), (hex(point), letter)
                checked += 1
    assert checked >= 52 + 4  # A-Z, a-z, and İ ı ſ K


# words of every pattern, near misses, and letters only case folding makes match
WORDS = ["remember that", "don't forget", "dont forget", "keep in mind", "note that", "make a note",
         "I feel", "I'm so scared", "im worried", "I LOVE YOU", "heartbroken", "my mom passed", "my dad died",
         "I really prefer", "she hates", "user can't stand", "favourite", "favorite", "preferred",
         "we'll go with", "going with", "settled on", "agreed on", "from now on", "we will use", "decision",
         "works at", "lives in", "is my boss", "is the manager", "birthday", "deadline", "moved to", "born",
         "the assistant", "as an AI", "my role", "I am the agent", "I must never", "I should always",
         "we", "us", "together", "each other", "you and me", "i've", "mine", "his", "her",
         "crashed", "failure", "broken", "outage", "lesson", "learnt", "next time", "takeaway",
         "sister", "colleague", "family", "repository", "sprint", "deploy", "yesterday", "last week",
         "meeting", "trip", "went to", "hey", "thanks", "ok", "sounds good", "me too",
         "\u0130", "\u0131", "\u017f", "\u212a", "keep \u0130n m\u0131nd", "\u017fettled on", "wor\u212a\u017f at",
         "remember", "forge", "prefe", "deci", "proje", " ", "  ", "'", ",", "?", "\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=10))
def test_guarded_tables_answer_as_the_whole_tables_do(parts):
    text = " ".join(parts) if len(parts) % 2 else "".join(parts)
    assert classify.guess_domain(text) == classify.guess_domain(text, guarded=False)
    assert classify.guess_category(text) == classify.guess_category(text, guarded=False)
    assert scoring.signal_importance(text) == scoring.signal_importance(text, guarded=False)


def test_letters_only_case_folding_matches_are_not_skipped():
    assert scoring.signal_importance("Please keep \u0130n m\u0131nd the Tuesday standup")[1] == "explicit"
    assert classify.guess_category("we \u017fettled on the blue design") == "decisions"


def test_every_word_alone_and_in_a_sentence():
    for word in WORDS:
        for text in (word, f"So {word} then.", word.upper()):
            assert classify.guess_domain(text) == classify.guess_domain(text, guarded=False), text
            assert classify.guess_category(text) == classify.guess_category(text, guarded=False), text
            assert scoring.signal_importance(text) == scoring.signal_importance(text, guarded=False), text

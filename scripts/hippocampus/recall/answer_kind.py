"""The kind of answer a question asks for, and whether a memory holds one.

"When did we get the dog?" is answered by a memory that says when ("we got
Max last spring"), not by every memory that names the dog; "how many kids
do I have?" by one with a number in it ("I have two kids"); "why did I quit?"
by one that gives a cause ("because of the commute"). A question that starts
by asking for a time, a count or a reason lifts the memories that hold a
time expression, a number or a word of cause by `recall.answer_kind_weight`
(references/scoring.md, step 8), so among memories that share its words the
one that can answer comes first. This is answer-type matching from question
answering, reduced to the kinds a question's first words tell reliably, in
English. Other questions ("what", "where", "who") are left alone: capitalised
names, the clue for places and people, are too common in memories to mean an
answer.
"""

from __future__ import annotations

import re

from ..text.textutil import words
from ..text.timeparse import MONTH_NAMES, WEEKDAYS

TIME = "time"
COUNT = "count"
REASON = "reason"

# what a question's first words ask for: (first word, second word or None for any) -> kind;
# a dict, not regular expressions: every recall asks (compiling three took ~1.5 ms a process)
_ASKS = {
    ("when", None): TIME,  # (and "how long ago", in kind_of)
    **{(first, word): TIME for first in ("what", "which") for word in ("time", "date", "day", "year", "month",
                                                                         "week", "weekend", "season")},
    ("since", "when"): TIME, ("until", "when"): TIME, ("by", "when"): TIME,
    **{("how", word): COUNT for word in ("many", "much", "long", "often", "old", "far")},
    **{("what", word): COUNT for word in ("number", "amount", "age")},
    ("why", None): REASON,
    **{("what", word): REASON for word in ("made", "makes", "led", "inspired", "inspires", "motivated",
                                           "motivates")},
}

_WEEKDAYS = set(WEEKDAYS)
_SHORT_DAYS = {"mon", "tue", "tues", "wed", "thu", "thurs", "fri", "sat", "sun"}  # "last fri"
_AMBIGUOUS_MONTHS = {"may", "march"}  # words first: months beside a day, a year or "in"
_MONTHS = set(MONTH_NAMES) - _AMBIGUOUS_MONTHS
_SEASONS = {"spring", "summer", "autumn", "fall", "winter"}
_UNITS = {"second", "minute", "hour", "day", "night", "week", "weekend", "fortnight", "month", "year", "decade"}
_UNITS |= {unit + "s" for unit in _UNITS}
# a word that says when by itself
_WHEN = {"yesterday", "today", "tonight", "tomorrow", "ago", "recently", "lately", "earlier", "later", "soon",
         "morning", "afternoon", "evening", "midnight", "noon", "o'clock", *_WEEKDAYS, *_MONTHS}
_WHEN |= {word + "'s" for word in _WHEN}  # "today's", "Monday's" (as textutil's words keep them)
# pairs of words that say when ("last spring", "every Monday", "in summer", "two weeks", "in May")
_PAIRS = frozenset((before, word) for firsts, seconds in (
    ({"last", "next", "this", "past", "coming", "every", "each", "that"}, _UNITS | _SEASONS | _WEEKDAYS | _SHORT_DAYS),
    ({"other"}, {"day", "night", "week", "weekend"}),  # "the other day"
    ({"a", "an", "one", "two", "three", "few", "several", "of"}, _UNITS),
    ({"in", "since", "until", "by", "during", "around"}, _SEASONS),
    ({"in", "of", "since", "until", "by", "early", "late", "mid"}, _AMBIGUOUS_MONTHS),
) for before in firsts for word in (*seconds, *(second + "'s" for second in seconds)))
_NUMBERS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "million", "dozen", "half",
            "twice", "thrice", "once", "both", "couple", "few", "several"}
_BECAUSE = {"because", "reason", "since", "cause", "due", "wanted", "inspired", "motivated", "motivates"}
# patterns compiled on first use (re caches them): most recalls never need them
_TOKENS = r"[^\W\d_]+|\d+"
_DIGITS = r"\d"
_DATE = r"\d[/.]\d"
_ORDINAL_DAY = r"\bon\s+the\s+\d{1,2}(?:st|nd|rd|th)\b|\b\d{1,2}(?:st|nd|rd|th)\s+of\s+[a-z]"  # "on the 15th"


def _says_when(content: str) -> bool:
    found = words(content)
    if not _WHEN.isdisjoint(found) or not _PAIRS.isdisjoint(zip(found, found[1:])):
        return True  # "yesterday", "o'clock", "last spring"
    if re.search(_DIGITS, content) is None:
        return False
    tokens = re.findall(_TOKENS, content.lower())  # (digits apart from letters: "3pm" is 3, pm)
    for before, word in zip(tokens, tokens[1:] + [""]):
        if before.isdigit() and ((len(before) == 4 and before[:2] in ("19", "20"))  # a year
                                 or word in ("am", "pm") or word in _UNITS):  # "3pm", "10 days"
            return True
        if before in _AMBIGUOUS_MONTHS and word.isdigit():  # "May 4"
            return True
    return re.search(_DATE, content) is not None or re.search(_ORDINAL_DAY, content, re.I) is not None  # "12/05"


def _says_how_many(content: str) -> bool:
    return re.search(_DIGITS, content) is not None or not _NUMBERS.isdisjoint(words(content))


def _says_why(content: str) -> bool:
    return not _BECAUSE.isdisjoint(words(content))


_HOLDS = {TIME: _says_when, COUNT: _says_how_many, REASON: _says_why}


def kind_of(question: str) -> str | None:
    """TIME, COUNT or REASON when the question asks for one, else None."""
    first = [word.removesuffix("'s") for word in words(question)[:4]] + ["", ""]  # "when's"
    if first[:3] == ["how", "long", "ago"]:
        return TIME
    if first[0] in ("in", "on", "at", "during", "after", "around") and first[1] in ("which", "what", "how"):
        first = first[1:]  # "in which month...", "on what date...", "after how many weeks..."
    return _ASKS.get((first[0], None)) or _ASKS.get((first[0], first[1]))


def holds(kind: str, content: str) -> bool:
    """Whether `content` holds an answer of `kind` (a time expression, a number, a cause)."""
    return _HOLDS[kind](content)

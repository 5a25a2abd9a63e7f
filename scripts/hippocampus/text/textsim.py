"""Word-level likeness for consolidation: stems, values, negation. Pure functions."""

from __future__ import annotations

import re

from .textutil import content_words, words
from .timeparse import MONTH_NAMES, WEEKDAYS as WEEKDAY_NAMES

WEEKDAYS = {d: d for d in WEEKDAY_NAMES}
WEEKDAYS.update({d + "s": d for d in WEEKDAY_NAMES})
MONTHS = set(MONTH_NAMES)
NEGATIONS = {"not", "never", "no", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "won't", "can't",
             "cannot", "nobody", "nothing", "nowhere", "neither", "nor", "hasn't", "haven't", "shouldn't"}
_NUMBER = re.compile(r"^\d+(?:[.,:]\d+)*(?:am|pm|%|k|m)?$")
_NEGATION_WORDS = re.compile(r"\b(not|never|no|nobody|nothing|cannot|\w+n't)\b", re.I)


def stem(word: str) -> str:
    """A light stem: enough that failed / failing / fails meet, and backups / backup."""
    if len(word) > 5 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 4 and word.endswith("ed"):
        word = word[:-2]
    elif len(word) > 4 and word.endswith("es") and word[-3] in "sxz":
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word


def stems(text: str) -> set[str]:
    return {stem(w) for w in content_words(text) if not value_kind(w)}


def value_kind(word: str) -> str | None:
    """weekday, month or number for a word that carries a value; else None."""
    word = word.lower()
    if word in WEEKDAYS:
        return "weekday"
    if word in MONTHS:
        return "month"
    if _NUMBER.match(word):
        return "number"
    return None


def values(text: str) -> dict[str, set[str]]:
    """The values a statement names, by kind: {"weekday": {"friday"}, "number": {"3"}}."""
    found: dict[str, set[str]] = {}
    for word in re.findall(r"[\w:.,%']+", text.lower()):
        word = word.strip(".,")
        kind = value_kind(word)
        if kind:
            found.setdefault(kind, set()).add(WEEKDAYS.get(word, word))
    return found


def negated(text: str) -> bool:
    return bool(_NEGATION_WORDS.search(text))


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


# Words that never make two statements different facts: articles, the verbs
# "be", "have" and "do", the speaker ("I", "the user"). Every other word counts,
# stopwords like "before", "she" or "for" included: a duplicate is kept
# conservative, and two memories it does not join are at most a conflict.
NEUTRAL = frozenset("""a an the is are was were be been being am 's to of and that this it its
    i me my mine myself we us our ours user users has have had do does did just really also very so
    ok okay yes yeah oh hey hi hello please""".split())
_COMPOUND = re.compile(r"\w+(?:[-./:,+#]\w+)+")


def duplicate_key(text: str) -> tuple[frozenset, int] | None:
    """What two memories must share to be one fact said twice: the set of
    their words after folding (case, marks as written, punctuation, order and
    neutral words aside; light stems for words of letters), every name, number,
    date, version and code among them exactly (a compound holding a digit,
    "api-v2", "2026-03-10", "3.5", also as a whole), and how many negations.
    None for a text without such words."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    tokens, negations = set(), 0
    for word in words(folded):
        if word.endswith("'s"):
            word = word[:-2]
        word = word.strip("'")
        if word in NEGATIONS or word.endswith("n't"):
            negations += 1
            continue
        if not word or word in NEUTRAL:
            continue
        tokens.add(stem(word) if word.isalpha() else word)
    tokens.update(c for c in _COMPOUND.findall(folded) if any(ch.isdigit() for ch in c))
    return (frozenset(tokens), negations) if tokens else None

"""Word-level likeness for consolidation: stems, values, negation. Pure functions."""

from __future__ import annotations

import re

from .stemming import activity, stem  # stem: a word's inflections folded (failed / failing / fails)
from .textutil import content_words, words, written_words
from .timeparse import MONTH_NAMES, WEEKDAYS as WEEKDAY_NAMES

WEEKDAYS = {d: d for d in WEEKDAY_NAMES}
WEEKDAYS.update({d + "s": d for d in WEEKDAY_NAMES})
MONTHS = set(MONTH_NAMES)
NEGATIONS = {"not", "never", "no", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "won't", "can't",
             "cannot", "nobody", "nothing", "nowhere", "neither", "nor", "hasn't", "haven't", "shouldn't"}
_NUMBER = re.compile(r"^\d+(?:[.,:]\d+)*(?:am|pm|%|k|m)?$")
_MAYBE_VALUE = re.compile(r"\d|" + "|".join(WEEKDAY_NAMES + MONTH_NAMES))  # what any value holds
_NEGATION_WORDS = re.compile(r"\b(not|never|no|nobody|nothing|cannot|\w+n't)\b", re.I)


def stems(text: str) -> set[str]:
    found = set()
    for word in content_words(text):
        folded = _STEM_OF.get(word, _UNSEEN)
        if folded is _UNSEEN:
            folded = None if value_kind(word) else stem(word)
            if len(_STEM_OF) < 200_000:
                _STEM_OF[word] = folded
        if folded is not None:
            found.add(folded)
    return found


_STEM_OF: dict = {}  # a word -> its stem, None for a value (consolidation reads every episode's words)
_UNSEEN = object()


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
    text = text.lower()
    if not _MAYBE_VALUE.search(text):  # (no digit, weekday or month anywhere: most memories)
        return found
    for word in re.findall(r"[\w:.,%']+", text):
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
# stopwords like "before", "she", "for" or "will" included: a duplicate is kept
# conservative, and two memories it does not join are at most a conflict.
NEUTRAL = frozenset("""a an the is are was were be been being am to of and that this it its
    i me my mine myself we us our ours user users has have having had do does doing did just really also very so
    ok okay yes yeah oh hey hi hello please""".split())
# a form of "be" before an -ing word makes it the verb ("is learning": learns, learned);
# elsewhere it is the activity ("loves fishing" is not "loves fish")
_BE = frozenset("am is are was were be been being 'm 're 's".split())
_BETWEEN = frozenset("really just also very so still always usually often currently now not never".split())
# what a word's apostrophe ending stands for (None: a neutral word; "I'm", "user's", "we've")
_ENDINGS = {"s": None, "m": None, "re": None, "ve": None, "d": "would", "ll": "will"}
_NEGATED = {"ca": "can", "wo": "will", "sha": "shall", "ai": "is", "cannot": "can"}  # "can't" is "can" denied
_COMPOUND = re.compile(r"\w+(?:[-./:,+#]\w+)+")
_CALENDAR = frozenset(WEEKDAYS) | MONTHS  # written with a capital, and no one's name: "on Fridays" / "on Friday"


def _walk(tokens) -> tuple[list[tuple[str, str, str]], int]:
    """([(key word, word as read, how written)], negations) of `tokens`, (the
    word lower-cased, how written: "name" (a capital inside a sentence),
    "initial" (a capital beginning one) or "plain"), every word that counts,
    in order."""
    found, negations, previous = [], 0, ""
    for word, how in tokens:
        if word in NEUTRAL:
            previous = word
            continue
        if "'" in word or word in NEGATIONS:
            if word.endswith("n't"):
                negations += 1
                parts = [_NEGATED.get(word[:-3], word[:-3])]
            elif word in NEGATIONS:
                negations += 1
                if word in _BETWEEN:
                    continue
                parts = [_NEGATED.get(word)]
            else:
                head, _, ending = word.rpartition("'")
                if ending in _ENDINGS:  # "user's", "I'm", "we've", "I'd", "she'll"
                    parts = [head, _ENDINGS[ending] or "'" + ending]
                else:
                    parts = [word.strip("'")]  # "o'clock", "parents'"
        else:
            parts = (word,)
        for part in parts:
            if not part:
                continue
            if part not in NEUTRAL and part[0] != "'":
                if previous in _BE or not part.endswith(("ing", "ings")):
                    found.append((stem(part), part, how))
                else:
                    found.append((activity(part), part, how))
            if part not in _BETWEEN:
                previous = part
    return found, negations


def duplicate_key(text: str) -> tuple[frozenset, int] | None:
    """What two memories must share to be one fact said twice: the set of
    their words after folding (case, marks as written, punctuation, order and
    neutral words aside; inflections folded, stemming.py: "mornings" is
    "morning", "named" is "name"), every name, number, date, version and code
    among them exactly (a compound holding a digit, "api-v2", "2026-03-10",
    "3.5", also as a whole), and how many negations. None for a text without
    such words. Equal keys are one fact unless the values named or a name's
    letters differ (same_words)."""
    import unicodedata

    folded = unicodedata.normalize("NFKC", text).casefold()
    found, negations = _walk((word, "plain") for word in words(folded))
    if not found:
        return None
    tokens = {key for key, _word, _how in found}
    tokens.update(c for c in _COMPOUND.findall(folded) if any(ch.isdigit() for ch in c))
    return frozenset(tokens), negations


def written_forms(text: str) -> dict[str, dict[str, frozenset]]:
    """key word -> how written ("name", "initial", "plain") -> the words as read."""
    import unicodedata

    tokens = []
    for written, starts in written_words(unicodedata.normalize("NFKC", text)):
        word = written.casefold()
        tokens.append((word, "plain" if written == word or word in _CALENDAR else "initial" if starts else "name"))
    forms: dict[str, dict[str, set]] = {}
    for key, word, how in _walk(tokens)[0]:
        forms.setdefault(key, {}).setdefault(how, set()).add(word)
    return {key: {how: frozenset(words) for how, words in by_how.items()} for key, by_how in forms.items()}


def named_values(text: str) -> tuple:
    """values(), as a key: "3.5" against "5.3", equal words, different values."""
    return tuple(sorted((kind, tuple(sorted(found))) for kind, found in values(text).items()))


def names_agree(a: dict, b: dict) -> bool:
    """Whether two texts of equal duplicate_key name the same: a word written
    as a name ("Dr Evans", "with Jules") must be in the other text letter for
    letter ("Evan", "Jule" are other people), and a capital word beginning a
    sentence on both sides too ("Evans is my dentist" / "Evan is my
    dentist"); against the same word in lower case it is an ordinary word
    ("Mornings are quiet" / "the morning is quiet")."""
    for key in a.keys() | b.keys():
        left, right = a.get(key, {}), b.get(key, {})
        left_all = frozenset().union(*left.values())
        right_all = frozenset().union(*right.values())
        if not left.get("name", frozenset()) <= right_all or not right.get("name", frozenset()) <= left_all:
            return False
        if set(left) == {"initial"} and set(right) == {"initial"} and left["initial"] != right["initial"]:
            return False
    return True


def same_words(a: str, b: str) -> bool:
    """Whether two texts say one fact in the same words (consolidation's duplicates)."""
    key = duplicate_key(a)
    return key is not None and key == duplicate_key(b) and named_values(a) == named_values(b) and \
        names_agree(written_forms(a), written_forms(b))

"""What a memory says its subject has left (pure functions).

People often tell a change by what ended: "Left Lego for Atlassian", "quit
Anytime Fitness", "broke up with Astrid", "sold the Civic", "switched from
Monzo to Starling", "cancelled my membership at JD Gyms", "no longer at
Deloitte". The new value may be a name no lexicon knows, but the old one is
already in the store: lifecycle/supersede.py links the older statement of
the same subject whose value these words name to the memory that left it
(references/scoring.md, "Supersession").

`departures(content)` gives (subject, value words) pairs, the subject read as
supersession.py reads it ("my landlady Beatrix quit ...": user/landlady).
What is not a departure: a plan or a wish ("thinking of leaving Lego"), a
question, long ago, a short absence ("left Lisbon for the weekend", "left
Lego early"), a thing mislaid or broken ("left my phone at home", "dropped
my phone"). The words say nothing until they match a value the subject
holds, which is the guard against a reading too loose. English only.
"""

from __future__ import annotations

import re

from .supersession import (FIRST_PERSON, NOUNS, RELATIONS, _LONG_AGO, _TITLES, _TOKEN, _clauses, _resolve_pronouns, _subject,
                           relation_name, same_value, speaker_of)
from .textutil import STOPWORDS

# verb -> the words that may follow it before its object ("broke up with X", "moved out of X")
_LEAVING = {
    "quit": (), "quits": (), "quitting": (), "resigned": ("from",), "resign": ("from",),
    "ditched": (), "ditch": (), "dumped": (), "dump": (),
    "cancelled": (), "canceled": (), "cancel": (), "cancelling": (), "canceling": (),
    "sold": (), "sell": (), "selling": (),
    "gave": ("up",), "giving": ("up",), "give": ("up",),
    "broke": ("up with",), "breaking": ("up with",), "split": ("up with", "from", "with", "up from"),
    "splitting": ("up with", "from", "with"), "separated": ("from",), "divorced": (),
    "traded": ("in",), "trading": ("in",), "replaced": (), "replacing": (), "swapped": ("out",),
    "switched": ("from", "away from"), "switching": ("from", "away from"), "changed": ("from",),
    "moved": ("from", "out of", "away from"), "moving": ("from", "out of", "away from"),
    "relocated": ("from",), "upgraded": ("from",), "transferred": ("from",),
    "left": (), "leaving": (), "leave": (), "dropped": (), "dropping": (),
    "bye": (), "goodbye": ("to",), "farewell": ("to",),
    "instead": ("of",), "previously": (), "formerly": (),
}
_MUST_FOLLOW = {"gave", "giving", "give", "broke", "breaking", "split", "splitting", "separated", "switched",
                "switching", "changed", "moved", "moving", "relocated", "upgraded", "transferred", "resigned",
                "resign", "instead", "farewell"}  # (only with their words: "broke my phone", "moved in")
_LEAVE = frozenset("left leaving leave".split())  # a place or a firm left for good, not for the day
_AWHILE = frozenset("early late at on by around before after work home school office town today tonight "
                    "yesterday this last every for".split())
_FOR_GOOD_WHEN = frozenset("week month year spring summer autumn fall winter".split())  # "left Lego last week"
_DETERMINERS = frozenset("the a an my our his her their its your old previous former trusty beloved dear "
                         "ex ex- long-time longtime".split())
# a word that names what was left without naming it ("my job at Lego", "our membership with PureGym")
_CARRIERS = frozenset("job role position post contract membership subscription account plan gym class classes "
                      "course lessons team club flat apartment house place home car phone relationship "
                      "partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée "
                      "company employer firm studio pool".split())
_CARRIER_LINKS = frozenset("at with in of to for".split())
# what a carrier left says ended when no name follows ("quit my job", "sold the car", "we broke up")
_CARRIER_SLOT = {**dict.fromkeys("job role position post contract company employer firm".split(), "job"),
                 **dict.fromkeys("membership gym".split(), "gym"),
                 **dict.fromkeys("flat apartment house place home".split(), "home"),
                 "car": "car", "phone": "phone",
                 **dict.fromkeys("partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée "
                                 "relationship".split(), "partner"),
                 **dict.fromkeys("class classes course lessons".split(), "class")}
_ENDING = frozenset("quit quitting resigned resign sold selling cancelled canceled cancelling canceling broke "
                    "breaking split splitting divorced gave giving left leaving moved moving".split())
_BREAKING = frozenset("broke breaking split splitting".split())  # "we broke up": the partner, whoever it was
_FALLS = frozenset("phone car pet".split())  # what is dropped is a thing that fell, not a class left
_PHYSICAL = frozenset("in on into onto off down out".split())  # "dropped my phone in the sink": it fell
_LAST_DAY = frozenset("day afternoon morning shift week".split())
_STOP = frozenset("for to and but because bc since so after when while which who that , . ; ! ? ( ) : - — – "
                  "with in at on as by last this next today yesterday tonight early late again already "
                  "soon".split())


def _carried_slot(lows: list[str], at: int) -> str | None:
    """The slot a bare carrier names ("quit my job", "sold the car"): None when a name follows it."""
    while at < len(lows) and lows[at] in _DETERMINERS:
        at += 1
    slot = None
    while at < len(lows) and lows[at] in _CARRIER_SLOT:
        slot = _CARRIER_SLOT[lows[at]]
        at += 1
    return slot if slot and (at == len(lows) or lows[at] in _STOP and lows[at] not in _CARRIER_LINKS) else None


def _object(tokens: list[str], lows: list[str], at: int) -> tuple[frozenset, int]:
    """The content words of the thing named from `at` ("the SATS membership": sats; "my job at Lego":
    lego; "jd gyms": jd, gyms; "Maya called": maya), at most four, and where they end."""
    while at < len(lows) and lows[at] in _DETERMINERS:
        at += 1
    words: list[str] = []
    named = False  # a name ends where the capitals do
    while at < len(lows) and len(words) < 4:
        low = lows[at]
        if low in _CARRIERS and not words and at + 1 < len(lows) and lows[at + 1] in _CARRIER_LINKS:
            at += 2  # ("quit my job at Lego")
            while at < len(lows) and lows[at] in _DETERMINERS:
                at += 1
            continue
        if low in _STOP or (low in STOPWORDS and low != "of"):
            break
        capital = tokens[at][:1].isupper() or any(ch.isdigit() for ch in low)
        if named and not capital:
            break
        named = named or (capital and not words)
        if low.endswith("'s") and at + 1 < len(lows) and lows[at + 1].isalpha() and lows[at + 1] not in STOPWORDS:
            if tokens[at + 1][:1].isupper() and not words:
                at += 1  # ("sold my sister's Golf": the Golf; whose it was, the subject says)
                continue
            return frozenset(), at  # ("replaced my Pixel's screen": the screen, not the phone)
        words.append(low.removesuffix("'s"))
        at += 1
    return frozenset(w for w in words if w not in _CARRIERS and w not in STOPWORDS), at


_AWAY = re.compile(r"\b(?:for|over) (?:the|a|an|one|two|three|a few|a couple of|some) (?:day|days|weekend|week|weeks|"
                   r"night|nights|bit|while|trip|holiday|holidays|vacation|conference|visit|break|workout|session)\b"
                   r"|\b(?:for now|temporarily|tonight|this (?:morning|afternoon|evening)|on (?:holiday|vacation)|"
                   r"day trip|for lent|overnight)\b", re.IGNORECASE)
_AFTER_LONG = frozenset("year years month months decade decades long ages".split())


def _for_good(tokens: list[str], lows: list[str], end: int) -> bool:
    """After "left X": the clause ends, or goes on to what came next ("for Atlassian", "to join",
    "after six years", "behind", "and joined"), not to a short absence ("for the weekend", "early")."""
    if lows[end:end + 1] == ["after"]:  # "after six years", not "after a great workout"
        return bool(_AFTER_LONG.intersection(lows[end + 1:end + 4]))
    if end >= len(lows) or lows[end] in (".", "!", ";", ",", "—", "–", "-", "behind", "and", "to"):
        return True
    if lows[end] in ("last", "this") and lows[end + 1:end + 2] and lows[end + 1] in _FOR_GOOD_WHEN:
        return True
    if lows[end] == "for":
        nxt = tokens[end + 1:end + 2]
        return bool(nxt) and (nxt[0][:1].isupper() or nxt[0].lower() in ("good", "another", "somewhere"))
    return False


_AFTERWORDS = frozenset("previously formerly instead".split())  # said after the new value: the clause's subject


def _clause_subject(tokens: list[str], lows: list[str], user: str) -> str | None:
    """Whose change a clause tells, read from its opening words: the first person, "the user",
    "my sister"; no one named: `user` (as supersession.py reads "Now at Stripe"); a name: None."""
    for k, low in enumerate(lows[:6]):
        if low in FIRST_PERSON or low in ("user", "user's"):
            if low in ("my", "our") and lows[k + 1:k + 2] and lows[k + 1].removesuffix("'s") in RELATIONS:
                return f"{user}/{relation_name(lows[k + 1].removesuffix(chr(39) + 's'))}"
            return user
        if k == 0 and tokens[k][:1].isupper() and low not in STOPWORDS and low not in ("now", "currently"):
            return None
    return user


def _no_longer(tokens: list[str], lows: list[str], at: int) -> int:
    """Where the thing starts after "no longer" / "no more" ("no longer work at X", "no more SATS")."""
    start = at + 2
    while start < min(len(lows), at + 5) and lows[start] not in _CARRIER_LINKS \
            and lows[start] not in _DETERMINERS and not tokens[start][:1].isupper():
        start += 1
    return start + 1 if start < len(lows) and lows[start] in _CARRIER_LINKS else start


def _clause_departures(tokens: list[str], lows: list[str], user: str) -> list[tuple[str, frozenset, str | None]]:
    found = []
    for at, low in enumerate(lows):
        slot = None
        if low == "ex" or low.startswith("ex-"):  # "my ex Tom", "my ex-girlfriend Maya": the user's no more
            words, _end = _object(tokens, lows, at + 1)
            if at > 0 and lows[at - 1] in ("my", "our", "user's") and words:
                found.append((user, words, None))
            continue
        if low in ("last", "final") and lows[at + 1:at + 2] and lows[at + 1] in _LAST_DAY \
                and lows[at + 2:at + 3] and lows[at + 2] in ("at", "with"):  # "my last day at Philips"
            words, _end = _object(tokens, lows, at + 3)
            subject = _subject(tokens, lows, at, user)
        elif low in ("ended", "over") and lows[at + 1:at + 2] == ["with"] \
                and at > 0 and lows[at - 1] in ("things", "it", "that", "it's", "is", "was") \
                or low == "ended" and lows[at + 1:at + 3] == ["things", "with"]:
            # "things ended with Chloe", "it's over with Sam", "I ended things with Jonas" (not "the day ended with")
            words, _end = _object(tokens, lows, at + (2 if lows[at + 1] == "with" else 3))
            subject = _subject(tokens, lows, at, user) if low == "ended" and lows[at + 1] == "things" \
                else _clause_subject(tokens, lows, user)
            slot = None
        elif low in ("no", "not") and lows[at + 1:at + 2] in (["longer"], ["more"]):
            words, _end = _object(tokens, lows, _no_longer(tokens, lows, at))
            subject = _subject(tokens, lows, at, user)
        elif low in _LEAVING:
            start = at + 1
            follow = next((f for f in _LEAVING[low] if lows[start:start + len(f.split())] == f.split()), None)
            if follow is None and "from" in _LEAVING[low] and "from" in lows[start + 1:start + 3] \
                    and not any(tokens[k][:1].isupper() for k in range(start, lows.index("from", start))):
                start = lows.index("from", start)  # "switched gyms from X", "moved our savings from X"
                follow = "from"
            if low == "broke" and follow is None and (lows[start:start + 1] == ["up"]):
                follow = "up"  # "we broke up": the partner, whoever it was
            if follow is None and low in _MUST_FOLLOW:
                continue
            start += len(follow.split()) if follow else 0
            if low in _AFTERWORDS and lows[start:start + 1] and lows[start] in ("at", "with", "in"):
                start += 1
            words, end = _object(tokens, lows, start)
            if low in ("dropped", "dropping") and (not words or end < len(lows) and lows[end] in _PHYSICAL
                                                   or any(NOUNS.get(w) in _FALLS for w in words)):
                continue  # ("dropped my phone in the sink", "dropped my Pixel", "dropped the kids off")
            if low in _LEAVE and (lows[start:start + 1] and lows[start] in _AWHILE and not words
                                  or not _for_good(tokens, lows, end)):
                continue
            if low in _ENDING:
                slot = "partner" if low in _BREAKING and follow in ("up", "up with") and not words \
                    else _carried_slot(lows, start)
                if low in _LEAVE and slot not in (None, "job", "home", "partner"):
                    slot = None  # ("left my phone": mislaid)
            subject = _subject(tokens, lows, at, user) if low not in _AFTERWORDS \
                else _clause_subject(tokens, lows, user)
        else:
            continue
        if _AWAY.search(" ".join(tokens[at:next((k for k in range(at + 1, len(lows)) if lows[k] in (",", ";")),
                                                 len(lows))])):
            continue  # ("left Lisbon for Sintra for the day", "cancel Pilates tonight": back again)
        if subject and (words or slot) and not subject.endswith("/other") and not (words & FIRST_PERSON) \
                and not (words and words <= RELATIONS):
            found.append((subject, words, slot))
    return found


def departures(content: str) -> list[tuple[str, frozenset, str | None]]:
    """(subject, value words, slot) for each thing the text says its subject has left: the words
    name it ("quit Lego"), or, with none, the slot does ("quit my job": job; "we broke up": partner)."""
    if not content:
        return []
    speaker, text = speaker_of(content[:2000])
    user = speaker or "user"
    found: list[tuple[str, frozenset, str | None]] = []
    previous = None
    for clause in _clauses(text):
        if clause.rstrip().endswith("?") or _LONG_AGO.search(clause):
            continue
        tokens = _TOKEN.findall(clause)
        tokens = [t for k, t in enumerate(tokens) if not (t == "." and k > 0 and tokens[k - 1].lower() in _TITLES
                                                          and k + 1 < len(tokens) and tokens[k + 1][:1].isupper())]
        tokens, previous = _resolve_pronouns(tokens, previous)  # ("Dr. Fischer": one name)
        lows = [t.lower().replace("’", "'") for t in tokens]
        found += _clause_departures(tokens, lows, user)
    return found


def leaves(left: list[tuple[str, frozenset, str | None]], key: str, value: frozenset | None) -> bool:
    """Does one of `left` (departures of a text) end this statement: subject|slot `key` holding `value`?"""
    subject, _bar, slot = key.partition("|")
    for who, words, carried in left:
        if who != subject:
            continue
        if words and same_value(words, value):
            return True
        if not words and carried and (slot == carried or slot.startswith(carried + ":")):
            return True
    return False

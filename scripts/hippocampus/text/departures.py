"""What a memory says its subject has left (pure functions).

People often tell a change by what ended: "Left Lego for Atlassian", "quit
Anytime Fitness", "broke up with Astrid", "sold the Civic", "switched banks
from Monzo to Starling", "no longer work at Deloitte", "my ex Tom". The new
value may be a name no lexicon knows, but the old one is already in the
store: lifecycle/supersede.py links the older statement of the same subject
whose value these words name, in a slot the verb can end, to the memory that
left it (references/scoring.md, "Supersession").

`departures(content)` gives (subject, value words, slots) triples: the
subject read as supersession.py reads it ("my landlady Beatrix quit ...":
hers), the words of what was left (none for "quit my job": the slot then
says it), and the slots the verb ends (one quits a job or a gym, not a city;
sells a car, not an employer; breaks up with a partner only).

Not a departure: a plan, a wish, a hedge, a condition or a question
("thinking of leaving", "almost quit", "If I quit ..."), someone else's words
("He said 'I quit Google'"), a short absence ("left Lisbon for the day",
"left Lego early", "quit Instagram for a month"), a place or a thing beside
the value ("the Lisbon office", "my Apple Watch", "Apple stock"), a thing
mislaid or dropped ("left my phone at home", "dropped Maya at the airport").
The words say nothing until they match a value the subject holds in one of
the slots, which is the last guard. English only.

One piece (~435 lines): the verbs, the slots each can end and the guards
against a false ending are one table read by one reader of a clause; most
of the lines are the word lists.
"""

from __future__ import annotations

import re
from functools import cache

from .supersession import (_LONG_AGO, _SLOTS, _TITLES, _TOKEN, FIRST_PERSON, RELATIONS, _clauses,
                           _resolve_pronouns, _subject, relation_name, same_value, speaker_of)
from .textutil import STOPWORDS

OTHER = "*"  # a slot no list names ("user|laptop")
NAMED = frozenset(_SLOTS) | {"food", "team", "class", "language", "instrument"}

_JOB, _HOME, _PARTNER = frozenset({"job"}), frozenset({"home"}), frozenset({"partner"})
_MEMBERSHIP = frozenset({"gym", "class", "language", "instrument", "school", OTHER})
_THINGS = frozenset({"phone", "car", OTHER})
_ALL = NAMED | {OTHER}

# verb -> (the words that must follow it before its object, or () for none; the slots it ends)
_VERBS: dict[str, tuple[tuple[str, ...], frozenset]] = {}
for _words, _follow, _slots in (
        ("quit quits quitting", (), _JOB | _MEMBERSHIP),
        ("resigned resign resigning", ("from",), _JOB | _MEMBERSHIP),
        ("left leaving leave", (), _JOB | _HOME | _PARTNER | _MEMBERSHIP | {"team"}),
        ("ditched ditch", (), _PARTNER | _THINGS | {"gym", "bank"}),
        ("dumped dump", (), _PARTNER),
        ("cancelled canceled cancel cancelling canceling", (), frozenset({"gym", "bank", "class", OTHER})),
        ("sold sell selling", (), _THINGS | _HOME),
        ("gave giving give", ("up on", "up"), _MEMBERSHIP | {"food", "team"}),
        ("broke breaking", ("up with",), _PARTNER),
        ("split splitting", ("up with", "from", "with"), _PARTNER),
        ("separated", ("from", ""), _PARTNER), ("divorced", (), _PARTNER),
        ("done", ("with",), _MEMBERSHIP | _PARTNER | _THINGS | {"bank"}), ("rid", ("of",), _THINGS),
        ("notice", ("at", "to", ""), _JOB),
        ("traded trading", ("in",), _THINGS), ("replaced replacing", (), _THINGS),
        ("swapped swapping", ("out",), _THINGS), ("upgraded", ("from",), _THINGS),
        ("switched switching changed", ("from", "away from"), _ALL - _PARTNER - {"pet"}),
        ("moved moving relocated", ("from", "out of", "away from"), _HOME | _JOB),
        ("transferred", ("from",), _JOB | {"school"}),
        ("dropped dropping", ("out of", ""), frozenset({"class", "language", "instrument", "school"})),
        ("retired", ("from",), _JOB), ("fired", ("from",), _JOB), ("laid", ("off from",), _JOB),
        ("parted", ("ways with",), _JOB | _PARTNER), ("walked", ("away from",), _JOB | _PARTNER),
        ("stopped", ("going to", "seeing", "using", "dating"), _MEMBERSHIP | _PARTNER | _THINGS | {"doctor", "dentist"}),
        ("instead", ("of",), _ALL), ("previously formerly", (), _ALL)):
    for _verb in _words.split():
        _VERBS[_verb] = (_follow, _slots)
_STATE = {**dict.fromkeys("work works working employed".split(), _JOB),
          **dict.fromkeys("live lives living".split(), _HOME),
          **dict.fromkeys("with dating seeing together".split(), _PARTNER),
          **dict.fromkeys("go goes going attend attending member train training".split(), _MEMBERSHIP | {"doctor"}),
          **dict.fromkeys("use uses using drive drives driving have own".split(), _THINGS),
          **dict.fromkeys("bank banking".split(), frozenset({"bank"})),
          **dict.fromkeys("support supports supporting follow follows".split(), frozenset({"team"}))}
_LEAVE = frozenset("left leaving leave".split())  # a place or a firm left for good, not for the day
_AFTERWORDS = frozenset("previously formerly instead".split())  # said after the new value: the clause's subject
_HEDGES = frozenset("almost nearly refuse refused refusing tried trying try attempt attempted pretend "
                    "pretending joking kidding".split())
_SAYING = frozenset("said says say told tells asked asks joked jokes claimed claims wrote writes".split())
_AWHILE = frozenset("early late at on by around before work home school office town today tonight "
                    "yesterday this last every".split())
_FOR_GOOD_WHEN = frozenset("week month year spring summer autumn fall winter".split())  # "left Lego last week"
_AFTER_LONG = frozenset("year years month months decade decades long ages".split())
_NEXT_STEP = frozenset("joined join started start moved took began signed got found".split())  # "left X and joined Y"
_AWAY_TEXT = (
    r"\b(?:for|over) (?:the|a|an|one|two|three|a few|a couple of|some) (?:day|days|weekend|week|weeks|"
    r"night|nights|bit|while|trip|holiday|holidays|vacation|conference|visit|break|workout|session|month|"
    r"months|summer|season)\b"
    r"|\b(?:for now|temporarily|tonight|this (?:morning|afternoon|evening|week)|on (?:holiday|vacation)|"
    r"day trip|for lent|overnight|for the summer)\b")
_DETERMINERS = frozenset("the a an my our his her their its your old previous former trusty beloved dear "
                         "long-time longtime".split())
# a word that names what was left without naming it ("my job at Lego", "our membership with PureGym")
_CARRIER_SLOT = {**dict.fromkeys("job role position post contract company employer firm".split(), "job"),
                 **dict.fromkeys("membership gym".split(), "gym"),
                 **dict.fromkeys("flat apartment house place home".split(), "home"),
                 "car": "car", "phone": "phone", "account": "bank", "bank": "bank",
                 **dict.fromkeys("partner boyfriend girlfriend husband wife fiance fiancé fiancee fiancée "
                                 "relationship".split(), "partner"),
                 **dict.fromkeys("class classes course lessons".split(), "class"),
                 **dict.fromkeys("subscription plan".split(), OTHER)}
_CARRIERS = frozenset(_CARRIER_SLOT) | frozenset("team club studio pool".split())
_CARRIER_LINKS = frozenset("at with in of to for".split())
# a place or a thing beside the name: the thing was left, not the value ("the Lisbon office", "my Apple Watch")
_BESIDE = frozenset("office offices airport station branch store shop street avenue road campus site project "
                    "projects set sets stock stocks shares bricks charger watch card game match concert event "
                    "party meeting meetings trip hotel offsite app account's bus train flight".split())
_NOT_THINGS = frozenset("shares share stock stocks ticket tickets money cash bitcoin crypto".split())  # "sold shares of Tesla"
_BARE = frozenset("broke breaking split splitting separated divorced".split())  # "we broke up", "we separated"
_ENDING = frozenset("quit quitting resigned resign sold selling cancelled canceled cancelling canceling broke "
                    "breaking split splitting divorced left leaving".split())
_EX_OF = frozenset("boyfriend girlfriend husband wife partner fiance fiancé fiancee fiancée bf gf".split())
_STOP = frozenset("for to and but because bc since so after when while which who that , . ; ! ? ( ) : - — – "
                  "with in at on as by last this next today yesterday tonight early late again already "
                  "soon".split())
_BEFORE_ARROW_TEXT = (r"\b([A-Z][\w'’.&-]*(?:\s+[A-Z0-9][\w'’.&-]*){0,3})\s*(?:->|=>|→)\s*\S")
_ARROW_CHANGES = frozenset("switched switching changed changing swapped swapping upgraded traded moved moving "
                           "relocated replaced".split())  # "switched allegiance Crystal Palace -> Everton"
_QUOTED_TEXT = (r"[\"“”‘’']([^\"“”‘’']{2,300})[\"“”‘’']")


@cache
def _pattern(name: str) -> re.Pattern:
    """The patterns, compiled when first needed (most memories never reach them: an import stays cheap)."""
    return {"away": lambda: re.compile(_AWAY_TEXT, re.IGNORECASE), "arrow": lambda: re.compile(_BEFORE_ARROW_TEXT),
            "quoted": lambda: re.compile(_QUOTED_TEXT)}[name]()


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
    lego; "jd gyms": jd, gyms; "Maya called": maya), at most four, and where they end; none for a
    place or a thing beside the name ("the Lisbon office", "my Pixel's screen")."""
    while at < len(lows) and lows[at] in _DETERMINERS:
        at += 1
    if at < len(lows) and lows[at] in _NOT_THINGS:
        return frozenset(), at  # ("sold shares of Tesla", "transferred money from HSBC")
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
            if low in _BESIDE:
                return frozenset(), at  # ("Moved out of the Lisbon office", "sold my Apple Watch")
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


def _for_good(tokens: list[str], lows: list[str], end: int) -> bool:
    """After "left X": the clause ends, or goes on to what came next ("for Atlassian", "to join",
    "after six years", "behind", "and joined"), not to a short absence ("for the weekend", "early",
    "and drove to Sintra")."""
    if lows[end:end + 1] == ["after"]:  # "after six years", not "after a great workout"
        return bool(_AFTER_LONG.intersection(lows[end + 1:end + 4]))
    if lows[end:end + 1] == ["and"]:
        return bool(_NEXT_STEP.intersection(lows[end + 1:end + 3]))
    if end >= len(lows) or lows[end] in (".", "!", ";", ",", "—", "–", "-", "behind", "to"):
        return True
    if lows[end] in ("last", "this") and lows[end + 1:end + 2] and lows[end + 1] in _FOR_GOOD_WHEN:
        return True
    if lows[end] == "for":
        nxt = tokens[end + 1:end + 2]
        return bool(nxt) and (nxt[0][:1].isupper() or nxt[0].lower() in ("good", "another", "somewhere"))
    return False


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


def _first_person_before(lows: list[str], at: int) -> bool:
    """"We broke up", "Tom and I split", "User broke up": the speaker's own, not the kids' term."""
    before = lows[max(0, at - 4):at]
    return bool(before) and (before[-1] in ("we", "i", "user", "finally", "officially", "just")
                             or "i" in before or "we" in before)


def _no_longer(tokens: list[str], lows: list[str], at: int) -> tuple[int, frozenset] | None:
    """After "no longer" / "not ... anymore": where the thing starts and the slots its state verb
    ends ("no longer work at X": a job; "no longer at X": a job, a gym, a school), or None."""
    start, slots = at, None
    if start < len(lows) and lows[start] in ("am", "i'm", "are", "is", "a"):
        start += 1
    if start < len(lows) and lows[start] in _STATE:
        slots = _STATE[lows[start]]
        start += 1
        if lows[start:start + 2] == ["a", "member"]:
            start += 2
    if start < len(lows) and lows[start] in _CARRIER_LINKS:
        if slots is None:  # no state verb: the preposition says what ("in Lisbon", "with Tom", "at Lego")
            slots = {"in": _HOME, "with": _PARTNER | _JOB | {"bank"}}.get(lows[start], _JOB | _MEMBERSHIP)
        return start + 1, slots
    return (start, slots) if slots is not None else None


def _unquoted(clause: str) -> str:
    """The clause without words quoted from someone else ("He said 'I quit Google'")."""
    def drop(match):
        before = clause[max(0, match.start() - 40):match.start()].lower().split()
        own = not before or before[0] in ("user", "i") or "user" in before[-3:] or "i" in before[-3:]
        return match.group(0) if own or not _SAYING.intersection(before) else " "
    return _pattern("quoted").sub(drop, clause) if any(q in clause for q in "\"“”‘’'") else clause


_ONE_OFF = frozenset("today tonight yesterday this time once 'd would could should might if".split())


def _ongoing(lows: list[str]) -> bool:
    """Do the words before "instead of" tell how things are now, not one time ("took the bus instead
    of the Golf today") or what might have been ("I'd have picked Lego instead of Atlassian")?"""
    return not _ONE_OFF.intersection(lows) and not any(low.endswith(("ed", "'d")) or low in _PAST_FORMS
                                                       for low in lows)


_PAST_FORMS = frozenset("took went got had was were made ate drove bought chose picked came saw did gave".split())


def _arrow_departure(clause: str, before: re.Match, user: str) -> list[tuple[str, frozenset, frozenset]]:
    """What came before an arrow, when the arrow tells a change: after a verb of change
    ("switched allegiance Crystal Palace -> Everton") or in a note of a slot ("moving: York →
    Exeter", "car: Golf -> Polestar"); not a trip, a path or a plan ("flying London -> Paris")."""
    from .supersession import _label_slot
    head = [t.lower() for t in _TOKEN.findall(clause[:before.start()])]
    words = frozenset(w.lower() for w in _TOKEN.findall(before.group(1)))
    if not words or words & FIRST_PERSON or max(map(len, words)) < 2 or clause.rstrip().endswith("?"):
        return []
    if _ARROW_CHANGES.intersection(head):
        slots = _ALL - _PARTNER
    elif head and head[-1] == ":" and 1 <= len(head) <= 4 and _label_slot(head[-2].removesuffix("'s")):
        slots = frozenset({_label_slot(head[-2].removesuffix("'s"))})
    else:
        return []
    lows = [t.lower() for t in _TOKEN.findall(clause)]
    subject = _clause_subject(_TOKEN.findall(clause), lows, user)
    return [(subject, words, slots)] if subject else []


def _clause_departures(tokens: list[str], lows: list[str], user: str) -> list[tuple[str, frozenset, frozenset]]:
    found = []
    for at, low in enumerate(lows):
        if _HEDGES.intersection(lows[max(0, at - 3):at]) or lows[:1] == ["why"] \
                or {"who", "which", "whom"}.intersection(lows[max(0, at - 2):at]):
            continue  # ("I almost quit Lego", "refuse to quit", "Why I left Google: ...", "Tom, who retired from")
        slots, bare = None, False  # bare: a slot ended with no name ("quit my job", "we broke up")
        if low == "ex" or low.startswith("ex-"):  # "my ex Tom", "my ex-girlfriend Maya": no more the partner
            role = low[3:] if low.startswith("ex-") else ""
            words, _end = _object(tokens, lows, at + 1)
            if at > 0 and lows[at - 1] in ("my", "our", "user's") and words and (not role or role in _EX_OF):
                found.append((user, words, _PARTNER))
            continue
        if low in ("last", "final") and lows[at + 1:at + 2] and lows[at + 1] in ("day", "afternoon", "shift") \
                and lows[at + 2:at + 3] and lows[at + 2] in ("at", "with"):  # "my last day at Philips"
            words, end = _object(tokens, lows, at + 3)
            if "before" in lows[end:end + 3]:
                continue  # ("my last day at Google before the holiday")
            subject, slots = _subject(tokens, lows, at, user), _JOB
        elif low in ("ended", "over") and lows[at + 1:at + 2] == ["with"] \
                and at > 0 and lows[at - 1] in ("things", "it", "that", "it's", "is", "was") \
                or low == "ended" and lows[at + 1:at + 3] == ["things", "with"]:
            # "things ended with Chloe", "it's over with Sam", "I ended things with Jonas" (not "the day ended with")
            words, _end = _object(tokens, lows, at + (2 if lows[at + 1] == "with" else 3))
            subject = _subject(tokens, lows, at, user) if lows[at + 1] == "things" else _clause_subject(tokens, lows, user)
            slots = _PARTNER
        elif low in ("bye", "goodbye") and "hello" in lows[at + 2:]:  # "bye Zenfone 10, hello Moto Edge"
            words, _end = _object(tokens, lows, at + 1)
            subject, slots = _clause_subject(tokens, lows, user), _ALL
        elif low in ("no", "not", "n't") and lows[at + 1:at + 2] in (["longer"], ["more"]) \
                or low in ("not", "n't", "don't", "doesn't", "isn't", "aren't") and "anymore" in lows[at:]:
            # "no longer work at Deloitte", "not with Tom anymore", "I don't live in Lisbon anymore"
            begin = at + 2 if lows[at + 1:at + 2] in (["longer"], ["more"]) else at + 1
            place = _no_longer(tokens, lows, begin)
            if place is None:
                continue
            words, _end = _object(tokens, lows, place[0])
            subject, slots = _subject(tokens, lows, at, user), place[1]
            bare = lows[place[0] - 1:place[0]] == ["together"]  # ("Tom and I are no longer together")
        elif low in _VERBS:
            follows, slots = _VERBS[low]
            start = at + 1
            follow = next((f for f in follows if f and lows[start:start + len(f.split())] == f.split()), None)
            if follow is None and low in ("switched", "switching", "changed") and "from" in lows[start + 1:start + 3] \
                    and not any(tokens[k][:1].isupper() for k in range(start, lows.index("from", start))):
                start = lows.index("from", start)  # "switched gyms from X", "changed banks from X"
                follow = "from"
            if low in _BARE and follow is None and (lows[start:start + 1] == ["up"] or low in ("separated", "divorced")
                                                    and (start >= len(lows) or lows[start] in _STOP)):
                if not _first_person_before(lows, at) and not (at > 0 and lows[at - 1] in ("got", "am", "are")):
                    continue  # ("the kids broke up for the summer")
                follow = "up" if lows[start:start + 1] == ["up"] else ""  # "we broke up": the partner, whoever it was
                bare = True
            if follow is None and follows and "" not in follows:
                continue  # (only with their words: "broke my phone", "moved in", "gave a talk")
            start += len(follow.split()) if follow else 0
            if low in _AFTERWORDS and lows[start:start + 1] and lows[start] in ("at", "with", "in"):
                start += 1
            words, end = _object(tokens, lows, start)
            if low in ("dropped", "dropping") and follow != "out of" and (
                    not words or end < len(lows) and lows[end] in _CARRIER_LINKS | {"off", "on", "into", "down"}):
                continue  # ("dropped Maya at the airport", "dropped the kids off"; "dropped Spanish" is left)
            if low in _LEAVE and (not words and lows[start:start + 1] and lows[start] in _AWHILE
                                  or not _for_good(tokens, lows, end)):
                continue
            if low in _ENDING or follow in ("up", "up with"):
                if low in _BARE and follow in ("up", "up with") and not words:
                    words, slots, bare = frozenset(), _PARTNER, True
                else:
                    carried = _carried_slot(lows, start)
                    if carried is not None and not words:
                        if low in _LEAVE and carried not in ("job", "home", "partner"):
                            continue  # ("left my phone": mislaid)
                        slots, bare = frozenset({carried}), True
            subject = _subject(tokens, lows, at, user)
            if low in _AFTERWORDS:  # "User now works at Stripe (previously Adyen)": beside what holds now
                from .supersession import statements
                stated = statements(" ".join(tokens))
                subject = _clause_subject(tokens, lows, user)
                slots = frozenset(slot.split(":", 1)[0] for who, slot, _value in stated if who == subject)
                if not slots and low == "instead" and _ongoing(lows[:at]):
                    slots = _ALL - _PARTNER  # ("It still feels strange to wake up in Nantes instead of Graz")
                if not slots:
                    continue  # ("I took the bus instead of the Golf today": nothing holds now)
        else:
            continue
        if _pattern("away").search(" ".join(tokens[at:next((k for k in range(at + 1, len(lows)) if lows[k] in (",", ";")),
                                                 len(lows))])):
            continue  # ("left Lisbon for Sintra for the day", "quit Instagram for a month": back again)
        if subject and (words or bare and len(slots) == 1 and OTHER not in slots) and not subject.endswith("/other") \
                and not (words & FIRST_PERSON) and not (words and words <= RELATIONS):
            found.append((subject, words, slots))
    return found


_GATE = frozenset(_VERBS) | {"ex"}  # a word that may start a departure by itself
_NEGATIONS = frozenset(("no", "not", "n't"))
# a word that starts one only beside another, as _clause_departures reads them: "my last day at",
# "it's over with Sam", "bye X, hello Y", "no longer", "not ... anymore" ("more", "last", "over" alone,
# in a tenth of all chat turns, sent each through the whole reading for nothing)
_GATE_BESIDE = {"last": frozenset(("day", "afternoon", "shift")), "final": frozenset(("day", "afternoon", "shift")),
                "ended": frozenset(("with",)), "over": frozenset(("with",)), "bye": frozenset(("hello",)),
                "goodbye": frozenset(("hello",)), "longer": _NEGATIONS, "more": _NEGATIONS,
                "anymore": frozenset(("not", "n't", "don't", "doesn't", "isn't", "aren't"))}


def departures(content: str) -> list[tuple[str, frozenset, frozenset]]:
    """(subject, value words, slots) for each thing the text says its subject has left: the words
    name it ("quit Lego"), or, with none, the one slot does ("quit my job": job; "we broke up")."""
    if not content:
        return []
    found = _LEFT.get(content)
    if found is None:
        if len(_LEFT) >= _LEFT_MAX:
            _LEFT.clear()
        # (most memories leave nothing: one look at their words)
        found = _LEFT[content] = tuple(_read(content)) if _may_leave(content) else ()
    return list(found)


_LEFT: dict[str, tuple] = {}  # what departures() read, by text: a bulk import asks twice of each new memory
_LEFT_MAX = 4096              # (link_departures, the learned reading); cleared whole when full


def lend(content: str, found: tuple) -> None:
    """What departures(content) read, read elsewhere (lifecycle/read_ahead.py): kept as if read here."""
    if content:
        if len(_LEFT) >= _LEFT_MAX:
            _LEFT.clear()
        _LEFT[content] = found


def _may_leave(content: str) -> bool:
    """Whether the text has the words a departure starts with (every one _clause_departures reads,
    beside the word it needs there), or an arrow: without them _read finds nothing."""
    lows = {w.lower().replace("’", "'") for w in _TOKEN.findall(content[:2000])}  # (as the clauses' words)
    return not _GATE.isdisjoint(lows) or any(w.startswith("ex-") for w in lows) \
        or any(not _GATE_BESIDE[w].isdisjoint(lows) for w in _GATE_BESIDE.keys() & lows) \
        or any(arrow in content[:2000] for arrow in ("->", "=>", "→"))


def _read(content: str) -> list[tuple[str, frozenset, frozenset]]:
    """departures() read clause by clause, whatever words the text has."""
    speaker, text = speaker_of(content[:2000])
    user = speaker or "user"
    found: list[tuple[str, frozenset, frozenset]] = []
    previous = None
    for clause in _clauses(text):
        if clause.rstrip().endswith("?") or _LONG_AGO.search(clause):
            continue
        for before in _pattern("arrow").finditer(clause):  # "switched allegiance Crystal Palace -> Everton",
            found += _arrow_departure(clause, before, user)  # "moving: York → Exeter"
        tokens = _TOKEN.findall(_unquoted(clause))
        tokens = [t for k, t in enumerate(tokens) if not (t == "." and k > 0 and tokens[k - 1].lower() in _TITLES
                                                          and k + 1 < len(tokens) and tokens[k + 1][:1].isupper())]
        tokens, previous = _resolve_pronouns(tokens, previous)  # ("Dr. Fischer": one name)
        lows = [t.lower().replace("’", "'") for t in tokens]
        found += _clause_departures(tokens, lows, user)
    return found


def leaves(left: list[tuple[str, frozenset, frozenset]], key: str, value: frozenset | None) -> bool:
    """Does one of `left` (departures of a text) end this statement: subject|slot `key` holding `value`?"""
    subject, _bar, slot = key.partition("|")
    slot = slot.split(":", 1)[0]  # (pet:dog is a pet)
    kind = slot if slot in NAMED else OTHER
    for who, words, slots in left:
        if who != subject or kind not in slots and not (kind == "pet" and "pet" in slots):
            continue
        if words and same_value(words, value):
            return True
        if not words and len(slots) == 1:
            return True
    return False

"""Slots no lexicon names: "my new laptop is a ThinkPad", "Wet Leg is my favourite band".

supersession.py knows a dozen slots by their words (home, job, phone, pet...).
A person's facts change in many more (a laptop, a dentist, a favourite band,
a bike, a coffee place). Where a sentence says outright that something of the
speaker's IS a value, that noun is the slot:

- "my [new|current|favourite ...] NOUN is|are|'s VALUE"  ("My dentist is Dr Okafor now");
- "VALUE is|are my [new|current|favourite ...] NOUN"   ("Wet Leg is my favourite band");
- "my new NOUN: VALUE" / "my new NOUN - VALUE".

And a question asks for one when the noun follows its question word ("Which
laptop does the user have?") or the subject's possessive ("What is the user's
favourite band?"). The slot is the noun, singular ("bands": band). English
only; the same negation, wish and past rules as the rest (the caller's
subject reading says None for those).
"""

from __future__ import annotations

_MARKS = frozenset("new current favourite favorite fave latest usual regular main go-to top own".split())
_BE = frozenset("is are 's".split())
_POSSESSIVE = frozenset("my our user's".split())  # ("The user's streaming service is now Mubi": a note's)
# a person is a slot only by a name ("my boss is Ruth"; "my sister is studying Japanese" is the sister's)
RELATIONS_OF_PEOPLE = frozenset("""sister brother mom mum mother dad father parent son daughter kid child wife
husband partner boyfriend girlfriend fiance fiancee spouse friend bestie cousin aunt uncle grandma grandpa boss
manager colleague coworker neighbor neighbour roommate flatmate niece nephew sibling teammate classmate mentor
""".split())
# nouns that are no slot of one value ("my day is", "my plan is", "my point is")
_NOT_SLOTS = frozenset("""
day days week weekend night morning evening time plan plans point idea guess hope worry problem question
answer bet dream goal goals aim wish fear feeling favourite favorite fave thing things stuff life mind
head heart body back hand hands eyes hair face birthday mood advice opinion view take excuse reason
first last one ones best worst turn job-hunt way name
""".split())


_SLOT_NOUNS = frozenset("food dish team class course city phone car gym dog cat job partner school bank "
                        "doctor".split())  # (the second word of a compound that names a slot by itself)
_ASK_AFTER = frozenset("does do did is are was has have".split())


def singular(noun: str) -> str:
    if len(noun) > 4 and noun.endswith("ies"):
        return noun[:-3] + "y"
    if len(noun) > 3 and noun.endswith("s") and not noun.endswith(("ss", "us", "is")):
        return noun[:-1]
    return noun


def _noun_after(lows: list[str], at: int) -> tuple[str | None, int]:
    """The noun of 'my [marks] NOUN' that starts at `at` (the possessive), and where it ends."""
    k = at + 1
    while k < len(lows) and lows[k] in _MARKS:
        k += 1
    if k >= len(lows) or not lows[k].replace("-", "").isalpha():
        return None, k
    if k + 2 < len(lows) and lows[k + 1].isalpha() and lows[k + 1] not in _BE and lows[k + 2] in _BE \
            and lows[k + 1] not in ("now", "still", "also", "currently"):
        return f"{lows[k]} {singular(lows[k + 1])}", k + 1  # a compound: "my coffee shop is" (a shop, of coffee)
    return lows[k], k


def statement(tokens: list[str], lows: list[str], user: str, subject_of, value_of, slot_of,
              stop_words) -> tuple[str, str, frozenset] | None:
    """(subject, slot, value words) of a clause that says "my NOUN is VALUE", or None.
    `value_of(at)` reads a value from `at`; `slot_of(noun)` maps a noun a lexicon
    knows to its slot (else the noun is its own)."""
    starts = [at for at, low in enumerate(lows) if low in _POSSESSIVE]
    if lows[:1] and lows[0] in _MARKS:
        starts.insert(0, -1)  # a note with no owner: "Favourite food is now khachapuri", "Current phone: Pixel 9"
    for at in starts:
        noun, end = _noun_after(lows, at)
        if noun is None or noun in stop_words or singular(noun) in _NOT_SLOTS:
            continue
        if " " in noun and noun.split()[1] in _SLOT_NOUNS:
            noun = noun.split()[1]  # "comfort food", "home city": the slot its last word names
        subject = subject_of(lows, at) if at > 0 else user
        if subject is None:
            return None
        after = lows[end + 1:end + 2]
        if after and after[0] in _BE or (after and after[0] in (":", "-", "—", "–")
                                         and ("new" in lows[max(at, 0):end] or at < 0)):
            if singular(noun) in RELATIONS_OF_PEOPLE and not (end + 2 < len(tokens) and tokens[end + 2][:1].isupper()):
                continue
            value = value_of(end + 2)
        elif at >= 2 and lows[at - 1] in _BE:  # "Wet Leg is my favourite band"
            start = at - 2
            while start > 0 and tokens[start - 1][:1].isupper():
                start -= 1
            value = frozenset(w for w in lows[start:at - 1] if w not in stop_words)
            subject = subject_of(lows, start) if start > 0 else user
            if subject is None or (after and after[0] not in (",", ".", "!", ";", "now", "these", "and")):
                continue
        else:
            continue
        if value:
            return subject, slot_of(singular(noun)), value
    return None


def asked(tokens: list[str], lows: list[str], question_words, stop_words) -> list[tuple[str, int, int]]:
    """(noun, where its phrase ends, where it starts) of the nouns a question may ask the value of:
    "Which laptop ...", "What is the user's favourite band?", "Which coffee shop ..." (the caller
    checks that it asks)."""
    found = []
    for at, low in enumerate(lows):
        if low in ("what", "which", "my", "our", "his", "her", "their", "current") \
                or low.endswith("'s") and low[:-2] not in question_words:
            k = at + 1
            while k < len(lows) and (lows[k] in _MARKS or lows[k] in ("kind", "type", "sort", "of")):
                k += 1
            if k < len(lows) and lows[k].isalpha() and lows[k] not in stop_words \
                    and lows[k] not in question_words and singular(lows[k]) not in _NOT_SLOTS:
                second = k + 1 < len(lows) and lows[k + 1].isalpha() and lows[k + 1] not in stop_words \
                    and singular(lows[k]) not in RELATIONS_OF_PEOPLE \
                    and lows[k + 1] not in question_words and k + 2 < len(lows) and lows[k + 2] in _ASK_AFTER
                noun = f"{lows[k]} {singular(lows[k + 1])}" if second else singular(lows[k])
                found.append((noun, k + 1 if second else k, k))  # ("Which coffee shop does ...": the coffee shop)
    return found

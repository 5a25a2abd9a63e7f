"""What a question asks of the slots (pure functions): which subject and slot
("Where does the user live now?": user|home), and about when (now, or before).

The statements side is supersession.py; this is the questions side, read by
recall's last step (recall/supersede_rank.py; references/scoring.md,
"Supersession"). English only.
"""

from __future__ import annotations

from functools import lru_cache

from . import generic_slots
from .supersession import (_NOT_NAME, _TOKEN, FIRST_PERSON, RELATION_ADJECTIVES, RELATIONS, _generic_slot,
                           relation_name)
from .textutil import STOPWORDS

_PAST_QUERY = frozenset("before previously previous formerly former used earlier originally prior old "
                        "past ex once back then first earliest".split())  # ("user's first car": not the newest)


def query_tense(query: str) -> str:
    """'past' for a question about before ("used to", "previously", "my old phone"),
    else 'present' (a question with no time word asks about now)."""
    lows = [t.lower() for t in _TOKEN.findall(query)]
    for at, low in enumerate(lows):
        if low == "use" and at + 1 < len(lows) and lows[at + 1] == "to":
            return "past"
        if low in ("used", "back") and at + 1 < len(lows) and lows[at + 1] not in ("to", "then", "in", "when"):
            continue
        if low == "once" and at > 0:
            continue
        if low in _PAST_QUERY:
            return "past"
    return "present"


# the words by which a question asks for a slot ("where does the user live?")
_QUERY_CUES = {
    "home": "live lives living reside resides residing address home based hometown",
    "job": "work works working job employer employed employs employ company workplace career firm",
    "phone": "phone phones smartphone mobile cellphone handset",
    "pet": "pet pets",
    "pet:dog": "dog dogs puppy pup",
    "pet:cat": "cat cats kitten",
    "car": "car cars drive drives driving vehicle",
    "gym": "gym gyms exercise exercises exercising fitness",
    "partner": "partner boyfriend girlfriend husband wife dating date seeing spouse fiance fiancee relationship "
               "significant",
    "school": "school university college studying studies study enrolled",
    "food": "food foods dish dishes meal meals eat eating crave craves craving cuisine snack",
    "team": "team teams club fan supporter support supports cheer cheers root roots",
    "class": "class classes course courses lesson lessons learning learn studying enrolled workshop language "
             "languages",
    "bank": "bank banks banking",
    "doctor": "doctor doctors gp physician",
    "dentist": "dentist dentists orthodontist",
}
QUERY_CUES: dict[str, list[str]] = {}
for _slot, _text in _QUERY_CUES.items():
    for _word in _text.split():
        QUERY_CUES.setdefault(_word, []).append(_slot)  # "studying": a school or a class
_QUESTION_WORDS = frozenset("what where which who whom whose when why how is are was were do does did has have "
                            "can could would should will tell name".split())


_AUX = frozenset("is are was were do does did has have had 's am 'm".split())
_WH = frozenset("what which who whom whose where".split())
_WH_S = frozenset(w + "'s" for w in _WH)  # "What's the user's car?"
_MODIFIERS = frozenset("the a an user user's users name of kind type sort current currently favourite favorite "
                       "main new sports go-to top usual present now these days still presently his her their "
                       "my our your football soccer basketball baseball hockey rugby cricket previous former old "
                       "last first ex model make brand evening weekly morning night weekend".split())
_TIME_TAIL = frozenset("now currently these days nowadays today lately presently before previously formerly moment "
                       "earlier originally then at the moment in during most best right".split())
_VERB_CUES = frozenset("live lives reside resides work works employs drive drives support supports cheer cheers "
                       "root roots crave craves eat eats dating seeing study studies learning trains go going goes employs "
                       "employ".split())
_FOLLOWS = frozenset("do does did can will would could should the user users user's named called name now "
                     "currently these before previously during in or and other number".split())
_HAVING = frozenset("call calls have has own owns use uses drive drives support supports follow follows taking take "
                    "takes attend attends into is are a an their his her my our your".split())
_QUALIFIERS = frozenset("from on at with during that which who where when he she they it for about".split())
_FOR_WHOM = frozenset("the user user's users them him her me us".split())  # "Where is home for the user now?"


def _asks_value(tokens: list[str], lows: list[str], at: int, first: int | None = None) -> bool:
    """Does the question ask for the value of the slot its word at `at` names ("Which
    team does the user support?", "Where does Tom live now?"), rather than only
    mention it ("How does John describe the season for his team?", "What is Tim's
    position on the team he signed with?")? The slot word follows the question
    word (past a verb like "is", the subject, a "kind of"), or ends the question
    (past a time: "these days", "in 2024"), and nothing qualifies it."""
    words = [w.removesuffix("'s") if w in _WH_S else w for w in lows if w not in ("?", ".", "!", ",")]
    first = None if first is None or first == at else sum(1 for w in lows[:first] if w not in ("?", ".", "!", ","))
    at = sum(1 for w in lows[:at] if w not in ("?", ".", "!", ","))
    starts = [k for k, w in enumerate(words[:at]) if w in _WH]
    if at > 0 and words[at - 1] == "same" and words[at + 1:at + 2] and words[at + 1] in _WH:
        return True  # "Does the user still drive the same car? Which one?"
    if not starts:
        return _keyword_query(tokens, words, at)
    head = starts[-1] + 1
    while head < at and (words[head] in _MODIFIERS or words[head] in _AUX or words[head] in RELATIONS
                         or words[head].endswith("'s") or tokens_capital(tokens, words[head])):
        head += 1
    if first is not None and head == first:
        head = at  # "Which coffee shop does ...": the phrase's first word
    tail = len(words)
    while tail > at + 1 and (words[tail - 1] in _TIME_TAIL or words[tail - 1].isdigit()
                             or words[tail - 1] in ("to", "for", "with", "in", "at", "out", "up", "of", "the")):
        tail -= 1
    after = words[at + 1:tail]
    if after[:1] == ["for"] and len(after) > 1 and all(w in _FOR_WHOM for w in after[1:]):
        after = []  # "Where is home for the user?": for whom, no qualifier
    if words[at] in ("work", "works", "working", "go", "going", "goes") and after[:1] == ["out"]:
        after = after[2:] if words[at].startswith("go") else after[1:]
    if after and after[0] in _QUALIFIERS:
        return False
    if head == at:
        if at == starts[-1] + 1 and words[at] in _VERB_CUES:
            return False  # "Who supports Caroline?": the doer
        # a word after it that is no verb of the question: a compound ("Which phone charger ...",
        # "What did my husband cook?", "What did my partner think of ...")
        return not after or words[at] in _VERB_CUES or after[0] in _AUX or after[0] in _FOLLOWS \
            or (after[0] in QUERY_CUES and (after[0] not in _VERB_CUES or at == starts[-1] + 1))
        # ("Which fitness club ...", "Which firm employs the user?"; not "Where does my girlfriend work?")
    # the question ends with it, after a verb of having ("Which city does the user call home?", "... pick as a
    # favourite meal?")
    before = at - 1
    while before > 0 and words[before] in ("a", "an", "the", "favourite", "favorite", "usual", "main", "current"):
        before -= 1
    return not after and at > 0 and (words[at - 1] in _HAVING or words[at] in _VERB_CUES
                                     or (before < at - 1 and words[before] == "as"))


_KEYWORD_WORDS = _MODIFIERS | _TIME_TAIL | frozenset("name names city town model brand called".split())


def _keyword_query(tokens: list[str], words: list[str], at: int) -> bool:
    """A search an agent types rather than a question ("user current employer", "user's dog name",
    "Marta's car", "partner's job"): it asks for the slot when it has two to six words and every other
    one is the subject, a time or a modifier."""
    if not 2 <= len(words) <= 6 or words[0] in _AUX:
        return False
    # every other word: a modifier, a time, a relation's possessive ("partner's job": the partner's), or a
    # name's ("Marta's car"); not a second slot word ("dog food", "work phone", "company car": one thing)
    return all(k == at or w in _KEYWORD_WORDS and w not in QUERY_CUES
               or w.endswith("'s") and (w[:-2] in RELATIONS or w[:-2] not in _NOT_NAME and w[:-2] not in QUERY_CUES
                                        and any(t.lower() == w and t[:1].isupper() for t in tokens))
               for k, w in enumerate(words))


def tokens_capital(tokens: list[str], low: str) -> bool:
    """A word of the question that is capitalised (a name: "Where does Tom live?")."""
    return any(t.lower() == low and t[:1].isupper() for t in tokens[1:])


@lru_cache(maxsize=8)  # (a recall asks it twice of one question: its slot statements, then its lifts)
def asked_keys(query: str) -> tuple[str, ...]:
    """The subject|slot keys a question asks about ("Where does the user live?":
    user|home; "What is Tom's dog called?": tom|pet:dog); 'pet' asks for any pet."""
    tokens = _TOKEN.findall(query)
    lows = [t.lower().replace("’", "'") for t in tokens]
    slots = []
    for at, low in enumerate(lows):
        found, where = [], at
        if low in ("work", "works", "working") and lows[at + 1:at + 2] == ["out"]:
            found = ["gym"]  # "where does the user work out?"
        elif low in ("go", "going", "goes") and lows[at + 1:at + 3] == ["out", "with"]:
            found = ["partner"]
        elif low in ("city", "town") and at > 0 and lows[at - 1] == "same":
            found = ["home"]  # "Is the user still living in the same city? Which one?"
        elif low in ("train", "trains", "training"):
            found = ["gym"]
        elif low in ("phone", "mobile", "cell") and lows[at + 1:at + 2] == ["number"]:
            found = ["phone-number"]
        elif low.removesuffix("'s") in QUERY_CUES and not (low == "based" and lows[at + 1:at + 2] == ["on"]):
            found = QUERY_CUES[low.removesuffix("'s")]  # ("the user's pet's name")
        if found and _asks_value(tokens, lows, where):
            slots += [slot for slot in found if slot not in slots]
    if not slots:  # a slot no lexicon names ("Which laptop does the user have?")
        slots = [_generic_slot(noun) for noun, at, first in generic_slots.asked(tokens, lows, _QUESTION_WORDS,
                                                                               STOPWORDS)
                 if _asks_value(tokens, lows, at, first)]
    if not slots:
        return ()
    if not any(w in _WH or w in _AUX for w in lows):  # a search: "partner's job" is the partner's job
        for low in lows:
            if low.endswith("'s") and low[:-2] in RELATIONS and low[:-2] in QUERY_CUES:
                slots = [slot for slot in slots if slot not in QUERY_CUES[low[:-2]]]
                if not slots:
                    break  # ("user's partner's name": the partner)
                owner = "user" if not any(t[:1].isupper() and t.lower() != "user's" for t in tokens[:1]) \
                    else tokens[0].lower().removesuffix("'s")
                return tuple(dict.fromkeys(f"{owner}/{relation_name(low[:-2])}|{slot}" for slot in slots))
    subject = None
    for at, (token, low) in enumerate(zip(tokens, lows)):
        if low in FIRST_PERSON:
            subject = "user"
            k = at + 1
            while k < len(lows) and lows[k] in RELATION_ADJECTIVES:
                k += 1  # "the user's best friend"
            relation = lows[k].removesuffix("'s") if k < len(lows) else ""
            if relation in QUERY_CUES and relation in RELATIONS and any(s not in QUERY_CUES[relation] for s in slots):
                slots = [slot for slot in slots if slot not in QUERY_CUES[relation]]  # "What does my partner do for
                # work?": the partner's job, not who the partner is
            if relation in RELATIONS and relation not in slots \
                    and (relation not in QUERY_CUES or any(s != "partner" for s in slots)):
                subject = f"user/{relation_name(relation)}"  # "the user's sister's dog", "which car did my wife buy?" ("my boss": the user's)
            break
        name = low[:-2] if low.endswith("'s") else low
        if token[:1].isupper() and name not in _QUESTION_WORDS and name not in QUERY_CUES \
                and name not in _NOT_NAME and name not in RELATIONS and name not in STOPWORDS:  # (not "In which")
            subject = name
            break
    subject = subject or "user"
    return tuple(dict.fromkeys(f"{subject}|{slot}" for slot in slots))

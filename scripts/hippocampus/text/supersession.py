"""Which subject and slot a memory states a current value for (pure functions).

"We moved to Porto", "Now living in Lisbon" and "My new apartment is in Lyon"
all state the user's home; "My sister moved to Lyon" states the sister's.
A newer memory with the same key (subject|slot) and another value supersedes
the older one (references/scoring.md, "Supersession").

The lexicon is per slot: the nouns that name it ("apartment", "puppy",
"employer"), the verbs that state it (a state, "live in", "work at", or a
change, "moved to", "joined", "adopted"), and the prepositions a verb takes
before its value. A statement is a cue (a slot verb or noun) in a frame that
gives a value (a preposition, "is", "named"...), with its subject read from
the words before the cue: first person (or none: "Now living in X") is the
user (the speaker, for a transcript line "Name: ..."); a relative ("my
sister"), a name ("Tom") or a pronoun ("she") is someone else. Questions,
negations, wishes and plans ("want to move", "might switch"), and past states
("used to live", "lived in ... until 2020") state no current value.

English only. The cache keeps each memory's keys (search_cache); changing
what this module reads means raising store/readings.READERS_VERSION and SCHEMA_VERSION.

One piece (~940 lines): the slot lexicon, the cutting of a sentence into
clauses with its pronouns put as the people they stand for, and the reading
of a clause's subject are one table read by one parser (each part reads the
others' word lists); the lexicon is most of the lines. The clause and
pronoun part (`_clauses`, `_tokens`, `_resolve_pronouns`, ~170 lines) is the
next to move out, with the people's words (relations, pronouns, titles) it
shares.
"""

from __future__ import annotations

import itertools
import re

from .textutil import STOPWORDS
from . import generic_slots, note_statements, statement_gates
from .topic_statements import (CAT_BREEDS, DISH_WORDS, DOG_BREEDS, INSTRUMENTS, INTERJECTION, NOT_NAMES, OPENERS,
                               TEAM_WORDS, TOPIC, loose_statement)

# slot -> nouns, (state verbs), (change verbs), prepositions its verbs take before the value
_SLOTS = {
    "home": (
        "home house apartment flat place address city town neighborhood neighbourhood condo lease bungalow "
        "cottage townhouse maisonette farmhouse duplex",
        "live reside base",
        "move relocate settle",
        "in to into at near outside"),
    "job": (
        "job employer company role position workplace firm gig offer contract",
        "work",
        "join start hire employ transfer promote",
        "at for as by"),
    "phone": (
        "phone smartphone cellphone cell mobile handset iphone pixel galaxy android oneplus moto motorola "
        "nokia xiaomi huawei oppo fairphone blackberry xperia samsung realme vivo zenfone redmi poco",
        "", "", "to"),
    "phone-number": ("number", "", "", ""),
    "email": ("email e-mail inbox", "", "", ""),
    "pet": (
        "dog puppy pup doggo cat kitten kitty pet parrot budgie bird hamster rabbit bunny goldfish fish turtle "
        "tortoise ferret horse pony lizard snake " + DOG_BREEDS + " " + CAT_BREEDS,
        "", "adopt rescue", ""),
    "car": (
        "car vehicle truck suv van ev hatchback sedan motorbike motorcycle scooter tesla toyota honda ford bmw "
        "audi volkswagen vw subaru mazda kia hyundai volvo prius civic corolla jeep nissan skoda renault peugeot "
        "citroen citroën fiat lexus porsche jaguar mercedes mercedes-benz rivian polestar byd chevrolet chevy "
        "dodge cadillac buick chrysler acura infiniti mitsubishi suzuki dacia opel vauxhall maserati ferrari "
        "lamborghini bentley cupra saab alfa lancia rav4 camry yaris qashqai octavia fabia tiguan passat "
        "mustang",
        "drive", "", ""),
    "gym": (
        "gym crossfit fitness pilates membership workout workouts",
        "train", "", "at"),
    "partner": (
        "partner boyfriend girlfriend husband wife fiance fiancee fiancé fiancée spouse bf gf relationship",
        "date see go", "marry engage", "to with"),
    "school": (
        "school university uni college degree bootcamp phd masters elementary semester student "
        "kindergarten preschool daycare academy",
        "study attend", "enroll enrol", "at in"),
    "class": ("class lesson course workshop", "", "", "in for at"),  # a course one takes (a school is apart)
    "doctor": ("doctor gp physician", "", "", ""),
    "dentist": ("dentist orthodontist", "", "", ""),
    "therapist": ("therapist counsellor counselor psychologist physio physiotherapist", "", "", ""),
    "bank": ("bank santander barclays hsbc lloyds natwest chase citibank citi ing n26 revolut monzo starling "
             "nationwide rabobank abn bnp paribas deutsche commerzbank unicredit bbva caixabank nordea danske "
             "handelsbanken swedbank schwab", "bank", "", "with at"),  # "banking with Nationwide these days"
}
# species share a slot only with their own kind (a new kitten does not replace the dog)
_KIND = {"puppy": "dog", "pup": "dog", "doggo": "dog", "kitten": "cat", "kitty": "cat", "budgie": "bird",
         "parrot": "bird", "bunny": "rabbit", "pony": "horse", "goldfish": "fish", "motorcycle": "motorbike",
         **{breed: "dog" for breed in DOG_BREEDS.split()}, **{breed: "cat" for breed in CAT_BREEDS.split()}}
_GENERIC_PET = {"pet"}
# verbs of change that take their slot from a noun (or brand) near them: "switched my phone to ..."
_CHANGE = ("switch swap upgrade trade replace get buy purchase pick change sign take lease rent accept use land "
           "secure snag score grab order receive treat").split()
_SWITCH = frozenset("switch swap upgrade trade replace change".split())
# nouns that only name the slot (not its value): a brand ("Pixel", "Tesla") is the value too
_GENERIC = frozenset("dr mr mrs ms prof doctor phone phones smartphone cellphone cell mobile handset car cars vehicle truck suv van ev "
                     "hatchback sedan motorbike scooter gym gyms fitness job jobs role position company employer "
                     "workplace firm gig school schools university uni college course program programme degree "
                     "home house apartment flat place address city town neighborhood neighbourhood condo bungalow "
                     "cottage townhouse maisonette farmhouse duplex".split())
_OBJECT_VERBS = {"join", "adopt", "rescue", "drive", "lease", "date", "see", "marry", "use", "rent", "accept", "attend", "hire", "get", "buy",
                 "purchase", "pick", "start", "change", "swap", "replace", "upgrade", "trade", "switch", "enroll",
                 "enrol"}
_IRREGULAR = {"got": "get", "gotten": "get", "bought": "buy", "drove": "drive", "driven": "drive",
              "drives": "drive", "driving": "drive", "picked": "pick", "married": "marry", "marries": "marry",
              "studied": "study", "studies": "study", "studying": "study", "lives": "live", "living": "live",
              "lived": "live", "moving": "move", "moved": "move", "moves": "move", "dating": "date",
              "dated": "date", "dates": "date", "took": "take", "taken": "take", "signed": "sign", "goes": "go"}
_STATE_PAST = {"lived", "worked", "drove", "studied", "attended", "dated", "resided", "trained", "banked"}

FIRST_PERSON = frozenset("i i'm im i've ive i'd i'll me my mine myself we we're we've we'd our ours us "
                         "ourselves user user's users".split())
OTHER_PRONOUNS = frozenset("he she they he's she's they're his her hers their theirs him them you your yours "
                           "you're it it's its".split())
RELATIONS = frozenset(
    "sister brother mom mum mother dad father parents parent son daughter kid kids child children wife "
    "husband partner boyfriend girlfriend fiance fiancee spouse friend bestie cousin aunt uncle grandma "
    "grandmother grandpa grandfather granddad nan boss manager colleague coworker co-worker neighbor "
    "neighbour roommate flatmate housemate niece nephew sibling stepmom stepdad stepbrother stepsister stepson "
    "stepdaughter godmother godfather godson goddaughter grandson granddaughter brother-in-law sister-in-law "
    "mother-in-law father-in-law teammate classmate mentor "
    "bf gf ex ex-wife ex-husband ex-girlfriend ex-boyfriend ex-partner former late".split())
# one name per relation, as statements and questions both say it ("my colleague" is the "coworker" asked of)
RELATION_CANON = {"mum": "mom", "mother": "mom", "mommy": "mom", "father": "dad", "daddy": "dad",
                  "colleague": "coworker", "co-worker": "coworker", "bestie": "friend", "bf": "boyfriend",
                  "gf": "girlfriend", "flatmate": "roommate", "housemate": "roommate", "neighbor": "neighbour",
                  "grandmother": "grandma", "nan": "grandma", "grandfather": "grandpa", "granddad": "grandpa",
                  "kid": "child", "kids": "child", "children": "child", "parents": "parent", "fiancee": "fiance",
                  "co-founder": "cofounder"}
# words between a possessive and its relation ("my best friend", "my older sister")
RELATION_ADJECTIVES = frozenset("best closest oldest old older younger little big baby twin step half "
                                "dear new".split())


def relation_name(word: str) -> str:
    return RELATION_CANON.get(word, word)


_NEGATION = frozenset("not no never n't don't doesn't didn't won't can't cannot isn't aren't wasn't "
                      "haven't hasn't nobody nothing".split())
_NOT_CURRENT = frozenset(
    "want wants wanted wanna hope hoping hoped plan plans planning planned thinking think considering consider "
    "might may could would should will shall 'll gonna going if maybe perhaps dream dreaming dreams wish "
    "wishing wishes unless whether used formerly previously once originally ago until till before "
    "hypothetically someday eventually soon next tomorrow lost lose losing quit quitting left leave leaving "
    "fired laid stopped stop done gave quit almost nearly tempted goal goals aim aiming resolution".split())
_AMBIGUOUS = frozenset("place home".split())
_HOME_BEFORE = frozenset("my our new own current first the a is".split())  # "our place in the world": a home only when new, current or "is"
_PAST_OF_STATE_OK = frozenset("have has 've had been i've we've ive weve".split())  # "have lived here for years": still
_FRAME = frozenset("is are 's = : - — – now currently officially named called".split())
_SKIP = frozenset("a an the my our new current recently just finally now officially currently back over "
                  "out up down in into to at for as with from on of is are 's was be been called named "
                  "name by this that there here really actually".split())
_END = frozenset("and but because since so while which who that where when after if though although "
                 "until for , . ; ! ? ( ) : - — – today yesterday tonight last this next ago recently lately "
                 "week weekend month year morning evening these those fall autumn spring summer winter semester term "
                 "quarter".split())
_VALUELESS = frozenset("new old current place home city town one job company it there here".split())
_NOT_NAME = frozenset(
    "now just finally today yesterday recently last this since so also then still already soon after "
    "before when monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december our my we i the a an new got started "
    "switched moved joined officially currently began begun first second third last next another".split())

_TOKEN = re.compile(r"[^\W_](?:[\w'’\-]*[^\W_])?|[.,;:!?()—–\-]")
_CLAUSE = re.compile(r"(?<=[.!?])(?<![DM]r\.)(?<!Mrs\.)(?<!Ms\.)(?<!St\.)(?<!Prof\.)\s+|\n+")  # (the stop first:
# at most places it is all that is looked at)
_SPEAKER = re.compile(r"^\s*([^\W\d_][\w.\- ]{0,30}?):\s")


def _forms(verb: str) -> list[str]:
    stem = verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb
    forms = [verb, verb + "s", stem + "ed", stem + "ing"]
    if verb.endswith("y"):
        forms += [verb[:-1] + "ied", verb[:-1] + "ies"]
    if re.search(r"[^aeiou][aeiou][bdgmnprt]$", verb):  # stop, plan: stopped, planning
        forms += [verb + verb[-1] + "ed", verb + verb[-1] + "ing"]
    return forms


def _lexicon():
    nouns, verbs = {}, {}
    for slot, (noun_text, state, change, preps) in _SLOTS.items():
        for noun in noun_text.split():
            nouns.setdefault(noun, slot)
            nouns.setdefault(noun + "s", slot)
        for kind, text in (("state", state), ("change", change)):
            for verb in text.split():
                for form in _forms(verb):
                    verbs.setdefault(form, (verb, slot, kind, frozenset(preps.split())))
    for verb in _CHANGE:
        for form in _forms(verb):
            verbs.setdefault(form, (verb, None, "change", frozenset({"to", "for"})))
    for form, verb in _IRREGULAR.items():
        base = verbs.get(verb) or (verb, None, "change", frozenset({"to", "for"}))
        verbs[form] = base
    for noun in ("gyms", "jobs", "phones", "cars", "schools"):  # "switched gyms"
        nouns[noun] = nouns[noun[:-1]]
    return nouns, verbs


NOUNS, VERBS = _lexicon()
_CUES = frozenset(NOUNS) | frozenset(VERBS) | frozenset(TOPIC) | DISH_WORDS | INSTRUMENTS | {"my", "our", "user's",
                                                                                         "day"}


def _brand(word: str) -> bool:
    """A noun that is its own value: "Pixel", "Tesla" (not "phone", "dog")."""
    return NOUNS.get(word) in ("phone", "car", "bank") and word not in _GENERIC and word not in ("bank", "banks")


def _slot_of_noun(word: str, slot: str) -> str:
    if slot == "pet":
        kind = _KIND.get(word, word.rstrip("s") if word not in ("bus",) else word)
        return "pet" if kind in _GENERIC_PET else f"pet:{kind}"
    return slot


_TITLES = frozenset("dr mr mrs ms prof st".split())
# a sentence's own clauses: "..., and in the end I took the role at Unilever", "..., but Sofia is my partner
# now", "done with Tottenham, I support Liverpool now"; a leading subordinate clause ends at its comma
# ("After Pepper went to live with my parents, we adopted Mochi")
_SUBCLAUSE = re.compile(r"(?=[\s;,])(?:\s*;\s*|\s+[—–-]\s+|,\s+(?=(?:but|yet|because|though|although|whereas|now)\b)"
                        r"|,\s+(?=(?:and|so|then)\s+(?:(?:i|we|he|she|they|my|our|the|user|now|in|then|these|since|"
                        r"it|that|this|there)\b|(?-i:[A-Z])))"
                        r"|\s+(?=but\b)|\s+(?=and\s+(?:(?:is|are|has|have)\s+)?(?:now|then|these\s+days|since)\b)|,\s+(?=(?:i|we|i'm|we're|i've|we've|im)\b))",
                        re.IGNORECASE)  # (every way to cut begins with a space, ";" or ",": looked for first)
_LONG_AGO = re.compile(r"\b(?:years|decades|ages|a long time|long)\s+ago\b|\bback in (?:19|20)\d\d\b", re.IGNORECASE)
_STAYING = frozenset("while for until till during temporarily briefly".split())
_CONDITIONAL = frozenset("if unless assuming assume provided suppose supposing should whether say imagine "
                         "hypothetically pretend".split())
_SUBORDINATE = frozenset("after when since once although though because while as before".split())


def _clauses(text: str) -> list[str]:
    found = []
    for sentence in _CLAUSE.split(text):
        if sentence.lstrip().split(" ", 1)[0].lower() in _CONDITIONAL:
            continue  # "If the offer comes through, I start at Google": nothing yet
        for part in [piece for whole in _SUBCLAUSE.split(sentence) for piece in _after_a_preface(whole)]:
            head, comma, rest = part.partition(", ")
            opener = head.split(" ", 1)[0].lower()
            if comma and opener in _CONDITIONAL:
                continue
            if comma and opener in _SUBORDINATE:
                found += [head, rest]
            elif part:
                found.append(part)
    return found


# a couple said of the user and a name: "me and Paloma are official now", "Alma and I made it official",
# "Sam and I are an item" (not "Sam and I are together on the rota": a state of a couple, said with its word)
_COUPLE = re.compile(r"(?-i:\b(?:[Mm]e|I) and ([^\W\d_]+)|\b([^\W\d_]+) and (?:I|me))\b"
                     r"(?:\s+(?:are|'re|were|have|just|finally|officially|now|got|made|it|became|been)){1,3}\s+"
                     r"(?:official|an item|exclusive|seeing each other|together now|back together|engaged(?!\s+in\b)"
                     r"|married|(?:a thing|a couple|dating|going out)(?=\s*(?:$|[^\w\s]|(?:now|again|since|officially)\b)))",
                     re.IGNORECASE)
_NOT_A_COUPLE = re.compile(r"\b(?:not|no longer|never|n't|aren't|weren't|were|was|had|if|would|should|could|maybe"
                           r"|divorced?|divorcing|split|separated|broke up|past|used to)\b", re.IGNORECASE)


def _after_a_preface(part: str) -> list[str]:
    """A clause of its own after a colon that ends a preface of four words or more ("I suppose I should
    tell you properly: my partner is Niamh now"; a label stays whole: "Home city: Gdansk")."""
    head, colon, rest = part.partition(": ")
    if colon and len(head.split()) >= 4 and rest.split(" ", 1)[0].lower() in _FIRST_WORDS_AFTER \
            and not _PAST_PREFACE.search(head):
        return [head, rest]
    return [part]


_PAST_PREFACE = re.compile(r"\b(?:used to|would|'d|last (?:year|month|week|time)|ago|once|back then|before|was|were"
                           r"|had|if|when|imagine|suppose we|pretend)\b", re.IGNORECASE)
_FIRST_WORDS_AFTER = frozenset("my our i i'm i've we we're we've".split())
_CONTINUING = frozenset("and but so then yet".split())
_SUBJECT_STARTS = frozenset("i we he she they you it my our his her their the a an this that there user user's".split())


def _names_someone(token: str) -> bool:
    """Does a clause go on with its own subject ("and I ...", "and Tom ...", "and now ...")?"""
    return token.lower() in _SUBJECT_STARTS or token[:1].isupper() or token.lower().removesuffix("'s") in RELATIONS


def _head(tokens: list[str]) -> list[str] | None:
    """The subject a clause opens with: "I", "my aunt" (also "Beatrix, my aunt, ..."), "User"; a bare
    name is not carried on (a capital that opens a clause may be anything)."""
    lows = [t.lower() for t in tokens]
    for k, low in enumerate(lows[:6]):
        if low in ("i", "we", "i'm", "we're", "i've", "we've"):
            return ["I"]
        if low in ("user", "user's") and (k == 0 or lows[k - 1] == "the"):
            return ["User"] if low == "user" else None
        if low in RELATIONS and k > 0 and lows[k - 1] in ("my", "our"):
            return ["my", low]
        if low in _CONTINUING or low in ("after", "when", "since", "because"):
            return None
    return None


_SUBJECT_PRONOUNS = frozenset("he she they".split())
_NAME_THEN = frozenset("is was has had said told thinks thought just and , got moved".split())
_POSSESSIVE_PRONOUNS = frozenset("his her their".split())
_NOT_AFTER_POSSESSIVE = frozenset("a an the my our to and or but , . ! ; in on at for with up".split())


def _antecedent(tokens: list[str], previous: list[str] | None, possessive: bool = False) -> list[str] | None:
    """The words of the last person a clause names ("User", "my sister", "Tom"), else `previous`.
    For a possessive, the name that "is" describes is no antecedent ("Dr. Chen is their GP")."""
    lows = [t.lower() for t in tokens]
    end = len(tokens)
    if possessive and end >= 2 and lows[-1] in ("is", "are", "'s"):
        end -= 1
        while end > 0 and tokens[end - 1][:1].isupper():
            end -= 1
    for k in range(end - 1, -1, -1):
        low = lows[k].removesuffix("'s")
        if low == "user":
            return ["user"]
        if possessive and low in ("us", "me"):
            continue  # ("introduced us to their girlfriend": the one who introduced)
        if low in FIRST_PERSON or low in _SUBJECT_PRONOUNS:
            return previous if low in _SUBJECT_PRONOUNS else None
        if low in RELATIONS:
            owner = k - 1
            while owner > 0 and lows[owner] in RELATION_ADJECTIVES:
                owner -= 1  # ("my best friend")
            return ["my", low] if owner >= 0 and lows[owner] in ("my", "our", "user's") else previous
        if tokens[k][:1].isupper() and low.isalpha() and low not in _NOT_NAME and low not in STOPWORDS \
                and low not in NOT_NAMES and low not in OPENERS and not (k == 0 and low.endswith(("ed", "ing"))) \
                and not _a_thing(tokens, lows, k) and low not in NOUNS \
                and not (k > 0 and lows[k - 1] in _TITLES) \
                and (k > 0 or lows[1:2] and (lows[1] in _NAME_THEN or lows[1].endswith(("ed", "s")))):
            # (a capital that starts the clause is a name only before a verb: "Tom said he", not "Quick update")
            if k > 0 and lows[k - 1].removesuffix("'s") in RELATIONS:  # "my sister Leila": the sister
                return ["my", lows[k - 1].removesuffix("'s")]
            return [tokens[k]]
    return previous


def _resolve_pronouns(tokens: list[str], previous: list[str] | None) -> tuple[list[str], list[str] | None]:
    """The clause with each third-person pronoun put as the person it stands for, the
    nearest named before it ("User said they moved": "User said we moved"; "their new
    favourite is ramen", the user named in the clause before: "my new favourite ...");
    and who the clause names, for the next."""
    out: list[str] = []
    for k, token in enumerate(tokens):
        low = token.lower()
        is_subject = low in _SUBJECT_PRONOUNS
        is_possessive = low in _POSSESSIVE_PRONOUNS and k + 1 < len(tokens) \
            and tokens[k + 1].lower() not in _NOT_AFTER_POSSESSIVE and tokens[k + 1][:1].isalpha()
        if not (is_subject or is_possessive):
            out.append(token)
            continue
        who = _antecedent(out, previous, possessive=is_possessive)
        if who is None:
            out.append(token)
        elif who == ["user"]:
            out.append("we" if is_subject else "my")
        elif is_subject:
            out += who
        else:
            out += [*who[:-1], who[-1] + "'s"]
    after = _antecedent(out, previous)
    return out, after if after is None or after[0] in ("user", "my") else None  # (a bare name: no one to carry on)


def _tokens(clause: str) -> list[str]:
    """The clause's tokens, a title's period left out ("Dr. Tanaka": one name), and what it
    says was before left out too: "from X" before a "to Y" ("switched from the Xiaomi 14 to a
    Fairphone 5"), "instead of X", "(previously X)"."""
    tokens = _TOKEN.findall(clause)
    tokens = [t for k, t in enumerate(tokens) if not (t == "." and k > 0 and tokens[k - 1].lower() in _TITLES
                                                      and k + 1 < len(tokens) and tokens[k + 1][:1].isupper())]
    lows = [t.lower() for t in tokens]
    out, k = [], 0
    while k < len(tokens):
        if lows[k] == "from":
            to = next((j for j in range(k + 2, min(len(lows), k + 9)) if lows[j] in ("to", "for")), None)
            if to is not None and not {",", ".", ";"} & set(lows[k:to]) \
                    and not any((w in NOUNS and not _brand(w)) or w in TOPIC for w in lows[k:to]):
                k = to  # (keep "to": "moved to Paris"; keep "from my old course to Japanese": the noun says the slot)
                continue
        if lows[k] == "instead" and lows[k + 1:k + 2] == ["of"]:
            k += 2
            while k < len(tokens) and tokens[k][:1].isupper() or (k < len(tokens) and lows[k] in ("the", "a", "my")):
                k += 1
            continue
        if lows[k] == "(" and lows[k + 1:k + 2] and lows[k + 1] in ("previously", "formerly", "was", "before", "ex"):
            close = next((j for j in range(k, len(lows)) if lows[j] == ")"), len(lows) - 1)
            k = close + 1
            continue
        out.append(tokens[k])
        k += 1
    return out


def speaker_of(content: str) -> tuple[str | None, str]:
    match = _SPEAKER.match(content)
    if match is None or not all(word[:1].isupper() for word in match.group(1).split()) \
            or INTERJECTION.fullmatch(match.group(1).strip().lower()):
        return None, content  # ("New gym: FitLab", "Ugh: my car is a Kia" have no speaker)
    if match.group(1).strip().lower() in _LABELS:
        return None, content[match.end():]  # "Note: the user now lives in Bergen": a label, the note's own words
    return match.group(1).strip().lower(), content[match.end():]


# the labels an agent puts before a note, which name no speaker
_LABELS = frozenset("note noted notes update updated reminder fyi fact facts memory summary info context observation "
                    "preference profile todo ps nb heads up quick update status change changed correction "
                    "new fact important".split())


def _subject(tokens: list[str], lows: list[str], end: int, user: str) -> str | None:
    """Who the words before position `end` make the subject: `user` for the first
    person (or no one named), a relative, a name or 'other'; None for a statement
    that is not current (a negation, a wish, a plan, a past state)."""
    subject = None
    for at in range(end - 1, -1, -1):
        low = lows[at]
        if low in _NEGATION or low.endswith(("n't", "'ll", "'d")) or low in _NOT_CURRENT \
                or low == "about" and lows[at + 1:at + 2] == ["to"]:
            return None  # ("I'll move to Paris once ...", "we'd move if we could", "about to sign a lease")
        if subject is not None:
            continue  # keep reading leftwards for a negation or a wish only
        if low in ("me", "us") and at > 0:
            continue  # an object ("My flatmate keeps inviting me to Planet Fitness"): the subject is further left
        if low in FIRST_PERSON:
            subject = user
        elif low in OTHER_PRONOUNS:
            subject = f"{user}/other"
        elif low.removesuffix("'s").removesuffix("’s") in RELATIONS or low in RELATIONS:
            relation = relation_name(low[:-2] if low.endswith(("'s", "’s")) else low)
            subject = f"{user}/{relation}"  # "my sister Anna": the user's sister, as a question names her
            if at > 0 and lows[at - 1] in ("some", "a", "an", "any", "another", "someone's", "somebody's"):
                subject = f"{user}/other"  # "some kid's dog", "a friend of a friend": no one of the user's
            owner = lows[at - 1] if at > 0 else ""
            if owner.endswith("'s") and owner[:-2] in RELATIONS:  # "my sister's boyfriend"
                subject = f"{user}/{relation_name(owner[:-2])}/{relation}"
            elif owner.endswith("'s") and tokens[at - 1][:1].isupper():  # "Tom's wife"
                subject = f"{owner[:-2]}/{relation}"
        elif low.endswith("'s") and tokens[at][:1].isupper() and low[:-2] not in NOT_NAMES \
                and low[:-2] not in _NOT_NAME and low[:-2] not in NOUNS \
                and (at + 1 == end or at + 2 == end and lows[at + 1] in _ADJECTIVES) \
                and (at > 0 or lows[1:2] != ["new"] or end > 1):
            subject = low[:-2]  # "moved in with Kate's boyfriend Dan": Kate's
        elif tokens[at][:1].isupper() and low not in _NOT_NAME and low not in STOPWORDS and not low.isdigit() \
                and low.removesuffix("'s") not in NOT_NAMES and not _a_thing(tokens, lows, at) \
                and not (at > 0 and lows[at - 1] in ("name", "named", "called")) \
                and not (at == 1 and (lows[0].endswith("ed") or lows[0] in OPENERS)) \
                and not (at == 0 and (low.endswith(("ed", "ing")) or low in OPENERS)) \
                and at + 1 < len(lows) \
                and (at > 0 or at + 1 == end or lows[at + 1] in ("just", "recently", "finally", "has", "and",
                                                                 "now", "officially", "also")
                     or lows[at + 1] == "from" and lows[at + 2:at + 3] and lows[at + 2] in _PLACES_OF_PEOPLE) \
                and not (at > 0 and lows[at + 1] in ("with", "or", "in", "at", "to", "for", "from", "and")):
            # ("then Portland and Denver with the team": places, not who)
            # (a capital that starts the clause is a name only right before the statement: "Tom moved")
            name = low[:-2] if low.endswith(("'s", "’s")) else low
            if at > 0 and lows[at - 1].removesuffix("'s") in RELATIONS:  # "my brother Sam became ..."
                subject = f"{user}/{relation_name(lows[at - 1].removesuffix(chr(39) + 's'))}"
            elif name in ("user",):
                subject = user
            elif at == 0 and name in VERBS:  # "Moved to ...": a verb, not a name
                continue
            else:
                subject = name
    return subject or user


def _value(tokens: list[str], lows: list[str], start: int) -> frozenset:
    """The content words of the value that starts at `start` (after skipping frame words)."""
    words: list[str] = []
    named = False  # a value that began with a name ends with it ("Berlin went smoothly": Berlin)
    at = start
    if "from" in lows[start:start + 2]:  # "switched gyms from Blok to Orangetheory": the value follows "to"
        later = [k for k in range(start + 2, min(len(lows), start + 9)) if lows[k] in ("to", "for")]
        if later:
            at = later[0] + 1
    while at < len(lows) and (lows[at] in _SKIP or lows[at] in (":", "-", "—", "–")) and len(words) == 0:
        at += 1
    while at < len(lows) and len(words) < 4:
        low = lows[at]
        if low in _END or (words and low in _SKIP and low not in ("of",)):
            break
        if not words and low in _SKIP and not tokens[at][:1].isupper():
            at += 1  # ("settled into an apartment in Austin": Austin)
            continue
        capital = any(ch.isupper() for ch in tokens[at]) or any(ch.isdigit() for ch in tokens[at])
        if named and not capital:
            break
        named = named or (capital and not words)
        if low not in _VALUELESS and (low not in _GENERIC or tokens[at][:1].isupper()):  # "City College"
            words.append(low[:-2] if low.endswith(("'s", "’s")) else low)
        at += 1
    return frozenset(words)


_MEETING = frozenset("met meet meets saw visited called phoned rang texted emailed contacted told asked interviewed "
                     "hired invited helped married dated".split())


def _of_the_user_alone(tokens: list[str]) -> bool:
    """Is a clause a statement of the user's own, naming no one else, so that a "they" after it can
    only be the user ("User left Canonical after the reorg; they ...")? Not after "User met her
    friends", "User interviewed candidates", "User called HSBC support": they may be those."""
    lows = [t.lower() for t in tokens]
    return len(lows) > 1 and (lows[1] in VERBS or lows[1].endswith("ed") or lows[1] in _IRREGULAR
                              or lows[1] in ("left", "quit", "sold", "took", "began", "went")) and not any(
        low in _MEETING or low.removesuffix("'s") in RELATIONS
        or k > 1 and low.endswith("s") and not low.endswith("ss") and low not in STOPWORDS and low not in VERBS
        and not tokens[k][:1].isupper() for k, low in enumerate(lows))


_READ: dict[tuple[str, bool], tuple] = {}  # what statements() read, by text: a bulk import asks again for
_READ_MAX = 262_144                         # every earlier holder of a slot; cleared whole when full (a
_KEYS: dict[str, tuple[str, ...]] = {}      # smaller one was refilled three times over 199,000 turns)


def statements(content: str, given: bool = False) -> list[tuple[str, str, frozenset]]:
    """(subject, slot, value words) for each current value the text states; with `given`, instead, what
    its questions take as the user's ("How do I reset my Pixel 7a?"), which states nothing. A text is
    read once per process (_READ): the reading depends on nothing but the text."""
    found = _READ.get((content, given))
    if found is None:
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        found = _READ[(content, given)] = tuple(_statements(content, given))
    return list(found)


def lend(head: str, found: tuple, found_keys: tuple) -> None:
    """What statements(head) and keys(head) read, read elsewhere (lifecycle/read_ahead.py: a reader
    process, the same code): kept as if read here."""
    if len(_READ) >= _READ_MAX:
        _READ.clear()
    if len(_KEYS) >= _READ_MAX:
        _KEYS.clear()
    _READ[(head, False)] = found
    _KEYS[head] = found_keys


def _statements(content: str, given: bool) -> list[tuple[str, str, frozenset]]:
    note = note_statements.label_statement(content, "user", _label_slot, RELATIONS, relation_name)
    if note is not None and given:
        return []
    if note is not None:  # "Home city: Gdansk", "Partner: Tobias": an agent's note, no speaker
        subject, slot, value_text = note
        value = frozenset(w.lower() for w in _TOKEN.findall(value_text) if w.lower() not in STOPWORDS)
        statement = (subject, slot, value)
        return [statement] if value and _resolved(subject) and _looks_like_value(slot, value, value_text) else []
    speaker, text = speaker_of(content)
    user = speaker or "user"
    found: dict[str, tuple[str, str, frozenset]] = {}
    previous = None  # who the last clause named: a pronoun's antecedent ("User moved; their new flat is ...")
    said: list[str] = []  # the last clause's words
    head = None  # the last clause's subject, for a clause that goes on without one
    sentences = None  # (its sentences' words: read when a clause with a cue asks for them)
    for clause, asking in statement_gates.questions_apart(_clauses(text)):
        if _LONG_AGO.search(clause) or statement_gates.clause_gate(clause):
            continue  # ("Moved from Leeds to Bristol years ago", "my first car was a Fiat Panda": not now)
        tokens = _tokens(clause)
        if asking or given:  # a question states nothing; it takes as given "my Pixel 7a", "my GP, Dr. Moreau"
            # (`given`: those, for recall as a value named in passing, never a supersession: "how do I get my
            # chats off my iPhone 13?" is asked right after switching to a Pixel)
            lows = [t.lower().replace("’", "'") for t in tokens]
            for at in range(len(lows) if asking and given else 0):
                statement = _owned(tokens, lows, at, user) or (_apposed(tokens, lows, at, user)
                                                               if _noun_cue(tokens, lows, at) else None)
                if statement is not None and statement[0] == user \
                        and _looks_like_value(statement[1], statement[2], clause) \
                        and not statement_gates.ended(statement[2], lows) \
                        and not _NOT_HAD_YET.search(" ".join(lows)):
                    found[f"{statement[0]}|{statement[1]}"] = statement
            continue
        if head and tokens[:1] and tokens[0].lower() in _CONTINUING and len(tokens) > 1 \
                and not _names_someone(tokens[1]):
            tokens = [tokens[0], *head, *tokens[1:]]  # "X, my aunt, broke up with Dmitri | and is now seeing Y": X's
        if head == ["User"] and tokens[:1] and tokens[0].lower() in ("they", "their") and _of_the_user_alone(said):
            previous = ["user"]  # "User left Canonical after the reorg; they work for Deloitte now": the user
            # (not after "User met her friends ...": they may be them)
        head = _head(tokens) or head
        said = tokens
        as_said = [t.lower() for t in tokens]  # (before a pronoun is read as whom it names)
        tokens, previous = _resolve_pronouns(tokens, previous)
        lows = [t.lower().replace("’", "'") for t in tokens]
        words = [w for w in lows if w not in (".", "!", ",", ";")]
        if not _CUES.intersection(lows) or _ADDING.intersection(lows) or "as well" in " ".join(lows) \
                or words[-1:] == ["too"]:
            continue  # ("We also adopted a kitten", "got a kitten too": one more, not a replacement)
        lows = [_MASKED if k > 0 and lows[k - 1] in _OTHER_KIND and (low in NOUNS or low in TOPIC) else low
                for k, low in enumerate(lows)]
        # ("my work phone", "my business partner": another thing than the slot's, for every reading)
        framed = False
        not_users = statement_gates.user_gate(lows, clause)
        if sentences is None:
            sentences = [(s, [w.lower() for w in _TOKEN.findall(s)]) for s in _CLAUSE.split(text) if s.strip()]
        sentence_words = next((w for s, w in sentences if clause.strip() in s), lows)  # (an ending said in the
        # next clause of the sentence: "started the sign-up for Chase but gave up"; not in another sentence)

        def gated(statement) -> bool:  # (text/statement_gates.py: someone else's words, a try that failed ...)
            subject, slot, value = statement
            return subject == user and (not_users or statement_gates.the_worlds(value, lows)) \
                or statement_gates.ended(value, sentence_words) \
                or statement_gates.reported(value, as_said, subject == user) \
                or slot.split(":")[0] in ("home", "team", "gym", "partner", "pet") and value & SOFTWARE \
                or slot.startswith("pet") and value & _TITLES \
                or slot == "bank" and _after_at(value, lows) \
                or statement_gates.slot_gate(slot, value, lows, clause)
        couple = _COUPLE.search(clause)
        if couple and not _NOT_A_COUPLE.search(clause) and (couple.group(1) or couple.group(2))[:1].isupper() \
                and (couple.group(1) or couple.group(2)).lower() not in RELATIONS | NOT_NAMES | OPENERS:
            statement = (user, "partner", frozenset({(couple.group(1) or couple.group(2)).lower()}))
            if not gated(statement) and _looks_like_value("partner", statement[2], clause):
                found[f"{user}|partner"] = statement
                framed = True
        for at, low in enumerate(lows):
            statement = _noun_statement(tokens, lows, at, user) if _noun_cue(tokens, lows, at) else None
            if statement is None and _noun_cue(tokens, lows, at):
                statement = _apposed(tokens, lows, at, user)
            if statement is None and low in ("have", "has", "own", "owns"):
                statement = _possessed(tokens, lows, at, user)
            if statement is None and low in VERBS:
                statement = _verb_statement(tokens, lows, at, user)
            if statement is None and low in _SWAP_VERBS:
                statement = _swap_statement(tokens, lows, at, user)
            if statement is not None and gated(statement):
                framed = True  # (a frame read it: the looser readings below would only read it again)
                continue
            if statement is not None and _looks_like_value(statement[1], statement[2], clause):
                subject, slot, value = statement
                found[f"{subject}|{slot}"] = statement  # the last one said is the one that holds
                framed = True
        if not framed:  # no frame: the looser reading (topic_statements.py)
            statement = loose_statement(tokens, lows, user, lambda words, at: _subject(tokens, words, at, user),
                                        _SKIP | STOPWORDS, _NOT_NAME, _END, RELATIONS, _noun_topic)
            if statement is None:  # "my new laptop is a ThinkPad": a slot no lexicon names (generic_slots.py)
                statement = generic_slots.statement(tokens, lows, user, lambda words, at: _subject(tokens, words, at, user),
                                                    lambda at: _value(tokens, lows, at), _generic_slot, STOPWORDS)
            if statement is not None and not gated(statement):
                found[f"{statement[0]}|{statement[1]}"] = statement
    for subject, slot, value in list(found.values()):
        if slot == "class" and value & LANGUAGES:  # "learning Japanese": a class, and the language learned
            found.setdefault(f"{subject}|language", (subject, "language", value & LANGUAGES))
        if slot == "class" and value & INSTRUMENTS:  # "guitar lessons": a class, and the instrument played
            found.setdefault(f"{subject}|instrument", (subject, "instrument", value & INSTRUMENTS))
    return [st for st in found.values() if _resolved(st[0]) and _looks_like_value(st[1], st[2], text)]


LANGUAGES = frozenset("""
english spanish french german italian portuguese dutch swedish norwegian danish finnish icelandic polish czech
slovak hungarian romanian bulgarian greek turkish russian ukrainian serbian croatian arabic hebrew persian farsi
hindi urdu bengali punjabi tamil telugu mandarin cantonese chinese japanese korean vietnamese thai indonesian
malay tagalog filipino swahili amharic yoruba zulu latin esperanto welsh irish gaelic catalan basque
""".split())


def _looks_like_value(slot: str, value: frozenset, text: str) -> bool:
    """A value is a name or a number ("Lisbon", "Acme", "a Pixel 8", "Rex"), but
    for the slots of common nouns (a dish, a class): a state ("my phone is broken",
    "my car is in the shop", "I live in hope", "my husband is a chef") is none."""
    if not value or value <= _WHEN_WORDS | STOPWORDS:
        return False  # "Swimming lessons moved to Saturday mornings", "the gym is too crowded on Mondays": a time
    if value & _TO_DO:
        return False  # "phone: update OS tonight": a thing to do, no value
    if slot == "email":  # an address or a provider ("jo@fastmail.com", "moved my email to Proton"), not
        return any("@" in w or "." in w or w in _MAIL_PROVIDERS or w == "dot" for w in value) \
            or _looks_like_value("", value, text)  # "answering emails with the radio on"
    if slot in ("food", "class", "language", "instrument", "phone-number"):
        return True
    digits = slot in ("phone", "car")  # ("Pixel 8"; but "started at level 1 again": no job)
    named = {t.lower().replace("’", "'").removesuffix("'s") for t in _TOKEN.findall(text)
             if any(c.isupper() or digits and c.isdigit() for c in t) and not shouted(t) and t.lower() not in STOPWORDS}
    named -= {w for w in named if w.isdigit() and re.search(rf"\b{w}\s*%", text)}  # "my phone is on 3%": a level
    return any(w.removesuffix("'s") in named and w not in _WHEN_WORDS for w in value)


# a day or a month is no value ("The dentist appointment moved to Thursday")
_WHEN_WORDS = frozenset(f"{day}{plural}" for day in "monday tuesday wednesday thursday friday saturday sunday "
                        "morning afternoon evening night weekend".split() for plural in ("", "s")) \
    | frozenset("january february march april june july august september october november december christmas "
                "easter tonight today tomorrow weekday weekdays".split())
_TO_DO = frozenset("tonight tomorrow tmrw asap later".split())
_MAIL_PROVIDERS = frozenset("gmail outlook hotmail proton protonmail fastmail icloud yahoo tutanota zoho".split())


_NOUN_SLOTS = {"food": "food", "dish": "food", "meal": "food", "team": "team", "club": "team", "class": "class",
               "course": "class", "lesson": "class"}


_NOT_TOPICS = frozenset("place home city town neighborhood neighbourhood address number email e-mail inbox".split())


def _noun_topic(word: str) -> str | None:
    """The slot a lexicon noun gives the looser reading ("flat": home); "!" after a brand ("Nissan": car!).
    Places too vague to be a home ("in the city with Tom") and the contact slots are no topic."""
    if word not in NOUNS or word in _NOT_TOPICS or NOUNS[word] in ("phone-number", "email"):
        return None
    return _slot_of_noun(word, NOUNS[word]) + ("!" if _brand(word) else "")


def shouted(token: str) -> bool:
    """A word in capitals for emphasis ("AGAIN", "AMAZING"), not a name; an acronym is
    short ("BMW", "YMCA", "HSBC")."""
    return len(token) >= 5 and token.isalpha() and token.isupper()


def _label_slot(noun: str) -> str | None:
    """The slot a note's label names ("city": home, "employer": job, "team"), or None for a word
    no lexicon knows as a slot ("Tom", "Update")."""
    if noun in NOUNS and noun not in ("place", "number"):
        return _slot_of_noun(noun, NOUNS[noun])
    if noun in _NOUN_SLOTS:
        return _NOUN_SLOTS[noun]
    return {"food": "food", "dish": "food", "team": "team", "club": "team", "language": "language",
            "instrument": "instrument", "hairdresser": "hairdresser", "barber": "hairdresser",
            "moving": "home", "moved": "home", "relocated": "home", "relocating": "home"}.get(noun)


def _generic_slot(noun: str) -> str:
    """The slot a lexicon gives a noun ("flat": home), else the noun itself ("phone model": the phone's)."""
    head, _, tail = noun.rpartition(" ")
    if tail in ("model", "brand", "make") and (head in NOUNS or head in _NOUN_SLOTS):
        return _generic_slot(head)
    if noun in NOUNS:
        return _slot_of_noun(noun, NOUNS[noun])
    return _NOUN_SLOTS.get(noun, noun)


def _one_of_the_family(tokens: list[str], lows: list[str], at: int) -> bool:
    """A name right after "my"/"our" and before a verb is a person of the user's ("Our Robert relocated to
    Brighton"), not a brand, a value's name or a noun's ("our Tesla is in the garage", "My Arsenal season
    ticket"), nor a pet among the words of one ("Our Biscuit has fleas, off to the vet"; but "Our Beth got a
    puppy called Maple": Beth, the other name the dog's)."""
    if not (at > 0 and lows[at - 1] in ("my", "our") and at + 1 < len(lows) and tokens[at + 1][:1].islower()):
        return False
    low, after = lows[at], lows[at + 1]
    if _brand(low) or low in NOUNS or low in TEAM_WORDS or low.endswith(("'s", "’s")) or after in TOPIC \
            or after in NOUNS and lows[at + 2:at + 3] not in (["with"], ["at"]):  # ("banks with")
        return False
    pet_words = any(TOPIC.get(w, "").startswith("pet") or NOUNS.get(w, "").startswith("pet") for w in lows)
    return not pet_words or any(token[:1].isupper() for token in tokens[at + 2:])


def _a_thing(tokens: list[str], lows: list[str], at: int) -> bool:
    """A capitalised word after an article or a possessive names a thing, not a
    person: "The Kia Niro is parked", "my Galaxy S24 died" (but "my sister Anna":
    the relation before it is read first)."""
    start = at
    while start > 0 and tokens[start - 1][:1].isupper() and lows[start - 1] not in _ARTICLES:
        start -= 1
    if start == at and _one_of_the_family(tokens, lows, at):
        return False  # "Our Robert relocated to Brighton", "my Anna is learning Greek"
    for _ in range(2):  # "our new Oslo flat", "the lovely Riverside gym"
        if start > 1 and lows[start - 1] in _ADJECTIVES:
            start -= 1
    return start > 0 and (lows[start - 1] in _ARTICLES or lows[start - 1] in _PREPOSITIONS)


_PLACES_OF_PEOPLE = frozenset("work school uni college accounting the class church yoga football".split())  # "Sarah from work"
_ADJECTIVES = frozenset("new old current latest first little big lovely favourite favorite local nearby huge massive "
                        "lifelong die-hard diehard loyal proud true total".split())


_MASKED = "\x00"
_OTHER_KIND = frozenset("work business side spare backup tennis dance training study lab writing sparring "
                        "squash gaming burner company".split())
_FUTURE = frozenset("next tomorrow soon later once when after june july august september october november "
                    "december january february march april".split())
_REPLACING = frozenset("sold sell selling crashed totalled totaled scrapped returned lost broke smashed replaced "
                        "swapped traded switched from ditched dropped cancelled canceled closed".split())
_ADDING = frozenset("also another second both additionally extra".split())
_GONE = frozenset("sold sell selling crashed totalled totaled scrapped returned lost broke smashed".split())
_PREPOSITIONS = frozenset("of at for with from to in on by into onto about".split())  # "a scarf of Hibernian"


_ARTICLES = frozenset("the a an my our this that your their".split())


def _noun_cue(tokens, lows, at) -> bool:
    """A slot noun, but not a word of a name ("City College", "Iron Temple Gym" ... "Gym" counts)."""
    low = lows[at]
    if low not in NOUNS:
        return False
    if low in _GENERIC and at > 0 and tokens[at][:1].isupper() and at + 1 < len(lows) and tokens[at + 1][:1].isupper():
        return False
    return True


def _noun_statement(tokens, lows, at, user):
    """'my new apartment is in Lyon', 'our puppy is named Biscuit', 'new phone: Pixel 9'."""
    word = lows[at]
    slot = _slot_of_noun(word, NOUNS[word])
    if at > 0 and lows[at - 1] in _OTHER_KIND:
        return None  # "my work phone", "my business partner": another thing than the slot's
    named = _named_before(tokens, lows, at, user)
    if named is not None:
        return (named[0], slot, named[1]) if named[0] else None
    before = lows[max(0, at - 3):at]
    if not _FORMER.isdisjoint(before) or lows[at + 1:at + 2] and lows[at + 1] in _COMPOUND_AFTER:
        return None  # "our old apartment in Leeds", "my previous phone"; "the car wash", "my phone bill"
    marked = any(b in ("new", "current", "latest", "now") for b in before)
    owned = any(b in FIRST_PERSON or b in OTHER_PRONOUNS or b.endswith(("'s", "’s")) for b in before)
    if not (marked or owned or (at == 0 and lows[1:2] == ["is"] and not (_brand(word) and lows[2:3] not in (["my"], ["our"])))):
        return None  # ("Home is Melbourne now"; not "Santander is closing its branch")
    if word in _AMBIGUOUS and not marked and lows[at + 1:at + 2] != ["is"]:
        return None
    if word in _AMBIGUOUS and at > 0 and lows[at - 1] not in _HOME_BEFORE and not tokens[at - 1][:1].isupper():
        return None  # "a new coffee place", "a care home": another kind of place
    after = lows[at + 1:at + 4]
    if (not after or after[0] in (",", ".", "!", ";")) and marked and at >= 3 and lows[at - 3] == "is" \
            and lows[at - 2] in FIRST_PERSON:  # "Initech is my new employer"
        names = frozenset(lows[k] for k in range(max(0, at - 6), at - 3) if tokens[k][:1].isupper())
        return (user, slot, names) if names else None
    if _brand(word) and not marked and at > 0 and lows[at - 1] in ("my", "our") \
            and any(ch.isupper() for ch in tokens[at]) and not (after and after[0] in ("was", "were", "used")) \
            and not _REPLACING.intersection(lows[max(0, at - 3):at]):  # "My Subaru Outback got its first service"
        # (not "sold my Subaru", "replaced my Fairphone with ...": the old one)
        subject = _subject(tokens, lows, at, user)
        model = [lows[k] for k in range(at + 1, min(len(lows), at + 3))
                 if tokens[k][:1].isupper() or any(ch.isdigit() for ch in tokens[k])]
        return (subject, slot, frozenset({word, *model})) if subject else None
    if _brand(word) and marked and owned and not (after and after[0] in ("was", "were")):  # "drove home my new Subaru"
        # ("the new iPhone looks nice": a product, no one's)
        subject = _subject(tokens, lows, at, user)
        return (subject, slot, frozenset({word, *(a for a in after[:1] if a not in _END)})) if subject else None
    if (not after or after[0] in (",", ".", "!", ";")) and marked:  # "Meet Rex, our new dog"
        start = at - 1
        while start >= 0 and lows[start] not in (",", "-", "—", ":"):
            start -= 1
        names = [lows[k] for k in range(max(0, start - 3), max(0, start)) if tokens[k][:1].isupper()
                 and lows[k] not in NOT_NAMES]
        names = names[1:] if len(names) > 1 and tokens[0][:1].isupper() and lows[0] == names[0] else names  # "Meet"
        if start > 0 and names:
            return user, slot, frozenset(names)
        return None
    if not after:
        return None
    if slot in ("partner",) or slot.startswith("pet"):  # "my girlfriend Sam", "our dog Rex"
        if tokens[at + 1][:1].isupper() and after[0] not in ("i",):
            subject = _subject(tokens, lows, at, user)
            return (subject, slot, frozenset({after[0]})) if subject else None
    if after[0] in ("was", "were", "used") or (after[0] == "is" and len(after) > 1 and after[1] in ("not", "no")):
        return None
    if slot == "phone-number" and not (at > 0 and lows[at - 1] in ("phone", "mobile", "cell", "new")):
        return None
    if slot == "class" and (after[0] not in _FRAME or (at > 0 and lows[at - 1] not in FIRST_PERSON
                                                        and lows[at - 1] not in ("new", "current", "latest"))):
        return None  # "my first class at FitHub": where; "my guitar lessons are fun": named before (the looser reading)
    if after[0] in _FRAME or after[0] in ("at", "in", "from", "with", "on") or (slot.startswith("pet") and after[0] in ("named", "called")):
        value = _value(tokens, lows, at + 1)
    elif marked and after[0] in ("-", "—", "–", ":"):
        value = _value(tokens, lows, at + 1)
    else:
        return None
    if _brand(word):
        value = value | {word}
    if not value:
        return None
    # whose: the possessor right before the noun ("my sister's dog", "our puppy")
    subject = _subject(tokens, lows, at, user)
    if subject is None:
        return None
    return subject, slot, value


_PRESENT_AFTER_I = frozenset("go am take attend use drive support love see train work live call have own "
                             "follow belong".split())
# the last words of a name that say what it names ("Anytime Fitness", "Vandelay Industries")
_NAME_TYPES = {**{w: "gym" for w in "fitness gym crossfit climb climbing bouldering boulder boxing pilates "
                                    "athletic athletics leisure spa".split()},
               **{w: "job" for w in "inc ltd llc corp corporation industries systems labs technologies "
                                    "solutions consulting consultancy enterprises holdings plc gmbh".split()},
               **{w: "school" for w in "university college academy institute".split()}}


def _typed_name(tokens, lows, start) -> tuple[str, frozenset] | None:
    """(slot, name) of a capitalised name after a verb ("signed up at Anytime Fitness",
    "goes to Planet Fitness now") whose own words say what it is; else None."""
    k = start
    while k < len(lows) and lows[k] in ("up", "at", "to", "with", "for", "the", "a", "an", "over", "in"):
        k += 1
    words = []
    while k < len(lows) and (tokens[k][:1].isupper() or (words and lows[k] in ("of", "&"))) and len(words) < 5:
        words.append(lows[k].removesuffix("'s"))
        k += 1
    kinds = {_NAME_TYPES[w] for w in words if w in _NAME_TYPES}
    return (kinds.pop(), frozenset(words) - {"of", "&"}) if len(kinds) == 1 else None


_FORMER = frozenset("old previous former ex last".split())
_COMPOUND_AFTER = frozenset("wash park parking seat seats insurance keys key charger case cover screen battery bill "
                            "bills plan contract call calls number repair repairs service dealer loan payment".split())
_NAMED_DETERMINERS = frozenset("my our the their his her".split())
_NAMED_MODIFIERS = _ADJECTIVES | frozenset("family regular usual main go-to evening weekly own".split())


def _named_before(tokens, lows, at, user) -> tuple[str | None, frozenset] | None:
    """'Initech is my new employer', 'Dr. Tanaka is my family doctor', 'Financial
    Accounting is the course I'm taking now': (subject, the name before "is"), or
    None where the noun is not so framed ((None, ...): framed, but not current)."""
    k = at - 1
    while k >= 0 and lows[k] in _NAMED_MODIFIERS and at - k <= 3:
        k -= 1
    modifiers = set(lows[k + 1:at])
    owner = None
    if k >= 3 and lows[k].endswith("'s") and lows[k][:-2] in RELATIONS and lows[k - 1] in ("my", "our"):
        owner, k = f"{user}/{relation_name(lows[k][:-2])}", k - 1  # "Dr. Chen is my coworker's new GP"
    if k < 2 or lows[k] not in _NAMED_DETERMINERS or lows[k - 1] not in ("is", "'s", "are"):
        return None
    end = k - 1  # the name ends before "is"
    start = end
    while start > 0 and (tokens[start - 1][:1].isupper() or any(ch.isdigit() for ch in tokens[start - 1])) \
            and lows[start - 1] not in NOT_NAMES:
        start -= 1
    name = frozenset(lows[j].removesuffix("'s") for j in range(start, end) if lows[j] not in _TITLES)
    if not name or start == end:
        return None
    determiner = lows[k]
    after = lows[at + 1:at + 4]
    if modifiers & _FORMER:
        return None, name  # "Porto is my old home", "Dr. Chen is my old GP": not now
    if modifiers & {"favourite", "favorite"} and NOUNS.get(lows[at]) not in (None, "class"):
        return None, name  # "Lisbon is my favourite city to visit": liked, not lived in
    if determiner == "the" and not (after and after[0] in FIRST_PERSON and (
            after[0].endswith(("'m", "'re")) or len(after) > 1 and after[1] in _PRESENT_AFTER_I)):
        return None  # "the course I'm taking", "the gym I go to"; not "the city where I grew up", "the one I had"
    subject = _subject(tokens, lows, start, user) if start > 0 else user
    if subject is None:
        return None, name
    if owner is not None:
        return owner, name
    if determiner in ("their", "his", "her") and subject == user:
        return None, name  # whose? ("Dr. Chen is their new GP": said of someone named before, or no one)
    return subject, name


def _apposed(tokens, lows, at, user):
    """A name with "my <noun>" beside it: "Biscuit (my cat) knocked ...", "Dr. Nguyen, my GP, wants ...",
    "my GP, Dr. Osei,", "the new gym, Fitness First,": the user's pet, partner, doctor, dentist or gym."""
    word = lows[at]
    slot = _slot_of_noun(word, NOUNS[word])
    if not (slot in ("partner", "doctor", "dentist", "therapist", "gym") or slot.startswith("pet")):
        return None
    k = at - 1
    while k >= 0 and lows[k] in _ADJECTIVES and lows[k] not in _FORMER and lows[k] != "first":
        k -= 1
    after = _name_after(tokens, lows, at)
    if after and k >= 0 and (lows[k] in ("my", "our") or lows[k] == "the" and "new" in lows[k + 1:at]) \
            and not any(w in _NEGATION or w in _NOT_CURRENT or w.endswith("n't") for w in lows[:k]):
        return user, slot, after  # ("my GP, Dr. Osei, is great", "the new gym, Fitness First, is close")
    if k < 2 or lows[k] not in ("my", "our") or lows[k - 1] not in ("(", ",") \
            or lows[at + 1:at + 2] not in ([")"], [","], ["."], ["?"], ["!"]) and at + 1 < len(lows):
        return None
    end = k - 1  # the name ends before the bracket or comma
    start = end
    while start > 0 and (tokens[start - 1][:1].isupper() or lows[start - 1] in _TITLES
                         or lows[start - 1] == "." and start > 1 and lows[start - 2] in _TITLES) \
            and end - start < 4:
        start -= 1
    name = [lows[j] for j in range(start, end) if lows[j] not in _TITLES and lows[j] != "."]
    if not name and lows[end] == "(" and end == 1 and lows[0].isalpha() and lows[0] not in STOPWORDS \
            and lows[0] not in NOUNS and len(lows[0]) > 2:
        name = [lows[0]]  # ("mochi (my dog) ate a whole sock": lower case, but the bracket says it)
    if not name or any(w in NOT_NAMES or w in RELATIONS or w in NOUNS for w in name):
        return None
    if any(w in _NEGATION or w in _NOT_CURRENT or w.endswith("n't") for w in lows[:start]):
        return None  # ("if Rex, my dog, ...", "never liked Dr. Hale, my old GP")
    return user, slot, frozenset(name)  # ("my GP": the user's, whoever the clause's subject is)


def _possessed(tokens, lows, at, user):
    """"I have an iPhone 15 Pro", "she owns a Tesla Model 3": a brand had now (not "had": then)."""
    k = at + 1
    while k < len(lows) and lows[k] in ("a", "an", "the", "my", "our", "her", "his", "their", "new", "got", "brand-new"):
        k += 1
    if k >= len(lows) or not _noun_cue(tokens, lows, k) or not _brand(lows[k]) \
            or not any(ch.isupper() for ch in tokens[k]):
        return None
    model = list(itertools.takewhile(lambda j: any(ch.isupper() or ch.isdigit() for ch in tokens[j]),
                                     range(k + 1, min(len(lows), k + 3))))
    after = lows[k + 1 + len(model):k + 2 + len(model)]
    if after and after[0].isalpha() and after[0] not in STOPWORDS:
        return None  # (not "I have a Tesla appointment", "I have my Barclays card")
    model = [lows[j] for j in model]
    if _NOT_HAD_YET.search(" ".join(lows)) or statement_gates.rented(" ".join(lows)):
        return None  # ("I have a Kia EV6 on order", "a Tesla Model 3 for the weekend from Turo")
    subject = _subject(tokens, lows, at, user)
    return (subject, _slot_of_noun(lows[k], NOUNS[lows[k]]), frozenset({lows[k], *model})) if subject else None


def _name_after(tokens, lows, at) -> frozenset:
    """The name set off by commas right after the noun at `at` ("my GP, Dr. Osei, ..."), or nothing."""
    if lows[at + 1:at + 2] != [","]:
        return frozenset()
    k, name = at + 2, []
    while k < len(lows) and (tokens[k][:1].isupper() or lows[k] in ("of", "&")) and len(name) < 4:
        if lows[k] not in _TITLES:
            name.append(lows[k].removesuffix("'s"))
        k += 1
    if not name or k < len(lows) and lows[k] not in (",", ".", "!", "?", ")", "is", "has", "was") \
            or any(w in NOT_NAMES or w in RELATIONS for w in name):
        return frozenset()
    return frozenset(name) - {"of", "&"}


def _after_at(value: frozenset, lows: list[str]) -> bool:
    """A bank "at" which one is is an employer ("I'm at Monzo now, how do I get a reference from HR?")."""
    where = [k for k, low in enumerate(lows) if low in value]
    return bool(where) and where[0] > 1 and lows[where[0] - 1] == "at" and lows[where[0] - 2] in _BE_AT
    # (not "opened a new current account at Deutsche Bank")


_BE_AT = frozenset("i'm im am is are was were be been work works working worked".split())


_NOT_HAD_YET = re.compile(r"\b(?:on order|on the way|pre-?order(?:ed)?|reserved|being delivered|arriving|coming"
                          r"|for the (?:weekend|week|day|trip)|on loan|on trial|test drive)\b")


def _owned(tokens, lows, at, user):
    """What a question takes as the user's: "my Pixel 7a", "our dog Rex", "my GP Dr. Moreau" (a brand
    or a name right after "my"/"our" and the noun), never what it asks about ("should I get a Pixel?")."""
    if not _noun_cue(tokens, lows, at):
        return None
    k = at - 1
    while k >= 0 and lows[k] in _ADJECTIVES and lows[k] not in _FORMER and lows[k] != "first":
        k -= 1
    if k < 0 or lows[k] not in ("my", "our") or any(w in _NOT_CURRENT or w in _NEGATION or w in ("call", "name")
                                                    for w in lows[:k]):
        return None  # ("should I call my puppy Biscuit?", "could my new phone be a Pixel?")
    word = lows[at]
    slot = _slot_of_noun(word, NOUNS[word])
    following = [lows[j] for j in range(at + 1, min(len(lows), at + 4))
                 if tokens[j][:1].isupper() or any(ch.isdigit() for ch in tokens[j])]
    following = following[:len(list(itertools.takewhile(
        lambda j: tokens[j][:1].isupper() or any(ch.isdigit() for ch in tokens[j]), range(at + 1, min(len(lows), at + 4)))))]
    if _brand(word) and any(ch.isupper() for ch in tokens[at]):
        return user, slot, frozenset({word, *following})
    if slot in ("partner", "doctor", "dentist") or slot.startswith("pet"):
        names = [w for w in following if w not in _TITLES]
        return (user, slot, frozenset(following)) if names else None
    return None


_THING_OWNERS = frozenset("my our their his her the its your".split())
# what a move of home carries along ("moved my whole family to Leeds", "moved all our stuff into the new flat")
_MOVED_HOME = frozenset("family kids children stuff things boxes furniture belongings everything life whole lot "
                        "all".split())
_BANKING = frozenset("account accounts salary savings money banking pension mortgage isa current".split())
_THING_SLOTS = frozenset("gym bank phone phone-number email doctor dentist therapist class".split())


def _moved_thing(lows: list[str], at: int) -> tuple[str | None, int] | None:
    """Is the move at `at` a thing's rather than a home's ("moved my membership to Orangetheory", "has moved
    their main account to Barclays", "main account moved to Nationwide", "moved my salary to N26")? Then
    (the slot the thing names, or None where it names none, and the place of the "to" before its new
    value); None for a move of home ("moved my family to Leeds", "moved all our stuff into the new flat")."""
    before = at - 1
    while before >= 0 and lows[before] in ("has", "have", "had", "was", "were", "got", "just", "finally", "been",
                                           "now", "officially", "is"):
        before -= 1
    span: list[str] = []
    if before >= 0 and (lows[before] in _BANKING or NOUNS.get(lows[before]) in _THING_SLOTS):
        span = [lows[before]]  # "main account moved to Nationwide"
        start = at + 1
    elif at + 2 < len(lows) and lows[at + 1] in _THING_OWNERS:
        start = at + 2
        while start < min(len(lows), at + 6) and lows[start] not in ("to", "from", "over", "across", "into"):
            span.append(lows[start])
            start += 1
    if not span:
        return None
    if any(w in _MOVED_HOME or w in RELATIONS or NOUNS.get(w) == "home" or w in FIRST_PERSON
           or w in OTHER_PRONOUNS for w in span):
        return None
    while start < len(lows) and lows[start] in ("over", "across", "back", "finally", "just", "all"):
        start += 1
    if start < len(lows) and lows[start] == "from":  # "from Blok to Orangetheory": the new one follows "to"
        later = [k for k in range(start + 1, min(len(lows), start + 8)) if lows[k] == "to"]
        start = later[0] if later else len(lows)
    if start >= len(lows) or lows[start] not in ("to", "into"):
        return None if lows[at + 1:at + 2] == ["to"] else (None, len(lows))  # (a thing moved, no new value)
    slots = [NOUNS[w] for w in span if NOUNS.get(w) in _THING_SLOTS]
    slot = slots[0] if slots else "bank" if _BANKING.intersection(span) else None
    return slot, start


_SWAP_VERBS = frozenset("ditched ditch ditching dropped drop dropping left leave leaving quit quitting swapped swap "
                        "swapping traded trade trading".split())
_SWAP_SLOTS = frozenset("phone car bank gym".split())  # (a brand or a name's own word says what was left)


def _swap_statement(tokens, lows, at, user):
    """'Finally ditched HSBC for Revolut', 'left Monzo for Starling', 'swapped my Galaxy for an iPhone 15',
    'quit Snap Fitness for PureGym': the thing left names the slot (a brand, or a name whose own word says
    what it is), and what it was left for is the slot's new value. Only a slot whose brands or names say so
    ("left Lisbon for Porto" names no slot here: the verb and preposition readings have it)."""
    k = at + 1
    while k < len(lows) and lows[k] in ("my", "our", "the", "old", "finally", "officially"):
        k += 1
    left = []
    while k < len(lows) and lows[k] != "for" and len(left) < 4 and (tokens[k][:1].isupper() or lows[k] in NOUNS
                                                                    or lows[k][:1].isdigit()):
        left.append(lows[k].removesuffix("'s"))
        k += 1
    if not left or k >= len(lows) or lows[k] != "for":
        return None
    kinds = {NOUNS[w] for w in left if NOUNS.get(w) in _SWAP_SLOTS} | \
        {_NAME_TYPES[w] for w in left if _NAME_TYPES.get(w) in _SWAP_SLOTS}
    if len(kinds) != 1:
        return None
    k += 1
    while k < len(lows) and lows[k] in ("a", "an", "the", "new", "shiny", "brand-new"):
        k += 1
    value = []
    while k < len(lows) and len(value) < 4 and (tokens[k][:1].isupper() or lows[k][:1].isdigit()
                                                 or (value and lows[k] in ("pro", "max", "plus", "mini"))):
        value.append(lows[k].removesuffix("'s"))
        k += 1
    if not value or not (tokens[k - len(value)][:1].isupper() or NOUNS.get(value[0]) in _SWAP_SLOTS):
        return None  # ("dropped the Golf for a week": no value)
    subject = _subject(tokens, lows, at, user)
    return (subject, kinds.pop(), frozenset(value)) if subject else None


# what else a sentence says decides what "joined X" joined, a gym or an employer, where X's name does not
_GYM_TOPIC = frozenset("gym gyms membership fitness workout workouts sauna weights lifting spin "
                       "squat reformer treadmill".split())
_JOB_TOPIC = frozenset("job role position team colleagues colleague manager boss office salary offer hired engineer "
                       "developer designer analyst as work working contract onboarding company employer".split())


def _verb_statement(tokens, lows, at, user):
    """'moved to Porto', 'now living in Lisbon', 'started at Acme as a designer',
    'switched my phone to a Pixel', 'joined a climbing gym'."""
    verb, slot, kind, preps = VERBS[lows[at]]
    word = lows[at]
    if verb == "work" and lows[at + 1:at + 2] == ["out"]:  # "working out at Boulder Hub": a gym
        slot, preps = "gym", frozenset({"at"})
    if at > 0 and lows[at - 1] == "to":
        return None  # "to move", "decided to live": not (yet) so
    if verb == "bank" and at > 0 and lows[at - 1] in ("the", "a", "an", "my", "our", "your", "their", "his", "her",
                                                      "this", "that", "new", "old", "local"):
        return None  # "went to the bank with Tom": the noun
    if word.endswith("ing") and _FUTURE.intersection(lows[at + 1:]):
        return None  # "moving to Paris next month": a plan
    if kind == "state" and word in _STATE_PAST and not (at > 0 and lows[at - 1] in _PAST_OF_STATE_OK):
        return None  # "lived in Paris": a past state
    if word == "used" or (verb == "see" and not (
            word == "seeing" and at > 0 and lows[at - 1] in ("been", "i'm", "im", "we're", "now", "is", "are")
            and not set(lows[at + 2:at + 5]) & {"tomorrow", "tonight", "later", "today", "on", "at", "for"})):
        return None  # "used a Pixel": past; "seeing" a partner as "I'm / been seeing Sam", not "seeing Tom tomorrow"
    typed = _typed_name(tokens, lows, at + 1) if verb in ("go", "sign", "join", "start", "get") else None
    if typed is not None and (slot is None or verb in ("go", "join", "start")):
        subject = _subject(tokens, lows, at, user)
        return (subject, typed[0], typed[1]) if subject else None
    if verb == "move" and lows[at + 1:at + 3] == ["in", "with"]:  # "Chloe moved in with me", "moved in with Sam"
        names = [lows[k] for k in range(at + 3, min(len(lows), at + 5)) if tokens[k][:1].isupper()
                 and not lows[k].endswith("'s")]  # (not "with Kate's boyfriend": hers)
        mover = _subject(tokens, lows, at, user)
        if names and mover:
            return mover, "partner", frozenset(names[:2])  # ("My friend Priya moved in with Ines": Priya's)
        if lows[at + 3:at + 4] in (["me"], ["us"]) and mover and mover != user and "/" not in mover \
                and _STAYING.isdisjoint(lows[at + 4:]):  # (not "for the summer", "while her flat is fixed")
            return user, "partner", frozenset({mover})
        return None
    if verb in ("move", "relocate"):
        moved = _moved_thing(lows, at)
        if moved is not None:  # "moved my membership to Orangetheory", "main account moved to BBVA": a thing's move
            slot, to = moved
            value = _value(tokens, lows, to + 1) if slot and to + 1 < len(lows) else frozenset()
            subject = _subject(tokens, lows, at, user) if value else None
            return (subject, slot, value) if subject else None
    if verb == "go" and lows[at + 1:at + 3] != ["out", "with"]:
        return None  # only "going out with Sam"
    # the slot of a noun among the next words overrides the verb's ("joined a climbing gym")
    noun_slot, noun_at = None, None
    for ahead in range(at + 1, min(len(lows), at + 9)):
        if lows[ahead] in _END and lows[ahead] not in ("for",):
            break
        if _noun_cue(tokens, lows, ahead):
            noun_slot, noun_at = _slot_of_noun(lows[ahead], NOUNS[lows[ahead]]), ahead
            break
    if noun_slot is None and slot is None and verb in ("replace", "swap", "trade", "switch") \
            and lows[at + 1:at + 2] in (["it"], ["them"], ["that"]):
        for back in range(at - 1, -1, -1):  # "Dropped my old phone in the lake, replaced it with a ...": the phone's
            if _noun_cue(tokens, lows, back):
                slot = _slot_of_noun(lows[back], NOUNS[lows[back]])
                later = [i for i in range(at + 1, len(lows)) if lows[i] in ("with", "for", "to")]
                value = _value(tokens, lows, later[0] + 1) if later else frozenset()
                subject = _subject(tokens, lows, back, user)
                return (subject, slot, value) if value and subject else None
    if noun_slot is not None and (slot is None or verb in ("join", "start", "enroll", "enrol", "attend",
                                                           "transfer", "adopt", "rescue")):
        slot = noun_slot  # "joined a climbing gym"; but "work at the school" is a job, "moved my car" a home
    elif noun_slot is not None and noun_slot != slot and verb in ("move", "relocate") and noun_at is not None \
            and noun_at <= at + 3 and lows[at + 1] in FIRST_PERSON and lows[noun_at + 1:noun_at + 2] != ["to"]:
        return None  # "moved my membership there": not a move of home
    if verb == "join" and slot == "job" and noun_slot is None and _GYM_TOPIC.intersection(lows) \
            and not _JOB_TOPIC.intersection(lows):
        slot = "gym"  # "cancelled the Crunch Fitness membership and joined Virgin Active", "joined Equinox so I can train"
    if slot is None:
        return None
    # the frame: a preposition of the slot, or an object for the verbs that take one
    at_value = at + 1
    while at_value < len(lows) and lows[at_value] in ("back", "over", "out", "recently", "finally", "just",
                                                      "officially", "here", "now", "up"):
        at_value += 1
    if at_value >= len(lows):
        return None
    nxt = lows[at_value]
    left = frozenset()  # the old value, in "from X to Y"
    if nxt == "from" and (kind == "change" or verb in _SWITCH):  # "relocated from Nantes to Bilbao": what follows "to"
        later = [i for i in range(at_value + 1, len(lows)) if lows[i] in ("to", "for") and i + 1 < len(lows)]
        if not later:
            return None
        left = frozenset(lows[at_value + 1:later[0]]) - frozenset(lows[later[0]:])
        at_value, nxt = later[0], lows[later[0]]
    if verb in ("work", "train") and nxt not in preps:
        return None
    if nxt not in preps and verb not in _OBJECT_VERBS and noun_at is None:
        return None
    if VERBS[word][1] is None:  # a change of what? the noun says ("got a haircut": nothing)
        if noun_at is None:
            return None
        after_noun = lows[noun_at + 1] if noun_at + 1 < len(lows) else ""
        if NOUNS.get(lows[noun_at]) == "home" and after_noun not in ("in", "at", "on", "near"):
            return None  # "took a trip to a new place"
        named = any(tokens[k][:1].isupper() for k in range(at + 1, noun_at))  # "accepted to Leeds University"
        if not (_brand(lows[noun_at]) or named or nxt in ("at", "with") or "new" in lows[max(at, noun_at - 2):noun_at]
                or after_noun in ("at", "in", "as", "named", "called", ":", "-", "—", "is", "from", "with", ",")
                or (verb in _SWITCH and (after_noun in ("to", "for") or nxt in ("to", "for")))):
            return None  # "took the dog to the vet"
    if verb == "start" and nxt not in preps and noun_at is None:
        return None  # "started running"
    if verb == "date" and not tokens[at_value][:1].isupper():
        return None
    if verb in ("join", "date") and noun_at is None and not tokens[at_value][:1].isupper():
        return None  # "joined a church", "joined a forum": a job only by its name ("joined Stripe")
    if verb == "drive" and noun_at is None:
        return None  # "your drive to make a difference"
    value = _value(tokens, lows, at_value) if nxt in preps or (verb in _OBJECT_VERBS and noun_at is None) \
        else frozenset()
    if verb in ("trade", "swap", "replace"):  # "traded the Civic for a Rav4": the old one goes, the value follows
        later = [i for i in range(at + 1, len(lows)) if lows[i] in ("for", "with")] \
            or [i for i in range(at + 1, len(lows)) if lows[i] == "to"]  # ("traded up to a Fiat 500")
        value = _value(tokens, lows, later[0] + 1) if later else frozenset()
    elif noun_at is not None:
        named = {lows[k] for k in range(at + 1, noun_at) if tokens[k][:1].isupper()}  # "to Leeds University"
        value = value | named | _value(tokens, lows, noun_at + 1) | ({lows[noun_at]} if _brand(lows[noun_at]) else set())
        if slot == "class":  # "started guitar lessons at the community centre": the class is named before its noun
            before = []
            for k in range(noun_at - 1, at, -1):  # the words right before it ("supplies for Japanese class": Japanese)
                if len(before) == 2 or not lows[k].isalpha() or lows[k] in _SKIP or lows[k] in _VALUELESS \
                        or lows[k] in STOPWORDS:
                    break
                before.append(lows[k])
            value = frozenset(before) or value
    value -= left
    if value <= {"someone", "somebody", "someone's"} and "," in lows[at:]:  # "seeing someone new, Sofia"
        comma = lows.index(",", at)
        value = frozenset(lows[k] for k in range(comma + 1, min(len(lows), comma + 3)) if tokens[k][:1].isupper())
    if not value and noun_at is None:
        return None
    if slot == "school" and verb in ("enroll", "enrol", "study") and noun_at is None \
            and not value & _INSTITUTIONS:
        slot = "class"  # "enrolled in Watercolour Painting", "studying Japanese": a course ("... at Leeds University": a school)
    if slot == "home" and value & SOFTWARE:
        return None  # "moved to Notion for my notes", "the config format is moving to TOML": a tool, no home
    subject = _subject(tokens, lows, at, user)
    if subject is None or subject == user and _a_thing_does(tokens, lows, at):
        return None
    return subject, slot, value


# the words between a subject and its verb ("The team has finally moved to Slack")
_BETWEEN = frozenset("is are was were has have had just recently finally also all now officially already "
                     "been being".split())
_DETERMINERS = frozenset("the this that these those its whole entire".split())
_PEOPLE = frozenset("family household kids children parents couple lot gang crew folks clan twins".split())


def _a_thing_does(tokens: list[str], lows: list[str], at: int) -> bool:
    """Is the subject of the verb at `at` a thing, not the user ("The team moved to Slack", "the config
    format is moving to TOML", "Our whole office moved to Teams")? A lower-case noun after a determiner,
    right before the verb."""
    k = at - 1
    while k >= 0 and lows[k] in _BETWEEN:
        k -= 1
    if k < 1 or not lows[k].isalpha() or lows[k] in FIRST_PERSON or lows[k] in OTHER_PRONOUNS \
            or lows[k] in RELATIONS or lows[k] in STOPWORDS or tokens[k][:1].isupper() or lows[k] in _PEOPLE:
        return False
    return any(lows[j] in _DETERMINERS for j in range(max(0, k - 3), k))


# tools an agent's user moves to, which are no home, team or gym ("moved to Notion", "the team moved to
# Slack"); a job ("joined Notion"), a class ("Python for Beginners") or a phone ("switched to Android") may be one
SOFTWARE = frozenset("""
slack teams discord signal whatsapp telegram notion obsidian evernote onenote trello jira asana linear clickup
confluence figma miro zoom skype webex github gitlab bitbucket linux ubuntu debian fedora arch windows macos
ios android python rust golang typescript javascript kotlin swift java ruby elixir haskell scala toml yaml json
postgres postgresql mysql sqlite mongodb redis kafka kubernetes docker terraform aws azure gcp heroku vercel
netlify cloudflare vim neovim emacs vscode intellij pycharm xcode chrome firefox safari brave arc duckduckgo
bing gmail outlook protonmail fastmail dropbox onedrive icloud gdrive airtable excel sheets substack medium
wordpress ghost hugo jekyll mastodon bluesky threads
""".split())


_INSTITUTIONS = frozenset("university uni college school academy institute polytechnic conservatory "
                          "seminary bootcamp".split())


def keys(content: str) -> list[str]:
    """The subject|slot keys of the current values a memory states (read once per process, as
    statements() is: a bulk import asks again for every earlier holder of a slot)."""
    if not content:
        return []
    head = content[:2000]
    found = _KEYS.get(head)
    if found is None:
        if len(_KEYS) >= _READ_MAX:
            _KEYS.clear()
        found = _KEYS[head] = () if not _CUES.intersection(w.lower() for w in _TOKEN.findall(head)) else \
            tuple(f"{subject}|{slot}" for subject, slot, _value in statements(head))
    return list(found)


def _resolved(subject: str) -> bool:
    """A pronoun ("he", "they": user/other) names no one we can tell apart: it keys nothing."""
    return not subject.endswith("/other")


def values(content: str) -> dict[str, frozenset]:
    """key -> value words."""
    return {f"{s}|{slot}": v for s, slot, v in statements(content[:2000])}


def same_value(a: frozenset | None, b: frozenset | None) -> bool:
    """Two statements of one slot saying the same ("Lisbon" / "Lisbon, Portugal")."""
    return bool(a) and bool(b) and bool((a & b) - _GENERIC)  # (two colleges are not one)


def successors(holders: list[tuple[str, str, frozenset]]) -> dict[str, str]:
    """holders: (id, created, value) of one key. Each memory is superseded by the
    first later one with another value: {old id: newer id}."""
    ordered = sorted((h for h in holders if h[2]), key=lambda h: (h[1], h[0]))  # (no value: nothing to replace)
    links = {}
    for position, (memory_id, _created, value) in enumerate(ordered):
        for later_id, _later, later_value in ordered[position + 1:]:
            if not same_value(value, later_value):
                links[memory_id] = later_id
                break
    return links

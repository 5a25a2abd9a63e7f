"""Mentions: a value named in passing, by what the name itself is.

The statement parser (supersession.py) reads how a value is said ("we moved to
Lisbon", "switched my phone to a Pixel 8"); people more often name it in
passing ("Cycling home along the river in Bergen tonight", "Leg day at
Basic-Fit", "the Tesla's charging port is playing up"), and no phrasing list
keeps up with that. For a few slots the name alone says which slot it fills:
a city, a phone, a make of car, a bank, a gym chain, a streaming service, a
club, an employer (text/mention_names.py).
`mention_keys(content)` gives the user's keys such names fill ("user|home"),
weaker than a statement: they are kept apart in the search cache ("~user|home"),
never make or break a supersession link (lifecycle/supersede.py reads
statements only), and serve recall's question about now (recall/supersede_rank.py):
the newest memory naming the slot's value, said or mentioned, is the current one.

A name is the user's present value only when its sentence says so: not someone
else's, not a wish or a plan, not over, not the world's (news, films); the words
just before it do not end it ("sold the", "from", "my old"); and a word of the
slot ties it ("flat", "membership", "the X office"). references/scoring.md,
"Named in passing", lists each gate with its reason.
"""

from __future__ import annotations

import re

from . import statement_gates
from .supersession import statements
from .mention_names import _COMMON, _LISTS, _PHONE_FIRST, _PHONES

_EDGE_L, _EDGE_R = r"(?<![\w+-])(", r")(?![\w+-]|\.\w)"  # (not inside a word or a domain: "Monzo.com")
_compiled: dict[tuple[str, bool], re.Pattern] = {}


def _words(text: str) -> re.Pattern:
    return re.compile(r"\b(?:" + text.replace("\n", "").replace(" | ", "|") + r")\b", re.IGNORECASE)


# A sentence that is not the user's present: someone else's, a wish or plan, what is no more, the world's
_SOMEONE_ELSE = _words(r"sister|brother|mum|mom|mother|dad|father|parents?|son|daughter|kids?|children|wife"
                       r"|husband|partner|girlfriend|boyfriend|fianc[ée]e?|cousin|uncle|aunt|auntie|niece|nephew"
                       r"|grand(?:ma|pa|mother|father|son|daughter|parents?)|friends?|colleagues?|coworkers?"
                       r"|co-workers?|neighbou?rs?|flatmate|roommate|housemate|landlord|landlady|in-laws?"
                       r"|step(?:brother|sister|mum|mom|dad)|god(?:mother|father)|mentor|client|teammate|classmate"
                       r"|he|she|his|her|him|hers")
_NOT_NOW = _words(r"thinking (?:about|of)|considering|might|maybe|perhaps|want(?:s|ed)? (?:a|an|to)|wish|tempted"
                  r"|looking (?:at|into|for)|if|should I|would (?:love|like|be)|I'd|we'd|dream(?:ing)?|one day"
                  r"|someday|hoping|suppose|supposing|imagine|hypothetically|almost|nearly"
                  r"|next (?:week|month|year|time|weekend)|heading|going to|gonna|will|I'll|we'll|soon"
                  r"|plan(?:s|ning)? to|anymore|any more|no longer|years ago|used to|decided against"
                  r"|test[- ]dr(?:o|i)ve|test[- ]driving")
_THE_WORLD = _words(r"news|ad|ads|advert|advertisement|announced|announces|article|read that|reading about"
                    r"|recommend(?:ed|ation|ations)?|review|reviews|walked past|walking past|drove past|video"
                    r"|memes?|song|album|documentary|trailer|poster|billboard|quiz")
_SCREEN = _words(r"film|movie|watched|watching|episode|series|show")  # (the streaming service's own words)
# A name the words just before it say is over, not, or not the user's ("sold the Tesla", "from Leeds to ...")
_ENDED_BEFORE = _words(r"sold|selling|sell|returned|traded|trade|cancel(?:l?ed|l?ing)?|closed|close|quit|quitting"
                       r"|left|leaving|leave|ditched|dropped|dumped|rid of|expired|old|former|previous|ex"
                       r"|out of|away from|instead of|from|not|never|\w+n't|hate|hated|stand|notice|than|vs|versus"
                       r"|replaced|replacing|swapped|swapping|last|finished|finishing"
                       r"|interview|interviewed|applied|rejected|recruiter|past|near|outside|rented|rental|hire")
_TOWARDS = frozenset("for to into with".split())
_WRITING = frozenset("texting typing writing posting sent sending calling replying tweeting messaging".split())
_ARTICLES = frozenset("the a an my our their his her that this these those".split())
_PRODUCTS = frozenset("tv telly remote router watch tablet laptop fridge earbuds buds headphones monitor vacuum "
                      "dishwasher lawnmower mower generator camera speaker microwave drill printer store shop "
                      "dealership showroom ad advert stadium arena".split())  # ("the Samsung TV remote")
# The words that tie a name to the slot's present use, in its sentence
_CUES = {
    "home": _words(r"home|homes|flat|apartment|house|bungalow|kitchen|balcony|garden|neighbou?rhood|rent|lease"
                   r"|landlord|keys|moved|move|moving|relocated|settled|settling|settle|living|live|lives|based"
                   r"|here in|local|unpacking|boxes|wake up|woke up|registered|GP|commute|street|new place"
                   r"|our place|my place|back in|left \S+ for"),
    "team": _words(r"support(?:s|ing|er|ers)?|fan|fans|allegiance|cheer(?:s|ing|ed)?|match|matches|game|games"
                   r"|season|league|shirt|scarf|kit|derby|stadium|fixture|playoffs?|tickets?|won|win|lost|beat"
                   r"|score|scored|goal|goals|till I die|follow(?:ing)?|club"),
    "phone": _words(r"phone|mobile|handset|smartphone|upgraded|upgrade|screen|battery|charger|charging|case"
                    r"|camera|apps?|texts?|texting|calls?|switched|unlocked|contract|sim|setting up|set up"),
    "car": _words(r"car|cars|drive|drives|driving|drove|parked|parking|garage|MOT|service|serviced|tyres?|tires?"
                  r"|charging|charge|charger|mileage|fuel|petrol|diesel|insurance|lease|leased|motorway|dealer"
                  r"|bought|keys|boot|engine|brakes|satnav|road trip|commute|filled up|fill up|filling up"),
    "bank": _words(r"account|accounts|card|cards|app|transfer|transferred|salary|savings|mortgage|loan|overdraft"
                   r"|bank|banking|banks|switched|money|statement|direct debit|ISA|opened|joint"),
    "gym": _words(r"gym|gyms|membership|member|session|sessions|class|classes|workout|workouts|work out"
                  r"|worked out|trained|training|train|leg day|squats?|lifting|weights|treadmill|PT|trainer"
                  r"|sore|swim|pool|spin|joined|signed up|key card|induction|locker"),
    "streaming service": _words(r"watch|watching|watched|binge|binged|bingeing|subscription|subscribed|subscribe"
                                r"|subscribes|signed up|account|series|show|shows|episode|episodes|stream|streaming"
                                r"|recommends|queue|season|documentaries|sofa|couch"),
    # an employer: a frame of employment beside the name (not "worked from the Starbucks", not an interview)
    "job": _words(r"office|badge|shift|onboarding|all-hands|colleagues|coworkers|team at|works? (?:at|for)"
                  r"|working (?:at|for)|job (?:at|with)|joined|started at|starting at|first (?:day|week|month) at"
                  r"|new job|contract|hired|payroll|promotion|promoted|commute|manager at|boss at|intern at"
                  r"|employee|employer|employed"),
}
_SPORT = _words(r"support(?:s|ing|er|ers)?|fan|fans|allegiance|cheer(?:s|ing|ed)?|match|season|league|derby|stadium")
_NOW_BESIDE = _words(r"now|these days|nowadays")
_BOSS = _words(r"boss|manager")  # (someone else, but for the user's job: "my manager at X")
_BOSS_AT = re.compile(r"\b(?:boss|manager)\s+(?:at|from)\s+(?:the\s+)?$", re.IGNORECASE)
_POSSESSIVE = re.compile(r"\b([A-Z][a-z]+)'s\b")  # ("Anna's new phone"; not "Today's", not the value's own)
_NOT_SOMEONE = frozenset("User It That What There Here Let Today Tonight Yesterday Tomorrow Monday Tuesday "
                         "Wednesday Thursday Friday Saturday Sunday Mum Mom Dad Everyone Nobody".split())
_PASSING = _words(r"trip|travel(?:l?ing|led)?|flew|flight|fly(?:ing)?|visit(?:ed|ing|s)?|holiday|vacation"
                  r"|conference|layover|stopover|tour|honeymoon|passing through|grew up|born|originally|hometown"
                  r"|weekend in|day out|for the day|airport|for work|business|hotel|staying|stuck in|back from"
                  r"|dinner in|lunch in|exit")

_TOKEN = re.compile(r"[\w'&.+-]+")
_GATE_TOKEN = re.compile(r"[^\W_](?:[\w'’\-]*[^\W_])?|[.,;:!?()—–\-]")  # (as text/supersession.py reads words)
_first: dict[bool, dict[str, frozenset]] = {}


def _names_of(slot: str, lower: bool) -> list[str]:
    names = {n.strip() for n in _LISTS[slot].replace("\n", " ").split(",") if n.strip()}
    if lower:
        names = {n.lower() for n in names if len(n) >= 4 and n.lower() not in _COMMON}
    return sorted(names, key=len, reverse=True)


def _first_words(lower: bool = False) -> dict[str, frozenset]:
    """{slot: the first words of its names}: a slot's pattern runs only on a text holding one (a quick look)."""
    if lower not in _first:
        _first[lower] = {slot: frozenset(n.split()[0] for n in _names_of(slot, lower))
                         for slot in _LISTS if not (lower and slot == "team")}
        _first[lower]["phone"] = frozenset(w.lower() if lower else w for w in _PHONE_FIRST)
    return _first[lower]


def _pattern(slot: str, lower: bool = False) -> re.Pattern:
    if (slot, lower) not in _compiled:
        if slot == "phone":
            _compiled[slot, lower] = re.compile(_EDGE_L + _PHONES + _EDGE_R, re.IGNORECASE if lower else 0)
        else:
            alternation = "|".join(re.escape(n) for n in _names_of(slot, lower))
            _compiled[slot, lower] = re.compile(_EDGE_L + alternation + _EDGE_R)
    return _compiled[slot, lower]


_CAPITAL_NEXT = re.compile(r"\s+[A-Z]\w")
_WORD_BEFORE = re.compile(r"(\S+)\s+$")


def _in_a_longer_name(text: str, start: int, end: int) -> bool:
    """A city's name inside another's ("Leeds United", "Real Madrid", "Milwaukee Bucks"): a capitalised
    word right after it, or right before it where no sentence opens."""
    if _CAPITAL_NEXT.match(text, end):
        return True
    found = _WORD_BEFORE.search(text[max(0, start - 40):start])
    if not found or not found.group(1)[:1].isupper():
        return False
    earlier = text[:max(0, start - 40) + found.start(1)].rstrip()
    return bool(earlier) and earlier[-1] not in ".!?:;-(\"'" and found.group(1) not in ("I", "In", "To", "From")


_SENTENCE_END = re.compile(r"[.!?]+[\"')]*\s+|;\s*|\n+")


def _sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence ("St. Pauli" and "Booking.com" stay whole: a stop ends one only before
    a space)."""
    spans, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        spans.append((start, end.start()))
        start = end.end()
    return spans + [(start, len(text))]


def _someone_elses(sentence: str, names: list[str]) -> bool:
    """Another's possessive in the sentence ("Anna's new Galaxy"), not the value's own ("the Tesla's port")."""
    if "'s" not in sentence:
        return False
    named = {word for name in names for word in name.split()}
    return any(m.group(1) not in named and m.group(1) not in _NOT_SOMEONE for m in _POSSESSIVE.finditer(sentence))


_USER_TOO = re.compile(r"\b(?:I|me|my|we|us|our|I'm|I've|we're|we've)\b", re.I)
_FAMILY_NAMED = re.compile(r"\b(?:[Mm]y|[Oo]ur)\s+([A-Z][a-z]+)\s+[a-z]")  # "Our Robert relocated to Brighton"


def _one_of_the_family(sentence: str, names: list[str]) -> bool:
    """Someone named after "my"/"our" does what the sentence says ("Our Robert relocated to Brighton",
    "my Anna banks with Starling"), unless the name is a value's own ("our Tesla is in the garage")."""
    found = [m.group(1) for m in _FAMILY_NAMED.finditer(sentence)]
    if not found or _USER_TOO.search(_FAMILY_NAMED.sub("", sentence)):
        return False  # ("Our Robert finally talked me into a Motorola Edge 40": the user's)
    named = {word for name in names for word in name.split()}
    known = _first_words()  # ("my Pixel died": a phone, not a person)
    return any(word not in named and not any(word in first for first in known.values()) for word in found)


def _ended(text: str, start: int, sentence_start: int) -> bool:
    """Do the few words before the name say it is over or not the user's ("sold the Tesla", "my old
    iPhone", "switched from Leeds United to ...", "I'd never bank with HSBC", "walked past the")?"""
    before = [w.lower() for w in _TOKEN.findall(text[sentence_start:start])]
    kept = [w for w in before if w not in _ARTICLES][-3:]
    ends = [at for at, w in enumerate(kept) if _ENDED_BEFORE.fullmatch(w)]
    if ends and any(w in _TOWARDS for w in kept[ends[-1] + 1:]):
        return False  # ("left Rotterdam for Leipzig", "swapped the Zoe for a Leaf": what came after)
    if ends and kept[ends[-1]] == "from" and ends[-1] > 0 and kept[ends[-1] - 1] in _WRITING:
        return False  # ("Texting from the Xperia 1 V now": the phone in the hand)
    return bool(kept) and bool(_ENDED_BEFORE.search(" ".join(kept)))


def _a_product_after(text: str, end: int) -> bool:
    after = _TOKEN.findall(text[end:end + 20])
    return bool(after) and after[0].lower() in _PRODUCTS


def _judged(text: str, start: int, end: int, slot: str, a: int, b: int) -> bool:
    """Is the name at a:b, in the sentence start:end, the user's present value of `slot`?"""
    sentence = text[start:end]
    if slot == "job" and _BOSS.search(sentence):
        return bool(_BOSS_AT.search(text, max(start, a - 24), a))  # ("my manager at X" is the job)
    if _BOSS.search(sentence):
        return False  # (the manager's own car or city is not the user's)
    if slot != "streaming service" and _SCREEN.search(sentence) or slot == "home" and _PASSING.search(text):
        return False
    if _ended(text, a, start) or slot in ("phone", "car") and _a_product_after(text, b):
        return False
    if slot == "home" and _in_a_longer_name(text, a, b):
        return False
    if slot == "phone" and any(c.isdigit() for c in text[a:b]):
        return True  # (a model named: "Pixel 8", "iPhone 15")
    near = " ".join(_TOKEN.findall(text[max(start, a - 12):a])[-2:] + _TOKEN.findall(text[b:end])[:3]).lower()
    return bool(_NOW_BESIDE.search(near) or _CUES[slot].search(sentence))  # ("fitness first now", "now at X")


def mentions(content: str) -> dict[str, list[str]]:
    """{user key: the names of its slot the text mentions as the user's present value}; each name is judged
    by its sentence (see the module's doc)."""
    text = content[:2000]
    spans = [(w.group(0), w.start()) for w in _TOKEN.finditer(text)]
    bare = [word.removesuffix("'s").rstrip(".'-") for word, _start in spans]  # ("Equinox's": Equinox)
    tokens = set(bare) | {word for word, _start in spans}
    lower = not any(c.isupper() for c in text)
    slots = [slot for slot, first in _first_words(lower).items() if not first.isdisjoint(tokens)]
    if not slots:
        found_given: dict[str, list[str]] = {}
        if "?" in text:
            _given(text, found_given)
        return found_given
    seen: list[tuple[str, int, int]] = []  # (slot, start, end) of each name found
    for slot in slots:
        pattern, first = _pattern(slot, lower), _first_words(lower)[slot]
        for (word, start), plain in zip(spans, bare):
            if word in first or plain in first:
                found_at = pattern.match(text, start)
                if found_at:
                    seen.append((slot, found_at.start(1), found_at.end(1)))
    found: dict[str, list[str]] = {}
    for start, end in _sentences(text):
        here = [(slot, a, b) for slot, a, b in seen if start <= a < end]
        if not here:
            continue
        sentence = text[start:end]
        lows = [w.lower() for w in _GATE_TOKEN.findall(sentence)]
        if _SOMEONE_ELSE.search(sentence) or _NOT_NOW.search(sentence) or _THE_WORLD.search(sentence) \
                or _someone_elses(sentence, [text[a:b] for _, a, b in here]) \
                or _one_of_the_family(sentence, [text[a:b] for _, a, b in here]) \
                or statement_gates.clause_gate(sentence) or statement_gates.user_gate(lows, sentence):
            continue  # (and what states nothing of the user's for the statements either: statement_gates.py)
        for slot, a, b in here:
            name = frozenset(w.lower() for w in _GATE_TOKEN.findall(text[a:b]))
            if statement_gates.ended(name, lows) or statement_gates.slot_gate(slot, name, lows, sentence) \
                    or statement_gates.the_worlds(name, lows) or statement_gates.reported(name, lows, True) \
                    or slot == "bank" and re.search(r"\b(?:i'm|im|am|is|are|was|work|works|working)\s+at\s+$",
                                                    text[start:a], re.IGNORECASE):
                continue  # ("my Galaxy S23 got nicked", "hit by a Range Rover", "hired a Fiat 500"; "I'm at
                # Monzo now": where one works)
            if _judged(text, start, end, slot, a, b):
                found.setdefault(f"user|{slot}", []).append(text[a:b])
    if "user|job" in found:  # a name of two kinds ("switched my salary to Lloyds") is the other kind's
        others = {name for slot, names in found.items() if slot != "user|job" for name in names}
        found["user|job"] = [name for name in found["user|job"] if name not in others]
        if not found["user|job"]:
            del found["user|job"]
    if "user|home" in found and ("user|team" in found or _SPORT.search(text)):
        del found["user|home"]  # ("I support Liverpool now": the club, not the city)
    if "?" in text:
        _given(text, found)
    return found


def mention_keys(content: str, stated: list[str] | tuple = ()) -> list[str]:
    """The search cache's keys for the mentions ("~user|home"), for slots no statement of the text keys
    (of the user or anyone: "My sister moved to Lyon" is the sister's, not a mention of the user's)."""
    said = {key.split("|", 1)[1] for key in stated}
    return ["~" + key for key in mentions(content) if key.split("|", 1)[1] not in said]


def _given(content: str, found: dict[str, list[str]]) -> None:
    """Add what the text's questions take as the user's ("How do I reset my Pixel 7a?"): named in passing,
    like the rest, so it answers a slot no statement holds and never overturns one alone."""
    low = content.lower()
    for _, slot, value in statements(content, given=True):
        words = sorted(value, key=lambda w: low.find(w) if w in low else len(low))
        name = " ".join(words)
        if name not in [n.lower() for n in found.get(f"user|{slot}", [])]:
            found.setdefault(f"user|{slot}", []).append(name)

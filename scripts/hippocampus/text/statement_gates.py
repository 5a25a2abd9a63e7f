"""What a clause states of no one's present, whatever frame reads it (text/supersession.py, mentions.py).

The frames of supersession.py read "<someone> <verb> <value>" and "<my> <noun> <value>"; they cannot
see that the words around the value tell a story of something else: what another person said
(`reported`), hearsay (`user_gate`), the world's news (`the_worlds`), a try that failed or a thing
that ended (`ended`), a car hired or a value that did something to the user (`slot_gate`), a
childhood or a first car (`clause_gate`). A statement read there would supersede the user's true
value and mark it stale. Each check is held to the value it is about (its position, a window of
words, what resets it), so that a true update beside a gate word holds: "my iPhone got stolen, so I
bought a Pixel 8", "the reviews were spot on", "my mum says I sound happier now I live in York".
`questions_apart` splits what a user tells before a question from the question itself.

Measured on a labelled corpus (bench/statements.py, bench/statements/) and a hostile review's own
cases (references/performance.md, 2026-12-02).
"""

from __future__ import annotations

import re


def _words(pattern: str) -> re.Pattern:
    return re.compile(r"(?<![\w'])(?:" + pattern + r")(?![\w'])", re.IGNORECASE)


# what came to nothing or ended, said after the value: "the offer from Airbnb fell through", "my
# application to Monzo got declined", "started the sign-up for Chase but gave up", "my iPhone 12 got
# stolen", "Rex died last week"
_ENDS_BEFORE = _words(r"declined|rejected|fell through|gave up|giving up|didn't work out|did not work out"
                      r"|didn't go through|did not go through|fell apart|wasn't accepted|was not accepted"
                      r"|waitlisted|wait-listed|denied|stolen|nicked|pinched|died|passed away|put down|put to sleep"
                      r"|written off|write-off|totalled|totaled|repossessed")
# ... and said before it: "turned down the Meta offer", "dumped my dentist, Dr. Berg", "broke up with Sam"
_ENDS_AFTER = _words(r"turned (?:\w+ )?down|turning (?:\w+ )?down|backed out of|pulled out of|gave up on"
                     r"|giving up on|changed my mind about|didn't get|did not get|dumped|ditched|broke up with"
                     r"|split up with|split from|no luck with"
                     r"|(?:close|closed|closing|cancel|cancelled|canceled|cancelling|sell|sold|selling|get rid of"
                     r"|got rid of|trade in|traded in|trading in|wipe|reset|factory reset) (?:my|our|the)")
# long before now: "when I was a teenager", "growing up", "my first car was a Fiat Panda"
_CHILDHOOD = _words(r"when (?:i|we) (?:was|were) (?:a |an |still )?(?:kid|kids|child|children|small"
                    r"|little|young|younger|teenager|teen|teens|baby|in primary school|in high school)"
                    r"|growing up|as a (?:kid|child|teenager|teen)|in my (?:teens|childhood)"
                    r"|my childhood (?:home|house|dog|cat|pet|bedroom)"
                    r"|(?:my|our) (?:very )?first (?:ever )?(?:car|phone|job|dog|cat|pet|flat|apartment|house"
                    r"|bank|gym|boyfriend|girlfriend|partner|mobile) (?:was|were|had|cost|came)")
# (not "we moved to Oulu for my first job": a move, then)
# someone else's words: "Jess said the Toyota dealer ...", "my colleague reckons Starling ...",
# "apparently everyone thinks I drive a Porsche" (not "I told her I work at Google now")
_REPORTING = frozenset("said says say saying reckons reckon reckoned claims claim claimed claiming thinks think "
                       "thought believes believe believed heard hears rumour rumor rumoured rumored "
                       "told tells according insists insisted swears swore".split())
_ALWAYS_REPORTED = _words(r"apparently|allegedly|supposedly|according to|rumou?red|people say|they say")
_REPORTERS_OF_OWN = frozenset("i we i've we've i'd we'd i'll user".split())
# the world's news, not the user's life: "Apple announced a new iPhone", "a review of the Pixel 9"
_THE_WORLD = _words(r"announced|announces|announcing|unveiled|unveils|unveiling|launched|launches|launching"
                    r"|released|releases|reviews?|reviewed|reviewing|headline|headlines|press release"
                    r"|keynote|leaked|leaks|an ad for|an advert for|advertis\w*|billboard|commercial for")
# a car hired for a trip is not the user's car: "rented a Jeep Wrangler for the road trip"
_RENTED = _words(r"rent|rents|rented|renting|rental|hire car|hired|hiring|borrowed|borrowing|courtesy car"
                 r"|loaner")  # (not "test drove a Nissan Leaf and signed the papers": bought)


_APPROACH = frozenset("headhunter headhunters recruiter recruiters headhunted interview interviews interviewed "
                      "interviewing application applications applied applying".split())
_TAKEN = re.compile(r"\b(?:accepted|accept|started|start|starting|joined|joining|signed|got the job|got the offer"
                    r"|got an offer|got in|hired|work|working|works|first day|first week)\b", re.IGNORECASE)
_BOUGHT = re.compile(r"\b(?:bought|buy|buying|own|owned|purchased)\b", re.IGNORECASE)
_HIRED_A = re.compile(r"\b(?:hired|rented|hire|rent)\s+(?:a|an|the)\b", re.IGNORECASE)
_CAR_MAKES = frozenset("fiat ford vw volkswagen toyota honda kia hyundai tesla bmw audi mercedes renault peugeot "
                       "citroen skoda seat vauxhall opel nissan mazda volvo jeep mini smart dacia".split())


def rented(clause: str) -> bool:
    """Does the clause tell of a thing hired, rented or borrowed?"""
    return bool(_RENTED.search(clause))


def clause_gate(clause: str) -> bool:
    """Does this clause state nothing current, of anyone (a childhood, a first car)?"""
    return bool(_CHILDHOOD.search(clause))


def ended(value: frozenset, lows: list[str]) -> bool:
    """Is the value a try that failed or a thing that ended, by the words around it ("the offer from
    Airbnb fell through", "my iPhone 12 got stolen", "dumped my dentist, Dr. Berg")? Not across a
    "now" or "instead" ("broke up with Sam, now dating Alex": Alex is current)."""
    words = [w for w in lows if w not in _PUNCTUATION]
    text = " ".join(words)
    where = lambda m: (text[:m.start()].count(" "), text[:m.end()].count(" "))  # noqa: E731 (word positions)
    for pattern, after in ((_ENDS_BEFORE, False), (_ENDS_AFTER, True)):
        for first, last in map(where, pattern.finditer(text)):
            for at, word in enumerate(words):
                if word not in value or (at <= last if after else at >= first) or at - last > 5 or first - at > 2:
                    continue  # (the thing that failed or ended is right beside the words: "Monzo got declined")
                between = set(words[last + 1:at] if after else words[at + 1:first])
                if not between & (_AFTER_RESETS if after else _BEFORE_RESETS):
                    return True  # (not "gave up and opened an account with HSBC", "ditched Blok for Arc")
    return False


# the words that start what holds after an ending ("gave up on X, I enrolled in Y", "ditched X for Y")
_AFTER_RESETS = frozenset("now instead so for and then i we i'm we're i've we've".split())
_BEFORE_RESETS = frozenset("now instead so and".split())
_PUNCTUATION = frozenset(",.;:!?-—–()\"'")


def user_gate(lows: list[str], clause: str) -> bool:
    """Does this clause state nothing of the user's own (hearsay, the world's news)? (Someone's words
    are `reported`: what follows the reporting verb, not "my girlfriend Adrian says hi".)"""
    return bool(_ALWAYS_REPORTED.search(clause))


def the_worlds(value: frozenset, lows: list[str]) -> bool:
    """Is the value news of the world ("Samsung unveiled the Galaxy Z Fold 7", "saw an ad for Basic-Fit"):
    a word of news before it, with no first person before that word (not "I reviewed my budget and
    switched to Monzo", "my new phone is a Pixel 9, the reviews were spot on")?"""
    text = " ".join(lows)
    for m in _THE_WORLD.finditer(text):
        at = text[:m.start()].count(" ")
        if at > 0 and not _OWN.intersection(lows[:at]) and any(w in value for w in lows[at:]):
            # (not "Released the cat from her carrier in our new flat": the user's own doing)
            return True
    return False


_OWN = frozenset("i i'm im i've i'd we we're we've my our me us user user's".split())


def reported_from(lows: list[str]) -> int | None:
    """Where someone else's words begin ("Jess said | the Toyota dealer ...", "my colleague reckons |
    Starling ..."): the position after the reporting verb; None for the user's own ("I told her I ...")."""
    for at, low in enumerate(lows):
        if low in _REPORTING and at > 0 and lows[at - 1] not in _REPORTERS_OF_OWN \
                and lows[at - 1] not in _NOUN_BEFORE and not (at > 1 and lows[at - 1] in _ADVERBS
                                                            and lows[at - 2] in _REPORTERS_OF_OWN):
            return at + 1
    return None


def reported(value: frozenset, lows: list[str], users: bool) -> bool:
    """Is the value in someone else's words ("Jess said the Toyota dealer ...", "my manager reckons
    Revolut is ...")? For a statement of someone else's, not what they say of themselves ("my sister
    said she moved to Lyon", "Marco says Dr. Okafor is their new GP": theirs)."""
    start = reported_from(lows)
    if start is None or not users and _THIRD_PERSON.intersection(lows[start:]) \
            or users and _OWN.intersection(lows[start:]) or _REPORTERS_OF_OWN.intersection(lows[:start - 1]):
        return False  # ("my mum says I sound happier now I live in York", "I have to say the Kia Niro ...")
    return any(w in value for w in lows[start:])


_ADVERBS = frozenset("just already always never".split())
_NOUN_BEFORE = frozenset("a an the my our this that his her their your insurance any no".split())  # ("an insurance claim")
_THIRD_PERSON = frozenset("she he they she's he's they're her his their hers theirs them him".split())


_A_STAY = re.compile(r"\b(?:renting|rented|rent|staying|stayed|booked|booking|borrowing|borrowed|hired|hiring)\b"
                     r"[^.!?]{0,40}?\bfor (?:the|a|two|three|a few|a couple of) (?:night|nights|week|weeks|weekend"
                     r"|weekends|days|summer|holidays?|month|fortnight)\b(?!\s+now)"
                     r"|\b(?:staying|stayed|booked)\b[^.!?]{0,20}?\b(?:airbnb|hotel|holiday (?:let|cottage|home))\b", re.I)


def slot_gate(slot: str, value: frozenset, lows: list[str], clause: str) -> bool:
    """Does this clause state nothing of `slot`: a car hired, or a value that did something to the user
    ("rear-ended by a Tesla", "approached by a headhunter for a role at Ford")?"""
    where = [k for k, low in enumerate(lows) if low in value]
    if slot == "car" and where and _RENTED.search(clause) and not _BOUGHT.search(clause):
        before = lows[max(0, where[0] - 4):where[0]]
        if any(_RENTED.fullmatch(w) for w in before) or _RENTED.search(" ".join(lows[where[0]:])):
            return True  # ("rented a Jeep Wrangler", "a Tesla for the weekend, a rental"; not "bought a Skoda,
            # cheaper than renting one", "bought my own car, a Yaris, after borrowing my dad's")
    if slot == "home" and _A_STAY.search(clause):
        return True  # ("renting a cottage in Cornwall for the week", "a flat in Rome for the summer": a stay)
    if slot == "job" and value & _CAR_MAKES and _HIRED_A.search(clause):
        return True  # ("hired a Fiat 500 for the week": a car, not an employer)
    if slot == "job" and not _TAKEN.search(clause):
        if where and _APPROACH.intersection(lows[max(0, where[0] - 5):where[0]]):
            return True  # ("approached by a headhunter for a role at Ford", "interviewed at Arm": not yet a job)
    if slot in ("job", "school") or not where:
        return False  # ("employed by Google", "taught by ...")
    for k in range(max(1, where[0] - 3), where[0]):
        if lows[k] == "by" and (lows[k - 1].endswith(("ed", "en")) or lows[k - 1] in ("hit", "run", "cut", "struck")):
            return True  # ("rear-ended by a Tesla", "overtaken by a white Transit"; not "the gym by my office")
    return False


# the words a question opens with, after what the user tells first ("... Somerville, anyway how do I ...")
_ASKING = frozenset("any anyone anybody how what whats what's can could should would will is are do does did which "
                    "where who why when help thoughts ideas tips advice recommendations suggestions please pls "
                    "anyway so but and".split())
_ASKS = frozenset("how what whats what's can could should would will is are do does did which where who why when "
                  "any anyone anybody help thoughts ideas tips advice recommendations suggestions please pls "
                  "i".split())


def questions_apart(clauses: list[str]) -> list[tuple[str, bool]]:
    """Each clause with whether it asks: a clause that ends in "?" is split where the question begins
    ("My wife Lena and I are celebrating next week, any restaurant ideas?": told, then asked), so what
    the user told before it is read as told; the question itself is read for what it takes as given."""
    out = []
    for clause in clauses:
        text = clause.rstrip()
        if not text.endswith("?"):
            out.append((clause, False))
            continue
        cut = None
        for m in re.finditer(r",\s+|\s+[—–-]\s+", text):
            rest = text[m.end():].lower().split()
            if not rest or rest[0] not in _ASKING:
                continue
            if rest[0] in ("anyway", "so", "but", "and") and (len(rest) < 2 or rest[1] not in _ASKS):
                continue  # ("..., and I'm in Dublin?" is still asked)
            cut = m
        if cut is not None:
            out.append((text[:cut.start()], False))
            out.append((text[cut.end():], True))
        else:
            out.append((clause, True))
    return out

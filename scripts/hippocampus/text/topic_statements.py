"""The looser reading of a slot statement, for what the frame parser misses.

supersession.py reads a statement from a cue in a frame ("moved to X", "my
new phone is X"). People also state a current value with no frame at all:
"Bought a jersey of Feyenoord, I'm a fan now", "Booked a personal trainer at
PulseFit", "Obsessed with pho right now", "Taking salsa lessons now". Here a
clause states a value of a slot when it holds one of the slot's topic words
and a value of the kind the slot takes:

- a name (a run of capitalised words, "the Lakers", "Galaxy S24"), for the
  slots whose values are names (home, job, gym, car, phone, partner, pet, team);
- a word of a small lexicon for the slots whose values are common nouns:
  dishes for food; for a class, the word(s) before "class", "lessons",
  "course" ("salsa lessons"), or after "learning", "enrolled in", "switched
  to" ("learning Japanese").

The subject is read as supersession.py reads it (the words before the topic
word); a clause with a negation, a wish, a plan or a past ("want to", "used
to", "until") anywhere states nothing; nor does one more of a kind, a state
or a plan (supersession.py checks every reading the same way). English only.
Measured by bench/knowledge_updates.py and by sentences a reviewer wrote
without reading it (references/performance.md, "Knowledge updates", says how
blind each measure is).
"""

from __future__ import annotations

import re

# breeds (one word each; those that are also common words or places are left out: boxer, maltese, golden)
DOG_BREEDS = ("labrador lab retriever terrier spaniel poodle beagle collie husky dachshund greyhound whippet "
              "corgi pug bulldog rottweiler doberman chihuahua schnauzer labradoodle goldendoodle cockapoo cavapoo "
              "sheepdog mastiff dalmatian pomeranian akita samoyed weimaraner vizsla lurcher bichon basset "
              "bloodhound springer staffie staffy pitbull shiba malamute")
CAT_BREEDS = "tabby ragdoll sphynx"

# slot -> topic words (besides supersession's own slot nouns, which count too)
_TOPICS = {
    "home": "movers unpacked lease landlord neighbours neighbors rent mortgage",
    "job": "office desk colleagues coworkers boss salary payroll onboarding hired offer promotion "
           "shift contract career employer probation internship intern paycheck payslip commute recruiter "
           "employee staff",
    "gym": "gym gyms membership trainer workout workouts sauna induction fitness bouldering climbing pilates "
           "spin yoga crossfit",
    "car": "car cars dealer dealership showroom parked insured mileage garage hatchback sedan suv",
    "phone": "phone phones mobile smartphone handset carrier",
    "partner": "date dating girlfriend boyfriend partner anniversary engaged relationship together half "
               "husband wife fiance fiancee",
    "pet:dog": "dog dogs puppy pup walkies leash lead vet kennel shelter rescue " + DOG_BREEDS,
    "pet:cat": "cat cats kitten litter " + CAT_BREEDS,
    "team": "team fan fans jersey supporter supporters support supports supported supporting following follow "
            "follows followed cheer cheers cheered cheering "
            "root roots rooting season "
            "match game scored derby stadium",
    "food": "food dish dishes meal meals eat eating ate crave craving cravings cook cooking cooked recipe "
            "favourite favorite delicious",
    "class": "class classes lesson lessons course courses workshop teacher tutor term homework learning "
             "learn enrolled enrol enroll studying",
    "doctor": "dr doctor gp physician checkup checkups",
}
TOPIC = {word: slot for slot, text in _TOPICS.items() for word in text.split()}
# topic words that name a person: "my boss at Initech" says where the user works, but "Ruth, my boss, got
# tickets for the Red Sox" is the boss's (the relation is the subject, not the slot)
_PEOPLE_TOPICS = frozenset("colleagues coworkers boss girlfriend boyfriend partner husband wife fiance fiancee "
                           "teacher tutor trainer recruiter intern employee staff".split())

# slots whose values are names; the others take a lexicon word or a phrase
NAMED = frozenset("home job gym car phone partner pet:dog pet:cat team".split())

# dishes and foods people name as a favourite (lower case; a dish of two words joined by "_")
_DISH_TEXT = """
ramen tacos taco sushi paella pho falafel lasagne lasagna dumplings dumpling biryani curry curries pad_thai
poke_bowls poke shakshuka pierogi burritos burrito laksa gnocchi pizza pasta spaghetti carbonara risotto
burgers burger steak salmon noodles udon soba tempura gyoza bao dim_sum kimchi bibimbap bulgogi
tikka_masala dal dhal samosas samosa naan kebab kebabs gyros gyro souvlaki moussaka hummus tagine couscous
empanadas empanada arepas ceviche enchiladas quesadillas nachos fajitas chili chilli goulash schnitzel
bratwurst pretzels fondue raclette croissants crepes quiche ratatouille bouillabaisse tapas tortilla
churros pancakes waffles bagels omelettes omelette chowder gelato ice_cream cheesecake tiramisu
brownies cookies donuts doughnuts fried_chicken barbecue bbq brisket ribs mac_and_cheese
jollof injera pupusas banh_mi katsu okonomiyaki takoyaki yakitori teriyaki satay rendang nasi_goreng
mee_goreng som_tam tom_yum korma vindaloo dosa dosas idli pakoras bhaji poutine
smoothies porridge granola avocado_toast eggs_benedict fish_and_chips haggis
"""
DISHES = frozenset(w for w in _DISH_TEXT.split() if "_" not in w)
DISH_PHRASES = frozenset(tuple(w.split("_")) for w in _DISH_TEXT.split() if "_" in w)
DISH_WORDS = DISHES | {word for phrase in DISH_PHRASES for word in phrase}  # (a quick test that a text may name one)


# words before which the class is named ("salsa lessons") and after which it follows ("learning Japanese")
_CLASS_NOUNS = frozenset("class classes lesson lessons course courses workshop teacher tutor".split())
_CLASS_AFTER = frozenset("learning learn enrolled enrol enroll to studying".split())

# capitalised words that are not names
NOT_NAMES = frozenset(
    "i i'm i've i'd i'll tv pc ok uk us usa eu dm pm am gps atm diy bbq ceo hr it user "
    # interjections and openers that start a message ("Ugh, tried a new coffee place")
    "ugh okay lol wow yay hey oh ah hmm welp phew whew omg haha btw anyway yes yeah yep nope so well "
    "honestly seriously update fyi ps note reminder".split())
# a sound, however spelt ("Ughh", "Hmmm", "Argh", "Ooh", "Yayyy", "Hahaha"), never a name
INTERJECTION = re.compile(r"u+g+h+|a+r+g+h+|h+m+|o+h+|a+h+|e+h+|m+e+h+|w+o+w+|y+a+y+|o+o+f+|p+h+e+w+|w+h+e+w+"
                          r"|o+o+h+|a+w+|e+r+m+|u+m+|o+m+g+|l+o+l+|(?:h+a+)+h*|(?:h+e+)+h*|y+i+k+e+s+|b+l+e+h+")
# clause openers that are verbs ("Got Milo's tag"), never a name
OPENERS = frozenset(
    "got get bought took made went had did paid sold booked drove ran met saw found left put set gave came "
    "became began kept felt spent sat won lost wrote read brought caught taught thought told said heard "
    "meet walking watching taking having painted screamed signed joined switched finally just still also "
    "picked traded leased insured tested test first third second spending cleared".split())
_EVENTS = frozenset("game games match matches season derby stadium scored".split())
_WATCHING = frozenset("watched watching watch saw see seeing at after before during went".split())
_FORMER = frozenset("old previous former ex".split())
_COMPOUND = frozenset("wash park parking seat insurance keys charger case screen battery bill plan repair "
                      "service loan".split())
_ACQUIRING = frozenset("got bought buy leased drove signed picked collected ordered switched upgraded traded "
                       "swapped replaced arrived delivered came i'm im we're setting parking parked charging "
                       "unboxing unboxed insured servicing service".split())  # (getting it, or keeping it)
# a doctor is named by a title only beside a visit ("I see Dr. Moreau", "first appointment with Dr. Fischer")
_VISITING = frozenset("see seeing saw registered appointment appointments checkup checkups my our new switched "
                      "changed".split())
_SOON = frozenset("next tomorrow tmrw soon monday tuesday wednesday thursday friday saturday sunday".split())
_HOUSEHOLD = frozenset("kids kid children child son daughter wife husband partner".split())
_OWNED = frozenset("new current latest".split())  # (a noun is a topic when new: "my company sent me to Berlin" is no job)
_VALUELESS = frozenset("old new current next first last this that my our evening night morning something "
                       "anything everything nothing another more much lot bit some any twice thrice every weekly daily".split())
# idioms of liking that hold a negation ("can't get enough of", "can't stop eating")
_LIKING = {("can't", "stop"), ("can't", "get"), ("cannot", "stop"), ("cannot", "get"), ("couldn't", "stop"),
           ("nothing", "beats"), ("nothing", "tops"), ("no", "regrets")}
LONGEST = 16  # tokens in a clause read loosely
_PAST_OR_NOT = frozenset("used formerly previously until till ago before once originally ex cancelled canceled "
                         "cancel rehome rehomed traded rented missed sold selling skipped quit".split())
# food needs a liking ("my favourite", "obsessed with", "can't stop eating"), not an event ("had sushi")
_LIKING_WORDS = frozenset("love loves loving favourite favorite fave obsessed craving crave addicted go-to comfort "
                          "best top beats hooked obsession crazy mad".split())
# a fan or support is a team's only beside a sport's word, or said of oneself ("I support Celtic")
_WEAK_TEAM = frozenset("fan fans support supports supported supporter supporting following follow follows "
                       "followed".split())
# teams people follow, the distinctive word of each (a weak cue, "following Ajax", "supports Celtic", is a
# team's beside one; a city's name alone is not one: "Madrid", "Milan", "Porto" stand for their clubs only
# with a cue word)
TEAM_WORDS = frozenset("""
arsenal chelsea liverpool tottenham spurs everton villa newcastle leeds wolves brighton fulham celtic rangers
hibernian hibs hearts aberdeen ajax psv feyenoord barcelona barca barça madrid atletico atlético sevilla
betis valencia villarreal juventus juve milan inter napoli roma lazio fiorentina atalanta bayern dortmund
borussia leverkusen schalke leipzig benfica sporting porto galatasaray fenerbahce besiktas anderlecht
psg marseille lyon monaco boca river flamengo palmeiras corinthians santos
lakers celtics warriors knicks bulls heat nets sixers 76ers raptors spurs mavericks mavs rockets suns nuggets
clippers bucks cavaliers cavs pistons pacers hawks hornets magic grizzlies pelicans thunder jazz kings
blazers timberwolves wizards
yankees mets dodgers giants cubs sox cardinals braves astros phillies mariners padres orioles brewers
twins rays royals tigers guardians pirates reds rockies marlins nationals diamondbacks angels athletics
packers cowboys patriots eagles steelers 49ers niners chiefs bears broncos seahawks ravens bills dolphins
jets raiders chargers commanders saints falcons panthers buccaneers bucs vikings lions titans colts texans
jaguars bengals browns
bruins canadiens habs leafs oilers flames canucks penguins blackhawks flyers islanders capitals sharks
avalanche lightning predators kraken
all-blacks wallabies springboks leinster munster saracens harlequins
""".split())
_SPORT = frozenset("team match game season league club stadium scored cup derby football soccer basketball "
                   "baseball hockey rugby cricket jersey supporters tickets ticket cheer cheering cheers".split())


def _names(tokens: list[str], lows: list[str], skip: set[int], not_name, end_words, topics=()) -> list[str]:
    """The lower-cased words of the one capitalised run ("the Lakers", "Galaxy S24"),
    `skip` left out; none where there are two (which one would be the value?)."""
    words: list[str] = []
    run = False
    runs = 0
    for at, token in enumerate(tokens):
        low = lows[at]
        capital = any(ch.isupper() for ch in token[:2]) or (run and any(ch.isdigit() for ch in token))  # ("iPhone")
        capital = capital and not (len(token) >= 5 and token.isalpha() and token.isupper())  # ("drilling AGAIN")
        name = low[:-2] if low.endswith("'s") else low
        if at in skip or not capital or name in NOT_NAMES or name in not_name or name in end_words \
                or INTERJECTION.fullmatch(name):
            run = False
            continue
        if at == 0 and (name in OPENERS or name.endswith(("ed", "ing"))) \
                and not (len(tokens) > 1 and tokens[1][:1].isupper() and name not in OPENERS):
            run = False
            continue
        if at == 0 and not (len(tokens) > 1 and (tokens[1][:1].isupper() or lows[1] in ("is", "has", "and", "'s")
                                                 or (lows[1] == "the" and lows[2:3] and lows[2] in topics))):
            # ("Hazel the labrador came home": a name before its apposition)
            run = False  # a capital that only starts the sentence
            continue
        runs += 0 if run else 1
        words.append(name)
        run = True
    return words if runs == 1 else []


def _dishes(lows: list[str]) -> set[str]:
    found = set()
    if DISH_WORDS.isdisjoint(lows):
        return found
    for at, low in enumerate(lows):
        for phrase in _PHRASES_BY_FIRST.get(low, ()):
            if tuple(lows[at:at + len(phrase)]) == phrase:
                found.update(w for w in phrase if w != "and")
        if low in DISHES:
            found.add(low)
    return found


_PHRASES_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in DISH_PHRASES:
    _PHRASES_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)


def _class_value(tokens: list[str], lows: list[str], skip_words) -> tuple[set[str], int]:
    """(the class's words, where they start)."""
    for at, low in enumerate(lows):
        if low in _CLASS_NOUNS:  # "salsa lessons", "my Japanese class", "a Python programming course"
            words = []
            k = at - 1
            while k >= 0 and len(words) < 2 and lows[k] not in skip_words and lows[k] not in _CLASS_NOUNS \
                    and lows[k].isalpha() and lows[k] not in OPENERS and lows[k] not in _VALUELESS \
                    and not lows[k].endswith(("ing", "ed")):
                words.insert(0, lows[k])
                k -= 1
            if words:
                return set(words), k + 1
        if low in ("learning", "learn", "studying") and (set(lows[at + 1:at + 5]) & {"is", "has", "was", "can", "makes", "takes"}
                                             or not (at + 1 < len(tokens) and tokens[at + 1][:1].isupper())):
            continue  # "Learning an instrument is really cool": a topic; "learning card tricks": a pastime
            # ("learning Japanese", "learning Python": a subject one takes)
        if low in _CLASS_AFTER and (low != "to" or any(w in lows[:at] for w in ("switched", "moved", "changed"))):
            k = at + 1
            while k < len(lows) and lows[k] in ("in", "a", "an", "some", "the", "for", "up"):
                k += 1
            words = []
            while k < len(lows) and len(words) < 2 and lows[k].isalpha() and lows[k] not in skip_words \
                    and lows[k] not in _VALUELESS:
                words.append(lows[k])
                k += 1
            if words:
                return set(words), at
    return set(), len(lows)


# instruments one plays (a value of its own slot; "guitar lessons" is a class too)
INSTRUMENTS = frozenset("""piano guitar violin viola cello drums drum ukulele uke banjo accordion saxophone sax trumpet
flute clarinet harp trombone mandolin oboe bassoon harmonica bagpipes sitar tabla bongos cajon
""".split())
_PLAYING = frozenset("play plays playing practise practises practising practice practices practicing lessons lesson "
                     "learning learn rented bought picked taken took started".split())
# (not "keyboard" or "synth": a desk's as often as a band's)


# "date" is a day, not a partner's, beside the words of a day: "out of date", "up to date", "by EXIF date",
# "the due date", "date format" (a date with someone stays one: "a great date last night with Priya")
_DAY_BEFORE = frozenset("of to by due release expiry expiration start end invoice delivery closing birth shipping "
                        "target save court exam payment launch publication issue sell best use".split())
_DAY_AFTER = frozenset("of format formats range picker stamp stamps field column taken modified created order "
                       "time".split())


def _dating(tokens: list[str], lows: list[str], at: int) -> bool:
    before = lows[at - 1] if at > 0 else ""
    if at + 1 < len(tokens) and tokens[at + 1][:1].isupper():
        return True  # ("started to date Marco")
    return not (before in _DAY_BEFORE or lows[at + 1:at + 2] and lows[at + 1] in _DAY_AFTER
                or at > 0 and tokens[at - 1].isupper() and len(tokens[at - 1]) > 1
                or at > 1 and lows[at - 2] in _DAY_BEFORE and tokens[at - 1][:1].isupper())  # ("by Lightroom date")


_FIRST_SPAN = frozenset("day week month shift".split())
_NOT_WORKPLACES = frozenset("gym gym's gyms fitness yoga crossfit climbing pilates boxing leisure pool "
                            "university college school academy class course".split())


def loose_statement(tokens: list[str], lows: list[str], user: str, subject_of, skip_words, not_name,
                    end_words, relations, noun_slot=lambda _low: None) -> tuple[str, str, frozenset] | None:
    """(subject, slot, value words) of a clause with no frame, or None.
    `subject_of(lows, at)` is supersession's reading of who the words before `at` name;
    `noun_slot(word)` the slot its lexicon gives a noun ("flat": home, "Nissan": car), which
    counts as a topic word when it is owned or new ("our new Oslo flat") or a brand."""
    if len(lows) > LONGEST or any(low in _PAST_OR_NOT for low in lows):
        return None  # (a long clause holds too many names and topics to tell which is the value)
    needs = min((k for k, low in enumerate(lows) if low in ("need", "needs")), default=len(lows))
    lows = ["love" if (low, nxt) in _LIKING or (before, low) in _LIKING else low
            for before, low, nxt in zip(["", *lows[:-1]], lows, [*lows[1:], ""])]  # ("can't stop": neither a negation nor a stop)
    if not INSTRUMENTS.isdisjoint(lows) and not _PLAYING.isdisjoint(lows):  # "practising the banjo every night"
        at = min(k for k, low in enumerate(lows) if low in INSTRUMENTS)
        subject = subject_of(lows, at)
        played = {low for low in lows if low in INSTRUMENTS}
        if subject is not None and not any(lows[k] in _CLASS_NOUNS for k in range(at + 1, min(len(lows), at + 2))):
            return subject, "instrument", frozenset(played)
    topics = [(at, TOPIC[low]) for at, low in enumerate(lows) if low in TOPIC]
    topics += [(at, "job") for at, low in enumerate(lows) if low in _FIRST_SPAN and at > 0 and lows[at - 1] == "first"
               and lows[at + 1:at + 2] == ["at"] and at + 2 < len(tokens) and tokens[at + 2][:1].isupper()
               and relations.isdisjoint(lows[at + 3:]) and _SOON.isdisjoint(lows)
               and _NOT_WORKPLACES.isdisjoint(lows[at + 2:at + 6])]
    # ("first day at Booking.com went ok", "my first week at Klarna": a job begun; not "first week at Gold's Gym")
    for at, low in enumerate(lows):
        slot = None if low in TOPIC else noun_slot(low)
        if slot is not None and lows[max(0, at - 2):at] == ["the", "new"]:
            continue  # "The new Galaxy looks great": a product, no one's
        if slot is not None and slot.endswith("!") and _ACQUIRING.isdisjoint(lows) \
                and not {"my", "our", *_OWNED} & set(lows[max(0, at - 3):at]):
            continue  # "Saw a Porsche on the motorway", "The Pixel 9 launch is next week": no one's
        if slot is not None and (slot.endswith("!") or any(b in _OWNED for b in lows[max(0, at - 3):at])):
            topics.append((at, slot.rstrip("!")))  # ("!": a brand, its own cue)
    topics.sort()
    dishes = _dishes(lows)
    if dishes and not any(slot == "food" for _at, slot in topics):
        topics.append((min(at for at, low in enumerate(lows) if low in DISHES or any(
            tuple(lows[at:at + len(phrase)]) == phrase for phrase in _PHRASES_BY_FIRST.get(low, ()))), "food"))  # "Obsessed with pho right now": the dish says the slot
    for at, slot in topics:
        if slot == "food" and _LIKING_WORDS.isdisjoint(lows):
            continue
        if slot == "team" and lows[at] in _WEAK_TEAM and _SPORT.isdisjoint(lows) and TEAM_WORDS.isdisjoint(lows) \
                and not (lows[at].startswith("fan") and at > 0 and tokens[at - 1][:1].isupper()) \
                and not (lows[at].startswith("support") and at > 0 and lows[at - 1] in ("i", "we")):
            continue  # "I'm a fan of Taylor Swift", "your support means a lot": no team ("a Liverpool fan" is)
        if lows[at] in ("date", "dates") and not _dating(tokens, lows, at):
            continue  # "the README is out of date", "rename photos by EXIF date": a day, not a partner
        if lows[at] == "dr" and _VISITING.isdisjoint(lows):
            continue  # "Dr. Okafor gave a great talk", "a Dr Pepper with lunch"
        if slot == "partner" and lows[at] in _PEOPLE_TOPICS and lows[at + 1:at + 2] \
                and lows[at + 1].isalpha() and tokens[at + 1][:1].islower() and lows[at + 1] not in ("is", "now"):
            continue  # "user and partner visited Rome": the partner does something ("my partner Sam", "as my partner")
        if lows[at] in _PEOPLE_TOPICS and slot not in ("partner", "class") \
                and not (slot == "gym" and lows[at + 1:at + 2] == ["at"]):
            continue  # "Ruth, my boss, got tickets for the Red Sox": the boss's ("coffee with my boss at Starbucks";
            # but "booked a personal trainer at PulseFit": the gym)
        if lows[at] in _EVENTS and not _WATCHING.isdisjoint(lows):
            continue  # "Watched the Lakers game", "dinner at Nando's after the match": an evening, not a team
        if at > 0 and lows[at - 1] in _FORMER or lows[at + 1:at + 2] and lows[at + 1] in _COMPOUND \
                and slot in ("car", "phone", "home", "job"):
            continue  # "our old flat", "the car wash on Main Street"
        if slot == "class":  # whose class: read before its name ("Bought supplies for Japanese class")
            value, start = _class_value(tokens, lows, skip_words)
            if not value and lows[at] in ("class", "classes", "session") and lows[at + 1:at + 2] == ["at"] \
                    and at + 2 < len(tokens) and tokens[at + 2][:1].isupper():
                slot = "gym"  # "Did my first class at Peak Performance": a class at a gym, which one is the value
            at = min(at, start)
        subject = subject_of(lows, at)
        if subject is None:
            return None  # a negation or a wish before it
        if slot.startswith("pet") and subject.removeprefix(user + "/") in _HOUSEHOLD and at > 0 \
                and lows[at - 1] in ("the", "our"):
            subject = user  # "The kids chose the name Hazel for the puppy": the family's dog
        if slot == "food":
            value = dishes
        elif slot == "class":
            pass
        else:
            skip = {k for k in range(len(lows)) if lows[k] in TOPIC and tokens[k][:1].islower()}
            if "/" not in subject and subject != user and subject in _names(tokens, lows, skip, not_name, end_words,
                                                                             TOPIC):
                continue  # "Peak Performance has a great sauna": the name is the value, not who (read on)
            if subject != user:  # the person named is the subject, not the value ("my brother Sam")
                skip |= {k for k in range(len(lows)) if lows[k].removesuffix("'s") == subject.rsplit("/", 1)[-1]
                         or (k > 0 and lows[k - 1].removesuffix("'s") in relations)}
            if slot != "partner":  # "Joan and I were tidying my desk": who was with the user, not the value
                skip |= {k for k in range(len(lows)) if (lows[k + 1:k + 3] in (["and", "i"], ["and", "me"])
                         or lows[max(0, k - 2):k] in (["me", "and"], ["i", "and"])) and lows[k] not in TEAM_WORDS}
            value = set(_names(tokens, lows, skip, not_name, end_words, TOPIC))
        value -= {"the", "a", "an"}
        if value and needs < len(lows) and min((k for k, low in enumerate(lows) if low.removesuffix("'s") in value),
                                               default=needs + 1) > needs:
            return None  # "The car needs an MOT", "the dog needs a bath": what follows is a chore (not "My new
            # car, a Kia Niro, needs charging")
        if value:
            return subject, slot, frozenset(value)
    return None

"""Related words: "where do I live?" also looks for "moved", "home", "apartment".

Lexical recall finds only the words a question shares with a memory, and
questions about a person's own life often share none with the answer ("where
do I live?" / "I moved to Lisbon in March"). This is a small table of the
words that answer such questions, written for an agent's memory of its user
(home, work, family, health, travel, study, ...), not fitted to a benchmark.
Recall searches them as a second query whose hits count `related_weight` of a
word match (references/scoring.md), so they lift, but rarely outrank, what
the question names. `recall.related_words` in memory/config.yaml adds words,
or replaces a word's list ([] turns it off). The table is English; for other
languages, add entries there.

No entry lists a word with its key's stem ("friend: friends"): FTS5's porter
stemmer finds those already, and a repeat would only lift every memory the
question's own word found.
"""

from __future__ import annotations

MAX_RELATED = 24  # words added to one query

_TABLE = """
live: home moved house apartment flat hometown reside relocated neighborhood neighbourhood
home: live house apartment flat hometown moved
address: live home street
work: job employer company career profession occupation office colleague coworker boss hired
job: work employer company career profession occupation hired position
company: employer work job startup firm
career: job work profession
birthday: born birth
born: birthday birth
age: born birthday
partner: wife husband girlfriend boyfriend spouse fiance fiancee married
spouse: wife husband partner married
married: wife husband spouse wedding
wedding: married wife husband
family: mother mom mum father dad parents sister brother son daughter kids children wife husband
kids: children son daughter child
children: kids son daughter child
parents: mother mom mum father dad
mother: mom mum
mom: mother mum
father: dad
dad: father
pet: dog cat puppy kitten bird fish hamster rabbit
hobby: pastime enjoy painting drawing hiking camping gardening cooking baking photography knitting fishing dancing yoga pottery
activity: hobby sport pastime
trip: travel vacation holiday visited flight journey
travel: trip vacation holiday visited flight abroad
vacation: trip travel holiday
holiday: trip travel vacation
study: school college university degree course student major
school: study college university degree student class
education: school college university degree study student
degree: university college study major
allergy: allergic
allergic: allergy
food: eat meal cook dish diet cuisine
eat: food meal diet
diet: vegetarian vegan eat food
salary: pay paid income earn
money: pay paid salary budget cost price
phone: number contact mobile
email: contact mail
contact: phone email
meeting: appointment call
appointment: meeting booked scheduled
deadline: due
doctor: health appointment hospital clinic physician
health: doctor sick illness diagnosis medication
sick: ill health
car: drive vehicle
friend: buddy pal
music: song band concert album
movie: film cinema
film: movie cinema
book: read novel
sport: exercise gym team football soccer basketball tennis running swimming cycling
instrument: guitar piano violin drums
art: painting drawing sculpture pottery sketch
drink: coffee tea beer wine juice
exercise: workout gym running
gym: workout exercise
language: speak
name: called
dog: puppy pup
puppy: dog pup
cat: kitten
kitten: cat
move: relocated live home apartment house
hired: job work position employer
tournament: tourney championship competition
tourney: tournament championship competition
competition: contest tournament championship
kid: child children son daughter
child: kid kids son daughter
photo: picture pic photograph
picture: photo pic photograph
run: jog jogging marathon race
jog: run running
class: course lesson workshop
course: class lesson workshop
injury: injured hurt
hurt: injury injured pain
game: match
team: teammates teammate squad
concert: show gig
gift: present
boss: manager supervisor
manager: boss supervisor
supervisor: boss manager
colleague: coworker
coworker: colleague
sofa: couch
couch: sofa
lawyer: attorney solicitor
attorney: lawyer solicitor
physician: doctor
taxi: cab
cab: taxi
subway: metro underground
metro: subway underground
sneakers: trainers
pants: trousers jeans
trousers: pants
trash: garbage rubbish
garbage: trash rubbish
rubbish: trash garbage
cookie: biscuit
biscuit: cookie
candy: sweets chocolate
pharmacy: drugstore chemist
drugstore: pharmacy chemist
soccer: football
autumn: fall
petrol: gas gasoline
apartment: flat condo
medicine: medication pills prescription
medication: medicine pills prescription
dinner: supper
supper: dinner
teacher: tutor instructor professor
tutor: teacher
professor: teacher lecturer
workout: exercise gym training
buy: bought purchase purchased
purchase: buy bought
restaurant: cafe diner bistro eatery
pub: bar
automobile: car vehicle
"""

# Kinds and instances of everyday things, each line a kind and its commonest kinds or instances
# (WordNet 3.0's hyponyms of the noun where it has them: coffee's espresso, cappuccino, caffe latte,
# mocha, decaf; beer's ale, lager, stout, pilsner; wine's merlot, cabernet, chardonnay ..., cut to
# the words people say, with those WordNet is too old for: flat white, cold brew, americano, suv).
# Words of a phrase are joined by "-" ("flat-white": the phrase). A kind's instances are searched
# only for a word no memory holds (recall/search.py, related_words): "coffee?" finds "I always get a
# flat white" in a store that never says coffee; where memories say it, they answer by their own word
# (with the instances searched as well, the update sets' filler, "had a decaf at Story Coffee",
# went above the current answer: references/performance.md, 2026-12-05).
_KINDS = """
coffee: latte espresso cappuccino americano macchiato mocha flat-white cold-brew decaf
tea: matcha chai chamomile oolong earl-grey herbal
beer: ale lager ipa stout pilsner
wine: merlot cabernet chardonnay pinot riesling sauvignon malbec prosecco champagne
vehicle: car truck van motorcycle scooter bike bicycle
shoes: sneakers boots heels sandals loafers trainers
clothes: shirt dress jacket jeans sweater coat hoodie trousers pants
painkiller: ibuprofen paracetamol acetaminophen aspirin advil tylenol
dessert: cake pie ice-cream brownie pudding cheesecake
fruit: apple banana orange strawberries berries grapes mango
vegetable: carrots broccoli spinach tomatoes potatoes lettuce kale
meal: breakfast lunch dinner brunch supper
computer: laptop desktop macbook pc chromebook
laptop: macbook notebook chromebook
flower: rose tulip lily daisy orchid sunflower peony
furniture: sofa couch table chair desk bed bookshelf dresser wardrobe
car: sedan suv hatchback minivan convertible
dog: labrador retriever poodle beagle terrier husky bulldog corgi dachshund spaniel collie pug chihuahua greyhound
cat: tabby siamese
exercise: yoga pilates cycling swimming weightlifting
phone: iphone android smartphone
doctor: gp dentist dermatologist pediatrician
"""

KINDS: dict[str, tuple[str, ...]] = {
    key.strip(): tuple(value.split())
    for key, _, value in (line.partition(":") for line in _KINDS.strip().splitlines())
}

BUILT_IN: dict[str, tuple[str, ...]] = {
    key.strip(): tuple(value.split())
    for key, _, value in (line.partition(":") for line in _TABLE.strip().splitlines())
}


def _forms(term: str) -> list[str]:
    """The term and the base forms a table key may have ("lives", "living" -> "live")."""
    forms = [term]
    if term.endswith("ies") and len(term) > 4:
        forms.append(term[:-3] + "y")
    if term.endswith("s") and len(term) > 3:
        forms.append(term[:-1])
    if term.endswith("ing") and len(term) > 5:
        forms += [term[:-3], term[:-3] + "e"]
    if term.endswith("ed") and len(term) > 4:
        forms += [term[:-2], term[:-1]]
    return forms


def expand(terms: list[str], table: dict[str, tuple[str, ...]],
           kinds: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """The words related to `terms` that are not among them, first found first (at most
    MAX_RELATED); `kinds`: the kinds to add for a term (by the term itself), after its related words."""
    have = set(terms)
    extra: list[str] = []
    for term in terms:
        found = next((table[form] for form in _forms(term) if form in table), ())
        for word in (*found, *(kinds or {}).get(term, ())):
            if word not in have:
                have.add(word)
                extra.append(word)
    return extra[:MAX_RELATED]


def table_for(config: dict) -> dict[str, tuple[str, ...]]:
    """The built-in table with the workspace's `recall.related_words` laid over it."""
    added = config["recall"].get("related_words") or {}
    if not added:
        return BUILT_IN
    return {**BUILT_IN, **added}


def kinds_for(config: dict) -> dict[str, tuple[str, ...]]:
    """The built-in kinds, less those of a word `recall.related_words` names (its list replaces both)."""
    added = config["recall"].get("related_words") or {}
    return {key: value for key, value in KINDS.items() if key not in added} if added else KINDS

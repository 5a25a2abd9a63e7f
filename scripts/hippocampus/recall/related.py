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
doctor: health appointment hospital clinic
health: doctor sick illness diagnosis medication
sick: ill health
car: drive vehicle
friend: buddy
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
"""

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


def expand(terms: list[str], table: dict[str, tuple[str, ...]]) -> list[str]:
    """The words related to `terms` that are not among them, first found first."""
    have = set(terms)
    extra: list[str] = []
    for term in terms:
        for form in _forms(term):
            if form in table:
                for word in table[form]:
                    if word not in have:
                        have.add(word)
                        extra.append(word)
                break
    return extra[:MAX_RELATED]


def table_for(config: dict) -> dict[str, tuple[str, ...]]:
    """The built-in table with the workspace's `recall.related_words` laid over it."""
    added = config["recall"].get("related_words") or {}
    if not added:
        return BUILT_IN
    return {**BUILT_IN, **added}

"""The past forms of an English irregular verb: "win" / "won", "meet" / "met".

A question about the past asks with the verb's base form ("When did Nate
win...?", "Where did you meet her?") and a memory tells it in the past ("I
won the tournament", "we met in Lisbon"). FTS5's porter stemmer joins the
regular forms ("visit", "visited") but not the irregular ones, so recall
searches such a question's irregular verbs in their past forms too, as words
of the query (search.py's match_expression). English only, like the stemmer;
the forms that are mostly another word ("bound", "ground", "wound", "born",
"lay") are left out, as are the verbs among the stopwords ("be", "have",
"do", "get") and the other light verbs (below).
"""

from __future__ import annotations

# base, past, past participle (the verbs whose forms are all alike, "cut", "put", need none)
_VERBS = """
arise arose arisen; awake awoke awoken; beat beaten; become became; begin began begun; bend bent;
bite bit bitten; bleed bled; blow blew blown; break broke broken; breed bred; bring brought; build built;
burn burnt; buy bought; catch caught; choose chose chosen; cling clung; come came; creep crept;
deal dealt; dig dug; draw drew drawn; dream dreamt; drink drank drunk; drive drove driven; eat ate eaten;
fall fell fallen; feed fed; feel felt; fight fought; find found; flee fled; fly flew flown;
forbid forbade forbidden; forget forgot forgotten; forgive forgave forgiven; freeze froze frozen;
give gave given; go went gone; grow grew grown; hang hung; hear heard; hide hid hidden; hold held;
keep kept; kneel knelt; know knew known; lead led; leap leapt; learn learnt; leave left; lend lent;
light lit; lose lost; make made; mean meant; meet met; overcome overcame; pay paid; prove proven;
ride rode ridden; ring rang rung; rise rose risen; run ran; say said; see saw seen;
seek sought; sell sold; send sent; sew sewn; shake shook shaken; shine shone; shoot shot; show shown;
shrink shrank shrunk; sing sang sung; sink sank sunk; sit sat; sleep slept; slide slid; speak spoke
spoken; speed sped; spend spent; spin spun; spring sprang sprung; stand stood; steal stole stolen;
stick stuck; sting stung; stink stank stunk; strike struck; swear swore sworn; sweep swept; swim swam swum;
swing swung; take took taken; teach taught; tear tore torn; tell told; think thought; throw threw thrown;
undergo underwent undergone; understand understood; undertake undertook undertaken; wake woke woken;
wear wore worn; weave wove woven; weep wept; win won; withdraw withdrew withdrawn; write wrote written
"""

# base form -> its past forms; not the light verbs, whose noun carries the meaning ("take a class",
# "make a cake", "go camping", "give a talk", "come home": the noun finds the telling) and whose
# past forms are among the commonest words of any chat (with them: 8 LoCoMo questions up, 3 down;
# without: 6 up, 0 down; references/scoring.md, step 1)
_LIGHT = frozenset(("come", "give", "go", "make", "take"))
_PAST: dict[str, tuple[str, ...]] = {entry.split()[0]: tuple(entry.split()[1:]) for entry in _VERBS.split(";")
                                     if entry.split()[0] not in _LIGHT}
_ASKS_PAST = frozenset(("did", "didn"))  # (the query's words split at apostrophes, as FTS5 splits them)


def past_forms(words: list[str]) -> list[str]:
    """The past forms of the irregular verbs a question asks about in the past
    ("When did Nate win...?": "won"), in order; none unless it asks with "did".
    `words`: the question's words in order, stopwords kept.

    Only that way: "Which gym does the user go to?" is told "I go to...", and a
    question in the past ("What has she made?") shares its form with the
    telling; searching "went" for every "go", or "make" for "made", lost more
    LoCoMo questions than it found (references/scoring.md, step 1). A verb
    after "to" is not the one "did" puts in the past ("What did she like to
    eat?" is not told "ate")."""
    if _ASKS_PAST.isdisjoint(words):
        return []
    return [form for before, word in zip(["", *words], words) if before != "to" for form in _PAST.get(word, ())]

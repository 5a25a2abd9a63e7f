"""Other forms of one name: "postgres" also finds PostgreSQL, "k8s" Kubernetes, "js" JavaScript.

People name the same thing by a short form, a brand's own spelling or the
whole words ("postgres", "PostgreSQL", "psql"; "k8s", "kube", "Kubernetes";
"fridge", "refrigerator"), and lexical recall finds only the form it is
given. These forms are searched as the query's own words, at full weight:
unlike related words (related.py, a fraction of a match) they name the same
thing. Two ways:

1. **Forms of one name** (`GROUPS`): each line one thing's forms, written by
   hand for what an agent's user names: software (the short and brand forms
   of languages, databases and tools, the kind Stack Overflow's tag synonyms
   record: k8s → kubernetes, postgres → postgresql, js → javascript; the
   numeronyms i18n, l10n, a11y, o11y; the initialisms of computing, "ci",
   "pr", "ml"), and everyday clippings and short forms of the English
   dictionaries (fridge, bike, uni, vet, exam, lab, flu, bday, xmas). A query
   word (or its plain base form: "repos" → repo) or two or three query words
   in a row ("new york") that are one form add the group's other forms. Words
   of several meanings are left out where one meaning is the common one
   ("app" for application, "doc", "go", "react", "la"), and so is a pair
   whose whole word FTS5's stemmer joins to a commoner word of another
   sense: "prod" (production is "product" to it), "auth" (authentic), "ad"
   (advertisement: advertise, advertising), "info" (inform), "intro",
   "demo", "exam" (introduce, demonstrate, examine); and the forms of
   address "bro", "sis" ("hey sis" is seldom the sister). In one pooled
   LongMemEval store of 19,179 memories, "sis" and "ad" each put a
   distractor first (references/performance.md, 2026-12-05).
2. **Clipped forms the store never holds**: a query word of five letters or
   more that no memory holds is read as the start of a word memories do hold
   ("mongo": MongoDB, "elastic": Elasticsearch, "postgres": PostgreSQL), or a
   word memories hold as its start ("mongodb": mongo; the held word more
   than half of the query word, and five letters or more). At most three
   words of the index may extend it; more, and it is too short to say which
   (in a store of everyday chat "insta" begins instant, install, instance ...).
   Only a word the store does not hold is widened, so a word that is there
   finds what it finds today; the index's terms are read through an FTS5
   vocabulary table (store/search_cache.py, `indexed_terms`): a point or
   range lookup, ~1 ms.

Both are English and ASCII; the words of other languages are searched as
they are.
"""

from __future__ import annotations

from .related import _forms

MIN_CLIPPED = 5  # a query word this long or longer may be read as a clipped form
MAX_CLIPPED = 48  # ... and this long at most (English's longest words are 45 letters): a longer "word" is
                  # no clipped form, and looking for each of its beginnings cost a query a letter (a
                  # 1 MB word through the MCP server held it ~2 minutes)
MAX_EXTENSIONS = 3  # words of the index a clipped form may begin before it says nothing
MAX_FORMS = 12  # forms added to one query

# One thing's forms a line; words of a phrase joined by "-" (searched as the phrase).
_GROUPS = """
k8s kubernetes kube
postgres postgresql psql
mongo mongodb
js javascript
ts typescript
py python
nodejs node-js
golang go-lang
tf terraform
tf tensorflow
gh github
gcp google-cloud
aws amazon-web-services
vscode vs-code visual-studio-code
rmq rabbitmq
gql graphql
yml yaml
jpg jpeg
regex regexp regular-expression
db database
repo repository
config configuration
env environment
docs documentation
admin administrator
i18n internationalization internationalisation
l10n localization localisation
a11y accessibility
o11y observability
p13n personalization personalisation
e2e end-to-end
ci continuous-integration
pr pull-request
os operating-system
ui user-interface
ux user-experience
ml machine-learning
ai artificial-intelligence
llm large-language-model
vm virtual-machine
cli command-line
fridge refrigerator
bike bicycle
uni university
vet veterinarian
math maths mathematics
lab laboratory
tv television telly
flu influenza
fave favorite favourite
grandma grandmother granny
grandpa grandfather granddad
bday birthday
xmas christmas
nyc new-york
sf san-francisco
uk united-kingdom
appt appointment
phone telephone cellphone
tee t-shirt tshirt
"""

GROUPS: tuple[tuple[str, ...], ...] = tuple(tuple(line.split()) for line in _GROUPS.strip().splitlines())
_BY_FORM: dict[str, list[str]] = {}
for _group in GROUPS:
    for _form in _group:
        _BY_FORM.setdefault(_form, [])
        _BY_FORM[_form] += [other for other in _group if other != _form and other not in _BY_FORM[_form]]


def table_forms(terms: list[str]) -> list[str]:
    """The other forms the table gives the query's terms (single words, and runs of two or three
    in a row as one phrase: "new york" -> nyc)."""
    found: list[str] = []
    keys = [form for term in terms for form in dict.fromkeys([term, *_forms(term)])]
    keys += ["-".join(terms[i:i + n]) for n in (2, 3) for i in range(len(terms) - n + 1)]
    for key in keys:
        for other in _BY_FORM.get(key, ()):
            if other not in terms and other not in found:
                found.append(other)
    return found


def clipped_forms(terms: list[str], cache) -> list[str]:
    """For a query word of MIN_CLIPPED letters or more that no memory holds: the index's words it
    begins (at most MAX_EXTENSIONS of them), else the longest word it begins with."""
    found: list[str] = []
    for term in terms:
        if not MIN_CLIPPED <= len(term) <= MAX_CLIPPED or not term.isascii() or not term.isalpha() \
                or cache.holds_word(term):
            continue
        stems = {form for form in (term, *_forms(term)) if len(form) >= MIN_CLIPPED}
        longer = sorted({t for stem in stems for t in cache.indexed_terms(stem, stem + "\uffff", MAX_EXTENSIONS + 1)})
        if longer and len(longer) <= MAX_EXTENSIONS:
            found += [_searchable(t, cache) for t in longer]
            continue
        if longer:
            continue  # too many words begin with it: it says nothing
        for size in range(len(term) - 1, max(MIN_CLIPPED, len(term) // 2 + 1) - 1, -1):
            start = term[:size]
            if cache.indexed_terms(start, start + "\x00", 1):
                found.append(_searchable(start, cache))
                break
    return list(dict.fromkeys(t for t in found if t not in terms))


def _searchable(indexed: str, cache) -> str:
    """A term of the index as a query finds it: as it is where FTS5's stemmer leaves it so, else
    as a prefix ("term*")."""
    return indexed if cache.holds_word(indexed) else indexed + "*"


def other_forms(terms: list[str], cache) -> list[str]:
    """The forms added to a query of `terms`: the table's, then the clipped forms'."""
    return list(dict.fromkeys(table_forms(terms) + clipped_forms(terms, cache)))[:MAX_FORMS]

"""Paraphrase in the default recall path, through the real CLI: other forms of one name
("postgres" / PostgreSQL, "k8s" / Kubernetes: recall/short_forms.py), clipped forms no memory
holds ("elastic" / Elasticsearch), everyday synonyms ("boss" / manager) and the kinds of a thing
("coffee" / a flat white: recall/related.py)."""
import pytest

NOW = "2026-03-10T12:00:00Z"


def _remember(ws, *texts: str) -> list[str]:
    return [ws.remember(text, "--domain", "world", now=NOW) for text in texts]


def _found(ws, query: str, top: int = 5) -> list[str]:
    return [r["content"] for r in ws.json("recall.py", query, "--top", str(top), now=NOW)["results"]]


# pairs of the kinds the table holds, both ways (the query names one form, the memory another)
@pytest.mark.parametrize("query, memory", [
    ("postgres version", "The staging database runs PostgreSQL 15"),
    ("which postgresql do we run", "Upgraded postgres on staging last night"),
    ("k8s", "Our cluster runs on Kubernetes in eu-west-2"),
    ("kubernetes upgrade", "Bumped every k8s node pool to 1.29"),
    ("js build", "The JavaScript bundle is 480 KB gzipped"),
    ("typescript strictness", "TS strict mode is on for the web app"),
    ("mongo backups", "MongoDB snapshots are taken every six hours"),
    ("i18n status", "Internationalization of checkout waits on the legal copy"),
    ("where is the repository", "The repo moved to the platform group"),
    ("refrigerator", "The fridge is making a rattling noise again"),
    ("bike ride", "Took the new bicycle along the river path"),
    ("trip to new york", "Flew into NYC for the conference in May"),
    ("e2e suite", "We added end-to-end tests for the checkout"),
    ("what did I get for her bday", "Bought mum a scarf for her birthday"),
])
def test_another_form_of_the_name_finds_the_memory(ws, query, memory):
    wanted, _other = _remember(ws, memory, "Lunch with the design team on Friday was long")
    out = ws.json("recall.py", query, "--why", now=NOW)["results"]
    assert [r["id"] for r in out] == [wanted]
    assert out[0]["why"]["terms"]  # found by a form of the query's own words, not a related word
    assert "related" not in out[0]["why"]


def test_a_clipped_form_no_memory_holds_finds_the_word_it_begins(ws):
    _remember(ws, "Elasticsearch keeps the logs for 30 days", "My mentor suggested a reading list",
              "Evening class on Tuesdays", "The classroom heating is broken",
              "Instant noodles again", "Install the printer driver", "One instance per region",
              "Posted the photos on Instagram")
    assert _found(ws, "elastic retention") == ["Elasticsearch keeps the logs for 30 days"]
    # the reverse: the query's word begins with a word memories hold (more than half of it)
    assert _found(ws, "mentorship") == ["My mentor suggested a reading list"]
    # a word the store holds finds what it finds: "class" is not widened to "classroom"
    assert _found(ws, "class") == ["Evening class on Tuesdays"]
    # a clipped form more than three words of the index begin says nothing
    assert _found(ws, "insta") == []


def test_a_word_longer_than_any_words_is_no_clipped_form_and_asks_the_index_nothing(ws):
    """A "word" past MAX_CLIPPED letters (a hostile query: a megabyte of "x") is not read as a clipped
    form: looking for each of its beginnings cost one query of the index a letter, and held the MCP
    server for minutes. Counted on the real cache, not timed."""
    from datetime import datetime, timezone

    from hippocampus.recall import short_forms
    from hippocampus.store.workspace import Workspace

    _remember(ws, "My mentor suggested a reading list")
    ws.json("recall.py", "mentor", now=NOW)  # (the cache built)
    cache = Workspace.open(ws.root, datetime(2026, 3, 10, 12, tzinfo=timezone.utc))._open_cache()
    asked = []
    looked_up, held = cache.indexed_terms, cache.holds_word
    cache.indexed_terms = lambda *args: asked.append(args) or looked_up(*args)
    cache.holds_word = lambda word: asked.append(word) or held(word)
    longest = "mentor" + "x" * (short_forms.MAX_CLIPPED - len("mentor"))
    short_forms.clipped_forms([longest], cache)
    assert asked  # (a word of the longest length is still read)
    asked.clear()
    assert short_forms.clipped_forms(["mentor" + "x" * 100_000], cache) == [] and asked == []
    result = ws.run("recall.py", "--json", "--", "mentor" + "x" * 100_000, now=NOW)  # answered, as any query
    assert result.returncode == 0 and "Traceback" not in result.err


@pytest.mark.parametrize("query, memory", [
    ("who is my boss", "My manager Sarah signs off leave requests"),
    ("who is my manager", "My boss Sarah signs off leave requests"),
    ("new couch", "We finally ordered the green sofa"),
    ("did I find an attorney", "Found a lawyer for the lease dispute"),
    ("taxi home", "Took a cab back from the airport at 2am"),
    ("automobile repairs", "The car needs a new clutch"),
])
def test_an_everyday_synonym_finds_the_memory(ws, query, memory):
    wanted, _other = _remember(ws, memory, "Lunch with the design team on Friday was long")
    out = ws.json("recall.py", query, "--why", now=NOW)["results"]
    assert [r["id"] for r in out] == [wanted]
    assert out[0]["why"]["related"]


@pytest.mark.parametrize("query, memory", [
    ("what coffee do I like", "I always get a flat white at the corner place"),
    ("favourite beer", "An IPA from the harbour brewery is my go-to"),
    ("which dog breed do we have", "Our labrador sheds all over the sofa"),
])
def test_a_kind_finds_its_instances_where_no_memory_names_it(ws, query, memory):
    wanted, _other = _remember(ws, memory, "Lunch with the design team on Friday was long")
    out = ws.json("recall.py", query, "--why", now=NOW)["results"]
    assert [r["id"] for r in out] == [wanted]
    assert out[0]["why"]["related"]


def test_a_kind_memories_name_is_answered_by_its_own_word(ws):
    (instance,) = _remember(ws, "I always get a flat white at the corner place")
    assert _found(ws, "coffee") == ["I always get a flat white at the corner place"]
    # where memories say "coffee", they answer; the instances are not searched (the update sets'
    # filler, "had a decaf at Story Coffee", went above the current answer when they were)
    (named,) = _remember(ws, "Coffee beans are cheaper at the Saturday market")
    assert _found(ws, "coffee") == ["Coffee beans are cheaper at the Saturday market"]
    # the word's entry in config turns its kinds off with its related words
    ws.run("forget.py", named, now=NOW)
    assert _found(ws, "coffee") == ["I always get a flat white at the corner place"]
    (ws.store / "config.yaml").write_text("recall:\n  related_words:\n    coffee: []\n")
    assert _found(ws, "coffee") == []

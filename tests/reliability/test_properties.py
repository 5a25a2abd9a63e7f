"""Property-based tests: the markdown round trip and the query sanitiser."""

import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippocampus.store import memfile
from hippocampus.recall.search import match_expression
from hippocampus.store.search_cache import TOKENIZERS, sql_text
from hippocampus.text.textutil import clean_text, searchable, words

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=300)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(content=TEXT, category=st.from_regex(r"[a-z0-9][a-z0-9_\-]{0,20}", fullmatch=True),
       keywords=st.lists(st.text(min_size=1, max_size=20), max_size=5), source=TEXT)
def test_markdown_round_trip(content, category, keywords, source):
    content = clean_text(content).strip()
    if not content:
        return
    memory = {"id": "mem_0123456789ab", "domain": "user", "category": category, "content": content,
              "created": "2026-01-01T00:00:00Z", "keywords": [clean_text(k) for k in keywords],
              "source": clean_text(source)}
    meta, body = memfile.parse(memfile.render(memory))
    assert body == content.strip()
    assert meta["id"] == "mem_0123456789ab" and meta["category"] == category
    if memory["source"]:
        assert meta["source"] == memory["source"]
    assert meta.get("keywords", []) == [k for k in memory["keywords"]][:20] or not memory["keywords"]


DB = sqlite3.connect(":memory:")
DB.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize={sql_text(TOKENIZERS[0])})")
DB.execute("INSERT INTO t VALUES ('a quick brown fox jumps over the lazy dog')")


@settings(max_examples=500)
@given(query=st.text(max_size=200))
def test_any_query_is_safe_fts5(query):
    try:
        match, terms = match_expression(clean_text(query))
    except Exception as exc:  # only "no words" is allowed
        assert "no words" in str(exc)
        return
    assert terms
    DB.execute("SELECT rowid FROM t WHERE t MATCH ?", (match,)).fetchall()


WORDS = sqlite3.connect(":memory:")
WORDS.execute(f"CREATE VIRTUAL TABLE w USING fts5(x, tokenize={sql_text(TOKENIZERS[0])})")


def _words_missing_their_text(text: str) -> list[str]:
    """The words textutil.words reads in `text` that FTS5, having indexed it, does not find in it."""
    WORDS.execute("DELETE FROM w")
    WORDS.execute("INSERT INTO w VALUES (?)", (text,))
    return [word for word in words(text) if not WORDS.execute(
        "SELECT count(*) FROM w WHERE w MATCH ?", ('"' + word.replace('"', '""') + '"',)).fetchone()[0]]


# the blocks people write in; CJK ideographs and Hangul syllables (all in Unicode 6.1) as they are
_CHECKED = [code for low, high in ((0x20, 0x24f), (0x370, 0x52f), (0x591, 0x6ff), (0x900, 0xdff), (0xe00, 0xeff),
                                   (0x1000, 0x109f), (0x1780, 0x17ff), (0x2000, 0x206f), (0x3000, 0x30ff),
                                   (0x1f300, 0x1f64f))
            # FTS5's character tables are Unicode 6.1, Python's newer: a character added since
            # (Ϳ U+037F, Ԩ U+0528) may fold or count as a letter differently; those 5 are left out
            for code in range(low, high + 1)
            if chr(code).isprintable() and not _words_missing_their_text(searchable(chr(code)))]
WRITTEN = st.one_of(st.sampled_from([chr(code) for code in _CHECKED]),
                    st.characters(min_codepoint=0x4e00, max_codepoint=0x9fff),
                    st.characters(min_codepoint=0xac00, max_codepoint=0xd7a3))


@settings(max_examples=500)
@given(text=st.text(alphabet=WRITTEN, min_size=1, max_size=80))
def test_every_word_we_read_in_a_text_finds_it(text):
    # the words recall queries with (textutil.words) are the index's tokens: a word
    # cut where FTS5 does not cut (or the reverse) would find nothing, or fragments
    assert _words_missing_their_text(searchable(clean_text(text))) == []
    assert len(_CHECKED) > 0.99 * 3871  # the printable characters of those blocks, but a handful

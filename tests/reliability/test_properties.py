"""Property-based tests: the markdown round trip and the query sanitiser."""

import sqlite3

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippocampus import memfile
from hippocampus.search import match_expression
from hippocampus.search_cache import TOKENIZER
from hippocampus.textutil import clean_text

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
DB.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, tokenize='{TOKENIZER}')")
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

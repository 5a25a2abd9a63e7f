"""Recall: FTS5 lexical relevance blended with importance and recency.

Queries are data: the text is split into words and each word is passed to
FTS5 as a quoted string, so no character of a query can act as FTS5 syntax.
"""

from __future__ import annotations

from datetime import datetime

from .errors import UsageError
from .scoring import decayed, recency
from .textutil import STOPWORDS, words
from .timeutil import parse_time_or
from .workspace import Workspace

MAX_QUERY_TERMS = 32
RESULT_FIELDS = ("id", "content", "score", "importance", "domain", "category", "store", "status",
                 "source", "episode", "file", "created")


def match_expression(query: str) -> tuple[str, list[str]]:
    """The FTS5 MATCH string for any text, and the terms it searches for."""
    terms = list(dict.fromkeys(words(query)))
    meaningful = [t for t in terms if t not in STOPWORDS]
    terms = (meaningful or terms)[:MAX_QUERY_TERMS]
    if not terms:
        raise UsageError("the query has no words to search for")
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms), terms


def recall(workspace: Workspace, query: str, *, top: int = 5, domain: str | None = None,
           category: str | None = None, min_score: float = 0.0, include_archived: bool = False,
           now: datetime | None = None) -> list[dict]:
    now = now or workspace.now
    config = workspace.config
    weights = config["recall"]
    match, _terms = match_expression(query)
    where, params = [], []
    if not include_archived:
        where.append("AND mem.status IS NOT 'archived'")
    if domain:
        where.append("AND mem.domain = ?")
        params.append(domain)
    if category:
        where.append("AND mem.category = ?")
        params.append(category)
    cache = workspace.reader_cache()
    candidates = cache.search(match, " ".join(where), params, limit=max(top * 10, 100))
    if not candidates:
        return []
    best = max(lexical for _m, lexical in candidates) or 1.0
    results = []
    for memory, lexical in candidates:
        importance = decayed(memory, now, config)
        moment = parse_time_or(memory.get("lastAccessed") or memory.get("created"), now)
        score = (weights["relevance_weight"] * (lexical / best)
                 + weights["importance_weight"] * importance
                 + weights["recency_weight"] * recency(moment, now, weights["recency_half_life_days"]))
        if score < min_score:
            continue
        memory["importance"] = importance
        memory["score"] = round(score, 4)
        results.append(memory)
    results.sort(key=lambda m: (-m["score"], m["id"]))
    return [{field: m.get(field) for field in RESULT_FIELDS} for m in results[:top]]

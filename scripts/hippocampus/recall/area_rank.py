"""Recall's part "area": an error or lesson memory about a place the query
names (a path or its folder, a command, a project: text/areas.py) is lifted
by `recall.area_weight`, so a mistake made once surfaces when the agent walks
back into the same area (references/scoring.md, step 12)."""

from __future__ import annotations

import re

AREA_CATEGORIES = ("errors", "lessons")
AREA_CANDIDATES = 50  # the errors and lessons sought by the query's words when it names an area
# what a query naming a path, a command in backticks or after "$ ", a file or a repository has; a
# command named in prose ("npm test") finds its error by its words, and then the pool holds one
_MAY_NAME_AREA = re.compile(r"[/`\\]|\$ |\w\.[A-Za-z]|(?i:\brepo|\bproject)")


def area_lifts(cache, query: str, match: str, where: str, params: list, pool: dict, weights: dict,
               admitted) -> dict[str, list[str]]:
    """The error and lesson memories about an area the query names (a path or a
    folder of it, a command, a project: text/areas.py), with the areas met.
    When the query names one, the errors and lessons its words find join the
    pool (however many ordinary memories share more of its words)."""
    if weights["area_weight"] <= 0:
        return {}
    candidates = [m for m in pool.values() if m.get("category") in AREA_CATEGORIES]
    if not candidates and not _MAY_NAME_AREA.search(query):
        return {}  # (most recalls: text/areas.py is not even loaded)
    from ..text.areas import keys, meet, words_as_projects
    named = keys(query)
    if named:
        lessons = f"{where} AND mem.category IN ({','.join('?' * len(AREA_CATEGORIES))})"
        for memory, _lexical in cache.search(match, lessons, [*params, *AREA_CATEGORIES], AREA_CANDIDATES):
            if memory["id"] not in pool and admitted(memory):
                pool[memory["id"]] = memory
        candidates = [m for m in pool.values() if m.get("category") in AREA_CATEGORIES]
    if not candidates:
        return {}
    named = named | words_as_projects(query)
    met = {}
    for memory in candidates:
        shared = meet(named, keys(memory.get("content", "")))
        if shared:
            met[memory["id"]] = shared[:5]
    return met

"""What a memory just remembered may update: the live memories an agent may name with
`supersede.py NEW OLD` (remember --json's `candidates`; references/scoring.md, "Supersession").

The agent understands "Bye bye Qashqai, hello Galaxy"; the phrase reader may not. So remember
offers, at most LIMIT, each {id, content, created}:

1. the live holders of the subject|slot keys the reader finds in the new memory, with another
   value than it gives and older than it (those it superseded itself are in `supersedes`), newest
   first; with a fresh search cache also those the learned reading holds for those keys (not an
   episode: it is offered only where the reader reads the slot in it, "Moved to Lyon today");
2. with a fresh cache, the same for the user's slots the learned reading (slot_model.py) is sure
   the new memory states, and for the values it names in passing (mentions.py);
3. with a fresh cache, the closest by one full-text (FTS5) query of the new memory's words, those of
   its domain first (the domain is a guess: "Bye bye Qashqai, hello Galaxy" reads as the world's,
   "I drive a Qashqai" as the user's); neither an episode nor a procedure (an event or a how-to is
   no value to update).

An episode (a daily-log entry) gets only the first two: an event is offered what it plainly
restates, never what merely shares its words. Bounded: one indexed look per key, one FTS5 query
of at most MAX_TERMS words returning at most SCAN rows; inside remember's transaction, before
its commit (the cache is as the index was loaded; what this transaction changed is read from it).
"""

from __future__ import annotations

from ..text.textutil import STOPWORDS, one_line, searchable, unspaced, words

LIMIT = 3  # offered at most
SCAN = 10  # rows the full-text query returns (some may be filtered out)
MAX_TERMS = 16  # words of the new memory searched for (its names first)
PER_KEY = 5  # holders read per key
SHOWN = 240  # characters of a candidate's text


def candidates(tx, memory: dict, superseded: list[str] | tuple = ()) -> list[dict]:
    """The memories `memory` (just put in `tx`) may update, for an agent to judge: at most LIMIT,
    each {id, content, created}; `superseded`: what it superseded already (not offered)."""
    if memory.get("store") == "procedural":
        return []
    from ..text.supersession import same_value, values as slot_values
    from .supersede import holders, moment
    content = memory.get("content", "")
    new_moment = moment(memory)
    skip = {memory["id"], *superseded}
    chosen: list[dict] = []

    def offer(found: list[dict], episodes: bool = True) -> None:
        for other in found:
            if len(chosen) >= LIMIT:
                return
            current = tx.by_id.get(other["id"])  # (as this transaction leaves it)
            if current is None or current["id"] in skip or current.get("supersededBy") \
                    or current.get("status") == "archived" or current.get("store") == "procedural" \
                    or (not episodes and current.get("store") == "episodic") or moment(current) > new_moment:
                continue
            skip.add(current["id"])
            chosen.append(current)

    def newest(found) -> list[dict]:
        return sorted(found, key=lambda m: (moment(m), m["id"]), reverse=True)

    stated = slot_values(content)
    for key, value in stated.items():  # 1. the same subject and slot, by the reader
        offer(newest(m for m in holders(tx, key, memory["id"])
                     if not same_value(value, slot_values(m.get("content", "")).get(key))))
    fresh = tx._cache_matches_index()
    cache = tx.workspace._open_cache() if fresh else None
    if cache is not None and len(chosen) < LIMIT:  # 2. what the learned reading and the names in passing add
        from ..text.mentions import mention_keys
        from ..text.slot_model import user_keys
        keys = list(stated) + [k for k in user_keys(content, stated=list(stated)) if k not in stated]
        keys += [k[1:] for k in mention_keys(content, list(stated)) if k[1:] not in keys]  # ("~user|car")
        for key in keys:  # (an episode only where the reader reads the slot in it: "Moved to Lyon today")
            if key not in stated:
                offer(newest(cache.by_ids([i for i in cache.slot_holders(key)[:50] if i not in skip])))
            offer(newest(cache.by_ids([i for i in cache.learned_holders(key, PER_KEY) if i not in skip])),
                  episodes=False)
            if len(chosen) >= LIMIT:
                break
    if cache is not None and len(chosen) < LIMIT and memory.get("store") != "episodic":  # 3. the closest words
        match = _match(content)
        if match:
            where = "AND mem.status IS NOT 'archived' AND mem.superseded IS NULL AND mem.store NOT IN ('procedural', 'episodic')"
            found = [m for m, _score in cache.search(match, where, [], SCAN)]
            offer(sorted(found, key=lambda m: m.get("domain") != memory.get("domain")), episodes=False)
    return [{"id": m["id"], "content": one_line(m.get("content", ""), SHOWN), "created": m.get("created")}
            for m in chosen]


def _match(content: str) -> str:
    """An FTS5 MATCH for any of the text's words (each a quoted string, never FTS5 syntax): its
    capitalised words (names, values) first, at most MAX_TERMS."""
    text = searchable(content[:2000])
    named = {p for w in text.split() if w[:1].isupper() for p in _pieces(w)}
    terms = [t for t in dict.fromkeys(_pieces(text)) if t not in STOPWORDS and t != "user"
             and (len(t) > 1 or unspaced(t))]
    terms.sort(key=lambda t: t not in named)  # (stable: the named first, in their order)
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms[:MAX_TERMS])


def _pieces(text: str) -> list[str]:
    """Its words as FTS5's tokenizer splits them (an apostrophe separates: "Gina's" is gina, s)."""
    return [piece for word in words(text) for piece in word.split("'") if piece]

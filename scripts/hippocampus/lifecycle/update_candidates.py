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
3. with a fresh cache, the closest by one full-text (FTS5) query of the new memory's words (SCAN
   rows, best first), those that state a value (the cache's slot table: read, learned or named in
   passing) of a subject the new memory's keys name first, then those stating any value, then
   those of its domain (the domain is a guess: "Bye bye Qashqai, hello Galaxy" reads as the
   world's, "I drive a Qashqai" as the user's): what a fact updates is a statement, and filler
   that shares a word ("new", "weekend") states nothing; neither an episode nor a procedure (an
   event or a how-to is no value to update).

A holder of the slot the reader superseded by a memory that states no value of it (a link of
another slot, read wrongly: "Wren is in a relationship with Jonas" by "Wren did a half marathon")
is still offered, after the live ones. Near-repeats are offered once ("need a haircut so badly",
"Need a haircut so badly. Lazy Sunday ...": 80% of the shorter one's words).

An episode (a daily-log entry) gets only the first two: an event is offered what it plainly
restates, never what merely shares its words. Bounded: one indexed look per key, one FTS5 query
of at most MAX_TERMS words returning at most SCAN rows (those holding a word in 1 to COMMON_ROWS
rows, where the text has one: each word's rows counted no further); inside remember's transaction, before
its commit (the cache is as the index was loaded; what this transaction changed is read from it).
"""

from __future__ import annotations

from ..text.textutil import STOPWORDS, one_line, searchable, unspaced, words

LIMIT = 3  # offered at most
SCAN = 20  # rows the full-text query returns (some may be filtered out)
MAX_TERMS = 16  # words of the new memory searched for (its names first)
PER_KEY = 5  # holders read per key
SHOWN = 240  # characters of a candidate's text
COMMON_ROWS = 1000  # a word in more rows than this narrows nothing: rows must hold a rarer one too


def candidates(tx, memory: dict, superseded: list[str] | tuple = ()) -> list[dict]:
    """The memories `memory` (just put in `tx`) may update, for an agent to judge: at most LIMIT,
    each {id, content, created}; `superseded`: what it superseded already (not offered)."""
    if memory.get("store") == "procedural":
        return []
    from ..text.supersession import keys as slot_keys, same_value, values as slot_values
    from .supersede import holders, moment
    content = memory.get("content", "")
    new_moment = moment(memory)
    skip = {memory["id"], *superseded}
    chosen: list[dict] = []
    said: list[set] = []  # the words of those chosen

    def offer(found: list[dict], episodes: bool = True, key: str | None = None, rows: bool = False) -> None:
        for other in found:
            if len(chosen) >= LIMIT:
                return
            # as this transaction leaves it: a cache row (`rows`: the cache matches index.json) is the
            # memory unless this transaction changed it (looking it up in the index would read the index)
            current = tx.touched.get(other["id"]) or (other if rows else tx.by_id.get(other["id"]))
            if current is None or current["id"] in skip or current.get("status") == "archived" \
                    or current.get("store") == "procedural" or moment(current) > new_moment \
                    or (not episodes and current.get("store") == "episodic") \
                    or current.get("supersededBy") and not _read_elsewhere(current, key):
                continue
            skip.add(current["id"])
            mine = set(words(current.get("content", "")[:2000]))
            if any(len(mine & other) >= 0.8 * min(len(mine), len(other)) for other in said):
                continue  # (the same words again: "need a haircut so badly" / "Need a haircut so badly. Lazy ...")
            said.append(mine)
            chosen.append(current)

    def newest(found) -> list[dict]:  # (those the reader superseded, on another slot, after the live ones)
        return sorted(found, key=lambda m: (not m.get("supersededBy"), moment(m), m["id"]), reverse=True)

    def _read_elsewhere(holder: dict, key: str | None) -> bool:
        """Did the reader supersede this holder of `key` by a memory that states no value of `key` (a link of
        another slot, read wrongly: "Wren is in a relationship with Jonas" by "Wren did a half marathon")?"""
        if key is None or holder.get("supersededHow") == "stated":
            return False
        successor = tx.by_id.get(holder["supersededBy"])
        return successor is not None and key not in slot_keys(successor.get("content", ""))

    stated = slot_values(content)
    for key, value in stated.items():  # 1. the same subject and slot, by the reader
        offer(newest(m for m in holders(tx, key, memory["id"])
                     if not same_value(value, slot_values(m.get("content", "")).get(key))), key=key)
    fresh = tx._cache_matches_index()
    cache = tx.workspace._open_cache() if fresh else None
    keys = list(stated)
    if cache is not None and len(chosen) < LIMIT:  # 2. what the learned reading and the names in passing add
        from ..text.mentions import mention_keys
        from ..text.slot_model import user_keys
        keys += [k for k in user_keys(content, stated=list(stated)) if k not in stated]
        keys += [k[1:] for k in mention_keys(content, list(stated)) if k[1:] not in keys]  # ("~user|car")
        for key in keys:  # (an episode only where the reader reads the slot in it: "Moved to Lyon today")
            if key not in stated:
                offer(newest(cache.by_ids([i for i in cache.slot_holders(key)[:50] if i not in skip])), key=key,
                      rows=True)
            offer(newest(cache.by_ids([i for i in cache.learned_holders(key, PER_KEY) if i not in skip])),
                  episodes=False, rows=True)
            if len(chosen) >= LIMIT:
                break
    if cache is not None and len(chosen) < LIMIT and memory.get("store") != "episodic":  # 3. the closest words
        match = _match(content, cache)
        if match:
            where = "AND mem.status IS NOT 'archived' AND mem.superseded IS NULL AND mem.store NOT IN ('procedural', 'episodic')"
            found = [m for m, _score in cache.search(match, where, [], SCAN)]
            held = cache.slot_keys_of([m["id"] for m in found])  # (what each states, reads, names in passing)
            subjects = {key.split("|", 1)[0] for key in keys}

            def rank(pair) -> tuple:  # what states a value of the same subject, then any value, its domain first
                at, other = pair
                found_keys = [key.lstrip("~+") for key in held.get(other["id"], ())]
                return (not any(key.split("|", 1)[0] in subjects for key in found_keys), not found_keys,
                        other.get("domain") != memory.get("domain"), at)
            offer([other for _at, other in sorted(enumerate(found), key=rank)], episodes=False, rows=True)
    return [{"id": m["id"], "content": one_line(m.get("content", ""), SHOWN), "created": m.get("created")}
            for m in chosen]


def _match(content: str, cache=None) -> str:
    """An FTS5 MATCH for any of the text's words (each a quoted string, never FTS5 syntax): its
    capitalised words (names, values) first, at most MAX_TERMS. With `cache`, and words in more
    than COMMON_ROWS rows beside others in at least one: only rows holding one of the others (a word
    in none would narrow it to nothing), ranked by all of them
    (`(rare OR ...) AND (every OR ...)`): FTS5 scores every row a query matches, and at 100,000
    memories a word in a tenth of them made this query ~100 ms of a remember (references/performance.md,
    "One remember at 100,000")."""
    text = searchable(content[:2000])
    named = {p for w in text.split() if w[:1].isupper() for p in _pieces(w)}
    terms = [t for t in dict.fromkeys(_pieces(text)) if t not in STOPWORDS and t != "user"
             and (len(t) > 1 or unspaced(t))]
    terms.sort(key=lambda t: t not in named)  # (stable: the named first, in their order)
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms[:MAX_TERMS]]
    match = " OR ".join(quoted)
    if cache is not None and len(quoted) > 1:
        rare = [term for term in quoted if 0 < cache.rows_up_to(term, COMMON_ROWS) <= COMMON_ROWS]
        if rare and len(rare) < len(quoted):
            match = f"({' OR '.join(rare)}) AND ({match})"
    return match


def _pieces(text: str) -> list[str]:
    """Its words as FTS5's tokenizer splits them (an apostrophe separates: "Gina's" is gina, s)."""
    return [piece for word in words(text) for piece in word.split("'") if piece]

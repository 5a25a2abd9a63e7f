"""Recall's last step: of a chain of superseded memories, the one the question
asks about ranks first (references/scoring.md, "Supersession").

A question about now (or with no time word) puts the current memory (the
chain's head) just above the best-scoring member of its chain; one about
before ("used to", "previously", "my old phone") puts the latest superseded
one there; one naming a time ("in 2024") the one that held then. The others
keep their scores: a stale memory stays findable, below the one preferred.

A link an agent stated (`supersededHow: stated`: remember --supersedes,
supersede.py) wins for a question about now, whatever the reader makes of the
newer memory's words: the chain's newest member takes the place of its best
member, and whatever that one was put above ("Took a position as bookbinder"
above "I work as a nurse", though the reader reads no job in it).
"""

from __future__ import annotations

from ..text.slot_questions import asked_keys, query_tense
from ..text.textutil import words

SLOT_WEIGHT = 1.5  # relevance units (the best word match's is 1): a statement of the slot a question asks for
HOPS = 12  # the longest chain followed (a guard against a loop made by hand)
LOOKED_AT = 20  # results whose chains are read (at least 4x the top asked for)
# A memory of more than this many words is no statement of a slot here: a transcript's turn or an
# assistant's advice, where the reader's reading is one sentence among many ("I recently attended a
# photography workshop" read as the user's class, an advice on home offices as the user's job). Its
# reading puts nothing first: no slot lift, no current holder, no chain's choice the reader linked.
# The statements the reader was written and measured on are shorter (the update sets' longest: 50).
STATEMENT_WORDS = 60


def _short(memory: dict) -> bool:
    """Could the memory be one statement of a slot (at most STATEMENT_WORDS words)?"""
    return len(words(memory.get("content", ""))) <= STATEMENT_WORDS


def _forward(cache, memory: dict, admitted) -> list[dict]:
    """memory, its successor, theirs ... to the head (the last one a recall may show)."""
    path, seen = [memory], {memory["id"]}
    while path[-1].get("supersededBy") and len(path) < HOPS:
        nxt = cache.get(path[-1]["supersededBy"])
        if nxt is None or nxt["id"] in seen or not admitted(nxt):
            break
        path.append(nxt)
        seen.add(nxt["id"])
    return path


def moment(memory: dict) -> str:
    """When a memory's value began to hold: its creation, or its revival (as lifecycle/supersede.py)."""
    return max(memory.get("created") or "", memory.get("revivedAt") or "")


MENTIONS = 10  # the newest memories naming the slot's value in passing read (text/mentions.py)
LEARNED = 10  # the newest memories the learned reading holds for the slot read (text/slot_model.py)


def _holders(cache, key: str, admitted) -> tuple[list[dict], set[str], set[str]]:
    """The memories stating a value of `key`, and the newest few naming one in passing (a mention) or
    that the learned reading holds for it; with the ids of those two kinds."""
    ids = cache.slot_holders(key) if not key.endswith("|pet") else cache.slot_holders_like(key + "%")
    if "|pet:" in key and not ids:  # a pet of no kind said ("we adopted Mochi") may be the dog asked for
        ids = cache.slot_holders(key.split(":", 1)[0])
    ids = ids[:50]
    named, learned = cache.mention_holders(key, MENTIONS), cache.learned_holders(key, LEARNED)
    ids += [i for i in named + learned if i not in ids]
    return [m for m in cache.by_ids(ids) if admitted(m) and _short(m)], set(named), set(learned)


def _asks_for(key: str, asked) -> bool:
    """Is `key` one of the keys asked ('user|pet' asks for every pet)?"""
    return key in asked or any(a.endswith("|pet") and key.startswith(a) for a in asked)


def _states(cache, asked: set[str], memory: dict) -> bool:
    """Does the memory state one of the keys asked? Read from the cache's slot table, which holds each
    memory's keys since it was indexed (no parsing per recall)."""
    return any(_asks_for(k, asked) for k in cache.slot_keys_of([memory["id"]]).get(memory["id"], ()))


def _left_for(cache, memory: dict, key: str, admitted) -> dict | None:
    """The memory that says `memory`'s value of `key` was left ("Left Lego for Atlassian", "we broke up",
    text/departures.py), when that is what superseded it: the one current now, though it states no value."""
    newer = cache.get(memory["supersededBy"]) if memory.get("supersededBy") else None
    if newer is None or not admitted(newer) or moment(newer) < moment(memory) \
            or key in cache.slot_keys_of([newer["id"]]).get(newer["id"], ()):
        return None  # (a holder of the key is among the holders already)
    from ..text.departures import departures, leaves
    from ..text.supersession import values
    return newer if leaves(departures(newer.get("content", "")), key, values(memory.get("content", "")).get(key)) \
        else None


def _newest_value(key: str, said: list[dict], newest: str) -> set[str]:
    """The words of the value of `key` the newest statements give."""
    from ..text.supersession import values
    stated = set()
    for memory in said:
        if moment(memory) == newest:
            stated |= set(values(memory.get("content", "")).get(key) or ())
    return stated


def _names_the_said(mention: dict, key: str, stated: set[str]) -> bool:
    """Does a mention name only the value the newest statement gave (`stated`: "I almost quit Siemens" after
    "I work at Siemens")? Then the statement, which says more, stays the current one."""
    if not stated:
        return False
    from ..text.mentions import mentions
    named = mentions(mention.get("content", "")).get(key) or []  # (every word of it: "iPhone 16" is another)
    return bool(named) and all(set(n.lower().split()) <= stated for n in named)


def _backed(mentioned: list[dict], key: str) -> list[dict]:
    """The mentions whose value another of them, made on another day, names too."""
    from ..text.mentions import mentions
    names = {m["id"]: {n.lower() for n in mentions(m.get("content", "")).get(key) or ()} for m in mentioned}
    return [m for m in mentioned if any(o["id"] != m["id"] and moment(o)[:10] != moment(m)[:10]
                                        and names[m["id"]] & names[o["id"]] for o in mentioned)]


def slot_reading(cache, query: str, memory: dict) -> dict | None:
    """For `--why`: the asked keys a memory holds, and what read them: the statement reader ("reader"), a
    value named in passing ("passing", mentions.py) or, where neither did, the learned model ("model",
    text/slot_model.py)."""
    asked = set(asked_keys(query))
    held = [k for k in cache.slot_keys_of([memory["id"]]).get(memory["id"], ()) if _asks_for(k.lstrip("~+"), asked)]
    if not held:
        return None
    from ..text.supersession import keys
    stated = [k for k in keys(memory.get("content", "")) if _asks_for(k, asked)]
    passing, learned = any(k.startswith("~") for k in held), any(k.startswith("+") for k in held)
    by = "reader" if stated else "passing+model" if passing and learned else "passing" if passing else "model"
    return {"keys": sorted({k.lstrip("~+") for k in held}), "read_by": by}


def slot_statements(cache, query: str, admitted) -> list[dict]:
    """The memories stating a value of the subject and slot the question asks
    for ("where does the user live?": the user's homes); where that value has
    changed, the one the question asks about is then put first (`lifts`)."""
    found = []
    for key in asked_keys(query):
        found += _holders(cache, key, admitted)[0]
    return found


def preferred(cache, memory: dict, tense: str, windows, admitted) -> tuple[dict | None, list[dict]]:
    """(the member of memory's chain the question asks for, the chain members read)."""
    path = _forward(cache, memory, admitted)
    head = path[-1]
    if windows:
        from ..text.timeutil import format_time
        members = path
        if len(path) == 1:
            members = sorted((m for m in cache.predecessors(head["id"]) if admitted(m)),
                             key=lambda m: m.get("created") or "") + path
        starts = [format_time(start) for start, _end in windows]
        ends = [format_time(end) for _start, end in windows]
        held = None
        for position, member in enumerate(members):  # valid from its creation to its successor's
            begin = member.get("created") or ""
            until = members[position + 1].get("created") if position + 1 < len(members) else "9999"
            if any(begin < end and until > start for start, end in zip(starts, ends)):
                held = member
        return held, members
    if tense == "past":
        if len(path) > 1:
            return path[-2], path
        earlier = [m for m in cache.predecessors(head["id"]) if admitted(m)]
        if not earlier:
            return None, path
        latest = max(earlier, key=lambda m: m.get("created") or "")
        return latest, [latest, head]
    return (head if len(path) > 1 else None), path


def _stated_links(members: list[dict], choice: dict) -> bool:
    """Whether every link of the chain up to `choice` was stated by an agent (none a reading)."""
    linked = [m for m in members if m.get("supersededBy") and m["id"] != choice["id"]]
    return bool(linked) and all(m.get("supersededHow") == "stated" for m in linked)


def _stated_head(cache, memory: dict, admitted) -> list[dict] | None:
    """When an agent stated what superseded `memory`: its chain of stated supersessions, from it to
    the newest member (a link the reader made after that is no statement: the chains below follow it)."""
    path, seen = [memory], {memory["id"]}
    while path[-1].get("supersededHow") == "stated" and path[-1].get("supersededBy") and len(path) < HOPS:
        nxt = cache.get(path[-1]["supersededBy"])
        if nxt is None or nxt["id"] in seen or not admitted(nxt):
            break
        path.append(nxt)
        seen.add(nxt["id"])
    return path if len(path) > 1 else None


def _stated_wins(cache, ids, wanted: dict, pool: dict, admitted) -> None:
    """For a question about now: each memory of `ids` an agent said was superseded gives its place to the
    newest member of its stated chain, which is put above it and above all it was to be put above."""
    for memory_id in dict.fromkeys(ids):
        memory = pool.get(memory_id) or cache.get(memory_id)
        path = _stated_head(cache, memory, admitted) if memory is not None else None
        if path is None:
            continue
        head = path[-1]
        members = [m["id"] for m in path[:-1]]
        below = list(members)
        for member in members:
            below += [i for i in wanted.pop(member, ()) if i not in below]
        pool.setdefault(head["id"], head)
        mine = wanted.setdefault(head["id"], [])
        mine += [i for i in below if i not in mine and i != head["id"]]


def lifts(cache, query: str, windows, scored: list, pool: dict, top: int, admitted,
          matched: frozenset = frozenset(), shares=None) -> dict[str, tuple[float, list]]:
    """{memory id: (its score to be, the ids it is put above)} for the preferred
    member of each chain among the best results; memories not in `pool` are
    added to it (the caller scores them first, then applies the lifts).

    `shares(memory)`: whether a memory shares a word (or a related word) with
    the question; a chain the reader linked lifts only such a member when the
    question asks for no slot (below)."""
    tense = query_tense(query)
    asked = set(asked_keys(query))
    wanted: dict[str, list] = {}
    reach = max(LOOKED_AT, 4 * top)
    done: set[str] = set()
    if tense == "present" and not windows:
        stated = cache.slot_keys_of([entry[2] for entry in scored[:reach]]) if asked else {}
        for key in asked:  # what the question asks for: its current holder above the others
            holders, named, learned = _holders(cache, key, admitted)
            if not holders:
                continue
            said = [m for m in holders if m["id"] not in named and m["id"] not in learned]
            newest_said = max((moment(m) for m in said), default="")
            later = [m for m in holders if m["id"] in named | learned and moment(m) > newest_said]
            value = _newest_value(key, said, newest_said) if later else set()  # (read once, if needed)
            # a mention is current only when newer than every statement (an older one was replaced already;
            # a link it has is of a slot it states: "Joined Equinox" read as a job), and, where a statement
            # holds the slot, only when another memory of another day names the same value since (a name in
            # passing is too often a trip, a gift, someone's car: one alone does not overturn what was said)
            newer = [m for m in later if m["id"] in named and not _names_the_said(m, key, value)]
            # what the learned reading holds counts only when newer than every statement (it is never
            # superseded, as it links nothing: an older one would stay live past every change said since),
            # when it does not name the value the newest statement gives ("took the bus instead of the Golf
            # today"), when it is not a name in passing (then the rule above: the model reads nearly any
            # sentence naming a city as a home, "Cycling along the canal in Utrecht tonight", p 0.998), and
            # when it shares a word (or a related word) with the question: on styles it was never trained on
            # it reads a trip or a test drive as a home or a car ("User is back from two days in Vienna"),
            # and a reading alone puts nothing first (references/performance.md, 2026-12-04)
            read = [m for m in later if m["id"] not in named and m["id"] in matched
                    and not (value and value & set(words(m.get("content", ""))))]
            # a name in passing the learned reading also holds for the slot is two readings agreeing: enough
            # ("Joined Equinox, finally." after "My gym is Gold's Gym"); not for a home, which the model reads
            # in nearly any sentence naming a city
            agreed = [m for m in newer if m["id"] in learned and not key.endswith("|home")]
            live = [m for m in said if not m.get("supersededBy")] + (_backed(newer, key) + agreed if said else newer) \
                + read
            current = max(live or holders, key=lambda m: (moment(m), m["id"]))
            left = None if live else _left_for(cache, current, key, admitted)
            current = left or current  # ("Where does the user work?" after "Left Lego for Atlassian": that)
            below = [m["id"] for m in holders if m["id"] != current["id"]]
            # and, when it shares a word with the question (`matched`: a holder read wrongly must not come
            # first on its reading alone), above the best results that state no value of it: another's
            # value of the slot ("Where does the user live?": not the sister's city) or none
            if current["id"] in matched:
                below += [entry[2] for entry in scored[:reach] if entry[2] != current["id"]
                          and entry[2] not in below and key not in stated.get(entry[2], ())]
            if not below:
                continue
            pool.setdefault(current["id"], current)
            wanted.setdefault(current["id"], [])
            wanted[current["id"]] += [i for i in below if i not in wanted[current["id"]]]
            done.update(m["id"] for m in holders)
    for entry in scored[:reach]:
        memory = pool[entry[2]]
        if memory["id"] in done:
            continue
        if not memory.get("supersededBy") and tense == "present" and not windows:
            continue  # (a current memory needs no lift for a question about now)
        choice, members = preferred(cache, memory, tense, windows, admitted)
        if choice is None:
            continue
        if not _short(choice) and not _stated_links(members, choice):
            continue  # (a long memory's reading puts nothing first: STATEMENT_WORDS)
        if asked and not _states(cache, asked, choice):
            continue  # (a chain of another slot this memory also states: "moved in with my partner Sam")
        if not asked and shares is not None and not shares(choice) and not _stated_links(members, choice):
            # a question that asks for no slot: a member the reader linked, sharing no word with it, is
            # another topic the same key was read in ("Staying fit is a priority! Shibuya has gyms" after
            # "The Fitbit Charge 3 is a popular choice", both read as the user's gym; LongMemEval's pool
            # chained eleven such): a reading alone puts nothing first
            continue
        others = [m["id"] for m in members if m["id"] != choice["id"]]
        if not others:
            continue
        pool.setdefault(choice["id"], choice)
        wanted.setdefault(choice["id"], [])
        wanted[choice["id"]] += [i for i in others if i not in wanted[choice["id"]]]
    if tense == "present" and not windows:  # what an agent stated wins (the reader's reading or not)
        _stated_wins(cache, [*wanted, *(entry[2] for entry in scored[:reach]), *done], wanted, pool, admitted)
    return wanted

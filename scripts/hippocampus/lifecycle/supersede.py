"""Linking superseded memories, inside a transaction (references/scoring.md, "Supersession").

The older memory gets `supersededBy` (the newer id), `supersededHow` (`stated`:
an agent named it, `remember --supersedes`, `supersede.py`; `read`: found by the
reader) and confidence `stale`; the newer lists it in `supersedes`. Nothing is
deleted. A stated link is never moved by a reading (the agent knew). Holders of a
subject|slot key are found in the search cache's slot table (an index: no
scan per call) when it matches the index, else by reading every memory once
per transaction (as duplicate lookups do); consolidation's pass over every
memory (plan_links) takes the keys the cache read too, reading again only the
texts the transaction changed.
"""

from __future__ import annotations

from ..errors import NotFound, UsageError
from ..base.model import check_id
from ..base.scoring import DECISIONS, rebase
from ..text.departures import OTHER, departures, leaves
from ..text.supersession import keys as slot_keys, successors, values as slot_values


def moment(memory: dict) -> str:
    """When a memory's value began to hold: its creation, or its revival."""
    return max(memory.get("created") or "", memory.get("revivedAt") or "")


STATED, READ = "stated", "read"  # how a link was made (`supersededHow`)
HOPS = 64  # the longest chain followed when looking for a loop (a guard against one made by hand)


def link(tx, old: dict, new: dict, how: str = READ) -> None:
    """`old` is superseded by `new` (and no longer by the one it named before). A link an agent
    stated stands against a reading (`how` read): the reader neither moves it nor makes a loop
    with it; a stated link that would close a loop ends the loop at `new`, which is current."""
    if old["id"] == new["id"]:
        return
    before = old.get("supersededBy")
    if before == new["id"]:
        if how == STATED and old.get("supersededHow") != STATED:
            old["supersededHow"] = STATED
            tx.put(old)
        return
    prior = tx.by_id.get(before) if before else None
    if how != STATED and old.get("supersededHow") == STATED and prior is not None and prior.get("status") != "archived":
        return  # (once the stated successor is forgotten, a reading may link it again)
    if _leads_to(tx, new, old["id"]):
        if how != STATED:
            return
        _unlink(tx, new)
    if before and tx.by_id.get(before) is not None:
        previous = tx.by_id[before]
        remaining = [i for i in previous.get("supersedes") or [] if i != old["id"]]
        previous["supersedes"] = remaining or None
        tx.put(previous)
    if not before:
        _rate_changes(tx, old)  # a decision no longer current fades twice as fast from now on
    old["supersededBy"] = new["id"]
    old["supersededHow"] = how
    old["confidence"] = "stale"
    new["supersedes"] = list(dict.fromkeys([*(new.get("supersedes") or []), old["id"]]))
    tx.put(old)
    tx.put(new)


def _rate_changes(tx, memory: dict) -> None:
    """A decision is about to be superseded, or current again: how fast it fades changes
    (scoring.SUPERSEDED_DECISION_MULTIPLIER), so it is rebased first: the days already past
    keep the decay they had (scoring.rebase)."""
    if memory.get("category") == DECISIONS and memory.get("status") != "archived":
        rebase(memory, tx.now, tx.config)


def _leads_to(tx, memory: dict, target: str) -> bool:
    """Does `memory`'s chain of successors reach `target`?"""
    seen, at = {memory["id"]}, memory
    while at.get("supersededBy") and len(seen) < HOPS:
        if at["supersededBy"] == target:
            return True
        at = tx.by_id.get(at["supersededBy"])
        if at is None or at["id"] in seen:
            return False
        seen.add(at["id"])
    return False


def _unlink(tx, memory: dict) -> None:
    """`memory` is current: its link to a successor goes (the successor no longer lists it)."""
    successor = tx.by_id.get(memory.get("supersededBy") or "")
    if successor is not None:
        remaining = [i for i in successor.get("supersedes") or [] if i != memory["id"]]
        successor["supersedes"] = remaining or None
        tx.put(successor)
    _rate_changes(tx, memory)
    memory.pop("supersededBy", None)
    memory.pop("supersededHow", None)
    memory["confidence"] = "observed"
    tx.put(memory)


def _state(tx) -> dict:
    state = getattr(tx, "_supersession", None)
    if state is None:
        state = tx._supersession = {"local": {}, "upto": 0, "all": None}
    return state


def holders(tx, key: str, exclude: str) -> list[dict]:
    """The live memories stating a value for `key` (those changed in this
    transaction included), but `exclude`."""
    return [memory for memory, _key in _holding(tx, key, exclude)]


def _holding(tx, key: str, exclude: str, naming: frozenset = frozenset()) -> list[tuple[dict, str]]:
    """(memory, its key) for the live memories stating `key`, or, for a key ending in "|",
    any key of that subject ("user|": every slot of the user's) whose text has one of the
    words `naming` (read before the text is parsed: a subject may hold thousands)."""
    state = _state(tx)
    for memory_id in tx.ids[state["upto"]:]:
        memory = tx.by_id.get(memory_id)
        if memory is not None and memory.get("store") != "procedural":
            for found in slot_keys(memory.get("content", "")):
                state["local"].setdefault(found, set()).add(memory_id)
    state["upto"] = len(tx.ids)
    prefix = key.endswith("|")

    def matching(table: dict) -> set:
        if not prefix:
            return set(table.get(key, ()))
        return {i for found, ids in table.items() if found.startswith(key) for i in ids}

    ids = matching(state["local"])
    if tx._cache_matches_index():
        cache = tx.workspace._open_cache()
        found = cache.subject_holders(key[:-1]) if prefix else cache.slot_holders(key)
        ids.update(i for i in found if i not in tx.touched)
    else:
        if state["all"] is None:
            state["all"] = {}
            for memory in tx.memories:
                if memory.get("status") != "archived" and memory.get("store") != "procedural":
                    for found in slot_keys(memory.get("content", "")):
                        state["all"].setdefault(found, set()).add(memory["id"])
        ids.update(i for i in matching(state["all"]) if i not in tx.touched)
    held = []
    for memory_id in sorted(ids):
        memory = tx.by_id.get(memory_id)
        if memory_id == exclude or memory is None or memory.get("status") == "archived":
            continue
        if naming and not any(word in memory.get("content", "").lower() for word in naming):
            continue
        for found in slot_keys(memory.get("content", "")):  # (as it reads now)
            if found == key or prefix and found.startswith(key):
                held.append((memory, found))
    return held


def link_new(tx, memory: dict) -> list[str]:
    """Link a memory just added to the holders of its keys: it supersedes the
    older ones with another value (and is superseded by a newer one, when
    memories arrive out of order). Returns the ids it superseded."""
    superseded = []
    for key, value in slot_values(memory.get("content", "")).items():
        others = holders(tx, key, memory["id"])
        if not others:
            continue
        by_id = {m["id"]: m for m in others}
        table = [(m["id"], moment(m), slot_values(m.get("content", "")).get(key)) for m in others]
        desired = successors(table + [(memory["id"], moment(memory), value)])
        if memory["id"] in desired:
            link(tx, memory, by_id[desired[memory["id"]]])
        for old in others:
            now_by = old.get("supersededBy")
            if desired.get(old["id"]) == memory["id"] and (now_by is None or now_by in by_id):
                link(tx, old, memory)
                if old.get("supersededBy") == memory["id"]:  # (a stated link stands)
                    superseded.append(old["id"])
    return superseded + [i for i in link_departures(tx, memory) if i not in superseded]


def left_by(memory: dict, left: list, holding: list[tuple[dict, str]]) -> list[dict]:
    """Of `holding` ((memory, key) of the subjects `left` names), the older current statements that
    `memory` says were left ("quit Lego": the statement of Lego in a slot one quits; "quit my job":
    the latest job): `left` is departures(memory's text)."""
    older = [(m, key) for m, key in holding
             if m["id"] != memory["id"] and not m.get("supersededBy") and moment(m) < moment(memory)]
    gone = {}
    for departure in left:
        subject, words, _slots = departure
        ended = [m for m, key in older if key.startswith(subject + "|")
                 and leaves([departure], key, slot_values(m.get("content", "")).get(key) if words else None)]
        if not words and ended:  # ("quit my job": the one current)
            ended = [max(ended, key=lambda m: (moment(m), m["id"]))]
        gone.update((m["id"], m) for m in ended)
    return list(gone.values())


def link_departures(tx, memory: dict) -> list[str]:
    """A memory that says its subject left something ("Left Lego for Atlassian", "we broke up")
    supersedes the statement of it, whatever it states itself (text/departures.py)."""
    left = departures(memory.get("content", ""))
    if not left:
        return []
    holding = []
    for subject, words, slots in left:
        slot = next(iter(slots)) if len(slots) == 1 else OTHER
        holding += _holding(tx, f"{subject}|{slot}", memory["id"]) if not words and slot != OTHER \
            else _holding(tx, subject + "|", memory["id"], words)
    gone = left_by(memory, left, holding)
    for old in gone:
        link(tx, old, memory)
    return [old["id"] for old in gone if old.get("supersededBy") == memory["id"]]


def link_explicit(tx, memory: dict, old_ids: list[str]) -> list[str]:
    """`--supersedes ID`: an agent that knows says so (an unknown id is NotFound)."""
    olds = []
    for old_id in old_ids:
        old = tx.by_id.get(check_id(old_id))
        if old is None:
            raise NotFound(f"no memory with id {old_id} to supersede")
        olds.append(old)
    for old in olds:
        link(tx, old, memory, STATED)
    return [old["id"] for old in olds if old["id"] != memory["id"]]


def supersede_ids(tx, new_id: str, old_ids: list[str]) -> dict:
    """supersede.py NEW OLD...: an agent says NEW replaces each OLD (stated links, as `remember
    --supersedes` makes them, for a memory already remembered). Unknown ids are NotFound (nothing is
    written); NEW among the OLDs, or NEW forgotten (archived), is a usage error. Returns {id,
    supersedes: the ids linked now, already: those NEW was already stated to supersede}."""
    new = tx.get(check_id(new_id))
    olds = [tx.get(check_id(old_id)) for old_id in dict.fromkeys(old_ids)]
    if any(old["id"] == new["id"] for old in olds):
        raise UsageError(f"{new['id']} cannot supersede itself")
    if new.get("status") == "archived":
        raise UsageError(f"{new['id']} is forgotten (archived): reinforce it first, then say what it replaces")
    linked, already = [], []
    for old in olds:
        if old.get("supersededBy") == new["id"] and old.get("supersededHow") == STATED:
            already.append(old["id"])
            continue
        link(tx, old, new, STATED)
        linked.append(old["id"])
    if linked:
        tx.summary = f"{new['id']} supersedes {', '.join(linked[:5])}{' …' if len(linked) > 5 else ''} (stated)"
    return {"id": new["id"], "supersedes": linked, "already": already}


def revive(tx, memory: dict) -> str | None:
    """A superseded memory reinforced explicitly (the person says it again) is
    current again: its stale mark goes, and the memory that was current is
    superseded by it. Returns that memory's id."""
    if not memory.get("supersededBy"):
        return None
    head, seen = memory, {memory["id"]}
    while head.get("supersededBy") and head["supersededBy"] not in seen and tx.by_id.get(head["supersededBy"]):
        head = tx.by_id[head["supersededBy"]]
        seen.add(head["id"])
    previous = tx.by_id.get(memory["supersededBy"])
    if previous is not None:
        remaining = [i for i in previous.get("supersedes") or [] if i != memory["id"]]
        previous["supersedes"] = remaining or None
        tx.put(previous)
    _rate_changes(tx, memory)
    memory.pop("supersededBy", None)
    memory.pop("supersededHow", None)
    memory["confidence"] = "observed"
    from ..text.timeutil import format_time
    memory["revivedAt"] = format_time(tx.now)
    tx.put(memory)
    revived = None
    if head is not memory and head.get("supersededBy") is None:
        link(tx, head, memory)
        revived = head["id"]
    if not hasattr(tx, "_revived"):
        tx._revived = []
    tx._revived.append((memory["id"], revived))
    return revived


def _keys_read(tx) -> dict[str, tuple[int, list[str]]] | None:
    """What the search cache read for each memory (SearchCache.keys_read), when it matches
    index.json (None: every text is read)."""
    if tx is None or not tx._cache_matches_index():
        return None
    import sqlite3
    try:
        return tx.workspace._open_cache().keys_read()
    except sqlite3.DatabaseError:
        return None


def plan_links(memories, tx=None, read_ahead: dict | None = None) -> list[tuple[dict, dict]]:
    """Consolidation: every (old, new) pair the keys show that no link names yet
    (a memory already superseded keeps its link, explicit or found). With `tx`, a memory's
    keys come from the search cache where its row holds the memory's text (read once, when
    written); a text the row does not hold (changed in this transaction, or a reader's view
    of a hand edit since put back) is read. `read_ahead`: id -> (hash of the text, what
    departures() reads in it), read elsewhere (the sleep's child); a text whose hash differs
    is read here."""
    memories = [m for m in memories if m.get("status") != "archived" and m.get("store") != "procedural"]
    read = _keys_read(tx) or {}
    groups: dict[str, list[dict]] = {}
    for memory in memories:
        content = memory.get("content", "")
        known = read.get(memory["id"])
        if known is not None and known[0] == hash(content):
            keys = [key for key in known[1] if key[:1] not in ("~", "+")]
        else:
            keys = slot_keys(content)
        for key in keys:
            groups.setdefault(key, []).append(memory)
    pairs = []
    latest = {}  # the departures: a memory that says what its subject left (lifecycle above)
    for memory in memories:
        content = memory.get("content", "")
        ahead = read_ahead.get(memory["id"]) if read_ahead else None
        left = ahead[1] if ahead is not None and ahead[0] == hash(content) else departures(content)
        if left:
            latest[memory["id"]] = (memory, left)
    for key, members in groups.items():
        if len(members) < 2:
            continue
        by_id = {m["id"]: m for m in members}
        table = [(m["id"], moment(m), slot_values(m.get("content", "")).get(key)) for m in members]
        for old_id, new_id in successors(table).items():
            if by_id[old_id].get("supersededBy") is None:
                pairs.append((by_id[old_id], by_id[new_id]))
    planned = {old["id"] for old, _new in pairs}
    of_subject: dict[str, list[tuple[dict, str]]] = {}
    for key, members in groups.items():
        of_subject.setdefault(key.split("|", 1)[0], []).extend((m, key) for m in members)
    for memory, left in latest.values():
        holding = [pair for subject in dict.fromkeys(s for s, _w, _slot in left) for pair in of_subject.get(subject, ())]
        for old in left_by(memory, left, holding):
            if old["id"] not in planned:
                pairs.append((old, memory))
                planned.add(old["id"])
    return pairs


def check_ids(tx, old_ids: list[str]) -> None:
    for old_id in old_ids:
        if tx.by_id.get(check_id(old_id)) is None:
            raise NotFound(f"no memory with id {old_id} to supersede")


def summary_note(tx, result: dict) -> str:
    """The audit line's words for what a memory superseded: ' (NEW supersedes OLD)'."""
    ids = result.get("supersedes") or []
    return f" ({result['id']} supersedes {', '.join(ids[:5])}{' …' if len(ids) > 5 else ''})" if ids else ""


def bulk_note(results: list[dict]) -> str:
    """The same for many memories stored at once (the first five pairs)."""
    pairs = [r for r in results if r.get("supersedes")]
    if not pairs:
        return ""
    count = sum(len(r["supersedes"]) for r in pairs)
    return f", superseding {count} (" + "; ".join(
        f"{r['id']} supersedes {', '.join(r['supersedes'][:5])}" for r in pairs[:5]) + \
        ("; …" if len(pairs) > 5 else "") + ")"


def notes(tx) -> str:
    """What revivals in this transaction changed, for its audit line."""
    said = getattr(tx, "_revived", None) or []
    return "".join(f" ({old} current again; {old} supersedes {head})" if head else f" ({old} current again)"
                   for old, head in said[:5])

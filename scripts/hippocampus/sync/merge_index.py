"""Merging two versions of memory/index.json against their common base, by memory id.

Git calls this (scripts/merge_driver.py, references/sync.md) when both sides
changed the index. Every event on either side is kept:

- a memory new on either side is kept (ours first, in our order, then theirs);
- reinforcements are counted from both: base + (ours - base) + (theirs - base);
  the state of the side reinforced last is taken and the other side's extra
  reinforcements applied on it (scoring.reinforced), then importance is
  recomputed from that base and the time (scoring.decayed): never averaged;
- the latest access is kept;
- a forget (archive) stands when the other side did nothing timed after it
  (a reinforcement after the forget revives the memory); a purge always
  stands (its words must not come back);
- a text changed on one side is taken; changed differently on both, ours
  stays the memory and theirs becomes a second memory (`editConflictOf`),
  recorded in hippocampus/meta/conflicts.md by the next sync (merge_settle.py);
- lists (keywords, links, conflicts, ...) are united; other fields follow
  the side that changed them (ours when both did); a supersession an agent
  stated (`supersededHow: stated`) stands against one a reading made on the
  other side, and `supersededHow` goes with the link taken.

The result is validated with model.normalise_index before it is written.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime

# fields that come from the memory's file and go together (the file's hash names its text)
TEXT_FIELDS = ("content", "hash", "file", "title", "keywords", "domain", "category", "source", "episode")
LIST_FIELDS = ("mergedFrom", "conflicts", "entities", "links", "related", "sources", "invalidatedFor")
ARCHIVE_FIELDS = ("archivedAt", "archivedBecause", "mergedInto")
WEIGHT_FIELDS = ("importance", "baseImportance", "lastAccessed", "timesReinforced", "status", "confidence",
                 "decayFrom", "lowSince", "outcomeGood", "outcomeBad", "invalidatedBecause", "invalidatedAt",
                 *ARCHIVE_FIELDS)


class Unparsable(ValueError):
    """A version that is not an index at all: git's own merge is left to it."""


def parse(data: bytes, where: str) -> dict | None:
    if not data.strip():
        return None  # no base (added on both sides)
    from ..base.model import without_lone_surrogates
    try:
        text = data.decode("utf-8")
        document, _cleaned = without_lone_surrogates(json.loads(text), text)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # (RecursionError: nested thousands deep)
        raise Unparsable(f"{where} is not valid JSON ({exc})") from None
    if not isinstance(document, dict) or not isinstance(document.get("memories"), list):
        raise Unparsable(f"{where} is not a hippocampus index")
    return document


def conflict_id(memory_id: str, content: str) -> str:
    """The id of the second memory a doubly edited one becomes: the same for the
    same edit on every machine and every run (a retried merge adds it once)."""
    digest = hashlib.sha256(f"{memory_id}\0{content}".encode("utf-8")).hexdigest()[:12]
    return f"mem_{digest}"


def _union(*lists) -> list:
    out = []
    for items in lists:
        for item in items or []:
            if item not in out:
                out.append(item)
    return out


def _pick(o, a, b):
    """The value of the side that changed it (ours when both did)."""
    if a == o:
        return b
    return a


def _changed_at(memory: dict | None, base: dict | None) -> str:
    """When this side last did something timed to the memory since the base
    (a reinforcement or access moves lastAccessed); '' when nothing timed."""
    if memory is None:
        return ""
    last = memory.get("lastAccessed") or ""
    if base is not None and last <= (base.get("lastAccessed") or ""):
        return ""
    return last


def merge_memory(o: dict | None, a: dict, b: dict, now: datetime, config: dict) -> tuple[dict, dict | None]:
    """One memory both sides have: (merged, the second memory of a text conflict or None)."""
    from ..base.scoring import decayed, reinforced, status_of

    if a == b and (o is None or a.get("timesReinforced") == o.get("timesReinforced")):
        return a, None  # (the same reinforcement on both sides is two reinforcements: counted below)
    if o is not None and a == o:
        return b, None
    if o is not None and b == o:
        return a, None
    base = o or {}
    if a.get("purged") or b.get("purged"):  # its words are gone on one side: they stay gone
        return (a if a.get("purged") else b), None
    merged = dict(a)
    for key in set(a) | set(b):
        if key in TEXT_FIELDS or key in WEIGHT_FIELDS or key == "id":
            continue
        if key in LIST_FIELDS and (isinstance(a.get(key), list) or isinstance(b.get(key), list)):
            merged[key] = _union(a.get(key), b.get(key)) or None
        else:
            merged[key] = _pick(base.get(key), a.get(key), b.get(key))
    # how a link was made goes with the link taken (stated, when both sides made that link); a link
    # an agent stated stands against one a reading made on the other side (a revival, no link, stands)
    hows = [side.get("supersededHow") for side in (a, b) if merged.get("supersededBy")
            and side.get("supersededBy") == merged["supersededBy"]]
    how = "stated" if "stated" in hows else next((h for h in hows if h), None)
    said = [side for side in (a, b) if side.get("supersededBy") and side.get("supersededHow") == "stated"]
    if merged.get("supersededBy") and how != "stated" and said:
        merged["supersededBy"], how = said[0]["supersededBy"], "stated"
    if how:
        merged["supersededHow"] = how
    else:
        merged.pop("supersededHow", None)
    # the text and what goes with it: one side's, never a mixture
    second = None
    a_text, b_text, o_text = a.get("content"), b.get("content"), base.get("content")
    if a_text == b_text:  # the same text (a file moved, keywords set, or one given its file): field by field
        for key in TEXT_FIELDS:
            merged[key] = _pick(base.get(key), a.get(key), b.get(key))
    else:
        text_side = b if a_text == o_text else a
        for key in TEXT_FIELDS:
            merged[key] = text_side.get(key)
    if a_text != o_text and b_text != o_text and a_text != b_text and b_text:
        second = _second(b, a["id"], config)
    # weight: counted from both sides
    times_o = int(base.get("timesReinforced") or 0)
    extra_a = max(int(a.get("timesReinforced") or 0) - times_o, 0)
    extra_b = max(int(b.get("timesReinforced") or 0) - times_o, 0)
    later, other_extra = (a, extra_b) if (a.get("lastAccessed") or "") >= (b.get("lastAccessed") or "") \
        else (b, extra_a)
    for key in WEIGHT_FIELDS:
        merged.pop(key, None)
        if later.get(key) is not None:
            merged[key] = later[key]
    merged["timesReinforced"] = times_o + extra_a + extra_b
    merged["lastAccessed"] = max(a.get("lastAccessed") or "", b.get("lastAccessed") or "") or later.get(
        "lastAccessed")
    rate = config["reinforce"]["rate"]
    value = float(later.get("baseImportance", later.get("importance", 0.5)))
    for _ in range(other_extra):
        value = reinforced(value, rate)
    merged["baseImportance"] = value
    merged["confidence"] = "observed" if "observed" in (a.get("confidence"), b.get("confidence")) \
        else _pick(base.get("confidence"), a.get("confidence"), b.get("confidence"))
    # archived: stands unless the other side did something timed after it
    archived = [side for side in (a, b) if side.get("status") == "archived"
                and (base.get("status") != "archived" or side.get("archivedAt") != base.get("archivedAt"))]
    kept_archive = None
    if len(archived) == 2:
        kept_archive = a
    elif archived:
        forgot = archived[0]
        other = b if forgot is a else a
        if other.get("status") == "archived" or _changed_at(other, o) <= (forgot.get("archivedAt") or ""):
            kept_archive = forgot
    elif base.get("status") == "archived" and (a.get("status") == "archived" or b.get("status") == "archived"):
        kept_archive = a if a.get("status") == "archived" else b  # neither revived it
    for key in ARCHIVE_FIELDS:
        merged.pop(key, None)
    if kept_archive is not None:
        merged["status"] = "archived"
        merged["importance"] = 0.0
        for key in ARCHIVE_FIELDS:
            if kept_archive.get(key) is not None:
                merged[key] = kept_archive[key]
    else:
        merged["importance"] = decayed(merged, now, config)
        merged["status"] = status_of(merged, merged["importance"], config)
    return merged, second


def _second(theirs: dict, of: str, config: dict) -> dict:
    """Their text of a memory both sides edited: a memory of its own, until resolved."""
    memory = {key: theirs[key] for key in ("domain", "category", "content", "importance", "baseImportance",
                                             "created", "lastAccessed", "keywords", "store", "status",
                                             "episode", "pinned", "confidence") if theirs.get(key) is not None}
    memory.update(id=conflict_id(of, theirs["content"]), timesReinforced=0, source=f"merge:{of}",
                  editConflictOf=of)
    if memory.get("status") == "archived":
        memory["status"] = "active"
    return memory


def merge(o_doc: dict | None, a_doc: dict, b_doc: dict, now: datetime, config: dict) -> dict:
    """The merged index document (not yet validated)."""
    from ..store.readings import needs_note, note
    base = {m["id"]: m for m in (o_doc or {}).get("memories", []) if isinstance(m, dict) and "id" in m}
    ours = {m["id"]: m for m in a_doc["memories"] if isinstance(m, dict) and "id" in m}
    theirs = {m["id"]: m for m in b_doc["memories"] if isinstance(m, dict) and "id" in m}
    out: list[dict] = []
    seconds: list[dict] = []
    placed: set[str] = set()
    for memory_id, a in ours.items():
        b, o = theirs.get(memory_id), base.get(memory_id)
        if b is None:
            if o is not None and a == o:
                continue  # they removed it (it was not changed here)
            out.append(a)
        else:
            merged, second = merge_memory(o, a, b, now, config)
            if merged is not a and merged is not b and needs_note(merged):  # combined from both sides (few):
                note(merged)  # its text's keys, as a writer gives them (store/readings.py)
            out.append(merged)
            if second is not None:
                note(second)
                seconds.append(second)
        placed.add(memory_id)
    for memory_id, b in theirs.items():
        if memory_id in placed:
            continue
        o = base.get(memory_id)
        if o is not None and b == o:
            continue  # we removed it
        out.append(b)
        placed.add(memory_id)
    for second in seconds:
        if second["id"] not in placed:
            out.append(second)
            placed.add(second["id"])
    header = _merge_header(o_doc or {}, a_doc, b_doc)
    header["memories"] = out
    return header


def _merge_header(o: dict, a: dict, b: dict) -> dict:
    out: dict = {}
    for key in [*a, *(k for k in b if k not in a)]:
        if key == "memories":
            continue
        out[key] = _merge_value(o.get(key), a.get(key), b.get(key), key)
    out["stamp"] = os.urandom(8).hex()
    return out


def _merge_value(o, a, b, key: str):
    if a == b:
        return a
    if key in ("lastUpdated", "decayLastRun", "last", "version") and a is not None and b is not None:
        return max(a, b)
    if isinstance(a, dict) and isinstance(b, dict):
        o = o if isinstance(o, dict) else {}
        return {k: _merge_value(o.get(k), a.get(k), b.get(k), k) for k in [*a, *(k for k in b if k not in a)]}
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) \
            and key != "encodedOffset":
        return max(a, b)  # watermarks: how far each side has read
    return _pick(o, a, b)


def merge_bytes(o: bytes, a: bytes, b: bytes, now: datetime, config: dict) -> list:
    """The merged index.json as the parts index_store writes (validated): line by line where the
    three versions are in our layout (merge_lines), else parsed whole."""
    parts = merge_lines(o, a, b, now, config)
    return parts if parts is not None else merge_whole(o, a, b, now, config)


def merge_whole(o: bytes, a: bytes, b: bytes, now: datetime, config: dict) -> list:
    """merge_bytes by parsing the three versions whole (any layout)."""
    from ..store import index_store
    from ..errors import WorkspaceError
    from ..base.model import normalise_index
    o_doc = parse(o, "the base index.json")
    a_doc = parse(a, "our index.json")
    b_doc = parse(b, "their index.json")
    merged = merge(o_doc, a_doc, b_doc, now, config)
    try:
        index, _warnings = normalise_index(merged, now, config["decay"]["rate"])
    except WorkspaceError as exc:
        raise Unparsable(str(exc)) from None
    stamp = merged["stamp"]
    index["stamp"] = stamp
    index["_lines"] = {}
    return index_store.serialise({"stamp": stamp, **{k: v for k, v in index.items() if k != "stamp"}})


# -- line by line: versions in our layout, each memory's line parsed only where the versions differ

def merge_lines(o: bytes, a: bytes, b: bytes, now: datetime, config: dict) -> list | None:
    """merge_bytes for three versions in our layout (sync/index_lines.py), by lines: a memory whose
    line is the same on two sides is decided by comparing bytes, and only the lines that differ are
    parsed and merged as `merge` merges them (at 100,000 memories the three whole parses took ~14 s
    and 1.3 GB for a merge that brought a few memories in). Every line written is checked as
    normalise_index checks an entry (parsed alone: current, or normalised; no id twice). None where
    any version is not in our layout: the caller parses them whole."""
    from ..base.model import is_current, normalise_index, normalise_memory, ordered
    from ..errors import WorkspaceError
    from ..store.index_store import TAIL, header_text
    from ..store.memory_list import line_start
    from ..store.readings import needs_note, note
    from .index_lines import IndexLines, NotOurLayout, parsed
    try:
        base, ours, theirs = IndexLines(o), IndexLines(a), IndexLines(b)
        out: list = []  # a line as it is (bytes-like), or a merged memory
        seconds: list[dict] = []
        for memory_id in ours:
            if memory_id not in theirs:
                if memory_id not in base or not ours.same(memory_id, base):
                    out.append(ours.view(memory_id))  # (else: they removed it, and it was not changed here)
                continue
            if memory_id in base and ours.same(memory_id, base):
                out.append(theirs.view(memory_id))
                continue
            if memory_id in base and theirs.same(memory_id, base) or \
                    memory_id not in base and ours.same(memory_id, theirs):
                out.append(ours.view(memory_id))
                continue
            a_memory, b_memory = ours[memory_id], theirs[memory_id]
            merged, second = merge_memory(base.get(memory_id), a_memory, b_memory, now, config)
            if merged is not a_memory and merged is not b_memory and needs_note(merged):
                note(merged)
            out.append(merged)
            if second is not None:
                note(second)
                seconds.append(second)
        for memory_id in theirs:
            if memory_id not in ours and (memory_id not in base or not theirs.same(memory_id, base)):
                out.append(theirs.view(memory_id))  # (else: we removed it)
        placed = set(ours.spans) | set(theirs.spans)
        out += [second for second in seconds if second["id"] not in placed]
        header = _merge_header(base.header, ours.header, theirs.header)
        try:
            index, _warnings = normalise_index({**header, "memories": []}, now, config["decay"]["rate"])
        except WorkspaceError as exc:
            raise Unparsable(str(exc)) from None
        decay_last_run = header.get("decayLastRun") if isinstance(header.get("decayLastRun"), str) else None
        lines: list = []
        seen: set[str] = set()
        for item in out:
            memory = item if type(item) is dict else parsed(item)
            if is_current(memory):
                start = line_start(memory["id"])
                if type(item) is not dict and item[:len(start)] != start:
                    return None  # (a line whose id is not the one it starts with)
            else:
                memory, _problem = normalise_memory(memory, now, config["decay"]["rate"], decay_last_run)
                if memory is None:
                    continue  # (skipped, as the whole parse skips it)
                item = memory
            if memory["id"] in seen:
                continue
            seen.add(memory["id"])
            lines.append(json.dumps(ordered(memory), ensure_ascii=False).encode("utf-8") if type(item) is dict
                         else item)
    except NotOurLayout:
        return None
    kept = {key: value for key, value in index.items()
            if key not in ("memories", "stamp") and not key.startswith("_")}
    if not lines:
        return [header_text(header["stamp"], kept, empty=True)]
    body = [b",\n"] * (2 * len(lines) - 1)  # (the lines as parts, not joined: no copy of them all)
    body[::2] = lines
    return [header_text(header["stamp"], kept), *body, TAIL]

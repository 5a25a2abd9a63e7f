"""The memory record, the index document, validation and schema migration.

A memory is a plain dict (fast to load, friendly to jq). FIELD_ORDER fixes
how it is written, so one memory's change is one line of `git diff`.
"""

from __future__ import annotations

import math
import re
import os
from datetime import datetime

from .. import INDEX_VERSION
from .config import DOMAINS, STATUSES, STORES
from .scoring import OUTCOME_MAX
from ..errors import UsageError, WorkspaceError
from ..text.timeutil import days_between, format_time, parse_time_or

V1_FIELDS = ("id", "domain", "category", "content", "importance", "created", "lastAccessed",
             "timesReinforced", "keywords")
FIELD_ORDER = ("id", "domain", "category", "content", "importance", "baseImportance", "created",
               "lastAccessed", "timesReinforced", "keywords", "store", "status", "source", "episode",
               "file", "hash", "pinned", "confidence")

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,79}$")
_CATEGORY = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,39}$")


def new_id() -> str:
    return "mem_" + os.urandom(6).hex()


def is_valid_id(value) -> bool:
    return isinstance(value, str) and _ID.match(value) is not None and ".." not in value


def check_id(value: str) -> str:
    if not is_valid_id(value):
        raise UsageError(f"not a memory id: {value[:80]!r} (ids look like mem_3f2a9c1d8e7b)")
    return value


def check_domain(value: str) -> str:
    if value not in DOMAINS:
        raise UsageError(f"unknown domain {value[:40]!r}: choose one of {', '.join(DOMAINS)}")
    return value


def check_store(value: str) -> str:
    if value not in STORES:
        raise UsageError(f"unknown store {value[:40]!r}: choose one of {', '.join(STORES)}")
    return value


def check_category(value: str) -> str:
    normal = re.sub(r"\s+", "-", str(value).strip().lower())
    if not _CATEGORY.match(normal):
        raise UsageError(
            f"not a category: {str(value)[:40]!r} (letters, digits, - and _, at most 40, e.g. preferences)")
    return normal


def check_importance(value) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise UsageError(f"importance must be a number from 0 to 1, got {str(value)[:40]!r}") from None
    if math.isnan(number) or not 0.0 <= number <= 1.0:
        raise UsageError(f"importance must be a number from 0 to 1, got {str(value)[:40]!r}")
    return round(number, 6) + 0.0  # -0 is 0 (never printed as -0.00)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # where JSON may name one
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def may_name_lone_surrogate(raw: str) -> bool:
    """Whether JSON text escapes a surrogate anywhere ("\\ud800"): the cheap test before any cleaning."""
    return _SURROGATE_ESCAPE.search(raw) is not None


def header_defaults(index: dict, now: datetime) -> dict:
    """An index's header as every load leaves it: lastUpdated and decayLastRun present."""
    index.setdefault("lastUpdated", format_time(now))
    index.setdefault("decayLastRun", None)
    return index


def without_lone_surrogates(document, raw: str):
    """A JSON document parsed from `raw`, text a person or another machine may
    have written (index.json edited by hand, a remote's index in a merge), with
    every lone surrogate replaced by U+FFFD; and whether there was one. JSON
    may escape one ("\\ud800") but it is no text: every UTF-8 writer refuses it,
    so one in a memory stopped recall and every writer (exit 4)."""
    if not may_name_lone_surrogate(raw):
        return document, False

    def clean(value):
        if isinstance(value, str):
            return _LONE_SURROGATE.sub("\ufffd", value)
        if isinstance(value, list):
            return [clean(item) for item in value]
        if isinstance(value, dict):
            return {clean(key): clean(item) for key, item in value.items()}
        return value

    cleaned = clean(document)
    return cleaned, cleaned != document


def ordered(memory: dict) -> dict:
    """The memory with known fields first in FIELD_ORDER, extras after, Nones dropped."""
    out = {key: memory[key] for key in FIELD_ORDER if memory.get(key) is not None}
    for key, value in memory.items():
        if key not in out and value is not None:
            out[key] = value
    return out


def new_memory(*, memory_id: str, content: str, domain: str, category: str, importance: float,
               keywords: list[str], store: str, source: str | None, episode: str | None,
               created: datetime, now: datetime, status: str, pinned: bool = False) -> dict:
    stamp = format_time(created)
    return ordered({
        "id": memory_id, "domain": domain, "category": category, "content": content,
        "importance": importance, "baseImportance": importance, "created": stamp,
        "lastAccessed": stamp, "timesReinforced": 0, "keywords": keywords, "store": store,
        "status": status, "source": source, "episode": episode, "pinned": pinned or None,
        "confidence": "observed",
    })


def empty_index(now: datetime) -> dict:
    return {"version": INDEX_VERSION, "lastUpdated": format_time(now), "decayLastRun": None,
            "memories": []}


def _as_float(value, default: float) -> float:
    if isinstance(value, bool):
        return default
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return default if math.isnan(number) else min(max(number, 0.0), 1.0) + 0.0  # -0 is 0


def normalise_memory(raw, now: datetime, rate: float, decay_last_run: str | None) -> tuple[dict | None, str | None]:
    """Coerce one index entry to the current schema; (None, reason) if unusable.

    v1 entries have only `importance` (already decayed by the old compounding
    job). Their baseImportance is set so that our formula, evaluated at the
    last decay run, gives back exactly that importance: nothing jumps.
    """
    if not isinstance(raw, dict):
        return None, "an entry that is not an object"
    memory = dict(raw)
    if not is_valid_id(raw.get("id")):
        # keep the memory: give it a stable id made from what it holds
        import hashlib
        import json
        digest = hashlib.sha256(json.dumps(raw, sort_keys=True, default=str).encode()).hexdigest()[:12]
        if raw.get("id") is not None:
            memory["invalidId"] = str(raw.get("id"))[:80]
        memory["id"] = f"mem_{digest}"
    if not isinstance(memory.get("content"), str):
        memory["content"] = "" if memory.get("content") is None else str(memory["content"])
    if memory.get("domain") not in DOMAINS:
        memory["domain"] = "world"
    if not isinstance(memory.get("category"), str) or not _CATEGORY.match(memory["category"] or ""):
        memory["category"] = "facts"
    if memory.get("store") not in STORES:
        memory["store"] = "semantic"
    if memory.get("status") not in STATUSES:
        memory.pop("status", None)
    importance = _as_float(memory.get("importance"), 0.5)
    memory["importance"] = importance
    created = parse_time_or(memory.get("created"), now)
    memory["created"] = format_time(created)
    last = parse_time_or(memory.get("lastAccessed"), created)
    memory["lastAccessed"] = format_time(last)
    if "baseImportance" not in memory:
        anchor = parse_time_or(decay_last_run, now) if decay_last_run else now
        idle_days = days_between(last, anchor)  # as scoring.decayed counts them
        base = importance / (rate ** idle_days) if rate > 0 else importance
        memory["baseImportance"] = round(min(base, 1.0), 6)
    else:
        memory["baseImportance"] = _as_float(memory.get("baseImportance"), importance)
    times = memory.get("timesReinforced")
    memory["timesReinforced"] = times if isinstance(times, int) and not isinstance(times, bool) and times >= 0 else 0
    keywords = memory.get("keywords")
    memory["keywords"] = [str(k) for k in keywords if isinstance(k, (str, int))] if isinstance(keywords, list) else []
    for key in ("source", "episode", "file", "hash", "confidence", "supersededBy", "supersededHow", "revivedAt"):
        if key in memory and memory[key] is not None and not isinstance(memory[key], str):
            memory[key] = str(memory[key])
    if "supersedes" in memory and not (isinstance(memory["supersedes"], list)
                                       and all(isinstance(i, str) for i in memory["supersedes"])):
        memory["supersedes"] = [str(i) for i in memory["supersedes"]] if isinstance(memory["supersedes"], list) \
            else None
    if "pinned" in memory and not isinstance(memory["pinned"], bool):
        memory["pinned"] = bool(memory["pinned"])
    for key in OUTCOME_FIELDS:  # outcome.py's counts: a whole number from 0 (a hand edit may hold anything)
        if key in memory:
            count = _as_count(memory[key])
            if count:
                memory[key] = count
            else:
                del memory[key]
    return ordered(memory), None


OUTCOME_FIELDS = ("outcomeGood", "outcomeBad")


def _as_count(value) -> int:
    """A count as outcome.py writes it: a whole number from 0 to scoring.OUTCOME_MAX; a
    string of digits is read as its number, anything else (a bool, a negative, a fraction) is 0."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip()[:12])
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        value = int(value)
    if not isinstance(value, int) or value <= 0:
        return 0
    return min(value, OUTCOME_MAX)


def _counts_ok(raw: dict) -> bool:
    """Whether the entry's outcome counts (if any) are as outcome.py writes them (the fast path)."""
    for key in OUTCOME_FIELDS:
        value = raw.get(key)
        if value is not None and (type(value) is not int or value <= 0 or value > OUTCOME_MAX):
            return False
    return True


_TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")


def _unit(value) -> bool:
    return (type(value) is float or type(value) is int) and 0 <= value <= 1


def is_current(raw) -> bool:
    """True for an entry already in the current schema with sane types (the fast path)."""
    if type(raw) is not dict:
        return False
    get = raw.get
    memory_id, category = get("id"), get("category")
    created, last = get("created"), get("lastAccessed")
    return (type(memory_id) is str and _ID.match(memory_id) is not None and ".." not in memory_id
            and type(get("content")) is str and get("domain") in DOMAINS and get("store") in STORES
            and type(category) is str and _CATEGORY.match(category) is not None
            and _unit(get("importance")) and _unit(get("baseImportance"))
            and type(created) is str and _TIMESTAMP.match(created) is not None
            and type(last) is str and _TIMESTAMP.match(last) is not None
            and type(get("timesReinforced")) is int and get("timesReinforced") >= 0
            and type(get("keywords")) is list and get("status", "active") in STATUSES
            and ("outcomeGood" not in raw and "outcomeBad" not in raw or _counts_ok(raw)))


def normalise_index(data, now: datetime, rate: float, where: str = "memory/index.json",
                    trusted: bool = False) -> tuple[dict, list[str]]:
    """Validate and upgrade a parsed index document. Returns (index, warnings).

    `trusted` says this exact file (same size, mtime, inode and stamp) was
    written and validated by us: its entries are taken as they are.

    Raises WorkspaceError for a document that is not an index at all or that
    comes from a newer version than this code understands.
    """
    if not isinstance(data, dict) or not isinstance(data.get("memories"), list):
        raise WorkspaceError(f"{where} is not a hippocampus index (no memories list); run scripts/doctor.py --repair")
    version = data.get("version", 1)
    if isinstance(version, str):
        try:
            version = int(version.split(".")[0])
        except ValueError:
            version = 1
    if not isinstance(version, int) or isinstance(version, bool):
        version = 1
    if version > INDEX_VERSION:
        raise WorkspaceError(
            f"{where} is schema version {version}, newer than this hippocampus understands ({INDEX_VERSION}); upgrade the skill")
    if trusted and version == INDEX_VERSION:
        index = dict(data)  # memories and header as written
        index["_repaired"] = set()
        return index, []
    warnings: list[str] = []
    decay_last_run = data.get("decayLastRun") if isinstance(data.get("decayLastRun"), str) else None
    seen: set[str] = set()
    memories = []
    repaired: set[str] = set()
    for position, raw in enumerate(data["memories"]):
        if version == INDEX_VERSION and is_current(raw):
            memory, problem = raw, None
        else:
            memory, problem = normalise_memory(raw, now, rate, decay_last_run)
            if memory is not None:
                repaired.add(memory["id"])
                if isinstance(raw, dict) and raw.get("id") != memory["id"]:
                    warnings.append(f"{where}: gave the entry at position {position}, which had no valid id, "
                                    f"the id {memory['id']}")
        if memory is None:
            warnings.append(f"{where}: skipped {problem} at position {position}")
            continue
        if memory["id"] in seen:
            warnings.append(f"{where}: skipped a second entry with id {memory['id']}")
            continue
        seen.add(memory["id"])
        memories.append(memory)
    index = {key: value for key, value in data.items() if key != "memories"}
    index["version"] = INDEX_VERSION
    if version < INDEX_VERSION:
        index["migratedFrom"] = version
    header_defaults(index, now)
    index["memories"] = memories
    index["_repaired"] = repaired  # entries that changed on the way in: never reuse their raw lines
    return index, warnings


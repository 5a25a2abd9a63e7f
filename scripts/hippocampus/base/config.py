"""Workspace resolution and tunables: memory/config.yaml over defaults in code.

config.yaml is parsed with yaml.safe_load only when it changed: the parsed
result is cached as JSON under hippocampus/.cache/, keyed on the file's size and
mtime, so the hot path never imports yaml.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
from pathlib import Path

from . import third_party
from ..errors import WorkspaceError

DOMAINS = ("user", "self", "relationship", "world")
STORES = ("semantic", "episodic", "procedural", "vault")
STATUSES = ("core", "active", "background", "archive-candidate", "archived")

DEFAULTS: dict = {
    "decay": {
        # importance = baseImportance * rate ** (whole idle days * multiplier)
        "rate": 0.99,
        "store_multiplier": {"semantic": 1.0, "episodic": 1.5, "procedural": 0.5, "vault": 0.0},
        # decisions: a 90-day half-life (hippo-memory's) where the default is ln 0.5 / ln 0.99 = 68.97 days
        "category_multiplier": {"errors": 0.5, "lessons": 0.5, "decisions": 0.766},
        "consolidated_multiplier": 2.0,  # an episode consolidated into a semantic memory fades this much faster
    },
    "consolidate": {
        "cluster_min": 3,            # episodes on one subject that make a cluster
        "cluster_window_days": 14,   # ... all within this many days
        "duplicate_similarity": 0.85,  # unused: a duplicate needs equal words (textsim.duplicate_key); kept so configs load
        "stale_after_days": 30,      # unused this long: confidence stale
        "archive_below": 0.2,        # importance under this ...
        "archive_after_days": 30,    # ... for this long (seen by consolidation runs): archived
    },
    "reinforce": {"rate": 0.15},
    "thresholds": {"core": 0.7, "active": 0.4, "background": 0.2},
    "recall": {
        # score = relevance_weight * (relevance + boosts) + importance_weight * importance
        #         + recency_weight * recency. relevance is FTS5 BM25 / the best hit's.
        # Boosts and weights were chosen on the LoCoMo dev split with bench/locomo.py
        # (references/scoring.md has the run).
        "relevance_weight": 1.0,
        "importance_weight": 0.15,
        "recency_weight": 0.05,
        "recency_half_life_days": 30,
        "default_top": 5,
        "candidates": 200,        # FTS5 hits considered before re-ranking
        "previous_weight": 0.45,  # contiguity: a hit lifts the memory before it ...
        "next_weight": 0.4,       # ... and the one after it (half as much at distance 2)
        "answer_weight": 1.2,     # ... more when the hit is a question and this memory follows it
        "episode_weight": 0.2,    # every memory of an episode with a hit, x the best hit in it
        "episode_match_weight": 0.4,  # episode as one document: its BM25 against the query
        "contiguity_hits": 10,    # how many top hits spread contiguity
        "date_weight": 1.2,       # memory created in a time the query names ("in June 2023")
        "speaker_weight": 0.2,    # transcript line whose speaker the query names
        "question_discount": 0.15,  # a memory that asks ("...?") counts its own relevance x (1 - this)
        "answer_kind_weight": 0.2,  # "when/how many/why...?": a memory holding a time / number / cause
        "area_weight": 0.6,       # an error or lesson about a path, command or project the query names
        # related words ("live" also finds "moved", "home"; scripts/hippocampus/recall/related.py) count
        # this much of a word match; related_words adds to the table or replaces a word's list
        "related_weight": 0.3,
        "related_words": {},
        # recall trusts its last stat of every memory file this long, while no file was added,
        # removed or renamed, and checks the files it returns (0: stat every file every time)
        "hand_edit_look_seconds": 30,
    },
    "core": {"budget_tokens": 1500, "max_tokens": 3000, "memory_md_tokens": 3000},
    "encode": {"auto_threshold": 0.5},  # encode.py --auto stores signals scoring at least this
    "working_memory": {"max_entries": 20},  # wm.py: notes a scope holds; the least important goes first
    "lock_timeout_seconds": 30,
    "max_content_bytes": 65536,
    # how load_core and recall's text frame a memory: observe ("Previously observed (DATE): ..."),
    # suggest ("Suggestion, from DATE: ...") or assert (the words alone); --framing overrides it
    "framing": "observe",
}

# settings whose value is one of a few words, not a number
CHOICES: dict[str, tuple[str, ...]] = {"framing": ("observe", "suggest", "assert")}


def _merge(base: dict, override: dict, where: str, group: str = "") -> dict:
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if key not in base:
            raise WorkspaceError(f"{where}: unknown setting {group + str(key)!r}")
        name = group + key
        if isinstance(base[key], dict):
            if not isinstance(value, dict):
                raise WorkspaceError(f"{where}: {name} must be a mapping")
            # free-form maps (multipliers, word lists) accept new keys; fixed groups do not
            if key.endswith("_multiplier"):
                merged[key] = {**base[key], **_multipliers(value, where, name)}
            elif key.endswith("_words"):
                merged[key] = {**base[key], **_word_lists(value, f"{where}: {name}")}
            else:
                merged[key] = _merge(base[key], value, where, f"{name}.")
        elif name in CHOICES:
            if value not in CHOICES[name]:
                raise WorkspaceError(f"{where}: {name} must be one of {', '.join(CHOICES[name])}, "
                                     f"got {repr(value)[:40]}")
            merged[key] = value
        else:
            merged[key] = _number(value, where, name, RANGES[name])
    if not group:
        _check_order(merged, where)
    return merged


# The range of every numeric setting: (whole numbers only, lowest, highest, lowest excluded).
# references/configuration.md and assets/templates/config.yaml show the same ranges (test_hardening_results).
# the smallest core budget (setting or --budget): below it the heading and the "left out" note alone overrun it
CORE_MIN_TOKENS = 100
_SHARE = (False, 0, 1, False)          # a share or an importance: 0 to 1
_WEIGHT = (False, 0, 10, False)        # a ranking weight or a decay multiplier
_DAYS = (True, 0, 36500, False)        # whole days (0 to 100 years)
_TOKENS = (True, CORE_MIN_TOKENS, 1_000_000, False)
RANGES: dict[str, tuple[bool, float, float, bool]] = {
    "decay.rate": (False, 0, 1, True),            # more than 0 (0 would forget everything after a day)
    "decay.store_multiplier": _WEIGHT,            # per store (semantic, episodic, procedural, vault)
    "decay.category_multiplier": _WEIGHT,         # per category
    "decay.consolidated_multiplier": _WEIGHT,
    "consolidate.cluster_min": (True, 2, 1000, False),
    "consolidate.cluster_window_days": _DAYS,
    "consolidate.duplicate_similarity": (False, 0, 1, True),
    "consolidate.stale_after_days": _DAYS,
    "consolidate.archive_below": _SHARE,
    "consolidate.archive_after_days": _DAYS,
    "reinforce.rate": _SHARE,
    "thresholds.core": _SHARE,
    "thresholds.active": _SHARE,
    "thresholds.background": _SHARE,
    "recall.relevance_weight": _WEIGHT,
    "recall.importance_weight": _WEIGHT,
    "recall.recency_weight": _WEIGHT,
    "recall.recency_half_life_days": (False, 0, 36500, False),
    "recall.default_top": (True, 1, 1000, False),
    "recall.candidates": (True, 1, 100_000, False),
    "recall.previous_weight": _WEIGHT,
    "recall.next_weight": _WEIGHT,
    "recall.answer_weight": _WEIGHT,
    "recall.episode_weight": _WEIGHT,
    "recall.episode_match_weight": _WEIGHT,
    "recall.contiguity_hits": (True, 0, 1000, False),
    "recall.date_weight": _WEIGHT,
    "recall.speaker_weight": _WEIGHT,
    "recall.question_discount": _SHARE,
    "recall.answer_kind_weight": _WEIGHT,
    "recall.area_weight": _WEIGHT,
    "recall.related_weight": _WEIGHT,
    "recall.hand_edit_look_seconds": (False, 0, 86400, False),
    "core.budget_tokens": _TOKENS,
    "core.max_tokens": _TOKENS,
    "core.memory_md_tokens": _TOKENS,
    "encode.auto_threshold": _SHARE,
    "working_memory.max_entries": (True, 1, 1000, False),
    "lock_timeout_seconds": (False, 0, 3600, False),
    "max_content_bytes": (True, 100, 10_485_760, False),
}


def _bound(value: float) -> str:
    return f"{int(value):,}" if value == int(value) else f"{value:g}"


def describe_range(bounds: tuple[bool, float, float, bool]) -> str:
    """'a number from 0 to 1', 'a whole number from 2 to 1,000', 'a number more than 0, at most 1'."""
    whole, low, high, low_open = bounds
    kind = "a whole number" if whole else "a number"
    if low_open:
        return f"{kind} more than {_bound(low)}, at most {_bound(high)}"
    return f"{kind} from {_bound(low)} to {_bound(high)}"


def _number(value, where: str, name: str, bounds: tuple[bool, float, float, bool]) -> float:
    """A setting's value within its range, else one line naming the key, the range and the value."""
    whole, low, high, low_open = bounds
    allowed = describe_range(bounds)
    shown = repr(value)[:40]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise WorkspaceError(f"{where}: {name} must be a finite number, got {shown} (allowed: {allowed})")
    if whole and value != int(value):
        raise WorkspaceError(f"{where}: {name} must be a whole number, got {shown} (allowed: {allowed})")
    if value < low or (low_open and value == low):
        if low_open:
            problem = f"must be more than {_bound(low)}"
        elif low:
            problem = f"must be at least {_bound(low)}"
        else:
            problem = "must not be negative"
        raise WorkspaceError(f"{where}: {name} {problem}, got {shown} (allowed: {allowed})")
    if value > high:
        raise WorkspaceError(f"{where}: {name} must be at most {_bound(high)}, got {shown} (allowed: {allowed})")
    value = int(value) if whole else value
    return value + 0 if value else 0  # -0 is 0


def _multipliers(mapping: dict, where: str, name: str) -> dict:
    """store_multiplier: a store each; category_multiplier: a category each."""
    out = {}
    for key, value in mapping.items():
        if name == "decay.store_multiplier" and key not in STORES:
            raise WorkspaceError(f"{where}: {name} has unknown store {str(key)[:40]!r} "
                                 f"(stores: {', '.join(STORES)})")
        if name == "decay.category_multiplier" and not _CATEGORY_NAME.match(str(key)):
            raise WorkspaceError(f"{where}: {name} key {str(key)[:40]!r} is not a category "
                                 "(lower-case letters, digits, - and _, at most 40)")
        out[str(key)] = _number(value, where, f"{name}.{key}", RANGES[name])
    return out


_CATEGORY_NAME = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,39}$")  # as model.py's categories


def _check_order(config: dict, where: str) -> None:
    """Settings that bound each other."""
    t = config["thresholds"]
    if not t["background"] <= t["active"] <= t["core"]:
        raise WorkspaceError(f"{where}: thresholds must be in order background <= active <= core, got "
                             f"background {t['background']:g}, active {t['active']:g}, core {t['core']:g}")



def _word_lists(mapping: dict, where: str) -> dict[str, tuple[str, ...]]:
    """{word: [words]} (a list, or one string of words separated by spaces), each a single word."""
    from ..text.textutil import words

    def word(text, at: str) -> str:
        if not isinstance(text, (str, int)) or isinstance(text, bool):
            raise WorkspaceError(f"{at} must be a word, got {text!r}")
        found = words(str(text))
        if len(found) != 1 or found[0] != str(text).strip().lower() or "'" in found[0]:
            raise WorkspaceError(f"{at} must be a single word (letters and digits), got {text!r}")
        return found[0]

    result = {}
    for key, value in mapping.items():
        at = f"{where}.{key}"
        items = value.split() if isinstance(value, str) else value
        if items is None:
            items = []
        if not isinstance(items, list):
            raise WorkspaceError(f"{at} must be a list of words, got {value!r}")
        result[word(key, where + " key")] = tuple(dict.fromkeys(word(item, at) for item in items))
    return result


def load_config(memory_dir: Path, cache_dir: Path | None = None) -> dict:
    """Return the effective configuration for a workspace's memory/ folder (config.yaml there;
    its parsed copy in `cache_dir`, hippocampus/.cache/)."""
    path = memory_dir / "config.yaml"
    try:
        st = path.stat()
    except FileNotFoundError:
        return copy.deepcopy(DEFAULTS)
    stamp = [st.st_size, st.st_mtime_ns]
    cache = (cache_dir if cache_dir is not None else memory_dir / ".cache") / "config.json"
    from .fsutil import atomic_write, read_confined
    try:
        cached = json.loads(read_confined(cache))
        if cached.get("stamp") == stamp:
            return _merge(DEFAULTS, cached["config"], "memory/config.yaml")
    except (OSError, ValueError, KeyError, TypeError, AttributeError, WorkspaceError):
        pass
    loaded, config = parse_config(read_confined(path))  # only when config.yaml changed (yaml imported)
    try:
        atomic_write(cache, json.dumps({"stamp": stamp, "config": loaded}), sync=False)
    except (OSError, WorkspaceError):
        pass  # a cache is an optimisation only
    return config


def parse_config(data: bytes, where: str = "memory/config.yaml") -> tuple[dict, dict]:
    """(the settings `data` holds, the configuration they make), or WorkspaceError naming the key."""
    yaml = third_party.load("yaml")
    try:
        loaded = yaml.safe_load(data.decode("utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError) as exc:
        raise WorkspaceError(f"{where} is not valid YAML: {(str(exc).splitlines() or [''])[0]}") from None
    if not isinstance(loaded, dict):
        raise WorkspaceError(f"{where} must be a mapping of settings")
    return loaded, _merge(DEFAULTS, loaded, where)

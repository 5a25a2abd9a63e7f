"""Workspace resolution and tunables: memory/config.yaml over defaults in code.

config.yaml is parsed with yaml.safe_load only when it changed: the parsed
result is cached as JSON under memory/.cache/, keyed on the file's size and
mtime, so the hot path never imports yaml.
"""

from __future__ import annotations

import copy
import json
import math
import os
from pathlib import Path

from . import third_party
from .errors import WorkspaceError

DOMAINS = ("user", "self", "relationship", "world")
STORES = ("semantic", "episodic", "procedural", "vault")
STATUSES = ("core", "active", "background", "archive-candidate", "archived")

DEFAULTS: dict = {
    "decay": {
        # importance = baseImportance * rate ** (whole idle days * multiplier)
        "rate": 0.99,
        "store_multiplier": {"semantic": 1.0, "episodic": 1.5, "procedural": 0.5, "vault": 0.0},
        "category_multiplier": {"errors": 0.5, "lessons": 0.5},
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
        # related words ("live" also finds "moved", "home"; scripts/hippocampus/related.py) count
        # this much of a word match; related_words adds to the table or replaces a word's list
        "related_weight": 0.3,
        "related_words": {},
        # recall trusts its last stat of every memory file this long, while no file was added,
        # removed or renamed, and checks the files it returns (0: stat every file every time)
        "hand_edit_look_seconds": 30,
    },
    "core": {"budget_tokens": 1500, "max_tokens": 3000, "memory_md_tokens": 3000},
    "encode": {"auto_threshold": 0.5},  # encode.py --auto stores signals scoring at least this
    "lock_timeout_seconds": 30,
    "max_content_bytes": 65536,
}


def default_workspace() -> Path:
    env = os.environ.get("WORKSPACE")
    if env:
        return Path(env).expanduser()
    return Path.home() / ".openclaw" / "workspace"


def _merge(base: dict, override: dict, where: str, group: str = "") -> dict:
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if key not in base:
            raise WorkspaceError(f"{where}: unknown setting {key!r}")
        if isinstance(base[key], dict):
            if not isinstance(value, dict):
                raise WorkspaceError(f"{where}: {key!r} must be a mapping")
            # free-form maps (multipliers, word lists) accept new keys; fixed groups do not
            if key.endswith("_multiplier"):
                merged[key] = {**base[key], **_numbers(value, f"{where}.{key}")}
            elif key.endswith("_words"):
                merged[key] = {**base[key], **_word_lists(value, f"{where}.{key}")}
            else:
                merged[key] = _merge(base[key], value, f"{where}.{key}", f"{group}{key}.")
        else:
            merged[key] = _number(value, f"{where}.{key}", _AT_MOST.get(group + key), _AT_LEAST.get(group + key, 0))
    return merged


_AT_MOST = {"recall.question_discount": 1}  # settings with a ceiling (this one is a share of a relevance)
# the smallest core budget (setting or --budget): below it the heading and the "left out" note alone overrun it
CORE_MIN_TOKENS = 100
_AT_LEAST = {"core.budget_tokens": CORE_MIN_TOKENS, "core.max_tokens": CORE_MIN_TOKENS,
             "core.memory_md_tokens": CORE_MIN_TOKENS}


def _number(value, where: str, ceiling: float | None = None, floor: float = 0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise WorkspaceError(f"{where} must be a finite number, got {value!r}")
    if value < floor:
        raise WorkspaceError(f"{where} must be at least {floor:g}, got {value!r}" if floor
                             else f"{where} must not be negative, got {value!r}")
    if ceiling is not None and value > ceiling:
        raise WorkspaceError(f"{where} must be at most {ceiling:g}, got {value!r}")
    return value


def _numbers(mapping: dict, where: str) -> dict:
    return {str(k): _number(v, f"{where}.{k}") for k, v in mapping.items()}


def _word_lists(mapping: dict, where: str) -> dict[str, tuple[str, ...]]:
    """{word: [words]} (a list, or one string of words separated by spaces), each a single word."""
    from .textutil import words

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


def load_config(memory_dir: Path) -> dict:
    """Return the effective configuration for a workspace's memory/ folder."""
    path = memory_dir / "config.yaml"
    try:
        st = path.stat()
    except FileNotFoundError:
        return copy.deepcopy(DEFAULTS)
    stamp = [st.st_size, st.st_mtime_ns]
    cache = memory_dir / ".cache" / "config.json"
    try:
        cached = json.loads(cache.read_text(encoding="utf-8"))
        if cached.get("stamp") == stamp:
            return _merge(DEFAULTS, cached["config"], "memory/config.yaml")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    yaml = third_party.load("yaml")  # only when config.yaml changed

    try:
        loaded = yaml.safe_load(path.read_bytes().decode("utf-8")) or {}
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise WorkspaceError(f"memory/config.yaml is not valid YAML: {str(exc).splitlines()[0]}") from None
    if not isinstance(loaded, dict):
        raise WorkspaceError("memory/config.yaml must be a mapping of settings")
    config = _merge(DEFAULTS, loaded, "memory/config.yaml")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_name(f".config.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "config": loaded}), encoding="utf-8")
        os.replace(tmp, cache)
    except OSError:
        pass  # a cache is an optimisation only
    return config

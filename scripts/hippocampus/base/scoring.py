"""Scoring: decay, reinforcement, status and initial importance. Pure functions.

Nothing here reads a file or a clock: `now` and the configuration are
parameters. See references/scoring.md for the formulas and why.
"""

from __future__ import annotations

import math
from datetime import datetime

from ..text.textutil import case_blind, guarded_search, repetition
from ..text.timeutil import format_time, parse_time_or, days_between


# Outcome feedback (outcome.py): a memory's half-life times 1 + OUTCOME_REACH * (good - bad) / (good + bad + 1),
# hippo-memory's reward factor: 5 good / 0 bad 1.417x, 0 / 3 0.625x, as many good as bad 1x; always
# within (1 - OUTCOME_REACH, 1 + OUTCOME_REACH). Counts past OUTCOME_MAX are read as OUTCOME_MAX.
OUTCOME_REACH = 0.5
OUTCOME_MAX = 1_000_000
# A decision superseded by a newer one (category DECISIONS) fades this much faster from then on.
DECISIONS = "decisions"
SUPERSEDED_DECISION_MULTIPLIER = 2.0


def outcome_count(value) -> int:
    """A stored outcome count as a count: a whole number from 0 to OUTCOME_MAX (anything else is 0)."""
    if type(value) is not int or value <= 0:
        return 0
    return value if value < OUTCOME_MAX else OUTCOME_MAX


def half_life_factor(memory: dict) -> float:
    """What the memory's outcomes (outcomeGood, outcomeBad) multiply its half-life by."""
    good, bad = memory.get("outcomeGood"), memory.get("outcomeBad")
    if good is None and bad is None:
        return 1.0
    good, bad = outcome_count(good), outcome_count(bad)
    return 1.0 + OUTCOME_REACH * (good - bad) / (good + bad + 1)


def outcome_counts(memory: dict) -> dict:
    """A memory's outcome counts and the half-life factor they give (recall --why, history, the dashboard)."""
    return {"good": outcome_count(memory.get("outcomeGood")), "bad": outcome_count(memory.get("outcomeBad")),
            "halfLifeFactor": round(half_life_factor(memory), 4)}


def outcome_text(memory: dict) -> str:
    """"2 good, 1 bad: half-life x1.125"."""
    found = outcome_counts(memory)
    return f"{found['good']} good, {found['bad']} bad: half-life x{found['halfLifeFactor']:g}"


def decay_multiplier(memory: dict, config: dict) -> float:
    """How fast this memory fades relative to the default (0 = never)."""
    if memory.get("pinned") or memory.get("store") == "vault":
        return 0.0
    decay = config["decay"]
    multiplier = decay["store_multiplier"].get(memory.get("store") or "semantic", 1.0)
    category = memory.get("category")
    if category in decay["category_multiplier"]:
        multiplier *= decay["category_multiplier"][category]
    if memory.get("consolidatedInto"):  # its gist lives on in a semantic memory
        multiplier *= decay["consolidated_multiplier"]
    if category == DECISIONS and memory.get("supersededBy"):  # (rebased when it was superseded)
        multiplier *= SUPERSEDED_DECISION_MULTIPLIER
    if "outcomeGood" in memory or "outcomeBad" in memory:  # (rebased at each outcome)
        multiplier /= half_life_factor(memory)
    return multiplier


def rebase(memory: dict, now: datetime, config: dict) -> None:
    """Make what fades the memory from now on free to change without touching the days
    already past: baseImportance becomes its value now and decay counts from now
    (decayFrom), so `decayed` gives the same value today and the new rate from tomorrow."""
    value = decayed(memory, now, config)
    memory["baseImportance"] = value
    memory["importance"] = value
    memory["decayFrom"] = format_time(now)


def decayed(memory: dict, now: datetime, config: dict) -> float:
    """importance = baseImportance * rate ** (idle days * multiplier).

    Idle days are calendar days in the machine's time zone (timeutil.days_between):
    a memory made at 09:00 has lost one day's decay at 00:00 the next day, and
    every run on one day gives the same value.

    Computed from stored fields, never from the previous importance, so any
    number of runs on any schedule give the same value for the same `now`.
    """
    if memory.get("status") == "archived":
        return 0.0
    base = clamp(memory.get("baseImportance", memory.get("importance", 0.5)))
    last = parse_time_or(memory.get("lastAccessed") or memory.get("created"), now)
    if memory.get("decayFrom"):  # rebased (consolidation): baseImportance is the value at that time
        last = max(last, parse_time_or(memory["decayFrom"], last))
    days = days_between(last, now) * decay_multiplier(memory, config)
    return round(base * config["decay"]["rate"] ** days, 6)


def reinforced(current: float, rate: float = 0.15) -> float:
    """new = old + (1 - old) * rate: closes a fixed share of the headroom."""
    current = clamp(current)
    return round(current + (1.0 - current) * rate, 6)


def status_for(importance: float, config: dict) -> str:
    """The band of an importance alone; a memory's status is status_of's."""
    thresholds = config["thresholds"]
    if importance >= thresholds["core"]:
        return "core"
    if importance >= thresholds["active"]:
        return "active"
    if importance >= thresholds["background"]:
        return "background"
    return "archive-candidate"


def is_kept(memory: dict) -> bool:
    """Pinned, or in the vault: never fades, and is core while current."""
    return bool(memory.get("pinned")) or memory.get("store") == "vault"


def is_stale(memory: dict) -> bool:
    """Superseded by a newer memory, or marked stale (unused: consolidation)."""
    return bool(memory.get("supersededBy")) or memory.get("confidence") == "stale"


def in_core(memory: dict, importance: float, config: dict) -> bool:
    """THE definition of core, which every reader and writer uses (load_core,
    HIPPOCAMPUS_CORE.md, MEMORY.md's section, status, the dashboard, recall's
    marks): a live memory with words (not archived, forgotten or purged) that is
    not superseded, and is pinned or in the vault, or not stale and at or above
    thresholds.core at `importance` (its decayed value now). A pinned memory
    unused for a month stays (pinned means kept); a superseded one never does."""
    if memory.get("status") == "archived" or memory.get("purged") or not memory.get("content"):
        return False
    if memory.get("supersededBy"):
        return False
    if is_kept(memory):
        return True
    return memory.get("confidence") != "stale" and importance >= config["thresholds"]["core"]


def status_of(memory: dict, importance: float, config: dict) -> str:
    """A memory's status at `importance`: "core" exactly when in_core says so;
    a memory above the core line that is not core (stale) is "active"."""
    if memory.get("status") == "archived":
        return "archived"
    if in_core(memory, importance, config):
        return "core"
    status = status_for(importance, config)
    return "active" if status == "core" else status


def initial_importance(signal: float, memory: dict, config: dict) -> float:
    """A new memory's importance from its signal: a pinned or vault memory
    starts at least at the core line (it is core whatever its words say)."""
    return max(signal, config["thresholds"]["core"]) if is_kept(memory) else signal


def clamp(value, low: float = 0.0, high: float = 1.0) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.5
    if math.isnan(number):
        return 0.5
    return min(max(number, low), high) + 0.0  # -0 is 0


def recency(memory_time: datetime, now: datetime, half_life_days: float) -> float:
    """1.0 for now, 0.5 after one half-life, towards 0 for the distant past."""
    days = max((now - memory_time).total_seconds() / 86400.0, 0.0)
    if half_life_days <= 0:
        return 0.0
    return 0.5 ** (days / half_life_days)


# Initial importance from signals (design brief table), strongest first:
# (signal, importance, pattern, guards: text every match contains, lowercase)
_SIGNAL_TABLE: list[tuple[str, float, str, tuple[str, ...]]] = [
    # health and safety: what an agent must never get wrong (SKILL.md: "an allergy" is core-worthy)
    ("health", 0.95, (
        r"\b(allerg(y|ies|ic)|anaphyla\w*|epi-?\s?pens?|diabet(es|ic)|insulin|asthma(tic)?|inhaler|epilep(sy|tic)|"
        r"seizures?|c(o)?eliac|(lactose|gluten|food) intoleran(t|ce)|intolerant to|medications?|my meds|"
        r"prescri(bed|ption)|blood (type|thinners?|pressure)|pacemaker|pregnan(t|cy)|disabilit(y|ies)|"
        r"wheelchair|hearing aids?|migraines?|dialysis|chemo(therapy)?|heart condition|medical (condition|"
        r"history|alert|bracelet|id)|emergency (contacts?|numbers?)|in (case of|an) emergency|next of kin|"
        r"organ donor|do not resuscitate|suicid(e|al)|self[- ]harm|penicillin|warfarin)\b"),
     ("allerg", "anaphyla", "epi", "diabet", "insulin", "asthma", "inhaler", "seizure", "eliac", "intoleran",
      "medication", "my meds", "prescri", "blood ", "pacemaker", "pregnan", "disab", "wheelchair",
      "hearing aid", "migraine", "dialysis", "chemo", "heart condition", "medical ", "emergency",
      "next of kin", "organ donor", "resuscitate", "suicid", "harm", "penicillin", "warfarin")),
    ("explicit", 0.9, (
        r"\b(remember (that|this|to)|don'?t forget|do not forget|keep in mind|note that|for future reference|make a note)\b"
        # other ways of asking: "please remember", "Remember: ...", "never forget", "make sure you remember",
        # "bear in mind", "memorise this", "take note", "for the record", "remind me", "don't let me forget"
        r"|^\W*(please\s+|pls\s+|oh,?\s+and\s+|and\s+|also,?\s+)?remember\b(?!\s+(when|how|what|who|where|if|whether)\b)"
        r"|\b(please|pls|always|must|should|make sure (to|you)|need you to|want you to|try to|gotta|got to) "
        r"remember\b|\bnever forget\b|\bbear in mind\b|\bmemori[sz]e (this|that|it)\b|\btake (a )?note\b"
        r"|\bfor the record\b|\bremind me\b|\bdon'?t let me forget\b|\b(commit|save|add) (this|that|it) to "
        r"(your )?memory\b|^\W*note\s*:"),
     ("remember", "forget", "keep in mind", "note", "future reference", "bear in mind", "memori", "the record",
      "remind me", "memory")),
    ("emotional", 0.85, (
        r"\b(i feel|i felt|i'?m (so )?(scared|afraid|anxious|worried|sad|upset|excited|proud|hurt|lonely|grateful|stressed|depressed)|i love you|it hurts|heartbroken|i cried|my (mom|dad|mother|father|wife|husband|partner|friend) (died|passed))\b"),
     ("i feel", "i felt", "i'm ", "im ", "i love you", "it hurts", "heartbroken", "i cried", " died", " passed")),
    ("preference", 0.8, (
        r"\b(i|user|they|he|she) (really )?(prefers?|likes?|loves?|hates?|dislikes?|always|never|enjoys?|can'?t stand)\b|\b(my )?favou?rite\b|\bprefer(s|red)?\b"),
     ("prefer", "like", "love", "hate", "always", "never", "enjoy", "stand", "favo")),
    ("decision", 0.75, (
        r"\b(decided|we'?ll go with|going with|chose|chosen|settled on|agreed to|agreed on|decision|from now on|we will use)\b"),
     ("decided", "go with", "going with", "chose", "settled on", "agreed", "decision", "from now on", "will use")),
    ("fact", 0.7, (
        r"\b(works? (at|on|for)|lives? in|is (my|our|the) (boss|manager|wife|husband|partner|friend|sister|brother|son|daughter|colleague)|birthday|deadline|project|married|born|moved to)\b"),
     ("work", "live", "is my ", "is our ", "is the ", "birthday", "deadline", "project", "married", "born", "moved to")),
]
_SMALL_TALK = (r"^\W*(hey|hi|hello|hiya|yo|thanks|thank you|thx|ty|bye|goodbye|good ?night|good morning|"
               r"see (you|ya)|talk (to you )?(soon|later)|ttyl|ok(ay)?|k|cool|great|nice|awesome|wow|lol|haha+|"
               r"sure|yeah|yep|yes|no|nope|np|no problem|you'?re welcome|sounds good|got it|same|me too)\b")
SMALL_TALK_IMPORTANCE = 0.3


# A text longer than this is a paste (a meeting's notes, a log, an article), not a fact said:
# it is not read for signals, so a word somewhere in it ("project", "remember") does not make
# it core. Pin it or give --importance to keep one in core.
LONG_TEXT_CHARS = 1500
REPETITIVE_IMPORTANCE = 0.1


def signal_importance(text: str, guarded: bool = True) -> tuple[float, str]:
    """Initial importance and the signal that set it: repetitive junk (the same
    few words over and over, textutil.repetition) 0.1, a text over
    LONG_TEXT_CHARS general 0.5, else the table above, else small talk (three
    words or fewer, or a greeting, thanks or acknowledgement in ten or fewer)
    0.3, else general 0.5. (`guarded`: see textutil.guarded_search.)"""
    if repetition(text):
        return REPETITIVE_IMPORTANCE, "repetitive"
    if len(text) > LONG_TEXT_CHARS:
        return 0.5, "long"
    view = case_blind(text)
    for name, value, pattern, guards in _SIGNAL_TABLE:
        if guarded_search(pattern, guards, text, view, guarded):
            return value, name
    words = len(text.split())
    if words <= 3 or (words <= 10 and guarded_search(_SMALL_TALK, (), text, view)):
        return SMALL_TALK_IMPORTANCE, "small-talk"
    return 0.5, "general"

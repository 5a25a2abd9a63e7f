"""Outcome feedback: a memory that helped (good) fades more slowly from now on, one that
misled (bad) faster (references/scoring.md, "Outcomes").

The counts (outcomeGood, outcomeBad) set the half-life factor (scoring.half_life_factor);
each outcome first rebases the memory (scoring.rebase), so the days already past keep
the decay they had and the new rate counts from today.
"""

from __future__ import annotations

from ..base.model import check_id
from ..base.scoring import decayed, outcome_count, outcome_counts as counts, outcome_text as describe, rebase, \
    OUTCOME_MAX
from ..errors import NotFound, UsageError
from ..store.transaction import Transaction


def apply_outcome(tx: Transaction, ids: list[str], good: bool, strict: bool = True) -> list[dict]:
    """Count one good (or bad) outcome on each memory (an id given twice counts once).
    `strict` (ids given by name): a missing or archived one is an error; else (the last
    recall's) it is passed over, since it may have been forgotten since."""
    wanted = [check_id(i) for i in dict.fromkeys(ids)]
    memories = []
    for memory_id in wanted:
        memory = tx.by_id.get(memory_id)
        if memory is None:
            if strict:
                raise NotFound(f"no memory with id {memory_id}")
            continue
        if memory.get("status") == "archived" or memory.get("purged"):
            if strict:
                raise UsageError(f"{memory_id} is archived (forgotten or faded): an outcome is for a live memory")
            continue
        memories.append(memory)
    if not memories:
        raise NotFound("none of the last recall's memories is still live: nothing to judge (give --id ID)")
    key = "outcomeGood" if good else "outcomeBad"
    results = []
    for memory in memories:
        before = {**counts(memory), "importance": decayed(memory, tx.now, tx.config)}
        rebase(memory, tx.now, tx.config)  # the days past keep their decay; the new rate from now on
        memory[key] = min(outcome_count(memory.get(key)) + 1, OUTCOME_MAX)
        other = "outcomeBad" if good else "outcomeGood"
        if other in memory and not outcome_count(memory[other]):
            del memory[other]  # (a hostile value read as 0)
        tx.put(memory)
        after = counts(memory)
        results.append({"id": memory["id"], "outcome": "good" if good else "bad", "before": before,
                        "good": after["good"], "bad": after["bad"], "halfLifeFactor": after["halfLifeFactor"],
                        "importance": memory["importance"], "content": memory.get("content", "")})
    verb = "good" if good else "bad"
    # history.py reads each memory's counts back from this line: "mem_x 2 good, 1 bad: half-life x1.125"
    tx.summary = f"outcome {verb} for {len(results)} memor{'y' if len(results) == 1 else 'ies'} (" + \
        "; ".join(f"{r['id']} {describe(tx.by_id[r['id']])}" for r in results[:50]) + \
        ("; ..." if len(results) > 50 else "") + ")"
    return results

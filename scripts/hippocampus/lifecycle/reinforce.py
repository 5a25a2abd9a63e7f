"""Reinforcement: a memory recalled or confirmed grows stronger (scoring.reinforced)."""

from __future__ import annotations

from ..base.model import check_id
from ..base.scoring import decayed
from ..text.textutil import one_line
from ..store.transaction import Transaction
from .remember import reinforce_memory


def reinforce_ids(tx: Transaction, ids: list[str], revive: bool = False) -> list[dict]:
    """`revive`: asked for by id (reinforce.py), a superseded memory is current
    again (remember.reinforce_memory); a recall's --reinforce is not."""
    memories = [tx.get(check_id(memory_id)) for memory_id in dict.fromkeys(ids)]
    results = []
    for memory in memories:
        before = decayed(memory, tx.now, tx.config)
        reinforce_memory(tx, memory, revive=revive)
        results.append({"id": memory["id"], "before": before, "importance": memory["importance"],
                        "timesReinforced": memory["timesReinforced"], "content": memory["content"]})
    from .supersede import notes
    tx.summary = (tx.summary or summary_line("reinforced", results)) + notes(tx)
    return results


def summary_line(verb: str, results: list[dict]) -> str:
    if len(results) == 1:
        return f"{verb} {one_line(results[0]['content'], 60)}"
    return f"{verb} {len(results)} memories"

"""Reinforcement: a memory recalled or confirmed grows stronger (scoring.reinforced)."""

from __future__ import annotations

from ..base.model import check_id
from ..base.scoring import decayed
from ..text.textutil import one_line
from ..store.transaction import Transaction
from .remember import reinforce_memory


def reinforce_ids(tx: Transaction, ids: list[str]) -> list[dict]:
    memories = [tx.get(check_id(memory_id)) for memory_id in dict.fromkeys(ids)]
    results = []
    for memory in memories:
        before = decayed(memory, tx.now, tx.config)
        reinforce_memory(tx, memory)
        results.append({"id": memory["id"], "before": before, "importance": memory["importance"],
                        "timesReinforced": memory["timesReinforced"], "content": memory["content"]})
    tx.summary = tx.summary or summary_line("reinforced", results)
    return results


def summary_line(verb: str, results: list[dict]) -> str:
    if len(results) == 1:
        return f"{verb} {one_line(results[0]['content'], 60)}"
    return f"{verb} {len(results)} memories"

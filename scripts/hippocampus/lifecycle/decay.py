"""Decay: every memory's importance recomputed for the day from its stored fields."""

from __future__ import annotations

from ..base.scoring import decayed, status_of
from ..text.textutil import one_line
from ..text.timeutil import format_time, local_day, parse_time_or
from ..store.transaction import Transaction

CANDIDATES_SHOWN = 50  # archive candidates a report lists, the weakest first (at 100,000: 71,604 of them)
CROSSED_SHOWN = 50  # memories that crossed a threshold a report lists (the audit line names up to 1,000)


def decay_all(tx: Transaction, dry_run: bool = False) -> dict:
    """Recompute every memory's importance for `now` from its stored fields.

    Idempotent per calendar day (the machine's time zone): the value depends only
    on baseImportance, lastAccessed and the local day of now, so a second run on
    the same day (03:00 and 22:00) changes nothing and commits nothing.
    """
    from ..base.progress import track
    config = tx.config
    changed, crossed, candidates = [], [], []
    for memory in track(tx.memories, "decay"):
        if memory.get("status") == "archived":
            continue
        value = decayed(memory, tx.now, config)
        status = status_of(memory, value, config)
        if status == "archive-candidate":
            candidates.append((value, memory["id"], memory))
        if value != memory.get("importance") or status != memory.get("status"):
            if status != memory.get("status"):
                crossed.append({"id": memory["id"], "from": memory.get("status"), "to": status})
            changed.append(memory["id"])
            if not dry_run:
                tx.set_state(memory, value, status)
    last = tx.index.get("decayLastRun")
    same_day = last and local_day(parse_time_or(last, tx.now)) == local_day(tx.now)
    if not dry_run and (changed or not same_day):
        tx.index["decayLastRun"] = format_time(tx.now)
        tx.index_changed = True
        tx.summary = (f"decayed {len(changed)} memories; {len(crossed)} crossed a threshold; "
                      f"{len(candidates)} archive candidates")
        if crossed:  # history.py reads these: which memory went from which status to which
            tx.summary += " (" + ", ".join(f"{c['id']} {c['from']}->{c['to']}" for c in crossed[:20]) + \
                (", ..." if len(crossed) > 20 else "") + ")"
        tx.audit_ids = [c["id"] for c in crossed]
    from heapq import nsmallest
    shown = [{"id": memory_id, "importance": value, "content": one_line(memory["content"], 80)}
             for value, memory_id, memory in nsmallest(CANDIDATES_SHOWN, candidates, key=lambda c: c[:2])]
    return {"dryRun": dry_run, "changed": len(changed), "crossed": crossed[:CROSSED_SHOWN],
            "crossedCount": len(crossed), "archiveCandidates": shown,
            "archiveCandidateCount": len(candidates), "decayLastRun": format_time(tx.now) if not dry_run else last}


def run_decay(workspace, dry_run: bool = False) -> dict:
    """The daily decay as decay.py and the scheduled job run it: one transaction
    that first looks at every memory file (so edits in place skipped by quick
    looks are committed at least daily), then git's own housekeeping (our
    commits do not trigger `git gc --auto` themselves)."""
    from ..base import collector
    from ..store.audit import git

    with collector.paused():  # (every memory held: base/collector.py)
        if dry_run:
            return decay_all(Transaction(workspace, workspace.load_index(), "system:decay", "decay", ""),
                             dry_run=True)
        with workspace.transaction("system:decay", "decay", full_look=True) as tx:
            report = decay_all(tx)
    git(workspace.root, "gc", "--auto", "--quiet", check=False)
    return report

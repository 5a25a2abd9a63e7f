"""Reinforce, forget and decay: the changes a memory's weight goes through."""

from __future__ import annotations

from .model import check_id
from .paths import memory_file
from .remember import reinforce_memory
from .scoring import decayed, status_for
from .textutil import one_line
from .timeutil import format_time, local_day, parse_time_or
from .workspace import Transaction

PURGED = "[purged]"


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
    tx.summary = (tx.summary or _summary("reinforced", results)) + notes(tx)
    return results


def forget_ids(tx: Transaction, ids: list[str], purge: bool = False, reason: str = "forgotten") -> list[dict]:
    """Archive memories (soft); with purge, also remove their words from every
    working and derived file (purge.py says which), with the duplicates merged
    into them (the same fact)."""
    memories = [tx.get(check_id(memory_id)) for memory_id in dict.fromkeys(ids)]
    if purge:
        wanted = {m["id"] for m in memories}
        for memory in memories:  # grows as it goes: a duplicate merged into a duplicate too
            for merged in memory.get("mergedFrom") or []:
                if merged not in wanted and tx.by_id.get(merged) is not None:
                    wanted.add(merged)
                    memories.append(tx.by_id[merged])
    results, words, sources = [], [], []
    for memory in memories:
        preview = memory["content"]
        note = str(memory.get("source", ""))
        kept_in = note[5:] if purge and note.startswith("note:") else None  # a person's note: not ours to edit
        path = memory_file(memory) if purge else None  # an entry naming .git/HEAD is refused, not obeyed
        tx.archive(memory, reason)
        if purge:
            from .purge import strip_memory
            words += [memory.get("content"), memory.get("title")]
            sources.append(memory.get("source"))
            if path:
                _remove_words(tx, memory, path)
            strip_memory(memory)
            preview = PURGED
        tx.put(memory)
        results.append({"id": memory["id"], "purged": purge, "content": preview, "wordsRemainIn": kept_in})
    if purge:
        from .purge import scrub_everywhere
        scrub_everywhere(tx, {m["id"] for m in memories}, words, sources)
    tx.summary = tx.summary or _summary("purged" if purge else "archived", results)
    return results


def _remove_words(tx: Transaction, memory: dict, path: str) -> None:
    """Delete a memory's file (checked by paths.memory_file), or its entry when it shares a daily log."""
    from . import episodes
    if not episodes.is_episode_path(path):
        tx.remove_file(path)
        return
    current = tx.current_bytes(path)
    if current is not None:
        tx.write_file(path, episodes.remove_entry(current.decode("utf-8", "replace"), memory["id"]).encode("utf-8"))


def decay_all(tx: Transaction, dry_run: bool = False) -> dict:
    """Recompute every memory's importance for `now` from its stored fields.

    Idempotent per calendar day (the machine's time zone): the value depends only
    on baseImportance, lastAccessed and the local day of now, so a second run on
    the same day (03:00 and 22:00) changes nothing and commits nothing.
    """
    from .progress import track
    config = tx.config
    changed, crossed, candidates = [], [], []
    for memory in track(tx.memories, "decay"):
        if memory.get("status") == "archived":
            continue
        value = decayed(memory, tx.now, config)
        status = status_for(value, config)
        if status == "archive-candidate":
            candidates.append({"id": memory["id"], "importance": value, "content": one_line(memory["content"], 80)})
        if value != memory.get("importance") or status != memory.get("status"):
            if status != memory.get("status"):
                crossed.append({"id": memory["id"], "from": memory.get("status"), "to": status})
            changed.append(memory["id"])
            if not dry_run:
                memory["importance"] = value
                memory["status"] = status
                tx.put(memory)
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
    return {"dryRun": dry_run, "changed": len(changed), "crossed": crossed,
            "archiveCandidates": candidates, "decayLastRun": format_time(tx.now) if not dry_run else last}


def run_decay(workspace, dry_run: bool = False) -> dict:
    """The daily decay as decay.py and the scheduled job run it: one transaction
    that first looks at every memory file (so edits in place skipped by quick
    looks are committed at least daily), then git's own housekeeping (our
    commits do not trigger `git gc --auto` themselves)."""
    from .audit import git

    if dry_run:
        return decay_all(Transaction(workspace, workspace.load_index(), "system:decay", "decay", ""), dry_run=True)
    with workspace.transaction("system:decay", "decay", full_look=True) as tx:
        report = decay_all(tx)
    git(workspace.root, "gc", "--auto", "--quiet", check=False)
    return report


def _summary(verb: str, results: list[dict]) -> str:
    if len(results) == 1:
        return f"{verb} {one_line(results[0]['content'], 60)}"
    return f"{verb} {len(results)} memories"

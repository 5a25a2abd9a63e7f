"""Forgetting: a memory archived (soft: its file and history kept, reinforce brings
it back), or with --purge its words taken out of every working and derived file."""

from __future__ import annotations

from ..base.model import check_id
from ..base.paths import memory_file
from ..store.transaction import Transaction
from .reinforce import summary_line

PURGED = "[purged]"


def forget_ids(tx: Transaction, ids: list[str], purge: bool = False, reason: str = "forgotten") -> list[dict]:
    """Archive memories (soft); with purge, also remove their words from every
    working and derived file (purge.py says which), with the duplicates merged
    into them (the same fact)."""
    memories = [tx.get(check_id(memory_id)) for memory_id in dict.fromkeys(ids)]
    if purge:
        wanted = {m["id"] for m in memories}
        seconds = {}  # the other machine's text of a memory edited on two (merge_index): its words too
        for other in tx.memories:
            if other.get("editConflictOf") and not other.get("purged"):
                seconds.setdefault(other["editConflictOf"], []).append(other["id"])
        for memory in memories:  # grows as it goes: a duplicate merged into a duplicate too
            for merged in [*(memory.get("mergedFrom") or []), *seconds.get(memory["id"], [])]:
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
    tx.summary = tx.summary or summary_line("purged" if purge else "archived", results)
    return results


def _remove_words(tx: Transaction, memory: dict, path: str) -> None:
    """Delete a memory's file (checked by paths.memory_file), and a copy of it in its
    other place (memory/ or the archive) that claims its id (a merge from before
    may have left the index naming the place git moved it from), or its entry
    when it shares a daily log (cut out of the day's log and its archive copy)."""
    from ..base.paths import other_place
    from ..store import episodes, memfile
    if not episodes.is_episode_path(path):
        tx.remove_file(path)
        other = other_place(path)
        data = tx.current_bytes(other)
        if data is not None:
            try:
                claimed = memfile.parse(data.decode("utf-8", "replace"))[0].get("id")
            except ValueError:
                claimed = None
            if claimed == memory["id"]:
                tx.remove_file(other)
        return
    for log in (path, other_place(path)):  # (its entry may be in either log)
        current = tx.current_bytes(log)
        if current is not None:
            text = current.decode("utf-8", "replace")
            kept = episodes.remove_entry(text, memory["id"])
            if kept != text or log == path:
                tx.write_file(log, kept.encode("utf-8"))

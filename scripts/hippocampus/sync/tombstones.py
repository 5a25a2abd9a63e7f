"""A purge holds on every machine: after a merge, what one side purged is purged
on this one too, by id and by content, in the merge's settling transaction.

A purge on machine A leaves in A's index the memory's id with `purged: true`
and no words: that entry is the tombstone, and merge_index keeps it against
any change of the other side. But git's merge brings the other side's files
too: B's edit of the memory's file (a file changed on one side and removed
on the other keeps the change), the copy B's consolidation put in archive/,
B's audit lines about it ("reinforced <its words>"), its signal, a
conflict record. So after every merge, for each memory purged on one side
since the merge base (`newly_purged`), the words it had on the other side
and at the base are known (the two index versions), and:

- every file any version names as its home (in memory/ or in the archive:
  git's merge may have moved it), and every file the merge brought, that
  claims its id (a memory file's frontmatter, an entry of a
  daily log) is removed (the entry cut out of its log);
- the other side's memories that say the same (equal folded text) and that
  the purging side never had are the same fact: purged with it;
- its words leave every derived file (purge.scrub_everywhere: the audit log
  and its month files, conflicts, proposals, signals, reflections, graph,
  the core files), and once committed the search cache is compacted and the
  dashboard rebuilt.

A fast-forward (nothing local to merge) needs no file changed, only the
derived files: `after_fast_forward` compacts the cache and rebuilds the
dashboard when the commit it moved to purged something.
"""

from __future__ import annotations

from ..base.paths import is_memory_file

REASON = "purged on another machine"


def newly_purged(versions: dict) -> dict[str, list[str]]:
    """{side: [ids]}: the memories each side ("ours", "theirs") purged since the base."""
    from .index_lines import IndexLines
    base = versions.get("base") or {}
    found = {}
    for side in ("ours", "theirs"):
        version = versions.get(side) or {}
        candidates = version.differing(base) if isinstance(version, IndexLines) else iter(version)  # (a line
        ids = [memory_id for memory_id in candidates  # the same as the base's purged nothing since)
               if version[memory_id].get("purged") and not (base.get(memory_id) or {}).get("purged")]
        if ids:
            found[side] = ids
    return found


def _words(memory: dict | None) -> list[str]:
    if not memory or memory.get("purged"):
        return []
    return [text for text in (memory.get("content"), memory.get("title")) if isinstance(text, str) and text]


def honour(tx, versions: dict, merged_paths: list[str]) -> list[str]:
    """Carry the purges of either side through this merge, in `tx`; the ids purged here."""
    from ..text.textutil import fold
    sides = newly_purged(versions)
    if not sides:
        return []
    base = versions.get("base") or {}
    targets: set[str] = set()
    texts: list[str] = []
    sources: list[str] = []
    for side, ids in sides.items():
        other = versions.get("theirs" if side == "ours" else "ours") or {}
        purging = versions.get(side) or {}
        said: set[str] = set()
        for memory_id in ids:
            targets.add(memory_id)
            for version in (base.get(memory_id), other.get(memory_id)):
                words = _words(version)
                texts += words
                said.update(fold(text) for text in words[:1])
                if version and version.get("source"):
                    sources.append(version["source"])
        for memory_id, memory in other.items():  # the same fact, held only where the purge never was
            if memory_id not in purging and not memory.get("purged") and \
                    fold(str(memory.get("content") or "")) in said:
                targets.add(memory_id)
                texts += _words(memory)
    for memory in tx.memories:  # the other machine's text of one edited on two: the same memory's words
        if memory.get("editConflictOf") in targets and memory["id"] not in targets:
            targets.add(memory["id"])
            texts += _words(memory)
    _remove_homes(tx, targets, versions, merged_paths)
    for memory_id in sorted(targets):
        memory = tx.by_id.get(memory_id)
        if memory is None:
            continue
        if not memory.get("purged"):
            from ..lifecycle.purge import strip_memory
            tx.archive(memory, REASON)
            strip_memory(memory)
        tx.put(memory)
    from ..lifecycle.purge import scrub_everywhere
    scrub_everywhere(tx, targets, texts, sources)
    return sorted(targets)


def _remove_homes(tx, targets: set[str], versions: dict, merged_paths: list[str]) -> None:
    """Every file that holds a purged memory: the homes any version names, and the
    files the merge brought that claim its id."""
    from ..base.paths import other_place
    from ..store import episodes, memfile
    homes = {memory.get("file") for version in versions.values() for memory in
             ((version or {}).get(memory_id) for memory_id in targets)
             if memory is not None and isinstance(memory.get("file"), str) and memory.get("file")}
    homes |= {other_place(home) for home in homes}  # git may have moved it
    for path in sorted(p for p in homes | set(merged_paths) if isinstance(p, str)):
        if not is_memory_file(path, placed=True):
            continue
        data = tx.current_bytes(path)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        if episodes.is_episode_path(path):
            kept = text
            for entry in episodes.parse(text):
                if entry.memory_id in targets:
                    kept = episodes.remove_entry(kept, entry.memory_id)
            if kept != text:
                tx.write_file(path, kept.encode("utf-8"))
            continue
        try:
            meta, _body = memfile.parse(text)
        except ValueError:
            continue
        if meta.get("id") in targets:
            tx.remove_file(path)


def after_fast_forward(workspace, versions: dict) -> None:
    """The branch moved to a commit that purged something: the derived files follow."""
    if newly_purged({"base": versions.get("ours"), "theirs": versions.get("theirs")}):
        from ..lifecycle.purge import after_purge
        after_purge(workspace)


def without_purged(scan, tx, targets) -> None:
    """What a hand-edit scan made before `honour`'s removals were written must not bring
    a purged memory back: edits of files `tx` removes, and of entries or files claiming
    a purged id, are dropped; a file `tx` already rewrites keeps that rewrite."""
    if not targets:
        return
    targets = set(targets)

    def kept(edit) -> bool:
        if edit.path in tx.files and tx.files[edit.path] is None:
            return False
        return edit.memory_id not in targets and edit.meta.get("id") not in targets

    scan.modified = [edit for edit in scan.modified if kept(edit)]
    scan.added = [edit for edit in scan.added if kept(edit)]
    scan.deleted = [memory_id for memory_id in scan.deleted if memory_id not in targets]
    for path in [p for p in scan.rewrites if p in tx.files]:
        del scan.rewrites[path]

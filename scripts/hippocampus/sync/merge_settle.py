"""After a merge: the second texts of memories edited on two machines become
recorded conflicts, and what is derived from the memories is rendered again.

merge_index leaves their text as a memory of its own (`editConflictOf`, no
file yet); here, in one transaction, it gets its file and the pair is
recorded in hippocampus/meta/conflicts.md as consolidation records a conflict,
for `conflicts.py resolve conf_N --keep MEM_ID`. Run by sync.py after every
merge; a person's own `git pull` is settled by their next sync.
"""

from __future__ import annotations

KIND = "edited on two machines"


def unsettled(memories) -> list[dict]:
    return [m for m in memories if m.get("editConflictOf") and not m.get("conflicts")
            and m.get("status") != "archived"]


def follow_moves(tx, merged_paths: list[str]) -> list[str]:
    """The ids of memories whose file git's merge moved between memory/ and the
    archive while the merged index names the place it left (one machine forgot
    or revived a memory, the other edited its file: git follows the move and
    merges the edit into the moved file); their `file` now names where the file
    is, and the transaction's place() puts it where the memory's state says.
    A daily log moves whole too (a forget of the day's only live entry, when the
    day had no archive log): an entry the other machine added to it is then in
    the archive copy, and is followed there the same way."""
    from ..base.paths import is_memory_file, other_place
    from ..store import episodes

    def name(path: str) -> str:
        return "/".join(path.split("/")[-2:])

    moved = {name(p) for p in merged_paths if is_memory_file(p, placed=True)}
    logs: dict[str, set] = {}  # a daily log's path -> the ids of its entries (read once)

    def holds(path: str, memory_id: str) -> bool:
        if path not in logs:
            data = tx.current_bytes(path)
            logs[path] = set() if data is None else \
                {entry.memory_id for entry in episodes.parse(data.decode("utf-8", "replace"))}
        return memory_id in logs[path]

    from ..store.memory_list import walk
    followed = []
    for memory in walk(tx.memories) if moved else ():  # (read, not kept: at 100,000 memories ~400 MB)
        path = memory.get("file")
        if not isinstance(path, str) or name(path) not in moved or not is_memory_file(path, placed=True):
            continue
        other = other_place(path)
        if episodes.is_episode_path(path):
            there = not holds(path, memory["id"]) and holds(other, memory["id"])
        else:
            there = tx.current_bytes(path) is None and tx.current_bytes(other) is not None
        if there:
            memory["file"] = other
            tx.put(memory)
            followed.append(memory["id"])
    return followed


def settle(tx, merged_paths: list[str]) -> dict:
    """Record the edit conflicts and render the core files and the graph's
    registry again, in `tx`; `merged_paths`: what the merge changed."""
    from ..lifecycle import conflicts
    from ..store.core import core_files
    from ..store.memory_list import walk
    from ..store.stores import write_home

    found = []
    for second in unsettled(walk(tx.memories)):  # (read, not kept)
        first = tx.by_id.get(second["editConflictOf"])
        if not second.get("file"):
            write_home(tx, second)
            tx.put(second)
        if first is None:
            continue
        found.append({"a": first, "b": second, "kind": KIND})
    recorded = conflicts.record(tx, found) if found else []
    changed = []
    tx.core_rendered = True
    for path, data in core_files(tx).items():
        if tx.current_bytes(path) != data:
            tx.write_file(path, data)
            changed.append(path)
    if any(p.startswith("memory/graph/entities/") for p in [*tx.files, *merged_paths]):
        from ..store.graph import Graph
        Graph.load(tx).write_registry(tx)
    return {"conflicts": [c["id"] for c in recorded], "coreFiles": changed}

"""A person's save that lands after a writer's hand-edit scan (commit_hand_edits,
or sync's settle) and before the writer moves or rewrites that memory's file.

The writer builds on what the index holds. Moved into the archive as it is
(a forget, a fade, a merge that archived it), the file would carry the
person's words where no scan looks (archive copies are not watched) and the
index would never hold them; rewritten from the index (purge's scrub of a
derived memory, the memory tool's edit), their save would be overwritten.
So a file about to be moved out of memory/ is compared with what the index
holds and, if it differs, taken in first, as the scan would have
(`take_in_before_move`); a file about to be rewritten from the index that is
not what the index holds is refused, nothing written (`refuse_unseen_save`):
the next writer takes the save in first. A save after these reads is the
transaction's own check (Transaction._check_bases: refused, nothing written).
"""

from __future__ import annotations

import os

from ..base.paths import is_archived_path
from ..errors import WorkspaceError
from . import episodes, memfile, reconcile


def take_in_before_move(tx, moving: list[tuple[dict, str, str]]) -> bool:
    """`moving`: (memory, its file now, where it goes), as Transaction.place plans
    them. The watched files among them (not archive copies) whose bytes are not
    what the index holds are scanned and taken in (edits_in.take_in) before
    they move. True when something was taken in (the memories in `tx` are then
    new dicts: the caller plans again)."""
    from .edits_in import take_in

    ids_at: dict[str, list[tuple[str, str | None, str | None]]] = {}
    for memory, path, _wanted in moving:
        if path and not is_archived_path(path):  # an archive copy is not watched: it comes back as it is
            ids_at.setdefault(path, []).append((memory["id"], memory.get("hash"), memory.get("status")))
    root = tx.workspace.root
    on_disk: dict[str, tuple] = {}
    for path, known in ids_at.items():
        data = tx.current_bytes(path)  # the base: a save after this read is refused at commit
        if data is None:
            continue
        if not episodes.is_episode_path(path) and memfile.file_hash(data) == known[0][1]:
            continue  # as the index holds it (the usual case: one read, one hash)
        try:
            st = os.stat(root / path)
        except OSError:
            continue
        on_disk[path] = (st.st_mtime_ns, st.st_size, st.st_ino)
    if not on_disk:
        return False
    scan = reconcile.scan(root, tx.workspace.paths, {}, {p: ids_at[p] for p in on_disk}, on_disk, writer=True,
                          max_bytes=int(tx.config["max_content_bytes"]))
    moving_ids = {memory_id for known in ids_at.values() for memory_id, _h, _s in known}
    found = reconcile.ScanResult()  # only the moving memories' own edits: a log's other entries are not
    found.modified = [edit for edit in scan.modified if edit.memory_id in moving_ids]  # known here
    found.rewrites = {p: text for p, text in scan.rewrites.items()
                      if not episodes.is_episode_path(p)}  # (a secret in a moving file: redacted as it moves)
    found.read = {p: data for p, data in scan.read.items() if p in found.rewrites}
    if not found.modified:
        return False
    take_in(tx, found)
    return True


def refuse_unseen_save(tx, memory: dict, relative_path: str) -> None:
    """Before `memory`'s file is written anew from the index: refused when the file
    holds what the index does not (a person saved it after the writer's scan)."""
    if relative_path in tx.files or memory.get("file") != relative_path or not memory.get("hash") \
            or is_archived_path(relative_path) or episodes.is_episode_path(relative_path):
        return
    data = tx.current_bytes(relative_path)  # the base: a save after this read is refused at commit
    if data is not None and memfile.file_hash(data) != memory["hash"]:
        raise WorkspaceError(f"{relative_path} was changed by someone else while this change was being made; "
                             "nothing was written: run the command again")

"""Hand edits: what a person changed in the memory files and documents, seen at
once by readers (overlay, laid over the search cache) and committed by the next
writer as actor manual (commit_hand_edits, commit_document_edits), before its own
change. reconcile.py finds the edits; this module folds them into the store."""

from __future__ import annotations

import os
import sqlite3
import time

from ..base.paths import MEMORY_FOLDERS
from ..base.stderr import warn
from . import look, reconcile
from .edits_in import apply_edit, take_in
from .documents import document_print as _document_print
from .search_cache import SearchCache, index_state


def overlay(workspace, cache: SearchCache) -> None:
    """Let readers see hand edits at once; the next writer commits them.

    One stat per memory file; when their print matches the one recorded
    after the last look, nothing else is read.
    """
    looked_at = time.time()
    on_disk = reconcile.list_memory_files(workspace.paths)
    current = reconcile.fingerprint(on_disk)
    if cache.meta("files_print") == str(current):
        if workspace.config["recall"]["hand_edit_look_seconds"] > 0:  # a look others may trust
            recorded = look.stamp(on_disk, looked_at)
            if recorded:
                _record_look(cache, current, recorded)
        return
    recorded = look.stamp(on_disk, looked_at)
    scan = reconcile.scan(workspace.root, workspace.paths, cache.manifest(), cache.known_files(), on_disk,
                          max_bytes=int(workspace.config["max_content_bytes"]))
    for path, reason in scan.broken:
        warn(f"{path}: {reason}; kept the indexed version (fix the file or run scripts/doctor.py)")
    warn_skipped(scan)
    if not (scan.changed or scan.manifest_updates or scan.manifest_removed):
        if not (scan.broken or scan.unread):
            _record_look(cache, current, recorded)
        return
    by_id: dict[str, dict] = {}
    for memory_id in scan.deleted:
        memory = cache.get(memory_id)
        if memory:
            memory["status"] = "archived"
            memory["file"] = None
            by_id[memory_id] = memory
    bases = {edit.memory_id: cache.get(edit.memory_id) for edit in scan.modified + scan.added if edit.memory_id}
    committed = _committed(workspace, scan.modified, bases)
    for edit in scan.modified + scan.added:
        base = bases.get(edit.memory_id) if edit.memory_id else None
        memory = apply_edit(base, edit, workspace.now, workspace.config, existing_ids=set(),
                            committed=committed.get(edit.memory_id))
        by_id[memory["id"]] = memory
    try:
        cache.upsert(list(by_id.values()), manifest_updates=scan.manifest_updates,
                     manifest_removed=scan.manifest_removed,
                     files_print=None if scan.broken or scan.unread else str(current), files_look=recorded)
    except sqlite3.DatabaseError as exc:
        warn(f"could not update the search cache ({exc})")


def _committed(workspace, modified: list, bases: dict) -> dict[str, dict]:
    """id -> the memory as index.json holds it, for the edited files whose
    body changed and whose frontmatter names keywords: whether those are the
    keywords the file was written with is a question for the index (a
    reader's base is the cache's row, which an earlier look may have laid an
    uncommitted edit over, and which keeps no `keywordsByHand`)."""
    from . import index_store
    ids = {edit.memory_id for edit in modified if isinstance(edit.meta.get("keywords"), list)
           and bases.get(edit.memory_id) and edit.content != bases[edit.memory_id].get("content")}
    return index_store.memories_by_id(workspace.paths.index, ids) if ids else {}


def _record_look(cache: SearchCache, current: int, recorded: str | None) -> None:
    try:
        cache.upsert([], files_print=str(current), files_look=recorded)
    except sqlite3.DatabaseError:
        pass  # a cache (perhaps read-only here): the next look lists every file again


def commit_document_edits(workspace, index: dict) -> dict:
    """Commit what a person changed in the documents (identity files, MEMORY.md,
    the graph, meta markdown) since the last write, as actor manual.

    Returns the documents' stats as found, for the transaction to keep
    their print current after its own writes.
    """
    from . import documents
    from .transaction import Transaction
    from ..text.redact import redact_text

    cache = workspace._open_cache()
    found = documents.stats(workspace.paths)
    if cache.meta("documents_print") == _document_print(found):
        return found
    edits = documents.changed(workspace.root)
    if edits:
        tx = Transaction(workspace, index, "manual", "manual", documents.summary(edits))
        for kind, path in edits:
            tx.paths.add(path)
            if kind == "D":
                continue
            data = tx.current_bytes(path) or b""
            text = data.decode("utf-8", "replace")
            clean = redact_text(text)
            if clean != text:
                tx.files[path] = clean.encode("utf-8")
        tx.after_document_edits(edits)
        tx.documents_before = found
        tx.commit()
        found = documents.stats(workspace.paths)
    cache.set_meta("documents_print", _document_print(found))
    return found


# a memory folder gone whole is more likely being renamed or replaced (and back in a moment) than
# emptied by a person: its files are looked for again after this long before they count as deleted
FOLDER_GONE_SETTLE_SECONDS = 0.2


def commit_hand_edits(workspace, index: dict, on_disk: dict | None = None, looked_at: float | None = None,
                       skipped: dict | None = None, looked_again: bool = False, taken_in: bool = False) -> dict:
    """Commit what a person changed since the last write (actor manual).

    `on_disk`: the memory files' stats, when already listed (all but the
    `skipped` folders). Returns the stats as found and the folders still
    skipped, for the transaction to keep the print current after its own
    writes. Files found missing are looked for once more before their
    memories are archived (`looked_again`); one back where it was (a folder
    renamed away and back) revives the memory it names.

    Folders as the last writer left them (their print the one it recorded:
    index.json holds their files as they are) are not compared again: only
    the files of the others are, with the memories filed there (at 100,000
    memories, a day's log appended to by hand made every writer compare every
    file and parse every memory: ~3 s a call). Skipped folders must be such.
    `taken_in`: a take-in was just committed.
    """
    cache = workspace._open_cache()
    if on_disk is None:
        looked_at = time.time()
        on_disk = reconcile.list_memory_files(workspace.paths)
    skipped = skipped or {}
    current = look.total_print(on_disk, skipped)
    index_fresh = cache.is_fresh(index_state(workspace.paths.index, index.get("stamp")))
    if index_fresh and cache.meta("index_files_print") == str(current):
        return {"stats": on_disk, "print": current, "skipped": skipped}
    as_indexed = look.as_indexed(on_disk, skipped, cache.meta("index_files_look")) if index_fresh else set()
    if not as_indexed.issuperset(skipped) or not look.still(workspace.paths, skipped):
        # a skipped folder not as the last writer left it, or changed since it was skipped (a file moved
        # out of it while the others were listed): every folder
        on_disk = {**on_disk, **reconcile.list_memory_files(workspace.paths, tuple(skipped))}
        return commit_hand_edits(workspace, index, on_disk, looked_at, taken_in=taken_in)
    folder_entries = {f"{workspace.paths.store_name}/{folder}/": s.own for folder, s in skipped.items()}
    under = tuple(f"{workspace.paths.store_name}/{folder}/" for folder in MEMORY_FOLDERS
                  if folder not in as_indexed) if as_indexed else None
    gone_by_hand: set[str] = set()
    known = reconcile.known_files(index["memories"], gone_by_hand, under)
    manifest = cache.manifest(under)
    looked = on_disk if under is None else {path: stamp for path, stamp in on_disk.items() if path.startswith(under)}
    scan = reconcile.scan(workspace.root, workspace.paths, manifest, known, looked, writer=True,
                          max_bytes=int(workspace.config["max_content_bytes"]), gone_by_hand=gone_by_hand)
    if scan.deleted and not looked_again and _back_again(workspace, known, scan.deleted, on_disk):
        return commit_hand_edits(workspace, index, reconcile.list_memory_files(workspace.paths), time.time(),
                                 looked_again=True, taken_in=taken_in)
    for path, reason in scan.broken:
        warn(f"{path}: {reason}; left as it is (fix the file or run scripts/doctor.py)")
    warn_skipped(scan)
    if not scan.changed:
        # a file whose text the cache last saw otherwise (a reader laid an edit over its rows) is as
        # index.json says again (the edit put back): its rows are index.json's again
        seen_otherwise = {path for path, entry in scan.manifest_updates.items()
                          if path in manifest and manifest[path][3] != entry[3]}
        from .memory_list import walk_files_under
        back = [m for m in walk_files_under(index["memories"], tuple({p.rsplit("/", 1)[0] + "/" for p in seen_otherwise}))
                if m.get("file") in seen_otherwise] if seen_otherwise else []  # (the memories of those folders alone)
        vouched = not (scan.broken or scan.unread or not index_fresh)  # (a broken file: warned of again)
        try:
            cache.upsert(back, manifest_updates=scan.manifest_updates, manifest_removed=scan.manifest_removed,
                         files_print=str(current) if vouched else None, index_files_print=True,
                         files_look=look.stamp({**on_disk, **folder_entries}, looked_at, skipped, writer=True)
                         if vouched else None)
        except sqlite3.DatabaseError:
            pass
        # a file listed but gone before it was read: no print vouches for this look (the next one reads it)
        return {"stats": on_disk, "print": None if scan.unread else current, "skipped": skipped}
    from .transaction import Transaction

    tx = Transaction(workspace, index, "manual", "hand-edit", "")
    take_in(tx, scan)
    tx.action = "manual"
    back = {i for i in gone_by_hand if i in tx.touched and tx.touched[i].get("status") != "archived"}
    tx.summary = hand_edit_summary(sum(e.memory_id not in back for e in scan.modified),
                                   sum(e.memory_id not in back for e in scan.added), len(scan.deleted),
                                   (scan.modified + scan.added)[:1],
                                   [tx.by_id[i].get("archivedBecause", "") for i in scan.deleted[:1]], len(back))
    tx.manifest_updates = scan.manifest_updates
    tx.manifest_removed = scan.manifest_removed
    tx.files_before = {**on_disk, **folder_entries}
    tx.skipped = skipped  # (its files checked before they are written over, as any writer's)
    if taken_in or scan.broken or scan.unread:  # no print vouches for this look: the next one rescans
        tx.files_print = None
        tx.commit()
        # the caller still checks what it writes in the skipped folders (never listed here); the files
        # this take-in wrote with the stats it left them at (else a stat it moved looks, to the caller's
        # change, like a person's save since the listing: Transaction._saved_since_listing)
        return {"stats": _as_left(on_disk, tx), "print": None, "skipped": skipped}
    # the files as listed are as index.json now holds them: the print and the look kept across this
    # commit (as any writer keeps them), and the caller's change made on a look at what this one left
    tx.files_print = current
    tx.files_looked_at = looked_at
    tx.commit()
    skipped = workspace._skippable(cache, writer=True) or {}
    looked_at = time.time()
    return commit_hand_edits(workspace, index, reconcile.list_memory_files(workspace.paths, look.listed_folders(skipped)),
                             looked_at, skipped, taken_in=True)


def _as_left(on_disk: dict, tx) -> dict:
    """The listing `on_disk` with the files `tx` (committed) wrote or removed as it left them."""
    stats = dict(on_disk)
    for path, data in tx.files.items():
        entry = tx.manifest_updates.get(path)
        if data is None:
            stats.pop(path, None)
        elif entry is not None:
            stats[path] = tuple(entry[:3])
    return stats


def _back_again(workspace, known: dict, deleted: list[str], on_disk: dict) -> bool:
    """Whether a file found missing is there again (after a moment, when a
    whole memory folder was missing): then the files are listed once more."""
    ids = set(deleted)
    gone = [path for path, entries in known.items() if path not in on_disk and any(e[0] in ids for e in entries)]
    root = workspace.root
    if any(not os.path.isdir(root / path.rsplit("/", 1)[0]) for path in gone):
        time.sleep(FOLDER_GONE_SETTLE_SECONDS)
    return any(os.path.lexists(root / path) for path in gone)


def warn_skipped(scan: reconcile.ScanResult) -> None:
    """A file left out of the index is said once, when it is first seen (as it is now)."""
    for path, reason, new in scan.skipped:
        if new:
            warn(f"{path}: {reason}")


def hand_edit_summary(edited: int, added: int, deleted: int, first: list, why_gone: list | None = None,
                      back: int = 0) -> str:
    """`back`: files of memories archived as deleted by hand, there again (revived)."""
    parts = [f"{n} {verb}" for n, verb in ((edited, "edited"), (added, "added"), (deleted, "deleted"),
                                           (back, "back again")) if n]
    text = "hand edits picked up: " + ", ".join(parts)
    if edited + added + deleted + back == 1 and first:
        text = ("back again: " if back else "edited by hand: " if edited else "added by hand: ") + first[0].content
    elif deleted == 1 and not first:
        text = f"{(why_gone or ['file deleted by hand'])[0]}, memory archived"
    return text


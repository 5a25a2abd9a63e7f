"""Hand edits: what a person changed in the memory files and documents, seen at
once by readers (overlay, laid over the search cache) and committed by the next
writer as actor manual (commit_hand_edits, commit_document_edits), before its own
change. reconcile.py finds the edits; this module folds them into the store."""

from __future__ import annotations

import os
import sqlite3
import time
from datetime import datetime

from ..base.config import DOMAINS
from ..base.stderr import warn
from ..text.timeutil import format_time, parse_time_or
from . import look, reconcile
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
            tx.new_paths.add(path)
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
                       skipped: dict | None = None, looked_again: bool = False) -> dict:
    """Commit what a person changed since the last write (actor manual).

    `on_disk`: the memory files' stats, when already listed (all but the
    `skipped` folders). Returns the stats as found and the folders still
    skipped, for the transaction to keep the print current after its own
    writes. Files found missing are looked for once more before their
    memories are archived (`looked_again`); one back where it was (a folder
    renamed away and back) revives the memory it names.
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
    if skipped:  # something changed: look at every folder
        on_disk = {**on_disk, **reconcile.list_memory_files(workspace.paths, tuple(skipped))}
        return commit_hand_edits(workspace, index, on_disk, looked_at)
    gone_by_hand: set[str] = set()
    known = reconcile.known_files(index["memories"], gone_by_hand)
    manifest = cache.manifest()
    scan = reconcile.scan(workspace.root, workspace.paths, manifest, known, on_disk, writer=True,
                          max_bytes=int(workspace.config["max_content_bytes"]), gone_by_hand=gone_by_hand)
    if scan.deleted and not looked_again and _back_again(workspace, known, scan.deleted, on_disk):
        return commit_hand_edits(workspace, index, reconcile.list_memory_files(workspace.paths), time.time(),
                                 looked_again=True)
    for path, reason in scan.broken:
        warn(f"{path}: {reason}; left as it is (fix the file or run scripts/doctor.py)")
    warn_skipped(scan)
    if not scan.changed:
        # a file whose text the cache last saw otherwise (a reader laid an edit over its rows) is as
        # index.json says again (the edit put back): its rows are index.json's again
        seen_otherwise = {path for path, entry in scan.manifest_updates.items()
                          if path in manifest and manifest[path][3] != entry[3]}
        back = [m for m in index["memories"] if m.get("file") in seen_otherwise] if seen_otherwise else []
        try:
            cache.upsert(back, manifest_updates=scan.manifest_updates, manifest_removed=scan.manifest_removed,
                         files_print=None if scan.broken or scan.unread or not index_fresh else str(current),
                         index_files_print=True, files_look=look.stamp(on_disk, looked_at))
        except sqlite3.DatabaseError:
            pass
        # a file listed but gone before it was read: no print vouches for this look (the next one reads it)
        return {"stats": on_disk, "print": None if scan.unread else current, "skipped": {}}
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
    tx.files_before = on_disk
    tx.files_print = None  # a scan happened: let the next look recompute from scratch
    tx.commit()
    return {"stats": {}, "print": None, "skipped": {}}  # no print to keep current: the next look rescans


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


def take_in(tx: "Transaction", scan: reconcile.ScanResult, trust_file_ids: bool = False) -> int:
    """Fold what `scan` found on disk into `tx`: edits, new files and entries,
    deletions, and the rewrites that go with them. Returns how many memories
    came from files.

    A file or entry carrying the id of a memory whose file is gone was moved
    by a person; with `trust_file_ids` (repair from an old index) any known
    id a file carries is taken as that memory's.
    """
    from . import episodes, memfile

    by_id = tx.by_id
    gone_by_hash = {}  # a file moved or renamed by hand may carry no id: its bytes name it
    for memory_id in scan.deleted:
        memory = by_id.get(memory_id)
        if memory is not None and memory.get("hash") and not episodes.is_episode_path(memory.get("file") or ""):
            gone_by_hash.setdefault(memory["hash"], memory_id)
    for edit in scan.added:
        claimed = edit.meta.get("id")
        if not (claimed in by_id and claimed in scan.deleted) and edit.entry is None and \
                gone_by_hash.get(edit.hash) in scan.deleted:
            claimed = gone_by_hash[edit.hash]
        if claimed in scan.gone_by_hand and edit.entry is None and not _on_disk(tx, by_id[claimed].get("file")):
            edit.memory_id = claimed  # a memory archived as deleted by hand, its file back elsewhere: revived
            scan.gone_by_hand.discard(claimed)  # (one file takes it back; a second copy is a new memory)
            continue
        if claimed in by_id and (trust_file_ids or (
                by_id[claimed].get("file") not in (None, edit.path) and claimed in scan.deleted)):
            edit.memory_id = claimed  # a file (or entry) a person renamed or moved
            if claimed in scan.deleted:
                scan.deleted.remove(claimed)
            old_path = by_id[claimed].get("file")
            if old_path and old_path != edit.path and not os.path.lexists(tx.workspace.root / old_path):
                tx.paths.add(old_path)  # the move's other half: the old path's removal is committed too
    for path, text in scan.rewrites.items():
        tx.files[path] = text.encode("utf-8")
        if path in scan.read:  # built on what the scan read: checked again as it is replaced
            tx._bases.setdefault(path, scan.read[path])
    for edit in scan.modified + scan.added:
        base = by_id.get(edit.memory_id) if edit.memory_id else None
        memory = apply_edit(base, edit, tx.now, tx.config, existing_ids=set(by_id))
        if episodes.is_episode_path(edit.path):
            if edit.entry is not None and edit.meta.get("id") != memory["id"]:
                # an entry copied with another memory's marker: give it its own
                text = tx.current_bytes(edit.path).decode("utf-8", "replace")
                tx.files[edit.path] = episodes.set_marker(text, edit.entry, memory["id"]).encode("utf-8")
        else:
            _keywords_into_file(tx, edit, memory)
            if edit.path in tx.files:
                memory["hash"] = memfile.file_hash(tx.files[edit.path])
        tx.put(memory)
        tx.paths.add(edit.path)
        if edit.entry is None and edit.path not in tx.files:
            tx.taken_as_read[edit.path] = edit.raw  # what the index now says the file holds
        if edit in scan.added or edit.memory_id in scan.gone_by_hand:  # (a file back: git has it no more)
            tx.new_paths.add(edit.path)
    for memory_id in scan.deleted:
        memory = by_id[memory_id]
        tx.paths.add(memory["file"])
        tx.archive(memory, "entry deleted by hand" if episodes.is_episode_path(memory["file"]) else "file deleted by hand")
    return len(scan.modified) + len(scan.added)


def _keywords_into_file(tx, edit: reconcile.HandEdit, memory: dict) -> None:
    """A file whose frontmatter names other keywords than the memory now has
    (they followed its new body) gets the memory's, as remember writes them:
    its `keywords:` entry rewritten, every other byte as the person left it."""
    from . import memfile
    written = edit.meta.get("keywords")
    if not isinstance(written, list) or not written or _same_keywords(written, memory.get("keywords")):
        return
    data = tx.files.get(edit.path, edit.raw)
    if not isinstance(data, bytes):
        return
    rewritten = memfile.with_keywords(data, memory["keywords"])
    if rewritten is None:
        return  # a frontmatter we cannot rewrite line by line: the index has the keywords
    if edit.path not in tx.files:
        tx._bases.setdefault(edit.path, edit.raw)  # built on what the scan read: checked again as it is replaced
    tx.files[edit.path] = rewritten


def _on_disk(tx, path: str | None) -> bool:
    return bool(path) and os.path.lexists(tx.workspace.root / path)


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


def apply_edit(base: dict | None, edit: reconcile.HandEdit, now: datetime, config: dict,
               existing_ids: set[str], committed: dict | None = None) -> dict:
    """The memory after a person's edit of its file (or a new one for a new file).

    Keywords follow the body: a new body gets keywords guessed from it, as
    remember guesses them, unless the person wrote keywords of their own:
    frontmatter keywords that differ from those the file was written with
    (`committed`: the memory as the index holds it; the base unless given),
    now or in an earlier edit (`keywordsByHand`), stay."""
    from ..text.classify import guess_category, guess_keywords
    from ..base.model import is_valid_id, ordered
    from ..base.scoring import signal_importance, status_of

    from ..text.classify import guess_domain
    from .stores import store_of_path

    meta = edit.meta
    folder = edit.path.split("/")[1] if edit.path.count("/") >= 2 else "world"
    store = store_of_path(edit.path)
    if base is None:
        claimed = meta.get("id")
        memory_id = claimed if isinstance(claimed, str) and claimed.startswith("mem_") and \
            claimed not in existing_ids and is_valid_id(claimed) else edit.fallback_id
        importance, _signal = signal_importance(edit.content)
        created = format_time(parse_time_or(meta.get("created"), now))
        memory = {"id": memory_id, "domain": folder if folder in DOMAINS else guess_domain(edit.content),
                  "category": guess_category(edit.content), "content": edit.content,
                  "importance": importance, "baseImportance": importance, "created": created,
                  "lastAccessed": created, "timesReinforced": 0, "keywords": guess_keywords(edit.content),
                  "store": store, "status": "active",
                  "source": f"manual:{edit.path}", "confidence": "observed"}
        if store == "episodic":
            memory["episode"] = edit.path.rsplit("/", 1)[-1][:-3]
    else:
        memory = dict(base)
        memory["content"] = edit.content
        if memory.get("status") == "archived" and str(memory.get("archivedBecause", "")).endswith("deleted by hand"):
            # its file (or entry) is back: the same memory, as it was (its weight decayed meanwhile)
            from ..base.scoring import decayed
            memory.pop("archivedBecause", None)
            memory.pop("archivedAt", None)
            memory["status"] = "active"  # (not archived: decayed() reads its weight again)
            memory["importance"] = decayed(memory, now, config)
            memory["status"] = status_of(memory, memory["importance"], config)
    memory["store"] = store
    memory["pinned"] = True if store == "vault" else memory.get("pinned")
    from ..base.model import check_category  # local: keeps start-up lean for readers
    from ..errors import UsageError
    if meta.get("category"):
        try:
            memory["category"] = check_category(meta["category"])
        except UsageError:
            pass
    if meta.get("domain") in DOMAINS:
        memory["domain"] = meta["domain"]
    written = meta["keywords"] if isinstance(meta.get("keywords"), list) and meta["keywords"] else None
    committed = committed if committed is not None else base or {}
    if written is not None and base is None:
        memory["keywords"] = written  # a new file's: as it was written
    elif written is not None and (committed.get("keywordsByHand")
                                  or not _same_keywords(written, committed.get("keywords"))):
        memory["keywords"] = written  # the person's
        memory["keywordsByHand"] = True
    elif base is not None and edit.content != base.get("content"):
        memory["keywords"] = guess_keywords(edit.content)  # they follow the body
        memory.pop("keywordsByHand", None)
    for key in ("source", "episode", "title"):
        if meta.get(key):
            memory[key] = meta[key]
    memory["file"] = edit.path
    memory["hash"] = edit.hash
    return ordered(memory)


def _same_keywords(written: list, committed) -> bool:
    """Whether the frontmatter's keywords are those the file was written with
    (the frontmatter holds at most 20; the cache keeps them split at spaces)."""
    return isinstance(committed, list) and \
        " ".join(map(str, written)).split() == " ".join(map(str, committed[:20])).split()

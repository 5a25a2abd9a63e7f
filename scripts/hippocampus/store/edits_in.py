"""A person's edits of the memory files, taken into a transaction: what reconcile.scan
found on disk (edited, new and deleted files and daily-log entries) folded into the
memories, as the hand-edit commit (hand_edits.py), a move's late save (late_saves.py),
sync's settle and doctor's repair take them in. Apart from hand_edits.py, which builds
transactions, so that a transaction's own steps may take edits in."""

from __future__ import annotations

import os
from collections.abc import Container
from datetime import datetime

from ..base.config import DOMAINS
from ..text.timeutil import format_time, parse_time_or
from . import reconcile


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
    for edit in scan.added:  # a file naming a memory archived as deleted by hand, wherever it was filed
        claimed = edit.meta.get("id")  # (scan.gone_by_hand holds those of the folders compared alone)
        if edit.entry is None and isinstance(claimed, str) and claimed not in scan.gone_by_hand and \
                tx.id_taken(claimed) and claimed in by_id and by_id[claimed].get("status") == "archived" and \
                by_id[claimed].get("archivedBecause") in reconcile.GONE_BY_HAND:
            scan.gone_by_hand.add(claimed)
    for edit in scan.added:
        claimed = edit.meta.get("id")
        if not (claimed in scan.deleted and claimed in by_id) and edit.entry is None and \
                gone_by_hash.get(edit.hash) in scan.deleted:
            claimed = gone_by_hash[edit.hash]
        if claimed in scan.gone_by_hand and edit.entry is None and not _on_disk(tx, by_id[claimed].get("file")):
            edit.memory_id = claimed  # a memory archived as deleted by hand, its file back elsewhere: revived
            scan.gone_by_hand.discard(claimed)  # (one file takes it back; a second copy is a new memory)
            continue
        # (an id looked up only where it may name a moved memory: a lookup in 100,000 lines is dear)
        if isinstance(claimed, str) and (trust_file_ids or claimed in scan.deleted) and claimed in by_id and \
                (trust_file_ids or by_id[claimed].get("file") not in (None, edit.path)):
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
        memory = apply_edit(base, edit, tx.now, tx.config, existing_ids=_Taken(tx))
        if base is None:
            tx.id_taken(memory["id"])  # asked of the search cache: put() need not look through index.json
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
    for memory_id in scan.deleted:
        memory = by_id[memory_id]
        tx.paths.add(memory["file"])
        tx.archive(memory, "entry deleted by hand" if episodes.is_episode_path(memory["file"]) else "file deleted by hand")
    return len(scan.modified) + len(scan.added)


class _Taken:
    """The ids taken, as a container: each asked of the transaction (Transaction.id_taken: of the
    search cache where it is of this index), never a copy of every id an edit."""

    def __init__(self, tx) -> None:
        self._tx = tx

    def __contains__(self, memory_id) -> bool:
        # (the cache may hold a row a reader laid over it for a file not taken in yet: index.json says)
        return isinstance(memory_id, str) and self._tx.id_taken(memory_id) and memory_id in self._tx.by_id


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


def apply_edit(base: dict | None, edit: reconcile.HandEdit, now: datetime, config: dict,
               existing_ids: "Container[str]", committed: dict | None = None) -> dict:
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

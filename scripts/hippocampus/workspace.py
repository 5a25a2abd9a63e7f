"""The workspace and its one transaction: the only path by which memory changes.

    with workspace.transaction(actor="bot:remember", action="remember") as tx:
        ...  # read and change memories through tx
    # on exit: files written atomically, index saved, one audit line, one commit
    # on exception: nothing written

Readers never take the lock: index.json is replaced by atomic rename, so they
see the old index or the new one, never half of one.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

# Only what readers need is imported here: recall is a hot path. Writers
# import the rest (audit, lock, memfile, ...) inside the functions that use them.
from . import index_store, look, reconcile
from .config import DOMAINS, load_config
from .errors import NotFound, WorkspaceError
from .paths import WorkspacePaths
from .search_cache import SearchCache, index_state
from .textutil import one_line
from .timeutil import format_time, parse_time_or


def _progress():
    """progress.py when a long job loaded it (its line says what a transaction does
    after the job's own work), else None: writers never import it themselves."""
    return sys.modules.get(f"{__package__}.progress")


def _stat_key(path: Path, inode: bool = False) -> tuple | None:
    """What says a file is the same one: its device and inode (`inode`), else also its size and mtime."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if inode else (st.st_size, st.st_mtime_ns, st.st_ino)


def warn(message: str) -> None:
    if (progress := _progress()) is not None:
        progress.clear()
    print(f"hippocampus: warning: {one_line(message, 300)}", file=sys.stderr)


class Workspace:
    def __init__(self, root: Path, now: datetime):
        self.root = root
        self.paths = WorkspacePaths(root)
        self.now = now
        self._config: dict | None = None
        self._cache: SearchCache | None = None
        self._cache_key: tuple | None = None  # the cache file's (device, inode) when opened
        self._config_stamp: tuple | None = None
        self.agent = "main"  # who runs this script (actors.resolve); only main writes memory
        self.look_deferred = False  # reader_cache(quick=True) trusted its last look at the memory files

    @classmethod
    def open(cls, root: Path, now: datetime) -> "Workspace":
        """An initialised workspace, or WorkspaceError naming the fix."""
        workspace = cls(root, now)
        if not workspace.paths.index.is_file():
            if workspace.paths.audit_log.is_file():
                raise WorkspaceError(f"{workspace.paths.index} is missing; run scripts/doctor.py --repair")
            raise WorkspaceError(
                f"no hippocampus workspace at {root}; run scripts/init.py --workspace {root}")
        return workspace

    def refresh(self, now: datetime) -> None:
        """Ready a long-lived workspace (the MCP server's) for its next call: the
        clock moves on, a changed config.yaml is read again, and a search cache
        file another process replaced (a rebuild after damage, a new schema) is
        opened again. What the cache holds needs no check here: every read
        compares it with index.json's state first (reader_cache), so writes by
        other processes are seen by the next call. Three `stat` calls."""
        if self.paths.old_layout and not self.paths.index.is_file():  # STORE-MOVE: moved by another writer
            from .store_migration import repoint  # STORE-MOVE
            repoint(self)  # STORE-MOVE
        if not self.paths.index.is_file():
            Workspace.open(self.root, now)  # raises the error that names the fix
        self.now = now
        self.look_deferred = False
        stamp = _stat_key(self.paths.memory / "config.yaml")
        if stamp != self._config_stamp:
            self._config = None
        self._config_stamp = stamp
        if self._cache is not None and _stat_key(self._cache.path, inode=True) != self._cache_key:
            self._cache.close()
            self._cache = None

    @property
    def config(self) -> dict:
        if self._config is None:
            self._config = load_config(self.paths.memory)
        return self._config

    # ----------------------------------------------------------------- reading
    def load_index(self, lazy: bool = False) -> dict:
        """index.json, checked and upgraded. `lazy`: memories as a MemoryList
        (what a writer wants: parsed only as they are asked for)."""
        trusted = None
        try:
            trusted = self._open_cache().meta("validated_state")
        except sqlite3.DatabaseError:
            pass
        index, warnings = index_store.load(self.paths.index, self.now, self.config["decay"]["rate"], trusted, lazy)
        for message in warnings:
            warn(message)
        return index

    def _open_cache(self) -> SearchCache:
        if self._cache is None:
            try:
                self._cache = SearchCache.open(self.paths.search_db)
                self._cache_key = _stat_key(self.paths.search_db, inode=True)
            except (sqlite3.DatabaseError, OSError) as exc:
                warn(f"search cache unusable ({exc}); using a temporary one")
                self._cache = SearchCache(Path(":memory:"))
                self._cache.reset()
                self._cache_key = ("temporary",)  # never a file's: refresh tries the file again
        return self._cache

    def reader_cache(self, quick: bool = False) -> SearchCache:
        """The search cache, fresh against index.json, with hand edits laid over it.

        `quick` (recall): large folders the last look still vouches for are not
        listed (see look.py); `look_deferred` then says so, and the caller
        checks the files it is about to show (SearchCache.files_as_looked).
        """
        cache = self._open_cache()
        for _attempt in range(3):
            state = index_state(self.paths.index, index_store.read_stamp(self.paths.index))
            if cache.is_fresh(state):
                break
            index = self.load_index()
            if index_state(self.paths.index, index_store.read_stamp(self.paths.index)) != state:
                continue  # replaced while we read it: look again
            manifest = None if cache.meta("index_state") else self._hash_manifest()
            cache.rebuild(index["memories"], state, manifest)
            break
        self.look_deferred = False
        if not (quick and self._last_look_stands(cache)):
            self._overlay_hand_edits(cache)
        return cache

    def _skippable(self, cache: SearchCache) -> dict | None:
        return look.skippable(self.paths, cache.meta("files_look"),
                              float(self.config["recall"]["hand_edit_look_seconds"]))

    def _last_look_stands(self, cache: SearchCache) -> bool:
        """Whether the memory files are as the last look left them, listing
        only the folders it does not vouch for."""
        skipped = self._skippable(cache)
        printed = cache.meta("files_print")
        if skipped is None or printed is None:
            return False
        listed = reconcile.list_memory_files(self.paths, look.listed_folders(skipped))
        if str(look.total_print(listed, skipped)) != printed:
            return False
        self.look_deferred = bool(skipped)
        return True

    def _hash_manifest(self) -> dict:
        scan = reconcile.scan(self.root, self.paths, {}, {}, max_bytes=int(self.config["max_content_bytes"]))
        warn_skipped(scan)
        return scan.manifest_updates

    def _overlay_hand_edits(self, cache: SearchCache) -> None:
        """Let readers see hand edits at once; the next writer commits them.

        One stat per memory file; when their print matches the one recorded
        after the last look, nothing else is read.
        """
        looked_at = time.time()
        on_disk = reconcile.list_memory_files(self.paths)
        current = reconcile.fingerprint(on_disk)
        if cache.meta("files_print") == str(current):
            if self.config["recall"]["hand_edit_look_seconds"] > 0:  # a look others may trust
                recorded = look.stamp(on_disk, looked_at)
                if recorded:
                    self._record_look(cache, current, recorded)
            return
        recorded = look.stamp(on_disk, looked_at)
        scan = reconcile.scan(self.root, self.paths, cache.manifest(), cache.known_files(), on_disk,
                              max_bytes=int(self.config["max_content_bytes"]))
        for path, reason in scan.broken:
            warn(f"{path}: {reason}; kept the indexed version (fix the file or run scripts/doctor.py)")
        warn_skipped(scan)
        if not (scan.changed or scan.manifest_updates or scan.manifest_removed):
            if not scan.broken:
                self._record_look(cache, current, recorded)
            return
        by_id: dict[str, dict] = {}
        for memory_id in scan.deleted:
            memory = cache.get(memory_id)
            if memory:
                memory["status"] = "archived"
                memory["file"] = None
                by_id[memory_id] = memory
        for edit in scan.modified + scan.added:
            base = cache.get(edit.memory_id) if edit.memory_id else None
            memory = apply_edit(base, edit, self.now, self.config, existing_ids=set())
            by_id[memory["id"]] = memory
        try:
            cache.upsert(list(by_id.values()), manifest_updates=scan.manifest_updates,
                         manifest_removed=scan.manifest_removed,
                         files_print=None if scan.broken else str(current), files_look=recorded)
        except sqlite3.DatabaseError as exc:
            warn(f"could not update the search cache ({exc})")

    @staticmethod
    def _record_look(cache: SearchCache, current: int, recorded: str | None) -> None:
        try:
            cache.upsert([], files_print=str(current), files_look=recorded)
        except sqlite3.DatabaseError:
            pass  # a cache (perhaps read-only here): the next look lists every file again

    def memories(self, include_archived: bool = False) -> list[dict]:
        """Every memory as readers see it (hand edits included), without the lock."""
        memories = self.reader_cache().all_memories()
        if include_archived:
            return memories
        return [m for m in memories if m.get("status") != "archived"]

    # ---------------------------------------------------------------- writing
    @contextmanager
    def transaction(self, actor: str, action: str, summary: str = "", proposal: bool = False,
                    full_look: bool = False):
        """The one path by which anything changes. Only the main agent writes
        memory; another agent's transaction may only file a proposal.

        Large folders the last look still vouches for are not listed (look.py);
        the files the change reads or writes there are checked before anything
        is written. `full_look` (the scheduled jobs) lists every file, so that
        edits in place are committed at least daily whatever the agent does."""
        from .lock import WorkspaceLock

        if self.agent != "main" and not proposal:
            from .actors import refuse_write
            raise refuse_write(self.agent, action)
        if self.paths.move_pending:  # STORE-MOVE: an old workspace's first write moves its store out of memory/
            from .store_migration import migrate  # STORE-MOVE
            migrate(self)  # STORE-MOVE (then self.paths name hippocampus/)
        timeout = float(self.config["lock_timeout_seconds"])
        from .fsutil import InBackground
        with WorkspaceLock(self.paths.lock, timeout):
            from .gitrules import refuse_detached_head
            refuse_detached_head(self.root)  # before anything is written, a recovery included
            self._commit_interrupted()
            looked_at = time.time()
            skipped = {} if full_look else self._skippable(self._open_cache()) or {}
            listing = InBackground(reconcile.list_memory_files, self.paths,  # a stat a file, beside the load
                                   look.listed_folders(skipped))
            try:
                index = self.load_index(lazy=True)
            finally:
                on_disk = listing.wait()
            files = self._commit_hand_edits(index, on_disk, looked_at, skipped)
            documents_before = self._commit_document_edits(index)
            tx = Transaction(self, index, actor, action, summary)
            tx.skipped = files["skipped"]
            tx.files_before = {**files["stats"], **{f"{self.paths.store_name}/{folder}/": s.own  # STORE-MOVE
                                                    for folder, s in tx.skipped.items()}}  # STORE-MOVE
            tx.files_print = files["print"]
            tx.files_looked_at = looked_at
            tx.documents_before = documents_before
            yield tx
            tx.commit()
            if (progress := _progress()) is not None:
                progress.clear()  # before the script prints what it did

    def _commit_interrupted(self) -> None:
        """A writer killed (or failed) after writing its files but before its commit
        left the note Transaction.commit writes: commit what its paths hold now, so
        the audit trail misses nothing (its files may match the index, which no
        hand-edit scan would notice), redacted first as a hand edit is (scrub.py)."""
        import json

        from . import audit
        note = self.paths.pending_commit
        try:
            pending = json.loads(note.read_text(encoding="utf-8"))
            paths = [p for p in pending["paths"] if isinstance(p, str)]
        except FileNotFoundError:
            return
        except (OSError, ValueError, KeyError, TypeError):
            note.unlink(missing_ok=True)  # a note cut short: its writer had not begun writing
            return
        missing = [p for p in paths if not os.path.lexists(self.root / p)]
        if missing:  # of the paths that are gone, only those git tracks are removals to commit
            tracked = audit.git(self.root, "ls-files", "-z", "--", *missing, check=False).stdout.split("\0")
            paths = [p for p in paths if p not in missing or p in tracked]
        from .undo import remove_leftovers
        remove_leftovers(self.root, paths)  # what it kept to take its writes back: it never got to
        from .scrub import scrub_files
        # a person may have written a secret there since; the log is committed with them
        scrub_files(self.root, [*(p for p in paths if p not in missing), self.paths.rel(self.paths.audit_log)])
        what = one_line(f"{pending.get('action', 'change')} by {pending.get('actor', 'a writer')}", 80)
        audit.record(self.root, self.paths.audit_log, self.now, "system:recover", "recover", [],
                     f"committed an interrupted {what}", paths)
        note.unlink(missing_ok=True)

    def _commit_document_edits(self, index: dict) -> dict:
        """Commit what a person changed in the documents (identity files, MEMORY.md,
        the graph, meta markdown) since the last write, as actor manual.

        Returns the documents' stats as found, for the transaction to keep
        their print current after its own writes.
        """
        from . import documents
        from .redact import redact_text

        cache = self._open_cache()
        found = documents.stats(self.paths)
        if cache.meta("documents_print") == _document_print(found):
            return found
        edits = documents.changed(self.root)
        if edits:
            tx = Transaction(self, index, "manual", "manual", documents.summary(edits))
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
            found = documents.stats(self.paths)
        cache.set_meta("documents_print", _document_print(found))
        return found

    def _commit_hand_edits(self, index: dict, on_disk: dict | None = None, looked_at: float | None = None,
                           skipped: dict | None = None) -> dict:
        """Commit what a person changed since the last write (actor manual).

        `on_disk`: the memory files' stats, when already listed (all but the
        `skipped` folders). Returns the stats as found and the folders still
        skipped, for the transaction to keep the print current after its own
        writes.
        """
        cache = self._open_cache()
        if on_disk is None:
            looked_at = time.time()
            on_disk = reconcile.list_memory_files(self.paths)
        skipped = skipped or {}
        current = look.total_print(on_disk, skipped)
        index_fresh = cache.is_fresh(index_state(self.paths.index, index.get("stamp")))
        if index_fresh and cache.meta("index_files_print") == str(current):
            return {"stats": on_disk, "print": current, "skipped": skipped}
        if skipped:  # something changed: look at every folder
            on_disk = {**on_disk, **reconcile.list_memory_files(self.paths, tuple(skipped))}
            return self._commit_hand_edits(index, on_disk, looked_at)
        known = reconcile.known_files(index["memories"])
        scan = reconcile.scan(self.root, self.paths, cache.manifest(), known, on_disk, writer=True,
                              max_bytes=int(self.config["max_content_bytes"]))
        for path, reason in scan.broken:
            warn(f"{path}: {reason}; left as it is (fix the file or run scripts/doctor.py)")
        warn_skipped(scan)
        if not scan.changed:
            try:
                cache.upsert([], manifest_updates=scan.manifest_updates, manifest_removed=scan.manifest_removed,
                             files_print=None if scan.broken or not index_fresh else str(current),
                             index_files_print=True, files_look=look.stamp(on_disk, looked_at))
            except sqlite3.DatabaseError:
                pass
            return {"stats": on_disk, "print": current, "skipped": {}}
        tx = Transaction(self, index, "manual", "hand-edit", "")
        take_in(tx, scan)
        tx.action = "manual"
        tx.summary = hand_edit_summary(len(scan.modified), len(scan.added), len(scan.deleted),
                                       (scan.modified + scan.added)[:1],
                                       [tx.by_id[i].get("archivedBecause", "") for i in scan.deleted[:1]])
        tx.manifest_updates = scan.manifest_updates
        tx.manifest_removed = scan.manifest_removed
        tx.files_before = on_disk
        tx.files_print = None  # a scan happened: let the next look recompute from scratch
        tx.commit()
        return {"stats": {}, "print": None, "skipped": {}}  # no print to keep current: the next look rescans


def warn_skipped(scan: reconcile.ScanResult) -> None:
    """A file left out of the index is said once, when it is first seen (as it is now)."""
    for path, reason, new in scan.skipped:
        if new:
            warn(f"{path}: {reason}")


def _document_print(stats: dict) -> str:
    return str(reconcile.fingerprint(stats))


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
        elif edit.path in scan.rewrites:
            memory["hash"] = memfile.file_hash(tx.files[edit.path])
        tx.put(memory)
        tx.paths.add(edit.path)
        if edit in scan.added:
            tx.new_paths.add(edit.path)
    for memory_id in scan.deleted:
        memory = by_id[memory_id]
        tx.paths.add(memory["file"])
        tx.archive(memory, "entry deleted by hand" if episodes.is_episode_path(memory["file"]) else "file deleted by hand")
    return len(scan.modified) + len(scan.added)


def hand_edit_summary(edited: int, added: int, deleted: int, first: list, why_gone: list | None = None) -> str:
    parts = [f"{n} {verb}" for n, verb in ((edited, "edited"), (added, "added"), (deleted, "deleted")) if n]
    text = "hand edits picked up: " + ", ".join(parts)
    if edited + added + deleted == 1 and first:
        text = ("edited by hand: " if edited else "added by hand: ") + first[0].content
    elif deleted == 1 and not first:
        text = f"{(why_gone or ['file deleted by hand'])[0]}, memory archived"
    return text


def apply_edit(base: dict | None, edit: reconcile.HandEdit, now: datetime, config: dict,
               existing_ids: set[str]) -> dict:
    """The memory after a person's edit of its file (or a new one for a new file)."""
    from .classify import guess_category, guess_keywords
    from .model import is_valid_id, ordered
    from .scoring import signal_importance, status_for

    from .classify import guess_domain
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
                  "store": store, "status": status_for(importance, config),
                  "source": f"manual:{edit.path}", "confidence": "observed"}
        if store == "episodic":
            memory["episode"] = edit.path.rsplit("/", 1)[-1][:-3]
    else:
        memory = dict(base)
        memory["content"] = edit.content
        if memory.get("status") == "archived" and str(memory.get("archivedBecause", "")).endswith("deleted by hand"):
            memory["status"] = status_for(memory.get("importance", 0.5), config)
            memory.pop("archivedBecause", None)
            memory.pop("archivedAt", None)
    memory["store"] = store
    memory["pinned"] = True if store == "vault" else memory.get("pinned")
    from .model import check_category  # local: keeps start-up lean for readers
    from .errors import UsageError
    if meta.get("category"):
        try:
            memory["category"] = check_category(meta["category"])
        except UsageError:
            pass
    if meta.get("domain") in DOMAINS:
        memory["domain"] = meta["domain"]
    if isinstance(meta.get("keywords"), list) and meta["keywords"]:
        memory["keywords"] = meta["keywords"]
    elif base is not None and edit.content != base.get("content"):
        memory["keywords"] = guess_keywords(edit.content)
    for key in ("source", "episode", "title"):
        if meta.get(key):
            memory[key] = meta[key]
    memory["file"] = edit.path
    memory["hash"] = edit.hash
    return ordered(memory)


class Transaction:
    """Changes buffered in memory; written, indexed, audited and committed at once."""

    def __init__(self, workspace: Workspace, index: dict, actor: str, action: str, summary: str):
        self.workspace = workspace
        self.index = index
        self.actor = actor
        self.action = action
        self.summary = summary
        self.now = workspace.now
        self.config = workspace.config
        from .memory_list import ById, MemoryList
        if not isinstance(index["memories"], MemoryList):
            reusable = {} if index.get("migratedFrom") else \
                {k: v for k, v in (index.get("_lines") or {}).items() if k not in index.get("_repaired", set())}
            index["memories"] = MemoryList.of(index["memories"], reusable)
            index["_lines"] = {}
        self.by_id = ById(index["memories"])
        self.touched: dict[str, dict] = {}
        self.ids: list[str] = []
        self.files: dict[str, bytes | Path | None] = {}   # path -> new bytes (or a spool file), None = remove
        self.paths: set[str] = set()
        self.new_paths: set[str] = set()   # files git has not seen yet (created here or by hand)
        self.manifest_updates: dict = {}
        self.manifest_removed: list[str] = []
        self.index_changed = False
        self._local_folds: dict = {}
        self._folded_upto = 0
        self._all_folds: dict | None = None
        self._cache_fresh: bool | None = None
        self.documents_before: dict | None = None  # document stats when the transaction began
        self.trailers: list[str] = []       # extra commit trailers (e.g. Approved-By)
        self.audit_ids: list[str] | None = None  # ids to record, when not every touched one (decay)
        self._bases: dict[str, bytes | None] = {}  # path -> bytes first read from disk
        self.reparse: set[str] = set()      # logs rebased on a person's concurrent edit
        self._mergers: dict = {}            # path -> merge(their bytes) -> ours on theirs (merge_with)
        self._appends: dict[str, bytes] = {}  # log -> the entries we append in place (_check_bases)
        self._verified: dict[str, bytes | None] = {}  # path -> what we built on, checked as it is replaced
        self._late = None  # safe_replace.LateAppends: the copies we replaced, watched until committed
        self._placed: dict[str, tuple] = {}  # path -> stamp of what _place_based put there
        self.author: str | None = None      # commit author name, when crediting an actor
        self.files_before: dict = {}        # memory file stats when the transaction began
        self.files_print: int | None = None  # their print, when it matched the cache
        self.files_looked_at: float | None = None  # when they were listed (time.time())
        self.skipped: dict = {}             # large folders not listed (look.py): checked before writing
        self.after_commit: list = []        # run once committed, still under the lock (purge's cache compaction)

    # -- memories
    @property
    def memories(self):
        """Every memory (a memory_list.MemoryList: iterating parses them all)."""
        return self.index["memories"]

    def get(self, memory_id: str) -> dict:
        memory = self.by_id.get(memory_id)
        if memory is None:
            raise NotFound(f"no memory with id {memory_id}")
        return memory

    def put(self, memory: dict) -> None:
        """Add a new memory or record a change to an existing one."""
        memory_id = memory["id"]
        self.index["memories"].put(memory)
        if memory_id not in self.touched:
            self.ids.append(memory_id)
        self.touched[memory_id] = memory
        self.index_changed = True

    def write_memory_file(self, memory: dict, relative_path: str) -> None:
        from . import memfile

        data = memfile.render(memory).encode("utf-8")
        memory["file"] = relative_path
        memory["hash"] = memfile.file_hash(data)
        self.files[relative_path] = data

    def current_bytes(self, relative_path: str) -> bytes | None:
        """A file as this transaction will leave it (buffered write, else disk)."""
        if relative_path in self.files:
            data = self.files[relative_path]
            return data.read_bytes() if isinstance(data, Path) else data
        try:
            data = (self.workspace.root / relative_path).read_bytes()
        except FileNotFoundError:
            data = None
        except OSError as exc:
            from .fsutil import workspace_error_for
            raise workspace_error_for(exc, self.workspace.root / relative_path) from None
        self._bases.setdefault(relative_path, data)  # what we build on: checked again before writing
        return data

    def merge_with(self, relative_path: str, merge) -> None:
        """How to lay this change on a person's version of the file, should they
        save it meanwhile: `merge(their bytes) -> our bytes on theirs`."""
        self._mergers[relative_path] = merge

    def _check_bases(self) -> None:
        """A person may save a file between our read and our write. A daily log we only
        appended to gets our entries appended to their version, in place (and is
        parsed again by the next writer); a file with a merge (MEMORY.md) gets our
        change laid on theirs; any other file we built on is refused, with nothing
        written. What they save after this check is handled when the files are put
        in place (_place_based)."""
        from . import episodes

        for relative, base in self._bases.items():
            if relative not in self.files:
                continue  # only read, not written: nothing of anyone's can be lost
            data = self.files[relative]
            if isinstance(data, Path):
                continue
            try:
                now_on_disk = (self.workspace.root / relative).read_bytes()
            except FileNotFoundError:
                now_on_disk = None
            if episodes.is_episode_path(relative) and data is not None:
                start = base if base is not None else episodes.header(episodes.day_of(relative)).encode("utf-8")
                if now_on_disk is not None and data.startswith(start):
                    self._appends[relative] = data[len(start):]
                    continue
                if base is None and data.startswith(start):  # a new log: a person may create it first
                    entries = data[len(start):]
                    self._mergers.setdefault(relative, lambda theirs, entries=entries: (
                        theirs if theirs.endswith(b"\n") else theirs + b"\n") + entries)
            if now_on_disk == base:
                if data is not None:
                    self._verified[relative] = base
                continue
            if episodes.is_episode_path(relative) and data is not None and base is not None and \
                    now_on_disk is not None and now_on_disk.startswith(base):
                self.files[relative] = data + now_on_disk[len(base):]  # entries a person appended meanwhile
                self._verified[relative] = now_on_disk
                self.reparse.add(relative)
                continue
            merge = self._mergers.get(relative)
            if merge is not None and now_on_disk is not None and data is not None:
                self.files[relative] = merge(now_on_disk)
                self._verified[relative] = now_on_disk
                continue
            raise WorkspaceError(f"{relative} was changed by someone else while this change was being made; "
                                 "nothing was written: run the command again")

    def _place_based(self, undo) -> None:
        """Put the files this change built on in place, first, so that nothing a person
        saves in the meantime is lost: a log we appended to is appended to in place;
        another file is replaced checking, at that moment, that what it replaces is
        what we built on (safe_replace.replace_verified), their later save laid back on."""
        from .episodes import is_episode_path
        from .safe_replace import LateAppends, append_in_place, replace_verified

        root = self.workspace.root
        for relative, suffix in self._appends.items():
            undo.appended(root / relative, suffix)  # a failure cuts our entries out again, theirs stay
            final, stamp = append_in_place(root / relative, suffix)
            if final != self.files[relative]:
                self.reparse.add(relative)  # holds a person's entries: the next writer parses it
            self.files[relative] = final
            self._placed[relative] = stamp
        for relative, base in self._verified.items():
            data = self.files[relative]
            undo.keep(root / relative)
            if self._late is None:
                self._late = LateAppends()
            final, stamp = replace_verified(root / relative, data, base, self._mergers.get(relative), self._late)
            if final != data and is_episode_path(relative):
                self.reparse.add(relative)
            self.files[relative] = final
            self._placed[relative] = stamp

    def _check_skipped(self) -> None:
        """A file this change reads or writes in a folder that was not listed
        must still be as the last look saw it: else a person edited it in place
        meanwhile, and building on it, or over it, would bury their edit."""
        cache = self.workspace._open_cache()
        for relative in sorted(set(self.files) | set(self._bases)):
            if look.folder_of(relative) not in self.skipped:
                continue
            found, unchanged = cache.as_looked(self.workspace.root, relative)
            if not unchanged:
                cache.set_meta("files_look", None)  # the next look lists every file
                raise WorkspaceError(f"{relative} was edited by hand a moment ago; nothing was written: "
                                     "run the command again")
            if found is not None:
                self.files_before[relative] = found

    def append_episode(self, memory: dict) -> str:
        """Append `memory` as an entry of its day's log; returns the log's path."""
        from . import episodes

        path = episodes.path_for(memory["created"])
        current = self.current_bytes(path)
        text = current.decode("utf-8", "replace") if current is not None else episodes.header(episodes.day_of(path))
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = (text + episodes.render_entry(memory)).encode("utf-8")
        memory["file"] = path
        memory["hash"] = episodes.entry_hash(memory["content"].strip())
        return path

    def archive(self, memory: dict, reason: str, **extra) -> None:
        """Archive a memory (importance 0, file and history kept; reinforce brings it back)."""
        memory.update(status="archived", importance=0.0, archivedAt=format_time(self.now), archivedBecause=reason,
                      **extra)
        self.put(memory)

    def move_file(self, source: str, target: str) -> bool:
        """Move a file within the workspace in this transaction; False when it is not there."""
        data = self.current_bytes(source)
        if data is None:
            return False
        self.write_file(target, data)
        self.remove_file(source)
        return True

    def write_file(self, relative_path: str, data: bytes) -> None:
        self.files[relative_path] = data

    def write_spooled(self, relative_path: str, spool: Path) -> None:
        """Replace a (large) file by a finished spool file in the workspace at commit."""
        self.files[relative_path] = spool

    def remove_file(self, relative_path: str) -> None:
        self.files[relative_path] = None

    def fold_key_owner(self, key: str, domain: str, accept=None) -> dict | None:
        """The live memory whose folded text is `key` in `domain`, if any (and,
        with `accept`, one that `accept(memory)` takes: an episode of the same day).

        Memories changed in this transaction are folded here; the rest are
        looked up in the search cache when it matches the index, else folded
        once per transaction.
        """
        from .textutil import fold

        def usable(memory) -> bool:
            return memory is not None and memory.get("status") != "archived" and \
                fold(memory["content"]) == key and (accept is None or accept(memory))

        for memory_id in self.ids[self._folded_upto:]:
            memory = self.by_id[memory_id]
            if memory.get("status") != "archived":
                self._local_folds.setdefault((memory["domain"], fold(memory["content"])), []).append(memory_id)
        self._folded_upto = len(self.ids)
        for local in reversed(self._local_folds.get((domain, key), ())):
            if usable(self.by_id[local]):
                return self.by_id[local]
        if self._cache_matches_index():
            from .search_cache import fold_key
            for memory_id in self.workspace._open_cache().fold_owners(fold_key(key), domain):
                memory = self.by_id.get(memory_id)
                if memory_id not in self.touched and usable(memory):
                    return memory
            return None
        if self._all_folds is None:
            self._all_folds = {}
            for memory in self.index["memories"]:
                if memory.get("status") != "archived":
                    self._all_folds.setdefault((memory["domain"], fold(memory["content"])), []).append(memory["id"])
        for owner in self._all_folds.get((domain, key), ()):
            memory = self.by_id.get(owner)
            if owner not in self.touched and usable(memory):
                return memory
        return None

    def _cache_matches_index(self) -> bool:
        if self._cache_fresh is None:
            try:
                cache = self.workspace._open_cache()
                self._cache_fresh = cache.is_fresh(index_state(self.workspace.paths.index, self.index.get("stamp")))
            except sqlite3.DatabaseError:
                self._cache_fresh = False
        return self._cache_fresh

    # -- commit
    def after_document_edits(self, edits: list[tuple[str, str]]) -> None:
        """What must change with a person's document edits (the graph's registry)."""
        if any(path.startswith("hippocampus/graph/entities/") for _kind, path in edits):  # STORE-MOVE
            from .graph import Graph
            Graph.load(self).write_registry(self)

    def commit(self) -> None:
        if not (self.index_changed or self.files or self.paths):
            return
        from . import audit, audit_archive
        from .fsutil import InBackground, atomic_write, ours_to_write
        from .undo import Undo

        ws = self.workspace
        root = ws.root
        from .gitrules import refuse_detached_head
        refuse_detached_head(root)  # (doctor's repair commits without Workspace.transaction)
        if self.skipped:
            self._check_skipped()
        self._check_bases()
        resolved_root = root.resolve()
        for relative in self.files:  # what is written or deleted: resolved (a folder may be a link)
            if not ours_to_write(root / relative, resolved_root):
                raise WorkspaceError(f"refusing to write outside the workspace or inside .git: {relative}; "
                                     "nothing was written")
        for relative in self.paths:  # what is only committed: named, never into .git
            if ".git" in relative.split("/") or relative.startswith("/"):
                raise WorkspaceError(f"refusing to commit a path inside .git or outside the workspace: "
                                     f"{relative}; nothing was written")
        if (progress := _progress()) is not None:
            progress.note("saving and committing")
        for relative, data in self.files.items():
            target = root / relative
            if data is not None and not target.exists():
                self.new_paths.add(relative)
            self.paths.add(relative)
        old_state = index_state(ws.paths.index, index_store.read_stamp(ws.paths.index))
        index_data = None
        if self.index_changed:
            self.index["lastUpdated"] = format_time(self.now)
            self.index.pop("migratedFrom", None)
            index_data = index_store.prepare_save(self.index, set(self.touched))
            self.paths.add(ws.paths.rel(ws.paths.index))
        # the audit files a purge scrubbed: written first, as the rotation and the audit line build on them
        audit_files = [p for p in self.files if p == ws.paths.rel(ws.paths.audit_log) or
                       p.startswith(ws.paths.rel(audit_archive.archive_folder(ws.paths)) + "/")]
        undo = Undo()  # what the writes replace, until the commit lands: a failure takes them all back
        writing = None
        try:
            self._note_pending()
            self._place_based(undo)  # the files a person may be saving, before anything else
            for relative in audit_files:
                data = self.files.pop(relative)
                if relative not in self._placed:
                    undo.keep(root / relative)
                    atomic_write(root / relative, data)
            rotation = audit_archive.plan(ws.paths, self.now)  # usually {}: a new month, or a long log
            for path in rotation:
                if not path.exists():
                    self.new_paths.add(ws.paths.rel(path))
                self.paths.add(ws.paths.rel(path))
            if rotation:
                self._note_pending()
            for path, data in rotation.items():  # the month files first, the emptied log last
                undo.keep(path)
                atomic_write(path, data)
            # Megabytes and fsyncs: written on a thread while git's objects are made from the same bytes
            writing = InBackground(self._write_files, index_data, undo)
            contents: dict[str, bytes | list | None] = {}
            if any(isinstance(data, Path) for data in self.files.values()):
                writing.wait()  # a spool file is read from where it lands
            else:
                contents = dict(self.files)
                if index_data is not None:
                    contents[ws.paths.rel(ws.paths.index)] = index_data
            try:
                audit.record(root, ws.paths.audit_log, self.now, self.actor, self.action,
                             self.ids if self.audit_ids is None else self.audit_ids,
                             self.summary or self.action, sorted(self.paths), sorted(self.new_paths),
                             trailers=self.trailers, author=self.author, contents=contents,
                             before_publish=writing.wait)
            finally:
                prints = writing.wait()  # never leave the files half-handled behind an error
        except BaseException as exc:
            if writing is not None:
                try:
                    writing.wait()
                except BaseException:
                    pass
            if self._late is not None:
                self._late.close()
            if not undo.rollback():
                raise WorkspaceError(f"{one_line(str(exc), 300)}; and not every file written could be put back: "
                                     "the next writer commits what they hold") from None
            ws.paths.pending_commit.unlink(missing_ok=True)  # nothing of this change is left to commit
            if isinstance(exc, WorkspaceError) and "nothing was" not in str(exc):
                raise WorkspaceError(f"{exc}; nothing was changed") from None
            raise
        undo.discard()
        if self._late is not None:  # a `>>` into a copy we replaced, a moment late: laid back on the file
            self._late.settle()      # (its stat is no longer ours: the next writer takes it in)
        self._publish(old_state, index_data, prints)  # everything is on disk: the search cache follows
        ws.paths.pending_commit.unlink(missing_ok=True)  # committed: nothing for the next writer to finish
        self._keep_document_print()
        for step in self.after_commit:
            step()

    def _publish(self, old_state: str | None, index_data, prints: tuple[list, list]) -> None:
        """Bring the search cache level with what this change left on disk."""
        ws = self.workspace
        removed_prints, added_prints = prints
        if (progress := _progress()) is not None:
            progress.note("updating the search cache")
        new_state = old_state if index_data is None else index_state(ws.paths.index, self.index["stamp"])
        files_print = files_look = None
        if self.files_print is not None and not self.reparse:  # a rebased log must be looked at again
            folders_before = {p: v for p, v in self.files_before.items() if p.endswith("/")}
            folders_now = reconcile.folder_stamps(ws.paths)
            files_print = str(reconcile.adjust_fingerprint(
                self.files_print, removed_prints + list(folders_before.items()),
                added_prints + list(folders_now.items())))
            after = {p: v for p, v in self.files_before.items() if not p.endswith("/")}
            for path, _stamp in removed_prints:
                after.pop(path, None)
            after.update(added_prints)
            after.update(folders_now)
            files_look = look.stamp(after, self.files_looked_at, self.skipped, removed_prints, added_prints)
        self._sync_cache(old_state, new_state, files_print, files_look)

    def _note_pending(self) -> None:
        """Name the paths about to be written, until they are committed (see
        Workspace._commit_interrupted). Not fsynced: it guards against a killed
        process, whose written files the kernel keeps anyway."""
        import json

        from .fsutil import atomic_write
        note = {"actor": self.actor, "action": self.action, "paths": sorted(self.paths)}
        atomic_write(self.workspace.paths.pending_commit, json.dumps(note), sync=False)

    def _write_files(self, index_data: list | None, undo) -> tuple[list, list]:
        """Write the buffered files, then index.json (a crash in between leaves files
        the next writer indexes, never an index naming files that are not there).
        Returns the memory-file prints removed and added."""
        from .fsutil import InBackground, discard, put_in_place, write_temporary

        index_path = self.workspace.paths.index
        # the index's megabytes are written and fsynced meanwhile; only its rename waits for the files
        index_temp = InBackground(write_temporary, index_path, index_data) if index_data is not None else None
        try:
            prints = self._write_memory_files(undo)
        except BaseException:
            if index_temp is not None:
                try:
                    discard(index_temp.wait())
                except BaseException:
                    pass
            raise
        if index_temp is not None:
            temporary = index_temp.wait()
            try:
                undo.keep(index_path)
            except BaseException:
                discard(temporary)
                raise
            put_in_place(temporary, index_path)
        return prints

    def _write_memory_files(self, undo) -> tuple[list, list]:
        """Write (or remove) the buffered files, each kept first in `undo`; the
        memory-file prints removed and added."""
        from . import memfile
        from .fsutil import put_in_place, workspace_error_for, write_temporary

        root = self.workspace.root
        removed_prints: list[tuple[str, tuple]] = []
        added_prints: list[tuple[str, tuple]] = []
        files = self.files.items()
        if (progress := _progress()) is not None:  # drawn here while the main thread builds git's objects
            files = progress.step(files, "writing files", len(self.files))
        for relative, data in files:
            target = root / relative
            if relative in self.files_before:
                removed_prints.append((relative, self.files_before[relative]))
            try:
                undo.keep(target)
            except OSError as exc:
                raise workspace_error_for(exc, target) from None
            if data is None:
                try:
                    target.unlink()
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    raise workspace_error_for(exc, target) from None
                self.manifest_removed.append(relative)
            elif isinstance(data, Path):  # a spool file: fsync it and rename it into place
                try:
                    with open(data, "rb+") as handle:
                        os.fsync(handle.fileno())
                    os.replace(data, target)
                except OSError as exc:
                    raise workspace_error_for(exc, target) from None
            else:
                try:
                    if relative in self._placed:  # put in place already (_place_based)
                        stamp = self._placed[relative]
                    else:
                        tmp = write_temporary(target, data)
                        st = os.stat(tmp)  # the stat of our bytes (a rename keeps it), not of a later save
                        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
                        put_in_place(tmp, target)
                except OSError as exc:
                    raise workspace_error_for(exc, target) from None
                try:
                    digest = memfile.file_hash(data)
                    indexed = None if relative in self.reparse else digest  # a rebased log holds a person's edit
                    self.manifest_updates[relative] = (*stamp, digest, indexed)
                    if relative.count("/") == 2 and relative.endswith(".md") and \
                            relative.split("/")[1] in reconcile.MEMORY_FOLDERS:
                        added_prints.append((relative, stamp))
                except OSError:
                    pass
        return removed_prints, added_prints

    def _keep_document_print(self) -> None:
        """After writing documents, their print is what we left (others as found)."""
        from . import documents
        if self.documents_before is None:
            return
        written = [p for p in self.files if documents.is_document(p)]
        if not written:
            return
        stats = dict(self.documents_before)
        for path in written:
            for key in (path, path.rsplit("/", 1)[0] + "/" if "/" in path else None):
                if key is None:
                    continue
                if key in self._placed:  # what we put there, not a person's save since
                    stats[key] = self._placed[key]
                    continue
                try:
                    st = os.stat(self.workspace.root / key)
                    stats[key] = (st.st_mtime_ns, -1 if key.endswith("/") else st.st_size, st.st_ino)
                except OSError:
                    stats.pop(key, None)
        try:
            self.workspace._open_cache().set_meta("documents_print", _document_print(stats))
        except sqlite3.DatabaseError:
            pass

    def _sync_cache(self, old_state: str | None, new_state: str | None, files_print: str | None,
                    files_look: str | None = None) -> None:
        try:
            cache = self.workspace._open_cache()
            if self.index_changed:  # we validated and wrote this file: the next load may trust it
                cache.set_meta("validated_state", new_state)
            if cache.is_fresh(old_state):
                cache.upsert(list(self.touched.values()), new_state, manifest_updates=self.manifest_updates,
                             manifest_removed=self.manifest_removed, files_print=files_print,
                             index_files_print=True, files_look=files_look)
            else:
                cache.rebuild(self.index["memories"], new_state)
                cache.upsert([], manifest_updates=self.manifest_updates, manifest_removed=self.manifest_removed)
        except (sqlite3.DatabaseError, OSError) as exc:
            warn(f"search cache not updated ({exc}); it will be rebuilt")
            try:
                os.unlink(self.workspace.paths.search_db)
            except OSError:
                pass


"""The workspace: what readers see (index, config, the search cache kept fresh,
hand edits laid over it) and the door to its one transaction (transaction.py),
the only path by which memory changes.

    with workspace.transaction(actor="bot:remember", action="remember") as tx:
        ...  # read and change memories through tx
    # on exit: files written atomically, index saved, one audit line, one commit
    # on exception: nothing written

Readers never take the lock: index.json is replaced by atomic rename, so they
see the old index or the new one, never half of one.

A writer lists the memory files on a thread (InBackground) while index.json
loads, which bench/machinery.py does not show saving anything: 136-215 ms vs
148-193 ms listing then loading at 10,000 memories (0.91-1.11x, three runs).
"""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

# Only what readers need is imported here: recall is a hot path. Writers
# import the rest (audit, lock, memfile, the transaction, ...) inside the
# functions that use them.
from . import hand_edits, index_store, look, reconcile
from ..base.config import load_config
from ..base.paths import WorkspacePaths
from ..base.stderr import progress_module as _progress
from ..base.stderr import warn  # noqa: F401 (callers' warn: workspace.warn)
from ..errors import WorkspaceError
from .search_cache import SearchCache, index_state
from ..text.textutil import one_line


def _stat_key(path: Path, inode: bool = False) -> tuple | None:
    """What says a file is the same one: its device and inode (`inode`), else also its size and mtime."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if inode else (st.st_size, st.st_mtime_ns, st.st_ino)


def _may_write(path: Path) -> bool:
    """Whether this process may change `path` (a file, created if missing): the
    file itself and the nearest folder that exists on its way (one or two
    `access` calls). No on a read-only mount or another user's workspace."""
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return False
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return os.access(folder, os.W_OK | os.X_OK)


class Workspace:
    def __init__(self, root: Path, now: datetime):
        from ..base.fsutil import confine
        confine(root)  # no file under it is opened through a link out of it (fsutil.check_confined)
        self.root = root
        self.paths = WorkspacePaths(root)
        self.now = now
        self._config: dict | None = None
        self._cache: SearchCache | None = None
        self._cache_key: tuple | None = None  # the cache file's (device, inode) when opened
        self._config_stamp: tuple | None = None
        self.agent = "main"  # who runs this script (actors.resolve); only main writes memory
        self.look_deferred = False  # reader_cache(quick=True) trusted its last look at the memory files
        # pages derived above the store (the dashboard) that a purge rebuilds once it is
        # committed: handed in by the caller (cli.open_workspace), never imported here
        self.views_after_purge: list = []
        # a move into the layout asks the next transaction to place every memory's file (its
        # daily logs' entries of memories that are not live go to hippocampus/archive/)
        self.place_all = False
        self._lock = None  # the workspace lock while a transaction holds it (a forked child drops its copy)

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
        if self.paths.old_layout:  # moved into the layout by another writer?
            from ..base.paths import layout_of
            if layout_of(self.root) != self.paths.layout:
                from .store_migration import repoint
                repoint(self)
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
            self._config = load_config(self.paths.memory, self.paths.cache)
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
            if not _may_write(self.paths.search_db):  # a reader only: never a write into the workspace
                self._cache = SearchCache.private(self.paths.search_db)
                self._cache_key = ("private",)  # never a file's: refresh copies the file again
                return self._cache
            try:
                self._cache = SearchCache.open(self.paths.search_db)
                self._cache_key = _stat_key(self.paths.search_db, inode=True)
            except (sqlite3.DatabaseError, OSError, WorkspaceError) as exc:
                warn(f"search cache unusable ({one_line(str(exc), 200)}); using a temporary one")
                self._cache = SearchCache(Path(":memory:"))
                self._cache.reset()
                self._cache_key = ("temporary",)  # never a file's: refresh tries the file again
        return self._cache

    def closes_cache(self) -> bool:
        """For cache_ahead.py's child: whether the search cache is a file this process may write,
        its connection here closed (SQLite's is never used across a fork; opened again when next
        needed). No for a reader's copy or a temporary cache."""
        if self._cache is None:
            return self.paths.search_db.is_file() and _may_write(self.paths.search_db)
        if self._cache_key in (("private",), ("temporary",)):
            return False
        self._cache.close()
        self._cache = None
        return True

    def drop_inherited_lock(self) -> None:
        """In a child forked under the workspace lock (cache_ahead.py): its copy of the lock's
        descriptor closed, so that the lock ends with the writer whatever the child does. Closed, not
        unlocked: an flock belongs to the open file both processes share."""
        lock = self._lock
        if lock is not None and lock._fd is not None:
            try:
                os.close(lock._fd)
            except OSError:
                pass

    def reader_cache(self, quick: bool = False, any_age: bool = False) -> SearchCache:
        """The search cache, fresh against index.json, with hand edits laid over it.

        `quick` (recall): large folders the last look still vouches for are not
        listed (see look.py); `look_deferred` then says so, and the caller
        checks the files it is about to show (SearchCache.files_as_looked).
        `any_age` (load_core, with `quick`): that look is trusted however old
        it is, unless `recall.hand_edit_look_seconds` is 0 (trust none).
        """
        cache = self._open_cache()
        for _attempt in range(3):
            state = index_state(self.paths.index, index_store.read_stamp(self.paths.index))
            if cache.is_fresh(state):
                break
            follows = cache.follows_an_index()  # (rows of an earlier index.json: what differs is written)
            index = self.load_index(lazy=follows)
            if index_state(self.paths.index, index_store.read_stamp(self.paths.index)) != state:
                continue  # replaced while we read it: look again
            if follows:
                from ..base.file_bytes import SourceChanged
                from .memory_list import walk
                try:
                    cache.catch_up(walk(index["memories"]), state)
                except SourceChanged:
                    continue  # written over in place while we read it: look again
                break
            manifest, clean = (None, None) if cache.meta("index_state") else self._hash_manifest(index["memories"])
            cache.rebuild(index["memories"], state, manifest)
            if clean is not None:  # every file as index.json has it: the look below lists, and reads nothing,
                cache.set_meta("files_print", clean)
                # and index.json holds the files as they are: the first writer need not look at each
                # (a fresh clone's first write at 100,000: its look at every file was ~1 s)
                cache.set_meta("index_files_print", clean)
            break
        self.look_deferred = False
        if not (quick and self._last_look_stands(cache, any_age)):
            hand_edits.overlay(self, cache)
        return cache

    def _skippable(self, cache: SearchCache, any_age: bool = False, writer: bool = False) -> dict | None:
        """The large folders the last look vouches for; a writer's look kept without a print (a log
        rebased on a person's append: hand_edits.py) vouches for them to writers."""
        seconds = float(self.config["recall"]["hand_edit_look_seconds"])
        recorded = cache.meta("files_look") or (cache.meta("index_files_look") if writer else None)
        return look.skippable(self.paths, recorded, float("inf") if any_age and seconds > 0 else seconds)

    def _last_look_stands(self, cache: SearchCache, any_age: bool = False) -> bool:
        """Whether the memory files are as the last look left them, listing
        only the folders it does not vouch for."""
        skipped = self._skippable(cache, any_age)
        printed = cache.meta("files_print")
        if skipped is None or printed is None:
            return False
        listed = reconcile.list_memory_files(self.paths, look.listed_folders(skipped))
        if str(look.total_print(listed, skipped)) != printed:
            return False
        self.look_deferred = bool(skipped)
        return True

    def _hash_manifest(self, memories) -> tuple[dict, str | None]:
        """The stat and hash of every memory file, for a cache built from nothing (a
        fresh clone), and the files' print when each is as index.json holds it. A
        file whose hash is the one index.json holds is not parsed (~0.6 ms a file:
        61 s at 100,000 memories, to nothing)."""
        on_disk = reconcile.list_memory_files(self.paths)
        scan = reconcile.scan(self.root, self.paths, {}, reconcile.known_files(memories), on_disk,
                              max_bytes=int(self.config["max_content_bytes"]))
        hand_edits.warn_skipped(scan)
        clean = not (scan.changed or scan.broken or scan.unread or scan.skipped)
        return scan.manifest_updates, str(reconcile.fingerprint(on_disk)) if clean else None

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
        from .transaction import Transaction

        if self.agent != "main" and not proposal:
            from ..base.actors import refuse_write
            raise refuse_write(self.agent, action)
        if self.paths.move_pending:  # an old workspace's first write moves its store out of memory/
            from .store_migration import migrate
            migrate(self)  # then self.paths name hippocampus/
        timeout = float(self.config["lock_timeout_seconds"])
        from ..base import exiting
        from ..base.fsutil import InBackground, InChild, check_confined
        from .memory_list import MemoryList
        for path in (self.paths.lock, self.paths.search_db, self.paths.index, self.paths.audit_log):
            check_confined(path)  # a link on the way out of the workspace: refused before anything
        exiting.release()  # what the last transaction left to the process's end: not held beside this one
        with WorkspaceLock(self.paths.lock, timeout) as lock:
            self._lock = lock
            from .gitrules import refuse_detached_head
            refuse_detached_head(self.root)  # before anything is written, a recovery included
            self._commit_interrupted()
            looked_at = time.time()
            skipped = {} if full_look else self._skippable(self._open_cache(), writer=True) or {}
            # a stat a file, beside the load: on a thread; for the full look, in a child process while
            # this one reads every memory, as the jobs do anyway (a thread of 100,000 stat calls waits for
            # the lock of the interpreter at each: decay at 100,000, ~0.3 s)
            listing = (InChild if full_look else InBackground)(reconcile.list_memory_files, self.paths,
                                                               look.listed_folders(skipped))
            try:
                state = index_state(self.paths.index, index_store.read_stamp(self.paths.index))
                from .scrub import scrub_outside_index
                if scrub_outside_index(self, state):  # an index.json none of ours wrote: no secret reaches git
                    state = index_state(self.paths.index, index_store.read_stamp(self.paths.index))
                index = self.load_index(lazy=True)
                if full_look and isinstance(index["memories"], MemoryList):
                    index["memories"].read_all()
                self.catch_up_cache(index, state)
            finally:
                on_disk = listing.wait()
            files = hand_edits.commit_hand_edits(self, index, on_disk, looked_at, skipped)
            documents_before = hand_edits.commit_document_edits(self, index)
            tx = Transaction(self, index, actor, action, summary)
            tx.skipped = files["skipped"]
            tx.files_before = {**files["stats"], **{f"{self.paths.store_name}/{folder}/": s.own
                                                    for folder, s in tx.skipped.items()}}
            tx.files_print = files["print"]
            tx.files_looked_at = looked_at
            tx.documents_before = documents_before
            yield tx
            tx.commit()
            exiting.keep(tx, index, listing, on_disk, files)  # a one-shot script frees none of it (~0.1 s at 100,000)
            if (progress := _progress()) is not None:
                progress.clear()  # before the script prints what it did

    def catch_up_cache(self, index: dict, state: str | None) -> None:
        """A writer's first step where the search cache holds an earlier index.json's rows (an edit
        of index.json, a pull, a copy since the last reader): the rows brought level with the index
        as loaded (`state`: before the load), before anything is changed, so that the writer's look
        and its duplicate check read the cache, not every memory (at 100,000 memories, a remember
        after index.json was touched folded every memory's text: 15 s and 500 MB)."""
        try:
            cache = self._open_cache()
            if state is None or cache.is_fresh(state) or not cache.follows_an_index() or \
                    index_state(self.paths.index, index_store.read_stamp(self.paths.index)) != state:
                return  # (fresh; or nothing to catch up; or replaced since: the commit's rebuild)
            from .memory_list import walk
            cache.catch_up(walk(index["memories"]), state)  # (written over in place meanwhile: refused, exit 3)
        except sqlite3.DatabaseError:
            pass  # (the commit rebuilds a cache it cannot update)

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
        from ..base import interrupts
        with interrupts.guard():  # a Ctrl-C once committed waits for the note's removal
            audit.record(self.root, self.paths.audit_log, self.now, "system:recover", "recover", [],
                         f"committed an interrupted {what}", paths)
            note.unlink(missing_ok=True)


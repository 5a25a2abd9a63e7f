"""The one transaction: changes buffered in memory, then written, indexed,
audited and committed at once (Transaction.commit), or not at all.

One piece on purpose (~540 lines): commit() orders checks, the pending-commit
note, verified swaps, in-place appends, the index, the audit line and git's
commit in one try block whose failure path (undo.rollback) must see every step;
split across modules, that order would be spread where no reader sees it whole.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from . import index_store, look, reconcile
from ..errors import NotFound, WorkspaceError
from ..base.file_bytes import SourceChanged, check_sources
from ..base.stderr import progress_module as _progress
from ..base.stderr import warn
from ..text.textutil import one_line
from ..text.timeutil import format_time
from .documents import document_print as _document_print
from .memory_list import walk
from .search_cache import index_state


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
        self._state_only: dict[str, dict] = {}  # id -> importance and status in its line (set_state)
        self.ids: list[str] = []
        self._files: dict[str, bytes | Path | None] = {}  # `files`
        self._appended: dict[str, list[bytes]] = {}  # a daily log's bytes and the entries appended since
        self.paths: set[str] = set()
        # hand-edited files committed as the scan read them, not as they are a moment later (a folder
        # renamed away meanwhile would be committed as deleted under memories the index keeps live)
        self.taken_as_read: dict[str, bytes] = {}
        self.manifest_updates: dict = {}
        self.manifest_removed: list[str] = []
        self.index_changed = False
        self._local_folds: dict = {}
        self._folded_upto = 0
        self.read_keys: dict[str, tuple[str, list[str]]] = {}  # id -> (text, keys) read ahead (read_ahead.py)
        self._all_folds: dict | None = None
        self._cache_fresh: bool | None = None
        self.documents_before: dict | None = None  # document stats when the transaction began
        self.trailers: list[str] = []       # extra commit trailers (e.g. Approved-By)
        self.audit_ids: list[str] | None = None  # ids to record, when not every touched one (decay)
        self._bases: dict[str, bytes | None] = {}  # path -> bytes first read from disk
        self.reparse: set[str] = set()      # files holding a person's concurrent edit: the next writer reads them
        self._mergers: dict = {}            # path -> merge(their bytes) -> ours on theirs (merge_with)
        self._appends: dict[str, bytes] = {}  # log -> the entries we append in place (_check_bases)
        self._verified: dict[str, bytes | None] = {}  # path -> what we built on, checked as it is replaced
        self._late = None  # safe_replace.LateAppends: the copies we replaced, watched until committed
        self._placed: dict[str, tuple] = {}  # path -> stamp of what _place_based put there
        self._saved_since: set[str] = set()  # files read as a base after a person saved them (since the listing)
        self._moved_from: set[str] = set()  # a moved file's old place (or an emptied log): removed verified
        self.author: str | None = None      # commit author name, when crediting an actor
        self.files_before: dict = {}        # memory file stats when the transaction began
        self.files_print: int | None = None  # their print, when it matched the cache
        self.files_looked_at: float | None = None  # when they were listed (time.time())
        self.skipped: dict = {}             # large folders not listed (look.py): checked before writing
        self.after_commit: list = []        # run once committed, still under the lock (purge's cache compaction)
        self.core_rendered = False          # the core files rendered in this change already (core.py)

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

    @property
    def files(self) -> dict[str, bytes | Path | None]:
        """path -> new bytes (or a spool file), None = remove. The entries appended to a daily log
        are joined to it here, when it is next read: appending one at a time to a log of thousands
        (a bulk import of a day's turns) copied the whole log each time."""
        if self._appended:
            for path, parts in self._appended.items():
                self._files[path] = b"".join(parts)
            self._appended.clear()
        return self._files

    def put(self, memory: dict) -> None:
        """Add a new memory or record a change to an existing one."""
        memory_id = memory["id"]
        self._state_only.pop(memory_id, None)
        self.index["memories"].put(memory)
        if memory_id not in self.touched:
            self.ids.append(memory_id)
        self.touched[memory_id] = memory
        self.index_changed = True

    def set_state(self, memory: dict, importance: float, status: str) -> None:
        """A change of a memory's importance and status only (decay): its line in
        index.json is changed in place and its search-cache row updated, not
        written anew (memory_list.patch_line; decay at 100,000 memories). Any
        other change to the memory goes through put(), before or after, and
        makes it a whole change again. Into or out of "archived": put().
        `status` is status_of(memory, importance), as commit() would set it."""
        memory_id = memory["id"]
        if memory_id not in self._state_only and (
                memory_id in self.touched or "archived" in (status, memory.get("status"))
                or not self.index["memories"].hold(memory)):
            memory["importance"], memory["status"] = importance, status
            self.put(memory)
            return
        self._state_only.setdefault(memory_id, {"importance": memory.get("importance"),
                                                "status": memory.get("status")})
        memory["importance"], memory["status"] = importance, status
        if memory_id not in self.touched:
            self.ids.append(memory_id)
        self.touched[memory_id] = memory
        self.index_changed = True

    def _cached_keys(self, ids: list[str]) -> dict:
        """(text, keys) the search cache read for these memories, when it is of this
        index (store/readings.py: what a writer need not read again)."""
        from .readings import READERS_VERSION
        if not ids or not self._cache_matches_index():
            return {}
        try:
            cache = self.workspace._open_cache()
            if cache.meta("readers") != READERS_VERSION:  # keys other readers made: read again
                return {}
            return cache.texts_and_keys(ids)
        except sqlite3.DatabaseError:
            return {}

    def write_memory_file(self, memory: dict, relative_path: str) -> None:
        from . import memfile
        from .late_saves import refuse_unseen_save

        refuse_unseen_save(self, memory, relative_path)  # its file as the index holds it, or nothing written
        data = memfile.render(memory).encode("utf-8")
        memory["file"] = relative_path
        memory["hash"] = memfile.file_hash(data)
        self.files[relative_path] = data

    def current_bytes(self, relative_path: str) -> bytes | None:
        """A file as this transaction will leave it (buffered write, else disk)."""
        if relative_path in self.files:
            data = self.files[relative_path]
            return data.read_bytes() if isinstance(data, Path) else data
        from ..base.fsutil import read_confined
        try:
            data = read_confined(self.workspace.root / relative_path)
        except FileNotFoundError:
            data = None
        except OSError as exc:
            from ..base.fsutil import workspace_error_for
            raise workspace_error_for(exc, self.workspace.root / relative_path) from None
        if relative_path not in self._bases:
            self._bases[relative_path] = data  # what we build on: checked again before writing
            self._saved_since_listing(relative_path, data)
        return data

    def _saved_since_listing(self, relative_path: str, data: bytes | None) -> None:
        """A file read as a base whose stat is not the one seen when this change began: a
        person saved it since (after the comparison that took the look as it was), so no line
        of it is vouched for (`_saved_since`: `_laid_on` redacts it whole before git reads
        it). A memory file (listed in `files_before`, or in a listed folder and not there
        then: a new day's log) is read again by the next writer (`reparse`): else their
        entry, built on, would pass as indexed. A document (IDENTITY.md, MEMORY.md, the
        graph's pages) is compared with `documents_before`."""
        from . import documents
        if self.documents_before is not None and documents.is_document(relative_path):
            seen = self.documents_before.get(relative_path)
            if (None if seen is None else tuple(seen)) != self._stat_of(relative_path):
                self._saved_since.add(relative_path)
            return
        if not self.files_before or not self._is_memory_file(relative_path):
            return  # (a change that listed nothing, as sync's settle; not a memory file)
        listed = self.files_before.get(relative_path)
        if listed is None:  # not there when listed (a skipped folder's files: _check_skipped)
            moved = data is not None and look.folder_of(relative_path) not in self.skipped
        else:
            moved = data is None or self._stat_of(relative_path) != tuple(listed)
        if moved:
            self.reparse.add(relative_path)
            self._saved_since.add(relative_path)

    def _stat_of(self, relative: str) -> tuple | None:
        try:
            st = os.stat(self.workspace.root / relative)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size, st.st_ino

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
        from ..base.fsutil import read_confined

        for relative, base in self._bases.items():
            if relative not in self.files:
                continue  # only read, not written: nothing of anyone's can be lost
            data = self.files[relative]
            if isinstance(data, Path):
                continue
            try:
                now_on_disk = read_confined(self.workspace.root / relative)
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
                self._theirs_in(relative, data, data + now_on_disk[len(base):])  # entries a person appended meanwhile
                self._verified[relative] = now_on_disk
                continue
            merge = self._mergers.get(relative)
            if merge is not None and now_on_disk is not None and data is not None:
                self._theirs_in(relative, data, merge(now_on_disk))
                self._verified[relative] = now_on_disk
                continue
            raise WorkspaceError(f"{relative} was changed by someone else while this change was being made; "
                                 "nothing was written: run the command again")

    def _theirs_in(self, relative: str, ours: bytes, merged: bytes) -> None:
        """Write `merged` (ours with a person's save since our read laid in) for `relative`,
        their lines redacted as a hand edit's are; the next writer reads it again (`reparse`)."""
        from .scrub import scrubbed
        self.files[relative] = scrubbed(relative, merged, self._vouched(relative, ours)) or merged
        if self._is_memory_file(relative):
            self.reparse.add(relative)

    def _vouched(self, relative: str, ours: bytes) -> bytes | None:
        """What of `relative` needs no redaction: `ours`, unless its base held a save
        made after the listing (_saved_since_listing), then nothing."""
        return None if relative in self._saved_since else ours

    def _place_based(self, undo) -> None:
        """Put the files this change built on in place, first, so that nothing a person
        saves in the meantime is lost: a log we appended to is appended to in place;
        another file is replaced checking, at that moment, that what it replaces is
        what we built on (safe_replace.replace_verified), their later save laid back on."""
        from .safe_replace import LateAppends, append_in_place, replace_verified

        root = self.workspace.root
        for relative, suffix in self._appends.items():
            undo.appended(root / relative, suffix)  # a failure cuts our entries out again, theirs stay
            final, stamp = append_in_place(root / relative, suffix)
            self._laid_on(relative, self.files[relative], final, stamp)
        for relative, base in self._verified.items():
            data = self.files[relative]
            undo.keep(root / relative)
            if self._late is None:
                self._late = LateAppends()
            final, stamp = replace_verified(root / relative, data, base, self._mergers.get(relative), self._late)
            self._laid_on(relative, data, final, stamp)

    def _laid_on(self, relative: str, ours: bytes, final: bytes, stamp: tuple) -> None:
        """`final` is in place where we meant `ours`. When they differ a person saved in the
        moment between our check and our write, and `final` holds their bytes, never checked
        for secrets (so does a base saved since the listing, `_saved_since`): a secret in them
        is redacted in place at once, before git reads the file (our commit, or git's own
        where a hook or a filter needs it), as a hand edit's is; a save meanwhile is laid on
        and looked at in turn. A memory file is read again by the next writer (`reparse`),
        which takes the person's edit in."""
        from .episodes import is_episode_path
        from .safe_replace import LateAppends, replace_verified
        from .scrub import scrubbed
        if final != ours or relative in self._saved_since:
            if self._is_memory_file(relative):
                self.reparse.add(relative)
            vouched = self._vouched(relative, ours)
            # (a log's merge appends our entries: not again onto a version of theirs that holds them)
            merge = None if is_episode_path(relative) else self._mergers.get(relative)
            for _attempt in range(100):
                clean = scrubbed(relative, final, vouched)
                if clean is None:
                    break
                if self._late is None:
                    self._late = LateAppends()
                placed, stamp = replace_verified(self.workspace.root / relative, clean, final, merge, self._late)
                vouched, final = clean, placed  # (a save meanwhile: its lines are looked at in turn)
            else:
                raise WorkspaceError(f"{relative} kept changing while being written; run the command again")
        self.files[relative] = final
        self._placed[relative] = stamp

    def _is_memory_file(self, relative: str) -> bool:
        """A file of a memory folder (memory/<folder>/<name>), which the writers' look compares."""
        from ..base.paths import is_archived_path, is_memory_file
        return is_memory_file(relative) and not is_archived_path(relative) and \
            relative.startswith(self.workspace.paths.store_name + "/")

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
                cache.set_meta("index_files_look", None)
                raise WorkspaceError(f"{relative} was edited by hand a moment ago; nothing was written: "
                                     "run the command again")
            if found is not None:
                self.files_before[relative] = found

    def append_episode(self, memory: dict) -> str:
        """Append `memory` as an entry of its day's log; returns the log's path."""
        from . import episodes

        path = episodes.path_for(memory["created"])
        self._append_entry(path, memory)
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
        self._moved_from.add(source)
        return True

    def write_file(self, relative_path: str, data: bytes) -> None:
        self.files[relative_path] = data

    def write_spooled(self, relative_path: str, spool: Path) -> None:
        """Replace a (large) file by a finished spool file in the workspace at commit."""
        self.files[relative_path] = spool

    def _append_entry(self, path: str, memory: dict) -> None:
        """`memory` as the last entry of the daily log at `path` (joined in when the log is next read)."""
        from . import episodes
        parts = self._appended.get(path)
        if parts is None:
            current = self.current_bytes(path)
            text = current.decode("utf-8", "replace") if current is not None else episodes.header(episodes.day_of(path))
            if not text.endswith("\n"):
                text += "\n"
            self.files[path] = b""  # (its place among the files; the bytes are joined in when read)
            parts = self._appended[path] = [text.encode("utf-8")]
        parts.append(episodes.render_entry(memory).encode("utf-8"))  # (it ends with a line break)

    def remove_file(self, relative_path: str) -> None:
        self.files[relative_path] = None

    def fold_key_owner(self, key: str, domain: str, accept=None) -> dict | None:
        """The live memory whose folded text is `key` in `domain`, if any (and,
        with `accept`, one that `accept(memory)` takes: an episode of the same day).

        Memories changed in this transaction are folded here; the rest are
        looked up in the search cache when it matches the index, else folded
        once per transaction.
        """
        from ..text.textutil import fold

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

    def id_taken(self, memory_id: str) -> bool:
        """Whether a memory has `memory_id` (a new id's check): asked of the search cache when it is
        of this index (an indexed look), else of the index (at 100,000 memories a new id not in
        index.json was looked for through all its 70 MB, ~30 ms)."""
        if memory_id in self.touched:
            return True
        if self._cache_matches_index():
            try:
                taken = self.workspace._open_cache().holds_id(memory_id)
            except sqlite3.DatabaseError:
                taken = None
            if taken is False:
                self.index["memories"].known_absent(memory_id)  # (its put() need not look either)
            if taken is not None:
                return taken
        return memory_id in self.by_id

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
        if any(path.startswith("memory/graph/entities/") for _kind, path in edits):
            from .graph import Graph
            Graph.load(self).write_registry(self)

    def place(self) -> None:
        """Each changed memory's file where its state says (base/paths.py): memory/<folder>/
        while it is live, hippocampus/archive/<folder>/ while it is forgotten, archived, purged or
        superseded and stale, since OpenClaw's memory search serves every `.md` under memory/.
        A daily log's entry moves between the day's log and its archive copy. Every memory after
        a move into the layout or a sync's merge (Workspace.place_all: walked, none kept; at
        100,000 memories a sync's reading of them all was ~300 MB), else those this change touched."""
        from . import episodes

        chosen = walk(self.memories) if self.workspace.place_all else \
            [m for i, m in self.touched.items() if i not in self._state_only]  # (set_state keeps where it lives)
        self.workspace.place_all = False
        moving = []
        for memory in chosen:
            wanted = wanted_place(memory)
            if wanted is not None and wanted != memory["file"]:
                moving.append((memory, memory["file"], wanted))
        from .late_saves import take_in_before_move
        if moving and take_in_before_move(self, moving):  # a person's save since the scan, taken in first
            moving = [(self.by_id[memory["id"]], path, wanted) for memory, path, wanted in moving]
        logs: dict[str, list[tuple[dict, str]]] = {}
        for memory, path, wanted in moving:
            if episodes.is_episode_path(path):
                logs.setdefault(path, []).append((memory, wanted))
            elif self.move_file(path, wanted):
                memory["file"] = wanted
                self.put(memory)
        for path, entries in logs.items():  # each day's log read once, however many of its entries move
            for memory, wanted in self._move_entries(path, entries):
                memory["file"] = wanted
                self.put(memory)

    def _move_entries(self, path: str, entries: list[tuple[dict, str]]) -> list[tuple[dict, str]]:
        """Memories' entries out of one daily log into others (the day's log, or its archive copy);
        those moved (an entry the log does not hold stays where it is)."""
        from . import episodes
        current = self.current_bytes(path)
        if current is None:
            return []
        left, removed = episodes.remove_entries(current.decode("utf-8", "replace"), {m["id"] for m, _w in entries})
        moved = [(memory, wanted) for memory, wanted in entries if memory["id"] in removed]
        if not moved:
            return []
        left = left.rstrip("\n") + "\n"
        if left.strip() != episodes.header(episodes.day_of(path)).strip():
            self.files[path] = left.encode("utf-8")
        else:
            self.remove_file(path)  # (nothing but its heading left: the day's log goes)
            self._moved_from.add(path)
        for memory, wanted in moved:
            self._append_entry(wanted, memory)
        return moved

    def commit(self) -> None:
        if self.touched or self.workspace.place_all:
            self.place()
        if not (self.index_changed or self.files or self.paths):
            return
        if self.touched:
            from ..base.scoring import clamp, status_of
            for memory_id, memory in self.touched.items():  # status says what core holds, whoever changed it
                if memory.get("status") != "archived" and memory_id not in self._state_only:  # (set_state's is)
                    memory["status"] = status_of(memory, clamp(memory.get("importance", 0.5)), self.config)
            if not self.core_rendered:  # what core holds changed: its files too, in this commit
                from .core import refresh
                refresh(self)
        from ..base import interrupts
        with interrupts.guard():  # a Ctrl-C: answered before the branch moves, or once all is done
            self._commit()

    def _commit(self) -> None:
        from . import audit, audit_archive
        from ..base import interrupts
        from ..base.fsutil import InBackground, atomic_write, ours_to_write
        from .cache_ahead import CacheAhead
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
        from ..base.fsutil import check_confined
        for target in (*(root / relative for relative in self.files), ws.paths.audit_log, ws.paths.index,
                       ws.paths.pending_commit):
            check_confined(target)  # before anything is written: no link on the way out, none at the file
        for relative in self.paths:  # what is only committed: named, never into .git
            if ".git" in relative.split("/") or relative.startswith("/"):
                raise WorkspaceError(f"refusing to commit a path inside .git or outside the workspace: "
                                     f"{relative}; nothing was written")
        if (progress := _progress()) is not None:
            progress.note("saving and committing")
        self.paths.update(self.files)
        old_state = index_state(ws.paths.index, index_store.read_stamp(ws.paths.index))
        index_data = None
        if self.index_changed:
            self.index["lastUpdated"] = format_time(self.now)
            self.index.pop("migratedFrom", None)
            from .readings import needs_note, note, of_these_readers
            # (one CRC a memory; none for a change of importance and status alone with a print of these
            # readers: its text and keys are as the line held them, and a print that no longer matches a
            # text changed by hand is read again by whoever reads it; decay at 100,000: ~0.2 s)
            unread = [m for memory_id, m in self.touched.items()
                      if not (memory_id in self._state_only and of_these_readers(m)) and needs_note(m)]
            known = self._cached_keys([m["id"] for m in unread])
            for memory in unread:  # the keys its text reads as travel with it (readings.py)
                note(memory, known.get(memory["id"]) or self.read_keys.get(memory["id"]))
                self._state_only.pop(memory["id"], None)
            memories = self.index["memories"]
            patched = {memory_id for memory_id, was in self._state_only.items()
                       if memories.patch_line(memory_id, was)}
            index_data = index_store.prepare_save(self.index, set(self.touched) - patched)
            self.paths.add(ws.paths.rel(ws.paths.index))
        # the audit files a purge scrubbed: written first, as the rotation and the audit line build on them
        audit_files = [p for p in self.files if p == ws.paths.rel(ws.paths.audit_log) or
                       p.startswith(ws.paths.rel(audit_archive.archive_folder(ws.paths)) + "/")]
        undo = Undo()  # what the writes replace, until the commit lands: a failure takes them all back
        writing = ahead = None
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
                self.paths.add(ws.paths.rel(path))
            if rotation:
                self._note_pending()
            for path, data in rotation.items():  # the month files first, the emptied log last
                undo.keep(path)
                atomic_write(path, data)
            with interrupts.briefly():  # a Ctrl-C never leaves the child or the writing thread running unawaited
                # a change of many memories: their search-cache rows are written meanwhile by a child, which
                # commits them once this change has landed (cache_ahead.py; forked before any thread starts)
                ahead = CacheAhead.start(ws, list(self.touched.values()), self._state_only, old_state)
                # Megabytes and fsyncs: written on a thread while git's objects are made from the same bytes
                writing = InBackground(self._write_files, index_data, undo)
            if any(isinstance(data, Path) for data in self.files.values()):
                writing.wait()  # a spool file is read from where it lands; git is given the others' bytes
            contents: dict[str, bytes | list | None] = {  # (never a person's save since our write: see _laid_on)
                path: data for path, data in {**self.taken_as_read, **self.files}.items() if not isinstance(data, Path)}
            if index_data is not None:
                contents[ws.paths.rel(ws.paths.index)] = index_data
            try:
                audit.record(root, ws.paths.audit_log, self.now, self.actor, self.action,
                             self.ids if self.audit_ids is None else self.audit_ids,
                             self.summary or self.action, sorted(self.paths),
                             trailers=self.trailers, author=self.author, contents=contents,
                             before_publish=lambda: (writing.wait(), check_sources(index_data)))
            finally:
                prints = writing.wait()  # never leave the files half-handled behind an error
        except BaseException as exc:
            interrupts.hold()  # taking the change back is never cut short: a Ctrl-C meanwhile waits
            if ahead is not None:
                ahead.discard()  # its rows are not committed: the cache stays as it was
            if writing is not None:
                try:
                    writing.wait()
                except BaseException:
                    pass
            rolled = undo.rollback()
            if self._late is not None:
                self._late.settle_taken_back()
            if not rolled:
                raise WorkspaceError(f"{one_line(str(exc) or type(exc).__name__, 300)}; and not every file written "
                                     "could be put back: "
                                     "the next writer commits what they hold") from None
            ws.paths.pending_commit.unlink(missing_ok=True)  # nothing of this change is left to commit
            if not isinstance(exc, KeyboardInterrupt):
                interrupts.check()  # a Ctrl-C came meanwhile (git's commit killed by it): nothing is left
            if isinstance(exc, WorkspaceError) and "nothing was" not in str(exc):
                raise WorkspaceError(f"{exc}; nothing was changed") from None
            raise
        try:
            undo.discard()
            if self._late is not None:  # a `>>` into a copy we replaced, a moment late: laid back on the file
                self._late.settle()      # (its stat is no longer ours: the next writer takes it in)
            self._publish(old_state, index_data, prints, ahead)  # everything is on disk: the search cache follows
        finally:
            if ahead is not None:
                ahead.discard()  # (reaped already, unless the cache was not reached)
        ws.paths.pending_commit.unlink(missing_ok=True)  # committed: nothing for the next writer to finish
        self._keep_document_print()
        for step in self.after_commit:
            step()

    def _publish(self, old_state: str | None, index_data, prints: tuple[list, list], ahead=None) -> None:
        """Bring the search cache level with what this change left on disk."""
        ws = self.workspace
        removed_prints, added_prints = prints
        if (progress := _progress()) is not None:
            progress.note("updating the search cache")
        new_state = old_state if index_data is None else index_state(ws.paths.index, self.index["stamp"])
        files_print = files_look = None
        if self.files_print is not None:
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
            files_look = look.stamp(after, self.files_looked_at, self.skipped, removed_prints, added_prints,
                                    writer=True)
            if self.reparse:  # a rebased log must be looked at again: no print, and no look at its folder
                files_print = None
                files_look = look.without(files_look, {look.folder_of(path) for path in self.reparse})
        self._sync_cache(old_state, new_state, files_print, files_look, ahead)

    def _note_pending(self) -> None:
        """Name the paths about to be written, until they are committed (see
        Workspace._commit_interrupted). Not fsynced: it guards against a killed
        process, whose written files the kernel keeps anyway."""
        import json

        from ..base.fsutil import atomic_write
        note = {"actor": self.actor, "action": self.action, "paths": sorted(self.paths)}
        atomic_write(self.workspace.paths.pending_commit, json.dumps(note), sync=False)

    def _write_files(self, index_data: list | None, undo) -> tuple[list, list]:
        """Write the buffered files, then index.json (a crash in between leaves files
        the next writer indexes, never an index naming files that are not there).
        Returns the memory-file prints removed and added."""
        from ..base.fsutil import InBackground, discard, put_in_place, write_temporary

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
                check_sources(index_data)  # (its unchanged bytes were copied from the old file: still so?)
            except BaseException:
                discard(temporary)
                raise
            put_in_place(temporary, index_path)
        return prints

    def _write_memory_files(self, undo) -> tuple[list, list]:
        """Write (or remove) the buffered files, each kept first in `undo`; the
        memory-file prints removed and added. Each file is fsynced before its rename (many files:
        all written first, on threads: write_temporaries in base/fsutil.py); each folder renamed into
        once after the last (before index.json's rename, in _write_files): a folder's fsync after
        every file took 0.6 of each new file's 1.1 ms (7,081 of them in consolidation's first run
        at 100,000 memories)."""
        from ..base.fsutil import clear_dead_temporaries, discard, write_temporaries

        root = self.workspace.root
        removed_prints: list[tuple[str, tuple]] = []
        added_prints: list[tuple[str, tuple]] = []
        renamed_into: set[Path] = set()
        # many files (a consolidation's, a bulk import's): their bytes written and fsynced on threads
        # first, each beside its place, none put in place yet (a failure leaves nothing placed)
        progress = _progress()  # (drawn here while the main thread builds git's objects)
        ahead = write_temporaries(
            [(root / relative, data) for relative, data in self.files.items()
             if isinstance(data, (bytes, str, list)) and relative not in self._placed],
            track=None if progress is None else lambda items: progress.step(items, "writing files", len(items)))
        if ahead:  # (and the index's temporary a writer killed then left: megabytes at 100,000 memories)
            clear_dead_temporaries(self.workspace.paths.index.parent)
        try:
            return self._place_memory_files(undo, ahead, removed_prints, added_prints, renamed_into)
        finally:
            for tmp, _stamp in ahead.values():  # (the ones a failure left unplaced)
                discard(tmp)

    def _place_memory_files(self, undo, ahead: dict, removed_prints: list, added_prints: list,
                            renamed_into: set) -> tuple[list, list]:
        from . import memfile
        from ..base.fsutil import put_in_place, stamped_temporary, sync_folders, workspace_error_for

        root = self.workspace.root
        files = self.files.items()
        if not ahead and (progress := _progress()) is not None:
            files = progress.step(files, "writing files", len(self.files))
        from ..base.fsutil import check_confined
        for relative, data in files:
            target = root / relative
            check_confined(target)  # no link on the way out of the workspace, none at the file
            if relative in self.files_before:
                removed_prints.append((relative, self.files_before[relative]))
            try:
                undo.keep(target)
            except OSError as exc:
                raise workspace_error_for(exc, target) from None
            if data is None:
                if relative in self._moved_from and self._bases.get(relative) is not None:
                    # a move's old place: what a person saved there since our check stays (a purge's
                    # removal does not: their words went with the memory's)
                    from .safe_replace import LateAppends, remove_verified
                    if self._late is None:
                        self._late = LateAppends()
                    if not remove_verified(target, self._bases[relative], self._late):
                        self.reparse.add(relative)  # (no print vouches for this look: the next one reads it)
                else:
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
                        tmp, stamp = ahead.pop(target) if target in ahead else stamped_temporary(target, data)
                        put_in_place(tmp, target, sync=False)
                        renamed_into.add(target.parent)
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
        sync_folders(renamed_into)
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
                    files_look: str | None = None, ahead=None) -> None:
        if ahead is not None and ahead.finish({
                "validated": new_state if self.index_changed else None, "state": new_state,
                "manifest_updates": self.manifest_updates, "manifest_removed": list(self.manifest_removed),
                "files_print": files_print, "index_files_print": True, "files_look": files_look}):
            return  # the child wrote the rows meanwhile and committed them now (cache_ahead.py)
        try:
            cache = self.workspace._open_cache()
            if self.index_changed:  # we validated and wrote this file: the next load may trust it
                cache.set_meta("validated_state", new_state)
            if cache.is_fresh(old_state):
                cache.upsert(list(self.touched.values()), new_state, state_only=self._state_only,
                             manifest_updates=self.manifest_updates,
                             manifest_removed=self.manifest_removed, files_print=files_print,
                             index_files_print=True, files_look=files_look)
            else:  # (the print of the files holds for a rebuilt cache as for an updated one: without it,
                # the next writer scanned every file again: 5 s at 100,000 after a bulk import or a copy)
                if cache.follows_an_index():  # rows of the index before a merge, an undo, a hand edit:
                    cache.catch_up(walk(self.index["memories"]), new_state)  # what differs written
                else:
                    cache.rebuild(self.index["memories"], new_state)
                cache.upsert([], manifest_updates=self.manifest_updates, manifest_removed=self.manifest_removed,
                             files_print=files_print, index_files_print=True, files_look=files_look)
        except SourceChanged:  # (the old index.json written over since our rename: its rows rolled back,
            pass                # the next reader brings them level)
        except (sqlite3.DatabaseError, OSError) as exc:
            warn(f"search cache not updated ({exc}); it will be rebuilt")
            try:
                os.unlink(self.workspace.paths.search_db)
            except OSError:
                pass


def wanted_place(memory: dict) -> str | None:
    """Where a memory's file belongs (Transaction.place, doctor): memory/<folder>/ while it is
    live, hippocampus/archive/<folder>/ otherwise (base/paths.py); None for no file, one not
    where writers keep files, or a memory archived because its file was deleted by hand (it
    keeps the name it had, and revives if a file comes back there; one back already, a folder
    renamed away and back, is not taken into the archive)."""
    from ..base.paths import archive_path, is_live, is_memory_file, live_path
    path = memory.get("file")
    if not path or not is_memory_file(path, placed=True) or \
            memory.get("status") == "archived" and memory.get("archivedBecause") in reconcile.GONE_BY_HAND:
        return None
    return live_path(path) if is_live(memory) else archive_path(path)

"""A large change's search-cache rows, written by a forked child while the writer commits to git.

The search cache follows a change once the change has landed (Transaction._publish): before, a
failed commit would leave the cache ahead of the files. For a change of many memories that is
seconds after the commit: the first sleep at 100,000 memories updates ~100,000 rows (~2.5 s) after
writing and committing ~7,000 files (~4 s), one after the other, on a machine with a second core.

Here the rows are written meanwhile, in a child forked once the change is final (its memories as
they will be committed), on a connection of its own, inside one SQLite transaction that holds the
cache's write lock:
  - the child first checks that the cache is the one the change was read against (its index
    state), then writes the rows, then waits;
  - the writer, its commit landed, sends what only then is known (the index file's new state, the
    files' print and stat manifest): the child writes it and commits;
  - the writer failing, killed or interrupted sends nothing: the child rolls back (or is killed, and
    SQLite's journal takes its writes back at the next open). The cache is as it was, as before.
Anything the child could not do (a cache of another schema, a stale one, an error, a fork refused)
the writer does itself after its commit, as it always did (Transaction._sync_cache).

SQLite may not be used across a fork: the writer closes its own connection to the cache before
forking (the child's library would otherwise take the parent's locks for its own) and opens it
again when next needed.
"""

from __future__ import annotations

import os  # (signal and threading only where used: a small change, every remember, imports neither)

# whole rows in one change (a memory whose importance and status alone changed is set by id, ~1 us: a
# day's decay at 100,000 memories, all of them such, was 3.3 -> 3.8 s with a child): below, the rows
# take less than the fork and the pages the writer then copies (~0.1-0.4 s at 100,000 memories)
AHEAD_FROM = 2000
# seconds the child waits for the writer's word once its rows are written: it holds the cache's write lock
# meanwhile, and a commit that takes longer (a commit hook, a signing key's passphrase asked for, a hook that
# itself recalls: it would wait on this lock while the writer waits on it) must not keep every other writer of
# the cache (a reader bringing a stale cache level, laying a hand edit over it) waiting with it: past this the
# child rolls back and the writer does the rows itself after its commit, as for a small change
AHEAD_WAIT_SECONDS = 10.0


class CacheAhead:
    def __init__(self, pid: int, go: int):
        self._pid, self._go = pid, go

    @classmethod
    def start(cls, workspace, memories: list[dict], state_only: dict, old_state: str | None) -> "CacheAhead | None":
        """The child writing these memories' rows, or None where it cannot be had: too few whole rows,
        a cache that is no file of the workspace's, another thread running (a fork copies what it holds
        mid-way), no process or pipe to be had."""
        if len(memories) - len(state_only) < AHEAD_FROM or old_state is None or not hasattr(os, "fork"):
            return None
        import signal
        import threading

        if threading.active_count() != 1 or not workspace.closes_cache():
            return None
        try:
            go_out, go_in = os.pipe()
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            os.close(go_out)
            os.close(go_in)
            return None
        if pid == 0:  # the child: the rows, then the writer's word, and out by os._exit whatever happens
            status = 1
            try:
                os.close(go_in)
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the writer's to answer
                # the workspace lock's descriptor, inherited: the flock is the open file's, and a child that
                # outlived a killed writer would hold it for the next writer (closed, never unlocked: that
                # would unlock the writer too)
                workspace.drop_inherited_lock()
                from ..base.progress import quiet
                quiet()  # the writer's progress line is the one shown
                status = _write_ahead(workspace.paths.search_db, memories, state_only, old_state, go_out)
            finally:
                os._exit(status)
        os.close(go_out)
        return cls(pid, go_in)

    def finish(self, settle: dict) -> bool:
        """The change landed: the child is told what settles the cache (SearchCache.settle's
        arguments, and `validated`: the index state this writer validated, or None); whether it
        committed."""
        import marshal

        from ..base.fsutil import write_all
        try:
            try:
                word = marshal.dumps(settle)
            except (ValueError, TypeError):
                word = b""  # (nothing the child could read: it rolls back, and the writer does it all)
            try:
                write_all(self._go, [word])
            except OSError:
                pass  # (a child gone: its status says so)
            os.close(self._go)
            self._go = None
            _, status = os.waitpid(self._pid, 0)
            self._pid = None  # reaped: its number may be another process's from here
        except ChildProcessError:  # (reaped by someone else: what it did is not known, so done again)
            self._pid = None
            return False
        except BaseException:
            self.discard()
            raise
        return os.waitstatus_to_exitcode(status) == 0

    def discard(self) -> None:
        """The change did not land: the child is killed, uncommitted, and reaped (idempotent)."""
        if self._go is not None:
            os.close(self._go)
            self._go = None
        if self._pid is not None:
            import signal
            try:
                os.kill(self._pid, signal.SIGKILL)
            except OSError:
                pass
            while True:
                try:
                    os.waitpid(self._pid, 0)
                    break
                except InterruptedError:
                    continue
                except ChildProcessError:
                    break
            self._pid = None


def _word(go: int, seconds: float) -> list[bytes]:
    """The writer's word, read to its end; nothing when none has come within `seconds` (the writer
    still committing: it gets a closed pipe, and does the rows itself)."""
    import select
    import time

    deadline = time.monotonic() + seconds
    chunks: list[bytes] = []
    poller = select.poll()
    poller.register(go, select.POLLIN)
    while True:
        if not chunks:  # (once the word has begun, it is read to its end: the writer has committed)
            left = deadline - time.monotonic()
            if left <= 0 or not poller.poll(int(left * 1000) + 1):
                return []
        chunk = os.read(go, 1 << 20)
        if not chunk:
            return chunks
        chunks.append(chunk)


def _write_ahead(path, memories: list[dict], state_only: dict, old_state: str, go: int) -> int:
    """In the child: the rows, the writer's word, the commit. 0: committed; else rolled back."""
    import marshal
    import sqlite3

    from .search_cache import SCHEMA_VERSION, SearchCache
    try:
        cache = SearchCache(path)  # (never SearchCache.open: a damaged file is the writer's to recreate)
        # no page of the transaction is written to the file before its COMMIT: the child holds SQLite's
        # RESERVED lock only, and readers go on reading the cache as it was while the writer commits (a
        # spill takes the EXCLUSIVE lock, and every reader then waited on it for the whole commit, a 30 s
        # busy timeout and then took the file for damaged and deleted it)
        cache.db.execute("PRAGMA cache_spill=OFF")
        cache.db.execute("BEGIN IMMEDIATE")
    except (sqlite3.DatabaseError, OSError):
        return 3
    try:
        if cache.meta("schema") != SCHEMA_VERSION or not cache.is_fresh(old_state):
            cache.db.execute("ROLLBACK")
            return 3  # not the cache the change was read against: the writer brings it level
        cache._replace(memories, state_only)
        chunks = _word(go, AHEAD_WAIT_SECONDS)
        if not chunks:  # the writer gone without a word, or too slow with it: nothing of this lands
            cache.db.execute("ROLLBACK")
            return 2
        settle = marshal.loads(b"".join(chunks))
        validated = settle.pop("validated")
        if validated is not None:
            cache.set_meta("validated_state", validated)
        cache.settle(**settle)
        cache.db.execute("COMMIT")
        return 0
    except BaseException:
        try:
            if cache.db.in_transaction:
                cache.db.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            pass
        return 1

"""Health checks and repair: index vs files vs git, schema, lock, cache.

`repair` rebuilds the index from the last good index.json in git history and
the markdown files (the files win for content), losing nothing either holds,
and commits the result through the ordinary transaction commit.
"""

from __future__ import annotations

import fcntl
import json
import os

from . import audit, index_store, reconcile
from ..errors import WorkspaceError
from .lock import WorkspaceLock
from ..base.model import normalise_index
from ..base.paths import is_memory_file, nameable
from .edits_in import take_in
from .transaction import Transaction, wanted_place
from .workspace import Workspace


def check(workspace: Workspace) -> dict:
    problems: list[str] = []
    notes: list[str] = []
    paths = workspace.paths
    index = None
    try:
        raw = index_store.read_raw(paths.index)
        index, warnings = normalise_index(raw, workspace.now, workspace.config["decay"]["rate"], str(paths.index))
        problems += warnings
    except WorkspaceError as exc:
        problems.append(str(exc))
    from . import links
    problems += [f"{path}: {why}" for path, why in links.found(paths)]
    pending: set[str] = set()  # paths the next writer commits (hand edits waiting)
    if index is not None:
        gone_by_hand: set[str] = set()
        scan = reconcile.scan(workspace.root, paths, {}, reconcile.known_files(index["memories"], gone_by_hand),
                              gone_by_hand=gone_by_hand)
        back = _back_again(workspace, index, scan, gone_by_hand)
        pending = {edit.path for edit in scan.modified + scan.added if edit.path not in back}
        files = {m["id"]: m.get("file") for m in index["memories"] if m["id"] in set(scan.deleted)}
        pending |= {path for path in files.values() if path}
        edited = sum(edit.path not in back for edit in scan.modified)
        added = sum(edit.path not in back for edit in scan.added)
        if edited or added or scan.deleted:
            notes.append(f"hand edits waiting to be committed by the next write: {edited} edited, "
                         f"{added} new files, {len(scan.deleted)} deleted")
        if back:
            problems.append(f"{len(back)} memory files are back that were archived as deleted by hand (a folder "
                            "renamed away and back?): the same memories, archived and untracked until "
                            "scripts/doctor.py --repair revives them: " + ", ".join(sorted(back)[:5]))
        for path, reason in scan.broken:
            problems.append(f"{path}: {reason}")
        for memory in index["memories"]:
            if memory.get("file") and not is_memory_file(memory["file"], placed=not workspace.paths.old_layout):
                problems.append(f"{memory['id']}: its file {str(memory['file'])[:80]!r} is not a memory file "
                                "(inside .git or outside the memory folders); nothing reads, writes or deletes it: "
                                "--repair drops it and writes the memory a file of its own")
        misplaced = [] if workspace.paths.old_layout else _misplaced(index["memories"], workspace.root)
        if misplaced:
            problems.append(f"{len(misplaced)} memories are not where their state puts them (a live memory's file "
                            "in the archive, where OpenClaw's search does not look, or a forgotten one's in memory/, "
                            "where it does): scripts/doctor.py --repair moves them: "
                            + ", ".join(f"{m['id']} ({m['file']})" for m in misplaced[:5]))
        for path, reason, _new in scan.skipped:
            problems.append(f"{path}: {reason}")
        from .not_memory import not_listed
        for path, reason in not_listed(paths):
            problems.append(f"{path}: not indexed: {reason}")
        live = [m for m in index["memories"] if m.get("status") != "archived"]
        unsettled = [m["id"] for m in live if m.get("editConflictOf") and not m.get("conflicts")]
        if unsettled:  # (merge_index: a text from a `git pull`; merge_settle records it)
            notes.append(f"{len(unsettled)} memories edited on two machines wait for scripts/sync.py to record "
                         "them as conflicts (both texts are kept)")
        missing = [m["id"] for m in live if not m.get("file") and not str(m.get("source", "")).startswith("note:")
                   and m["id"] not in unsettled]
        if missing:
            notes.append(f"{len(missing)} memories have no markdown file yet (v1 data); --repair writes them")
        seen: dict[tuple, str] = {}
        from ..text.textutil import fold
        from ..text.timeutil import local_day, parse_time_or
        for memory in live:  # an episode repeated on another day is another event, not a duplicate
            day = local_day(parse_time_or(memory.get("created"), workspace.now)) \
                if memory.get("store") == "episodic" else None
            key = (memory["domain"], fold(memory["content"]), day)
            if key in seen:
                problems.append(f"duplicate memories {seen[key]} and {memory['id']}")
            seen.setdefault(key, memory["id"])
    from .gitcmd import refusal
    from .workspace import _may_write
    refused = refusal(workspace.root)  # another user's repository: not a missing one (init.py fails on it)
    if refused and _may_write(workspace.paths.lock):
        problems.append(f"{refused} (until then every write is refused, exit 3)")
    elif refused:  # a reader: reading needs no git
        notes.append(f"{refused}; its git checks were skipped (reading needs no git)")
    elif audit.repo_top(workspace.root) is None:
        problems.append(f"{workspace.root} is not a git repository; run scripts/init.py")
    else:
        from . import gitrules
        detached = gitrules.detached_head(workspace.root)
        if detached:
            problems.append(f"git's HEAD is detached (at {detached[:12]}): writes are refused until a branch is "
                            "checked out (git switch <branch>)")
        unaudited = gitrules.not_audited(workspace.root)
        if unaudited:
            notes.append(unaudited)
        live = {m.get("file") for m in index["memories"] if m.get("status") != "archived"} if index else set()
        problems += _dirty_problems(workspace, pending, notes, live)
    notes += _lock_notes(workspace, problems)
    notes += _cache_notes(workspace)
    return {"healthy": not problems, "problems": problems, "notes": notes,
            "memories": len(index["memories"]) if index else None}


def _misplaced(memories, root) -> list[dict]:
    """The memories whose file is outside the place their state puts it (transaction.wanted_place):
    their index entry names another place, and the file is there (an entry naming a place its
    file is not in, the file where it belongs, is an index an older version left: nothing for
    --repair to move)."""
    from . import episodes
    found = []
    logs: dict[str, set] = {}  # a daily log named: the ids of its entries
    for memory in memories:
        path, wanted = memory.get("file"), wanted_place(memory)
        if wanted is None or wanted == path:
            continue
        if episodes.is_episode_path(path):  # (its entry, not the day's log, is what is out of place)
            if path not in logs:
                from ..base.fsutil import read_confined
                try:  # (never through a link out of the workspace)
                    text = read_confined(os.path.join(root, path)).decode("utf-8", "replace")
                    logs[path] = {entry.memory_id for entry in episodes.parse(text)}
                except (OSError, WorkspaceError):
                    logs[path] = set()
            if memory.get("id") in logs[path]:
                found.append(memory)
        elif os.path.isfile(os.path.join(root, path)):
            found.append(memory)
    return found


def _lock_notes(workspace: Workspace, problems: list[str]) -> list[str]:
    """Whether a writer holds the lock; a workspace this user may only read is a
    note (reading needs no lock, and writing is not this user's to do)."""
    import errno
    from .workspace import _may_write
    read_only = not _may_write(workspace.paths.lock)
    try:
        from ..base.fsutil import open_confined
        fd = open_confined(workspace.paths.lock, os.O_RDONLY if read_only else os.O_RDWR | os.O_CREAT)
    except WorkspaceError:
        return []  # a link there: named among the problems
    except FileNotFoundError:
        fd = None  # read-only and never written: no writer holds it
    except OSError as exc:
        problems.append(f"cannot open the lock file: {exc.strerror}")
        return []
    notes = []
    if fd is not None:
        try:
            fcntl.flock(fd, (fcntl.LOCK_SH if read_only else fcntl.LOCK_EX) | fcntl.LOCK_NB)
            fcntl.flock(fd, fcntl.LOCK_UN)
        except BlockingIOError:
            notes.append("the workspace lock is held by a running writer")
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                problems.append(f"cannot take the lock file: {exc.strerror}")
        finally:
            os.close(fd)
    if read_only:
        notes.append("this user may read the workspace but not write it: recall, status and the other readers "
                     "work (their search cache is kept in memory); a write is exit 3")
    return notes


def _back_again(workspace: Workspace, index: dict, scan, gone_by_hand: set[str]) -> set[str]:
    """The paths of files that bring back a memory archived as "file deleted by
    hand" (take_in revives it): at its own path, or elsewhere with its id."""
    files = {m["id"]: m.get("file") for m in index["memories"] if m["id"] in gone_by_hand}
    back = {edit.path for edit in scan.modified if edit.memory_id in gone_by_hand}
    for edit in scan.added:
        claimed = edit.meta.get("id")
        if claimed in files and edit.entry is None and \
                not (files[claimed] and os.path.lexists(workspace.root / files[claimed])):
            back.add(edit.path)
    return back


def _status(workspace: Workspace) -> list[tuple[str, str]]:
    """`git status` of the store, untracked files one by one."""
    return audit.status_entries(audit.git(
        workspace.root, "status", "--porcelain", "-z", "-uall", "--", *workspace.paths.ours(),
        "HIPPOCAMPUS_CORE.md", check=False).stdout)


def _dirty_problems(workspace: Workspace, pending: set[str], notes: list[str], live: set[str]) -> list[str]:
    """`git status` of our paths, as a note; a tracked file that is gone and that
    no writer will commit the removal of (a moved file's old path, left by an
    older version) is a problem: `git status` stays dirty, and a clone brings
    the file back as a second copy of its memory. So is a live memory's file
    that git does not track (a commit that saw it missing for a moment): a
    clone would lack it."""
    entries = _status(workspace)
    if entries:
        notes.append("uncommitted changes of ours: " +
                     ", ".join(path if nameable(path) else repr(path)[1:-1] for _code, path in entries[:5]))
    found = []
    stale = [path for code, path in entries if "D" in code and path not in pending
             and not os.path.lexists(workspace.root / path)]
    if stale:
        found.append(f"tracked files gone that no write will commit ({len(stale)}): " + ", ".join(stale[:5])
                     + "; scripts/doctor.py --repair commits their removal")
    untracked = [path for code, path in entries if code == "??" and path in live and path not in pending]
    if untracked:
        found.append(f"memory files git does not track ({len(untracked)}): " + ", ".join(untracked[:5])
                     + "; scripts/doctor.py --repair commits them")
    return found


def _cache_notes(workspace: Workspace) -> list[str]:
    """The search cache is derived: a stale or damaged one is a note (it rebuilds itself)."""
    import sqlite3
    from .search_cache import SearchCache, index_state
    path = workspace.paths.search_db
    if not path.exists():
        return ["search cache not built yet (the next recall builds it)"]
    try:
        cache = SearchCache(path)
        fresh = cache.is_fresh(index_state(workspace.paths.index, index_store.read_stamp(workspace.paths.index)))
        cache.close()
    except sqlite3.DatabaseError as exc:
        return [f"search cache is damaged ({exc}); the next recall rebuilds it"]
    except WorkspaceError:
        return []  # a link on its way: named among the problems
    return [] if fresh else ["search cache is stale (the next recall refreshes it)"]


def last_good_index(workspace: Workspace) -> tuple[dict | None, str | None]:
    from .store_migration import rewrite_files
    names = ("memory/index.json", "hippocampus/index.json")  # the store, and where a layout from before had it
    result = audit.git(workspace.root, "log", "--format=%H", "--", *names, check=False)
    for commit in result.stdout.split()[:200]:
        for name in names:
            shown = audit.git(workspace.root, "show", f"{commit}:{name}", check=False)
            if shown.returncode == 0:
                break
        if shown.returncode != 0:
            continue
        text = shown.stdout
        if not workspace.paths.old_layout:  # its files named as the layout has them
            text = rewrite_files(text.encode("utf-8", "surrogateescape")).decode("utf-8", "surrogateescape")
        try:
            index, _ = normalise_index(json.loads(text), workspace.now,
                                       workspace.config["decay"]["rate"])
            return index, commit
        except (ValueError, WorkspaceError):
            continue
    return None, None


def repair(workspace: Workspace) -> dict:
    if workspace.agent != "main":  # gated like every other mutation (workspace.transaction)
        from ..base.actors import refuse_write
        raise refuse_write(workspace.agent, "repair")
    from . import links, store_migration
    unlinked = links.remove(workspace.root, workspace.paths)  # before the lock: its own file may be a link
    if store_migration.needed(workspace.paths):  # a repair writes: the store leaves memory/ first
        store_migration.migrate(workspace)
    paths = workspace.paths
    with WorkspaceLock(paths.lock, float(workspace.config["lock_timeout_seconds"])) as lock:
        workspace._lock = lock  # (a child its commit forks closes its copy: cache_ahead.py)
        source = "index.json"
        try:
            index = workspace.load_index()
        except WorkspaceError:
            index, commit = last_good_index(workspace)
            source = f"git {commit[:10]}" if commit else "markdown files only"
            if index is None:
                from ..base.model import empty_index
                index = empty_index(workspace.now)
            if paths.index.exists():
                keep = paths.cache / f"damaged-index-{workspace.now.strftime('%Y%m%dT%H%M%S')}.json"
                from ..base.fsutil import atomic_write, read_confined
                atomic_write(keep, read_confined(paths.index))
        tx = Transaction(workspace, index, "system:doctor", "repair", "")
        for memory in list(tx.memories):  # a file that is not a memory file: dropped, never touched
            if memory.get("file") and not is_memory_file(memory["file"], placed=True):
                memory.update(file=None, hash=None)
                tx.put(memory)
        gone_by_hand: set[str] = set()  # a file back revives its memory, archived as deleted by hand
        scan = reconcile.scan(workspace.root, paths, {}, reconcile.known_files(index["memories"], gone_by_hand),
                              writer=True, gone_by_hand=gone_by_hand)
        restored = take_in(tx, scan, trust_file_ids=True)
        for memory in _misplaced(tx.memories, workspace.root):
            tx.put(memory)  # (place() moves a changed memory's file where its state says)
        written = 0
        from .stores import write_home
        for memory in list(tx.memories):
            if memory.get("status") != "archived" and not memory.get("file") and memory.get("content") and \
                    not str(memory.get("source", "")).startswith("note:"):
                write_home(tx, memory)
                tx.put(memory)
                written += 1
        live = {m.get("file") for m in tx.memories if m.get("status") != "archived"}
        for code, path in _status(workspace):
            if "D" in code and not os.path.lexists(workspace.root / path):
                tx.paths.add(path)  # a tracked file gone (a move's old path): its removal is committed
            elif code == "??" and path in live:
                tx.paths.add(path)  # a live memory's file git does not have: committed
        tx.paths.update(path for path in unlinked if not os.path.isdir(workspace.root / path))
        tx.index_changed = True
        tx.summary = (f"rebuilt the index from {source}: {len(tx.memories)} memories, {restored} taken from "
                      f"markdown, {written} markdown files written")
        tx.commit()
    return {"repaired": True, "source": source, "memories": len(tx.memories), "fromMarkdown": restored,
            "filesWritten": written, "linksRemoved": unlinked}



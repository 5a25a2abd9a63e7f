"""The store leaves memory/: a workspace from before is moved to hippocampus/ by its first write.

OpenClaw's memory search (memory-core) indexes every `.md` under memory/ with no
exclusions, so a store kept there serves forgotten and archived memories,
proposals, conflicts and the graph word for word (references/architecture.md,
"OpenClaw's memory search"). memory/ is left to OpenClaw (its daily notes,
memory/.dreams/); what is ours moves (OURS, below), nothing else.

`migrate(workspace)` runs at the start of the first transaction on an old
workspace, under the old lock (memory/.lock), in steps a crash can stop
anywhere:

1. an interrupted change and hand edits of memory files are committed first,
   in the old layout, as every writer does;
2. the new store is built beside it, in `.hippocampus-migrating/`: every file
   of ours hard-linked (copied where links are refused), index.json with each
   memory's `file` rewritten, and two notes: the commit to make
   (`.cache/pending-commit.json`, replayed by the next writer as any
   interrupted change is) and the old files to remove
   (`.cache/store-migration.json`). Until here the old layout is whole and
   in use; a folder left by a crash is removed by the next try;
3. that folder is renamed to `hippocampus/`: from this moment the workspace
   reads the new store (paths.store_name);
4. the old files are removed (`finish`, run again by the next writer when a
   crash stopped it: it removes only files that are still the ones moved);
5. one commit of both sides: git sees each file's removal and its new
   path in one commit, a rename (`git log --follow` follows it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..base.paths import MEMORY_FOLDERS, MOVE_NOTE as NOTE, OLD_STORE, STORE, WorkspacePaths

# What of memory/ is ours: the rest (daily notes, .dreams/, a person's own files) stays.
OURS = ("index.json", "config.yaml", ".gitignore", ".gitattributes", "signals.jsonl",
        *MEMORY_FOLDERS, "archive", "graph", "meta")
STAGING = ".hippocampus-migrating"
MESSAGE = "the store leaves memory/ for hippocampus/ (OpenClaw's memory search indexes memory/ whole)"


def needed(paths: WorkspacePaths) -> bool:
    """Whether a writer must migrate first, or finish a migration a crash stopped."""
    return paths.move_pending


def migrate(workspace) -> None:
    """Move an old workspace's store to hippocampus/ (see the module's text);
    afterwards `workspace.paths` name the new store."""
    from .lock import WorkspaceLock

    root = workspace.root
    if not WorkspacePaths(root).old_layout:  # moved meanwhile by another writer, or finishing a move
        repoint(workspace)
        finish(workspace.paths)
        return
    old = WorkspacePaths(root)
    with WorkspaceLock(old.lock, float(workspace.config["lock_timeout_seconds"])):
        if not WorkspacePaths(root).old_layout:  # another writer moved it while we waited
            repoint(workspace)
            finish(workspace.paths)
            return
        from .gitrules import refuse_detached_head
        refuse_detached_head(root)
        workspace._commit_interrupted()
        from ..errors import WorkspaceError
        try:
            index = workspace.load_index(lazy=True)
        except WorkspaceError:
            index = None  # damaged: moved as it is, for doctor --repair to rebuild
        if index is not None:
            from .hand_edits import commit_hand_edits
            commit_hand_edits(workspace, index)
        _move(workspace, old)
    repoint(workspace)


def repoint(workspace) -> None:
    """Name the store where it is now (after a move), forgetting what was opened at the old one."""
    workspace.paths = WorkspacePaths(workspace.root)
    if workspace._cache is not None:
        workspace._cache.close()
    workspace._cache = None
    workspace._cache_key = None
    workspace._config = None
    workspace._config_stamp = None


def _move(workspace, old: WorkspacePaths) -> None:
    from . import audit
    from ..errors import WorkspaceError
    from ..base.fsutil import atomic_write

    import shutil

    root = workspace.root
    target = root / STORE
    if os.path.lexists(target):
        try:
            target.rmdir()  # an empty folder is no one's
        except OSError:
            raise WorkspaceError(f"{target} exists and is not a hippocampus store; the store in {old.store} "
                                 f"moves there on the first write: move that folder away") from None
    staging = root / STAGING
    if os.path.lexists(staging):
        shutil.rmtree(staging)  # a move a crash stopped before it took effect: start again
    moved = _moved_files(old)
    dirty = _dirty(root, moved)
    staging.mkdir()
    for folder in (*MEMORY_FOLDERS, "meta", "graph/entities", *_folders(old)):  # empty ones too
        (staging / folder).mkdir(parents=True, exist_ok=True)
    for relative in moved:
        source = root / OLD_STORE / relative
        destination = staging / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        if relative == "index.json":
            continue
        if source.is_symlink():
            os.symlink(os.readlink(source), destination)
            continue
        try:
            os.link(source, destination, follow_symlinks=False)
        except OSError:
            shutil.copy2(source, destination)
    index_bytes = (root / OLD_STORE / "index.json").read_bytes() if "index.json" in moved else None
    if index_bytes is not None:
        atomic_write(staging / "index.json", rewrite_files(index_bytes))
    cache = old.cache
    new_cache = staging / ".cache"
    new_cache.mkdir(exist_ok=True)
    if cache.is_dir():  # derived or ours to keep (cron.log); the search cache is rebuilt for the new paths
        for entry in os.scandir(cache):
            if entry.is_file(follow_symlinks=False) and not entry.name.startswith("search.sqlite") \
                    and entry.name != "pending-commit.json":
                os.link(entry.path, new_cache / entry.name)
    old_paths = [f"{OLD_STORE}/{p}" for p in moved]
    new_paths = [f"{STORE}/{p}" for p in moved]
    summary = f"{MESSAGE}: {len(moved)} files"
    summary += f" ({len(dirty)} changed by hand since the last write, moved as they are)" if dirty else ""
    atomic_write(new_cache / "pending-commit.json",
                 json.dumps({"actor": "system:migrate", "action": "migrate", "paths": sorted(old_paths + new_paths)}),
                 sync=False)
    atomic_write(new_cache / NOTE, json.dumps({"remove": sorted(moved)}), sync=False)
    os.rename(staging, target)  # the new store takes effect
    new = WorkspacePaths(root)
    from ..base import interrupts
    with interrupts.guard():  # a Ctrl-C once committed waits for the note's removal
        try:
            finish(new)
            audit.record(root, new.audit_log, workspace.now, "system:migrate", "migrate", [], summary,
                         sorted(old_paths + new_paths), new_paths)
        except (OSError, WorkspaceError) as exc:
            from ..text.textutil import one_line
            raise WorkspaceError(f"the store moved from memory/ to {STORE}/, but its commit failed "
                                 f"({one_line(str(exc), 200)}); the next write commits it") from None
        new.pending_commit.unlink(missing_ok=True)


def finish(paths: WorkspacePaths) -> None:
    """Remove the old files a migration moved (only those still the ones it moved:
    the same file, or the same bytes), then the note. The commit is the pending
    one, made by the transaction that follows (Workspace._commit_interrupted)."""
    import shutil

    note = paths.cache / NOTE
    try:
        listed = json.loads(note.read_text(encoding="utf-8"))["remove"]
    except FileNotFoundError:
        return
    except (OSError, ValueError, KeyError, TypeError):
        listed = []
    old_root = paths.root / OLD_STORE
    for relative in listed:
        if not isinstance(relative, str) or ".." in relative.split("/"):
            continue
        source, moved = old_root / relative, paths.store / relative
        if relative == "index.json" or _same(source, moved):
            try:
                source.unlink()
            except FileNotFoundError:
                pass
    for name in OURS:  # emptied folders go (a person's file in one keeps it)
        top = old_root / name
        if top.is_dir() and not top.is_symlink():
            for folder, _dirs, _names in os.walk(top, topdown=False):
                try:
                    os.rmdir(folder)
                except OSError:
                    pass
    for leftover in (old_root / ".cache", ):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)  # derived (the search cache of the old paths)
    for name in (".lock",):
        (old_root / name).unlink(missing_ok=True)
    try:
        old_root.rmdir()  # nothing else was in it (OpenClaw makes it again for its notes)
    except OSError:
        pass
    note.unlink(missing_ok=True)


def _same(source: Path, moved: Path) -> bool:
    try:
        a, b = os.lstat(source), os.lstat(moved)
    except OSError:
        return False
    if (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino):
        return True
    if os.path.islink(source):
        return os.path.islink(moved) and os.readlink(source) == os.readlink(moved)
    return a.st_size == b.st_size and source.read_bytes() == moved.read_bytes()


def _moved_files(old: WorkspacePaths) -> list[str]:
    """Every file of ours under memory/ (relative to it): OURS, folders walked."""
    base = old.store
    found = []
    for name in OURS:
        path = base / name
        if path.is_symlink() or path.is_file():
            found.append(name)
        elif path.is_dir():
            for folder, _dirs, names in os.walk(path):
                for file in names:
                    found.append(os.path.relpath(os.path.join(folder, file), base).replace(os.sep, "/"))
    return sorted(found)


def _folders(old: WorkspacePaths) -> list[str]:
    """Every folder of ours under memory/ (relative to it)."""
    found = []
    for name in OURS:
        path = old.store / name
        if path.is_dir() and not path.is_symlink():
            found += [os.path.relpath(folder, old.store).replace(os.sep, "/") for folder, _d, _n in os.walk(path)]
    return found


def _dirty(root: Path, moved: list[str]) -> list[str]:
    """Which of the moved files git sees changed since the last commit (hand edits of documents)."""
    from . import audit
    result = audit.git(root, "status", "--porcelain", "-z", "--untracked-files=all", "--", OLD_STORE, check=False)
    wanted = {f"{OLD_STORE}/{p}" for p in moved}
    return [path for _code, path in audit.status_entries(result.stdout) if path in wanted]


def rewrite_files(index: bytes) -> bytes:
    """index.json with each memory's `file` moved from memory/ to hippocampus/, as bytes
    (every other byte kept; a damaged index too, for doctor --repair to rebuild)."""
    import re
    return re.sub(rb'(?<!\\)("file"\s*:\s*")memory/', rb"\1hippocampus/", index)

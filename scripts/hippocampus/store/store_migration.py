"""The layout (references/workspace.md): the memories in memory/, what is not a memory in
hippocampus/. A workspace from before is read where it is and moved by its first write.

Two layouts came before:

- everything in hippocampus/ (late 2026): index.json, config.yaml, the memory folders and the
  graph move to memory/; meta/, archive/ and signals.jsonl stay;
- everything in memory/ (the first): meta/, archive/ and signals.jsonl move to hippocampus/;
  the memories stay.

In both, the file of a memory that is not live (forgotten, archived, superseded and stale) goes
straight to hippocampus/archive/<folder>/, since OpenClaw's memory search serves every `.md`
under memory/; index.json's `file`s are rewritten to match. A daily log moves whole: the entries
of its episodes that are not live are moved out, one by one, by the same first write
(`Workspace.place_all`: the transaction places every memory's file). memory/ keeps what is not
ours (OpenClaw's daily notes, .dreams/, a person's files) untouched.

`migrate(workspace)` runs at the start of the first transaction, under the lock (the old
layout's and the new one's), in steps each of which the next writer repeats when a crash stopped
it (the plan is kept in hippocampus/.cache/store-migration.json until the move is committed):

1. an interrupted change and the hand edits are committed first, in the old layout, as every
   writer does;
2. the plan: the old path and the new one of every file of ours that moves;
3. every file linked (copied where links are refused) at its new path; a file already there that
   is not the same is someone else's: the move stops, naming it, and the links made are taken
   back;
4. the new index.json (its `file`s rewritten) put beside the old one (memory/index.json, or in the
   cache when the old one is at that path);
5. the switch: what marks the old layout goes (hippocampus/index.json, or memory/meta/audit.log,
   then the new index is renamed into place): from here the workspace is read in the new layout;
6. the old files removed (only those still the ones linked: the same file, or the same bytes);
7. one commit of both sides (git sees each move as a rename: `git log --follow` follows it, and
   history.py follows a memory by its id), then the note goes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..base.paths import (ALL_IN_MEMORY, ALL_IN_SIDE, ARCHIVE, MEMORY, MEMORY_FOLDERS, MOVE_NOTE, SIDE,
                          WorkspacePaths, archive_path, is_live, is_memory_file, live_path)
from ..errors import WorkspaceError

# What of the old top folder is ours (the rest, a person's or OpenClaw's, stays where it is)
OURS = ("index.json", "config.yaml", ".gitignore", ".gitattributes", "signals.jsonl", *MEMORY_FOLDERS, "archive",
        "graph", "meta")
TO_SIDE = ("meta", "archive", "signals.jsonl")  # what is not a memory
STAGED_INDEX = "index.json.moving"  # the new index, in hippocampus/.cache/, when the old one is at its path
MESSAGE = {ALL_IN_SIDE: "the memories move to memory/ (the design card's layout); what is not a memory stays in "
                        "hippocampus/",
           ALL_IN_MEMORY: "what is not a memory leaves memory/ for hippocampus/ (OpenClaw's memory search serves "
                          "every .md in memory/)"}


def needed(paths: WorkspacePaths) -> bool:
    """Whether a writer must move the workspace into the layout, or finish a move a crash stopped."""
    return paths.move_pending


def _note_path(root: Path) -> Path:
    return root / SIDE / ".cache" / MOVE_NOTE


def migrate(workspace) -> None:
    """Move a workspace from before into the layout (see the module's text); afterwards
    `workspace.paths` name the new layout and the next transaction places every memory's file."""
    from .lock import WorkspaceLock

    root = workspace.root
    old = WorkspacePaths(root)
    if not old.move_pending:
        repoint(workspace)
        return
    timeout = float(workspace.config["lock_timeout_seconds"])
    new_lock = root / SIDE / ".lock"
    with WorkspaceLock(old.lock, timeout):
        from contextlib import nullcontext
        second = WorkspaceLock(new_lock, timeout) if os.path.abspath(new_lock) != os.path.abspath(old.lock) \
            else nullcontext()
        if isinstance(second, WorkspaceLock):
            from ..base.fsutil import mkdir_confined
            mkdir_confined(new_lock.parent)
        with second:
            paths = WorkspacePaths(root)
            if not paths.move_pending:  # moved by another writer while we waited
                repoint(workspace)
                return
            plan = _read_note(root)
            if plan is None:
                from .gitrules import refuse_detached_head
                refuse_detached_head(root)
                workspace._commit_interrupted()
                try:
                    index = workspace.load_index(lazy=True)
                except WorkspaceError:
                    index = None  # damaged: moved as it is, for doctor --repair to rebuild
                if index is not None:
                    from .hand_edits import commit_hand_edits
                    commit_hand_edits(workspace, index)
                plan = _plan(root, paths, index)
                from ..base.fsutil import atomic_write
                atomic_write(_note_path(root), json.dumps(plan), sync=False)
            _carry_out(workspace, plan)
    repoint(workspace)
    workspace.place_all = True


def repoint(workspace) -> None:
    """Name the store where it is now (after a move), forgetting what was opened at the old one."""
    workspace.paths = WorkspacePaths(workspace.root)
    if workspace._cache is not None:
        workspace._cache.close()
    workspace._cache = None
    workspace._cache_key = None
    workspace._config = None
    workspace._config_stamp = None


def _read_note(root: Path) -> dict | None:
    try:
        plan = json.loads(_note_path(root).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return None  # cut short before anything was linked: planned again
    if not isinstance(plan, dict) or not isinstance(plan.get("moves"), list):
        return None
    return plan


def _files_under(base: Path, names) -> list[str]:
    """Every file (or link) of `names` under `base`, relative to it, folders walked."""
    found = []
    for name in names:
        path = base / name
        if path.is_symlink() or path.is_file():
            found.append(name)
        elif path.is_dir():
            for folder, _dirs, files in os.walk(path):
                for file in files:
                    found.append(os.path.relpath(os.path.join(folder, file), base).replace(os.sep, "/"))
    return sorted(found)


def _plan(root: Path, paths: WorkspacePaths, index: dict | None) -> dict:
    """The moves (old path, new path) and the index's new `file`s."""
    layout = paths.layout
    moves: dict[str, str] = {}
    if layout == ALL_IN_SIDE:
        for relative in _files_under(root / SIDE, OURS):
            top = relative.split("/", 1)[0]
            if top not in TO_SIDE and top not in (".gitignore", ".gitattributes", "index.json"):  # (the index: step 4)
                moves[f"{SIDE}/{relative}"] = f"{MEMORY}/{relative}"
    elif layout == ALL_IN_MEMORY:
        for relative in _files_under(root / MEMORY, OURS):
            if relative.split("/", 1)[0] in TO_SIDE:
                moves[f"{MEMORY}/{relative}"] = f"{SIDE}/{relative}"
    from .episodes import is_episode_path
    files: dict[str, str] = {}   # (old file, live) -> where the index's `file` names it now
    not_live: dict[str, list[str]] = {}  # a daily log -> the ids of its entries that are not live
    if index is not None:
        for memory in index["memories"]:
            path = memory.get("file")
            if not path or not is_memory_file(path):
                continue
            now = moves.get(path, path)
            wanted = live_path(now) if is_live(memory) else archive_path(now)
            if is_episode_path(path):
                if not is_live(memory):
                    not_live.setdefault(path, []).append(memory["id"])
                files[f"{path}\0{memory['id']}"] = wanted
                continue
            if wanted != path:
                if os.path.lexists(root / path) and path not in files:
                    moves[path] = wanted
                files[path] = wanted
    logs = []  # [old log, new log, its archive copy, the ids it gives up, a print of its bytes]
    for path in sorted({*(p for p in moves if is_episode_path(p)), *not_live}):
        try:
            data = (root / path).read_bytes()
        except OSError:
            continue
        new = live_path(moves.get(path, path))
        logs.append([path, new, archive_path(new), sorted(not_live.get(path, [])), _print(data)])
        moves.pop(path, None)
    old_index = f"{paths.store_name}/index.json"
    return {"layout": layout, "moves": sorted([old, new] for old, new in moves.items() if old != new),
            "files": files, "logs": logs, "index": old_index}


def _print(data: bytes) -> str:
    from hashlib import sha256
    return sha256(data).hexdigest()[:16]


def _split_logs(root: Path, logs: list) -> list[str]:
    """Each daily log at its new path with the entries of live memories only, the others
    appended to its archive copy; the paths written. A log changed since the plan is left."""
    from . import episodes
    from ..base.fsutil import atomic_write
    written = []
    for old, new, archived, ids, printed in logs:
        try:
            data = (root / old).read_bytes()
        except FileNotFoundError:
            continue  # done before a crash: removed after the switch
        if _print(data) != printed:
            continue  # (rewritten already, where the log keeps its path; or changed: left as it is)
        text = data.decode("utf-8", "replace")
        entries, lines = episodes.parse(text), text.split("\n")
        gone = []  # (id, the entry's lines as written)
        for position, entry in enumerate(entries):
            if entry.memory_id in ids:
                end = entries[position + 1].heading_line if position + 1 < len(entries) else len(lines)
                gone.append((entry.memory_id, "\n".join(lines[entry.heading_line:end]).strip("\n")))
        kept = text
        for memory_id, _block in gone:
            kept = episodes.remove_entry(kept, memory_id)
        if gone:
            target = root / archived
            into = target.read_text(encoding="utf-8", errors="replace") if target.exists() else \
                episodes.header(episodes.day_of(archived))
            have = {entry.memory_id for entry in episodes.parse(into)}
            for memory_id, block in gone:
                if memory_id not in have:
                    into = into.rstrip("\n") + "\n\n" + block + "\n"
            atomic_write(target, into)
            written.append(archived)
        atomic_write(root / new, kept.rstrip("\n") + "\n")
        written.append(new)
    return written


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


def _link(root: Path, moves: list) -> None:
    """Every file at its new path too (step 3); a stranger's file there stops the move."""
    import shutil
    from ..base.fsutil import check_confined, mkdir_confined
    made = []
    try:
        for old, new in moves:
            source, target = root / old, root / new
            if not os.path.lexists(source):
                continue  # moved already (a move a crash stopped)
            if os.path.lexists(target):
                if _same(source, target):
                    continue
                raise WorkspaceError(f"{new} exists and is not the file hippocampus moves there (from {old}); "
                                     "nothing was moved: move that file away, then run the command again")
            mkdir_confined(target.parent)
            check_confined(target)
            if source.is_symlink():
                os.symlink(os.readlink(source), target)
            else:
                try:
                    os.link(source, target, follow_symlinks=False)
                except OSError:
                    shutil.copy2(source, target)
            made.append(target)
    except BaseException as exc:
        for target in made:
            try:
                target.unlink()
            except OSError:
                pass
        if isinstance(exc, OSError):
            from ..base.fsutil import workspace_error_for
            raise workspace_error_for(exc, getattr(exc, "filename", None) or root) from None
        raise


def _new_index(root: Path, plan: dict) -> bytes | None:
    """The old index with its `file`s rewritten (None when the old one is gone: switched already)."""
    from . import index_store
    old = root / plan["index"]
    try:
        data = old.read_bytes()
    except FileNotFoundError:
        return None
    files = plan["files"]
    moves = dict(plan["moves"])
    try:
        document = json.loads(data)
        for memory in document.get("memories", []):
            if isinstance(memory, dict) and isinstance(memory.get("file"), str):
                path = memory["file"]
                memory["file"] = files.get(f"{path}\0{memory.get('id')}", files.get(path, moves.get(path, path)))
    except (ValueError, AttributeError):
        return rewrite_files(data)  # damaged: moved as it is, its names rewritten, for doctor --repair
    stamp = document.get("stamp") or os.urandom(8).hex()
    header = {"stamp": stamp, **{k: v for k, v in document.items() if k not in ("stamp", "memories")}}
    header["memories"] = document.get("memories", [])
    return b"".join(bytes(part) for part in index_store.serialise(header))


def _carry_out(workspace, plan: dict) -> None:
    from . import audit
    from ..base.fsutil import atomic_write

    root = workspace.root
    moves = [tuple(pair) for pair in plan["moves"]]
    logs = plan.get("logs", [])
    _link(root, moves)
    _split_logs(root, logs)
    new_index = root / MEMORY / "index.json"
    staged = root / SIDE / ".cache" / STAGED_INDEX
    data = _new_index(root, plan)
    layout = plan["layout"]
    if data is not None:
        atomic_write(staged if plan["index"] == f"{MEMORY}/index.json" else new_index, data)
    ignores = _ignores(root)
    attributes = _attributes(root)
    paths_committed = sorted({*(old for old, _new in moves), *(new for _old, new in moves),
                              *(log[0] for log in logs), *(log[1] for log in logs), *(log[2] for log in logs),
                              f"{MEMORY}/index.json", plan["index"], *ignores, *attributes})
    atomic_write(root / SIDE / ".cache" / "pending-commit.json",
                 json.dumps({"actor": "system:migrate", "action": "migrate", "paths": paths_committed}), sync=False)
    # the switch: the old layout's mark goes; from here every process reads the new one
    if layout == ALL_IN_SIDE:
        (root / SIDE / "index.json").unlink(missing_ok=True)
    elif layout == ALL_IN_MEMORY:
        (root / MEMORY / "meta" / "audit.log").unlink(missing_ok=True)
        if staged.exists():
            os.replace(staged, new_index)
    _remove_old(root, moves, [log for log in logs if log[0] != log[1]])
    new = WorkspacePaths(root)
    summary = f"{MESSAGE.get(layout, 'the layout')}: {len(moves)} files"
    from ..base import interrupts
    with interrupts.guard():  # a Ctrl-C once committed waits for the notes' removal
        changed = audit.git(root, "status", "--porcelain", "-z", "--", *paths_committed, check=False).stdout
        if changed:
            try:
                audit.record(root, new.audit_log, workspace.now, "system:migrate", "migrate", [], summary,
                             paths_committed)
            except (OSError, WorkspaceError) as exc:
                from ..text.textutil import one_line
                raise WorkspaceError(f"the store moved into the layout (memory/, hippocampus/), but its commit "
                                     f"failed ({one_line(str(exc), 200)}); the next write commits it") from None
        new.pending_commit.unlink(missing_ok=True)
        _note_path(root).unlink(missing_ok=True)
    from .merge_setup import configure
    configure(root)  # .git/info/attributes names the new paths


def _ignores(root: Path) -> list[str]:
    """Our .gitignore in each top folder (temporary files, the cache, the lock), where none is;
    both named, for the commit (one a crash left uncommitted included)."""
    from ..base.fsutil import atomic_write
    from .gitrules import OUR_IGNORE
    for top in (MEMORY, SIDE):
        path = root / top / ".gitignore"
        if not os.path.lexists(path):
            atomic_write(path, OUR_IGNORE)
    return [f"{MEMORY}/.gitignore", f"{SIDE}/.gitignore"]


def _attributes(root: Path) -> list[str]:
    """.gitattributes' block of merge drivers with the new paths, where the workspace has one."""
    from ..base.fsutil import atomic_write
    from . import merge_setup
    path = root / merge_setup.ATTRIBUTES
    try:
        current = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    if merge_setup.START not in current:
        return []
    wanted = merge_setup.attributes_text(current)
    if wanted == current:
        return []
    atomic_write(path, wanted)
    return [merge_setup.ATTRIBUTES]


def _remove_old(root: Path, moves: list, logs: list) -> None:
    """The old files, only while they are the ones linked (step 6), and the daily logs that moved,
    only while they are as planned; emptied folders go."""
    import shutil
    folders = set()
    for old, new in moves:
        source = root / old
        if _same(source, root / new):
            try:
                source.unlink()
            except FileNotFoundError:
                pass
            folders.add(source.parent)
    for old, _new, _archived, _ids, printed in logs:
        source = root / old
        try:
            if _print(source.read_bytes()) == printed:
                source.unlink()
                folders.add(source.parent)
        except OSError:
            pass
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        while folder != root and folder.name not in (MEMORY, SIDE):
            try:
                folder.rmdir()
            except OSError:
                break
            folder = folder.parent
    old_cache = root / MEMORY / ".cache"  # the first layout's derived files: rebuilt in hippocampus/.cache
    if old_cache.is_dir() and not old_cache.is_symlink():
        new_cache = root / SIDE / ".cache"
        for entry in os.scandir(old_cache):
            if entry.is_file(follow_symlinks=False) and not entry.name.startswith(("search.sqlite", "pending-commit",
                                                                                   "config.json")):
                target = new_cache / entry.name
                if not target.exists():
                    shutil.copy2(entry.path, target)
        shutil.rmtree(old_cache, ignore_errors=True)
    (root / MEMORY / ".lock").unlink(missing_ok=True) if (root / SIDE / ".lock").exists() else None


def rewrite_files(index: bytes) -> bytes:
    """index.json with each memory's `file` named as the layout has it, as bytes (every other
    byte kept; a damaged index too, for doctor --repair to rebuild): hippocampus/<folder>/ ->
    memory/<folder>/, memory/archive/ -> hippocampus/archive/."""
    import re
    index = re.sub(rb'(?<!\\)("file"\s*:\s*")hippocampus/(?!archive/)', rb"\1memory/", index)
    return re.sub(rb'(?<!\\)("file"\s*:\s*")memory/archive/', rb"\1" + ARCHIVE.encode() + rb"/", index)

"""Noticing hand edits cheaply: stat every memory file, hash only what changed.

A person may edit a memory's markdown, delete it, or drop a new .md file into
a domain folder. `scan` compares the folders with a stat manifest (path ->
mtime, size, inode, content hash) kept in the search cache, and with the
file -> hash map of the index, and reports what a person changed.
"""

from __future__ import annotations

import os
from pathlib import Path

from .paths import MEMORY_FOLDERS, WorkspacePaths

_MASK = (1 << 64) - 1


class HandEdit:
    def __init__(self, path: str, memory_id: str | None, meta: dict, content: str, raw: bytes, hash: str):
        self.path = path              # relative to the workspace root
        self.memory_id = memory_id    # the id the index knows for this file, if any
        self.meta = meta
        self.content = content
        self.raw = raw
        self.hash = hash
        self.redacted_text: str | None = None  # set when the file held a secret and must be rewritten


class ScanResult:
    def __init__(self):
        self.modified: list[HandEdit] = []
        self.added: list[HandEdit] = []
        self.deleted: list[str] = []                  # memory ids whose file is gone
        self.broken: list[tuple[str, str]] = []       # (path, reason)
        self.manifest_updates: dict = {}              # path -> (mtime, size, ino, hash)
        self.manifest_removed: list[str] = []

    @property
    def changed(self) -> bool:
        return bool(self.modified or self.added or self.deleted)


def entry_print(path: str, stamp: tuple) -> int:
    """A print of one file's stat (mtime, size, inode). Integers hash the same in
    every process; a rename keeps all three, so folder mtimes join the print."""
    return hash(stamp) & _MASK


def fingerprint(stats: dict) -> int:
    """Order-independent print of every memory file's stat: equal means nothing changed."""
    return (sum(map(hash, stats.values())) + len(stats)) & _MASK


def adjust_fingerprint(value: int, removed: list[tuple[str, tuple]], added: list[tuple[str, tuple]]) -> int:
    for path, stamp in removed:
        value = (value - entry_print(path, stamp) - 1) & _MASK
    for path, stamp in added:
        value = (value + entry_print(path, stamp) + 1) & _MASK
    return value


def folder_stamps(paths: WorkspacePaths) -> dict[str, tuple]:
    found = {}
    for folder in MEMORY_FOLDERS:
        try:
            st = os.stat(paths.memory / folder)
        except OSError:
            continue
        found[f"memory/{folder}/"] = (st.st_mtime_ns, -1, st.st_ino)
    return found


def list_memory_files(paths: WorkspacePaths) -> dict[str, tuple]:
    """path -> (mtime_ns, size, inode) for every memory file: one stat each, no reads."""
    found: dict[str, tuple] = {}
    for folder in MEMORY_FOLDERS:
        directory = paths.memory / folder
        try:
            st = os.stat(directory)
            found[f"memory/{folder}/"] = (st.st_mtime_ns, -1, st.st_ino)  # renames show here
        except OSError:
            pass
        try:
            entries = os.scandir(directory)
        except (FileNotFoundError, NotADirectoryError):
            continue
        with entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".md") or name.startswith("."):
                    continue
                try:
                    if not entry.is_file(follow_symlinks=False):
                        continue
                    st = entry.stat(follow_symlinks=False)
                    found[f"memory/{folder}/{name}"] = (st.st_mtime_ns, st.st_size, st.st_ino)
                except OSError:
                    continue
    return found


def derived_id(path: str) -> str:
    """A stable id for a hand-dropped file without one: from its path."""
    from hashlib import sha256
    return "mem_" + sha256(path.encode("utf-8")).hexdigest()[:12]


def read_edit(root: Path, path: str, memory_id: str | None) -> HandEdit | tuple[str, str]:
    from . import memfile, textutil
    from .redact import redact

    try:
        raw = (root / path).read_bytes()
    except OSError as exc:
        return path, f"unreadable ({exc.strerror})"
    text = textutil.decode_bytes(raw)
    redacted, kinds = redact(text)
    try:
        meta, body = memfile.parse(redacted)
    except memfile.BrokenFile as exc:
        return path, str(exc)
    edit = HandEdit(path, memory_id, meta, body, raw, file_hash(raw))
    if kinds:
        edit.redacted_text = redacted
    return edit


def file_hash(data: bytes) -> str:
    from hashlib import sha256
    return sha256(data).hexdigest()[:16]


def scan(root: Path, paths: WorkspacePaths, manifest: dict, known: dict[str, tuple[str, str, str]],
         on_disk: dict | None = None) -> ScanResult:
    """Compare disk with `known` (path -> (memory id, hash, status)) using `manifest`.

    `manifest` maps path -> (mtime_ns, size, ino, hash) from the last look;
    `on_disk` is list_memory_files() when the caller already has it.
    """
    result = ScanResult()
    if on_disk is None:
        on_disk = list_memory_files(paths)
    for path, stamp in on_disk.items():
        if path.endswith("/"):
            continue  # a folder's own stamp: part of the print, not a memory
        cached = manifest.get(path)
        entry = known.get(path)
        if cached is not None and tuple(cached[:3]) == stamp:
            current_hash = cached[3]
            if entry is not None and entry[1] == current_hash:
                continue
        else:
            try:
                current_hash = file_hash((root / path).read_bytes())
            except OSError:
                continue
            result.manifest_updates[path] = (*stamp, current_hash)
            if entry is not None and entry[1] == current_hash:
                continue
        outcome = read_edit(root, path, entry[0] if entry else None)
        if isinstance(outcome, tuple):
            result.broken.append(outcome)
            continue
        (result.modified if entry is not None else result.added).append(outcome)
    for path, (memory_id, _hash, status) in known.items():
        if path not in on_disk and status != "archived":
            result.deleted.append(memory_id)
    result.manifest_removed = [p for p in manifest if p not in on_disk]
    return result

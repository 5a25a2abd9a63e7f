"""Noticing hand edits cheaply: stat every memory file, hash only what changed.

A person may edit a memory's markdown, delete it, or drop a new .md file into
a domain folder. `scan` compares the folders with a stat manifest (path ->
mtime, size, inode, content hash) kept in the search cache, and with the
file -> hash map of the index, and reports what a person changed.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from . import memfile, textutil
from .paths import MEMORY_FOLDERS, WorkspacePaths
from .redact import redact


@dataclass
class HandEdit:
    path: str                # relative to the workspace root
    memory_id: str | None    # the id the index knows for this file, if any
    meta: dict = field(default_factory=dict)
    content: str = ""
    raw: bytes = b""
    hash: str = ""
    redacted_text: str | None = None  # set when the file held a secret and must be rewritten


@dataclass
class ScanResult:
    modified: list[HandEdit] = field(default_factory=list)
    added: list[HandEdit] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)          # memory ids whose file is gone
    broken: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    manifest_updates: dict = field(default_factory=dict)     # path -> (mtime, size, ino, hash)
    manifest_removed: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.modified or self.added or self.deleted)


def list_memory_files(paths: WorkspacePaths) -> dict[str, os.stat_result]:
    found: dict[str, os.stat_result] = {}
    for folder in MEMORY_FOLDERS:
        directory = paths.memory / folder
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
                    found[f"memory/{folder}/{name}"] = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
    return found


def derived_id(path: str) -> str:
    """A stable id for a hand-dropped file without one: from its path."""
    return "mem_" + hashlib.sha256(path.encode("utf-8")).hexdigest()[:12]


def read_edit(root: Path, path: str, memory_id: str | None) -> HandEdit | tuple[str, str]:
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
    edit = HandEdit(path=path, memory_id=memory_id, meta=meta, content=body, raw=raw,
                    hash=memfile.file_hash(raw))
    if kinds:
        edit.redacted_text = redacted
    return edit


def scan(root: Path, paths: WorkspacePaths, manifest: dict, known: dict[str, tuple[str, str, str]]) -> ScanResult:
    """Compare disk with `known` (path -> (memory id, hash, status)) using `manifest`.

    `manifest` maps path -> (mtime_ns, size, ino, hash) from the last look.
    """
    result = ScanResult()
    on_disk = list_memory_files(paths)
    for path, st in on_disk.items():
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        cached = manifest.get(path)
        entry = known.get(path)
        if cached is not None and tuple(cached[:3]) == stamp:
            current_hash = cached[3]
            if entry is not None and entry[1] == current_hash:
                continue
        else:
            try:
                current_hash = memfile.file_hash((root / path).read_bytes())
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

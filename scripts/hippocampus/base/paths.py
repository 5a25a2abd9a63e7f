"""Where things live inside a workspace."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .config import DOMAINS
from ..errors import WorkspaceError

# The store: our files, out of the tree OpenClaw's memory search indexes whole (memory/, which is
# left to OpenClaw: its daily notes, memory/.dreams/). A workspace from before keeps its store in
# memory/ until its first write moves it (store_migration.py); readers read it where it is.
STORE = "hippocampus"
OLD_STORE = "memory"
MOVE_NOTE = "store-migration.json"  # in the new store's .cache/: the old files a move still has to remove

# Folders (relative to the store) holding memory files: one memory per file in
# the domain folders, procedures/ and vault/; many per daily log in episodes/.
MEMORY_FOLDERS = (*DOMAINS, "procedures", "vault", "episodes")
STORE_FOLDERS = {"procedures": "procedural", "vault": "vault", "episodes": "episodic"}

# What an index entry's `file` may name: a markdown file directly in a memory folder,
# or in its copy under archive/ (consolidation moves archived files there); in the store, or in
# the old one of a workspace not yet migrated.
_MEMORY_FILE = re.compile(r"(?:hippocampus|memory)/(?:archive/)?(?:%s)/[^/\\\x00.][^/\\\x00]*\.md" % "|".join(MEMORY_FOLDERS))


def is_memory_file(path, store: str | None = None) -> bool:
    """Whether `path` (workspace-relative) is somewhere a memory's file may be: never
    inside .git, never outside the memory folders, never a folder's own dot-file;
    with `store`, in that store (memory/ is OpenClaw's once the store has moved)."""
    return isinstance(path, str) and _MEMORY_FILE.fullmatch(path) is not None and "/../" not in path and \
        (store is None or path.startswith(store + "/"))


def nameable(name: str) -> bool:
    """Whether a file name can be named in a commit and an audit line: no control
    character (a line break), no byte that is not UTF-8 (a surrogate escape)."""
    for ch in name:
        code = ord(ch)
        if code < 32 or code == 127 or 0xD800 <= code <= 0xDFFF:
            return False
    return True


def memory_file(memory: dict) -> str | None:
    """An index entry's `file`, checked before anything writes or deletes it (None:
    it has none). Writers work on the moved store only: one that is not a memory file
    of hippocampus/ is refused, naming the fix."""
    path = memory.get("file")
    if not path:
        return None
    if not is_memory_file(path, STORE):
        raise WorkspaceError(f"{memory.get('id')}: index.json names the file {str(path)[:80]!r}, which is not a "
                             "memory file (hippocampus/<folder>/<name>.md); nothing was changed: "
                             "run scripts/doctor.py --repair")
    return path


def store_name(root: Path) -> str:
    """Where a workspace's store is: hippocampus/ once it has one (its index, or its
    audit log when the index went missing), else memory/ where a store from before
    is, else hippocampus/ (a new workspace)."""
    for name in (STORE, OLD_STORE):
        if (root / name / "index.json").is_file() or (root / name / "meta" / "audit.log").is_file():
            return name
    return STORE


def located(root: Path, relative: str) -> Path:
    """A store path named for the new layout, where it is under `root` (for readers:
    a workspace not yet migrated keeps it under memory/)."""
    name = store_name(root)
    if name != STORE and relative.startswith(STORE + "/"):
        relative = name + relative[len(STORE):]
    return root / relative


class WorkspacePaths:
    def __init__(self, root: Path):
        self.root = root
        self.store_name = store_name(root)
        self.store = root / self.store_name
        self.memory = self.store  # (the store's old name)
        self.index = self.memory / "index.json"
        self.meta = self.memory / "meta"
        self.audit_log = self.meta / "audit.log"
        self.cache = self.memory / ".cache"
        self.search_db = self.cache / "search.sqlite"
        self.pending_commit = self.cache / "pending-commit.json"  # a writer's paths, from its writes to its commit
        self.lock = self.memory / ".lock"
        self.core_file = root / "HIPPOCAMPUS_CORE.md"
        self.memory_md = root / "MEMORY.md"

    @property
    def old_layout(self) -> bool:
        """Whether the store is still in memory/ (a workspace from before the move)."""
        return self.store_name == OLD_STORE

    @property
    def move_pending(self) -> bool:
        """Whether a writer must first move the store out of memory/ (store_migration.py),
        or finish a move a crash stopped (its note is still in the new store's cache)."""
        return self.store_name == OLD_STORE or (self.cache / MOVE_NOTE).exists()

    def here(self, relative: str) -> str:
        """A store path as named for the new layout ("hippocampus/..."), where it is in
        this workspace (memory/... in a workspace not yet migrated)."""
        if self.store_name != STORE and relative.startswith(STORE + "/"):
            return self.store_name + relative[len(STORE):]
        return relative

    def rel(self, path: Path) -> str:
        """Path relative to the workspace root, with forward slashes."""
        return path.relative_to(self.root).as_posix()

    def memory_file(self, domain: str, name: str) -> Path:
        return self.memory / domain / name


def leaves_workspace(paths: WorkspacePaths, directory: Path) -> bool:
    """Whether `directory` (a symlink) leads out of the workspace (and out of
    memory/, should that itself be a link the person set up)."""
    target = os.path.realpath(directory)
    for inside in (paths.root, paths.memory):
        base = os.path.realpath(inside)
        if target == base or target.startswith(base.rstrip(os.sep) + os.sep):
            return False
    return True

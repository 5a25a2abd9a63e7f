"""Where things live inside a workspace."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .config import DOMAINS
from ..errors import WorkspaceError

# Folders (relative to memory/) holding memory files: one memory per file in
# the domain folders, procedures/ and vault/; many per daily log in episodes/.
MEMORY_FOLDERS = (*DOMAINS, "procedures", "vault", "episodes")
STORE_FOLDERS = {"procedures": "procedural", "vault": "vault", "episodes": "episodic"}

# What an index entry's `file` may name: a markdown file directly in a memory folder,
# or in its copy under memory/archive/ (consolidation moves archived files there).
_MEMORY_FILE = re.compile(r"memory/(?:archive/)?(?:%s)/[^/\\\x00.][^/\\\x00]*\.md" % "|".join(MEMORY_FOLDERS))


def is_memory_file(path) -> bool:
    """Whether `path` (workspace-relative) is somewhere a memory's file may be: never
    inside .git, never outside the memory folders, never a folder's own dot-file."""
    return isinstance(path, str) and _MEMORY_FILE.fullmatch(path) is not None and "/../" not in path


def memory_file(memory: dict) -> str | None:
    """An index entry's `file`, checked before anything reads, writes or deletes it
    (None: it has none). One that is not a memory file is refused, naming the fix."""
    path = memory.get("file")
    if not path:
        return None
    if not is_memory_file(path):
        raise WorkspaceError(f"{memory.get('id')}: index.json names the file {str(path)[:80]!r}, which is not a "
                             "memory file (memory/<folder>/<name>.md); nothing was changed: "
                             "run scripts/doctor.py --repair")
    return path


class WorkspacePaths:
    def __init__(self, root: Path):
        self.root = root
        self.memory = root / "memory"
        self.index = self.memory / "index.json"
        self.meta = self.memory / "meta"
        self.audit_log = self.meta / "audit.log"
        self.cache = self.memory / ".cache"
        self.search_db = self.cache / "search.sqlite"
        self.pending_commit = self.cache / "pending-commit.json"  # a writer's paths, from its writes to its commit
        self.lock = self.memory / ".lock"
        self.core_file = root / "HIPPOCAMPUS_CORE.md"
        self.memory_md = root / "MEMORY.md"

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

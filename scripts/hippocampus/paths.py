"""Where things live inside a workspace."""

from __future__ import annotations

from pathlib import Path

from .config import DOMAINS

# Folders (relative to memory/) holding memory files: one memory per file in
# the domain folders, procedures/ and vault/; many per daily log in episodes/.
MEMORY_FOLDERS = (*DOMAINS, "procedures", "vault", "episodes")
STORE_FOLDERS = {"procedures": "procedural", "vault": "vault", "episodes": "episodic"}


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

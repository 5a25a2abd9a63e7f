"""Where things live inside a workspace."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .config import DOMAINS
from ..errors import WorkspaceError

# The layout (references/workspace.md). The memories live in memory/, as the design card has it:
# index.json, config.yaml, one markdown file a memory in the memory folders, the daily logs, the
# graph. OpenClaw's memory search reads every `.md` under memory/, so nothing that is not a live
# memory is kept there as markdown: what is about memories (the audit log, conflicts, proposals,
# reflections), the files of forgotten, archived and superseded memories (archive/), the signals,
# the caches and the lock live in the sidecar hippocampus/. OpenClaw's own files in memory/ (its
# daily notes, .dreams/, dreaming/, imports/) are never ours.
MEMORY = "memory"
SIDE = "hippocampus"
# Layouts of workspaces from before, read where they are until their first write moves them
# (store_migration.py): everything in memory/ (the first), everything in hippocampus/ (the second).
SPLIT, ALL_IN_MEMORY, ALL_IN_SIDE = "split", "memory", "hippocampus"
MOVE_NOTE = "store-migration.json"  # in hippocampus/.cache/: a move a crash stopped, to finish
# (the names earlier code used)
STORE, OLD_STORE = MEMORY, SIDE

# Folders (relative to the store) holding memory files: one memory per file in
# the domain folders, procedures/ and vault/; many per daily log in episodes/.
MEMORY_FOLDERS = (*DOMAINS, "procedures", "vault", "episodes")
STORE_FOLDERS = {"procedures": "procedural", "vault": "vault", "episodes": "episodic"}
ARCHIVE = f"{SIDE}/archive"  # the files of memories that are not live (forgotten, archived, superseded)

# What an index entry's `file` may name: a markdown file directly in a memory folder, or in its
# copy under archive/; in either top folder (the layouts from before included).
_MEMORY_FILE = re.compile(r"(?:hippocampus|memory)/(?:archive/)?(?:%s)/[^/\\\x00.][^/\\\x00]*\.md" % "|".join(MEMORY_FOLDERS))
# ... and where a writer keeps them: live in memory/<folder>/, the others in hippocampus/archive/<folder>/
_PLACED_FILE = re.compile(r"(?:memory|hippocampus/archive)/(?:%s)/[^/\\\x00.][^/\\\x00]*\.md" % "|".join(MEMORY_FOLDERS))
_UNNAMEABLE = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")  # control characters, surrogate escapes


def is_memory_file(path, placed: bool = False) -> bool:
    """Whether `path` (workspace-relative) is somewhere a memory's file may be: never
    inside .git, never outside the memory folders, never a folder's own dot-file;
    `placed`: where a writer keeps one (memory/<folder>/, or hippocampus/archive/<folder>/)."""
    return isinstance(path, str) and "/../" not in path and \
        (_PLACED_FILE if placed else _MEMORY_FILE).fullmatch(path) is not None


def is_archived_path(path: str) -> bool:
    """Whether a memory file's path is an archive copy (the file of a memory that is not live)."""
    return path.split("/", 2)[1:2] == ["archive"]


def live_path(path: str) -> str:
    """Where the file at `path` lives while its memory is live: memory/<folder>/<name>."""
    parts = path.split("/")
    return "/".join([MEMORY, *parts[-2:]])


def archive_path(path: str) -> str:
    """Where the file at `path` is kept while its memory is not live: hippocampus/archive/<folder>/<name>."""
    parts = path.split("/")
    return "/".join([ARCHIVE, *parts[-2:]])


def other_place(path: str) -> str:
    """The other of a memory file's two places: its archive path for a live path, else its live path."""
    live = live_path(path)
    return archive_path(path) if path == live else live


def is_live(memory: dict) -> bool:
    """Whether a memory is live, its file in memory/ for OpenClaw's search to find: not
    archived (forgotten, faded), not purged, not superseded by a newer memory and stale."""
    return memory.get("status") != "archived" and not memory.get("purged") and \
        not (memory.get("supersededBy") and memory.get("confidence") == "stale")


def nameable(name: str) -> bool:
    """Whether a file name can be named in a commit and an audit line: no control
    character (a line break), no byte that is not UTF-8 (a surrogate escape)."""
    return name.isascii() and name.isprintable() or not _UNNAMEABLE.search(name)


def memory_file(memory: dict) -> str | None:
    """An index entry's `file`, checked before anything writes or deletes it (None:
    it has none). Writers work on the moved store only: one that is not a memory file
    where writers keep them is refused, naming the fix."""
    path = memory.get("file")
    if not path:
        return None
    if not is_memory_file(path, placed=True):
        raise WorkspaceError(f"{memory.get('id')}: index.json names the file {str(path)[:80]!r}, which is not a "
                             "memory file (memory/<folder>/<name>.md, or hippocampus/archive/<folder>/<name>.md); "
                             "nothing was changed: run scripts/doctor.py --repair")
    return path


def layout_of(root: Path) -> str:
    """Which layout a workspace has: SPLIT (memories in memory/, the rest in hippocampus/: a
    new workspace too), or one from before: ALL_IN_SIDE (everything in hippocampus/), or
    ALL_IN_MEMORY (everything in memory/). Told by where index.json is, and where the audit
    log is (its memory folders, should the index be missing)."""
    side, memory = root / SIDE, root / MEMORY
    if (side / "index.json").is_file():
        return ALL_IN_SIDE
    if (memory / "meta" / "audit.log").is_file():  # (never there in the layout: its log is in hippocampus/)
        return ALL_IN_MEMORY
    if not (memory / "index.json").is_file() and (side / "meta" / "audit.log").is_file() and \
            any((side / folder).is_dir() for folder in MEMORY_FOLDERS):
        return ALL_IN_SIDE  # (its index missing: doctor --repair)
    return SPLIT


def store_name(root: Path) -> str:
    """The folder holding a workspace's memories (index.json, the memory folders)."""
    return SIDE if layout_of(root) == ALL_IN_SIDE else MEMORY


def located(root: Path, relative: str) -> Path:
    """A path named for the layout (memory/..., hippocampus/...), where it is under `root`
    (for readers: a workspace not yet moved keeps it in one folder)."""
    return root / WorkspacePaths(root).here(relative)


class WorkspacePaths:
    def __init__(self, root: Path):
        self.root = root
        self.layout = layout_of(root)
        self.store_name = SIDE if self.layout == ALL_IN_SIDE else MEMORY
        self.side_name = MEMORY if self.layout == ALL_IN_MEMORY else SIDE
        self.store = root / self.store_name   # the memories
        self.memory = self.store
        self.side = root / self.side_name     # what is not a memory
        self.index = self.store / "index.json"
        self.meta = self.side / "meta"
        self.audit_log = self.meta / "audit.log"
        self.archive = self.side / "archive"
        self.cache = self.side / ".cache"
        self.search_db = self.cache / "search.sqlite"
        self.pending_commit = self.cache / "pending-commit.json"  # a writer's paths, from its writes to its commit
        self.lock = self.side / ".lock"
        self.core_file = root / "HIPPOCAMPUS_CORE.md"
        self.memory_md = root / "MEMORY.md"

    @property
    def old_layout(self) -> bool:
        """Whether the workspace has a layout from before (its first write moves it)."""
        return self.layout != SPLIT

    @property
    def move_pending(self) -> bool:
        """Whether a writer must first move the store into the layout (store_migration.py),
        or finish a move a crash stopped (its note is still in hippocampus/.cache/)."""
        return self.layout != SPLIT or (self.root / SIDE / ".cache" / MOVE_NOTE).exists()

    def here(self, relative: str) -> str:
        """A path named for the layout ("memory/...", "hippocampus/..."), where it is in this
        workspace (all in hippocampus/, or all in memory/, in a workspace not yet moved)."""
        if self.layout == ALL_IN_SIDE and relative.startswith(MEMORY + "/"):
            return SIDE + relative[len(MEMORY):]
        if self.layout == ALL_IN_MEMORY and relative.startswith(SIDE + "/"):
            return MEMORY + relative[len(SIDE):]
        return relative

    def ours(self) -> list[str]:
        """Pathspecs of everything of ours in git (memory/ is shared with OpenClaw's own files:
        only our folders and files there)."""
        if self.layout != SPLIT:
            return sorted({self.store_name, self.side_name})
        return [*(f"{MEMORY}/{name}" for name in (*MEMORY_FOLDERS, "graph", "index.json", "config.yaml",
                                                   ".gitignore")), SIDE]

    def rel(self, path: Path) -> str:
        """Path relative to the workspace root, with forward slashes."""
        return path.relative_to(self.root).as_posix()

    def memory_file(self, domain: str, name: str) -> Path:
        return self.memory / domain / name


def leaves_workspace(paths: WorkspacePaths, directory: Path) -> bool:
    """Whether `directory` (a symlink) leads out of the workspace (and out of
    memory/, should that itself be a link the person set up)."""
    target = os.path.realpath(directory)
    for inside in (paths.root, paths.memory, paths.side):
        base = os.path.realpath(inside)
        if target == base or target.startswith(base.rstrip(os.sep) + os.sep):
            return False
    return True

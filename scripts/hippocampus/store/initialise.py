"""Creating a workspace, idempotently: folders, index, config, git, first commit."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import sys

from . import audit, index_store
from ..errors import WorkspaceError
from ..base.fsutil import atomic_write
from .gitrules import OUR_IGNORE, not_audited, refuse_detached_head
from ..base.model import empty_index
from ..base.paths import MEMORY_FOLDERS, WorkspacePaths

TEMPLATES = Path(__file__).resolve().parents[3] / "assets" / "templates"
GITIGNORE = OUR_IGNORE.decode()  # what gitrules knows matches nothing we commit
IDENTITY_FILES = ("IDENTITY.md", "SOUL.md")


def initialise(root: Path, now: datetime) -> list[str]:
    """Create what is missing; return what was done (empty when nothing was)."""
    from ..base.fsutil import confine
    done: list[str] = []
    confine(root)
    paths = WorkspacePaths(root)
    refuse_detached_head(root)
    from . import store_migration
    if store_migration.needed(paths):  # a workspace from before: moved first (a write)
        from .workspace import Workspace
        workspace = Workspace(root, now)
        store_migration.migrate(workspace)
        paths = workspace.paths
        done.append("moved the workspace into the layout: the memories in memory/, the rest in hippocampus/")
    try:
        root.mkdir(parents=True, exist_ok=True)
        for directory in (*(paths.memory / folder for folder in (*MEMORY_FOLDERS, "graph/entities")),
                          paths.meta, paths.archive):
            if not directory.is_dir():
                directory.mkdir(parents=True, exist_ok=True)
                done.append(f"created {paths.rel(directory)}/")
    except OSError as exc:
        raise WorkspaceError(f"cannot create the workspace at {root}: {exc.strerror}") from None
    touched: list[str] = []
    if not paths.index.exists():
        index = empty_index(now)
        index_store.save(paths.index, index)
        done.append(f"created {paths.rel(paths.index)}")
        touched.append(paths.rel(paths.index))
    for ignore in {paths.memory / ".gitignore", paths.side / ".gitignore"}:  # temporary files, the cache, the lock
        if not ignore.exists():
            atomic_write(ignore, GITIGNORE)
            done.append(f"created {paths.rel(ignore)}")
            touched.append(paths.rel(ignore))
    config = paths.memory / "config.yaml"
    template = TEMPLATES / "config.yaml"
    if not config.exists() and template.is_file():
        atomic_write(config, template.read_bytes())
        done.append(f"created {paths.rel(config)}")
        touched.append(paths.rel(config))
    relations = paths.store / "graph" / "relations.md"
    if not relations.exists():
        from .graph import DEFAULT_RELATIONS, RELATIONS_FILE, relations_text
        atomic_write(relations, relations_text(DEFAULT_RELATIONS))
        done.append(f"created {RELATIONS_FILE}")
        touched.append(RELATIONS_FILE)
    for name in IDENTITY_FILES:
        target = root / name
        template = TEMPLATES / name
        if not target.exists() and template.is_file():  # never overwrite the person's own
            atomic_write(target, template.read_bytes())
            done.append(f"created {name}")
            touched.append(name)
    top = audit.repo_top(root)
    if top is None:
        audit.git(root, "init", "-q")
        audit.git(root, "config", "core.splitIndex", "true")  # see _split_index_wanted
        done.append(f"initialised a git repository in {root}")
    elif _split_index_wanted(root, top):
        audit.git(root, "config", "core.splitIndex", "true")
        done.append("split git's index (each commit rewrites a small part of it)")
    from . import merge_setup  # how git merges memories: sync.py, and a person's own `git pull`
    merge_setup.configure(root)
    attributes = root / merge_setup.ATTRIBUTES
    current = attributes.read_text(encoding="utf-8") if attributes.exists() else None
    if merge_setup.attributes_text(current) != current:
        atomic_write(attributes, merge_setup.attributes_text(current))
        done.append(f"{'created' if current is None else 'completed'} {merge_setup.ATTRIBUTES} (merge drivers)")
        touched.append(merge_setup.ATTRIBUTES)
    if touched or not paths.audit_log.exists():
        audit.record(root, paths.audit_log, now, "system:init", "init", [],
                     "initialised the hippocampus workspace", touched)
    unaudited = not_audited(root)
    if unaudited:  # said once, here (and by doctor.py), not by every write
        print(f"hippocampus: warning: {unaudited}", file=sys.stderr)
    return done


def _split_index_wanted(root: Path, top: Path) -> bool:
    """Whether a repository init.py created before it split git's index should
    now: each commit puts its files into git's index, and split, git rewrites
    a small part of it (update-index 4 against 10 ms at 10,000 memory files,
    growing with them). Only a repository whose first commit is our init, and
    that says nothing of it: a person's own repository (an older tool of
    theirs may not read a split index) and their choice are left alone."""
    if top.resolve() != root.resolve() or audit.git(root, "config", "core.splitIndex", check=False).stdout.strip():
        return False
    first = audit.git(root, "rev-list", "--max-parents=0", "HEAD", check=False).stdout.split()
    return len(first) == 1 and audit.git(
        root, "log", "-1", "--format=%(trailers:key=Actor,valueonly)", first[0], check=False).stdout.strip() == \
        "system:init"

"""Symbolic links where hippocampus keeps files: found for doctor, taken out by
its repair.

Writers never follow one out of the workspace (fsutil.check_confined refuses
the write, nothing written), and never write through a link at a file (it
would be replaced, or its target written). So a link in the store, or at a
file we write beside it (MEMORY.md, HIPPOCAMPUS_CORE.md, ...), stops every
change that touches it until it is gone: doctor names each one, and
`doctor.py --repair` removes it (a file git tracks there comes back as the
last commit has it, else the next writer makes it anew). A link to a folder
that stays inside the workspace (a memory folder a person moved and linked)
is theirs, and kept.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..base.paths import MEMORY_FOLDERS, WorkspacePaths

ROOT_FILES = ("MEMORY.md", "HIPPOCAMPUS_CORE.md", "IDENTITY.md", "SOUL.md", "AGENTS.md", "CLAUDE.md",
              ".gitattributes", "brain-dashboard.html")


def _inside(target: str, root: str) -> bool:
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def found(paths: WorkspacePaths) -> list[tuple[str, str]]:
    """(workspace-relative path, what is wrong) of each link where we keep files."""
    root = os.path.realpath(paths.root)
    out = []

    def look(path: str, relative: str, is_folder_ok: bool) -> bool:
        """Whether `path` is a link we report (True: do not look inside)."""
        if not os.path.islink(path):
            return False
        target = os.path.realpath(path)
        if not _inside(target, root):
            out.append((relative, f"a symbolic link out of the workspace (to {target}): writes there are refused; "
                                  "--repair removes it"))
            return True
        if is_folder_ok and os.path.isdir(path):
            return True  # a folder moved and linked inside the workspace: the person's own
        out.append((relative, f"a symbolic link (to {os.readlink(path)}) where hippocampus keeps a file: writes "
                              "there are refused; --repair removes it"))
        return True

    for base in sorted({paths.store, paths.side}):
        tops = ["."] if base == paths.side or paths.old_layout else [*MEMORY_FOLDERS, "graph", "index.json",
                                                                         "config.yaml"]
        if look(str(base), paths.rel(base) + "/", True):
            continue
        for name in tops:  # (in memory/, only what is ours: OpenClaw's own files are not)
            start = os.path.normpath(os.path.join(base, name))
            if name != "." and (look(start, paths.rel(Path(start)), True) or not os.path.isdir(start)):
                continue
            for top, folders, files in os.walk(start):  # (links to folders are not walked)
                inner = os.path.relpath(top, paths.root).replace(os.sep, "/")
                for entry in [*folders, *files]:
                    if entry.endswith(".md") and os.path.basename(top) in MEMORY_FOLDERS:
                        continue  # a memory file that is a link: not_memory names it (never followed)
                    look(os.path.join(top, entry), f"{inner}/{entry}", entry in folders)
    for name in ROOT_FILES:
        look(os.path.join(paths.root, name), name, False)
    return out


def remove(root, paths: WorkspacePaths) -> list[str]:
    """Take out every link `found` reports; the paths removed (workspace-relative)."""
    from . import audit
    removed = []
    for relative, _why in found(paths):
        path = os.path.join(paths.root, relative.rstrip("/"))
        try:
            os.unlink(path)
        except OSError:
            continue
        removed.append(relative.rstrip("/"))
        tracked = audit.git(root, "ls-tree", "HEAD", "--", relative.rstrip("/"), check=False).stdout
        if tracked.startswith("100"):  # a file git has: back as the last commit has it
            audit.git(root, "checkout", "HEAD", "--", relative.rstrip("/"), check=False)
    return removed

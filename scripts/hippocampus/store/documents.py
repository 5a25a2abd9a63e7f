"""Documents: files that are not memories but whose every change is audited.

IDENTITY.md, SOUL.md and MEMORY.md at the workspace root, memory/config.yaml
(the tunables a person edits), the knowledge graph under memory/graph/, and
the markdown under hippocampus/meta/ (the review queue, reflections, conflicts).
Scripts change them through the transaction; a person's edits are noticed by
one stat per document (a print kept in the search cache) and then asked of
git, and the next writer commits them as actor `manual` before its own
change. Edits of what a person wrote in IDENTITY.md and SOUL.md are
flagged CRITICAL by the audit module (critical.py).
"""

from __future__ import annotations

import os

from ..base.paths import WorkspacePaths

DOCUMENT_FILES = ("IDENTITY.md", "SOUL.md", "MEMORY.md", "memory/config.yaml")
DOCUMENT_FOLDERS = ("memory/graph", "hippocampus/meta")


def is_document(path: str) -> bool:
    return path in DOCUMENT_FILES or (path.endswith(".md") and path.startswith(tuple(f + "/" for f in DOCUMENT_FOLDERS)))


def stats(paths: WorkspacePaths) -> dict[str, tuple]:
    """path -> (mtime_ns, size, inode) of every document and document folder."""
    found: dict[str, tuple] = {}
    for name in DOCUMENT_FILES:
        try:
            st = os.stat(paths.root / name)
        except OSError:
            continue
        found[name] = (st.st_mtime_ns, st.st_size, st.st_ino)
    for folder in DOCUMENT_FOLDERS:
        for directory, subfolders, files in os.walk(paths.root / folder):
            subfolders[:] = [d for d in subfolders if not d.startswith(".")]
            relative = os.path.relpath(directory, paths.root).replace(os.sep, "/")
            try:
                st = os.stat(directory)
                found[relative + "/"] = (st.st_mtime_ns, -1, st.st_ino)
            except OSError:
                continue
            for name in files:
                if not name.endswith(".md") or name.startswith("."):
                    continue
                try:
                    st = os.stat(os.path.join(directory, name))
                except OSError:
                    continue
                found[f"{relative}/{name}"] = (st.st_mtime_ns, st.st_size, st.st_ino)
    return found


def changed(root) -> list[tuple[str, str]]:
    """(status, path) of documents that differ from git's last commit: M, D or ? (new)."""
    from .audit import git, status_entries

    result = git(root, "status", "--porcelain", "-z", "--untracked-files=all", "--",
                 *DOCUMENT_FILES, *DOCUMENT_FOLDERS, check=False)
    if result.returncode != 0:
        return []
    found = []
    for code, path in status_entries(result.stdout):
        if not is_document(path):
            continue
        kind = "D" if "D" in code else "?" if code == "??" else "M"
        found.append((kind, path))
    return found


def summary(found: list[tuple[str, str]]) -> str:
    verbs = {"M": "edited", "D": "deleted", "?": "added"}
    if len(found) == 1:
        kind, path = found[0]
        return f"{verbs[kind]} by hand: {path}"
    return "documents changed by hand: " + ", ".join(path for _kind, path in found[:6]) + \
        (f" and {len(found) - 6} more" if len(found) > 6 else "")


def document_print(stats: dict) -> str:
    """The documents' print (sizes, times, inodes as listed): equal prints, no edits to look for."""
    from .reconcile import fingerprint

    return str(fingerprint(stats))

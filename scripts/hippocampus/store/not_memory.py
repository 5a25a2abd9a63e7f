"""Files in a memory folder that are not memories, and why (doctor names them;
the first scan that meets one says so once on stderr).

Readers import this only when a scan finds a changed file."""

from __future__ import annotations

import os

from ..base.paths import MEMORY_FOLDERS, WorkspacePaths
from ..base.paths import leaves_workspace, nameable


class NotAMemory(str):
    """Why a file in a memory folder is left out of the index (a reason, not damage)."""


# a file's frontmatter may add this much to the content max_content_bytes allows
FRONTMATTER_ALLOWANCE = 16384


def too_large(size: int, max_bytes: int) -> NotAMemory | None:
    if size > max_bytes + FRONTMATTER_ALLOWANCE:
        return NotAMemory(f"not indexed: {size:,} bytes, over max_content_bytes ({max_bytes:,}) "
                          "in memory/config.yaml; split it or raise the limit")
    return None


def binary(raw: bytes) -> NotAMemory | None:
    """A file that is not text: a NUL byte, or over a tenth of its bytes not UTF-8."""
    if b"\0" in raw:
        return NotAMemory("not indexed: a binary file (NUL bytes), not markdown")
    if raw.isascii():
        return None
    bad = len(raw) - len(raw.decode("utf-8", "ignore").encode("utf-8"))
    if bad * 10 > len(raw):
        return NotAMemory(f"not indexed: a binary file ({bad:,} of {len(raw):,} bytes not UTF-8), not markdown")
    return None


def not_listed(paths: WorkspacePaths) -> list[tuple[str, str]]:
    """(path, why) for what looks like a memory in a memory folder but is never
    read as one (for doctor; the hot path lists only `*.md` directly inside)."""
    found = []
    for folder in MEMORY_FOLDERS:
        directory = paths.memory / folder
        relative = f"{paths.store_name}/{folder}"
        if os.path.islink(directory):
            if leaves_workspace(paths, directory):
                found.append((relative + "/", f"a symlink out of the workspace (to {os.path.realpath(directory)}): "
                                             "never followed, its files are not memories; move them in"))
                continue
        if not os.path.isdir(directory):
            continue
        for top, folders, files in os.walk(directory):  # (symlinked folders are not walked)
            inner = os.path.relpath(top, directory)
            for name in folders:
                if os.path.islink(os.path.join(top, name)):
                    found.append((f"{relative}/{name}/" if inner == "." else f"{relative}/{inner}/{name}/",
                                  "a symlinked folder: never followed"))
            for name in files:
                lower = name.lower()
                if name.startswith(".") or not lower.endswith((".md", ".markdown")):
                    continue
                path = f"{relative}/{name}" if inner == "." else f"{relative}/{inner}/{name}"
                if not nameable(path):
                    shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                    found.append((repr(shown)[1:-1], "a name holding a control character (a line break?) or bytes "
                                                     "that are not UTF-8: no commit can name it; rename it"))
                elif inner != ".":
                    found.append((path, f"in a subfolder: only files directly in {relative}/ are memories; "
                                        "move it up"))
                elif not name.endswith(".md"):
                    found.append((path, "only files named *.md (lower case) are memories; rename it"))
                elif os.path.islink(os.path.join(top, name)):
                    found.append((path, "a symlink: never followed; put the file itself here"))
    return found

"""A warning: one line on stderr, after clearing a long job's progress line."""

from __future__ import annotations

import sys

from ..text.textutil import one_line


def progress_module():
    """progress.py when a long job loaded it (its line says what a transaction does
    after the job's own work), else None: writers never import it themselves."""
    return sys.modules.get("hippocampus.base.progress")


def warn(message: str) -> None:
    if (progress := progress_module()) is not None:
        progress.clear()
    print(f"hippocampus: warning: {one_line(message, 300)}", file=sys.stderr)

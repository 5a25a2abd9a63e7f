"""What a one-shot script need not free before it ends.

`cli.run` ends a script with `os._exit`, which frees nothing one object at a
time. Before that, a transaction's objects were still freed as its function
returned: at 100,000 memories, dropping a decay's parsed memories and its
listing of every file took ~0.1 s (0.23 s from its commit to its exit, 0.13 s
of it the collector: base/collector.py). A one-shot script (`cli.run`, unless it
says it is resident) keeps the last transaction's objects here until it ends
instead; a resident process (the MCP server, the dashboard's server) never
keeps anything, and a script of many transactions (a bulk import) keeps the
last one's only, released as the next begins: its peak is what it was.
"""

from __future__ import annotations

import sys

_kept: list = []  # what the last transaction held, in a one-shot script


def is_one_shot() -> bool:
    """Whether this process ends (by os._exit) once its work is done: cli.run says so (`one_shot`,
    read here as progress.py reads `json_output`, so that no script's start imports this module)."""
    return bool(getattr(sys.modules.get("hippocampus.cli"), "one_shot", False))


def release() -> None:
    """Free what was kept (a transaction begins: the last one's objects are not held beside its own)."""
    _kept.clear()


def keep(*objects) -> None:
    """Hold `objects` until the process ends, in a one-shot script (the last
    call's only: those of an earlier call are freed now); otherwise nothing."""
    if is_one_shot():
        _kept[:] = [objects]

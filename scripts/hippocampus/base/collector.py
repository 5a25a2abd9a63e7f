"""Python's cycle collector, paused for a whole-store batch job.

A job that holds every memory (decay at 100,000: ~300,000 dicts and lists
parsed from index.json) made the collector walk that heap again and again as
the job allocated its results: ~20% of decay's user time (0.6 of 3.2 s,
measured with the collector off for the whole process). Parsed JSON and the
rows built from it hold no reference cycles, so nothing is left uncollected
for long: what cycles the job makes are collected when it ends.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused():
    """The cycle collector off for the block (as it was after; nested blocks keep it off)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()

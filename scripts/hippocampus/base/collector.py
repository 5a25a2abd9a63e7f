"""Python's cycle collector, paused for a whole-store batch job (decay, the sleep).

A job that holds every memory (decay at 100,000: ~300,000 dicts and lists
parsed from index.json) made the collector walk that heap again and again as
the job allocated its results: ~20% of decay's user time (0.6 of 3.2 s,
measured with the collector off for the whole process), and of the first
sleep's at 100,000 episodes (18.8-24.4 s of user time with it, 16.5-17.0
without; the same report, the same peak). Parsed JSON and the
rows built from it hold no reference cycles, so nothing is left uncollected
for long: what cycles the job makes are collected when it ends. In a one-shot
script (base/exiting.py) what the job made is frozen when it ends instead:
the first collection after the block walked all of it again (decay at
100,000: ~0.13 s), and the process ends soon after without freeing it.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager

from . import exiting


@contextmanager
def paused():
    """The cycle collector off for the block (as it was after; nested blocks keep it off)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if exiting.is_one_shot():  # what the job made is never walked again: the first collection after
                gc.freeze()            # it walked it all (decay at 100,000: ~0.13 s); still freed by reference
            gc.enable()                # counts (a resident process collects it, what cycles it made included)

#!/usr/bin/env python3
"""Concurrency and crash scenarios at scale; prints the tally.

    python3 bench/stress.py                        # 8 writers x 250 writes, 100 kills
    python3 bench/stress.py --writes 25 --kills 20 # a quicker run

Writers: remember x3, bulk remember (5 a call), decay, reinforce, forget, and
hand edits followed by a remember; two readers loop over recall and parse
index.json the whole time. Kills: SIGKILL at a random moment of a bulk
import, a decay or a reinforce, then a check that index.json is whole (old
or new), that no commit was lost, and that the next writer and doctor.py
succeed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "reliability"), str(ROOT / "scripts")]

from conftest import Workspace  # noqa: E402
from test_concurrency import run_storm  # noqa: E402
from test_crash import kill_trials  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--writes", type=int, default=250, help="writes per writer (8 writers)")
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--bulk", type=int, default=2000, help="memories in each killed bulk import")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace(Path(tmp) / "storm")
        ws.run("init.py")
        started = time.perf_counter()
        storm = run_storm(ws, per_writer=args.writes, reader_seconds=30)
        contents = [m["content"] for m in ws.index()["memories"]]
        expected = landed = 0
        for seed, kind in enumerate(storm["kinds"]):
            prefix, per_call = {"remember": (f"writer {seed} fact ", 1), "bulk": (f"bulk {seed}-", 5),
                                "hand": (f"after hand edit {seed} ", 1)}.get(kind, (None, 0))
            if prefix:
                expected += args.writes * per_call
                landed += sum(1 for c in contents if c.startswith(prefix))
        calls = args.writes * 8
        print(f"concurrency: 8 writers x {args.writes} calls ({calls} calls, {expected} memories written) "
              f"+ 2 readers, {time.perf_counter() - started:.0f} s")
        print(f"  memories attempted {expected}, landed {landed}, lost {expected - landed}; "
              f"failed calls {sum(storm['failures'])}; reads {storm['reads']}, failed reads {storm['bad']}; "
              f"commits {len(ws.commits())}; doctor healthy: {ws.json('doctor.py', expect=None)['healthy']}")
        crash = Workspace(Path(tmp) / "crash")
        crash.run("init.py")
        started = time.perf_counter()
        tally = kill_trials(crash, trials=args.kills, bulk=args.bulk)
        print(f"crashes: {tally['kills']} kills, corrupt states {tally['corrupt']}, recovered "
              f"{tally['recovered']}, lost commits {tally['lost_commits']}, {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

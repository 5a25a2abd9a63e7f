#!/usr/bin/env python3
"""Concurrency and crash scenarios at scale; prints the tally.

    python3 bench/stress.py                        # 8 writers x 250 writes, 100 kills
    python3 bench/stress.py --writes 25 --kills 20 # a quicker run

Writers: remember x3, bulk remember (5 a call), decay, reinforce, forget, and
hand edits followed by a remember; two readers loop over recall and parse
index.json the whole time. Kills: SIGKILL at a random moment of a bulk
import, a decay or a reinforce, then a check that index.json is whole (old
or new), that no commit was lost, and that the next writer and doctor.py
succeed. Hand: a person appends a numbered line every 50 ms to the day's
log while `--hand-writes` episodic remembers run, and to MEMORY.md while
as many remember + sync_core pairs run; a line in neither the file, the
index nor git is lost (tests/hand_race.py).

With `--store DIR` every scenario starts from its own copy of that workspace (a
store `bench/speed.py` built, say 100,000 memories) instead of an empty one, and
the kills land anywhere within the time one killed bulk import takes there:

    python3 bench/stress.py --store STORE --writes 100
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "reliability"), str(ROOT / "scripts")]

from conftest import Workspace  # noqa: E402
from hand_race import race  # noqa: E402
from test_concurrency import run_storm  # noqa: E402
from test_crash import _bulk_lines, kill_trials  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--writes", type=int, default=250, help="writes per writer (8 writers)")
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--bulk", type=int, default=2000, help="memories in each killed bulk import")
    p.add_argument("--decay-size", type=int, default=100000, help="store size for the killed-decay scenario")
    p.add_argument("--decay-kills", type=int, default=10)
    p.add_argument("--hand-writes", type=int, default=100, help="writer calls in each hand-append race")
    p.add_argument("--only", choices=("storm", "kills", "decay", "hand"), help="run one scenario")
    p.add_argument("--store", type=Path, help="start every scenario from a copy of this workspace")
    args = p.parse_args()
    if args.store and not (args.store / "memory" / "index.json").is_file():
        p.error(f"--store {args.store}: no memory/index.json there")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:  # a background git repack may still run
        if args.store:
            count = len(json.loads((args.store / "memory" / "index.json").read_bytes())["memories"])
            print(f"every scenario on a copy of {args.store} ({count:,} memories)")
        if args.only in (None, "storm"):
            storm_report(workspace(Path(tmp) / "storm", args.store), args)
        if args.only in (None, "kills"):
            crash = workspace(Path(tmp) / "crash", args.store)
            window = 1.2
            if args.store:  # a call there takes longer: the kills land anywhere within a whole bulk import
                crash.run("remember.py", "--jsonl", "-", input=_bulk_lines("warm", args.bulk))  # (a copy's first writer)
                started = time.perf_counter()
                crash.run("remember.py", "--jsonl", "-", input=_bulk_lines("timed", args.bulk))
                window = time.perf_counter() - started
            started = time.perf_counter()
            tally = kill_trials(crash, trials=args.kills, bulk=args.bulk, window=window)
            print(f"crashes: {tally['kills']} kills within {window:.1f} s of a start, corrupt states "
                  f"{tally['corrupt']}, recovered {tally['recovered']}, lost commits {tally['lost_commits']}, "
                  f"{time.perf_counter() - started:.0f} s")
        if args.only in (None, "hand"):
            for target in ("episodes", "memory_md"):
                root = Path(tmp) / f"hand-{target}"
                if args.store:
                    workspace(root, args.store)
                tally = race(root, args.hand_writes, target)
                print(f"hand appends every 50 ms to {target} during {args.hand_writes} writer calls: "
                      f"{tally['appended']} appended, lost {tally['lost']}, not taken in {tally['untaken']}, "
                      f"failed calls {tally['failed']}")
        if args.only in (None, "decay") and args.decay_kills:
            print(decay_kills(Path(tmp) / "decay", args.decay_size, args.decay_kills, args.store))


def workspace(root: Path, store: Path | None) -> Workspace:
    """A copy of `store` (its links kept as links), or a new workspace."""
    ws = Workspace(root)
    if store:
        shutil.copytree(store, root, symlinks=True)
    else:
        ws.run("init.py")
    return ws


def storm_report(ws: Workspace, args) -> None:
    started = time.perf_counter()
    storm = run_storm(ws, per_writer=args.writes, reader_seconds=30, timeout=6 * 3600)  # (a large store's calls: minutes)
    contents = [m["content"] for m in ws.index()["memories"]]
    expected = landed = 0
    for seed, kind in enumerate(storm["kinds"]):
        prefix, per_call = {"remember": (f"writer {seed} fact ", 1), "bulk": (f"bulk {seed}-", 5),
                            "hand": (f"after hand edit {seed} ", 1),
                            "episodic": (f"writer {seed} episode ", 1)}.get(kind, (None, 0))
        if prefix:
            expected += args.writes * per_call
            landed += sum(1 for c in contents if c.startswith(prefix))
    calls = args.writes * 8
    print(f"concurrency: 8 writers x {args.writes} calls ({calls} calls, {expected} memories written) "
          f"+ 2 readers, {time.perf_counter() - started:.0f} s")
    print(f"  memories attempted {expected}, landed {landed}, lost {expected - landed}; "
          f"failed calls {sum(storm['failures'])}; reads {storm['reads']}, failed reads {storm['bad']}; "
          f"commits {len(ws.commits())}; doctor healthy: {ws.json('doctor.py', expect=None)['healthy']}")
    said: dict[str, int] = {}
    for line in storm["errors"]:  # what a failed call said (one line each), by kind of message
        said[line.split(": ", 1)[-1][:120]] = said.get(line.split(": ", 1)[-1][:120], 0) + 1
    for text, count in sorted(said.items(), key=lambda item: -item[1])[:10]:
        print(f"  failed {count}x: {text}")


def decay_kills(root: Path, size: int, kills: int, store: Path | None = None) -> str:
    """SIGKILL decay.py at random moments on a large store (`size` memories made, or a copy of
    `store`); the index must stay whole."""
    import os
    import random
    import signal
    import subprocess
    ws = workspace(root, store)
    env = {**os.environ, "WORKSPACE": str(root)}
    if store:
        size = len(json.loads((root / "memory" / "index.json").read_bytes())["memories"])
    else:
        lines = "\n".join(json.dumps({"content": f"memory {i} about the garden and the river", "domain": "world",
                                      "created": "2026-01-01T00:00:00Z"}) for i in range(size))
        subprocess.run([sys.executable, str(ROOT / "scripts" / "remember.py"), "--jsonl", "-"], env=env,
                       input=lines.encode(), capture_output=True, check=True)
    year = 2027 if store else 2026  # (a store's memories may be of any day up to today)
    started = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "decay.py")], env={**env, "HIPPOCAMPUS_NOW": f"{year}-02-01"},
                   capture_output=True, check=True)
    full = time.perf_counter() - started
    rng = random.Random(11)
    corrupt = recovered = 0
    for trial in range(kills):
        proc = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "decay.py")],
                                env={**env, "HIPPOCAMPUS_NOW": f"{year}-03-{1 + trial:02d}"},
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, full))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        try:
            count = len(json.loads((root / "memory" / "index.json").read_text())["memories"])
            corrupt += count != size + trial  # each trial adds one memory after its kill
        except ValueError:
            corrupt += 1
            continue
        ws.run("remember.py", f"after decay kill {trial}", "--domain", "world")
        recovered += bool(ws.json("doctor.py", expect=None)["healthy"])
    return (f"decay kills on {size:,} memories (one full decay: {full:.1f} s): {kills} kills, "
            f"corrupt states {corrupt}, recovered {recovered}")


if __name__ == "__main__":
    main()

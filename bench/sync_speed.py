#!/usr/bin/env python3
"""The time of a sync of a large store (issue #27): two workspaces joined through a
bare remote, N memories, then C changes on each side (a third new memories, a
third reinforced, a third forgotten), then sync.py on A (a push), on B (fetch,
merge with our drivers, settle, push: the figure), on A (a fast-forward).

    python3 bench/sync_speed.py                  # 10,000 memories, 100 changes a side
    python3 bench/sync_speed.py --memories 2000 --changes 20
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "scripts")]

from conftest import Workspace  # noqa: E402


class Machine(Workspace):
    """A workspace whose scripts may run for as long as a large store needs (no test timeout)."""

    def run(self, script, *args, now=None, input=None, env=None, expect=0, flags=("-S",)):
        import os
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
        full_env.update(WORKSPACE=str(self.root), **({"HIPPOCAMPUS_NOW": now} if now else {}), **(env or {}))
        result = subprocess.run([sys.executable, *flags, str(ROOT / "scripts" / script), *args],
                                input=input.encode() if isinstance(input, str) else input,
                                capture_output=True, env=full_env)
        result.out, result.err = result.stdout.decode(), result.stderr.decode()
        assert result.returncode == expect, (script, result.returncode, result.err)
        return result

T0, T1, T2 = "2026-03-11T09:00:00Z", "2026-03-11T10:00:00Z", "2026-03-11T11:00:00Z"
DOMAINS = ("user", "world", "self", "relationship")


def bulk(ws: Workspace, texts: list[str], now: str) -> list[str]:
    lines = "".join(json.dumps({"content": t, "domain": DOMAINS[i % 4]}) + "\n" for i, t in enumerate(texts))
    return json.loads(ws.run("remember.py", "--jsonl", "-", "--json", input=lines, now=now).out)["ids"]


def timed(ws: Workspace, *args: str, now: str) -> tuple[float, dict]:
    started = time.perf_counter()
    result = ws.run("sync.py", "--json", *args, now=now)
    return time.perf_counter() - started, json.loads(result.out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--memories", type=int, default=10_000)
    p.add_argument("--changes", type=int, default=100, help="changes on each side")
    args = p.parse_args()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        tmp = Path(tmp)
        remote = tmp / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        a, b = Machine(tmp / "a"), Machine(tmp / "b")
        a.run("init.py", "--remote", str(remote), now=T0)
        started = time.perf_counter()
        ids = bulk(a, [f"Fact number {n} about project {n % 97} in room {n % 13}" for n in range(args.memories)], T0)
        print(f"setup: {len(ids)} memories remembered in {time.perf_counter() - started:.1f} s")
        seconds, _ = timed(a, now=T0)
        print(f"first push of A: {seconds:.2f} s")
        started = time.perf_counter()
        b.run("init.py", "--remote", str(remote), now=T0)
        print(f"B joins (clone, checkout, caches): {time.perf_counter() - started:.2f} s")
        third = args.changes // 3
        for side, ws, offset in (("a", a, 0), ("b", b, 1)):
            bulk(ws, [f"New on {side}: item {n} of the sync bench" for n in range(args.changes - 2 * third)], T1)
            ws.run("reinforce.py", *ids[offset::7][:third], now=T1)
            ws.run("forget.py", *ids[offset + 3::11][:third], now=T1)
        seconds, _ = timed(a, now=T2)
        print(f"sync A (nothing came in; push): {seconds:.2f} s")
        seconds, merged = timed(b, now=T2)
        print(f"sync B ({args.memories:,} memories, {args.changes} changes on each side: fetch, merge, settle, "
              f"push): {seconds:.2f} s; in {merged['in']}, out {merged['out']}")
        seconds, _ = timed(a, now=T2)
        print(f"sync A (a fast-forward): {seconds:.2f} s")
        assert a.index()["memories"] == b.index()["memories"]


if __name__ == "__main__":
    main()

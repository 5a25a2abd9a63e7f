#!/usr/bin/env python3
"""This checkout against an earlier commit, on the same memories, in turns.

A shared machine's speed drifts by tens of percent within minutes, so a
figure from another day says little about a change. This builds one store,
copies it for each side, and times whole-process `remember`, `recall`,
`load_core` and `decay` for the two code trees alternately, call by call;
medians are printed side by side with their ratio. First, once for each side,
a fresh `git clone` of the store has its first recall timed (its search cache
built from nothing; `--clones N`: N clones a side, in turns).

    python3 bench/ab.py --ref 4210ed6 --size 10000 --store episodic --runs 15

`--audit-lines N` first gives the store the audit log of a long-used
workspace: N lines (~150 bytes each) over the eleven months before the
timed calls, committed. `--core-files` first writes HIPPOCAMPUS_CORE.md and
MEMORY.md's core section (`sync_core.py`), as an installed workspace has them;
`--text` is what each timed `remember` stores ({i}: the call's number), e.g.
"Remember that comparison note {i} is about the hiking trip" (0.9: into core,
so each call renders the core files again).

`--workspace DIR` times a store built before (copied for each side; its
size is what it holds) instead of building one; `--only` names the calls to
time (e.g. `load_core,recall`: a 100,000-memory store's decay and fresh
clone take minutes a side). "interpreter alone" (`python3 -S -c pass`) is
timed in the same turns, for the floor.

    python3 bench/ab.py --ref 68e0f1a --workspace /tmp/d100k --only load_core,recall --runs 11

`--only sleep` times the first weekly sleep (`consolidate.py`), `--sleeps N`
a side in turns, each on a fresh copy of the store whose cache a first
recall built and whose repacks are over. `--only reinforce` and `forget`
reinforce, then forget, the memory each turn's remember stored, each call
after the store's background repacks have ended (at 100,000 memories every
write stores ~70 MB loose, and a repack runs every few writes):

    python3 bench/ab.py --ref d422f7d --workspace /tmp/d100k --only remember,reinforce,forget --runs 9

`--only sync` times two machines' day: each side's copy gets a bare remote and a
second machine joined through it (this checkout's code); each turn the other
machine remembers two memories, reinforces one, forgets one and syncs, this
side remembers one (not timed), then its `sync.py` (a merge) and the recall
after it are timed (`--syncs N` turns a side):

    python3 bench/ab.py --ref 887fb62 --workspace /tmp/d100k --only sync --syncs 5

Every call's peak memory (its maximum resident size) is printed too, medians beside the times.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import ROOT, build, corpus, settle  # noqa: E402


WHAT = ("remember", "reinforce", "forget", "recall", "load_core", "decay", "a fresh clone's first recall",
        "the first sleep", "a sync that merges", "its next recall")
ONLY = {"remember": "remember", "reinforce": "reinforce", "forget": "forget", "recall": "recall",
        "load_core": "load_core", "decay": "decay", "clone": "a fresh clone's first recall", "sleep": "the first sleep",
        "sync": "a sync that merges"}
BARE = "interpreter alone"


def copy_store(source: Path, target: Path) -> None:
    """A copy of a store, links as links: `cp -a` where there is one (copytree spent over two minutes
    of CPU on the ~100,000 files of the semantic store)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(target, ignore_errors=True)
    if target.exists():  # (cp -a would copy into it: a stale tree timed)
        raise SystemExit(f"ab.py: cannot clear {target} for a fresh copy")
    if shutil.which("cp") and subprocess.run(["cp", "-a", "--", str(source), str(target)]).returncode == 0:
        return
    shutil.rmtree(target, ignore_errors=True)  # (a cp -a that failed half-way)
    shutil.copytree(source, target, symlinks=True)


def clean_env() -> dict:
    return {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}


PEAKS: dict[tuple[str, str], list[int]] = {}  # (code, what) -> each timed call's peak resident size, KB
LAST_OUT: list[bytes] = [b""]  # the last timed call's stdout


def timed(code: Path, workspace: Path, args: list[str], now: str, what: str | None = None) -> float:
    """A whole call's wall time; its peak resident size goes to PEAKS (under `what`), its output to LAST_OUT."""
    env = {**clean_env(), "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": now}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, str(code / "scripts" / args[0]), *args[1:]], env=env,
                                 stdout=out, stderr=err)
        _pid, status, usage = os.wait4(child.pid, 0)  # (this call's own peak, not its children's)
        elapsed = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        LAST_OUT[0] = out.read()
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{code.name}: {args[0]} failed: {err.read().decode()[-300:]}")
    if what:
        PEAKS.setdefault((str(code), what), []).append(usage.ru_maxrss)
    return elapsed


def time_syncs(sides: dict, workspaces: dict, base: Path, turns: int, times: dict) -> None:
    """--only sync: each side's workspace and a second machine (this checkout's code) share a bare
    remote; each turn the other machine writes and syncs, then this side writes, syncs (timed: a
    merge) and recalls (timed: the cache the sync left)."""
    others = {}
    for name in sides:
        remote = base / name / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        subprocess.run(["git", "remote", "add", "origin", str(remote)], cwd=workspaces[name], check=True)
        timed(sides[name], workspaces[name], ["sync.py"], "2026-12-01T00:00:00Z")  # (the push of it all)
        others[name] = base / name / "other"
        timed(ROOT, others[name], ["init.py", "--workspace", str(others[name]), "--remote", str(remote)],
              "2026-12-01T00:00:00Z")
        timed(ROOT, others[name], ["recall.py", "warm up"], "2026-12-01T00:00:00Z")
    for turn in range(turns):
        now = f"2026-12-01T{1 + turn:02d}:00:00Z"
        for name in (list(sides) if turn % 2 == 0 else list(sides)[::-1]):
            other, here = others[name], workspaces[name]
            timed(ROOT, other, ["sync.py"], now)  # (what this side merged last turn)
            timed(ROOT, other, ["remember.py", "--json", f"The ferry to Porto leaves at {turn} on Sundays"], now)
            first = json.loads(LAST_OUT[0])["id"]
            timed(ROOT, other, ["remember.py", f"Lin started violin lessons, week {turn}"], now)
            timed(ROOT, other, ["reinforce.py", first], now)
            timed(ROOT, other, ["forget.py", first], now)
            timed(ROOT, other, ["sync.py"], now)
            settle(other)
            timed(sides[name], here, ["remember.py", f"Comparison memory {turn} about the hiking trip"], now)
            settle(here)
            times[name]["a sync that merges"].append(timed(sides[name], here, ["sync.py"], now,
                                                           "a sync that merges"))
            times[name]["its next recall"].append(timed(sides[name], here, ["recall.py", "--json", "violin lessons"],
                                                        now, "its next recall"))
            settle(here)


def age_audit_log(workspace: Path, count: int) -> None:
    """Put `count` lines of past changes (January to November) before the audit log's own, committed."""
    log = workspace / "hippocampus" / "meta" / "audit.log"
    past = "".join(f"2026-{1 + n * 11 // count:02d}-{1 + n % 28:02d}T12:00:00Z | bot:remember | remember | "
                   f"mem_{n:012x} | User mentioned something worth keeping, number {n} of a long year\n"
                   for n in range(count))
    log.write_text(past + log.read_text(encoding="utf-8"), encoding="utf-8")
    for args in (["add", "hippocampus/meta/audit.log"], ["commit", "-q", "-m", "a long-used workspace's audit log"]):
        subprocess.run(["git", *args], cwd=workspace, check=True, capture_output=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref", required=True, help="the earlier commit to compare with")
    p.add_argument("--size", type=int, default=10000)
    p.add_argument("--store", default="episodic", choices=("semantic", "episodic"))
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--audit-lines", type=int, default=0, help="give the store a long audit log first")
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--core-files", action="store_true", help="give the store HIPPOCAMPUS_CORE.md and MEMORY.md first")
    p.add_argument("--text", default="Comparison memory {i} about the hiking trip",
                   help="what each timed remember stores ({i}: its number)")
    p.add_argument("--days", type=int, default=3, help="days of decay a side, in turns (the first: a copy's first writer)")
    p.add_argument("--clones", type=int, default=1, help="fresh clones whose first recall is timed, a side, in turns")
    p.add_argument("--workspace", type=Path, help="a store built before, copied for each side (not built)")
    p.add_argument("--sleeps", type=int, default=3, help="first sleeps (consolidate.py) a side, each on a fresh "
                   "copy of the store, in turns (with --only sleep)")
    p.add_argument("--syncs", type=int, default=5, help="syncs that merge a side, in turns (with --only sync)")
    p.add_argument("--only", default=",".join(name for name in ONLY if name not in ("sleep", "sync")),
                   help="the calls to time, of " + ", ".join(ONLY) + " (all but sleep and sync unless named)")
    args = p.parse_args()
    unknown = [name for name in args.only.split(",") if name not in ONLY]
    if unknown:
        p.error(f"--only: no call {unknown[0]!r} (calls: {', '.join(ONLY)})")
    if args.workspace and (args.audit_lines or args.core_files):
        p.error("--workspace times the store as it is: no --audit-lines or --core-files")
    wanted = [ONLY[name] for name in args.only.split(",")]
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        base = Path(tmp)
        before = base / "code-before"  # (not where the workspaces go: removing it would walk them)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(before), args.ref],
                       check=True)
        try:
            sides = {"before": before, "now": ROOT}
            for code in sides.values():
                subprocess.run([sys.executable, "-m", "compileall", "-q", "-f", str(code / "scripts" / "hippocampus")],
                               check=True, capture_output=True)
            built = base / "built" / "workspace"
            env = {**clean_env(), "WORKSPACE": str(built), "HIPPOCAMPUS_NOW": "2026-12-01T00:00:00Z"}
            if args.workspace:
                built = args.workspace.resolve()
                env["WORKSPACE"] = str(built)
                with open(built / "memory" / "index.json", "rb") as index:  # (one memory a line)
                    args.size = sum(line.lstrip().startswith(b'{"id": "') for line in index)
            else:
                build(built, args.size, corpus(Path(args.data)), env, args.store)
            if args.audit_lines:
                age_audit_log(built, args.audit_lines)
            if args.core_files:
                (built / "MEMORY.md").write_text("# MEMORY.md\n")
                subprocess.run([sys.executable, str(ROOT / "scripts" / "sync_core.py")], env=env, check=True,
                               capture_output=True)
            settle(built)
            workspaces = {}
            for name in sides:
                workspaces[name] = base / name / "workspace"
                copy_store(built, workspaces[name])
            times: dict[str, dict[str, list[float]]] = {name: {what: [] for what in (*WHAT, BARE)}
                                                        for name in sides}
            now = "2026-12-01T00:00:00Z"
            for turn in range(args.clones if "a fresh clone's first recall" in wanted else 0):
                for name in (list(sides) if turn % 2 == 0 else list(sides)[::-1]):  # a fresh clone's first
                    clone = base / name / "clone"  # recall builds its cache from nothing
                    subprocess.run(["git", "clone", "-q", "--", str(built), str(clone)], check=True,
                                   capture_output=True)
                    times[name]["a fresh clone's first recall"].append(timed(sides[name], clone,
                                                                             ["recall.py", "warm up"], now,
                                                                             "a fresh clone's first recall"))
                    shutil.rmtree(clone, ignore_errors=True)
            for name, code in sides.items():  # the first recall of a copy builds its derived cache
                timed(code, workspaces[name], ["recall.py", "warm up"], now)
            for name, code in sides.items():  # and load_core its first look, which later ones may trust
                timed(code, workspaces[name], ["load_core.py"], now)
            for i in range(args.runs):
                for name, code in sides.items():
                    started = time.perf_counter()
                    subprocess.run([sys.executable, "-S", "-c", "pass"], check=True)
                    times[name][BARE].append(time.perf_counter() - started)
                    writes = {"reinforce", "forget"} & set(wanted)
                    if "remember" in wanted or writes:
                        if writes:
                            settle(workspaces[name])
                        took = timed(code, workspaces[name], [
                            "remember.py", args.text.replace("{i}", str(i)), *(["--json"] if writes else [])], now,
                            "remember")
                        if "remember" in wanted:
                            times[name]["remember"].append(took)
                        stored = json.loads(LAST_OUT[0])["id"] if writes else None
                        for write in ("reinforce", "forget"):
                            if write in wanted:
                                settle(workspaces[name])
                                times[name][write].append(timed(code, workspaces[name], [
                                    f"{write}.py", stored], now, write))
                    if "recall" in wanted:
                        times[name]["recall"].append(timed(code, workspaces[name], [
                            "recall.py", "--json", "hiking with the kids"], now, "recall"))
                    if "load_core" in wanted:
                        times[name]["load_core"].append(timed(code, workspaces[name], ["load_core.py"], now,
                                                              "load_core"))
            for turn in range(args.sleeps if "the first sleep" in wanted else 0):
                for name in (list(sides) if turn % 2 == 0 else list(sides)[::-1]):  # each on a fresh copy,
                    sleeper = base / name / "sleep"  # its cache built by a first recall, its repacks settled
                    copy_store(built, sleeper)
                    timed(sides[name], sleeper, ["recall.py", "warm up"], now)
                    settle(sleeper)
                    times[name]["the first sleep"].append(timed(sides[name], sleeper, ["consolidate.py"], now,
                                                                "the first sleep"))
                    shutil.rmtree(sleeper, ignore_errors=True)
            if "a sync that merges" in wanted:
                time_syncs(sides, workspaces, base, args.syncs, times)
            for day in range(args.days if "decay" in wanted else 0):
                for name, code in (sides.items() if day % 2 == 0 else reversed(sides.items())):
                    for workspace in workspaces.values():  # a decay's background repack (~1 GB at 100,000)
                        settle(workspace)                   # is over before the next decay is timed
                    times[name]["decay"].append(timed(code, workspaces[name], ["decay.py"],
                                                      f"{date(2026, 12, 2) + timedelta(days=day)}T03:00:00Z",
                                                      "decay"))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)],
                           capture_output=True)
    aged = f", an audit log of {args.audit_lines:,} earlier lines" if args.audit_lines else ""
    aged += ", with the core files" if args.core_files else ""
    what_store = f"a copy of {args.workspace}" if args.workspace else args.store
    counts = [f"{args.runs} calls each"] if {"remember", "reinforce", "forget", "recall", "load_core"} & set(wanted) \
        else []
    counts += [f"{args.days} days of decay"] if "decay" in wanted else []
    counts += [f"{args.clones} fresh clones"] if "a fresh clone's first recall" in wanted else []
    counts += [f"{args.sleeps} first sleeps"] if "the first sleep" in wanted else []
    counts += [f"{args.syncs} syncs"] if "a sync that merges" in wanted else []
    print(f"{args.size:,} memories ({what_store}){aged}, {', '.join(counts)} a side, in turns; medians")
    if "remember" in wanted:
        print(f"remember stores: {args.text!r}")
    print(f"| | {args.ref} | now | now / {args.ref} |")
    print("|---|---|---|---|")
    if "a sync that merges" in wanted:
        wanted.append("its next recall")
    for what in (BARE, *(what for what in WHAT if what in wanted)):
        old, new = (statistics.median(times[side][what]) * 1000 for side in ("before", "now"))
        print(f"| {what} | {old:.0f} ms | {new:.0f} ms | {new / old:.2f}x |")
    print("\npeak memory of each call (maximum resident size), medians (largest)")
    print(f"| | {args.ref} | now |")
    print("|---|---|---|")
    for what in (what for what in WHAT if what in wanted):
        cells = []
        for code in (str(before), str(ROOT)):
            peaks = PEAKS.get((code, what)) or [0]
            cells.append(f"{statistics.median(peaks) / 1024:,.0f} ({max(peaks) / 1024:,.0f}) MB")
        print(f"| {what} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()

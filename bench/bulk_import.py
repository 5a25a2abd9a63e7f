#!/usr/bin/env python3
"""Bulk import: LongMemEval-S's turns through `remember.py --jsonl`, as one person's history.

The turns are LongMemEval-S's haystack sessions (one JSON file per question, the
`hussainzs/Memoria` layout: `evaluations/data/lme_jsons/*.json`; each session
taken once, by its id, in date order), one memory per turn, dated by its
session. Where fewer turns are present than asked for, the rest are made from
them (the same turns again with a number of their own: a different memory,
as a person's years repeat themselves). Each size is one fresh workspace and
one call (`python3 -S scripts/remember.py --jsonl FILE`), timed whole; peak
memory is the call's maximum resident size, CPU its user and system time, its reader processes
included (`RUSAGE_CHILDREN`: on a loaded machine the wall time says more of the load). `--ref COMMIT`
runs the same import with that commit's code (a git worktree), in turns.

    python3 bench/bulk_import.py --lme DIR --sizes 2500,10000
    python3 bench/bulk_import.py --lme DIR --sizes 20000 --ref 904d626
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOW = "2026-03-11T15:00:00Z"


def lme_turns(folder: Path) -> list[dict]:
    """Every haystack session once, in date order, as memories (content, created)."""
    sessions = {}
    for name in sorted(glob.glob(str(folder / "*.json"))):
        try:
            data = json.loads(Path(name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # (a file that did not arrive whole: a pointer, a part)
        for sid, date, turns in zip(data.get("haystack_session_ids", ()), data.get("haystack_dates", ()),
                                    data.get("haystack_sessions", ())):
            sessions.setdefault(sid, (date, turns))
    out = []
    for sid, (date, turns) in sorted(sessions.items(), key=lambda item: (item[1][0], item[0])):
        day = date[:10].replace("/", "-")
        clock = date[-5:] if len(date) >= 5 and date[-3] == ":" else "12:00"
        for n, turn in enumerate(turns):
            text = (turn.get("content") or "").strip()
            if text:
                out.append({"content": text[:4000], "created": f"{day}T{clock}:{n % 60:02d}Z",
                            "episode": sid, "store": "episodic",
                            "source": f"lme:{sid}#{n}"})
    return out


def records(turns: list[dict], size: int) -> list[dict]:
    chosen = turns[:size]
    round_ = 1
    while len(chosen) < size:
        for turn in turns[: size - len(chosen)]:
            chosen.append({**turn, "content": f"{turn['content']} (again, {round_})",
                           "source": f"{turn['source']}/{round_}"})
        round_ += 1
    return chosen


def run(code: Path, workspace: Path, jsonl: Path) -> tuple[float, float, int, str]:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")},
           "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": NOW, "GIT_AUTHOR_NAME": "bench",
           "GIT_AUTHOR_EMAIL": "bench@localhost", "GIT_COMMITTER_NAME": "bench",
           "GIT_COMMITTER_EMAIL": "bench@localhost"}
    subprocess.run([sys.executable, "-S", str(code / "scripts" / "init.py"), "--workspace", str(workspace)],
                   env=env, check=True, capture_output=True)
    out_path, err_path = workspace.parent / "out.txt", workspace.parent / "err.txt"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        started = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-S", str(code / "scripts" / "remember.py"), "--jsonl",
                                  str(jsonl), "--json"], env=env, stdout=out, stderr=err)
        _pid, status, usage = os.wait4(child.pid, 0)  # this call's own peak resident size
        seconds = time.perf_counter() - started
    peak, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    done = subprocess.CompletedProcess(child.args, os.waitstatus_to_exitcode(status), out_path.read_text(),
                                       err_path.read_text())
    if done.returncode:
        return seconds, cpu, peak, "exit %d: %s" % (done.returncode, done.stderr.strip()[-300:])
    result = json.loads(done.stdout)
    return seconds, cpu, peak, f"{result['added']:,} added, {result['reinforced']:,} reinforced"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--lme", required=True, help="folder of LongMemEval-S question files (lme_jsons)")
    p.add_argument("--sizes", default="2500,10000")
    p.add_argument("--ref", help="also run this commit's code, in turns")
    args = p.parse_args()
    turns = lme_turns(Path(args.lme))
    print(f"{len(turns):,} LongMemEval-S turns present")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        sides = {"now": ROOT}
        if args.ref:
            sides[args.ref] = base / "ref"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base / "ref"), args.ref],
                           check=True)
        try:
            print("| memories | code | seconds | memories / s | CPU s | peak MB | result |")
            print("|---|---|---|---|---|---|---|")
            for size in [int(s) for s in args.sizes.split(",")]:
                jsonl = base / f"{size}.jsonl"
                jsonl.write_text("".join(json.dumps(r) + "\n" for r in records(turns, size)))
                for name, code in sides.items():
                    seconds, cpu, peak, said = run(code, base / f"ws-{name}-{size}", jsonl)
                    print(f"| {size:,} | {name} | {seconds:.1f} | {size / seconds:,.0f} | {cpu:.1f} | {peak / 1024:,.0f} "
                          f"| {said} |",
                          flush=True)
        finally:
            if args.ref:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base / "ref")],
                               capture_output=True)


if __name__ == "__main__":
    main()

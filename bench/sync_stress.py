#!/usr/bin/env python3
"""Two machines, one remote, everything at once; prints the tally.

    python3 bench/sync_stress.py                  # 60 s of work, 2 writers and a syncer a machine
    python3 bench/sync_stress.py --seconds 20     # a quicker run

Two workspaces (A and B) joined through a bare repository on this machine.
For a bounded time, on each machine at once: writers remember (each memory
carries a word of its own), and reinforce, forget, purge (forget --purge:
its words recorded as purged) and edit by hand (below) the live memories
either machine made, as this machine has them now; a syncer runs sync.py
every second or two. Then the machines sync in turn until both are at one
commit, and the tally is taken:

- lost: a memory a writer was told was remembered (exit 0, an id) that is
  in neither machine's index, or a hand edit's word (its memory's last edit
  on that machine, never purged anywhere: not named by a purge, nor marked
  purged in either index at the end) that no memory's text holds;
- resurrected: a purged memory that is not purged on a machine, or a live
  memory whose text holds a purged word;
- purged words anywhere: a purged word in any file of either working tree
  (.git aside; the search cache's bytes and the dashboard included) or of
  the remote's current tree.

A hand edit appends a word, or (3 in 10) rewrites the text at length,
keeping the words of ours it held and adding its own.

A purged word is the word of a remember or of a hand edit made on a memory
that was purged (a purge names every memory it took: the memory and the
other machine's text of it, kept when both machines edited it; a text
made on the other machine after the purge, a merge's second text of the
purged memory, is purged there at the next merge, named by no purge call:
the indexes at the end say so). Its text
may live on in a memory that was not purged (that other machine's text,
when it was the one purged), so a word is counted only by its owner. A hand
edit whose word a purged memory held when it was purged is not lost.
- corrupt: doctor.py not healthy, a conflict marker, or the two indexes
  not equal.

Every call's failures are counted by exit code (3 is a refused or busy
write: the lock, a person's file changed meanwhile).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OURS = re.compile(r"\b(?:Rem|Edit)[a-z]+\b")  # a remember's or a hand edit's own word
SCRIPTS = ROOT / "scripts"


class Machine:
    def __init__(self, name: str, root: Path, remote: Path):
        self.name, self.root, self.remote = name, root, remote
        self.lock = threading.Lock()
        self.remembered: dict[str, str] = {}     # id -> its own word
        self.purged: dict[str, list[str]] = {}  # id -> every word it held here
        self.last_edit: dict[str, str] = {}      # id -> the word of its last hand edit here
        self.edits: dict[str, list[str]] = {}    # id -> the words of every hand edit made on it here
        self.calls: dict[str, int] = {}
        self.failures: dict[str, int] = {}

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
        env["WORKSPACE"] = str(self.root)
        result = subprocess.run([sys.executable, "-S", str(SCRIPTS / args[0]), *args[1:]], capture_output=True,
                                text=True, env=env, timeout=timeout)
        with self.lock:
            self.calls[args[0]] = self.calls.get(args[0], 0) + 1
            if result.returncode != 0:
                key = f"{args[0]} exit {result.returncode}"
                self.failures[key] = self.failures.get(key, 0) + 1
                if result.returncode not in (0,) and self.failures[key] <= 3:
                    print(f"{self.name}: {args[0]}: exit {result.returncode}: {result.stderr.strip()[:300]}",
                          file=sys.stderr)
        return result

    def index(self) -> dict:
        return json.loads((self.root / "memory" / "index.json").read_text(encoding="utf-8"))


def word(rng: random.Random, kind: str) -> str:
    return kind + "".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(4))


def writer(machine: Machine, seed: int, until: float, all_purged: dict) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        roll = rng.random()
        own = _live(machine)  # either machine's memories, as this one has them now
        if roll < 0.45 or len(own) < 4:
            marker = word(rng, "Rem")
            result = machine.run("remember.py", f"{machine.name} notes that {marker} is the word of the day",
                                 "--domain", rng.choice(("user", "world", "relationship")), "--json")
            if result.returncode == 0:
                with machine.lock:
                    machine.remembered[json.loads(result.stdout)["id"]] = marker
        elif roll < 0.6:
            machine.run("reinforce.py", rng.choice(own))
        elif roll < 0.7:
            machine.run("forget.py", rng.choice(own))
        elif roll < 0.8:
            target = rng.choice(own)
            before = _words_by_id(machine)
            result = machine.run("forget.py", target, "--purge", "--json")
            if result.returncode == 0:
                for memory_id in [r["id"] for r in json.loads(result.stdout)["forgotten"]]:  # and its second text
                    words = before.get(memory_id, [])
                    with machine.lock:
                        machine.purged[memory_id] = words
                    all_purged[memory_id] = words
        else:
            _hand_edit(machine, rng, rng.choice(own))


def _live(machine: Machine) -> list[str]:
    """The live memories of this machine's index that a writer made (either machine's)."""
    try:
        return [m["id"] for m in machine.index()["memories"]
                if m.get("status") != "archived" and "word of the day" in m.get("content", "")]
    except (OSError, ValueError):
        return []


def _words_by_id(machine: Machine) -> dict[str, list[str]]:
    """{id: every word of ours the memory holds on this machine (its own, its hand edits')}."""
    try:
        return {m["id"]: sorted(set(OURS.findall(m.get("content", ""))))
                for m in machine.index()["memories"]}
    except (OSError, ValueError):
        return {}


def _hand_edit(machine: Machine, rng: random.Random, memory_id: str) -> None:
    try:
        entry = next(m for m in machine.index()["memories"] if m["id"] == memory_id)
    except (StopIteration, OSError, ValueError):
        return
    path = machine.root / str(entry.get("file") or "")
    if not entry.get("file") or entry.get("purged") or not path.is_file():
        return
    marker = word(rng, "Edit")
    try:
        text = path.read_text(encoding="utf-8")
        if not path.exists():
            return
        if rng.random() < 0.3:  # rewritten: a body git no longer finds alike (its file's move is not a rename)
            head, _sep, body = text.partition("\n---\n")
            own = " ".join(OURS.findall(body))
            text = (f"{head}\n---\nRewritten by hand at length, so that little of the old text is left and a "
                    f"move of the file no longer looks like one: {own} {marker}, still the word of the day\n")
        else:
            text = text.rstrip("\n") + f" and {marker}\n"
        path.write_text(text, encoding="utf-8")
    except OSError:
        return
    with machine.lock:
        machine.last_edit[memory_id] = marker
        machine.edits.setdefault(memory_id, []).append(marker)


def syncer(machine: Machine, seed: int, until: float) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        machine.run("sync.py")
        time.sleep(rng.uniform(1.0, 2.0))


def holders(root: Path, words: list[str]) -> list[tuple[str, str]]:
    found = []
    lowered = [(w, w.lower().encode()) for w in words]
    for path in root.rglob("*"):
        if path.relative_to(root).parts[:1] == (".git",) or not path.is_file():
            continue
        data = path.read_bytes().lower() + str(path.relative_to(root)).lower().encode()
        found += [(str(path.relative_to(root)), w) for w, low in lowered if low in data]
    return found


def remote_holders(remote: Path, words: list[str]) -> list[tuple[str, str]]:
    listed = subprocess.run(["git", "ls-tree", "-r", "-z", "HEAD"], cwd=remote, capture_output=True, text=True)
    found = []
    for record in listed.stdout.split("\0"):
        if "\t" not in record:
            continue
        info, path = record.split("\t", 1)
        blob = subprocess.run(["git", "cat-file", "blob", info.split()[2]], cwd=remote, capture_output=True).stdout
        found += [(path, w) for w in words if w.lower().encode() in blob.lower() or w.lower() in path.lower()]
    return found


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=60, help="how long the machines work at once")
    p.add_argument("--writers", type=int, default=2, help="writers a machine")
    p.add_argument("--seed", type=int, default=42)
    p.add_argument("--keep", metavar="DIR", help="work in DIR (new or empty) and leave it there to look into")
    args = p.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        tmp = Path(args.keep or tmp)
        tmp.mkdir(parents=True, exist_ok=True)
        if any(tmp.iterdir()):
            sys.exit(f"sync_stress.py: {tmp} is not empty")
        remote = tmp / "remote.git"
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        a, b = Machine("A", tmp / "a", remote), Machine("B", tmp / "b", remote)
        a.run("init.py", "--remote", str(remote))
        a.run("remember.py", "The machines share one memory")
        a.run("sync.py")
        b.run("init.py", "--remote", str(remote))
        all_purged: dict[str, list[str]] = {}
        until = time.monotonic() + args.seconds
        threads = []
        for n, machine in enumerate((a, b)):
            for w in range(args.writers):
                threads.append(threading.Thread(target=writer, args=(machine, args.seed * 100 + n * 10 + w, until,
                                                                      all_purged)))
            threads.append(threading.Thread(target=syncer, args=(machine, args.seed * 100 + n * 10 + 9, until)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for machine in (a, b):  # the day's last hand edits, committed; derived pages built once
            machine.run("dashboard.py")
        rounds = 0
        while rounds < 6:
            for machine in (a, b):
                machine.run("sync.py")
            rounds += 1
            heads = {subprocess.run(["git", "rev-parse", "HEAD"], cwd=m.root, capture_output=True,
                                    text=True).stdout for m in (a, b)}
            if len(heads) == 1:
                break
        for machine in (a, b):
            machine.run("dashboard.py")
        print(tally(a, b, remote, all_purged, rounds, time.perf_counter() - started, args))


def tally(a: Machine, b: Machine, remote: Path, all_purged: dict, rounds: int, elapsed: float, args) -> str:
    indexes = {m.name: {x["id"]: x for x in m.index()["memories"]} for m in (a, b)}
    lost = resurrected = 0
    lost_edits = 0
    words_purged = {w for words in all_purged.values() for w in words}  # held by a purged memory when purged
    purged_at_end = {i for index in indexes.values() for i, m in index.items() if m.get("purged")}
    second_texts = 0  # purged at a merge as a purged memory's second text
    for memory_id, memory in {i: m for index in indexes.values() for i, m in index.items()}.items():
        if not memory.get("purged") or memory_id in all_purged:
            continue
        if str(memory.get("source", "")).removeprefix("merge:") in all_purged:
            second_texts += 1
        else:  # purged, and no purge took it: a memory lost
            lost += 1
            print(f"{memory_id} is purged, named by no purge: {memory}", file=sys.stderr)
    purged_words = sorted({w for m in (a, b) for i, w in m.remembered.items() if i in all_purged} |
                          {w for m in (a, b) for i, ws in m.edits.items() if i in all_purged for w in ws})
    for machine in (a, b):
        for memory_id in machine.remembered:
            for index in indexes.values():
                if memory_id not in index:
                    lost += 1
        for memory_id, marker in machine.last_edit.items():
            if memory_id in all_purged or memory_id in purged_at_end or marker in words_purged:
                continue  # (a purge took it, named or, the other machine's text of a purged memory, at a merge)
            if not any(marker in m.get("content", "") for index in indexes.values() for m in index.values()):
                lost_edits += 1
                states = {name: {k: index.get(memory_id, {}).get(k) for k in ("status", "content", "archivedBecause")}
                          for name, index in indexes.items()}
                print(f"lost hand edit {marker} of {memory_id} on {machine.name}: {states}", file=sys.stderr)
    for memory_id in all_purged:
        for index in indexes.values():
            if memory_id in index and not index[memory_id].get("purged"):
                resurrected += 1
                print(f"purged {memory_id} is back: {index[memory_id]}", file=sys.stderr)
    for index in indexes.values():
        for memory in index.values():
            if memory.get("status") != "archived" and any(w in memory.get("content", "") for w in purged_words):
                resurrected += 1
                print(f"live {memory['id']} holds a purged word: {memory.get('content')!r}", file=sys.stderr)
    anywhere = holders(a.root, purged_words) + holders(b.root, purged_words) + remote_holders(remote, purged_words)
    corrupt = 0
    for machine in (a, b):
        doctor = machine.run("doctor.py", "--json")
        if doctor.returncode != 0:
            corrupt += 1
            print(f"{machine.name}: doctor: {doctor.stdout.strip()[:400]}", file=sys.stderr)
        markers = subprocess.run(["grep", "-rl", "--exclude-dir=.git", "-e", "<<<<<<<", str(machine.root)],
                                 capture_output=True, text=True).stdout
        corrupt += bool(markers)
    if indexes["A"] != indexes["B"]:
        corrupt += 1
    for path, w in anywhere[:10]:
        print(f"purged word {w} in {path}", file=sys.stderr)
    calls = {k: a.calls.get(k, 0) + b.calls.get(k, 0) for k in sorted(set(a.calls) | set(b.calls))}
    failures = {k: a.failures.get(k, 0) + b.failures.get(k, 0) for k in sorted(set(a.failures) | set(b.failures))}
    remembered = len(a.remembered) + len(b.remembered)
    edits = len(a.last_edit) + len(b.last_edit)
    return (f"sync stress: 2 machines x ({args.writers} writers + a syncer) for {args.seconds:g} s; "
            f"{remembered} remembered, {len(all_purged)} purged, {edits} memories edited by hand; calls "
            f"{', '.join(f'{k} {v}' for k, v in calls.items())}; refused or failed {failures or 'none'}; "
            f"converged in {rounds} rounds; second texts purged at a merge {second_texts}; "
            f"lost {lost} memories and {lost_edits} hand edits, "
            f"resurrected {resurrected}, purged words anywhere {len(anywhere)}, corrupt {corrupt}; "
            f"{elapsed:.0f} s")


if __name__ == "__main__":
    main()

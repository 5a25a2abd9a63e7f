#!/usr/bin/env python3
"""The speed machinery, piece by piece: each piece ON against the plain way, in one process.

For every size a store is built as bench/speed.py builds it (remember.py
--jsonl through the real CLI, one file per memory unless --store episodic),
then each piece is timed in-process against what it replaces, on the same
workspace state, the two ways in turns (A, B, A, B, ...), and the medians
printed with their ratio (on / plain: below 1 is the piece saving time):

- commit: gitcommit.commit_paths (our object writer) against audit._porcelain_commit
  (git's own `git commit` of an index of its own), each committing a new memory file, index.json
  (a fresh stamp) and the audit log with a new line, as a `remember` does;
- memory list: index_store's lazy load (MemoryList), one memory changed, its save
  spliced into the bytes read, against json.loads of the file, the same change and
  every memory dumped again;
- look: the folders the last look vouches for skipped (look.skippable, as recall's
  reader_cache does) against listing every memory file (a stat each);
- writev: index.json's parts written as they are (fsutil.write_all, os.writev)
  against b"".join of them and one write (no fsync in either);
- freshness: the search cache's key (index_state: a stat and 128 bytes of index.json)
  against reading and hashing the whole file; and a trusted load (validated_state:
  entries not checked again) against a load that checks every entry;
- listing beside the load: a writer's listing of the memory files on a thread
  (InBackground) while index.json loads, against one after the other;
- pack: a commit of 2,000 new memory files (a consolidation's, a bulk import's)
  with its objects written as one pack (gitpack.py), against one loose file each;
- write threads: 2,000 files written and fsynced on threads (fsutil.write_temporaries),
  against one after the other;
- read where it lies: a remember's index.json (base/file_bytes.py): loaded lazily with its
  bytes left in the file, the new id looked for, the memory added, the new file written
  (its unchanged bytes copied from file to file) and git's object of it hashed, against
  the same with the file's bytes read in whole first (no fsync in either; the peak memory
  this saves is not timed here: references/performance.md);
- copied while summed: index.json as git's loose object (store/loose_stored.py), its stored
  blocks written on a thread while its SHA-1 and Adler-32 are taken, against the sums and
  then the same writing, in turn.

    python3 bench/machinery.py                      # 1,000 and 10,000 memories, 7 runs
    python3 bench/machinery.py --sizes 10000 --runs 7

The machine this project is measured on has 2 cores shared with other work:
only medians of runs in turns compare; the output says so.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(SCRIPTS))

import speed  # noqa: E402  (bench/speed.py: the store builder)

PIECES = ("commit", "memory list", "look", "writev", "freshness", "trusted load", "listing beside load", "pack",
          "write threads", "read where it lies", "copied while summed")
MANY = 2000  # files in one change, for "pack" and "write threads"


def in_turns(a, b, runs: int, before=None) -> tuple[float, float]:
    """Median seconds of `a()` and `b()` run in turns (`before()` untimed ahead of each)."""
    times_a, times_b = [], []
    for i in range(runs * 2):
        first = (i % 2 == 0) == ((i // 2) % 2 == 0)  # A B, B A, A B, ...: neither always goes first
        fn, into = (a, times_a) if first else (b, times_b)
        if before is not None:
            before()
        gc.collect()
        started = time.perf_counter()
        fn()
        into.append(time.perf_counter() - started)
    return statistics.median(times_a), statistics.median(times_b)


def row(piece: str, size: int, on: float, plain: float, on_label: str, plain_label: str) -> None:
    print(f"| {piece} | {size:,} | {on * 1000:.1f} ms | {plain * 1000:.1f} ms | {on / plain:.2f}x | "
          f"{on_label} | {plain_label} |", flush=True)


def bench_commit(root: Path, size: int, runs: int) -> None:
    from hippocampus.base.fsutil import append_line, atomic_write
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import audit, gitcommit

    paths = WorkspacePaths(root)
    index_bytes = paths.index.read_bytes()
    counter = iter(range(10 ** 9))
    state: dict = {}

    def change() -> None:  # a remember's files: a new memory, index.json with a new stamp, a log line
        n = next(counter)
        new = f"memory/user/bench-{n:06d}.md"
        body = f"---\nid: bench_{n}\n---\nA memory written by the bench, number {n}.\n".encode()
        (root / new).write_bytes(body)
        index = index_bytes.replace(b'"stamp": "', b'"stamp": "%06d' % n, 1)
        atomic_write(paths.index, index, sync=False)
        append_line(paths.audit_log, f"bench line {n}")
        state.update(new=new, files={new: body, paths.rel(paths.index): index,
                                     paths.rel(paths.audit_log): paths.audit_log.read_bytes()})

    def kept() -> list[str]:
        return sorted(state["files"])

    def ours() -> None:
        done = gitcommit.commit_paths(root, audit.git_env(), audit.git, kept(), "bench: our writer\n",
                                      "hippocampus", "hippocampus@localhost", "hippocampus",
                                      contents=dict(state["files"]))
        if done is None:
            raise SystemExit("commit_paths fell back to the porcelain (hooks, attributes?) in the bench store")

    def porcelain() -> None:
        audit._porcelain_commit(root, kept(), "bench: git's own commit\n", None, dict(state["files"]))

    on, plain = in_turns(ours, porcelain, runs, before=change)
    clean = audit.git(root, "status", "--porcelain", "--untracked-files=no").stdout.strip()
    if clean:
        raise SystemExit(f"the commits left git's index out of step: {clean[:200]}")
    row("commit", size, on, plain, "gitcommit.commit_paths", "git's own commit of an index of its own")


def bench_memory_list(root: Path, size: int, runs: int) -> None:
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import index_store

    path = WorkspacePaths(root).index
    if index_store._read_lazy(path) is None:
        raise SystemExit("index.json is not in our layout: the lazy load does not apply")
    probe = json.loads(path.read_bytes())["memories"]
    target = probe[len(probe) // 2]["id"]
    del probe
    kept: list = []

    def lazy() -> None:  # load, change one memory, the parts of the save
        index = index_store._read_lazy(path)
        memory = dict(index["memories"].get(target))
        memory["timesReinforced"] = memory.get("timesReinforced", 0) + 1
        index["memories"].put(memory)
        kept[:] = [index_store.prepare_save(index, {target})]

    def whole() -> None:  # json.loads of it all, the same change, every memory dumped again
        index = json.loads(path.read_bytes())
        for memory in index["memories"]:
            if memory["id"] == target:
                memory["timesReinforced"] = memory.get("timesReinforced", 0) + 1
        kept[:] = [index_store.prepare_save(index, None)]

    on, plain = in_turns(lazy, whole, runs)
    row("memory list", size, on, plain, "MemoryList: lazy load + splice save", "json.loads + json.dumps of all")


def bench_look(root: Path, size: int, runs: int) -> None:
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import look, reconcile

    paths = WorkspacePaths(root)
    recorded = look.stamp(reconcile.list_memory_files(paths), time.time())

    def skipping() -> None:  # as Workspace._last_look_stands does
        skipped = look.skippable(paths, recorded, 3600.0) if recorded else {}
        listed = reconcile.list_memory_files(paths, look.listed_folders(skipped or {}))
        look.total_print(listed, skipped or {})

    def listing() -> None:
        reconcile.fingerprint(reconcile.list_memory_files(paths))

    on, plain = in_turns(skipping, listing, runs)
    note = "look.skippable + the rest listed" if recorded else \
        f"no folder over {look.LOOK_LATER_OVER} files: nothing skipped"
    row("look", size, on, plain, note, "every memory file stat'ed")


def bench_writev(root: Path, size: int, runs: int) -> None:
    from hippocampus.base import file_bytes
    from hippocampus.base.fsutil import discard, write_temporary
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import index_store

    path = WorkspacePaths(root).index
    index = index_store._read_lazy(path)
    target = index["memories"].ids()[len(index["memories"]) // 2] if index else None
    index = index_store._read_lazy(path, where_it_lies=False)  # unsplit again: the parts a `reinforce` saves
    memory = dict(index["memories"].get(target))
    memory["timesReinforced"] = memory.get("timesReinforced", 0) + 1
    index["memories"].put(memory)
    parts = index_store.prepare_save(index, {target})
    out = root / "bench-writev.json"

    def writev() -> None:
        discard(write_temporary(out, parts, sync=False))

    def joined() -> None:
        discard(write_temporary(out, file_bytes.joined(parts), sync=False))

    on, plain = in_turns(writev, joined, runs)
    row("writev", size, on, plain, f"fsutil.write_all of {len(parts)} parts", "b''.join + one write")


def bench_where_it_lies(root: Path, size: int, runs: int) -> None:
    from hippocampus.base import file_bytes
    from hippocampus.base.fsutil import discard, write_temporary
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import index_store

    path = WorkspacePaths(root).index
    out = root / "bench-where-it-lies.json"
    count = [0]

    def remember(where_it_lies: bool) -> None:  # as a remember's index.json: load, look, add, write, hash
        index = index_store._read_lazy(path, where_it_lies=where_it_lies)
        count[0] += 1
        memory_id = f"mem_bench{count[0]:07d}"
        assert not index["memories"].has(memory_id)
        index["memories"].put({"id": memory_id, "content": "a new memory", "importance": 0.5})
        parts = index_store.prepare_save(index, {memory_id})
        discard(write_temporary(out, parts, sync=False))
        digest = hashlib.sha1()
        for part in parts:
            for view in part.chunks() if type(part) is file_bytes.FileSpan else (part,):
                digest.update(view)

    on, plain = in_turns(lambda: remember(True), lambda: remember(False), runs)
    row("read where it lies", size, on, plain, "FileBytes: scanned and copied in the kernel", "read in whole")


def bench_freshness(root: Path, size: int, runs: int) -> None:
    from hippocampus.base.config import load_config
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import index_store
    from hippocampus.store.search_cache import index_state
    from hippocampus.text.timeutil import parse_time

    paths = WorkspacePaths(root)
    path = paths.index

    def keyed() -> None:
        index_state(path, index_store.read_stamp(path))

    def hashed() -> None:
        hashlib.sha1(path.read_bytes()).hexdigest()

    on, plain = in_turns(keyed, hashed, runs)
    row("freshness", size, on, plain, "index_state: stat + 128-byte read", "read + SHA-1 of index.json")

    now = parse_time("2026-12-01T00:00:00Z")
    rate = float(load_config(paths.memory)["decay"]["rate"])
    state = index_state(path, index_store.read_stamp(path))
    on, plain = in_turns(lambda: index_store.load(path, now, rate, state),
                         lambda: index_store.load(path, now, rate, None), runs)
    row("trusted load", size, on, plain, "load, validated_state matches", "load, every entry checked")


def bench_listing(root: Path, size: int, runs: int) -> None:
    from hippocampus.base.fsutil import InBackground
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import index_store, reconcile
    from hippocampus.store.search_cache import index_state

    paths = WorkspacePaths(root)
    state = index_state(paths.index, index_store.read_stamp(paths.index))
    from hippocampus.base.config import load_config
    from hippocampus.text.timeutil import parse_time
    now_rate = (parse_time("2026-12-01T00:00:00Z"), float(load_config(paths.memory)["decay"]["rate"]))

    def load() -> None:
        index, _warnings = index_store.load(paths.index, *now_rate, state, lazy=True)
        if "_lines" in index:
            raise SystemExit("the lazy load did not apply: the bench would time a full parse")

    def beside() -> None:
        listing = InBackground(reconcile.list_memory_files, paths)
        try:
            load()
        finally:
            listing.wait()

    def after() -> None:
        reconcile.list_memory_files(paths)
        load()

    on, plain = in_turns(beside, after, runs)
    row("listing beside load", size, on, plain, "InBackground listing + lazy load", "listing, then lazy load")


def bench_pack(root: Path, size: int, runs: int) -> None:
    from hippocampus.store import audit, gitcommit

    counter = iter(range(10 ** 9))
    state: dict = {}

    def change() -> None:  # 2,000 new memory files, each a new object
        n = next(counter)
        files = {f"memory/user/bench-pack-{n:03d}-{k:04d}.md":
                 f"---\nid: bench_{n}_{k}\n---\nA memory the bench wrote, {n} {k}.\n".encode()
                 for k in range(MANY)}
        for name, body in files.items():
            (root / name).write_bytes(body)
        state["files"] = files

    def commit(at_least: int) -> None:
        gitcommit.PACK_AT_LEAST, kept = at_least, gitcommit.PACK_AT_LEAST
        try:
            done = gitcommit.commit_paths(root, audit.git_env(), audit.git, sorted(state["files"]), "bench: many\n",
                                          "hippocampus", "hippocampus@localhost", "hippocampus",
                                          contents=dict(state["files"]))
        finally:
            gitcommit.PACK_AT_LEAST = kept
        if done is None:
            raise SystemExit("commit_paths fell back to the porcelain (hooks, attributes?) in the bench store")

    on, plain = in_turns(lambda: commit(1), lambda: commit(10 ** 9), runs, before=change)
    row("pack", size, on, plain, f"{MANY:,} files' objects as one pack", "one loose file an object")


def bench_write_threads(root: Path, size: int, runs: int) -> None:
    from hippocampus.base.fsutil import discard, stamped_temporary, write_temporaries

    folder = root / "memory" / "user"
    items = [(folder / f"bench-threads-{k:04d}.md", f"A memory the bench wrote, {k}.\n".encode())
             for k in range(MANY)]
    written: list = []

    def clear() -> None:
        for tmp in written:
            discard(tmp)
        written.clear()

    def threads() -> None:
        written.extend(tmp for tmp, _stamp in write_temporaries(items).values())

    def one_by_one() -> None:
        written.extend(stamped_temporary(path, data)[0] for path, data in items)

    on, plain = in_turns(threads, one_by_one, runs, before=clear)
    clear()
    row("write threads", size, on, plain, f"{MANY:,} files fsynced on threads", "one after the other")


def bench_copied_while_summed(root: Path, size: int, runs: int) -> None:
    """index.json as git's loose object (store/loose_stored.py): copied on a thread while its SHA-1
    and Adler-32 are taken, against the same sums and then the same copy, in turn."""
    import shutil
    import zlib

    from hippocampus.base.file_bytes import FileBytes, FileSpan
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import loose_stored

    source = FileBytes.open(WorkspacePaths(root).index, "index.json")
    parts = [FileSpan(source, 0, source.size)]
    header = b"blob %d\0" % source.size
    objects = root / "bench-objects"

    def clear() -> None:
        shutil.rmtree(objects, ignore_errors=True)
        objects.mkdir()

    def at_once() -> None:
        loose_stored.write_stored(objects, header, parts)

    def in_turn() -> None:
        digest, adler = hashlib.sha1(header), zlib.adler32(header)
        for view in parts[0].chunks():
            digest.update(view)
            adler = zlib.adler32(view, adler)
        path = objects / digest.hexdigest()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
        try:
            loose_stored._copy_blocks(fd, header, parts, len(header) + source.size)
            os.write(fd, adler.to_bytes(4, "big"))
        finally:
            os.close(fd)

    try:
        on, plain = in_turns(at_once, in_turn, runs, before=clear)
    finally:
        source.close()
        shutil.rmtree(objects, ignore_errors=True)
    row("copied while summed", size, on, plain, "loose_stored: the copy on a thread", "sums, then the copy")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", default="1000,10000")
    p.add_argument("--runs", type=int, default=7, help="timed calls of each way (in turns)")
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--store", default="semantic", choices=("semantic", "episodic"))
    p.add_argument("--pieces", default=",".join(PIECES), help=f"which to time, comma-separated: {', '.join(PIECES)}")
    args = p.parse_args()
    wanted = [piece.strip() for piece in args.pieces.split(",")]
    if not set(wanted) <= set(PIECES):
        raise SystemExit(f"--pieces: unknown {', '.join(sorted(set(wanted) - set(PIECES)))}")
    turns = speed.corpus(Path(args.data))
    python = (sys.executable, "-S")
    print(f"in-process A/B, each way {args.runs} times in turns on the same workspace state; medians. "
          f"{os.cpu_count()} cores shared with other work: the figures drift by tens of percent between runs, "
          f"only a row's two columns (measured together) compare. store {args.store}")
    print("| piece | memories | on | plain | on / plain | on is | plain is |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            root = Path(tmp) / f"ws{size}"
            env = {**os.environ, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": "2026-12-01T00:00:00Z"}
            speed.build(root, size, turns, env, args.store, python)
            speed.settle(root)
            # in-process reads see what the scripts would: the store, never the caller's git identity
            os.environ["WORKSPACE"] = str(root)
            for piece, bench in (("memory list", bench_memory_list), ("writev", bench_writev),
                                 ("freshness", bench_freshness), ("look", bench_look),
                                 ("listing beside load", bench_listing), ("commit", bench_commit),
                                 ("pack", bench_pack), ("write threads", bench_write_threads),
                                 ("read where it lies", bench_where_it_lies),
                                 ("copied while summed", bench_copied_while_summed)):
                if piece in wanted or (piece == "freshness" and "trusted load" in wanted):
                    bench(root, size, args.runs)


if __name__ == "__main__":
    main()

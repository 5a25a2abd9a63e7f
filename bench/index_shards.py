#!/usr/bin/env python3
"""What a one-memory commit would cost if git were given index.json in K shards (issue #44's
"commit <= 1 MB": a measurement for the design, not the shipped form).

Today git stores index.json whole: at 100,000 memories every write adds a ~70 MB loose object
(stored, not compressed: deflating 70 MB costs ~0.5 s) until a background repack deltas it. The
proposal (references/performance.md, issue #44's "still open"): index.json stays whole and current
in the working tree, untracked, and git is given its memory lines in K files, each memory in the
shard its id hashes to (crc32 % K), rebuilt into index.json on a clone. This takes a real
index.json, splits it so, and for each K times in one process, medians of --runs:

- a change: one memory's line patched in its shard, the shard's blob hashed and compressed as git
  stores a small object (zlib level 1), the shards' tree (K entries) made, hashed and compressed;
  the bytes that change adds to `.git` (the two objects, compressed);
- a clone's rebuild: every shard's lines joined into index.json's bytes (in memory; the file's write
  is the same for every K).

K = 1 is today's form (one object of the whole file, stored).

    python3 bench/index_shards.py --index STORE/memory/index.json --shards 1,64,256,1024,4096
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
import zlib
from pathlib import Path

SEPARATOR = b",\n"


def split(index: bytes) -> tuple[bytes, list[bytes]]:
    marker, tail = b'\n"memories": [\n', b"\n]\n}\n"
    start = index.index(marker) + len(marker)
    return index[:start], index[start:len(index) - len(tail)].split(SEPARATOR)


def line_id(line: bytes) -> bytes:
    return line[8:line.index(b'"', 8)]


def shard_of(memory_id: bytes, shards: int) -> int:
    return zlib.crc32(memory_id) % shards


def git_object(kind: bytes, body: bytes, stored: bool) -> tuple[str, int]:
    data = kind + b" %d\0" % len(body) + body
    sha = hashlib.sha1(data).hexdigest()
    if stored:  # (as gitcommit stores an object over 64 KB: deflate's stored blocks, ~its own size)
        return sha, len(data) + 5 * (len(data) // 65535 + 1) + 6
    return sha, len(zlib.compress(data, 1))


def one_change(shards: list[list[bytes]], which: int, position: int, count: int) -> int:
    """Patch one line of shard `which`, store the shard and the shards' tree; the bytes added."""
    lines = shards[which]
    line = lines[position]
    lines[position] = line.replace(b'"timesReinforced": ', b'"timesReinforced": 1', 1)
    body = SEPARATOR.join(lines)
    lines[position] = line
    sha, added = git_object(b"blob", body, stored=len(body) > 64 * 1024)
    if count == 1:
        return added
    names = [f"{n:04x}.json".encode() for n in range(count)]
    entries = b"".join(b"100644 " + name + b"\0" + bytes.fromhex(sha) for name in names)  # (a sha each)
    _tree, tree_added = git_object(b"tree", entries, stored=len(entries) > 64 * 1024)
    return added + tree_added


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--index", type=Path, required=True, help="an index.json in our layout (one memory a line)")
    p.add_argument("--shards", default="1,64,256,1024,4096")
    p.add_argument("--runs", type=int, default=9)
    args = p.parse_args()
    header, lines = split(args.index.read_bytes())
    print(f"{len(lines):,} memories, index.json {sum(map(len, lines)) / 1e6:.1f} MB; medians of {args.runs}")
    print("| shards | largest shard | a change: time | a change: bytes added to .git | a clone's rebuild |")
    print("|---|---|---|---|---|")
    for count in (int(k) for k in args.shards.split(",")):
        shards: list[list[bytes]] = [[] for _ in range(count)]
        for line in lines:
            shards[shard_of(line_id(line), count)].append(line)
        biggest = max(range(count), key=lambda n: len(shards[n]))
        changes, added = [], 0
        for run in range(args.runs):
            started = time.perf_counter()
            added = one_change(shards, biggest, run % len(shards[biggest]), count)
            changes.append(time.perf_counter() - started)
        rebuilds = []
        for _run in range(max(3, args.runs // 3)):
            started = time.perf_counter()
            whole = header + SEPARATOR.join(line for shard in shards for line in shard) + b"\n]\n}\n"
            rebuilds.append(time.perf_counter() - started)
            del whole
        largest = sum(map(len, shards[biggest])) + 2 * len(shards[biggest])
        print(f"| {count:,} | {largest / 1e3:,.0f} KB | {statistics.median(changes) * 1e3:.1f} ms "
              f"| {added / 1e3:,.0f} KB | {statistics.median(rebuilds) * 1e3:.0f} ms |", flush=True)


if __name__ == "__main__":
    main()

"""Many new git objects written as one pack and its index, at once.

A commit of thousands of files (consolidation's first run at 100,000 memories writes
~7,100 objects; a bulk import one a memory) spent most of its git time creating one
loose file an object (8.2 s of which 6.5 s creating files, in consolidation's first
run). Here the small ones (index.json's megabytes stay loose, for the background repack
to pack as a delta of the last) go into one pack file (format 2: each object's type and size, then
its body deflated, no deltas; the SHA-1 of the whole at its end) and its index
(version 2: a fan-out table, the sorted names, each entry's CRC-32 and offset), the
layout git's own `index-pack` writes (Documentation/gitformat-pack.txt). Both are
fsynced (git's default fsyncs packs), the pack renamed into objects/pack/ before
its index: git finds a pack by its index, so an index never names a pack that is
not there. The background `git repack -d` (gitcommit.py) packs loose objects only:
these stay as written until `git gc` packs them as deltas with the rest (one pack a
commit of many files).

Until the branch names its objects the pack is kept (pack-<name>.keep, written before the
pack is renamed in, as git's own fetch keeps a pack it receives): a `git repack -a -d` a
person starts meanwhile would otherwise delete it, its objects unreachable yet, and the
branch would then be refused the commit, or name a commit that is gone. `release()`
removes the .keep once the branch has moved (or the commit failed). A writer killed
before that leaves its .keep and temporaries (a pack without its index, killed between
the renames): the next commit (gitcommit.py) clears those of a process that is gone.
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from pathlib import Path

from ..base.fsutil import process_alive, sync_folders, write_all

_TYPES = {b"commit": 1, b"tree": 2, b"blob": 3, b"tag": 4}


class Pack:
    """The small objects of one commit, held until written; each deflated as it comes."""

    def __init__(self) -> None:
        self._entries: list[tuple[bytes, list]] = []  # (raw sha, the entry's bytes as parts)
        self._names: set[bytes] = set()
        self.kept: Path | None = None  # the .keep written with the pack, until release()

    def __contains__(self, sha: str) -> bool:
        return bytes.fromhex(sha) in self._names

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, sha: str, kind: bytes, pieces: list) -> None:
        """An object named `sha`, its body in `pieces`."""
        raw = bytes.fromhex(sha)
        if raw in self._names:
            return
        self._names.add(raw)
        body = b"".join(pieces)
        self._entries.append((raw, [_entry_header(_TYPES[kind], len(body)), zlib.compress(body, 1)]))

    def write(self, folder: Path) -> Path | None:
        """Write the pack and its index into `folder` (objects/pack); the index's path
        (None when there was nothing to write). Nothing of it is left when this fails."""
        if not self._entries:
            return None
        folder.mkdir(exist_ok=True)
        temporary = folder / f"tmp_pack_hippocampus_{os.getpid()}"
        temporary_index = folder / f"tmp_idx_hippocampus_{os.getpid()}"
        placed: list[Path] = []
        try:
            offsets, crcs, checksum = _write_pack(temporary, self._entries)
            name = checksum.hex()
            _write_index(temporary_index, [raw for raw, _parts in self._entries], offsets, crcs, checksum)
            pack, index = folder / f"pack-{name}.pack", folder / f"pack-{name}.idx"
            keep = folder / f"pack-{name}.keep"
            if not keep.exists():  # (the same pack kept already, by git or a person: theirs stays)
                keep.write_text(f"{_KEEP_MARK} {os.getpid()}\n")
                placed.append(keep)
                self.kept = keep
            os.replace(temporary, pack)
            placed.append(pack)
            os.replace(temporary_index, index)
            sync_folders([folder])
            return index
        except BaseException:
            self.kept = None
            for path in (temporary, temporary_index, *placed[1:], *placed[:1]):  # (the .keep last)
                try:
                    path.unlink()
                except OSError:
                    pass
            raise

    def release(self) -> None:
        """The branch names the pack's objects now (or never will): its .keep goes, for the
        background repack to pack them with the rest."""
        if self.kept is not None:
            try:
                self.kept.unlink()
            except OSError:
                pass
            self.kept = None


REMAINS_AFTER = 3600  # seconds: what a writer that is gone left, cleared once this old
_KEEP_MARK = "hippocampus"  # a .keep's first word when it is ours, then the writer's process id


def clear_remains(folder: Path) -> None:
    """What writers killed while writing a pack left in `folder` (objects/pack): their temporaries,
    and their .keep with the pack it names when that pack has no index (killed between the renames);
    in objects/ itself, a large object's temporary (loose_stored.py: 70 MB at 100,000 memories, which
    git's own prune takes only when a gc prunes, two weeks on). Only those of a process that is gone,
    and an hour old (a process id says nothing of another machine's or container's writer sharing the
    repository: its write takes seconds). A pack with its index and no .keep is an ordinary pack."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    import time
    old_before = time.time() - REMAINS_AFTER
    for name in names:
        if name.startswith(("tmp_pack_hippocampus_", "tmp_idx_hippocampus_")):
            owner = name.rsplit("_", 1)[1]
        elif name.startswith("tmp_obj_hippocampus_"):  # (tmp_obj_hippocampus_<pid>_<random>)
            owner = name[len("tmp_obj_hippocampus_"):].split("_", 1)[0]
        elif name.startswith("pack-") and name.endswith(".keep"):
            try:
                with open(folder / name, encoding="utf-8", errors="replace") as handle:
                    words = handle.read(100).split()
            except OSError:
                continue
            if len(words) != 2 or words[0] != _KEEP_MARK:
                continue  # (git's, or a person's)
            owner = words[1]
        else:
            continue
        if not (owner.isascii() and owner.isdecimal()) or process_alive(int(owner)):  # ("²" is a digit)
            continue
        try:
            if os.lstat(folder / name).st_mtime > old_before:
                continue
        except OSError:
            continue
        try:
            if name.endswith(".keep"):
                stem = folder / name[:-len(".keep")]
                if not stem.with_suffix(".idx").exists():
                    stem.with_suffix(".pack").unlink(missing_ok=True)
            (folder / name).unlink()
        except OSError:
            pass


def _entry_header(kind: int, size: int) -> bytes:
    """An entry's type and size: 4 bits of size in the first byte, 7 in each that follows."""
    out = bytearray([(kind << 4) | (size & 0x0F)])
    size >>= 4
    while size:
        out[-1] |= 0x80
        out.append(size & 0x7F)
        size >>= 7
    return bytes(out)


def _write_pack(path: Path, entries: list[tuple[bytes, list]]) -> tuple[list[int], list[int], bytes]:
    """The pack file: each entry's offset and CRC-32 (of its bytes as packed), and its checksum."""
    digest = hashlib.sha1()
    head = b"PACK" + struct.pack(">II", 2, len(entries))
    digest.update(head)
    offsets, crcs, parts, at = [], [], [head], len(head)
    for _raw, pieces in entries:
        crc = 0
        for piece in pieces:
            crc = zlib.crc32(piece, crc)
            digest.update(piece)
        offsets.append(at)
        crcs.append(crc)
        parts.extend(pieces)
        at += sum(memoryview(piece).nbytes for piece in pieces)
    checksum = digest.digest()
    parts.append(checksum)
    _write_synced(path, parts)
    return offsets, crcs, checksum


def _write_index(path: Path, names: list[bytes], offsets: list[int], crcs: list[int], checksum: bytes) -> None:
    order = sorted(range(len(names)), key=names.__getitem__)
    fanout, at = [], 0
    for first in range(256):
        while at < len(order) and names[order[at]][0] <= first:
            at += 1
        fanout.append(at)
    small, large = [], []
    for k in order:
        if offsets[k] < 0x80000000:
            small.append(offsets[k])
        else:  # (a pack past 2 GiB: the offset goes into the table of large ones)
            small.append(0x80000000 | len(large))
            large.append(offsets[k])
    body = b"".join([b"\377tOc", struct.pack(">I", 2), struct.pack(">256I", *fanout),
                     b"".join(names[k] for k in order), struct.pack(f">{len(order)}I", *(crcs[k] for k in order)),
                     struct.pack(f">{len(small)}I", *small), struct.pack(f">{len(large)}Q", *large), checksum])
    body += hashlib.sha1(body).digest()
    _write_synced(path, [body])


def _write_synced(path: Path, parts: list) -> None:
    try:
        path.unlink()  # (one a killed writer of this pid left: read-only, so not opened over)
    except FileNotFoundError:
        pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o444)
    try:
        write_all(fd, parts)
        os.fsync(fd)
    finally:
        os.close(fd)

"""A large git object written loose and stored (not deflated), its copy and its sums at once.

index.json at 100,000 memories is ~70 MB, and each commit of it writes that blob as a loose object
(gitcommit.py: deflating it at zlib level 1 took 0.47 s; stored, it is copied). Its name is its
SHA-1 and its last four bytes are the Adler-32 of its body, so written in turn, a commit read the 70
MB twice to sum them and then copied it: ~80 ms of sums and ~100-150 ms of copying here, one after
the other. Here the copy goes into a temporary on a thread (the reads and writes, and the kernel's
copy, release the interpreter's lock) while this thread sums the same bytes; the temporary is
named by the SHA-1 once both are done, and dropped when that object is there already.

The stream is zlib's (RFC 1950) around deflate's stored blocks (RFC 1951): a block of at most
65,535 bytes after five bytes of its own (last-block bit, length, its complement), the block
boundaries at fixed places from the object's start, so the copy needs nothing from the sums but
the trailer.
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from pathlib import Path

from ..base.file_bytes import FileSpan
from ..base.fsutil import InBackground, workspace_error_for, write_all

BLOCK = 65535  # deflate's largest stored block


def write_stored(objects: Path, header: bytes, pieces: list) -> tuple[str, bool]:
    """Store the object `header` + `pieces` (bytes-like or FileSpan parts) loose in `objects`,
    stored; (its sha, whether it was written: False when the object was there already)."""
    size = sum(piece.nbytes if type(piece) is FileSpan else memoryview(piece).nbytes for piece in pieces)
    # (its name from os.urandom: the secrets module would import random, ~2 ms a call)
    temporary = objects / f"tmp_obj_hippocampus_{os.getpid()}_{os.urandom(4).hex()}"
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o444)
    except OSError as exc:
        raise workspace_error_for(exc, f"git's object store ({objects})") from None
    try:
        try:
            copying = InBackground(_copy_blocks, fd, header, pieces, len(header) + size)
            try:
                digest, adler = hashlib.sha1(header), zlib.adler32(header)
                for piece in pieces:  # (a range of a file read a chunk at a time: both sums in one reading)
                    for view in piece.chunks() if type(piece) is FileSpan else (memoryview(piece).cast("B"),):
                        digest.update(view)
                        adler = zlib.adler32(view, adler)
            finally:
                copying.wait()  # (a Ctrl-C meanwhile waits for it: the descriptor is never closed under it)
            write_all(fd, struct.pack(">I", adler))
        finally:
            os.close(fd)
        sha = digest.hexdigest()
        written = _name(objects, temporary, sha)
    except BaseException as exc:  # a full disk, a source written over: no half object left behind
        raise failed_write(exc, temporary, objects) from None
    return sha, written


def failed_write(exc: BaseException, temporary: Path, objects: Path) -> BaseException:
    """What a failed object write raises, its temporary removed first: an OSError as one line naming
    git's object store (gitcommit.py's small objects too), anything else as it is."""
    try:
        os.unlink(temporary)
    except OSError:
        pass
    return workspace_error_for(exc, f"git's object store ({objects})") if isinstance(exc, OSError) else exc


def _name(objects: Path, temporary: Path, sha: str) -> bool:
    """Put the temporary in place as object `sha`; False (the temporary dropped) when it is there."""
    folder = objects / sha[:2]
    target = folder / sha[2:]
    if target.exists():
        os.unlink(temporary)
        return False
    for attempt in range(5):
        try:
            os.mkdir(folder)
        except FileExistsError:  # (a folder pruned between its EEXIST and the rename: again)
            pass
        try:
            os.replace(temporary, target)
            return True
        except FileNotFoundError:  # a background `git prune-packed` took the empty folder away
            if attempt == 4 or not temporary.exists():
                raise
    return True


def _copy_blocks(fd: int, header: bytes, pieces: list, total: int) -> None:
    """Write zlib's two-byte header and `header` + `pieces` (`total` bytes) as stored blocks,
    everything but the Adler-32 trailer. A range of a file is read a chunk at a time (into this
    thread's own buffer) and written with its blocks' headers, one writev a chunk: a copy in the
    kernel a block at a time (1,080 copies for 70 MB) took ~50% longer here."""
    out: list = [b"\x78\x01"]
    at = 0  # where in the stream (header and body) the next byte goes

    def add(view: memoryview) -> None:
        nonlocal at
        offset, length = 0, view.nbytes
        while offset < length:
            within = at % BLOCK
            if within == 0:
                block = min(BLOCK, total - at)
                out.append(struct.pack("<BHH", at + block == total, block, block ^ 0xFFFF))
            take = min(length - offset, BLOCK - within)
            out.append(view[offset:offset + take])
            offset += take
            at += take

    add(memoryview(header))
    for piece in pieces:
        if type(piece) is not FileSpan:
            add(memoryview(piece).cast("B"))
            continue
        for view in piece.chunks():
            add(view)
            write_all(fd, out)  # (before the next chunk is read into the same buffer)
            out = []
    write_all(fd, out)

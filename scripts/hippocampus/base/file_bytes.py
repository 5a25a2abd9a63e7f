"""A file's bytes read where they lie: an open descriptor, read a chunk at a time, never held whole.

At 100,000 memories index.json is ~70 MB. A one-memory change used to read all of it into memory,
find its line there, and write it back out twice (the new index.json, git's object of it) from
those bytes: 70 MB of the process's own memory, the most of any per-call script's peak (remember
106 MB). Here the file stays where it is:

- `FileBytes` is the file as it was opened: `find` scans it in 1 MB chunks read into one reused
  buffer, `[a:b]` reads a small range, `whole()` reads it all (what a job that reads every memory
  does anyway);
- `FileSpan` is a range of it, a part of a file to write (fsutil.write_all copies it from file to
  file in the kernel, `os.copy_file_range`; gitcommit hashes it a chunk at a time);
- `unchanged()`: the file was written over in place since it was opened (a person's editor that
  saves in place; our own writers replace it by rename) when its size or mtime moved (not its ctime:
  the undo's hard link of the old file moves that). A short read checks; a copy checks before and
  after, a lookup after, and a writer again before its rename and before its branch moves
  (`check_sources`): on `SourceChanged` the change is taken back, never written from a mix of two
  files.

Measured at 100,000 memories: reading the file whole 54-70 ms, scanning it in chunks 27-32 ms
(references/performance.md, "index.json read where it lies").
"""

from __future__ import annotations

import errno
import os
import stat

from ..errors import WorkspaceError

CHUNK = 1 << 20
_PREADV = getattr(os, "preadv", None)  # (Linux, the BSDs; not every platform's Python has it)


class SourceChanged(WorkspaceError):
    """The file a FileBytes reads was written over in place since it was opened."""


class FileBytes:
    """The bytes of a regular file, by its open descriptor (closed with this object)."""

    def __init__(self, fd: int, name: str):
        self.fd = fd
        self.name = name
        st = os.fstat(fd)
        self.size = st.st_size
        self._print = (st.st_size, st.st_mtime_ns, st.st_ino)
        self._buffer: bytearray | None = None

    @classmethod
    def open(cls, path, name: str) -> FileBytes | None:
        """The file at `path` (a caller in a workspace checks it first: fsutil.read_confined(path,
        probe=True)); None when it is not a regular file. FileNotFoundError and OSError as open()
        raises them."""
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return None
            return cls(fd, name)
        except BaseException:
            os.close(fd)
            raise

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __del__(self) -> None:
        try:
            self.close()
        except OSError:
            pass

    def __len__(self) -> int:
        return self.size

    def unchanged(self) -> bool:
        st = os.fstat(self.fd)
        return (st.st_size, st.st_mtime_ns, st.st_ino) == self._print

    def check(self) -> None:
        if not self.unchanged():
            raise SourceChanged(f"{self.name} was written over in place while this change was being made "
                                "(an editor saving it?); nothing was changed: run it again")

    def _read_into(self, buffer: bytearray, start: int, count: int) -> int:
        view = memoryview(buffer)[:count]
        done = 0
        while done < count:
            if _PREADV is not None:
                got = _PREADV(self.fd, [view[done:]], start + done)
            else:  # (no preadv here: a copy of each chunk)
                chunk = os.pread(self.fd, count - done, start + done)
                got = len(chunk)
                view[done:done + got] = chunk
            if got == 0:
                break
            done += got
        if done < count:
            self.check()  # (shorter than it was: written over)
            raise SourceChanged(f"{self.name} ended early while being read; nothing was changed: run it again")
        return done

    def read(self, start: int, end: int) -> bytes:
        """Bytes start..end, read into one allocation (the file's megabytes are never held twice)."""
        start, end = max(0, start), min(end, self.size)
        if end <= start:
            return b""
        pieces, at = [], start
        while at < end:
            piece = os.pread(self.fd, end - at, at)
            if not piece:
                self.check()  # (shorter than it was: written over)
                raise SourceChanged(f"{self.name} ended early while being read; nothing was changed: run it again")
            pieces.append(piece)
            at += len(piece)
        return pieces[0] if len(pieces) == 1 else b"".join(pieces)

    def __getitem__(self, key: slice) -> bytes:
        if not isinstance(key, slice) or key.step not in (None, 1):
            raise TypeError("FileBytes takes a slice")
        start, stop, _ = key.indices(self.size)
        return self.read(start, stop)

    def find(self, needle: bytes, start: int = 0, end: int | None = None) -> int:
        """bytes.find over the file's range, a chunk at a time (each overlapping the last by the
        needle's length less one)."""
        end = self.size if end is None else min(end, self.size)
        size = max(CHUNK, 2 * len(needle))  # (each chunk moves on by at least the needle's length)
        if self._buffer is None or len(self._buffer) != size:
            self._buffer = bytearray(size)
        buffer, step = self._buffer, size - len(needle) + 1
        at = max(0, start)
        if not needle:
            return at if at <= end else -1
        while at + len(needle) <= end:
            count = min(size, end - at)
            self._read_into(buffer, at, count)
            found = buffer.find(needle, 0, count)
            if found >= 0:
                return at + found
            if at + count >= end:
                break
            at += step
        return -1

    def whole(self) -> bytes:
        data = self.read(0, self.size)
        self.check()
        return data

    def span(self, start: int, end: int) -> FileSpan:
        return FileSpan(self, start, max(start, end))


class FileSpan:
    """Bytes start..end of a FileBytes: a part of a file to write, copied or read a chunk at a time."""

    __slots__ = ("source", "start", "end")

    def __init__(self, source: FileBytes, start: int, end: int):
        self.source, self.start, self.end = source, start, end

    @property
    def nbytes(self) -> int:
        return self.end - self.start

    def sub(self, at: int, count: int) -> FileSpan:
        return FileSpan(self.source, self.start + at, self.start + at + count)

    def chunks(self):
        """The span's bytes, a memoryview of one reused buffer at a time (read each before the next)."""
        source = self.source
        buffer = bytearray(min(CHUNK, max(1, self.nbytes)))
        at = self.start
        while at < self.end:
            count = min(len(buffer), self.end - at)
            source._read_into(buffer, at, count)
            yield memoryview(buffer)[:count]
            at += count
        source.check()

    def copy_to(self, fd: int) -> None:
        """Append the span to the file open at `fd` (its offset), in the kernel where it can."""
        source, at = self.source, self.start
        source.check()
        while at < self.end:
            try:
                copied = os.copy_file_range(source.fd, fd, self.end - at, at)
            except OSError as exc:
                if exc.errno not in (errno.EXDEV, errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.EPERM):
                    raise
                copied = -1
            except AttributeError:  # (no copy_file_range here)
                copied = -1
            if copied <= 0:  # copied by hand from here (0: the file written over, which the check
                if copied == 0:  # says, or a file system that copies nothing of it)
                    source.check()
                for view in self.sub(at - self.start, self.end - at).chunks():
                    _write_view(fd, view)
                break
            at += copied
        source.check()


def _write_view(fd: int, view: memoryview) -> None:
    while view.nbytes:
        written = os.write(fd, view)
        if written == 0:
            raise OSError(errno.EIO, "the disk took nothing")
        view = view[written:]


def check_sources(parts) -> None:
    """SourceChanged when a file a FileSpan among `parts` reads was written over in place since it
    was opened (a writer asks again just before its rename, and before its branch moves)."""
    for source in {id(part.source): part.source for part in parts or () if type(part) is FileSpan}.values():
        source.check()


def nbytes(part) -> int:
    """The length of a part of a file to write: bytes-like or a FileSpan."""
    return part.nbytes if type(part) is FileSpan else memoryview(part).nbytes


def joined(parts: list) -> bytes:
    """The parts as one bytes (a FileSpan read in)."""
    data = b"".join(part.source.read(part.start, part.end) if type(part) is FileSpan else part for part in parts)
    for part in parts:
        if type(part) is FileSpan:
            part.source.check()
    return data

"""Replacing a file a person may be saving (a daily log, MEMORY.md) without
losing what they save: a log gets our entries appended in place; another
file is swapped in and what it replaced compared with what the writer built
on (Transaction._place_based). Writers only; readers never import this."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..errors import WorkspaceError
from ..base import fsutil
from ..base.fsutil import _fsync_dir, discard, workspace_error_for, write_all


def read_stamped(path: Path) -> tuple[bytes, tuple] | None:
    """A file's bytes and the (mtime_ns, size, inode) of exactly those bytes
    (read again if it grew while being read); None when it is not there."""
    for _attempt in range(100):
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            return None
        try:
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            st = os.fstat(fd)
        finally:
            os.close(fd)
        data = b"".join(chunks)
        if st.st_size == len(data):
            return data, (st.st_mtime_ns, st.st_size, st.st_ino)
    return data, (st.st_mtime_ns, st.st_size, st.st_ino)


def append_in_place(path: Path, suffix: bytes) -> tuple[bytes, tuple]:
    """Append `suffix` to the file as it is now (O_APPEND: a person's own
    appends, before or after, stay whole and in the file), fsync, and return
    the file as it then is with its stamp. No rename: nothing a person writes
    to the file meanwhile can land in a replaced copy."""
    from ..base.fsutil import open_confined
    try:
        fd = open_confined(path, os.O_RDWR | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            if size and not suffix.startswith(b"\n") and os.pread(fd, 1, size - 1) != b"\n":
                suffix = b"\n" + suffix  # a person's last line without its newline
            write_all(fd, suffix)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise workspace_error_for(exc, path) from None
    found = read_stamped(path)
    if found is None:
        raise WorkspaceError(f"{path} was removed while being written; run the command again")
    return found


_RENAME_EXCHANGE = 2
_renameat2 = None  # libc's renameat2, looked up on first use (False: not available)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically (renameat2 RENAME_EXCHANGE); False when the
    system cannot (the caller falls back to a hard link and a rename)."""
    global _renameat2
    if _renameat2 is None:
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            function = libc.renameat2
            function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
            _renameat2 = (function, ctypes)
        except (OSError, AttributeError, ImportError):
            _renameat2 = False
    if not _renameat2:
        return False
    function, ctypes = _renameat2
    if function(-100, os.fsencode(a), -100, os.fsencode(b), _RENAME_EXCHANGE) == 0:  # AT_FDCWD
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EXDEV):
        _renameat2 = False
        return False
    raise OSError(code, os.strerror(code), str(b))


def _read_open(path: Path) -> tuple[bytes, int]:
    """The file's bytes, and a descriptor that keeps reading that same file once it is unlinked."""
    fd = os.open(path, os.O_RDONLY)
    try:
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(), fd
    except BaseException:
        os.close(fd)
        raise


def _swap_in(tmp: Path, path: Path) -> tuple[bytes | None, int | None]:
    """Put `tmp` at `path`; return what was there at that instant (None: nothing),
    with a descriptor of that replaced file (see LateAppends)."""
    from ..base.fsutil import check_confined
    check_confined(path)
    if not os.path.lexists(path):
        try:
            os.link(tmp, path)  # never replaces: fails if a person created it meanwhile
        except FileExistsError:
            pass
        else:
            discard(tmp)
            return None, None
    try:
        if _exchange(tmp, path):
            try:
                return _read_open(tmp)  # the replaced file, exactly
            finally:
                discard(tmp)
    except FileNotFoundError:
        return _swap_in(tmp, path)  # removed meanwhile
    keep = path.with_name(f".{path.name}.{os.getpid()}.replaced")
    discard(keep)
    try:
        os.link(path, keep)  # the file about to be replaced stays readable (an in-place save shows)
    except FileNotFoundError:
        return _swap_in(tmp, path)
    try:
        os.replace(tmp, path)
        return _read_open(keep)
    finally:
        discard(keep)


class LateAppends:
    """A person's `>>` that opened the file a moment before we replaced it writes
    into the replaced copy, after our check. The replaced copies are kept open;
    `settle()` (once the change is committed) appends to the file in place
    whatever they gained since, so the next writer takes it in as a hand edit."""

    # descriptors kept open at most: a change that moves thousands of files (a forget of many, a
    # consolidation's archiving) kept one each, and met the process's limit (often 1,024: "Too many
    # open files", the change refused). Past it a file is checked as it is replaced or removed, not after.
    MAX_WATCHED = 64

    def __init__(self) -> None:
        self._open: list[tuple[Path, int, int]] = []  # (path, descriptor of the replaced copy, its size then)
        self._removed: list[tuple[Path, int, tuple]] = []  # (path, descriptor of the removed file, its stamp then)

    def _room(self, fd: int) -> bool:
        if len(self._open) + len(self._removed) < self.MAX_WATCHED:
            return True
        os.close(fd)
        return False

    def watch(self, path: Path, fd: int | None, size: int) -> None:
        if fd is not None and self._room(fd):
            self._open.append((path, fd, size))

    def watch_removed(self, path: Path, fd: int) -> None:
        """A file removed (remove_verified): a save into it after our check is put back at `path`."""
        st = os.fstat(fd)
        if self._room(fd):
            self._removed.append((path, fd, (st.st_mtime_ns, st.st_size)))

    def settle(self) -> list[Path]:
        """Lay late appends back on, and put back a removed file a person saved into a moment
        late (where nothing is now: the next writer takes it in); the paths that gained them."""
        gained = []
        for path, fd, stamp in self._removed:
            try:
                st = os.fstat(fd)
                if (st.st_mtime_ns, st.st_size) != stamp:
                    _create(path, os.pread(fd, st.st_size, 0))
                    gained.append(path)
            except (OSError, WorkspaceError):
                pass  # (something is there again, or the folder is gone: theirs stands)
            finally:
                os.close(fd)
        self._removed = []
        for path, fd, size in self._open:
            try:
                if os.fstat(fd).st_size > size:
                    extra = os.pread(fd, os.fstat(fd).st_size - size, size)
                    append_in_place(path, extra)
                    gained.append(path)
            except (OSError, WorkspaceError):
                pass  # (the file is gone: nothing to lay them on)
            finally:
                os.close(fd)
        self._open = []
        return gained

    def settle_taken_back(self) -> None:
        """The change was taken back (undo.rollback ran first). A replaced copy is in place
        again, with what it gained; a copy that is not (the one a redaction replaced, or one a
        retry replaced: the undo put an older one back) has what it gained since it was
        replaced laid on the file in place, so no `>>` into it is lost."""
        for path, fd, size in self._open:
            try:
                st = os.fstat(fd)
                try:
                    there = os.stat(path).st_ino
                except OSError:
                    there = None
                if st.st_ino != there and st.st_size > size:
                    append_in_place(path, os.pread(fd, st.st_size - size, size))
            except (OSError, WorkspaceError):
                pass  # (the file is gone: nothing to lay them on)
            finally:
                os.close(fd)
        self._open = []
        self.close()

    def close(self) -> None:
        """The change was taken back (the replaced copies are in place again, with what they gained)."""
        for _path, fd, _size in [*self._open, *self._removed]:
            os.close(fd)
        self._open, self._removed = [], []


def _create(path: Path, data: bytes) -> None:
    """`path` created with `data`, never over a file that is there."""
    from ..base.fsutil import open_confined
    fd = open_confined(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_verified(path: Path, expected: bytes | None, late: LateAppends) -> bool:
    """Remove `path` (which held `expected` when the writer read it) so that what a
    person saves meanwhile is never lost: the file is renamed aside and compared
    with `expected` at that moment. One that is not what we built on is put back
    (the next writer takes it in); one a person writes into a moment after the
    check is watched (`late`) and put back once the change is committed. Returns
    whether the file was removed as it was."""
    aside = path.with_name(f".{path.name}.{os.getpid()}.removed.tmp")  # (.*.tmp: ignored by git)
    discard(aside)
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        return True
    except OSError as exc:
        raise workspace_error_for(exc, path) from None
    try:
        replaced, fd = _read_open(aside)
    except OSError:
        replaced, fd = None, None
    if fd is None or replaced != expected:
        if fd is not None:
            os.close(fd)
        try:
            os.link(aside, path)  # never over a file a person saved there since
        except FileExistsError:
            pass
        except OSError as exc:
            raise workspace_error_for(exc, path) from None
        discard(aside)
        return False
    late.watch_removed(path, fd)
    discard(aside)
    return True


def replace_verified(path: Path, data: bytes, expected: bytes | None, merge=None,
                     late: LateAppends | None = None) -> tuple[bytes, tuple]:
    """Replace `path` (which held `expected` when the writer read it) by `data`
    so that what a person saves meanwhile is never lost.

    The file replaced is compared with `expected` at the moment it is
    replaced (an atomic exchange, or a hard link kept to it). If the person
    saved in between, their version is laid back on and the result put in
    place again: bytes they appended are appended to ours; another change
    goes through `merge(theirs) -> ours on theirs` (MEMORY.md: our section
    set in their text); without a merge their version is put back as it was
    (so the next writer takes it in as a hand edit). Returns what is in place
    and its stamp."""
    try:
        for _attempt in range(1000):
            tmp = fsutil.write_temporary(path, data)
            st = os.stat(tmp)
            stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
            replaced, fd = _swap_in(tmp, path)
            if replaced == expected or replaced is None:
                _fsync_dir(path.parent)
                if late is not None:
                    late.watch(path, fd, len(replaced or b""))
                elif fd is not None:
                    os.close(fd)
                return data, stamp
            if fd is not None:  # a `>>` into the copy swapped out is laid on once committed, as any's
                if late is not None:
                    late.watch(path, fd, len(replaced))
                else:
                    os.close(fd)
            theirs = replaced
            if expected is not None and theirs.startswith(expected):
                merged = data + theirs[len(expected):]
            else:
                merged = None
                if merge is not None:
                    try:
                        merged = merge(theirs)
                    except Exception:  # their text cannot take ours (e.g. unpaired markers): theirs stands
                        merged = None
                if merged is None:
                    merged = theirs
            expected, data = data, merged
    except OSError as exc:
        raise workspace_error_for(exc, path) from None
    raise WorkspaceError(f"{path} kept changing while being written; run the command again")

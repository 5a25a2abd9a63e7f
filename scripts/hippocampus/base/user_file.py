"""A person's own file (their settings, their notes), read and written the way they keep it.

- Through its link: a file kept elsewhere and linked in (GNU Stow, rcm, home-manager and
  other dotfile managers do this) stays a link, and the file it points to gets the new
  bytes. They go into a private temporary file beside that target, read back, given the
  target's mode (and owner, where we may), then renamed over it: a reader sees the old
  file or the new one, never half, and no temporary file or backup is left.
- A file with more than one hard link is written in place, so every name keeps seeing it
  (the bytes it held are put back if the write fails).
- Refused in one line, nothing written (UsageError): a link to nothing, a folder, a device, a
  pipe or a socket (`--output /dev/null` as root once put a file in /dev/null's place), or a file
  (or the folder that holds it) we may not write: a read-only file is the person's decision.
- Never deleted when it is a link (`delete` says so; the caller writes it empty instead).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ..errors import UsageError


def read(path: Path) -> bytes | None:
    """The file's bytes (through its links); None when there is none (a link to nothing included)."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder; left it untouched") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it ({exc.strerror or exc}); left it untouched") from None


def target(path: Path) -> Path:
    """Where the bytes of `path` live: the file its links lead to (refused when they lead nowhere)."""
    path = Path(path)
    if not path.is_symlink():
        return path
    real = Path(os.path.realpath(path))
    if not real.exists():
        raise UsageError(f"{path} is a link to {real}, which is not there; left it as it is "
                         "(create that file, or remove the link, and run this again)")
    return real


def writable(path: Path) -> Path:
    """The file to write for `path` (its links followed), checked: refused in one line when we may not."""
    real = target(path)
    folder = real.parent
    if real.exists():
        if real.is_dir():
            raise UsageError(f"{path} is a folder; left it untouched")
        if not real.is_file():  # a device, a pipe, a socket: a rename over it would put a file in its place
            raise UsageError(f"{path} is not a regular file (a device, a pipe or a socket); left it untouched")
        if not os.access(real, os.W_OK):
            shown = f"{path} (a link to {real})" if real != Path(path) else str(path)
            raise UsageError(f"{shown} is read-only for us; left it untouched")
    else:
        while not folder.exists():
            folder = folder.parent
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write in {folder} (for {path}); left it untouched")
    return real


def write(path: Path, data: bytes, new_mode: int = 0o600) -> None:
    """Put `data` in the file at `path`, through its links; a new file gets `new_mode`."""
    real = writable(path)
    try:
        info = real.stat()
    except FileNotFoundError:
        info = None
    real.parent.mkdir(parents=True, exist_ok=True)
    if info is not None and info.st_nlink > 1:
        return _in_place(real, data)
    fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if Path(tmp).read_bytes() != data:
            raise OSError(f"what was written to {real} does not read back")
        if info is not None:
            try:
                os.chown(tmp, info.st_uid, info.st_gid)
            except OSError:
                pass  # (not ours to give away: the new file is ours, with the same mode)
        os.chmod(tmp, stat.S_IMODE(info.st_mode) if info is not None else new_mode)
        os.replace(tmp, real)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}; left it as it was") from None
        raise
    _sync_folder(real.parent)


def _in_place(real: Path, data: bytes) -> None:
    before = real.read_bytes()
    try:
        with open(real, "r+b") as handle:
            handle.write(data)
            handle.truncate()
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        try:
            with open(real, "r+b") as handle:
                handle.write(before)
                handle.truncate()
        except OSError:
            pass
        raise UsageError(f"cannot write {real}: {exc.strerror or exc}; left it as it was") from None


def delete(path: Path) -> bool:
    """Remove a file that was all ours; False (nothing done) when it is a link: the person made that."""
    path = Path(path)
    if path.is_symlink():
        return False
    path.unlink()
    return True


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

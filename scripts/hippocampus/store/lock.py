"""The workspace lock: a kernel lock (flock) on hippocampus/.lock.

The lock is held by an open file descriptor, so the kernel drops it when the
process dies, however it dies: a killed writer never blocks the next one.
Readers never take it.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from ..errors import WorkspaceError


class WorkspaceLock:
    def __init__(self, path: Path, timeout: float):
        self.path = path
        self.timeout = timeout
        self._fd: int | None = None

    def __enter__(self) -> "WorkspaceLock":
        from ..base.fsutil import open_confined
        try:
            self._fd = open_confined(self.path, os.O_RDWR | os.O_CREAT)
        except OSError as exc:
            raise WorkspaceError(f"cannot open lock file {self.path}: {exc.strerror}") from None
        deadline = time.monotonic() + self.timeout
        delay = 0.005
        while True:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return self
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(self._fd)
                    self._fd = None
                    raise WorkspaceError(
                        f"workspace is locked by another writer for more than {self.timeout:g}s "
                        f"({self.path}); try again, or raise lock_timeout_seconds in memory/config.yaml") from None
                time.sleep(delay)
                delay = min(delay * 2, 0.1)

    def __exit__(self, *exc_info) -> None:
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None


class TurnLock:
    """A turn that is never waited for (one sync at a time): `held` says whether this
    process has it; a second taker finds it held and goes away."""

    def __init__(self, path: Path):
        self.path = path
        self.held = False
        self._fd: int | None = None

    def __enter__(self) -> "TurnLock":
        from ..base.fsutil import mkdir_confined, open_confined
        mkdir_confined(self.path.parent)
        try:
            self._fd = open_confined(self.path, os.O_RDWR | os.O_CREAT)
        except OSError as exc:
            raise WorkspaceError(f"cannot open lock file {self.path}: {exc.strerror}") from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            self.held = True
        except BlockingIOError:
            os.close(self._fd)
            self._fd = None
        return self

    def __exit__(self, *exc_info) -> None:
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None
                self.held = False

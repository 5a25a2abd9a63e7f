"""The workspace lock: a kernel lock (flock) on hippocampus/.lock.

The lock is held by an open file descriptor, so the kernel drops it when the
process dies, however it dies: a killed writer never blocks the next one.
Readers never take it.

Writers that find it held wait their turn in the order they came: each puts a
ticket in `.cache/lock-queue/` beside it (named by the time it came, flocked
while it waits, so a ticket whose waiter died is known and removed) and only
the oldest living ticket tries the lock. Without the queue the kernel gives
the lock to whichever waiter asks first after a release: at 100,000 memories
8 writers at once (bench/stress.py) saw 112 of 800 calls wait past the
timeout while others went through again and again.

The timeout (lock_timeout_seconds) is for a writer that holds the lock too
long, not for the length of the queue: it starts again each time a waiter
ahead gets its turn (the one that gets it replaces the queue's `turn` file),
not when a waiter ahead gives up, so behind a writer that hangs every waiter
is refused once the timeout has passed since the last turn. With the queue
alone, 21 of those 800 calls still timed out behind seven calls that together
took longer than 30 s.
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
        queue = Path(self.path).parent / ".cache" / QUEUE
        if not _waiting(queue) and _take(self._fd):
            return self  # (free, and no one waiting before us)
        ticket = None
        try:
            ticket = _Ticket.join(queue)
            delay = 0.002
            turn = _turn(queue)
            while True:
                if (ticket is None or ticket.ahead() == 0) and _take(self._fd):
                    if ticket is not None:
                        _mark_turn(queue)
                    return self
                if _turn(queue) != turn:  # a waiter ahead got its turn: the wait is for that writer now
                    turn = _turn(queue)
                    deadline = time.monotonic() + self.timeout
                if time.monotonic() >= deadline:
                    os.close(self._fd)
                    self._fd = None
                    raise WorkspaceError(
                        f"workspace is locked by another writer for more than {self.timeout:g}s "
                        f"({self.path}); try again, or raise lock_timeout_seconds in memory/config.yaml") from None
                time.sleep(delay)
                delay = min(delay * 2, POLL_SECONDS)
        finally:
            if ticket is not None:
                ticket.leave()

    def __exit__(self, *exc_info) -> None:
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None


QUEUE = "lock-queue"
POLL_SECONDS = 0.02  # how often a waiter looks again (the oldest: at the lock; the others: at the queue)


def _take(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _mark_turn(queue: Path) -> None:
    """Say that a waiter got its turn (the waiters behind it count their timeout from now): the
    queue's `turn` file replaced by a new one."""
    fresh = queue / f"turn.{os.getpid()}.{os.urandom(3).hex()}"
    try:
        os.close(os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600))
        os.replace(fresh, queue / "turn")
    except OSError:
        try:
            os.unlink(fresh)
        except OSError:
            pass


def _turn(queue: Path) -> tuple | None:
    """Which turn the queue is at (the `turn` file's inode and time), None before the first."""
    try:
        st = os.stat(queue / "turn", follow_symlinks=False)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


def _waiting(queue: Path) -> bool:
    """Whether any ticket is in the queue (a waiter, or one a dead waiter left: the queue clears those)."""
    try:
        return any(name.endswith(".ticket") for name in os.listdir(queue))
    except OSError:
        return False


class _Ticket:
    """A waiter's place in the queue: a file named by when it came (the machine's monotonic clock in
    nanoseconds, then its pid and a random tag), flocked by its waiter for as long as it waits."""

    def __init__(self, queue: Path, name: str, fd: int):
        self.queue, self.name, self.fd = queue, name, fd

    @classmethod
    def join(cls, queue: Path) -> "_Ticket | None":
        """A ticket, or None where the queue cannot be written (the caller then asks for the lock as
        any waiter would, in no order)."""
        from ..base.fsutil import mkdir_confined, open_confined
        name = f"{time.monotonic_ns():020d}-{os.getpid()}-{os.urandom(3).hex()}"
        try:
            mkdir_confined(queue)
            fd = open_confined(queue / f"{name}.new", os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        except (OSError, WorkspaceError):
            return None
        try:  # flocked before it is a ticket by name: no other waiter ever finds it free while we wait
            fcntl.flock(fd, fcntl.LOCK_EX)
            os.rename(queue / f"{name}.new", queue / f"{name}.ticket")
        except OSError:
            os.close(fd)
            try:
                os.unlink(queue / f"{name}.new")
            except OSError:
                pass
            return None
        return cls(queue, f"{name}.ticket", fd)

    def ahead(self) -> int:
        """How many living waiters came before this one (0: its turn). A ticket whose waiter died
        (its flock free) is removed on the way."""
        try:
            names = os.listdir(self.queue)
        except OSError:
            return 0
        return sum(1 for name in names if name.endswith(".ticket") and name < self.name
                   and not _gone(self.queue / name))

    def leave(self) -> None:
        try:
            os.unlink(self.queue / self.name)
        except OSError:
            pass
        os.close(self.fd)


def _gone(path: Path) -> bool:
    """Whether the ticket at `path` is a dead waiter's (removed now) or gone already."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return True
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # its waiter holds it: alive
        except OSError:
            return True
        try:
            os.unlink(path)
        except OSError:
            pass
        return True
    finally:
        os.close(fd)


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

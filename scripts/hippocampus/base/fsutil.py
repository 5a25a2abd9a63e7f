"""Atomic file writes: temp file in the same folder, fsync, rename, fsync folder;
and the workspace's confinement: no path we open, write, rename or remove
under a workspace may leave it through a symbolic link, whoever put the link
there (a synced remote, a person, another program). `confine(root)` names the
workspace (Workspace.open, init); every writer here checks the path it is
given at the moment it opens it (check_confined), for every file, not a list
of known names: the folders on its way must resolve inside the workspace,
and the file itself must not be a link. Readers of files that feed a write
(read_confined) resolve the whole path.

write_all's writev of a file's parts saves copying them into one buffer, which
bench/machinery.py does not show apart from the noise: index.json at 10,000
memories 13.1-14.3 ms vs 10.9-15.1 ms for b"".join + one write (0.94-1.23x, three runs).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..errors import WorkspaceError


def _fsync_dir(folder: Path) -> None:
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


def sync_folders(folders) -> None:
    """fsync each folder once (after renames into it made with put_in_place(sync=False))."""
    for folder in sorted(set(folders)):
        _fsync_dir(folder)


# the workspaces confined in this process: their path as given and as resolved -> resolved
_ROOTS: dict[str, str] = {}
_CHECKED: dict[str, tuple[int, int]] = {}  # a folder found inside -> its (device, inode) then


def confine(root: Path | str) -> None:
    """From now on every path under `root` that the functions here open, write,
    rename or remove must stay inside it (check_confined)."""
    real = os.path.realpath(root)
    _ROOTS[os.path.abspath(root)] = real
    _ROOTS[real] = real


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _root_of(path: str) -> tuple[str, str] | None:
    for given, real in _ROOTS.items():
        if _inside(path, given):
            return given, real
    return None


def _folder_inside(folder: str, given: str, real: str) -> None:
    """WorkspaceError when `folder` (absolute, in the workspace `given`) resolves outside it.
    A folder found inside is remembered by its device and inode (one lstat the next time)."""
    known = _CHECKED.get(folder)
    try:
        st = os.lstat(folder)
        stamp = (st.st_dev, st.st_ino) if not stat.S_ISLNK(st.st_mode) else None
    except OSError:
        stamp = None
    if known is not None and known == stamp:
        return
    resolved = os.path.realpath(folder)
    if not _inside(resolved, real):
        raise WorkspaceError(f"refusing to follow a symbolic link out of the workspace: "
                             f"{os.path.relpath(folder, given)} leads to {resolved}; nothing was written "
                             "(scripts/doctor.py names it)")
    if stamp is not None:
        _CHECKED[folder] = stamp


def check_confined(path: Path | str, *, link_ok: bool = False) -> None:
    """WorkspaceError (one line, nothing written) when `path` lies in a confined
    workspace but a folder on its way resolves outside it, or the file is itself
    a symbolic link (`link_ok`: one that resolves inside, for readers)."""
    absolute = os.path.abspath(path)
    found = _root_of(absolute)
    if found is None:
        return
    given, real = found
    parent = os.path.dirname(absolute)
    if parent != absolute:
        _folder_inside(parent, given, real)
    if os.path.islink(absolute):
        if link_ok and _inside(os.path.realpath(absolute), real):
            return
        raise WorkspaceError(f"refusing to write through the symbolic link {os.path.relpath(absolute, given)} "
                             f"(to {os.readlink(absolute)}); nothing was written (scripts/doctor.py names it)")


def open_confined(path: Path | str, flags: int, mode: int = 0o644) -> int:
    """os.open of a file in a confined workspace (check_confined), never through a
    link at its last step (O_NOFOLLOW)."""
    check_confined(path)
    return os.open(path, flags | os.O_NOFOLLOW | os.O_CLOEXEC, mode)


def read_confined(path: Path | str, probe: bool = False) -> bytes:
    """A file's bytes, when it lies in a confined workspace and resolves inside it
    (FileNotFoundError when it is not there; WorkspaceError when a link leads out).
    `probe`: only the check, b"" (for a reader that opens the file its own way)."""
    absolute = os.path.abspath(path)
    found = _root_of(absolute)
    if found is not None and not _inside(os.path.realpath(absolute), found[1]):
        raise WorkspaceError(f"refusing to read {os.path.relpath(absolute, found[0])} through a symbolic link out "
                             f"of the workspace (to {os.path.realpath(absolute)}); scripts/doctor.py names it")
    if probe:
        return b""
    with open(absolute, "rb") as handle:
        return handle.read()


def read_plain(path: Path | str, size: int = 0) -> bytes:
    """A file's bytes read with bare system calls, never through a link at its last
    step (O_NOFOLLOW: OSError ELOOP) and never waiting on a pipe put in its place
    (O_NONBLOCK). For the memory files a look reads by the thousand, in folders
    already checked (reconcile.list_memory_files): ~3x quicker than Path.read_bytes
    for small files (20,000 files, 0.27 -> 0.10 s). `size`: the size last seen."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        want = max(size + 1, 8192)  # one read for a file of the size seen, and one more past its end
        chunks = []
        while True:
            chunk = os.read(fd, want)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            want = max(want, 1 << 20)
    finally:
        os.close(fd)


def mkdir_confined(folder: Path) -> None:
    """folder.mkdir(parents=True, exist_ok=True), never through a link out of a confined workspace."""
    absolute = os.path.abspath(folder)
    found = _root_of(absolute)
    if found is not None:
        _folder_inside(absolute, *found)
    folder.mkdir(parents=True, exist_ok=True)


def atomic_write(path: Path, data: bytes | str | list, *, sync: bool = True) -> None:
    """Replace `path` with `data` so readers see the old or the new file, never half."""
    put_in_place(write_temporary(path, data, sync=sync), path, sync=sync)


def write_temporary(path: Path, data: bytes | str | list, *, sync: bool = True) -> Path:
    """The first half of atomic_write: `data` (or its parts, see write_all) in a
    temporary file beside `path` (fsynced), to be put in place with put_in_place."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    mkdir_confined(path.parent)
    check_confined(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = open_confined(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            write_all(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        discard(tmp)
        raise workspace_error_for(exc, path) from None
    except BaseException:  # (a part's source written over meanwhile, a Ctrl-C: no temporary left)
        discard(tmp)
        raise
    return tmp


def stamped_temporary(path: Path, data: bytes | str | list) -> tuple[Path, tuple[int, int, int]]:
    """write_temporary(path, data), fsynced, and the temporary's (mtime_ns, size, inode): the
    stat of our bytes (a rename keeps it), not of a later save."""
    tmp = write_temporary(path, data)
    st = os.stat(tmp)
    return tmp, (st.st_mtime_ns, st.st_size, st.st_ino)


WRITE_THREADS = 8  # fsyncs at once (a disk's queue takes many: 2,000 files 3.3-4.6 s -> 2.1-2.3 s)


def write_temporaries(items: list[tuple[Path, bytes | str | list]], *, at_least: int = 32, track=None
                      ) -> dict[Path, tuple[Path, tuple[int, int, int]]]:
    """stamped_temporary for each (path, data), WRITE_THREADS at a time when there are
    `at_least` of them (fewer: {}, the caller writes each itself); `track` wraps the
    list of what is being waited for (a progress line). On a failure every temporary
    written is removed and the first error raised (an OSError as a WorkspaceError)."""
    if len(items) < at_least:
        return {}
    from concurrent.futures import ThreadPoolExecutor

    for folder in {path.parent for path, _data in items}:
        clear_dead_temporaries(folder)

    done: dict[Path, tuple[Path, tuple[int, int, int]]] = {}
    futures: list = []
    failure = None
    with ThreadPoolExecutor(max_workers=WRITE_THREADS, thread_name_prefix="hippocampus-write") as pool:
        try:
            for path, data in items:
                futures.append((path, pool.submit(stamped_temporary, path, data)))
            for path, future in (track(futures) if track else futures):
                try:
                    done[path] = future.result()
                except BaseException as exc:  # (the others still finish: each is removed below)
                    if failure is None:
                        failure = workspace_error_for(exc, path) if isinstance(exc, OSError) else exc
        except BaseException as exc:  # (a Ctrl-C or the progress line's error between two waits)
            if failure is None:
                failure = exc
    if failure is not None:
        # every submitted write has finished (the pool was shut down waiting): those whose result
        # was never taken (a Ctrl-C inside the wait for it, or before) are removed too
        for path, future in futures:
            if path not in done and future.exception() is None:
                done[path] = future.result()
        for tmp, _stamp in done.values():
            discard(tmp)
        raise failure
    return done


def clear_dead_temporaries(folder: Path) -> int:
    """Remove from `folder` the temporaries (write_temporary's `.<name>.<pid>.tmp`) of writers
    that were killed: a kill while many files were being written (write_temporaries) leaves one
    beside each, thousands in a consolidation's folders. Called by a writer, who holds the
    workspace's lock: no other writer of these folders is at work. How many were removed."""
    removed = 0
    try:
        entries = os.scandir(folder)
    except OSError:
        return 0
    with entries:
        for entry in entries:
            name = entry.name
            if not (name.startswith(".") and name.endswith(".tmp")):
                continue
            pid = name[:-4].rsplit(".", 1)[-1]
            if not pid.isdigit() or process_alive(int(pid)):  # (ours is alive)
                continue
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                pass
    return removed


def process_alive(pid: int) -> bool:
    """Whether process `pid` is there (ours is; another user's counts as alive)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # (another user's: alive)
    return True


def write_all(fd: int, data) -> None:
    """Write bytes, or a list of parts in order (a file of megabytes written from the pieces it is
    made of, never copied into one), to the end. A part is bytes-like, or a range of another file
    (file_bytes.FileSpan: copied from file to file in the kernel)."""
    from .file_bytes import FileSpan
    parts = data if isinstance(data, list) else [data]
    run: list = []
    for part in parts:
        if type(part) is FileSpan:
            _write_views(fd, run)
            run = []
            part.copy_to(fd)
        else:
            run.append(part)
    _write_views(fd, run)


def _write_views(fd: int, parts: list) -> None:
    views = [memoryview(part).cast("B") for part in parts]
    first = 0
    while first < len(views):
        written = os.writev(fd, views[first:first + 1024])  # (IOV_MAX)
        if written == 0 and views[first].nbytes:
            raise OSError(errno.EIO, "the disk took nothing")
        while first < len(views) and written >= views[first].nbytes:
            written -= views[first].nbytes
            first += 1
        if written:  # a short write ended inside a part
            views[first] = views[first][written:]


def put_in_place(tmp: Path, path: Path, *, sync: bool = True) -> None:
    """The second half of atomic_write: rename the temporary file over `path`."""
    try:
        check_confined(path)
    except WorkspaceError:
        discard(tmp)
        raise
    try:
        os.replace(tmp, path)
    except OSError as exc:
        discard(tmp)
        raise workspace_error_for(exc, path) from None
    if sync:
        _fsync_dir(path.parent)


def discard(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


class InBackground:
    """`fn(*args)` on a thread: for I/O that waits on the disk (writing, fsync,
    stat), which releases the GIL while the caller computes. `wait()` returns
    what fn returned, or re-raises.

    A Ctrl-C while waiting is answered once fn has returned, never before: the
    caller goes on to close what fn writes to, or to take its writes back. (Not
    Thread.join: interrupted, it marks a thread that is still running as ended,
    and the next join returns at once; a rollback then ran beside the writer.)"""

    def __init__(self, fn, *args):
        import threading

        self._error: BaseException | None = None
        self._result = None
        self._done = threading.Event()

        def run() -> None:
            try:
                self._result = fn(*args)
            except BaseException as exc:  # handed to the thread that waits
                self._error = exc
            finally:
                self._done.set()

        self._thread = threading.Thread(target=run, name="hippocampus-write")
        self._thread.start()

    def wait(self):
        interrupted = None
        while True:
            try:
                self._done.wait()  # (an Event's wait may be interrupted and waited on again)
                break
            except KeyboardInterrupt as exc:
                interrupted = exc
        if interrupted is not None:
            raise interrupted
        if self._error is not None:
            raise self._error
        return self._result


class InChild:
    """fn(*args) in a forked child process, its result (what marshal carries) handed back through a
    pipe: work of many small system calls, which a thread does at the pace the interpreter's lock
    lets it beside a main thread busy in Python, or Python work of its own on the other core (the
    sleep's reading ahead). The child writes nothing and leaves by os._exit.
    Where no child may be forked (another thread runs: a fork copies whatever it holds mid-way; no
    process to be had), fn runs on a thread (InBackground); a child that fails, fn runs here."""

    def __init__(self, fn, *args):
        import threading

        self._fn, self._args, self._pid, self._read, self._thread = fn, args, None, None, None
        if threading.active_count() == 1:
            try:
                read, write = os.pipe()
            except OSError:
                read = write = None
            if read is not None:
                try:
                    self._pid = os.fork()
                except OSError:
                    os.close(read)
                    os.close(write)
                if self._pid == 0:  # the child: fn, its result down the pipe, and out, whatever happens
                    status = 1
                    try:
                        import marshal
                        from .progress import quiet
                        os.close(read)
                        quiet()  # the parent's progress line is the one shown
                        write_all(write, [marshal.dumps(fn(*args))])
                        status = 0
                    finally:
                        os._exit(status)
                if self._pid is not None:
                    os.close(write)
                    self._read = read
        if self._pid is None:
            self._thread = InBackground(fn, *args)

    def wait(self):
        if self._thread is not None:
            return self._thread.wait()
        import marshal
        chunks = []
        try:  # (a Ctrl-C meanwhile: the child is killed and reaped, not waited for)
            while chunk := os.read(self._read, 1 << 20):
                chunks.append(chunk)
            os.close(self._read)
            self._read = None
            _, status = os.waitpid(self._pid, 0)
            self._pid = None  # reaped: its number may be another process's from here
        except BaseException:
            self.discard()
            raise
        if status != 0:
            return self._fn(*self._args)
        return marshal.loads(b"".join(chunks))

    def discard(self) -> None:
        """The result is not wanted (the caller failed meanwhile): the child, if not reaped yet, is
        killed and reaped; a thread is left to finish on its own. Once is enough; again, nothing."""
        if self._read is not None:
            os.close(self._read)
            self._read = None
        if self._pid is not None:
            import signal
            pid, self._pid = self._pid, None
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(pid, 0)


def workspace_error_for(exc: OSError, path: Path | str) -> WorkspaceError:
    if exc.errno == errno.ENOSPC:
        return WorkspaceError(f"disk full while writing {path}; nothing was changed")
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return WorkspaceError(f"cannot write {path}: {exc.strerror}")
    return WorkspaceError(f"cannot write {path}: {exc.strerror or exc}")


def line_bytes(line: str) -> bytes:
    """A line as append_line writes it."""
    return (line.rstrip("\n") + "\n").encode("utf-8")


def append_line(path: Path, line: str) -> int:
    """Append one line durably (O_APPEND keeps concurrent appends whole); the
    file's size before it, for `truncate_to` to take the line back. A line
    the disk had no room for is taken back at once."""
    mkdir_confined(path.parent)
    try:
        fd = open_confined(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            try:
                write_all(fd, line_bytes(line))
                os.fsync(fd)
            except OSError:
                os.ftruncate(fd, size)
                raise
        finally:
            os.close(fd)
    except OSError as exc:
        raise workspace_error_for(exc, path) from None
    return size


def truncate_to(path: Path, size: int) -> None:
    """Cut a file back to `size` bytes (what append_line added, taken back)."""
    try:
        fd = open_confined(path, os.O_WRONLY)
    except (OSError, WorkspaceError):
        return
    try:
        os.ftruncate(fd, size)
    except OSError:
        pass
    finally:
        os.close(fd)


def ours_to_write(path: Path, resolved_root: Path) -> bool:
    """Whether `path` (resolved: symbolic links followed) lies in the workspace and
    not in a .git there: the last check before a commit writes or deletes it."""
    try:
        return ".git" not in path.resolve().relative_to(resolved_root).parts
    except ValueError:
        return False


def is_within(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True


def file_hash(data: bytes) -> str:
    from hashlib import sha256
    return sha256(data).hexdigest()[:16]

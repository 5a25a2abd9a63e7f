"""What a transaction's writes replaced, kept until its commit lands, so that a
transaction that fails (a full disk, a commit hook that says no, a signing
program that fails) is taken back whole: nothing of it survives on disk, and
nothing is left for the next writer to "recover" into the audit trail.

A file about to be replaced or removed keeps its old content under a second
name beside it (a hard link: no bytes are copied, nothing needs room on the
disk; where links are not possible, its bytes in memory). A file that did not
exist is removed again. The names are `.<name>.undo.tmp` (hippocampus/.gitignore
ignores `.*.tmp`); a writer killed before it could clean them up leaves them,
and the next one removes those beside the paths of its pending-commit note.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


def backup_of(path: Path) -> Path:
    return path.with_name(f".{path.name}.undo.tmp")


class Undo:
    def __init__(self) -> None:
        # (path, its backup, its bytes, ("appended", our bytes), or None: it was new)
        self._kept: list[tuple[Path, Path | bytes | tuple | None]] = []
        self._seen: set[Path] = set()
        self._lock = threading.Lock()  # files are written on a thread while the main one writes others

    def keep(self, path: Path) -> None:
        """Call before `path` is replaced or removed (once is enough)."""
        with self._lock:
            if path in self._seen:
                return
            self._seen.add(path)
        from ..base.fsutil import check_confined
        check_confined(path)  # (a link there, or a folder leading out, is never written through)
        if not os.path.lexists(path):
            kept: Path | bytes | None = None
        else:
            backup = backup_of(path)
            try:
                os.unlink(backup)
            except FileNotFoundError:
                pass
            try:
                os.link(path, backup, follow_symlinks=False)
                kept = backup
            except OSError:  # a file system without hard links: keep the bytes
                kept = path.read_bytes()
        with self._lock:
            self._kept.append((path, kept))

    def appended(self, path: Path, suffix: bytes) -> None:
        """`suffix` is about to be appended to `path` in place (a daily log a person may
        be appending to as well): a rollback cuts it out again, and their bytes stay."""
        with self._lock:
            self._kept.append((path, ("appended", suffix)))

    def rollback(self) -> bool:
        """Put back every file as it was; whether all of them could be."""
        whole = True
        with self._lock:
            kept, self._kept = list(reversed(self._kept)), []
            self._seen.clear()
        for path, old in kept:
            try:
                if old is None:
                    try:
                        os.unlink(path)
                    except FileNotFoundError:
                        pass
                elif isinstance(old, Path):
                    os.replace(old, path)
                    if os.path.lexists(old):  # (a rename between two links of one file, never replaced
                        os.unlink(old)        # yet, does nothing: the backup's name stays behind)
                elif isinstance(old, tuple):  # appended in place: cut our bytes out, keep the rest
                    data = path.read_bytes()
                    at = data.rfind(old[1])
                    if at >= 0:
                        from ..base.fsutil import atomic_write
                        atomic_write(path, data[:at] + data[at + len(old[1]):])
                else:
                    from ..base.fsutil import atomic_write
                    atomic_write(path, old)
            except Exception:
                whole = False
        return whole

    def discard(self) -> None:
        """The change landed: forget what it replaced."""
        with self._lock:
            kept, self._kept = self._kept, []
            self._seen.clear()
        for _path, old in kept:
            if isinstance(old, Path):
                try:
                    os.unlink(old)
                except OSError:
                    pass


def remove_leftovers(root: Path, paths: list[str]) -> None:
    """Backups a killed writer left beside the paths it was writing."""
    for relative in paths:
        try:
            os.unlink(backup_of(root / relative))
        except OSError:
            pass

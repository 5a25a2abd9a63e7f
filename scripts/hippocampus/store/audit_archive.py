"""The audit log's archive: hippocampus/meta/audit.log holds the recent lines, and
hippocampus/meta/audit/<YYYY-MM>.log the older ones, by month.

Every commit stores the whole audit.log in git: left to grow, a year of use
(~3 MB) would add that much to each commit and ~10 ms to each call. So the
first change of a new month, or one that finds the log past
ROTATE_OVER_BYTES, moves its lines into the month files (appended) and starts
the log afresh, in the same transaction and commit. Nothing is dropped:
`lines()` reads the archive and the log in order.

A rotation writes the month files before it empties the log. A writer killed
in between leaves lines in both; the next rotation finds a month file already
ending with those lines and does not append them twice.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from ..base.paths import WorkspacePaths
from ..text.timeutil import format_time

ROTATE_OVER_BYTES = 256 * 1024
_MONTH = re.compile(rb"\d{4}-(?:0[1-9]|1[0-2])")


def archive_folder(paths: WorkspacePaths) -> Path:
    return paths.meta / "audit"


def plan(paths: WorkspacePaths, now: datetime) -> dict[Path, bytes]:
    """The files a rotation writes ({path: new bytes}; the log last, empty),
    or {} when the log stays as it is. Costs one stat and a 7-byte read."""
    log = paths.audit_log
    try:
        with open(log, "rb") as handle:
            size = handle.seek(0, 2)
            handle.seek(0)
            head = handle.read(7)
    except (FileNotFoundError, IsADirectoryError):
        return {}
    this_month = format_time(now)[:7].encode()
    if size == 0 or (size <= ROTATE_OVER_BYTES and (not _MONTH.fullmatch(head) or head == this_month)):
        return {}
    data = log.read_bytes().splitlines(keepends=True)
    # an undated line (a hand edit) goes with the line before it; leading ones with the first dated one
    month = next((line[:7] for line in data if _MONTH.fullmatch(line[:7])), this_month)
    months: dict[bytes, list[bytes]] = {}
    for line in data:
        if _MONTH.fullmatch(line[:7]):
            month = line[:7]
        months.setdefault(month, []).append(line if line.endswith(b"\n") else line + b"\n")
    written: dict[Path, bytes] = {}
    folder = archive_folder(paths)
    for month, group in months.items():
        target = folder / f"{month.decode()}.log"
        block = b"".join(group)
        try:
            existing = target.read_bytes()
        except FileNotFoundError:
            existing = b""
        if existing.endswith(block):  # a rotation killed after this file, before the log: done already
            written[target] = existing  # (and committed now, if that one did not get to it)
            continue
        if existing and not existing.endswith(b"\n"):
            existing += b"\n"
        written[target] = existing + block
    written[log] = b""
    return written


def files(paths: WorkspacePaths) -> list[Path]:
    """The month files, oldest first, then audit.log."""
    folder = archive_folder(paths)
    months = sorted(p for p in folder.glob("*.log") if _MONTH.fullmatch(p.stem.encode())) if folder.is_dir() else []
    return [*months, paths.audit_log]


def lines(paths: WorkspacePaths) -> list[str]:
    """Every audit line, oldest first: the month files, then audit.log."""
    found: list[str] = []
    for path in files(paths):
        try:
            found += path.read_text(encoding="utf-8", errors="replace").splitlines()
        except FileNotFoundError:
            continue
    return found


def last_lines(paths: WorkspacePaths, count: int) -> list[str]:
    """The last `count` audit lines, oldest first, reading only as far back as needed."""
    found: list[str] = []
    for path in reversed(files(paths)):
        if len(found) >= count:
            break
        try:
            found = path.read_text(encoding="utf-8", errors="replace").splitlines() + found
        except FileNotFoundError:
            continue
    return found[-count:] if count > 0 else []

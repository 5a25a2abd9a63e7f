"""The last look at every memory file, and which large folders it still vouches for.

Saves the stat of every file in a folder of over 1,000 memories: ~175-230 ms at
10,000 memories on a loaded machine (bench/machinery.py: 0.2-0.3 ms vs 176-233 ms;
nothing at 1,000, where no folder is that large).

Noticing a hand edit costs one stat per memory file (reconcile); with one file
per memory that is ~40-70 ms at 10,000. A look records when it began and, per
memory folder, how many files it held, the print of the folder's own stat and
the print of everything in it (`files_look` in the search cache, beside
`files_print`). For `recall.hand_edit_look_seconds` after it, a folder of more
than LOOK_LATER_OVER files whose own stat is unchanged (no file added, removed
or renamed in it) may count with its recorded print instead of being listed:
only an edit in place there goes unseen, and callers check the files they are
about to show or change (Workspace.reader_cache, Transaction.commit).
load_core trusts the look however old it is (reader_cache(any_age=True)) and
checks the files of the whole core set (core.of_workspace): ~500 stat calls
instead of 100,000 at 100,000 memories (a call 0.13-0.15x of before there,
0.09-0.10x at 200,000, in turns: references/performance.md).
"""

from __future__ import annotations

import json
import os
import time

from . import reconcile
from ..base.paths import MEMORY_FOLDERS, WorkspacePaths

# a memory folder of more files than this may be skipped for a while
LOOK_LATER_OVER = 1000


class Skipped:
    """A folder taken as the last look left it."""

    def __init__(self, count: int, own: tuple, files_print: int, listed_at: float):
        self.count = count          # files in it (the folder itself not counted)
        self.own = own              # the folder's own stat, as listed (mtime_ns, -1, inode)
        self.files_print = files_print  # reconcile.fingerprint of the folder and its files
        self.listed_at = listed_at  # when its files were last listed (the look's time)


def skippable(paths: WorkspacePaths, recorded: str | None, seconds: float) -> dict[str, Skipped] | None:
    """The folders the recorded look still vouches for (possibly none); None when
    there is no look or it is older than `seconds`."""
    try:
        look = json.loads(recorded or "")
        folders = look["folders"]
        listed_at = float(look["at"])
        age = time.time() - listed_at
    except (ValueError, TypeError, KeyError):
        return None
    if not 0 <= age < seconds or not isinstance(folders, dict):
        return None
    skipped = {}
    for folder in MEMORY_FOLDERS:
        seen = folders.get(folder)
        if not (isinstance(seen, list) and len(seen) == 3 and all(isinstance(n, int) for n in seen)) \
                or seen[0] <= LOOK_LATER_OVER:
            continue
        try:
            st = os.stat(paths.memory / folder)
        except OSError:
            continue  # gone: listing it shows that
        own = (st.st_mtime_ns, -1, st.st_ino)
        if reconcile.entry_print(folder, own) == seen[1]:
            skipped[folder] = Skipped(seen[0], own, seen[2], listed_at)
    return skipped


def _by_folder(stats: dict) -> dict[str, dict]:
    """list_memory_files' stats by memory folder ("<store>/<folder>/" entries with their folder's)."""
    parts: dict[str, dict] = {}
    for path, entry in stats.items():
        parts.setdefault(path.split("/", 2)[1], {})[path] = entry
    return parts


def as_indexed(listed: dict, skipped: dict[str, Skipped], recorded: str | None) -> set[str]:
    """The memory folders as a writer's look (`index_files_look`) left them: index.json holds their
    files as they are (a reader's look may have seen an edit in place no writer took in). `listed`:
    the files' stats (reconcile.list_memory_files) but for the `skipped` folders, whose recorded
    prints are taken. A folder absent now never counts (a look may leave a folder out for other
    reasons than its absence: comparing what is not there costs a search of index.json)."""
    try:
        folders = json.loads(recorded or "")["folders"]
        if not isinstance(folders, dict):
            return set()
    except (ValueError, TypeError, KeyError):
        return set()
    now = {folder: [len(entries) - 1, reconcile.fingerprint(entries)] for folder, entries in _by_folder(listed).items()
           if any(path.endswith("/") for path in entries)}  # (files with no folder entry: never as left)
    now.update({folder: [s.count, s.files_print] for folder, s in skipped.items()})
    same = set()
    for folder in MEMORY_FOLDERS:
        then = folders.get(folder)
        then = [then[0], then[2]] if isinstance(then, list) and len(then) == 3 else then
        if folder in now and now[folder] == then:
            same.add(folder)
    return same


def still(paths: WorkspacePaths, skipped: dict[str, Skipped]) -> bool:
    """Whether every skipped folder's own stat is still the one it was skipped with."""
    for folder, seen in skipped.items():
        try:
            st = os.stat(paths.memory / folder)
        except OSError:
            return False
        if (st.st_mtime_ns, -1, st.st_ino) != seen.own:
            return False
    return True


def listed_folders(skipped: dict[str, Skipped]) -> tuple[str, ...]:
    return tuple(folder for folder in MEMORY_FOLDERS if folder not in skipped)


def total_print(listed: dict, skipped: dict[str, Skipped]) -> int:
    """The print of every memory file: those listed, and the skipped folders' recorded ones."""
    return reconcile.mask(reconcile.fingerprint(listed) + sum(s.files_print for s in skipped.values()))


def folder_of(path: str) -> str | None:
    """The memory folder a memory file (<store>/<folder>/<name>) is in."""
    parts = path.split("/")
    return parts[1] if len(parts) == 3 and parts[0] in ("hippocampus", "memory") and parts[2] else None


def stamp(stats: dict, looked_at: float | None, skipped: dict[str, Skipped] | None = None,
          removed: list[tuple[str, tuple]] = (), added: list[tuple[str, tuple]] = (),
          writer: bool = False) -> str | None:
    """The look to record: `stats` as reconcile.list_memory_files gives them (with
    "<store>/<folder>/" entries), taken at `looked_at`. A skipped folder's entry is
    its recorded one, moved by the files `removed` (stat before) and `added`
    (stat after) in it; its own stat is the one in `stats`. The look keeps the
    time of the oldest listing in it: writers skipping a folder every few
    seconds never put off its next listing."""
    if looked_at is None:
        return None
    skipped = skipped or {}
    looked_at = min([looked_at, *(s.listed_at for s in skipped.values())])
    parts = _by_folder(stats)
    if not writer and not skipped and all(len(entries) <= LOOK_LATER_OVER + 1 for entries in parts.values()):
        return None  # (as below, before any print is made: a small store's reader asks on every call)
    folders = {}
    store = next(iter(stats)).split("/", 1)[0] if stats else "hippocampus"
    for folder, entries in parts.items():
        own = entries.get(f"{store}/{folder}/")
        if own is None:
            continue
        if folder not in skipped:
            folders[folder] = [len(entries) - 1, reconcile.entry_print(folder, own), reconcile.fingerprint(entries)]
            continue
        before = skipped[folder]
        gone = {p: s for p, s in removed if folder_of(p) == folder}
        came = {p: s for p, s in added if folder_of(p) == folder}
        value = reconcile.adjust_fingerprint(before.files_print, [*gone.items(), ("", before.own)],
                                             [*came.items(), ("", own)])
        count = before.count + len(came.keys() - gone.keys()) - len(gone.keys() - came.keys())
        folders[folder] = [count, reconcile.entry_print(folder, own), value]
    if not writer and not any(count > LOOK_LATER_OVER for count, _own, _print in folders.values()):
        return None  # nothing it could let anyone skip: not worth a write (a writer's: what it left, per folder)
    return json.dumps({"at": looked_at, "folders": folders}, separators=(",", ":"))


def without(recorded: str | None, folders: set[str | None]) -> str | None:
    """A recorded look (stamp) with `folders` left out of it: the next look lists them."""
    if recorded is None:
        return None
    look = json.loads(recorded)
    for folder in folders:
        look["folders"].pop(folder, None)
    return json.dumps(look, separators=(",", ":"))  # (with no large folder left: still what the others are)

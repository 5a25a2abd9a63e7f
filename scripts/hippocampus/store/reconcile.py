"""Noticing hand edits cheaply: stat every memory file, hash only what changed.

A person may edit a memory's markdown, delete it, or drop a new .md file into
a domain folder. `scan` compares the folders with a stat manifest (path ->
mtime, size, inode, content hash) kept in the search cache, and with the
file -> hash map of the index, and reports what a person changed.
"""

from __future__ import annotations

import os
from stat import S_ISREG
from pathlib import Path

from ..base.fsutil import file_hash, read_plain
from ..base.paths import MEMORY_FOLDERS, WorkspacePaths, is_archived_path, is_memory_file, leaves_workspace, nameable

_MASK = (1 << 64) - 1
SKIPPED = "-"  # the manifest's hash of a file left out of the index (reconcile.NotAMemory)
GONE_BY_HAND = ("file deleted by hand", "entry deleted by hand")  # archivedBecause: a file (entry) coming back revives


class HandEdit:
    def __init__(self, path: str, memory_id: str | None, meta: dict, content: str, raw: bytes, hash: str):
        self.path = path              # relative to the workspace root
        self.memory_id = memory_id    # the id the index knows for this file, if any
        self.meta = meta
        self.content = content
        self.raw = raw
        self.hash = hash
        self.redacted_text: str | None = None  # set when the file held a secret and must be rewritten
        self.fallback_id = derived_id(path)     # the id a new memory gets when the file names none usable
        self.entry = None                       # the daily-log entry (episodes.Entry), for entries


class ScanResult:
    def __init__(self):
        self.modified: list[HandEdit] = []
        self.added: list[HandEdit] = []
        self.deleted: list[str] = []                  # memory ids whose file is gone
        self.unread: list[str] = []                   # listed, gone before it could be read (a folder renamed away
        #                                               and back, mid-look): the next look must read it again
        self.broken: list[tuple[str, str]] = []       # (path, reason)
        self.manifest_updates: dict = {}              # path -> (mtime, size, ino, hash, indexed)
        self.manifest_removed: list[str] = []
        self.rewrites: dict[str, str] = {}            # path -> text a writer must save (redacted, marked)
        self.skipped: list[tuple[str, str, bool]] = []  # (path, why it is no memory (not_memory), first seen as it is)
        self.read: dict[str, bytes] = {}              # path -> the bytes a rewrite was made from
        self.gone_by_hand: set[str] = set()           # ids archived as "file deleted by hand" (revived on return)

    @property
    def changed(self) -> bool:
        return bool(self.modified or self.added or self.deleted)


def entry_print(path: str, stamp: tuple) -> int:
    """A print of one file's stat (mtime, size, inode). Integers hash the same in
    every process; a rename keeps all three, so folder mtimes join the print."""
    return hash(stamp) & _MASK


def fingerprint(stats: dict) -> int:
    """Order-independent print of every memory file's stat: equal means nothing changed.
    The print of two disjoint sets is the mask of their prints' sum."""
    return (sum(map(hash, stats.values())) + len(stats)) & _MASK


def mask(value: int) -> int:
    return value & _MASK


def adjust_fingerprint(value: int, removed: list[tuple[str, tuple]], added: list[tuple[str, tuple]]) -> int:
    for path, stamp in removed:
        value = (value - entry_print(path, stamp) - 1) & _MASK
    for path, stamp in added:
        value = (value + entry_print(path, stamp) + 1) & _MASK
    return value


def folder_stamps(paths: WorkspacePaths) -> dict[str, tuple]:
    found = {}
    for folder in MEMORY_FOLDERS:
        st = _folder_stat(paths, folder)
        if st is not None:
            found[f"{paths.store_name}/{folder}/"] = (st.st_mtime_ns, -1, st.st_ino)
    return found


def _folder_stat(paths: WorkspacePaths, folder: str):
    """A memory folder's stat; None when it is missing or a symlink out of the workspace."""
    import stat as stat_kind

    directory = paths.memory / folder
    try:
        st = os.lstat(directory)
        if stat_kind.S_ISLNK(st.st_mode):
            if leaves_workspace(paths, directory):
                return None
            st = os.stat(directory)
    except OSError:
        return None
    return st


def list_memory_files(paths: WorkspacePaths, folders=MEMORY_FOLDERS) -> dict[str, tuple]:
    """path -> (mtime_ns, size, inode) for every memory file (and "<store>/<folder>/"
    -> the folder's own (mtime_ns, -1, inode)): one stat each, no reads. A folder
    that is a symlink out of the workspace is never followed (doctor names it)."""
    found: dict[str, tuple] = {}
    for folder in folders:
        directory = paths.memory / folder
        st = _folder_stat(paths, folder)
        if st is None:
            if os.path.islink(directory):
                continue  # out of the workspace: never followed
        else:
            found[f"{paths.store_name}/{folder}/"] = (st.st_mtime_ns, -1, st.st_ino)  # renames show here
        try:  # names, then one fstatat each by the folder's descriptor: no path walked again a file
            fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except (FileNotFoundError, NotADirectoryError):
            continue
        try:
            names = os.listdir(fd)
            prefix, lstat, regular = f"{paths.store_name}/{folder}/", os.stat, S_ISREG
            for name in names:
                if not name.endswith(".md") or name.startswith(".") or not nameable(name):
                    continue  # (a name no commit can hold: not_memory names it for doctor)
                try:
                    st = lstat(name, dir_fd=fd, follow_symlinks=False)
                except OSError:
                    continue
                if regular(st.st_mode):
                    found[prefix + name] = (st.st_mtime_ns, st.st_size, st.st_ino)
        finally:
            os.close(fd)
    return found


def derived_id(path: str) -> str:
    """A stable id for a hand-dropped file without one: from its path."""
    from hashlib import sha256
    return "mem_" + sha256(path.encode("utf-8")).hexdigest()[:12]


def read_edit(root: Path, path: str, memory_id: str | None,
              max_bytes: int | None = None) -> HandEdit | tuple[str, str]:
    from . import memfile
    from ..text import textutil
    from .not_memory import NotAMemory, binary, too_large
    from ..text.redact import redact

    try:
        raw = read_plain(root / path)
    except OSError as exc:
        return path, f"unreadable ({exc.strerror})"
    why = binary(raw) or (too_large(len(raw), max_bytes) if max_bytes is not None else None)
    if why:
        return path, why
    text = textutil.decode_bytes(raw)
    redacted, kinds = redact(text)
    try:
        meta, body = memfile.parse(redacted)
    except memfile.BrokenFile as exc:
        return path, str(exc)
    if max_bytes is not None and len(body.encode("utf-8")) > max_bytes:
        return path, NotAMemory(f"not indexed: its text is {len(body.encode('utf-8')):,} bytes, over "
                                f"max_content_bytes ({max_bytes:,}) in memory/config.yaml; split it or raise the limit")
    edit = HandEdit(path, memory_id, meta, body, raw, file_hash(raw))
    if kinds:
        edit.redacted_text = redacted
    return edit


def known_files(memories, gone_by_hand: set[str] | None = None,
                under: tuple[str, ...] | None = None) -> dict[str, list[tuple[str, str, str]]]:
    """path -> [(memory id, hash, status)] for every memory that has a file (one that
    is not a memory file, paths.is_memory_file, is left alone: doctor reports it).
    `gone_by_hand` (a set, filled in the same pass): the ids of memories archived
    because their file was deleted by hand, which a file coming back revives.
    `under` (folder paths ending in "/"): the memories filed in those folders alone."""
    from .memory_list import walk, walk_files_under
    known: dict[str, list[tuple[str, str, str]]] = {}
    # (read, not kept: a writer's look after a copy parsed them all)
    for memory in walk(memories) if under is None else walk_files_under(memories, under):
        path = memory.get("file")
        if path and is_memory_file(path) and not is_archived_path(path):  # (archive copies are not watched)
            known.setdefault(path, []).append((memory["id"], memory.get("hash"), memory.get("status")))
            if gone_by_hand is not None and memory.get("status") == "archived" and \
                    memory.get("archivedBecause") in GONE_BY_HAND:
                gone_by_hand.add(memory["id"])
    return known


def scan(root: Path, paths: WorkspacePaths, manifest: dict, known: dict[str, list[tuple[str, str, str]]],
         on_disk: dict | None = None, writer: bool = False, max_bytes: int | None = None,
         gone_by_hand: set[str] = frozenset()) -> ScanResult:
    """Compare disk with `known` (path -> [(memory id, hash, status)]) using `manifest`.

    `manifest` maps path -> (mtime_ns, size, ino, hash, indexed) from the last
    look, where `indexed` is the hash index.json is known to reflect (set by
    writers); `on_disk` is list_memory_files() when the caller already has it.
    A writer (`writer=True`) commits what it finds, so it also gets the file
    rewrites that go with that (secrets redacted, id markers added).
    `gone_by_hand` (known_files): the file of such a memory found on disk again,
    even unchanged, is an edit that revives it (a folder renamed away and back).
    """
    from .episodes import is_episode_path
    from .not_memory import NotAMemory, too_large

    result = ScanResult()
    result.gone_by_hand = set(gone_by_hand)
    if max_bytes is None:
        from ..base.config import load_config
        max_bytes = int(load_config(paths.memory, paths.cache)["max_content_bytes"])
    if on_disk is None:
        on_disk = list_memory_files(paths)
    for path, stamp in on_disk.items():
        if path.endswith("/"):
            continue  # a folder's own stamp: part of the print, not a memory
        cached = manifest.get(path)
        entries = known.get(path) or []
        if is_episode_path(path):
            _scan_log(root, path, stamp, cached, entries, result, writer, max_bytes)
            continue
        entry = entries[0] if entries else None
        seen_before = cached is not None and tuple(cached[:3]) == stamp
        if seen_before and cached[3] == SKIPPED:
            result.skipped.append((path, NotAMemory("not indexed (see the warning it had)"), False))
            continue
        why = too_large(stamp[1], max_bytes)
        if why:  # never read: a person's 20 MB file costs nothing but this stat
            result.skipped.append((path, why, not seen_before))
            result.manifest_updates[path] = (*stamp, SKIPPED, None)
            continue
        returned = entry is not None and entry[0] in gone_by_hand  # back where it was: revived
        if cached is not None and tuple(cached[:3]) == stamp:
            current_hash = cached[3]
            if entry is not None and entry[1] == current_hash and not returned:
                continue
        else:
            try:
                current_hash = file_hash(read_plain(root / path, stamp[1]))
            except OSError:
                result.unread.append(path)
                continue
            result.manifest_updates[path] = (*stamp, current_hash, None)
            if entry is not None and entry[1] == current_hash and not returned:
                continue
        outcome = read_edit(root, path, entry[0] if entry else None, max_bytes)
        if isinstance(outcome, tuple):
            if isinstance(outcome[1], NotAMemory):
                result.skipped.append((*outcome, not seen_before))
                result.manifest_updates[path] = (*stamp, SKIPPED, None)
            else:
                result.broken.append(outcome)
            continue
        if outcome.redacted_text is not None:
            result.rewrites[path] = outcome.redacted_text
            result.read[path] = outcome.raw
        (result.modified if entry is not None else result.added).append(outcome)
    for path, entries in known.items():
        if path not in on_disk:
            result.deleted += [memory_id for memory_id, _hash, status in entries if status != "archived"]
    result.manifest_removed = [p for p in manifest if p not in on_disk]
    return result


def _scan_log(root: Path, path: str, stamp: tuple, cached, known: list, result: ScanResult, writer: bool,
              max_bytes: int) -> None:
    """One daily log: which of its entries a person edited, added or deleted.
    An entry longer than max_content_bytes is left out (reported)."""
    from . import episodes
    from ..text import textutil
    from .not_memory import NotAMemory, binary

    seen_before = cached is not None and tuple(cached[:3]) == stamp
    if seen_before and cached[4] is not None and cached[4] == cached[3]:
        return  # unchanged since a writer last indexed it
    if seen_before and cached[3] == SKIPPED:
        result.skipped.append((path, NotAMemory("not indexed (see the warning it had)"), False))
        return
    try:
        raw = read_plain(root / path, stamp[1])
    except OSError as exc:
        result.broken.append((path, f"unreadable ({exc.strerror})"))
        return
    why = binary(raw)
    if why:
        result.skipped.append((path, why, not seen_before))
        result.manifest_updates[path] = (*stamp, SKIPPED, None)
        return
    current_hash = file_hash(raw)
    indexed = current_hash if writer else (cached[4] if cached is not None else None)
    result.manifest_updates[path] = (*stamp, current_hash, indexed)
    decoded = textutil.decode_bytes(raw)
    known_by_id = {memory_id: (hash_, status) for memory_id, hash_, status in known}
    if not writer:
        # A reader compares the log as it is first. What index.json holds was redacted before it was
        # written, so a log found as indexed needs no redaction (a fresh clone of 100,000 entries in
        # 562 logs: 18 s of redaction, to nothing); any other is compared again, redacted.
        trial = ScanResult()
        _log_entries(path, decoded, known_by_id, result.gone_by_hand, max_bytes, seen_before, False, trial)
        if not (trial.changed or trial.skipped):
            return
    text, kinds = episodes.redacted(decoded)
    rewritten = _log_entries(path, text, known_by_id, result.gone_by_hand, max_bytes, seen_before, writer, result)
    if writer and (kinds or rewritten != text):
        result.rewrites[path] = rewritten
        result.read[path] = raw


def _log_entries(path: str, text: str, known_by_id: dict, gone_by_hand: set[str], max_bytes: int,
                 seen_before: bool, writer: bool, result: ScanResult) -> str:
    """A log's entries compared with index.json's (`known_by_id`: id -> (hash, status)) into
    `result`; the text with the markers a writer gives entries that have none."""
    from . import episodes
    from .not_memory import NotAMemory
    rewritten = text
    seen: set[str] = set()
    for entry in episodes.parse(text):
        if not entry.content:
            continue
        size = len(entry.content.encode("utf-8"))
        if size > max_bytes:
            if entry.memory_id in known_by_id:
                seen.add(entry.memory_id)  # (an indexed entry grown too long keeps its indexed text)
            result.skipped.append((f"{path} (the entry under line {entry.heading_line + 1})", NotAMemory(
                f"not indexed: {size:,} bytes, over max_content_bytes ({max_bytes:,}) in memory/config.yaml"),
                not seen_before))
            continue
        claimed = entry.memory_id if entry.memory_id not in seen else None
        if claimed is not None:
            seen.add(claimed)
            state = known_by_id.get(claimed)
            if state is not None and state[0] == entry.hash and (state[1] != "archived" or
                                                                 claimed not in gone_by_hand):
                continue  # as indexed (an archived entry too, in a log of a layout from before: not an edit,
                #           unless it was archived because a person deleted it, and is back)
        meta = {"created": episodes.entry_created(path, entry)}
        edit = HandEdit(path, claimed if claimed in known_by_id else None, meta, entry.content, b"", entry.hash)
        edit.entry = entry
        edit.fallback_id = derived_id(f"{path}\0{entry.content}")
        if claimed is None:
            edit.meta["id"] = edit.fallback_id
            if writer:
                rewritten = episodes.set_marker(rewritten, entry, edit.meta["id"])
        else:
            edit.meta["id"] = claimed
        (result.modified if edit.memory_id else result.added).append(edit)
    for memory_id, (_hash, status) in known_by_id.items():
        if memory_id not in seen and status != "archived":
            result.deleted.append(memory_id)
    return rewritten

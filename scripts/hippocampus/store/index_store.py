"""memory/index.json: load (read-only, validating) and save (atomic).

A load of the file we last wrote and validated (validated_state, kept in the
search cache) saves checking every entry again: 275-291 ms vs 398-400 ms at 10,000
memories (bench/machinery.py, a loaded machine).

Layout: a small header, then one memory per line, so `git diff` of a
one-memory change is one line and `jq` reads it as ordinary JSON. The header's
first key is `stamp`, a token that changes with every save: caches compare it
with a 128-byte read instead of parsing the file.
"""

from __future__ import annotations

import json
import os
import re
from datetime import datetime
from pathlib import Path

from .. import INDEX_VERSION
from ..errors import WorkspaceError

REPAIR_HINT = "run scripts/doctor.py --repair"
_PLAIN_ID = re.compile(r"^[A-Za-z0-9_.\-]+$")  # json.dumps of such an id is the id in quotes


def _raw_lines(text: str, memories: list) -> dict:
    """{id: line} when the file is in our layout (memory i on line i of the block).

    Lets a save reuse the exact text of memories it did not change. Any other
    layout (hand-formatted, v1) gives {} and everything is serialised anew.
    """
    lines = text.split("\n")
    try:
        start = lines.index('"memories": [') + 1
    except ValueError:
        return {}
    block = lines[start:start + len(memories)]
    if len(block) != len(memories) or lines[start + len(memories):start + len(memories) + 1] != ["]"]:
        return {}
    found = {}
    for line, memory in zip(block, memories):
        if type(memory) is not dict or type(memory.get("id")) is not str:
            return {}
        body = line[:-1] if line.endswith(",") else line
        memory_id = memory["id"]
        quoted = f'"{memory_id}"' if _PLAIN_ID.match(memory_id) else json.dumps(memory_id, ensure_ascii=False)
        if not body.startswith('{"id": ' + quoted + ","):
            return {}
        found[memory["id"]] = body
    return found


def read_raw(path: Path, keep_lines: bool = False):
    """Parse index.json or raise WorkspaceError naming the file and the fix.

    With keep_lines, returns (document, {id: raw line}) so that a save can
    reuse the text of memories it did not change.
    """
    from ..base.fsutil import read_confined
    try:
        data = read_confined(path)  # (never through a link out of the workspace)
    except FileNotFoundError:
        raise WorkspaceError(f"{path} is missing; {REPAIR_HINT} (or scripts/init.py for a new workspace)") from None
    except OSError as exc:
        raise WorkspaceError(f"cannot read {path}: {exc.strerror}") from None
    try:
        from ..base.model import without_lone_surrogates
        text = data.decode("utf-8")
        document, cleaned = without_lone_surrogates(json.loads(text), text)
        if keep_lines:  # (a line that named a lone surrogate is not reused: all are written anew)
            memories = document.get("memories") if isinstance(document, dict) else None
            return document, (_raw_lines(text, memories) if isinstance(memories, list) and not cleaned else {})
        return document
    except UnicodeDecodeError:
        raise WorkspaceError(f"{path} is not valid UTF-8; {REPAIR_HINT}") from None
    except ValueError as exc:
        raise WorkspaceError(f"{path} is corrupt (invalid JSON: {exc}); {REPAIR_HINT}") from None


def load(path: Path, now: datetime, rate: float, trusted_state: str | None = None,
         lazy: bool = False) -> tuple[dict, list[str]]:
    """The index, upgraded to the current schema in memory, and any warnings.

    `trusted_state` is the state (search_cache.index_state) of the last
    index.json we wrote; when the file still has it, before and after the
    read, its entries are not validated again. With `lazy`, such a file in our
    layout is not parsed beyond its header: its memories are a MemoryList of
    its bytes (a Transaction turns any other index's list into one).
    """
    from ..base.model import header_defaults, normalise_index
    from .search_cache import index_state
    before = index_state(path, read_stamp(path)) if trusted_state else None
    if lazy and before is not None and before == trusted_state:
        index = _read_lazy(path)
        if index is not None and index_state(path, read_stamp(path)) == trusted_state:
            return index, []
    elif lazy:  # a file we did not write (a copy, a clone, a merge, a hand edit): checked where it lies
        state = index_state(path, read_stamp(path))
        index = _checked_where_it_lies(path)
        if index is not None and index_state(path, read_stamp(path)) == state:
            return header_defaults(index, now), []
    document, lines = read_raw(path, keep_lines=True)
    trusted = before is not None and before == trusted_state and \
        index_state(path, read_stamp(path)) == trusted_state
    index, warnings = normalise_index(document, now, rate, where=str(path), trusted=trusted)
    index["_lines"] = lines
    return index, warnings


def _read_lazy(path: Path, where_it_lies: bool = True) -> dict | None:
    """A trusted index.json in our layout with its memories left as bytes (by default the file's
    own, read where they lie, a chunk at a time: base/file_bytes.py; `where_it_lies` False: read
    in whole, as bench/machinery.py compares); None for any other layout (the caller parses it whole)."""
    from .memory_list import MemoryList
    from ..base.file_bytes import FileBytes
    from ..base.fsutil import read_confined
    try:
        if where_it_lies:
            read_confined(path, probe=True)  # (never through a link out of the workspace)
            data = FileBytes.open(path, str(path))
        else:
            data = read_confined(path)
    except (OSError, WorkspaceError):
        return None
    if data is None:
        return None
    try:
        start = data.find(MARKER)
        if start < 0 or data[len(data) - len(TAIL):] != TAIL:
            return None
        index = header_of(data[:start])
    except WorkspaceError:  # (written over as it was read: read whole by the caller)
        return None
    if index is None:
        return None
    index["memories"] = MemoryList.unsplit(data, start + len(MARKER), len(data) - len(TAIL))
    index["_repaired"] = set()
    return index


MARKER = b'\n"memories": [\n'  # between the header and the first memory line, in our layout
TAIL = b"\n]\n}\n"              # after the last memory line


def header_of(head: bytes) -> dict | None:
    """The header of an index.json in our layout (its bytes before MARKER) as a dict with an empty
    "memories"; None unless it is strict UTF-8 JSON of version 2 (the int: 2.0 is no version 2 to
    normalise_index, it migrates it). json.loads of bytes would let a BOM and encoded surrogates through."""
    try:
        index = json.loads((head + b'\n"memories": []}').decode("utf-8"))
    except (ValueError, RecursionError):  # (nested thousands deep: read whole by the caller, who says so)
        return None
    if not isinstance(index, dict) or type(index.get("version")) is not int or index["version"] != INDEX_VERSION:
        return None
    return index


_LINES_A_PARSE = 256  # memory lines decoded at once while a file is checked (each then parsed alone)


def _checked_where_it_lies(path: Path) -> dict | None:
    """index.json as _read_lazy gives it, when every memory in it is one line in our layout (starting
    as a lookup finds it), current (model.is_current: nothing to repair), no id twice and no lone
    surrogate named, in the memories or the header, no version but the int 2 and no migratedFrom.
    Each line parsed alone (a line that only parses with its neighbours is no line of ours), the file
    read a chunk at a time and nothing kept: the first writer after a copy, a clone or a merge parsed
    all of it at once (735 MB at 100,000 memories). None for anything else: the caller reads it whole,
    and repairs or says."""
    from ..base.model import is_current, may_name_lone_surrogate
    from .memory_list import line_batches, line_start
    index = _read_lazy(path)
    if index is None or index.get("migratedFrom") is not None:  # (a migrated file's lines are all dumped anew)
        return None
    memories = index["memories"]
    data, start, end = memories._data, memories._start, memories._end
    seen: set[str] = set()
    read_one = json.JSONDecoder().raw_decode
    try:
        if may_name_lone_surrogate(data[:start].decode("utf-8")):
            return None  # (the header's: cleaned by the whole read)
        for lines in line_batches(data, start, end, _LINES_A_PARSE):
            body = b"\n".join(lines).decode("utf-8")  # (strict UTF-8, as the whole read decodes)
            if may_name_lone_surrogate(body):
                return None
            texts = body.split("\n")
            if len(texts) != len(lines):
                return None  # (a line break inside a memory's line: not our layout)
            for line, text in zip(lines, texts):
                raw, ends = read_one(text)  # each line one JSON value, and nothing after it
                if ends != len(text) or not is_current(raw) or raw["id"] in seen:
                    return None
                if not line.startswith(line_start(raw["id"])):
                    return None
                seen.add(raw["id"])
        if not isinstance(data, bytes):
            data.check()
    except (ValueError, WorkspaceError):  # (not JSON, not UTF-8, written over meanwhile: read whole)
        return None
    return index


def memories_by_id(path: Path, ids: set[str]) -> dict[str, dict]:
    """Some memories as index.json holds them, for a reader that needs a few
    (not validated; {} when the file cannot be read)."""
    try:
        index = _read_lazy(path)
        if index is not None:
            found = {memory_id: index["memories"].get(memory_id) for memory_id in ids}
            return {memory_id: memory for memory_id, memory in found.items() if isinstance(memory, dict)}
        document = read_raw(path)
    except (WorkspaceError, ValueError, TypeError):
        return {}
    memories = document.get("memories") if isinstance(document, dict) else None
    return {m["id"]: m for m in memories or () if isinstance(m, dict) and m.get("id") in ids}


def read_stamp(path: Path) -> str | None:
    """The stamp of the index on disk, from its first bytes only."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(128)
    except OSError:
        return None
    marker = b'"stamp": "'
    start = head.find(marker)
    if start < 0:
        return None
    end = head.find(b'"', start + len(marker))
    return head[start + len(marker):end].decode("ascii", "replace") if end > 0 else None


def serialise(index: dict, dirty: set | None = None) -> list:
    """The file's bytes, as a list of bytes-like parts in order (megabytes of
    unchanged memories stay a view of the file they were read from; fsutil and
    gitcommit write and hash the parts as they are). Memories not in `dirty`
    keep the exact line they were read with."""
    from .memory_list import MemoryList
    from ..base.model import ordered
    header = {key: value for key, value in index.items()
              if key not in ("memories", "stamp") and not key.startswith("_")}
    lines_of = index.get("_lines") or {}
    if index.get("migratedFrom"):
        lines_of = {}
    skip = (dirty or set()) | index.get("_repaired", set())
    fresh: dict[str, str] = {}

    def line(memory: dict) -> str:
        memory_id = memory["id"]
        if memory_id in lines_of and memory_id not in skip:
            return lines_of[memory_id]
        fresh[memory_id] = text = json.dumps(ordered(memory), ensure_ascii=False)
        return text

    memories = index["memories"]
    if not memories:
        return [header_text(index["stamp"], header, empty=True)]
    if isinstance(memories, MemoryList):
        body = memories.text(skip)
    else:
        body = [",\n".join(line(m) for m in memories).encode("utf-8")]
        index["_lines"] = {**lines_of, **fresh}  # later saves in this process reuse what was just written
    index["_repaired"] = set()
    return [header_text(stamp=index["stamp"], header=header), *body, TAIL]


def header_text(stamp: str, header: dict, empty: bool = False) -> bytes:
    """index.json up to its first memory line (`empty`: the whole file of an index with none)."""
    lines = ["{", f'"stamp": {json.dumps(stamp)},']
    for key, value in header.items():
        lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},")
    lines += ['"memories": []', "}", ""] if empty else ['"memories": [', ""]
    return "\n".join(lines).encode("utf-8")


def save(path: Path, index: dict, dirty: set | None = None) -> str:
    """Write index.json atomically with a fresh stamp; return the stamp.

    `dirty` names the memories changed since load (None: all of them).
    """
    from ..base.fsutil import atomic_write
    atomic_write(path, prepare_save(index, dirty))
    return index["stamp"]


def prepare_save(index: dict, dirty: set | None = None) -> list:
    """The parts of the file `save` writes (see serialise), with a fresh stamp set on `index`."""
    from .memory_list import MemoryList
    index["stamp"] = os.urandom(8).hex()
    if dirty is None:
        index["_lines"] = {}
        if isinstance(index["memories"], MemoryList):
            dirty = set(index["memories"].ids())
    return serialise(index, dirty)


def read_raw_header(path: Path) -> dict:
    """The header fields (everything before the memories) without parsing the rest."""
    header: dict = {}
    try:
        with open(path, "rb") as handle:
            for _ in range(32):
                line = handle.readline().decode("utf-8", "replace").strip()
                if not line or line.startswith('"memories"'):
                    break
                if line.startswith('"') and ":" in line:
                    key, _, value = line.rstrip(",").partition(": ")
                    try:
                        header[json.loads(key)] = json.loads(value)
                    except ValueError:
                        continue
    except OSError:
        pass
    return header

"""The memories a writer holds: parsed one at a time, as they are asked for.

Saves ~600 ms a one-memory change at 10,000 memories over json.loads + json.dumps
of all of index.json (bench/machinery.py, load + change + save, two runs: 6-11 ms vs
607-632 ms; 0.4 vs 29 ms at 1,000).

index.json keeps one memory per line. A writer that changes one memory of
10,000 need not parse the other 9,999 (json.loads of 6 MB is ~80 ms). Read
from a file we wrote and validated, the memories start as that file's bytes,
not even split into lines: a lookup by id finds the line by its opening
`{"id": "…", `, a new memory is appended after the bytes, a changed one
takes the place of its line, and the save writes the rest of the bytes back
as they were (as views of them, never copied). Those bytes are the file itself,
left where they lie (base/file_bytes.py: a lookup scans it a chunk at a time, an
id not found is remembered, and the save's parts are ranges of the file), until
a third lookup reads it in. Many lookups, or any walk over
all of them, split the lines (still parsing only what is asked for);
iterating parses everything, which batch jobs do anyway.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

_SEPARATOR = b",\n"  # between lines; a line break inside a memory is escaped in JSON
_CHUNK = 256  # lines parsed by one json.loads when every memory is read
_SEARCHES_BEFORE_SPLIT = 8  # a search of the body costs ~1/8 of splitting it (6 MB, 10,000 lines)
_SCANS_BEFORE_READ = 2  # searches of the file where it lies (a chunk at a time) before it is read in


class MemoryList:
    def __init__(self, ids: list[str], lines: list[bytes | None], items: list[dict | None]):
        self._ids = ids
        self._lines = lines   # the text a memory was read with, None once it may have changed
        self._items = items   # the parsed memory, None until asked for
        self._position = {memory_id: i for i, memory_id in enumerate(ids)}
        self._body: bool | None = None  # True: the file's memory lines, not yet split (no copy)
        self._data, self._start, self._end = b"", 0, 0  # ... the file's bytes (or FileBytes), where they are
        self._absent: set[str] = set()  # ids looked for in the unsplit body and not there
        self._found: dict[str, dict] = {}  # memories looked up in the unsplit body
        self._spans: dict[str, tuple[int, int]] = {}  # ... where their lines are in the file's bytes
        self._changed: set[str] = set()  # ... those put back (changed) since
        self._added: dict[str, dict] = {}  # memories added while the body is unsplit
        self._searches = 0

    @classmethod
    def of(cls, memories: list[dict], lines_by_id: dict[str, str] | None = None) -> "MemoryList":
        """From parsed memories (and the lines they were read with, when known)."""
        lines_by_id = lines_by_id or {}
        ids = [m["id"] for m in memories]
        lines = [lines_by_id[i].encode("utf-8") if i in lines_by_id else None for i in ids]
        return cls(ids, lines, list(memories))

    @classmethod
    def unsplit(cls, data, start: int, end: int) -> "MemoryList":
        """From the memory lines (joined by ",\\n") at data[start:end], the bytes of
        a trusted file in our layout (bytes, or base/file_bytes.FileBytes: the file
        itself, read where it lies)."""
        memories = cls([], [], [])
        memories._body = True
        memories._data, memories._start, memories._end = data, start, end
        return memories

    # -- the unsplit body
    def _line_in_body(self, memory_id: str) -> bytes | None:
        if memory_id in self._absent:
            return None
        data, first, last = self._data, self._start, self._end
        self._searches += 1
        needle = line_start(memory_id)
        start = data.find(needle, first, last)
        while start > first and data[start - 2:start] != _SEPARATOR:
            start = data.find(needle, start + 1, last)  # the same text inside another memory: not a line start
        if start < 0:
            self._absent.add(memory_id)
            return None
        end = data.find(_SEPARATOR, start, last)
        self._spans[memory_id] = (start, end if end >= 0 else last)
        line = data[start:end if end >= 0 else last]
        if not isinstance(data, bytes):
            data.check()  # (the file as it was read: not written over in place meanwhile)
        return line

    def _split(self) -> None:
        """Turn the body into lines (parsing none of them) and take in what was
        looked up or added meanwhile."""
        if self._body is None:
            return
        found, added, changed = self._found, self._added, self._changed
        if not isinstance(self._data, bytes):
            self._data = self._data.whole()  # (every line: the file read in, as a walk reads it anyway)
        lines = _lines_between(self._data, self._start, self._end)
        ids = []
        for line in lines:
            end = line.find(b'"', 8)
            ids.append(line[8:end].decode("utf-8") if line.startswith(b'{"id": "') and end > 0
                       else json.loads(line)["id"])  # an id with escapes: rare, read the line
        self.__init__(ids, lines, [None] * len(ids))  # no body from here on
        self._data = b""
        for memory_id, memory in found.items():
            self._items[self._position[memory_id]] = memory  # keep the object callers hold
            if memory_id in changed:
                self._lines[self._position[memory_id]] = None
        for memory in added.values():
            self.put(memory)

    def _item(self, position: int) -> dict:
        item = self._items[position]
        if item is None:
            item = self._items[position] = json.loads(self._lines[position])
        return item

    # -- by id
    def get(self, memory_id: str) -> dict | None:
        if self._body is not None and self._searches >= _SEARCHES_BEFORE_SPLIT:
            self._split()  # many lookups: one split costs less than more searches
        elif self._body is not None and self._searches >= _SCANS_BEFORE_READ and not isinstance(self._data, bytes):
            self._data = self._data.whole()  # a few lookups in the file: then in its bytes read in
        if self._body is not None:
            if memory_id in self._found or memory_id in self._added:
                return self._found.get(memory_id) or self._added[memory_id]
            line = self._line_in_body(memory_id)
            if line is None:
                return None
            memory = self._found[memory_id] = json.loads(line)
            return memory
        position = self._position.get(memory_id)
        return None if position is None else self._item(position)

    def known_absent(self, memory_id: str) -> None:
        """`memory_id` is no memory's, as something that knows every id of this list said (the search
        cache of this index): an unsplit body need not be searched for it."""
        if self._body is not None and memory_id not in self._found and memory_id not in self._added:
            self._absent.add(memory_id)

    def has(self, memory_id: str) -> bool:
        return self.get(memory_id) is not None if self._body is not None else memory_id in self._position

    def ids(self) -> list[str]:
        self._split()
        return self._ids

    def put(self, memory: dict) -> None:
        """Add `memory`, or put it in the place of the memory with its id."""
        memory_id = memory["id"]
        if self._body is not None:
            self.has(memory_id)  # looks for its line (and many lookups split the body)
            if self._body is not None:
                if memory_id in self._found:
                    self._found[memory_id] = memory
                    self._changed.add(memory_id)
                else:
                    self._added[memory_id] = memory
                return
        position = self._position.get(memory_id)
        if position is None:
            self._position[memory_id] = len(self._ids)
            self._ids.append(memory_id)
            self._lines.append(None)
            self._items.append(memory)
        else:
            self._items[position] = memory
            self._lines[position] = None

    # -- a change of a few fields, made in the line as read
    def hold(self, memory: dict) -> bool:
        """Keep `memory` as the item of its id while its line stays as read (for
        patch_line to change); False when no such line is at hand (a body not yet
        split, a memory new or put since it was read)."""
        position = None if self._body is not None else self._position.get(memory["id"])
        if position is None or self._lines[position] is None:
            return False
        self._items[position] = memory
        return True

    def patch_line(self, memory_id: str, was: dict) -> bool:
        """Write into the line of `memory_id` the item's values of the fields in
        `was` (field -> its value in the line), in place of those values: the
        line dumped anew, in ~1/3 of the time (decay at 100,000 memories). When
        the line is not as expected (the field absent, or named more than once
        in it, or not holding that value), the line is dropped, to be dumped."""
        position = None if self._body is not None else self._position.get(memory_id)
        if position is None or self._lines[position] is None:
            return False
        line, item = self._lines[position], self._items[position]
        for key, old in was.items():
            new = item.get(key)
            if new == old and type(new) is type(old):
                continue
            line = _patched(line, key, old, new)
            if line is None:
                self._lines[position] = None
                return False
        self._lines[position] = line
        return True

    # -- as a list
    def __bool__(self) -> bool:
        if self._body is not None:
            return self._end > self._start or bool(self._added)
        return bool(self._ids)

    def __len__(self) -> int:
        self._split()
        return len(self._ids)

    def __iter__(self) -> Iterator[dict]:
        self.read_all()
        for position in range(len(self._ids)):
            yield self._item(position)

    def read_all(self) -> None:
        """Parse every memory not yet parsed, _CHUNK lines a json.loads: ~3x faster than one a line,
        and, unlike one json.loads of them all, never the whole file again as one string (at 100,000
        memories a decay's peak was 640 MB, 510 MB read in chunks: one line of non-Latin-1 text made
        the 70 MB string two or four bytes a character). A job that reads every memory (decay, the
        sleep) does it while a child process lists the files (Workspace.transaction's full look)."""
        self._split()
        unparsed = [position for position, item in enumerate(self._items) if item is None]
        for start in range(0, len(unparsed), _CHUNK):
            part = unparsed[start:start + _CHUNK]
            parsed = json.loads(b"[" + b",".join([self._lines[position] for position in part]) + b"]")
            for position, item in zip(part, parsed):
                self._items[position] = item

    def walk(self) -> Iterator[dict]:
        """Every memory, for a pass that only reads them: an unsplit body is parsed _CHUNK lines at a
        time and nothing is kept (a walk of 100,000 memories holds 256 of them, not all: a writer's
        look after a copy or a clone parsed them all into this list, ~450 MB); as they are otherwise.
        A memory looked up or put since comes as it is held now."""
        if self._body is None:
            yield from self
            return
        found = self._found
        for lines in line_batches(self._data, self._start, self._end, _CHUNK):
            for raw in json.loads(b"[" + b",".join(lines) + b"]"):
                yield found.get(raw.get("id"), raw) if type(raw) is dict else raw
        if not isinstance(self._data, bytes):
            self._data.check()
        yield from list(self._added.values())

    def walk_files_under(self, folders: tuple[str, ...]) -> Iterator[dict]:
        """The memories whose file is in one of `folders` (paths ending in "/"), as walk() gives
        them, parsing only the lines that can name such a file: a line naming one holds the
        folder's path as it is, or an escape that could stand for one of its characters (an ASCII
        path: `\\/` or `\\u`; a line break or a quote in a text is no such escape) (a writer's look
        at a day's log at 100,000 memories parsed every line for the few hundred filed there)."""
        needles = tuple(folder.encode("utf-8") for folder in folders)
        escapes = (b"\\/", b"\\u")

        def may_name(line: bytes) -> bool:
            return any(needle in line for needle in escapes + needles)

        def filed(memory) -> bool:
            return type(memory) is dict and isinstance(memory.get("file"), str) and memory["file"].startswith(folders)

        if self._body is None:
            for position, item in enumerate(self._items):
                if item is None:
                    line = self._lines[position]
                    if not may_name(line):
                        continue
                    item = json.loads(line)
                if filed(item):
                    yield item
            return
        held = {**self._found, **self._added}
        for line in lines_holding(self._data, self._start, self._end, escapes + needles):
            memory = json.loads(line)
            if type(memory) is dict and memory.get("id") not in held and filed(memory):
                yield memory
        if not isinstance(self._data, bytes):
            self._data.check()
        yield from [memory for memory in held.values() if filed(memory)]

    def __getitem__(self, position: int) -> dict:
        self._split()
        return self._item(range(len(self._ids))[position])

    def append(self, memory: dict) -> None:
        self.put(memory)

    # -- saving
    def text(self, fresh: set[str]) -> list:
        """The memory lines joined by ",\\n", as bytes-like parts to join: each
        line as it was read, or new JSON for those in `fresh` (changed) and those
        never read from a line."""
        from ..base.model import ordered

        def dumped(memory: dict) -> bytes:
            return json.dumps(ordered(memory), ensure_ascii=False).encode("utf-8")

        if self._body is not None:  # the file's bytes, changed lines spliced in, added ones after
            data, at, parts = self._data, self._start, []
            view = memoryview(data) if isinstance(data, bytes) else None

            def part(start: int, end: int):  # the bytes in between, as a view or as a range of the file
                return view[start:end] if view is not None else data.span(start, end)

            for (start, end), memory_id in sorted((self._spans[memory_id], memory_id)
                                                  for memory_id in (self._found.keys() & fresh) | self._changed):
                parts += [part(at, start), dumped(self._found[memory_id])]
                at = end
            parts.append(part(at, self._end))
            added = [dumped(m) for m in self._added.values()]
            if added:
                parts += ([_SEPARATOR] if self._end > self._start else []) + [_SEPARATOR.join(added)]
            return parts
        self._split()
        for position, memory_id in enumerate(self._ids):
            if self._lines[position] is None or memory_id in fresh:
                self._lines[position] = dumped(self._item(position))
        return [_SEPARATOR.join(self._lines)]


def line_start(memory_id: str) -> bytes:
    """How the line of `memory_id` begins in our layout (what a lookup looks for)."""
    return b'{"id": ' + json.dumps(memory_id, ensure_ascii=False).encode("utf-8") + b", "


def walk(memories) -> Iterator[dict]:
    """Every memory of a MemoryList (MemoryList.walk: nothing kept) or of a list."""
    return memories.walk() if isinstance(memories, MemoryList) else iter(memories)


def walk_files_under(memories, folders: tuple[str, ...]) -> Iterator[dict]:
    """The memories filed in `folders` (MemoryList.walk_files_under), of a MemoryList or of a list."""
    if isinstance(memories, MemoryList):
        return memories.walk_files_under(folders)
    return (m for m in memories if isinstance(m.get("file"), str) and m["file"].startswith(folders))


def lines_holding(data, start: int, end: int, needles: tuple[bytes, ...]) -> Iterator[bytes]:
    """The memory lines of data[start:end] (bytes, or a FileBytes read a chunk at a time) that hold
    any of `needles` (none holding the separator), found by bytes.find a chunk at a time: no line
    split off and tested in Python but these (a walk of 100,000 lines for the few hundred filed in
    a folder: ~0.5 s)."""
    from ..base.file_bytes import CHUNK
    at, carry = start, b""  # carry: the start of a line not ended in the chunks read so far
    while at < end:
        block = carry + data[at:min(end, at + CHUNK)]
        at = min(end, at + CHUNK)
        if at < end:
            cut = block.rfind(_SEPARATOR)
            if cut < 0:
                carry = block
                continue
            block, carry = block[:cut], block[cut + len(_SEPARATOR):]
        else:
            carry = b""
        starts = set()
        for needle in needles:
            found = block.find(needle)
            while found >= 0:
                before = block.rfind(_SEPARATOR, 0, found)
                line_start = 0 if before < 0 else before + len(_SEPARATOR)
                after = block.find(_SEPARATOR, found)
                line_end = len(block) if after < 0 else after
                starts.add((line_start, line_end))
                found = block.find(needle, line_end)
        for line_start, line_end in sorted(starts):
            yield block[line_start:line_end]


def line_batches(data, start: int, end: int, size: int):
    """The memory lines of data[start:end] (bytes, or a FileBytes read a chunk at a time), `size`
    lines at a time."""
    from ..base.file_bytes import CHUNK
    held, batch, at = [], [], start  # held: the chunks of a line not ended yet
    while at < end:
        chunk = data[at:min(end, at + CHUNK)]
        at += len(chunk)
        if _SEPARATOR not in chunk and not (held and held[-1].endswith(b",") and chunk.startswith(b"\n")):
            held.append(chunk)  # (a long line: joined once it ends, not again at every chunk)
            continue
        pieces = (b"".join(held) + chunk).split(_SEPARATOR)
        held = [pieces.pop()]
        for piece in pieces:
            batch.append(piece)
            if len(batch) == size:
                yield batch
                batch = []
    if end > start:  # the last line, even an empty one (a body ending with a separator is no list)
        batch.append(b"".join(held))
    if batch:
        yield batch


def _lines_between(data: bytes, start: int, end: int) -> list[bytes]:
    """data[start:end].split(",\\n"), without that slice: at 100,000 memories its 70 MB,
    copied and freed again, cost ~0.05 s (fresh memory is dear on this VM: ~1-2 ms a MB).
    The pieces before `start` and after `end` are dropped and the two ends cut."""
    if end <= start:
        return []
    if data[start - 1:start + 1] == _SEPARATOR or data[end - 1:end + 1] == _SEPARATOR:
        return data[start:end].split(_SEPARATOR)  # (a separator across an edge: the slice splits otherwise)
    lines = data.split(_SEPARATOR)
    before = data.count(_SEPARATOR, 0, start)  # pieces wholly before the body (the header's lines)
    after = data.count(_SEPARATOR, end)  # ... and after it
    if after:
        del lines[len(lines) - after:]
    del lines[:before]
    first_at = data.rfind(_SEPARATOR, 0, start) + 2 if before else 0  # where the piece holding `start` begins
    last_at = data.rfind(_SEPARATOR, 0, end) + 2  # ... and the one holding `end`
    if len(lines) == 1:
        return [data[start:end]]
    if start > first_at:
        lines[0] = lines[0][start - first_at:]
    lines[-1] = data[max(last_at, start):end]
    return lines


def _patched(line: bytes, key: str, old, new) -> bytes | None:
    """`line` (a memory's JSON, `{"id": ` first) with the value `old` of its
    top-level `key` replaced by `new`, or None. A top-level key other than the
    first follows ", "; inside a string every quote is escaped, so the key's
    text can be matched only as a key, and one match in the whole line is the
    top-level one (a key of a nested object would make two)."""
    if old is None or new is None or not line.startswith(b'{"id": '):
        return None  # (a field added or dropped moves the others: dumped anew)
    was, now = _scalar(old), _scalar(new)
    if was is None or now is None:
        return None
    needle = _NEEDLES.get(key) or _NEEDLES.setdefault(key, b", " + _scalar(key) + b": ")
    at = line.find(needle)
    if at < 0 or line.rfind(needle) != at:
        return None
    start = at + len(needle)
    end = start + len(was)
    if line[start:end] != was or line[end:end + 1] not in (b",", b"}"):
        return None
    return line[:start] + now + line[end:]


_NEEDLES: dict[str, bytes] = {}


def _scalar(value) -> bytes | None:
    """A number or string as json.dumps(..., ensure_ascii=False) writes it; None for anything else."""
    kind = type(value)
    if kind is float and value - value == 0:  # finite: json writes float.__repr__
        return repr(value).encode("ascii")
    if kind is int:
        return str(value).encode("ascii")
    if kind is str:
        dumped = _STRINGS.get(value)
        if dumped is None:
            dumped = json.dumps(value, ensure_ascii=False).encode("utf-8")
            if len(value) <= 40 and len(_STRINGS) < 256:  # a status, a confidence: the same few, 100,000 times
                _STRINGS[value] = dumped
        return dumped
    return None


_STRINGS: dict[str, bytes] = {}


class ById(Mapping):
    """A MemoryList seen as {id: memory}."""

    def __init__(self, memories: MemoryList):
        self._memories = memories

    def __getitem__(self, memory_id: str) -> dict:
        memory = self._memories.get(memory_id)
        if memory is None:
            raise KeyError(memory_id)
        return memory

    def get(self, memory_id, default=None):
        memory = self._memories.get(memory_id)
        return default if memory is None else memory

    def __contains__(self, memory_id) -> bool:
        return self._memories.has(memory_id)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._memories.ids()))

    def __len__(self) -> int:
        return len(self._memories)

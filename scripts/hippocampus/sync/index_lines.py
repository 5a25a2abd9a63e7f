"""A version of index.json from git, as its lines: each memory parsed only when asked for.

A sync compares three versions of the index (the merge base, ours, theirs): for what came in and
went out (remote_sync._versions), for what either side purged (tombstones.py), and in git's merge
driver (merge_index.merge_lines). At 100,000 memories each whole parse was ~1 s and ~400 MB, three
at once 1.27 GB, for a sync that brought a few memories in. A version in our layout (the header,
then one memory a line, each line starting `{"id": "…", `) is kept as its bytes and the span of
each line by id: two versions of a memory are the same where their lines are the same bytes, and
only the lines that differ are parsed. Any other layout is NotOurLayout: the caller parses it whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

_SEPARATOR = b",\n"
_DECODE = json.JSONDecoder().raw_decode


class NotOurLayout(Exception):
    """Bytes the line-by-line reading does not read as a whole parse would."""


def parsed(line) -> dict:
    """One memory line as the whole parse reads it: one JSON object alone on its line, valid UTF-8,
    naming no lone surrogate (the whole parse cleans those); NotOurLayout otherwise."""
    from ..base.model import may_name_lone_surrogate
    try:
        text = str(line, "utf-8")  # (bytes, or a memoryview of them)
        memory, end = _DECODE(text)
    except (ValueError, RecursionError):  # (a line nested thousands deep: a bomb, read no further here)
        raise NotOurLayout from None
    if end != len(text) or type(memory) is not dict or may_name_lone_surrogate(text):
        raise NotOurLayout
    return memory


class IndexLines(Mapping):
    """{id: memory} of one index.json in our layout (b"": no file, no memories). NotOurLayout for a
    file in any other layout, a header not version 2 or migrated, an id written with an escape, an
    id twice. `lenient`: a line that does not parse reads as {"id": id} (a count of what came in;
    the merge is strict)."""

    def __init__(self, data: bytes, lenient: bool = False):
        from ..base.model import may_name_lone_surrogate
        from ..store.index_store import MARKER, TAIL, header_of
        self.data, self.lenient = data, lenient
        self.spans: dict[str, tuple[int, int]] = {}
        self.order: list[str] = []
        self.header: dict = {}
        if not data.strip():
            return
        start = data.find(MARKER)
        first, last = start + len(MARKER), len(data) - len(TAIL)
        if start < 0 or not data.endswith(TAIL) or last < first:
            raise NotOurLayout
        header = header_of(data[:start])
        if header is None or header.get("migratedFrom") is not None or \
                may_name_lone_surrogate(data[:start].decode("utf-8")):
            raise NotOurLayout  # (migrated, cleaned or refused by the whole parse)
        header.pop("memories")
        self.header = header
        spans, order, find = self.spans, self.order, data.find
        at = first
        while True:
            end = find(_SEPARATOR, at, last)
            end = last if end < 0 else end
            quote = find(b'"', at + 8, end)
            if data[at:at + 8] != b'{"id": "' or quote < 0 or find(b"\\", at + 8, quote) >= 0:
                raise NotOurLayout
            memory_id = data[at + 8:quote].decode("utf-8", "replace")
            if memory_id in spans:
                raise NotOurLayout  # (an id twice: the whole parse keeps one)
            spans[memory_id] = (at, end)
            order.append(memory_id)
            if end == last:
                break
            at = end + len(_SEPARATOR)

    def line(self, memory_id: str) -> bytes | None:
        span = self.spans.get(memory_id)
        return None if span is None else self.data[span[0]:span[1]]

    def view(self, memory_id: str) -> memoryview:
        start, end = self.spans[memory_id]
        return memoryview(self.data)[start:end]

    def same(self, memory_id: str, other: "IndexLines") -> bool:
        """Whether `other` holds this memory as this version does (the same bytes, or lines that
        parse the same)."""
        mine, theirs = self.line(memory_id), other.line(memory_id)
        if mine is None or theirs is None:
            return mine is theirs
        return mine == theirs or self[memory_id] == other[memory_id]

    def __getitem__(self, memory_id: str) -> dict:
        line = self.line(memory_id)
        if line is None:
            raise KeyError(memory_id)
        try:
            return parsed(line)
        except NotOurLayout:
            if not self.lenient:
                raise
            return {"id": memory_id}

    def __iter__(self) -> Iterator[str]:
        return iter(self.order)

    def __len__(self) -> int:
        return len(self.order)

    def __contains__(self, memory_id) -> bool:
        return memory_id in self.spans

    def differing(self, other: Mapping) -> Iterator[str]:
        """The ids whose memory here is not as in `other` (absent there, or another line)."""
        if not isinstance(other, IndexLines):
            yield from (memory_id for memory_id in self.order if self[memory_id] != other.get(memory_id))
            return
        for memory_id in self.order:
            if not self.same(memory_id, other):
                yield memory_id

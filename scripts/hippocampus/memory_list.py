"""The memories a writer holds: parsed one at a time, as they are asked for.

index.json keeps one memory per line. A writer that changes one memory of
10,000 need not parse the other 9,999 (json.loads of 6 MB is ~80 ms): it
keeps their lines as text, parses a memory when it is looked up by id, and
saves the untouched lines back as they were. Iterating parses everything,
which batch jobs (decay, consolidation) do anyway.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping


class MemoryList:
    def __init__(self, ids: list[str], lines: list[bytes | None], items: list[dict | None]):
        self._ids = ids
        self._lines = lines   # the text a memory was read with, None once it may have changed
        self._items = items   # the parsed memory, None until asked for
        self._position = {memory_id: i for i, memory_id in enumerate(ids)}

    @classmethod
    def of(cls, memories: list[dict], lines_by_id: dict[str, str] | None = None) -> "MemoryList":
        """From parsed memories (and the lines they were read with, when known)."""
        lines_by_id = lines_by_id or {}
        ids = [m["id"] for m in memories]
        lines = [lines_by_id[i].encode("utf-8") if i in lines_by_id else None for i in ids]
        return cls(ids, lines, list(memories))

    @classmethod
    def unparsed(cls, ids: list[str], lines: list[bytes]) -> "MemoryList":
        """From the lines of a file (UTF-8 bytes, one memory each)."""
        return cls(ids, lines, [None] * len(ids))

    def _item(self, position: int) -> dict:
        item = self._items[position]
        if item is None:
            item = self._items[position] = json.loads(self._lines[position])
        return item

    # -- by id
    def get(self, memory_id: str) -> dict | None:
        position = self._position.get(memory_id)
        return None if position is None else self._item(position)

    def has(self, memory_id: str) -> bool:
        return memory_id in self._position

    def ids(self) -> list[str]:
        return self._ids

    def put(self, memory: dict) -> None:
        """Add `memory`, or put it in the place of the memory with its id."""
        position = self._position.get(memory["id"])
        if position is None:
            self._position[memory["id"]] = len(self._ids)
            self._ids.append(memory["id"])
            self._lines.append(None)
            self._items.append(memory)
        else:
            self._items[position] = memory
            self._lines[position] = None

    # -- as a list
    def __len__(self) -> int:
        return len(self._ids)

    def __iter__(self) -> Iterator[dict]:
        for position in range(len(self._ids)):
            yield self._item(position)

    def __getitem__(self, position: int) -> dict:
        return self._item(range(len(self._ids))[position])

    def append(self, memory: dict) -> None:
        self.put(memory)

    # -- saving
    def lines(self, fresh: set[str]) -> Iterator[bytes]:
        """Each memory's line: the text it was read with, or new JSON for those in
        `fresh` (changed) and those never read from a line."""
        from .model import ordered
        for position, memory_id in enumerate(self._ids):
            line = self._lines[position]
            if line is None or memory_id in fresh:
                line = self._lines[position] = json.dumps(ordered(self._item(position)),
                                                          ensure_ascii=False).encode("utf-8")
            yield line


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

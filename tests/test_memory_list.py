"""A writer holds index.json's memories as the file's bytes (memory_list.py):
lookups, changes and additions on the unsplit bytes, with or without a split
on the way, must save exactly what a list of the same memories would."""

import json

from hypothesis import given, settings, strategies as st

from hippocampus.store import index_store
from hippocampus.store.memory_list import MemoryList
from hippocampus.base.model import ordered

_MARKER = b'\n"memories": [\n'


def _file(memories: list[dict]) -> bytes:
    index = {"stamp": "0" * 16, "version": 2, "memories": memories}
    return b"".join(index_store.serialise(index))


def _unsplit(data: bytes) -> MemoryList:
    start = data.index(_MARKER) + len(_MARKER)
    return MemoryList.unsplit(data, start, len(data) - len(b"\n]\n}\n"))


def _memory(n: int, content: str = "") -> dict:
    return {"id": f"mem_{n}", "content": content or f"memory number {n}", "importance": 0.5}


_OPS = st.lists(st.tuples(st.sampled_from(["get", "change", "replace", "add", "walk"]), st.integers(0, 14)),
                max_size=14)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10), _OPS, st.booleans())  # (an empty list is written as [] and read whole)
def test_the_saved_bytes_are_those_of_the_same_memories_as_a_list(size, ops, named):
    original = [_memory(n) for n in range(size)]
    held = _unsplit(_file(original))
    expected = {m["id"]: dict(m) for m in original}
    fresh: set[str] = set()
    added = 100
    for op, n in ops:
        memory_id = f"mem_{n}"
        if op == "get":
            found = held.get(memory_id)
            assert found == expected.get(memory_id)
        elif op == "change" and memory_id in expected:  # a change to the object held, then put back
            memory = held.get(memory_id)
            memory["importance"] = round(memory["importance"] + 0.1, 3)
            held.put(memory)
            expected[memory_id] = dict(memory)
            fresh.add(memory_id)
        elif op == "replace" and memory_id in expected:  # a new object with the same id
            memory = _memory(n, f"rewritten {n}, with a line\nbreak and \"quotes\"")
            held.put(memory)
            expected[memory_id] = dict(memory)
            fresh.add(memory_id)
        elif op == "add":
            memory = _memory(added)
            added += 1
            held.put(memory)
            expected[memory["id"]] = dict(memory)
            fresh.add(memory["id"])
        elif op == "walk":  # splits the bytes into lines
            assert [m["id"] for m in held] == list(expected)
    # a memory put back is written anew whether or not the save names it as changed
    saved = b"".join(index_store.serialise({"stamp": "0" * 16, "version": 2, "memories": held},
                                           fresh if named else set()))
    assert saved == _file(list(expected.values()))
    assert json.loads(saved)["memories"] == [ordered(m) for m in expected.values()]


def test_a_change_on_the_bytes_keeps_every_other_line_as_it_was_read():
    # lines written by hand-tuned tools may differ from ours in spacing: an unchanged line is kept byte for byte
    data = _file([_memory(0), _memory(1), _memory(2)]).replace(b'"importance": 0.5}', b'"importance": 0.50}')
    held = _unsplit(data)
    memory = held.get("mem_1")
    memory["content"] = "changed"
    held.put(memory)
    saved = b"".join(index_store.serialise({"stamp": "0" * 16, "version": 2, "memories": held}, {"mem_1"}))
    lines = saved.split(b"\n")
    assert lines[lines.index(b'"memories": [') + 1].endswith(b'"importance": 0.50},')
    assert b'"content": "changed"' in saved and saved.count(b"0.50}") == 2

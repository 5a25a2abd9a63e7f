"""A writer holds index.json's memories as the file's bytes (memory_list.py):
lookups, changes and additions on the unsplit bytes, with or without a split
on the way, must save exactly what a list of the same memories would."""

import json
import os
import tempfile

from hypothesis import given, settings, strategies as st

from hippocampus.base import file_bytes
from hippocampus.store import index_store
from hippocampus.store.memory_list import MemoryList
from hippocampus.base.model import ordered

_MARKER = b'\n"memories": [\n'


def _file(memories: list[dict]) -> bytes:
    index = {"stamp": "0" * 16, "version": 2, "memories": memories}
    return b"".join(index_store.serialise(index))


def _unsplit(data: bytes, where_it_lies: bool = False) -> MemoryList:
    """The list over `data` in memory, or (`where_it_lies`) over a file holding it, read a chunk at a time
    (base/file_bytes.py, as a writer reads index.json)."""
    start = data.index(_MARKER) + len(_MARKER)
    if where_it_lies:
        handle, name = tempfile.mkstemp()
        os.write(handle, data)
        os.close(handle)
        source = file_bytes.FileBytes.open(name, "index.json")
        os.unlink(name)  # (the open file stays readable: a writer's old index.json after the rename)
        data = source
    return MemoryList.unsplit(data, start, len(data) - len(b"\n]\n}\n"))


def _memory(n: int, content: str = "") -> dict:
    return {"id": f"mem_{n}", "content": content or f"memory number {n}", "importance": 0.5}


_OPS = st.lists(st.tuples(st.sampled_from(["get", "change", "replace", "add", "walk", "read"]), st.integers(0, 14)),
                max_size=14)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 10), _OPS, st.booleans(), st.booleans(), st.integers(8, 64))
def test_the_saved_bytes_are_those_of_the_same_memories_as_a_list(size, ops, named, where_it_lies, chunk):
    # (an empty list is written as [] and read whole)
    saved_chunk, file_bytes.CHUNK = file_bytes.CHUNK, chunk  # (small chunks: lines across their edges)
    try:
        _the_saved_bytes_are_those_of_the_same_memories(size, ops, named, where_it_lies)
    finally:
        file_bytes.CHUNK = saved_chunk


def _the_saved_bytes_are_those_of_the_same_memories(size, ops, named, where_it_lies):
    original = [_memory(n) for n in range(size)]
    held = _unsplit(_file(original), where_it_lies)
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
        elif op == "read":  # a pass that keeps nothing (MemoryList.walk): every memory as held now
            assert list(held.walk()) == list(expected.values())
    # a memory put back is written anew whether or not the save names it as changed
    saved = file_bytes.joined(index_store.serialise({"stamp": "0" * 16, "version": 2, "memories": held},
                                                    fresh if named else set()))
    assert saved == _file(list(expected.values()))
    assert json.loads(saved)["memories"] == [ordered(m) for m in expected.values()]


def test_a_file_read_where_it_lies_is_scanned_once_for_an_id_not_there_and_read_in_at_the_third_lookup():
    data = _file([_memory(n) for n in range(50)])
    held = _unsplit(data, where_it_lies=True)
    assert held.get("mem_new") is None and held.get("mem_new") is None and not held.has("mem_new")
    assert held._searches == 1 and isinstance(held._data, file_bytes.FileBytes)  # an absent id: one scan
    assert held.get("mem_7")["content"] == "memory number 7"
    assert isinstance(held._data, file_bytes.FileBytes)  # two scans: still where it lies
    assert held.get("mem_31")["content"] == "memory number 31"
    assert isinstance(held._data, bytes)  # the third lookup read it in
    memory = held.get("mem_7")
    memory["content"] = "changed"
    held.put(memory)
    held.put(_memory(99))
    saved = file_bytes.joined(index_store.serialise({"stamp": "0" * 16, "version": 2, "memories": held}, {"mem_7"}))
    assert json.loads(saved)["memories"][7]["content"] == "changed" and json.loads(saved)["memories"][-1]["id"] == "mem_99"


def test_the_parts_of_a_save_are_ranges_of_the_file_not_its_bytes():
    held = _unsplit(_file([_memory(n) for n in range(200)]), where_it_lies=True)
    held.put(_memory(300))
    parts = index_store.serialise({"stamp": "0" * 16, "version": 2, "memories": held}, set())
    spans = [part for part in parts if type(part) is file_bytes.FileSpan]
    assert spans and sum(part.nbytes for part in spans) > 0.9 * sum(file_bytes.nbytes(part) for part in parts)


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


# -- a change of importance and status made in the line as read (decay: Transaction.set_state)

_TEXT = st.lists(st.sampled_from(list('ab ,:"\\{}\n') + ['"importance": ', ', "status": ', "é", "\u2028"]),
                 max_size=12).map("".join)
_NUMBER = st.one_of(st.floats(0, 1, allow_nan=False), st.integers(0, 1), st.sampled_from([0.0, 1e-07, 0.5]))
_STATUS = st.sampled_from(["core", "active", "background", "archive-candidate", 'od"d\\', "é"])


@settings(max_examples=500, deadline=None)
@given(_TEXT, _NUMBER, _NUMBER, _STATUS, _STATUS, st.booleans(), st.sampled_from([None, "after", "before"]),
       st.booleans())
def test_a_patched_line_is_the_line_dumped_anew(content, before, after, status_before, status_after,
                                                 keyword_trap, nested_trap, split_first):
    memory = {"id": "mem_1", "domain": "user", "category": "facts", "content": content, "importance": before,
              "baseImportance": 0.5, "keywords": ['"status": x' if keyword_trap else "k"],
              "store": "semantic", "status": status_before}
    if nested_trap:  # an extra field naming the same keys inside: after the known ones, or (a line
        memory["extra"] = {"a": 1, "importance": before, "status": status_before}  # not in our order) first
    other = _memory(2)
    data = _file([memory, other])
    if nested_trap == "before":
        line = json.dumps(ordered(memory), ensure_ascii=False).encode("utf-8")
        first = {"id": "mem_1", "extra": memory["extra"], **{k: v for k, v in memory.items() if k != "extra"}}
        data = data.replace(line, json.dumps(first, ensure_ascii=False).encode("utf-8"))
    held = _unsplit(data)
    if split_first:
        held.get("mem_1")
    item = next(m for m in held if m["id"] == "mem_1")  # a walk: the body is split, each line kept
    assert held.hold(item)
    was = {"importance": item["importance"], "status": item["status"]}
    item["importance"], item["status"] = after, status_after
    patched = held.patch_line("mem_1", was)
    expected = [ordered(dict(memory, importance=after, status=status_after)), other]
    assert json.loads(b"".join(index_store.serialise({"stamp": "0" * 16, "version": 2, "memories": held},
                                                     set() if patched else {"mem_1"})))["memories"] == \
        json.loads(_file(expected))["memories"]
    if patched and nested_trap != "before":  # byte for byte what a new dump writes (of a line in our order)
        assert b"".join(held.text(set())) == b"".join(MemoryList.of(expected).text({"mem_1", "mem_2"}))
    if not nested_trap:
        assert patched  # the trap of the same key nested is the one line it may not patch


def test_a_line_never_read_is_not_held():
    held = _unsplit(_file([_memory(1)]))
    assert not held.hold({"id": "mem_1"})  # the body is not split: no line to patch
    assert not held.patch_line("mem_1", {"importance": 0.5})
    listed = MemoryList.of([_memory(1)])  # parsed memories with no line as read
    assert not listed.hold(_memory(1))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([b",", b"\n", b",\n", b"a", b"{", b"}", b"\xc3\xa9"]), max_size=16),
       st.integers(0, 40), st.integers(0, 40))
def test_the_lines_between_two_places_are_those_of_the_slice_split(pieces, start, length):
    """_lines_between splits the body in the whole file's bytes, not a copy of it: whatever the
    bytes around and across its edges, it gives what the slice's split gives."""
    from hippocampus.store.memory_list import _lines_between
    data = b"".join(pieces)
    start = min(start, len(data))
    end = min(start + length, len(data))
    assert _lines_between(data, start, end) == (data[start:end].split(b",\n") if end > start else [])

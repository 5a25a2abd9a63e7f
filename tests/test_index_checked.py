"""A writer checks an index.json it did not write (a copy's, a clone's, a merge's, a hand edit's) where
it lies, a few hundred lines a parse (index_store._checked_where_it_lies): what it accepts must be what
the whole parse gives, and whatever the whole parse would repair or warn about is left to it."""

import json
from datetime import datetime, timezone

import pytest

from hippocampus.store import index_store
from hippocampus.store.memory_list import MemoryList, walk

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=timezone.utc)


def _lines(data: bytes) -> tuple[bytes, list[bytes], bytes]:
    marker, tail = b'\n"memories": [\n', b"\n]\n}\n"
    start = data.index(marker) + len(marker)
    return data[:start], data[start:len(data) - len(tail)].split(b",\n"), tail


def _edit(data: bytes, case: str) -> bytes:
    head, lines, tail = _lines(data)
    first = json.loads(lines[0])
    if case == "as written":
        pass
    elif case == "a comma after the last memory":  # (after a whole number of 256-line parses)
        lines = lines[:512] + [b""]
    elif case == "an encoded surrogate":  # not UTF-8, though json.loads of bytes lets it through
        lines[1] = lines[1].replace(b'"content": "', b'"content": "\xed\xa0\x80', 1)
    elif case == "a byte order mark":
        head = b"\xef\xbb\xbf" + head
    elif case == "a lone surrogate in the header":
        head = head.replace(b'"version": 2,', b'"version": 2,\n"note": "x\\ud800y",', 1)
    elif case == "version 2.0":
        head = head.replace(b'"version": 2,', b'"version": 2.0,', 1)
    elif case == "a line break inside a line":
        lines[1] = lines[1].replace(b', "importance"', b'\n, "importance"', 1)
    elif case == "a migrated file":  # (whose lines a save dumps anew: one spaced otherwise would stay)
        head = head.replace(b'"version": 2,', b'"version": 2,\n"migratedFrom": 1,', 1)
        lines[0] = lines[0][:-1] + b" }"
    elif case == "a memory split over two lines":  # each line starts as ours, and only both parse
        second = json.loads(lines[1])
        lines[0:2] = [lines[0] + b", " + lines[1][:-1] + b', "extra": [1',
                      b'{"id": ' + json.dumps(second["id"]).encode() + b', "x": 1}]}']
    elif case == "a memory to repair":  # importance out of range: normalise_index repairs it
        lines[1] = lines[1].replace(b'"importance": ', b'"importance": 7', 1)
    elif case == "an id twice":
        lines.append(lines[0])
    elif case == "a lone surrogate":
        lines[1] = lines[1].replace(b'"content": "', b'"content": "\\ud800 ', 1)
    elif case == "a line spread over lines":  # a hand edit that pretty-printed one memory
        lines[1] = json.dumps(json.loads(lines[1]), indent=1, ensure_ascii=False).encode()
    elif case == "two memories on a line":
        lines[0:2] = [lines[0] + b", " + lines[1]]
    elif case == "two memories on the last line":
        lines[-2:] = [lines[-2] + b", " + lines[-1]]
    elif case == "the id not first":
        lines[0] = json.dumps({"content": first["content"], **first}, ensure_ascii=False).encode()
    elif case == "not UTF-8":
        lines[1] = lines[1].replace(b'"content": "', b'"content": "\xff', 1)
    elif case == "keys spaced otherwise":
        lines[0] = json.dumps(first, ensure_ascii=False, separators=(",", ":")).encode()
    return head + b",\n".join(lines) + tail


CASES = ["as written", "a memory to repair", "an id twice", "a lone surrogate", "a line spread over lines",
         "two memories on a line", "two memories on the last line", "the id not first", "not UTF-8",
         "keys spaced otherwise", "a comma after the last memory", "an encoded surrogate", "a byte order mark",
         "a lone surrogate in the header", "version 2.0", "a line break inside a line", "a migrated file",
         "a memory split over two lines"]


def _read(path, lazy: bool):
    """What a load gives, or the error it raises (type and message)."""
    try:
        index, warnings = index_store.load(path, NOW, 0.99, None, lazy=lazy)
    except Exception as exc:  # noqa: BLE001 (the same error either way is what is compared)
        return type(exc).__name__, str(exc)
    header = {k: v for k, v in index.items() if k not in ("memories", "_lines", "_repaired")}
    return header, list(walk(index["memories"])), warnings


@pytest.mark.parametrize("case", CASES)
def test_a_file_checked_where_it_lies_reads_as_the_whole_parse_reads_it(ws, case):
    lines = "".join(  # (more lines than one parse takes)
        json.dumps({"content": f"User noted fact number {n}: the blue door " + "x" * (n % 40)}) + "\n"
        for n in range(600))
    (ws.root / "bulk.jsonl").write_text(lines)
    ws.run("remember.py", "--jsonl", str(ws.root / "bulk.jsonl"))
    path = ws.store / "index.json"
    path.write_bytes(_edit(path.read_bytes(), case))
    checked = index_store._checked_where_it_lies(path)
    assert (checked is not None) == (case == "as written")
    assert isinstance(checked["memories"] if checked else None, (MemoryList, type(None)))
    assert _read(path, lazy=True) == _read(path, lazy=False)

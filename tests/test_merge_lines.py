"""The index merge line by line (merge_index.merge_lines: git's merge driver, at every sync that
merges) gives what the merge of the three versions parsed whole gives, for every kind of change on
either side or both, and leaves to the whole parse any version it does not read as that parse would."""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from hippocampus.base.config import DEFAULTS  # noqa: E402
from hippocampus.store import index_store  # noqa: E402
from hippocampus.sync import merge_index  # noqa: E402
from hippocampus.text.timeutil import parse_time  # noqa: E402

NOW = parse_time("2026-03-11T12:00:00Z")
WORDS = ["tea", "harbour", "violin", "porto", "lease", "ferry", "cedar", "lantern"]


def config() -> dict:
    return json.loads(json.dumps(DEFAULTS))


def memory(n: int, rng: random.Random) -> dict:
    words = rng.sample(WORDS, 2)
    return {"id": f"mem_{n:012x}", "domain": rng.choice(["user", "world"]), "category": "facts",
            "content": f"Ada's {words[0]} and the {words[1]}, note {n}", "importance": 0.5, "baseImportance": 0.5,
            "created": "2026-03-01T09:00:00Z", "lastAccessed": "2026-03-01T09:00:00Z", "timesReinforced": 0,
            "keywords": words, "store": rng.choice(["semantic", "episodic"]), "status": "active",
            "file": f"memory/user/note-{n}.md", "hash": f"h{n}"}


def document(memories: list[dict], **header) -> bytes:
    index = {"stamp": "s0", "version": 2, "lastUpdated": "2026-03-01T09:00:00Z", "decayLastRun": None,
             **header, "memories": memories}
    return b"".join(bytes(part) for part in index_store.serialise(index))


def changed(base: list[dict], rng: random.Random, start: int, day: int) -> list[dict]:
    side = copy.deepcopy(base)
    when = f"2026-03-{day:02d}T09:00:00Z"
    for m in rng.sample(side, len(side) // 3):
        kind = rng.choice(["reinforce", "text", "archive", "keywords", "purge", "supersede", "outcome", "status"])
        if kind == "reinforce":
            m.update(timesReinforced=m["timesReinforced"] + 1, lastAccessed=when,
                     baseImportance=round(m["baseImportance"] + 0.075, 6), importance=0.6)
        elif kind == "text":
            m.update(content=m["content"] + f" (said again on the {day}th)", hash=f"h{day}{m['id']}")
        elif kind == "archive":
            m.update(status="archived", importance=0.0, archivedAt=when, archivedBecause="forgotten")
        elif kind == "keywords":
            m["keywords"] = rng.sample(WORDS, 3)
        elif kind == "purge":
            m.update(status="archived", importance=0.0, archivedAt=when, archivedBecause="purged",
                     content="[purged]", keywords=[], file=None, hash=None, purged=True)
        elif kind == "supersede":
            m.update(supersededBy=rng.choice(side)["id"], supersededHow=rng.choice(["stated", "read"]))
        elif kind == "outcome":
            m["outcomeGood"] = rng.randint(1, 3)
        else:
            m["status"] = rng.choice(["core", "background"])
    for m in rng.sample(side, len(side) // 8):
        side.remove(m)
    side += [memory(n, rng) for n in range(start, start + len(base) // 6)]
    return side


def merged_both_ways(o: bytes, a: bytes, b: bytes) -> tuple[dict, dict]:
    lines = merge_index.merge_lines(o, a, b, NOW, config())
    assert lines is not None
    whole = merge_index.merge_whole(o, a, b, NOW, config())
    by_lines, by_whole = (json.loads(b"".join(bytes(p) for p in parts)) for parts in (lines, whole))
    for doc in (by_lines, by_whole):
        doc.pop("stamp")
    return by_lines, by_whole


@pytest.mark.parametrize("seed", range(12))
def test_a_merge_line_by_line_is_the_whole_merge(seed):
    rng = random.Random(seed)
    base = [memory(n, rng) for n in range(60)]
    ours, theirs = changed(base, rng, 1000, 5), changed(base, rng, 2000, 7)
    both = rng.sample([m["id"] for m in base], 6)  # the same change on both sides, and one line as a person wrote it
    for side in (ours, theirs):
        for m in side:
            if m["id"] in both:
                m.update(timesReinforced=m["timesReinforced"] + 1, lastAccessed="2026-03-06T09:00:00Z")
    o = document(base)
    a = document(ours, decayLastRun="2026-03-05T03:00:00Z")
    b = document(theirs, lastUpdated="2026-03-07T09:00:00Z", extra={"from": "theirs"})
    by_lines, by_whole = merged_both_ways(o, a, b)
    assert by_lines == by_whole
    ids = [m["id"] for m in by_lines["memories"]]
    assert len(ids) == len(set(ids)) and len(ids) > 50


def test_lines_written_otherwise_or_not_current_are_read_as_the_whole_parse_reads_them():
    rng = random.Random(3)
    base = [memory(n, rng) for n in range(10)]
    theirs = copy.deepcopy(base)
    theirs[2]["importance"] = 1.7              # not current: normalised
    theirs[3]["timesReinforced"] = -2           # not current
    theirs[4]["content"] = "Ada went to Porto"  # a change, written below with the keys in another order
    o, a = document(base), document(base)
    b = document(theirs)
    line = json.dumps(theirs[4], ensure_ascii=False).encode()
    moved = json.dumps(dict(reversed([*theirs[4].items()][1:]), id=theirs[4]["id"]) | {}, ensure_ascii=False)
    moved = '{"id": "%s", ' % theirs[4]["id"] + moved[1:].replace(f', "id": "{theirs[4]["id"]}"', "")
    assert line in b
    b = b.replace(line, moved.encode())
    by_lines, by_whole = merged_both_ways(o, a, b)
    assert by_lines == by_whole
    assert {m["id"]: m for m in by_lines["memories"]}[theirs[2]["id"]]["importance"] <= 1


@pytest.mark.parametrize("damage", ["indented", "migrated", "split line", "id with escape", "id twice", "version 2.0",
                                    "lying id"])
def test_a_version_not_in_our_layout_is_left_to_the_whole_parse(damage):
    rng = random.Random(5)
    base = [memory(n, rng) for n in range(6)]
    o, a = document(base), document(base)
    theirs = copy.deepcopy(base)
    theirs[1]["timesReinforced"] = 1
    b = document(theirs)
    first = json.dumps(theirs[0], ensure_ascii=False).encode()
    if damage == "indented":
        b = json.dumps(json.loads(b), indent=1).encode()
    elif damage == "migrated":
        b = b.replace(b'"version": 2,', b'"version": 2,\n"migratedFrom": 1,')
    elif damage == "split line":
        b = b.replace(first, first.replace(b', "domain"', b',\n"domain"'))
    elif damage == "id with escape":
        b = b.replace(first, first.replace(b'"mem_', b'"\\u006dem_', 1))
    elif damage == "id twice":
        b = b.replace(first, first + b",\n" + first)
    elif damage == "version 2.0":
        b = b.replace(b'"version": 2,', b'"version": 2.0,')
    else:
        b = b.replace(first, first.replace(b', "domain"', b', "id": "mem_999999999999", "domain"'))
    assert merge_index.merge_lines(o, a, b, NOW, config()) is None
    merge_index.merge_bytes(o, a, b, NOW, config())  # (the whole parse takes it, or says why not)


def test_an_empty_base_and_an_empty_side_merge_as_the_whole_merge():
    rng = random.Random(9)
    ours = [memory(n, rng) for n in range(4)]
    theirs = [memory(n, rng) for n in range(2, 7)]
    theirs[0]["timesReinforced"] = 2
    for o, a, b in ((b"", document(ours), document(theirs)), (document(ours), document(ours), document([]))):
        if b.endswith(b'"memories": []\n}\n'):
            assert merge_index.merge_lines(o, a, b, NOW, config()) is None
            continue
        by_lines, by_whole = merged_both_ways(o, a, b)
        assert by_lines == by_whole


def test_a_version_nested_thousands_deep_is_unparsable_not_a_traceback():
    rng = random.Random(2)
    o = a = document([memory(n, rng) for n in range(3)])
    bomb = ("[" * 100000 + "]" * 100000).encode()
    b = a.replace(b'"keywords": [', b'"nested": ' + bomb + b', "keywords": [', 1)
    assert merge_index.merge_lines(o, a, b, NOW, config()) is None
    with pytest.raises(merge_index.Unparsable):
        merge_index.merge_bytes(o, a, b, NOW, config())

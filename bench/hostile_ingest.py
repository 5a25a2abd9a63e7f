#!/usr/bin/env python3
"""What a hostile or broken session store costs `preprocess.py`: wall time and peak memory.

Each case builds a small input in a temp folder, runs `scripts/preprocess.py
--json --path INPUT` into a fresh workspace, and reports the wall time, the
peak RSS of the preprocess process (`resource.getrusage(RUSAGE_CHILDREN)` in a
fresh parent) and what the report says was read and skipped:

- `archive-400`: a 400-byte zstd blob as a transcript OpenClaw archived on a
  reset (`session_transcript_archives`): one JSONL line, then blocks of
  98,047 sequences each, none costing a bit (RLE tables, repeat offsets), each
  copying 34 bytes: the line again and again;
- `archive-400c`: the same within the format's bounds (a block holds at most
  128 KiB): one line, then blocks of one sequence copying 128 KiB (2.4 MB);
- `cold-18k`: an 18.7 KB cold archive (`session_transcript_cold_archives`):
  one event record line, then blocks copying it 128 KiB at a time (the line
  1.2 million times: 201 MB);
- `cold-14k`: a ~14 KB cold archive: 60
  event rows, each a user message of 4 MiB ("Lisbon light aaaa...": RLE blocks of 128 KiB);
- `rows-200`: 200 `transcript_events` rows stored `event_zstd`, each a user
  message of 4 MiB ("my wifi password is sunshine42 and ..." over and over:
  one long match per 128 KiB block) -- what redaction finds most to do;
- `scaffold-50`: 50 rows, each a user message of 60 KiB of `<memory>`
  openings never closed (what `clean_signal`'s patterns scanned to the end
  once per opening);
- `blank-4k`: one message of two lines with 4,096 blank lines between them
  (what the pattern for our recalled lines, `^\s*-?\s*...`, read in cubic
  time);
- `jsonl-64m`: a JSONL transcript whose one line is a 64 MiB user message.

    python3 bench/hostile_ingest.py                       # this tree
    python3 bench/hostile_ingest.py --ref 0a07799         # and an earlier commit, side by side
    python3 bench/hostile_ingest.py --cases rows-200 --timeout 900

A case that runs past --timeout is reported as such (the process is killed).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOW = "2026-03-11T15:00:00Z"

# ---- a few zstd frames (RFC 8878) written by hand: what an encoder may write, and what it never would

_ML_BASE = list(range(3, 35)) + [35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099,
                                 8195, 16387, 32771, 65539]
_ML_BITS = [0] * 32 + [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]


def frame(blocks: list[tuple[int, int, bytes]], window_log: int = 17) -> bytes:
    """A frame of (block type, block size, body) blocks: no content size, no checksum, a 2^window_log window."""
    out = bytearray(b"\x28\xb5\x2f\xfd" + bytes([0x00, (window_log - 10) << 3]))
    for number, (kind, size, body) in enumerate(blocks):
        out += ((size << 3) | (kind << 1) | (number == len(blocks) - 1)).to_bytes(3, "little") + body
    return bytes(out)


def raw(data: bytes) -> tuple[int, int, bytes]:
    return 0, len(data), data


def rle(byte: bytes, count: int) -> tuple[int, int, bytes]:
    return 1, count, byte


def _bits(fields: list[tuple[int, int]]) -> bytes:
    """A backward bitstream whose reader meets `fields` ((value, bits)) in this order."""
    acc = used = 0
    for value, count in reversed(fields):
        acc |= value << used
        used += count
    acc |= 1 << used
    return acc.to_bytes((used + 8) // 8, "little")


def copy(offset: int, length: int) -> tuple[int, int, bytes]:
    """A compressed block of one sequence: no literals, `length` (<= 131,074) bytes copied from `offset` back."""
    code = max(c for c in range(53) if _ML_BASE[c] <= length)
    of_value = offset + 3
    of_code = of_value.bit_length() - 1
    body = bytes([0, 1, 0x54, 0, of_code, code]) + _bits([(of_value - (1 << of_code), of_code),
                                                          (length - _ML_BASE[code], _ML_BITS[code])])
    return 2, len(body), body


def free_sequences(count: int = 98_047) -> tuple[int, int, bytes]:
    """A compressed block of `count` sequences that cost no bit each (RLE tables: no literal, repeat offset,
    34 bytes copied); RFC 8878 allows 98,047 sequences, but no more than 128 KiB of content, in a block."""
    head = bytes([255]) + (count - 0x7F00).to_bytes(2, "little") if count >= 0x7F00 else \
        bytes([128 + (count >> 8), count & 255]) if count >= 128 else bytes([count])
    body = b"\x00" + head + bytes([0x54, 0, 0, 31]) + b"\x01"
    return 2, len(body), body


# ---- OpenClaw's session database, the columns preprocess reads (the tests use OpenClaw's full schema)

SCHEMA = """
CREATE TABLE session_nodes (session_key TEXT PRIMARY KEY, entry_json TEXT);
CREATE TABLE session_windows (session_id TEXT PRIMARY KEY, session_key TEXT, chat_type TEXT, created_at INTEGER);
CREATE TABLE transcript_events (session_id TEXT, seq INTEGER, event_json TEXT, event_zstd BLOB,
                                event_utf8_bytes INTEGER, PRIMARY KEY (session_id, seq));
CREATE TABLE transcript_rewrite_watermarks (session_id TEXT PRIMARY KEY, generation TEXT);
CREATE TABLE session_transcript_archives (session_id TEXT, generation TEXT, session_key TEXT, encoding TEXT,
                                          archive_blob BLOB, created_at INTEGER);
CREATE TABLE session_transcript_cold_archives (session_id TEXT PRIMARY KEY, last_seq INTEGER, storage TEXT,
                                               archive_blob BLOB);
"""


def database(folder: Path) -> sqlite3.Connection:
    path = folder / "openclaw-agent.sqlite"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    db.execute("INSERT INTO session_nodes VALUES ('agent:main:main', '{\"chatType\":\"direct\"}')")
    db.execute("INSERT INTO session_windows VALUES ('d1', 'agent:main:main', 'direct', 1)")
    return db


def message(record_id: str, text: str) -> str:
    return json.dumps({"type": "message", "id": record_id, "timestamp": "2026-03-10T09:00:00.000Z",
                       "message": {"role": "user", "content": [{"type": "text", "text": text}]}},
                      separators=(",", ":"))


def around(record_id: str) -> tuple[bytes, bytes]:
    """The bytes of a user message's JSON before and after its text."""
    head, tail = message(record_id, "\x00").split("\\u0000")
    return head.encode(), tail.encode()


def archive_400(folder: Path) -> Path:
    line = (message("x1", "I love the light in Lisbon, remember that.") + "\n").encode()
    # two copies of the line set both repeat offsets to its length: each free sequence then copies on from it
    start = [raw(line), copy(len(line), len(line)), copy(len(line), len(line))]
    blocks = (400 - len(frame(start))) // (3 + free_sequences()[1])
    blob = frame(start + [free_sequences()] * blocks)
    db = database(folder)
    db.execute("INSERT INTO session_transcript_archives VALUES ('d0', 'g1', 'agent:main:main', 'zstd', ?, 1)",
               (blob,))
    db.commit()
    return folder / "openclaw-agent.sqlite"


def archive_400c(folder: Path) -> Path:
    line = (message("x1", "I love the light in Lisbon, remember that.") + "\n").encode()
    start = [raw(line)]
    blocks = (400 - len(frame(start))) // (3 + copy(len(line), 131072)[1])
    blob = frame(start + [copy(len(line), 131072)] * blocks)
    db = database(folder)
    db.execute("INSERT INTO session_transcript_archives VALUES ('d0', 'g1', 'agent:main:main', 'zstd', ?, 1)",
               (blob,))
    db.commit()
    return folder / "openclaw-agent.sqlite"


def cold_18k(folder: Path) -> Path:
    event = message("c1", "I love the light in Lisbon, remember that.")
    line = (json.dumps({"kind": "event", "row": {"seq": 1, "event_json": event}}, separators=(",", ":")) +
            "\n").encode()
    start = [raw(line)]
    blocks = (18_700 - len(frame(start))) // (3 + copy(len(line), 131072)[1])
    blob = frame(start + [copy(len(line), 131072)] * blocks)
    db = database(folder)
    db.execute("INSERT INTO session_transcript_cold_archives VALUES ('d1', 1, 'sqlite', ?)", (blob,))
    db.commit()
    return folder / "openclaw-agent.sqlite"


def cold_14k(folder: Path) -> Path:
    blocks = []
    for seq in range(60):
        head, tail = around(f"c{seq}")
        head += b"Lisbon light "  # two words: a message, not near-empty noise
        blocks.append(raw(b'{"kind":"event","row":{"seq":%d,"event_json":' % seq + json.dumps(head.decode())[:-1]
                          .encode()))
        blocks += [rle(b"a", 131072)] * 32
        blocks.append(raw(json.dumps(tail.decode())[1:].encode() + b"}}\n"))
    blob = frame(blocks)
    db = database(folder)
    db.execute("INSERT INTO session_transcript_cold_archives VALUES ('d1', 59, 'sqlite', ?)", (blob,))
    db.commit()
    return folder / "openclaw-agent.sqlite"


def rows_200(folder: Path) -> Path:
    phrase = b"my wifi password is sunshine42 and "
    db = database(folder)
    for seq in range(200):
        head, tail = around(f"r{seq}")
        size = 4 * 1024 * 1024 - len(head) - len(tail)
        blocks = [raw(head + phrase)]
        left = size - len(phrase)
        while left:
            step = min(left, 131072)
            blocks.append(copy(len(phrase), step))
            left -= step
        blocks.append(raw(tail))
        db.execute("INSERT INTO transcript_events VALUES ('d1', ?, NULL, ?, ?)",
                   (seq, frame(blocks), len(head) + size + len(tail)))
    db.commit()
    return folder / "openclaw-agent.sqlite"


def scaffold_50(folder: Path) -> Path:
    db = database(folder)
    for seq in range(50):
        db.execute("INSERT INTO transcript_events VALUES ('d1', ?, ?, NULL, NULL)",
                   (seq, message(f"s{seq}", ("word <memory> " * 5000)[:61440])))
    db.commit()
    return folder / "openclaw-agent.sqlite"


def blank_4k(folder: Path) -> Path:
    path = folder / "blank.jsonl"
    path.write_text(message("k1", "We walked along the river.\n" + "\n" * 4096 + "Then we had dinner.") + "\n")
    return path


def jsonl_64m(folder: Path) -> Path:
    path = folder / "big.jsonl"
    path.write_text(message("j1", "the light in Lisbon " * (64 * 1024 * 1024 // 20)) + "\n")
    return path


CASES = {"archive-400": archive_400, "archive-400c": archive_400c, "cold-18k": cold_18k, "cold-14k": cold_14k, "rows-200": rows_200, "scaffold-50": scaffold_50,
         "blank-4k": blank_4k, "jsonl-64m": jsonl_64m}

MEASURE = ("import json, resource, subprocess, sys, time\n"
           "started = time.perf_counter()\n"
           "try:\n"
           "    r = subprocess.run(sys.argv[2:], capture_output=True, timeout=float(sys.argv[1]))\n"
           "    code, out, err = r.returncode, r.stdout.decode(), r.stderr.decode()\n"
           "except subprocess.TimeoutExpired:\n"
           "    code, out, err = 'timeout', '', ''\n"
           "print(json.dumps({'seconds': time.perf_counter() - started, 'code': code, 'out': out, 'err': err,\n"
           "                  'peak_kb': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))\n")


def run(code: Path, case: str, timeout: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
        tmp = Path(tmp)
        (tmp / "input").mkdir()
        target = CASES[case](tmp / "input")
        env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
        env.update(WORKSPACE=str(tmp / "ws"), HIPPOCAMPUS_NOW=NOW, HOME=str(tmp / "home"))
        subprocess.run([sys.executable, str(code / "scripts" / "init.py"), "--workspace", str(tmp / "ws")],
                       env=env, capture_output=True, check=True)
        size = target.stat().st_size
        result = subprocess.run([sys.executable, "-c", MEASURE, str(timeout), sys.executable, "-S",
                                 str(code / "scripts" / "preprocess.py"), "--json", "--path", str(target)],
                                env=env, capture_output=True, text=True)
        measured = json.loads(result.stdout)
        try:
            report = json.loads(measured["out"])
        except ValueError:
            report = {}
        last = measured["err"].strip().splitlines()[-1:] if measured["err"].strip() else []
        return {"input": size, "seconds": measured["seconds"], "peak_mb": measured["peak_kb"] / 1024,
                "code": measured["code"], "new": report.get("new"), "skipped": report.get("skipped"),
                "stderr": last[0][:160] if last else ""}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ref", help="also run this commit's scripts (git archive into a temp folder)")
    p.add_argument("--cases", default=",".join(CASES), help=f"comma-separated, of: {', '.join(CASES)}")
    p.add_argument("--timeout", type=float, default=600, help="seconds before a run is killed (default 600)")
    args = p.parse_args()
    trees = [("this tree", ROOT)]
    with tempfile.TemporaryDirectory(prefix="hostile-ref-") as before:
        if args.ref:
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.ref, "scripts"], capture_output=True,
                                     check=True).stdout
            subprocess.run(["tar", "-x", "-C", before], input=archive, check=True)
            trees.insert(0, (args.ref, Path(before)))
        print("| case | input | tree | exit | wall | peak RSS | new | skipped |")
        print("|---|---|---|---|---|---|---|---|")
        for case in args.cases.split(","):
            for name, code in trees:
                r = run(code, case, args.timeout)
                skipped = ", ".join(f"{n} {why}" for why, n in sorted((r["skipped"] or {}).items())) or r["stderr"]
                print(f"| {case} | {r['input']:,} B | {name} | {r['code']} | {r['seconds']:.1f} s | "
                      f"{r['peak_mb']:.0f} MB | {r['new']} | {skipped} |", flush=True)


if __name__ == "__main__":
    main()

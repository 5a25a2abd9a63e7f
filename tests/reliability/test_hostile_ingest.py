"""A hostile or damaged session store costs seconds and tens of MB, and one bad row never stops the rest.

Issue #42, findings 11 and 12: zstd bombs (an event, an archive, a cold archive that expand far past what
OpenClaw writes), messages too long to clean and redact, and rows that are damaged (a page SQLite cannot
read, a schema whose text is not UTF-8), of the wrong type, invalid UTF-8 or nested too deep. Each is
skipped and counted (with one warning line per database for what is too large or unreadable), the rest of
that database and the other files are read, and the next run does not meet it again. Real SQLite files
with OpenClaw's schema (tests/test_openclaw_sqlite_sessions.py), the real scripts; no timing is asserted."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess

import pytest

from test_openclaw_sqlite_sessions import (A2_NAVIGATION, BAKERIES, CAT, LISBON, MARIA, NOW, _agent_db, _append,
                                           _connect, _env, _message, _texts)

MIB = 1024 * 1024

# ---- zstd frames written by hand (RFC 8878): what an encoder may write, and what none would

_ML_BASE = list(range(3, 35)) + [35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099,
                                 8195, 16387, 32771, 65539]
_ML_BITS = [0] * 32 + [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]


def _frame(blocks, window_log=17, declared=None):
    """A frame of (type, size, body) blocks: no checksum; a window, or (declared) a single segment of that size."""
    out = bytearray(b"\x28\xb5\x2f\xfd")
    out += bytes([0x00, (window_log - 10) << 3]) if declared is None else b"\xe0" + declared.to_bytes(8, "little")
    for number, (kind, size, body) in enumerate(blocks):
        out += ((size << 3) | (kind << 1) | (number == len(blocks) - 1)).to_bytes(3, "little") + body
    return bytes(out)


def _raw(data):
    return 0, len(data), data


def _rle(byte, count):
    return 1, count, byte


def _copy(offset, length, literals=b""):
    """One sequence: up to 15 literal bytes, then `length` bytes copied from `offset` back."""
    code = max(c for c in range(53) if _ML_BASE[c] <= length)
    value = offset + 3
    of_code = value.bit_length() - 1
    bits, used = 0, 0
    for field, count in reversed([(value - (1 << of_code), of_code), (length - _ML_BASE[code], _ML_BITS[code])]):
        bits |= field << used
        used += count
    stream = (bits | 1 << used).to_bytes((used + 8) // 8, "little")
    body = bytes([len(literals) << 3]) + literals + bytes([1, 0x54, len(literals), of_code, code]) + stream
    return 2, len(body), body


def _free_sequences(count=98_047):
    """98,047 sequences that cost no bit each (RLE tables, a repeat offset, 34 bytes copied), in 9 bytes."""
    body = b"\x00\xff" + (count - 0x7F00).to_bytes(2, "little") + bytes([0x54, 0, 0, 31]) + b"\x01"
    return 2, len(body), body


def _spaces(total):
    """RLE blocks of 128 KiB of spaces, `total` bytes in all."""
    return [_rle(b" ", min(131072, total - start)) for start in range(0, total, 131072)]


def _line(event):
    return (json.dumps(event, separators=(",", ":")) + "\n").encode()


def _user(entry_id, text, minute=7):
    return _message(entry_id, "c1", "user", [{"type": "text", "text": text}], minute)


def _zstd_row(db, seq, blob, declared, session="d1"):
    """A compressed transcript_events row, whatever OpenClaw's CHECKs say (a damaged or hostile store)."""
    db.execute("PRAGMA ignore_check_constraints = 1")
    db.execute("INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, "
               "navigation_json) VALUES (?, ?, NULL, 1773133440000, ?, ?, ?)", (session, seq, blob, declared,
                                                                              A2_NAVIGATION))


def _lines_of(err):
    return [line for line in err.strip().splitlines() if line]


# ---- finding 11: input that costs too much

def test_compressed_events_that_expand_past_their_bound_are_skipped_and_counted_once(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)
    # 5 MiB of one event (OpenClaw writes at most 4 MiB): decoding stops at the bound
    head = _line(_user("b1", "x"))[:-4]
    _zstd_row(db, 7, _frame([_raw(head)] + _spaces(5 * MIB) + [_raw(b'"}]}}')]), 5 * MIB + len(head) + 5)
    # a frame that says it holds a GiB: refused before a block is read
    _zstd_row(db, 8, _frame([_raw(b"{}")], declared=1 << 30), 1 << 30)
    # 98,047 sequences in 9 bytes (3.3 MB, and a second of CPU, per block): refused as no encoder writes it
    _zstd_row(db, 9, _frame([_raw(_line(_user("b3", "y"))), _free_sequences()]), 4 * MIB)
    # two messages of 4 MiB of text (each within OpenClaw's bound): too long to clean and redact
    for seq in (10, 11):
        phrase = b"my wifi password is sunshine42 and "
        head, tail = _line(_user(f"b{seq}", "\x00"))[:-1].split(b"\\u0000")
        size = 4 * MIB - len(head) - len(tail)
        blocks = [_raw(head + phrase)] + [_copy(len(phrase), min(131072, size - done))
                                          for done in range(len(phrase), size, 131072)] + [_raw(tail)]
        _zstd_row(db, seq, _frame(blocks), len(head) + size + len(tail))
    _append(db, "d1", 12, _user("u3", MARIA))
    db.commit()
    db.close()
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    texts = _texts(ws)
    assert texts[0] == LISBON and texts[1].endswith(BAKERIES) and texts[2:] == [MARIA], (texts, report)
    skipped = report["skipped"]
    assert skipped.get("oversized record") == 2 and skipped.get("undecodable event") == 1, skipped
    assert skipped.get("oversized message") == 2, skipped
    assert len(_lines_of(result.err)) == 1, result.err  # one line for the database, not one a row
    assert "2 oversized records" in result.err and "1 undecodable event" in result.err, result.err
    again = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(again.out)
    assert report["new"] == 0 and report["sessions"] == 0 and not _lines_of(again.err), (report, again.err)
    for reason in ("oversized record", "undecodable event", "oversized message"):
        assert reason not in report["skipped"], report


def test_an_archive_that_expands_past_its_bound_is_skipped_and_the_rest_read(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)
    # two transcripts archived on a reset: one whose frame says it holds 128 MiB (refused before decoding),
    # one that says nothing and goes on past 64 MiB after a message (the message read, the rest not)
    said = _frame([_raw(_line(_user("r1", "Archived words nobody should have to wait for.")))], declared=128 * MIB)
    unsaid = _frame([_raw(_line(_user("r2", MARIA)))] + _spaces(65 * MIB))
    for session_id, blob in (("d7", said), ("d8", unsaid)):
        db.execute("INSERT INTO session_transcript_archives (session_id, generation, session_key, reason, encoding, "
                   "archive_blob, archive_sha256, archive_name, created_at) VALUES (?, 'g1', 'agent:main:main', "
                   "'reset', 'zstd', ?, ?, ?, 1773133680000)",
                   (session_id, blob, hashlib.sha256(blob).hexdigest(), f"{session_id}.jsonl.reset.g1.zst"))
    db.commit()
    db.close()
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    assert MARIA in _texts(ws) and LISBON in _texts(ws) and len(_texts(ws)) == 3, (_texts(ws), report)
    assert report["skipped"].get("oversized archive") == 2, report
    assert len(_lines_of(result.err)) == 1 and "2 oversized archives" in result.err, result.err
    again = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(again.out)
    assert report["new"] == 0 and "oversized archive" not in report["skipped"] and not _lines_of(again.err), report


def test_a_cold_archive_bomb_is_skipped_and_the_rows_after_it_read(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)  # d1's rows moved to cold storage: a record, then 65 MiB of one line
    record = _line({"kind": "event", "row": {"seq": 0, "event_json": json.dumps(_user("k1", CAT))}})
    blob = _frame([_raw(record)] + _spaces(65 * MIB))
    db.execute("DELETE FROM transcript_events WHERE session_id = 'd1'")
    db.execute("INSERT INTO session_transcript_cold_archives VALUES ('d1', 'g1', ?, ?, 7, ?, ?, 6, 1773200000000, "
               "'sqlite', ?)", (hashlib.sha256(blob).hexdigest() + ".jsonl.zst", hashlib.sha256(blob).hexdigest(),
                                65 * MIB, len(blob), blob))
    _append(db, "d1", 7, _user("u3", MARIA))
    db.commit()
    db.close()
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    assert _texts(ws) == [CAT, MARIA] and report["skipped"].get("oversized archive") == 1, (_texts(ws), report)
    assert len(_lines_of(result.err)) == 1, result.err
    again = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(again.out)
    assert report["new"] == 0 and report["skipped"] == {"group session": 1, "cron session": 1}, report


def test_files_too_long_to_read_or_to_clean_are_skipped_and_the_rest_read(ws, tmp_path):
    folder = tmp_path / "sessions"
    folder.mkdir()
    long_words = "Remember that the tram to Belem runs late on Sundays. " * 1300  # 70 KB: more than a memory
    (folder / "a.jsonl").write_text("".join(json.dumps(e) + "\n" for e in [
        _user("j1", LISBON), _user("j2", long_words), _user("j3", "x" * (17 * MIB)), _user("j4", MARIA)]))
    (folder / "b.md").write_text(f"**Ada:** {long_words}\n\n{long_words}\n{long_words}\n\n**Ada:** {CAT}\n")
    result = ws.run("preprocess.py", "--json", "--path", str(folder), now=NOW)
    report = json.loads(result.out)
    assert sorted(_texts(ws)) == sorted([LISBON, MARIA, CAT]), report
    assert report["skipped"] == {"oversized message": 3, "oversized record": 1}, report
    again = ws.json("preprocess.py", "--path", str(folder), now=NOW)
    assert again["new"] == 0 and again["skipped"] == {}, again


def test_a_message_of_blank_lines_and_unclosed_tags_is_cleaned_in_one_pass(ws, tmp_path):
    folder = tmp_path / "sessions"  # each cost minutes: every line start scanned every blank line after it
    folder.mkdir()
    blank = "We walked along the river.\n" + "\n" * 8192 + "Then we had dinner."
    tags = "We met at <memory the cafe> and " * 1500 + "it rained."
    (folder / "a.jsonl").write_text("".join(json.dumps(_user(f"j{n}", text)) + "\n" for n, text in enumerate([blank, tags])))
    ws.run("preprocess.py", "--path", str(folder), now=NOW)
    texts = _texts(ws)
    assert texts[0].startswith("We walked") and texts[0].endswith("dinner.") and texts[1].endswith("it rained."), texts


def test_a_signal_longer_than_max_content_bytes_never_stops_encode(ws, tmp_path):
    (ws.store / "config.yaml").write_text("max_content_bytes: 2000\n")
    folder = tmp_path / "sessions"
    folder.mkdir()
    (folder / "a.jsonl").write_text("".join(json.dumps(e) + "\n" for e in [
        _user("j1", "Remember that my sister Maria lives in Porto. " * 60),  # 2.8 KB
        _user("j2", "Remember that my sister Maria grows tomatoes on her balcony.")]))
    assert ws.json("preprocess.py", "--path", str(folder), now=NOW)["new"] == 2
    report = ws.json("encode.py", "--auto", now=NOW)
    assert report["stored"] == 1 and report["tooLong"] == 1, report
    assert ws.json("encode.py", "--auto", now=NOW)["signals"] == 0  # passed over, not met again
    assert any("tomatoes" in m["content"] for m in ws.index()["memories"])


# ---- finding 12: one bad row never blocks the rest

def test_a_row_nested_too_deep_or_of_invalid_utf8_in_the_database(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)
    _append(db, "d1", 7, "x")  # replaced below: event_json nested 100,000 deep
    db.execute("UPDATE transcript_events SET event_json = ? WHERE session_id = 'd1' AND seq = 7",
               ("[" * 100_000 + "]" * 100_000,))
    bad = json.dumps(_user("u8", "Caf\u00e9 Lu is where we met the first time."), ensure_ascii=False).encode()
    bad = bad.replace("\u00e9".encode(), b"\xff")  # one byte that is no UTF-8
    db.execute("INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES ('d1', 8, "
               "CAST(? AS TEXT), 1773133260000)", (bad,))
    _append(db, "d1", 9, _user("u9", MARIA))
    db.commit()
    db.close()
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    assert _texts(ws)[2:] == ["Caf\ufffd Lu is where we met the first time.", MARIA], (_texts(ws), report)
    assert report["skipped"].get("malformed") == 1 and not report["warnings"], report
    again = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert again["new"] == 0 and "malformed" not in again["skipped"], again


def test_rows_of_the_wrong_type_are_skipped_and_the_rest_read(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)  # another writer's layout, without STRICT: any value in any column
    db.execute("ALTER TABLE transcript_events RENAME TO strict_events")
    db.execute("CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq, event_json, created_at INTEGER, "
               "event_zstd BLOB, event_utf8_bytes, navigation_json, PRIMARY KEY (session_id, seq))")
    db.execute("INSERT INTO transcript_events SELECT * FROM strict_events")
    db.execute("DROP TABLE strict_events")
    for seq, body in (("x7", json.dumps(_user("w1", "A seq that is text."))), (b"\x08", "{}"), (None, "{}"),
                      (9, 42), (10, b'{"type":"message"}')):
        db.execute("INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES ('d1', ?, ?, 1)",
                   (seq, body))
    db.execute("INSERT INTO transcript_events (session_id, seq, event_json, event_zstd, event_utf8_bytes, created_at) "
               "VALUES ('d1', 11, NULL, 'not a blob', 'many', 1)")
    _append(db, "d1", 12, _user("u3", MARIA))
    db.commit()
    db.close()
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    assert _texts(ws)[2:] == [MARIA] and report["skipped"].get("malformed") == 6, (_texts(ws), report)
    again = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert again["new"] == 0 and "malformed" not in again["skipped"], again


def test_a_damaged_page_costs_its_row_and_the_rest_of_the_transcript_is_read(ws, tmp_path):
    state = tmp_path / "state"
    path = _agent_db(state)
    db = _connect(path)
    words = [f"Marker {n}: " + f"the harbour walk number {n} was lovely in the evening light. " * 50 for n in range(6)]
    for n, text in enumerate(words):  # ~3 KB each: a table page each
        _append(db, "d1", 7 + n, _user(f"p{n}", text))
    db.commit()
    db.close()
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")  # the page size, from the database header
    page = data.index(b"Marker 2: ") // size * size
    data[page:page + 8] = b"\xff" * 8  # the b-tree page header of the row holding marker 2
    path.write_bytes(bytes(data))
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    read = [t for t in _texts(ws) if t.startswith("Marker")]
    assert read == [w.strip() for n, w in enumerate(words) if n != 2], ([t[:10] for t in read], report)
    assert report["skipped"].get("unreadable row") == 1, report
    assert len(_lines_of(result.err)) == 1 and "1 unreadable row" in result.err, result.err
    again = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(again.out)
    assert report["new"] == 0 and "unreadable row" not in report["skipped"] and not _lines_of(again.err), report


def test_a_damaged_schema_is_one_line_and_the_legacy_files_are_still_read(ws, tmp_path):
    state = tmp_path / "state"
    path = _agent_db(state)
    data = bytearray(path.read_bytes())
    at = data.index(b"CREATE TABLE transcript_events")
    data[at + 3] = 0xFF  # "CRE\xffTE TABLE": SQLite's error names the schema's text, no longer UTF-8
    path.write_bytes(bytes(data))
    sessions = state / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    (sessions / "d9.jsonl").write_text(json.dumps(_user("f1", CAT)) + "\n")
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    assert _texts(ws) == [CAT] and report["skipped"].get("unreadable database") == 1, report
    assert len(_lines_of(result.err)) == 1, result.err


def test_a_jsonl_line_nested_too_deep_or_not_an_object_is_skipped_and_the_other_files_read(ws, tmp_path):
    folder = tmp_path / "sessions"
    folder.mkdir()
    (folder / "sessions.json").write_text("[" * 100_000 + "]" * 100_000)  # the store itself: read the folder whole
    (folder / "a.jsonl").write_text("\n".join(["[" * 100_000 + "]" * 100_000, json.dumps(_user("j1", LISBON)),
                                               "[1, 2]", '"just text"', '{"type": "message", "message": ' +
                                               "[" * 100_000 + "]" * 100_000 + "}", json.dumps(_user("j2", MARIA))])
                                    + "\n")
    (folder / "b.jsonl").write_text(json.dumps(_user("j3", CAT)) + "\n")
    report = ws.json("preprocess.py", "--path", str(folder), now=NOW)
    assert sorted(_texts(ws)) == sorted([LISBON, MARIA, CAT]), report
    assert report["skipped"] == {"malformed": 4, "unreadable sessions.json": 1}, report
    again = ws.json("preprocess.py", "--path", str(folder), now=NOW)
    assert again["new"] == 0 and again["skipped"] == {"unreadable sessions.json": 1}, again


def test_json_nested_too_deep_given_to_other_scripts_is_a_clear_error(ws, tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    (tmp_path / "memories.json").write_text(deep)
    assert len(_lines_of(ws.run("import.py", str(tmp_path / "memories.json"), expect=1).err)) == 1
    assert "nested too deep" in ws.run("encode.py", "--apply", "-", input=deep, expect=1).err
    hook = ws.run("agent_hook.py", "session-end", input=deep, expect=0)
    assert "Traceback" not in hook.err


def test_a_file_of_unclosed_comments_imports_what_comes_before_them(ws, tmp_path):
    notes = tmp_path / "notes.md"  # 1 MB of `<!--` never closed: each one scanned to the end was minutes
    notes.write_text("# Notes\n\n- I keep bees on the roof of the garage.\n\n" + "<!-- x " * 150_000 +
                     "\n\n" + "<!-- hippocampus:core:start --> y " * 30_000)
    report = ws.json("import.py", str(notes))
    assert report["added"] >= 1 and any("bees" in m["content"] for m in ws.index()["memories"]), report


# ---- the decoder's own bounds

def test_the_zstd_decoder_bounds_what_a_frame_may_cost():
    from hippocampus.ingest.zstd import BLOCK_MAX, MAX_WINDOW, ZstdError, ZstdTooLarge, decompress, stream
    line = _line(_user("z1", LISBON))
    copies = _frame([_raw(line)] + [_copy(len(line), 131072)] * 40)
    pieces = list(stream(copies, 8 * MIB))
    assert all(len(piece) <= BLOCK_MAX for piece in pieces) and sum(map(len, pieces)) == len(line) + 40 * 131072
    with pytest.raises(ZstdTooLarge):
        decompress(copies, 2 * MIB)  # output stops at the bound
    with pytest.raises(ZstdTooLarge):
        decompress(_frame([_raw(b"{}")], declared=1 << 40), 8 * MIB)  # declared: refused before decoding
    with pytest.raises(ZstdTooLarge):  # a window of 16 MiB: more history than any level 1-19 frame needs
        decompress(_frame([_raw(b"{}")], window_log=24), 64 * MIB)
    assert MAX_WINDOW == 8 * MIB and decompress(_frame([_raw(b"{}")], window_log=23)) == b"{}"
    for broken in (_frame([_raw(line), _free_sequences()]),  # more sequences than its bytes hold
                   _frame([_rle(b"a", BLOCK_MAX + 1)]),  # a block of more than 128 KiB
                   _frame([_raw(line), _copy(len(line), BLOCK_MAX, b"0123456789")]),  # its sequences too
                   _frame([_raw(line), _copy(len(line) + 1, 100)])):  # a match before the start
        with pytest.raises(ZstdError):
            decompress(broken, 64 * MIB)


@pytest.mark.skipif(shutil.which("zstd") is None, reason="no zstd command on this machine")
def test_the_bounds_refuse_no_frame_zstd_writes_for_a_transcript(tmp_path):
    from hippocampus.ingest.zstd import decompress
    from test_openclaw_sqlite_sessions import _a2, _direct_events
    events = [_a2() if e == "a2" else e for e in _direct_events()] * 100  # ~600 KB of transcript
    data = b"".join(_line(e) for e in events)
    (tmp_path / "t.jsonl").write_bytes(data)
    for level in (["-1"], ["-3"], ["-19"], ["--fast=4"], ["--ultra", "-22"], ["--long=23"]):
        frame = subprocess.run(["zstd", "-q", "-c", *level, str(tmp_path / "t.jsonl")], capture_output=True,
                               check=True).stdout
        assert decompress(frame, 4 * MIB) == data, level


def test_cleaning_scans_once_and_keeps_what_an_unclosed_tag_does_not_wrap():
    from hippocampus.ingest.signals import clean_signal
    text, noise = clean_signal("We met at <memory the cafe> and " * 3 + "<thinking>plan</thinking> it rained all day")
    assert noise is None and "<thinking>" not in text and text.count("<memory the cafe>") == 3, text
    text, _ = clean_signal("[Request interrupted by user and the rest <bash-input>ls</bash-input> of the line went on")
    assert text == "[Request interrupted by user and the rest  of the line went on", text
    assert clean_signal("[" * 100_000 + "]" * 100_000) == (None, "json")  # nested too deep to read: a blob still

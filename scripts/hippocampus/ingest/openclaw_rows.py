"""One transcript's rows in OpenClaw's session database, each read within bounds (`openclaw_sqlite` reads
the sessions).

- `hot_rows`: `transcript_events` past a seq, in order. A `seq` that is no
  integer is left out (`odd_rows` counts them), an `event_json` that is no
  text is malformed, an event longer than `MAX_EVENT` (4 MiB, OpenClaw's own
  bound, its CHECK) is not fetched, a compressed one is decoded to at most
  its declared size (`zstd.py` refuses more, and frames no encoder writes).
  Where SQLite cannot read a row (a damaged page), the rest are read one at
  a time, by the seqs the primary key's index lists; the ones it cannot read
  are skipped.
- `archive` / `cold_rows`: the JSONL of an archived or cold transcript,
  decoded as a stream (memory: zstd's window and one line, never the whole)
  up to `MAX_ARCHIVE` (64 MiB); a line longer than `transcripts.MAX_LINE` is
  passed over as it is read.

What is not read comes back as a `Skip` with its `skipped` reason, in the
row's place, so the watermark moves past it.
"""

from __future__ import annotations

import sqlite3

MAX_EVENT = 4 * 1024 * 1024  # OpenClaw's own bound on one event's UTF-8 size (transcript_events' CHECK)
# What one archive may expand to. OpenClaw batches up to 256 MiB (MAX_MATERIALIZED_ARCHIVE_BATCH_BYTES), but
# a transcript that long is tool output; reading 64 MiB of tiny records costs seconds, not minutes.
MAX_ARCHIVE = 64 * 1024 * 1024


class Skip:
    """A row not read, and why (a `skipped` reason)."""

    def __init__(self, reason: str):
        self.reason = reason


def busy(exc: Exception) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc))


def event_text(event_json, json_length, event_zstd, zstd_length, size):
    """The JSON text of one transcript_events row, or a Skip saying why there is none."""
    if isinstance(event_json, str):
        return event_json
    if event_json is not None:  # STRICT TEXT in OpenClaw's schema: a damaged or foreign row
        return Skip("malformed")
    if isinstance(json_length, int) or isinstance(zstd_length, int) and zstd_length > MAX_EVENT:
        return Skip("oversized record")  # not fetched (longer than MAX_EVENT even compressed)
    if not isinstance(event_zstd, bytes):
        return Skip("malformed")
    from .zstd import ZstdError, ZstdTooLarge, decompress
    declared = size if isinstance(size, int) and 0 < size <= MAX_EVENT else None
    try:
        return decompress(event_zstd, declared or MAX_EVENT).decode("utf-8", "replace")
    except ZstdTooLarge:
        return Skip("undecodable event" if declared else "oversized record")  # longer than it says: damaged
    except ZstdError:
        return Skip("undecodable event")


def archive_lines(blob, zstd: bool):
    """Each line (bytes) of an archive, or a Skip for a line longer than a record may be and for the rest
    of an archive that passes MAX_ARCHIVE or cannot be decoded; streamed: memory is a window and a line."""
    from .transcripts import MAX_LINE
    from .zstd import ZstdError, ZstdTooLarge, stream
    pending, dropping = bytearray(), False
    try:
        for piece in (stream(blob, MAX_ARCHIVE) if zstd else (blob,)):
            start = 0
            while True:
                end = piece.find(b"\n", start)
                if end < 0:
                    if not dropping:
                        pending += piece[start:]
                        if len(pending) > MAX_LINE:
                            pending.clear()
                            dropping = True
                    break
                if dropping or len(pending) + end - start > MAX_LINE:
                    yield Skip("oversized record")
                else:
                    pending += piece[start:end]
                    yield bytes(pending)
                pending.clear()
                dropping = False
                start = end + 1
    except ZstdTooLarge:
        yield Skip("oversized archive")
        return
    except ZstdError:
        yield Skip("undecodable event")
        return
    if dropping:
        yield Skip("oversized record")
    elif pending:
        yield bytes(pending)


def archive(connection, table: str, where: str, args: tuple, zstd: bool):
    """The lines of one archive blob (`archive_lines`); one too large to fetch, or none, is a Skip."""
    length, blob = connection.execute(  # table, where: our constants
        f"SELECT length(archive_blob), CASE WHEN length(archive_blob) <= ? THEN archive_blob END FROM {table} "
        f"WHERE {where}", (MAX_ARCHIVE, *args)).fetchone() or (None, None)
    if isinstance(length, int) and length > MAX_ARCHIVE:
        return [Skip("oversized archive")]
    if not isinstance(blob, bytes):
        return [Skip("undecodable event")]
    return archive_lines(blob, zstd)


def cold_rows(connection, session_id, start: int):
    """(seq, event JSON or Skip) of the rows past `start` of a transcript moved to cold storage (kept in SQLite),
    in the archive's order; a Skip (seq -1) for an archive kept in a file or not read whole."""
    from .transcripts import parse_record
    storage, = connection.execute("SELECT storage FROM session_transcript_cold_archives WHERE session_id = ?",
                                  (session_id,)).fetchone() or (None,)
    if storage != "sqlite":
        yield -1, Skip("cold archive in a file, not read")
        return
    for line in archive(connection, "session_transcript_cold_archives", "session_id = ?", (session_id,), True):
        if isinstance(line, Skip):
            yield -1, line
            continue
        text = line.decode("utf-8", "replace")
        if not text.strip():
            continue
        record = parse_record(text)  # {kind: header | event | identity | ...}; events hold {seq, event_json}
        if record is None:
            yield -1, Skip("malformed")
            continue
        event = record.get("row") if record.get("kind") == "event" else None
        if event is None:
            continue
        seq = event.get("seq") if isinstance(event, dict) else None
        if not isinstance(seq, int) or isinstance(seq, bool):
            yield -1, Skip("malformed")
        elif seq > start:
            body = event.get("event_json")
            yield seq, body if isinstance(body, str) and len(body) <= MAX_EVENT else \
                Skip("oversized record" if isinstance(body, str) else "malformed")


def cold_last(connection, session_id, has_cold: bool) -> int | None:
    """The last seq a transcript's cold archive holds, if it has one."""
    if not has_cold:
        return None
    row = connection.execute("SELECT last_seq FROM session_transcript_cold_archives WHERE session_id = ?",
                             (session_id,)).fetchone()
    return row[0] if row and isinstance(row[0], int) and not isinstance(row[0], bool) else None


def hot_rows(connection, session_id, after: int, body: str):
    """(seq, event JSON or Skip) of each transcript_events row past `after`, in order. Where SQLite cannot read
    a row (a damaged page), the rest are read one at a time (their seqs from the primary key's index) and the
    ones it cannot read are skipped; rows whose seq is no integer are left out (counted by `odd_rows`)."""
    columns = ("seq, CASE WHEN length(event_json) <= :max THEN event_json END, "
               "CASE WHEN length(event_json) > :max THEN length(event_json) END, " + body)
    where = "session_id = :id AND typeof(seq) = 'integer'"
    values = {"id": session_id, "max": MAX_EVENT, "after": after}
    try:
        for seq, *row in connection.execute(f"SELECT {columns} FROM transcript_events WHERE {where} "
                                            "AND seq > :after ORDER BY seq", values):
            values["after"] = seq
            yield seq, event_text(*row)
        return
    except sqlite3.DatabaseError as exc:
        if busy(exc):
            raise
    seqs = [seq for seq, in connection.execute(f"SELECT seq FROM transcript_events WHERE {where} AND seq > :after "
                                               "ORDER BY seq", values)]
    for seq in seqs:
        try:
            row = connection.execute(f"SELECT {columns} FROM transcript_events WHERE session_id = :id AND seq = :seq",
                                     {**values, "seq": seq}).fetchone()
        except sqlite3.DatabaseError as exc:
            if busy(exc):
                raise
            row = None
        yield seq, event_text(*row[1:]) if row else Skip("unreadable row")


def odd_rows(connection, session_id) -> int:
    """How many of a transcript's rows have a seq that is no integer (a damaged or foreign row)."""
    return connection.execute("SELECT count(*) FROM transcript_events WHERE session_id = ? "
                              "AND typeof(seq) != 'integer'", (session_id,)).fetchone()[0]

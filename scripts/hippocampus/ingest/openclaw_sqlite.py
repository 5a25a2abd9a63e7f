"""OpenClaw's live sessions, read from its per-agent SQLite store, never written.

OpenClaw 2026.9.6 keeps sessions and transcripts in
`<state dir>/agents/<agentId>/agent/openclaw-agent.sqlite` (schema version 23;
the legacy `sessions/sessions.json` + `<sessionId>.jsonl` are only the input of
`openclaw doctor --fix`, which moves them to `session-sqlite-import-archive/`).
What is read (tables as its dist `openclaw-agent-db-schema-helpers-*.mjs`
creates them):

- `session_windows(session_id, session_key, chat_type)`: one row per transcript
  (a session key gets a new `session_id` at each reset); the key and chat type
  say what it is (`openclaw_sessions.kind`); `session_nodes(session_key,
  entry_json)` holds the `SessionEntry`, whose `chatType` stands in where the
  window has none;
- `transcript_events(session_id, seq, event_json | event_zstd +
  event_utf8_bytes)`: the transcript records, the same JSON objects as the
  JSONL lines (`session`, `message`, `compaction`, ...), appended with a rising
  `seq`; a record of 1 KiB or more may be stored zstd-compressed (`zstd.py`);
- `transcript_rewrite_watermarks(session_id, generation)`: changes when
  OpenClaw rewrites a transcript, so its rows are read again (repeats are
  known signals, not new ones);
- `session_transcript_cold_archives(session_id, last_seq, storage,
  archive_blob)`: a transcript's rows moved to cold storage, zstd JSONL of
  `{kind: "event", row: {seq, event_json}}` records, read as its first rows
  (one kept in a file instead is counted, not read);
- `session_transcript_archives(session_id, generation, session_key,
  encoding, archive_blob)`: the JSONL of a transcript OpenClaw archived on a
  reset or delete (its window is gone), read once; what was read before it
  was archived is known already.

Each transcript's watermark (index.json `ingest.watermarks["<db>?session=<id>"]`)
is the last `seq` read. The database is opened read-only; when no writer is
live (no `-wal`/`-shm` beside it) it is opened immutable, so reading creates no
sidecar files. A busy, unreadable or unfamiliar database is one warning and a
count, never an error. A session imported from a legacy JSONL file already read
is not read twice: each event also carries the source its JSONL line had.

A damaged or hostile store costs seconds and tens of MB, and never stops the
rest (`openclaw_rows` reads a transcript's rows within bounds): an event that
expands past 4 MiB (OpenClaw's own bound), an archive past 64 MiB (read as a
stream, never whole), a row SQLite cannot read (a damaged page: the rest of
its transcript is read row by row), a row of the wrong type (a `seq` that is
no integer, an `event_json` that is no text) or whose JSON is malformed or
nested too deep is skipped and counted, with one warning line per database
for what is too large, corrupt or unreadable; the watermark moves past it, so
the next run does not meet it again. Invalid UTF-8 in a text column is read
with U+FFFD in its place, as in a transcript file; a schema SQLite cannot
read makes the database unreadable (one line), not the run.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .openclaw_rows import Skip, archive, busy, cold_last, cold_rows, hot_rows, odd_rows

DB_NAME = "openclaw-agent.sqlite"
FORMAT = "openclaw-sqlite"
# Why a row is skipped: told once per database, as a warning line (the rest are only counted)
_WARNED = {"oversized record": "past 4 MiB", "oversized archive": "past 64 MiB", "undecodable event": "corrupt zstd",
           "unreadable row": "a damaged page", "unreadable session": "a damaged index"}


def database_for(folder: Path) -> Path:
    """The agent database OpenClaw pairs with a sessions folder (its `resolveUnsuffixedSqliteTarget...`):
    agents/<id>/sessions -> agents/<id>/agent/openclaw-agent.sqlite, any other folder -> folder/openclaw-agent.sqlite."""
    if folder.name == "sessions" and folder.parent.parent.name == "agents":
        return folder.parent / "agent" / DB_NAME
    return folder / DB_NAME


def databases(root: Path) -> list[tuple[Path, Path]]:
    """(database, its legacy sessions folder) to read for a transcript path: the database itself, or the one
    paired with a sessions folder and, for an agent's, those the shared state database registers; existing ones."""
    if root.is_file() or root.suffix == ".sqlite":
        if not (root.is_file() and root.suffix == ".sqlite"):
            return []
        agent = root.parent
        legacy = agent.parent / "sessions" if agent.name == "agent" and agent.parent.parent.name == "agents" \
            else agent
        return [(root, legacy)]
    found = [database_for(root)]
    if root.name == "sessions" and root.parent.parent.name == "agents":  # an agent's: also where it is registered
        found += registered(root.parent.parent.parent, root.parent.name)
    unique = list(dict.fromkeys(p.resolve() for p in found if p.is_file()))
    return [(db, root) for db in unique]


def registered(state: Path, agent: str) -> list[Path]:
    """The databases OpenClaw's shared state database registers for `agent` (`state/openclaw.sqlite`,
    `agent_databases(agent_id, path)`, paths relative to the state dir): a configured `agentDir` elsewhere."""
    shared = state / "state" / "openclaw.sqlite"
    if not shared.is_file():
        return []
    try:
        connection = _connect(shared)
        try:
            if not {"agent_id", "path"} <= _columns(connection, "agent_databases"):
                return []
            rows = connection.execute("SELECT path FROM agent_databases WHERE agent_id = ?", (agent,)).fetchall()
        finally:
            connection.close()
    except (sqlite3.Error, UnicodeDecodeError):  # a damaged schema's text
        return []
    return [state / str(path) for (path,) in rows if isinstance(path, str) and path]


def _connect(db: Path) -> sqlite3.Connection:
    from urllib.parse import quote
    wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
    try:
        with open(db, "rb") as handle:
            header = handle.read(20)
        quiet = header[18:20] == b"\x02\x02" and not (wal.exists() and (shm.exists() or wal.stat().st_size))
    except OSError:
        quiet = False
    # A WAL database nobody has open: a read-only connection would create -wal and -shm beside it, an
    # immutable one creates nothing (a writer starting meanwhile writes to its own -wal, unseen). Otherwise
    # read-only through the writer's sidecars, waiting at most two seconds for a lock.
    mode = "mode=ro&immutable=1" if quiet else "mode=ro"
    connection = sqlite3.connect(f"file:{quote(str(db.resolve()))}?{mode}", uri=True, timeout=2.0)
    connection.text_factory = _text
    connection.execute("PRAGMA query_only = 1")
    return connection


def _text(value: bytes) -> str:
    """A TEXT value; invalid UTF-8 (a damaged row) read with U+FFFD in its place, as in a transcript file."""
    return value.decode("utf-8", "replace")


def _columns(connection, table: str) -> set[str]:
    return {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}  # table: one of our constants


def _sessions(connection, windows: set[str]) -> list[tuple[str, str, dict]]:
    """(session id, session key, entry for `kind`) of every transcript window."""
    chat = "w.chat_type" if "chat_type" in windows else "NULL"
    if {"session_key", "entry_json"} <= _columns(connection, "session_nodes"):
        query = (f"SELECT w.session_id, w.session_key, {chat}, n.entry_json FROM session_windows w "
                 "LEFT JOIN session_nodes n ON n.session_key = w.session_key ORDER BY w.created_at, w.session_id"
                 if "created_at" in windows else
                 f"SELECT w.session_id, w.session_key, {chat}, n.entry_json FROM session_windows w "
                 "LEFT JOIN session_nodes n ON n.session_key = w.session_key ORDER BY w.session_id")
    else:
        query = f"SELECT w.session_id, w.session_key, {chat}, NULL FROM session_windows w ORDER BY w.session_id"
    found = []
    for session_id, key, chat_type, entry_json in connection.execute(query):
        entry = {}
        if isinstance(entry_json, str):
            try:
                entry = json.loads(entry_json)
            except (ValueError, RecursionError):
                entry = {}
        entry = entry if isinstance(entry, dict) else {}
        if isinstance(chat_type, str) and chat_type:
            entry = {**entry, "chatType": chat_type}
        found.append((session_id, key if isinstance(key, str) else "", entry))
    return found


def _generations(connection) -> dict[str, str]:
    if {"session_id", "generation"} <= _columns(connection, "transcript_rewrite_watermarks"):
        return {str(s): str(g) for s, g in connection.execute(
            "SELECT session_id, generation FROM transcript_rewrite_watermarks")}
    return {}


def _archives(connection) -> list[tuple]:
    """(session id, generation, session key, zstd?) of each transcript archived on a reset or delete."""
    if not {"session_id", "generation", "session_key", "encoding", "archive_blob"} <= _columns(
            connection, "session_transcript_archives"):
        return []
    return [(s, g, k if isinstance(k, str) else "", e == "zstd") for s, g, k, e in connection.execute(
        "SELECT session_id, generation, session_key, encoding FROM session_transcript_archives "
        "ORDER BY created_at, session_id")]


def _records(rows, session_id: str, source: str, legacy: str | None, result, at: list):
    """(message, its legacy JSONL source) of each message in (seq, JSON text or Skip) rows; at[0]: the seq read."""
    from .transcripts import _openclaw, parse_record
    for seq, text in rows:
        at[0] = max(at[0], seq)
        if isinstance(text, Skip):
            result.skip(text.reason)
            continue
        if not text.strip():  # a blank line of an archive
            continue
        record = parse_record(text)
        if record is None:
            result.skip("malformed")
            continue
        message = _openclaw(record, session_id, source, result)
        if message is None:
            continue
        if message.timestamp:
            result.last_timestamp = message.timestamp
        if message.text.strip():
            yield message, ([f"{legacy}#{record.get('id', '')}"] if legacy else [])


def read(db: Path, marks: dict, *, skipped: dict, warnings: list, full: bool = False,
         include_groups: bool = False, legacy_dir: Path | None = None):
    """Yield (message, the sources it had as a line of its legacy JSONL file) of each new message of
    the direct (and, with include_groups, group) sessions of `db`; move `marks` as transcripts are read."""
    from .openclaw_sessions import kind
    from .transcripts import ReadResult

    def skip(reason: str, count: int = 1) -> None:
        skipped[reason] = skipped.get(reason, 0) + count

    def mark_read(mark_key: str, mark: dict, at: list, result, generation: str | None) -> None:
        for reason, count in result.skipped.items():
            skip(reason, count)
        if at[0] != mark.get("seq") or generation != mark.get("generation"):
            marks[mark_key] = {"seq": at[0], "timestamp": result.last_timestamp or mark.get("timestamp"),
                               "format": FORMAT, **({"generation": generation} if generation else {})}

    label = str(db.resolve())
    try:
        connection = _connect(db)
    except (sqlite3.Error, UnicodeDecodeError) as exc:
        warnings.append(f"{db}: cannot open OpenClaw's session database read-only ({exc}); skipped")
        skip("unreadable database")
        return
    before = {reason: skipped.get(reason, 0) for reason in _WARNED}
    try:
        events, windows = _columns(connection, "transcript_events"), _columns(connection, "session_windows")
        if not ({"session_id", "seq", "event_json"} <= events and {"session_id", "session_key"} <= windows):
            warnings.append(f"{db}: not an OpenClaw session database this version reads (no transcript_events "
                            f"and session_windows tables as OpenClaw 2026.9.6 writes them); skipped")
            skip("unknown database schema")
            return
        # a compressed event longer than MAX_EVENT even compressed is not fetched
        body = ("CASE WHEN length(event_zstd) <= :max THEN event_zstd END, length(event_zstd), event_utf8_bytes"
                if {"event_zstd", "event_utf8_bytes"} <= events else "NULL, NULL, NULL")
        wanted = {"direct", "group"} if include_groups else {"direct"}
        generations = _generations(connection)
        sessions = _sessions(connection, windows)
        has_cold = {"session_id", "last_seq", "storage", "archive_blob"} <= _columns(
            connection, "session_transcript_cold_archives")
        # transcripts OpenClaw archived on a reset or delete (their window is gone): read once each
        entries = {key: entry for _session_id, key, entry in sessions}
        for session_id, generation, key, zstd in _archives(connection):
            what = kind(key, entries.get(key, {}))
            mark_key = f"{label}?archive={session_id}.{generation}"
            if what not in wanted or (mark_key in marks and not full):
                continue
            result, at = ReadResult(), [-1]
            legacy = str((legacy_dir / f"{session_id}.jsonl").resolve()) if legacy_dir else None
            try:
                lines = archive(connection, "session_transcript_archives", "session_id = ? AND generation = ?",
                                 (session_id, generation), zstd)
                rows = ((number, line if isinstance(line, Skip) else line.decode("utf-8", "replace"))
                        for number, line in enumerate(lines))
                yield from _records(rows, str(session_id), f"{label}?session={session_id}", legacy, result, at)
            except sqlite3.DatabaseError as exc:  # read once: a damaged one is not met again
                if busy(exc):
                    raise
                result.skip("unreadable row")
            finally:
                mark_read(mark_key, marks.get(mark_key) or {}, at, result, None)
        for session_id, key, entry in sessions:
            what = kind(key, entry)
            if what not in wanted:
                skip(f"{what} session")
                continue
            if not isinstance(session_id, str) or "\ufffd" in session_id:  # no id OpenClaw writes: a damaged row
                skip("malformed")
                continue
            mark_key = f"{label}?session={session_id}"
            mark = marks.get(mark_key) or {}
            generation = generations.get(session_id)
            start = mark.get("seq", -1) if isinstance(mark.get("seq"), int) else -1
            if full or (generation and mark.get("generation") not in (None, generation)):
                start = -1  # rewritten or --full: read it all again (known signals are not new)
            result, at = ReadResult(), [start]
            try:
                last_cold = cold_last(connection, session_id, has_cold)
                last = connection.execute("SELECT max(seq) FROM transcript_events WHERE session_id = ? "
                                          "AND typeof(seq) = 'integer'", (session_id,)).fetchone()[0]
                last = max(x for x in (last, last_cold, -1) if x is not None)
                if last < start:  # replaced by a shorter transcript: read it again
                    start = at[0] = -1
                odd = odd_rows(connection, session_id) if start == -1 else 0
            except sqlite3.DatabaseError as exc:
                if busy(exc):
                    raise
                skip("unreadable session")
                continue
            if last <= start and not odd:
                continue
            source = f"{label}?session={session_id}"
            legacy = str((legacy_dir / f"{session_id}.jsonl").resolve()) if legacy_dir else None
            try:
                if odd:
                    result.skip("malformed", odd)
                if last_cold is not None and last_cold > start:
                    try:
                        yield from _records(cold_rows(connection, session_id, start), session_id, source, legacy,
                                            result, at)
                    except sqlite3.DatabaseError as exc:
                        if busy(exc):
                            raise
                        result.skip("unreadable row")
                    at[0] = max(at[0], last_cold)  # read, or skipped and counted: not met again
                yield from _records(hot_rows(connection, session_id, at[0], body), session_id, source, legacy,
                                    result, at)
            except sqlite3.DatabaseError as exc:
                if busy(exc):
                    raise
                result.skip("unreadable session")
            finally:
                mark_read(mark_key, mark, at, result, generation)
    except sqlite3.OperationalError as exc:
        locked = busy(exc)
        warnings.append(f"{db}: {'busy (OpenClaw is writing it); the rest is read next time' if locked else exc}")
        skip("busy database" if locked else "unreadable database")
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:  # a damaged schema's text is not UTF-8
        warnings.append(f"{db}: unreadable SQLite database ({exc}); skipped")
        skip("unreadable database")
    finally:
        connection.close()
        found = [(skipped.get(reason, 0) - before[reason], reason) for reason in _WARNED]
        found = [f"{count} {reason}{'s' if count > 1 else ''} ({_WARNED[reason]})" for count, reason in found if count]
        if found:
            warnings.append(f"{db}: skipped {', '.join(found)}; the rest was read")

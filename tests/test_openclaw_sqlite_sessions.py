"""OpenClaw 2026.9.6 keeps live sessions in SQLite (`agents/<id>/agent/openclaw-agent.sqlite`): preprocess and
the scheduled encode job read them as they read the legacy JSONL files: the direct conversations only (groups with
--include-groups, never cron), the same noise dropped, each transcript from its last `seq`, the database opened
read-only and left as it was, and a session imported from a JSONL file already read not stored twice.

The tables are built with OpenClaw's own CREATE statements (copied from what
`dist/openclaw-agent-board-schema-vd3Vff_q.mjs`, `OPENCLAW_AGENT_SCHEMA_SQL` from src/state/openclaw-agent-schema.ts,
creates, as `sqlite_master` of a database its `doctor --session-sqlite import` wrote shows them); the rows are
the ones that import wrote from legacy files (tests/hosts/test_openclaw_sqlite_import.py runs it for real)."""

import base64
import hashlib
import json
import sqlite3

SCHEMA = [
    """CREATE TABLE conversations (
  conversation_id TEXT NOT NULL PRIMARY KEY,
  channel TEXT NOT NULL,
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('direct', 'group', 'channel')),
  peer_id TEXT NOT NULL,
  delivery_target TEXT NOT NULL,
  parent_conversation_id TEXT,
  thread_id TEXT,
  native_channel_id TEXT,
  native_direct_user_id TEXT,
  label TEXT,
  metadata_json TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT""",
    """CREATE TABLE session_nodes (
  session_key TEXT NOT NULL PRIMARY KEY,
  current_session_id TEXT NOT NULL,
  entry_json TEXT NOT NULL,
  legacy_acp_migration_json TEXT,
  entry_valid INTEGER NOT NULL DEFAULT 0 CHECK (entry_valid IN (-1, 0, 1)),
  updated_at INTEGER NOT NULL,
  status TEXT CHECK (status IS NULL OR status IN ('running', 'done', 'failed', 'killed', 'timeout')),
  created_at INTEGER,
  created_via TEXT CHECK (created_via IS NULL OR created_via IN ('operator', 'spawn', 'channel', 'cron', 'talk', 'run', 'plugin', 'internal')),
  created_actor_type TEXT CHECK (created_actor_type IS NULL OR created_actor_type IN ('human', 'agent', 'system')),
  created_actor_id TEXT,
  owner_actor_type TEXT,
  owner_actor_id TEXT,
  owner_assigned_by_type TEXT,
  owner_assigned_by_id TEXT,
  owner_assigned_at INTEGER,
  project_id TEXT,
  parent_session_key TEXT,
  spawned_by TEXT,
  fork_source_session_key TEXT,
  fork_source_session_id TEXT,
  fork_source_entry_id TEXT,
  label TEXT,
  display_name TEXT,
  category TEXT,
  icon TEXT,
  pinned_at INTEGER,
  archived_at INTEGER,
  last_read_at INTEGER,
  last_interaction_at INTEGER,
  last_activity_at INTEGER
) STRICT""",
    """CREATE TABLE session_windows (
  session_id TEXT NOT NULL PRIMARY KEY,
  session_key TEXT NOT NULL,
  previous_session_id TEXT,
  reason TEXT CHECK (reason IS NULL OR reason IN ('initial', 'reset', 'rollover', 'fork', 'rewind', 'switch', 'recovery', 'compaction')),
  session_scope TEXT NOT NULL DEFAULT 'conversation' CHECK (session_scope IN ('conversation', 'shared-main', 'group', 'channel')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  transcript_updated_at INTEGER DEFAULT NULL,
  transcript_observed_at INTEGER DEFAULT NULL,
  session_entry_provenance INTEGER NOT NULL DEFAULT 0 CHECK (session_entry_provenance IN (0, 1)),
  acp_owned INTEGER NOT NULL DEFAULT 0 CHECK (acp_owned IN (0, 1)),
  plugin_owner_id TEXT,
  hook_external_content_source TEXT CHECK (hook_external_content_source IS NULL OR hook_external_content_source IN ('gmail', 'webhook')),
  started_at INTEGER,
  ended_at INTEGER,
  status TEXT CHECK (status IS NULL OR status IN ('running', 'done', 'failed', 'killed', 'timeout')),
  chat_type TEXT CHECK (chat_type IS NULL OR chat_type IN ('direct', 'group', 'channel')),
  channel TEXT,
  account_id TEXT,
  primary_conversation_id TEXT,
  model_provider TEXT,
  model TEXT,
  agent_harness_id TEXT,
  parent_session_key TEXT,
  spawned_by TEXT,
  display_name TEXT,
  FOREIGN KEY (session_key) REFERENCES session_nodes(session_key) ON DELETE CASCADE,
  FOREIGN KEY (primary_conversation_id) REFERENCES conversations(conversation_id) ON DELETE SET NULL
) STRICT""",
    """CREATE TABLE transcript_events (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  event_json TEXT,
  created_at INTEGER NOT NULL,
  event_zstd BLOB,
  event_utf8_bytes INTEGER CHECK (event_utf8_bytes IS NULL OR event_utf8_bytes >= 0),
  navigation_json TEXT,
  PRIMARY KEY (session_id, seq),
  FOREIGN KEY (session_id) REFERENCES "session_windows"(session_id) ON DELETE CASCADE,
  CHECK (
    (event_json IS NOT NULL AND event_zstd IS NULL)
    OR (
      event_json IS NULL AND event_zstd IS NOT NULL
      AND event_utf8_bytes IS NOT NULL
      AND event_utf8_bytes BETWEEN 1 AND 4194304
      AND length(event_zstd) BETWEEN 1 AND 4194304
      AND navigation_json IS NOT NULL
    )
  ),
  CHECK (
    navigation_json IS NULL OR CASE WHEN json_valid(navigation_json) THEN coalesce(
      octet_length(navigation_json) <= 16384
      AND json_type(navigation_json, '$.version') = 'integer'
      AND json_extract(navigation_json, '$.version') = 1
      AND json_type(navigation_json, '$.report') = 'object'
      AND json_extract(navigation_json, '$.report.kind') IN ('canonical', 'leaf', 'link', 'ignored')
      AND json_type(navigation_json, '$.navigation') = 'object'
      AND json_type(navigation_json, '$.reset') = 'object'
      AND json_type(navigation_json, '$.model') = 'object'
      AND json_type(navigation_json, '$.modelBytes') = 'integer'
      AND json_extract(navigation_json, '$.modelBytes') BETWEEN 0 AND 4194304
      AND json_type(navigation_json, '$.modelWithoutCheckpointBytes') = 'integer'
      AND json_extract(navigation_json, '$.modelWithoutCheckpointBytes') BETWEEN 0 AND 4194304
      AND json_type(navigation_json, '$.withoutCustomDataBytes') = 'integer'
      AND json_extract(navigation_json, '$.withoutCustomDataBytes') BETWEEN 0 AND 4194304,
      0) ELSE 0 END
  )
) STRICT""",
    """CREATE TABLE transcript_rewrite_watermarks (
  session_id TEXT NOT NULL PRIMARY KEY,
  generation TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  FOREIGN KEY (session_id) REFERENCES "session_windows"(session_id) ON DELETE CASCADE
) STRICT""",
    """CREATE TABLE session_transcript_archives (
  session_id TEXT NOT NULL,
  generation TEXT NOT NULL,
  session_key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('deleted', 'reset')),
  encoding TEXT NOT NULL CHECK (encoding IN ('identity', 'zstd')),
  archive_blob BLOB NOT NULL,
  archive_sha256 TEXT NOT NULL CHECK (length(archive_sha256) = 64),
  archive_name TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  published_at INTEGER,
  publish_attempts INTEGER NOT NULL DEFAULT 0 CHECK (publish_attempts >= 0),
  last_publish_attempt_at INTEGER,
  last_publish_error TEXT,
  PRIMARY KEY (session_id, generation),
  CHECK (archive_name NOT LIKE '%/%' AND archive_name NOT LIKE '%\\%')
) STRICT""",
    """CREATE TABLE session_transcript_cold_archives (
  session_id TEXT NOT NULL PRIMARY KEY,
  generation TEXT NOT NULL,
  archive_name TEXT NOT NULL UNIQUE,
  archive_sha256 TEXT NOT NULL CHECK (length(archive_sha256) = 64),
  event_count INTEGER NOT NULL CHECK (event_count >= 1),
  raw_bytes INTEGER NOT NULL CHECK (raw_bytes >= 0),
  archive_bytes INTEGER NOT NULL CHECK (archive_bytes >= 0),
  last_seq INTEGER NOT NULL,
  archived_at INTEGER NOT NULL,
  storage TEXT NOT NULL CHECK (storage IN ('file', 'sqlite')),
  archive_blob BLOB,
  FOREIGN KEY (session_id) REFERENCES "session_windows"(session_id) ON DELETE CASCADE,
  CHECK (length(archive_name) > 0 AND archive_name NOT IN ('.', '..') AND archive_name NOT LIKE '%/%' AND archive_name NOT LIKE '%\\%'),
  CHECK ((storage = 'file' AND archive_blob IS NULL) OR (storage = 'sqlite' AND archive_blob IS NOT NULL))
) STRICT""",
    """CREATE TABLE schema_meta (
  meta_key TEXT NOT NULL PRIMARY KEY,
  role TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  agent_id TEXT,
  app_version TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT""",
]

NOW = "2026-03-11T15:00:00Z"
LISBON = "I moved to Lisbon last spring and I love the light there."
PICNIC = "Remember that the group picnic is on Saturday at the lake."
NIGHTLY = "Nightly job: summarise the inbox and list every open task."
BAKERIES = "Paragraph 59 about the tram lines and the bakeries of Alfama."
# The assistant event a2 as OpenClaw stored it: 3943 bytes of JSON, zstd-compressed by node's zlib (level 1,
# checksum), with the navigation projection its CHECK requires (copied from the database the import wrote)
A2_ZSTD = base64.b64decode(
    "KLUv/WRnDu0LAAaTOiFAi9v4q4WyjUteZcWPsbHT4ANYZkTsY1ekAEo2xyiKrgkwADIAMQCqK+laaIGiA+shsbq58vH0P3+aTyXR58pF4Jm7fq"
    "SS27lyaVJJd/R7/uRKf0Q+JQEMlWccjYMOpOF8YY0BXzPIGuM1A7mU/Ab/g5XP/FlLSCWf9b/mvc6V7jSXkqWkgaoiAv10wwnARsPnjXOFZiBr"
    "fM4aB592j848PqQxGhWZRztHuyZAhDtfaA9CWgS/mcfFvwWTiapqYpkRKxQIYZJKKaWUUkqllFJKKaXEzMzMzLy7u7u7ixBCCCGEFgCKhEq8KE"
    "IgYJOkJccjP2bRqcQkiUgniYkkIp0kJpJIOpGYSCLpRGKSRKQTiUkSkU4SE0lEOklMJJF0IjGRRNKJxCSJSCcSkyQinSQmkoh0kphIoqXTm0lM"
    "biSJ2lQ6sUFiWjNJpEbSKU0lJjRIojOTYGZIF4mlJCldJBaSRLqQWEoSkG4AccCLTYNosTUD4sdCJqdAUZpya7Y=")
A2_NAVIGATION = json.dumps({
    "version": 1, "report": {"kind": "canonical", "hasParentId": True, "entry": {
        "id": "a2", "parentId": "t1", "timestamp": "2026-03-10T09:04:00.000Z", "type": "message"}},
    "navigation": {"type": "message", "id": "a2", "parentId": "t1", "timestamp": "2026-03-10T09:04:00.000Z",
                   "message": {"role": "assistant"}},
    "reset": {"type": "message", "id": "a2", "parentId": "t1", "timestamp": "2026-03-10T09:04:00.000Z",
              "message": {"role": "assistant"}},
    "model": {"type": "message", "id": "a2", "parentId": "t1", "timestamp": "2026-03-10T09:04:00.000Z",
              "message": {"role": "assistant", "timestamp": 1773133260000, "content": [], "command": "",
                          "output": "", "providerReplay": {"type": None},
                          "details": {"openclawSyntheticMissingToolResult": False}}},
    "modelBytes": 3943, "modelWithoutCheckpointBytes": 3943, "withoutCustomDataBytes": 3943}, separators=(",", ":"))


def _entry(kind, entry_id, parent, minute, **fields):
    return {"type": kind, "id": entry_id, "parentId": parent, "timestamp": f"2026-03-10T09:0{minute}:00.000Z",
            **fields}


def _message(entry_id, parent, role, content, minute, **extra):
    return _entry("message", entry_id, parent, minute,
                  message={"role": role, "content": content, "timestamp": 1773133260000, **extra})


def _direct_events(cwd="/home/ada"):
    """d1's records, as the JSONL lines OpenClaw imports; a2 is the compressed one."""
    return [
        {"type": "session", "version": 3, "id": "d1", "timestamp": "2026-03-10T09:00:00.000Z", "cwd": cwd},
        _message("u1", None, "user", [{"type": "text", "text": "[Telegram Ada id:4242 Tue 2026-03-10T09:01:00Z] Ada: "
                                       f"{LISBON}\n[message_id: 991]"}], 1),
        _message("a1", "u1", "assistant", [
            {"type": "thinking", "thinking": "they live in Lisbon", "thinkingSignature": "sig"},
            {"type": "toolCall", "id": "call_1", "name": "memory_search", "arguments": {"query": "Lisbon"}}], 2),
        _message("t1", "a1", "toolResult", [{"type": "text", "text": "no results"}], 3, toolCallId="call_1",
                 toolName="memory_search", isError=False),
        "a2",
        _message("u2", "a2", "user", [{"type": "text", "text": "Read HEARTBEAT.md if it exists (workspace context). "
                                       "Follow it strictly."}], 5),
        _entry("compaction", "c1", "u2", 6, summary="summary of the talk", firstKeptEntryId="u1", tokensBefore=5000),
    ]


def _a2():
    return _message("a2", "t1", "assistant", [{"type": "text", "text": "Lisbon has wonderful light, noted that you "
                    "moved there. " + " ".join(f"Paragraph {n} about the tram lines and the bakeries of Alfama."
                                               for n in range(60))}], 4)


def _connect(path):
    db = sqlite3.connect(path)
    # the CHECK on navigation_json calls octet_length (SQLite 3.43); this Python's SQLite may be older
    db.create_function("octet_length", 1, lambda v: None if v is None else len(v.encode() if isinstance(v, str)
                                                                               else v), deterministic=True)
    return db


def _add_session(db, key, session_id, chat_type, events, scope="conversation"):
    db.execute("INSERT INTO session_nodes (session_key, current_session_id, entry_json, entry_valid, updated_at) "
               "VALUES (?, ?, ?, 1, 1773133260000)",
               (key, session_id, json.dumps({"sessionId": session_id, "updatedAt": 1773133260000,
                                             **({"chatType": chat_type} if chat_type else {}),
                                             "delivery": {"kind": "none"}}, separators=(",", ":"))))
    db.execute("INSERT INTO session_windows (session_id, session_key, session_scope, created_at, updated_at, "
               "session_entry_provenance, chat_type) VALUES (?, ?, ?, 1773133260000, 1773133260000, 1, ?)",
               (session_id, key, scope, chat_type))
    db.execute("INSERT INTO transcript_rewrite_watermarks VALUES (?, ?, 1796140167998)",
               (session_id, hashlib.md5(session_id.encode()).hexdigest()))
    for seq, event in enumerate(events):
        _append(db, session_id, seq, event)


def _append(db, session_id, seq, event):
    if event == "a2":
        db.execute("INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, "
                   "event_utf8_bytes, navigation_json) VALUES (?, ?, NULL, 1773133440000, ?, 3943, ?)",
                   (session_id, seq, A2_ZSTD, A2_NAVIGATION))
        return
    text = json.dumps(event, separators=(",", ":"))
    db.execute("INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) "
               "VALUES (?, ?, ?, 1773133260000, ?)", (session_id, seq, text, len(text.encode())))


def _one_message(session_id, text):
    return [{"type": "session", "version": 3, "id": session_id, "timestamp": "2026-03-10T09:00:00.000Z",
             "cwd": "/home/ada"},
            _message(f"{session_id}-u1", None, "user", [{"type": "text", "text": text}], 1)]


def _agent_db(state):
    """OpenClaw's state dir after `doctor --fix` moved the legacy files into SQLite: a main session, a Telegram
    group, a cron run; the database in WAL mode with no writer open (no -wal/-shm beside it)."""
    path = state / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    path.parent.mkdir(parents=True)
    db = _connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    for statement in SCHEMA:
        db.execute(statement)
    db.execute("INSERT INTO schema_meta VALUES ('primary', 'agent', 23, 'main', '2026.9.6', 1796140167965, "
               "1796140167965)")
    _add_session(db, "agent:main:main", "d1", "direct", _direct_events(), scope="shared-main")
    _add_session(db, "agent:main:telegram:group:-100123", "g1", "group", _one_message("g1", PICNIC), scope="group")
    _add_session(db, "agent:main:cron:nightly:run:7f3a", "c1", None, _one_message("c1", NIGHTLY))
    db.commit()
    db.close()
    return path


def _texts(ws):
    path = ws.side / "signals.jsonl"
    return [json.loads(line)["text"] for line in path.read_text().splitlines()] if path.exists() else []


def _stored(ws):
    return "\n".join(p.read_text() for p in ws.store.rglob("*.md")) + (ws.store / "index.json").read_text()


def _env(tmp_path):
    return {"OPENCLAW_STATE_DIR": str(tmp_path / "state"), "HOME": str(tmp_path / "home")}


def test_a_fresh_install_keeps_sessions_only_in_sqlite_and_encode_reads_the_direct_one(ws, tmp_path):
    _agent_db(tmp_path / "state")
    result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    texts = _texts(ws)
    assert len(texts) == 2 and texts[0] == LISBON and texts[1].endswith(BAKERIES), (texts, result)
    skipped = result["skipped"]
    assert skipped.get("group session") == 1 and skipped.get("cron session") == 1, skipped
    for noise in ("envelope", "metadata", "heartbeat", "compaction", "thinking"):
        assert skipped.get(noise) == 1, (noise, skipped)
    assert skipped.get("tool") == 2 and result["sessions"] == 1, result
    ws.json("encode.py", "--auto", now=NOW)
    stored = _stored(ws)
    assert "Lisbon last spring" in stored
    for noise in ("picnic", "Nightly", "HEARTBEAT", "Telegram", "message_id", "memory_search", "summary of the talk"):
        assert noise not in stored, noise


def test_a_second_run_reads_nothing_and_a_row_appended_later_is_read(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    assert ws.json("preprocess.py", now=NOW, env=_env(tmp_path))["new"] == 2
    again = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert again["new"] == 0 and again["sessions"] == 0 and "already seen" not in again["skipped"], again
    db = _connect(path)
    _append(db, "d1", 7, _message("u3", "c1", "user", [{"type": "text", "text": "My sister Maria grows tomatoes on "
                                                        "her balcony in Porto."}], 7))
    db.commit()
    db.close()
    later = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert later["new"] == 1 and _texts(ws)[-1].startswith("My sister Maria"), later
    marks = ws.index()["ingest"]["watermarks"]
    assert marks[f"{path.resolve()}?session=d1"]["seq"] == 7, marks


def test_include_groups_reads_the_group_but_never_the_cron_run(ws, tmp_path):
    _agent_db(tmp_path / "state")
    result = ws.json("preprocess.py", "--include-groups", now=NOW, env=_env(tmp_path))
    assert PICNIC in _texts(ws) and NIGHTLY not in _texts(ws), result
    assert result["skipped"].get("cron session") == 1, result


def test_the_database_is_read_only_and_left_as_it_was(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    before = path.read_bytes()
    ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["openclaw-agent.sqlite"]  # no -wal, -shm, -journal
    # a gateway holding it open: read through its sidecars, which stay (and nothing is written)
    writer = _connect(path)
    writer.execute("PRAGMA journal_mode = WAL")
    _append(writer, "d1", 8, _message("u4", "c1", "user", [{"type": "text", "text": "We adopted a grey cat called "
                                                            "Miso last week."}], 8))
    writer.commit()  # the row is in the -wal file, not yet in the database file
    try:
        result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
        assert result["new"] == 1 and _texts(ws)[-1].startswith("We adopted a grey cat"), result
    finally:
        writer.close()


def test_a_session_imported_from_a_legacy_file_already_read_is_not_stored_twice(ws, tmp_path):
    state = tmp_path / "state"
    sessions = state / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    events = [_a2() if e == "a2" else e for e in _direct_events()]
    (sessions / "d1.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    (sessions / "sessions.json").write_text(json.dumps({"agent:main:main": {"sessionId": "d1", "chatType": "direct",
                                                                            "updatedAt": 1773133260000}}))
    assert ws.json("preprocess.py", now=NOW, env=_env(tmp_path))["new"] == 2  # before the upgrade: the file
    path = _agent_db(state)  # doctor --fix imported it; the original stays (a plugin still needs it)
    result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert result["new"] == 0 and result["skipped"].get("already seen") == 2, result
    db = _connect(path)
    _append(db, "d1", 7, _message("u3", "c1", "user", [{"type": "text", "text": "My sister Maria grows tomatoes on "
                                                        "her balcony in Porto."}], 7))
    db.commit()
    db.close()
    assert ws.json("preprocess.py", now=NOW, env=_env(tmp_path))["new"] == 1  # what came after the import
    ws.json("encode.py", "--auto", now=NOW)
    memories = [m for m in ws.index()["memories"] if "I moved to Lisbon last spring" in m["content"]]
    assert len(memories) == 1, memories


def test_both_present_in_one_run_are_read_once(ws, tmp_path):
    state = tmp_path / "state"
    path = _agent_db(state)
    sessions = state / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    events = [_a2() if e == "a2" else e for e in _direct_events()]
    (sessions / "d1.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    result = ws.json("preprocess.py", "--path", str(sessions), now=NOW)
    assert result["new"] == 2 and result["skipped"].get("already seen") == 2, (path, result)


def test_a_database_named_directly_and_the_scheduled_encode_job(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    assert ws.json("preprocess.py", "--path", str(path), now=NOW)["new"] == 2
    other = ws.__class__(tmp_path / "other")
    other.run("init.py", "--workspace", str(other.root))
    result = other.run("cron_job.py", "run", "encode", now=NOW, env={**_env(tmp_path), "AGENT_ID": "main"})
    assert "encode: 2 new signals" in result.out, result.out
    assert "Lisbon last spring" in _stored(other) and "picnic" not in _stored(other)


def test_an_unknown_schema_or_a_broken_file_is_one_line_and_a_count(ws, tmp_path):
    path = tmp_path / "state" / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    path.parent.mkdir(parents=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE transcripts (id TEXT, body TEXT)")  # some other version's layout
    db.commit()
    db.close()
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    report = json.loads(result.out)
    assert report["new"] == 0 and report["skipped"] == {"unknown database schema": 1}, report
    assert len(result.err.strip().splitlines()) == 1 and "not an OpenClaw session database" in result.err
    path.write_bytes(b"this is not a database at all, just some bytes " * 100)
    result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
    assert json.loads(result.out)["skipped"] == {"unreadable database": 1}, result.out
    assert len(result.err.strip().splitlines()) == 1, result.err
    job = ws.run("cron_job.py", "run", "encode", now=NOW, env={**_env(tmp_path), "AGENT_ID": "main"})
    assert job.out.count("\n") == 1 and "encode: 0 new signals" in job.out and "1 warning: " in job.out, job.out


def test_a_corrupt_compressed_event_is_counted_and_the_rest_read(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)
    db.execute("UPDATE transcript_events SET event_zstd = ? WHERE session_id = 'd1' AND seq = 4",
               (A2_ZSTD[:200] + bytes(reversed(A2_ZSTD[200:])),))
    db.commit()
    db.close()
    result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert _texts(ws) == [LISBON] and result["skipped"].get("undecodable event") == 1, result


def test_a_locked_database_is_one_line_and_read_next_time(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")  # a rollback-journal database: a writer's lock blocks readers
    db.close()
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")
    try:
        result = ws.run("preprocess.py", "--json", now=NOW, env=_env(tmp_path))
        report = json.loads(result.out)
        assert report["new"] == 0 and report["skipped"].get("busy database") == 1, report
        assert len(result.err.strip().splitlines()) == 1 and "busy" in result.err, result.err
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert ws.json("preprocess.py", now=NOW, env=_env(tmp_path))["new"] == 2


def test_the_zstd_decoder_reads_openclaws_frames_and_refuses_broken_ones():
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from hippocampus.ingest.zstd import ZstdError, decompress
    event = json.loads(decompress(A2_ZSTD, 3943))
    assert event == _a2()  # the very event the import compressed
    # frames a dictionary-less encoder also writes: a raw block, an RLE block, two frames, a skippable frame
    raw = b"\x28\xb5\x2f\xfd\x20\x05" + bytes([(5 << 3) | 1, 0, 0]) + b"hello"
    rle = b"\x28\xb5\x2f\xfd\x20\x07" + bytes([(7 << 3) | 2 | 1, 0, 0]) + b"z"
    skippable = b"\x50\x2a\x4d\x18" + (3).to_bytes(4, "little") + b"abc"
    assert decompress(raw + skippable + rle) == b"hellozzzzzzz"
    for broken in (A2_ZSTD[:n] for n in range(0, len(A2_ZSTD), 7)):
        try:
            decompress(broken, 3943)
        except ZstdError:
            continue
    for position in range(6, len(A2_ZSTD), 11):
        flipped = bytearray(A2_ZSTD)
        flipped[position] ^= 0x5A
        try:
            decompress(bytes(flipped), 3943)
        except ZstdError:
            pass
    try:
        decompress(A2_ZSTD, 100)  # larger than the row says: refused, not grown without bound
        raise AssertionError("no limit")
    except ZstdError:
        pass


def _zstd_raw(data: bytes) -> bytes:
    """A zstd frame of raw blocks (what an encoder writes for data it cannot shrink): single segment, 8-byte size."""
    blocks = [data[i:i + 131072] for i in range(0, len(data), 131072)] or [b""]
    frame = b"\x28\xb5\x2f\xfd\xe0" + len(data).to_bytes(8, "little")
    for number, block in enumerate(blocks):
        frame += ((len(block) << 3) | (number == len(blocks) - 1)).to_bytes(3, "little") + block
    return frame


def _jsonl(events) -> bytes:
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events).encode()


MARIA = "My sister Maria grows tomatoes on her balcony in Porto."
CAT = "We adopted a grey cat called Miso last week at the shelter."


def test_a_transcript_archived_on_reset_gives_the_words_not_read_before(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    assert ws.json("preprocess.py", now=NOW, env=_env(tmp_path))["new"] == 2
    u3 = _message("u3", "c1", "user", [{"type": "text", "text": MARIA}], 7)
    db = _connect(path)  # /new: the last turn, then d1 archived (its window deleted) and d2 started for the key
    events = [_a2() if e == "a2" else e for e in _direct_events()] + [u3]
    blob = _zstd_raw(_jsonl(events))
    db.execute("DELETE FROM transcript_events WHERE session_id = 'd1'")
    db.execute("DELETE FROM transcript_rewrite_watermarks WHERE session_id = 'd1'")
    db.execute("DELETE FROM session_windows WHERE session_id = 'd1'")
    db.execute("INSERT INTO session_transcript_archives (session_id, generation, session_key, reason, encoding, "
               "archive_blob, archive_sha256, archive_name, created_at) VALUES ('d1', 'g7', 'agent:main:main', "
               "'reset', 'zstd', ?, ?, 'd1.jsonl.reset.2026-03-10T09-08-00.000Z.g7.zst', 1773133680000)",
               (blob, hashlib.sha256(blob).hexdigest()))
    db.execute("UPDATE session_nodes SET current_session_id = 'd2' WHERE session_key = 'agent:main:main'")
    db.execute("INSERT INTO session_windows (session_id, session_key, previous_session_id, reason, session_scope, "
               "created_at, updated_at, chat_type) VALUES ('d2', 'agent:main:main', 'd1', 'reset', 'shared-main', "
               "1773133680000, 1773133680000, 'direct')")
    for seq, event in enumerate(_one_message("d2", CAT)):
        _append(db, "d2", seq, event)
    db.commit()
    db.close()
    result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert _texts(ws)[2:] == [MARIA, CAT] and result["skipped"].get("already seen") == 2, result
    again = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert again["new"] == 0 and "already seen" not in again["skipped"], again


def test_a_transcript_in_cold_storage_is_read_then_its_new_rows(ws, tmp_path):
    path = _agent_db(tmp_path / "state")
    db = _connect(path)  # OpenClaw moved d1's rows to cold storage (kept in SQLite), then the talk went on
    rows = db.execute("SELECT seq, event_json, created_at FROM transcript_events WHERE session_id = 'd1' "
                      "AND event_json IS NOT NULL ORDER BY seq").fetchall()
    a2 = json.dumps(_a2(), separators=(",", ":"))
    records = [{"kind": "header", "version": 1, "sessionId": "d1", "generation": "g1"}]
    records += [{"kind": "event", "row": {"seq": seq, "event_json": body if seq != 4 else a2, "created_at": at}}
                for seq, body, at in sorted(rows + [(4, a2, 1773133440000)])]
    records.append({"kind": "index", "row": {"indexed_seq": 6, "leaf_event_id": "c1", "needs_rebuild": 0,
                                             "active_event_count": 6, "active_message_count": 5,
                                             "updated_at": 1773133560000}})
    blob = _zstd_raw(_jsonl(records))
    db.execute("DELETE FROM transcript_events WHERE session_id = 'd1'")
    db.execute("INSERT INTO session_transcript_cold_archives VALUES ('d1', 'g1', ?, ?, 7, ?, ?, 6, 1773200000000, "
               "'sqlite', ?)", (hashlib.sha256(blob).hexdigest() + ".jsonl.zst", hashlib.sha256(blob).hexdigest(),
                                len(blob), len(blob), blob))
    _append(db, "d1", 7, _message("u3", "c1", "user", [{"type": "text", "text": MARIA}], 7))
    db.commit()
    db.close()
    result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    texts = _texts(ws)
    assert texts[0] == LISBON and texts[1].endswith(BAKERIES) and texts[2] == MARIA, (texts, result)
    assert result["skipped"].get("heartbeat") == 1, result
    assert ws.json("preprocess.py", now=NOW, env=_env(tmp_path))["new"] == 0


def test_a_state_dir_whose_name_looks_like_a_uri(ws, tmp_path):
    state = tmp_path / "open claw #1?mode=rwc%20"  # opened as file:<quoted path>?mode=ro, never created
    _agent_db(state)
    result = ws.json("preprocess.py", now=NOW, env={"OPENCLAW_STATE_DIR": str(state), "HOME": str(tmp_path / "h")})
    assert result["new"] == 2 and not result["warnings"], result
    assert sorted(p.name for p in (state / "agents" / "main" / "agent").iterdir()) == ["openclaw-agent.sqlite"]


def test_an_agent_database_registered_elsewhere_is_found(ws, tmp_path):
    state = tmp_path / "state"
    moved = _agent_db(tmp_path / "elsewhere")  # a configured agentDir outside agents/<id>/agent
    shared = state / "state" / "openclaw.sqlite"
    shared.parent.mkdir(parents=True)
    db = sqlite3.connect(shared)
    # as dist/openclaw-state-db-read-connection-Beg0AZE7.mjs creates it in the shared state/openclaw.sqlite
    db.execute("""CREATE TABLE agent_databases (
  agent_id TEXT NOT NULL,
  path TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  size_bytes INTEGER,
  PRIMARY KEY (agent_id, path)
) STRICT""")
    db.execute("INSERT INTO agent_databases VALUES ('main', ?, 23, 1796141400442, 671744)",
               (str(moved),))  # a database outside the state dir keeps its absolute path
    db.commit()
    db.close()
    result = ws.json("preprocess.py", now=NOW, env=_env(tmp_path))
    assert result["new"] == 2 and _texts(ws)[0] == LISBON, result

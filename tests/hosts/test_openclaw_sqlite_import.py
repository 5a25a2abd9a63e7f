"""The real OpenClaw makes the SQLite session store: legacy `sessions.json` + `<sessionId>.jsonl` files in the shapes
an older install wrote, imported by `openclaw doctor --session-sqlite import` (what `doctor --fix` runs; the files
move to session-sqlite-import-archive/), then read by our preprocess and encode: the direct conversation's words
stored, heartbeat, envelope, tool and compaction noise and the group chat not, nothing read twice (neither on a
second run nor after the import of a file already read), a row appended later picked up, and the database left
as OpenClaw's own validation wants it."""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
import subprocess
import sys

from .conftest import SCRIPTS, TOKEN, OpenClaw, start_gateway, stop_gateway

NOW = "2026-03-11T15:00:00Z"
LISBON = "I moved to Lisbon last spring and I love the light there."
PICNIC = "Remember that the group picnic is on Saturday at the lake."
ALFAMA = "Paragraph 59 about the tram lines and the bakeries of Alfama."
MARIA = "My sister Maria grows tomatoes on her balcony in Porto."


APPEND = """
const { DatabaseSync } = require("node:sqlite");
const [path, session, body] = process.argv.slice(1);
const event = JSON.parse(body);
const db = new DatabaseSync(path);
db.exec("BEGIN IMMEDIATE");
const { seq } = db.prepare("SELECT max(seq) + 1 AS seq FROM transcript_events WHERE session_id = ?").get(session);
db.prepare("INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_utf8_bytes) " +
           "VALUES (?, ?, ?, 1773133620000, ?)").run(session, seq, body, Buffer.byteLength(body));
db.prepare("INSERT INTO transcript_event_identities (session_id, event_id, seq, event_type, parent_id, created_at) " +
           "VALUES (?, ?, ?, 'message', ?, 1773133620000)").run(session, event.id, seq, event.parentId);
db.exec("COMMIT");
db.close();
"""


def _entry(kind, entry_id, parent, minute, **fields):
    return {"type": kind, "id": entry_id, "parentId": parent, "timestamp": f"2026-03-10T09:0{minute}:00.000Z",
            **fields}


def _message(entry_id, parent, role, content, minute, **extra):
    return _entry("message", entry_id, parent, minute,
                  message={"role": role, "content": content, "timestamp": 1773133260000 + minute * 60000, **extra})


def _legacy(openclaw: OpenClaw):
    """An older install's agent sessions: the main (direct) conversation and a Telegram group."""
    sessions = openclaw.home / ".openclaw" / "agents" / "main" / "sessions"
    sessions.mkdir(parents=True)
    long_reply = "Lisbon has wonderful light, noted. " + " ".join(
        f"Paragraph {n} about the tram lines and the bakeries of Alfama." for n in range(60))  # > 1 KiB: zstd
    direct = [
        {"type": "session", "version": 3, "id": "d1", "timestamp": "2026-03-10T09:00:00.000Z",
         "cwd": str(openclaw.home)},
        _message("u1", None, "user", [{"type": "text", "text": "[Telegram Ada id:4242 Tue 2026-03-10T09:01:00Z] "
                                       f"Ada: {LISBON}\n[message_id: 991]"}], 1),
        _message("a1", "u1", "assistant", [
            {"type": "thinking", "thinking": "they live in Lisbon", "thinkingSignature": "sig"},
            {"type": "toolCall", "id": "call_1", "name": "memory_search", "arguments": {"query": "Lisbon"}}], 2),
        _message("t1", "a1", "toolResult", [{"type": "text", "text": "no results"}], 3, toolCallId="call_1",
                 toolName="memory_search", isError=False),
        _message("a2", "t1", "assistant", [{"type": "text", "text": long_reply}], 4),
        _message("u2", "a2", "user", [{"type": "text", "text": "Read HEARTBEAT.md if it exists (workspace context). "
                                       "Follow it strictly."}], 5),
        _entry("compaction", "c1", "u2", 6, summary="summary of the talk", firstKeptEntryId="u1", tokensBefore=5000),
    ]
    group = [{"type": "session", "version": 3, "id": "g1", "timestamp": "2026-03-10T09:00:00.000Z",
              "cwd": str(openclaw.home)},
             _message("gu1", None, "user", [{"type": "text", "text": PICNIC}], 1)]
    for name, records in (("d1", direct), ("g1", group)):
        (sessions / f"{name}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    (sessions / "sessions.json").write_text(json.dumps({
        "agent:main:main": {"sessionId": "d1", "updatedAt": 1773133560000, "chatType": "direct",
                            "sessionFile": str(sessions / "d1.jsonl")},
        "agent:main:telegram:group:-100123": {"sessionId": "g1", "updatedAt": 1773133260000, "chatType": "group",
                                              "sessionFile": str(sessions / "g1.jsonl")}}, indent=2))
    return sessions


def _append(openclaw: OpenClaw, database, session: str, event: dict) -> None:
    appended = subprocess.run(["node", "-e", APPEND, str(database), session, json.dumps(event, separators=(",", ":"))],
                              capture_output=True, text=True, env=openclaw.env, timeout=60)
    assert appended.returncode == 0, appended.stderr


def _script(openclaw: OpenClaw, workspace, name: str, *args: str) -> dict:
    env = {**openclaw.env, "WORKSPACE": str(workspace), "HIPPOCAMPUS_NOW": NOW}
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / name), *args, "--json"], capture_output=True,
                            text=True, env=env, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, (name, result.stdout, result.stderr)
    return json.loads(result.stdout)


def _texts(workspace):
    return [json.loads(line)["text"] for line in (workspace / "hippocampus" / "signals.jsonl").read_text().splitlines()]


def _files(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_sessions_openclaw_imported_into_sqlite_are_encoded_once(openclaw: OpenClaw, tmp_path):
    sessions = _legacy(openclaw)
    before = tmp_path / "before-upgrade"  # a workspace that read the legacy files before the upgrade
    fresh = tmp_path / "fresh"            # one that only ever sees the database
    for workspace in (before, fresh):
        _script(openclaw, workspace, "init.py", "--workspace", str(workspace))
    assert _script(openclaw, before, "preprocess.py")["new"] == 2

    openclaw.run("doctor", "--session-sqlite", "import", "--session-sqlite-all-agents")
    agent = openclaw.home / ".openclaw" / "agents" / "main" / "agent"
    database = agent / "openclaw-agent.sqlite"
    assert database.is_file() and not (sessions / "d1.jsonl").exists()  # the files were archived
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:  # the long reply really is compressed
        assert db.execute("SELECT count(*) FROM transcript_events WHERE event_zstd IS NOT NULL").fetchone()[0] == 1
    db.close()
    untouched = _files(agent)

    result = _script(openclaw, fresh, "preprocess.py")
    texts = _texts(fresh)
    assert len(texts) == 2 and texts[0] == LISBON and texts[1].endswith(ALFAMA), (texts, result)
    skipped = result["skipped"]
    assert skipped.get("group session") == 1, skipped
    for noise in ("envelope", "metadata", "heartbeat", "compaction", "thinking"):
        assert skipped.get(noise) == 1, (noise, skipped)
    assert _files(agent) == untouched  # read-only: no byte of the database or its sidecars changed

    _script(openclaw, fresh, "encode.py", "--auto")
    stored = json.dumps(json.loads((fresh / "memory" / "index.json").read_text())["memories"])
    assert "Lisbon last spring" in stored
    for noise in ("picnic", "HEARTBEAT", "Telegram", "message_id", "memory_search", "summary of the talk"):
        assert noise not in stored, noise
    assert _script(openclaw, fresh, "preprocess.py")["new"] == 0

    upgraded = _script(openclaw, before, "preprocess.py")  # the same session, now from SQLite: known already
    assert upgraded["new"] == 0 and upgraded["skipped"].get("already seen") == 2, upgraded

    # a turn appended after the import as OpenClaw appends one (the next seq and its identity row), written
    # through node:sqlite, the SQLite OpenClaw runs on (its schema's CHECKs need SQLite 3.43)
    event = _message("u3", "c1", "user", [{"type": "text", "text": MARIA}], 7)
    _append(openclaw, database, "d1", event)
    for workspace in (fresh, before):
        assert _script(openclaw, workspace, "preprocess.py")["new"] == 1
        assert _texts(workspace)[-1] == MARIA
    _script(openclaw, before, "encode.py", "--auto")
    memories = json.loads((before / "memory" / "index.json").read_text())["memories"]
    assert sum("I moved to Lisbon" in m["content"] for m in memories) == 1, memories
    assert any("Maria grows tomatoes" in m["content"] for m in memories), memories
    validated = openclaw.run("doctor", "--session-sqlite", "validate", "--session-sqlite-all-agents")
    assert "0 issue(s)" in validated.stdout + validated.stderr, validated.stdout[-2000:]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_running_gateway_and_a_session_it_deletes(openclaw: OpenClaw, tmp_path):
    """With the gateway holding the database open: read through its WAL; a direct chat it then deletes (its
    transcript moved to session_transcript_archives) still gives the turn not read before."""
    sessions = _legacy(openclaw)
    peer = [{"type": "session", "version": 3, "id": "p1", "timestamp": "2026-03-10T09:00:00.000Z",
             "cwd": str(openclaw.home)},
            _message("pu1", None, "user", [{"type": "text", "text": "I am allergic to peanuts and to shellfish."}], 1)]
    (sessions / "p1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in peer))
    store = json.loads((sessions / "sessions.json").read_text())
    store["agent:main:telegram:direct:4242"] = {"sessionId": "p1", "updatedAt": 1773133260000, "chatType": "direct"}
    (sessions / "sessions.json").write_text(json.dumps(store, indent=2))
    openclaw.run("doctor", "--session-sqlite", "import", "--session-sqlite-all-agents")
    database = openclaw.home / ".openclaw" / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    workspace = tmp_path / "workspace"
    _script(openclaw, workspace, "init.py", "--workspace", str(workspace))

    process, log = start_gateway(openclaw, openclaw.install_info["bin"], _free_port())
    try:
        live = _script(openclaw, workspace, "preprocess.py")  # the gateway has it open: -wal and -shm in use
        assert live["new"] == 3 and not live["warnings"], live
        _append(openclaw, database, "p1", _message("pu2", "pu1", "user", [{"type": "text", "text":
                "My cousin Ines is getting married in Coimbra in June."}], 2))
        deleted = json.loads(openclaw.run("sessions", "delete", "agent:main:telegram:direct:4242", "--yes", "--json",
                                          "--token", TOKEN).stdout)
        assert deleted["ok"] and deleted["results"][0]["archived"], deleted
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            assert db.execute("SELECT count(*) FROM session_windows WHERE session_id = 'p1'").fetchone()[0] == 0
            assert db.execute("SELECT encoding FROM session_transcript_archives WHERE session_id = 'p1'"
                              ).fetchone() == ("zstd",)
        db.close()
        after = _script(openclaw, workspace, "preprocess.py")
        assert after["new"] == 1 and after["skipped"].get("already seen") == 1, after
        assert _texts(workspace)[-1] == "My cousin Ines is getting married in Coimbra in June."
        assert _script(openclaw, workspace, "preprocess.py")["new"] == 0
    finally:
        stop_gateway(process, log)

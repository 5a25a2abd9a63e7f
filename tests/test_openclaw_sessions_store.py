"""OpenClaw's sessions.json (a legacy per-agent store: sessionKey -> SessionEntry with sessionId, sessionFile,
chatType) decides which transcripts preprocess reads: the person's direct conversations by default,
groups and rooms with --include-groups, never cron, hook or subagent runs."""

import json


def _session(folder, name, session_id, text):
    records = [{"type": "session", "version": 3, "id": session_id, "timestamp": "2026-03-10T09:00:00.000Z",
                "cwd": "/home/ada"},
               {"type": "message", "id": "u1", "parentId": None, "timestamp": "2026-03-10T09:01:00.000Z",
                "message": {"role": "user", "content": [{"type": "text", "text": text}], "timestamp": 1773133260000}}]
    (folder / name).write_text("".join(json.dumps(r) + "\n" for r in records))


def _agent_sessions(tmp_path):
    folder = tmp_path / "agents" / "main" / "sessions"
    folder.mkdir(parents=True)
    _session(folder, "d-main.jsonl", "d-main", "I started learning the cello this winter with a teacher.")
    _session(folder, "d-peer.jsonl", "d-peer", "My daughter Lena turns seven in April this year.")
    _session(folder, "g-family.jsonl", "g-family", "Uncle Tom says the reunion is in Braga this summer.")
    _session(folder, "r-room.jsonl", "r-room", "The team channel agreed to ship on Fridays only.")
    _session(folder, "c-run.jsonl", "c-run", "Nightly job: summarise the inbox and list every open task.")
    _session(folder, "s-sub.jsonl", "s-sub", "Subagent task: search the web for cello teachers nearby.")
    _session(folder, "old-gone.jsonl", "old-gone", "A transcript the store no longer names at all.")
    store = {
        "agent:main:main": {"sessionId": "d-main", "updatedAt": 1773133260000, "chatType": "direct"},
        "agent:main:telegram:direct:4242": {"sessionId": "d-peer", "updatedAt": 1773133260000,
                                            "sessionFile": "d-peer.jsonl"},
        "agent:main:whatsapp:group:120363@g.us": {"sessionId": "g-family", "chatType": "group",
                                                  "subject": "Family", "updatedAt": 1773133260000},
        "agent:main:discord:channel:998877": {"sessionId": "r-room", "chatType": "room", "updatedAt": 1773133260000},
        "agent:main:cron:nightly:run:7f3a": {"sessionId": "c-run", "updatedAt": 1773133260000},
        "agent:main:subagent:search-helper": {"sessionId": "s-sub", "updatedAt": 1773133260000},
    }
    (folder / "sessions.json").write_text(json.dumps(store, indent=2))
    return folder


def _texts(ws):
    return sorted(json.loads(line)["text"] for line in (ws.side / "signals.jsonl").read_text().splitlines())


def test_only_direct_conversations_by_default(ws, tmp_path):
    folder = _agent_sessions(tmp_path)
    result = ws.json("preprocess.py", "--path", str(folder), now="2026-03-11T15:00:00Z")
    assert _texts(ws) == ["I started learning the cello this winter with a teacher.",
                          "My daughter Lena turns seven in April this year."], result
    skipped = result["skipped"]
    assert skipped.get("group session") == 2 and skipped.get("cron session") == 1, skipped
    assert skipped.get("other session") == 1 and skipped.get("session not in sessions.json") == 1, skipped


def test_include_groups_reads_groups_and_rooms_but_never_cron(ws, tmp_path):
    folder = _agent_sessions(tmp_path)
    result = ws.json("preprocess.py", "--path", str(folder), "--include-groups", now="2026-03-11T15:00:00Z")
    texts = _texts(ws)
    assert "Uncle Tom says the reunion is in Braga this summer." in texts, result
    assert "The team channel agreed to ship on Fridays only." in texts, result
    assert len(texts) == 4 and not any("Nightly" in t or "Subagent" in t for t in texts), texts


def test_default_agent_folder_under_home_uses_the_store(ws, tmp_path):
    folder = _agent_sessions(tmp_path / "home" / ".openclaw")
    result = ws.json("preprocess.py", now="2026-03-11T15:00:00Z", env={"HOME": str(tmp_path / "home")})
    assert result["new"] == 2 and result["skipped"].get("cron session") == 1, (folder, result)


def test_a_named_file_is_read_whatever_the_store_says(ws, tmp_path):
    folder = _agent_sessions(tmp_path)
    result = ws.json("preprocess.py", "--path", str(folder / "g-family.jsonl"), now="2026-03-11T15:00:00Z")
    assert _texts(ws) == ["Uncle Tom says the reunion is in Braga this summer."], result


def test_a_broken_store_means_the_folder_is_read_whole(ws, tmp_path):
    folder = _agent_sessions(tmp_path)
    (folder / "sessions.json").write_text("{not json")
    result = ws.json("preprocess.py", "--path", str(folder), now="2026-03-11T15:00:00Z")
    assert result["new"] == 7 and result["skipped"].get("unreadable sessions.json") == 1, result


def test_the_scheduled_encode_job_reads_only_direct_conversations(ws, tmp_path):
    _agent_sessions(tmp_path / "state")
    result = ws.run("cron_job.py", "run", "encode", now="2026-03-11T15:00:00Z",
                    env={"OPENCLAW_STATE_DIR": str(tmp_path / "state"), "AGENT_ID": "main"})
    assert "encode: 2 new signals" in result.out, result.out
    assert _texts(ws) == ["I started learning the cello this winter with a teacher.",
                          "My daughter Lena turns seven in April this year."]

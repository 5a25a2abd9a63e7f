"""OpenClaw's heartbeat prompt (sent verbatim as a user message on every heartbeat) is noise, not a memory."""

import json

# OpenClaw 2026.9.6's default heartbeat prompt, as its package ships it, and the legacy one's opening
DEFAULT_HEARTBEAT = ("Follow the heartbeat monitor scratch context when provided. Recurring tasks are automations; "
                     "create or change their schedules with the automations tool, not heartbeat scratch. Do not "
                     "infer or repeat old tasks from prior chats. If nothing needs attention, reply NO_REPLY.")
LEGACY_HEARTBEAT = ("Read HEARTBEAT.md if it exists (workspace context). Follow it strictly. Do not infer or repeat "
                    "old tasks from prior chats. If nothing needs attention, reply HEARTBEAT_OK.")


def _message(record_id, role, text):
    return {"type": "message", "id": record_id, "timestamp": "2026-03-10T09:01:00.000Z",
            "message": {"role": role, "content": [{"type": "text", "text": text}]}}


def test_heartbeat_prompts_are_dropped_and_counted(ws, tmp_path):
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    records = [{"type": "session", "version": 3, "id": "s1", "timestamp": "2026-03-10T09:00:00.000Z"},
               _message("h1", "user", DEFAULT_HEARTBEAT), _message("h2", "user", LEGACY_HEARTBEAT),
               _message("a1", "user", "I moved to Lisbon last spring and love the light there.")]
    (sessions / "s1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    result = ws.json("preprocess.py", "--path", str(sessions), "--source", "openclaw", now="2026-03-11T15:00:00Z")
    signals = (ws.side / "signals.jsonl").read_text().splitlines()
    assert [json.loads(line)["text"] for line in signals] == ["I moved to Lisbon last spring and love the light there."]
    assert "heartbeat" in json.dumps(result) and "HEARTBEAT" not in "".join(signals), result

"""OpenClaw transcripts in the shapes OpenClaw 2026.9.6 writes (its dist `SessionHeader`, `SessionMessageEntry`,
`CompactionEntry`, `BranchSummaryEntry`, `CustomEntry`, `ToolCall`, `ThinkingContent`, `ToolResultMessage`;
envelopes as `formatInboundEnvelope` builds them): channel envelopes, `[message_id: …]` lines, injected context
blocks and summary/extension records are noise, counted; the person's words are kept and stored."""

import json

MARKER = "\u27e6openclaw:ctx\u27e7"
LISBON = "I moved to Lisbon last spring and I love the light there."
GARDEN = "My sister Maria grows tomatoes on her balcony in Porto."


def _entry(kind, entry_id, parent, **fields):
    return {"type": kind, "id": entry_id, "parentId": parent, "timestamp": "2026-03-10T09:01:00.000Z", **fields}


def _message(entry_id, parent, role, content, **extra):
    return _entry("message", entry_id, parent, message={"role": role, "content": content,
                                                         "timestamp": 1773133260000, **extra})


def _records():
    context_block = (f"Conversation info: {MARKER}\n```json\n" +
                     json.dumps({"chat_id": "telegram:4242", "message_id": "991",
                                 "sender": {"id": "4242", "name": "Ada"}}, indent=2) + "\n```\n\n")
    return [
        {"type": "session", "version": 3, "id": "s-oc", "timestamp": "2026-03-10T09:00:00.000Z", "cwd": "/home/ada"},
        _entry("model_change", "m0", None, provider="anthropic", modelId="claude-x"),
        _message("u1", "m0", "user", [{"type": "text", "text":
                 f"[Telegram Ada id:4242 Tue 2026-03-10T09:01:00Z] Ada: {LISBON}\n[message_id: 991]"}]),
        _message("a1", "u1", "assistant", [
            {"type": "thinking", "thinking": "The user shares where they live.", "thinkingSignature": "sig"},
            {"type": "toolCall", "id": "call_1", "name": "memory_search", "arguments": {"query": "Lisbon"}}]),
        _message("t1", "a1", "toolResult", [{"type": "text", "text": "no results found for this query"}],
                 toolCallId="call_1", toolName="memory_search", isError=False),
        _message("u2", "t1", "user", [{"type": "text", "text": context_block +
                 f"[Telegram Ada id:4242 Tue 2026-03-10T09:02:00Z] Ada: {GARDEN}"}]),
        _message("u3", "u2", "user", [{"type": "text", "text": "[message_id: 992]"}]),
        _entry("compaction", "c1", "u3", summary="The user Ada talked about moving house and her family garden.",
               firstKeptEntryId="u2", tokensBefore=51234),
        _entry("branch_summary", "b1", "c1", fromId="a1", summary="Earlier branch: the user asked about trains "
               "between Lisbon and Porto."),
        _entry("custom", "x1", "b1", customType="memory-lancedb", data={"note": "extension state kept here"}),
        _entry("custom_message", "x2", "x1", customType="reminder", content="Remember to water the plants daily.",
               display=False),
    ]


def _write(tmp_path):
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    (sessions / "s-oc.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in _records()))
    return sessions


def test_envelopes_metadata_and_summary_records_are_dropped_and_counted(ws, tmp_path):
    sessions = _write(tmp_path)
    result = ws.json("preprocess.py", "--path", str(sessions), now="2026-03-11T15:00:00Z")
    texts = [json.loads(line)["text"] for line in (ws.side / "signals.jsonl").read_text().splitlines()]
    assert texts == [LISBON, GARDEN], texts
    skipped = result["skipped"]
    assert skipped.get("envelope") == 2, skipped
    assert skipped.get("metadata") == 3, skipped   # two [message_id] lines, one context block
    for kind in ("compaction", "branch_summary", "custom", "custom_message"):
        assert skipped.get(kind) == 1, (kind, skipped)
    assert "unknown record" not in skipped, skipped
    assert skipped.get("thinking") == 1 and skipped.get("tool") == 2, skipped


def test_what_encode_stores_holds_the_words_and_none_of_the_noise(ws, tmp_path):
    sessions = _write(tmp_path)
    ws.json("preprocess.py", "--path", str(sessions), now="2026-03-11T15:00:00Z")
    ws.json("encode.py", "--auto", now="2026-03-11T15:00:00Z")
    stored = "\n".join(p.read_text() for p in ws.root.rglob("*.md") if ".git" not in p.parts)
    stored += (ws.store / "index.json").read_text() if (ws.store / "index.json").exists() else ""
    assert "Lisbon last spring" in stored, stored[:2000]
    for noise in ("Telegram", "message_id", "openclaw:ctx", "4242", "tokensBefore", "trains between",
                  "water the plants", "extension state"):
        assert noise not in stored, noise


def test_bracketed_words_of_a_person_stay(ws, tmp_path):
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    text = "[draft] I am thinking of changing my job to teaching next year."
    records = [{"type": "session", "version": 3, "id": "s2", "timestamp": "2026-03-10T09:00:00.000Z", "cwd": "/"},
               _message("u1", None, "user", [{"type": "text", "text": text}])]
    (sessions / "s2.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    result = ws.json("preprocess.py", "--path", str(sessions), now="2026-03-11T15:00:00Z")
    texts = [json.loads(line)["text"] for line in (ws.side / "signals.jsonl").read_text().splitlines()]
    assert texts == [text] and "envelope" not in result["skipped"], (texts, result)

"""preprocess.py: three transcript formats in, clean redacted signals out, incrementally and robustly."""

import json
import sys
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "transcripts"
SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
FAKE_KEY = "sk-ant-api03-" + "Xk3vQ9" * 15 + "AA"


def openclaw_session(folder: Path, name: str = "s1") -> Path:
    records = [
        {"type": "session", "version": 3, "id": name, "timestamp": "2026-03-10T09:00:00.000Z"},
        {"type": "model_change", "id": "m", "timestamp": "2026-03-10T09:00:00.000Z", "modelId": "x"},
        _oc("a1", "user", [{"type": "text", "text": "I moved to Lisbon last spring and love the light there."}]),
        _oc("a2", "assistant", [{"type": "toolCall", "id": "c1", "name": "web_search", "arguments": {"q": "x"}}]),
        {"type": "message", "id": "a3", "timestamp": "2026-03-10T09:02:00.000Z",
         "message": {"role": "toolResult", "toolCallId": "c1", "content": [{"type": "text", "text": "{\"r\": []}"}]}},
        _oc("a4", "user", [{"type": "text", "text": "System: [cron] Cron: hippocampus-decay finished"}]),
        _oc("a5", "user", [{"type": "text", "text": "<media:image>"}]),
        _oc("a6", "assistant", [{"type": "text", "text": "<thinking>plan the reply</thinking>Lisbon light is "
                                 "famous among painters."}]),
        _oc("a7", "user", [{"type": "text", "text": "<relevant-memories>\n- Previously observed (2026-01-01) "
                            "[mem_0123456789ab, score 1.00]: User likes tea\n</relevant-memories>"}]),
        _oc("a8", "user", [{"type": "text", "text": "{\"tool\": \"output\", \"rows\": [1, 2, 3]}"}]),
        _oc("a9", "user", [{"type": "text", "text": "ok"}]),
        _oc("a10", "user", [{"type": "text", "text": f"my anthropic key is {FAKE_KEY} keep it"}]),
        {"type": "compaction_marker", "id": "z"},
    ]
    path = folder / f"{name}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records) + "{not json\n")
    return path


def _oc(record_id, role, content):
    return {"type": "message", "id": record_id, "timestamp": "2026-03-10T09:01:00.000Z",
            "message": {"role": role, "content": content}}


def claude_session(folder: Path) -> Path:
    base = {"sessionId": "cc1", "cwd": "/p", "version": "2.0.14"}
    records = [
        {**base, "type": "user", "uuid": "u1", "timestamp": "2026-03-11T10:00:00Z",
         "message": {"role": "user", "content": "We decided to ship the beta on Friday."}},
        {**base, "type": "assistant", "uuid": "u2", "timestamp": "2026-03-11T10:01:00Z",
         "message": {"role": "assistant", "content": [{"type": "text", "text": "Friday it is for the beta launch."},
                                                      {"type": "tool_use", "id": "t", "name": "Bash", "input": {}}]}},
        {**base, "type": "user", "uuid": "u3", "timestamp": "2026-03-11T10:02:00Z",
         "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "done"}]}},
        {"type": "summary", "summary": "Beta planning", "leafUuid": "u2"},
    ]
    path = folder / "cc1.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


PLAIN = """# Chat log

## Session 1 — 2026-03-12 18:30

**Maria:** I started aerial yoga classes on Tuesdays.
**John:** That sounds like a great way to keep fit!

A paragraph without a speaker that mentions the community garden project.
"""


def test_openclaw_format_drops_every_noise_kind_and_redacts(ws, tmp_path):
    folder = tmp_path / "sessions"
    folder.mkdir()
    openclaw_session(folder)
    report = ws.json("preprocess.py", "--path", str(folder))
    signals = [json.loads(l) for l in (ws.root / "hippocampus/signals.jsonl").read_text().splitlines()]
    texts = [s["text"] for s in signals]
    assert texts == ["I moved to Lisbon last spring and love the light there.",
                     "Lisbon light is famous among painters.",
                     "my anthropic key is [REDACTED:anthropic-key] keep it"]
    assert report["skipped"] == {"tool": 2, "system": 1, "media": 1, "scaffolding": 1, "json": 1,
                                 "near-empty": 1, "unknown record": 1, "malformed": 1}
    first = signals[0]
    assert set(first) == {"id", "session", "timestamp", "role", "text", "source"}
    assert first["session"] == "s1" and first["role"] == "user" and first["timestamp"] == "2026-03-10T09:01:00Z"
    assert first["source"].endswith("s1.jsonl#a1")
    assert "sk-ant" not in ws.git("log", "-p") and "sk-ant" not in (ws.root / "hippocampus/signals.jsonl").read_text()


def test_claude_code_and_plain_formats(ws, tmp_path):
    folder = tmp_path / "projects"
    folder.mkdir()
    claude_session(folder)
    (folder / "log.md").write_text(PLAIN)
    report = ws.json("preprocess.py", "--path", str(folder))
    assert report["skipped"] == {"tool": 2, "summary": 1}
    signals = [json.loads(l) for l in (ws.root / "hippocampus/signals.jsonl").read_text().splitlines()]
    by_text = {s["text"]: s for s in signals}
    assert by_text["We decided to ship the beta on Friday."]["session"] == "cc1"
    assert "Friday it is for the beta launch." in by_text
    yoga = by_text["I started aerial yoga classes on Tuesdays."]
    assert yoga["role"] == "Maria" and yoga["timestamp"] == "2026-03-12T18:30:00Z"
    assert "A paragraph without a speaker that mentions the community garden project." in by_text


def test_second_run_adds_nothing_full_rereads_and_limit_keeps_the_last(ws, tmp_path):
    folder = tmp_path / "sessions"
    folder.mkdir()
    session = openclaw_session(folder)
    assert ws.json("preprocess.py", "--path", str(folder))["new"] == 3
    commits = len(ws.commits())
    assert ws.json("preprocess.py", "--path", str(folder))["new"] == 0
    assert len(ws.commits()) == commits  # nothing new, nothing committed
    marks = ws.index()["ingest"]["watermarks"]
    assert marks[str(session.resolve())]["offset"] == session.stat().st_size - len("{not json\n") + len("{not json\n")
    # appended messages are new; --full rereads but never duplicates a signal
    with open(session, "a") as handle:
        handle.write(json.dumps(_oc("b1", "user", [{"type": "text", "text": "Back from the trip to Porto today."}])) + "\n")
    assert ws.json("preprocess.py", "--path", str(folder))["new"] == 1
    assert ws.json("preprocess.py", "--path", str(folder), "--full")["new"] == 0
    other = tmp_path / "more"
    other.mkdir()
    openclaw_session(other, "s2")
    report = ws.json("preprocess.py", "--path", str(other), "--limit", "1")
    assert report["new"] == 1 and report["skipped"]["over --limit"] == 2
    last = json.loads((ws.root / "hippocampus/signals.jsonl").read_text().splitlines()[-1])
    assert last["source"].endswith("s2.jsonl#a10")


def test_truncated_last_line_waits_and_invalid_utf8_is_replaced(ws, tmp_path):
    folder = tmp_path / "sessions"
    folder.mkdir()
    path = folder / "s.jsonl"
    good = json.dumps(_oc("a1", "user", [{"type": "text", "text": "Caf\udcff is where we met the first time."}]))
    half = json.dumps(_oc("a2", "user", [{"type": "text", "text": "This line is still being written by the agent."}]))
    path.write_bytes(good.encode("utf-8", "surrogatepass").replace(b"\xed\xb3\xbf", b"\xff") + b"\n" +
                     half[:40].encode())
    report = ws.json("preprocess.py", "--path", str(folder))
    assert report["new"] == 1 and report["skipped"] == {"incomplete last line": 1}
    text = json.loads((ws.root / "hippocampus/signals.jsonl").read_text().splitlines()[0])["text"]
    assert text == "Caf\ufffd is where we met the first time."
    with open(path, "ab") as handle:  # the writer finishes its line
        handle.write(half[40:].encode() + b"\n")
    assert ws.json("preprocess.py", "--path", str(folder))["new"] == 1


def test_a_corrupt_index_never_resets_the_watermark(ws, tmp_path):
    folder = tmp_path / "sessions"
    folder.mkdir()
    openclaw_session(folder)
    ws.run("preprocess.py", "--path", str(folder))
    index_path = ws.root / "memory/index.json"
    good = index_path.read_bytes()
    index_path.write_bytes(good[: len(good) // 2])
    result = ws.run("preprocess.py", "--path", str(folder), expect=3)
    assert "doctor.py --repair" in result.err and result.err.count("\n") == 1
    ws.run("doctor.py", "--repair")
    assert ws.json("preprocess.py", "--path", str(folder))["new"] == 0


def test_missing_path_and_bad_agent_are_clear_errors(ws, tmp_path):
    assert "no transcripts at" in ws.run("preprocess.py", "--path", str(tmp_path / "nope"), expect=2).err
    assert ws.run("preprocess.py", "--agent", "../x", expect=1).err.count("\n") == 1


def test_a_50_mb_session_is_streamed_in_constant_memory(ws, tmp_path):
    folder = tmp_path / "big"
    folder.mkdir()
    path = folder / "big.jsonl"
    blob = "x" * 4000
    with open(path, "w") as handle:
        handle.write(json.dumps({"type": "session", "id": "big", "timestamp": "2026-03-10T09:00:00Z"}) + "\n")
        for n in range(12_500):  # ~50 MB: mostly tool output, as real sessions are
            handle.write(json.dumps({"type": "message", "id": f"r{n}", "timestamp": "2026-03-10T09:00:00Z",
                                     "message": {"role": "toolResult", "content": [{"type": "text", "text": blob}]}}) + "\n")
            if n % 50 == 0:
                handle.write(json.dumps(_oc(f"u{n}", "user", [{"type": "text", "text": f"Progress note number {n} "
                                                                  "about the migration."}])) + "\n")
    assert path.stat().st_size > 50_000_000
    # measured in a fresh parent, so no earlier child of this test run counts
    measure = ("import json, resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True); "
               "print(json.dumps({'peak': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
               "'out': r.stdout.decode(), 'code': r.returncode}))")
    result = ws.run_python(["-c", measure, sys.executable, str(SCRIPTS / "preprocess.py"), "--json",
                            "--path", str(folder)])
    assert result["code"] == 0
    report = json.loads(result["out"])
    assert report["new"] == 250 and report["skipped"]["tool"] == 12_500
    assert result["peak"] < 80_000, f"peak RSS {result['peak']} KB for a 50 MB file"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data/transcripts is not on this machine")
def test_the_shared_transcripts_ingest_clean_and_redacted(ws):
    for folder in ("openclaw", "claude-code", "plain"):
        assert ws.json("preprocess.py", "--path", str(SHARED / folder))["new"] > 300
    text = (ws.root / "hippocampus/signals.jsonl").read_text()
    for secret in ("sk-ant-api03-Xk3v", "AKIAZ7QW3RT5YU8IO2PL", "hunter2-Sup3rS3cret"):
        assert secret not in text
    assert "[cron]" not in text and "web_search" not in text and '{\\"results\\"' not in text
    assert ws.json("preprocess.py", "--path", str(SHARED))["new"] == 0
    result = ws.json("encode.py", "--auto")
    assert result["stored"] > 1000
    explicit = [m for m in ws.index()["memories"] if m["content"].startswith("Remember that I always want the summary first")]
    assert len(explicit) == 1 and explicit[0]["baseImportance"] >= 0.9


def test_default_location_is_the_openclaw_agent_sessions(ws, tmp_path):
    home = tmp_path / "home"
    sessions = home / ".openclaw" / "agents" / "helper" / "sessions"
    sessions.mkdir(parents=True)
    openclaw_session(sessions)
    report = ws.json("preprocess.py", env={"HOME": str(home), "AGENT_ID": "helper"})
    assert report["new"] == 3
    assert ws.run("preprocess.py", "--agent", "main", env={"HOME": str(home)}, expect=2).err


def test_our_own_injected_blocks_are_not_re_encoded():
    from hippocampus.ingest.signals import clean_signal
    core = ("<!-- hippocampus:core:start -->\n## Core memories (hippocampus)\n- (2026-01-01) User likes tea\n"
            "<!-- hippocampus:core:end -->\nWhat should I cook tonight for my sister's visit?")
    assert clean_signal(core) == ("What should I cook tonight for my sister's visit?", None)
    header = "# Hippocampus core memories\n\n## User\n- (2026-01-01) User likes tea"
    assert clean_signal(header) == (None, "scaffolding")
    recalled = "- Previously observed (2026-03-10) [mem_3f2a9c1d8e7b, score 0.91]: User prefers dark mode"
    assert clean_signal(recalled) == (None, "scaffolding")
    assert clean_signal("[image #2]") == (None, "media")
    assert clean_signal("Here is the photo [shares a photo: a dog on a beach]")[0]  # a caption is content

"""A failed tool call in a transcript (Claude Code's is_error, OpenClaw's isError) becomes an error
memory through preprocess + encode --auto: the command and the error's last lines, redacted; the
same failure again reinforces it; a refused or interrupted call is no failure; a session keeps
at most a few."""
import json

SESSION = "5f0c2a6e-1b7d-4a39-9d7e-2c1f0b8e7a11"
SECRET = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
NOW = "2026-03-11T12:00:00Z"


def _cc(n, kind, content, session=SESSION):
    return {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/home/u/shop",
            "sessionId": session, "version": "2.1.332", "gitBranch": "main", "type": kind,
            "message": {"role": kind, "content": content}, "uuid": f"00000000-0000-4000-8000-{n:012d}",
            "timestamp": f"2026-03-10T09:{n % 60:02d}:00.000Z"}


def _call(n, call_id, command, result, is_error, session=SESSION):
    return [_cc(n, "assistant", [{"type": "text", "text": "Running the tests now."},
                                 {"type": "tool_use", "id": call_id, "name": "Bash", "input": {"command": command}}],
                session),
            _cc(n + 1, "user", [{"type": "tool_result", "tool_use_id": call_id, "content": result,
                                 "is_error": is_error}], session)]


def _claude_code(tmp_path, records, session=SESSION):
    folder = tmp_path / "projects" / "-home-u-shop"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{session}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return folder


FAILED = (f"Exit code 1\n\x1b[31mnpm ERR! Test failed in src/cart/total.test.js\x1b[0m\n"
          f"  expected 12 to equal 13\nnpm ERR! auth token {SECRET} rejected")


def errors(ws):
    return [m for m in ws.index()["memories"] if m["category"] == "errors"]


def test_a_failed_bash_call_becomes_one_error_memory(ws, tmp_path):
    records = [_cc(1, "user", "Please run the test suite for the shop and fix what breaks.")]
    records += _call(2, "toolu_1", "npm test", FAILED, True)
    records += _call(4, "toolu_2", "ls", "README.md", False)  # a success: nothing
    records += _call(6, "toolu_3", "rm -rf build", "The user doesn't want to proceed with this tool use. "
                     "The tool use was rejected", True)  # refused: no failure
    folder = _claude_code(tmp_path, records)
    ws.json("preprocess.py", "--path", str(folder), now=NOW)
    report = ws.json("encode.py", "--auto", now=NOW)
    (memory,) = errors(ws)
    content = memory["content"]
    assert content.startswith("Tool call failed: `npm test` (Bash, exit 1) in /home/u/shop (project shop)")
    assert "npm ERR! Test failed in src/cart/total.test.js" in content and "\x1b" not in content
    assert SECRET not in content and "[REDACTED" in content
    assert SECRET not in (ws.side / "signals.jsonl").read_text()
    assert memory["episode"] == SESSION and memory["source"].endswith(":error")
    assert memory["created"].startswith("2026-03-10T09:03")
    assert report["errors"] == 1
    # walking back into the file lifts it
    out = ws.json("recall.py", "change src/cart/total.test.js", "--why", now=NOW)["results"]
    assert out[0]["id"] == memory["id"] and "area" in out[0]["why"]["parts"]
    out = ws.json("recall.py", "deploy shop", "--why", now=NOW)["results"]  # the project it ran in
    assert out[0]["id"] == memory["id"] and "project:shop" in out[0]["why"]["areas"]


def test_the_same_failure_in_another_session_reinforces_it(ws, tmp_path):
    other = "7a0c2a6e-1b7d-4a39-9d7e-2c1f0b8e7a22"
    _claude_code(tmp_path, [_cc(1, "user", "Run the tests please, the shop build is red."),
                            *_call(2, "toolu_1", "npm test", FAILED, True)])
    folder = _claude_code(tmp_path, [_cc(1, "user", "Run the tests again after the change.", other),
                                     *_call(2, "toolu_9", "npm test", FAILED.replace("12 to equal 13",
                                                                                     "14 to equal 15"), True, other)],
                          session=other)
    ws.json("preprocess.py", "--path", str(folder), now=NOW)
    ws.json("encode.py", "--auto", now=NOW)
    (memory,) = errors(ws)
    assert memory["timesReinforced"] == 1
    # read again from the start: the signals are known, nothing new
    ws.json("preprocess.py", "--path", str(folder), "--full", now=NOW)
    ws.json("encode.py", "--auto", now=NOW)
    assert len(errors(ws)) == 1


def test_a_session_keeps_at_most_five_failures(ws, tmp_path):
    records = [_cc(1, "user", "Try each of the build scripts in turn and tell me which work.")]
    for i in range(8):
        records += _call(2 + 2 * i, f"toolu_{i}", f"npm run build:{i}", f"Exit code 2\nerror: target {i} broke", True)
    folder = _claude_code(tmp_path, records)
    ws.json("preprocess.py", "--path", str(folder), now=NOW)
    report = ws.json("encode.py", "--auto", now=NOW)
    assert len(errors(ws)) == 5 and report["errorsOverLimit"] == 3


def test_an_openclaw_failed_exec_becomes_an_error_memory(ws, tmp_path):
    sessions = tmp_path / "sessions"
    sessions.mkdir()

    def message(record_id, role, content, **extra):
        return {"type": "message", "id": record_id, "parentId": None, "timestamp": "2026-03-10T09:05:00.000Z",
                "message": {"role": role, "content": content, **extra}}
    records = [
        {"type": "session", "version": 3, "id": "s-oc", "timestamp": "2026-03-10T09:00:00.000Z", "cwd": "/home/ada"},
        message("u1", "user", [{"type": "text", "text": "Deploy the blog with the usual script please."}]),
        message("a1", "assistant", [{"type": "toolCall", "id": "call_1", "name": "exec",
                                     "arguments": {"command": "./deploy.sh --prod"}}]),
        message("t1", "toolResult", [{"type": "text", "text": "rsync: connection refused (111)\nfatal: deploy aborted"}],
                toolCallId="call_1", toolName="exec", isError=True, details={"exitCode": 12}),
        message("a2", "assistant", [{"type": "toolCall", "id": "call_2", "name": "memory_search",
                                     "arguments": {"query": "blog"}}]),
        message("t2", "toolResult", [{"type": "text", "text": "no results"}], toolCallId="call_2",
                toolName="memory_search", isError=False),
    ]
    (sessions / "s-oc.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    ws.json("preprocess.py", "--path", str(sessions), "--source", "openclaw", now=NOW)
    ws.json("encode.py", "--auto", now=NOW)
    (memory,) = errors(ws)
    assert memory["content"].startswith("Tool call failed: `./deploy.sh --prod` (exec, exit 12) in /home/ada (project ada)")
    assert "fatal: deploy aborted" in memory["content"] and memory["episode"] == "s-oc"

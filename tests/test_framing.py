"""How load_core and recall frame a memory for an agent's context (#46 point 7): as an observation
with its date (default), as a suggestion, or as a plain assertion; from the flag, the MCP tools,
or the workspace's `framing` setting."""

import json
import re

import pytest

NOW = "2026-03-14T10:00:00Z"
MADE = "2026-03-10T09:00:00Z"


def _core_line(text: str, words: str) -> str:
    return next(line for line in text.splitlines() if words in line)


def _setting(ws, framing: str) -> None:
    (ws.store / "config.yaml").write_text(f"framing: {framing}\n", encoding="utf-8")


@pytest.fixture
def core_ws(ws):
    ws.remember("The deploy key lives in the team vault", "--importance", "0.9", now=MADE)
    ws.remember("Standups are at 9:30 on weekdays", "--importance", "0.85", now=MADE)
    return ws


def test_load_core_says_each_memory_was_observed_on_its_date_by_default(core_ws):
    text = core_ws.run("load_core.py", now=NOW).out
    assert _core_line(text, "deploy key") == "- Previously observed (2026-03-10): The deploy key lives in the team vault"
    assert "facts to weigh, not instructions" in text
    today = core_ws.run("load_core.py", now="2026-03-10T18:00:00Z").out
    assert _core_line(today, "deploy key").startswith("- Observed today (2026-03-10): ")


@pytest.mark.parametrize("framing, line, head", [
    ("suggest", "- Suggestion, from 2026-03-10: The deploy key lives in the team vault", "Suggestions from memory"),
    ("assert", "- The deploy key lives in the team vault", "What is known"),
    ("observe", "- Previously observed (2026-03-10): The deploy key lives in the team vault", "Observed memories"),
])
def test_load_core_framing_flag_setting_and_mcp_tool_agree(core_ws, framing, line, head, monkeypatch):
    from hippocampus.hosts.agent_tools import Tools
    monkeypatch.setenv("HIPPOCAMPUS_NOW", NOW)
    flag = core_ws.run("load_core.py", "--framing", framing, now=NOW).out
    assert _core_line(flag, "deploy key") == line and head in flag and "not instructions" in flag
    _setting(core_ws, framing)
    by_setting = core_ws.run("load_core.py", now=NOW).out
    assert by_setting == flag
    _setting(core_ws, "observe" if framing != "observe" else "assert")
    text, data = Tools(core_ws.root).load_core(framing=framing)  # what the MCP load_core tool calls
    assert _core_line(text, "deploy key") == line and data["text"] == text


def test_the_flag_overrides_the_setting_and_the_session_start_hook_follows_the_setting(core_ws):
    _setting(core_ws, "assert")
    assert _core_line(core_ws.run("load_core.py", "--framing", "observe", now=NOW).out,
                      "deploy key").startswith("- Previously observed (2026-03-10): ")
    hook = core_ws.run("agent_hook.py", "session-start", input="{}", now=NOW).out
    context = json.loads(hook)["hookSpecificOutput"]["additionalContext"]
    assert "- The deploy key lives in the team vault" in context and "Previously observed" not in context


def test_recall_frames_each_hit_as_asked(core_ws):
    observe = core_ws.run("recall.py", "deploy key", "--top", "1", now=NOW).out
    suggest = core_ws.run("recall.py", "deploy key", "--top", "1", "--framing", "suggest", now=NOW).out
    plain = core_ws.run("recall.py", "deploy key", "--top", "1", "--framing", "assert", now=NOW).out
    assert observe.startswith("- Previously observed (2026-03-10) [mem_") and "]: The deploy key" in observe
    assert suggest.startswith("- Suggestion, from 2026-03-10 [mem_") and "]: The deploy key" in suggest
    assert plain.startswith("- [mem_") and "]: The deploy key" in plain
    assert "2026" not in re.sub(r"mem_[0-9a-f]{12}", "", plain)  # the id is random: it may hold 2026
    _setting(core_ws, "suggest")
    assert core_ws.run("recall.py", "deploy key", "--top", "1", now=NOW).out == suggest


def test_a_budget_counts_the_framing_it_prints(ws):
    for n in range(12):
        ws.remember(f"Release train number {n} leaves from platform {n} on Fridays", now=MADE)
    counts = {}
    for framing in ("observe", "assert"):
        out = ws.run("recall.py", "release train platform", "--budget", "120", "--framing", framing, now=NOW).out
        assert len(out) <= 120 * 4 + 8, (framing, len(out))
        counts[framing] = out.count("\n- ") + out.startswith("- ")
    assert counts["assert"] > counts["observe"] >= 1  # the shorter framing leaves room for more memories


@pytest.mark.parametrize("value", ["shout", "Observe", "observe\n", "1"])
def test_an_unknown_framing_is_refused_in_one_line(ws, value):
    from hippocampus.errors import UsageError
    from hippocampus.hosts.agent_tools import Tools
    with pytest.raises(UsageError, match="unknown framing"):
        Tools(ws.root).recall("anything", framing=value)
    with pytest.raises(UsageError, match="unknown framing"):
        Tools(ws.root).load_core(framing=value)
    for script, args in (("load_core.py", ()), ("recall.py", ("anything",))):
        result = ws.run(script, *args, "--framing", value, expect=1)
        assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err


@pytest.mark.parametrize("framing, line", [
    ("observe", "- Lesson (2026-03-10): npm test in packages/api fails unless the db container runs"),
    ("suggest", "- Lesson, from 2026-03-10: npm test in packages/api fails unless the db container runs"),
    ("assert", "- Lesson: npm test in packages/api fails unless the db container runs"),
])
def test_a_lesson_in_core_keeps_its_heading_in_every_framing(ws, framing, line):
    ws.remember("npm test in packages/api fails unless the db container runs", "--category", "errors",
                "--importance", "0.95", now=MADE)
    text = ws.run("load_core.py", "--framing", framing, now=NOW).out
    assert _core_line(text, "npm test") == line

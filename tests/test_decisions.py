"""Decisions and errors (issue #46, points 8 and 2's flag): remember --decision keeps a decision for long
(a 90-day half-life) with its --context, found by recall and shown; a decision superseded (supersede.py,
remember --supersedes, MCP supersede) fades twice as fast from then on and is marked stale;
remember --error files the memory under errors."""

from __future__ import annotations

import json
import math

import pytest

DAY0 = "2026-02-02T09:00:00Z"


def day(n: int, hour: int = 10) -> str:
    from datetime import datetime, timedelta, timezone
    return (datetime(2026, 2, 2, hour, tzinfo=timezone.utc) + timedelta(days=n)).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_decision_has_a_90_day_half_life_and_keeps_its_context(ws):
    decision = ws.json("remember.py", "We deploy the API with Fly.io", "--decision", "--importance", "0.8",
                       "--context", "repo api: Heroku's dyno limits hurt us", now=DAY0)
    plain = ws.remember("The API runs three workers", "--importance", "0.8", now=DAY0)
    assert decision["category"] == "decisions"
    ws.run("decay.py", now=day(90))
    assert ws.memory(decision["id"])["importance"] == pytest.approx(0.4, abs=0.003)  # half at 90 days
    assert ws.memory(plain)["importance"] == pytest.approx(0.8 * 0.99 ** 90, abs=1e-6)  # half at 69
    found = ws.json("recall.py", "why not Heroku dyno limits", now=day(90))["results"]
    assert found[0]["id"] == decision["id"]
    assert "(context: repo api: Heroku's dyno limits hurt us)" in found[0]["content"]
    assert "Heroku's dyno limits" in ws.run("recall.py", "Heroku", now=day(90)).out


def test_a_superseded_decision_halves_its_remaining_half_life_and_is_stale(ws):
    old = ws.remember("We build the front end with webpack", "--decision", "--importance", "0.8", now=DAY0)
    ws.run("decay.py", now=day(30))
    at_30 = ws.memory(old)["importance"]
    new = ws.remember("We build the front end with vite", "--decision", "--supersedes", old, now=day(30, 15))
    stored = ws.memory(old)
    assert stored["supersededBy"] == new and stored["confidence"] == "stale"
    ws.run("decay.py", now=day(30, 22))
    assert ws.memory(old)["importance"] == pytest.approx(at_30, abs=1e-6)  # the days past keep their decay
    ws.run("decay.py", now=day(50))
    # twenty days at twice a decision's rate (0.766: a 90-day half-life), so a 45-day one
    assert ws.memory(old)["importance"] == pytest.approx(at_30 * 0.99 ** (20 * 0.766 * 2), abs=1e-5)
    assert math.log(0.5) / math.log(0.99 ** (0.766 * 2)) == pytest.approx(45, abs=0.1)


@pytest.mark.parametrize("how", ["supersede.py", "remember --supersedes"])
def test_every_supersession_path_speeds_the_old_decision_up(ws, how):
    old = ws.remember("We store sessions in Redis", "--decision", "--importance", "0.8", now=DAY0)
    if how == "supersede.py":
        new = ws.remember("We store sessions in Postgres", "--decision", now=day(10, 12))
        ws.run("supersede.py", new, old, now=day(10, 12))
    else:
        ws.remember("We store sessions in Postgres", "--decision", "--supersedes", old, now=day(10, 12))
    ws.run("decay.py", now=day(20))
    expected = 0.8 * 0.99 ** (10 * 0.766) * 0.99 ** (10 * 0.766 * 2)
    assert ws.memory(old)["importance"] == pytest.approx(expected, abs=1e-5)


def test_a_decision_current_again_fades_at_a_decisions_rate_from_then_on(ws):
    old = ws.remember("We ship on Thursdays", "--decision", "--importance", "0.8", now=DAY0)
    ws.remember("We ship on Tuesdays", "--decision", "--supersedes", old, now=day(10, 12))
    ws.run("reinforce.py", old, now=day(20, 12))  # said again: current again (reinforced too)
    assert "supersededBy" not in ws.memory(old)
    value = ws.memory(old)["importance"]
    ws.run("decay.py", now=day(30))
    assert ws.memory(old)["importance"] == pytest.approx(value * 0.99 ** (10 * 0.766), abs=1e-5)


def test_error_flag_and_bad_combinations(ws):
    error = ws.json("remember.py", "Running migrations without a backup lost the staging data", "--error", now=DAY0)
    assert error["category"] == "errors"
    assert ws.run("remember.py", "x y z", "--error", "--decision", expect=1, now=DAY0).err.count("\n") == 1
    result = ws.run("remember.py", "We chose Postgres", "--decision", "--category", "people", expect=1, now=DAY0)
    assert "decisions" in result.err and result.err.count("\n") == 1
    same = ws.json("remember.py", "We chose Postgres", "--decision", "--category", "Decisions", now=DAY0)
    assert same["category"] == "decisions"


def test_context_is_redacted_and_kept_on_one_line(ws):
    secret = "sk-ant-api03-" + "x7Kd9Qw2Lm4Zp8Rt" * 5
    memory = ws.json("remember.py", "We rotate the deploy key monthly", "--decision",
                     "--context", f"ops\nrunbook, key was {secret}", now=DAY0)
    content = ws.memory(memory["id"])["content"]
    assert secret not in content and "\n" not in content and "(context: ops runbook" in content


def test_mcp_remember_takes_decision_context_and_error(ws, monkeypatch):
    from hippocampus.hosts.agent_tools import Tools
    monkeypatch.setenv("HIPPOCAMPUS_NOW", DAY0)
    tools = Tools(ws.root)
    _text, data = tools.remember("We chose Postgres over MySQL", decision=True, context="repo api: needs JSONB")
    assert data["category"] == "decisions"
    assert "(context: repo api: needs JSONB)" in ws.memory(data["id"])["content"]
    _text, data = tools.remember("Forgot to run the linter before pushing", error=True)
    assert data["category"] == "errors"


def test_a_subagents_decision_is_a_proposal_with_its_category_and_context(ws):
    line = json.dumps({"content": "We pin Node to 20", "decision": True, "context": "repo web: LTS only"})
    out = ws.json("remember.py", "--jsonl", "-", "--actor", "researcher", input=line, now=DAY0)
    assert out["status"] == "pending" and ws.index()["memories"] == []
    pending = ws.json("review.py", "list", now=DAY0)["proposals"]
    assert pending[0]["content"] == "We pin Node to 20 (context: repo web: LTS only)"
    both = json.dumps({"content": "x y z", "decision": True, "error": True})
    result = ws.run("remember.py", "--jsonl", "-", "--actor", "researcher", input=both, now=DAY0, expect=1)
    assert "line 1: a memory is a decision" in result.err and result.err.count("\n") == 1

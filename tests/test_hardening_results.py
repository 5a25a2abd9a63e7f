"""Issue #22, "wrong results": decay by calendar days, episodes that repeat,
config ranges, an index entry's file, and the smaller ones (doctor --repair by
a sub-agent, a `created` in the future, -0, binary and oversized imports).

Every test runs the scripts as an agent does, in a real workspace; where the
answer depends on the day, the time zone is given (TZ) and now is fixed."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

UTC = {"TZ": "UTC"}
LA = {"TZ": "America/Los_Angeles"}


def _remember(ws, text: str, *args: str, now: str, env=UTC) -> str:
    return ws.json("remember.py", text, *args, now=now, env=env)["id"]


# ------------------------------------------------------------------ 12: decay counts calendar days

def test_a_run_at_0300_and_one_at_2200_on_one_day_decay_once_and_commit_once(ws):
    memory_id = _remember(ws, "User is allergic to peanuts", "--importance", "0.8", now="2026-01-01T09:00:00Z")
    ws.run("decay.py", now="2026-01-02T03:00:00Z", env=UTC)
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)  # one calendar day (18 hours)
    commits = ws.commits()
    out = ws.json("decay.py", now="2026-01-02T22:00:00Z", env=UTC)
    assert out["changed"] == 0 and ws.commits() == commits
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)


def test_thirty_daily_runs_at_0300_after_a_memory_made_at_0900_give_thirty_days(ws):
    memory_id = _remember(ws, "User is allergic to peanuts", "--importance", "0.8", now="2026-01-01T09:00:00Z")
    for day in range(2, 32):
        ws.run("decay.py", now=f"2026-01-{day:02d}T03:00:00Z", env=UTC)
    assert ws.memory(memory_id)["importance"] == pytest.approx(round(0.8 * 0.99 ** 30, 6))


def test_days_are_those_of_the_machines_time_zone_around_midnight(ws):
    # 23:30 in Los Angeles (PST), then 00:30 the next day there: one day; in UTC the same day
    memory_id = _remember(ws, "Booked the dentist for Friday", "--importance", "0.8",
                          now="2026-01-15T07:30:00Z", env=LA)
    preview = ws.json("decay.py", "--dry-run", now="2026-01-15T08:30:00Z", env=UTC)
    assert preview["changed"] == 0
    ws.run("decay.py", now="2026-01-15T08:30:00Z", env=LA)
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)
    commits = ws.commits()  # 23:59 the same day in Los Angeles (07:59 UTC the next day): nothing
    assert ws.json("decay.py", now="2026-01-16T07:59:00Z", env=LA)["changed"] == 0
    assert ws.commits() == commits
    ws.run("decay.py", now="2026-01-16T08:01:00Z", env=LA)  # 00:01 the day after: a second day
    assert ws.memory(memory_id)["importance"] == pytest.approx(round(0.8 * 0.99 ** 2, 6))


def test_a_25_hour_day_at_the_end_of_summer_time_is_one_day_of_decay_not_more(ws):
    # Los Angeles, 2026-11-01: 02:00 PDT becomes 01:00 PST. 00:10 to 23:50 that day is 24 h 40 min.
    memory_id = _remember(ws, "Moved the clocks back", "--importance", "0.8", now="2026-11-01T07:10:00Z", env=LA)
    assert ws.json("decay.py", now="2026-11-02T07:50:00Z", env=LA)["changed"] == 0
    assert ws.memory(memory_id)["importance"] == 0.8
    ws.run("decay.py", now="2026-11-02T08:10:00Z", env=LA)  # 00:10 PST on the 2nd
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)


def test_a_23_hour_span_over_the_start_of_summer_time_spans_two_calendar_days(ws):
    # Los Angeles: 23:50 PST on 2026-03-07, then 00:10 PDT on 2026-03-09 (03-08 had 23 hours): 23 h 20 min
    memory_id = _remember(ws, "Spring forward tonight", "--importance", "0.8", now="2026-03-08T07:50:00Z", env=LA)
    ws.run("decay.py", now="2026-03-09T07:10:00Z", env=LA)
    assert ws.memory(memory_id)["importance"] == pytest.approx(round(0.8 * 0.99 ** 2, 6))

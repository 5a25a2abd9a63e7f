"""Outcome feedback (issue #46, point 1): outcome.py --good|--bad judges the memories the last recall
returned (or --id); good outcomes lengthen a memory's half-life, bad ones shorten it (hippo-memory's
reward factor), from the day of the outcome on. Measured on real stores decayed forward with
HIPPOCAMPUS_NOW."""

from __future__ import annotations

import json
import math

import pytest

DAY0 = "2026-01-05T09:00:00Z"
LATER = "2026-01-05T18:00:00Z"  # outcomes are given the day the memories were made


def day(n: int, hour: int = 10) -> str:
    from datetime import datetime, timedelta, timezone
    start = datetime(2026, 1, 5, hour, 0, tzinfo=timezone.utc)
    return (start + timedelta(days=n)).strftime("%Y-%m-%dT%H:%M:%SZ")


def importance(ws, memory_id: str) -> float:
    return ws.memory(memory_id)["importance"]


def half_life(ws, memory_id: str, start: float, probe: int = 40) -> float:
    """The days to half measured from a real decay run: decay.py at day `probe`, then its value read
    back (value = start x 0.5 ** (days / half-life)); checked by the days either side of the crossing."""
    ws.run("decay.py", now=day(probe))
    value = importance(ws, memory_id)
    measured = probe * math.log(0.5) / math.log(value / start)
    crossing = math.ceil(measured)
    ws.run("decay.py", now=day(crossing - 1))
    assert importance(ws, memory_id) > start / 2
    ws.run("decay.py", now=day(crossing))
    assert importance(ws, memory_id) <= start / 2
    return measured


def test_good_and_bad_outcomes_change_the_measured_half_life_and_mixed_ones_are_neutral(ws):
    plain = ws.remember("The staging server is called kestrel", "--importance", "0.8", now=DAY0)
    good = ws.remember("Deploys go out from the release branch", "--importance", "0.8", now=DAY0)
    bad = ws.remember("The cache is flushed by the nightly job", "--importance", "0.8", now=DAY0)
    mixed = ws.remember("Tickets are triaged on Mondays", "--importance", "0.8", now=DAY0)
    for _ in range(5):
        ws.run("outcome.py", "--good", "--id", good, now=LATER)
    for _ in range(3):
        ws.run("outcome.py", "--bad", "--id", bad, now=LATER)
    for verdict in ("--good", "--bad") * 3:
        ws.run("outcome.py", verdict, "--id", mixed, now=LATER)
    neutral = math.log(0.5) / math.log(0.99)  # 68.97 days
    assert half_life(ws, plain, 0.8) == pytest.approx(neutral, rel=0.01)
    assert half_life(ws, good, 0.8) / neutral == pytest.approx(1 + 0.5 * 5 / 6, rel=0.01)  # 1.417 (hippo: 1.42)
    assert half_life(ws, bad, 0.8) / neutral == pytest.approx(1 - 0.5 * 3 / 4, rel=0.01)   # 0.625 (hippo: 0.63)
    assert half_life(ws, mixed, 0.8) / neutral == pytest.approx(1.0, rel=0.01)             # 3 good, 3 bad: neutral
    assert ws.memory(good)["outcomeGood"] == 5 and "outcomeBad" not in ws.memory(good)
    assert ws.memory(mixed)["outcomeGood"] == 3 and ws.memory(mixed)["outcomeBad"] == 3


def test_an_outcome_changes_the_rate_from_today_on_never_the_days_past(ws):
    memory = ws.remember("The build cache lives on the second disk", "--importance", "0.8", now=DAY0)
    ws.run("decay.py", now=day(30))
    before = importance(ws, memory)
    assert before == pytest.approx(0.8 * 0.99 ** 30, abs=1e-6)
    ws.run("outcome.py", "--good", "--id", memory, now=day(30, 15))
    ws.run("decay.py", now=day(30, 22))  # the same day: the value the days past gave stands
    assert importance(ws, memory) == pytest.approx(before, abs=1e-6)
    ws.run("decay.py", now=day(40))  # ten days at the slower rate (half-life x1.25)
    assert importance(ws, memory) == pytest.approx(before * 0.99 ** (10 / 1.25), abs=1e-6)


def test_decay_run_twice_on_one_day_after_outcomes_changes_nothing(ws):
    memory = ws.remember("Releases are tagged by the on-call engineer", "--importance", "0.8", now=DAY0)
    ws.run("outcome.py", "--bad", "--id", memory, now=LATER)
    # 03:00 and 22:00 of one day where the machine's zone is UTC (in the odd-clock's Los Angeles they
    # are two days: the day is the machine's, and this test is about one day)
    ws.run("decay.py", now=day(12, 3), env={"TZ": "UTC"})
    index = (ws.store / "index.json").read_bytes()
    commits = ws.commits()
    ws.run("decay.py", now=day(12, 22), env={"TZ": "UTC"})
    assert ws.commits() == commits
    assert (ws.store / "index.json").read_bytes() == index


def test_outcome_judges_what_the_last_recall_returned(ws):
    first = ws.remember("The deploy script lives in tools/deploy.sh", now=DAY0)
    second = ws.remember("The deploy needs the VPN on", now=DAY0)
    other = ws.remember("Lunch is at noon", now=DAY0)
    found = [r["id"] for r in ws.json("recall.py", "deploy", now=LATER)["results"]]
    assert set(found) == {first, second}
    out = ws.json("outcome.py", "--good", now=LATER)
    assert {m["id"] for m in out["memories"]} == {first, second}
    assert all(m["good"] == 1 and m["halfLifeFactor"] == 1.25 for m in out["memories"])
    assert "outcomeGood" not in ws.memory(other)
    assert ws.commits()[0].startswith("outcome: outcome good for 2 memories")
    assert ws.git("status", "--porcelain") == ""  # the note of the last recall is not tracked


def test_no_recall_to_judge_is_exit_2_with_one_line(ws):
    result = ws.run("outcome.py", "--good", expect=2, now=LATER)
    assert result.err.count("\n") == 1 and "no recall to judge" in result.err
    ws.run("recall.py", "nothing matches this", now=LATER)
    result = ws.run("outcome.py", "--bad", expect=2, now=LATER)
    assert "returned no memories" in result.err
    assert ws.run("outcome.py", "--good", "--id", "mem_000000000000", expect=2, now=LATER).err.count("\n") == 1
    assert ws.run("outcome.py", "--good", "--bad", expect=1, now=LATER)
    assert ws.run("outcome.py", expect=1, now=LATER)


def test_a_recall_that_cannot_note_what_it_returned_still_answers(ws):
    memory = ws.remember("The deploy script lives in tools/deploy.sh", now=DAY0)
    (ws.cache / "last-recall.json").mkdir(parents=True)  # where the note goes: a folder, so its write fails
    found = ws.json("recall.py", "deploy", now=LATER)["results"]
    assert [r["id"] for r in found] == [memory]
    result = ws.run("outcome.py", "--good", expect=2, now=LATER)  # nothing noted: nothing to judge
    assert result.err.count("\n") == 1 and "no recall to judge" in result.err


def test_each_agent_judges_its_own_last_recall(ws):
    mine = ws.remember("The deploy script lives in tools/deploy.sh", now=DAY0)
    theirs = ws.remember("Lunch is at noon in the canteen", now=DAY0)
    ws.run("recall.py", "deploy", now=LATER)
    ws.run("recall.py", "lunch", "--actor", "researcher", now=LATER)  # a sub-agent's recall: its own note
    out = ws.json("outcome.py", "--good", now=LATER)
    assert [m["id"] for m in out["memories"]] == [mine]
    assert "outcomeGood" not in ws.memory(theirs)


def test_recall_why_history_and_the_dashboard_show_the_counts_and_the_factor(ws):
    memory = ws.remember("The deploy script lives in tools/deploy.sh", now=DAY0)
    ws.run("outcome.py", "--good", "--id", memory, now=LATER)
    ws.run("outcome.py", "--good", "--id", memory, now=LATER)
    ws.run("outcome.py", "--bad", "--id", memory, now=LATER)
    why = ws.run("recall.py", "deploy", "--why", now=LATER).out
    assert "outcomes 2 good, 1 bad: half-life x1.125" in why
    result = ws.json("recall.py", "deploy", "--why", now=LATER)["results"][0]
    assert result["why"]["outcomes"] == {"good": 2, "bad": 1, "halfLifeFactor": 1.125}
    history = ws.run("history.py", memory, now=LATER).out
    assert "outcome good: now 1 good, 0 bad: half-life x1.25" in history
    assert "outcome bad: now 2 good, 1 bad: half-life x1.125" in history
    assert "outcomes 2 good, 1 bad: half-life x1.125" in history
    board = ws.json("dashboard.py", now=LATER)
    assert board["outcomes"] == [{"id": memory, "good": 2, "bad": 1, "halfLifeFactor": 1.125}]


@pytest.mark.parametrize("good, bad, expected", [
    ("5", None, (5, 0)), (-3, 2, (0, 2)), (True, False, (0, 0)), (10 ** 30, 0, (1_000_000, 0)),
    ("many", 2.0, (0, 2)), (1.5, [1], (0, 0)), (1e300, "-4", (1_000_000, 0)),
])
def test_hostile_hand_edited_counts_are_mended_and_never_break_decay_or_recall(ws, good, bad, expected):
    memory = ws.remember("The deploy script lives in tools/deploy.sh", "--importance", "0.8", now=DAY0)
    path = ws.store / "index.json"
    data = json.loads(path.read_text())
    for entry in data["memories"]:
        entry["outcomeGood"] = good
        if bad is not None:
            entry["outcomeBad"] = bad
    path.write_text(json.dumps(data))
    assert ws.json("recall.py", "deploy", "--why", now=LATER)["results"][0]["id"] == memory
    ws.run("decay.py", now=day(10))
    stored = ws.memory(memory)
    assert (stored.get("outcomeGood", 0), stored.get("outcomeBad", 0)) == expected
    factor = 1 + 0.5 * (expected[0] - expected[1]) / (expected[0] + expected[1] + 1)
    assert stored["importance"] == pytest.approx(0.8 * 0.99 ** (10 / factor), abs=1e-6)


def test_a_memory_with_good_outcomes_stays_core_while_its_value_does(ws):
    """Core is read from the search cache by windows of use: a longer half-life must not drop out early."""
    memory = ws.remember("The user's passport number is kept in the safe", "--importance", "0.95", now=DAY0)
    for _ in range(20):
        ws.run("outcome.py", "--good", "--id", memory, now=LATER)
    # 0.95 x 0.99 ** (days / 1.4756) stays >= 0.7 up to 44 days; the plain window ends at 30
    core = ws.json("load_core.py", "--all", now=day(42))
    assert core["shown"] == 1 and "passport number is kept in the safe" in core["text"]
    ws.run("decay.py", now=day(42))
    assert ws.memory(memory)["status"] == "core"


def test_through_the_mcp_server_recall_then_outcome(ws):
    pytest.importorskip("mcp.server.mcpserver")
    from test_mcp_server import NOW, ok, one_line_error, serve
    memory = ws.remember("The deploy script lives in tools/deploy.sh", now=NOW)

    async def body(call, client):
        names = {tool.name for tool in (await client.list_tools()).tools}
        nothing = await call("outcome", good=True)
        ok(await call("recall", query="deploy script"))
        judged = await call("outcome", good=True)
        dropped = await call("invalidate", term="deploy.sh", reason="moved to make deploy", dry_run=True)
        return names, nothing, judged, dropped

    names, nothing, judged, dropped = serve(ws, body)
    assert {"outcome", "invalidate"} <= names
    assert "no recall to judge" in one_line_error(nothing)
    assert ok(judged)["memories"] == [{"id": memory, "good": 1, "bad": 0, "halfLifeFactor": 1.25,
                                       "importance": ws.memory(memory)["importance"]}]
    assert [w["id"] for w in ok(dropped)["weakened"]] == [memory]

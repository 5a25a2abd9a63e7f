"""Recall output an agent can trust at a glance (#43, 6): when a memory was observed, in what
state it is (stale, archived, superseded by which, pinned), and a procedure as its steps."""

DAY1 = "2026-03-01T09:00:00Z"
SAME_DAY = "2026-03-01T09:00:05Z"
NEXT_WEEK = "2026-03-08T09:00:00Z"


def lines_for(ws, query, *args, now):
    return [line for line in ws.run("recall.py", query, *args, now=now).out.splitlines() if line.strip()]


def test_a_memory_stored_seconds_ago_is_not_framed_as_previously_observed(ws):
    ws.remember("The staging database moved to eu-west-2", now=DAY1)
    [line] = lines_for(ws, "staging database", now=SAME_DAY)
    assert line.startswith("- Observed today (2026-03-01) [") and "Previously" not in line
    [line] = lines_for(ws, "staging database", now=NEXT_WEEK)
    assert line.startswith("- Previously observed (2026-03-01) [")
    # the date and "today" are the machine's time zone's, as every day of ours
    late = "2026-03-01T23:30:00Z"
    ws.remember("The office plants need water", now=late)
    utc = ws.run("recall.py", "office plants", now="2026-03-02T00:30:00Z", env={"TZ": "UTC"}).out
    assert utc.startswith("- Previously observed (2026-03-01) [")
    zoned = ws.run("recall.py", "office plants", now="2026-03-02T00:30:00Z", env={"TZ": "Europe/Lisbon"}).out
    assert zoned.startswith("- Previously observed (2026-03-01) [")
    zoned = ws.run("recall.py", "office plants", now="2026-03-02T00:30:00Z", env={"TZ": "Asia/Tokyo"}).out
    assert zoned.startswith("- Observed today (2026-03-02) [")


def test_every_state_is_said_beside_the_memory(ws):
    old = ws.remember("I live in Lisbon", now=DAY1)
    new = ws.remember("We moved to Porto last month", now="2026-03-01T11:00:00Z")
    gone = ws.remember("The old wifi network is called Pluto", now=DAY1)
    ws.run("forget.py", gone, now=DAY1)
    pinned = ws.remember("The spare key is under the blue pot", "--pin", now=DAY1)
    text = ws.run("recall.py", "Lisbon Porto", "--top", "5", now=NEXT_WEEK).out
    stale = next(line for line in text.splitlines() if old in line)
    assert f"; stale: superseded by {new}]" in stale
    assert next(line for line in text.splitlines() if new in line).count(";") == 0
    archived = ws.run("recall.py", "wifi network Pluto", "--include-archived", now=NEXT_WEEK).out
    assert f"[{gone}, score" in archived and "; archived]" in archived
    kept = ws.run("recall.py", "spare key", now=NEXT_WEEK).out
    assert f"[{pinned}, score" in kept and "; pinned]" in kept
    # --json keeps every field it had and adds the state's
    results = ws.json("recall.py", "Lisbon Porto", "--top", "5", now=NEXT_WEEK)["results"]
    first = {r["id"]: r for r in results}
    for field in ("id", "content", "score", "importance", "domain", "category", "store", "status", "source",
                  "episode", "file", "created", "pinned", "confidence"):
        assert field in first[old], field
    assert first[old]["supersededBy"] == new and first[old]["confidence"] == "stale"
    assert first[new]["pinned"] is False


def test_a_procedure_prints_as_its_numbered_steps(ws):
    ws.run("remember.py", "--title", "Deploy the app", "--step", "Run tests", "--step", "Tag the release",
           "--step", "# Push <!-- to main -->", now=DAY1)
    text = ws.run("recall.py", "deploy the app", now=NEXT_WEEK).out
    lines = text.splitlines()
    assert lines[0].startswith("- Previously observed (2026-03-01) [") and lines[0].endswith(
        "]: Procedure: Deploy the app")
    assert lines[1:4] == ["    1. Run tests", "    2. Tag the release", "    3. \\# Push &lt;!-- to main --&gt;"]
    # a budget counts the lines as printed
    budget = ws.run("recall.py", "deploy the app", "--budget", "60", now=NEXT_WEEK).out
    assert len(budget) <= 60 * 4 and "Deploy the app" in budget and "3. " in budget
    too_small = ws.run("recall.py", "deploy the app", "--budget", "20", now=NEXT_WEEK).out
    assert too_small.startswith("No memory fits in 20 tokens")

"""reflect.py prepare/record: the agent reflects, the script files it."""
import json

import pytest

REFLECTION = """# Reflection

## Summary
Backups failed all week; I should have raised it after the second failure.

## Internal monologue
I waited too long for certainty.

## Elements
- [Pattern] Backups fail on nights after large deploys.
- [Self-Awareness] I wait for certainty before raising problems.

## Reward request
Request: +50 tokens
Reason: caught the Friday/Monday deploy contradiction
Result: granted +30
"""


def test_prepare_then_record_round_trips_into_the_files(ws, tmp_path):
    ws.remember("The nightly backup failed again", "--store", "episodic", now="2026-03-08T03:00:00Z")
    ws.remember("User prefers the summary first", "--importance", "0.8", now="2026-03-01")
    ws.run("graph.py", "add", "NAS", "--type", "tool", now="2026-03-01")
    bundle = ws.json("reflect.py", "prepare", "--budget", "4000", now="2026-03-10")
    text = bundle["text"]
    for part in ("The nightly backup failed again", "User prefers the summary first", "- NAS (tool)",
                 "[Self-Awareness]", "Reward request", "internal monologue"):
        assert part.lower() in text.lower(), part
    path = tmp_path / "reflection.md"
    path.write_text(REFLECTION)
    result = ws.json("reflect.py", "record", "--file", str(path), now="2026-03-10")
    assert result["id"] == "2026-03-10" and result["file"] == "hippocampus/meta/reflections/2026-03-10.md"
    assert (ws.root / result["file"]).read_text() == REFLECTION
    log = (ws.root / "hippocampus/meta/reflection-log.md").read_text()
    assert "### 2026-03-10\nBackups failed all week" in log
    assert "- 2026-03-10 [Self-Awareness] I wait for certainty before raising problems." in \
        (ws.root / "IDENTITY.md").read_text()
    rewards = (ws.root / "hippocampus/meta/reward-log.md").read_text()
    assert "- Result: granted +30\n- Reason: caught the Friday/Monday deploy contradiction" in rewards
    body = ws.git("log", "-1", "--format=%s%n%b")
    # a [Self-Awareness] line in IDENTITY.md's log is ours, not a person's: not CRITICAL (critical.py)
    assert body.startswith("reflect: reflection 2026-03-10") and "Actor: reflection:2026-03-10" in body
    # the next prepare starts from this reflection
    ws.remember("Restarted the NAS and the backup ran", "--store", "episodic", now="2026-03-12T03:00:00Z")
    later = ws.json("reflect.py", "prepare", now="2026-03-13")
    assert later["since"] == "2026-03-10T00:00:00Z" and later["episodes"] == 1
    assert "Backups failed all week" in later["text"]  # the recent reflection log


def test_log_keeps_ten_in_full_and_self_image_becomes_due(ws, tmp_path):
    path = tmp_path / "r.md"
    for day in range(1, 13):
        path.write_text(f"## Summary\nReflection number {day} about the week.\n\n## Elements\n"
                        f"- [Self-Awareness] Observation {day} about myself.\n")
        result = ws.json("reflect.py", "record", "--file", str(path), now=f"2026-04-{day:02d}")
        assert bool(result["selfImageDue"]) == (day >= 10)
    log = (ws.root / "hippocampus/meta/reflection-log.md").read_text()
    assert log.count("\n### ") == 10 and "### 2026-04-12" in log and "### 2026-04-02\n" not in log
    assert "## Older reflections\n- 2026-04-01: Reflection number 1 about the week." in log
    assert "- 2026-04-02: Reflection number 2" in log
    assert len(list((ws.root / "hippocampus/meta/reflections").glob("*.md"))) == 12
    ws.run("reflect.py", "self-image-done", now="2026-04-13")
    path.write_text("## Summary\nOne more.\n\n## Elements\n- [Self-Awareness] Fresh start.\n")
    assert ws.json("reflect.py", "record", "--file", str(path), now="2026-04-14")["selfImageDue"] == 0


def test_two_reflections_a_day_and_bad_input(ws, tmp_path):
    path = tmp_path / "r.md"
    path.write_text("## Summary\nMorning thoughts.\n")
    ws.run("reflect.py", "record", "--file", str(path), now="2026-04-01T08:00:00Z")
    path.write_text("## Summary\nEvening thoughts.\n")
    assert ws.json("reflect.py", "record", "--file", str(path), now="2026-04-01T20:00:00Z")["id"] == "2026-04-01-2"
    path.write_text("   \n")
    assert "empty" in ws.run("reflect.py", "record", "--file", str(path), expect=1).err
    assert ws.run("reflect.py", "record", "--file", str(tmp_path / "missing.md"), expect=1).err
    assert "main agent" in ws.run("reflect.py", "record", "--file", "-", "--actor", "helper", input="## Summary\nx y\n",
                                  expect=1).err


def test_prepare_fills_the_budget_and_never_overruns_it(ws):
    rows = [{"content": f"Fact {i}: the user keeps notes about topic {i} in the shared drive", "importance": 0.8,
             "domain": "user"} for i in range(120)]
    ws.run("remember.py", "--jsonl", "-", input="\n".join(json.dumps(r) for r in rows) + "\n", now="2026-03-01")
    for budget in (1000, 2500):
        bundle = ws.json("reflect.py", "prepare", "--budget", str(budget), now="2026-03-10")
        assert len(bundle["text"]) <= budget * 4 and bundle["tokens"] <= budget
        assert bundle["leftOut"]["memories"] > 0
        # no episodes and no entities here: their shares go to the memories, so the budget is nearly spent
        assert bundle["tokens"] > budget * 0.9, bundle["tokens"]
    assert ws.run("reflect.py", "prepare", "--budget", "999", expect=1).err.count("\n") == 1


def test_a_budget_the_logs_alone_exceed_is_one_clear_error(ws, tmp_path):
    path = tmp_path / "long.md"
    for day in (1, 2, 3):  # the last three reflections are shown in full
        path.write_text("## Summary\n" + f"Day {day}: a long look back at everything. " * 120 + "\n")
        ws.run("reflect.py", "record", "--file", str(path), now=f"2026-04-0{day}T08:00:00Z")
    err = ws.run("reflect.py", "prepare", "--budget", "1000", now="2026-04-04", expect=1).err
    assert "ask for at least" in err and err.count("\n") == 1 and "Traceback" not in err
    assert ws.json("reflect.py", "prepare", "--budget", "8000", now="2026-04-04")["tokens"] <= 8000


@pytest.mark.parametrize("again", ["2026-03-10T21:00:00Z", "2026-03-17T09:00:00Z"])
def test_the_same_reflection_recorded_twice_is_filed_once(ws, tmp_path, again):
    """Issue #43, point 9: recording the same text again, that day or another, makes no second
    file, no second log entry or reward line, and no second IDENTITY.md line; a new reflection
    repeating a self-awareness line already in the log does not repeat it there either."""
    path = tmp_path / "reflection.md"
    path.write_text(REFLECTION)
    first = ws.json("reflect.py", "record", "--file", str(path), now="2026-03-10T20:00:00Z")
    files = sorted(p.name for p in (ws.meta / "reflections").glob("*.md"))
    identity, commits = (ws.root / "IDENTITY.md").read_text(), ws.commits()
    logs = {name: (ws.meta / name).read_text() for name in ("reflection-log.md", "reward-log.md")}
    index = ws.index()
    path.write_text(REFLECTION.replace("failure.", "failure.   ").replace("\n", "\r\n"))  # line ends, trailing spaces
    second = ws.json("reflect.py", "record", "--file", str(path), now=again)
    assert second["alreadyRecorded"] and second["id"] == first["id"] and second["file"] == first["file"]
    assert sorted(p.name for p in (ws.meta / "reflections").glob("*.md")) == files == ["2026-03-10.md"]
    assert (ws.root / "IDENTITY.md").read_text() == identity and identity.count("[Self-Awareness] I wait for certainty") == 1
    assert {name: (ws.meta / name).read_text() for name in logs} == logs
    assert ws.commits() == commits and ws.index() == index
    assert "already" in ws.run("reflect.py", "record", "--file", str(path), now=again).out
    # another reflection with the same self-awareness line: filed, its line not logged twice
    path.write_text(REFLECTION.replace("Backups failed all week", "The NAS came back"))
    third = ws.json("reflect.py", "record", "--file", str(path), now=again)
    assert not third["alreadyRecorded"] and third["file"] != first["file"] and third["selfAwareness"] == 0
    assert (ws.root / "IDENTITY.md").read_text().count("I wait for certainty before raising problems.") == 1


def test_prepare_lists_the_strongest_live_memories_in_order_with_their_marks(ws):
    """What prepare reads of each memory (its state, decayed to now; its words only where shown):
    the strongest first, above 0.3 only, archived and episodic ones left out of "What you know",
    marks beside them, and the episodes since the last reflection in time order."""
    weak = ws.remember("User once mentioned a weak detail", "--importance", "0.31", now="2026-01-01")
    ws.remember("User's favourite tea is sencha", "--importance", "0.6", now="2026-03-01")  # 0.55 on the 10th
    ws.remember("User lives in Lisbon", "--importance", "0.9", now="2026-03-01")
    ws.remember("Wi-Fi password hint is on the fridge", "--importance", "0.5", "--pin", now="2026-03-01")  # 0.5, kept
    gone = ws.remember("User's old bike is red", "--importance", "0.8", now="2026-03-01")
    ws.run("forget.py", gone, now="2026-03-02")
    ws.remember("Too early: the first backup", "--store", "episodic", now="2026-02-20T03:00:00Z")
    ws.remember("Second: the NAS restarted", "--store", "episodic", now="2026-03-09T03:00:00Z")
    ws.remember("First: the backup failed", "--store", "episodic", now="2026-03-08T03:00:00Z")
    bundle = ws.json("reflect.py", "prepare", "--budget", "20000", now="2026-03-10")
    text = bundle["text"]
    known = text.split("## What you know")[1].split("## Entities")[0]
    shown = [line for line in known.splitlines() if line.startswith("- [")]
    assert [line.split(") ", 1)[1] for line in shown] == [
        "User lives in Lisbon", "User's favourite tea is sencha", "Wi-Fi password hint is on the fridge (pinned)"]
    assert ws.memory(weak)["content"] not in text and "old bike" not in text  # decayed under 0.3; archived
    episodes = text.split("## Episodes since")[1].split("## What you know")[0]
    assert episodes.index("First: the backup failed") < episodes.index("Second: the NAS restarted")
    assert "Too early" not in episodes and bundle["episodes"] == 2 and bundle["memories"] == 3

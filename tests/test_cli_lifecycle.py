import json

import pytest


def test_reinforce_forget_purge(ws):
    a = ws.remember("User likes jazz", "--importance", "0.5")
    b = ws.remember("User owns a red bicycle", "--importance", "0.5")
    out = ws.json("reinforce.py", a)
    assert out["reinforced"][0]["importance"] == pytest.approx(0.575)
    assert ws.commits()[0].startswith("reinforce:")
    ws.run("forget.py", a)
    memory = ws.memory(a)
    assert memory["status"] == "archived" and memory["importance"] == 0
    assert (ws.root / memory["file"]).exists()
    path = ws.memory(b)["file"]
    ws.run("forget.py", b, "--purge")
    purged = ws.memory(b)
    assert purged["content"] == "[purged]" and not (ws.root / path).exists()
    assert "red bicycle" not in (ws.store / "index.json").read_text()
    assert ws.git("status", "--porcelain") == ""


def test_unknown_id_is_exit_2_and_bad_id_exit_1(ws):
    assert "no memory" in ws.run("reinforce.py", "mem_doesnotexist", expect=2).err
    assert "no memory" in ws.run("forget.py", "mem_doesnotexist", expect=2).err
    assert "not a memory id" in ws.run("forget.py", "../../etc/passwd", expect=1).err


def test_thirty_daily_decay_runs_give_0592(ws):
    memory_id = ws.remember("User is allergic to peanuts", "--importance", "0.8", now="2026-01-01T09:00:00Z")
    for day in range(2, 32):
        ws.run("decay.py", now=f"2026-01-{day:02d}T09:00:00Z")
    assert round(ws.memory(memory_id)["importance"], 3) == 0.592
    assert ws.memory(memory_id)["baseImportance"] == 0.8


def test_decay_is_idempotent_per_day_and_dry_run_writes_nothing(ws):
    ws.remember("User is allergic to peanuts", "--importance", "0.8", now="2026-01-01")
    preview = ws.json("decay.py", "--dry-run", now="2026-03-01")
    assert preview["changed"] == 1 and ws.memory(ws.index()["memories"][0]["id"])["importance"] == 0.8
    utc = {"TZ": "UTC"}  # (days are the machine's local days: pinned, as both runs must fall on one)
    ws.run("decay.py", now="2026-03-01", env=utc)
    commits = ws.commits()
    ws.run("decay.py", now="2026-03-01T20:00:00", env=utc)
    assert ws.commits() == commits


def test_decay_reports_archive_candidates(ws):
    ws.remember("A fleeting thought about clouds", "--importance", "0.3", now="2026-01-01")
    out = ws.json("decay.py", now="2026-06-01")
    assert len(out["archiveCandidates"]) == 1 and out["archiveCandidateCount"] == 1


def test_decay_lists_the_weakest_candidates_and_counts_them_all(ws):
    """At 100,000 memories a decay found 71,604 archive candidates and printed every one (10 MB of
    JSON, two seconds): the report lists the 50 weakest and counts the rest."""
    rows = [{"content": f"Passing thought number {n} about the weather", "importance": 0.10 + n / 1000,
             "created": "2026-01-01T12:00:00Z"} for n in range(60)]
    ws.json("remember.py", "--jsonl", "-", now="2026-01-02T12:00:00Z",
            input="".join(json.dumps(r) + "\n" for r in rows))
    out = ws.json("decay.py", now="2026-03-01T12:00:00Z")
    assert out["archiveCandidateCount"] == 60
    shown = out["archiveCandidates"]
    assert len(shown) == 50
    assert [c["importance"] for c in shown] == sorted(c["importance"] for c in shown)
    assert {int(c["content"].split("number ")[1].split()[0]) for c in shown} == set(range(50))  # the weakest
    text = ws.run("decay.py", now="2026-03-02T12:00:00Z").out
    assert "60 archive candidates" in text and text.count("archive candidate mem_") == 20


def test_decay_lists_the_first_crossings_and_counts_them_all(ws):
    """A day's decay at 100,000 memories may move tens of thousands across a threshold: the report
    lists 50 of them ({id, from, to}) and counts them all, as it does the archive candidates."""
    rows = [{"content": f"Middling note number {n} about the garden", "importance": 0.45,
             "created": "2026-01-01T12:00:00Z"} for n in range(60)]
    ws.json("remember.py", "--jsonl", "-", now="2026-01-02T12:00:00Z",
            input="".join(json.dumps(r) + "\n" for r in rows))
    out = ws.json("decay.py", now="2026-03-01T12:00:00Z")  # 0.45 * 0.99^59 = 0.25: active -> background
    assert out["crossedCount"] == 60 and len(out["crossed"]) == 50
    assert {(c["from"], c["to"]) for c in out["crossed"]} == {("active", "background")}
    assert ws.json("decay.py", now="2026-03-01T20:00:00Z")["crossedCount"] == 0  # the same day: none again
    text = ws.run("decay.py", now="2026-04-30T12:00:00Z").out  # 0.137: background -> archive candidate
    assert "60 crossed a threshold" in text


def test_status(ws):
    ws.remember("User likes jazz", "--domain", "user")
    ws.remember("Rome is in Italy", "--domain", "world")
    out = ws.json("status.py")
    assert out["total"] == 2 and out["domain"] == {"user": 1, "world": 1}
    assert "importance" in ws.run("status.py").out
    rome = next(m["id"] for m in ws.index()["memories"] if m["content"] == "Rome is in Italy")
    ws.run("forget.py", rome)
    out = ws.json("status.py")
    assert out["live"] == 1 and out["domain"] == {"user": 1} and out["store"] == {"semantic": 1}
    assert out["status"]["archived"] == 1


def test_bad_now_is_exit_1(ws):
    assert "HIPPOCAMPUS_NOW" in ws.run("status.py", now="yesterday-ish", expect=1).err


def test_reinforce_brings_back_a_forgotten_memory_but_not_a_purged_one(ws):
    a = ws.remember("User likes jazz", "--importance", "0.5")
    b = ws.remember("User owns a red bicycle", "--importance", "0.5")
    ws.run("forget.py", a)
    ws.run("forget.py", b, "--purge")
    ws.run("reinforce.py", a)
    assert ws.memory(a)["status"] == "active" and ws.json("recall.py", "jazz")["results"][0]["id"] == a
    assert "purged" in ws.run("reinforce.py", b, expect=1).err

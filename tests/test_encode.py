"""encode.py and capture.py: signals become scored memories (or proposals), never a secret, never a blind delete."""

import json


def signals(ws, *rows):
    lines = []
    for n, (text, extra) in enumerate(rows):
        record = {"id": f"sig_{n:016x}", "session": extra.get("session", "s1"),
                  "timestamp": extra.get("timestamp", "2025-06-01T10:00:00Z"), "role": "user", "text": text,
                  "source": f"/t/s1.jsonl#m{n}"}
        lines.append(json.dumps(record) + "\n")
    path = ws.root / "hippocampus/signals.jsonl"
    path.write_text((path.read_text() if path.exists() else "") + "".join(lines))


def test_auto_scores_classifies_and_keeps_provenance(ws):
    signals(ws, ("Remember that I always want the summary first, then the details.", {}),
            ("Hey, thanks!", {}),
            ("I feel so proud of my daughter's graduation today.", {}),
            ("We decided to move the standup to 9:30 from now on.", {"session": "s2"}),
            ("The weather was grey over the harbour this afternoon.", {}))
    report = ws.json("encode.py", "--auto", now="2026-06-01")
    assert report["stored"] == 4 and report["belowThreshold"] == 1
    memories = {m["content"]: m for m in ws.index()["memories"]}
    explicit = memories["Remember that I always want the summary first, then the details."]
    assert explicit["baseImportance"] >= 0.9
    assert memories["I feel so proud of my daughter's graduation today."]["baseImportance"] == 0.85
    decision = memories["We decided to move the standup to 9:30 from now on."]
    assert decision["baseImportance"] == 0.75 and decision["episode"] == "s2"
    assert decision["source"] == "/t/s1.jsonl#m3" and decision["store"] == "episodic"
    assert decision["created"] == decision["lastAccessed"] == "2025-06-01T10:00:00Z"
    assert decision["importance"] < decision["baseImportance"]  # a memory of last year is weaker today
    assert decision["file"] == "memory/episodes/2025-06-01.md"
    assert ws.json("encode.py", "--auto", now="2026-06-01")["signals"] == 0  # only what is new


def test_a_repeated_signal_reinforces_instead_of_copying(ws):
    utc = {"TZ": "UTC"}  # an episode repeats only one of its own (local) day
    signals(ws, ("Ana prefers tea over coffee in the mornings.", {}))
    ws.run("encode.py", "--auto", env=utc)
    signals(ws, ("Ana prefers tea over coffee in the mornings.", {"timestamp": "2025-06-01T16:00:00Z"}))
    report = ws.json("encode.py", "--auto", env=utc)
    assert report["reinforced"] == 1 and report["stored"] == 0
    same = [m for m in ws.index()["memories"] if m["content"].startswith("Ana prefers tea")]
    assert len(same) == 1 and same[0]["timesReinforced"] == 1
    signals(ws, ("Ana prefers tea over coffee in the mornings.", {"timestamp": "2025-06-02T10:00:00Z"}))
    assert ws.json("encode.py", "--auto", env=utc)["stored"] == 1  # said again the next day: another event


def test_forget_triggers_propose_and_never_delete(ws):
    signals(ws, ("The offsite will be in Lisbon in the second week of May.", {}),
            ("Scratch that.", {}),
            ("Please forget about the offsite in Lisbon", {}),
            ("Let's reflect on what we learned this month together.", {}))
    report = ws.json("encode.py", "--auto")
    assert report["stored"] == 2 and report["forgetProposals"] == 2 and report["reflectRequested"] == 1
    offsite = next(m for m in ws.index()["memories"] if m["content"].startswith("The offsite"))
    assert offsite["status"] != "archived"
    pending = ws.json("review.py", "list")["proposals"]
    assert [p["kind"] for p in pending] == ["forget", "forget"] and pending[0]["target"] == offsite["id"]
    ws.run("review.py", "approve", str(pending[0]["id"]))
    assert ws.memory(offsite["id"])["status"] == "archived"


def test_dont_forget_is_a_remember_not_a_forget(ws):
    signals(ws, ("The offsite will be in Lisbon in the second week of May.", {}),
            ("Don't forget about the offsite in Lisbon, book the train", {}))
    report = ws.json("encode.py", "--auto")
    assert report["forgetProposals"] == 0 and report["stored"] == 2
    kept = next(m for m in ws.index()["memories"] if m["content"].startswith("Don't forget"))
    assert kept["baseImportance"] == 0.9


def test_without_auto_candidates_become_proposals_with_a_json_twin_and_apply(ws, tmp_path):
    signals(ws, ("User said the deploy key lives in 1Password under Ops.", {}),
            ("I always review pull requests before lunch, it keeps my afternoons free.", {}),
            ("ok cool", {}))
    report = ws.json("encode.py")
    assert report["proposed"] == 2 and report["stored"] == 0
    assert ws.index()["memories"] == []
    twin = json.loads((ws.root / "hippocampus/meta/pending-memories.json").read_text())
    assert [p["from"] for p in twin["proposals"]] == ["bot:encode", "bot:encode"]
    first, second = twin["proposals"]
    decisions = [{"id": first["id"], "content": "The deploy key is in 1Password (Ops vault)."},
                 {"id": second["id"], "reject": "too specific"}]
    edited = tmp_path / "decisions.json"
    edited.write_text(json.dumps(decisions))
    applied = ws.json("encode.py", "--apply", str(edited))
    assert [a["proposal"] for a in applied["approved"]] == [first["id"]] and applied["rejected"] == [second["id"]]
    contents = [m["content"] for m in ws.index()["memories"]]
    assert contents == ["The deploy key is in 1Password (Ops vault)."]
    assert json.loads((ws.root / "hippocampus/meta/pending-memories.json").read_text())["proposals"] == []
    assert ws.commits()[0].startswith("encode-apply:")
    assert "not valid JSON" in ws.run("encode.py", "--apply", "-", input="{oops", expect=1).err


def test_dry_run_changes_nothing(ws):
    signals(ws, ("We decided to adopt Postgres for the analytics service.", {}))
    commits = ws.commits()
    report = ws.json("encode.py", "--auto", "--dry-run")
    assert report["preview"][0]["importance"] == 0.75
    assert ws.commits() == commits and ws.index()["memories"] == []


def test_capture_runs_the_pipeline_on_stdin_with_dry_run(ws):
    key = "ghp_" + "A1b2C3d4E5" * 4
    pasted = (f"**Ana:** Hi!\n**Ana:** Remember that I always want the summary first.\n"
              f"**Ana:** The CI token is {key} for now\n**Bob:** <media:image>\n")
    preview = ws.json("capture.py", "--dry-run", input=pasted)
    assert [p["importance"] for p in preview["preview"]] == [0.9, 0.5]
    assert ws.index()["memories"] == []
    stored = ws.json("capture.py", input=pasted)
    assert stored["stored"] == 2 and stored["noise"] == {"near-empty": 1, "media": 1}
    assert key not in ws.git("log", "-p") and "[REDACTED:github-token]" in json.dumps(ws.index())
    assert ws.run("capture.py", input="", expect=1).err.count("\n") == 1

"""forget.py --purge leaves the words in no working or derived file (issue #22, finding 4).

Each purged memory carries a marker word found nowhere else. Everything that
derives text from memories runs first (proposals, consolidation and its
summary, conflicts, the graph, a reflection, signals and encode, sync_core,
the dashboard, the audit log and its month files, the search cache); after
the purge no byte of the working tree outside .git holds a marker, and
recall finds nothing for it. Git history keeps them (a separate step).
"""

import json
import re

from conftest import Workspace

MARKERS = {
    "proposal": "Zelnorvik", "vault": "Qorvandel", "procedure": "Trebuzzle", "episode": "Vexillomar",
    "conflict": "Quillfeather", "signal": "Brackenholt", "reworded": "Marvoquint", "edited": "Plindorax",
}
MARCH = "2026-03-0{}T10:00:00Z"


def signal(ws: Workspace, text: str, n: int, day: str) -> None:
    record = {"id": f"sig_{n:016x}", "session": "s1", "timestamp": f"{day}T10:00:00Z", "role": "user",
              "text": text, "source": f"/t/s1.jsonl#m{n}"}
    path = ws.root / "hippocampus/signals.jsonl"
    path.write_text((path.read_text() if path.exists() else "") + json.dumps(record) + "\n")


def holders(ws: Workspace, word: str) -> list[str]:
    """Every file of the working tree (bytes; .git aside) that holds `word`, any case."""
    needle = word.lower().encode()
    found = []
    for path in sorted(ws.root.rglob("*")):
        if ".git" in path.relative_to(ws.root).parts[:1] or not path.is_file():
            continue
        if needle in path.read_bytes().lower() or word.lower() in str(path.relative_to(ws.root)).lower():
            found.append(str(path.relative_to(ws.root)))
    return found


def build(ws: Workspace, tmp_path) -> dict[str, str]:
    ids = {}
    # a sub-agent's proposal, approved: the proposals file quotes it
    ws.run("remember.py", "User's neighbour Zelnorvik keeps bees on the garage roof", "--domain", "user",
           "--importance", "0.9", env={"HIPPOCAMPUS_AGENT": "subagent:planner"}, now=MARCH.format(1))
    approved = ws.json("review.py", "approve", "1", now=MARCH.format(1))
    ids["proposal"] = approved["approved"][0]["id"] if "approved" in approved else \
        next(m["id"] for m in ws.index()["memories"] if "Zelnorvik" in m["content"])
    ids["vault"] = ws.remember("The spare house key is under the Qorvandel stone by the door", "--pin",
                               now=MARCH.format(1))
    ids["procedure"] = ws.remember("Hold the reset button for ten seconds", "--store", "procedural",
                                   "--title", "Reset the Trebuzzle router", "--step", "Unplug the Trebuzzle box",
                                   "--step", "Wait a minute", now=MARCH.format(2))
    backups = []
    for n, day in enumerate((1, 3, 5, 8), start=1):
        extra = " near Vexillomar" if n == 2 else ""
        backups.append(ws.remember(f"The nightly backup to the NAS failed again{extra}, run {n}",
                                   "--store", "episodic", now=MARCH.format(day)))
    ids["episode"] = backups[1]
    ids["conflict"] = ws.remember("Quillfeather: deploys for the shop go out on Friday", "--domain", "world",
                                  now=MARCH.format(2))
    ws.remember("Deploys for the shop go out on Monday", "--domain", "world", now=MARCH.format(4))
    signal(ws, "Remember that my locker code at the Brackenholt gym is 7741.", 1, "2026-03-05")
    encoded = ws.json("encode.py", "--auto", now=MARCH.format(5))
    ids["signal"] = encoded["ids"][0]
    # a signal proposed, then approved reworded: the memory's words are not the signal's
    signal(ws, "Remember that my swimming coach Marvoquint trains us on Thursdays.", 2, "2026-03-05")
    assert ws.json("encode.py", now=MARCH.format(5))["proposed"] == 1
    twin = json.loads((ws.root / "hippocampus/meta/pending-memories.json").read_text())
    decisions = tmp_path / "decisions.json"
    decisions.write_text(json.dumps([{"id": twin["proposals"][0]["id"],
                                      "content": "My swim coach trains us on Thursdays"}]))
    ids["reworded"] = ws.json("encode.py", "--apply", str(decisions), now=MARCH.format(5))["approved"][0]["id"]
    # a memory edited by hand: the audit log still quotes the words it had
    ids["edited"] = ws.remember("The Plindorax lamp is in the attic", "--domain", "world", now=MARCH.format(5))
    lamp = ws.root / ws.memory(ids["edited"])["file"]
    lamp.write_text(lamp.read_text().replace("The Plindorax lamp is in the attic", "The lamp is in the attic"))
    ws.run("status.py", now=MARCH.format(5))
    ws.remember("The garden hose is in the shed", "--domain", "world", now=MARCH.format(5))  # a writer takes it in
    assert ws.memory(ids["edited"])["content"] == "The lamp is in the attic"
    # what derives text from them
    ws.run("graph.py", "add", "Garage", "--type", "place",
           "--fact", "User's neighbour Zelnorvik keeps bees on the garage roof", now=MARCH.format(6))
    reflection = tmp_path / "reflection.md"
    reflection.write_text("## Summary\nWhat came up: The spare house key is under the Qorvandel "
                          "stone by the door. Qorvandel matters.\n\n## Elements\n- [Self-Awareness] I keep "
                          "thinking of the trebuzzle router, the NAS backup and Zelnorvik's bees\n")  # a quote, and its own words
    ws.run("reflect.py", "record", "--file", str(reflection), now=MARCH.format(7))
    report = ws.json("consolidate.py", now=MARCH.format(9))
    assert report["counts"]["clusters"] == 1 and report["counts"]["conflicts"] == 1, report
    ws.run("sync_core.py", now=MARCH.format(9))
    ws.run("dashboard.py", now=MARCH.format(9))
    ws.run("recall.py", "Vexillomar backup", now=MARCH.format(9))  # the cache holds every word
    ws.run("status.py", now="2026-04-01T08:00:00Z")
    ws.run("decay.py", now="2026-04-01T09:00:00Z")  # April's first change: March's lines go to audit/2026-03.log
    assert (ws.root / "hippocampus/meta/audit/2026-03.log").is_file()
    return ids


def test_purge_leaves_the_words_in_no_file_and_no_result(ws, tmp_path):
    ids = build(ws, tmp_path)
    for kind, word in MARKERS.items():  # each marker is written where its kind derives it
        assert holders(ws, word), (kind, word)
    assert "Vexillomar" in (ws.root / "hippocampus/meta/audit/2026-03.log").read_text()
    assert "Quillfeather" in (ws.root / "hippocampus/meta/conflicts.md").read_text()
    assert "Qorvandel" in (ws.root / "HIPPOCAMPUS_CORE.md").read_text()
    assert "Zelnorvik" in (ws.root / "brain-dashboard.html").read_text()
    summary = next(m for m in ws.index()["memories"] if m.get("sources"))
    assert "Vexillomar" in summary["content"]

    result = ws.json("forget.py", *ids.values(), "--purge", now="2026-04-02T10:00:00Z")
    assert {r["id"] for r in result["forgotten"]} == set(ids.values())

    for word in MARKERS.values():
        assert holders(ws, word) == [], (word, holders(ws, word))
        for extra in ((), ("--include-archived",)):
            hits = ws.json("recall.py", word, *extra, now="2026-04-02T11:00:00Z")["results"]
            assert hits == [], (word, hits)
    # the summary stays, without the quote; the purge's own audit line and commit quote nothing
    summary = next(m for m in ws.index()["memories"] if m["id"] == summary["id"])
    assert "[purged]" in summary["content"] and summary["status"] != "archived"
    assert "the NAS failed again, run 1" in summary["content"]
    purged = {m["id"]: m for m in ws.index()["memories"] if m["id"] in ids.values()}
    assert all(m["content"] == "[purged]" and "title" not in m and m["purged"] for m in purged.values())
    message = ws.git("log", "-1", "--format=%B")
    assert not any(word in message for word in MARKERS.values())
    assert ws.git("status", "--porcelain", "--untracked-files=no") == ""
    # history still holds them: rewriting it is the separate, documented step
    assert "Vexillomar" in ws.git("log", "-p", "--all")
    # the other memories are untouched, and encode still reads signals.jsonl from its offset
    assert any(m["content"] == "Deploys for the shop go out on Monday" for m in ws.index()["memories"])
    reflection = (ws.root / "hippocampus/meta/reflections/2026-03-07.md").read_text()
    # its own words go (those no other memory has), the others stay
    assert "I keep thinking of the [purged] [purged], the NAS backup and [purged]'s [purged]" in reflection
    signal(ws, "Remember that the bike shop closes at six on Saturdays.", 2, "2026-04-02")
    assert ws.json("encode.py", "--auto", now="2026-04-02T12:00:00Z")["stored"] == 1
    assert any(m["content"] == "Remember that the bike shop closes at six on Saturdays."
               for m in ws.index()["memories"])


def test_purging_a_survivor_purges_the_duplicate_merged_into_it(ws):
    first = ws.remember("Ana's Dravimpel bicycle is kept in the shed", "--domain", "user", now=MARCH.format(1))
    second = ws.remember("The Dravimpel bicycle of Ana is kept in the shed", "--domain", "user", now=MARCH.format(2))
    ws.run("consolidate.py", now=MARCH.format(9))
    assert ws.memory(second)["mergedInto"] == first
    ws.run("forget.py", first, "--purge", now=MARCH.format(9))
    assert holders(ws, "Dravimpel") == []
    assert ws.memory(second)["content"] == "[purged]"


def test_words_of_other_memories_stay(ws):
    kept = ws.remember("User likes green tea with honey in the evening", "--domain", "user", now=MARCH.format(1))
    gone = ws.remember("User likes green tea", "--domain", "user", now=MARCH.format(1))
    ws.run("forget.py", gone, "--purge", now=MARCH.format(2))
    assert ws.memory(kept)["content"] == "User likes green tea with honey in the evening"
    assert (ws.root / ws.memory(kept)["file"]).read_text().endswith("User likes green tea with honey in the evening\n")
    assert re.search(r"\| purged \[purged\]$", ws.audit()[-1])


def test_a_purge_that_starts_a_month_rotates_the_scrubbed_log(ws):
    gone = ws.remember("The Orbelline vase came from Lisbon", "--domain", "world", now=MARCH.format(3))
    ws.remember("The blue vase came from Porto", "--domain", "world", now=MARCH.format(4))
    before = ws.audit()
    ws.run("forget.py", gone, "--purge", now="2026-04-01T08:00:00Z")  # April's first change: a rotation
    assert (ws.root / "hippocampus/meta/audit/2026-03.log").is_file()
    assert holders(ws, "Orbelline") == []
    after = ws.audit()
    assert len(after) == len(before) + 1 and after[-1].startswith("2026-04-01T08:00:00Z")
    assert any("The blue vase came from Porto" in line for line in after)
    assert ws.git("status", "--porcelain", "--untracked-files=no") == ""


def test_a_purge_takes_a_conflict_records_quote_of_an_earlier_text(ws):
    """conflicts.md quotes a memory as it was when the conflict was found; edited since,
    the quote is no longer its text: the record's side is found by its id."""
    friday = ws.remember("Quillfeather deploys for the shop go out on Friday", "--domain", "world",
                         now=MARCH.format(2))
    ws.remember("Deploys for the shop go out on Monday", "--domain", "world", now=MARCH.format(4))
    assert ws.json("consolidate.py", now=MARCH.format(5))["counts"]["conflicts"] == 1
    conflicts = ws.root / "hippocampus/meta/conflicts.md"
    assert "Quillfeather" in conflicts.read_text()
    path = ws.root / ws.memory(friday)["file"]
    path.write_text(path.read_text().replace("Quillfeather deploys", "Deploys"))
    ws.remember("The garden hose is in the shed", "--domain", "world", now=MARCH.format(6))  # takes the edit in
    assert "Quillfeather" not in ws.memory(friday)["content"]
    ws.run("dashboard.py", now=MARCH.format(6))

    ws.json("forget.py", friday, "--purge", now=MARCH.format(7))
    assert holders(ws, "Quillfeather") == []
    text = conflicts.read_text()
    assert f"- **A**: {friday} — [purged]\n" in text or f"- **B**: {friday} — [purged]\n" in text, text
    assert "Deploys for the shop go out on Monday" in text  # the other side is not ours to take

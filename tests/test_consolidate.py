"""consolidate.py and conflicts.py: the weekly sleep is conservative, explainable, reversible, committed."""


def scenario(ws):
    backups = [ws.remember(f"The nightly backup to the NAS failed again, run {n}", "--store", "episodic",
                           now=f"2026-03-0{d}T03:00:00Z") for n, d in enumerate((1, 3, 5, 8), start=1)]
    lunch = ws.remember("Lunch with Ana at the harbour", "--store", "episodic", now="2026-03-02T12:00:00Z")
    friday = ws.remember("Deploys go out on Friday", "--domain", "world", now="2026-03-02")
    monday = ws.remember("Deploys go out on Monday", "--domain", "world", now="2026-03-04")
    first = ws.remember("User prefers dark mode in every editor", "--domain", "user", now="2026-03-02")
    second = ws.remember("The user prefers dark mode in every editor.", "--domain", "user", now="2026-03-06")
    ws.run("reinforce.py", first, now="2026-03-07")
    return {"backups": backups, "lunch": lunch, "friday": friday, "monday": monday, "prefs": (first, second)}


def test_dry_run_lists_every_change_and_changes_nothing(ws):
    scenario(ws)
    commits, index = ws.commits(), ws.index()
    report = ws.json("consolidate.py", "--dry-run", now="2026-03-10")
    assert report["counts"]["clusters"] == 1 and report["counts"]["merges"] == 1 and report["counts"]["conflicts"] == 1
    kinds = [c["kind"] for c in report["changes"]]
    assert kinds[:3] == ["cluster", "merge", "conflict"]
    assert ws.commits() == commits and ws.index() == index
    assert not (ws.root / "hippocampus/meta/conflicts.md").exists()


def test_one_linked_semantic_memory_one_surviving_preference_one_conflict(ws):
    ids = scenario(ws)
    before = len(ws.commits())
    report = ws.json("consolidate.py", now="2026-03-10")
    assert len(ws.commits()) == before + 1
    assert ws.commits()[0].startswith("consolidate: sleep: 1 clusters consolidated, 1 duplicates merged")
    assert "1 conflicts found" in ws.git("log", "-1", "--format=%B")
    memories = {m["id"]: m for m in ws.index()["memories"]}
    summaries = [m for m in memories.values() if m.get("sources")]
    assert len(summaries) == 1
    summary = summaries[0]
    assert summary["sources"] == ids["backups"] and summary["store"] == "semantic"
    assert summary["content"].startswith("Backup, failed: recurring, 4 times from 2026-03-01 to 2026-03-08.")
    assert summary["importance"] < 0.7  # never core by itself
    assert "sources:" in (ws.root / summary["file"]).read_text()
    for source in ids["backups"]:
        assert memories[source]["consolidatedInto"] == summary["id"] and memories[source]["status"] != "archived"
    assert "consolidatedInto" not in memories[ids["lunch"]]
    # the sources now fade faster than an ordinary episode
    from hippocampus.base.config import DEFAULTS
    from hippocampus.base.scoring import decay_multiplier
    source = memories[ids["backups"][0]]
    plain = {k: v for k, v in source.items() if k != "consolidatedInto"}
    assert decay_multiplier(source, DEFAULTS) == 2 * decay_multiplier(plain, DEFAULTS)
    ws.run("decay.py", now="2026-04-10")  # 31 days after the sleep, counted from it
    after = ws.memory(source["id"])["importance"]
    assert abs(after - source["baseImportance"] * 0.99 ** (31 * decay_multiplier(source, DEFAULTS))) < 1e-5
    # one surviving preference, reinforcements summed, the other archived with a pointer
    first, second = ids["prefs"]
    keep = memories[first] if memories[first].get("status") != "archived" else memories[second]
    lose = memories[second] if keep is memories[first] else memories[first]
    assert lose["status"] == "archived" and lose["mergedInto"] == keep["id"]
    assert keep["id"] == first and keep["timesReinforced"] == 1  # the reinforced one is stronger
    # one listed conflict, recorded on both memories
    listed = ws.json("conflicts.py", "list")["conflicts"]
    assert len(listed) == 1 and {listed[0]["a"]["id"], listed[0]["b"]["id"]} == {ids["friday"], ids["monday"]}
    assert memories[ids["friday"]]["conflicts"] == [listed[0]["id"]]
    assert report["counts"]["promotions"] == 0
    # a second sleep finds nothing new
    assert ws.json("consolidate.py", now="2026-03-10")["counts"] == {
        "clusters": 0, "merges": 0, "conflicts": 0, "stale": 0, "archived": 0, "promotions": 0, "superseded": 0}


def test_everything_it_did_can_be_undone(ws):
    ids = scenario(ws)
    ws.run("consolidate.py", now="2026-03-10")
    conflict = ws.json("conflicts.py", "list")["conflicts"][0]["id"]
    resolved = ws.json("conflicts.py", "resolve", conflict, "--keep", ids["monday"], now="2026-03-11")
    assert resolved["archived"] == ids["friday"] and ws.memory(ids["friday"])["status"] == "archived"
    assert "resolved: kept" in ws.json("conflicts.py", "list", "--all")["conflicts"][0]["status"]
    assert "already" in ws.run("conflicts.py", "resolve", conflict, "--keep", ids["monday"], expect=1).err
    # the loser of a conflict and of a merge come back with reinforce; the summary can be forgotten
    ws.run("reinforce.py", ids["friday"], now="2026-03-12")
    assert ws.memory(ids["friday"])["status"] != "archived"
    merged = next(m for m in ws.index()["memories"] if m.get("mergedInto"))
    ws.run("reinforce.py", merged["id"], now="2026-03-12")
    assert ws.memory(merged["id"])["status"] != "archived" and "mergedInto" not in ws.memory(merged["id"])
    summary = next(m for m in ws.index()["memories"] if m.get("sources"))
    ws.run("forget.py", summary["id"], now="2026-03-12")
    assert ws.memory(summary["id"])["status"] == "archived"


def test_stale_marking_and_archiving_what_stayed_faded(ws):
    faded = ws.remember("A passing remark about the weather in Oslo", "--importance", "0.25", now="2025-01-01")
    pinned = ws.remember("User is allergic to penicillin", "--pin", "--importance", "0.25", now="2025-01-01")
    fresh = ws.remember("Fresh fact about the garden", now="2025-06-01")
    first = ws.json("consolidate.py", now="2025-06-01")
    assert ws.memory(faded)["confidence"] == "stale" and ws.memory(fresh)["confidence"] == "observed"
    assert ws.memory(faded)["lowSince"] == "2025-06-01T00:00:00Z" and ws.memory(faded)["status"] != "archived"
    assert first["counts"]["archived"] == 1  # watching, not yet archived
    ws.run("consolidate.py", now="2025-07-15")
    memory = ws.memory(faded)
    assert memory["status"] == "archived" and memory["file"].startswith("hippocampus/archive/")
    assert (ws.root / memory["file"]).exists()
    assert ws.memory(pinned)["status"] != "archived"
    # recall with --reinforce wakes a stale memory; reinforce brings an archived one home
    ws.run("recall.py", "garden", "--reinforce", now="2025-08-01")
    assert ws.memory(fresh)["confidence"] == "observed"
    ws.run("reinforce.py", faded, now="2025-08-01")
    back = ws.memory(faded)
    assert back["status"] != "archived" and not back["file"].startswith("hippocampus/archive/")
    assert (ws.root / back["file"]).exists() and ws.git("status", "--porcelain") == ""


def test_a_cluster_that_would_be_core_is_proposed_not_promoted(ws):
    for day in (1, 2, 3):
        ws.remember(f"I feel anxious about the server migration deadline, day {day}", "--store", "episodic",
                    "--importance", "0.9", now=f"2026-03-0{day}T09:00:00Z")
    report = ws.json("consolidate.py", now="2026-03-04")
    assert report["counts"]["promotions"] == 1
    summary = next(m for m in ws.index()["memories"] if m.get("sources"))
    assert summary["importance"] < 0.7 and summary["status"] != "core"
    proposal = ws.json("review.py", "list")["proposals"][0]
    assert proposal["kind"] == "promote" and proposal["target"] == summary["id"]
    ws.run("review.py", "approve", str(proposal["id"]), now="2026-03-04")
    assert ws.memory(summary["id"])["status"] == "core"


def test_a_report_lists_fifty_changes_of_a_kind_and_counts_them_all(ws):
    """At 100,000 memories a first sleep marks ~91,000 stale: its report listed each one (29 MB of
    --json). It lists the first 50 of each kind, says how many it left out, and --all lists them all."""
    import json as json_module
    facts = [f"The {thing} is kept in the {place}" for thing in ("ladder", "kettle", "tent", "drill", "globe",
                                                                "lamp", "rake", "easel", "banjo", "kayak")
             for place in ("attic", "garage", "shed", "cellar", "hallway", "pantry")]
    lines = "".join(json_module.dumps({"content": text, "domain": "world", "created": "2026-01-02T10:00:00Z"}) + "\n"
                    for text in facts)
    ws.run("remember.py", "--jsonl", "-", input=lines, now="2026-01-02T10:00:00Z")
    dry = ws.json("consolidate.py", "--dry-run", now="2026-03-10")
    stale = dry["counts"]["stale"]
    assert stale == len(facts) == 60
    assert [c["kind"] for c in dry["changes"]].count("stale") == 50 and dry["changesLeftOut"] == 10
    every = ws.json("consolidate.py", "--dry-run", "--all", now="2026-03-10")
    assert [c["kind"] for c in every["changes"]].count("stale") == 60 and every["changesLeftOut"] == 0
    assert every["changes"][:len(dry["changes"])] == dry["changes"]
    text = ws.run("consolidate.py", now="2026-03-10").out
    assert text.count("- mark stale") == 50 and "- ... and 10 more (--all lists every change)" in text
    assert "made: 0 clusters, 0 merges, 0 conflicts, 60 stale" in text


def test_a_summary_holds_what_its_sources_state_and_is_superseded_with_them(ws):
    """A cluster's summary quotes its episodes: it holds the slots they state (their keys, as they
    carry them, not read again), so a later statement that supersedes them supersedes it too (a
    review of this change found the summary left current once it held none)."""
    import sqlite3
    sources = [ws.remember(f"I live in Lisbon now, near the harbour market, week {n}", "--store", "episodic",
                           now=f"2026-03-0{d}T09:00:00Z") for n, d in enumerate((1, 3, 5), start=1)]
    ws.run("consolidate.py", now="2026-03-08")
    summary = next(m for m in ws.index()["memories"] if m.get("sources") == sources)
    source = ws.memory(sources[0])
    assert "Lisbon" in summary["content"] and "user|home" in source["readings"]
    assert summary["readings"] == source["readings"]
    db = sqlite3.connect(ws.cache / "search.sqlite")
    try:
        holders = {memory_id for (memory_id,) in db.execute("SELECT id FROM slot WHERE key = 'user|home'")}
    finally:
        db.close()
    assert holders == {*sources, summary["id"]}
    porto = ws.remember("I live in Porto now", now="2026-03-09T09:00:00Z")
    assert ws.memory(summary["id"])["supersededBy"] == porto
    assert all(ws.memory(memory_id)["supersededBy"] == porto for memory_id in sources)

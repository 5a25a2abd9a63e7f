"""Core memory tells the truth (#43, 4-5): one definition of core (scoring.in_core) read by
load_core, HIPPOCAMPUS_CORE.md, MEMORY.md's section, status, the dashboard, reflection and the MCP
tools; every write that changes what core holds brings both files level in its own commit."""

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

DAY1 = "2026-03-01T09:00:00Z"
LATER = "2026-03-01T11:00:00Z"
START = "<!-- hippocampus:core:start -->"
END = "<!-- hippocampus:core:end -->"


def section(ws) -> str:
    text = (ws.root / "MEMORY.md").read_text()
    return text[text.index(START):text.index(END)]


def core_file(ws) -> str:
    return (ws.root / "HIPPOCAMPUS_CORE.md").read_text()


def head_files(ws) -> list[str]:
    return ws.git("show", "--name-only", "--format=", "HEAD").split()


def with_core_files(ws, now=DAY1):
    (ws.root / "MEMORY.md").write_text("# My notes\n\n- mine, not yours\n")
    ws.run("sync_core.py", now=now)  # the section and HIPPOCAMPUS_CORE.md, as install does


def counts(ws, now):
    """What each reader calls core: load_core (all), status, the dashboard, index.json's status."""
    loaded = ws.json("load_core.py", "--all", now=now)
    status = ws.json("status.py", now=now)
    dashboard = ws.json("dashboard.py", now=now)
    stored = sum(m.get("status") == "core" for m in ws.index()["memories"])
    return {"load_core": loaded["shown"] + loaded["leftOut"], "status": status["status"].get("core", 0),
            "dashboard": dashboard["core"], "dashboard_counts": dashboard["counts"]["status"]["core"],
            "index": stored}


def test_a_superseded_fact_leaves_core_everywhere_in_the_commit_that_supersedes_it(ws):
    with_core_files(ws)
    lisbon = ws.remember("I live in Lisbon", now=DAY1)
    assert "Lisbon" in core_file(ws) and "Lisbon" in section(ws)  # core when said (0.7), files kept level
    porto = ws.remember("We moved to Porto last month", now=LATER)
    assert ws.memory(lisbon)["supersededBy"] == porto
    # the remember that superseded it took it out of both files, in its own commit
    assert {"MEMORY.md", "HIPPOCAMPUS_CORE.md"} <= set(head_files(ws))
    assert "Lisbon" not in core_file(ws) and "Porto" in core_file(ws)
    assert "Lisbon" not in section(ws) and "Porto" in section(ws)
    assert "mine, not yours" in (ws.root / "MEMORY.md").read_text()
    assert ws.json("sync_core.py", now=LATER)["changed"] is False  # nothing left for sync_core to do
    loaded = ws.run("load_core.py", now=LATER).out
    assert "Lisbon" not in loaded and "Porto" in loaded
    assert ws.memory(lisbon)["status"] != "core"
    assert counts(ws, LATER) == {"load_core": 1, "status": 1, "dashboard": 1, "dashboard_counts": 1, "index": 1}
    # reflection still sees it, marked for what it is
    bundle = ws.json("reflect.py", "prepare", now=LATER)["text"]
    line = next(line for line in bundle.splitlines() if "Lisbon" in line)
    assert f"stale: superseded by {porto}" in line
    # the agent hook and the MCP tool read the same set
    hook = ws.run("agent_hook.py", "session-start", now=LATER, input="{}")
    context = json.loads(hook.out)["hookSpecificOutput"]["additionalContext"]
    assert "Porto" in context and "Lisbon" not in context


def test_every_write_that_changes_core_brings_the_files_level_in_the_same_commit(ws):
    with_core_files(ws)
    tea = ws.remember("Remember that the user drinks green tea", now=DAY1)
    assert "green tea" in core_file(ws) and "green tea" in section(ws)
    # forget
    ws.run("forget.py", tea, now=LATER)
    assert {"MEMORY.md", "HIPPOCAMPUS_CORE.md"} <= set(head_files(ws))
    assert "green tea" not in core_file(ws) and "green tea" not in section(ws)
    # reinforce: 0.65 -> 0.7025, into core
    bike = ws.remember("The user's bike is a blue Brompton", "--importance", "0.65", now=DAY1)
    assert "Brompton" not in core_file(ws)
    ws.run("reinforce.py", bike, now=LATER)
    assert {"MEMORY.md", "HIPPOCAMPUS_CORE.md"} <= set(head_files(ws))
    assert "Brompton" in core_file(ws) and "Brompton" in section(ws)
    # decay: two days later 0.7025 has faded under the line; the decay commit takes it out
    ws.run("decay.py", now="2026-03-03T09:00:00Z")
    assert {"MEMORY.md", "HIPPOCAMPUS_CORE.md"} <= set(head_files(ws))
    assert "Brompton" not in core_file(ws) and "Brompton" not in section(ws)
    # a remember that changes nothing in core leaves the files alone
    ws.remember("The sky was grey this morning", now="2026-03-03T10:00:00Z")
    assert "MEMORY.md" not in head_files(ws) and "HIPPOCAMPUS_CORE.md" not in head_files(ws)
    # a hand edit of a core memory's file shows in the files with the commit that takes it in
    robin = ws.remember("User's name is Robin", "--pin", now="2026-03-03T10:00:00Z")
    path = ws.root / ws.memory(robin)["file"]
    path.write_text(path.read_text().replace("Robin", "Robyn"))
    ws.remember("The kettle is new", now="2026-03-03T11:00:00Z")
    assert "Robyn" in core_file(ws) and "Robyn" in section(ws) and "Robin" not in core_file(ws)
    assert ws.git("status", "--porcelain") == ""


def test_the_files_are_kept_only_where_they_are(ws):
    ws.remember("Remember that the user drinks green tea", now=DAY1)
    assert not (ws.root / "HIPPOCAMPUS_CORE.md").exists() and not (ws.root / "MEMORY.md").exists()
    (ws.root / "MEMORY.md").write_text("# Mine\n\nNo section of yours here.\n")
    ws.remember("Remember that the user's sister is Ana", now=DAY1)
    assert (ws.root / "MEMORY.md").read_text() == "# Mine\n\nNo section of yours here.\n"
    assert not (ws.root / "HIPPOCAMPUS_CORE.md").exists()


def test_a_memory_md_whose_markers_a_person_broke_never_stops_a_remember(ws):
    with_core_files(ws)
    broken = f"# Notes\n{START}\nhalf a section, no end marker\n"
    (ws.root / "MEMORY.md").write_text(broken)
    result = ws.run("remember.py", "Remember that the user's sister is Ana", now=DAY1)
    assert "MEMORY.md" in result.err and "markers" in result.err and result.err.count("\n") == 1
    assert (ws.root / "MEMORY.md").read_text() == broken
    assert "sister is Ana" in core_file(ws)


def test_pinned_vault_and_stale_memories_are_counted_alike_by_every_reader(ws):
    ws.remember("Parking spot is B12", "--pin", now=DAY1)                  # pinned, general words
    ws.remember("Locker code lives in the blue notebook", "--store", "vault", now=DAY1)
    ws.remember("Kept although it says little", "--pin", "--importance", "0.3", now=DAY1)
    ws.remember("I live in Lisbon", now=DAY1)
    ws.remember("We moved to Porto last month", now=LATER)                 # supersedes Lisbon
    ws.remember("Remember that the user drinks green tea", now=DAY1)
    gone = ws.remember("Remember that the old wifi is called Pluto", now=DAY1)
    ws.run("forget.py", gone, now=DAY1)
    ws.remember("A passing remark about clouds", now=DAY1)
    pinned = next(m for m in ws.index()["memories"] if m["content"] == "Parking spot is B12")
    assert pinned["status"] == "core" and pinned["importance"] >= 0.7
    assert counts(ws, LATER) == {"load_core": 5, "status": 5, "dashboard": 5, "dashboard_counts": 5, "index": 5}
    # weeks later the weighted ones faded out; what is pinned stays, in every count
    weeks = "2026-04-15T09:00:00Z"
    ws.run("decay.py", now=weeks)
    assert counts(ws, weeks) == {"load_core": 3, "status": 3, "dashboard": 3, "dashboard_counts": 3, "index": 3}


# --------------------------------------------------------- the set read in bounds
NOW = datetime(2026, 6, 1, 12, tzinfo=timezone.utc)
CONFIGS = [{}, {"decay": {"store_multiplier": {"semantic": 0.0}}}, {"decay": {"rate": 0.95}},
           {"decay": {"category_multiplier": {"lessons": 0.1}, "consolidated_multiplier": 0.5},
            "thresholds": {"core": 0.5}}]


def stored_memory(n, base, days, store="semantic", category="facts", pinned=False, superseded=False, stale=False,
                  archived=False, rebased=None, consolidated=False):
    from hippocampus.text.timeutil import format_time
    last = NOW - timedelta(days=days)
    memory = {"id": f"mem_{n:012x}", "domain": "user", "category": category, "content": f"fact {n}",
              "importance": base, "baseImportance": base, "created": format_time(last),
              "lastAccessed": format_time(last), "store": store, "keywords": [],
              "status": "archived" if archived else "active", "pinned": pinned,
              "confidence": "stale" if stale else "observed"}
    if superseded:
        memory["supersededBy"] = "mem_ffffffffffff"
    if rebased is not None:  # consolidation rebased its weight then
        memory["decayFrom"] = format_time(NOW - timedelta(days=rebased))
    if consolidated:
        memory["consolidatedInto"] = "mem_eeeeeeeeeeee"
    return memory


def same_set(stored, override):
    """The core set read in bounds from a real search cache is the set weighed over every memory."""
    from hippocampus.base.config import DEFAULTS, _merge
    from hippocampus.store.core import from_cache, weighed
    from hippocampus.store.search_cache import SearchCache

    config = _merge(DEFAULTS, override, "test")
    cache = SearchCache(Path(":memory:"))
    cache.reset()
    cache.rebuild(stored, "state")
    whole = [(m["id"], m["importance"]) for m in weighed(stored, NOW, config)]
    bounded = [(m["id"], m["importance"]) for m in from_cache(cache, NOW, config)]
    assert bounded == whole
    return len(whole)


def test_the_core_set_read_in_bounds_misses_none_at_the_edge_of_the_horizon():
    stored, n = [], 0
    for days in range(0, 420, 3):
        for store in ("semantic", "episodic", "procedural"):
            for category in ("facts", "lessons"):
                for rebased in (None, 0, days // 3):
                    for consolidated in (False, True):
                        stored.append(stored_memory(n, 1.0, days, store, category, rebased=rebased,
                                                    consolidated=consolidated))
                        n += 1
    assert [same_set(stored, override) for override in CONFIGS][0] > 100


items = st.lists(st.fixed_dictionaries({
    "base": st.floats(0, 1.2), "days": st.integers(0, 400), "store": st.sampled_from(
        ["semantic", "episodic", "procedural", "vault"]), "category": st.sampled_from(["facts", "lessons", "errors"]),
    "pinned": st.booleans(), "superseded": st.booleans(), "stale": st.booleans(), "archived": st.booleans(),
    "rebased": st.one_of(st.none(), st.integers(0, 400)), "consolidated": st.booleans()}), max_size=40)


@settings(max_examples=60, deadline=None)
@given(items, st.sampled_from(CONFIGS))
def test_the_core_set_read_in_bounds_is_the_whole_truth(found, override):
    same_set([stored_memory(n, **item) for n, item in enumerate(found)], override)

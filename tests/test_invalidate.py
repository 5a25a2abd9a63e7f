"""Invalidate (issue #46, point 4): invalidate.py OLD --reason TEXT weakens and marks stale every live
memory that rests on OLD, never deleting one, in one commit whose audit line names each memory and the
reason. "Rests on" is decided as a class: OLD as a whole word or phrase, case-blind."""

from __future__ import annotations

import json

import pytest

DAY0 = "2026-03-02T09:00:00Z"
NOW = "2026-03-20T10:00:00Z"

# (text, rests on webpack?)
NAMES_IT = [
    "We build the site with webpack",
    "Webpack's config lives in the repo root",
    "WEBPACK takes four minutes on CI",
    "Edit webpack.config.js to add an alias",
    "Run webpack-dev-server on port 8080",
    "the bundle (webpack) is split per route",
    "@webpack/cli is pinned to 5.1",
]
DOES_NOT = [
    "Rails uses webpacker for assets",
    "mywebpack is an internal fork name",
    "Pack the web assets before the release",
    "The web pack of icons is in assets/",
]


def test_whole_word_case_blind_matches_and_nothing_else(ws):
    resting = [ws.remember(text, now=DAY0) for text in NAMES_IT]
    others = [ws.remember(text, now=DAY0) for text in DOES_NOT]
    before = {m["id"]: m for m in ws.index()["memories"]}
    out = ws.json("invalidate.py", "webpack", "--reason", "migrated to vite", now=NOW)
    assert sorted(w["id"] for w in out["weakened"]) == sorted(resting)
    for memory_id in resting:
        memory = ws.memory(memory_id)
        assert memory["confidence"] == "stale" and memory["status"] != "archived"
        assert memory["invalidatedBecause"] == "webpack: migrated to vite"
        assert memory["importance"] < before[memory_id]["importance"]
    for memory_id in others:
        assert ws.memory(memory_id) == before[memory_id]
    assert len(ws.index()["memories"]) == len(NAMES_IT) + len(DOES_NOT)  # never deletes


def test_one_commit_one_audit_line_naming_each_memory_and_the_reason_and_history_shows_it(ws):
    ids = [ws.remember(text, now=DAY0) for text in NAMES_IT[:3]]
    commits = len(ws.commits())
    ws.run("invalidate.py", "webpack", "--reason", "migrated to vite", now=NOW)
    assert len(ws.commits()) == commits + 1
    line = ws.audit()[-1]
    assert " | invalidate | " in line and "migrated to vite" in line
    assert all(i in line.split(" | ")[3].split(",") for i in ids)
    history = ws.run("history.py", ids[0], now=NOW).out
    assert "invalidated (stale): rests on 'webpack', migrated to vite" in history


def test_left_alone_what_states_the_change_came_after_it_is_pinned_or_archived(ws):
    weakened = ws.remember("We build the site with webpack", now=DAY0)
    states = ws.remember("We moved from webpack to Vite last sprint", now=DAY0)
    after = ws.remember("The old webpack config was deleted", now="2026-03-15T09:00:00Z")
    pinned = ws.remember("Never upgrade webpack on a Friday", "--pin", now=DAY0)
    archived = ws.remember("Webpack builds need 4 GB of memory", now=DAY0)
    ws.run("forget.py", archived, now=DAY0)
    before = {m["id"]: m for m in ws.index()["memories"]}
    out = ws.json("invalidate.py", "webpack", "--reason", "migrated to vite", "--changed", "2026-03-10", now=NOW)
    assert [w["id"] for w in out["weakened"]] == [weakened]
    assert [m["id"] for m in out["statesChange"]] == [states] and out["newThings"] == ["vite"]
    assert [m["id"] for m in out["createdAfter"]] == [after]
    assert [m["id"] for m in out["pinned"]] == [pinned]
    for memory_id in (states, after, pinned, archived):
        assert ws.memory(memory_id) == before[memory_id]
    again = ws.json("invalidate.py", "Webpack", "--reason", "migrated to vite", "--include-pinned",
                    "--changed", "2026-03-10", now=NOW)
    assert [w["id"] for w in again["weakened"]] == [pinned]  # with --include-pinned, and only once each
    assert [m["id"] for m in again["alreadyInvalidated"]] == [weakened]
    assert ws.memory(pinned)["confidence"] == "stale"


def test_a_phrase_matches_across_spaces_hyphens_and_dots(ws):
    a = ws.remember("Bootstrapped with Create React App in 2019", now=DAY0)
    b = ws.remember("create-react-app's eject was never run", now=DAY0)
    c = ws.remember("Remember to create a React app for the demo", now=DAY0)
    out = ws.json("invalidate.py", "create react app", "--reason", "moved to Next.js", now=NOW)
    assert sorted(w["id"] for w in out["weakened"]) == sorted([a, b])
    assert "confidence" not in ws.memory(c) or ws.memory(c)["confidence"] != "stale"


def test_dry_run_changes_nothing_and_bad_input_is_one_line(ws):
    memory = ws.remember("We build the site with webpack", now=DAY0)
    index = (ws.store / "index.json").read_bytes()
    commits = ws.commits()
    out = ws.json("invalidate.py", "webpack", "--reason", "migrated to vite", "--dry-run", now=NOW)
    assert [w["id"] for w in out["weakened"]] == [memory] and out["dryRun"] is True
    assert (ws.store / "index.json").read_bytes() == index and ws.commits() == commits
    for args in (["--reason", "x"], ["webpack"], ["!!!", "--reason", "x"], ["webpack", "--reason", "  "],
                 ["webpack", "--reason", "x", "--changed", "not a date"]):
        result = ws.run("invalidate.py", *args, expect=1, now=NOW)
        assert result.err.count("\n") == 1
    nothing = ws.json("invalidate.py", "gulp", "--reason", "migrated to vite", now=NOW)
    assert nothing["weakened"] == [] and ws.commits() == commits


def test_candidates_come_from_the_search_cache(ws):
    """The search cache's full-text index gives the candidates (no scan of every memory): only the
    memories it lists as holding the words are read for them."""
    from pathlib import Path

    from hippocampus.lifecycle.invalidate import _candidates
    from hippocampus.store.workspace import Workspace
    from hippocampus.text.timeutil import parse_time
    memory = ws.remember("We build the site with webpack", now=DAY0)
    for text in ("Lunch is at noon", "The printer is on floor 2", "Standup is at 9:30"):
        ws.remember(text, now=DAY0)
    workspace = Workspace.open(Path(ws.root), parse_time(NOW))
    workspace.reader_cache()
    with workspace.transaction("bot:invalidate", "invalidate") as tx:
        assert tx._cache_matches_index()
        assert [m["id"] for m in _candidates(tx, "webpack")] == [memory]
        assert len(list(tx.memories)) == 4


def test_mcp_invalidate(ws, monkeypatch):
    from hippocampus.hosts.agent_tools import Tools
    monkeypatch.setenv("HIPPOCAMPUS_NOW", NOW)
    memory = ws.remember("We build the site with webpack", now=DAY0)
    text, data = Tools(ws.root).invalidate("webpack", "migrated to vite")
    assert [w["id"] for w in data["weakened"]] == [memory] and "weakened 1" in text
    assert json.loads(json.dumps(data))  # plain JSON for the MCP client
    with pytest.raises(Exception, match="reason"):
        Tools(ws.root).invalidate("webpack", "")

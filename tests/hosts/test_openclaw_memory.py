"""What OpenClaw's own memory search (memory-core, offline: keyword search, no embedding provider) serves
from a hippocampus workspace, run with the real `openclaw memory index` and `openclaw memory search`.

memory-core reads MEMORY.md and every `.md` under memory/, dot-folders included, with no way to leave one
out (OpenClaw 2026.9.6's dist/, `listMemoryFiles`). So the layout keeps in memory/ the live memories
only: a core memory and an ordinary live one are found there; a forgotten, an archived (an episode's
entry), a purged and a superseded one are not (their files, and log entries, are in hippocampus/archive/,
or gone), nor proposals or conflicts (hippocampus/meta/)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import SCRIPTS, OpenClaw

CORE = "User always drinks oolong tea in the morning"
LIVE = "User keeps a tamagotchi named Brisbolt"  # a live memory, not core
FORGOTTEN = "User secretly hates the saxophone quartet"
ARCHIVED = "Dropped the Vantablorp umbrella at the tram stop"  # an episode, forgotten: its log entry moves out
PURGED = "User once lived beside the Reykjavik harbour"
OLD_HOME = "I live in Lisbonquay"  # superseded by the move, stale
NEW_HOME = "We moved to Portoquay last month"
PROPOSAL = "User's neighbour Zelnorvik keeps bees on the roof"  # a sub-agent's, pending review
CONFLICT = "Quillfeather deploys for the shop go out on Friday"
MARCH = "2026-03-0{}T10:00:00Z"


def script(openclaw: OpenClaw, name: str, *args: str, now: str, env: dict | None = None) -> str:
    full = {**openclaw.env, "WORKSPACE": str(openclaw.workspace), "HIPPOCAMPUS_NOW": now, **(env or {})}
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / name), *args], capture_output=True, text=True,
                            env=full, timeout=120)
    assert result.returncode == 0, (name, args, result.stdout, result.stderr)
    return result.stdout


@pytest.fixture(scope="module")
def indexed(tmp_path_factory, openclaw_install) -> OpenClaw:
    openclaw = OpenClaw(tmp_path_factory.mktemp("memory-search"), openclaw_install)
    openclaw.install()
    day = MARCH.format
    script(openclaw, "remember.py", CORE, "--domain", "user", "--importance", "0.95", now=day(1))
    script(openclaw, "remember.py", LIVE, "--domain", "user", "--importance", "0.3", now=day(1))
    for text, flags, store in ((FORGOTTEN, (), "semantic"), (PURGED, ("--purge",), "semantic"),
                               (ARCHIVED, (), "episodic")):
        memory_id = json.loads(script(openclaw, "remember.py", text, "--domain", "user", "--store", store, "--json",
                                      now=day(1)))["id"]
        script(openclaw, "forget.py", memory_id, *flags, now=day(1))
    old = json.loads(script(openclaw, "remember.py", OLD_HOME, "--domain", "user", "--json", now=day(1)))["id"]
    new = json.loads(script(openclaw, "remember.py", NEW_HOME, "--domain", "user", "--supersedes", old, "--json",
                            now=day(3)))
    assert old in new.get("supersedes", [old])
    script(openclaw, "remember.py", PROPOSAL, "--domain", "user", now=day(1),
           env={"HIPPOCAMPUS_AGENT": "subagent:planner"})
    script(openclaw, "remember.py", CONFLICT, "--domain", "world", now=day(2))
    script(openclaw, "remember.py", "Deploys for the shop go out on Monday", "--domain", "world", now=day(4))
    assert json.loads(script(openclaw, "consolidate.py", "--json", now=day(9)))["counts"]["conflicts"] == 1
    side = openclaw.workspace / "hippocampus"
    for path, words in ((side / "meta" / "pending-memories.md", "Zelnorvik"),
                        (side / "meta" / "conflicts.md", "Quillfeather")):
        assert words in path.read_text(), path  # each is there to be found, if memory-core looked
    archived = " ".join(p.read_text() for p in (side / "archive").rglob("*.md"))
    assert "saxophone" in archived and "Vantablorp" in archived and "Lisbonquay" in archived
    assert "indexed" in openclaw.run("memory", "index").stdout
    return openclaw


def served(openclaw: OpenClaw, query: str) -> list[str]:
    result = openclaw.run("memory", "search", query, "--json", "--min-score", "0", "--max-results", "50")
    return [hit["path"] for hit in json.loads(result.stdout)["results"]]


def test_a_core_memory_and_an_ordinary_live_memory_are_found(indexed):
    core = served(indexed, "oolong tea")
    assert any(path.startswith("memory/user/") for path in core), core
    live = served(indexed, "tamagotchi Brisbolt")
    assert live and all(path.startswith("memory/user/") for path in live), live
    assert any(path.startswith("memory/user/") for path in served(indexed, "Portoquay"))  # the current home


@pytest.mark.parametrize("words", ["saxophone quartet", "Vantablorp umbrella", "Reykjavik harbour", "Lisbonquay",
                                   "Zelnorvik bees"])
def test_forgotten_archived_purged_superseded_and_proposed_memories_are_never_served(indexed, words):
    assert served(indexed, words) == []


def test_a_conflict_record_is_never_served_only_the_memories_in_it(indexed):
    found = served(indexed, "Quillfeather deploys")
    assert found and all(path.startswith("memory/world/") for path in found), found


def test_after_install_openclaw_finds_the_memories_at_once(tmp_path, openclaw_install):
    """install.sh in OpenClaw's own workspace: the live memories under memory/, the core ones also through
    MEMORY.md's section, which install writes; no sync_core.py needed first."""
    openclaw = OpenClaw(tmp_path, openclaw_install)
    openclaw.workspace.mkdir(parents=True)
    # (the clock as install.sh's own calls have it: a memory made now is core now, whatever the day)
    openclaw.script("init.py")
    openclaw.script("remember.py", "I live in Portoquay with Ana", "--domain", "user", "--importance", "0.9")
    said = openclaw.install().stdout
    assert "MEMORY.md" in said
    assert "Portoquay" in (openclaw.workspace / "MEMORY.md").read_text()
    openclaw.run("memory", "index")
    found = served(openclaw, "live Portoquay")
    assert "MEMORY.md" in found and any(path.startswith("memory/user/") for path in found), found

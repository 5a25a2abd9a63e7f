"""What OpenClaw's own memory search (memory-core, offline: keyword search, no embedding provider) serves
from a hippocampus workspace, run with the real `openclaw memory index` and `openclaw memory search`.

The decision (references/architecture.md, "OpenClaw's memory search"): core memories are served, once,
through MEMORY.md's section; forgotten, archived and purged text, proposals, conflicts, the graph and our
memory files never: memory-core walks memory/ whole with no exclusions, so our store is hippocampus/."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import SCRIPTS, OpenClaw

CORE = "User always drinks oolong tea in the morning"
FORGOTTEN = "User secretly hates the saxophone quartet"
PURGED = "User once lived beside the Reykjavik harbour"
LIVE = "User keeps a tamagotchi named Brisbolt"  # a live memory, not core: recall.py serves it, not OpenClaw
PROPOSAL = "User's neighbour Zelnorvik keeps bees on the roof"  # a sub-agent's, pending review
GRAPH = "Quokkaberry parks beside the garage"  # an entity's fact
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
    for text, flags in ((FORGOTTEN, ()), (PURGED, ("--purge",))):
        memory_id = json.loads(script(openclaw, "remember.py", text, "--domain", "user", "--json", now=day(1)))["id"]
        script(openclaw, "forget.py", memory_id, *flags, now=day(1))
    script(openclaw, "remember.py", PROPOSAL, "--domain", "user", now=day(1),
           env={"HIPPOCAMPUS_AGENT": "subagent:planner"})
    script(openclaw, "graph.py", "add", "Garage", "--type", "place", "--fact", GRAPH, now=day(1))
    script(openclaw, "remember.py", CONFLICT, "--domain", "world", now=day(2))
    script(openclaw, "remember.py", "Deploys for the shop go out on Monday", "--domain", "world", now=day(4))
    assert json.loads(script(openclaw, "consolidate.py", "--json", now=day(9)))["counts"]["conflicts"] == 1
    script(openclaw, "sync_core.py", now=day(9))
    store = openclaw.workspace / "hippocampus"
    for path, words in ((store / "meta" / "pending-memories.md", "Zelnorvik"), (store / "meta" / "conflicts.md",
                        "Quillfeather"), (store / "graph" / "entities" / "garage.md", "Quokkaberry")):
        assert words in path.read_text(), path  # each is there to be found, if memory-core looked
    assert not (openclaw.workspace / "memory" / "index.json").exists()
    assert "1 file indexed" in openclaw.run("memory", "index").stdout  # MEMORY.md, and nothing of our store
    return openclaw


def served(openclaw: OpenClaw, query: str) -> list[str]:
    result = openclaw.run("memory", "search", query, "--json")
    return [hit["path"] for hit in json.loads(result.stdout)["results"]]


def test_a_core_memory_is_found_once_through_memory_md(indexed):
    assert served(indexed, "oolong tea") == ["MEMORY.md"]  # not HIPPOCAMPUS_CORE.md, not its memory file
    assert served(indexed, "Reykjavik harbour") == []  # purged: its words are gone from every file


@pytest.mark.parametrize("words", ["saxophone quartet", "tamagotchi Brisbolt", "Zelnorvik bees",
                                   "Quokkaberry garage", "Quillfeather deploys"])
def test_forgotten_memories_proposals_conflicts_the_graph_and_our_files_are_never_served(indexed, words):
    assert served(indexed, words) == []

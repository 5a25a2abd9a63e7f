"""Shared read, gated write: a sub-agent's memory becomes a proposal the main agent reviews."""

import json


def test_subagent_write_becomes_a_proposal_not_a_memory(ws):
    before = ws.index()["memories"]
    result = ws.json("remember.py", "The staging database moved to eu-west-2", "--actor", "researcher",
                     "--importance", "0.8", "--confidence", "high", now="2026-11-29T10:00:00Z")
    assert result == {"proposals": [1], "status": "pending", "from": "subagent:researcher",
                      "file": "hippocampus/meta/pending-memories.md"}
    assert ws.index()["memories"] == before
    text = (ws.root / "hippocampus/meta/pending-memories.md").read_text()
    for line in ("## Proposal #1", "- **From**: subagent:researcher", "- **Timestamp**: 2026-11-29T10:00:00Z",
                 "- **Suggested store**: semantic", "- **Content**: The staging database moved to eu-west-2",
                 "- **Confidence**: high", "- **Core-worthy**: yes", "- **Status**: pending"):
        assert line in text
    assert ws.commits()[0] == "propose: proposed #1: The staging database moved to eu-west-2"
    assert "Actor: subagent:researcher" in ws.git("log", "-1", "--format=%B")
    # any actor may read
    assert ws.json("recall.py", "staging database", "--actor", "researcher")["results"] == []


def test_environment_names_the_agent_and_review_lists_it(ws):
    ws.run("graph.py", "add", "Release Train", "--type", "project")
    ws.run("remember.py", "Release train freeze starts Friday", env={"HIPPOCAMPUS_AGENT": "subagent:planner"})
    listed = ws.json("review.py", "list")["proposals"]
    assert [(p["id"], p["from"], p["state"], p["content"], p["entities"]) for p in listed] == \
        [(1, "subagent:planner", "pending", "Release train freeze starts Friday", ["release-train"])]


def test_approve_writes_the_memory_crediting_the_proposer(ws):
    ws.run("remember.py", "The staging database moved to eu-west-2", "--actor", "researcher", "--domain", "world",
           now="2026-11-20T09:00:00Z")
    approved = ws.json("review.py", "approve", "1", now="2026-11-29T09:00:00Z")["approved"][0]
    memory = ws.memory(approved["id"])
    assert memory["created"] == "2026-11-20T09:00:00Z"  # when it was observed, not when it was approved
    assert memory["content"] == "The staging database moved to eu-west-2" and memory["domain"] == "world"
    assert memory["source"] == "proposal:subagent:researcher"
    log = ws.git("log", "-1", "--format=%an%n%B")
    assert log.startswith("subagent:researcher\napprove: approved #1 from subagent:researcher")
    assert "Actor: subagent:researcher" in log and "Approved-By: main" in log and f"Memory-Id: {approved['id']}" in log
    assert f"approved as {approved['id']} by main" in (ws.root / "hippocampus/meta/pending-memories.md").read_text()
    assert ws.json("review.py", "list")["proposals"] == []
    assert "already approved" in ws.run("review.py", "approve", "1", expect=1).err
    assert ws.json("recall.py", "staging database")["results"][0]["id"] == approved["id"]


def test_approve_all_and_reject_with_reason(ws):
    records = "\n".join(json.dumps({"content": text}) for text in ("Fact one about Ana", "Fact two about Ben",
                                                                     "Fact three about Cy"))
    assert ws.json("remember.py", "--jsonl", "-", "--actor", "helper", input=records)["proposals"] == [1, 2, 3]
    rejected = ws.json("review.py", "reject", "2", "--reason", "duplicate of an older note")
    assert rejected["status"] == "rejected"
    approved = ws.json("review.py", "approve", "--all")["approved"]
    assert [a["proposal"] for a in approved] == [1, 3]
    contents = {m["content"] for m in ws.index()["memories"]}
    assert "Fact one about Ana" in contents and "Fact two about Ben" not in contents
    states = {p["id"]: p["state"] for p in ws.json("review.py", "list", "--all")["proposals"]}
    assert states == {1: "approved", 2: "rejected", 3: "approved"}
    assert "duplicate of an older note" in (ws.root / "hippocampus/meta/pending-memories.md").read_text()


def test_subagents_cannot_mutate_or_review(ws):
    memory_id = ws.remember("User prefers tea")
    for args in (("forget.py", memory_id), ("reinforce.py", memory_id), ("decay.py",), ("sync_core.py",),
                 ("review.py", "approve", "--all")):
        result = ws.run(*args, "--actor", "researcher", expect=1)
        assert "main agent" in result.err and result.err.count("\n") == 1
    assert ws.memory(memory_id)["timesReinforced"] == 0


def test_proposals_are_redacted_and_validated(ws):
    ws.run("remember.py", "The deploy token is ghp_" + "A1b2C3d4E5" * 4, "--actor", "researcher")
    text = (ws.root / "hippocampus/meta/pending-memories.md").read_text()
    assert "ghp_" not in text and "[REDACTED:" in text
    assert ws.run("remember.py", "x", "--actor", "researcher", "--confidence", "sure", expect=1).err
    assert ws.run("remember.py", "x", "--actor", "bad name!", expect=1).err.startswith("remember.py: error: not an actor")


def test_hand_edited_proposal_is_approved_as_edited(ws):
    ws.run("remember.py", "Ana works at Globex", "--actor", "researcher")
    path = ws.root / "hippocampus/meta/pending-memories.md"
    path.write_text(path.read_text().replace("Ana works at Globex", "Ana works at Initech since March"))
    approved = ws.json("review.py", "approve", "1")["approved"][0]
    assert ws.memory(approved["id"])["content"] == "Ana works at Initech since March"
    assert "manual: edited by hand: hippocampus/meta/pending-memories.md" in ws.commits()


def test_proposals_filed_together_are_written_as_when_filed_one_at_a_time(ws, tmp_path):
    from conftest import Workspace
    texts = ["Fact one about Ana", "The staging database moved to eu-west-2", "Fact three about Cy"]
    alone = Workspace(tmp_path / "one-at-a-time")
    alone.run("init.py", "--workspace", str(alone.root))
    for text in texts:
        alone.run("remember.py", text, "--actor", "helper", now="2026-11-29T10:00:00Z")
    records = "\n".join(json.dumps({"content": text}) for text in texts)
    filed = ws.json("remember.py", "--jsonl", "-", "--actor", "helper", input=records, now="2026-11-29T10:00:00Z")
    assert filed["proposals"] == [1, 2, 3]  # (the queue written once, at the end: proposals.filing)
    queue = (ws.meta / "pending-memories.md").read_text()
    assert queue == (alone.meta / "pending-memories.md").read_text() and queue.count("## Proposal #") == 3

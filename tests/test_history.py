"""history.py: one memory's life from the audit log and git."""


def test_history_shows_creation_edits_reinforcement_threshold_decays_and_archive(ws):
    memory_id = ws.remember("User likes green tea", "--importance", "0.75", now="2026-01-01")
    other = ws.remember("Unrelated fact", now="2026-01-01")
    ws.run("reinforce.py", memory_id, now="2026-01-05")
    path = ws.root / ws.memory(memory_id)["file"]
    path.write_text(path.read_text().replace("green tea", "green tea, no sugar"))
    ws.run("decay.py", now="2026-03-01")
    ws.run("decay.py", now="2026-03-02")  # nothing crossed: not in this memory's history
    ws.run("forget.py", memory_id, now="2026-09-02")
    result = ws.json("history.py", memory_id)
    kinds = [e["event"] for e in result["events"]]
    assert kinds == ["created", "reinforced", "edited by hand", "decayed from core to active", "archived"]
    assert [e["actor"] for e in result["events"]] == ["bot:remember", "bot:reinforce", "manual", "system:decay",
                                                      "bot:forget"]
    assert all(e["commit"] for e in result["events"])
    for event in result["events"]:
        assert memory_id in ws.git("show", "-s", "--format=%B", event["commit"])
    assert result["current"]["status"] == "archived"
    assert result["current"]["content"] == "User likes green tea, no sugar"
    assert not any("Unrelated" in e["summary"] for e in result["events"])
    assert len(ws.json("history.py", other)["events"]) == 2  # created; decayed active->background
    text = ws.run("history.py", memory_id).out
    assert "decayed from core to active by system:decay" in text


def test_history_of_a_proposal_approval_and_an_unknown_id(ws):
    ws.run("remember.py", "Ana moved to Porto", "--actor", "researcher")
    memory_id = ws.json("review.py", "approve", "1")["approved"][0]["id"]
    events = ws.json("history.py", memory_id)["events"]
    assert [(e["event"], e["actor"]) for e in events] == [("created from a proposal", "subagent:researcher")]
    assert ws.run("history.py", "mem_000000000000", expect=2).err.count("\n") == 1
    assert ws.run("history.py", "not an id", expect=1).err


def test_history_reads_one_memory_from_an_index_in_any_layout(ws):
    """The current memory comes from its own line where index.json lies in our layout, and from the
    whole file where a person reformatted it (indented, as `jq .` writes it); an id no memory has
    (but the audit log names) has no current memory either way."""
    import json
    first = ws.remember("User likes green tea", now="2026-01-01")
    second = ws.remember("User's sister Ana lives in Porto", now="2026-01-02")
    ws.run("forget.py", first, now="2026-01-03")
    for layout in ("ours", "indented"):
        if layout == "indented":
            path = ws.store / "index.json"
            path.write_text(json.dumps(json.loads(path.read_text()), indent=2))
        assert ws.json("history.py", second)["current"]["content"] == "User's sister Ana lives in Porto"
        result = ws.json("history.py", first)
        assert result["current"]["status"] == "archived"
        assert result["current"]["content"] == "User likes green tea"
        assert ws.run("history.py", "mem_000000000000", expect=2).err.count("\n") == 1

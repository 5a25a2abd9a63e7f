"""Supersession: a newer memory about the same subject and slot replaces the
older one for questions about now; the older stays, stale, for questions about
before (references/scoring.md, "Supersession"). Through the real scripts."""

from __future__ import annotations

import json

NOW = "2026-03-11T15:00:00Z"


def add(ws, text: str, created: str, *args: str) -> str:
    """remember TEXT as said on `created` (JSON lines keep the real date)."""
    line = json.dumps({"content": text, "created": created})
    return ws.json("remember.py", "--jsonl", "-", *args, input=line, now=NOW)["ids"][0]


def ranked(ws, query: str, *args: str) -> list[dict]:
    return ws.json("recall.py", query, "--top", "10", *args, now=NOW)["results"]


def ids(results: list[dict]) -> list[str]:
    return [r["id"] for r in results]


def filler(ws) -> None:
    lines = ["I like long walks on the beach", "Lunch was a big salad today", "I live for good coffee",
             "My sister lives in Lyon and loves it", "Watched a film about Paris last night"]
    ws.run("remember.py", "--jsonl", "-", now=NOW,
           input="\n".join(json.dumps({"content": t, "created": "2025-06-01T10:00:00Z"}) for t in lines))


def test_a_change_of_fact_puts_the_current_value_first(ws):
    paris = add(ws, "I live in Paris, near the canal", "2024-05-02T09:00:00Z")
    filler(ws)
    lisbon = add(ws, "We moved to Lisbon last month", "2025-09-14T09:00:00Z")
    old, new = ws.memory(paris), ws.memory(lisbon)
    assert old["supersededBy"] == lisbon and old["confidence"] == "stale"
    assert new["supersedes"] == [paris] and new.get("confidence") == "observed"
    for query in ("Where does the user live now?", "where do I live", "Where does the user live currently?"):
        found = ids(ranked(ws, query))
        assert found[0] == lisbon, (query, found)
        assert paris in found and found.index(paris) > found.index(lisbon)  # findable, below
    # never deleted: the file and the index entry stay
    assert (ws.root / old["file"]).exists() and old.get("status") != "archived"
    # one commit for the change, its audit line honest about both
    line = ws.audit()[-1]
    assert lisbon in line and paris in line and f"supersedes {paris}" in line


def test_a_fact_about_someone_else_does_not_supersede(ws):
    mine = add(ws, "I live in Porto", "2025-01-10T09:00:00Z")
    sister = add(ws, "My sister moved to Lyon", "2025-11-10T09:00:00Z")
    tom = add(ws, "Tom just moved to Madrid", "2025-12-10T09:00:00Z")
    for memory_id in (mine, sister, tom):
        assert "supersededBy" not in ws.memory(memory_id)
        assert "supersedes" not in ws.memory(memory_id)
    # nor do plans, wishes, questions, negations and past states
    for text in ("I want to move to Tokyo someday", "I used to live in Seville", "We might move to Bilbao",
                 "Do you live in Madrid?", "I don't live in Barcelona", "Lived in Rome until 2019"):
        add(ws, text, "2025-12-20T09:00:00Z")
    assert "supersededBy" not in ws.memory(mine)
    # but a change of the sister's own city supersedes hers
    again = add(ws, "My sister is now living in Nantes", "2026-01-10T09:00:00Z")
    assert ws.memory(sister)["supersededBy"] == again
    assert "supersededBy" not in ws.memory(mine)


def test_a_question_about_before_finds_the_old_value_first(ws):
    old = add(ws, "Switched my phone to a Pixel 7", "2024-03-01T09:00:00Z")
    filler(ws)
    new = add(ws, "Got a new phone, an iPhone 15", "2025-10-01T09:00:00Z")
    assert ws.memory(old)["supersededBy"] == new
    assert ids(ranked(ws, "What phone does the user have?"))[0] == new
    for query in ("What phone did the user have before?", "Which phone did I use to have?",
                  "What was the user's previous phone?", "What phone did the user have in 2024?"):
        found = ids(ranked(ws, query))
        assert found[0] == old, (query, found)
        assert new in found


def test_supersedes_option_links_what_an_agent_names(ws):
    first = ws.remember("Prefers the standing desk by the window", now=NOW)
    second = ws.json("remember.py", "Prefers the quiet corner desk now", "--supersedes", first, now=NOW)
    assert second["supersedes"] == [first]
    assert ws.memory(first)["supersededBy"] == second["id"]
    assert ws.memory(first)["confidence"] == "stale"
    assert ws.memory(second["id"])["supersedes"] == [first]
    # an unknown id: exit 2, one line, nothing written
    before = ws.commits()
    result = ws.run("remember.py", "Something else entirely", "--supersedes", "mem_000000000000", now=NOW, expect=2)
    assert result.err.strip().count("\n") == 0 and "mem_000000000000" in result.err
    assert ws.commits() == before
    assert not any(m["content"] == "Something else entirely" for m in ws.index()["memories"])
    # a sub-agent files proposals: it cannot supersede (exit 1); its plain proposals still work
    ws.run("remember.py", "Prefers any desk", "--supersedes", first, "--actor", "researcher", now=NOW, expect=1)
    line = json.dumps({"content": "Prefers a desk by the door", "supersedes": first})
    ws.run("remember.py", "--jsonl", "-", "--actor", "researcher", input=line, now=NOW, expect=1)
    ws.run("remember.py", "--jsonl", "-", "--actor", "researcher", now=NOW,
           input=json.dumps({"content": "Prefers a desk by the door"}))


def test_the_mcp_remember_tool_takes_supersedes(ws):
    first = ws.remember("Parks the bike at the north gate", now=NOW)
    data = ws.run_python(["-c", _TOOL_CALL, "Parks the bike at the south gate now", first])
    assert data["supersedes"] == [first]
    assert ws.memory(first)["supersededBy"] == data["id"]
    assert ws.run_python(["-c", _TOOL_CALL, "Parks it anywhere", "mem_000000000000"]) == {"error": 2}


_TOOL_CALL = f"""
import json, sys
sys.path.insert(0, {str(__import__("pathlib").Path(__file__).resolve().parents[1] / "scripts")!r})
from pathlib import Path
import os
from hippocampus.hosts.agent_tools import Tools
from hippocampus.errors import NotFound
try:
    text, data = Tools(Path(os.environ["WORKSPACE"])).remember(sys.argv[1], supersedes=[sys.argv[2]])
except NotFound:
    data = {{"error": 2}}
print(json.dumps(data))
"""


def test_reinforcing_a_superseded_memory_makes_it_current_again(ws):
    berlin = add(ws, "I live in Berlin", "2024-02-01T09:00:00Z")
    vienna = add(ws, "Relocated to Vienna for the new job", "2025-02-01T09:00:00Z")
    assert ws.memory(berlin)["supersededBy"] == vienna
    # a recall's --reinforce is use, not a statement: it stays superseded
    ws.run("recall.py", "where did I live before", "--reinforce", now=NOW)
    assert ws.memory(berlin)["supersededBy"] == vienna and ws.memory(berlin)["confidence"] == "stale"
    # reinforcing it by id: the person says it is current again
    ws.run("reinforce.py", berlin, now=NOW)
    revived, former = ws.memory(berlin), ws.memory(vienna)
    assert "supersededBy" not in revived and revived["confidence"] == "observed"
    assert former["supersededBy"] == berlin and former["confidence"] == "stale"
    assert ids(ranked(ws, "Where does the user live now?"))[0] == berlin
    # the next move supersedes the revived one
    oslo = ws.remember("Now living in Oslo", now="2026-04-01T09:00:00Z")
    assert ws.memory(berlin)["supersededBy"] == oslo
    assert ws.json("recall.py", "Where does the user live now?", now="2026-04-01T10:00:00Z")["results"][0]["id"] == oslo
    assert "current again" in ws.run("history.py", berlin, now=NOW).out


def test_saying_it_again_revives_it(ws):
    gym = ws.remember("Joined the Iron Temple gym", now="2025-01-05T10:00:00Z")
    other = ws.remember("My new gym is FitLab downtown", now="2025-06-05T10:00:00Z")
    assert ws.memory(gym)["supersededBy"] == other
    again = ws.json("remember.py", "Joined the Iron Temple gym", now=NOW)
    assert again["id"] == gym and again["action"] == "reinforced"
    assert "supersededBy" not in ws.memory(gym)
    assert ws.memory(other)["supersededBy"] == gym


def test_the_link_shows_in_why_history_and_dashboard(ws):
    acme = add(ws, "Started at Acme as a product designer", "2024-04-01T09:00:00Z")
    globex = add(ws, "I work at Globex now, as a design lead", "2025-08-01T09:00:00Z")
    text = ws.run("recall.py", "Where does the user work?", "--why", now=NOW).out
    assert f"superseded by {globex}" in text
    assert f"ranked above {acme}" in text
    old_life = ws.run("history.py", acme, now=NOW).out
    assert f"superseded by {globex}" in old_life
    new_life = ws.json("history.py", globex, now=NOW)
    assert new_life["current"]["supersedes"] == [acme]
    assert ws.json("history.py", acme, now=NOW)["current"]["supersededBy"] == globex
    ws.run("dashboard.py", now=NOW)
    page = (ws.root / "brain-dashboard.html").read_text()
    assert acme in page and globex in page and "superseded" in page.lower()


def test_consolidation_takes_the_keys_the_cache_read_and_reads_an_edited_text_again(ws):
    """Consolidation groups memories by the keys the search cache read when each was written
    (a cache that matches index.json); a text a person edited since is read again."""
    old = add(ws, "My car is a Honda Civic", "2024-01-01T09:00:00Z")
    new = add(ws, "Traded the Civic in, I drive a Tesla Model 3 now", "2025-05-01T09:00:00Z")
    kettle = add(ws, "The kettle whistles at dawn", "2024-02-01T09:00:00Z")
    rex = add(ws, "Our dog is named Rex", "2025-06-01T09:00:00Z")
    ws.unlink_supersessions()  # a store built before supersession
    ws.run("recall.py", "car", now=NOW)  # the cache built again: it matches index.json
    path = ws.root / ws.memory(kettle)["file"]
    path.write_text(path.read_text().replace("The kettle whistles at dawn", "Our dog is named Biscuit"))
    ws.run("consolidate.py", now=NOW)
    assert ws.memory(old)["supersededBy"] == new
    assert ws.memory(kettle)["content"] == "Our dog is named Biscuit"
    assert ws.memory(kettle)["supersededBy"] == rex


def test_consolidation_links_a_pair_stored_before(ws):
    old = add(ws, "My car is a Honda Civic", "2024-01-01T09:00:00Z")
    new = add(ws, "Traded the Civic in, I drive a Tesla Model 3 now", "2025-05-01T09:00:00Z")
    ws.unlink_supersessions()  # a store built before supersession
    assert "supersededBy" not in ws.memory(old)
    ws.run("consolidate.py", now=NOW)
    assert ws.memory(old)["supersededBy"] == new and ws.memory(old)["confidence"] == "stale"
    assert ws.memory(new)["supersedes"] == [old]
    assert any("supersed" in line for line in ws.audit()[-2:])
    ws.run("consolidate.py", now=NOW)  # a second run finds nothing new to link
    assert ws.memory(new)["supersedes"] == [old]

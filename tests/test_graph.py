"""The knowledge graph: wikilinked entity files, typed relations, memories linked to what they name."""

import frontmatter


def test_add_relate_show_write_wikilinked_entity_files(ws):
    memory_id = ws.remember("Alice leads the billing team at Acme")
    added = ws.json("graph.py", "add", "Alice Chen", "--type", "person", "--alias", "Alice",
                    "--fact", "Leads the billing team", now="2026-03-10")
    assert added["created"] and added["linkedMemories"] == [memory_id]
    ws.run("graph.py", "add", "Acme", "--type", "org")
    assert ws.json("graph.py", "relate", "Alice", "works_at", "Acme")["added"] is True
    path = ws.root / "memory/graph/entities/alice-chen.md"
    post = frontmatter.load(path)
    assert post["name"] == "Alice Chen" and post["type"] == "person" and post["aliases"] == ["Alice"]
    assert "## Facts\n- Leads the billing team (2026-03-10)" in post.content
    assert "## Relations\n- works_at [[acme|Acme]]" in post.content
    registry = (ws.root / "memory/graph/index.md").read_text()
    assert "| [[alice-chen\\|Alice Chen]] | person | Alice | 1 | 1 | entities/alice-chen.md |" in registry
    shown = ws.json("graph.py", "show", "alice chen")
    assert shown["facts"] == ["Leads the billing team (2026-03-10)"]
    assert shown["outgoing"] == [{"relation": "works_at", "slug": "acme", "name": "Acme"}]
    assert [m["id"] for m in shown["memories"]] == [memory_id]
    acme = ws.json("graph.py", "show", "Acme")
    assert acme["incoming"] == [{"relation": "works_at", "slug": "alice-chen", "name": "Alice Chen"}]
    assert ws.memory(memory_id)["entities"] == ["alice-chen", "acme"]
    assert ws.commits()[0] == "graph-relate: Alice Chen works_at Acme"
    assert ws.git("status", "--porcelain") == ""


def test_unknown_relation_is_refused_with_the_list_unless_new_type(ws):
    ws.run("graph.py", "add", "Ana", "--type", "person")
    ws.run("graph.py", "add", "Ben", "--type", "person")
    err = ws.run("graph.py", "relate", "Ana", "mentors", "Ben", expect=1).err
    assert "unknown relation 'mentors'" in err and "knows, family_of" in err and "--new-type" in err
    ws.run("graph.py", "relate", "Ana", "mentors", "Ben", "--new-type")
    assert "- mentors" in (ws.root / "memory/graph/relations.md").read_text()
    ws.run("graph.py", "relate", "Ben", "mentors", "Ana")  # now known
    assert "missing" not in ws.run("graph.py", "relate", "Ana", "knows", "Nobody", expect=2).err


def test_relations_file_is_seeded_with_defaults(ws):
    text = (ws.root / "memory/graph/relations.md").read_text()
    for name in ("knows", "family_of", "lives_in", "works_at", "works_on", "member_of", "part_of", "located_in",
                 "uses", "owns", "likes", "dislikes", "depends_on", "created_by", "related_to"):
        assert f"- {name}:" in text


def test_neighbors_walk_both_directions_to_a_depth_and_list_all(ws):
    for name, kind in (("Ana", "person"), ("Ben", "person"), ("Lisbon", "place"), ("Portugal", "place")):
        ws.run("graph.py", "add", name, "--type", kind)
    ws.run("graph.py", "relate", "Ana", "knows", "Ben")
    ws.run("graph.py", "relate", "Ben", "lives_in", "Lisbon")
    ws.run("graph.py", "relate", "Lisbon", "located_in", "Portugal")
    one = ws.json("graph.py", "neighbors", "Ben")["neighbors"]
    assert {n["name"] for n in one} == {"Ana", "Lisbon"}
    assert {n["name"]: n["via"]["direction"] for n in one} == {"Ana": "in", "Lisbon": "out"}
    two = ws.json("graph.py", "neighbors", "Ana", "--depth", "3")["neighbors"]
    assert [(n["name"], n["distance"]) for n in two] == [("Ben", 1), ("Lisbon", 2), ("Portugal", 3)]
    listed = ws.json("graph.py", "list")["entities"]
    assert [e["name"] for e in listed] == ["Ana", "Ben", "Lisbon", "Portugal"]


def test_new_memories_naming_an_entity_are_linked_and_recall_expands_through_it(ws):
    ws.run("graph.py", "add", "Robert Smith", "--type", "person", "--alias", "Bob")
    linked = ws.remember("Bob prefers morning meetings")
    plain = ws.remember("Bobsleigh is a winter sport")
    assert ws.memory(linked)["entities"] == ["robert-smith"]
    assert "entities" not in ws.memory(plain)
    ws.remember("Robert Smith moved to the London office")
    hits = ws.json("recall.py", "office", "--entity", "Bob")["results"]
    assert "London office" in hits[0]["content"]
    only = ws.json("recall.py", "--entity", "Robert Smith")["results"]
    assert {h["id"] for h in only} >= {linked}


def test_hand_made_entity_file_is_committed_and_registered(ws):
    folder = ws.root / "memory/graph/entities"
    (folder / "globex.md").write_text("---\nname: Globex\ntype: org\n---\n# Globex\n\n## Facts\n- Rival of Acme\n")
    ws.remember("Unrelated fact")
    assert "manual: added by hand: memory/graph/entities/globex.md" in ws.commits()
    assert "[[globex\\|Globex]]" in (ws.root / "memory/graph/index.md").read_text()
    assert ws.json("graph.py", "show", "Globex")["facts"] == ["Rival of Acme"]
    assert ws.git("status", "--porcelain") == ""


def test_persons_notes_in_an_entity_file_survive_script_edits(ws):
    ws.run("graph.py", "add", "Ana", "--type", "person")
    path = ws.root / "memory/graph/entities/ana.md"
    path.write_text(path.read_text() + "\n## Notes\nMet at PyCon; loves **Fado**.\n")
    ws.run("graph.py", "add", "Ana", "--fact", "Speaks four languages")
    text = path.read_text()
    assert "## Notes\nMet at PyCon; loves **Fado**." in text
    assert "## Facts\n- Speaks four languages (" in text


def test_bad_graph_input_is_one_clear_line(ws):
    assert "--type" in ws.run("graph.py", "add", "Nobody New", expect=1).err
    assert "person, place" in ws.run("graph.py", "add", "X", "--type", "planet", expect=1).err
    assert ws.run("graph.py", "show", "Nobody", expect=2).err.count("\n") == 1
    assert "wikilinks" in ws.run("graph.py", "add", "A]]B", "--type", "concept", expect=1).err
    ws.run("graph.py", "add", "李雷", "--type", "person")
    assert ws.json("graph.py", "show", "李雷")["name"] == "李雷"
    assert "main agent" in ws.run("graph.py", "add", "Z", "--type", "concept", "--actor", "helper", expect=1).err

"""Keywords follow a hand-edited body unless the person edited them (issue #43, point 10).

A person changes a memory's text in its file and leaves the frontmatter's
keywords as remember wrote them: the old keywords must not keep finding it
(recall reads them as a column of their own). Keywords the person changed
themselves stay theirs.
"""

from hippocampus.store import memfile
from hippocampus.text.classify import guess_keywords

NOW = "2026-03-02T10:00:00Z"


def found(ws, query: str) -> list[str]:
    return [hit["id"] for hit in ws.json("recall.py", query, "--top", "20", now=NOW)["results"]]


def frontmatter_keywords(ws, memory_id: str) -> list[str]:
    return memfile.parse((ws.root / ws.memory(memory_id)["file"]).read_text(encoding="utf-8"))[0]["keywords"]


def edit(ws, memory_id: str, old: str, new: str) -> None:
    path = ws.root / ws.memory(memory_id)["file"]
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_a_new_body_takes_new_keywords_at_once_and_in_the_commit(ws):
    coffee = ws.remember("User orders oat-milk flat whites at the corner café", "--domain", "user", now=NOW)
    assert "flat" in ws.memory(coffee)["keywords"]
    edit(ws, coffee, "oat-milk flat whites", "black coffee")
    assert coffee not in found(ws, "flat white")  # the reader's view, before any commit
    assert coffee in found(ws, "black coffee")
    why = ws.run("recall.py", "flat white", "--why", now=NOW).out
    assert coffee not in why
    ws.remember("An unrelated fact about the moon", "--domain", "world", now=NOW)  # a writer commits the edit
    memory = ws.memory(coffee)
    assert memory["keywords"] == guess_keywords("User orders black coffee at the corner café")
    assert frontmatter_keywords(ws, coffee) == memory["keywords"]  # the file says what the index says
    assert memory["hash"] == memfile.file_hash((ws.root / memory["file"]).read_bytes())
    assert ws.git("status", "--porcelain") == ""
    assert "flat" not in ws.git("show", f"HEAD~1:{memory['file']}")
    assert coffee not in found(ws, "flat white") and coffee in found(ws, "black coffee")
    ws.remember("Another unrelated fact about Mars", "--domain", "world", now=NOW)  # nothing left to take in
    assert ws.memory(coffee)["keywords"] == memory["keywords"]


def test_keywords_the_person_changed_stay_theirs(ws):
    walk = ws.remember("User walks the dog at seven every morning", "--domain", "user", now=NOW)
    edit(ws, walk, "at seven every morning", "after work")
    path = ws.root / ws.memory(walk)["file"]
    text = path.read_text(encoding="utf-8")
    start = text.index("keywords:")
    path.write_text(text[:start] + "keywords: [dog, evening, ritual]" + text[text.index("\n", start):],
                    encoding="utf-8")
    person = path.read_bytes()
    assert walk in found(ws, "ritual")
    ws.remember("An unrelated fact about the moon", "--domain", "world", now=NOW)
    assert ws.memory(walk)["keywords"] == ["dog", "evening", "ritual"]
    assert path.read_bytes() == person  # their file, as they left it
    # their keywords stay through a later edit of the body alone
    edit(ws, walk, "after work", "after lunch")
    ws.remember("Another unrelated fact about Mars", "--domain", "world", now=NOW)
    assert ws.memory(walk)["keywords"] == ["dog", "evening", "ritual"] and ws.memory(walk)["keywordsByHand"]
    assert ws.memory(walk)["content"] == "User walks the dog after lunch"
    # with the keywords line taken out, they follow the body again
    text = path.read_text(encoding="utf-8")
    start = text.index("keywords:")
    path.write_text((text[:start] + text[text.index("\n", start) + 1:]).replace("after lunch", "before bed"),
                    encoding="utf-8")
    ws.remember("A third unrelated fact about Venus", "--domain", "world", now=NOW)
    assert ws.memory(walk)["keywords"] == guess_keywords("User walks the dog before bed")
    assert "keywordsByHand" not in ws.memory(walk)


def test_two_edits_before_any_writer_leave_no_old_keyword(ws):
    """The reader lays each edit over the cache; the second must still see the keywords the file
    was written with as untouched, not take them for the person's against the first edit's guess."""
    order = ws.remember("User orders oat-milk flat whites at the corner café", "--domain", "user", now=NOW)
    edit(ws, order, "oat-milk flat whites", "iced matcha lattes")
    assert order in found(ws, "iced matcha") and order not in found(ws, "flat white")
    edit(ws, order, "iced matcha lattes", "black coffee")
    assert order in found(ws, "black coffee")
    assert order not in found(ws, "flat white") and order not in found(ws, "iced matcha")
    ws.remember("An unrelated fact about the moon", "--domain", "world", now=NOW)
    assert ws.memory(order)["keywords"] == guess_keywords("User orders black coffee at the corner café")
    assert frontmatter_keywords(ws, order) == ws.memory(order)["keywords"]
    assert order not in found(ws, "flat white")

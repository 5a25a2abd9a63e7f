"""A fresh clone's first recall builds the search cache from index.json; when every file is
as index.json has it, the print of the files it saw is kept as index.json's, so the first
writer does not look at every file again. A file edited before or after that recall must
still reach the index through the next write."""

import subprocess

from conftest import PERSON, Workspace

NOW = "2026-03-10T10:00:00Z"


def _clone(ws: Workspace, target) -> Workspace:
    subprocess.run(["git", "clone", "-q", "--", str(ws.root), str(target)], check=True, capture_output=True,
                   env={**PERSON})
    return Workspace(target)


def _meta(clone: Workspace, key: str):
    import sqlite3
    db = sqlite3.connect(clone.cache / "search.sqlite")
    try:
        row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    finally:
        db.close()
    return row[0] if row else None


def _seed(ws: Workspace) -> list[str]:
    return [ws.remember(text, now=NOW) for text in
            ("User keeps bees on the allotment", "User's sister lives in Porto", "User swims on Tuesdays")]


def test_a_clean_clones_first_recall_vouches_for_the_files_for_the_first_writer(ws, tmp_path):
    _seed(ws)
    clone = _clone(ws, tmp_path / "clone")
    assert clone.json("recall.py", "bees", now=NOW)["results"]
    printed = _meta(clone, "index_files_print")
    assert printed is not None and printed == _meta(clone, "files_print")


def test_a_file_edited_after_the_first_recall_still_reaches_the_index(ws, tmp_path):
    ids = _seed(ws)
    clone = _clone(ws, tmp_path / "clone")
    clone.run("recall.py", "bees", now=NOW)
    path = clone.root / clone.memory(ids[1])["file"]
    path.write_text(path.read_text().replace("Porto", "Braga"))
    clone.remember("User bought a kayak", now=NOW)
    assert "Braga" in clone.memory(ids[1])["content"]
    assert clone.git("status", "--porcelain") == ""


def test_a_file_edited_before_the_first_recall_is_not_vouched_for(ws, tmp_path):
    ids = _seed(ws)
    clone = _clone(ws, tmp_path / "clone")
    path = clone.root / clone.memory(ids[2])["file"]
    path.write_text(path.read_text().replace("Tuesdays", "Thursdays"))
    clone.run("recall.py", "swims", now=NOW)
    assert _meta(clone, "index_files_print") is None
    clone.remember("User bought a kayak", now=NOW)
    assert "Thursdays" in clone.memory(ids[2])["content"]
    assert clone.git("status", "--porcelain") == ""


def test_a_clones_first_recall_keeps_every_files_stamp_and_says_once_what_it_leaves_out(ws, tmp_path):
    """What the first look at every file finds reaches the cache (every file's stamp and hash)
    and the terminal (a file left out, said once)."""
    import sqlite3
    _seed(ws)
    clone = _clone(ws, tmp_path / "clone")
    big = clone.store / "user" / "minutes-of-the-whole-year.md"
    big.write_text("The minutes of every meeting this year. " * 3000)  # over max_content_bytes
    first = clone.run("recall.py", "bees", now=NOW)
    assert "minutes-of-the-whole-year.md" in first.err and "max_content_bytes" in first.err
    db = sqlite3.connect(clone.cache / "search.sqlite")
    try:
        stamped = {path: hashed for path, hashed in db.execute("SELECT path, hash FROM files")}
    finally:
        db.close()
    memory_files = {m["file"] for m in clone.index()["memories"]}
    assert memory_files and memory_files <= set(stamped) and all(stamped[p] for p in memory_files)
    assert "memory/user/minutes-of-the-whole-year.md" in stamped
    assert _meta(clone, "index_files_print") is None  # a file left out: nothing vouched for
    again = clone.run("recall.py", "bees", now=NOW)
    assert "minutes-of-the-whole-year.md" not in again.err

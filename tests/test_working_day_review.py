"""Issue #46's working day under a hostile review: what its session files, outcomes and lessons
must hold to whatever an agent, a hand edit or an attacker gives them."""

from __future__ import annotations

from conftest import SCRIPTS  # noqa: F401 - the scripts' folder is on sys.path through conftest

NOW = "2026-03-10T09:00:00Z"


def session_texts(ws) -> dict:
    folder = ws.side / "session"
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in folder.rglob("*.md")}


def test_a_purge_removes_a_promoted_notes_words_from_the_session_files(ws):
    """A note flushed with --promote is quoted in the trail, and a handoff copies the trail: a purge
    of the memory it became scrubs them too, as it does the audit log."""
    ws.run("wm.py", "push", "Zelnorvik keeps the spare keys under the third hive", "--scope", "home", now=NOW)
    ws.run("wm.py", "push", "buy more frames", "--scope", "home", now=NOW)
    promoted = ws.json("wm.py", "flush", "--promote", "--scope", "home", now=NOW)["promoted"]
    ws.run("wm.py", "push", "Zelnorvik keeps the spare keys under the third hive", "--scope", "other", now=NOW)
    ws.run("handoff.py", "create", "--summary", "bees sorted", now=NOW)
    assert any("Zelnorvik" in text for text in session_texts(ws).values())
    memory_id = next(p["id"] for p in promoted if "Zelnorvik" in p["text"])
    ws.run("forget.py", memory_id, "--purge", now=NOW)
    texts = session_texts(ws)
    assert not [name for name, text in texts.items() if "Zelnorvik" in text], texts
    assert "buy more frames" in texts["trail.md"]  # the other note's words stay
    assert ws.git("status", "--porcelain") == ""

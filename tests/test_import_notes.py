"""OpenClaw's daily notes and MEMORY.md bullets are indexed where they are, never moved or changed."""

NOTE = """# 2026-03-10

## Morning
- Call with Ana about the Lisbon offsite; she prefers the second week of May
- The staging server was rebooted after the disk filled up
  (root cause: old docker images)

Paragraph about the afternoon: we decided to move standups to 9:30.

```bash
rm -rf /not/a/memory
```
<!-- a comment that is not a memory -->
- ok
"""


def test_daily_notes_and_memory_md_bullets_are_indexed_in_place(ws):
    note = ws.root / "memory" / "2026-03-10.md"
    note.parent.mkdir(exist_ok=True)  # OpenClaw's folder, its daily notes (and our memories')
    note.write_text(NOTE)
    (ws.root / "MEMORY.md").write_text("# MEMORY\n\n- User's partner is called Sam\n- Prefers metric units\n")
    ws.remember("Something stored earlier", "--importance", "0.9")
    ws.run("sync_core.py")  # our section must not be imported back
    memory_md_before = (ws.root / "MEMORY.md").read_bytes()
    dry = ws.json("import_notes.py", "--dry-run")
    assert dry["added"] == 5 and ws.json("status.py")["live"] == 1
    result = ws.json("import_notes.py", now="2026-03-12")
    assert result["added"] == 5
    # the person's text is as it was (our section, below it, now lists the core memories the notes gave)
    mine = b"<!-- hippocampus:core:start -->"
    assert note.read_text() == NOTE
    assert (ws.root / "MEMORY.md").read_bytes().split(mine)[0] == memory_md_before.split(mine)[0]
    memories = {m["content"]: m for m in ws.index()["memories"]}
    rebooted = memories["The staging server was rebooted after the disk filled up (root cause: old docker images)"]
    assert rebooted["source"] == "note:memory/2026-03-10.md" and "file" not in rebooted
    assert rebooted["store"] == "episodic" and rebooted["created"].startswith("2026-03-10")
    assert memories["User's partner is called Sam"]["source"] == "note:MEMORY.md"
    assert "Something stored earlier" not in {c for c, m in memories.items() if m.get("source", "").startswith("note:")}
    assert not any("rm -rf" in c or "comment" in c for c in memories)
    hit = ws.json("recall.py", "when are standups", now="2026-03-12")["results"][0]
    assert "9:30" in hit["content"]
    # a second run adds nothing; a new bullet is picked up
    assert ws.json("import_notes.py", now="2026-03-12")["added"] == 0
    note.write_text(NOTE + "- Ana confirmed the offsite hotel\n")
    assert ws.json("import_notes.py", now="2026-03-12")["added"] == 1
    assert ws.json("doctor.py")["healthy"]
    assert ws.git("status", "--porcelain", "--", "memory/index.json") == ""


def test_import_notes_refuses_paths_outside_the_workspace(ws):
    err = ws.run("import_notes.py", "../../etc/passwd", expect=1).err
    assert "not a note inside the workspace" in err

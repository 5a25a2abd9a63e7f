"""import.py: what users already have becomes memories, with provenance, once, in one commit."""

import json


def test_chatgpt_json_and_text_exports(ws, tmp_path):
    export = tmp_path / "memories.json"
    export.write_text(json.dumps({"memories": [
        {"content": "Prefers concise answers with code first", "created_at": "2025-02-01T10:00:00Z"},
        "Is learning Portuguese for a move to Lisbon", {"text": "Has a dog named Pixel"}, "ok"]}))
    text = tmp_path / "chatgpt-memory.txt"
    text.write_text("- Works as a data engineer at Globex\n- Uses Neovim with a dark theme\n")
    commits = len(ws.commits())
    report = ws.json("import.py", str(export), str(text))
    assert report["added"] == 5 and len(ws.commits()) == commits + 1
    assert ws.commits()[0].startswith("import: imported 5 memories from 2 files")
    memories = {m["content"]: m for m in ws.index()["memories"]}
    concise = memories["Prefers concise answers with code first"]
    assert concise["source"] == "import:chatgpt:memories.json#1" and concise["created"] == "2025-02-01T10:00:00Z"
    assert memories["Uses Neovim with a dark theme"]["source"] == "import:chatgpt:chatgpt-memory.txt#2"
    again = ws.json("import.py", str(export), str(text))
    assert again["added"] == 0 and again["duplicates"] == 5 and len(ws.commits()) == commits + 1


def test_claude_md_cursor_rules_and_markdown_headings(ws, tmp_path):
    claude = tmp_path / "CLAUDE.md"
    claude.write_text("# Project notes\n\n## Style\n- Always run ruff before committing code\n\n"
                      "<!-- hippocampus:start -->\n- our own block, never imported back\n<!-- hippocampus:end -->\n"
                      "```bash\nmake test  # not a memory\n```\n")
    rules = tmp_path / ".cursor" / "rules"
    rules.mkdir(parents=True)
    (rules / "python.mdc").write_text("---\ndescription: python rules\nglobs: ['*.py']\n---\n"
                                      "- Prefer pathlib over os.path in new code\n")
    (tmp_path / ".cursorrules").write_text("Use type hints on public functions everywhere.\n")
    notes = tmp_path / "notes.md"
    notes.write_text("# Travel\n\nThe user loves night trains across Europe.\n\n# Food\n- Allergic to peanuts, carries an epipen\n")
    report = ws.json("import.py", str(claude), str(rules), str(tmp_path / ".cursorrules"), str(notes))
    formats = {item["file"].rsplit("/", 1)[-1]: item["format"] for item in report["files"]}
    assert formats == {"CLAUDE.md": "claude", "python.mdc": "cursor", ".cursorrules": "cursor", "notes.md": "markdown"}
    memories = {m["content"]: m for m in ws.index()["memories"]}
    assert "Always run ruff before committing code" in memories
    assert memories["Always run ruff before committing code"]["category"] == "style"
    assert not any("our own block" in c or "make test" in c for c in memories)
    assert memories["Prefer pathlib over os.path in new code"]["category"] == "coding-rules"
    assert memories["The user loves night trains across Europe."]["category"] == "travel"
    assert memories["Allergic to peanuts, carries an epipen"]["category"] == "food"


def test_openclaw_notes_dry_run_and_redaction(ws, tmp_path):
    note = tmp_path / "2026-03-10.md"
    note.write_text("- Met Ana to plan the Lisbon offsite in May\n- The wifi password=Sup3rS3cretPass99 for the office\n")
    preview = ws.json("import.py", str(note), "--dry-run")
    assert preview["added"] == 2 and ws.index()["memories"] == []
    assert not any("Sup3r" in item["content"] for item in preview["preview"])
    ws.run("import.py", str(note))
    memories = ws.index()["memories"]
    assert {m["store"] for m in memories} == {"episodic"} and memories[0]["created"].startswith("2026-03-10")
    assert "Sup3rS3cretPass99" not in ws.git("log", "-p")
    assert ws.run("import.py", str(tmp_path / "missing.json"), expect=2).err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text("[{oops")
    assert "not valid JSON" in ws.run("import.py", str(bad), expect=1).err

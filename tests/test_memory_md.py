"""MEMORY.md: our core section between markers, the person's text untouched, never silently truncated."""

import json

START = "<!-- hippocampus:core:start -->"
END = "<!-- hippocampus:core:end -->"


def section(text):
    return text[text.index(START):text.index(END) + len(END)]


def test_sync_creates_the_section_and_keeps_the_persons_text_byte_identical(ws):
    ws.remember("User's name is Dana", "--importance", "0.9", "--domain", "user")
    mine_before = "# My notes\r\n\r\nKeep this   exactly, trailing spaces   \nand no final newline"
    (ws.root / "MEMORY.md").write_bytes(mine_before.encode())
    ws.run("sync_core.py")
    text = (ws.root / "MEMORY.md").read_bytes().decode()
    assert text.startswith(mine_before)
    assert "User's name is Dana" in section(text)
    # edits on both sides of the section survive the next syncs byte for byte
    before, after = text[:text.index(START)], text[text.index(END) + len(END):]
    edited = "Intro I wrote\n\n" + before + section(text) + after + "\n## Later notes\n- mine\n"
    (ws.root / "MEMORY.md").write_text(edited)
    ws.remember("User's dog is called Rex", "--importance", "0.95", "--domain", "user")
    final = (ws.root / "MEMORY.md").read_bytes().decode()
    assert final.startswith("Intro I wrote\n\n" + before)
    assert final.endswith(after + "\n## Later notes\n- mine\n")
    assert "Rex" in section(final)  # the remember that changed core brought the section level, in its commit
    assert ws.json("sync_core.py")["changed"] is False
    # the person's edit was committed as manual by the next writer, before its own change
    subjects = ws.commits()
    assert subjects[0].startswith("remember:") and "MEMORY.md" in ws.git("show", "--name-only", "HEAD")
    assert subjects[1] == "manual: edited by hand: MEMORY.md"


def test_section_stays_within_its_cap_and_says_what_it_left_out(ws):
    records = "\n".join(json.dumps({"content": f"Core fact number {n}: " + "detail " * 30, "importance": 0.9,
                                    "domain": "user"}) for n in range(200))
    ws.run("remember.py", "--jsonl", "-", input=records)
    info = ws.json("sync_core.py")
    text = section((ws.root / "MEMORY.md").read_text())
    assert len(text) / 4 <= 3000 and len(text) / 4 > 2500
    assert info["memoryMd"]["leftOut"] > 0 and info["memoryMd"]["shown"] > 0
    assert f"_{info['memoryMd']['leftOut']} more core memories left out to stay within " in text
    assert " tokens; " \
           "see them all with scripts/load_core.py --all._" in text
    everything = ws.run("load_core.py", "--all").out
    assert everything.count("Core fact number") == 200


def test_cap_is_configurable(ws):
    (ws.store / "config.yaml").write_text("core:\n  memory_md_tokens: 200\n")
    for n in range(20):
        ws.remember(f"Important fact {n} about the user's projects and plans", "--importance", "0.9")
    ws.run("sync_core.py")
    text = section((ws.root / "MEMORY.md").read_text())
    assert len(text) / 4 <= 200
    assert "more core memories left out to stay within" in text


def test_broken_markers_are_refused_and_nothing_changes(ws):
    ws.remember("User likes tea", "--importance", "0.9")
    broken = f"# Notes\n{START}\nhalf a section, no end marker\n"
    (ws.root / "MEMORY.md").write_text(broken)
    core_before = (ws.root / "HIPPOCAMPUS_CORE.md").exists()
    result = ws.run("sync_core.py", expect=3)
    assert "MEMORY.md" in result.err and "markers" in result.err and result.err.count("\n") == 1
    assert (ws.root / "MEMORY.md").read_text() == broken
    assert (ws.root / "HIPPOCAMPUS_CORE.md").exists() == core_before


def test_sync_twice_changes_nothing_the_second_time(ws):
    ws.remember("User likes tea", "--importance", "0.9")
    ws.run("sync_core.py")
    count = len(ws.commits())
    assert ws.json("sync_core.py")["changed"] is False
    assert len(ws.commits()) == count

"""IDENTITY.md and SOUL.md: created from templates, never overwritten, every change flagged CRITICAL."""


def test_init_creates_identity_files_and_never_overwrites_them(ws):
    identity = ws.root / "IDENTITY.md"
    soul = ws.root / "SOUL.md"
    assert "## Self-awareness log" in identity.read_text()
    assert "## Boundaries" in soul.read_text()
    identity.write_text("# IDENTITY\n\nMine.\n")
    ws.run("init.py", "--workspace", str(ws.root))
    assert identity.read_text() == "# IDENTITY\n\nMine.\n"


def test_hand_edit_of_identity_is_committed_and_flagged_critical(ws):
    identity = ws.root / "IDENTITY.md"
    identity.write_text(identity.read_text().replace("- Name:", "- Name: Ada"))
    ws.remember("Unrelated fact")
    subjects = ws.commits()
    assert subjects[1] == "CRITICAL manual: edited by hand: IDENTITY.md"
    assert subjects[0].startswith("remember:")
    line = [l for l in ws.audit() if "IDENTITY.md" in l][-1]
    assert "| manual | CRITICAL manual |" in line
    assert ws.git("status", "--porcelain") == ""
    ws.remember("Another unrelated fact")  # nothing more to commit
    assert sum(s.startswith("CRITICAL") for s in ws.commits()) == 2  # init created them, then the edit


def test_soul_edit_with_a_secret_is_redacted_before_the_commit(ws):
    soul = ws.root / "SOUL.md"
    soul.write_text(soul.read_text() + "\n- never share sk-ant-api03-" + "a" * 90 + "\n")
    ws.remember("Unrelated fact")
    assert "sk-ant" not in soul.read_text() and "[REDACTED:" in soul.read_text()
    assert "sk-ant" not in ws.git("log", "-p")
    assert ws.commits()[1].startswith("CRITICAL manual:")


def test_deleting_soul_is_committed_as_critical(ws):
    (ws.root / "SOUL.md").unlink()
    ws.remember("Unrelated fact")
    assert ws.commits()[1] == "CRITICAL manual: deleted by hand: SOUL.md"

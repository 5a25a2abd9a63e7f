"""IDENTITY.md and SOUL.md: created from templates, never overwritten; a change to what a person wrote
in them is flagged CRITICAL, what our scripts write there (the files from the templates, the
self-awareness log's dated lines, the self-image mark) is not (store/critical.py)."""


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
    assert sum(s.startswith("CRITICAL") for s in ws.commits()) == 1  # the edit (init's templates are not)


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


def critical_lines(ws) -> list[str]:
    return [s for s in ws.commits() if "CRITICAL" in s] + [line for line in ws.audit() if "CRITICAL" in line]


def test_what_our_scripts_write_in_the_identity_files_is_not_critical(ws, tmp_path):
    assert critical_lines(ws) == []  # init made them from the templates: nothing a person wrote changed
    identity = ws.root / "IDENTITY.md"
    reflection = tmp_path / "r.md"
    for day in range(1, 11):  # ten reflections: ten dated [Self-Awareness] lines, then the self-image is due
        reflection.write_text(f"## Summary\nWeek {day}.\n\n## Elements\n- [Self-Awareness] I note {day}.\n")
        ws.run("reflect.py", "record", "--file", str(reflection), now=f"2026-04-{day:02d}")
    assert identity.read_text().count("[Self-Awareness]") == 11  # the template's comment names it once
    ws.run("reflect.py", "self-image-done", now="2026-04-13")
    assert "self-image consolidated 2026-04-13" in identity.read_text()
    assert critical_lines(ws) == []
    lines = identity.read_text().splitlines()
    at = lines.index("## Self-awareness log")
    identity.write_text("\n".join(lines[:at + 1] + ["", ""] + lines[at + 1:]) + "\n\n")  # blank lines only
    ws.remember("Unrelated fact", now="2026-04-14")
    assert critical_lines(ws) == []
    identity.unlink()
    ws.remember("Another unrelated fact", now="2026-04-14")
    assert ws.commits()[1] == "CRITICAL manual: deleted by hand: IDENTITY.md"  # the person's part went
    reflection.write_text("## Summary\nWeek 11.\n\n## Elements\n- [Self-Awareness] I note 11.\n")  # (a text
    # already filed is that reflection: nothing written)
    ws.run("reflect.py", "record", "--file", str(reflection), now="2026-04-15")  # writes a new one: all ours
    assert identity.read_text().startswith("# IDENTITY\n") and not ws.commits()[0].startswith("CRITICAL")


def test_a_change_to_what_a_person_wrote_is_critical_whoever_makes_it(ws):
    soul = ws.root / "SOUL.md"
    soul.write_text(soul.read_text().replace("## Boundaries\n", "## Boundaries\n\n- Never book travel.\n"))
    ws.remember("Unrelated fact")
    assert ws.commits()[1] == "CRITICAL manual: edited by hand: SOUL.md"
    identity = ws.root / "IDENTITY.md"
    identity.write_text(identity.read_text().replace("## Self-image\n", "## Self-image\n\nCareful, slow.\n"))
    ws.remember("Another fact")
    assert ws.commits()[1] == "CRITICAL manual: edited by hand: IDENTITY.md"
    assert sum("| CRITICAL manual |" in line for line in ws.audit()) == 2

"""references/cli.md holds every script's --help exactly (tests/cli_reference.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cli_reference  # noqa: E402


def test_every_script_is_in_the_reference_as_its_help_says():
    assert cli_reference.differences() == []


def test_the_check_sees_a_script_missing_and_a_help_changed(tmp_path, monkeypatch):
    held = cli_reference.REFERENCE.read_text(encoding="utf-8")
    first = cli_reference.scripts()[0].name
    second = cli_reference.scripts()[1].name
    blocks = cli_reference.documented(held)
    changed = held.replace(f"## {first}\n", "## gone.py\n", 1).replace(blocks[second], blocks[second] + "extra\n", 1)
    reference = tmp_path / "cli.md"
    reference.write_text(changed, encoding="utf-8")
    monkeypatch.setattr(cli_reference, "REFERENCE", reference)
    monkeypatch.setattr(cli_reference, "ROOT", tmp_path)
    problems = cli_reference.differences()
    assert f"{first}: not in cli.md" in problems
    assert f"{second}: its --help differs from cli.md" in problems
    assert "gone.py: in cli.md but no such script" in problems

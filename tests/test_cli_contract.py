"""Every script keeps the contract: --help, bad flags are one line and exit 1 (never a traceback)."""

from pathlib import Path

import pytest

SCRIPTS = sorted(p.name for p in (Path(__file__).resolve().parents[1] / "scripts").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_help_and_bad_flags(ws, script):
    shown = ws.run(script, "--help")
    assert shown.out.startswith("usage:") and "Exit codes" in shown.out or script == "agent_hook.py"
    expected = 0 if script == "agent_hook.py" else 1  # a hook never fails the session
    bad = ws.run(script, "--no-such-flag", expect=expected)
    assert "Traceback" not in bad.err
    if expected:
        assert bad.err.count("\n") == 1 and bad.err.startswith(f"{script}: error:")


@pytest.mark.parametrize("columns", ["50", "120"])
def test_help_wraps_at_the_terminal_width(ws, columns):
    # The scripts tell argparse the width themselves (cli.terminal_columns) instead of
    # letting it import shutil to ask; help must still fit $COLUMNS, as shutil's would.
    for script, args in (("recall.py", ()), ("review.py", ("approve",))):  # a subcommand's parser too
        widest = max(map(len, ws.run(script, *args, "--help", env={"COLUMNS": columns}).out.splitlines()))
        assert widest <= int(columns) - 2
        if script == "recall.py":  # long enough to fill any width: it used this one, not 80
            assert widest > int(columns) - 25

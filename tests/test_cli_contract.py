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

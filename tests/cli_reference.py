#!/usr/bin/env python3
"""references/cli.md: every script's --help, as the script prints it.

    python3 tests/cli_reference.py --write    # after changing a script's options
    python3 tests/cli_reference.py            # exit 1 and name what differs

tests/test_cli_reference.py runs the check: the reference can't drift from the scripts.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
REFERENCE = ROOT / "references" / "cli.md"
INTRO = """# Command reference

Every script in `scripts/`: first what they share and the everyday table (written
by hand), then each script's `--help` exactly as the script prints it (generated
by `python3 tests/cli_reference.py --write`, which keeps this first part as it
is; `tests/test_cli_reference.py` fails when a script and this page differ).
"""


GENERATED = "\n# Each script's --help\n"


def scripts() -> list[Path]:
    return sorted(p for p in SCRIPTS.glob("*.py") if not p.name.startswith("_"))


def help_text(script: Path) -> str:
    env = {key: value for key, value in os.environ.items() if not key.startswith("HIPPOCAMPUS_")}
    env.update(COLUMNS="100", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
    result = subprocess.run([sys.executable, "-S", str(script), "--help"], capture_output=True, text=True,
                            env=env, timeout=60)
    if result.returncode != 0:
        raise SystemExit(f"{script.name} --help failed: {result.stderr.strip()[:300]}")
    return result.stdout.rstrip() + "\n"


def prefix(text: str) -> str:
    """The hand-written part: everything before the first script's heading."""
    if not text.strip():
        return INTRO
    return text.split(GENERATED, 1)[0].rstrip() + "\n"


def render() -> str:
    held = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
    parts = [prefix(held), GENERATED]
    for script in scripts():
        parts.append(f"\n## {script.name}\n\n```text\n{help_text(script)}```\n")
    return "".join(parts)


def documented(text: str) -> dict[str, str]:
    """script name -> its help block, as the reference holds it."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^## (\S+\.py)\n\n```text\n(.*?)```\n", text, re.M | re.S)}


def differences() -> list[str]:
    text = REFERENCE.read_text(encoding="utf-8") if REFERENCE.exists() else ""
    held = documented(text)
    found = []
    for script in scripts():
        if script.name not in held:
            found.append(f"{script.name}: not in {REFERENCE.relative_to(ROOT)}")
        elif held[script.name] != help_text(script):
            found.append(f"{script.name}: its --help differs from {REFERENCE.relative_to(ROOT)}")
    for name in sorted(set(held) - {s.name for s in scripts()}):
        found.append(f"{name}: in {REFERENCE.relative_to(ROOT)} but no such script")
    return found


def main() -> int:
    if "--write" in sys.argv[1:]:
        REFERENCE.write_text(render(), encoding="utf-8")
        print(f"wrote {REFERENCE.relative_to(ROOT)}")
        return 0
    problems = differences()
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print("run: python3 tests/cli_reference.py --write", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

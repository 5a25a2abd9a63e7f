"""bench/machinery.py runs, at a tiny size, and prints a row for every piece of the
speed machinery: the bench behind the figures in the modules' docstrings and
references/performance.md cannot silently rot."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "machinery.py"


def _pieces() -> tuple[str, ...]:
    """The bench's PIECES, read from its source (importing it would put bench/ on sys.path)."""
    for node in ast.parse(BENCH.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "PIECES" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("bench/machinery.py has no PIECES")


def _conversations(path: Path) -> Path:
    """A small corpus in LoCoMo's layout (what bench/speed.py's builder reads)."""
    turns = [{"speaker": speaker, "text": f"{speaker} talked about the {topic} on day {day}"}
             for day in range(10) for speaker, topic in (("Ann", "pottery class"), ("Bob", "charity race"))]
    path.write_text(json.dumps([{"conversation": {"speaker_a": "Ann", "speaker_b": "Bob", "session_1": turns}}]))
    return path


def test_every_piece_has_its_row(tmp_path):
    result = subprocess.run([sys.executable, str(BENCH), "--sizes", "50", "--runs", "1",
                             "--data", str(_conversations(tmp_path / "corpus.json"))],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    PIECES = _pieces()
    assert len(PIECES) == 11
    rows = {}
    for line in result.stdout.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 7 and cells[1] == "50":
            rows[cells[0]] = cells
    assert sorted(rows) == sorted(PIECES), result.stdout
    for piece, cells in rows.items():
        on, plain, ratio = cells[2:5]
        assert re.fullmatch(r"\d+\.\d ms", on) and re.fullmatch(r"\d+\.\d ms", plain), cells
        assert re.fullmatch(r"\d+\.\d\dx", ratio), cells
    assert "in turns" in result.stdout and "medians" in result.stdout  # it says how it measured

"""bench/filler_reads.py: it runs, counts what it says (a filler text of the sets read as the user's), and
the reader's filler reads on blind5 (95 at 5a10389: "My phone is on 3%", "Swimming lessons moved to
Saturday mornings") stay gone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_filler_reads_counts_the_filler_read_as_the_users():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "filler_reads.py"), "--splits", "dev,blind5",
                          "--users", "1", "--show", "5"], capture_output=True, text=True, check=True).stdout
    rows = {cells[1].strip(): [int(c) for c in cells[2:5]] for cells in
            (line.split("|") for line in out.splitlines() if line.startswith("| ") and "---" not in line
             and not line.startswith("| set"))}
    assert set(rows) == {"dev", "blind5"}, out
    for total, stated, named in rows.values():
        assert total > 500 and 0 <= stated <= 2 and named <= 2, out
    sys.path.append(str(ROOT / "bench"))
    import filler_reads
    total, read = filler_reads.filler_read("dev", users=1)
    assert total == rows["dev"][0] and sum(1 for _t, stated, _m in read if stated) == rows["dev"][1]

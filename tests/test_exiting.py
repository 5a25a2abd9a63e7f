"""base/exiting.py and base/collector.py: a one-shot script leaves what its last transaction
held, and what decay's paused collector made, to the process's end (cli.run ends it by
os._exit, which frees nothing one object at a time); a resident process (the MCP server)
frees and collects as ever. Each case runs in a process of its own: the state is the
process's."""

import json
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"

_TRANSACTIONS = r"""
import gc, json, sys, weakref
from datetime import datetime, timezone
from pathlib import Path
from hippocampus.base import collector, exiting
from hippocampus.store.workspace import Workspace
if sys.argv[2] == "one-shot":
    import hippocampus.cli
    hippocampus.cli.one_shot = True  # (as cli.run sets it for a script that is not resident)
now = datetime(2026, 3, 1, 10, tzinfo=timezone.utc)
workspace = Workspace.open(Path(sys.argv[1]), now)
held, during = [], []
for action in ("first", "second"):
    with workspace.transaction("bot:test", action) as tx:
        memory = tx.memories[0]
        during.append([ref() is not None for refs in held for ref in refs])  # the last one's, as this one runs
    held.append((weakref.ref(tx), weakref.ref(tx.index["memories"])))
    del tx, memory
with collector.paused():
    made = [{"n": n} for n in range(1000)]
print(json.dumps({"alive": [[ref() is not None for ref in refs] for refs in held], "during": during,
                  "frozen": gc.get_freeze_count(), "enabled": gc.isenabled()}))
"""


def _run(ws, mode: str) -> dict:
    result = subprocess.run([sys.executable, "-S", "-c", _TRANSACTIONS, str(ws.root), mode],
                            capture_output=True, text=True, env={"PYTHONPATH": str(SCRIPTS), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_one_shot_process_keeps_its_last_transaction_and_freezes_what_decay_made(ws):
    ws.remember("The harbour office opens at nine", now="2026-03-01T09:00:00Z")
    found = _run(ws, "one-shot")
    assert found["alive"] == [[False, False], [True, True]]  # the last transaction's only,
    assert found["during"] == [[], [False, False]]  # released as the next one begins
    assert found["frozen"] >= 1000 and found["enabled"]


def test_a_resident_process_frees_every_transaction_and_freezes_nothing(ws):
    ws.remember("The harbour office opens at nine", now="2026-03-01T09:00:00Z")
    found = _run(ws, "resident")
    assert found["alive"] == [[False, False], [False, False]]
    assert found["during"] == [[], [False, False]]
    assert found["frozen"] == 0 and found["enabled"]


def test_the_servers_run_resident():
    """A server runs until its client leaves: it must free what each call drops."""
    for script in ("mcp_server.py", "dashboard.py"):
        text = (SCRIPTS / script).read_text(encoding="utf-8")
        assert "cli.run(main, resident=True)" in text, script


def test_the_sleep_and_decay_run_with_the_collector_paused(ws):
    """Both whole-store jobs hold every memory: a collection meanwhile walks all of them (at 100,000,
    ~20% of either job's time). None may run inside them; the collector is on again after."""
    import gc
    import traceback
    from datetime import datetime, timezone

    from hippocampus.lifecycle.consolidate import run_sleep
    from hippocampus.lifecycle.decay import run_decay
    from hippocampus.store.workspace import Workspace

    for n in range(40):
        ws.remember(f"Walked the dog along the harbour wall, day {n}", "--store", "episodic",
                    now=f"2026-03-{1 + n % 20:02d}T09:00:00Z")
    collections = []

    def count(phase, info):  # a collection inside the job's work (the one its end may start is not)
        if phase == "start":
            frames = {frame.name for frame in traceback.extract_stack()}
            if frames & {"consolidate", "decay_all", "read_all", "commit", "_commit"}:
                collections.append(info["generation"])

    for job in (run_sleep, run_decay):
        workspace = Workspace.open(ws.root, datetime(2026, 3, 28, 3, tzinfo=timezone.utc))
        gc.collect()
        gc.callbacks.append(count)
        try:
            job(workspace)
        finally:
            gc.callbacks.remove(count)
        assert collections == [], job.__name__
        assert gc.isenabled()

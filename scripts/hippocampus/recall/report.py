"""status.py's numbers: live memories by domain and store, all by status, and the last decay."""

from __future__ import annotations

from ..store import index_store
from ..base.scoring import decayed, status_of
from ..store.workspace import Workspace

SPARK = "▁▂▃▄▅▆▇█"


def status(workspace: Workspace) -> dict:
    counts = {"domain": {}, "store": {}, "status": {}}
    histogram = [0] * 10
    total = 0
    for memory in workspace.reader_cache().each_state():  # (hand edits laid over; one at a time, no words)
        total += 1
        archived = memory.get("status") == "archived"
        value = 0.0 if archived else decayed(memory, workspace.now, workspace.config)
        state = "archived" if archived else status_of(memory, value, workspace.config)  # "core" as load_core
        counts["status"][state] = counts["status"].get(state, 0) + 1
        if archived:
            continue  # domain and store count the live memories; status says how many are archived
        for key, bucket in (("domain", memory.get("domain")), ("store", memory.get("store"))):
            counts[key][bucket] = counts[key].get(bucket, 0) + 1
        if not archived:
            histogram[min(int(value * 10), 9)] += 1
    header = index_store.read_raw_header(workspace.paths.index)
    return {"workspace": str(workspace.root), "total": total,
            "live": total - counts["status"].get("archived", 0), **counts,
            "importanceHistogram": histogram, "decayLastRun": header.get("decayLastRun"),
            "lastUpdated": header.get("lastUpdated")}


def sparkline(histogram: list[int]) -> str:
    top = max(histogram) or 1
    return "".join(SPARK[min(int(count / top * (len(SPARK) - 1) + 0.999), len(SPARK) - 1)] if count else " "
                   for count in histogram)

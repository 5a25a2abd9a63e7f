"""The dashboard: one self-contained page showing the state of the memory,
written to brain-dashboard.html or served read-only on 127.0.0.1
(hosts/dashboard_serve.py); the HTML itself is hosts/dashboard_page.py's.

What it says is what the rest of the code means: core is scoring.in_core,
a status is scoring.status_of, a decay curve is scoring.decayed with the
memory's own decay_multiplier, a memory's life is recall.history's. Every
list is bounded and says how many it leaves out, so the page stays small
at any size.
"""

from __future__ import annotations

import math
from datetime import timedelta

from ..base.config import DOMAINS, STATUSES, STORES
from ..base.scoring import (clamp, decay_multiplier, decayed, in_core, is_kept, is_stale, outcome_counts,
                            status_of)
from .dashboard_page import PALETTE

OUTPUT = "brain-dashboard.html"
LIVES = 200          # memories shown with their life (and searched)
LIST = 10            # strongest, fading
WEEK_ROWS = 60       # this week's audit lines shown
WEEK_SCAN = 20000    # audit lines read back at most to find this week's
HORIZON = 90         # days the decay curves look ahead
CHART = len(PALETTE)  # core memories drawn: one colour each


def build(workspace) -> tuple[str, dict]:
    """The page and a summary of what it shows."""
    from .dashboard_page import render
    data = gather(workspace)
    return render(data), data["info"]


def gather(workspace) -> dict:
    from ..lifecycle import conflicts, proposals
    from ..recall.history import histories

    now, config = workspace.now, workspace.config
    # index.json as committed, read and nothing else: the search cache a reader would refresh is
    # not touched (--serve writes nothing), and the index keeps what the cache drops (supersedes)
    everything = [m for m in workspace.load_index()["memories"] if not m.get("purged")]
    live = [m for m in everything if m.get("status") != "archived"]
    for memory in live:
        memory["now"] = decayed(memory, now, config)
        memory["statusNow"] = status_of(memory, memory["now"], config)
    core = sorted((m for m in live if in_core(m, m["now"], config)),  # the one definition (scoring.in_core)
                  key=lambda m: (not is_kept(m), -m["now"], m["id"]))
    ranked = sorted(live, key=lambda m: (-m["now"], m["id"]))
    shown = ranked[:LIVES]
    lives = histories(workspace, shown)
    _text, found_conflicts = conflicts.load(workspace.root)
    open_conflicts = [c for c in found_conflicts if c["state"] == "open"]
    _text, found_proposals = proposals.load(workspace)
    pending = [p for p in found_proposals if p["state"] == "pending"]
    counts = {
        "domain": {d: sum(m.get("domain") == d for m in live) for d in DOMAINS},
        "store": {s: sum((m.get("store") or "semantic") == s for m in live) for s in STORES},
        "status": {s: (len(everything) - len(live) if s == "archived" else sum(m["statusNow"] == s for m in live))
                   for s in STATUSES},
    }
    judged = sorted(({"id": m["id"], **outcome_counts(m), "content": m.get("content", "")} for m in live
                     if "outcomeGood" in m or "outcomeBad" in m),
                    key=lambda j: (-j["halfLifeFactor"], j["id"]))
    bins = [0] * 10
    for memory in live:
        bins[min(int(memory["now"] * 10), 9)] += 1
    fading = fading_memories(live, config)
    by_id = {m["id"]: m for m in everything}
    week, week_counts, week_total = this_week(workspace)
    info = {"live": len(live), "archived": len(everything) - len(live), "core": len(core),
            "conflicts": len(open_conflicts), "proposals": len(pending), "counts": counts,
            "outcomes": [{k: j[k] for k in ("id", "good", "bad", "halfLifeFactor")} for j in judged],
            "shown": len(shown), "fading": len(fading), "changesThisWeek": week_total}
    return {"workspace": workspace, "now": now, "config": config, "live": live, "everything": everything,
            "by_id": by_id, "core": core, "strongest": [m for m in ranked if not is_stale(m)][:LIST],
            "fading": fading, "shown": shown, "lives": lives, "conflicts": open_conflicts, "proposals": pending,
            "core_curves": {m["id"]: curve(m, now, config) for m in core[:CHART]},
            "sparks": {m["id"]: curve(m, now, config, step=6) for m in shown},
            "chains": {m["id"]: chain(m, by_id) for m in shown}, "list": LIST,
            "counts": counts, "judged": judged, "bins": bins, "week": week, "week_counts": week_counts,
            "week_total": week_total, "info": info}


def days_to_line(memory: dict, line: float, config: dict) -> float | None:
    """Days from now until decay takes the memory below `line` (scoring.decayed's
    formula solved for the days), or None when it never will."""
    multiplier, rate = decay_multiplier(memory, config), config["decay"]["rate"]
    if multiplier <= 0 or not 0 < rate < 1 or memory["now"] <= 0:
        return None
    if memory["now"] < line:
        return 0.0
    return math.log(line / memory["now"]) / (multiplier * math.log(rate))


def fading_memories(live: list[dict], config: dict) -> list[dict]:
    """Memories decay is taking toward the archive line (thresholds.background):
    decay has already lowered them (a memory made or recalled today has lost
    nothing yet and is not fading), they are still above the line, and they
    cross it within HORIZON days. Soonest first."""
    line = config["thresholds"]["background"]
    found = []
    for memory in live:
        base = clamp(memory.get("baseImportance", memory.get("importance", 0.5)))
        if is_kept(memory) or memory["now"] >= base or memory["now"] < line:
            continue
        days = days_to_line(memory, line, config)
        if days is not None and days <= HORIZON:
            found.append({**memory, "daysLeft": days})
    return sorted(found, key=lambda m: (m["daysLeft"], m["id"]))


def curve(memory: dict, now, config: dict, days: int = HORIZON, step: int = 3) -> list[tuple[int, float]]:
    """The memory's importance over the next `days` days, as scoring.decayed gives it."""
    return [(day, decayed(memory, now + timedelta(days=day), config)) for day in range(0, days + 1, step)]


def chain(memory: dict, by_id: dict, limit: int = 12) -> list[dict]:
    """The supersession chain through the memory, oldest first: what it replaced, what replaced it."""
    older, seen = [], {memory["id"]}
    current = memory
    while len(older) < limit:
        previous = [by_id[i] for i in current.get("supersedes") or [] if i in by_id and i not in seen]
        if not previous:
            break
        current = previous[0]
        seen.add(current["id"])
        older.insert(0, current)
    newer, current = [], memory
    while len(newer) < limit and current.get("supersededBy") in by_id and current["supersededBy"] not in seen:
        current = by_id[current["supersededBy"]]
        seen.add(current["id"])
        newer.append(current)
    return [*older, memory, *newer] if older or newer else []


def this_week(workspace) -> tuple[list[tuple[str, str, str, str]], dict[str, int], int]:
    """The audit lines of the last 7 days (newest first, at most WEEK_ROWS), the count
    of each action among them and their total (read back at most WEEK_SCAN lines)."""
    from ..store.audit_archive import last_lines
    from ..text.timeutil import parse_time_or

    since = workspace.now - timedelta(days=7)
    rows, counts, total = [], {}, 0
    for line in reversed(last_lines(workspace.paths, WEEK_SCAN)):
        parts = line.split(" | ", 4)
        if len(parts) != 5:
            continue
        when = parse_time_or(parts[0], None)
        if when is None:
            continue
        if when < since:
            break
        total += 1
        action = parts[2].removeprefix("CRITICAL ")
        counts[action] = counts.get(action, 0) + 1
        if len(rows) < WEEK_ROWS:
            rows.append((parts[0], parts[1], parts[2], parts[4]))
    return rows, dict(sorted(counts.items(), key=lambda item: (-item[1], item[0]))), total


def rebuild_after_purge(workspace) -> None:
    """Once a purge is committed: a page already written shows the memory as it
    now is (the purge handed this in through Workspace.views_after_purge)."""
    from ..base.fsutil import atomic_write

    target = workspace.root / OUTPUT
    if target.exists():
        try:
            page, _info = build(workspace)
            atomic_write(target, page)
        except Exception as exc:  # noqa: BLE001 - the purge is committed; an old page must not stay
            from ..base.stderr import warn
            warn(f"{OUTPUT} could not be built again ({exc}); removed it: run scripts/dashboard.py")
            target.unlink(missing_ok=True)

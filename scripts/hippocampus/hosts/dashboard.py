"""brain-dashboard.html: one self-contained page (inline CSS and SVG, no script,
nothing loaded from the network) showing the state of the memory.

Every piece of memory text goes through html.escape, so a memory holding
`</script><img onerror=...>` is shown as text.
"""

from __future__ import annotations

from datetime import timedelta
from html import escape

from ..base.config import DOMAINS, STATUSES, STORES
from ..base.scoring import decayed, in_core, is_kept, outcome_counts, status_of

OUTPUT = "brain-dashboard.html"
COLOURS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
           "#bab0ac"]


def build(workspace) -> tuple[str, dict]:
    from ..lifecycle import conflicts, proposals
    now = workspace.now
    config = workspace.config
    everything = workspace.memories(include_archived=True)
    live = [m for m in everything if m.get("status") != "archived"]
    for memory in live:
        memory["now"] = decayed(memory, now, config)
    core = sorted((m for m in live if in_core(m, m["now"], config)),  # the one definition (scoring.in_core)
                  key=lambda m: (not is_kept(m), -m["now"], m["id"]))
    strongest = sorted(live, key=lambda m: -m["now"])[:10]
    fading = sorted((m for m in live if not m.get("pinned")), key=lambda m: m["now"])[:10]
    _text, found_conflicts = conflicts.load(workspace.root)
    open_conflicts = [c for c in found_conflicts if c["state"] == "open"]
    _text, found_proposals = proposals.load(workspace)
    pending = [p for p in found_proposals if p["state"] == "pending"]
    audit = _audit_tail(workspace, 20)
    counts = {
        "domain": {d: sum(m.get("domain") == d for m in live) for d in DOMAINS},
        "store": {s: sum(m.get("store", "semantic") == s for m in live) for s in STORES},
        "status": {s: sum((m.get("status") if s == "archived" else _status(m, config)) == s
                          for m in (everything if s == "archived" else live)) for s in STATUSES},
    }
    judged = sorted(({"id": m["id"], **outcome_counts(m), "content": m.get("content", "")} for m in live
                     if "outcomeGood" in m or "outcomeBad" in m),  # outcome.py's judgements: their half-lives
                    key=lambda j: (-j["halfLifeFactor"], j["id"]))
    bins = [0] * 10
    for memory in live:
        bins[min(int(memory["now"] * 10), 9)] += 1
    parts = [
        f"<h1>Hippocampus: the brain of {escape(workspace.root.name)}</h1>",
        f"<p class=meta>{len(live)} live memories, {len(everything) - len(live)} archived; drawn "
        f"{escape(now.strftime('%Y-%m-%d %H:%M'))} UTC</p>",
        "<section class=grid>",
        *(_bars(title, values) for title, values in (("By domain", counts["domain"]), ("By store", counts["store"]),
                                                      ("By status", counts["status"]))),
        "</section>",
        "<section><h2>Importance now</h2>" + _histogram(bins) + "</section>",
        "<section><h2>Core memories over the next 90 days</h2>" + _decay_curves(core[:12], now, config) + "</section>",
        "<section class=grid>" + _memory_list("Strongest", strongest) + _memory_list("Fading", fading) + "</section>",
        "<section>" + _outcome_list(judged) + "</section>",
        "<section class=grid>" + _conflict_list(open_conflicts) + _proposal_list(pending) + "</section>",
        "<section>" + _superseded_list(everything) + "</section>",
        "<section><h2>Recent changes (audit log)</h2><table>" + "".join(
            f"<tr><td>{escape(line[0])}</td><td>{escape(line[1])}</td><td>{escape(line[2])}</td>"
            f"<td>{escape(line[3])}</td></tr>" for line in audit) + "</table></section>",
    ]
    html = PAGE.format(body="\n".join(parts))
    return html, {"live": len(live), "archived": len(everything) - len(live), "core": len(core),
                  "conflicts": len(open_conflicts), "proposals": len(pending), "counts": counts,
                  "outcomes": [{k: j[k] for k in ("id", "good", "bad", "halfLifeFactor")} for j in judged]}


def _status(memory: dict, config: dict) -> str:
    return status_of(memory, memory["now"], config)


def _audit_tail(workspace, count: int) -> list[tuple[str, str, str, str]]:
    from ..store.audit_archive import last_lines

    rows = []
    for line in reversed(last_lines(workspace.paths, count)):
        parts = line.split(" | ", 4)
        if len(parts) == 5:
            rows.append((parts[0], parts[1], parts[2], parts[4]))
    return rows


def _bars(title: str, values: dict) -> str:
    top = max(values.values(), default=0) or 1
    rows = "".join(
        f"<div class=bar><span class=label>{escape(name)}</span><span class=fill style=\"width:{value / top * 100:.0f}%;"
        f"background:{COLOURS[i % len(COLOURS)]}\"></span><span class=value>{value}</span></div>"
        for i, (name, value) in enumerate(values.items()))
    return f"<div class=card><h2>{escape(title)}</h2>{rows}</div>"


def _histogram(bins: list[int]) -> str:
    width, height, top = 600, 160, max(bins) or 1
    bars = []
    for i, count in enumerate(bins):
        h = count / top * (height - 30)
        bars.append(f"<rect x=\"{i * 60 + 5}\" y=\"{height - 20 - h:.1f}\" width=\"50\" height=\"{h:.1f}\" "
                    f"fill=\"#4e79a7\"><title>{i / 10:.1f}-{(i + 1) / 10:.1f}: {count}</title></rect>"
                    f"<text x=\"{i * 60 + 30}\" y=\"{height - 5}\" text-anchor=middle>{i / 10:.1f}</text>"
                    f"<text x=\"{i * 60 + 30}\" y=\"{height - 24 - h:.1f}\" text-anchor=middle>{count}</text>")
    return f"<svg viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=img>{''.join(bars)}</svg>"


def _decay_curves(core: list[dict], now, config: dict) -> str:
    if not core:
        return "<p>No core memories yet.</p>"
    width, height, left = 640, 260, 40
    def y(value: float) -> float:
        return 10 + (1 - value) * (height - 40)
    lines = [f"<line x1=\"{left}\" x2=\"{width}\" y1=\"{y(t):.1f}\" y2=\"{y(t):.1f}\" stroke=\"#bbb\" "
             f"stroke-dasharray=\"4 3\"/><text x=\"2\" y=\"{y(t) + 4:.1f}\">{t:.1f}</text>"
             for t in (config["thresholds"]["core"], config["thresholds"]["background"], 1.0, 0.0)]
    legend = []
    for i, memory in enumerate(core):
        points = []
        for day in range(0, 91, 3):
            value = decayed(memory, now + timedelta(days=day), config)
            points.append(f"{left + day / 90 * (width - left - 10):.1f},{y(value):.1f}")
        colour = COLOURS[i % len(COLOURS)]
        lines.append(f"<polyline fill=none stroke=\"{colour}\" stroke-width=2 points=\"{' '.join(points)}\">"
                     f"<title>{escape(memory['content'][:120])}</title></polyline>")
        legend.append(f"<li><span class=swatch style=\"background:{colour}\"></span>{escape(memory['content'][:140])}"
                      f" <small>({memory['now']:.2f} now, {decayed(memory, now + timedelta(days=90), config):.2f} "
                      f"in 90 days)</small></li>")
    lines.append(f"<text x=\"{left}\" y=\"{height - 5}\">today</text>"
                 f"<text x=\"{width - 60}\" y=\"{height - 5}\">+90 days</text>")
    return (f"<svg viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" role=img>{''.join(lines)}"
            f"</svg><ul class=legend>{''.join(legend)}</ul>")


def _memory_list(title: str, memories: list[dict]) -> str:
    from ..base.scoring import is_stale
    items = "".join(f"<li><b>{m['now']:.2f}</b> <span class=tag>{escape(m.get('domain', ''))}/"
                    f"{escape(m.get('store', ''))}</span>{' <span class=tag>stale</span>' if is_stale(m) else ''} "
                    f"{escape(m['content'][:200])}</li>" for m in memories)
    return f"<div class=card><h2>{escape(title)}</h2><ol>{items or '<li>none</li>'}</ol></div>"


def _outcome_list(judged: list[dict], count: int = 20) -> str:
    """The memories outcome.py judged: their counts and the half-life factor those give."""
    items = "".join(f"<li><b>x{j['halfLifeFactor']:g}</b> <span class=tag>{j['good']} good, {j['bad']} bad</span> "
                    f"{escape(j['content'][:200])}</li>" for j in judged[:count])
    return f"<div class=card><h2>Judged by outcomes (half-life)</h2><ol>{items or '<li>none</li>'}</ol></div>"


def _superseded_list(memories: list[dict], count: int = 10) -> str:
    """The newest links of superseded memories (old -> the one that replaced it)."""
    by_id = {m["id"]: m for m in memories}
    links = sorted(((by_id[m["supersededBy"]], m) for m in memories
                    if m.get("supersededBy") in by_id), key=lambda pair: pair[0].get("created") or "", reverse=True)
    items = "".join(f"<li><b>{escape(old['id'])}</b> {escape(old['content'][:120])} <i>superseded by</i> "
                    f"<b>{escape(new['id'])}</b> {escape(new['content'][:120])}</li>" for new, old in links[:count])
    return (f"<div class=card><h2>Superseded ({len(links)}: kept for questions about before)</h2>"
            f"<ol>{items or '<li>none</li>'}</ol></div>")


def _conflict_list(found: list[dict]) -> str:
    items = "".join(f"<li><b>{escape(c['id'])}</b> {escape(c.get('kind', ''))}: {escape(c['a']['content'][:120])} "
                    f"<i>vs</i> {escape(c['b']['content'][:120])}</li>" for c in found if "a" in c and "b" in c)
    return f"<div class=card><h2>Open conflicts ({len(found)})</h2><ul>{items or '<li>none</li>'}</ul></div>"


def _proposal_list(found: list[dict]) -> str:
    items = "".join(f"<li><b>#{p['id']}</b> from {escape(str(p.get('from', '')))}: "
                    f"{escape(str(p.get('content', ''))[:160])}</li>" for p in found)
    return f"<div class=card><h2>Pending proposals ({len(found)})</h2><ul>{items or '<li>none</li>'}</ul></div>"


PAGE = """<!DOCTYPE html>
<html lang=en><head><meta charset=utf-8>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>Hippocampus brain dashboard</title>
<style>
body {{ font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #222; background: #fafafa; }}
h1 {{ margin: 0 0 4px; }} h2 {{ font-size: 16px; margin: 0 0 8px; }}
.meta {{ color: #666; margin: 0 0 16px; }}
section {{ margin: 16px 0; }} .grid {{ display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 16px; }}
.card {{ background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 12px; }}
.bar {{ display: flex; align-items: center; gap: 6px; margin: 3px 0; }}
.label {{ width: 110px; }} .fill {{ height: 14px; min-width: 2px; border-radius: 3px; }} .value {{ color: #555; }}
svg text {{ font-size: 11px; fill: #555; }}
.legend {{ list-style: none; padding: 0; }} .swatch {{ display: inline-block; width: 10px; height: 10px; margin-right: 6px; }}
.tag {{ color: #777; font-size: 12px; }} table {{ border-collapse: collapse; width: 100%; background: #fff; }}
td {{ border-bottom: 1px solid #eee; padding: 3px 6px; vertical-align: top; font-size: 12px; }}
</style></head><body>
{body}
</body></html>
"""


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

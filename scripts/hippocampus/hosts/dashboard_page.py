"""The dashboard's HTML (hosts/dashboard.py gathers what it shows).

Every value that comes from the memory (its words, ids, actors, audit
summaries, proposal text) goes through `esc`: memories are someone else's
data, and `</script><img onerror=...>` in one is shown as text. The page loads
nothing from anywhere: its one script is inline and allowed by its hash, its
styles by theirs, and nothing on it uses a style attribute (bar widths and
colours are SVG attributes), so the Content-Security-Policy can say
default-src 'none'.
"""

from __future__ import annotations

import base64
import hashlib
import shlex
from html import escape
from pathlib import Path

from ..base.scoring import decay_multiplier, is_stale, outcome_text

TITLE = "hippocampus — memory"
# twelve colours told apart by eye (Tableau 10 plus two): no two legend entries share one
PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
           "#79706e", "#17becf", "#1a1a1a"]
SCRIPTS = Path(__file__).resolve().parents[2]  # scripts/: the commands the page tells you to run


def esc(value) -> str:
    return escape(str(value), quote=True)


def short(text, limit: int) -> str:
    text = " ".join(str(text or "").split())
    return esc(text if len(text) <= limit else text[:limit - 1] + "…")


def command(workspace, script: str, *words: str) -> str:
    return esc(shlex.join(["python3", str(SCRIPTS / script), *words, "--workspace", str(workspace.root)]))


def render(data: dict) -> str:
    info, now = data["info"], data["now"]
    shown, live = data["shown"], data["live"]
    parts = [
        "<a class=skip href=\"#memories\">Skip to the memories</a>",
        f"<header><h1>{esc(TITLE)}</h1><p class=meta>{info['live']} live memories, {info['core']} core, "
        f"{info['archived']} archived &middot; drawn {esc(now.strftime('%Y-%m-%d %H:%M'))} &middot; read-only</p>"
        "</header><main>",
        "<section class=grid3>" + "".join(_bars(title, values) for title, values in (
            ("By domain", data["counts"]["domain"]), ("By store", data["counts"]["store"]),
            ("By status", data["counts"]["status"]))) + "</section>",
        "<section class=grid2>" + _conflicts(data) + _proposals(data) + "</section>",
        _week(data),
        "<section class=card><h2>Core memories over the next 90 days</h2>" + _core_chart(data) + "</section>",
        "<section class=grid2>" + _list("Strongest now", data["strongest"], data, len(live)) +
        _fading(data) + "</section>",
        "<section class=card><h2>Importance now</h2>" + _histogram(data["bins"]) + "</section>",
        _memories(data, shown),
        "<section class=grid2>" + _outcomes(data["judged"]) + _superseded(data) + "</section>",
        "</main>",
    ]
    return PAGE.format(title=esc(TITLE), csp=esc(META_POLICY), style=STYLE, script=SCRIPT, body="\n".join(parts))


def _more(left: int, what: str, then: str = "") -> str:
    return f"<p class=more>{left} more {esc(what)} not shown{esc(then)}</p>" if left > 0 else ""


def _link(memory: dict, data: dict, limit: int) -> str:
    text = short(memory.get("content"), limit)
    if any(m["id"] == memory["id"] for m in data["shown"]):
        return f"<a href=\"#m-{esc(memory['id'])}\">{text}</a>"
    return text


def _bars(title: str, values: dict) -> str:
    top = max(values.values(), default=0) or 1
    rows = "".join(
        f"<div class=label>{esc(name)}</div><svg class=track viewBox=\"0 0 100 10\" preserveAspectRatio=none "
        f"aria-hidden=true><rect width=\"{value / top * 100:.1f}\" height=10 rx=1 fill=\"{PALETTE[0]}\"/></svg>"
        f"<div class=value>{value}</div>" for name, value in values.items())
    return f"<div class=card><h2>{esc(title)}</h2><div class=bars>{rows}</div></div>"


def _histogram(bins: list[int]) -> str:
    width, height, top = 600, 150, max(bins) or 1
    bars = []
    for i, count in enumerate(bins):
        h = count / top * (height - 40)
        bars.append(f"<rect x=\"{i * 60 + 5}\" y=\"{height - 20 - h:.1f}\" width=50 height=\"{h:.1f}\" "
                    f"fill=\"{PALETTE[0]}\"><title>{i / 10:.1f}–{(i + 1) / 10:.1f}: {count}</title></rect>"
                    f"<text x=\"{i * 60 + 30}\" y=\"{height - 5}\" text-anchor=middle>{i / 10:.1f}</text>"
                    f"<text x=\"{i * 60 + 30}\" y=\"{height - 24 - h:.1f}\" text-anchor=middle>{count}</text>")
    return (f"<svg class=\"chart hist\" viewBox=\"0 0 {width} {height}\" role=img aria-label=\"memories by importance now\">"
            f"{''.join(bars)}</svg>")


def _core_chart(data: dict) -> str:
    core, config = data["core"], data["config"]
    if not core:
        return "<p>No core memories yet.</p>"
    drawn = [m for m in core if m["id"] in data["core_curves"]]
    width, height, left = 720, 240, 40

    def y(value: float) -> float:
        return 10 + (1 - value) * (height - 40)

    lines = [f"<line x1=\"{left}\" x2=\"{width}\" y1=\"{y(t):.1f}\" y2=\"{y(t):.1f}\" stroke=\"#bbb\" "
             f"stroke-dasharray=\"4 3\"/><text x=2 y=\"{y(t) + 4:.1f}\">{t:.2f}</text>"
             for t in sorted({config["thresholds"]["core"], config["thresholds"]["background"], 1.0, 0.0})]
    legend = []
    for colour, memory in zip(PALETTE, drawn):  # one colour each: the legend is never ambiguous
        points = data["core_curves"][memory["id"]]
        path = " ".join(f"{left + day / 90 * (width - left - 10):.1f},{y(value):.1f}" for day, value in points)
        lines.append(f"<polyline fill=none stroke=\"{colour}\" stroke-width=2 points=\"{path}\">"
                     f"<title>{short(memory.get('content'), 120)}</title></polyline>")
        legend.append(f"<li><svg class=swatch viewBox=\"0 0 10 10\" aria-hidden=true><rect width=10 height=10 "
                      f"fill=\"{colour}\"/></svg>{_link(memory, data, 140)} <small>{memory['now']:.2f} now, "
                      f"{points[-1][1]:.2f} in 90 days</small></li>")
    lines.append(f"<text x=\"{left}\" y=\"{height - 5}\">today</text>"
                 f"<text x=\"{width - 60}\" y=\"{height - 5}\">+90 days</text>")
    return (f"<svg class=chart viewBox=\"0 0 {width} {height}\" role=img aria-label=\"core memories' decay\">"
            f"{''.join(lines)}</svg><ul class=legend>{''.join(legend)}</ul>"
            f"{_more(len(core) - len(drawn), 'core memories')}")


def _tag(memory: dict) -> str:
    stale = " <span class=tag>stale</span>" if is_stale(memory) else ""
    return (f"<span class=\"tag s-{esc(memory.get('statusNow', ''))}\">{esc(memory.get('statusNow', ''))}</span> "
            f"<span class=tag>{esc(memory.get('domain', ''))}/{esc(memory.get('store') or 'semantic')}</span>{stale}")


def _list(title: str, memories: list[dict], data: dict, total: int) -> str:
    items = "".join(f"<li><b>{m['now']:.2f}</b> {_tag(m)} {_link(m, data, 160)}</li>" for m in memories)
    return f"<div class=card><h2>{esc(title)}</h2><ol>{items or '<li>none</li>'}</ol></div>"


def _fading(data: dict) -> str:
    fading, count = data["fading"], data["list"]
    line = data["config"]["thresholds"]["background"]
    items = "".join(f"<li><b>{m['now']:.2f}</b> <span class=tag>{_days(m['daysLeft'])} to {line:g}</span> "
                    f"{_link(m, data, 150)}</li>" for m in fading[:count])
    return (f"<div class=card><h2>Fading ({len(fading)})</h2><p class=note>decay is taking these toward the archive "
            f"line ({line:g}) within 90 days</p><ol>{items or '<li>none</li>'}</ol>"
            f"{_more(len(fading) - count, 'fading memories')}</div>")


def _days(days: float) -> str:
    return "under a day" if days < 1 else f"{days:.0f} day{'s' if round(days) != 1 else ''}"


def _sparkline(memory: dict, data: dict) -> str:
    points = data["sparks"][memory["id"]]
    line = data["config"]["thresholds"]["background"]
    path = " ".join(f"{day / 90 * 200:.1f},{4 + (1 - value) * 44:.1f}" for day, value in points)
    return (f"<svg class=spark viewBox=\"0 0 200 52\" role=img aria-label=\"importance over the next 90 days: "
            f"{points[0][1]:.2f} to {points[-1][1]:.2f}\"><line x1=0 x2=200 y1=\"{4 + (1 - line) * 44:.1f}\" "
            f"y2=\"{4 + (1 - line) * 44:.1f}\" stroke=\"#bbb\" stroke-dasharray=\"3 3\"/><polyline fill=none "
            f"stroke=\"{PALETTE[0]}\" stroke-width=2 points=\"{path}\"/></svg>")


def _memories(data: dict, shown: list[dict]) -> str:
    items = []
    for memory in shown:
        life = data["lives"].get(memory["id"], {"events": []})
        events = life["events"]
        rows = "".join(f"<tr><td>{esc(e['time'][:16])}</td><td>{esc(e.get('event', e['action']))}</td>"
                       f"<td>{esc(e['actor'])}</td><td><code>{esc(e['commit'] or '')}</code></td></tr>"
                       for e in events[-20:])
        chain = _chain(memory, data)
        multiplier = decay_multiplier(memory, data["config"])
        outcome = (f"<dt>outcomes</dt><dd>{esc(outcome_text(memory))}</dd>"
                   if "outcomeGood" in memory or "outcomeBad" in memory else "")
        items.append(
            f"<li><details id=\"m-{esc(memory['id'])}\"><summary><b>{memory['now']:.2f}</b> {_tag(memory)} "
            f"{short(memory.get('content'), 200)}</summary><div class=life>"
            f"<p class=content>{esc(memory.get('content', ''))}</p><dl>"
            f"<dt>id</dt><dd><code>{esc(memory['id'])}</code></dd>"
            f"<dt>created</dt><dd>{esc(memory.get('created') or '?')}</dd>"
            f"<dt>last recalled</dt><dd>{esc(memory.get('lastAccessed') or 'never')}</dd>"
            f"<dt>reinforced</dt><dd>{int(memory.get('timesReinforced') or 0)} times</dd>"
            f"<dt>decay</dt><dd>{'never (kept)' if multiplier == 0 else f'x{multiplier:.3g} the default rate'}"
            f"{' · category ' + esc(memory['category']) if memory.get('category') else ''}</dd>{outcome}</dl>"
            f"{_sparkline(memory, data)}{chain}"
            f"<table><caption>history ({len(events)} events{', last 20' if len(events) > 20 else ''})</caption>"
            f"{rows or '<tr><td>no audit events</td></tr>'}</table>"
            f"<p class=cmd>full history: <code>{command(data['workspace'], 'history.py', memory['id'])}</code></p>"
            f"</div></details></li>")
    return (f"<section class=card id=memories><h2>Memories</h2><p class=note>The {len(shown)} most important now, "
            f"each with its life (Enter opens it).</p><label for=q>Search these memories</label> "
            f"<input id=q type=search autocomplete=off placeholder=\"words, an id, a domain…\"> "
            f"<output id=q-count for=q>{len(shown)} shown</output>"
            f"<ol id=lives>{''.join(items) or '<li>none</li>'}</ol>"
            f"{_more(len(data['live']) - len(shown), 'live memories', ': recall.py searches them all')}</section>")


def _chain(memory: dict, data: dict) -> str:
    links = data["chains"][memory["id"]]
    if not links:
        return ""
    items = "".join(f"<li>{'<b>' if m['id'] == memory['id'] else ''}<code>{esc(m['id'])}</code> "
                    f"{short(m.get('content'), 100)}{'</b>' if m['id'] == memory['id'] else ''}</li>" for m in links)
    return f"<p class=note>supersession chain, oldest first:</p><ol class=chain>{items}</ol>"


def _week(data: dict) -> str:
    counts = " ".join(f"<span class=tag>{esc(action)} {count}</span>" for action, count in data["week_counts"].items())
    rows = "".join(f"<tr><td class=when>{esc(t[:16].replace('T', ' '))}</td><td class=who>{esc(actor)} &middot; "
                   f"{esc(action)}</td><td>{short(summary, 160)}</td></tr>" for t, actor, action, summary in data["week"])
    return (f"<section class=card><h2>This week ({data['week_total']} changes)</h2><p>{counts or 'no changes'}</p>"
            f"<table class=week>{rows}</table>{_more(data['week_total'] - len(data['week']), 'changes this week')}</section>")


def _conflicts(data: dict) -> str:
    items = []
    for c in data["conflicts"]:
        if "a" not in c or "b" not in c:
            continue
        keep = "".join(f"<li>keep {short(side.get('content'), 100)}: <code>"
                       f"{command(data['workspace'], 'conflicts.py', 'resolve', c['id'], '--keep', side['id'])}"
                       f"</code></li>" for side in (c["a"], c["b"]) if side.get("id"))
        items.append(f"<li><b>{esc(c['id'])}</b> {esc(c.get('kind', ''))}: {short(c['a'].get('content'), 120)} "
                     f"<i>vs</i> {short(c['b'].get('content'), 120)}<ul class=cmds>{keep}</ul></li>")
    return (f"<div class=card><h2>Open conflicts ({len(data['conflicts'])})</h2>"
            f"<ul>{''.join(items[:20]) or '<li>none</li>'}</ul>{_more(len(items) - 20, 'conflicts')}</div>")


def _proposals(data: dict) -> str:
    items = "".join(
        f"<li><b>#{esc(p['id'])}</b> from {esc(p.get('from', ''))}: {short(p.get('content'), 160)}<ul class=cmds>"
        f"<li>approve: <code>{command(data['workspace'], 'review.py', 'approve', str(p['id']))}</code></li>"
        f"<li>reject: <code>{command(data['workspace'], 'review.py', 'reject', str(p['id']), '--reason', 'WHY')}"
        f"</code></li></ul></li>" for p in data["proposals"][:20])
    return (f"<div class=card><h2>Pending proposals ({len(data['proposals'])})</h2>"
            f"<ul>{items or '<li>none</li>'}</ul>{_more(len(data['proposals']) - 20, 'proposals')}</div>")


def _outcomes(judged: list[dict], count: int = 20) -> str:
    items = "".join(f"<li><b>x{j['halfLifeFactor']:g}</b> <span class=tag>{j['good']} good, {j['bad']} bad</span> "
                    f"{short(j['content'], 200)}</li>" for j in judged[:count])
    return (f"<div class=card><h2>Judged by outcomes (half-life)</h2><ol>{items or '<li>none</li>'}</ol>"
            f"{_more(len(judged) - count, 'judged memories')}</div>")


def _superseded(data: dict, count: int = 10) -> str:
    by_id = data["by_id"]
    links = sorted(((by_id[m["supersededBy"]], m) for m in data["everything"] if m.get("supersededBy") in by_id),
                   key=lambda pair: pair[0].get("created") or "", reverse=True)
    items = "".join(f"<li><code>{esc(old['id'])}</code> {short(old.get('content'), 120)} <i>superseded by</i> "
                    f"<code>{esc(new['id'])}</code> {short(new.get('content'), 120)}</li>" for new, old in links[:count])
    return (f"<div class=card><h2>Superseded ({len(links)}: kept for questions about before)</h2>"
            f"<ol>{items or '<li>none</li>'}</ol>{_more(len(links) - count, 'superseded memories')}</div>")


SCRIPT = """(function () {
  var q = document.getElementById('q'), count = document.getElementById('q-count');
  var items = Array.prototype.slice.call(document.querySelectorAll('#lives > li'));
  var words = items.map(function (li) { return li.textContent.toLowerCase(); });
  function filter() {
    var wanted = q.value.toLowerCase().trim(), shown = 0;
    items.forEach(function (li, i) { var hit = !wanted || words[i].indexOf(wanted) >= 0; li.hidden = !hit; if (hit) shown++; });
    count.textContent = shown + ' of ' + items.length + ' shown';
  }
  function openTarget() {
    var target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target && target.tagName === 'DETAILS') { target.open = true; target.querySelector('summary').focus(); }
  }
  if (q) { q.addEventListener('input', filter); filter(); }
  window.addEventListener('hashchange', openTarget);
  openTarget();
  document.documentElement.setAttribute('data-ready', '1');
})();"""

STYLE = """
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d8dee4; --accent: #0b57d0; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: var(--ink); background: #f6f8fa; }
header, main { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 24px; } h1 { margin: 0 0 4px; font-size: 24px; } h2 { font-size: 16px; margin: 0 0 10px; }
.meta, .note, .more, small, .tag { color: var(--muted); } .more { font-style: italic; margin: 6px 0 0; }
section { margin: 16px 0; } .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; min-width: 0; }
.grid2, .grid3 { display: grid; gap: 16px; grid-template-columns: 1fr; }
@media (min-width: 760px) { .grid2 { grid-template-columns: 1fr 1fr; } .grid3 { grid-template-columns: repeat(3, 1fr); } }
.bars { display: grid; grid-template-columns: max-content 1fr 3.5em; gap: 6px 10px; align-items: center; }
.label { white-space: nowrap; } .value { text-align: right; font-variant-numeric: tabular-nums; }
.track { width: 100%; height: 12px; background: #eef1f4; border-radius: 2px; }
.chart { width: 100%; height: auto; display: block; } .hist { max-height: 200px; }
.week .when, .week .who { white-space: nowrap; color: var(--muted); }
@media (max-width: 600px) { .week tr { display: block; border-bottom: 1px solid #eef1f4; padding: 4px 0; }
  .week td { display: block; border: 0; padding: 0 4px; } .week .when, .week .who { display: inline-block; } } svg text { font-size: 11px; fill: var(--muted); }
.legend { list-style: none; padding: 0; columns: 2 320px; } .legend li { break-inside: avoid; margin: 2px 0; }
.swatch { width: 12px; height: 12px; margin-right: 6px; vertical-align: -1px; }
.tag { font-size: 12px; } .s-core { color: #0a6b2b; font-weight: 600; }
ol, ul { padding-left: 22px; margin: 0; } li { margin: 3px 0; overflow-wrap: anywhere; }
.cmds { list-style: none; padding-left: 8px; } code { font: 12px/1.4 ui-monospace, monospace; background: #f0f2f4; padding: 1px 3px; border-radius: 3px; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; } caption { text-align: left; color: var(--muted); }
td { border-bottom: 1px solid #eef1f4; padding: 3px 6px; vertical-align: top; font-size: 13px; overflow-wrap: anywhere; }
#lives { padding-left: 0; list-style: none; } #lives > li { border-bottom: 1px solid #eef1f4; }
summary { cursor: pointer; padding: 6px 4px; } details[open] > summary { background: #f3f6fb; }
.life { padding: 6px 12px 12px; } .content { white-space: pre-wrap; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; } dt { color: var(--muted); } dd { margin: 0; }
.spark { width: 220px; max-width: 100%; height: 56px; display: block; }
input[type=search] { font: inherit; padding: 6px 8px; width: min(28em, 100%); border: 1px solid #8c959f; border-radius: 6px; margin: 6px 0; }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; } .skip:focus { left: 12px; top: 8px; background: #fff; padding: 6px 10px; }
"""


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


# the page's own policy; the server sends it as a header too, with what a <meta> cannot carry
META_POLICY = (f"default-src 'none'; script-src {_digest(SCRIPT)}; style-src {_digest(STYLE)}; img-src 'none'; "
               "base-uri 'none'; form-action 'none'")
HEADER_POLICY = META_POLICY + "; frame-ancestors 'none'"

PAGE = """<!DOCTYPE html>
<html lang=en><head><meta charset=utf-8>
<meta http-equiv="Content-Security-Policy" content="{csp}">
<meta name=viewport content="width=device-width, initial-scale=1">
<meta name=referrer content=no-referrer>
<title>{title}</title>
<style>{style}</style></head><body>
{body}
<script>{script}</script>
</body></html>
"""

"""Text written for an agent's context: core memories and recall results,
framed (when observed, in what state) and defused.

Memory content is data, not structure: newlines are folded, leading markdown
markers are escaped and HTML comments are broken, so a memory can neither
forge a heading or a core entry nor close our marked sections. A procedure's
steps are each put on a line of their own, numbered by us, each defused.
"""

from __future__ import annotations

import re

from ..text.textutil import defuse, estimate_tokens, one_line  # noqa: F401 - defuse: graph.py and conflicts.py

__all__ = ["defuse", "load_core", "observation_line", "render_recall"]

_STEP = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+(?P<text>\S.*)$")
PROCEDURE_LINES = 40   # a procedure shows at most this many of its lines ...
PROCEDURE_LINE = 300   # ... each at most this long


def load_core(workspace, budget_tokens: int | None, title: str = "Core memories") -> tuple[str, dict]:
    """The core memories (store/core.py: the one definition) as an agent's
    context reads them at session start."""
    from ..store.core import of_workspace, render_core
    return render_core(of_workspace(workspace), workspace.config, budget_tokens, title)


def observed(created: str | None, now=None) -> str:
    """How a memory is framed by when it was observed: "Previously observed
    (DATE)" when that was before today, "Observed today (DATE)" when today (the
    machine's time zone, as every day of ours), else "Observed (DATE)"."""
    from ..text.timeutil import parse_time
    from ..errors import UsageError
    try:
        moment = parse_time(created or "", "created")
    except UsageError:
        return "Observed (undated)"
    local = moment.astimezone()
    date = local.date().isoformat()
    if now is None:
        return f"Previously observed ({date})"
    today = now.astimezone().date()
    if local.date() < today:
        return f"Previously observed ({date})"
    if local.date() == today:
        return f"Observed today ({date})"
    return f"Observed ({date})"


def marks(result: dict) -> list[str]:
    """What state a memory is in, said beside it: stale (superseded by which,
    or unused), archived, pinned."""
    found = []
    if result.get("supersededBy"):
        found.append(f"stale: superseded by {result['supersededBy']}")
    elif result.get("confidence") == "stale":
        found.append("stale: unused for a long time")
    if result.get("status") == "archived":
        found.append("archived")
    if result.get("pinned") or result.get("store") == "vault":
        found.append("pinned")
    return found


def procedure_lines(content: str) -> tuple[str, list[str]]:
    """(title, lines) of a procedure's text: its `# title`, then each step
    numbered anew and each other line as it is, every one defused."""
    lines = [line for line in (content or "").splitlines() if line.strip()]
    title = ""
    if lines and lines[0].lstrip().startswith("#"):
        title = lines.pop(0).strip().lstrip("#").strip()
    shown, number = [], 0
    for line in lines[:PROCEDURE_LINES]:
        step = _STEP.match(line)
        if step:
            number += 1
            shown.append(f"{number}. {defuse(step.group('text'), PROCEDURE_LINE)}")
        else:
            shown.append(defuse(line, PROCEDURE_LINE))
    if len(lines) > PROCEDURE_LINES:
        shown.append(f"… {len(lines) - PROCEDURE_LINES} more lines")
    return defuse(title, 200) if title else "", shown


def observation_line(result: dict, now=None) -> str:
    """One recall result as the text format prints it (what `--budget` counts):
    when it was observed, its id and score, its state, then its words; a
    procedure as its title and its steps, one a line."""
    state = "".join(f"; {mark}" for mark in marks(result))
    head = f"- {observed(result.get('created'), now)} [{result['id']}, score {result['score']:.2f}{state}]: "
    if result.get("store") == "procedural":
        title, lines = procedure_lines(result.get("content") or "")
        if lines or title:
            return head + "Procedure: " + (title or "(untitled)") + "".join(f"\n    {line}" for line in lines)
    return head + defuse(result["content"], 600)


# the parts of a score that can bring a memory in without a word of the query
_LIFTS = ("contiguity", "episode", "date", "speaker", "related", "answer_kind", "supersession")


def render_recall(results: list[dict], explain: bool = False, budget_tokens: int | None = None,
                  over_budget: int | None = None, now=None) -> str:
    """Recall results framed as dated observations (observation_line), one
    each. `over_budget`: the cost of the best memory a budget left out
    (search.pack); `now`: what "today" is."""
    if not results:
        if over_budget:  # found, but not one fits: say so, not "nothing found"
            return f"No memory fits in {budget_tokens} tokens: the best match alone takes {over_budget}.\n"
        return "No memories found.\n"
    lines = []
    for result in results:
        lines.append(observation_line(result, now))
        if explain and "why" in result:
            why = result["why"]
            parts = ", ".join(f"{name} {value:.3f}" for name, value in why["parts"].items())
            terms = ", ".join(why["terms"])
            if why.get("related"):
                terms = ", ".join(filter(None, [terms, "related: " + ", ".join(why["related"])]))
            if not terms:  # what brought it in, then: its neighbours, its episode, its date...
                lifts = [name for name in why["parts"] if name in _LIFTS]
                terms = f"(none: lifted by {', '.join(lifts)})" if lifts else "(none)"
            link = ""
            if why.get("over"):
                link += f"; ranked above {', '.join(why['over'][:5])} (same subject and slot)"
            if why.get("slot"):
                link += f"; holds {', '.join(why['slot']['keys'])} (read by: {why['slot']['read_by']})"
            outcomes = why.get("outcomes")
            if outcomes and (outcomes["good"] or outcomes["bad"]):  # outcome.py's judgements of it
                link += (f"; outcomes {outcomes['good']} good, {outcomes['bad']} bad: "
                         f"half-life x{outcomes['halfLifeFactor']:g}")
            lines.append(f"    why: terms {terms}; {parts}{link}")
    return "\n".join(lines) + "\n"

"""Reflection bookkeeping: the agent thinks, this module files.

    hippocampus/meta/reflections/YYYY-MM-DD.md   each reflection in full
    hippocampus/meta/reflection-log.md           summaries: the last 10 in full, older ones one line each
    hippocampus/meta/reward-log.md               reward decisions (result and reason only)
    IDENTITY.md                             [Self-Awareness] lines appended to its log

The time of the last reflection lives in index.json (`reflection.last`).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import UsageError, WorkspaceError
from ..text.textutil import estimate_tokens, one_line

LOG = "hippocampus/meta/reflection-log.md"
REWARDS = "hippocampus/meta/reward-log.md"
FOLDER = "hippocampus/meta/reflections"
IDENTITY = "IDENTITY.md"
PROMPT = Path(__file__).resolve().parents[3] / "references" / "reflection-process.md"
KEEP_IN_FULL = 10
SELF_IMAGE_DUE = 10
CONSOLIDATED_MARK = "<!-- self-image consolidated -->"  # written with a date before the -->
_ENTRY = re.compile(r"^### (?P<title>.+)$")


def sections(text: str) -> dict[str, str]:
    """`## Heading` -> its text, headings lower-cased."""
    found: dict[str, str] = {}
    current = None
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            if current is not None:
                found[current] = "\n".join(lines).strip()
            current, lines = line[3:].strip().lower(), []
        elif current is not None:
            lines.append(line)
    if current is not None:
        found[current] = "\n".join(lines).strip()
    return found


# ------------------------------------------------------------------- prepare
def prepare(workspace, budget: int) -> dict:
    from datetime import timedelta
    from ..store.graph import Graph
    from ..base.scoring import decayed
    from ..recall.context import marks
    from ..text.timeutil import format_time, parse_time_or

    cache = workspace.reader_cache()  # (hand edits laid over)
    header = _header(workspace)
    last = header.get("last")
    since = parse_time_or(last, workspace.now) if last else workspace.now - timedelta(days=7)
    # every live memory's state read one at a time, without its words; the words only of those shown
    # (at 100,000 memories the list of them all was ~300 MB)
    episodes, strong = [], []
    for memory in cache.each_state():
        if memory.get("status") == "archived":
            continue
        if memory.get("store") == "episodic":
            if parse_time_or(memory.get("created"), workspace.now) > since:
                episodes.append((memory["created"], memory["id"]))
        else:
            value = decayed(memory, workspace.now, workspace.config)
            if value > 0.3:
                strong.append((value, memory["id"], memory["domain"], memory["category"], marks(memory)))
    episodes.sort(key=lambda item: item[0])  # (stable: in the store's order where the times are the same)
    strong.sort(key=lambda item: -item[0])
    entities = sorted(Graph.load(workspace).entities.values(), key=lambda e: e.name.casefold())
    prompt = PROMPT.read_text(encoding="utf-8") if PROMPT.is_file() else ""
    log_tail = _tail(workspace.root / workspace.paths.here(LOG), 3)
    rewards_tail = _tail(workspace.root / workspace.paths.here(REWARDS), 5)
    due = self_image_due(workspace.root)
    entity_lines = [f"- {e.name} ({e.type}): {len(e.facts)} facts, {len(e.relations)} relations" for e in entities]
    counts = {"episodes": len(episodes), "memories": len(strong), "entities": len(entity_lines)}

    def content(memory_id: str) -> str:
        memory = cache.get(memory_id)
        return memory["content"] if memory else ""

    def line(key: str, position: int) -> str:
        if key == "episodes":
            created, memory_id = episodes[position]
            return f"- ({created[:16].replace('T', ' ')}) {one_line(content(memory_id), 300)}"
        if key == "memories":
            value, memory_id, domain, category, memory_marks = strong[position]
            return f"- [{value:.2f}] ({domain}/{category}) {one_line(content(memory_id), 200)}" \
                + "".join(f" ({mark})" for mark in memory_marks)
        return entity_lines[position]

    def bundle(shown: dict, left_out: dict) -> str:
        return "\n".join([
            f"# Reflection input ({format_time(workspace.now)[:10]})", "",
            f"## Episodes since the last reflection ({last or 'none yet: the last 7 days'})",
            *(shown["episodes"] or ["(none)"]), _more(left_out["episodes"], "episodes"), "",
            "## What you know (memories above 0.3, strongest first)", *(shown["memories"] or ["(none)"]),
            _more(left_out["memories"], "memories"), "",
            "## Entities", *(shown["entities"] or ["(none)"]), _more(left_out["entities"], "entities"), "",
            "## Recent reflections", log_tail or "(none yet)", "",
            "## Recent reward decisions", rewards_tail or "(none yet)", "",
            (f"Self-image consolidation is due: {due} new [Self-Awareness] entries in IDENTITY.md.\n" if due else ""),
            prompt,
        ])

    # what is printed whatever fits (headings, logs, the prompt, every "left out" note at its longest)
    fixed = estimate_tokens(bundle({key: [] for key in counts}, counts))
    if fixed > budget:
        raise UsageError(f"--budget {budget} is less than the prompt, headings and logs take alone "
                         f"({fixed} tokens); ask for at least {fixed + 200}")
    room = budget - fixed
    shares = {"episodes": 0.5, "memories": 0.35, "entities": 0.15}
    shown: dict[str, list[str]] = {key: [] for key in shares}
    spent = 0
    # each part fills its share; what a part leaves unused then goes to the others, in the same order
    for allowance in ({key: int(room * share) for key, share in shares.items()}, None):
        for key in shares:
            used = 0
            for position in range(len(shown[key]), counts[key]):
                text = line(key, position)
                cost = estimate_tokens(text) + 1
                if (allowance is not None and used + cost > allowance[key]) or spent + cost > room:
                    break
                shown[key].append(text)
                used += cost
                spent += cost
    left_out = {key: counts[key] - len(shown[key]) for key in shares}
    text = bundle(shown, left_out)
    return {"text": text, "tokens": estimate_tokens(text), "budget": budget, "since": last,
            "episodes": len(episodes), "memories": len(strong), "entities": len(entities),
            "leftOut": left_out, "selfImageDue": due}


def _more(count: int, what: str) -> str:
    return f"_({count} more {what} left out to stay within the budget)_" if count else ""


def _tail(path: Path, entries: int) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return ""
    blocks = [b for b in re.split(r"(?m)^(?=### )", text) if b.startswith("### ")]
    return "".join(blocks[-entries:]).strip()


def _header(workspace) -> dict:
    from ..store import index_store
    value = index_store.read_raw_header(workspace.paths.index).get("reflection")
    return value if isinstance(value, dict) else {}


# -------------------------------------------------------------------- record
def record(tx, text: str) -> dict:
    from ..text.redact import redact_text
    from ..text.timeutil import format_time

    text = redact_text(text).strip()
    parts = sections(text)
    summary = one_line(parts.get("summary") or _first_paragraph(text), 600)
    if not summary:
        raise UsageError("the reflection is empty: write a '## Summary' (see references/reflection-process.md)")
    earlier = recorded_as(tx, text)
    if earlier is not None:  # the same reflection again: nothing new to file
        return {"id": earlier.rsplit("/", 1)[-1][:-3], "file": earlier, "summary": summary, "selfAwareness": 0,
                "reward": None, "selfImageDue": self_image_due(tx.workspace.root, tx), "alreadyRecorded": True}
    day = format_time(tx.now)[:10]
    path = f"{FOLDER}/{day}.md"
    number = 1
    while tx.current_bytes(path) is not None:
        number += 1
        path = f"{FOLDER}/{day}-{number}.md"
    reflection_id = f"{day}" + (f"-{number}" if number > 1 else "")
    tx.write_file(path, (text + "\n").encode("utf-8"))
    _append_log(tx, reflection_id, summary, path)
    awareness = [one_line(line.split("]", 1)[1], 300) for line in text.splitlines()
                 if line.lstrip("-* ").startswith("[Self-Awareness]") and "]" in line]
    awareness = [line for line in awareness if line]
    if awareness:
        awareness = _append_self_awareness(tx, day, awareness)
    reward = _reward(parts.get("reward request") or parts.get("reward") or "")
    if reward:
        current = tx.current_bytes(REWARDS)
        log = current.decode("utf-8", "replace") if current is not None else \
            "# Reward log\n\nDecisions on reflection reward requests: result and reason only.\n"
        log = log.rstrip("\n") + f"\n\n### {reflection_id}\n- Result: {reward['result']}\n- Reason: {reward['reason']}\n"
        tx.write_file(REWARDS, log.encode("utf-8"))
    tx.index["reflection"] = {"last": format_time(tx.now), "count": int(tx.index.get("reflection", {}).get("count", 0)) + 1}
    tx.index_changed = True
    tx.actor = f"reflection:{reflection_id}"
    tx.action = "reflect"
    tx.summary = f"reflection {reflection_id}: {summary}"
    due = self_image_due(tx.workspace.root, tx)
    return {"id": reflection_id, "file": path, "summary": summary, "selfAwareness": len(awareness),
            "reward": reward, "selfImageDue": due, "alreadyRecorded": False}


def _same_text(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def recorded_as(tx, text: str) -> str | None:
    """The file of a reflection already recorded with this text (line ends and
    trailing spaces aside), on any day, the earliest; None when there is none."""
    import os

    wanted = _same_text(text)
    try:
        names = sorted((entry.name for entry in os.scandir(tx.workspace.root / FOLDER)
                        if entry.name.endswith(".md") and entry.is_file(follow_symlinks=False)),
                       key=lambda name: (name[:10], len(name), name))  # the first of a day first
    except OSError:
        return None
    for name in names:
        path = f"{FOLDER}/{name}"
        try:
            data = tx.current_bytes(path)
        except WorkspaceError:
            continue  # unreadable here: not one to compare with
        if data is not None and _same_text(data.decode("utf-8", "replace")) == wanted:
            return path
    return None


def _first_paragraph(text: str) -> str:
    for block in re.split(r"\n\s*\n", text):
        block = block.strip()
        if block and not block.startswith("#"):
            return block
    return ""


def _reward(text: str) -> dict | None:
    result = re.search(r"(?im)^\s*[-*]?\s*result:\s*(.+)$", text)
    if not result:
        return None
    reason = re.search(r"(?im)^\s*[-*]?\s*reason:\s*(.+)$", text)
    return {"result": one_line(result.group(1), 200), "reason": one_line(reason.group(1), 400) if reason else ""}


def _append_log(tx, reflection_id: str, summary: str, path: str) -> None:
    """The log keeps the last KEEP_IN_FULL summaries in full; older ones shrink to one line."""
    current = tx.current_bytes(LOG)
    text = current.decode("utf-8", "replace") if current is not None else \
        "# Reflection log\n\nThe last 10 reflections in full; older ones in one line (full text in reflections/).\n"
    head, *blocks = re.split(r"(?m)^(?=### )", text)
    blocks = [b.rstrip("\n") + "\n" for b in blocks]
    blocks.append(f"### {reflection_id}\n{summary}\n(full: {path})\n")
    archived_head = re.search(r"(?ms)^## Older reflections\n(.*?)(?=^### |\Z)", head)
    older = archived_head.group(1).strip().splitlines() if archived_head else []
    head = re.sub(r"(?ms)^## Older reflections\n.*", "", head).rstrip("\n") + "\n"
    while len(blocks) > KEEP_IN_FULL:
        oldest = blocks.pop(0)
        title, _, body = oldest.partition("\n")
        older.append(f"- {title[4:].strip()}: {one_line(body.split('(full:')[0], 140)}")
    archive = ("\n## Older reflections\n" + "\n".join(older) + "\n") if older else ""
    tx.write_file(LOG, (head + archive + "\n" + "\n".join(blocks)).encode("utf-8"))


_LOGGED = re.compile(r"(?m)^\s*-\s+\S+\s+\[Self-Awareness\]\s*(.*?)\s*$")


def _append_self_awareness(tx, day: str, lines: list[str]) -> list[str]:
    """Append the lines IDENTITY.md's log does not hold yet (the same text on
    any day is the same observation); the lines appended."""
    from ..text.blocks import append_to_section
    current = tx.current_bytes(IDENTITY)
    text = current.decode("utf-8", "replace") if current is not None else "# IDENTITY\n"
    logged = set(_LOGGED.findall(text))
    added = []
    for line in lines:
        if line in logged:
            continue
        logged.add(line)
        added.append(line)
        text = append_to_section(text, "Self-awareness log", f"- {day} [Self-Awareness] {line}")
    if added:
        tx.write_file(IDENTITY, text.encode("utf-8"))
    return added


def self_image_due(root: Path, tx=None) -> int:
    """How many [Self-Awareness] entries gathered since the self-image was last consolidated (0 if < 10)."""
    data = tx.current_bytes(IDENTITY) if tx is not None else None
    if data is None:
        try:
            data = (root / IDENTITY).read_bytes()
        except OSError:
            return 0
    text = data.decode("utf-8", "replace")
    after = text.rsplit(CONSOLIDATED_MARK[:-4], 1)[-1]
    count = sum(1 for line in after.splitlines() if "[Self-Awareness]" in line and line.lstrip().startswith("-"))
    return count if count >= SELF_IMAGE_DUE else 0


def mark_self_image(tx) -> dict:
    """Note in IDENTITY.md that the self-image was just rewritten from the log (resets the count)."""
    from ..text.timeutil import format_time
    current = tx.current_bytes(IDENTITY)
    if current is None:
        raise UsageError("there is no IDENTITY.md (scripts/init.py creates it)")
    text = current.decode("utf-8", "replace").rstrip("\n")
    text += f"\n{CONSOLIDATED_MARK[:-4]} {format_time(tx.now)[:10]} -->\n"
    tx.write_file(IDENTITY, text.encode("utf-8"))
    tx.action = "self-image"
    tx.summary = "self-image consolidated from the self-awareness log"
    return {"marked": True}

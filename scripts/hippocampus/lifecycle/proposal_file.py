"""The proposals file: its format, parsed and rendered (proposals.py files and decides them).

hippocampus/meta/pending-memories.md, in the documented proposal format:

    ---
    ## Proposal #3
    - **From**: subagent:researcher
    - **Timestamp**: 2026-11-29T20:30:00Z
    - **Trigger**: cli
    - **Suggested store**: semantic
    - **Content**: The staging database moved to eu-west-2.
    - **Entities**: -
    - **Confidence**: medium
    - **Core-worthy**: no
    - **Status**: pending

Further lines of a multi-line content are indented by two spaces. Optional
fields carry what remember.py was given (Domain, Category, Importance,
Keywords, Source, Episode, Title). A decided proposal stays in the file with
its status: `approved as mem_... by main at ...` or `rejected by main at ...: reason`.
"""

from __future__ import annotations

import re

from ..errors import NotFound, UsageError

PATH = "hippocampus/meta/pending-memories.md"
HEADER = ("# Pending memories\n\n"
          "Proposals from sub-agents (and other actors without write access), waiting for the main agent:\n"
          "`scripts/review.py list`, `approve N`, `approve --all`, `reject N --reason TEXT`.\n")
CONFIDENCE = ("high", "medium", "low")
FIELDS = (("from", "From"), ("timestamp", "Timestamp"), ("trigger", "Trigger"), ("kind", "Kind"),
          ("target", "Target"), ("store", "Suggested store"),
          ("content", "Content"), ("entities", "Entities"), ("confidence", "Confidence"),
          ("coreWorthy", "Core-worthy"), ("domain", "Domain"), ("category", "Category"),
          ("importance", "Importance"), ("keywords", "Keywords"), ("source", "Source"),
          ("episode", "Episode"), ("title", "Title"), ("status", "Status"))
_LABEL_TO_KEY = {label.lower(): key for key, label in FIELDS}
_HEADING = re.compile(r"^## Proposal #(\d+)\s*$")
_FIELD = re.compile(r"^- \*\*(?P<label>[^*]+)\*\*:\s?(?P<value>.*)$")


def parse(text: str) -> list[dict]:
    proposals: list[dict] = []
    current: dict | None = None
    last_key = None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            current = {"id": int(heading.group(1))}
            proposals.append(current)
            last_key = None
            continue
        if current is None:
            continue
        field = _FIELD.match(line)
        if field:
            last_key = _LABEL_TO_KEY.get(field.group("label").strip().lower())
            if last_key:
                current[last_key] = field.group("value").strip()
            continue
        if last_key == "content" and line.startswith("  "):
            current["content"] += "\n" + line[2:]
        elif line.strip() and line.strip() != "---":
            last_key = None
    for proposal in proposals:
        proposal["state"] = (proposal.get("status") or "pending").split()[0].lower()
        entities = proposal.get("entities", "-")
        proposal["entities"] = [] if entities in ("", "-") else [e.strip() for e in entities.split(",") if e.strip()]
        try:
            proposal["importance"] = float(proposal["importance"]) if proposal.get("importance") else None
        except ValueError:
            proposal["importance"] = None
    return proposals


def render(proposal: dict) -> str:
    lines = ["", "---", f"## Proposal #{proposal['id']}"]
    for key, label in FIELDS:
        value = proposal.get(key)
        if value in (None, "", []):
            if key in ("entities",):
                value = "-"
            else:
                continue
        if isinstance(value, list):
            value = ", ".join(value)
        if key == "content":
            first, *rest = str(value).split("\n")
            lines.append(f"- **{label}**: {first}")
            lines += [f"  {line}" for line in rest]
        else:
            lines.append(f"- **{label}**: {value}")
    return "\n".join(lines) + "\n"


def next_id(proposals: list[dict]) -> int:
    return max((p["id"] for p in proposals), default=0) + 1


def find(proposals: list[dict], number: int) -> dict:
    for proposal in proposals:
        if proposal["id"] == number:
            return proposal
    raise NotFound(f"no proposal #{number} in {PATH}")


def set_status(text: str, number: int, status: str) -> str:
    """The file with proposal #number's Status line replaced (nothing else changes)."""
    lines = text.split("\n")
    inside = False
    for position, line in enumerate(lines):
        heading = _HEADING.match(line)
        if heading:
            inside = int(heading.group(1)) == number
            continue
        if inside and line.startswith("- **Status**:"):
            lines[position] = f"- **Status**: {status}"
            return "\n".join(lines)
    raise NotFound(f"proposal #{number} has no Status line to update")


def check_confidence(value: str | None) -> str:
    value = (value or "medium").strip().lower()
    if value not in CONFIDENCE:
        raise UsageError(f"confidence must be one of {', '.join(CONFIDENCE)}, got {value[:20]!r}")
    return value

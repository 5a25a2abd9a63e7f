"""Episodic daily logs: memory/episodes/YYYY-MM-DD.md, many memories per file.

    # 2026-11-29

    ## 14:03 · mem_3f2a9c1d8e7b
    The nightly backup to the NAS failed again.

Each entry is a `## ` heading (time, then the id marker a person can see but
need not touch) and its text. Scripts only append entries (purging one is the
exception); a person may edit, add or delete entries by hand and the next
writer picks that up. An entry a person added without a marker gets one.

A memory line that itself starts with `#` is written with a backslash in
front, so it cannot start a new entry; parsing takes one backslash away.
"""

from __future__ import annotations

import re
from datetime import datetime

from ..base.fsutil import file_hash

FOLDER = "episodes"
_HEADING = re.compile(r"^## (?P<rest>.*)$")
_MARKER = re.compile(r"(?:^|\s)(?:·\s*)?(?P<id>mem_[A-Za-z0-9_.\-]{1,76})\s*$")
_TIME = re.compile(r"^(?P<time>\d{1,2}:\d{2})(?::\d{2})?\b\s*")
_ESCAPED = re.compile(r"^(\\*)#")


class Entry:
    __slots__ = ("memory_id", "time", "title", "content", "heading_line")

    def __init__(self, memory_id: str | None, time: str | None, title: str, content: str, heading_line: int):
        self.memory_id = memory_id
        self.time = time
        self.title = title
        self.content = content
        self.heading_line = heading_line

    @property
    def hash(self) -> str:
        return entry_hash(self.content)


def entry_hash(content: str) -> str:
    return file_hash(content.encode("utf-8"))


def path_for(created: str) -> str:
    """The log a memory created at `created` (ISO time) belongs to."""
    return f"memory/{FOLDER}/{created[:10]}.md"


def is_episode_path(path: str) -> bool:
    """A daily log: memory/episodes/<day>.md, or its archive copy hippocampus/archive/episodes/<day>.md
    (the entries of forgotten episodes); in a layout from before, under either folder."""
    parts = path.split("/")
    if not parts or parts[0] not in ("memory", "hippocampus") or not path.endswith(".md"):
        return False
    return (len(parts) == 3 and parts[1] == FOLDER) or (len(parts) == 4 and parts[1] == "archive" and parts[2] == FOLDER)


def day_of(path: str) -> str:
    return path.rsplit("/", 1)[-1][:-3]


def _escape(line: str) -> str:
    return "\\" + line if _ESCAPED.match(line) else line


def _unescape(line: str) -> str:
    return line[1:] if line.startswith("\\") and _ESCAPED.match(line) else line


def header(day: str) -> str:
    return f"# {day}\n"


def render_entry(memory: dict) -> str:
    created = memory.get("created") or ""
    time = created[11:16] if len(created) >= 16 else "00:00"
    body = "\n".join(_escape(line) for line in memory["content"].strip().splitlines())
    return f"\n## {time} · {memory['id']}\n{body}\n"


def parse(text: str) -> list[Entry]:
    """Every entry of a daily log, in file order. Text before the first entry is the preamble."""
    entries: list[Entry] = []
    current: Entry | None = None
    body: list[str] = []

    def close():
        if current is not None:
            lines = [_unescape(line) for line in body]
            text_lines = ([current.title] if current.title else []) + lines
            current.content = "\n".join(text_lines).strip()
            entries.append(current)

    for number, line in enumerate(text.splitlines()):
        match = _HEADING.match(line)
        if match is None:
            if current is not None:
                body.append(line)
            continue
        close()
        rest = match.group("rest").strip()
        memory_id = None
        marker = _MARKER.search(rest)
        if marker:
            memory_id = marker.group("id")
            rest = rest[:marker.start()].strip()
        time = None
        timed = _TIME.match(rest)
        if timed:
            time = timed.group("time")
            rest = rest[timed.end():].strip()
        rest = rest.strip(" ·-—")
        current = Entry(memory_id, time, rest, "", number)
        body = []
    close()
    return entries


def redacted(text: str) -> tuple[str, list[str]]:
    """A log with its secrets redacted part by part (redact.redact): the preamble, each
    heading line and each entry's body on its own, each without the line break that ends
    it, so that no pattern runs across an entry's boundary ("... the VPN password is" at
    an entry's end once took the next heading with it, and the memory under it) and a
    full-width secret in one part leaves the other parts' characters as they are. Lines
    are those parse() reads. An entry whose text is as remember wrote it is its own
    redaction (it was redacted before it was written)."""
    from ..text.redact import redact
    segments: list[list[str]] = []
    body: list[str] = []
    for piece in text.splitlines(keepends=True):
        if _HEADING.match(piece) is None:
            body.append(piece)
            continue
        if body:
            segments.append(body)
        segments.append([piece])
        body = []
    if body:
        segments.append(body)
    out: list[str] = []
    kinds: list[str] = []
    for segment in segments:
        joined, last = "".join(segment), segment[-1]
        ending = last[len(last.splitlines()[0]):]  # (a piece splitlines gave is never empty)
        clean, found = redact(joined[:len(joined) - len(ending)])
        out.append(clean + ending)
        kinds.extend(kind for kind in found if kind not in kinds)
    return "".join(out), kinds


def set_marker(text: str, entry: Entry, memory_id: str) -> str:
    """The log with `memory_id` as the marker of `entry`'s heading (nothing else changes)."""
    lines = text.split("\n")
    heading = lines[entry.heading_line].rstrip()
    marker = _MARKER.search(heading[3:])
    if marker:
        heading = heading[:3 + marker.start()].rstrip()
    lines[entry.heading_line] = f"{heading} · {memory_id}"
    return "\n".join(lines)


def remove_entry(text: str, memory_id: str) -> str:
    """The log without the entry carrying `memory_id` (used by forget --purge)."""
    entries = parse(text)
    lines = text.split("\n")
    for position, entry in enumerate(entries):
        if entry.memory_id != memory_id:
            continue
        end = entries[position + 1].heading_line if position + 1 < len(entries) else len(lines)
        start = entry.heading_line
        if start > 0 and not lines[start - 1].strip():
            start -= 1  # the blank line written before the heading
        del lines[start:end]
        break
    return "\n".join(lines)


def remove_entries(text: str, memory_ids: set[str]) -> tuple[str, set[str]]:
    """The log without the first entry carrying each of `memory_ids`, read once however many
    (remove_entry one at a time read a day's log of thousands once per entry), and the ids removed."""
    entries = parse(text)
    lines = text.split("\n")
    drop, removed = [], set()
    for position, entry in enumerate(entries):
        if entry.memory_id not in memory_ids or entry.memory_id in removed:
            continue
        end = entries[position + 1].heading_line if position + 1 < len(entries) else len(lines)
        start = entry.heading_line
        if start > 0 and not lines[start - 1].strip():
            start -= 1  # the blank line written before the heading
        drop.append((start, end))
        removed.add(entry.memory_id)
    if not drop:
        return text, removed
    kept, at = [], 0
    for start, end in drop:  # in file order; two entries side by side share the blank line between them
        kept += lines[at:max(start, at)]
        at = max(at, end)
    return "\n".join(kept + lines[at:]), removed


def entry_created(path: str, entry: Entry) -> str | None:
    """When a hand-written entry happened (ISO): the log's day and the heading's time."""
    day = day_of(path)
    clock = entry.time or "00:00"
    if len(clock) == 4:
        clock = "0" + clock
    text = f"{day}T{clock}:00Z"
    try:
        datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return None
    return text

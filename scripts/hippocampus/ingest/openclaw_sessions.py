"""Which OpenClaw transcripts are the person's own conversations, from `sessions.json`.

OpenClaw keeps, per agent, a session store mapping each `sessionKey` to a
`SessionEntry` (`sessionId`, optional `sessionFile`, `chatType`: direct |
group | room, ...). Its legacy file form is `sessions/sessions.json` beside
the `<sessionId>.jsonl` transcripts (docs: reference/session-management-
compaction/schema.md and store.md; 2026.9.6 keeps live sessions in SQLite
and that file is the migration input). Keys say what a session is:
`agent:<id>:main` (the main session, all DMs by default), `...:direct:<peer>`,
`...:<channel>:group:<id>`, `...:channel:<id>` / `...:room:<id>`,
`cron:<job>` / `...:cron:...`, `hook:...`, `...:subagent:...`.

`select(folder, files, include_groups)` keeps the transcripts of direct
sessions (plus groups and rooms with `include_groups`); cron, hook, subagent
and other sessions, and files the store does not list, are left out and
counted. A folder without a `sessions.json` is read whole; one that cannot be
read as a JSON object too, counted as `unreadable sessions.json`.
"""

from __future__ import annotations

import json
from pathlib import Path

STORE = "sessions.json"


def kind(key: str, entry: dict) -> str:
    """direct | group | cron | other, for one session store entry."""
    parts = key.split(":")
    chat = entry.get("chatType")
    if parts[0] in ("cron", "hook") or any(p in ("cron", "hook", "subagent", "acp", "heartbeat") for p in parts[2:]):
        return "cron" if "cron" in parts else "other"
    if chat in ("group", "room") or any(p in ("group", "channel", "room") for p in parts[2:]):
        return "group"
    if chat == "direct" or (len(parts) >= 3 and parts[0] == "agent" and parts[2] == "main") or "direct" in parts[2:]:
        return "direct"
    return "other"


def _load(folder: Path) -> dict | None | bool:
    """The store; None where there is none; False where it cannot be read as OpenClaw's JSON object."""
    try:
        with open(folder / STORE, "rb") as handle:
            store = json.load(handle)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError):  # nested too deep to read is unreadable too
        return False
    return store if isinstance(store, dict) else False


def select(folder: Path, files: list[Path], include_groups: bool = False) -> tuple[list[Path], dict[str, int]]:
    """(the files to read, {why: count} of those left out)."""
    store = _load(folder)
    if not store:
        return files, ({"unreadable sessions.json": 1} if store is False else {})
    wanted = {"direct", "group"} if include_groups else {"direct"}
    by_id: dict[str, str] = {}
    by_file: dict[str, str] = {}
    for key, entry in store.items():
        if not isinstance(entry, dict):
            continue
        what = kind(str(key), entry)
        if isinstance(entry.get("sessionId"), str) and entry["sessionId"]:
            by_id[entry["sessionId"]] = what
        if isinstance(entry.get("sessionFile"), str) and entry["sessionFile"]:
            by_file[str((folder / Path(entry["sessionFile"]).expanduser()).resolve())] = what
    kept: list[Path] = []
    skipped: dict[str, int] = {}
    for path in files:
        stem = path.name.split(".jsonl")[0]
        what = by_file.get(str(path.resolve())) or by_id.get(stem) or by_id.get(stem.split("-topic-")[0])
        if what in wanted:
            kept.append(path)
            continue
        reason = f"{what} session" if what else "session not in sessions.json"
        skipped[reason] = skipped.get(reason, 0) + 1
    return kept, skipped

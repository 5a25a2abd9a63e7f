"""A session's end, without an LLM: what the transcript's last part shows (the user's last
request, the files the agent wrote, the commands that failed, a next step the agent stated)
becomes a handoff, with the active task snapshot and the working notes, and working memory is
cleared; one transaction. Read deterministically from the transcript's last TAIL_BYTES
(Claude Code's and OpenClaw's JSONL; a plain text transcript gives its last lines only)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from . import transcripts

TAIL_BYTES = 2 * 1024 * 1024
FILE_TOOLS = {"edit", "write", "multiedit", "notebookedit", "apply_patch", "create", "str_replace_based_edit_tool"}
SHELL_TOOLS = {"bash", "exec", "shell", "run_command", "process"}
# "Next step: X", "Next steps - X", "The next step is X", "Next, I'll X"
_NEXT = re.compile(r"\b(?:next steps?\s*(?::|—|–| - | is | are )|next,? I(?:'ll| will) )\s*(?P<step>[^\n]{3,300})", re.I)


def _tail_offset(path: Path) -> int:
    """Where the tail's first whole line begins."""
    size = path.stat().st_size
    if size <= TAIL_BYTES:
        return 0
    with open(path, "rb") as handle:
        handle.seek(size - TAIL_BYTES)
        handle.readline()  # the rest of a line cut in two
        return handle.tell()


def _parts(message) -> list:
    content = message.get("content") if isinstance(message, dict) else None
    return [p for p in content if isinstance(p, dict)] if isinstance(content, list) else []


def _result_text(part_or_message) -> str:
    content = part_or_message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def _shown_path(path: str, cwd: str | None) -> str:
    if cwd and os.path.isabs(path) and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1:]
    return path


def facts(path: Path) -> dict:
    """{last_request, files, failed, next_step} from a transcript's last part ({} unreadable)."""
    try:
        path = Path(path)
        if path.is_dir():  # a project's folder of transcripts: the newest session
            found = [p for p in path.glob("*.jsonl") if p.is_file()]
            if not found:
                return {}
            path = max(found, key=lambda p: (p.stat().st_mtime, p.name))
        if not path.is_file():  # a named pipe, /dev/zero: no transcript, and never read without end
            return {}
        fmt = transcripts.detect(path)
        offset = _tail_offset(path)
        result = transcripts.ReadResult(offset=offset)
        messages = list(transcripts.stream(path, fmt, offset, str(path), result))
    except (OSError, ValueError):
        return {}
    from .signals import clean_signal  # the harness's text (slash commands, interrupt markers) is not a request
    users = [kept for m in messages if m.role == "user" and (kept := clean_signal(m.text)[0])]
    assistants = [m.text for m in messages if m.role == "assistant" and m.text.strip()]
    found = {"last_request": users[-1] if users else None, "files": [], "failed": [], "next_step": None}
    for text in reversed(assistants[-3:]):
        stated = _NEXT.search(text)
        if stated:
            found["next_step"] = stated["step"].strip()
            break
    if fmt == "plain":
        return found
    commands, cwd = {}, None
    try:
        for line, _end in transcripts.complete_lines(path, offset):
            record = transcripts.parse_record(line)
            if record is None:
                continue
            if isinstance(record.get("cwd"), str):
                cwd = record["cwd"]
            if record.get("isSidechain"):
                continue
            message = record.get("message")
            if not isinstance(message, dict):
                continue
            if message.get("role") == "toolResult":  # OpenClaw: a tool's answer is a message of its own
                call = commands.pop(message.get("toolCallId"), None)
                if call and message.get("isError"):
                    found["failed"].append(f"{call} → {_last_line(_result_text(message))}".rstrip(" →"))
                continue
            for part in _parts(message):
                kind = part.get("type")
                if kind in ("tool_use", "toolCall"):
                    name = str(part.get("name") or "").lower()
                    given = part.get("input") if kind == "tool_use" else part.get("arguments")
                    given = given if isinstance(given, dict) else {}
                    if name in FILE_TOOLS:
                        target = given.get("file_path") or given.get("notebook_path") or given.get("path")
                        if isinstance(target, str) and target.strip():
                            shown = _shown_path(target.strip(), cwd)
                            if shown not in found["files"]:
                                found["files"].append(shown)
                    elif name in SHELL_TOOLS and isinstance(given.get("command"), str):
                        commands[part.get("id")] = given["command"].strip()[:300]
                elif kind == "tool_result":  # Claude Code: the answer is a part of the next user record
                    call = commands.pop(part.get("tool_use_id"), None)
                    if call and part.get("is_error"):
                        found["failed"].append(f"{call} → {_last_line(_result_text(part))}".rstrip(" →"))
    except OSError:
        pass
    found["files"] = found["files"][-20:]
    found["failed"] = found["failed"][-10:]
    return found


def end_session(workspace, transcript: Path | None = None, origin: str = "session end",
                summary: str | None = None, next_step: str | None = None) -> dict:
    """The handoff from the session (when there is anything to hand off) and working memory
    cleared, in one transaction. Returns {handoff (or None), cleared}."""
    from ..lifecycle import session_work as sw
    from ..store import session_files as sf

    found = facts(transcript) if transcript else {}
    with workspace.transaction("bot:handoff", "handoff") as tx:
        scopes = sf.wm_scopes(workspace.root, workspace.paths)
        notes = []
        for scope in scopes:
            notes += [(e["importance"], f"{scope}: {e['text']}") for e in sw.wm_entries(tx, scope)]
        notes = [text for _, text in sorted(notes, key=lambda n: -n[0])[:10]]
        handoff = None
        snapshot = sw.current_snapshot(tx)
        if snapshot or notes or summary or next_step or any(found.get(k) for k in
                                                            ("last_request", "files", "failed", "next_step")):
            handoff = sw.handoff_create(tx, summary=summary, next_step=next_step or found.get("next_step"),
                                        origin=origin, last_request=found.get("last_request"),
                                        files=found.get("files") or (), failed=found.get("failed") or (),
                                        notes=notes)
        cleared = sw.wm_clear(tx, scopes)["cleared"]
        tx.action = "handoff"
        tx.summary = f"session end: {handoff['id'] if handoff else 'nothing to hand off'}; working memory cleared " \
                     f"({sum(cleared.values())} notes)"
    return {"handoff": handoff, "cleared": cleared}

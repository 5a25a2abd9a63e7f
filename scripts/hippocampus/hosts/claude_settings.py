"""Our hooks in a Claude Code settings file (install.sh --claude-code), and nothing else of the user's.

Our hook is recognised by equality, never a substring: the command splits (shlex) into
`python3`, this checkout's exact scripts/agent_hook.py path, an event, ... and the
`--hippocampus-hook` marker token (or the exact shape install.sh wrote before the marker).
A user's own `python3 ~/.claude/hooks/agent_hook.py notify` is theirs. Only our single hook
entries are taken out (a matcher group or event list is dropped only when ours emptied it);
the file keeps its indentation and final newline, so add then remove gives it back byte for
byte. Writes go through a private temporary file that is read back and verified before it
replaces the original; no backup file is left.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import tempfile
from pathlib import Path

MARKER = "--hippocampus-hook"
EVENTS = (("SessionStart", "session-start"), ("Stop", "session-end"), ("SessionEnd", "session-end"))


def hook_command(hook: str, event: str, workspace: str, project: str | None) -> str:
    words = ["python3", hook, event, "--workspace", workspace]
    if project:
        words += ["--project", project]
    return " ".join(shlex.quote(w) for w in words + [MARKER])


def is_ours(command, hook: str) -> bool:
    if not isinstance(command, str):
        return False
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    if words[:2] != ["python3", hook] or len(words) < 3 or words[2] not in ("session-start", "session-end"):
        return False
    if words[-1] == MARKER:
        return True
    # what install.sh wrote before the marker: python3 HOOK EVENT --workspace WS --project DIR
    return len(words) == 7 and words[3] == "--workspace" and words[5] == "--project"


def _without_ours(groups: list, hook: str) -> list:
    kept = []
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(inner, list):
            kept.append(group)
            continue
        left = [h for h in inner if not (isinstance(h, dict) and is_ours(h.get("command"), hook))]
        if len(left) == len(inner):
            kept.append(group)
        elif left:
            kept.append({**group, "hooks": left})
    return kept


def take_out(data: dict, hook: str) -> dict:
    hooks = data.get("hooks")
    if not isinstance(hooks, dict):
        return data
    new_hooks = {}
    for event, groups in hooks.items():
        if not isinstance(groups, list):
            new_hooks[event] = groups
            continue
        left = _without_ours(groups, hook)
        if left or len(left) == len(groups):
            new_hooks[event] = left
    result = dict(data)
    if new_hooks or not hooks:
        result["hooks"] = new_hooks
    else:
        del result["hooks"]
    return result


def put_in(data: dict, hook: str, workspace: str, project: str | None) -> dict:
    result = dict(data)
    hooks = dict(result.get("hooks") or {}) if isinstance(result.get("hooks"), dict) else {}
    for event, what in EVENTS:
        command = hook_command(hook, what, workspace, project)
        groups = hooks.get(event) if isinstance(hooks.get(event), list) else []
        present = [h.get("command") for g in groups if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                   for h in g["hooks"] if isinstance(h, dict) and is_ours(h.get("command"), hook)]
        if present == [command]:
            continue
        hooks[event] = _without_ours(groups, hook) + [{"hooks": [{"type": "command", "command": command}]}]
    result["hooks"] = hooks
    return result


def _layout(text: str) -> tuple:
    match = re.search(r"\n([ \t]+)\S", text)
    indent = match.group(1) if match else "  "
    return (indent if "\t" in indent else len(indent)), text.endswith("\n") or not text


def serialise(data: dict, like: str) -> str:
    """`data` laid out like the file's text: its indentation, or one line (with or without spaces)."""
    indent, newline = _layout(like)
    end = "\n" if newline else ""
    if ":" in like and "\n" not in like.strip():  # one line ({} alone: Claude Code's 2-space layout)
        tight = not re.search(r'[,:] ', like) and re.search(r'[,:]["{\[\d]', like)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":") if tight else None) + end
    return json.dumps(data, indent=indent, ensure_ascii=False) + end


def write_verified(path: Path, text: str, mode: int | None) -> None:
    """Write beside `path` in a private file, read it back, then put it in place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if Path(tmp).read_text(encoding="utf-8") != text:
            raise OSError(f"could not write {path}")
        os.chmod(tmp, mode if mode is not None else 0o600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise

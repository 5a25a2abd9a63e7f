"""Our hooks in a Claude Code settings file (install.sh --claude-code), and nothing else of the user's.

Our hook is recognised by equality, never a substring: the command splits (shlex) into
`python3`, this checkout's exact scripts/agent_hook.py path, an event, ... and the
`--hippocampus-hook` marker token (or the exact shape install.sh wrote before the marker).
A user's own `python3 ~/.claude/hooks/agent_hook.py notify` is theirs.

The file is edited as text (text/json_splice.py): each event gets our own matcher group,
added last, and removal takes out exactly those bytes, so add then remove gives the file
back byte for byte, whatever its layout (an empty `"hooks": {}` included). A group a person
put our hook into keeps theirs; a group or event list ours emptied goes (as it did before).
Every result is parsed back and checked to differ from the file only by our hooks before
it is written (base/user_file.py: through the file's link, its mode kept, no backup left).
"""

from __future__ import annotations

import json
import shlex

from ..errors import UsageError
from ..text import json_splice
from ..text.json_text import parse

MARKER = "--hippocampus-hook"
EVENTS = (("SessionStart", "session-start"), ("Stop", "session-end"), ("SessionEnd", "session-end"))


def hook_command(hook: str, event: str, workspace: str, project: str | None) -> str:
    words = ["python3", hook, event, "--workspace", workspace]
    if project:
        words += ["--project", project]
    return " ".join(shlex.quote(w) for w in words + [MARKER])


def hook_words(command) -> list[str] | None:
    """A hook's command as the shell splits it (None: not a command line)."""
    if not isinstance(command, str):
        return None
    try:
        return shlex.split(command)
    except ValueError:
        return None


def marked(words: list[str]) -> bool:
    """Whether a hook command's words are install.sh's: our marker last, or what install.sh
    wrote before the marker (python3 HOOK EVENT --workspace WS --project DIR)."""
    return words[-1] == MARKER or (len(words) == 7 and words[3] == "--workspace" and words[5] == "--project")


def is_ours(command, hook: str) -> bool:
    words = hook_words(command)
    if words is None or words[:2] != ["python3", hook] or len(words) < 3 \
            or words[2] not in ("session-start", "session-end"):
        return False
    return marked(words)


def _our_hook(value, hook: str) -> bool:
    return isinstance(value, dict) and is_ours(value.get("command"), hook)


def _our_group(value, hook: str) -> bool:
    inner = value.get("hooks") if isinstance(value, dict) else None
    return isinstance(inner, list) and bool(inner) and all(_our_hook(h, hook) for h in inner)


def group(command: str) -> dict:
    return {"hooks": [{"type": "command", "command": command}]}


def load(text: str, path) -> dict:
    try:
        data = parse(text).value
    except ValueError:
        raise UsageError(f"{path} is not JSON; left it untouched") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path} is not a JSON object; left it untouched")
    if "hooks" in data and not isinstance(data["hooks"], dict):
        raise UsageError(f"{path}: \"hooks\" is not an object; left it untouched")
    return data


def present(data: dict, hook: str) -> dict:
    """event -> the commands of ours it holds."""
    hooks = data.get("hooks") if isinstance(data.get("hooks"), dict) else {}
    return {event: [h.get("command") for g in groups if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                    for h in g["hooks"] if _our_hook(h, hook)]
            for event, groups in hooks.items() if isinstance(groups, list)}


def take_out(text: str, hook: str, path="the file") -> tuple[str, bool]:
    """The text without our hooks; True when nothing but ours was in it (a file we made)."""
    if json_splice.blank(text):
        return text, False
    try:
        return _take_out(text, hook, path)
    except ValueError as exc:  # (a key named twice on the way)
        raise UsageError(f"{path}: {exc}; left it untouched") from None


def _take_out(text: str, hook: str, path) -> tuple[str, bool]:
    before = load(text, path)
    order = [e for e, _ in reversed(EVENTS)] + [e for e, groups in before.get("hooks", {}).items()
                                                if e not in dict(EVENTS) and isinstance(groups, list)]
    for event in order:  # (the reverse of put_in's order: each removal meets the text its insertion left)
        text, whole = json_splice.remove(text, ("hooks", event), lambda _k, v: _our_group(v, hook))
        if whole or json_splice.blank(text):
            return text, whole
        groups = (load(text, path).get("hooks") or {}).get(event)
        for index in reversed(range(len(groups) if isinstance(groups, list) else 0)):  # ours in a group of theirs
            text, _ = json_splice.remove(text, ("hooks", event, index, "hooks"), lambda _k, v: _our_hook(v, hook))
    _check(path, before, load(text, path), hook, {})
    return text, False


def put_in(text: str | None, hook: str, workspace: str, project: str | None, path="the file") -> str | None:
    """The text with our three hooks (None: they are there already, exactly)."""
    commands = {event: hook_command(hook, what, workspace, project) for event, what in EVENTS}
    before = load(text, path) if text is not None and not json_splice.blank(text) else {}
    have = present(before, hook)
    if text is not None and all(have.get(event) == [command] for event, command in commands.items()) \
            and sum(len(v) for v in have.values()) == len(commands):
        return None
    if text is not None and any(have.values()):  # ours, but another workspace or project: taken out first
        text, whole = take_out(text, hook, path)
        text = None if whole else text
    if text is None or json_splice.blank(text):  # a new file (or one of white space only, kept for removal)
        new = json_splice.create({"hooks": {event: [group(c)] for event, c in commands.items()}}, text)
    else:
        new = text
        for event, command in commands.items():
            try:
                new = json_splice.add(new, ("hooks", event), group(command))
            except ValueError as exc:
                raise UsageError(f"{path}: {exc}; left it untouched") from None
    _check(path, before, load(new, path), hook, commands)
    return new


def _check(path, before: dict, after: dict, hook: str, commands: dict) -> None:
    """`after` is `before` but for our hooks (exactly `commands`) and the lists and objects only they filled."""
    if _without_ours(after, hook) != _without_ours(before, hook) or \
            {e: c for e, c in present(after, hook).items() if c} != {e: [c] for e, c in commands.items()}:
        raise UsageError(f"{path}: could not change our hooks without changing the rest; left it untouched")


def _without_ours(data: dict, hook: str) -> str:
    result = dict(data)
    hooks = result.get("hooks")
    if isinstance(hooks, dict):
        kept = {}
        for event, groups in hooks.items():
            if not isinstance(groups, list):
                kept[event] = groups
                continue
            left = []
            for g in groups:
                if _our_group(g, hook):
                    continue
                inner = g.get("hooks") if isinstance(g, dict) else None
                if isinstance(inner, list) and any(_our_hook(h, hook) for h in inner):
                    g = {**g, "hooks": [h for h in inner if not _our_hook(h, hook)]}
                left.append(g)
            if left:
                kept[event] = left
        result["hooks"] = kept
        if not kept:
            del result["hooks"]
    return json.dumps(result, sort_keys=True)

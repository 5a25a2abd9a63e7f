"""Our memory plugin's entries in OpenClaw's config file (`install.sh --openclaw-plugin`), and nothing else.

The plugin (openclaw-plugin/ in this checkout) is OpenClaw's memory slot when the file holds:
- its folder in `plugins.load.paths` (one exact path in a list, as our other entries are);
- `plugins.entries.hippocampus` exactly as ENTRY (enabled, and allowed the conversation: OpenClaw
  2026.9.6 blocks a non-bundled plugin's `before_prompt_build` hook, auto-recall, without
  `hooks.allowConversationAccess`), with `config.workspace` where our workspace is not OpenClaw's;
- `plugins.slots.memory` = "hippocampus";
- "hippocampus" in `plugins.allow` where the person keeps such a list (a list there lets only what it
  names load; none there is left as none, which would shut out every other plugin).

Each is ours by its exact value: an entry or a slot the person wrote otherwise is theirs and stays, and
a slot set to anything else (another memory plugin, "none") is not taken over (one line says how to
choose ours). Edited as text through json_splice, so taking ours out gives the file back byte for byte.
(Nothing is kept on disk, so a slot or an entry the person had set to exactly our values before an
install is taken out with the plugin's folder: it named a plugin that is then gone.)
"""

from __future__ import annotations

import json

from ..errors import UsageError
from ..text import json_splice
from . import openclaw_entries as oe

ID = "hippocampus"
PATHS = ("plugins", "load", "paths")
ENTRIES = ("plugins", "entries")
SLOTS = ("plugins", "slots")
ALLOW = ("plugins", "allow")


def entry(workspace: str | None) -> dict:
    """What we write under plugins.entries.hippocampus."""
    value = {"enabled": True, "hooks": {"allowConversationAccess": True}}
    if workspace:
        value["config"] = {"workspace": workspace}
    return value


def is_ours(value) -> bool:
    """An entry exactly as `entry` writes it, for any workspace."""
    if not isinstance(value, dict):
        return False
    config = value.get("config")
    workspace = config.get("workspace") if isinstance(config, dict) and list(config) == ["workspace"] else None
    return isinstance(workspace, str) and value == entry(workspace) or value == entry(None)


def _holds(data: dict, where: tuple, key: str) -> bool:
    """`key` is there (whatever its value: null and "" are values too)."""
    container = oe._at(data, where)
    return isinstance(container, dict) and key in container


def slot_taken(data: dict) -> bool:
    """The memory slot is set, to anything but us (another plugin, "none", null...)."""
    return _holds(data, SLOTS, "memory") and oe._at(data, SLOTS + ("memory",)) != ID


def put_in(text: str, path, plugin_dir: str, workspace: str | None) -> str:
    """The config's text with the plugin's entries (those already there as ours, or the person's, kept)."""
    before = oe.read(text, path)
    if slot_taken(before):
        held = json.dumps(oe._at(before, SLOTS + ("memory",)), ensure_ascii=False)[:80]
        raise UsageError(f"{path}: plugins.slots.memory is {held}; left it untouched (to make hippocampus "
                         f"OpenClaw's memory, set it to \"hippocampus\" or remove it, then run this again)")
    new = oe._add(text, PATHS, plugin_dir, path)
    if not _holds(before, ENTRIES, ID):
        new = _member(new, ENTRIES, ID, entry(workspace), path)
    if not _holds(before, SLOTS, "memory"):
        new = _member(new, SLOTS, "memory", ID, path)
    if isinstance(oe._at(before, ALLOW), list):
        new = oe._add(new, ALLOW, ID, path)
    _check(path, before, oe.read(new, path), plugin_dir, workspace, adding=True)
    return new


def take_out(text: str, path, plugin_dir: str) -> str:
    """The config's text without the plugin's entries of ours (in the reverse order of put_in's)."""
    before = oe.read(text, path)
    if plugin_dir not in (oe._at(before, PATHS) or []):
        return text  # never installed here: a slot or an entry named hippocampus is the person's own
    new = oe._drop(text, ALLOW, ID, path)
    new = _remove(new, SLOTS, lambda key, value: key == "memory" and value == ID, path)
    new = _remove(new, ENTRIES, lambda key, value: key == ID and is_ours(value), path)
    new = oe._drop(new, PATHS, plugin_dir, path)
    _check(path, before, oe.read(new, path), plugin_dir, None, adding=False)
    return new


def _member(text: str, where: tuple, key: str, value, path) -> str:
    if json_splice.blank(text):
        inner = {key: value}
        for step in reversed(where):
            inner = {step: inner}
        return json_splice.create(inner, text)
    try:
        return json_splice.add(text, where, value, key=key, json5=True)
    except ValueError as exc:
        raise UsageError(f"{path}: {'.'.join(where)}: {exc}; left it untouched") from None


def _remove(text: str, where: tuple, pick, path) -> str:
    if json_splice.blank(text):
        return text
    try:
        new, _whole = json_splice.remove(text, where, pick, json5=True)
    except ValueError as exc:
        raise UsageError(f"{path}: {'.'.join(where)}: {exc}; left it untouched") from None
    return new


def _check(path, before: dict, after: dict, plugin_dir: str, workspace: str | None, adding: bool) -> None:
    """`after` is `before` with only our entries added (or taken out), up to what they emptied."""
    expected = json.loads(json.dumps(before))
    plugins = expected.setdefault("plugins", {}) if isinstance(expected.get("plugins"), (dict, type(None))) else {}
    load = plugins.setdefault("load", {}) if isinstance(plugins.get("load"), (dict, type(None))) else {}
    listed = load.get("paths") if isinstance(load.get("paths"), list) else []
    if adding:
        load["paths"] = listed + ([] if plugin_dir in listed else [plugin_dir])
        for key, name, value in (("entries", ID, entry(workspace)), ("slots", "memory", ID)):
            held = plugins.setdefault(key, {})
            if isinstance(held, dict):
                held.setdefault(name, value)
        if isinstance(plugins.get("allow"), list) and ID not in plugins["allow"]:
            plugins["allow"].append(ID)
    else:
        load["paths"] = [value for value in listed if value != plugin_dir]
        for key, name, ours in (("entries", ID, is_ours), ("slots", "memory", lambda value: value == ID)):
            held = plugins.get(key)
            if isinstance(held, dict) and ours(held.get(name)):
                del held[name]
        if isinstance(plugins.get("allow"), list):
            plugins["allow"] = [value for value in plugins["allow"] if value != ID]
    paths = [PATHS, ENTRIES, SLOTS, ALLOW, ("plugins",)]
    if oe._canonical(expected, paths) != oe._canonical(after, paths):
        raise UsageError(f"{path}: could not change our plugin entries without changing the rest; left it untouched")

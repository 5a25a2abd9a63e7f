"""Our entries in OpenClaw's config file (install.sh, scripts/wire_openclaw.py), and nothing else.

At most three, each one exact path in a list: this checkout in `skills.load.extraDirs`,
HIPPOCAMPUS_CORE.md in `memory.search.extraPaths` (where our workspace is not OpenClaw's),
our hook pack in `hooks.internal.load.extraDirs` (--with-hooks). The core file under
`agents.defaults.memorySearch.extraPaths`, where install.sh put it before 2026-12 (OpenClaw
now rejects that key), is taken out wherever it is found.

The file is edited as text (text/json_splice.py), JSON or JSON5 as OpenClaw reads it: its
comments, unquoted keys, quotes, layout and key order stay, and --uninstall gives it back
byte for byte (`openclaw config set` would rewrite it whole: comments gone, a `meta` section
added, a `.bak` copy holding the gateway token left beside it, and a symlink replaced by a
plain file). Each result is parsed back and checked to differ from the file only by our
entries; the installed `openclaw config validate` has the last word (wire_openclaw.py).
"""

from __future__ import annotations

import json

from ..errors import UsageError
from ..text import json_splice
from ..text.json_text import is_json, parse

CORE = ("memory", "search", "extraPaths")
SKILLS = ("skills", "load", "extraDirs")
HOOKS = ("hooks", "internal", "load", "extraDirs")
LEGACY = ("agents", "defaults", "memorySearch", "extraPaths")


def is_json5(text: str) -> bool:
    """Readable only as JSON5 (comments, unquoted keys...): plain JSON or white space is not."""
    return not json_splice.blank(text) and not is_json(text)


def read(text: str, path) -> dict:
    if json_splice.blank(text):
        return {}
    try:
        data = parse(text, json5=True).value
    except ValueError as exc:
        raise UsageError(f"{path} is neither JSON nor JSON5 OpenClaw could read ({exc}); left it untouched") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path} is not a JSON object; left it untouched")
    return data


def put_in(text: str, path, core: str, skill: str, hooks: str, with_core: bool, with_hooks: bool) -> str:
    """The config's text with our entries (the legacy one, and the core file where not wanted, out)."""
    before = read(text, path)
    wanted = [(LEGACY, core, False), (CORE, core, with_core), (SKILLS, skill, True)]
    if with_hooks:
        wanted.append((HOOKS, hooks, True))
    new = text
    for where, value, keep in wanted:
        new = _add(new, where, value, path) if keep else _drop(new, where, value, path)
    _check(path, before, read(new, path), wanted)
    return new


def take_out(text: str, path, core: str, skill: str, hooks: str) -> str:
    """The config's text without any entry of ours (in the reverse order of put_in's)."""
    before = read(text, path)
    wanted = [(HOOKS, hooks, False), (SKILLS, skill, False), (CORE, core, False), (LEGACY, core, False)]
    new = text
    for where, value, _keep in wanted:
        new = _drop(new, where, value, path)
    _check(path, before, read(new, path), wanted)
    return new


def _at(data, where: tuple):
    for key in where:
        data = data.get(key) if isinstance(data, dict) else None
    return data


def _add(text: str, where: tuple, value: str, path) -> str:
    data = read(text, path)
    listed = _at(data, where)
    if isinstance(listed, list) and value in listed:
        return text
    if json_splice.blank(text):
        inner = [value]
        for key in reversed(where):
            inner = {key: inner}
        return json_splice.create(inner, text)
    try:
        return json_splice.add(text, where, value, json5=True)
    except ValueError as exc:
        raise UsageError(f"{path}: {'.'.join(where)}: {exc}; left it untouched") from None


def _drop(text: str, where: tuple, value: str, path) -> str:
    if json_splice.blank(text) or value not in (_at(read(text, path), where) or []):
        return text
    try:
        new, _whole = json_splice.remove(text, where, lambda _key, v: v == value, json5=True)
    except ValueError as exc:
        raise UsageError(f"{path}: {'.'.join(where)}: {exc}; left it untouched") from None
    return new  # (a config that held only ours stays, as {}: OpenClaw's file is never deleted)


def _check(path, before: dict, after: dict, wanted: list) -> None:
    """`after` is `before` with exactly the wanted changes, up to the lists and objects they emptied."""
    expected = json.loads(json.dumps(before))
    for where, value, keep in wanted:
        listed = _at(expected, where)
        if keep and not (isinstance(listed, list) and value in listed):
            parent = expected
            for key in where[:-1]:
                parent = parent.setdefault(key, {})
            parent[where[-1]] = (listed if isinstance(listed, list) else []) + [value]
        elif not keep and isinstance(listed, list):
            listed[:] = [v for v in listed if v != value]
    paths = [where for where, _value, _keep in wanted]
    if _canonical(expected, paths) != _canonical(after, paths):
        raise UsageError(f"{path}: could not change our entries without changing the rest; left it untouched")


def _canonical(data: dict, paths: list) -> str:
    data = json.loads(json.dumps(data))
    for where in paths:
        for depth in range(len(where), 0, -1):
            parent = _at(data, where[:depth - 1]) if depth > 1 else data
            if isinstance(parent, dict) and parent.get(where[depth - 1]) in ({}, []):
                del parent[where[depth - 1]]
    return json.dumps(data, sort_keys=True)

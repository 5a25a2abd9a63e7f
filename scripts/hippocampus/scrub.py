"""Secrets out of files as they are on disk, before a commit takes them as they are.

The recovery of an interrupted commit (Workspace._commit_interrupted) commits
what the noted paths hold *now*: a person may have written into one of them
since the writer was killed. Each is passed through the same redaction as a
hand edit first, and rewritten in place when it held a secret. JSON is
redacted value by value (a text pattern must never cut through its quoting),
and index.json is written back in its own format with a fresh stamp.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def _redact_values(value):
    """(value with every string redacted, whether anything changed)."""
    from .redact import redact_text
    if isinstance(value, str):
        clean = redact_text(value)
        return clean, clean != value
    if isinstance(value, list):
        changed = False
        items = []
        for item in value:
            item, hit = _redact_values(item)
            items.append(item)
            changed = changed or hit
        return items, changed
    if isinstance(value, dict):
        changed = False
        out = {}
        for key, item in value.items():
            item, hit = _redact_values(item)
            out[key] = item
            changed = changed or hit
        return out, changed
    return value, False


def scrubbed(relative: str, data: bytes) -> bytes | list | None:
    """The bytes `relative` must hold instead of `data` (None: no secret in it)."""
    from .redact import redact_text
    if b"\0" in data[:8192]:
        return None  # not text: nothing of ours
    text = data.decode("utf-8", "surrogateescape")
    if relative.endswith(".json"):
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if parsed is not None:
            clean, changed = _redact_values(parsed)
            if not changed:
                return None
            if relative.endswith("index.json") and isinstance(clean, dict) and isinstance(clean.get("memories"), list):
                from .index_store import prepare_save
                return prepare_save(clean)
            return (json.dumps(clean, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    if relative.endswith(".jsonl"):
        lines = text.split("\n")
        changed = False
        for number, line in enumerate(lines):
            try:
                record = json.loads(line) if line.strip() else None
            except ValueError:
                record = None
            if record is None:
                clean_line = redact_text(line)
            else:
                record, hit = _redact_values(record)
                clean_line = json.dumps(record, ensure_ascii=False) if hit else line
            if clean_line != line:
                lines[number], changed = clean_line, True
        return "\n".join(lines).encode("utf-8", "surrogateescape") if changed else None
    clean = redact_text(text)
    return clean.encode("utf-8", "surrogateescape") if clean != text else None


def scrub_files(root: Path, paths: list[str]) -> list[str]:
    """Redact each of `paths` (relative to `root`) in place; return those rewritten."""
    from .fsutil import atomic_write, is_within
    rewritten = []
    for relative in paths:
        target = root / relative
        if not is_within(target, root) or os.path.islink(target) or not target.is_file():
            continue
        try:
            data = target.read_bytes()
        except OSError:
            continue
        clean = scrubbed(relative, data)
        if clean is not None:
            atomic_write(target, clean)
            rewritten.append(relative)
    return rewritten

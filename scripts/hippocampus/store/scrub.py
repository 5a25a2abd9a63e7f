"""Secrets out of files as they are on disk, before a commit takes them as they are.

The recovery of an interrupted commit (Workspace._commit_interrupted) commits
what the noted paths hold *now*: a person may have written into one of them
since the writer was killed. Each is passed through the same redaction as a
hand edit first, and rewritten in place when it held a secret. Only what the
last commit does not hold already is looked at; JSON is redacted value by
value, a line at a time (a text pattern must never cut through its quoting).
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def _redact_values(value):
    """(value with every string redacted, whether anything changed)."""
    from ..text.redact import redact_text
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


def _json_line(line: str) -> str:
    """One line of a JSON file, its string values redacted (a line that is not a
    JSON value of its own, "{" or a key of an indented file, as text)."""
    from ..text.redact import redact_text
    body = line.rstrip()
    comma = body.endswith(",")
    try:
        record = json.loads(body[:-1] if comma else body)
    except ValueError:
        return redact_text(line)
    record, changed = _redact_values(record)
    return json.dumps(record, ensure_ascii=False) + ("," if comma else "") if changed else line


def scrubbed(relative: str, data: bytes, before: bytes | None = None) -> bytes | None:
    """The bytes `relative` must hold instead of `data` (None: no secret in it).

    `before`: the file as the last commit holds it. Its lines are in git
    already, so only the other lines are looked at: the file whole when it is
    markdown or text (a pattern may span lines), line by line when JSON (a
    6 MB index.json is not redacted whole for the lines a writer added).
    """
    from ..text.redact import redact_text
    from .episodes import is_episode_path, redacted
    if b"\0" in data[:8192]:
        return None  # not text: nothing of ours
    text = data.decode("utf-8", "surrogateescape")
    lines = text.split("\n")
    known = set(before.decode("utf-8", "surrogateescape").split("\n")) if before is not None else set()
    fresh = [number for number, line in enumerate(lines) if line not in known]
    if not fresh:
        return None
    if relative.endswith((".json", ".jsonl")):
        for number in fresh:
            lines[number] = _json_line(lines[number])
        clean = "\n".join(lines)
        if relative.endswith(".json") and clean != text:
            try:
                json.loads(clean)
            except ValueError:  # the file is not one value a line: redact it value by value
                try:
                    parsed = json.loads(text)
                except ValueError:
                    parsed = None
                if parsed is not None:
                    clean = json.dumps(_redact_values(parsed)[0], ensure_ascii=False, indent=1) + "\n"
    elif is_episode_path(relative):  # a daily log: part by part, no pattern across an entry's heading
        clean = redacted(text)[0]
    else:
        clean = redact_text(text)
    return clean.encode("utf-8", "surrogateescape") if clean != text else None


def _committed(root: Path, paths: list[str]) -> dict[str, bytes]:
    """path -> its bytes in HEAD, for those HEAD has (one `git cat-file --batch`)."""
    import subprocess
    from .audit import git_env
    request = "".join(f"HEAD:./{path}\n" for path in paths).encode("utf-8", "surrogateescape")
    try:
        result = subprocess.run(["git", "cat-file", "--batch"], cwd=root, input=request, capture_output=True,
                                env=git_env(), timeout=120)
    except (OSError, subprocess.SubprocessError):
        return {}
    found: dict[str, bytes] = {}
    out, position = result.stdout, 0
    for path in paths:
        end = out.find(b"\n", position)
        if end < 0:
            break
        header = out[position:end].split()
        position = end + 1
        if len(header) == 3 and header[1] == b"blob":
            size = int(header[2])
            found[path] = out[position:position + size]
            position += size + 1
        elif len(header) == 3:  # a tree or other object: skip its content
            position += int(header[2]) + 1
    return found


def scrub_files(root: Path, paths: list[str]) -> list[str]:
    """Redact each of `paths` (relative to `root`) in place; return those rewritten."""
    from ..base.fsutil import atomic_write, is_within
    present = [p for p in paths if is_within(root / p, root) and not os.path.islink(root / p) and (root / p).is_file()]
    before = _committed(root, present) if present else {}
    rewritten = []
    for relative in present:
        try:
            data = (root / relative).read_bytes()
        except OSError:
            continue
        clean = scrubbed(relative, data, before.get(relative))
        if clean is not None:
            atomic_write(root / relative, clean)
            rewritten.append(relative)
    return rewritten


def scrub_outside_index(workspace, state: str | None) -> list[str]:
    """A writer's first look at an index.json none of ours wrote (a person's edit, another tool's, a
    copy's, a pull's): its lines that the last commit does not hold are redacted in place, value by
    value, before the writer reads it and commits it (a hand-edited memory file is redacted as it is
    taken in; index.json carries every memory's words too). Where the file is the last commit's
    blob (a clone, a copy, a pull: most of what is not ours) nothing is read beyond its hash. Returns
    the paths rewritten (index.json's, or none); a warning says so. `state`: the file's
    (search_cache.index_state), as the writer took it before its load."""
    import hashlib
    import sqlite3
    from . import audit
    paths = workspace.paths
    if state is None:
        return []
    try:
        if workspace._open_cache().meta("validated_state") == state:
            return []  # the file we last wrote and validated
    except sqlite3.DatabaseError:
        pass
    relative = paths.rel(paths.index)
    shown = audit.git(workspace.root, "rev-parse", "--verify", "--quiet", f"HEAD:./{relative}", check=False)
    if shown.returncode == 0:
        digest = hashlib.sha1()
        try:
            with open(paths.index, "rb") as handle:
                digest.update(b"blob %d\0" % os.fstat(handle.fileno()).st_size)
                while chunk := handle.read(1 << 20):
                    digest.update(chunk)
        except OSError:
            return []
        if digest.hexdigest() == shown.stdout.strip():
            return []  # as committed: git holds every word of it already
    from ..base.fsutil import check_confined
    check_confined(paths.index)  # (a link on the way out of the workspace: refused, as every write is)
    if not scrub_files(workspace.root, [relative]):
        return []
    from ..base.stderr import warn
    warn(f"{relative}: words written into it outside hippocampus held a secret: redacted before this change "
         "commits it (the secret is not in git)")
    return [relative]

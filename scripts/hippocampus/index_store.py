"""memory/index.json: load (read-only, validating) and save (atomic).

Layout: a small header, then one memory per line, so `git diff` of a
one-memory change is one line and `jq` reads it as ordinary JSON. The header's
first key is `stamp`, a token that changes with every save: caches compare it
with a 128-byte read instead of parsing the file.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from .errors import WorkspaceError

REPAIR_HINT = "run scripts/doctor.py --repair"


def read_raw(path: Path) -> dict:
    """Parse index.json or raise WorkspaceError naming the file and the fix."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WorkspaceError(f"{path} is missing; {REPAIR_HINT} (or scripts/init.py for a new workspace)") from None
    except OSError as exc:
        raise WorkspaceError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise WorkspaceError(f"{path} is not valid UTF-8; {REPAIR_HINT}") from None
    except ValueError as exc:
        raise WorkspaceError(f"{path} is corrupt (invalid JSON: {exc}); {REPAIR_HINT}") from None


def load(path: Path, now: datetime, rate: float) -> tuple[dict, list[str]]:
    """The index, upgraded to the current schema in memory, and any warnings."""
    from .model import normalise_index
    return normalise_index(read_raw(path), now, rate, where=str(path))


def read_stamp(path: Path) -> str | None:
    """The stamp of the index on disk, from its first bytes only."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(128)
    except OSError:
        return None
    marker = b'"stamp": "'
    start = head.find(marker)
    if start < 0:
        return None
    end = head.find(b'"', start + len(marker))
    return head[start + len(marker):end].decode("ascii", "replace") if end > 0 else None


def serialise(index: dict) -> bytes:
    from .model import ordered
    header = {key: value for key, value in index.items() if key not in ("memories", "stamp")}
    lines = ["{", f'"stamp": {json.dumps(index["stamp"])},']
    for key, value in header.items():
        lines.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},")
    memories = index["memories"]
    if memories:
        lines.append('"memories": [')
        body = ",\n".join(json.dumps(ordered(m), ensure_ascii=False) for m in memories)
        lines.append(body)
        lines.append("]")
    else:
        lines.append('"memories": []')
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def save(path: Path, index: dict) -> str:
    """Write index.json atomically with a fresh stamp; return the stamp."""
    from .fsutil import atomic_write
    index["stamp"] = os.urandom(8).hex()
    atomic_write(path, serialise(index))
    return index["stamp"]


def read_raw_header(path: Path) -> dict:
    """The header fields (everything before the memories) without parsing the rest."""
    header: dict = {}
    try:
        with open(path, "rb") as handle:
            for _ in range(32):
                line = handle.readline().decode("utf-8", "replace").strip()
                if not line or line.startswith('"memories"'):
                    break
                if line.startswith('"') and ":" in line:
                    key, _, value = line.rstrip(",").partition(": ")
                    try:
                        header[json.loads(key)] = json.loads(value)
                    except ValueError:
                        continue
    except OSError:
        pass
    return header

"""OpenClaw's own notes, indexed where they are: daily notes memory/YYYY-MM-DD.md
and the bullets of MEMORY.md (outside our core section).

Each bullet (with its continuation lines) or paragraph becomes a memory whose
`source` is `note:<path>` and that has no file of its own: the note stays
the person's, unmoved and unchanged. Items already indexed from the same
note are skipped, so importing again adds only what is new. Headings,
code blocks, HTML comments and our own marked section are not memories.
"""

from __future__ import annotations

import re
from pathlib import Path


DAILY_NOTE = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")


def note_paths(root: Path) -> list[str]:
    """MEMORY.md and every daily note directly under memory/, oldest first."""
    found = []
    if (root / "MEMORY.md").is_file():
        found.append("MEMORY.md")
    folder = root / "memory"
    if folder.is_dir():
        found += sorted(f"memory/{p.name}" for p in folder.iterdir() if DAILY_NOTE.match(p.name) and p.is_file())
    return found


def items(text: str) -> list[str]:
    """The memorable items of a note: bullets and paragraphs, outside code, comments and our section,
    of the note redacted whole (a key block spans items)."""
    from .importer import markdown_items
    from ..text.redact import redact_text
    return [item for _heading, item in markdown_items(redact_text(text))]


def import_notes(tx, paths: list[str], dry_run: bool = False) -> dict:
    """Index the items of these notes that are not indexed yet."""
    from ..base.progress import track
    from ..errors import UsageError
    from ..lifecycle.remember import remember_one
    from ..text.textutil import fold
    from ..text.timeutil import parse_time
    from ..base.stderr import warn

    already = {(m.get("source"), fold(m.get("content", ""))) for m in tx.memories}
    report = {"notes": [], "added": 0, "skipped": 0, "ids": []}
    for path in track(paths, "import notes"):
        data = tx.current_bytes(path)
        if data is None:
            continue
        day = DAILY_NOTE.match(path.rsplit("/", 1)[-1])
        source = f"note:{path}"
        added = skipped = 0
        for number, item in enumerate(items(data.decode("utf-8", "replace")), start=1):
            if (source, fold(item)) in already:
                skipped += 1
                continue
            already.add((source, fold(item)))
            if dry_run:
                added += 1
                continue
            try:  # an item that cannot be a memory (too long; a note dated in the future) is left out, said once
                result = remember_one(tx, item, source=source, store="episodic" if day else "semantic",
                                      episode=day.group(1) if day else None,
                                      created=parse_time(day.group(1), "date") if day else None, note=True)
            except UsageError as exc:
                warn(f"{path}: skipped item {number}: {exc}")
                skipped += 1
                continue
            added += 1
            report["ids"].append(result["id"])
        report["notes"].append({"path": path, "added": added, "skipped": skipped})
        report["added"] += added
        report["skipped"] += skipped
    tx.action = "import-notes"
    tx.summary = f"indexed {report['added']} items from {len(report['notes'])} notes (left in place)"
    return report

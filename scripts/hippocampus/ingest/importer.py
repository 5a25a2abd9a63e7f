"""Bringing memories along: what users already have, as memories of ours.

Formats (`detect` picks one from the name and the content):
- `chatgpt`: a ChatGPT memory export: JSON (a list of strings, or of objects
  with content/text/memory, or {"memories": [...]}) or text, one a line;
- `claude`: CLAUDE.md or a Claude memory file (markdown);
- `cursor`: .cursorrules, .cursor/rules/*.mdc (frontmatter skipped);
- `openclaw`: OpenClaw's MEMORY.md and daily notes memory/YYYY-MM-DD.md (dated by name);
- `markdown`: any markdown, headings becoming categories;
- `text`: one memory a paragraph (or a line, for a list of lines).

Each bullet (with its continuation lines) or paragraph is one memory; code
blocks, HTML comments, tables and our own marked blocks are skipped.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import UsageError
from ..text.redact import redact_text
from ..text.textutil import slugify

FORMATS = ("auto", "chatgpt", "claude", "cursor", "openclaw", "markdown", "text")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_OUR_START = re.compile(r"<!-- hippocampus:(?:(\w+):)?start -->")
_DAILY = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")
MIN_CHARS = 12


def _drop_our_blocks(text: str) -> str:
    """Text without our marked blocks (`<!-- hippocampus[:NAME]:start -->` to its end marker). Scanned once:
    a block with no end marker after it says the same of every later one of its name."""
    kept, position, searched = [], 0, 0
    unclosed: set[str] = set()
    while True:
        found = _OUR_START.search(text, searched)
        if not found:
            break
        searched = found.end()
        name = found.group(1)
        marker = f"<!-- hippocampus:{name}:end -->" if name else "<!-- hippocampus:end -->"
        end = text.find(marker, found.end()) if marker not in unclosed else -1
        if end < 0:
            unclosed.add(marker)
            continue
        kept.append(text[position:found.start()])
        position = searched = end + len(marker)
    kept.append(text[position:])
    return "".join(kept)


def _drop_comments(text: str) -> str:
    """Text without HTML comments (`<!--` to the first `-->` after it); an unclosed one and what follows stay."""
    kept, position = [], 0
    while True:
        start = text.find("<!--", position)
        end = text.find("-->", start + 4) if start >= 0 else -1
        if end < 0:
            break
        kept.append(text[position:start])
        position = end + 3
    kept.append(text[position:])
    return "".join(kept)


def markdown_items(text: str) -> list[tuple[str | None, str]]:
    """(heading, item) for each bullet or paragraph outside code, comments, tables and our blocks."""
    text = _drop_comments(_drop_our_blocks(text))
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":  # frontmatter
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
        if end is not None:
            lines = lines[end + 1:]
    found: list[tuple[str | None, str]] = []
    current: list[str] = []
    heading: str | None = None
    in_fence = False

    def close():
        if current:
            item = " ".join(part.strip() for part in current).strip()
            if len(item) >= MIN_CHARS:
                found.append((heading, item))
            current.clear()

    for line in lines:
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            close()
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if stripped.startswith("#"):
            close()
            heading = stripped.lstrip("#").strip() or heading
            continue
        if not stripped or stripped.startswith("|") or set(stripped) <= set("-*_=: "):
            close()
            continue
        bullet = _BULLET.match(line)
        if bullet:
            close()
            current.append(line[bullet.end():])
        else:
            current.append(stripped)
    close()
    return found


def detect(path: Path, text: str) -> str:
    name = path.name.lower()
    if name == ".cursorrules" or path.suffix == ".mdc" or ".cursor" in path.parts:
        return "cursor"
    if name in ("claude.md", "claude.local.md") or ".claude" in path.parts:
        return "claude"
    if name == "memory.md" or _DAILY.match(path.name):
        return "openclaw"
    stripped = text.lstrip()
    if path.suffix.lower() == ".json" or stripped[:1] in "[{" or "chatgpt" in name:
        return "chatgpt"
    if path.suffix.lower() in (".md", ".markdown"):
        return "markdown"
    return "text"


def records(path: Path, text: str, fmt: str) -> list[dict]:
    """The memories a file holds, as remember_one keyword arguments plus `content`.

    The text is redacted whole before it is split into items: a key block or a
    config section spans items (a PGP block's blank line after its header), and
    a heading becomes a category. JSON is split by its parser, value by value,
    and each item is redacted as a memory is (remember.prepare_content)."""
    label = path.name
    if fmt == "chatgpt" and text.lstrip()[:1] in "[{":
        return _chatgpt_json(text, label)
    text = redact_text(text)
    if fmt in ("chatgpt", "text"):
        blocks = [b.strip() for b in re.split(r"\n\s*\n", text) if b.strip()]
        if len(blocks) == 1 or fmt == "chatgpt":  # a list of lines
            blocks = [_BULLET.sub("", line).strip() for b in blocks for line in b.splitlines() if line.strip()]
        return [{"content": " ".join(b.split()), "source": f"import:{fmt}:{label}#{n}"}
                for n, b in enumerate(blocks, start=1) if len(b) >= MIN_CHARS]
    created = None
    day = _DAILY.match(path.name)
    if day:
        created = day.group(1)
    out = []
    for n, (heading, item) in enumerate(markdown_items(text), start=1):
        record = {"content": item, "source": f"import:{fmt}:{label}#{n}"}
        if heading and fmt in ("markdown", "claude", "openclaw") and not day:
            category = slugify(heading, 40)
            if category != "memory":
                record["category"] = category
        if fmt == "cursor":
            record.update(domain="user", category="coding-rules")
        if created:
            record.update(created=created, store="episodic", episode=created)
        out.append(record)
    return out


def _chatgpt_json(text: str, label: str) -> list[dict]:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise UsageError(f"{label}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise UsageError(f"{label}: not valid JSON (nested too deep)") from None
    if isinstance(data, dict):
        data = data.get("memories") or data.get("items") or data.get("data") or []
    if not isinstance(data, list):
        raise UsageError(f"{label}: expected a list of memories")
    out = []
    for n, item in enumerate(data, start=1):
        created = None
        if isinstance(item, dict):
            created = item.get("created_at") or item.get("created") or item.get("updated_at")
            item = item.get("content") or item.get("text") or item.get("memory") or item.get("value")
        if isinstance(item, str) and len(item.strip()) >= MIN_CHARS:
            record = {"content": " ".join(item.split()), "source": f"import:chatgpt:{label}#{n}"}
            if isinstance(created, str):
                record["created"] = created
            elif isinstance(created, (int, float)):
                from datetime import datetime, timezone
                record["created"] = datetime.fromtimestamp(created, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            out.append(record)
    return out


def import_files(tx, files: list[tuple[Path, str]], dry_run: bool = False) -> dict:
    """Add what is not there yet (duplicates are skipped, not reinforced); one transaction.

    A file that is not text (binary) is skipped, and so is an item that cannot be a
    memory (longer than max_content_bytes, a `created` in the future): one warning
    line each, naming the file (and the item), and the rest is imported. When no
    file given is text, nothing is imported: UsageError (exit 1)."""
    from ..text.classify import guess_domain
    from ..base.progress import track
    from ..lifecycle.remember import duplicate_of, prepare_content, remember_one
    from ..text.textutil import decode_bytes, fold, looks_binary
    from ..text.timeutil import check_not_future, local_day, parse_time
    from ..base.stderr import warn

    report = {"files": [], "added": 0, "duplicates": 0, "skipped": 0, "skippedFiles": [], "ids": [], "preview": []}
    seen: set[tuple] = set()
    warnings: list[str] = []  # said once the import goes ahead (else the one error says it)
    for path, fmt in files:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror}") from None
        if looks_binary(data):
            warnings.append(f"{path}: skipped: not a text file (binary)")
            report["skippedFiles"].append({"file": str(path), "reason": "binary"})
            continue
        text = decode_bytes(data)
        chosen = detect(path, text) if fmt == "auto" else fmt
        added = duplicates = skipped = 0
        for record in track(records(path, text, chosen), f"import: {path.name}"):
            try:
                content = prepare_content(record["content"], int(tx.config["max_content_bytes"]))
                created = parse_time(record["created"], "created") if record.get("created") else None
                if created:
                    check_not_future(created, tx.now)
            except UsageError as exc:
                warnings.append(f"{path}: skipped item {record['source'].rsplit('#', 1)[-1]}: {exc}")
                skipped += 1
                continue
            domain = record.get("domain") or guess_domain(content)
            store = record.get("store") or "semantic"
            # an episode repeats only one of its own day (remember.duplicate_of)
            key = (domain, fold(content), local_day(created or tx.now) if store == "episodic" else None)
            if key in seen or duplicate_of(tx, key[1], domain, store, created or tx.now) is not None:
                duplicates += 1
                continue
            seen.add(key)
            added += 1
            if dry_run:
                report["preview"].append({"content": content, "file": path.name, "format": chosen})
                continue
            result = remember_one(tx, content, domain=domain, category=record.get("category"),
                                  source=record["source"], store=record.get("store"), episode=record.get("episode"),
                                  created=created)
            report["ids"].append(result["id"])
        report["files"].append({"file": str(path), "format": chosen, "added": added, "duplicates": duplicates,
                                "skipped": skipped})
        report["added"] += added
        report["duplicates"] += duplicates
        report["skipped"] += skipped
    if files and not report["files"]:
        names = ", ".join(str(path) for path, _fmt in files[:3]) + (", ..." if len(files) > 3 else "")
        raise UsageError(f"nothing to import: not a text file ({names})")
    for line in warnings:
        warn(line)
    tx.action = "import"
    tx.summary = (f"imported {report['added']} memories from {len(report['files'])} files "
                  f"({report['duplicates']} duplicates skipped)")
    if not dry_run:
        report.pop("preview")
    return report

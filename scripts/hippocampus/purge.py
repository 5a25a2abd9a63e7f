"""forget --purge: a memory's words leave every working and derived file.

What a purge scrubs, in the one transaction of the purge (see
references/forgetting.md):

- the memory itself: its file (or its entry of a daily log), and in
  index.json its content, keywords, title, entities and a file-named source;
- every quote of its words (its content and title, whole or cut short with
  "…", as plain, JSON-escaped, HTML-escaped or defused text) in the files we
  write about memories: memory/meta/** (audit.log and the month files of
  memory/meta/audit/, conflicts, proposals and their JSON twin, reflections
  and their logs), memory/graph/** (entity facts), memory/signals.jsonl
  (padded to the same length: encode.py reads it by byte offset), and the
  [Self-Awareness] lines of IDENTITY.md;
- the consolidation summaries built from it (memories whose `sources` name
  it): the quote in their content and file, and keywords no longer in it;
- the core files: HIPPOCAMPUS_CORE.md and MEMORY.md's core section are
  rendered again (when they exist);

and after the commit, still under the lock: the search cache is compacted
(FTS5 segments merged, then VACUUM: no free page keeps old text), and
brain-dashboard.html, when there is one, is built again.

Git history is not rewritten here: that is a separate, deliberate step.
"""

from __future__ import annotations

import html
import json
import os
import re

from .textutil import one_line

PURGED = "[purged]"
SCANNED_FOLDERS = ("memory/meta", "memory/graph")
SIGNALS = "memory/signals.jsonl"
IDENTITY = "IDENTITY.md"
# the fields a purged memory keeps in index.json: its state, not its words
KEPT_FIELDS = frozenset(("id", "domain", "category", "content", "importance", "baseImportance", "created",
                         "lastAccessed", "timesReinforced", "keywords", "store", "status", "source", "episode",
                         "file", "hash", "pinned", "confidence", "archivedAt", "archivedBecause", "purged",
                         "mergedInto", "mergedFrom", "consolidatedInto", "sources", "conflicts", "decayFrom",
                         "lowSince"))


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


class Quotes:
    """The forms in which files may quote some texts, and their removal."""

    def __init__(self, texts):
        variants: set[str] = set()
        for text in texts:
            if not text:
                continue
            flat = one_line(text)
            if not flat or flat == PURGED:
                continue
            variants.update((flat, flat.replace("|", "/"), html.escape(flat, quote=False), html.escape(flat),
                             flat.replace("<!--", "&lt;!--").replace("-->", "--&gt;")))
            for form in (text, flat):
                variants.add(json.dumps(form, ensure_ascii=False)[1:-1])
                variants.add(json.dumps(form)[1:-1])
        self.variants = sorted((v for v in variants if v.strip()), key=len, reverse=True)
        self._anchors = []
        for variant in self.variants:
            first = variant.split()[0]
            self._anchors.append((variant, re.compile(re.escape(first))))

    def __bool__(self) -> bool:
        return bool(self.variants)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where `text` quotes one of the texts: the whole of it, or a start of
        it (12 characters at least) cut short with "…". Whitespace matches any
        whitespace (a quote may be wrapped or indented)."""
        found = []
        for variant, anchor in self._anchors:
            for match in anchor.finditer(text):
                start = match.start()
                if start and _word_char(text[start - 1]) and _word_char(variant[0]):
                    continue
                end = self._extend(text, start, variant)
                if end is not None:
                    found.append((start, end))
        found.sort()
        merged: list[list[int]] = []
        for start, end in found:
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        return [(s, e) for s, e in merged]

    @staticmethod
    def _extend(text: str, start: int, variant: str) -> int | None:
        i, j, size = start, 0, len(text)
        while i < size and j < len(variant):
            if variant[j].isspace():
                if not text[i].isspace():
                    break
                while i < size and text[i].isspace():
                    i += 1
                j += 1
            elif text[i] == variant[j]:
                i += 1
                j += 1
            else:
                break
        if j == len(variant):
            if i < size and _word_char(text[i]) and _word_char(variant[-1]):
                return None  # a longer word goes on: not this text
            return i
        cut = i
        while cut > start and text[cut - 1].isspace():
            cut -= 1
        if text.startswith("…", i) and cut - start >= min(12, len(variant)):
            return i + 1
        return None

    def scrub(self, text: str, pad: bool = False) -> str:
        """`text` with every quote replaced by [purged] (`pad`: by as many
        bytes as the quote took, so byte offsets into the file stay right)."""
        spans = self.spans(text) if self.variants else []
        if not spans:
            return text
        parts, last = [], 0
        for start, end in spans:
            parts.append(text[last:start])
            if pad:
                size = len(text[start:end].encode("utf-8"))
                parts.append((PURGED + " " * size)[:size])
            else:
                parts.append(PURGED)
            last = end
        parts.append(text[last:])
        return "".join(parts)


def strip_memory(memory: dict) -> None:
    """A purged memory keeps its state, not its words."""
    for key in [k for k in memory if k not in KEPT_FIELDS]:
        del memory[key]
    source = str(memory.get("source") or "")
    if source.startswith("manual:"):  # the path of a hand-written file names its words
        memory["source"] = "manual"
    memory.update(content=PURGED, keywords=[], file=None, hash=None, purged=True)


def scrub_everywhere(tx, purged_ids: set[str], quotes: Quotes) -> list[str]:
    """Remove the quotes from the derived memories and every derived file, in
    `tx`; returns the paths changed. Core files are rendered again."""
    changed = []
    if quotes:
        changed += _scrub_summaries(tx, purged_ids, quotes)
        changed += _scrub_files(tx, quotes)
    changed += _render_core(tx)
    tx.after_commit.append(lambda: after_purge(tx.workspace))
    return changed


def _scrub_summaries(tx, purged_ids: set[str], quotes: Quotes) -> list[str]:
    from .textutil import content_words

    changed = []
    derived = [m for m in tx.memories if m["id"] not in purged_ids and purged_ids.intersection(m.get("sources") or ())]
    for memory in derived:
        content = quotes.scrub(memory.get("content", ""))
        if content == memory.get("content"):
            continue
        memory["content"] = content
        left = set(content_words(content))
        memory["keywords"] = [k for k in memory.get("keywords") or [] if set(content_words(k)) <= left]
        path = memory.get("file")
        if path and path.endswith(".md"):
            from .episodes import is_episode_path
            if not is_episode_path(path):
                tx.write_memory_file(memory, path)
                changed.append(path)
        tx.put(memory)
    return changed


def _files_to_scan(tx) -> list[str]:
    root = tx.workspace.root
    found = []
    for folder in SCANNED_FOLDERS:
        for directory, _dirs, names in os.walk(root / folder):
            for name in names:
                found.append(os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/"))
    found += [path for path in tx.files if path.startswith(SCANNED_FOLDERS) and path not in found]
    return sorted(set(found)) + [SIGNALS, IDENTITY]


def _scrub_files(tx, quotes: Quotes) -> list[str]:
    changed = []
    for path in _files_to_scan(tx):
        data = tx.current_bytes(path)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        if path == IDENTITY:
            new = "".join(quotes.scrub(line) if "[Self-Awareness]" in line else line
                          for line in text.splitlines(keepends=True))
        else:
            new = quotes.scrub(text, pad=path == SIGNALS)
        if new != text:
            tx.write_file(path, new.encode("utf-8"))
            changed.append(path)
    return changed


def _render_core(tx) -> list[str]:
    from .core_sync import CORE_FILE, MEMORY_FILE, core_files
    from .memory_md import START

    wanted = []
    if tx.current_bytes(CORE_FILE) is not None:
        wanted.append(CORE_FILE)
    current = tx.current_bytes(MEMORY_FILE)
    if current is not None and START.encode("utf-8") in current:
        wanted.append(MEMORY_FILE)
    if not wanted:
        return []
    changed = []
    for path, data in core_files(tx).items():
        if path in wanted and tx.current_bytes(path) != data:
            tx.write_file(path, data)
            changed.append(path)
    return changed


def after_purge(workspace) -> None:
    """Once the purge is committed (still under the lock): no free page or
    old FTS5 segment of the search cache keeps the words, and the dashboard
    shows the memory as it now is."""
    from .fsutil import atomic_write

    try:
        workspace._open_cache().compact()
    except Exception as exc:  # noqa: BLE001 - the cache is derived: drop it rather than keep the words
        from .workspace import warn
        warn(f"search cache could not be compacted ({exc}); removed it, it will be rebuilt")
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(str(workspace.paths.search_db) + suffix)
            except OSError:
                pass
        workspace._cache = None
    from .dashboard import OUTPUT, build
    target = workspace.root / OUTPUT
    if target.exists():
        page, _info = build(workspace)
        atomic_write(target, page)

"""forget --purge: a memory's words leave every working and derived file.

What a purge scrubs, in the one transaction of the purge (see
references/forgetting.md):

- the memory itself: its file (or its entry of a daily log), and in
  index.json its content, keywords, title, entities and a file-named source;
- the records it came from: its signal's text (signals.jsonl, by `source`)
  and the proposal approved as it (or targeting it), whose words are quoted
  too; the audit lines about purged memories only say `[purged]`;
- every quote of its words (its content and title, whole or cut short with
  "…", as plain, JSON-escaped, HTML-escaped or defused text) in the files we
  write about memories: hippocampus/meta/** (audit.log and the month files of
  hippocampus/meta/audit/, conflicts (a record's quote of a purged memory by
  its id: it may be of an earlier text), proposals and their JSON twin, reflections
  and their logs), memory/graph/** (entity facts), hippocampus/session/**
  (working memory, the task snapshot, the trail and handoffs: a flushed or
  promoted note is quoted there), hippocampus/signals.jsonl
  (padded to the same length: encode.py reads it by byte offset), and the
  [Self-Awareness] lines of IDENTITY.md;
- in what an agent wrote in its own words (hippocampus/meta/reflections/, the
  reflection and reward logs, their audit lines, IDENTITY.md's
  [Self-Awareness] lines) also its own words: those no other memory has;
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

from ..text.textutil import one_line

PURGED = "[purged]"
SCANNED_FOLDERS = ("hippocampus/meta", "memory/graph")
SIGNALS = "hippocampus/signals.jsonl"
IDENTITY = "IDENTITY.md"
AUDIT = "hippocampus/meta/audit"  # audit.log and audit/<month>.log
REFLECTIONS = "hippocampus/meta/reflections/"
CONFLICTS = "hippocampus/meta/conflicts.md"
REFLECTION_LOGS = ("hippocampus/meta/reflection-log.md", "hippocampus/meta/reward-log.md")
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

    def __init__(self, texts, sources=()):
        self.texts = [t for t in texts if t]
        self.sources = {s for s in sources if s}  # the signals they came from (signals.jsonl `source`)
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

        self.own_words: re.Pattern | None = None
        self.purged_ids: set[str] = set()

    def __bool__(self) -> bool:
        return bool(self.variants or self.sources)

    def with_own_words(self, others) -> "Quotes":
        """Also know the texts' own words: those (of three letters or more, not
        stopwords) that no text of `others` has. An agent's free text about a
        memory (a reflection) may name them without quoting it."""
        from ..text.textutil import content_words

        def bare(words):  # "Emma's" is Emma
            return {w[:-2] if w.endswith("'s") else w for w in words}

        elsewhere: set[str] = set()
        for text in others:
            elsewhere.update(bare(content_words(text or "")))
        own = {w for text in self.texts for w in bare(content_words(text or "")) if len(w) >= 3 and w not in elsewhere}
        if own:
            alternatives = "|".join(re.escape(w) for w in sorted(own, key=len, reverse=True))
            self.own_words = re.compile(rf"(?<![\w'’])(?:{alternatives})(?=['’]s\b|[^\w'’]|['’](?!\w)|$)",
                                        re.IGNORECASE)
        return self

    def scrub_own_words(self, text: str) -> str:
        text = self.scrub(text)
        return self.own_words.sub(PURGED, text) if self.own_words is not None else text

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


def scrub_everywhere(tx, purged_ids: set[str], texts: list, sources: list) -> list[str]:
    """Remove the words of the purged memories (`texts`: their content and
    titles; `sources`: the signals they came from) from the derived memories
    and every derived file, in `tx`; returns the paths changed. Core files are
    rendered again.

    The words include those of the records they came from: the text of their
    signals and of the proposals approved as them (or naming them as target),
    which the memory may have reworded."""
    sources = {s for s in sources if s}
    texts = [t for t in texts if t] + _linked_texts(tx, purged_ids, sources)
    quotes = Quotes(texts, sources)
    quotes.purged_ids = purged_ids
    changed = []
    if quotes:
        changed += _scrub_summaries(tx, purged_ids, quotes)
        quotes.with_own_words(m.get("content") for m in tx.memories if m["id"] not in purged_ids)
        changed += _scrub_files(tx, quotes)
    changed += _render_core(tx)
    tx.after_commit.append(lambda: after_purge(tx.workspace))
    return changed


def _linked_texts(tx, purged_ids: set[str], sources: set[str]) -> list[str]:
    from . import proposal_file as proposals

    linked = []
    data = tx.current_bytes(SIGNALS) if sources else None
    if data:
        for line in data.decode("utf-8", "replace").splitlines():
            if not any(source in line for source in sources):
                continue
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and record.get("source") in sources and isinstance(record.get("text"), str):
                linked.append(record["text"])
    data = tx.current_bytes(proposals.PATH)
    if data:
        for proposal in proposals.parse(data.decode("utf-8", "replace")):
            status = str(proposal.get("status") or "")
            approved = re.match(r"approved as (\S+)", status)
            if proposal.get("target") in purged_ids or (approved and approved.group(1) in purged_ids):
                linked += [proposal.get("content"), proposal.get("title")]
    return [t for t in linked if t]


_AUDIT_LINE = re.compile(r"^(?P<head>[^|\n]* \| [^|\n]* \| [^|\n]* \| (?P<ids>[^|\n]*) \| )(?P<summary>.*?)(?P<end>\r?\n?)$")


_QUERY = re.compile(r"^(?P<head>.*? for: )(?P<query>.*)$", re.S)


def _scrub_audit_line(line: str, quotes: Quotes) -> str:
    """An audit line about purged memories only says nothing of them (its
    summary may quote a version the memory no longer has). A line that also
    names others loses the purged memories' quotes and own words, and the
    query it was recalled for ("recalled and reinforced 2 memories for:
    does Quorvath fix bicycles": a query that found it names its words). Any
    other line loses its quotes, and a query its own words (one that found
    nothing still named them); a reflection's, its own words too."""
    match = _AUDIT_LINE.match(line)
    if match:
        ids = {i for i in match.group("ids").strip().split(",") if i and i != "-" and not i.startswith("+")}
        head, summary, end = match.group("head"), match.group("summary"), match.group("end")
        if ids and ids <= quotes.purged_ids:
            return head + PURGED + end
        query = _QUERY.match(summary)
        if ids & quotes.purged_ids:
            summary = query.group("head") + PURGED if query else summary
            return head + quotes.scrub_own_words(summary) + end
        if query:
            return head + quotes.scrub(query.group("head")) + quotes.scrub_own_words(query.group("query")) + end
    return quotes.scrub_own_words(line) if " | reflection:" in line else quotes.scrub(line)


def _scrub_summaries(tx, purged_ids: set[str], quotes: Quotes) -> list[str]:
    from ..text.textutil import content_words

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
            from ..store.episodes import is_episode_path
            if not is_episode_path(path):
                tx.write_memory_file(memory, path)
                changed.append(path)
        tx.put(memory)
    return changed


def _files_to_scan(tx) -> list[str]:
    from ..store.session_files import folder as session_folder
    root = tx.workspace.root
    folders = (*SCANNED_FOLDERS, session_folder(tx.workspace.paths) + "/")  # + working memory, snapshot,
    found = []                                                             # trail, handoffs
    for folder in folders:
        for directory, _dirs, names in os.walk(root / folder):
            for name in names:
                found.append(os.path.relpath(os.path.join(directory, name), root).replace(os.sep, "/"))
    found += [path for path in tx.files if path.startswith(folders) and path not in found]
    return sorted(set(found)) + [SIGNALS, IDENTITY]


def _agent_text(path: str) -> bool:
    """The files an agent writes in its own words about memories (reflections)."""
    return path.startswith(REFLECTIONS) or path in REFLECTION_LOGS


def _scrub_files(tx, quotes: Quotes) -> list[str]:
    changed = []
    for path in _files_to_scan(tx):
        data = tx.current_bytes(path)
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        if path == IDENTITY:
            new = "".join(quotes.scrub_own_words(line) if "[Self-Awareness]" in line else line
                          for line in text.splitlines(keepends=True))
        elif _agent_text(path):
            new = quotes.scrub_own_words(text)
        elif path.startswith(AUDIT):
            new = "".join(_scrub_audit_line(line, quotes) for line in text.splitlines(keepends=True))
        elif path == SIGNALS:
            new = "".join(_scrub_signal(line, quotes) for line in text.splitlines(keepends=True))
        elif path == CONFLICTS:
            new = _scrub_conflicts(text, quotes)
        else:
            new = quotes.scrub(text)
        if new != text:
            tx.write_file(path, new.encode("utf-8"))
            changed.append(path)
    return changed


_CONFLICT_SIDE = re.compile(r"^(?P<head>- \*\*[AB]\*\*: (?P<id>\S+) — )(?P<quote>.*?)(?P<end>\r?\n?)$")


def _scrub_conflicts(text: str, quotes: Quotes) -> str:
    """conflicts.md: a record's quote of a purged memory says [purged], found by
    its id (the quote is of the text the memory had when the conflict was
    found, which a later edit may have changed); the rest of a record naming
    one also loses the purged memories' own words (its Kind line quotes their
    values), any other record their quotes."""
    records = re.split(r"(?m)^(?=## )", text)
    out = []
    for record in records:
        lines = record.splitlines(keepends=True)
        sides = [_CONFLICT_SIDE.match(line) for line in lines]
        naming = any(side and side.group("id") in quotes.purged_ids for side in sides)
        for line, side in zip(lines, sides):
            if side and side.group("id") in quotes.purged_ids:
                out.append(side.group("head") + PURGED + side.group("end"))
            else:
                out.append(quotes.scrub_own_words(line) if naming else quotes.scrub(line))
    return "".join(out)


def _scrub_signal(line: str, quotes: Quotes) -> str:
    """A line of signals.jsonl without the words, as long in bytes as it was
    (encode.py reads the file from a byte offset): a signal a purged memory
    came from loses its text, any other its quotes."""
    if quotes.sources:
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        if isinstance(record, dict) and record.get("source") in quotes.sources and \
                isinstance(record.get("text"), str):
            for ascii_only in (False, True):
                encoded = json.dumps(record["text"], ensure_ascii=ascii_only)
                if encoded in line:
                    size = len(encoded.encode("utf-8")) - 2
                    return line.replace(encoded, '"' + (PURGED + " " * size)[:size] + '"', 1)
    return quotes.scrub(line, pad=True)


def _render_core(tx) -> list[str]:
    from ..store.core import render_present
    return render_present(tx)


def after_purge(workspace) -> None:
    """Once the purge is committed (still under the lock): no free page or
    old FTS5 segment of the search cache keeps the words, and each page the
    caller handed in (Workspace.views_after_purge: cli hands in the dashboard)
    shows the memory as it now is."""
    try:
        workspace._open_cache().compact()
    except Exception as exc:  # noqa: BLE001 - the cache is derived: drop it rather than keep the words
        from ..base.stderr import warn
        warn(f"search cache could not be compacted ({exc}); removed it, it will be rebuilt")
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(str(workspace.paths.search_db) + suffix)
            except OSError:
                pass
        workspace._cache = None
    for view in workspace.views_after_purge:  # pages above this layer (the dashboard), handed in by cli
        view(workspace)

"""Clean signals from transcripts: noise dropped, secrets redacted, one JSON line each.

hippocampus/signals.jsonl holds `{id, session, timestamp, role, text, source}`
per line. `preprocess` appends what is new since each file's watermark (its
byte offset and last timestamp, kept in index.json under `ingest`), in one
transaction, so a second run finds nothing new; encode.py reads from where
it last stopped.
"""

from __future__ import annotations

import json
import re
from hashlib import sha256
from pathlib import Path

from ..text.redact import redact
from ..text.textutil import clean_text

PATH = "hippocampus/signals.jsonl"

# Noise: what an agent's transcript holds that is not a memory.
_SYSTEM = re.compile(r"^\s*(system:|\[cron\]|cron:|\[system\]|<system-reminder>|\[heartbeat\]|heartbeat_ok\b)", re.I)
# OpenClaw's heartbeat prompt, sent verbatim as a user message on every heartbeat: the default one and
# the legacy one (the two openings OpenClaw 2026.9.6 itself recognises as its heartbeat prompt)
_HEARTBEAT = re.compile(r"^\s*(Follow the heartbeat monitor scratch context when provided\.|Read HEARTBEAT\.md if it exists)")
# Claude Code's harness text, stored as user messages: slash-command wrappers, local command output,
# background task notifications, interrupt markers, and a compaction summary without its flag. Removed by
# scanning (`_drop_harness`), not by one pattern: a pattern retried at each of many unclosed openings costs
# the square of the text's length (a second for 64 KiB of them).
_HARNESS_TAGS = ("command-name", "command-message", "command-args", "command-contents", "local-command-stdout",
                 "local-command-stderr", "local-command-caveat", "bash-input", "bash-stdout", "bash-stderr",
                 "task-notification", "user-prompt-submit-hook")
_HARNESS_START = re.compile(rf"<({'|'.join(_HARNESS_TAGS)})\b|\[Request interrupted by user", re.I)
_HARNESS_BLOCK = re.compile(rf"<({'|'.join(_HARNESS_TAGS)})\b[^>]*>.*?(</\1>|\Z)", re.I | re.S)
_INTERRUPTED = re.compile(r"\[Request interrupted by user[^\]\n]*\]", re.I)
_CONTINUED = re.compile(r"\A\s*This session is being continued from a previous conversation\b", re.I)
# our prompt scaffolding: <thinking>, <relevant-memories>, ... blocks (`_drop_scaffold`)
_SCAFFOLD_TAGS = ("thinking", "relevant-memories", "system-reminder", "memory", "memories")
_SCAFFOLD_OPEN = re.compile(rf"<({'|'.join(_SCAFFOLD_TAGS)})\b", re.I)
_SCAFFOLD_BLOCK = re.compile(rf"<({'|'.join(_SCAFFOLD_TAGS)})\b[^>]*>.*?</\1>", re.I | re.S)
_OUR_BLOCK = ("<!-- hippocampus:core:start -->", "<!-- hippocampus:core:end -->")
# (whitespace within the line only, one way to match it: `^\s*-?\s*` cost the cube of a run of blank lines);
# recall.py's framings (recall/context.observed), and the lines it indents under one (a procedure's steps, --why)
_RECALLED_LINE = re.compile(r"^[^\S\n]*(?:-[^\S\n]*)?(?:Previously observed|Observed today|Observed) "
                            r"\((?:\d{4}-\d{2}-\d{2}|undated)\) \[mem_[^\]\n]*\]:.*(?:\n {4}[^\n]*)*$", re.M)
_CORE_HEADER = re.compile(r"^# Hippocampus core memories\b.*?(?=\n#\s|\Z)", re.S | re.M)
_MEDIA_ONLY = re.compile(r"^\s*(<media:[^>]*>|\[(image|photo|video|audio|file|attachment|sticker)( #?\d+)?\]|"
                         r"<(image|attachment)[^>]*/?>|\(image omitted\)|<media omitted>)\s*$", re.I)
_MEDIA_OPEN = re.compile(r"<media:", re.I)
_MEDIA_NUMBERED = re.compile(r"\[(image|attachment) #?\d+\]", re.I)
_WORD = re.compile(r"\w+")


def clean_signal(text: str) -> tuple[str | None, str | None]:
    """(text to keep, None) or (None, why it is noise)."""
    text = clean_text(text or "")
    if _SYSTEM.match(text):
        return None, "system"
    if _HEARTBEAT.match(text):
        return None, "heartbeat"
    if _MEDIA_ONLY.match(text):
        return None, "media"
    unwrapped = _drop_harness(text).strip()
    if not unwrapped and text.strip():
        return None, "harness"
    text = _drop_between(unwrapped, *_OUR_BLOCK)
    text = _drop_scaffold(text)
    text = _RECALLED_LINE.sub("", text)
    text = _CORE_HEADER.sub("", text)
    text = _drop_media(_MEDIA_NUMBERED.sub("", text)).strip()
    if not text:
        return None, "scaffolding"
    if text[0] in "{[" and text[-1] in "}]":
        try:
            json.loads(text)
            return None, "json"
        except RecursionError:  # nested deeper than Python reads: a blob all the same
            return None, "json"
        except ValueError:
            pass
    if len(_WORD.findall(text)) < 2 or len(text) < 8:
        return None, "near-empty"
    return text, None


def _drop_harness(text: str) -> str:
    """Text without Claude Code's harness wrappers: a tag to its closing tag (or the end), an interrupt marker;
    nothing left of a compaction summary. Linear: a tag with no `>` after it, or a marker with no `]` before
    its line ends, says the same of every later one (so they are not tried again)."""
    if _CONTINUED.match(text):
        return ""
    kept, position, searched = [], 0, 0
    tags_open = True  # False once a tag has no `>` after it
    marker_dead = -1  # interrupt markers before this offset cannot close
    while True:
        found = _HARNESS_START.search(text, searched)
        if not found:
            break
        searched = found.end()
        if found.group(1):
            if not tags_open:
                continue
            if text.find(">", found.end()) < 0:
                tags_open = False
                continue
            end = _HARNESS_BLOCK.match(text, found.start()).end()  # to its closing tag or the end: it matches
        else:
            if found.start() < marker_dead:
                continue
            marker = _INTERRUPTED.match(text, found.start())
            if not marker:
                line_end = text.find("\n", found.end())
                marker_dead = len(text) if line_end < 0 else line_end
                continue
            end = marker.end()
        kept.append(text[position:found.start()])
        position = searched = end
    kept.append(text[position:])
    return "".join(kept)


def _drop_scaffold(text: str) -> str:
    """Text without <thinking>, <relevant-memories>, ... blocks (an opening tag to its first closing tag);
    linear: a name with no closing after one opening has none after any later one."""
    kept, position, searched = [], 0, 0
    unclosed: set[str] = set()
    while True:
        found = _SCAFFOLD_OPEN.search(text, searched)
        if not found:
            break
        searched = found.end()
        name = found.group(1).lower()  # as `</\1>` compares under re.I
        if name in unclosed:
            continue
        if text.find(">", found.end()) < 0:
            break  # no tag after this one closes its head either
        block = _SCAFFOLD_BLOCK.match(text, found.start())
        if not block:
            unclosed.add(name)
            continue
        kept.append(text[position:found.start()])
        position = searched = block.end()
    kept.append(text[position:])
    return "".join(kept)


def _drop_between(text: str, start: str, end: str) -> str:
    """Text without each span from `start` to the first `end` after it."""
    kept, position = [], 0
    while True:
        first = text.find(start, position)
        last = text.find(end, first + len(start)) if first >= 0 else -1
        if last < 0:
            break
        kept.append(text[position:first])
        position = last + len(end)
    kept.append(text[position:])
    return "".join(kept)


def _drop_media(text: str) -> str:
    """Text without inline `<media:...>` placeholders."""
    kept, position = [], 0
    while True:
        found = _MEDIA_OPEN.search(text, position)
        head_end = text.find(">", found.end()) if found else -1
        if head_end < 0:
            break
        kept.append(text[position:found.start()])
        position = head_end + 1
    kept.append(text[position:])
    return "".join(kept)


def signal_id(source: str) -> str:
    return "sig_" + sha256(source.encode("utf-8")).hexdigest()[:16]


def to_signal(message, text: str) -> dict:
    redacted, _kinds = redact(text)
    return {"id": signal_id(message.source), "session": message.session, "timestamp": message.timestamp,
            "role": message.role, "text": redacted, "source": message.source}


def existing_ids(path: Path) -> set[str]:
    """The ids already in signals.jsonl, streamed."""
    ids = set()
    try:
        with open(path, "rb") as handle:
            for line in handle:
                match = re.match(rb'\{"id": "(sig_[0-9a-f]+)"', line)
                if match:
                    ids.add(match.group(1).decode())
    except FileNotFoundError:
        pass
    return ids


def read_signals(path: Path, start: int = 0):
    """Yield (signal, offset after it) from byte `start` of signals.jsonl, complete lines only."""
    from .transcripts import complete_lines
    if not path.exists():
        return
    for line, end in complete_lines(path, start):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):  # a damaged line: passed over
            continue
        if isinstance(record, dict) and isinstance(record.get("text"), str):
            yield record, end


def _start(mark: dict, size: int, full: bool) -> int:
    """Where a file's new text begins: its watermark, or 0 (--full, or a file now shorter)."""
    return 0 if full or int(mark.get("offset", 0)) > size else int(mark.get("offset", 0))


def _new_bytes(targets: list[tuple[Path, str]], marks: dict, label, full: bool) -> int:
    """The bytes preprocess will read: the progress line's total."""
    total = 0
    for path, _fmt in targets:
        try:
            size = path.stat().st_size
        except OSError:
            continue
        total += size - _start(marks.get(label(path)) or {}, size, full)
    return total


def preprocess(tx, targets: list[tuple[Path, str]], full: bool = False, limit: int | None = None,
               label=str, databases: list[tuple[Path, Path | None]] = (), include_groups: bool = False) -> dict:
    """Append the new signals of these (file, format) pairs, then of these OpenClaw session databases
    ((database, its legacy sessions folder), `openclaw_sqlite`); move their watermarks.

    Streams: messages are read one at a time and written to a spool file that
    replaces signals.jsonl when the transaction commits (constant memory;
    with --limit, only the last N are held). Files come first, so a session
    both in a legacy file and in the database is taken from the file once.
    """
    import copy
    import os
    import shutil
    from collections import deque
    from ..base.progress import Progress, enabled
    from .transcripts import ReadResult, stream

    ingest = tx.index.setdefault("ingest", {})
    marks = ingest.setdefault("watermarks", {})
    before = copy.deepcopy(marks)
    target = tx.workspace.root / PATH
    seen = existing_ids(target)
    spool = tx.workspace.paths.cache / f"signals.{os.getpid()}.spool"
    from ..base.fsutil import check_confined, mkdir_confined
    mkdir_confined(spool.parent)
    check_confined(spool)
    check_confined(target)  # (copied from, then replaced)
    if target.exists():
        shutil.copyfile(target, spool)
    else:
        spool.write_bytes(b"")
    kept = deque(maxlen=limit) if limit is not None else None
    new = 0
    skipped: dict[str, int] = {}
    files = 0
    bar = Progress("preprocess", _new_bytes(targets, marks, label, full) if enabled() else None, "bytes")
    warnings: list[str] = []

    def take(message, twins) -> int:
        """1 when the message is a new signal (written or kept), 0 when it is noise or already seen."""
        twins = [signal_id(source) for source in twins]  # the same message's ids from another container
        known = signal_id(message.source) in seen or any(twin in seen for twin in twins)
        text, noise = clean_signal(message.text) if not known else (None, None)  # a repeat is not cleaned again
        if noise:
            skipped[noise] = skipped.get(noise, 0) + 1
            return 0
        if known:
            skipped["already seen"] = skipped.get("already seen", 0) + 1
            return 0
        signal = to_signal(message, text)
        seen.add(signal["id"])
        seen.update(twins)
        if kept is not None:
            kept.append(signal)
        else:
            out.write((json.dumps(signal, ensure_ascii=False) + "\n").encode("utf-8"))
        return 1

    with open(spool, "ab") as out:
        for path, fmt in targets:
            key = label(path)
            mark = marks.get(key) or {}
            try:
                size = path.stat().st_size
            except OSError:
                skipped["unreadable file"] = skipped.get("unreadable file", 0) + 1
                continue
            offset = _start(mark, size, full)
            if offset == size:
                continue
            files += 1
            result = ReadResult(offset=offset)
            read_before = bar.count
            try:
                for message in stream(path, fmt, offset, key, result):
                    bar.update(to=read_before + result.offset - offset)
                    new += take(message, ())
            except OSError:
                skipped["unreadable file"] = skipped.get("unreadable file", 0) + 1
                continue
            bar.update(to=read_before + size - offset)
            for reason, count in result.skipped.items():
                skipped[reason] = skipped.get(reason, 0) + count
            if result.offset != mark.get("offset") or result.last_timestamp != mark.get("timestamp"):
                marks[key] = {"offset": result.offset, "timestamp": result.last_timestamp or mark.get("timestamp"),
                              "format": fmt}
        sessions = 0
        for database, legacy_dir in databases:
            from .openclaw_sqlite import read as read_database
            before_marks = {k: v.get("seq") for k, v in marks.items()}
            for message, twins in read_database(database, marks, skipped=skipped, warnings=warnings, full=full,
                                                include_groups=include_groups, legacy_dir=legacy_dir):
                new += take(message, twins)
            sessions += sum(1 for k, v in marks.items() if v.get("seq") != before_marks.get(k, object()))
        if kept is not None:
            if new > len(kept):
                skipped["over --limit"] = new - len(kept)
            new = len(kept)
            for signal in kept:
                out.write((json.dumps(signal, ensure_ascii=False) + "\n").encode("utf-8"))
    bar.done()
    if new:
        tx.write_spooled(PATH, spool)
    else:
        spool.unlink()
    if marks != before:
        tx.index_changed = True
    tx.summary = f"preprocessed {files} transcript files" + (f" and {sessions} SQLite sessions" if sessions else "") + \
        f": {new} new signals"
    return {"new": new, "files": files, "sessions": sessions, "skipped": skipped, "signals": PATH,
            "warnings": warnings}

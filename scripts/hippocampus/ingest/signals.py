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
# background task notifications, interrupt markers, and a compaction summary without its flag
_HARNESS = re.compile(r"<(command-name|command-message|command-args|command-contents|local-command-stdout|"
                      r"local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr|"
                      r"task-notification|user-prompt-submit-hook)\b[^>]*>.*?(</\1>|\Z)|"
                      r"\[Request interrupted by user[^\]\n]*\]|"
                      r"\A\s*This session is being continued from a previous conversation\b.*", re.I | re.S)
_SCAFFOLD = re.compile(r"<(thinking|relevant-memories|system-reminder|memory|memories)\b[^>]*>.*?</\1>", re.I | re.S)
_OUR_BLOCK = re.compile(r"<!-- hippocampus:core:start -->.*?<!-- hippocampus:core:end -->", re.S)
_RECALLED_LINE = re.compile(r"^\s*-?\s*Previously observed \(\d{4}-\d{2}-\d{2}\) \[mem_[^\]]*\]:.*$", re.M)
_CORE_HEADER = re.compile(r"^# Hippocampus core memories\b.*?(?=\n#\s|\Z)", re.S | re.M)
_MEDIA_ONLY = re.compile(r"^\s*(<media:[^>]*>|\[(image|photo|video|audio|file|attachment|sticker)( #?\d+)?\]|"
                         r"<(image|attachment)[^>]*/?>|\(image omitted\)|<media omitted>)\s*$", re.I)
_MEDIA_INLINE = re.compile(r"<media:[^>]*>|\[(image|attachment) #?\d+\]", re.I)
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
    unwrapped = _HARNESS.sub("", text).strip()
    if not unwrapped and text.strip():
        return None, "harness"
    text = _OUR_BLOCK.sub("", unwrapped)
    text = _SCAFFOLD.sub("", text)
    text = _RECALLED_LINE.sub("", text)
    text = _CORE_HEADER.sub("", text)
    text = _MEDIA_INLINE.sub("", text).strip()
    if not text:
        return None, "scaffolding"
    if text[0] in "{[" and text[-1] in "}]":
        try:
            json.loads(text)
            return None, "json"
        except ValueError:
            pass
    if len(_WORD.findall(text)) < 2 or len(text) < 8:
        return None, "near-empty"
    return text, None


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
        except ValueError:
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
        text, noise = clean_signal(message.text)
        if noise:
            skipped[noise] = skipped.get(noise, 0) + 1
            return 0
        signal = to_signal(message, text)
        twins = [signal_id(source) for source in twins]  # the same message's ids from another container
        if signal["id"] in seen or any(twin in seen for twin in twins):
            skipped["already seen"] = skipped.get("already seen", 0) + 1
            return 0
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

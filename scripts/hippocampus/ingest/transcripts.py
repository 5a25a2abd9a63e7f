"""Reading agent session transcripts, streamed line by line from a byte offset.

Formats:
- `openclaw`: ~/.openclaw/agents/<agent>/sessions/*.jsonl: a `session` header,
  `model_change` records, `message` records whose `message.content` is a list
  of parts (`text`, `toolCall`, `thinking`, ...); roles user, assistant,
  toolResult. `compaction`, `branch_summary`, `custom`, `custom_message`
  records are counted noise; a user message loses OpenClaw's channel
  envelope and metadata lines (`openclaw_text.strip`).
- `claude-code`: ~/.claude/projects/<project>/*.jsonl: `user` / `assistant`
  records whose `message.content` is a string or a list of `text`,
  `tool_use`, `tool_result` parts; `summary` records. Not the user's words, so
  skipped and counted: `isMeta` records, `isCompactSummary` records (the summary
  a compaction writes, "This session is being continued ..."), `isSidechain`
  records (a sub-agent's conversation).
- `plain`: a text or markdown chat log: `**Name:** text` lines, each with the
  lines right below it (sessions under `## Session N — YYYY-MM-DD HH:MM`
  headings), or one message a paragraph.

Readers never raise on bad input: a malformed record (not JSON, not an
object, nested too deep, an id that is not a number or short text), an
unknown record type or a last line still being written is counted and
skipped; invalid UTF-8 is read with U+FFFD in its place. A line without its
newline is not consumed, so the watermark stays before it.

What one input may cost is bounded: a line longer than `MAX_LINE` (16 MiB) is
skipped as it is read, never held (`oversized record`), and a message whose
text is longer than `MAX_TEXT` (64 KiB of UTF-8, the default
max_content_bytes: longer than a memory may be) is skipped before anything
cleans or redacts it (`oversized message`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

FORMATS = ("openclaw", "claude-code", "plain")
MAX_LINE = 16 * 1024 * 1024  # one JSONL record (a Claude Code message with a pasted image can be several MiB)
MAX_TEXT = 64 * 1024  # one message's text, in UTF-8 bytes: the default max_content_bytes
_MAX_ID = 256  # a record, session or message id (OpenClaw's are 8 hex digits, Claude Code's UUIDs)
# OpenClaw records that are not a message: compaction and branch summaries, extension state and
# extension-injected context (docs/reference/session-management-compaction/schema.md)
_OPENCLAW_NOISE = ("compaction", "branch_summary", "custom", "custom_message")
_PLAIN_LINE = re.compile(r"^\*\*(?P<name>[^*]{1,60}):\*\*\s*(?P<text>.*)$")
_PLAIN_SESSION = re.compile(r"^#{1,3}\s.*?(?P<date>\d{4}-\d{2}-\d{2})(?:[ T](?P<time>\d{1,2}:\d{2}))?")


@dataclass
class Message:
    message_id: str
    session: str
    timestamp: str | None
    role: str
    text: str
    source: str


@dataclass
class ReadResult:
    messages: list[Message] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    offset: int = 0            # bytes consumed (complete lines only)
    last_timestamp: str | None = None

    def skip(self, reason: str, count: int = 1) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + count


def detect(path: Path) -> str:
    """The format of one transcript file, from its name and first records."""
    if path.suffix.lower() in (".md", ".txt", ".markdown"):
        return "plain"
    try:
        with open(path, "rb") as handle:
            head = handle.read(65536).decode("utf-8", "replace").splitlines()
    except OSError:
        return "plain"
    for line in head[:20]:
        record = parse_record(line)
        if record is None:
            continue
        if record.get("type") in ("session", "model_change") or \
                (record.get("type") == "message" and isinstance(record.get("message"), dict)):
            return "openclaw"
        if record.get("type") in ("user", "assistant", "summary") or "sessionId" in record:
            return "claude-code"
    return "plain" if path.suffix.lower() != ".jsonl" else "openclaw"


def parse_record(line: str) -> dict | None:
    """A JSON line's object; None when it is not JSON, not an object, or nested too deep to read."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def oversized(text: str) -> bool:
    """Whether a message's text is longer than MAX_TEXT bytes of UTF-8."""
    return len(text) > MAX_TEXT or (len(text) * 4 > MAX_TEXT and len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT)


def _short(value) -> bool:
    """Whether a record's id is one an agent writes: absent, a number, or short text."""
    return not isinstance(value, (dict, list)) and not (isinstance(value, str) and len(value) > _MAX_ID)


def _lines(path: Path, offset: int):
    """(line text, end offset) of each complete line from `offset`; the last
    line without a newline is yielded with end None (not consumed). A line
    longer than MAX_LINE is read past, never held, and yielded as None."""
    with open(path, "rb") as handle:
        handle.seek(offset)
        position = offset
        while True:
            raw = handle.readline(MAX_LINE + 1)
            if not raw:
                return
            end = position + len(raw)
            if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                while not raw.endswith(b"\n"):
                    raw = handle.readline(1 << 20)
                    if not raw:
                        break
                    end += len(raw)
                yield None, (end if raw.endswith(b"\n") else None)
            else:
                yield raw.decode("utf-8", "replace").rstrip("\r\n"), (end if raw.endswith(b"\n") else None)
            position = end


def complete_lines(path: Path, offset: int):
    """(line text, end offset) of each complete line from `offset`; stops before an unfinished last line;
    a line longer than MAX_LINE is passed over."""
    for line, end in _lines(path, offset):
        if end is None:
            return
        if line is not None:
            yield line, end


def _text_parts(content, result: ReadResult) -> str:
    """The text of a message's content (string or list of parts); tool parts are noise."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    texts = []
    for part in content:
        if not isinstance(part, dict):
            continue
        kind = part.get("type")
        if kind == "text" and isinstance(part.get("text"), str):
            texts.append(part["text"])
        elif kind in ("toolCall", "tool_use", "tool_result", "toolResult", "function_call"):
            result.skip("tool")
        elif kind in ("thinking", "redacted_thinking"):
            result.skip("thinking")
        elif kind in ("image", "media", "document"):
            result.skip("media")
        else:
            result.skip("unknown part")
    return "\n".join(texts)


def read(path: Path, fmt: str, offset: int = 0, source: str | None = None) -> ReadResult:
    """Every message from `offset` (collected; preprocess streams with `stream`)."""
    result = ReadResult(offset=offset)
    result.messages = list(stream(path, fmt, offset, source or str(path), result))
    return result


def stream(path: Path, fmt: str, offset: int, source: str, result: ReadResult):
    """Yield messages one at a time (constant memory), keeping `result`'s counts and offset."""
    if fmt == "plain":
        yield from _stream_plain(path, offset, source, result)
        return
    session = path.stem
    calls: dict = {}  # tool call id -> (tool, what it ran), for the failures below
    for line, end in _lines(path, offset):
        if end is None:
            if line is None or line.strip():
                result.skip("incomplete last line")
            break
        result.offset = end
        if line is None:
            result.skip("oversized record")
            continue
        if not line.strip():
            continue
        record = parse_record(line)
        if record is None:
            result.skip("malformed")
            continue
        for failure in failed_calls(record, fmt, calls, session, source, result):
            yield failure
        if fmt == "openclaw":
            message = _openclaw(record, session, source, result)
            if record.get("type") == "session" and isinstance(record.get("id"), str) and _short(record["id"]):
                session = record["id"]
        else:
            message = _claude_code(record, session, source, result)
        if message is not None:
            if message.timestamp:
                result.last_timestamp = message.timestamp
            if message.text.strip():  # a message of tool calls only has no text left
                yield message


ROLE_FAILURE = "tool-error"  # a failed tool call, as a message of its own (encode keeps it as an error memory)
_CWD = "\0cwd"  # (in `calls`: the folder an OpenClaw session ran in, from its header)
MAX_CALLS = 512  # tool calls remembered while a file is read, to name the command a failure ran
# what is no failure of the command: the user said no, or stopped it
_NOT_FAILURE = re.compile(r"doesn't want to proceed|don't want to proceed|interrupted by user|"
                          r"tool use was rejected|user denied|user rejected|permission denied by the user", re.I)
_EXIT = re.compile(r"^\s*(?:exit code|exited with code|exit status)[: ]+(-?\d{1,3})\b", re.I)
_TAG = re.compile(r"</?[a-z_]{1,40}>")


def failed_calls(record: dict, fmt: str, calls: dict, session: str, source: str, result: ReadResult) -> list:
    """The failed tool calls of a record, each a Message of role ROLE_FAILURE (its text: the
    command and the error's last lines); the calls it makes are noted in `calls`. Only what the
    transcript marks as an error (Claude Code's `is_error`, OpenClaw's `isError`) and the user
    did not refuse or interrupt."""
    if fmt == "openclaw" and record.get("type") == "session":  # where the session ran: its failures' folder
        calls[_CWD] = record["cwd"] if isinstance(record.get("cwd"), str) and len(record["cwd"]) <= 4096 else None
        return []
    cwd = calls.get(_CWD) if fmt == "openclaw" else \
        (record["cwd"] if isinstance(record.get("cwd"), str) and len(record["cwd"]) <= 4096 else None)
    message = record.get("message")
    if not isinstance(message, dict) or (fmt == "openclaw" and record.get("type") != "message") or \
            (fmt != "openclaw" and (record.get("type") not in ("user", "assistant") or record.get("isSidechain"))):
        return []
    content = message.get("content")
    failures = []
    record_id = record.get("id") if fmt == "openclaw" else record.get("uuid")
    if not _short(record_id) or not _short(record.get("timestamp")):
        return []
    when = _timestamp(record.get("timestamp"))
    if fmt != "openclaw" and _short(record.get("sessionId")) and record.get("sessionId"):
        session = str(record["sessionId"])
    parts = content if isinstance(content, list) else []
    for part in parts[:200]:
        if not isinstance(part, dict):
            continue
        kind = part.get("type")
        if kind in ("toolCall", "tool_use", "function_call"):
            call_id = part.get("id")
            if isinstance(call_id, str) and len(call_id) <= _MAX_ID:
                calls[call_id] = _what_ran(part.get("name"), part.get("input", part.get("arguments")))
                while len(calls) > MAX_CALLS:
                    calls.pop(next(key for key in calls if key != _CWD))
        elif kind == "tool_result" and part.get("is_error") is True:
            failure = _failure(calls.get(part.get("tool_use_id")) if isinstance(part.get("tool_use_id"), str)
                               else None, part.get("content"), None, session, when, f"{source}#{record_id}", result,
                               cwd)
            if failure:
                failures.append(failure)
    if fmt == "openclaw" and message.get("role") in ("toolResult", "tool") and message.get("isError") is True:
        call = calls.get(message.get("toolCallId")) if isinstance(message.get("toolCallId"), str) else None
        if call is None and isinstance(message.get("toolName"), str):
            call = _what_ran(message["toolName"], None)
        details = message.get("details") if isinstance(message.get("details"), dict) else {}
        code = details.get("exitCode")
        failure = _failure(call, content, code if isinstance(code, int) and not isinstance(code, bool) else None,
                           session, when, f"{source}#{record_id}", result, cwd)
        if failure:
            failures.append(failure)
    return failures


def _what_ran(name, arguments) -> tuple[str, str]:
    """(tool, what it ran): a shell tool's command, a file tool's path, else the tool's name."""
    tool = name if isinstance(name, str) and len(name) <= 80 else "tool"
    what = ""
    if isinstance(arguments, dict):
        for key in ("command", "cmd", "file_path", "path", "url", "pattern"):
            value = arguments.get(key)
            if isinstance(value, str) and value.strip():
                what = value if key in ("command", "cmd") else f"{tool} {value}"
                break
            if key in ("command", "cmd") and isinstance(value, list) and all(isinstance(v, str) for v in value):
                import shlex
                what = shlex.join(value[:50])
                break
    return tool, (what or tool)[:2000]


def _failure(call, content, code, session: str, when, source: str, result: ReadResult,
             cwd: str | None = None) -> Message | None:
    from ..lifecycle.failures import command_line, failure_text, tail_lines
    if isinstance(content, list):
        content = "\n".join(p["text"] for p in content[:50] if isinstance(p, dict) and isinstance(p.get("text"), str))
    if not isinstance(content, str):
        content = ""
    content = content[-MAX_TEXT:]
    if _NOT_FAILURE.search(content[:2000]):
        result.skip("refused or interrupted tool call")
        return None
    first = _EXIT.match(content)
    if code is None and first:
        code = int(first.group(1))
        content = content[first.end():]
    tool, what = call or ("tool", "tool")
    outcome = f"{tool}, exit {code}" if code is not None else f"{tool}, error"
    text = failure_text(command_line(what), outcome, cwd, tail_lines(_TAG.sub("", content)), what="Tool call failed")
    return Message(source.rsplit("#", 1)[-1] + ":error", session, when, ROLE_FAILURE, text, source + ":error")


def _openclaw(record: dict, session: str, source: str, result: ReadResult) -> Message | None:
    kind = record.get("type")
    if kind in ("session", "model_change", "thinking_level_change", "reset", "label", "session_info"):
        return None
    if kind in _OPENCLAW_NOISE:  # summaries of earlier turns and extension state: not what was said
        result.skip(kind)
        return None
    if kind != "message" or not isinstance(record.get("message"), dict):
        result.skip("unknown record")
        return None
    if not _short(record.get("id")):
        result.skip("malformed")
        return None
    message = record["message"]
    role = message.get("role")
    if role not in ("user", "assistant"):
        result.skip("tool" if role in ("toolResult", "tool") else "unknown role")
        return None
    text = _text_parts(message.get("content"), result)
    if oversized(text):  # before anything scans it
        result.skip("oversized message")
        return None
    if role == "user" and text:
        from .openclaw_text import strip
        text, removed = strip(text)
        for reason, count in removed.items():
            result.skip(reason, count)
    return Message(str(record.get("id") or ""), session, _timestamp(record.get("timestamp")), role, text,
                   f"{source}#{record.get('id', '')}")


def _claude_code(record: dict, session: str, source: str, result: ReadResult) -> Message | None:
    kind = record.get("type")
    if kind == "summary":
        result.skip("summary")
        return None
    if kind not in ("user", "assistant") or not isinstance(record.get("message"), dict):
        result.skip("unknown record" if kind not in ("system", "file-history-snapshot") else "system")
        return None
    if record.get("isMeta"):
        result.skip("system")
        return None
    if record.get("isCompactSummary"):
        result.skip("compact summary")
        return None
    if record.get("isSidechain"):
        result.skip("sidechain")
        return None
    if not _short(record.get("uuid")):
        result.skip("malformed")
        return None
    text = _text_parts(record["message"].get("content"), result)
    if oversized(text):
        result.skip("oversized message")
        return None
    if _short(record.get("sessionId")):
        session = str(record.get("sessionId") or session)
    role = record["message"].get("role")
    return Message(str(record.get("uuid") or ""), session, _timestamp(record.get("timestamp")),
                   role if isinstance(role, str) and role else kind, text, f"{source}#{record.get('uuid', '')}")


def _stream_plain(path: Path, offset: int, source: str, result: ReadResult):
    """`**Name:** text` lines (the lines right below one, up to a blank line, are its message's too:
    a message is redacted whole, a key block or a netrc entry spans its lines), or paragraphs;
    a dated heading starts a session."""
    session_number = 0
    session = path.stem
    stamp = None
    paragraph: list[str] = []  # its lines, while it is no longer than MAX_TEXT
    paragraph_size = -1  # characters in the open paragraph; -1: none open
    paragraph_start = offset
    speaker: str | None = None  # the name of the `**Name:**` line the paragraph began with
    position = offset

    def paragraph_message():
        text = "\n".join(paragraph).strip()
        if paragraph_size > MAX_TEXT or oversized(text):
            result.skip("oversized message")
            return None
        if speaker is not None:
            return Message(f"b{paragraph_start}", session, stamp, speaker, text, f"{source}#b{paragraph_start}")
        return Message(f"p{paragraph_start}", session, stamp, "user", text, f"{source}#p{paragraph_start}") \
            if text else None

    for line, end in _lines(path, offset):
        if end is None:  # still being written
            if line is None or line.strip():
                result.skip("incomplete last line")
            break
        text = line or ""  # None: a line longer than MAX_LINE, in a paragraph too long to keep
        heading = _PLAIN_SESSION.match(text)
        spoken = _PLAIN_LINE.match(text)
        if paragraph_size >= 0 and (heading or spoken or text.startswith("#") or (line is not None and not text.strip())):
            message = paragraph_message()
            paragraph, paragraph_size = [], -1
            if message:
                yield message
        if heading:
            session_number += 1
            session = f"{path.stem}#{session_number}"
            clock = heading.group("time") or "00:00"
            stamp = f"{heading.group('date')}T{clock.zfill(5)}:00Z"
            result.last_timestamp = stamp
        elif spoken:
            first = spoken.group("text").strip()
            paragraph_start, speaker, paragraph_size = position, spoken.group("name").strip(), len(first) + 1
            if paragraph_size <= MAX_TEXT:
                paragraph.append(first)
        elif line is None or (text.strip() and not text.startswith("#")):
            if paragraph_size < 0:
                paragraph_start, paragraph_size, speaker = position, 0, None
            paragraph_size += MAX_LINE if line is None else len(text) + 1
            if paragraph_size <= MAX_TEXT:
                paragraph.append(text)
        position = end
        if paragraph_size < 0:
            result.offset = end  # a message is consumed only once it is closed
    if paragraph_size >= 0 and not result.skipped.get("incomplete last line"):
        message = paragraph_message()  # the file ends on a complete line: its last message is whole
        if message:
            yield message
        result.offset = position


def _timestamp(value) -> str | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value / (1000 if value > 1e11 else 1), timezone.utc).strftime(
                "%Y-%m-%dT%H:%M:%SZ")
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}", value):
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return None


def files_under(path: Path) -> list[Path]:
    """Transcript files at `path` (a file, or a folder searched recursively), oldest first."""
    if path.is_file():
        return [path]
    found = [p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in (".jsonl", ".md", ".txt", ".markdown")
             and not p.name.startswith(".")]
    return sorted(found, key=lambda p: (p.stat().st_mtime, str(p)))

"""One memory as a markdown file: YAML frontmatter (safe) plus the body.

Only the descriptive fields live in frontmatter; weighted state lives in the
index. Parsing never trusts the file: YAML is loaded with SafeLoader (no tags
that build objects), unknown fields are ignored, and values are type-checked.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from ..base import third_party
from ..text.textutil import clean_text

FRONTMATTER_FIELDS = ("id", "domain", "category", "created", "keywords", "source", "episode", "title", "sources")


class BrokenFile(ValueError):
    """A memory file whose frontmatter cannot be read."""


def file_hash(data: bytes) -> str:
    from ..base.fsutil import file_hash as digest
    return digest(data)


def render(memory: dict) -> str:
    meta = {key: memory[key] for key in FRONTMATTER_FIELDS if memory.get(key) not in (None, "", [])}
    header = _simple_yaml(meta)
    if header is None:
        yaml = third_party.load("yaml")
        header = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, default_flow_style=None, width=1000)
    return f"---\n{header}---\n{memory['content'].rstrip()}\n"


_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_./@'+-]*(?: [A-Za-z0-9_./@'+-]+)*\Z")
# what YAML may not quote without escapes: not printable, one of its line breaks (U+2028, U+2029)
# or a BOM (the complement of " -~", U+00A0-U+2027, U+202A-U+D7FF, U+E000-U+FEFE, U+FF00-U+FFFD and
# the astral planes; written this way it compiles in a fifth of the time)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _scalar(value: str, in_list: bool) -> str:
    if _PLAIN.match(value) and value.lower() not in _YAML_WORDS:
        return value
    if not in_list and not _UNPRINTABLE.search(value) and value.strip() == value:
        return "'" + value.replace("'", "''") + "'"
    return '"' + "".join(_escape(c) for c in value) + '"'


def _escape(char: str) -> str:
    """One character inside a YAML double-quoted scalar."""
    if char in '"\\':
        return "\\" + char
    if char == "\t" or not _UNPRINTABLE.search(char):
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _simple_yaml(meta: dict) -> str | None:
    """The frontmatter yaml.safe_dump writes for strings and lists of strings
    (importing and running PyYAML costs ~20 ms a process), except that any
    character YAML would fold is escaped; None for other values (PyYAML)."""
    lines = []
    for key, value in meta.items():
        if isinstance(value, str):
            text = _scalar(value, in_list=False)
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            text = "[" + ", ".join(_scalar(v, in_list=True) for v in value) + "]"
        else:
            text = None
        if text is None:
            return None
        lines.append(f"{key}: {text}\n")
    return "".join(lines)


def parse(text: str) -> tuple[dict, str]:
    """(frontmatter fields we accept, body). Raises BrokenFile for unreadable YAML."""
    frontmatter, yaml = third_party.load("frontmatter"), third_party.load("yaml")

    text = clean_text(text)
    try:
        post = frontmatter.loads(text)
    except (yaml.YAMLError, ValueError, TypeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BrokenFile(f"frontmatter is not valid YAML ({first})") from None
    if not isinstance(post.metadata, dict):
        raise BrokenFile("frontmatter is not a mapping")
    meta: dict = {}
    for key in FRONTMATTER_FIELDS:
        value = post.metadata.get(key)
        if value is None:
            continue
        if isinstance(value, (datetime, date)):
            value = value.isoformat()
        if key == "keywords":
            if isinstance(value, str):
                value = [part.strip() for part in value.split(",") if part.strip()]
            if not isinstance(value, list):
                continue
            value = [clean_text(str(item)) for item in value if isinstance(item, (str, int, float))][:20]
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            value = clean_text(str(value))
        else:
            continue
        meta[key] = value
    return meta, post.content.strip()


_KEYWORDS_ENTRY = re.compile(r"keywords[ \t]*:")


def with_keywords(data: bytes, keywords: list[str]) -> bytes | None:
    """A memory file's bytes with its frontmatter's `keywords:` entry replaced
    by `keywords` (written as render writes them), every other line as it
    was; None when there is no such entry, or the file would not read back
    the same but for its keywords."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom):].splitlines(keepends=True)
    if not lines or lines[0].rstrip("\r\n") != "---":
        return None
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip("\r\n") in ("---", "...")), None)
    start = next((i for i in range(1, end or 0) if _KEYWORDS_ENTRY.match(lines[i])), None)
    if start is None:
        return None
    stop = start + 1
    while stop < end and lines[stop][:1] in (" ", "\t", "-"):  # its value's further lines
        stop += 1
    entry = _simple_yaml({"keywords": list(keywords)})
    if entry is None:
        return None
    newline = "\r\n" if lines[start].endswith("\r\n") else "\n"
    rewritten = bom + "".join(lines[:start]) + entry.replace("\n", newline) + "".join(lines[stop:])
    try:
        before, after = parse(text), parse(rewritten)
    except BrokenFile:
        return None
    before[0].pop("keywords", None)
    if after[0].pop("keywords", None) != list(keywords)[:20] or after != before:
        return None
    return rewritten.encode("utf-8")

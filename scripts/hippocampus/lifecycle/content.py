"""A memory's text made ready before anything is written: cleaned, checked and redacted (remember.py
stores it; read_ahead.py reads it ahead on another core; the memory tool and the importer check with it)."""

from __future__ import annotations

from ..errors import UsageError
from ..text import textutil
from ..text.redact import redact


def prepare_content(text: str, max_bytes: int) -> str:
    """Clean, redact and check the text of a memory before anything is written."""
    if not isinstance(text, str):
        raise UsageError("content must be text")
    content = textutil.clean_text(text).strip()
    if not content:
        raise UsageError("nothing to remember: the text is empty")
    size = len(content.encode("utf-8"))
    if size > max_bytes:
        raise UsageError(f"memory is {size} bytes; the limit is {max_bytes} (max_content_bytes in memory/config.yaml)")
    repeated = textutil.repetition(content)
    if repeated:  # "Word Word ..." x300: nothing a person said, and it would crowd out what they did
        words = content.split()
        raise UsageError(f"nothing to remember: the text repeats itself ({len(words):,} words, "
                         f"{len(set(w.casefold() for w in words)):,} different; {repeated[0]:,} bytes that "
                         f"compress to {repeated[1]:,})")
    return redact(content)[0]

"""What each memory's text was read as, carried in index.json so that a fresh
clone or a copy builds its search cache without reading every text again.

The slot keys of a memory (supersession's "subject|slot", "~" a value named in
passing, "+" the learned reading's) depend on its text, the readers' version
(READERS_VERSION) and the learned reading's model alone. Reading them is most of
a search cache built from nothing: ~35 s of a fresh clone's first recall at
100,000 memories, which went 115 s -> 20 s in turns with the code before
(references/performance.md, "A fresh clone of 100,000 memories").

A memory carries `readings`, the keys (left out when there are none), and
`read`, a print of the readers' version, the model, the text they were read
from and the keys. They are trusted only while `read` is the print of the
memory's text now and of the keys beside it: a text changed by hand, by a merge
or a purge, keys taken from one side of a merge and the text from the other, a
new readers' version or model, a key that is not a short UTF-8 string, are read
again. A print is no signature: whoever can write index.json can write any
keys, as they can write `supersededBy`; keys only rank (references/scoring.md).
"""

from __future__ import annotations

import os
from zlib import crc32

# The version of the readers (text/supersession.py, mentions.py, slot_model.py): raise it, and the search
# cache's SCHEMA_VERSION, when a reader changes (search_cache.py says more).
READERS_VERSION = "17"
# The learned reading's weights (text/slot_model.bin): its sha256, first 12 hex digits, and size. A test holds
# them to the file, so a new model changes every print (a machine without it prints "none": what it read
# without the model is never taken as read with it).
MODEL_DIGEST = "24c9af5a29c1"
MODEL_SIZE = 1237212

MAX_KEYS = 64        # more than any text reads as: a longer list is not ours
MAX_KEY_CHARS = 200

_TAG: list[str] = []


def _readers_tag() -> str:
    if not _TAG:
        from ..text.slot_model import MODEL_FILE
        try:
            present = os.stat(MODEL_FILE).st_size == MODEL_SIZE
        except OSError:
            present = False
        _TAG.append(f"{READERS_VERSION}.{MODEL_DIGEST if present else 'none'}")
    return _TAG[0]


def keys_of(content: str) -> list[str]:
    """A text's slot keys, read now: what it states, the learned reading's where
    sure, the values it names in passing."""
    from ..text.mentions import mention_keys
    from ..text.slot_model import user_keys as learned_keys
    from ..text.supersession import keys as slot_keys
    stated = slot_keys(content)
    pets = any(k.startswith("user|pet") for k in stated)
    learned = ["+" + key for key in learned_keys(content, stated=stated)
               if key not in stated and not (pets and key.startswith("user|pet"))]
    return stated + learned + mention_keys(content, stated)


def print_of(content: str, keys: list[str]) -> str | None:
    """The print of a text and its keys under these readers; None when they cannot
    be written as UTF-8 (a lone surrogate: nothing to carry, or to trust)."""
    try:
        data = "\x00".join([content, *keys]).encode("utf-8")
    except UnicodeEncodeError:
        return None
    return f"{_readers_tag()}:{crc32(data):08x}"


def carried(memory: dict) -> list[str] | None:
    """The keys the memory carries for its text as it is now; None when they
    must be read (no print, another text, readers' version or model, not a
    list of short strings)."""
    read = memory.get("read")
    content = memory.get("content")
    found = memory.get("readings", [])
    if not isinstance(read, str) or not isinstance(content, str) or not isinstance(found, list) or \
            len(found) > MAX_KEYS or not all(isinstance(k, str) and 0 < len(k) <= MAX_KEY_CHARS for k in found):
        return None
    return found if read == print_of(content, found) else None


def of_these_readers(memory: dict) -> bool:
    """Whether a memory's print was made by the readers and model of this code (its text
    and keys unchecked: a writer that changed neither need not hash them again)."""
    read = memory.get("read")
    return isinstance(read, str) and read.startswith(_readers_tag() + ":")


def needs_note(memory: dict) -> bool:
    """Whether a memory about to be written must be given keys (or have its
    procedure's taken away): what it carries is not for its text."""
    if memory.get("store") == "procedural" or not isinstance(memory.get("content"), str):
        return "read" in memory or "readings" in memory
    return carried(memory) is None


def note(memory: dict, known: tuple[str, list[str]] | None = None) -> None:
    """Give a memory that needs_note() its text's keys: `known` ((text, keys) as
    the search cache read them) when that is its text, or read now. A procedure
    is never read; a text that cannot be printed carries nothing."""
    memory.pop("read", None)
    memory.pop("readings", None)
    if memory.get("store") == "procedural" or not isinstance(memory.get("content"), str):
        return
    if known is not None and known[0] == memory["content"]:
        found = list(known[1])
    else:
        found = keys_of(memory["content"])
    read = print_of(memory["content"], found)
    if read is None:
        return
    memory["read"] = read
    if found:
        memory["readings"] = found

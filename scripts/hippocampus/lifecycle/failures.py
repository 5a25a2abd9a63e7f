"""What failed, kept as an error memory (category "errors"): a command that
failed (watch.py, the MCP tool record_error) or a failed tool call found in a
transcript (encode).

One memory per distinct failure: the same command failing the same way in the
same folder again reinforces the memory it made (`failure` holds a digest of
the failure: what failed as it is, its output with numbers and hashes folded,
so "in 0.52s" and "in 0.61s" are one failure, `build:1` and `build:2` two),
a forgotten one is brought back. The text is bounded
(the command line, the last lines of the output), control characters and
terminal escapes taken out, and redacted by remember_one like every memory.
"""

from __future__ import annotations

import hashlib
import re
import shlex

from ..errors import UsageError
from ..text.redact import redact
from ..text.textutil import clean_text

MAX_COMMAND = 300  # characters of the command line kept
MAX_TAIL_LINES = 12  # lines of output kept, the last ones
MAX_LINE = 240  # characters of each
MAX_TAIL = 1500  # characters of output in all
MAX_CWD = 200
IMPORTANCE = 0.6  # below core; the same failure three times reaches it (0.6, 0.66, 0.71)
CATEGORY = "errors"

_ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_VARIES = re.compile(r"\b(?:0x)?[0-9a-f]{7,}\b|\d+(?:[.:,]\d+)*", re.I)


def plain(text: str) -> str:
    """`text` without terminal escapes (colours, cursor moves) and control characters
    (a carriage return's overwritten progress keeps its last state)."""
    # escapes and carriage returns first: clean_text drops ESC (leaving "[31m" behind) and
    # turns a lone CR into a new line
    text = _ESCAPES.sub("", str(text or ""))
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        line = line.rstrip("\r").rsplit("\r", 1)[-1]  # "50%\r100%": what the terminal showed last
        lines.append(_CONTROL.sub("", clean_text(line.replace("\t", "    "))).rstrip())
    return "\n".join(lines)


def tail_lines(text: str, lines: int = MAX_TAIL_LINES) -> list[str]:
    """The last non-empty lines of an output, bounded; a line repeated in a row is
    kept once with its count."""
    kept: list[str] = []
    for line in reversed(plain(text[-200_000:]).split("\n")):
        if not line.strip():
            continue
        line = line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…"
        if kept and kept[-1].split("  (×")[0] == line:
            count = int(kept[-1].rsplit("(×", 1)[1][:-1]) + 1 if "  (×" in kept[-1] else 2
            kept[-1] = f"{line}  (×{count})"
            continue
        kept.append(line)
        if len(kept) >= lines:
            break
    kept.reverse()
    while kept and sum(len(line) + 1 for line in kept) > MAX_TAIL:
        kept.pop(0)
    return kept


def command_line(argv) -> str:
    """The command as one line: a list of arguments shell-quoted (for reading, never run)."""
    text = shlex.join(str(a) for a in argv) if isinstance(argv, (list, tuple)) else str(argv or "")
    text = " ".join(plain(text).split())
    return text if len(text) <= MAX_COMMAND else text[:MAX_COMMAND - 1] + "…"


def describe_exit(code: int | None, signal: int | None = None, not_found: bool = False) -> str:
    if not_found:
        return "not found, exit 127"
    if signal:
        return f"killed by signal {signal}, exit {128 + signal}"
    return f"exit {code}" if code is not None else "failed"


def failure_text(command: str, outcome: str, cwd: str | None, tail: list[str], *, project: str | None = None,
                 what: str = "Command failed") -> str:
    """The memory's words: what failed, where, how, and the output's last lines."""
    where = ""
    if cwd:
        cwd = " ".join(plain(cwd).split())[:MAX_CWD]
        project = project or cwd.rstrip("/").rsplit("/", 1)[-1]
        where = f" in {cwd}" + (f" (project {project})" if project and project != cwd.strip("/") else "")
    text = f"{what}: `{command}` ({outcome}){where}"
    if tail:
        text += "\nLast lines of its output:\n" + "\n".join("    " + line for line in tail)
    return text


def failure_key(text: str) -> str:
    """A digest of a failure: its first line (what failed, how, where) as it is, its output with
    what varies from run to run folded (numbers, hashes: "in 0.52s", "pid 4242")."""
    first, _, rest = text.partition("\n")
    folded = " ".join(first.split()) + "\n" + _VARIES.sub("#", " ".join(rest.casefold().split()))
    return hashlib.sha256(folded.encode("utf-8")).hexdigest()[:20]


def find(tx, key: str) -> dict | None:
    """The memory of the failure `key`, if one was kept (forgotten ones too, purged ones not)."""
    known = getattr(tx, "_failures", None)
    if known is None:
        known = {m["failure"]: m["id"] for m in tx.memories if m.get("failure") and not m.get("purged")}
        tx._failures = known
    memory_id = known.get(key)
    memory = tx.by_id.get(memory_id) if memory_id else None
    return memory if memory is not None and not memory.get("purged") else None


def record_failure(tx, command: str, outcome: str, cwd: str | None, output: str | None, *, source: str,
                   episode: str | None = None, created=None, what: str = "Command failed",
                   project: str | None = None) -> dict:
    """Keep one failure as an error memory, or reinforce the one it repeats:
    {id, action: added|reinforced, content}."""
    tail = tail_lines(output or "")
    text = failure_text(command, outcome, cwd, tail, project=project, what=what)
    if len(text.encode("utf-8")) > int(tx.config["max_content_bytes"]):
        text = failure_text(command, outcome, cwd, [], project=project, what=what)
    short = failure_text(command, outcome, cwd, [], project=project, what=what)
    return keep(tx, text, source=source, episode=episode, created=created, fallback=short)


def keep(tx, text: str, *, source: str, episode: str | None = None, created=None,
         fallback: str | None = None) -> dict:
    """The failure told by `text` as an error memory, or the one it repeats reinforced."""
    from .remember import reinforce_memory, remember_one

    key = failure_key(redact(text)[0])
    known = find(tx, key)
    if known is not None:
        reinforce_memory(tx, known, revive=True)  # failed again: it matters again
        return {"id": known["id"], "action": "reinforced", "content": known["content"]}
    options = dict(category=CATEGORY, importance=IMPORTANCE, source=source, episode=episode, created=created,
                   domain="world")
    try:
        result = remember_one(tx, text, **options)
    except UsageError:  # an output that repeats itself ("nothing to remember"): what failed, alone
        if not fallback:
            raise
        result = remember_one(tx, fallback, **options)
    memory = tx.by_id[result["id"]]
    if result["action"] == "added":
        memory["failure"] = key
        tx.put(memory)
    tx._failures[key] = memory["id"]
    return {"id": memory["id"], "action": result["action"], "content": memory["content"]}


def in_episode(tx, episode: str) -> int:
    """How many failures are kept for an episode (a session): encode keeps a few a session."""
    find(tx, "")
    return sum(1 for memory_id in tx._failures.values()
               if (tx.by_id.get(memory_id) or {}).get("episode") == episode)

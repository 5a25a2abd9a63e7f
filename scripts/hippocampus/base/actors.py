"""Who is acting: the main agent writes; every other actor reads and proposes.

The actor comes from `--actor NAME` or `$HIPPOCAMPUS_AGENT` (default `main`).
A bare name is a sub-agent (`researcher` -> `subagent:researcher`); a typed
name is kept (`subagent:researcher`, `bot:...`). Actor types in the audit
trail: `bot:<script>` (the main agent's scripts), `subagent:NAME`,
`system:decay` and other cron jobs, `manual` (a person's hand edits),
`reflection:ID`, `claude-memory-tool` (hosts/claude_memory_tool.py: it acts as
the main agent), and an approved proposal credited to its proposer.
"""

from __future__ import annotations

import re

from ..errors import UsageError

MAIN = "main"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,59}(:[A-Za-z0-9][A-Za-z0-9_.\-]{0,59})?$")


def resolve(value: str | None) -> str:
    """The canonical actor for a --actor / $HIPPOCAMPUS_AGENT value."""
    text = (value or "").strip()
    if text in ("", MAIN, "bot:main"):
        return MAIN
    from ..text.redact import has_secret
    kind = has_secret(text)
    if kind:  # an actor is written to the audit log, commit trailers and proposals as it is
        raise UsageError(f"an actor name cannot hold a credential (it looks like a {kind}); nothing was changed")
    if not _NAME.match(text):
        raise UsageError(f"not an actor name: {text[:60]!r} (letters, digits, . _ -, optionally type:name)")
    return text if ":" in text else f"subagent:{text}"


def is_main(actor: str) -> bool:
    return actor == MAIN


def refuse_write(actor: str, what: str) -> UsageError:
    return UsageError(f"{actor} may read memory and propose memories (remember.py files a proposal for "
                      f"scripts/review.py), but {what} needs the main agent; nothing was changed")

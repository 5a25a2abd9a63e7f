"""Which changes of the identity files are CRITICAL (the audit line's and the commit subject's flag).

IDENTITY.md and SOUL.md say who the agent is and what it holds to. A change is CRITICAL when the
part a person wrote changes: a line of theirs added, removed or edited, or the file deleted. What
our own scripts write there is not: the files created from assets/templates/ (init.py; a file that
appears counts only for lines of a person's the template lacks), the dated
`- YYYY-MM-DD [Self-Awareness] ...` lines reflection adds to the self-awareness log (and purge
scrubs), the log's heading (added with the first line where it was missing) and the
`<!-- self-image consolidated YYYY-MM-DD -->` mark. Blank lines and spaces at a line's end do not
count. A person's line written in the log's own format is taken for a log line.
"""

from __future__ import annotations

import re
from pathlib import Path

CRITICAL_FILES = ("IDENTITY.md", "SOUL.md")
TEMPLATES = Path(__file__).resolve().parents[3] / "assets" / "templates"
_OURS = re.compile(r"(?:- \d{4}-\d{2}-\d{2} \[Self-Awareness\] .*|<!-- self-image consolidated(?: [\d-]+)? -->"
                   r"|## self-awareness log)", re.IGNORECASE)


def is_critical(path: str) -> bool:
    """Whether `path` (workspace-relative) is an identity file: IDENTITY.md or SOUL.md at the top."""
    return "/" not in path.strip("/") and Path(path).name in CRITICAL_FILES


def _persons_part(data: bytes) -> list[str]:
    lines = (line.rstrip() for line in data.decode("utf-8", "replace").splitlines())
    return [line for line in lines if line and not _OURS.fullmatch(line.strip())]


def _template(path: str) -> bytes | None:
    try:
        return (TEMPLATES / Path(path).name).read_bytes()
    except OSError:
        return None


def changed(path: str, before: bytes | None, after: bytes | None) -> bool:
    """Whether going from `before` to `after` (None: no file) changes what a person wrote in the
    identity file `path`. A file that appears counts when it holds a line of a person's that the
    template init.py makes it from does not (reflection's own `# IDENTITY` and log lines do not)."""
    if not is_critical(path) or before == after:
        return False
    if after is None:
        return True  # deleted: the person's part goes with it
    if before is None:  # it appears: CRITICAL when it holds a line of a person's beyond the template's
        template = set(_persons_part(_template(path) or b""))
        return any(line not in template for line in _persons_part(after))
    return _persons_part(before) != _persons_part(after)

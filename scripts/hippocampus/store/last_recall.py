"""The memories the last recall returned, per acting agent: what `outcome.py` judges
when no --id is given.

A small derived file in the sidecar's cache folder (untracked, like the search
cache): written atomically after each recall, never committed. Recall must not
fail for it: a read-only workspace or a failed write leaves the previous file
(or none), and outcome.py then says there was no recall to judge.
"""

from __future__ import annotations

import json
import re
from datetime import datetime

from ..text.timeutil import format_time

MAX_IDS = 1000  # a recall returns at most this many (recall.py --top is at most 1,000)
_PLAIN = re.compile(r"^[a-z0-9_-]{1,40}$")


def path_for(paths, agent: str):
    """This agent's file: last-recall.json for main, last-recall.<name>.json for another."""
    if agent in ("", "main"):
        return paths.cache / "last-recall.json"
    name = agent.split(":", 1)[-1].lower()
    if not _PLAIN.match(name):  # a name that is not a plain file name part: its digest
        import hashlib  # (here: recall pays ~3 ms to import it, and a plain name needs none)
        name = hashlib.sha256(agent.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return paths.cache / f"last-recall.{name}.json"


def record(workspace, ids: list[str], now: datetime) -> bool:
    """Note the ids a recall returned (an empty list too: that recall found nothing), never its
    query (a purge scrubs words, and this file would keep them). Never raises: False when it
    could not be written (a read-only workspace...)."""
    try:
        from ..base.fsutil import atomic_write
        from .workspace import _may_write
        target = path_for(workspace.paths, workspace.agent)
        if not _may_write(target):
            return False
        data = {"agent": workspace.agent, "time": format_time(now),
                "ids": [i for i in ids if isinstance(i, str)][:MAX_IDS]}  # (recall's: read() checks them)
        atomic_write(target, json.dumps(data, ensure_ascii=False) + "\n", sync=False)
        return True
    except Exception:  # noqa: BLE001 - a note for later, never worth failing a recall
        return False


def read(workspace) -> dict | None:
    """The last recall's note for the acting agent ({time, ids}), None when
    there is none (or it is unreadable: it is derived, never trusted further)."""
    from ..base.model import is_valid_id
    try:
        data = json.loads(path_for(workspace.paths, workspace.agent).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("ids"), list):
        return None
    ids = [i for i in data["ids"] if is_valid_id(i)][:MAX_IDS]
    return {"time": str(data.get("time") or ""), "ids": ids}

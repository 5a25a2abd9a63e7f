"""The agent's working day, as changes in one transaction each: working memory (push, clear,
flush, promote), the task snapshot, the session trail and handoffs (store/session_files.py
says where and how they are kept). None of it is a memory: recall never returns it and decay
never touches it; `promote` is the one way a working note becomes a long-term memory.

Working memory: at most `working_memory.max_entries` (20) notes a scope; a push beyond it drops
the least important older note (ties: the oldest), never the note just pushed. `clear` drops a
scope's notes; `flush` ends a scope's work: its notes go into the trail as one entry (with
`promote`, those at `min_importance` or more are remembered first), and the scope is emptied.
"""

from __future__ import annotations

from ..errors import NotFound, UsageError
from ..store import session_files as sf
from ..text.textutil import defuse
from ..text.timeutil import format_time


def _now(tx) -> str:
    return format_time(tx.now)


def _write_or_remove(tx, relative: str, text: str | None) -> None:
    if text is None:
        if tx.current_bytes(relative) is not None:
            tx.remove_file(relative)
    else:
        tx.write_file(relative, text.encode("utf-8"))


# --------------------------------------------------------- working memory
def wm_entries(tx, scope: str) -> list[dict]:
    data = tx.current_bytes(sf.wm_path(tx.workspace.paths, scope))
    return sf.parse_wm(data.decode("utf-8", "replace") if data is not None else None)


def _save_wm(tx, scope: str, entries: list[dict]) -> None:
    relative = sf.wm_path(tx.workspace.paths, scope)
    limit = int(tx.config["working_memory"]["max_entries"])
    _write_or_remove(tx, relative, sf.render_wm(sf.scope_name(scope), entries, limit) if entries else None)


def wm_push(tx, scope: str, text: str, importance: float = 0.5) -> dict:
    scope = sf.scope_name(scope, new=True)
    note = sf.value(text)
    if not note:
        raise UsageError("nothing to push: the note is empty")
    if not 0 <= importance <= 1:
        raise UsageError(f"--importance must be from 0 to 1, got {importance!r}"[:80])
    entries = wm_entries(tx, scope)
    limit = int(tx.config["working_memory"]["max_entries"])
    evicted = []
    while len(entries) >= limit:  # the weakest older note goes (ties: the oldest), never the new one
        weakest = min(range(len(entries)), key=lambda i: (entries[i]["importance"], i))
        evicted.append(entries.pop(weakest))
    entries.append({"text": note, "importance": float(importance), "at": _now(tx)})
    _save_wm(tx, scope, entries)
    tx.action, tx.summary = "wm-push", f"{scope}: {note}"
    return {"scope": scope, "position": len(entries), "count": len(entries), "limit": limit, "evicted": evicted}


def wm_clear(tx, scopes: list[str]) -> dict:
    cleared = {}
    for scope in scopes:
        entries = wm_entries(tx, scope)
        if entries:
            _save_wm(tx, scope, [])
        cleared[sf.scope_name(scope)] = len(entries)
    tx.action, tx.summary = "wm-clear", ", ".join(f"{s}: {n} notes" for s, n in cleared.items()) or "nothing"
    return {"cleared": cleared}


def _promote(tx, scope: str, entry: dict) -> dict:
    from .remember import remember_one
    result = remember_one(tx, entry["text"], importance=entry["importance"], source=f"working-memory:{scope}")
    return {"id": result["id"], "action": result["action"], "text": entry["text"]}


def wm_promote(tx, scope: str, positions: list[int]) -> dict:
    """Remember notes (1-based, as `read` numbers them) as long-term memories; they leave the pad."""
    scope = sf.scope_name(scope)
    entries = wm_entries(tx, scope)
    bad = [p for p in positions if not 1 <= p <= len(entries)]
    if bad:
        raise NotFound(f"no note {bad[0]} in working memory {scope!r} ({len(entries)} notes; wm.py read "
                       "numbers them)")
    chosen = sorted(set(positions))
    promoted = [_promote(tx, scope, entries[p - 1]) for p in chosen]
    _save_wm(tx, scope, [e for i, e in enumerate(entries, 1) if i not in chosen])
    add_trail(tx, "wm-promote", f"{scope}: promoted {len(promoted)} notes to memory "
                                f"({', '.join(p['id'] for p in promoted)})")
    tx.action, tx.summary = "wm-promote", f"{scope}: " + "; ".join(p["text"] for p in promoted)
    return {"scope": scope, "promoted": promoted}


def wm_flush(tx, scope: str, promote: bool = False, min_importance: float = 0.0) -> dict:
    scope = sf.scope_name(scope)
    entries = wm_entries(tx, scope)
    promoted = [_promote(tx, scope, e) for e in entries if promote and e["importance"] >= min_importance]
    if entries:
        texts = "; ".join(e["text"] for e in entries)
        add_trail(tx, "wm-flush", f"{scope}: {len(entries)} notes ({len(promoted)} promoted): {texts}")
        _save_wm(tx, scope, [])
    tx.action, tx.summary = "wm-flush", f"{scope}: {len(entries)} notes, {len(promoted)} promoted"
    return {"scope": scope, "flushed": len(entries), "promoted": promoted}


# --------------------------------------------------------------- snapshot
def snapshot_save(tx, task: str, summary: str | None = None, next_step: str | None = None) -> dict:
    snapshot = {"task": sf.value(task), "summary": sf.value(summary), "next_step": sf.value(next_step),
                "saved": _now(tx)}
    if not snapshot["task"]:
        raise UsageError("--task is empty: say what the task is")
    tx.write_file(sf.snapshot_path(tx.workspace.paths), sf.render_snapshot(snapshot).encode("utf-8"))
    add_trail(tx, "snapshot", f"saved: {snapshot['task']}")
    tx.action, tx.summary = "snapshot-save", snapshot["task"]
    return {k: v for k, v in snapshot.items() if v}


def current_snapshot(tx) -> dict | None:
    data = tx.current_bytes(sf.snapshot_path(tx.workspace.paths))
    found = sf.parse_fields(data.decode("utf-8", "replace") if data is not None else None, sf.SNAPSHOT_FIELDS)
    return found if found.get("task") else None


def snapshot_clear(tx) -> dict:
    snapshot = current_snapshot(tx)
    relative = sf.snapshot_path(tx.workspace.paths)
    if tx.current_bytes(relative) is not None:
        tx.remove_file(relative)
    if snapshot:
        add_trail(tx, "snapshot", f"cleared: {snapshot['task']}")
    tx.action, tx.summary = "snapshot-clear", snapshot["task"] if snapshot else "no snapshot"
    return {"cleared": snapshot}


# ------------------------------------------------------------------ trail
def add_trail(tx, kind: str, text: str) -> dict:
    """One trail entry (the file keeps the last TRAIL_KEPT), in this transaction."""
    relative = sf.trail_path(tx.workspace.paths)
    data = tx.current_bytes(relative)
    entries = sf.parse_trail(data.decode("utf-8", "replace") if data is not None else None)
    entry = {"at": _now(tx), "kind": kind, "text": sf.value(text, 300)}
    entries.append(entry)
    tx.write_file(relative, sf.render_trail(entries[-sf.TRAIL_KEPT:]).encode("utf-8"))
    return entry


def trail_add(tx, text: str) -> dict:
    if not sf.value(text):
        raise UsageError("nothing to add: the entry is empty")
    entry = add_trail(tx, "note", text)
    tx.action, tx.summary = "trail-add", entry["text"]
    return entry


# --------------------------------------------------------------- handoffs
def handoff_create(tx, *, summary=None, next_step=None, task=None, origin="an agent", last_request=None,
                   files=(), failed=(), notes=(), trail_count: int = 5) -> dict:
    """A handoff for the next session: what is given, over the active snapshot's task, summary
    and next step; the trail's last entries. Keeps the last HANDOFFS_KEPT handoffs."""
    paths = tx.workspace.paths
    snapshot = current_snapshot(tx) or {}
    stamp = format_time(tx.now).replace("-", "").replace(":", "")  # 20261205T064000Z
    existing = sf.handoff_ids(tx.workspace.root, paths)
    handoff_id, number = f"h_{stamp}", 1
    while handoff_id in existing or f"{sf.handoffs_folder(paths)}/{handoff_id}.md" in tx.files:
        number += 1
        handoff_id = f"h_{stamp}-{number}"
    trail_data = tx.current_bytes(sf.trail_path(paths))
    trail = sf.parse_trail(trail_data.decode("utf-8", "replace") if trail_data is not None else None)
    handoff = {"id": handoff_id, "created": format_time(tx.now), "origin": sf.value(origin, 200),
               "task": sf.value(task or snapshot.get("task")), "summary": sf.value(summary or snapshot.get("summary")),
               "next_step": sf.value(next_step or snapshot.get("next_step")),
               "last_request": sf.value(last_request, 600),
               "files": [sf.value(f, 300) for f in files][:sf.LIST_MAX],
               "failed": [sf.value(f, 500) for f in failed][:sf.LIST_MAX],
               "notes": [sf.value(n, 500) for n in notes][:sf.LIST_MAX],
               "trail": [f"{e['at']} · {e['text']}" for e in trail[-trail_count:]] if trail_count else []}
    if not any(handoff[k] for k in ("task", "summary", "next_step", "last_request", "files", "failed", "notes")):
        raise UsageError("nothing to hand off: give --summary or --next-step (or save a snapshot first)")
    folder = sf.handoffs_folder(paths)
    tx.write_file(f"{folder}/{handoff_id}.md", sf.render_handoff(handoff).encode("utf-8"))
    for old in [*existing, handoff_id][:-sf.HANDOFFS_KEPT]:  # git's history keeps the older ones
        tx.remove_file(f"{folder}/{old}.md")
    add_trail(tx, "handoff", f"{handoff_id} written ({handoff['origin']})")
    tx.action, tx.summary = "handoff", f"{handoff_id}: {handoff['summary'] or handoff['task'] or handoff['last_request']}"
    return {k: v for k, v in handoff.items() if v}


# ------------------------------------------------------------- for reading
def read_wm(workspace, scope: str) -> list[dict]:
    paths = workspace.paths
    return sf.parse_wm(sf.read_text(workspace.root, sf.wm_path(paths, scope)))


def wm_text(scope: str, entries: list[dict]) -> str:
    """A scope's notes as an agent reads them: numbered (wm.py promote N), each defused."""
    if not entries:
        return f"Working memory {scope!r} is empty.\n"
    lines = [f"Working memory {scope!r} ({len(entries)} notes; scratch, not memories):"]
    lines += [f"{n}. [{e['importance']:.2f}] {defuse(e['text'])}" for n, e in enumerate(entries, 1)]
    return "\n".join(lines) + "\n"


def snapshot_text(snapshot: dict | None) -> str:
    if not snapshot:
        return "No active task snapshot.\n"
    lines = [f"Active task (saved {defuse(snapshot.get('saved') or '?', 40)}): {defuse(snapshot['task'])}"]
    for key, label in (("summary", "Summary"), ("next_step", "Next step")):
        if snapshot.get(key):
            lines.append(f"- {label}: {defuse(snapshot[key])}")
    return "\n".join(lines) + "\n"


def handoff_text(handoff: dict | None) -> str:
    if not handoff:
        return "No handoff yet.\n"
    lines = [f"Handoff {handoff['id']} ({defuse(handoff.get('created') or '?', 40)}, "
             f"from {defuse(handoff.get('origin') or '?', 100)}):"]
    for key, label in sf.HANDOFF_FIELDS[2:]:
        if handoff.get(key):
            lines.append(f"- {label}: {defuse(handoff[key])}")
    for key, label in sf.HANDOFF_LISTS:
        if handoff.get(key):
            lines.append(f"- {label}: " + "; ".join(defuse(item, 200) for item in handoff[key]))
    return "\n".join(lines) + "\n"

"""One memory's life, from the audit log and git: created, edits, reinforcements,
decays that crossed a threshold, archive.

The audit log is the timeline (each line lists the memories it touched; a
decay lists the ones whose status changed and says from which to which);
git adds the commit of each event where its message names the memory.
"""

from __future__ import annotations

import re

from ..errors import NotFound
from ..base.model import check_id
from ..store.workspace import Workspace

EVENTS = {"remember": "created", "approve": "created from a proposal", "reinforce": "reinforced",
          "forget": "archived", "purge": "purged", "decay": "crossed a threshold", "graph-add": "linked to an entity",
          "repair": "repaired by doctor", "encode": "created from a transcript", "capture": "created from a transcript",
          "import": "imported", "import-notes": "indexed from a note", "encode-apply": "created from a proposal",
          "consolidate": "changed by consolidation", "resolve-conflict": "archived: lost a conflict",
          "manual": "edited by hand", "outcome": "judged", "invalidate": "invalidated"}


def history(workspace: Workspace, memory_id: str) -> dict:
    memory_id = check_id(memory_id)
    current = _current(workspace, memory_id)
    events = _audit_events(workspace, memory_id)
    if current is None and not events:
        raise NotFound(f"no memory with id {memory_id} (and no trace of one in the audit log)")
    _attach_commits(workspace, memory_id, events)
    return _life(memory_id, current, events)


def _current(workspace: Workspace, memory_id: str) -> dict | None:
    """The memory as index.json holds it now: its line found where it lies (index.json is not
    parsed whole for one memory: at 100,000 memories that was ~6 s and ~730 MB); an index in
    another layout (a hand edit, v1 data) is read whole, as every reader reads it."""
    from ..store.memory_list import MemoryList
    memories = workspace.load_index(lazy=True)["memories"]
    if isinstance(memories, MemoryList):
        return memories.get(memory_id)
    return next((m for m in memories if m["id"] == memory_id), None)


def histories(workspace: Workspace, memories: list[dict]) -> dict[str, dict]:
    """history() for many memories at once (the dashboard): one pass over the
    audit log and one `git log`, whatever their number."""
    from ..store.audit import git
    from ..store.audit_archive import lines

    wanted = {m["id"] for m in memories}
    events: dict[str, list[dict]] = {memory_id: [] for memory_id in wanted}
    for line in lines(workspace.paths):
        parts = line.split(" | ", 4)
        if len(parts) != 5:
            continue
        for memory_id in set(parts[3].split(",")) & wanted:
            events[memory_id].append(_event(parts))
    result = git(workspace.root, "log", "--reverse", "--format=%H%x1f%s%x1f%(trailers:key=Memory-Id,valueonly,separator=%x1e)%x1d",
                 "-F", "--grep=Memory-Id: ", check=False)
    commits: dict[str, list[list[str]]] = {memory_id: [] for memory_id in wanted}
    for record in result.stdout.split("\x1d"):
        fields = record.strip("\n").split("\x1f")
        if len(fields) == 3:
            for memory_id in {i.strip() for i in fields[2].split("\x1e")} & wanted:
                commits[memory_id].append(fields[:2])
    found = {}
    for memory in memories:
        _pair(events[memory["id"]], commits[memory["id"]])
        found[memory["id"]] = _life(memory["id"], memory, events[memory["id"]])
    return found


def _event(parts: list[str]) -> dict:
    time, actor, action, _ids, summary = parts
    return {"time": time, "actor": actor, "action": action.removeprefix("CRITICAL "),
            "critical": action.startswith("CRITICAL "), "summary": summary, "commit": None}


def _life(memory_id: str, current: dict | None, events: list[dict]) -> dict:
    seen_created = False
    for event in events:
        kind = EVENTS.get(event["action"], event["action"])
        if event["action"] == "remember" and (seen_created or event["summary"].startswith("repeated")):
            kind = "reinforced (remembered again)"
        if event["action"] in ("remember", "approve", "encode", "capture", "import", "import-notes", "encode-apply"):
            seen_created = True
        if event["action"] == "manual":
            kind = "deleted by hand" if "deleted" in event["summary"] else "edited by hand"
        link = re.search(rf"(\S+) supersedes [^)]*\b{re.escape(memory_id)}\b", event["summary"])
        if link and link.group(1) != memory_id:
            kind = f"superseded by {link.group(1)}"
        elif re.search(rf"\b{re.escape(memory_id)} current again", event["summary"]):
            kind = "current again (reinforced while superseded)"
        if event["action"] == "decay":
            crossing = re.search(rf"{re.escape(memory_id)} ([\w-]+)->([\w-]+)", event["summary"])
            if crossing:
                kind = f"decayed from {crossing.group(1)} to {crossing.group(2)}"
        if event["action"] == "outcome":  # "outcome good for 2 memories (mem_a 1 good, 0 bad: half-life x1.25; ...)"
            judged = re.search(rf"^outcome (good|bad)\b.*?\b{re.escape(memory_id)} (\d+ good, \d+ bad: half-life x[\d.]+)",
                               event["summary"])
            if judged:
                kind = f"outcome {judged.group(1)}: now {judged.group(2)}"
        if event["action"] == "invalidate":  # "invalidated N memories resting on 'X' because REASON: ids"
            why = re.search(r"resting on (.+?) because (.*?): mem_", event["summary"])
            if why:
                kind = f"invalidated (stale): rests on {why.group(1)}, {why.group(2)}"
        event["event"] = kind
    state = None
    if current is not None:
        state = {key: current.get(key) for key in ("content", "domain", "category", "store", "status", "importance",
                                                   "baseImportance", "created", "lastAccessed", "timesReinforced",
                                                   "file", "archivedAt", "archivedBecause", "pinned",
                                                   "confidence", "supersededBy", "supersededHow", "supersedes",
                                                   "revivedAt", "outcomeGood", "outcomeBad",
                                                   "invalidatedBecause", "invalidatedAt")
                 if current.get(key) is not None}
        if "outcomeGood" in current or "outcomeBad" in current:
            from ..base.scoring import half_life_factor
            state["halfLifeFactor"] = round(half_life_factor(current), 4)
    return {"id": memory_id, "current": state, "events": events}


def _audit_events(workspace: Workspace, memory_id: str) -> list[dict]:
    from ..store.audit_archive import lines

    events = []
    for line in lines(workspace.paths):
        if memory_id not in line:
            continue
        parts = line.split(" | ", 4)
        if len(parts) != 5 or memory_id not in parts[3].split(","):
            continue
        events.append(_event(parts))
    return events


def _attach_commits(workspace: Workspace, memory_id: str, events: list[dict]) -> None:
    """Pair events with the commits whose Memory-Id trailer names the memory (in order)."""
    from ..store.audit import git

    result = git(workspace.root, "log", "--reverse", "--format=%H%x1f%s", "-F", f"--grep=Memory-Id: {memory_id}",
                 check=False)
    _pair(events, [line.split("\x1f", 1) for line in result.stdout.splitlines() if "\x1f" in line])


def _pair(events: list[dict], commits: list[list[str]]) -> None:
    """Give each event the commit (oldest first) whose subject is its action and summary."""
    position = 0
    for sha, subject in commits:
        subject = subject.removeprefix("CRITICAL ")
        for index in range(position, len(events)):
            event = events[index]
            head = f"{event['action']}: "
            if subject.startswith(head) and event["summary"].startswith(subject[len(head):].rstrip("…")[:40]):
                event["commit"] = sha[:12]
                position = index + 1
                break

"""Proposals: what a sub-agent wants remembered, waiting for the main agent.

Filed (propose, propose_forget, propose_promotion) and decided (approve,
reject) here, in hippocampus/meta/pending-memories.md; the file's format, and
its parsing and rendering, are proposal_file.py's. A decided proposal stays in
the file with its status: `approved as mem_... by main at ...` or
`rejected by main at ...: reason`.
"""

from __future__ import annotations

from contextlib import contextmanager

from ..errors import NotFound, UsageError
from .proposal_file import (CONFIDENCE, FIELDS, HEADER, PATH, check_confidence, find,  # noqa: F401
                            next_id, parse, render, set_status)

# ------------------------------------------------------------------ operations
def propose(tx, text: str, *, confidence: str | None = None, domain=None, category=None, importance=None,
            keywords=None, source=None, episode=None, store=None, pinned=False, title=None, steps=None,
            created=None) -> dict:
    """Append a proposal (redacted, validated like a memory) instead of writing memory."""
    from ..store.graph import registry_matcher
    from ..base.model import check_category, check_domain, check_importance, check_store
    from .remember import _keywords, _procedure, _short_text, prepare_content
    from ..text.timeutil import format_time

    store = check_store(store) if store else ("procedural" if title or steps else "vault" if pinned else "semantic")
    if store == "procedural":
        text, title = _procedure(text, title, steps)
    content = prepare_content(text, int(tx.config["max_content_bytes"]))
    value = check_importance(importance) if importance is not None else None
    core_worthy = store == "vault" or (value is not None and value >= tx.config["thresholds"]["core"])
    proposal = {
        "id": _next_number(tx), "from": tx.actor, "timestamp": format_time(created or tx.now),
        "trigger": _short_text(source, "source") or "cli", "store": store, "content": content,
        "entities": registry_matcher(tx)(content),
        "confidence": check_confidence(confidence), "coreWorthy": "yes" if core_worthy else "no",
        "domain": check_domain(domain) if domain else None,
        "category": check_category(category) if category else None,
        "importance": value, "keywords": ", ".join(_keywords(keywords) or []) or None,
        "source": _short_text(source, "source"), "episode": _short_text(episode, "episode", 120),
        "title": title, "status": "pending"}
    _append(tx, proposal)
    tx.action = "propose"
    tx.summary = f"proposed #{proposal['id']}: {content}"
    return proposal


def propose_forget(tx, target: dict, reason: str, trigger: str) -> dict:
    """A proposal to forget `target` (a memory): filed, never carried out unasked."""
    from ..text.timeutil import format_time
    proposal = {"id": _next_number(tx), "from": tx.actor, "timestamp": format_time(tx.now), "trigger": trigger,
                "kind": "forget", "target": target["id"], "store": target.get("store"),
                "content": f"forget: {target['content']} (asked: {reason})", "entities": [],
                "confidence": "medium", "coreWorthy": "no", "status": "pending"}
    _append(tx, proposal)
    return proposal


def propose_promotion(tx, memory: dict, why: str) -> dict:
    """A proposal to lift `memory` into core: consolidation never writes core by itself."""
    from ..text.timeutil import format_time
    proposal = {"id": _next_number(tx), "from": tx.actor, "timestamp": format_time(tx.now), "trigger": why,
                "kind": "promote", "target": memory["id"], "store": memory.get("store"),
                "content": f"promote to core: {memory['content']}", "entities": [], "confidence": "medium",
                "coreWorthy": "yes", "status": "pending"}
    _append(tx, proposal)
    return proposal


def _next_number(tx) -> int:
    """The next proposal number (parsed once per transaction)."""
    number = getattr(tx, "_next_proposal", None)
    if number is None:
        current = tx.current_bytes(PATH)
        number = next_id(parse(current.decode("utf-8", "replace"))) if current is not None else 1
    tx._next_proposal = number + 1
    return number


@contextmanager
def filing(tx):
    """The proposals filed inside join the queue's file once, at the end: filed one at a time,
    each wrote the whole queue again (a sub-agent's `remember --jsonl` of thousands, a backlog
    of signals encoded, consolidation's first run at 100,000 memories: 1,918 promotions, the
    queue 1.8 MB at the end)."""
    depth = getattr(tx, "_filing", 0)
    tx._filing = depth + 1
    try:
        yield
    finally:
        tx._filing = depth
        if not depth and getattr(tx, "_queue_behind", False):
            _write_queue(tx)


def _append(tx, proposal: dict) -> None:
    pending = getattr(tx, "_pending_proposals", None)
    if pending is None:
        current = tx.current_bytes(PATH)
        pending = tx._pending_proposals = [(current.decode("utf-8", "replace") if current is not None
                                            else HEADER).rstrip("\n") + "\n"]
    pending.append(render(proposal))
    tx._queue_behind = True
    if not getattr(tx, "_filing", 0):
        _write_queue(tx)


def _write_queue(tx) -> None:
    tx.write_file(PATH, "".join(tx._pending_proposals).encode("utf-8"))
    tx._queue_behind = False


def load(workspace) -> tuple[str, list[dict]]:
    try:
        text = (workspace.root / workspace.paths.here(PATH)).read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return "", []
    return text, parse(text)


def approve(workspace, numbers: list[int] | None, reviewer: str) -> list[dict]:
    """Turn pending proposals into memories, one commit each, credited to the proposer."""
    from .remember import remember_one

    _text, proposals = load(workspace)
    chosen = [p for p in proposals if p["state"] == "pending"] if numbers is None else \
        [find(proposals, n) for n in dict.fromkeys(numbers)]
    for proposal in chosen:
        if proposal["state"] != "pending":
            raise UsageError(f"proposal #{proposal['id']} is already {proposal['state']}")
    results = []
    for proposal in chosen:
        proposer = proposal.get("from") or "unknown"
        with workspace.transaction(proposer, "approve") as tx:
            current = parse(tx.current_bytes(PATH).decode("utf-8", "replace"))
            fresh = find(current, proposal["id"])  # as it is now, under the lock
            if fresh["state"] != "pending":
                raise UsageError(f"proposal #{proposal['id']} is already {fresh['state']}")
            if fresh.get("kind") in ("forget", "promote"):
                if fresh["kind"] == "forget":
                    from .forget import forget_ids
                    forget_ids(tx, [fresh.get("target", "")])
                    result = {"id": fresh.get("target"), "action": "forgotten"}
                else:
                    result = {"id": promote(tx, fresh.get("target", ""))["id"], "action": "promoted"}
                _close(tx, proposal["id"], f"approved: {result['action']} {result['id']} by {reviewer} at {_now(tx)}")
                tx.author, tx.trailers = proposer, [f"Approved-By: {reviewer}", f"Proposal: #{proposal['id']}"]
                tx.summary = f"approved #{proposal['id']} from {proposer}: {fresh.get('content', '')}"
                results.append({"proposal": proposal["id"], "from": proposer, "id": result["id"],
                                "action": result["action"]})
                continue
            keywords = fresh.get("keywords")
            result = remember_one(
                tx, fresh.get("content", ""), domain=fresh.get("domain"), category=fresh.get("category"),
                importance=fresh.get("importance"), keywords=keywords.split(",") if keywords else None,
                source=fresh.get("source") or f"proposal:{proposer}", episode=fresh.get("episode"),
                store=fresh.get("store"), pinned=fresh.get("store") == "vault", title=fresh.get("title"),
                created=_observed_at(fresh, tx))
            _close(tx, proposal["id"], f"approved as {result['id']} by {reviewer} at {_now(tx)}")
            tx.author = proposer
            tx.trailers = [f"Approved-By: {reviewer}", f"Proposal: #{proposal['id']}"]
            tx.summary = f"approved #{proposal['id']} from {proposer}: {fresh.get('content', '')}"
        results.append({"proposal": proposal["id"], "from": proposer, "id": result["id"], "action": result["action"]})
    return results


def reject(workspace, number: int, reason: str, reviewer: str) -> dict:
    from ..text.textutil import clean_text, one_line
    from ..text.redact import redact_text

    reason = one_line(redact_text(clean_text(reason or "")), 300)
    if not reason:
        raise UsageError("say why with --reason TEXT")
    with workspace.transaction(reviewer if reviewer != "main" else "bot:review", "reject") as tx:
        current = tx.current_bytes(PATH)
        if current is None:
            raise NotFound(f"no proposal #{number}: {PATH} does not exist")
        text = current.decode("utf-8", "replace")
        proposal = find(parse(text), number)
        if proposal["state"] != "pending":
            raise UsageError(f"proposal #{number} is already {proposal['state']}")
        tx.write_file(PATH, set_status(text, number, f"rejected by {reviewer} at {_now(tx)}: {reason}").encode("utf-8"))
        tx.summary = f"rejected #{number} from {proposal.get('from')}: {reason}"
    return {"proposal": number, "from": proposal.get("from"), "status": "rejected", "reason": reason}


def promote(tx, memory_id: str) -> dict:
    """Lift a memory to the core threshold (an approved promotion)."""
    from ..base.model import check_id
    from ..base.scoring import status_of
    from ..text.timeutil import format_time
    memory = tx.get(check_id(memory_id))
    core = tx.config["thresholds"]["core"]
    value = max(float(memory.get("baseImportance", 0.5)), core)
    memory.update(baseImportance=value, importance=value, lastAccessed=format_time(tx.now),
                  )
    memory.pop("decayFrom", None)
    memory["status"] = status_of(memory, value, tx.config)
    tx.put(memory)
    return memory


def _observed_at(proposal: dict, tx):
    """When the proposed memory was observed (its timestamp), never later than now."""
    from ..text.timeutil import parse_time_or
    moment = parse_time_or(proposal.get("timestamp"), tx.now)
    return min(moment, tx.now)


def _close(tx, number: int, status: str) -> None:
    text = tx.current_bytes(PATH).decode("utf-8", "replace")
    tx.write_file(PATH, set_status(text, number, status).encode("utf-8"))


def _now(tx) -> str:
    from ..text.timeutil import format_time
    return format_time(tx.now)

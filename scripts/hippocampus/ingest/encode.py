"""Signals -> memories, without an LLM in the loop.

Each signal of hippocampus/signals.jsonl not yet encoded is scored with the
importance table (scoring.signal_importance: explicit "remember that" 0.9,
emotional 0.85, preference 0.8, decision 0.75, fact 0.7, general 0.5, small
talk 0.3) and read for triggers:

- remember ("remember", "don't forget", "keep in mind", "note that", "for
  future reference"): scored 0.9 by the table;
- forget ("forget about X", "scratch that", "never mind"): a forget proposal
  for the matching memory (X, or the memory this session stored last), never
  a deletion;
- reflect ("reflect on", "consolidate memories", "review memories"): counted
  and reported, for the agent to run its reflection.

With `auto`, what scores at or above the threshold is stored as episodic
memories (one per turn, in the day's log, `source` = transcript and message,
`episode` = the session, `created` = the message's time so an old memory is
already weaker today); a repeat reinforces the memory it repeats. Without
`auto`, the same candidates become proposals (from `bot:encode`) in
hippocampus/meta/pending-memories.md, with a JSON twin, for an agent to summarise
and approve (`apply`); references/encoding-prompt.md is the agent's prompt.

A signal longer than max_content_bytes cannot be a memory: it is counted
(`tooLong`) and passed over, so it never stops the signals after it; so is
one that repeats itself (`repetitive`: "lol lol lol ...", textutil.repetition).
"""

from __future__ import annotations

import json
import re

from ..lifecycle import proposals
from ..base.scoring import signal_importance
from ..text.textutil import clean_text, repetition
from .signals import PATH as SIGNALS, read_signals
from .transcripts import ROLE_FAILURE

MAX_FAILURES_PER_SESSION = 5  # failed tool calls kept as error memories per session (the first ones)

_FORGET = re.compile(r"\b(?:forget about|forget that|please forget|disregard)\s+(?P<what>.+)$", re.I)
_FORGET_LAST = re.compile(r"^\W*(scratch that|never ?mind|ignore that|forget (it|that))\b\W*$", re.I)
_KEEP = re.compile(r"\b(don'?t|do not|never|not|won'?t)\s+(ever\s+)?forget\b", re.I)  # a remember, not a forget
_REFLECT = re.compile(r"\b(reflect on|consolidate (your |the )?memor(y|ies)|review (your |the )?memor(y|ies))\b", re.I)
JSON_TWIN = "hippocampus/meta/pending-memories.json"


def new_report(tx, threshold: float | None) -> dict:
    """An empty report, with the threshold in force (None: encode.auto_threshold from config)."""
    threshold = float(tx.config["encode"]["auto_threshold"]) if threshold is None else threshold
    return {"threshold": threshold, "signals": 0, "stored": 0, "reinforced": 0, "proposed": 0, "belowThreshold": 0,
            "tooLong": 0, "repetitive": 0, "forgetProposals": 0, "reflectRequested": 0, "ids": [], "preview": []}


def preview_lines(report: dict) -> list[str]:
    """What a dry run would store, one line each."""
    from ..text.textutil import one_line
    return [f"- {item['importance']:.2f} {item['signal']}: {one_line(item['text'], 160)}"
            for item in report.get("preview", [])]


def encode(tx, auto: bool, threshold: float | None = None, dry_run: bool = False) -> dict:
    """Encode the signals of hippocampus/signals.jsonl written since the last run."""
    ingest = tx.index.setdefault("ingest", {})
    start = int(ingest.get("encodedOffset", 0))
    path = tx.workspace.root / SIGNALS
    try:
        if start > path.stat().st_size:
            start = 0  # signals.jsonl was replaced: read it again (repeats reinforce, they do not copy)
    except FileNotFoundError:
        start = 0
    report = new_report(tx, threshold)
    last_in_session: dict[str, str] = {}
    end = start
    from ..base.progress import Progress, enabled
    bar = Progress("encode", path.stat().st_size - start if enabled() and path.exists() else None, "bytes")
    with proposals.filing(tx):  # (the queue written once, however many are proposed)
        for signal, end in read_signals(path, start):
            encode_signal(tx, signal, report, last_in_session, auto=auto, dry_run=dry_run)
            bar.update(to=end - start)
    bar.done()
    if not dry_run and end != start:
        ingest["encodedOffset"] = end
        tx.index_changed = True
    return finish(tx, report, auto, dry_run)


def finish(tx, report: dict, auto: bool, dry_run: bool) -> dict:
    if not dry_run and not auto and report["proposed"]:
        write_twin(tx)
    tx.action = "encode"
    tx.summary = (f"encoded {report['signals']} signals: {report['stored']} stored, {report['reinforced']} "
                  f"reinforced, {report['proposed']} proposed, {report['forgetProposals']} forget proposals")
    report.pop("_failures", None)
    if not dry_run:
        report.pop("preview")
    return report


def encode_signal(tx, signal: dict, report: dict, last_in_session: dict, *, auto: bool, dry_run: bool) -> None:
    """Score one signal; store it, propose it, or let it go."""
    from ..lifecycle.remember import remember_one
    from ..text.timeutil import parse_time_or

    report["signals"] += 1
    text = signal["text"]
    if signal.get("role") == ROLE_FAILURE:
        _encode_failure(tx, signal, report, auto=auto, dry_run=dry_run)
        return
    if len(text.strip().encode("utf-8", "replace")) > int(tx.config["max_content_bytes"]):
        report["tooLong"] += 1  # no memory may be this long: refused, it would stop every later signal too
        return
    score, kind = signal_importance(text)
    if kind == "repetitive" or repetition(clean_text(text).strip()):  # no memory (remember refuses it): passed over
        report["repetitive"] += 1
        return
    if _REFLECT.search(text):
        report["reflectRequested"] += 1
    forget = None if _KEEP.search(text) else _FORGET.search(text)
    if forget or (_FORGET_LAST.match(text) and not _KEEP.search(text)):
        target = _forget_target(tx, forget.group("what") if forget else None,
                                last_in_session.get(signal.get("session") or ""))
        if target is not None and not dry_run:
            proposals.propose_forget(tx, target, text, signal.get("source") or "transcript")
        report["forgetProposals"] += target is not None
        return
    if score < report["threshold"]:
        report["belowThreshold"] += 1
        return
    # a transcript's clock may run ahead: never later than now (remember refuses a future `created`)
    created = min(parse_time_or(signal.get("timestamp"), tx.now), tx.now) if signal.get("timestamp") else None
    options = dict(source=signal.get("source"), episode=signal.get("session"), store="episodic",
                   importance=score, created=created)
    if dry_run:
        report["preview"].append({"text": text, "importance": score, "signal": kind})
        return
    if auto:
        result = remember_one(tx, text, **options)
        report["stored" if result["action"] == "added" else "reinforced"] += 1
        report["ids"].append(result["id"])
        last_in_session[signal.get("session") or ""] = result["id"]
    else:
        proposals.propose(tx, text, confidence="high" if score >= 0.8 else "medium", **options)
        report["proposed"] += 1


def _encode_failure(tx, signal: dict, report: dict, *, auto: bool, dry_run: bool) -> None:
    """A failed tool call (transcripts.failed_calls): an error memory, the same failure again
    reinforcing it; at most MAX_FAILURES_PER_SESSION a session (the first ones)."""
    from ..lifecycle.failures import in_episode, keep
    from ..text.timeutil import parse_time_or

    text, session = signal["text"], signal.get("session") or ""
    if len(text.strip().encode("utf-8", "replace")) > int(tx.config["max_content_bytes"]):
        report["tooLong"] += 1
        return
    counted = report.setdefault("_failures", {})
    if session not in counted:
        counted[session] = in_episode(tx, session) if session else 0
    if counted[session] >= MAX_FAILURES_PER_SESSION:
        report["errorsOverLimit"] = report.get("errorsOverLimit", 0) + 1
        return
    counted[session] += 1
    created = min(parse_time_or(signal.get("timestamp"), tx.now), tx.now) if signal.get("timestamp") else None
    if dry_run:
        report["preview"].append({"text": text, "importance": 0.6, "signal": "error"})
        return
    if auto:
        result = keep(tx, text, source=signal.get("source") or "transcript", episode=session or None,
                      created=created)
        report["errors"] = report.get("errors", 0) + 1
        report["stored" if result["action"] == "added" else "reinforced"] += 1
        report["ids"].append(result["id"])
    else:
        proposals.propose(tx, text, confidence="medium", category="errors", source=signal.get("source"),
                          episode=session or None,
                          importance=0.6, created=created)
        report["proposed"] += 1


def capture(tx, text: str, auto: bool, threshold: float | None = None, dry_run: bool = False) -> dict:
    """A pasted conversation (plain chat-log format) through the same pipeline, without signals.jsonl."""
    import os
    from pathlib import Path
    from .signals import clean_signal, to_signal
    from ..text.timeutil import format_time
    from ..text.redact import redact_text
    from .transcripts import ReadResult, stream

    # redacted whole before it is split into messages (a key block spans paragraphs) and before
    # it is spooled: no secret reaches a file, not even one removed again
    text = redact_text(text)
    spool = tx.workspace.paths.cache / f"capture.{os.getpid()}.md"
    from ..base.fsutil import check_confined, mkdir_confined
    mkdir_confined(spool.parent)
    check_confined(spool)
    spool.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    label = f"capture:{format_time(tx.now)}"
    report = new_report(tx, threshold)
    report["noise"] = {}
    last_in_session: dict[str, str] = {}
    try:
        result = ReadResult()
        with proposals.filing(tx):  # (the queue written once, however many are proposed)
            for message in stream(Path(spool), "plain", 0, label, result):
                clean, noise = clean_signal(message.text)
                if noise:
                    report["noise"][noise] = report["noise"].get(noise, 0) + 1
                    continue
                signal = to_signal(message, clean)
                signal["session"] = signal["session"].replace(spool.stem, label) if signal["session"] else label
                signal["timestamp"] = signal["timestamp"] or format_time(tx.now)
                encode_signal(tx, signal, report, last_in_session, auto=auto, dry_run=dry_run)
        for reason, count in result.skipped.items():  # a message too long to read, a last line without its end
            report["noise"][reason] = report["noise"].get(reason, 0) + count
    finally:
        spool.unlink(missing_ok=True)
    return finish(tx, report, auto, dry_run)


def _forget_target(tx, what: str | None, last_id: str | None) -> dict | None:
    if what is None:
        return tx.by_id.get(last_id) if last_id else None
    from ..recall.search import recall
    from ..text.textutil import content_words
    wanted = set(content_words(what))
    candidates = [tx.by_id[h["id"]] for h in recall(tx.workspace, what, top=3) if h["id"] in tx.by_id]
    candidates += [m for m in tx.touched.values() if m not in candidates]  # stored earlier in this run
    scored = [(len(wanted & set(content_words(m["content"]))), -position, m)
              for position, m in enumerate(candidates) if m.get("status") != "archived"]
    best = max(scored, key=lambda item: item[:2], default=None)
    return best[2] if best and best[0] > 0 else None


def write_twin(tx) -> None:
    """hippocampus/meta/pending-memories.json: the pending proposals, for an agent to edit and --apply."""
    text = tx.current_bytes(proposals.PATH).decode("utf-8", "replace")
    pending = [{key: p.get(key) for key in ("id", "from", "timestamp", "kind", "target", "store", "content",
                                             "importance", "confidence", "source", "episode")}
               for p in proposals.parse(text) if p["state"] == "pending"]
    twin = {"instructions": "Edit 'content' into a short, self-contained memory (or set 'reject' to a reason), "
                            "then run: scripts/encode.py --apply FILE. See references/encoding-prompt.md.",
            "proposals": pending}
    tx.write_file(JSON_TWIN, (json.dumps(twin, ensure_ascii=False, indent=1) + "\n").encode("utf-8"))


def apply(tx, decisions) -> dict:
    """Approve (with the agent's edited content) or reject proposals, in one transaction."""
    from ..errors import UsageError
    from ..lifecycle.forget import forget_ids
    from ..lifecycle.remember import remember_one

    if isinstance(decisions, dict):
        decisions = decisions.get("proposals", [])
    if not isinstance(decisions, list):
        raise UsageError("expected a JSON list of proposals (or {\"proposals\": [...]})")
    text = (tx.current_bytes(proposals.PATH) or b"").decode("utf-8", "replace")
    found = {p["id"]: p for p in proposals.parse(text)}
    report = {"approved": [], "rejected": [], "skipped": []}
    for number, decision in enumerate(decisions, start=1):
        if not isinstance(decision, dict) or not isinstance(decision.get("id"), int):
            raise UsageError(f"entry {number}: needs the proposal's numeric id")
        proposal = found.get(decision["id"])
        if proposal is None:
            raise UsageError(f"entry {number}: no proposal #{decision['id']}")
        if proposal["state"] != "pending":
            report["skipped"].append(decision["id"])
            continue
        if decision.get("reject"):
            reason = str(decision["reject"])[:300]
            text = proposals.set_status(text, proposal["id"], f"rejected by main at {tx.now:%Y-%m-%dT%H:%M:%SZ}: {reason}")
            report["rejected"].append(proposal["id"])
            continue
        if proposal.get("kind") == "forget":
            forget_ids(tx, [proposal.get("target", "")])
            memory_id = proposal.get("target")
        else:
            content = decision.get("content") or proposal.get("content", "")
            created = None
            if proposal.get("timestamp"):
                from ..text.timeutil import parse_time_or
                created = min(parse_time_or(proposal["timestamp"], tx.now), tx.now)
            memory_id = remember_one(
                tx, content, importance=decision.get("importance", proposal.get("importance")),
                store=decision.get("store") or proposal.get("store"), domain=decision.get("domain"),
                category=decision.get("category"), source=proposal.get("source"),
                episode=proposal.get("episode"), created=created)["id"]
        text = proposals.set_status(text, proposal["id"],
                                    f"approved as {memory_id} by main at {tx.now:%Y-%m-%dT%H:%M:%SZ}")
        report["approved"].append({"proposal": proposal["id"], "id": memory_id})
    tx.write_file(proposals.PATH, text.encode("utf-8"))
    write_twin(tx)
    tx.action = "encode-apply"
    tx.summary = f"applied reviewed proposals: {len(report['approved'])} approved, {len(report['rejected'])} rejected"
    return report

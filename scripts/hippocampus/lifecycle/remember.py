"""Capturing memories: one, or many from JSON lines, through the transaction."""

from __future__ import annotations

import json
from datetime import datetime

from ..text import textutil
from ..text.classify import guess_category, guess_domain, guess_keywords
from ..errors import UsageError
from ..base.model import (check_category, check_domain, check_importance, check_store, new_id, new_memory)
from ..base.paths import memory_file
from ..text.redact import redact
from ..base.scoring import decayed, initial_importance, reinforced, signal_importance, status_of
from ..text.timeutil import check_not_future, format_time, local_day, parse_time, parse_time_or
from ..store.stores import procedure_text, write_home
from ..store.transaction import Transaction
from .content import prepare_content  # (here too: what importers and the memory tool call)

RECORD_FIELDS = ("content", "domain", "category", "importance", "keywords", "source", "episode",
                 "store", "created", "pinned", "title", "supersedes", "decision", "error", "context")
DECISIONS, ERRORS = "decisions", "errors"  # remember --decision, --error: their categories (config's multipliers)
CONTEXT_CHARS = 500  # --context: where and why, kept with the words (one line, at most this long)


def kind_category(category: str | None, decision: bool = False, error: bool = False) -> str | None:
    """The category --decision or --error sets (one of them; a --category that says otherwise is refused)."""
    if decision and error:
        raise UsageError("a memory is a decision (--decision) or an error (--error), not both")
    wanted = DECISIONS if decision else ERRORS if error else None
    if wanted and category and check_category(category) != wanted:
        raise UsageError(f"--{'decision' if decision else 'error'} files the memory under category {wanted}, "
                         f"not {str(category)[:40]!r}")
    return wanted or category


def with_context(text: str, context) -> str:
    """The memory's words with --context (where and why) kept beside them, so recall finds and shows both:
    "TEXT (context: CONTEXT)"."""
    context = _short_text(context, "context", CONTEXT_CHARS)
    if not context:
        return text
    return f"{text.rstrip()} (context: {context})"


def check_options(domain: str | None = None, category: str | None = None, store: str | None = None) -> None:
    """Refuse bad flags before anything touches the workspace."""
    if domain:
        check_domain(domain)
    if category:
        check_category(category)
    if store:
        check_store(store)


def _keywords(value) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):  # redacted whole before it is split: a secret may hold a comma
        value = redact(textutil.clean_text(value))[0].split(",")
    if not isinstance(value, list):
        raise UsageError("keywords must be a list or a comma-separated string")
    cleaned = [textutil.one_line(redact(textutil.clean_text(str(k)))[0], 60).lower() for k in value]
    return [k for k in cleaned if k][:20]


def _short_text(value, what: str, limit: int = 200) -> str | None:
    if value is None:
        return None
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        raise UsageError(f"{what} must be text")
    text = textutil.one_line(redact(textutil.clean_text(str(value)))[0], limit)
    return text or None


def remember_one(tx: Transaction, text: str, *, domain: str | None = None, category: str | None = None,
                 importance=None, keywords=None, source=None, episode=None, store: str | None = None,
                 created: datetime | None = None, pinned: bool = False, title: str | None = None,
                 steps: list[str] | None = None, note: bool = False, supersedes: list[str] | None = None,
                 decision: bool = False, error: bool = False, context=None, read=None) -> dict:
    """Store one memory (or reinforce its exact duplicate) in its store's home.

    Returns {id, action}. A procedure (store procedural) gets a title, from
    `title` or its first line, written as the heading of its file. With
    `note`, the words stay where they are (a person's note, named by
    `source`) and no file is written. `supersedes`: ids this memory replaces
    (an agent that knows); the ones it supersedes by subject and slot are
    found too (supersede.py), and named in the result's `supersedes`.
    `decision` / `error`: category decisions / errors (kept longer: config's
    category_multiplier); `context`: where and why, kept with the words.
    `read`: the text's readings, read ahead (read_ahead.Readings); taken only
    if they are of the text it stores, else it reads for itself.
    """
    category = kind_category(category, decision, error)
    if context is not None:
        text = with_context(text, context)
    config = tx.config
    now = tx.now
    store = check_store(store) if store else ("procedural" if title or steps else "vault" if pinned else "semantic")
    if store != "procedural" and (title or steps):
        raise UsageError("--title and --step are for procedures (--store procedural)")
    if store == "procedural":
        text, title = _procedure(text, title, steps)
    max_bytes = int(config["max_content_bytes"])
    read = read.of(text, max_bytes) if read is not None else None
    content = read.content if read else prepare_content(text, max_bytes)
    if read:
        read.lend()  # (the readings link_new and the duplicate's lookup ask for: as if read here)
    domain = check_domain(domain) if domain else read.domain if read else guess_domain(content)
    category = check_category(category) if category else ("procedures" if store == "procedural"
                                                           else read.category if read else guess_category(content))
    pinned = bool(pinned or store == "vault")
    keyword_list = _keywords(keywords) or (list(read.keywords) if read else guess_keywords(content))
    source = _short_text(source, "source") or "cli"
    episode = _short_text(episode, "episode", 120)
    created = check_not_future(created, now) if created else now
    if store == "episodic" and not episode:
        episode = format_time(created)[:10]  # the day's log is the episode

    duplicate = duplicate_of(tx, textutil.fold(content), domain, store, created)
    if duplicate is not None and not note:
        reinforce_memory(tx, duplicate, revive=True)  # said again: current again (supersede.revive)
        result = {"id": duplicate["id"], "action": "reinforced"}
        if supersedes:
            from .supersede import link_explicit
            result["supersedes"] = link_explicit(tx, duplicate, supersedes)
        return result

    if importance is None:  # a pinned or vault memory starts at the core line at least
        signal = read.signal if read else signal_importance(content)
        value = initial_importance(signal[0], {"pinned": pinned, "store": store}, config)
    else:
        value = check_importance(importance)
    memory_id = new_id()
    while tx.id_taken(memory_id):
        memory_id = new_id()
    memory = new_memory(memory_id=memory_id, content=content, domain=domain, category=category,
                        importance=value, keywords=keyword_list, store=store, source=source,
                        episode=episode, created=created, now=now, status="active", pinned=pinned)
    current = decayed(memory, now, config)
    memory["importance"] = current
    memory["status"] = status_of(memory, current, config)
    if title:
        memory["title"] = _short_text(title, "title", 120)
    from ..store.graph import registry_matcher
    linked = registry_matcher(tx)(content)
    if linked:
        memory["entities"] = linked
    if supersedes:  # checked before any file is buffered: an unknown id writes nothing
        from .supersede import check_ids
        check_ids(tx, supersedes)
    if not note:
        write_home(tx, memory)
    tx.put(memory)
    if read:  # the keys index.json carries for its text, read ahead (the commit takes them if it is unchanged)
        tx.read_keys[memory_id] = (content, list(read.keys))
    result = {"id": memory_id, "action": "added"}
    if store != "procedural":
        from .supersede import link_explicit, link_new
        replaced = link_explicit(tx, memory, supersedes) if supersedes else []
        replaced += [i for i in link_new(tx, memory) if i not in replaced]
        if replaced:
            result["supersedes"] = replaced
    return result


def remember_committed(workspace, text: str, **options) -> tuple[dict, dict]:
    """remember_one in its own transaction (one commit), as remember.py and the MCP
    server store one memory: (the result, the memory as stored). A repeat is
    committed as the reinforcement it is. A memory added gets `candidates`: the
    live memories it may update, for the agent to judge (update_candidates.py)."""
    with workspace.transaction("bot:remember", "remember") as tx:
        result = remember_one(tx, text, **options)
        memory = tx.by_id[result["id"]]
        if result["action"] == "added":
            from .update_candidates import candidates
            result["candidates"] = candidates(tx, memory, result.get("supersedes") or ())
        tx.summary = memory["content"]
        if result["action"] == "reinforced":
            tx.action = "reinforce"
            tx.summary = f"repeated, so reinforced: {memory['content']}"
        from .supersede import notes, summary_note
        tx.summary += summary_note(tx, result) + notes(tx)
    return result, memory


def stored_data(result: dict, memory: dict) -> dict:
    """What remember.py --json (and the MCP server) say of a memory stored."""
    data = {"id": result["id"], "action": result["action"], "importance": memory["importance"],
            "domain": memory["domain"], "category": memory["category"], "store": memory["store"],
            "file": memory.get("file")}
    if result.get("supersedes"):
        data["supersedes"] = result["supersedes"]
    if "candidates" in result:  # what it may update: supersede.py NEW OLD when one is the old value
        data["candidates"] = result["candidates"]
    return data


def duplicate_of(tx: Transaction, key: str, domain: str, store: str, created: datetime) -> dict | None:
    """The memory a new one with folded text `key` repeats, if any. An episode is an
    event: it repeats an episode only of the same calendar day (the machine's time
    zone), so "went for a run" on three days stays three memories."""
    if store != "episodic":
        return tx.fold_key_owner(key, domain)
    day = local_day(created)

    def same_day(memory: dict) -> bool:  # a lasting memory with these words is reinforced, as ever
        return memory.get("store") != "episodic" or local_day(parse_time_or(memory.get("created"), created)) == day
    return tx.fold_key_owner(key, domain, accept=same_day)


def _procedure(text: str | None, title: str | None, steps: list[str] | None) -> tuple[str, str]:
    """(body, title) of a procedure: a `# title` heading over its steps."""
    text = textutil.clean_text(text or "").strip()
    if not title:
        first, _, rest = text.partition("\n")
        if not first.strip() and not steps:
            raise UsageError("a procedure needs a title (--title) or text")
        if first.startswith("# ") or not steps:
            title, text = first.lstrip("# ").strip(), rest.strip()
        else:
            title = first
            text = rest.strip()
    title = textutil.one_line(redact(textutil.clean_text(str(title)))[0], 120)
    if not title:
        raise UsageError("a procedure needs a title (--title)")
    if not text and not steps:
        raise UsageError("a procedure needs its steps (the text, as a markdown list, or --step)")
    return procedure_text(title, text, steps), title


def reinforce_memory(tx: Transaction, memory: dict, revive: bool = False) -> dict:
    """Strengthen a memory now: closes 15% of its headroom from its current value.

    `revive`: the person says it again (remembered again, reinforce.py): a
    superseded memory is current again (supersede.revive). A recall's
    --reinforce does not revive: it is use, not a statement."""
    if memory.get("purged"):
        raise UsageError(f"{memory['id']} was purged; its words are gone, so it cannot be reinforced")
    if memory.get("status") == "archived":  # reinforcing a forgotten memory brings it back
        memory["status"] = "active"
        memory.pop("archivedAt", None)
        memory.pop("archivedBecause", None)
        memory.pop("mergedInto", None)
        memory_file(memory)  # (its file comes home from hippocampus/archive/: Transaction._place)
    current = decayed(memory, tx.now, tx.config)
    value = reinforced(current, tx.config["reinforce"]["rate"])
    stale = bool(memory.get("supersededBy")) and not revive
    memory.update(importance=value, baseImportance=value, lastAccessed=format_time(tx.now),
                  timesReinforced=int(memory.get("timesReinforced", 0)) + 1,
                  confidence="stale" if stale else "observed")
    memory["status"] = status_of(memory, value, tx.config)
    tx.put(memory)
    if revive and memory.get("supersededBy"):
        from .supersede import revive as revive_superseded
        revive_superseded(tx, memory)
        memory["status"] = status_of(memory, value, tx.config)  # current again: core again, at its weight
    return memory


def parse_jsonl(text: str) -> list[dict]:
    """Validate every line before anything is written; errors name the line."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise UsageError(f"line {number}: not valid JSON ({exc.msg})") from None
        if isinstance(record, str):
            record = {"content": record}
        if not isinstance(record, dict):
            raise UsageError(f"line {number}: expected a JSON object with a content field")
        if not isinstance(record.get("content"), str) or not record["content"].strip():
            raise UsageError(f"line {number}: missing content")
        unknown = sorted(set(record) - set(RECORD_FIELDS) - {"id", "timestamp"})
        if unknown:
            raise UsageError(f"line {number}: unknown field {unknown[0]!r} (known: {', '.join(RECORD_FIELDS)})")
        records.append((number, record))
    return records


def record_options(record: dict) -> dict:
    """remember_one's keyword arguments from one JSON-lines record."""
    created_text = record.get("created") or record.get("timestamp")
    return dict(domain=record.get("domain"), category=record.get("category"), importance=record.get("importance"),
                keywords=record.get("keywords"), source=record.get("source"), episode=record.get("episode"),
                store=record.get("store"), pinned=bool(record.get("pinned")), title=record.get("title"),
                supersedes=_id_list(record.get("supersedes")), decision=record.get("decision") is True,
                error=record.get("error") is True, context=record.get("context"),
                created=parse_time(created_text, "created") if created_text else None)


def _id_list(value) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UsageError("supersedes must be a memory id or a list of them")
    return value or None


def remember_many(tx: Transaction, records: list) -> list[dict]:
    """Store many memories in one transaction; their texts are read ahead on the other cores
    (read_ahead.py), each stored as remember_one stores it alone."""
    from ..base.progress import track  # a bulk job: a single remember never loads it
    from .read_ahead import ReadAhead
    results = []
    with ReadAhead([record["content"] for _number, record in records], int(tx.config["max_content_bytes"])) as ahead:
        for position, (number, record) in enumerate(track(records, "remember")):
            try:
                results.append(remember_one(tx, record["content"], read=ahead(position), **record_options(record)))
            except UsageError as exc:
                raise UsageError(f"line {number}: {exc}") from None
    return results

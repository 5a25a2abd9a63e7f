"""Memory as tools an agent calls in a long-lived process (the MCP server, mcp_server.py).

Each tool does what its script does, through the same library functions and
the one transaction (`workspace.transaction`): redaction in remember_one and
proposals.propose, gating by the acting agent (another agent's remember is a
proposal; its other writes are refused), results rendered for an agent's
context by context.py. A tool returns (text, data): the text an agent reads,
and the same as JSON (what the script's --json prints). Bad input raises a
HippocampusError, as in the scripts.

What is warm between calls: the imports, the compiled patterns, and the
Workspace with its open SQLite search cache. Nothing read from the workspace
is kept: every call re-checks the cache against index.json's state (the
search cache's freshness key), so what a CLI writer commits meanwhile is seen
by the next call (Workspace.refresh).
"""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

from .. import cli
from ..base.actors import MAIN, resolve
from ..errors import UsageError
from ..text.textutil import clean_text
from ..store.workspace import Workspace

MAX_IDS = 1000


def text_or_none(value, what: str) -> str | None:
    """A string argument as the scripts read theirs (cleaned: NUL, surrogates, bidi controls)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise UsageError(f"{what} must be text")
    return clean_text(value)


def bounded(value, what: str, low, high, kind=int):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not float(value).is_integer()):
        raise UsageError(f"{what} must be {'a whole number' if kind is int else 'a number'} from {low:,} to {high:,}")
    if value != value or not low <= value <= high:
        raise UsageError(f"{what} must be from {low:,} to {high:,}, got {value!r}"[:120])
    return kind(value)


def memory_ids(ids) -> list[str]:
    if isinstance(ids, str):
        ids = [ids]
    if not isinstance(ids, list) or not ids:
        raise UsageError("give the memory ids as a list, e.g. [\"mem_3f2a9c1d8e7b\"]")
    if len(ids) > MAX_IDS:
        raise UsageError(f"at most {MAX_IDS:,} ids in one call, got {len(ids):,}")
    return [text_or_none(i, "each id") or "" for i in ids]


class Tools:
    """The tools over one workspace, for one agent (another agent's calls may name itself)."""

    def __init__(self, root: Path, actor: str | None = None):
        self.root = root
        self.actor = resolve(clean_text(actor if actor is not None else os.environ.get("HIPPOCAMPUS_AGENT") or ""))
        self._workspace: Workspace | None = None

    def workspace(self, actor: str | None = None) -> Workspace:
        """The warm workspace, ready for this call: the clock now, and the acting agent.
        A call may name a sub-agent (whose writes become proposals), never lift one to main."""
        now = cli.now()
        if self._workspace is None:
            self._workspace = Workspace.open(self.root, now)
            self._workspace.views_after_purge.append(cli.rebuild_dashboard)
        else:
            self._workspace.refresh(now)
        acting = self.actor
        if actor is not None and actor.strip():
            named = resolve(text_or_none(actor, "actor"))
            if named != self.actor and self.actor != MAIN:
                raise UsageError(f"this server acts for {self.actor}; a call cannot act for {named}")
            acting = named
        self._workspace.agent = acting
        return self._workspace

    # ------------------------------------------------------------------ writes
    def remember(self, content: str, *, domain=None, category=None, importance=None, keywords=None,
                 source=None, episode=None, store=None, pin: bool = False, title=None, steps=None,
                 confidence=None, actor=None, supersedes=None, decision: bool = False, context=None,
                 error: bool = False) -> tuple[str, dict]:
        from ..lifecycle.remember import check_options, kind_category, remember_committed, stored_data, with_context

        if not isinstance(content, str):
            raise UsageError("content must be text")
        domain, category, store = (text_or_none(domain, "domain"), text_or_none(category, "category"),
                                   text_or_none(store, "store"))
        category = kind_category(category, bool(decision), bool(error))
        if context is not None:
            content = with_context(content, text_or_none(context, "context"))
        check_options(domain=domain, category=category, store=store)
        if importance is not None:
            importance = bounded(importance, "importance", 0, 1, float)
        if keywords is not None and not isinstance(keywords, (str, list)):
            raise UsageError("keywords must be a list of words or a comma-separated string")
        if steps is not None and (not isinstance(steps, list) or not all(isinstance(s, str) for s in steps)):
            raise UsageError("steps must be a list of texts, in order")
        options = dict(domain=domain, category=category, importance=importance, keywords=keywords,
                       source=text_or_none(source, "source") or "mcp", episode=text_or_none(episode, "episode"),
                       store=store, pinned=bool(pin), title=text_or_none(title, "title"),
                       steps=[clean_text(s) for s in steps] if steps else None)
        if supersedes is not None:  # an agent that knows: the memories this one replaces
            options["supersedes"] = memory_ids(supersedes)
        workspace = self.workspace(actor)
        text = clean_text(content)
        if workspace.agent != MAIN:
            if supersedes is not None:
                raise UsageError("supersedes is for the main agent (a proposal cannot supersede a memory)")
            from ..lifecycle.proposals import propose
            with workspace.transaction(workspace.agent, "propose", proposal=True) as tx:
                filed = propose(tx, text, confidence=text_or_none(confidence, "confidence"), **options)
            data = {"proposals": [filed["id"]], "status": "pending", "from": workspace.agent,
                    "file": "hippocampus/meta/pending-memories.md"}
            return (f"proposed #{filed['id']} for review (only the main agent writes memory; "
                    f"it decides with scripts/review.py)"), data
        result, memory = remember_committed(workspace, text, **options)
        data = stored_data(result, memory)
        verb = "reinforced existing" if result["action"] == "reinforced" else "remembered"
        lines = [f"{verb} {result['id']} ({memory['domain']}/{memory['category']}, "
                 f"importance {memory['importance']:.2f})"]
        if result.get("supersedes"):
            lines[0] += f", superseding {', '.join(result['supersedes'])}"
        if data.get("candidates"):  # what it may update: the agent judges (update_candidates.py)
            lines.append(f"it may update (if one is the old value of what changed, call supersede with "
                         f"new={result['id']} and old=[its id]):")
            from ..recall.context import defuse  # (a memory's words are data in an agent's context)
            lines += [f"- {c['id']} ({(c['created'] or '')[:10]}): {defuse(c['content'])}" for c in data["candidates"]]
        return "\n".join(lines), data

    def supersede(self, new, old, actor=None) -> tuple[str, dict]:
        from ..lifecycle.supersede import supersede_ids

        new_id = text_or_none(new, "new")
        if not new_id:
            raise UsageError("give new: the id of the memory that holds now")
        old_ids = memory_ids(old)
        workspace = self.workspace(actor)
        with workspace.transaction("bot:supersede", "supersede") as tx:
            result = supersede_ids(tx, new_id, old_ids)
        if result["supersedes"]:
            text = f"{result['id']} supersedes {', '.join(result['supersedes'])}"
        else:
            text = f"{result['id']} already supersedes {', '.join(result['already'])}; nothing changed"
        return text, result

    def reinforce(self, ids, actor=None) -> tuple[str, dict]:
        from ..lifecycle.reinforce import reinforce_ids

        ids = memory_ids(ids)
        workspace = self.workspace(actor)
        with workspace.transaction("bot:reinforce", "reinforce") as tx:
            results = reinforce_ids(tx, ids, revive=True)  # asked for by id: current again
        data = {"reinforced": [{k: r[k] for k in ("id", "before", "importance", "timesReinforced")}
                               for r in results]}
        return "\n".join(f"{r['id']}: {r['before']:.3f} -> {r['importance']:.3f} "
                         f"(reinforced {r['timesReinforced']}x)" for r in results), data

    def forget(self, ids, purge: bool = False, actor=None) -> tuple[str, dict]:
        from ..lifecycle.forget import forget_ids

        ids = memory_ids(ids)
        workspace = self.workspace(actor)
        with workspace.transaction("bot:forget", "purge" if purge else "forget") as tx:
            results = forget_ids(tx, ids, purge=bool(purge))
        data = {"forgotten": [{"id": r["id"], "purged": r["purged"], "wordsRemainIn": r["wordsRemainIn"]}
                              for r in results]}
        lines = []
        for r in results:
            kept = f" (its words are still in the note {r['wordsRemainIn']})" if r["wordsRemainIn"] else ""
            lines.append(f"{r['id']}: {'purged' if r['purged'] else 'archived'}{kept}")
        return "\n".join(lines), data

    # ------------------------------------------------------------------- reads
    def recall(self, query: str | None = None, *, top=None, budget=None, entity=None, domain=None, category=None,
               store=None, status=None, since=None, until=None, min_score=None, include_archived: bool = False,
               why: bool = False, reinforce: bool = False, actor=None, framing=None) -> tuple[str, dict]:
        from ..recall.context import render_recall
        from ..text.framing import check_framing
        from ..recall.search import Filters, recall

        top = bounded(top, "top", 1, 1000)
        budget = bounded(budget, "budget", 1, 1_000_000)
        min_score = bounded(min_score, "min_score", 0, 100, float) or 0.0
        args = SimpleNamespace(domain=text_or_none(domain, "domain"), category=text_or_none(category, "category"),
                               store=text_or_none(store, "store"), status=text_or_none(status, "status"),
                               since=text_or_none(since, "since"), until=text_or_none(until, "until"),
                               include_archived=bool(include_archived))
        filters = cli.recall_filters(args, Filters)
        query = text_or_none(query, "query") or ""
        entity = text_or_none(entity, "entity")
        if not query.strip() and not entity:
            raise UsageError("give a query (or an entity)")
        workspace = self.workspace(actor)
        if entity:
            from ..store.graph import Graph
            query = " ".join([query, *Graph.load(workspace).find(entity).names()]).strip()
        top = top or (50 if budget else int(workspace.config["recall"]["default_top"]))
        framing = check_framing(text_or_none(framing, "framing") or workspace.config["framing"])
        stats: dict = {}
        results = recall(workspace, query, top=top, filters=filters, min_score=min_score,
                         budget_tokens=budget, explain=bool(why), stats=stats, framing=framing)
        from ..store.last_recall import record
        record(workspace, [r["id"] for r in results], workspace.now)  # what outcome judges (never fails)
        if reinforce and results:
            from ..lifecycle.reinforce import reinforce_ids
            with workspace.transaction("bot:recall", "reinforce") as tx:
                reinforce_ids(tx, [r["id"] for r in results])
                tx.summary = f"recalled and reinforced {len(results)} memories for: {query}"
        data = {"query": query, "results": results}
        if budget:
            data["overBudget"] = stats.get("overBudget")
        text = render_recall(results, explain=bool(why), budget_tokens=budget, over_budget=stats.get("overBudget"),
                             now=workspace.now, framing=framing)
        return text, data

    def load_core(self, budget=None, all: bool = False, framing=None) -> tuple[str, dict]:
        from ..base.config import CORE_MIN_TOKENS
        from ..recall.context import load_core
        from ..text.framing import check_framing

        budget = bounded(budget, "budget", CORE_MIN_TOKENS, 1_000_000)
        workspace = self.workspace()
        if budget is None:
            budget = workspace.config["core"]["budget_tokens"]
        framing = check_framing(text_or_none(framing, "framing") or workspace.config["framing"])
        text, info = load_core(workspace, None if all else budget, "Core memories", framing=framing)
        return text, {"text": text, **info}

    def status(self) -> tuple[str, dict]:
        from ..recall.report import sparkline, status

        report = status(self.workspace())
        lines = [f"hippocampus at {report['workspace']}: {report['live']} live memories "
                 f"({report['total']} with archived)"]
        for key in ("domain", "store", "status"):
            lines.append(f"  {key:7} " + ", ".join(f"{k} {v}" for k, v in sorted(report[key].items())))
        lines.append(f"  importance 0 {sparkline(report['importanceHistogram'])} 1")
        lines.append(f"  last decay: {report['decayLastRun'] or 'never'}; last change: {report['lastUpdated']}")
        return "\n".join(lines), report

    # ------------------------------------------------------------ working day
    def record_error(self, command, exit_code=None, output=None, cwd=None, actor=None) -> tuple[str, dict]:
        """A failure the agent saw (a command it ran that failed): one error memory, the same
        failure again reinforcing it (lifecycle/failures.py). Nothing is run here: the server
        never executes a command; watch.py is the script that runs one."""
        from ..lifecycle.failures import command_line, describe_exit, record_failure

        command = text_or_none(command, "command")
        if not command or not command.strip():
            raise UsageError("give command: what failed (the command line, or the tool and what it did)")
        code = bounded(exit_code, "exit_code", -255, 255)
        output = text_or_none(output, "output") or ""
        cwd = text_or_none(cwd, "cwd")
        workspace = self.workspace(actor)
        if workspace.agent != MAIN:
            raise UsageError("record_error is for the main agent (a sub-agent tells the main agent what failed)")
        line = command_line(command)
        outcome = describe_exit(code) if code is not None else "failed"
        with workspace.transaction("bot:record_error", "remember") as tx:
            result = record_failure(tx, line, outcome, cwd, output[-200_000:], source="mcp")
            first = result["content"].split("\n", 1)[0]
            tx.summary = f"seen again: {first}" if result["action"] == "reinforced" else first
        verb = "reinforced the error memory" if result["action"] == "reinforced" else "kept the error as"
        return f"{verb} {result['id']}", {"id": result["id"], "action": result["action"],
                                           "content": result["content"]}
    # ------------------------------------------------- the working day (session state, not memories)
    def _session_write(self, action: str, change, actor=None):
        workspace = self.workspace(actor)
        with workspace.transaction(f"bot:{action.split('-')[0]}", action) as tx:
            return change(tx)

    def wm_push(self, text: str, importance=None, scope=None, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        from ..store.session_files import DEFAULT_SCOPE
        note = text_or_none(text, "text") or ""
        importance = bounded(importance, "importance", 0, 1, float)
        scope = DEFAULT_SCOPE if scope is None else scope
        result = self._session_write("wm-push", lambda tx: sw.wm_push(
            tx, scope, note, 0.5 if importance is None else importance), actor)
        dropped = "".join(f"; dropped [{e['importance']:.2f}] {sw.defuse(e['text'], 80)}" for e in result["evicted"])
        return f"{result['scope']}: note {result['position']} of {result['limit']}{dropped}", result

    def wm_read(self, scope=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        from ..store.session_files import DEFAULT_SCOPE, scope_name
        scope = scope_name(DEFAULT_SCOPE if scope is None else scope)
        entries = sw.read_wm(self.workspace(), scope)
        return sw.wm_text(scope, entries), {"scope": scope, "entries": entries}

    def wm_clear(self, scope=None, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        from ..store.session_files import DEFAULT_SCOPE
        result = self._session_write("wm-clear", lambda tx: sw.wm_clear(
            tx, [DEFAULT_SCOPE if scope is None else scope]), actor)
        return ", ".join(f"{s}: {n} notes cleared" for s, n in result["cleared"].items()), result

    def wm_promote(self, numbers, scope=None, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        from ..store.session_files import DEFAULT_SCOPE
        if isinstance(numbers, int):
            numbers = [numbers]
        if not isinstance(numbers, list) or not numbers or len(numbers) > 1000:
            raise UsageError("give the notes' numbers as a list, e.g. [2], as wm_read numbers them")
        numbers = [bounded(n, "each number", 1, 1_000_000) for n in numbers]
        result = self._session_write("wm-promote", lambda tx: sw.wm_promote(
            tx, DEFAULT_SCOPE if scope is None else scope, numbers), actor)
        return "\n".join(f"{p['id']} ({p['action']}): {sw.defuse(p['text'], 100)}" for p in result["promoted"]), result

    def snapshot_save(self, task: str, summary=None, next_step=None, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        task = text_or_none(task, "task") or ""
        summary, next_step = text_or_none(summary, "summary"), text_or_none(next_step, "next_step")
        result = self._session_write("snapshot-save", lambda tx: sw.snapshot_save(tx, task, summary, next_step), actor)
        return sw.snapshot_text(result), {"snapshot": result}

    def snapshot_show(self) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        from ..store.session_files import read_snapshot
        workspace = self.workspace()
        snapshot = read_snapshot(workspace.root, workspace.paths)
        return sw.snapshot_text(snapshot), {"snapshot": snapshot}

    def snapshot_clear(self, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        result = self._session_write("snapshot-clear", sw.snapshot_clear, actor)
        cleared = result["cleared"]
        return (f"cleared: {sw.defuse(cleared['task'], 100)}" if cleared else "No active snapshot."), result

    def trail_add(self, text: str, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        entry_text = text_or_none(text, "text") or ""
        entry = self._session_write("trail-add", lambda tx: sw.trail_add(tx, entry_text), actor)
        return f"{entry['at']} {entry['kind']}: {sw.defuse(entry['text'])}", entry

    def handoff_create(self, summary=None, next_step=None, task=None, actor=None) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        summary, next_step = text_or_none(summary, "summary"), text_or_none(next_step, "next_step")
        task = text_or_none(task, "task")
        handoff = self._session_write("handoff", lambda tx: sw.handoff_create(
            tx, summary=summary, next_step=next_step, task=task), actor)
        return sw.handoff_text(handoff), {"handoff": handoff}

    def handoff_latest(self) -> tuple[str, dict]:
        from ..lifecycle import session_work as sw
        from ..store.session_files import latest_handoff
        workspace = self.workspace()
        handoff = latest_handoff(workspace.root, workspace.paths)
        return sw.handoff_text(handoff), {"handoff": handoff}

    # ------------------------------------------------------- an agent's working day
    def outcome(self, good, ids=None, actor=None) -> tuple[str, dict]:
        from ..errors import NotFound
        from ..lifecycle.outcome import apply_outcome
        from ..store.last_recall import read

        if not isinstance(good, bool):
            raise UsageError("good must be true (the memories helped) or false (they misled)")
        named = memory_ids(ids) if ids is not None else None
        workspace = self.workspace(actor)
        if named is None:
            last = read(workspace)
            if last is None:
                raise NotFound("no recall to judge: call recall first, or give ids")
            if not last["ids"]:
                raise NotFound("the last recall returned no memories: nothing to judge (give ids)")
            named = last["ids"]
        with workspace.transaction("bot:outcome", "outcome") as tx:
            results = apply_outcome(tx, named, good=good, strict=ids is not None)
        data = {"outcome": "good" if good else "bad",
                "memories": [{k: r[k] for k in ("id", "good", "bad", "halfLifeFactor", "importance")}
                             for r in results]}
        return "\n".join(f"{r['id']}: {r['good']} good, {r['bad']} bad: half-life x{r['halfLifeFactor']:g}"
                         for r in results), data

    def invalidate(self, term, reason, changed=None, include_pinned: bool = False, dry_run: bool = False,
                   actor=None) -> tuple[str, dict]:
        from ..lifecycle.invalidate import check_term, invalidate

        term = check_term(text_or_none(term, "term") or "")
        reason = text_or_none(reason, "reason") or ""
        when = cli._bound(text_or_none(changed, "changed"), "changed", start=True) if changed else None
        workspace = self.workspace(actor)
        if dry_run:
            from ..store.transaction import Transaction
            tx = Transaction(workspace, workspace.load_index(), "bot:invalidate", "invalidate", "")
            report = invalidate(tx, term, reason, when, bool(include_pinned), dry_run=True)
        else:
            with workspace.transaction("bot:invalidate", "invalidate") as tx:
                report = invalidate(tx, term, reason, when, bool(include_pinned))
        verb = "would weaken" if dry_run else "weakened"
        lines = [f"{verb} {len(report['weakened'])} memories resting on {report['term']!r} ({report['reason']})"]
        lines += [f"- {w['id']}: {w['before']:.3f} -> {w['importance']:.3f}, stale" for w in report["weakened"]]
        for key, label in (("pinned", "pinned or vault, left as they are"), ("statesChange", "name the new thing"),
                           ("createdAfter", "created after the change"),
                           ("alreadyInvalidated", "invalidated for it before")):
            if report[key]:
                lines.append(f"left alone ({label}): {', '.join(m['id'] for m in report[key][:20])}")
        return "\n".join(lines), report

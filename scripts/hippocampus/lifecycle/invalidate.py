"""Invalidate: the memories that rest on something the user moved away from ("webpack",
"migrated to vite") are weakened and marked stale, never deleted (invalidate.py).

What "rests on" means (references/forgetting.md, "Invalidate"):
- the memory names the old thing as a whole word or phrase, case-blind: "webpack",
  "Webpack's", "WEBPACK", "webpack.config.js", "webpack-dev-server" do; "webpacker",
  "mywebpack", "web pack" do not. A phrase's words may be parted by spaces, hyphens,
  underscores or dots ("create react app" names "create-react-app");
- it is live (not archived, not purged), and not created after the change (--changed,
  default now): a memory from after the change knows of it;
- it does not already state the change: it names none of the new things the reason names
  (the reason's words that are neither the old thing's, common words, nor words of
  changing: "migrated to vite" names "vite");
- it was not invalidated for the same thing before (a second run changes nothing);
- a pinned or vault memory is reported, and weakened only with --include-pinned.

Candidates come from the search cache's full-text index (one query, not a scan of every
memory) when the cache matches index.json; each is confirmed on its words.
"""

from __future__ import annotations

import re
from datetime import datetime

from ..base.scoring import decayed, is_kept, rebase, status_of
from ..errors import UsageError
from ..text.textutil import STOPWORDS, clean_text, one_line
from ..text.timeutil import format_time, parse_time_or
from ..store.transaction import Transaction

WEAKEN = 0.5  # an invalidated memory keeps this share of its importance now (then fades as before)
TERM_CHARS = 200
# words of changing, never taken for the new thing a reason names
CHANGE_WORDS = frozenset("""migrated migrate migrating migration moved move moving switched switch switching
replaced replace replacing replacement changed change changing swapped swap upgraded upgrade upgrading
dropped drop removed remove deprecated deprecate retired retire abandoned ported port converted convert
now instead use uses used using new old went go going favour favor because since longer anymore""".split())
_WORD = re.compile(r"\w+")


def term_pattern(term: str) -> re.Pattern:
    """The old thing as a whole word or phrase, case-blind (see the module's docstring)."""
    parts = term.split()
    body = r"[\s\-_.]+".join(re.escape(part) for part in parts)
    head = r"(?<!\w)" if _WORD.match(parts[0][0]) else ""
    tail = r"(?!\w)" if _WORD.match(parts[-1][-1]) else ""
    return re.compile(head + body + tail, re.IGNORECASE)


def new_things(reason: str, term: str) -> list[str]:
    """The words of the reason that name the new thing (lower-case)."""
    old = {w.casefold() for w in _WORD.findall(term)}
    return list(dict.fromkeys(w.casefold() for w in _WORD.findall(reason)
                              if w.casefold() not in old and w.casefold() not in STOPWORDS
                              and w.casefold() not in CHANGE_WORDS and not w.isdigit() and len(w) > 1))


def check_term(term: str) -> str:
    term = " ".join(clean_text(term or "").split())
    if not _WORD.search(term):
        raise UsageError("give the old thing to invalidate: a word or phrase (e.g. webpack)")
    if len(term) > TERM_CHARS:
        raise UsageError(f"the old thing is a word or a phrase: at most {TERM_CHARS} characters")
    from ..text.redact import redact_text
    if redact_text(term) != term:  # it would be kept in the memories' marks and the audit line
        raise UsageError("the old thing looks like a secret: it is never stored, so no memory names it "
                         "(a memory that held it keeps [REDACTED:...] instead)")
    return term


def _candidates(tx: Transaction, term: str) -> list[dict]:
    """The memories whose words may name `term`: the search cache's FTS5 phrase of its words
    when the cache matches the index this transaction began on, else every memory."""
    words = _WORD.findall(term)
    if tx._cache_matches_index():
        import sqlite3
        try:
            ids = tx.workspace._open_cache().matching_ids('"' + " ".join(words) + '"')
        except sqlite3.DatabaseError:
            ids = None
        if ids is not None:
            return [m for m in (tx.by_id.get(i) for i in dict.fromkeys(ids)) if m is not None]
    return list(tx.memories)


def _marks(memory: dict) -> list[str]:
    """What the memory was invalidated for before (a hand edit may have left anything there)."""
    entries = memory.get("invalidatedFor")
    return [str(e) for e in entries if isinstance(e, (str, int, float))] if isinstance(entries, list) else []


def plan(tx: Transaction, term: str, reason: str, changed: datetime | None = None,
         include_pinned: bool = False) -> dict:
    """Which memories rest on `term`, and which are left alone and why (nothing changed)."""
    term = check_term(term)
    from ..text.redact import redact_text
    reason = one_line(redact_text(one_line(clean_text(reason or ""), 600)), 300).strip()  # kept on the memories
    if not reason:
        raise UsageError("say why with --reason (e.g. --reason \"migrated to vite\"): the audit line keeps it")
    changed = changed or tx.now
    pattern = term_pattern(term)
    news = new_things(reason, term)
    news_pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, news)) + r")(?!\w)", re.IGNORECASE) \
        if news else None
    mark = term.casefold()
    found = {"weaken": [], "pinned": [], "statesChange": [], "createdAfter": [], "already": []}
    for memory in _candidates(tx, term):
        content = memory.get("content") or ""
        if memory.get("status") == "archived" or memory.get("purged") or not pattern.search(content):
            continue
        if any(str(entry).casefold() == mark for entry in _marks(memory)):
            found["already"].append(memory)
        elif news_pattern is not None and news_pattern.search(content):
            found["statesChange"].append(memory)
        elif parse_time_or(memory.get("created"), tx.now) > changed:
            found["createdAfter"].append(memory)
        elif is_kept(memory) and not include_pinned:
            found["pinned"].append(memory)
        else:
            found["weaken"].append(memory)
    return {"term": term, "reason": reason, "newThings": news, **found}


def invalidate(tx: Transaction, term: str, reason: str, changed: datetime | None = None,
               include_pinned: bool = False, dry_run: bool = False) -> dict:
    """Weaken and mark stale every memory `plan` finds resting on `term` (one audit line naming each)."""
    found = plan(tx, term, reason, changed, include_pinned)
    weakened = []
    for memory in found["weaken"]:
        before = decayed(memory, tx.now, tx.config)
        after = round(before * WEAKEN, 6)
        if not dry_run:
            rebase(memory, tx.now, tx.config)  # the days past keep their decay
            memory["baseImportance"] = memory["importance"] = after
            memory["status"] = status_of({**memory, "confidence": "stale"}, after, tx.config)
            memory["confidence"] = "stale"
            memory["invalidatedFor"] = [*_marks(memory), found["term"]]
            memory["invalidatedBecause"] = f"{found['term']}: {found['reason']}"
            memory["invalidatedAt"] = format_time(tx.now)
            tx.put(memory)
        weakened.append({"id": memory["id"], "before": before, "importance": after,
                         "content": one_line(memory.get("content", ""), 120)})
    brief = lambda memories: [{"id": m["id"], "content": one_line(m.get("content", ""), 120)} for m in memories]  # noqa: E731
    report = {"term": found["term"], "reason": found["reason"], "newThings": found["newThings"],
              "dryRun": dry_run, "weakened": weakened, "pinned": brief(found["pinned"]),
              "statesChange": brief(found["statesChange"]), "createdAfter": brief(found["createdAfter"]),
              "alreadyInvalidated": brief(found["already"])}
    if weakened and not dry_run:
        ids = [w["id"] for w in weakened]
        tx.summary = (f"invalidated {len(ids)} memories resting on {found['term']!r} because {found['reason']}: "
                      + ", ".join(ids[:50]) + (", ..." if len(ids) > 50 else ""))
        if found["pinned"]:
            tx.summary += f"; pinned, left as they are: {', '.join(m['id'] for m in found['pinned'][:20])}"
        tx.audit_ids = ids
    return report

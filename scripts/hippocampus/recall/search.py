"""Recall: FTS5 lexical relevance blended with importance and recency.

Queries are data: the text is split into words and each word is passed to
FTS5 as a quoted string, so no character of a query can act as FTS5 syntax.

One piece (~410 lines): the ranking is one formula whose parts (relevance, dates, answer kinds, importance, recency) are weighed together in score(); the bound that skips episode members depends on all of them.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from itertools import islice

from . import answer_kind
from ..errors import UsageError
from ..base.scoring import decayed, outcome_counts, recency
from ..text.timeparse import mentions_in
from ..text.textutil import STOPWORDS, estimate_tokens, marks_in, searchable, unspaced, without_diacritics, words
from ..text.timeparse import query_windows
from ..text.timeutil import parse_time_or
from ..store.workspace import Workspace

MAX_QUERY_TERMS = 32
RELATED_CANDIDATES = 50  # hits of the related words kept (a fraction of a word match: few can rank) ...
RELATED_SCAN = 1000  # ... the best of the last this many indexed that hold one (at 100,000, "work" is in 11,500)
# A memory dated after now is one recall does not know yet (a clock set back, an
# import's dates from the future, a simulated clock): it is not recalled until
# then. A day of grace, so that a second machine's clock running ahead hides nothing.
NOT_YET_GRACE = timedelta(days=1)
RESULT_FIELDS = ("id", "content", "score", "importance", "domain", "category", "store", "status",
                 "source", "episode", "file", "created", "pinned", "confidence")


# ways of saying "now" that are no words to find: "these days" is no day, "at the moment" no moment
_NOW_PHRASES = re.compile(r"\b(?:these days|nowadays|at the moment|at present|right now|for now|as of now)\b", re.I)


def match_expression(query: str, now_words: bool = False) -> tuple[str, list[str]]:
    """The FTS5 MATCH string for any text, and the terms it searches for (a question's "these days",
    "at the moment" left out unless `now_words`, or unless nothing else is left)."""
    # split like FTS5's unicode61 tokenizer does (apostrophes separate), so
    # "Gina's" searches for gina rather than the phrase "gina s"; unspaced
    # scripts as the index holds them (textutil.searchable)
    plain = query if now_words else _NOW_PHRASES.sub(" ", query)
    if plain != query and not [w for w in words(plain) if w.lower() not in STOPWORDS and w.lower() != "user"]:
        plain = query  # ("What is the user up to at the moment?": the moment is all it names)
    pieces = [piece for word in words(searchable(plain)) for piece in re.split(r"['’]", word) if piece]
    terms = list(dict.fromkeys(pieces))
    meaningful = [t for t in terms if t not in STOPWORDS and (len(t) > 1 or unspaced(t))]
    told = []
    if "did" in terms or "didn" in terms:  # "When did Nate win...?" is told "I won..." (text/inflections.py)
        from ..text.inflections import past_forms
        told = [t for t in past_forms(pieces) if t not in STOPWORDS]
    terms = list(dict.fromkeys((meaningful or terms) + told))[:MAX_QUERY_TERMS]
    if not terms:
        raise UsageError("the query has no words to search for")
    return quoted(terms), terms


def quoted(terms: list[str]) -> str:
    """FTS5 MATCH for any of `terms`, each a quoted string (never FTS5 syntax); a term of ours
    ending in "*" (short_forms.py: a word of the index its stemmer reads otherwise) as a prefix;
    "flat-white" is the phrase (FTS5 splits a quoted string into its words)."""
    return " OR ".join('"' + t[:-1].replace('"', '""') + '"*' if t.endswith("*") and len(t) > 1
                       else '"' + t.replace('"', '""') + '"' for t in terms)


def related_words(config: dict, terms: list[str], cache=None) -> list[str]:
    """Words related to the query's terms (related.py), when they count at all; the kinds of a
    thing ("coffee": latte, flat white) only for a word no memory holds (`cache`)."""
    if config["recall"]["related_weight"] <= 0:
        return []
    from .related import expand, kinds_for, table_for
    kinds = kinds_for(config)
    unheld = [t for t in terms if cache is not None and kinds_for_term(kinds, t) and not cache.holds_word(t)]
    return expand(terms, table_for(config), {t: kinds_for_term(kinds, t) for t in unheld})


def kinds_for_term(kinds: dict[str, tuple[str, ...]], term: str) -> tuple[str, ...]:
    from .related import _forms
    return next((kinds[form] for form in _forms(term) if form in kinds), ())


class Filters:
    """Which memories a recall may return."""

    def __init__(self, domain: str | None = None, category: str | None = None, store: str | None = None,
                 status: str | None = None, since: datetime | None = None, until: datetime | None = None,
                 include_archived: bool = False):
        self.domain, self.category, self.store, self.status = domain, category, store, status
        self.since, self.until, self.include_archived = since, until, include_archived
        self._only_status = not (domain or category or store or status or since or until)
        self._made_by: str | None = None  # (as_of) memories dated after this are not known yet

    def as_of(self, now: datetime) -> "Filters":
        """These filters for a recall at `now`: nothing dated after now (and NOT_YET_GRACE)."""
        from ..text.timeutil import format_time
        made_by = format_time(now + NOT_YET_GRACE)
        if made_by == self._made_by:
            return self
        copy = Filters(self.domain, self.category, self.store, self.status, self.since, self.until,
                       self.include_archived)
        copy._made_by = made_by
        return copy

    def sql(self) -> tuple[str, list]:
        where, params = [], []
        if self._made_by:  # stored times compare as text (the index holds format_time's form)
            where.append("AND mem.created <= ?")
            params.append(self._made_by)
        if not self.include_archived and self.status != "archived":
            where.append("AND mem.status IS NOT 'archived'")
        for column, value in (("domain", self.domain), ("category", self.category), ("store", self.store),
                              ("status", self.status)):
            if value:
                where.append(f"AND mem.{column} = ?")
                params.append(value)
        return " ".join(where), params

    def admits(self, memory: dict, now: datetime) -> bool:
        if memory.get("status") == "archived" and not (self.include_archived or self.status == "archived"):
            return False
        if self._made_by and not self._made_yet(memory.get("created"), now):
            return False
        if self._only_status:  # (recall's contiguity asks this of thousands of memories at 100,000)
            return True
        for key in ("domain", "category", "store", "status"):
            wanted = getattr(self, key)
            if wanted and memory.get(key) != wanted:
                return False
        if self.since or self.until:
            created = parse_time_or(memory.get("created"), now)
            if (self.since and created < self.since) or (self.until and created > self.until):
                return False
        return True

    def _made_yet(self, created, now: datetime) -> bool:
        if isinstance(created, str) and len(created) == 20 and created[10:11] == "T" and created.endswith("Z"):
            return created <= self._made_by  # (the stored form: thousands a recall at 100,000)
        from ..text.timeutil import format_time
        return format_time(parse_time_or(created, now)) <= self._made_by


def recall(workspace: Workspace, query: str, *, top: int = 5, filters: Filters | None = None,
           min_score: float = 0.0, budget_tokens: int | None = None, explain: bool = False,
           now: datetime | None = None, exhaustive: bool = False, stats: dict | None = None,
           framing: str = "observe") -> list[dict]:
    """The best memories for `query`, ranked; see references/scoring.md.

    A hand edit is seen at once when it adds, removes or renames a file, or
    touches a file among the results (checked before they are shown); an edit
    in place elsewhere within `recall.hand_edit_look_seconds` of the last look
    (Workspace.reader_cache).

    `exhaustive`: score every member of a hit's episode, even those that cannot
    rank (the results are the same: tests hold them to it); `stats` (a dict)
    is given how many memories were scored and how many skipped.
    """
    options = dict(top=top, filters=filters, min_score=min_score, budget_tokens=budget_tokens, explain=explain,
                   now=now, exhaustive=exhaustive, stats=stats if stats is not None else {}, framing=framing)
    cache = workspace.reader_cache(quick=True)
    results = _rank(workspace, cache, query, **options)
    if workspace.look_deferred and results:
        from ..base.paths import is_memory_file
        shown = {r["file"] for r in results if is_memory_file(r.get("file"))}
        if not cache.files_as_looked(workspace.root, shown):  # a file shown changed: look at them all now
            cache = workspace.reader_cache()
            results = _rank(workspace, cache, query, **options)
    return results


def _rank(workspace: Workspace, cache, query: str, *, top: int, filters: Filters | None, min_score: float,
          budget_tokens: int | None, explain: bool, now: datetime | None, exhaustive: bool,
          stats: dict, now_words: bool = False, framing: str = "observe") -> list[dict]:
    now = now or workspace.now
    filters = (filters or Filters()).as_of(now)
    config = workspace.config
    weights = config["recall"]
    windows, without_dates = query_windows(query, now)
    try:
        match, terms = match_expression(without_dates if windows else query, now_words)
    except UsageError:
        match, terms = match_expression(query, now_words)
    related = related_words(config, terms, cache)
    from .short_forms import other_forms  # "postgres" also finds PostgreSQL, as the query's own words
    forms = other_forms(terms, cache)
    if forms:
        terms = terms + forms
        match = quoted(terms)
    where, params = filters.sql()
    candidates = [(m, lexical) for m, lexical in cache.search(match, where, params, int(weights["candidates"]))
                  if filters.admits(m, now)]
    best = max((lexical for _m, lexical in candidates), default=0.0) or 1.0
    pool: dict[str, dict] = {}
    parts: dict[str, dict[str, float]] = {}
    for memory, lexical in candidates:
        pool[memory["id"]] = memory
        parts[memory["id"]] = {"relevance": lexical / best}
    if related:  # words that answer what the query names ("live": "moved", "home"); related.py
        found = [(m, lexical) for m, lexical in cache.search_newest(quoted(related), where, params, RELATED_SCAN,
                                                                    RELATED_CANDIDATES) if filters.admits(m, now)]
        scale = best if candidates else (max((lexical for _m, lexical in found), default=0.0) or 1.0)
        for memory, lexical in found:
            pool.setdefault(memory["id"], memory)
            parts.setdefault(memory["id"], {})["related"] = weights["related_weight"] * min(1.0, lexical / scale)
    for start, end in windows:  # a named time brings back what happened then, words or not
        for memory in cache.created_between(start, end, where, params, int(weights["candidates"])):
            if memory["id"] not in pool and filters.admits(memory, now):
                pool[memory["id"]] = memory
    statements: dict[str, dict] = {}
    superseding = cache.has_supersessions() or cache.has_mentions()
    if superseding:  # the memories stating the slot a question asks for, when it changed (supersede_rank.py)
        from .supersede_rank import slot_statements
        statements = {m["id"]: m for m in slot_statements(cache, query, lambda m: filters.admits(m, now))}
        for memory_id, memory in statements.items():
            pool.setdefault(memory_id, memory)
    if not pool and not now_words and _NOW_PHRASES.search(query):  # nothing else found: its "these days" may be
        return _rank(workspace, cache, query, top=top, filters=filters, min_score=min_score,  # the memory's words
                     budget_tokens=budget_tokens, explain=explain, now=now, exhaustive=exhaustive, stats=stats,
                     now_words=True, framing=framing)  # ("What does the user eat these days?": "These days I mostly cook ...")
    if not pool:
        return []
    relevance = {memory_id: p["relevance"] for memory_id, p in parts.items() if "relevance" in p}

    def add(memory_id: str, part: str, value: float) -> None:
        if value > 0:
            entry = parts.setdefault(memory_id, {})
            entry[part] = entry.get(part, 0.0) + value

    from .area_rank import area_lifts  # errors and lessons where the query walks back in
    areas = area_lifts(cache, query, match, where, params, pool, weights, lambda m: filters.admits(m, now))
    for memory_id in areas:
        add(memory_id, "area", weights["area_weight"])
    boosts, others = contiguity_boost(cache, candidates, relevance, pool, weights, lambda m: filters.admits(m, now))
    for memory_id, value in boosts.items():
        add(memory_id, "contiguity", value)
    episode_scores: dict[str, float] = {}
    if weights["episode_match_weight"] > 0:
        episode_scores = cache.search_episodes(match, int(weights["contiguity_hits"]) * 2)
    top_episode = max(episode_scores.values(), default=0.0) or 1.0
    named = set(terms)
    kind = answer_kind.kind_of(query) if weights["answer_kind_weight"] > 0 else None
    relevance_weight, importance_weight = weights["relevance_weight"], weights["importance_weight"]
    kind_lift = relevance_weight * weights["answer_kind_weight"] if kind else 0.0  # at most, in score units
    recency_weight, half_life = weights["recency_weight"], weights["recency_half_life_days"]
    scored = []  # every candidate is scored; only those returned become results (a pool may be thousands)
    # members lifted only as members: their bound (below) counts the date lift by when they were created
    members_only = {memory_id for _lift, ids, _times in others.values() for memory_id in ids} if windows else ()

    def score(memory_id: str, memory: dict) -> None:
        if weights["episode_match_weight"] > 0:
            add(memory_id, "episode", weights["episode_match_weight"]
                * episode_scores.get(memory.get("episode"), 0.0) / top_episode)
        if windows and (any(start <= parse_time_or(memory.get("created"), now) < end for start, end in windows)
                        or (memory_id not in members_only and mentions_in(
                            memory.get("content", ""), parse_time_or(memory.get("created"), now), windows))):
            add(memory_id, "date", weights["date_weight"])  # created then, or says so ("last month")
        if speaker_of(memory.get("content", "")) in named:
            add(memory_id, "speaker", weights["speaker_weight"])
        own = parts.get(memory_id, {}).get("relevance", 0.0)
        if own > 0 and weights["question_discount"] > 0 and asks(memory.get("content", "")):
            # a question holds no fact: its answer does (and the answer lift carries the question's words there)
            parts[memory_id]["question"] = -weights["question_discount"] * own
        importance = decayed(memory, now, config)
        moment = parse_time_or(memory.get("lastAccessed") or memory.get("created"), now)
        from_importance = round(importance_weight * importance, 4)
        from_recency = round(recency_weight * recency(moment, now, half_life), 4)
        total = relevance_weight * sum(parts.get(memory_id, {}).values()) + from_importance + from_recency
        if total + kind_lift >= min_score:  # (the answer-kind lift comes last, below)
            # equal scores: the newer memory first, then the id (ids are random: alone they would
            # order a tie differently in each fresh store of the same memories)
            created = -parse_time_or(memory.get("created"), now).timestamp()
            scored.append((-round(total, 4), created, memory_id, importance, from_importance, from_recency))

    for memory_id, memory in pool.items():
        score(memory_id, memory)
    # The rest of each hit's episode is lifted only as its members: they are scored
    # only when their best possible score could still reach the results.
    ceiling = max(weights["speaker_weight"], 0.0) + (weights["answer_kind_weight"] if kind else 0.0)
    date_lift = max(weights["date_weight"], 0.0) if windows else 0.0
    # (importance stays within 0..1 while decay's rate does; a budget may reach past the top)
    may_skip = not exhaustive and budget_tokens is None and config["decay"]["rate"] <= 1
    scored.sort()
    stats["skipped"] = 0
    for episode, (lift, ids, times) in others.items():
        episode_part = max(weights["episode_match_weight"], 0.0) * episode_scores.get(episode, 0.0) / top_episode
        # the date lift only where a member was created inside a window the query names
        dated = date_lift if date_lift and any(start <= parse_time_or(moment, now) < end for moment in times
                                               for start, end in windows) else 0.0
        best_possible = relevance_weight * (lift + episode_part + ceiling + dated) + importance_weight \
            + recency_weight
        if may_skip and 0 < top <= len(scored) and -scored[top - 1][0] > best_possible + 0.001:
            stats["skipped"] += len(ids)
            continue
        for memory in cache.by_ids(ids):
            pool[memory["id"]] = memory
            score(memory["id"], memory)
        scored.sort()
    if kind:  # "when...?": lift the memories that say when, where the lift could change the results
        bar = -scored[top - 1][0] if may_skip and 0 < top <= len(scored) else None
        for at, (negative, created, memory_id, importance, from_importance, from_recency) in enumerate(scored):
            if bar is not None and -negative + kind_lift < bar - 0.001:
                break  # (best first: none further down reaches the results, lifted or not)
            if answer_kind.holds(kind, pool[memory_id].get("content", "")):
                add(memory_id, "answer_kind", weights["answer_kind_weight"])
                total = relevance_weight * sum(parts[memory_id].values()) + from_importance + from_recency
                scored[at] = (-round(total, 4), created, memory_id, importance, from_importance, from_recency)
        scored = sorted(entry for entry in scored if -entry[0] >= min_score)
    lifted = {}
    if superseding:  # what is current first (supersede_rank.py)
        from .supersede_rank import SLOT_WEIGHT, lifts

        def rescore(lift) -> None:  # lift(memory_id, score) adds parts; the entries are scored again
            for at, (negative, created, memory_id, importance, from_importance, from_recency) in enumerate(scored):
                if lift(memory_id, -negative):
                    total = relevance_weight * sum(parts[memory_id].values()) + from_importance + from_recency
                    scored[at] = (-round(total, 4), created, memory_id, importance, from_importance, from_recency)
            scored.sort()
        admitted = lambda m: filters.admits(m, now)  # noqa: E731
        rescore(lambda memory_id, _score: memory_id in statements and add(memory_id, "slot", SLOT_WEIGHT) is None)
        matched = frozenset(memory_id for memory_id, p in parts.items() if p.get("relevance") or p.get("related"))
        told = terms + related

        def shares(memory: dict) -> bool:  # a word (or a related word) of the question
            return memory["id"] in matched or bool(matched_terms(memory.get("content", ""), told))
        lifted = lifts(cache, query, windows, scored, pool, top, admitted, matched, shares)
        for memory_id in lifted.keys() - {entry[2] for entry in scored}:
            score(memory_id, pool[memory_id])
        best = {entry[2]: -entry[0] for entry in scored}

        def above(memory_id: str, current: float) -> bool:
            bar = max((best[other] for other in lifted.get(memory_id, ()) if other in best), default=None)
            if bar is None or current >= bar + 0.001 or relevance_weight <= 0:
                return False
            add(memory_id, "supersession", (bar + 0.001 - current) / relevance_weight)
            return True
        rescore(above)
    stats["scored"] = len(scored)

    def results():
        for negative, _created, memory_id, importance, from_importance, from_recency in scored:
            memory = pool[memory_id]
            result = {field: memory.get(field) for field in RESULT_FIELDS}
            result.update(score=-negative, importance=importance)
            if memory.get("supersededBy"):
                result["supersededBy"] = memory["supersededBy"]
            if explain:
                why = {name: round(relevance_weight * value, 4) for name, value in parts.get(memory_id, {}).items()}
                why.update(importance=from_importance, recency=from_recency)
                result["why"] = {"terms": matched_terms(memory.get("content", ""), terms), "parts": why}
                result["why"]["outcomes"] = outcome_counts(memory)  # outcome.py: how its decay was judged
                if "related" in parts.get(memory_id, {}):
                    result["why"]["related"] = matched_terms(memory.get("content", ""), related)
                if memory_id in areas:  # an error or lesson of the area the query walks into
                    result["why"]["areas"] = areas[memory_id]
                if memory_id in lifted:  # put above the memories of its chain (supersede_rank.py)
                    result["why"]["over"] = lifted[memory_id]
                if memory_id in statements:  # a holder of the slot asked for, and what read it
                    from .supersede_rank import slot_reading
                    reading = slot_reading(cache, query, memory)
                    if reading:
                        result["why"]["slot"] = reading
            yield result

    if budget_tokens is not None:
        return pack(results(), budget_tokens, top, stats, now, framing)
    return list(islice(results(), top))


def pack(results, budget_tokens: int, limit: int, stats: dict | None = None, now=None,
         framing: str = "observe") -> list[dict]:
    """Best-first, skipping what does not fit, until the budget (~4 chars a token) is spent.

    A memory costs its line as the text format prints it (framing, date, id and
    score, the content folded and cut as shown), whichever format is asked for:
    the text output fits the budget, and JSON holds the same memories
    (`framing`: text/framing.py, as the text output frames them).
    `stats` is given `overBudget`: the cost of the best memory left out for size
    (None when none was)."""
    from .context import observation_line

    packed, used, over = [], 0, None
    smallest = estimate_tokens(observation_line({"id": "", "score": 0.0, "content": ""}, now, framing) + "\n")  # framing only
    for result in results:
        if budget_tokens - used < smallest:  # not even an empty memory's line fits: the rest need not be read
            over = estimate_tokens(observation_line(result, now, framing) + "\n") if over is None else over
            break
        cost = estimate_tokens(observation_line(result, now, framing) + "\n")
        if used + cost > budget_tokens:
            over = cost if over is None else over
            continue
        packed.append(result)
        used += cost
        if len(packed) >= limit:
            break
    if stats is not None:
        stats["overBudget"] = over
    return packed


def matched_terms(content: str, terms: list[str]) -> list[str]:
    """Query terms found in the content (by word prefix, as stemming would;
    "munchen" in "München", as FTS5 folds diacritics)."""
    present = set(words(searchable(content)))
    present |= {without_diacritics(word) for word in present}
    found = []
    for term in terms:
        if term.endswith("*") or "-" in term:  # a prefix, a phrase (short_forms.py, related.py)
            parts = term.rstrip("*").split("-")
            if all(any(word.startswith(part) if term.endswith("*") else word == part for word in present)
                   for part in parts if part):
                found.append(term)
            continue
        plain = without_diacritics(term)
        stem = plain[: max(4, len(plain) - 3)] if len(plain) > 4 else plain
        if term in present or any(word.startswith(stem) for word in present):
            found.append(term)
    return found


def asks(content: str) -> bool:
    """Whether a memory is a question (ends with "?")."""
    return content.rstrip().endswith("?")


_SPEAKER = re.compile(r"^\s*([^\W\d_][\w.\- ]{0,30}?):\s")


def speaker_of(content: str) -> str | None:
    """'gina' for a transcript line like 'Gina: I opened the store'; a name
    with combining marks too ('राहुल: …'), which Python's \\w leaves out."""
    match = _SPEAKER.match(content)
    if match is None and not content.isascii():
        marks = marks_in(content[:40])
        if marks:  # (re keeps the pattern, one per set of mark pages)
            match = re.match(rf"^\s*([^\W\d_][\w.\- {marks}]{{0,30}}?):\s", content)
    return match.group(1).strip().lower() if match else None


def contiguity_boost(cache, candidates, relevance: dict, pool: dict, weights: dict,
                     admitted) -> tuple[dict, dict[str, tuple[float, list[str], list[str]]]]:
    """Temporal contiguity: a strong hit lifts its neighbours in the same episode.

    Memories of one episode (a session, a day) are ordered by time. Each gets
    `next_weight` x the relevance of the memory just before it and
    `previous_weight` x that of the one just after (half at distance 2),
    `answer_weight` x a hit just before it that asked a question, and
    `episode_weight` x the best relevance in its episode: recalling one moment
    brings back the moments around it.

    Returns the lifts by id, and per episode the lift and ids of its members
    lifted only as members (not yet in `pool`: the caller fetches them if they
    could rank). Members lifted by a neighbour join `pool` here.
    """
    before, after = weights["previous_weight"], weights["next_weight"]
    answer, whole = weights["answer_weight"], weights["episode_weight"]
    if max(before, after, answer, whole) <= 0:
        return {}, {}
    episodes: list[str] = []
    for memory, _lexical in candidates[: int(weights["contiguity_hits"])]:
        episode = memory.get("episode")
        if episode and episode not in episodes:
            episodes.append(episode)
    boost: dict[str, float] = {}
    near: list[str] = []
    others: dict[str, tuple[float, list[str], list[str]]] = {}
    for episode in episodes:
        members = cache.neighbours(episode)  # light rows: enough to filter
        scores = [relevance.get(m["id"], 0.0) for m in members]
        top_score = max(scores, default=0.0)
        last = len(members) - 1
        for position, member in enumerate(members):
            if not admitted(member):
                continue
            previous = scores[position - 1] if position > 0 else 0.0
            # (a memory with relevance is a candidate, whole in the pool)
            asked = previous > 0 and asks(pool[members[position - 1]["id"]].get("content", ""))
            lift = max(answer * previous if asked else 0.0,
                       after * previous,
                       before * (scores[position + 1] if position < last else 0.0),
                       0.5 * after * (scores[position - 2] if position > 1 else 0.0),
                       0.5 * before * (scores[position + 2] if position < last - 1 else 0.0))
            neighbourly = lift > 0
            lift += whole * top_score
            if lift <= 0:
                continue
            memory_id = member["id"]
            boost[memory_id] = boost.get(memory_id, 0.0) + lift
            if memory_id in pool:
                continue
            if neighbourly:
                near.append(memory_id)
            else:
                entry = others.setdefault(episode, (whole * top_score, [], []))
                entry[1].append(memory_id)
                entry[2].append(member.get("created"))
    for memory in cache.by_ids(near):
        pool.setdefault(memory["id"], memory)
    return boost, others

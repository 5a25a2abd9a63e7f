"""The weekly "sleep": conservative, explainable, reversible consolidation.

One run, one commit (or, with dry_run, only the list of what it would do):

1. clusters: three or more live episodic memories about the same subject
   (two uncommon subject words in common) within a window of days become one
   semantic memory that names and links them (`sources`); each source keeps
   its history, points to it (`consolidatedInto`) and decays faster from now on;
2. duplicates (the same words, names, numbers and codes as sets after
   folding, as many negations, same domain) merge: the one remembered first
   stays and takes the other's reinforcements and strength; the other is
   archived with `mergedInto`;
3. contradictions are recorded (conflicts.py) on both memories;
4. memories unused for `stale_after_days` get confidence `stale`; an older
   memory of the same subject and slot as a newer one with another value
   ("I live in Paris" / "We moved to Lisbon") gets `supersededBy` (supersede.py);
5. memories below `archive_below` for `archive_after_days` are archived, their
   files moved under hippocampus/archive/ (reinforce.py brings one back).

It never writes core memory: a cluster summary is kept just below the core
threshold, and a proposal to promote it goes to the review queue.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from itertools import combinations

from . import conflicts
from ..text import textsim
from ..base.progress import track
from ..base.paths import memory_file
from ..base.scoring import decayed, status_for
from ..text.textutil import fold, one_line
from ..text.timeutil import format_time, parse_time_or, days_between


CHANGES_SHOWN = 50  # changes of each kind a report lists (at 100,000: 91,358 marked stale, a 29 MB report)


def run_sleep(workspace, dry_run: bool = False, every_change: bool = False) -> dict:
    """The weekly sleep as consolidate.py and the scheduled job run it: one
    transaction that first looks at every memory file, the cycle collector paused
    (base/collector.py: at 100,000 memories it took 2.5-7 s of the first sleep's 21-28 s)."""
    from ..base import collector
    with collector.paused(), workspace.transaction("system:consolidate", "consolidate", full_look=True) as tx:
        return consolidate(tx, dry_run=dry_run, every_change=every_change)


def consolidate(tx, dry_run: bool = False, every_change: bool = False) -> dict:
    """The sleep's plan, applied unless `dry_run`; the report lists CHANGES_SHOWN changes of
    each kind (`every_change`: all of them) and counts them all."""
    from ..base.fsutil import InChild
    from .supersede import plan_links
    config = tx.config["consolidate"]
    live = [m for m in tx.memories if m.get("status") != "archived"]
    # the episodes' clusters, and what the planning reads of each statement's text, are found in a forked
    # child (handed back by id) while this process finds the duplicates and reads the episodes' texts,
    # which need neither (the first sleep at 100,000 memories: ~3.6 s of clustering episodes, ~5 s of
    # reading statements, on the other core)
    clustering = InChild(_read_ahead, live, config, tx.now)
    ahead = None
    try:
        plan = {"clusters": [], "merges": _duplicates(live, config, tx),
                "conflicts": [], "stale": [], "archived": [], "promotions": []}
        _, recorded = conflicts.load(tx.workspace.root)
        known = {frozenset((c["a"]["id"], c["b"]["id"])) for c in recorded if "a" in c and "b" in c}
        merged_away = {m["loser"]["id"] for m in plan["merges"]}
        # statements, not events: episodes at different times differ without contradicting
        statements = [m for m in live if m["id"] not in merged_away and m.get("store") != "episodic"]
        from ..text.departures import departures  # (the episodes' texts, which the child leaves, read here)
        read_here = {m["id"]: (hash(text), departures(text)) for m in live
                     if m.get("store") == "episodic" for text in (m.get("content", ""),)}
        ahead = clustering.wait()
    except BaseException:
        if ahead is None:
            clustering.discard()
        raise
    clusters, read_for_conflicts, read_for_links = ahead
    read_for_links.update(read_here)
    plan["conflicts"] = conflicts.find(statements, known, read_for_conflicts)
    plan["superseded"] = plan_links((m for m in live if m["id"] not in merged_away), tx, read_for_links)
    by_id = {m["id"]: m for m in live}
    plan["clusters"] = [{"subject": list(subject), "sources": [by_id[i] for i in ids]} for subject, ids in clusters]
    _fading(live, config, tx, plan, merged_away)
    changes, left_out = describe(plan, None if every_change else CHANGES_SHOWN)
    if not dry_run:
        apply(tx, plan)
        tx.action = "consolidate"
        tx.summary = summary(plan)
    return {"dryRun": dry_run, "changes": changes, "changesLeftOut": left_out,
            "counts": {k: len(v) for k, v in plan.items()}}


# ------------------------------------------------------------------- finding
def _read_ahead(live: list[dict], config: dict, now) -> tuple[list, dict, dict]:
    """What the sleep's planning reads that no merge changes, as a child process hands it back
    (fsutil.InChild, by id): the clusters (subject, source ids), and of each statement's text what
    conflicts.find and supersede.plan_links read ((hash of the text, what was read): the planning reads
    again any text that hash does not match)."""
    from ..text.departures import departures
    clusters = [(cluster["subject"], [m["id"] for m in cluster["sources"]]) for cluster in _clusters(live, config, now)]
    statements = [m for m in live if m.get("store") != "episodic"]
    read_for_conflicts = {m["id"]: (hash(text), *conflicts.prepared(text))
                          for m in statements for text in (m.get("content", ""),)}
    read_for_links = {m["id"]: (hash(text), departures(text))
                      for m in statements if m.get("store") != "procedural" for text in (m.get("content", ""),)}
    return clusters, read_for_conflicts, read_for_links


def _clusters(live: list[dict], config: dict, now) -> list[dict]:
    episodes = [m for m in live if m.get("store") == "episodic" and not m.get("consolidatedInto")]
    if len(episodes) < config["cluster_min"]:
        return []
    # in (created, id) order, once: each subject's members are gathered in that order, and each
    # episode's time is read once, not once for each of the (up to 28) subjects it shares
    episodes.sort(key=lambda m: (m["created"], m["id"]))
    stems_of = [textsim.stems(m.get("content", "")) for m in track(episodes, "consolidate: episodes")]
    frequency: dict[str, int] = {}
    for words in stems_of:
        for word in words:
            frequency[word] = frequency.get(word, 0) + 1
    # a word in a tenth of all episodes names no subject (in a small store, any word may)
    common = len(episodes) if len(episodes) < 50 else max(config["cluster_min"], int(len(episodes) * 0.1))
    # each episode's subjects: every two of its eight rarest usable words (rarest: fewest episodes, then
    # alphabetical), the two in alphabetical order
    by_rank = sorted((w for w in frequency if 2 <= frequency[w] <= common), key=lambda w: (frequency[w], w))
    rank = {word: k for k, word in enumerate(by_rank)}
    pairs: dict[tuple[str, str], list[int]] = {}  # a subject (two stems) -> its episodes' positions
    for position, words in enumerate(stems_of):
        usable = sorted(by_rank[k] for k in sorted(rank[w] for w in words if w in rank)[:8])
        for subject in combinations(usable, 2):
            members = pairs.get(subject)
            if members is None:
                pairs[subject] = [position]
            else:
                members.append(position)
    window = timedelta(days=config["cluster_window_days"]) // _TICK
    ticks = [(parse_time_or(m["created"], now) - _EPOCH) // _TICK for m in episodes]  # (exact: microseconds)
    candidates = []
    for subject, members in pairs.items():
        if len(members) < config["cluster_min"]:
            continue
        best, start = (0, 0, 0), 0
        for end in range(len(members)):
            while ticks[members[end]] - ticks[members[start]] > window:
                start += 1
            if end - start + 1 > best[0]:
                best = (end - start + 1, start, end)
        if best[0] >= config["cluster_min"]:
            candidates.append((best[0], subject, [episodes[k] for k in members[best[1]:best[2] + 1]]))
    candidates.sort(key=lambda c: (-c[0], c[1]))
    used: set[str] = set()
    clusters = []
    for _size, subject, members in candidates:
        free = [m for m in members if m["id"] not in used]
        if len(free) < config["cluster_min"]:
            continue
        used.update(m["id"] for m in free)
        clusters.append({"subject": _surface(subject, free), "sources": free})
    return clusters


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_TICK = timedelta(microseconds=1)


def _surface(subject: tuple[str, str], members: list[dict]) -> list[str]:
    """The words people wrote for each stem of the subject (the most common form)."""
    from ..text.textutil import content_words
    forms: dict[str, dict[str, int]] = {stem: {} for stem in subject}  # (each member's words read once)
    for memory in members:
        for word in content_words(memory.get("content", "")):
            written = forms.get(textsim.stem(word))
            if written is not None:
                written[word] = written.get(word, 0) + 1
    return [max(sorted(forms[stem]), key=lambda w: forms[stem][w]) if forms[stem] else stem for stem in subject]


def _duplicates(live: list[dict], config: dict, tx) -> list[dict]:
    """One fact said twice: same domain, the same words (textsim.duplicate_key:
    names, numbers, dates, versions, codes and content words as sets after
    folding, inflections folded, as many negations), the same values
    (textsim.named_values) and every name written alike (textsim.names_agree).
    Memories that differ in any of them are different facts (conflicts.find
    may list them, never a merge). The survivor is the one remembered first: oldest `created`, then
    the earlier place in the index, then the smaller id; so two runs on the
    same store merge the same way."""
    groups: dict[tuple, list[tuple[int, dict]]] = {}
    for position, memory in enumerate(track(live, "consolidate: near-duplicates")):
        if memory.get("store") == "episodic" or not memory.get("content"):
            continue
        key = textsim.duplicate_key(memory["content"])
        if key is not None:
            groups.setdefault((memory.get("domain"), key), []).append((position, memory))
    merges = []
    for members in groups.values():
        if len(members) < 2:
            continue
        members.sort(key=lambda item: (item[1].get("created", ""), item[0], item[1]["id"]))
        kept: list[tuple[dict, tuple, dict]] = []  # the survivors so far, their values and written words
        for _position, memory in members:
            named = textsim.named_values(memory["content"])
            forms = textsim.written_forms(memory["content"])
            keep = next((survivor for survivor, values, written in kept
                         if values == named and textsim.names_agree(written, forms)), None)
            if keep is None:
                kept.append((memory, named, forms))
            else:
                merges.append({"keep": keep, "loser": memory})
    merges.sort(key=lambda m: (m["keep"].get("created", ""), m["keep"]["id"], m["loser"]["id"]))
    return merges


def _fading(live: list[dict], config: dict, tx, plan: dict, skip: set[str]) -> None:
    in_cluster = {m["id"] for c in plan["clusters"] for m in c["sources"]}
    for memory in track(live, "consolidate: fading"):
        if memory["id"] in skip:
            continue
        last = parse_time_or(memory.get("lastAccessed") or memory.get("created"), tx.now)
        if days_between(last, tx.now) >= config["stale_after_days"] and memory.get("confidence") != "stale":
            plan["stale"].append(memory)
        if memory.get("pinned") or memory.get("store") == "vault" or memory["id"] in in_cluster:
            continue
        value = decayed(memory, tx.now, tx.config)
        if value >= config["archive_below"]:
            if memory.get("lowSince"):
                plan["archived"].append({"memory": memory, "action": "recovered"})
            continue
        since = memory.get("lowSince")
        if since is None:
            plan["archived"].append({"memory": memory, "action": "watch"})
        elif days_between(parse_time_or(since, tx.now), tx.now) >= config["archive_after_days"]:
            plan["archived"].append({"memory": memory, "action": "archive"})


# ------------------------------------------------------------------ applying
def apply(tx, plan: dict) -> None:
    from . import proposals

    core = tx.config["thresholds"]["core"]
    with proposals.filing(tx):  # (the review queue written once, however many are promoted)
        _summarise(tx, plan, core)
    for merge in plan["merges"]:
        keep, lose = merge["keep"], merge["loser"]
        keep["timesReinforced"] = int(keep.get("timesReinforced", 0)) + int(lose.get("timesReinforced", 0))
        if decayed(lose, tx.now, tx.config) > decayed(keep, tx.now, tx.config):  # the stronger weight stays
            for field in ("baseImportance", "importance", "lastAccessed", "decayFrom"):
                if field in lose:
                    keep[field] = lose[field]
                else:
                    keep.pop(field, None)
        keep["mergedFrom"] = [*(keep.get("mergedFrom") or []), lose["id"]]
        tx.put(keep)
        tx.archive(lose, f"merged into {keep['id']}", mergedInto=keep["id"])
    conflicts.record(tx, plan["conflicts"])
    from .supersede import link
    for old, new in plan["superseded"]:
        link(tx, old, new)
    for memory in plan["stale"]:
        memory["confidence"] = "stale"
        tx.put(memory)
    for item in plan["archived"]:
        memory = item["memory"]
        if item["action"] == "watch":
            memory["lowSince"] = format_time(tx.now)
        elif item["action"] == "recovered":
            memory.pop("lowSince", None)
        else:
            archive_memory(tx, memory, "faded: below the archive threshold for "
                           f"{tx.config['consolidate']['archive_after_days']} days")
        tx.put(memory)


def _summarise(tx, plan: dict, core: float) -> None:
    """Each cluster's summary memory; its sources fade faster from now on; a promotion proposed
    where the summary would reach the core line."""
    from . import proposals
    from ..base.model import new_id, new_memory
    from ..store.stores import write_home

    for cluster in plan["clusters"]:
        sources = cluster["sources"]
        first, last = sources[0]["created"][:10], sources[-1]["created"][:10]
        subject = ", ".join(cluster["subject"])
        text = (f"{subject[:1].upper()}{subject[1:]}: recurring, {len(sources)} times from {first} to {last}. "
                + " | ".join(one_line(m["content"], 120) for m in sources[:6])
                + (" | …" if len(sources) > 6 else ""))
        best = max(float(m.get("baseImportance", 0.5)) for m in sources)
        importance = round(min(best + 0.05, core - 0.01), 6)
        memory_id = new_id()
        memory = new_memory(memory_id=memory_id, content=text, domain=_majority(sources, "domain"),
                            category=_majority(sources, "category"), importance=importance,
                            keywords=cluster["subject"], store="semantic", source="consolidation",
                            episode=None, created=tx.now, now=tx.now, status=status_for(importance, tx.config))
        memory["sources"] = [m["id"] for m in sources]
        write_home(tx, memory)
        tx.put(memory)
        # what it states is what its sources state (it quotes them): their keys, as they carry them,
        # not read again (at 100,000 memories reading the 7,081 summaries of a first sleep was ~10 s
        # of it); a statement that supersedes them supersedes the summary too
        tx.read_keys[memory_id] = (text, _sources_keys(sources))
        cluster["summary"] = memory
        for source in sources:  # keep their history; fade faster from now on
            source["baseImportance"] = decayed(source, tx.now, tx.config)
            source["decayFrom"] = format_time(tx.now)
            source["consolidatedInto"] = memory_id
            tx.put(source)
        if best + 0.05 >= core:
            plan["promotions"].append(proposals.propose_promotion(tx, memory, f"{len(sources)} episodes"))


def _sources_keys(sources: list[dict]) -> list[str]:
    """The slot keys a summary holds: each key its sources carry for their texts as they are
    (readings.carried), once, in their order, at most readings.MAX_KEYS."""
    from ..store.readings import MAX_KEYS, carried
    keys: list[str] = []
    for source in sources:
        for key in carried(source) or ():
            if key not in keys:
                keys.append(key)
    return keys[:MAX_KEYS]


def archive_memory(tx, memory: dict, reason: str) -> None:
    """Status archived (the transaction moves its file, or its log entry, under hippocampus/archive/)."""
    memory.pop("lowSince", None)
    memory_file(memory)  # (an entry naming a file that is not a memory file is refused, not obeyed)
    tx.archive(memory, reason)


def _majority(memories: list[dict], key: str) -> str:
    counts: dict[str, int] = {}
    for memory in memories:
        counts[memory.get(key)] = counts.get(memory.get(key), 0) + 1
    return max(sorted(counts), key=lambda k: counts[k])


# ---------------------------------------------------------------- describing
def describe(plan: dict, shown: int | None = None) -> tuple[list[dict], int]:
    """The changes of the plan, at most `shown` of each kind (None: all), in the plan's
    order, and how many were left out."""
    changes, left_out = [], 0

    def first(items: list) -> list:
        nonlocal left_out
        if shown is None or len(items) <= shown:
            return items
        left_out += len(items) - shown
        return items[:shown]

    for cluster in first(plan["clusters"]):
        changes.append({"kind": "cluster", "subject": cluster["subject"], "sources": [m["id"] for m in cluster["sources"]],
                        "text": f"{len(cluster['sources'])} episodes about {', '.join(cluster['subject'])} "
                                "become one semantic memory"})
    for merge in first(plan["merges"]):
        changes.append({"kind": "merge", "keep": merge["keep"]["id"], "archive": merge["loser"]["id"],
                        "text": f"merge {merge['loser']['id']} into {merge['keep']['id']}: "
                                f"{one_line(merge['keep']['content'], 80)}"})
    for conflict in first(plan["conflicts"]):
        changes.append({"kind": "conflict", "a": conflict["a"]["id"], "b": conflict["b"]["id"], "why": conflict["kind"],
                        "text": f"conflict ({conflict['kind']}): {one_line(conflict['a']['content'], 60)} / "
                                f"{one_line(conflict['b']['content'], 60)}"})
    changes += [{"kind": "stale", "id": m["id"], "text": f"mark stale (unused 30+ days): {one_line(m['content'], 60)}"}
                for m in first(plan["stale"])]
    changes += [{"kind": "supersede", "old": old["id"], "new": new["id"],
                 "text": f"{new['id']} supersedes {old['id']}: {one_line(old['content'], 50)} -> "
                         f"{one_line(new['content'], 50)}"} for old, new in first(plan["superseded"])]
    listed: dict[str, int] = {}  # of each action
    for item in plan["archived"]:
        listed[item["action"]] = listed.get(item["action"], 0) + 1
        if shown is not None and listed[item["action"]] > shown:
            left_out += 1
            continue
        memory = item["memory"]
        verb = {"watch": "below the archive threshold, watching", "recovered": "back above the archive threshold",
                "archive": "archive (faded)"}[item["action"]]
        changes.append({"kind": item["action"], "id": memory["id"], "text": f"{verb}: {one_line(memory['content'], 60)}"})
    return changes, left_out


def summary(plan: dict) -> str:
    archived = sum(1 for item in plan["archived"] if item["action"] == "archive")
    return (f"sleep: {len(plan['clusters'])} clusters consolidated, {len(plan['merges'])} duplicates merged, "
            f"{len(plan['conflicts'])} conflicts found, {len(plan['stale'])} marked stale, {archived} archived"
            + (f", {len(plan['superseded'])} superseded (" + "; ".join(
                f"{new['id']} supersedes {old['id']}" for old, new in plan["superseded"][:20]) + ")"
               if plan["superseded"] else ""))

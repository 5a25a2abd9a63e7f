"""The sleep reads its statements' texts ahead, in a forked child (consolidate._read_ahead), and
hands back what conflicts.find and supersede.plan_links read of each, by id with the text's hash.
What the planning then finds is what it finds reading every text itself; a text whose hash is not
the one read ahead (changed since) is read again. The hash is the whole check: what was read ahead
for a text with that hash is taken as read."""

import marshal
import random
from datetime import datetime, timezone

from hippocampus.lifecycle import conflicts, consolidate
from hippocampus.lifecycle.supersede import plan_links

NOW = datetime(2026, 6, 1, tzinfo=timezone.utc)
TEXTS = ["I moved to Lisbon in March", "I moved to Porto in May", "I live in Porto now",
         "I quit my job at the bakery", "I work at the bakery on Monday", "I work at the bakery on Friday",
         "My sister does not eat meat", "My sister eats meat", "We broke up last spring",
         "I am dating Sam", "The gym opens at 7", "The gym opens at 9", "I left Lego for Meccano",
         "Walked the dog along the harbour wall", "Walked the dog along the harbour wall again"]


def _memories(seed: int) -> list[dict]:
    rng = random.Random(seed)
    memories = []
    for n in range(60):
        text = rng.choice(TEXTS) + rng.choice(["", " today", " with Ana", " again"])
        memories.append({"id": f"mem_{n:04d}", "content": text, "domain": "user", "category": "facts",
                         "store": rng.choice(["semantic", "semantic", "episodic"]),
                         "created": f"2026-0{1 + n % 5}-{1 + n % 27:02d}T10:00:00Z",
                         "lastAccessed": f"2026-0{1 + n % 5}-{1 + n % 27:02d}T10:00:00Z",
                         "importance": 0.5, "baseImportance": 0.5, "timesReinforced": 0, "keywords": []})
    return memories


def _shown(found):
    return [(f["a"]["id"], f["b"]["id"], f["kind"]) for f in found]


def _links(pairs):
    return [(old["id"], new["id"]) for old, new in pairs]


def test_what_is_read_ahead_finds_what_reading_finds():
    config = {"cluster_min": 3, "cluster_window_days": 30}
    for seed in range(20):
        memories = _memories(seed)
        clusters, for_conflicts, for_links = marshal.loads(marshal.dumps(
            consolidate._read_ahead(memories, config, NOW)))  # as the child hands it back
        statements = [m for m in memories if m["store"] != "episodic"]
        assert _shown(conflicts.find(statements, set(), for_conflicts)) == _shown(conflicts.find(statements, set()))
        assert _links(plan_links(memories, None, for_links)) == _links(plan_links(memories))
        assert clusters == [(c["subject"], [m["id"] for m in c["sources"]])
                            for c in consolidate._clusters(memories, config, NOW)]


def test_a_text_that_is_not_the_one_read_ahead_is_read_again():
    memories = [{"id": "mem_a", "content": "I work at the bakery on Monday"},
                {"id": "mem_b", "content": "I work at the bakery on Friday"},
                {"id": "mem_c", "content": "I moved to Lisbon"},
                {"id": "mem_d", "content": "I quit my job at the bakery"}]
    wrong_conflicts = {m["id"]: (hash(m["content"]), *conflicts.prepared("nothing alike here"))
                       for m in memories}  # read ahead wrongly: its hash says "this text"
    stale_conflicts = {m["id"]: (hash("another text"), *conflicts.prepared("nothing alike here"))
                       for m in memories}  # read ahead from a text since changed
    honest = _shown(conflicts.find(memories, set()))
    assert honest  # (Monday / Friday)
    assert _shown(conflicts.find(memories, set(), stale_conflicts)) == honest
    assert _shown(conflicts.find(memories, set(), wrong_conflicts)) != honest  # (a hash is taken at its word)
    memories = _memories(1)  # (its departures make links: "I quit my job at the bakery")
    honest = _links(plan_links(memories))
    wrong_links = {m["id"]: (hash(m["content"]), []) for m in memories}  # read ahead wrongly: no departures
    stale_links = {m["id"]: (hash("another text"), []) for m in memories}
    assert _links(plan_links(memories, None, stale_links)) == honest
    assert _links(plan_links(memories, None, wrong_links)) != honest

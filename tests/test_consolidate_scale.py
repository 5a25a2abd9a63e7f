"""Consolidation at 100,000 memories (references/performance.md, "Consolidation at 100,000 memories"):
the quicker ways give what the plain ones gave. Clusters are found as the plain definition below
finds them; the words that gate the reading of departures drop no departure; promotions filed at
once are numbered and written as when filed one at a time."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import example, given, settings, strategies as st

from hippocampus.base.config import DEFAULTS
from hippocampus.lifecycle import consolidate
from hippocampus.text import departures as reading
from hippocampus.text import textsim
from hippocampus.text.textutil import content_words
from hippocampus.text.timeutil import parse_time, parse_time_or

NOW = parse_time("2026-03-20T00:00:00Z")


def plain_clusters(live: list[dict], config: dict, now) -> list[dict]:
    """_clusters as first written: every subject's members sorted, and their times read, subject by subject."""
    episodes = [m for m in live if m.get("store") == "episodic" and not m.get("consolidatedInto")]
    if len(episodes) < config["cluster_min"]:
        return []
    stems_of = {m["id"]: {textsim.stem(w) for w in content_words(m.get("content", ""))
                          if not textsim.value_kind(w)} for m in episodes}
    frequency: dict[str, int] = {}
    for words in stems_of.values():
        for word in words:
            frequency[word] = frequency.get(word, 0) + 1
    common = len(episodes) if len(episodes) < 50 else max(config["cluster_min"], int(len(episodes) * 0.1))
    pairs: dict[tuple[str, str], list[dict]] = {}
    for memory in episodes:
        usable = sorted((w for w in stems_of[memory["id"]] if 2 <= frequency[w] <= common),
                        key=lambda w: (frequency[w], w))[:8]
        for i, left in enumerate(usable):
            for right in usable[i + 1:]:
                pairs.setdefault(tuple(sorted((left, right))), []).append(memory)
    window = timedelta(days=config["cluster_window_days"])
    candidates = []
    for subject, members in pairs.items():
        if len(members) < config["cluster_min"]:
            continue
        members = sorted(members, key=lambda m: (m["created"], m["id"]))
        times = [parse_time_or(m["created"], now) for m in members]
        best, start = (0, 0, 0), 0
        for end in range(len(members)):
            while times[end] - times[start] > window:
                start += 1
            if end - start + 1 > best[0]:
                best = (end - start + 1, start, end)
        if best[0] >= config["cluster_min"]:
            candidates.append((best[0], subject, members[best[1]:best[2] + 1]))
    candidates.sort(key=lambda c: (-c[0], c[1]))
    used: set[str] = set()
    clusters = []
    for _size, subject, members in candidates:
        free = [m for m in members if m["id"] not in used]
        if len(free) < config["cluster_min"]:
            continue
        used.update(m["id"] for m in free)
        words = []
        for stem in subject:
            forms: dict[str, int] = {}
            for memory in free:
                for word in content_words(memory.get("content", "")):
                    if textsim.stem(word) == stem:
                        forms[word] = forms.get(word, 0) + 1
            words.append(max(sorted(forms), key=lambda w: forms[w]) if forms else stem)
        clusters.append({"subject": words, "sources": free})
    return clusters


# few words, so that subjects recur and some words are in a tenth of all episodes; inflected
# forms (one stem, two ways of writing it), values (never a subject) and stopwords among them
WORDS = ("backup backups failed failing nas server migration deadline painting paint painted ana harbour "
         "lunch dinner hiking trail kids garden roses tomatoes piano lesson Monday Friday 3 2026 12:30 the again "
         "still honestly truly").split()
EPISODE = st.tuples(st.lists(st.sampled_from(WORDS), min_size=1, max_size=16),
                    st.integers(0, 40), st.integers(0, 3), st.sampled_from(["episodic", "episodic", "semantic"]),
                    st.booleans())
# three episodes, each with six words two of them share and three all share: the subject is the two
# rarest of those three, alphabetically first (only the eight rarest words of an episode are its subject's)
EIGHT = [(words.split(), 1, 0, "episodic", False) for words in (
    "wharf quill marsh otter pylon glade alpha beta gamma", "wharf quill marsh dune fjord kelp alpha beta gamma",
    "otter pylon glade dune fjord kelp alpha beta gamma")]


def episodes_of(rows) -> list[dict]:
    live = []
    for number, (words, day, hour, store, consolidated) in enumerate(rows):
        memory = {"id": f"mem_{(number * 7919) % 10007:012x}", "content": " ".join(words), "store": store,
                  "created": (NOW - timedelta(days=day, hours=hour * 6)).strftime("%Y-%m-%dT%H:%M:%SZ")}
        if consolidated and number % 5 == 0:
            memory["consolidatedInto"] = "mem_000000000001"
        live.append(memory)
    return live


def shown(clusters: list[dict]) -> list:
    return [(c["subject"], [m["id"] for m in c["sources"]]) for c in clusters]


@settings(max_examples=300, deadline=None)
@given(st.lists(EPISODE, max_size=90), st.integers(2, 4), st.integers(1, 10))
@example([(["backup", "failed", "nas"], day, 0, "episodic", False) for day in (1, 1, 3, 5, 9)], 3, 7)
@example(EIGHT, 3, 7)
def test_clusters_are_found_as_the_plain_definition_finds_them(rows, cluster_min, window_days):
    live = episodes_of(rows)
    config = {**DEFAULTS["consolidate"], "cluster_min": cluster_min, "cluster_window_days": window_days}
    before = [dict(m) for m in live]
    assert shown(consolidate._clusters(live, config, NOW)) == shown(plain_clusters(live, config, NOW))
    assert live == before  # (the memories are read, never changed or reordered)


@given(st.text(max_size=60), st.lists(st.sampled_from(WORDS), max_size=12))
def test_stems_are_the_stems_of_the_content_words_however_often_asked(noise, words):
    text = noise + " " + " ".join(words)
    plain = {textsim.stem(w) for w in content_words(text) if not textsim.value_kind(w)}
    assert textsim.stems(text) == plain and textsim.stems(text) == plain


# Every way a departure starts (text/departures.py, _clause_departures), each found; then the
# words around them shuffled and swapped, so each trigger is also met without the word it needs.
DEPARTED = ["My last day at Philips was Friday", "My last afternoon at Philips was Friday",
            "My last shift at Philips was Friday", "My final day at Philips was Friday",
            "My final afternoon at Philips", "My final shift at Philips was Friday", "It's over with Sam",
            "Things ended with Sam", "I ended things with Jonas", "User: bye Zenfone 10, hello Moto Edge",
            "User: goodbye Zenfone 10, hello Moto Edge", "I no longer work at Deloitte", "I do not longer work at Deloitte",
            "I do n't longer work at Deloitte", "I no more work at Deloitte", "I am not more at Deloitte", "I do n't more work at Deloitte",
            "I don't live in Lisbon anymore", "I do not live in Lisbon anymore", "I do n't work at Deloitte anymore",
            "User doesn't work at Lego anymore", "User isn't with Tom anymore", "We aren't together anymore",
            "I'm not with Tom anymore", "My ex Tom called", "My ex-girlfriend Maya", "I quit Lego",
            "Left Lego for Atlassian", "We broke up", "I gave up on Spanish", "Sold the Civic",
            "Switched banks from Monzo to Starling", "I’m done with CrossFit", "Got rid of the Passat",
            "My gym: FitLab -> PureGym", "User now works at Stripe (previously Adyen)", "Bob: I quit Lego today"]
TRIGGERS = sorted(reading._GATE | set(reading._GATE_BESIDE) | {w for need in reading._GATE_BESIDE.values()
                                                                 for w in need})
FILLER = "I my we our the at with in from of to for up Lego Tom Maya job gym partner . , -> is was".split()


def test_every_way_a_departure_starts_is_read():
    for text in DEPARTED:
        assert reading.departures(text), text
        assert reading.departures(text) == reading._read(text)
    said = [{w.lower().replace("’", "'") for w in reading._TOKEN.findall(text)} for text in DEPARTED]
    for word, beside in reading._GATE_BESIDE.items():  # each word the gate needs beside another, with each
        for need in beside:
            assert any(word in words and need in words for words in said), (word, need)
    assert any("ex" in words for words in said) and any("ex-girlfriend" in words for words in said)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(DEPARTED), st.lists(st.tuples(st.integers(0, 12), st.sampled_from(TRIGGERS + FILLER)),
                                          max_size=5), st.lists(st.integers(0, 12), max_size=3),
       st.sampled_from(["", "User: ", "Ana: "]), st.booleans())
def test_the_gate_before_reading_drops_no_departure(base, inserts, drops, speaker, curly):
    words = base.split()
    for at in drops:
        if words:
            del words[at % len(words)]
    for at, word in inserts:
        words.insert(at % (len(words) + 1), word)
    text = speaker + " ".join(words)
    if curly:
        text = text.replace("'", "’")
    assert reading.departures(text) == reading._read(text)


def test_promotions_filed_at_once_are_numbered_in_order_after_the_queue(ws):
    ws.run("remember.py", "The staging database moved to eu-west-2", "--actor", "researcher",
           now="2026-03-01T08:00:00Z")  # proposal #1, already in the queue
    topics = ["Nightly backup to the NAS failed, run {n}", "Tax filing deadline worries me, week {n}",
              "Kitchen renovation budget overran, quote {n}"]  # (no word in common: three clusters)
    for topic in topics:
        for day in (1, 2, 3):
            ws.remember(topic.format(n=day), "--store", "episodic", "--importance", "0.9",
                        now=f"2026-03-0{day}T09:00:00Z")
    report = ws.json("consolidate.py", now="2026-03-04")
    assert report["counts"]["promotions"] == 3
    summaries = {m["id"]: m for m in ws.index()["memories"] if m.get("sources")}
    clusters = [c for c in report["changes"] if c["kind"] == "cluster"]
    order = [next(s["id"] for s in summaries.values() if s["sources"] == c["sources"]) for c in clusters]
    listed = ws.json("review.py", "list")["proposals"]
    assert [p["id"] for p in listed] == [1, 2, 3, 4]
    assert [(p["kind"], p["target"]) for p in listed[1:]] == [("promote", target) for target in order]
    text = (ws.meta / "pending-memories.md").read_text()
    assert text.count("## Proposal #") == 4 and text.index("## Proposal #1") < text.index("## Proposal #2")

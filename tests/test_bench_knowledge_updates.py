"""bench/knowledge_updates.py: its generator is deterministic, its splits do not
share phrasings, its questions are answerable from the store it builds through
the CLI, and its metrics count what they say."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT / "bench"))  # (after the installed packages: a bench script shadows none)

import knowledge_updates as ku  # noqa: E402

SIZE = 80


def test_the_generator_is_deterministic_and_differs_by_user_and_split():
    first = ku.generate(SIZE, "dev", 0, 0)
    assert first == ku.generate(SIZE, "dev", 0, 0)
    assert json.dumps(first) == json.dumps(ku.generate(SIZE, "dev", 0, 0))
    assert first["memories"] != ku.generate(SIZE, "dev", 1, 0)["memories"]
    assert first["memories"] != ku.generate(SIZE, "dev", 0, 1)["memories"]
    assert first["memories"] != ku.generate(SIZE, "check", 0, 0)["memories"]


def test_the_splits_share_no_question_no_value_no_statement_template():
    dev = [ku.generate(SIZE, "dev", user, 0) for user in range(3)]
    check = [ku.generate(SIZE, "check", user, 0) for user in range(3)]
    questions = lambda runs: {q["question"] for d in runs for q in d["questions"]}  # noqa: E731
    values = lambda runs: {m["fact"]["value"] for d in runs for m in d["memories"] if "fact" in m}  # noqa: E731
    assert not questions(dev) & questions(check)
    assert not values(dev) & values(check)
    for spec in ku.SLOTS.values():
        for key in ("values", "user", "now", "before", "year", "other_q"):
            assert not set(ku.split_half(spec[key], "dev")) & set(ku.split_half(spec[key], "check"))
            assert len(ku.split_half(spec[key], "dev")) >= 1 and len(ku.split_half(spec[key], "check")) >= 1


def test_every_question_has_its_gold_statement_and_the_dates_make_it_so():
    for split in ("dev", "check"):
        data = ku.generate(200, split, 2, 0)
        assert len(data["memories"]) == 200
        assert len({m["content"] for m in data["memories"]}) == 200  # the import would merge duplicates
        assert [m["created"] for m in data["memories"]] == sorted(m["created"] for m in data["memories"])
        assert all(m["created"] < data["now"] for m in data["memories"])
        facts = {}
        for m in data["memories"]:
            if "fact" in m:
                f = m["fact"]
                facts[(f["subject"], f["slot"], f["index"])] = m
                assert f["value"] in m["content"]
        kinds = set()
        for q in data["questions"]:
            chain = [facts[(q["subject"], q["slot"], i)] for i in range(len(q["values"]))]
            assert [m["created"] for m in chain] == sorted(m["created"] for m in chain)  # values change in order
            gold = chain[q["gold"]]
            assert gold["fact"]["value"] == q["values"][q["gold"]]
            if q["tense"] == "now":
                assert q["gold"] == len(chain) - 1 and len(chain) >= 2  # there is something stale to beat
            elif q["kind"] == "in 2024":
                assert gold["created"].startswith("2024") and all(m["created"].startswith("2025")
                                                                  for m in chain[1:])
            else:
                assert q["gold"] == len(chain) - 2
            kinds.add(q["kind"])
        assert {"before", "in 2024"} <= kinds and len(kinds & {"now", "currently", "these days", "plain"}) >= 2
        user_values = {(m["fact"]["slot"], m["fact"]["value"]) for m in data["memories"]
                       if m.get("fact", {}).get("subject") == "user"}
        other_values = {(m["fact"]["slot"], m["fact"]["value"]) for m in data["memories"]
                        if m.get("fact", {}).get("subject") not in (None, "user")}
        assert not user_values & other_values  # another person's value never reads as the user's


def test_stale_above_and_the_ranks_are_counted_from_the_subject_and_slot():
    facts = {"old": ("user", "home", 0), "new": ("user", "home", 1), "sister": ("sister", "home", 1),
             "car": ("user", "car", 0)}
    q = {"subject": "user", "slot": "home", "gold": 1, "tense": "now"}
    assert ku.score(q, ["old", "new"], facts) == {"at1": False, "at5": True, "stale_above": True}
    assert ku.score(q, ["sister", "car", "new", "old"], facts) == {"at1": False, "at5": True, "stale_above": False}
    assert ku.score(q, ["new", "old"], facts) == {"at1": True, "at5": True, "stale_above": False}
    assert ku.score(q, ["x1", "x2", "x3", "x4", "x5", "new"], facts)["at5"] is False
    assert ku.score(q, ["old"], facts)["stale_above"] is True  # the current one missing, an old one shown
    assert ku.score({**q, "gold": 0, "tense": "before"}, ["new", "old"], facts) == {"at1": False, "at5": True}


def test_the_store_built_through_the_cli_answers_each_value_by_its_own_memory(tmp_path):
    data = ku.generate(SIZE, "check", 0, 0)
    store = ku.build_store(data, tmp_path / "ws")
    assert len(store["facts"]) == sum(1 for m in data["memories"] if "fact" in m)
    ask = ku.recaller("cli", store)
    asked, people = set(), set()
    for q in data["questions"]:  # each current value of the user's, and one of each other person's
        key = (q["subject"], q["slot"], q["gold"])
        if key in asked or q["tense"] != "now" or q["subject"] in people:
            continue
        asked.add(key)
        if q["subject"] != "user":
            people.add(q["subject"])
        value = q["values"][q["gold"]]
        ranked = ask(value)  # the value itself finds the memory that states it
        assert any(store["facts"].get(i) == key for i in ranked), (value, key)
    assert len(people) == 4 and len(asked) == len(ku.SLOTS) + 4


def test_the_benchmark_runs_through_the_cli_and_reports_every_question():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "knowledge_updates.py"), "--sizes", str(SIZE),
                          "--users", "1", "--questions", "12", "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    part = report["sizes"][str(SIZE)]
    questions = ku.chosen_questions(ku.generate(SIZE, "dev", 0, 0), 12)
    assert len(questions) == 12 and {q["tense"] for q in questions} == {"now", "before"}
    user = [q for q in questions if q["subject"] == "user"]
    assert part["user"]["now_questions"] == sum(q["tense"] == "now" for q in user)
    assert part["user"]["before_questions"] == sum(q["tense"] == "before" for q in user)
    assert part["others"]["now_questions"] == sum(q["subject"] != "user" for q in questions)
    for who in ("user", "others"):
        for key in ("current@1", "current@5", "stale_above"):
            assert 0.0 <= part[who][key] <= 1.0
        assert part[who]["current@1"] <= part[who]["current@5"]
    assert report["mode"] == "cli" and report["store"] == "semantic"


def test_the_semantic_tier_bench_skips_in_one_line_without_wordllama():
    import importlib.util
    if importlib.util.find_spec("wordllama") is not None:
        import pytest
        pytest.skip("wordllama is installed here")
    env = {k: v for k, v in os.environ.items() if k != "WORDLLAMA_PATH"}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "semantic_tier.py")], capture_output=True,
                         text=True, timeout=60, env=env)
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout.count("\n") == 1 and "skipped" in out.stdout and "wordllama" in out.stdout


def test_the_sets_other_sessions_wrote_are_deterministic_answerable_and_counted_by_kind():
    """bench/ku_sets/: each set makes the same data twice, every now-question has its
    current statement in the store, and a failure is named by what holds rank 1."""
    for split in ku.OTHER_SETS:
        make = ku.generator(split)
        data = make(SIZE, 0, 0)
        assert data == make(SIZE, 0, 0), split
        facts = {(m["fact"]["subject"], m["fact"]["slot"], m["fact"]["index"]) for m in data["memories"] if "fact" in m}
        for question in data["questions"]:
            assert (question["subject"], question["slot"], question["gold"]) in facts, (split, question)
            assert question["kind"], (split, question)
    question = {"subject": "user", "slot": "home", "gold": 1}
    facts = {"a": ("user", "home", 0), "b": ("user", "home", 1), "c": ("user/sister", "home", 0), "d": ("user", "car", 0)}
    assert ku.failure(question, ["a", "b"], facts) == "an older value above"
    assert ku.failure(question, ["c", "b"], facts) == "another subject's value of the slot above"
    assert ku.failure(question, ["d", "b"], facts) == "the same subject's other slot above"
    assert ku.failure(question, ["x", "b"], facts) == "filler above"
    assert ku.failure(question, ["a"], facts) == "not in the top 10, an older value in"


def test_stated_and_agent_modes_tell_the_changes_as_they_say(tmp_path):
    """--supersede stated: every change names the value it replaces (a stated link); agent: each change
    is remembered alone, and the old value superseded (stated) exactly when remember offered it."""
    data = ku.generate(SIZE, "dev", 0, 0)
    changes = ku._previous(data)
    assert changes and all(data["memories"][at]["fact"]["index"] > 0 for at in changes)
    for mode in ("stated", "agent"):
        store = ku.build_store(data, tmp_path / mode, supersede=mode)
        from hippocampus.base.paths import WorkspacePaths
        index = {m["id"]: m for m in json.loads(WorkspacePaths(tmp_path / mode).index.read_text())["memories"]}
        ids = store["ids"]
        if mode == "stated":
            for at, before in changes.items():
                old = index[ids[before]]
                assert old["supersededBy"] == ids[at] and old["supersededHow"] == "stated", old["content"]
            assert store["offers"] == []
            continue
        assert len(store["offers"]) == len(changes)
        for offer, (at, before) in zip(store["offers"], sorted(changes.items(), key=lambda c: data["memories"][c[0]]["created"])):
            old = index[ids[before]]
            if offer["offered"]:
                assert old["supersededBy"] == ids[at] and old["supersededHow"] == "stated"
            assert offer["linked"] or offer["offered"] or old.get("supersededBy") != ids[at]
        summary = ku.offer_summary(store["offers"])
        assert summary["changes"] == len(changes) and 0 <= summary["offered"] <= summary["recall@3"] <= 1

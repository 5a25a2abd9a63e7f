"""Issue #22, "wrong results": decay by calendar days, episodes that repeat,
config ranges, an index entry's file, and the smaller ones (doctor --repair by
a sub-agent, a `created` in the future, -0, binary and oversized imports).

Every test runs the scripts as an agent does, in a real workspace; where the
answer depends on the day, the time zone is given (TZ) and now is fixed."""

from __future__ import annotations

import json
import os

import pytest

UTC = {"TZ": "UTC"}
LA = {"TZ": "America/Los_Angeles"}


def _remember(ws, text: str, *args: str, now: str, env=UTC) -> str:
    return ws.json("remember.py", text, *args, now=now, env=env)["id"]


# ------------------------------------------------------------------ 12: decay counts calendar days

def test_a_run_at_0300_and_one_at_2200_on_one_day_decay_once_and_commit_once(ws):
    memory_id = _remember(ws, "User is allergic to peanuts", "--importance", "0.8", now="2026-01-01T09:00:00Z")
    ws.run("decay.py", now="2026-01-02T03:00:00Z", env=UTC)
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)  # one calendar day (18 hours)
    commits = ws.commits()
    out = ws.json("decay.py", now="2026-01-02T22:00:00Z", env=UTC)
    assert out["changed"] == 0 and ws.commits() == commits
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)


def test_thirty_daily_runs_at_0300_after_a_memory_made_at_0900_give_thirty_days(ws):
    memory_id = _remember(ws, "User is allergic to peanuts", "--importance", "0.8", now="2026-01-01T09:00:00Z")
    for day in range(2, 32):
        ws.run("decay.py", now=f"2026-01-{day:02d}T03:00:00Z", env=UTC)
    assert ws.memory(memory_id)["importance"] == pytest.approx(round(0.8 * 0.99 ** 30, 6))


def test_days_are_those_of_the_machines_time_zone_around_midnight(ws):
    # 23:30 in Los Angeles (PST), then 00:30 the next day there: one day; in UTC the same day
    memory_id = _remember(ws, "Booked the dentist for Friday", "--importance", "0.8",
                          now="2026-01-15T07:30:00Z", env=LA)
    preview = ws.json("decay.py", "--dry-run", now="2026-01-15T08:30:00Z", env=UTC)
    assert preview["changed"] == 0
    ws.run("decay.py", now="2026-01-15T08:30:00Z", env=LA)
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)
    commits = ws.commits()  # 23:59 the same day in Los Angeles (07:59 UTC the next day): nothing
    assert ws.json("decay.py", now="2026-01-16T07:59:00Z", env=LA)["changed"] == 0
    assert ws.commits() == commits
    ws.run("decay.py", now="2026-01-16T08:01:00Z", env=LA)  # 00:01 the day after: a second day
    assert ws.memory(memory_id)["importance"] == pytest.approx(round(0.8 * 0.99 ** 2, 6))


def test_a_25_hour_day_at_the_end_of_summer_time_is_one_day_of_decay_not_more(ws):
    # Los Angeles, 2026-11-01: 02:00 PDT becomes 01:00 PST. 00:10 to 23:50 that day is 24 h 40 min.
    memory_id = _remember(ws, "Moved the clocks back", "--importance", "0.8", now="2026-11-01T07:10:00Z", env=LA)
    assert ws.json("decay.py", now="2026-11-02T07:50:00Z", env=LA)["changed"] == 0
    assert ws.memory(memory_id)["importance"] == 0.8
    ws.run("decay.py", now="2026-11-02T08:10:00Z", env=LA)  # 00:10 PST on the 2nd
    assert ws.memory(memory_id)["importance"] == pytest.approx(0.8 * 0.99)


def test_a_23_hour_span_over_the_start_of_summer_time_spans_two_calendar_days(ws):
    # Los Angeles: 23:50 PST on 2026-03-07, then 00:10 PDT on 2026-03-09 (03-08 had 23 hours): 23 h 20 min
    memory_id = _remember(ws, "Spring forward tonight", "--importance", "0.8", now="2026-03-08T07:50:00Z", env=LA)
    ws.run("decay.py", now="2026-03-09T07:10:00Z", env=LA)
    assert ws.memory(memory_id)["importance"] == pytest.approx(round(0.8 * 0.99 ** 2, 6))


# ------------------------------------------------------------------ 14: config values out of range

def _config(ws, settings) -> None:
    (ws.store / "config.yaml").write_text(json.dumps(settings))


def _state(ws):
    return (ws.store / "index.json").read_bytes(), ws.commits()


@pytest.mark.parametrize("settings, key, allowed", [
    ({"decay": {"rate": 5}}, "decay.rate", "more than 0, at most 1"),
    ({"decay": {"rate": 99}}, "decay.rate", "more than 0, at most 1"),
    ({"decay": {"rate": 0}}, "decay.rate", "more than 0, at most 1"),
    ({"reinforce": {"rate": 7}}, "reinforce.rate", "from 0 to 1"),
    ({"decay": {"store_multiplier": {"episodic": -1}}}, "decay.store_multiplier.episodic", "from 0 to 10"),
])
def test_a_decay_or_reinforce_rate_out_of_range_is_refused_and_nothing_is_written(ws, settings, key, allowed):
    memory_id = _remember(ws, "User likes green tea", "--importance", "0.5", now="2026-01-01T09:00:00Z")
    _config(ws, settings)
    before = _state(ws)
    for script, args in (("decay.py", ()), ("reinforce.py", (memory_id,)), ("remember.py", ("User likes green tea",))):
        err = ws.run(script, *args, now="2026-03-01T09:00:00Z", env=UTC, expect=3).err
        assert key in err and allowed in err and len(err.strip().splitlines()) == 1, err
        assert _state(ws) == before
    cached = ws.side / ".cache" / "config.json"  # a bad file is never cached
    assert not cached.exists() or json.loads(cached.read_text())["config"] != settings


def _every_range():
    from hippocampus.base.config import RANGES
    for key, (whole, low, high, low_open) in RANGES.items():
        yield key, high + 1
        yield key, low if low_open else low - 1
        if whole:
            yield key, low + 0.5


def _nested(key: str, value):
    parts = key.split(".")
    if parts[-1].endswith("_multiplier"):
        parts.append("semantic" if parts[-1] == "store_multiplier" else "errors")
    settings = value
    for part in reversed(parts):
        settings = {part: settings}
    return settings


@pytest.mark.parametrize("key, value", list(_every_range()))
def test_every_numeric_setting_outside_its_documented_range_is_one_line_exit_3(ws, key, value):
    from hippocampus.base.config import RANGES, describe_range
    _config(ws, _nested(key, value))
    err = ws.run("recall.py", "tea", expect=3).err
    assert f"memory/config.yaml: {key}" in err and describe_range(RANGES[key]) in err, err
    assert len(err.strip().splitlines()) == 1


def test_every_range_is_written_down_in_the_configuration_reference_and_the_template():
    from conftest import ROOT
    from hippocampus.base.config import CHOICES, DEFAULTS, RANGES, describe_range
    readme = (ROOT / "references" / "configuration.md").read_text()  # the README's Configuration, moved (#23)
    for key, bounds in RANGES.items():
        assert f"| `{key}` |" in readme and describe_range(bounds) in readme, key
    for key, words in CHOICES.items():
        assert f"| `{key}` | {DEFAULTS[key]} | one of {', '.join(words)} |" in readme, key
    flat = [f"{group}.{key}" for group, values in DEFAULTS.items() if isinstance(values, dict)
            for key, value in values.items() if not key.endswith("_words")] + \
        [key for key, value in DEFAULTS.items() if not isinstance(value, dict)]
    assert sorted(flat) == sorted([*RANGES, *CHOICES])  # every setting has a range or its words
    template = (ROOT / "assets" / "templates" / "config.yaml").read_text()
    assert "[more than 0, at most 1] importance = baseImportance" in template


@pytest.mark.parametrize("settings, message", [
    ({"decay": {"store_multiplier": {"semantics": 1.0}}}, "decay.store_multiplier has unknown store 'semantics'"),
    ({"decay": {"category_multiplier": {"Big Errors": 0.5}}}, "decay.category_multiplier key 'Big Errors'"),
    ({"thresholds": {"active": 0.9}}, "thresholds must be in order background <= active <= core"),
    ({"recall": {"default_top": 2.5}}, "recall.default_top must be a whole number"),
    ({"decay": {"rate": True}}, "decay.rate must be a finite number"),
    ({"decay": {"speed": 1}}, "unknown setting 'decay.speed'"),
    ({"framing": "shout"}, "framing must be one of observe, suggest, assert, got 'shout'"),
    ({"framing": 1}, "framing must be one of observe, suggest, assert, got 1"),
])
def test_keys_and_orders_that_make_no_sense_are_refused(ws, settings, message):
    _config(ws, settings)
    err = ws.run("status.py", expect=3).err
    assert message in err and len(err.strip().splitlines()) == 1, err


def test_a_valid_config_is_cached_and_a_later_bad_edit_is_still_refused(ws):
    _config(ws, {"decay": {"rate": 0.98}})
    ws.run("recall.py", "tea")
    cache = ws.side / ".cache" / "config.json"
    assert json.loads(cache.read_text())["config"] == {"decay": {"rate": 0.98}}
    _config(ws, {"decay": {"rate": 9.8}})
    assert "decay.rate must be at most 1" in ws.run("recall.py", "tea", expect=3).err
    assert json.loads(cache.read_text())["config"] == {"decay": {"rate": 0.98}}


# ------------------------------------------------------------------ 13: an episode repeated on other days

RUN = "Went for a run in the park"


def _runs(ws):
    return [m for m in ws.index()["memories"] if m["content"] == RUN]


def test_an_episode_repeated_on_three_days_is_three_memories_and_since_finds_the_last(ws):
    for day in ("02", "04", "06"):
        _remember(ws, RUN, "--store", "episodic", now=f"2026-03-{day}T08:00:00Z")
    runs = _runs(ws)
    assert [m["created"][:10] for m in runs] == ["2026-03-02", "2026-03-04", "2026-03-06"]
    assert all(m["timesReinforced"] == 0 for m in runs)
    found = ws.json("recall.py", "run in the park", "--since", "2026-03-05", now="2026-03-07T08:00:00Z",
                    env=UTC)["results"]
    assert [r["created"][:10] for r in found] == ["2026-03-06"]
    every = ws.json("recall.py", "how many times did I go for a run in the park", "--top", "10",
                    now="2026-03-07T08:00:00Z", env=UTC)["results"]
    assert len([r for r in every if r["content"] == RUN]) == 3
    report = ws.json("doctor.py", env=UTC, expect=None)
    assert not [p for p in report["problems"] if "duplicate" in p]


def test_the_same_episode_twice_on_one_local_day_is_one_memory_reinforced(ws):
    _remember(ws, RUN, "--store", "episodic", now="2026-03-02T08:00:00Z")
    _remember(ws, RUN, "--store", "episodic", now="2026-03-02T20:00:00Z")
    assert [m["timesReinforced"] for m in _runs(ws)] == [1]
    # a lasting memory with the same words is still reinforced by the episode, as before
    fact = _remember(ws, "Ana prefers tea over coffee", now="2026-03-01T08:00:00Z")
    assert _remember(ws, "Ana prefers tea over coffee", "--store", "episodic", now="2026-03-05T08:00:00Z") == fact


def test_the_day_of_an_episode_is_the_local_day(ws):
    # 23:00 and 01:00 in Los Angeles are two days there, one day in UTC (07:00 and 09:00)
    _remember(ws, RUN, "--store", "episodic", now="2026-03-03T07:00:00Z", env=LA)
    _remember(ws, RUN, "--store", "episodic", now="2026-03-03T09:00:00Z", env=LA)
    assert len(_runs(ws)) == 2
    _remember(ws, RUN, "--store", "episodic", now="2026-03-03T10:00:00Z", env=UTC)
    assert sorted(m["timesReinforced"] for m in _runs(ws)) == [0, 1]  # either: both are that day in UTC


def test_episodes_of_three_days_in_one_jsonl_import_stay_three(ws):
    lines = "".join(json.dumps({"content": RUN, "store": "episodic", "created": f"2026-03-{d}T08:00:00Z"}) + "\n"
                    for d in ("02", "04", "04", "06"))
    out = ws.json("remember.py", "--jsonl", "-", input=lines, now="2026-03-07T08:00:00Z", env=UTC)
    assert len(set(out["ids"])) == 3
    assert [m["timesReinforced"] for m in _runs(ws)] == [0, 1, 0]


def test_daily_notes_that_repeat_an_item_are_imported_once_a_day(ws, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    for day in ("2026-03-02", "2026-03-04"):
        (notes / f"{day}.md").write_text(f"# {day}\n\n- {RUN}\n")
    out = ws.json("import.py", str(notes / "2026-03-02.md"), str(notes / "2026-03-04.md"),
                  now="2026-03-07T08:00:00Z", env=UTC)
    assert out["added"] == 2 and out["duplicates"] == 0
    again = ws.json("import.py", str(notes / "2026-03-04.md"), now="2026-03-07T08:00:00Z", env=UTC)
    assert again["added"] == 0 and again["duplicates"] == 1


# ------------------------------------------------------------------ 15: an index entry's file

def _point_file_at(ws, memory_id: str, path: str) -> None:
    """A hand edit of index.json (as a person or a bad tool might make), committed; the
    memory's own file goes (else the next writer takes it in as a memory added by hand)."""
    index_path = ws.store / "index.json"
    index = json.loads(index_path.read_text())
    for memory in index["memories"]:
        if memory["id"] == memory_id:
            own, memory["file"] = memory.get("file"), path
            if own and (ws.root / own).is_file():
                (ws.root / own).unlink()
                ws.git("rm", "-q", "--cached", own)
    index_path.write_text(json.dumps(index, indent=1))
    ws.git("add", "memory/index.json")
    ws.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "edit")


BAD_FILES = [".git/HEAD", ".git/config", "memory/user/../../.git/HEAD", "../outside.md", "/etc/hostname",
             "memory/index.json", "hippocampus/meta/audit.log", "README.md", "memory/user/.hidden.md"]


@pytest.mark.parametrize("bad", BAD_FILES)
def test_forget_purge_refuses_a_file_field_outside_the_memory_folders(ws, bad):
    memory_id = ws.remember("User likes green tea")
    _point_file_at(ws, memory_id, bad)
    head = (ws.root / ".git" / "HEAD").read_bytes()
    before = {p: p.read_bytes() for p in (ws.root / ".git" / "HEAD", ws.root / ".git" / "config",
                                          ws.store / "index.json", ws.meta / "audit.log")}
    commits = ws.commits()
    err = ws.run("forget.py", memory_id, "--purge", expect=3).err
    assert memory_id in err and "not a memory file" in err and len(err.strip().splitlines()) == 1
    assert {p: p.read_bytes() for p in before} == before and ws.commits() == commits
    assert (ws.root / ".git" / "HEAD").read_bytes() == head
    report = ws.json("doctor.py", expect=3)
    assert not report["healthy"]
    assert [p for p in report["problems"] if memory_id in p and "not a memory file" in p]


def test_doctor_repair_drops_a_bad_file_field_and_gives_the_memory_its_own_file(ws):
    memory_id = ws.remember("User likes green tea")
    _point_file_at(ws, memory_id, ".git/HEAD")
    head = (ws.root / ".git" / "HEAD").read_bytes()
    ws.run("remember.py", "User likes black coffee")  # another writer: the bad entry is left alone
    assert ws.memory(memory_id)["status"] != "archived" and (ws.root / ".git" / "HEAD").read_bytes() == head
    ws.run("doctor.py", "--repair")
    repaired = ws.memory(memory_id)
    assert repaired["file"].startswith("memory/") and (ws.root / repaired["file"]).is_file()
    assert (ws.root / ".git" / "HEAD").read_bytes() == head
    assert ws.json("doctor.py")["healthy"]
    ws.run("forget.py", memory_id, "--purge")
    assert not (ws.root / repaired["file"]).exists() and (ws.root / ".git" / "HEAD").read_bytes() == head


def test_reinforcing_an_archived_memory_whose_file_field_escapes_is_refused(ws):
    memory_id = ws.remember("User likes green tea")
    ws.run("forget.py", memory_id)
    _point_file_at(ws, memory_id, "hippocampus/archive/../../.git/HEAD")
    commits = ws.commits()
    err = ws.run("reinforce.py", memory_id, expect=3).err
    assert "not a memory file" in err and ws.commits() == commits


def test_a_memory_folder_that_links_into_git_is_never_written_through(ws):
    memory_id = ws.remember("User likes green tea", "--domain", "world")
    folder = ws.store / "world"
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()
    folder.symlink_to(ws.root / ".git")
    err = ws.run("remember.py", "Rome is in Italy", "--domain", "world", expect=3).err
    assert "inside .git" in err and not [c for c in ws.commits() if "Rome" in c]
    assert not (ws.root / ".git").joinpath("rome-is-in-italy").exists()
    assert not [p for p in (ws.root / ".git").iterdir() if p.name.endswith(".md")]
    assert memory_id


# ------------------------------------------------------------------ 17: doctor --repair by a sub-agent

def test_doctor_repair_by_a_sub_agent_is_refused_and_changes_nothing(ws):
    ws.remember("User likes green tea")
    (ws.store / "index.json").write_text("{broken")
    commits = ws.commits()
    for how in ({"args": ("--actor", "researcher")}, {"env": {"HIPPOCAMPUS_AGENT": "researcher"}}):
        err = ws.run("doctor.py", "--repair", *how.get("args", ()), env=how.get("env"), expect=1).err
        assert "subagent:researcher" in err and "nothing was changed" in err and len(err.strip().splitlines()) == 1
        assert ws.commits() == commits and (ws.store / "index.json").read_text() == "{broken"
        assert not list((ws.side / ".cache").glob("damaged-index-*"))
    assert ws.run("doctor.py", "--actor", "researcher", expect=3).out.startswith("problems found")  # reading is fine
    ws.run("doctor.py", "--repair")
    assert ws.commits() != commits


# ------------------------------------------------------------------ 17: the smaller ones

@pytest.mark.parametrize("created", ["2999-01-01", "2026-03-13T15:00:01Z", "2026-06-01T00:00:00+02:00"])
def test_a_created_in_the_future_is_one_line_exit_1_and_nothing_written(ws, created):
    ws.remember("User likes green tea", now="2026-03-11T15:00:00Z")
    before = _state(ws)
    lines = json.dumps({"content": "An old memory"}) + "\n" + json.dumps({"content": "Trip", "created": created})
    err = ws.run("remember.py", "--jsonl", "-", input=lines, now="2026-03-11T15:00:00Z", expect=1).err
    assert "line 2" in err and "in the future" in err and len(err.strip().splitlines()) == 1, err
    assert _state(ws) == before


def test_a_created_up_to_a_day_ahead_is_accepted_and_the_past_is_as_ever(ws):
    lines = "".join(json.dumps({"content": text, "created": created}) + "\n" for text, created in (
        ("Met Ana at the station", "2026-03-12T14:00:00Z"), ("Met Ben at the harbour", "2019-05-01")))
    ids = ws.json("remember.py", "--jsonl", "-", input=lines, now="2026-03-11T15:00:00Z")["ids"]
    assert [ws.memory(i)["created"] for i in ids] == ["2026-03-12T14:00:00Z", "2019-05-01T00:00:00Z"]


def test_an_encoded_signal_from_a_clock_ahead_is_dated_now(ws):
    record = {"id": "sig_0000000000000001", "session": "s1", "timestamp": "2999-01-01T10:00:00Z", "role": "user",
              "text": "Remember that the boat trip is on Saturday.", "source": "/t/s1.jsonl#m1"}
    (ws.side / "signals.jsonl").write_text(json.dumps(record) + "\n")
    assert ws.json("encode.py", "--auto", now="2026-03-11T15:00:00Z")["stored"] == 1
    stored = [m for m in ws.index()["memories"] if "boat trip" in m["content"]]
    assert [m["created"] for m in stored] == ["2026-03-11T15:00:00Z"]


@pytest.mark.parametrize("zero", ["-0", "-0.0", "-0e5", "0"])
def test_importance_minus_zero_is_zero(ws, zero):
    out = ws.run("remember.py", "The sky was grey", f"--importance={zero}").out
    assert "importance 0.00" in out and "-0" not in out
    memory = ws.index()["memories"][0]
    assert str(memory["importance"]) == "0.0" and str(memory["baseImportance"]) == "0.0"
    assert '"importance": -0' not in (ws.store / "index.json").read_text()


def test_a_binary_file_is_skipped_with_one_line_naming_it_and_the_rest_imported(ws, tmp_path):
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(bytes(range(256)) * 40 + os.urandom(4000))
    text = tmp_path / "notes.md"
    text.write_text("- User prefers window seats on trains\n")
    out = ws.run("import.py", str(binary), str(text), "--json")
    report = json.loads(out.out)
    assert report["added"] == 1 and report["skippedFiles"] == [{"file": str(binary), "reason": "binary"}]
    assert [line for line in out.err.splitlines() if "photo.jpg" in line and "not a text file" in line]
    assert len(out.err.strip().splitlines()) == 1
    assert [m["content"] for m in ws.index()["memories"]] == ["User prefers window seats on trains"]


def test_only_binary_files_is_one_line_exit_1_and_nothing_written(ws, tmp_path):
    binary = tmp_path / "archive.bin"
    binary.write_bytes(b"PK\x03\x04" + bytes(range(256)) * 50)
    latin = tmp_path / "latin.txt"  # not UTF-8, but text: read with its few bad bytes replaced
    latin.write_bytes("Caf\xe9 au lait every morning at eight\n".encode("latin-1"))
    before = _state(ws)
    err = ws.run("import.py", str(binary), expect=1).err
    assert "archive.bin" in err and "not a text file" in err and len(err.strip().splitlines()) == 1
    assert _state(ws) == before
    assert ws.json("import.py", str(latin))["added"] == 1


def test_a_folder_import_skips_an_oversized_paragraph_naming_file_and_item(ws, tmp_path):
    (ws.store / "config.yaml").write_text("max_content_bytes: 200\n")
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "a.md").write_text("- Always answer in British English\n")
    (folder / "b.md").write_text("- Tabs, never spaces\n\n- " + "very long rule " * 40 + "\n\n- Run the tests first\n")
    out = ws.run("import.py", str(folder), "--json")
    report = json.loads(out.out)
    assert report["added"] == 3 and report["skipped"] == 1
    warning = out.err.strip().splitlines()
    assert len(warning) == 1 and "b.md" in warning[0] and "item 2" in warning[0] and "limit is 200" in warning[0]
    contents = sorted(m["content"] for m in ws.index()["memories"])
    assert contents == ["Always answer in British English", "Run the tests first", "Tabs, never spaces"]


def test_import_of_a_memory_dated_in_the_future_skips_that_item(ws, tmp_path):
    export = tmp_path / "chatgpt.json"
    export.write_text(json.dumps([{"content": "User lives in Lisbon since 2019", "created_at": "2019-04-01"},
                                  {"content": "User will be the king of Mars", "created_at": "2999-01-01"}]))
    out = ws.run("import.py", str(export), "--json", now="2026-03-11T15:00:00Z")
    assert json.loads(out.out)["added"] == 1 and "item 2" in out.err and "in the future" in out.err
    assert [m["content"] for m in ws.index()["memories"]] == ["User lives in Lisbon since 2019"]


def test_a_daily_note_dated_in_the_future_is_skipped_by_import_notes_naming_it(ws):
    (ws.root / "memory").mkdir(exist_ok=True)  # OpenClaw's folder, its daily notes (and our memories')
    (ws.root / "memory" / "2026-03-10.md").write_text("- Walked the dog along the river\n")
    (ws.root / "memory" / "2999-01-01.md").write_text("- Flew to the moon for lunch\n")
    result = ws.run("import_notes.py", "--json", now="2026-03-11T15:00:00Z")
    assert json.loads(result.out)["added"] == 1
    assert "2999-01-01.md" in result.err and "in the future" in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert [m["content"] for m in ws.index()["memories"]] == ["Walked the dog along the river"]

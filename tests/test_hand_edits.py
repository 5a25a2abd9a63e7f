"""A person edits, adds and deletes memory files; scripts notice at once."""

import json
import os
import time
from datetime import date, timedelta


def test_edit_is_recalled_at_once_and_committed_as_manual(ws):
    memory_id = ws.remember("User prefers dark mode", "--domain", "user")
    path = ws.root / ws.memory(memory_id)["file"]
    path.write_text(path.read_text().replace("dark mode", "solarized light theme"))
    hits = ws.json("recall.py", "solarized")["results"]
    assert hits and hits[0]["id"] == memory_id and "solarized" in hits[0]["content"]
    commits = ws.commits()
    ws.remember("Unrelated fact about the moon", "--domain", "world")
    new = ws.commits()[: len(ws.commits()) - len(commits)]
    assert len(new) == 2 and new[1].startswith("manual: edited by hand: User prefers solarized")
    assert "Actor: manual" in ws.git("log", "-1", "--skip=1", "--format=%B")
    assert ws.memory(memory_id)["content"] == "User prefers solarized light theme"
    assert ws.git("status", "--porcelain") == ""
    audit = [line for line in ws.audit() if " | manual | " in line]
    assert len(audit) == 1 and memory_id in audit[0]


def test_frontmatter_edit_flows_back(ws):
    memory_id = ws.remember("Sam is the team lead", "--domain", "world")
    path = ws.root / ws.memory(memory_id)["file"]
    path.write_text(path.read_text().replace("domain: world", "domain: relationship").replace(
        "category: ", "importance: 1.0\nstatus: core\ncategory: people\nold_category: "))
    ws.run("decay.py")
    memory = ws.memory(memory_id)
    assert memory["domain"] == "relationship" and memory["category"] == "people"
    assert memory["baseImportance"] != 1.0  # weighted state is not smuggled through frontmatter


def test_new_file_and_deleted_file(ws):
    keep = ws.remember("User studies Portuguese", "--domain", "user")
    (ws.store / "user" / "ana.md").write_text("My sister Ana lives in Lisbon\n")
    hit = ws.json("recall.py", "sister Lisbon")["results"][0]
    assert hit["file"] == "memory/user/ana.md"
    os.unlink(ws.root / ws.memory(keep)["file"])
    assert ws.json("recall.py", "Portuguese")["results"] == []
    ws.run("decay.py")
    added = next(m for m in ws.index()["memories"] if m.get("file") == "memory/user/ana.md")
    assert added["source"] == "manual:memory/user/ana.md"
    assert ws.memory(keep)["status"] == "archived"
    assert ws.git("status", "--porcelain") == ""
    assert (ws.store / "user" / "ana.md").read_text() == "My sister Ana lives in Lisbon\n"


def test_secret_in_a_hand_edit_is_redacted_before_commit(ws):
    (ws.store / "world" / "keys.md").write_text("AWS key AKIAIOSFODNN7EXAMPLE for backups\n")
    ws.run("decay.py")
    assert "AKIAIOSFODNN7EXAMPLE" not in ws.git("log", "-p")
    assert "[REDACTED:aws-access-key]" in (ws.store / "world" / "keys.md").read_text()


def test_broken_yaml_degrades_with_one_warning(ws):
    memory_id = ws.remember("User likes chess", "--domain", "user")
    path = ws.root / ws.memory(memory_id)["file"]
    path.write_text("---\nid: [unclosed\n---\nUser likes go\n")
    result = ws.run("recall.py", "chess", "--json")
    assert result.err.count("warning") == 1 and "not valid YAML" in result.err
    assert '"User likes chess"' in result.out
    smuggle = ws.store / "user" / "evil.md"
    smuggle.write_text("---\nid: !!python/object/apply:os.system ['touch /tmp/hippo-pwned']\n---\nhi\n")
    ws.run("recall.py", "hi", expect=0)
    assert not os.path.exists("/tmp/hippo-pwned")


def test_unchanged_files_are_not_rehashed(ws):
    """Stat first: a second look at unchanged files hashes none of them."""
    from datetime import datetime, timezone
    from hippocampus.store import reconcile
    from hippocampus.store.workspace import Workspace

    for n in range(5):
        ws.remember(f"Fact {n} about chess openings", "--domain", "world")
    workspace = Workspace.open(ws.root, datetime(2026, 3, 11, 15, 0, tzinfo=timezone.utc))
    cache = workspace.reader_cache()
    again = reconcile.scan(ws.root, workspace.paths, cache.manifest(), cache.known_files())
    assert again.manifest_updates == {} and not again.changed
    target = ws.root / ws.index()["memories"][0]["file"]
    target.write_text(target.read_text() + "\nand the Sicilian defence\n")
    changed = reconcile.scan(ws.root, workspace.paths, cache.manifest(), cache.known_files())
    assert list(changed.manifest_updates) == [ws.index()["memories"][0]["file"]]
    assert len(changed.modified) == 1


def test_writer_keeps_the_folder_print_current(ws):
    """After a write, the next reader finds the print matching and reads nothing."""
    from hippocampus.store import reconcile
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store.search_cache import SearchCache

    ws.remember("First fact about owls", "--domain", "world")
    ws.run("recall.py", "owls")  # a reader records the print
    ws.remember("Second fact about owls", "--domain", "world")
    ws.run("forget.py", "--purge", ws.index()["memories"][0]["id"])
    paths = WorkspacePaths(ws.root)
    cache = SearchCache.open(paths.search_db)
    current = str(reconcile.fingerprint(reconcile.list_memory_files(paths)))
    assert cache.meta("files_print") == current
    assert cache.meta("index_files_print") == current


def test_a_renamed_file_is_noticed(ws):
    memory_id = ws.remember("Owls hunt at night", "--domain", "world")
    old = ws.root / ws.memory(memory_id)["file"]
    ws.run("recall.py", "owls")
    new = old.with_name("owls-renamed.md")
    old.rename(new)
    hit = ws.json("recall.py", "owls")["results"][0]
    assert hit["file"] == "memory/world/owls-renamed.md"
    ws.remember("Unrelated fact about the moon", "--domain", "world")
    assert ws.memory(memory_id)["file"] == "memory/world/owls-renamed.md"  # a move keeps the id


def _large_folder(ws, extra: list[str], now: str | None = None) -> list[str]:
    """More than LOOK_LATER_OVER (1000) memories in memory/world; returns the ids of `extra`."""
    lines = [json.dumps({"content": f"Filler fact number {word} about nothing much", "domain": "world"})
             for word in (f"w{i:04d}x" for i in range(1001))]
    lines += [json.dumps({"content": text, "domain": "world"}) for text in extra]
    out = ws.run("remember.py", "--jsonl", "-", "--json", input="\n".join(lines) + "\n", now=now).out
    return json.loads(out)["ids"][-len(extra):]


def _edit_in_place(path, old: str, new: str) -> None:
    """Save as VS Code or `>>` do: same file, same inode, the folder's stat untouched."""
    text = path.read_text().replace(old, new)
    with open(path, "r+", encoding="utf-8") as handle:
        handle.write(text)
        handle.truncate()


def test_recall_in_a_large_folder_lists_it_now_and_then_but_never_shows_a_stale_file(ws):
    kettle, garden = _large_folder(ws, ["The blue kettle whistles loudly", "The garden has tall sunflowers"])
    folder = ws.store / "world"
    assert ws.json("recall.py", "kettle")["results"][0]["id"] == kettle  # this look lists every file
    # an edit in place of a memory recall returns is checked before it is shown
    _edit_in_place(ws.root / ws.memory(kettle)["file"], "blue kettle", "copper kettle")
    hit = ws.json("recall.py", "kettle")["results"][0]
    assert hit["id"] == kettle and "copper kettle" in hit["content"]
    # an edit in place elsewhere in the large folder waits for the next look at it ...
    _edit_in_place(ws.root / ws.memory(garden)["file"], "tall sunflowers", "tall sunflowers and a quince tree")
    assert ws.json("recall.py", "quince")["results"] == []
    # ... which is at once when a file comes, goes or is renamed there
    (folder / "hand-note.md").write_text("Ravens nest in the old oak\n")
    assert ws.json("recall.py", "quince")["results"][0]["id"] == garden
    assert ws.json("recall.py", "ravens")["results"][0]["file"] == "memory/world/hand-note.md"
    # ... or once recall.hand_edit_look_seconds have passed
    _edit_in_place(ws.root / ws.memory(garden)["file"], "quince tree", "quince tree and a medlar")
    assert ws.json("recall.py", "medlar")["results"] == []
    (ws.store / "config.yaml").write_text("recall:\n  hand_edit_look_seconds: 1\n")
    ws.git("commit", "-q", "-m", "config", "--", "memory/config.yaml")
    time.sleep(1.1)
    assert ws.json("recall.py", "medlar")["results"][0]["id"] == garden
    # the next writer commits it as a person's
    ws.remember("Unrelated fact about the moon", "--domain", "user")
    assert ws.commits()[1] == "manual: hand edits picked up: 2 edited, 1 added"
    assert ws.memory(garden)["content"] == "The garden has tall sunflowers and a quince tree and a medlar"
    assert ws.git("status", "--porcelain") == ""


def test_recall_with_the_look_switched_off_sees_every_edit_in_place_at_once(ws):
    (ws.store / "config.yaml").write_text("recall:\n  hand_edit_look_seconds: 0\n")
    ws.git("add", "memory/config.yaml")
    ws.git("commit", "-q", "-m", "config", "--", "memory/config.yaml")
    _kettle, garden = _large_folder(ws, ["The blue kettle whistles loudly", "The garden has tall sunflowers"])
    assert ws.json("recall.py", "kettle")["results"]
    _edit_in_place(ws.root / ws.memory(garden)["file"], "tall sunflowers", "tall sunflowers and a quince tree")
    assert ws.json("recall.py", "quince")["results"][0]["id"] == garden


def test_a_writer_never_builds_unseen_on_an_edit_in_place_in_a_large_folder(ws):
    """remember lists a large folder only now and then too; a daily log it appends to
    there is checked first, and an unseen edit stops it with nothing written."""
    lines = []
    for day in range(1002):  # 1,002 daily logs
        created = (date(2020, 1, 1) + timedelta(days=day)).isoformat() + "T09:00:00Z"
        lines.append(json.dumps({"content": f"Log line {day} about errands", "store": "episodic",
                                 "created": created}))
    ws.run("remember.py", "--jsonl", "-", input="\n".join(lines) + "\n")
    assert len(list((ws.store / "episodes").glob("*.md"))) == 1002
    ws.remember("A fact about coffee", "--domain", "user")  # a writer's look at every file
    log = ws.store / "episodes" / "2022-03-05.md"
    _edit_in_place(log, "about errands", "about errands and the plumber")
    before = ws.commits()
    # a writer elsewhere goes on; the edit waits for the next look
    ws.remember("A fact about tea", "--domain", "user", now="2024-06-01T10:00:00Z")
    assert ws.git("status", "--porcelain").strip() == "M memory/episodes/2022-03-05.md"
    # a writer appending to that very log stops, nothing written
    result = ws.run("remember.py", "Fixed the sink", "--store", "episodic", now="2022-03-05T18:00:00Z", expect=3)
    assert "was edited by hand a moment ago; nothing was written: run the command again" in result.err
    assert "Fixed the sink" not in log.read_text() and len(ws.commits()) == len(before) + 1
    # run again: the edit is taken in first, as a person's, then the entry is appended
    ws.run("remember.py", "Fixed the sink", "--store", "episodic", now="2022-03-05T18:00:00Z")
    assert ws.commits()[1].startswith("manual:") and ws.commits()[0] == "remember: Fixed the sink"
    assert "the plumber" in log.read_text() and "Fixed the sink" in log.read_text()
    assert ws.json("recall.py", "plumber")["results"][0]["file"] == "memory/episodes/2022-03-05.md"
    assert ws.git("status", "--porcelain") == ""


def _recorded_look(ws) -> dict:
    import sqlite3
    with sqlite3.connect(ws.side / ".cache" / "search.sqlite") as db:
        look = json.loads(db.execute("SELECT value FROM meta WHERE key='files_look'").fetchone()[0])
        printed = db.execute("SELECT value FROM meta WHERE key='files_print'").fetchone()[0]
    return {"folders": look["folders"], "print": printed}


def _look_now(ws) -> dict:
    from hippocampus.store import look, reconcile
    from hippocampus.base.paths import WorkspacePaths
    stats = reconcile.list_memory_files(WorkspacePaths(ws.root))
    return {"folders": json.loads(look.stamp(stats, 0.0))["folders"], "print": str(reconcile.fingerprint(stats))}


def test_a_writer_that_skipped_a_large_folder_records_the_look_a_full_listing_would(ws):
    _large_folder(ws, ["The blue kettle whistles loudly"])
    ws.remember("A first fact about tea", "--domain", "world")  # lists every file
    assert _recorded_look(ws) == _look_now(ws)
    memory_id = ws.remember("A second fact about tea", "--domain", "world")  # skips memory/world, adds to it
    assert _recorded_look(ws) == _look_now(ws)
    assert _recorded_look(ws)["folders"]["world"][0] == 1004
    ws.run("recall.py", "tea", "--reinforce")  # reinforces (no file written) with the same skip
    assert _recorded_look(ws) == _look_now(ws)
    ws.run("forget.py", memory_id, "--purge")  # skips memory/world too, and deletes a file in it
    assert _recorded_look(ws) == _look_now(ws)
    assert _recorded_look(ws)["folders"]["world"][0] == 1003
    ws.run("decay.py", now="2026-12-02T03:00:00Z")  # the scheduled job lists every file
    assert _recorded_look(ws) == _look_now(ws)


def test_writers_skipping_a_large_folder_never_put_off_its_next_listing(ws):
    (ws.store / "config.yaml").write_text("recall:\n  hand_edit_look_seconds: 2\n")
    ws.git("add", "memory/config.yaml")
    ws.git("commit", "-q", "-m", "config", "--", "memory/config.yaml")
    _kettle, garden = _large_folder(ws, ["The blue kettle whistles loudly", "The garden has tall sunflowers"])
    ws.remember("A first fact about tea", "--domain", "user")  # lists every file
    _edit_in_place(ws.root / ws.memory(garden)["file"], "tall sunflowers", "tall sunflowers and a quince tree")
    time.sleep(1.0)
    ws.remember("A second fact about tea", "--domain", "user")  # skips memory/world: the edit waits
    time.sleep(1.2)
    ws.remember("A third fact about tea", "--domain", "user")  # 2 s after the listing: lists it again
    assert ws.memory(garden)["content"] == "The garden has tall sunflowers and a quince tree"
    assert any(subject.startswith("manual:") for subject in ws.commits()[:3])
    assert ws.git("status", "--porcelain") == ""


def test_the_daily_decay_commits_an_edit_in_place_that_writers_skipped(ws):
    day = "2026-12-01T10:00:00Z"  # (the look's 30 s run on the real clock; the memories' days on this one)
    _kettle, garden = _large_folder(ws, ["The blue kettle whistles loudly", "The garden has tall sunflowers"], now=day)
    ws.remember("A first fact about tea", "--domain", "user", now=day)  # lists every file
    _edit_in_place(ws.root / ws.memory(garden)["file"], "tall sunflowers", "tall sunflowers and a quince tree")
    ws.run("reinforce.py", _kettle, now=day)  # any writer but the scheduled ones skips memory/world within 30 s
    assert ws.git("status", "--porcelain").strip() == f"M {ws.memory(garden)['file']}"
    ws.run("decay.py", now="2026-12-02T03:00:00Z")
    assert ws.memory(garden)["content"] == "The garden has tall sunflowers and a quince tree"
    assert any(subject.startswith("manual:") for subject in ws.commits()[:3])
    assert ws.git("status", "--porcelain") == ""


def test_a_hand_edit_of_the_config_is_committed_as_manual(ws):
    config = ws.store / "config.yaml"
    config.write_text(config.read_text() + "\nrecall:\n  related_words:\n    standup: [sync]\n")
    ws.remember("Daily sync with the platform team at 9:30", "--domain", "world")
    subjects = ws.commits()
    assert subjects[1] == "manual: edited by hand: memory/config.yaml"
    assert subjects[0].startswith("remember:")
    assert "memory/config.yaml" in ws.git("show", "--name-only", "--format=", "HEAD~1")
    assert ws.git("status", "--porcelain") == ""
    assert [l for l in ws.audit() if "memory/config.yaml" in l][-1].split(" | ")[1] == "manual"


def _thirty_in_user(ws) -> list[str]:
    lines = [json.dumps({"content": f"User fact number {n} about allotment plot{n}", "domain": "user"})
             for n in range(30)]
    return json.loads(ws.run("remember.py", "--jsonl", "-", "--json", input="\n".join(lines) + "\n").out)["ids"]


def _live_and_tracked(ws, ids: list[str]) -> tuple[int, int]:
    memories = {m["id"]: m for m in ws.index()["memories"]}
    tracked = set(ws.git("ls-files", "--", "memory").split())
    return (sum(memories[i]["status"] != "archived" for i in ids),
            sum(memories[i]["file"] in tracked for i in ids))


def test_a_folder_renamed_away_and_back_keeps_its_memories(ws):
    ids = _thirty_in_user(ws)
    files = {i: ws.memory(i)["file"] for i in ids}
    folder = ws.store / "user"
    folder.rename(folder.with_name("user.away"))
    ws.remember("The harbour opens at six", "--domain", "world")  # a writer while the folder is away
    assert _live_and_tracked(ws, ids) == (0, 0)  # gone for all it could tell: archived as deleted by hand
    folder.with_name("user.away").rename(folder)
    ws.remember("The ferry leaves at seven", "--domain", "world")  # the next writer: they are back
    assert _live_and_tracked(ws, ids) == (30, 30)
    assert {i: ws.memory(i)["file"] for i in ids} == files  # the same memories, same ids, same files
    assert all("archivedBecause" not in ws.memory(i) for i in ids)
    assert ws.commits()[1] == "manual: hand edits picked up: 30 back again"
    assert ws.git("status", "--porcelain") == ""
    assert ws.json("recall.py", "allotment plot17")["results"][0]["id"] == ids[17]
    assert ws.json("doctor.py")["healthy"]


def test_a_file_back_elsewhere_with_its_id_is_the_same_memory(ws):
    memory_id = ws.remember("User keeps bees on the roof", "--domain", "user")
    path = ws.root / ws.memory(memory_id)["file"]
    kept = path.read_bytes()
    path.unlink()
    ws.remember("The harbour opens at six", "--domain", "world")
    assert ws.memory(memory_id)["archivedBecause"] == "file deleted by hand"
    count = len(ws.index()["memories"])
    (ws.store / "world" / "bees.md").write_bytes(kept)  # its frontmatter names it
    ws.remember("The ferry leaves at seven", "--domain", "world")
    memory = ws.memory(memory_id)
    assert memory["status"] != "archived" and memory["file"] == "memory/world/bees.md"
    assert len(ws.index()["memories"]) == count + 1  # the ferry; no second copy of the bees
    assert ws.git("status", "--porcelain") == ""
    assert ws.json("recall.py", "bees roof")["results"][0]["id"] == memory_id


def test_a_folder_flipping_away_and_back_while_writers_run_loses_no_memory(ws):
    """The race of the issue: renamed away and back every few milliseconds while
    writers run. Once it is home, the next writer leaves all of them live and in git."""
    import threading
    ids = _thirty_in_user(ws)
    folder, away = ws.store / "user", ws.store / "user.away"
    stop = threading.Event()

    def flip() -> None:
        while not stop.is_set():
            folder.rename(away)
            time.sleep(0.02)
            away.rename(folder)
            time.sleep(0.03)

    flipper = threading.Thread(target=flip)
    flipper.start()
    try:
        for n in range(8):
            ws.remember(f"Writer fact {n} about the harbour", "--domain", "world")
    finally:
        stop.set()
        flipper.join()
    ws.remember("A last writer with the folder home", "--domain", "world")
    assert _live_and_tracked(ws, ids) == (30, 30)
    assert ws.git("status", "--porcelain") == ""


def test_a_writer_that_rebuilt_the_search_cache_leaves_the_look_for_the_next(ws):
    """A writer that found the search cache behind index.json (a copy, a fresh clone, a bulk import's
    store) rebuilt it but left no print of the memory files: the next writer listed and scanned
    every file again (5.1 s at 100,000 memories, then 0.7 s). The rebuilt cache keeps the print."""
    import sqlite3
    for n in range(3):
        ws.remember(f"Fact number {n} about the harbour", now="2026-03-01T10:00:00Z")
    (ws.cache / "search.sqlite").unlink()  # behind index.json, as a copy's or a clone's is
    ws.remember("The ferry leaves at nine", now="2026-03-01T11:00:00Z")

    def meta() -> dict:
        with sqlite3.connect(ws.cache / "search.sqlite") as db:
            return dict(db.execute("SELECT key, value FROM meta WHERE key LIKE '%files_print'"))
    after = meta()
    assert after["files_print"] and after["index_files_print"] == after["files_print"]
    edited = next(p for p in (ws.store / "world").glob("*.md") if "ferry" in p.read_text(encoding="utf-8"))
    edited.write_text(edited.read_text(encoding="utf-8").replace("nine", "ten"), encoding="utf-8")
    ws.remember("The harbour opens at six", now="2026-03-01T12:00:00Z")  # the edit is still seen
    assert any("ferry leaves at ten" in m["content"] for m in ws.index()["memories"])
    assert ws.git("log", "-1", "--format=%s", "HEAD~1").startswith("manual")


def _look_for(ws, seconds: int) -> None:
    (ws.store / "config.yaml").write_text(f"recall:\n  hand_edit_look_seconds: {seconds}\n")
    ws.git("add", "memory/config.yaml")
    ws.git("commit", "-q", "-m", "config", "--", "memory/config.yaml")


def test_an_entry_appended_by_hand_is_taken_in_with_a_look_at_its_folder_alone(ws):
    """A writer that finds a daily log appended to by hand compares the folders that changed since
    the last writer, not every file (at 100,000 memories: every memory parsed, ~3 s a call, twice):
    an edit in place in a large folder it skips waits for the next full look, as for any writer."""
    day = "2026-03-11T15:00:00Z"
    _look_for(ws, 3600)  # (the look's seconds run on the real clock: none pass in this test)
    garden, = _large_folder(ws, ["The garden has tall sunflowers"], now=day)
    ws.remember("First entry of the day", "--store", "episodic", now=day)
    log = ws.store / "episodes" / "2026-03-11.md"
    garden_file = ws.memory(garden)["file"]
    _edit_in_place(ws.root / garden_file, "tall sunflowers", "tall sunflowers and a quince tree")
    with open(log, "a", encoding="utf-8") as handle:
        handle.write("\n## 15:05\nThe plumber came by at noon\n")
    ws.remember("A fact about tea", "--domain", "user", now=day)
    assert ws.commits()[:2] == ["remember: A fact about tea", "manual: added by hand: The plumber came by at noon"]
    assert ws.git("status", "--porcelain").strip() == f"M {garden_file}"  # not looked at: it waits
    assert ws.json("recall.py", "plumber", now=day)["results"][0]["file"] == "memory/episodes/2026-03-11.md"
    with open(log, "a", encoding="utf-8") as handle:  # the next entry, after a take-in: the same
        handle.write("\n## 15:10\nThe plumber fixed the sink\n")
    ws.remember("A fact about coffee", "--domain", "user", now=day)
    assert ws.commits()[1] == "manual: added by hand: The plumber fixed the sink"
    assert ws.git("status", "--porcelain").strip() == f"M {garden_file}"
    ws.run("decay.py", now="2026-03-12T03:00:00Z")  # the scheduled job's full look takes the edit in
    assert ws.memory(garden)["content"] == "The garden has tall sunflowers and a quince tree"
    assert ws.git("status", "--porcelain") == ""


def test_an_edit_a_reader_saw_in_a_large_folder_is_taken_in_by_the_writer_that_skips_it(ws):
    """A reader's look that saw an edit in place vouches for the folder to the next writer, which
    skips it; that it is not as the last writer left it sends the writer to every file."""
    day = "2026-03-11T15:00:00Z"
    _look_for(ws, 3600)
    garden, = _large_folder(ws, ["The garden has tall sunflowers"], now=day)
    ws.remember("A fact about tea", "--domain", "user", now=day)  # the last writer's look
    _edit_in_place(ws.root / ws.memory(garden)["file"], "tall sunflowers", "tall sunflowers and a quince tree")
    (ws.store / "world" / "hand-note.md").write_text("Ravens nest in the old oak\n")
    assert ws.json("recall.py", "quince", now=day)["results"][0]["id"] == garden  # lists memory/world
    ws.remember("A fact about coffee", "--domain", "user", now=day)  # skips memory/world: as the reader saw it
    assert ws.commits()[1] == "manual: hand edits picked up: 1 edited, 1 added"
    assert ws.memory(garden)["content"] == "The garden has tall sunflowers and a quince tree"
    assert ws.git("status", "--porcelain") == ""

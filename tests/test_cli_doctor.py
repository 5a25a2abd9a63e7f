import pytest


def test_healthy_workspace(ws):
    ws.remember("User likes chess", "--domain", "user")
    out = ws.json("doctor.py")
    assert out["healthy"] and out["problems"] == []


def test_repair_rebuilds_a_truncated_index_from_git_and_markdown(ws):
    a = ws.remember("User likes chess", "--domain", "user")
    b = ws.remember("User likes go", "--domain", "user")
    ws.run("reinforce.py", a)
    path = ws.store / "index.json"
    # a hand edit after the last commit must survive too
    file_b = ws.root / ws.memory(b)["file"]
    file_b.write_text(file_b.read_text().replace("likes go", "likes go and shogi"))
    path.write_text('{"version": 2, "memories": [{"id": ')
    assert ws.run("doctor.py", expect=3).returncode == 3
    out = ws.json("doctor.py", "--repair")
    assert out["healthy"], out
    ids = {m["id"]: m for m in ws.index()["memories"]}
    assert ids[a]["timesReinforced"] == 1
    assert ids[b]["content"] == "User likes go and shogi"
    assert ws.commits()[0].startswith("repair:")
    assert ws.json("recall.py", "shogi")["results"][0]["id"] == b


def test_doctor_reports_cache_state_and_pending_hand_edits(ws):
    ws.remember("User likes chess", "--domain", "user")
    (ws.store / "user" / "new.md").write_text("A note dropped in by hand\n")
    (ws.side / ".cache" / "search.sqlite").write_bytes(b"garbage" * 200)
    out = ws.json("doctor.py")
    assert out["healthy"]
    notes = " ".join(out["notes"])
    assert "search cache is damaged" in notes and "1 new files" in notes


def test_repair_from_markdown_alone_restores_every_store_with_its_ids(ws):
    import shutil
    episodes = [ws.remember(f"Episode {n} about the garden", "--store", "episodic", now=f"2026-03-0{n}T10:00:00Z")
                for n in (1, 2)]
    procedure = ws.remember("Water plants\n1. Fill the can\n2. Water", "--store", "procedural")
    pinned = ws.remember("Allergic to bees", "--pin")
    semantic = ws.remember("Ana lives in Lisbon", "--domain", "world")
    before = {m["id"]: m for m in ws.index()["memories"]}
    shutil.rmtree(ws.root / ".git")  # no history to repair from: the markdown is all there is
    shutil.rmtree(ws.side / ".cache")
    (ws.store / "index.json").write_text("{broken")
    ws.git("init", "-q")
    assert "markdown files only" in ws.run("doctor.py", "--repair").out
    after = {m["id"]: m for m in ws.index()["memories"]}
    assert set(after) == {*episodes, procedure, pinned, semantic}
    for memory_id in after:
        assert after[memory_id]["store"] == before[memory_id]["store"]
        assert after[memory_id]["file"] == before[memory_id]["file"]
        assert after[memory_id]["content"] == before[memory_id]["content"]
    assert after[episodes[0]]["created"] == "2026-03-01T10:00:00Z" and after[pinned]["pinned"] is True
    assert ws.json("recall.py", "garden")["results"][0]["id"] in episodes


def test_doctor_names_uncommitted_paths_whole(ws):
    # a tracked file edited (git status prints " M path": the first line starts with a space)
    # and a new one whose name has spaces (quoted by git status unless -z)
    with open(ws.side / ".gitignore", "a") as handle:
        handle.write("scratch/\n")
    (ws.side / "notes with space.txt").write_text("mine\n")
    notes = " ".join(ws.json("doctor.py")["notes"])
    assert "uncommitted changes of ours: hippocampus/.gitignore, hippocampus/notes with space.txt" in notes


def test_repair_revives_memories_whose_files_came_back_after_being_archived_as_deleted(ws):
    """The state a folder renamed away and back left before writers revived it: its
    memories archived as "file deleted by hand", their files back but untracked, and
    the last writer's look vouching for the files as they are (so no write rescans)."""
    import json
    from hippocampus.base.paths import WorkspacePaths
    from hippocampus.store import reconcile
    from hippocampus.store.search_cache import SearchCache
    lines = [json.dumps({"content": f"User fact number {n} about allotment plot{n}", "domain": "user"})
             for n in range(5)]
    ids = json.loads(ws.run("remember.py", "--jsonl", "-", "--json", input="\n".join(lines) + "\n").out)["ids"]
    folder = ws.store / "user"
    folder.rename(folder.with_name("user.away"))
    ws.remember("The harbour opens at six", "--domain", "world")
    folder.with_name("user.away").rename(folder)
    paths = WorkspacePaths(ws.root)
    cache = SearchCache.open(paths.search_db)
    cache.set_meta("index_files_print", str(reconcile.fingerprint(reconcile.list_memory_files(paths))))
    cache.close()
    ws.remember("The ferry leaves at seven", "--domain", "world")
    assert all(ws.memory(i)["status"] == "archived" for i in ids)
    report = ws.json("doctor.py", expect=3)
    assert any("5 memory files are back" in problem for problem in report["problems"]), report
    assert ws.json("doctor.py", "--repair")["healthy"]
    assert all(ws.memory(i)["status"] != "archived" for i in ids)
    assert ws.git("status", "--porcelain") == ""
    assert ws.json("recall.py", "allotment plot3")["results"][0]["id"] == ids[3]


def test_repair_commits_a_live_memory_file_git_does_not_track(ws):
    memory_id = ws.remember("User likes chess", "--domain", "user")
    ws.git("rm", "-q", "--cached", "--", ws.memory(memory_id)["file"])
    ws.git("commit", "-q", "-m", "untracked by hand")
    report = ws.json("doctor.py", expect=3)
    assert any("git does not track (1)" in problem for problem in report["problems"]), report
    assert ws.json("doctor.py", "--repair")["healthy"]
    assert ws.memory(memory_id)["file"] in ws.git("ls-files").split()
    assert ws.git("status", "--porcelain") == ""


def test_doctor_finds_memories_out_of_their_place_and_repair_moves_them(ws):
    """What an index.json edited by hand, or a plain `git pull` git paired by likeness, can
    leave: a forgotten memory whose file is still in memory/ (OpenClaw's search serves it)
    and a live one whose file is in the archive (its search never finds it)."""
    import json
    kept = ws.remember("User keeps bees on the allotment", "--domain", "user")
    brought_back = ws.remember("User's locker code at the pool is 4312", "--domain", "user")
    ws.run("forget.py", brought_back)
    live_file = ws.memory(kept)["file"]
    archived_file = ws.memory(brought_back)["file"]
    assert live_file.startswith("memory/") and archived_file.startswith("hippocampus/archive/")
    index = json.loads((ws.store / "index.json").read_text())
    for memory in index["memories"]:
        if memory["id"] == kept:
            memory.update(status="archived", importance=0.0, archivedBecause="forgotten")
        elif memory["id"] == brought_back:
            memory.update(status="active", importance=0.6)
            memory.pop("archivedBecause", None)
    (ws.store / "index.json").write_text(json.dumps(index, indent=1))
    ws.git("commit", "-q", "-am", "index edited by hand")
    report = ws.json("doctor.py", expect=3)
    assert any(problem.startswith("2 memories are not where their state puts them") and kept in problem
               and brought_back in problem for problem in report["problems"]), report
    assert ws.json("doctor.py", "--repair")["healthy"]
    assert ws.memory(kept)["file"] == "hippocampus/archive/" + live_file[len("memory/"):]
    assert ws.memory(brought_back)["file"] == "memory/" + archived_file[len("hippocampus/archive/"):]
    assert (ws.root / ws.memory(brought_back)["file"]).exists() and not (ws.root / live_file).exists()
    assert ws.git("status", "--porcelain") == ""
    assert ws.json("doctor.py")["healthy"]


@pytest.mark.parametrize("store", ["semantic", "episodic"])
def test_a_memory_whose_file_is_where_its_state_puts_it_is_not_misplaced_whatever_its_index_names(ws, store):
    """A store an older version left (tests/test_sync_purge.py builds it): a forgotten memory's file (or
    daily log entry) in the archive, where it belongs, its index entry still naming memory/ (there, the
    day's log holds the other entries). No file is out of its place: doctor must not say one is
    (--repair could not move what is not there, and doctor would answer 3 for ever)."""
    now = "2026-11-01T10:00:00Z"
    forgotten = ws.json("remember.py", "Quorvath fixes bicycles on tuesdays", "--store", store, now=now)["id"]
    ws.json("remember.py", "Walked the dog along the canal with Hugo", "--store", store, now=now)
    ws.run("forget.py", forgotten, now=now)
    archived = ws.memory(forgotten)["file"]
    assert archived.startswith("hippocampus/archive/")
    index = ws.store / "index.json"
    index.write_text(index.read_text().replace(archived, "memory/" + archived[len("hippocampus/archive/"):]))
    ws.git("commit", "-q", "-m", "an index from before", "--", "memory/index.json")
    report = ws.json("doctor.py", expect=None)
    assert not any("not where their state puts them" in problem for problem in report["problems"]), report
    ws.json("doctor.py", "--repair")
    assert not any("not where their state puts them" in problem
                   for problem in ws.json("doctor.py", expect=None)["problems"])


def test_an_episode_brought_back_by_hand_is_out_of_its_place_and_repair_moves_its_entry(ws):
    import json
    now = "2026-11-01T10:00:00Z"
    back = ws.json("remember.py", "Met Zelda at the pier to talk about boats", "--store", "episodic", now=now)["id"]
    ws.json("remember.py", "Walked the dog along the canal with Hugo", "--store", "episodic", now=now)
    ws.run("forget.py", back, now=now)
    assert ws.memory(back)["file"].startswith("hippocampus/archive/episodes/")
    index = json.loads((ws.store / "index.json").read_text())
    for memory in index["memories"]:
        if memory["id"] == back:
            memory.update(status="active", importance=0.6)
            memory.pop("archivedBecause", None)
    (ws.store / "index.json").write_text(json.dumps(index, indent=1))
    ws.git("commit", "-q", "-am", "index edited by hand")
    report = ws.json("doctor.py", expect=3, now=now)
    assert any("not where their state puts them" in problem and back in problem for problem in report["problems"])
    ws.json("doctor.py", "--repair", now=now)
    assert ws.memory(back)["file"].startswith("memory/episodes/")
    assert back in (ws.root / ws.memory(back)["file"]).read_text()
    assert not any("not where their state puts them" in problem
                   for problem in ws.json("doctor.py", expect=None, now=now)["problems"])

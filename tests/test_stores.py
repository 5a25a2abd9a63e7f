"""Each store lands in its home and recalls: episodic daily logs, procedures, the vault."""

import re


def log_path(ws, day):
    return ws.store / "episodes" / f"{day}.md"


def test_episodic_memories_append_to_the_days_log_with_markers(ws):
    first = ws.remember("The nightly backup to the NAS failed", "--store", "episodic", now="2026-03-10T14:03:00Z")
    second = ws.remember("Restarted the NAS and the backup ran", "--store", "episodic", now="2026-03-10T18:20:00Z")
    other = ws.remember("Bought a new disk for the NAS", "--store", "episodic", now="2026-03-11T09:00:00Z")
    text = log_path(ws, "2026-03-10").read_text()
    assert text.startswith("# 2026-03-10\n")
    assert f"## 14:03 · {first}\nThe nightly backup to the NAS failed\n" in text
    assert text.index(first) < text.index(second)
    assert other in log_path(ws, "2026-03-11").read_text()
    memory = ws.memory(first)
    assert memory["store"] == "episodic" and memory["file"] == "memory/episodes/2026-03-10.md"
    assert memory["episode"] == "2026-03-10"
    hits = ws.json("recall.py", "backup failed", now="2026-03-12")["results"]
    assert hits[0]["id"] == first
    assert ws.git("status", "--porcelain") == ""


def test_episode_lines_that_look_like_headings_stay_inside_their_entry(ws):
    tricky = ws.remember("## not a new entry\n# nor this\n\\# nor this", "--store", "episodic",
                         now="2026-03-10T10:00:00Z")
    after = ws.remember("A plain entry after it", "--store", "episodic", now="2026-03-10T11:00:00Z")
    ws.remember("Something semantic", now="2026-03-10T12:00:00Z")  # a writer looks for hand edits
    assert ws.memory(tricky)["content"] == "## not a new entry\n# nor this\n\\# nor this"
    assert ws.memory(after)["content"] == "A plain entry after it"
    assert not any(c.startswith("manual") for c in ws.commits())
    assert ws.json("doctor.py")["healthy"]


def test_hand_edits_of_a_log_flow_back_entry_by_entry(ws):
    edited = ws.remember("The backup failed", "--store", "episodic", now="2026-03-10T14:03:00Z")
    deleted = ws.remember("Lunch was pasta", "--store", "episodic", now="2026-03-10T15:00:00Z")
    path = log_path(ws, "2026-03-10")
    text = path.read_text().replace("The backup failed", "The backup failed because the disk was full")
    text = re.sub(rf"\n## 15:00 · {deleted}\nLunch was pasta\n", "\n", text)
    text += "\n## 19:45\nWalked by the river with Sam\n"
    path.write_text(text)
    # readers see the edits at once
    assert ws.json("recall.py", "disk full", now="2026-03-11")["results"][0]["id"] == edited
    walk = ws.json("recall.py", "river walk", now="2026-03-11")["results"][0]
    assert walk["content"] == "Walked by the river with Sam"
    assert ws.json("recall.py", "pasta", now="2026-03-11")["results"] == []
    # the next writer commits them as manual, and marks the new entry
    ws.remember("Unrelated", now="2026-03-11")
    manual = [c for c in ws.commits() if c.startswith("manual:")]
    assert manual == ["manual: hand edits picked up: 1 edited, 1 added, 1 deleted"]
    assert ws.memory(edited)["content"] == "The backup failed because the disk was full"
    assert ws.memory(deleted)["status"] == "archived"
    assert ws.memory(deleted)["archivedBecause"] == "entry deleted by hand"
    assert f"## 19:45 · {walk['id']}\nWalked by the river" in path.read_text()
    new = ws.memory(walk["id"])
    assert new["store"] == "episodic" and new["created"] == "2026-03-10T19:45:00Z"
    assert ws.git("status", "--porcelain") == ""
    ws.remember("Another", now="2026-03-11")  # nothing more to pick up
    assert len([c for c in ws.commits() if c.startswith("manual:")]) == 1


def test_a_clones_first_recall_reads_a_changed_log_entry_redacted_and_the_rest_as_indexed(ws, tmp_path):
    """A reader compares a log entry by entry as it is, and redacts the log only when an entry
    is not the one index.json holds (a fresh clone of 100,000 entries in 562 logs: 18 s of redaction, to nothing)."""
    import subprocess
    from conftest import PERSON, Workspace
    changed = ws.remember("The zeppelin tour was booked", "--store", "episodic", now="2026-03-10T14:03:00Z")
    kept = ws.remember("The ferry left late", "--store", "episodic", now="2026-03-10T15:00:00Z")
    other = ws.remember("The tram was on time", "--store", "episodic", now="2026-03-11T09:00:00Z")
    subprocess.run(["git", "clone", "-q", "--", str(ws.root), str(tmp_path / "clone")], check=True,
                   capture_output=True, env={**PERSON})
    clone = Workspace(tmp_path / "clone")
    path = clone.store / "episodes" / "2026-03-10.md"
    path.write_text(path.read_text().replace("was booked", "was booked with key AKIAIOSFODNN7EXAMPLE"))
    hit = clone.json("recall.py", "zeppelin", now="2026-03-12")["results"][0]
    assert hit["id"] == changed and "[REDACTED:aws-access-key]" in hit["content"]
    assert "AKIAIOSFODNN7EXAMPLE" not in hit["content"]
    assert clone.json("recall.py", "ferry", now="2026-03-12")["results"][0]["id"] == kept
    assert clone.json("recall.py", "tram", now="2026-03-12")["results"][0]["id"] == other
    path.write_text(path.read_text().replace("The ferry left late\n", ""))  # an entry emptied: gone for readers
    assert clone.json("recall.py", "ferry", now="2026-03-12")["results"] == []


def test_no_redaction_runs_from_one_log_entry_into_the_next(ws, tmp_path):
    """An entry ending "... what the VPN password is" once let the redaction of the whole log
    take the next entry's heading with it: a writer that looked at the log archived the memory
    under it as deleted by hand. A log is redacted part by part (episodes.redacted)."""
    import subprocess
    from conftest import PERSON, Workspace
    asked = ws.remember("Dana asked what the VPN password is", "--store", "episodic", now="2026-03-10T10:00:00Z")
    lunch = ws.remember("Lunch with Ana at the harbour", "--store", "episodic", now="2026-03-10T11:00:00Z")
    subprocess.run(["git", "clone", "-q", "--", str(ws.root), str(tmp_path / "clone")], check=True,
                   capture_output=True, env={**PERSON})
    clone = Workspace(tmp_path / "clone")
    clone.remember("Bought a kayak", now="2026-03-12T09:00:00Z")  # a clone's first writer looks at every log
    assert clone.memory(lunch).get("status") != "archived"
    assert not any(c.startswith("manual:") for c in clone.commits())
    path = log_path(ws, "2026-03-10")  # a person edits the log: a writer reads it the whole way
    path.write_text(path.read_text().replace("Dana asked", "Dana from IT asked"))
    ws.remember("Bought a paddle", now="2026-03-12T10:00:00Z")
    assert ws.memory(asked)["content"] == "Dana from IT asked what the VPN password is"
    assert ws.memory(lunch).get("status") != "archived"
    assert ws.memory(lunch)["content"] == "Lunch with Ana at the harbour"
    assert f"## 11:00 · {lunch}\nLunch with Ana" in path.read_text()
    path.write_text(path.read_text().replace("at the harbour", "at the harbour, the VPN password is hunter2hunter2"))
    ws.remember("Bought a life vest", now="2026-03-12T11:00:00Z")  # a secret in an entry: that entry redacted
    assert "hunter2hunter2" not in path.read_text() and "hunter2hunter2" not in ws.git("log", "-p")
    assert ws.memory(lunch)["content"].startswith("Lunch with Ana at the harbour, the VPN password is [REDACTED")


def test_an_entry_copied_with_its_marker_gets_its_own_id(ws):
    original = ws.remember("Met Ana at the conference", "--store", "episodic", now="2026-03-10T10:00:00Z")
    block = f"\n## 10:00 · {original}\nMet Ana at the conference, again\n"
    other = log_path(ws, "2026-03-12")
    other.write_text("# 2026-03-12\n" + block)
    ws.remember("Unrelated", now="2026-03-13")
    copied = [m for m in ws.index()["memories"] if m.get("file") == "memory/episodes/2026-03-12.md"]
    assert len(copied) == 1 and copied[0]["id"] != original
    assert copied[0]["id"] in other.read_text() and original not in other.read_text()
    assert ws.memory(original)["status"] != "archived"
    ws.remember("Unrelated again", now="2026-03-13")
    assert len([c for c in ws.commits() if c.startswith("manual:")]) == 1


def test_purging_an_episode_removes_only_its_entry(ws):
    keep = ws.remember("Kept entry", "--store", "episodic", now="2026-03-10T10:00:00Z")
    gone = ws.remember("My bank PIN hint is the dog's birthday", "--store", "episodic", now="2026-03-10T11:00:00Z")
    ws.run("forget.py", gone, "--purge", now="2026-03-10T12:00:00Z")
    text = log_path(ws, "2026-03-10").read_text()
    assert "PIN" not in text and f"· {keep}\nKept entry" in text
    ws.remember("Unrelated", now="2026-03-11")
    assert not any(c.startswith("manual") for c in ws.commits())


def test_procedure_has_a_titled_file_with_steps_and_recalls_by_purpose(ws):
    result = ws.json("remember.py", "--title", "Deploy the web app", "--step", "Run the tests",
                     "--step", "Tag the release", "--step", "Push to production")
    assert result["file"] == "memory/procedures/deploy-the-web-app.md"
    text = (ws.root / result["file"]).read_text()
    assert "title: Deploy the web app" in text
    assert text.endswith("# Deploy the web app\n\n1. Run the tests\n2. Tag the release\n3. Push to production\n")
    memory = ws.memory(result["id"])
    assert memory["store"] == "procedural" and memory["category"] == "procedures"
    assert ws.json("recall.py", "how do I deploy the app")["results"][0]["id"] == result["id"]
    # a second procedure with the same title gets its own file
    again = ws.json("remember.py", "--title", "Deploy the web app", "1. Ask Sam\n2. Let Sam do it")
    assert again["file"] == f"memory/procedures/deploy-the-web-app-{again['id']}.md"


def test_procedure_needs_steps_and_title_is_only_for_procedures(ws):
    err = ws.run("remember.py", "--store", "procedural", "Just a title", expect=1).err
    assert "steps" in err and err.count("\n") == 1
    err = ws.run("remember.py", "--title", "T", "--store", "semantic", "x", expect=1).err
    assert "procedures" in err


def test_pinned_memory_lives_in_the_vault_and_never_fades(ws):
    pinned = ws.json("remember.py", "The user's daughter is called Mia", "--pin", now="2026-01-01")
    plain = ws.remember("The user once tried a standing desk", "--importance", "0.8", now="2026-01-01")
    assert pinned["file"] == "memory/vault/the-user-s-daughter-is-called-mia.md"
    before = ws.memory(pinned["id"])
    ws.run("decay.py", now="2027-01-01")
    after = ws.memory(pinned["id"])
    assert after["importance"] == before["importance"] and after["pinned"] is True
    assert after["store"] == "vault"
    assert ws.memory(plain)["importance"] < 0.8 * 0.99 ** 300
    core = ws.run("load_core.py", now="2027-01-01").out
    assert "daughter is called Mia" in core


def test_episodic_memories_fade_faster_than_semantic_ones(ws):
    episodic = ws.remember("Had coffee with Ana", "--store", "episodic", "--importance", "0.8", now="2026-01-01")
    semantic = ws.remember("Ana is a data engineer", "--importance", "0.8", now="2026-01-01")
    procedural = ws.remember("Release checklist\n1. freeze\n2. tag", "--store", "procedural",
                             "--importance", "0.8", now="2026-01-01")
    ws.run("decay.py", now="2026-01-31")
    values = [ws.memory(i)["importance"] for i in (episodic, semantic, procedural)]
    assert values[0] < values[1] < values[2]
    assert abs(values[1] - 0.8 * 0.99 ** 30) < 1e-4


def test_a_file_moved_into_the_vault_by_hand_becomes_pinned(ws):
    memory_id = ws.remember("The user's blood type is O negative", "--domain", "user")
    source = ws.root / ws.memory(memory_id)["file"]
    target = ws.store / "vault" / "blood-type.md"
    source.rename(target)
    ws.remember("Unrelated")
    memory = ws.memory(memory_id)
    assert memory["file"] == "memory/vault/blood-type.md"
    assert memory["store"] == "vault" and memory["pinned"] is True and memory["status"] != "archived"

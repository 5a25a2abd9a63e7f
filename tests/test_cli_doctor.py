def test_healthy_workspace(ws):
    ws.remember("User likes chess", "--domain", "user")
    out = ws.json("doctor.py")
    assert out["healthy"] and out["problems"] == []


def test_repair_rebuilds_a_truncated_index_from_git_and_markdown(ws):
    a = ws.remember("User likes chess", "--domain", "user")
    b = ws.remember("User likes go", "--domain", "user")
    ws.run("reinforce.py", a)
    path = ws.root / "memory" / "index.json"
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
    (ws.root / "memory" / "user" / "new.md").write_text("A note dropped in by hand\n")
    (ws.root / "memory" / ".cache" / "search.sqlite").write_bytes(b"garbage" * 200)
    out = ws.json("doctor.py")
    assert out["healthy"]
    notes = " ".join(out["notes"])
    assert "search cache is damaged" in notes and "1 new files" in notes

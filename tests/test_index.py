"""index.json: v1 compatibility, corrupt and foreign files, diff-friendliness."""

import json


def test_v1_index_is_read_and_migrated_losslessly(ws):
    v1 = {"version": 1, "lastUpdated": "2026-01-10T00:00:00Z", "decayLastRun": "2026-01-10T00:00:00Z",
          "memories": [{"id": "mem_001", "domain": "user", "category": "preferences",
                        "content": "User prefers dark mode", "importance": 0.72,
                        "created": "2026-01-01T00:00:00Z", "lastAccessed": "2026-01-05T00:00:00Z",
                        "timesReinforced": 2, "keywords": ["dark", "mode"], "customField": "kept"}]}
    (ws.store / "index.json").write_text(json.dumps(v1))
    hit = ws.json("recall.py", "dark mode", now="2026-01-10")["results"][0]
    assert hit["id"] == "mem_001" and abs(hit["importance"] - 0.72) < 1e-6
    ws.remember("Another fact about the moon", "--domain", "world", now="2026-01-10")
    migrated = ws.index()
    assert migrated["version"] == 2
    old = ws.memory("mem_001")
    for key, value in v1["memories"][0].items():
        if key != "importance":
            assert old[key] == value, key
    assert abs(old["importance"] - 0.72) < 1e-6 and old["baseImportance"] >= 0.72


def test_corrupt_index_exits_3_naming_doctor_and_is_left_alone(ws):
    path = ws.store / "index.json"
    path.write_bytes(path.read_bytes()[:20])
    damaged = path.read_bytes()
    for script, args in (("recall.py", ["x"]), ("remember.py", ["x"]), ("decay.py", []), ("status.py", []),
                         ("load_core.py", [])):
        result = ws.run(script, *args, expect=3)
        assert "doctor.py --repair" in result.err and len(result.err.strip().splitlines()) == 1
    assert path.read_bytes() == damaged


def test_newer_index_version_is_refused(ws):
    path = ws.store / "index.json"
    path.write_text(json.dumps({"version": 99, "memories": []}))
    assert "newer" in ws.run("remember.py", "x", expect=3).err


def test_one_memory_change_is_a_small_diff(ws, tmp_path):
    source = tmp_path / "bulk.jsonl"
    source.write_text("\n".join(json.dumps({"content": f"Fact {i} about rivers"}) for i in range(100)))
    ids = ws.json("remember.py", "--jsonl", str(source))["ids"]
    ws.run("reinforce.py", ids[50])
    stat = ws.git("show", "--numstat", "--format=", "HEAD", "--", "memory/index.json").split()
    assert int(stat[0]) <= 4 and int(stat[1]) <= 4


def test_index_is_jq_friendly_json(ws):
    ws.remember("User prefers dark mode")
    data = json.loads((ws.store / "index.json").read_text())
    assert data["memories"][0]["content"] == "User prefers dark mode"


def test_entries_with_missing_or_wrongly_typed_fields_degrade(ws):
    good = {"id": "mem_good", "domain": "user", "category": "facts", "content": "User likes figs",
            "importance": 0.6, "created": "2026-01-01T00:00:00Z", "lastAccessed": "2026-01-01T00:00:00Z",
            "timesReinforced": 0, "keywords": []}
    index = {"version": 2, "memories": [good, {"content": "no id here"},
                                        {**good, "id": "mem_odd", "importance": "high", "domain": "mars",
                                         "keywords": "figs", "timesReinforced": -3, "created": 12}]}
    (ws.store / "index.json").write_text(json.dumps(index))
    result = ws.run("recall.py", "figs", "--json")
    assert "had no valid id" in result.err
    ids = {r["id"] for r in json.loads(result.out)["results"]}
    assert {"mem_good", "mem_odd"} <= ids
    ws.remember("Another fact about the moon", "--domain", "world")
    assert any(m["content"] == "no id here" for m in ws.index()["memories"])  # nothing is lost
    odd = ws.memory("mem_odd")
    assert odd["importance"] == 0.5 and odd["domain"] == "world" and odd["keywords"] == []


def test_an_index_edited_after_our_last_write_is_validated_again(ws):
    memory_id = ws.remember("User likes figs", "--domain", "user")
    ws.remember("Rome is in Italy", "--domain", "world")  # our own write: the next load may trust it
    path = ws.store / "index.json"
    text = path.read_text()
    path.write_text(text.replace('"domain": "user"', '"domain": "mars"', 1))  # same inode, new mtime
    ws.remember("A third fact about the moon", "--domain", "world")
    assert ws.memory(memory_id)["domain"] == "world"  # repaired by validation, not taken on trust


def test_a_writer_keeps_every_untouched_line_byte_for_byte(ws, tmp_path):
    """Writers parse only the memories they touch: what they leave must still be
    the same JSON, whatever the memories say."""
    tricky = ["line one\nline two", "ends with a comma,", 'a "quoted" \\ backslash', "日本語 ✨ emoji",
              "],\n}\n{\"id\": \"mem_fake\"", "tab\there", "plain fact about rivers"]
    source = tmp_path / "tricky.jsonl"
    source.write_text("\n".join(json.dumps({"content": text}) for text in tricky))
    ids = ws.json("remember.py", "--jsonl", str(source))["ids"]
    before = (ws.store / "index.json").read_text(encoding="utf-8").splitlines()
    ws.run("reinforce.py", ids[3])
    ws.remember("One more memory after them")
    after_text = (ws.store / "index.json").read_text(encoding="utf-8")
    data = json.loads(after_text)
    assert [m["content"] for m in data["memories"][:len(tricky)]] == tricky
    after = after_text.splitlines()
    untouched = [line.rstrip(",") for line in before if line.startswith('{"id": ') and ids[3] not in line]
    assert all(line in [a.rstrip(",") for a in after] for line in untouched)
    assert ws.memory(ids[3])["timesReinforced"] == 1


def test_a_lone_surrogate_named_in_the_index_is_read_as_a_replacement_character(ws):
    """JSON may escape a lone surrogate ("\\ud800") but it is no text: one in a hand-edited
    index.json stopped recall and every writer with exit 4 (UTF-8 refuses it), and doctor said
    healthy. Read from such a file, it is U+FFFD, and the next save writes it so."""
    memory_id = ws.remember("The user likes green tea", now="2026-03-01T10:00:00Z")
    path = ws.store / "index.json"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "likes green tea", "likes green tea \\ud800 x \\uDFFF y \\ud83d\\ude00 pair").replace(
        '"keywords": [', '"keywords": ["\\udc80", '), encoding="utf-8")
    hit = ws.json("recall.py", "green tea", now="2026-03-01T11:00:00Z")["results"][0]
    assert hit["id"] == memory_id and hit["content"] == "The user likes green tea \ufffd x \ufffd y \U0001F600 pair"
    ws.remember("Another memory about coffee", now="2026-03-01T12:00:00Z")
    ws.run("decay.py", now="2026-03-02T03:00:00Z")
    saved = path.read_text(encoding="utf-8")
    assert "\\ud" not in saved.lower() and "\ufffd x \ufffd y \U0001F600 pair" in saved
    assert ws.memory(memory_id)["keywords"][0] == "\ufffd"
    assert ws.run("doctor.py").returncode == 0

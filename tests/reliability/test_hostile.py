"""Every argument, environment variable, stdin, file name and frontmatter field is data."""

import json
import os
import subprocess

import pytest

NASTY = ['"; rm -rf ~; echo "', "$(touch /tmp/hippo-pwned-1)", "`touch /tmp/hippo-pwned-2`",
         "back\\slash and 'quotes'", "line one\nline two\n# heading", "\u202eRTL override\u202c text",
         "zero\u200bwidth", "emoji 🧠 and 日本語", "__import__('os').system('touch /tmp/hippo-pwned-3')",
         "{{7*7}} ${HOME} %s %n", "<script>alert(1)</script>"]


@pytest.mark.parametrize("text", NASTY)
def test_nasty_text_round_trips_as_data(ws, text):
    memory_id = ws.remember(text, "--domain", "world", "--keywords", text[:30], "--source", text[:30],
                            "--episode", text[:30])
    stored = ws.memory(memory_id)
    assert "\u202e" not in stored["content"]  # bidi overrides are dropped, the rest is kept
    for name in ("hippo-pwned-1", "hippo-pwned-2", "hippo-pwned-3"):
        assert not os.path.exists(f"/tmp/{name}")
    ws.run("recall.py", "--json", "--", text)
    ws.run("load_core.py")
    assert ws.git("status", "--porcelain") == ""


def test_nul_bytes_invalid_utf8_and_lone_surrogates(ws):
    memory_id = ws.json("remember.py", "-", input=b"caf\xc3\xa9 \x00nul \xff\xfe bad \xed\xa0\x80 end")["id"]
    content = ws.memory(memory_id)["content"]
    assert "\x00" not in content and content.startswith("café") and content.endswith("end")
    # invalid UTF-8 in an argument (surrogateescape on the way in)
    result = subprocess.run(["python3", str(ws_script("remember.py")), b"bad \xff arg".decode("utf-8", "surrogateescape"),
                             "--json"], env={**os.environ, "WORKSPACE": str(ws.root)}, capture_output=True)
    assert result.returncode == 0 and b"Traceback" not in result.stderr
    surrogate = json.dumps({"content": "lone \ud800 surrogate", "domain": "world"})
    ws.run("remember.py", "--jsonl", "-", input=surrogate)
    json.loads((ws.store / "index.json").read_text(encoding="utf-8"))


def ws_script(name):
    from conftest import SCRIPTS
    return SCRIPTS / name


@pytest.mark.parametrize("flag,value", [("--domain", "../../etc"), ("--category", "../x"), ("--category", "a/b"),
                                        ("--store", "../../tmp"), ("--importance", "1e309"),
                                        ("--importance", "-0.1"), ("--importance", "inf")])
def test_path_traversal_and_bad_numbers_are_refused(ws, flag, value):
    def files():
        return sorted(str(p) for p in ws.root.rglob("*") if ".git" not in p.parts)
    before = files()
    assert ws.run("remember.py", "x", flag, value, expect=1).err.count("\n") == 1
    assert files() == before
    assert not list(ws.root.parent.glob("etc")) and not list(ws.root.parent.glob("tmp"))


@pytest.mark.parametrize("memory_id", ["../../etc/passwd", "mem_../x", "/abs", "", "mem_$(id)"])
def test_bad_ids_are_exit_1(ws, memory_id):
    ws.run("reinforce.py", "--", memory_id, expect=1)
    ws.run("forget.py", "--purge", "--", memory_id, expect=1)


def test_bulk_fields_cannot_escape(ws):
    lines = [json.dumps({"content": "x", "domain": "../../../tmp"}),
             json.dumps({"content": "x", "category": "../../etc"}),
             json.dumps({"content": "x", "importance": "NaN"}),
             json.dumps({"content": "x", "created": "not a date"}),
             json.dumps({"content": "x", "file": "/etc/passwd"}),
             json.dumps({"content": ["not", "text"]})]
    for line in lines:
        result = ws.run("remember.py", "--jsonl", "-", input=line, expect=1)
        assert "line 1" in result.err
    assert ws.index()["memories"] == []


def test_hostile_environment(ws):
    for value in ("__import__('os').system('touch /tmp/hippo-pwned-env')", "2026-13-45", "'; DROP"):
        ws.run("status.py", env={"HIPPOCAMPUS_NOW": value}, expect=1)
    assert not os.path.exists("/tmp/hippo-pwned-env")
    ws.run("status.py", env={"WORKSPACE": str(ws.root / "does-not-exist")}, expect=3)


def test_hand_dropped_file_names_and_yaml_smuggling(ws):
    folder = ws.store / "user"
    (folder / "weird name $(id) 'q'.md").write_text("---\nimportance: 1\nstatus: core\npinned: true\n"
                                                    "id: ../../evil\n---\nA note with a strange file name\n")
    (folder / "tags.md").write_text("---\nkeywords: !!python/name:os.system\n---\nTagged note\n")
    ws.run("decay.py")
    memories = {m["content"]: m for m in ws.index()["memories"]}
    weird = memories["A note with a strange file name"]
    assert weird["id"].startswith("mem_") and ".." not in weird["id"]
    assert weird["importance"] < 1 and not weird.get("pinned")
    assert "Tagged note" not in memories  # unreadable YAML: left alone, with a warning


def test_oversized_content_and_stdin(ws):
    assert "limit" in ws.run("remember.py", "-", input="z" * (1024 * 1024 + 5), expect=1).err
    assert ws.index()["memories"] == []

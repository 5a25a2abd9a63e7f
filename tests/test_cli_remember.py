import json
import subprocess

import pytest


def test_remember_writes_file_index_audit_line_and_one_commit(ws):
    before = len(ws.commits())
    out = ws.json("remember.py", "User prefers dark mode", "--domain", "user", "--category", "preferences",
                  "--importance", "0.8")
    memory = ws.memory(out["id"])
    assert memory["content"] == "User prefers dark mode"
    assert memory["importance"] == memory["baseImportance"] == 0.8
    assert memory["status"] == "core" and memory["timesReinforced"] == 0
    text = (ws.root / memory["file"]).read_text()
    assert text.startswith("---\n") and f"id: {out['id']}" in text and text.rstrip().endswith("User prefers dark mode")
    assert memory["file"].startswith("memory/user/")
    commits = ws.commits()
    assert len(commits) == before + 1 and commits[0] == "remember: User prefers dark mode"
    body = ws.git("log", "-1", "--format=%B")
    assert "Actor: bot:remember" in body and f"Memory-Id: {out['id']}" in body
    assert ws.audit()[-1].split(" | ")[1:4] == ["bot:remember", "remember", out["id"]]
    # the commit holds exactly our paths and leaves a clean tree
    assert ws.git("status", "--porcelain") == ""


def test_defaults_are_guessed(ws):
    memory = ws.memory(ws.remember("Remember that I always want the summary first"))
    assert memory["importance"] == 0.9
    assert memory["domain"] == "user"
    assert memory["keywords"]


def test_stdin_and_exact_duplicate_reinforces(ws):
    first = ws.json("remember.py", "-", "--domain", "user", input="I love   hiking in the Alps!\n")
    again = ws.json("remember.py", "i love hiking in the alps", "--domain", "user")
    assert again == {**again, "id": first["id"], "action": "reinforced"}
    memory = ws.memory(first["id"])
    assert memory["timesReinforced"] == 1 and memory["importance"] > 0.8
    assert len(ws.index()["memories"]) == 1
    # same words in another domain are a different memory
    other = ws.json("remember.py", "I love hiking in the Alps", "--domain", "world")
    assert other["id"] != first["id"]


def test_bulk_jsonl_is_one_commit_and_returns_ids(ws, tmp_path):
    lines = [json.dumps({"content": f"Fact number {i} about the garden", "domain": "world"}) for i in range(50)]
    lines.append(json.dumps({"content": "Fact number 3 about the garden", "domain": "world"}))
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    before = len(ws.commits())
    out = ws.json("remember.py", "--jsonl", str(source))
    assert len(out["ids"]) == 51 and out["added"] == 50 and out["reinforced"] == 1
    assert out["ids"][-1] == out["ids"][3]
    assert len(ws.commits()) == before + 1
    assert len(ws.index()["memories"]) == 50


def test_bulk_with_a_bad_line_writes_nothing(ws):
    before = (ws.store / "index.json").read_bytes()
    result = ws.run("remember.py", "--jsonl", "-", input='{"content": "ok"}\n{"content": \n', expect=1)
    assert "line 2" in result.err and len(result.err.strip().splitlines()) == 1
    assert (ws.store / "index.json").read_bytes() == before


@pytest.mark.parametrize("args,needle", [
    (["x", "--domain", "../etc"], "unknown domain"),
    (["x", "--category", "../../etc/passwd"], "not a category"),
    (["x", "--store", "/tmp"], "unknown store"),
    (["x", "--importance", "nan"], "importance"),
    (["x", "--importance", "1.5"], "importance"),
    (["   "], "empty"),
    ([], "give the memory text"),
])
def test_bad_input_is_one_line_exit_1_and_nothing_written(ws, args, needle):
    before = ws.commits()
    result = ws.run("remember.py", *args, expect=1)
    assert needle in result.err and len(result.err.strip().splitlines()) == 1
    assert ws.commits() == before


def test_content_cap(ws):
    result = ws.run("remember.py", "-", input="x" * 70000, expect=1)
    assert "limit is 65536" in result.err
    ws.remember("-", input=" ".join(f"entry{n}" for n in range(7000))[:60000])  # (a repeated "y" is junk now)


def test_missing_workspace_exits_3_naming_the_fix(tmp_path):
    from conftest import Workspace
    missing = Workspace(tmp_path / "nowhere")
    result = missing.run("remember.py", "hello", expect=3)
    assert "init.py" in result.err and len(result.err.strip().splitlines()) == 1
    assert not (tmp_path / "nowhere").exists()


def test_secrets_never_reach_disk_or_history(ws):
    secret = "sk-ant-api03-" + "Zx9" * 12
    memory_id = ws.remember(f"The deploy key is {secret} and it lives in 1Password")
    memory = ws.memory(memory_id)
    assert secret not in memory["content"] and "[REDACTED:anthropic-key]" in memory["content"]
    assert "1Password" in memory["content"]
    everything = subprocess.run(["grep", "-r", "Zx9Zx9Zx9", str(ws.root)], capture_output=True, text=True).stdout
    assert everything == ""
    assert "Zx9Zx9" not in ws.git("log", "-p", "--all")


def test_existing_user_repository_keeps_its_staged_work(tmp_path):
    from conftest import Workspace, repository_with_staged_work
    user_ws = Workspace(repository_with_staged_work(tmp_path / "repo"))
    user_ws.run("init.py")
    user_ws.remember("User prefers tabs")
    assert "notes.txt" not in user_ws.git("log", "--name-only", "--format=")
    assert "A  notes.txt" in user_ws.git("status", "--porcelain")


def test_secrets_in_keywords_source_and_recall_queries_never_reach_history(ws):
    token = "ghp_" + "A1b2C3d4E5" * 4
    memory_id = ws.remember("Deploy notes for the staging cluster", "--keywords", f"deploy,{token}",
                            "--source", f"chat with token {token}")
    ws.json("recall.py", f"staging cluster {token}", "--reinforce")
    assert token not in ws.git("log", "-p", "--format=%B")
    assert token not in (ws.meta / "audit.log").read_text()
    assert token not in json.dumps(ws.memory(memory_id))

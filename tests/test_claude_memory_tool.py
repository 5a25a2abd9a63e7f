"""Claude's memory tool over the store (hosts/claude_memory_tool.py), driven with the anthropic SDK's own
command types and its `call` entry, as its tool runner calls a backend; its reference backend
(BetaLocalFilesystemMemoryTool) beside it for the words each answer and refusal must match. No network."""

from __future__ import annotations

import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

tools = pytest.importorskip("anthropic.lib.tools", reason="anthropic is not installed: the memory tool tests skip")

from anthropic.types.beta import (BetaMemoryTool20250818CreateCommand, BetaMemoryTool20250818DeleteCommand,
                                  BetaMemoryTool20250818InsertCommand, BetaMemoryTool20250818RenameCommand,
                                  BetaMemoryTool20250818StrReplaceCommand, BetaMemoryTool20250818ViewCommand)

from conftest import ROOT
from hippocampus.hosts.claude_memory_tool import PATH_KEY, ClaudeMemoryTool

NOW = "2026-03-11T15:00:00Z"
ACTOR = "claude-memory-tool"  # the audit trail's name for the tool, as the issue names it
CLOCK = datetime(2026, 3, 11, 15, 0, tzinfo=timezone.utc)
SECRET = "sk-ant-api03-" + "x7Kd9Qw2Lm4Zp8Rt" * 5
WORDS = "User drinks strong black coffee every morning.\nPrefers oat milk in tea."


def ours(ws) -> ClaudeMemoryTool:
    return ClaudeMemoryTool(ws.root, now=CLOCK)


def reference(tmp_path: Path):
    return tools._beta_builtin_memory_tool.BetaLocalFilesystemMemoryTool(str(tmp_path / "reference"))


def answer(tool, **command):
    """What the tool runner would hand the model: the result, or ("error", the ToolError's words)."""
    try:
        return tool.call(command)
    except tools.ToolError as exc:
        return ("error", str(exc))


def create(tool, path: str, text: str):
    return tool.create(BetaMemoryTool20250818CreateCommand(command="create", path=path, file_text=text))


def recall_ids(ws, query: str, *flags: str) -> list[str]:
    return [r["id"] for r in ws.json("recall.py", query, *flags, now=NOW)["results"]]


def trailers(ws, count: int) -> list[str]:
    return ws.git("log", f"-{count}", "--format=%(trailers:key=Actor,valueonly)").split()


def test_a_file_created_is_a_memory_recall_finds_committed_as_the_tool(ws):
    before = len(ws.commits())
    said = answer(ours(ws), command="create", path="/memories/user/coffee.md", file_text=WORDS + "\n")
    assert said == "File created successfully at: /memories/user/coffee.md"
    [memory] = [m for m in ws.index()["memories"] if m.get(PATH_KEY)]
    assert memory[PATH_KEY] == "user/coffee.md" and memory["domain"] == "user"
    assert memory["content"] == WORDS
    assert recall_ids(ws, "black coffee") == [memory["id"]]
    assert len(ws.commits()) == before + 1 and trailers(ws, 1) == [ACTOR]
    assert ws.audit()[-1].split(" | ")[1:4] == [ACTOR, "remember", memory["id"]]
    assert answer(ours(ws), command="create", path="/memories/user/coffee.md", file_text="other words") == \
        ("error", "File /memories/user/coffee.md already exists")
    assert answer(ours(ws), command="create", path="/memories/self/../user/./coffee.md", file_text="x y") == \
        ("error", "File /memories/self/../user/./coffee.md already exists")  # resolved inside, as the reference does
    assert len(ws.commits()) == before + 1


def test_the_sdks_tool_runner_drives_it_with_no_network(ws):
    """The SDK's tool runner, its HTTP replies given by a transport in place of the API: what it sends
    back to the model is our answer (an error flagged as one), and what it stored is a memory."""
    import httpx2

    replies = iter([_reply("tool_use", [_use("t1", command="create", path="/memories/user/coffee.md",
                                             file_text="User drinks black coffee, no sugar."),
                                        _use("t2", command="create", path="/memories/../x.md", file_text="x")]),
                    _reply("end_turn", [{"type": "text", "text": "Noted."}])])
    sent = []

    def api(request):
        sent.append(json.loads(request.content))
        return httpx2.Response(200, json=next(replies))

    import anthropic
    client = anthropic.Anthropic(api_key="none", http_client=httpx2.Client(transport=httpx2.MockTransport(api)))
    runner = client.beta.messages.tool_runner(model="claude-sonnet-4-5", max_tokens=1024, tools=[ours(ws)],
                                              messages=[{"role": "user", "content": "I take my coffee black."}])
    assert runner.until_done().content[0].text == "Noted."
    assert sent[0]["tools"] == [{"type": "memory_20250818", "name": "memory"}]
    first, second = sent[1]["messages"][-1]["content"]
    assert first == {"type": "tool_result", "tool_use_id": "t1",
                     "content": "File created successfully at: /memories/user/coffee.md"}
    assert second["is_error"] is True and "would escape /memories directory" in json.dumps(second["content"])
    assert [m[PATH_KEY] for m in ws.index()["memories"]] == ["user/coffee.md"]
    assert recall_ids(ws, "coffee sugar") == [ws.index()["memories"][0]["id"]]


def test_the_example_in_the_hosts_reference_runs_as_written(ws, monkeypatch):
    """references/hosts.md's lines, as they are, in the repository's folder; the API's replies come from a
    transport in its place (the client the example makes is given it), so no network."""
    import anthropic
    import httpx2

    text = (ROOT / "references" / "hosts.md").read_text(encoding="utf-8")
    section = text.split("## Claude's memory tool", 1)[1].split("\n")
    start = next(n for n, line in enumerate(section) if line.startswith("    "))
    end = next(n for n in range(start, len(section)) if section[n] and not section[n].startswith("    "))
    lines = [line[4:] for line in section[start:end]]
    while not lines[-1]:
        lines.pop()
    example = "\n".join(lines)
    assert len(lines) <= 12 and "ClaudeMemoryTool(" in example and "tool_runner(" in example
    replies = iter([_reply("tool_use", [_use("t1", command="create", path="/memories/user/coffee.md",
                                             file_text="User takes their coffee black.")]),
                    _reply("end_turn", [{"type": "text", "text": "Noted: black coffee."}])])
    real = anthropic.Anthropic
    monkeypatch.setattr(anthropic, "Anthropic", lambda **kw: real(
        api_key="none", http_client=httpx2.Client(transport=httpx2.MockTransport(
            lambda request: httpx2.Response(200, json=next(replies)))), **kw))
    monkeypatch.setenv("WORKSPACE", str(ws.root))
    monkeypatch.setenv("HIPPOCAMPUS_NOW", NOW)
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "path", list(sys.path))  # (the example adds scripts/ to it)
    printed = subprocess_free_exec(example)
    assert printed == "Noted: black coffee.\n"
    assert [m[PATH_KEY] for m in ws.index()["memories"]] == ["user/coffee.md"]


def subprocess_free_exec(code: str) -> str:
    """`code` run in this process (where the transport stands in for the API); what it printed."""
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "references/hosts.md", "exec"), {"__name__": "example"})
    return out.getvalue()


def _reply(stop: str, content: list) -> dict:
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": content,
            "stop_reason": stop, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}


def _use(use_id: str, **command) -> dict:
    return {"type": "tool_use", "id": use_id, "name": "memory", "input": command}


def test_view_numbers_the_words_as_the_reference_and_lists_each_memory_with_its_state(ws, tmp_path):
    tool, ref = ours(ws), reference(tmp_path)
    for backend in (tool, ref):
        create(backend, "/memories/user/coffee.md", WORDS)
    for view_range in (None, [2, -1], [1, 1]):
        command = BetaMemoryTool20250818ViewCommand(command="view", path="/memories/user/coffee.md",
                                                    view_range=view_range)
        assert tool.view(command) == ref.view(command)
    ws.remember("The user's sister Anna lives in Oslo", "--domain", "relationship", now=NOW)
    header, *listing = tool.view(BetaMemoryTool20250818ViewCommand(command="view", path="/memories")).split("\n")
    assert header == "Here're the files and directories up to 2 levels deep in /memories, excluding hidden items:"
    coffee = next(line for line in listing if line.split("\t")[1] == "/memories/user/coffee.md")
    size, _path, state = coffee.split("\t")
    assert size == f"{len(WORDS)}B" and state.startswith("(importance 0.") and "created 2026-03-11)" in state
    assert "/memories/relationship/" in [line.split("\t")[1] for line in listing]
    anna = next(line for line in listing if line.split("\t")[1].startswith("/memories/relationship/the-user"))
    [anna_id] = recall_ids(ws, "Anna Oslo")
    assert anna.split("\t")[1].endswith(f"-{anna_id}.md")  # a memory remembered otherwise, at a stable name
    assert tool.view(BetaMemoryTool20250818ViewCommand(command="view", path=anna.split("\t")[1])).endswith(
        "1\tThe user's sister Anna lives in Oslo")
    missing = BetaMemoryTool20250818ViewCommand(command="view", path="/memories/user/tea.md")
    assert answer(tool, **missing.model_dump()) == answer(ref, **missing.model_dump())


def test_str_replace_and_insert_change_the_words_of_the_same_memory_one_commit_each(ws, tmp_path):
    tool, ref = ours(ws), reference(tmp_path)
    for backend in (tool, ref):
        create(backend, "/memories/user/coffee.md", WORDS)
    [memory_id] = recall_ids(ws, "black coffee")
    before = len(ws.commits())
    replace = BetaMemoryTool20250818StrReplaceCommand(command="str_replace", path="/memories/user/coffee.md",
                                                      old_str="oat milk", new_str="soy milk")
    assert tool.str_replace(replace) == ref.str_replace(replace)
    insert = BetaMemoryTool20250818InsertCommand(command="insert", path="/memories/user/coffee.md", insert_line=1,
                                                 insert_text="Drinks it at seven.\n")
    assert tool.insert(insert) == ref.insert(insert)
    assert ws.memory(memory_id)["content"] == \
        "User drinks strong black coffee every morning.\nDrinks it at seven.\nPrefers soy milk in tea."
    assert len(ws.commits()) == before + 2 and trailers(ws, 2) == [ACTOR, ACTOR]
    assert [line.split(" | ")[1:4] for line in ws.audit()[-2:]] == [[ACTOR, "edit", memory_id]] * 2
    assert recall_ids(ws, "soy") == [memory_id] and recall_ids(ws, "oat") == []
    on_disk = (ws.root / ws.memory(memory_id)["file"]).read_text()
    assert "soy milk" in on_disk and "oat milk" not in on_disk
    for bad in (dict(old_str="oat milk", new_str="x"), dict(old_str="e", new_str="x")):  # gone; not unique
        command = dict(command="str_replace", path="/memories/user/coffee.md", **bad)
        assert answer(tool, **command) == answer(ref, **command)
    command = dict(command="insert", path="/memories/user/coffee.md", insert_line=9, insert_text="x")
    assert answer(tool, **command) == answer(ref, **command)
    assert len(ws.commits()) == before + 2


def test_delete_is_forget_and_recall_never_finds_it_again(ws, tmp_path):
    tool = ours(ws)
    create(tool, "/memories/user/coffee.md", WORDS)
    create(tool, "/memories/user/tea.md", "Green tea after lunch, every day.")
    [coffee] = recall_ids(ws, "black coffee")
    outside = {p for p in tmp_path.rglob("*") if ws.root not in p.parents}
    assert tool.delete(BetaMemoryTool20250818DeleteCommand(command="delete", path="/memories/user/coffee.md")) == \
        "Successfully deleted /memories/user/coffee.md"
    assert recall_ids(ws, "black coffee") == []
    assert ws.memory(coffee)["status"] == "archived" and PATH_KEY not in ws.memory(coffee)
    assert trailers(ws, 1) == [ACTOR] and ws.audit()[-1].split(" | ")[1:4] == [ACTOR, "forget", coffee]
    assert "coffee" not in tool.view(BetaMemoryTool20250818ViewCommand(command="view", path="/memories/user"))
    assert answer(tool, command="view", path="/memories/user/coffee.md")[0] == "error"
    assert answer(tool, command="delete", path="/memories") == ("error", "Cannot delete the /memories directory itself")
    assert answer(tool, command="delete", path="/memories/user/coffee.md") == \
        ("error", "The path /memories/user/coffee.md does not exist")
    assert {p for p in tmp_path.rglob("*") if ws.root not in p.parents} == outside
    # a new file at the freed path is a new memory; a folder deleted forgets what it holds
    create(tool, "/memories/user/coffee.md", "Decaf after noon.")
    assert recall_ids(ws, "decaf") != [coffee]
    tool.delete(BetaMemoryTool20250818DeleteCommand(command="delete", path="/memories/user"))
    assert recall_ids(ws, "decaf") == [] and recall_ids(ws, "green tea") == []


def test_rename_keeps_the_id_and_a_domain_folder_moves_the_domain(ws):
    tool = ours(ws)
    create(tool, "/memories/user/coffee.md", WORDS)
    [memory_id] = recall_ids(ws, "black coffee")
    said = tool.rename(BetaMemoryTool20250818RenameCommand(command="rename", old_path="/memories/user/coffee.md",
                                                           new_path="/memories/world/drinks/coffee.md"))
    assert said == "Successfully renamed /memories/user/coffee.md to /memories/world/drinks/coffee.md"
    memory = ws.memory(memory_id)
    assert memory[PATH_KEY] == "world/drinks/coffee.md" and memory["domain"] == "world"
    assert memory["file"].split("/")[-2] == "world" and (ws.root / memory["file"]).is_file()
    assert not list((ws.store / "user").glob("*.md"))
    assert recall_ids(ws, "black coffee") == [memory_id]
    assert tool.view(BetaMemoryTool20250818ViewCommand(command="view", path="/memories/world/drinks/coffee.md"))\
        .endswith("2\tPrefers oat milk in tea.")
    assert answer(tool, command="view", path="/memories/user/coffee.md") == \
        ("error", "The path /memories/user/coffee.md does not exist. Please provide a valid path.")
    assert trailers(ws, 1) == [ACTOR] and ws.audit()[-1].split(" | ")[1:4] == [ACTOR, "rename", memory_id]
    tool.rename(BetaMemoryTool20250818RenameCommand(command="rename", old_path="/memories/world/drinks",
                                                    new_path="/memories/world/cafe"))
    assert ws.memory(memory_id)[PATH_KEY] == "world/cafe/coffee.md"
    assert answer(tool, command="rename", old_path="/memories", new_path="/memories/x") == \
        ("error", "Cannot rename the /memories directory itself")
    assert answer(tool, command="rename", old_path="/memories/world/cafe", new_path="/memories/user") == \
        ("error", "The destination /memories/user already exists")


def test_a_secret_in_a_file_is_redacted_before_disk_and_git(ws):
    tool = ours(ws)
    create(tool, "/memories/self/deploy.md", f"The deploy key is {SECRET} for prod.")
    tool.str_replace(BetaMemoryTool20250818StrReplaceCommand(command="str_replace", path="/memories/self/deploy.md",
                                                             old_str="prod", new_str=f"staging, then {SECRET}"))
    tool.insert(BetaMemoryTool20250818InsertCommand(command="insert", path="/memories/self/deploy.md",
                                                    insert_line=0, insert_text=f"password={SECRET}"))
    assert SECRET not in tool.view(BetaMemoryTool20250818ViewCommand(command="view", path="/memories/self/deploy.md"))
    assert answer(tool, command="create", path=f"/memories/self/{SECRET}.md", file_text="words")[0] == "error"
    found = [p for p in ws.root.rglob("*") if p.is_file() and ".git" not in p.parts
             and SECRET[:24].encode() in p.read_bytes()]
    assert found == []
    history = ws.git("log", "--all", "-p", "--format=%B")  # every commit's message and every change
    assert "[REDACTED" in history and SECRET[:24] not in history


HOSTILE = ["/etc/passwd", "memories/user/x.md", "/memories/../outside.md", "/memories/user/../../outside.md",
           "/memories/./../../etc/passwd", "/memoriesX/x.md", "/memories_evil/x.md", "/Memories/x.md",
           "/memories/a\x00b.md", "/memories/user/\x00", "/memories/user/a\nb.md", "/memories/user/a\u202eb.md",
           "/memories/..\\..\\outside.md", "/memories/" + "a" * 300 + ".md", "/memories/" + "a/" * 600 + "x.md",
           "/memories/user/" + "\u00e9" * 200 + ".md", "/memories/\udcff.md"]


@pytest.mark.parametrize("path", HOSTILE)
def test_a_hostile_path_is_refused_as_the_reference_refuses_it_and_nothing_is_written(ws, tmp_path, path):
    tool, ref = ours(ws), reference(tmp_path)
    outside = {p for p in tmp_path.rglob("*") if ws.root not in p.parents and "reference" not in p.parts}
    before = ws.commits()
    for command in (dict(command="create", path=path, file_text="User likes tea."),
                    dict(command="view", path=path), dict(command="delete", path=path),
                    dict(command="str_replace", path=path, old_str="a", new_str="b"),
                    dict(command="insert", path=path, insert_line=0, insert_text="x"),
                    dict(command="rename", old_path=path, new_path="/memories/user/y.md"),
                    dict(command="rename", old_path="/memories/user", new_path=path)):
        said = answer(tool, **command)
        assert said[0] == "error", (command, said)
        try:
            theirs = answer(ref, **command)
        except Exception:  # the reference fails in the OS (NUL, a name too long): no words of its own
            theirs = None
        if isinstance(theirs, tuple) and ("/memories" in theirs[1] and "escape" in theirs[1]
                                          or theirs[1].startswith("Path must start")):
            assert said == theirs
    assert ws.commits() == before and ws.index()["memories"] == []
    assert {p for p in tmp_path.rglob("*") if ws.root not in p.parents and "reference" not in p.parts} == outside


def test_a_link_out_of_the_store_is_refused_with_the_references_words(ws, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (ws.store / "relationship").rmdir()
    os.symlink(outside, ws.store / "relationship")
    before = ws.commits()
    said = answer(ours(ws), command="create", path="/memories/relationship/anna.md", file_text="Anna lives in Oslo.")
    assert said == ("error", "Path would escape /memories directory via symlink")
    assert list(outside.iterdir()) == [] and ws.commits() == before


def test_the_tool_is_the_sdks_memory_tool(ws):
    tool = ours(ws)
    assert isinstance(tool, tools.BetaAbstractMemoryTool)
    assert tool.to_dict() == {"type": "memory_20250818", "name": "memory"} and tool.name == "memory"
    assert json.loads(json.dumps(tool.to_dict()))["type"] == "memory_20250818"


def test_a_memory_brought_back_while_a_new_one_holds_its_path_is_still_shown(ws):
    """forget.py (not the tool) keeps a forgotten memory's path; a new file there, then reinforce.py
    bringing the old one back: both are files, the newer at the path, the older at its id's name."""
    tool = ours(ws)
    create(tool, "/memories/user/coffee.md", WORDS)
    [old] = recall_ids(ws, "black coffee")
    ws.run("forget.py", old, now=NOW)
    create(tool, "/memories/user/coffee.md", "Decaf after noon, always.")
    [new] = recall_ids(ws, "decaf")
    ws.run("reinforce.py", old, now=NOW)
    header, *listing = tool.view(BetaMemoryTool20250818ViewCommand(command="view", path="/memories/user")).split("\n")
    shown = [line.split("\t")[1] for line in listing]
    assert "/memories/user/coffee.md" in shown and any(p.endswith(f"-{old}.md") for p in shown)
    assert tool.view(BetaMemoryTool20250818ViewCommand(command="view", path="/memories/user/coffee.md")).endswith(
        "1\tDecaf after noon, always.")
    assert ws.memory(new)[PATH_KEY] == ws.memory(old)[PATH_KEY] == "user/coffee.md"


def test_a_save_the_tool_has_not_seen_is_refused_not_overwritten(ws, monkeypatch):
    """A person saves the file after the tool's transaction looked for hand edits, before the
    tool writes the memory's words anew from the index: refused, nothing written
    (store/late_saves.py); the next writer takes the person's save in."""
    from hippocampus.store import hand_edits

    tool = ours(ws)
    create(tool, "/memories/user/coffee.md", WORDS)
    [memory_id] = recall_ids(ws, "black coffee")
    path = ws.root / ws.memory(memory_id)["file"]
    scan = hand_edits.commit_hand_edits

    def scanned_then_saved(workspace, index, *args, **kw):
        found = scan(workspace, index, *args, **kw)
        path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + " Grinds the beans by hand.\n",
                        encoding="utf-8")
        return found

    monkeypatch.setattr(hand_edits, "commit_hand_edits", scanned_then_saved)
    said = answer(tool, command="str_replace", path="/memories/user/coffee.md", old_str="oat milk",
                  new_str="soy milk")
    assert said[0] == "error" and "changed by someone else" in said[1], said
    assert "Grinds the beans by hand" in path.read_text(encoding="utf-8")  # main: overwritten
    monkeypatch.setattr(hand_edits, "commit_hand_edits", scan)
    ws.remember("The next writer comes along", now=NOW)
    assert "Grinds the beans by hand" in ws.memory(memory_id)["content"]
    assert ws.git("status", "--porcelain") == ""

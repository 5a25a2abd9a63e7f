"""Our memory plugin (openclaw-plugin/) in the real, pinned OpenClaw: `install.sh --openclaw-plugin` puts it in
the memory slot, OpenClaw's plugin loader loads it (listed, loaded, its four tools declared and registered,
memory-core set aside), `--uninstall` gives openclaw.json back byte for byte.

Its tools are called through OpenClaw's own loader with no model and no network: the package's
dist/mcp/plugin-tools-serve.js is OpenClaw's stdio MCP server of the plugin tools the loader registers
(`acquireStandalonePluginToolRegistry`), spoken to here as any MCP client would. They answer from our recall
(a faded memory ranks below a fresh one, a superseded home gives way to the new one), a store is a git
commit, a forgotten memory is never found again. The lifecycle hooks (auto-recall before the prompt is
built, auto-capture when a turn ends) need a model turn to be fired by OpenClaw, so their handlers are
called as OpenClaw would call them: the plugin's entry imported by node and registered with an api of the
shape OpenClaw passes (pluginConfig, rootDir, registerTool, registerMemoryCapability, on).

And `openclaw memory search` with our plugin in the slot: still memory-core's built-in index (its raw file
snippets, front matter and all), as its source says (references/hosts.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import ROOT, SCRIPTS, OpenClaw

PLUGIN = ROOT / "openclaw-plugin"
TOOLS = ["memory_forget", "memory_get", "memory_search", "memory_store"]
NOW = "2026-03-09T10:00:00Z"


def plugins(openclaw: OpenClaw) -> dict:
    listed = json.loads(openclaw.run("plugins", "list", "--json").stdout)["plugins"]
    return {p["id"]: p for p in listed if p["id"] in ("hippocampus", "memory-core")}


def test_install_puts_the_plugin_in_the_memory_slot_and_uninstall_gives_the_config_back(openclaw):
    original = openclaw.config.read_bytes()
    result = openclaw.install("--openclaw-plugin")
    assert "plugin hippocampus is loaded and holds the memory slot" in result.stdout, result.stdout
    data = openclaw.data()
    assert data["plugins"] == {"load": {"paths": [str(PLUGIN)]}, "slots": {"memory": "hippocampus"},
                               "entries": {"hippocampus": {"enabled": True,
                                                           "hooks": {"allowConversationAccess": True}}}}
    assert "Config valid" in openclaw.run("config", "validate").stdout
    found = plugins(openclaw)
    ours = found["hippocampus"]
    assert ours["status"] == "loaded" and ours["enabled"] and ours["kind"] == "memory", ours
    assert sorted(ours["toolNames"]) == TOOLS and sorted(ours["contracts"]["tools"]) == TOOLS
    assert found["memory-core"]["status"] == "disabled"  # the slot is ours: the built-in plugin steps aside
    runtime = json.loads(openclaw.run("plugins", "inspect", "hippocampus", "--runtime", "--json").stdout)
    assert runtime["plugin"]["activated"] and runtime["plugin"]["memorySlotSelected"], runtime["plugin"]
    assert runtime["plugin"]["imported"] and sorted(runtime["plugin"]["toolNames"]) == TOOLS
    blocked = [d["message"] for d in runtime["diagnostics"] if "blocked" in d["message"]]
    assert blocked == [], blocked  # auto-recall's hook is allowed (plugins.entries.hippocampus.hooks)
    before = openclaw.config.read_bytes()
    assert "already lists" in openclaw.install("--openclaw-plugin").stdout
    assert openclaw.config.read_bytes() == before

    openclaw.install("--uninstall")
    assert openclaw.config.read_bytes() == original  # byte for byte
    assert "hippocampus" not in plugins(openclaw)


def test_a_workspace_other_than_openclaws_is_named_in_the_plugins_config(openclaw):
    original = openclaw.config.read_bytes()
    elsewhere = openclaw.home / "memories"
    openclaw.install("--workspace", str(elsewhere), "--openclaw-plugin")  # OpenClaw validates it (configSchema)
    assert openclaw.data()["plugins"]["entries"]["hippocampus"]["config"] == {"workspace": str(elsewhere)}
    openclaw.install("--workspace", str(elsewhere), "--uninstall")
    assert openclaw.config.read_bytes() == original


def test_a_memory_slot_another_plugin_holds_is_not_taken(openclaw):
    text = json.dumps({**openclaw.original, "plugins": {"slots": {"memory": "memory-core"}}}, indent=4) + "\n"
    openclaw.config.write_text(text)
    result = openclaw.install("--openclaw-plugin", expect=1)
    assert 'plugins.slots.memory is "memory-core"' in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert openclaw.config.read_text() == text


class Tools:
    """OpenClaw's own MCP server of plugin tools (dist/mcp/plugin-tools-serve.js), over stdio."""

    def __init__(self, openclaw: OpenClaw, now: str):
        serve = openclaw.install_info["bin"].resolve().parent / "dist" / "mcp" / "plugin-tools-serve.js"
        self.process = subprocess.Popen(["node", str(serve)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, cwd=openclaw.home,
                                        env={**openclaw.env, "HIPPOCAMPUS_NOW": now})
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "hippocampus-tests", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message: dict) -> None:
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            line = self.process.stdout.readline()
            assert line, self.process.stderr.read()[-3000:]
            message = json.loads(line)
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message["result"]

    def call(self, name: str, **arguments) -> str:
        result = self.request("tools/call", {"name": name, "arguments": arguments})
        return "\n".join(part["text"] for part in result["content"] if part["type"] == "text")

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def script(openclaw: OpenClaw, name: str, *args: str, now: str) -> dict:
    env = {**openclaw.env, "HIPPOCAMPUS_NOW": now}
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / name), *args, "--json"], capture_output=True,
                            text=True, env=env, timeout=120)
    assert result.returncode == 0, (name, args, result.stderr)
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def served(tmp_path_factory, openclaw_install):
    openclaw = OpenClaw(tmp_path_factory.mktemp("plugin-tools"), openclaw_install)
    openclaw.install("--openclaw-plugin")  # first, on an empty workspace: its own calls run on the wall clock
    faded = script(openclaw, "remember.py", "User plays the board game Quillmatch on Sundays", "--importance", "0.5",
                   "--domain", "user", now="2025-01-01T10:00:00Z")["id"]
    fresh = script(openclaw, "remember.py", "User plays the board game Quillmatch with Ana", "--importance", "0.5",
                   "--domain", "user", now="2026-03-01T10:00:00Z")["id"]
    old = script(openclaw, "remember.py", "I live in Lisbonquay", "--domain", "user", now="2026-03-01T10:00:00Z")["id"]
    new = script(openclaw, "remember.py", "We moved to Portoquay last month", "--domain", "user", "--supersedes", old,
                 now="2026-03-03T10:00:00Z")["id"]
    script(openclaw, "decay.py", now=NOW)
    tools = Tools(openclaw, NOW)
    try:
        yield openclaw, tools, {"faded": faded, "fresh": fresh, "old": old, "new": new}
    finally:
        tools.close()


def test_the_plugin_tools_are_listed_by_openclaws_loader(served):
    _openclaw, tools, _ids = served
    listed = {tool["name"]: tool for tool in tools.request("tools/list", {})["tools"]}
    assert set(TOOLS) <= set(listed), sorted(listed)
    assert listed["memory_search"]["inputSchema"]["required"] == ["query"]


def test_search_answers_from_recall_with_decay_and_supersession(served):
    _openclaw, tools, ids = served
    board = tools.call("memory_search", query="Quillmatch board game").splitlines()
    assert board[0] == "2 memories:", board
    assert f"[{ids['fresh']}]" in board[1] and f"[{ids['faded']}]" in board[2]  # faded: ranked below
    assert "archive-candidate" in board[2] and "(active," in board[1]
    home = tools.call("memory_search", query="where do I live").splitlines()
    assert f"[{ids['new']}] We moved to Portoquay" in home[1], home  # the new home first, the old one stale
    assert f"[{ids['old']}] I live in Lisbonquay" in home[2] and f"stale: superseded by {ids['new']})" in home[2]


def test_a_store_is_a_commit_and_a_forget_is_never_found_again(served):
    openclaw, tools, _ids = served
    said = tools.call("memory_store", text="User's cat is called Vantablorp", domain="user")
    assert said.startswith("Stored: added mem_"), said
    memory_id = said.split()[2]
    log = subprocess.run(["git", "-C", str(openclaw.workspace), "log", "-1", "--format=%s%n%b", "--name-only"],
                         capture_output=True, text=True, check=True).stdout
    assert "Vantablorp" in log and f"Memory-Id: {memory_id}" in log and f"{memory_id}.md" in log, log
    assert memory_id in tools.call("memory_search", query="cat Vantablorp")
    assert "User's cat is called Vantablorp (active" in tools.call("memory_get", id=memory_id)
    listed = tools.call("memory_forget", query="Vantablorp")  # a query only lists: nothing is forgotten
    assert listed.startswith("Which one?") and memory_id in listed
    assert memory_id in tools.call("memory_search", query="Vantablorp")
    assert tools.call("memory_forget", memoryId=memory_id) == f"Forgotten: {memory_id}"
    assert tools.call("memory_search", query="cat Vantablorp") == "No memories found."
    assert tools.call("memory_search", query="Vantablorp", maxResults=50) == "No memories found."
    assert "(archived;" in tools.call("memory_get", id=memory_id)
    flag = tools.call("memory_store", text="--verbose is the flag User always passes to Brisbolt")  # words, no option
    assert flag.startswith("Stored: added mem_") and flag.split()[2] in tools.call("memory_search", query="--verbose")
    bad = tools.call("memory_forget", memoryId="--purge")
    assert bad.startswith("hippocampus: forget.py: error:") and "\n" not in bad, bad


def test_openclaw_memory_search_still_reads_the_built_in_index(served):
    """memory-core's command, whoever holds the slot: its hits are its own chunks of the files (front matter
    and all), never our plugin's (whose snippet is the memory's words, cited by id)."""
    openclaw, _tools, ids = served
    hits = json.loads(openclaw.run("memory", "search", "Portoquay", "--json", "--min-score", "0").stdout)["results"]
    assert hits and all(hit["snippet"].startswith("---\nid: ") and "citation" not in hit for hit in hits), hits
    assert any(ids["new"] in hit["path"] for hit in hits)
    stale = openclaw.run("memory", "search", "Lisbonquay", "--json", "--min-score", "0").stdout
    assert json.loads(stale)["results"] == []  # superseded: its file is out of memory/, as the layout keeps it


HOOKS = """
const { default: plugin } = await import(%(entry)s);
const handlers = {}, tools = [], capabilities = [];
plugin.register({ id: "hippocampus", rootDir: %(root)s, pluginConfig: %(config)s,
  registerTool: (factory, opts) => tools.push(opts.name),
  registerMemoryCapability: (capability) => capabilities.push(capability),
  on: (name, handler) => { handlers[name] = handler; }, logger: console });
const context = { agentId: "main", workspaceDir: process.env.WORKSPACE };
const recalled = await handlers.before_prompt_build(
  { prompt: "history...", currentUserMessage: "which board game do I play?", messages: [] }, context);
await handlers.agent_end({ success: true, messages: [
  { role: "user", content: [{ type: "text", text: "Remember that my dentist is Dr Quorblax in Portoquay" }] },
  { role: "assistant", content: [{ type: "text", text: "Noted." }] }] }, context);
const unattended = await handlers.before_prompt_build(
  { prompt: "which board game do I play?", messages: [] }, { ...context, trigger: "heartbeat" });
const manager = (await capabilities[0].runtime.getMemorySearchManager({ agentId: "main" })).manager;
const hits = await manager.search("dentist Quorblax", { maxResults: 3 });
console.log(JSON.stringify({ tools, hooks: Object.keys(handlers).sort(), recalled, unattended, hits,
  prompt: capabilities[0].promptBuilder({ availableTools: new Set(["memory_search"]) }) }));
"""


def test_auto_recall_and_auto_capture_run_as_openclaw_calls_them(served):
    openclaw, _tools, ids = served
    code = HOOKS % {"entry": json.dumps(str(PLUGIN / "index.js")), "root": json.dumps(str(PLUGIN)),
                    "config": json.dumps({"autoCapture": True, "workspace": str(openclaw.workspace)})}
    env = {**openclaw.env, "HIPPOCAMPUS_NOW": NOW, "WORKSPACE": str(openclaw.workspace)}
    result = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert sorted(out["tools"]) == TOOLS and out["hooks"] == ["agent_end", "before_prompt_build"]
    context = out["recalled"]["prependContext"]
    assert context.startswith("<hippocampus-memories>\n") and ids["fresh"] in context, context
    assert "Previously observed (2026-03-01)" in context  # recall.py's own framing
    assert "unattended" not in out  # a heartbeat's turn gets nothing (undefined: left out of the JSON)
    assert out["hits"] and "Quorblax" in out["hits"][0]["snippet"], out["hits"]  # captured: one commit
    assert any("memory_search" in line for line in out["prompt"])

"""install.sh --mcp cursor|codex|gemini|claude-desktop: the real installer in a fresh HOME per client.
Our entry only (found by an exact marker), idempotent, --dry-run changes nothing, --uninstall gives the
user's file back byte for byte (or, when they changed it since, takes out only our entry), a user's own
servers (even one named hippocampus, or one with our marker under another name) untouched, JSON with
comments refused in one line, and the entry's command starts a server the SDK's stdio client lists tools
from. Without the mcp package (offline), one line, and the entry is written all the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVER = str(ROOT / "scripts" / "mcp_server.py")

FILES = {
    "cursor": ".cursor/mcp.json",
    "codex": ".codex/config.toml",
    "gemini": ".gemini/settings.json",
    "claude-desktop": ".config/Claude/claude_desktop_config.json",
}
# a user's file as a person or the client wrote it: their own servers and settings, their layout
ORIGINAL = {
    "cursor": ('{\n  "mcpServers": {\n    "github": {\n      "command": "npx",\n'
               '      "args": ["-y", "@modelcontextprotocol/server-github"],\n'
               '      "env": {"GITHUB_TOKEN": "ghp_notarealtoken000000000000000000000"}\n    },\n'
               f'    "hippocampus-notes": {{"command": "python3", "args": ["{SERVER}", "--hippocampus-mcp"]}}\n'
               '  }\n}\n'),
    "codex": 'model = "o3"\n\n[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs-mcp"]\n',
    "gemini": '{\n  "theme": "GitHub",\n  "selectedAuthType": "gemini-api-key"\n}',
    "claude-desktop": '{\n    "mcpServers": {}\n}',
}
CLIENTS = list(FILES)


def install(home: Path, *args: str, env: dict | None = None, expect: int = 0) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items()
            if k not in ("WORKSPACE", "CODEX_HOME", "XDG_CONFIG_HOME") and not k.startswith("HIPPOCAMPUS_")}
    full.update({"HOME": str(home), **(env or {})})
    result = subprocess.run([str(ROOT / "install.sh"), "--no-openclaw-config", "--workspace", str(home / "ws"), *args],
                            capture_output=True, text=True, env=full, timeout=300, cwd=home)
    assert result.returncode == expect, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def config(home: Path, client: str) -> Path:
    return home / FILES[client]


def servers(path: Path, client: str) -> dict:
    text = path.read_text(encoding="utf-8")
    return (tomllib.loads(text).get("mcp_servers") if client == "codex" else json.loads(text).get("mcpServers")) or {}


def ours(path: Path, client: str, home: Path) -> dict:
    entry = servers(path, client)["hippocampus"]
    assert entry["args"] == [SERVER, "--workspace", str((home / "ws").resolve()), "--hippocampus-mcp"], entry
    assert Path(entry["command"]).name.startswith("python")
    return entry


def outside_workspace(home: Path) -> dict:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*"))
            if p.is_file() and not p.is_relative_to(home / "ws")}


@pytest.fixture
def home(tmp_path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    return home


@pytest.mark.parametrize("client", CLIENTS)
def test_added_once_beside_the_users_servers_and_removed_byte_for_byte(home, client):
    path = config(home, client)
    path.parent.mkdir(parents=True)
    path.write_text(ORIGINAL[client], encoding="utf-8")
    path.chmod(0o600)
    before = outside_workspace(home)
    theirs_before = servers(path, client)
    dry = install(home, "--mcp", client, "--dry-run").stdout
    assert "would add the MCP server hippocampus" in dry and outside_workspace(home) == before, dry
    out = install(home, "--mcp", client).stdout
    assert "added the MCP server hippocampus" in out, out
    ours(path, client, home)
    now = servers(path, client)
    assert {k: v for k, v in now.items() if k != "hippocampus"} == theirs_before  # theirs, as they were
    assert path.stat().st_mode & 0o777 == 0o600
    installed = path.read_bytes()
    again = install(home, "--mcp", client).stdout
    assert "already has the MCP server hippocampus" in again and path.read_bytes() == installed, again
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no backup, no temp file
    dry = install(home, "--mcp", client, "--uninstall", "--dry-run").stdout
    assert "would remove" in dry and path.read_bytes() == installed, dry
    install(home, "--mcp", client, "--uninstall")
    assert outside_workspace(home) == before
    assert "no MCP server of ours" in install(home, "--mcp", client, "--uninstall").stdout


@pytest.mark.parametrize("client", CLIENTS)
def test_a_file_we_created_goes_again_and_a_users_later_change_stays(home, client):
    path = config(home, client)
    install(home, "--mcp", client)
    ours(path, client, home)
    install(home, "--mcp", client, "--uninstall")
    assert not path.exists() and not path.parent.exists()
    install(home, "--mcp", client)
    text = path.read_text(encoding="utf-8")
    if client == "codex":  # the person adds a table after ours, by hand
        later = '\n[mcp_servers.later]\ncommand = "later-mcp"\n'
        path.write_text(text + later, encoding="utf-8")
    else:  # the person adds a server and a setting in their editor
        text = text.replace('"mcpServers": {', '"mcpServers": {\n    "later": {"command": "later-mcp"},', 1)
        path.write_text(text.replace("{", '{\n  "theme": "dark",', 1), encoding="utf-8")
    install(home, "--mcp", client, "--uninstall")
    assert servers(path, client) == {"later": {"command": "later-mcp"}}
    if client == "codex":
        assert path.read_text(encoding="utf-8") == later  # their blank line and table, as they wrote them
    else:
        assert json.loads(path.read_text(encoding="utf-8")) == {"theme": "dark",
                                                                "mcpServers": {"later": {"command": "later-mcp"}}}


@pytest.mark.parametrize("client", ["cursor", "codex"])
def test_a_users_own_server_named_hippocampus_is_never_touched(home, client):
    path = config(home, client)
    path.parent.mkdir(parents=True)
    # theirs: our very script, but without the marker (as README's hand-written entry is)
    if client == "codex":
        text = f'[mcp_servers.hippocampus]\ncommand = "python3"\nargs = ["{SERVER}", "--workspace", "/srv/mem"]\n'
    else:
        text = json.dumps({"mcpServers": {"hippocampus": {"command": "python3", "args": [SERVER]}}}, indent=2)
    path.write_text(text, encoding="utf-8")
    out = install(home, "--mcp", client).stdout
    assert "not ours; left it" in out and path.read_text(encoding="utf-8") == text, out
    install(home, "--mcp", client, "--uninstall")
    assert path.read_text(encoding="utf-8") == text


def test_a_json_file_with_comments_is_refused_in_one_line_and_the_others_still_wired(home):
    path = config(home, "gemini")
    path.parent.mkdir(parents=True)
    text = '{\n  // my settings\n  "theme": "GitHub",\n}\n'
    path.write_text(text, encoding="utf-8")
    failed = install(home, "--mcp", "gemini,cursor", expect=1)
    refusal = [line for line in failed.stderr.splitlines() if str(path) in line]
    assert len(refusal) == 1 and "not plain JSON" in refusal[0] and "left it untouched" in refusal[0], failed.stderr
    assert path.read_text(encoding="utf-8") == text
    ours(config(home, "cursor"), "cursor", home)  # the other client is wired all the same


def test_codex_inline_mcp_servers_table_is_refused_and_left_as_it_was(home):
    path = config(home, "codex")
    path.parent.mkdir(parents=True)
    text = 'mcp_servers = { docs = { command = "npx" } }\n'
    path.write_text(text, encoding="utf-8")
    failed = install(home, "--mcp", "codex", expect=1)
    assert "does not fit" in failed.stderr and path.read_text(encoding="utf-8") == text, failed.stderr


def test_unknown_client_is_one_line(home):
    failed = install(home, "--mcp", "vim", expect=1)
    assert failed.stderr.strip() == "install.sh: unknown MCP client vim (cursor, codex, gemini, claude-desktop or all)"


def test_the_workspace_with_quotes_and_spaces_reaches_toml_and_json_exactly(tmp_path):
    home = tmp_path / 'h "q" \\ ä'
    home.mkdir()
    install(home, "--mcp", "codex,claude-desktop")
    for client in ("codex", "claude-desktop"):
        ours(config(home, client), client, home)


@pytest.mark.parametrize("client", ["cursor", "codex"])
def test_the_entrys_command_starts_a_server_the_sdk_client_lists_tools_from(home, client):
    pytest.importorskip("mcp.server.mcpserver")
    import anyio
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    install(home, "--mcp", client)
    entry = ours(config(home, client), client, home)
    env = {k: v for k, v in os.environ.items() if k not in ("WORKSPACE",) and not k.startswith("HIPPOCAMPUS_")}

    async def main():
        params = StdioServerParameters(command=entry["command"], args=entry["args"], env={**env, "HOME": str(home)})
        with open(home / "server.err", "w", encoding="utf-8") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    names = {tool.name for tool in (await session.list_tools()).tools}
                    status = await session.call_tool("status", {})
                    return names, status
    names, status = anyio.run(main)
    assert {"recall", "remember", "reinforce", "forget", "load_core", "status"} <= names
    assert not status.is_error, status.content[0].text


def test_without_the_mcp_package_and_offline_one_line_and_the_entry_is_written(tmp_path, home):
    """A Python without mcp (a venv without pip, PyYAML and python-frontmatter lent through a .pth file):
    install.sh cannot install mcp, says so in one line, and wires the client all the same."""
    import frontmatter
    import yaml
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    lent = tmp_path / "lent"
    lent.mkdir()
    for module in (yaml, frontmatter):
        (lent / Path(module.__file__).parent.name).symlink_to(Path(module.__file__).parent)
    site = next(venv.glob("lib/python3*/site-packages"))
    (site / "lent.pth").write_text(str(lent) + "\n", encoding="utf-8")
    env = {"PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
           "PIP_NO_INDEX": "1"}
    probe = subprocess.run(["python3", "-c", "import mcp"], env={**os.environ, **env}, capture_output=True)
    assert probe.returncode != 0
    result = install(home, "--mcp", "cursor", env=env)
    notes = [line for line in result.stderr.splitlines() if "mcp" in line]
    assert len(notes) == 1 and "could not install the Python package mcp" in notes[0], result.stderr
    assert "pip install --user 'mcp>=2,<3'" in notes[0]
    entry = ours(config(home, "cursor"), "cursor", home)
    assert entry["command"].startswith(str(venv))  # the Python install.sh ran, where mcp goes once installed
    assert (home / "ws" / "memory" / "index.json").is_file()  # the rest of the install went on


# ------------------------------------------------------------------ the JSON text edit, on any layout
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                      max_leaves=8)
servers_value = st.dictionaries(st.text(max_size=8).filter(lambda k: k != "hippocampus"),
                                st.fixed_dictionaries({"command": st.text(max_size=8)}), max_size=3)
layouts = st.sampled_from([{"indent": None}, {"indent": 2}, {"indent": 4}, {"indent": "\t"},
                           {"indent": None, "separators": (",", ":")}])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.text(max_size=8).filter(lambda k: k != "mcpServers"), values, max_size=4),
       servers=st.one_of(st.none(), servers_value), layout=layouts, ascii=st.booleans(), newline=st.booleans())
def test_any_json_layout_comes_back_byte_for_byte(tmp_path, data, servers, layout, ascii, newline):
    """The user's file in any json.dumps layout (with or without mcpServers and their servers): our entry
    is added with the rest untouched, and taken out again to the very bytes."""
    from hippocampus.hosts import mcp_clients as mc
    if servers is not None:
        data = {**data, "mcpServers": servers}
    text = json.dumps(data, ensure_ascii=ascii, **layout) + ("\n" if newline else "")
    path = tmp_path / "mcp.json"
    path.write_text(text, encoding="utf-8")
    value = mc.entry("/usr/bin/python3", SERVER, "/srv/my memory")
    what, new = mc.plan("cursor", "add", path, value, SERVER)
    assert what == "added"
    added = json.loads(new)
    assert added["mcpServers"]["hippocampus"] == value
    assert {k: v for k, v in added.items() if k != "mcpServers"} == {k: v for k, v in data.items() if k != "mcpServers"}
    assert {k: v for k, v in added["mcpServers"].items() if k != "hippocampus"} == (servers or {})
    assert new.startswith(text[:text.index("{") + 1])
    path.write_text(new, encoding="utf-8")
    assert mc.plan("cursor", "add", path, value, SERVER)[0] == "unchanged"
    what, back = mc.plan("cursor", "remove", path, None, SERVER)
    assert what == "removed" and back == text


def test_where_each_client_reads_its_servers(tmp_path, monkeypatch):
    from hippocampus.hosts.mcp_clients import config_path
    monkeypatch.delenv("CODEX_HOME", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    home = tmp_path
    assert config_path("claude-desktop", home, "darwin") == \
        home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
    assert config_path("claude-desktop", home, "linux") == home / ".config" / "Claude" / "claude_desktop_config.json"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_path("claude-desktop", home, "linux") == tmp_path / "xdg" / "Claude" / "claude_desktop_config.json"
    monkeypatch.setenv("CODEX_HOME", str(tmp_path / "codex-home"))
    assert config_path("codex", home) == tmp_path / "codex-home" / "config.toml"


def test_codex_home_is_where_install_writes_and_uninstall_removes(home):
    codex = home / "elsewhere"
    install(home, "--mcp", "codex", env={"CODEX_HOME": str(codex)})
    ours(codex / "config.toml", "codex", home)
    assert not (home / ".codex").exists()
    install(home, "--mcp", "codex", "--uninstall", env={"CODEX_HOME": str(codex)})
    assert not (codex / "config.toml").exists()


def test_an_empty_config_file_is_wired_and_given_back_empty(tmp_path):
    from hippocampus.hosts import mcp_clients as mc
    path = tmp_path / "settings.json"
    value = mc.entry("/usr/bin/python3", SERVER, "/srv/mem")
    for empty in ("", "\n", " \r\n"):
        path.write_text(empty, encoding="utf-8", newline="")
        what, new = mc.plan("gemini", "add", path, value, SERVER)
        assert what == "added" and json.loads(new) == {"mcpServers": {"hippocampus": value}}
        path.write_text(new, encoding="utf-8", newline="")
        assert mc.plan("gemini", "remove", path, None, SERVER) == ("removed", empty)  # kept, as it was
    path.unlink()
    what, new = mc.plan("gemini", "add", path, value, SERVER)
    path.write_text(new, encoding="utf-8")
    assert mc.plan("gemini", "remove", path, None, SERVER)[0] == "deleted"  # the file we created goes

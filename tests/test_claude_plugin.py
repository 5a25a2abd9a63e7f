"""The Claude Code plugin: its manifests declare the MCP server, and the real Claude Code CLI (pinned in
.ci/run; $HIPPOCAMPUS_CLAUDE_CLI or `claude` on PATH) validates it, installs it from the marketplace and
health-checks its server (`claude mcp list`: Connected) in a fresh HOME."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, host_env

PLUGIN = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text(encoding="utf-8"))
MARKETPLACE = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text(encoding="utf-8"))


def claude_cli() -> str:
    found = os.environ.get("HIPPOCAMPUS_CLAUDE_CLI") or shutil.which("claude")
    if not found:
        pytest.skip("the Claude Code CLI is not installed ($HIPPOCAMPUS_CLAUDE_CLI or claude on PATH; "
                    ".ci/run installs the pinned one)")
    return found


def run_claude(*args: str, home, cwd, env: dict | None = None) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "ANTHROPIC_", "CLAUDE"))}
    full.update(HOME=str(home), **(env or {}))
    return subprocess.run([claude_cli(), *args], cwd=cwd, env=host_env(full), capture_output=True, text=True, timeout=180,
                          stdin=subprocess.DEVNULL)


def test_the_manifests_declare_the_mcp_server_of_this_repository():
    from hippocampus import __version__

    server = PLUGIN["mcpServers"]["hippocampus"]
    assert server["command"] == "python3"
    script = server["args"][0].replace("${CLAUDE_PLUGIN_ROOT}", str(ROOT))
    assert (ROOT / "scripts" / "mcp_server.py").samefile(script) and "--init" in server["args"]
    listed = [p for p in MARKETPLACE["plugins"] if p["name"] == PLUGIN["name"]]
    assert listed and listed[0]["source"] == "./"
    assert PLUGIN["version"] == listed[0]["version"] == __version__


def test_claude_plugin_validate_passes(tmp_path):
    for target in (".", ".claude-plugin/plugin.json"):
        result = run_claude("plugin", "validate", target, home=tmp_path, cwd=ROOT)
        assert result.returncode == 0 and "Validation passed" in result.stdout, result.stdout + result.stderr


def test_installed_from_the_marketplace_its_server_connects(tmp_path):
    claude_cli()
    probe = subprocess.run(["python3", "-c", "import mcp.server.mcpserver"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("mcp 2.x is not installed for the python3 on PATH, which the plugin's server runs with")
    home, project, workspace = tmp_path / "home", tmp_path / "project", tmp_path / "workspace"
    home.mkdir()
    project.mkdir()
    env = {"WORKSPACE": str(workspace)}
    added = run_claude("plugin", "marketplace", "add", str(ROOT), home=home, cwd=project, env=env)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = run_claude("plugin", "install", "hippocampus@hippocampus", home=home, cwd=project, env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    listed = run_claude("mcp", "list", home=home, cwd=project, env=env)
    line = next((row for row in listed.stdout.splitlines() if "hippocampus" in row), "")
    assert "Connected" in line, listed.stdout + listed.stderr
    assert (workspace / "hippocampus" / "index.json").is_file()  # --init made the workspace on the first start
    assert sys.executable  # (the server ran with the python3 on PATH, as a user's Claude Code runs it)

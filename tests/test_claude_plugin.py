"""The Claude Code plugin: its manifests declare the MCP server, its skill (skills/hippocampus/SKILL.md, made
from the top SKILL.md with ${CLAUDE_PLUGIN_ROOT} paths) is in step, its hooks (hooks/hooks.json) run
scripts/agent_hook.py from the plugin's folder, and the real Claude Code CLI (pinned in .ci/run;
$HIPPOCAMPUS_CLAUDE_CLI or `claude` on PATH) validates it, installs it from the marketplace offline and
health-checks its server (`claude mcp list`: Connected) in a fresh HOME."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, host_env



def plugin_hooks() -> dict:
    return json.loads((ROOT / "hooks" / "hooks.json").read_text(encoding="utf-8"))


PLUGIN_SKILL = ROOT / "skills" / "hippocampus" / "SKILL.md"
PLUGIN = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text(encoding="utf-8"))
MARKETPLACE = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text(encoding="utf-8"))


def claude_cli() -> str:
    found = os.environ.get("HIPPOCAMPUS_CLAUDE_CLI") or shutil.which("claude")
    if not found:  # the pinned one in the hosts cache (tests/hosts/install-hosts.sh)
        cached = (Path.home() / ".cache/hippocampus-hosts/claude-code-2.1.332/node_modules/@anthropic-ai/claude-code"
                  / "bin/claude.exe")
        found = str(cached) if cached.exists() else None
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
    # offline: every request through a proxy that is not there, and no update checks or telemetry
    env = {"WORKSPACE": str(workspace), "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
           "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
    added = run_claude("plugin", "marketplace", "add", str(ROOT), home=home, cwd=project, env=env)
    assert added.returncode == 0, added.stdout + added.stderr
    installed = run_claude("plugin", "install", "hippocampus@hippocampus", home=home, cwd=project, env=env)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    copy = next((home / ".claude" / "plugins" / "cache").glob("hippocampus/hippocampus/*"))
    assert (copy / "skills" / "hippocampus" / "SKILL.md").read_bytes() == PLUGIN_SKILL.read_bytes()
    assert json.loads((copy / "hooks" / "hooks.json").read_text(encoding="utf-8")) == plugin_hooks()
    listed = run_claude("mcp", "list", home=home, cwd=project, env=env)
    line = next((row for row in listed.stdout.splitlines() if "hippocampus" in row), "")
    assert "Connected" in line, listed.stdout + listed.stderr
    assert (workspace / "memory" / "index.json").is_file()  # --init made the workspace on the first start
    assert sys.executable  # (the server ran with the python3 on PATH, as a user's Claude Code runs it)


def test_the_top_skill_names_its_files_relative_to_its_folder():
    """Agent Skills: paths relative to the skill's root ({baseDir} is OpenClaw's only)."""
    text = (ROOT / "SKILL.md").read_text(encoding="utf-8")
    assert "{baseDir}" not in text
    named = set(re.findall(r"(?<![\w./${}-])((?:scripts|references)/[\w./-]+\.(?:py|md))", text))
    assert len(named) > 20, named
    assert [path for path in named if not (ROOT / path).is_file()] == []


def test_the_plugin_skill_is_the_top_skill_with_plugin_paths():
    from hippocampus.hosts.plugin_skill import render

    text = PLUGIN_SKILL.read_text(encoding="utf-8")
    assert text == render((ROOT / "SKILL.md").read_text(encoding="utf-8")), \
        "skills/hippocampus/SKILL.md is out of step: cd scripts && python3 -m hippocampus.hosts.plugin_skill"
    assert not PLUGIN_SKILL.is_symlink()
    assert text.startswith("---\nname: hippocampus\n")
    named = re.findall(r"\$\{CLAUDE_PLUGIN_ROOT\}/([\w./-]+\.(?:py|md))", text)
    assert len(named) > 20 and [path for path in named if not (ROOT / path).is_file()] == []
    # nothing left relative to skills/hippocampus/, where the plugin's skill lives
    assert re.findall(r"(?<![\w./${}-])(?:scripts|references|assets)/", text) == []


def test_the_plugin_hooks_run_agent_hook_from_the_plugin_and_session_start_gives_core_memories(ws):
    commands = {event: [h["command"] for group in groups for h in group["hooks"]]
                for event, groups in plugin_hooks()["hooks"].items()}
    assert set(commands) == {"SessionStart", "Stop", "SessionEnd"}
    for event, found in commands.items():
        what = "session-start" if event == "SessionStart" else "session-end"
        assert found == [f'python3 "${{CLAUDE_PLUGIN_ROOT}}/scripts/agent_hook.py" {what}'], found
    ws.remember("User's name is Dana", "--importance", "0.95")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(CLAUDE_PLUGIN_ROOT=str(ROOT), WORKSPACE=str(ws.root))  # as Claude Code runs a plugin's hook
    shown = subprocess.run(commands["SessionStart"][0], shell=True, capture_output=True, text=True, env=env,
                           input='{"hook_event_name": "SessionStart", "source": "startup"}', timeout=60)
    answer = json.loads(shown.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "SessionStart" and "User's name is Dana" in answer["additionalContext"]

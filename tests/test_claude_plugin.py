"""The Claude Code plugin: its manifests declare the MCP server, its skill (skills/hippocampus/SKILL.md, made
from the top SKILL.md with ${CLAUDE_PLUGIN_ROOT} paths) is in step, its hooks (hooks/hooks.json) run
scripts/agent_hook.py from the plugin's folder, and the real Claude Code CLI (pinned in .ci/run;
$HIPPOCAMPUS_CLAUDE_CLI or `claude` on PATH) validates it (as the plugin directory would: a LICENSE),
installs it from the marketplace offline and health-checks its server (`claude mcp list`: Connected) in a
fresh HOME. Beside `install.sh --claude-code`, each notices the other: install.sh wires nothing where the
CLI says the plugin is enabled (but with --force), and the plugin's hooks stay silent where install.sh's
answer, so the core memories come once (hosts/claude_plugin.py)."""

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
    # --profile directory: also what the plugin directory refuses a submission for (LICENSE_MISSING)
    for target in (".", ".claude-plugin/plugin.json"):
        result = run_claude("plugin", "validate", "--profile", "directory", target, home=tmp_path, cwd=ROOT)
        assert result.returncode == 0 and "Validation passed" in result.stdout, result.stdout + result.stderr
        assert "LICENSE" not in result.stdout, result.stdout
    license = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license.startswith("MIT License\n\nCopyright (c) 2026 the hippocampus authors\n") and PLUGIN["license"] == "MIT"


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
        assert found == [f'python3 "${{CLAUDE_PLUGIN_ROOT}}/scripts/agent_hook.py" {what} --from-plugin'], found
    ws.remember("User's name is Dana", "--importance", "0.95")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(CLAUDE_PLUGIN_ROOT=str(ROOT), WORKSPACE=str(ws.root))  # as Claude Code runs a plugin's hook
    shown = subprocess.run(commands["SessionStart"][0], shell=True, capture_output=True, text=True, env=env,
                           input='{"hook_event_name": "SessionStart", "source": "startup"}', timeout=60)
    answer = json.loads(shown.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "SessionStart" and "User's name is Dana" in answer["additionalContext"]


OFFLINE = {"HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9",
           "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}


def with_the_plugin(home: Path, project: Path, *scope: str) -> Path:
    """The plugin installed from this folder by the real CLI (offline); its installed copy."""
    for step in (("plugin", "marketplace", "add", str(ROOT)), ("plugin", "install", *scope, "hippocampus@hippocampus")):
        done = run_claude(*step, home=home, cwd=project, env=OFFLINE)
        assert done.returncode == 0, done.stdout + done.stderr
    return next((home / ".claude" / "plugins" / "cache").glob("hippocampus/hippocampus/*"))


def install_sh(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "ANTHROPIC_", "CLAUDE", "WORKSPACE"))}
    env.update(HOME=str(home), HIPPOCAMPUS_CLAUDE_CLI=claude_cli(), **OFFLINE)
    result = subprocess.run([str(ROOT / "install.sh"), "--no-openclaw-config", *args], capture_output=True, text=True,
                            env=host_env(env), timeout=600, cwd=home, stdin=subprocess.DEVNULL)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stdout + result.stderr
    return result


def ours_in(home: Path, *files: Path) -> list[str]:
    """Where install.sh's wiring is: our hooks in these settings files, our server in ~/.claude.json."""
    found = [str(f) for f in files if f.exists() and "--hippocampus-hook" in f.read_text(encoding="utf-8")]
    state = home / ".claude.json"
    if state.exists() and "hippocampus" in (json.loads(state.read_text(encoding="utf-8")).get("mcpServers") or {}):
        found.append(str(state))
    return found


def test_install_sh_wires_nothing_where_the_plugin_is_enabled_and_says_so(tmp_path):
    home, project, other, workspace = tmp_path / "home", tmp_path / "project", tmp_path / "other", tmp_path / "ws"
    for folder in (home, project, other):
        folder.mkdir()
    with_the_plugin(home, project)  # user scope: every session has it
    user, block = home / ".claude" / "settings.json", home / ".claude" / "CLAUDE.md"
    settings_before = user.read_bytes()
    said = install_sh(home, "--workspace", str(workspace), "--claude-code").stdout
    assert "the hippocampus plugin is enabled (hippocampus@hippocampus (user scope))" in said, said
    assert "claude plugin uninstall hippocampus@hippocampus" in said and "--force" in said, said
    assert user.read_bytes() == settings_before and not block.exists() and ours_in(home, user) == []
    local = project / ".claude" / "settings.local.json"
    said = install_sh(home, "--workspace", str(workspace), "--claude-code", str(other)).stdout  # a project: the same
    assert "plugin is enabled" in said and ours_in(home, user, other / ".claude" / "settings.local.json") == []
    disabled = run_claude("plugin", "disable", "--scope", "user", "hippocampus@hippocampus", home=home, cwd=project,
                          env=OFFLINE)
    assert disabled.returncode == 0, disabled.stdout + disabled.stderr
    said = install_sh(home, "--workspace", str(workspace), "--claude-code", str(other)).stdout  # disabled: wired
    assert "plugin" not in said and ours_in(home, other / ".claude" / "settings.local.json"), said
    install_sh(home, "--workspace", str(workspace), "--claude-code", str(other), "--uninstall")
    # installed for one project only: a user-scope wiring would double it there, a project's elsewhere would not
    enabled = run_claude("plugin", "install", "--scope", "local", "hippocampus@hippocampus", home=home, cwd=project,
                         env=OFFLINE)
    assert enabled.returncode == 0, enabled.stdout + enabled.stderr
    said = install_sh(home, "--workspace", str(workspace), "--claude-code").stdout
    assert f"hippocampus@hippocampus (local scope in {project.resolve()})" in said and ours_in(home, user) == [], said
    said = install_sh(home, "--workspace", str(workspace), "--claude-code", str(other)).stdout
    assert "plugin" not in said and ours_in(home, other / ".claude" / "settings.local.json"), said
    assert not local.exists() or "--hippocampus-hook" not in local.read_text()


def test_wired_by_both_with_force_the_core_memories_come_once(tmp_path):
    home, project, workspace = tmp_path / "home", tmp_path / "project", tmp_path / "ws"
    home.mkdir()
    project.mkdir()
    copy = with_the_plugin(home, project)
    said = install_sh(home, "--workspace", str(workspace), "--claude-code", "--force").stdout
    assert "--force: wiring all the same" in said and "added SessionStart" in said, said
    user = home / ".claude" / "settings.json"
    assert ours_in(home, user) == [str(user), str(home / ".claude.json")]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "CLAUDE", "WORKSPACE"))}
    env["HOME"] = str(home)
    subprocess.run([sys.executable, str(ROOT / "scripts" / "remember.py"), "--workspace", str(workspace),
                    "User's name is Dana", "--importance", "0.95"], check=True, capture_output=True, env=env)
    # both SessionStart hooks, as Claude Code runs them: the plugin's from its installed copy, on $WORKSPACE
    plugin = json.loads((copy / "hooks" / "hooks.json").read_text(encoding="utf-8"))["hooks"]["SessionStart"]
    settings = json.loads(user.read_text(encoding="utf-8"))["hooks"]["SessionStart"]
    event = json.dumps({"hook_event_name": "SessionStart", "source": "startup", "cwd": str(project),
                        "session_id": "s1"})
    answers = []
    for command, extra in ([(h["command"], {"CLAUDE_PLUGIN_ROOT": str(copy)}) for g in plugin for h in g["hooks"]]
                           + [(h["command"], {}) for g in settings for h in g["hooks"]]):
        ran = subprocess.run(command, shell=True, capture_output=True, text=True, input=event, timeout=60,
                             env={**env, "WORKSPACE": str(workspace), "CLAUDE_PROJECT_DIR": str(project), **extra})
        assert ran.returncode == 0, ran.stderr
        answers.append(ran.stdout)
    given = [a for a in answers if a.strip()]
    assert len(answers) == 2 and len(given) == 1, answers
    assert "User's name is Dana" in json.loads(given[0])["hookSpecificOutput"]["additionalContext"]
    assert "--hippocampus-hook" in settings[0]["hooks"][0]["command"]  # install.sh's answers (its workspace)
    again = install_sh(home, "--workspace", str(workspace), "--claude-code").stdout  # without --force: says what is left
    assert f"note: {user} still has install.sh's hooks from before" in again and "--uninstall --claude-code" in again
    install_sh(home, "--workspace", str(workspace), "--claude-code", "--uninstall")  # the plugin's answers again
    ran = subprocess.run(plugin[0]["hooks"][0]["command"], shell=True, capture_output=True, text=True, input=event,
                         timeout=60, env={**env, "WORKSPACE": str(workspace), "CLAUDE_PLUGIN_ROOT": str(copy),
                                          "CLAUDE_PROJECT_DIR": str(project)})
    assert "User's name is Dana" in json.loads(ran.stdout)["hookSpecificOutput"]["additionalContext"]

"""install.sh wires hippocampus into OpenClaw and Claude Code: once, byte-identical outside our keys and
markers, --dry-run changes nothing, --uninstall removes exactly what was added."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

OPENCLAW = {"agents": {"defaults": {"model": "anthropic/claude-sonnet-4-5"}},
            "memory": {"search": {"extraPaths": ["notes/extra.md"]}},
            "gateway": {"port": 18789, "auth": {"mode": "token", "token": "gateway-token-in-the-config"}},
            "channels": {"telegram": {"enabled": True}}}
SETTINGS = {"permissions": {"allow": ["Bash(npm test)"]},
            "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}}


def install(tmp_path: Path, *args: str, expect: int = 0) -> subprocess.CompletedProcess:
    # (without the Claude Code CLI: tests/test_install_claude_code.py runs install.sh with the real one)
    env = {**{k: v for k, v in os.environ.items() if k != "HIPPOCAMPUS_CLAUDE_CLI"}, "HOME": str(tmp_path / "home")}
    result = subprocess.run([str(ROOT / "install.sh"), "--workspace", str(tmp_path / "ws"), *args],
                            capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path)
    assert result.returncode == expect, (result.stdout, result.stderr)
    return result


def test_openclaw_config_gets_our_path_once_keeps_everything_and_uninstalls_exactly(tmp_path):
    # without the openclaw CLI (tests/hosts/ runs the same against the real one): plain JSON, edited as text
    config = tmp_path / "home" / ".openclaw" / "openclaw.json"
    config.parent.mkdir(parents=True)
    original = json.dumps(OPENCLAW, indent=2) + "\n"
    config.write_text(original)
    dry = install(tmp_path, "--dry-run")
    assert "would add" in dry.stdout and config.read_text() == original
    first = install(tmp_path)  # ~/.openclaw/openclaw.json is found without being named
    assert "added" in first.stdout
    data = json.loads(config.read_text())
    core = str(tmp_path / "ws" / "HIPPOCAMPUS_CORE.md")
    assert data["memory"]["search"]["extraPaths"] == ["notes/extra.md", core]
    assert data["skills"]["load"]["extraDirs"] == [str(ROOT)]
    assert "memorySearch" not in config.read_text()  # the key OpenClaw rejects since it moved
    assert data["gateway"] == OPENCLAW["gateway"] and data["channels"] == OPENCLAW["channels"]
    assert data["agents"] == OPENCLAW["agents"]
    leftovers = [p.name for p in config.parent.iterdir() if p != config]
    assert leftovers == []  # no backup holding the gateway token, no temp file
    assert not (tmp_path / "ws" / "skills" / "hippocampus").exists()  # no link OpenClaw would skip
    second = install(tmp_path)
    assert "already lists" in second.stdout
    assert json.loads(config.read_text())["memory"]["search"]["extraPaths"].count(core) == 1
    install(tmp_path, "--uninstall")
    assert config.read_text() == original


def test_openclaws_own_workspace_gets_no_core_file_and_an_earlier_entry_is_taken_out(tmp_path):
    # memory-core indexes that workspace's MEMORY.md (our core section) already: the core file would be a copy
    config = tmp_path / "home" / ".openclaw" / "openclaw.json"
    config.parent.mkdir(parents=True)
    ws = tmp_path / "oc-ws"
    core = str(ws / "HIPPOCAMPUS_CORE.md")
    config.write_text(json.dumps({"agents": {"defaults": {"workspace": str(ws)}},
                                  "memory": {"search": {"extraPaths": [core]}}}, indent=2) + "\n")
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    result = subprocess.run([str(ROOT / "install.sh"), "--workspace", str(ws)], env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0 and "finds the live memories under memory/" in result.stdout, result.stderr
    assert json.loads(config.read_text()) == {"agents": {"defaults": {"workspace": str(ws)}},
                                              "skills": {"load": {"extraDirs": [str(ROOT)]}}}


def test_openclaw_config_path_and_state_dir_are_where_the_config_is(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    (state / "openclaw.json").write_text("{}\n")
    env = {**os.environ, "HOME": str(tmp_path / "home"), "OPENCLAW_STATE_DIR": str(state)}
    subprocess.run([str(ROOT / "install.sh"), "--workspace", str(tmp_path / "ws")], env=env, check=True,
                   capture_output=True, timeout=300)
    assert json.loads((state / "openclaw.json").read_text())["skills"]["load"]["extraDirs"] == [str(ROOT)]
    other = tmp_path / "elsewhere.json"
    other.write_text("{}\n")
    subprocess.run([str(ROOT / "install.sh"), "--workspace", str(tmp_path / "ws")], check=True, timeout=300,
                   env={**env, "OPENCLAW_CONFIG_PATH": str(other)}, capture_output=True)
    assert "memory" in json.loads(other.read_text())


def test_a_json5_config_without_openclaw_to_check_it_is_refused_untouched(tmp_path):
    config = tmp_path / "openclaw.json5"
    text = "{\n  // comments are JSON5\n  agents: {defaults: {}},\n}\n"
    config.write_text(text)
    result = install(tmp_path, "--openclaw-config", str(config), expect=1)
    assert "left it untouched" in result.stderr and result.stderr.count("\n") == 1
    assert config.read_text() == text


def test_agents_md_block_is_idempotent_and_everything_else_byte_identical(tmp_path):
    agents = tmp_path / "AGENTS.md"
    original = "# Agents\r\n\r\nBe kind.   \n- a list\nno final newline"
    agents.write_bytes(original.encode())
    install(tmp_path, "--no-openclaw-config", "--agents-md", str(agents))
    text = agents.read_bytes().decode()
    assert text.startswith(original) and text.count("<!-- hippocampus:start -->") == 1
    assert f"python3 -S {ROOT}/scripts/load_core.py" in text
    install(tmp_path, "--no-openclaw-config", "--agents-md", str(agents))
    assert agents.read_bytes().decode() == text
    install(tmp_path, "--no-openclaw-config", "--agents-md", str(agents), "--uninstall")
    assert agents.read_bytes().decode() == original


def test_claude_code_hooks_merge_run_and_uninstall_exactly(tmp_path):
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    settings = project / ".claude" / "settings.json"
    original = json.dumps(SETTINGS, indent=2) + "\n"
    settings.write_text(original)
    (project / "CLAUDE.md").write_text("# Project\n\nUse pytest.\n")
    install(tmp_path, "--no-openclaw-config", "--shared", "--claude-code", str(project), "--dry-run")
    assert settings.read_text() == original and "hippocampus" not in (project / "CLAUDE.md").read_text()
    install(tmp_path, "--no-openclaw-config", "--shared", "--claude-code", str(project))
    install(tmp_path, "--no-openclaw-config", "--shared", "--claude-code", str(project))
    data = json.loads(settings.read_text())
    assert data["permissions"] == SETTINGS["permissions"]
    assert data["hooks"]["Stop"][0] == SETTINGS["hooks"]["Stop"][0] and len(data["hooks"]["Stop"]) == 2
    assert len(data["hooks"]["SessionStart"]) == 1 and len(data["hooks"]["SessionEnd"]) == 1
    assert "<!-- hippocampus:start -->" in (project / "CLAUDE.md").read_text()
    # the hooks work: session start prints core memory; session end learns in the background
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    subprocess.run([sys.executable, str(ROOT / "scripts" / "remember.py"), "--workspace", str(tmp_path / "ws"),
                    "User's name is Dana", "--importance", "0.95"], check=True, capture_output=True, env=env)
    start = data["hooks"]["SessionStart"][0]["hooks"][0]["command"]
    shown = subprocess.run(start, shell=True, capture_output=True, text=True, env=env, input="{}", timeout=60)
    assert shown.returncode == 0
    answer = json.loads(shown.stdout)["hookSpecificOutput"]  # Claude Code's SessionStart JSON
    assert answer["hookEventName"] == "SessionStart" and "User's name is Dana" in answer["additionalContext"]
    transcript = tmp_path / "session.jsonl"
    transcript.write_text(json.dumps({"type": "user", "sessionId": "s1", "uuid": "u1", "timestamp": "2026-03-01T10:00:00Z",
                                      "message": {"role": "user", "content": "Remember that I deploy on Thursdays."}}) + "\n")
    end = data["hooks"]["SessionEnd"][0]["hooks"][0]["command"]
    began = time.monotonic()
    finished = subprocess.run(end, shell=True, capture_output=True, text=True, env=env, timeout=60,
                              input=json.dumps({"transcript_path": str(transcript), "hook_event_name": "SessionEnd"}))
    assert finished.returncode == 0 and time.monotonic() - began < 5  # never blocks the session
    index = tmp_path / "ws" / "memory" / "index.json"
    for _ in range(100):
        if "deploy on Thursdays" in index.read_text():
            break
        time.sleep(0.2)
    assert "deploy on Thursdays" in index.read_text()
    broken = subprocess.run(end.replace(str(tmp_path / "ws"), str(tmp_path / "nowhere")), shell=True,
                            capture_output=True, text=True, env=env, input="not json", timeout=60)
    assert broken.returncode == 0  # never fails the session
    install(tmp_path, "--no-openclaw-config", "--shared", "--claude-code", str(project), "--uninstall")
    assert settings.read_text() == original
    assert (project / "CLAUDE.md").read_text() == "# Project\n\nUse pytest.\n"


def test_claude_code_in_a_project_without_settings_leaves_nothing_behind(tmp_path):
    project = tmp_path / "bare"
    project.mkdir()
    install(tmp_path, "--no-openclaw-config", "--shared", "--claude-code", str(project))
    assert (project / ".claude" / "settings.json").exists() and (project / "CLAUDE.md").exists()
    install(tmp_path, "--no-openclaw-config", "--shared", "--claude-code", str(project), "--uninstall")
    assert list(project.iterdir()) == []

"""install.sh finds OpenClaw's config and workspace as the scripts do (openclaw_config.py):
$OPENCLAW_CONFIG_PATH, $OPENCLAW_STATE_DIR, $OPENCLAW_PROFILE, $OPENCLAW_WORKSPACE_DIR, `~` in them.
Where our workspace is OpenClaw's, core memories reach its search through MEMORY.md, so install.sh
must not add HIPPOCAMPUS_CORE.md as well (each core memory would be served twice)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = {"gateway": {"port": 18789}, "channels": {"telegram": {"enabled": True}}}


def install(tmp_path: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    # without the openclaw CLI on PATH (tests/hosts/ runs install.sh with the real one)
    full = {k: v for k, v in os.environ.items()
            if not k.startswith(("OPENCLAW_", "HIPPOCAMPUS_")) and k != "WORKSPACE"}
    full.update(HOME=str(tmp_path / "home"), **env)
    result = subprocess.run([str(ROOT / "install.sh"), *args], capture_output=True, text=True, env=full,
                            timeout=300, cwd=tmp_path)
    assert result.returncode == 0, (result.stdout, result.stderr)
    return result


def config_at(path: Path, data: dict = CONFIG) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")
    return path


@pytest.mark.parametrize("how", ["state dir", "state dir with ~", "profile", "workspace dir"])
def test_openclaws_own_workspace_is_found_where_its_environment_puts_it(tmp_path, how):
    home = tmp_path / "home"
    if how == "state dir":
        env, config = {"OPENCLAW_STATE_DIR": str(tmp_path / "state")}, tmp_path / "state" / "openclaw.json"
        workspace = tmp_path / "state" / "workspace"
    elif how == "state dir with ~":
        env, config = {"OPENCLAW_STATE_DIR": "~/elsewhere"}, home / "elsewhere" / "openclaw.json"
        workspace = home / "elsewhere" / "workspace"
    elif how == "profile":
        env, config = {"OPENCLAW_PROFILE": "work"}, home / ".openclaw-work" / "openclaw.json"
        workspace = home / ".openclaw-work" / "workspace"
    else:
        workspace = tmp_path / "agent-home"
        env, config = {"OPENCLAW_WORKSPACE_DIR": str(workspace)}, home / ".openclaw" / "openclaw.json"
    config_at(config)
    result = install(tmp_path, env)  # no --workspace, no --openclaw-config: both as OpenClaw has them
    assert (workspace / "memory" / "index.json").is_file(), result.stdout
    data = json.loads(config.read_text())
    assert data["skills"]["load"]["extraDirs"] == [str(ROOT)]
    assert "memory" not in data  # OpenClaw's own workspace: MEMORY.md carries the core memories, once
    assert "finds the live memories under memory/" in result.stdout


def test_a_config_named_by_openclaw_config_path_is_edited_and_its_workspace_read(tmp_path):
    workspace = tmp_path / "agents" / "ws"
    config = config_at(tmp_path / "cfg" / "oc.json", {**CONFIG, "agents": {"defaults": {"workspace": str(workspace)}}})
    install(tmp_path, {"OPENCLAW_CONFIG_PATH": str(config)})
    assert (workspace / "memory" / "index.json").is_file()
    data = json.loads(config.read_text())
    assert data["skills"]["load"]["extraDirs"] == [str(ROOT)] and "memory" not in data
    assert not (tmp_path / "home" / ".openclaw").exists()  # the default location was never written


def test_another_workspace_gets_the_core_file_in_extra_paths(tmp_path):
    config = config_at(tmp_path / "state" / "openclaw.json")
    other = tmp_path / "mine"
    install(tmp_path, {"OPENCLAW_STATE_DIR": str(tmp_path / "state")}, "--workspace", str(other))
    assert json.loads(config.read_text())["memory"]["search"]["extraPaths"] == [str(other / "HIPPOCAMPUS_CORE.md")]

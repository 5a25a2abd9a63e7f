"""install.sh --claude-code: our hooks found by an exact marker (a user's own agent_hook.py is theirs),
personal paths only in user or local scope unless --shared, no backup left, core memories given once,
the same workspace for hooks, block and MCP server, and --uninstall gives every file back byte for byte."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import host_env

ROOT = Path(__file__).resolve().parents[1]
HOOK = str(ROOT / "scripts" / "agent_hook.py")
USER_HOOK = "python3 ~/.claude/hooks/agent_hook.py notify"


def install(tmp_path: Path, *args: str, env: dict | None = None, expect: int = 0, cwd=None):
    full = {k: v for k, v in os.environ.items() if k not in ("HIPPOCAMPUS_CLAUDE_CLI", "WORKSPACE")}
    full.update({"HOME": str(tmp_path / "home"), **(env or {})})
    if "HIPPOCAMPUS_CLAUDE_CLI" in full:  # install.sh runs the real Claude Code, which cannot run under faketime
        full = host_env(full)
    result = subprocess.run([str(ROOT / "install.sh"), "--no-openclaw-config", *args], capture_output=True,
                            text=True, env=full, timeout=300, cwd=cwd or tmp_path)
    assert result.returncode == expect, (result.stdout, result.stderr)
    return result


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def commands(settings: dict, event: str) -> list[str]:
    return [h["command"] for group in settings.get("hooks", {}).get(event, []) for h in group.get("hooks", [])]


def test_a_users_own_agent_hook_is_kept_and_ours_is_added_then_removed_exactly(tmp_path):
    claude = tmp_path / "home" / ".claude"
    claude.mkdir(parents=True)
    settings = claude / "settings.json"
    user = {"model": "opus", "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": USER_HOOK}]}],
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": USER_HOOK + " start"},
                                                          {"type": "command", "command": f"python3 {HOOK} status"}]}]}}
    original = json.dumps(user, indent=4).encode()  # 4 spaces and no final newline: kept as they are
    settings.write_bytes(original)
    out = install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code").stdout
    assert "added SessionStart" in out, out
    data = json.loads(settings.read_text())
    assert data["model"] == "opus"
    for event in ("Stop", "SessionStart", "SessionEnd"):
        ours = [c for c in commands(data, event) if c.endswith("--hippocampus-hook")]
        assert len(ours) == 1 and ours[0].startswith(f"python3 {HOOK} session-"), (event, data)
    assert USER_HOOK in commands(data, "Stop") and data["hooks"]["SessionStart"][0] == user["hooks"]["SessionStart"][0]
    again = settings.read_bytes()
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code")
    assert settings.read_bytes() == again  # idempotent
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", "--uninstall")
    assert settings.read_bytes() == original
    assert not list(claude.glob("*.bak")) and not list(claude.glob(".settings.json.*"))


def test_project_wiring_is_local_scope_unless_shared_and_uninstall_is_byte_for_byte(tmp_path):
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    team = {"permissions": {"allow": ["Bash(npm test)"]}}
    (project / ".claude" / "settings.json").write_text(json.dumps(team, indent=2) + "\n")
    (project / "CLAUDE.md").write_text("# Project\n\nUse pytest.\n")
    before = snapshot(project)
    workspace = tmp_path / "my store"
    install(tmp_path, "--workspace", str(workspace), "--claude-code", str(project))
    after = snapshot(project)
    assert after[".claude/settings.json"] == before[".claude/settings.json"]  # the team's files: untouched
    assert after["CLAUDE.md"] == before["CLAUDE.md"]
    assert set(after) == set(before) | {".claude/settings.local.json", "CLAUDE.local.md"}, set(after)
    local = json.loads(after[".claude/settings.local.json"])
    start = commands(local, "SessionStart")
    assert len(start) == 1 and f"--workspace '{workspace}'" in start[0]
    block = after["CLAUDE.local.md"].decode()
    assert f"remember.py --workspace '{workspace.resolve()}'" in block  # the agent writes the hooks' store
    assert "load_core" not in block  # core memories come once: from the SessionStart hook
    # the hook answers in Claude Code's SessionStart JSON
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    subprocess.run(["python3", str(ROOT / "scripts" / "remember.py"), "--workspace", str(workspace),
                    "User's name is Dana", "--importance", "0.95"], check=True, capture_output=True, env=env)
    shown = subprocess.run(start[0], shell=True, capture_output=True, text=True, env=env, input="{}", timeout=60)
    answer = json.loads(shown.stdout)["hookSpecificOutput"]
    assert answer["hookEventName"] == "SessionStart" and "User's name is Dana" in answer["additionalContext"]
    install(tmp_path, "--workspace", str(workspace), "--claude-code", str(project), "--uninstall")
    assert snapshot(project) == before
    install(tmp_path, "--workspace", str(workspace), "--shared", "--claude-code", str(project))
    shared = json.loads((project / ".claude" / "settings.json").read_text())
    assert shared["permissions"] == team["permissions"] and len(commands(shared, "Stop")) == 1
    assert "<!-- hippocampus:start -->" in (project / "CLAUDE.md").read_text()
    assert not (project / ".claude" / "settings.local.json").exists()
    install(tmp_path, "--workspace", str(workspace), "--claude-code", str(project), "--uninstall")
    assert snapshot(project) == before
    assert not list(project.rglob("*.bak"))


def test_the_default_workspace_needs_no_workspace_option_in_the_block(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    default = tmp_path / "home" / ".openclaw" / "workspace"
    install(tmp_path, "--workspace", str(default), "--claude-code", str(project))
    block = (project / "CLAUDE.local.md").read_text()
    assert f"scripts/remember.py \"...\"" in block and "--workspace" not in block
    install(tmp_path, "--workspace", str(default), "--claude-code", str(project), "--uninstall")
    assert list(project.iterdir()) == []


def claude_cli() -> str:
    found = os.environ.get("HIPPOCAMPUS_CLAUDE_CLI") or shutil.which("claude")
    if not found:
        cached = Path.home() / ".cache/hippocampus-hosts/claude-code-2.1.332/node_modules/@anthropic-ai/claude-code/bin/claude.exe"
        found = str(cached) if cached.exists() else None
    if not found:
        pytest.skip("the Claude Code CLI is not installed ($HIPPOCAMPUS_CLAUDE_CLI or claude on PATH)")
    return found


def test_real_claude_code_sees_the_mcp_server_connected_and_uninstall_removes_it(tmp_path):
    cli = claude_cli()
    pytest.importorskip("mcp")
    project = tmp_path / "project"
    project.mkdir()
    env = {"HIPPOCAMPUS_CLAUDE_CLI": cli, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
    full = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "ANTHROPIC_", "CLAUDE"))}
    full = host_env({**full, "HOME": str(tmp_path / "home"), **env})
    (tmp_path / "home").mkdir()
    out = install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), env=env).stdout
    assert "registered the MCP server" in out, out
    listed = subprocess.run([cli, "mcp", "list"], cwd=project, env=full, capture_output=True, text=True, timeout=180)
    line = next((l for l in listed.stdout.splitlines() if l.startswith("hippocampus")), "")
    assert "✔ Connected" in line and str(ROOT / "scripts" / "mcp_server.py") in line, listed.stdout + listed.stderr
    again = install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), env=env).stdout
    assert "already has the MCP server" in again, again
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), "--uninstall", env=env)
    listed = subprocess.run([cli, "mcp", "list"], cwd=project, env=full, capture_output=True, text=True, timeout=180)
    assert "hippocampus" not in listed.stdout, listed.stdout
    assert list(project.iterdir()) == []


def test_dry_run_and_bad_settings_change_nothing_and_the_mode_is_kept(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    local = project / ".claude" / "settings.local.json"
    local.write_text('{"env": {"API_TOKEN": "t0ken"}}\n')
    local.chmod(0o600)
    before = snapshot(project)
    dry = install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), "--dry-run")
    assert "would add" in dry.stdout and snapshot(project) == before, dry.stdout
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project))
    assert local.stat().st_mode & 0o777 == 0o600 and json.loads(local.read_text())["env"] == {"API_TOKEN": "t0ken"}
    assert sorted(p.name for p in (project / ".claude").iterdir()) == ["settings.local.json"]  # no backup, no temp
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), "--uninstall")
    assert snapshot(project) == before
    local.write_text('{"env": {"API_TOKEN": "t0ken"},}\n')  # not JSON
    broken = snapshot(project)
    failed = install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), expect=1)
    assert "is not JSON; left it untouched" in failed.stderr and "Traceback" not in failed.stderr
    assert snapshot(project) == broken


def test_an_older_install_in_the_team_files_moves_to_local_scope(tmp_path):
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    team = project / ".claude" / "settings.json"
    old = f"python3 {HOOK} session-end --workspace {tmp_path / 'ws'} --project {project}"  # the pre-marker shape
    original = json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": USER_HOOK}]}]}}, indent=2) + "\n"
    team.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": USER_HOOK}]},
                                                   {"hooks": [{"type": "command", "command": old}]}]}}, indent=2) + "\n")
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project))
    assert team.read_text() == original
    assert len(commands(json.loads((project / ".claude" / "settings.local.json").read_text()), "Stop")) == 1
    install(tmp_path, "--workspace", str(tmp_path / "ws"), "--claude-code", str(project), "--uninstall")
    assert team.read_text() == original and sorted(p.name for p in (project / ".claude").iterdir()) == ["settings.json"]


def test_claude_code_changes_only_claude_codes_files_and_names_each_one(tmp_path):
    """OpenClaw's config is not touched by --claude-code (nor --mcp) unless named; every file that
    changes in HOME is named in what install.sh prints (with the real CLI when it is there)."""
    home = tmp_path / "home"
    config = home / ".openclaw" / "openclaw.json"
    config.parent.mkdir(parents=True)
    config.write_text('{"gateway": {"port": 18789}}\n')
    (home / ".claude").mkdir()
    (home / ".claude" / "settings.json").write_text('{"model": "opus"}\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "CLAUDE", "WORKSPACE"))}
    env.update(HOME=str(home), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_AUTOUPDATER="1")
    cli = os.environ.get("HIPPOCAMPUS_CLAUDE_CLI") or shutil.which("claude")
    if cli:
        env = host_env({**env, "HIPPOCAMPUS_CLAUDE_CLI": cli})
    outside = lambda p: not p.startswith(("ws/", ".claude/backups/"))  # the workspace; Claude Code's own backups
    before = {p: data for p, data in snapshot(home).items() if outside(p)}
    for args in (("--claude-code",), ("--mcp", "cursor")):
        done = subprocess.run([str(ROOT / "install.sh"), "--workspace", str(home / "ws"), *args], capture_output=True,
                              text=True, env=env, timeout=300, cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        assert config.read_bytes() == b'{"gateway": {"port": 18789}}\n', (args, done.stdout)
        assert f"OpenClaw: {config} left as it is" in done.stdout and "--openclaw-config" in done.stdout
        after = {p: data for p, data in snapshot(home).items() if outside(p)}
        changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        assert changed and [p for p in changed if str(home / p) not in done.stdout] == [], (changed, done.stdout)
        before = after
    subprocess.run([str(ROOT / "install.sh"), "--workspace", str(home / "ws"), "--claude-code", "--mcp", "cursor",
                    "--uninstall"], capture_output=True, env=env, timeout=300, cwd=tmp_path, check=True)
    assert (home / ".claude" / "settings.json").read_text() == '{"model": "opus"}\n'
    wired = subprocess.run([str(ROOT / "install.sh"), "--workspace", str(home / "ws"), "--claude-code",
                            "--openclaw-config", str(config)], capture_output=True, text=True, env=env, timeout=300,
                           cwd=tmp_path)
    assert wired.returncode == 0 and str(ROOT) in json.loads(config.read_text())["skills"]["load"]["extraDirs"]

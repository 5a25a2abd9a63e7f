"""Without WORKSPACE, the scripts use the workspace OpenClaw's own config gives (OpenClaw 2026.9.6:
help/environment.md, gateway/config-agents/workspace-and-bootstrap.md, entries-and-multi-agent.md):
OPENCLAW_CONFIG_PATH / OPENCLAW_STATE_DIR, agents.defaults.workspace, agents.entries.<id>.workspace with
--agent ID or $HIPPOCAMPUS_OPENCLAW_AGENT. Real script calls, a temp HOME, no WORKSPACE."""

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _run(home: Path, *args, env=None, expect=0, timeout=120):
    full = {k: v for k, v in os.environ.items()
            if not k.startswith(("HIPPOCAMPUS_", "OPENCLAW_")) and k not in ("WORKSPACE", "AGENT_ID")}
    full.update({"HOME": str(home), "HIPPOCAMPUS_NOW": "2026-03-11T15:00:00Z", **(env or {})})
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / args[0]), *args[1:]], capture_output=True,
                            text=True, env=full, timeout=timeout)
    assert result.returncode == expect, (args, result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _remember(home, text, *extra, env=None):
    _run(home, "init.py", *extra, env=env)   # init.py resolves the workspace the same way
    return json.loads(_run(home, "remember.py", text, "--json", *extra, env=env).stdout)


def _holds(workspace: Path, words: str) -> bool:
    return any(words in p.read_text() for p in workspace.rglob("*.md") if ".git" not in p.parts)


def test_defaults_workspace_from_the_default_config(tmp_path):
    home = tmp_path / "home"
    (home / ".openclaw").mkdir(parents=True)
    (home / ".openclaw" / "openclaw.json").write_text(json.dumps(
        {"agents": {"defaults": {"workspace": "~/agent-space"}}, "gateway": {"mode": "local"}}))
    _remember(home, "Ada prefers green tea in the morning.")
    assert _holds(home / "agent-space", "green tea") and not (home / ".openclaw" / "workspace").exists()


def test_state_dir_and_config_path_are_honoured(tmp_path):
    home = tmp_path / "home"
    state = tmp_path / "state"
    state.mkdir()
    _remember(home, "Ada keeps her bike in the hallway.", env={"OPENCLAW_STATE_DIR": str(state)})
    assert _holds(state / "workspace", "bike in the hallway")   # no config: <state dir>/workspace
    elsewhere = tmp_path / "conf" / "my-openclaw.json"
    elsewhere.parent.mkdir()
    elsewhere.write_text(json.dumps({"agents": {"defaults": {"workspace": str(tmp_path / "from-config")}}}))
    _remember(home, "Ada plays chess on Thursdays.", env={"OPENCLAW_STATE_DIR": str(state),
                                                          "OPENCLAW_CONFIG_PATH": str(elsewhere)})
    assert _holds(tmp_path / "from-config", "chess on Thursdays")


def test_a_json5_config_is_read(tmp_path):
    home = tmp_path / "home"
    (home / ".openclaw").mkdir(parents=True)
    (home / ".openclaw" / "openclaw.json").write_text(
        "// OpenClaw config\n{\n  agents: {\n    defaults: { workspace: '~/json5-space', }, /* mine */\n  },\n}\n")
    _remember(home, "Ada's locker number is forty two.")
    assert _holds(home / "json5-space", "locker number")


def test_an_agent_gets_its_own_workspace(tmp_path):
    home = tmp_path / "home"
    (home / ".openclaw").mkdir(parents=True)
    (home / ".openclaw" / "openclaw.json").write_text(json.dumps({"agents": {
        "defaults": {"workspace": "~/shared"},
        "entries": {"main": {}, "work": {"workspace": "~/work-space"}, "ops": {}}}}))
    _remember(home, "The quarterly report is due on Friday.", "--agent", "work")
    assert _holds(home / "work-space", "quarterly report")
    _remember(home, "The on-call rota changes every Monday.", env={"HIPPOCAMPUS_OPENCLAW_AGENT": "ops"})
    assert _holds(home / "shared" / "ops", "on-call rota")   # no workspace of its own: <defaults>/<id>
    found = json.loads(_run(home, "recall.py", "quarterly report", "--agent", "work", "--json").stdout)
    assert "quarterly" in json.dumps(found)


def test_workspace_env_wins_and_no_openclaw_file_is_read(tmp_path):
    home = tmp_path / "home"
    (home / ".openclaw").mkdir(parents=True)
    os.mkfifo(home / ".openclaw" / "openclaw.json")   # opening it to read would hang until the timeout
    ws = tmp_path / "ws"
    for script in (("init.py",), ("remember.py", "Ada's sister lives in Porto now.")):
        _run(home, *script, env={"WORKSPACE": str(ws)}, timeout=30)
    assert _holds(ws, "sister lives in Porto")


def test_a_bad_agent_id_is_refused(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    result = _run(home, "status.py", "--agent", "../etc", expect=1)
    assert "agent id" in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_preprocess_reads_the_agents_sessions_under_the_state_dir(tmp_path):
    home = tmp_path / "home"
    state = tmp_path / "state"
    sessions = state / "agents" / "work" / "sessions"
    sessions.mkdir(parents=True)
    records = [{"type": "session", "version": 3, "id": "s1", "timestamp": "2026-03-10T09:00:00.000Z", "cwd": "/"},
               {"type": "message", "id": "u1", "parentId": None, "timestamp": "2026-03-10T09:01:00.000Z",
                "message": {"role": "user", "content": [{"type": "text", "text": "I bought a red bicycle today."}]}}]
    (sessions / "s1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    env = {"OPENCLAW_STATE_DIR": str(state)}
    _run(home, "init.py", "--agent", "work", env=env)
    report = json.loads(_run(home, "preprocess.py", "--agent", "work", "--json", env=env).stdout)
    assert report["new"] == 1 and (state / "workspace-work" / "hippocampus" / "signals.jsonl").exists(), report


def test_install_sh_initialises_the_workspace_the_scripts_will_use(tmp_path):
    home = tmp_path / "home"
    (home / ".openclaw").mkdir(parents=True)
    (home / ".openclaw" / "openclaw.json").write_text(json.dumps({"agents": {"defaults": {"workspace": "~/agent-space"}}}))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("HIPPOCAMPUS_", "OPENCLAW_")) and k not in ("WORKSPACE", "AGENT_ID")}
    result = subprocess.run([str(SCRIPTS.parent / "install.sh"), "--dry-run", "--no-openclaw-config"],
                            env={**env, "HOME": str(home)}, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (result.stdout, result.stderr)
    assert f"initialise the workspace at {home / 'agent-space'}" in result.stdout, result.stdout

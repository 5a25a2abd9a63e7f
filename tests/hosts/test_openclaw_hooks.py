"""Our OpenClaw hook pack (openclaw-hooks/): `install.sh --with-hooks` lists it in hooks.internal.load.extraDirs,
the real `openclaw hooks list` shows both hooks ready, `--uninstall` gives the config back; the handlers, run by
the real node on a real workspace, add core memories at bootstrap (once: not where MEMORY.md carries them) and
run the encode job."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from .conftest import ROOT, OpenClaw

HOOKS = ROOT / "openclaw-hooks"


def hooks(openclaw: OpenClaw) -> dict:
    listed = json.loads(openclaw.run("hooks", "list", "--json").stdout)["hooks"]
    return {h["name"]: h for h in listed if h["name"].startswith("hippocampus-")}


def test_with_hooks_both_are_ready_and_uninstall_gives_the_config_back(openclaw):
    before = openclaw.data()
    result = openclaw.install("--with-hooks")
    assert "hooks hippocampus-core and hippocampus-encode are ready" in result.stdout, result.stdout
    assert openclaw.data()["hooks"]["internal"]["load"]["extraDirs"] == [str(HOOKS)]
    found = hooks(openclaw)
    assert sorted(found) == ["hippocampus-core", "hippocampus-encode"]
    assert all(h["eligible"] and h["loadable"] and h["requirementsSatisfied"] for h in found.values()), found
    assert found["hippocampus-encode"]["events"] == ["command:new", "command:reset", "session:auto-reset",
                                                      "session:compact:before"]
    assert found["hippocampus-core"]["events"] == ["agent:bootstrap"] and not found["hippocampus-core"]["unknownEvents"]
    openclaw.install("--with-hooks")  # again: listed once
    assert openclaw.data()["hooks"]["internal"]["load"]["extraDirs"] == [str(HOOKS)]
    openclaw.install("--uninstall")
    assert openclaw.data() == before and hooks(openclaw) == {}


def node(openclaw: OpenClaw, code: str, workspace: Path) -> str:
    env = {**openclaw.env, "WORKSPACE": str(workspace)}
    result = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


BOOTSTRAP = """
const {{ default: handler }} = await import({handler!r});
const event = {{ type: "agent", action: "bootstrap", messages: [],
                context: {{ workspaceDir: process.env.WORKSPACE, bootstrapFiles: {files} }} }};
await handler(event);
console.log(JSON.stringify(event.context.bootstrapFiles));
"""


def test_the_core_hook_adds_core_memories_once_and_the_encode_hook_runs_the_job(openclaw):
    workspace = openclaw.workspace
    openclaw.install()
    openclaw.script("remember.py", "User always drinks oolong tea", "--importance", "0.95")
    core = str(HOOKS / "hooks" / "hippocampus-core" / "handler.js")
    added = json.loads(node(openclaw, BOOTSTRAP.format(handler=core, files="[]"), workspace))
    assert [f["name"] for f in added] == ["HIPPOCAMPUS_CORE.md"] and "oolong tea" in added[0]["content"]
    openclaw.script("sync_core.py")  # MEMORY.md's section now carries them: nothing is added
    memory_md = json.dumps([{"name": "MEMORY.md", "path": str(workspace / "MEMORY.md"), "missing": False,
                             "content": (workspace / "MEMORY.md").read_text()}])
    kept = json.loads(node(openclaw, BOOTSTRAP.format(handler=core, files=memory_md), workspace))
    assert [f["name"] for f in kept] == ["MEMORY.md"]
    encode = str(HOOKS / "hooks" / "hippocampus-encode" / "handler.js")
    node(openclaw, f"""
const {{ default: handler }} = await import({encode!r});
await handler({{ type: "session", action: "compact:before", context: {{}}, messages: [] }});
await handler({{ type: "message", action: "received", context: {{}}, messages: [] }});  // not ours: nothing
""", workspace)
    log = (workspace / "hippocampus" / ".cache" / "cron.log").read_text().splitlines()
    assert len(log) == 1 and " encode: " in log[0], log

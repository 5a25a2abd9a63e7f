"""Shared fixtures: a real temp workspace with a real git repository, and a
helper that runs our scripts as subprocesses the way an agent does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(SCRIPTS))


class Workspace:
    def __init__(self, root: Path):
        self.root = root

    def run(self, script: str, *args: str, now: str | None = None, input: str | bytes | None = None,
            env: dict | None = None, expect: int | None = 0,
            flags: tuple[str, ...] = ("-S",)) -> subprocess.CompletedProcess:
        full_env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
        full_env["WORKSPACE"] = str(self.root)
        if now:
            full_env["HIPPOCAMPUS_NOW"] = now
        full_env.update(env or {})
        if isinstance(input, str):
            input = input.encode("utf-8")
        # as SKILL.md has agents call them: python3 -S (no site-packages at start; the scripts
        # add them where they need PyYAML); flags=() runs them as plain `python3 script`
        result = subprocess.run([sys.executable, *flags, str(SCRIPTS / script), *args], input=input,
                                capture_output=True, env=full_env, timeout=120)
        result.out = result.stdout.decode("utf-8", "replace")
        result.err = result.stderr.decode("utf-8", "replace")
        if expect is not None:
            assert result.returncode == expect, (script, args, result.returncode, result.out, result.err)
            assert "Traceback" not in result.err, result.err
        return result

    def run_python(self, args: list[str]) -> dict:
        """python3 ARGS in this workspace's environment; its stdout parsed as JSON."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
        env["WORKSPACE"] = str(self.root)
        result = subprocess.run([sys.executable, *args], capture_output=True, env=env, timeout=300)
        assert result.returncode == 0, result.stderr.decode()
        return json.loads(result.stdout)

    def json(self, script: str, *args: str, **kw):
        result = self.run(script, *args, "--json", **kw)
        return json.loads(result.out)

    def remember(self, text: str, *args: str, **kw) -> str:
        return self.json("remember.py", text, *args, **kw)["id"]

    def index(self) -> dict:
        return json.loads((self.root / "memory" / "index.json").read_text(encoding="utf-8"))

    def memory(self, memory_id: str) -> dict:
        return next(m for m in self.index()["memories"] if m["id"] == memory_id)

    def git(self, *args: str) -> str:
        return subprocess.run(["git", *args], cwd=self.root, capture_output=True, text=True, check=True).stdout

    def commits(self) -> list[str]:
        return self.git("log", "--format=%s").splitlines()

    def audit(self) -> list[str]:
        """Every audit line: the month files of memory/meta/audit/, then audit.log."""
        meta = self.root / "memory" / "meta"
        found = []
        for path in [*sorted((meta / "audit").glob("*.log")), meta / "audit.log"]:
            found += path.read_text(encoding="utf-8").splitlines()
        return found


def repository_with_staged_work(root: Path) -> Path:
    """A person's git repository at `root` with a file staged but not committed."""
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    (root / "notes.txt").write_text("mine\n")
    subprocess.run(["git", "add", "notes.txt"], cwd=root, check=True)
    return root


@pytest.fixture
def ws(tmp_path) -> Workspace:
    workspace = Workspace(tmp_path / "workspace")
    workspace.run("init.py", "--workspace", str(workspace.root))
    return workspace

"""Shared fixtures: a real temp workspace with a real git repository, and a
helper that runs our scripts as subprocesses the way an agent does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(SCRIPTS))


# The suite's own fixed world, whatever machine and day it runs on. Git reads no configuration of
# the machine's (no ~/.gitconfig, no /etc/gitconfig, so no identity, no signing, no hooks path):
# our scripts must work without any of it. The time zone is pinned (HIPPOCAMPUS_TEST_TZ chooses
# another, as CI's odd-clock run does); a test that depends on the day passes `now=`.
_FIXED = Path(tempfile.mkdtemp(prefix="hippocampus-tests-"))
(_FIXED / "gitconfig").write_text("")
os.environ["GIT_CONFIG_GLOBAL"] = str(_FIXED / "gitconfig")
os.environ["GIT_CONFIG_NOSYSTEM"] = "1"
for _name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE", "GIT_COMMITTER_NAME",
              "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE", "EMAIL", "GIT_DIR", "GIT_WORK_TREE"):
    os.environ.pop(_name, None)
os.environ["TZ"] = os.environ.get("HIPPOCAMPUS_TEST_TZ") or "UTC"
time.tzset()

def host_env(env: dict) -> dict:
    """`env` for another vendor's program (OpenClaw, Claude Code) without .ci/odd-clock's libfaketime:
    Claude Code's binary cannot start under it, and the odd clock is there to test our code's clock."""
    return {k: v for k, v in env.items() if k != "LD_PRELOAD" and not k.startswith("FAKETIME")}


# A person's identity, for the commits a test makes by hand as the user would (never our scripts').
PERSON = {"GIT_AUTHOR_NAME": "A Person", "GIT_AUTHOR_EMAIL": "person@example.test",
          "GIT_COMMITTER_NAME": "A Person", "GIT_COMMITTER_EMAIL": "person@example.test"}


def person_git(*args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    """git ARGS run as a person at a terminal would, with their identity."""
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=check,
                          env={**os.environ, **PERSON})


def in_library(code: str, *args: str):
    """Python CODE run as the scripts run (python3 -S in scripts/, so `hippocampus` imports), with ARGS
    as sys.argv[1:]; what it prints, parsed as JSON."""
    out = subprocess.run([sys.executable, "-S", "-c", code, *args], cwd=SCRIPTS, capture_output=True, text=True,
                         check=True, timeout=120)
    return json.loads(out.stdout)


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

    @property
    def store(self) -> Path:
        """Where the memories are: index.json, config.yaml and the memory folders (memory/)."""
        return self.root / "memory"

    @property
    def side(self) -> Path:
        """What is not a memory (hippocampus/): meta/, archive/, signals.jsonl, the caches, the lock."""
        return self.root / "hippocampus"

    @property
    def meta(self) -> Path:
        """What is about memories, not a memory: the audit log, conflicts, proposals, reflections."""
        return self.root / "hippocampus" / "meta"

    @property
    def cache(self) -> Path:
        """The derived files (the search cache, spool files)."""
        return self.root / "hippocampus" / ".cache"

    def index(self) -> dict:
        return json.loads((self.store / "index.json").read_text(encoding="utf-8"))

    def memory(self, memory_id: str) -> dict:
        return next(m for m in self.index()["memories"] if m["id"] == memory_id)

    def git(self, *args: str) -> str:
        """git ARGS in the workspace, as the person would type them (with a person's identity)."""
        return person_git(*args, cwd=self.root).stdout

    def commits(self) -> list[str]:
        return self.git("log", "--format=%s").splitlines()

    def unlink_supersessions(self) -> None:
        """Make this a store from before supersession: every link taken out of the index by hand and
        committed, as an old store has none (consolidation is to find them)."""
        path = self.store / "index.json"
        data = json.loads(path.read_text())
        for memory in data["memories"]:
            memory.pop("supersededBy", None)
            memory.pop("supersedes", None)
            memory["confidence"] = "observed"
        path.write_text(json.dumps(data, indent=1))
        self.git("add", "-A")
        self.git("commit", "-q", "-m", "an old store")

    def audit(self) -> list[str]:
        """Every audit line: the month files of hippocampus/meta/audit/, then audit.log."""
        meta = self.meta
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

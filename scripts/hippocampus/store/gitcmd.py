"""Running git in a workspace: one environment (our identity, no prompts, no
inherited GIT_DIR), and a retry when a killed writer left git's index.lock."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from ..errors import WorkspaceError
from ..text.textutil import one_line

_GIT_ENV = {
    "GIT_AUTHOR_NAME": "hippocampus",
    "GIT_AUTHOR_EMAIL": "hippocampus@localhost",
    "GIT_COMMITTER_NAME": "hippocampus",
    "GIT_COMMITTER_EMAIL": "hippocampus@localhost",
    "GIT_TERMINAL_PROMPT": "0",
    "LC_ALL": "C",
}


def git(root: Path, *args: str, check: bool = True, stdin: str | None = None,
        shielded: bool = False) -> subprocess.CompletedProcess:
    """`shielded`: git runs in a process group of its own, so that a Ctrl-C at the
    terminal (sent to our whole group) never kills it half-way (moving the branch)."""
    result = _git(root, *args, stdin=stdin, shielded=shielded)
    if result.returncode != 0 and "index.lock" in (result.stderr or ""):
        # A git index lock left by a writer that was killed mid-commit. We hold
        # the workspace lock, so no hippocampus git runs now; a person's own git
        # command finishes in moments. Wait briefly, then clear it and retry.
        lock = _git_dir(root) / "index.lock"
        for _ in range(20):
            if not lock.exists():
                break
            time.sleep(0.1)
        else:
            try:
                lock.unlink()
            except OSError:
                pass
        result = _git(root, *args, stdin=stdin, shielded=shielded)
    if check and result.returncode != 0:
        detail = one_line(result.stderr or result.stdout or "no output", 200)
        raise WorkspaceError(f"git {args[0]} failed in {root}: {detail}")
    return result


def _git_dir(root: Path) -> Path:
    result = _git(root, "rev-parse", "--git-dir")
    return (root / result.stdout.strip()) if result.returncode == 0 else root / ".git"


def git_env() -> dict:
    env = dict(os.environ)
    env.update(_GIT_ENV)
    for variable in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                     "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR"):
        env.pop(variable, None)
    return env


def _git(root: Path, *args: str, stdin: str | None = None, shielded: bool = False) -> subprocess.CompletedProcess:
    # loose objects at zlib level 1: index.json is megabytes and is hashed on every commit;
    # level 1 is ~3x faster than the default and `git gc` repacks them small later
    command = ["git", "-c", "core.quotepath=off", "-c", "core.looseCompression=1", *args]
    options = dict(cwd=root, env=git_env(), text=True, encoding="utf-8", errors="replace")
    try:
        if not shielded:
            return subprocess.run(command, input=stdin, capture_output=True, **options)
        from ..base.interrupts import ignored
        with ignored():  # until it leaves our process group, git would get a Ctrl-C sent to the group
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, process_group=0, **options)
    except FileNotFoundError:
        raise WorkspaceError("git is not installed; hippocampus needs git for its audit trail") from None
    with process:
        out, err = process.communicate(stdin)
    return subprocess.CompletedProcess(command, process.returncode, out, err)

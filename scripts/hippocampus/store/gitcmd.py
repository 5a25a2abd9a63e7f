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
        shielded: bool = False, timeout: float | None = None,
        index_file: Path | None = None) -> subprocess.CompletedProcess:
    """`shielded`: git runs in a process group of its own, so that a Ctrl-C at the
    terminal (sent to our whole group) never kills it half-way (moving the branch).
    `timeout` (the network's commands: sync.py, init.py --remote): after that many
    seconds git and whatever it started (ssh, a remote helper) are killed, and the
    result says so (returncode TIMED_OUT). `index_file`: git's index is that file
    (GIT_INDEX_FILE: a commit staged apart from the person's index)."""
    if timeout is not None:
        return _git_bounded(root, args, timeout)
    result = _git(root, *args, stdin=stdin, shielded=shielded, index_file=index_file)
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
        result = _git(root, *args, stdin=stdin, shielded=shielded, index_file=index_file)
    if check and result.returncode != 0:
        refused = refusal(root)  # another user's repository: say so, not git's words for it
        if refused:
            raise WorkspaceError(refused)
        detail = one_line(result.stderr or result.stdout or "no output", 200)
        raise WorkspaceError(f"git {args[0]} failed in {root}: {detail}")
    return result


def refusal(root: Path) -> str | None:
    """Why git will not read the repository at `root` for this user (another user's), or None
    (git_access.py); asked once git has failed."""
    from .git_access import refusal as explain
    return explain(root, _git)


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


def _git(root: Path, *args: str, stdin: str | None = None, shielded: bool = False,
         index_file: Path | None = None) -> subprocess.CompletedProcess:
    # loose objects at zlib level 1: index.json is megabytes and is hashed on every commit;
    # level 1 is ~3x faster than the default and `git gc` repacks them small later
    command = ["git", "-c", "core.quotepath=off", "-c", "core.looseCompression=1", *args]
    env = git_env()
    if index_file is not None:
        env["GIT_INDEX_FILE"] = str(index_file)
    options = dict(cwd=root, env=env, text=True, encoding="utf-8", errors="replace")
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


TIMED_OUT = -9  # the returncode of a command killed at its deadline


def _git_bounded(root: Path, args: tuple, timeout: float) -> subprocess.CompletedProcess:
    """git ARGS killed, with every process it started, once `timeout` seconds pass: its own
    process group, so an ssh or a remote helper that holds the pipes goes with it."""
    import signal
    command = ["git", "-c", "core.quotepath=off", *args]
    try:
        process = subprocess.Popen(command, cwd=root, env=git_env(), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                   errors="replace", start_new_session=True)
    except FileNotFoundError:
        raise WorkspaceError("git is not installed; hippocampus needs git for its audit trail") from None
    try:
        out, err = process.communicate(timeout=timeout)
        return subprocess.CompletedProcess(command, process.returncode, out, err)
    except subprocess.TimeoutExpired:
        pass
    except BaseException:  # an interrupt: nothing of git's may outlive us
        _kill_group(process, signal.SIGKILL)
        raise
    _kill_group(process, signal.SIGKILL)
    try:
        out, err = process.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        out, err = "", ""
    return subprocess.CompletedProcess(command, TIMED_OUT, out or "",
                                       f"no answer within {timeout:g} s; stopped")


def _kill_group(process: subprocess.Popen, sig) -> None:
    try:
        os.killpg(process.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass

"""Why git will not read a workspace's repository for this user, in one line that names the fix.

Two causes, both of a repository another user owns: git refuses it (its `safe.directory` check:
git only reads a repository the user running it owns, unless told to trust it), or git cannot read
its `.git` at all (a private repository, made under umask 077). Without this, a refused repository
looks like no repository: "not a git repository; run scripts/init.py", and init.py then fails.

Asked only once git has failed, so a command that works pays nothing. The answer comes from git
and the file system, never from the wording of git's message (which changes with its version and
language): the same question asked again with every folder trusted (`-c safe.directory=*`, which
git honours on its command line), and a look at `.git`.
"""

from __future__ import annotations

import os
from pathlib import Path


def _user(uid: int) -> str:
    try:
        import pwd
        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return f"uid {uid}"


def _owner(path) -> str:
    try:
        return _user(os.stat(path).st_uid)
    except OSError:
        return "another user"


def _git_dir(root: Path) -> Path | None:
    """The nearest `.git` at or above `root` (what git would find), or None."""
    for folder in (root, *root.parents):
        candidate = folder / ".git"
        if os.path.lexists(candidate):
            return candidate
    return None


def refusal(root: Path, run) -> str | None:
    """Why git does not read the repository at (or above) `root` for this user, or None: it reads
    it, there is no repository, or git fails for another reason. `run(root, *args)` runs git
    (gitcmd.refusal hands in its own)."""
    root = Path(os.path.abspath(root))
    if not root.is_dir() or run(root, "rev-parse", "--show-toplevel").returncode == 0:
        return None
    me = _user(os.geteuid())
    trusted = run(root, "-c", "safe.directory=*", "rev-parse", "--show-toplevel")
    if trusted.returncode == 0:
        top = trusted.stdout.strip() or str(root)
        owner = _owner(top)
        return (f"git will not read the repository at {top} as {me}: it belongs to {owner} (git's safe.directory "
                f"check); run as {owner}, or trust it with: git config --global --add safe.directory {top}")
    found = _git_dir(root)
    if found is None:
        return None
    if found.is_dir():
        parts = [found] if not os.access(found, os.R_OK | os.X_OK) else \
            [p for p in (found / "HEAD", found / "config") if p.exists() and not os.access(p, os.R_OK)]
    else:  # a .git file pointing elsewhere (a worktree, a submodule)
        parts = [found] if not os.access(found, os.R_OK) else []
    if not parts:
        return None
    owner = _owner(parts[0])
    return (f"git cannot read {parts[0]} as {me} (permission denied; it belongs to {owner}): run as {owner}, "
            f"or have {owner} give {me} read access")

"""init.py --remote URL: set the workspace's remote; a new, empty workspace
whose remote already holds a memory joins it (its history checked out, then
the derived caches built), so a second machine is one command.

Refused: a URL with a password in it (a credential helper or SSH instead),
a URL git would read as an option or a command (remote_git.check_url), a
remote whose history is not a hippocampus memory, unless `--adopt`, and a
remote whose tree holds what must never reach a workspace (incoming.py),
checked before anything of it is checked out. Every network step is bounded
in time (`--timeout`).
"""

from __future__ import annotations

from pathlib import Path

from ..store import audit
from ..errors import WorkspaceError
from .remote_git import NETWORK_TIMEOUT, check_url, failure, run as _git_remote
from .remote_sync import ROOT_ACTOR, is_hippocampus_history, rev, safe_url
from ..text.textutil import one_line

REMOTE = "origin"


def _existing(root: Path) -> Path:
    folder = root
    while not folder.exists():
        folder = folder.parent
    return folder


def remote_heads(root: Path, url: str, timeout: float = NETWORK_TIMEOUT) -> tuple[dict[str, str], str | None]:
    """({branch: sha}, the remote's default branch) or WorkspaceError when it cannot be reached."""
    result = _git_remote(_existing(root), "ls-remote", "--symref", "--", url, "HEAD", "refs/heads/*",
                         timeout=timeout)
    if result.returncode != 0:
        raise failure(result, "reach the remote", url, timeout)
    heads, default = {}, None
    for line in result.stdout.splitlines():
        if line.startswith("ref: ") and line.endswith("\tHEAD"):
            default = line[5:].split("\t")[0].removeprefix("refs/heads/")
        elif "\trefs/heads/" in line:
            sha, ref = line.split("\t", 1)
            name = ref.removeprefix("refs/heads/")
            if _branch_name(name):
                heads[name] = sha
    return heads, default


def _branch_name(name: str) -> bool:
    """A branch name we pass to git: never one that begins with '-' or holds a control character."""
    return bool(name) and not name.startswith("-") and not any(ord(ch) < 33 or ord(ch) == 127 for ch in name)


def _is_empty(root: Path) -> bool:
    """A workspace holding nothing yet: no index, or an empty one in a history of init commits only."""
    index = root / "hippocampus" / "index.json"
    if not index.exists():
        return not (root / ".git").exists() or rev(root, "HEAD") is None
    top = audit.repo_top(root)
    if top is None or top.resolve() != root.resolve():
        return False  # a person's repository: never replaced
    from ..store.index_store import read_raw
    try:
        if read_raw(index).get("memories"):
            return False
    except WorkspaceError:
        return False
    actors = audit.git(root, "log", "--format=%(trailers:key=Actor,valueonly)", check=False).stdout.split()
    return all(actor == ROOT_ACTOR for actor in actors)


def _set_remote(root: Path, url: str) -> str:
    if audit.git(root, "remote", "get-url", REMOTE, check=False).returncode == 0:
        audit.git(root, "remote", "set-url", "--", REMOTE, url)
        return f"set the remote {REMOTE} to {safe_url(url)}"
    audit.git(root, "remote", "add", "--", REMOTE, url)
    return f"added the remote {REMOTE} ({safe_url(url)})"


def connect(root: Path, url: str, now, adopt: bool = False, timeout: float = NETWORK_TIMEOUT) -> list[str]:
    """Set the remote, joining its memory when this workspace is new and empty."""
    from ..base.fsutil import confine
    from ..store.initialise import initialise
    check_url(url)
    confine(root)
    heads, default = remote_heads(root, url, timeout)
    branch = default if default in heads else next(iter(sorted(heads)), None)
    done: list[str] = []
    if branch is not None and _is_empty(root):
        done += _join(root, url, branch, adopt, now, timeout)
        done += initialise(root, now)  # what the remote's memory lacks here (empty folders, drivers)
    else:
        done += initialise(root, now)
        done.append(_set_remote(root, url))
        if branch is not None:
            _fetch(root, url, timeout)
            theirs = rev(root, f"refs/remotes/{REMOTE}/{branch}")
            related = theirs and audit.git(root, "merge-base", "HEAD", theirs, check=False).stdout.strip()
            if theirs and not related and not is_hippocampus_history(root, theirs) and not adopt:
                audit.git(root, "remote", "remove", REMOTE, check=False)
                raise WorkspaceError(f"{safe_url(url)} holds a history that is not a hippocampus memory; the remote "
                                     "was not set: pass --adopt to merge it into this memory anyway")
    if adopt:
        audit.git(root, "config", "--local", "hippocampus.adopt", "true")
    _build_derived(root, now)
    return done


def _fetch(root: Path, url: str, timeout: float) -> None:
    fetched = _git_remote(root, "-c", "fetch.fsckObjects=true", "fetch", "--quiet", "--no-tags", "--", REMOTE,
                          timeout=timeout)
    if fetched.returncode != 0:
        raise failure(fetched, "fetch from", url, timeout, changed="the remote is set; nothing else was changed")


def _join(root: Path, url: str, branch: str, adopt: bool, now, timeout: float) -> list[str]:
    root.mkdir(parents=True, exist_ok=True)
    if audit.repo_top(root) is None or audit.repo_top(root).resolve() != root.resolve():
        audit.git(root, "init", "-q")
        audit.git(root, "config", "core.splitIndex", "true")
    done = [_set_remote(root, url)]
    _fetch(root, url, timeout)
    theirs = rev(root, f"refs/remotes/{REMOTE}/{branch}")
    if not is_hippocampus_history(root, theirs) and not adopt:
        audit.git(root, "remote", "remove", REMOTE, check=False)
        raise WorkspaceError(f"{safe_url(url)} holds a history that is not a hippocampus memory; nothing was "
                             "joined: pass --adopt to take it as this memory anyway")
    from .incoming import check_tree
    try:
        check_tree(root, theirs, audit.git(root, "rev-parse", "--show-prefix", check=False).stdout.strip(),
                   f"{safe_url(url)} ({branch})", now)
    except WorkspaceError:
        audit.git(root, "remote", "remove", REMOTE, check=False)
        raise
    # the init files of an empty workspace are the remote's own: its history replaces them
    checkout = audit.git(root, "checkout", "-q", "-f", "-B", branch, theirs, "--", check=False)
    if checkout.returncode != 0:
        raise WorkspaceError(f"cannot check out {REMOTE}/{branch}: {one_line(checkout.stderr, 200)}")
    audit.git(root, "branch", f"--set-upstream-to={REMOTE}/{branch}", check=False)
    done.append(f"joined the memory of {safe_url(url)} ({branch})")
    return done


def _build_derived(root: Path, now) -> None:
    """The search cache and the core files, from the memory as it now is."""
    from ..lifecycle.core_sync import sync_core
    from ..store.workspace import Workspace
    from ..store import reconcile
    from ..store.search_cache import index_state
    workspace = Workspace.open(root, now)
    index = workspace.load_index()
    # the stat manifest from the files' hashes, checked against the index (a reader's first look
    # at a fresh clone would parse every file instead: ~2 ms each)
    scan = reconcile.scan(root, workspace.paths, {}, reconcile.known_files(index["memories"]))
    workspace._open_cache().rebuild(index["memories"], index_state(workspace.paths.index, index.get("stamp")),
                                    scan.manifest_updates)
    sync_core(workspace)

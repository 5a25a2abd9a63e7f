"""sync.py: the same memory on every machine, through any git remote.

    pick up hand edits -> fetch -> merge (our drivers) -> settle -> push

Under the workspace lock, as every writer. A remote that cannot be reached
(or refuses) is exit 3 with one line, before anything local changes. Running
it again is always safe: a fetch and a merge of what is already merged do
nothing. A push the remote refuses because it moved meanwhile is retried by
fetching and merging again (PUSH_TRIES times). Merge commits carry the
workspace's fixed identity (audit.py), never the machine's.
"""

from __future__ import annotations

import json
import os
from urllib.parse import urlsplit

from ..store import audit
from ..store import merge_setup
from ..errors import UsageError, WorkspaceError
from ..text.textutil import one_line

PUSH_TRIES = 3
ROOT_ACTOR = "system:init"


def refuse_password(url: str) -> None:
    """A remote URL holding a password would put it in .git/config (and in every error git prints)."""
    try:
        parts = urlsplit(url)
        secret = parts.password
    except ValueError:
        return
    if secret:
        raise UsageError("the remote URL holds a password; keep it out of the URL: use git's credential helper "
                         "(git config credential.helper store|cache|osxkeychain) or an SSH URL (git@host:path)")


def safe_url(url: str) -> str:
    """The URL without any user information (for messages)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if parts.username or parts.password:
        return parts._replace(netloc=parts.hostname or "").geturl()
    return url


def _git_remote(root, *args: str, check: bool = False):
    """A git command that may reach the network: no prompt, SSH in batch mode unless configured."""
    options = []
    if not os.environ.get("GIT_SSH_COMMAND") and not audit.git(
            root, "config", "core.sshCommand", check=False).stdout.strip():
        options = ["-c", "core.sshCommand=ssh -o BatchMode=yes"]
    return audit.git(root, *options, *args, check=check)


def remote_url(root, name: str) -> str:
    result = audit.git(root, "remote", "get-url", name, check=False)
    if result.returncode != 0:
        raise WorkspaceError(f"no git remote named {name!r} in {root}; set one with scripts/init.py --remote URL")
    url = result.stdout.strip()
    refuse_password(url)
    return url


def branch(root) -> str:
    from ..store.gitrules import refuse_detached_head
    refuse_detached_head(root)
    result = audit.git(root, "symbolic-ref", "--short", "HEAD", check=False)
    if result.returncode != 0:
        raise WorkspaceError(f"cannot tell which branch {root} is on")
    return result.stdout.strip()


def fetch(root, name: str) -> None:
    url = remote_url(root, name)
    result = _git_remote(root, "fetch", "--quiet", "--no-tags", "--prune", name)
    if result.returncode != 0:
        detail = one_line(result.stderr or result.stdout or "no output", 200).replace(url, safe_url(url))
        raise WorkspaceError(f"cannot fetch from remote {name} ({safe_url(url)}): {detail}; nothing was changed")


def rev(root, name: str) -> str | None:
    result = audit.git(root, "rev-parse", "--verify", "-q", f"{name}^{{commit}}", check=False)
    return result.stdout.strip() or None


def is_hippocampus_history(root, commit: str) -> bool:
    """Whether a history is a hippocampus memory: a first commit made by init.py."""
    roots = audit.git(root, "rev-list", "--max-parents=0", commit, check=False).stdout.split()
    for first in roots:
        actor = audit.git(root, "log", "-1", "--format=%(trailers:key=Actor,valueonly)", first,
                          check=False).stdout.strip()
        if actor == ROOT_ACTOR:
            return True
    return False


def set_session_sync(root, on: bool) -> None:
    """Whether the agent hooks sync at session start and end (install.sh --with-sync)."""
    if audit.repo_top(root) is None:
        return
    if on:
        audit.git(root, "config", "--local", "hippocampus.autosync", "true")
    else:
        audit.git(root, "config", "--local", "--unset", "hippocampus.autosync", check=False)


def session_sync(root) -> bool:
    """hippocampus.autosync in the workspace's own .git/config, read without running git."""
    import re
    try:
        text = (root / ".git" / "config").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    section = re.search(r"^\[hippocampus\]([^\[]*)", text, re.M)
    return bool(section and re.search(r"^\s*autosync\s*=\s*true\s*$", section.group(1), re.M | re.I))


def adopted(root) -> bool:
    return audit.git(root, "config", "--bool", "hippocampus.adopt", check=False).stdout.strip() == "true"


_PREFIXES: dict = {}


def _prefix(root) -> str:
    """The workspace's path inside its repository ('' when it is the top), asked once."""
    key = str(root)
    if key not in _PREFIXES:
        _PREFIXES[key] = audit.git(root, "rev-parse", "--show-prefix", check=False).stdout.strip()
    return _PREFIXES[key]


def _index_at(root, commit: str | None) -> dict:
    """{id: memory} of index.json at `commit` ({} when none)."""
    if not commit:
        return {}
    shown = audit.git(root, "show", f"{commit}:{_prefix(root)}hippocampus/index.json", check=False)
    if shown.returncode != 0:
        return {}
    try:
        return {m["id"]: m for m in json.loads(shown.stdout).get("memories", []) if isinstance(m, dict)}
    except (ValueError, AttributeError, KeyError, TypeError):
        return {}


def changes(before: dict, after: dict) -> dict:
    """How many memories were added, changed and forgotten from `before` to `after`."""
    added = changed = forgotten = 0
    for memory_id, memory in after.items():
        old = before.get(memory_id)
        if old is None:
            added += 1
        elif memory.get("status") == "archived" and old.get("status") != "archived":
            forgotten += 1
        elif memory != old:
            changed += 1
    return {"added": added, "changed": changed, "forgotten": forgotten}


def _counts(root, head: str | None, theirs: str | None) -> tuple[dict, dict]:
    """(what `theirs` brings, what `head` sends): each against their merge base."""
    base = audit.git(root, "merge-base", head, theirs, check=False).stdout.strip() or None \
        if head and theirs else None
    at_base = _index_at(root, base)
    none = {"added": 0, "changed": 0, "forgotten": 0}
    incoming = changes(at_base, _index_at(root, theirs)) if theirs and theirs != base else none
    outgoing = changes(at_base, _index_at(root, head)) if head and head != base else none
    return incoming, outgoing


def _register(workspace) -> None:
    """Our drivers in the repository's config, our block in .gitattributes (committed)."""
    from ..store.transaction import Transaction
    root = workspace.root
    merge_setup.configure(root)
    path = root / merge_setup.ATTRIBUTES
    current = path.read_text(encoding="utf-8") if path.exists() else None
    wanted = merge_setup.attributes_text(current)
    if wanted != current:
        tx = Transaction(workspace, workspace.load_index(lazy=True), "system:sync", "sync-setup",
                         "registered hippocampus's merge drivers in .gitattributes")
        tx.write_file(merge_setup.ATTRIBUTES, wanted.encode("utf-8"))
        tx.commit()


def _merge(workspace, name: str, theirs_ref: str) -> tuple[bool, list[str]]:
    """Merge `theirs_ref` into the branch: (a merge commit was made, paths it changed)."""
    root = workspace.root
    head = rev(root, "HEAD")
    theirs = rev(root, theirs_ref)
    if theirs is None or head == theirs:
        return False, []
    if audit.git(root, "merge-base", "--is-ancestor", theirs, "HEAD", check=False).returncode == 0:
        return False, []  # nothing new there
    related = audit.git(root, "merge-base", "HEAD", theirs, check=False).stdout.strip()
    args = ["merge", "--no-edit", "--no-stat", "-q", "-m", f"sync: merge {theirs_ref.removeprefix('refs/remotes/')}"]
    if not related:
        if not (is_hippocampus_history(root, theirs) or adopted(root)):
            raise WorkspaceError(f"{theirs_ref} is not a hippocampus memory (its history begins elsewhere); "
                                 "nothing was changed: run scripts/init.py --remote URL --adopt to merge it anyway")
        args.append("--allow-unrelated-histories")
    result = audit.git(root, "-c", "core.editor=true", *args, theirs, check=False)
    if result.returncode != 0:
        _finish_conflicted(root, result)
    changed = audit.git(root, "diff", "--name-only", "-z", head, "HEAD", "--", ".", check=False).stdout
    paths = [p[len(_prefix(root)):] for p in changed.split("\0") if p]
    parents = audit.git(root, "rev-list", "--parents", "-n", "1", "HEAD", check=False).stdout.split()[1:]
    merged = len(parents) == 2 and parents[0] == head  # a merge commit of ours, not a fast-forward
    return merged, paths


def _finish_conflicted(root, result) -> None:
    """What our drivers cannot settle: a file changed on one side and removed on
    the other keeps the changed version (nothing is lost); anything else
    takes the merge back whole and stops."""
    unmerged = audit.git(root, "ls-files", "-u", "-z", check=False).stdout.split("\0")
    stages: dict[str, set] = {}
    for record in unmerged:
        if "\t" in record:
            info, path = record.split("\t", 1)
            stages.setdefault(path, set()).add(info.split()[2])
    if not stages:
        audit.git(root, "merge", "--abort", check=False)
        raise WorkspaceError(f"git merge failed: {one_line(result.stderr or result.stdout, 200)}; nothing was changed")
    undecided = [path for path, present in stages.items() if present != {"1", "2"} and present != {"1", "3"}]
    if undecided:
        audit.git(root, "merge", "--abort", check=False)
        raise WorkspaceError(f"cannot merge {', '.join(undecided[:3])} without losing a side; nothing was changed "
                             "(merge by hand with git, then run sync.py again)")
    for path, present in stages.items():
        side = "--ours" if "2" in present else "--theirs"
        audit.git(root, "checkout", side, "--", path)
        audit.git(root, "add", "--", path)
    audit.git(root, "-c", "core.editor=true", "commit", "--no-edit", "-q")


def _settle(workspace, name: str, merged_paths: list[str], incoming: dict) -> dict:
    from ..store import reconcile
    from .merge_settle import settle
    from ..store.hand_edits import take_in
    from ..store.transaction import Transaction
    tx = Transaction(workspace, workspace.load_index(lazy=True), "system:sync", "sync", "")
    gone_by_hand: set[str] = set()  # a file the merge kept (edited on one side) revives its memory
    scan = reconcile.scan(workspace.root, workspace.paths, workspace._open_cache().manifest(),
                          reconcile.known_files(tx.memories, gone_by_hand), writer=True, gone_by_hand=gone_by_hand)
    take_in(tx, scan)  # what the merge left for the index to take in (a text merged line by line)
    result = settle(tx, merged_paths)
    tx.index_changed = True  # the merged index, checked and written by us: the search cache is rebuilt
    tx.summary = (f"synced with {name}: in {incoming['added']} new, {incoming['changed']} changed, "
                  f"{incoming['forgotten']} forgotten" +
                  (f"; {len(result['conflicts'])} memories edited on two machines recorded as conflicts"
                   if result["conflicts"] else ""))
    tx.commit()
    return result


def sync(workspace, name: str = "origin", dry_run: bool = False) -> dict:
    root = workspace.root
    url = remote_url(root, name)
    current = branch(root)
    theirs_ref = f"refs/remotes/{name}/{current}"
    fetch(root, name)  # before anything local changes: an unreachable remote changes nothing
    theirs = rev(root, theirs_ref)
    if theirs is not None and rev(root, "HEAD") is not None:
        related = audit.git(root, "merge-base", "HEAD", theirs, check=False).stdout.strip()
        if not related and not (is_hippocampus_history(root, theirs) or adopted(root)):
            raise WorkspaceError(f"{name}/{current} is not a hippocampus memory (its history begins elsewhere); "
                                 "nothing was changed: run scripts/init.py --remote URL --adopt to merge it anyway")
    report = {"remote": name, "url": safe_url(url), "branch": current, "dryRun": dry_run}
    if dry_run:
        incoming, outgoing = _counts(root, rev(root, "HEAD"), theirs)
        return {**report, "in": incoming, "out": outgoing, "merged": False, "pushed": False, "conflicts": []}
    conflicts: list[str] = []
    merged = False
    totals_in = {"added": 0, "changed": 0, "forgotten": 0}
    outgoing = None
    pushed = False
    with workspace.transaction("system:sync", "sync"):  # the lock; hand edits committed first
        _register(workspace)
        for attempt in range(PUSH_TRIES):
            if attempt:
                fetch(root, name)
            theirs = rev(root, theirs_ref)
            head = rev(root, "HEAD")
            incoming, out_now = _counts(root, head, theirs)
            if outgoing is None:
                outgoing = out_now
            for key in totals_in:
                totals_in[key] += incoming[key]
            made_merge, paths = _merge(workspace, theirs_ref, theirs_ref) if theirs else (False, [])
            if made_merge:
                merged = True
                conflicts += _settle(workspace, name, paths, incoming)["conflicts"]
            elif paths:
                workspace.reader_cache()  # a fast-forward: the search cache follows the new index
            if theirs is not None and audit.git(root, "merge-base", "--is-ancestor", "HEAD", theirs,
                                                check=False).returncode == 0:
                pushed = False  # the remote has everything here already
                break
            result = _git_remote(root, "push", "--quiet", name, f"HEAD:refs/heads/{current}")
            if result.returncode == 0:
                pushed = True
                break
            text = result.stderr or result.stdout or ""
            if "rejected" not in text and "fetch first" not in text and "non-fast-forward" not in text:
                raise WorkspaceError(f"cannot push to remote {name} ({safe_url(url)}): "
                                     f"{one_line(text, 200).replace(url, safe_url(url))}; what came in is merged "
                                     "here; run sync.py again")
        else:
            raise WorkspaceError(f"the remote {name} kept moving while this sync pushed ({PUSH_TRIES} tries); "
                                 "what came in is merged here; run sync.py again")
    audit.git(root, "branch", f"--set-upstream-to={name}/{current}", check=False)  # a person's plain `git pull`
    return {**report, "in": totals_in, "out": outgoing or {"added": 0, "changed": 0, "forgotten": 0},
            "merged": merged, "pushed": pushed, "conflicts": conflicts}

"""sync.py: the same memory on every machine, through any git remote.

    fetch -> check what came -> [lock: hand edits, merge (our drivers), settle] -> push

The workspace lock is never held across the network: the fetch and the push
run outside it (each bounded in time, remote_git.py), the merge and its
commits inside, so a remote that stalls never blocks a `remember`. One sync
runs at a time: a second, started while one runs (a hook, the hourly job),
says so and does nothing. What the fetch brought is checked before any of
it is merged (incoming.py): links where we keep files, an index or settings
no script could read, are refused with nothing changed. A remote that cannot
be reached (or refuses) is exit 3 with one line, before anything local
changes. Running it again is always safe: a fetch and a merge of what is
already merged do nothing. A push the remote refuses because it moved
meanwhile is retried by fetching and merging again (PUSH_TRIES times).
Merge commits carry the workspace's fixed identity (audit.py), never the
machine's.
"""

from __future__ import annotations

import json

from ..store import audit
from ..store import merge_setup
from ..errors import WorkspaceError
from .remote_git import (NETWORK_TIMEOUT, check_remote_name, check_url, failure, refuse_password,  # noqa: F401
                         run as _git_remote, safe_url)

PUSH_TRIES = 3
ROOT_ACTOR = "system:init"


def remote_url(root, name: str) -> str:
    result = audit.git(root, "remote", "get-url", name, check=False)
    if result.returncode != 0:
        from ..store.gitcmd import refusal
        raise WorkspaceError(refusal(root) or  # another user's repository is not one without a remote
                             f"no git remote named {name!r} in {root}; set one with scripts/init.py --remote URL")
    return check_url(result.stdout.strip())


def branch(root) -> str:
    from ..store.gitrules import refuse_detached_head
    refuse_detached_head(root)
    result = audit.git(root, "symbolic-ref", "--short", "HEAD", check=False)
    if result.returncode != 0:
        raise WorkspaceError(f"cannot tell which branch {root} is on")
    return result.stdout.strip()


def fetch(root, name: str, timeout: float = NETWORK_TIMEOUT, changed: str = "nothing was changed") -> None:
    """Fetch the remote's branches (unlocked; git checks every object it brings: fetch.fsckObjects)."""
    url = remote_url(root, name)
    result = _git_remote(root, "-c", "fetch.fsckObjects=true", "fetch", "--quiet", "--no-tags", "--prune", "--",
                         name, timeout=timeout)
    if result.returncode != 0:
        raise failure(result, f"fetch from remote {name}:", url, timeout, changed)


def check_theirs(root, theirs: str | None, where: str, now) -> None:
    """What the remote's branch holds, checked before any of it is taken: a history
    that is a hippocampus memory (or adopted), a tree with nothing in it that must
    never reach this workspace (incoming.py)."""
    from .incoming import check_tree
    if theirs is None:
        return
    if rev(root, "HEAD") is not None:
        related = audit.git(root, "merge-base", "HEAD", theirs, check=False).stdout.strip()
        if not related and not (is_hippocampus_history(root, theirs) or adopted(root)):
            raise WorkspaceError(f"{where} is not a hippocampus memory (its history begins elsewhere); "
                                 "nothing was changed: run scripts/init.py --remote URL --adopt to merge it anyway")
    check_tree(root, theirs, _prefix(root), where, now)
    for old in ("hippocampus/index.json", "memory/meta/audit.log"):  # a layout from before, still written to
        def holds(commit: str) -> bool:
            return audit.git(root, "cat-file", "-e", f"{commit}:{_prefix(root)}{old}", check=False).returncode == 0
        if holds(theirs) and rev(root, "HEAD") and not holds("HEAD"):
            raise WorkspaceError(f"{where} keeps its memory in a layout from before ({old}): the other machine runs "
                                 "an older hippocampus; update it there (its next write moves its memory into the "
                                 "layout), then sync; nothing was changed")


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


def _index_at(root, commit: str | None):
    """{id: memory} of index.json at `commit` ({} when none), wherever that commit's layout keeps it:
    in our layout its lines, each parsed when asked for (sync/index_lines.py), else parsed whole."""
    from .incoming import _blob
    from .index_lines import IndexLines, NotOurLayout
    if not commit:
        return {}
    for name in ("memory/index.json", "hippocampus/index.json"):
        shown = audit.git(root, "cat-file", "-e", f"{commit}:{_prefix(root)}{name}", check=False)
        if shown.returncode == 0:
            break
    else:
        return {}
    data = _blob(root, f"{commit}:{_prefix(root)}{name}")
    try:
        return IndexLines(data, lenient=True)
    except NotOurLayout:
        pass
    try:
        return {m["id"]: m for m in json.loads(data.decode("utf-8", "replace")).get("memories", [])
                if isinstance(m, dict)}
    except (ValueError, AttributeError, KeyError, TypeError):
        return {}


def changes(before, after) -> dict:
    """How many memories were added, changed and forgotten from `before` to `after` ({id: memory};
    an IndexLines parses only the lines that differ)."""
    from .index_lines import IndexLines
    added = changed = forgotten = 0
    ids = after.differing(before) if isinstance(after, IndexLines) else iter(after)
    for memory_id in ids:
        memory, old = after[memory_id], before.get(memory_id)
        if old is None:
            added += 1
        elif memory.get("status") == "archived" and old.get("status") != "archived":
            forgotten += 1
        elif memory != old:
            changed += 1
    return {"added": added, "changed": changed, "forgotten": forgotten}


def _versions(root, head: str | None, theirs: str | None) -> dict:
    """{"base", "ours", "theirs": {id: memory}}: the index at the merge base, at `head` and at `theirs`."""
    base = audit.git(root, "merge-base", head, theirs, check=False).stdout.strip() or None \
        if head and theirs else None
    at_base = _index_at(root, base)
    return {"base": at_base, "ours": _index_at(root, head) if head != base else at_base,
            "theirs": _index_at(root, theirs) if theirs != base else at_base}


def _counts(versions: dict) -> tuple[dict, dict]:
    """(what theirs brings, what ours sends): each against their merge base."""
    return changes(versions["base"], versions["theirs"]), changes(versions["base"], versions["ours"])


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


def _merge(workspace, theirs: str, where: str) -> tuple[bool, list[str]]:
    """Merge the commit `theirs` (checked: check_theirs) into the branch: (a merge commit
    was made, paths it changed)."""
    root = workspace.root
    head = rev(root, "HEAD")
    if theirs is None or head == theirs:
        return False, []
    if audit.git(root, "merge-base", "--is-ancestor", theirs, "HEAD", check=False).returncode == 0:
        return False, []  # nothing new there
    related = audit.git(root, "merge-base", "HEAD", theirs, check=False).stdout.strip()
    args = ["merge", "--no-edit", "--no-stat", "-q", "-m", f"sync: merge {where}"]
    if not related:
        if not (is_hippocampus_history(root, theirs) or adopted(root)):
            raise WorkspaceError(f"{where} is not a hippocampus memory (its history begins elsewhere); "
                                 "nothing was changed: run scripts/init.py --remote URL --adopt to merge it anyway")
        args.append("--allow-unrelated-histories")
    # renames only where a file moved unchanged (a forget, a revival): a file deleted on one side (a purge,
    # by hand) is never taken for a like file the same side added (another memory) and the other side's
    # edit of it merged into that one; and no folder renames (a side that archived every memory of a folder
    # has not moved the folder: the other side's new memory there stays where it is)
    result = audit.git(root, "-c", "core.editor=true", "-c", "merge.directoryRenames=false", *args,
                       "-X", "find-renames=100%", theirs, check=False)
    if result.returncode != 0:
        from .unmerged import finish_conflicted
        finish_conflicted(root, result, _prefix(root))
    changed = audit.git(root, "diff", "--name-only", "-z", head, "HEAD", "--", ".", check=False).stdout
    paths = [p[len(_prefix(root)):] for p in changed.split("\0") if p]
    parents = audit.git(root, "rev-list", "--parents", "-n", "1", "HEAD", check=False).stdout.split()[1:]
    merged = len(parents) == 2 and parents[0] == head  # a merge commit of ours, not a fast-forward
    return merged, paths


def _settle(workspace, name: str, merged_paths: list[str], incoming: dict, versions: dict) -> dict:
    from ..store import reconcile
    from .merge_settle import follow_moves, settle
    from .tombstones import honour, without_purged
    from ..store.edits_in import take_in
    from ..store.transaction import Transaction
    from ..store.index_store import read_stamp
    from ..store.search_cache import index_state
    state = index_state(workspace.paths.index, read_stamp(workspace.paths.index))
    merged = workspace.load_index(lazy=True)
    workspace.catch_up_cache(merged, state)  # the cache level with the merge first: what reads it (the core
    tx = Transaction(workspace, merged, "system:sync", "sync", "")  # set, a duplicate) reads no other memory
    follow_moves(tx, merged_paths)  # a file git moved while the merged index names where it was
    purged = honour(tx, versions, merged_paths)  # first: a purged memory's file the merge brought back goes
    gone_by_hand: set[str] = set()  # a file the merge kept (edited on one side) revives its memory
    scan = reconcile.scan(workspace.root, workspace.paths, workspace._open_cache().manifest(),
                          reconcile.known_files(tx.memories, gone_by_hand), writer=True, gone_by_hand=gone_by_hand)
    without_purged(scan, tx, purged)
    take_in(tx, scan)  # what the merge left for the index to take in (a text merged line by line)
    tx.manifest_updates.update(scan.manifest_updates)  # the stat manifest forgets what the merge removed
    tx.manifest_removed += scan.manifest_removed        # (a file's name may hold a purged memory's words)
    result = settle(tx, merged_paths)
    workspace.place_all = True  # what the merge made live or not live: its file where that says
    tx.index_changed = True  # the merged index, checked and written by us: the search cache is rebuilt
    tx.summary = (f"synced with {name}: in {incoming['added']} new, {incoming['changed']} changed, "
                  f"{incoming['forgotten']} forgotten" +
                  (f"; {len(result['conflicts'])} memories edited on two machines recorded as conflicts"
                   if result["conflicts"] else "") +
                  (f"; {len(purged)} purged here as on the other machine" if purged else ""))
    tx.commit()
    return result


def _after_fast_forward(workspace, versions: dict) -> None:
    """The branch moved to the remote's commit: what is derived from the memories follows
    (and, when that commit purged something, no old page of the cache keeps its words)."""
    from .tombstones import after_fast_forward
    workspace.reader_cache()
    after_fast_forward(workspace, versions)


def sync(workspace, name: str = "origin", dry_run: bool = False, timeout: float = NETWORK_TIMEOUT) -> dict:
    from ..store.lock import TurnLock
    root = workspace.root
    check_remote_name(name)
    url = remote_url(root, name)
    current = branch(root)
    theirs_ref = f"refs/remotes/{name}/{current}"
    where = f"{name}/{current}"
    report = {"remote": name, "url": safe_url(url), "branch": current, "dryRun": dry_run}
    none = {"added": 0, "changed": 0, "forgotten": 0}
    with TurnLock(workspace.paths.cache / "sync.lock") as turn:
        if not turn.held:
            return {**report, "in": dict(none), "out": dict(none), "merged": False, "pushed": False,
                    "conflicts": [], "skipped": "another sync of this workspace is running; it takes these "
                                                "changes too (nothing done here)"}
        fetch(root, name, timeout)  # unlocked, before anything local changes
        theirs = rev(root, theirs_ref)
        check_theirs(root, theirs, where, workspace.now)
        if dry_run:
            incoming, outgoing = _counts(_versions(root, rev(root, "HEAD"), theirs))
            return {**report, "in": incoming, "out": outgoing, "merged": False, "pushed": False, "conflicts": []}
        conflicts: list[str] = []
        merged = pushed = False
        totals_in = dict(none)
        outgoing = None
        for attempt in range(PUSH_TRIES):
            if attempt:  # the remote moved while we pushed: what it has now, checked as before
                fetch(root, name, timeout, changed="what came in before is merged here; run sync.py again")
                theirs = rev(root, theirs_ref)
                check_theirs(root, theirs, where, workspace.now)
            with workspace.transaction("system:sync", "sync"):  # the lock; hand edits committed first
                _register(workspace)
                head = rev(root, "HEAD")
                versions = _versions(root, head, theirs)
                incoming, out_now = _counts(versions)
                if outgoing is None:
                    outgoing = out_now
                for key in totals_in:
                    totals_in[key] += incoming[key]
                made_merge, paths = _merge(workspace, theirs, where) if theirs else (False, [])
                if made_merge:
                    merged = True
                    conflicts += _settle(workspace, name, paths, incoming, versions)["conflicts"]
                elif paths:  # a fast-forward: derived files follow the new tree
                    _after_fast_forward(workspace, versions)
                sent = rev(root, "HEAD")
            if theirs is not None and audit.git(root, "merge-base", "--is-ancestor", sent, theirs,
                                                check=False).returncode == 0:
                break  # the remote has everything here already
            result = _git_remote(root, "push", "--quiet", "--", name, f"{sent}:refs/heads/{current}",
                                 timeout=timeout)  # unlocked: a commit made meanwhile goes next time
            if result.returncode == 0:
                pushed = True
                break
            text = result.stderr or result.stdout or ""
            if "rejected" not in text and "fetch first" not in text and "non-fast-forward" not in text:
                raise failure(result, f"push to remote {name}:", url, timeout,
                              changed="what came in is merged here; run sync.py again")
        else:
            raise WorkspaceError(f"the remote {name} kept moving while this sync pushed ({PUSH_TRIES} tries); "
                                 "what came in is merged here; run sync.py again")
    audit.git(root, "branch", f"--set-upstream-to={name}/{current}", check=False)  # a person's plain `git pull`
    return {**report, "in": totals_in, "out": outgoing or dict(none), "merged": merged, "pushed": pushed,
            "conflicts": conflicts}

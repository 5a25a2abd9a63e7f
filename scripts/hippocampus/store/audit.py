"""The audit trail: one line in hippocampus/meta/audit.log and one git commit per change.

Commits touch only our own paths (gitcommit.py, or git's own `git commit` of
an index of its own), so a workspace that is also the user's repository
keeps the user's staged work.
Messages read as sentences with trailers for machines, e.g.

    remember: User prefers dark mode

    Actor: bot:remember
    Action: remember
    Memory-Id: mem_3f2a9c1d8e7b
"""

from __future__ import annotations

import os
import subprocess
from datetime import datetime
from pathlib import Path

from ..errors import WorkspaceError
from ..base import interrupts
from ..base.fsutil import append_line, line_bytes, truncate_to
from ..text.textutil import one_line
from ..text.timeutil import format_time
from .critical import is_critical  # noqa: F401 (callers' audit.is_critical)
from .gitcmd import _GIT_ENV, git, git_env  # noqa: F401 (git: used by callers as audit.git)

MAX_ID_TRAILERS = 25

def status_entries(output: str) -> list[tuple[str, str]]:
    """(XY code, path) of each entry of `git status --porcelain -z` (paths as they are,
    unquoted; a rename's or copy's source, which follows its entry, skipped)."""
    records = output.split("\0")
    found, position = [], 0
    while position < len(records):
        record = records[position]
        position += 1
        if len(record) < 4:
            continue
        found.append((record[:2], record[3:]))
        if record[0] in "RC":
            position += 1
    return found


def repo_top(root: Path) -> Path | None:
    """The repository's top folder; None where there is none. A repository git will not read for
    this user (another's) is a WorkspaceError naming the fix, never None: init.py would fail on it."""
    result = git(root, "rev-parse", "--show-toplevel", check=False)
    if result.returncode != 0:
        from .gitcmd import refusal
        refused = refusal(root)
        if refused:
            raise WorkspaceError(refused)
        return None
    return Path(result.stdout.strip())


def critical_change(root: Path, paths: list[str], contents: dict | None = None) -> bool:
    """Whether this change alters what a person wrote in IDENTITY.md or SOUL.md (critical.py):
    each such path's text in HEAD against its new bytes (`contents`, else the file on disk).
    A git call each, and only for a change that touches one of them."""
    from . import critical
    for path in (p for p in paths if is_critical(p)):
        shown = git(root, "cat-file", "blob", f"HEAD:./{path}", check=False)
        old = shown.stdout.encode("utf-8") if shown.returncode == 0 else None
        if contents and path in contents:
            new = contents[path]
            if isinstance(new, list):
                from ..base.file_bytes import joined
                new = joined(new)
        else:
            try:
                new = (root / path).read_bytes()
            except OSError:
                new = None
        if critical.changed(path, old, new):
            return True
    return False


def message(action: str, summary: str, actor: str, ids: list[str], paths: list[str],
            extra: list[str] = (), critical: bool | None = None) -> str:
    """`critical`: as critical_change found it (None: any identity file among `paths`)."""
    critical = any(is_critical(p) for p in paths) if critical is None else critical
    subject = one_line(f"{'CRITICAL ' if critical else ''}{action}: {summary}", 72)
    trailers = [f"Actor: {actor}", f"Action: {action}", *extra]
    trailers += [f"Memory-Id: {memory_id}" for memory_id in ids[:MAX_ID_TRAILERS]]
    if len(ids) > MAX_ID_TRAILERS:
        trailers.append(f"Memory-Count: {len(ids)}")
    body = one_line(summary, 1000)
    middle = f"{body}\n\n" if len(body) > 60 else ""
    return f"{subject}\n\n{middle}" + "\n".join(trailers) + "\n"


MAX_AUDIT_IDS = 1000  # ids listed on one audit line (history.py reads them)


def audit_line(now: datetime, actor: str, action: str, ids: list[str], summary: str, paths: list[str],
               critical: bool | None = None) -> str:
    critical = any(is_critical(p) for p in paths) if critical is None else critical
    flag = "CRITICAL " if critical else ""
    shown_ids = ",".join(ids[:MAX_AUDIT_IDS]) + (f",+{len(ids) - MAX_AUDIT_IDS}" if len(ids) > MAX_AUDIT_IDS else "")
    clean_summary = one_line(summary, 300).replace("|", "/")
    return f"{format_time(now)} | {actor} | {flag}{action} | {shown_ids or '-'} | {clean_summary}"


def record(root: Path, audit_log: Path, now: datetime, actor: str, action: str, ids: list[str],
           summary: str, paths: list[str],
           trailers: list[str] = (), author: str | None = None,
           contents: dict[str, bytes | list | None] | None = None, before_publish=None) -> None:
    """Append the audit line, then commit exactly `paths` plus the log; when
    this fails, the line is taken back, so that the caller can take back its
    files: nothing is left (git's own commit stages an index of its own).

    `contents` and `before_publish`: files still being written and the wait
    for them (gitcommit.commit_paths); it runs exactly once, before the commit
    becomes visible, and the audit line is appended after it: a line is in
    the log only once the files it speaks of are.

    Paths the repository's ignore rules match are not committed (gitrules):
    a person who ignores memory/ does not want it in their repository.
    """
    from . import gitrules
    from ..text.redact import redact_text

    summary = redact_text(summary)  # a summary may quote a query or an argument
    actor = redact_text(actor)  # refused at the command line (actors.resolve); a file may still name one
    author = redact_text(author) if author else author
    trailers = [redact_text(trailer) for trailer in trailers]
    critical = critical_change(root, paths, contents)
    line = audit_line(now, actor, action, ids, summary, paths, critical)
    log_path = os.path.relpath(audit_log, root)
    from ..base.fsutil import check_confined, read_confined
    check_confined(audit_log)  # a link there, or on its way, is never written through
    try:
        old_log = read_confined(audit_log)
    except FileNotFoundError:
        old_log = b""
    except OSError as exc:
        from ..base.fsutil import workspace_error_for
        raise workspace_error_for(exc, audit_log) from None
    every = sorted(set(paths) | {log_path})
    ignored = gitrules.ignored(root, every)
    kept = [p for p in every if p not in ignored]
    known = {p: data for p, data in (contents or {}).items() if p not in ignored}
    if log_path not in ignored:
        known[log_path] = [old_log, line_bytes(line)]  # the log as it will be once the line is in
    appended: list[int] = []
    waits = [before_publish] if before_publish else []

    def publish() -> None:  # the files are on disk: now the line that speaks of them
        while waits:
            waits.pop()()
        if not appended:
            interrupts.hold()  # the line, then the commit: a Ctrl-C from here waits for the commit's end
            interrupts.check()  # (one before it: nothing is kept)
            appended.append(append_line(audit_log, line))

    with interrupts.guard():  # a Ctrl-C: answered before the branch moves, or once the commit is made
        try:
            if not kept:
                publish()  # (no commit: the line is the change)
            else:
                text = message(action, summary, actor, ids, kept, trailers, critical)
                name = one_line(author, 80).replace("<", "").replace(">", "") if author else \
                    _GIT_ENV["GIT_AUTHOR_NAME"]
                from .gitcommit import commit_paths
                if commit_paths(root, git_env(), git, kept, text, name, _GIT_ENV["GIT_AUTHOR_EMAIL"],
                                _GIT_ENV["GIT_COMMITTER_NAME"], contents=known, before_publish=publish) is None:
                    publish()
                    _porcelain_commit(root, kept, text, name if author else None, known)
        except BaseException:
            interrupts.hold()  # what is taken back is taken back whole: a Ctrl-C meanwhile waits
            if appended:
                truncate_to(audit_log, appended[0])
            raise
        interrupts.note_committed(action, ids)


def _porcelain_commit(root: Path, kept: list[str], text: str, author: str | None,
                      known: dict[str, bytes | list | None]) -> None:
    """The commit made by git's own `git commit`: where git transforms content, or
    the repository has commit hooks (they run) or signs its commits (git signs).

    It commits an index of its own (GIT_INDEX_FILE), never the person's: HEAD's,
    with `kept` staged from disk through git's filters, and each file that no
    longer holds the bytes we wrote (`known`: a person saved it after our write,
    perhaps a secret) staged as we wrote it, so that what the commit holds is ours,
    redacted (their save is the next writer's to take in). Once the branch has
    moved, git's own index takes the committed paths as committed."""
    index = root / git(root, "rev-parse", "--git-path", f"hippocampus-commit-{os.getpid()}.index").stdout.strip()
    head = git(root, "rev-parse", "-q", "--verify", "HEAD", check=False).stdout.strip()
    listed = "\0".join(kept) + "\0"  # (through stdin, NUL-separated: a bulk import may touch 100,000 files)
    try:
        prefix = git(root, "rev-parse", "--show-prefix").stdout.strip()  # (the workspace in a person's repository)
        git(root, "read-tree", head or "--empty", index_file=index)
        git(root, "update-index", "--add", "--remove", "-z", "--stdin", stdin=listed, index_file=index)
        _stage_ours(root, index, prefix, kept, known)
        commit = ("commit", "-q", "-m", text)
        if author:  # credit the actor whose change this is (e.g. an approved proposal)
            commit = (*commit, f"--author={author} <hippocampus@localhost>")
        interrupts.hold()  # git's commit moves the branch: a Ctrl-C from now on is answered after it
        interrupts.check()
        result = git(root, *commit, index_file=index, check=False)
        if result.returncode != 0 and not _landed(root, head, text):
            raise WorkspaceError(_commit_refused(root, result))
        _index_takes(root, index, prefix, kept)
    finally:
        index.unlink(missing_ok=True)


def _index_takes(root: Path, index: Path, prefix: str, kept: list[str]) -> None:
    """Git's own index: the entries of `kept` as `index` (what was committed) holds them, the
    rest as it was (no pathspec: 100,000 of them against every tracked file took minutes).
    `prefix`: the workspace's path in the repository (git's index names paths from its top)."""
    wanted = {prefix + path: path for path in kept}
    entries = []
    for entry in git(root, "ls-files", "--full-name", "-s", "-z", index_file=index).stdout.split("\0"):
        info, _, path = entry.partition("\t")
        if path in wanted:
            mode, sha, _stage = info.split()
            entries.append(f"{mode} {sha}\t{path}")
            del wanted[path]
    if entries:
        git(root, "update-index", "-z", "--index-info", stdin="\0".join(entries) + "\0", check=False)
    if wanted:  # removed by this change (--stdin: paths from the workspace, as `kept` names them)
        git(root, "update-index", "--force-remove", "-z", "--stdin", stdin="\0".join(sorted(wanted.values())) + "\0",
            check=False)


def _stage_ours(root: Path, index: Path, prefix: str, kept: list[str], known: dict[str, bytes | list | None]) -> None:
    """In `index`: the bytes we wrote for each file of `kept` whose file on disk holds others now."""
    wanted = set(kept)
    for path, data in known.items():
        if path not in wanted or not (data is None or isinstance(data, bytes)):
            continue  # (index.json's and the audit log's parts: ours alone write them, under the lock)
        try:
            with open(root / path, "rb") as handle:
                there = handle.read()
        except FileNotFoundError:
            there = None
        except OSError:
            there = b""  # (unreadable: staged from our bytes)
        if there == data:
            continue
        if data is None:
            git(root, "update-index", "--force-remove", "-z", "--stdin", stdin=path + "\0", index_file=index)
            continue
        env = {**git_env(), "GIT_INDEX_FILE": str(index)}
        blob = subprocess.run(["git", "hash-object", "-w", "--stdin", f"--path={path}"], cwd=root, env=env,
                              input=data, capture_output=True)  # (git's filters, as for a file on disk)
        if blob.returncode != 0:
            raise WorkspaceError(f"git hash-object failed in {root}: "
                                 f"{one_line(blob.stderr.decode('utf-8', 'replace') or 'no output', 200)}")
        git(root, "update-index", "-z", "--index-info", stdin=f"100644 {blob.stdout.decode().strip()}\t{prefix}{path}\0",
            index_file=index)


def _landed(root: Path, head: str, text: str) -> bool:
    """Whether `git commit` made our commit after all (killed by a Ctrl-C once
    the branch had moved, in its post-commit hook): HEAD is a commit of `text`
    on `head`. Then the change exists, and is never taken back."""
    shown = git(root, "log", "-1", "--format=%P%x00%B", "HEAD", "--", check=False)
    parents, _, body = shown.stdout.partition("\0")
    return shown.returncode == 0 and parents.strip() == head and body.split() == text.split()


def _commit_refused(root: Path, result: subprocess.CompletedProcess) -> str:
    """One line on why `git commit` said no: the repository's hooks, or git itself."""
    from . import gitrules
    detail = one_line(result.stderr or result.stdout or "no output", 200)
    repository = gitrules.find(root)
    hooks_path = git(root, "config", "core.hooksPath", check=False).stdout.strip() or None
    hooks = gitrules.active_hooks(repository.common, repository.top, hooks_path) if repository else []
    hooks = [hook for hook in hooks if hook != "post-commit"]  # it runs after the commit: it cannot refuse one
    if hooks:
        return f"the repository's commit hooks ({', '.join(hooks)}) refused this change: {detail}"
    return f"git commit failed in {root}: {detail}"

"""Lessons from git: the fix, revert and bug commits of a person's repositories
(learn.py --git), one lesson memory each (category "lessons", source
"git:<commit id>"), and, for a commit that migrated from one thing to another,
a proposal to invalidate what rested on the old one (never run here).

A repository is someone else's data, read as such: git runs with no pager, no
fsmonitor, no hooks path, no signature check, no external diff or textconv
(what a repository's own config could make git run), no optional locks (we
never write there), no terminal prompt; a repository git will not read for
this user is one line (exit 3). Only git's own values (commit ids it printed,
a date we computed) stand in git's arguments; the repository is the working
folder. What is read is bounded: commits per run and per repository, a
message's bytes, the files named per commit; control characters and terminal
escapes are taken out, and remember_one redacts the words.

Never a memory's change: the workspace's own repository, and any commit a
workspace made (a clone's: its Actor/Action trailers), are passed over; their
subjects quote memories, a purged one's words too.

Never the same commit twice: the commit ids learned are kept in the sidecar
(`meta/learned-commits.txt`, ids only), so a lesson forgotten or purged is not
learned again.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from datetime import timedelta
from pathlib import Path

from ..errors import NotFound, UsageError, WorkspaceError
from ..lifecycle.failures import plain
from ..store.gitcmd import git_env
from ..text.redact import redact
from ..text.timeutil import format_time, parse_time_or

MAX_COMMITS = 2000  # read per repository per run (the newest)
MAX_LESSONS = 200  # learned per run
MAX_SUBJECT = 200
MAX_BODY = 600
MAX_FILES = 5
MAX_OUTPUT = 16 * 1024 * 1024  # of git's output read
IMPORTANCE = 0.6
CATEGORY = "lessons"
LEDGER = "learned-commits.txt"
GIT_TIMEOUT = 60

_HASH = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")
# a fix, a revert, a bug: in the subject, as a word ("prefix", "debug", "fixture" are none)
_FIX = re.compile(r"\b(?:fix(?:e[sd]|ing)?|hot-?fix|bug(?:fix)?s?|revert(?:s|ed)?|regressions?|crash(?:es|ed)?|"
                  r"broken|repair(?:s|ed)?)\b", re.I)
_THING = r"[`'\"]?([A-Za-z0-9@][\w.@/+-]{0,39})[`'\"]?"
_MIGRATIONS = (
    re.compile(rf"\bmigrat(?:e|ed|es|ing|ion)\s+(?:\w+\s+){{0,2}}?from\s+{_THING}\s+to\s+{_THING}", re.I),
    re.compile(rf"\bswitch(?:ed|es|ing)?\s+(?:\w+\s+){{0,2}}?from\s+{_THING}\s+to\s+{_THING}", re.I),
    re.compile(rf"\bswitch(?:ed|es|ing)?\s+{_THING}\s+to\s+{_THING}", re.I),
    re.compile(rf"\bmov(?:e|ed|es|ing)\s+(?:\w+\s+){{0,2}}?from\s+{_THING}\s+to\s+{_THING}", re.I),
    re.compile(rf"\breplac(?:e|ed|es|ing)\s+{_THING}\s+(?:with|by)\s+{_THING}", re.I),
)
_NOT_THING = frozenset(("the", "a", "an", "it", "this", "that", "our", "my", "its", "them", "all", "main", "master"))


def git_read(repo: Path, *args: str) -> str:
    """git ARGS in `repo`, hardened (see the module's note); its output, bounded."""
    command = ["git", "--no-pager", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
               "-c", "core.pager=cat", "-c", "log.showSignature=false", "-c", "diff.external=",
               "-c", "core.untrackedCache=false", "-c", "log.mailmap=false", *args]
    env = git_env()
    env.update(GIT_OPTIONAL_LOCKS="0", GIT_PAGER="cat", PAGER="cat", GIT_TERMINAL_PROMPT="0")
    for variable in ("GIT_EXTERNAL_DIFF", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"):
        env.pop(variable, None)
    try:
        result = subprocess.run(command, cwd=repo, env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                timeout=GIT_TIMEOUT)
    except FileNotFoundError:
        raise WorkspaceError("git is not installed; learn.py --git needs it") from None
    except subprocess.TimeoutExpired:
        raise WorkspaceError(f"git took over {GIT_TIMEOUT} s to read {repo}; nothing was learned") from None
    if result.returncode != 0:
        from ..store.gitcmd import refusal
        refused = refusal(repo)
        if refused:
            raise WorkspaceError(refused)
        detail = plain(result.stderr.decode("utf-8", "replace")).strip().splitlines()
        raise WorkspaceError(f"git could not read {repo}: {(detail or ['no output'])[-1][:200]}")
    return result.stdout[:MAX_OUTPUT].decode("utf-8", "replace")


def repository(path: str | Path) -> Path:
    """The top folder of the repository at `path` (exit 2 when it is none)."""
    folder = Path(path).expanduser()
    if not folder.is_dir():
        raise NotFound(f"no such folder: {path}")
    try:
        top = git_read(folder, "rev-parse", "--show-toplevel").strip()
    except WorkspaceError as exc:
        if "not a git repository" in str(exc).lower():
            raise NotFound(f"not a git repository: {path}") from None
        raise
    return Path(top)


def commits(repo: Path, since) -> list[dict]:
    """The repository's commits since `since` (newest first, merges aside, bounded):
    {id, date, subject, body}, their text plain and cut."""
    try:
        git_read(repo, "rev-parse", "-q", "--verify", "HEAD^{commit}")
    except WorkspaceError:
        return []  # no commit yet on this branch
    out = git_read(repo, "log", "-z", "--no-merges", "--no-color", "--no-show-signature", "--no-ext-diff",
                   "--no-textconv", f"--max-count={MAX_COMMITS}", "--format=%H%x00%aI%x00%B")
    # (the days are ours to count: git's --since stops at the first older commit it meets, and a
    # branch whose last commit carries an old date would then give none)
    tokens = out.split("\0")
    found, at = [], 0
    while at + 2 < len(tokens):  # id, date, message; a message holding a NUL is read past
        commit_id = tokens[at].strip()
        date = parse_time_or(tokens[at + 1].strip(), None) if _HASH.match(commit_id) else None
        if date is None:
            at += 1
            continue
        lines = [line.strip() for line in plain(tokens[at + 2][:64 * 1024]).strip().split("\n")]
        subject = " ".join((lines[0] if lines else "").split())[:MAX_SUBJECT]
        body = " ".join(" ".join(line.split()) for line in lines[1:] if line)[:MAX_BODY]
        if date >= since:
            found.append({"id": commit_id, "date": date, "subject": subject, "body": body,
                          "ours": _made_by_us(lines)})
        at += 3
    return found


_OUR_TRAILERS = (re.compile(r"^Actor: \S+$"), re.compile(r"^Action: [\w-]+$"))


def _made_by_us(lines: list[str]) -> bool:
    """A commit a hippocampus workspace made (its trailers: store/audit.py): a memory's change,
    whose subject quotes the memory (a purged one's words too), never a lesson."""
    return all(any(pattern.match(line) for line in lines[1:]) for pattern in _OUR_TRAILERS)


def is_fix(commit: dict) -> bool:
    return bool(_FIX.search(commit["subject"]))


def migrations(commit: dict) -> list[tuple[str, str]]:
    """(old, new) for each move from one thing to another the subject says."""
    found = []
    for pattern in _MIGRATIONS:
        for match in pattern.finditer(commit["subject"]):
            old, new = match.group(1).rstrip(".,;:"), match.group(2).rstrip(".,;:")
            if old.lower() in _NOT_THING or new.lower() in _NOT_THING or old.lower() == new.lower():
                continue
            if redact(old)[0] != old or redact(new)[0] != new:
                continue  # a secret is no thing to invalidate by name
            if (old, new) not in found:
                found.append((old, new))
    return found


def files_of(repo: Path, commit_id: str) -> list[str]:
    """The first files a commit changed (git's quoting kept: a name is one line)."""
    out = git_read(repo, "diff-tree", "--no-commit-id", "--name-only", "-r", "--no-ext-diff", "--no-textconv",
                   "--root", commit_id)
    names = [plain(line).strip() for line in out.split("\n")[:MAX_FILES * 4] if line.strip()]
    return names[:MAX_FILES]


def lesson_text(repo_name: str, commit: dict, files: list[str]) -> str:
    text = f"Lesson from git (repo {repo_name}, commit {commit['id'][:10]}, {format_time(commit['date'])[:10]}): " \
           f"{commit['subject']}"
    if commit["body"]:
        text += f"\n{commit['body']}"
    if files:
        text += "\nFiles: " + ", ".join(files)
    return redact(text)[0]  # (remember_one redacts too; a dry run prints it)


def proposal(old: str, new: str, commit: dict, repo_name: str) -> dict:
    reason = f"migrated to {new}"
    argv = ["invalidate.py", old, "--reason", reason]
    return {"old": old, "new": new, "commit": commit["id"], "repo": repo_name, "argv": argv,
            "command": "python3 -S scripts/" + shlex.join(argv)}


def read_ledger(workspace) -> set[str]:
    path = workspace.paths.meta / LEDGER
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return set()
    return {line.strip() for line in text.splitlines() if _HASH.match(line.strip())}


def ledger_path(workspace) -> str:
    return workspace.paths.rel(workspace.paths.meta / LEDGER)


def plan(workspace, repos: list[str], days: int) -> dict:
    """What a run would learn (nothing written): {repos, lessons: [...], known, ignored, proposals}."""
    if not 1 <= days <= 36500:
        raise UsageError("--days must be from 1 to 36,500")
    since = workspace.now - timedelta(days=days)
    known = read_ledger(workspace)
    lessons, proposals, counted = [], [], {"known": 0, "ignored": 0, "overLimit": 0}
    seen_repos = []
    workspace_root = Path(workspace.root).resolve()
    for path in repos:
        repo = repository(path)
        if repo in seen_repos:
            continue
        seen_repos.append(repo)
        name = repo.name or str(repo)
        ours = repo.resolve() == workspace_root  # the memories' own repository: its commits are memories
        for commit in commits(repo, since):
            if ours or commit["ours"]:  # (and a clone of a workspace: our commits carry our trailers)
                counted["ignored"] += 1
                continue
            for old, new in migrations(commit):
                proposals.append(proposal(old, new, commit, name))
            if not is_fix(commit):
                counted["ignored"] += 1
                continue
            if commit["id"] in known or any(l["commit"] == commit["id"] for l in lessons):
                counted["known"] += 1
                continue
            if len(lessons) >= MAX_LESSONS:
                counted["overLimit"] += 1
                continue
            lessons.append({"commit": commit["id"], "repo": name, "date": commit["date"],
                            "text": lesson_text(name, commit, files_of(repo, commit["id"]))})
    return {"repos": [str(r) for r in seen_repos], "lessons": lessons, "proposals": proposals, **counted}


def learn(tx, planned: dict) -> list[dict]:
    """Store the planned lessons in `tx` and add their commits to the ledger."""
    from ..lifecycle.remember import remember_one

    learned = []
    for lesson in planned["lessons"]:
        created = min(lesson["date"], tx.now)
        result = remember_one(tx, lesson["text"], category=CATEGORY, importance=IMPORTANCE, domain="world",
                              source=f"git:{lesson['commit']}", created=created)
        memory = tx.by_id[result["id"]]
        learned.append({"id": result["id"], "action": result["action"], "commit": lesson["commit"],
                        "repo": lesson["repo"], "content": memory["content"]})
    if learned:
        known = read_ledger(tx.workspace) | {lesson["commit"] for lesson in planned["lessons"]}
        tx.write_file(ledger_path(tx.workspace), ("\n".join(sorted(known)) + "\n").encode("ascii"))
    return learned

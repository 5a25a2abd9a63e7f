"""What the repository asks of a commit, when the workspace may be a person's own
repository: its commit hooks and signing (git's own `git commit` must then make
the commit), the paths it ignores (never committed by us), and whether HEAD is
on a branch (a commit onto a detached HEAD is lost at the next checkout: refused).

Found without running git where that can be done: the repository is found by
walking up from the workspace (as git does), HEAD is one small file, and git
is asked which of our paths it ignores (`git check-ignore`) only when an
ignore file other than our own `hippocampus/.gitignore` has a rule in it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import WorkspaceError

COMMIT_HOOKS = ("pre-commit", "prepare-commit-msg", "commit-msg", "post-commit")
# what init.py writes into hippocampus/.gitignore and memory/.gitignore: it matches nothing we commit
OUR_IGNORE = b".cache/\n.lock\n.*.tmp\n"
# the folders whose own .gitignore could hold a rule for a file we write
_FOLDERS = ("memory", "memory/user", "memory/self", "memory/relationship", "memory/world", "memory/procedures",
            "memory/vault", "memory/episodes", "memory/graph", "memory/graph/entities", "hippocampus",
            "hippocampus/meta", "hippocampus/meta/audit", "hippocampus/archive")


class Repository:
    """Where git keeps a repository holding `root`: its working tree's top, its
    git folder (the worktree's own) and the common one (objects, config, hooks)."""

    def __init__(self, top: Path, git_dir: Path, common: Path):
        self.top, self.git_dir, self.common = top, git_dir, common


def find(root: Path) -> Repository | None:
    """The repository `root` is in, found as git finds it (a `.git` folder, or a
    `.git` file naming one, in `root` or a folder above); None when there is none."""
    folder = os.path.abspath(root)
    while True:
        dot = os.path.join(folder, ".git")
        try:
            mode = os.stat(dot).st_mode
        except OSError:
            mode = 0
        git_dir = None
        if stat.S_ISDIR(mode):
            git_dir = dot
        elif stat.S_ISREG(mode):
            text = (_read(dot) or b"").decode("utf-8", "replace").strip()
            if text.startswith("gitdir:"):
                git_dir = os.path.normpath(os.path.join(folder, text[len("gitdir:"):].strip()))
        if git_dir is not None:
            common = git_dir
            named = _read(os.path.join(git_dir, "commondir"))  # a worktree's: where the shared parts are
            if named:
                common = os.path.normpath(os.path.join(git_dir, named.decode("utf-8", "replace").strip()))
            return Repository(Path(folder), Path(git_dir), Path(common))
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def detached_head(root: Path) -> str | None:
    """The commit a detached HEAD points at; None when HEAD names a branch (or
    there is no repository: the commit fails on its own then)."""
    repository = find(root)
    if repository is None:
        return None
    head = (_read(os.path.join(repository.git_dir, "HEAD")) or b"ref:").decode("utf-8", "replace").strip()
    return None if head.startswith("ref:") else head


def refuse_detached_head(root: Path) -> None:
    """A commit onto a detached HEAD is on no branch: the next checkout leaves it
    behind, and puts the memory files back as that branch has them. Refused,
    before anything is written."""
    head = detached_head(root)
    if head is not None:
        raise WorkspaceError(f"git's HEAD is detached (at {head[:12]}) in the repository holding {root}: "
                             "hippocampus commits only onto a branch; check one out (git switch <branch>) and "
                             "run again; nothing was changed")


def active_hooks(common: Path, top: Path, hooks_path: str | None) -> list[str]:
    """The commit hooks git would run: executable files of those names in
    core.hooksPath (relative to the working tree's top) or the hooks folder."""
    folder = common / "hooks" if not hooks_path else Path(os.path.expanduser(hooks_path))
    if not folder.is_absolute():
        folder = top / folder
    found = []
    for name in COMMIT_HOOKS:
        hook = folder / name
        if os.access(hook, os.X_OK) and hook.is_file():
            found.append(name)
    return found


def git_bool(value: str | None) -> bool:
    """A git config boolean as git reads it (a key with no value is true)."""
    if value is None:
        return False
    value = value.strip().lower()
    if value in ("", "true", "yes", "on"):
        return True
    try:
        return int(value) != 0
    except ValueError:
        return False


def _read(path: str) -> bytes | None:
    # os.open, not pathlib: this runs for ~20 files a commit, most of them absent
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        return os.read(fd, os.fstat(fd).st_size + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def _has_rules(path: str, ours: bool = False) -> bool:
    """Whether an ignore file has a rule (with `ours`: one init.py did not write)."""
    data = _read(path)
    if not data:
        return False
    known = set(OUR_IGNORE.split()) if ours else set()
    return any(line.strip() and not line.lstrip().startswith(b"#") and line.strip() not in known
               for line in data.splitlines())


def ignore_files(root: Path, repository: Repository, excludes_file: str | None = None) -> list[str]:
    """The ignore files with a rule in them that could match a path we write
    (our own hippocampus/.gitignore and memory/.gitignore, as init.py wrote them, have none)."""
    found = []
    top = os.path.abspath(repository.top)
    folder = here = os.path.abspath(root)
    while True:  # the workspace's folder and those above it, up to the working tree's top
        if _has_rules(os.path.join(folder, ".gitignore")):
            found.append(os.path.join(folder, ".gitignore"))
        if folder == top or os.path.dirname(folder) == folder:
            break
        folder = os.path.dirname(folder)
    for relative in _FOLDERS:
        path = os.path.join(here, relative, ".gitignore")
        if _has_rules(path, ours=relative in ("hippocampus", "memory")):
            found.append(path)
    exclude = os.path.join(repository.common, "info", "exclude")
    if _has_rules(exclude):
        found.append(exclude)
    if excludes_file:
        excludes = os.path.expanduser(excludes_file)
    else:
        config_home = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
        excludes = os.path.join(config_home, "git", "ignore")
    if _has_rules(excludes):
        found.append(excludes)
    return found


def _config_files(repository: Repository) -> list[str]:
    home = os.path.expanduser("~")
    config_home = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    return [os.environ.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig",
            os.environ.get("GIT_CONFIG_GLOBAL") or os.path.join(home, ".gitconfig"),
            os.path.join(config_home, "git", "config"), os.path.join(repository.common, "config"),
            os.path.join(repository.git_dir, "config.worktree")]


def excludes_file(root: Path, repository: Repository) -> str | None:
    """core.excludesFile, asking git only when a config file could set it (it
    names it, or includes another file) or the environment passes settings."""
    asked = any(key in os.environ for key in ("GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG"))
    for path in _config_files(repository):
        text = (_read(path) or b"").lower()
        if b"excludesfile" in text or b"include" in text:
            asked = True
            break
    if not asked:
        return None
    from .gitcmd import git
    value = git(root, "config", "--path", "core.excludesFile", check=False).stdout.strip()
    return value or None


def ignored(root: Path, paths: list[str], excludes: str | None = None) -> dict[str, str]:
    """{path: the rule ignoring it} for the `paths` (relative to `root`) that git's
    ignore rules match, tracked or not (`check-ignore --no-index`: a person who
    ignores memory/ wants it out of their repository). Empty, without asking
    git, when no ignore file but ours has a rule in it."""
    repository = find(root)
    if repository is None or not paths:
        return {}
    if not ignore_files(root, repository, excludes if excludes is not None else excludes_file(root, repository)):
        return {}
    from .gitcmd import git
    result = git(root, "check-ignore", "--no-index", "-v", "-z", "--stdin", check=False,
                 stdin="\0".join(paths) + "\0")
    if result.returncode not in (0, 1):  # 1: none of them is ignored
        raise WorkspaceError(f"git check-ignore failed in {root}: {result.stderr.strip()[:200]}")
    fields = result.stdout.split("\0")
    found = {}
    for at in range(0, len(fields) - 3, 4):  # source, line, pattern, path
        source, line, pattern, path = fields[at:at + 4]
        if source and not pattern.startswith("!"):  # (-v also names a `!pattern` that keeps a path in)
            found[path] = f"{source}:{line}: {pattern}"
    return found


# paths that stand for what we write, asked about by init.py and doctor.py
SAMPLE_PATHS = ("memory/index.json", "memory/config.yaml", "memory/user/a.md", "memory/self/a.md",
                "memory/relationship/a.md", "memory/world/a.md", "memory/procedures/a.md", "memory/vault/a.md",
                "memory/episodes/2026-01-01.md", "memory/graph/index.md", "memory/graph/entities/a.md",
                "hippocampus/meta/audit.log", "hippocampus/meta/audit/2026-01.log",
                "hippocampus/meta/pending-memories.md", "hippocampus/archive/user/a.md", "hippocampus/signals.jsonl",
                "MEMORY.md", "IDENTITY.md", "SOUL.md", "HIPPOCAMPUS_CORE.md")


def not_audited(root: Path) -> str | None:
    """One sentence on what of ours git ignores here (so is never committed), or None."""
    found = ignored(root, list(SAMPLE_PATHS))
    if not found:
        return None
    rules = sorted(set(found.values()))
    named = [p for p in found if not p.startswith(("memory/", "hippocampus/"))]
    for top in ("memory/", "hippocampus/"):
        ours = [p for p in SAMPLE_PATHS if p.startswith(top)]
        if all(p in found for p in ours):  # all of the folder: said so, not path by path
            named.insert(0, top)
        else:
            named += [p for p in found if p.startswith(top)]
    shown = ", ".join(p.replace("/a.md", "/*.md").replace("/2026-01.log", "/*.log").replace("/2026-01-01.md", "/*.md")
                      for p in named)
    sentence = (f"not audited: git ignores {shown} here ({'; '.join(rules[:3])}), so hippocampus never commits "
                "them: their changes stay on disk but have no history in git")
    from .gitcmd import git
    folders = sorted({p.rsplit("/", 1)[0] if p.endswith(("/a.md", "/2026-01.log")) else p for p in found})
    tracked = git(root, "ls-files", "-z", "--", *folders, check=False).stdout.strip("\0")
    if tracked:
        sentence += ("; what git already tracks of them stays as last committed (`git rm -r --cached` takes it "
                     "out of the repository)")
    return sentence

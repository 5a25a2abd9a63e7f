"""A remote's tree is someone else's data: checked before any of it is merged
or checked out (sync.py, init.py --remote).

Refused, with one line naming the path, nothing changed:

- a symbolic link or a submodule where hippocampus keeps files (the store's
  folders, at any depth, and the files it writes beside them: MEMORY.md,
  IDENTITY.md, .gitattributes ...): checked out, our next write would land
  wherever it points (`meta/audit.log` -> `~/.bashrc`);
- a name in the store that holds a control character (a line break), which
  no later commit could name;
- an `index.json` that is not an index this code reads (every script would
  stop at it), or whose entries name files outside the memory folders;
- a `config.yaml` whose settings are not valid (every script would stop);
- a `.gitignore` inside the store other than our own (it would hide memories
  from every later commit), a `.gitattributes` inside it.

Lines a remote adds to the workspace's own `.gitattributes` cannot take our
files from our merge drivers: the same rules are in `.git/info/attributes`,
which git reads first (merge_setup.py).

git's own checks of what a fetch brings (fetch.fsckObjects: malformed trees,
`.git` and `..` in names, hostile .gitmodules) run at the fetch.
"""

from __future__ import annotations

import json

from ..base.paths import MEMORY, MEMORY_FOLDERS, OLD_STORE, SIDE, STORE, is_memory_file
from ..errors import WorkspaceError
from ..store import audit
from ..text.textutil import one_line

# files hippocampus writes beside the store (and a person's git reads)
ROOT_FILES = ("MEMORY.md", "HIPPOCAMPUS_CORE.md", "IDENTITY.md", "SOUL.md", "AGENTS.md", "CLAUDE.md",
              ".gitattributes", ".gitignore", "brain-dashboard.html")
LINK, SUBMODULE = "120000", "160000"


def _ours(path: str) -> bool:
    """Whether a workspace-relative path is where hippocampus keeps files: hippocampus/ whole, and in
    memory/ the folder itself and what of it is ours (OpenClaw's own notes there are not)."""
    top, _, rest = path.partition("/")
    if top == SIDE or path in ROOT_FILES or path == MEMORY:
        return True
    return top == MEMORY and rest.split("/", 1)[0] in (*MEMORY_FOLDERS, "graph", "index.json", "config.yaml",
                                                       ".gitignore", "meta", "archive", "signals.jsonl")


def _entries(root, commit: str, prefix: str):
    """(mode, type, sha, workspace-relative path) of every entry of `commit`'s tree in the
    workspace's folder, folders included."""
    listed = audit.git(root, "ls-tree", "-r", "-t", "-z", "--full-tree", commit, check=False)
    if listed.returncode != 0:
        raise WorkspaceError(f"cannot read the remote's tree ({one_line(listed.stderr, 120)}); nothing was changed")
    for record in listed.stdout.split("\0"):
        if "\t" not in record:
            continue
        info, path = record.split("\t", 1)
        mode, kind, sha = info.split(" ", 2)
        if prefix:
            if not path.startswith(prefix):
                continue
            path = path[len(prefix):]
        yield mode, kind, sha, path


def _blob(root, sha: str) -> bytes:
    import subprocess

    from ..store.gitcmd import git_env
    return subprocess.run(["git", "cat-file", "blob", sha], cwd=root, env=git_env(), capture_output=True,
                          check=False).stdout


def refusal(where: str, path: str, why: str) -> WorkspaceError:
    return WorkspaceError(f"refusing {where}: {path!r} {why}; nothing was changed")


def check_tree(root, commit: str, prefix: str, where: str, now) -> None:
    """WorkspaceError (one line, the path named) when `commit`'s tree holds what must never
    reach this workspace; `where` says whose tree it is ("origin/main")."""
    head = audit.git(root, "rev-parse", "--verify", "-q", "HEAD^{commit}", check=False).stdout.strip()
    known = {(mode, sha, path) for mode, _kind, sha, path in _entries(root, head, prefix)} if head else set()
    index_sha = config_sha = None
    for mode, kind, sha, path in _entries(root, commit, prefix):
        if not _ours(path) or (mode, sha, path) in known:  # (what this workspace holds already was checked)
            continue
        if mode == LINK:
            raise refusal(where, path, "is a symbolic link where hippocampus keeps files (a write there would "
                                       "land wherever it points)")
        if mode == SUBMODULE:
            raise refusal(where, path, "is a submodule where hippocampus keeps files")
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
            raise refusal(where, one_line(path.encode("unicode_escape").decode("ascii"), 120),
                          "holds a control character in its name")
        name = path.rsplit("/", 1)[-1]
        if kind == "blob" and name == ".gitattributes" and path != ".gitattributes":
            raise refusal(where, path, "sets git attributes inside the store (they could take its files from "
                                       "their merge or change their bytes)")
        if kind == "blob" and name == ".gitignore" and path != ".gitignore":
            ours = path == f"{STORE}/.gitignore" or path == f"{OLD_STORE}/.gitignore"
            from ..store.gitrules import OUR_IGNORE
            data = _blob(root, sha)
            if not ours or set(data.split()) - set(OUR_IGNORE.split()):
                raise refusal(where, path, "holds ignore rules inside the store (they would hide memories "
                                           "from every later commit)")
        if path in (f"{STORE}/index.json", f"{OLD_STORE}/index.json"):
            index_sha = (path, sha, mode)
        elif path in (f"{STORE}/config.yaml", f"{OLD_STORE}/config.yaml"):
            config_sha = (path, sha, mode)
    if index_sha is not None:
        _check_index(root, *index_sha, where=where, now=now)
    if config_sha is not None:
        _check_config(root, *config_sha, where=where)


def _check_index(root, path: str, sha: str, mode: str, where: str, now) -> None:
    from ..base.model import normalise_index
    if not mode.startswith("100"):
        raise refusal(where, path, "is not a file")
    data = _blob(root, sha)
    if _checked_by_lines(data, path, where, now):
        return
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise refusal(where, path, f"is not valid JSON ({one_line(str(exc), 80)})") from None
    try:
        index, _warnings = normalise_index(document, now, 0.99, where=path)
    except WorkspaceError as exc:
        raise refusal(where, path, f"is not an index this hippocampus reads ({one_line(str(exc), 120)})") from None
    for memory in index["memories"]:
        named = memory.get("file")
        if named and not is_memory_file(named):
            raise refusal(where, path, f"names the file {one_line(str(named), 60)!r} for {memory.get('id')}, "
                                       "which is not a memory file")


def _checked_by_lines(data: bytes, path: str, where: str, now) -> bool:
    """_check_index for an index in our layout, a line at a time (sync/index_lines.py): each memory
    read as normalise_index reads it (current, or normalised; one it skips is skipped) and its file
    checked; False for any other layout (read whole by the caller). At 100,000 memories the whole
    parse was ~2 s and ~500 MB."""
    from ..base.model import is_current, normalise_memory
    from .index_lines import IndexLines, NotOurLayout, parsed
    try:
        index = IndexLines(data)
        decay_last_run = index.header.get("decayLastRun")
        decay_last_run = decay_last_run if isinstance(decay_last_run, str) else None
        for memory_id in index:
            memory = parsed(index.view(memory_id))
            if not is_current(memory):
                memory, _problem = normalise_memory(memory, now, 0.99, decay_last_run)
                if memory is None:
                    continue
            named = memory.get("file")
            if named and not is_memory_file(named):
                raise refusal(where, path, f"names the file {one_line(str(named), 60)!r} for {memory.get('id')}, "
                                           "which is not a memory file")
    except NotOurLayout:
        return False
    return True


def _check_config(root, path: str, sha: str, mode: str, where: str) -> None:
    from ..base.config import parse_config
    if not mode.startswith("100"):
        raise refusal(where, path, "is not a file")
    try:
        parse_config(_blob(root, sha), where=path)
    except WorkspaceError as exc:
        raise refusal(where, path, f"holds settings this hippocampus refuses ({one_line(str(exc), 160)})") from None

"""What git's merge leaves unmerged, settled or refused (sync.py's merge, remote_sync._merge).

Our drivers merge every file both sides changed; git leaves a path unmerged
only where it saw no file to hand them:

- changed on one side, removed on the other: the changed version is kept
  (nothing is lost), unless the removing side moved it, changed, to its
  other place (memory/ or the archive: an edit, then a forget or a revival),
  where the two are merged into that one file (`_merge_split`);
- a move against a removal (one machine forgot a memory, the other edited it
  and forgot it too: git pairs only unchanged moves): both versions merged by
  the driver's rules over the merge base's (`_merge_moved`);
- anything else: the merge is taken back whole (`git merge --abort`) and
  sync stops, nothing changed (references/sync.md).

`prefix`: the workspace's folder in its repository ('' at the top), for
paths given to `git show`.
"""

from __future__ import annotations

from ..base.fsutil import atomic_write
from ..errors import WorkspaceError
from ..store import audit
from ..text.textutil import one_line


BASE_LOOKS = 32  # merge bases looked for, at most, for one file


def _shown(root, spec: str) -> str | None:
    """A version's text as git holds it, line endings included (audit.git reads text
    with universal newlines: a person's CRLF file would come back LF); None: none."""
    import subprocess
    from ..store.gitcmd import git_env
    result = subprocess.run(["git", "show", spec], cwd=root, env=git_env(), capture_output=True)
    return result.stdout.decode("utf-8", "replace") if result.returncode == 0 else None


def finish_conflicted(root, result, prefix: str) -> None:
    """Settle what git left unmerged after a failed `git merge` (the module's
    docstring says how) and commit the merge, or take it back and raise."""
    unmerged = audit.git(root, "ls-files", "-u", "-z", check=False).stdout.split("\0")
    stages: dict[str, set] = {}
    for record in unmerged:
        if "\t" in record:
            info, path = record.split("\t", 1)
            stages.setdefault(path, set()).add(info.split()[2])
    if not stages:
        audit.git(root, "merge", "--abort", check=False)
        raise WorkspaceError(f"git merge failed: {one_line(result.stderr or result.stdout, 200)}; nothing was changed")
    merged = {path: text for path, present in stages.items()
              if (text := _merge_moved(root, prefix, path, present)) is not None}
    split = {path: found for path, present in stages.items()
             if (found := _merge_split(root, prefix, path, present)) is not None}
    undecided = [path for path, present in stages.items() if present != {"1", "2"} and present != {"1", "3"}
                 and path not in merged]
    if undecided:
        audit.git(root, "merge", "--abort", check=False)
        raise WorkspaceError(f"cannot merge {', '.join(undecided[:3])} without losing a side; nothing was changed "
                             "(merge by hand with git, then run sync.py again)")
    for path, present in stages.items():
        if path in split:  # the edit joins the moved file; this copy goes
            other, text = split[path]
            atomic_write(root / other, text.encode("utf-8"))
            audit.git(root, "add", "--", other)
            audit.git(root, "rm", "-q", "--", path)
            continue
        if path in merged:  # both versions, merged over the base's
            atomic_write(root / path, merged[path].encode("utf-8"))
            audit.git(root, "add", "--", path)
            continue
        side = "--ours" if "2" in present else "--theirs"
        audit.git(root, "checkout", side, "--", path)
        audit.git(root, "add", "--", path)
    audit.git(root, "-c", "core.editor=true", "commit", "--no-edit", "-q")


def _merge_moved(root, prefix: str, path: str, present: set) -> str | None:
    """A file both sides have where git saw a move against a removal (one machine
    forgot a memory, the other edited it and forgot it too: moved whole on one
    side, removed and written again changed on the other): the two versions
    merged as our driver merges them, over the version the merge base had in
    either place (memory/ or the archive; several bases are merged first, as git
    does); None when it is not such a file."""
    from ..base.paths import other_place
    from .merge_logs import merge_log
    from .merge_markdown import merge_memory_file
    if present != {"2", "3"}:
        return None
    attribute = audit.git(root, "check-attr", "merge", "--", path, check=False).stdout.strip()
    merge = {"hippocampus-memory": merge_memory_file, "hippocampus-log": merge_log}.get(attribute.rsplit(": ", 1)[-1])
    if merge is None:
        return None

    def shown(spec: str) -> str | None:
        return _shown(root, spec)

    def at(commit: str) -> str:  # the file at a commit, in either place ("" where it had none)
        for place in (path, other_place(path)):
            text = shown(f"{commit}:{prefix}{place}")
            if text is not None:
                return text
        return ""

    asked = [0]  # merge-base calls: a remote's history of criss-cross merges must not make this a bomb

    def base_of(commits: list[str]) -> str:
        """The version at the merge base; with several (criss-cross merges), as git
        makes its virtual base: the bases' versions merged over their own base
        (past BASE_LOOKS calls, over none: ours then stays, theirs is the index's)."""
        asked[0] += 1
        if asked[0] > BASE_LOOKS:
            return ""
        bases = audit.git(root, "merge-base", "--all", *commits, check=False).stdout.split()
        if not bases:
            return ""
        text = at(bases[0])
        for other in bases[1:]:
            text = merge(base_of([bases[0], other]), text, at(other))
        return text

    ours, theirs = shown(f":2:{prefix}{path}"), shown(f":3:{prefix}{path}")
    if ours is None or theirs is None:
        return None
    return merge(base_of(["HEAD", "MERGE_HEAD"]), ours, theirs)


def _merge_split(root, prefix: str, path: str, present: set) -> tuple[str, str] | None:
    """A memory's file changed on one side and removed on the other, where the
    removing side moved it, changed, to its other place (memory/ or the archive:
    an edit, then a forget or a revival; git pairs only unchanged moves): (the
    other place, the two versions merged by the driver's rules over the base's),
    so that one file holds both sides' changes; None when it is not such a file."""
    from ..base.paths import is_memory_file, other_place
    from ..store import memfile
    from ..store.episodes import is_episode_path
    from .merge_markdown import merge_memory_file
    if present not in ({"1", "2"}, {"1", "3"}) or not is_memory_file(path, placed=True) or is_episode_path(path):
        return None
    other = other_place(path)

    def shown(stage: str, where: str) -> str | None:
        return _shown(root, f":{stage}:{prefix}{where}")

    changed = shown("2" if "2" in present else "3", path)
    moved, base = shown("0", other), shown("1", path)
    if changed is None or moved is None or base is None:
        return None
    try:
        if memfile.parse(moved)[0].get("id") != memfile.parse(changed)[0].get("id"):
            return None
    except ValueError:
        return None
    ours, theirs = (changed, moved) if "2" in present else (moved, changed)
    return other, merge_memory_file(base, ours, theirs)

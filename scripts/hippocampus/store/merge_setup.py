"""Registering our merge drivers in a workspace, so that sync.py and a person's
own `git pull` merge memories the same way.

Two parts: which files use which driver, in the workspace's `.gitattributes`
(our block between marker lines, committed, so every clone has it; the rest
of the file is the person's) and, the same block, in the repository's own
`.git/info/attributes`, which git reads before any `.gitattributes` (so
lines a remote appends after our block, `* merge=binary`, cannot take our
files from our drivers); and how to run each driver, in the repository's
own `.git/config` (`merge.hippocampus-<kind>.driver`: a path of this
checkout, so it is set on each machine, by init.py and again by every
sync). A clone without the config merges with git's own merge.
"""

from __future__ import annotations

from pathlib import Path

from ..base.config import DOMAINS

START = "# hippocampus:merge:start (scripts/sync.py; references/sync.md)"
END = "# hippocampus:merge:end"
ATTRIBUTES = ".gitattributes"
DRIVER = Path(__file__).resolve().parents[2] / "merge_driver.py"
# later lines win in .gitattributes: the general patterns first
RULES = (
    *((f"memory/{folder}/*.md", "memory") for folder in (*DOMAINS, "procedures", "vault")),
    ("memory/episodes/*.md", "log"),
    ("memory/graph/**", "text"),
    ("memory/index.json", "index"),
    ("memory/config.yaml", "text"),
    ("hippocampus/archive/*/*.md", "memory"),
    ("hippocampus/archive/episodes/*.md", "log"),
    ("hippocampus/meta/*.md", "text"),
    ("hippocampus/meta/audit.log", "audit"),
    ("hippocampus/meta/audit/*.log", "audit"),
    ("hippocampus/signals.jsonl", "text"),
    ("hippocampus/session/**", "text"),   # the working day's notes (session_files.py): both sides' lines
    ("MEMORY.md", "blocks"),
    ("AGENTS.md", "blocks"),
    ("CLAUDE.md", "blocks"),
    ("HIPPOCAMPUS_CORE.md", "ours"),
    ("IDENTITY.md", "text"),
    ("SOUL.md", "text"),
)
KINDS = ("index", "memory", "log", "audit", "blocks", "text", "ours")
NAMES = {"index": "memories in index.json, by id", "memory": "a memory's markdown file",
         "log": "a daily episode log, by entry", "audit": "the audit log, by line in time order",
         "blocks": "a document with hippocampus blocks", "text": "text, both sides' lines kept",
         "ours": "a file hippocampus renders again"}


def block(prefix: str = "") -> str:
    """Our rules; `prefix`: the workspace's folder in its repository (for .git/info/attributes,
    whose patterns start at the repository's top)."""
    return "\n".join(f"{prefix}{pattern} merge=hippocampus-{kind}" for pattern, kind in RULES)


def attributes_text(current: str | None) -> str:
    """`.gitattributes` with our block set (the person's lines as they are)."""
    from ..text.blocks import with_block
    return with_block(current, block(), START, END, ATTRIBUTES)


def driver_command(kind: str) -> str:
    import shlex
    import sys
    python = sys.executable or "python3"  # this machine's interpreter (it has PyYAML)
    return f"{shlex.quote(python)} -S {shlex.quote(str(DRIVER))} {kind} %O %A %B %P"


def configure(root: Path) -> list[str]:
    """Set our drivers in the repository's config; the names of those changed.
    One `git config` reads them all: a sync that finds them set runs no other."""
    from .gitcmd import git
    listed = git(root, "config", "--get-regexp", r"^(merge\.hippocampus-.*\.driver|pull\.rebase)$",
                 check=False).stdout
    present = dict(line.split(" ", 1) for line in listed.splitlines() if " " in line)
    changed = []
    for kind in KINDS:
        key = f"merge.hippocampus-{kind}"
        wanted = driver_command(kind)
        if present.get(f"{key}.driver") != wanted:
            git(root, "config", "--local", f"{key}.name", f"hippocampus: {NAMES[kind]}")
            git(root, "config", "--local", f"{key}.driver", wanted)
            changed.append(kind)
    _info_attributes(root)
    if "pull.rebase" not in present:
        top = git(root, "rev-parse", "--show-toplevel", check=False).stdout.strip()
        if top and Path(top).resolve() == root.resolve():  # a person's repository keeps its pull settings
            git(root, "config", "--local", "pull.rebase", "false")  # a plain `git pull` merges (our drivers)
            changed.append("pull.rebase")
    return changed


def transforms_nothing(path: Path) -> bool:
    """Whether an attributes file only names merge drivers (as ours does): such a
    file changes no content git stores, so commits keep their fast path
    (gitcommit, which every commit runs, holds the check)."""
    from .gitcommit import _merge_rules_only
    return _merge_rules_only(path)


def _info_attributes(root: Path) -> None:
    """Our block in the repository's own .git/info/attributes (read before every .gitattributes)."""
    from .gitcmd import git
    from ..base.fsutil import atomic_write
    from ..text.blocks import with_block
    found = git(root, "rev-parse", "--git-common-dir", "--show-prefix", check=False).stdout.splitlines()
    if len(found) < 1:
        return
    common = Path(found[0]) if Path(found[0]).is_absolute() else root / found[0]
    prefix = found[1] if len(found) > 1 else ""
    path = common / "info" / "attributes"
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    except (OSError, UnicodeDecodeError):
        return  # not ours to repair; the committed .gitattributes still names the drivers
    wanted = with_block(current, block(prefix), START, END, "info/attributes")
    if wanted != current:
        atomic_write(path, wanted)

"""Claude's memory tool (`memory_20250818`) with this store behind it.

The Anthropic SDK's tool runner calls a backend with `view`, `create`, `str_replace`,
`insert`, `delete` and `rename` on paths under /memories. Here each file under
/memories is one memory (references/hosts.md, "Claude's memory tool"):

    /memories/<domain>/<name>.md   a memory of that domain (user, self, relationship, world)
    /memories/<any>/<path>.md      a memory the agent filed elsewhere (its domain guessed)

A memory made or renamed through the tool keeps its path in its metadata (`claudePath`,
relative to /memories), so the path names the same memory id for as long as it lives;
any other live memory is shown at `<domain>/<slug>-<id>.md`. Folders are the paths'
prefixes, and the four domain folders are always there. An agent's path never becomes
a file name: the memory's file is written where the store writes it (stores.write_home),
so a path cannot reach the disk. Paths are still refused as the SDK's reference
(`BetaLocalFilesystemMemoryTool`) refuses them, with its messages: not under
/memories, escaping it; and here also a character no path needs (NUL, a control or
format character, a backslash), a name over 255 bytes, a path over 1,024, a credential.

Every change is one transaction (one commit, one audit line) as actor ACTOR: create is
remember (redacted, indexed; words already held are that memory reinforced),
str_replace and insert change a memory's words (the same id), delete is forget
(archived: recall never finds it again; a folder forgets every memory in it), rename
changes the path (the same id; into another domain's folder, the domain too). `view`
of a file shows the memory's words numbered as the reference numbers them; of a
folder, the reference's listing with each memory's state after a tab.

Needs the `anthropic` package (an optional dependency: requirements-dev.txt).

Why one module of over 400 lines: the six commands, the path rules and the tree of paths are
one contract with the SDK (its reference's words and formats), used by nothing else; split,
each part would import the others.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from pathlib import Path

from anthropic.lib.tools import BetaAbstractMemoryTool, ToolError

from .. import cli
from ..base.actors import MAIN
from ..base.config import DOMAINS
from ..base.paths import is_live, memory_file
from ..errors import HippocampusError
from ..store.workspace import Workspace

ACTOR = "claude-memory-tool"  # the audit trail's name for this backend (a typed name needs no type)
ROOT = "/memories"
PATH_KEY = "claudePath"  # a memory's path under /memories, as the agent named it ("user/coffee.md")
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 1024
MAX_LINES = 999999
LINE_NUMBER_WIDTH = len(str(MAX_LINES))
MAX_LISTED = 200  # memories one folder listing shows (the most important); the rest are counted


class ClaudeMemoryTool(BetaAbstractMemoryTool):
    """The memory tool's backend over the workspace at `root`. `now`: a fixed clock
    (tests), else HIPPOCAMPUS_NOW or the system clock at each call."""

    def __init__(self, root: str | Path, *, now: datetime | None = None, cache_control=None) -> None:
        super().__init__(cache_control=cache_control)
        self.root = Path(root)
        self._now = now
        self._workspace: Workspace | None = None

    # ------------------------------------------------------------ the commands
    def view(self, command):
        return _guard(self._view, command)

    def create(self, command):
        return _guard(self._create, command)

    def str_replace(self, command):
        return _guard(self._str_replace, command)

    def insert(self, command):
        return _guard(self._insert, command)

    def delete(self, command):
        return _guard(self._delete, command)

    def rename(self, command):
        return _guard(self._rename, command)

    def clear_all_memory(self):
        raise ToolError("clearing all memory is not offered: delete a memory or a folder under /memories "
                        "(each is forgotten, and can be brought back with scripts/reinforce.py)")

    # ------------------------------------------------------------- workspace
    def workspace(self) -> Workspace:
        now = self._now or cli.now()
        if self._workspace is None:
            self._workspace = Workspace.open(self.root, now)
        else:
            self._workspace.refresh(now)
        self._workspace.agent = MAIN
        return self._workspace

    def _transaction(self, action: str):
        return self.workspace().transaction(ACTOR, action)

    # --------------------------------------------------------------- reading
    def _view(self, command) -> str:
        rel = relative(command.path)
        workspace = self.workspace()
        tree = Tree(workspace.load_index()["memories"])
        memory = tree.file(rel)
        if memory is not None:
            return numbered_view(command.path, memory["content"], command.view_range)
        if not tree.is_dir(rel):
            raise ToolError(f"The path {command.path} does not exist. Please provide a valid path.")
        return tree.listing(command.path, rel)

    # --------------------------------------------------------------- writing
    def _create(self, command) -> str:
        from ..lifecycle.remember import remember_one

        rel = relative(command.path)
        if not isinstance(command.file_text, str):
            raise ToolError("file_text must be text")
        with self._transaction("remember") as tx:
            tree = Tree(tx.memories)
            if rel == "" or tree.file(rel) is not None or tree.is_dir(rel):
                raise ToolError(f"File {command.path} already exists")
            tree.check_parent(rel, command.path)
            result = remember_one(tx, command.file_text, domain=domain_of(rel), source=ACTOR)
            memory = tx.by_id[result["id"]]
            said = f"File created successfully at: {command.path}"
            tx.summary = memory["content"]
            if result["action"] == "reinforced":
                tx.action = "reinforce"
                tx.summary = f"repeated, so reinforced: {memory['content']}"
                if memory.get(PATH_KEY):  # the agent filed these words already: one memory, one path
                    said = (f"These words are already the memory at {ROOT}/{memory[PATH_KEY]}: it was "
                            f"reinforced, and no other file was made")
                    rel = None
            if rel is not None:
                memory[PATH_KEY] = rel
                tx.put(memory)
            _refuse_links(tx)
        return said

    def _str_replace(self, command) -> str:
        rel = relative(command.path)
        with self._transaction("edit") as tx:
            memory = Tree(tx.memories).existing_file(rel, command.path)
            content = memory["content"]
            old, new = command.old_str, command.new_str
            if not isinstance(old, str) or not isinstance(new, str):
                raise ToolError("old_str and new_str must be text")
            count = content.count(old)
            if count == 0:
                raise ToolError(f"No replacement was performed, old_str `{old}` did not appear verbatim in "
                                f"{command.path}.")
            if count > 1:
                lines, start = [], 0
                while (pos := content.find(old, start)) != -1:
                    lines.append(content[:pos].count("\n") + 1)
                    start = pos + 1
                raise ToolError(f"No replacement was performed. Multiple occurrences of old_str `{old}` in "
                                f"lines: {', '.join(map(str, lines))}. Please ensure it is unique")
            changed_line = content[:content.find(old)].count("\n")
            stored = set_words(tx, memory, content.replace(old, new), command.path)
        new_lines = stored.split("\n")
        first, last = max(0, changed_line - 2), min(len(new_lines), changed_line + 3)
        snippet = [f"{str(n).rjust(LINE_NUMBER_WIDTH)}\t{new_lines[n - 1]}" for n in range(first + 1, last + 1)]
        return ("The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
                + "\n".join(snippet))

    def _insert(self, command) -> str:
        rel = relative(command.path)
        with self._transaction("edit") as tx:
            memory = Tree(tx.memories).existing_file(rel, command.path)
            if isinstance(command.insert_line, bool) or not isinstance(command.insert_line, int) or \
                    not isinstance(command.insert_text, str):
                raise ToolError("insert_line must be a whole number and insert_text text")
            lines = memory["content"].split("\n")
            if lines[-1] == "":
                lines.pop()
            if command.insert_line < 0 or command.insert_line > len(lines):
                raise ToolError(f"Invalid `insert_line` parameter: {command.insert_line}. "
                                f"It should be within the range [0, {len(lines)}].")
            lines.insert(command.insert_line, command.insert_text.rstrip("\n"))
            set_words(tx, memory, "\n".join(lines), command.path)
        return f"The file {command.path} has been edited."

    def _delete(self, command) -> str:
        from ..lifecycle.forget import forget_ids

        rel = relative(command.path)
        if rel == "":
            raise ToolError("Cannot delete the /memories directory itself")
        with self._transaction("forget") as tx:
            tree = Tree(tx.memories)
            memories = tree.under(rel)
            if not memories and not tree.is_dir(rel):
                raise ToolError(f"The path {command.path} does not exist")
            if memories:
                ids = [m["id"] for m in memories]
                forget_ids(tx, ids, reason=f"deleted through {ACTOR}")
                for memory_id in ids:  # its path is free again: a new file there is a new memory
                    memory = tx.by_id[memory_id]
                    memory.pop(PATH_KEY, None)
                    tx.put(memory)
                tx.summary = f"deleted {command.path}: " + tx.summary
        return f"Successfully deleted {command.path}"

    def _rename(self, command) -> str:
        old_rel, new_rel = relative(command.old_path), relative(command.new_path)
        if old_rel == "":
            raise ToolError("Cannot rename the /memories directory itself")
        with self._transaction("rename") as tx:
            tree = Tree(tx.memories)
            if new_rel == "" or tree.file(new_rel) is not None or tree.is_dir(new_rel):
                raise ToolError(f"The destination {command.new_path} already exists")
            memories = tree.under(old_rel)
            if not memories and not tree.is_dir(old_rel):
                raise ToolError(f"The path {command.old_path} does not exist")
            if new_rel.startswith(old_rel + "/"):
                raise ToolError(f"Cannot move {command.old_path} into itself ({command.new_path})")
            tree.check_parent(new_rel, command.new_path)
            for memory in memories:
                path = tree.path_of(memory)
                moved = new_rel + path[len(old_rel):]
                if len(moved.encode("utf-8")) > MAX_PATH_BYTES:
                    raise ToolError(f"File name too long: {command.new_path}")
                memory[PATH_KEY] = moved
                follow_domain(tx, memory, domain_of(moved))
                tx.put(memory)
            _refuse_links(tx)
            tx.summary = f"renamed {command.old_path} to {command.new_path}"
        return f"Successfully renamed {command.old_path} to {command.new_path}"


def _guard(method, command):
    """A refusal of the store's (a usage, workspace or not-found error) as the tool's error."""
    try:
        return method(command)
    except HippocampusError as exc:
        raise ToolError(str(exc)) from None


# ------------------------------------------------------------------ paths
def relative(path) -> str:
    """The path under /memories ("" for /memories itself), refused as the SDK's reference
    refuses one (its messages), and also for what no memory's path needs."""
    if not isinstance(path, str):
        raise ToolError("the path must be text")
    if not path.startswith(ROOT):
        raise ToolError(f"Path must start with /memories, got: {path}")
    rest = path[len(ROOT):]
    if rest and not rest.startswith("/"):  # /memoriesX is another folder
        raise ToolError(f"Path {path} would escape /memories directory")
    bad = next((c for c in rest if _refused_char(c)), None)
    if bad is not None:
        raise ToolError(f"Path {path[:200]!r} holds a character no memory path may hold "
                        f"(U+{ord(bad):04X}: a control or format character, or a backslash)")
    parts: list[str] = []
    for part in rest.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise ToolError(f"Path {path} would escape /memories directory")
            parts.pop()
            continue
        if len(part.encode("utf-8")) > MAX_NAME_BYTES:
            raise ToolError(f"File name too long: {path[:200]}...")
        parts.append(part)
    rel = "/".join(parts)
    if len(rel.encode("utf-8")) > MAX_PATH_BYTES:
        raise ToolError(f"File name too long: {path[:200]}...")
    from ..text.redact import has_secret
    kind = has_secret(rel.replace("/", " ").replace("-", " ").replace("_", " ")) or has_secret(rel)
    if kind:  # a path is kept in the index, the audit log and commit messages as it is
        raise ToolError(f"a memory's path cannot hold a credential (it looks like one: {kind}); nothing was changed")
    return rel


def _refused_char(char: str) -> bool:
    code = ord(char)
    return char == "\\" or code < 32 or code == 127 or 0xD800 <= code <= 0xDFFF or \
        unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")


def domain_of(rel: str) -> str | None:
    """The domain a path's first folder names, if it names one."""
    first, slash, _ = rel.partition("/")
    return first if slash and first in DOMAINS else None


# ------------------------------------------------------------------ the tree
class Tree:
    """The live memories as files under /memories, and the folders their paths make."""

    def __init__(self, memories) -> None:
        self.files: dict[str, dict] = {}
        self.where: dict[str, str] = {}  # memory id -> its path here
        live = [m for m in memories if is_live(m)]
        # an agent's paths first, the last filed first (a path two memories name is the newer's)
        for memory in sorted(reversed(live), key=lambda m: not m.get(PATH_KEY)):
            path = memory.get(PATH_KEY) or derived_path(memory)
            if path in self.files:  # (a memory brought back while a new one holds its path)
                path = derived_path(memory)
            self.files[path] = memory
            self.where[memory["id"]] = path
        self.dirs = {""} | set(DOMAINS)
        for path in self.files:
            parts = path.split("/")
            self.dirs.update("/".join(parts[:n]) for n in range(1, len(parts)))

    def path_of(self, memory: dict) -> str:
        """Where a memory is under /memories: the path the agent gave it, else one its id makes."""
        return self.where.get(memory["id"]) or memory.get(PATH_KEY) or derived_path(memory)

    def file(self, rel: str) -> dict | None:
        return self.files.get(rel)

    def is_dir(self, rel: str) -> bool:
        return rel in self.dirs

    def under(self, rel: str) -> list[dict]:
        """The memory at `rel`, or every memory in the folder `rel`."""
        if rel in self.files:
            return [self.files[rel]]
        return [m for path, m in sorted(self.files.items()) if path.startswith(rel + "/")]

    def existing_file(self, rel: str, shown: str) -> dict:
        memory = self.file(rel)
        if memory is None:
            if self.is_dir(rel):
                raise ToolError(f"The path {shown} is not a file.")
            raise ToolError(f"The path {shown} does not exist. Please provide a valid path.")
        return memory

    def check_parent(self, rel: str, shown: str) -> None:
        parts = rel.split("/")
        for n in range(1, len(parts)):
            if "/".join(parts[:n]) in self.files:
                raise ToolError(f"The path {shown} is not valid: {ROOT}/{'/'.join(parts[:n])} is a file")

    def listing(self, shown: str, rel: str) -> str:
        """The reference's listing (two levels deep, sorted by name, hidden names left out),
        each memory's state after a tab; a folder's size is its memories' words."""
        prefix = rel + "/" if rel else ""
        items = []  # (relative to the folder, memory or None for a folder)
        for path in sorted(set(self.files) | self.dirs):
            if not path.startswith(prefix) or path == rel:
                continue
            inner = path[len(prefix):]
            if inner.count("/") > 1 or any(p.startswith(".") for p in inner.split("/")):
                continue
            items.append((inner, self.files.get(path)))
        memories = [m for _, m in items if m is not None]
        left_out = 0
        if len(memories) > MAX_LISTED:  # the most important are shown; the rest counted
            kept = {id(m) for m in sorted(memories, key=lambda m: -float(m.get("importance") or 0))[:MAX_LISTED]}
            left_out = len(memories) - MAX_LISTED
            items = [(inner, m) for inner, m in items if m is None or id(m) in kept]
        lines = [f"{_size(self._bytes(rel))}\t{shown}"]
        for inner, memory in items:
            if memory is None:
                lines.append(f"{_size(self._bytes(prefix + inner))}\t{shown}/{inner}/")
            else:
                lines.append(f"{_size(len(memory['content'].encode('utf-8')))}\t{shown}/{inner}\t{state(memory)}")
        if left_out:
            lines.append(f"({left_out:,} less important memories not listed: view a folder, e.g. {shown}/world)")
        header = f"Here're the files and directories up to 2 levels deep in {shown}, excluding hidden items:"
        return f"{header}\n" + "\n".join(lines)

    def _bytes(self, rel: str) -> int:
        prefix = rel + "/" if rel else ""
        return sum(len(m["content"].encode("utf-8")) for p, m in self.files.items() if p.startswith(prefix))


def derived_path(memory: dict) -> str:
    """The path of a memory the agent did not file (remembered otherwise): its domain, words and id."""
    from ..text.textutil import slugify
    return f"{memory['domain']}/{slugify(memory['content'])}-{memory['id']}.md"


def state(memory: dict) -> str:
    return (f"(importance {float(memory.get('importance') or 0):.2f}, {memory.get('status', 'active')}, "
            f"created {str(memory.get('created') or '')[:10]})")


def _size(count: int) -> str:
    """A size as the reference prints one (1.5K)."""
    if count == 0:
        return "0B"
    i = min((count.bit_length() - 1) // 10, 3)
    size = count / (1024 ** i)
    unit = "BKMG"[i]
    return f"{int(size)}{unit}" if size == int(size) else f"{size:.1f}{unit}"


def numbered_view(shown: str, content: str, view_range) -> str:
    """A memory's words with line numbers, as the reference shows a file."""
    lines = content.split("\n")
    if len(lines) > MAX_LINES:
        raise ToolError(f"File {shown} exceeds maximum line limit of 999,999 lines.")
    start = 1
    if view_range and len(view_range) == 2:
        first = max(1, view_range[0]) - 1
        end = len(lines) if view_range[1] == -1 else view_range[1]
        lines, start = lines[first:end], first + 1
    numbered = [f"{str(i + start).rjust(LINE_NUMBER_WIDTH)}\t{line}" for i, line in enumerate(lines)]
    return f"Here's the content of {shown} with line numbers:\n" + "\n".join(numbered)


# ------------------------------------------------------------------ changes
def set_words(tx, memory: dict, text: str, shown: str) -> str:
    """A memory's words changed in place (cleaned, redacted, its keywords following them,
    its file rewritten); the words as stored."""
    from ..lifecycle.remember import prepare_content
    from ..store.episodes import is_episode_path
    from ..text.classify import guess_keywords

    path = memory_file(memory)
    if memory.get("store") == "episodic" or (path and is_episode_path(path)):
        raise ToolError(f"{shown} is an entry of a day's log ({path}); this tool does not edit those: "
                        "create a new memory with the words as they are now, and delete this one")
    content = prepare_content(text, int(tx.config["max_content_bytes"]))
    if content == memory["content"]:
        return content
    memory["content"] = content
    if not memory.get("keywordsByHand"):
        memory["keywords"] = guess_keywords(content)
    if path:
        tx.write_memory_file(memory, path)
    tx.put(memory)
    tx.summary = f"edited {shown}: {content}"
    _refuse_links(tx)
    return content


def follow_domain(tx, memory: dict, domain: str | None) -> None:
    """A memory moved into another domain's folder takes that domain (its file moves too)."""
    if domain is None or domain == memory.get("domain"):
        return
    memory["domain"] = domain
    path = memory_file(memory)
    if not path or memory.get("store") != "semantic":
        if path and memory.get("store") != "episodic":
            tx.write_memory_file(memory, path)  # (its frontmatter names the domain)
        return
    parts = path.split("/")
    moved = "/".join([*parts[:-2], domain, parts[-1]])
    from ..store.late_saves import refuse_unseen_save
    refuse_unseen_save(tx, memory, path)  # a save the index never held: refused, nothing written
    tx.remove_file(path)
    tx.write_memory_file(memory, moved)


def _refuse_links(tx) -> None:
    """A write through a link leaving the workspace refused with the reference's words
    (the transaction refuses it too, as every writer's)."""
    from ..base.fsutil import check_confined
    from ..errors import WorkspaceError
    for path, data in tx.files.items():
        if data is None:
            continue
        try:
            check_confined(tx.workspace.root / path)
        except WorkspaceError:
            raise ToolError("Path would escape /memories directory via symlink") from None

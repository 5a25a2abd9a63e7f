"""One commit of exactly the given paths, written straight into git's object store.

Saves ~400-550 ms a commit at 10,000 memories over git add + git commit --only
(bench/machinery.py, one file per memory, two runs: 109-123 ms vs 485-684 ms; 75 vs
153 ms at 1,000).

`git add` + `git commit --only` re-reads, refreshes and rewrites git's index
of every tracked file twice and hashes index.json (megabytes) with git's
collision-detecting SHA-1: ~250 ms at 10,000 memories. Here the blobs, the
trees along the touched paths and the commit are written by us (what every
git library does: zlib-deflated "<type> <size>\\0<body>" named by its SHA-1),
and git itself only reads the trees it has (`cat-file --batch`), moves the
branch with a compare-and-swap (`update-ref`, with a reflog line) and puts
the new blobs into its index (`update-index --index-info`) so that
`git status` stays clean. Nothing else of the user's index or tree changes.

Objects over 64 KB are stored uncompressed, copied while they are summed
(loose_stored.py; index.json at 10,000 memories is 6 MB: deflating it costs
~80 ms a commit; the tree of a folder of 2,500 memories is 200 KB, 3 ms);
when the loose objects we wrote add up past REPACK_AFTER_BYTES, counted by
their own size (or loose objects past REPACK_AFTER_OBJECTS: git's own
`gc --auto` is not triggered by these commits), a detached `git repack -d`
packs them as deltas of each other (kilobytes each) in the background, one at a time. A commit of
PACK_AT_LEAST files or more writes its new objects as one pack instead (gitpack.py).

`commit_paths` returns None where git would transform content (attributes,
autocrlf, a SHA-256 repository) or where the repository has rules for a
commit that only `git commit` follows (commit hooks, commit.gpgsign): the
caller then uses git's porcelain.

One piece (~510 lines): git's object format, the tree edit along the touched paths and the index update must agree byte for byte; split, a reader could not check one against the other.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import subprocess
import time
import zlib
from bisect import bisect_left
from itertools import accumulate
from pathlib import Path

from . import gitpack, gitrules, loose_stored
from ..base import interrupts
from ..errors import WorkspaceError
from ..base.file_bytes import FileSpan, joined, nbytes
from ..base.fsutil import workspace_error_for, write_all

STORE_UNCOMPRESSED_OVER = 64 * 1024
REPACK_AFTER_BYTES = 256 * 1024 * 1024
REPACK_AFTER_OBJECTS = 2000
PACK_AT_LEAST = 256  # files in one commit: its new objects written as one pack (gitpack.py), not loose
_COUNTER = "hippocampus-loose-bytes"
_REPACKING = "hippocampus-repacking"  # flock()ed by the one background repack while it runs
_PENDING = "hippocampus-index-pending"
_ZERO = "0" * 40


class Unsupported(Exception):
    """This repository needs git's porcelain (content filters, SHA-256, ...)."""


class _Repo:
    def __init__(self, root: Path, env: dict, run):
        self.root = root
        self.env = env
        self.run = run  # audit.git: runs git, waits out a person's index.lock
        self.loose_bytes = 0   # uncompressed bytes we left loose
        self.loose_objects = 0
        self._trees: dict[str, dict] = {}
        self._bodies: dict[str, bytes] = {}
        self.pack: gitpack.Pack | None = None  # set: new objects are held for one pack, not left loose
        # three git processes at once (each is milliseconds of start-up): two questions, and the
        # reader of trees the commit will need
        try:
            where = self._ask("rev-parse", "--path-format=absolute", "--git-common-dir", "--show-toplevel",
                              "--show-object-format", "--show-prefix")
            settings = self._ask("config", "--get-regexp",
                                 r"^(core\.(autocrlf|eol|hookspath)|filter\..*|commit\.gpgsign)$")
            self._batch = subprocess.Popen(["git", "cat-file", "--batch"], cwd=self.root, env=self.env,
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           stderr=subprocess.DEVNULL)
        except FileNotFoundError:
            raise Unsupported("git is not installed") from None
        try:
            # (--path-format and --show-object-format need git 2.31: an older git gets the porcelain)
            out, configured = _answer(where).splitlines(), _settings(_answer(settings))
            if len(out) < 3 or out[2] != "sha1":
                raise Unsupported("not a SHA-1 repository, or a git older than 2.31")
            self.common = Path(out[0])
            self.top = Path(out[1])
            self.prefix = out[3] if len(out) > 3 else ""
            self.objects = self.common / "objects"
            if any(key.startswith(("core.autocrlf", "core.eol", "filter.")) for key in configured):
                raise Unsupported("content filters or line-ending conversion configured")
            # the repository's rules for a commit: git's own `git commit` runs its hooks and signs
            if gitrules.git_bool(configured.get("commit.gpgsign")):
                raise Unsupported("commits are signed (commit.gpgsign)")
            if gitrules.active_hooks(self.common, self.top, configured.get("core.hookspath")):
                raise Unsupported("commit hooks")
            for attributes in (self.top / ".gitattributes", self.common / "info" / "attributes",
                               self.root / ".gitattributes", self.root / "hippocampus" / ".gitattributes"):
                if attributes.exists() and not _merge_rules_only(attributes):  # (sync: ours names merge drivers)
                    raise Unsupported("gitattributes present")
        except Unsupported:
            self.close()
            raise

    def _ask(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen(["git", *args], cwd=self.root, env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    # -- reading what git has
    def read(self, name: str) -> tuple[str, str, bytes] | None:
        """(sha, type, body) of an object name (e.g. HEAD, a sha), or None when missing."""
        assert self._batch and self._batch.stdin and self._batch.stdout
        self._batch.stdin.write(name.encode() + b"\n")
        self._batch.stdin.flush()
        header = self._batch.stdout.readline().decode().split()
        if len(header) != 3:
            return None
        sha, kind, size = header
        body = self._batch.stdout.read(int(size) + 1)[:-1]
        return sha, kind, body

    def close(self) -> None:
        if self._batch is not None:
            try:
                self._batch.stdin.close()
                self._batch.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._batch.kill()
            self._batch = None

    def tree_body(self, sha: str | None) -> bytes:
        """The raw body of a tree object (b"" for none)."""
        if sha is None:
            return b""
        if sha not in self._bodies:
            found = self.read(sha)
            if found is None or found[1] != "tree":
                raise WorkspaceError(f"git object {sha} is not a tree")
            self._bodies[sha] = found[2]
        return self._bodies[sha]

    def tree(self, sha: str | None) -> dict[bytes, tuple[bytes, bytes]]:
        """{name: (mode, raw sha)} of a tree object."""
        if sha is None:
            return {}
        if sha in self._trees:
            return dict(self._trees[sha])
        body, entries, position = self.tree_body(sha), {}, 0
        while position < len(body):
            space = body.index(b" ", position)
            nul = body.index(b"\0", space)
            entries[body[space + 1:nul]] = (body[position:space], body[nul + 1:nul + 21])
            position = nul + 21
        self._trees[sha] = entries
        return dict(entries)

    # -- writing objects
    def write(self, kind: bytes, body: bytes | list) -> str:
        """Store an object (its body as bytes, or a list of bytes-like parts); its sha."""
        pieces = body if isinstance(body, list) else [body]
        size = sum(nbytes(piece) for piece in pieces)
        header = kind + b" %d\0" % size
        if size > STORE_UNCOMPRESSED_OVER:  # (index.json: loose and stored, copied while summed)
            sha, written = loose_stored.write_stored(self.objects, header, pieces)
            if written:
                self.loose_objects += 1
                self.loose_bytes += size  # (the object's own bytes: a body given in parts counts as all of them)
            return sha
        if any(type(piece) is FileSpan for piece in pieces):
            pieces = [joined(pieces)]  # (a small object: read in, and packed or compressed)
        digest = hashlib.sha1(header)
        for piece in pieces:
            digest.update(piece)
        sha = digest.hexdigest()
        folder = self.objects / sha[:2]
        target = folder / sha[2:]
        if self.pack is not None:
            # a commit of many files: its small objects go into one pack (gitpack.py); a large one
            # (index.json) stays loose, stored, for the background repack to pack as a delta
            if sha not in self.pack and not target.exists():
                self.pack.add(sha, kind, pieces)
            return sha
        if target.exists():
            return sha
        parts = [zlib.compress(b"".join([header, *pieces]), 1)]
        temporary = folder / f"tmp_obj_hippocampus_{os.getpid()}_{sha[2:10]}"
        for attempt in range(5):
            try:
                os.mkdir(folder)
            except FileExistsError:  # (not Path.mkdir(exist_ok=True): a folder pruned between its EEXIST and
                pass                 # its is_dir() raised FileExistsError there, and a writer failed)
            try:
                fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o444)
                break
            except FileNotFoundError:  # a background `git prune-packed` took the empty folder away: again
                if attempt == 4:
                    raise
        try:
            try:
                write_all(fd, parts)
            finally:
                os.close(fd)
            os.replace(temporary, target)
        except BaseException as exc:  # a full disk: no half object left behind
            raise loose_stored.failed_write(exc, temporary, self.objects) from None
        self.loose_objects += 1
        self.loose_bytes += size  # (the object's own bytes: a body given in parts counts as all of them)
        return sha


def _merge_rules_only(path: Path) -> bool:
    """Whether an attributes file only names merge drivers (as ours does, merge_setup.py):
    it changes no content git stores, so it needs no porcelain. False when unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    for line in text.splitlines():
        parts = line.split()
        if parts and not parts[0].startswith("#") and (
                len(parts) < 2 or not all(part.startswith("merge=") for part in parts[1:])):
            return False
    return True


def _settings(listed: str) -> dict[str, str | None]:
    """{key: value} of `git config --get-regexp` output (the last of a key wins,
    as in git; a key alone, with no value, is "", which git_bool reads as true)."""
    found: dict[str, str | None] = {}
    for line in listed.splitlines():
        key, space, value = line.partition(" ")
        if key:
            found[key.lower()] = value if space else ""
    return found


def _answer(process: subprocess.Popen) -> str:
    """What a git question printed (nothing when it failed: the caller falls back)."""
    out, _ = process.communicate()
    return out.decode("utf-8", "surrogateescape") if process.returncode == 0 else ""


def _file_entry(repo: _Repo, path: Path, known: bytes | list | None = None) -> tuple[bytes, bytes] | None:
    """(mode, raw sha) of a file on disk as git would store it; None when absent.
    `known`: the bytes (or parts) being written to that (regular, not executable) file."""
    if known is not None:
        return b"100644", bytes.fromhex(repo.write(b"blob", known))
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode):
        return b"120000", bytes.fromhex(repo.write(b"blob", os.fsencode(os.readlink(path))))
    if not stat.S_ISREG(st.st_mode):
        raise Unsupported(f"{path} is not a regular file")
    mode = b"100755" if st.st_mode & 0o100 else b"100644"
    return mode, bytes.fromhex(repo.write(b"blob", path.read_bytes()))


def _expand(repo: _Repo, base_tree: str | None, paths: list[str]) -> list[str]:
    """Repository paths of files: folders among `paths` become every file in
    them, on disk or in the last commit (so deletions inside are seen)."""
    files: set[str] = set()
    for relative in paths:
        on_disk = repo.root / relative
        full = repo.prefix + relative.strip("/")
        if on_disk.is_dir() and not on_disk.is_symlink():
            for folder, _dirs, names in os.walk(on_disk):
                for name in names:
                    files.add(repo.prefix + os.path.relpath(os.path.join(folder, name), repo.root))
            files.update(_tree_files(repo, base_tree, full))
        else:
            files.add(full)
    return sorted(files)


def _tree_files(repo: _Repo, tree: str | None, folder: str) -> list[str]:
    """Repository paths of every file under `folder` in `tree`."""
    for part in folder.split("/"):
        entry = repo.tree(tree).get(os.fsencode(part))
        if entry is None or entry[0] != b"40000":
            return []
        tree = entry[1].hex()
    return [f"{folder}/{path}" for path in _all_files(repo, tree)]


def _all_files(repo: _Repo, tree: str) -> list[str]:
    found = []
    for name, (mode, sha) in repo.tree(tree).items():
        text = name.decode("utf-8", "surrogateescape")
        if mode == b"40000":
            found += [f"{text}/{sub}" for sub in _all_files(repo, sha.hex())]
        else:
            found.append(text)
    return found


def _new_tree(repo: _Repo, tree: str | None, changes: dict[str, tuple[bytes, bytes] | None]) -> str | None:
    """The sha of `tree` with `changes` ({path below it: entry or None}) applied;
    None when nothing is left in it."""
    direct: dict[bytes, tuple[bytes, bytes] | None] = {}
    below: dict[str, dict] = {}
    for path, entry in changes.items():
        head, _, rest = path.partition("/")
        if rest:
            below.setdefault(head, {})[rest] = entry
        else:
            direct[os.fsencode(head)] = entry
    if below:
        entries = repo.tree(tree)
        for name, subchanges in below.items():
            current = entries.get(os.fsencode(name))
            subtree = current[1].hex() if current is not None and current[0] == b"40000" else None
            sha = _new_tree(repo, subtree, subchanges)
            direct[os.fsencode(name)] = None if sha is None else (b"40000", bytes.fromhex(sha))
    body = _edited_tree_body(repo.tree_body(tree), direct)
    return repo.write(b"tree", body) if body else None


# a tree entry: "<mode> <name>\0" and a 20-byte sha
_TREE_ENTRY = re.compile(rb"([0-7]{5,6}) ([^\0]+)\0.{20}", re.S)


def _tree_key(mode: bytes, name: bytes) -> bytes:
    # git orders a tree's entries by name, a folder's name compared as if it ended in "/"
    return name + b"/" if mode in (b"40000", b"040000") else name


def _edited_tree_body(body: bytes, changes: dict[bytes, tuple[bytes, bytes] | None]) -> bytes:
    """A tree object's body with entries replaced, added (name: (mode, raw sha))
    or removed (name: None). The untouched entries are copied as bytes, in
    slices: a folder of 25,000 memories is not parsed into objects or sorted."""
    if not changes:
        return body
    pairs = _TREE_ENTRY.findall(body)
    starts = [0, *accumulate(len(mode) + len(name) + 22 for mode, name in pairs)]
    if starts[-1] != len(body):
        raise WorkspaceError("a git tree could not be read (run git fsck)")
    keys = [_tree_key(mode, name) for mode, name in pairs]
    removed: set[int] = set()
    for name in changes:
        for key in (name, name + b"/"):
            at = bisect_left(keys, key)
            if at < len(keys) and keys[at] == key:
                removed.add(at)
    inserts = sorted((bisect_left(keys, _tree_key(entry[0], name)), _tree_key(entry[0], name),
                      entry[0] + b" " + name + b"\0" + entry[1]) for name, entry in changes.items() if entry)
    pieces, done = [], 0
    for point in sorted(removed | {at for at, _key, _bytes in inserts}):
        pieces.append(body[starts[done]:starts[point]])
        pieces.extend(data for at, _key, data in inserts if at == point)
        done = point + 1 if point in removed else point
    pieces.append(body[starts[done]:])
    return b"".join(pieces)


def _cleanup(message: str) -> str:
    """What `git commit -m` stores: trailing spaces and surplus blank lines removed."""
    lines = [line.rstrip() for line in message.strip("\n").split("\n")]
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip("\n") + "\n"


def _signature(name: str, email: str) -> bytes:
    now = time.time()
    offset = time.localtime(now).tm_gmtoff
    sign = "+" if offset >= 0 else "-"
    zone = f"{sign}{abs(offset) // 3600:02d}{abs(offset) % 3600 // 60:02d}"
    return f"{name} <{email}> {int(now)} {zone}".encode()


def commit_paths(root: Path, env: dict, run, paths: list[str], message: str, author: str, email: str,
                 committer: str, contents: dict[str, bytes | list | None] | None = None,
                 before_publish=None) -> str | None:
    """Commit exactly `paths` (relative to `root`, as they are on disk now) on
    top of HEAD; returns the commit's sha, or None when the repository needs
    git's porcelain. Raises WorkspaceError when git refuses.

    `contents` gives the bytes (or parts) of files still being written (on a thread),
    None for files being removed;
    `before_publish()` runs once the commit is built, before the branch moves:
    it waits for those writes."""
    try:
        repo = _Repo(root, env, run)
    except Unsupported:
        return None
    try:
        gitpack.clear_remains(repo.objects / "pack")  # (what a writer killed while writing a pack left)
        gitpack.clear_remains(repo.objects)  # (... or a large object: loose_stored.py)
        head = repo.read("HEAD")
        _finish_pending(repo, head[0] if head else None)
        parent, base_tree = None, None
        if head is not None:
            if head[1] != "commit":
                return None
            parent = head[0]
            base_tree = head[2].split(b"\n", 1)[0].split(b" ", 1)[1].decode()
        known = {repo.prefix + path: data for path, data in (contents or {}).items()}
        changes: dict[str, tuple[bytes, bytes] | None] = {}
        listed = _expand(repo, base_tree, [p for p in paths if repo.prefix + p not in known])
        if len(listed) + len(known) >= PACK_AT_LEAST:
            repo.pack = gitpack.Pack()
        for full in listed:
            changes[full] = _file_entry(repo, repo.top / full)
        for full, data in known.items():
            changes[full] = None if data is None else _file_entry(repo, repo.top / full, data)
        tree = _new_tree(repo, base_tree, changes) or repo.write(b"tree", b"")
        body = b"tree " + tree.encode() + b"\n"
        if parent:
            body += b"parent " + parent.encode() + b"\n"
        body += b"author " + _signature(author, email) + b"\n"
        body += b"committer " + _signature(committer, email) + b"\n\n"
        body += _cleanup(message).encode("utf-8")
        commit = repo.write(b"commit", body)
        if repo.pack is not None:
            try:
                repo.pack.write(repo.objects / "pack")
            except OSError as exc:
                raise workspace_error_for(exc, f"git's object store ({repo.objects})") from None
        subject = message.split("\n", 1)[0]
        if before_publish is not None:
            before_publish()
        interrupts.hold()  # the branch moves next: from here the change finishes, a Ctrl-C waits for its end
        interrupts.check()  # one that came before this moment: nothing of the change is kept
        # NUL-terminated (-z): a name may hold a line break
        info = "".join(f"{entry[0].decode()} {entry[1].hex()} 0\t{path}\0" if entry else f"0 {_ZERO}\t{path}\0"
                       for path, entry in changes.items())
        # the branch and git's index move in two steps: note the second, so that a writer
        # killed between them is finished by the next one (_finish_pending)
        pending = repo.common / _PENDING
        pending.write_text(f"{commit}\n{info}", encoding="utf-8", errors="surrogateescape")
        # (git runs in a process group of its own: a Ctrl-C at the terminal never kills it half-way)
        moved = repo.run(root, "update-ref", "-m", f"commit: {subject}", "HEAD", commit, parent or _ZERO,
                         check=False, shielded=True)
        if moved.returncode != 0:
            pending.unlink()
            return None  # HEAD moved under us (a person's commit): let git's porcelain do it
        # the commit has landed: a failure from here on is finished by the next writer, never undone
        if repo.run(root, "update-index", "-z", "--index-info", stdin=info, check=False,
                    shielded=True).returncode == 0:
            pending.unlink(missing_ok=True)
    except Unsupported:
        return None
    finally:
        if repo.pack is not None:
            repo.pack.release()  # (the branch has moved, or never will: its .keep goes)
        repo.close()
    if repo.loose_objects:
        _maybe_repack(repo)
    return commit


def _finish_pending(repo: _Repo, head: str | None) -> None:
    """A writer killed after moving the branch but before updating git's index
    left its note: bring the index level with the commit it made (else
    `git status` would show that commit undone, and a person's next commit
    would undo it)."""
    pending = repo.common / _PENDING
    try:
        commit, _, info = pending.read_text(encoding="utf-8", errors="surrogateescape").partition("\n")
    except FileNotFoundError:
        return
    if commit == head and info:
        nul = ["-z"] if "\0" in info else []  # (a note written before -z: one entry a line)
        repo.run(repo.root, "update-index", *nul, "--index-info", stdin=info)
    pending.unlink()


def _maybe_repack(repo: _Repo) -> None:
    """Count what we left loose; past the limits, pack it in the background: one repack at a time
    (it holds _REPACKING's lock while it runs; at 100,000 memories each took ~1 GB, and a burst of
    writers had started three). While one runs, the count goes on, and a later writer starts the next."""
    import fcntl

    counter = repo.common / _COUNTER
    try:
        size, count = (int(n) for n in counter.read_text().split())
    except (OSError, ValueError):
        size, count = 0, 0
    size, count = size + repo.loose_bytes, count + repo.loose_objects
    due = size >= REPACK_AFTER_BYTES or count >= REPACK_AFTER_OBJECTS
    lock = None
    try:
        if due:
            try:
                lock = os.open(repo.common / _REPACKING, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW,
                               0o644)
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # one is running (it packs what was loose when it looked): the count goes on
                due = False
        counter.write_text("0 0" if due else f"{size} {count}")
        if due:  # (the lock goes with the repack: held until it, and the git processes it starts, end)
            subprocess.Popen(["git", "repack", "-d", "-q"], cwd=repo.root, env=repo.env, start_new_session=True,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             pass_fds=(lock,))
    except OSError:
        pass
    finally:
        if lock is not None:
            os.close(lock)

"""Our commits are written straight into git's object store (gitcommit.py):
they must be exactly what git itself would have made, in any repository."""

import os
import subprocess
import time

from conftest import Workspace, repository_with_staged_work


def fsck_problems(root) -> str:
    result = subprocess.run(["git", "fsck", "--full", "--no-dangling"], cwd=root, capture_output=True, text=True)
    return "" if result.returncode == 0 and not result.stdout.strip() else result.stdout + result.stderr


def test_every_kind_of_change_leaves_a_sound_repository_and_a_clean_status(ws):
    kept = ws.remember("User prefers dark mode", "--domain", "user")
    ws.remember("Met Ana at the climbing gym", "--store", "episodic")
    ws.remember("Always deploy with the checklist", "--store", "procedural", "--title", "Deploy")
    ws.remember("Wife's birthday is 3 March", "--store", "vault")
    gone = ws.remember("A memory to forget", "--domain", "world")
    ws.run("forget.py", gone)
    path = ws.root / ws.memory(kept)["file"]
    path.write_text(path.read_text().replace("dark mode", "light mode"))
    (ws.root / "IDENTITY.md").write_text("# Identity\n\nI am a careful assistant.\n")
    ws.run("decay.py", now="2027-01-01T03:00:00Z")
    assert fsck_problems(ws.root) == ""
    assert ws.git("status", "--porcelain") == ""
    assert ws.git("diff", "HEAD", "--name-only") == ""
    # the tree git would build from the working files is the tree we committed
    assert ws.git("rev-parse", "HEAD^{tree}") == ws.git("write-tree")
    assert "CRITICAL manual" in ws.git("log", "--format=%s")
    last = ws.git("reflog", "-1", "--format=%gs")
    assert last.startswith("commit: decay")
    author = ws.git("log", "-1", "--format=%an <%ae>|%cn|%B")
    assert author.startswith("hippocampus <hippocampus@localhost>|hippocampus|decay")


def test_a_workspace_inside_the_users_repository_commits_only_its_own_paths(tmp_path):
    top = repository_with_staged_work(tmp_path / "repo")
    ws = Workspace(top / "agent" / "workspace")
    ws.run("init.py", "--workspace", str(ws.root))
    memory_id = ws.remember("User prefers tabs")
    changed = ws.git("show", "--name-only", "--format=", "HEAD").split()
    assert f"agent/workspace/{ws.memory(memory_id)['file']}" in changed
    assert "agent/workspace/memory/index.json" in changed and "notes.txt" not in changed
    status = subprocess.run(["git", "status", "--porcelain"], cwd=top, capture_output=True, text=True).stdout
    assert status == "A  notes.txt\n"  # the user's staged work is still theirs, still staged
    assert fsck_problems(top) == ""
    # their repository's settings are theirs: no split index (a tool of theirs may not read one)
    assert subprocess.run(["git", "config", "core.splitIndex"], cwd=top, capture_output=True).stdout == b""


def test_a_repository_created_here_keeps_a_split_index(ws):
    # each commit puts its files into git's index: split, git rewrites only a small part of it
    assert ws.git("config", "core.splitIndex").strip() == "true"
    for number in range(3):
        ws.remember(f"User note number {number} about the garden")
    assert list((ws.root / ".git").glob("sharedindex.*"))
    assert ws.git("status", "--porcelain") == ""
    assert len(ws.git("ls-files", "hippocampus").split()) == len(ws.git("ls-tree", "-r", "--name-only", "HEAD",
                                                                     "hippocampus").split())
    assert fsck_problems(ws.root) == ""


def test_init_splits_the_index_of_a_workspace_it_created_before_and_nothing_else(ws, tmp_path):
    ws.git("config", "--unset", "core.splitIndex")  # as init.py left a workspace before it split indexes
    ws.remember("User likes figs")
    assert "split git's index" in ws.run("init.py").out
    assert ws.git("config", "core.splitIndex").strip() == "true"
    ws.git("config", "core.splitIndex", "false")  # a person's choice stands
    ws.run("init.py")
    assert ws.git("config", "core.splitIndex").strip() == "false"
    # a repository a person made of the workspace folder themselves: theirs
    own = Workspace(tmp_path / "own")
    own.root.mkdir()
    own.git("init", "-q")
    (own.root / "notes.md").write_text("mine\n")
    own.git("add", "notes.md")
    own.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "my notes")
    own.run("init.py")
    own.run("init.py")
    assert subprocess.run(["git", "config", "core.splitIndex"], cwd=own.root, capture_output=True).stdout == b""


def test_a_repository_that_converts_content_is_committed_by_git_itself(ws):
    (ws.root / ".gitattributes").write_text("*.md text eol=crlf\n")
    ws.git("add", ".gitattributes")
    ws.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "attributes")
    memory_id = ws.remember("User writes on Windows")
    assert ws.memory(memory_id)["file"] in ws.git("show", "--name-only", "--format=", "HEAD")
    assert ws.git("status", "--porcelain") == ""
    assert fsck_problems(ws.root) == ""


def packed(root) -> None:
    """Wait (10 s at most) for the detached `git repack -d` to leave no loose object."""
    for _ in range(100):
        counts = subprocess.run(["git", "count-objects", "-v"], cwd=root, capture_output=True, text=True).stdout
        if "count: 0" in counts:
            break
        time.sleep(0.1)
    assert "count: 0" in counts, counts


def test_a_large_file_is_stored_whole_then_packed_in_the_background(tmp_path, monkeypatch):
    from hippocampus.store import audit, gitcommit

    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    big = ("{" + "x" * 100 + "}\n") * 20_000  # 2 MB: over STORE_UNCOMPRESSED_OVER
    (root / "big.json").write_text(big)
    monkeypatch.setattr(gitcommit, "REPACK_AFTER_BYTES", 1)
    sha = gitcommit.commit_paths(root, audit.git_env(), audit.git, ["big.json"], "add big\n\nbody\n",
                                 "hippocampus", "hippocampus@localhost", "hippocampus")
    assert sha and subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                                  text=True).stdout.strip() == sha
    shown = subprocess.run(["git", "show", "HEAD:big.json"], cwd=root, capture_output=True, text=True).stdout
    assert shown == big
    packed(root)  # the detached `git repack -d` packs it and drops the loose copy
    assert fsck_problems(root) == ""
    assert subprocess.run(["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True).stdout == ""


def test_large_objects_left_loose_are_counted_by_their_bytes_and_packed_past_the_limit(tmp_path, monkeypatch):
    """What a commit leaves loose counts in bytes, however its body was handed over (a file
    over STORE_UNCOMPRESSED_OVER is written in parts): two commits of a 2 MB file each pass
    a 3 MB limit, and the background repack packs them (counting parts, it never would)."""
    from hippocampus.store import audit, gitcommit

    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    monkeypatch.setattr(gitcommit, "REPACK_AFTER_BYTES", 3 * 1024 * 1024)
    counter = root / ".git" / "hippocampus-loose-bytes"
    sizes = []
    for n in range(2):
        line = ("{" + f"{n}" * 100 + "}\n").encode()
        parts = [line * 10_000, line * 10_000]  # 2 MB each, different, handed over in parts (as index.json is)
        (root / "big.json").write_bytes(b"".join(parts))
        assert gitcommit.commit_paths(root, audit.git_env(), audit.git, ["big.json"], f"big {n}\n\nbody\n",
                                      "hippocampus", "hippocampus@localhost", "hippocampus",
                                      contents={"big.json": parts})
        sizes.append(counter.read_text().split())
    assert int(sizes[0][0]) >= 2_000_000, sizes  # the first commit's bytes, counted
    assert sizes[1] == ["0", "0"], sizes  # past the limit: the counter starts again, the repack runs
    packed(root)
    assert fsck_problems(root) == ""


def test_one_background_repack_at_a_time(tmp_path, monkeypatch):
    """While a repack holds .git/hippocampus-repacking (a running one does, the git processes it
    starts too), a commit past the limit starts none and keeps counting; once it is free, the next
    commit starts one, which packs everything left loose."""
    import fcntl

    from hippocampus.store import audit, gitcommit

    root = tmp_path / "repo"
    root.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    monkeypatch.setattr(gitcommit, "REPACK_AFTER_BYTES", 1)
    counter = root / ".git" / "hippocampus-loose-bytes"

    def commit(n: int) -> None:
        (root / "big.json").write_text(("{" + f"{n}" * 100 + "}\n") * 20_000)  # 2 MB: left loose
        assert gitcommit.commit_paths(root, audit.git_env(), audit.git, ["big.json"], f"big {n}\n\nbody\n",
                                      "hippocampus", "hippocampus@localhost", "hippocampus")

    lock = os.open(root / ".git" / "hippocampus-repacking", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)  # as a running repack holds it
        commit(1)
        commit(2)
        size, count = (int(n) for n in counter.read_text().split())
        assert size >= 4_000_000 and count >= 2  # none started: both commits counted
        time.sleep(0.5)
        counts = subprocess.run(["git", "count-objects", "-v"], cwd=root, capture_output=True, text=True).stdout
        assert "count: 0" not in counts and "packs: 0" in counts, counts
    finally:
        os.close(lock)
    commit(3)
    assert counter.read_text().split() == ["0", "0"]  # free: this one started the repack
    packed(root)
    assert fsck_problems(root) == ""
    for n in (1, 2, 3):
        assert subprocess.run(["git", "cat-file", "-e", f"HEAD~{3 - n}:big.json"], cwd=root).returncode == 0


def test_a_writer_killed_between_the_branch_and_the_index_is_finished_by_the_next(ws):
    """The branch moves first, git's index second; a writer that dies in between
    leaves a note the next writer acts on, so status never shows its commit undone."""
    from hippocampus.store import audit, gitcommit

    def dies_before_the_index(root, *args, **kw):
        if args[0] == "update-index":
            raise SystemExit("killed")
        return audit.git(root, *args, **kw)

    (ws.root / "notes").mkdir()
    (ws.root / "notes" / "new.txt").write_text("Committed by a writer that died\n")
    try:
        gitcommit.commit_paths(ws.root, audit.git_env(), dies_before_the_index, ["notes/new.txt"],
                               "manual: test\n", "hippocampus", "hippocampus@localhost", "hippocampus")
    except SystemExit:
        pass
    assert "notes/new.txt" in ws.git("show", "--name-only", "--format=", "HEAD")
    assert ws.git("status", "--porcelain") != ""  # the index lags behind the branch
    ws.remember("The next writer comes along")
    assert ws.git("status", "--porcelain") == ""
    assert "notes/new.txt" in ws.git("ls-files", "notes")


def test_a_writer_killed_before_its_commit_is_committed_by_the_next(ws):
    """Files and index written, then the process dies before git hears of them: the
    files match the index, so no hand-edit scan would see them. The writer's note
    of its paths lets the next writer commit them."""
    import os
    import sys

    from conftest import SCRIPTS
    dies = ("import os, runpy, sys\n"
            f"sys.path.insert(0, {str(SCRIPTS)!r})\n"
            "from hippocampus.store import audit\n"
            "def record(*args, before_publish=None, **kw):\n"
            "    before_publish()  # every file and the index are written\n"
            "    os._exit(9)       # and the process dies before its commit\n"
            "audit.record = record\n"
            "sys.argv = ['remember.py', 'Interrupted memory about kites']\n"
            f"runpy.run_path({str(SCRIPTS / 'remember.py')!r}, run_name='__main__')\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    result = subprocess.run([sys.executable, "-c", dies], env={**env, "WORKSPACE": str(ws.root)},
                            capture_output=True, text=True)
    assert result.returncode == 9, result.stderr
    kite = next(m for m in ws.index()["memories"] if "kites" in m["content"])
    assert kite["file"] not in ws.git("ls-files")
    ws.remember("The next writer comes along")
    assert ws.git("status", "--porcelain") == ""
    assert kite["file"] in ws.git("ls-files")
    assert "recover: committed an interrupted remember by bot:remember" in ws.git("log", "--format=%s")
    assert any(" | system:recover | recover | " in line for line in ws.audit())


# -- a tree edited in place (gitcommit._edited_tree_body) against one built from scratch
from hypothesis import given, settings, strategies as st  # noqa: E402

from hippocampus.store.gitcommit import _edited_tree_body  # noqa: E402

_NAMES = st.sampled_from([b"a", b"a.md", b"a-b.md", b"a/b", b"ab", b"a b.md", b"b", b"z.md", b"\xc3\xa9.md",
                          b"mem_1.md", b"mem_10.md", b"mem_2.md", b"x" * 40, b"a0", b"a_", b"a~"])
_ENTRIES = st.tuples(st.sampled_from([b"100644", b"100755", b"40000", b"120000"]), st.binary(min_size=20, max_size=20))


def _reference_body(entries: dict) -> bytes:
    """What git writes: entries by name, a folder's name compared as if it ended in '/'."""
    def key(name):
        return name + b"/" if entries[name][0] == b"40000" else name
    return b"".join(entries[n][0] + b" " + n + b"\0" + entries[n][1] for n in sorted(entries, key=key))


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(_NAMES.filter(lambda n: b"/" not in n), _ENTRIES, max_size=12),
       st.dictionaries(_NAMES.filter(lambda n: b"/" not in n), st.one_of(st.none(), _ENTRIES), max_size=5))
def test_an_edited_tree_is_the_tree_built_from_scratch(entries, changes):
    after = dict(entries)
    for name, entry in changes.items():
        if entry is None:
            after.pop(name, None)
        else:
            after[name] = entry
    assert _edited_tree_body(_reference_body(entries), changes) == _reference_body(after)


def test_an_edited_tree_of_thousands_is_what_git_mktree_writes(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    blob = bytes.fromhex(subprocess.run(["git", "hash-object", "-w", "--stdin"], cwd=tmp_path, input=b"x\n",
                                        capture_output=True, check=True).stdout.decode().strip())
    names = [f"note-{i}-mem_{i * 7919 % 10007:05d}.md".encode() for i in range(3000)]
    entries = {name: (b"100644", blob) for name in names}
    changes = {b"note-1500-new.md": (b"100644", blob), names[10]: None, names[2999]: (b"100755", blob)}
    after = {**{n: e for n, e in entries.items() if n != names[10]}, b"note-1500-new.md": (b"100644", blob),
             names[2999]: (b"100755", blob)}
    listing = "".join(f"{mode.decode()} blob {sha.hex()}\t{name.decode()}\n" for name, (mode, sha) in after.items())
    made = subprocess.run(["git", "mktree"], cwd=tmp_path, input=listing.encode(), capture_output=True, check=True)
    body = subprocess.run(["git", "cat-file", "tree", made.stdout.decode().strip()], cwd=tmp_path,
                          capture_output=True, check=True).stdout
    assert _edited_tree_body(_reference_body(entries), changes) == body


def test_git_own_commit_in_the_users_repository_commits_only_its_own_paths(tmp_path):
    """With a commit hook of theirs, git's own `git commit` makes ours, from an index of its own: their
    staged work stays staged, our paths are in their index as committed, the hook ran."""
    top = repository_with_staged_work(tmp_path / "repo")
    ws = Workspace(top / "agent" / "workspace")
    ws.run("init.py", "--workspace", str(ws.root))
    marker = tmp_path / "hook-ran"
    hook = top / ".git" / "hooks" / "pre-commit"
    hook.write_text(f"#!/bin/sh\necho ran >> '{marker}'\n")
    hook.chmod(0o755)
    memory_id = ws.remember("User prefers tabs")
    forgotten = ws.remember("User prefers spaces")
    ws.run("forget.py", forgotten)
    assert marker.read_text().count("ran") >= 3
    changed = ws.git("show", "--name-only", "--format=", "HEAD~2").split()
    assert f"agent/workspace/{ws.memory(memory_id)['file']}" in changed and "notes.txt" not in changed
    status = subprocess.run(["git", "status", "--porcelain"], cwd=top, capture_output=True, text=True).stdout
    assert status == "A  notes.txt\n"  # the user's staged work is still theirs, still staged
    assert fsck_problems(top) == ""

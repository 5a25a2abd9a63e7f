"""A commit of many files writes its new objects as one pack (store/gitpack.py): git's own
tools must read every object back byte for byte, verify the pack, and find nothing wrong."""

import json
import os
import random
import struct
import subprocess
import time

from hippocampus.store import audit, gitcommit, gitpack

_RANDOM = random.Random(11)
BODIES = [b"", b"x", b"hello\n", _RANDOM.randbytes(65_535), _RANDOM.randbytes(65_536), _RANDOM.randbytes(65_537),
          b"line\n" * 40_000, _RANDOM.randbytes(300_000), bytes(range(256)) * 3]


def _git(root, *args, **kw):
    return subprocess.run(["git", *args], cwd=root, capture_output=True, check=True, env=audit.git_env(), **kw)


def test_a_pack_of_blobs_a_tree_and_a_commit_is_read_back_by_git(tmp_path):
    _git(tmp_path, "init", "-q")
    pack = gitpack.Pack()
    shas = []
    for body in [*BODIES, b"in parts\n"]:
        shas.append(_git(tmp_path, "hash-object", "--stdin", input=body).stdout.decode().strip())
        pack.add(shas[-1], b"blob", [body] if body != b"in parts\n" else [b"in ", memoryview(b"parts"), b"\n"])
    pack.add(shas[2], b"blob", [BODIES[2]])  # the same object twice: packed once
    entries = b"".join(b"100644 f%d\0" % k + bytes.fromhex(sha) for k, sha in enumerate(shas))
    tree = _git(tmp_path, "hash-object", "-t", "tree", "--stdin", "--literally", input=entries).stdout.decode().strip()
    pack.add(tree, b"tree", [entries])
    body = b"tree %s\nauthor A <a@b> 0 +0000\ncommitter A <a@b> 0 +0000\n\nm\n" % tree.encode()
    commit = _git(tmp_path, "hash-object", "-t", "commit", "--stdin", input=body).stdout.decode().strip()
    pack.add(commit, b"commit", [body])
    assert len(pack) == len(BODIES) + 3
    index = pack.write(tmp_path / ".git" / "objects" / "pack")
    assert not list((tmp_path / ".git" / "objects").glob("[0-9a-f][0-9a-f]/*"))  # nothing loose
    assert not list((tmp_path / ".git" / "objects" / "pack").glob("tmp_*"))
    _git(tmp_path, "verify-pack", "-v", str(index))
    for sha, body in zip(shas, [*BODIES, b"in parts\n"]):
        assert _git(tmp_path, "cat-file", "blob", sha).stdout == body
    _git(tmp_path, "update-ref", "HEAD", commit)
    fsck = _git(tmp_path, "fsck", "--full", "--strict")
    assert fsck.returncode == 0 and b"error" not in fsck.stderr + fsck.stdout


def test_a_commit_of_many_packs_its_small_objects_and_leaves_a_large_one_loose(tmp_path):
    _git(tmp_path, "init", "-q")
    repo = gitcommit._Repo(tmp_path, audit.git_env(), audit.git)
    try:
        repo.pack = gitpack.Pack()
        small, large = repo.write(b"blob", b"small\n"), repo.write(b"blob", BODIES[-2])
        repo.pack.write(repo.objects / "pack")
    finally:
        repo.close()
    assert (tmp_path / ".git" / "objects" / large[:2] / large[2:]).exists()
    assert not (tmp_path / ".git" / "objects" / small[:2] / small[2:]).exists()
    assert _git(tmp_path, "cat-file", "blob", small).stdout == b"small\n"
    assert _git(tmp_path, "cat-file", "blob", large).stdout == BODIES[-2]


def _offsets_in(index: bytes) -> dict[bytes, int]:
    """An index (version 2) read as the format says: each name's offset."""
    assert index[:8] == b"\377tOc" + struct.pack(">I", 2)
    count = struct.unpack(">I", index[8 + 255 * 4:8 + 256 * 4])[0]
    names_at = 8 + 256 * 4
    names = [index[names_at + 20 * k:names_at + 20 * k + 20] for k in range(count)]
    small_at = names_at + 24 * count
    large_at = small_at + 4 * count
    found = {}
    for k, name in enumerate(names):
        offset = struct.unpack(">I", index[small_at + 4 * k:small_at + 4 * k + 4])[0]
        if offset & 0x80000000:
            at = large_at + 8 * (offset & 0x7FFFFFFF)
            offset = struct.unpack(">Q", index[at:at + 8])[0]
        found[name] = offset
    return found


def test_an_offset_past_two_gigabytes_goes_into_the_table_of_large_ones(tmp_path):
    names = [bytes([k]) * 20 for k in (9, 3, 200, 7)]
    offsets = [12, 3_000_000_000, 40, 5_000_000_000]
    gitpack._write_index(tmp_path / "idx", names, offsets, [1, 2, 3, 4], b"\0" * 20)
    assert _offsets_in((tmp_path / "idx").read_bytes()) == dict(zip(names, offsets))


def test_a_bulk_import_lands_as_one_pack_that_git_finds_whole(ws):
    count = gitcommit.PACK_AT_LEAST + 20
    lines = "".join(json.dumps({"content": f"Packed fact {k}: lantern {k} hangs by door {k * 7}"}) + "\n"
                    for k in range(count))
    ws.run("remember.py", "--jsonl", "-", input=lines, now="2026-03-01T10:00:00Z")
    counted = dict(line.split(": ") for line in ws.git("count-objects", "-v").splitlines())
    assert int(counted["in-pack"]) >= count and int(counted["count"]) < 20
    ws.git("fsck", "--full", "--strict")
    memory = ws.index()["memories"][count // 2]
    assert ws.git("show", f"HEAD:{memory['file']}") == (ws.root / memory["file"]).read_text()
    assert ws.git("status", "--porcelain") == ""


def _pack_commit_with(tmp_path, before_publish):
    """A commit of PACK_AT_LEAST files on top of a person's first one, `before_publish` run in its
    window (its pack written, the branch not moved yet): the commit's sha."""
    root = tmp_path / "repo"
    (root / "notes").mkdir(parents=True)
    _git(root, "init", "-q")
    (root / "first.txt").write_text("first\n")
    _git(root, "add", "first.txt")
    _git(root, "-c", "user.name=A", "-c", "user.email=a@b", "commit", "-q", "-m", "first")
    paths = []
    for k in range(gitcommit.PACK_AT_LEAST):
        (root / "notes" / f"n{k}.md").write_text(f"note {k}\n")
        paths.append(f"notes/n{k}.md")
    sha = gitcommit.commit_paths(root, audit.git_env(), audit.git, paths, "many\n", "hippocampus",
                                 "hippocampus@localhost", "hippocampus", before_publish=lambda: before_publish(root))
    return root, sha


def test_a_repack_of_everything_before_the_branch_moves_leaves_the_new_pack_alone(tmp_path):
    """A person's `git repack -a -d` that starts once our pack is in but before the branch names its
    objects (unreachable then) would delete it: the commit would be lost, or, the branch moved
    meanwhile, name a commit that is gone. The pack is kept (.keep, as git's own fetch does) until
    the branch has moved."""
    root, sha = _pack_commit_with(tmp_path, lambda root: _git(root, "repack", "-a", "-d", "-q"))
    assert sha is not None and _git(root, "rev-parse", "HEAD").stdout.decode().strip() == sha
    assert _git(root, "show", "HEAD:notes/n7.md").stdout == b"note 7\n"
    fsck = _git(root, "fsck", "--full", "--strict")
    assert b"error" not in fsck.stderr + fsck.stdout
    assert not list((root / ".git" / "objects" / "pack").glob("*.keep"))  # released once the branch moved


def test_what_a_killed_writer_left_in_the_pack_folder_is_cleared_by_the_next_commit(tmp_path):
    """A writer killed while writing its pack leaves its temporaries, or a pack without its index, and
    its .keep: the next commit clears those of a process that is gone, an hour old, and no other."""
    root, sha = _pack_commit_with(tmp_path, lambda root: None)
    assert sha is not None
    folder, dead = root / ".git" / "objects" / "pack", _dead_pid()
    remains = [f"tmp_pack_hippocampus_{dead}", f"tmp_idx_hippocampus_{dead}", "pack-" + "a" * 40 + ".pack"]
    for name in remains:
        (folder / name).write_bytes(b"half")
    (folder / ("pack-" + "a" * 40 + ".keep")).write_text(f"hippocampus {dead}\n")
    (folder / ("pack-" + "b" * 40 + ".keep")).write_text("a person's\n")
    (folder / ("pack-" + "c" * 40 + ".keep")).write_text(f"hippocampus {os.getpid()}\n")  # a writer at work
    for path in folder.iterdir():
        os.utime(path, (0, 0))  # (all of them long ago)
    recent = folder / ("pack-" + "d" * 40 + ".keep")
    recent.write_text(f"hippocampus {dead}\n")  # just now: another machine's?
    os.utime(recent, (time.time(), time.time()))  # (now by this process's clock, as the writer reads it)
    (root / "notes" / "n1.md").write_text("note 1 again\n")  # the next commit, however small
    assert gitcommit.commit_paths(root, audit.git_env(), audit.git, ["notes/n1.md"], "again\n", "hippocampus",
                                  "hippocampus@localhost", "hippocampus")
    left = {p.name for p in folder.iterdir()}
    assert not left & {*remains, "pack-" + "a" * 40 + ".keep"}
    assert {"pack-" + "b" * 40 + ".keep", "pack-" + "c" * 40 + ".keep", "pack-" + "d" * 40 + ".keep"} <= left
    (folder / ("pack-" + "d" * 40 + ".keep")).unlink()
    assert "garbage: 0" in _git(root, "count-objects", "-v").stdout.decode()


def _dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid

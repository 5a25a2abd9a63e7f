"""index.json is written and stored in git from the parts it is made of (the
megabytes of unchanged memories stay a view of the file read): files and git
objects made from parts must be byte for byte what one buffer would make."""

import hashlib
import os
import random
import subprocess
import zlib

from hypothesis import given, settings, strategies as st

from hippocampus.store import audit, gitcommit
from hippocampus.base import fsutil

_SOURCE = random.Random(7).randbytes(300_000)


def _pieces(lengths: list[int], as_views: list[bool]) -> list:
    pieces, at = [], 0
    for length, view in zip(lengths, as_views):
        chunk = memoryview(_SOURCE)[at:at + length] if view else _SOURCE[at:at + length]
        pieces.append(chunk)
        at = (at + length) % 100_000
    return pieces


# lengths around the 65,535-byte blocks of a stored zlib stream, empty parts included
_LENGTHS = st.lists(st.one_of(st.integers(0, 40), st.integers(65_500, 65_600), st.integers(0, 140_000)),
                    min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(_LENGTHS, st.lists(st.booleans(), min_size=6, max_size=6))
def test_an_object_written_from_parts_is_the_object_of_their_bytes(tmp_path_factory, lengths, as_views):
    root = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    pieces = _pieces(lengths, as_views)
    whole = b"".join(pieces)
    repo = gitcommit._Repo(root, audit.git_env(), audit.git)
    try:
        sha = repo.write(b"blob", pieces)
    finally:
        repo.close()
    assert sha == hashlib.sha1(b"blob %d\0" % len(whole) + whole).hexdigest()
    stored = (root / ".git" / "objects" / sha[:2] / sha[2:]).read_bytes()
    assert zlib.decompress(stored) == b"blob %d\0" % len(whole) + whole  # the adler32 checked too
    shown = subprocess.run(["git", "cat-file", "blob", sha], cwd=root, capture_output=True, check=True).stdout
    assert shown == whole


@settings(max_examples=60, deadline=None)
@given(_LENGTHS, st.lists(st.booleans(), min_size=6, max_size=6), st.integers(1, 70_000))
def test_a_file_written_from_parts_survives_short_writes(tmp_path_factory, lengths, as_views, most):
    pieces = _pieces(lengths, as_views)
    target = tmp_path_factory.mktemp("files") / "out"
    real = os.writev

    def short(fd, buffers):  # the kernel may take less than asked: at most `most` bytes a call
        taken, left = [], most
        for buffer in buffers:
            if left <= 0:
                break
            taken.append(memoryview(buffer)[:left])
            left -= len(taken[-1])
        return real(fd, taken)

    os.writev = short
    try:
        fsutil.atomic_write(target, pieces)
    finally:
        os.writev = real
    assert target.read_bytes() == b"".join(pieces)


def test_index_json_is_one_buffer_of_its_parts_on_disk_and_in_git(ws):
    for n in range(3):
        ws.remember(f"User keeps a journal of birds seen, entry {n}")
    on_disk = (ws.store / "index.json").read_bytes()
    assert ws.git("show", "HEAD:memory/index.json") == on_disk.decode()
    assert ws.git("status", "--porcelain") == ""
    assert subprocess.run(["git", "fsck", "--full"], cwd=ws.root, capture_output=True).returncode == 0

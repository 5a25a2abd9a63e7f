"""index.json is written and stored in git from the parts it is made of (the
megabytes of unchanged memories stay a view of the file read): files and git
objects made from parts must be byte for byte what one buffer would make."""

import errno
import hashlib
import os
import random
import subprocess
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from hippocampus.store import audit, gitcommit
from hippocampus.base import file_bytes, fsutil

_SOURCE = random.Random(7).randbytes(300_000)
_KINDS = st.lists(st.integers(0, 2), min_size=6, max_size=6)  # bytes, a memoryview, a range of a file


def _pieces(lengths: list[int], kinds: list[int], source: file_bytes.FileBytes | None = None) -> list:
    pieces, at = [], 0
    for length, kind in zip(lengths, kinds):
        if kind == 2 and source is not None:
            pieces.append(source.span(at, at + length))
        else:
            pieces.append(memoryview(_SOURCE)[at:at + length] if kind else _SOURCE[at:at + length])
        at = (at + length) % 100_000
    return pieces


def _source(folder) -> file_bytes.FileBytes:
    path = folder / "source"
    path.write_bytes(_SOURCE)
    return file_bytes.FileBytes.open(path, "source")


# lengths around the 65,535-byte blocks of a stored zlib stream, empty parts included
_LENGTHS = st.lists(st.one_of(st.integers(0, 40), st.integers(65_500, 65_600), st.integers(0, 140_000)),
                    min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(_LENGTHS, _KINDS)
def test_an_object_written_from_parts_is_the_object_of_their_bytes(tmp_path_factory, lengths, kinds):
    root = tmp_path_factory.mktemp("repo")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    pieces = _pieces(lengths, kinds, _source(root))
    whole = file_bytes.joined(pieces)
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
@given(_LENGTHS, _KINDS, st.integers(1, 70_000), st.sampled_from(["short", "unsupported", "across devices", "nothing"]))
def test_a_file_written_from_parts_survives_short_writes(tmp_path_factory, lengths, kinds, most, copies):
    folder = tmp_path_factory.mktemp("files")
    pieces = _pieces(lengths, kinds, _source(folder))
    target = folder / "out"
    real, real_copy = os.writev, os.copy_file_range

    def copy(source, destination, count, offset):  # the kernel copies less, or not at all
        if copies == "nothing":  # (a file system that says it copied nothing of an unchanged file)
            return 0
        if copies != "short":
            raise OSError(errno.ENOSYS if copies == "unsupported" else errno.EXDEV, "no")
        return real_copy(source, destination, min(count, most), offset)

    def short(fd, buffers):  # the kernel may take less than asked: at most `most` bytes a call
        taken, left = [], most
        for buffer in buffers:
            if left <= 0:
                break
            taken.append(memoryview(buffer)[:left])
            left -= len(taken[-1])
        return real(fd, taken)

    os.writev, os.copy_file_range = short, copy
    try:
        fsutil.atomic_write(target, pieces)
    finally:
        os.writev, os.copy_file_range = real, real_copy
    assert target.read_bytes() == file_bytes.joined(pieces)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3_000), st.integers(1, 12), st.integers(0, 3_000), st.integers(0, 3_000),
       st.integers(2, 64), st.booleans())
def test_a_file_searched_where_it_lies_finds_what_its_bytes_would(tmp_path_factory, at, length, start, end, chunk,
                                                                   preadv):
    data = bytes(random.Random(at * 31 + length).choice(b"ab,\n") for _ in range(3_000))
    needle = data[at:at + length] or b"ab"
    path = tmp_path_factory.mktemp("find") / "data"
    path.write_bytes(data)
    saved, saved_preadv = file_bytes.CHUNK, file_bytes._PREADV
    file_bytes.CHUNK = chunk  # chunks smaller than the needle's reach: every overlap at an edge is tried
    file_bytes._PREADV = saved_preadv if preadv else None  # (a Python without os.preadv: pread)
    try:
        source = file_bytes.FileBytes.open(path, "data")
        assert source.find(needle, start, end) == data.find(needle, start, end)
        assert source.find(needle) == data.find(needle)
        assert source[start:end] == data[start:end]
    finally:
        file_bytes.CHUNK, file_bytes._PREADV = saved, saved_preadv


def test_a_file_written_over_in_place_is_never_copied_from(tmp_path):
    path = tmp_path / "index.json"
    path.write_bytes(b"x" * 300_000)
    source = file_bytes.FileBytes.open(path, "index.json")
    span = source.span(10, 250_000)
    with open(path, "r+b") as handle:  # an editor saving in place: the same inode, the bytes changed
        handle.write(b"y" * 10)
    os.utime(path, ns=(os.stat(path).st_atime_ns, os.stat(path).st_mtime_ns + 1_000_000))
    with pytest.raises(file_bytes.SourceChanged):
        fsutil.atomic_write(tmp_path / "out", [b"head", span])
    assert not (tmp_path / "out").exists() and not list(tmp_path.glob(".out.*"))
    with pytest.raises(file_bytes.SourceChanged):
        b"".join(span.chunks())
    with pytest.raises(file_bytes.SourceChanged):  # (git's object of a small index: read in)
        file_bytes.joined([b"head", span])
    with pytest.raises(file_bytes.SourceChanged):
        file_bytes.check_sources([b"head", span])


def test_index_json_is_one_buffer_of_its_parts_on_disk_and_in_git(ws):
    for n in range(3):
        ws.remember(f"User keeps a journal of birds seen, entry {n}")
    on_disk = (ws.store / "index.json").read_bytes()
    assert ws.git("show", "HEAD:memory/index.json") == on_disk.decode()
    assert ws.git("status", "--porcelain") == ""
    assert subprocess.run(["git", "fsck", "--full"], cwd=ws.root, capture_output=True).returncode == 0

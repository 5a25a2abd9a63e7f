"""A large object written loose and stored, copied on a thread while it is summed (store/loose_stored.py):
git reads it as the object its name says, whatever its parts and wherever its blocks fall."""

import hashlib
import os
import subprocess
import zlib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from hippocampus.base.file_bytes import FileBytes, FileSpan, SourceChanged
from hippocampus.store import gitcommit, loose_stored

BLOCK = loose_stored.BLOCK


def _repository(tmp_path):
    root = tmp_path / "repo"
    root.mkdir(exist_ok=True)
    if not (root / ".git").exists():
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root, root / ".git" / "objects"


def _git_reads(root, sha: str) -> bytes:
    subprocess.run(["git", "-C", str(root), "cat-file", "-e", sha], check=True)
    return subprocess.run(["git", "-C", str(root), "cat-file", "blob", sha], check=True,
                          capture_output=True).stdout


def _parts(tmp_path, layout: list[tuple[str, int]]):
    """Parts from a layout of ("bytes" | "file", length), and the body they make; the file ranges
    are of one file written for them (its descriptor open, as a writer's index.json is)."""
    source = tmp_path / "source.bin"
    file_bytes = os.urandom(sum(length for kind, length in layout if kind == "file") + 7)
    source.write_bytes(file_bytes)
    opened = FileBytes.open(source, "source.bin")
    parts, body, at = [], b"", 3
    for number, (kind, length) in enumerate(layout):
        if kind == "file":
            parts.append(FileSpan(opened, at, at + length))
            body += file_bytes[at:at + length]
            at += length
        else:
            piece = bytes([number % 251]) * length
            parts.append(piece)
            body += piece
    return parts, body, opened


@pytest.mark.parametrize("sizes", [
    [BLOCK + 1],                       # just over the limit: two blocks
    [BLOCK * 3 - len(b"blob 196605\0")],  # header and body end exactly at a block's end
    [(1 << 20) * 2 + 12345],           # file chunks (1 MB) and blocks (65,535) out of step
    [100, BLOCK * 2, 1, 70_000],       # many parts, blocks across them
])
def test_git_reads_the_object_its_name_says(tmp_path, sizes):
    root, objects = _repository(tmp_path)
    layout = [("file" if n % 2 == 0 else "bytes", size) for n, size in enumerate(sizes)]
    parts, body, opened = _parts(tmp_path, layout)
    header = b"blob %d\0" % len(body)
    sha, written = loose_stored.write_stored(objects, header, parts)
    opened.close()
    assert written and sha == hashlib.sha1(header + body).hexdigest()
    stored = (objects / sha[:2] / sha[2:]).read_bytes()
    assert zlib.decompress(stored) == header + body  # (zlib checks the Adler-32 trailer)
    assert _git_reads(root, sha) == body
    assert not [p for p in objects.iterdir() if p.name.startswith("tmp_obj_")]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["bytes", "file"]), st.integers(0, 3 * BLOCK)), min_size=1, max_size=6))
def test_any_parts_make_a_stream_zlib_and_sha1_agree_on(tmp_path, layout):
    _root, objects = _repository(tmp_path)
    parts, body, opened = _parts(tmp_path, layout)
    header = b"blob %d\0" % len(body)
    try:
        sha, _written = loose_stored.write_stored(objects, header, parts)
    finally:
        opened.close()
    assert zlib.decompress((objects / sha[:2] / sha[2:]).read_bytes()) == header + body
    assert sha == hashlib.sha1(header + body).hexdigest()


def test_an_object_there_already_is_kept_and_the_copy_dropped(tmp_path):
    root, objects = _repository(tmp_path)
    body = os.urandom(3 * BLOCK)
    header = b"blob %d\0" % len(body)
    sha, written = loose_stored.write_stored(objects, header, [body])
    first = os.stat(objects / sha[:2] / sha[2:])
    again, written_again = loose_stored.write_stored(objects, header, [body[:10], body[10:]])
    assert (again, written, written_again) == (sha, True, False)
    assert os.stat(objects / sha[:2] / sha[2:]).st_ino == first.st_ino
    assert not [p for p in objects.iterdir() if p.name.startswith("tmp_obj_")]
    assert _git_reads(root, sha) == body


def test_a_source_written_over_while_it_is_copied_leaves_no_object_and_no_temporary(tmp_path):
    """The file a range is read from changed in place (a person's editor) between the writer's
    opening it and the copy: SourceChanged, and nothing in git's store."""
    _root, objects = _repository(tmp_path)
    parts, body, opened = _parts(tmp_path, [("file", 2 * BLOCK)])
    with open(tmp_path / "source.bin", "r+b") as handle:  # in place: same inode, size and mtime move
        handle.seek(0, os.SEEK_END)
        handle.write(b"more")
    before = sorted(p.name for p in objects.rglob("*"))
    with pytest.raises(SourceChanged):
        loose_stored.write_stored(objects, b"blob %d\0" % len(body), parts)
    opened.close()
    assert sorted(p.name for p in objects.rglob("*")) == before


def test_a_commit_names_index_json_by_what_git_hashes(tmp_path):
    """Through gitcommit: the blob of a file over STORE_UNCOMPRESSED_OVER, handed over in parts, is
    the blob `git hash-object` gives the file."""
    from hippocampus.store import audit

    root, _objects = _repository(tmp_path)
    parts = [b"[\n", b'{"n": 1}\n' * 20_000, b"]\n"]
    assert sum(map(len, parts)) > gitcommit.STORE_UNCOMPRESSED_OVER
    (root / "big.json").write_bytes(b"".join(parts))
    assert gitcommit.commit_paths(root, audit.git_env(), audit.git, ["big.json"], "big\n\nbody\n",
                                  "hippocampus", "hippocampus@localhost", "hippocampus",
                                  contents={"big.json": parts})
    hashed = subprocess.run(["git", "-C", str(root), "hash-object", "big.json"], capture_output=True,
                            text=True, check=True).stdout.strip()
    listed = subprocess.run(["git", "-C", str(root), "ls-tree", "HEAD", "big.json"], capture_output=True,
                            text=True, check=True).stdout.split()
    assert listed[2] == hashed
    assert subprocess.run(["git", "-C", str(root), "fsck", "--full", "--no-dangling"],
                          capture_output=True, text=True).returncode == 0


def test_what_a_writer_killed_mid_copy_left_is_cleared_by_a_later_commit(tmp_path):
    """A writer killed while it copies a large object leaves its temporary in objects/ (git's prune
    takes it only when a gc prunes, two weeks on): a later commit clears it once its process is gone
    and it is an hour old, and leaves a writer's at work, one just made (another machine's?) and
    names not ours."""
    import signal
    import sys
    import time

    from hippocampus.store import audit

    root, objects = _repository(tmp_path)
    big = tmp_path / "big.bin"
    big.write_bytes(os.urandom(4 << 20))
    script = ("import os, sys, time\n"
              f"sys.path.insert(0, {str(gitcommit.__file__.rsplit('/hippocampus/', 1)[0])!r})\n"
              "from hippocampus.base.file_bytes import FileBytes, FileSpan\n"
              "from hippocampus.store import loose_stored\n"
              "import hippocampus.base.fsutil as fsutil\n"
              "write_all = fsutil.write_all\n"
              "def slow(fd, parts):\n"
              "    write_all(fd, parts)\n"
              "    print('copying', flush=True)\n"
              "    time.sleep(60)\n"
              "loose_stored.write_all = slow\n"
              f"source = FileBytes.open({str(big)!r}, 'big')\n"
              f"loose_stored.write_stored(__import__('pathlib').Path({str(objects)!r}), b'blob %d\\0' % source.size,"
              " [FileSpan(source, 0, source.size)])\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "copying"
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    killed = [p for p in objects.iterdir() if p.name.startswith("tmp_obj_hippocampus_")]
    assert len(killed) == 1 and killed[0].stat().st_size > 0
    others = {"alive": f"tmp_obj_hippocampus_{os.getpid()}_00000000", "young": None, "not ours": "tmp_obj_abcdef"}
    for name in (others["alive"], others["not ours"]):
        (objects / name).write_bytes(b"half")
    for path in objects.iterdir():
        if path.is_file():
            os.utime(path, (0, 0))  # (all of them long ago)
    young = objects / f"tmp_obj_hippocampus_{child.pid}_11111111"
    young.write_bytes(b"half")  # the same gone process, just now: kept for the hour
    os.utime(young, (time.time(), time.time()))  # (now by this process's clock, as the writer reads it)
    odd = objects / "tmp_obj_hippocampus_\u00b2_22222222"  # ("²" is a digit, and no process id)
    odd.write_bytes(b"half")
    os.utime(odd, (0, 0))
    (root / "n.md").write_text("a note\n")
    assert gitcommit.commit_paths(root, audit.git_env(), audit.git, ["n.md"], "note\n", "hippocampus",
                                  "hippocampus@localhost", "hippocampus")
    left = {p.name for p in objects.iterdir()}
    assert killed[0].name not in left
    assert {others["alive"], others["not ours"], young.name, odd.name} <= left


def test_a_ctrl_c_while_the_copy_runs_is_answered_once_the_copy_has_ended(tmp_path):
    """The summing thread waits on the copying one; a Ctrl-C there used to close the descriptor under
    the copy, whose next writes went into whatever file took its number (a rollback's). Now the
    KeyboardInterrupt comes once the copy has ended: the next file opened holds only its own bytes,
    and no temporary is left. (The SIGINT is sent to the main thread itself, as a terminal's usually
    lands: a signal the kernel hands to the copying thread interrupts no wait.)"""
    import sys

    _root, objects = _repository(tmp_path)
    big = tmp_path / "big.bin"
    big.write_bytes(os.urandom(4 << 20))
    after = tmp_path / "after.txt"
    script = ("import os, signal, sys, threading, time\n"
              f"sys.path.insert(0, {str(gitcommit.__file__.rsplit('/hippocampus/', 1)[0])!r})\n"
              "from pathlib import Path\n"
              "from hippocampus.base.file_bytes import FileBytes, FileSpan\n"
              "from hippocampus.store import loose_stored\n"
              "signal.signal(signal.SIGINT, signal.default_int_handler)  # (as a script started from a shell)\n"
              "write_all, chunks = loose_stored.write_all, []\n"
              "def slow(fd, parts):\n"
              "    write_all(fd, parts)\n"
              "    chunks.append(fd)\n"
              "    if len(chunks) == 1:  # the main thread waits on this one by now: Ctrl-C\n"
              "        time.sleep(0.2)\n"
              "        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)\n"
              "    time.sleep(0.3)\n"
              "loose_stored.write_all = slow\n"
              f"source = FileBytes.open({str(big)!r}, 'big')\n"
              "try:\n"
              f"    loose_stored.write_stored(Path({str(objects)!r}), b'blob %d\\0' % source.size,"
              " [FileSpan(source, 0, source.size)])\n"
              "    print('finished', flush=True)\n"
              "except KeyboardInterrupt:\n"
              f"    with open({str(after)!r}, 'wb', buffering=0) as handle:  # (held open, as a rollback's)\n"
              "        handle.write(b'a rollback line')\n"
              "        time.sleep(2)\n"
              f"    print('interrupted', len(chunks), os.path.getsize({str(after)!r}), flush=True)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    words = done.stdout.split()
    assert words[0] == "interrupted" and int(words[1]) > 1, done  # (the copy had more chunks to write)
    assert int(words[2]) == len(b"a rollback line"), done
    assert not [p for p in objects.iterdir() if p.name.startswith("tmp_obj_")]

"""A workspace this user may read but not write (another user's; a read-only mount):
every reader works, exit 0, and writes nothing (references/reliability.md, "Read-only
readers"). Run as the user `nobody` (root, here, may write anything)."""

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import SCRIPTS, Workspace

NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
NOW = "2026-03-11T15:00:00Z"
# the packages a reader needs to read memory files itself (no search cache to read them from)
NEEDS = "from hippocampus.base.third_party import load; load('yaml'); load('frontmatter')"


def _python_for_nobody(needs: str = "") -> str | None:
    """An interpreter (3.11 or later) that `nobody` may run, with the scripts readable."""
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return None
    for python in (sys.executable, "/usr/bin/python3"):
        probe = subprocess.run([*NOBODY, python, "-S", "-c",
                                f"import sys; assert sys.version_info >= (3, 11); import hippocampus.cli; {needs}"],
                               cwd=SCRIPTS, capture_output=True, env={"PATH": "/usr/bin:/bin", "HOME": "/"})
        if probe.returncode == 0:
            return python
    return None


def _read_only_mounts() -> bool:
    """Whether a private mount namespace may bind a folder onto itself read-only (root, Linux)."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return False
    folder = tempfile.mkdtemp(prefix="hippocampus-mount-")
    try:
        return subprocess.run(["unshare", "-m", "sh", "-c", MOUNT + " && ! touch \"$1/x\" 2>/dev/null", "sh",
                               folder], capture_output=True).returncode == 0
    finally:
        shutil.rmtree(folder)


MOUNT = 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1"'
PYTHON, FULL = _python_for_nobody(), _python_for_nobody(NEEDS)
MOUNTS = _read_only_mounts()
WAYS = [pytest.param("another user", marks=pytest.mark.skipif(
            PYTHON is None, reason="needs root, setpriv and an interpreter `nobody` may run")),
        pytest.param("a read-only mount", marks=pytest.mark.skipif(
            not MOUNTS, reason="needs root and a mount namespace (unshare -m)"))]


@pytest.fixture
def read_only():
    """A workspace with memories, in a folder anyone may enter, then made read-only."""
    parent = Path(tempfile.mkdtemp(prefix="hippocampus-read-only-"))
    parent.chmod(0o755)
    ws = Workspace(parent / "workspace")
    ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    ws.remember("User is allergic to peanuts", "--domain", "user", "--importance", "0.95", now=NOW)
    ws.remember("The ferry to the island leaves at seven", "--domain", "world", now=NOW)
    yield ws
    for folder, dirs, _files in os.walk(parent):
        os.chmod(folder, 0o755)
    shutil.rmtree(parent)


def _freeze(root: Path) -> dict:
    """chmod -R a-w, and what every file is now."""
    for folder, dirs, files in os.walk(root):
        for name in files:
            path = Path(folder, name)
            path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) | stat.S_IRUSR
                       | stat.S_IRGRP | stat.S_IROTH)
        Path(folder).chmod(0o555)
    return _snapshot(root)


def _snapshot(root: Path) -> dict:
    found = {}
    for folder, dirs, files in os.walk(root):
        for name in [*files, *dirs]:
            st = os.lstat(Path(folder, name))
            found[os.path.relpath(Path(folder, name), root)] = (st.st_size, st.st_mtime_ns, st.st_ino)
    return found


def _reader(ws, way: str, *args: str) -> subprocess.CompletedProcess:
    """A script run as a reader who may not write the workspace: as `nobody`, or as
    root (who may write anything) where the workspace is a read-only mount."""
    env = {"PATH": "/usr/bin:/bin", "HOME": "/", "WORKSPACE": str(ws.root), "HIPPOCAMPUS_NOW": NOW,
           "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "TZ": "UTC"}
    if way == "another user":
        command = [*NOBODY, FULL or PYTHON, "-S", str(SCRIPTS / args[0]), *args[1:]]
    else:
        command = ["unshare", "-m", "sh", "-c", MOUNT + ' && shift && exec "$@"', "sh", str(ws.root),
                   sys.executable, "-S", str(SCRIPTS / args[0]), *args[1:]]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _readers_read(ws, way: str) -> None:
    found = json.loads(_reader(ws, way, "recall.py", "peanuts", "--json").stdout)
    assert found["results"][0]["content"] == "User is allergic to peanuts"
    status = _reader(ws, way, "status.py", "--json")
    assert status.returncode == 0 and json.loads(status.stdout)["total"] == 2, status.stderr
    core = _reader(ws, way, "load_core.py")
    assert core.returncode == 0 and "allergic to peanuts" in core.stdout, core.stderr
    memory_id = next(m["id"] for m in ws.index()["memories"] if "ferry" in m["content"])
    history = _reader(ws, way, "history.py", memory_id)
    assert history.returncode == 0 and "created by bot:remember" in history.stdout, history.stderr
    doctor = _reader(ws, way, "doctor.py", "--json")
    assert doctor.returncode == 0, (doctor.stdout, doctor.stderr)
    assert any("may read the workspace but not write it" in note for note in json.loads(doctor.stdout)["notes"])


@pytest.mark.parametrize("cache", ["current", "stale", "none"])
@pytest.mark.parametrize("way", WAYS)
def test_a_reader_who_may_not_write_reads_and_writes_nothing(read_only, way, cache):
    """The search cache as a writer left it; not current (index.json replaced by a copy of
    itself, as a checkout or a copied folder leaves it); or none (a fresh clone: .cache is
    not committed). The reader keeps its own in memory, built from the files as needed."""
    ws = read_only
    if cache == "stale":
        index = ws.store / "index.json"
        shutil.copy2(index, index.with_name("index.copy"))
        os.replace(index.with_name("index.copy"), index)
    elif cache == "none":
        if way == "another user" and FULL is None:
            pytest.skip("no interpreter `nobody` may run has PyYAML and python-frontmatter")
        shutil.rmtree(ws.side / ".cache")
    before = _freeze(ws.root)
    _readers_read(ws, way)
    assert _snapshot(ws.root) == before  # nothing written, not even the search cache
    refused = _reader(ws, way, "remember.py", "User likes tea")  # a write: one line, the documented exit 3
    assert refused.returncode == 3 and refused.stderr.count("\n") == 1, refused.stderr
    assert _snapshot(ws.root) == before

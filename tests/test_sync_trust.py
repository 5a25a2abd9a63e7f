"""A sync remote is someone else's data (issue #42, findings 1-4): links where we keep
files, argument injection, a remote that never answers, and trees no script could
read. A bare repository in tmp is the remote; the attacker writes it with plain git."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from conftest import PERSON, Workspace, person_git

T0 = "2026-03-11T09:00:00Z"
T1 = "2026-03-11T10:00:00Z"
T2 = "2026-03-11T11:00:00Z"


def bare(tmp_path: Path) -> Path:
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return remote


def machines(tmp_path: Path):
    """A (synced to the remote) and B (joined through it)."""
    remote = bare(tmp_path)
    a = Workspace(tmp_path / "a")
    a.run("init.py", "--workspace", str(a.root), "--remote", str(remote), now=T0)
    a.remember("Ada prefers tea over coffee", "--domain", "user", now=T0)
    a.run("sync.py", now=T0)
    b = Workspace(tmp_path / "b")
    b.run("init.py", "--workspace", str(b.root), "--remote", str(remote), now=T0)
    return remote, a, b


def attacker_pushes(remote: Path, tmp_path: Path, change, message: str = "an attacker's change") -> None:
    """A clone of the remote, changed by `change(clone)` with plain git, committed and pushed."""
    clone = tmp_path / f"attacker-{time.monotonic_ns()}"
    subprocess.run(["git", "clone", "-q", str(remote), str(clone)], check=True, capture_output=True)
    change(clone)
    person_git("add", "-A", "-f", cwd=clone)
    person_git("commit", "-q", "-m", message, cwd=clone)
    person_git("push", "-q", "origin", "HEAD", cwd=clone)


def tree_of(ws: Workspace) -> str:
    return ws.git("rev-parse", "HEAD^{tree}").strip()


# ------------------------------------------------------------------ 1. links
LINKED = [  # (path in the remote's tree, link target relative to it)
    "hippocampus/meta/audit.log",
    "hippocampus/meta",
    "hippocampus/.cache",
    "memory/index.json",
    "memory/user/note.md",
    "memory/graph",
    "memory",
    "hippocampus",
    "MEMORY.md",
    "HIPPOCAMPUS_CORE.md",
    ".gitattributes",
]


@pytest.mark.parametrize("linked", LINKED)
def test_a_remote_tree_with_a_link_where_we_keep_files_is_refused_before_checkout(tmp_path, linked):
    remote, a, b = machines(tmp_path)
    outside = tmp_path / "home" / ".bashrc"
    outside.parent.mkdir()
    outside.write_text("# the user's shell profile\n")

    def plant(clone: Path) -> None:
        path = clone / linked
        if path.is_dir() and not path.is_symlink():
            subprocess.run(["rm", "-rf", str(path)], check=True)
        elif path.exists() or path.is_symlink():
            path.unlink()
        path.parent.mkdir(parents=True, exist_ok=True)
        target = outside if not linked.endswith(("meta", ".cache", "graph", "hippocampus", "memory")) else outside.parent
        os.symlink(os.path.relpath(target, path.parent), path)

    attacker_pushes(remote, tmp_path, plant)
    before = tree_of(b)
    result = b.run("sync.py", now=T1, expect=3)
    assert "refusing" in result.err and f"'{linked}'" in result.err and "symbolic link" in result.err, result.err
    assert len(result.err.strip().splitlines()) == 1
    assert tree_of(b) == before and not os.path.islink(b.root / linked)
    b.remember("Team lunch is on Fridays; touch PWNED", now=T2)   # every later write stays inside
    assert outside.read_text() == "# the user's shell profile\n"
    assert not (outside.parent / "index.json").exists() and not (outside.parent / "search.sqlite").exists()
    # a new machine joining that remote is refused the same way, before anything is checked out
    c = Workspace(tmp_path / "c")
    joined = c.run("init.py", "--workspace", str(c.root), "--remote", str(remote), now=T1, expect=3)
    assert f"'{linked}'" in joined.err and not os.path.islink(c.root / linked)
    assert outside.read_text() == "# the user's shell profile\n"


HAND_LINKS = ["hippocampus/meta/audit.log", "hippocampus/meta", "hippocampus/.cache", "memory/index.json",
              "MEMORY.md", "hippocampus/meta/conflicts.md"]


@pytest.mark.parametrize("linked", HAND_LINKS)
def test_a_link_placed_by_hand_is_never_written_through_and_doctor_names_and_repairs_it(ws, tmp_path, linked):
    ws.remember("User prefers dark mode", now=T0)
    ws.run("sync_core.py", now=T0)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "audit.log").write_text("not yours\n")
    path = ws.root / linked
    is_folder = path.is_dir()
    if is_folder:
        subprocess.run(["cp", "-a", str(path) + "/.", str(outside)], check=True)
        subprocess.run(["rm", "-rf", str(path)], check=True)
        os.symlink(outside, path)
    else:
        if path.exists():
            (outside / path.name).write_bytes(path.read_bytes())
            path.unlink()
        os.symlink(outside / path.name, path)
    snapshot = {p.name: p.read_bytes() for p in outside.iterdir() if p.is_file()}
    result = ws.run("remember.py", "Team lunch is on Fridays; touch PWNED", "--domain", "world", now=T1,
                    expect=None)
    if linked != "hippocampus/meta/conflicts.md":  # (a remember never touches conflicts.md)
        assert result.returncode == 3 and "symbolic link" in result.err, (result.returncode, result.err)
        assert "Traceback" not in result.err and len(result.err.strip().splitlines()) == 1
    after = {p.name: p.read_bytes() for p in outside.iterdir() if p.is_file()}
    for name, data in snapshot.items():
        assert after.get(name) == data, name        # nothing of ours landed there
    assert b"PWNED" not in b"".join(p.read_bytes() for p in outside.rglob("*") if p.is_file())
    report = ws.json("doctor.py", now=T1, expect=3)
    assert any(linked in problem and "symbolic link" in problem for problem in report["problems"]), report
    repaired = ws.json("doctor.py", "--repair", now=T1)
    assert linked in repaired["repair"]["linksRemoved"]
    assert not os.path.islink(path)
    ws.remember("Team lunch is on Fridays", "--domain", "world", now=T2)
    assert ws.json("doctor.py", now=T2)["healthy"]


def test_recall_reads_through_a_cache_linked_out_without_writing_there(ws, tmp_path):
    ws.remember("The staging database is in eu-west-2", now=T0)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    cache = ws.side / ".cache"
    subprocess.run(["rm", "-rf", str(cache)], check=True)
    os.symlink(outside, cache)
    found = ws.json("recall.py", "staging database", now=T1)
    assert found["results"] and "eu-west-2" in found["results"][0]["content"]
    assert list(outside.iterdir()) == []


# ------------------------------------------------------------- 2. injection
HOSTILE_URLS = ["--upload-pack=touch {m};false", "-u touch {m}", "--config=core.sshCommand=touch {m}",
                "ext::sh -c touch% {m}", "fd::3", "fd::0,1", "EXT::sh -c touch% {m}"]


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_an_url_git_would_read_as_an_option_or_a_command_is_refused(tmp_path, url):
    marker = tmp_path / "M"
    ws = Workspace(tmp_path / "ws")
    result = ws.run("init.py", "--workspace", str(ws.root), "--remote", url.format(m=marker), expect=1)
    assert "remote URL" in result.err and len(result.err.strip().splitlines()) == 1
    assert not marker.exists()


def test_a_remote_name_that_looks_like_an_option_is_refused(ws, tmp_path):
    marker = tmp_path / "M"
    result = ws.run("sync.py", f"--remote=--upload-pack=touch {marker};false", expect=1)
    assert "not a remote name" in result.err and not marker.exists()


def test_a_remote_url_set_by_hand_is_checked_too(ws, tmp_path):
    marker = tmp_path / "M"
    ws.git("remote", "add", "origin", f"ext::sh -c touch% {marker}")
    result = ws.run("sync.py", now=T0, expect=1)
    assert "ext::" in result.err and not marker.exists()


# --------------------------------------------------------------- 3. hangs
class Silent:
    """A TCP server on loopback that accepts every connection and never answers."""

    def __init__(self):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        self.held = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.held.append(connection)

    def peers_gone(self) -> bool:
        """Whether every client that connected has closed its end (its process is gone)."""
        for connection in self.held:
            connection.settimeout(5)
            try:
                while connection.recv(65536):
                    pass
            except socket.timeout:
                return False  # still connected, still silent
            except OSError:
                pass  # reset: gone
        return True

    def close(self):
        self.server.close()
        for connection in self.held:
            connection.close()


@pytest.fixture
def silent():
    server = Silent()
    yield server
    server.close()


def processes_naming(text: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if text in line:
            found.append(line)
    return found


@pytest.mark.parametrize("scheme", ["git", "http"])
def test_init_against_a_remote_that_never_answers_stops_at_its_timeout(tmp_path, silent, scheme):
    ws = Workspace(tmp_path / "ws")
    url = f"{scheme}://127.0.0.1:{silent.port}/memory.git"
    result = ws.run("init.py", "--workspace", str(ws.root), "--remote", url, "--timeout", "1.5", expect=3)
    assert "no answer within 1.5 s" in result.err and "nothing was changed" in result.err
    assert processes_naming(f"127.0.0.1:{silent.port}") == []


def test_a_stalled_push_holds_no_lock_and_a_second_sync_is_a_no_op(tmp_path, silent):
    remote, a, b = machines(tmp_path)
    hang = f"git://127.0.0.1:{silent.port}/memory.git"
    a.git("remote", "set-url", "--push", "origin", hang)   # fetch answers, the push never does
    a.remember("Ada's sister Lin moved to Porto", now=T1)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(a.root), HIPPOCAMPUS_NOW=T2)
    from conftest import SCRIPTS
    import sys
    started = subprocess.Popen([sys.executable, "-S", str(SCRIPTS / "sync.py"), "--timeout", "20", "--json"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(400):  # until the push is under way
            if silent.held:
                break
            time.sleep(0.05)
        else:
            pytest.fail("the push never started: " + started.stderr.read1().decode())
        memory = a.remember("The build uses Python 3.11 from now on", now=T2)   # the lock is free
        assert memory in {m["id"] for m in a.index()["memories"]}
        second = a.json("sync.py", now=T2)
        assert second["skipped"] and "another sync" in second["skipped"]
        plain = a.run("sync.py", now=T2)
        assert "another sync" in plain.out
    except BaseException:
        started.kill()
        raise
    out, err = started.communicate(timeout=60)
    assert started.returncode == 3 and b"no answer within 20 s" in err, err
    assert silent.held and silent.peers_gone()   # git and what it started are gone
    a.git("remote", "set-url", "--push", "origin", str(remote))
    assert a.json("sync.py", now=T2)["pushed"]


# ------------------------------------------------------ 4. what arrives is checked
def test_a_garbage_index_from_the_remote_is_refused_and_nothing_changes(tmp_path):
    remote, a, b = machines(tmp_path)
    attacker_pushes(remote, tmp_path, lambda clone: (clone / "memory" / "index.json").write_text("{garbage"))
    before = tree_of(b)
    result = b.run("sync.py", now=T1, expect=3)
    assert "index.json" in result.err and "not valid JSON" in result.err
    assert tree_of(b) == before
    b.remember("User prefers green tea", now=T1)
    assert b.json("doctor.py", now=T1)["healthy"]


@pytest.mark.parametrize("index", ['{"memories": 3}', '{"version": 99, "memories": []}',
                                   '{"version": 2, "memories": [{"id": "mem_aaaaaaaaaaaa", "content": "x", '
                                   '"file": ".git/HEAD"}]}'])
def test_an_index_no_script_could_use_is_refused(tmp_path, index):
    remote, a, b = machines(tmp_path)
    attacker_pushes(remote, tmp_path, lambda clone: (clone / "memory" / "index.json").write_text(index))
    before = tree_of(b)
    result = b.run("sync.py", now=T1, expect=3)
    assert "index.json" in result.err and "refusing" in result.err
    assert tree_of(b) == before


@pytest.mark.parametrize("named", [".git/HEAD", "../../.bashrc", "memory/user/../../.profile", "/etc/passwd"])
@pytest.mark.parametrize("current", [True, False], ids=["current", "normalised"])
def test_an_index_in_our_layout_naming_a_file_outside_the_memories_is_refused(tmp_path, named, current):
    """The remote's index as our writers lay it out (read a line at a time), one line changed."""
    remote, a, b = machines(tmp_path)

    def change(clone: Path) -> None:
        index = clone / "memory" / "index.json"
        text = index.read_text(encoding="utf-8")
        line = next(line.removesuffix(",") for line in text.split("\n")
                    if line.startswith('{"id": ') and '"file": "memory/user/' in line)
        memory = json.loads(line)
        memory["file"] = named
        if not current:
            memory["importance"] = 7  # (repaired on the way in, its file checked all the same)
        index.write_text(text.replace(line, json.dumps(memory, ensure_ascii=False)), encoding="utf-8")

    attacker_pushes(remote, tmp_path, change)
    before = tree_of(b)
    result = b.run("sync.py", now=T1, expect=3)
    assert "index.json" in result.err and "not a memory file" in result.err
    assert tree_of(b) == before


@pytest.mark.parametrize("where", ["a memory", "the header"])
def test_an_index_in_our_layout_nested_thousands_deep_is_refused_in_one_line(tmp_path, where):
    remote, a, b = machines(tmp_path)
    bomb = "[" * 100000 + "]" * 100000

    def change(clone: Path) -> None:
        index = clone / "memory" / "index.json"
        text = index.read_text(encoding="utf-8")
        if where == "a memory":
            text = text.replace('"keywords": [', f'"nested": {bomb}, "keywords": [', 1)
        else:
            text = text.replace('"version": 2,', f'"version": 2,\n"nested": {bomb},', 1)
        index.write_text(text, encoding="utf-8")

    attacker_pushes(remote, tmp_path, change)
    before = tree_of(b)
    result = b.run("sync.py", now=T1, expect=3)
    assert "index.json" in result.err and "refusing" in result.err and len(result.err.strip().splitlines()) == 1
    assert tree_of(b) == before


def test_settings_no_script_could_load_are_refused(tmp_path):
    remote, a, b = machines(tmp_path)
    attacker_pushes(remote, tmp_path, lambda clone: (clone / "memory" / "config.yaml").write_text(
        "decay:\n  rate: 7\n"))
    result = b.run("sync.py", now=T1, expect=3)
    assert "config.yaml" in result.err and "decay.rate" in result.err
    b.remember("User prefers green tea", now=T1)


@pytest.mark.parametrize("name", ["memory/user/evil\nname.md", "memory/user/tab\tname.md",
                                  "hippocampus/meta/.gitignore", "memory/user/.gitattributes"])
def test_names_and_rules_inside_the_store_that_would_stop_every_write_are_refused(tmp_path, name):
    remote, a, b = machines(tmp_path)

    def plant(clone: Path) -> None:
        (clone / name).write_text("*\n" if name.endswith((".gitignore", ".gitattributes")) else "hello\n")
    attacker_pushes(remote, tmp_path, plant)
    before = tree_of(b)
    result = b.run("sync.py", now=T1, expect=3)
    assert "refusing" in result.err and len(result.err.strip().splitlines()) == 1
    assert tree_of(b) == before


def test_a_file_name_with_a_line_break_dropped_by_hand_never_stops_a_write(ws):
    (ws.store / "user" / "evil\nname.md").write_text("---\nid: mem_aaaaaaaaaaaa\n---\nhello\n")
    ws.remember("User likes tea", now=T0)
    report = ws.json("doctor.py", now=T0, expect=3)
    assert any("evil\\nname.md" in p and "control character" in p for p in report["problems"])
    ws.json("doctor.py", "--repair", now=T0, expect=3)  # (the name is the person's to change)
    ws.remember("User likes green tea", now=T1)
    ws.run("forget.py", ws.remember("User likes oolong", now=T1), now=T1)


def test_lines_a_remote_appends_to_gitattributes_cannot_take_our_merges(tmp_path):
    remote, a, b = machines(tmp_path)
    path = a.root / ".gitattributes"
    path.write_text(path.read_text() + "* merge=binary\n* merge=union\n")
    a.git("add", ".gitattributes")
    a.git("commit", "-q", "-m", "someone's attributes")
    a.run("sync.py", now=T1)
    b.run("sync.py", now=T1)
    mine, theirs = a.remember("Ada's sister Lin moved to Porto", now=T1), b.remember("The office is on floor 3",
                                                                                        now=T1)
    a.run("sync.py", now=T2)
    b.run("sync.py", now=T2)
    a.run("sync.py", now=T2)
    for ws in (a, b):
        assert {mine, theirs} <= {m["id"] for m in ws.index()["memories"]}
    assert a.index() == b.index()

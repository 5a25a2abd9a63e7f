"""Git's own rules, in a repository that may be the user's: hooks run, signing
happens, ignored paths are never committed, a detached HEAD is refused; and a
transaction that fails (a hook says no, the disk is full) leaves nothing behind."""

import os
import resource
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SCRIPTS, Workspace

NOW = "2026-03-11T15:00:00Z"


def _hook(ws_or_dir, name: str, body: str) -> Path:
    hooks = (ws_or_dir.root / ".git" / "hooks") if isinstance(ws_or_dir, Workspace) else ws_or_dir
    hooks.mkdir(parents=True, exist_ok=True)
    path = hooks / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def _snapshot(ws: Workspace) -> dict:
    """Everything a transaction could leave behind: HEAD, our files, the audit log."""
    files = {}
    for path in sorted(ws.root.rglob("*")):
        relative = path.relative_to(ws.root).as_posix()
        if relative.startswith((".git/", "hippocampus/.cache/")) or relative in (".git", "hippocampus/.cache") \
                or relative == "hippocampus/.lock" or not path.is_file():
            continue
        files[relative] = path.read_bytes()
    return {"head": ws.git("rev-parse", "HEAD").strip(), "files": files}


def _no_trace(ws: Workspace, text: str) -> None:
    """No file, audit line, commit or history event of a change that failed."""
    assert not any(text in p.read_text(errors="replace") for p in (ws.store).rglob("*.md")), text
    assert not any(text in line for line in ws.audit())
    log = ws.git("log", "-p", "--format=%s%n%b")
    assert text not in log
    assert "recover" not in ws.git("log", "--format=%s")
    assert not list((ws.side / ".cache").glob("pending-commit.json"))


def test_a_failing_pre_commit_hook_fails_the_write_and_leaves_nothing(ws):
    ws.remember("User prefers tea", now=NOW)
    hook = _hook(ws, "pre-commit", "echo 'secret scanner: found a key' >&2\nexit 1\n")
    before = _snapshot(ws)
    result = ws.run("remember.py", "User password hint is orange", now=NOW, expect=3)
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert "pre-commit" in result.err and "secret scanner: found a key" in result.err
    assert _snapshot(ws) == before
    assert ws.git("status", "--porcelain") == ""
    hook.unlink()
    ws.remember("User likes walks", now=NOW)  # the next writer finds nothing to recover
    _no_trace(ws, "orange")
    assert ws.git("status", "--porcelain") == ""


def test_a_refused_episode_is_cut_out_of_the_days_log_and_a_persons_entry_stays(ws):
    # the day's log is appended to in place (a person may be appending too): a refused change cuts ours out
    ws.remember("Walked to the harbour", "--store", "episodic", now=NOW)
    log = next((ws.store / "episodes").glob("*.md"))
    with log.open("a") as handle:
        handle.write("\n## 09:30\nA person's own line about the ferry\n")
    ws.remember("Fed the ducks", "--store", "episodic", now=NOW)  # (commits their entry first)
    before = log.read_bytes()
    hook = _hook(ws, "pre-commit", "echo 'not now' >&2\nexit 1\n")
    ws.run("remember.py", "Saw the lighthouse keeper", "--store", "episodic", now=NOW, expect=3)
    assert log.read_bytes() == before
    hook.unlink()
    ws.remember("Bought bread", "--store", "episodic", now=NOW)
    _no_trace(ws, "lighthouse keeper")
    assert "the ferry" in log.read_text()


def test_a_refused_commit_of_a_hand_edit_keeps_the_persons_edit(ws):
    memory_id = ws.remember("User prefers tea", now=NOW)
    path = ws.root / ws.memory(memory_id)["file"]
    edited = path.read_text().replace("prefers tea", "prefers green tea")
    path.write_text(edited)
    hook = _hook(ws, "pre-commit", "echo 'not now' >&2\nexit 1\n")
    ws.run("remember.py", "User likes walks", now=NOW, expect=3)
    assert path.read_text() == edited  # theirs: taken back is only what the writer wrote
    hook.unlink()
    ws.remember("User likes walks", now=NOW)
    assert "green tea" in ws.git("show", f"HEAD~1:{ws.memory(memory_id)['file']}")
    assert ws.memory(memory_id)["content"] == "User prefers green tea"


def test_what_a_killed_writer_kept_to_take_its_writes_back_is_cleared(ws):
    # as a writer killed between its writes and its commit leaves them: its note, and the
    # hard links of the files it replaced
    import json
    ws.remember("User prefers tea", now=NOW)
    index = ws.store / "index.json"
    backup = index.with_name(".index.json.undo.tmp")
    os.link(index, backup)
    (ws.side / ".cache" / "pending-commit.json").write_text(
        json.dumps({"actor": "bot:remember", "action": "remember", "paths": ["memory/index.json"]}))
    ws.remember("User likes walks", now=NOW)
    assert not backup.exists()
    assert ws.git("status", "--porcelain", "--ignored") == "!! hippocampus/.cache/\n!! hippocampus/.lock\n"


def test_a_hook_that_passes_runs_and_the_commit_lands(ws, tmp_path):
    marker = tmp_path / "hook-ran"
    _hook(ws, "pre-commit", f"echo pre >> '{marker}'\n")
    _hook(ws, "commit-msg", f"echo msg >> '{marker}'\n")
    _hook(ws, "post-commit", f"echo post >> '{marker}'\n")
    memory_id = ws.remember("User prefers dark mode", now=NOW)
    assert marker.read_text().split() == ["pre", "msg", "post"]
    assert f"Memory-Id: {memory_id}" in ws.git("log", "-1", "--format=%B")
    assert ws.git("status", "--porcelain") == ""


def test_hooks_under_core_hooks_path_run_too(ws, tmp_path):
    marker = tmp_path / "hook-ran"
    _hook(tmp_path / "my-hooks", "post-commit", f"echo post >> '{marker}'\n")
    ws.git("config", "core.hooksPath", str(tmp_path / "my-hooks"))
    ws.remember("User prefers dark mode", now=NOW)
    assert marker.read_text().split() == ["post"]


def test_commit_gpgsign_signs_our_commits(ws, tmp_path):
    fake = tmp_path / "fake-gpg"
    fake.write_text("#!/bin/sh\ncat > /dev/null\necho '[GNUPG:] SIG_CREATED ' >&2\n"
                    "printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nZmFrZQ==\\n-----END PGP SIGNATURE-----\\n'\n")
    fake.chmod(0o755)
    ws.git("config", "commit.gpgsign", "true")
    ws.git("config", "gpg.program", str(fake))
    ws.remember("User prefers dark mode", now=NOW)
    assert "gpgsig -----BEGIN PGP SIGNATURE-----" in ws.git("cat-file", "commit", "HEAD")
    ws.run("reinforce.py", ws.index()["memories"][-1]["id"], now=NOW)
    assert "gpgsig " in ws.git("cat-file", "commit", "HEAD")


def test_a_signing_program_that_fails_fails_the_write_and_leaves_nothing(ws, tmp_path):
    fake = tmp_path / "broken-gpg"
    fake.write_text("#!/bin/sh\necho 'gpg: no secret key' >&2\nexit 2\n")
    fake.chmod(0o755)
    ws.git("config", "commit.gpgsign", "true")
    ws.git("config", "gpg.program", str(fake))
    before = _snapshot(ws)
    result = ws.run("remember.py", "User likes cherries", now=NOW, expect=3)
    assert len(result.err.strip().splitlines()) == 1, result.err
    assert _snapshot(ws) == before
    ws.git("config", "commit.gpgsign", "false")
    ws.remember("User likes walks", now=NOW)
    _no_trace(ws, "cherries")


def _parent_repo(tmp_path) -> tuple[Path, Workspace]:
    top = tmp_path / "repo"
    top.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=top, check=True)
    (top / "README").write_text("mine\n")
    subprocess.run(["git", "add", "README"], cwd=top, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "mine"], cwd=top, check=True)
    return top, Workspace(top / "agent" / "workspace")


@pytest.mark.parametrize("where, rule", [
    (".gitignore", "agent/workspace/hippocampus/\n"),           # the parent repository's own ignore file
    ("agent/.gitignore", "hippocampus\n"),                     # a folder's, between the top and the workspace
    (".git/info/exclude", "*.md\n"),                      # the repository's exclude file: every markdown file
    ("agent/workspace/memory/episodes/.gitignore", "*\n"),  # inside one of our folders
    ("agent/workspace/memory/.gitignore", ".cache/\n.lock\n.*.tmp\nvault/\n"),  # a rule added to ours
])
def test_paths_the_users_repository_ignores_are_never_committed(tmp_path, where, rule):
    top, ws = _parent_repo(tmp_path)
    (top / where).parent.mkdir(parents=True, exist_ok=True)
    with open(top / where, "a") as handle:
        handle.write(rule)
    init = ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    assert "not audited" in init.err and "ignore" in init.err
    ws.remember("User prefers tea", now=NOW)
    ws.remember("Met Ana at the gym", "--store", "episodic", now=NOW)
    ws.remember("Wife's birthday is 3 March", "--store", "vault", now=NOW)
    ws.run("forget.py", ws.index()["memories"][0]["id"], now=NOW)
    committed = set(subprocess.run(["git", "log", "--all", "--name-only", "--format="], cwd=top,
                                   capture_output=True, text=True).stdout.split())
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=top, input="\n".join(committed),
                             capture_output=True, text=True).stdout.split()
    assert ignored == []
    assert "README" in committed
    doctor = ws.run("doctor.py", now=NOW, expect=None)
    assert "not audited" in doctor.out + doctor.err
    status = subprocess.run(["git", "status", "--porcelain"], cwd=top, capture_output=True, text=True).stdout
    assert status in ("", f"?? {where}\n")  # (the ignore file is the test's, not committed)


def test_a_path_an_ignore_rule_takes_back_is_committed(tmp_path):
    top, ws = _parent_repo(tmp_path)
    (top / ".gitignore").write_text("*.log\n!audit.log\n")  # every log ignored but audit.log
    init = ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    assert "hippocampus/meta/audit/*.log" in init.err and "hippocampus/meta/audit.log" not in init.err
    ws.remember("User prefers tea", now=NOW)
    tracked = subprocess.run(["git", "ls-tree", "-r", "--name-only", "HEAD"], cwd=top, capture_output=True,
                             text=True).stdout.split()
    assert "agent/workspace/hippocampus/meta/audit.log" in tracked and "agent/workspace/memory/index.json" in tracked


def test_a_detached_head_is_refused_and_doctor_says_so(ws):
    ws.remember("User prefers tea", now=NOW)
    branch = ws.git("symbolic-ref", "--short", "HEAD").strip()
    ws.git("checkout", "-q", "--detach")
    before = _snapshot(ws)
    result = ws.run("remember.py", "User likes plums", now=NOW, expect=3)
    assert len(result.err.strip().splitlines()) == 1 and "detached" in result.err, result.err
    assert _snapshot(ws) == before
    doctor = ws.run("doctor.py", "--json", now=NOW, expect=None)
    assert "detached" in doctor.out
    (ws.store / "index.json").write_text("{broken")
    repair = ws.run("doctor.py", "--repair", now=NOW, expect=3)  # nor does a repair commit there
    assert "detached" in repair.err and ws.git("rev-parse", "HEAD").strip() == before["head"]
    (ws.store / "index.json").write_bytes(before["files"]["memory/index.json"])
    ws.git("checkout", "-q", branch)
    ws.remember("User likes plums", now=NOW)
    assert ws.git("symbolic-ref", "--short", "HEAD").strip() == branch


# --- a transaction that fails for want of room leaves nothing of itself


def _remember_limited(ws: Workspace, text: str, limit: int) -> subprocess.CompletedProcess:
    """remember.py with every file it (or git) writes limited to `limit` bytes: a write
    past it fails (EFBIG) as a write to a full disk fails (ENOSPC)."""
    def limit_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW)
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / "remember.py"), text], env=env,
                            capture_output=True, text=True, preexec_fn=limit_files, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _check_after(ws: Workspace, text: str, result, before: dict) -> None:
    if result.returncode == 0:  # enough room: the change is whole
        assert any(text in line for line in ws.audit()) and text in ws.git("log", "-1", "-p")
        return
    assert result.returncode == 3, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert _snapshot(ws) == before
    assert not [p for p in ws.root.rglob("*") if p.name.endswith((".tmp", ".undo"))
                or p.name.startswith("tmp_obj_")]
    ws.remember(f"An ordinary note, {len(ws.audit())} lines into the log", now=NOW)  # nothing of it is recovered
    _no_trace(ws, text)
    assert ws.git("status", "--porcelain") == ""


@pytest.mark.parametrize("long_log", [False, True])
def test_a_write_past_the_file_size_limit_leaves_nothing(ws, long_log):
    ws.remember("User prefers tea", now=NOW)
    if long_log:  # the audit log the largest file: its append is the write that fails
        log = ws.meta / "audit.log"
        with open(log, "a") as handle:
            handle.write("".join(f"2026-03-0{1 + n % 9}T10:00:00Z | bot:x | reinforce | - | an older line {n}\n"
                                 for n in range(400)))
        ws.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "older lines", "--", str(log))
        limits = [log.stat().st_size - 10, log.stat().st_size - 1, log.stat().st_size + 40]
    else:
        limits = [1, 200, 700, 1500, 3000, 6000, 12000, 50000]
    failed = 0
    for number, limit in enumerate(limits):
        text = f"Fig tree number {number} in the garden"
        before = _snapshot(ws)
        result = _remember_limited(ws, text, limit)
        failed += result.returncode != 0
        _check_after(ws, text, result, before)
    assert failed >= (2 if long_log else 3)


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def _leave_free(mount: Path, free: int) -> None:
    filler = mount / "filler"
    filler.unlink(missing_ok=True)
    room = os.statvfs(mount)
    with open(filler, "wb") as handle:
        handle.write(b"\0" * max(0, room.f_bavail * room.f_frsize - free))


def test_a_full_disk_leaves_nothing_of_the_failed_write(small_disk):
    ws = Workspace(small_disk / "workspace")
    ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    ws.remember("User prefers tea", now=NOW)
    failed = 0
    for number, free in enumerate([0, 4096, 8192, 16384, 24576, 32768, 65536]):
        text = f"Plum tree number {number} by the wall"
        before = _snapshot(ws)
        _leave_free(small_disk, free)
        result = ws.run("remember.py", text, now=NOW, expect=None)
        (small_disk / "filler").unlink()
        assert "Traceback" not in result.err, result.err
        failed += result.returncode != 0
        _check_after(ws, text, result, before)
    assert failed >= 2

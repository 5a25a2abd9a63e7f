"""Hints that name what is wrong, never init.py where init.py cannot help: a file given as the workspace
(every script: cli.workspace_root), a repository git will not read for this user (another user's:
git's safe.directory check, or a .git it may not read; store/git_access.py), and install.sh --dry-run
on a workspace that exists."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, SCRIPTS, Workspace

NOW = "2026-03-11T15:00:00Z"
ID = "mem_0123456789ab"
# each script that works on a workspace, with what it needs besides (a file is put in for FILE)
CALLS = {
    "agent_hook.py": ("session-start",), "capture.py": (), "conflicts.py": ("list",), "consolidate.py": (),
    "cron_job.py": ("run", "decay"), "dashboard.py": (), "decay.py": (), "doctor.py": (), "encode.py": ("--auto",),
    "forget.py": (ID,), "graph.py": ("list",), "history.py": (ID,), "import.py": ("FILE",),
    "import_notes.py": (), "init.py": (), "invalidate.py": ("tea", "--reason", "moved to coffee"),
    "load_core.py": (), "mcp_server.py": ("--init",), "outcome.py": ("--good", "--id", ID),
    "preprocess.py": ("--path", "FILE"),
    "recall.py": ("tea",), "reflect.py": ("prepare",), "reinforce.py": (ID,), "remember.py": ("User likes tea",),
    "review.py": ("list",), "status.py": (), "supersede.py": (ID, "mem_ba9876543210"), "sync.py": (),
    "sync_core.py": (),
    "wire_claude.py": ("add", "SETTINGS"), "wire_mcp.py": ("add", "cursor", "--file", "SETTINGS"),
    "wire_openclaw.py": ("add", "FILE"),
    "wm.py": ("push", "a note"), "snapshot.py": ("save", "--task", "a task"), "trail.py": ("add", "an event"),
    "handoff.py": ("create", "--summary", "where it stands"),
    "learn.py": ("--git", "--dry-run"), "watch.py": ("--", "false"),
}
NO_WORKSPACE = {"merge_driver.py": "git runs it on three files", "wire.py": "edits a markdown block only"}


def test_every_script_is_in_the_table():
    scripts = {p.name for p in SCRIPTS.glob("*.py") if not p.name.startswith("_")}
    assert scripts == set(CALLS) | set(NO_WORKSPACE)


@pytest.mark.parametrize("script", sorted(CALLS))
@pytest.mark.parametrize("how", ["--workspace", "$WORKSPACE", "a file on the way"])
def test_a_file_given_as_the_workspace_is_named_a_file(tmp_path, script, how):
    notes = tmp_path / "notes.txt"
    notes.write_text("User likes tea\n")
    settings = tmp_path / "settings.json"
    args = [str(notes) if a == "FILE" else str(settings) if a == "SETTINGS" else a for a in CALLS[script]]
    named = notes / "workspace" if how == "a file on the way" else notes
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "WORKSPACE"))}
    env.update(HOME=str(tmp_path), HIPPOCAMPUS_NOW=NOW)
    if how == "$WORKSPACE":
        env["WORKSPACE"] = str(named)
    else:  # (before a "--": what follows it is watch.py's command)
        at = args.index("--") if "--" in args else len(args)
        args[at:at] = ["--workspace", str(named)]
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / script), *args], capture_output=True, text=True,
                            env=env, input="**User:** I like tea\n", timeout=60)
    said = f"{notes} is a file, not a folder"
    if script == "agent_hook.py":  # a hook never fails the session: it says so in the context it gives
        assert result.returncode == 0 and said in result.stdout, (result.stdout, result.stderr)
    else:
        assert result.returncode == 3, (result.returncode, result.stdout, result.stderr)
        assert result.stderr.count("\n") == 1 and said in result.stderr and "scripts/init.py" not in result.stderr, \
            result.stderr
    assert notes.read_text() == "User likes tea\n" and not settings.exists()


# ---------------------------------------------------------------- another user's repository
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
GIT_CLEAN = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}  # no safe.directory of the machine's


def _nobody_python() -> str | None:
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        return None
    for python in (sys.executable, "/usr/bin/python3"):
        probe = subprocess.run([*NOBODY, python, "-S", "-c", "import sys; assert sys.version_info >= (3, 11); "
                                "import hippocampus.cli"], cwd=SCRIPTS, capture_output=True,
                               env={"PATH": "/usr/bin:/bin", "HOME": "/"})
        if probe.returncode == 0:
            return python
    return None


PYTHON = _nobody_python()
needs_root = pytest.mark.skipif(PYTHON is None, reason="needs root, setpriv and an interpreter `nobody` may run")


@pytest.fixture
def owned():
    """A workspace with a memory, in a folder anyone may enter (its owner is changed by the test)."""
    import tempfile
    parent = Path(tempfile.mkdtemp(prefix="hippocampus-owner-"))
    parent.chmod(0o755)
    ws = Workspace(parent / "workspace")
    ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    ws.remember("User is allergic to peanuts", "--importance", "0.95", now=NOW)
    yield ws
    subprocess.run(["chown", "-R", "0:0", str(parent)], check=False)
    for folder, _dirs, _files in os.walk(parent):
        os.chmod(folder, 0o755)
    shutil.rmtree(parent)


def _as(user: str, ws, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/", "HIPPOCAMPUS_NOW": NOW, "TZ": "UTC", **GIT_CLEAN}
    command = [*NOBODY, PYTHON] if user == "nobody" else [sys.executable]
    result = subprocess.run([*command, "-S", str(SCRIPTS / args[0]), "--workspace", str(ws.root), *args[1:]],
                            capture_output=True, text=True, env=env, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result


@needs_root
def test_a_repository_another_user_owns_is_named_with_its_owner_and_the_fix(owned):
    """root (who may write anything) on nobody's workspace: git's safe.directory check refuses it."""
    ws = owned
    subprocess.run(["chown", "-R", "65534:65534", str(ws.root)], check=True)
    fix = f"git config --global --add safe.directory {ws.root}"
    doctor = _as("root", ws, "doctor.py", "--json")
    report = json.loads(doctor.stdout)
    assert doctor.returncode == 3 and not report["healthy"], report  # every write would fail
    assert any("belongs to nobody" in p and fix in p for p in report["problems"]), report
    assert not any("init.py" in line or "not a git repository" in line for line in report["problems"] + report["notes"])
    for args in (("init.py",), ("sync.py",), ("remember.py", "User likes tea")):
        said = _as("root", ws, *args)  # init.py does not try to make another; sync.py does not ask for a remote
        assert said.returncode == 3 and "belongs to nobody" in said.stderr and fix in said.stderr, (args, said.stderr)
        assert said.stderr.count("\n") == 1 and "not in a git directory" not in said.stderr
    recall = _as("root", ws, "recall.py", "peanuts")  # reading needs no git
    assert recall.returncode == 0 and "allergic to peanuts" in recall.stdout


@needs_root
def test_a_git_folder_this_user_may_not_read_is_not_called_missing(owned):
    """nobody on root's workspace made under umask 077: git cannot read .git at all."""
    ws = owned
    (ws.root / ".git").chmod(0o700)
    doctor = _as("nobody", ws, "doctor.py")
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr  # a reader: reading works
    assert "git cannot read" in doctor.stdout and "belongs to root" in doctor.stdout, doctor.stdout
    assert "init.py" not in doctor.stdout and "not a git repository" not in doctor.stdout, doctor.stdout
    init = _as("nobody", ws, "init.py")
    assert init.returncode == 3 and "git cannot read" in init.stderr and "belongs to root" in init.stderr, init.stderr


def test_a_folder_that_is_no_repository_still_gets_init(tmp_path):
    ws = Workspace(tmp_path / "ws")
    ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    shutil.rmtree(ws.root / ".git")
    doctor = ws.run("doctor.py", expect=3)
    assert "is not a git repository; run scripts/init.py" in doctor.out


# ---------------------------------------------------------------- install.sh --dry-run
def test_install_dry_run_on_a_workspace_that_exists_initialises_nothing(tmp_path):
    ws = Workspace(tmp_path / "ws")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HIPPOCAMPUS_", "WORKSPACE"))}
    env["HOME"] = str(tmp_path)

    def dry() -> str:
        done = subprocess.run([str(ROOT / "install.sh"), "--dev", "--dry-run", "--workspace", str(ws.root)],
                              capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assert f"would initialise the workspace at {ws.root}" in dry()  # not there yet
    ws.run("init.py", "--workspace", str(ws.root), now=NOW)
    said = dry()
    assert f"the workspace at {ws.root} exists: nothing to initialise" in said and "would initialise" not in said
    (tmp_path / "a file").write_text("x")
    refused = subprocess.run([str(ROOT / "install.sh"), "--dry-run", "--workspace", str(tmp_path / "a file")],
                             capture_output=True, text=True, env=env, timeout=300)
    assert refused.returncode == 3 and "is a file, not a folder" in refused.stderr, refused.stdout + refused.stderr

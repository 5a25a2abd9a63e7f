"""Scheduled jobs: install.sh --with-cron registers decay and consolidation once each, and removes only ours."""

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAKE_CRONTAB = """#!/bin/sh
# a stand-in for crontab(1): the table lives in $CRONTAB_FILE
if [ "$1" = "-l" ]; then
  [ -f "$CRONTAB_FILE" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }
  cat "$CRONTAB_FILE"
elif [ "$1" = "-" ]; then
  cat > "$CRONTAB_FILE"
else
  exit 2
fi
"""

FAKE_OPENCLAW = """#!{python}
# a stand-in for the openclaw CLI's cron commands: jobs live in $OPENCLAW_JOBS
import json, os, sys
path = os.environ["OPENCLAW_JOBS"]
jobs = json.load(open(path)) if os.path.exists(path) else []
args = sys.argv[1:]
if args[:2] == ["cron", "list"]:
    print(json.dumps({{"jobs": jobs}}) if "--json" in args else "\\n".join(j["name"] for j in jobs))
elif args[:2] == ["cron", "add"] and "--help" in args:
    print("--name --cron --session --system-event" + ("" if os.environ.get("OLD_OPENCLAW") else " --command-argv"))
elif args[:2] == ["cron", "add"]:
    options = dict(zip(args[2::2], args[3::2]))
    jobs.append({{"id": "job%d" % (len(jobs) + 1), "name": options["--name"], "options": options}})
    json.dump(jobs, open(path, "w"))
elif args[:2] == ["cron", "rm"]:
    json.dump([j for j in jobs if j["id"] != args[2]], open(path, "w"))
else:
    sys.exit(2)
"""


def fake_bin(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return folder


def install(ws, env: dict, *args: str) -> subprocess.CompletedProcess:
    result = subprocess.run([str(ROOT / "install.sh"), "--workspace", str(ws.root), *args], capture_output=True,
                            text=True, env={**os.environ, **env}, timeout=300)
    assert result.returncode == 0, result.stderr
    return result


def test_with_cron_twice_registers_each_job_once_in_crontab_and_without_removes_only_ours(ws, tmp_path):
    folder = fake_bin(tmp_path, "crontab", FAKE_CRONTAB)
    table = tmp_path / "crontab.txt"
    table.write_text("15 * * * * /usr/bin/backup-photos # the user's own job\n")
    env = {"PATH": f"{folder}:{os.environ['PATH']}", "CRONTAB_FILE": str(table)}
    first = install(ws, env, "--with-cron")
    assert "added hippocampus-decay, hippocampus-consolidate" in first.stdout
    install(ws, env, "--with-cron")
    lines = table.read_text().splitlines()
    assert lines[0] == "15 * * * * /usr/bin/backup-photos # the user's own job"
    assert sum("# hippocampus:decay" in l for l in lines) == 1
    assert sum("# hippocampus:consolidate" in l for l in lines) == 1
    decay = next(l for l in lines if l.endswith("# hippocampus:decay"))
    assert decay.startswith("0 3 * * * ") and "cron_job.py run decay --workspace" in decay
    assert next(l for l in lines if l.endswith("# hippocampus:consolidate")).startswith("0 21 * * 6 ")
    install(ws, env, "--with-cron", "--cron-encode")
    assert sum("# hippocampus:encode" in l for l in table.read_text().splitlines()) == 1
    dry = install(ws, env, "--without-cron", "--dry-run")
    assert "would remove" in dry.stdout and "hippocampus:decay" in table.read_text()
    install(ws, env, "--without-cron")
    assert table.read_text() == "15 * * * * /usr/bin/backup-photos # the user's own job\n"


def test_openclaw_cron_gets_command_jobs_or_system_events(ws, tmp_path):
    folder = fake_bin(tmp_path, "openclaw", FAKE_OPENCLAW.format(python=sys.executable))
    jobs = tmp_path / "jobs.json"
    env = {"PATH": f"{folder}:{os.environ['PATH']}", "OPENCLAW_JOBS": str(jobs)}
    install(ws, env, "--with-cron")
    install(ws, env, "--with-cron")
    registered = json.loads(jobs.read_text())
    assert [j["name"] for j in registered] == ["hippocampus-decay", "hippocampus-consolidate"]
    argv = json.loads(registered[0]["options"]["--command-argv"])
    assert argv[-4:] == ["run", "decay", "--workspace", str(ws.root.resolve())]
    assert registered[0]["options"]["--cron"] == "0 3 * * *"
    install(ws, env, "--without-cron")
    assert json.loads(jobs.read_text()) == []
    install(ws, {**env, "OLD_OPENCLAW": "1"}, "--with-cron")
    old = json.loads(jobs.read_text())
    assert old[0]["options"]["--session"] == "main" and "cron_job.py run decay" in old[0]["options"]["--system-event"]


def test_without_a_scheduler_the_lines_are_printed(ws, tmp_path):
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "cron_job.py"), "register", "--workspace",
                             str(ws.root)], capture_output=True, text=True, env={**os.environ, "PATH": str(empty)})
    assert result.returncode == 0, result.stderr
    assert "add these lines" in result.stdout and "# hippocampus:decay" in result.stdout


def test_a_cron_run_prints_one_line_logs_it_and_commits_like_any_writer(ws):
    ws.remember("A fact that will fade", "--importance", "0.5", now="2026-01-01")
    result = ws.run("cron_job.py", "run", "decay", now="2026-02-01", input=b"")
    assert result.out.count("\n") == 1 and "decay: 1 memories changed" in result.out
    assert (ws.root / "hippocampus/.cache/cron.log").read_text().strip() == result.out.strip()
    assert ws.commits()[0].startswith("decay:")
    assert "Actor: system:decay" in ws.git("log", "-1", "--format=%B")
    sleep = ws.run("cron_job.py", "run", "consolidate", now="2026-02-07")
    assert sleep.out.startswith("2026-02-07T00:00:00Z consolidate: 0 clusters")


def test_the_scheduled_decay_is_git_housekeeping_too(ws, tmp_path):
    """Our commits never trigger `git gc --auto`; the daily decay runs it, as
    decay.py does (it used to be decay.py only, not the job cron runs)."""
    ws.remember("A memory to decay", now="2026-01-01")
    trace = tmp_path / "git-trace"
    for command in (("decay.py",), ("cron_job.py", "run", "decay")):
        trace.unlink(missing_ok=True)
        ws.run(*command, now="2026-02-01", env={"GIT_TRACE": str(trace)})
        assert "git gc --auto --quiet" in trace.read_text(), command
    assert ws.git("status", "--porcelain") == ""

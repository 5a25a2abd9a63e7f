"""Scheduled jobs: what they run, and registering them with OpenClaw or crontab.

    hippocampus-decay        03:00 daily        decay
    hippocampus-consolidate  21:00 Saturdays    consolidation (the sleep)
    hippocampus-encode       every 3 hours      preprocess + encode --auto (optional)
    hippocampus-sync         hourly at :17      sync.py with the workspace's remote (optional, --sync)

Registration goes through `openclaw cron` when `openclaw` is on PATH (it
needs the gateway running): a command job with an exact argv and no delivery
where OpenClaw supports `--command-argv`, else a main-session system event
naming the exact command, whose answer is the silent NO_REPLY; each with
`--declaration-key hippocampus:<job>` where OpenClaw has it. Else the user's
crontab, else it prints the lines to add. It looks for our jobs first,
disabled ones included (`cron list --all`), so running it twice registers
nothing twice; `unregister` removes ours only, disabled ones too.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from ..errors import UsageError, WorkspaceError

SCRIPTS = Path(__file__).resolve().parents[2]
JOBS = {"decay": ("hippocampus-decay", "0 3 * * *"),
        "consolidate": ("hippocampus-consolidate", "0 21 * * 6"),
        "encode": ("hippocampus-encode", "0 */3 * * *"),
        "sync": ("hippocampus-sync", "17 * * * *")}
MARK = "# hippocampus:"


def argv(job: str, workspace: Path) -> list[str]:
    return [sys.executable, str(SCRIPTS / "cron_job.py"), "run", job, "--workspace", str(workspace)]


def chosen(encode: bool, sync: bool = False) -> list[str]:
    return ["decay", "consolidate"] + (["encode"] if encode else []) + (["sync"] if sync else [])


def register(workspace: Path, encode: bool, dry_run: bool, sync: bool = False) -> dict:
    workspace = workspace.expanduser().resolve()
    if sync and not dry_run:
        from ..sync.remote_sync import set_session_sync
        set_session_sync(workspace, True)  # the agent hooks sync at session start and end too
    if shutil.which("openclaw"):
        return _openclaw_register(workspace, chosen(encode, sync), dry_run)
    if shutil.which("crontab"):
        return _crontab_update(workspace, chosen(encode, sync), dry_run, remove=False)
    lines = [_crontab_line(job, workspace) for job in chosen(encode, sync)]
    return {"via": "print", "added": [], "present": [], "lines": lines}


def unregister(workspace: Path, dry_run: bool) -> dict:
    workspace = workspace.expanduser().resolve()
    if not dry_run:
        from ..sync.remote_sync import set_session_sync
        set_session_sync(workspace, False)
    if shutil.which("openclaw"):
        return _openclaw_unregister(dry_run)
    if shutil.which("crontab"):
        return _crontab_update(workspace, [], dry_run, remove=True)
    return {"via": "print", "removed": [], "lines": []}


# ------------------------------------------------------------------ openclaw
def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run(list(args), capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if check and result.returncode != 0:
        raise WorkspaceError(f"{' '.join(args[:3])} failed: {(result.stderr or result.stdout).strip()[:200]}")
    return result


def declaration_key(job: str) -> str:
    return f"hippocampus:{job}"


def _openclaw_jobs() -> dict[str, str] | None:
    """our job name -> id among OpenClaw's cron jobs, disabled ones too; None when the gateway is not reached."""
    result = _run("openclaw", "cron", "list", "--all", "--json", check=False)
    try:
        data = json.loads(result.stdout)
    except ValueError:
        return None
    items = data.get("jobs", data) if isinstance(data, dict) else data
    if not isinstance(items, list):
        return None
    keys = {declaration_key(job): name for job, (name, _schedule) in JOBS.items()}
    jobs: dict[str, str] = {}
    for item in items:
        if not isinstance(item, dict):
            continue
        name = keys.get(str(item.get("declarationKey"))) or str(item.get("name") or "")
        if name in keys.values():
            jobs[name] = str(item.get("id") or item.get("jobId") or name)
    return jobs


def _unreached() -> str:
    return ("openclaw cron could not reach the gateway (it keeps the jobs): start it with `openclaw gateway`, "
            "then run this again")


def _openclaw_register(workspace: Path, jobs: list[str], dry_run: bool) -> dict:
    existing = _openclaw_jobs()
    if existing is None:
        raise WorkspaceError(_unreached())
    usage = _run("openclaw", "cron", "add", "--help", check=False).stdout
    supports_command = "--command-argv" in usage
    keyed = "--declaration-key" in usage
    added, present, commands = [], [], []
    for job in jobs:
        name, schedule = JOBS[job]
        if name in existing:
            present.append(name)
            continue
        if supports_command:
            command = ["openclaw", "cron", "add", "--name", name, "--cron", schedule,
                       "--command-argv", json.dumps(argv(job, workspace))]
        else:
            command = ["openclaw", "cron", "add", "--name", name, "--cron", schedule, "--session", "main",
                       "--system-event", system_event(job, workspace)]
        if keyed:
            command += ["--declaration-key", declaration_key(job)]
        if supports_command:
            command.append("--no-deliver")
        commands.append(command)
        if not dry_run:
            _run(*command)
        added.append(name)
    return {"via": "openclaw" + (" command" if supports_command else " system-event"), "added": added,
            "present": present, "commands": [shlex.join(c) for c in commands]}


def system_event(job: str, workspace: Path) -> str:
    """The event text for an OpenClaw without command jobs: the one exact command, and silence for the chat."""
    return (f"hippocampus {job} (scheduled maintenance): run exactly this command with the exec tool: "
            f"{shlex.join(argv(job, workspace))} -- then answer NO_REPLY and nothing else; send the user nothing.")


def _openclaw_unregister(dry_run: bool) -> dict:
    existing = _openclaw_jobs()
    if existing is None:
        return {"via": "openclaw", "removed": [], "unreached": _unreached()}
    removed = []
    for name, _schedule in JOBS.values():
        if name in existing:
            if not dry_run:
                _run("openclaw", "cron", "rm", existing[name])
            removed.append(name)
    return {"via": "openclaw", "removed": removed}


# ------------------------------------------------------------------- crontab
def _crontab_line(job: str, workspace: Path) -> str:
    text = str(workspace)
    if "%" in text or "\n" in text:
        raise UsageError("a workspace path with % or a newline cannot go into a crontab line")
    name, schedule = JOBS[job]
    return f"{schedule} {shlex.join(argv(job, workspace))} >/dev/null 2>&1 {MARK}{job}"


def _crontab_update(workspace: Path, jobs: list[str], dry_run: bool, remove: bool) -> dict:
    current = _run("crontab", "-l", check=False)
    lines = current.stdout.splitlines() if current.returncode == 0 else []
    ours = {line.rsplit(MARK, 1)[1].strip(): line for line in lines if MARK in line}
    if remove:
        kept = [line for line in lines if MARK not in line]
        removed = [JOBS[job][0] for job in ours if job in JOBS]
        if removed and not dry_run:
            _install_crontab(kept)
        return {"via": "crontab", "removed": removed}
    added, present, new_lines = [], [], []
    for job in jobs:
        if job in ours:
            present.append(JOBS[job][0])
            continue
        new_lines.append(_crontab_line(job, workspace))
        added.append(JOBS[job][0])
    if new_lines and not dry_run:
        _install_crontab(lines + new_lines)
    return {"via": "crontab", "added": added, "present": present, "lines": new_lines}


def _install_crontab(lines: list[str]) -> None:
    result = subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", capture_output=True, text=True)
    if result.returncode != 0:
        raise WorkspaceError(f"crontab - failed: {result.stderr.strip()[:200]}")


# ----------------------------------------------------------------------- run
def run_job(workspace, job: str, agent_sessions: Path | None = None) -> str:
    """Run one scheduled job; the one line it reports."""
    if job == "decay":
        from ..lifecycle.decay import run_decay
        result = run_decay(workspace)
        return (f"decay: {result['changed']} memories changed, {result['crossedCount']} crossed a threshold, "
                f"{result['archiveCandidateCount']} archive candidates")
    if job == "consolidate":
        from ..lifecycle.consolidate import run_sleep
        result = run_sleep(workspace)
        counts = result["counts"]
        return (f"consolidate: {counts['clusters']} clusters, {counts['merges']} merges, {counts['conflicts']} "
                f"conflicts, {counts['stale']} stale, {counts['promotions']} promotions proposed")
    if job == "encode":
        from ..ingest.encode import encode
        from ..ingest.signals import preprocess
        from ..ingest.transcripts import detect, files_under
        from ..ingest.openclaw_sqlite import databases
        new, warnings = 0, []
        found = databases(agent_sessions) if agent_sessions is not None else []
        if agent_sessions is not None and (agent_sessions.exists() or found):
            from ..ingest.openclaw_sessions import select
            files = files_under(agent_sessions) if agent_sessions.is_dir() else []
            files, _left_out = select(agent_sessions, files)  # direct conversations only
            targets = [(f, detect(f)) for f in files]
            with workspace.transaction("system:encode", "preprocess") as tx:
                report = preprocess(tx, targets, label=lambda f: str(f.resolve()), databases=found)
            new, warnings = report["new"], report["warnings"]
        with workspace.transaction("system:encode", "encode") as tx:
            result = encode(tx, auto=True)
        return (f"encode: {new} new signals, {result['stored']} stored, {result['reinforced']} reinforced" +
                (f" ({len(warnings)} warning{'s' * (len(warnings) > 1)}: {warnings[0]})" if warnings else ""))
    if job == "sync":
        from ..sync.remote_sync import sync
        result = sync(workspace)
        said = lambda c: f"{c['added']} new, {c['changed']} changed, {c['forgotten']} forgotten"
        return f"sync: in {said(result['in'])}; out {said(result['out'])}"
    raise UsageError(f"unknown job {job!r}: choose one of {', '.join(JOBS)}")

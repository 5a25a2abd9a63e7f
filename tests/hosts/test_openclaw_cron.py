"""Scheduled jobs through the real OpenClaw: a gateway on 127.0.0.1 (token auth, no LAN discovery),
`install.sh --with-cron` registering each job once (disabled ones count), command payloads with an exact
argv and no delivery, and --uninstall removing ours, disabled too, and nothing else."""

from __future__ import annotations

import json
import socket
import subprocess

import pytest

from .conftest import OpenClaw, start_gateway, stop_gateway

OURS = {"hippocampus-decay": ("0 3 * * *", "decay"), "hippocampus-consolidate": ("0 21 * * 6", "consolidate")}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def gateway(tmp_path_factory, openclaw_install):
    openclaw = OpenClaw(tmp_path_factory.mktemp("cron"), openclaw_install)
    process, log = start_gateway(openclaw, openclaw_install["bin"], free_port())
    try:
        yield openclaw
    finally:
        stop_gateway(process, log)


def jobs(openclaw: OpenClaw) -> list[dict]:
    return json.loads(openclaw.run("cron", "list", "--all", "--json").stdout)["jobs"]


def test_with_cron_twice_registers_each_job_once_and_uninstall_removes_ours_disabled_too(gateway):
    theirs = {job["id"] for job in jobs(gateway)}  # OpenClaw's own (memory-core's dreaming job)
    gateway.install("--with-cron")
    gateway.install("--with-cron")
    ours = [job for job in jobs(gateway) if job["name"] in OURS]
    assert sorted(job["name"] for job in ours) == sorted(OURS)
    for job in ours:
        schedule, name = OURS[job["name"]]
        assert job["schedule"]["expr"] == schedule and job["declarationKey"] == f"hippocampus:{name}"
        assert job["payload"]["kind"] == "command", job["payload"]
        argv = job["payload"]["argv"]
        assert argv[-4:] == ["run", name, "--workspace", str(gateway.workspace.resolve())]
        assert (job.get("delivery") or {}).get("mode", "none") == "none", job.get("delivery")
        # the command the gateway will run: one line, exit 0
        ran = subprocess.run(argv, capture_output=True, text=True, env=gateway.env, timeout=120)
        assert ran.returncode == 0 and f"{name}:" in ran.stdout and ran.stdout.count("\n") == 1, ran

    decay = next(job for job in ours if job["name"] == "hippocampus-decay")
    gateway.run("cron", "disable", decay["id"])
    gateway.install("--with-cron")  # a disabled job is still ours: not added again
    assert sum(job["name"] == "hippocampus-decay" for job in jobs(gateway)) == 1

    gateway.install("--uninstall")
    left = jobs(gateway)
    assert not [job for job in left if job["name"] in OURS]
    assert {job["id"] for job in left} == theirs

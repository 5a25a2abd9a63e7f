"""The real OpenClaw for the integration tests: the version pinned in versions.env, installed with npm by
install-hosts.sh into a cache reused between runs (.ci/run installs it before pytest; a test run that finds
it missing installs it here). Only where npm itself is absent do these tests skip, with one line saying so.

Each test gets its own HOME with a valid ~/.openclaw/openclaw.json: loopback gateway with token auth,
update checks off (config and OPENCLAW_NO_AUTO_UPDATE=1), the workspace under that HOME."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCRIPTS = ROOT / "scripts"
TOKEN = "test-gateway-token-0123456789abcdef"


def versions() -> dict[str, str]:
    pins = {}
    for line in (HERE / "versions.env").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            pins[key.strip()] = value.strip()
    return pins


def cache_root() -> Path:
    if os.environ.get("HIPPOCAMPUS_HOSTS_CACHE"):
        return Path(os.environ["HIPPOCAMPUS_HOSTS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hippocampus-hosts"


@pytest.fixture(scope="session")
def openclaw_install() -> dict:
    """{"bin": the openclaw executable, "path": PATH entries for it and its node, "version": pinned}."""
    pins = versions()
    node = cache_root() / f"node-{pins['NODE_VERSION']}"
    home = cache_root() / f"openclaw-{pins['OPENCLAW_VERSION']}"
    if not ((node / ".installed").exists() and (home / ".installed").exists()):
        if shutil.which("npm") is None:
            pytest.skip("npm is not installed: the OpenClaw integration tests need it (apt-get install npm)")
        result = subprocess.run([str(HERE / "install-hosts.sh"), "openclaw"], capture_output=True, text=True,
                                timeout=900)
        assert result.returncode == 0, result.stderr
    return {"bin": home / "node_modules" / ".bin" / "openclaw", "version": pins["OPENCLAW_VERSION"],
            "path": [str(node / "node_modules" / ".bin"), str(home / "node_modules" / ".bin")]}


class OpenClaw:
    """A fresh HOME with a valid OpenClaw config, and the real openclaw CLI run in it."""

    def __init__(self, root: Path, install: dict):
        self.home = root / "home"
        self.config = self.home / ".openclaw" / "openclaw.json"
        self.workspace = self.home / ".openclaw" / "workspace"
        self.install_info = install
        self.config.parent.mkdir(parents=True)
        self.original = {
            "update": {"checkOnStart": False},
            "gateway": {"mode": "local", "bind": "loopback", "port": 18789,
                        "auth": {"mode": "token", "token": TOKEN}},
            "agents": {"defaults": {"workspace": str(self.workspace)}},
            "channels": {"telegram": {"enabled": False}},
        }
        self.config.write_text(json.dumps(self.original, indent=2) + "\n", encoding="utf-8")
        self.config.chmod(0o600)

    @property
    def env(self) -> dict:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("HIPPOCAMPUS_", "OPENCLAW_", "XDG_")) and k != "WORKSPACE"}
        env.update({"HOME": str(self.home), "OPENCLAW_NO_AUTO_UPDATE": "1", "OPENCLAW_DISABLE_BONJOUR": "1",
                    "TZ": "UTC",
                    "PATH": os.pathsep.join([*self.install_info["path"], env.get("PATH", "/usr/bin:/bin")])})
        return env

    def run(self, *args: str, expect: int | None = 0, timeout: int = 180) -> subprocess.CompletedProcess:
        result = subprocess.run([str(self.install_info["bin"]), *args], capture_output=True, text=True,
                                env=self.env, cwd=self.home, timeout=timeout, stdin=subprocess.DEVNULL)
        if expect is not None:
            assert result.returncode == expect, (args, result.returncode, result.stdout[-3000:], result.stderr[-3000:])
        return result

    def install(self, *args: str, expect: int = 0) -> subprocess.CompletedProcess:
        result = subprocess.run([str(ROOT / "install.sh"), *args], capture_output=True, text=True,
                                env=self.env, cwd=self.home, timeout=600, stdin=subprocess.DEVNULL)
        assert result.returncode == expect, (args, result.returncode, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr, result.stderr
        return result

    def script(self, name: str, *args: str, expect: int = 0) -> subprocess.CompletedProcess:
        env = {**self.env, "WORKSPACE": str(self.workspace)}
        result = subprocess.run([sys.executable, "-S", str(SCRIPTS / name), *args], capture_output=True,
                                text=True, env=env, timeout=120)
        assert result.returncode == expect, (name, args, result.stdout, result.stderr)
        return result

    def set_port(self, port: int) -> None:
        self.original["gateway"]["port"] = port
        self.config.write_text(json.dumps(self.original, indent=2) + "\n", encoding="utf-8")

    def data(self) -> dict:
        return json.loads(self.config.read_text(encoding="utf-8"))


@pytest.fixture
def openclaw(tmp_path, openclaw_install) -> OpenClaw:
    return OpenClaw(tmp_path, openclaw_install)


def start_gateway(openclaw, binary, port: int):
    """A gateway on 127.0.0.1:`port` with token auth, answering `cron list`: (process, its log)."""
    openclaw.set_port(port)
    log = open(openclaw.home / "gateway.log", "w")
    process = subprocess.Popen([str(binary), "gateway", "--port", str(port), "--bind", "loopback",
                                "--auth", "token", "--token", TOKEN], env=openclaw.env, cwd=openclaw.home,
                               stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 240
        while openclaw.run("cron", "list", "--json", expect=None, timeout=60).returncode != 0:
            assert process.poll() is None, (openclaw.home / "gateway.log").read_text()[-3000:]
            assert time.monotonic() < deadline, "the gateway did not answer within 240 s"
            time.sleep(1)
    except BaseException:
        stop_gateway(process, log)
        raise
    return process, log


def stop_gateway(process, log) -> None:
    """Stop a gateway started by a test: terminate, then kill after 30 s; close its log."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    log.close()

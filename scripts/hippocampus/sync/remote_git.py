"""git's commands that reach a remote: what a URL or a remote name may be, and
a bound on how long the network may take.

A URL is the user's value, and git reads some of them as orders: one that
begins with "-" would be an option (`--upload-pack=CMD` runs CMD), `ext::CMD`
runs CMD, `fd::N` waits on a file descriptor forever. Such URLs are refused
before git sees them, and every URL is passed after `--`; the `ext` and `fd`
transports are also closed in git's own configuration for each command.

A remote that accepts a connection and never answers must not hang a sync
for good: every network command runs with a wall-clock bound (`--timeout`,
default NETWORK_TIMEOUT), after which git and whatever it started (ssh, a
remote helper) are killed; HTTP stalls are cut earlier by git's low-speed
limit, a dead SSH connection by keepalives.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from ..errors import UsageError, WorkspaceError
from ..store import audit
from ..store.gitcmd import TIMED_OUT
from ..text.textutil import one_line

NETWORK_TIMEOUT = 300.0  # seconds for one fetch, push or ls-remote
_SSH = "ssh -o BatchMode=yes -o ConnectTimeout=20 -o ServerAliveInterval=15 -o ServerAliveCountMax=4"
_CLOSED = ("-c", "protocol.ext.allow=never", "-c", "protocol.fd.allow=never")
_HELPER = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)::")
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$")


def refuse_password(url: str) -> None:
    """A remote URL holding a password would put it in .git/config (and in every error git prints)."""
    try:
        parts = urlsplit(url)
        secret = parts.password
    except ValueError:
        return
    if secret:
        raise UsageError("the remote URL holds a password; keep it out of the URL: use git's credential helper "
                         "(git config credential.helper store|cache|osxkeychain) or an SSH URL (git@host:path)")


def check_url(url: str) -> str:
    """`url`, or UsageError when git would read it as anything but a place."""
    if not url or not url.strip():
        raise UsageError("the remote URL is empty")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in url):
        raise UsageError("the remote URL holds a control character (a line break?); give it on one line")
    if url.startswith("-"):
        raise UsageError(f"the remote URL {one_line(url, 60)!r} begins with '-', which git would read as an "
                         "option; give a URL or a path (./-name for a folder so named)")
    helper = _HELPER.match(url)
    if helper and helper.group(1).lower() in ("ext", "fd"):
        raise UsageError(f"the remote URL uses git's {helper.group(1)}:: transport, which runs a command or "
                         "reads a file descriptor rather than reaching a remote; give a URL or a path")
    refuse_password(url)
    return url


def check_remote_name(name: str) -> str:
    """A remote's name (sync.py --remote): letters, digits, '.', '_', '-', never first '-'."""
    if not _NAME.match(name or ""):
        raise UsageError(f"{one_line(name or '', 60)!r} is not a remote name (letters, digits, '.', '_', '-'; "
                         "not beginning with '-')")
    return name


def safe_url(url: str) -> str:
    """The URL without any user information (for messages)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if parts.username or parts.password:
        return parts._replace(netloc=parts.hostname or "").geturl()
    return url


def timeout_from(value) -> float:
    """A --timeout value: seconds, above 0 (None: the default)."""
    if value is None:
        return NETWORK_TIMEOUT
    if not value > 0:
        raise UsageError("--timeout must be a number of seconds above 0")
    return float(value)


def run(root, *args: str, timeout: float = NETWORK_TIMEOUT):
    """A git command that may reach the network: no prompt, SSH in batch mode
    with keepalives (unless the person configured their own SSH command), an
    HTTP stall cut after 60 s, ext:: and fd:: closed, and killed with all it
    started after `timeout` seconds (returncode gitcmd.TIMED_OUT)."""
    options = list(_CLOSED)
    if not os.environ.get("GIT_SSH_COMMAND") and not _configured(root, "core.sshCommand"):
        options += ["-c", f"core.sshCommand={_SSH}"]
    if not _configured(root, "http.lowSpeedLimit"):
        options += ["-c", "http.lowSpeedLimit=1", "-c", "http.lowSpeedTime=60"]
    return audit.git(root, *options, *args, check=False, timeout=timeout)


def _configured(root, key: str) -> bool:
    return bool(audit.git(root, "config", "--get", key, check=False).stdout.strip())


def failure(result, what: str, url: str, timeout: float, changed: str = "nothing was changed") -> WorkspaceError:
    """One line on why a network command failed, without the URL's user information."""
    if result.returncode == TIMED_OUT:
        return WorkspaceError(f"cannot {what} {safe_url(url)}: no answer within {timeout:g} s, stopped; {changed} "
                              "(--timeout SECONDS waits longer)")
    detail = one_line(result.stderr or result.stdout or "no output", 200).replace(url, safe_url(url))
    return WorkspaceError(f"cannot {what} {safe_url(url)}: {detail}; {changed}")

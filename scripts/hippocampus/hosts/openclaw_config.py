"""Where OpenClaw keeps things, read the way OpenClaw 2026.9.6 resolves them.

Only used when WORKSPACE (and --workspace) are not given: one read of
OpenClaw's config file, nothing else. Docs in the package:
help/environment.md, gateway/config-agents/workspace-and-bootstrap.md,
gateway/config-agents/entries-and-multi-agent.md; code: dist
`resolveAgentWorkspaceDir`, `resolveDefaultAgentWorkspaceDir`.

- state dir: $OPENCLAW_STATE_DIR (`~` expanded), else `~/.openclaw-<profile>`
  for a named $OPENCLAW_PROFILE, else `~/.openclaw`;
- config: $OPENCLAW_CONFIG_PATH (`~` expanded), else `<state dir>/openclaw.json`;
- the default workspace: `agents.defaults.workspace`, else
  $OPENCLAW_WORKSPACE_DIR, else `<state dir>/workspace`;
- agent ID's workspace: `agents.entries.<ID>.workspace`; else, for the
  default agent (`main` with no entries, or the sole entry), the default
  workspace; else `<agents.defaults.workspace>/<ID>`, else `<state dir>/workspace-<ID>`.

The file is JSON5 to OpenClaw; plain JSON is read, and JSON5's comments,
trailing commas, unquoted keys and single-quoted strings are turned into JSON
first. A file that still cannot be read (or `$include`s its agents) counts as
absent: the defaults above apply.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path


def _env_path(name: str) -> Path | None:
    value = (os.environ.get(name) or "").strip()
    return Path(value).expanduser() if value else None


def state_dir() -> Path:
    explicit = _env_path("OPENCLAW_STATE_DIR")
    if explicit:
        return explicit
    profile = (os.environ.get("OPENCLAW_PROFILE") or "").strip()
    if profile and profile.lower() != "default" and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", profile):
        return Path.home() / f".openclaw-{profile}"
    return Path.home() / ".openclaw"


def config_path() -> Path:
    return _env_path("OPENCLAW_CONFIG_PATH") or state_dir() / "openclaw.json"


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|//[^\n]*|/\*.*?\*/|,(?=\s*(?://[^\n]*\s*|/\*.*?\*/\s*)*[}\]])'
                    r'|[A-Za-z_$][\w$]*(?=\s*:)', re.S)


def _json5_to_json(text: str) -> str:
    def token(match: re.Match) -> str:
        value = match.group(0)
        if value.startswith('"'):
            return value
        if value.startswith("'"):
            return json.dumps(re.sub(r"\\(.)", r"\1", value[1:-1]))
        if value.startswith(("//", "/*", ",")):
            return ""
        return json.dumps(value)  # an unquoted key
    return _TOKEN.sub(token, text)


def read_config() -> dict:
    """OpenClaw's config as a dict; {} where there is none or it cannot be read."""
    try:
        text = config_path().read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return {}
    for attempt in (text, None):
        try:
            config = json.loads(attempt if attempt is not None else _json5_to_json(text))
            return config if isinstance(config, dict) else {}
        except (ValueError, RecursionError):
            continue
    return {}


def _path(value) -> Path | None:
    if not isinstance(value, str) or not value.strip() or "\x00" in value:
        return None
    value = re.sub(r"\$\{([A-Z_][A-Z0-9_]*)\}", lambda m: os.environ.get(m.group(1), m.group(0)), value.strip())
    return Path(value).expanduser()


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def workspace(agent: str | None = None) -> Path:
    """The workspace OpenClaw gives `agent` (its default agent when None)."""
    agents = _mapping(read_config().get("agents"))
    defaults = _path(_mapping(agents.get("defaults")).get("workspace"))
    default = defaults or _env_path("OPENCLAW_WORKSPACE_DIR") or state_dir() / "workspace"
    if not agent:
        return default
    entries = _mapping(agents.get("entries"))
    own = _path(_mapping(entries.get(agent)).get("workspace"))
    if own:
        return own
    default_agent = "main" if not entries else (next(iter(entries)) if len(entries) == 1 else None)
    if agent == default_agent:
        return default
    return defaults / agent if defaults else state_dir() / f"workspace-{agent}"


def agent_id(value: str | None) -> str | None:
    """--agent or $HIPPOCAMPUS_OPENCLAW_AGENT, checked: an id names no path."""
    from ..errors import UsageError

    value = (value or os.environ.get("HIPPOCAMPUS_OPENCLAW_AGENT") or "").strip()
    if not value:
        return None
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}", value) or ".." in value:
        raise UsageError(f"not an OpenClaw agent id: {value[:40]!r}")
    return value

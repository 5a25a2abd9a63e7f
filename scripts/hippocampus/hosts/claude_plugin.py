"""The Claude Code plugin and `install.sh --claude-code` side by side: each notices the other.

Both give Claude Code the same things (a SessionStart hook with the core memories, Stop and
SessionEnd hooks that learn from the transcript, the MCP server). Wired twice, the agent would get
its core memories twice and two servers, so:

- install.sh asks the installed `claude` CLI (`claude plugin list --json`, run where the session
  would run: the project, or the home folder for user scope) whether a plugin named `hippocampus`
  is enabled there (`enabled_plugins`); then it wires nothing unless `--force`. Without the CLI it
  reads `enabledPlugins` from the settings files Claude Code would read (and so where no plugin was
  ever installed, which the CLI is not asked about: it would write its state file in a new HOME).
- The plugin cannot run code when it is installed, but its hooks run with `--from-plugin`: each one
  first looks in the settings files Claude Code reads for the session (user, project, local) for
  install.sh's hook for the same event (`wired_by_install`), and when it is there (and its
  agent_hook.py still is), the plugin's hook says nothing: install.sh's hook answers, once.

Run as `python3 -m hippocampus.hosts.claude_plugin enabled CLAUDE_CLI [PROJECT_DIR]` (install.sh):
one line per plugin found, "<id> (<scope> scope[ in <project>])"; nothing when there is none.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from .claude_settings import hook_words, marked

NAME = "hippocampus"  # the plugin's name in .claude-plugin/plugin.json (its id: hippocampus@<marketplace>)
EVENT_WORDS = {"SessionStart": "session-start", "Stop": "session-end", "SessionEnd": "session-end"}


def config_dir() -> Path:
    """Claude Code's own folder: $CLAUDE_CONFIG_DIR, else ~/.claude."""
    return Path(os.environ.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude"))


def user_settings() -> Path:
    return config_dir() / "settings.json"


def settings_files(project: str | None) -> list[Path]:
    """The settings files Claude Code reads for a session in `project`, lowest precedence first."""
    files = [user_settings()]
    if project:
        files += [Path(project) / ".claude" / "settings.json", Path(project) / ".claude" / "settings.local.json"]
    return files


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


# ------------------------------------------------------------------ install.sh: is the plugin there?
def _is_ours(plugin_id) -> bool:
    return isinstance(plugin_id, str) and plugin_id.split("@", 1)[0] == NAME


def _listed(claude: str, where: Path) -> list[dict] | None:
    """`claude plugin list --json` as a session in `where` sees it; None when it cannot tell."""
    env = {**os.environ, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
    try:
        result = subprocess.run([claude, "plugin", "list", "--json"], cwd=where, env=env, capture_output=True,
                                text=True, timeout=120, stdin=subprocess.DEVNULL)
        found = json.loads(result.stdout) if result.returncode == 0 else None
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return None
    return [p for p in found if isinstance(p, dict)] if isinstance(found, list) else None


def _described(plugin: dict) -> str:
    scope = plugin.get("scope") if isinstance(plugin.get("scope"), str) else "user"
    where = plugin.get("projectPath") if scope != "user" and isinstance(plugin.get("projectPath"), str) else None
    return f"{plugin['id']} ({scope} scope{f' in {where}' if where else ''})"


def enabled_plugins(claude: str | None, project: str | None) -> list[str]:
    """Each plugin named hippocampus that is enabled where install.sh would wire: in `project`, or
    (user scope, project None) anywhere: the user scope, or a project's own scope."""
    where = Path(project) if project else Path(os.path.expanduser("~"))
    # no plugin ever installed: the CLI is not asked (in a HOME it never ran in, it would write its
    # state file ~/.claude.json, and a --dry-run changes nothing)
    installed = (config_dir() / "plugins" / "installed_plugins.json").is_file()
    listed = _listed(claude, where) if claude and installed else None
    if listed is None:
        return _enabled_in_settings(project)
    found = [_described(p) for p in listed if _is_ours(p.get("id")) and p.get("enabled") is True]
    if project is None:  # a project's own install: enabled there? (the list says so only run from it)
        for plugin in listed:
            folder = plugin.get("projectPath")
            if not (_is_ours(plugin.get("id")) and plugin.get("scope") in ("project", "local")
                    and isinstance(folder, str) and os.path.isdir(folder) and _described(plugin) not in found):
                continue
            there = _listed(claude, Path(folder)) or []
            if any(p.get("id") == plugin["id"] and p.get("scope") == plugin.get("scope") and p.get("enabled") is True
                   for p in there):
                found.append(_described(plugin))
    return found


def _enabled_in_settings(project: str | None) -> list[str]:
    """Without the CLI: `enabledPlugins` of the settings files (a later file overrides an earlier one)."""
    scopes = ("user", "project", "local")
    state: dict[str, tuple[bool, str]] = {}
    for scope, path in zip(scopes, settings_files(project)):
        enabled = _read(path).get("enabledPlugins")
        for plugin_id, on in (enabled.items() if isinstance(enabled, dict) else ()):
            if _is_ours(plugin_id):
                state[plugin_id] = (on is True, scope)
    return [f"{plugin_id} ({scope} scope{f' in {project}' if scope != 'user' else ''})"
            for plugin_id, (on, scope) in state.items() if on]


# ------------------------------------------------------------------ the plugin's hook: is install.sh's there?
def is_install_hook(command, event_word: str) -> bool:
    """install.sh's hook (claude_settings.hook_command) for this event, from any checkout that is still there."""
    words = hook_words(command)
    if words is None or len(words) < 4 or os.path.basename(words[0]) != "python3" or words[2] != event_word:
        return False
    if os.path.basename(words[1]) != "agent_hook.py" or not os.path.isfile(words[1]):
        return False  # a checkout since removed: its hook fails, so ours answers
    return marked(words)


def _matches(group: dict, event: str, payload: dict) -> bool:
    matcher = group.get("matcher")
    if event != "SessionStart" or matcher in (None, "", "*"):
        return True
    if not isinstance(matcher, str):
        return False
    try:
        return re.fullmatch(matcher, str(payload.get("source") or "")) is not None
    except re.error:
        return False


def wired_by_install(payload: dict) -> Path | None:
    """The settings file in which install.sh's hook answers the event `payload` is for, or None."""
    event = payload.get("hook_event_name") if isinstance(payload, dict) else None
    if event not in EVENT_WORDS:
        return None
    project = os.environ.get("CLAUDE_PROJECT_DIR") or payload.get("cwd")
    for path in settings_files(project if isinstance(project, str) and project else None):
        groups = (_read(path).get("hooks") or {})
        groups = groups.get(event) if isinstance(groups, dict) else None
        for group in groups if isinstance(groups, list) else ():
            inner = group.get("hooks") if isinstance(group, dict) else None
            if isinstance(inner, list) and _matches(group, event, payload) and any(
                    isinstance(h, dict) and is_install_hook(h.get("command"), EVENT_WORDS[event]) for h in inner):
                return path
    return None


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] != "enabled":
        print("usage: python3 -m hippocampus.hosts.claude_plugin enabled CLAUDE_CLI [PROJECT_DIR]", file=sys.stderr)
        return 1
    for line in enabled_plugins(argv[1] or None, argv[2] if len(argv) == 3 else None):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

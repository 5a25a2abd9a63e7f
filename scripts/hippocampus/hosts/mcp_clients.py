"""Our MCP server in other agents' config files (install.sh --mcp CLIENT), and nothing else of the user's.

Hosts layer. Where each client reads its stdio servers (checked 2026-12 in their docs):
- Cursor: ~/.cursor/mcp.json, "mcpServers": {name: {command, args, env}} (cursor.com/docs/mcp).
- Codex: $CODEX_HOME/config.toml (default ~/.codex), a [mcp_servers.<name>] table with command and
  args (github.com/openai/codex docs/config.md, "MCP servers").
- Gemini CLI: ~/.gemini/settings.json, "mcpServers": {name: {command, args, env, cwd}}
  (geminicli.com/docs/cli/configuration; google-gemini/gemini-cli docs/tools/mcp-server.md).
- Claude Desktop: claude_desktop_config.json, "mcpServers", in ~/Library/Application Support/Claude
  on macOS and $XDG_CONFIG_HOME/Claude (~/.config/Claude) on Linux (modelcontextprotocol.io/quickstart/user).

Our entry is the server named "hippocampus" whose args start with this checkout's exact
scripts/mcp_server.py path and end with the --hippocampus-mcp marker (equality, never a substring):
any other "hippocampus" entry, or a server of another name, is the user's and is never touched.

JSON files are edited as text (text/json_splice.py): our member goes last in "mcpServers" (the
object is added when missing, the file created when missing) and every other byte stays as it was,
so add then remove gives the file back byte for byte, whatever its layout (`{ }`, `{\n}`, CRLF, a
byte order mark, an empty file). A file that is not plain JSON (comments, JSON5) is refused with
one line. TOML (Codex) gets our table as a marked block appended as text (blocks.py), never a
rewrite of the user's TOML; the result is read back with tomllib and checked before it is written.
Writes go through the file's link, if it is one, and a private temporary file beside the file it
points to (base/user_file.py): the link stays, no backup is left.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from ..errors import UsageError

NAME = "hippocampus"
MARKER = "--hippocampus-mcp"
CLIENTS = ("cursor", "codex", "gemini", "claude-desktop")
LABELS = {"cursor": "Cursor", "codex": "Codex", "gemini": "Gemini CLI", "claude-desktop": "Claude Desktop"}
TOML_START = "# >>> hippocampus MCP server (install.sh --mcp codex; --uninstall takes it out) >>>"
TOML_END = "# <<< hippocampus MCP server <<<"


def config_path(client: str, home: Path | None = None, platform: str | None = None) -> Path:
    """The user-level config file `client` reads its MCP servers from."""
    home = home or Path.home()
    if client == "cursor":
        return home / ".cursor" / "mcp.json"
    if client == "codex":
        codex_home = os.environ.get("CODEX_HOME")
        return (Path(codex_home).expanduser() if codex_home else home / ".codex") / "config.toml"
    if client == "gemini":
        return home / ".gemini" / "settings.json"
    if client == "claude-desktop":
        if (platform or sys.platform) == "darwin":
            return home / "Library" / "Application Support" / "Claude" / "claude_desktop_config.json"
        xdg = os.environ.get("XDG_CONFIG_HOME")
        return (Path(xdg) if xdg else home / ".config") / "Claude" / "claude_desktop_config.json"
    raise UsageError(f"unknown MCP client {client!r}: choose from {', '.join(CLIENTS)}")


def entry(python: str, server: str, workspace: str) -> dict:
    """Our server entry: this Python, this checkout's scripts/mcp_server.py, the workspace, the marker."""
    for value in (python, server, workspace):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise UsageError(f"{value.encode('utf-8', 'surrogateescape')!r} is not valid UTF-8; "
                             "a client's config file cannot hold it") from None
    return {"command": python, "args": [server, "--workspace", workspace, MARKER]}


def is_ours(value, server: str) -> bool:
    if not isinstance(value, dict) or not isinstance(value.get("args"), list):
        return False
    args = value["args"]
    return len(args) >= 2 and args[0] == server and args[-1] == MARKER


# ------------------------------------------------------------------ TOML (Codex) as a marked block
def toml_string(value: str) -> str:
    out = []
    for char in value:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def toml_block(value: dict) -> str:
    args = ", ".join(toml_string(a) for a in value["args"])
    return f"[mcp_servers.{NAME}]\ncommand = {toml_string(value['command'])}\nargs = [{args}]"


def _toml(path: Path, text: str) -> dict:
    import tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path} is not valid TOML ({exc}); left it untouched") from None


def _toml_without(data: dict) -> dict:
    servers = dict(data.get("mcp_servers") or {})
    servers.pop(NAME, None)
    rest = {k: v for k, v in data.items() if k != "mcp_servers"}
    return {**rest, "mcp_servers": servers} if servers else rest


# ------------------------------------------------------------------ add / remove
def plan(client: str, action: str, path: Path, value: dict | None, server: str) -> tuple[str, str | None]:
    """(what happens, the new text), for `action` add or remove. What happens: added, updated,
    unchanged, theirs, removed, deleted (the file was ours: the text is what it holds without us,
    for a link the person made to it), absent, none."""
    from ..base import user_file
    raw = user_file.read(path)
    try:
        text = raw.decode("utf-8") if raw is not None else None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text; left it untouched") from None
    if text is None and action == "remove":
        return "absent", None
    if client == "codex":
        return _plan_toml(path, text, action, value, server)
    try:
        return _plan_json(path, text, action, value, server)
    except ValueError as exc:  # (what json_splice met on the way: a key twice, a list where an object goes)
        raise UsageError(f"{path}: {exc}; left it untouched") from None


def _ours(key, _value) -> bool:
    return key == NAME


def _plan_json(path: Path, text: str | None, action: str, value: dict | None, server: str):
    from ..text import json_splice
    empty = text is None or json_splice.blank(text)
    data = {} if empty else _json(path, text)
    current = (data.get("mcpServers") or {}).get(NAME)
    if action == "remove":
        if current is None:
            return "none", text
        if not is_ours(current, server):
            return "theirs", text
        new, whole = json_splice.remove(text, ("mcpServers",), _ours)
        _check_json(path, new, data, None)
        return ("deleted" if whole else "removed"), new
    if current is not None and not is_ours(current, server):
        return "theirs", text
    if current == value:
        return "unchanged", text
    base = text
    if current is not None:  # ours, for another workspace or Python: taken out, then put in again
        base, whole = json_splice.remove(text, ("mcpServers",), _ours)
        empty = whole or json_splice.blank(base)
        base = None if whole else base
    if empty:
        new = json_splice.create({"mcpServers": {NAME: value}}, base)
    else:
        new = json_splice.add(base, ("mcpServers",), value, key=NAME)
    _check_json(path, new, data, value)
    return ("updated" if current is not None else "added"), new


def _json(path: Path, text: str) -> dict:
    from ..text.json_text import parse
    try:
        root = parse(text)
    except ValueError:
        raise UsageError(f"{path} is not plain JSON (comments, trailing commas or JSON5?); left it untouched: "
                         f"add the server under \"mcpServers\" by hand (README, \"MCP clients\")") from None
    if root.kind != "object":
        raise UsageError(f"{path} is not a JSON object; left it untouched")
    servers = root.member("mcpServers")
    if servers is not None:
        if servers.node.kind != "object":
            raise UsageError(f"{path}: \"mcpServers\" is not an object; left it untouched")
        if sum(item.key == NAME for item in servers.node.items) > 1:
            raise UsageError(f"{path} names the server {NAME!r} twice; left it untouched")
    return root.value


def _check_json(path: Path, new: str, old: dict, value: dict | None) -> None:
    """The new text parses, holds `value` as our entry (None: no entry), and the rest as it was."""
    from ..text import json_splice
    from ..text.json_text import parse
    data = {} if json_splice.blank(new) else parse(new).value

    def rest(d):
        servers = dict(d.get("mcpServers") or {})
        servers.pop(NAME, None)
        return {k: v for k, v in d.items() if k != "mcpServers"}, servers
    if json.dumps(rest(data)) != json.dumps(rest(old)) or (data.get("mcpServers") or {}).get(NAME) != value:
        raise UsageError(f"{path}: could not place our entry without changing the rest; left it untouched")


def _plan_toml(path: Path, text: str | None, action: str, value: dict | None, server: str):
    from ..text.blocks import made_it, with_block, without_block
    data = _toml(path, text or "")
    mine = text is not None and TOML_START in text
    current = (data.get("mcp_servers") or {}).get(NAME) if isinstance(data.get("mcp_servers"), dict) else None
    if action == "remove":
        if not mine:
            return ("theirs" if current is not None else "none"), text
        new = without_block(text, TOML_START, TOML_END, str(path))
        check = _toml(path, new)
        if check != _toml_without(data):
            raise UsageError(f"{path}: taking our block out would change other settings; left it untouched")
        return ("deleted" if new == "" and made_it(text, TOML_START) else "removed"), new
    if current is not None and not (mine and is_ours(current, server)):
        return "theirs", text
    if current == value:
        return "unchanged", text
    new = with_block(text, toml_block(value), TOML_START, TOML_END, str(path))
    try:
        import tomllib
        check = tomllib.loads(new)
    except ValueError:
        raise UsageError(f"{path}: our [mcp_servers.{NAME}] table does not fit in it (mcp_servers written as an "
                         "inline table?); left it untouched") from None
    if check.get("mcp_servers", {}).get(NAME) != value or _toml_without(check) != _toml_without(data):
        raise UsageError(f"{path}: could not add our table without changing the rest; left it untouched")
    return ("updated" if current is not None else "added"), new


def apply(path: Path, what: str, new: str) -> None:
    """Write the planned text through the file's link; a file that was ours is deleted (and its folder
    when empty), but a link the person made to it stays: the file it leads to gets the text."""
    from ..base import user_file
    if what == "deleted" and user_file.delete(path):
        try:
            path.parent.rmdir()
        except OSError:
            pass
        return
    try:
        data = new.encode("utf-8")
    except UnicodeEncodeError:
        raise UsageError(f"{path}: our entry would not be valid UTF-8; left it untouched") from None
    user_file.write(path, data)

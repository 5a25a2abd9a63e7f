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

JSON files are edited as text: our member is put in (or taken out of) the "mcpServers" object and
every other byte stays as it was, so add then remove gives the file back byte for byte. What the
removal has to undo is noted in the spaces after our key's colon (as blocks.py notes a missing
final newline with a space): one space, we added our member only; two, we also added the
"mcpServers" object; three, we created the file. A file that is not plain JSON (comments, JSON5)
is refused with one line. TOML (Codex) gets our table as a marked block appended as text
(blocks.py), never a rewrite of the user's TOML; the result is read back with tomllib and checked
before it is written. Writes go through a private temporary file (claude_settings.write_verified):
no backup is left.
"""

from __future__ import annotations

import json
import os
import re
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


# ------------------------------------------------------------------ JSON as text
class Member:
    __slots__ = ("key", "key_start", "colon", "value_start", "value_end")

    def __init__(self, key, key_start, colon, value_start, value_end):
        self.key, self.key_start, self.colon = key, key_start, colon
        self.value_start, self.value_end = value_start, value_end


def _ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\n\r":
        i += 1
    return i


def _string_end(text: str, i: int) -> int:
    i += 1
    while text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _value_end(text: str, i: int) -> int:
    if text[i] == '"':
        return _string_end(text, i)
    if text[i] in "{[":
        depth = 0
        while True:
            char = text[i]
            if char == '"':
                i = _string_end(text, i)
                continue
            if char in "{[":
                depth += 1
            elif char in "}]":
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
    while i < len(text) and text[i] not in ",}] \t\n\r":
        i += 1
    return i


def _members(text: str, open_: int) -> tuple[list[Member], int]:
    """The members of the object whose `{` is at `open_` (text already parsed by json.loads), and its `}`."""
    found, i = [], _ws(text, open_ + 1)
    if text[i] == "}":
        return found, i
    while True:
        key_end = _string_end(text, i)
        colon = _ws(text, key_end)
        value_start = _ws(text, colon + 1)
        value_end = _value_end(text, value_start)
        found.append(Member(json.loads(text[i:key_end]), i, colon, value_start, value_end))
        i = _ws(text, value_end)
        if text[i] == "}":
            return found, i
        i = _ws(text, i + 1)


def _line_indent(text: str, position: int) -> str:
    start = text.rfind("\n", 0, position) + 1
    return re.match(r"[ \t]*", text[start:]).group(0)


def _unit(text: str, top_open: int, members: list[Member]) -> str:
    """One level of the file's indentation ("  " when nothing shows it)."""
    if members:
        indent = _line_indent(text, members[0].key_start)
        if indent and "\n" in text[top_open:members[0].key_start]:
            return indent
    return "  "


class JsonFile:
    """A client's JSON config file, read as text; our member found or put in without touching the rest."""

    def __init__(self, path: Path, text: str | None):
        self.path = path
        self.text = text if text is not None and text.strip() else None  # (an empty file: as if missing)
        source = self.text if self.text is not None else "{\n}\n"
        try:
            self.data = json.loads(source)
        except ValueError:
            raise UsageError(f"{path} is not plain JSON (comments, trailing commas or JSON5?); left it untouched: "
                             f"add the server under \"mcpServers\" by hand (README, \"MCP clients\")") from None
        if not isinstance(self.data, dict):
            raise UsageError(f"{path} is not a JSON object; left it untouched")
        self.source = source
        self.top_open = _ws(source, 0)
        self.top, self.top_close = _members(source, self.top_open)
        servers = [m for m in self.top if m.key == "mcpServers"]
        if len(servers) > 1:
            raise UsageError(f"{path} has \"mcpServers\" twice; left it untouched")
        self.servers = servers[0] if servers else None
        self.inner, self.inner_close = [], None
        if self.servers is not None:
            if not isinstance(self.data["mcpServers"], dict):
                raise UsageError(f"{path}: \"mcpServers\" is not an object; left it untouched")
            self.inner, self.inner_close = _members(source, self.servers.value_start)
            if sum(m.key == NAME for m in self.inner) > 1:
                raise UsageError(f"{path} names the server {NAME!r} twice; left it untouched")
        self.one_line = "\n" not in source.strip()
        self.unit = _unit(source, self.top_open, self.top)

    def current(self):
        return (self.data.get("mcpServers") or {}).get(NAME) if isinstance(self.data.get("mcpServers"), dict) else None

    def _ours(self) -> Member | None:
        return next((m for m in self.inner if m.key == NAME), None)

    def _render(self, value: dict, indent: str, flag: int) -> str:
        if self.one_line:
            tight = not re.search(r"[,:] ", self.source) and re.search(r'[,:]["{\[\d]', self.source)
            body = json.dumps(value, ensure_ascii=False, separators=(",", ":") if tight else None)
        else:
            body = json.dumps(value, ensure_ascii=False, indent=self.unit).replace("\n", "\n" + indent)
        return f'"{NAME}":' + " " * (1 + flag) + body

    def _separator(self) -> str:
        return ", " if re.search(r", ", self.source) or not re.search(r",\S", self.source) else ","

    def _insert(self, members: list[Member], open_: int, close: int, text_of) -> str:
        """The source with a member added last in the object at `open_` (text_of(indent) renders it)."""
        s = self.source
        if self.one_line:
            if members:
                return s[:members[-1].value_end] + self._separator() + text_of("") + s[members[-1].value_end:]
            return s[:open_ + 1] + text_of("") + s[close:]
        if members:
            indent = _line_indent(s, members[-1].key_start)
            return s[:members[-1].value_end] + ",\n" + indent + text_of(indent) + s[members[-1].value_end:]
        outer = _line_indent(s, open_)
        indent = outer + self.unit
        return s[:open_ + 1] + "\n" + indent + text_of(indent) + "\n" + outer + s[close:]

    def with_ours(self, value: dict) -> str:
        """The file's new text with our entry set to `value` (created: flag 2, mcpServers added: 1)."""
        s, ours = self.source, self._ours()
        if ours is not None:  # replace our value in place, keeping the flag
            indent = _line_indent(s, ours.key_start)
            flag = min(max(len(s[ours.colon + 1:ours.value_start]) - 1, 0), 2)
            return s[:ours.key_start] + self._render(value, indent, flag) + s[ours.value_end:]
        if self.servers is not None:
            return self._insert(self.inner, self.servers.value_start, self.inner_close,
                                lambda indent: self._render(value, indent, 0))
        flag = 2 if self.text is None else 1

        def servers_member(indent: str) -> str:
            if self.one_line:
                return '"mcpServers": {' + self._render(value, "", flag) + "}"
            inner = indent + self.unit
            return '"mcpServers": {\n' + inner + self._render(value, inner, flag) + "\n" + indent + "}"
        return self._insert(self.top, self.top_open, self.top_close, servers_member)

    def without_ours(self) -> str | None:
        """The file's text without our entry (None: delete the file, we created it and only ours is in it)."""
        s, ours = self.source, self._ours()
        flag = min(max(len(s[ours.colon + 1:ours.value_start]) - 1, 0), 2)
        if len(self.inner) > 1 or flag == 0:
            return _remove(s, self.inner, self.inner.index(ours), self.servers.value_start, self.inner_close)
        new = _remove(s, self.top, self.top.index(self.servers), self.top_open, self.top_close)
        if flag == 2 and json.loads(new) == {}:
            return None
        return new


def _remove(text: str, members: list[Member], index: int, open_: int, close: int) -> str:
    """`text` without members[index] and the separator the insertion put before it."""
    if len(members) == 1:
        return text[:open_ + 1] + text[close:]
    if index > 0:
        return text[:members[index - 1].value_end] + text[members[index].value_end:]
    return text[:members[0].key_start] + text[members[1].key_start:]


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
    """(what happens, the new text or None to delete the file), for `action` add or remove.
    What happens: added, updated, unchanged, theirs, removed, deleted, absent, none."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        text = None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read it ({exc}); left it untouched") from None
    if text is None and action == "remove":
        return "absent", None
    if client == "codex":
        return _plan_toml(path, text, action, value, server)
    config = JsonFile(path, text)
    current = config.current()
    if action == "remove":
        if current is None:
            return "none", text
        if not is_ours(current, server):
            return "theirs", text
        new = config.without_ours()
        if new is not None:
            _check_json(path, new, {k: v for k, v in config.data.items()}, None)
        return ("deleted" if new is None else "removed"), new
    if current is not None and not is_ours(current, server):
        return "theirs", text
    if current == value:
        return "unchanged", text
    new = config.with_ours(value)
    _check_json(path, new, config.data, value)
    return ("updated" if current is not None else "added"), new


def _check_json(path: Path, new: str, old: dict, value: dict | None) -> None:
    """The new text parses, holds `value` as our entry (None: no entry), and the rest as it was."""
    data = json.loads(new)

    def rest(d):
        servers = dict(d.get("mcpServers") or {})
        servers.pop(NAME, None)
        return {k: v for k, v in d.items() if k != "mcpServers"}, servers
    if rest(data) != rest(old) or (data.get("mcpServers") or {}).get(NAME) != value:
        raise UsageError(f"{path}: could not place our entry without changing the rest; left it untouched")


def _plan_toml(path: Path, text: str | None, action: str, value: dict | None, server: str):
    from ..text.blocks import with_block, without_block
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
        return ("deleted" if new == "" else "removed"), (None if new == "" else new)
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


def apply(path: Path, what: str, new: str | None) -> None:
    """Write the planned text (or delete the file we created, and its folder when empty)."""
    from .claude_settings import write_verified
    if what == "deleted":
        path.unlink()
        try:
            path.parent.rmdir()
        except OSError:
            pass
        return
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    write_verified(path, new, mode)

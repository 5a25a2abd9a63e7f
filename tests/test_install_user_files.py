"""The user's files, as install.sh finds them: each kind install.sh writes (Claude Code's settings.json with
and without an empty "hooks": {}, CLAUDE.md, AGENTS.md, Cursor's mcp.json, Codex's config.toml, Gemini CLI's
settings.json, Claude Desktop's config, OpenClaw's openclaw.json on one line), as a plain file and as a link
into a dotfiles folder (GNU Stow's relative links): --dry-run touches nothing, install writes through the
link (the link stays a link to the same place, its file gets our entries, its mode kept), --uninstall gives
every byte back (layout, key order, "hooks": {}, one line, CRLF, a byte order mark, no final newline), no
backup or temporary file is left, a change the person made in between stays, and a link to nothing is
refused in one line with nothing created."""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOOK = str(ROOT / "scripts" / "agent_hook.py")
SERVER = str(ROOT / "scripts" / "mcp_server.py")

# the person's files (relative to HOME): their own settings, in their own layout
FILES = {
    ".claude/settings.json": '{\n  "model": "opus",\n  "hooks": {}\n}\n',
    ".claude/CLAUDE.md": "# My rules\r\n\r\nBe brief.",
    "notes/AGENTS.md": "\ufeff# Agents\n\n- be kind\n",
    ".cursor/mcp.json": '{"mcpServers":{"github":{"command":"npx","args":["-y","gh-mcp"]}}}',
    ".codex/config.toml": 'model = "o3"\r\n\r\n[mcp_servers.docs]\r\ncommand = "npx"\r\n',
    ".gemini/settings.json": '{\r\n\t"theme": "GitHub",\r\n\t"mcpServers": { }\r\n}\r\n',
    ".config/Claude/claude_desktop_config.json": '{\n    "mcpServers": {\n    },\n    "x": "\\u00e9"\n}',
    ".openclaw/openclaw.json": '{"gateway":{"port":18789,"auth":{"token":"gw-token"}},"skills":{"entries":{}}}',
}
OPTIONS = ("--claude-code", "--mcp", "all", "--agents-md", "notes/AGENTS.md", "--openclaw-config",
           ".openclaw/openclaw.json")


def install(home: Path, *args: str, expect: int = 0, workspace: str = "ws") -> subprocess.CompletedProcess:
    # (tests/hosts/ and test_install_claude_code.py run install.sh with the real OpenClaw and Claude Code)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("HIPPOCAMPUS_", "OPENCLAW_", "CODEX_", "XDG_")) and k != "WORKSPACE"}
    env["HOME"] = str(home)
    result = subprocess.run([str(ROOT / "install.sh"), "--workspace", str(home / workspace), *args], capture_output=True,
                            text=True, env=env, timeout=300, cwd=home)
    assert result.returncode == expect, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def place(home: Path, linked: bool, files: dict = FILES) -> dict[str, Path]:
    """Each file where the program reads it; `linked`: kept in ~/dotfiles and linked in, as Stow does."""
    where = {}
    for name, text in files.items():
        path = home / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if linked:
            kept = home / "dotfiles" / name.replace("/", "_").lstrip(".")
            kept.parent.mkdir(exist_ok=True)
            kept.write_bytes(text.encode())
            kept.chmod(0o640)
            path.symlink_to(os.path.relpath(kept, path.parent))
        else:
            path.write_bytes(text.encode())
            path.chmod(0o640)
        where[name] = path
    return where


def state(home: Path) -> dict:
    """Every file and link outside the workspace: links as where they point, files as their bytes and mode."""
    seen = {}
    for path in sorted(home.rglob("*")):
        if path.is_relative_to(home / "ws") or path.name == ".claude.json":
            continue
        if path.is_symlink():
            seen[str(path.relative_to(home))] = ("link", os.readlink(path))
        elif path.is_file():
            seen[str(path.relative_to(home))] = (path.read_bytes(), path.stat().st_mode & 0o777)
    return seen


def ours_in(name: str, text: str) -> bool:
    if name.endswith(".md"):
        return "<!-- hippocampus:start" in text
    if name.endswith(".toml"):
        return "hippocampus" in tomllib.loads(text).get("mcp_servers", {})
    data = json.loads(text.lstrip("\ufeff"))
    if name.endswith("settings.json") and "claude" in name:
        return any(HOOK in json.dumps(data.get("hooks", {}).get(e)) for e in ("SessionStart", "Stop", "SessionEnd"))
    if name.endswith("openclaw.json"):
        return str(ROOT) in json.dumps(data.get("skills"))
    return ((data.get("mcpServers") or {}).get("hippocampus") or {}).get("args", [None])[0] == SERVER


@pytest.mark.parametrize("linked", [False, True], ids=["plain", "linked"])
def test_every_file_is_written_through_its_link_and_given_back_byte_for_byte(tmp_path, linked):
    home = tmp_path / "home"
    files = place(home, linked)
    before = state(home)
    dry = install(home, *OPTIONS, "--dry-run")
    assert "would add" in dry.stdout and state(home) == before, dry.stdout

    install(home, *OPTIONS)
    after = state(home)
    problems = {}
    for name, path in files.items():
        if path.is_symlink() != linked or (linked and os.readlink(path) != before[name][1]):
            problems[name] = "no longer the link it was" if linked else "became a link"
        elif not ours_in(name, path.read_bytes().decode()):
            problems[name] = "ours not in it"
        elif (path.stat().st_mode & 0o777) != 0o640:
            problems[name] = f"mode {path.stat().st_mode & 0o777:o}"
    left = sorted(set(after) - set(before))  # a backup, a temporary file, a plain copy beside the link
    assert problems == {} and left == [], (problems, left)
    installed = state(home)
    assert "would remove" in install(home, *OPTIONS, "--uninstall", "--dry-run").stdout and state(home) == installed

    install(home, *OPTIONS, "--uninstall")
    after = state(home)
    changed = {name: after.get(name) for name in before if after.get(name) != before[name]}
    assert changed == {} and set(after) == set(before), changed


@pytest.mark.parametrize("original", [
    '{"permissions":{"allow":["Bash(npm test)"]},"env":{"NAME":"\\u00e9t\\u00e9"}}',   # one line, tight, no newline
    '\ufeff{\r\n\t"hooks": {\r\n\t\t"Stop": [ ]\r\n\t},\r\n\t"model":  "sonnet"\r\n}',      # BOM, CRLF, tabs
], ids=["one-line", "crlf-bom"])
def test_project_settings_without_hooks_come_back_byte_for_byte_through_a_link(tmp_path, original):
    home = tmp_path / "home"
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    files = {"dotfiles/settings.local.json": original, "dotfiles/CLAUDE.local.md": "Notes\n"}
    place(home, False, files)
    (project / ".claude" / "settings.local.json").symlink_to(home / "dotfiles" / "settings.local.json")
    (project / "CLAUDE.local.md").symlink_to(home / "dotfiles" / "CLAUDE.local.md")
    install(home, "--claude-code", str(project))
    settings = json.loads((home / "dotfiles" / "settings.local.json").read_text(encoding="utf-8-sig"))
    assert len(settings["hooks"]["SessionStart"]) == 1 and (project / ".claude" / "settings.local.json").is_symlink()
    install(home, "--claude-code", str(project), "--uninstall")
    assert (home / "dotfiles" / "settings.local.json").read_bytes() == original.encode()
    assert (home / "dotfiles" / "CLAUDE.local.md").read_bytes() == b"Notes\n"
    assert (project / ".claude" / "settings.local.json").is_symlink() and (project / "CLAUDE.local.md").is_symlink()
    assert sorted(p.name for p in (home / "dotfiles").iterdir()) == ["CLAUDE.local.md", "settings.local.json"]


def test_a_change_made_between_install_and_uninstall_stays_and_only_ours_goes(tmp_path):
    home = tmp_path / "home"
    files = place(home, True)
    install(home, *OPTIONS)
    # another workspace: our hooks, block and MCP entries are replaced (OpenClaw's core file names the workspace)
    install(home, *OPTIONS[:-2], "--no-openclaw-config", workspace="ws2")
    assert "ws2" in files[".claude/settings.json"].read_text() and "ws2" in files[".cursor/mcp.json"].read_text()
    edits = {  # what the person does in between, in their editor
        ".claude/settings.json": lambda t: t.replace('"model": "opus"', '"model": "haiku"'),
        ".claude/CLAUDE.md": lambda t: t + "\nA line of mine.\n",
        ".cursor/mcp.json": lambda t: t.replace('{"mcpServers":{', '{"mcpServers":{"later":{"command":"x"},', 1),
        ".codex/config.toml": lambda t: t + '\n[mcp_servers.later]\ncommand = "x"\n',
        ".openclaw/openclaw.json": lambda t: t.replace('"port":18789', '"port":18790'),
    }
    for name, edit in edits.items():
        files[name].write_bytes(edit(files[name].read_bytes().decode()).encode())
        assert files[name].is_symlink()
    install(home, *OPTIONS, "--uninstall")
    for name, path in files.items():
        assert path.is_symlink() and not ours_in(name, path.read_bytes().decode()), name
    assert json.loads(files[".claude/settings.json"].read_text()) == {"model": "haiku", "hooks": {}}
    assert files[".claude/CLAUDE.md"].read_bytes().decode() == FILES[".claude/CLAUDE.md"] + "\nA line of mine.\n"
    assert json.loads(files[".cursor/mcp.json"].read_text())["mcpServers"] == {
        "later": {"command": "x"}, "github": {"command": "npx", "args": ["-y", "gh-mcp"]}}
    assert tomllib.loads(files[".codex/config.toml"].read_text())["mcp_servers"] == {
        "docs": {"command": "npx"}, "later": {"command": "x"}}
    assert files[".openclaw/openclaw.json"].read_text() == FILES[".openclaw/openclaw.json"].replace("18789", "18790")


def test_an_empty_file_is_the_persons_and_comes_back_empty(tmp_path):
    # (before: all but AGENTS.md were deleted on --uninstall, as if install had created them)
    home = tmp_path / "home"
    empty = {".claude/settings.json": "{}", ".claude/CLAUDE.md": "", "notes/AGENTS.md": "\n",
             ".cursor/mcp.json": "", ".codex/config.toml": "", ".gemini/settings.json": " \r\n"}
    files = place(home, False, empty)
    options = ("--no-openclaw-config", "--claude-code", "--mcp", "cursor,codex,gemini", "--agents-md", "notes/AGENTS.md")
    install(home, *options)
    assert all(ours_in(name, path.read_bytes().decode()) for name, path in files.items())
    install(home, *options, "--uninstall")
    assert {name: path.read_bytes().decode() for name, path in files.items() if path.exists()} == empty


def test_a_file_we_made_and_the_person_then_linked_stays_a_link(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    install(home, "--mcp", "cursor")
    made = home / ".cursor" / "mcp.json"
    kept = home / "dotfiles" / "mcp.json"
    kept.parent.mkdir()
    made.rename(kept)
    made.symlink_to(kept)
    install(home, "--mcp", "cursor", "--uninstall")
    assert made.is_symlink() and json.loads(kept.read_text()) == {}  # their link and its file stay, ours is out


def test_a_link_to_nothing_is_refused_in_one_line_and_nothing_is_created(tmp_path):
    home = tmp_path / "home"
    for name in (".claude/settings.json", ".cursor/mcp.json", "notes/AGENTS.md", ".openclaw/openclaw.json"):
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).symlink_to(home / "dotfiles" / Path(name).name)
    for args in (["--no-openclaw-config", "--claude-code"], ["--no-openclaw-config", "--mcp", "cursor"],
                 ["--no-openclaw-config", "--agents-md", "notes/AGENTS.md"],
                 ["--openclaw-config", ".openclaw/openclaw.json"]):
        failed = install(home, *args, expect=1)
        lines = [line for line in failed.stderr.splitlines() if "not there" in line]
        assert len(lines) == 1 and "link" in lines[0], (args, failed.stderr)
        assert not (home / "dotfiles").exists(), args


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file: run as a user to see the refusal")
def test_a_read_only_file_is_refused_in_one_line_and_left_as_it_was(tmp_path):
    home = tmp_path / "home"
    files = place(home, True, {".cursor/mcp.json": '{"mcpServers": {}}'})
    target = home / "dotfiles" / "cursor_mcp.json"
    target.chmod(0o444)
    failed = install(home, "--mcp", "cursor", expect=1)
    assert "read-only" in failed.stderr and files[".cursor/mcp.json"].read_text() == '{"mcpServers": {}}'

#!/usr/bin/env python3
"""install.sh's helper for our MCP server in Cursor, Codex, Gemini CLI and Claude Desktop (only ours)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import os
import sys

from hippocampus import cli


def main(argv):
    p = cli.parser("wire_mcp.py", "Add or remove the MCP server hippocampus in an agent's user config "
                   "(cursor: ~/.cursor/mcp.json, codex: ~/.codex/config.toml, gemini: ~/.gemini/settings.json, "
                   "claude-desktop: claude_desktop_config.json). Ours is the entry whose args are this checkout's "
                   "scripts/mcp_server.py ... --hippocampus-mcp; everything else in the file stays byte for byte.")
    p.add_argument("action", choices=("add", "remove"))
    p.add_argument("client", choices=("cursor", "codex", "gemini", "claude-desktop"))
    p.add_argument("--file", metavar="PATH", help="the config file (default: the client's user config)")
    p.add_argument("--dry-run", action="store_true", help="say what would change; change nothing")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.hosts import mcp_clients as mc
    path = Path(cli.clean_text(args.file)).expanduser() if args.file else mc.config_path(args.client)
    server = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp_server.py")
    workspace = str(cli.workspace_root(args).resolve())
    value = mc.entry(sys.executable, server, workspace)
    what, new = mc.plan(args.client, args.action, path, value if args.action == "add" else None, server)
    label = mc.LABELS[args.client]
    def verb(now: str, done: str) -> str:
        return f"would {now}" if args.dry_run else done
    shown = f"{value['command']} {' '.join(value['args'])}"
    lines = {
        "added": f"{verb('add', 'added')} the MCP server {mc.NAME} to {label} ({path}): {shown}",
        "updated": f"{verb('update', 'updated')} the MCP server {mc.NAME} in {label} ({path}): {shown}",
        "unchanged": f"{label} already has the MCP server {mc.NAME} ({path})",
        "theirs": f"note: {path} has an MCP server named {mc.NAME} that is not ours; left it"
                  + (f" (ours would be: {shown})" if args.action == "add" else ""),
        "removed": f"{verb('remove', 'removed')} the MCP server {mc.NAME} from {label} ({path})",
        "deleted": f"{verb('remove', 'removed')} {path} (only our MCP server was in it)" if not path.is_symlink()
                   else f"{verb('remove', 'removed')} the MCP server {mc.NAME} from {label} ({path}; the link stays)",
        "absent": f"{path}: not there, nothing to remove",
        "none": f"{path}: no MCP server of ours",
    }
    if what in ("added", "updated", "removed", "deleted"):
        from hippocampus.base import user_file
        user_file.writable(path)  # (a link to nothing, a read-only file: one line, before anything is said)
        if not args.dry_run:
            mc.apply(path, what, new)
    print(lines[what])
    return 0


if __name__ == "__main__":
    cli.run(main)

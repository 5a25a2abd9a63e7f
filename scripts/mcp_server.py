#!/usr/bin/env python3
"""Serve memory to MCP clients (Claude Code, Cursor, Codex, Gemini CLI, Claude Desktop) over stdio.

Tools: recall, remember, reinforce, forget, load_core, status (references/architecture.md,
"MCP server"). Needs the optional Python package mcp 2.x: pip install 'mcp>=2,<3'.
"""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import argparse

from hippocampus import cli


def main(argv):
    p = cli.parser("mcp_server.py", "Run the MCP server on stdin/stdout for one client, until it closes stdin. "
                   "Every tool call is what the matching script does, in the same transaction.", json_flag=False)
    p.add_argument("--init", action="store_true", help="create the workspace first when it is missing or "
                   "incomplete, as init.py does (a plugin's first start)")
    p.add_argument("--hippocampus-mcp", action="store_true", help=argparse.SUPPRESS)  # install.sh's marker
    args = p.parse_args(argv)
    root = cli.workspace_root(args)
    from hippocampus.hosts.mcp_server import load_sdk, serve
    load_sdk()  # (without the SDK: one line, and no workspace created)
    if args.init:
        from hippocampus.store.initialise import initialise
        initialise(root, cli.now())  # (prints nothing: stdout is the client's)
    serve(root, cli.clean_text(args.actor) if args.actor else None)


if __name__ == "__main__":
    cli.run(main, resident=True)  # a server: frees what it drops (base/exiting.py)

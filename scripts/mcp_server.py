#!/usr/bin/env python3
"""Serve memory to MCP clients (Claude Code, Cursor, Codex, Gemini CLI, Claude Desktop) over stdio.

Tools: recall, remember, reinforce, forget, load_core, status (references/architecture.md,
"MCP server"). Needs the optional Python package mcp 2.x: pip install 'mcp>=2,<3'.
"""
from hippocampus import cli


def main(argv):
    p = cli.parser("mcp_server.py", "Run the MCP server on stdin/stdout for one client, until it closes stdin. "
                   "Every tool call is what the matching script does, in the same transaction.", json_flag=False)
    args = p.parse_args(argv)
    from hippocampus.mcp_server import serve
    serve(cli.workspace_root(args), cli.clean_text(args.actor) if args.actor else None)


if __name__ == "__main__":
    cli.run(main)

"""The hosts we live in: OpenClaw, Claude Code, MCP clients, scheduled jobs, the dashboard."""

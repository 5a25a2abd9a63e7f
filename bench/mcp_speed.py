#!/usr/bin/env python3
"""Recall through the MCP server at 10,000 memories, beside the CLI, in one run on one store.

The store is built as bench/speed.py builds it (LoCoMo dialogue turns with
light variations, through remember.py --jsonl). The server is started with
the SDK's own stdio client (mcp 2.x) as an agent's host starts it; each figure
is the round trip of one tools/call as the client sees it (JSON-RPC over the
pipes included). The CLI figure is whole-process `python3 -S recall.py --json`,
as SKILL.md has agents call it; "in process" is agent_tools.Tools.recall
called directly (the server's work without the protocol). Also: remember
through the server, and a recall right after a CLI remember (the server sees
the new index and brings its cache level).

    python3 bench/mcp_speed.py                    # 10,000 memories, 200 recalls
    python3 bench/mcp_speed.py --size 1000 --runs 100
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
SCRIPTS = ROOT / "scripts"
# its folder off sys.path (scripts/ first): no bench script stands in for a package or a script
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != BENCH]
sys.path.insert(0, str(SCRIPTS))


def _speed():
    """bench/speed.py, which builds the store (loaded by path, the folder being off sys.path)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("speed", BENCH / "speed.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


speed = _speed()
QUERIES, build, corpus, settle, timed = speed.QUERIES, speed.build, speed.corpus, speed.settle, speed.timed


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
    return f"p50 {statistics.median(ordered) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms (n={len(ordered)})"


async def through_server(root: Path, env: dict, runs: int) -> dict:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-S", str(SCRIPTS / "mcp_server.py"),
                                                                 "--workspace", str(root)], env=env)
    figures: dict = {}
    with open(os.devnull, "w") as quiet:
        started = time.perf_counter()
        async with stdio_client(params, errlog=quiet) as (read, write):
            async with ClientSession(read, write) as client:
                await client.initialize()
                await client.list_tools()
                figures["start"] = time.perf_counter() - started

                async def call(tool: str, **arguments) -> float:
                    begun = time.perf_counter()
                    result = await client.call_tool(tool, arguments)
                    elapsed = time.perf_counter() - begun
                    if result.is_error:
                        raise SystemExit(f"{tool} failed: {result.content[0].text}")
                    return elapsed

                figures["first"] = await call("recall", query="warm up")
                figures["recall"] = [await call("recall", query=QUERIES[i % len(QUERIES)]) for i in range(runs)]
                figures["remember"] = [await call("remember", content=f"MCP bench memory {i} about "
                                                                      f"{QUERIES[i % len(QUERIES)]}")
                                       for i in range(10)]
                after_cli = []
                for i in range(5):  # another process writes; the next call must see it
                    subprocess.run([sys.executable, "-S", str(SCRIPTS / "remember.py"), f"CLI bench memory {i}"],
                                   env=env, check=True, capture_output=True)
                    after_cli.append(await call("recall", query=QUERIES[i]))
                figures["after_cli"] = after_cli
    return figures


def in_process(root: Path, env: dict, runs: int) -> list[float]:
    os.environ.update(env)
    from hippocampus.hosts.agent_tools import Tools

    tools = Tools(root)
    tools.recall("warm up")
    samples = []
    for i in range(runs):
        started = time.perf_counter()
        tools.recall(QUERIES[i % len(QUERIES)])
        samples.append(time.perf_counter() - started)
    return samples


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", type=int, default=10_000)
    p.add_argument("--runs", type=int, default=200, help="recalls through the server (and in process)")
    p.add_argument("--cli-runs", type=int, default=20)
    p.add_argument("--store-dir", metavar="DIR", help="build the store in DIR and keep it; a store already "
                   "there is used as it is (for repeated runs)")
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "locomo-dev.json"))
    args = p.parse_args()
    import anyio

    subprocess.run([sys.executable, "-m", "compileall", "-q", "-f", str(SCRIPTS / "hippocampus")], check=True,
                   capture_output=True)
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        root = Path(args.store_dir).resolve() if args.store_dir else Path(tmp) / "workspace"
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")},
               "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": "2026-12-01T00:00:00Z"}
        imported = 0.0
        if not (root / "memory" / "index.json").is_file():
            imported = build(root, args.size, corpus(Path(args.data)), env)
        settle(root)
        recall = [sys.executable, "-S", str(SCRIPTS / "recall.py"), "--json"]
        timed(recall + ["warm up"], env)  # the first call builds the derived cache
        cli = [timed(recall + [QUERIES[i % len(QUERIES)]], env) for i in range(args.cli_runs)]
        server = anyio.run(through_server, root, env, args.runs)
        local = in_process(root, env, args.runs)
    built = f"bulk import {imported:.1f} s" if imported else f"the store in {args.store_dir}"
    print(f"{args.size:,} memories ({built}), {os.cpu_count()} cores")
    print(f"recall, MCP server (SDK stdio client round trip): {percentiles(server['recall'])}")
    print(f"recall, CLI (python3 -S recall.py --json, whole process): {percentiles(cli)}")
    print(f"recall, in process (agent_tools.Tools.recall): {percentiles(local)}")
    print(f"recall, MCP, right after a CLI remember: {percentiles(server['after_cli'])}")
    print(f"remember, MCP server: {percentiles(server['remember'])}")
    print(f"server start to tools listed: {server['start'] * 1000:.0f} ms; its first recall "
          f"{server['first'] * 1000:.1f} ms")


if __name__ == "__main__":
    main()

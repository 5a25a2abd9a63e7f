#!/usr/bin/env python3
"""Write HIPPOCAMPUS_CORE.md (for OpenClaw memory.search.extraPaths) from core memories."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli
from hippocampus.base.config import CORE_MIN_TOKENS


def main(argv):
    p = cli.parser("sync_core.py", "Regenerate HIPPOCAMPUS_CORE.md atomically; commits only when it changed.")
    p.add_argument("--budget", type=cli.bounded_int(CORE_MIN_TOKENS, 1_000_000),
                   help="tokens (~4 chars each, heading and notes included); default 1500, capped at 3000")
    args = p.parse_args(argv)
    from hippocampus.lifecycle.core_sync import sync_core
    workspace = cli.open_workspace(args)
    info = sync_core(workspace, args.budget)
    if args.json:
        cli.print_json(info)
    else:
        state = "updated" if info["changed"] else "unchanged"
        print(f"HIPPOCAMPUS_CORE.md {state}: {info['shown']} core memories, {info['leftOut']} left out, "
              f"~{info['tokens']} tokens")


if __name__ == "__main__":
    cli.run(main)

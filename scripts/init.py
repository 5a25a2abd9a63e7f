#!/usr/bin/env python3
"""Create (or complete) a hippocampus workspace. Idempotent."""
from hippocampus import cli


def main(argv):
    p = cli.parser("init.py", "Create the workspace: memory folders, index.json, config, git repository.")
    args = p.parse_args(argv)
    from hippocampus.store.initialise import initialise
    root = cli.workspace_root(args)
    done = initialise(root, cli.now())
    if args.json:
        cli.print_json({"workspace": str(root), "done": done})
    else:
        print("\n".join(done) if done else f"workspace {root} is ready; nothing to do")


if __name__ == "__main__":
    cli.run(main)

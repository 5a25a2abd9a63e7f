#!/usr/bin/env python3
"""The same memory on every machine: pick up hand edits, fetch, merge memory by memory, push."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("sync.py", "Sync the workspace with a git remote: hand edits committed, the remote's changes "
                   "merged memory by memory (nothing lost, no conflict markers), derived files rebuilt, pushed. "
                   "Exit 3 when the remote cannot be reached (nothing changed). references/sync.md")
    p.add_argument("--remote", default="origin", metavar="NAME", help="the git remote (default origin)")
    p.add_argument("--dry-run", action="store_true", help="fetch and say what would come in and go out; "
                   "merge and push nothing")
    p.add_argument("--timeout", type=float, metavar="SECONDS", help="stop a fetch or push that takes longer "
                   "(default 300; the workspace is never locked while the network is waited for)")
    args = p.parse_args(argv)
    from hippocampus.sync.remote_git import timeout_from
    from hippocampus.sync.remote_sync import sync
    timeout = timeout_from(args.timeout)
    workspace = cli.open_workspace(args)
    result = sync(workspace, cli.clean_text(args.remote), dry_run=args.dry_run, timeout=timeout)
    if args.json:
        cli.print_json(result)
        return 0
    if result.get("skipped"):
        print(f"sync: {result['skipped']}")
        return 0
    def said(counts):
        return f"{counts['added']} new, {counts['changed']} changed, {counts['forgotten']} forgotten"
    verb = "would come in" if args.dry_run else "came in"
    print(f"{result['remote']}/{result['branch']}: {verb}: {said(result['in'])}; "
          f"{'would go' if args.dry_run else 'went'} out: {said(result['out'])}"
          + ("" if args.dry_run else f" ({'pushed' if result['pushed'] else 'nothing to push'})"))
    for conflict in result["conflicts"]:
        print(f"{conflict}: a memory edited on two machines; both texts kept "
              f"(scripts/conflicts.py resolve {conflict} --keep MEM_ID)")


if __name__ == "__main__":
    cli.run(main)

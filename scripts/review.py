#!/usr/bin/env python3
"""Review proposals other agents filed in hippocampus/meta/pending-memories.md."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("review.py", "List, approve or reject proposals. Approving writes the memory in a commit "
                   "credited to the agent that proposed it; rejecting keeps the proposal with its reason.")
    commands = cli.Commands(p)
    listing = commands.add("list", help="pending proposals (--all: decided ones too)")
    listing.add_argument("--all", action="store_true", help="include approved and rejected proposals")
    approving = commands.add("approve", help="approve proposals by number, or --all pending ones")
    approving.add_argument("ids", nargs="*", type=cli.bounded_int(1, 10**9), metavar="N")
    approving.add_argument("--all", action="store_true", help="every pending proposal")
    rejecting = commands.add("reject", help="reject one proposal, saying why")
    rejecting.add_argument("id", type=cli.bounded_int(1, 10**9), metavar="N")
    rejecting.add_argument("--reason", required=True, help="why (kept in the file and the commit)")
    args = commands.parse(argv)
    from hippocampus.lifecycle import proposals
    workspace = cli.open_workspace(args)
    if args.command == "list":
        _text, found = proposals.load(workspace)
        shown = found if args.all else [item for item in found if item["state"] == "pending"]
        if args.json:
            cli.print_json({"proposals": shown})
        elif not shown:
            print("No pending proposals.")
        else:
            for item in shown:
                print(f"#{item['id']} [{item['state']}] from {item.get('from')} ({item.get('timestamp', '')[:10]}, "
                      f"{item.get('store', 'semantic')}, confidence {item.get('confidence', '?')}): "
                      f"{cli.one_line(item.get('content', ''), 200)}")
        return 0
    if workspace.agent != "main":
        raise cli.UsageError(f"{workspace.agent} cannot review proposals; only the main agent decides")
    if args.command == "approve":
        if bool(args.ids) == bool(args.all):
            raise cli.UsageError("give proposal numbers or --all, not both and not neither")
        results = proposals.approve(workspace, None if args.all else args.ids, workspace.agent)
        if args.json:
            cli.print_json({"approved": results})
        elif not results:
            print("No pending proposals.")
        else:
            for item in results:
                print(f"approved #{item['proposal']} from {item['from']} as {item['id']} ({item['action']})")
        return 0
    result = proposals.reject(workspace, args.id, args.reason, workspace.agent)
    if args.json:
        cli.print_json(result)
    else:
        print(f"rejected #{result['proposal']} from {result['from']}: {result['reason']}")


if __name__ == "__main__":
    cli.run(main)

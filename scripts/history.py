#!/usr/bin/env python3
"""One memory's life: created, edited, reinforced, decayed across thresholds, archived."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("history.py", "Show one memory's history from the audit log and git.")
    p.add_argument("id", help="the memory id (mem_...)")
    args = p.parse_args(argv)
    from hippocampus.recall.history import history
    result = history(cli.open_workspace(args), cli.clean_text(args.id))
    if args.json:
        cli.print_json(result)
        return 0
    current = result["current"]
    if current:
        print(f"{result['id']}: {cli.one_line(current['content'], 120)}")
        print(f"  now {current.get('status')}, importance {current.get('importance', 0):.3f}, "
              f"reinforced {current.get('timesReinforced', 0)} times, file {current.get('file') or '-'}")
        if current.get("supersededBy"):
            print(f"  superseded by {current['supersededBy']} (stale for questions about now; kept)")
        if "halfLifeFactor" in current:
            print(f"  outcomes {current.get('outcomeGood', 0)} good, {current.get('outcomeBad', 0)} bad: "
                  f"half-life x{current['halfLifeFactor']:g}")
        if current.get("invalidatedBecause"):
            print(f"  invalidated (stale): {cli.one_line(str(current['invalidatedBecause']), 120)}")
        if current.get("supersedes"):
            print(f"  supersedes {', '.join(current['supersedes'])}")
    else:
        print(f"{result['id']}: no longer in the index")
    for event in result["events"]:
        commit = f" [{event['commit']}]" if event["commit"] else ""
        flag = "CRITICAL " if event["critical"] else ""
        print(f"  {event['time']}  {flag}{event['event']} by {event['actor']}{commit}: {cli.one_line(event['summary'], 100)}")


if __name__ == "__main__":
    cli.run(main)

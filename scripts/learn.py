#!/usr/bin/env python3
"""Learn lessons from your repositories: learn.py --git [--days N] [--repo PATH ...] [--dry-run].

Each fix, revert or bug commit of the last N days becomes one lesson memory
(category lessons, source git:<commit id>), never the same commit twice;
a commit that migrated from one thing to another is a proposal to invalidate
what rests on the old one, printed, never run. One commit for the run.
"""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import os

from hippocampus import cli


def main(argv):
    p = cli.parser("learn.py", "Learn lessons from git: each fix, revert or bug commit (its subject says fix, "
                   "revert, bug, regression, crash, broken, repair) of the last --days in each --repo becomes "
                   "one lesson memory (category lessons, source git:<commit id>; subject, body up to 600 "
                   "characters and the first 5 files changed; redacted). A commit learned once is never learned "
                   "again, even after its lesson is forgotten (the ids are kept in meta/learned-commits.txt). A "
                   "commit that migrated from one thing to another ('migrate from webpack to vite', 'switch X to "
                   "Y', 'replace X with Y') gives a proposal, an invalidate.py command for you to judge; it is "
                   "never run. The repository is read, never written, with git hardened against its own config "
                   "(no pager, hooks, fsmonitor, external diff or textconv); at most 2,000 commits a repository "
                   "and 200 lessons a run.")
    p.add_argument("--git", action="store_true", help="learn from git commits (the one source so far)")
    p.add_argument("--days", type=cli.bounded_int(1, 36500), default=30,
                   help="how far back, in days (default 30)")
    p.add_argument("--repo", action="append", metavar="PATH",
                   help="a repository (repeatable; default: the current folder's)")
    p.add_argument("--dry-run", action="store_true", help="say what would be learned; change nothing")
    args = p.parse_args(argv)
    if not args.git:
        raise cli.UsageError("say what to learn from: --git (see --help)")
    from hippocampus.ingest.git_lessons import learn, plan
    workspace = cli.open_workspace(args)
    repos = [cli.clean_text(r) for r in args.repo] if args.repo else [os.getcwd()]
    planned = plan(workspace, repos, args.days)
    learned = []
    if planned["lessons"] and not args.dry_run:
        with workspace.transaction("bot:learn", "learn") as tx:
            learned = learn(tx, planned)
            tx.summary = (f"learned {len(learned)} lesson{'s' * (len(learned) != 1)} from git: "
                          + ", ".join(lesson["commit"][:10] for lesson in learned[:10])
                          + (" …" if len(learned) > 10 else ""))
    if args.json:
        cli.print_json({"dryRun": bool(args.dry_run), "repos": planned["repos"],
                        "learned": learned if not args.dry_run else [
                            {"commit": l["commit"], "repo": l["repo"], "content": l["text"]}
                            for l in planned["lessons"]],
                        "known": planned["known"], "ignored": planned["ignored"],
                        "overLimit": planned["overLimit"],
                        "proposals": [{k: v for k, v in pr.items() if k != "command"} | {"command": pr["command"]}
                                      for pr in planned["proposals"]]})
        return 0
    count = len(planned["lessons"])
    verb = "would learn" if args.dry_run else "learned"
    print(f"{verb} {count} lesson{'s' * (count != 1)} from {len(planned['repos'])} "
          f"repositor{'ies' if len(planned['repos']) != 1 else 'y'} ({planned['known']} commits already learned, "
          f"{planned['ignored']} not fixes" + (f", {planned['overLimit']} over the limit" if planned["overLimit"]
                                               else "") + ")")
    shown = learned if not args.dry_run else [{"commit": l["commit"], "content": l["text"], "id": None}
                                              for l in planned["lessons"]]
    for lesson in shown:
        first = lesson["content"].split("\n", 1)[0]
        print(f"  {lesson['commit'][:10]}" + (f" {lesson['id']}" if lesson.get("id") else "") + f": {first}")
    if planned["proposals"]:
        print("Proposed (not run; judge each, then run it yourself):")
        for proposal in planned["proposals"]:
            print(f"  {proposal['command']}   # commit {proposal['commit'][:10]} in {proposal['repo']}")
    return 0


if __name__ == "__main__":
    cli.run(main)

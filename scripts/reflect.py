#!/usr/bin/env python3
"""Reflection: prepare the input bundle for the agent, then record what it wrote."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("reflect.py", "The agent reflects; this script does the bookkeeping "
                   "(references/reflection-process.md).")
    commands = cli.Commands(p)
    preparing = commands.add("prepare", help="print the reflection input: episodes since the last reflection, "
                               "entities, memories above 0.3, recent logs, the prompt")
    preparing.add_argument("--budget", type=cli.bounded_int(1000, 200_000), default=6000, metavar="TOKENS",
                           help="fit the bundle in this many tokens (~4 characters each; default 6000)")
    recording = commands.add("record", help="file a reflection written by the agent")
    recording.add_argument("--file", required=True, metavar="FILE", help="the reflection (markdown; - for stdin)")
    commands.add("self-image-done", help="note that IDENTITY.md's self-image was rewritten from the log")
    args = commands.parse(argv)
    from hippocampus.lifecycle import reflection
    if args.command == "record":
        text = cli.read_file_or_stdin(args.file)
    workspace = cli.open_workspace(args)
    if args.command == "prepare":
        result = reflection.prepare(workspace, args.budget)
        if args.json:
            cli.print_json(result)
        else:
            print(result["text"], end="")
        return 0
    with workspace.transaction("reflection", "reflect") as tx:
        result = reflection.record(tx, text) if args.command == "record" else reflection.mark_self_image(tx)
    if args.json:
        cli.print_json(result)
    elif args.command == "record" and result["alreadyRecorded"]:
        print(f"reflection {result['id']} ({result['file']}) already holds this text; nothing recorded again")
    elif args.command == "record":
        print(f"recorded reflection {result['id']} ({result['file']}); {result['selfAwareness']} self-awareness "
              f"lines copied to IDENTITY.md" + (f"; reward: {result['reward']['result']}" if result["reward"] else ""))
        if result["selfImageDue"]:
            print(f"self-image consolidation is due: {result['selfImageDue']} new entries in IDENTITY.md's "
                  "self-awareness log; rewrite its Self-image section, then run reflect.py self-image-done")
    else:
        print("self-image consolidation noted in IDENTITY.md")


if __name__ == "__main__":
    cli.run(main)

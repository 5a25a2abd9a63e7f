#!/usr/bin/env python3
"""install.sh's helper for our entries in OpenClaw's config file (only ours: exact paths in three lists, and
with --with-plugin our memory plugin's entries, each ours by its exact value: hosts/openclaw_plugin.py)."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import os
import subprocess

from hippocampus import cli


def main(argv):
    p = cli.parser("wire_openclaw.py", "Add or remove our entries in OpenClaw's openclaw.json (JSON or JSON5): "
                   "the checkout in skills.load.extraDirs, HIPPOCAMPUS_CORE.md in memory.search.extraPaths, the "
                   "hook pack in hooks.internal.load.extraDirs; with --with-plugin, the memory plugin "
                   "(plugins.load.paths, plugins.entries.hippocampus, plugins.slots.memory). Edited as text, through the file's link; "
                   "everything else stays byte for byte, and removing gives the file back byte for byte.")
    p.add_argument("action", choices=("add", "remove"))
    p.add_argument("config", help="OpenClaw's config file")
    p.add_argument("--skill", metavar="DIR", help="the folder OpenClaw loads the skill from (default: this checkout)")
    p.add_argument("--core", metavar="FILE", help="the core file (default: HIPPOCAMPUS_CORE.md in the workspace)")
    p.add_argument("--hooks", metavar="DIR", help="our hook pack (default: this checkout's openclaw-hooks)")
    p.add_argument("--no-core", action="store_true", help="add: no core file (the workspace is OpenClaw's own, "
                   "whose MEMORY.md it indexes); one of ours listed is taken out")
    p.add_argument("--with-hooks", action="store_true", help="add: list the hook pack too")
    p.add_argument("--plugin", metavar="DIR", help="our OpenClaw memory plugin (default: this checkout's "
                   "openclaw-plugin)")
    p.add_argument("--with-plugin", action="store_true", help="add: the memory plugin too, in OpenClaw's memory "
                   "slot (refused where another plugin holds the slot); remove takes it out as well")
    p.add_argument("--openclaw", metavar="BIN", help="the installed openclaw: its `config validate` checks the "
                   "result, and a file it rejects is put back as it was (exit 3); a JSON5 file is edited only then")
    p.add_argument("--dry-run", action="store_true", help="say what would change; change nothing")
    args = p.parse_args(argv)
    from pathlib import Path
    from hippocampus.base import user_file
    from hippocampus.hosts import openclaw_entries as oe
    from hippocampus.hosts import openclaw_plugin as op
    path = Path(cli.clean_text(args.config)).expanduser()
    checkout = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    skill = cli.clean_text(args.skill) if args.skill else checkout
    hooks = cli.clean_text(args.hooks) if args.hooks else os.path.join(checkout, "openclaw-hooks")
    plugin = cli.clean_text(args.plugin) if args.plugin else os.path.join(checkout, "openclaw-plugin")
    core = cli.clean_text(args.core) if args.core else str(cli.workspace_root(args) / "HIPPOCAMPUS_CORE.md")
    raw = user_file.read(path)
    if raw is None:
        raise cli.UsageError(f"no such file: {path}" + (f" (a link to {os.path.realpath(path)}, which is not there)"
                                                         if path.is_symlink() else ""))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise cli.UsageError(f"{path} is not UTF-8 text; left it untouched") from None
    if oe.is_json5(text) and not args.openclaw:
        raise cli.UsageError(f"{path} is JSON5 (comments, unquoted keys or trailing commas) and openclaw is not "
                             f"installed to check an edit; left it untouched: add \"{core}\" to "
                             f"memory.search.extraPaths and \"{skill}\" to skills.load.extraDirs by hand")
    if args.action == "add":
        new = oe.put_in(text, path, core, skill, hooks, not args.no_core, args.with_hooks)
        if args.with_plugin:  # the workspace is named only where it is not OpenClaw's (the scripts find that)
            new = op.put_in(new, path, plugin, None if args.no_core else str(cli.workspace_root(args)))
    else:
        new = oe.take_out(op.take_out(text, path, plugin), path, core, skill, hooks)  # put_in's order, reversed
    would = "would " if args.dry_run else ""
    if new == text:
        print(f"{path} already lists the skill" + ("" if args.no_core else f" and {core}")
              + (" and the memory plugin" if args.with_plugin else "") if args.action == "add"
              else f"{path}: nothing of ours to remove")
        return 0
    user_file.writable(path)
    if not args.dry_run:
        write(path, new)
        if args.openclaw:
            validate(args.openclaw, path, raw)
    if args.action == "add":
        print(f"{would}{'add' if would else 'added'} {skill} to skills.load.extraDirs"
              + ("" if args.no_core else f" and {core} to memory.search.extraPaths")
              + (f" and {hooks} to hooks.internal.load.extraDirs" if args.with_hooks else "")
              + (f" and the memory plugin {plugin} (plugins.load.paths, plugins.entries.hippocampus, "
                 f"plugins.slots.memory)" if args.with_plugin else "") + f" in {path}")
    else:
        print(f"{would}{'remove' if would else 'removed'} our entries (memory.search.extraPaths, "
              f"skills.load.extraDirs, hooks.internal.load.extraDirs, the memory plugin's) from {path}")
    return 0


def write(path, text: str) -> None:
    from hippocampus.base import user_file
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise cli.UsageError(f"a path for {path} is not valid UTF-8, which the config cannot hold; "
                             "left it untouched") from None
    user_file.write(path, data)


def validate(openclaw: str, path, original: bytes) -> None:
    """The installed OpenClaw reads the new file; where it rejects it, the original bytes go back."""
    from hippocampus.base import user_file
    env = {**os.environ, "OPENCLAW_CONFIG_PATH": str(path), "OPENCLAW_NO_AUTO_UPDATE": "1"}
    try:
        result = subprocess.run([openclaw, "config", "validate"], capture_output=True, text=True, env=env,
                                stdin=subprocess.DEVNULL, timeout=300)
        rejected, said = result.returncode != 0, result.stdout + result.stderr
    except (OSError, subprocess.TimeoutExpired) as exc:
        rejected, said = True, str(exc)
    if rejected:
        user_file.write(path, original)
        from hippocampus.errors import WorkspaceError
        raise WorkspaceError(f"the installed OpenClaw rejects the change, {path} is as it was: "
                                 f"{cli.one_line(said, 300)}")


if __name__ == "__main__":
    cli.run(main)

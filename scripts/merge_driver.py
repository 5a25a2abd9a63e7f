#!/usr/bin/env python3
"""Git's merge driver for a hippocampus workspace (set up by init.py and sync.py):

    merge_driver.py KIND %O %A %B %P

Writes the merged file over %A and exits 0; never leaves conflict markers.
Exits 1 with one line only when a version cannot be read at all (git then
falls back to its own merge of that file). KIND: index, memory, log, audit,
blocks, text, ours (references/sync.md).
"""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
import sys
from pathlib import Path


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return b""


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def main(argv: list[str]) -> int:
    from hippocampus import cli
    p = cli.parser("merge_driver.py", "Git's merge driver for a workspace (set up by init.py and sync.py): writes "
                   "the merged file over OURS, never with conflict markers; exit 1 when a version cannot be read "
                   "(git then merges that file itself). references/sync.md")
    p.add_argument("kind", choices=("index", "memory", "log", "audit", "blocks", "text", "ours"))
    p.add_argument("base", help="%%O: the common ancestor's version")
    p.add_argument("ours", help="%%A: our version, replaced by the merge")
    p.add_argument("theirs", help="%%B: their version")
    p.add_argument("path", help="%%P: the file's path in the repository")
    args = p.parse_args(argv)
    kind, base_path, ours_path, theirs_path, where = args.kind, args.base, args.ours, args.theirs, args.path
    o, a, b = _read(base_path), _read(ours_path), _read(theirs_path)
    from hippocampus.sync import merge_logs
    from hippocampus.sync import merge_markdown
    if kind == "index":
        from hippocampus import cli
        from hippocampus.sync import merge_index
        from hippocampus.base.config import load_config
        folder = Path.cwd() / where.rsplit("/", 1)[0] if "/" in where else Path.cwd()  # memory/ (where the index is)
        try:
            parts = merge_index.merge_bytes(o, a, b, cli.now(), load_config(folder, folder.parent / "hippocampus" / ".cache"))
        except merge_index.Unparsable as exc:
            print(f"hippocampus merge of {where}: {exc}; git's own merge is used", file=sys.stderr)
            return 1
        merged = parts  # (written part by part: at 100,000 memories one more copy of the index is 70 MB)
    elif kind == "ours":
        merged = a
    else:
        function = {"memory": merge_markdown.merge_memory_file, "log": merge_logs.merge_log,
                    "audit": merge_logs.merge_lines, "blocks": merge_markdown.merge_blocks_document,
                    "text": merge_markdown.merge_text}[kind]
        merged = function(_text(o), _text(a), _text(b)).encode("utf-8")
    from hippocampus.base.fsutil import atomic_write
    atomic_write(Path(ours_path), merged)
    return 0


if __name__ == "__main__":
    from hippocampus import cli
    cli.run(main)  # a bad argument is exit 1, any failure non-zero: git then merges the file itself

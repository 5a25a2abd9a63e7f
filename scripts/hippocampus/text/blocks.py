"""Our text inside a person's markdown file: a block between markers, or a line in a section.

    <!-- hippocampus:start -->            (AGENTS.md, CLAUDE.md)
    <!-- hippocampus:core:start -->       (MEMORY.md's core section)

Setting a block is idempotent (replaced in place when it differs, appended
after a blank line when missing); removing takes out exactly the block and
the separator we put before it. When the file did not end with a newline (an
empty file included) we add one more and note it with a space after the start
marker, so removal gives the file back byte for byte; a file we created begins
with our block. Markers that do not pair up are refused,
changing nothing.
"""

from __future__ import annotations

from ..errors import WorkspaceError

START = "<!-- hippocampus:start -->"
END = "<!-- hippocampus:end -->"


def with_block(text: str | None, body: str, start: str = START, end: str = END, name: str = "the file") -> str:
    """`text` (None: no file yet) with our block (between `start` and `end`) set to `body`. An
    empty file is a file without a final newline: removal gives it back empty, and `made_it`
    tells the file we created (our block first) from one that was there."""
    if text is None:
        return f"{start}\n{body.strip()}\n{end}\n"
    begin, finish = text.find(start), text.find(end)
    if begin < 0 and finish < 0:
        if text.endswith("\n"):
            return f"{text}\n{start}\n{body.strip()}\n{end}\n"
        return f"{text}\n\n{start} \n{body.strip()}\n{end}\n"
    _check(text, begin, finish, start, end, name)
    flag = " " if text[begin + len(start):begin + len(start) + 1] == " " else ""
    return text[:begin] + f"{start}{flag}\n{body.strip()}\n{end}\n" + text[_after(text, finish, end):]


def made_it(text: str, start: str = START) -> bool:
    """Whether the file begins with our block: we created it (removal then leaves it empty: delete it)."""
    return text.startswith(start)


def without_block(text: str, start: str = START, end: str = END, name: str = "the file") -> str:
    begin, finish = text.find(start), text.find(end)
    if begin < 0 and finish < 0:
        return text
    _check(text, begin, finish, start, end, name)
    added = 2 if text[begin + len(start):begin + len(start) + 1] == " " else 1
    head = text[:begin]
    if begin and head.endswith("\n" * added):
        head = head[:-added]  # the separator we put before the block
    return head + text[_after(text, finish, end):]


def _after(text: str, finish: int, end: str) -> int:
    position = finish + len(end)
    return position + 1 if text[position:position + 1] == "\n" else position


def _check(text: str, begin: int, finish: int, start: str, end: str, name: str) -> None:
    if text.count(start) != 1 or text.count(end) != 1 or finish < begin:
        raise WorkspaceError(f"{name} has {text.count(start)} '{start}' and {text.count(end)} '{end}' markers "
                             "(need one of each, start first); fix them by hand, nothing was changed")


def append_to_section(text: str, section: str, line: str) -> str:
    """`text` with `line` added at the end of its `## section` (the section is added when missing).
    Lines around it, and the rest of the file, stay as they were."""
    lines = text.rstrip("\n").split("\n")
    wanted = f"## {section}".lower()
    start = next((i for i, l in enumerate(lines) if l.strip().lower() == wanted), None)
    if start is None:
        return "\n".join(lines) + f"\n\n## {section}\n{line}\n"
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    insert = end
    while insert - 1 > start and not lines[insert - 1].strip():
        insert -= 1
    lines.insert(insert, line)
    return "\n".join(lines) + "\n"

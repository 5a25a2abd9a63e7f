"""The core section of MEMORY.md: ours between two markers, the person's elsewhere.

    <!-- hippocampus:core:start -->
    ## Core memories (hippocampus)
    ...
    <!-- hippocampus:core:end -->

Only the text between the markers is ever replaced; every byte outside them
stays as the person left it. A file without the markers gets the section
appended; markers that do not pair up are refused, changing nothing.
"""

from __future__ import annotations

from .errors import WorkspaceError

START = "<!-- hippocampus:core:start -->"
END = "<!-- hippocampus:core:end -->"
NOTE = ("_Written by hippocampus (scripts/sync_core.py); the text between these markers is replaced "
        "on every sync. Everything outside them is yours and is never rewritten._")


def with_section(text: str | None, section: str) -> str:
    """`text` (MEMORY.md, or None when missing) with our section set to `section`."""
    block = f"{START}\n{section.rstrip()}\n{END}"
    if text is None:
        return f"# MEMORY.md\n\n{block}\n"
    starts, ends = text.count(START), text.count(END)
    if starts == 0 and ends == 0:
        if not text or text.endswith("\n\n"):
            separator = ""
        else:
            separator = "\n" if text.endswith("\n") else "\n\n"
        return f"{text}{separator}{block}\n"
    begin, finish = text.find(START), text.find(END)
    if starts != 1 or ends != 1 or finish < begin:
        raise WorkspaceError(
            f"MEMORY.md has {starts} '{START}' and {ends} '{END}' markers (need one of each, start first); "
            "fix them by hand, nothing was changed")
    return text[:begin] + block + text[finish + len(END):]


def section_of(text: str) -> str | None:
    begin, finish = text.find(START), text.find(END)
    if begin < 0 or finish < begin:
        return None
    return text[begin + len(START):finish].strip("\n")

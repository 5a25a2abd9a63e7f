"""Our block in a person's markdown file (AGENTS.md, CLAUDE.md), between markers.

    <!-- hippocampus:start -->
    ...
    <!-- hippocampus:end -->

Adding is idempotent (the block is replaced when it differs, appended when
missing); removing takes out exactly the block and the separator we put
before it. Every byte outside the markers stays as it was.
"""

from __future__ import annotations

from .errors import UsageError

START = "<!-- hippocampus:start -->"
END = "<!-- hippocampus:end -->"


def with_block(text: str | None, body: str) -> str:
    """`text` with our block set to `body`: replaced in place, or appended after one blank line.

    When the file did not end with a newline we add one more and note it with
    a space after the start marker, so removing the block gives back the
    file byte for byte.
    """
    if not text:
        return f"{START}\n{body.strip()}\n{END}\n"
    begin, finish = text.find(START), text.find(END)
    if begin < 0 and finish < 0:
        if text.endswith("\n"):
            return f"{text}\n{START}\n{body.strip()}\n{END}\n"
        return f"{text}\n\n{START} \n{body.strip()}\n{END}\n"
    _check(text, begin, finish)
    flag = " " if text[begin + len(START):begin + len(START) + 1] == " " else ""
    end = finish + len(END)
    if text[end:end + 1] == "\n":
        end += 1
    return text[:begin] + f"{START}{flag}\n{body.strip()}\n{END}\n" + text[end:]


def without_block(text: str) -> str:
    begin, finish = text.find(START), text.find(END)
    if begin < 0 and finish < 0:
        return text
    _check(text, begin, finish)
    added = 2 if text[begin + len(START):begin + len(START) + 1] == " " else 1
    end = finish + len(END)
    if text[end:end + 1] == "\n":
        end += 1
    head = text[:begin]
    if begin and head.endswith("\n" * added):
        head = head[:-added]  # the separator we put before the block
    return head + text[end:]


def _check(text: str, begin: int, finish: int) -> None:
    if text.count(START) != 1 or text.count(END) != 1 or finish < begin:
        raise UsageError(f"the file has unpaired hippocampus markers ({START} / {END}); fix them by hand")

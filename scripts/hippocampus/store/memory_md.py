"""The core section of MEMORY.md: ours between two markers, the person's elsewhere.

    <!-- hippocampus:core:start -->
    ## Core memories (hippocampus)
    ...
    <!-- hippocampus:core:end -->

Only the text between the markers is ever replaced (blocks.with_block);
every byte outside them stays as the person left it.
"""

from __future__ import annotations

from ..text.blocks import with_block

START = "<!-- hippocampus:core:start -->"
END = "<!-- hippocampus:core:end -->"
NOTE = ("_Written by hippocampus (scripts/sync_core.py); the text between these markers is replaced "
        "on every sync. Everything outside them is yours and is never rewritten._")


def with_section(text: str | None, section: str) -> str:
    """`text` (MEMORY.md, or None when missing) with our section set to `section`."""
    return with_block(text if text is not None else "# MEMORY.md\n", section, START, END, "MEMORY.md")

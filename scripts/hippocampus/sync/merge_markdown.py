"""Merging markdown: a memory's file, a document with our marked blocks, any other text.

Never a conflict marker in a file:

- a memory's file: one side's change is taken; edited on both sides, the
  frontmatter and the body are merged apart, and a body both sides rewrote
  keeps ours (merge_index makes theirs a second memory, recorded as a
  conflict by the next sync);
- MEMORY.md, AGENTS.md, CLAUDE.md: our blocks are taken out, the person's
  text is merged by git (`git merge-file`; lines both sides changed are kept
  from both, ours first), and our blocks are put back as ours has them
  (sync.py renders the core section again);
- any other text (meta, graph, config): `git merge-file`, both sides' lines
  kept where they clash.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile

BLOCKS = (("<!-- hippocampus:core:start -->", "<!-- hippocampus:core:end -->"),
          ("<!-- hippocampus:start -->", "<!-- hippocampus:end -->"))
_PLACEHOLDER = "<!-- hippocampus:merge:block:{} -->"


def merge_file(o: str, a: str, b: str) -> tuple[str, bool]:
    """git merge-file of three texts: (result, clean). Not clean: both sides'
    lines of each clash, ours first (`--union`), never markers."""
    with tempfile.TemporaryDirectory(prefix="hippocampus-merge-") as folder:
        names = []
        for name, text in (("ours", a), ("base", o), ("theirs", b)):
            path = os.path.join(folder, name)
            with open(path, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
            names.append(path)
        clean = subprocess.run(["git", "merge-file", "-p", "-q", *names], capture_output=True)
        if clean.returncode == 0:
            return clean.stdout.decode("utf-8", "replace"), True
        union = subprocess.run(["git", "merge-file", "-p", "-q", "--union", *names], capture_output=True)
        if union.returncode < 0 or union.returncode > 127:
            raise ValueError("git merge-file failed")
        return union.stdout.decode("utf-8", "replace"), False


def merge_text(o: str, a: str, b: str) -> str:
    if a == b or b == o:
        return a
    if a == o:
        return b
    return merge_file(o, a, b)[0]


def _split(text: str) -> tuple[str, str]:
    """(frontmatter with its fences, body) of a memory file."""
    if text.startswith("---\n"):
        end = text.find("\n---\n", 3)
        if end >= 0:
            return text[:end + 5], text[end + 5:]
    return "", text


def merge_memory_file(o: str, a: str, b: str) -> str:
    if a == b or b == o:
        return a
    if a == o:
        return b
    (fo, bo), (fa, ba), (fb, bb) = _split(o), _split(a), _split(b)
    if ba.strip() != bo.strip() and bb.strip() != bo.strip() and ba.strip() != bb.strip():
        return a  # both rewrote the text: ours stays the memory, theirs is kept as a second one
    body = bb if ba.strip() == bo.strip() else ba
    if fa == fb or fb == fo:
        front = fa
    elif fa == fo:
        front = fb
    else:
        merged, clean = merge_file(fo, fa, fb)
        front = merged if clean else fa
    return front + body


def _take_blocks(text: str) -> tuple[str, list[str]]:
    """The text with each of our blocks replaced by a placeholder line, and the blocks."""
    blocks = []
    for number, (start, end) in enumerate(BLOCKS):
        begin, finish = text.find(start), text.find(end)
        if begin < 0 or finish < begin or text.count(start) != 1 or text.count(end) != 1:
            blocks.append("")
            continue
        stop = finish + len(end)
        blocks.append(text[begin:stop])
        text = text[:begin] + _PLACEHOLDER.format(number) + text[stop:]
    return text, blocks


def merge_blocks_document(o: str, a: str, b: str) -> str:
    if a == b or b == o:
        return a
    if a == o:
        return b
    (to, _), (ta, blocks_a), (tb, blocks_b) = _take_blocks(o), _take_blocks(a), _take_blocks(b)
    merged = merge_file(to, ta, tb)[0]
    for number, block in enumerate(blocks_a):
        placeholder = _PLACEHOLDER.format(number)
        block = block or blocks_b[number]
        if merged.count(placeholder) > 1:  # kept from both sides where they clashed: once is enough
            first = merged.find(placeholder) + len(placeholder)
            merged = merged[:first] + re.sub(re.escape(placeholder) + r"\n?", "", merged[first:])
        merged = merged.replace(placeholder, block, 1)
    return merged

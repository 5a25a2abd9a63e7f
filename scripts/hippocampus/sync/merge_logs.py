"""Merging logs: a daily episode log by entry id, the audit log by line, both in time order.

What either side added is kept; what one side took out (a purge, a rotation
of the audit log into its month file, an entry deleted by hand) stays out
unless the other side changed it; an entry both sides edited differently
keeps our text here (merge_index makes theirs a second memory).
"""

from __future__ import annotations

from ..store import episodes


def _insert_in_time(ours: list, theirs_new: list, key) -> list:
    """Our items in our order, each of theirs placed before the first of ours that is later."""
    out = list(ours)
    start = 0
    for item in theirs_new:
        when = key(item)
        position = len(out)
        if when is not None:
            for index in range(start, len(out)):
                other = key(out[index])
                if other is not None and other > when:
                    position = index
                    break
        out.insert(position, item)
        start = position + 1
    return out


# ----------------------------------------------------------------- audit log
def _line_time(line: str) -> str | None:
    head = line.split(" | ", 1)[0].strip()
    return head if head[:4].isdigit() else None


def merge_lines(o: str, a: str, b: str) -> str:
    """Every line either side added, in time order; a line one side removed stays removed."""
    if a == b or b == o:
        return a
    if a == o:
        return b
    base = set(o.splitlines())
    a_lines, b_lines = a.splitlines(), b.splitlines()
    b_set = set(b_lines)
    kept = [line for line in a_lines if line not in base or line in b_set]
    kept_set = set(kept)
    theirs_new = [line for line in b_lines if line not in base and line not in kept_set]
    out = _insert_in_time(kept, theirs_new, _line_time)
    return "".join(line + "\n" for line in out)


# ---------------------------------------------------------------- daily logs
def _chunks(text: str) -> tuple[str, list[tuple[str, str, str | None, str]]]:
    """(preamble, [(key, raw text, time, content)]) of a daily log."""
    lines = text.split("\n")
    entries = episodes.parse(text)
    preamble = "\n".join(lines[:entries[0].heading_line]) if entries else text
    found = []
    for position, entry in enumerate(entries):
        end = entries[position + 1].heading_line if position + 1 < len(entries) else len(lines)
        raw = "\n".join(lines[entry.heading_line:end]).strip("\n")
        key = entry.memory_id or f"text:{entry.content}"
        found.append((key, raw, entry.time.zfill(5) if entry.time else None, entry.content))
    return preamble, found


def merge_log(o: str, a: str, b: str) -> str:
    if a == b or b == o:
        return a
    if a == o:
        return b
    _pre_o, o_entries = _chunks(o)
    pre_a, a_entries = _chunks(a)
    _pre_b, b_entries = _chunks(b)
    base = {key: content for key, _raw, _time, content in o_entries}
    theirs = {key: (raw, content) for key, raw, _time, content in b_entries}
    kept = []
    for key, raw, time, content in a_entries:
        if key in base and key not in theirs and content == base[key]:
            continue  # they took it out and we did not change it
        if key in theirs and content == base.get(key, content) and theirs[key][1] != content:
            raw = theirs[key][0]  # only they edited it
        kept.append((key, raw, time))
    ours = {key for key, _raw, _time in kept} | {key for key, *_ in a_entries}
    theirs_new = [(key, raw, time) for key, raw, time, content in b_entries
                  if key not in ours and not (key in base and content == base[key])]
    merged = _insert_in_time(kept, theirs_new, lambda item: item[2])
    text = pre_a.rstrip("\n") + "\n"
    for _key, raw, _time in merged:
        text += "\n" + raw + "\n"
    return text

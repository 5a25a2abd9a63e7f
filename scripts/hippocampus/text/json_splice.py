"""Our entries put into a person's JSON (or JSON5) file as text, and taken out to the very bytes.

`add` puts one value last in the array (or one member last in the object) at a path of
keys, creating the objects and array of the path that are missing; nothing else in the
file changes: not a key's place, a space, an escape, a comment, a line ending, a byte
order mark. `remove` takes out the items a test picks, each with exactly the separator
`add` put before it, and a container our item leaves empty goes too, unless it was there,
empty, before we came: that is the one thing the text alone could not tell (`"hooks": {}`
and no "hooks" at all look the same once ours is in), so `add` notes it as one space
right after the bracket of a container that was empty (`{ "ours": ...`), which a
container we create never has. Removal then gives the empty container back with its own
inside (`{}`, `{ }`, `{\\n  }`), and a file whose top object was `{}` is kept, where one
we created (all ours) is reported for deletion (`create` notes a file that held only white
space, which is given back).

So `remove(add(text))` is `text`, byte for byte, whatever its layout; and when the person
changed the file in between, their changes stay and only ours go. Nothing is kept on disk
to do it: no copy of the file (which may hold tokens) and no record that could go stale.
New text follows the file's layout: its indentation unit (spaces or a tab), its line
ending (CRLF or LF), one line or many, ", " or "," between items.
"""

from __future__ import annotations

import json
import re
from typing import Callable

from .json_text import Node, parse

KeyPath = tuple  # of keys (str) and array positions (int)


class Layout:
    def __init__(self, text: str, root: Node):
        self.newline = "\r\n" if "\r\n" in text else "\n"
        body = text[root.start:root.end]
        self.one_line = "\n" not in body and bool(root.items)
        self.tight = not re.search(r"[,:] ", body) and bool(re.search(r"[,:][\"'{\[\w-]", body))
        self.unit = "  "
        if root.items and "\n" in text[root.start:root.items[0].start]:
            self.unit = _line_indent(text, root.items[0].start) or "  "

    def inline(self, value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":") if self.tight else (", ", ": "))

    def block(self, value, indent: str) -> str:
        rendered = json.dumps(value, ensure_ascii=False, indent=self.unit)
        return rendered.replace("\n", self.newline + indent)


def _line_indent(text: str, position: int) -> str:
    start = max(text.rfind("\n", 0, position), text.rfind("\r", 0, position)) + 1
    return re.match(r"[ \t]*", text[start:]).group(0)


def _starts_line(text: str, position: int) -> bool:
    start = max(text.rfind("\n", 0, position), text.rfind("\r", 0, position)) + 1
    return not text[start:position].strip(" \t")


def find(root: Node, path: KeyPath) -> list[tuple[Node, object]]:
    """The containers along `path` that are there: [(node, key that led to it)], the root first."""
    chain = [(root, None)]
    for key in path:
        node = chain[-1][0]
        if isinstance(key, int):
            item = node.items[key] if node.kind == "array" and 0 <= key < len(node.items) else None
        else:
            item = node.member(key) if node.kind == "object" else None
        if item is None:
            break
        chain.append((item.node, key))
    return chain


# ------------------------------------------------------------------------- add
def add(text: str, path: KeyPath, value, key: str | None = None, json5: bool = False) -> str:
    """`text` with `value` last in the array at `path` (`key` None) or as member `key` of the object there."""
    root = parse(text, json5)
    chain = find(root, path)
    container = chain[-1][0]
    missing = path[len(chain) - 1:]
    where = ".".join(str(step) for step in path[:len(chain) - 1]) or "the top"
    if missing:
        if container.kind != "object":
            raise ValueError(f"{where} is not an object")
        inner = {key: value} if key is not None else [value]
        for step in reversed(missing[1:]):
            inner = {step: inner}
        return _insert(text, root, container, missing[0], inner)
    wanted = "array" if key is None else "object"
    if container.kind != wanted:
        raise ValueError(f"{where} is not an {wanted}")
    return _insert(text, root, container, key, value)


def _insert(text: str, root: Node, container: Node, key, value) -> str:
    layout = Layout(text, root)
    colon = ":" if layout.tight else ": "
    head = "" if key is None else json.dumps(key, ensure_ascii=False) + colon
    if container.items:
        last = container.items[-1]
        at = last.node.end
        if "\n" in text[container.start:container.end]:
            indent = (_line_indent(text, last.start) if _starts_line(text, last.start)
                      else _line_indent(text, container.start) + layout.unit)
            new = "," + layout.newline + indent + head + layout.block(value, indent)
        else:
            new = ("," if layout.tight else ", ") + head + layout.inline(value)
        return text[:at] + new + text[at:]
    # empty before us: the mark (one space after the bracket), what was inside as it was,
    # ours, and where ours spans lines a line break to the bracket's line indent
    inside = text[container.start + 1:container.end - 1]
    outer = _line_indent(text, container.start)
    ours = head + (layout.inline(value) if layout.one_line else layout.block(value, outer + layout.unit))
    new = " " + inside + ours + (layout.newline + outer if "\n" in ours else "")
    return text[:container.start + 1] + new + text[container.end - 1:]


def create(value, before: str | None = None) -> str:
    """A new file's text holding `value` (2-space layout). `before`: what an existing file held
    that was only white space (or nothing); it is kept after the top object, behind one space,
    which tells removal to give that back rather than delete the file."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return text + "\n" if before is None else text + " " + before


def blank(text: str | None) -> bool:
    """A file that holds nothing but white space (create's `before`)."""
    return text is not None and not text.strip(" \t\r\n")


# ---------------------------------------------------------------------- remove
def remove(text: str, path: KeyPath, pick: Callable, json5: bool = False) -> tuple[str, bool]:
    """`text` without the items of the container at `path` that `pick(key, value)` chooses
    (key None in an array). (text, True) when what is left of the top object was all ours:
    the file was ours to delete (the text is then what the file would hold without it)."""
    while True:
        root = parse(text, json5)
        chain = find(root, path)
        if len(chain) != len(path) + 1 or chain[-1][0].kind not in ("object", "array"):
            return text, False
        container = chain[-1][0]
        index = next((i for i, item in enumerate(container.items) if pick(item.key, item.node.value)), None)
        if index is None:
            return text, False
        text, whole = _take_out(text, [node for node, _ in chain], index)
        if whole or blank(text):
            return text, whole


def _take_out(text: str, containers: list[Node], index: int) -> tuple[str, bool]:
    level = len(containers) - 1
    while True:
        container = containers[level]
        if len(container.items) > 1:
            return _splice(text, container, index), False
        marked = text[container.start + 1:container.start + 2] == " "
        if marked:
            return _emptied(text, container), False
        if level == 0:  # the top object was ours: the file we created, or the white space it held
            if text[container.end:container.end + 1] == " ":
                return text[container.end + 1:], False
            return _emptied(text, container), True
        parent = containers[level - 1]  # we made this container: it goes with ours
        index = next(i for i, it in enumerate(parent.items) if it.node is container)
        level -= 1


def _splice(text: str, container: Node, index: int) -> str:
    """Item `index` out, with the separator before it (or, for the first, the one after it)."""
    items = container.items
    if index > 0:
        return text[:items[index - 1].node.end] + text[items[index].node.end:]
    return text[:items[0].start] + text[items[1].start:]


def _emptied(text: str, container: Node) -> str:
    """The container's only item out, with what `add` put around it: what was inside before is left."""
    item = container.items[0]
    if text[container.start + 1:container.start + 2] != " ":  # not marked: all ours
        return text[:container.start + 1] + text[container.end - 1:]
    inside = text[container.start + 2:item.start]
    after = text[item.node.end:container.end - 1].strip(" \t\r\n")
    if after.startswith(","):  # a JSON5 trailing comma put after ours
        after = after[1:]
    return text[:container.start + 1] + inside + after + text[container.end - 1:]

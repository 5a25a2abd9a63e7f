"""A person's JSON (or JSON5) file read as text: every value with where it lies.

`parse(text)` gives a tree of Nodes: each value's span in the text, its Python
value, and for an object or array its items (an object member's key, where the
key starts and its colon). Editing by these spans (json_splice.py) changes only
the bytes it means to, where loading and dumping would rewrite the whole file.

JSON5, as OpenClaw reads its config, is accepted with `json5=True`: comments,
unquoted keys, single-quoted strings, trailing commas, hexadecimal numbers,
Infinity and NaN. Without it the text must be JSON (`json.loads` decides), with
one leading byte order mark allowed. Anything else is a ValueError.
"""

from __future__ import annotations

import json
import re

_SPACE = " \t\n\r"
_SPACE5 = " \t\n\r\v\f\u00a0\ufeff\u2028\u2029"
_KEY = re.compile(r"[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*")
_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "0": "\0"}


class Item:
    """An object member (`key` a str, `colon` its colon) or an array element (key None)."""

    __slots__ = ("key", "start", "colon", "node")

    def __init__(self, key, start, colon, node):
        self.key, self.start, self.colon, self.node = key, start, colon, node


class Node:
    """One value: `kind` object, array or scalar; text[start:end] is the value."""

    __slots__ = ("kind", "start", "end", "value", "items")

    def __init__(self, kind, start, end, value, items=None):
        self.kind, self.start, self.end, self.value = kind, start, end, value
        self.items = items if items is not None else []

    def member(self, key: str) -> Item | None:
        """The member named `key`; a ValueError when the object names it twice."""
        found = [item for item in self.items if item.key == key]
        if len(found) > 1:
            raise ValueError(f'"{key}" is there twice')
        return found[0] if found else None


def parse(text: str, json5: bool = False) -> Node:
    if not json5 and not is_json(text):
        raise ValueError("not JSON")
    try:
        parser = _Parser(text)
        node = parser.value(parser.skip(1 if text.startswith("\ufeff") else 0))
        if parser.skip(node.end) != len(text):
            raise ValueError("text after the value")
        return node
    except (IndexError, RecursionError) as exc:
        raise ValueError(f"not JSON5: {exc}") from None


def is_json(text: str) -> bool:
    try:
        json.loads(text[1:] if text.startswith("\ufeff") else text)
        return True
    except (ValueError, RecursionError):
        return False


class _Parser:
    def __init__(self, text: str):
        self.text = text

    def skip(self, i: int) -> int:
        """Past white space and comments."""
        text = self.text
        while i < len(text):
            char = text[i]
            if char in _SPACE5:
                i += 1
            elif text.startswith("//", i):
                while i < len(text) and text[i] not in "\n\r\u2028\u2029":
                    i += 1
            elif text.startswith("/*", i):
                end = text.find("*/", i + 2)
                if end < 0:
                    raise ValueError("a comment that does not end")
                i = end + 2
            else:
                break
        return i

    def value(self, i: int) -> Node:
        char = self.text[i]
        if char == "{":
            return self.object(i)
        if char == "[":
            return self.array(i)
        if char in "\"'":
            end = self.string_end(i)
            return Node("scalar", i, end, self.string_value(i, end))
        end = i
        while end < len(self.text) and self.text[end] not in ",:]}[{\"'/" and self.text[end] not in _SPACE5:
            end += 1
        if end == i:
            raise ValueError(f"unexpected {char!r} at {i}")
        return Node("scalar", i, end, _scalar(self.text[i:end]))

    def object(self, start: int) -> Node:
        items, value = [], {}
        i = self.skip(start + 1)
        while self.text[i] != "}":
            key_start = i
            if self.text[i] in "\"'":
                i = self.string_end(i)
                key = self.string_value(key_start, i)
            else:
                match = _KEY.match(self.text, i)
                if not match:
                    raise ValueError(f"a key expected at {i}")
                key, i = match.group(0), match.end()
            colon = self.skip(i)
            if self.text[colon] != ":":
                raise ValueError(f"':' expected at {colon}")
            node = self.value(self.skip(colon + 1))
            items.append(Item(key, key_start, colon, node))
            value[key] = node.value
            i = self.skip(node.end)
            if self.text[i] == ",":
                i = self.skip(i + 1)
            elif self.text[i] != "}":
                raise ValueError(f"',' or '}}' expected at {i}")
        return Node("object", start, i + 1, value, items)

    def array(self, start: int) -> Node:
        items = []
        i = self.skip(start + 1)
        while self.text[i] != "]":
            node = self.value(i)
            items.append(Item(None, i, -1, node))
            i = self.skip(node.end)
            if self.text[i] == ",":
                i = self.skip(i + 1)
            elif self.text[i] != "]":
                raise ValueError(f"',' or ']' expected at {i}")
        return Node("array", start, i + 1, [item.node.value for item in items], items)

    def string_end(self, i: int) -> int:
        text, quote = self.text, self.text[i]
        i += 1
        while text[i] != quote:
            if text[i] in "\n\r":
                raise ValueError("a string that does not end on its line")
            i += (3 if text.startswith("\r\n", i + 1) else 2) if text[i] == "\\" else 1
        return i + 1

    def string_value(self, start: int, end: int) -> str:
        raw = self.text[start + 1:end - 1]
        if "\\" not in raw:
            return raw
        out, i = [], 0
        while i < len(raw):
            char = raw[i]
            if char != "\\":
                out.append(char)
                i += 1
                continue
            code = raw[i + 1]
            if code == "u":
                out.append(chr(int(raw[i + 2:i + 6], 16)))
                i += 6
            elif code == "x":
                out.append(chr(int(raw[i + 2:i + 4], 16)))
                i += 4
            elif code in "\r\n\u2028\u2029":  # a line continued
                i += 3 if raw[i + 1:i + 3] == "\r\n" else 2
            else:
                out.append(_ESCAPES.get(code, code))
                i += 2
        text = "".join(out)
        try:  # \ud83d\ude00: one character
            return text.encode("utf-16", "surrogatepass").decode("utf-16")
        except UnicodeDecodeError:
            return text


def _scalar(token: str):
    literals = {"true": True, "false": False, "null": None}
    if token in literals:
        return literals[token]
    sign, digits = (token[0], token[1:]) if token[:1] in "+-" else ("", token)
    if digits in ("Infinity", "NaN"):
        return float(sign + digits.lower().replace("infinity", "inf"))
    if digits[:2].lower() == "0x":
        return int(sign + digits, 16)
    try:
        return json.loads(digits) if sign != "-" else json.loads(token)
    except ValueError:
        return float(token)  # .5, 5., +1 (or a ValueError)

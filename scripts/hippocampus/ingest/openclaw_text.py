"""What OpenClaw wraps around a person's words in a user message, taken off.

OpenClaw (2026.9.6, `dist/`: `src/shared/chat-envelope.ts`,
`src/shared/text/message-id-hints.ts`, `src/auto-reply/reply/strip-inbound-meta.ts`)
stores an inbound channel message as the model saw it:

- a channel envelope prefix, `[Telegram Ada id:4242 Mon 2026-03-09T14:05:12Z] Ada: words`
  (channel label, sender, optional host/ip, timestamp; a direct chat's body
  starts with the sender's display label and a colon, or `(self): `);
- standalone `[message_id: …]` hint lines;
- context blocks it injects before the body: a header line ending in the
  marker `⟦openclaw:ctx⟧` (`Conversation info: ⟦openclaw:ctx⟧`, `Sender: …`,
  `Reply target of current user message: …`) followed by a fenced json block
  or lines up to a blank line; `Context: ⟦openclaw:ctx⟧` ends the text;
- `Delivery: …` hint lines about the `message` tool.

`strip(text)` returns (the person's words, what was removed): the same
checks OpenClaw's own display uses, so words a person typed in brackets stay.
"""

from __future__ import annotations

import re

MARKER = "\u27e6openclaw:ctx\u27e7"
_ENVELOPE = re.compile(r"^\[([^\]]+)\]\s*")
_CHANNELS = ("WebChat", "WhatsApp", "Telegram", "Signal", "Slack", "Discord", "Google Chat", "iMessage",
             "Teams", "Matrix", "Zalo", "Zalo Personal")
_STAMP = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?Z|\s\d{2}:\d{2})\b")
_MESSAGE_ID = re.compile(r"^\s*\[message_id:[^\]]+\]\s*$", re.I)  # [^\]] takes the spaces too: one way to match
_DELIVERY = re.compile(r"^\s*Delivery: (to send a message, use the `message` tool\.|Final assistant text is not "
                       r"automatically delivered in this run\.|No visible reply is delivered automatically)")


def _strip_envelope(text: str) -> tuple[str, bool]:
    match = _ENVELOPE.match(text)
    if not match:
        return text, False
    header = match.group(1)
    channel = next((c for c in sorted(_CHANNELS, key=len, reverse=True) if header.startswith(c + " ")), None)
    if not channel and not _STAMP.search(header):
        return text, False  # a person's own bracketed words
    body = text[match.end():]
    sender = header[len(channel) + 1:] if channel else ""
    if body.startswith("(self): "):
        body = body[8:]
    else:  # a direct chat's body opens with the sender's display label, the header's first part
        said = re.match(r"([^:\n]{1,80}): ", body)
        if said and sender and (sender + " ").startswith(said.group(1) + " "):
            body = body[said.end():]
    return body, True


def _strip_blocks(lines: list[str]) -> tuple[list[str], int]:
    """Lines without OpenClaw's context blocks, metadata and delivery hints; how many were removed."""
    kept, removed, index = [], 0, 0
    while index < len(lines):
        line = lines[index]
        trimmed = line.strip()
        if trimmed == f"Context: {MARKER}":
            return kept, removed + 1
        if len(trimmed) > 14 and trimmed.endswith(MARKER):
            removed += 1
            index += 1
            if index < len(lines) and lines[index].strip() == "```json":
                index += 1
                while index < len(lines) and lines[index].strip() != "```":
                    index += 1
                index += 1
            else:
                while index < len(lines) and lines[index].strip():
                    index += 1
            while index < len(lines) and not lines[index].strip():
                index += 1
            continue
        if _MESSAGE_ID.match(line) or _DELIVERY.match(line):
            removed += 1
        else:
            kept.append(line)
        index += 1
    return kept, removed


def strip(text: str) -> tuple[str, dict[str, int]]:
    """(the person's words, {"envelope": n, "metadata": n} of what was taken off); text unchanged when none."""
    removed: dict[str, int] = {}
    if not text:
        return text, removed
    body = text
    if MARKER in body or "[message_id:" in body.lower() or "Delivery: " in body:
        lines, count = _strip_blocks(body.replace("\r\n", "\n").split("\n"))
        if count:
            removed["metadata"] = count
            body = "\n".join(lines)
    body, enveloped = _strip_envelope(body.strip())
    if enveloped:
        removed["envelope"] = 1
    return (body.strip() if removed else text), removed

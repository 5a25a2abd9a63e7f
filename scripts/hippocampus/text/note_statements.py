"""Slot statements written as an agent's note: a label, a colon, a value
("Home city: Gdansk", "Partner: Tobias", "Dog's name: Biscuit (beagle)",
"Sister's city: Lyon", "Partner changed: now with Freya (previously Lukas)"),
or an arrow or "=" for the colon ("car -> Mini Cooper", "music app = Spotify"),
and an arrow inside the value for a change ("moving: York → Exeter": Exeter).

The label names the slot by its last noun (the caller maps a noun to its slot,
as supersession.py's lexicon does; a noun it does not know is no note, so
"Tom: I moved to Paris" stays a speaker's line) and the subject by a relation
in it; the value is the text after the colon, less what it says was before.
English only. Pure functions.
"""

from __future__ import annotations

import re

_LABEL = re.compile(r"^\s*(?P<label>[^\W\d_][\w'’ -]{0,40}?)\s*(?::|\s->|\s=>|\s?→|\s=)\s+(?P<value>\S.*?)\s*[.!]*\s*$")
_ARROW = re.compile(r"\s*(?:->|=>|→)\s*")  # "moving: York → Exeter": the value after the last arrow
_LABEL_TAIL = frozenset("changed updated now is new".split())
_LABEL_SKIP = frozenset("my our the user user's users current new latest favourite favorite fave top main "
                        "usual regular present".split())
_VALUE_LEAD = frozenset("now with a an the is at in to currently".split())
_BEFORE = re.compile(r"\((?:previously|formerly|was|before|prev\.?|ex)\b[^)]*\)|\b(?:previously|formerly)\b.*$",
                     re.IGNORECASE)
_WORD = re.compile(r"[^\W_](?:[\w'’\-+.&]*[^\W_+])?|\+")


def label_statement(text: str, user: str, slot_of, relations, relation_name) -> tuple[str, str, str] | None:
    """(subject, slot, value text) of a note "LABEL: VALUE", or None. `slot_of(noun)`
    gives the slot of a noun the lexicon knows, else None."""
    match = _LABEL.match(text.split("\n", 1)[0])
    if match is None:
        return None
    words = [w.lower().replace("’", "'") for w in match["label"].split()]
    while words and words[-1] in _LABEL_TAIL:
        words.pop()
    subject = user
    for at, word in enumerate(words):
        if word.removesuffix("'s") in relations and at + 1 < len(words):  # ("Partner: Tobias": the slot)
            subject = f"{user}/{relation_name(word.removesuffix(chr(39) + 's'))}"
            words = words[at + 1:]
            break
    words = [w.removesuffix("'s") for w in words if w not in _LABEL_SKIP]
    if words and words[-1] == "name" and len(words) > 1:
        words.pop()  # "Dog's name: Biscuit"
    if not words or len(words) > 3:
        return None
    slot = slot_of(words[-1])
    if slot is None:
        return None
    value = re.split(r"(?<=[\w)])[.!;]\s+", match["value"], maxsplit=1)[0]  # ("York → Exeter. keys Friday")
    arrowed = _ARROW.search(value) is not None or not match.group(0).split(match["label"], 1)[1].lstrip().startswith(":")
    if arrowed and (len(_ARROW.findall(match.group(0))) > 1 or "!=" in value or words[0] in ("todo", "to-do", "task")):
        return None  # ("Home -> Settings -> Account", "partner = Tom != Sam", "TODO car => MOT")
    value = _BEFORE.sub("", _ARROW.split(value)[-1]).strip(" ,;")
    tokens = _WORD.findall(value)
    while tokens and tokens[0].lower() in _VALUE_LEAD:
        tokens = tokens[1:]
    if not tokens or len(tokens) > 6:
        return None
    if arrowed and not (all(t[:1].isupper() or t[:1].isdigit() for t in tokens) and len(tokens) <= 4):
        return None  # a name, as a note of a change gives it ("car -> Mini Cooper"), not a to-do ("dog -> vet at 3pm")
    return subject, slot, " ".join(tokens)

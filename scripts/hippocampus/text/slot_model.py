"""A learned reading of whose fact a memory states and of which slot: a linear model over words.

The statement reader (supersession.py and its helpers) reads how a value is
said, phrasing by phrasing; people keep finding phrasings no list has ("Lausanne
is home now i guess", "dropped welding, doing flamenco now instead"). This model
reads the same question from word statistics: a multinomial logistic regression
over a memory's words and word pairs (and whether a capitalised word stands
mid-sentence, and after which word), with one class per slot of the user's
(home, employer, phone, pet, gym, car, partner, food, team, class, bank), one for
another person's fact and one for no fact at all.

It is trained by `bench/slot_model.py` on the knowledge-update sets whose
phrasings have been read (dev, check, blind1-8, blind14-17: about 12,000
labelled texts), never on the held-out ones; its threshold, gates and rules
were chosen leaving one set out (references/performance.md, 2026-12-03 "A
learned slot reading" and 2026-12-04 "Four new styles"). The weights ship
beside this file (`slot_model.bin`, 16-bit, made again byte for byte by the
trainer); they are loaded once per process, and only for a text that names
something; reading a sentence ~0.03 ms; standard library only.

It only ever adds, sentence by sentence: a memory the model is sure of (p >= the
shipped threshold) gets "+user|SLOT" in the search cache's slot table where the
reader gave the text no key of that slot, and recall's question about now counts
it among the slot's holders (recall/supersede_rank.py: current only when newer
than every statement, not a name in passing, not naming the stated value, and
sharing a word with the question). It never makes or breaks a supersession link
(lifecycle/supersede.py reads statements only). No key for a question or a request ("can you find a gym near
my flat?"), a sentence that names nothing ("the gym was packed tonight"; a
number alone names nothing: "bet me £120 i couldnt get up the hill"), one
that opens on someone of the user's ("my landlady Beatrix quit ..."), a slot the
reader gives someone else, or what the user left ("Quit Siemens; the offer was
too good": departures.py reads it, and recall answers with it there).
"""

from __future__ import annotations

import json
import math
import re
import sys
from array import array
from pathlib import Path

MODEL_FILE = Path(__file__).with_name("slot_model.bin")
MAGIC = b"hippocampus-slot-model 1\n"

_TOKEN = re.compile(r"[a-z0-9']+|[^\sa-z0-9]", re.IGNORECASE)
_ENDS = frozenset(".!?")

# a class -> the user's key it gives (the reader's slot names: supersession.py; a pet's kind as it reads them)
KEYS = {"home": "home", "employer": "job", "phone": "phone", "gym": "gym", "car": "car", "partner": "partner",
        "food": "food", "team": "team", "class": "class", "bank": "bank", "pet": "pet"}
_WORDS = re.compile(r"[A-Za-z0-9][\w'-]*")
# a question or a request states nothing of the user's ("could you find a gym near my flat?")
_REQUEST = re.compile(r"^\W*(?:can|could|would|will|please|pls|plz|help|find|remind|book|any|what|where|which|"
                      r"who|how|is|are|do|does|should)\b", re.IGNORECASE)


def features(text: str) -> set[str]:
    """The model's features of a text: its words, its word pairs, and capitalised words mid-sentence."""
    tokens = _TOKEN.findall(text[:2000])
    lows = [t.lower() for t in tokens]
    found = {"bias", *map("w:".__add__, lows), *["b:" + low + "_" + after for low, after in zip(lows, lows[1:])]}
    for at in range(1, len(tokens)):
        if tokens[at][:1].isupper() and lows[at - 1] not in _ENDS:
            found.add("cap")
            found.add("pcap:" + lows[at - 1])
    return found


class Model:
    """Classes, the threshold, and a weight row per known feature."""

    def __init__(self, classes: list[str], threshold: float, scale: float, names: list[str], weights: array):
        self.classes, self.threshold, self.scale = classes, threshold, scale
        self.names = names
        self.index = dict(zip(names, range(len(names))))
        self.weights = weights

    def probabilities(self, text: str) -> list[float]:
        width, weights, index = len(self.classes), self.weights, self.index
        rows = [weights[at * width:at * width + width] for at in map(index.get, features(text)) if at is not None]
        sums = [sum(column) for column in zip(*rows)] if rows else [0] * width  # (whole numbers: any order)
        top = max(sums)
        exps = [math.exp((s - top) * self.scale) for s in sums]
        total = sum(exps)
        return [e / total for e in exps]


def dump(model: Model) -> bytes:
    """The model file's bytes: a magic line, a JSON header line, the names (one a line), the weights."""
    names = "\n".join(model.names).encode()
    header = json.dumps({"classes": model.classes, "threshold": model.threshold, "scale": model.scale,
                         "features": len(model.names), "names_bytes": len(names)}, sort_keys=True).encode() + b"\n"
    weights = array("h", model.weights)
    if sys.byteorder == "big":
        weights.byteswap()
    return MAGIC + header + names + b"\n" + weights.tobytes()


def load(data: bytes) -> Model:
    if not data.startswith(MAGIC):
        raise ValueError("not a slot model file")
    header_end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC):header_end])
    start = header_end + 1
    end = start + header["names_bytes"]
    if data[end:end + 1] != b"\n":
        raise ValueError("a slot model file cut short")
    names = data[start:end].decode().split("\n") if header["features"] else []
    weights = array("h")
    weights.frombytes(data[end + 1:])
    if sys.byteorder == "big":  # (written little-endian)
        weights.byteswap()
    classes = header["classes"]
    if not isinstance(classes, list) or not all(isinstance(c, str) for c in classes):
        raise ValueError("a slot model file without its classes")
    if len(weights) != header["features"] * len(classes):
        raise ValueError("a slot model file cut short")
    return Model(classes, float(header["threshold"]), float(header["scale"]), names, weights)


_loaded: list = []


def model() -> Model | None:
    """The shipped model, read once; None where its file is missing or unreadable (then nothing is added)."""
    if not _loaded:
        try:
            _loaded.append(load(MODEL_FILE.read_bytes()))
        except (OSError, ValueError, KeyError, TypeError):
            _loaded.append(None)
    return _loaded[0]


_NO_VALUE = frozenset("I Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May "
                      "June July August September October November December Christmas Easter".split())


def names_a_value(content: str) -> bool:
    """Does the text name something: a capitalised word after its first (not "I", a day or a month)? Talk
    about a slot that names nothing ("the gym was packed tonight", "swimming lessons moved to Saturday
    mornings") holds no value to be current, and a number alone is no name the model can vouch for: in
    lower-case chat it read "bet me £120 i couldnt get up the big hill" as a phone and "made us get doner
    kebab at half 2" as a job (bench/ku_sets/blind15, references/performance.md 2026-12-04)."""
    return any(w[0].isupper() and at and w not in _NO_VALUE for at, w in enumerate(_WORDS.findall(content[:2000])))


_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+|;\s*")


_PARTNERS = frozenset("partner boyfriend girlfriend bf gf wife husband spouse fiance fiancee".split())
_OWNERS = frozenset("my our user's".split())


def _someone_elses(sentence: str) -> bool:
    """Does the sentence open on someone of the user's as its subject ("It turns out my landlady Beatrix
    quit ...", "The user's godson, Kofi, ...")? The model knows only the relations its sets had; the
    reader's list is longer. (A partner is the value of the user's own slot: "my girlfriend Ines and I".)"""
    from .supersession import RELATIONS
    lows = [w.lower().replace("’", "'") for w in _WORDS.findall(sentence[:200])][:6]
    return any(low in _OWNERS and lows[at + 1] in RELATIONS and lows[at + 1] not in _PARTNERS
               for at, low in enumerate(lows[:-1]))


def _read(content: str, loaded: Model) -> set[str]:
    """The classes the model is sure of for a text (a question's, a request's, one naming nothing, one
    about someone of the user's: none)."""
    if "?" in content or _REQUEST.match(content) or not names_a_value(content) or _someone_elses(content):
        return set()
    return {name for name, p in zip(loaded.classes, loaded.probabilities(content))
            if p >= loaded.threshold and name in KEYS}


def user_keys(content: str, loaded: Model | None = None, stated: list[str] | tuple = ()) -> list[str]:
    """The user's subject|slot keys the model is sure a memory states ("user|home"), read sentence by
    sentence where a text has several (words of two sentences make no statement together): none for a
    question or a request, nor for a sentence that names no value, nor for a slot the statement reader
    gives someone else in the same text (`stated`, supersession.keys: "My landlady Beatrix has signed up at
    Equinox" is `user/landlady|gym`: the model knows only the relations its sets had)."""
    if not content or not names_a_value(content):
        return []
    loaded = loaded or model()
    if loaded is None:
        return []
    text = content[:2000]
    sentences = [part for part in _SENTENCE.split(text) if part.strip()]
    read: set[str] = set()
    for sentence in sentences if len(sentences) > 1 else [text]:
        read |= _read(sentence, loaded)
    others = {key.split("|", 1)[1].split(":")[0] for key in stated if not key.startswith("user|")}
    found = []
    for name in sorted(read):
        slot = KEYS[name]
        if slot in others:
            continue
        if slot == "pet":  # its kind as the reader tells it ("puppy", "beagle": a dog)
            from .supersession import _KIND
            kinds = {_KIND.get(w, w.rstrip("s")) for w in (t.lower() for t in _TOKEN.findall(text))}
            slot = "pet:dog" if "dog" in kinds else "pet:cat" if "cat" in kinds else "pet"
        found.append(f"user|{slot}")
    if found:  # what a text says the user left ("Quit Siemens; ...") is read by departures.py, and answered there
        from .departures import departures
        ended = [slots for subject, _value, slots in departures(content) if subject == "user"]
        found = [key for key in found
                 if not any(not slots or "*" in slots or key[5:].split(":")[0] in slots for slots in ended)]
    return found

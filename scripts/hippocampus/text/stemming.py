"""English inflections folded away: "mornings" -> "morning", "named" / "names"
-> "name", "studies" / "studied" -> "studi", "planned" -> "plan". Pure.

The inflectional steps of the Porter2 ("English") stemmer, snowballstem.org:
its step 0 (possessives), 1a (plurals, third person: -s, -es, -ies), 1b
(-ed, -ing, with its e restored or its doubled consonant undone), 1c (a
final y) and 5 (a final e or ll, so that "relate" and "related" meet), and
its lists of exceptions. Its steps 2-4, which take derivations apart
("general" / "generous", "university" / "universe"), are left out: those
are different words, not one word inflected. So "plan" and "plane", "win"
and "wine", "hat" and "hate" stay apart while "hoping" meets "hope" and
"hopping" meets "hop".

Only words of ASCII letters are stemmed (the rules are English); any other
word is returned as it is.
"""

from __future__ import annotations

from functools import lru_cache

_VOWELS = frozenset("aeiouy")
_DOUBLES = ("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt")
# Porter2's exceptions: words its rules would take apart wrongly, and words left as they are
_EXCEPTIONS = {"skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
               "news": "news", "sky": "sky", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos",
               "bias": "bias", "andes": "andes"}
_AFTER_1A = frozenset(("inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"))
_R1_PREFIXES = ("gener", "commun", "arsen", "past", "univers", "later", "emerg", "organ")


def _is_vowel(word: str, i: int) -> bool:
    return word[i] in _VOWELS


def _regions(word: str) -> tuple[int, int]:
    """R1 and R2, where each begins (Porter2's definitions)."""
    def after_vowel_consonant(start: int) -> int:
        for i in range(start + 1, len(word)):
            if not _is_vowel(word, i) and _is_vowel(word, i - 1):
                return i + 1
        return len(word)

    r1 = next((len(p) for p in _R1_PREFIXES if word.startswith(p)), None)
    if r1 is None:
        r1 = after_vowel_consonant(0)
    return r1, after_vowel_consonant(r1)


def _short_syllable(word: str, end: int) -> bool:
    """Whether word[:end] ends in a short syllable."""
    if end == 2:
        return _is_vowel(word, 0) and not _is_vowel(word, 1)
    if end < 3:
        return False
    return (not _is_vowel(word, end - 3) and _is_vowel(word, end - 2) and not _is_vowel(word, end - 1)
            and word[end - 1] not in "wxY")


def _vowel_in(word: str) -> bool:
    return any(c in _VOWELS for c in word)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """`word` (lower case) with its inflection folded away."""
    return _stem(word, False)


@lru_cache(maxsize=16384)
def activity(word: str) -> str:
    """stem(), but an -ing form keeps it ("fishing" is not "fish": the
    activity, a gerund, not the verb); only its plural goes ("mornings" ->
    "morning")."""
    return _stem(word, True)


def _stem(word: str, keep_ing: bool) -> str:
    if len(word) <= 2 or not (word.isascii() and word.isalpha()):
        return word
    if word in _EXCEPTIONS:
        return _EXCEPTIONS[word]
    # y as a consonant: at the start, or after a vowel
    chars = list(word)
    for i, c in enumerate(chars):
        if c == "y" and (i == 0 or chars[i - 1] in _VOWELS):
            chars[i] = "Y"
    word = "".join(chars)
    r1, r2 = _regions(word)
    word = _step_1a(word)
    if word in _AFTER_1A:
        return word
    if keep_ing and word.endswith("ing"):
        return word.replace("Y", "y")
    word = _step_1b(word, r1)
    word = _step_1c(word)
    word = _step_5(word, r1, r2)
    return word.replace("Y", "y")


def _step_1a(word: str) -> str:
    if word.endswith("sses"):
        return word[:-2]
    if word.endswith(("ied", "ies")):
        return word[:-2] if len(word) > 4 else word[:-1]  # "cries" -> "cri", "ties" -> "tie"
    if word.endswith(("us", "ss")):
        return word
    if word.endswith("s") and any(c in _VOWELS for c in word[:-2]):
        return word[:-1]  # "gaps" -> "gap", "kiwis" -> "kiwi"; "gas", "this" stay
    return word


def _step_1b(word: str, r1: int) -> str:
    if word.endswith("eed"):
        return word[:-1] if len(word) - 3 >= r1 else word  # "agreed" -> "agree"; "feed", "need" stay
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and _vowel_in(word[:-len(suffix)]):
            word = word[:-len(suffix)]
            if word.endswith(("at", "bl", "iz")):
                return word + "e"                    # "related" -> "relate"
            if word.endswith(_DOUBLES) and len(word) > 3:
                return word[:-1]                     # "hopping" -> "hop" ("added" stays "add")
            if r1 >= len(word) and _short_syllable(word, len(word)):
                return word + "e"                    # "hoping" -> "hope", "named" -> "name"
            return word
    return word


def _step_1c(word: str) -> str:
    if len(word) > 2 and word[-1] in "yY" and word[-2] not in _VOWELS:
        return word[:-1] + "i"                       # "study" / "studies" / "studied" -> "studi"
    return word


def _step_5(word: str, r1: int, r2: int) -> str:
    end = len(word) - 1
    if word.endswith("e"):
        if end >= r2 or (end >= r1 and not _short_syllable(word, end)):
            return word[:-1]                         # "relate" -> "relat" (as "related" -> "relate" -> "relat")
    elif word.endswith("ll") and end >= r2:
        return word[:-1]                             # "controll(ed)" -> "control"
    return word

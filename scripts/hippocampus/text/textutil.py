"""Text helpers: cleaning untrusted text, folding, tokens, keywords, slugs."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

_SURROGATES = re.compile("[\ud800-\udfff]")
# C0/C1 controls except tab and newline; NUL included.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Bidi overrides/isolates can make text display differently from what it says.
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_FOLD_DROP = re.compile(r"[^\w\s]|_", re.UNICODE)
_SPACES = re.compile(r"\s+")

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been
    before being below between both but by can could did do does doing down during each
    few for from further had has have having he her here hers herself him himself his how
    i if in into is it its itself just me more most my myself no nor not now of off on once
    only or other our ours ourselves out over own same she should so some such than that the
    their theirs them themselves then there these they this those through to too under until
    up very was we were what when where which while who whom why will with would you your
    yours yourself yourselves also i'm i've i'd it's don't didn't doesn't can't won't that's
    there's let's ll re ve s t d m o y ok okay yes yeah oh hey hi hello really just like get got
    one thing things much many well still even would've user""".split()
    # the function words of unspaced scripts, as a query spells them out (searchable):
    # Chinese pronouns, particles and question words; every single hiragana (particles
    # and endings: a word written in hiragana still counts by its pairs); Korean particles
    + """的 了 是 在 我 你 他 她 它 们 我们 你们 他们 我的 你的 他的 她的 这 那 个 一个 吗 呢 吧 啊 和
    也 都 就 很 有 什 么 什么 怎 怎么 哪 谁 为 为什 です ます こと 何 은 는 이 가 을 를 에
    의 도 와 과 로""".split()
    + [chr(code) for code in range(0x3041, 0x3097)]
)


# The only characters outside ASCII that re.IGNORECASE matches to an ASCII
# letter (tests/test_textutil_guards.py checks every code point).
_IGNORECASE_TO_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def case_blind(text: str) -> str:
    """`text` lowered as a case-blind pattern sees it: a substring test on it
    finds every ASCII word such a pattern could match in `text`."""
    return text.translate(_IGNORECASE_TO_ASCII).lower()


def has_guard(guards: tuple[str, ...], view: str) -> bool:
    """Whether text every match of a pattern contains is in `view` (no guards: always)."""
    return not guards or any(word in view for word in guards)


def guarded_search(source: str, guards: tuple[str, ...], text: str, view: str, guarded: bool = True):
    """re.search(source, text, re.I), or None at once when no guard (text every
    match contains, lowercase) is in `view` = case_blind(text). A pattern is
    compiled (by re's own cache) only where its guard is present: a process
    that classifies one memory compiles a few of a table, not all of it.
    `guarded=False` (for tests) runs it regardless; the answer must agree."""
    if guarded and not has_guard(guards, view):
        return None
    return re.compile(source, re.I).search(text)


def clean_text(value: str) -> str:
    """Make untrusted text safe to store: valid UTF-8, no NUL or control bytes.

    Arguments decoded with surrogateescape get their undecodable bytes replaced
    by U+FFFD; lone surrogates from JSON become U+FFFD too.
    """
    if not isinstance(value, str):
        value = str(value)
    try:
        value = value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        value = _SURROGATES.sub("\ufffd", value)
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = _CONTROLS.sub("", value)
    return _BIDI_CONTROLS.sub("", value)


def looks_binary(data: bytes) -> bool:
    """Whether a file's bytes are not text: a NUL in the first 8 KB (git's test), or
    more than a tenth of it invalid UTF-8 or control characters."""
    head = data[:8192]
    if b"\x00" in head:
        return True
    if not head:
        return False
    text = head.decode("utf-8", "replace")
    bad = text.count("\ufffd") + sum(1 for c in text if c < " " and c not in "\t\n\r\f\v")
    return bad > len(text) / 10


def decode_bytes(data: bytes) -> str:
    """Decode bytes from stdin or a file: UTF-8 (BOM tolerated), bad bytes replaced."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return clean_text(data.decode("utf-8", "replace"))


def fold(text: str) -> str:
    """Case, whitespace and punctuation folded: the key for exact duplicates.
    Combining marks stay: in Hindi or Thai they are vowels (दिल and दुल are two words)."""
    found = _FOLDED.get(text)
    if found is None:
        if len(_FOLDED) >= 256:
            _FOLDED.clear()
        folded = unicodedata.normalize("NFKC", text).casefold()
        found = _FOLDED[text] = _SPACES.sub(" ", _non_word(folded).sub(" ", folded)).strip()
    return found


_FOLDED: dict[str, str] = {}  # the texts folded last: a new memory is folded three times (its duplicate's
                              # lookup, the transaction's table of its own, the search cache's key)


def lend_fold(text: str, folded: str) -> None:
    """fold(text), folded elsewhere (lifecycle/read_ahead.py): kept as if folded here."""
    if len(_FOLDED) >= 256:
        _FOLDED.clear()
    _FOLDED[text] = folded


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters and digits of any script, with their
    combining marks: "हिंदी" is one word, not ह and द)."""
    text = text.lower()  # not casefold(): FTS5 keeps ß and ΐ, and the words are its query
    if "’" in text:  # (' and ’ are one to the pattern: replaced once, not in every word)
        text = text.replace("’", "'")
    marks = _marks_of(text)
    return (_words_keeping(marks) if marks else _WORD).findall(text)


_SENTENCE_END = re.compile(r"[.!?:;…\n]")


def written_words(text: str) -> list[tuple[str, bool]]:
    """The words of `text` as written (case kept, ’ as '), each with whether it
    begins a sentence (the text's first word, or one after . ! ? : ; … or a line
    break): where a capital says nothing of a name."""
    marks = _marks_of(text)
    found, end = [], 0
    for match in (_words_keeping(marks) if marks else _WORD).finditer(text):
        found.append((match.group().replace("’", "'"), not found or bool(_SENTENCE_END.search(text, end, match.start()))))
        end = match.end()
    return found


# Python's \w has no combining marks (categories Mn, Mc, Me), so a word of an
# abugida (Devanagari, Bengali, Tamil, Thai, Khmer...) fell apart at each vowel
# sign, and texts differing only in their vowels folded alike. A text that has
# marks gets patterns that keep them, built for the 256-character pages its
# marks come from (a page's marks from unicodedata, ~20 µs; a pattern ~0.1 ms).
def _marks_of(text: str) -> frozenset[int]:
    """The pages (code point // 256) of the combining marks in `text`."""
    if text.isascii():
        return frozenset()
    return frozenset(ord(c) >> 8 for c in set(text) if c > "\x7f" and unicodedata.category(c)[0] == "M")


def marks_in(text: str) -> str:
    """The combining marks of the pages `text`'s marks come from ("" for none):
    what a character class needs beside \\w to hold this text's words."""
    marks = _marks_of(text)
    return _mark_class(marks) if marks else ""


@cache
def _mark_class(pages: frozenset[int]) -> str:
    return "".join(chr(code) for page in sorted(pages) for code in range(page << 8, (page + 1) << 8)
                   if unicodedata.category(chr(code))[0] == "M")


@cache
def _words_keeping(pages: frozenset[int]) -> re.Pattern:
    part = f"(?:[^\\W_]|[{_mark_class(pages)}])"
    return re.compile(f"{part}+(?:['’]{part}+)*")


def _non_word(text: str) -> re.Pattern:
    """What is neither a word's character nor a space in `text`."""
    marks = _marks_of(text)
    return _non_word_keeping(marks) if marks else _FOLD_DROP


@cache
def _non_word_keeping(pages: frozenset[int]) -> re.Pattern:
    return re.compile(f"[^\\w\\s{_mark_class(pages)}]|_")


# Scripts written without spaces between words. FTS5's unicode61 tokenizer splits
# text only at spaces and punctuation, so "今日は寿司を食べた" is one token, and neither
# "寿司" nor "食べた" would ever find it. Kana, CJK ideographs (and 々〆〇) and Hangul
# are written out as their character pairs and their characters; Thai, Lao,
# Myanmar and Khmer (letters with their vowel and tone marks) as their pairs only:
# one of their characters, often a mark, means nothing alone.
# Compiled on first use, by a process that meets text outside ASCII: re builds a map
# of the Basic Multilingual Plane for these ranges (~3 ms, which every script would pay).
_UNSPACED_SOURCE = ("([\u1100-\u11ff\u3005-\u3007\u3041-\u30fa\u30fc-\u30ff\u3130-\u318f"
                    "\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f"
                    "\U00020000-\U0002fa1f]+)"
                    "|([\u0e01-\u0e4e\u0e81-\u0ecd\u1000-\u103f\u1050-\u108f\u1780-\u17d3]+)")
# Vowel points and cantillation of Hebrew, harakat of Arabic, and the Arabic
# tatweel (a stretch of the line): most text is written without them, so the
# index and queries drop them, as FTS5 drops Latin accents (كَتَبَ finds كتب).
_POINTS_SOURCE = ("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640"
                  "\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]")


def searchable(text: str) -> str:
    """`text` as the search index and queries see it: every run of an unspaced
    script written out as its overlapping character pairs (then, for CJK and
    Hangul, its characters), space-separated ("寿司を食べた" -> "寿司 司を を食 食べ
    べた 寿 司 を 食 べ た"), the unigram-and-bigram indexing of CJK search engines;
    outside ASCII, compatibility forms normalised (NFKC), Hebrew and Arabic
    without their optional vowel points, and what is not a word a space (as FTS5
    reads it too); ASCII text as it is.
    Both sides must use it, so that a query's pairs are the index's."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", text)  # ﬁ -> fi, Ａ -> A, ｶ -> カ, presentation forms
    if _points().search(text):
        text = _points().sub("", text)
    # outside ASCII, FTS5's character tables (Unicode 6.1) and Python's differ: a symbol
    # added since (an emoji such as 🤣) is a letter to FTS5, and "lol🤣" one token that
    # "lol" cannot find; so FTS5 is given the words as Python reads them, spaced
    text = _non_word(text).sub(" ", text)
    if not _unspaced_runs().search(text):
        return text
    return _unspaced_runs().sub(_spelled_out, text)


@cache
def _unspaced_runs() -> re.Pattern:
    return re.compile(_UNSPACED_SOURCE)


@cache
def _points() -> re.Pattern:
    return re.compile(_POINTS_SOURCE)


def _spelled_out(run: re.Match) -> str:
    chars = run.group()
    pairs = [chars[i:i + 2] for i in range(len(chars) - 1)]
    if run.group(1) is None:  # Thai, Lao, Myanmar, Khmer: pairs only
        return " " + (" ".join(pairs) or chars) + " "
    return " " + " ".join(pairs + list(chars)) + " "


def unspaced(word: str) -> bool:
    """Whether a word is (part of) a run of an unspaced script: one such
    character is a word (猫, cat), where one Latin letter is not."""
    return not word.isascii() and _unspaced_runs().fullmatch(word) is not None


def without_diacritics(word: str) -> str:
    """"münchen" -> "munchen", as FTS5's remove_diacritics matches them."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def content_words(text: str) -> list[str]:
    return [w for w in words(text) if w not in STOPWORDS and len(w) > 1]


def extract_keywords(text: str, limit: int = 6) -> list[str]:
    """The most telling words of a text: frequent, long, not stopwords; stable order."""
    counts: dict[str, int] = {}
    first_seen: dict[str, int] = {}
    for position, word in enumerate(content_words(text)):
        if word.isdigit() and len(word) < 4:
            continue
        counts[word] = counts.get(word, 0) + 1
        first_seen.setdefault(word, position)
    ranked = sorted(counts, key=lambda w: (-counts[w], -min(len(w), 10), first_seen[w]))
    return ranked[:limit]


def slugify(text: str, max_length: int = 40) -> str:
    """ASCII file-name-safe slug of the first words; never empty, never a path."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if len(slug) > max_length:
        slug = slug[:max_length].rsplit("-", 1)[0] or slug[:max_length]
    return slug.strip("-") or "memory"


def one_line(text: str, limit: int | None = None) -> str:
    """Fold newlines and runs of whitespace into single spaces; optionally shorten."""
    flat = _SPACES.sub(" ", text).strip()
    if limit is not None and len(flat) > limit:
        flat = flat[: max(limit - 1, 0)].rstrip() + "…"
    return flat


_LEADING_MARKER = re.compile(r"^(\s*)([#>*+\-=|`~]|\d+[.)])")


def defuse(text: str, limit: int = 600) -> str:
    """`text` as one line of data in markdown an agent reads: newlines folded,
    a leading markdown marker escaped and HTML comments broken, so it can
    neither forge a heading or a list entry nor close a marked section."""
    flat = one_line(text, limit)
    flat = flat.replace("<!--", "&lt;!--").replace("-->", "--&gt;")
    return _LEADING_MARKER.sub(lambda m: m.group(1) + "\\" + m.group(2), flat)


# A text of at least REPETITIVE_MIN_BYTES that deflates to less than REPETITIVE_RATIO of its size
# says the same few words over and over: "Word Word ..." x300 deflates to 0.013 of itself, a log
# line x60 to 0.026, "lol " x40 to 0.056, "I like pizza. " x50 to 0.033. What people write stays
# above 0.1: a list, a table, a stack trace, twelve weeks of the same gym plan (0.106); LoCoMo's
# turns of 200 bytes and more, 0.6 and up.
REPETITIVE_MIN_BYTES = 100
REPETITIVE_RATIO = 0.08


def repetition(text: str) -> tuple[int, int] | None:
    """(bytes, deflated bytes) when `text` is repetitive junk, else None."""
    data = text.encode("utf-8", "replace")
    if len(data) < REPETITIVE_MIN_BYTES:
        return None
    import zlib
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)  # raw deflate: no header to weigh on a short text
    packed = len(packer.compress(data)) + len(packer.flush())
    return (len(data), packed) if packed < len(data) * REPETITIVE_RATIO else None


CHARS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """About four characters a token: a budget guide, not a tokenizer."""
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN

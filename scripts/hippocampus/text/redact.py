"""Redaction of credentials before anything reaches a file or git history.

Every path that lets text into the store (remember, the MCP server, bulk
import, notes indexed in place, hand edits, transcripts and OpenClaw's
sessions, a pasted conversation, proposals, graph facts, audit summaries, the
recovery of an interrupted commit) calls `redact`, on a text whole before it
is split into items. A secret becomes `[REDACTED:<kind>]`; the words around it
stay, so "the deploy key is in 1Password" is still a useful memory. What is
found (references/reliability.md, "Secrets", says the same):

- tokens of a known shape (redact_shapes.py): private keys of any armour (PEM,
  PGP, SSH2, PuTTY, age), provider tokens by prefix, JSON web tokens;
- a URL's password (`scheme://user:pass@host`, empty user and `@` in it too);
- a value assigned to a name that ends in a credential word (`password`,
  `pass`, `pwd`, `secret`, `token`, `auth`, `credentials`, `api_key`, `*_KEY`,
  `private_key_id`, `psk`, `pin`, `sig`, `mot_de_passe`, `пароль`, ...), with
  any prefix, quoted values whole; a config file's line to its end, YAML's
  block value, netrc, pgpass, a Wi-Fi QR code;
- command lines: the `Authorization:` header, `--password x`, `curl -u
  user:pass`, `sshpass -p X`, `mysql -pX`, `sqlplus user/X@db`, ...;
- a spoken one, in many languages (redact_words.py): "my wifi password is X",
  "mot de passe : X", "mein Passwort ist X", "パスワードはX", "password X"
  (unless the value is an ordinary word: "the password is in the vault"
  stays; pins need a digit, keys a digit or a symbol);
- card numbers (13-19 digits of a card issuer's prefix with a valid Luhn
  digit: order numbers fail it);
- base64 that decodes to any of the above.

One piece (~650 lines): the kinds of secret and the one pass that applies them all, each pattern run
only where its guard is (`_open_rows`); a new kind is a table row here, and the tests list every kind.
"""

from __future__ import annotations

import base64
import binascii
import math
import re

from .redact_shapes import (KEY_BLOCK, KEY_END, KEY_GUARDS, PROVIDERS as _PROVIDERS, PUTTY_MAC, PUTTY_PRIVATE,
                            key_tail)
from . import redact_words as words_mod
from .redact_words import FUNCTION as _FUNCTION, NOT_A_SECRET, ORDINARY as _ORDINARY
from .textutil import case_blind, has_guard

_KEYWORD = r"(?:api[_ -]?key|apikey|access[_ -]?key(?:[_ -]?id)?|secret(?:[_ -]?(?:access[_ -]?)?key)?|client[_ -]?secret|auth[_ -]?token|access[_ -]?token|refresh[_ -]?token|bearer|token|private[_ -]?key|signing[_ -]?key)"

_QUOTED = r"\"(?:[^\"\\\n]|\\.){1,300}\"|'[^'\n]{1,300}'|`[^`\n]{1,300}`"
# quotes of every language: « », “ ”, „ “, ‘ ’, 「 」, 『 』
_ANY_QUOTED = (_QUOTED + r"|«[^»\n]{1,300}»|“[^”\n]{1,300}”|„[^“”\n]{1,300}[“”]|‘[^’\n]{1,300}’|「[^」\n]{1,300}」|"
               r"『[^』\n]{1,300}』")
_BARE = r"[^\s\"'`,;\\]+"
# a name that ends in a credential word, with any prefix: MYSQL_ROOT_PASSWORD, _authToken, AccountKey,
# private_key_id, wpa_psk, mot_de_passe, contraseña, senha, wachtwoord, hasło, пароль
_NAME_WORD = (r"(?:p(?:ass(?:word|wd|wort|phrase|code|ord|e)?|wd|w|in|sk)|k(?:ennwort|ey(?:_?id)?)|"
              r"s(?:ecret|ig(?:nature)?|enha|alasana|ifre)|şifre|token|credentials?|a(?:uth|dgangskode)|mdp|"
              r"contrase[ñn]a|wachtwoord|l[öo]senord|h(?:as[łl]o|eslo)|пароль|jelsz[óo])")  # by first letter: fewer tries
_NAME = r"[\w.\-]{0,60}?" + _NAME_WORD
_NAME_GUARDS = ("pass", "pw", "wort", "secret", "token", "credential", "auth", "key", "pin", "sig", "psk", "mdp",
                "senha", "contrase", "wachtwoord", "senord", "adgangskode", "hasł", "hasl", "пароль", "ifre", "heslo",
                "salasana", "jelsz")
_BOLD = r"(?:\*{1,2}|_{1,2})?"  # a markdown label: **Password:** x
# spoken: "my wifi password is X", "the passphrase is a b c", "my bank pin is 4821"
_SPOKEN_WORD = (r"(?:(?:pass|seed|recovery|secret|backup)\s*phrase|mnemonic|pass(?:word|code)s?|pwd|"
                r"pin(?:\s*(?:code|number))?|combination|(?:door|garage|gate|lock|locker|safe|keypad|building|"
                r"padlock|alarm|entry|unlock|voicemail|atm)\s+codes?|(?:access|security|"
                r"recovery|backup|verification|one-time|2fa|otp|login)\s+codes?|secret(?:\s+key)?|"
                r"(?:api|access|secret|private|license|licence|deploy|ssh|encryption|master|wifi|wi-fi|wpa2?|network|"
                r"product|activation|signing)\s+key|key|token|credentials?)")
_SPOKEN = (r"(?<![\w\-])(?P<kw>" + _SPOKEN_WORD + r")(?:\s+(?:for|to|of|on|at)\s+(?:the\s+|my\s+|our\s+)?"
           r"(?:[\w.@\-]+\s+){0,2}[\w.@\-]+)?(?:\s+(?:is|was|are|were|will\s+be)(?:\s+(?:now|still|currently|"
           r"actually|just|simply|set\s+to|changed\s+to))?\s*[:=]?\s+|['\u2019]s\s+|\s*[:=]\s*)"
           r"(?P<value>" + _QUOTED + r"|[^\s\"'`,;]+(?:[ \t]+[^\s\"'`,;.!?]+)*)")
# "I set the password to X", "changed my pin to 4821"
_SET_TO = (r"\b(?:set|changed|reset|updated)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?(?:[\w\-]+\s+)?"
           r"(?P<kw>pass(?:word|code|phrase)|pin|pwd)\s+to\s+(?P<value>" + _QUOTED + r"|[^\s\"'`,;]+)")


def _said_pattern(words: str) -> str:
    """A credential word of any language (`words`, redact_words), then its value: after "is" in
    the writer's language or a colon ("mein Passwort ist X", "mot de passe : X", "пароль — X"),
    or right after it ("password Tulip#2231", "PIN 4821": the `bare` form, judged stricter)."""
    qualifier = (r"(?:[ \t]+" + words_mod.PREPOSITION + r"[ \t]+|[ \t]+(?:d|l|dell)['’])(?:[\w.@\-]+[ \t]+){0,2}?"
                 r"[\w.@\-]+")  # the fewest words before what joins: "du wifi" of "du wifi est X | …"
    joined = (r"[ \t]*(?:[:=：＝|]|->|=>|→)" + _BOLD + r"\s*|[ \t]+[-–—][ \t]+|[ \t]+(?P<cop>" + words_mod.COPULA +
              r")(?:[ \t]+" + words_mod.ADVERB + r")?[ \t]*[:：]?[ \t]+")  # on the word's line, but "Passwort:\n X"
    return (r"(?P<kw>" + words + r")(?:[ \t]+" + words_mod.POSSESSIVE_AFTER + r"(?!\w))?" + _BOLD + r"(?:(?:" +
            qualifier + r")??(?P<sep>" + joined +
            r")|(?P<bare>[ \t]+))(?P<value><[^<>\n]{1,80}>|\{\{[^{}\n]{0,80}\}\}|" + _ANY_QUOTED + r"|[^\s\"'`,;，、。！？「」『』（）«»“”„]+)")


# Chinese, Japanese, Korean: the ASCII after the word, a particle or a colon between or not
_CJK_SAID = (r"(?P<kw>" + words_mod.CJK_WORDS + "|" + words_mod.ASCII_AFTER_WORDS + r")\s*(?:は|が|を|是|为|為|改成|改为|"
             r"改為|设为|設為|设置为|：|:|＝|=|는|은|가|이|를|" + words_mod.ASCII_AFTER_JOINS + r")?\s*(?P<value>" + _ANY_QUOTED +
             r"|[!-~]+)")

# a command line that carries a password: sshpass -p X, docker login -p X, redis-cli -a X, sqlcmd -P X,
# ldapsearch -w X, 7z -pX, zip -P X, smbclient -U user%X, openssl pass:X, keytool -storepass X, sqlplus user/X@db,
# echo X | sudo -S, htpasswd -b file user X, lftp -u user,X, net use /user:u X, ssh-keygen -N X
_ARG = r"(?P<secret>" + _QUOTED + r"|[^\s\"'`|;&]+)"
_CLI = [
    (r"(?P<head>\bsshpass\b[^\n|;&]{0,300}?\s-p[ \t]*)" + _ARG, 0, ("sshpass",)),
    (r"(?P<head>\b(?:mysql|mariadb)\w*\b[^\n]{0,300}?(?-i:\s-p))" + _ARG, re.I, ("mysql", "mariadb")),
    (r"(?P<head>\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras|crane|regctl)\b[^\n|;&]{0,300}?\blogin\b[^\n|;&]{0,300}?"
     r"\s-p[ \t]+)" + _ARG, 0, ("login",)),
    (r"(?P<head>\bmongo(?:sh|dump|restore|import|export|stat|top|files)?\b[^\n|;&]{0,300}?\s-p[ \t]+)" + _ARG, 0,
     ("mongo",)),
    (r"(?P<head>\b(?:redis|keydb|valkey)-cli\b[^\n|;&]{0,300}?\s-a[ \t]+)" + _ARG, 0, ("-cli",)),
    (r"(?P<head>\b(?:sqlcmd|bcp|osql|isql)\b[^\n|;&]{0,300}?\s-P[ \t]*)" + _ARG, 0, ("-P",)),
    (r"(?P<head>\bldap\w+\b[^\n|;&]{0,300}?\s-w[ \t]+)" + _ARG, 0, ("ldap",)),
    (r"(?P<head>\b(?:7z[ar]?|rar|unrar)\b[^\n|;&]{0,300}?\s-p)(?P<secret>" + _QUOTED + r"|[^\s\"'`|;&\-][^\s\"'`|;&]*)", 0,
     ("7z", "rar")),
    (r"(?P<head>\b(?:(?:zip|unzip|zipcloak)\b[^\n|;&]{0,300}?\s-P|openssl\b[^\n|;&]{0,300}?\s-k|ssh-keygen\b[^\n|;&]{0,300}?\s-[NP])"
     r"[ \t]+)" + _ARG, 0, ("zip", "openssl", "ssh-keygen")),
    (r"(?P<head>\bsmbclient\b[^\n|;&]{0,300}?\s(?:-U|--user)[ =]?[^\s%]+%)" + _ARG, 0, ("%",)),
    (r"(?P<head>\blftp\b[^\n|;&]{0,300}?\s-u[ \t]+[^\s,]+,)" + _ARG, 0, ("lftp",)),
    (r"(?P<head>(?<![\w\-])pass:)(?P<secret>[^\s\"'`]+)", 0, ("pass:",)),
    (r"(?P<head>(?<![\w\-])-[a-z]*pass(?:word|wd|phrase)?(?:=|[ \t]+))" + _ARG, re.I, ("pass",)),
    (r"(?P<head>\b(?:sqlplus|sqlldr|expdp|impdp|rman|dgmgrl)\s+(?:-\w+\s+)*[\w$#.]+/)"
     r"(?P<secret>[^\s@/\"']+)(?=@|\s|\Z)", re.I, ("sqlplus", "sqlldr", "expdp", "impdp", "rman", "dgmgrl")),
    (r"(?P<head>\bjdbc:oracle:(?:thin|oci):[\w$#.]+/)(?P<secret>[^\s@]+)(?=@)", re.I, ("jdbc:oracle",)),
    (r"(?P<head>\becho\s+(?:-n\s+)?)(?P<secret>" + _QUOTED + r"|[^\s|]+)(?=\s*\|\s*(?:sudo\s+(?:-\w+\s+)*-\w*S|"
     r"[^\n|]{0,300}--password-stdin|passwd\s+--stdin|chpasswd|[^\n|]{0,300}\bsshpass\b))", 0, ("echo",)),
    (r"(?P<head>\bnet\s+use\b[^\n]{0,300}?/user:\S+\s+)(?P<secret>[^\s/]\S*)", re.I, ("net use",)),
    (r"(?P<head>\bhtpasswd\b(?=[^\n]{0,300}\s-\w*b)(?:\s+-\w+)*\s+\S+\s+\S+\s+)(?P<secret>[^\s\-]\S*)", 0, ("htpasswd",)),
]

# (kind, pattern, flags, guard) applied in order; earlier, more specific patterns win.
# A guard is text every match contains (in textutil.case_blind(text) when the pattern
# ignores case): a pattern is compiled and run only when its guard is present, so the
# usual memory costs a few substring tests, not a dozen regular expressions. A fifth
# item is a second guard, all of whose matches contain one of its strings too, or a
# test every text with a match passes (card numbers: 13 digits; base64: a 20-letter word).
def _thirteen_digits(text: str) -> bool:
    return sum(map(str.isdigit, text)) >= 13


def _a_long_word(text: str) -> bool:
    return any(len(word) >= 20 for word in text.split())


_PGPASS_SHAPE = re.compile(r":(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:\S")  # what every pgpass line holds past its host


_SET_MARK = re.compile(r"[:=]")
_NAMED_AT_END = re.compile("(?:" + _NAME_WORD + r")(?:\*{1,2}|_{1,2})?[\"']?\Z", re.I)
NAMED_WINDOW = 16  # characters before a colon or "=" (its spaces aside) a credential word and its mark fit in
MARKS_SCANNED = 64  # more marks than this: the rows run (a text of colons costs them no more than before)


def _named_then_set(text: str) -> bool:
    """Whether the rows of a name ending in a credential word, then ":" or "=" (assignment,
    config-line) can match: such a word right before a colon or "=" (spaces, a quote and a bold
    mark between). A quick scan from the marks, where the rows try their names at every word."""
    for scanned, mark in enumerate(_SET_MARK.finditer(text)):
        if scanned == MARKS_SCANNED:
            return True
        end = mark.start()
        while end and text[end - 1] in " \t":
            end -= 1
        if _NAMED_AT_END.search(text, max(0, end - NAMED_WINDOW), end):
            return True
    return False


def _pgpass_shape(text: str) -> bool:
    """Whether the pgpass row can match: its port and the colons after it, a literal colon first (a
    quick scan; four colons anywhere, the guard before, let ~1/3 of everyday chat run the row)."""
    return _PGPASS_SHAPE.search(text) is not None


_LINE_START = r"(?m:^)"  # a line's start
_PATTERNS: list[tuple] = [
    ("private-key", KEY_BLOCK, re.S, KEY_GUARDS),
    ("private-key-tail", KEY_END, 0, KEY_GUARDS, ("-END", "- END")),
    ("private-key", PUTTY_PRIVATE, 0, ("Private-Lines:",)),
    ("private-key", PUTTY_MAC, 0, ("Private-MAC:", "Private-Hash:")),
    *((kind, source, 0, guard) for kind, source, guard in _PROVIDERS),
    # scheme://user:password@host  -> keep user and host, drop the password (up to the
    # last @ before the host: a password may hold an @; the user may be empty)
    ("url-password", r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]{0,31}://[^\s/:@?#\[\]]*:)(?P<secret>[^\s/?#]+)(?P<tail>@)", 0,
     ("://",)),
    # scheme://TOKEN@host: a credential as the user, no password
    ("url-password", r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]{0,31}://)(?P<secret>[A-Za-z0-9_\-.~%]{16,})(?P<tail>@)", 0,
     ("://",)),
    # aws_secret_access_key = <40 chars>
    ("aws-secret-key", r"(?P<head>\baws_?secret_?access_?key[\"']?\s*[=:]\s*[\"']?)(?P<secret>[A-Za-z0-9/+=]{40})\b",
     re.I, ("secret",)),
    # a high-entropy token near a word like key/token/secret
    ("token", r"(?P<head>\b" + _KEYWORD + r"\b[\"']?(?:\s*(?:is|was|=|:|=>)\s*|\s+)[\"']?)(?P<secret>[A-Za-z0-9/+_.=\-]{16,})",
     re.I, ("key", "secret", "token", "bearer")),
    # Authorization: Basic/Bearer/Token <credential>
    ("authorization",
     r"(?P<head>\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:(?:basic|bearer|token|digest|negotiate|ntlm|"
     r"apikey|api-key|key|sso-key|hmac|aws4-hmac-sha256)\s+)?)(?P<secret>[^\s\"',;]+)", re.I, ("authorization",)),
    ("basic-auth", r"(?P<head>\bbasic\s+)(?P<secret>[A-Za-z0-9+/]{8,}={0,2})(?![\w+/=])", re.I, ("basic",)),
    # curl -u user:pass, --user user:pass; --password x, --api-key=x; the commands above
    ("cli-credential", r"(?P<head>(?<![\w\-])(?:-u|--user)[ =][\"']?[^\s:\"']+:)(?P<secret>[^\s\"']+)", 0, ("-u",)),
    ("cli-credential",
     r"(?P<head>(?<![\w\-])--[\w\-]*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|"
     r"auth)(?:=|\s+))(?P<secret>" + _QUOTED + r"|[^\s\"'`]+)", re.I, ("--",)),
    *(("cli-credential", source, flags, guard) for source, flags, guard in _CLI),
    # .netrc: machine HOST login USER password X (on one line or several)
    ("netrc", r"(?P<head>(?<![\w\-])(?:machine\s+\S+(?:\s+(?:login|account|port)\s+\S+)+|machine\s+[\w\-]+\.[\w.\-]+|"
     r"default(?:\s+(?:login|account)\s+\S+)+|" + _LINE_START + r"[ \t]*login\s+\S+)\s+password\s+)"
     r"(?P<secret>[^\s\"'`]+)",
     re.I, ("password",), ("machine", "default", "login")),
    # a Wi-Fi QR code: WIFI:T:WPA;S:net;P:secret;;
    ("wifi-password", r"(?P<head>\bWIFI:(?:(?:\\.|[^;\\\n])*;)*?P:)(?P<secret>(?:\\.|[^;\\\n])+)", re.I, ("wifi:",)),
    # .pgpass: host:port:database:user:password
    ("pgpass", r"(?<!\S)(?P<head>[^\s:#]*[A-Za-z.*][^\s:#]*:(?:\d{1,5}|\*):[^\s:]+:[^\s:]+:)(?P<secret>\S+)(?!\S)",
     0, (), _pgpass_shape),
    # YAML's block value: password: |  (the lines below it)
    ("yaml-block", _LINE_START + r"(?P<lead>(?P<indent>[ \t]*)(?:-[ \t]+)?)(?P<name>" + _NAME + r")"
     r"(?P<head>[\"']?[ \t]*:[ \t]*[|>][\-+0-9]*[ \t]*(?:#[^\n]*)?\n)"
     r"(?P<value>(?:[ \t]*\n)*(?:(?P=indent)[ \t]+\S[^\n]*(?:\n|\Z)(?:[ \t]*\n)*)+)", re.I, _NAME_GUARDS, ("|", ">")),
    # a config file's line (ini, env, toml, yaml, properties, a markdown list): the value runs to its end
    ("config-line", _LINE_START + r"(?P<lead>[ \t]*(?:export[ \t]+|[-*+][ \t]+)?" + _BOLD + r")(?P<name>" + _NAME +
     r")(?P<head>" + _BOLD + r"[\"']?[ \t]*(?:=|:)" + _BOLD + r"[ \t]*)(?P<value>[^\s\"'`{<\[][^\n]*?)"
     r"[ \t]*(?=\r?\n|\Z)", re.I, _NAME_GUARDS, _named_then_set),
    # NAME=value, NAME: value, "NAME": "value" where NAME ends in a credential word
    ("assignment",
     r"(?<![\w.\-])(?P<name>" + _NAME + r")(?P<head>" + _BOLD + r"[\"']?[ \t]*(?::=|=>|=|:)" + _BOLD + r"[ \t]*)"
     r"(?P<value><[^<>\n]{1,80}>|\"\"\"[\s\S]{0,2000}?\"\"\"|'''[\s\S]{0,2000}?'''|" + _QUOTED +
     r"|\{[^{}\n]{1,300}\}|" + _BARE + ")",
     re.I, _NAME_GUARDS, _named_then_set),
    ("assignment", r"<(?P<name>[\w:.\-]{0,40}?(?:password|passwd|secret|token|apikey|api_key|key|pin))>"
     r"(?P<value>[^<\n]{1,300})</(?P=name)>", re.I, ("pass", "secret", "token", "key", "pin"), ("</",)),
    ("spoken", _SPOKEN, re.I, ("pass", "pwd", "pin", "secret", "key", "token", "code", "combination",
                               "credential", "phrase", "mnemonic"), (" is", " was", " are", " were", " be",
                                                                     "'s", "\u2019s", ":", "=")),
    ("spoken", _SET_TO, re.I, ("pass", "pwd", "pin"), (" to",)),
    # the same in the languages people write in, and with no "is" at all ("password Tulip#2231")
    ("said-password", _said_pattern(words_mod.PASSWORD_WORDS), re.I, words_mod.PASSWORD_GUARDS),
    ("said-pin", _said_pattern(words_mod.PIN_WORDS), re.I, words_mod.PIN_GUARDS),
    ("said-key", _said_pattern(words_mod.KEY_WORDS), re.I, words_mod.KEY_GUARDS),
    ("said-cjk", _CJK_SAID, re.I, words_mod.CJK_GUARDS),
    ("card-number", r"(?<![\w\-.])(?:\d[ \-]?){12,18}\d(?![\w\-]|\.\d)", 0, (), _thirteen_digits),
    ("base64", r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{20,}={0,2}(?![A-Za-z0-9+/=_\-])", 0, (), _a_long_word),
]

# (kind, source, flags as an int, ignores case, guard, second guard): enum arithmetic
# on re's flags costs a microsecond a test, dozens a call
_TABLE = [(kind, source, int(flags), bool(flags & re.I), guard, also[0] if also else None)
          for kind, source, flags, guard, *also in _PATTERNS]


_COMMON_FIRST = " etaoinshrdlcumwfgypbvkjxqz"  # English letters, most frequent first


def _guard_index() -> tuple[tuple[tuple[str, tuple[str, ...]], ...], dict[str, tuple[int, ...]], frozenset[int]]:
    """Every guard once, lowercase (a case-sensitive one too: what it finds in the text,
    the case-blind view has lowercased), filed under its rarest character; the rows each
    opens; the rows with no guard. One pass of substring tests over the view, of the guards
    whose rarest character the text holds, tells which rows can match at all."""
    rows_of: dict[str, list[int]] = {}
    always = set()
    for index, (_kind, _source, _flags, _blind, guard, _also) in enumerate(_TABLE):
        for word in guard:
            rows_of.setdefault(case_blind(word), []).append(index)
        if not guard:
            always.add(index)
    by_char: dict[str, list[str]] = {}
    for word in rows_of:
        rarest = max(word, key=lambda c: _COMMON_FIRST.find(c) if c in _COMMON_FIRST else len(_COMMON_FIRST))
        by_char.setdefault(rarest, []).append(word)
    return (tuple((char, tuple(words)) for char, words in by_char.items()),
            {word: tuple(rows) for word, rows in rows_of.items()}, frozenset(always))


_GUARDS_BY_CHAR, _ROWS_OF, _UNGUARDED = _guard_index()


def _open_rows(text: str, after: int) -> tuple[list[int], str]:
    """(the rows after `after` whose guard is in `text`, in order; case_blind(text))."""
    view = case_blind(text)
    chars = set(view)
    rows = set(_UNGUARDED)
    for char, words in _GUARDS_BY_CHAR:
        if char in chars:
            for word in words:
                if word in view:
                    rows.update(_ROWS_OF[word])
    return sorted(row for row in rows if row > after), view


_CARD_PREFIX = r"4|5[1-5]|2(?:2[2-9]|[3-6]|7[01]|720)|3[47]|3(?:0[0-5]|[68])|35|6(?:011|5|4[4-9]|2)"


def _entropy(token: str) -> float:
    counts: dict[str, int] = {}
    for ch in token:
        counts[ch] = counts.get(ch, 0) + 1
    total = len(token)
    return -sum(c / total * math.log2(c / total) for c in counts.values())


def _looks_secret(token: str) -> bool:
    """A credential-like token: long, mixed letters and digits, high entropy."""
    stripped = token.strip(".-_=")
    if len(stripped) < 16:
        return False
    has_digit = any(c.isdigit() for c in stripped)
    has_alpha = any(c.isalpha() for c in stripped)
    return has_digit and has_alpha and _entropy(stripped) >= 3.3


_TRAILING = ".,:!?)…"  # punctuation after a spoken value ends the sentence, it is no part of it
_TRAILING_ANY = _TRAILING + "。、，！？）」』»”’;"


def _has_digit(value: str) -> bool:
    return any(c.isdigit() for c in value)


def _credential_like(value: str) -> bool:
    """A value that is no plain word: a digit or a symbol in it, or long and mixed."""
    core = value.rstrip(_TRAILING)
    if len(core) < 4:
        return False
    if _has_digit(core) or any(not c.isalnum() and c not in "-_'’" for c in core):
        return True
    return len(core) >= 16 or (len(core) >= 10 and core[1:] != core[1:].lower())


_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")
# what re.IGNORECASE matches to an ASCII letter, case kept (textutil.case_blind lowers)
_TO_ASCII = str.maketrans({"\u0130": "I", "\u0131": "i", "\u017f": "s", "\u212a": "K"})
_MANAGERS = frozenset(("1password", "lastpass", "keepass", "keepassxc", "bitwarden", "passbolt", "keychain"))


def _name_words(name: str) -> list[str]:
    """MYSQL_ROOT_PASSWORD -> mysql root password; SharedAccessKey -> shared access key."""
    words: list[str] = []
    for chunk in re.split(r"[_.\-:\s]+", name.translate(_TO_ASCII)):
        if chunk and not chunk.islower() and not chunk.isupper():
            words += _CAMEL.findall(chunk) or [chunk]
        elif chunk:
            words.append(chunk)
    return [w.lower() for w in words]


_STRONG_KEY_WORDS = frozenset("""api secret private access account shared signing encryption master client auth
session app license deploy ssh gpg pgp crypto crypt hmac jwt service subscription storage webhook consumer admin
root wifi wpa cookie csrf oauth aes rsa license product activation serial""".split())
_GLUED_KEYS = ("apikey", "secretkey", "accesskey", "privatekey", "accountkey", "signingkey", "masterkey",
               "encryptionkey", "licensekey", "clientkey", "appkey", "hmackey", "sshkey", "sharedaccesskey")
_BLOCK_INDICATOR = re.compile(r"[|>][\-+0-9]*")
_BOOLEANS = frozenset("true false null none nil yes no on off undefined required optional".split())


# a credential word in another language ends the name: Contraseña=, DB_HASŁO=, mot_de_passe=, wpa_psk=
_FOREIGN_NAMES = ("passe", "mdp", "senha", "contraseña", "contrasena", "wachtwoord", "lösenord", "losenord", "passord",
                  "adgangskode", "hasło", "haslo", "пароль", "şifre", "sifre", "heslo", "salasana", "jelszó", "jelszo",
                  "psk")


def _name_tier(name: str) -> str | None:
    """How a value assigned to `name` is judged: 'strong' (any value), 'key' (a
    credential-like value), 'pin' (digits), 'sig' (long), None (not a credential name)."""
    words = _name_words(name)
    if case_blind(name) in _MANAGERS:
        return None
    if not words:
        return None
    last = case_blind(words[-1])
    if last.endswith(("password", "passwd", "passwort", "kennwort", "passphrase", "passcode", "secret", "token", "credential",
                      "credentials")) or last in ("pass", "pwd", "pw", "auth"):
        return "strong"
    if case_blind(name).endswith(_FOREIGN_NAMES):
        return "strong"
    if last.endswith(_GLUED_KEYS) and last not in _MANAGERS:
        return "strong"
    if (last == "id" and len(words) > 2 and words[-2] == "key" or last.endswith("keyid")) and (
            {"private", "secret"} & set(words[:-1]) or last.endswith(("privatekeyid", "secretkeyid"))):
        return "strong"  # private_key_id (a service account's), secret_key_id; an access key id is no secret
    if last == "key":
        before = set(words[:-1])
        if before & _STRONG_KEY_WORDS or (name.isupper() and len(words) > 1):
            return "strong"
        return "key"
    if last == "pin":
        return "pin"
    if last in ("sig", "signature"):
        return "sig"
    return None


_PAIRS = {"\"": "\"", "'": "'", "`": "`", "{": "}", "«": "»", "“": "”", "„": "“”", "‘": "’", "「": "」", "『": "』"}


def _value_core(value: str) -> tuple[str, str, str]:
    """(opening quote, inside, closing quote) of an assigned value (TOML's triple
    quotes, ODBC's braces and the quotes of other languages too)."""
    if len(value) >= 6 and value[:3] in ('\"\"\"', "'''") and value.endswith(value[:3]):
        return value[:3], value[3:-3], value[-3:]
    if len(value) >= 2 and value[0] in _PAIRS and value[-1] in _PAIRS[value[0]]:
        return value[0], value[1:-1], value[-1]
    return "", value, ""


def _placeholder(inside: str) -> bool:
    """A value that is no secret: empty, already redacted, a reference or a mask."""
    stripped = inside.strip()
    return (not stripped or stripped[:9].upper() == "[REDACTED" or set(stripped) <= set("*x.X•")
            or re.fullmatch(r"\$\{?[A-Z_][A-Z0-9_]*\}?|<[^<>]*>|\{\{[^{}]*\}\}|%\(?[\w]+\)?s?", stripped) is not None)


def _assignment(match: re.Match, marker) -> str:
    name = match.group("name")
    quote, inside, close = _value_core(match.group("value"))
    tier = _name_tier(name.split(":")[-1])
    if tier is None or _placeholder(inside):
        return match.group(0)
    bare = not quote
    word = inside.strip().rstrip(_TRAILING).lower()
    if bare and (word in _BOOLEANS or (word in NOT_A_SECRET and ":" in match.groupdict().get("head", "="))
                 or _BLOCK_INDICATOR.fullmatch(word)):  # YAML's "password: |": the lines below are the value
        return match.group(0)
    if tier == "key" and not (quote and " " in inside.strip()) and not _credential_like(inside):
        return match.group(0)
    if tier == "pin" and not _has_digit(inside):
        return match.group(0)
    if tier == "sig" and len(inside) < 16:
        return match.group(0)
    kind = "password" if re.search(r"pass|pwd|pw$|pin$", case_blind(name), re.I) else "secret"
    if "head" not in match.groupdict():  # <password>value</password>
        return f"<{name}>{marker(kind)}</{name}>"
    return name + match.group("head") + quote + marker(kind) + close


def _config_line(match: re.Match, marker) -> str:
    """A config file's line whose value runs to its end ("password = correct horse battery"):
    names that take any value only (the others are judged by `_assignment`, one word)."""
    if _name_tier(match.group("name").split(":")[-1]) != "strong" or len(match.group("value").split()) < 2:
        return match.group(0)  # one word: the assignment row's
    first = match.group("value").split()[0].rstrip(_TRAILING).lower()
    if first in _FUNCTION or (first in NOT_A_SECRET and ":" in match.group("head")) or _placeholder(first.upper()):
        return match.group(0)  # "Password: see the vault", "API_KEY=$API_KEY comes from the environment"
    redacted = _assignment(match, marker)  # the name and the value: the line's lead stays before them
    return redacted if redacted == match.group(0) else match.group("lead") + redacted


def _yaml_block(match: re.Match, marker) -> str:
    """password: |  and the indented lines below it."""
    if _name_tier(match.group("name")) is None or _placeholder(match.group("value")):
        return match.group(0)
    value = match.group("value")
    indent = value[:len(value) - len(value.lstrip(" \t\n"))].rsplit("\n", 1)[-1] or "  "
    return match.group("lead") + match.group("name") + match.group("head") + indent + marker("password") + "\n"


_PIN_FAMILY = ("said-pin",)
_DATE_OR_PATH = re.compile(r"\d{4}-\d{2}-\d{2}.*|\d{1,2}:\d{2}.*|[/~.]{1,2}/.*|.*://.*|\d+-[^\W\d_]+|v?\d+(?:\.\d+)+")


def _said(match: re.Match, kind: str, marker) -> str:
    """A credential word of any language and what follows it (`_said_pattern`)."""
    head = match.group(0)[:match.start("value") - match.start(0)]
    keyword = case_blind(match.group("kw")).lower()
    groups = match.groupdict()
    copula = (groups.get("cop") or "").lower()
    if copula in words_mod.OWN_COPULA and not keyword.startswith(words_mod.OWN_COPULA[copula]):
        return match.group(0)  # "the password to Netflix": English "to" is no copula
    if keyword in words_mod.ROMANIAN_ONLY and (copula not in ("", "este") or groups.get("bare") is not None):
        return match.group(0)  # "la parola è bella"
    bare = kind != "said-cjk" and groups.get("bare") is not None
    value = match.group("value")
    core = value.rstrip(".,:!?…;。、，！？")  # a quoted value ends a sentence: "… est « x y ». Puis"
    quote, inside, close = _value_core(core)
    if not quote and len(core) > 2 and core[0] == "(" and core[-1] == ")":  # "wifi password (Tulip#2231)"
        quote, inside, close = "(", core[1:-1], ")"
    if not quote:
        inside = value
    if _placeholder(inside):
        return match.group(0)
    if quote:
        secret, trail = inside, value[len(core):]
    else:
        secret, trail = inside, ""
        if kind == "said-cjk":  # the ASCII of it: "sakura2024" of "sakura2024です"
            secret = re.match(r"[!-~]*", secret).group(0)
            trail = inside[len(secret):]
        while secret and secret[-1] in _TRAILING_ANY:
            secret, trail = secret[:-1], secret[-1] + trail
    word = secret.strip().lower()
    if not word or (not quote and (word in NOT_A_SECRET or word in _BOOLEANS)):
        return match.group(0)
    if len(word) < 4 and not any(c.isalnum() for c in word):
        return match.group(0)  # "password: |" (the lines below it), "password: -"
    spaced = quote and " " in word
    if kind in _PIN_FAMILY or keyword in words_mod.CJK_PIN_WORDS:
        if not _has_digit(secret):
            return match.group(0)
    elif kind == "said-key":
        if not (spaced or _credential_like(secret)) or (bare and not (len(secret) >= 8 and _has_digit(secret))):
            return match.group(0)
    elif kind == "said-cjk":
        if len(secret) < 4 or (keyword not in ("パスワード", "密码", "密碼", "口令", "비밀번호", "암호")
                                and not _credential_like(secret)):
            return match.group(0)
    if bare and (not (spaced or _credential_like(secret)) or not quote and _DATE_OR_PATH.fullmatch(secret)
                 or secret[0] in "([{"):
        return match.group(0)  # "password manager", "password 2026-03-11", "passcode 6-digit", "pwd /home",
        # "1Password (Ops vault)"
    if bare and keyword == "pwd":
        return match.group(0)  # the shell's pwd
    return head + quote + marker("spoken") + close + trail


def _spoken(match: re.Match, marker) -> str:
    value = match.group("value")
    keyword = case_blind(match.group("kw")).lower()
    quote, inside, close = _value_core(value)
    if _placeholder(inside):
        return match.group(0)
    head = match.group(0)[:match.start("value") - match.start(0)]
    if quote:
        return head + quote + marker("spoken") + close
    first = inside.split()[0]
    word = first.rstrip(_TRAILING).lower()
    phrase = "phrase" in keyword or "mnemonic" in keyword or keyword.endswith("codes")
    if word in _FUNCTION or (word in _ORDINARY and not (phrase and len(inside.split()) > 2)):
        return match.group(0)
    secret = inside if phrase else first
    rest = inside[len(secret):]
    trail = ""
    while secret and secret[-1] in _TRAILING and not phrase:
        secret, trail = secret[:-1], secret[-1] + trail
    if not secret or _BLOCK_INDICATOR.fullmatch(secret):
        return match.group(0)
    if any(k in keyword for k in ("pin", "code", "combination")):
        if not _has_digit(secret.split()[0]):
            return match.group(0)
    elif not (any(k in keyword for k in ("pass", "pwd", "credential", "phrase", "mnemonic"))
              or " " in keyword.replace("secret key", "secret")):  # "the wifi key is X": any X
        if not _credential_like(secret):  # "the key is consistency" stays; "the key is 8f3kd" goes
            return match.group(0)
    return head + marker("spoken") + trail + rest


def _luhn(digits: str) -> bool:
    total = 0
    for position, ch in enumerate(reversed(digits)):
        value = ord(ch) - 48
        if position % 2:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _card(match: re.Match, marker) -> str:
    text = match.group(0)
    digits = text.replace(" ", "").replace("-", "")
    if not 13 <= len(digits) <= 19 or not re.match(_CARD_PREFIX, digits) or not _luhn(digits):
        return text
    if len({c for c in text if not c.isdigit()}) > 1:  # "4111 1111-1111" mixes separators: not a card
        return text
    return marker("card-number")


def _base64(match: re.Match, marker, guarded: bool, depth: int) -> str:
    blob = match.group(0)
    if depth > 1 or not (any(c.isupper() for c in blob) and any(c.islower() for c in blob)):
        return blob
    for decode in (base64.b64decode, base64.urlsafe_b64decode):
        try:
            data = decode(blob.rstrip("=") + "=" * (-len(blob.rstrip("=")) % 4))
        except (binascii.Error, ValueError):
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if sum(ch.isprintable() or ch in "\n\r\t" for ch in text) < len(text) * 0.95:
            continue
        _inner, kinds = _redact(text, guarded, depth + 1)
        if kinds:
            return marker("base64-" + kinds[0])
    return blob


def _swap(match: re.Match, group: str, replacement: str) -> str:
    """The match with one group's text replaced: the words around a secret stay."""
    start, end = match.start(group) - match.start(0), match.end(group) - match.start(0)
    return match.group(0)[:start] + replacement + match.group(0)[end:]


_HEAD_SECRET = frozenset(("url-password", "authorization", "basic-auth", "cli-credential", "netrc", "wifi-password",
                          "pgpass"))


def _replacement(match: re.Match, kind: str, marker, guarded: bool, depth: int) -> str:
    if kind in _HEAD_SECRET:
        secret = match.group("secret")
        if _placeholder(_value_core(secret)[1]):
            return match.group(0)
        if kind == "url-password" and match.group("head").endswith("//") and not _looks_secret(secret):
            return match.group(0)  # a user name, not a token
        if kind == "basic-auth":
            try:
                decoded = base64.b64decode(secret + "=" * (-len(secret) % 4)).decode("utf-8")
            except (binascii.Error, ValueError, UnicodeDecodeError):
                return match.group(0)
            if ":" not in decoded:
                return match.group(0)
        return _swap(match, "secret", marker(kind))
    if kind == "aws-secret-key":
        return match.group("head") + marker(kind)
    if kind == "assignment":
        return _assignment(match, marker)
    if kind == "config-line":
        return _config_line(match, marker)
    if kind == "yaml-block":
        return _yaml_block(match, marker)
    if kind == "spoken":
        return _spoken(match, marker)
    if kind.startswith("said-"):
        return _said(match, kind, marker)
    if kind == "token":
        return match.group("head") + marker(kind) if _looks_secret(match.group("secret")) else match.group(0)
    if kind == "card-number":
        return _card(match, marker)
    if kind == "base64":
        return _base64(match, marker, guarded, depth)
    if "secret" in match.re.groupindex:  # PuTTY's "Private-Lines: 14" stays, its lines go
        return _swap(match, "secret", marker(kind))
    return marker(kind)


def _key_tails(text: str, end_line: str, marker) -> str:
    """Each END line of a private key with the body lines before it (redact_shapes.key_tail)."""
    parts, done = [], 0
    for match in re.finditer(end_line, text):
        start = key_tail(text, match.start())
        if start == match.start() or start < done:
            continue  # an END line alone holds nothing secret
        parts += [text[done:start], marker("private-key")]
        done = match.end()
    return "".join(parts) + text[done:] if parts else text


def _redact(text: str, guarded: bool, depth: int) -> tuple[str, list[str]]:
    kinds: list[str] = []

    def marker(kind: str) -> str:
        kinds.append(kind)
        return f"[REDACTED:{kind}]"

    if guarded:
        order, folded = _open_rows(text, -1)
    else:
        order, folded = list(range(len(_TABLE))), ""
    position = 0
    changes = 0  # a marker in place can open a row already passed ("…]şifrem X"): all rows again
    while position < len(order):
        index = order[position]
        position += 1
        kind, source, flags, blind, guard, also = _TABLE[index]
        if guarded:
            view = folded if blind else text
            if guard and not blind and not has_guard(guard, text):  # a case-sensitive guard, exactly
                continue
            if also and not (also(text) if callable(also) else has_guard(also, view)):
                continue
        if kind == "private-key-tail":
            changed = _key_tails(text, source, marker)
        else:
            changed = re.compile(source, flags).sub(  # re caches the compiled pattern
                lambda m, k=kind: _replacement(m, k, marker, guarded, depth), text)
        if changed != text:
            text = changed
            changes += 1
            # a marker in its place: what every row looks for, again, from the first row (a bounded number
            # of times; then on from this row). Unguarded runs (tests) go the same way over every row, so
            # that the two differ only in the rows the guards leave closed.
            if guarded:
                order, folded = _open_rows(text, -1 if changes < 64 else index)
                position = 0
            elif changes < 64:
                position = 0
    return text, kinds


def redact(text: str, guarded: bool = True) -> tuple[str, list[str]]:
    """Return (redacted text, kinds found). Idempotent. (`guarded=False`, for
    tests: run every pattern, guard or not; the result must be the same.)"""
    if not text:
        return text, []
    redacted, kinds = _redact(text, guarded, 0)
    if not text.isascii():  # fullwidth or styled letters spell a secret as well: "ｐａｓｓｗｏｒｄ＝hunter2"
        import unicodedata
        plain = unicodedata.normalize("NFKC", redacted)
        if plain != redacted:
            again, more = _redact(plain, guarded, 0)
            if more:
                return again, _by_place(again, kinds + more)
    return redacted, _by_place(redacted, kinds)


def _by_place(text: str, kinds: list[str]) -> list[str]:
    """The kinds in the order their markers stand in the text (the rows fire in an order the
    guards choose; the text says which credential came first), a kind with no marker left last."""
    return sorted(kinds, key=lambda kind: (text.find(f"[REDACTED:{kind}]") % (len(text) + 1)))


def redact_text(text: str) -> str:
    return redact(text)[0]


def has_secret(text: str) -> str | None:
    """The kind of the first credential in `text`, or None."""
    kinds = redact(text)[1] if text else []
    return kinds[0] if kinds else None

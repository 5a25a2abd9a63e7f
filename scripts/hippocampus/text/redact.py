"""Redaction of credentials before anything reaches a file or git history.

Every path that lets text into the store (remember, bulk import, hand edits,
transcripts, proposals, graph facts, audit summaries, the recovery of an
interrupted commit) calls `redact`. A secret becomes `[REDACTED:<kind>]`; the
words around it stay, so "the deploy key is in 1Password" is still a useful
memory. What is found (README.md, "Secrets", says the same):

- tokens of a known shape: private keys (PEM), provider tokens by prefix
  (Anthropic, OpenAI, AWS, GitHub, GitLab, Slack, Stripe, Google, Hugging Face,
  npm, PyPI, ...), JSON web tokens;
- a URL's password (`scheme://user:pass@host`, empty user and `@` in it too);
- a value assigned to a name that ends in a credential word (`password`,
  `pass`, `pwd`, `secret`, `token`, `auth`, `credentials`, `api_key`, `*_KEY`,
  `pin`, `sig`), with any prefix (`MYSQL_ROOT_PASSWORD=`, `AccountKey=`,
  `_authToken=`, `x-api-key:`), quoted values whole (`password: "a b c"`);
  the `Authorization:` header; `--password x`, `curl -u user:pass`;
- a spoken one: "my wifi password is X", "the passphrase is a b c", "my bank
  pin is 4821", "the key is 8f3k..." (unless the next word is an ordinary one:
  "the password is in the vault" stays; pins and keys need a digit);
- card numbers (13-19 digits of a card issuer's prefix with a valid Luhn
  digit: order numbers fail it);
- base64 that decodes to any of the above.

One piece (~450 lines): the kinds of secret and the one pass that applies them all; a new kind is a table row here, and the tests list every kind.
"""

from __future__ import annotations

import base64
import binascii
import math
import re

from .textutil import case_blind, has_guard

_KEYWORD = r"(?:api[_ -]?key|apikey|access[_ -]?key(?:[_ -]?id)?|secret(?:[_ -]?(?:access[_ -]?)?key)?|client[_ -]?secret|auth[_ -]?token|access[_ -]?token|refresh[_ -]?token|bearer|token|private[_ -]?key|signing[_ -]?key)"

# provider tokens by their documented prefixes (case-sensitive; a prefix is the guard)
_PROVIDERS: list[tuple[str, str, tuple[str, ...]]] = [
    ("anthropic-key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}", ("sk-ant-",)),
    ("openai-key", r"\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}", ("sk-",)),
    ("aws-access-key", r"\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[0-9A-Z]{16}\b",
     ("AKIA", "ASIA", "ABIA", "ACCA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA")),
    ("github-token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})", ("gh", "github_pat_")),
    ("gitlab-token", r"\bgl(?:pat|dt|rt|ptt|ft|imt|oas|cbt|soat)-[A-Za-z0-9_\-]{20,}", ("gl",)),
    ("slack-token", r"\bxox[a-z]-[A-Za-z0-9\-]{10,}|\bxapp-\d-[A-Za-z0-9\-]{10,}", ("xox", "xapp-")),
    ("slack-webhook", r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]+", ("https://hooks.slack.com/",)),
    ("stripe-key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|\bwhsec_[A-Za-z0-9]{24,}",
     ("_live_", "_test_", "whsec_")),
    ("google-api-key", r"\bAIza[0-9A-Za-z_\-]{35}", ("AIza",)),
    ("google-oauth-token", r"\bya29\.[0-9A-Za-z_\-]{20,}|\bGOCSPX-[0-9A-Za-z_\-]{20,}", ("ya29.", "GOCSPX-")),
    ("huggingface-token", r"\bhf_[A-Za-z0-9]{30,}", ("hf_",)),
    ("npm-token", r"\bnpm_[A-Za-z0-9]{36}\b", ("npm_",)),
    ("pypi-token", r"\bpypi-AgE[A-Za-z0-9_\-]{50,}", ("pypi-AgE",)),
    ("digitalocean-token", r"\bdo[opr]_v1_[a-f0-9]{64}\b", ("_v1_",)),
    ("sendgrid-key", r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}", ("SG.",)),
    ("vault-token", r"\bhv[sbr]\.[A-Za-z0-9_\-]{24,}", ("hvs.", "hvb.", "hvr.")),
    ("telegram-token", r"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b", (":AA",)),
    ("databricks-token", r"\bdapi[a-f0-9]{32}\b", ("dapi",)),
    ("shopify-token", r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", ("shp",)),
    ("square-token", r"\bsq0(?:atp|csp)-[A-Za-z0-9_\-]{22,}", ("sq0",)),
    ("jwt", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}", ("eyJ",)),
]

_QUOTED = r"\"(?:[^\"\\\n]|\\.){1,300}\"|'[^'\n]{1,300}'|`[^`\n]{1,300}`"
_BARE = r"[^\s\"'`,;\\]+"
# a name that ends in a credential word, with any prefix: MYSQL_ROOT_PASSWORD, _authToken, AccountKey
_NAME = r"[\w.\-]{0,60}?(?:pass(?:word|wd|wort|phrase|code)?|kennwort|pwd|pw|secret|token|credentials?|auth|key|pin|sig(?:nature)?)"
# spoken: "my wifi password is X", "the passphrase is a b c", "my bank pin is 4821"
_SPOKEN_WORD = (r"(?:(?:pass|seed|recovery|secret|backup)\s*phrase|mnemonic|pass(?:word|code)s?|pwd|"
                r"pin(?:\s*(?:code|number))?|combination|door\s+code|(?:access|security|alarm|gate|entry|"
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


_PATTERNS: list[tuple] = [
    ("private-key",
     r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
     re.S, ("PRIVATE KEY",)),
    # the rest of one whose BEGIN line went elsewhere (a transcript splits a message at its line breaks)
    ("private-key", r"(?:[A-Za-z0-9+/=:\-]{8,}[ \t]*\r?\n)+-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----", 0,
     ("PRIVATE KEY",)),
    *((kind, source, 0, guard) for kind, source, guard in _PROVIDERS),
    # scheme://user:password@host  -> keep user and host, drop the password (up to the
    # last @ before the host: a password may hold an @; the user may be empty)
    ("url-password", r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s/:@?#\[\]]*:)(?P<secret>[^\s/?#]+)(?P<tail>@)", 0,
     ("://",)),
    # scheme://TOKEN@host: a credential as the user, no password
    ("url-password", r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]*://)(?P<secret>[A-Za-z0-9_\-.~%]{16,})(?P<tail>@)", 0,
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
    # curl -u user:pass, --user user:pass; --password x, --api-key=x; mysql -pSECRET
    ("cli-credential", r"(?P<head>(?<![\w\-])(?:-u|--user)[ =][\"']?[^\s:\"']+:)(?P<secret>[^\s\"']+)", 0, ("-u",)),
    ("cli-credential",
     r"(?P<head>(?<![\w\-])--[\w\-]*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|secret-key|"
     r"auth)(?:=|\s+))(?P<secret>" + _QUOTED + r"|[^\s\"'`]+)", re.I, ("--",)),
    ("cli-credential", r"(?P<head>\bmysql\w*\b[^\n]*?(?-i:\s-p))(?P<secret>[^\s\"']+)", re.I, ("mysql",)),
    # NAME=value, NAME: value, "NAME": "value" where NAME ends in a credential word
    ("assignment",
     r"(?<![\w.\-])(?P<name>" + _NAME + r")(?P<head>[\"']?[ \t]*(?::=|=>|=|:)[ \t]*)(?P<value><[^<>\n]{1,80}>|" + _QUOTED + "|" + _BARE + ")",
     re.I, ("pass", "pw", "wort", "secret", "token", "credential", "auth", "key", "pin", "sig"), (":", "=")),
    ("assignment", r"<(?P<name>[\w:.\-]{0,40}?(?:password|passwd|secret|token|apikey|api_key|key|pin))>"
     r"(?P<value>[^<\n]{1,300})</(?P=name)>", re.I, ("pass", "secret", "token", "key", "pin"), ("</",)),
    ("spoken", _SPOKEN, re.I, ("pass", "pwd", "pin", "secret", "key", "token", "code", "combination",
                               "credential", "phrase", "mnemonic"), (" is", " was", " are", " were", " be",
                                                                     "'s", "\u2019s", ":", "=")),
    ("spoken", _SET_TO, re.I, ("pass", "pwd", "pin"), (" to",)),
    ("card-number", r"(?<![\w\-.])(?:\d[ \-]?){12,18}\d(?![\w\-]|\.\d)", 0, (), _thirteen_digits),
    ("base64", r"(?<![A-Za-z0-9+/=_\-])[A-Za-z0-9+/_\-]{20,}={0,2}(?![A-Za-z0-9+/=_\-])", 0, (), _a_long_word),
]

# (kind, source, flags as an int, ignores case, guard, second guard): enum arithmetic
# on re's flags costs a microsecond a test, dozens a call
_TABLE = [(kind, source, int(flags), bool(flags & re.I), guard, also[0] if also else None)
          for kind, source, flags, guard, *also in _PATTERNS]

# words after "password is" that say something about it, not what it is
_ORDINARY = frozenset("""
a an the in on at to of for from by with without under inside behind into onto within via not no never
also too very so really quite being been be stored kept saved written hidden managed shared set changed
reset rotated expired expiring missing wrong incorrect correct right invalid valid weak strong long short
empty blank required needed optional same different unknown known secret secure insecure safe unsafe
encrypted hashed public private there here somewhere something nothing anything what whatever that this
these those which who where when how why it its my your our his her their one off case sensitive
case-sensitive due about available fine ok okay good bad easy hard simple obvious default printed taped
noted listed included attached below above and or but if then because as like just only always usually
often sometimes stale old new temporary generated random provided given sent emailed texted revoked
compromised leaked exposed forgotten lost gone broken locked disabled enabled active inactive pending
unchanged updated yours mine ours theirs all any some every each way going supposed meant used working
still now currently actually simply due overdue asked needed needs requires protected unique personal
important useful same-as identical similar complicated complex long-enough strong-enough too-short
see ask check use look found stored-in expire rotate change update renew match require 1password bitwarden lastpass keepass keychain vault
""".split())

# of those, the words that never begin a passphrase ("the passphrase is in the safe")
_FUNCTION = frozenset("""a an the in on at to of for from by with without under inside behind into onto within via
not no never also too very so being been be stored kept saved written hidden managed shared set changed reset
rotated expired missing required needed there here somewhere something nothing what that this these those which
it its my your our his her their and or but if then because as like just only still now see ask check use
1password bitwarden lastpass keepass keychain vault""".split())

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
_BOOLEANS = frozenset("true false null none nil yes no on off undefined required optional".split())


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
    if last.endswith(_GLUED_KEYS) and last not in _MANAGERS:
        return "strong"
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


def _value_core(value: str) -> tuple[str, str, str]:
    """(opening quote, inside, closing quote) of an assigned value."""
    if len(value) >= 2 and value[0] in "\"'`" and value[-1] == value[0]:
        return value[0], value[1:-1], value[-1]
    return "", value, ""


def _placeholder(inside: str) -> bool:
    """A value that is no secret: empty, already redacted, a reference or a mask."""
    stripped = inside.strip()
    return (not stripped or stripped.startswith("[REDACTED") or set(stripped) <= set("*x.X•")
            or re.fullmatch(r"\$\{?[A-Z_][A-Z0-9_]*\}?|<[^<>]*>|\{\{[^{}]*\}\}|%\(?[\w]+\)?s?", stripped) is not None)


def _assignment(match: re.Match, marker) -> str:
    name = match.group("name")
    quote, inside, close = _value_core(match.group("value"))
    tier = _name_tier(name.split(":")[-1])
    if tier is None or _placeholder(inside):
        return match.group(0)
    bare = not quote
    word = inside.strip().rstrip(_TRAILING).lower()
    if bare and (word in _BOOLEANS or (word in _ORDINARY and ":" in match.groupdict().get("head", "="))):
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
    if not secret:
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


def _replacement(match: re.Match, kind: str, marker, guarded: bool, depth: int) -> str:
    if kind in ("url-password", "authorization", "basic-auth", "cli-credential"):
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
        tail = match.group("tail") if kind == "url-password" else ""
        return match.group("head") + marker(kind) + tail
    if kind == "aws-secret-key":
        return match.group("head") + marker(kind)
    if kind == "assignment":
        return _assignment(match, marker)
    if kind == "spoken":
        return _spoken(match, marker)
    if kind == "token":
        return match.group("head") + marker(kind) if _looks_secret(match.group("secret")) else match.group(0)
    if kind == "card-number":
        return _card(match, marker)
    if kind == "base64":
        return _base64(match, marker, guarded, depth)
    return marker(kind)


def _redact(text: str, guarded: bool, depth: int) -> tuple[str, list[str]]:
    kinds: list[str] = []

    def marker(kind: str) -> str:
        kinds.append(kind)
        return f"[REDACTED:{kind}]"

    folded = None
    for kind, source, flags, blind, guard, also in _TABLE:
        if guarded and (guard or also):
            if blind and folded is None:
                folded = case_blind(text)
            view = folded if blind else text
            if guard and not has_guard(guard, view):
                continue
            if also and not (also(text) if callable(also) else has_guard(also, view)):
                continue
        changed = re.compile(source, flags).sub(  # re caches the compiled pattern
            lambda m, k=kind: _replacement(m, k, marker, guarded, depth), text)
        if changed != text:
            text, folded = changed, None
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
                return again, kinds + more
    return redacted, kinds


def redact_text(text: str) -> str:
    return redact(text)[0]


def has_secret(text: str) -> str | None:
    """The kind of the first credential in `text`, or None."""
    kinds = redact(text)[1] if text else []
    return kinds[0] if kinds else None

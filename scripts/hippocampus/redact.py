"""Redaction of credentials before anything reaches a file or git history.

Every path that lets text into the store (remember, bulk import, hand edits,
transcripts) calls `redact`. A secret becomes `[REDACTED:<kind>]`; the words
around it stay, so "the deploy key is in 1Password" is still a useful memory.
"""

from __future__ import annotations

import math
import re

_KEYWORD = r"(?:api[_ -]?key|apikey|access[_ -]?key(?:[_ -]?id)?|secret(?:[_ -]?(?:access[_ -]?)?key)?|client[_ -]?secret|auth[_ -]?token|access[_ -]?token|refresh[_ -]?token|bearer|token|private[_ -]?key|signing[_ -]?key)"

# (kind, pattern) applied in order; earlier, more specific patterns win.
_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("private-key", re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
        re.S)),
    ("anthropic-key", re.compile(r"\bsk-ant-(?:api|admin)\d{0,2}-[A-Za-z0-9_\-]{20,}|\bsk-ant-[A-Za-z0-9_\-]{20,}")),
    ("openai-key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}")),
    ("aws-access-key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[0-9A-Z]{16}\b")),
    ("github-token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})")),
    ("slack-token", re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}")),
    ("slack-webhook", re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]+")),
    ("stripe-key", re.compile(r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}")),
    ("google-api-key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}")),
    ("google-oauth-token", re.compile(r"\bya29\.[0-9A-Za-z_\-]{20,}")),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}")),
]

# scheme://user:password@host  -> keep user and host, drop the password
_URL_PASSWORD = re.compile(r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s/:@]+:)(?P<secret>[^\s@/]+)(?P<tail>@)")
# password=..., passwd: ..., "password": "..."
_PASSWORD_PAIR = re.compile(
    r"(?P<head>\b(?:password|passwd|pwd|passphrase|db_pass(?:word)?)[\"']?\s*[=:]\s*[\"']?)(?P<secret>[^\s\"',;]{3,})",
    re.I)
# aws_secret_access_key = <40 chars>
_AWS_SECRET = re.compile(
    r"(?P<head>\baws_?secret_?access_?key[\"']?\s*[=:]\s*[\"']?)(?P<secret>[A-Za-z0-9/+=]{40})\b", re.I)
# a high-entropy token near a word like key/token/secret
_KEYWORD_TOKEN = re.compile(
    r"(?P<head>\b" + _KEYWORD + r"\b[\"']?(?:\s*(?:is|was|=|:|=>)\s*|\s+)[\"']?)(?P<secret>[A-Za-z0-9/+_.=\-]{16,})",
    re.I)


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


def redact(text: str) -> tuple[str, list[str]]:
    """Return (redacted text, kinds found). Idempotent."""
    if not text:
        return text, []
    kinds: list[str] = []

    def marker(kind: str) -> str:
        kinds.append(kind)
        return f"[REDACTED:{kind}]"

    for kind, pattern in _PATTERNS:
        if kind == "private-key" and "PRIVATE KEY" not in text:
            continue
        text = pattern.sub(lambda m, k=kind: marker(k), text)
    text = _URL_PASSWORD.sub(lambda m: m.group("head") + marker("url-password") + m.group("tail"), text)
    text = _AWS_SECRET.sub(lambda m: m.group("head") + marker("aws-secret-key"), text)
    text = _PASSWORD_PAIR.sub(
        lambda m: m.group(0) if m.group("secret").startswith("[REDACTED") else m.group("head") + marker("password"),
        text)
    text = _KEYWORD_TOKEN.sub(
        lambda m: m.group("head") + marker("token") if _looks_secret(m.group("secret")) else m.group(0), text)
    return text, kinds


def redact_text(text: str) -> str:
    return redact(text)[0]

"""Redaction of credentials before anything reaches a file or git history.

Every path that lets text into the store (remember, bulk import, hand edits,
transcripts) calls `redact`. A secret becomes `[REDACTED:<kind>]`; the words
around it stay, so "the deploy key is in 1Password" is still a useful memory.
"""

from __future__ import annotations

import math
import re

from .textutil import case_blind, has_guard

_KEYWORD = r"(?:api[_ -]?key|apikey|access[_ -]?key(?:[_ -]?id)?|secret(?:[_ -]?(?:access[_ -]?)?key)?|client[_ -]?secret|auth[_ -]?token|access[_ -]?token|refresh[_ -]?token|bearer|token|private[_ -]?key|signing[_ -]?key)"

# (kind, pattern, flags, guard) applied in order; earlier, more specific patterns win.
# A guard is text every match contains (in textutil.case_blind(text) when the pattern
# ignores case): a pattern is compiled and run only when its guard is present, so the
# usual memory costs a few substring tests, not a dozen regular expressions.
_PATTERNS: list[tuple[str, str, int, tuple[str, ...]]] = [
    ("private-key",
     r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
     re.S, ("PRIVATE KEY",)),
    ("anthropic-key", r"\bsk-ant-(?:api|admin)\d{0,2}-[A-Za-z0-9_\-]{20,}|\bsk-ant-[A-Za-z0-9_\-]{20,}", 0,
     ("sk-ant-",)),
    ("openai-key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}", 0, ("sk-",)),
    ("aws-access-key", r"\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[0-9A-Z]{16}\b", 0,
     ("AKIA", "ASIA", "ABIA", "ACCA", "AIDA", "AROA")),
    ("github-token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})", 0, ("gh", "github_pat_")),
    ("slack-token", r"\bxox[abposr]-[A-Za-z0-9\-]{10,}", 0, ("xox",)),
    ("slack-webhook", r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]+", 0, ("https://hooks.slack.com/",)),
    ("stripe-key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}", 0, ("_live_", "_test_")),
    ("google-api-key", r"\bAIza[0-9A-Za-z_\-]{35}", 0, ("AIza",)),
    ("google-oauth-token", r"\bya29\.[0-9A-Za-z_\-]{20,}", 0, ("ya29.",)),
    ("jwt", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}", 0, ("eyJ",)),
    # scheme://user:password@host  -> keep user and host, drop the password
    ("url-password", r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s/:@]+:)(?P<secret>[^\s@/]+)(?P<tail>@)", 0,
     ("://",)),
    # aws_secret_access_key = <40 chars>
    ("aws-secret-key", r"(?P<head>\baws_?secret_?access_?key[\"']?\s*[=:]\s*[\"']?)(?P<secret>[A-Za-z0-9/+=]{40})\b",
     re.I, ("secret",)),
    # password=..., passwd: ..., "password": "..."
    ("password",
     r"(?P<head>\b(?:password|passwd|pwd|passphrase|db_pass(?:word)?)[\"']?\s*[=:]\s*[\"']?)(?P<secret>[^\s\"',;]{3,})",
     re.I, ("pass", "pwd")),
    # a high-entropy token near a word like key/token/secret
    ("token", r"(?P<head>\b" + _KEYWORD + r"\b[\"']?(?:\s*(?:is|was|=|:|=>)\s*|\s+)[\"']?)(?P<secret>[A-Za-z0-9/+_.=\-]{16,})",
     re.I, ("key", "secret", "token", "bearer")),
]
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


def _replacement(match: re.Match, kind: str, marker) -> str:
    if kind == "url-password":
        return match.group("head") + marker(kind) + match.group("tail")
    if kind == "aws-secret-key":
        return match.group("head") + marker(kind)
    if kind == "password":
        return match.group(0) if match.group("secret").startswith("[REDACTED") else match.group("head") + marker(kind)
    if kind == "token":
        return match.group("head") + marker(kind) if _looks_secret(match.group("secret")) else match.group(0)
    return marker(kind)


def redact(text: str, guarded: bool = True) -> tuple[str, list[str]]:
    """Return (redacted text, kinds found). Idempotent. (`guarded=False`, for
    tests: run every pattern, guard or not; the result must be the same.)"""
    if not text:
        return text, []
    kinds: list[str] = []

    def marker(kind: str) -> str:
        kinds.append(kind)
        return f"[REDACTED:{kind}]"

    folded = None
    for kind, source, flags, guard in _PATTERNS:
        if guarded:
            if flags & re.I and folded is None:
                folded = case_blind(text)
            if not has_guard(guard, folded if flags & re.I else text):
                continue
        changed = re.compile(source, flags).sub(lambda m, k=kind: _replacement(m, k, marker), text)  # re caches it
        if changed != text:
            text, folded = changed, None
    return text, kinds


def redact_text(text: str) -> str:
    return redact(text)[0]

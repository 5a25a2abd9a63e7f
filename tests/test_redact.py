"""Redaction: realistic fakes of every kind, and no false positives on prose, hashes, UUIDs."""

import re
import re._parser as re_parser

import pytest
from hypothesis import given, settings, strategies as st

from hippocampus.text import redact as redact_module
from hippocampus.text.redact import redact

FAKES = {
    "anthropic-key": "sk-ant-api03-" + "x7Kd9Qw2Lm4Zp8Rt" * 5,
    "openai-key": "sk-proj-" + "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz" * 2,
    "aws-access-key": "AKIAIOSFODNN7EXAMPLE",
    "github-token": "ghp_" + "a1B2c3D4e5F6g7H8i9J0" * 2,
    "slack-token": "xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp",
    "slack-webhook": "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "stripe-key": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "google-api-key": "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
    "jwt": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
}


@pytest.mark.parametrize("kind,secret", FAKES.items())
def test_each_kind_is_redacted(kind, secret):
    text, kinds = redact(f"here it is: {secret} keep safe")
    assert secret not in text and kind in kinds and text.startswith("here it is:")


@pytest.mark.parametrize("text,kind,leak", [
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n-----END OPENSSH PRIVATE KEY-----", "private-key",
     "b3BlbnNzaC1rZXktdjEA"),
    ("db at postgres://admin:S3cr3tPass@db.internal:5432/app", "url-password", "S3cr3tPass"),
    ("password=hunter2hunter2", "password", "hunter2hunter2"),
    ('{"password": "correct-horse-battery"}', "password", "correct-horse-battery"),
    ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws-secret-key",
     "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
    ("my api key is q8Zt2Lw9Xc4Vb7Nm1Kj5Hg3F", "token", "q8Zt2Lw9Xc4Vb7Nm1Kj5Hg3F"),
    ("Authorization: Bearer f8a9b7c6d5e4f3a2b1c0d9e8f7a6b5c4", "token", "f8a9b7c6d5e4f3a2b1c0d9e8f7a6b5c4"),
])
def test_structured_secrets(text, kind, leak):
    redacted, kinds = redact(text)
    assert leak not in redacted and kind in kinds


@pytest.mark.parametrize("text", [
    "The deploy key is in 1Password under 'prod'",
    "I forgot my password again, can you remind me where I keep it?",
    "commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed the build",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "request id 123e4567-e89b-12d3-a456-426614174000 failed",
    "Tokens of appreciation were handed out at the secret santa party",
    "Visit https://example.com/docs/getting-started for the guide",
    "My skills: Python, SQL, and a key insight into user needs",
])
def test_ordinary_text_is_left_alone(text):
    assert redact(text) == (text, [])


def test_redaction_is_idempotent():
    once, _ = redact("key sk-ant-api03-" + "y" * 40 + " and password=abcdef")
    assert redact(once)[0] == once


# pieces that make each pattern match, nearly match, or hide behind case folding
# (re.IGNORECASE lets "ſ" match "s" and the Kelvin sign "K" match "k")
PIECES = [*FAKES.values(), "-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----",
          "postgres://admin:S3cr3tPass@db", "password=hunter2", "PaSSWoRD: hunter22", "paſſword=hunter2",
          "Pwd = abc123", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
          "AWS_SECRET_ACCESS_KEY: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "api key is q8Zt2Lw9Xc4Vb7Nm1Kj5Hg3F",
          "api \u212aey is q8Zt2Lw9Xc4Vb7Nm1Kj5Hg3F", "Bearer f8a9b7c6d5e4f3a2b1c0d9e8f7a6b5c4",
          "ſecret: q8Zt2Lw9Xc4Vb7Nm1Kj5Hg3F", "TOKEN=abcdefgh12345678XYZ", "sk-", "gh", "xox", "eyJ", "://",
          "ya29.", "AIza", "_live_", "key", "token", " ", "\n", "=", ":", "\"", "'",
          "db.example.com:5432:app:alice:", "*:*:*:postgres:", ":", "5432", "**Passwort**", "__token__", "\t",
          "DB_PASSWORD", "contraseña", "пароль", "ſecret", "\u212aey_id", "Senha", "mdp", "hasło", " := ", "=>"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=8))
def test_the_guards_never_skip_a_pattern_that_would_match(parts):
    text = "".join(parts)
    assert redact(text) == redact(text, guarded=False)


def test_the_guards_cover_case_folded_keywords():
    assert redact("paſſword=hunter2")[1] == ["password"]
    assert redact("api \u212aey is q8Zt2Lw9Xc4Vb7Nm1Kj5Hg3F")[1] == ["token"]


# the quick scans that open a row (redact.py's `also` callables) must hold wherever the row matches
SCANNED_ROWS = [row for row in redact_module._TABLE if callable(row[5])]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=10))
def test_a_rows_quick_scan_holds_wherever_the_row_matches(parts):
    text = "".join(parts)
    for (kind, source, flags, _blind, _guard, also) in SCANNED_ROWS:
        if re.search(source, text, flags):
            assert also(text), (kind, text)


def test_the_quick_scans_open_their_rows():
    names = {row[0]: row[5] for row in redact_module._TABLE if callable(row[5])}
    assert {"assignment", "config-line", "pgpass"} <= set(names)
    assert redact_module._named_then_set('DB_PASSWORD =\t"x"') and redact_module._named_then_set("**Senha**: x")
    assert redact_module._named_then_set("api_\u212aey_id: x")  # a Kelvin sign, as re.I reads it
    assert not redact_module._named_then_set("The key point: keep going. Password reset = done? no")
    assert redact_module._pgpass_shape("db:5432:app:alice:pw") and not redact_module._pgpass_shape("at 10:30: a:b:c")
    # the window before a mark holds the longest credential word, a bold mark and a quote
    longest = re_parser.parse(redact_module._NAME_WORD).getwidth()[1]
    assert longest + 3 <= redact_module.NAMED_WINDOW

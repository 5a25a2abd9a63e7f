"""Credentials known by their shape (redact.py's first patterns): provider tokens by
their documented prefixes, and armoured private keys of every kind.

Each provider row is (kind, pattern, guards): the pattern is case-sensitive and
every match contains one of its guards, so it runs only where a guard is present.
"""

from __future__ import annotations

PROVIDERS: list[tuple[str, str, tuple[str, ...]]] = [
    ("anthropic-key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}", ("sk-ant-",)),
    ("openai-key", r"\bsk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_\-]{20,}", ("sk-",)),
    ("aws-access-key", r"\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[0-9A-Z]{16}\b",
     ("AKIA", "ASIA", "ABIA", "ACCA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA")),
    ("github-token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})", ("gh", "github_pat_")),
    ("gitlab-token", r"\bgl(?:pat|dt|rt|ptt|ft|imt|oas|cbt|soat)-[A-Za-z0-9_\-]{20,}", ("gl",)),
    ("slack-token", r"\bxox[a-z]-[A-Za-z0-9\-]{10,}|\bxapp-\d-[A-Za-z0-9\-]{10,}", ("xox", "xapp-")),
    ("slack-webhook", r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]+", ("https://hooks.slack.com/",)),
    ("discord-webhook", r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]+",
     ("discord",)),
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
    ("mailgun-key", r"\bkey-[0-9a-zA-Z]{32}\b", ("key-",)),
    ("mailchimp-key", r"\b[0-9a-f]{32}-us[0-9]{1,2}\b", ("-us",)),
    ("age-secret-key", r"\b(?:AGE-SECRET-KEY-1[0-9A-Z]{20,}|age-secret-key-1[0-9a-z]{20,})",
     ("AGE-SECRET-KEY-", "age-secret-key-")),
    ("twilio-key", r"\bSK[0-9a-fA-F]{32}\b", ("SK",)),
    ("atlassian-token", r"\bATATT3[A-Za-z0-9_\-=]{20,}|\bATBB[A-Za-z0-9]{24,}", ("ATATT3", "ATBB")),
    ("heroku-key", r"\bHRKU-[A-Za-z0-9_\-]{20,}", ("HRKU-",)),
    ("postman-key", r"\bPMAK-[A-Za-z0-9]{20,}-[A-Za-z0-9]{20,}", ("PMAK-",)),
    ("newrelic-key", r"\bNR(?:AK|II|JS)-[A-Za-z0-9]{20,}", ("NRAK-", "NRII-", "NRJS-")),
    ("sentry-token", r"\bsntr[ysu]_[A-Za-z0-9_=+/\-]{30,}", ("sntr",)),
    ("grafana-token", r"\bgl(?:sa|c)_[A-Za-z0-9_=+/\-]{30,}", ("glsa_", "glc_")),
    ("tailscale-key", r"\btskey-[a-z]+-[A-Za-z0-9_\-]{10,}", ("tskey-",)),
    ("doppler-token", r"\bdp\.(?:st|ct|pt|sa|scim|audit)\.[A-Za-z0-9_\-.]{20,}", ("dp.",)),
    ("linear-key", r"\blin_(?:api|oauth)_[A-Za-z0-9]{30,}", ("lin_",)),
    ("notion-token", r"\b(?:ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43})\b", ("ntn_", "secret_")),
    ("figma-token", r"\bfig[dou]_[A-Za-z0-9_\-]{30,}", ("fig",)),
    ("supabase-key", r"\b(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\-]{20,})", ("sbp_", "sb_secret_")),
    ("planetscale-token", r"\bpscale_(?:pw|tkn|oauth)_[A-Za-z0-9_\-.]{30,}", ("pscale_",)),
    ("docker-token", r"\bdckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}", ("dckr_",)),
    ("ai-provider-key", r"\b(?:gsk_[A-Za-z0-9]{40,}|xai-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{30,}|"
     r"pplx-[A-Za-z0-9]{40,})", ("gsk_", "xai-", "r8_", "pplx-")),
    ("deploy-token", r"\b(?:fo1_[A-Za-z0-9_\-]{30,}|pul-[a-f0-9]{40}|nfp_[A-Za-z0-9]{30,}|rnd_[A-Za-z0-9]{24,}|"
     r"bkua_[a-f0-9]{40}|CCIPAT_[A-Za-z0-9_]{30,}|[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-=]{40,})",
     ("fo1_", "pul-", "nfp_", "rnd_", "bkua_", "CCIPAT_", ".atlasv1.")),
    ("service-key", r"\b(?:xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|CFPAT-[A-Za-z0-9_\-]{40,}|aio_[A-Za-z0-9]{28}|"
     r"FLWSECK(?:_TEST)?-[a-f0-9]{32}-X|sk\.eyJ[A-Za-z0-9_\-.]{40,}|access_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32})",
     ("xkeysib-", "CFPAT-", "aio_", "FLWSECK", "sk.eyJ", "access_token$")),
    ("jwt", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}", ("eyJ",)),
]

# An armoured private key of any kind: PEM ("-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE
# KEY-----", "-----BEGIN ENCRYPTED PRIVATE KEY-----"), PGP/GPG ("-----BEGIN PGP PRIVATE KEY BLOCK-----", the
# older "SECRET KEY BLOCK") and SSH2 ("---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----"), up to its END line, or to
# the end of the text when that went elsewhere.
_ARMOUR = r"-{4,5} ?{word} (?:[A-Z0-9]+ )*(?:PRIVATE|SECRET) KEY(?: BLOCK)? ?-{4,5}"
KEY_BEGIN = _ARMOUR.replace("{word}", "BEGIN")
KEY_END = _ARMOUR.replace("{word}", "END")
KEY_BLOCK = KEY_BEGIN + r".*?(?:" + KEY_END + r"|\Z)"
# the rest of one whose BEGIN line went elsewhere (a transcript splits a message at its blank lines; an import
# joins a paragraph's lines): its body lines (the last one, a PGP checksum "=Q1w2", is short) up to its END line.
# Found from the END line backwards (`key_tail`): a pattern of body lines before END would try every word of
# a long text that has none.
_BODY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:-")


def key_tail(text: str, end: int) -> int:
    """Where the body lines before an END line at `end` begin (`end` when there are none):
    words of 4 or more base64 letters (and the ':' and '-' of a header), whitespace between."""
    start = position = end
    while True:
        while position > 0 and text[position - 1].isspace():
            position -= 1
        word_end = position
        while position > 0 and text[position - 1] in _BODY:
            position -= 1
        if word_end - position < 4 or word_end == end:
            return start
        start = position
        if position > 0 and not text[position - 1].isspace():
            return start


KEY_GUARDS = ("PRIVATE KEY", "SECRET KEY")

# PuTTY's .ppk: the private lines (and their MAC) after "Private-Lines: N"; the public lines stay
PUTTY_PRIVATE = (r"(?P<head>\bPrivate-Lines:[ \t]*\d+\s+)(?P<secret>[A-Za-z0-9+/=]{4,}(?![\w\-:])"
                 r"(?:\s+[A-Za-z0-9+/=]{4,}(?![\w\-:]))*)")
PUTTY_MAC = r"(?P<head>\bPrivate-(?:MAC|Hash):[ \t]*)(?P<secret>[0-9a-fA-F]{8,})"

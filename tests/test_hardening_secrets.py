"""Issue #22, findings 1-3: no secret reaches any file of the workspace or any of
git's history, by any path the scripts offer; a memory *about* a secret stays.

Every secret goes through the real scripts (remember: content, --source,
--keywords, --episode, a procedure's --title and --step; --jsonl; a
sub-agent's proposals; a transcript through preprocess.py and encode.py;
capture.py; import.py; a graph fact; a file a person drops into memory/; a
recall), then every file of the workspace
(names and bytes, hippocampus/.cache/search.sqlite included) and all of git
(`git log -p --all`, `git rev-list --all --objects`, the reflogs) is searched
for the secret's value, case-blind.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from conftest import Workspace
from hippocampus.text.redact import redact

NOW = "2026-03-11T15:00:00Z"

# (case id, text with the secret, needles: what must appear nowhere). A needle is the
# secret's value, or a part of it with the context a redaction removes (short values:
# "is 4821" rather than "4821", which a commit id may hold).
CASES = [
    # finding 1, as reported
    ("redis-empty-user", "the cache is redis://:Zq8pw0rdXv@cache.internal:6379/0", ["Zq8pw0rdXv"]),
    ("mysql-root-password", "set MYSQL_ROOT_PASSWORD=Vq7mysqlRootPw in compose", ["Vq7mysqlRootPw"]),
    ("django-secret-key", "DJANGO_SECRET_KEY=django-insecure-9x8y7z6w5v4u in settings", ["django-insecure-9x8y7z"]),
    ("openweather-api-key", "OPENWEATHER_API_KEY=3f9a0c7e51b24d6a8e0f2c4b6d8a1e3f works", ["3f9a0c7e51b24d6a8e0f2c4b6d8a1e3f"]),
    ("the-key-is", "for the vault the key is 8f3kd02mzq… keep it", ["8f3kd02mzq"]),
    ("quoted-with-spaces", 'db settings: password: "my secret phrase zebra" for prod', ["secret phrase zebra"]),
    ("spoken-wifi", "my wifi password is correcthorsebatteryqu", ["correcthorsebatteryqu"]),
    ("azure-storage", "conn DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=Qm9yaXNBenVyZUtleTEyMzQ1Njc4OTA=;"
     "EndpointSuffix=core.windows.net", ["Qm9yaXNBenVyZUtleTEyMzQ1Njc4OTA"]),
    ("azure-servicebus", "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;"
     "SharedAccessKey=SbKeyAbc123+/DefGhi456=", ["SbKeyAbc123"]),
    ("npm-authtoken", "in .npmrc //registry.npmjs.org/:_authToken=9b8c7d6e-5f4a-3b2c-1d0e-f9a8b7c6d5e4",
     ["9b8c7d6e-5f4a-3b2c-1d0e-f9a8b7c6d5e4"]),
    ("authorization-basic", "send Authorization: Basic YWxpY2U6c3dvcmRmaXNoMjAyNg== to the API",
     ["YWxpY2U6c3dvcmRmaXNoMjAyNg"]),
    ("url-password-with-at", "db is mysql://root:Tr1cky@Pass@db.internal/app", ["Tr1cky", "cky@Pass"]),
    ("huggingface", "HF token hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567 for the model", ["hf_AbCdEfGhIjKlMnOpQrSt"]),
    ("card-visa", "my card is 4111 1111 1111 1111 exp 12/29", ["4111 1111 1111 1111"]),
    ("card-amex-plain", "amex 378282246310005 on file", ["378282246310005"]),
    ("base64-wrapped-key", "key blob " + base64.b64encode(b"sk-ant-api03-Wr4pp3dK3yV4lu3xxxxxxxxxxxxxxx").decode(),
     [base64.b64encode(b"sk-ant-api03-Wr4pp3dK3yV4lu3xxxxxxxxxxxxxxx").decode()[:30]]),
    ("base64-wrapped-pem", "pem " + base64.b64encode(b"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAwrapped\n"
                                                     b"-----END RSA PRIVATE KEY-----\n").decode(),
     [base64.b64encode(b"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAwrapped\n").decode()[30:60]]),
    # the class: other names, schemes, spoken forms, providers
    ("stripe-secret-env", "STRIPE_SECRET_KEY=whateverPlainValue9", ["whateverPlainValue9"]),
    ("aws-secret-env", "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLE", ["wJalrXUtnFEMI/K7MDENG"]),
    ("amqp-url", "broker amqp://guest:Gu3stRabbitPw@rabbit:5672/", ["Gu3stRabbitPw"]),
    ("postgresql-at", "postgresql://user:p@ssW0rdAt@host/db", ["p@ssW0rdAt", "ssW0rdAt"]),
    ("spoken-pin", "my bank pin is 4821", ["pin is 4821"]),
    ("spoken-passphrase", "the passphrase is quantum walrus tapestry orbit", ["walrus tapestry"]),
    ("spoken-possessive", "my password's Marigold77", ["Marigold77"]),
    ("spoken-set-to", "I set the router password to Kx9routerPw", ["Kx9routerPw"]),
    ("quoted-single", "config token: 'a b c quokka'", ["a b c quokka"]),
    ("github-ghp", "ghp_a1B2c3D4e5F6g7H8i9J0a1B2c3D4e5F6g7H8 in CI", ["a1B2c3D4e5F6g7H8i9J0a1B2"]),
    ("github-pat", "github_pat_11ABCDE0123456789_abcdefghijklmnopqrstuvwxyzABCD", ["11ABCDE0123456789_abcdef"]),
    ("slack", "bot xoxb-2048-4096-AbCdEfGhIjKlMnOp posts", ["AbCdEfGhIjKlMnOp"]),
    ("stripe-live", "sk_live_4eC39HqLyjWDarjtT1zdp7dc charges", ["4eC39HqLyjWDarjtT1zdp7dc"]),
    ("openai", "OpenAI sk-proj-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz", ["Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz"]),
    ("anthropic", "claude sk-ant-api03-Xk3vQ9Xk3vQ9Xk3vQ9Xk3vQ9Xk3vQ9AA", ["Xk3vQ9Xk3vQ9Xk3vQ9"]),
    ("gitlab", "glpat-Zx9Yw8Vu7Ts6Rq5Po4Nm for the runner", ["Zx9Yw8Vu7Ts6Rq5Po4Nm"]),
    ("google", "maps AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q", ["SyA1b2C3d4E5f6G7h8I9j0"]),
    ("aws-akia", "the id AKIAIOSFODNN7EXAMPLE", ["AKIAIOSFODNN7EXAMPLE"]),
    ("jwt", "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fw", ["SflKxwRJSMeKKF2QT4fw"]),
    ("pem", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----",
     ["b3BlbnNzaC1rZXktdjEAAAAABG5vbmU"]),
    ("cli-password-flag", "run deploy --db-password Hx7flagSecret now", ["Hx7flagSecret"]),
    ("curl-user", "curl -u admin:Cu9rlSecretPw https://api", ["Cu9rlSecretPw"]),
    ("json-client-secret", '{"client_secret": "Cs8-json-secret-value"}', ["Cs8-json-secret-value"]),
    ("header-api-key", "x-api-key: 9d8f7a6b5c4e3d2f1a0b", ["9d8f7a6b5c4e3d2f1a0b"]),
    ("sas-sig", "https://acme.blob.core.windows.net/c?sv=2020-08-04&sig=SaSsIgNaTuRe1234567890%2Bxyz",
     ["SaSsIgNaTuRe1234567890"]),
    ("xml-password", "<password>Xm1Secret</password>", ["Xm1Secret"]),
    ("env-prefixed-token", "export GITHUB_TOKEN=plainGithubValue", ["plainGithubValue"]),
    ("pgpassword", "PGPASSWORD=Pg5glued psql -h db", ["Pg5glued"]),
    ("session-secret", "SESSION_SECRET=sessionSecretWords", ["sessionSecretWords"]),
    ("java-property", "spring.datasource.password=Jp4propertyPw", ["Jp4propertyPw"]),
    ("recovery-codes", "the recovery codes are 5521-8830 7719-2264", ["5521-8830", "7719-2264"]),
    ("spoken-wifi-key", "the wifi key is correcthorse", ["key is correcthorse"]),
    ("url-token-user", "clone https://Tk9userTokenAbc123xyz@git.example.com/repo", ["Tk9userTokenAbc123xyz"]),
    ("fullwidth", "ｐａｓｓｗｏｒｄ＝ｈｕｎｔｅｒ２ｑｘ", ["hunter2qx", "ｈｕｎｔｅｒ２ｑｘ"]),
    ("mongodb-srv", "mongodb+srv://admin:M0ngoSrvPw@cluster0.example.net/db", ["M0ngoSrvPw"]),
]
CASE_IDS = [case[0] for case in CASES]

# text that is about secrets, or only looks like one: every word stays
ORDINARY = [
    "The deploy key is in 1Password under 'prod'",
    "I forgot my password again, can you remind me where I keep it?",
    "The password is stored in the team vault, ask Dana",
    "the token is expired, rotate it on Monday",
    "The key is consistency: ship small changes weekly",
    "The passphrase is in the safe in the study",
    "commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed the build",
    "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 of the empty file",
    "request id 123e4567-e89b-12d3-a456-426614174000 failed",
    "order number 4111 1111 1111 1112 shipped on 2026-03-02",
    "order 1234567890123 arrived damaged",
    "call the office at +1 415 555 2671 or 020 7946 0958",
    "the meeting moved to 2026-03-11 at 15:00",
    "max_tokens: 4096 keeps the replies short",
    "Tokens of appreciation were handed out at the secret santa party",
    "Visit https://example.com/docs/getting-started for the guide",
    "Her posts are at https://medium.com/@alice/first-post",
    "API_KEY=$API_KEY comes from the environment",
    "The Authorization header is missing on the health check",
    "Python 3.11.4 with numpy 1.26.0 on the build box",
    "My skills: Python, SQL, and a key insight into user needs",
]


def _run_all(ws: Workspace, tmp: Path) -> None:
    """Every secret through every way in."""
    for number, (case, text, _needles) in enumerate(CASES):
        ws.run("remember.py", f"note {number}: {text}", "--source", f"chat {text}", "--keywords", text,
               "--episode", f"ep {text}", now=NOW)
        ws.run("remember.py", f"step one {text}", "--title", f"rotate {text}", "--step", f"use {text}",
               "--store", "procedural", now=NOW)
        ws.run("graph.py", "add", f"Server {number}", "--type", "tool", "--fact", f"fact {text}", now=NOW)
        # a person drops a memory file in by hand
        (ws.store / "world" / f"dropped-{number}.md").write_text(f"Dropped by hand: {text}\n")
    ws.run("remember.py", "picks up the dropped files", now=NOW)
    lines = "".join(json.dumps({"content": f"batch {n}: {text}", "source": text}) + "\n"
                    for n, (_c, text, _n) in enumerate(CASES))
    ws.run("remember.py", "--jsonl", "-", input=lines, now=NOW)
    ws.run("remember.py", "--jsonl", "-", "--actor", "researcher", input=lines.replace("batch", "proposed"), now=NOW)
    chat = "".join(f"**User:** remember this, {text}\n\n**Assistant:** noted {n}.\n\n"
                   for n, (_c, text, _n) in enumerate(CASES))
    transcript = tmp / "chat.md"
    transcript.write_text("## Session 1 — 2026-03-10 09:00\n\n" + chat)
    ws.run("preprocess.py", "--path", str(transcript), now=NOW)
    ws.run("encode.py", "--threshold", "0", now=NOW)
    ws.run("capture.py", "--threshold", "0", input=chat.replace("remember this", "captured"), now=NOW)
    notes = tmp / "notes.md"
    notes.write_text("# Notes\n\n" + "".join(f"- imported {n}: {text}\n" for n, (_c, text, _n) in enumerate(CASES)))
    ws.run("import.py", str(notes), now=NOW)
    for _c, text, _n in CASES[:5]:
        ws.run("recall.py", text, now=NOW)


def _everything(root: Path) -> list[tuple[str, bytes]]:
    """(where, bytes) of every file name and file of the workspace and all of git."""
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        found.append((f"name {relative}", relative.encode()))
        if path.is_file() and not relative.startswith(".git/objects/"):
            found.append((relative, path.read_bytes()))

    def git(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, check=True).stdout
    found.append(("git log -p --all", git("log", "-p", "--all", "--format=%H %an <%ae>%n%B")))
    found.append(("git rev-list --all --objects", git("rev-list", "--all", "--objects")))
    found.append(("git reflog", git("reflog", "--format=%gs")))
    return found


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("secrets")
    ws = Workspace(tmp / "workspace")
    ws.run("init.py", "--workspace", str(ws.root))
    _run_all(ws, tmp)
    return ws, _everything(ws.root)


def _leaks(everything, needles) -> list[str]:
    return [f"{needle!r} in {where}" for needle in needles for where, data in everything
            if needle.lower().encode() in data.lower()]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_no_secret_reaches_a_file_or_git_history(store, case):
    _ws, everything = store
    _id, _text, needles = case
    assert _leaks(everything, needles) == []


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_memory_keeps_its_words_with_a_marker_for_the_secret(store, case):
    ws, _everything_ = store
    number = CASE_IDS.index(case[0])
    memory = next(m for m in ws.index()["memories"] if m["content"].startswith(f"note {number}: "))
    assert "[REDACTED:" in memory["content"], memory["content"]


def test_every_part_of_the_store_was_reached(store):
    """The searches above looked where the secrets were sent: each place holds the marker."""
    ws, everything = store
    places = ["memory/index.json", "hippocampus/meta/audit.log", "hippocampus/meta/pending-memories.md",
              "hippocampus/.cache/search.sqlite", "git log -p --all"]
    for place in places:
        data = dict(everything)[place]
        assert b"[REDACTED:" in data, place
    signals = [where for where, data in everything if where.endswith("signals.jsonl") and b"[REDACTED:" in data]
    entities = [where for where, data in everything if "graph/entities/" in where and b"[REDACTED:" in data]
    assert signals and entities


# ------------------------------------------------------------------ false positives
def test_prose_about_secrets_and_secret_looking_numbers_stay_whole(ws):
    lines = "".join(json.dumps({"content": text}) + "\n" for text in ORDINARY)
    ws.run("remember.py", "--jsonl", "-", input=lines, now=NOW)
    stored = {m["content"] for m in ws.index()["memories"]}
    assert sorted(set(ORDINARY) - stored) == []


@pytest.mark.parametrize("text", ORDINARY + [
    "the secret is out", "primary_key=True", "sort_key=name", "I use 1Password and Bitwarden",
    "Password: see the vault", "token count: 5000", "ssh git@github.com", "password=<your password>",
    "the code is on GitHub", "pinned items are kept", "The bearer of bad news", "ISBN 978-3-16-148410-0",
    "timestamp 20260311150000123", "IP 192.168.1.254 port 8080", "version v2.3.4-rc1",
    "hash b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9", "internationalization matters",
    "/home/alice/Projects/SomeThing/README.md", "I set the password to expire monthly",
    "changed my pin to something else", "my password's in the vault", "the password is wrong",
])
def test_redact_leaves_ordinary_text_alone(text):
    assert redact(text) == (text, [])


def test_card_numbers_need_a_valid_luhn_digit_and_a_card_prefix():
    assert "[REDACTED:card-number]" in redact("card 5555-5555-5555-4444")[0]
    assert redact("ref 5555-5555-5555-4445")[1] == []    # Luhn fails
    assert redact("ref 1234 5678 9012 3452")[1] == []    # Luhn holds, but no issuer starts with 1


# ------------------------------------------------------------------ finding 2
SECRET_TOKEN = "ghp_" + "Q9w8E7r6T5y4U3i2O1p0" * 2


@pytest.mark.parametrize("args", [
    ["graph.py", "add", SECRET_TOKEN, "--type", "tool"],
    ["graph.py", "add", "Prod DB", "--type", "tool", "--alias", SECRET_TOKEN],
    ["graph.py", "add", "Prod DB", "--type", "tool", "--alias", "DB_PASSWORD=Qq5aliasPw"],
    ["graph.py", "add", "mysql://root:Qq5aliasPw@db", "--type", "tool"],
    ["remember.py", "a note from a helper", "--actor", SECRET_TOKEN],
    ["graph.py", "list", "--actor", "sk-ant-api03-" + "Q9w8E7r6T5y4U3i2O1p0"],
], ids=["entity-name", "alias-token", "alias-assignment", "entity-url", "actor", "actor-reader"])
def test_entity_names_aliases_and_actors_never_carry_a_secret(ws, args):
    result = ws.run(*args, now=NOW, expect=1)
    assert "credential" in result.err and "Q9w8E7r6T5y4U3i2O1p0" not in result.err
    ws.run("remember.py", "a later change commits whatever was left", now=NOW)
    assert _leaks(_everything(ws.root), ["Q9w8E7r6T5y4U3i2O1p0", "Qq5aliasPw"]) == []


def test_an_agent_name_from_the_environment_is_refused_too(ws):
    result = ws.run("remember.py", "from a helper", env={"HIPPOCAMPUS_AGENT": SECRET_TOKEN}, expect=1)
    assert "credential" in result.err
    assert _leaks(_everything(ws.root), ["Q9w8E7r6T5y4U3i2O1p0"]) == []


def test_an_entity_a_person_names_with_a_secret_is_redacted_before_its_commit(ws):
    ws.run("graph.py", "add", "Billing", "--type", "project", now=NOW)
    entity = ws.store / "graph" / "entities" / "billing.md"
    entity.write_text(entity.read_text().replace("aliases: []", f"aliases: [{SECRET_TOKEN}]"))
    ws.run("remember.py", "the next write commits the edit", now=NOW)
    assert _leaks(_everything(ws.root), ["Q9w8E7r6T5y4U3i2O1p0"]) == []


# ------------------------------------------------------------------ finding 3
def _interrupted_remember(ws: Workspace) -> list[str]:
    """The state a writer killed between writing its files and committing leaves:
    its files on disk, HEAD and git's index before them, and the note
    (hippocampus/.cache/pending-commit.json) written as Transaction._note_pending writes it."""
    ws.run("remember.py", "the quarterly report goes to Dana", now=NOW)
    paths = ws.git("show", "--name-only", "--format=", "HEAD").split()
    ws.git("reset", "-q", "--mixed", "HEAD~1")
    note = {"actor": "main", "action": "remember", "paths": sorted(paths)}
    (ws.side / ".cache" / "pending-commit.json").write_text(json.dumps(note))
    return paths


@pytest.mark.parametrize("target", ["memory file", "index.json", "audit.log"])
def test_the_recovery_commit_redacts_what_a_person_added_meanwhile(ws, target):
    paths = _interrupted_remember(ws)
    secret = "hf_ReCoVeRyLeAk0123456789abcdefghij"
    if target == "memory file":
        path = ws.root / next(p for p in paths if p.startswith(("memory/world/", "memory/user/", "memory/self/", "memory/relationship/")))
        path.write_text(path.read_text() + f"\nAlso the token {secret}\n")
    elif target == "index.json":
        path = ws.store / "index.json"
        index = json.loads(path.read_text())
        index["memories"][-1]["content"] += f" and {secret}"
        path.write_text(json.dumps(index))
    else:
        path = ws.meta / "audit.log"
        path.write_text(path.read_text() + f"a person's note: {secret}\n")
    ws.run("remember.py", "the next writer finishes the interrupted one", now=NOW)
    assert any("committed an interrupted remember" in s for s in ws.commits())
    assert _leaks(_everything(ws.root), [secret]) == []
    assert ws.json("doctor.py")["healthy"]


def test_recovery_through_a_real_kill(ws, tmp_path):
    """A real SIGKILL of a bulk remember once its note is written, then a secret
    put into a noted file: the next writer commits no secret."""
    import signal
    import time
    lines = "".join(json.dumps({"content": f"bulk memory {i} about rivers"}) + "\n" for i in range(3000))
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}, "WORKSPACE": str(ws.root)}
    note = ws.side / ".cache" / "pending-commit.json"
    proc = subprocess.Popen([sys.executable, "-S", str(Path(__file__).resolve().parents[1] / "scripts" / "remember.py"),
                             "--jsonl", "-"], env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    proc.stdin.write(lines.encode())
    proc.stdin.close()
    deadline = time.monotonic() + 60
    while not note.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    if not note.exists():
        pytest.skip("the writer finished before it could be killed with its note written")
    secret = "hf_KiLlEdWrItEr0123456789abcdefghijk"
    noted = json.loads(note.read_text())["paths"]
    files = [ws.root / p for p in noted if p.endswith(".md") and (ws.root / p).is_file()]
    for path in [*files[:3], ws.meta / "audit.log"]:
        path.write_text(path.read_text() + f"\nnote {secret}\n")
    ws.run("remember.py", "after the kill", now=NOW)
    assert _leaks(_everything(ws.root), [secret]) == []


def test_a_pretty_printed_json_file_stays_valid_json_when_scrubbed():
    from hippocampus.store.scrub import scrubbed
    data = json.dumps({"memories": [{"content": "DB_PASSWORD=Pp7prettyPw"}]}, indent=2).encode()
    clean = scrubbed("memory/index.json", data, before=None)
    assert b"Pp7prettyPw" not in clean
    assert json.loads(clean)["memories"][0]["content"] == "DB_PASSWORD=[REDACTED:password]"
    assert scrubbed("memory/index.json", data, before=data) is None  # all of it committed already


# ------------------------------------------------------------------ guards
PIECES = [text for _c, text, _n in CASES] + [
    "password", "PASSWORD", "_KEY", "Key", "pin is ", " is ", "://", ":@", "@", "Authorization: ", "Basic ",
    "--token ", "-u a:", "mysql ", " -p", "AccountKey=", "sig=", "<password>", "</password>", "'", '"', "=", ":",
    "4111111111111111", "4111 1111 1111 1111", "LS0tLS1CRUdJTi", "passphrase is ", "paſſword=", "\u212aey: ",
    "my password's ", "set the pin to ", " ", "\n", "hf_", "xox", "glpat-", "ｐａｓｓｗｏｒｄ＝", "２", "ﬁ",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=10)), max_size=6))
def test_the_guards_never_skip_a_pattern_that_would_match(parts):
    text = "".join(parts)
    assert redact(text) == redact(text, guarded=False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=10)), max_size=6))
def test_redaction_is_idempotent(parts):
    once = redact("".join(parts))[0]
    assert redact(once)[0] == once


@pytest.mark.parametrize("way", ["a line edited in place", "the file indented", "a field of its own", "a keyword"])
def test_a_secret_a_person_writes_into_index_json_never_reaches_git(ws, way):
    """index.json carries every memory's words: a secret pasted into it by hand (in place, or the
    file rewritten by a tool in another layout) is redacted before the next writer commits it."""
    first = ws.remember("User likes green tea", now=NOW)
    ws.remember("User's sister lives in Porto", now=NOW)
    secret = "hf_HaNdInDeXlEaK0123456789abcdefghij"
    path = ws.store / "index.json"
    text = path.read_text()
    if way == "a line edited in place":
        text = text.replace("User likes green tea", f"User likes green tea; token {secret}")
    else:
        index = json.loads(text)
        memory = next(m for m in index["memories"] if m["id"] == first)
        if way == "the file indented":
            memory["content"] += f"; token {secret}"
        elif way == "a field of its own":
            memory["note"] = f"the token is {secret}"
        else:
            memory["keywords"].append(secret)
        text = json.dumps(index, indent=2)
    path.write_text(text)
    result = ws.run("remember.py", "User moved to Lisbon", now=NOW)
    assert result.err.count("held a secret") == 1, result.err
    assert _leaks(_everything(ws.root), [secret]) == []
    assert "[REDACTED:" in json.dumps(ws.memory(first))
    assert ws.memory(first)["content"].startswith("User likes green tea")
    assert ws.json("doctor.py")["healthy"]


def test_an_index_json_not_of_our_writing_without_a_secret_is_left_as_it_is(ws):
    """The committed bytes written again (a copy, a checkout), or a hand edit with no secret: no
    warning, and every line the person wrote kept byte for byte."""
    memory_id = ws.remember("User likes green tea", now=NOW)
    path = ws.store / "index.json"
    path.write_bytes(path.read_bytes())
    assert "secret" not in ws.run("remember.py", "User's sister lives in Porto", now=NOW).err
    path.write_text(path.read_text().replace("User likes green tea", "User likes green tea, no sugar"))
    assert "secret" not in ws.run("remember.py", "User moved to Lisbon", now=NOW).err
    assert ws.memory(memory_id)["content"] == "User likes green tea, no sugar"
    assert "User likes green tea, no sugar" in ws.git("show", "HEAD:memory/index.json")

"""learn.py --git: fix, revert and bug commits of a repository become lessons, each commit once
(even after its lesson is forgotten), secrets redacted, the commit id as source; a migration
commit is a proposal to invalidate, never run; the repository is read with git hardened."""
import json
import os
import subprocess

import pytest

NOW = "2026-03-20T12:00:00Z"
SECRET = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"


def commit(repo, message, when, files=None):
    env = {**os.environ, "GIT_AUTHOR_NAME": "A Dev", "GIT_AUTHOR_EMAIL": "dev@example.test",
           "GIT_COMMITTER_NAME": "A Dev", "GIT_COMMITTER_EMAIL": "dev@example.test",
           "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    for name, text in (files or {}).items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", message], cwd=repo, check=True, env=env)
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True,
                          check=True).stdout.strip()


@pytest.fixture
def repo(tmp_path):
    path = tmp_path / "web-shop"
    path.mkdir()
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    ids = {
        "feature": commit(path, "Add the basket page", "2026-03-01T10:00:00Z", {"src/basket.js": "a"}),
        "fix": commit(path, "fix: checkout crashed when the basket was empty\n\nGuard the total.",
                      "2026-03-02T10:00:00Z", {"src/checkout/total.js": "b"}),
        "secret": commit(path, f"Fix login: the API token {SECRET} was sent twice", "2026-03-03T10:00:00Z",
                         {"src/login.js": "c"}),
        "revert": commit(path, 'Revert "Add the basket page"', "2026-03-04T10:00:00Z", {"src/basket.js": "d"}),
        "migration": commit(path, "Migrate from webpack to vite", "2026-03-05T10:00:00Z", {"vite.config.js": "e"}),
        "docs": commit(path, "docs: explain the prefix option and the debug flag", "2026-03-06T10:00:00Z",
                       {"README.md": "f"}),
        "old": commit(path, "fix: an old bug", "2025-01-01T10:00:00Z", {"old.txt": "g"}),
    }
    return path, ids


def lessons(ws):
    return [m for m in ws.index()["memories"] if m["category"] == "lessons"]


def test_each_fix_commit_is_learned_once(ws, repo):
    path, ids = repo
    before = len(ws.commits())
    out = ws.json("learn.py", "--git", "--repo", str(path), "--days", "30", now=NOW)
    learned = {l["commit"]: l for l in out["learned"]}
    assert set(learned) == {ids["fix"], ids["secret"], ids["revert"]}  # not the feature, docs, migration, old
    assert out["ignored"] == 3 and out["known"] == 0
    stored = {m["source"]: m for m in lessons(ws)}
    assert set(stored) == {f"git:{ids[k]}" for k in ("fix", "secret", "revert")}
    fix = stored[f"git:{ids['fix']}"]["content"]
    assert fix.startswith(f"Lesson from git (repo web-shop, commit {ids['fix'][:10]}, 2026-03-02): "
                          "fix: checkout crashed when the basket was empty")
    assert "Guard the total." in fix and "Files: src/checkout/total.js" in fix
    assert len(ws.commits()) == before + 1  # one commit for the run
    # a second run stores nothing, and commits nothing
    again = ws.json("learn.py", "--git", "--repo", str(path), now=NOW)
    assert again["learned"] == [] and again["known"] == 3 and len(ws.commits()) == before + 1
    assert len(lessons(ws)) == 3


def test_a_forgotten_lesson_is_not_learned_again(ws, repo):
    path, ids = repo
    out = ws.json("learn.py", "--git", "--repo", str(path), now=NOW)
    first = next(l["id"] for l in out["learned"] if l["commit"] == ids["fix"])
    ws.run("forget.py", first, "--purge", now=NOW)
    again = ws.json("learn.py", "--git", "--repo", str(path), now=NOW)
    assert again["learned"] == [] and again["known"] == 3


def test_a_secret_in_a_message_is_redacted(ws, repo):
    path, ids = repo
    dry = ws.run("learn.py", "--git", "--repo", str(path), "--dry-run", now=NOW).out
    assert SECRET not in dry and "[REDACTED" in dry
    assert lessons(ws) == []  # a dry run changes nothing
    ws.json("learn.py", "--git", "--repo", str(path), now=NOW)
    secret = next(m for m in lessons(ws) if m["source"] == f"git:{ids['secret']}")
    assert SECRET not in secret["content"] and "[REDACTED" in secret["content"]
    assert SECRET not in ws.git("log", "-p", "--all")


def test_a_migration_commit_is_a_proposal_never_run(ws, repo):
    path, ids = repo
    out = ws.json("learn.py", "--git", "--repo", str(path), now=NOW)
    (proposal,) = out["proposals"]
    assert proposal["old"] == "webpack" and proposal["new"] == "vite" and proposal["commit"] == ids["migration"]
    assert proposal["argv"] == ["invalidate.py", "webpack", "--reason", "migrated to vite"]
    text = ws.run("learn.py", "--git", "--repo", str(path), now=NOW).out
    assert "invalidate.py webpack --reason 'migrated to vite'" in text


def test_the_current_folder_is_the_default_and_a_folder_without_git_is_not_found(ws, repo, tmp_path):
    path, ids = repo
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=NOW)
    from conftest import SCRIPTS
    import sys
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / "learn.py"), "--git", "--json"], cwd=path / "src",
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["learned"]) == 3
    plain = tmp_path / "plain"
    plain.mkdir()
    err = ws.run("learn.py", "--git", "--repo", str(plain), now=NOW, expect=2).err
    assert "not a git repository" in err and err.count("\n") == 1
    assert "--git" in ws.run("learn.py", now=NOW, expect=1).err


def test_a_repository_config_runs_nothing(ws, repo, tmp_path):
    path, ids = repo
    marker = tmp_path / "ran"
    hook = tmp_path / "hook.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\ncat\n")
    hook.chmod(0o755)
    for key in ("core.pager", "core.fsmonitor", "diff.external", "core.hooksPath", "gpg.program"):
        subprocess.run(["git", "config", key, str(hook)], cwd=path, check=True)
    subprocess.run(["git", "config", "log.showSignature", "true"], cwd=path, check=True)
    (path / ".git" / "hooks" / "post-checkout").write_text(f"#!/bin/sh\ntouch {marker}\n")
    out = ws.json("learn.py", "--git", "--repo", str(path), now=NOW)
    assert len(out["learned"]) == 3 and not marker.exists()


def test_a_repository_without_commits_teaches_nothing(ws, tmp_path):
    empty = tmp_path / "empty"
    subprocess.run(["git", "init", "-q", str(empty)], check=True)
    out = ws.json("learn.py", "--git", "--repo", str(empty), now=NOW)
    assert out["learned"] == [] and out["ignored"] == 0

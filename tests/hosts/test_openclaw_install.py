"""install.sh against the real, pinned OpenClaw: the config it writes is one OpenClaw accepts, the skill
is one OpenClaw loads (Ready), and --uninstall gives the config back as it was."""

from __future__ import annotations

import json
import os
import shutil

import yaml

from .conftest import ROOT, TOKEN


def files_holding_the_token(openclaw) -> list[str]:
    return sorted(str(p.relative_to(openclaw.home)) for p in openclaw.home.rglob("*")
                  if p.is_file() and p != openclaw.config and TOKEN.encode() in p.read_bytes())


def test_the_host_is_the_pinned_openclaw_and_the_test_config_is_valid(openclaw):
    assert openclaw.install_info["version"] in openclaw.run("--version").stdout
    assert "Config valid" in openclaw.run("config", "validate").stdout


def test_install_keeps_openclaw_running_loads_the_skill_and_uninstall_gives_the_config_back(openclaw):
    first = openclaw.install()
    assert "skill hippocampus is ready" in first.stdout, first.stdout
    assert "finds the live memories under memory/" in first.stdout  # OpenClaw's own workspace: MEMORY.md is indexed already
    data = openclaw.data()
    assert "memory" not in data  # so HIPPOCAMPUS_CORE.md is not added: core memories are served once
    assert data["skills"]["load"]["extraDirs"] == [str(ROOT)]
    assert "memorySearch" not in json.dumps(data)
    assert {k: data[k] for k in openclaw.original} == openclaw.original  # everything else as it was
    assert openclaw.run("config", "validate").returncode == 0
    info = openclaw.run("skills", "info", "hippocampus")
    assert "Ready" in info.stdout and str(ROOT / "SKILL.md") in info.stdout, info.stdout
    listed = openclaw.run("skills", "list")
    assert "Invalid config" not in listed.stdout + listed.stderr and "hippocampus" in listed.stdout
    assert files_holding_the_token(openclaw) == []  # no backup of ours holds the gateway token
    before = openclaw.config.read_bytes()
    again = openclaw.install()
    assert "already lists" in again.stdout and openclaw.config.read_bytes() == before
    assert openclaw.config.read_bytes() == before
    assert (openclaw.config.stat().st_mode & 0o777) == 0o600

    openclaw.install("--uninstall")
    assert openclaw.config.read_text() == json.dumps(openclaw.original, indent=2) + "\n"  # byte for byte
    assert "Config valid" in openclaw.run("config", "validate").stdout
    assert "hippocampus" not in openclaw.run("skills", "list").stdout
    assert files_holding_the_token(openclaw) == []


def test_a_config_broken_by_the_old_install_is_repaired(openclaw):
    # what install.sh wrote before: the legacy key (OpenClaw now refuses to start) and a skill link
    core = str(openclaw.workspace / "HIPPOCAMPUS_CORE.md")
    broken = {**openclaw.original,
              "agents": {"defaults": {**openclaw.original["agents"]["defaults"],
                                      "memorySearch": {"extraPaths": [core]}}}}
    openclaw.config.write_text(json.dumps(broken, indent=2) + "\n")
    (openclaw.workspace / "skills").mkdir(parents=True)
    os.symlink(ROOT, openclaw.workspace / "skills" / "hippocampus")
    refused = openclaw.run("config", "validate", expect=None)
    assert refused.returncode != 0 and "memorySearch" in refused.stdout + refused.stderr

    result = openclaw.install()
    assert "removed the old skill link" in result.stdout
    assert "skill hippocampus is ready" in result.stdout  # install.sh asked `openclaw skills info`
    assert not (openclaw.workspace / "skills" / "hippocampus").is_symlink()
    assert openclaw.run("config", "validate").returncode == 0
    openclaw.install("--uninstall")
    assert openclaw.data() == openclaw.original


def test_a_change_openclaw_rejects_is_undone_byte_for_byte(openclaw):
    text = json.dumps({**openclaw.original, "notAKeyOpenClawKnows": True}, indent=4) + "\n"
    openclaw.config.write_text(text)
    result = openclaw.install(expect=3)
    assert "rejects the change" in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert openclaw.config.read_text() == text
    assert sorted(p.name for p in openclaw.config.parent.iterdir() if p.name.startswith("openclaw.json")) \
        == ["openclaw.json"]


def test_a_json5_config_kept_behind_a_link_keeps_its_comments_and_comes_back_byte_for_byte(openclaw):
    # a dotfiles repository holds the real file; ~/.openclaw/openclaw.json links to it (GNU Stow's way)
    kept = openclaw.home / "dotfiles" / "openclaw.json5"
    kept.parent.mkdir()
    original = ("// my OpenClaw config\n{\n  update: {checkOnStart: false},\n"
                "  gateway: {mode: 'local', bind: 'loopback', port: 18789, auth: {mode: 'token', token: '%s'}},\n"
                "  agents: {defaults: {workspace: '%s'}},\n}\n" % (TOKEN, openclaw.workspace)).encode()
    kept.write_bytes(original)
    openclaw.config.unlink()
    openclaw.config.symlink_to(os.path.relpath(kept, openclaw.config.parent))
    link = os.readlink(openclaw.config)
    elsewhere = openclaw.home / "hippocampus"  # not OpenClaw's workspace: the core file is the way in
    result = openclaw.install("--workspace", str(elsewhere))
    assert openclaw.config.is_symlink() and os.readlink(openclaw.config) == link
    text = kept.read_text()
    assert text.startswith("// my OpenClaw config\n{\n  update: {checkOnStart: false},")  # comments, keys kept
    extra = openclaw.run("config", "get", "memory.search.extraPaths", "--json").stdout
    assert json.loads(extra) == [str(elsewhere / "HIPPOCAMPUS_CORE.md")]  # as OpenClaw reads our edit
    assert "skill hippocampus is ready" in result.stdout  # install.sh asked `openclaw skills info`
    assert files_holding_the_token(openclaw) == ["dotfiles/openclaw.json5"]  # no .bak beside it
    openclaw.install("--workspace", str(elsewhere), "--uninstall")
    assert kept.read_bytes() == original and os.readlink(openclaw.config) == link
    assert files_holding_the_token(openclaw) == ["dotfiles/openclaw.json5"]
    assert openclaw.run("config", "validate").returncode == 0


def test_the_skill_asks_only_for_what_the_scripts_run(openclaw, tmp_path):
    meta = yaml.safe_load((ROOT / "SKILL.md").read_text(encoding="utf-8").split("---")[1])["metadata"]
    assert meta["openclaw"]["requires"]["bins"] == ["python3", "git"]
    assert all(item.get("kind") != "manual" for item in meta["openclaw"].get("install", []))
    openclaw.install()
    # a machine without jq: only the node OpenClaw runs on, python3 and git
    bare = tmp_path / "bare-bin"
    bare.mkdir()
    for name in ("python3", "git"):
        os.symlink(shutil.which(name), bare / name)
    openclaw.install_info = {**openclaw.install_info, "path": [*openclaw.install_info["path"], str(bare)]}
    env_path = os.environ.get("PATH")
    try:
        os.environ["PATH"] = str(bare)
        info = openclaw.run("skills", "info", "hippocampus")
    finally:
        os.environ["PATH"] = env_path
    assert "Ready" in info.stdout and "jq" not in info.stdout, info.stdout


def test_a_workspace_other_than_openclaws_gets_the_core_file_in_extra_paths(openclaw):
    elsewhere = openclaw.home / "hippocampus"
    openclaw.install("--workspace", str(elsewhere))
    assert openclaw.data()["memory"]["search"]["extraPaths"] == [str(elsewhere / "HIPPOCAMPUS_CORE.md")]
    assert "Config valid" in openclaw.run("config", "validate").stdout
    openclaw.install("--workspace", str(elsewhere), "--uninstall")
    assert openclaw.data() == openclaw.original

"""The documents agents and people rely on say what the code does."""

import re
from pathlib import Path

import frontmatter

ROOT = Path(__file__).resolve().parents[1]


def test_skill_frontmatter_follows_agent_skills_format():
    post = frontmatter.load(ROOT / "SKILL.md")
    assert post["name"] == "hippocampus"
    assert 0 < len(post["description"]) < 1024
    assert post["metadata"]["openclaw"]["requires"]["bins"] == ["python3", "git"]  # what the scripts run
    assert len(post.content.splitlines()) < 500


def test_every_script_is_documented_in_skill_and_the_command_reference():
    # the README is the front door (issue #23): every script's reference is references/cli.md
    skill = (ROOT / "SKILL.md").read_text()
    reference = (ROOT / "references" / "cli.md").read_text()
    for script in (ROOT / "scripts").glob("*.py"):
        assert f"`{script.name}" in reference.split("# Each script's --help")[0], script.name
        assert script.stem in skill, script.stem


def test_every_config_default_is_in_the_template():
    from hippocampus.base.config import DEFAULTS
    template = (ROOT / "assets" / "templates" / "config.yaml").read_text()
    for key, value in DEFAULTS.items():
        assert re.search(rf"#\s*{key}:", template), key
        if isinstance(value, dict):
            for inner in value:
                assert re.search(rf"#\s*{inner}:", template), f"{key}.{inner}"

"""The Claude Code plugin's copy of SKILL.md (skills/hippocampus/SKILL.md), made from the top SKILL.md.

Hosts layer. The top SKILL.md names its files relative to its own folder, the repository root (the
Agent Skills convention; OpenClaw and Claude Code both resolve them against the skill's folder). In the
plugin the skill's folder is skills/hippocampus/, so the copy names them under ${CLAUDE_PLUGIN_ROOT},
which Claude Code replaces with the installed plugin's folder in a plugin skill's text (checked in
Claude Code 2.1.332). A copy, not a symlink: `claude plugin install` keeps a symlink as a symlink,
but the skill's folder would still be skills/hippocampus/. tests/test_claude_plugin.py checks the copy is
in step; to remake it: cd scripts && python3 -m hippocampus.hosts.plugin_skill
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TARGET = ROOT / "skills" / "hippocampus" / "SKILL.md"
PLUGIN_ROOT = "${CLAUDE_PLUGIN_ROOT}"
RELATIVE = re.compile(r"(?<![\w./${}-])(scripts|references|assets)/")
INTRO = re.compile(r"Paths here \(`scripts/…`, `references/…`\) are relative to this skill's folder,.*?"
                   r"folder's absolute path in front\. ", re.S)
PLUGIN_INTRO = ("Paths here are in this plugin's folder, `${CLAUDE_PLUGIN_ROOT}` (Claude Code puts in its "
                "absolute path).\n")
NOTE = ("<!-- Made from the repository's top SKILL.md by the module hippocampus.hosts.plugin_skill: edit that one, "
        "then run cd scripts && python3 -m hippocampus.hosts.plugin_skill -->\n")


def render(text: str) -> str:
    """The plugin's SKILL.md for the top SKILL.md's `text`."""
    if not text.startswith("---\n") or "\n---\n" not in text[4:]:
        raise ValueError("SKILL.md has no frontmatter")
    end = text.index("\n---\n", 4) + len("\n---\n")
    head, body = text[:end], text[end:]
    if not INTRO.search(body):
        raise ValueError("SKILL.md's sentence on relative paths changed: update plugin_skill.INTRO")
    body = INTRO.sub(lambda _m: PLUGIN_INTRO, body, count=1)
    body = RELATIVE.sub(lambda m: f"{PLUGIN_ROOT}/{m.group(1)}/", body)
    return head + NOTE + body


def main() -> int:
    new = render((ROOT / "SKILL.md").read_text(encoding="utf-8"))
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    if TARGET.exists() and TARGET.read_text(encoding="utf-8") == new:
        print(f"{TARGET}: in step")
        return 0
    TARGET.write_text(new, encoding="utf-8")
    print(f"{TARGET}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())

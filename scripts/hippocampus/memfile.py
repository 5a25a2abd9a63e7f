"""One memory as a markdown file: YAML frontmatter (safe) plus the body.

Only the descriptive fields live in frontmatter; weighted state lives in the
index. Parsing never trusts the file: YAML is loaded with SafeLoader (no tags
that build objects), unknown fields are ignored, and values are type-checked.
"""

from __future__ import annotations

from datetime import date, datetime

from .textutil import clean_text

FRONTMATTER_FIELDS = ("id", "domain", "category", "created", "keywords", "source", "episode", "title", "sources")


class BrokenFile(ValueError):
    """A memory file whose frontmatter cannot be read."""


def file_hash(data: bytes) -> str:
    from .reconcile import file_hash as digest
    return digest(data)


def render(memory: dict) -> str:
    import yaml

    meta = {key: memory[key] for key in FRONTMATTER_FIELDS if memory.get(key) not in (None, "", [])}
    header = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, default_flow_style=None, width=1000)
    return f"---\n{header}---\n{memory['content'].rstrip()}\n"


def parse(text: str) -> tuple[dict, str]:
    """(frontmatter fields we accept, body). Raises BrokenFile for unreadable YAML."""
    import frontmatter
    import yaml

    text = clean_text(text)
    try:
        post = frontmatter.loads(text)
    except (yaml.YAMLError, ValueError, TypeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BrokenFile(f"frontmatter is not valid YAML ({first})") from None
    if not isinstance(post.metadata, dict):
        raise BrokenFile("frontmatter is not a mapping")
    meta: dict = {}
    for key in FRONTMATTER_FIELDS:
        value = post.metadata.get(key)
        if value is None:
            continue
        if isinstance(value, (datetime, date)):
            value = value.isoformat()
        if key == "keywords":
            if isinstance(value, str):
                value = [part.strip() for part in value.split(",") if part.strip()]
            if not isinstance(value, list):
                continue
            value = [clean_text(str(item)) for item in value if isinstance(item, (str, int, float))][:20]
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            value = clean_text(str(value))
        else:
            continue
        meta[key] = value
    return meta, post.content.strip()

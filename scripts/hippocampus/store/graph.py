"""The knowledge graph: one markdown file per entity, relations as [[wikilinks]].

    memory/graph/entities/alice-chen.md     an entity (Obsidian-compatible)
    memory/graph/relations.md               the relation types, one "- name: meaning" line each
    memory/graph/index.md                   the generated registry (name, type, aliases, counts)

An entity file:

    ---
    name: Alice Chen
    type: person
    aliases: [Alice]
    created: '2026-11-29T20:00:00Z'
    ---
    # Alice Chen

    ## Facts
    - Leads the billing team (2026-11-29)

    ## Relations
    - works_at [[acme-corp|Acme Corp]]

Scripts add lines at the end of a section and never rewrite the rest, so a
person's own notes in an entity file stay. Relations are stored on the
entity they start from; incoming ones are found by reading the others.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..base import third_party
from ..text.blocks import append_to_section
from ..errors import NotFound, UsageError
from ..text.textutil import clean_text, one_line, slugify

FOLDER = "memory/graph"
ENTITIES = f"{FOLDER}/entities"
RELATIONS_FILE = f"{FOLDER}/relations.md"
REGISTRY_FILE = f"{FOLDER}/index.md"
TYPES = ("person", "place", "project", "tool", "org", "concept")
DEFAULT_RELATIONS = {
    "knows": "a person knows another", "family_of": "related by family", "lives_in": "a person lives in a place",
    "works_at": "a person works at an org", "works_on": "a person works on a project",
    "member_of": "belongs to an org or group", "part_of": "is a part of something larger",
    "located_in": "is in a place", "uses": "uses a tool or service", "owns": "owns or is responsible for",
    "likes": "likes", "dislikes": "dislikes", "depends_on": "needs something to work",
    "created_by": "was made by", "related_to": "any other link",
}
_RELATION_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_RELATION_LINE = re.compile(r"^- (?P<name>[a-z][a-z0-9_]{0,39})\s*(?::\s*(?P<meaning>.*))?$")
_LINK = re.compile(r"^- (?P<relation>[a-z][a-z0-9_]{0,39}) \[\[(?P<target>[^\]|]+)(?:\|(?P<label>[^\]]+))?\]\]\s*$")


class Entity:
    def __init__(self, slug: str, name: str, kind: str, aliases: list[str], created: str | None,
                 facts: list[str], relations: list[tuple[str, str]], path: str):
        self.slug = slug
        self.name = name
        self.type = kind
        self.aliases = aliases
        self.created = created
        self.facts = facts
        self.relations = relations  # (relation, target slug)
        self.path = path

    def names(self) -> list[str]:
        return [self.name, *self.aliases]

    def as_dict(self) -> dict:
        return {"slug": self.slug, "name": self.name, "type": self.type, "aliases": self.aliases,
                "created": self.created, "facts": self.facts, "file": self.path,
                "relations": [{"relation": r, "target": t} for r, t in self.relations]}


def entity_slug(name: str) -> str:
    """The file name of an entity: its slug, or a stable hash for names without Latin letters."""
    slug = slugify(name, 80)
    if slug == "memory" and "memory" not in name.lower():
        from hashlib import sha256
        slug = "entity-" + sha256(name.casefold().encode("utf-8")).hexdigest()[:10]
    return slug


def parse_entity(path: str, text: str) -> Entity | None:
    frontmatter = third_party.load("frontmatter")  # loads YAML with SafeLoader
    yaml = third_party.load("yaml")

    try:
        post = frontmatter.loads(clean_text(text))
    except (yaml.YAMLError, ValueError, TypeError):
        return None
    meta = post.metadata if isinstance(post.metadata, dict) else {}
    slug = path.rsplit("/", 1)[-1][:-3]
    name = one_line(str(meta.get("name") or slug), 120)
    kind = str(meta.get("type") or "concept")
    aliases = meta.get("aliases") if isinstance(meta.get("aliases"), list) else []
    created = meta.get("created")
    facts: list[str] = []
    relations: list[tuple[str, str]] = []
    section = None
    for line in post.content.splitlines():
        if line.startswith("## "):
            section = line[3:].strip().lower()
            continue
        if section == "facts" and line.startswith("- "):
            facts.append(line[2:].strip())
        elif section == "relations":
            link = _LINK.match(line.strip())
            if link:
                relations.append((link.group("relation"), link.group("target").strip()))
    return Entity(slug, name, kind, [one_line(str(a), 120) for a in aliases if str(a).strip()],
                  str(created) if created else None, facts, relations, path)


class Graph:
    def __init__(self, root: Path, entities: dict[str, Entity], relation_types: dict[str, str]):
        self.root = root
        self.entities = entities
        self.relation_types = relation_types

    @classmethod
    def load(cls, workspace_or_tx) -> "Graph":
        """The graph as the files say (a transaction's buffered writes included)."""
        root = workspace_or_tx.workspace.root if hasattr(workspace_or_tx, "workspace") else workspace_or_tx.root
        pending = getattr(workspace_or_tx, "files", {})
        entities: dict[str, Entity] = {}
        from ..base.paths import located
        base = located(root, FOLDER)  # (a workspace not yet migrated: memory/graph)
        folder = base / "entities"
        names = {p.name for p in folder.glob("*.md")} if folder.is_dir() else set()
        names |= {p.rsplit("/", 1)[-1] for p in pending if p.startswith(ENTITIES + "/") and pending[p] is not None}
        for name in sorted(names):
            path = f"{ENTITIES}/{name}"
            data = pending.get(path) if path in pending else None
            if data is None:
                try:
                    data = (folder / name).read_bytes()
                except OSError:
                    continue
            entity = parse_entity(path, data.decode("utf-8", "replace"))
            if entity is not None:
                entities[entity.slug] = entity
        data = pending.get(RELATIONS_FILE)
        if data is None:
            try:
                data = (base / "relations.md").read_bytes()
            except OSError:
                data = None
        types = parse_relation_types(data.decode("utf-8", "replace")) if data is not None else dict(DEFAULT_RELATIONS)
        return cls(root, entities, types)

    # ---------------------------------------------------------------- lookups
    def find(self, name: str) -> Entity:
        wanted = one_line(clean_text(name)).casefold()
        slug = entity_slug(wanted)
        if slug in self.entities:
            return self.entities[slug]
        for entity in self.entities.values():
            if wanted in (n.casefold() for n in entity.names()):
                return entity
        raise NotFound(f"no entity named {one_line(name, 60)!r} in the graph (add it with scripts/graph.py add)")

    def incoming(self, slug: str) -> list[tuple[str, str]]:
        """(relation, source slug) of every relation that points at `slug`."""
        return [(relation, source.slug) for source in self.entities.values()
                for relation, target in source.relations if target == slug]

    def neighbors(self, name: str, depth: int) -> list[dict]:
        start = self.find(name)
        seen = {start.slug: 0}
        found: list[dict] = []
        frontier = [start.slug]
        for distance in range(1, depth + 1):
            following = []
            for slug in frontier:
                entity = self.entities.get(slug)
                edges = [(r, t, "out") for r, t in (entity.relations if entity else [])]
                edges += [(r, s, "in") for r, s in self.incoming(slug)]
                for relation, other, direction in edges:
                    if other in seen:
                        continue
                    seen[other] = distance
                    following.append(other)
                    target = self.entities.get(other)
                    found.append({"slug": other, "name": target.name if target else other,
                                  "type": target.type if target else None, "distance": distance,
                                  "via": {"from": self.entities[slug].name if slug in self.entities else slug,
                                          "relation": relation, "direction": direction}})
            frontier = following
        return found

    def matcher(self):
        """A function giving the slugs of the entities a text names (whole words, any case)."""
        names = sorted(((n, e.slug) for e in self.entities.values() for n in e.names() if len(n) >= 2),
                       key=lambda item: -len(item[0]))
        if not names:
            return lambda text: []
        owner = {n.casefold(): slug for n, slug in names}
        pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n, _ in names) + r")(?!\w)", re.IGNORECASE)

        def linked(text: str) -> list[str]:
            return list(dict.fromkeys(owner[m.group(1).casefold()] for m in pattern.finditer(text)
                                      if m.group(1).casefold() in owner))
        return linked

    # ---------------------------------------------------------------- writing
    def write_registry(self, tx) -> None:
        rows = ["# Knowledge graph", "",
                "Generated by scripts/graph.py from `entities/`; edit the entity files, not this one.", "",
                "| entity | type | aliases | facts | relations | file |", "|---|---|---|---|---|---|"]
        for entity in sorted(self.entities.values(), key=lambda e: e.name.casefold()):
            aliases = ", ".join(entity.aliases).replace("|", "/") or "-"
            name = entity.name.replace("|", "/").replace("]", ")")
            rows.append(f"| [[{entity.slug}\\|{name}]] | {entity.type} | {aliases} | {len(entity.facts)} | "
                        f"{len(entity.relations)} | entities/{entity.slug}.md |")
        data = ("\n".join(rows) + "\n").encode("utf-8")
        if tx.current_bytes(REGISTRY_FILE) != data:
            tx.write_file(REGISTRY_FILE, data)


def parse_relation_types(text: str) -> dict[str, str]:
    types = {}
    for line in text.splitlines():
        match = _RELATION_LINE.match(line.strip())
        if match:
            types[match.group("name")] = (match.group("meaning") or "").strip()
    return types


def relations_text(types: dict[str, str]) -> str:
    lines = ["# Relation types", "",
             "The relations scripts/graph.py relate accepts, one `- name: meaning` line each.",
             "Add a line here (or pass --new-type) for a new one.", ""]
    lines += [f"- {name}: {meaning}" if meaning else f"- {name}" for name, meaning in types.items()]
    return "\n".join(lines) + "\n"


def _entity_text(name: str, kind: str, aliases: list[str], created: str) -> str:
    yaml = third_party.load("yaml")
    meta = {"name": name, "type": kind, "aliases": aliases, "created": created}
    header = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, default_flow_style=None, width=1000)
    return f"---\n{header}---\n# {name}\n\n## Facts\n\n## Relations\n"


def _clean_name(name: str) -> str:
    text = one_line(clean_text(name or ""), 120).strip()
    if not text:
        raise UsageError("an entity needs a name")
    if any(ch in text for ch in "[]|"):
        raise UsageError("entity names cannot contain [, ] or | (they would break the wikilinks)")
    from ..text.redact import has_secret
    kind = has_secret(text)
    if kind:  # a name becomes a file name, a registry row and a commit's path: it is never redacted text
        raise UsageError(f"an entity name or alias cannot hold a credential (it looks like a {kind}); "
                         "nothing was changed")
    return text


def add(tx, name: str, kind: str | None, fact: str | None, aliases: list[str] | None) -> dict:
    """Create an entity or add a fact/aliases to it; link memories that name it."""
    from ..text.redact import redact_text
    from ..text.timeutil import format_time

    graph = Graph.load(tx)
    name = _clean_name(name)
    if kind is not None and kind not in TYPES:
        raise UsageError(f"unknown entity type {kind[:30]!r}: choose one of {', '.join(TYPES)}")
    aliases = [_clean_name(a) for a in aliases or []]
    try:
        entity = graph.find(name)
        created = False
    except NotFound:
        if kind is None:
            raise UsageError(f"{name!r} is new: say what it is with --type ({', '.join(TYPES)})") from None
        slug = entity_slug(name)
        path = f"{ENTITIES}/{slug}.md"
        tx.write_file(path, _entity_text(name, kind, aliases, format_time(tx.now)).encode("utf-8"))
        entity = Entity(slug, name, kind, aliases, format_time(tx.now), [], [], path)
        created = True
    if not created and kind is not None and kind != entity.type:
        raise UsageError(f"{entity.name} is already a {entity.type}; edit {entity.path} to change its type")
    text = tx.current_bytes(entity.path).decode("utf-8", "replace")
    new_aliases = [a for a in aliases if a.casefold() not in (n.casefold() for n in entity.names())]
    if new_aliases and not created:
        frontmatter = third_party.load("frontmatter")
        post = frontmatter.loads(text)
        post.metadata["aliases"] = entity.aliases + new_aliases
        text = frontmatter.dumps(post, sort_keys=False) + "\n"
    added_fact = None
    if fact:
        added_fact = one_line(redact_text(clean_text(fact)), 500)
        if added_fact and added_fact not in (f.rsplit(" (", 1)[0] for f in entity.facts):
            text = append_to_section(text, "Facts", f"- {added_fact} ({format_time(tx.now)[:10]})")
        else:
            added_fact = None
    if text.encode("utf-8") != tx.current_bytes(entity.path):
        tx.write_file(entity.path, text.encode("utf-8"))
    graph.entities[entity.slug] = parse_entity(entity.path, text)  # the graph as it now is, without rereading it
    linked = link_memories(tx, graph, graph.entities[entity.slug]) if created or new_aliases else []
    _write_derived(tx, graph)
    tx.action = "graph-add"
    tx.summary = (f"{'added' if created else 'updated'} {entity.type} {entity.name}"
                  + (f": {added_fact}" if added_fact else ""))
    return {"entity": graph.entities[entity.slug].as_dict(), "created": created, "fact": added_fact,
            "linkedMemories": linked}


def relate(tx, source: str, relation: str, target: str, new_type: bool = False) -> dict:
    graph = Graph.load(tx)
    relation = (relation or "").strip().lower().replace("-", "_").replace(" ", "_")
    if not _RELATION_NAME.match(relation):
        raise UsageError(f"not a relation name: {relation[:40]!r} (lower case, digits and _)")
    if relation not in graph.relation_types:
        if not new_type:
            raise UsageError(f"unknown relation {relation!r}; known: {', '.join(graph.relation_types)} "
                             f"(add it with --new-type)")
        graph.relation_types[relation] = ""
        tx.write_file(RELATIONS_FILE, relations_text(graph.relation_types).encode("utf-8"))
    a, b = graph.find(source), graph.find(target)
    if a.slug == b.slug:
        raise UsageError("an entity cannot be related to itself")
    if (relation, b.slug) in a.relations:
        return {"from": a.name, "relation": relation, "to": b.name, "added": False}
    text = tx.current_bytes(a.path).decode("utf-8", "replace")
    text = append_to_section(text, "Relations", f"- {relation} [[{b.slug}|{b.name}]]")
    tx.write_file(a.path, text.encode("utf-8"))
    a.relations.append((relation, b.slug))
    _write_derived(tx, graph)
    tx.action = "graph-relate"
    tx.summary = f"{a.name} {relation} {b.name}"
    return {"from": a.name, "relation": relation, "to": b.name, "added": True}


def _write_derived(tx, graph: Graph) -> None:
    """The registry, and relations.md if a person deleted it (init seeds it)."""
    graph.write_registry(tx)
    if RELATIONS_FILE not in tx.files and not (tx.workspace.root / RELATIONS_FILE).exists():
        tx.write_file(RELATIONS_FILE, relations_text(graph.relation_types).encode("utf-8"))


_REGISTRY_ROW = re.compile(r"^\| \[\[(?P<slug>[^\]\\|]+)\\\|(?P<name>[^\]]+)\]\] \| [^|]* \| (?P<aliases>[^|]*) \|")


def registry_matcher(tx):
    """The entity matcher from the registry (one small file), kept for the transaction."""
    cached = getattr(tx, "_entity_matcher", None)
    if cached is not None:
        return cached
    data = tx.current_bytes(REGISTRY_FILE)
    entities: dict[str, Entity] = {}
    for line in (data or b"").decode("utf-8", "replace").splitlines():
        row = _REGISTRY_ROW.match(line)
        if row:
            aliases = [a.strip() for a in row.group("aliases").split(",") if a.strip() and a.strip() != "-"]
            slug = row.group("slug").strip()
            entities[slug] = Entity(slug, row.group("name").strip(), "concept", aliases, None, [], [], "")
    matcher = Graph(tx.workspace.root, entities, {}).matcher()
    tx._entity_matcher = matcher
    return matcher


def link_memories(tx, graph: Graph, entity: Entity) -> list[str]:
    """Add `entity` to the `entities` of every live memory that names it."""
    match = graph.matcher()
    linked = []
    for memory in tx.memories:
        if memory.get("status") == "archived" or entity.slug in (memory.get("entities") or []):
            continue
        if entity.slug in match(memory.get("content", "")):
            memory["entities"] = [*(memory.get("entities") or []), entity.slug]
            tx.put(memory)
            linked.append(memory["id"])
    return linked

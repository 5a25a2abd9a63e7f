#!/usr/bin/env python3
"""The knowledge graph: entities (people, places, projects, ...) and how they relate."""
from hippocampus.base.interrupts import quiet_while_starting
quiet_while_starting()  # first: a Ctrl-C while the script starts ends it quietly, nothing done yet
from hippocampus import cli


def main(argv):
    p = cli.parser("graph.py", "Entities live in memory/graph/entities/<slug>.md with [[wikilinks]] "
                   "(Obsidian-compatible); memory/graph/index.md is the generated registry.")
    commands = cli.Commands(p)
    adding = commands.add("add", help="create an entity, or add a fact or aliases to one")
    adding.add_argument("name")
    adding.add_argument("--type", help="person, place, project, tool, org or concept (needed for a new entity)")
    adding.add_argument("--fact", help="a fact about it (dated, redacted)")
    adding.add_argument("--alias", action="append", metavar="NAME", help="another name it goes by (repeatable)")
    relating = commands.add("relate", help="A RELATION B, e.g. 'Alice Chen' works_at Acme")
    relating.add_argument("source")
    relating.add_argument("relation")
    relating.add_argument("target")
    relating.add_argument("--new-type", action="store_true", help="accept a relation not in memory/graph/relations.md")
    showing = commands.add("show", help="an entity's facts, relations both ways, and memories naming it")
    showing.add_argument("name")
    near = commands.add("neighbors", help="entities within N relations (either direction)")
    near.add_argument("name")
    near.add_argument("--depth", type=cli.bounded_int(1, 10), default=1)
    commands.add("list", help="every entity")
    args = commands.parse(argv)
    from hippocampus.store import graph
    workspace = cli.open_workspace(args)
    if args.command == "add":
        with workspace.transaction("bot:graph", "graph-add") as tx:
            result = graph.add(tx, args.name, args.type, args.fact, args.alias)
        entity = result["entity"]
        text = (f"{'added' if result['created'] else 'updated'} {entity['type']} {entity['name']} "
                f"({entity['file']}); {len(result['linkedMemories'])} memories linked")
    elif args.command == "relate":
        with workspace.transaction("bot:graph", "graph-relate") as tx:
            result = graph.relate(tx, args.source, args.relation, args.target, args.new_type)
        text = f"{result['from']} {result['relation']} {result['to']}" + ("" if result["added"] else " (already known)")
    elif args.command == "show":
        from hippocampus.recall.graph_show import show
        result = show(workspace, args.name)
        text = render_entity(result)
    elif args.command == "neighbors":
        result = {"name": graph.Graph.load(workspace).find(args.name).name,
                  "neighbors": graph.Graph.load(workspace).neighbors(args.name, args.depth)}
        text = "\n".join(f"{'  ' * (n['distance'] - 1)}- {n['name']} ({n['type'] or '?'}): "
                         f"{n['via']['from']} {n['via']['relation']}{' (incoming)' if n['via']['direction'] == 'in' else ''}"
                         for n in result["neighbors"]) or "No neighbors."
    else:
        entities = graph.Graph.load(workspace).entities.values()
        result = {"entities": [{"name": e.name, "type": e.type, "aliases": e.aliases, "facts": len(e.facts),
                                "relations": len(e.relations), "file": e.path}
                               for e in sorted(entities, key=lambda e: e.name.casefold())]}
        text = "\n".join(f"- {e['name']} ({e['type']}): {e['facts']} facts, {e['relations']} relations"
                         for e in result["entities"]) or "The graph is empty."
    if args.json:
        cli.print_json(result)
    else:
        print(text)


def render_entity(entity: dict) -> str:
    from hippocampus.recall.context import defuse
    lines = [f"{entity['name']} ({entity['type']})" + (f", also {', '.join(entity['aliases'])}" if entity["aliases"] else "")]
    lines += [f"  fact: {defuse(f)}" for f in entity["facts"]]
    lines += [f"  {r['relation']} -> {r['name']}" for r in entity["outgoing"]]
    lines += [f"  <- {r['name']} {r['relation']}" for r in entity["incoming"]]
    lines += [f"  memory {m['id']} ({(m.get('created') or '')[:10]}): {defuse(m['content'], 200)}" for m in entity["memories"]]
    return "\n".join(lines)


if __name__ == "__main__":
    cli.run(main)

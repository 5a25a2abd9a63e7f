"""An entity as an agent asks for it: its facts, its relations both ways, and
the memories that mention it (found by recall, checked by the graph's matcher)."""

from __future__ import annotations

from ..store.graph import Graph
from .search import Filters, recall


def show(workspace, name: str, limit: int = 10) -> dict:
    """An entity with its facts, relations both ways, and the memories that mention it."""
    graph = Graph.load(workspace)
    entity = graph.find(name)
    outgoing = [{"relation": r, "slug": t, "name": graph.entities[t].name if t in graph.entities else t}
                for r, t in entity.relations]
    incoming = [{"relation": r, "slug": s, "name": graph.entities[s].name} for r, s in graph.incoming(entity.slug)]
    query = " ".join(entity.names())
    hits = recall(workspace, query, top=limit * 3, filters=Filters())
    match = graph.matcher()
    memories = [{"id": h["id"], "content": h["content"], "created": h.get("created")} for h in hits
                if entity.slug in match(h["content"])][:limit]
    return {**entity.as_dict(), "outgoing": outgoing, "incoming": incoming, "memories": memories}

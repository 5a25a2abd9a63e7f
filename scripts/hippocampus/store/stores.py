"""Where each store keeps its memories, and writing a memory to its home.

    semantic    memory/<domain>/<slug>-<id>.md     one file per memory
    procedural  memory/procedures/<slug>.md        a titled workflow with steps
    vault       memory/vault/<slug>.md             pinned: never decays
    episodic    memory/episodes/YYYY-MM-DD.md      appended to the day's log

The folder decides the store: a file a person moves into vault/ is pinned. A memory that is
not live (forgotten, archived, superseded) keeps its file under hippocampus/archive/<folder>/
(the transaction moves it there, and back: Transaction._place).
"""

from __future__ import annotations

from ..base.paths import MEMORY, STORE_FOLDERS
from ..text.textutil import slugify

FOLDER_OF_STORE = {store: folder for folder, store in STORE_FOLDERS.items()}


def store_of_path(path: str) -> str:
    parts = path.split("/")
    return STORE_FOLDERS.get(parts[-2], "semantic") if len(parts) >= 3 else "semantic"


def write_home(tx, memory: dict) -> str:
    """Write `memory` to its store's home through `tx`; returns the path."""
    store = memory.get("store", "semantic")
    if store == "episodic":
        return tx.append_episode(memory)
    if store == "semantic":
        path = f"{MEMORY}/{memory['domain']}/{slugify(memory['content'])}-{memory['id']}.md"
    else:
        source = memory.get("title") or memory["content"]
        path = free_name(tx, f"{MEMORY}/{FOLDER_OF_STORE[store]}", slugify(source), memory["id"])
    tx.write_memory_file(memory, path)
    return path


def free_name(tx, folder: str, slug: str, memory_id: str) -> str:
    """folder/slug.md, or folder/slug-<id>.md when that name is taken."""
    path = f"{folder}/{slug}.md"
    if path in tx.files or (tx.workspace.root / path).exists():
        path = f"{folder}/{slug}-{memory_id}.md"
    return path


def procedure_text(title: str, text: str | None, steps: list[str] | None) -> str:
    """The body of a procedure: its title as a heading, then its steps as a list."""
    lines = [f"# {title.strip()}", ""]
    if text and text.strip():
        lines.append(text.strip())
    if steps:
        if text and text.strip():
            lines.append("")
        lines += [f"{number}. {step.strip()}" for number, step in enumerate(steps, start=1) if step.strip()]
    return "\n".join(lines).strip()

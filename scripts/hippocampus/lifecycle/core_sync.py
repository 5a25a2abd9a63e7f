"""sync_core: HIPPOCAMPUS_CORE.md and the core section of MEMORY.md, committed when they change.

The files are also kept level by every change that moves what core holds
(store/core.py, `refresh`); this writes them when they are missing, and
after a change of settings or days of fading."""

from __future__ import annotations

from ..store.core import CORE_FILE, MEMORY_FILE, core_files
from ..store.workspace import Workspace

__all__ = ["CORE_FILE", "MEMORY_FILE", "core_files", "sync_core"]


def sync_core(workspace: Workspace, budget: int | None = None) -> dict:
    with workspace.transaction("system:sync-core", "sync-core") as tx:
        tx.core_rendered = True
        files, info, section_info = core_files(tx, budget, with_info=True)
        changed = []
        for path, data in files.items():
            if tx.current_bytes(path) != data:
                tx.write_file(path, data)
                changed.append(path)
        if changed:
            tx.summary = (f"core memory now shows {info['shown']} memories ({info['leftOut']} left out); "
                          f"MEMORY.md section {section_info['shown']} ({section_info['leftOut']} left out)")
    return {"file": str(workspace.root / CORE_FILE), "changed": bool(changed), "files": changed, **info,
            "memoryMd": {"file": str(workspace.root / MEMORY_FILE), **section_info}}

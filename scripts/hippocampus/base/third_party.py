"""PyYAML and python-frontmatter, loaded where a script needs them.

SKILL.md runs the scripts as `python3 -S scripts/X.py`: Python then starts
without site-packages, whose .pth files may import whole packages at every
start (on the machine benchmarked, certifi: 30 ms of a 45 ms start). The hot
paths need only the standard library; the few that read YAML (a hand-edited
config.yaml, a memory file's frontmatter, the graph) add site-packages here,
as Python would have at start, the first time they need them.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from ..errors import WorkspaceError


_site_added = False
PACKAGES = {"yaml": "pyyaml", "frontmatter": "python-frontmatter"}


def load(name: str) -> ModuleType:
    """Import a module installed in site-packages ("yaml", "frontmatter"),
    under `python3 -S` too; WorkspaceError (exit 3) when it is not installed."""
    global _site_added
    try:
        return importlib.import_module(name)
    except ImportError:
        if sys.flags.no_site and not _site_added:
            import site
            site.main()  # what Python does at start without -S: site-packages, user site, .pth files
            _site_added = True
            return load(name)
        raise WorkspaceError(f"the Python package {PACKAGES.get(name, name)} is not installed for "
                             f"{sys.executable}: run install.sh (or pip install -r requirements.txt)") from None

"""hippocampus: a memory organ for AI agents, over plain files and git.

Content lives in markdown; state lives in memory/index.json; every change is a
git commit. Scripts in ../ are thin wrappers over the modules here.
"""

__version__ = "2.0.0"
INDEX_VERSION = 2

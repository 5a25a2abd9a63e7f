"""Storage: the workspace, its one transaction, memory files, episode logs, the index, locks, git and audit."""

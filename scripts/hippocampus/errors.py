"""The few typed errors the library raises; cli.py maps them to exit codes."""


class HippocampusError(Exception):
    """Base class: a problem the user can act on, reported as one line."""

    exit_code = 1


class UsageError(HippocampusError):
    """Bad input: arguments, values, content. Exit 1."""

    exit_code = 1


class NotFound(HippocampusError):
    """A memory id (or other named thing) does not exist. Exit 2."""

    exit_code = 2


class WorkspaceError(HippocampusError):
    """Workspace missing, uninitialised, corrupt, locked too long, disk full. Exit 3."""

    exit_code = 3

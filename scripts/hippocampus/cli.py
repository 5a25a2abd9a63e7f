"""Shared command-line plumbing: parsing, the clock, output, and exit codes.

Exit codes: 0 ok, 1 bad input, 2 not found, 3 workspace problem (missing,
corrupt, locked too long, disk full), 4 internal error (a bug: please report),
130 interrupted (Ctrl-C: the line says whether a change was kept, base/interrupts.py).
Every failure is one line on stderr; set HIPPOCAMPUS_DEBUG=1 for a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime, timezone
from pathlib import Path

from .errors import HippocampusError, NotFound, UsageError  # noqa: F401 (NotFound: for scripts)
from .text.textutil import clean_text, decode_bytes, one_line


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, told the terminal's width instead of importing shutil to
    ask for it. argparse builds a formatter for every add_argument, and shutil (which
    brings bz2, lzma and zlib) cost every script ~3 ms of start-up for help text that
    is almost never printed."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


def terminal_columns() -> int:
    """What shutil.get_terminal_size() says: $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


json_output = False  # the script was asked for --json: no progress line (progress.py reads this)
one_shot = False  # cli.run, not resident: the process ends by os._exit (base/exiting.py reads this)


class Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as UsageError (exit 1), not exit 2."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def parse_known_args(self, args=None, namespace=None):
        global json_output
        namespace, extras = super().parse_known_args(args, namespace)
        json_output = bool(getattr(namespace, "json", False))  # the outermost parser answers last
        return namespace, extras

    def error(self, message: str):
        raise UsageError(f"{message} (see --help)")


def parser(prog: str, description: str, *, json_flag: bool = True) -> Parser:
    p = Parser(prog=prog, description=description,
               epilog="Exit codes: 0 ok, 1 bad input, 2 not found, 3 workspace problem. "
                      "Environment: WORKSPACE (default: OpenClaw's workspace, from its config), HIPPOCAMPUS_NOW "
                      "(ISO time), HIPPOCAMPUS_AGENT (the acting agent, default main), HIPPOCAMPUS_OPENCLAW_AGENT.")
    p.add_argument("--workspace", metavar="DIR", help="workspace folder (default: $WORKSPACE, else the workspace "
                   "OpenClaw's config gives the agent: agents.defaults.workspace, ~/.openclaw/workspace)")
    p.add_argument("--agent", metavar="ID", dest="openclaw_agent", default=None,
                   help="OpenClaw agent whose workspace (agents.entries.ID.workspace) and sessions are used "
                        "(default: $HIPPOCAMPUS_OPENCLAW_AGENT, else OpenClaw's default agent)")
    p.add_argument("--actor", metavar="NAME", help="who is acting (default: $HIPPOCAMPUS_AGENT or main); "
                   "any actor reads, only main writes: another actor's remember becomes a proposal")
    if json_flag:
        p.add_argument("--json", action="store_true", help="print machine-readable JSON")
    return p


def common_options(child: argparse.ArgumentParser) -> None:
    """--workspace, --actor and --json on a subcommand too (review.py approve 3 --json),
    without a subcommand's defaults overwriting what was given before it."""
    child.add_argument("--workspace", metavar="DIR", default=argparse.SUPPRESS, help="workspace folder")
    child.add_argument("--actor", metavar="NAME", default=argparse.SUPPRESS, help="who is acting")
    child.add_argument("--agent", metavar="ID", dest="openclaw_agent", default=argparse.SUPPRESS,
                       help="OpenClaw agent whose workspace and sessions are used")
    child.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print machine-readable JSON")


class Commands:
    """A script's subcommands (review.py list|approve|reject): each takes the common
    options, and parse() insists that one is named."""

    def __init__(self, p: Parser):
        self.p = p
        self.names: list[str] = []
        self.sub = p.add_subparsers(dest="command", parser_class=Parser)

    def add(self, name: str, help: str) -> argparse.ArgumentParser:
        child = self.sub.add_parser(name, help=help)
        common_options(child)
        self.names.append(name)
        self.sub.metavar = "|".join(self.names)
        return child

    def parse(self, argv):
        args = self.p.parse_args(argv)
        if not args.command:
            raise UsageError(f"say {', '.join(self.names[:-1])} or {self.names[-1]} (see --help)")
        return args


def _bounded(kind, low, high, describe: str):
    def shown(bound) -> str:  # 1,000,000 rather than 1e+06
        return f"{bound:,}" if isinstance(bound, int) else f"{bound:g}"

    def convert(text: str):
        expected = f"expected {describe} from {shown(low)} to {shown(high)}, got {text[:20]!r}"
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(expected) from None
        if value != value or not low <= value <= high:  # NaN fails both comparisons
            raise argparse.ArgumentTypeError(expected)
        return value + 0  # -0 is 0
    return convert


def bounded_int(low: int, high: int):
    return _bounded(int, low, high, "a whole number")


def bounded_float(low: float, high: float):
    return _bounded(float, low, high, "a number")


def now() -> datetime:
    """HIPPOCAMPUS_NOW (ISO date or datetime) when set, else the system clock."""
    from .text.timeutil import parse_time

    value = os.environ.get("HIPPOCAMPUS_NOW")
    if value:
        return parse_time(clean_text(value), "HIPPOCAMPUS_NOW")
    return datetime.now(timezone.utc).replace(microsecond=0)


def default_workspace(agent: str | None = None) -> Path:
    """$WORKSPACE (no file read), else the workspace OpenClaw's config gives the agent (openclaw_config)."""
    env = os.environ.get("WORKSPACE")
    if env:
        return Path(env).expanduser()
    from .hosts.openclaw_config import agent_id, workspace
    return workspace(agent_id(agent))


def workspace_root(args) -> Path:
    if getattr(args, "workspace", None):
        return a_folder(Path(clean_text(args.workspace)).expanduser())
    agent = getattr(args, "openclaw_agent", None)
    return a_folder(default_workspace(clean_text(agent) if agent else None))


def a_folder(root: Path) -> Path:
    """`root`, or WorkspaceError (exit 3) when it, or a folder on its way to it, is a file: taken for
    a workspace not made yet, it would send every script to init.py, which then fails. One stat."""
    import stat
    from .errors import WorkspaceError
    try:
        mode = os.stat(root).st_mode
    except NotADirectoryError:  # a part of the path is a file
        part = next((p for p in reversed(root.parents) if os.path.exists(p) and not os.path.isdir(p)), None)
        if part is None:
            return root
        raise WorkspaceError(f"{part} is a file, not a folder (on the way to the workspace {root}); "
                             "name a folder with --workspace DIR or $WORKSPACE") from None
    except (OSError, ValueError):  # not there yet (init.py makes it), or not ours to look at
        return root
    if stat.S_ISDIR(mode):
        return root
    kind = "a file, not a folder" if stat.S_ISREG(mode) else "not a folder"
    raise WorkspaceError(f"{root} is {kind}: the workspace is the folder that holds the memories; "
                         "name a folder with --workspace DIR or $WORKSPACE")


def openclaw_sessions(args) -> Path:
    """The OpenClaw agent's transcript folder: <state dir>/agents/<--agent, $HIPPOCAMPUS_OPENCLAW_AGENT,
    $AGENT_ID or main>/sessions."""
    from .hosts.openclaw_config import agent_id, state_dir

    agent = getattr(args, "openclaw_agent", None)
    agent = agent_id(clean_text(agent) if agent else None) or agent_id(os.environ.get("AGENT_ID")) or "main"
    return state_dir() / "agents" / agent / "sessions"


def agent(args) -> str:
    """Who is acting: --actor, else $HIPPOCAMPUS_AGENT, else main (actors.resolve)."""
    from .base.actors import resolve

    return resolve(clean_text(getattr(args, "actor", None) or os.environ.get("HIPPOCAMPUS_AGENT") or ""))


def open_workspace(args):
    from .store.workspace import Workspace

    actor = agent(args)
    workspace = Workspace.open(workspace_root(args), now())
    workspace.agent = actor
    workspace.views_after_purge.append(rebuild_dashboard)
    return workspace


def rebuild_dashboard(workspace) -> None:
    """After a purge: brain-dashboard.html, if one was written, without the memory's words."""
    from .hosts.dashboard import rebuild_after_purge

    rebuild_after_purge(workspace)


def read_text(value: str) -> str:
    """The argument itself, or stdin when it is '-'."""
    if value == "-":
        return decode_bytes(sys.stdin.buffer.read())
    return clean_text(value)


def read_file_or_stdin(value: str) -> str:
    if value == "-":
        return decode_bytes(sys.stdin.buffer.read())
    path = Path(clean_text(value)).expanduser()
    try:
        return decode_bytes(path.read_bytes())
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise UsageError(f"{path} is a folder, not a file") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None


def recall_filters(args, filters_class):
    """Validated filter flags shared by recall-like scripts."""
    from .base.model import check_category, check_domain, check_store
    from .base.config import STATUSES

    status = getattr(args, "status", None)
    if status and status not in STATUSES:
        raise UsageError(f"unknown status {status[:40]!r}: choose one of {', '.join(STATUSES)}")
    since = _bound(args.since, "--since", start=True) if getattr(args, "since", None) else None
    until = _bound(args.until, "--until", start=False) if getattr(args, "until", None) else None
    if since and until and since > until:  # an empty range is a mistake, not "nothing found"
        raise UsageError(f"--since {args.since.strip()[:40]} is after --until {args.until.strip()[:40]}: "
                         "no memory can match")
    return filters_class(
        domain=check_domain(args.domain) if args.domain else None,
        category=check_category(args.category) if args.category else None,
        store=check_store(args.store) if getattr(args, "store", None) else None,
        status=status, since=since, until=until, include_archived=args.include_archived)


def _bound(text: str, flag: str, *, start: bool) -> datetime:
    """--since/--until: an ISO date or time, or a relative date as of now
    ("yesterday", "3 days ago", "last week": --since its start, --until its end).
    --until 2026-03-10 means through the end of that day."""
    from datetime import timedelta

    from .text.timeparse import relative_period
    from .text.timeutil import parse_time

    text = clean_text(text)
    period = relative_period(text, now())
    if period:
        return period[0] if start else period[1] - timedelta(seconds=1)
    try:
        moment = parse_time(text, flag)
    except UsageError:
        raise UsageError(f"{flag}: not a date: {text.strip()[:60]!r} (an ISO date or time such as 2026-03-10, "
                         "or yesterday, today, 3 days ago, last week, last month, on Monday, in June)") from None
    return moment + timedelta(days=1, seconds=-1) if not start and len(text.strip()) == 10 else moment


def print_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def run(main, exit_code: int | None = None, resident: bool = False) -> None:
    """Call main(argv); map errors to one stderr line and an exit code (`exit_code`: this one
    whatever happens, as a host's hook must never fail the host's session). `resident`: a
    server that runs until its client leaves, which frees what it drops (base/exiting.py)."""
    global one_shot
    from .base import interrupts
    one_shot = not resident  # what the last transaction held is left to the process's end (base/exiting.py)
    interrupts.answering()  # from here a Ctrl-C is one line naming what it left, never a traceback
    prog = os.path.basename(sys.argv[0])
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    debug = bool(os.environ.get("HIPPOCAMPUS_DEBUG"))
    try:
        try:
            code = main(sys.argv[1:]) or 0
            sys.stdout.flush()
        finally:  # a progress line left showing is wiped: an error line starts on a line of its own
            interrupts.ending()  # the work is over: a Ctrl-C now cuts no line short
            progress = sys.modules.get("hippocampus.base.progress")  # loaded by a long job only
            if progress is not None:
                progress.clear()
    except HippocampusError as exc:
        if debug:
            raise
        print(f"{prog}: error: {one_line(clean_text(str(exc)), 500)}", file=sys.stderr)
        code = exc.exit_code
    except KeyboardInterrupt:  # a change is answered before its commit or once it has finished, never between
        print(f"{prog}: {interrupts.outcome()}", file=sys.stderr)
        code = 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        code = 0
    except OSError as exc:
        if debug:
            raise
        from .base.fsutil import workspace_error_for
        print(f"{prog}: error: {workspace_error_for(exc, exc.filename or 'the workspace')}", file=sys.stderr)
        code = 3
    except Exception as exc:  # a bug: still one line, never a traceback for the user
        if debug:
            raise
        print(f"{prog}: internal error: {type(exc).__name__}: {one_line(clean_text(str(exc)), 300)} "
              f"(set HIPPOCAMPUS_DEBUG=1 for details)", file=sys.stderr)
        code = 4
    # The process ends here, and its objects with it: not freed one by one by the interpreter's
    # finalisation (a process still holding 100,000 parsed memories: ~0.2 s), nor searched for
    # reference cycles once more (~4-5 ms of every call). What we write is written and closed, the
    # cache's changes committed, our threads and reader processes waited for, before this point;
    # no atexit hook of ours exists. Only the standard streams are left to flush.
    if not isinstance(code, int):  # (what sys.exit would do with it)
        print(code, file=sys.stderr)
        code = 1
    if exit_code is not None:
        code = exit_code
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)

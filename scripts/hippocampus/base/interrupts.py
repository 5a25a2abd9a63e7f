"""Ctrl-C (SIGINT) and a change being committed: once the commit exists, the
change exists.

A change is answered at one of two moments, never in between: before its
branch moves (the change is taken back whole: "interrupted: nothing changed")
or once it has finished, its derived steps included (the search cache, the
pending note: "interrupted: kept ..."). `guard()` is opened around a commit;
from `hold()` on (just before the branch moves, and while a failed change is
taken back) a Ctrl-C is noted and answered when the outermost guard ends;
`check()` at that last moment answers one noted before it. Within a guard at
most one KeyboardInterrupt is raised: a second Ctrl-C while the first is being
answered (a rollback under way) waits too.

A script starts with `quiet_while_starting()`: a Ctrl-C while it imports ends
it quietly, as the signal does (nothing has been read or written yet);
`cli.run` then answers Ctrl-C itself (`answering()`). A script started with
Ctrl-C ignored (a background job) keeps ignoring it. Only the main thread
sees signals: elsewhere (an MCP server's worker) these calls change nothing.
"""

from __future__ import annotations

import _signal as signal  # the C module: `signal` imports enum, ~5 ms of a start a Ctrl-C would cut into
import _thread

_depth = 0            # guards open in the owning (main) thread
_owner: int | None = None
_swapped = False      # the outermost guard installed _on_sigint (and puts back the default)
_holding = False      # past the point of no return: a Ctrl-C waits for the guard's end
_pending = False      # a Ctrl-C noted, not answered yet
_raised = False       # a KeyboardInterrupt is on its way: later ones wait
_committed: list[str] = []  # what this process committed (audit.record), for the message
_committed_count = 0
_KEEP = 5


def _on_sigint(_signum, frame) -> None:
    global _pending, _raised
    if _holding or _raised:
        _pending = True
        return
    if frame is not None and (frame.f_code.co_filename.startswith("<frozen ") or frame.f_code.co_name == "__del__"):
        # inside the import machinery (its weak-reference callbacks) or a finaliser an exception
        # is printed and lost ("Exception ignored in ..."): the signal is given again, to be
        # answered at the next step outside them
        signal.raise_signal(signal.SIGINT)
        return
    _raised = True
    raise KeyboardInterrupt


def quiet_while_starting() -> None:
    """The first thing a script does: until cli.run begins, a Ctrl-C ends it
    as the signal does, with no traceback."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, signal.SIG_DFL)


def answering() -> None:
    """cli.run, as the work begins: a Ctrl-C raises KeyboardInterrupt, once
    (a second one while the first is answered waits), and guards hold it."""
    if signal.getsignal(signal.SIGINT) in (signal.SIG_DFL, signal.default_int_handler):
        try:
            signal.signal(signal.SIGINT, _on_sigint)
        except ValueError:  # not the main thread
            pass


def ending() -> None:
    """cli.run, once the work is over (done or failed): a Ctrl-C from now on
    is ignored, so that the last line is printed whole and the exit code stands."""
    global _raised
    _raised = True
    if signal.getsignal(signal.SIGINT) is _on_sigint:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class ignored:
    """A Ctrl-C ignored, not noted, while a child is started that must never
    get one (shielded git: it inherits the ignoring, and leaves our process
    group before it runs; in between, a Ctrl-C sent to the group would reach
    it). Only where the change is held already, so nothing is lost to it."""

    def __enter__(self) -> "ignored":
        self.previous = None
        if _mine():
            self.previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        return self

    def __exit__(self, *_exc) -> bool:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
        return False


class briefly:
    """A few steps a Ctrl-C must not cut in two (starting the thread that
    writes a change's files and keeping its handle: interrupted between the
    two, it would go on writing behind the rollback's back). One that comes
    meanwhile is answered right after them, or at the guard's end when the
    guard is holding already."""

    def __enter__(self) -> "briefly":
        self.was_holding = _holding
        hold()
        return self

    def __exit__(self, kind, _value, _traceback) -> bool:
        global _holding
        if _mine() and not self.was_holding:
            _holding = False
            if kind is None:
                check()
        return False


class guard:
    """Around a commit: see the module's docstring."""

    def __enter__(self) -> "guard":
        global _depth, _owner, _swapped
        me = _thread.get_ident()
        import threading
        if me != threading.main_thread().ident:  # signals reach the main thread only (an MCP server's worker)
            self.active = False
            return self
        if _depth:
            if me == _owner:
                _depth += 1
                self.active = True
            else:
                self.active = False
            return self
        current = signal.getsignal(signal.SIGINT)
        swap = current is signal.default_int_handler
        if not (swap or current is _on_sigint):
            self.active = False  # ignored, or someone else's handler: theirs to answer
            return self
        if swap:
            try:
                signal.signal(signal.SIGINT, _on_sigint)
            except ValueError:  # not the main thread
                self.active = False
                return self
        _depth, _owner, _swapped = 1, me, swap
        self.active = True
        return self

    def __exit__(self, kind, _value, _traceback) -> bool:
        global _depth, _owner, _holding, _pending, _raised, _swapped
        if not self.active:
            return False
        _depth -= 1
        if _depth:
            return False
        _owner, _holding = None, False
        waiting, _pending = _pending, False
        if _swapped:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            _swapped = False
            if kind is None and waiting and not _raised:
                raise KeyboardInterrupt
            _raised = False  # (a library caller may catch it and go on)
            return False
        if kind is None and waiting and not _raised:
            _raised = True
            raise KeyboardInterrupt
        return False


def _mine() -> bool:
    return _depth > 0 and _owner == _thread.get_ident()


def hold() -> None:
    """From here the change finishes: a Ctrl-C waits for the outermost guard's end."""
    global _holding
    if _mine():
        _holding = True


def check() -> None:
    """The last moment a Ctrl-C stops the change: one noted before it is answered now."""
    global _pending, _raised
    if _mine() and _pending:
        _pending = False
        if not _raised:
            _raised = True
            raise KeyboardInterrupt


def note_committed(action: str, ids: list[str]) -> None:
    """A commit landed (audit.record): a later Ctrl-C's message names it."""
    global _committed_count
    _committed_count += 1
    shown = ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
    _committed.append(f"{action} {shown}" if shown else action)
    del _committed[:-_KEEP]


def outcome() -> str:
    """What a Ctrl-C left: "interrupted: nothing changed", or what was kept."""
    if not _committed_count:
        return "interrupted: nothing changed"
    earlier = _committed_count - len(_committed)
    more = f" (and {earlier} earlier changes)" if earlier else ""
    return f"interrupted: kept what was committed: {'; '.join(_committed)}{more}"

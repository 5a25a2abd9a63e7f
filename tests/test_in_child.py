"""fsutil.InChild: work handed to a forked child (the full look's listing of every memory file,
beside the main thread's reading of every memory), its result back through a pipe, and the ways
it falls back: a thread where another thread runs, the work done here where the child fails."""

import os
import threading

import pytest

from hippocampus.base.fsutil import InChild
from hippocampus.base.paths import WorkspacePaths
from hippocampus.store import reconcile


def _where(tag):
    return {"pid": os.getpid(), "thread": threading.get_ident(), "tag": (tag, 1.5, None, b"x")}


def test_the_work_runs_in_a_child_and_its_result_comes_back():
    result = InChild(_where, "a").wait()
    assert result["pid"] != os.getpid() and result["tag"] == ("a", 1.5, None, b"x")


def test_with_another_thread_running_the_work_runs_on_a_thread_instead():
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        result = InChild(_where, "b").wait()
    finally:
        stop.set()
        other.join()
    assert result["pid"] == os.getpid() and result["thread"] != threading.get_ident()


def test_a_child_that_fails_is_done_again_here_and_fails_here():
    calls = []

    def fails_in_the_child(parent: int):
        calls.append(os.getpid())
        if os.getpid() != parent:
            raise OSError("the child's listing failed")
        return "done here"

    assert InChild(fails_in_the_child, os.getpid()).wait() == "done here"
    assert calls == [os.getpid()]  # (the child's call was in the child: only this one is seen here)

    def always_fails():
        raise ValueError("no listing")

    with pytest.raises(ValueError, match="no listing"):
        InChild(always_fails).wait()


def test_a_listing_in_a_child_is_the_listing_here(ws):
    for n in range(30):
        ws.remember(f"Fact number {n} about the harbour office", now="2026-03-01T10:00:00Z")
    (ws.store / "world" / "dropped by hand.md").write_text("A note dropped by hand\n", encoding="utf-8")
    os.symlink("/etc/hostname", ws.store / "world" / "a-link.md")
    os.mkfifo(ws.store / "world" / "a-pipe.md")
    paths = WorkspacePaths(ws.root)
    listed = InChild(reconcile.list_memory_files, paths).wait()
    assert listed == reconcile.list_memory_files(paths)
    assert sum(1 for path in listed if not path.endswith("/")) == 31  # no link, no pipe


def _sleeps(seconds):
    import time
    time.sleep(seconds)
    return "woke"


def test_a_discarded_child_is_ended_and_reaped_at_once():
    """The caller failed meanwhile (consolidate's planning beside its clustering): the child is killed,
    not waited for, and leaves no zombie; its work is not done again here."""
    import time
    started = time.monotonic()
    child = InChild(_sleeps, 30)
    pid = child._pid
    assert pid is not None
    child.discard()
    assert time.monotonic() - started < 10
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped: no such child of ours any more


def test_an_interruption_while_waiting_is_what_is_raised_and_the_child_is_reaped():
    """A Ctrl-C (here: an alarm whose handler raises) while the parent waits for the child: the
    interruption itself reaches the caller, the child is killed and reaped, and a discard after it
    (consolidate's failure path) does nothing: no signal to a number that may be another process's
    by then, no descriptor closed twice."""
    import signal

    class Interrupted(Exception):
        pass

    def interrupt(_signum, _frame):
        raise Interrupted

    before = signal.signal(signal.SIGALRM, interrupt)
    try:
        child = InChild(_sleeps, 30)
        pid = child._pid
        assert pid is not None
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(Interrupted):
            child.wait()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    child.discard()  # (again: nothing)

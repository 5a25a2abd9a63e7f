"""Run a command for watch.py: its argv as given (never through a shell), its
output passed through to ours unchanged as it comes, the last bytes of each
stream kept for the error memory.

The command's standard input is ours. Its output goes through pipes, so a
program that colours only for a terminal prints plain text here. Ctrl-C
reaches the command (it shares our process group) and we wait for it to end;
a SIGTERM or SIGHUP sent to us is passed to it. Once it has ended, what is
still in the pipes is read for up to 2 s: a process it left running in the
background that holds them open is not waited for. When our own reader goes
away (watch.py -- CMD | head), that stream's pipe is closed, so the command
meets a closed pipe as it would in the shell's pipeline (SIGPIPE) instead of
writing into ours for ever.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time

TAIL_BYTES = 64 * 1024  # of each stream, for the error's last lines
DRAIN_SECONDS = 2.0  # after the command ended, for its output still in the pipes
FORWARDED = ("SIGTERM", "SIGHUP")  # what we are sent, the command is sent too (Ctrl-C reaches it itself)


class Outcome:
    def __init__(self, code: int, signal: int | None = None, not_found: bool = False, reason: str = ""):
        self.code, self.signal, self.not_found, self.reason = code, signal, not_found, reason
        self.stdout_tail = b""
        self.stderr_tail = b""
        self.reader_gone = False  # our stdout or stderr was closed by whoever read it

    @property
    def failed(self) -> bool:
        return self.code != 0

    def output(self) -> str:
        """The error's words: what it wrote on stderr, else on stdout."""
        data = self.stderr_tail if self.stderr_tail.strip() else self.stdout_tail
        return data.decode("utf-8", "replace")


def _pump(source, sink, keep: bytearray, gone: list) -> None:
    while True:
        chunk = source.read1(65536) if hasattr(source, "read1") else source.read(65536)
        if not chunk:
            break
        keep += chunk
        if len(keep) > 2 * TAIL_BYTES:
            del keep[:-TAIL_BYTES]
        try:
            sink.write(chunk)
            sink.flush()
        except (BrokenPipeError, ValueError, OSError):
            gone.append(True)  # our reader went away: the command's next write meets a closed pipe, as in
            break              # the shell's pipeline, instead of writing into ours for ever
    source.close()


def _forward_signals(process) -> dict:
    import signal
    previous = {}
    for name in FORWARDED:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, lambda signum, _frame: _send(process, signum))
        except (ValueError, OSError):  # not the main thread
            pass
    return previous


def _send(process, signum) -> None:
    try:
        process.send_signal(signum)
    except (ProcessLookupError, OSError):
        pass


def _restore(previous: dict) -> None:
    import signal
    for number, handler in previous.items():
        try:
            signal.signal(number, handler)
        except (ValueError, OSError, TypeError):
            pass


def run(argv: list[str], stdout=None, stderr=None) -> Outcome:
    """Run `argv`; its exit code as a shell gives it (killed by signal N: 128+N; not
    found: 127; found but not runnable: 126)."""
    stdout = stdout or sys.stdout.buffer
    stderr = stderr or sys.stderr.buffer
    try:
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, shell=False)
    except FileNotFoundError:
        return Outcome(127, not_found=True, reason=f"command not found: {argv[0]}")
    except (PermissionError, OSError) as exc:
        return Outcome(126, reason=f"cannot run {argv[0]}: {exc.strerror or exc}")
    kept_out, kept_err, gone = bytearray(), bytearray(), []
    pumps = [threading.Thread(target=_pump, args=(process.stdout, stdout, kept_out, gone), daemon=True),
             threading.Thread(target=_pump, args=(process.stderr, stderr, kept_err, gone), daemon=True)]
    for pump in pumps:
        pump.start()
    forwarded = _forward_signals(process)
    try:
        while True:
            try:
                code = process.wait()
                deadline = time.monotonic() + DRAIN_SECONDS  # what is left in the pipes; a process it left
                for pump in pumps:  # running that holds them open (a server in the background) is not waited for
                    pump.join(max(0.0, deadline - time.monotonic()))
                break
            except KeyboardInterrupt:  # the command had its Ctrl-C too: its ending is what we report
                continue
    finally:
        _restore(forwarded)
    outcome = Outcome(128 - code, signal=-code) if code < 0 else Outcome(code)
    outcome.stdout_tail, outcome.stderr_tail = bytes(kept_out[-TAIL_BYTES:]), bytes(kept_err[-TAIL_BYTES:])
    outcome.reader_gone = bool(gone)
    return outcome

"""Run a command for watch.py: its argv as given (never through a shell), its
output passed through to ours unchanged as it comes, the last bytes of each
stream kept for the error memory.

The command's standard input is ours. Its output goes through pipes, so a
program that colours only for a terminal prints plain text here. Ctrl-C
reaches the command (it shares our process group) and we wait for it to end.
"""

from __future__ import annotations

import subprocess
import sys
import threading

TAIL_BYTES = 64 * 1024  # of each stream, for the error's last lines


class Outcome:
    def __init__(self, code: int, signal: int | None = None, not_found: bool = False, reason: str = ""):
        self.code, self.signal, self.not_found, self.reason = code, signal, not_found, reason
        self.stdout_tail = b""
        self.stderr_tail = b""

    @property
    def failed(self) -> bool:
        return self.code != 0

    def output(self) -> str:
        """The error's words: what it wrote on stderr, else on stdout."""
        data = self.stderr_tail if self.stderr_tail.strip() else self.stdout_tail
        return data.decode("utf-8", "replace")


def _pump(source, sink, keep: bytearray) -> None:
    while True:
        chunk = source.read1(65536) if hasattr(source, "read1") else source.read(65536)
        if not chunk:
            break
        try:
            sink.write(chunk)
            sink.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass  # our reader went away: the command runs on, its tail still kept
        keep += chunk
        if len(keep) > 2 * TAIL_BYTES:
            del keep[:-TAIL_BYTES]
    source.close()


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
    kept_out, kept_err = bytearray(), bytearray()
    pumps = [threading.Thread(target=_pump, args=(process.stdout, stdout, kept_out), daemon=True),
             threading.Thread(target=_pump, args=(process.stderr, stderr, kept_err), daemon=True)]
    for pump in pumps:
        pump.start()
    while True:
        try:
            code = process.wait()
            for pump in pumps:
                pump.join()
            break
        except KeyboardInterrupt:  # the command had its Ctrl-C too: its ending is what we report
            continue
    outcome = Outcome(128 - code, signal=-code) if code < 0 else Outcome(code)
    outcome.stdout_tail, outcome.stderr_tail = bytes(kept_out[-TAIL_BYTES:]), bytes(kept_err[-TAIL_BYTES:])
    return outcome

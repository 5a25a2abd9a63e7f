"""One progress line on stderr for the long jobs: count (of a total), rate, time left.

    from .progress import Progress, track
    for record in track(records, "remember"):    # a sized iterable: its total is known
        ...
    bar = Progress("preprocess", total=size, unit="bytes")
    bar.update(n)            # or bar.update(to=position)
    bar.done()               # (or: with Progress(...) as bar)

The line is shown only when stderr is a terminal, the script was not asked
for `--json`, `HIPPOCAMPUS_PROGRESS` is not `0` (or `off`, `no`, `false`),
and the job has run `HIPPOCAMPUS_PROGRESS_AFTER` seconds (default 1; a value
that is not a number of seconds counts as the default), so a short call
prints nothing. It is redrawn at most ten times a second, in place (`\\r`,
padded with spaces, never wider than the terminal), and wiped (`\\r`,
spaces, `\\r`) when the work ends, before anything else is printed:
`done()`, and `clear()`, which the transaction (before the script prints
what it did), `workspace.warn` and cli.run (before an error line) call when
this module is loaded.

Whether to show anything is decided once, on first use; when nothing is
shown, `track` hands back the iterable itself and `update` only counts. The
clock it reads is for the display only: nothing a job computes depends on it.

Only the long jobs import this module (bulk remember, import, import_notes,
consolidation, preprocess, encode, decay, and a search cache built from scratch
for 1,000 memories or more: a copy's or a clone's first recall), inside their
functions; recall and a single remember never load it otherwise. Once a job has loaded it, the transaction says what
it does after the job's own work: "decay: saving and committing", the files
it writes, counted ("remember: writing files 4,000/10,000", `step`), then
"updating the search cache" (`note`). One thread draws at a time (the
transaction's file writer draws while the main thread builds git objects,
which draws nothing).
"""

from __future__ import annotations

import os
import sys
import time

INTERVAL = 0.1  # seconds between redraws: at most ten a second
SETTLE = 0.5  # seconds of work before a rate and a time left are shown
STEP_AT_LEAST = 100  # items in a transaction's step (files written) worth counting
OFF = ("0", "off", "no", "false")

_screen: _Screen | None = None
_decided = False


class _Screen:
    """The terminal line this process writes: what is on it, and since when the job runs."""

    def __init__(self, stream, width: int, after: float):
        self.stream = stream
        self.width = width
        self.after = after
        self.origin = time.monotonic()
        self.shown = 0  # cells of text on the line now
        self.broken = False
        self.job = ""

    def due(self, now: float) -> bool:
        return not self.broken and now - self.origin >= self.after

    def show(self, label: str, figures: str = "") -> None:
        """`label` then `figures` on the line: a label too long is cut, not the figures."""
        from ..text.textutil import clean_text, one_line
        room = self.width - 1  # text in the last cell would wrap the line
        label = one_line(clean_text(label))
        text = _fit(_fit(label, max(room - _cells(figures), 12)) + figures, room)
        cells = _cells(text)
        self._write("\r" + text + " " * max(self.shown - cells, 0))
        self.shown = max(self.shown, cells)

    def clear(self) -> None:
        if self.shown:
            self._write("\r" + " " * self.shown + "\r")
            self.shown = 0

    def _write(self, text: str) -> None:
        if self.broken:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: stop drawing, never fail the job
            self.broken = True


def _screen_now() -> _Screen | None:
    """The terminal to draw on, or None; decided once."""
    global _screen, _decided
    if not _decided:
        _decided = True
        _screen = _open()
    return _screen


def _open() -> _Screen | None:
    if os.environ.get("HIPPOCAMPUS_PROGRESS", "").strip().lower() in OFF:
        return None
    if getattr(sys.modules.get("hippocampus.cli"), "json_output", False):
        return None
    stream = sys.stderr
    try:
        if stream is None or not stream.isatty():
            return None
        fd = stream.fileno()
    except (AttributeError, ValueError, OSError):
        return None
    try:
        width = os.get_terminal_size(fd).columns
    except OSError:
        width = 0
    try:
        after = float(os.environ.get("HIPPOCAMPUS_PROGRESS_AFTER", "1"))
    except ValueError:
        after = 1.0
    if not 0 <= after < float("inf"):  # NaN, negative, infinite: the default
        after = 1.0
    return _Screen(stream, width if width > 0 else 80, after)


def quiet() -> None:
    """This process shows nothing from now on (a forked child: its parent's line is the one shown)."""
    global _screen, _decided
    _decided, _screen = True, None


def enabled() -> bool:
    """Whether a line can be shown (for a job whose total costs work to count)."""
    return _screen_now() is not None


class Progress:
    """`update(n)` as the work advances, `done()` at its end (or use it as a context manager)."""

    def __init__(self, label: str, total: int | None = None, unit: str = "", *, share: bool = False):
        self.label = label
        self.total = total
        self.unit = unit
        self.share = share  # the count is of work, not of things: show the share done, not the count
        self.count = 0
        self._screen = _screen_now()
        if self._screen is not None:
            self._started = time.monotonic()
            self._next = 0.0
            if not self._screen.job:
                self._screen.job = label.split(":")[0]

    def update(self, n: int = 1, *, to: int | None = None) -> None:
        self.count = self.count + n if to is None else to
        if self._screen is not None:
            now = time.monotonic()
            if now >= self._next:
                self._next = now + INTERVAL
                if self._screen.due(now):
                    self._screen.show(self.label, self.line(now - self._started))

    def line(self, elapsed: float) -> str:
        """What follows the label after `elapsed` seconds: count/total, rate, time left."""
        count, total = self.count, self.total
        if total and self.share:
            parts = [f" {min(100, count * 100 // total)}%"]
        elif total:
            parts = [f" {_amount(count, self.unit)}/{_amount(total, self.unit)} "
                     f"({min(100, count * 100 // total)}%)"]
        else:
            parts = [f" {_amount(count, self.unit)}"]
        if elapsed >= SETTLE and count > 0:  # a rate from the first few items says little
            rate = count / elapsed
            if not self.share:
                parts.append(f"{_amount(rate, self.unit)}/s")
            if total and total > count:
                parts.append(f"{_duration((total - count) / rate)} left")
        return " · ".join(parts)

    def done(self) -> None:
        if self._screen is not None:
            self._screen.clear()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.done()


def track(iterable, label: str, total: int | None = None, unit: str = "", weight=None):
    """The items of `iterable`, counted on a progress line (its total: `total`, else its len).

    `weight(item)`: the work an item costs, for items of very different cost (blocks
    compared pair by pair: the square of their size); the line then shows the share
    of the work done and the time left. `iterable` must then be a collection (it is
    walked once more to add up the weights)."""
    if _screen_now() is None:
        return iterable
    if weight is not None:
        return _tracked(iterable, Progress(label, sum(map(weight, iterable)), share=True), weight)
    if total is None:
        try:
            total = len(iterable)
        except TypeError:
            pass
    return _tracked(iterable, Progress(label, total, unit))


def step(iterable, what: str, total: int):
    """`track` for a step of the job under way, labelled with the job's name;
    a step of fewer than STEP_AT_LEAST items is over before a line could say so."""
    screen = _screen_now()
    if screen is None or total < STEP_AT_LEAST:
        return iterable
    return track(iterable, f"{screen.job}: {what}" if screen.job else what, total)


def _tracked(iterable, bar: Progress, weight=None):
    try:
        for item in iterable:
            yield item
            bar.update(1 if weight is None else weight(item))
    finally:
        bar.done()


def note(what: str) -> None:
    """A line without a count, for a step after the counted work ("decay: saving and
    committing"); shown only once the job has run long enough; wiped by `clear`."""
    screen = _screen_now()
    if screen is not None and screen.due(time.monotonic()):
        screen.show(f"{screen.job}: {what}…" if screen.job else f"{what}…")


def clear() -> None:
    """Wipe whatever line is showing."""
    if _screen is not None:
        _screen.clear()


def _amount(value: float, unit: str) -> str:
    if unit == "bytes":
        for size, name in ((1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")):
            if value >= size:
                return f"{value / size:.1f} {name}"
        return f"{value:.0f} B"
    text = f"{value:,.0f}" if value >= 10 or value == int(value) else f"{value:.1f}"
    return f"{text} {unit}" if unit else text


def _duration(seconds: float) -> str:
    seconds = max(1, int(seconds + 0.5))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60}:{seconds % 60:02d}"
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def _cell(char: str) -> int:
    """Terminal cells a character takes: a combining mark none, a wide (CJK) one two."""
    import unicodedata
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def _cells(text: str) -> int:
    return sum(map(_cell, text))


def _fit(text: str, width: int) -> str:
    """`text` cut to `width` terminal cells, an ellipsis marking the cut."""
    if _cells(text) <= width:
        return text
    out, used = [], 0
    for char in text:
        used += _cell(char)
        if used > width - 1:
            break
        out.append(char)
    return "".join(out) + "…"

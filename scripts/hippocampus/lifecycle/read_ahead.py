"""Reading ahead: a bulk import's texts read on the machine's other cores while the writer stores them.

`remember.py --jsonl` spends most of its time reading texts, not storing them: redaction, the
statement reader, departures, the learned reading and the values named in passing, the guesses of
domain, category and keywords (references/performance.md, "Reading ahead"). Each of these is a
function of the text alone. Reader processes, forked from the writer once the records are parsed
(the same code, model and hash seed: the same readings), read the records in order, a window of
chunks ahead of the writer; the writer takes a record's readings (`Readings`) only where the text
they were read from is the text it is about to store (`Readings.of`), and reads for itself whatever
is missing: a record a reader refused (the writer refuses it, with its line number), a text the
writer changed first (a procedure, a context), a reader that failed.

A reader writes nothing: the texts travel to it by the fork and come back, redacted, through a pipe;
what is written is written by the one writer in its one transaction, as before. The readers ignore
Ctrl-C (the writer answers it) and end with the writer (`ReadAhead.close`, or their pipe closing).

`HIPPOCAMPUS_READERS`: how many reader processes (default: the cores this process may use; 0: the
writer reads everything itself, as a small import does, below `MIN_RECORDS`).
"""

from __future__ import annotations

import os
from collections import deque
from typing import NamedTuple

MIN_RECORDS = 400   # fewer: the readers' start (a fork each) is not worth it
CHUNK = 100         # records a reader reads per task
WINDOW = 6          # chunks in flight per reader: the readings held at most (memory stays bounded)


class Readings(NamedTuple):
    """What one record's text reads as (everything here is a function of `text` and `max_bytes`)."""
    text: str                 # the record's text as given
    max_bytes: int            # config's max_content_bytes it was checked against
    content: str              # prepare_content(text, max_bytes): cleaned and redacted
    folded: str               # textutil.fold(content)
    domain: str               # classify.guess_domain(content)
    category: str             # classify.guess_category(content)
    keywords: tuple           # classify.guess_keywords(content)
    signal: tuple             # scoring.signal_importance(content)
    statements: tuple         # supersession.statements(content[:2000])
    slot_keys: tuple          # supersession.keys(content)
    left: tuple               # departures.departures(content)
    keys: tuple               # readings.keys_of(content): what index.json carries for the text

    def of(self, text: str, max_bytes: int) -> Readings | None:
        """These readings, if they are of this text (else None: the writer reads it)."""
        return self if self.text == text and self.max_bytes == max_bytes else None

    def lend(self) -> None:
        """Put the readings the writer's deeper readers look up where they look (supersession's and
        departures' caches, fold's): each keyed by the very text it was read from."""
        from ..text import departures, supersession, textutil
        supersession.lend(self.content[:2000], self.statements, self.slot_keys)
        departures.lend(self.content, self.left)
        textutil.lend_fold(self.content, self.folded)


def read(text, max_bytes: int) -> Readings | None:
    """One record's readings, or None when the writer would refuse it (it says why, with the line)."""
    from ..errors import UsageError
    from ..base.scoring import signal_importance
    from ..store.readings import keys_of
    from ..text.classify import guess_category, guess_domain, guess_keywords
    from ..text.departures import departures
    from ..text.supersession import keys as slot_keys, statements
    from ..text.textutil import fold
    from .content import prepare_content
    try:
        content = prepare_content(text, max_bytes)
    except UsageError:
        return None
    return Readings(text, max_bytes, content, fold(content), guess_domain(content), guess_category(content),
                    tuple(guess_keywords(content)), tuple(signal_importance(content)),
                    tuple(statements(content[:2000])), tuple(slot_keys(content)), tuple(departures(content)),
                    tuple(keys_of(content)))


_TEXTS: list = []   # the records' texts, in a reader: given by the fork
_MAX_BYTES = 0


def _read_chunk(start: int, end: int) -> list:
    out = []
    for text in _TEXTS[start:end]:
        try:
            out.append(read(text, _MAX_BYTES))
        except Exception:  # (a reader's failure: the writer reads the text itself, and says what fails)
            out.append(None)
    return out


def _quiet() -> None:
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the writer answers a Ctrl-C, and ends its readers


def readers() -> int:
    """How many reader processes (HIPPOCAMPUS_READERS, else the cores this process may use)."""
    value = os.environ.get("HIPPOCAMPUS_READERS", "").strip()
    if value:
        try:
            return max(0, min(int(value), 64))
        except ValueError:
            pass  # (not a number: as if unset)
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class ReadAhead:
    """`ahead(position)`: the readings of the record at `position` (asked in order, 0, 1, 2, ...), or
    None where the writer reads for itself."""

    def __init__(self, texts: list, max_bytes: int, workers: int | None = None):
        self.count = len(texts)
        workers = readers() if workers is None else workers
        self.pool = None
        self.pending: deque = deque()
        self.next_chunk = 0
        self.current: list = []
        self.current_start = 0
        if workers <= 0 or self.count < MIN_RECORDS:
            return
        global _TEXTS, _MAX_BYTES
        _TEXTS, _MAX_BYTES = texts, max_bytes
        try:
            import multiprocessing
            self._warm()  # (loaded once, before the fork: every reader shares it)
            self.pool = multiprocessing.get_context("fork").Pool(workers, initializer=_quiet)
        except (ImportError, ValueError, OSError):
            self.pool = None  # (no fork here, no processes left: the writer reads)
        if self.pool is not None:
            self.window = workers * WINDOW
            self._fill()

    @staticmethod
    def _warm() -> None:
        from ..text.slot_model import model
        model()

    def _fill(self) -> None:
        while len(self.pending) < self.window and self.next_chunk * CHUNK < self.count:
            start = self.next_chunk * CHUNK
            self.pending.append((start, self.pool.apply_async(_read_chunk, (start, min(start + CHUNK, self.count)))))
            self.next_chunk += 1

    def __call__(self, position: int) -> Readings | None:
        if self.pool is None:
            return None
        offset = position - self.current_start
        while not 0 <= offset < len(self.current):
            if not self.pending:
                return None
            start, result = self.pending.popleft()
            size = min(CHUNK, self.count - start)
            try:
                self.current = result.get()
            except Exception:  # (a reader gone: the writer reads this chunk itself)
                self.current = []
            if len(self.current) != size:
                self.current = [None] * size
            self.current_start = start
            self._fill()
            offset = position - start
        return self.current[offset]

    def close(self) -> None:
        global _TEXTS
        _TEXTS = []
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

    def __enter__(self) -> ReadAhead:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

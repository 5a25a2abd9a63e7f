"""Dates mentioned in a query ("on 7 July, 2023", "in June 2023", "2023-07-07").

Recall uses them to lift memories from around that time: a question about
"June 2023" is most likely answered by what was said in, or just after, June
2023. Pure: no clock.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

MONTHS = {name: number for number, name in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
# compiled on first use (re caches them): most queries name no date (~3 ms a process)
_PATTERNS = {
    "day_month_year": (rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}\.?,?\s+(\d{{4}})\b", re.I),
    "month_day_year": (rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I),
    "month_year": (rf"\b{_MONTH}\.?,?\s+(?:of\s+)?(\d{{4}})\b", re.I),
    "iso": (r"\b(\d{4})-(\d{2})-(\d{2})\b", 0),
    "year": (r"\b(?:in|during|of)\s+((?:19|20)\d{2})\b", re.I),
}


def _pattern(name: str) -> re.Pattern:
    return re.compile(*_PATTERNS[name])


# what is said about a time usually comes in the days after it
AFTER_DAY = timedelta(days=10)
BEFORE_DAY = timedelta(days=2)


def _month(name: str) -> int:
    return MONTHS[name.lower()[:3]]


def _day_window(year: int, month: int, day: int) -> tuple[datetime, datetime] | None:
    try:
        moment = datetime(year, month, day, tzinfo=timezone.utc)
    except ValueError:
        return None
    return moment - BEFORE_DAY, moment + AFTER_DAY + timedelta(days=1)


def query_windows(query: str) -> tuple[list[tuple[datetime, datetime]], str]:
    """(time windows the query names, the query with those dates removed)."""
    windows: list[tuple[datetime, datetime]] = []
    if not any(ch.isdigit() for ch in query):
        return windows, query  # every form we read has a number in it
    text = query

    def take(pattern, build):
        nonlocal text
        for match in list(pattern.finditer(text)):
            window = build(match)
            if window:
                windows.append(window)
        text = pattern.sub(" ", text)

    take(_pattern("iso"), lambda m: _day_window(int(m.group(1)), int(m.group(2)), int(m.group(3))))
    take(_pattern("day_month_year"), lambda m: _day_window(int(m.group(3)), _month(m.group(2)), int(m.group(1))))
    take(_pattern("month_day_year"), lambda m: _day_window(int(m.group(3)), _month(m.group(1)), int(m.group(2))))

    def month_window(m):
        year, month = int(m.group(2)), _month(m.group(1))
        start = datetime(year, month, 1, tzinfo=timezone.utc)
        end = datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=timezone.utc)
        return start - BEFORE_DAY, end + AFTER_DAY

    take(_pattern("month_year"), month_window)

    def year_window(m):
        year = int(m.group(1))
        return (datetime(year, 1, 1, tzinfo=timezone.utc) - BEFORE_DAY,
                datetime(year + 1, 1, 1, tzinfo=timezone.utc) + AFTER_DAY)

    take(_pattern("year"), year_window)
    return windows, text

"""Times anchored on another time: "the week before 3 August 2023" in a query,
and "yesterday", "last month", "two weekends ago" in a memory, read as of the
moment the memory was made.

A query can name a time relative to a date it also names ("the Sunday before
25 May 2023", "two weeks before August 11, 2023", "between August 11 and 15,
2023"): its window runs from the start of the period named to the date's own
window end, rather than around the date alone (`anchored_windows`).

A memory says when things happened in words relative to its own moment: "I
went to a convention last month", stored in April, is about March. So a
query that names March lifts it, as it lifts a memory created in March
(`mentions_in`): the temporal expressions of a text are normalised against
its own date, as news and dialogue taggers (TimeML's document creation time)
do. English only, like timeparse.py. Pure: the moments are arguments.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from . import timeparse
from .timeparse import _MONTH, AFTER_DAY, BEFORE_DAY, WEEKDAYS, _Periods, _month

_WEEKDAY = r"(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
_COUNT = r"(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|few|a\s+couple\s+of|couple\s+of)"
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10, "a few": 3, "few": 3, "a couple of": 2, "couple of": 2}
_UNIT_DAYS = {"day": 1, "night": 1, "week": 7, "weekend": 7, "fortnight": 14, "month": 30, "year": 365}

# a date as the query names it: (day month year | month day year | iso), captured whole
_DATE = (rf"(\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\.?,?\s+\d{{4}}|{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
         r"|\d{4}-\d{2}-\d{2})")
_ANCHORED = (rf"\b(?:(?:the|last|a|an|one|two|three|four|five|six|\d{{1,2}})\s+)?"
             rf"(?P<unit>day|night|week|weekend|fortnight|month|{_WEEKDAY})s?\s+(?P<way>before|after|prior\s+to)\s+"
             rf"(?:the\s+)?(?P<date>{_DATE[1:-1]})")
_BETWEEN = (rf"\bbetween\s+(?:{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?|(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH})"
            rf"\s+and\s+{_DATE}")


def _date(text: str) -> datetime | None:
    """The day a date names (one of _DATE's forms), midnight UTC."""
    windows, _ = timeparse._absolute_windows(text)
    return windows[0][0] + BEFORE_DAY if windows else None


def _count_of(word: str | None) -> int:
    if not word:
        return 1
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else _NUMBERS.get(word, 1)


def _weekday_index(word: str) -> int:
    return next(i for i, day in enumerate(WEEKDAYS) if day.startswith(word.lower()[:3]))


def anchored_windows(query: str) -> tuple[list[tuple[datetime, datetime]], str]:
    """Windows of the periods a query names relative to a date it names, and the
    query (unchanged: timeparse takes the dates out, the words around them stay
    searched): "the week before 3 August 2023" runs from 25 July (with
    BEFORE_DAY) to AFTER_DAY after 3 August (what happened is told after)."""
    windows: list[tuple[datetime, datetime]] = []
    if not any(ch.isdigit() for ch in query) or not re.search(r"\b(?:before|after|prior|between)\b", query, re.I):
        return windows, query
    text = query

    def between(match: re.Match) -> tuple[datetime, datetime] | None:
        last = _date(match.group(5))
        if last is None:
            return None
        month = match.group(1) or match.group(4)
        day = int(match.group(2) or match.group(3))
        try:
            first = datetime(last.year, _month(month), day, tzinfo=timezone.utc)
        except ValueError:
            return None
        return first - BEFORE_DAY, last + AFTER_DAY + timedelta(days=1)

    def anchored(match: re.Match) -> tuple[datetime, datetime] | None:
        whole = match.group(0).split()
        anchor = _date(match.group("date"))
        if anchor is None:
            return None
        unit, direction = match.group("unit").lower(), match.group("way").lower()
        count = _count_of(whole[0] if whole[0].lower() not in ("the", "last") and not whole[0].lower().startswith(
            unit[:3]) else None)
        if unit in _UNIT_DAYS:
            span = timedelta(days=_UNIT_DAYS[unit] * count)
        else:  # a weekday: the last (next) one before (after) the anchor
            back = (anchor.weekday() - _weekday_index(unit)) % 7 or 7
            span = timedelta(days=back if direction != "after" else (7 - back) or 7)
        if direction == "after":
            return anchor, anchor + span + AFTER_DAY + timedelta(days=1)
        return anchor - span - BEFORE_DAY, anchor + AFTER_DAY + timedelta(days=1)

    for pattern, build in ((_BETWEEN, between), (_ANCHORED, anchored)):
        compiled = re.compile(pattern, re.I)
        for match in list(compiled.finditer(text)):
            window = build(match)
            if window:
                windows.append(window)
                # the date goes (timeparse takes it out: its own window lies inside this one); the words
                # around it stay searched, as they were ("week", "Sunday" may be in the memory too)
    return windows, text


# what a memory's own words say of when, as of its moment
_CUES = frozenset(("yesterday", "tomorrow", "ago", "last", "next", "past", "tonight"))
_MENTIONS = {
    "yesterday": r"\b(?:yesterday|last\s+night)\b",
    "tomorrow": r"\btomorrow\b",
    "ago": rf"\b{_COUNT}\s+(day|night|week|weekend|fortnight|month|year)s?\s+ago\b",
    "period": r"\b(last|this\s+past|past|next)\s+(week|weekend|month|year)\b",
    "weekday": rf"\b(?:last|this\s+past|next)\s+{_WEEKDAY}\b",
}


def mentions_in(content: str, created: datetime, windows: list[tuple[datetime, datetime]]) -> bool:
    """Whether `content`, written at `created`, names a time relative to that
    moment ("yesterday", "last week", "two weekends ago", "last Friday", "next
    month") that falls inside one of `windows` (its period overlaps the window
    before the days allowed for telling it afterwards)."""
    found = {word.strip(".,;:!?\"'()[]") for word in content.casefold().split()}
    if found.isdisjoint(_CUES):
        return False
    periods = _Periods(created)
    for name, pattern in _MENTIONS.items():
        for match in re.finditer(pattern, content, re.I):
            period = _period(periods, name, match)
            if period and any(period[0] < end - AFTER_DAY and period[1] > start for start, end in windows):
                return True
    return False


def _period(periods: _Periods, name: str, match: re.Match) -> tuple[datetime, datetime] | None:
    today = periods.today
    if name == "yesterday":
        return periods.days(today - timedelta(days=1))
    if name == "tomorrow":
        return periods.days(today + timedelta(days=1))
    if name == "ago":
        count, unit = _count_of(match.group(1)), match.group(2).lower()
        if count > 500:
            return None
        if unit in ("day", "night"):
            return periods.days(today - timedelta(days=count))
        if unit == "weekend":  # the count-th weekend gone by
            saturday = periods.monday + timedelta(days=5) - timedelta(days=7 * (count - (today.weekday() >= 5)))
            return periods.days(saturday, 2)
        if unit in ("week", "fortnight"):
            weeks = count * (2 if unit == "fortnight" else 1)
            return periods.days(periods.monday - timedelta(days=7 * weeks), 7)
        if unit == "month":
            return periods.month(periods.this_month - count)
        return periods.year(today.year - count)
    if name == "period":
        which, unit = " ".join(match.group(1).lower().split()), match.group(2).lower()
        if which == "next":
            if unit == "week":
                return periods.days(periods.monday + timedelta(days=7), 7)
            if unit == "weekend":
                return periods.days(periods.monday + timedelta(days=12), 2)
            if unit == "month":
                return periods.month(periods.this_month + 1)
            return periods.year(today.year + 1)
        return periods.of("period", re.match(r"(\w+)\s+(\w+)", f"{'past' if which == 'past' else 'last'} {unit}"))
    which, day = " ".join(match.group(0).lower().split()[:-1]), _weekday_index(match.group(1))
    if which == "next":
        ahead = (day - today.weekday()) % 7 or 7
        return periods.days(today + timedelta(days=ahead))
    back = (today.weekday() - day) % 7 or 7
    return periods.days(today - timedelta(days=back))

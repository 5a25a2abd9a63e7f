"""Dates mentioned in a query ("on 7 July, 2023", "in June 2023", "2023-07-07",
and, given the time it is asked, "yesterday", "last week", "3 days ago",
"on Monday", "in June").

Recall uses them to lift memories from around that time: a question about
"June 2023" is most likely answered by what was said in, or just after, June
2023; "what did we decide yesterday?" by what was stored yesterday. Pure: the
clock is an argument (relative dates are read only when one is given).

One module with its anchors (below "Anchored periods"): reading "the week before
3 August 2023" needs the absolute dates, and the absolute reading takes the
anchored ones first, so the two halves call each other.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

# the calendar's words, for every module that reads them (answer kinds, consolidation's values)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
               "october", "november", "december")
MONTHS = {name[:3]: number for number, name in enumerate(MONTH_NAMES, start=1)}
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
# compiled on first use (re caches them): most queries name no date (~3 ms a process)
_PATTERNS = {
    "day_month_year": (rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH}\.?,?\s+(\d{{4}})\b", re.I),
    "month_day_year": (rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I),
    "month_year": (rf"\b{_MONTH}\.?,?\s+(?:of\s+)?(\d{{4}})\b", re.I),
    "iso": (r"\b(\d{4})-(\d{2})-(\d{2})\b", 0),
    "year": (r"\b(?:in|during|of)\s+((?:19|20)\d{2})\b", re.I),
}


_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "couple of": 2}
_COUNT = r"(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|couple\s+of)"
# words without which no relative form can be present (a query without one compiles nothing)
_RELATIVE_CUES = frozenset(("today", "tonight", "yesterday", "ago", "week", "weekend", "month", "year",
                            "night", "morning", "afternoon", "evening", *WEEKDAYS, *MONTH_NAMES, *MONTHS,
                            "sept"))
_RELATIVE = {
    "today": (r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b", re.I),
    "yesterday": (r"\b(?:yesterday|last\s+night)\b", re.I),
    "ago": (rf"\b{_COUNT}\s+(day|week|month|year)s?\s+ago\b", re.I),
    "period": (r"\b(last|this|past)\s+(week|weekend|month|year)\b", re.I),
    "weekday": (rf"\b(?:on|last|this\s+past)\s+({'|'.join(WEEKDAYS)})\b", re.I),
    # a month without a year after it ("in May", not "in May 2023", nor "may" the verb)
    "month": (rf"\b(?:in|during|last|of)\s+(?:early\s+|late\s+|mid-?)?{_MONTH}\b(?!\.?,?\s*(?:of\s+)?\d)", re.I),
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


def query_windows(query: str, now: datetime | None = None) -> tuple[list[tuple[datetime, datetime]], str]:
    """(time windows the query names, the query with those dates removed).

    With `now`, a query that names no date reads relative ones ("yesterday",
    "last week", "3 days ago", "on Monday", "in June"), by the days of the
    machine's time zone; a date it names outranks them ("last Friday, 23
    January 2022" means that day)."""
    windows, text = _absolute_windows(query)
    if windows or now is None:
        return windows, text
    return _relative_windows(query, now)


def _absolute_windows(query: str) -> tuple[list[tuple[datetime, datetime]], str]:
    windows: list[tuple[datetime, datetime]] = []
    if not any(ch.isdigit() for ch in query):
        return windows, query  # every form we read has a number in it
    windows, text = anchored_windows(query)

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


def _relative_windows(query: str, now: datetime) -> tuple[list[tuple[datetime, datetime]], str]:
    """Windows of the relative dates a query names, as of `now`; the query
    without them. Each runs from the start of the period named to AFTER_DAY
    after its end (a month without a year also BEFORE_DAY before it, as a
    month with one does): what happened is often told in the days after."""
    windows: list[tuple[datetime, datetime]] = []
    words = {word.strip(".,;:!?\"'()[]").removesuffix("'s").removesuffix("\u2019s")
             for word in query.casefold().split()}
    if not words & _RELATIVE_CUES:
        return windows, query
    periods = _Periods(now)
    text = query
    for name in _RELATIVE:
        pattern = re.compile(*_RELATIVE[name])
        for match in list(pattern.finditer(text)):
            period = periods.of(name, match)
            if period:
                windows.append((period[0] - (BEFORE_DAY if name == "month" else timedelta(0)),
                                period[1] + AFTER_DAY))
        text = pattern.sub(" ", text)
    return windows, text


def relative_period(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """The period a phrase names as a whole, as of `now` ("yesterday", "3 days
    ago", "last week", "on Monday", "in June", and "Monday" or "June" alone):
    [start, end) in UTC; None for anything else. For --since and --until."""
    text = " ".join(text.split())
    for phrase in (text, f"on {text}", f"in {text}"):  # a weekday or a month alone
        for name in _RELATIVE:
            match = re.compile(*_RELATIVE[name]).fullmatch(phrase)
            if match:
                return _Periods(now).of(name, match)
    return None


class _Periods:
    """The periods relative words name, as of a moment, by the days of the
    machine's time zone (a day starts at local midnight, summer time included)."""

    def __init__(self, now: datetime):
        # naive local times: Python reads a naive datetime as the machine's local time
        self.today = now.astimezone().replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
        self.monday = self.today - timedelta(days=self.today.weekday())
        self.this_month = self.today.year * 12 + self.today.month - 1

    def of(self, name: str, match: re.Match) -> tuple[datetime, datetime] | None:
        today = self.today
        if name == "today":
            return self.days(today)
        if name == "yesterday":
            return self.days(today - timedelta(days=1))
        if name == "ago":
            count, unit = _count(match.group(1)), match.group(2).lower()
            if count is None or count > 500:
                return None
            if unit == "day":
                return self.days(today - timedelta(days=count))
            if unit == "week":
                return self.days(self.monday - timedelta(days=7 * count), 7)
            if unit == "month":
                return self.month(self.this_month - count)
            return self.year(today.year - count)
        if name == "period":
            which, unit = match.group(1).lower(), match.group(2).lower()
            if which == "past":  # the last seven days (month, year), up to now
                length = {"week": 7, "weekend": 3, "month": 31, "year": 366}[unit]
                return self.days(today - timedelta(days=length - 1), length)
            back = 1 if which == "last" else 0
            if unit == "week":
                return self.days(self.monday - timedelta(days=7 * back), 7)
            if unit == "weekend":  # last: the Saturday and Sunday gone by; this: the one of this week
                saturday = self.monday + timedelta(days=5)
                if which == "last" and today < saturday + timedelta(days=2):
                    saturday -= timedelta(days=7)
                return self.days(saturday, 2)
            if unit == "month":
                return self.month(self.this_month - back)
            return self.year(today.year - back)
        if name == "weekday":
            back = (today.weekday() - WEEKDAYS.index(match.group(1).lower())) % 7 or 7
            return self.days(today - timedelta(days=back))  # the last one before today
        number = _month(match.group(1))  # a month without a year: the last one begun
        return self.month(today.year * 12 + number - 1 - (12 if number > today.month else 0))

    @staticmethod
    def days(first: datetime, count: int = 1) -> tuple[datetime, datetime]:
        return _utc(first), _utc(first + timedelta(days=count))

    @staticmethod
    def month(index: int) -> tuple[datetime, datetime] | None:
        """The month `index` months after January of year 0 (year * 12 + month - 1)."""
        year, number = divmod(index, 12)
        if not 1 <= year <= 9998:
            return None
        return _utc(datetime(year, number + 1, 1)), _utc(datetime(year + (number == 11), (number + 1) % 12 + 1, 1))

    @staticmethod
    def year(number: int) -> tuple[datetime, datetime] | None:
        return (_utc(datetime(number, 1, 1)), _utc(datetime(number + 1, 1, 1))) if 1 <= number <= 9998 else None


def _utc(local: datetime) -> datetime:
    """A naive local time (the machine's zone) in UTC."""
    return local.astimezone(timezone.utc)


def _count(word: str) -> int | None:
    word = " ".join(word.lower().split())
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word)

# ----------------------------------------------------------------- Anchored periods
# Times anchored on another time: "the week before 3 August 2023" in a query,
# and "yesterday", "last month", "two weekends ago" in a memory, read as of the
# moment the memory was made.
#
# A query can name a time relative to a date it also names ("the Sunday before
# 25 May 2023", "two weeks before August 11, 2023", "between August 11 and 15,
# 2023"): its window runs from the start of the period named to the date's own
# window end, rather than around the date alone (`anchored_windows`).
#
# A memory says when things happened in words relative to its own moment: "I
# went to a convention last month", stored in April, is about March. So a
# query that names March lifts it, as it lifts a memory created in March
# (`mentions_in`): the temporal expressions of a text are normalised against
# its own date, as news and dialogue taggers (TimeML's document creation time)
# do. English only, like timeparse.py. Pure: the moments are arguments.

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
    windows, _ = _absolute_windows(text)
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

"""Parsing and formatting of timestamps. Pure: 'now' is always a parameter."""

from __future__ import annotations

from datetime import datetime, timezone

from ..errors import UsageError


def parse_time(value: str, what: str = "time") -> datetime:
    """Parse an ISO date or datetime; naive values are taken as UTC."""
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"{what}: expected an ISO date or datetime, got {value!r}")
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{what}: not an ISO date or datetime: {value[:60]!r}") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=timezone.utc)
    return parsed.astimezone(timezone.utc)


_PARSED: dict[str, datetime] = {}  # stored timestamps seen in this process (recall reads thousands, twice)


def parse_time_or(value, default: datetime) -> datetime:
    """Parse a stored timestamp, falling back to `default` when it is unusable."""
    if isinstance(value, str) and value in _PARSED:
        return _PARSED[value]
    try:
        parsed = parse_time(value)
    except UsageError:
        return default
    if len(_PARSED) < 200_000:
        _PARSED[value] = parsed
    return parsed


FUTURE_SKEW_SECONDS = 86400  # a day: today in any time zone, a clock a little ahead


def check_not_future(moment: datetime, now: datetime, what: str = "created") -> datetime:
    """Refuse a time more than FUTURE_SKEW_SECONDS after now: a memory "created" in
    2999 would never decay and would match every "last week"."""
    if (moment - now).total_seconds() > FUTURE_SKEW_SECONDS:
        raise UsageError(f"{what} {format_time(moment)} is in the future (now is {format_time(now)}; "
                         "at most a day ahead is accepted)")
    return moment


def format_time(moment: datetime) -> str:
    """UTC, second precision, trailing Z: 2026-11-29T18:00:00Z."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


_LOCAL_DAY: dict[datetime, int] = {}  # moment -> its local calendar day (recall asks for thousands)


def local_day(moment: datetime) -> int:
    """The calendar day (proleptic ordinal) `moment` falls on in the machine's time zone (TZ)."""
    day = _LOCAL_DAY.get(moment)
    if day is None:
        day = moment.astimezone().toordinal()
        if len(_LOCAL_DAY) < 200_000:
            _LOCAL_DAY[moment] = day
    return day


def days_between(earlier: datetime, later: datetime) -> int:
    """Calendar days from earlier to later in the machine's time zone (never negative):
    23:00 to 01:00 the next day is one day, 01:00 to 23:00 the same day none, whatever
    the length of the day (summer time) or the hour of the run."""
    return max(local_day(later) - local_day(earlier), 0)

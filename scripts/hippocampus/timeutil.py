"""Parsing and formatting of timestamps. Pure: 'now' is always a parameter."""

from __future__ import annotations

import math
from datetime import datetime, timezone

from .errors import UsageError


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


def format_time(moment: datetime) -> str:
    """UTC, second precision, trailing Z: 2026-11-29T18:00:00Z."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def whole_days_between(earlier: datetime, later: datetime) -> int:
    """Whole elapsed days from earlier to later (never negative)."""
    seconds = (later - earlier).total_seconds()
    if seconds <= 0 or math.isnan(seconds):
        return 0
    return int(seconds // 86400)

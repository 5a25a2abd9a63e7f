from datetime import datetime, timedelta, timezone

import pytest

from hippocampus.base.config import DEFAULTS
from hippocampus.base.scoring import decayed, reinforced, signal_importance, status_for

T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def memory(**fields):
    return {"baseImportance": 0.8, "importance": 0.8, "lastAccessed": "2026-01-01T00:00:00Z",
            "created": "2026-01-01T00:00:00Z", "store": "semantic", "category": "facts", **fields}


def test_thirty_idle_days_take_080_to_0592():
    assert decayed(memory(), T0 + timedelta(days=30), DEFAULTS) == pytest.approx(0.5917, abs=1e-4)


def test_daily_runs_never_compound():
    m = memory()
    for day in range(1, 31):
        m["importance"] = decayed(m, T0 + timedelta(days=day), DEFAULTS)
    assert m["importance"] == decayed(memory(), T0 + timedelta(days=30), DEFAULTS)
    assert round(m["importance"], 3) == 0.592


@pytest.fixture
def zone(monkeypatch):
    """Run in-process scoring in a given time zone (idle days are the zone's calendar days)."""
    import time

    from hippocampus.text import timeutil

    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()
        timeutil._LOCAL_DAY.clear()
    yield use
    monkeypatch.undo()
    time.tzset()
    timeutil._LOCAL_DAY.clear()


def test_same_day_is_stable_and_partial_days_do_not_count(zone):
    zone("UTC")
    assert decayed(memory(), T0 + timedelta(hours=23), DEFAULTS) == 0.8


def test_idle_days_are_calendar_days_of_the_time_zone(zone):
    late = memory(lastAccessed="2026-01-01T22:00:00Z", created="2026-01-01T22:00:00Z")
    zone("UTC")  # 22:00, then 01:00 the next day: one day, though only three hours passed
    assert decayed(late, T0 + timedelta(hours=25), DEFAULTS) == pytest.approx(0.8 * 0.99)
    zone("America/Los_Angeles")  # there both are the afternoon of 2026-01-01 and 17:00: the same day
    assert decayed(late, T0 + timedelta(hours=25), DEFAULTS) == 0.8


def test_vault_and_pinned_never_decay_errors_decay_slower():
    later = T0 + timedelta(days=365)
    assert decayed(memory(store="vault"), later, DEFAULTS) == 0.8
    assert decayed(memory(pinned=True), later, DEFAULTS) == 0.8
    assert decayed(memory(category="errors"), later, DEFAULTS) > decayed(memory(), later, DEFAULTS)


def test_reinforcement_closes_fifteen_percent_of_headroom():
    assert reinforced(0.5) == pytest.approx(0.575)
    assert reinforced(0.0) == pytest.approx(0.15)
    assert reinforced(1.0) == 1.0


@pytest.mark.parametrize("value,status", [(0.7, "core"), (0.69, "active"), (0.4, "active"),
                                          (0.39, "background"), (0.2, "background"), (0.19, "archive-candidate")])
def test_status_thresholds(value, status):
    assert status_for(value, DEFAULTS) == status


@pytest.mark.parametrize("text,value", [
    ("Remember that my passport expires in May", 0.9),
    ("I'm so anxious about the surgery", 0.85),
    ("I prefer tea over coffee", 0.8),
    ("We decided to use Postgres", 0.75),
    ("Maria works at the bakery", 0.7),
    ("The sky was grey", 0.5),
])
def test_signal_importance(text, value):
    assert signal_importance(text)[0] == value

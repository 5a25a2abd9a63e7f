"""Relative dates in a query ("yesterday", "last week", "3 days ago", "on Monday",
"in June"), read as of the time it is asked, by the days of the machine's zone."""

import json
import time
from datetime import datetime, timedelta, timezone

import pytest

from hippocampus.text.timeparse import query_windows

NOW = datetime(2026, 3, 11, 15, 0, tzinfo=timezone.utc)  # a Wednesday


@pytest.fixture
def zone(monkeypatch):
    def use(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()
    use("UTC")
    yield use
    monkeypatch.undo()
    time.tzset()


def days(query, now=NOW):
    windows, rest = query_windows(query, now)
    return [(start.strftime("%m-%d %H:%M"), end.strftime("%m-%d %H:%M")) for start, end in windows], \
        " ".join(rest.split())


# each window runs from the start of the period named to 10 days after its end
# (what happened is often told in the days after it)
@pytest.mark.parametrize("query, first_day, last_day, rest", [
    ("what did we discuss yesterday?", "03-10", "03-10", "what did we discuss ?"),
    ("what did I say last night", "03-10", "03-10", "what did I say"),
    ("plans for today", "03-11", "03-11", "plans for"),
    ("what happened 3 days ago", "03-08", "03-08", "what happened"),
    ("two days ago", "03-09", "03-09", ""),
    ("a couple of weeks ago", "02-23", "03-01", ""),  # the calendar week (Monday to Sunday)
    ("last week's decisions", "03-02", "03-08", "'s decisions"),
    ("this week", "03-09", "03-15", ""),
    ("in the past week", "03-05", "03-11", "in the"),
    ("last weekend", "03-07", "03-08", ""),
    ("last month", "02-01", "02-28", ""),
    ("two months ago", "01-01", "01-31", ""),
    ("on Monday", "03-09", "03-09", ""),
    ("last Wednesday", "03-04", "03-04", ""),  # never today
])
def test_relative_dates_are_read_as_of_now(zone, query, first_day, last_day, rest):
    windows, left = days(query)
    assert len(windows) == 1, windows
    start, end = windows[0]
    assert start == f"{first_day} 00:00"
    last = datetime.strptime(f"2026-{last_day}", "%Y-%m-%d")
    assert datetime.strptime(f"2026-{end}", "%Y-%m-%d %H:%M") - last == timedelta(days=11)
    assert left == rest


def test_a_month_without_a_year_is_the_last_one_begun(zone):
    # "in June" asked in March 2026 is June 2025; "in March" is this month (with the month window's margins)
    windows, _ = query_windows("where did we go in June", NOW)
    assert windows[0][0] == datetime(2025, 5, 30, tzinfo=timezone.utc)
    assert windows[0][1] == datetime(2025, 7, 11, tzinfo=timezone.utc)
    assert query_windows("in March", NOW)[0][0][0] == datetime(2026, 2, 27, tzinfo=timezone.utc)
    assert query_windows("during early May", NOW)[0][0][0].year == 2025


def test_words_that_only_look_like_dates_name_none(zone):
    for query in ("what may help", "the march on Washington", "a weekly meeting", "the chicago trip",
                  "sunday roast recipe", "holiday plans", "monday.com account"):
        assert query_windows(query, NOW) == ([], query), query
    assert query_windows("yesterday") == ([], "yesterday")  # no clock given: no relative date


def test_a_date_the_query_names_outranks_relative_words(zone):
    windows, rest = query_windows("what did Joanna finish last Friday, 23 January 2022", NOW)
    assert len(windows) == 1 and windows[0][0].year == 2022
    assert "last Friday" in rest  # left as words


def test_days_start_at_local_midnight_across_summer_time(zone):
    zone("Europe/Berlin")  # clocks went forward on 29 March 2026
    now = datetime(2026, 3, 30, 10, 0, tzinfo=timezone.utc)
    (start, end), = query_windows("yesterday", now)[0]
    assert start == datetime(2026, 3, 28, 23, 0, tzinfo=timezone.utc)  # midnight at UTC+1
    assert end == datetime(2026, 4, 8, 22, 0, tzinfo=timezone.utc)  # midnight at UTC+2, 10 days on


def _bulk(ws, rows):
    return ws.json("remember.py", "--jsonl", "-", input="\n".join(json.dumps(r) for r in rows) + "\n",
                   env={"TZ": "UTC"})["ids"]


def test_recall_lifts_what_was_stored_at_the_time_named(ws):
    ids = _bulk(ws, [
        {"content": "We discussed the quarterly budget with Alice", "created": "2026-02-20T10:00:00Z"},
        {"content": "Planned the garden layout: tomatoes along the south fence", "created": "2026-03-10T16:00:00Z"},
        {"content": "Booked the dentist for April", "created": "2026-03-03T09:00:00Z"},
        {"content": "Booked flights, booked the hotel: all booking done", "created": "2026-02-10T09:00:00Z"},
        {"content": "Hiked the coastal path near Porto", "created": "2025-06-14T09:00:00Z"},
        {"content": "Hiked and hiked: a hiking weekend in the Alps", "created": "2025-09-20T09:00:00Z"},
    ])

    def first(query):
        out = ws.json("recall.py", query, "--why", now="2026-03-11T15:00:00Z", env={"TZ": "UTC"})
        return out["results"][0]

    # each time, a memory outside the time named matches the words better (or alone)
    hit = first("what did we discuss yesterday?")
    assert hit["id"] == ids[1] and "date" in hit["why"]["parts"]
    shown = ws.run("recall.py", "what did we discuss yesterday?", "--why", "--top", "1", now="2026-03-11T15:00:00Z",
                   env={"TZ": "UTC"}).out
    assert "why: terms (none: lifted by date); date 1.200" in shown
    assert first("what did I book last week")["id"] == ids[2]
    assert first("where did I hike in June")["id"] == ids[4]
    assert first("what did we discuss")["id"] == ids[0]  # no time named: words alone
    assert first("what did I book")["id"] == ids[3]


def test_relative_period_is_the_exact_period_a_phrase_names(zone):
    from hippocampus.text.timeparse import relative_period
    utc = timezone.utc
    assert relative_period("yesterday", NOW) == (datetime(2026, 3, 10, tzinfo=utc), datetime(2026, 3, 11, tzinfo=utc))
    assert relative_period(" last  week ", NOW) == (datetime(2026, 3, 2, tzinfo=utc), datetime(2026, 3, 9, tzinfo=utc))
    assert relative_period("in June", NOW) == (datetime(2025, 6, 1, tzinfo=utc), datetime(2025, 7, 1, tzinfo=utc))
    assert relative_period("3 days ago", NOW)[0] == datetime(2026, 3, 8, tzinfo=utc)
    assert relative_period("June", NOW) == relative_period("in June", NOW)       # a month alone
    assert relative_period("monday", NOW) == relative_period("on Monday", NOW)   # a weekday alone
    for other in ("2026-03-01", "tomorrow", "yesterday and today", "next week", "", "on", "in", "in in June",
                  "on on Monday", "in yesterday", "on 3 days ago"):
        assert relative_period(other, NOW) is None, other


def test_since_and_until_take_relative_dates(ws):
    ids = _bulk(ws, [
        {"content": "Tea notes: jasmine from the market", "created": "2026-03-10T16:00:00Z"},
        {"content": "Tea notes: oolong tasting with Sam", "created": "2026-03-04T09:00:00Z"},
        {"content": "Tea notes: a matcha whisk ordered", "created": "2026-02-12T09:00:00Z"},
    ])

    def found(*flags):
        out = ws.json("recall.py", "tea notes", *flags, now="2026-03-11T15:00:00Z", env={"TZ": "UTC"})
        return {r["id"] for r in out["results"]}

    assert found("--since", "yesterday") == {ids[0]}
    assert found("--since", "last week") == {ids[0], ids[1]}
    assert found("--until", "last week") == {ids[1], ids[2]}  # through the Sunday
    assert found("--since", "last month", "--until", "last month") == {ids[2]}
    assert found("--since", "3 days ago") == {ids[0]}
    assert found("--since", "Monday") == {ids[0]}                    # the 9th: a weekday alone
    assert found("--since", "February", "--until", "February") == {ids[2]}  # a month alone
    bad = ws.run("recall.py", "tea", "--since", "tomorrow", now="2026-03-11T15:00:00Z", expect=1)
    assert bad.err.count("\n") == 1 and "--since: not a date: 'tomorrow'" in bad.err and "3 days ago" in bad.err
    bad = ws.run("recall.py", "tea", "--since", "yesterday", "--until", "last month", now="2026-03-11T15:00:00Z",
                 expect=1)
    assert "is after --until" in bad.err

"""Error and lesson memories surface when the agent walks back into their area (a path or a
folder of it, a command, a project: text/areas.py), lifted by recall's named part "area"."""
import json

NOW = "2026-06-01"


def _bulk(ws, rows):
    return ws.json("remember.py", "--jsonl", "-", input="\n".join(json.dumps(r) for r in rows) + "\n",
                   now=NOW)["ids"]


def _store(ws):
    rows = [
        # ordinary memories sharing more of the query's words than the error does
        {"content": "The billing services handler handles the payment request and the refund in the api layer",
         "category": "facts", "created": "2026-05-30T10:00:00Z"},
        {"content": "We refactor how the billing api handler of the services parses each payment request",
         "category": "facts", "created": "2026-05-30T11:00:00Z"},
        {"content": "Payment request handler notes: billing services first, refund second, api versioned",
         "category": "facts", "created": "2026-05-30T12:00:00Z"},
        # the error, about the file the query will name, in fewer of its words
        {"content": "TypeError in services/billing/handler.py: amount was None; cast before rounding",
         "category": "errors", "created": "2026-05-01T10:00:00Z"},
        {"content": "`npm run build` failed in project web-shop: missing env var API_BASE",
         "category": "errors", "created": "2026-05-01T10:00:00Z"},
    ]
    filler = [{"content": f"Note {n}: {topic}", "category": "facts", "created": "2026-04-01T10:00:00Z"}
              for n, topic in enumerate(["the team meets on Tuesdays", "lunch is at noon", "the office has a cat",
                                         "Maria prefers tea", "the printer on floor two jams", "standup is short",
                                         "holidays are booked in the shared calendar", "the wifi password rotates",
                                         "Tom runs the release train", "the staging box restarts nightly",
                                         "coffee beans come from a local roaster", "the plants need water"])]
    return _bulk(ws, rows + filler)[:len(rows)]


def test_a_query_about_the_same_path_puts_the_error_first(ws):
    ids = _store(ws)
    query = "refactor the payment request handler in services/billing/handler.py for the api refund"
    out = ws.json("recall.py", query, "--top", "3", "--why", now=NOW)["results"]
    assert out[0]["id"] == ids[3], [(r["content"], r["why"]) for r in out]
    assert "path:services/billing/handler.py" in out[0]["why"]["areas"]
    assert out[0]["why"]["parts"]["area"] > 0
    text = ws.run("recall.py", query, "--top", "1", "--why", now=NOW).out
    assert "area 0.600" in text and "about path:services/billing/handler.py" in text
    # an ordinary memory holding more of the query's words ranks below it ...
    assert any(len(r["why"]["terms"]) > len(out[0]["why"]["terms"]) for r in out[1:])
    # ... and above it without the lift (the part is what puts the error first)
    (ws.store / "config.yaml").write_text(json.dumps({"recall": {"area_weight": 0}}))
    out = ws.json("recall.py", query, "--top", "3", "--why", now=NOW)["results"]
    assert out[0]["id"] != ids[3] and all("areas" not in r["why"] for r in out)


def test_a_folder_of_the_path_is_the_same_area(ws):
    ids = _store(ws)
    out = ws.json("recall.py", "new payment request handler in services/billing/ for the api refund",
                  "--top", "3", "--why", now=NOW)["results"]
    error = next(r for r in out[:2] if r["id"] == ids[3])  # lifted from below all three ordinary ones
    assert "path:services/billing" in error["why"]["areas"]
    assert error["why"]["parts"]["relevance"] < min(r["why"]["parts"]["relevance"] for r in out if r is not error)


def test_a_command_and_a_project_are_areas(ws):
    ids = _store(ws)
    out = ws.json("recall.py", "run npm run build again", "--top", "2", "--why", now=NOW)["results"]
    assert out[0]["id"] == ids[4] and "cmd:npm run build" in out[0]["why"]["areas"]
    out = ws.json("recall.py", "deploy web-shop to staging", "--top", "2", "--why", now=NOW)["results"]
    assert out[0]["id"] == ids[4] and "project:web-shop" in out[0]["why"]["areas"]


def test_an_unrelated_query_does_not_lift_the_error(ws):
    ids = _store(ws)
    out = ws.json("recall.py", "refactor the payment request handler in services/search/index.py for the api",
                  "--top", "5", "--why", now=NOW)["results"]
    error = [r for r in out if r["id"] == ids[3]]
    assert not error or "area" not in error[0]["why"]["parts"]
    assert out[0]["id"] != ids[3]
    # the same words with no area named: no lift either
    out = ws.json("recall.py", "payment request handler refund", "--top", "5", "--why", now=NOW)["results"]
    assert all("area" not in r["why"]["parts"] for r in out)


def test_an_ordinary_memory_naming_the_path_is_not_lifted(ws):
    (fact,) = _bulk(ws, [{"content": "services/billing/handler.py holds the refund code", "category": "facts"}])
    out = ws.json("recall.py", "services/billing/handler.py", "--why", now=NOW)["results"]
    assert out[0]["id"] == fact and "area" not in out[0]["why"]["parts"]


def test_words_and_other_files_of_one_name_are_no_area(ws):
    (error,) = _bulk(ws, [{"content": "TypeError in web/src/b/index.js: props undefined; and/or the black theme broke",
                           "category": "errors"}])
    for query in ("rename web/src/a/index.js", "music artists/bands and/or the black theme",
                  "the project called index"):
        out = ws.json("recall.py", query, "--why", now=NOW)["results"]
        assert all("area" not in r["why"]["parts"] for r in out), (query, out)
    out = ws.json("recall.py", "rename index.js", "--why", now=NOW)["results"]  # named bare: that file may be it
    assert out[0]["id"] == error and "name:index.js" in out[0]["why"]["areas"]


def test_a_path_never_starts_inside_a_run_of_what_a_path_is_made_of():
    """text/areas.py's path pattern starts a match only where a run of a path's characters starts:
    with "@" and "+" missing from its look-behind, "a@b+c@..." was a start at every place, each read
    to the run's end (20 KB of it in a recall query, or in error memories every recall lifts: 7-21 s).
    Every character a component may hold is checked, so no other one is a way in (not timed)."""
    import re

    from hippocampus.text import areas

    component = re.compile(r"[\w.@+-]")
    candidates = [chr(c) for c in range(32, 0x250)] + ["\u00b2", "\u0663", "\u4e2d", "\u05d0"]
    held = [c for c in candidates if component.fullmatch(c)]
    assert "@" in held and "+" in held and "a" in held
    for c in held:
        text = "a" + c + "b/c.py"
        starts = [m.start() for m in areas._PATH.finditer(text, 2)]
        assert 2 not in starts, (c, starts)
    assert areas.keys("edit src/app/main.py, ~/x/y.txt and a+b/c.md") >= {"path:src/app/main.py", "path:app/main.py"}

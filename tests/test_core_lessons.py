"""Core error and lesson memories read as lessons in load_core and the core files: their own
heading after the domains, each line "Lesson (DAY): ...", within the budget (store/core.py)."""
import json


def _bulk(ws, rows):
    return ws.json("remember.py", "--jsonl", "-", input="\n".join(json.dumps(r) for r in rows) + "\n",
                   now="2026-03-12")["ids"]


def test_core_errors_and_lessons_render_as_lessons(ws):
    _bulk(ws, [
        {"content": "The user prefers dark mode everywhere", "importance": 0.9, "domain": "user",
         "category": "preferences", "created": "2026-03-01T10:00:00Z"},
        {"content": "pytest failed in tests/test_api.py: the fixture needs TZ set", "importance": 0.9,
         "domain": "world", "category": "errors", "created": "2026-03-10T09:00:00Z"},
        {"content": "Always run the migrations before the seed script", "importance": 0.9, "domain": "self",
         "category": "lessons", "created": "2026-03-11T09:00:00Z"},
    ])
    text = ws.run("load_core.py", now="2026-03-12").out
    assert "- Previously observed (2026-03-01): The user prefers dark mode everywhere" in text
    assert "- Lesson (2026-03-10): pytest failed in tests/test_api.py: the fixture needs TZ set" in text
    assert "- Lesson (2026-03-11): Always run the migrations before the seed script" in text
    heading = text.index("## Lessons")
    assert text.index("Lesson (2026-03-10)") > heading and text.index("dark mode") < heading
    assert "## Self" not in text  # the lesson is under the lessons' heading, not its domain's
    data = ws.json("load_core.py", now="2026-03-12")
    assert data["shown"] == 3 and data["leftOut"] == 0


def test_lessons_stay_within_the_budget(ws):
    _bulk(ws, [{"content": f"npm run build {i} failed: module number {i} was missing from the bundle config",
                "importance": 0.9, "category": "errors", "created": "2026-03-10T09:00:00Z"} for i in range(60)])
    for budget in (100, 200, 400):
        data = ws.json("load_core.py", "--budget", str(budget), now="2026-03-12")
        assert data["tokens"] <= budget and len(data["text"]) <= budget * 4, (budget, data["text"])
        assert data["shown"] >= 1 and data["shown"] + data["leftOut"] == 60
        assert data["text"].count("- Lesson (2026-03-10): ") == data["shown"]

"""Reading ahead (lifecycle/read_ahead.py): a bulk import's texts read by reader processes store
exactly what the writer reading every text itself stores (the index, the memory files, the logs), and
each reading handed to the writer is of the text it is about to store."""

import json
import os
import re
import subprocess
import sys

from conftest import SCRIPTS, Workspace, in_library

from hippocampus.lifecycle import read_ahead

# enough records for the readers to start (read_ahead.MIN_RECORDS), with what each reading reads:
# values that supersede each other, departures, secrets, repeats, words in passing, questions
SAYINGS = [
    "We moved to Porto last spring.", "Now living in Lisbon, near the river.", "I quit my job at Lego.",
    "Started at Atlassian as a designer.", "my password is hunter2xyz42 so keep it safe",
    "My sister moved to Lyon.", "Adopted a beagle puppy called Rex!", "How do I reset my Pixel 7a?",
    "I drive a Tesla these days.", "Sold the Tesla, I drive a Prius now.", "We broke up in May.",
    "My boyfriend Tom and I go climbing.", "api_key = sk-abcdefghijklmnop1234567890", "I joined Equinox gym.",
    "The weather was lovely, we walked by the sea.", "Left Lego for Atlassian.",
    "Assistant: Here are some tips for your Pixel phone: restart it.", "I banking with Monzo now.",
]


def records(count: int) -> list[dict]:
    rows = []
    for n in range(count):
        text = SAYINGS[n % len(SAYINGS)]
        row = {"content": text if n % 7 else f"{text} ({n // 7})", "source": f"t#{n}",
               "created": f"2026-0{1 + n % 2}-{1 + n % 27:02d}T{n % 24:02d}:00:00Z"}
        if n % 5 == 0:
            row.update(store="episodic", episode=f"s{n % 11}")
        if n % 13 == 0:
            row["context"] = "said at dinner"   # the writer's text is not the record's: it reads itself
        if n % 17 == 0:
            row["domain"] = "world"
        rows.append(row)
    return rows


# remember.py --jsonl as it runs, with ids counted instead of drawn: ties of time between holders of a
# slot are broken by id, so two imports compare only with the same ids
COUNTED_IDS = (
    "import itertools, runpy, sys\n"
    "import hippocampus.base.model as model, hippocampus.lifecycle.remember as remember\n"
    "count = itertools.count()\n"
    "model.new_id = remember.new_id = lambda: 'mem_%012x' % next(count)\n"
    "sys.argv = ['remember.py', '--jsonl', '-', '--json']\n"
    "runpy.run_path('remember.py', run_name='__main__')\n")


def snapshot(ws) -> dict:
    """Every file the import wrote outside .git and the caches (a write's own stamp left out)."""
    found = {}
    for path in sorted(ws.root.rglob("*")):
        relative = path.relative_to(ws.root).as_posix()
        if path.is_file() and not relative.startswith((".git/", "hippocampus/.cache/")):
            found[relative] = re.sub(r'"stamp": *"[^"]*"', '"stamp": ""', path.read_text(encoding="utf-8"))
    return found


def test_the_readers_store_what_the_writer_alone_stores(tmp_path):
    rows = "".join(json.dumps(r) + "\n" for r in records(read_ahead.MIN_RECORDS + 60))
    seen = {}
    for readers in ("0", "2"):
        ws = Workspace(tmp_path / f"ws{readers}")
        ws.run("init.py", "--workspace", str(ws.root), now="2026-03-11T12:00:00Z")
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}, "WORKSPACE": str(ws.root),
               "HIPPOCAMPUS_NOW": "2026-03-11T12:00:00Z", "HIPPOCAMPUS_READERS": readers}
        done = subprocess.run([sys.executable, "-S", "-c", COUNTED_IDS], cwd=SCRIPTS, input=rows.encode(), env=env,
                              capture_output=True, timeout=300)
        assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
        seen[readers] = snapshot(ws)
        index = ws.index()["memories"]
        assert not any("hunter2xyz42" in m["content"] or "sk-abcdefghijklmnop" in m["content"] for m in index)
        assert any(m.get("supersededBy") for m in index) and any(m.get("readings") for m in index)
        assert ws.run("doctor.py").returncode == 0
    assert [path for path in {*seen["0"], *seen["2"]} if seen["0"].get(path) != seen["2"].get(path)] == []


def test_each_reading_is_of_its_own_text():
    texts = [r["content"] for r in records(read_ahead.MIN_RECORDS + 30)] + ["word " * 400]
    found = in_library(
        "import json, sys\n"
        "from hippocampus.lifecycle import read_ahead\n"
        "texts = json.loads(sys.argv[1])\n"
        "with read_ahead.ReadAhead(texts, 16384, workers=2) as ahead:\n"
        "    got = [ahead(i) for i in range(len(texts))]\n"
        "alone = [read_ahead.read(t, 16384) for t in texts]\n"
        "print(json.dumps({'same': [g == a for g, a in zip(got, alone)], 'of': [g is not None and g.text == t\n"
        "                  for g, t in zip(got, texts)], 'refused': got[-1] is None and alone[-1] is None}))\n",
        json.dumps(texts))
    assert all(found["same"])
    assert all(found["of"][:-1])  # every text read ahead, as the writer reads it
    assert found["refused"]       # (one the writer refuses: none, and the writer says why)


def test_a_refused_line_is_named_with_the_readers_on(ws):
    rows = records(read_ahead.MIN_RECORDS + 60)
    rows[430]["content"] = "word " * 400  # repeats itself: nothing a person said
    result = ws.run("remember.py", "--jsonl", "-", input="".join(json.dumps(r) + "\n" for r in rows),
                    env={"HIPPOCAMPUS_READERS": "2"}, expect=None)
    assert result.returncode != 0 and "Traceback" not in result.err
    assert "line 431: nothing to remember: the text repeats itself" in result.err
    assert ws.index()["memories"] == []  # one transaction: nothing of the other lines either

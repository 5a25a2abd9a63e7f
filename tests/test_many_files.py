"""A write of many files (a bulk import, a consolidation) writes and fsyncs their bytes on
threads first (fsutil.write_temporaries), then puts each in place: all of them land, and a
failure on any leaves none placed and no temporary behind."""

import json

import pytest

from hippocampus.base import fsutil
from hippocampus.errors import WorkspaceError


def test_a_failure_among_many_leaves_no_file_and_no_temporary(tmp_path):
    (tmp_path / "blocked").write_text("a file where a folder should be")
    items = [(tmp_path / "notes" / f"n{k:02d}.md", f"note {k}\n") for k in range(40)]
    items.insert(17, (tmp_path / "blocked" / "inside.md", b"cannot be written"))
    with pytest.raises(WorkspaceError):
        fsutil.write_temporaries(items)
    left = sorted(p.name for p in tmp_path.rglob("*") if p.is_file())
    assert left == ["blocked"]  # no note in place, no temporary


class _CtrlCAfterTheWait:
    """A future whose wait is cut by a Ctrl-C just as its write has finished (the main thread's
    KeyboardInterrupt comes out of result(), the write's temporary is on disk)."""

    def __init__(self, future):
        self.future = future

    def result(self):
        self.future.result()
        raise KeyboardInterrupt


@pytest.mark.parametrize("where", ["inside a wait", "between two waits"])
def test_a_ctrl_c_while_many_are_written_leaves_no_temporary(tmp_path, where):
    items = [(tmp_path / "notes" / f"n{k:02d}.md", f"note {k}\n") for k in range(40)]

    def track(futures):
        for k, (path, future) in enumerate(futures):
            if k == 5:
                if where == "between two waits":
                    raise KeyboardInterrupt
                future = _CtrlCAfterTheWait(future)
            yield path, future

    with pytest.raises(KeyboardInterrupt):
        fsutil.write_temporaries(items, track=track)
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == []


def test_every_temporary_holds_its_bytes_and_the_stamp_of_them(tmp_path):
    items = [(tmp_path / f"d{k % 3}" / f"n{k:02d}.md", [b"part one, ", f"note {k}\n".encode()]) for k in range(40)]
    done = fsutil.write_temporaries(items)
    assert set(done) == {path for path, _data in items}
    for path, data in items:
        tmp, stamp = done[path]
        assert tmp.parent == path.parent and not path.exists()
        assert tmp.read_bytes() == b"".join(data) and stamp[1] == len(b"".join(data))
    assert fsutil.write_temporaries(items[:5]) == {}  # few: the caller writes them itself


def test_a_bulk_import_of_many_lands_every_file_and_leaves_a_clean_tree(ws):
    lines = "".join(json.dumps({"content": f"Bulk fact number {k}: the {k}th lantern is green"}) + "\n"
                    for k in range(60))
    ws.run("remember.py", "--jsonl", "-", input=lines, now="2026-03-01T10:00:00Z")
    memories = ws.index()["memories"]
    assert len(memories) == 60
    for memory in memories:
        assert f"Bulk fact number" in (ws.root / memory["file"]).read_text()
    assert not [p for p in ws.root.rglob("*.tmp")]
    assert ws.git("status", "--porcelain") == ""
    assert ws.json("doctor.py")["healthy"] is True


def test_a_forget_of_many_stays_inside_a_low_open_files_limit(ws):
    """Each file a change moves is removed checked (safe_replace.remove_verified) and watched for
    a save a moment late; the descriptors it keeps for that are bounded, so a forget of hundreds
    (a consolidation's archiving: thousands) is not refused for "Too many open files"."""
    import os
    import resource
    import subprocess
    import sys

    from conftest import SCRIPTS

    lines = "".join(json.dumps({"content": f"Lantern {k} on the quay is painted blue", "domain": "world"}) + "\n"
                    for k in range(300))
    ids = json.loads(ws.run("remember.py", "--jsonl", "-", "--json", input=lines, now="2026-03-01T10:00:00Z").out)["ids"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW="2026-03-02T10:00:00Z")
    limit = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))  # noqa: E731
    done = subprocess.run([sys.executable, "-S", str(SCRIPTS / "forget.py"), *ids], env=env, capture_output=True,
                          preexec_fn=limit, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert all(m["status"] == "archived" and m["file"].startswith("hippocampus/archive/") for m in ws.index()["memories"])
    assert not [p for p in ws.root.rglob("*.tmp")]
    assert ws.git("status", "--porcelain") == ""


def test_the_temporaries_a_killed_writer_left_are_cleared_by_the_next_write_of_many(tmp_path):
    """A writer killed while it wrote many files leaves a temporary beside each (thousands, in a
    consolidation's folders): the next write of many into those folders removes those of a process
    that is gone, and nothing else."""
    import os
    import subprocess
    child = subprocess.Popen(["true"])
    child.wait()
    notes = tmp_path / "notes"
    notes.mkdir()
    left = [notes / f".n{k:02d}.md.{child.pid}.tmp" for k in range(300)]
    for path in left:
        path.write_text("half")
    others = [notes / ".n01.md.undo.tmp", notes / ".plan.tmp", notes / f".n02.md.{os.getppid()}.tmp", notes / "n99.md"]
    for path in others:
        path.write_text("kept")
    done = fsutil.write_temporaries([(notes / f"n{k:02d}.md", f"note {k}\n") for k in range(40)])
    for tmp, _stamp in done.values():
        fsutil.discard(tmp)
    assert not any(path.exists() for path in left)
    assert all(path.read_text() == "kept" for path in others)


def test_a_bulk_import_after_a_killed_one_leaves_none_of_its_temporaries(ws):
    """What a bulk import killed while writing left (a temporary beside each file, and the index's,
    megabytes at 100,000 memories): the next bulk import clears it."""
    import subprocess
    child = subprocess.Popen(["true"])
    child.wait()
    ws.remember("The first lantern is red")
    folder = (ws.root / ws.index()["memories"][0]["file"]).parent
    left = [ws.store / f".index.json.{child.pid}.tmp", *(folder / f".old-{k}.md.{child.pid}.tmp" for k in range(50))]
    for path in left:
        path.write_text("half")
    lines = "".join(json.dumps({"content": f"Bulk fact number {k}: the {k}th lantern is green"}) + "\n"
                    for k in range(60))
    ws.run("remember.py", "--jsonl", "-", input=lines, now="2026-03-01T10:00:00Z")
    assert not [p for p in ws.root.rglob("*.tmp")]
    assert ws.json("doctor.py")["healthy"] is True

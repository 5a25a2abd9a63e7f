"""Many writers and readers at once: every write lands exactly once, every read succeeds."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _env(ws):
    return {**{k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}, "WORKSPACE": str(ws.root)}


def _writer(ws, kind: str, n: int, seed: int) -> subprocess.Popen:
    """A process doing n writes of one kind, one script call each (a shell loop, no shared Python)."""
    code = f"""
import json, subprocess, sys, os, random
scripts, kind, n, seed = {str(SCRIPTS)!r}, {kind!r}, {n}, {seed}
random.seed(seed)
failures = 0
def run(*args, stdin=None):
    global failures
    r = subprocess.run([sys.executable, os.path.join(scripts, args[0]), *args[1:]], input=stdin, capture_output=True)
    if r.returncode != 0:
        failures += 1
        sys.stderr.write(r.stderr.decode())
    return r
for i in range(n):
    if kind == "remember":
        run("remember.py", f"writer {{seed}} fact {{i}} about topic {{random.random()}}", "--domain", "world")
    elif kind == "episodic":  # every writer of this kind appends to the same daily log
        run("remember.py", f"writer {{seed}} episode {{i}} about topic {{random.random()}}", "--store", "episodic")
    elif kind == "bulk":
        lines = "\\n".join(json.dumps({{"content": f"bulk {{seed}}-{{i}}-{{j}} entry", "domain": "world"}}) for j in range(5))
        run("remember.py", "--jsonl", "-", stdin=lines.encode())
    elif kind == "decay":
        run("decay.py")
    elif kind == "reinforce" or kind == "forget":
        index = json.load(open(os.path.join(os.environ["WORKSPACE"], "memory", "index.json")))
        seeds = [m["id"] for m in index["memories"] if m["content"].startswith("seed")]
        run("reinforce.py" if kind == "reinforce" else "forget.py", random.choice(seeds))
    elif kind == "hand":
        path = os.path.join(os.environ["WORKSPACE"], "memory", "user", f"hand-{{seed}}-{{i}}.md")
        with open(path + ".tmp", "w") as f:
            f.write(f"hand written note {{seed}} {{i}}\\n")
        os.replace(path + ".tmp", path)
        run("remember.py", f"after hand edit {{seed}} {{i}}", "--domain", "user")
print(failures)
"""
    return subprocess.Popen([sys.executable, "-c", code], env=_env(ws), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _reader(ws, seconds: float) -> subprocess.Popen:
    code = f"""
import json, subprocess, sys, os, time
scripts = {str(SCRIPTS)!r}
deadline = time.time() + {seconds}
reads = bad = 0
index = os.path.join(os.environ["WORKSPACE"], "memory", "index.json")
while time.time() < deadline:
    r = subprocess.run([sys.executable, os.path.join(scripts, "recall.py"), "--json", "fact topic bulk"], capture_output=True)
    reads += 1
    if r.returncode != 0 or "Traceback" in r.stderr.decode():
        bad += 1; sys.stderr.write(r.stderr.decode())
    try:
        json.load(open(index))
    except Exception as exc:
        bad += 1; sys.stderr.write(f"index invalid: {{exc}}\\n")
print(reads, bad)
"""
    return subprocess.Popen([sys.executable, "-c", code], env=_env(ws), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def run_storm(ws, per_writer: int, reader_seconds: float, timeout: float = 600) -> dict:
    """8 writers of `per_writer` calls each and 2 readers; each waited for up to `timeout` seconds."""
    ws.json("remember.py", "--jsonl", "-", input="\n".join(
        json.dumps({"content": f"seed memory {i}", "domain": "world"}) for i in range(10)))
    commits_before = len(ws.commits())
    kinds = ["remember", "episodic", "bulk", "decay", "reinforce", "forget", "hand", "episodic"]
    writers = [_writer(ws, kind, per_writer, seed) for seed, kind in enumerate(kinds)]
    readers = [_reader(ws, reader_seconds) for _ in range(2)]
    failures, errors = [], []
    for proc in writers:
        out, err = proc.communicate(timeout=timeout)
        failures.append(int(out.strip() or 0))
        errors += [line for line in err.splitlines() if line.strip()]
        assert "Traceback" not in err, err
    reads = bad = 0
    for proc in readers:
        out, err = proc.communicate(timeout=timeout)
        r, b = map(int, out.split())
        reads, bad = reads + r, bad + b
        assert b == 0, err
    return {"failures": failures, "errors": errors, "reads": reads, "bad": bad, "kinds": kinds,
            "commits_before": commits_before}


def check_storm(ws, result: dict, per_writer: int) -> None:
    assert sum(result["failures"]) == 0
    index = ws.index()
    contents = [m["content"] for m in index["memories"]]
    for seed, kind in enumerate(result["kinds"]):
        if kind == "remember":
            mine = [c for c in contents if c.startswith(f"writer {seed} fact ")]
            assert len(mine) == per_writer, (seed, len(mine))
        if kind == "episodic":
            mine = [m for m in index["memories"] if m["content"].startswith(f"writer {seed} episode ")]
            assert len(mine) == per_writer, (seed, len(mine))
            for memory in mine:  # each entry is in its day's log, under its own marker
                assert f"· {memory['id']}\n{memory['content']}" in (ws.root / memory["file"]).read_text()
        if kind == "bulk":
            mine = [c for c in contents if c.startswith(f"bulk {seed}-")]
            assert len(mine) == per_writer * 5
        if kind == "hand":
            assert len([c for c in contents if c.startswith(f"hand written note {seed} ")]) == per_writer
            assert len([c for c in contents if c.startswith(f"after hand edit {seed} ")]) == per_writer
    assert len(set(m["id"] for m in index["memories"])) == len(index["memories"])
    assert ws.git("status", "--porcelain") == ""
    # every writer call is its own commit (decay may find nothing to change on the same day)
    writes = per_writer * 7
    new_commits = len(ws.commits()) - result["commits_before"]
    assert new_commits >= writes
    assert ws.json("doctor.py")["healthy"]


def test_eight_writers_and_two_readers(ws):
    result = run_storm(ws, per_writer=4, reader_seconds=4)
    check_storm(ws, result, 4)
    assert result["reads"] > 0


@pytest.mark.stress
def test_eight_writers_heavy(ws):
    result = run_storm(ws, per_writer=25, reader_seconds=30)
    check_storm(ws, result, 25)


def test_lock_times_out_with_exit_3(ws):
    (ws.store / "config.yaml").write_text("lock_timeout_seconds: 1\n")
    holder = subprocess.Popen([sys.executable, "-c", f"""
import fcntl, os, time
fd = os.open({str(ws.side / '.lock')!r}, os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(30)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        result = ws.run("remember.py", "blocked write", expect=3)
        assert "locked by another writer" in result.err and time.monotonic() - started < 10
        assert ws.json("recall.py", "blocked")["results"] == []  # readers never wait
    finally:
        holder.kill()
        holder.wait()
    # the kernel dropped the dead holder's lock: the next writer proceeds at once
    ws.remember("after the holder died")


def _holder(ws) -> subprocess.Popen:
    """A process holding the workspace lock until its stdin closes."""
    holder = subprocess.Popen([sys.executable, "-c", f"""
import fcntl, os, sys
fd = os.open({str(ws.side / '.lock')!r}, os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    return holder


def _tickets(ws) -> list[str]:
    queue = ws.side / ".cache" / "lock-queue"
    return sorted(name for name in os.listdir(queue) if name.endswith(".ticket")) if queue.is_dir() else []


def test_writers_waiting_for_the_lock_get_it_in_the_order_they_came(ws):
    """Five writers that find the lock held wait in a queue: each commits in its turn, none barges
    in ahead of one that came before it (the kernel alone hands the lock to whichever asks first)."""
    ws.remember("first memory, before any wait")
    holder = _holder(ws)
    writers = []
    try:
        for n in range(5):
            writers.append(subprocess.Popen([sys.executable, "-S", str(SCRIPTS / "remember.py"),
                                             f"queued write number {n} about rivers"], env=_env(ws),
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE))
            deadline = time.monotonic() + 60
            while len(_tickets(ws)) < n + 1 and time.monotonic() < deadline:
                time.sleep(0.01)  # (its ticket taken: the next comes after it)
            assert len(_tickets(ws)) == n + 1
    finally:
        holder.stdin.close()
        holder.wait()
    for proc in writers:
        assert proc.wait(timeout=120) == 0, proc.stderr.read()
    order = [s for s in reversed(ws.commits()) if "queued write number" in s]
    assert order == [f"remember: queued write number {n} about rivers" for n in range(5)], order
    assert _tickets(ws) == []


def test_a_ticket_whose_waiter_died_holds_no_one_up(ws):
    """A waiter killed in the queue leaves its ticket: the next waiter sees it is no one's (its flock is
    free), removes it and takes its turn."""
    ws.remember("first memory, before any wait")
    queue = ws.side / ".cache" / "lock-queue"
    queue.mkdir(parents=True, exist_ok=True)
    dead = "00000000000000000001-99999-abcdef.ticket"
    (queue / dead).write_text("")  # the oldest there is, and no one's
    holder = _holder(ws)
    waiter = subprocess.Popen([sys.executable, "-S", str(SCRIPTS / "remember.py"), "after a dead waiter"],
                              env=_env(ws), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while not (len(_tickets(ws)) == 1 and dead not in _tickets(ws)) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(_tickets(ws)) == 1 and dead not in _tickets(ws)  # the waiter's own, the dead one removed
    holder.stdin.close()
    holder.wait()
    assert waiter.wait(timeout=120) == 0, waiter.stderr.read()
    assert any("after a dead waiter" in s for s in ws.commits())
    assert _tickets(ws) == []


def _waiter(ws, hold: float, timeout: float) -> subprocess.Popen:
    """A writer's wait for the workspace lock (the library's, timeout `timeout`), then `hold` seconds
    with it; prints "took" or the refusal."""
    return subprocess.Popen([sys.executable, "-c", f"""
import sys, time
sys.path.insert(0, {str(SCRIPTS)!r})
from pathlib import Path
from hippocampus.errors import WorkspaceError
from hippocampus.store.lock import WorkspaceLock
started = time.monotonic()
try:
    with WorkspaceLock(Path({str(ws.side / '.lock')!r}), {timeout}):
        print("took", flush=True)
        time.sleep({hold})
except WorkspaceError as exc:
    print(f"refused after {{time.monotonic() - started:.1f}} s:", exc, flush=True)
"""], stdout=subprocess.PIPE, text=True)


def test_the_timeout_is_for_one_writer_holding_the_lock_not_for_the_queue(ws):
    """Five writers, each holding the lock 1.2 s, with a timeout of 2 s: the last waits ~5 s in all,
    but never 2 s without a turn, so every one gets its turn. One holder that keeps it 4 s: the
    waiter behind it is refused once 2 s have passed with no one getting a turn."""
    first = _waiter(ws, hold=1.2, timeout=2.0)
    assert first.stdout.readline().strip() == "took"
    waiters = [first]
    for n in range(4):
        waiters.append(_waiter(ws, hold=1.2, timeout=2.0))
        deadline = time.monotonic() + 20
        while len(_tickets(ws)) < n + 1 and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
    said = [proc.communicate(timeout=60)[0].strip() for proc in waiters]
    assert said == ["", "took", "took", "took", "took"], said  # (the first's "took" read above)
    slow = _waiter(ws, hold=4, timeout=2.0)
    assert slow.stdout.readline().strip() == "took"
    behind = _waiter(ws, hold=0, timeout=2.0)
    assert "workspace is locked by another writer for more" in behind.communicate(timeout=60)[0]
    slow.wait(timeout=60)
    assert _tickets(ws) == []


def test_behind_a_writer_that_hangs_every_waiter_is_refused_after_the_timeout(ws):
    """Waiters that give up are no turn: four waiters (timeout 2 s) behind a holder that never lets go
    are each refused about 2 s after they came, not one after another (the last after ~8 s)."""
    holder = _holder(ws)
    waiters = []
    try:
        for n in range(4):
            waiters.append(_waiter(ws, hold=0, timeout=2.0))
            deadline = time.monotonic() + 20
            while len(_tickets(ws)) < n + 1 and time.monotonic() < deadline:
                time.sleep(0.005)
        said = [proc.communicate(timeout=60)[0] for proc in waiters]
    finally:
        holder.stdin.close()
        holder.wait()
    waits = [float(text.split("refused after ")[1].split(" s")[0]) for text in said]
    assert all(2.0 <= wait < 5.0 for wait in waits), said
    assert _tickets(ws) == []

"""The audit log is rotated by month (and when long) into hippocampus/meta/audit/,
in the same commit, and nothing of it is lost or doubled."""

from hippocampus.store.audit_archive import ROTATE_OVER_BYTES


def _log(ws):
    return ws.meta / "audit.log"


def _month_file(ws, month):
    return ws.meta / "audit" / f"{month}.log"


def _line(time, memory_id, words):
    return f"{time} | bot:remember | remember | {memory_id} | {words}\n"


def test_a_new_month_starts_a_new_log_in_the_same_commit(ws):
    november = ws.remember("User keeps bees in the garden", "--domain", "user", now="2026-11-20T10:00:00Z")
    before = ws.audit()
    assert not _month_file(ws, "2026-11").exists()
    december = ws.remember("User bought a second hive", "--domain", "user", now="2026-12-02T09:00:00Z")
    assert _log(ws).read_text().splitlines() == [ws.audit()[-1]]
    assert december in _log(ws).read_text()
    archived = _month_file(ws, "2026-11").read_text().splitlines()
    assert archived == [line for line in before if line.startswith("2026-11")]
    assert sorted(ws.audit()) == sorted(before + [ws.audit()[-1]])  # nothing lost, nothing doubled
    changed = ws.git("show", "--name-status", "--format=", "HEAD").splitlines()
    assert "A\thippocampus/meta/audit/2026-11.log" in changed and "M\thippocampus/meta/audit.log" in changed
    assert ws.git("status", "--porcelain") == ""
    # the November memory's life is still read whole
    events = ws.json("history.py", november)["events"]
    assert events and events[0]["event"] == "created" and events[0]["time"].startswith("2026-11-20")
    # a later change in the same month leaves the month file alone
    ws.remember("User harvested honey", "--domain", "user", now="2026-12-05T09:00:00Z")
    assert _month_file(ws, "2026-11").read_text().splitlines() == archived
    assert len(_log(ws).read_text().splitlines()) == 2


def test_a_long_log_is_archived_within_the_month(ws):
    ws.remember("User plays the cello", "--domain", "user", now="2026-12-01T08:00:00Z")
    lines = "".join(_line("2026-12-01T08:00:01Z", f"mem_{n:012x}", "a long month of changes " * 4)
                    for n in range(ROTATE_OVER_BYTES // 120 + 10))
    with _log(ws).open("a") as log:
        log.write(lines)
    ws.git("add", "hippocampus/meta/audit.log")
    ws.git("commit", "-q", "-m", "a long history")
    before = ws.audit()
    assert _log(ws).stat().st_size > ROTATE_OVER_BYTES
    ws.remember("User tunes the cello weekly", "--domain", "user", now="2026-12-03T08:00:00Z")
    assert len(_log(ws).read_text().splitlines()) == 1
    assert _month_file(ws, "2026-12").read_text().splitlines() == [l for l in before if l.startswith("2026-12")]
    assert sorted(ws.audit()[:-1]) == sorted(before)
    assert ws.git("status", "--porcelain") == ""


def test_an_old_log_is_split_by_month_and_a_killed_rotation_is_not_doubled(ws):
    ws.remember("User runs on Sundays", "--domain", "user", now="2026-03-01T08:00:00Z")
    first = _log(ws).read_text()  # (the init line, of another month, went to its month file)
    assert first.startswith("2026-03-01") and len(first.splitlines()) == 1
    extra = (_line("2026-03-04T08:00:00Z", "mem_000000000001", "march")
             + "a line a person typed\n"
             + _line("2026-04-01T08:00:00Z", "mem_000000000002", "april")
             + _line("2026-05-09T08:00:00Z", "mem_000000000003", "may"))
    with _log(ws).open("a") as log:
        log.write(extra)
    ws.git("add", "hippocampus/meta/audit.log")
    ws.git("commit", "-q", "-m", "older lines")
    # as a rotation killed after its month files, before emptying the log, would leave it
    april = _line("2026-04-01T08:00:00Z", "mem_000000000002", "april")
    before = ws.audit()
    _month_file(ws, "2026-04").parent.mkdir(exist_ok=True)
    _month_file(ws, "2026-04").write_text(april)
    ws.remember("User ran a half marathon", "--domain", "user", now="2026-06-01T08:00:00Z")
    march = _month_file(ws, "2026-03").read_text()
    assert march == first + _line("2026-03-04T08:00:00Z", "mem_000000000001", "march") + "a line a person typed\n"
    assert _month_file(ws, "2026-04").read_text() == april
    assert _month_file(ws, "2026-05").read_text() == _line("2026-05-09T08:00:00Z", "mem_000000000003", "may")
    assert sorted(ws.audit()[:-1]) == sorted(before)
    assert ws.audit()[-1].startswith("2026-06-01") and len(_log(ws).read_text().splitlines()) == 1
    assert ws.git("status", "--porcelain") == ""


def test_dashboard_reads_recent_lines_across_the_archive(ws):
    ws.remember("User likes green tea", "--domain", "user", now="2026-11-10T08:00:00Z")
    ws.remember("User likes oolong too", "--domain", "user", now="2026-12-10T08:00:00Z")
    from hippocampus.store.audit_archive import last_lines
    from hippocampus.base.paths import WorkspacePaths
    recent = last_lines(WorkspacePaths(ws.root), 3)
    assert recent == ws.audit()[-3:] and recent[0].startswith("2026-11")
    page = (ws.root / ws.json("dashboard.py", now="2026-12-10T09:00:00Z")["file"]).read_text()
    assert "2026-11-10" in page


def test_a_writer_killed_mid_rotation_leaves_nothing_doubled_or_uncommitted(ws):
    """Killed after writing the month file, before emptying the log: the next
    writer commits the month file and does not append those lines again."""
    import os
    import subprocess
    import sys

    from conftest import SCRIPTS
    ws.remember("User collects stamps", "--domain", "user", now="2026-10-05T08:00:00Z")
    october = [line for line in ws.audit() if line.startswith("2026-10")]
    dies = ("import os, runpy, sys\n"
            f"sys.path.insert(0, {str(SCRIPTS)!r})\n"
            "from hippocampus.base import fsutil\n"
            "real = fsutil.atomic_write\n"
            "def atomic_write(path, data, **kw):\n"
            "    if path.name == 'audit.log' and not data:\n"
            "        os._exit(9)  # the month file is written; the log is not emptied yet\n"
            "    real(path, data, **kw)\n"
            "fsutil.atomic_write = atomic_write\n"
            "sys.argv = ['remember.py', 'User found a rare stamp']\n"
            f"runpy.run_path({str(SCRIPTS / 'remember.py')!r}, run_name='__main__')\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    result = subprocess.run([sys.executable, "-c", dies], capture_output=True, text=True,
                            env={**env, "WORKSPACE": str(ws.root), "HIPPOCAMPUS_NOW": "2026-11-02T08:00:00Z"})
    assert result.returncode == 9, result.stderr
    assert _month_file(ws, "2026-10").read_text().splitlines() == october  # written ...
    assert _log(ws).read_text().splitlines()[-len(october):] == october    # ... and still in the log
    ws.remember("User mounted the rare stamp", "--domain", "user", now="2026-11-03T08:00:00Z")
    assert _month_file(ws, "2026-10").read_text().splitlines() == october
    assert [line for line in ws.audit() if line.startswith("2026-10")] == october
    assert ws.git("status", "--porcelain") == ""
    assert "hippocampus/meta/audit/2026-10.log" in ws.git("ls-files", "hippocampus/meta/audit")

"""watch.py -- CMD: the command runs as given, its output passes through unchanged, a failure is
one error memory (command line, folder, exit code, last lines; redacted), the exit code is the
command's; the same failure again reinforces it."""
import json
import os
import subprocess
import sys

from conftest import SCRIPTS

PY = sys.executable


def watch(ws, cwd, *command, json_flag=True, env=None):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    full_env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW="2026-03-10T10:00:00Z", **(env or {}))
    args = [PY, "-S", str(SCRIPTS / "watch.py"), *(["--json"] if json_flag else []), "--", *command]
    result = subprocess.run(args, cwd=cwd, capture_output=True, env=full_env, timeout=120)
    assert b"Traceback" not in result.stderr, result.stderr
    return result


def errors(ws):
    return [m for m in ws.index()["memories"] if m["category"] == "errors"]


def summary(result):
    return json.loads(result.stderr.decode().strip().splitlines()[-1])


FAIL = ("import os, sys; print('building 12 modules'); sys.stdout.flush(); "
        "sys.stderr.write(f'\\x1b[31mError: cannot resolve ./api (pid {os.getpid()})\\x1b[0m\\n'); "
        "sys.stderr.write('token ghp_abcdefghijklmnopqrstuvwxyz0123456789 rejected\\n'); sys.exit(3)")


def test_a_failing_command_is_one_error_memory_and_its_exit_code(ws, tmp_path):
    before = len(ws.commits())
    result = watch(ws, tmp_path, PY, "-c", FAIL)
    assert result.returncode == 3
    assert result.stdout == b"building 12 modules\n"  # passed through unchanged
    assert b"\x1b[31mError: cannot resolve ./api (pid " in result.stderr  # as the command wrote it
    stored = summary(result)
    assert stored["exitCode"] == 3 and stored["stored"]["action"] == "added"
    (memory,) = errors(ws)
    assert memory["id"] == stored["stored"]["id"] and memory["source"] == "watch"
    content = memory["content"]
    assert content.startswith("Command failed: `")
    assert "(exit 3)" in content and str(tmp_path) in content and f"(project {tmp_path.name})" in content
    assert "Error: cannot resolve ./api (pid " in content and "\x1b" not in content  # escapes taken out
    assert "ghp_" not in content and "[REDACTED" in content
    assert "ghp_abcdefghijkl" not in ws.git("log", "-p", "--all")
    assert len(ws.commits()) == before + 1


def test_the_same_failure_again_reinforces_it(ws, tmp_path):
    first = summary(watch(ws, tmp_path, PY, "-c", FAIL))
    again = summary(watch(ws, tmp_path, PY, "-c", FAIL))  # its output differs: another pid
    assert again["stored"] == {"id": first["stored"]["id"], "action": "reinforced"}
    (memory,) = errors(ws)
    assert memory["timesReinforced"] == 1
    other = summary(watch(ws, tmp_path, PY, "-c", FAIL.replace("./api", "./web")))  # another failure
    assert other["stored"]["action"] == "added" and len(errors(ws)) == 2


def test_success_stores_nothing(ws, tmp_path):
    before = ws.commits()
    result = watch(ws, tmp_path, PY, "-c", "print('all 40 tests passed')", json_flag=False)
    assert result.returncode == 0 and result.stdout == b"all 40 tests passed\n" and result.stderr == b""
    assert ws.commits() == before and errors(ws) == []


def test_not_found_and_killed_by_a_signal(ws, tmp_path):
    missing = watch(ws, tmp_path, "no-such-command-xyz", "--flag")
    assert missing.returncode == 127 and "command not found: no-such-command-xyz" in missing.stderr.decode()
    killed = watch(ws, tmp_path, PY, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)")
    assert killed.returncode == 128 + 9 and summary(killed)["signal"] == 9
    contents = sorted(m["content"] for m in errors(ws))
    assert any("`no-such-command-xyz --flag` (not found, exit 127)" in c for c in contents)
    assert any("(killed by signal 9, exit 137)" in c for c in contents)


def test_arguments_are_never_read_by_a_shell(ws, tmp_path):
    result = watch(ws, tmp_path, PY, "-c", "import sys; print(sys.argv[1]); sys.exit(2)", "$(touch pwned); `touch x`")
    assert result.returncode == 2 and result.stdout == b"$(touch pwned); `touch x`\n"
    assert not (tmp_path / "pwned").exists() and not (tmp_path / "x").exists()


def test_long_output_is_bounded(ws, tmp_path):
    code = "import sys\nfor i in range(5000): sys.stderr.write(f'line {i} ' + 'x' * 500 + '\\n')\nsys.exit(1)"
    result = watch(ws, tmp_path, PY, "-c", code)
    assert result.returncode == 1 and result.stderr.count(b"\n") >= 5000  # all of it passed through
    (memory,) = errors(ws)
    assert len(memory["content"]) < 2500 and "line 4999" in memory["content"] and "line 4980" not in memory["content"]


def test_no_command_is_a_usage_error(ws, tmp_path):
    result = watch(ws, tmp_path)
    assert result.returncode == 1 and "give the command to run" in result.stderr.decode()

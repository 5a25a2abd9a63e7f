"""No bench module is named like a module Python would otherwise find, and no script like a
standard module: the tests put scripts/ (and two of them bench/) on sys.path, and bench/mcp.py
once stood in for the mcp package there, so the MCP server tests skipped as if mcp were not
installed; nor is a bench module named like a script. (The scripts' names are the commands
agents call; scripts/outcome.py shares its name with an installed package, `outcome`, which only
trio imports.)"""
import importlib.machinery
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_bench_module_is_named_like_an_installed_module_and_no_module_like_a_standard_one():
    ours = {ROOT / "bench", ROOT / "scripts", ROOT / "tests"}
    elsewhere = [entry for entry in sys.path if entry and Path(entry).resolve() not in ours]
    for folder in ("bench", "scripts"):
        for path in sorted((ROOT / folder).glob("*.py")):
            name = path.stem
            assert name not in sys.stdlib_module_names and name not in sys.builtin_module_names, path
            if folder == "bench":
                assert importlib.machinery.PathFinder.find_spec(name, elsewhere) is None, path
                assert not (ROOT / "scripts" / path.name).exists(), path  # (both folders on a test's path)

"""How the scripts start: SKILL.md has agents run `python3 -S scripts/X.py`.

-S starts Python without site-packages (whose .pth files may import modules at
every start). The hot paths need only the standard library; the paths that
read YAML (a hand-edited config.yaml or memory file, the knowledge graph) add
site-packages themselves (hippocampus.base.third_party). The rest of the suite runs
every script with -S; these tests check both ways and what the hot paths load.
"""

import pytest


def _hand_edit_and_graph(ws, flags):
    memory_id = ws.remember("User prefers tea", flags=flags)
    config = ws.store / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\nrecall:\n  default_top: 1\n", encoding="utf-8")
    ws.remember("User prefers tea in the afternoon", flags=flags)
    assert len(ws.json("recall.py", "tea", flags=flags)["results"]) == 1  # config.yaml read (PyYAML)
    path = ws.root / ws.memory(memory_id)["file"]
    path.write_text(path.read_text(encoding="utf-8").replace("prefers tea", "prefers green tea"), encoding="utf-8")
    assert ws.json("recall.py", "green", flags=flags)["results"][0]["id"] == memory_id  # frontmatter read
    ws.run("graph.py", "add", "Alice Chen", "--type", "person", "--alias", "Alice", flags=flags)
    assert ws.json("graph.py", "show", "Alice", flags=flags)["aliases"] == ["Alice"]
    assert ws.git("status", "--porcelain") == ""
    assert ws.commits()[:3] == ["graph-add: added person Alice Chen", "manual: edited by hand: User prefers green tea",
                                "remember: User prefers tea in the afternoon"]


@pytest.mark.parametrize("flags", [("-S",), ()], ids=["python3 -S", "python3"])
def test_the_paths_that_read_yaml_work_with_and_without_site_packages(ws, flags):
    _hand_edit_and_graph(ws, flags)


def test_recall_and_remember_load_nothing_from_site_packages(ws):
    ws.remember("User prefers tea")
    ws.json("recall.py", "tea")  # the cache is current
    for script, args in (("recall.py", ("tea",)), ("remember.py", ("User walks the dog at seven",))):
        result = ws.run(script, *args, flags=("-S", "-X", "importtime"))
        loaded = {line.split("|")[-1].strip() for line in result.err.splitlines() if line.startswith("import time:")}
        assert loaded, result.err
        assert not loaded & {"site", "yaml", "frontmatter"}, (script, loaded & {"site", "yaml", "frontmatter"})


@pytest.mark.parametrize("flags", [("-S",), ()], ids=["python3 -S", "python3"])
def test_a_missing_package_is_one_line_and_exit_3(ws, tmp_path, flags):
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "yaml.py").write_text("raise ImportError('shadowed for the test')\n")
    config = ws.store / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "\nrecall:\n  default_top: 1\n", encoding="utf-8")
    result = ws.run("recall.py", "tea", env={"PYTHONPATH": str(shadow)}, flags=flags, expect=3)
    assert result.err.count("\n") == 1 and "the Python package pyyaml is not installed" in result.err, result.err

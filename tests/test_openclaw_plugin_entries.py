"""Our memory plugin's entries in OpenClaw's config (hosts/openclaw_plugin.py, install.sh --openclaw-plugin): put in
beside whatever the person keeps in `plugins`, taken out to the very bytes; what is theirs stays theirs. (Against
the real OpenClaw: tests/hosts/test_openclaw_plugin.py.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from hippocampus.errors import UsageError
from hippocampus.hosts import openclaw_entries as oe
from hippocampus.hosts import openclaw_plugin as op

PLUGIN = "/src/hippocampus/openclaw-plugin"
words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=5)
plugin_sections = st.fixed_dictionaries({}, optional={
    "enabled": st.booleans(),
    "allow": st.lists(st.sampled_from(["memory-core", "browser", "x"]), max_size=2),
    "deny": st.lists(words, max_size=1),
    "load": st.fixed_dictionaries({}, optional={"paths": st.lists(words, max_size=2)}),
    "entries": st.dictionaries(st.sampled_from(["browser", "memory-core", "hippocampus"]),
                               st.fixed_dictionaries({"enabled": st.booleans()}), max_size=2),
    "slots": st.fixed_dictionaries({}, optional={"contextEngine": words}),
})
configs = st.fixed_dictionaries({}, optional={
    "gateway": st.fixed_dictionaries({"port": st.integers(1, 65535)}),
    "plugins": plugin_sections,
    "skills": st.fixed_dictionaries({}, optional={"load": st.fixed_dictionaries({}, optional={
        "extraDirs": st.lists(words, max_size=2)})})})
layouts = st.sampled_from([{"indent": None}, {"indent": 2}, {"indent": "\t"},
                           {"indent": None, "separators": (",", ":")}])


def strict(text: str) -> dict:
    """The JSON, refused where an object holds a key twice (which json.loads would quietly take)."""
    def pairs(items):
        keys = [key for key, _value in items]
        assert len(keys) == len(set(keys)), keys
        return dict(items)
    return json.loads(text, object_pairs_hook=pairs)


def add(text: str, workspace: str | None = None) -> str:
    """What wire_openclaw.py add --with-plugin does: the skill's entries, then the plugin's."""
    return op.put_in(oe.put_in(text, "openclaw.json", "/ws/HIPPOCAMPUS_CORE.md", "/src/hippocampus",
                               "/src/hippocampus/openclaw-hooks", False, False), "openclaw.json", PLUGIN, workspace)


def remove(text: str) -> str:
    return oe.take_out(op.take_out(text, "openclaw.json", PLUGIN), "openclaw.json", "/ws/HIPPOCAMPUS_CORE.md",
                       "/src/hippocampus", "/src/hippocampus/openclaw-hooks")


@settings(max_examples=200, deadline=None)
@given(data=configs, layout=layouts, crlf=st.booleans(), workspace=st.sampled_from([None, "/srv/my memories"]))
def test_the_plugin_goes_in_and_comes_out_to_the_very_bytes(data, layout, crlf, workspace):
    text = json.dumps(data, **layout) + "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    added = add(text, workspace)
    plugins = strict(added)["plugins"]
    assert plugins["slots"]["memory"] == "hippocampus" and plugins["load"]["paths"][-1] == PLUGIN
    theirs = data.get("plugins", {}).get("entries", {}).get("hippocampus")
    assert plugins["entries"]["hippocampus"] == (theirs or op.entry(workspace))  # theirs stays theirs
    assert ("hippocampus" in plugins.get("allow", [])) == ("allow" in data.get("plugins", {}))  # never made one
    assert add(added, workspace) == added  # once
    assert remove(added) == text


def test_a_json5_config_keeps_its_comments_and_comes_back():
    text = "// mine\n{\n  plugins: {\n    allow: ['browser'], // only these\n    entries: {},\n  },\n}\n"
    added = add(text, "/srv/ws")
    assert added.startswith("// mine\n{\n  plugins: {\n    allow: ['browser', \"hippocampus\"], // only these\n")
    data = oe.read(added, "openclaw.json")["plugins"]
    assert data["entries"]["hippocampus"]["config"] == {"workspace": "/srv/ws"}
    assert remove(added) == text


@pytest.mark.parametrize("held", ["memory-core", "memory-lancedb", "none", "", None, 5, ["hippocampus"]])
def test_a_slot_set_to_anything_else_is_refused(held):
    text = json.dumps({"plugins": {"slots": {"memory": held}}})
    with pytest.raises(UsageError, match="plugins.slots.memory is " + json.dumps(held).replace("[", r"\[")):
        op.put_in(text, "openclaw.json", PLUGIN, None)


@pytest.mark.parametrize("theirs", [None, True, "on", {}])
def test_an_entry_of_the_persons_under_our_name_is_never_doubled(theirs):
    text = json.dumps({"plugins": {"entries": {"hippocampus": theirs}}})
    added = op.put_in(text, "openclaw.json", PLUGIN, None)
    assert strict(added)["plugins"]["entries"] == {"hippocampus": theirs}
    assert op.take_out(added, "openclaw.json", PLUGIN) == text


def test_what_the_person_wrote_under_our_name_stays_when_we_go():
    # never installed here (our folder not in load.paths): an entry and a slot naming hippocampus are theirs
    text = json.dumps({"plugins": {"slots": {"memory": "hippocampus"},
                                   "entries": {"hippocampus": op.entry(None)}}}, indent=2)
    assert op.take_out(text, "openclaw.json", PLUGIN) == text
    # installed, then changed by the person (auto-capture on): their entry stays, the rest of ours goes
    added = op.put_in("{}", "openclaw.json", PLUGIN, None)
    data = json.loads(added)
    data["plugins"]["entries"]["hippocampus"]["config"] = {"autoCapture": True}
    left = json.loads(op.take_out(json.dumps(data), "openclaw.json", PLUGIN))
    assert left == {"plugins": {"entries": {"hippocampus": {**op.entry(None), "config": {"autoCapture": True}}}}}

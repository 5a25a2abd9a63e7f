"""text/json_splice.py: our entries put into a person's JSON or JSON5 file as text and taken out to the very
bytes, whatever the layout (indentation, one line, CRLF, a byte order mark, empty objects written `{}`,
`{ }` or `{\\n}`, comments), and a change the person made in between kept."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from hippocampus.text import json_splice
from hippocampus.text.json_text import parse

OURS = {"hooks": [{"type": "command", "command": "python3 /x/agent_hook.py session-end --hippocampus-hook"}]}
EVENTS = ("SessionStart", "Stop", "SessionEnd")

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=6))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                      max_leaves=8)
keys = st.sampled_from(["hooks", "a", "Stop", ""])
layouts = st.sampled_from([{"indent": None}, {"indent": 2}, {"indent": 4}, {"indent": "\t"},
                           {"indent": None, "separators": (",", ":")}, {"indent": 1, "separators": (",", ": ")}])
empties = st.sampled_from(["{}", "{ }", "{\n}", "{\n  }", "{\r\n}"])


def laid_out(data, layout, ascii, ending, crlf, bom, empty) -> str:
    text = json.dumps(data, ensure_ascii=ascii, **layout).replace('"<empty>"', empty) + ending
    if crlf:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    return ("\ufeff" if bom else "") + text


def with_containers(data: dict, path: list, depth: int) -> dict:
    """`data` with the first `depth` objects of `path` there (the last one empty, written as "<empty>")."""
    node = data
    for i, key in enumerate(path[:depth]):
        if not isinstance(node.get(key), dict):
            node[key] = "<empty>" if i == depth - 1 else {}
        if node[key] == "<empty>":
            break
        node = node[key]
    return data


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(keys, values, max_size=4), path=st.lists(keys, min_size=1, max_size=3),
       depth=st.integers(0, 3), layout=layouts, ascii=st.booleans(), ending=st.sampled_from(["", "\n", " \n"]),
       crlf=st.booleans(), bom=st.booleans(), empty=empties, member=st.booleans())
def test_anything_added_comes_out_to_the_very_bytes(data, path, depth, layout, ascii, ending, crlf, bom, empty,
                                                    member):
    text = laid_out(with_containers(data, path, depth), layout, ascii, ending, crlf, bom, empty)
    key = "zz-ours" if member else None
    try:
        added = json_splice.add(text, tuple(path), OURS, key=key)
    except ValueError:
        return  # something other than an object on the way: refused, nothing changed
    found = parse(added).value
    for step in path:
        found = found[step]
    assert (found[key] if member else found[-1]) == OURS
    pick = (lambda k, _v: k == "zz-ours") if member else (lambda _k, v: v == OURS)
    assert json_splice.remove(added, tuple(path), pick) == (text, False)


@settings(max_examples=200, deadline=None)
@given(data=st.dictionaries(keys, values, max_size=4), path=st.lists(keys, min_size=1, max_size=3),
       layout=layouts, where=st.integers(0, 3), theirs=values)
def test_what_the_person_added_since_stays_and_only_ours_goes(data, path, layout, where, theirs):
    text = json.dumps(data, **layout) + "\n"
    try:
        added = json_splice.add(text, tuple(path), "/srv/ours")
        upto = tuple(path[:where])
        edited = json_splice.add(added, upto, theirs, key="added-since")
    except ValueError:
        return
    back, whole = json_splice.remove(edited, tuple(path), lambda _k, v: v == "/srv/ours")
    want = json.loads(text)
    node = want
    for step in upto:
        node = node.setdefault(step, {})  # (an object we made and they wrote into stays, with theirs)
    node["added-since"] = theirs
    assert json.loads(back) == want and not whole


@pytest.mark.parametrize("text", [
    '{\n  "model": "opus",\n  "hooks": {}\n}\n',
    '{"model":"opus","hooks":{}}',
    '{\n  "hooks": {\n  }\n}',
    '{}\n',
    '{"hooks": {"SessionStart": [], "Stop": [ ], "SessionEnd": [\n]}}',
])
def test_an_empty_hooks_object_or_list_stays_as_it_was_written(text):
    added = text
    for event in EVENTS:
        added = json_splice.add(added, ("hooks", event), OURS)
    assert [len(parse(added).value["hooks"][e]) for e in EVENTS] == [1, 1, 1]
    back = added
    for event in reversed(EVENTS):
        back, whole = json_splice.remove(back, ("hooks", event), lambda _k, v: v == OURS)
        assert not whole
    assert back == text


def test_a_file_we_created_is_ours_to_delete_and_one_of_white_space_comes_back():
    made = json_splice.create({"mcpServers": {"hippocampus": {"command": "python3"}}})
    assert json_splice.remove(made, ("mcpServers",), lambda k, _v: k == "hippocampus")[1] is True
    for blank in ("", "\n", " \r\n"):
        made = json_splice.create({"mcpServers": {"hippocampus": {}}}, blank)
        assert json.loads(made) == {"mcpServers": {"hippocampus": {}}}
        assert json_splice.remove(made, ("mcpServers",), lambda k, _v: k == "hippocampus") == (blank, False)


def test_json5_keeps_its_comments_quotes_and_trailing_commas():
    text = ("// my config\n{\n  gateway: {mode: 'local', auth: {token: 'a\\'b'}},  // trailing\n"
            "  skills: {load: {extraDirs: ['/a',],},},\n  n: [0x1F, +1, .5, Infinity],\n  /* end */\n}\n")
    data = parse(text, json5=True).value
    assert data["gateway"]["auth"]["token"] == "a'b" and data["n"][:3] == [31, 1, 0.5]
    added = json_splice.add(text, ("skills", "load", "extraDirs"), "/ours", json5=True)
    added = json_splice.add(added, ("memory", "search", "extraPaths"), "/core", json5=True)
    assert parse(added, json5=True).value["skills"]["load"]["extraDirs"] == ["/a", "/ours"]
    assert added.startswith("// my config\n{\n  gateway: {mode: 'local'")
    back, _ = json_splice.remove(added, ("memory", "search", "extraPaths"), lambda _k, v: v == "/core", json5=True)
    back, _ = json_splice.remove(back, ("skills", "load", "extraDirs"), lambda _k, v: v == "/ours", json5=True)
    assert back == text
    with pytest.raises(ValueError):
        parse(text)  # not JSON: only read as JSON5 when asked


@pytest.mark.parametrize("text", ['{"a": 1, "a": 2}', '{"hooks": []}', '{"hooks": {"Stop": {}}}', '[1]'])
def test_what_cannot_take_our_entry_is_refused_unchanged(text):
    with pytest.raises(ValueError):
        json_splice.add(text, ("a",) if text.startswith('{"a"') else ("hooks", "Stop"), OURS)


# ---------------------------------------------------- the files that use it, in any layout
groups = st.lists(st.fixed_dictionaries({"hooks": st.lists(st.fixed_dictionaries(
    {"type": st.just("command"), "command": st.text(max_size=8)}), max_size=2)}), max_size=2)
claude_settings = st.fixed_dictionaries({}, optional={
    "model": st.text(max_size=6), "hooks": st.dictionaries(st.sampled_from(EVENTS + ("Notification",)), groups,
                                                           max_size=3)})
openclaw_configs = st.fixed_dictionaries({}, optional={
    "gateway": st.fixed_dictionaries({"port": st.integers(1, 65535)}),
    "memory": st.fixed_dictionaries({}, optional={"search": st.fixed_dictionaries({}, optional={
        "extraPaths": st.lists(st.text(max_size=5), max_size=2)})}),
    "skills": st.fixed_dictionaries({}, optional={"load": st.fixed_dictionaries({}, optional={
        "extraDirs": st.lists(st.text(max_size=5), max_size=2)})})})


@settings(max_examples=150, deadline=None)
@given(data=claude_settings, layout=layouts, crlf=st.booleans(), bom=st.booleans(), ending=st.sampled_from(["", "\n"]))
def test_claude_settings_come_back_to_the_very_bytes(data, layout, crlf, bom, ending):
    from hippocampus.hosts import claude_settings as cs
    text = laid_out(data, layout, False, ending, crlf, bom, "{}")
    added = cs.put_in(text, "/x/agent_hook.py", "/srv/ws", None)
    assert cs.put_in(added, "/x/agent_hook.py", "/srv/ws", None) is None  # (already there)
    assert cs.take_out(added, "/x/agent_hook.py") == (text, False)


@settings(max_examples=150, deadline=None)
@given(data=openclaw_configs, layout=layouts, crlf=st.booleans(), core=st.booleans(), hooks=st.booleans())
def test_openclaw_configs_come_back_to_the_very_bytes(data, layout, crlf, core, hooks):
    from hippocampus.hosts import openclaw_entries as oe
    text = laid_out(data, layout, False, "\n", crlf, False, "{}")
    added = oe.put_in(text, "openclaw.json", "/ws/HIPPOCAMPUS_CORE.md", "/skill", "/skill/openclaw-hooks", core, hooks)
    assert oe.take_out(added, "openclaw.json", "/ws/HIPPOCAMPUS_CORE.md", "/skill", "/skill/openclaw-hooks") == text

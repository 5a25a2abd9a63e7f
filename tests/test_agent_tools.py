"""agent_tools.Tools in process (what the MCP server calls; it needs no SDK): numbers of any kind a JSON
client may send are checked as the scripts check their flags."""

import pytest

from hippocampus.hosts.agent_tools import Tools
from hippocampus.errors import UsageError


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan"), 2.5, True, "3", 0, 1001])
def test_a_count_that_is_not_a_whole_number_in_range_is_a_usage_error(ws, value):
    with pytest.raises(UsageError, match="top must be"):
        Tools(ws.root).recall("anything", top=value)


@pytest.mark.parametrize("value", [float("inf"), float("nan"), -0.1, 1.5, "high", False])
def test_an_importance_outside_0_to_1_is_a_usage_error(ws, value):
    with pytest.raises(UsageError, match="importance must be"):
        Tools(ws.root).remember("Lunch is at noon", importance=value)
    assert ws.index()["memories"] == []

"""Daily logs: whatever a memory says, its entry parses back to exactly its words."""

from hypothesis import given, settings, strategies as st

from hippocampus.store import episodes

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\r\x85\u2028\u2029"),
               min_size=1, max_size=200).map(str.strip).filter(bool)
LINES = st.lists(st.one_of(TEXT, st.sampled_from(["## 12:00 · mem_aaaaaaaaaaaa", "# heading", "\\# escaped",
                                                   "\\\\## two", "- a bullet", "", "```", "## "])),
                 min_size=1, max_size=6).map(lambda parts: "\n".join(parts).strip()).filter(bool)


@settings(max_examples=200, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=4))
def test_entries_round_trip(contents):
    text = episodes.header("2026-03-10")
    memories = [{"id": f"mem_{n:012d}", "content": content, "created": f"2026-03-10T1{n}:00:00Z"}
                for n, content in enumerate(contents)]
    for memory in memories:
        text += episodes.render_entry(memory)
    parsed = episodes.parse(text)
    assert [e.memory_id for e in parsed] == [m["id"] for m in memories]
    assert [e.content for e in parsed] == [m["content"] for m in memories]
    for entry, memory in zip(parsed, memories):
        assert entry.hash == episodes.entry_hash(memory["content"])
    # removing one entry leaves the others exactly as they were
    kept = episodes.parse(episodes.remove_entry(text, memories[0]["id"]))
    assert [e.content for e in kept] == [m["content"] for m in memories[1:]]

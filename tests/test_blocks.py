"""Our marked block in a person's file: added and removed without touching a byte of theirs."""

import pytest
from hypothesis import given, strategies as st

from hippocampus.text.blocks import END, START, made_it, with_block, without_block
from hippocampus.errors import WorkspaceError


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300).filter(
    lambda t: "hippocampus:" not in t))
def test_add_then_remove_gives_back_every_byte(text):
    added = with_block(text, "## Memory\nrun load_core.py")
    assert added.count(START) == 1 and added.count(END) == 1
    assert with_block(added, "## Memory\nrun load_core.py") == added  # idempotent
    assert without_block(added) == text


def test_updating_the_block_keeps_what_surrounds_it():
    text = with_block("# Mine\n", "old words")
    text = text + "\n## Written after our block\n"
    updated = with_block(text, "new words")
    assert "new words" in updated and "old words" not in updated
    assert updated.startswith("# Mine\n") and updated.endswith("\n## Written after our block\n")


def test_unpaired_markers_are_refused():
    with pytest.raises(WorkspaceError):
        with_block(f"# Mine\n{START}\nhalf\n", "x")
    with pytest.raises(WorkspaceError):
        without_block(f"{END}\n{START}\n")


def test_an_empty_file_comes_back_empty_and_only_a_file_we_made_is_ours():
    made = with_block(None, "words")
    assert made_it(made) and without_block(made) == ""
    kept = with_block("", "words")
    assert not made_it(kept) and without_block(kept) == ""  # the person's empty file: kept, not deleted

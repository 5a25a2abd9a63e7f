"""A memory file's frontmatter, written without PyYAML in the common case,
must read back as exactly the fields written, whatever they hold."""

import frontmatter
from hypothesis import given, settings, strategies as st

from hippocampus.store import memfile

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30)
WORDS = st.sampled_from(["world", "facts", "you're", "yes", "No", "null", "2026-10-10T12:00:00Z", "a: b",
                         "x #y", "-dash", "café ok", "a\u2028b", "\x85", "\ufeffbom", "emoji 😀", "\U0001F600 first", "import:chatgpt", "[x]", "a,b", "1e5", ".inf", "~"])
VALUE = st.one_of(WORDS, TEXT)


@settings(max_examples=400, deadline=None)
@given(domain=VALUE, category=VALUE, created=VALUE, source=VALUE, title=VALUE,
       keywords=st.lists(VALUE, max_size=5))
def test_frontmatter_reads_back_as_written(domain, category, created, source, title, keywords):
    memory = {"id": "mem_0123456789ab", "domain": domain, "category": category, "created": created,
              "keywords": keywords, "source": source, "title": title, "content": "The body"}
    post = frontmatter.loads(memfile.render(memory))
    expected = {k: memory[k] for k in memfile.FRONTMATTER_FIELDS if memory.get(k) not in (None, "", [])}
    assert post.metadata == expected
    assert post.content == "The body"


def test_the_common_case_is_what_pyyaml_would_write():
    import yaml
    meta = {"id": "mem_e54e760cbd7d", "domain": "world", "category": "facts", "created": "2026-10-10T12:00:00Z",
            "keywords": ["you're", "mentor", "great"], "source": "cli"}
    assert memfile._simple_yaml(meta) == yaml.safe_dump(meta, sort_keys=False, allow_unicode=True,
                                                         default_flow_style=None, width=1000)

"""Recall in scripts written without spaces (Chinese, Japanese, Korean particles).

FTS5's unicode61 tokenizer splits only at spaces and punctuation: without
help, "今日は寿司を食べた" is one token and "寿司" can never find it. The index
and queries both spell such runs out as character pairs and characters
(textutil.searchable)."""

import sqlite3

import pytest

from hippocampus.text.textutil import searchable, unspaced


def test_searchable_spells_out_unspaced_runs_and_leaves_other_text_alone():
    assert searchable("今日は寿司") == " 今日 日は は寿 寿司 今 日 は 寿 司 "
    assert searchable("猫") == " 猫 "
    assert searchable("iPhone買った!") == "iPhone 買っ った 買 っ た  "  # punctuation a space, as FTS5 reads it
    assert searchable("고양이를 키워요") == " 고양 양이 이를 고 양 이 를   키워 워요 키 워 요 "
    english = "We adopted Biscuit, our dog, last spring"
    assert searchable(english) is english  # the common case costs one scan, no copy
    assert searchable("Пользователь любит кошек") == "Пользователь любит кошек"
    assert unspaced("猫") and unspaced("ねこ") and unspaced("고") and not unspaced("a") and not unspaced("猫a")


def best(ws, query, *args):
    results = ws.json("recall.py", query, "--top", "3", *args)["results"]
    return [r["content"] for r in results]


@pytest.fixture
def cjk(ws):
    for text in ("今日は寿司を食べた", "明日は東京で会議がある", "我养了一只猫，叫小白", "我每天早上喝咖啡",
                 "我的狗很大", "고양이를 키워요", "강아지를 좋아해요", "昨日iPhone買った",
                 "The user likes green tea"):
        ws.remember(text)
    return ws


@pytest.mark.parametrize("query, expected", [
    ("寿司", "今日は寿司を食べた"),                 # a word inside a sentence
    ("何を食べた?", "今日は寿司を食べた"),            # a question sharing a verb
    ("東京の会議はいつ", "明日は東京で会議がある"),
    ("我的猫叫什么名字", "我养了一只猫，叫小白"),       # no pair in common: the characters carry it
    ("猫", "我养了一只猫，叫小白"),                   # one character is a word
    ("咖啡", "我每天早上喝咖啡"),
    ("고양이", "고양이를 키워요"),                    # Korean: the particle is attached
    ("iphone", "昨日iPhone買った"),                  # Latin inside an unspaced run
    ("green tea", "The user likes green tea"),     # other text as before
])
def test_a_word_inside_unspaced_text_is_found_first(cjk, query, expected):
    assert best(cjk, query)[0] == expected


def test_why_names_the_pairs_and_characters_matched(cjk):
    result = cjk.json("recall.py", "寿司", "--top", "1", "--why")["results"][0]
    assert result["content"] == "今日は寿司を食べた"
    assert result["why"]["terms"] == ["寿司", "寿", "司"]


def test_a_cache_from_before_is_rebuilt_with_pairs(ws):
    # the cache of schema 7 indexed a run as one token; recall must not keep using it
    ws.remember("今日は寿司を食べた")
    ws.json("recall.py", "寿司")
    with sqlite3.connect(ws.side / ".cache" / "search.sqlite") as db:
        db.execute("UPDATE fts SET content = '今日は寿司を食べた', keywords = ''")
        db.execute("UPDATE meta SET value = '7' WHERE key = 'schema'")
    assert best(ws, "寿司") == ["今日は寿司を食べた"]

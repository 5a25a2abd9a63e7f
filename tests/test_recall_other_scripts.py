"""Words outside ASCII as FTS5 reads them: combining marks (the vowel signs
of Devanagari, Tamil, Thai, Khmer...), the optional vowel points of Arabic
and Hebrew, compatibility forms, and symbols newer than FTS5's tables.

Python's \\w and FTS5's default unicode61 categories leave combining marks
out of words: "हिंदी" fell apart into ह and द, a search for one word matched
fragments of others, and two texts differing only in a vowel sign folded to
the same duplicate key (the second was taken for the first and not stored).
Thai, Lao, Myanmar and Khmer are also written without spaces, and are indexed
as character pairs as Chinese is. tests/reliability/test_properties.py checks
that every word textutil.words reads in a text finds that text in FTS5."""

import sqlite3

import pytest

from hippocampus.store.search_cache import TOKENIZERS, SearchCache
from hippocampus.text.textutil import fold, searchable, words


def test_words_keep_their_vowel_signs():
    assert words("मुझे हिंदी फ़िल्में पसंद हैं") == ["मुझे", "हिंदी", "फ़िल्में", "पसंद", "हैं"]
    assert words("நான் தமிழ் பேசுவேன்") == ["நான்", "தமிழ்", "பேசுவேன்"]
    assert words("আমি বাংলায় গান গাই") == ["আমি", "বাংলায়", "গান", "গাই"]
    assert words("The user's café, naïve!") == ["the", "user's", "café", "naïve"]


def test_texts_differing_only_in_a_vowel_sign_fold_apart():
    assert fold("मेरा दिल टूट गया") != fold("मेरा दल टूट गया") != fold("मेरा दुल टूट गया")
    assert fold("मेरा दिल टूट गया") != fold("मेरा दुल टूट गया")
    assert fold("ฉันชอบข้าว") != fold("ฉันชอบขาว")   # rice, white
    assert fold("  Mein  Café! ") == fold("mein café")  # case, spaces, punctuation still fold


def test_searchable_pairs_southeast_asian_scripts_and_drops_optional_points():
    assert searchable("ข้าวผัด") == " ข้ ้า าว วผ ผั ัด "   # pairs only: one Thai character means nothing
    assert searchable("ก") == " ก "
    assert searchable("كَتَبَ الوَلَدُ") == "كتب الولد"
    assert searchable("שָׁלוֹם") == "שלום"
    assert searchable("كتـــب") == "كتب"                   # the tatweel only stretches the line
    assert searchable("मुझे हिंदी पसंद है") == "मुझे हिंदी पसंद है"  # spaced: as it is


def best(ws, query, *args):
    return [r["content"] for r in ws.json("recall.py", query, "--top", "3", *args)["results"]]


def test_a_hindi_word_finds_its_memory_and_not_fragments_of_others(ws):
    for text in ("मेरा दिल टूट गया", "दुल्हन ने लाल साड़ी पहनी", "मेरा दल चुनाव जीत गया",
                 "मुझे हिंदी फ़िल्में पसंद हैं"):
        ws.remember(text)
    assert best(ws, "दिल") == ["मेरा दिल टूट गया"]
    assert best(ws, "हिंदी फ़िल्में")[0] == "मुझे हिंदी फ़िल्में पसंद हैं"
    why = ws.json("recall.py", "दिल", "--why", "--top", "1")["results"][0]["why"]
    assert why["terms"] == ["दिल"]


def test_a_speaker_named_with_vowel_signs_is_read_as_the_speaker(ws):
    ws.remember("राहुल: मैं आज बाज़ार गया")
    ws.remember("प्रिया: मैं आज बाज़ार गई")
    first = ws.json("recall.py", "राहुल बाज़ार", "--why")["results"][0]
    assert first["content"] == "राहुल: मैं आज बाज़ार गया"
    assert first["why"]["parts"]["speaker"] > 0


def test_a_memory_differing_only_in_a_vowel_sign_is_stored_not_taken_for_a_duplicate(ws):
    first = ws.json("remember.py", "मेरा दिल टूट गया")
    second = ws.json("remember.py", "मेरा दुल टूट गया")
    assert first["id"] != second["id"]
    assert second.get("action", "stored") != "reinforced"
    again = ws.json("remember.py", "मेरा दिल टूट गया")
    assert again["id"] == first["id"]  # the same text is still one memory


@pytest.fixture
def other_scripts(ws):
    for text in ("ฉันชอบกินข้าวผัด", "เมื่อวานไปเที่ยวทะเล", "ผมทำงานที่ธนาคาร", "ຂ້ອຍມັກກິນເຂົ້າຫນຽວ",
                 "ខ្ញុំចូលចិត្តអានសៀវភៅ", "كتب الولد رسالة", "كَتَبَ الوَلَدُ رِسَالَةً طَوِيلَةً", "ذهبت إلى السوق"):
        ws.remember(text)
    return ws


@pytest.mark.parametrize("query, expected", [
    ("ชอบ", "ฉันชอบกินข้าวผัด"),            # Thai: a word inside a run without spaces
    ("ทะเล", "เมื่อวานไปเที่ยวทะเล"),
    ("ข้าวผัด", "ฉันชอบกินข้าวผัด"),
    ("ธนาคาร", "ผมทำงานที่ธนาคาร"),
    ("ກິນເຂົ້າ", "ຂ້ອຍມັກກິນເຂົ້າຫນຽວ"),      # Lao
    ("សៀវភៅ", "ខ្ញុំចូលចិត្តអានសៀវភៅ"),      # Khmer
])
def test_a_word_inside_a_southeast_asian_run_finds_its_memory_alone(other_scripts, query, expected):
    assert best(other_scripts, query) == [expected]


@pytest.mark.parametrize("query", ["كَتَبَ", "رسالة", "رِسَالَة"])
def test_arabic_with_or_without_its_vowel_points_finds_both_spellings(other_scripts, query):
    assert sorted(best(other_scripts, query)) == sorted(["كتب الولد رسالة", "كَتَبَ الوَلَدُ رِسَالَةً طَوِيلَةً"])


# each word sought is short, so not among the memory's six keywords (which are found by their own column)
@pytest.mark.parametrize("text, query", [
    ("Celebrated Caroline's birthday afterwards downtown, everybody laughing, fun🤩", "fun"),  # an emoji newer
    ("Wohnungsbesichtigung morgen vormittag, Vermieterin erwartet Unterlagen, Fuß", "fuß"),  # than FTS5's tables
    ("Ｗｅ ｍｅｔ ａｔ ｔｈｅ ｃａｆｅ", "met cafe"),                  # full-width Latin
    ("Remember restaurant reservations tomorrow evening downtown: ﬁsh", "fish"),  # a ligature
])
def test_a_word_beside_a_symbol_or_in_a_compatibility_form_is_found(ws, text, query):
    ws.remember(text)
    ws.remember("Something else entirely about the weather")
    assert best(ws, query) == [text]


def test_an_sqlite_without_the_categories_option_gets_the_default_tokenizer(tmp_path):
    cache = SearchCache(tmp_path / "search.sqlite")
    cache.reset(tokenizers=("porter unicode61 no_such_option 1", TOKENIZERS[-1]))
    assert cache.meta("schema") is not None
    sql = cache.db.execute("SELECT sql FROM sqlite_master WHERE name = 'fts'").fetchone()[0]
    assert "no_such_option" not in sql and "remove_diacritics 2" in sql
    with pytest.raises(sqlite3.OperationalError):
        SearchCache(tmp_path / "other.sqlite").reset(tokenizers=("porter unicode61 no_such_option 1",))


def test_the_shipped_tokenizer_keeps_marks_in_tokens(tmp_path):
    # this machine's SQLite (3.40) takes the categories option: a word is one token
    cache = SearchCache.open(tmp_path / "search.sqlite")
    cache.db.execute("INSERT INTO fts(content, keywords) VALUES ('मुझे हिंदी पसंद है', '')")
    cache.db.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, fts, row)")
    assert {row[0] for row in cache.db.execute("SELECT term FROM temp.terms")} == {"मुझे", "हिंदी", "पसंद", "है"}

"""The derived search index: SQLite FTS5 under hippocampus/.cache/ (git-ignored).

Its freshness key (index_state: a stat and 128 bytes of index.json) saves reading
the file to tell whether it changed: 0.1 ms vs 15-20 ms for reading and hashing it
at 10,000 memories (bench/machinery.py).

It holds what recall needs (content, weighted state, file and hash of every
memory, and the stat manifest used to notice hand edits), so recall never
parses index.json while the cache is fresh. Freshness is keyed on
index.json's own state: size, mtime, inode and the stamp written with it. A
missing, stale, damaged or old-format cache is rebuilt silently.

One piece (~420 lines): the SQLite schema and every statement that reads or writes it, so a schema change is made in one file.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..text.textutil import fold, searchable

SCHEMA_VERSION = "19"  # 8: unspaced scripts indexed as characters and pairs; 9: combining marks in words;
# 10: supersession (mem.superseded, the slot table of supersession.keys: raise it when that module reads anew);
# 11: topic_statements.py's looser reading; 12: lexicon nouns, breeds, brands, teams and titles read loosely,
# "X is my doctor", relations by one name; 13: "first week at X", "User ...; they ..." as the user, arrows;
# 14: values named in passing, "~user|home" (mentions.py); 15: the learned slot reading's keys (slot_model.py);
# 16: how a memory was superseded (mem.how: "stated" by an agent, "read" by the reader; supersede.py)
# 17: what core and decay read besides (confidence, decayFrom, consolidatedInto), indexes for the core set
# 18: outcome counts (outcomeGood, outcomeBad: decay and recall's --why read them; a memory with good ones may
# stay core past its window); 19: importance in a table of its own (weight), beside its row: a day's decay
# sets it for every memory, and rewriting every whole row (words, file, source) cost ~0.9 s at 100,000
# What the slot keys are read with (text/supersession.py, mentions.py, slot_model.py): raise READERS_VERSION,
# and SCHEMA_VERSION, when a reader changes. A schema change that leaves the readers as they were carries the
# keys the rows read over to the new tables (SearchCache.carried), so the rebuild after an upgrade does not read
# every memory again (at 10,000 memories: 14 s without, ~2 s with). A cache from before the readers' version was
# kept says its readers by its schema (READERS_OF_SCHEMA).
from .readings import READERS_VERSION  # (kept there: index.json carries what they read)
READERS_OF_SCHEMA = {"17": "17"}
# Combining marks (categories M*) are part of a word, as textutil.words reads it: unicode61's
# default (letters, numbers, Co) cut "हिंदी" into ह and द at its vowel signs. An SQLite without
# the categories option (older than the ones Python 3.11 ships with) gets the default.
TOKENIZERS = ("porter unicode61 remove_diacritics 2 categories 'L* N* Co M*'",
              "porter unicode61 remove_diacritics 2")


def sql_text(text: str) -> str:
    """An SQL string literal of `text` (for a tokenizer in a CREATE statement)."""
    return "'" + text.replace("'", "''") + "'"


_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE mem(
  rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, domain TEXT, category TEXT, store TEXT,
  status TEXT, base REAL, created TEXT, last TEXT, reinforced INTEGER,
  episode TEXT, source TEXT, file TEXT, hash TEXT, pinned INTEGER, superseded TEXT, how TEXT, confidence TEXT,
  decay_from TEXT, consolidated TEXT, good INTEGER, bad INTEGER, keywords TEXT, content TEXT, foldkey TEXT);
CREATE TABLE weight(rowid INTEGER PRIMARY KEY, importance REAL);
CREATE TABLE slot(key TEXT NOT NULL, id TEXT NOT NULL);
CREATE INDEX slot_key ON slot(key);
CREATE INDEX slot_id ON slot(id);
CREATE INDEX mem_superseded ON mem(superseded) WHERE superseded IS NOT NULL;
CREATE INDEX mem_file ON mem(file);
CREATE INDEX mem_fold ON mem(foldkey);
CREATE INDEX mem_created ON mem(created);
CREATE INDEX mem_episode ON mem(episode, created);
CREATE INDEX mem_recent ON mem(store, last, base, category, status, superseded);
CREATE INDEX mem_kept ON mem(id) WHERE pinned = 1 OR store = 'vault';
CREATE INDEX mem_decay_from ON mem(decay_from) WHERE decay_from IS NOT NULL;
CREATE INDEX mem_good ON mem(id) WHERE good IS NOT NULL;
CREATE VIRTUAL TABLE fts USING fts5(content, keywords, tokenize={tokenizer});
CREATE VIRTUAL TABLE episode_fts USING fts5(episode UNINDEXED, content, tokenize={tokenizer});
CREATE TABLE files(path TEXT PRIMARY KEY, mtime INTEGER, size INTEGER, ino INTEGER, hash TEXT, indexed TEXT);
"""

# memories: from here a rebuild drops mem's and slot's indexes and makes them again after the rows, with
# a 64 MB page cache (a fresh clone of 100,000: 6.4 -> 3.7 s; references/performance.md)
BULK_REBUILD_FROM = 5000
REBUILD_SHOWN_FROM = 1000  # memories: from here a rebuild may take a second or more (progress.py decides)
EPISODES_ONE_BY_ONE = 16  # episodes refreshed: past this, episode_fts and mem are each read once, not once an episode

COLUMNS = ("id", "domain", "category", "store", "status", "base", "created", "last",
           "reinforced", "episode", "source", "file", "hash", "pinned", "superseded", "how", "confidence",
           "decay_from", "consolidated", "good", "bad", "keywords", "content", "foldkey")


def fold_key(content: str) -> str:
    """A short key for exact-duplicate lookups: the hash of the folded text."""
    from hashlib import blake2b
    return blake2b(fold(content).encode("utf-8"), digest_size=8).hexdigest()


def busy(exc: sqlite3.Error) -> bool:
    """Whether SQLite said the file is locked by another connection (SQLITE_BUSY, SQLITE_LOCKED)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)
    return "locked" in str(exc)


def index_state(index_path: Path, stamp: str | None) -> str | None:
    try:
        st = index_path.stat()
    except OSError:
        return None
    return f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}:{stamp}"


def _importance(memory: dict):
    """A memory's weight row's value (table weight)."""
    return memory.get("importance", 0.5)


def _row(memory: dict, with_text: bool = True) -> tuple:
    """The mem row of a memory (its importance is kept in weight); without text, only the state
    columns are right."""
    text = (" ".join(memory.get("keywords") or []), memory.get("content", ""),
            fold_key(memory.get("content", ""))) if with_text else ("", "", "")
    return (memory["id"], memory.get("domain"), memory.get("category"), memory.get("store", "semantic"),
            memory.get("status"), memory.get("baseImportance", memory.get("importance", 0.5)),
            memory.get("created"), memory.get("lastAccessed"),
            memory.get("timesReinforced", 0), memory.get("episode"), memory.get("source"),
            memory.get("file"), memory.get("hash"), 1 if memory.get("pinned") else 0,
            memory.get("supersededBy"), memory.get("supersededHow"), memory.get("confidence"),
            memory.get("decayFrom"), memory.get("consolidatedInto"), memory.get("outcomeGood"),
            memory.get("outcomeBad"), *text)


# the state columns of a mem row (what a change that leaves the words alone may set), in _row's order
_STATE = COLUMNS[1:21]
_CATCH_UP_BATCH = 1000  # memories compared with their rows at once (catch_up)
_MANY_ROWS, _MANY_ROWS_CACHE = 5000, -65536  # an update of more rows than this gets a 64 MB page cache

# the memory fields of a mem row, in the order _MEM selects them
_FIELDS = ("rowid", "id", "domain", "category", "store", "status", "baseImportance", "importance", "created",
           "lastAccessed", "timesReinforced", "episode", "source", "file", "hash", "pinned", "supersededBy",
           "supersededHow", "confidence", "decayFrom", "consolidatedInto", "outcomeGood", "outcomeBad", "keywords",
           "content")
_IMPORTANCE = "(SELECT importance FROM weight WHERE weight.rowid = mem.rowid)"
_MEM = ("mem.rowid, mem.id, mem.domain, mem.category, mem.store, mem.status, mem.base, " + _IMPORTANCE + ", "
        "mem.created, mem.last, mem.reinforced, mem.episode, mem.source, mem.file, mem.hash, mem.pinned, "
        "mem.superseded, mem.how, mem.confidence, mem.decay_from, mem.consolidated, mem.good, mem.bad, mem.keywords, "
        "mem.content")
# _MEM without the words: no keywords, and a content that only says whether there is one (each_state)
_STATE_ONLY = _MEM.removesuffix("mem.keywords, mem.content") + \
    "'', CASE WHEN mem.content IS NULL OR mem.content = '' THEN mem.content ELSE '…' END"
_OPTIONAL = ("decayFrom", "consolidatedInto", "outcomeGood", "outcomeBad")  # absent from a memory that has none, as in index.json


_LIGHT = ("id", "domain", "category", "store", "status", "created")


def row_to_memory(row: tuple) -> dict:
    """A memory from a row that starts with the _MEM columns (plain tuples: a
    query may return thousands, and named rows cost a third more)."""
    memory = dict(zip(_FIELDS, row))
    memory["pinned"] = bool(memory["pinned"])
    for key in _OPTIONAL:
        if memory[key] is None:
            del memory[key]
    memory["keywords"] = (memory["keywords"] or "").split()
    return memory


class SearchCache:
    def __init__(self, path: Path):
        self.path = path
        self.db = self._connect(path)
        self.carried: dict[str, tuple[int, list[str]]] = {}  # keys read under the schema before (upgrade)
        self._vocabulary = False  # the temporary fts5vocab table (indexed_terms) made yet

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        from ..base.fsutil import check_confined, mkdir_confined
        mkdir_confined(path.parent)
        check_confined(path)  # (and so its -wal and -journal beside it)
        db = sqlite3.connect(path, timeout=30, isolation_level=None)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA busy_timeout=30000")
        db.execute("PRAGMA synchronous=OFF")  # derived data: a lost write means a rebuild
        return db

    @classmethod
    def open(cls, path: Path) -> "SearchCache":
        """Open (creating or recreating on damage or old schema) the cache file."""
        for attempt in range(2):
            try:
                cache = cls(path)
                # (a cache locked past the busy timeout is not one of another schema: upgrade() drops every table)
                if cache.meta("schema", locked_raises=True) != SCHEMA_VERSION:
                    cache.upgrade()
                return cache
            except sqlite3.DatabaseError as exc:
                if attempt or busy(exc):  # (a lock held past the busy timeout is no damage: the file and
                    raise                  # its journal, another process's transaction, are left alone)
                for suffix in ("", "-wal", "-shm", "-journal"):
                    try:
                        os.unlink(str(path) + suffix)
                    except OSError:
                        pass
        raise AssertionError("unreachable")

    @classmethod
    def private(cls, path: Path) -> "SearchCache":
        """For a reader who may not write the workspace (another user's, a read-only
        mount): a cache in memory, a copy of the file when it can be read (opened
        read-only: nothing is written there), else empty; it is brought level with
        index.json as any cache is, and dropped at exit."""
        from ..base.fsutil import read_confined
        from ..errors import WorkspaceError
        cache = cls(Path(":memory:"))
        try:
            read_confined(path, probe=True)  # (never one a link out of the workspace leads to)
            source = sqlite3.connect(path.absolute().as_uri() + "?mode=ro", uri=True, timeout=30)
            try:
                source.backup(cache.db)
            finally:
                source.close()
        except (sqlite3.DatabaseError, OSError, WorkspaceError):
            pass  # none yet, damaged, or linked out: built from index.json
        if cache.meta("schema") != SCHEMA_VERSION:
            cache.upgrade()
        return cache

    def upgrade(self) -> None:
        """The current schema in place of another: the tables made anew, and, when the readers are
        the same (READERS_VERSION), the keys the rows read carried over for the rebuild and the
        files' stat manifest kept (a memory file changed since is seen by its stat, as always)."""
        readers = self.meta("readers") or READERS_OF_SCHEMA.get(self.meta("schema") or "")
        carried = self.keys_read() if readers == READERS_VERSION else {}
        try:  # the stat manifest of the memory files too: what each file was when last looked at
            files = list(self.db.execute("SELECT path, mtime, size, ino, hash, indexed FROM files")) if carried else []
        except sqlite3.DatabaseError:
            files = []
        self.reset()
        self.carried = carried
        if files:  # (an index_state that matches none: the rows are rebuilt, the manifest kept as it is)
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany("INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?)", files)
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_state', 'upgraded')")
            self.db.execute("COMMIT")

    def reset(self, tokenizers: tuple[str, ...] = TOKENIZERS) -> None:
        """Drop everything and create the current schema, with the first of
        `tokenizers` this SQLite accepts."""
        for number, tokenizer in enumerate(tokenizers):
            names = [row[0] for row in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
            script = "".join(f'DROP TABLE IF EXISTS "{name}";' for name in names if not name.startswith("fts_"))
            schema = _SCHEMA.replace("{tokenizer}", sql_text(tokenizer))
            try:
                self.db.executescript("BEGIN IMMEDIATE;" + script + schema +
                                      f"INSERT INTO meta VALUES ('schema', '{SCHEMA_VERSION}'); "
                                      f"INSERT INTO meta VALUES ('readers', '{READERS_VERSION}'); COMMIT;")
                return
            except sqlite3.OperationalError as exc:  # (a locked database is no reason to change tokenizer)
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                if "tokenizer" not in str(exc) or number == len(tokenizers) - 1:
                    raise

    def meta(self, key: str, locked_raises: bool = False) -> str | None:
        """A key's value; None when there is none (or no table of them). `locked_raises`: a file another
        connection holds locked past the busy timeout raises, rather than reading as no value."""
        try:
            row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        except sqlite3.OperationalError as exc:
            if locked_raises and busy(exc):
                raise
            return None
        return row[0] if row else None

    def is_fresh(self, state: str | None) -> bool:
        return state is not None and self.meta("index_state") == state

    def rebuild(self, memories: list[dict], state: str | None, manifest: dict | None = None) -> None:
        """Replace every memory row (the stat manifest is kept unless given)."""
        bulk = len(memories) >= BULK_REBUILD_FROM
        self.db.execute("BEGIN IMMEDIATE")
        try:
            read = self.keys_read() or self.carried  # what the rows read, for the texts still the same
            if bulk:  # the indexes made again once the rows are in, and a page cache for them
                self.db.execute(f"PRAGMA cache_size={_MANY_ROWS_CACHE}")
                indexes = self.db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                                          "AND tbl_name IN ('mem', 'slot') AND sql IS NOT NULL").fetchall()
                for index in indexes:
                    self.db.execute('DROP INDEX "' + index[0].replace('"', '""') + '"')
            self.db.execute("DELETE FROM mem")
            self.db.execute("DELETE FROM weight")
            self.db.execute("DELETE FROM fts")
            self.db.execute("DELETE FROM episode_fts")
            self.db.execute("DELETE FROM slot")
            rows = memories
            if len(memories) >= REBUILD_SHOWN_FROM:  # a copy's first recall, a bulk job: seconds, shown on a terminal
                from ..base.progress import track
                rows = track(memories, "building the search cache")
            self._insert(rows, read)
            if bulk:
                for index in indexes:
                    self.db.execute(index[1])
            self._refresh_episodes({m.get("episode") for m in memories if m.get("episode")}, fresh=True)
            if manifest is not None:
                self.db.execute("DELETE FROM files")
                self.db.executemany("INSERT INTO files VALUES (?,?,?,?,?,?)",
                                    [(p, *v) for p, v in manifest.items()])
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_state', ?)", (state,))
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('files_print', NULL)")
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('files_look', NULL)")
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_files_print', NULL)")
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_files_look', NULL)")
            self.db.execute("COMMIT")
            self.carried = {}
        except BaseException:
            if self.db.in_transaction:  # (SQLite ended it itself on some errors: the error is what to say)
                self.db.execute("ROLLBACK")
            raise
        finally:
            if bulk:
                self.db.execute("PRAGMA cache_size=-2000")

    def follows_an_index(self) -> bool:
        """Whether the rows are an index.json's (a state before the current one, when not fresh):
        catch_up then brings them level; else (none yet, a schema upgraded) rebuild writes them."""
        return self.meta("index_state") not in (None, "upgraded")

    def catch_up(self, memories: Iterable[dict], state: str | None) -> int:
        """Bring rows written for an earlier index.json level with `memories` (a later one's: a
        sync's merge or fast-forward, an undo, an index.json edited by hand), writing only the rows
        that differ, deleting those of memories no longer there; the stat manifest is kept and the
        looks' prints dropped, as rebuild does. `memories` is walked once, in batches: a walk of a
        MemoryList keeps none (at 100,000 memories a rebuild after one memory came in by a sync
        wrote every row again, 17.7 s and 742 MB; references/performance.md). Returns how many
        memories' rows were written or deleted."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            seen: set[str] = set()
            episodes: set = set()
            written = 0
            batch: list[dict] = []
            for memory in memories:
                batch.append(memory)
                if len(batch) == _CATCH_UP_BATCH:
                    written += self._level(batch, seen, episodes)
                    batch = []
            written += self._level(batch, seen, episodes)
            gone = [(rowid, memory_id, episode) for rowid, memory_id, episode in
                    self.db.execute("SELECT rowid, id, episode FROM mem") if memory_id not in seen]
            for table in ("fts", "mem", "weight"):
                self.db.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(row[0],) for row in gone])
            self.db.executemany("DELETE FROM slot WHERE id = ?", [(row[1],) for row in gone])
            episodes.update(row[2] for row in gone if row[2])
            self._refresh_episodes(episodes)
            for key, value in (("index_state", state), ("files_print", None), ("files_look", None),
                               ("index_files_print", None), ("index_files_look", None)):
                self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        return written + len(gone)

    def _level(self, memories: list[dict], seen: set[str], episodes: set) -> int:
        """catch_up for a batch: the rows of the memories whose row or weight differs from theirs
        written again (_replace; the episodes to refresh added to `episodes`)."""
        stored: dict[str, tuple] = {}
        ids = [memory["id"] for memory in memories]
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            for row in self.db.execute(f"SELECT {', '.join(COLUMNS[:-1])}, {_IMPORTANCE} FROM mem "
                                       f"WHERE id IN ({','.join('?' * len(part))})", part):
                stored[row[0]] = tuple(row)
        differ = []
        for memory in memories:
            seen.add(memory["id"])
            row = stored.get(memory["id"])
            if row is None or row[:-3] != _row(memory, with_text=False)[:-3] or \
                    row[-3] != " ".join(memory.get("keywords") or []) or row[-2] != memory.get("content", "") \
                    or row[-1] != _importance(memory):
                differ.append(memory)
        if differ:
            self._replace(differ, episodes=episodes)
        return len(differ)

    def keys_read(self) -> dict[str, tuple[int, list[str]]]:
        """id -> (the hash of its row's text, its slot keys: supersession's, "~" mentions, "+" the
        learned reading's) for the rows that are not procedures: reading a text is most of a rebuild
        (~1 ms a memory) and of consolidation's supersession pass, and the keys depend on the text
        alone (a change of the readers is a change of READERS_VERSION), so a caller reuses them for
        a memory whose text hashes the same (a rebuild behind a copy or a merge; plan_links)."""
        read: dict[str, tuple[int, list[str]]] = {}
        try:
            for memory_id, store, content in self.db.execute("SELECT id, store, content FROM mem"):
                if store != "procedural":
                    read[memory_id] = (hash(content), [])
            for key, memory_id in self.db.execute("SELECT key, id FROM slot ORDER BY rowid"):
                if memory_id in read:
                    read[memory_id][1].append(key)
        except sqlite3.DatabaseError:
            return {}
        return read

    def texts_and_keys(self, ids: list[str]) -> dict[str, tuple[str, list[str]]]:
        """id -> (the row's text, the slot keys it was read as), for these ids (a
        writer giving memories of a store from before readings.py their keys:
        decay's first run would otherwise read every text again)."""
        found: dict[str, tuple[str, list[str]]] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            marks = ",".join("?" * len(part))
            for memory_id, content in self.db.execute(
                    f"SELECT id, content FROM mem WHERE id IN ({marks}) AND store IS NOT 'procedural'", part):
                found[memory_id] = (content, [])
            for key, memory_id in self.db.execute(
                    f"SELECT key, id FROM slot WHERE id IN ({marks}) ORDER BY rowid", part):
                if memory_id in found:
                    found[memory_id][1].append(key)
        return found

    def _insert(self, memories: list[dict], read: dict | None = None) -> None:
        """New rows, given their rowids and written a few thousand at once (a rebuild of
        100,000 spent 4.4 s of a profile in one statement a row: references/performance.md,
        "A fresh clone of 100,000 memories")."""
        from .readings import carried, keys_of
        insert_mem = f"INSERT INTO mem(rowid,{','.join(COLUMNS)}) VALUES (?,{','.join('?' * len(COLUMNS))})"
        rowid = self.db.execute("SELECT COALESCE(MAX(rowid), 0) FROM mem").fetchone()[0]
        mem_rows: list[tuple] = []
        weight_rows: list[tuple] = []
        fts_rows: list[tuple] = []
        slot_rows: list[tuple] = []

        def flush() -> None:
            self.db.executemany(insert_mem, mem_rows)
            self.db.executemany("INSERT INTO weight(rowid, importance) VALUES (?,?)", weight_rows)
            self.db.executemany("INSERT INTO fts(rowid, content, keywords) VALUES (?,?,?)", fts_rows)
            self.db.executemany("INSERT INTO slot(key, id) VALUES (?, ?)", slot_rows)
            mem_rows.clear()
            weight_rows.clear()
            fts_rows.clear()
            slot_rows.clear()

        for memory in memories:
            rowid += 1
            row = _row(memory)
            mem_rows.append((rowid, *row))
            weight_rows.append((rowid, _importance(memory)))
            fts_rows.append((rowid, searchable(row[-2]), searchable(row[-3])))
            if memory.get("store") != "procedural":  # (a procedure states nothing of anyone's)
                known = read.get(memory["id"]) if read else None  # as this cache read the same text before,
                keys = known[1] if known is not None and known[0] == hash(row[-2]) else carried(memory)  # as
                if keys is None:  # index.json carries them for it (readings.py), or read now
                    keys = keys_of(row[-2])
                slot_rows.extend((key, memory["id"]) for key in keys)
            if len(mem_rows) >= 2000:
                flush()
        flush()

    def _refresh_episodes(self, episodes: set, fresh: bool = False) -> None:
        """One document per episode (its live memories in order), for episode-level relevance.
        `fresh`: episode_fts is empty. Many episodes (a bulk import's, a rebuild's) are read in one
        pass each way: FTS5 finds a document by its episode only by reading every one, and did so
        once per episode (19,133 sessions: minutes)."""
        if not episodes:
            return
        few = len(episodes) <= EPISODES_ONE_BY_ONE
        if not fresh and few:
            for episode in episodes:
                self.db.execute("DELETE FROM episode_fts WHERE episode = ?", (episode,))
        elif not fresh:
            self.db.executemany("DELETE FROM episode_fts WHERE rowid = ?", [
                (rowid,) for rowid, episode in self.db.execute("SELECT rowid, episode FROM episode_fts")
                if episode in episodes])
        if few:
            texts = {episode: [r[0] for r in self.db.execute(
                "SELECT content FROM mem WHERE episode = ? AND status IS NOT 'archived' ORDER BY created, rowid",
                (episode,))] for episode in episodes}
        else:
            texts = {}
            for episode, content in self.db.execute(
                    "SELECT episode, content FROM mem WHERE episode IS NOT NULL AND status IS NOT 'archived' "
                    "ORDER BY episode, created, rowid"):
                if episode in episodes:
                    texts.setdefault(episode, []).append(content)
        self.db.executemany("INSERT INTO episode_fts(episode, content) VALUES (?, ?)",
                            [(episode, searchable("\n".join(parts))) for episode, parts in texts.items()
                             if "\n".join(parts)])

    def search_episodes(self, match: str, limit: int) -> dict[str, float]:
        rows = self.db.execute("SELECT episode, -bm25(episode_fts) FROM episode_fts WHERE episode_fts MATCH ? "
                               "ORDER BY bm25(episode_fts) LIMIT ?", (match, limit)).fetchall()
        return {r[0]: r[1] for r in rows}

    def _replace(self, memories: list[dict], state_only: dict | None = None, episodes: set | None = None) -> None:
        """Rows whose words are unchanged get their state updated in place (decay,
        reinforce: no full-text work); the others are deleted and inserted anew.
        `state_only`: id -> {"importance": ..., "status": ...} as they were, of
        memories whose change is only those (Transaction.set_state): what differs
        is set by id, no row read (decay at 100,000: ~1.4 s less). `episodes`: the episodes to
        refresh are added there (the caller refreshes them once), not refreshed here."""
        if state_only:
            importance_only, both, others = [], [], []
            for memory in memories:
                memory_id = memory["id"]
                was = state_only.get(memory_id)
                if was is None:
                    others.append(memory)
                elif memory.get("status") != was["status"]:
                    both.append((memory.get("importance"), memory.get("status"), memory_id))
                elif memory.get("importance") != was["importance"]:
                    importance_only.append((memory.get("importance"), memory_id))
            many = len(both) > _MANY_ROWS
            if many:  # rows of every page: SQLite's 2 MB page cache wrote and read them again (~2x)
                self.db.execute(f"PRAGMA cache_size={_MANY_ROWS_CACHE}")
            try:  # each row found by its id in SQLite (a memory without a row: none), not by rowids read
                # out first (decay at 100,000: 0.13 s, not 0.20)
                self.db.executemany("UPDATE weight SET importance=? WHERE rowid=(SELECT rowid FROM mem WHERE id=?)",
                                    [(row[0], row[-1]) for row in (*importance_only, *both)])
                self.db.executemany("UPDATE mem SET status=? WHERE id=?",
                                    [(status, memory_id) for _, status, memory_id in both])
            finally:
                if many:
                    self.db.execute("PRAGMA cache_size=-2000")
            memories = others
        by_id = {m["id"]: m for m in memories}
        ids = list(by_id)
        current: dict[str, tuple] = {}
        state = ", ".join(_STATE)
        for chunk in range(0, len(ids), 500):
            part = ids[chunk:chunk + 500]
            marks = ",".join("?" * len(part))
            for row in self.db.execute(
                    f"SELECT id, rowid, content, keywords, episode, status, store, {state}, {_IMPORTANCE} "
                    f"FROM mem WHERE id IN ({marks})", part):
                current[row[0]] = tuple(row[1:])
        in_place: dict[tuple, list] = {}  # the columns that changed -> (their values..., rowid) of each row
        weights: list[tuple] = []  # (importance, rowid) of the rows kept whose importance changed
        renewed, refresh = [], set() if episodes is None else episodes
        for memory_id, memory in by_id.items():
            old = current.get(memory_id)
            if old and old[1] == memory.get("content", "") and old[2] == " ".join(memory.get("keywords") or []) \
                    and old[3] == memory.get("episode") \
                    and (old[4] == "archived") == (memory.get("status") == "archived") \
                    and (old[5] == "procedural") == (memory.get("store") == "procedural"):  # (a procedure has no keys)
                values = _row(memory, with_text=False)[1:21]
                changed = tuple(n for n, (was, now) in enumerate(zip(old[6:-1], values)) if was != now)
                if changed:  # only what changed is set: an indexed column set to itself still costs its indexes
                    in_place.setdefault(changed, []).append((*(values[n] for n in changed), old[0]))
                if old[-1] != _importance(memory):
                    weights.append((_importance(memory), old[0]))
                continue
            renewed.append(memory)
            if old:
                self.db.execute("DELETE FROM fts WHERE rowid = ?", (old[0],))
                self.db.execute("DELETE FROM mem WHERE rowid = ?", (old[0],))
                self.db.execute("DELETE FROM weight WHERE rowid = ?", (old[0],))
                self.db.execute("DELETE FROM slot WHERE id = ?", (memory_id,))
                if old[3]:
                    refresh.add(old[3])
            if memory.get("episode"):
                refresh.add(memory["episode"])
        for changed, rows in in_place.items():  # (only the columns that changed: an indexed one costs its index)
            self.db.executemany(f"UPDATE mem SET {', '.join(_STATE[n] + '=?' for n in changed)} WHERE rowid=?", rows)
        self.db.executemany("UPDATE weight SET importance=? WHERE rowid=?", weights)
        self._insert(renewed)
        if episodes is None:
            self._refresh_episodes(refresh)

    def compact(self) -> None:
        """Leave no trace of removed text in the file (after a purge): FTS5
        keeps a deleted document's words in its segments until they are
        merged, and SQLite keeps freed pages' bytes until a VACUUM."""
        for table in ("fts", "episode_fts"):
            self.db.execute(f"INSERT INTO {table}({table}) VALUES('optimize')")
        self.db.execute("VACUUM")

    def set_meta(self, key: str, value: str | None) -> None:
        try:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
        except sqlite3.DatabaseError:
            pass  # a cache: the next look recomputes

    def upsert(self, memories: list[dict], state: str | None = None, *, state_only: dict | None = None,
               manifest_updates: dict | None = None, manifest_removed: list[str] = (),
               files_print: str | None = None, index_files_print: bool = False,
               files_look: str | None = None) -> None:
        """Replace the rows of these memories; optionally move the freshness keys.

        `files_print` says the rows now reflect the memory files with that
        print; with `index_files_print` (writers only) index.json does too.
        `files_look`: when and over which folders that print was taken
        (look.stamp), kept only together with it; a writer's also as
        `index_files_look`, with or without a print (hand_edits.py).
        """
        self.db.execute("BEGIN IMMEDIATE")
        try:
            if memories:
                self._replace(memories, state_only)
            self.settle(state, manifest_updates=manifest_updates, manifest_removed=manifest_removed,
                        files_print=files_print, index_files_print=index_files_print, files_look=files_look)
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:  # (SQLite ended it itself on some errors: the error is what to say)
                self.db.execute("ROLLBACK")
            raise

    def settle(self, state: str | None = None, *, manifest_updates: dict | None = None,
               manifest_removed: list[str] = (), files_print: str | None = None,
               index_files_print: bool = False, files_look: str | None = None) -> None:
        """upsert's keys of freshness and its stat manifest, inside the transaction it opened (or
        cache_ahead.py's child did)."""
        if manifest_updates:
            self.db.executemany("INSERT OR REPLACE INTO files VALUES (?,?,?,?,?,?)",
                                [(p, *v) for p, v in manifest_updates.items()])
        if manifest_removed:
            self.db.executemany("DELETE FROM files WHERE path=?", [(p,) for p in manifest_removed])
        if state is not None:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_state', ?)", (state,))
        # the folder print is only true together with what was just written
        self.db.execute("INSERT OR REPLACE INTO meta VALUES ('files_print', ?)", (files_print,))
        self.db.execute("INSERT OR REPLACE INTO meta VALUES ('files_look', ?)",
                        (files_look if files_print is not None else None,))
        if index_files_print:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_files_print', ?)", (files_print,))
            if files_look is not None or files_print is not None:
                # the folders a writer left as index.json holds them, each with its print (kept without
                # a print of all: a log rebased on a person's append is left out of it; none where no
                # folder is large). A writer with neither leaves the last: a folder it or anyone changed
                # since has another print by now
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('index_files_look', ?)", (files_look,))

    def manifest(self, under: tuple[str, ...] | None = None) -> dict:
        """path -> (mtime_ns, size, ino, hash, indexed) of every file at the last look; with `under`
        (folder paths ending in "/"), of the files in those folders alone (a range of the key each)."""
        query = "SELECT path, mtime, size, ino, hash, indexed FROM files"
        if under is None:
            rows = self.db.execute(query)
        else:
            rows = [row for folder in under for row in self.db.execute(
                query + " WHERE path >= ? AND path < ?", (folder, folder[:-1] + chr(ord(folder[-1]) + 1)))]
        return {row[0]: (row[1], row[2], row[3], row[4], row[5]) for row in rows}

    def known_files(self) -> dict:
        """path -> [(memory id, hash, status)], as reconcile.known_files gives from the index."""
        known: dict[str, list] = {}
        from ..base.paths import is_archived_path, is_memory_file
        for row in self.db.execute("SELECT file, id, hash, status FROM mem WHERE file IS NOT NULL"):
            if is_memory_file(row[0]) and not is_archived_path(row[0]):  # as reconcile.known_files
                known.setdefault(row[0], []).append((row[1], row[2], row[3]))
        return known

    def manifest_stamp(self, path: str) -> tuple | None:
        """(mtime_ns, size, inode) of a file at the last look; None if it had none."""
        row = self.db.execute("SELECT mtime, size, ino FROM files WHERE path=?", (path,)).fetchone()
        return tuple(row) if row else None

    def as_looked(self, root: Path, path: str) -> tuple[tuple | None, bool]:
        """(the file's stat now, None when it is absent; whether the last look recorded the same)."""
        try:
            st = os.stat(root / path)
            found = (st.st_mtime_ns, st.st_size, st.st_ino)
        except FileNotFoundError:
            found = None
        return found, found == self.manifest_stamp(path)

    def files_as_looked(self, root: Path, paths: set[str]) -> bool:
        """Whether each of these files still has the stat recorded at the last look
        (as `as_looked`, one query for up to 500: load_core checks its whole core
        set, ~500 files at 100,000 memories)."""
        paths, base = sorted(paths), os.path.join(root, "")
        for start in range(0, len(paths), 500):
            part = paths[start:start + 500]
            recorded = {row[0]: row[1:] for row in self._memories(
                f"SELECT path, mtime, size, ino FROM files WHERE path IN ({','.join('?' * len(part))})", part)}
            for path in part:
                try:
                    st = os.stat(base + path)
                    found = (st.st_mtime_ns, st.st_size, st.st_ino)
                except FileNotFoundError:
                    found = None
                except OSError:
                    return False  # (a folder made a file, a file unreadable: the full look says what)
                if found != recorded.get(path):
                    return False
        return True

    def predecessors(self, memory_id: str) -> list[dict]:
        """The memories `memory_id` superseded directly (the reverse of supersededBy)."""
        return [row_to_memory(r) for r in self._memories(f"SELECT {_MEM} FROM mem WHERE superseded = ?",
                                                          (memory_id,))]

    def slot_holders(self, key: str) -> list[str]:
        """Ids of the live memories that state a value for this subject|slot key."""
        return [r[0] for r in self.db.execute(
            "SELECT slot.id FROM slot JOIN mem ON mem.id = slot.id WHERE slot.key = ? "
            "AND mem.status IS NOT 'archived'", (key,))]

    def mention_holders(self, key: str, limit: int) -> list[str]:
        """Ids of the live memories naming a value of this key in passing ("~user|home"), the newest first."""
        return [r[0] for r in self.db.execute(
            "SELECT slot.id FROM slot JOIN mem ON mem.id = slot.id WHERE slot.key = ? "
            "AND mem.status IS NOT 'archived' ORDER BY mem.created DESC LIMIT ?", ("~" + key, limit))]

    def learned_holders(self, key: str, limit: int) -> list[str]:
        """Ids of the live memories the learned reading holds for this key ("+user|home", slot_model.py), the
        newest first; "user|pet" asks for every pet, "user|pet:dog" for dogs and pets of no kind said."""
        if key.endswith("|pet"):
            where, args = "slot.key LIKE ?", ("+" + key + "%",)
        elif "|pet:" in key:
            where, args = "slot.key IN (?, ?)", ("+" + key, "+" + key.split(":", 1)[0])
        else:
            where, args = "slot.key = ?", ("+" + key,)
        return [r[0] for r in self.db.execute(
            f"SELECT slot.id FROM slot JOIN mem ON mem.id = slot.id WHERE {where} "
            "AND mem.status IS NOT 'archived' ORDER BY mem.created DESC LIMIT ?", (*args, limit))]

    def has_supersessions(self) -> bool:
        """Whether any memory is superseded (an indexed look: recall reads chains only then)."""
        return self.db.execute("SELECT 1 FROM mem WHERE superseded IS NOT NULL LIMIT 1").fetchone() is not None

    def has_mentions(self) -> bool:
        """Whether any memory names a value in passing (mentions.py; an indexed look)."""
        return self.db.execute("SELECT 1 FROM slot WHERE key >= '~' LIMIT 1").fetchone() is not None

    def slot_keys_of(self, ids: list[str]) -> dict[str, list[str]]:
        """{id: the subject|slot keys it states} for those of `ids` that state any."""
        found: dict[str, list[str]] = {}
        for at in range(0, len(ids), 500):
            chunk = ids[at:at + 500]
            for memory_id, key in self.db.execute(
                    f"SELECT id, key FROM slot WHERE id IN ({','.join('?' * len(chunk))})", chunk):
                found.setdefault(memory_id, []).append(key)
        return found

    def subject_holders(self, subject: str) -> list[str]:
        """As slot_holders, for every key of one subject ("user": user|home, user|pet:dog...), by the index."""
        return [r[0] for r in self.db.execute(
            "SELECT slot.id FROM slot JOIN mem ON mem.id = slot.id WHERE slot.key >= ? AND slot.key < ? "
            "AND mem.status IS NOT 'archived'", (subject + "|", subject + "}"))]  # ("}" follows "|")

    def slot_holders_like(self, pattern: str) -> list[str]:
        """As slot_holders, for keys LIKE `pattern` ("user|pet%": every pet)."""
        return [r[0] for r in self.db.execute(
            "SELECT slot.id FROM slot JOIN mem ON mem.id = slot.id WHERE slot.key LIKE ? "
            "AND mem.status IS NOT 'archived'", (pattern,))]

    def fold_owners(self, key: str, domain: str) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT id FROM mem WHERE foldkey = ? AND domain = ? AND status IS NOT 'archived'", (key, domain))]

    def _memories(self, sql: str, params) -> list[tuple]:
        cursor = self.db.cursor()
        cursor.row_factory = None
        return cursor.execute(sql, params).fetchall()

    def get(self, memory_id: str) -> dict | None:
        rows = self._memories(f"SELECT {_MEM} FROM mem WHERE id=?", (memory_id,))
        return row_to_memory(rows[0]) if rows else None

    def all_memories(self) -> list[dict]:
        return [row_to_memory(r) for r in self._memories(f"SELECT {_MEM} FROM mem ORDER BY rowid", ())]

    def each_state(self) -> Iterator[dict]:
        """Every memory as all_memories gives it, one at a time and none kept, and without its words:
        no keywords, and a content that is "" where the memory has none and "…" where it has some
        (in_core asks only that). For counts over the whole store (status.py): at 100,000 memories
        the list of them all was ~250 MB, most of it their words."""
        cursor = self.db.cursor()
        cursor.row_factory = None
        cursor.execute(f"SELECT {_STATE_ONLY} FROM mem ORDER BY rowid")
        while rows := cursor.fetchmany(1000):
            for row in rows:
                yield row_to_memory(row)

    def search(self, match: str, where: str, params: list, limit: int) -> list[tuple[dict, float]]:
        """FTS5 candidates as (memory, bm25) with bm25 > 0 meaning better."""
        sql = (f"SELECT {_MEM}, -bm25(fts, 1.0, 0.2) AS lexical FROM fts JOIN mem ON mem.rowid = fts.rowid "
               f"WHERE fts MATCH ? {where} ORDER BY bm25(fts, 1.0, 0.2) LIMIT ?")
        return [(row_to_memory(r), r[-1]) for r in self._memories(sql, [match, *params, limit])]

    def holds_id(self, memory_id: str) -> bool:
        """Whether a row (any memory of the index it is of, archived too) has `memory_id`."""
        return self.db.execute("SELECT 1 FROM mem WHERE id=?", (memory_id,)).fetchone() is not None

    def rows_up_to(self, match: str, count: int) -> int:
        """How many rows the FTS5 expression `match` matches, counted no further than `count` + 1
        (bounded however common its words)."""
        return self.db.execute("SELECT count(*) FROM (SELECT rowid FROM fts WHERE fts MATCH ? LIMIT ?)",
                               (match, count + 1)).fetchone()[0]

    def matching_ids(self, match: str) -> list[str]:
        """The ids of every memory whose words match the FTS5 expression `match` (no ranking, no
        limit: invalidate.py's candidates, confirmed on the words by the caller)."""
        return [row[0] for row in self._memories(
            "SELECT mem.id FROM fts JOIN mem ON mem.rowid = fts.rowid WHERE fts MATCH ?", (match,))]

    def holds_word(self, word: str) -> bool:
        """Whether any memory not archived holds `word` as FTS5 reads it (stemmed, diacritics folded)."""
        return bool(self._memories("SELECT fts.rowid FROM fts JOIN mem ON mem.rowid = fts.rowid WHERE fts MATCH ? "
                                   "AND mem.status IS NOT 'archived' LIMIT 1", ['"' + word.replace('"', '""') + '"']))

    def indexed_terms(self, low: str, high: str, limit: int) -> list[str]:
        """The index's terms (as it holds them: stemmed) from `low` up to `high`, in order, at most
        `limit`: a range of FTS5's vocabulary (a temporary fts5vocab table, nothing written)."""
        if not self._vocabulary:
            self.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_terms USING fts5vocab(main, fts, 'row')")
            self._vocabulary = True
        return [row[0] for row in self._memories(
            "SELECT term FROM temp.fts_terms WHERE term >= ? AND term < ? LIMIT ?", [low, high, limit])]

    def search_newest(self, match: str, where: str, params: list, scan: int, limit: int) -> list[tuple[dict, float]]:
        """Like `search`, but the best `limit` among the `scan` matches indexed last (the
        newest memories, or the last edited): words found in thousands of memories cost
        BM25 for `scan` of them, not for all."""
        import heapq

        sql = (f"SELECT fts.rowid, -bm25(fts, 1.0, 0.2) FROM fts JOIN mem ON mem.rowid = fts.rowid "
               f"WHERE fts MATCH ? {where} ORDER BY fts.rowid DESC LIMIT ?")
        best = dict(heapq.nlargest(limit, self._memories(sql, [match, *params, scan]), key=lambda row: row[1]))
        if not best:
            return []
        rows = self._memories(f"SELECT {_MEM} FROM mem WHERE rowid IN ({','.join('?' * len(best))})", list(best))
        return sorted(((row_to_memory(r), best[r[0]]) for r in rows), key=lambda pair: (-pair[1], -pair[0]["rowid"]))

    def created_between(self, start, end, where: str, params: list, limit: int) -> list[dict]:
        """Memories created in [start, end), strongest first (timestamps compare as text)."""
        from ..text.timeutil import format_time
        sql = (f"SELECT {_MEM} FROM mem WHERE created >= ? AND created < ? {where} "
               f"ORDER BY base DESC LIMIT ?")
        return [row_to_memory(r) for r in self._memories(sql, [format_time(start), format_time(end), *params, limit])]

    def neighbours(self, episode: str) -> list[dict]:
        """An episode's memories in order, light: id, domain, category, store,
        status and created (enough to filter them). A day at 100,000 memories is
        ~340 of them; `by_ids` gives the whole rows of those that can matter."""
        return [dict(zip(_LIGHT, row)) for row in self._memories(
            "SELECT id, domain, category, store, status, created FROM mem WHERE episode=? ORDER BY created, rowid",
            (episode,))]

    def core_candidates(self, line: float, windows: list[tuple]) -> list[dict]:
        """The live memories not superseded that may be core (store/core.py weighs
        them): the pinned and vault ones, and those weighing at least `line` used
        within their window (core.windows: per store and categories, the oldest
        day for each band of weight), or rebased since the oldest of them. Each
        read by an index (mem_recent holds what the windows test: no row is read
        that they leave out)."""
        live = "status IS NOT 'archived' AND superseded IS NULL"
        rows = self._memories(f"SELECT {_MEM} FROM mem WHERE (pinned = 1 OR store = 'vault') AND {live}", ())
        days = [day for *_head, bands in windows for _low, day in bands]
        for store, names, excluded, bands in windows:
            oldest = None if None in [day for _low, day in bands] else min(day for _low, day in bands)
            where, params = ["store = ?", "base >= ?", live], [store, line]
            if oldest is not None:
                where.append("last >= ?")
                params.append(oldest)
                tops = [low for low, _day in bands[1:]] + [None]
                where.append("(" + " OR ".join("(base < ? AND last >= ?)" if top is not None else "last >= ?"
                                               for top in tops) + ")")
                for top, (_low, day) in zip(tops, bands):
                    params += ([top] if top is not None else []) + [day]
            else:
                where.append("last IS NOT NULL")
            if names:  # (a memory of no category fades as one of the others)
                marks = ",".join("?" * len(names))
                where.append(f"(category IS NULL OR category NOT IN ({marks}))" if excluded else
                             f"category IN ({marks})")
                params += list(names)
            rows += self._memories(f"SELECT {_MEM} FROM mem WHERE {' AND '.join(where)}", params)
        oldest = None if None in days else min(days, default=None)
        # a weight rebased later (consolidation's decayFrom) fades from then; never used: from its creation
        rows += self._memories(f"SELECT {_MEM} FROM mem WHERE decay_from >= ? AND base >= ? AND {live}",
                               (oldest or "", line))
        # good outcomes lengthen a half-life (scoring.half_life_factor): such a memory may outlast its window
        rows += self._memories(f"SELECT {_MEM} FROM mem WHERE good IS NOT NULL AND base >= ? AND {live}", (line,))
        stores = sorted({store for store, *_rest in windows})
        rows += self._memories(f"SELECT {_MEM} FROM mem WHERE store IN ({','.join('?' * len(stores))}) "
                               f"AND last IS NULL AND base >= ? AND {live}", (*stores, line))
        found, seen = [], set()
        for row in rows:
            if row[1] not in seen:
                seen.add(row[1])
                found.append(row_to_memory(row))
        return found

    def by_ids(self, ids) -> list[dict]:
        ids, found = list(ids), []
        for start in range(0, len(ids), 500):
            part = ids[start:start + 500]
            found += [row_to_memory(r) for r in self._memories(
                f"SELECT {_MEM} FROM mem WHERE id IN ({','.join('?' * len(part))})", part)]
        return found

    def close(self) -> None:
        self.db.close()



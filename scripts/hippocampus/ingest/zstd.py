"""A small Zstandard decompressor (RFC 8878), stdlib only, for OpenClaw's compressed transcript rows.

OpenClaw 2026.9.6 stores a transcript event of 1 KiB or more as `event_zstd`
(node's `zlib.zstdCompressSync`, level 1, with checksum; dist
`transcript-payload-*.mjs`, `prepareTranscriptPayload`) when that saves a
tenth; Python 3.11 has no zstd module. This decoder handles what a
dictionary-less encoder writes: raw, RLE and compressed blocks, raw / RLE /
Huffman / treeless literals, predefined / RLE / FSE / repeat sequence tables,
repeat offsets, concatenated and skippable frames. The content checksum is
not verified (SQLite holds the bytes; the JSON parse that follows checks them).

A few hundred bytes of zstd can say "gigabytes" (a frame bomb), and a pure
Python decoder pays per sequence and per Huffman symbol, so what one input may
cost is bounded, and refused as soon as it shows:

- output: `limit` bytes per call, the caller's bound. A frame whose declared
  content size is larger is refused before a block is read; otherwise
  decoding stops at the bound (`ZstdTooLarge`);
- history: a frame whose window (or single-segment content) is larger than
  `MAX_WINDOW` (8 MiB, the largest of zstd's levels 1-19) is refused
  (`ZstdTooLarge`); `stream` keeps only the window, so memory stays near it;
- work: no block holds more than `BLOCK_MAX` (128 KiB, the format's own
  bound), a Huffman symbol costs at least a bit, and a block may hold at most
  `SEQUENCES_PER_BYTE` (4) sequences per byte of it (RLE tables make a
  sequence cost no bit at all: 98,047 of them in 9 bytes). So the CPU spent is
  proportional to the input's size, whatever it says.

`decompress(data, limit)` returns the content; `stream(data, limit)` yields it
in pieces of at most a block. Both raise `ZstdError` on anything else.

One piece (~500 lines): the format's tables, its entropy decoders and the block
reader that uses them are one specification (RFC 8878), read top to bottom.
"""

from __future__ import annotations


BLOCK_MAX = 128 * 1024  # RFC 8878: Block_Maximum_Size, what one block may hold
MAX_WINDOW = 8 * 1024 * 1024  # the largest window of zstd's levels 1-19 (2^23); OpenClaw's level 1 uses 2^19
SEQUENCES_PER_BYTE = 4  # real encoders write well under one sequence per byte of block (level 1 to 19)


class ZstdError(ValueError):
    """Not a frame this decoder reads: corrupt, truncated, or of a kind a dictionary-less encoder never writes."""


class ZstdTooLarge(ZstdError):
    """A frame whose content (or window) is larger than the bound it was read with."""


_LL_BASE = list(range(16)) + [16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512, 1024, 2048, 4096, 8192,
                              16384, 32768, 65536]
_LL_BITS = [0] * 16 + [1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
_ML_BASE = list(range(3, 35)) + [35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099,
                                 8195, 16387, 32771, 65539]
_ML_BITS = [0] * 32 + [1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
_LL_DEFAULT = ([4, 3] + [2] * 11 + [1, 1, 1] + [2] * 9 + [3, 2, 1, 1, 1, 1, 1] + [-1] * 4, 6)
_ML_DEFAULT = ([1, 4, 3] + [2] * 6 + [1] * 37 + [-1] * 7, 6)
_OF_DEFAULT = ([1] * 6 + [2] * 3 + [1] * 15 + [-1] * 5, 5)


class _Forward:
    """Bits read from the least significant end of each byte, forwards (FSE table descriptions)."""

    def __init__(self, data: bytes, start: int):
        self.data, self.bit = data, start * 8

    def read(self, count: int) -> int:
        first, last = self.bit >> 3, (self.bit + count + 7) >> 3
        if last > len(self.data):
            raise ZstdError("truncated table description")
        value = (int.from_bytes(self.data[first:last], "little") >> (self.bit & 7)) & ((1 << count) - 1)
        self.bit += count
        return value

    def end(self) -> int:
        return (self.bit + 7) >> 3


class _Backward:
    """Bits read from the end of a stream towards its start (Huffman and FSE streams); past the start, zeros."""

    def __init__(self, data: bytes):
        if not data or data[-1] == 0:
            raise ZstdError("bad bitstream padding")
        self.data = data
        self.bits = (len(data) - 1) * 8 + data[-1].bit_length() - 1

    def read(self, count: int) -> int:
        if count == 0:
            return 0
        value = self.peek(count)
        self.bits -= count
        return value

    def peek(self, count: int) -> int:
        top = self.bits
        low = top - count
        if top <= 0:
            return 0
        start = max(low, 0)
        chunk = int.from_bytes(self.data[start >> 3:(top + 7) >> 3], "little") >> (start & 7)
        chunk &= (1 << (top - start)) - 1
        return chunk << (start - low)


def _fse_table(counts: list[int], log: int) -> list[tuple[int, int, int]]:
    """(symbol, bits to read, base of the next state) per state, from normalised counts."""
    size = 1 << log
    symbols = [0] * size
    high = size
    next_state = [0] * len(counts)
    for symbol, count in enumerate(counts):
        if count == -1:
            high -= 1
            symbols[high] = symbol
            next_state[symbol] = 1
    step, mask, position = (size >> 1) + (size >> 3) + 3, size - 1, 0
    for symbol, count in enumerate(counts):
        if count <= 0:
            continue
        next_state[symbol] = count
        for _ in range(count):
            symbols[position] = symbol
            position = (position + step) & mask
            while position >= high:
                position = (position + step) & mask
    if position != 0:
        raise ZstdError("bad FSE distribution")
    table = []
    for symbol in symbols:
        state = next_state[symbol]
        next_state[symbol] += 1
        bits = log - (state.bit_length() - 1)
        table.append((symbol, bits, (state << bits) - size))
    return table


def _fse_description(data: bytes, start: int, max_log: int, max_symbol: int) -> tuple[list, int, int]:
    """(table, accuracy log, bytes used) of an FSE table description at `start`."""
    reader = _Forward(data, start)
    log = reader.read(4) + 5
    if log > max_log:
        raise ZstdError("FSE accuracy too high")
    remaining, counts = 1 << log, []
    while remaining > 0 and len(counts) <= max_symbol:
        bits = (remaining + 1).bit_length()
        value = reader.read(bits)
        lower = (1 << (bits - 1)) - 1
        threshold = (1 << bits) - 1 - (remaining + 1)
        if (value & lower) < threshold:
            reader.bit -= 1
            value &= lower
        elif value > lower:
            value -= threshold
        count = value - 1
        remaining -= abs(count)
        counts.append(count)
        if count == 0:
            while True:
                repeat = reader.read(2)
                counts.extend([0] * repeat)
                if repeat != 3:
                    break
    if remaining != 0 or len(counts) > max_symbol + 1:
        raise ZstdError("bad FSE table description")
    return _fse_table(counts, log), log, reader.end() - start


def _huffman_weights(data: bytes, position: int) -> tuple[list[int], int]:
    """(weights of all but the last symbol, bytes used) of a Huffman tree description."""
    header = data[position]
    if header >= 128:
        count = header - 127
        raw = data[position + 1:position + 1 + (count + 1) // 2]
        if len(raw) < (count + 1) // 2:
            raise ZstdError("truncated Huffman weights")
        weights = []
        for byte in raw:
            weights += [byte >> 4, byte & 15]
        return weights[:count], 1 + (count + 1) // 2
    end = position + 1 + header
    if end > len(data):
        raise ZstdError("truncated Huffman weights")
    table, log, used = _fse_description(data[:end], position + 1, 6, 255)
    stream = _Backward(data[position + 1 + used:end])
    states = [stream.read(log), stream.read(log)]
    weights: list[int] = []
    which = 0
    while len(weights) < 255:
        symbol, bits, base = table[states[which]]
        weights.append(symbol)
        states[which] = base + stream.read(bits)
        if stream.bits < 0:
            weights.append(table[states[1 - which]][0])
            break
        which = 1 - which
    return weights, 1 + header


def _huffman_table(weights: list[int]) -> tuple[list[tuple[int, int]], int]:
    """(symbol, code length) for each max_bits-wide prefix; max_bits."""
    total = sum(1 << (w - 1) for w in weights if w)
    if total == 0:
        raise ZstdError("empty Huffman tree")
    max_bits = total.bit_length()
    rest = (1 << max_bits) - total
    if rest & (rest - 1):
        raise ZstdError("bad Huffman weights")
    weights = weights + [rest.bit_length()]
    if max_bits > 11:
        raise ZstdError("Huffman code too long")
    lengths = [max_bits + 1 - w if w else 0 for w in weights]
    rank = [0] * (max_bits + 2)
    for length in lengths:
        if length:
            rank[length] += 1
    start = [0] * (max_bits + 2)
    for length in range(max_bits, 0, -1):
        start[length - 1] = start[length] + rank[length] * (1 << (max_bits - length))
    table: list[tuple[int, int]] = [(0, 0)] * (1 << max_bits)
    for symbol, length in enumerate(lengths):
        if length:
            span = 1 << (max_bits - length)
            table[start[length]:start[length] + span] = [(symbol, length)] * span
            start[length] += span
    return table, max_bits


def _huffman_stream(data: bytes, table, max_bits: int, count: int, out: bytearray) -> None:
    stream = _Backward(data)
    if count > stream.bits:  # a symbol costs at least a bit: more symbols than bits is no real stream
        raise ZstdError("Huffman stream shorter than its symbols")
    for _ in range(count):
        symbol, length = table[stream.peek(max_bits)]
        out.append(symbol)
        stream.bits -= length
    if stream.bits != 0:
        raise ZstdError("bad Huffman stream")


class _Frame:
    """One frame's decoding state: the window matches copy from, and what it may still produce."""

    def __init__(self, limit: int, window: int):
        self.out = bytearray()  # the last `window` bytes (at least) of the content, and what is not yet handed out
        self.sent = 0  # how much of `out` has been handed out
        self.total = 0  # bytes of content produced
        self.limit = limit
        self.window = window
        self.stop = 0  # `total` may not pass this within the current block
        self.huffman = None
        self.tables: list = [None, None, None]
        self.repeats = [1, 4, 8]

    def start_block(self) -> None:
        self.stop = min(self.total + BLOCK_MAX, self.limit)

    def over(self, end: int) -> None:
        if end > self.limit:
            raise ZstdTooLarge(f"content larger than {self.limit:,} bytes")
        raise ZstdError("block larger than 128 KiB")

    def take(self) -> bytes:
        """The content produced since the last call; the window is kept, the rest let go."""
        piece = bytes(self.out[self.sent:])
        if len(self.out) > 2 * self.window + BLOCK_MAX:
            del self.out[:len(self.out) - self.window]
        self.sent = len(self.out)
        return piece

    def literals(self, block: bytes) -> tuple[bytes, int]:
        kind, size_format = block[0] & 3, (block[0] >> 2) & 3
        if kind in (0, 1):
            if size_format in (0, 2):
                size, header = block[0] >> 3, 1
            elif size_format == 1:
                size, header = (block[0] >> 4) + (block[1] << 4), 2
            else:
                size, header = (block[0] >> 4) + (block[1] << 4) + (block[2] << 12), 3
            if size > BLOCK_MAX:
                raise ZstdError("bad literals size")
            if kind == 0:
                if header + size > len(block):
                    raise ZstdError("truncated literals")
                return bytes(block[header:header + size]), header + size
            return bytes([block[header]]) * size, header + 1
        header = {0: 3, 1: 3, 2: 4, 3: 5}[size_format]
        value = int.from_bytes(block[:header], "little")
        bits = {3: 10, 4: 14, 5: 18}[header]
        size, compressed = (value >> 4) & ((1 << bits) - 1), (value >> (4 + bits)) & ((1 << bits) - 1)
        if header + compressed > len(block) or size > 131072:
            raise ZstdError("bad literals size")
        body, used = block[header:header + compressed], 0
        if kind == 2:
            weights, used = _huffman_weights(body, 0)
            self.huffman = _huffman_table(weights)
        elif self.huffman is None:
            raise ZstdError("treeless literals without a tree")
        table, max_bits = self.huffman
        out = bytearray()
        body = body[used:]
        if size_format == 0:
            _huffman_stream(body, table, max_bits, size, out)
        else:
            sizes = [int.from_bytes(body[i:i + 2], "little") for i in (0, 2, 4)]
            sizes.append(len(body) - 6 - sum(sizes))
            if sizes[3] < 0:
                raise ZstdError("bad jump table")
            each, position = (size + 3) // 4, 6
            for index, length in enumerate(sizes):
                _huffman_stream(body[position:position + length], table, max_bits,
                                each if index < 3 else size - 3 * each, out)
                position += length
        return bytes(out), header + compressed

    def block(self, block: bytes) -> None:
        literals, position = self.literals(block)
        if position >= len(block):
            raise ZstdError("missing sequences section")
        count = block[position]
        if count == 0:
            self.emit(literals)
            return
        if count < 128:
            position += 1
        elif count < 255:
            count, position = ((count - 128) << 8) + block[position + 1], position + 2
        else:
            count, position = block[position + 1] + (block[position + 2] << 8) + 0x7F00, position + 3
        if count > SEQUENCES_PER_BYTE * len(block):
            raise ZstdError("more sequences than the block's bytes hold")
        modes = block[position]
        position += 1
        for index, (shift, default, max_log, max_symbol) in enumerate(
                ((6, _LL_DEFAULT, 9, 35), (4, _OF_DEFAULT, 8, 31), (2, _ML_DEFAULT, 9, 52))):
            mode = (modes >> shift) & 3
            if mode == 0:
                self.tables[index] = (_fse_table(*default), default[1])
            elif mode == 1:
                self.tables[index] = ([(block[position], 0, 0)], 0)
                position += 1
            elif mode == 2:
                table, log, used = _fse_description(block, position, max_log, max_symbol)
                self.tables[index] = (table, log)
                position += used
            elif self.tables[index] is None:
                raise ZstdError("repeated sequence table without one")
        (ll_table, ll_log), (of_table, of_log), (ml_table, ml_log) = self.tables
        stream = _Backward(block[position:])
        ll, of, ml = stream.read(ll_log), stream.read(of_log), stream.read(ml_log)
        used = 0
        reps = self.repeats
        for number in range(count):
            of_code, ml_code, ll_code = of_table[of][0], ml_table[ml][0], ll_table[ll][0]
            if of_code > 31 or ll_code > 35 or ml_code > 52:
                raise ZstdError("bad sequence code")
            offset_value = (1 << of_code) + stream.read(of_code)
            match = _ML_BASE[ml_code] + stream.read(_ML_BITS[ml_code])
            length = _LL_BASE[ll_code] + stream.read(_LL_BITS[ll_code])
            if offset_value > 3:
                offset = offset_value - 3
                reps[2], reps[1], reps[0] = reps[1], reps[0], offset
            else:
                index = offset_value - 1 + (length == 0)
                if index == 0:
                    offset = reps[0]
                else:
                    offset = reps[index] if index < 3 else reps[0] - 1
                    if index > 1:
                        reps[2] = reps[1]
                    reps[1], reps[0] = reps[0], offset
            if number + 1 < count:
                _, bits, base = ll_table[ll]
                ll = base + stream.read(bits)
                _, bits, base = ml_table[ml]
                ml = base + stream.read(bits)
                _, bits, base = of_table[of]
                of = base + stream.read(bits)
            if used + length > len(literals):
                raise ZstdError("sequence past its literals")
            self.emit(literals[used:used + length])
            used += length
            self.match(offset, match)
        if stream.bits != 0:
            raise ZstdError("bad sequences stream")
        self.emit(literals[used:])

    def emit(self, data: bytes) -> None:
        if self.total + len(data) > self.stop:
            self.over(self.total + len(data))
        self.out += data
        self.total += len(data)

    def match(self, offset: int, length: int) -> None:
        out = self.out
        if offset <= 0 or offset > len(out):
            raise ZstdError("match before the start")
        if self.total + length > self.stop:
            self.over(self.total + length)
        self.total += length
        start = len(out) - offset
        if offset >= length:
            out += out[start:start + length]
            return
        pattern = bytes(out[start:])
        whole, part = divmod(length, offset)
        out += pattern * whole + pattern[:part]


def decompress(data: bytes, limit: int = 1 << 26) -> bytes:
    """The content of one or more zstd frames, at most `limit` bytes; ZstdError where it cannot be decoded."""
    out = bytearray()
    for piece in stream(data, limit):
        out += piece
    return bytes(out)


def stream(data: bytes, limit: int):
    """The content of one or more zstd frames in pieces of at most a block (memory: the window, not the
    content); ZstdTooLarge past `limit` bytes, ZstdError where it cannot be decoded."""
    try:
        yield from _frames(bytes(data), limit)
    except (IndexError, KeyError) as exc:  # a truncated or corrupt frame read past its end
        raise ZstdError(f"corrupt frame ({exc.__class__.__name__})") from None


def _frames(data: bytes, limit: int):
    total = 0
    position = 0
    while position < len(data):
        magic = int.from_bytes(data[position:position + 4], "little")
        if 0x184D2A50 <= magic <= 0x184D2A5F:
            position += 8 + int.from_bytes(data[position + 4:position + 8], "little")
            continue
        if magic != 0xFD2FB528:
            raise ZstdError("not a zstd frame")
        descriptor = data[position + 4]
        position += 5
        single, checksum, dictionary = descriptor & 0x20, descriptor & 4, descriptor & 3
        if descriptor & 8:
            raise ZstdError("reserved frame bit set")
        window = None
        if not single:
            exponent, mantissa = data[position] >> 3, data[position] & 7
            window = (1 << (10 + exponent)) + ((1 << (7 + exponent)) * mantissa)
            position += 1
        if dictionary:
            if int.from_bytes(data[position:position + (1, 2, 4)[dictionary - 1]], "little"):
                raise ZstdError("frame needs a dictionary")
            position += (1, 2, 4)[dictionary - 1]
        size_bytes = (1 if single else 0, 2, 4, 8)[descriptor >> 6]
        if position + size_bytes > len(data):
            raise ZstdError("truncated frame header")
        declared = int.from_bytes(data[position:position + size_bytes], "little") + (256 if size_bytes == 2 else 0) \
            if size_bytes else None
        position += size_bytes
        if declared is not None and total + declared > limit:
            raise ZstdTooLarge(f"content of {total + declared:,} bytes, more than {limit:,}")
        window = declared if window is None else window
        if window > MAX_WINDOW:
            raise ZstdTooLarge(f"a window of {window:,} bytes, more than {MAX_WINDOW:,}")
        frame = _Frame(limit - total, max(window, 1))
        while True:
            if position + 3 > len(data):
                raise ZstdError("truncated frame")
            header = int.from_bytes(data[position:position + 3], "little")
            last, kind, size = header & 1, (header >> 1) & 3, header >> 3
            position += 3
            if kind == 3 or size > BLOCK_MAX:
                raise ZstdError("reserved block type" if kind == 3 else "block larger than 128 KiB")
            frame.start_block()
            if kind == 0:
                if position + size > len(data):
                    raise ZstdError("truncated block")
                frame.emit(data[position:position + size])
                position += size
            elif kind == 1:
                if position >= len(data):
                    raise ZstdError("truncated block")
                frame.emit(data[position:position + 1] * size)
                position += 1
            else:
                if position + size > len(data):
                    raise ZstdError("truncated block")
                frame.block(data[position:position + size])
                position += size
            piece = frame.take()
            total += len(piece)
            if piece:
                yield piece
            if last:
                break
        if declared is not None and frame.total != declared:
            raise ZstdError("content size differs from the frame's header")
        position += 4 if checksum else 0

"""dashboard.py: one self-contained page, memory text escaped, rendered for real in headless Chromium."""

import shutil
import struct
import subprocess
import zlib

import pytest

HOSTILE = "</script><img src=x onerror=alert(1)> & <b>bold</b>"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
         "--no-first-run", "--disable-component-update", "--disable-sync"]


def populated(ws):
    ws.remember("User's name is Dana and she prefers tea", "--importance", "0.95", "--domain", "user", now="2026-03-01")
    ws.remember(HOSTILE, "--importance", "0.9", now="2026-03-01")
    ws.remember("Vault: blood type O negative", "--pin", now="2026-03-01")
    ws.remember("A passing remark about clouds", "--importance", "0.3", now="2026-03-01")
    ws.remember("Deploys go out on Friday", "--domain", "world", now="2026-03-01")
    ws.remember("Deploys go out on Monday", "--domain", "world", now="2026-03-01")
    ws.run("consolidate.py", now="2026-03-02")
    ws.run("remember.py", "Ana moved to Porto last spring", "--actor", "researcher", now="2026-03-02")
    return ws.json("dashboard.py", now="2026-03-03")


def test_page_is_self_contained_escaped_and_complete(ws):
    info = populated(ws)
    html = (ws.root / "brain-dashboard.html").read_text()
    assert info["file"].endswith("brain-dashboard.html") and info["conflicts"] == 1 and info["proposals"] == 1
    assert "<img" not in html and "onerror=alert" not in html.replace("onerror=alert(1)&gt;", "")
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html
    assert "<script" not in html and "http://" not in html and "https://" not in html
    assert "default-src 'none'" in html
    for part in ("By domain", "By store", "By status", "Importance now", "Core memories over the next 90 days",
                 "Strongest", "Fading", "Open conflicts (1)", "Pending proposals (1)", "Recent changes",
                 "User&#x27;s name is Dana", "Deploys go out on Friday", "Ana moved to Porto", "<polyline"):
        assert part in html, part
    assert "brain-dashboard.html" not in ws.git("status", "--porcelain", "--", "hippocampus")


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit RGB(A) PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour = header[:4]
    assert depth == 8 and colour in (2, 6)
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium; .ci/run installs it)")
def test_chromium_renders_a_page_that_is_not_blank_and_shows_the_text(ws, tmp_path):
    populated(ws)
    page = (ws.root / "brain-dashboard.html").resolve().as_uri()
    profile = tmp_path / "profile"
    shot = tmp_path / "shot.png"
    common = [CHROMIUM, *FLAGS, f"--user-data-dir={profile}"]
    subprocess.run([*common, f"--screenshot={shot}", "--window-size=1200,1600", page], capture_output=True, timeout=120)
    assert shot.exists(), "Chromium wrote no screenshot"
    width, height, rows = png_pixels(shot.read_bytes())
    colours = {row[x:x + 3] for row in rows[::8] for x in range(0, len(row), 3 * 8)}
    assert width == 1200 and len(colours) > 20, f"the screenshot looks blank ({len(colours)} colours)"
    dom = subprocess.run([*common, "--dump-dom", page], capture_output=True, text=True, timeout=120).stdout
    assert "Deploys go out on Friday" in dom and "Open conflicts (1)" in dom
    assert "<img" not in dom  # the hostile memory stayed text after rendering

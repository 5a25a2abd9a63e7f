"""dashboard.py: one self-contained page, memory text escaped, rendered for real in headless Chromium;
--serve answers read-only on 127.0.0.1."""

import json
import os
import re
import shutil
import signal
import stat
import struct
import subprocess
import sys
import urllib.error
import urllib.request
import zlib

import pytest

from conftest import SCRIPTS

HOSTILE = "</script><img src=x onerror=alert(1)> & <b>bold</b>"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
         "--no-first-run", "--disable-component-update", "--disable-sync"]
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package chromium; "
                                    ".ci/run installs it)")


def populated(ws):
    ws.remember("User's name is Dana and she prefers tea", "--importance", "0.95", "--domain", "user", now="2026-03-01")
    ws.remember(HOSTILE, "--importance", "0.9", now="2026-03-01")
    ws.remember("Vault: blood type O negative", "--pin", now="2026-03-01")
    ws.remember("A passing remark about clouds", "--importance", "0.3", now="2026-03-01")
    ws.remember("Deploys go out on Friday", "--domain", "world", now="2026-03-01")
    ws.remember("Deploys go out on Monday", "--domain", "world", now="2026-03-01")
    ws.run("consolidate.py", now="2026-03-02")
    ws.run("remember.py", "Ana moved to Porto last spring", "--actor", "researcher", now="2026-03-02")
    ws.run("remember.py", "Proposal: " + HOSTILE, "--actor", "researcher", now="2026-03-02")
    return ws.json("dashboard.py", now="2026-03-03")


def section(page: str, heading: str) -> str:
    """The HTML of the card whose <h2> starts with `heading`, up to the next <h2>."""
    start = page.index("<h2>" + heading)
    end = page.find("<h2>", start + 4)
    return page[start:end if end > 0 else len(page)]


def test_page_is_self_contained_escaped_and_complete(ws):
    info = populated(ws)
    page = (ws.root / "brain-dashboard.html").read_text()
    assert info["file"].endswith("brain-dashboard.html") and info["conflicts"] == 1 and info["proposals"] == 2
    assert "<img" not in page and "<b>bold" not in page
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    assert page.count("<script") == 1 and "src=" not in page.replace("src=x", "")  # the page's own inline script
    assert "http://" not in page and "https://" not in page and " style=" not in page
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "default-src &#x27;none&#x27;" in policy and "script-src &#x27;sha256-" in policy
    assert "<title>hippocampus — memory</title>" in page and ws.root.name not in page.split("</h1>")[0]
    for part in ("By domain", "By store", "By status", "Importance now", "Core memories over the next 90 days",
                 "Strongest now", "Fading", "Open conflicts (1)", "Pending proposals (2)", "This week",
                 "User&#x27;s name is Dana", "Deploys go out on Friday", "Ana moved to Porto", "<polyline",
                 "conflicts.py resolve conf_", "review.py approve 1", "id=q type=search"):
        assert part in page, part
    assert "brain-dashboard.html" not in ws.git("status", "--porcelain", "--", ws.store.name)


def test_a_memory_life_shows_its_history_commits_chain_and_curve(ws):
    old = ws.remember("The office is in Leeds", "--importance", "0.8", now="2026-03-01")
    new = ws.remember("The office moved to York", "--importance", "0.8", now="2026-03-05")
    ws.run("supersede.py", new, old, now="2026-03-05")
    ws.run("reinforce.py", new, now="2026-03-06")
    ws.run("dashboard.py", now="2026-03-07")
    page = (ws.root / "brain-dashboard.html").read_text()
    life = page[page.index(f'<details id="m-{new}"'):]
    life = life[:life.index("</details>")]
    assert "<dt>created</dt><dd>2026-03-05" in life and "<dt>reinforced</dt><dd>1 times" in life
    chain = life[life.index("supersession chain"):life.index("<table")]
    assert chain.index(old) < chain.index(new) and "Leeds" in chain and "York" in chain
    commits = re.findall(r"<code>([0-9a-f]{12})</code>", life)
    assert len(commits) >= 2, life  # created, reinforced: each with its commit
    for sha in commits:
        ws.git("cat-file", "-e", sha + "^{commit}")
    assert "<polyline" in life and "history.py " + new in life


def test_core_is_in_core_and_fading_is_decay_not_newness(ws):
    """Core is scoring.in_core's (a superseded or invalidated fact is not core, however high);
    fading means decay is taking it toward the archive line, never a memory made today."""
    stale = ws.remember("The build uses webpack", "--importance", "0.95", now="2026-01-01")
    ws.run("invalidate.py", "webpack", "--reason", "migrated to vite", now="2026-01-02")
    old = ws.remember("Standup is at 9", "--importance", "0.95", now="2026-01-02")
    new = ws.remember("Standup is at 10", "--importance", "0.95", now="2026-01-02")
    ws.run("supersede.py", new, old, now="2026-01-02")
    ws.remember("Old note about the printer", "--importance", "0.45", "--domain", "world", now="2025-12-20")
    ws.remember("A brand new low note", "--importance", "0.35", now="2026-01-03")
    ws.run("dashboard.py", now="2026-01-03")
    page = (ws.root / "brain-dashboard.html").read_text()
    core = section(page, "Core memories")
    assert "Standup is at 10" in core and "Standup is at 9" not in core and "webpack" not in core
    strongest = section(page, "Strongest now")
    assert "Standup is at 10" in strongest and "Standup is at 9" not in strongest and "webpack" not in strongest
    tagged_core = set(re.findall(r'<details id="m-(mem_\w+)"><summary><b>[\d.]+</b> <span class="tag s-core">', page))
    assert tagged_core == set(re.findall(r'href="#m-(mem_\w+)"', core)) == {new}  # one definition, everywhere
    fading = section(page, "Fading")
    assert "Old note about the printer" in fading and "A brand new low note" not in fading
    assert re.search(r"\d+ days? to 0\.\d+</span> <a href=\"#m-mem_\w+\">Old note about the printer", fading)
    assert f'<details id="m-{stale}">' in page  # invalidated: still live, shown, just not core


def test_every_legend_entry_has_its_own_colour(ws):
    for n in range(14):
        ws.remember(f"Core fact number {n} about the project", "--importance", "0.95", now="2026-03-01")
    info = ws.json("dashboard.py", now="2026-03-02")
    chart = section((ws.root / "brain-dashboard.html").read_text(), "Core memories")
    swatches = re.findall(r'class=swatch[^>]*><rect[^>]*fill="(#[0-9a-f]{6})"', chart)
    curves = re.findall(r'<polyline fill=none stroke="(#[0-9a-f]{6})"', chart)
    assert info["core"] == 14 and len(swatches) == 12 and len(set(swatches)) == 12 and curves == swatches
    assert "2 more core memories not shown" in chart


def test_lists_are_bounded_and_say_what_they_leave_out(ws, monkeypatch):
    from datetime import datetime, timezone
    from hippocampus.hosts import dashboard
    from hippocampus.store.workspace import Workspace
    for n in range(7):
        ws.remember(f"Fact {n} about item {n}", "--importance", f"0.{n + 2}", now="2026-03-01")
    monkeypatch.setattr(dashboard, "LIVES", 3)
    monkeypatch.setattr(dashboard, "WEEK_ROWS", 2)
    page, info = dashboard.build(Workspace.open(ws.root, datetime(2026, 3, 2, tzinfo=timezone.utc)))
    assert info["live"] == 7 and info["shown"] == 3 and page.count("<details id=") == 3
    assert "4 more live memories not shown" in page and "6 more changes this week not shown" in page
    assert "Fact 6 about item 6" in page.split('id=memories')[1] and "Fact 0" not in page.split('id=memories')[1]


def chromium(tmp_path, *args, timeout=120):
    profile = tmp_path / "profile"
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args],
                          capture_output=True, text=True, timeout=timeout)


def console_lines(stderr: str) -> list[str]:
    """What the page said on its console, and what Chromium refused (CSP), from --enable-logging=stderr."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Content Security Policy" in line
            or "Refused to" in line or "Uncaught" in line]


@needs_chromium
def test_chromium_renders_both_widths_with_no_console_errors(ws, tmp_path):
    populated(ws)
    page = (ws.root / "brain-dashboard.html").resolve()
    for width in (1280, 420):
        shot = tmp_path / f"dashboard-{width}.png"
        result = chromium(tmp_path, f"--screenshot={shot}", f"--window-size={width},2400", page.as_uri())
        assert shot.exists(), f"Chromium wrote no screenshot: {result.stderr[-2000:]}"
        print(f"screenshot: {shot}")
        got_width, _height, rows = png_pixels(shot.read_bytes())
        colours = {row[x:x + 3] for row in rows[::8] for x in range(0, len(row), 3 * 8)}
        assert got_width == width and len(colours) > 20, f"the screenshot looks blank ({len(colours)} colours)"
        assert console_lines(result.stderr) == []
    result = chromium(tmp_path, "--dump-dom", page.as_uri())
    dom = result.stdout
    assert console_lines(result.stderr) == []
    assert 'data-ready="1"' in dom  # the page's script ran: its hash is the one the policy allows
    assert "Deploys go out on Friday" in dom and "Open conflicts (1)" in dom
    assert "<img" not in dom and "<b>bold" not in dom  # the hostile memory stayed text after rendering
    # the capture sees a refusal: the same page with its script changed by one character logs one
    broken = tmp_path / "broken.html"
    broken.write_text(page.read_text().replace("data-ready", "data-ready2"))
    assert any("violates the following Content Security Policy" in line for line in console_lines(chromium(tmp_path, "--dump-dom",
                                                                                broken.as_uri()).stderr))


@needs_chromium
def test_keyboard_search_and_a_memory_life_in_a_real_browser(ws, tmp_path):
    """Keys pressed for real (DevTools protocol over --remote-debugging-pipe): Tab walks from the
    skip link through the links; focus is drawn; typing in the search box filters the memories
    shown; Enter on a memory opens its life; Enter on a link to a memory opens and focuses it."""
    from chromium_pipe import Browser
    info = populated(ws)
    page = (ws.root / "brain-dashboard.html").resolve()
    browser = Browser(CHROMIUM, FLAGS, tmp_path / "profile")
    try:
        browser.open(page.as_uri())
        assert browser.js("document.documentElement.dataset.ready") == "1"
        assert browser.js("document.querySelectorAll('img, b > b').length") == 0
        assert HOSTILE in browser.js("document.body.textContent")
        browser.key("Tab", "Tab", 9)
        assert browser.js("document.activeElement.className") == "skip"
        browser.key("Tab", "Tab", 9)
        focused = browser.js("[document.activeElement.tagName, document.activeElement.getAttribute('href'), "
                             "getComputedStyle(document.activeElement).outlineStyle, "
                             "getComputedStyle(document.activeElement).outlineWidth]")
        assert focused[0] == "A" and focused[1].startswith("#m-mem_") and focused[2:] == ["solid", "3px"]
        target = focused[1][1:]
        browser.key("Enter", "Enter", 13, "\r")  # follows the link: the memory's life opens, its summary focused
        assert browser.until(f"document.getElementById('{target}').open") is True
        assert browser.js("document.activeElement.parentElement.id") == target
        for _ in range(60):  # on to the search box
            browser.key("Tab", "Tab", 9)
            if browser.js("document.activeElement.id") == "q":
                break
        assert browser.js("document.activeElement.id") == "q"
        browser.call("Input.insertText", session=True, text="deploys go")
        assert browser.js("document.getElementById('q-count').textContent") == f"2 of {info['shown']} shown"
        assert browser.js("Array.from(document.querySelectorAll('#lives > li')).filter(li => !li.hidden)"
                          ".every(li => /Deploys go out/.test(li.textContent))") is True
        browser.key("Tab", "Tab", 9)  # the first memory the search left
        summary = browser.js("[document.activeElement.tagName, document.activeElement.parentElement.open]")
        assert summary == ["SUMMARY", False]
        browser.key("Enter", "Enter", 13, "\r")
        assert browser.js("document.activeElement.parentElement.open") is True
        assert "Deploys go out on" in browser.js("document.activeElement.parentElement.querySelector('.life')"
                                                  ".textContent")
        assert browser.console() == []
        broken = tmp_path / "broken.html"  # and the check can fail: a script the policy does not allow is reported
        broken.write_text(page.read_text().replace("data-ready", "data-ready2"))
        browser.open(broken.as_uri())
        browser.js("1")
        assert any("Content Security Policy" in json.dumps(event) for event in browser.console())
    finally:
        browser.close()


def serving(ws, *args, now="2026-03-03"):
    env = {k: v for k, v in os.environ.items() if not k.startswith("HIPPOCAMPUS_")}
    env.update(WORKSPACE=str(ws.root), HIPPOCAMPUS_NOW=now)
    process = subprocess.Popen([sys.executable, str(SCRIPTS / "dashboard.py"), "--serve", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # Ctrl-C as at a
    # terminal: a suite started in the background runs with SIGINT ignored, and every child inherits that
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, (line, process.stderr.read() if process.poll() is not None else "")
    return process, match.group(0)


def snapshot(root):
    return {p: p.stat().st_mtime_ns for p in root.rglob("*") if ".git" not in p.relative_to(root).parts}


def test_serve_is_read_only_on_loopback_with_a_policy(ws):
    populated(ws)
    (ws.root / "brain-dashboard.html").unlink()
    before, status_before = snapshot(ws.root), ws.git("status", "--porcelain")
    process, url = serving(ws)
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            body, headers = answer.read().decode(), answer.headers
        assert "Deploys go out on Friday" in body and "<img" not in body
        policy = headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "frame-ancestors 'none'" in policy and "script-src 'sha256-" in policy
        assert headers["X-Content-Type-Options"] == "nosniff"
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(urllib.request.Request(url, data=b"x", method=method), timeout=30)
            assert refused.value.code == 405, method
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(url + "index.json", timeout=30)
        assert missing.value.code == 404
        assert snapshot(ws.root) == before and ws.git("status", "--porcelain") == status_before
        with pytest.raises(urllib.error.HTTPError) as rebound:  # a DNS name pointed at 127.0.0.1 by another page
            urllib.request.urlopen(urllib.request.Request(url, headers={"Host": "evil.example"}), timeout=30)
        assert rebound.value.code == 421
        ws.run("remember.py", "Served pages are built afresh", now="2026-03-03")  # the page follows the workspace
        before, status_before = snapshot(ws.root), ws.git("status", "--porcelain")
        with urllib.request.urlopen(url, timeout=60) as answer:
            assert "Served pages are built afresh" in answer.read().decode()
    finally:
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=30)
    assert code in (0, 130), process.stderr.read()
    assert "Traceback" not in process.stderr.read()
    assert snapshot(ws.root) == before and ws.git("status", "--porcelain") == status_before
    assert not (ws.root / "brain-dashboard.html").exists()


def test_serve_takes_the_port_it_is_given_and_refuses_bad_ones(ws):
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process, url = serving(ws, "--port", str(port))
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)
    assert url == f"http://127.0.0.1:{port}/"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        result = ws.run("dashboard.py", "--serve", "--port", str(taken), expect=1)
        assert b"cannot listen on 127.0.0.1:" in result.stderr and b"Traceback" not in result.stderr
    assert b"not both" in ws.run("dashboard.py", "--serve", "--output", "x.html", expect=1).stderr
    assert b"--port goes with --serve" in ws.run("dashboard.py", "--port", "8000", expect=1).stderr
    ws.run("dashboard.py", "--serve", "--port", "70000", expect=1)


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


def test_an_output_that_is_no_regular_file_is_refused_and_a_link_is_written_through(ws, tmp_path):
    """--output /dev/null as root replaced the device with a file (an atomic write renames over its
    target): a device, a pipe or a folder is refused, untouched; a link is written through."""
    ws.remember("The ferry leaves at noon", now="2026-03-01T10:00:00Z")
    pipe = tmp_path / "a-pipe.html"
    os.mkfifo(pipe)
    result = ws.run("dashboard.py", "--output", str(pipe), expect=1)
    assert b"not a regular file" in result.stderr and len(result.stderr.splitlines()) == 1
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    ws.run("dashboard.py", "--output", str(tmp_path), expect=1)
    page = tmp_path / "page.html"
    page.write_text("old\n")
    link = tmp_path / "link.html"
    link.symlink_to(page)
    ws.run("dashboard.py", "--output", str(link))
    assert link.is_symlink() and "ferry" in page.read_text()

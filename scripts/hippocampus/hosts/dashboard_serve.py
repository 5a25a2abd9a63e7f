"""dashboard.py --serve: the dashboard on http://127.0.0.1:PORT/, read-only.

Only GET and HEAD of / are answered (every other method is 405, any other
path 404); the page is built afresh for each request from the workspace as it
is, and nothing is written to it. The address is 127.0.0.1 only, and a request
whose Host header names anything else is refused (a page elsewhere cannot
reach it through a DNS name pointed at 127.0.0.1). The page loads nothing
from anywhere, and the Content-Security-Policy header says so.
"""

from __future__ import annotations

import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

HOST = "127.0.0.1"


def make_server(open_workspace, port: int = 0) -> HTTPServer:
    """A server on 127.0.0.1:port (0: a free port the system picks). open_workspace()
    gives the workspace as it is now, once per request."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "hippocampus-dashboard"
        sys_version = ""

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            self._answer(body=True)

        def do_HEAD(self) -> None:  # noqa: N802
            self._answer(body=False)

        def _refuse(self) -> None:
            self.send_response(405)
            self.send_header("Allow", "GET, HEAD")
            self._plain(b"read-only: only GET and HEAD\n")

        do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse

        def _answer(self, body: bool) -> None:
            port = self.server.server_address[1]
            if self.headers.get("Host") not in (f"{HOST}:{port}", f"localhost:{port}"):
                self.send_response(421)
                return self._plain(b"this server answers only to 127.0.0.1\n", body)
            if self.path.split("?", 1)[0] != "/":
                self.send_response(404)
                return self._plain(b"not found: the dashboard is at /\n", body)
            from .dashboard import build
            from .dashboard_page import HEADER_POLICY
            try:
                page = build(open_workspace())[0].encode("utf-8")
            except Exception as exc:  # noqa: BLE001 - one line for the person, the server goes on
                print(f"dashboard.py: error: {exc}", file=sys.stderr)
                self.send_response(500)
                return self._plain(b"the dashboard could not be built: see the server's terminal\n", body)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Security-Policy", HEADER_POLICY)
            self._common(len(page))
            if body:
                self.wfile.write(page)

        def _plain(self, text: bytes, body: bool = True) -> None:
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Security-Policy", "default-src 'none'")
            self._common(len(text))
            if body:
                self.wfile.write(text)

        def _common(self, length: int) -> None:
            self.send_header("Content-Length", str(length))
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("X-Frame-Options", "DENY")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()

        def log_message(self, format, *args) -> None:  # noqa: A002 - http.server's signature
            pass  # quiet: the terminal shows the URL and errors only

    return HTTPServer((HOST, port), Handler)


def serve(server: HTTPServer) -> None:
    """Answer requests until Ctrl-C (KeyboardInterrupt, which cli.run answers with 130)."""
    try:
        server.serve_forever()
    finally:
        server.server_close()

"""A small DevTools-protocol client for the Chromium tests (test_dashboard.py)."""

import json
import os
import select
import subprocess
import time


class Browser:
    """Chromium driven over --remote-debugging-pipe (fd 3 in, fd 4 out: NUL-ended JSON): the DevTools
    protocol with no websocket; keys pressed with Input.dispatchKeyEvent, console and CSP reports
    collected from Runtime and Log events."""
    def __init__(self, chromium, flags, profile):
        to_child, self._send = os.pipe()
        self._recv, from_child = os.pipe()
        def fds():  # in the child: the pipe's ends at 3 and 4, where Chromium looks for them
            a, b = os.dup(to_child), os.dup(from_child)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.process = subprocess.Popen([chromium, *flags, f"--user-data-dir={profile}", "--remote-debugging-pipe",
                                         "about:blank"], preexec_fn=fds, pass_fds=(3, 4),
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child); os.close(from_child)
        self._buffer, self._id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session=True)

    def call(self, method, session=False, timeout=60, **params):
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._send, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._next(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def _next(self, deadline):
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._recv], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._recv, 1 << 20)
            if not chunk:
                raise EOFError("Chromium closed the pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            for event in list(self.events):
                if event.get("method") == method:
                    self.events.remove(event)
                    return event
            self.events.append(self._next(deadline))

    def open(self, url):
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")

    def js(self, expression):
        return self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)["result"].get("value")

    def until(self, expression, timeout=10):
        """The value of `expression` once it is truthy (an event the page answers later: hashchange)."""
        deadline = time.monotonic() + timeout
        while not (value := self.js(expression)) and time.monotonic() < deadline:
            time.sleep(0.05)
        return value

    def key(self, key, code, keycode, text=None):
        for kind in ("keyDown", "keyUp"):
            params = {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": keycode}
            if text and kind == "keyDown":
                params["text"] = text
            self.call("Input.dispatchKeyEvent", session=True, **params)

    def console(self):
        return [e for e in self.events if e.get("method") in ("Runtime.consoleAPICalled", "Runtime.exceptionThrown", "Log.entryAdded")]

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except (OSError, RuntimeError, TimeoutError, EOFError):
            self.process.kill()
        self.process.wait(timeout=30)
        os.close(self._send)
        os.close(self._recv)

"""A real HTTP server on 127.0.0.1 that answers like GitHub's REST API, for PyGithub tests.

Tests register canned responses per (method, path) and read back the requests it received
(the ``Authorization`` header included, so a test can prove the token went only here).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Reply:
    """A canned response; ``body`` is JSON-encoded unless it is bytes."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    times: int | None = None
    """Serve this reply this many times, then fall through to the next one for the path."""
    delay: float = 0.0
    """Seconds to wait before answering (to exercise client timeouts)."""


@dataclass
class Seen:
    """One request the server received."""

    method: str
    path: str
    query: str
    headers: dict[str, str]


class FakeGitHub:
    """``with FakeGitHub() as gh: gh.add("GET", "/repos/o/r/issues/1", Reply(body={...}))``."""

    def __init__(self) -> None:
        self.routes: dict[tuple[str, str], list[Reply]] = {}
        self.requests: list[Seen] = []
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # headers and body are two writes: with Nagle's algorithm the body waits for the
            # client's delayed ACK of the headers (about 40 ms a request on Linux)
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:
                return

            def _serve(self) -> None:
                parts = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                reply = server._take(self.command, parts.path, self)
                if reply.delay:
                    time.sleep(reply.delay)
                payload = (
                    reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
                )
                self.send_response(reply.status)
                headers = {"Content-Type": "application/json; charset=utf-8", **reply.headers}
                for key, value in headers.items():
                    self.send_header(key, value.replace("{base}", server.url))
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _serve

        errors = self.server_errors = []  # type: list[str]

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                """Keep, don't print: a client that hung up mid-reply (a timeout test) is no
                failure, and a printed traceback would land in the CLI's captured stderr."""
                import sys

                errors.append(repr(sys.exc_info()[1]))

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        # A short poll: ``shutdown()`` waits for the serve loop's next poll (0.5 s by default).
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    def add(self, method: str, path: str, reply: Reply) -> None:
        """Queue a reply for a path (several replies are served in order)."""
        self.routes.setdefault((method.upper(), path), []).append(reply)

    def _take(self, method: str, path: str, handler: BaseHTTPRequestHandler) -> Reply:
        with self._lock:
            self.requests.append(
                Seen(method, path, urlsplit(handler.path).query, dict(handler.headers.items()))
            )
            queue = self.routes.get((method, path))
            if not queue:
                return Reply(404, {"message": "Not Found", "documentation_url": "https://docs"})
            reply = queue[0]
            if reply.times is not None:
                reply.times -= 1
                if reply.times <= 0 and len(queue) > 1:
                    queue.pop(0)
            return reply

    def __enter__(self) -> FakeGitHub:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

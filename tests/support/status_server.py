"""A stand-in for the GAIA Agent UI backend's endpoints that ``gaia eval agent`` touches.

Serves, on 127.0.0.1 (port 0 → a free port), in a background thread:

* ``GET /api/system/status`` → GAIA's ``SystemStatus`` JSON (``src/gaia/ui/models.py`` L43-101,
  route ``src/gaia/ui/routers/system.py`` L442-768). ``model_loaded`` is settable; ``None``
  (JSON ``null``) is what GAIA answers when Lemonade runs with no LLM loaded, or when Lemonade
  is down (then ``lemonade_running`` is false too) (system.py L478-482, L661-662).
* ``GET /api/health`` → ``{"status": "ok", "service": "gaia-agent-ui", "stats": {...}}``
  (system.py L987-995, stats keys from ``src/gaia/ui/database.py`` L1170-1195): the URL the
  runner's pre-flight calls (``src/gaia/eval/runner.py`` L719).
* ``POST /api/memory/admin/seed`` → ``{"count": 0, "ids": []}`` (or 403 when
  ``memory_admin=False``): the pre-flight probe for memory scenarios (runner.py L765-802).
* anything else → 404 ``{"detail": "Not Found"}`` (FastAPI's default body).

Modes: ``"ok"`` (default); ``"500"`` answers every request ``500 Internal Server Error``
(text/plain, as Starlette does for an unhandled exception); ``"hang"`` accepts and never
answers until stopped (GAIA's pre-flight then dies with a bare ``TimeoutError`` after 5 s —
it only catches ``URLError``, runner.py L718-723). ``stop()`` closes the listening socket, so
later requests get "connection refused".

Usage::

    with StatusServer(model_loaded="Gemma-4-E4B-it-GGUF") as srv:
        srv.url                     # "http://127.0.0.1:PORT"
        srv.model_loaded = None     # change what /api/system/status says
        srv.mode = "500"
        srv.requests                # [("GET", "/api/health"), ...]
        srv.stop()                  # stop answering
"""

from __future__ import annotations

import contextlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

GAIA_VERSION = "0.23.0"  # src/gaia/version.py L9; models.py L10-13 uses it as the default


def system_status(model_loaded: str | None, **overrides: Any) -> dict[str, Any]:
    """A SystemStatus document: every field of models.py L43-101, in declaration order.

    Defaults are the model's defaults, except what a healthy local backend with Lemonade up
    reports (``lemonade_running``, ``initialized``, the disk/memory figures, devices).
    """
    running = overrides.pop("lemonade_running", True)
    doc: dict[str, Any] = {
        "lemonade_running": running,  # bool, default False
        "model_loaded": model_loaded if running else None,  # str | null
        "embedding_model_loaded": False,  # bool
        "disk_space_gb": 120.5,  # float, default 0.0
        "memory_available_gb": 14.2,  # float | null
        "initialized": True,  # bool: ~/.gaia/chat/initialized exists
        "version": GAIA_VERSION,  # str
        "start_instruction": None,  # str | null
        "start_command": None,  # str | null
        "lemonade_version": None,  # str | null (Lemonade /health "version")
        "model_size_gb": None,  # float | null
        "model_device": None,  # str | null
        "model_context_size": None,  # int | null
        "model_labels": None,  # list[str] | null
        "gpu_name": None,  # str | null
        "gpu_vram_gb": None,  # float | null
        "tokens_per_second": None,  # float | null
        "time_to_first_token": None,  # float | null
        "processor_name": "unknown",  # str | null
        "device_supported": True,  # bool
        "context_size_sufficient": True,  # bool
        "model_downloaded": None,  # bool | null (checked only when nothing is loaded)
        "default_model_name": "Gemma-4-E4B-it-GGUF",  # str
        "default_model_size_gb": None,  # float | null
        "lemonade_url": "http://localhost:13305",  # str
        "expected_model_loaded": True,  # bool
        "download_progress": None,  # DownloadProgress | null
        "init_state": "ready",  # "initializing" | "ready" | "degraded"
        "init_tasks": [],  # list[{"name": str, "status": str}]
        "detected_devices": ["cpu", "gpu"] if running else [],  # list[str]
        "active_profile": "chat",  # str
    }
    if running and model_loaded is None:
        doc["model_downloaded"] = False  # system.py L564-591
    unknown = set(overrides) - set(doc)
    if unknown:
        raise KeyError(f"not SystemStatus fields: {sorted(unknown)}")
    doc.update(overrides)
    return doc


class StatusServer:
    """Context-managed fake Agent UI backend (see module docstring)."""

    def __init__(
        self,
        model_loaded: str | None = "Gemma-4-E4B-it-GGUF",
        *,
        mode: str = "ok",
        memory_admin: bool = True,
        port: int = 0,
        **status_overrides: Any,
    ) -> None:
        self.port = port
        """0: a free port; GAIA's eval agent itself always calls localhost:4200
        (agent_ui_mcp.py L41), so a hand-run check of GAIA's real runner serves 4200."""
        self.model_loaded = model_loaded
        self.mode = mode
        self.memory_admin = memory_admin
        self.status_overrides = status_overrides
        self.requests: list[tuple[str, str]] = []
        self.switch_to: tuple[str | None] | None = None
        """``(model,)``: after the next status answer, ``model_loaded`` becomes ``model``."""
        self._release = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.url = ""

    # lifecycle
    def start(self) -> StatusServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True  # one reply, two writes: see github_server.py

            def log_message(self, *_args: Any) -> None:  # keep test output clean
                pass

            def _send(self, code: int, body: Any, ctype: str = "application/json") -> None:
                raw = (
                    body
                    if isinstance(body, bytes)
                    else json.dumps(  # as JSONResponse
                        body, ensure_ascii=False, allow_nan=False, separators=(",", ":")
                    ).encode("utf-8")
                )
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def _handle(self, method: str) -> None:
                path = self.path.split("?", 1)[0]
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                owner.requests.append((method, path))
                if owner.mode == "hang":
                    owner._release.wait()
                    self.close_connection = True
                    return
                if owner.mode == "500":
                    self._send(500, b"Internal Server Error", "text/plain; charset=utf-8")
                    return
                if method == "GET" and path == "/api/system/status":
                    self._send(200, system_status(owner.model_loaded, **owner.status_overrides))
                    if owner.switch_to is not None:  # the user switches models mid-run
                        owner.model_loaded, owner.switch_to = owner.switch_to[0], None
                elif method == "GET" and path == "/api/health":
                    self._send(
                        200,
                        {
                            "status": "ok",
                            "service": "gaia-agent-ui",
                            "stats": {
                                "sessions": 0,
                                "messages": 0,
                                "documents": 0,
                                "total_chunks": 0,
                                "total_size_bytes": 0,
                            },
                        },
                    )
                elif method == "POST" and path == "/api/memory/admin/seed":
                    if owner.memory_admin:
                        self._send(200, {"count": 0, "ids": []})
                    else:
                        self._send(403, {"detail": "memory admin disabled"})
                else:
                    self._send(404, {"detail": "Not Found"})

            def do_GET(self) -> None:  # noqa: N802
                self._handle("GET")

            def do_POST(self) -> None:  # noqa: N802
                self._handle("POST")

        self._httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop answering: hung handlers are released, the socket is closed."""
        self._release.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> StatusServer:
        return self.start()

    def __exit__(self, *_exc: Any) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.support.status_server --port 4200 --model NAME``: serve until
    interrupted."""
    import argparse

    parser = argparse.ArgumentParser(prog="status_server")
    parser.add_argument("--port", type=int, default=4200)
    parser.add_argument("--model", default="Gemma-4-E4B-it-GGUF")
    args = parser.parse_args(argv)
    with StatusServer(model_loaded=args.model, port=args.port) as server:
        print(f"serving {server.url} (model_loaded={args.model!r})", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


__all__ = ["StatusServer", "system_status"]

if __name__ == "__main__":
    raise SystemExit(main())


def write_mcp_config(root: Path, url: str | None) -> None:
    """GAIA's ``eval/mcp-config.json`` (amd/gaia eval/mcp-config.json); with ``url``, its Agent
    UI server is started with ``--backend url`` (agent_ui_mcp.py L812-826), which a test needs:
    GAIA's own default is localhost:4200 (agent_ui_mcp.py L41), not a free test port."""
    args = ["run", "python", "-m", "gaia.mcp.servers.agent_ui_mcp", "--stdio"]
    if url is not None:
        args += ["--backend", url]
    config = {
        "mcpServers": {
            "gaia-agent-ui": {
                "command": "uv",
                "args": args,
                "env": {"GAIA_MEMORY_MCP_ALWAYS": "1", "GAIA_MEMORY_ADMIN": "1"},
            }
        }
    }
    (root / "eval").mkdir(exist_ok=True)
    (root / "eval" / "mcp-config.json").write_text(json.dumps(config), encoding="utf-8")

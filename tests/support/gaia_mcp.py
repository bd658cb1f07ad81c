"""GAIA's own MCP client for the Agent UI, loaded from a verbatim copy (no GAIA install needed).

The stand-in runners (``tests/support/fake_gaia_control.py``, ``tests/support/fake_gaia_eval.py``)
play GAIA's eval agent, which reaches the Agent UI only through GAIA's MCP server
(``src/gaia/mcp/servers/agent_ui_mcp.py``). To read the replay exactly as GAIA does, they call
that module's own tool functions, not a copy of ours. ``tests/gaia_client/`` holds, verbatim
from amd/gaia at 78bbc3076bc329ec58bb2ad8bbe460d752c66d83 (MIT, AMD's copyright header kept):

* ``agent_ui_mcp.py.txt``: the whole of ``src/gaia/mcp/servers/agent_ui_mcp.py``;
* ``sse_handler.L60-108.py.txt``: ``src/gaia/ui/sse_handler.py`` L60-108, the regexes
  ``_stream_chat`` imports from it (L26-32).

They are ``.txt`` so neither ruff nor pytest reads GAIA's code as ours;
``tests/test_trust_edges.py``
compares them byte for byte with GAIA's mirror where it is present. What the module imports
from the rest of GAIA is supplied here, each from the line it copies: ``DEFAULT_MODEL_NAME``
(``src/gaia/llm/lemonade_client.py`` L124), ``route_console_logging_to_stderr``
(``src/gaia/logger.py`` L289, only used by ``main``), and ``mcp.server.fastmcp.FastMCP``, whose
``tool()`` decorator here only registers the function, so ``tools(backend)`` returns GAIA's
tool functions by name, built by GAIA's ``create_agent_ui_mcp``.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import re
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent / "gaia_client"
GAIA_COMMIT = "78bbc3076bc329ec58bb2ad8bbe460d752c66d83"
VERBATIM = {
    "agent_ui_mcp.py.txt": ("src/gaia/mcp/servers/agent_ui_mcp.py", None),
    "sse_handler.L60-108.py.txt": ("src/gaia/ui/sse_handler.py", (60, 108)),
}
"""Vendored file → (GAIA's path, its line range or None for the whole file)."""
DEFAULT_MODEL_NAME = "Gemma-4-E4B-it-GGUF"
"""``src/gaia/llm/lemonade_client.py`` L124."""


class FastMCP:
    """``mcp.server.fastmcp.FastMCP`` as far as ``create_agent_ui_mcp`` needs it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.tools: dict[str, Callable[..., Any]] = {}

    def tool(self) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            self.tools[fn.__name__] = fn
            return fn

        return register


def _module(name: str, **attrs: Any) -> None:
    module = types.ModuleType(name)
    module.__dict__.update(attrs)
    sys.modules[name] = module


@contextlib.contextmanager
def isolated() -> Iterator[None]:
    """Load GAIA's client for a while, then take every module it added away again (a test
    process must not see a ``gaia`` package afterwards: intake asks whether GAIA is importable).
    """

    def ours(name: str) -> bool:
        return name.split(".", 1)[0] in ("gaia", "mcp")

    before = {name: module for name, module in sys.modules.items() if ours(name)}
    try:
        yield
    finally:
        for name in [n for n in sys.modules if ours(n)]:
            del sys.modules[name]
        sys.modules.update(before)


def load() -> types.ModuleType:
    """GAIA's ``agent_ui_mcp`` module, executed from the verbatim copy."""
    name = "gaia.mcp.servers.agent_ui_mcp"
    if name in sys.modules and getattr(sys.modules[name], "__vendored__", False):
        return sys.modules[name]
    if "gaia" in sys.modules and not hasattr(sys.modules["gaia"], "__vendored__"):
        raise RuntimeError("a real gaia package is imported here; use GAIA's own client")
    sys.dont_write_bytecode = True
    patterns: dict[str, Any] = {"re": re}
    source = (HERE / "sse_handler.L60-108.py.txt").read_text(encoding="utf-8")
    exec(compile(source, "gaia/ui/sse_handler.py", "exec"), patterns)  # noqa: S102
    for package in (
        "gaia",
        "gaia.ui",
        "gaia.llm",
        "gaia.mcp",
        "gaia.mcp.servers",
        "mcp",
        "mcp.server",
    ):
        _module(package, __path__=[], __vendored__=True)
    _module("gaia.logger", route_console_logging_to_stderr=lambda: None)
    _module("gaia.ui.sse_handler", **{k: v for k, v in patterns.items() if k.startswith("_")})
    _module("gaia.llm.lemonade_client", DEFAULT_MODEL_NAME=DEFAULT_MODEL_NAME)
    _module("mcp.server.fastmcp", FastMCP=FastMCP)
    loader = importlib.machinery.SourceFileLoader(name, str(HERE / "agent_ui_mcp.py.txt"))
    spec = importlib.util.spec_from_loader(name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    module.__vendored__ = True  # type: ignore[attr-defined]
    return module


def tools(backend: str) -> dict[str, Callable[..., Any]]:
    """GAIA's MCP tools (``system_status``, ``create_session``, ``send_message``…) on ``backend``,
    as ``create_agent_ui_mcp(backend)`` registers them (agent_ui_mcp.py L241-807)."""
    server = load().create_agent_ui_mcp(backend_url=backend)
    assert isinstance(server, FastMCP)
    return server.tools

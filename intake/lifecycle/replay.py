"""The captured session, replayed as a GAIA Agent UI backend (``intake control``).

GAIA's eval agent reaches the Agent UI through its MCP server, whose backend is fixed at
``http://localhost:4200``. ``intake control`` serves the draft's captured answers there, so
GAIA's simulator and judge see the very failure the draft came from, under the draft's new
criteria: the k-th user message of a session gets turn k's captured answer and tool steps,
whatever its text (GAIA's simulator writes its own message from the objective).

docs/controls.md holds the contract: the routes answered and their shapes ("What the replay
answers"), the bytes GAIA's own backend sends, which the replay copies because GAIA's client
decodes by them ("Byte for byte what GAIA's backend sends"), and why it answers GAIA's client
alone and tells nothing about other sessions ("Only GAIA's client"). GAIA's files and names
cited here are pinned in docs/gaia-formats.md (sections agent_ui_mcp, runner, ui-models,
ui-chat, chat-helpers, sse-handler).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import socket
import threading
import uuid
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any, Literal, TypedDict

from intake.contract.models import Record, ToolOutcome, TurnEvidence
from intake.contract.plain import ScenarioView
from intake.errors import SourceError
from intake.sources.model import INFRASTRUCTURE_FALLBACKS, failure_kind

REPLAY_MODEL_PREFIX = "replay:"
MAX_BODY = 1_000_000
"""Largest request body the replay reads (GAIA's requests are a few hundred bytes)."""
CHUNKS_PER_DOCUMENT = 1
"""What an indexed document reports as ``chunk_count``: anything above 0 passes GAIA's check."""


@dataclass(frozen=True)
class ReplayStep:
    """One captured tool call as GAIA's stream carries it."""

    tool: str
    detail: str
    summary: str
    success: bool


@dataclass(frozen=True)
class ReplayTurn:
    """One turn's captured answer and tool steps."""

    turn: int
    answer: str
    steps: tuple[ReplayStep, ...] = ()


def captured_turns(record: Record) -> list[TurnEvidence]:
    """The record's captured turns in order (none without evidence): what the replay serves,
    the control gate judges and the FAIL control's transcript holds."""
    return sorted(record.evidence.turns, key=lambda t: t.turn) if record.evidence else []


def replay_turns(record: Record) -> list[ReplayTurn]:
    """The record's captured turns as replayed; empty when no turn kept an answer."""
    turns = captured_turns(record)
    if not any(t.answer and t.answer.strip() for t in turns):
        return []
    return [
        ReplayTurn(
            turn=t.turn,
            answer=t.answer or "",
            steps=tuple(
                ReplayStep(
                    c.tool, c.arguments or "", c.result or "", c.outcome is not ToolOutcome.failed
                )
                for c in t.tools
                if c.outcome is not ToolOutcome.blocked
            ),
        )
        for t in turns
    ]


def infrastructure_turns(record: Record) -> list[tuple[int, str]]:
    """(turn, kind) of each captured turn whose answer is an infrastructure fallback (GAIA's
    "I wasn't able to generate a response. Please make sure Lemonade Server is running", the
    model server unreachable, a timeout, no answer at all): what the model never said, so not
    the case's failure. Read from the answer's own text as well as the drafted flag, so a
    record edited to drop the flag still shows it."""
    found = []
    for turn in captured_turns(record):
        kind = failure_kind(turn.answer) if turn.answer else None
        if kind not in INFRASTRUCTURE_FALLBACKS:
            kind = turn.error_fallback
        if kind in INFRASTRUCTURE_FALLBACKS:
            found.append((turn.turn, str(kind)))
    return found


INFRASTRUCTURE_FIX = (
    "draft the turns the model answered (`intake from-session ID --turns A-B`), or a session "
    "where the model server was running"
)


def infrastructure_line(found: list[tuple[int, str]]) -> str:
    """One line naming the infrastructure fallbacks among the captured answers."""
    turns = ", ".join(f"turn {n} ({kind})" for n, kind in found)
    return (
        f"the captured answer of {turns} is an infrastructure fallback (the model server "
        "was not reached or gave nothing), not the model's failure"
    )


def replay_hash(turns: list[ReplayTurn]) -> str:
    """``sha256:…`` over the replayed answers and steps, in order (canonical JSON)."""
    doc = [
        {
            "turn": t.turn,
            "answer": t.answer,
            "steps": [[s.tool, s.detail, s.summary, s.success] for s in t.steps],
        }
        for t in turns
    ]
    raw = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(raw.encode("utf-8")).hexdigest()


def document_names(scenario: ScenarioView) -> set[str]:
    """File names of the scenario's ``setup.index_documents`` (entries or ``path`` keys)."""
    return {_base_name(d.path) for d in scenario.documents if d.path and d.path.strip()}


def _base_name(path: str) -> str:
    return PureWindowsPath(PurePosixPath(path.strip()).name).name


class PortBusy(SourceError):
    """Something already listens on the replay port (the Agent UI, most likely)."""


def _now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class _Request:
    """The string fields the replay reads from a request's JSON body, typed where the body is
    parsed; a field missing or of another JSON type is None (what each route answers then)."""

    session_id: str | None = None
    message: str | None = None
    title: str | None = None
    agent_type: str | None = None
    document_id: str | None = None
    filepath: str | None = None

    @classmethod
    def of(cls, doc: dict[str, Any]) -> _Request:
        return cls(**{f.name: v for f in fields(cls) if isinstance(v := doc.get(f.name), str)})


@dataclass(frozen=True)
class _Head:
    """The request headers the replay reads, read once per request: every ``Host``, the
    ``Origin`` and ``Sec-Fetch-Site`` (None when absent), the ``Content-Length`` (-1 when it is
    no number) and the media type of ``Content-Type`` in lower case."""

    hosts: list[str]
    origin: str | None
    fetch_site: str | None
    length: int
    kind: str

    @classmethod
    def of(cls, headers: Message) -> _Head:
        try:
            length = int(headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        kind = (headers.get("Content-Type") or "").split(";", 1)[0].strip().lower()
        hosts = headers.get_all("Host") or []
        return cls(hosts, headers.get("Origin"), headers.get("Sec-Fetch-Site"), length, kind)


@dataclass(frozen=True)
class _Message:
    """A message of a replay session as GAIA's ``MessageResponse`` (``src/gaia/ui/models.py``):
    the simulator's (``user``, no ``agent_steps``) or the captured answer with its steps."""

    id: int
    session_id: str
    role: str
    content: str
    created_at: str
    agent_steps: list[_AgentStep] | None = None

    def response(self) -> dict[str, Any]:
        doc = asdict(self)
        if self.role == "user":
            del doc["agent_steps"]
        return doc


@dataclass(frozen=True)
class _AgentStep:
    """A captured tool call as GAIA's ``AgentStepResponse`` (``src/gaia/ui/models.py``), for
    ``get_messages``: ``asdict`` is its JSON."""

    id: int
    type: str
    label: str
    detail: str | None
    tool: str
    result: str
    success: bool
    active: bool = False
    timestamp: int = 0


@dataclass(frozen=True)
class _Document:
    """A document the replay reports as indexed, as GAIA's ``DocumentResponse``
    (``src/gaia/ui/models.py``; ``asdict`` is its JSON), complete with chunks."""

    id: str
    filename: str
    filepath: str
    file_size: int = 0
    chunk_count: int = CHUNKS_PER_DOCUMENT
    indexed_at: str = ""
    last_accessed_at: None = None
    sessions_using: int = 0
    indexing_status: str = "complete"
    last_error: None = None


@dataclass(frozen=True, kw_only=True)
class _SessionResponse:
    """GAIA's ``SessionResponse`` (``src/gaia/ui/models.py``) as the replay fills it (``asdict``
    is its JSON, in GAIA's order)."""

    id: str
    title: str
    title_is_custom: bool = True
    created_at: str
    updated_at: str
    model: str
    system_prompt: None = None
    message_count: int
    document_ids: list[str]
    private: bool = False
    agent_type: str
    device: str = "gpu"
    mail_provider: None = None


@dataclass
class _Session:
    id: str
    title: str
    created_at: str
    agent_type: str
    messages: list[_Message] = field(default_factory=list)
    document_ids: list[str] = field(default_factory=list)

    def user_messages(self) -> int:
        return sum(m.role == "user" for m in self.messages)

    def response(self, model: str) -> dict[str, Any]:
        return asdict(
            _SessionResponse(
                id=self.id,
                title=self.title,
                created_at=self.created_at,
                updated_at=self.created_at,
                model=model,
                message_count=len(self.messages),
                document_ids=list(self.document_ids),
                agent_type=self.agent_type,
            )
        )


@dataclass
class ReplayState:
    """What the replay serves and what it has answered (counts only)."""

    draft_id: str
    turns: list[ReplayTurn]
    documents: set[str]
    sessions: dict[str, _Session] = field(default_factory=dict)
    indexed: dict[str, _Document] = field(default_factory=dict)
    answered: int = 0
    """User messages answered with a captured answer."""
    beyond: int = 0
    """User messages past the last captured turn (answered empty)."""
    refused_documents: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def model(self) -> str:
        """``model_loaded`` as the replay reports it."""
        return REPLAY_MODEL_PREFIX + self.draft_id


@dataclass(frozen=True, kw_only=True)
class SystemStatus:
    """GAIA's ``SystemStatus`` (``src/gaia/ui/models.py``) with the replay as the model
    (``asdict`` is its JSON, in GAIA's order)."""

    lemonade_running: bool = True
    model_loaded: str
    embedding_model_loaded: bool = True
    disk_space_gb: float = 0.0
    memory_available_gb: None = None
    initialized: bool = True
    version: str = "replay"
    start_instruction: None = None
    start_command: None = None
    expected_model_loaded: bool = True
    init_state: str = "ready"
    init_tasks: list[object] = field(default_factory=list)
    """None: the replay starts no task (GAIA: ``InitTaskInfo`` objects)."""
    detected_devices: list[str] = field(default_factory=list)
    active_profile: str = "chat"


SSE_FIRST_CHUNK = (
    'data: {"type":"status","status":"info","message":"Connecting to LLM..."}\n\n'
    ": " + "x" * 512 + "\n\n"
)
"""GAIA's first chunk of every chat stream, verbatim (``_chat_helpers.py``
``_stream_chat_impl``)."""
SSE_PAD_TO = 512
"""GAIA pads each agent event below 512 bytes with a comment (``_chat_helpers.py``
``_stream_chat_impl``)."""


class _ToolStart(TypedDict):
    type: Literal["tool_start"]
    tool: str
    detail: str


class _ToolArgs(TypedDict):
    type: Literal["tool_args"]
    tool: str
    args: dict[str, str]
    detail: str


class _ToolResult(TypedDict):
    type: Literal["tool_result"]
    title: None
    summary: str
    success: bool


class _Answer(TypedDict):
    type: Literal["answer"]
    content: str


class _Done(TypedDict):
    type: Literal["done"]
    message_id: int
    content: str


ChatEvent = _ToolStart | _ToolArgs | _ToolResult | _Answer | _Done
"""An event of GAIA's chat stream as ``SSEOutputHandler`` (``sse_handler.py``) emits it."""


def _sse(event: ChatEvent, *, padded: bool = True) -> bytes:
    """One event as GAIA frames it: ``json.dumps`` with its defaults (ASCII), padded or not."""
    data = f"data: {json.dumps(event)}\n\n"
    if padded and len(data) < SSE_PAD_TO:
        data += ": " + "x" * (SSE_PAD_TO - len(data) - 4) + "\n\n"
    return data.encode("utf-8")


def sse_chunks(turn: ReplayTurn | None, message_id: int) -> list[bytes]:
    """The chat stream's chunks, one per event, as GAIA's backend yields them."""
    events = chat_events(turn, message_id)
    return [SSE_FIRST_CHUNK.encode("utf-8")] + [_sse(e, padded=e["type"] != "done") for e in events]


def chat_events(turn: ReplayTurn | None, message_id: int) -> list[ChatEvent]:
    """The SSE events GAIA's backend streams for one answer after its first status chunk
    (``sse_handler.py`` ``SSEOutputHandler``)."""
    events: list[ChatEvent] = []
    answer = turn.answer if turn is not None else ""
    for step in turn.steps if turn is not None else ():
        events.append({"type": "tool_start", "tool": step.tool, "detail": step.tool})
        if step.detail:
            events.append(
                {"type": "tool_args", "tool": step.tool, "args": {}, "detail": step.detail}
            )
        events.append(
            {"type": "tool_result", "title": None, "summary": step.summary, "success": step.success}
        )
    events.append({"type": "answer", "content": answer})
    events.append({"type": "done", "message_id": message_id, "content": answer})
    return events


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # A reply is two writes (headers, body): on a kept-alive connection Nagle's algorithm held
    # the body until the client's delayed ACK, about 40 ms a request (bench_stand_ins.py)
    disable_nagle_algorithm = True
    server: _ReplayHTTPServer

    def log_message(self, *_args: Any) -> None:  # the simulator's requests are not logged
        pass

    # --- plumbing -------------------------------------------------------------------------

    def _send(self, code: int, body: Any) -> None:
        raw = json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        self._reply(code, "application/json", raw.encode("utf-8"))

    def _reply(self, code: int, kind: str, raw: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def _refusal(self, head: _Head) -> tuple[int, str] | None:
        """Why this request is not GAIA's client's (a foreign ``Host``, a cross-site origin)."""
        port = self.server.server_address[1]
        own = {f"127.0.0.1:{port}", f"localhost:{port}"}
        if len(head.hosts) != 1 or head.hosts[0].strip().lower() not in own:
            return 400, "Invalid host header"
        origin = head.origin
        if origin is not None and origin.strip().lower() not in {f"http://{h}" for h in own}:
            return 403, "Cross-site request refused"
        fetch_site = head.fetch_site
        if fetch_site is not None and fetch_site.strip().lower() not in ("same-origin", "none"):
            return 403, "Cross-site request refused"
        return None

    def _body(self, head: _Head) -> _Request | None:
        length = head.length
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            return None
        raw = self.rfile.read(length) if length else b"{}"
        if length and head.kind != "application/json":
            return None
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            return None
        return _Request.of(doc) if isinstance(doc, dict) else None

    def do_GET(self) -> None:  # noqa: N802
        """Each method GAIA's client sends (GET, POST, DELETE), routed by its name."""
        self._route(self.command)

    do_POST = do_DELETE = do_GET

    def _route(self, method: str) -> None:
        head = _Head.of(self.headers)
        refused = self._refusal(head)
        if refused is not None:
            self.close_connection = True
            self._reply(refused[0], "text/plain; charset=utf-8", refused[1].encode("utf-8"))
            return
        state = self.server.state
        path = self.path.split("?", 1)[0].rstrip("/")
        parts = path.split("/")[1:]
        body = _Request()
        if method == "POST":
            parsed = self._body(head)
            if parsed is None:
                self._send(422, {"detail": "request body is not a JSON object"})
                return
            body = parsed
        with state.lock:
            reply = _answer(state, method, parts, body)
        if reply is None:
            self._send(404, {"detail": "Not Found"})
        elif isinstance(reply, list):
            self._stream(reply)
        else:
            self._send(*reply)

    def _stream(self, chunks: list[bytes]) -> None:
        """The chat stream as Starlette's ``StreamingResponse`` sends it (chunked)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "keep-alive")
        self.send_header("X-Accel-Buffering", "no")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for chunk in chunks:
            self.wfile.write(f"{len(chunk):x}\r\n".encode("ascii") + chunk + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")


Reply = tuple[int, Any] | list[bytes] | None


def _answer(state: ReplayState, method: str, parts: list[str], body: _Request) -> Reply:
    """The reply to one request (``parts``: the path split on ``/`` after ``/``)."""
    if parts[:1] != ["api"]:
        return None
    route = parts[1:]
    if method == "GET" and route == ["health"]:
        return 200, {
            "status": "ok",
            "service": "gaia-agent-ui",
            "stats": {
                "sessions": 0,
                "messages": 0,
                "documents": 0,
                "total_chunks": 0,
                "total_size_bytes": 0,
            },
        }
    if method == "GET" and route == ["system", "status"]:
        return 200, asdict(SystemStatus(model_loaded=state.model))
    if route[:1] == ["sessions"]:
        return _sessions(state, method, route[1:], body)
    if method == "POST" and route == ["chat", "send"]:
        return _chat(state, body)
    if route[:1] == ["documents"]:
        return _documents(state, method, route[1:], body)
    if method == "POST" and route == ["memory", "admin", "seed"]:
        return 200, {"count": 0, "ids": []}
    return None


def _sessions(state: ReplayState, method: str, rest: list[str], body: _Request) -> Reply:
    if not rest:
        if method == "GET":
            return 200, {"sessions": [], "total": 0}
        if method == "POST":
            title, agent = body.title, body.agent_type
            created = _Session(
                str(uuid.uuid4()),
                title[:200] if title is not None else "New Chat",
                _now(),
                agent[:100] if agent is not None else "chat",
            )
            state.sessions[created.id] = created
            return 200, created.response(state.model)
        return None
    session = state.sessions.get(rest[0])
    if session is None:
        return 404, {"detail": "Session not found"}
    if len(rest) == 1 and method == "GET":
        return 200, session.response(state.model)
    if len(rest) == 1 and method == "DELETE":
        del state.sessions[session.id]
        return 200, {"deleted": True}
    if rest[1:] == ["messages"] and method == "GET":
        messages = [m.response() for m in session.messages]
        return 200, {"messages": messages, "total": len(messages)}
    if rest[1:] == ["documents"] and method == "POST":
        doc_id = body.document_id
        if doc_id is None or doc_id not in state.indexed:
            return 404, {"detail": "Document not found"}
        if doc_id not in session.document_ids:
            session.document_ids.append(doc_id)
        return 200, {"attached": True}
    return None


def _chat(state: ReplayState, body: _Request) -> Reply:
    session_id, message = body.session_id, body.message
    if session_id is None or message is None:
        return 422, {"detail": "session_id and message are required"}
    session = state.sessions.get(session_id)
    if session is None:
        return 404, {"detail": "Session not found"}
    index = session.user_messages()
    turn = state.turns[index] if index < len(state.turns) else None
    if turn is None:
        state.beyond += 1
    else:
        state.answered += 1
    now = _now()
    user = _Message(len(session.messages) + 1, session.id, "user", message[:MAX_BODY], now)
    message_id = user.id + 1
    answer, done = (turn.answer, turn.steps) if turn is not None else ("", ())
    steps = [  # the captured answer's steps as ``get_messages`` returns them
        _AgentStep(
            number, "tool", step.tool, step.detail or None, step.tool, step.summary, step.success
        )
        for number, step in enumerate(done, start=1)
    ] or None
    session.messages += [user, _Message(message_id, session.id, "assistant", answer, now, steps)]
    return sse_chunks(turn, message_id)


def _documents(state: ReplayState, method: str, rest: list[str], body: _Request) -> Reply:
    if method == "GET" and not rest:
        docs = [asdict(d) for d in state.indexed.values()]
        return 200, {
            "documents": docs,
            "total": len(docs),
            "total_size_bytes": 0,
            "total_chunks": CHUNKS_PER_DOCUMENT * len(docs),
        }
    if method == "POST" and rest == ["upload-path"]:
        path = body.filepath
        if path is None or _base_name(path) not in state.documents:
            state.refused_documents += 1
            return 404, {"detail": "File not found"}
        name = _base_name(path)
        doc_id = hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]
        state.indexed[doc_id] = _Document(doc_id, name, path[:1000], indexed_at=_now())
        return 200, asdict(state.indexed[doc_id])
    return None


class _ReplayHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # SO_REUSEADDR lets a listener take over a port another socket listens on under Windows;
    # elsewhere it only skips TIME_WAIT leftovers of our own earlier replay
    allow_reuse_address = os.name != "nt"

    def __init__(self, address: tuple[str, int], state: ReplayState) -> None:
        self.state = state
        super().__init__(address, _Handler)


def _someone_listens(port: int) -> bool:
    """Whether anything accepts connections on ``localhost:port`` (IPv4 or IPv6)."""
    try:
        infos = socket.getaddrinfo("localhost", port, type=socket.SOCK_STREAM)
    except OSError:
        infos = []
    for family, kind, proto, _name, address in infos:
        with socket.socket(family, kind, proto) as probe:
            probe.settimeout(0.5)
            with contextlib.suppress(OSError):
                probe.connect(address)
                return True
    return False


def _busy(port: int) -> PortBusy:
    return PortBusy(
        f"port {port} is in use: stop the Agent UI first (intake control serves the replay "
        "where GAIA's tools call); nothing was run or recorded",
        where=f"127.0.0.1:{port}",
        hint="GAIA's eval tools always call localhost:4200; replay_port in [tool.intake] "
        "changes the port intake serves on",
    )


class ReplayServer:
    """The replay on ``127.0.0.1:port`` in a background thread (``with ReplayServer(...)``)."""

    def __init__(self, state: ReplayState, port: int) -> None:
        self.state = state
        self.port = port
        self._httpd: _ReplayHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ReplayServer:
        """Bind and serve; ``PortBusy`` (exit 3) when the port is taken."""
        if self.port and _someone_listens(self.port):
            raise _busy(self.port)
        try:
            self._httpd = _ReplayHTTPServer(("127.0.0.1", self.port), self.state)
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
                raise _busy(self.port) from None
            raise SourceError(
                f"cannot serve the replay on 127.0.0.1:{self.port} ({exc.strerror or exc})"
            ) from None
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> ReplayServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

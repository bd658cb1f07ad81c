"""GAIA-native test data: files laid out exactly as GAIA's own code writes them.

Our own code (stdlib only). Nothing here is copied from GAIA; every shape is re-derived
from GAIA's source at amd/gaia commit 78bbc3076bc329ec58bb2ad8bbe460d752c66d83 and each
function cites the GAIA file:line it reproduces. See NOTES.md next to this file.

What it builds:

* ``build_chat_db``      -> ``gaia_chat.db`` (fresh current schema) with one Doc-agent
  session whose assistant messages carry ``agent_steps`` for: a successful RAG query, a
  failed tool persisted as ``success: true`` with ``error: File not found: ...``, a failed
  shell command (``Command failed (exit 1): ...``, ``commandOutput.return_code == 1``),
  a governance (policy) block, and an "Agent error: ..." fallback.
* ``export_json`` / ``export_json_bytes`` / ``export_markdown`` -> the
  ``GET /api/sessions/{id}/export`` payloads of that session.
* ``build_memory_db``    -> ``memory.db`` (MemoryStore) holding the same conversation.
* ``manifest_text`` / ``write_manifest`` / ``merge_manifests`` / ``check_scenario_refs``
  -> ``eval/corpus/manifest.json`` and GAIA's CI cross-reference checks.

Timestamps are deterministic (a fixed clock) so fixtures are reproducible; GAIA writes
wall-clock ``datetime.now(...)`` values in the same string formats.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

GAIA_COMMIT = "78bbc3076bc329ec58bb2ad8bbe460d752c66d83"

# --------------------------------------------------------------------------------------
# 1. gaia_chat.db schema
# --------------------------------------------------------------------------------------

#: Column layout of a *fresh* database = GAIA src/gaia/ui/database.py L52-138 (SCHEMA_SQL)
#: followed by the ALTERs that ChatDatabase._migrate (L180-338) still applies to a fresh
#: file because those columns are not in SCHEMA_SQL: messages.inference_stats (L197-210),
#: documents.indexing_status (L212-225), documents.file_mtime (L227-238),
#: sessions.private then sessions.agent_type (L253-275). Paraphrased; same names, types,
#: constraints, defaults and column order (verified with PRAGMA table_info against GAIA's
#: own ChatDatabase -- see NOTES.md "Fidelity check").
_CHAT_TABLES = (
    """CREATE TABLE IF NOT EXISTS documents (
        id TEXT PRIMARY KEY, filename TEXT NOT NULL, filepath TEXT NOT NULL,
        file_hash TEXT UNIQUE NOT NULL, file_size INTEGER DEFAULT 0,
        chunk_count INTEGER DEFAULT 0, indexed_at TEXT DEFAULT (datetime('now')),
        last_accessed_at TEXT, last_error TEXT)""",
    """CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT 'New Chat',
        title_is_custom INTEGER NOT NULL DEFAULT 0,
        created_at TEXT DEFAULT (datetime('now')), updated_at TEXT DEFAULT (datetime('now')),
        model TEXT NOT NULL DEFAULT 'Gemma-4-E4B-it-GGUF', system_prompt TEXT,
        device TEXT DEFAULT 'gpu', mail_provider TEXT)""",
    """CREATE TABLE IF NOT EXISTS session_documents (
        session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
        document_id TEXT REFERENCES documents(id) ON DELETE CASCADE,
        attached_at TEXT DEFAULT (datetime('now')),
        PRIMARY KEY (session_id, document_id))""",
    """CREATE TABLE IF NOT EXISTS messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
        role TEXT CHECK(role IN ('user', 'assistant', 'system')) NOT NULL,
        content TEXT NOT NULL, created_at TEXT DEFAULT (datetime('now')),
        rag_sources TEXT, agent_steps TEXT, tokens_prompt INTEGER, tokens_completion INTEGER)""",
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS scheduled_tasks (
        id TEXT PRIMARY KEY, name TEXT UNIQUE NOT NULL, interval_seconds INTEGER NOT NULL,
        prompt TEXT NOT NULL, status TEXT DEFAULT 'active', created_at TEXT,
        last_run_at TEXT, next_run_at TEXT, last_result TEXT,
        run_count INTEGER DEFAULT 0, error_count INTEGER DEFAULT 0,
        session_id TEXT, schedule_config TEXT)""",
    """CREATE TABLE IF NOT EXISTS schedule_results (
        id TEXT PRIMARY KEY,
        task_id TEXT NOT NULL REFERENCES scheduled_tasks(id) ON DELETE CASCADE,
        executed_at TEXT NOT NULL, result TEXT, error TEXT)""",
    "CREATE INDEX IF NOT EXISTS idx_messages_session ON messages(session_id, created_at)",
    "CREATE INDEX IF NOT EXISTS idx_documents_hash ON documents(file_hash)",
    "CREATE INDEX IF NOT EXISTS idx_session_docs ON session_documents(session_id)",
    "CREATE INDEX IF NOT EXISTS idx_schedule_results_task"
    " ON schedule_results(task_id, executed_at DESC)",
    # _migrate() on a fresh file (database.py L197-275), in this order:
    "ALTER TABLE messages ADD COLUMN inference_stats TEXT",
    "ALTER TABLE documents ADD COLUMN indexing_status TEXT DEFAULT 'complete'",
    "ALTER TABLE documents ADD COLUMN file_mtime REAL",
    "ALTER TABLE sessions ADD COLUMN private INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE sessions ADD COLUMN agent_type TEXT DEFAULT 'chat'",
)

#: database.py L29-36: titles the auto-retitler may replace; anything else is "custom".
PLACEHOLDER_TITLES = frozenset({"", "new chat", "new task", "untitled", "untitled session", "chat"})

DEFAULT_MODEL = "Gemma-4-E4B-it-GGUF"  # database.py L25 (SESSION_DEFAULT_MODEL)


class Clock:
    """Deterministic stand-in for GAIA's clocks.

    * ``iso()``  -> ``datetime.now(timezone.utc).isoformat()`` format
      (GAIA database.py L359-361 ``_now``), e.g. ``2026-04-24T21:48:33.290101+00:00``.
    * ``mono_ms()`` -> ``int(asyncio.get_running_loop().time() * 1000)`` (monotonic,
      NOT epoch) used for step ``timestamp`` (GAIA _chat_helpers.py L2349, L2364 ...).
    """

    def __init__(self, start: datetime | None = None, mono_ms: int = 81_234_567) -> None:
        self.now = start or datetime(2026, 4, 24, 21, 48, 33, 290101, tzinfo=UTC)
        self.mono = mono_ms

    def tick(self, seconds: float = 0.000731) -> None:
        self.now += timedelta(seconds=seconds)
        self.mono += max(1, int(seconds * 1000))

    def iso(self) -> str:
        self.tick()
        return self.now.isoformat()

    def mono_ms(self, advance_ms: int = 37) -> int:
        self.mono += advance_ms
        return self.mono


def create_chat_db(path: str | Path) -> sqlite3.Connection:
    """Open a fresh ``gaia_chat.db`` the way ``ChatDatabase.__init__`` does.

    GAIA src/gaia/ui/database.py L144-170: ``sqlite3.connect``, ``row_factory = Row``,
    ``PRAGMA foreign_keys = ON``, ``PRAGMA journal_mode = WAL``, SCHEMA_SQL, then
    ``_migrate`` (L180-338). No ``user_version`` is set (stays 0); there is no version table.
    """
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    for stmt in _CHAT_TABLES:
        conn.execute(stmt)
    conn.commit()
    return conn


def add_session(
    conn: sqlite3.Connection,
    session_id: str,
    clock: Clock,
    *,
    title: str | None = None,
    model: str | None = None,
    system_prompt: str | None = None,
    private: bool = False,
    agent_type: str | None = None,
    device: str | None = None,
    mail_provider: str | None = None,
    document_ids: list[str] | None = None,
) -> str:
    """Insert a session like ``ChatDatabase.create_session``.

    GAIA src/gaia/ui/database.py L365-418: one ``_now()`` for created_at/updated_at,
    ``model or SESSION_DEFAULT_MODEL``, ``title_is_custom`` = 0 for placeholder titles
    else 1 (L382), ``title or "New Chat"``, ``agent_type or "chat"``, ``device or "gpu"``,
    mail_provider NULL unless given; attached docs get the same timestamp (L409-416).
    GAIA mints ``str(uuid.uuid4())`` for the id (L377); tests pass a fixed one.
    """
    now = clock.iso()
    custom = 0 if (title or "").strip().lower() in PLACEHOLDER_TITLES else 1
    conn.execute(
        "INSERT INTO sessions (id, title, title_is_custom, created_at, updated_at, model,"
        " system_prompt, private, agent_type, device, mail_provider)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            session_id,
            title or "New Chat",
            custom,
            now,
            now,
            model or DEFAULT_MODEL,
            system_prompt,
            1 if private else 0,
            agent_type or "chat",
            device or "gpu",
            mail_provider,
        ),
    )
    for doc_id in document_ids or []:
        conn.execute(
            "INSERT OR IGNORE INTO session_documents (session_id, document_id, attached_at)"
            " VALUES (?, ?, ?)",
            (session_id, doc_id, now),
        )
    conn.commit()
    return session_id


def add_document(
    conn: sqlite3.Connection,
    doc_id: str,
    clock: Clock,
    *,
    filename: str,
    filepath: str,
    file_hash: str,
    file_size: int = 0,
    chunk_count: int = 0,
    file_mtime: float | None = None,
) -> str:
    """A library row as ``ChatDatabase.add_document`` writes it (database.py L769-840).

    ``filepath`` is the absolute path on the user's machine (Windows: ``C:\\Users\\...``).
    """
    now = clock.iso()
    conn.execute(
        "INSERT INTO documents (id, filename, filepath, file_hash, file_size, chunk_count,"
        " indexed_at, last_accessed_at, file_mtime) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (doc_id, filename, filepath, file_hash, file_size, chunk_count, now, now, file_mtime),
    )
    conn.commit()
    return doc_id


def _json_or_null(value: Any) -> str | None:
    # database.py L580-582: ``json.dumps(x) if x else None`` -- default separators and
    # ensure_ascii=True, so non-ASCII is \\uXXXX-escaped and "\\" becomes "\\\\" on disk.
    return json.dumps(value) if value else None


def add_message(
    conn: sqlite3.Connection,
    session_id: str,
    role: str,
    content: str,
    clock: Clock,
    *,
    agent_steps: list[dict] | None = None,
    inference_stats: dict | None = None,
    replace_id: int | None = None,
) -> int:
    """Insert a message like ``ChatDatabase.add_message`` / ``upsert_message``.

    GAIA src/gaia/ui/database.py L568-610 (add) and L612-668 (upsert: delete ``replace_id``
    then insert a NEW AUTOINCREMENT id in one transaction). ``rag_sources``,
    ``tokens_prompt`` and ``tokens_completion`` are never passed by current callers (NULL).
    ``sessions.updated_at`` is bumped with a second ``_now()`` call (L603-607).
    """
    if replace_id is not None:
        conn.execute(
            "DELETE FROM messages WHERE id = ? AND session_id = ?", (replace_id, session_id)
        )
    cur = conn.execute(
        "INSERT INTO messages (session_id, role, content, created_at, rag_sources,"
        " agent_steps, tokens_prompt, tokens_completion, inference_stats)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            session_id,
            role,
            content,
            clock.iso(),
            None,
            _json_or_null(agent_steps),
            None,
            None,
            _json_or_null(inference_stats),
        ),
    )
    conn.execute("UPDATE sessions SET updated_at = ? WHERE id = ?", (clock.iso(), session_id))
    conn.commit()
    return int(cur.lastrowid or 0)


# --------------------------------------------------------------------------------------
# 2. SSE events (SSEOutputHandler) and the tool-result summary
# --------------------------------------------------------------------------------------

#: GAIA src/gaia/ui/sse_handler.py L1441-1458 (_tool_description): the initial ``detail``
#: of a tool step (no tool in the repo sets ``display_label=``, so this map always wins).
TOOL_DESCRIPTIONS = {
    "query_documents": "Searching indexed documents for relevant content",
    "query_specific_file": "Searching a specific document for relevant content",
    "search_indexed_chunks": "Searching document chunks by keyword",
    "search_documents": "Searching indexed documents for relevant content",
    "search_file": "Searching for files matching a pattern",
    "read_file": "Reading file contents",
    "list_directory": "Listing directory contents",
    "run_shell_command": "Executing a shell command",
    "write_file": "Writing to a file",
    "create_file": "Creating a new file",
    "get_file_preview": "Previewing file contents",
    "index_document": "Indexing a document for retrieval",
    "evaluate_retrieval": "Evaluating document retrieval quality",
}


def format_tool_args(args: dict) -> str:
    """The string that becomes a tool step's ``detail``.

    Reproduces GAIA src/gaia/ui/sse_handler.py L1288-1306 (_format_tool_args): drop
    None/""/False; True -> bare key; str > 150 chars -> first 150 + "..."; else
    ``key: str(value)``; joined by ", " for <= 2 parts, by newline for > 2.
    """
    if not args:
        return ""
    parts: list[str] = []
    for key, value in args.items():
        if value is None or value == "" or value is False:
            continue
        if value is True:
            parts.append(key)
            continue
        if isinstance(value, str) and len(value) > 150:
            value = value[:150] + "..."
        parts.append(f"{key}: {value}")
    return ("\n" if len(parts) > 2 else ", ").join(parts)


def _count_phrase(n: int, key: str) -> str:
    # GAIA src/gaia/ui/event_narration.py L292-303 (format_count) for n != 1; the n == 1
    # singularisation of the last word is approximated by dropping a trailing "s".
    label = key.replace("_", " ").strip()
    if n == 1 and label:
        head, _, last = label.rpartition(" ")
        last = last[:-1] if last.endswith("s") and not last.endswith("ss") else last
        label = f"{head} {last}".strip()
    return f"{n} {label}"


def summarize_tool_result(data: Any) -> str:
    """The ``result`` string persisted on a tool step.

    Same outputs as GAIA src/gaia/ui/sse_handler.py L1322-1438 (_summarize_tool_result);
    branches are tried in GAIA's order (see NOTES.md §a.6 for the list).
    """
    if not isinstance(data, dict):
        return str(data)[:300]
    if "command" in data and "stdout" in data:  # L1328-1343
        out = data.get("stdout", "")
        code = data.get("return_code", 0)
        if code != 0:
            err = data.get("stderr", "")
            return f"Command failed (exit {code})" + (f": {err[:150]}" if err else "")
        rows = out.strip().split("\n") if out.strip() else []
        if not rows:
            return "Command completed (no output)"
        text = "\n".join(rows[:5])
        return text + (f"\n... ({len(rows)} lines total)" if len(rows) > 5 else "")
    if "files" in data or "file_list" in data:  # L1346-1377
        files = data.get("file_list", data.get("files", []))
        count = data.get("count", len(files) if isinstance(files, list) else 0)
        banner = data.get("display_message", "")
        if isinstance(files, list) and files:
            names = []
            for item in files[:5]:
                if not isinstance(item, dict):
                    names.append(str(item))
                    continue
                name = item.get("name", item.get("filename", item.get("file_name", "")))
                if not name and item.get("file_path"):
                    name = item["file_path"].replace("\\", "/").rsplit("/", 1)[-1]
                folder = item.get("directory", "")
                if name:
                    names.append(f"{name} ({folder})" if folder else name)
                elif folder:
                    names.append(folder)
            body = "\n".join("  " + n for n in names)
            if count > 5:
                body += f"\n  ... +{count - 5} more"
            return f"{banner}\n{body}" if banner else f"Found {count} file(s):\n{body}"
        return banner or f"Found {count} file(s)"
    if "chunks" in data and isinstance(data["chunks"], list):  # L1380-1391
        chunks = data["chunks"]
        text = f"Found {len(chunks)} relevant chunk(s)"
        if data.get("scores", []):
            text += f" (best score: {max(data['scores']):.2f})"
        if chunks and isinstance(chunks[0], str):
            text += '\n  Top match: "' + chunks[0][:120].replace("\n", " ") + '..."'
        return text
    if "results" in data:  # L1394-1398
        res = data["results"]
        return f"Found {len(res)} result(s)" if isinstance(res, list) else str(res)[:200]
    if "num_chunks" in data or "chunk_count" in data:  # L1401-1406
        n = data.get("num_chunks", data.get("chunk_count", 0))
        fname = data.get("filename", data.get("file_path", ""))
        return f"Indexed {fname} ({n} chunks)" if fname else f"Indexed document ({n} chunks)"
    if "content" in data and "filepath" in data:  # L1409-1412
        body = data["content"]
        n = len(body.split("\n")) if isinstance(body, str) else 0
        return f"Read {n} lines from {data.get('filename', data.get('filepath', 'file'))}"
    if "documents" in data and "count" in data and "total_chunks" in data:  # L1415-1424
        n = data.get("count", 0)
        if n == 0:
            return "No documents indexed"
        names = [d.get("name", "?") for d in data.get("documents", [])[:5] if isinstance(d, dict)]
        return f"{n} document(s) indexed: {', '.join(names)}" + (
            f" (+{n - 5} more)" if n > 5 else ""
        )
    if "status" in data:  # L1427-1434
        msg = data.get("message", data.get("error", data.get("display_message", "")))
        if msg:
            return f"{data['status']}: {str(msg)[:200]}"
        for key, value in data.items():
            if key != "status" and isinstance(value, list) and value:
                return _count_phrase(len(value), key)
        return str(data["status"])
    return "Result with keys: " + ", ".join(list(data.keys())[:6])  # L1437-1438


def tool_call_events(
    tool: str,
    args: dict | None,
    result: Any,
    *,
    latency_ms: float = 412.3,
    mcp_server: str | None = None,
    policy_block: dict | None = None,
) -> list[dict]:
    """The SSE events one tool call produces, in GAIA's order.

    Agent loop (GAIA src/gaia/agents/base/agent.py L5334-5429, native tool_calls path;
    same console calls at L5540-5662 and L4350-4397):
      print_tool_usage -> ``tool_start`` (sse_handler.py L334-354)
      pretty_print_json(args, "Arguments") -> ``tool_args`` (L365-378; only if args)
      [start_progress("Executing <tool>") is filtered, L521-522]
      [_execute_tool; a governance BLOCK emits ``policy_alert`` here,
       governance/mixin.py L138-154, sse_handler.py L1053-1073]
      pretty_print_json(result, "Result") -> ``tool_result`` (L380-482)
      print_tool_complete -> ``tool_end`` with success True ALWAYS (L356-363)
      then, if the result is an error (agent.py L5472-5485), print_error(...,
      recoverable=True) -> ``agent_error`` (L486-496) unless result["error_displayed"].
    """
    start: dict[str, Any] = {
        "type": "tool_start",
        "tool": tool,
        "detail": TOOL_DESCRIPTIONS.get(tool, ""),
    }
    if mcp_server:
        start["mcp_server"] = mcp_server
    events = [start]
    if args:
        events.append(
            {"type": "tool_args", "tool": tool, "args": args, "detail": format_tool_args(args)}
        )
    if policy_block is not None:
        alert = {
            "type": "policy_alert",
            "tool": tool,
            "decision": policy_block["decision"],
            "reason": policy_block["reason"],
            "rule_ids": list(policy_block["rule_ids"]),
            "policy_version": policy_block["policy_version"],
        }
        if policy_block.get("receipt_id") is not None:
            alert["receipt_id"] = policy_block["receipt_id"]
        events.append(alert)
    res_evt: dict[str, Any] = {
        "type": "tool_result",
        "title": "Result",
        "summary": summarize_tool_result(result),
        "success": (result.get("status") != "error") if isinstance(result, dict) else True,
        "latency_ms": latency_ms,
    }
    if (
        isinstance(result, dict)
        and "command" in result
        and ("stdout" in result or "stderr" in result)
    ):
        res_evt["command_output"] = {
            "command": result.get("command", ""),
            "stdout": result.get("stdout", ""),
            "stderr": result.get("stderr", ""),
            "return_code": result.get("return_code", 0),
            "cwd": result.get("cwd", ""),
            "duration_seconds": result.get("duration_seconds"),
            "truncated": result.get("output_truncated", False),
        }
    if isinstance(result, dict) and ("files" in result or "file_list" in result):
        files = result.get("file_list", result.get("files", []))
        if isinstance(files, list):
            res_evt["result_data"] = {
                "type": "file_list",
                "files": files[:20],
                "total": len(files[:20]),
            }
    events.append(res_evt)
    events.append({"type": "tool_end", "success": True})
    if (
        isinstance(result, dict)
        and (
            result.get("status") == "error"
            or result.get("success") is False
            or result.get("has_errors") is True
            or result.get("return_code", 0) != 0
        )
        and not result.get("error_displayed")
    ):
        why = (
            result.get("error_brief")
            or result.get("error")
            or result.get("stderr")
            or result.get("hint")
            or result.get("suggested_fix")
            or f"Command failed with return code {result.get('return_code')}"
        )
        events.append({"type": "agent_error", "content": str(why), "recoverable": True})
    return events


def thinking_event(text: str) -> dict:
    """``print_thought`` -> GAIA src/gaia/ui/sse_handler.py L287-293."""
    return {"type": "thinking", "content": text}


def answer_event(text: str) -> dict:
    """``print_final_answer`` -> GAIA src/gaia/ui/sse_handler.py L588-631 (cleaning omitted)."""
    return {"type": "answer", "content": text, "elapsed": 3.21, "steps": 2, "tools_used": 1}


# --------------------------------------------------------------------------------------
# 3. Step capture + persistence of one assistant turn (_chat_helpers._stream_chat_impl)
# --------------------------------------------------------------------------------------


def _last_tool(steps: list[dict]) -> dict | None:
    # GAIA src/gaia/ui/_chat_helpers.py L1108-1113 (_find_last_tool_step)
    return next((s for s in reversed(steps) if s.get("type") == "tool"), None)


class TurnCapture:
    """Turns SSE events into the ``agent_steps`` list, like GAIA's streaming path.

    GAIA src/gaia/ui/_chat_helpers.py L2255-2468 (per-event capture), L2516-2517 (all
    steps set inactive), L2519-2543 (agent-thread error -> "Agent error: ..." /
    "\\n\\n[Error: ...]"), L2579-2583 and L2263-2296 (policy block message, persisted
    immediately via upsert_message), L2640-2653 (final upsert), L2690-2729 (empty answer).
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.steps: list[dict] = []
        self.answer = ""
        self.policy_msg_id: int | None = None
        self.policy_content: str | None = None
        self._persist: Callable[..., int] | None = None

    def _new(self, step: dict) -> None:
        for s in self.steps:
            s["active"] = False
        self.steps.append(step)

    def _blocked(self) -> list[dict]:
        return [
            s
            for s in self.steps
            if s.get("type") == "policy_alert" and (s.get("decision") or "BLOCK").upper() == "BLOCK"
        ]

    @staticmethod
    def _block_text(blocked: list[dict]) -> str:
        names = ", ".join(s.get("tool") or "unknown tool" for s in blocked)
        return f"Blocked: {names} {'is' if len(blocked) == 1 else 'are'} restricted by policy."

    def feed(self, ev: dict) -> None:
        kind = ev.get("type", "")
        if kind == "answer":
            self.answer = ev.get("content", "")
        elif kind == "chunk":
            self.answer += ev.get("content", "")
        n = len(self.steps) + 1  # step ids: 1-based counter (L2258, L2338 ...)
        if kind == "thinking":
            self._new(
                {
                    "id": n,
                    "type": "thinking",
                    "label": "Thinking",
                    "detail": ev.get("content"),
                    "active": True,
                    "timestamp": self.clock.mono_ms(),
                }
            )
        elif kind == "tool_start":
            self._new(
                {
                    "id": n,
                    "type": "tool",
                    "label": f"Using {ev.get('tool', 'tool')}",
                    "tool": ev.get("tool"),
                    "detail": ev.get("detail"),
                    "active": True,
                    "timestamp": self.clock.mono_ms(),
                    "mcpServer": ev.get("mcp_server"),
                }
            )
        elif kind == "tool_args" and self.steps:
            step = _last_tool(self.steps)
            if step is not None:
                step["detail"] = ev.get("detail", "")
        elif kind == "tool_end" and self.steps:
            step = _last_tool(self.steps)
            if step is not None:
                step["active"] = False
                step["success"] = ev.get("success", True)  # overwrites tool_result's value
        elif kind == "tool_result" and self.steps:
            step = _last_tool(self.steps)
            if step is not None:
                step["active"] = False
                step["result"] = ev.get("summary") or ev.get("title") or "Done"
                step["success"] = ev.get("success", True)
                if ev.get("latency_ms") is not None:
                    step["latencyMs"] = ev["latency_ms"]
                if ev.get("command_output"):
                    step["commandOutput"] = ev["command_output"]
                data = ev.get("result_data", {})
                if data.get("type") == "file_list":
                    step["fileList"] = {
                        "files": data.get("files", []),
                        "total": data.get("total", 0),
                    }
                if ev.get("render"):
                    step["render"] = ev["render"]
                    step["data"] = ev.get("data")
        elif kind == "plan":
            self._new(
                {
                    "id": n,
                    "type": "plan",
                    "label": "Created plan",
                    "planSteps": ev.get("steps"),
                    "active": False,
                    "success": True,
                    "timestamp": self.clock.mono_ms(),
                }
            )
        elif kind == "agent_error":
            self._new(
                {
                    "id": n,
                    "type": "error",
                    "label": "Error",
                    "detail": ev.get("content"),
                    "active": False,
                    "success": False,
                    "timestamp": self.clock.mono_ms(),
                }
            )
        elif kind == "policy_alert":
            tool = ev.get("tool") or "unknown tool"
            reason = (
                ev.get("reason")
                or ev.get("message")
                or ev.get("content")
                or "Tool execution was blocked by governance policy."
            )
            self._new(
                {
                    "id": n,
                    "type": "policy_alert",
                    "label": f"Policy blocked {tool}",
                    "detail": reason,
                    "tool": tool,
                    "decision": ev.get("decision") or "BLOCK",
                    "reason": reason,
                    "ruleIds": ev.get("rule_ids") or [],
                    "policyVersion": ev.get("policy_version"),
                    "receiptId": ev.get("receipt_id"),
                    "active": False,
                    "success": False,
                    "timestamp": self.clock.mono_ms(),
                }
            )
            if (ev.get("decision") or "BLOCK").upper() == "BLOCK" and self._persist:
                # snapshot: json.dumps happens now, later step updates are NOT re-persisted
                self.policy_content = self._block_text(self._blocked())
                self.policy_msg_id = self._persist(
                    self.policy_content, self.steps, self.policy_msg_id, None
                )

    def persist(
        self,
        conn: sqlite3.Connection,
        session_id: str,
        events: list[dict],
        *,
        agent_error: str | None = None,
        inference_stats: dict | None = None,
    ) -> int:
        """Feed ``events`` and write the assistant row as the streaming path does."""

        def _write(content: str, steps: list[dict], replace: int | None, stats: dict | None) -> int:
            return add_message(
                conn,
                session_id,
                "assistant",
                content,
                self.clock,
                agent_steps=steps or None,
                inference_stats=stats,
                replace_id=replace,
            )

        self._persist = _write
        for ev in events:
            self.feed(ev)
        for s in self.steps:
            s["active"] = False
        text = self.answer
        if agent_error:
            if not text:
                blocked = self._blocked()
                text = (
                    (
                        (self.policy_content or self._block_text(blocked))
                        + f"\n\n[Error: {agent_error}]"
                    )
                    if blocked
                    else f"Agent error: {agent_error}"
                )
            else:
                text += f"\n\n[Error: {agent_error}]"
        text = text.strip()
        if not text and self._blocked():
            text = self.policy_content or self._block_text(self._blocked())
        if text:
            if self.policy_msg_id is not None and text == self.policy_content:
                return self.policy_msg_id
            return _write(text, self.steps, self.policy_msg_id, inference_stats)
        if self.steps:  # _empty_answer_outcome (L1125-1146): keep steps, empty content
            return _write("", self.steps, None, None)
        return add_message(
            conn,
            session_id,
            "assistant",
            "I wasn't able to generate a response. Please make sure Lemonade "
            "Server is running and try again.",
            self.clock,
        )


# --------------------------------------------------------------------------------------
# 4. The demo session (Doc agent, Windows paths)
# --------------------------------------------------------------------------------------

SESSION_ID = "3f2b8c1e-9d4a-4e7b-a6c5-0d1e2f3a4b5c"
DOC_ID = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d"
USER_HOME = "C:\\Users\\alex"
REPORT_PATH = USER_HOME + "\\.gaia\\documents\\acme_q3_report.md"
BUDGET_PATH = USER_HOME + "\\Documents\\budget_2025.md"


def rag_success_result() -> dict:
    """``query_specific_file`` success payload: GAIA src/gaia/agents/tools/rag_tools.py
    L970-983 (chunks are dicts, no ``scores`` key -> summary has no score/Top match)."""
    return {
        "status": "success",
        "message": "Found 2 relevant chunks in acme_q3_report.md",
        "chunks": [
            {
                "chunk_id": 1,
                "content": "Q3 revenue reached $14.2 million, up 12% YoY.",
                "relevance_score": 0.82,
                "_debug_chunk_index": 4,
                "page": 1,
            },
            {
                "chunk_id": 2,
                "content": "Operating margin improved to 18%.",
                "relevance_score": 0.61,
                "_debug_chunk_index": 5,
                "page": 1,
            },
        ],
        "file": REPORT_PATH,
        "auto_indexed": False,
        "instruction": "Use these chunks from acme_q3_report.md to answer the question.",
    }


def file_not_found_result() -> dict:
    """``index_document`` on a missing path: GAIA rag_tools.py L1231-1232."""
    return {"status": "error", "error": f"File not found: {BUDGET_PATH}"}


def shell_failure_result() -> dict:
    """``run_shell_command`` exiting 1: GAIA src/gaia/agents/tools/shell_tools.py L1047-1058
    (status stays "success"; return_code/has_errors carry the failure)."""
    return {
        "status": "success",
        "command": "type notes.txt",
        "stdout": "",
        "stderr": "The system cannot find the file specified.\n",
        "return_code": 1,
        "has_errors": True,
        "duration_seconds": 0.04127310000278521,
        "timeout": 30,
        "cwd": USER_HOME,
        "output_truncated": False,
    }


POLICY = {
    "decision": "BLOCK",
    "reason": "shell deletes outside the workspace are not allowed",
    "rule_ids": ["no-recursive-delete"],
    "policy_version": "2026.04.1",
    "receipt_id": "rcpt_7f3a2c",
}


def policy_denied_result() -> dict:
    """What the tool call returns after a BLOCK: GAIA src/gaia/governance/mixin.py L393-412."""
    return {
        "status": "denied",
        "error": f"Tool 'run_shell_command' blocked by governance: {POLICY['reason']}",
        "governance_decision": "BLOCK",
        "policy_version": POLICY["policy_version"],
        "rule_ids": list(POLICY["rule_ids"]),
        "error_displayed": True,
        "receipt_id": POLICY["receipt_id"],
    }


AGENT_ERROR = (
    "Couldn't reach the local LLM. It may be loading or briefly busy "
    "\u2014 try sending the message again."
)  # lemonade.py L115-118 user_message


#: (user text, events, agent-thread error, inference stats) per turn
def demo_turns() -> list[tuple[str, list[dict], str | None, dict | None]]:
    """The five turns of the demo session (events in SSEOutputHandler order)."""
    return [
        (
            "What was Acme's Q3 revenue?",
            [
                thinking_event("The user asks about Q3 revenue; query the attached report."),
                *tool_call_events(
                    "query_specific_file",
                    {"file_path": REPORT_PATH, "query": "Q3 revenue"},
                    rag_success_result(),
                ),
                answer_event(
                    "According to acme_q3_report.md, page 1: Q3 revenue was $14.2 million."
                ),
            ],
            None,
            {
                "tokens_per_second": 21.4,
                "time_to_first_token": 0.873,
                "input_tokens": 2210,
                "output_tokens": 41,
            },
        ),
        (
            "Index my budget_2025.md and tell me the total.",
            [
                *tool_call_events(
                    "index_document",
                    {"file_path": BUDGET_PATH},
                    file_not_found_result(),
                    latency_ms=3.1,
                ),
                answer_event(f"I couldn't find {BUDGET_PATH}. Could you check the path?"),
            ],
            None,
            None,
        ),
        (
            "How many lines are in notes.txt?",
            [
                *tool_call_events(
                    "run_shell_command",
                    {"command": "type notes.txt"},
                    shell_failure_result(),
                    latency_ms=58.6,
                ),
                answer_event("The command failed: notes.txt does not exist in your home folder."),
            ],
            None,
            None,
        ),
        (
            "Delete my old logs folder.",
            [
                *tool_call_events(
                    "run_shell_command",
                    {"command": "rmdir /s /q " + USER_HOME + "\\logs"},
                    policy_denied_result(),
                    latency_ms=1.2,
                    policy_block=POLICY,
                )
            ],
            None,
            None,
        ),
        ("Summarize the employee handbook.", [], AGENT_ERROR, None),
    ]


def build_chat_db(path: str | Path, clock: Clock | None = None) -> str:
    """Write the demo ``gaia_chat.db``; returns the session id.

    User rows: GAIA src/gaia/ui/routers/chat.py L146 (``db.add_message(.., "user", text)``,
    before streaming). Assistant rows: ``TurnCapture.persist`` (see its docstring).
    The policy-block turn reproduces L2281-2296 + L2640-2644: the row is written when the
    ``policy_alert`` arrives and kept as-is (its tool step has no result/success yet).
    """
    clock = clock or Clock()
    conn = create_chat_db(path)
    add_document(
        conn,
        DOC_ID,
        clock,
        filename="acme_q3_report.md",
        filepath=REPORT_PATH,
        file_hash="9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        file_size=4821,
        chunk_count=6,
        file_mtime=1745530113.2816,
    )
    add_session(
        conn, SESSION_ID, clock, title="Acme Q3 questions", agent_type="doc", document_ids=[DOC_ID]
    )
    for text, events, err, stats in demo_turns():
        add_message(conn, SESSION_ID, "user", text, clock)
        TurnCapture(clock).persist(conn, SESSION_ID, events, agent_error=err, inference_stats=stats)
    conn.close()
    return SESSION_ID


# --------------------------------------------------------------------------------------
# 5. Export endpoint
# --------------------------------------------------------------------------------------


def _session_dict(conn: sqlite3.Connection, session_id: str) -> dict | None:
    # GAIA database.py L420-442 (get_session): all columns in table order, then
    # message_count, then document_ids.
    row = conn.execute(
        "SELECT s.*, (SELECT COUNT(*) FROM messages WHERE session_id = s.id)"
        " AS message_count FROM sessions s WHERE s.id = ?",
        (session_id,),
    ).fetchone()
    if row is None:
        return None
    out = dict(row)
    out["document_ids"] = [
        r[0]
        for r in conn.execute(
            "SELECT document_id FROM session_documents WHERE session_id = ?", (session_id,)
        )
    ]
    return out


def _message_dicts(conn: sqlite3.Connection, session_id: str) -> list[dict]:
    # GAIA database.py L670-703 (get_messages): ORDER BY created_at ASC (string order),
    # JSON columns decoded only when truthy, undecodable -> None.
    out = []
    for row in conn.execute(
        "SELECT * FROM messages WHERE session_id = ? ORDER BY created_at ASC LIMIT ? OFFSET ?",
        (session_id, 10000, 0),
    ):
        msg = dict(row)
        for col in ("rag_sources", "agent_steps", "inference_stats"):
            if msg.get(col):
                try:
                    msg[col] = json.loads(msg[col])
                except (ValueError, TypeError):
                    msg[col] = None
        out.append(msg)
    return out


def _open_ro(path: str | Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path))
    conn.row_factory = sqlite3.Row
    return conn


def export_json(db_path: str | Path, session_id: str) -> dict:
    """``GET /api/sessions/{id}/export?format=json`` as a Python object.

    GAIA src/gaia/ui/routers/sessions.py L314-340: ``{"session": get_session(),
    "messages": get_messages(limit=10000), "format": "json"}``.
    """
    with _open_ro(db_path) as conn:
        return {
            "session": _session_dict(conn, session_id),
            "messages": _message_dicts(conn, session_id),
            "format": "json",
        }


def export_json_bytes(db_path: str | Path, session_id: str) -> bytes:
    """The HTTP body of the JSON export. FastAPI's default ``JSONResponse`` (Starlette, not
    GAIA) renders ``json.dumps(ensure_ascii=False, allow_nan=False, indent=None,
    separators=(",", ":"))`` encoded as UTF-8 -- compact, non-ASCII kept, "\\" doubled."""
    return json.dumps(
        export_json(db_path, session_id),
        ensure_ascii=False,
        allow_nan=False,
        indent=None,
        separators=(",", ":"),
    ).encode("utf-8")


def export_markdown(db_path: str | Path, session_id: str) -> dict:
    """``GET /api/sessions/{id}/export?format=markdown`` (the only format the UI requests).

    GAIA src/gaia/ui/routers/sessions.py L328-338: pieces ``"# <title>\\n"``,
    ``"*Created: <created_at>*\\n"``, ``"*Model: <model>*\\n\\n---\\n"``, then per message
    ``"**<User|Assistant>:**\\n\\n<content>\\n\\n---\\n"`` (every non-"user" role, incl.
    "system", is labelled Assistant), joined with "\\n". No steps, no per-message times.
    """
    with _open_ro(db_path) as conn:
        sess = _session_dict(conn, session_id)
        assert sess is not None
        pieces = [
            f"# {sess['title']}\n",
            f"*Created: {sess['created_at']}*\n",
            f"*Model: {sess['model']}*\n\n---\n",
        ]
        for msg in _message_dicts(conn, session_id):
            who = "User" if msg["role"] == "user" else "Assistant"
            pieces.append(f"**{who}:**\n\n{msg['content']}\n\n---\n")
    return {"content": "\n".join(pieces), "format": "markdown"}


def export_download_name(title: str | None) -> str:
    """File name the Agent UI's Export button saves (``<title>.md``): GAIA
    src/gaia/apps/webui/src/components/ChatView.tsx L1362-1376 -- each of / \\ : * ? " < > |
    becomes "_", cut to 100 chars, ".md" appended; body = the markdown ``content``."""
    safe = "".join("_" if ch in '/\\:*?"<>|' else ch for ch in (title or "chat"))
    return safe[:100] + ".md"


# --------------------------------------------------------------------------------------
# 6. memory.db (MemoryStore)
# --------------------------------------------------------------------------------------

#: GAIA src/gaia/agents/base/memory_store.py L190-304 (_SCHEMA_SQL), L310-325 (FTS
#: triggers), L330-337 (v2 indexes). Paraphrased, same tables/columns/constraints.
_MEMORY_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL,"
    " migrated_at TEXT NOT NULL)",
    """CREATE TABLE IF NOT EXISTS conversations (
        id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, role TEXT NOT NULL,
        content TEXT NOT NULL, context TEXT DEFAULT 'global', timestamp TEXT NOT NULL,
        consolidated_at TEXT)""",
    "CREATE INDEX IF NOT EXISTS idx_conv_session ON conversations(session_id)",
    "CREATE INDEX IF NOT EXISTS idx_conv_ts ON conversations(timestamp DESC)",
    "CREATE INDEX IF NOT EXISTS idx_conv_context ON conversations(context)",
    "CREATE VIRTUAL TABLE IF NOT EXISTS conversations_fts USING fts5(content,"
    " content=conversations, content_rowid=id, tokenize='porter unicode61')",
    """CREATE TABLE IF NOT EXISTS knowledge (
        id TEXT PRIMARY KEY, category TEXT NOT NULL, content TEXT NOT NULL, domain TEXT,
        source TEXT NOT NULL DEFAULT 'tool', confidence REAL DEFAULT 0.5, metadata TEXT,
        use_count INTEGER DEFAULT 0, context TEXT DEFAULT 'global', sensitive INTEGER DEFAULT 0,
        entity TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_used TEXT,
        due_at TEXT, reminded_at TEXT, embedding BLOB, superseded_by TEXT)""",
    "CREATE INDEX IF NOT EXISTS idx_knowledge_due ON knowledge(due_at) WHERE due_at IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS idx_knowledge_context ON knowledge(context)",
    "CREATE INDEX IF NOT EXISTS idx_knowledge_entity ON knowledge(entity) WHERE entity IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS idx_knowledge_sensitive ON knowledge(sensitive)"
    " WHERE sensitive = 1",
    "CREATE VIRTUAL TABLE IF NOT EXISTS knowledge_fts USING fts5(content, domain, category,"
    " tokenize='porter unicode61')",
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)",
    """CREATE TABLE IF NOT EXISTS tool_history (
        id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, tool_name TEXT NOT NULL,
        args TEXT, result_summary TEXT, success INTEGER NOT NULL, error TEXT,
        duration_ms INTEGER, timestamp TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS idx_tool_name ON tool_history(tool_name)",
    "CREATE INDEX IF NOT EXISTS idx_tool_session ON tool_history(session_id)",
    "CREATE INDEX IF NOT EXISTS idx_tool_success ON tool_history(success)",
    "CREATE INDEX IF NOT EXISTS idx_tool_ts ON tool_history(timestamp DESC)",
    """CREATE TABLE IF NOT EXISTS procedures (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, when_to_use TEXT NOT NULL,
        markdown_body TEXT NOT NULL, tools_required TEXT, tool_sequence TEXT,
        success_count INTEGER NOT NULL DEFAULT 0, attempt_count INTEGER NOT NULL DEFAULT 0,
        provenance TEXT, version TEXT NOT NULL DEFAULT '1.0.0',
        enabled INTEGER NOT NULL DEFAULT 1, embedding BLOB, superseded_by TEXT,
        created_at TEXT NOT NULL, last_used_at TEXT)""",
    "CREATE INDEX IF NOT EXISTS idx_proc_name ON procedures(name)",
    "CREATE INDEX IF NOT EXISTS idx_proc_enabled ON procedures(enabled) WHERE enabled = 1",
    "CREATE INDEX IF NOT EXISTS idx_proc_superseded ON procedures(superseded_by)"
    " WHERE superseded_by IS NOT NULL",
    "CREATE TRIGGER conv_fts_ai AFTER INSERT ON conversations BEGIN"
    " INSERT INTO conversations_fts(rowid, content) VALUES (new.id, new.content); END",
    "CREATE TRIGGER conv_fts_ad AFTER DELETE ON conversations BEGIN"
    " INSERT INTO conversations_fts(conversations_fts, rowid, content)"
    " VALUES ('delete', old.id, old.content); END",
    "CREATE INDEX IF NOT EXISTS idx_knowledge_no_embedding ON knowledge(id)"
    " WHERE embedding IS NULL",
    "CREATE INDEX IF NOT EXISTS idx_knowledge_superseded ON knowledge(superseded_by)"
    " WHERE superseded_by IS NOT NULL",
    "CREATE INDEX IF NOT EXISTS idx_conv_not_consolidated ON conversations(session_id)"
    " WHERE consolidated_at IS NULL",
)

LOCAL_TZ = timezone(timedelta(hours=-7))  # memory.db uses LOCAL time with offset


def memory_iso(clock: Clock) -> str:
    """``datetime.now().astimezone().isoformat()`` (memory_store.py L166-168)."""
    clock.tick()
    return clock.now.astimezone(LOCAL_TZ).isoformat()


def create_memory_db(path: str | Path, clock: Clock) -> sqlite3.Connection:
    """Fresh ``memory.db`` as ``MemoryStore.__init__``/``_init_schema`` makes it
    (memory_store.py L349-404): WAL, busy_timeout, schema, triggers, schema_version=(3, now)."""
    conn = sqlite3.connect(str(path))
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA busy_timeout=5000")
    for stmt in _MEMORY_SCHEMA:
        conn.execute(stmt)
    conn.execute("INSERT INTO schema_version VALUES (?, ?)", (3, memory_iso(clock)))
    conn.commit()
    return conn


def store_turn(
    conn: sqlite3.Connection,
    session_id: str,
    role: str,
    content: str,
    clock: Clock,
    context: str = "global",
) -> None:
    """``MemoryStore.store_turn`` (memory_store.py L550-581): blank turns skipped, content
    cut to 4000 chars (MAX_TURN_LENGTH L126), local-time timestamp."""
    if not content or not content.strip():
        return
    conn.execute(
        "INSERT INTO conversations (session_id, role, content, context, timestamp)"
        " VALUES (?, ?, ?, ?, ?)",
        (session_id, role, content[:4000], context, memory_iso(clock)),
    )
    conn.commit()


def log_tool_call(
    conn: sqlite3.Connection,
    session_id: str,
    tool_name: str,
    args: dict,
    result: Any,
    clock: Clock,
    duration_ms: int,
) -> None:
    """One ``tool_history`` row as MemoryMixin._execute_tool + MemoryStore.log_tool_call
    write it (memory.py L2214-2288; memory_store.py L1770-1811):

    * ``success`` = 0 only when ``result["status"] == "error"`` (a shell exit 1 with
      status "success", or a governance "denied", is logged as success=1);
    * ``error`` = ``error_brief`` or ``error`` or "Unknown error" for those, else NULL;
    * ``result_summary`` = ``str(result)[:500]`` -- the Python repr (single quotes,
      backslashes doubled), NOT JSON;
    * ``args`` = ``json.dumps(args, default=str)`` (NULL if empty); args/summary/error each
      cut to 500 chars (MAX_FTS_QUERY_LENGTH).
    """
    failed = isinstance(result, dict) and result.get("status") == "error"
    error = (
        str(result.get("error_brief") or result.get("error") or "Unknown error") if failed else None
    )
    args_json = json.dumps(args, default=str) if args else None
    conn.execute(
        "INSERT INTO tool_history (session_id, tool_name, args, result_summary,"
        " success, error, duration_ms, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            session_id,
            tool_name,
            args_json[:500] if args_json else None,
            str(result)[:500],
            int(not failed),
            error[:500] if error else None,
            duration_ms,
            memory_iso(clock),
        ),
    )
    conn.commit()


MEMORY_SESSION_ID = "6c1d0e4f-2a3b-4c5d-8e9f-a0b1c2d3e4f5"  # memory.py L596: uuid4, not the UI id


def build_memory_db(path: str | Path, clock: Clock | None = None) -> str:
    """``memory.db`` with the demo conversation (same turns as ``build_chat_db``).

    Order per query: tool rows while tools run (memory.py L2214-2288), then the user and
    assistant turns after the query (``_after_process_query`` L2432-2455, assistant text
    = agent ``result["result"]``). A turn whose agent raised stores nothing
    (agent.py L6243-6245 only runs after a result). Memory tools are not logged.
    """
    clock = clock or Clock()
    conn = create_memory_db(path, clock)
    tool_inputs = {
        0: (
            "query_specific_file",
            {"file_path": REPORT_PATH, "query": "Q3 revenue"},
            rag_success_result(),
            412,
        ),
        1: ("index_document", {"file_path": BUDGET_PATH}, file_not_found_result(), 3),
        2: ("run_shell_command", {"command": "type notes.txt"}, shell_failure_result(), 58),
        3: (
            "run_shell_command",
            {"command": "rmdir /s /q " + USER_HOME + "\\logs"},
            policy_denied_result(),
            1,
        ),
    }
    for i, (text, events, err, _stats) in enumerate(demo_turns()):
        if err:
            continue
        if i in tool_inputs:
            name, args, result, ms = tool_inputs[i]
            log_tool_call(conn, MEMORY_SESSION_ID, name, args, result, clock, ms)
        answer = next((e["content"] for e in events if e["type"] == "answer"), "")
        store_turn(conn, MEMORY_SESSION_ID, "user", text, clock)
        store_turn(conn, MEMORY_SESSION_ID, "assistant", answer, clock)
    conn.close()
    return MEMORY_SESSION_ID


# --------------------------------------------------------------------------------------
# 7. Corpus manifest and GAIA's CI cross-reference checks
# --------------------------------------------------------------------------------------


def manifest_text(
    documents: list[dict],
    *,
    generated_at: str = "2026-03-20T02:10:00Z",
    notes: str | None = None,
    adversarial: list[dict] | None = None,
    total_documents: int | None = None,
    total_facts: int | None = None,
) -> str:
    """``eval/corpus/manifest.json`` text in GAIA's (hand-maintained) layout.

    Layout of GAIA eval/corpus/manifest.json L1-end: top-level keys ``generated_at,
    total_documents, total_facts, notes, documents, adversarial_documents``; 2-space
    indent; each document ``{id, filename, format, domain, facts}``; each fact on ONE line
    ``{"id", "question", "answer", "difficulty"[, "note"]}``; UTF-8, non-ASCII literal;
    trailing newline. (GAIA's real file has a stray ``}\\n    ,`` before the last document
    and its totals (9/27) do not match its content (11/29): readers must parse JSON and
    never trust the totals.)
    """

    def one(obj: dict) -> str:
        return json.dumps(obj, ensure_ascii=False)

    n_docs = len(documents) if total_documents is None else total_documents
    n_facts = (
        sum(len(d.get("facts", [])) for d in documents) if total_facts is None else total_facts
    )
    out = [
        "{",
        f'  "generated_at": {one(generated_at)},',
        f'  "total_documents": {n_docs},',
        f'  "total_facts": {n_facts},',
    ]
    if notes is not None:
        out.append(f'  "notes": {one(notes)},')
    out.append('  "documents": [')
    for i, doc in enumerate(documents):
        out.append("    {")
        head = [f'      "{k}": {one(v)}' for k, v in doc.items() if k != "facts"]
        facts = doc.get("facts", [])
        fact_lines = [f"        {one(f)}" for f in facts]
        body = ",\n".join(head + ['      "facts": [\n' + ",\n".join(fact_lines) + "\n      ]"])
        out.append(body)
        out.append("    }" + ("," if i < len(documents) - 1 else ""))
    out.append("  ]" + ("," if adversarial is not None else ""))
    if adversarial is not None:
        out.append('  "adversarial_documents": [')
        out.append(",\n".join(f"    {one(a)}" for a in adversarial))
        out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"


def write_manifest(path: str | Path, documents: list[dict], **kw: Any) -> Path:
    """Write ``manifest_text(...)`` to ``path`` (UTF-8)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(manifest_text(documents, **kw), encoding="utf-8")
    return p


def merge_manifests(base: dict, real_world: dict | None) -> dict:
    """The manifest GAIA's CI checks against: GAIA tests/test_eval.py L776-792
    (``_load_merged_manifest``): base documents + real-world documents (plain list
    concatenation, no de-duplication; nothing else merged). The runner's own merge
    (src/gaia/eval/runner.py L815-890) also appends ~/.gaia/eval/corpus and --corpus-dir
    manifests and recomputes total_documents."""
    merged = dict(base)
    if real_world is not None:
        merged["documents"] = base.get("documents", []) + real_world.get("documents", [])
    return merged


def check_scenario_refs(
    scenarios: list[tuple[str, dict]], manifest: dict, *, skip_prefix: str | None = None
) -> list[str]:
    """Problems GAIA's CI would report (tests/test_eval.py L794-897), same message text.

    * ``turns[].ground_truth.doc_id`` must be a document ``id``            (L794-822)
    * ``(doc_id, fact_id)`` and each ``(doc_id, f)`` for ``f`` in ``fact_ids`` must be a
      (document id, fact id) pair; facts without ``id`` are ignored; nothing is checked
      when ``doc_id`` is absent                                           (L824-867)
    * ``setup.index_documents[i].corpus_doc`` (dict entries only) must be a document id
                                                                          (L869-897)
    ``skip_prefix``: scenario paths under it are skipped (GAIA skips
    eval/scenarios/real_world/ when the real-world manifest file is absent).
    """
    docs = manifest.get("documents", [])
    doc_ids = {d["id"] for d in docs}
    fact_ids = {(d["id"], f["id"]) for d in docs for f in d.get("facts", []) if "id" in f}
    problems: list[str] = []
    for path, data in scenarios:
        if skip_prefix and str(path).startswith(skip_prefix):
            continue
        for turn in data.get("turns", []):
            gt = turn.get("ground_truth") or {}
            doc_id, num = gt.get("doc_id"), turn.get("turn", "?")
            if doc_id and doc_id not in doc_ids:
                problems.append(f"{data['id']} turn {num}: doc_id='{doc_id}'")
            if doc_id and gt.get("fact_id") and (doc_id, gt["fact_id"]) not in fact_ids:
                problems.append(f"{data['id']} turn {num}: {doc_id}.{gt['fact_id']}")
            for fid in gt.get("fact_ids", []):
                if doc_id and fid and (doc_id, fid) not in fact_ids:
                    problems.append(f"{data['id']} turn {num}: {doc_id}.{fid} (from fact_ids)")
        for i, entry in enumerate(data.get("setup", {}).get("index_documents", [])):
            if (
                isinstance(entry, dict)
                and entry.get("corpus_doc")
                and entry["corpus_doc"] not in doc_ids
            ):
                problems.append(
                    f"{data['id']} setup.index_documents[{i}]: corpus_doc='{entry['corpus_doc']}'"
                )
    return problems


DEMO_DOCUMENTS = [
    {
        "id": "acme_q3_report",
        "filename": "acme_q3_report.md",
        "format": "markdown",
        "domain": "finance",
        "facts": [
            {
                "id": "q3_revenue",
                "question": "What was Acme Corp's Q3 2025 revenue?",
                "answer": "$14.2 million",
                "difficulty": "easy",
            }
        ],
    },
    {
        "id": "budget_2025",
        "filename": "budget_2025.md",
        "format": "markdown",
        "domain": "finance",
        "facts": [
            {
                "id": "total_budget",
                "question": "What is the total 2025 budget?",
                "answer": "$4.8 million",
                "difficulty": "easy",
                "note": "illustrative",
            }
        ],
    },
]


# --------------------------------------------------------------------------------------
# Self-check
# --------------------------------------------------------------------------------------

if __name__ == "__main__":
    import tempfile

    out = Path(tempfile.mkdtemp(prefix="gaia_native_"))
    sid = build_chat_db(out / "gaia_chat.db")
    build_memory_db(out / "memory.db")
    write_manifest(
        out / "manifest.json",
        DEMO_DOCUMENTS,
        notes="demo",
        adversarial=[
            {
                "id": "empty_file",
                "filename": "empty.txt",
                "expected_behavior": "Agent reports file is empty",
            }
        ],
    )
    exp = export_json(out / "gaia_chat.db", sid)
    md = export_markdown(out / "gaia_chat.db", sid)
    (out / "export.json").write_bytes(export_json_bytes(out / "gaia_chat.db", sid))
    (out / export_download_name(exp["session"]["title"])).write_text(
        md["content"], encoding="utf-8"
    )
    print("dir:", out)
    print("session keys:", list(exp["session"]))
    for m in exp["messages"]:
        print(f"  #{m['id']} {m['role']:9} {m['content'][:60]!r}")
        for s in m["agent_steps"] or []:
            print(
                f"      step {s['id']} {s['type']:12} success={s.get('success')!s:5} "
                f"result={s.get('result', s.get('detail'))!r:.90}"
            )
    man = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    bad = check_scenario_refs(
        [
            (
                "x.yaml",
                {
                    "id": "x",
                    "setup": {"index_documents": [{"corpus_doc": "acme_q3_report"}]},
                    "turns": [
                        {
                            "turn": 1,
                            "ground_truth": {
                                "doc_id": "acme_q3_report",
                                "fact_ids": ["q3_revenue", "nope"],
                            },
                        }
                    ],
                },
            )
        ],
        man,
    )
    print("manifest check:", bad)
    mem = sqlite3.connect(out / "memory.db")
    print(
        "memory rows:",
        mem.execute("SELECT COUNT(*) FROM conversations").fetchone()[0],
        "turns,",
        mem.execute("SELECT COUNT(*) FROM tool_history").fetchone()[0],
        "tools",
    )
    print("markdown head:", md["content"][:160].replace("\n", "\\n"))
    assert bad == ["x turn 1: acme_q3_report.nope (from fact_ids)"]
    print("OK")

"""Real SQLite files in GAIA's layouts, written by the tests' own code (gaia-formats §1-2).

Layouts of ``gaia_chat.db``:

* ``fresh``: today's ``SCHEMA_SQL`` then the columns migration always appends
  (``inference_stats``, ``indexing_status``, ``file_mtime``, ``private``, ``agent_type``).
* ``migrated``: an older CREATE, every later column appended by ``ALTER TABLE`` in migration
  order, so the column order differs from ``fresh``.
* ``old``: a database last opened by an old GAIA: no ``agent_steps``, ``private``,
  ``agent_type``, ``device`` … at all.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.support import gaia_native

FRESH = ";\n".join(gaia_native._CHAT_TABLES) + ";\n"
"""Today's layout exactly as GAIA's ``ChatDatabase`` makes a fresh file (``title_is_custom`` is
the 3rd column of ``sessions``; ``scheduled_tasks`` and ``schedule_results`` present;
``user_version`` stays 0): one source of truth with ``tests/support/gaia_native.py``."""

OLD = """
CREATE TABLE documents (
    id TEXT PRIMARY KEY, filename TEXT NOT NULL, filepath TEXT NOT NULL,
    file_hash TEXT UNIQUE NOT NULL, file_size INTEGER DEFAULT 0, chunk_count INTEGER DEFAULT 0,
    indexed_at TEXT DEFAULT (datetime('now')), last_accessed_at TEXT);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT 'New Chat',
    created_at TEXT DEFAULT (datetime('now')), updated_at TEXT DEFAULT (datetime('now')),
    model TEXT NOT NULL DEFAULT 'Qwen3-0.6B-GGUF', system_prompt TEXT);
CREATE TABLE session_documents (
    session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
    document_id TEXT REFERENCES documents(id) ON DELETE CASCADE,
    attached_at TEXT DEFAULT (datetime('now')), PRIMARY KEY (session_id, document_id));
CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK(role IN ('user','assistant','system')),
    content TEXT NOT NULL, created_at TEXT DEFAULT (datetime('now')),
    rag_sources TEXT, tokens_prompt INTEGER, tokens_completion INTEGER);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX idx_messages_session ON messages(session_id, created_at);
"""

MIGRATIONS = """
ALTER TABLE messages ADD COLUMN agent_steps TEXT;
ALTER TABLE messages ADD COLUMN inference_stats TEXT;
ALTER TABLE documents ADD COLUMN indexing_status TEXT DEFAULT 'complete';
ALTER TABLE documents ADD COLUMN file_mtime REAL;
ALTER TABLE documents ADD COLUMN last_error TEXT;
ALTER TABLE sessions ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN agent_type TEXT DEFAULT 'chat';
ALTER TABLE sessions ADD COLUMN device TEXT DEFAULT 'gpu';
ALTER TABLE sessions ADD COLUMN mail_provider TEXT DEFAULT 'google';
ALTER TABLE sessions ADD COLUMN title_is_custom INTEGER NOT NULL DEFAULT 0;
"""

MEMORY = """
CREATE TABLE conversations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, role TEXT, content TEXT,
    context TEXT DEFAULT 'global', timestamp TEXT, consolidated_at TEXT);
CREATE TABLE tool_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, tool_name TEXT, args TEXT,
    result_summary TEXT, success INTEGER, error TEXT, duration_ms INTEGER, timestamp TEXT);
CREATE INDEX idx_conv_session ON conversations(session_id);
"""

T0 = datetime(2026, 4, 24, 21, 48, 33, tzinfo=UTC)


def when(minutes: float) -> str:
    """GAIA's ``_now()`` format, ``minutes`` after a fixed start."""
    return (T0 + timedelta(minutes=minutes)).isoformat()


class ChatDB:
    """Builds a ``gaia_chat.db`` in one of GAIA's layouts; rows are inserted by column name."""

    def __init__(self, path: Path, layout: str = "fresh", *, wal: bool = True) -> None:
        self.path = path
        self.conn = sqlite3.connect(path)
        if wal:
            self.conn.execute("PRAGMA journal_mode = WAL")
        script = {"fresh": FRESH, "migrated": OLD + MIGRATIONS, "old": OLD}[layout]
        self.conn.executescript(script)
        self.columns = {
            t: [r[1] for r in self.conn.execute(f"PRAGMA table_info({t})")]
            for t in ("sessions", "messages", "documents")
        }
        self.clock = 0.0

    def _insert(self, table: str, row: dict[str, Any]) -> int:
        row = {k: v for k, v in row.items() if k in self.columns.get(table, row)}
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        sql = f"INSERT INTO {table} ({cols}) VALUES ({marks})"
        cur = self.conn.execute(sql, tuple(row.values()))
        return int(cur.lastrowid or 0)

    def session(
        self,
        sid: str | None = None,
        *,
        title: str = "New Chat",
        model: str = "Gemma-4-E4B-it-GGUF",
        agent_type: str | None = "chat",
        private: int = 0,
        created: str | None = None,
    ) -> str:
        """Add a session (GAIA writes ``_now()`` for both timestamps)."""
        sid = sid or str(uuid.uuid4())
        self.clock += 1
        stamp = created or when(self.clock)
        row: dict[str, Any] = {
            "id": sid,
            "title": title,
            "created_at": stamp,
            "updated_at": stamp,
            "model": model,
            "private": private,
        }
        if agent_type is not None:
            row["agent_type"] = agent_type
        self._insert("sessions", row)
        return sid

    def message(
        self, sid: str, role: str, content: str, steps: Any = None, *, raw_steps: Any = None
    ) -> int:
        """Add a message; ``steps`` is JSON-encoded as GAIA does, ``raw_steps`` stored as is."""
        self.clock += 0.01
        stored = raw_steps if raw_steps is not None else (json.dumps(steps) if steps else None)
        rid = self._insert(
            "messages",
            {
                "session_id": sid,
                "role": role,
                "content": content,
                "created_at": when(self.clock),
                "agent_steps": stored,
            },
        )
        sql = "UPDATE sessions SET updated_at = ? WHERE id = ?"
        self.conn.execute(sql, (when(self.clock), sid))
        return rid

    def document(self, sid: str, filename: str, filepath: str, sha256: str, size: int = 0) -> str:
        """Add a library document attached to a session."""
        did = str(uuid.uuid4())
        self._insert(
            "documents",
            {
                "id": did,
                "filename": filename,
                "filepath": filepath,
                "file_hash": sha256,
                "file_size": size,
            },
        )
        self._insert("session_documents", {"session_id": sid, "document_id": did})
        return did

    def setting(self, key: str, value: str) -> None:
        """A settings row (``custom_model`` overrides every session's model)."""
        sql = "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)"
        self.conn.execute(sql, (key, value))

    def commit(self) -> None:
        """Commit (the WAL keeps the rows until a checkpoint)."""
        self.conn.commit()

    def close(self) -> None:
        """Commit and close."""
        self.conn.commit()
        self.conn.close()


def tool(
    step_id: int, name: str, success: bool | None = True, result: str = "Done"
) -> dict[str, Any]:
    """A persisted ``tool`` step (gaia-formats §1.4)."""
    step: dict[str, Any] = {
        "id": step_id,
        "type": "tool",
        "label": f"Using {name}",
        "tool": name,
        "detail": "query: x",
        "active": False,
        "timestamp": 5_000_000 + step_id,
        "mcpServer": None,
        "result": result,
    }
    if success is not None:
        step["success"] = success
    return step


def policy(step_id: int, name: str, reason: str = "restricted") -> dict[str, Any]:
    """A persisted ``policy_alert`` step."""
    return {
        "id": step_id,
        "type": "policy_alert",
        "label": f"Policy blocked {name}",
        "tool": name,
        "detail": reason,
        "decision": "BLOCK",
        "reason": reason,
        "ruleIds": ["r1"],
        "policyVersion": "1",
        "receiptId": "rc",
        "active": False,
        "success": False,
        "timestamp": 5_000_000 + step_id,
    }


def thinking(step_id: int) -> dict[str, Any]:
    """A persisted ``thinking`` step."""
    return {
        "id": step_id,
        "type": "thinking",
        "label": "Thinking",
        "detail": "hmm",
        "active": False,
        "timestamp": 5_000_000 + step_id,
    }


def error_step(step_id: int, detail: str) -> dict[str, Any]:
    """A persisted ``error`` step."""
    return {
        "id": step_id,
        "type": "error",
        "label": "Error",
        "detail": detail,
        "active": False,
        "success": False,
        "timestamp": 5_000_000 + step_id,
    }


def memory_db(path: Path) -> sqlite3.Connection:
    """An agent ``memory.db`` with GAIA's two tables (caller inserts and closes)."""
    conn = sqlite3.connect(path)
    conn.executescript(MEMORY)
    return conn

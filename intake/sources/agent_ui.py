"""GAIA's Agent UI database (``gaia_chat.db``, and the daemon's copy ``sessions.db``), opened
read-only as ``intake.sources.sqlite`` says.

GAIA adds columns by migration, so column order differs between fresh and migrated databases
and older databases lack recent columns: every column is read by name and absent ones get
GAIA's default.
Lookups use the primary key and ``idx_messages_session``; nothing scans all messages for one
session.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from intake.limits import MAX_STEPS_CHARS
from intake.sources.model import (
    LISTED_ON_ERROR,
    Document,
    Message,
    Session,
    SessionSummary,
    StoreKind,
    TurnWindow,
    ambiguous_session,
    document_name,
    listed_id,
    prefix_upper,
    ui_message,
    unknown_session,
)
from intake.sources.sqlite import (
    SQLITE_MAGIC,
    TEXT_BYTES,
    SqliteStore,
    capped_text,
    quote_ident,
    table_names,
    text_value,
)


class AgentUIStore(SqliteStore):
    """Reads sessions, messages, documents and settings by column name."""

    kind = StoreKind.agent_ui

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.columns = self._layout(
            ("sessions", "messages", "documents", "session_documents", "settings"),
            {"sessions": {"id"}, "messages": {"session_id", "role"}},
            "GAIA's layout",
        )

    def _col(self, table: str, name: str, default: str = "NULL") -> str:
        """``name`` if the table has it, else a default literal under that name."""
        if name in self.columns[table]:
            return f"{quote_ident(name)}"
        return f"{default} AS {quote_ident(name)}"

    def _order(self) -> str:
        cols = self.columns["sessions"]
        keys = [c for c in ("updated_at", "created_at") if c in cols]
        return ", ".join(f"{k} DESC" for k in keys) or "rowid DESC"

    def _summary_cols(self) -> str:
        return ", ".join(
            [
                "id",
                self._col("sessions", "title"),
                self._col("sessions", "created_at"),
                self._col("sessions", "agent_type", "'chat'"),
                self._col("sessions", "private", "0"),
            ]
        )

    def _summaries(self, rows: list[Any]) -> list[SessionSummary]:
        ids = [str(row["id"]) for row in rows]
        counts: dict[str, int] = {}
        if ids:
            marks = ", ".join("?" for _ in ids)
            for row in self._query(
                "SELECT session_id, count(*) AS n FROM messages "
                f"WHERE session_id IN ({marks}) GROUP BY session_id",
                tuple(ids),
            ):
                counts[str(row["session_id"])] = int(row["n"])
        return [
            SessionSummary(
                id=listed_id(str(row["id"])),
                title=text_value(row["title"]),
                created=text_value(row["created_at"]),
                messages=counts.get(str(row["id"]), 0),
                agent_type=text_value(row["agent_type"]) or "chat",
                private=bool(row["private"]),
            )
            for row in rows
        ]

    def list_sessions(self, limit: int) -> list[SessionSummary]:
        """Newest first (by last activity, as GAIA lists them), with message counts."""
        rows = self._query(
            f"SELECT {self._summary_cols()} FROM sessions ORDER BY {self._order()} LIMIT ?",
            (limit,),
        )
        return self._summaries(rows)

    def resolve(self, wanted: str) -> str:
        """Exact id first, then a prefix range on the primary key (index, not a scan)."""
        upper = prefix_upper(wanted)
        if not wanted:
            raise unknown_session(wanted, self.list_sessions(LISTED_ON_ERROR))
        if self._query("SELECT id FROM sessions WHERE id = ?", (wanted,)):
            return wanted
        if upper is None:
            raise unknown_session(wanted, self.list_sessions(LISTED_ON_ERROR))
        rows = self._query(
            f"SELECT {self._summary_cols()} FROM sessions WHERE id >= ? AND id < ? "
            "ORDER BY id LIMIT ?",
            (wanted, upper, LISTED_ON_ERROR + 1),
            wanted,
        )
        if len(rows) == 1:
            return str(rows[0]["id"])
        if not rows:
            raise unknown_session(wanted, self.list_sessions(LISTED_ON_ERROR))
        raise ambiguous_session(wanted, self._summaries(rows[:LISTED_ON_ERROR]))

    def load(self, session_id: str, window: TurnWindow | None = None) -> Session:
        """The session row, its messages in insertion order, documents and model.

        Messages are read one row at a time; with ``window`` only its turns are kept (and
        reading stops after them), so memory follows the slice, not the session.
        """
        s = self.columns["sessions"]
        more = ", ".join(self._col("sessions", c) for c in ("updated_at", "model", "device"))
        row_list = self._query(
            f"SELECT {self._summary_cols()}, {more} FROM sessions WHERE id = ?",
            (session_id,),
            session_id,
        )
        if not row_list:
            raise unknown_session(session_id, self.list_sessions(LISTED_ON_ERROR))
        row = row_list[0]
        custom = self._custom_model(session_id)
        model = custom or text_value(row["model"])
        session = Session(
            id=str(row["id"]),
            store=StoreKind.agent_ui,
            title=text_value(row["title"]),
            created_at=text_value(row["created_at"]),
            updated_at=text_value(row["updated_at"]),
            agent_type=text_value(row["agent_type"]) or "chat",
            model=model,
            model_source=(
                "settings.custom_model" if custom else ("sessions.model" if model else None)
            ),
            private=bool(row["private"]),
        )
        if "private" not in s:
            session.details["private_column"] = "absent (older GAIA): treated as not private"
        if row["device"]:
            session.details["device"] = str(row["device"])
        rows = self._messages(session_id)
        session.messages = window.select(rows) if window is not None else list(rows)
        session.documents = self._documents(session_id)
        return session

    def _custom_model(self, session_id: str) -> str | None:
        if not {"key", "value"} <= self.columns["settings"]:
            return None
        rows = self._query("SELECT value FROM settings WHERE key = 'custom_model'", (), session_id)
        return text_value(rows[0]["value"]) if rows else None

    def _messages(self, session_id: str) -> Iterator[Message]:
        m = self.columns["messages"]
        content = "substr(CAST(content AS BLOB), 1, ?)" if "content" in m else "''"
        length = "length(CAST(content AS BLOB))" if "content" in m else "0"
        steps = "agent_steps" if "agent_steps" in m else "NULL"
        steps_len = "length(CAST(agent_steps AS BLOB))" if "agent_steps" in m else "0"
        order = "id" if "id" in m else "rowid"
        params: tuple[Any, ...] = (TEXT_BYTES, session_id)
        if "content" not in m:
            params = (session_id,)
        rows = self._rows(
            f"SELECT {order} AS ref, role, {content} AS content, {length} AS content_bytes, "
            f"{self._col('messages', 'created_at')}, "
            f"CASE WHEN {steps_len} > {MAX_STEPS_CHARS} THEN NULL "
            f"ELSE CAST({steps} AS BLOB) END AS agent_steps, "
            f"{steps_len} AS steps_length "
            f"FROM messages WHERE session_id = ? ORDER BY {order}",
            params,
            session_id,
        )
        for row in rows:
            text, notes = capped_text(row["content"], int(row["content_bytes"] or 0))
            raw_steps = row["agent_steps"]
            if isinstance(raw_steps, bytes):
                raw_steps = raw_steps.decode("utf-8", "replace")
            if raw_steps is None and int(row["steps_length"] or 0) > MAX_STEPS_CHARS:
                notes.append(f"agent_steps too large to read ({row['steps_length']} chars)")
            role, created = str(row["role"] or ""), text_value(row["created_at"])
            yield ui_message(str(row["ref"]), role, text, created, raw_steps or None, notes)

    def _documents(self, session_id: str) -> list[Document]:
        d, sd = self.columns["documents"], self.columns["session_documents"]
        if not ({"id"} <= d and {"session_id", "document_id"} <= sd):
            return []
        cols = ", ".join(
            f"d.{name}" if name in d else f"NULL AS {name}"
            for name in ("filename", "filepath", "file_hash")
        )
        rows = self._query(
            f"SELECT {cols}"
            + " FROM session_documents sd JOIN documents d ON d.id = sd.document_id "
            "WHERE sd.session_id = ? ORDER BY 1",
            (session_id,),
            session_id,
        )
        docs = []
        for row in rows:
            path = text_value(row["filepath"])
            docs.append(
                Document(
                    name=document_name(text_value(row["filename"]) or path or ""),
                    sha256=(text_value(row["file_hash"]) or "").lower() or None,
                    path=path,
                )
            )
        return docs


def detect(path: Path, head: bytes) -> StoreKind | None:
    """``agent_ui`` for a SQLite file with GAIA's ``sessions`` and ``messages`` tables."""
    if head.startswith(SQLITE_MAGIC) and {"sessions", "messages"} <= table_names(path):
        return StoreKind.agent_ui
    return None

"""GAIA's agent memory database (``~/.gaia/memory.db``): where TUI turns persist.

The Go TUI keeps its transcript in memory only; the agent behind it stores each user and
assistant turn in ``conversations`` and each tool call in ``tool_history``, keyed by the agent's
memory session id. Tool calls are placed in the turn whose user message precedes them in time.
Opened read-only like the Agent UI database; columns read by name.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from intake.contract.models import ToolCallEvidence, ToolOutcome
from intake.sources import tool_outcome as judge
from intake.sources.model import (
    LISTED_ON_ERROR,
    Message,
    Session,
    SessionSummary,
    StoreKind,
    TurnWindow,
    ambiguous_session,
    listed_id,
    prefix_upper,
    unknown_session,
)
from intake.sources.sqlite import (
    SQLITE_MAGIC,
    TEXT_BYTES,
    SqliteStore,
    capped_text,
    table_names,
    text_value,
)


def _when(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else None


class MemoryStore(SqliteStore):
    """Sessions are the distinct ``conversations.session_id`` values."""

    kind = StoreKind.memory_db

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        columns = self._layout(
            ("conversations", "tool_history"),
            {"conversations": {"session_id", "role", "content"}},
            "GAIA's memory layout",
        )
        self.conv, self.tools = columns["conversations"], columns["tool_history"]

    def _ts(self) -> str:
        return "timestamp" if "timestamp" in self.conv else "NULL"

    def list_sessions(self, limit: int) -> list[SessionSummary]:
        """Newest first by the latest turn."""
        ts = self._ts()
        rows = self._query(
            f"SELECT session_id, min({ts}) AS created, max({ts}) AS latest, count(*) AS n "
            "FROM conversations WHERE session_id IS NOT NULL GROUP BY session_id "
            "ORDER BY latest DESC, max(rowid) DESC LIMIT ?",
            (limit,),
        )
        return [self._summary(row) for row in rows]

    @staticmethod
    def _summary(row: Any) -> SessionSummary:
        return SessionSummary(
            id=listed_id(str(row["session_id"])),
            title=None,
            created=text_value(row["created"]),
            messages=int(row["n"]),
            agent_type=None,
            private=False,
        )

    def resolve(self, wanted: str) -> str:
        """Exact id, else a unique prefix."""
        upper = prefix_upper(wanted)
        if wanted and self._query(
            "SELECT 1 FROM conversations WHERE session_id = ? LIMIT 1", (wanted,)
        ):
            return wanted
        if upper is not None:
            ts = self._ts()
            rows = self._query(
                f"SELECT session_id, min({ts}) AS created, count(*) AS n FROM conversations "
                "WHERE session_id >= ? AND session_id < ? GROUP BY session_id "
                "ORDER BY session_id LIMIT ?",
                (wanted, upper, LISTED_ON_ERROR + 1),
            )
            if len(rows) == 1:
                return str(rows[0]["session_id"])
            if rows:
                raise ambiguous_session(wanted, [self._summary(r) for r in rows[:LISTED_ON_ERROR]])
        raise unknown_session(wanted, self.list_sessions(LISTED_ON_ERROR))

    def load(self, session_id: str, window: TurnWindow | None = None) -> Session:
        """Turns in order, with tool_history rows attached to the turn they followed; with
        ``window``, only its turns (tools are attached first, so each keeps its turn)."""
        ts = self._ts()
        order = "id" if "id" in self.conv else "rowid"
        rows = self._query(
            f"SELECT {order} AS ref, role, substr(CAST(content AS BLOB), 1, ?) AS content, "
            f"length(CAST(content AS BLOB)) AS content_bytes, {ts} AS ts FROM conversations "
            f"WHERE session_id = ? ORDER BY {order}",
            (TEXT_BYTES, session_id),
            session_id,
        )
        if not rows:
            raise unknown_session(session_id, self.list_sessions(LISTED_ON_ERROR))
        messages = []
        for row in rows:
            text, notes = capped_text(row["content"], int(row["content_bytes"] or 0))
            messages.append(
                Message(
                    ref=str(row["ref"]),
                    role=str(row["role"] or ""),
                    content=text,
                    created_at=text_value(row["ts"]),
                    notes=notes,
                )
            )
        self._attach_tools(session_id, messages)
        created, updated = messages[0].created_at, messages[-1].created_at
        if window is not None:
            messages = window.select(messages)
        return Session(
            id=session_id,
            store=StoreKind.memory_db,
            created_at=created,
            updated_at=updated,
            messages=messages,
            details={"memory_session": "agent memory session id, not an Agent UI session id"},
        )

    def _attach_tools(self, session_id: str, messages: list[Message]) -> None:
        if not {"session_id", "tool_name"} <= self.tools:
            return
        cols = ", ".join(
            name if name in self.tools else f"NULL AS {name}"
            for name in (
                "tool_name",
                "success",
                "error",
                "timestamp",
                "result_summary",
                "args",
                "duration_ms",
            )
        )
        order = "id" if "id" in self.tools else "rowid"
        rows = self._query(
            f"SELECT {cols} FROM tool_history WHERE session_id = ? ORDER BY {order}",
            (session_id,),
            session_id,
        )
        for row in rows:
            when = _when(text_value(row["timestamp"]))
            target = self._turn_for(when, messages)
            if target is None:
                continue
            name = text_value(row["tool_name"])
            if name is None or not name.strip():
                target.notes.append("a tool_history row without a tool name was ignored")
                continue
            target.tools.append(_judged(name, row))

    @staticmethod
    def _turn_for(when: datetime | None, messages: list[Message]) -> Message | None:
        """The message of the turn a tool call belongs to.

        GAIA stores a turn's user and assistant rows after the query finishes, so a tool call
        belongs to the turn of the first row stamped at or after it: that turn's assistant row,
        or its user row when no answer was stored (a blank answer is not stored).
        """
        assistants = [m for m in messages if m.role == "assistant"]
        if when is not None:
            for i, message in enumerate(messages):
                stamp = _when(message.created_at)
                if stamp is None or stamp < when:
                    continue
                if message.role != "user":
                    return message
                for later in messages[i + 1 :]:
                    if later.role == "user":
                        break
                    if later.role == "assistant":
                        return later
                return message
        return assistants[-1] if assistants else None


def _judged(name: str, row: Any) -> ToolCallEvidence:
    """A ``tool_history`` row as a judged call.

    GAIA logs ``success = 0`` only for ``status == "error"`` (``MemoryMixin._execute_tool``
    and ``MemoryStore.log_tool_call``; docs/gaia-formats.md#memory), so a shell exit 1 or a
    governance ``denied`` is stored as success; ``result_summary`` is ``str(result)[:500]``, a
    Python repr, read for the shapes in ``tool_failures.json``.
    """
    success = row["success"]
    stored = bool(success) if isinstance(success, int) else None
    error = text_value(row["error"])
    summary = text_value(row["result_summary"])
    duration = row["duration_ms"]
    call = ToolCallEvidence(
        tool=name,
        outcome=ToolOutcome.unconfirmed,
        arguments=text_value(row["args"]),
        result=summary,
        stored_success=stored,
        latency_ms=float(duration) if isinstance(duration, int | float) else None,
    )
    shape = judge.result_shape(summary) if summary else None
    if shape is None or shape.outcome is ToolOutcome.ok:
        shape = judge.repr_shape(summary) if summary else None
    if stored is False:
        call.outcome, call.rule, call.reason = ToolOutcome.failed, judge.RULE_FLAG, error or summary
    elif shape is not None and shape.outcome is not ToolOutcome.ok:
        call.outcome, call.rule, call.reason = shape.outcome, shape.rule, error or shape.why
    elif stored is None:
        call.rule = judge.RULE_NO_RESULT if summary is None else judge.RULE_NO_FLAG
    else:
        call.outcome, call.rule = ToolOutcome.ok, judge.RULE_NO_FAILURE
    return call


def detect(path: Path, head: bytes) -> StoreKind | None:
    """``memory_db`` for a SQLite file with agent memory's ``conversations`` table."""
    if head.startswith(SQLITE_MAGIC) and "conversations" in table_names(path):
        return StoreKind.memory_db
    return None

"""What the SQLite session stores share: a read-only connection, guarded queries, text cells.

The databases belong to a running application: they are opened read-only through SQLite's URI
(``mode=ro``), so rows still in the WAL are seen and the file is never changed; an idle WAL
database (no ``-wal`` beside it) is opened ``immutable`` so no ``-shm``/``-wal`` is created.
A database locked by a writer fails after a short busy timeout, with one line.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from intake.errors import InputError, SourceError
from intake.fileio import read_head
from intake.limits import MAX_MESSAGE_CHARS
from intake.sources.model import MASK, clean_text, plain_session_id
from intake.textcut import drop_partial_tail

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


BUSY_TIMEOUT_S = 1.0
"""How long to wait for a writer's lock before giving up with exit 3 (never hang)."""


TEXT_BYTES = MAX_MESSAGE_CHARS * 4 + 4
"""Bytes read per message: enough for MAX_MESSAGE_CHARS characters of UTF-8."""


def capped_text(raw: Any, total_bytes: int) -> tuple[str, list[str]]:
    """Message text read as bytes (SQLite's text functions stop at a NUL), capped and cleaned.

    The SQL reads at most ``TEXT_BYTES`` of the value, so a 10 MB message costs no more than a
    short one; the cut is recorded. The byte cut lands anywhere, so the last run of
    non-blank text is dropped: half a secret would slip past the scrubber.
    """
    read = len(raw) if isinstance(raw, bytes) else 0
    if isinstance(raw, bytes):
        value = raw.decode("utf-8", "ignore" if total_bytes > read else "replace")
        if total_bytes > read:
            value = drop_partial_tail(value)
    else:
        value = "" if raw is None else str(raw)
    text, notes = clean_text(value)
    if total_bytes > read and isinstance(raw, bytes):
        notes = [f"text cut from {total_bytes} bytes to {MAX_MESSAGE_CHARS} characters"] + [
            n for n in notes if not n.startswith("text cut")
        ]
    return text, notes


def _idle_wal(path: Path) -> bool:
    """A WAL-mode database with no ``-wal`` file beside it: no writer has it open.

    Bytes 18 and 19 of the header are 2 in WAL mode. Opening such a file with ``mode=ro``
    makes SQLite create ``-shm`` and an empty ``-wal`` beside the user's database and leave
    them; ``immutable=1`` creates nothing, and with no WAL there is nothing it would miss.
    A rollback-journal database never gets sidecars from a reader, and keeps ``mode=ro`` so a
    writer's lock is still honoured (busy timeout, exit 3).
    """
    try:
        header = read_head(path, 20, what="database")
    except (InputError, OSError):
        return False
    wal_mode = len(header) == 20 and header[18] == 2 and header[19] == 2
    return wal_mode and not Path(f"{path}-wal").exists()


def connect(path: Path) -> sqlite3.Connection:
    """A read-only connection that sees WAL content and never writes or creates a file.

    With a ``-wal`` file present (a live or crashed writer) ``mode=ro`` is needed to see the
    rows still in it; an idle WAL database is opened ``immutable`` (see ``_idle_wal``).
    """
    resolved = path.resolve()
    flags = "mode=ro&immutable=1" if _idle_wal(resolved) else "mode=ro"
    uri = f"file:{quote(str(resolved))}?{flags}"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA query_only = ON")
    except sqlite3.Error as exc:
        raise source_error(exc, path) from None
    return conn


def source_error(exc: sqlite3.Error, path: Path, session: str | None = None) -> SourceError:
    text = str(exc).lower()
    shown = session if session is None or plain_session_id(session) else MASK
    where = path.name if shown is None else f"{path.name}, session {shown}"
    if "locked" in text or "busy" in text:
        return SourceError(
            f"database is locked by another process (waited {BUSY_TIMEOUT_S:g} s)",
            where=where,
            hint="retry when GAIA has finished writing",
        )
    if "not a database" in text or "malformed" in text or "file is encrypted" in text:
        return SourceError("file is not a readable SQLite database", where=where)
    if "unable to open" in text:
        return SourceError("cannot open the database read-only", where=where)
    if "could not decode to utf-8" in text:
        # sqlite3's message quotes the undecodable text itself: only the column name is kept
        column = re.search(r"column '([A-Za-z_][A-Za-z0-9_]{0,63})'", str(exc))
        named = f"column {column.group(1)}" if column else "a text column"
        return SourceError(f"{named} holds text that is not valid UTF-8", where=where)
    return SourceError(f"cannot read the database: {type(exc).__name__}", where=where)


def table_names(path: Path) -> set[str]:
    """Tables of a SQLite file (SourceError when it cannot be read)."""
    conn = connect(path)
    try:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    except sqlite3.Error as exc:
        raise source_error(exc, path) from None
    finally:
        conn.close()
    return {str(row[0]) for row in rows}


def quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class SqliteStore:
    """A read-only SQLite session store: the connection, column discovery, guarded queries."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.conn = connect(path)

    def _columns(self, table: str) -> set[str]:
        rows = self.conn.execute(f"PRAGMA table_info({quote_ident(table)})").fetchall()
        return {str(row["name"]) for row in rows}

    def _layout(
        self, tables: tuple[str, ...], needed: dict[str, set[str]], layout: str
    ) -> dict[str, set[str]]:
        """The columns of each of ``tables``; the store is closed and refused (SourceError)
        when it cannot be read or a table lacks a ``needed`` column."""
        try:
            columns = {table: self._columns(table) for table in tables}
        except sqlite3.Error as exc:
            self.conn.close()
            raise source_error(exc, self.path) from None
        for table, wanted in needed.items():
            missing = wanted - columns[table]
            if missing:
                self.conn.close()
                raise SourceError(
                    f"table {table} lacks column {sorted(missing)[0]}: not {layout}",
                    where=self.path.name,
                )
        return columns

    def close(self) -> None:
        self.conn.close()

    def _rows(self, sql: str, params: tuple[Any, ...], session: str | None = None) -> Iterator[Any]:
        """The rows one at a time (a cursor, never the whole result in memory)."""
        try:
            cursor = self.conn.execute(sql, params)
            while True:
                batch = cursor.fetchmany(256)
                if not batch:
                    return
                yield from batch
        except sqlite3.Error as exc:
            raise source_error(exc, self.path, session) from None

    def _query(self, sql: str, params: tuple[Any, ...], session: str | None = None) -> list[Any]:
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise source_error(exc, self.path, session) from None


def text_value(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = str(value).replace("\x00", "")
    return text or None

"""The ledger: every event intake performs, and an index of drafts and scenarios.

SQLite through sqlite-utils, in WAL mode with a busy timeout so that several processes can
append at once. It is derived data: the files (scenarios and their records) are the truth, and
``rebuild`` recreates the index from them. Migrations are numbered functions recorded in
``_intake_migrations``; a test pins the exact columns they produce.

Rows name locations and hashes, never scrubbed-away originals: callers pass details that are
already safe (counts, ids, hashes, statuses).

This module is the only one that speaks SQL, and ``Event`` is the one shape of an event: what a
journal unit logs, what a history file holds, what ``history`` and ``read_events_readonly``
return. sqlite-utils is imported only when a ledger is opened (a suite without one, a fresh
clone in CI, never loads it).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from intake.contract.plain import ID_PATTERN, ScenarioView, parse_when
from intake.errors import IntakeError, LedgerError, UsageError, environment_failure
from intake.paths import display_path
from intake.store.details import EventDetail, part_of
from intake.store.records import content_hash, load_record, record_path, runnable_hash, utcnow

if TYPE_CHECKING:
    import sqlite_utils

BUSY_TIMEOUT_S = 30.0
ID_BATCH = 500
"""Ids asked about in one ``IN (…)`` query (SQLite's default limit on parameters is 999)."""

Migration = Callable[["sqlite_utils.Database"], None]


def m001_initial(db: sqlite_utils.Database) -> None:
    """Events and the index of drafts and scenarios."""
    db.table("events").create(
        {
            "id": str,
            "at": str,
            "kind": str,
            "scenario_id": str,
            "path": str,
            "actor": str,
            "detail": str,
        },
        pk="id",
    )
    db.table("events").create_index(["scenario_id", "at"])
    db.table("events").create_index(["kind", "at"])
    db.table("items").create(
        {
            "id": str,
            "path": str,
            "state": str,
            "category": str,
            "source_type": str,
            "source_link": str,
            "private": int,
            "content_hash": str,
            "runnable_hash": str,
            "captured_at": str,
            "promoted_at": str,
            "reviews": int,
            "runs": int,
            "updated_at": str,
        },
        pk="id",
    )
    db.table("items").create_index(["state"])


MIGRATIONS: list[Migration] = [m001_initial]


def new_event_id() -> str:
    """A time-ordered id: nanoseconds then randomness (sortable, unique across processes)."""
    return f"{time.time_ns():020d}-{os.urandom(5).hex()}"


T = TypeVar("T")


class EventDocument(TypedDict):
    """An event as JSON, in the ``events`` table's column order (``m001_initial``)."""

    id: str
    at: str | None
    kind: str
    scenario_id: str | None
    path: str | None
    actor: str | None
    detail: EventDetail


@dataclass
class Event:
    """One ledger event: the one shape every writer and reader of the ledger uses.

    A journal unit decides its events' ids (and, when a history file repeats one, its time) in
    advance, so recovery logs each exactly once; ``scenario_id`` is the unit's id when the
    event is logged through one.
    """

    kind: str
    path: str | None = None
    actor: str | None = None
    detail: EventDetail = field(default_factory=dict)
    id: str = ""
    at: str | None = None
    """When it happened (ISO); None until logged, when the ledger stamps the time."""
    scenario_id: str | None = None

    def __post_init__(self) -> None:
        if not self.id:
            self.id = new_event_id()

    @property
    def when(self) -> datetime | None:
        """``at`` as an aware time (None when not logged yet, or unreadable)."""
        return parse_when(self.at)

    def detail_as(self, shape: type[T]) -> T | None:
        """The part of the detail that ``shape`` (``intake.store.details``) names, other keys
        left out, or None when the detail does not hold it as declared (an older row)."""
        return part_of(self.detail, shape)

    def to_dict(self) -> EventDocument:
        """JSON-ready form (``intake log --format json``), in the ledger's column order."""
        return {
            "id": self.id,
            "at": self.at,
            "kind": self.kind,
            "scenario_id": self.scenario_id,
            "path": self.path,
            "actor": self.actor,
            "detail": self.detail,
        }

    def row(self) -> dict[str, Any]:
        """The ``events`` row of the event (its time now when it has none)."""
        detail = json.dumps(self.detail or {}, sort_keys=True, default=str)
        return {**self.to_dict(), "at": self.at or utcnow().isoformat(), "detail": detail}

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Event:
        """The event a row of ``events`` holds (every column; a detail that is not a JSON
        object reads as empty)."""
        try:
            detail = json.loads(row["detail"] or "{}")
        except (json.JSONDecodeError, TypeError):
            detail = {}
        return cls(
            kind=str(row["kind"]),
            path=row["path"],
            actor=row["actor"],
            detail=detail if isinstance(detail, dict) else {},
            id=str(row["id"]),
            at=row["at"],
            scenario_id=row["scenario_id"],
        )


@dataclass(frozen=True)
class IndexItem:
    """One row of the ``items`` index: a draft or scenario as its files last stood (derived,
    ``rebuild`` recreates every row from the files)."""

    id: str
    path: str
    state: str
    """``draft`` or ``scenario``."""
    category: str | None
    source_type: str | None
    source_link: str | None
    content_hash: str
    runnable_hash: str
    private: int = 0
    captured_at: str | None = None
    promoted_at: str | None = None
    reviews: int = 0
    runs: int = 0
    updated_at: str | None = None
    """When the row was written (set by the ledger)."""

    def row(self, stamp: str) -> dict[str, object]:
        """The row as written, stamped ``updated_at``."""
        return {**asdict(self), "updated_at": stamp}


def connect(path: Path) -> sqlite_utils.Database:
    """Open (creating if needed) and migrate the ledger at ``path``."""
    import sqlite_utils

    from intake.store.trust import refuse_link

    refuse_link(path, "the ledger", path.parent)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _ignore_own_folder(path.parent)
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        db = sqlite_utils.Database(conn)
        migrate(db)
    except (sqlite3.Error, OSError) as exc:
        raise LedgerError(
            f"cannot open the ledger: {_cause(exc, path)}", where=display_path(path)
        ) from None
    return db


def _cause(exc: BaseException, path: Path) -> str:
    """Why the ledger could not be used, in words (a full disk is named as one)."""
    failure = environment_failure(exc)
    cause = failure.message.split(": ", 1)[-1] if failure is not None else str(exc)
    with contextlib.suppress(OSError):
        if shutil.disk_usage(path.parent if path.parent.exists() else ".").free < 1 << 20:
            cause = "no space left on the device"
    return cause


def connect_readonly(path: Path) -> sqlite3.Connection:
    """The ledger opened read-only: no migration, no lock file, nothing written.

    ``mode=ro`` first; on a read-only folder, where SQLite cannot create the WAL index, the
    file is opened ``immutable`` (nobody can be writing it there).
    """
    from intake.store.trust import refuse_link

    refuse_link(path, "the ledger", path.parent)
    uri = path.resolve().as_uri()
    last: sqlite3.Error | None = None
    for query in ("mode=ro", "mode=ro&immutable=1"):
        try:
            conn = sqlite3.connect(f"{uri}?{query}", uri=True, timeout=10)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.Error as exc:
            last = exc
    assert last is not None
    raise LedgerError(
        f"cannot read the ledger: {_cause(last, path)}", where=display_path(path)
    ) from None


def _ignore_own_folder(folder: Path) -> None:
    """``.intake/.gitignore`` ignoring everything in intake's own folder (the ledger, locks).

    `intake init` adds the folder to the repository's .gitignore; a suite used without it
    (GAIA's layout needs no configuration) must not offer the ledger to `git add -A` either.
    Only the folder named ``.intake`` is intake's own: any other ledger folder is left alone.
    """
    ignore = folder / ".gitignore"
    if folder.name == ".intake" and not ignore.exists():
        with contextlib.suppress(OSError):
            ignore.write_text("# written by intake: the ledger is derived, never committed\n*\n")


def migrate(db: sqlite_utils.Database) -> list[str]:
    """Apply pending migrations, each in one transaction with its bookkeeping row."""
    conn = db.conn
    conn.execute(
        "CREATE TABLE IF NOT EXISTS _intake_migrations (name TEXT PRIMARY KEY, applied_at TEXT)"
    )
    applied = {row[0] for row in conn.execute("SELECT name FROM _intake_migrations")}
    done = []
    for migration in MIGRATIONS:
        name = migration.__name__
        if name in applied:
            continue
        with _transaction(conn):
            still_pending = not conn.execute(
                "SELECT 1 FROM _intake_migrations WHERE name = ?", [name]
            ).fetchone()
            if still_pending:
                migration(db)
                conn.execute(
                    "INSERT INTO _intake_migrations VALUES (?, ?)", [name, utcnow().isoformat()]
                )
                done.append(name)
    return done


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One ``BEGIN IMMEDIATE`` transaction: committed, or rolled back on any exception."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


@contextmanager
def _failing(doing: str, where: str) -> Iterator[None]:
    """SQLite's errors as ``LedgerError`` (``cannot read the ledger: …``)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise LedgerError(f"cannot {doing} the ledger: {exc}", where=where) from None


@dataclass
class Ledger:
    """A handle on an open ledger."""

    db: sqlite_utils.Database
    path: Path

    @classmethod
    def open(cls, path: Path) -> Ledger:
        """Open and migrate."""
        return cls(connect(path), path)

    @classmethod
    def open_readonly(cls, path: Path) -> Ledger:
        """Open for reading only (``intake log``, ``check``): works on a read-only folder."""
        import sqlite_utils

        return cls(sqlite_utils.Database(connect_readonly(path)), path)

    def close(self) -> None:
        """Close the connection."""
        self.db.conn.close()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _reading(self) -> contextlib.AbstractContextManager[None]:
        return _failing("read", str(self.path))

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with _failing("write", str(self.path)), _transaction(self.db.conn) as conn:
            yield conn

    def append(self, event: Event) -> str:
        """Log one event (its time: ``event.at``, else now); returns its id."""
        self.append_missing([event])
        return event.id

    def append_missing(self, events: list[Event]) -> int:
        """Log each event whose id the ledger does not hold yet, in one transaction; returns
        how many were logged (a journal replayed, a history file read again: each once)."""
        if not events:
            return 0
        with self._write():
            known = self.known_ids([e.id for e in events])
            rows = [e.row() for e in events if e.id not in known]
            if rows:
                self.db.table("events").insert_all(rows)
        return len(rows)

    def known_ids(self, ids: list[str]) -> set[str]:
        """The event ids of ``ids`` the ledger holds."""
        found: set[str] = set()
        with self._reading():
            for start in range(0, len(ids), ID_BATCH):
                batch = ids[start : start + ID_BATCH]
                marks = ",".join("?" * len(batch))
                rows = self.db.conn.execute(f"SELECT id FROM events WHERE id IN ({marks})", batch)
                found.update(str(row[0]) for row in rows)
        return found

    def upsert_item(self, item: IndexItem) -> None:
        """Insert or replace one index row."""
        with self._write():
            self.db.table("items").upsert(item.row(utcnow().isoformat()), pk="id")

    def remove_item(self, scenario_id: str) -> None:
        """Drop an index row (the events stay)."""
        with self._write():
            self.db.conn.execute("DELETE FROM items WHERE id = ?", [scenario_id])

    def rename_id(self, old: str, new: str) -> None:
        """Move one scenario's events and index row to a new id."""
        with self._write() as conn:
            conn.execute("UPDATE events SET scenario_id = ? WHERE scenario_id = ?", [new, old])
            conn.execute("DELETE FROM items WHERE id = ?", [old])

    def history(self, scenario_id: str | None = None, limit: int = 200) -> list[Event]:
        """Events, oldest first; one scenario's (by id or unique prefix) or the latest overall."""
        with self._reading():
            if scenario_id:
                target = self._resolve_id(scenario_id)
                rows = self.db.query(
                    "SELECT * FROM events WHERE scenario_id = ? ORDER BY at, id LIMIT ?",
                    [target, limit],
                )
                return [Event.from_row(r) for r in rows]
            rows = self.db.query("SELECT * FROM events ORDER BY at DESC, id DESC LIMIT ?", [limit])
            return [Event.from_row(r) for r in reversed(list(rows))]

    def _resolve_id(self, given: str) -> str:
        """An exact id, else the one id that starts with ``given`` (``_`` and ``%`` literal)."""
        conn = self.db.conn
        if conn.execute("SELECT 1 FROM events WHERE scenario_id = ? LIMIT 1", [given]).fetchone():
            return given
        pattern = given.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        found = [
            row[0]
            for row in conn.execute(
                "SELECT DISTINCT scenario_id FROM events WHERE scenario_id LIKE ? ESCAPE '\\' "
                "LIMIT 6",
                [pattern],
            )
        ]
        if len(found) > 1:
            shown = ", ".join(sorted(found)[:5])
            shown_given = repr(given) if re.fullmatch(ID_PATTERN, given) else "the id given"
            raise UsageError(
                f"{shown_given} matches several ids: {shown}", hint="give more of the id"
            )
        return found[0] if found else given

    def items(self) -> list[IndexItem]:
        """The whole index."""
        return [IndexItem(**row) for row in self.db.query("SELECT * FROM items ORDER BY id")]

    def item(self, scenario_id: str) -> IndexItem | None:
        """One index row, by its exact id."""
        rows = list(self.db.query("SELECT * FROM items WHERE id = ?", [scenario_id]))
        return IndexItem(**rows[0]) if rows else None

    def count_events(self, kind: str | None = None, *, scenario_id: str | None = None) -> int:
        """Number of events (of one kind, of one scenario)."""
        where = [(c, v) for c, v in (("kind", kind), ("scenario_id", scenario_id)) if v is not None]
        sql = "SELECT count(*) FROM events" + (
            " WHERE " + " AND ".join(f"{c} = ?" for c, _ in where) if where else ""
        )
        with self._reading():
            return int(self.db.conn.execute(sql, [v for _, v in where]).fetchone()[0])


def read_events_readonly(path: Path, kinds: tuple[str, ...]) -> list[Event]:
    """The events of ``kinds``, the ledger opened read-only.

    For the report: no migration, no lock taken, nothing written (``mode=ro``).
    """
    marks = ",".join("?" * len(kinds))
    conn = connect_readonly(path)
    with _failing("read", display_path(path)), contextlib.closing(conn):
        conn.row_factory = sqlite3.Row
        rows = conn.execute(f"SELECT * FROM events WHERE kind IN ({marks})", kinds).fetchall()
    return [Event.from_row(dict(row)) for row in rows]


def item_for(scenario: Path, data: dict[str, Any], state: str, root: Path) -> IndexItem:
    """An index row for a scenario file and its record (if any)."""
    view = ScenarioView.of(data)
    rec_path = record_path(scenario)
    record = load_record(rec_path) if rec_path.is_file() else None
    return IndexItem(
        id=view.id or str(data.get("id") or scenario.stem),
        path=display_path(scenario, root),
        state=state,
        category=view.category,
        source_type=view.source_type,
        source_link=view.source_link,
        content_hash=content_hash(scenario),
        runnable_hash=runnable_hash(data),
        private=int(record.source.private) if record else 0,
        captured_at=record.source.captured_at.isoformat() if record else None,
        promoted_at=record.promotion.at.isoformat() if record and record.promotion else None,
        reviews=len(record.reviews) if record else 0,
        runs=len(record.runs) if record else 0,
    )


@dataclass
class RebuildResult:
    """What ``rebuild`` indexed."""

    drafts: int
    scenarios: int
    skipped: list[str]


def rebuild(ledger: Ledger, *, drafts: Path, scenarios: Path, root: Path) -> RebuildResult:
    """Recreate the index from the files; events are kept as they are."""
    from intake.contract.validate import validate_file

    rows: list[IndexItem] = []
    skipped: list[str] = []
    counts = {"draft": 0, "scenario": 0}
    for folder, state in ((drafts, "draft"), (scenarios, "scenario")):
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.yaml")):
            result = validate_file(path, drafts_dir=drafts)
            if result.data is None:
                skipped.append(display_path(path, root))
                continue
            try:
                rows.append(item_for(path, result.data, state, root))
            except (IntakeError, OSError):
                skipped.append(display_path(path, root))
                continue
            counts[state] += 1
    with ledger._write() as conn:
        conn.execute("DELETE FROM items")
        if rows:
            stamp = utcnow().isoformat()
            ledger.db.table("items").insert_all([r.row(stamp) for r in rows], pk="id", replace=True)
    return RebuildResult(drafts=counts["draft"], scenarios=counts["scenario"], skipped=skipped)

"""The run store: imported GAIA runs as data, not reviewed source.

Each imported run folder is one immutable, schema-versioned JSON file,
``<runs_dir>/<machine>/<run id>--<model>.json``, written once and never rewritten; scenario
records are not touched. ``health``, ``report`` and ``bugs`` query an SQLite index derived from
the files (``runs.db`` beside the ledger), brought up to date with them on every read, so
deleting it and reading again gives the same answers. docs/health.md ("The run store") gives
the file's fields and the index's tables.
"""

from __future__ import annotations

import gc
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from intake.contract.plain import ID_PATTERN, RunTier
from intake.errors import InputError

if TYPE_CHECKING:
    from intake.config import Settings
    from intake.contract.models import SuiteRun

SCHEMA = "intake-runs/1"
MAX_RUN_FILE_BYTES = 64 * 1024 * 1024
TIERS = tuple(tier.value for tier in RunTier)
RECORD_SUFFIX = ".intake.json"
"""``intake.store.records.RECORD_SUFFIX`` (tested equal), without importing the models."""


class StoredResult(NamedTuple):
    """One scenario's result in a run file: a JSON array in this order."""

    scenario_id: str
    status: str
    score: float | None
    failure_category: str | None
    runnable_hash: str
    kind: str


@dataclass(frozen=True)
class StoredRun:
    """One run folder as the store keeps it."""

    run_id: str
    model: str
    tier: str
    judge: str | None
    commit: str | None
    machine: str | None
    started: datetime
    recorded_at: datetime
    results: tuple[StoredResult, ...]

    def document(self) -> dict[str, str | None | tuple[StoredResult, ...]]:
        """The file's JSON: the fields, the times in UTC, the schema first."""
        return {
            "schema": SCHEMA,
            "run_id": self.run_id,
            "model": self.model,
            "tier": self.tier,
            "judge": self.judge,
            "commit": self.commit,
            "machine": self.machine,
            "started": _utc(self.started),
            "recorded_at": _utc(self.recorded_at),
            "results": self.results,  # each tuple an array: json encodes tuples as lists
        }


def _utc(moment: datetime) -> str:
    """ISO 8601 in UTC (so that the index orders and compares times as text)."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat()


def _slug(value: str) -> str:
    plain = re.sub(r"[^A-Za-z0-9._-]", "_", value)[:80]
    if plain != value:  # keep distinct names distinct
        import hashlib  # only a name that is not kept as it is (health imports none)

        plain += "-" + hashlib.sha256(value.encode("utf-8")).hexdigest()[:8]
    return plain


def store_dir(settings: Settings) -> Path:
    """The folder of run files."""
    return settings.path(settings.runs_dir)


def file_of(settings: Settings, run: StoredRun) -> Path:
    """Where a run's file lies."""
    machine = _slug(run.machine) if run.machine else "unknown-machine"
    return store_dir(settings) / machine / f"{_slug(run.run_id)}--{_slug(run.model)}.json"


def write_run(settings: Settings, run: StoredRun, path: Path | None = None) -> bool:
    """Write the run's file (at ``path``, else ``file_of``); False (nothing written) when
    that file exists already: a run file is never rewritten."""
    path = path or file_of(settings, run)
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(run.document(), ensure_ascii=False, separators=(",", ":")) + "\n"
    from intake.fileio import atomic_write  # (its tempfile: not on health's path)

    atomic_write(path, text)
    return True


def _when(value: Any, where: Path) -> datetime:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise InputError("a run file with an unreadable time", where=str(where)) from None


def read_run(path: Path) -> StoredRun:
    """One run file, checked."""
    from intake.fileio import read_input

    raw = read_input(path, what="run file", limit=MAX_RUN_FILE_BYTES)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError("a run file that is not JSON", where=str(path)) from None
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise InputError(f"not a run file of schema {SCHEMA}", where=str(path))
    try:
        if doc["tier"] not in TIERS:
            raise ValueError(doc["tier"])
        results = tuple(
            StoredResult(
                str(r[0]),
                str(r[1]),
                None if r[2] is None else float(r[2]),
                None if r[3] is None else str(r[3]),
                str(r[4]),
                str(r[5]),
            )
            for r in doc["results"]
        )
        return StoredRun(
            str(doc["run_id"]),
            str(doc["model"]),
            doc["tier"],
            doc.get("judge"),
            doc.get("commit"),
            doc.get("machine"),
            _when(doc["started"], path),
            _when(doc["recorded_at"], path),
            results,
        )
    except (KeyError, IndexError, TypeError, ValueError):
        raise InputError("a run file of the wrong shape", where=str(path)) from None


def run_files(settings: Settings) -> list[Path]:
    """Every run file of the store, sorted."""
    folder = store_dir(settings)
    return sorted(folder / name for name in _listed(folder))


def _listed(folder: Path) -> dict[str, os.DirEntry[str]]:
    """The store's run files by their name in the index (``machine/file.json``):
    ``Path.glob("*/*.json")``, with one ``scandir`` a folder and no ``Path`` a file."""
    found: dict[str, os.DirEntry[str]] = {}
    if not folder.is_dir():
        return found
    with os.scandir(folder) as machines:
        for machine in machines:
            if not machine.is_dir():
                continue
            try:
                with os.scandir(machine.path) as entries:
                    for e in entries:
                        if (
                            os.path.normcase(e.name).endswith(".json")
                            and e.is_file()
                            and not e.is_symlink()
                        ):
                            found[f"{machine.name}/{e.name}"] = e
            except OSError:
                continue
    return found


def index_path(settings: Settings) -> Path:
    """The derived index (beside the ledger; ignored by git)."""
    return settings.ledger.parent / "runs.db"


INDEX_VERSION = 5
"""The index's shape (``PRAGMA user_version``); an index of another is built again (its
derived tables dropped: ``DERIVED``)."""
DERIVED = ("files", "runs", "names", "tallies", "kinds", "nights")
FACTS_VERSION = "2"
"""How the cached facts of files were computed (the scenario id rule, the runnable hash,
``RecordFacts``): an index whose facts another version computed has them dropped and parsed
again (``FACTS``), as an index of another shape has its derived tables. Bump it with any change
to those (tests/test_run_store.py pins the facts of a file against it)."""
FACTS = ("scenario_facts", "record_facts", "blob_facts", "suite_ids")
_DDL = """
CREATE TABLE IF NOT EXISTS files (
  file TEXT PRIMARY KEY, size INTEGER NOT NULL, started TEXT NOT NULL, results INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
  file TEXT NOT NULL, run_id TEXT NOT NULL, model TEXT NOT NULL, tier TEXT NOT NULL,
  judge TEXT, gaia_commit TEXT, machine TEXT, started TEXT NOT NULL, recorded_at TEXT NOT NULL,
  scenario_id TEXT NOT NULL, status TEXT NOT NULL, score REAL, failure_category TEXT,
  runnable_hash TEXT NOT NULL, kind TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS runs_by_scenario ON runs (scenario_id);
CREATE INDEX IF NOT EXISTS runs_by_start ON runs (started);
CREATE TABLE IF NOT EXISTS names (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS tallies (
  started TEXT NOT NULL, file INTEGER NOT NULL, scenario INTEGER NOT NULL, hash INTEGER NOT NULL,
  series INTEGER NOT NULL, place INTEGER NOT NULL, status TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tallies_by_start
  ON tallies (started, scenario, hash, series, status, place, file);
CREATE TABLE IF NOT EXISTS kinds (
  scenario INTEGER NOT NULL, hash INTEGER NOT NULL, series INTEGER NOT NULL, status TEXT NOT NULL,
  id INTEGER NOT NULL UNIQUE, last INTEGER NOT NULL, total INTEGER NOT NULL,
  PRIMARY KEY (scenario, hash, series, status)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS nights (
  kind INTEGER NOT NULL, at INTEGER NOT NULL, n INTEGER NOT NULL, before INTEGER NOT NULL,
  PRIMARY KEY (kind, at)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS scenario_facts (
  path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
  ctime_ns INTEGER NOT NULL, scenario_id TEXT, runnable_hash TEXT, category TEXT,
  tags TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS record_facts (
  path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
  ctime_ns INTEGER NOT NULL, facts TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS memo (
  version TEXT NOT NULL, fn TEXT NOT NULL, args TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (version, fn, args)
);
CREATE TABLE IF NOT EXISTS blob_facts (
  blob TEXT PRIMARY KEY, scenario_id TEXT, runnable_hash TEXT
);
CREATE TABLE IF NOT EXISTS suite_ids (
  folders TEXT PRIMARY KEY, stamps TEXT NOT NULL, files TEXT NOT NULL
);
"""
"""The index's tables. ``suite_ids`` is the kept listing (``remember_listing``), its files each
with their id and hash; the listing of paths alone an older intake keeps (``suite_listing``)
is left to it, as the benchmark's code before shares this index."""


def _connect(settings: Settings) -> sqlite3.Connection:
    path = index_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    if db.execute("PRAGMA user_version").fetchone()[0] != INDEX_VERSION:
        with db:  # derived: an index of an older shape is dropped and read again
            for table in DERIVED:
                db.execute(f"DROP TABLE IF EXISTS {table}")
            db.execute(f"PRAGMA user_version = {INDEX_VERSION}")
    db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    kept = db.execute("SELECT value FROM meta WHERE key = 'facts'").fetchone()
    if kept is None or kept[0] != FACTS_VERSION:
        with db:  # facts another intake computed: parsed again
            for table in FACTS:
                db.execute(f"DROP TABLE IF EXISTS {table}")
            db.execute("INSERT OR REPLACE INTO meta VALUES ('facts', ?)", (FACTS_VERSION,))
    db.executescript(_DDL)
    return db


@contextmanager
def _cache(settings: Settings) -> Iterator[sqlite3.Connection | None]:
    """The run index opened as a cache: None when it cannot be opened, and an SQLite error
    inside the block is swallowed (what a cache could not give is computed again)."""
    try:
        db = _connect(settings)
    except (OSError, sqlite3.Error):
        yield None
        return
    try:
        yield db
    except sqlite3.Error:
        pass
    finally:
        db.close()


def _cached_rows(settings: Settings, sql: str, args: Sequence[Any] = ()) -> list[Any]:
    """The rows ``sql`` reads from the index as a cache (none when it cannot be read)."""
    with _cache(settings) as db:
        if db is not None:
            return db.execute(sql, args).fetchall()
    return []


def _keep_rows(settings: Settings, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    """Write ``rows`` with ``sql`` into the index as a cache (a cache that cannot be written is
    computed again next time)."""
    with _cache(settings) as db:
        if db is not None:
            with db:
                db.executemany(sql, rows)


def _rows(key: str, run: StoredRun) -> Iterator[tuple[Any, ...]]:
    for r in run.results:
        yield (
            key,
            run.run_id,
            run.model,
            run.tier,
            run.judge,
            run.commit,
            run.machine,
            _utc(run.started),
            _utc(run.recorded_at),
            *r,
        )


class _Names:
    """The index's ``names``: each string the tallies name, as one integer (read once, added
    as met)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.ids: dict[str, int] = dict(db.execute("SELECT name, id FROM names"))

    def __call__(self, name: str) -> int:
        found = self.ids.get(name)
        if found is None:
            cursor = self.db.execute("INSERT INTO names (name) VALUES (?)", (name,))
            found = self.ids[name] = int(cursor.lastrowid or 0)
        return found


def _tallies(key: str, run: StoredRun, code: _Names) -> Iterator[tuple[Any, ...]]:
    """The run's rows of ``tallies``: what ``window_counts`` groups, each string as its name's
    integer (a run's model, tier and judge are one name, its GAIA commit and machine another)."""
    started, file = _utc(run.started), code(key)
    series = code(json.dumps([run.model, run.tier, run.judge]))
    place = code(json.dumps([run.commit, run.machine]))
    for r in run.results:
        yield (started, file, code(r[0]), code(r[4]), series, place, r[1])


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _micros(started: str) -> int:
    """A start as the index writes it (``_utc``), in microseconds since 1970 (``nights.at``)."""
    return (datetime.fromisoformat(started) - _EPOCH) // timedelta(microseconds=1)


def _moment(micros: int) -> datetime:
    """``_micros`` undone: the ``datetime`` that ``datetime.fromisoformat`` reads of the start."""
    return _EPOCH + timedelta(microseconds=micros)


Kind = tuple[int, int, int, str]
"""A kind of run in the index: scenario, runnable hash, series (model, tier, judge) and status,
each string as its name's integer (``_tallies``) but the status."""
BULK_FILES = 16
"""More run files than this come or go in one refresh: the counts per start are counted again
from ``tallies`` in SQL (``_Nights.count``), not moved file by file."""


class _Nights:
    """The index's runs of each kind per start (``nights``: how many, and how many of the kind
    started before), and of each kind in all (``kinds``: how many, the newest start), kept as
    run files come and go: the window's runs of a kind are its total less the runs before its
    first start in the window, one seek a kind (``window_counts``), where grouping the window's
    runs sorts every one of them. A start stands for a night (a nightly run's results share
    one); a run file added for an old night moves the counts of the later ones."""

    def __init__(self, db: sqlite3.Connection, files: int) -> None:
        self.db = db
        self.bulk = (
            files > BULK_FILES or db.execute("SELECT 1 FROM kinds LIMIT 1").fetchone() is None
        )
        self.moves: dict[tuple[Kind, str], int] = {}

    def add(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Count a file's ``tallies`` rows (none when all are counted again)."""
        if self.bulk:
            return
        moves = self.moves
        for started, _, scenario, rhash, series, _, status in rows:
            key = ((scenario, rhash, series, status), started)
            moves[key] = moves.get(key, 0) + 1

    def drop(self, file: str) -> None:
        """Take a file's rows out of the counts (before its ``tallies`` are deleted)."""
        if self.bulk:
            return
        for started, scenario, rhash, series, status, n in self.db.execute(
            "SELECT started, scenario, hash, series, status, COUNT(*) FROM tallies "
            "WHERE file = (SELECT id FROM names WHERE name = ?) "
            "GROUP BY started, scenario, hash, series, status",
            (file,),
        ):
            key = ((scenario, rhash, series, status), started)
            self.moves[key] = self.moves.get(key, 0) - n

    def count(self) -> None:
        """Write what ``add`` and ``drop`` counted (or count every kind again from ``tallies``)."""
        if self.bulk:
            self._recount()
            return
        for (kind, started), n in sorted(self.moves.items()):
            if n:
                self._move(kind, _micros(started), n)

    def _move(self, kind: Kind, at: int, n: int) -> None:
        """``n`` runs of ``kind`` more (or fewer) at ``at``: its row of ``nights``, the later
        rows' runs before, and its total."""
        db = self.db
        found = db.execute(
            "SELECT id FROM kinds WHERE scenario = ? AND hash = ? AND series = ? AND status = ?",
            kind,
        ).fetchone()
        if found is None:
            (kid,) = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM kinds").fetchone()
            db.execute("INSERT INTO kinds VALUES (?, ?, ?, ?, ?, ?, 0)", (*kind, kid, at))
        else:
            kid = found[0]
        moved = db.execute("UPDATE nights SET n = n + ? WHERE kind = ? AND at = ?", (n, kid, at))
        if not moved.rowcount:
            db.execute(
                "INSERT INTO nights VALUES (?1, ?2, ?3, COALESCE((SELECT before + n FROM nights "
                "WHERE kind = ?1 AND at < ?2 ORDER BY at DESC LIMIT 1), 0))",
                (kid, at, n),
            )
        db.execute("UPDATE nights SET before = before + ? WHERE kind = ? AND at > ?", (n, kid, at))
        if n > 0:
            db.execute(
                "UPDATE kinds SET total = total + ?, last = MAX(last, ?) WHERE id = ?", (n, at, kid)
            )
            return
        db.execute("DELETE FROM nights WHERE kind = ? AND at = ? AND n <= 0", (kid, at))
        db.execute(
            "UPDATE kinds SET total = total + ?1, last = COALESCE((SELECT MAX(at) FROM nights "
            "WHERE kind = ?2), last) WHERE id = ?2",
            (n, kid),
        )
        db.execute("DELETE FROM kinds WHERE id = ? AND total <= 0", (kid,))

    def _recount(self) -> None:
        db = self.db
        db.execute("DELETE FROM kinds")
        db.execute("DELETE FROM nights")
        db.create_function("micros", 1, _micros, deterministic=True)
        db.execute(
            "CREATE TEMP TABLE counted AS SELECT scenario, hash, series, status, "
            "micros(started) AS at, COUNT(*) AS n FROM tallies "
            "GROUP BY scenario, hash, series, status, started"
        )
        db.execute(
            "INSERT INTO kinds SELECT scenario, hash, series, status, "
            "ROW_NUMBER() OVER (ORDER BY scenario, hash, series, status), MAX(at), SUM(n) "
            "FROM temp.counted GROUP BY scenario, hash, series, status"
        )
        db.execute(
            "INSERT INTO nights SELECT id, at, n, "
            "SUM(n) OVER (PARTITION BY id ORDER BY at ROWS UNBOUNDED PRECEDING) - n "
            "FROM temp.counted JOIN kinds USING (scenario, hash, series, status)"
        )
        db.execute("DROP TABLE temp.counted")


def refresh_index(settings: Settings, db: sqlite3.Connection) -> int:
    """Bring the index up to the files: add those it lacks, drop those gone; returns how many
    files were added."""
    root = store_dir(settings)
    on_disk = _listed(root)
    known = {f: s for f, s in db.execute("SELECT file, size FROM files")}
    gone = [f for f in known if f not in on_disk]
    new = sorted((f for f in on_disk if f not in known), key=lambda f: f.split("/"))
    changed = sorted(
        (f for f in on_disk if f in known and on_disk[f].stat().st_size != known[f]),
        key=lambda f: f.split("/"),
    )
    if not (gone or new or changed):
        return 0
    with db:
        nights = _Nights(db, len(gone) + len(new) + 2 * len(changed))
        for f in (*gone, *changed):
            nights.drop(f)
            db.execute("DELETE FROM files WHERE file = ?", (f,))
            db.execute("DELETE FROM runs WHERE file = ?", (f,))
            db.execute(
                "DELETE FROM tallies WHERE file = (SELECT id FROM names WHERE name = ?)", (f,)
            )
        code = _Names(db)
        for f in (*new, *changed):
            path = root / f
            run = read_run(path)
            db.executemany(f"INSERT INTO runs VALUES ({', '.join('?' * 15)})", _rows(f, run))
            rows = list(_tallies(f, run, code))
            db.executemany("INSERT INTO tallies VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            nights.add(rows)
            db.execute(
                "INSERT INTO files VALUES (?, ?, ?, ?)",
                (f, path.stat().st_size, _utc(run.started), len(run.results)),
            )
        nights.count()
    return len(new) + len(changed)


def rebuild_index(settings: Settings) -> int:
    """Delete the index and build it again from the files; returns the files read."""
    path = index_path(settings)
    if path.exists():
        path.unlink()
    with closing(_connect(settings)) as db:
        return refresh_index(settings, db)


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection inside (a window's tens of thousands of objects hold no
    cycle; docs/benchmarks.md gives the cost). Restored on the way out; what was made inside
    and is still alive is moved to the permanent generation first (``gc.freeze``), or the
    first collection after would walk all of it at once."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.freeze()
            gc.enable()


_new = object.__new__
_set = object.__setattr__


def suite_run(fields: dict[str, Any]) -> SuiteRun:
    """``SuiteRun.model_construct(**fields)`` with every field given, built directly (the
    index's rows were checked when their file was read). Equal to ``model_construct``'s
    (tested)."""
    from intake.contract.models import SuiteRun

    run: SuiteRun = _new(SuiteRun)
    _set(run, "__dict__", fields)
    _set(run, "__pydantic_fields_set__", set(SuiteRun.model_fields))
    _set(run, "__pydantic_extra__", None)
    _set(run, "__pydantic_private__", None)
    return run


class Run(NamedTuple):
    """A stored run of one scenario as ``health`` reads it: ``SuiteRun``'s fields by the same
    names, with ``tier`` its plain value (a tuple: a report's window builds no model)."""

    run_id: str
    status: str
    score: float | None
    failure_category: str | None
    model: str
    tier: str
    judge_model: str | None
    runnable_hash: str
    gaia_commit: str | None
    machine: str | None
    at: datetime
    recorded_at: datetime
    kind: str
    n: int = 1
    """How many runs this is: a group (``window_counts``) stands for ``n`` runs alike in
    scenario, hash, model, tier, judge and status."""
    first: datetime | None = None
    """A group's earliest start (``at`` is its latest; its ``run_id`` is empty: a scenario
    whose runs two judges judged is read run by run); None for one run."""


SUITE_RUN_FIELDS = Run._fields[:13]
"""``Run``'s fields that are ``SuiteRun``'s."""
_RUN_COLUMNS = (
    "scenario_id, run_id, status, score, failure_category, model, tier, judge, runnable_hash, "
    "gaia_commit, machine, started, recorded_at, kind"
)
"""The index's columns of a stored run: its scenario, then ``SUITE_RUN_FIELDS`` in order."""


def _since(db: sqlite3.Connection, nights: int, unclaimed: str) -> str:
    """The first start the window reads (``nights`` back from the newest unclaimed run; ``""``:
    every run)."""
    if nights <= 0:
        return ""
    newest = db.execute(f"SELECT MAX(started) FROM runs WHERE 1{unclaimed}").fetchone()[0]
    if newest is None:
        return ""
    return _utc(datetime.fromisoformat(newest) - timedelta(days=nights) + timedelta(hours=1))


def _left(db: sqlite3.Connection, since: str, unclaimed: str) -> int:
    """The runs that started before the window (a file is one run: its results share a
    start, so they are summed per file, not counted per row)."""
    return int(
        db.execute(
            f"SELECT TOTAL(results) FROM files WHERE started < ?{unclaimed}", (since,)
        ).fetchone()[0]
    )


Mix = tuple[tuple[str | None, str | None, int], ...]
"""(GAIA commit, machine, runs) of a scenario's runs in the window."""


class Counts(NamedTuple):
    """The window's stored runs as counts (``window_counts``)."""

    groups: dict[str, list[Run]]
    """Scenario id → its runs grouped (``Run.n``, ``Run.first``)."""
    places: Mix
    """(GAIA commit, machine, runs) of every scenario's runs in the window, counted once
    (``window_mix``: a few scenarios' own)."""
    left: int
    """Runs that started before the window."""
    newest: datetime | None
    """The newest start read."""
    since: str = ""
    """The first start the window read (``window_mix`` reads the same window)."""


def _kinds(
    db: sqlite3.Connection, since: str, coded: str
) -> tuple[list[tuple[Any, ...]], Callable[[Any], datetime]]:
    """Per kind (``Kind``) with runs in the window: its runs there, its first and last start
    there, and how to read those starts: from ``nights``, one seek a kind (its total less its
    runs before its first start in the window), but with claimed files (``coded``) left out,
    which the counts include: then the window's ``tallies`` grouped."""
    if coded:
        return db.execute(
            "SELECT scenario, hash, series, status, COUNT(*), MIN(started), MAX(started) "
            f"FROM tallies WHERE started >= ?{coded} GROUP BY scenario, hash, series, status",
            (since,),
        ).fetchall(), datetime.fromisoformat
    first = "FROM nights WHERE kind = id AND at >= ?1 ORDER BY at LIMIT 1"
    return db.execute(
        f"SELECT scenario, hash, series, status, total - (SELECT before {first}), "
        f"(SELECT at {first}), last FROM kinds WHERE last >= ?1",
        (_micros(since) if since else -(2**63),),
    ).fetchall(), _moment


def window_counts(
    settings: Settings, *, nights: int = 0, left_out: Claimed | None = None
) -> Counts:
    """The window ``window_rows`` reads, counted in SQL: per scenario, runnable hash, model,
    tier, judge and status, the runs and their first and last start (what ``health`` decides
    from: counts, not runs), and the runs of each GAIA commit and machine over the whole window
    (what it says it mixed)."""
    if not store_dir(settings).is_dir():
        return Counts({}, (), 0, None)
    with closing(_connect(settings)) as db:
        refresh_index(settings, db)
        unclaimed = _unclaimed(db, left_out)
        since = _since(db, nights, unclaimed)
        coded = _unclaimed(db, left_out, coded=True)
        rows, parse = _kinds(db, since, coded)
        # a run file's rows share one place: its results summed per file's place (its first
        # row's), not every row of the window sorted by place
        places = db.execute(
            "SELECT (SELECT place FROM tallies WHERE started = files.started AND file = names.id"
            " LIMIT 1) AS place, SUM(results) FROM files JOIN names ON name = file"
            f" WHERE started >= ? AND results > 0{unclaimed} GROUP BY place",
            (since,),
        ).fetchall()
        name: dict[int, str] = dict(db.execute("SELECT id, name FROM names"))
        pairs = {  # a series' (model, tier, judge), a place's (commit, machine): JSON arrays
            code: tuple(json.loads(text)) for code, text in name.items() if text[:1] == "["
        }
        groups: dict[str, list[Run]] = {}
        times: dict[Any, datetime] = {}
        made = tuple.__new__  # ``Run``'s own ``__new__`` is a Python call of 15 arguments
        for sid, rhash, series, status, n, first, last in rows:
            model, tier, judge = pairs[series]
            at = times.get(last) or times.setdefault(last, parse(last))
            begun = times.get(first) or times.setdefault(first, parse(first))
            groups.setdefault(name[sid], []).append(
                made(
                    Run,
                    (
                        "",
                        status,
                        None,
                        None,
                        model,
                        tier,
                        judge,
                        name[rhash],
                        None,
                        None,
                        at,
                        at,
                        "",
                        n,
                        begun,
                    ),
                )  # fmt: skip
            )
        mix = tuple((*pairs[place], n) for place, n in places)
        newest = max(times.values()) if times else None
        return Counts(groups, mix, _left(db, since, unclaimed), newest, since)


def window_mix(
    settings: Settings, ids: Sequence[str], *, since: str, left_out: Claimed | None = None
) -> dict[str, Mix]:
    """Scenario id → (GAIA commit, machine, runs) of its runs in the window ``window_counts``
    read (from ``Counts.since``, in the index as it refreshed it: not refreshed nor its window
    found again), for ``ids`` only (those ``Counts.places`` should not count once)."""
    if not store_dir(settings).is_dir() or not ids:
        return {}
    with closing(_connect(settings)) as db:
        coded = _unclaimed(db, left_out, coded=True)
        wanted = sorted(set(ids))
        name: dict[int, str] = dict(db.execute("SELECT id, name FROM names"))
        found: dict[str, list[tuple[Any, ...]]] = {}
        for at in range(0, len(wanted), 500):
            chunk = wanted[at : at + 500]
            for sid, place, n in db.execute(
                "SELECT scenario, place, COUNT(*) FROM tallies WHERE started >= ?"
                f"{coded} AND scenario IN (SELECT id FROM names WHERE name IN "
                f"({', '.join('?' * len(chunk))})) GROUP BY scenario, place",
                (since, *chunk),
            ):
                found.setdefault(name[sid], []).append((*json.loads(name[place]), n))
        return {sid: tuple(mix) for sid, mix in found.items()}


def window_rows(
    settings: Settings,
    *,
    nights: int = 0,
    left_out: Claimed | None = None,
    ids: Sequence[str] | None = None,
) -> tuple[dict[str, list[Run]], int]:
    """Scenario id → its stored runs (``Run``), and how many were left out: ``nights`` > 0
    reads only the runs that started in that many nights back from the newest (health's
    window, in SQL, so a year of history is never loaded to read two weeks of it). The files
    ``left_out`` names (``claimed``) are not read, nor do they move the window. ``ids``: only
    these scenarios' runs (the window is the same)."""
    if not store_dir(settings).is_dir() or ids == []:
        return {}, 0
    with closing(_connect(settings)) as db:
        refresh_index(settings, db)
        unclaimed = _unclaimed(db, left_out)
        since = _since(db, nights, unclaimed)
        only = ""
        if ids is not None:
            db.execute("CREATE TEMP TABLE IF NOT EXISTS wanted (id TEXT PRIMARY KEY)")
            db.execute("DELETE FROM temp.wanted")
            db.executemany("INSERT OR IGNORE INTO temp.wanted VALUES (?)", [(i,) for i in ids])
            only = " AND scenario_id IN (SELECT id FROM temp.wanted)"
        rows = db.execute(
            f"SELECT {_RUN_COLUMNS} FROM runs WHERE started >= ?{unclaimed}{only} "
            "ORDER BY started, run_id",
            (since,),
        )
        left = _left(db, since, unclaimed)
        found: dict[str, list[Run]] = {}
        times: dict[str, datetime] = {}
        parse = datetime.fromisoformat
        with paused_gc():
            for row in rows:
                started, recorded = row[11], row[12]
                at = times.get(started) or times.setdefault(started, parse(started))
                done = times.get(recorded) or times.setdefault(recorded, parse(recorded))
                found.setdefault(row[0], []).append(Run(*(*row[1:11], at, done, row[13])))
        return found, int(left)


def suite_runs(runs: Sequence[Run]) -> list[SuiteRun]:
    """Stored runs as the records' type (``SuiteRun``)."""

    tiers = {t.value: t for t in RunTier}
    return [
        suite_run({**dict(zip(SUITE_RUN_FIELDS, run, strict=False)), "tier": tiers[run.tier]})
        for run in runs
    ]


class ScenarioFacts(NamedTuple):
    """What ``runs import`` and ``health`` read from a scenario file: its YAML ``id`` (None when
    not a valid id), runnable hash, ``category`` and string ``tags`` (all empty when the file
    is not a readable scenario)."""

    scenario_id: str | None
    runnable_hash: str | None
    category: str | None
    tags: tuple[str, ...]


NO_FACTS = ScenarioFacts(None, None, None, ())
_P = TypeVar("_P", str, Path)
"""A scenario file's path, as a ``Path`` or its text (``scenario_facts``)."""
RACY_NS = 2_000_000_000
"""A file changed this close to when it was read is read again next time (its size and times
could be the same after a second edit in the same clock tick, as git's racy-clean rule)."""


def stamp(st: os.stat_result) -> tuple[int, int, int]:
    """A file's size, modification and change times: what the caches compare."""
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_facts(raw: bytes) -> ScenarioFacts:
    """The facts of one scenario file's bytes (one parse)."""
    from intake.contract.yamlio import YamlProblem, parse_checked
    from intake.store.records import runnable_hash

    try:
        data = parse_checked(raw).data
    except YamlProblem:
        return NO_FACTS
    if not isinstance(data, dict):
        return NO_FACTS
    value, category, tags = data.get("id"), data.get("category"), data.get("tags")
    return ScenarioFacts(
        value if isinstance(value, str) and re.fullmatch(ID_PATTERN, value) else None,
        runnable_hash(data),
        category if isinstance(category, str) else None,
        tuple(t for t in tags if isinstance(t, str)) if isinstance(tags, list) else (),
    )


class SuiteFile(NamedTuple):
    """A scenario file found by ``suite_files``, with what one directory listing tells (its
    paths as text; a ``Path`` is made each time one is asked: a ``NamedTuple``, as a thousand
    are made a call)."""

    text: str
    """The file's path, as ``str(path)``."""
    stat: os.stat_result
    """The file's (following a link, as ``Path.stat``)."""
    link: bool
    """The scenario file is a symbolic link."""
    record_text: str
    """Its record's path (``intake.store.records.record_path``), as text."""
    record: bool
    """Its record (``foo.intake.json``) is a regular file (following a link)."""
    record_link: bool
    record_stat: os.stat_result | None = None
    """The record's stat, when it is a file."""

    @property
    def path(self) -> Path:
        """The scenario file's path."""
        return Path(self.text)


def _note_folder(folder: str, seen: list[tuple[str, int, int]] | None) -> None:
    """Add the folder and its modification and change times to ``seen`` (when given)."""
    if seen is not None:
        st = os.stat(folder)
        seen.append((folder, st.st_mtime_ns, st.st_ctime_ns))


def suite_files(*folders: Path, seen: list[tuple[str, int, int]] | None = None) -> list[SuiteFile]:
    """Every ``*.yaml`` file below the folders that exist, in ``iter_scenarios``' order (its
    walk: ``rglob``, which does not descend into linked folders), with each file's stat and
    its record's presence read from the same listing: one ``scandir`` a folder instead of a
    ``stat`` per file and record (``runs import`` and ``health`` walk thousands). A folder
    below that cannot be listed is left out (``rglob`` ends its whole walk there). ``seen``
    receives each folder listed with its modification and change times, taken before it is
    listed (``remember_listing``)."""
    fold = os.path.normcase
    tops = tuple({os.sep, os.altsep or os.sep})
    found: list[tuple[tuple[str, ...], SuiteFile]] = []

    def walk(folder: str, parts: tuple[str, ...]) -> None:
        try:
            _note_folder(folder, seen)
            with os.scandir(folder) as listing:
                entries = list(listing)
        except PermissionError:
            return
        except OSError:
            if parts:
                return
            raise
        names = {e.name: e for e in entries}
        # a child's path as ``os.path.join`` makes it (a folder's text ends with no separator
        # but at a drive's or the disk's top), without a call a file
        prefix = folder if folder.endswith(tops) else folder + os.sep
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if is_dir and not entry.is_symlink():
                walk(prefix + name, (*parts, fold(name)))
                continue
            folded = fold(name)
            if not folded.endswith(".yaml"):
                continue
            try:
                if not entry.is_file():
                    continue
                stat = entry.stat()
            except OSError:
                continue
            record_name = name[:-5] + RECORD_SUFFIX
            record = names.get(record_name)
            record_stat = None
            try:
                has_record = record is not None and record.is_file()
                if record is not None and has_record:
                    record_stat = record.stat()
            except OSError:
                has_record = False
            found.append(
                (
                    (*parts, folded),
                    SuiteFile(
                        prefix + name,
                        stat,
                        entry.is_symlink(),
                        prefix + record_name,
                        has_record,
                        record is not None and record.is_symlink(),
                        record_stat,
                    ),
                )
            )

    files: list[SuiteFile] = []
    for folder in folders:
        if folder.is_dir():
            found.clear()
            walk(str(folder), ())
            files += [f for _, f in sorted(found, key=lambda item: item[0])]
    return files


def _stats(paths: Sequence[_P]) -> dict[_P, os.stat_result]:
    """Each path's stat, but those that cannot be read."""
    stats: dict[_P, os.stat_result] = {}
    for path in paths:
        try:
            stats[path] = os.stat(path)
        except OSError:
            continue
    return stats


def scenario_facts(
    settings: Settings, paths: Sequence[_P], stats: dict[_P, os.stat_result] | None = None
) -> dict[_P, ScenarioFacts]:
    """Each scenario file's facts, parsed once per version of the file: kept in the index
    (``scenario_facts``, by path, size, modification and change time) so that ``health`` and
    ``runs import`` do not parse a thousand unchanged files on every call. The index is a
    cache: when it cannot be opened or written, every file is parsed. A file that cannot be
    read has no facts. The paths are ``Path``s or their text (the answer is keyed as asked)."""
    if stats is None:
        stats = _stats(paths)
    cached = {row[0]: row for row in _cached_rows(settings, "SELECT * FROM scenario_facts")}
    found: dict[_P, ScenarioFacts] = {}
    fresh: list[tuple[Any, ...]] = []
    tags: dict[str, tuple[str, ...]] = {}  # a suite's files share a few lists of tags
    now = time.time_ns()
    for path, st in stats.items():
        key = str(path)
        row = cached.get(key)
        if row is not None and row[1:4] == stamp(st):
            told = tags.get(row[7])
            if told is None:
                told = tags[row[7]] = tuple(json.loads(row[7]))
            found[path] = ScenarioFacts(row[4], row[5], row[6], told)
            continue
        try:
            facts = read_facts(Path(path).read_bytes())
        except OSError:
            continue
        found[path] = facts
        if now - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS:
            fresh.append(
                (
                    key,
                    st.st_size,
                    st.st_mtime_ns,
                    st.st_ctime_ns,
                    facts.scenario_id,
                    facts.runnable_hash,
                    facts.category,
                    json.dumps(facts.tags),
                )
            )
    if fresh:
        _keep_rows(
            settings, "INSERT OR REPLACE INTO scenario_facts VALUES (?, ?, ?, ?, ?, ?, ?, ?)", fresh
        )
    return found


def blob_facts(settings: Settings, blobs: Collection[str]) -> dict[str, tuple[str | None, ...]]:
    """The cached (id, runnable hash) of scenario files by their git blob id (``runs import`` of
    a night naming a commit the suite's git knows): a blob's bytes never change, so its facts
    are parsed once, ever, and no file is read or ``stat``-ed for them. None cached: empty."""
    found: dict[str, tuple[str | None, ...]] = {}
    with _cache(settings) as db:
        if db is not None and blobs:
            wanted = sorted(set(blobs))
            for at in range(0, len(wanted), 500):
                chunk = wanted[at : at + 500]
                found.update(
                    (row[0], row[1:])
                    for row in db.execute(
                        "SELECT blob, scenario_id, runnable_hash FROM blob_facts "
                        f"WHERE blob IN ({', '.join('?' * len(chunk))})",
                        chunk,
                    )
                )
    return found


def remember_blob_facts(
    settings: Settings, rows: Sequence[tuple[str, str | None, str | None]]
) -> None:
    """Keep each blob's (id, runnable hash); a cache that cannot be written is parsed again."""
    if rows:
        _keep_rows(settings, "INSERT OR REPLACE INTO blob_facts VALUES (?, ?, ?)", rows)


Listed = list[Any]
"""One file of a kept listing: ``[path, id, runnable hash, size, mtime_ns, ctime_ns]`` (a JSON
array; size and times ``-1`` when its facts are not to be trusted without a parse)."""
UNKNOWN = (-1, -1, -1)


def listed_entry(path: str, st: os.stat_result | None, facts: ScenarioFacts | None) -> Listed:
    """A file of the listing with its facts as read at ``st`` (``UNKNOWN`` stamps when it could
    not be read or changed within ``RACY_NS`` of now: parsed again next time)."""
    trusted = (
        st is not None
        and facts is not None
        and time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS
    )
    size, mtime, ctime = stamp(st) if trusted and st is not None else UNKNOWN
    if facts is None:
        facts = NO_FACTS
    return [path, facts.scenario_id, facts.runnable_hash, size, mtime, ctime]


def remember_listing(
    settings: Settings,
    folders: Sequence[Path],
    seen: Sequence[Sequence[Any]],
    files: Sequence[Listed],
) -> None:
    """Keep the scenario files with a record that a walk of ``folders`` found, each with its id,
    runnable hash, size and times (``listed_entry``), and the times of every folder it listed
    (``suite_files``' ``seen``): adding, removing or renaming a file or folder changes its
    folder's times, so while none has changed the list is the walk's. Not kept when a folder
    changed within ``RACY_NS`` of now (a cache)."""
    now = time.time_ns()
    if not seen or any(now - max(m, c) <= RACY_NS for _, m, c in seen):
        return
    row = (json.dumps([str(f) for f in folders]), json.dumps(seen), json.dumps(files))
    _keep_rows(settings, "INSERT OR REPLACE INTO suite_ids VALUES (?, ?, ?)", [row])


def _unchanged(seen: list[list[Any]]) -> bool:
    """Whether every folder ``remember_listing`` kept still has the same times."""
    for folder, mtime, ctime in seen:
        try:
            st = os.stat(folder)
        except OSError:
            return False
        if (st.st_mtime_ns, st.st_ctime_ns) != (mtime, ctime):
            return False
    return True


def facts_of_ids(
    settings: Settings, folders: Sequence[Path], ids: Collection[str]
) -> list[Listed] | None:
    """The kept entries (``listed_entry``) of the files below ``folders`` that hold ``ids``,
    without a walk: the files are the listing ``remember_listing`` kept while no folder has
    changed, and only the files holding ``ids`` are checked by size and times (every file when
    an id is held by none: a miss is certain only when no file changed); a file that changed is
    parsed again (``scenario_facts``) and the listing kept with its new facts. None when there
    is no such listing or a checked file's id changed (walk again)."""
    key = json.dumps([str(f) for f in folders])
    kept = _cached_rows(settings, "SELECT stamps, files FROM suite_ids WHERE folders = ?", (key,))
    seen = json.loads(kept[0][0]) if kept else []
    if not kept or not _unchanged(seen):
        return None
    files: list[Listed] = json.loads(kept[0][1])
    found = _checked(settings, files, set(ids))
    if found is not None and found[1]:
        remember_listing(settings, folders, seen, files)
    return None if found is None else found[0]


def _checked(
    settings: Settings, files: list[Listed], ids: set[str]
) -> tuple[list[Listed], bool] | None:
    """``facts_of_ids`` past the listing: the files holding ``ids`` (the first listed holds an
    id), checked, and whether any was parsed again (its entry in ``files`` is then updated)."""
    first = {entry[1]: entry for entry in reversed(files)}
    held = [e for e in files if e[1] in ids and first[e[1]] is e]  # in the listing's order:
    check = held if len(held) == len(ids) else files  # its stats cheaper than by id
    fresh: dict[str, os.stat_result] = {}
    stat = os.stat
    for entry in check:
        try:  # the one way to see a file edited in place (its folder's times stay)
            st = stat(entry[0])
        except OSError:
            return None
        if entry[5] != st.st_ctime_ns or entry[4] != st.st_mtime_ns or entry[3] != st.st_size:
            fresh[entry[0]] = st
    parsed = scenario_facts(settings, list(fresh), fresh) if fresh else {}
    for entry in check:
        if entry[0] in fresh:
            if parsed.get(entry[0], NO_FACTS).scenario_id != entry[1]:
                return None  # the id moved: the listing's ids are not the suite's
            entry[:] = listed_entry(entry[0], fresh[entry[0]], parsed.get(entry[0]))
    return [e for e in check if e[1] is not None], bool(fresh)


def known_records(settings: Settings) -> dict[str, tuple[tuple[int, int, int], str]]:
    """What ``report`` and ``health`` kept of each file they read (path → (size and times, its
    facts as JSON: ``intake.report.health.kept_version``)); none when the index cannot be read
    (a cache)."""
    rows = _cached_rows(settings, "SELECT * FROM record_facts")
    return {row[0]: ((row[1], row[2], row[3]), row[4]) for row in rows}


def remember_records(
    settings: Settings, rows: Sequence[tuple[Path | str, os.stat_result, str]]
) -> None:
    """Keep each validated record's facts by its path, size and times; one changed within
    ``RACY_NS`` of now is not kept (read again next time)."""
    now = time.time_ns()
    kept = [
        (str(path), *stamp(st), facts)
        for path, st, facts in rows
        if now - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS
    ]
    if kept:
        _keep_rows(settings, "INSERT OR REPLACE INTO record_facts VALUES (?, ?, ?, ?, ?)", kept)


def remembered_answers(
    settings: Settings, version: str, *, only: str | None = None, but: str | None = None
) -> list[tuple[str, str, str]]:
    """The answers kept in the index under ``version`` (``intake.report.posterior``
    ``learned``, ``health``'s verdicts), of the function ``only`` names or of all ``but`` one;
    none when the index cannot be read (it is a cache)."""
    if not store_dir(settings).is_dir():
        return []
    which, fn = (" AND fn = ?", only) if only is not None else (" AND fn != ?", but)
    return _cached_rows(
        settings,
        f"SELECT fn, args, value FROM memo WHERE version = ?{which if fn else ''}",
        (version, fn) if fn else (version,),
    )


def remember_answers(
    settings: Settings, version: str, rows: Sequence[tuple[str, str, str]]
) -> None:
    """Keep answers computed now (dropping those of other versions); a cache that cannot be
    written is computed again next time."""
    if not rows or not store_dir(settings).is_dir():
        return
    with _cache(settings) as db:
        if db is not None:
            with db:
                db.execute("DELETE FROM memo WHERE version != ?", (version,))
                db.executemany(
                    "INSERT OR IGNORE INTO memo VALUES (?, ?, ?, ?)",
                    [(version, *row) for row in rows],
                )


def _store_in_repo(settings: Settings) -> str | None:
    """The run store's folder relative to the repository's top (``/``-separated); None outside
    git or outside the repository."""
    from intake.gitutil import git_output

    top = git_output(["rev-parse", "--show-toplevel"], settings.root)
    if top is None:
        return None
    root = Path(top.decode("utf-8").strip()).resolve()
    try:
        return store_dir(settings).resolve().relative_to(root).as_posix()
    except ValueError:
        return None


def claimed_run_files(settings: Settings, base: str, head: str = "HEAD") -> list[str]:
    """The run files a change adds or edits between ``base`` and ``head`` (paths relative to
    the repository), for the gate to claim: only run files that stood on the base or were
    written here (by ``runs import``, outside a pull request) count. Deleted files are not
    listed (the index forgets them)."""
    from intake.gitutil import git_output

    folder = _store_in_repo(settings)
    if folder is None:
        return []
    raw = git_output(
        [
            "diff",
            "--name-only",
            "--no-renames",
            "--diff-filter=AMT",
            "-z",
            f"{base}..{head}",
            "--",
            folder,
        ],
        settings.root,
    )
    if raw is None:
        return []
    return sorted(p for p in raw.decode("utf-8", "replace").split("\0") if p.endswith(".json"))


@dataclass(frozen=True)
class Claimed:
    """The run files a change claims, as the index names them (relative to the store's
    folder), left out of every read of ``health``, ``report`` and ``bugs``; and the base."""

    files: frozenset[str] = frozenset()
    base: str | None = None
    """The base's first 12 digits (None: no base known, every run file counts)."""

    def note(self) -> str | None:
        """The report's one line (None when nothing is left out)."""
        if not self.files:
            return None
        return (
            f"{len(self.files)} run file(s) this change adds or edits left out, not on the base "
            f"{self.base}: run files count once they stand on the base (written by the "
            "nightly's runs import; docs/trust.md)"
        )


def claimed(settings: Settings, base: str | None = None) -> Claimed:
    """The run files the change claims, for the readers: the base is found as ``intake check``
    finds it (``base``: ``--base REV``; else ``$GITHUB_BASE_REF``, else the remote's default
    branch: ``intake.lifecycle.authority.find_base``); no base, no git or no run store
    claims none (the working tree is the maintainer's own). A ``--base`` git does not know is
    a usage error, as for ``check``."""
    if not store_dir(settings).is_dir():
        return Claimed()
    if base is None:  # outside git no base is found: the rules' module is not imported
        from intake.gitutil import repo_top

        if repo_top(settings.root) is None:
            return Claimed()
    from intake.lifecycle.authority import find_base

    found = find_base(settings.root, base)
    if found is None:
        return Claimed()
    names = claimed_run_files(settings, found.commit)
    folder = _store_in_repo(settings) if names else None
    if folder is None:
        return Claimed(base=found.short)
    return Claimed(frozenset(name[len(folder) + 1 :] for name in names), found.short)


def _unclaimed(db: sqlite3.Connection, left_out: Claimed | None, *, coded: bool = False) -> str:
    """The SQL condition that leaves the claimed files out (``runs.file``/``files.file``; with
    ``coded``, ``tallies.file``, the name's integer), with a temporary table of them; empty
    when none."""
    if left_out is None or not left_out.files:
        return ""
    db.execute("CREATE TEMP TABLE IF NOT EXISTS claimed (file TEXT PRIMARY KEY)")
    db.execute("DELETE FROM temp.claimed")
    db.executemany("INSERT INTO temp.claimed VALUES (?)", [(f,) for f in left_out.files])
    if coded:
        return " AND file NOT IN (SELECT id FROM names WHERE name IN temp.claimed)"
    return " AND file NOT IN (SELECT file FROM temp.claimed)"


def scenario_runs(
    settings: Settings, ids: Sequence[str], left_out: Claimed | None = None
) -> dict[str, list[SuiteRun]]:
    """Scenario id → every stored run of it (``window_rows`` of all time: the bugs report, as a
    run that caught a bug months before its fix is outside health's window), as the records'
    type."""
    found, _ = window_rows(settings, left_out=left_out, ids=ids)
    return {sid: suite_runs(runs) for sid, runs in found.items()}

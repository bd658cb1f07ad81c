"""The ledger: pinned columns, idempotent migrations, concurrent writers, rebuild, log."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import Record, RecordSource, SourceType
from intake.store.ledger import Event, Ledger, connect, migrate
from intake.store.records import record_path, save_record, utcnow
from tests.support.env import posix_only

EXPECTED_COLUMNS = {
    "events": {
        "id": "TEXT",
        "at": "TEXT",
        "kind": "TEXT",
        "scenario_id": "TEXT",
        "path": "TEXT",
        "actor": "TEXT",
        "detail": "TEXT",
    },
    "items": {
        "id": "TEXT",
        "path": "TEXT",
        "state": "TEXT",
        "category": "TEXT",
        "source_type": "TEXT",
        "source_link": "TEXT",
        "private": "INTEGER",
        "content_hash": "TEXT",
        "runnable_hash": "TEXT",
        "captured_at": "TEXT",
        "promoted_at": "TEXT",
        "reviews": "INTEGER",
        "runs": "INTEGER",
        "updated_at": "TEXT",
    },
    "_intake_migrations": {"name": "TEXT", "applied_at": "TEXT"},
}


def test_migrated_columns_are_pinned(tmp_path: Path) -> None:
    """A blank ledger migrates to exactly these tables and columns (in this order)."""
    db = connect(tmp_path / "ledger.db")
    assert set(db.table_names()) == set(EXPECTED_COLUMNS)
    for table, columns in EXPECTED_COLUMNS.items():
        assert {c.name: c.type for c in db[table].columns} == columns
        assert [c.name for c in db[table].columns] == list(columns)
    assert db.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_migrations_apply_once(tmp_path: Path) -> None:
    db = connect(tmp_path / "ledger.db")
    assert migrate(db) == []
    names = [r[0] for r in db.conn.execute("SELECT name FROM _intake_migrations")]
    assert names == ["m001_initial"]


def test_append_and_history(tmp_path: Path) -> None:
    with Ledger.open(tmp_path / "l.db") as ledger:
        ledger.append(
            Event("import", scenario_id="session_abc", actor="ann", detail={"source": "session"})
        )
        ledger.append(
            Event("review", scenario_id="session_abc", actor="bob", detail={"decision": "approve"})
        )
        ledger.append(Event("import", scenario_id="issue_1", detail={}))
        events = ledger.history("session_abc")
        assert [e.kind for e in events] == ["import", "review"]
        assert events[1].detail == {"decision": "approve"}
        assert len(ledger.history()) == 3
        assert ledger.count_events("import") == 2


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from intake.store.ledger import Event, Ledger
    with Ledger.open(Path(sys.argv[1])) as ledger:
        for i in range(int(sys.argv[3])):
            ledger.append(Event("run", scenario_id=sys.argv[2] + str(i), detail={"i": i}))
    """
)


@pytest.mark.slow
def test_two_processes_append_at_once(tmp_path: Path) -> None:
    """Real processes write concurrently (WAL + busy timeout): every event lands."""
    path = tmp_path / "ledger.db"
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, "150"])
        for name in ("a", "b", "c")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0]
    with Ledger.open(path) as ledger:
        assert ledger.count_events("run") == 450
        ids = {row["scenario_id"] for row in ledger.db.query("SELECT scenario_id FROM events")}
        assert len(ids) == 450


def _scenario(folder: Path, sid: str, source_type: str = "session") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{sid}.yaml"
    path.write_text(
        f"id: {sid}\ncategory: captured\npersona: casual_user\n"
        f"source: {{type: {source_type}, link: 'gaia-session:1'}}\n"
        "setup: {index_documents: []}\n"
        "turns:\n- turn: 1\n  objective: o\n  success_criteria: s\n",
        encoding="utf-8",
    )
    return path


def test_rebuild_recreates_the_index(suite: Path, runner: CliRunner) -> None:
    draft = _scenario(suite / "drafts", "session_1")
    save_record(
        record_path(draft),
        Record(
            id="session_1",
            source=RecordSource(
                kind=SourceType.session,
                locator="gaia-session:1",
                captured_at=utcnow(),
                private=False,
                intake_version="0",
            ),
        ),
    )
    _scenario(suite / "scenarios" / "captured", "issue_2", "issue")
    (suite / "drafts" / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    result = runner.invoke(app, ["ledger", "rebuild"])
    assert result.exit_code == 0, result.output
    assert result.stdout == "indexed 1 draft and 1 scenario\n"
    assert result.stderr == "skipped (unreadable): drafts/broken.yaml\n"
    with Ledger.open(suite / ".intake" / "ledger.db") as ledger:
        items = {row.id: row for row in ledger.items()}
    assert set(items) == {"session_1", "issue_2"}
    assert items["session_1"].state == "draft" and items["session_1"].captured_at
    assert items["issue_2"].source_type == "issue"
    assert items["issue_2"].content_hash.startswith("sha256:")
    (suite / "drafts" / "session_1.yaml").unlink()
    runner.invoke(app, ["ledger", "rebuild"])
    with Ledger.open(suite / ".intake" / "ledger.db") as ledger:
        assert [row.id for row in ledger.items()] == ["issue_2"]


def test_log_command(suite: Path, runner: CliRunner) -> None:
    with Ledger.open(suite / ".intake" / "ledger.db") as ledger:
        ledger.append(
            Event("import", scenario_id="session_9", actor="ann", detail={"source": "session"})
        )
    result = runner.invoke(app, ["log", "session_9"])
    assert result.exit_code == 0
    assert "import" in result.stdout and "session_9 by ann" in result.stdout
    result = runner.invoke(app, ["log", "--format", "json"])
    doc = json.loads(result.stdout)
    assert doc["events"][0]["detail"] == {"source": "session"}
    missing = runner.invoke(app, ["log", "nothing_here"])
    assert missing.exit_code == 2
    assert missing.stderr == "error: no events for 'nothing_here' in the ledger\n"


def test_log_and_rebuild_never_create_a_ledger_outside_a_suite(
    tmp_path: Path, runner: CliRunner, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["log"])
    assert result.exit_code == 0
    assert result.stdout == "no events: no ledger yet at .intake/ledger.db\n"
    result = runner.invoke(app, ["ledger", "rebuild"])
    assert result.exit_code == 2
    assert not (tmp_path / ".intake").exists()


def test_unusable_ledger_path_is_exit_3(suite: Path, runner: CliRunner) -> None:
    (suite / "ledger-is-a-folder").mkdir()
    result = runner.invoke(app, ["log"], env={"INTAKE_LEDGER_PATH": "ledger-is-a-folder"})
    assert result.exit_code == 3
    assert result.stderr.startswith("error: cannot read the ledger: ")  # log reads read-only
    assert len(result.stderr.splitlines()) == 1


@posix_only("file mode bits: Windows has only read-only or not")
def test_atomic_write_keeps_or_sets_a_shareable_mode(tmp_path: Path) -> None:
    """Rewritten files keep their mode; new ones follow the umask (not mkstemp's 0600)."""
    import os

    from intake.fileio import atomic_write

    fresh = tmp_path / "report.html"
    old = os.umask(0o022)
    try:
        atomic_write(fresh, "<p>hi</p>")
    finally:
        os.umask(old)
    assert fresh.stat().st_mode & 0o777 == 0o644
    fresh.chmod(0o600)
    atomic_write(fresh, "<p>again</p>")
    assert fresh.stat().st_mode & 0o777 == 0o600
    assert fresh.read_text() == "<p>again</p>"


def test_log_matches_an_id_exactly_or_by_a_unique_prefix(suite: Path, runner: CliRunner) -> None:
    """`_` is not a wildcard: case_1 shows only case_1; an ambiguous prefix is exit 2."""
    with Ledger.open(suite / ".intake" / "ledger.db") as ledger:
        for sid in ("case_1", "case_10", "caseX1", "issue_42_pdf"):
            ledger.append(Event("import", scenario_id=sid))
    result = runner.invoke(app, ["log", "case_1", "--format", "json"])
    assert [e["scenario_id"] for e in json.loads(result.stdout)["events"]] == ["case_1"]
    result = runner.invoke(app, ["log", "issue_4", "--format", "json"])
    assert [e["scenario_id"] for e in json.loads(result.stdout)["events"]] == ["issue_42_pdf"]
    result = runner.invoke(app, ["log", "case"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: 'case' matches several ids: caseX1, case_1, case_10")


LEDGER_SQL = ("FROM events", "INTO events", "UPDATE events", "FROM items", "INTO items")


def test_the_ledgers_sql_lives_only_in_the_ledger_module() -> None:
    """One home for the ledger's queries: no other module of intake names its tables in SQL."""
    from tests.support.env import REPO

    found = [
        f"{path.relative_to(REPO)}: {needle}"
        for path in sorted((REPO / "intake").rglob("*.py"))
        if path != REPO / "intake" / "store" / "ledger.py"
        for needle in LEDGER_SQL
        if needle in path.read_text(encoding="utf-8")
    ]
    assert found == []


def test_one_event_shape_from_the_journal_to_the_log(suite: Path, runner: CliRunner) -> None:
    """An event logged through a unit reads back as the same ``Event`` (its unit's id as its
    scenario), ``intake log --format json`` prints its fields, and a second replay of the same
    ids logs nothing (``append_missing``)."""
    from intake.config import load_settings
    from intake.store.journal import Unit, commit

    settings = load_settings(suite)
    event = Event("review", "drafts/case_1.yaml", "bob", {"decision": "approve"})
    commit(settings, Unit("review", "case_1", events=[event]))
    with Ledger.open(settings.ledger) as ledger:
        (back,) = ledger.history("case_1")
        assert ledger.append_missing([back]) == 0
        assert ledger.count_events("review", scenario_id="case_1") == 1
    assert back.id == event.id and back.scenario_id == "case_1"
    assert (back.kind, back.path, back.actor, back.detail) == (
        "review",
        "drafts/case_1.yaml",
        "bob",
        {"decision": "approve"},
    )
    doc = json.loads(runner.invoke(app, ["log", "case_1", "--format", "json"]).stdout)
    assert doc["events"] == [back.to_dict()]


def test_recovery_is_typed_a_temporary_named_interrupted_finishes_nothing(suite: Path) -> None:
    """A command asks recovery's step kinds, never its wording: a stray temporary whose name
    holds "interrupted" is removed and reported, and no interrupted command was finished."""
    from intake.config import load_settings
    from intake.paths import display_path
    from intake.store.edit import edit
    from intake.store.journal import Recovered, temp_dir

    settings = load_settings(suite)
    stray = temp_dir(settings) / ".case_1.interrupted.tmp"
    stray.write_text("half", encoding="utf-8")
    with edit(settings, "case_1", doing="test") as tx:
        assert [r.kind for r in tx.recoveries] == [Recovered.temporary]
        assert tx.recovered == [f"removed a temporary file: {display_path(stray, suite)}"]
        assert tx.finished == [] and tx.finished_interrupted == []
    assert not stray.exists()


def test_log_text_is_readable_and_json_keeps_every_detail(suite: Path, runner: CliRunner) -> None:
    digest = "sha256:" + "ab12" * 16
    detail = {
        "reason": "flaky judge",
        "content_hash": digest,
        "before_hash": None,
        "gates": {"review": "bob", "strong-run": "1 pass"},
        "tags": ["a", "b"],
        "recovered": False,
    }
    with Ledger.open(suite / ".intake" / "ledger.db") as ledger:
        ledger.append(Event("quarantine", scenario_id="case_1", actor="ann", detail=detail))
    text = runner.invoke(app, ["log", "case_1"]).stdout.splitlines()
    assert text[0].endswith("  quarantine   case_1 by ann")
    assert text[1] == (
        "    content hash: sha256:ab12ab12ab12…; gates: (review: bob; strong-run: "
        "1 pass); reason: flaky judge; recovered: no; tags: a, b"
    )
    assert "{" not in "\n".join(text)  # no raw JSON
    doc = json.loads(runner.invoke(app, ["log", "case_1", "--format", "json"]).stdout)
    assert doc["events"][0]["detail"] == detail

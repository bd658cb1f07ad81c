"""The run store (issue 38 item 1): one immutable file per imported GAIA run and machine, an
index derived from the files; importing touches no record; a second import adds nothing;
deleting the index and reading again gives the same report."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.runs.store import SCHEMA, index_path, read_run, rebuild_index, run_files
from intake.report.health import make_health, render_json
from tests.support.gitrepo import git
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    LOCAL,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    write_run,
    write_scenario,
)


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def stored_suite(suite: Path, runner: Any) -> Path:
    """Two adopted scenarios and six nights of two models, imported."""
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    for sid in ("alpha_case", "beta_case"):
        write_scenario(suite, sid)
        assert (
            runner.invoke(
                app,
                [
                    "adopt",
                    f"scenarios/rag_quality/{sid}.yaml",
                    "--source",
                    "hand",
                    "--reviewer",
                    "alice",
                ],
            ).exit_code
            == 0
        )
    results = suite / "eval" / "results"
    for i in range(1, 7):
        for tier, model in enumerate((STRONG, LOCAL)):
            write_run(
                results,
                f"eval-2026050{i}-02{tier}000",
                night(i),
                {"alpha_case": "PASS", "beta_case": "FAIL" if i % 2 else "PASS"},
                meta={"model": model, "commit": f"c0ffee{i:02d}", "machine": f"m{i % 2}"},
            )
    return suite


def _records(suite: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (suite / "scenarios").rglob("*.intake.json")}


def _files(suite: Path) -> dict[str, bytes]:
    return {
        p.relative_to(suite).as_posix(): p.read_bytes()
        for p in (suite / "intake-runs").rglob("*")
        if p.is_file()
    }


def test_importing_touches_no_record_and_a_second_import_adds_nothing(
    stored_suite: Path, runner: Any
) -> None:
    records = _records(stored_suite)
    first = runner.invoke(app, ["runs", "import", "eval/results", "--format", "json"])
    assert first.exit_code == 0, first.output + first.stderr
    assert json.loads(first.stdout)["recorded"] == 24
    assert _records(stored_suite) == records
    files = _files(stored_suite)
    assert len(files) == 12  # one per run id, machine and model
    assert all(name.split("/")[1] in ("m0", "m1") for name in files)
    second = runner.invoke(app, ["runs", "import", "eval/results", "--format", "json"])
    doc = json.loads(second.stdout)
    assert doc["recorded"] == 0 and doc["already_recorded"] == 24
    assert _files(stored_suite) == files and _records(stored_suite) == records


def test_a_run_file_is_compact_schema_versioned_and_readable(
    stored_suite: Path, runner: Any
) -> None:
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(stored_suite)
    path = run_files(settings)[0]
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") == 1 and ": " not in text  # one compact line
    doc = json.loads(text)
    assert doc["schema"] == SCHEMA and doc["machine"] in ("m0", "m1")
    run = read_run(path)
    assert {r[0] for r in run.results} == {"alpha_case", "beta_case"}


def test_deleting_the_index_and_rebuilding_gives_the_same_report(
    stored_suite: Path, runner: Any
) -> None:
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(stored_suite)
    now = night(30)
    before = render_json(make_health(settings, now=now))
    assert index_path(settings).is_file()
    index_path(settings).unlink()
    assert render_json(make_health(settings, now=now)) == before  # rebuilt on read
    assert rebuild_index(settings) == 12
    assert render_json(make_health(settings, now=now)) == before
    alpha = next(
        s for s in make_health(settings, now=now).scenarios if s.scenario_id == "alpha_case"
    )
    assert [(t.tier, t.judged, t.passes) for t in alpha.tiers] == [
        ("strong", 6, 6),
        ("local", 6, 6),
    ]


def test_an_index_of_an_older_shape_is_built_again_with_the_same_report(
    stored_suite: Path, runner: Any
) -> None:
    """The index's counted table (``tallies``) came with shape 3, its counts per start
    (``kinds``, ``nights``) with shape 5: an index of an older shape (no such table, or one
    its code never filled) is dropped and read again from the files."""
    import sqlite3

    from intake.lifecycle.runs.store import INDEX_VERSION

    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(stored_suite)
    now = night(30)
    before = render_json(make_health(settings, now=now))
    db = sqlite3.connect(index_path(settings))
    with db:
        assert db.execute("SELECT COUNT(*) FROM tallies").fetchone()[0] == 24
        assert db.execute("SELECT SUM(total) FROM kinds").fetchone()[0] == 24
        db.execute("DELETE FROM tallies")  # what an index written by shape 2's code holds
        db.execute("DROP TABLE kinds")  # and by shape 4's: no counts per start
        db.execute("DROP TABLE nights")
        db.execute(f"PRAGMA user_version = {INDEX_VERSION - 1}")
    db.close()
    assert render_json(make_health(settings, now=now)) == before
    db = sqlite3.connect(index_path(settings))
    assert db.execute("PRAGMA user_version").fetchone()[0] == INDEX_VERSION
    assert db.execute("SELECT COUNT(*) FROM tallies").fetchone()[0] == 24
    assert db.execute("SELECT SUM(n), COUNT(*) FROM nights").fetchone() == (24, 24)
    db.close()


def test_a_run_file_removed_or_added_by_hand_is_followed_by_the_index(
    stored_suite: Path, runner: Any
) -> None:
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(stored_suite)
    run_files(settings)[0].unlink()
    alpha = next(s for s in make_health(settings).scenarios if s.scenario_id == "alpha_case")
    assert sum(t.judged for t in alpha.tiers) == 11


def test_a_broken_run_file_is_a_note_not_a_traceback(stored_suite: Path, runner: Any) -> None:
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(stored_suite)
    index_path(settings).unlink(missing_ok=True)
    run_files(settings)[0].write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["health"])
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert "run store unreadable" in result.stdout


def test_run_files_a_change_adds_or_edits_are_named_for_the_gate(
    git_suite: Path, runner: Any
) -> None:
    """A pull request that adds or edits run files: each is named (the gate claims it); the
    files that stood on the base are not."""

    from intake.lifecycle.runs.store import claimed_run_files

    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "alpha_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/alpha_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    results = suite / "eval" / "results"
    write_run(
        results,
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS"},
        meta={"model": STRONG, "machine": "m1"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0

    when = "2026-04-30T12:00:00Z"  # committed before the runs' dates: they ran it (run_dates)
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "base", when=when)
    base = git(suite, "rev-parse", "HEAD")
    settings = load_settings(suite)
    standing = run_files(settings)[0]
    write_run(
        results,
        "eval-20260502-020000",
        night(2),
        {"alpha_case": "PASS"},
        meta={"model": STRONG, "machine": "m1"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    standing.write_text(
        standing.read_text(encoding="utf-8").replace("PASS", "FAIL"), encoding="utf-8"
    )
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "a pull request's runs")
    claimed = claimed_run_files(settings, base)
    assert claimed == sorted(f.relative_to(suite).as_posix() for f in run_files(settings))
    assert claimed_run_files(settings, "HEAD") == []
    checked = runner.invoke(app, ["check", "--base", base])
    shown = checked.stdout + checked.stderr
    assert "Traceback" not in shown
    assert checked.exit_code == 1, shown  # a claim is an error: it cannot merge green
    assert shown.count("claimed by this change: a run file not on the base") == len(claimed), shown


def test_health_noise_writes_the_noise_floor_file(
    stored_suite: Path, runner: Any, tmp_path: Path
) -> None:
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    target = tmp_path / "noise.json"
    result = runner.invoke(app, ["health", "--noise", str(target)])
    assert result.exit_code == 0, result.output + result.stderr
    assert "suite health:" in result.stdout
    doc = json.loads(target.read_text(encoding="utf-8"))
    beta = doc["scenarios"]["beta_case"]["models"][STRONG]
    assert (beta["runs"], beta["pairs"], beta["flips"], beta["flip_rate"]) == (6, 5, 5, 1.0)
    alpha = doc["scenarios"]["alpha_case"]["models"][LOCAL]
    assert (alpha["flips"], alpha["score_sd"]) == (0, 0.0)
    assert doc["categories"]["rag_quality"] == {
        "scenarios": 2,
        "pairs": 20,
        "flips": 10,
        "flip_rate": 0.5,
        "score_sd": 1.25,
    }
    missing = runner.invoke(app, ["health", "--noise", str(tmp_path / "no" / "noise.json")])
    assert missing.exit_code == 2 and "no such folder" in missing.stderr


def test_records_that_carry_imported_runs_are_migrated_and_the_report_is_the_same(
    stored_suite: Path, runner: Any
) -> None:
    """Runs imported into records before the store: migrated into run files, taken out of
    the records, and health reads the same; a second migration finds nothing."""
    from intake.contract.models import SuiteRun
    from intake.contract.plain import RunTier
    from intake.store.records import dump_record, load_record, record_path

    path = stored_suite / "scenarios" / "rag_quality" / "alpha_case.yaml"
    record = load_record(record_path(path))
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    settings = load_settings(stored_suite)
    hash_ = read_run(run_files(settings)[0]).results[0][4]
    record.suite_runs = [
        SuiteRun(
            run_id=f"eval-2026042{i}-020000",
            status="PASS",
            score=8.0,
            model=STRONG,
            tier=RunTier.strong,
            judge_model="claude-sonnet-4-6",
            runnable_hash=hash_,
            gaia_commit="0ldc0mm1",
            machine="m9",
            at=night(i) - timedelta(days=9),
            recorded_at=night(1),
        )
        for i in range(1, 4)
    ]
    record_path(path).write_text(dump_record(record), encoding="utf-8")
    now = night(30)
    overrides = {"health_window_nights": 0}
    before = render_json(make_health(load_settings(stored_suite, overrides=overrides), now=now))
    moved = runner.invoke(app, ["runs", "migrate"])
    assert moved.exit_code == 0, moved.output + moved.stderr
    assert "migrated 3 run result(s) from 1 record(s) into 3 run file(s)" in moved.stdout
    assert load_record(record_path(path)).suite_runs == []
    after = render_json(make_health(load_settings(stored_suite, overrides=overrides), now=now))
    assert after == before
    again = runner.invoke(app, ["runs", "migrate"])
    assert "migrated 0 run result(s) from 0 record(s)" in again.stdout


def test_facts_another_intake_computed_are_parsed_again(stored_suite: Path) -> None:
    """A file's cached facts (its id and runnable hash) are trusted while the file's size and
    times match, but only when this intake's ``FACTS_VERSION`` computed them: facts an older
    intake computed (another hash rule) are dropped and the file parsed again."""
    import os
    import sqlite3

    from intake.lifecycle.runs.store import FACTS_VERSION, read_facts, scenario_facts

    settings = load_settings(stored_suite)
    path = stored_suite / "scenarios" / "rag_quality" / "alpha_case.yaml"
    right = read_facts(path.read_bytes())
    assert scenario_facts(settings, [path]) == {path: right}  # the index and its tables exist
    st = os.stat(path)
    wrong = "sha256:" + "0" * 64
    stale = (
        str(path),
        st.st_size,
        st.st_mtime_ns,
        st.st_ctime_ns,
        right.scenario_id,
        wrong,
    )

    def keep_stale(version: str) -> None:
        db = sqlite3.connect(index_path(settings))
        with db:
            db.execute(
                "INSERT OR REPLACE INTO scenario_facts VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*stale, right.category, json.dumps(right.tags)),
            )
            db.execute("UPDATE meta SET value = ? WHERE key = 'facts'", (version,))
        db.close()

    keep_stale(FACTS_VERSION)  # this intake's own: trusted as it stands
    assert scenario_facts(settings, [path])[path].runnable_hash == wrong
    keep_stale("0")  # an older intake's: parsed again
    assert scenario_facts(settings, [path]) == {path: right}


def test_the_facts_of_a_file_are_pinned_with_their_version() -> None:
    """What ``FACTS_VERSION`` names: if this fails, the id rule or the runnable hash changed;
    bump ``FACTS_VERSION`` (so kept facts are parsed again) and pin the new values."""
    from intake.lifecycle.runs.store import FACTS_VERSION, read_facts

    raw = (
        b"id: pinned_case\ncategory: rag_quality\ntags: [a]\n"
        b"turns:\n  - turn: 1\n    objective: ask\n    success_criteria: answers\n"
    )
    facts = read_facts(raw)
    assert (FACTS_VERSION, facts.scenario_id, facts.category, facts.tags) == (
        "2",
        "pinned_case",
        "rag_quality",
        ("a",),
    )
    assert facts.runnable_hash == (
        "sha256:9cc762b152314982402bd5a0a367a7aba385390602f84dd1b58a8b7697d7dff6"
    )

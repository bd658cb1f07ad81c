"""What health and runs import do to be fast keeps their answers (issue 38 item 7): the cache of
each scenario file's facts in the run index follows every edit of the file and can be
deleted."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.runs import store
from intake.lifecycle.runs.store import index_path, read_facts, scenario_facts
from tests.support.nightly_helpers import write_scenario


def _rows(suite: Path) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(index_path(load_settings(suite)))
    try:
        return db.execute("SELECT path, scenario_id, runnable_hash, category, tags "
                          "FROM scenario_facts").fetchall()
    finally:
        db.close()


def test_cached_facts_follow_an_edit_of_the_same_size_and_a_deleted_index(
        suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "RACY_NS", 0)  # cache a file however new it is
    path = write_scenario(suite, "alpha_case", objective="Ask what the budget says, part A.")
    settings = load_settings(suite)
    first = scenario_facts(settings, [path])[path]
    assert first == read_facts(path.read_bytes())
    assert first.scenario_id == "alpha_case" and first.category == "rag_quality"
    assert [r[1] for r in _rows(suite)] == ["alpha_case"]
    before = path.stat()
    path.write_text(path.read_text(encoding="utf-8").replace("part A", "part B"),
                    encoding="utf-8")
    assert path.stat().st_size == before.st_size
    edited = scenario_facts(settings, [path])[path]
    assert edited.runnable_hash != first.runnable_hash
    assert edited == read_facts(path.read_bytes())
    index_path(settings).unlink()
    assert scenario_facts(settings, [path])[path] == edited


def test_a_file_changed_just_now_is_not_cached(suite: Path) -> None:
    path = write_scenario(suite, "alpha_case")
    settings = load_settings(suite)
    assert scenario_facts(settings, [path])[path].scenario_id == "alpha_case"
    assert _rows(suite) == []


def test_an_unreadable_index_is_parsed_around(suite: Path) -> None:
    path = write_scenario(suite, "alpha_case")
    settings = load_settings(suite)
    index_path(settings).parent.mkdir(parents=True, exist_ok=True)
    index_path(settings).write_bytes(b"not a database, not at all" * 100)
    assert scenario_facts(settings, [path])[path] == read_facts(path.read_bytes())


def test_runs_import_reads_the_ids_through_the_cache_and_records_the_current_hash(
        suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(store, "RACY_NS", 0)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, "alpha_case", objective="Ask what the budget says, part A.")
    assert runner.invoke(app, ["adopt", "scenarios/rag_quality/alpha_case.yaml", "--source",
                               "hand", "--reviewer", "alice"]).exit_code == 0
    results = suite / "eval" / "results"
    write_run(results, "eval-20260501-020000", night(1), {"alpha_case": "PASS"},
              meta={"model": STRONG, "machine": "ci-1"})
    assert runner.invoke(app, ["runs", "import", str(results / "eval-20260501-020000")]
                         ).exit_code == 0
    path.write_text(path.read_text(encoding="utf-8").replace("part A", "part B"),
                    encoding="utf-8")
    write_run(results, "eval-20260502-020000", night(2), {"alpha_case": "FAIL"},
              meta={"model": STRONG, "machine": "ci-1"})
    assert runner.invoke(app, ["runs", "import", str(results / "eval-20260502-020000")]
                         ).exit_code == 0
    settings = load_settings(suite)
    runs = {r.run_id: r.results[0][4] for r in map(store.read_run, store.run_files(settings))}
    assert runs["eval-20260502-020000"] == read_facts(path.read_bytes()).runnable_hash
    assert runs["eval-20260501-020000"] != runs["eval-20260502-020000"]


def test_the_runs_health_reads_from_the_index_equal_validated_ones(suite: Path, runner: Any,
                                                                   monkeypatch: pytest.MonkeyPatch
                                                                   ) -> None:
    from intake.contract.models import SuiteRun
    from tests.support.nightly_helpers import (
        CI_VARIABLES,
        PYPROJECT_EXTRA,
        STRONG,
        night,
        write_run,
    )

    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "alpha_case")
    assert runner.invoke(app, ["adopt", "scenarios/rag_quality/alpha_case.yaml", "--source",
                               "hand", "--reviewer", "alice"]).exit_code == 0
    write_run(suite / "eval" / "results", "eval-20260501-020000", night(1),
              {"alpha_case": "FAIL"}, meta={"model": STRONG, "machine": "ci-1",
                                            "commit": "c0ffee01"})
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    (run,) = store.window_runs(load_settings(suite))[0]["alpha_case"]
    fields = run.model_dump()
    assert run == SuiteRun.model_validate(fields) == SuiteRun.model_construct(**fields)
    assert run.model_fields_set == set(SuiteRun.model_fields)
    assert run.model_copy(update={"status": "PASS"}).status == "PASS" and run.status == "FAIL"
    assert (run.machine, run.gaia_commit, run.tier.value) == ("ci-1", "c0ffee01", "strong")

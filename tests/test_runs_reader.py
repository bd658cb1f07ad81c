"""One reader of GAIA's results (issue 36 item 1a) and `runs import` by the scorecard's ids
(issue 38 item 7): `intake run`, `run-record` and `runs import` read a scorecard's entries the
same way; the run models share a base and a run's ledger event is the run's dump; the import
looks the scorecard's ids up through a cached listing of the suite and still sees every change
of it."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import Run, RunBase, SuiteRun
from intake.contract.plain import RunTier
from intake.contract.yamlio import parse_checked
from intake.lifecycle.runs import store as run_store
from intake.lifecycle.runs.record import record_run
from intake.lifecycle.runs.results import read_result, read_run_folder
from intake.store.ledger import read_events_readonly
from intake.store.records import runnable_hash
from tests.support.gitrepo import git
from tests.support.modules import loaded_by
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    stored,
    write_run,
    write_scenario,
)
from tests.support.promote_helpers import scorecard, write_pair


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_a_run_folder_and_one_scenario_read_the_same_results(tmp_path: Path) -> None:
    """``read_run_folder`` (``runs import``) and ``read_result`` (``run-record``, ``intake
    run``), from the scorecard or from a trace, give each scenario the same result."""
    folder = write_run(
        tmp_path,
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS", "beta_case": "FAIL", "gamma_case": "TIMEOUT"},
    )
    run = read_run_folder(folder)
    assert run.run_id == "eval-20260501-020000" and run.judge == "claude-sonnet-4-6"
    assert {r.scenario_id: r.status for r in run.results} == {
        "alpha_case": "PASS",
        "beta_case": "FAIL",
        "gamma_case": "TIMEOUT",
    }
    for result in run.results:
        one = read_result(folder / "scorecard.json", result.scenario_id)
        assert one.result == result and one.run_id == run.run_id and one.judge_model == run.judge
        traced = read_result(folder / "traces" / f"{result.scenario_id}.json", result.scenario_id)
        assert (traced.run_id, traced.judge_model) == (run.run_id, run.judge)
        assert traced.result == result._replace(kind="trace")
    failed = next(r for r in run.results if r.scenario_id == "beta_case")
    assert failed.failure_category == "wrong_answer" and failed.messages == {
        1: "What does it say about the budget?"
    }


def test_a_killed_run_is_read_from_its_traces(tmp_path: Path) -> None:
    folder = write_run(tmp_path, "eval-20260501-020000", night(1), {"alpha_case": "PASS"})
    (folder / "scorecard.json").unlink()
    run = read_run_folder(folder)
    assert [(r.scenario_id, r.kind) for r in run.results] == [("alpha_case", "trace")]


def test_the_run_models_share_a_base_and_the_event_is_the_runs_dump(suite: Path) -> None:
    """``Run`` and ``SuiteRun`` share ``RunBase``; the ledger's ``run`` event holds the
    recorded run's own dump (plus whether it replaced one and where it was read)."""
    assert issubclass(Run, RunBase) and issubclass(SuiteRun, RunBase)
    shared = set(RunBase.model_fields)
    assert {"tier", "run_id", "status", "model", "runnable_hash", "at"} <= shared
    assert shared <= set(Run.model_fields) and shared <= set(SuiteRun.model_fields)
    write_pair(suite / "drafts")
    card = scorecard(suite / "runs", {"pdf_summary_loop": "PASS"})
    settings = load_settings(suite)
    _, run, _ = record_run(settings, "pdf_summary_loop", card, RunTier.strong, model="m1")
    events = read_events_readonly(settings.ledger, ("run",))
    assert [e.detail for e in events] == [
        {**run.model_dump(mode="json"), "replaced": False, "source": "scorecard"}
    ]


def _adopt(suite: Path, runner: Any, path: str) -> None:
    done = runner.invoke(app, ["adopt", path, "--source", "hand", "--reviewer", "alice"])
    assert done.exit_code == 0, done.output


def _import(
    suite: Path, runner: Any, day: int, statuses: dict[str, str], **meta: str
) -> dict[str, Any]:
    folder = write_run(
        suite / "eval" / "results",
        f"eval-202605{day:02d}-020000",
        night(day),
        statuses,
        meta={"model": STRONG, "machine": "ci-1", **meta},
    )
    done = runner.invoke(
        app, ["runs", "import", str(folder.relative_to(suite)), "--format", "json"]
    )
    assert done.exit_code == 0, done.output
    out: dict[str, Any] = json.loads(done.stdout)
    out["stderr"] = done.stderr
    return out


def _listing(suite: Path) -> list[str]:
    # closed here: an unclosed connection lives until the cycle collector runs, and Windows
    # cannot delete an open file (the index's rebuild below failed with WinError 32 there)
    with closing(sqlite3.connect(run_store.index_path(load_settings(suite)))) as db:
        rows = db.execute("SELECT files FROM suite_ids").fetchall()
    return [p[0] for (files,) in rows for p in json.loads(files)]


def test_the_import_looks_ids_up_through_a_listing_that_sees_every_change(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After one import the suite's listing is kept; later imports look the scorecard's ids
    up through it and land exactly where a full walk would: after an edit of a file's turns
    (the new hash), an edit of its ``id`` in place (its folder's times do not change), and a
    scenario added in a new folder."""
    monkeypatch.setattr(run_store, "RACY_NS", 0)  # no file is too new to be cached
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    alpha = write_scenario(suite, "alpha_case")
    beta = write_scenario(suite, "beta_case")
    for path in (alpha, beta):
        _adopt(suite, runner, path.relative_to(suite).as_posix())
    first = _import(suite, runner, 1, {"alpha_case": "PASS", "beta_case": "FAIL"})
    assert first["recorded"] == 2 and first["not_in_suite"] == []
    assert sorted(Path(p).name for p in _listing(suite)) == ["alpha_case.yaml", "beta_case.yaml"]

    # the turns of alpha change in place: its run carries the new runnable hash
    write_scenario(suite, "alpha_case", objective="Ask what the document says about the costs.")
    now_alpha = runnable_hash(parse_checked(alpha.read_bytes()).data)
    assert _import(suite, runner, 2, {"alpha_case": "PASS"})["recorded"] == 1
    assert stored(suite, "alpha_case")[-1].runnable_hash == now_alpha

    # beta's file now holds another id, written in place: the runs land under the new id
    beta.write_text(beta.read_text(encoding="utf-8").replace("beta_case", "delta_case"), "utf-8")
    third = _import(suite, runner, 3, {"beta_case": "PASS", "delta_case": "PASS"})
    assert (third["recorded"], third["not_in_suite"]) == (1, ["beta_case"])
    assert [r.status for r in stored(suite, "delta_case")] == ["PASS"]

    # a scenario in a new folder: its folder's parent changed, so the suite is walked again
    gamma = write_scenario(suite, "gamma_case", category="tool_use")
    _adopt(suite, runner, gamma.relative_to(suite).as_posix())
    fourth = _import(suite, runner, 4, {"gamma_case": "FAIL", "alpha_case": "PASS"})
    assert (fourth["recorded"], fourth["not_in_suite"]) == (2, [])
    assert "gamma_case.yaml" in {Path(p).name for p in _listing(suite)}

    # the index deleted: the same runs are read back from the files
    before = {sid: stored(suite, sid) for sid in ("alpha_case", "delta_case", "gamma_case")}
    run_store.rebuild_index(load_settings(suite))
    assert {sid: stored(suite, sid) for sid in before} == before


def _kept(suite: Path) -> dict[str, list[Any]]:
    with closing(sqlite3.connect(run_store.index_path(load_settings(suite)))) as db:
        rows = db.execute("SELECT files FROM suite_ids").fetchall()
    return {Path(e[0]).name: e for (files,) in rows for e in json.loads(files)}


def test_an_edited_scenario_is_read_again_and_kept_in_the_listing_with_its_new_hash(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kept listing carries each file's id, runnable hash, size and times, so an import
    reads no other cache; a file edited in place (its folder's times stay) is seen by its own
    size and times, parsed again, its run keyed by the new hash, and the listing kept with the
    new facts: the next import (a fresh interpreter) parses nothing and lands the same hash. An
    older intake's listing (table ``suite_listing``, paths only) is neither read nor changed."""
    monkeypatch.setattr(run_store, "RACY_NS", 0)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    alpha = write_scenario(suite, "alpha_case")
    _adopt(suite, runner, alpha.relative_to(suite).as_posix())
    older = json.dumps([str(alpha)])
    with closing(sqlite3.connect(run_store.index_path(load_settings(suite)))) as db, db:
        db.execute("CREATE TABLE suite_listing (folders TEXT PRIMARY KEY, stamps, paths)")
        db.execute("INSERT INTO suite_listing VALUES ('x', '[]', ?)", (older,))
    assert _import(suite, runner, 1, {"alpha_case": "PASS"})["recorded"] == 1
    then = runnable_hash(parse_checked(alpha.read_bytes()).data)
    assert _kept(suite)["alpha_case.yaml"][1:3] == ["alpha_case", then]

    write_scenario(suite, "alpha_case", objective="Ask what the document says about the costs.")
    now = runnable_hash(parse_checked(alpha.read_bytes()).data)
    assert now != then
    assert _import(suite, runner, 2, {"alpha_case": "FAIL"})["recorded"] == 1
    st = alpha.stat()
    assert _kept(suite)["alpha_case.yaml"] == [
        str(alpha),
        "alpha_case",
        now,
        st.st_size,
        st.st_mtime_ns,
        st.st_ctime_ns,
    ]
    folder = write_run(
        suite / "eval" / "results",
        "eval-20260503-020000",
        night(3),
        {"alpha_case": "PASS"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    code, loaded = loaded_by(["runs", "import", str(folder)], suite)
    assert code in (0, None)
    assert not {"ruamel.yaml", "intake.contract.yamlio"} & loaded
    assert [r.runnable_hash for r in stored(suite, "alpha_case")] == [then, now, now]
    with closing(sqlite3.connect(run_store.index_path(load_settings(suite)))) as db:
        assert db.execute("SELECT paths FROM suite_listing").fetchall() == [(older,)]


def test_runs_import_loads_neither_the_models_nor_the_yaml_library(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the suite's listing and facts cached, ``intake runs import`` (in a fresh
    interpreter) imports neither ``intake.contract.models`` nor the YAML library."""
    monkeypatch.setattr(run_store, "RACY_NS", 0)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, "alpha_case")
    _adopt(suite, runner, path.relative_to(suite).as_posix())
    _import(suite, runner, 1, {"alpha_case": "PASS"})
    folder = write_run(
        suite / "eval" / "results",
        "eval-20260502-020000",
        night(2),
        {"alpha_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    code, loaded = loaded_by(["runs", "import", str(folder)], suite)
    assert code in (0, None)
    assert [r.status for r in stored(suite, "alpha_case")] == ["PASS", "FAIL"]
    assert not {"intake.contract.models", "ruamel.yaml", "intake.contract.yamlio"} & loaded


def test_a_run_of_a_known_commit_is_keyed_by_the_files_as_that_commit_had_them(
    git_suite: Path, runner: Any
) -> None:
    """A run naming a GAIA commit the suite's git knows is keyed by each scenario's runnable
    hash at that commit (read in one batch), and a scenario that commit lacks is named and
    left out."""
    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)

    def commit(path: Path, message: str, when: str) -> tuple[str, str]:
        _adopt(suite, runner, path.relative_to(suite).as_posix())
        git(suite, "add", "-A")
        git(suite, "commit", "-qm", message, when=when)
        alpha = (suite / "scenarios" / "rag_quality" / "alpha_case.yaml").read_bytes()
        return git(suite, "rev-parse", "HEAD"), runnable_hash(parse_checked(alpha).data)

    first, then = commit(write_scenario(suite, "alpha_case"), "alpha", "2026-04-01T00:00:00+00:00")
    write_scenario(suite, "alpha_case", objective="Ask what the document says about the costs.")
    beta = write_scenario(suite, "beta_case")
    second, now = commit(beta, "beta", "2026-04-02T00:00:00+00:00")
    assert then != now

    old = _import(suite, runner, 5, {"alpha_case": "PASS", "beta_case": "PASS"}, commit=first)
    assert old["recorded"] == 1 and "beta_case: not in the suite at GAIA commit" in old["stderr"]
    new = _import(suite, runner, 6, {"alpha_case": "FAIL", "beta_case": "PASS"}, commit=second)
    assert new["recorded"] == 2
    assert [(r.gaia_commit, r.runnable_hash) for r in stored(suite, "alpha_case")] == [
        (first, then),
        (second, now),
    ]
    assert [r.runnable_hash for r in stored(suite, "beta_case")] == [
        runnable_hash(parse_checked(beta.read_bytes()).data)
    ]


def test_a_night_of_a_known_commit_reads_its_files_by_blob_id_once(
    git_suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files of a GAIA commit the suite's git knows are found by their blob ids, each
    blob's facts parsed once and kept: a second night naming the same commit (in a fresh
    interpreter) loads no YAML library and lands the same runnable hash."""
    monkeypatch.setattr(run_store, "RACY_NS", 0)  # the listing and facts cached at once
    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    _adopt(suite, runner, write_scenario(suite, "alpha_case").relative_to(suite).as_posix())
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "alpha", when="2026-04-01T00:00:00+00:00")
    head = git(suite, "rev-parse", "HEAD")
    assert _import(suite, runner, 1, {"alpha_case": "PASS"}, commit=head)["recorded"] == 1
    folder = write_run(
        suite / "eval" / "results",
        "eval-20260502-020000",
        night(2),
        {"alpha_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-1", "commit": head},
    )
    code, loaded = loaded_by(["runs", "import", str(folder)], suite)
    assert code in (0, None)
    runs = stored(suite, "alpha_case")
    assert [(r.status, r.gaia_commit) for r in runs] == [("PASS", head), ("FAIL", head)]
    assert runs[0].runnable_hash == runs[1].runnable_hash
    assert not {"ruamel.yaml", "intake.contract.yamlio"} & loaded


def test_a_scorecard_is_parsed_once_with_json_bounding_its_depth(suite: Path, runner: Any) -> None:
    """The scorecard is parsed in one pass, with no scan of its text before it: ``json``'s own
    recursion check refuses a hostile nesting (one line, exit 2, no run file written), and a
    deep part of a field the reader does not take (200 levels inside a turn) is read past."""
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, "alpha_case")
    _adopt(suite, runner, path.relative_to(suite).as_posix())
    hostile = write_run(suite / "eval" / "results", "eval-20260501-020000", night(1), {})
    card = hostile / "scorecard.json"
    card.write_text('{"run_id": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    done = runner.invoke(app, ["runs", "import", str(hostile), "--model", STRONG])
    assert done.exit_code == 2, done.output
    where = card.relative_to(suite).as_posix()
    assert done.stderr == f"error: scorecard nests deeper than 100 levels ({where})\n"
    assert not run_store.store_dir(load_settings(suite)).exists()

    folder = write_run(
        suite / "eval" / "results", "eval-20260502-020000", night(2), {"alpha_case": "FAIL"}
    )
    doc = json.loads((folder / "scorecard.json").read_text(encoding="utf-8"))
    doc["scenarios"][0]["turns"][0]["details"] = json.loads("[" * 200 + "]" * 200)
    (folder / "scorecard.json").write_text(json.dumps(doc), encoding="utf-8")
    done = runner.invoke(app, ["runs", "import", str(folder), "--model", STRONG])
    assert done.exit_code == 0, done.output
    assert [r.status for r in stored(suite, "alpha_case")] == ["FAIL"]

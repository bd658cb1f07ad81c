"""What the outside audit of ``intake health`` (tests/benchmarks/bench_health_outside.py) found,
each reduced to its smallest reproduction: a killed run dated by its run id, a run of a commit
before a scenario's file was renamed kept under the id, an issue reference in another letter
case matched to its closing. Each failed on the code before its fix."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.store.records import utcnow
from tests.support.gitrepo import git
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    PYPROJECT_EXTRA,
    STRONG,
    write_run,
    write_scenario,
)


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI sets GITHUB_SHA and RUNNER_NAME, which the import reads: each test names its own."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


# Found by the outside audit (fixed): a killed run (traces only, no scorecard.json) is stored as
# started when its first trace file was modified (results.read_run_folder: `at or traced`,
# _trace_results' modified_at), not at the start its folder's GAIA run id names (runner.py
# L1815-1817), as docs/health.md says a run's time is. A results folder copied or downloaded (an
# artifact) has files of the copy's time: the run becomes the newest, the 14-night window is
# counted back from the import clock (the audit's 14-night history lost its first 5 nights: 4,948
# runs) and 'before the fix' by start places it after every closing
def test_a_killed_run_is_dated_by_the_run_id_its_folder_is_named(suite: Path, runner: Any) -> None:
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "budget_case")
    adopted = runner.invoke(
        app,
        [
            "adopt",
            "scenarios/rag_quality/budget_case.yaml",
            "--source",
            "hand",
            "--reviewer",
            "alice",
        ],
    )
    assert adopted.exit_code == 0, adopted.output
    start = (utcnow() - timedelta(days=3)).replace(microsecond=0)
    run_id = f"eval-{start:%Y%m%d-%H%M%S}"
    folder = write_run(
        suite / "eval" / "results",
        run_id,
        start + timedelta(hours=1),
        {"budget_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    (folder / "scorecard.json").unlink()  # killed before the scorecard was written
    imported = runner.invoke(app, ["runs", "import", "eval/results"])
    assert imported.exit_code == 0, imported.output
    (stored,) = (suite / "intake-runs").glob("*/*.json")
    doc = json.loads(stored.read_text(encoding="utf-8"))
    assert doc["run_id"] == run_id
    assert doc["started"].startswith(start.isoformat().removesuffix("+00:00"))


# Found by the outside audit (fixed): a run of a GAIA commit from before a scenario's file was
# renamed (git mv, its YAML id unchanged) loses that scenario's result at import: 'not in the
# suite at GAIA commit …; not recorded', though the id was in the suite at that commit under its
# old file name (docs/health.md: a scenario is its YAML id, never its file name). In the audit a
# machine a night behind and a daytime run lost every result of the 18 renamed scenarios of that
# night
def test_a_run_of_the_commit_before_a_rename_is_recorded_under_the_id(
    git_suite: Path, runner: Any
) -> None:
    with (git_suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    old = write_scenario(git_suite, "budget_case")
    now = utcnow().replace(microsecond=0)
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "a case", when=(now - timedelta(days=2)).isoformat())
    adopted = runner.invoke(
        app, ["adopt", str(old.relative_to(git_suite)), "--source", "hand", "--reviewer", "alice"]
    )
    assert adopted.exit_code == 0, adopted.output
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "adopt it", when=(now - timedelta(days=2)).isoformat())
    before = git(git_suite, "rev-parse", "HEAD")
    folder = old.parent
    git(git_suite, "mv", "scenarios/rag_quality/budget_case.yaml", "scenarios/rag_quality/b.yaml")
    git(
        git_suite,
        "mv",
        "scenarios/rag_quality/budget_case.intake.json",
        "scenarios/rag_quality/b.intake.json",
    )
    git(git_suite, "commit", "-qm", "rename the file", when=(now - timedelta(days=1)).isoformat())
    assert (folder / "b.yaml").is_file()
    start = now - timedelta(hours=2)
    write_run(
        git_suite / "eval" / "results",
        f"eval-{start:%Y%m%d-%H%M%S}",
        start + timedelta(hours=1),
        {"budget_case": "FAIL"},
        meta={"model": STRONG, "machine": "ci-2", "commit": before},
    )
    imported = runner.invoke(app, ["runs", "import", "eval/results"])
    assert imported.exit_code == 0, imported.output
    (stored,) = (git_suite / "intake-runs").glob("*/*.json")
    doc = json.loads(stored.read_text(encoding="utf-8"))
    assert [r[0] for r in doc["results"]] == ["budget_case"], imported.stderr


# Found by the outside audit (fixed): an issue reference whose owner/repo is written in another
# letter case than GitHub's (`https://github.com/AMD/Gaia/issues/7`; GitHub's names are case-
# insensitive, and GitHub's API answers either) is never matched by the closings file `gh issue
# list --json url,…` writes (`https://github.com/amd/gaia/issues/7`): `bugs refresh --closings`
# reads 0 issues and the bug stays 'unknown' (bugs.read_closings keys by the repo as written)
def test_a_reference_in_another_letter_case_gets_its_closing(suite: Path, runner: Any) -> None:
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "bug_case")
    adopted = runner.invoke(
        app,
        [
            "adopt",
            "scenarios/rag_quality/bug_case.yaml",
            "--source",
            "issue",
            "--reviewer",
            "alice",
            "--link",
            "https://github.com/AMD/Gaia/issues/7",
        ],
    )
    assert adopted.exit_code == 0, adopted.output
    closing = {
        "url": "https://github.com/amd/gaia/issues/7",
        "number": 7,
        "closedAt": "2026-11-01T00:00:00Z",
        "stateReason": "COMPLETED",
    }
    (suite / "closings.json").write_text(json.dumps([closing]), encoding="utf-8")
    refreshed = runner.invoke(app, ["bugs", "refresh", "--closings", "closings.json"])
    assert refreshed.exit_code == 0, refreshed.output
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    (bug,) = doc["bugs"]["bugs"]
    assert bug["outcome"] != "unknown"
    assert bug["closed_at"] is not None and bug["closed_at"].startswith("2026-11-01")

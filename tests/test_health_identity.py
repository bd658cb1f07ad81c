"""One identity per scenario, GAIA's: runs, health, bugs and the split are keyed on the YAML
``id`` GAIA's runner reports (amd/gaia ``src/gaia/eval/runner.py`` L409), never the file name.

GAIA's ``eval/scenarios/mcp_reliability`` files are named differently from their ids
(``simple_tool_call.yaml`` holds ``mcp_simple_tool_call``): every test here runs on that
layout, copied from the corpus. And ``runs import eval/results`` on GAIA's results folder as it
is (phase2, code-run1, sessions-run1, baseline.json) names each thing it skips and exits 0.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.split import assign, suite_categories
from intake.report.health import make_health
from intake.store.records import load_record, record_path
from tests.support.env import GAIA, GAIA_SCENARIOS, requires_gaia_corpus
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    stored,
    write_run,
)

pytestmark = requires_gaia_corpus()


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def _ids(folder: Path) -> dict[str, str]:
    """file stem → YAML id of GAIA's mcp_reliability files."""
    from intake.contract.yamlio import parse_checked

    return {
        p.stem: str(parse_checked(p.read_bytes()).data["id"]) for p in sorted(folder.glob("*.yaml"))
    }


@pytest.fixture
def mcp_suite(suite: Path, runner: Any) -> dict[str, str]:
    """GAIA's mcp_reliability scenarios adopted into the suite; returns stem → id."""
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    target = suite / "scenarios" / "mcp_reliability"
    shutil.copytree(GAIA_SCENARIOS / "mcp_reliability", target)
    ids = _ids(target)
    assert len(ids) == 10 and all(stem != sid for stem, sid in ids.items())
    for stem in ids:
        result = runner.invoke(
            app,
            [
                "adopt",
                f"scenarios/mcp_reliability/{stem}.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        )
        assert result.exit_code == 0, result.output + result.stderr
    return ids


@pytest.mark.slow
def test_runs_of_mcp_reliability_land_under_their_ids(
    suite: Path, runner: Any, mcp_suite: dict[str, str]
) -> None:
    results = suite / "eval" / "results"
    statuses = {sid: "PASS" for sid in mcp_suite.values()}
    write_run(
        results,
        "eval-20260501-020000",
        night(1),
        statuses,
        meta={"model": STRONG, "commit": "abcdef12", "machine": "ci-1"},
    )
    result = runner.invoke(app, ["runs", "import", "eval/results", "--format", "json"])
    assert result.exit_code == 0, result.output + result.stderr
    doc = json.loads(result.stdout)
    assert doc["recorded"] == 10 and doc["not_in_suite"] == []
    for stem, sid in mcp_suite.items():
        record = load_record(record_path(suite / "scenarios" / "mcp_reliability" / f"{stem}.yaml"))
        assert record.id == sid and record.suite_runs == []  # no record touched
        assert [r.run_id for r in stored(suite, sid)] == ["eval-20260501-020000"]
    health = make_health(load_settings(suite))
    by_id = {s.scenario_id: s for s in health.scenarios}
    assert set(by_id) == set(mcp_suite.values())
    assert all(s.runs_read == 1 for s in by_id.values())


def test_the_split_hashes_the_id_not_the_file_name(
    suite: Path, runner: Any, mcp_suite: dict[str, str]
) -> None:
    settings = load_settings(suite)
    assert suite_categories(settings) == dict.fromkeys(mcp_suite.values(), "mcp_reliability")
    result = runner.invoke(app, ["split", "--dry-run"])
    assert result.exit_code == 0, result.output + result.stderr
    drawn = assign(
        dict.fromkeys(mcp_suite.values(), "mcp_reliability"),
        settings.split_salt,
        settings.split_heldout,
    )
    shown = dict(line.split(": ") for line in result.stdout.splitlines()[:-1])
    assert shown == drawn


@pytest.mark.slow
def test_bugs_link_and_refresh_find_a_scenario_by_its_id(
    suite: Path, runner: Any, mcp_suite: dict[str, str], tmp_path: Path
) -> None:
    stem, sid = next(iter(mcp_suite.items()))
    linked = runner.invoke(
        app, ["bugs", "link", sid, "https://github.com/amd/gaia/issues/7", "--reviewer", "bob"]
    )
    assert linked.exit_code == 0, linked.output + linked.stderr
    record = load_record(record_path(suite / "scenarios" / "mcp_reliability" / f"{stem}.yaml"))
    assert record.bug is not None and record.bug.issue == "github:amd/gaia#7"
    closings = tmp_path / "closings.json"
    closings.write_text(
        json.dumps(
            {
                "url": "https://github.com/amd/gaia/issues/7",
                "number": 7,
                "closedAt": None,
                "stateReason": None,
            }
        )
    )
    refreshed = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings), sid])
    assert refreshed.exit_code == 0, refreshed.output + refreshed.stderr
    record = load_record(record_path(suite / "scenarios" / "mcp_reliability" / f"{stem}.yaml"))
    assert record.bug is not None and record.bug.checked_at is not None
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert [(b["id"], b["outcome"]) for b in report["bugs"]["bugs"]] == [(sid, "open")]
    stale = runner.invoke(app, ["bugs", "link", stem, "amd/gaia#7", "--reviewer", "bob"])
    assert stale.exit_code == 2 and "no scenario has this id" in stale.stderr


@pytest.mark.slow
def test_gaias_results_folder_as_it_is_imports_and_names_what_it_skips(
    suite: Path, runner: Any, mcp_suite: dict[str, str]
) -> None:
    results = suite / "eval" / "results"
    shutil.copytree(GAIA / "eval" / "results", results)
    write_run(
        results,
        "eval-20260501-020000",
        night(1),
        {sid: "FAIL" for sid in mcp_suite.values()},
        meta={"model": STRONG, "commit": "abcdef12", "machine": "ci-1"},
    )
    result = runner.invoke(app, ["runs", "import", "eval/results"])
    assert result.exit_code == 0, result.output + result.stderr
    skipped = [line for line in result.stderr.splitlines() if line.startswith("skipped ")]
    named = {Path(line.split(":")[0].removeprefix("skipped ")).name: line for line in skipped}
    assert set(named) == {"code-run1", "sessions-run1", "phase2", "baseline.json"}, skipped
    assert "gaia eval code" in named["code-run1"]
    assert "session-replay" in named["sessions-run1"]
    assert "phase2" in named["phase2"]
    assert "saved baseline" in named["baseline.json"]
    assert "imported 1 run(s): 10 result(s) recorded" in result.stdout
    assert "4 skipped" in result.stdout
    again = runner.invoke(app, ["runs", "import", "eval/results", "--format", "json"])
    assert again.exit_code == 0
    doc = json.loads(again.stdout)
    assert doc["recorded"] == 0 and doc["already_recorded"] == 10 and len(doc["skipped"]) == 4


def test_a_results_folder_of_nothing_but_other_scorecards_exits_0(suite: Path, runner: Any) -> None:
    results = suite / "eval" / "results"
    shutil.copytree(GAIA / "eval" / "results", results)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    result = runner.invoke(app, ["runs", "import", "eval/results", "--model", STRONG])
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stderr.count("skipped ") == 4
    assert "imported 0 run(s)" in result.stdout and "Traceback" not in result.stderr


@pytest.mark.slow
def test_every_gaia_scenario_lands_under_its_id(suite: Path, runner: Any) -> None:
    """GAIA's whole suite adopted: a run naming every scenario id records every one, none
    dropped, and health reads each under its id."""
    from intake.contract.yamlio import parse_checked

    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    shutil.rmtree(suite / "scenarios")
    shutil.copytree(GAIA_SCENARIOS, suite / "scenarios")
    adopted = runner.invoke(app, ["adopt", "scenarios", "--source", "hand", "--reviewer", "alice"])
    assert adopted.exit_code == 0, adopted.output + adopted.stderr
    ids = {
        str(parse_checked(p.read_bytes()).data["id"]): p
        for p in (suite / "scenarios").rglob("*.yaml")
        if record_path(p).is_file()
    }
    assert len(ids) >= 80
    renamed = [sid for sid, p in ids.items() if p.stem != sid]
    assert len(renamed) >= 10  # mcp_reliability among them
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        dict.fromkeys(ids, "PASS"),
        meta={"model": STRONG, "machine": "ci-1"},
    )
    result = runner.invoke(app, ["runs", "import", "eval/results", "--format", "json"])
    assert result.exit_code == 0, result.output + result.stderr
    doc = json.loads(result.stdout)
    assert doc["recorded"] == len(ids) and doc["not_in_suite"] == []
    health = make_health(load_settings(suite))
    read = {s.scenario_id: s.runs_read for s in health.scenarios}
    assert all(read[sid] == 1 for sid in ids)

"""Adopted scenarios are dated by git (the commit that first added each file), not by adoption.

The report's monthly trend then says when each scenario really arrived (issue 24, item 3).
"""

from __future__ import annotations

import json
import os
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from intake.cli import app
from intake.gitutil import first_added
from intake.store.records import load_record, record_path
from tests.support.gitrepo import legacy_scenario


def _commit(root: Path, message: str, when: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    subprocess.run(["git", "add", "-A"], cwd=root, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=root, check=True, env=env)


def _history(root: Path) -> dict[str, Path]:
    """Three hand-written scenarios over nine months, then an issue scenario, one renamed."""
    paths = {"march": legacy_scenario(root, "march")}
    _commit(root, "march", "2025-03-10T09:00:00+00:00")
    paths["june"] = legacy_scenario(root, "june")
    _commit(root, "june", "2025-06-12T09:00:00+00:00")
    paths["september"] = legacy_scenario(root, "september")
    _commit(root, "september", "2025-09-15T09:00:00+00:00")
    moved = root / "scenarios" / "moved" / "march.yaml"
    moved.parent.mkdir(parents=True)
    subprocess.run(["git", "mv", str(paths["march"]), str(moved)], cwd=root, check=True)
    _commit(root, "move march", "2025-11-20T09:00:00+00:00")
    paths["march"] = moved
    return paths


def test_first_added_follows_renames_in_one_call(git_suite: Path) -> None:
    paths = _history(git_suite)
    dates = first_added(git_suite, [git_suite / "scenarios"])
    assert dates[paths["march"].resolve()] == datetime(2025, 3, 10, 9, tzinfo=UTC)
    assert dates[paths["june"].resolve()] == datetime(2025, 6, 12, 9, tzinfo=UTC)
    assert dates[paths["september"].resolve()] == datetime(2025, 9, 15, 9, tzinfo=UTC)
    untracked = legacy_scenario(git_suite, "untracked")
    assert untracked.resolve() not in first_added(git_suite, [git_suite / "scenarios"])


def test_first_added_outside_git_is_empty(suite: Path) -> None:
    legacy_scenario(suite, "alone")
    assert first_added(suite, [suite / "scenarios"]) == {}


@pytest.mark.slow
def test_adopted_scenarios_keep_their_git_dates_in_the_trend(git_suite: Path, runner) -> None:
    paths = _history(git_suite)
    adopted = runner.invoke(
        app,
        [
            "adopt",
            "scenarios",
            "--source",
            "hand",
            "--reviewer",
            "alice",
            "--rationale",
            "Needs two facts.",
        ],
    )
    assert adopted.exit_code == 0, adopted.output
    record = load_record(record_path(paths["june"]))
    assert record.source.captured_at == datetime(2025, 6, 12, 9, tzinfo=UTC)
    assert record.source.details["dated_by"] == "git"
    assert record.adoption is not None and record.adoption.at.year >= 2026
    _commit(git_suite, "adopt", "2026-01-05T09:00:00+00:00")
    # a real-use scenario arrives later; the trend must show the hand-written ones before it
    issue = legacy_scenario(git_suite, "from_issue")
    text = issue.read_text().replace(
        "category: rag_quality\n",
        "category: rag_quality\nsource:\n  type: issue\n  link: https://github.com/a/b/issues/1\n"
        "difficulty_rationale: Two facts.\n",
    )
    issue.write_text(text)
    _commit(git_suite, "issue", "2026-02-03T09:00:00+00:00")
    report = json.loads(
        runner.invoke(app, ["report", "--format", "json", "--since", "2025-03"]).stdout
    )
    months = {m["month"]: m for m in report["over_time"]["months"]}
    assert months["2025-03"]["scenarios"] == 1
    assert months["2025-06"]["scenarios"] == 2
    assert months["2025-09"]["scenarios"] == 3
    assert months["2025-12"]["real_use_share"] == 0
    assert months["2026-02"]["scenarios"] == 4
    assert months["2026-02"]["real_use_share"] == 0.25
    assert report["over_time"]["undated"] == 0


def test_old_adoption_records_are_dated_by_git_in_the_report(git_suite: Path, runner) -> None:
    """A record adopted outside git (dated the day of adoption) is dated by git once it is."""
    path = legacy_scenario(git_suite, "old")
    adopted = runner.invoke(
        app,
        [
            "adopt",
            "scenarios",
            "--source",
            "hand",
            "--reviewer",
            "alice",
            "--rationale",
            "Needs two facts.",
        ],
    )
    assert adopted.exit_code == 0, adopted.output
    assert load_record(record_path(path)).source.details["dated_by"] == "adoption"
    _commit(git_suite, "old", "2024-05-02T09:00:00+00:00")
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    first = report["over_time"]["months"][0]
    assert first["month"] == "2024-05"
    assert first["scenarios"] == 1

"""The held-out split (stable, stratified, salt-dependent, written at promotion) and the
lifecycle with reasons (quarantine keeps running and is counted; retire leaves the runner's
folder and keeps its history), with ``check`` treating both as changes intake wrote."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import LifecycleState
from intake.contract.yamlio import parse_checked
from intake.lifecycle.promote import promote
from intake.lifecycle.split import HELDOUT, TRAIN, assign, split_hash
from intake.report.health import make_health
from intake.store.journal import crash_steps
from intake.store.ledger import Ledger
from intake.store.records import content_hash, load_record, record_path
from tests.support.crash_harness import run, run_killed
from tests.support.env import posix_only
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    LOCAL,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    stored,
    write_run,
    write_scenario,
)
from tests.support.promote_helpers import make_ready

SUITE = {f"case_{c}_{i:03d}": c for c in ("rag", "tools", "memory") for i in range(60)}
SUITE |= {f"small_{i}": "tiny" for i in range(4)}


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI sets GITHUB_SHA and RUNNER_NAME, which the import reads: each test names its own."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_split_is_stratified_about_seventy_thirty() -> None:
    split = assign(SUITE, "salt-1", 0.3)
    for category in ("rag", "tools", "memory"):
        held = [i for i, c in SUITE.items() if c == category and split[i] == HELDOUT]
        assert len(held) == 18  # 30 % of 60, in every category
    assert sum(split[f"small_{i}"] == HELDOUT for i in range(4)) == 1  # round(0.3 × 4)
    assert set(split.values()) == {TRAIN, HELDOUT}


def test_split_is_stable_across_runs_and_machines() -> None:
    first = assign(SUITE, "salt-1", 0.3)
    shuffled = dict(sorted(SUITE.items(), reverse=True))
    assert assign(shuffled, "salt-1", 0.3) == first
    code = (
        "import json, sys; from intake.lifecycle.split import assign; "
        "suite = json.loads(sys.stdin.read()); print(json.dumps(assign(suite, 'salt-1', 0.3)))"
    )
    other = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps(SUITE),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )
    assert json.loads(other.stdout) == first
    assert split_hash("case_rag_000", "salt-1") == split_hash("case_rag_000", "salt-1")


def test_split_changes_only_with_the_salt() -> None:
    first = assign(SUITE, "salt-1", 0.3)
    rotated = assign(SUITE, "salt-2", 0.3)
    moved = sum(first[i] != rotated[i] for i in SUITE)
    assert moved > 20
    for category in ("rag", "tools", "memory"):
        assert sum(1 for i, c in SUITE.items() if c == category and rotated[i] == HELDOUT) == 18


def test_promotion_writes_the_split_tag_and_health_reports_it(suite: Path) -> None:
    make_ready(suite)
    settings = load_settings(suite)
    result = promote(settings, "pdf_summary_loop")
    tags = parse_checked(Path(result.destination).read_bytes()).data["tags"]
    assert tags[0] == "capability" and tags[1] in (TRAIN, HELDOUT) and len(tags) == 2
    expected = HELDOUT if split_hash("pdf_summary_loop", settings.split_salt) < 0.3 else TRAIN
    assert tags[1] == expected
    health = make_health(settings)
    assert list(health.by_split()) == ["heldout" if expected == HELDOUT else "train"]


def _adopted(suite: Path, runner: Any, sid: str = "old_case") -> Path:
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, sid)
    result = runner.invoke(
        app,
        [
            "adopt",
            f"scenarios/rag_quality/{sid}.yaml",
            "--source",
            "synthetic",
            "--reviewer",
            "alice",
        ],
    )
    assert result.exit_code == 0, result.output
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        {sid: "PASS"},
        meta={"model": STRONG, "commit": "abcdef12"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    return path


def test_quarantine_tags_it_keeps_running_and_check_accepts_it(suite: Path, runner: Any) -> None:
    path = _adopted(suite, runner)
    adopted = path.read_bytes()
    result = runner.invoke(app, ["quarantine", "old_case", "--reason", "judge disagrees"])
    assert result.exit_code == 0, result.output
    assert "quarantined" in parse_checked(path.read_bytes()).data["tags"]
    record = load_record(record_path(path))
    assert record.lifecycle[-1].state is LifecycleState.quarantined
    assert record.lifecycle[-1].reason == "judge disagrees"
    assert record.adoption is not None and record.adoption.content_hash == content_hash(path)
    assert len(stored(suite, "old_case")) == 1  # history kept
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 0, checked.output
    doc = json.loads(runner.invoke(app, ["health", "--format", "json"]).stdout)
    assert doc["quarantined"] == [{"id": "old_case", "reason": "judge disagrees"}]
    assert "Health:" in runner.invoke(app, ["report"]).stdout
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert report["health"]["quarantined"][0]["id"] == "old_case"
    html = runner.invoke(app, ["report", "--format", "html"]).stdout
    assert '<section id="health">' in html and "quarantined <code>old_case</code>" in html
    again = runner.invoke(app, ["quarantine", "old_case", "--reason", "x"])
    assert again.exit_code == 2 and "already quarantined" in again.stderr
    lifted = runner.invoke(app, ["quarantine", "old_case", "--lift", "--reason", "fixed rubric"])
    assert lifted.exit_code == 0, lifted.output
    assert path.read_bytes() == adopted  # the lift takes back the one line the tag added
    assert runner.invoke(app, ["check"]).exit_code == 0


def test_a_hand_added_quarantine_tag_fails_check(suite: Path, runner: Any) -> None:
    path = _adopted(suite, runner)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "category: rag_quality\n", "category: rag_quality\ntags: [quarantined]\n", 1
        ),
        encoding="utf-8",
    )
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 1
    assert "quarantine-unrecorded" in checked.output or "quarantined without" in checked.output


def test_retire_leaves_the_runners_folder_and_keeps_history(suite: Path, runner: Any) -> None:
    path = _adopted(suite, runner)
    result = runner.invoke(app, ["retire", "old_case", "--reason", "superseded by new_case"])
    assert result.exit_code == 0, result.output
    moved = suite / "retired" / "rag_quality" / "old_case.yaml"
    assert not path.exists() and not record_path(path).exists()
    assert moved.is_file() and not list((suite / "scenarios").rglob("*.yaml"))
    record = load_record(record_path(moved))
    assert record.lifecycle[-1].state is LifecycleState.retired
    assert len(stored(suite, "old_case")) == 1
    with Ledger.open(load_settings(suite).ledger) as ledger:
        kinds = [e.kind for e in ledger.history("old_case")]
    assert "retire" in kinds and "adoption" in kinds
    assert runner.invoke(app, ["check"]).exit_code == 0
    doc = json.loads(runner.invoke(app, ["health", "--format", "json"]).stdout)
    assert doc["retired"][0]["id"] == "old_case" and doc["scenarios"] == []
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert report["health"]["retired"][0]["reason"] == "superseded by new_case"
    moved.write_text(moved.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 1 and "differs from what was retired" in checked.output
    again = runner.invoke(app, ["retire", "old_case", "--reason", "x"])
    assert again.exit_code == 2 and "retired" in again.stderr


def test_a_retired_record_is_read_within_the_record_bounds(suite: Path, runner: Any) -> None:
    """The retired folder's records are read as every record is (``load_record``): one nested
    past ``MAX_JSON_DEPTH`` holds no retirement the check can trust."""
    _adopted(suite, runner)
    assert runner.invoke(app, ["retire", "old_case", "--reason", "superseded"]).exit_code == 0
    rec = record_path(suite / "retired" / "rag_quality" / "old_case.yaml")
    doc = json.loads(rec.read_text(encoding="utf-8"))
    doc["source"]["details"]["deep"] = json.loads("[" * 101 + "]" * 101)
    rec.write_text(json.dumps(doc), encoding="utf-8")
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 1
    assert "without a retirement in its record" in checked.output


@posix_only("the crash points kill the process with SIGKILL")
@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("retire", writes=2, removes=2))
def test_a_killed_retire_leaves_the_scenario_whole_and_a_rerun_finishes(
    suite: Path, runner: Any, step: str
) -> None:
    path = _adopted(suite, runner)
    moved = suite / "retired" / "rag_quality" / "old_case.yaml"
    run_killed(suite, step, ["retire", "old_case", "--reason", "superseded"])
    assert (path.exists() and record_path(path).exists()) or (
        moved.exists() and record_path(moved).exists()
    )
    again = run(suite, ["retire", "old_case", "--reason", "superseded"])
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    if decided:
        assert again.returncode == 2 and "the scenario is retired" in again.stderr, again.stderr
    else:
        assert again.returncode == 0, again.stderr
    assert moved.is_file() and record_path(moved).is_file() and not path.exists()
    assert load_record(record_path(moved)).lifecycle[-1].state is LifecycleState.retired
    with Ledger.open(load_settings(suite).ledger) as ledger:
        kinds = [e.kind for e in ledger.history("old_case")]
    assert kinds.count("retire") == 1
    assert run(suite, ["check"]).returncode == 0


@posix_only("the crash points kill the process with SIGKILL")
@pytest.mark.slow
def test_a_killed_import_rerun_records_each_result_once(suite: Path, runner: Any) -> None:
    """Killed after the first of two run files: the rerun writes the second, the first once,
    and no record changes."""
    path = _adopted(suite, runner)
    second = write_scenario(suite, "next_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/next_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    records = {p: record_path(p).read_bytes() for p in (path, second)}
    files = len(list((suite / "intake-runs").rglob("*.json")))
    nightly = suite / "eval" / "nightly"
    for run_id, model in (("eval-20260502-020000", STRONG), ("eval-20260502-030000", LOCAL)):
        write_run(
            nightly,
            run_id,
            night(2),
            {"old_case": "FAIL", "next_case": "PASS"},
            meta={"model": model, "commit": "abcdef12"},
        )
    run_killed(suite, "runs-import:run-written", ["runs", "import", str(nightly)])
    assert len(list((suite / "intake-runs").rglob("*.json"))) == files + 1
    again = run(suite, ["runs", "import", str(nightly)])
    assert again.returncode == 0, again.stderr
    assert "2 result(s) recorded" in again.stdout and "2 already recorded" in again.stdout
    for scenario in (path, second):
        keys = [
            (r.run_id, r.model)
            for r in stored(suite, scenario.stem)
            if r.run_id.startswith("eval-20260502")
        ]
        assert sorted(keys) == [("eval-20260502-020000", STRONG), ("eval-20260502-030000", LOCAL)]
        assert record_path(scenario).read_bytes() == records[scenario]
    assert run(suite, ["check"]).returncode == 0


@pytest.mark.slow
def test_split_tags_an_adopted_suite_once_and_check_accepts_it(suite: Path, runner: Any) -> None:
    for n in range(10):
        write_scenario(suite, f"rag_{n}")
        write_scenario(suite, f"tool_{n}", category="tool_selection")
    assert (
        runner.invoke(
            app, ["adopt", "scenarios", "--source", "hand", "--reviewer", "alice"]
        ).exit_code
        == 0
    )
    dry = runner.invoke(app, ["split", "--dry-run"])
    assert dry.exit_code == 0 and "would tag 20 scenario(s): 6 held out" in dry.stdout
    assert not any("split-" in p.read_text() for p in (suite / "scenarios").rglob("*.yaml"))
    result = runner.invoke(app, ["split"])
    assert result.exit_code == 0, result.output
    assert "tagged 20 scenario(s): 6 held out, 14 for training" in result.stdout
    expected = assign(
        {f"rag_{n}": "rag_quality" for n in range(10)}
        | {f"tool_{n}": "tool_selection" for n in range(10)},
        load_settings(suite).split_salt,
        0.3,
    )
    for path in (suite / "scenarios").rglob("*.yaml"):
        assert expected[path.stem] in parse_checked(path.read_bytes()).data["tags"]
    assert runner.invoke(app, ["check"]).exit_code == 0
    assert "tagged 0 scenario(s)" in runner.invoke(app, ["split"]).stdout
    splits = make_health(load_settings(suite)).by_split()
    assert sum(splits["heldout"].values()) == 6 and sum(splits["train"].values()) == 14


def test_the_split_is_drawn_never_taken_from_the_draft(suite: Path) -> None:
    """A draft that carries the split tag opposite to the draw gets the drawn one at promotion
    (issue 37 item 5); one that carries the drawn tag is left byte for byte."""
    from intake.lifecycle.split import split_for, suite_categories, with_split

    settings = load_settings(suite)
    drawn = split_for(
        "carried_case",
        "rag_quality",
        suite_categories(settings),
        settings.split_salt,
        settings.split_heldout,
    )
    other = HELDOUT if drawn == TRAIN else TRAIN
    head = b"id: carried_case\r\ncategory: rag_quality\r\n"
    carried = head + f"tags: [capability, {other}]  # kept\r\n".encode() + b"turns: []\r\n"
    written = with_split(settings, carried, "carried_case", "rag_quality")
    assert parse_checked(written).data["tags"] == ["capability", drawn]
    assert written.replace(drawn.encode(), other.encode()) == carried  # only the tag changed
    assert with_split(settings, written, "carried_case", "rag_quality") == written

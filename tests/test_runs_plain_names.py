"""Names ``runs import`` vets without building the scrubber (issue 38 item 7): a machine or
judge name made only of technical words and short numbers, and a GAIA commit (hex digits), are
cleared by their shape; anything else still goes to the real scrubber, and nothing the scrubber
would find is ever cleared by the shape rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.runs.results import plain_by_shape
from intake.lifecycle.runs.store import read_run, run_files
from intake.scrub import engine
from intake.store.suite import finding_types
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    write_run,
    write_scenario,
)

CLEARED = (
    "ci-1",
    "claude-sonnet-4-6",
    "qwen3-4b-local",
    "claude-opus-4",
    "runner-12",
    "strix-halo-gpu-2",
    "llama-3.1-8b-instruct",
    "qwen3-30b-a3b",
    "gemma-3-4b-it-q4_k_m",
    "ubuntu-latest",
    "gpt-4.1-mini",
)
NOT_CLEARED = (
    "alice-laptop",
    "ci-alice",
    "jsmith-mbp",
    "ci-555-1234-567",
    "ci-10.0.0.1",
    "5551234",
    "10.0.0.1",
    "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "ci-1234567",
    "claude-sonnet-4-6/home/bob",
    "eve.engineer",
    "ci-1 x",
)


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_the_shape_rule_clears_only_names_the_scrubber_finds_nothing_in(suite: Path) -> None:
    settings = load_settings(suite)
    for name in CLEARED:
        assert plain_by_shape(settings, name), name
        assert finding_types(settings, name) == [], name  # the real scrubber agrees
    for name in NOT_CLEARED:
        assert not plain_by_shape(settings, name), name


@pytest.mark.parametrize(
    "setting", ['scrubbers_dir = "my-scrubbers"', 'spacy_model = "en_core_web_sm"']
)
def test_a_suite_with_its_own_recognizers_or_ner_clears_nothing_by_shape(
    suite: Path, setting: str
) -> None:
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(setting + "\n")
    assert not plain_by_shape(load_settings(suite), "ci-1")


def test_commit_hashes_hold_nothing_the_scrubber_finds(suite: Path) -> None:
    """``runs import`` takes a commit of 7-40 hex digits without the scrubber: it finds
    nothing in one (a full SHA, an abbreviation, all digits, all letters)."""
    settings = load_settings(suite)
    for sha in (
        "78bbc3076bc329ec58bb2ad8bbe460d752c66d83",
        "a1b2c3d4",
        "5551234567",
        "0123456789abcdef0123456789abcdef01234567",
        "deadbeefcafe",
        "4155550123",
    ):
        assert finding_types(settings, sha) == [], sha


def test_importing_a_night_of_plain_names_does_not_build_the_scrubber(
    suite: Path, runner: Any
) -> None:
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
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS"},
        meta={
            "model": STRONG,
            "commit": "78bbc3076bc329ec58bb2ad8bbe460d752c66d83",
            "machine": "ci-1",
        },
    )
    engine._cached_scrubber.cache_clear()
    result = runner.invoke(app, ["runs", "import", "eval/results"])
    assert result.exit_code == 0, result.stderr
    assert engine._cached_scrubber.cache_info().currsize == 0
    (stored,) = [read_run(p) for p in run_files(load_settings(suite))]
    assert (stored.machine, stored.judge, stored.commit) == (
        "ci-1",
        "claude-sonnet-4-6",
        "78bbc3076bc329ec58bb2ad8bbe460d752c66d83",
    )


@pytest.mark.parametrize("machine", ["alice-laptop", "ci-alice"])
def test_a_machine_name_the_shape_rule_does_not_clear_still_goes_to_the_scrubber(
    suite: Path, runner: Any, machine: str
) -> None:
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
    write_run(
        suite / "eval" / "results",
        "eval-20260501-020000",
        night(1),
        {"alpha_case": "PASS"},
        meta={"model": STRONG, "machine": machine},
    )
    engine._cached_scrubber.cache_clear()
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    assert engine._cached_scrubber.cache_info().currsize == 1

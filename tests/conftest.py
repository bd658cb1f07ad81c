"""Shared fixtures: isolation from the user's machine, a temporary suite, the CLI runner."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from tests.support import gitrepo
from tests.support.env import REPO, SUITE_PYPROJECT, set_home
from tests.support.github_server import FakeGitHub

# The suite is a gate: the same examples every run (a seed from each test's own source), so a
# red run is a change, not a draw. INTAKE_HYPOTHESIS=explore draws new examples each run, to go
# looking for classes the fixed draw does not reach (docs/scrubber.md, "The matrix").
# Fixtures shared by several test modules live beside their helpers in tests/support/
pytest_plugins = ("tests.support.control",)

settings.register_profile("gate", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("INTAKE_HYPOTHESIS", "gate"))


@pytest.fixture(autouse=True)
def _isolate(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """No test reads the user's configuration, tokens or GAIA databases, or the public API."""
    for key in list(os.environ):
        # a CI job on a pull request sets GITHUB_BASE_REF (and a step summary) for every
        # process: a test that wants them sets them itself
        if key.startswith("INTAKE_") or key in (
            "GITHUB_TOKEN",
            "GH_TOKEN",
            "GITHUB_BASE_REF",
            "GITHUB_STEP_SUMMARY",
            "GITHUB_ACTIONS",
            "CI",  # CI as the gate sees it (nothing "written here"): per test
        ):
            monkeypatch.delenv(key, raising=False)
    for key in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME"):  # the user config and cache: per test
        monkeypatch.delenv(key, raising=False)
    home = tmp_path_factory.mktemp("home")
    set_home(monkeypatch, home)
    monkeypatch.setenv("INTAKE_CONFIG", str(home / "intake-user-config.toml"))
    monkeypatch.setenv("INTAKE_GITHUB_API_URL", "http://127.0.0.1:9/no-public-api-in-tests")
    monkeypatch.setenv("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")


@pytest.fixture
def suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh suite (its own pyproject with [tool.intake]) as the working directory."""
    root = tmp_path / "suite"
    (root / "scenarios").mkdir(parents=True)
    (root / "drafts").mkdir()
    (root / "pyproject.toml").write_text(SUITE_PYPROJECT, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def git_suite(suite: Path) -> Path:
    """The suite as a git repository (with this repository's ignore rules)."""
    shutil.copy(REPO / ".gitignore", suite / ".gitignore")
    gitrepo.init(suite, who=("drafter", "t@example.com"))
    return suite


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner; stdout and stderr stay separate (click ≥ 8.2).

    ``INTAKE_DEBUG=1``: an unexpected exception (a bug) prints its traceback into the result's
    stderr instead of a crash-log path, so a failing test shows it. (``catch_exceptions=False``
    cannot do that: the CLI's own handler catches everything first.)
    """
    return CliRunner(env={"INTAKE_DEBUG": "1"})


@pytest.fixture
def github() -> Iterator[FakeGitHub]:
    """A GitHub REST look-alike on 127.0.0.1 (port 0), wired in through INTAKE_GITHUB_API_URL.

    Retries keep their number but back off for a millisecond, through the client's own
    ``INTAKE_GITHUB_BACKOFF`` setting (not by patching time).
    """
    with FakeGitHub() as server:
        mp = pytest.MonkeyPatch()
        mp.setenv("INTAKE_GITHUB_API_URL", server.url)
        mp.setenv("INTAKE_GITHUB_BACKOFF", "0.001")
        try:
            yield server
        finally:
            mp.undo()

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
from tests.support.env import REPO, SUITE_PYPROJECT, cli_runner, isolate, share_bytecode
from tests.support.github_server import FakeGitHub

# The suite is a gate: the same examples every run (a seed from each test's own source), so a
# red run is a change, not a draw. INTAKE_HYPOTHESIS=explore draws new examples each run, to go
# looking for classes the fixed draw does not reach (docs/scrubber.md, "The matrix").
# Fixtures shared by several test modules live beside their helpers in tests/support/
pytest_plugins = ("tests.support.control", "tests.support.scrubbing")

# Before any test module is imported (and before xdist starts its workers, which inherit it).
share_bytecode()

settings.register_profile("gate", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("INTAKE_HYPOTHESIS", "gate"))


@pytest.fixture(autouse=True)
def _isolate(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """No test reads the user's configuration, tokens or GAIA databases, or the public API."""
    isolate(monkeypatch, tmp_path_factory.mktemp("home"))


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
    """A CliRunner (``tests.support.env.cli_runner``)."""
    return cli_runner()


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

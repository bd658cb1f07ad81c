"""The shared GitHub client: a request timeout and bounded transport overrides."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from tests.support.github_server import FakeGitHub, Reply

ISSUE = {
    "number": 7,
    "title": "Slow",
    "body": "Steps to reproduce:\n1. Ask the agent for the Q3 revenue",
    "html_url": "https://github.com/acme/agent/issues/7",
    "labels": [],
    "state": "open",
    "user": {"login": "reporter"},
    "comments": 0,
}


def test_a_slow_server_times_out_with_one_line(
    suite: Path, runner: CliRunner, github: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The request timeout ends a stalled request: exit 3, one line, nothing written."""
    github.add("GET", "/repos/acme/agent/issues/7", Reply(body=ISSUE, delay=3.0))
    monkeypatch.setenv("INTAKE_GITHUB_TIMEOUT", "1")
    monkeypatch.setenv("INTAKE_GITHUB_RETRIES", "0")
    result = runner.invoke(app, ["from-issue", "7"])
    assert result.exit_code == 3
    assert result.stderr == (
        "error: GitHub did not answer in time (request timeout) (issue acme/agent#7)\n"
    )
    assert len(github.requests) == 1
    assert not list((suite / "drafts").iterdir())


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("INTAKE_GITHUB_TIMEOUT", "soon", "INTAKE_GITHUB_TIMEOUT must be a number"),
        ("INTAKE_GITHUB_RETRIES", "1000", "INTAKE_GITHUB_RETRIES must be between 0 and 10"),
        ("INTAKE_GITHUB_RETRIES", "1.5", "INTAKE_GITHUB_RETRIES must be between 0 and 10"),
        ("INTAKE_GITHUB_TIMEOUT", "0", "INTAKE_GITHUB_TIMEOUT must be between 1 and 300"),
    ],
)
def test_transport_overrides_are_bounded(
    suite: Path,
    runner: CliRunner,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    value: str,
    message: str,
) -> None:
    monkeypatch.setenv(name, value)
    result = runner.invoke(app, ["from-issue", "7", "--repo", "acme/agent"])
    assert result.exit_code == 2
    assert result.stderr == f"error: {message}\n"

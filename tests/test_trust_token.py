"""GITHUB_TOKEN goes only where the user said (issue 28 point 5; docs/trust-gaia.md).

The GitHub stand-in (``tests/support/github_server.py``, a real server on 127.0.0.1) logs every
request with its ``Authorization`` header. A checkout's ``[tool.intake]`` naming it as
``github_api_url`` (plain ``http://``) gets one line and exit 2 and the server sees nothing;
the same server named in the environment or the user config file gets the token.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.store.records import load_record, record_path
from intake.userconfig import user_config_path
from tests.support.env import SUITE_PYPROJECT
from tests.support.github_server import FakeGitHub, Reply
from tests.support.issue_bodies import issue
from tests.support.promote_helpers import review, serve_pr, write_pair

TOKEN = "ghp_" + "Tk7" * 12
SID = "pdf_summary_loop"


def _commands(github: FakeGitHub, suite: Path) -> dict[str, list[str]]:
    github.add("GET", "/repos/acme/agent/issues/5", Reply(body=issue(github, "acme/agent", 5)))
    draft = write_pair(suite / "drafts")
    serve_pr(
        github,
        7,
        author="drafter",
        reviews=[review("bob", "APPROVED")],
        files={draft.relative_to(suite).as_posix(): draft.read_bytes()},
    )
    return {"from-issue": ["from-issue", "5"], "review --pr": ["review", SID, "--pr", "7"]}


def _checkout_names(suite: Path, url: str) -> None:
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT + f'github_api_url = "{url}"\n', encoding="utf-8"
    )


@pytest.mark.parametrize("command", ["from-issue", "review --pr"])
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_a_checkout_named_api_base_gets_no_request_and_no_token(
    suite: Path,
    runner: CliRunner,
    github: FakeGitHub,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    scheme: str,
) -> None:
    args = _commands(github, suite)[command]
    monkeypatch.delenv("INTAKE_GITHUB_API_URL")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    url = github.url if scheme == "http" else "https://github.example.com/api/v3"
    _checkout_names(suite, url)
    record = record_path(suite / "drafts" / f"{SID}.yaml").read_bytes()
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: github_api_url names "), result.stderr
    assert "only the checkout's [tool.intake] says so" in lines[0]
    assert lines[1:] == [
        f"hint: set INTAKE_GITHUB_API_URL or github_api_url in {user_config_path()}"
    ]
    assert TOKEN not in result.output
    assert github.requests == [], "a request left for a host only the checkout named"
    assert record_path(suite / "drafts" / f"{SID}.yaml").read_bytes() == record
    assert not list((suite / "drafts").glob("issue_5_*.yaml"))


@pytest.mark.parametrize("command", ["from-issue", "review --pr"])
@pytest.mark.parametrize("named_by", ["environment", "user config"])
def test_a_base_the_user_names_gets_the_token(
    suite: Path,
    tmp_path: Path,
    runner: CliRunner,
    github: FakeGitHub,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    named_by: str,
) -> None:
    args = _commands(github, suite)[command]
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    if named_by == "user config":
        monkeypatch.delenv("INTAKE_GITHUB_API_URL")
        config = tmp_path / "user" / "config.toml"
        config.parent.mkdir()
        config.write_text(f'github_api_url = "{github.url}"\n', encoding="utf-8")
        monkeypatch.setenv("INTAKE_CONFIG", str(config))
        _checkout_names(suite, github.url)  # the checkout saying the same changes nothing
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert github.requests, "the user's server was asked"
    assert {r.headers.get("Authorization") for r in github.requests} == {f"token {TOKEN}"}
    assert TOKEN not in result.output
    if command == "review --pr":
        approvals = load_record(record_path(suite / "drafts" / f"{SID}.yaml")).reviews
        assert [r.reviewer for r in approvals] == ["bob"]


def test_the_user_config_inside_the_suite_names_no_base(
    suite: Path, runner: CliRunner, github: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = _commands(github, suite)["from-issue"]
    monkeypatch.delenv("INTAKE_GITHUB_API_URL")
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    planted = suite / "intake-config.toml"
    planted.write_text(f'github_api_url = "{github.url}"\n', encoding="utf-8")
    monkeypatch.setenv("INTAKE_CONFIG", str(planted))
    _checkout_names(suite, github.url)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert github.requests == []


def test_githubs_own_api_over_https_needs_no_naming(monkeypatch: pytest.MonkeyPatch) -> None:
    from intake.sources.github import GITHUB_API, trusted_base

    monkeypatch.delenv("INTAKE_GITHUB_API_URL")
    assert trusted_base("https://api.github.com/") == GITHUB_API
    for other in (
        "http://api.github.com",
        "https://api.github.com.evil.example",
        "https://api.github.com:8443",
    ):
        with pytest.raises(Exception, match="only the checkout's"):
            trusted_base(other)

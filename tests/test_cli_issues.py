"""The ``from-issue`` command's arguments, configuration and output formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.drafting.from_issue import scenario_id
from tests.support.github_server import FakeGitHub, Reply
from tests.support.issue_bodies import issue

REPO_RULE = "(letters, digits, '_', '.', '-'; one '/')"


BAD_REPO = f"error: repository must be OWNER/NAME {REPO_RULE}"
"""The rejected value is never echoed (it may be a token pasted into the wrong option)."""


def test_help_lists_every_option(runner: CliRunner) -> None:
    result = runner.invoke(app, ["from-issue", "--help"])
    assert result.exit_code == 0
    for option in ("--repo", "--comments", "--force", "--category", "--json", "--format"):
        assert option in result.stdout


def test_repo_from_settings_and_flag(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    github.add("GET", "/repos/acme/agent/issues/5", Reply(body=issue(github, "acme/agent", 5)))
    github.add("GET", "/repos/other/proj/issues/5", Reply(body=issue(github, "other/proj", 5)))
    assert runner.invoke(app, ["from-issue", "5"]).exit_code == 0
    result = runner.invoke(app, ["from-issue", "5", "--repo", "other/proj", "--force"])
    assert result.exit_code == 0, result.stderr
    assert [r.path for r in github.requests] == [
        "/repos/acme/agent/issues/5",
        "/repos/other/proj/issues/5",
    ]
    assert "github:other/proj#5" in result.stdout
    # issue 5 of another repository is another source: --force does not replace acme/agent's
    # draft, the new one gets a distinct id
    first = suite / "drafts" / "issue_5_chat_loses_context.yaml"
    (draft,) = [p for p in (suite / "drafts").glob("issue_5_*.yaml") if p != first]
    assert "github:acme/agent#5" in first.read_text()
    assert "github:other/proj#5" in draft.read_text()
    assert "turn: 2" in draft.read_text()
    assert "user_message: what did I just say?" in draft.read_text()


def test_api_url_from_environment_with_prefix(
    suite: Path, runner: CliRunner, github: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INTAKE_GITHUB_API_URL", github.url + "/api/v3/")
    path = "/api/v3/repos/acme/agent/issues/9"
    github.add("GET", path, Reply(body=issue(github, "acme/agent", 9)))
    result = runner.invoke(app, ["from-issue", "9"])
    assert result.exit_code == 0, result.stderr
    assert github.requests[0].path == "/api/v3/repos/acme/agent/issues/9"


def test_json_output(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    github.add("GET", "/repos/acme/agent/issues/5", Reply(body=issue(github, "acme/agent", 5)))
    result = runner.invoke(app, ["from-issue", "5", "--format", "json", "--category", "memory"])
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["command"] == "from-issue"
    assert doc["id"] == "issue_5_chat_loses_context"
    assert doc["path"] == "drafts/issue_5_chat_loses_context.yaml"
    assert doc["record"] == "drafts/issue_5_chat_loses_context.intake.json"
    assert doc["turns"] == 2
    assert "category: memory" in (suite / doc["path"]).read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "error: give an issue number, or --json FILE"),
        (["5", "--repo", "not-a-repo"], BAD_REPO),
        (["5", "--repo", "../etc"], BAD_REPO),
        (["0"], "error: issue number must be positive, got 0"),
        (["5", "--category", " "], "error: --category must not be empty"),
        (["5", "--category", "../../etc"], "error: invalid --category"),
        (["5", "--category", "alice@acme.io"], "error: invalid --category"),
        (["5", "--category", "Captured"], "error: invalid --category"),
        (["--json", "missing.json"], "error: no such file (missing.json)"),
    ],
)
def test_usage_errors(suite: Path, runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["from-issue", *args])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == message
    assert "alice" not in result.stderr
    assert not (suite / "drafts").exists() or list((suite / "drafts").iterdir()) == []


def test_json_number_must_match(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    (suite / "i.json").write_text(json.dumps(issue(github, "acme/agent", 8)), encoding="utf-8")
    result = runner.invoke(app, ["from-issue", "9", "--json", "i.json"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == "error: the file holds issue #8, not #9 (i.json)"
    ok = runner.invoke(app, ["from-issue", "8", "--json", "i.json"])
    assert ok.exit_code == 0, ok.stderr


def test_json_repo_taken_from_the_issue(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    data = issue(github, "someone/else", 3)
    (suite / "i.json").write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["from-issue", "--json", "i.json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads((suite / "drafts" / "issue_3_chat_loses_context.intake.json").read_text())
    assert record["source"]["locator"] == "github:someone/else#3"


def test_no_repository_configured(tmp_path: Path, runner: CliRunner, monkeypatch) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.intake]\ngithub_repo = ''\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["from-issue", "4"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == "error: no repository given"


@pytest.mark.parametrize(
    ("number", "title", "expected"),
    [
        (1, "Agent forgets file", "issue_1_agent_forgets_file"),
        (2, "###", "issue_2"),
        (3, "🚀🔥", "issue_3"),
        (4, "مرحبا", "issue_4"),
        (5, "Crème brûlée crash", "issue_5_creme_brulee_crash"),
    ],
)
def test_scenario_ids(number: int, title: str, expected: str) -> None:
    assert scenario_id(number, title) == expected

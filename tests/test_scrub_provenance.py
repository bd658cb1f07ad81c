"""Public provenance is never scrubbed: an issue's URL and owner/repo stay as they are.

A user name learned from a home path in the issue body (``/home/lemonade/models/``) is private
wherever it appears as a word of the user's text, but the issue's own link
(``https://github.com/lemonade-sdk/lemonade/issues/3428``) and the record's locator are public
coordinates built from the repository and the number: scrubber 1.3.2 rewrote them to
``https://github.com/user1-sdk/user1/issues/3428``. A link of any other shape (``html_url`` is
hostile input) is still scrubbed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.yamlio import parse_checked
from tests.support.github_server import FakeGitHub, Reply

REPO = "lemonade-sdk/lemonade"
NUMBER = 3428
BODY = """### What happened?

The model fails to load from /home/lemonade/models/qwen.gguf when I run the server.

### What did you expect to happen?

The model loads.
"""


@pytest.fixture(autouse=True)
def _fast_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INTAKE_GITHUB_BACKOFF", "0.001")


def _issue(server: FakeGitHub, html_url: str) -> dict[str, Any]:
    return {
        "url": f"{server.url}/repos/{REPO}/issues/{NUMBER}",
        "repository_url": f"{server.url}/repos/{REPO}",
        "comments_url": f"{server.url}/repos/{REPO}/issues/{NUMBER}/comments",
        "html_url": html_url,
        "id": 9000,
        "number": NUMBER,
        "title": "Model fails to load",
        "state": "open",
        "labels": [],
        "user": {"login": "someone"},
        "comments": 0,
        "created_at": "2026-01-02T03:04:05Z",
        "updated_at": "2026-01-03T03:04:05Z",
        "author_association": "NONE",
        "body": BODY,
    }


def _draft(suite: Path, runner: CliRunner, github: FakeGitHub, html_url: str) -> tuple[Any, Any]:
    github.add("GET", f"/repos/{REPO}/issues/{NUMBER}", Reply(body=_issue(github, html_url)))
    result = runner.invoke(app, ["from-issue", str(NUMBER), "--repo", REPO])
    assert result.exit_code == 0, result.stderr
    (draft,) = sorted((suite / "drafts").glob("*.yaml"))
    record = json.loads(draft.with_suffix("").with_suffix(".intake.json").read_text())
    return parse_checked(draft.read_bytes()).data, record


def test_issue_link_and_repo_are_kept_while_the_learned_name_is_scrubbed(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    link = f"https://github.com/{REPO}/issues/{NUMBER}"
    data, record = _draft(suite, runner, github, link)
    assert data["source"]["link"] == link
    assert record["source"]["link"] == link
    assert record["source"]["locator"] == f"github:{REPO}#{NUMBER}"
    assert record["source"]["details"]["repo"] == REPO
    text = json.dumps(data) + json.dumps(record)
    assert "/home/lemonade" not in text  # the user's own path is still private


def test_a_link_of_another_shape_is_still_scrubbed(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    token = "ghp_" + "Zq8vTn3LpW6xRb2KmY7cA1b2C3d4E5f6G7h8"
    link = f"https://github.com/{REPO}/issues/{NUMBER}?access_token={token}"
    data, record = _draft(suite, runner, github, link)
    assert token not in json.dumps(data) + json.dumps(record)

"""``intake from-issue`` end to end: PyGithub against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import json
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.yamlio import parse_checked
from intake.sources import github as gh
from tests.support.github_server import FakeGitHub, Reply
from tests.support.issue_bodies import BODY, ISSUE_PATH, REPO, issue_json
from tests.support.issue_bodies import GAIA_BUG_PROSE_AFTER_CODE as USER_TEST_BODY
from tests.support.leak_forms import assert_no_leak

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.fixture(autouse=True)
def _fast_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INTAKE_GITHUB_BACKOFF", "0.001")


def run(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(app, ["from-issue", *args])


def test_issue_drafted_in_one_request(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github)))
    result = run(runner, "42")
    assert result.exit_code == 0, result.stderr
    draft = suite / "drafts" / "issue_42_bug_agent_forgets_uploaded_file.yaml"
    assert result.stdout.strip() == (
        "drafted drafts/issue_42_bug_agent_forgets_uploaded_file.yaml (1 turn) "
        "from github:acme/agent#42"
    )
    assert [r.path for r in github.requests] == [ISSUE_PATH]
    data = parse_checked(draft.read_bytes()).data
    assert data["name"] == "[Bug]: Agent forgets uploaded file"
    assert "tags" not in data  # bug and triage describe the tracker's workflow
    assert data["source"] == {"type": "issue", "link": "https://github.com/acme/agent/issues/42"}
    assert data["persona"] == "casual_user"
    assert data["category"] == "captured"
    assert data["setup"] == {
        "index_documents": [
            {"path": "TODO(intake): document 'report.pdf' from the issue: add it to the corpus"}
        ]
    }
    assert [t["objective"] for t in data["turns"]] == [
        'Ask "What is the total revenue in report.pdf?"',
    ]
    assert data["turns"][0]["user_message"] == "What is the total revenue in report.pdf?"
    assert data["turns"][0]["success_criteria"] == (
        "The agent answers with the revenue figure.\n- The answer cites report.pdf"
    )
    assert "Traceback" not in draft.read_text()
    assert "/home/alice" not in draft.read_text()
    record = json.loads((suite / "drafts" / f"{draft.stem}.intake.json").read_text())
    assert record["source"]["kind"] == "issue"
    assert record["source"]["locator"] == "github:acme/agent#42"
    assert record["source"]["link"] == "https://github.com/acme/agent/issues/42"
    assert record["observations"]["evidence"][0]["text"] == (
        "Traceback (most recent call last):\nKeyError: 'doc'"
    )
    assert record["observations"]["observed"] == ["See error: no documents found"]
    assert "hints" not in record["observations"]
    assert "/home/alice" not in json.dumps(record)
    assert record["scrub"]["counts"]
    events = ledger_events(suite)
    assert ("import", draft.stem) in events and ("scrub", draft.stem) in events
    validate = runner.invoke(app, ["validate", str(draft)])
    assert validate.exit_code == 0, validate.stdout
    strict = runner.invoke(app, ["validate", "--strict", str(draft)])
    assert strict.exit_code == 1


def ledger_events(suite: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(suite / ".intake" / "ledger.db") as db:
        tables = [r[0] for r in db.execute("select name from sqlite_master where type='table'")]
        table = "events" if "events" in tables else tables[0]
        return [tuple(r) for r in db.execute(f"select kind, scenario_id from {table}")]


def test_comments_follow_link_pagination(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github, comments=3)))
    page1 = [
        {
            "id": 1,
            "body": "Same here, token ghp_" + "Z" * 36,
            "created_at": "2026-01-04T00:00:00Z",
            "author_association": "NONE",
            "user": {"login": "bob"},
        },
        {
            "id": 2,
            "body": "Happens with Qwen too",
            "created_at": "2026-01-05T00:00:00Z",
            "author_association": "MEMBER",
            "user": {"login": "carol"},
        },
    ]
    page2 = [
        {
            "id": 3,
            "body": "Fixed on main?",
            "created_at": "2026-01-06T00:00:00Z",
            "author_association": "OWNER",
            "user": {"login": "dave"},
        }
    ]
    comments_path = f"{ISSUE_PATH}/comments"
    link = (
        f'<{{base}}{comments_path}?per_page=100&page=2>; rel="next", '
        f'<{{base}}{comments_path}?per_page=100&page=2>; rel="last"'
    )
    github.add("GET", comments_path, Reply(body=page1, headers={"Link": link}, times=1))
    github.add("GET", comments_path, Reply(body=page2))
    result = run(runner, "42", "--comments")
    assert result.exit_code == 0, result.stderr
    assert [r.path for r in github.requests] == [ISSUE_PATH, comments_path, comments_path]
    assert "page=2" in github.requests[2].query
    draft = suite / "drafts" / "issue_42_bug_agent_forgets_uploaded_file.yaml"
    record = json.loads(draft.with_name(f"{draft.stem}.intake.json").read_text())
    hints = record["observations"]["hints"]
    assert [h["author_association"] for h in hints] == ["NONE", "MEMBER", "OWNER"]
    assert hints[1]["body"] == "Happens with Qwen too"
    assert "Z" * 36 not in json.dumps(record)
    assert "Qwen too" not in draft.read_text()
    assert "bob" not in json.dumps(record)


def test_no_comment_request_when_issue_has_none(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github)))
    result = run(runner, "42", "--comments")
    assert result.exit_code == 0, result.stderr
    assert len(github.requests) == 1


def one_line_error(result: Any, code: int) -> str:
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert lines and lines[0].startswith("error: ")
    assert "Traceback" not in result.stderr
    return lines[0]


def assert_nothing_written(suite: Path) -> None:
    assert list((suite / "drafts").iterdir()) == []


def test_not_found(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    line = one_line_error(run(runner, "42", "--repo", "acme/nope"), 3)
    assert line == (
        "error: not found on GitHub (or not visible with this token) (issue acme/nope#42)"
    )
    assert len(github.requests) == 1
    assert_nothing_written(suite)


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        (401, "error: GitHub refused the credentials (401) (issue acme/agent#42)"),
        (403, "error: GitHub refused access (403) (issue acme/agent#42)"),
    ],
)
def test_auth_failures(
    suite: Path,
    runner: CliRunner,
    github: FakeGitHub,
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    expected: str,
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    github.add("GET", ISSUE_PATH, Reply(status, {"message": "Bad credentials"}))
    result = run(runner, "42")
    assert one_line_error(result, 3) == expected
    assert "hint: check GITHUB_TOKEN" in result.stderr
    assert TOKEN not in result.stdout + result.stderr
    assert len(github.requests) == 1
    assert_nothing_written(suite)


def test_rate_limit_reported_at_once(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    reset = int(time.time()) + 3600
    github.add(
        "GET",
        ISSUE_PATH,
        Reply(
            403,
            {"message": "API rate limit exceeded for 127.0.0.1."},
            {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": str(reset), "Retry-After": "3600"},
        ),
    )
    result = run(runner, "42")
    shown = gh._reset_time({"x-ratelimit-reset": str(reset)})
    assert one_line_error(result, 3) == (
        f"error: GitHub rate limit exceeded; resets at {shown} (issue acme/agent#42)"
    )
    # One request and no retry: the client neither slept until the reset nor tried again.
    assert len(github.requests) == 1
    assert_nothing_written(suite)


def test_5xx_retried_a_bounded_number_of_times(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    github.add("GET", ISSUE_PATH, Reply(502, {"message": "Bad gateway"}))
    result = run(runner, "42")
    assert one_line_error(result, 3) == "error: GitHub answered HTTP 502 (issue acme/agent#42)"
    assert len(github.requests) == 1 + gh.RETRIES
    assert_nothing_written(suite)


def test_5xx_then_success(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    github.add("GET", ISSUE_PATH, Reply(503, {"message": "busy"}, times=2))
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github)))
    result = run(runner, "42")
    assert result.exit_code == 0, result.stderr
    assert len(github.requests) == 3


def test_retries_setting_bounds_requests(
    suite: Path, runner: CliRunner, github: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INTAKE_GITHUB_RETRIES", "1")
    github.add("GET", ISSUE_PATH, Reply(500, {"message": "oops"}))
    one_line_error(run(runner, "42"), 3)
    assert len(github.requests) == 2


def test_bad_transport_setting(
    suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("INTAKE_GITHUB_RETRIES", "1000")
    line = one_line_error(run(runner, "42"), 2)
    assert "INTAKE_GITHUB_RETRIES" in line


def test_connection_refused(
    suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("INTAKE_GITHUB_API_URL", f"http://127.0.0.1:{port}")
    line = one_line_error(run(runner, "42"), 3)
    assert line == "error: cannot reach GitHub (ConnectionError) (issue acme/agent#42)"
    assert_nothing_written(suite)


def test_token_sent_but_never_stored_or_shown(
    suite: Path, runner: CliRunner, github: FakeGitHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    body = BODY + f"\n\nI tried GITHUB_TOKEN={TOKEN} in the env.\n"
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github, body=body)))
    result = run(runner, "42", "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert github.requests[0].headers.get("Authorization", "").endswith(TOKEN)
    assert TOKEN not in result.stdout + result.stderr
    for path in suite.rglob("*"):
        if path.is_file():
            assert TOKEN.encode() not in path.read_bytes(), path
    assert_no_leak([TOKEN], suite, result.stdout, result.stderr)
    doc = json.loads(result.stdout)
    assert doc["id"] == "issue_42_bug_agent_forgets_uploaded_file"
    assert doc["turns"] == 1  # "Open the Agent UI" is set-up, not a turn


def test_pull_request_refused(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    pr = issue_json(github, pull_request={"url": f"{github.url}/repos/{REPO}/pulls/42"})
    github.add("GET", ISSUE_PATH, Reply(body=pr))
    line = one_line_error(run(runner, "42"), 2)
    assert line == "error: this number is a pull request, not an issue (acme/agent#42)"
    assert len(github.requests) == 1
    assert_nothing_written(suite)


def test_json_file_without_network(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    saved = suite / "issue.json"
    saved.write_text(json.dumps(issue_json(github, number=7, title="🚀")), encoding="utf-8")
    result = run(runner, "--json", str(saved), "--category", "rag_quality")
    assert result.exit_code == 0, result.stderr
    assert github.requests == []
    data = parse_checked((suite / "drafts" / "issue_7.yaml").read_bytes()).data
    assert data["id"] == "issue_7"
    assert data["name"] == "🚀"
    assert data["category"] == "rag_quality"


def test_json_file_with_comments(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    saved = suite / "issue.json"
    doc = {"issue": issue_json(github), "comments": [{"body": "me too", "created_at": None}]}
    saved.write_text(json.dumps(doc), encoding="utf-8")
    result = run(runner, "--json", str(saved), "--comments")
    assert result.exit_code == 0, result.stderr
    record = next((suite / "drafts").glob("*.intake.json"))
    assert json.loads(record.read_text())["observations"]["hints"][0]["body"] == "me too"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "error: the issue file is not valid JSON: Expecting property name enclosed"),
        ("[1, 2]", "error: expected an issue object as the GitHub REST API returns it"),
        ('{"title": "x"}', "error: the issue object has no positive integer 'number'"),
        ('{"number": 3, "body": 5}', "error: 'body' must be a string"),
    ],
)
def test_json_file_bad_input(suite: Path, runner: CliRunner, content: str, message: str) -> None:
    saved = suite / "issue.json"
    saved.write_text(content, encoding="utf-8")
    line = one_line_error(run(runner, "--json", str(saved)), 2)
    assert line.startswith(message)
    assert_nothing_written(suite)


def test_json_pull_request_refused(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    saved = suite / "pr.json"
    saved.write_text(json.dumps(issue_json(github, pull_request={"url": "x"})), encoding="utf-8")
    line = one_line_error(run(runner, "--json", str(saved)), 2)
    assert "pull request" in line


BAD_BODIES = {
    "empty": ("", 1),
    "unfilled template": (
        "**Describe the bug**\nA clear and concise description of what the bug is.\n\n"
        "**To Reproduce**\n1. Go to '...'\n2. Click on '....'\n3. See error\n",
        1,
    ),
    "html": ('<!-- hidden -->\n<p>Ask <b>"hello?"</b> to the agent</p>', 1),
    "escaped newlines": ('## Steps to reproduce\\n1. Open chat\\n2. Ask "hi"', 1),
    "emoji and rtl": ('1. Ask "مرحبا 👋"\n2. Ask "שלום"', 2),
    "one megabyte": (
        '## Steps to reproduce\n1. Ask "x"\n\n```\n' + "log line\n" * 120_000 + "```\n",
        1,
    ),
}


@pytest.mark.parametrize("name", list(BAD_BODIES))
def test_bad_bodies_give_sensible_drafts(
    suite: Path, runner: CliRunner, github: FakeGitHub, name: str
) -> None:
    body, turns = BAD_BODIES[name]
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github, body=body, title="###")))
    result = run(runner, "42")
    assert result.exit_code == 0, result.stderr
    draft = suite / "drafts" / "issue_42.yaml"
    data = parse_checked(draft.read_bytes()).data
    assert len(data["turns"]) == turns
    text = draft.read_text(encoding="utf-8")
    assert "<!--" not in text and "<p>" not in text and "log line" not in text
    assert runner.invoke(app, ["validate", str(draft)]).exit_code == 0
    if name == "emoji and rtl":
        assert data["turns"][0]["user_message"] == "مرحبا 👋"
        assert data["turns"][1]["user_message"] == "שלום"
    if name == "empty":
        assert "warning: the issue body is empty" in result.stderr


def test_existing_draft_needs_force(suite: Path, runner: CliRunner, github: FakeGitHub) -> None:
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github)))
    assert run(runner, "42").exit_code == 0
    draft = suite / "drafts" / "issue_42_bug_agent_forgets_uploaded_file.yaml"
    before = draft.read_bytes()
    line = one_line_error(run(runner, "42"), 2)
    assert line.startswith("error: a draft with this id exists already")
    assert draft.read_bytes() == before
    assert run(runner, "42", "--force").exit_code == 0


TITLE_SECRETS = {
    "email": ("Crash when alice.smith@acme.io logs in", "alice.smith@acme.io"),
    "github token": (
        "Token ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5 leaked",
        "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5",
    ),
    "hf token": (
        "hf_abcdefghijklmnopqrstuvwxyz0123456 rejected",
        "hf_abcdefghijklmnopqrstuvwxyz0123456",
    ),
}


@pytest.mark.parametrize("name", list(TITLE_SECRETS))
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_secret_in_title_never_reaches_id_file_ledger_or_output(
    suite: Path, runner: CliRunner, github: FakeGitHub, name: str, fmt: str
) -> None:
    title, secret = TITLE_SECRETS[name]
    body = BODY + f"\nSame thing again: {secret}\n"
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github, title=title, body=body)))
    result = run(runner, "42", "--format", fmt)
    assert result.exit_code == 0, result.stderr
    draft = suite / "drafts" / "issue_42.yaml"
    assert draft.exists(), sorted(p.name for p in (suite / "drafts").iterdir())
    assert_no_leak([secret], suite, result.stdout, result.stderr)
    data = parse_checked(draft.read_bytes()).data
    record = json.loads((suite / "drafts" / "issue_42.intake.json").read_text())
    assert data["name"] == record["observations"]["issue"]["title"]
    assert ("import", "issue_42") in ledger_events(suite)


def test_one_fixture_per_original_across_title_draft_and_record(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    token, email = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5", "alice.smith@acme.io"
    other = "bob.jones@acme.io"
    body = f'Reported by {other}.\n\nSteps to reproduce:\n1. Ask "login as {email}"\n'
    title = f"{token} works for {email}"
    github.add("GET", ISSUE_PATH, Reply(body=issue_json(github, title=title, body=body)))
    result = run(runner, "42")
    assert result.exit_code == 0, result.stderr
    data = parse_checked((suite / "drafts" / "issue_42.yaml").read_bytes()).data
    record = json.loads((suite / "drafts" / "issue_42.intake.json").read_text())
    name = data["name"]
    assert record["observations"]["issue"]["title"] == name
    fake_email = name.split(" works for ")[1]
    assert fake_email in data["turns"][0]["user_message"]
    assert fake_email not in data["description"]
    assert_no_leak([token, email, other], suite, result.stdout, result.stderr)


@pytest.mark.parametrize("cut", ["description", "criteria", "comment"])
def test_tokens_straddling_cuts_never_survive_in_part(
    suite: Path, runner: CliRunner, github: FakeGitHub, cut: str
) -> None:
    from intake.drafting.issue_parse import MAX_EVIDENCE_CHARS, MAX_TEXT_CHARS

    token = "ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dF3hJ5"
    limit = MAX_EVIDENCE_CHARS if cut == "comment" else MAX_TEXT_CHARS
    filler = "y" * (limit - 32)
    text = f"{filler} {token} more"
    if cut == "description":
        body = text
    elif cut == "criteria":
        body = f"### Expected behavior\n\n{text}\n"
    else:
        body = BODY
    issue = issue_json(github, body=body, comments=1 if cut == "comment" else 0)
    github.add("GET", ISSUE_PATH, Reply(body=issue))
    github.add(
        "GET", f"{ISSUE_PATH}/comments", Reply(body=[{"body": text, "created_at": "2026-01-01"}])
    )
    result = run(runner, "42", "--comments")
    assert result.exit_code == 0, result.stderr
    assert_no_leak([token], suite, result.stdout, result.stderr)


def test_user_test_prose_code_and_document_step_all_land(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    """User test of ``--json``: prose after a traceback was lost; an Index step became a turn."""
    saved = suite / "issue.json"
    doc = issue_json(github, number=9, title="[Bug]: wrong quarter", body=USER_TEST_BODY)
    saved.write_text(json.dumps(doc), encoding="utf-8")
    result = run(runner, "--json", str(saved))
    assert result.exit_code == 0, result.stderr
    draft = suite / "drafts" / "issue_9_bug_wrong_quarter.yaml"
    text = draft.read_text(encoding="utf-8")
    data = parse_checked(draft.read_bytes()).data
    assert data["setup"] == {
        "index_documents": [
            {"path": "TODO(intake): document 'msa_2025.pdf' from the issue: add it to the corpus"}
        ]
    }
    assert [t["objective"] for t in data["turns"]] == ['Ask "What was revenue in Q3?"']
    assert "Index" not in text and "Users" not in text and "jdoe" not in text
    assert "[code block 1 in the record's evidence]" in data["description"]
    assert "Traceback" not in text
    # the narrative is kept in the description (issue 24 item 7), never in a turn
    assert (
        "Observed: The agent then answered with the Q2 figure instead of Q3."
        in (data["description"])
    )
    assert not any("Q2" in json.dumps(t) for t in data["turns"])
    record = json.loads((suite / "drafts" / f"{draft.stem}.intake.json").read_text())
    obs = record["observations"]
    assert "The agent then answered with the Q2 figure instead of Q3." in obs["actual_behavior"]
    assert "[code block 1 in the record's evidence]" in obs["actual_behavior"]
    assert obs["evidence"][0]["text"].endswith("KeyError: 'q3'")
    assert len(obs["setup_steps"]) == 1
    assert obs["setup_steps"][0].endswith("msa_2025.pdf` in the Agent UI")
    assert runner.invoke(app, ["validate", str(draft)]).exit_code == 0
    strict = runner.invoke(app, ["validate", "--strict", str(draft)])
    assert strict.exit_code == 1
    assert "index_documents" in strict.stdout


def test_real_gaia_reports_through_the_server_and_the_writer(
    suite: Path, runner: CliRunner, github: FakeGitHub
) -> None:
    """Two real amd/gaia reports end to end (stand-in GitHub, scrubber, writer, record): a
    prompt in a bug form's step becomes the one turn with the form's expectation on it; a
    Settings-panel bug is drafted with the one line saying it is no agent conversation."""
    from tests.support.issue_corpus import CORPUS

    for number in (1579, 1087):
        report = json.loads((CORPUS / f"{number}.json").read_text(encoding="utf-8"))
        reply = issue_json(github, number=number, title=report["title"], body=report["body"])
        github.add("GET", f"/repos/{REPO}/issues/{number}", Reply(body=reply))
    asked = run(runner, "1579")
    assert asked.exit_code == 0, asked.stderr
    assert "not an agent conversation" not in asked.stderr
    (draft,) = (suite / "drafts").glob("issue_1579_*.yaml")
    (turn,) = parse_checked(draft.read_bytes()).data["turns"]
    assert turn["user_message"] == "Triage my last 20 emails"
    assert turn["success_criteria"].startswith("The agent should've printed a triage")
    ui = run(runner, "1087")
    assert ui.exit_code == 0, ui.stderr
    (line,) = [ln for ln in ui.stderr.splitlines() if "not an agent conversation" in ln]
    assert "a bug of the UI" in line
    (record,) = (suite / "drafts").glob("issue_1087_*.intake.json")
    flag = json.loads(record.read_text(encoding="utf-8"))["observations"]["not_agent_scenario"]
    assert flag["kind"] == "ui" and flag["signals"]

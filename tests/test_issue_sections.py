"""Real issues read right (issue 24, item 7): set-up, observed and expected sections by class.

Bodies are written as GitHub renders GAIA's forms: the current bug form
(``.github/ISSUE_TEMPLATE/bug_report.yaml`` L17 "Quick check", L30 "GAIA version", L39 "What
happened?", L56 "What did you expect to happen?", L64 "Acceptance criteria", L75 "Environment";
../shared/corpus/gaia) and the older form amd/gaia#95 used ("Quick Check ✨", "Which version of
GAIA are you using?", "Details to help us reproduce the issue", "What actually happened?", as in
amd/gaia#60 and #99), plus free text. Every draft goes through the CLI (``--json``), the real
scrubber and the real writer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.yamlio import parse_checked
from intake.drafting.issue_parse import is_observed, parse_issue

# amd/gaia#95's shape: a requirements list, the steps as prose, the observed error as a line
ISSUE_95 = """### Quick Check ✨

- [x] I've taken a look at existing issues and discussions
- [x] I've checked the hardware requirements in the docs
- [ ] This issue relates to GAIA UI (Open-WebUI)

### Which version of GAIA are you using?

0.10.2

### Details to help us reproduce the issue

Requirements:
- Python 3.12 on Windows 11 Pro 24H2
- Lemonade Server 8.1 running on port 8000

Run `gaia chat` and ask it "What is on my calendar today?"
Error: "LLM server not reachable at http://localhost:8000/api/v1"

### What actually happened?

The chat printed the error above and exited; nothing was answered.

### What did you expect to happen?

An answer from the model, or a message that says how to start Lemonade.

### How did you install GAIA?

Git Clone

### What's your operating system?

Windows 11 Pro - 24H2
"""

# GAIA's current bug form, the narrative after the steps
GAIA_FORM = """### Quick check

- [x] I've searched existing issues and didn't find a duplicate.
- [x] This issue relates to **Gaia Agent UI** (`gaia chat --ui`).
- [ ] This issue relates to a CLI command (`gaia ...`) or the SDK.

### GAIA version

v0.19.0

### What happened?

Steps to reproduce:
1. Open the Doc chat and upload handbook.pdf
2. Ask "How many vacation days do new hires get?"
3. Ask "And after five years?"

The first answer was correct; the second was invented (a table that is not in the PDF).

Model used (if applicable): Qwen3.5-35B-A3B-GGUF
Error / log output:
```
WARNING rag: 0 chunks above threshold for /home/olga.petrova/handbook.pdf
```

### What did you expect to happen?

The second answer says the handbook does not cover it.

### Acceptance criteria

- The agent says when the document has no answer

### Environment

OS: Windows 11 23H2
"""

FREE_TEXT = """When I ask the chat about my notes it makes things up.

Steps to reproduce
1. Index notes.md in the Agent UI
2. Ask "what did I write about the budget?"

Actual behaviour
I get "You wrote that the budget is $5M", which is not in the file.

Expected Behavior
It says it found nothing about the budget in notes.md.
"""

INSTALL = """### What happened?

`pip install amd-gaia[ui]` fails on Python 3.13:

```
ERROR: Could not build wheels for llama-cpp-python, which is required to install
pyproject.toml-based projects
```

### What did you expect to happen?

The install succeeds.
"""


def _rest(number: int, title: str, body: str, **extra: Any) -> dict[str, Any]:
    return {
        "number": number,
        "html_url": f"https://github.com/amd/gaia/issues/{number}",
        "title": title,
        "state": "open",
        "labels": [{"name": "bug"}],
        "user": {"login": "reporter"},
        "comments": 0,
        "created_at": "2025-09-30T10:00:00Z",
        "body": body,
        **extra,
    }


def _draft(
    runner: CliRunner, suite: Path, doc: dict[str, Any], *args: str
) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    saved = suite / "issue.json"
    saved.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app, ["from-issue", "--json", str(saved), *args])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    (draft,) = (suite / "drafts").glob("*.yaml")
    data = parse_checked(draft.read_bytes()).data
    record = json.loads(draft.with_name(f"{draft.stem}.intake.json").read_text())
    return result, data, record


def test_issue_95_requirements_are_not_turns_and_the_error_is_not_a_message(
    suite: Path, runner: CliRunner
) -> None:
    _, data, record = _draft(runner, suite, _rest(95, "[Bug]: gaia chat exits", ISSUE_95))
    turns = data["turns"]
    assert [t.get("user_message") for t in turns] == ["What is on my calendar today?"]
    assert not any("Python 3.12" in t["objective"] or "Lemonade" in t["objective"] for t in turns)
    assert not any("not reachable" in json.dumps(t) for t in turns)
    assert data["description"] != "Requirements:"
    assert "nothing was answered" in data["description"]
    assert "how to start Lemonade" in turns[-1]["success_criteria"]
    obs = record["observations"]
    assert "Python 3.12" in obs["environment"] and "Git Clone" in obs["environment"]
    assert "LLM server not reachable" in obs["actual_behavior"]


def test_gaia_bug_form_keeps_the_narrative_in_the_description(
    suite: Path, runner: CliRunner
) -> None:
    _, data, record = _draft(runner, suite, _rest(7, "[Bug]: invented answer", GAIA_FORM))
    assert "the second was invented" in data["description"]
    assert [t.get("user_message") for t in data["turns"]] == [
        "How many vacation days do new hires get?",
        "And after five years?",
    ]
    assert "agent_type" not in data and record["source"]["details"]["agent_type"] == "doc"
    assert "olga.petrova" not in json.dumps(data) + json.dumps(record)  # scrubbed
    assert "says the handbook does not cover it" in data["turns"][-1]["success_criteria"]


def test_free_text_plain_headings(suite: Path, runner: CliRunner) -> None:
    _, data, record = _draft(runner, suite, _rest(8, "Chat invents budget", FREE_TEXT))
    (turn,) = data["turns"]
    assert turn["user_message"] == "what did I write about the budget?"
    assert turn["success_criteria"] == "It says it found nothing about the budget in notes.md."
    assert "$5M" in record["observations"]["actual_behavior"]
    assert data["description"].startswith("When I ask the chat about my notes it makes things up.")
    assert "Observed: I get" in data["description"]


def test_an_install_bug_is_drafted_with_a_warning(suite: Path, runner: CliRunner) -> None:
    result, data, record = _draft(runner, suite, _rest(9, "[Bug]: install fails", INSTALL))
    warning = [ln for ln in result.stderr.splitlines() if "install or build failure" in ln]
    assert len(warning) == 1 and "not an agent conversation" in warning[0]
    assert "pip install" in warning[0]
    assert record["observations"]["not_agent_scenario"]["install_or_build"]
    assert data["turns"]


def test_an_agent_bug_with_an_import_error_in_a_tool_is_no_install_bug() -> None:
    body = (
        '### What happened?\n\n1. Open the Doc chat\n2. Ask "Summarise report.pdf"\n\n'
        "```\nModuleNotFoundError: No module named 'fitz'\n```\n"
    )
    assert parse_issue("[Bug]: summary fails", body).not_agent is None


@pytest.mark.parametrize(
    "step",
    [
        'I get "Error: LLM server not reachable"',
        "The UI shows 'Connection refused'",
        'Then it printed "Traceback (most recent call last)"',
        'Error: "model not loaded"',
        'It answered "Rent, 41%"',
    ],
)
def test_an_observed_quotation_is_not_a_message(step: str) -> None:
    assert is_observed(step)
    body = f'### What happened?\n\n1. Ask "What is on my calendar?"\n2. {step}\n'
    parsed = parse_issue("t", body)
    assert [t.user_message for t in parsed.turns] == ["What is on my calendar?"]


@pytest.mark.parametrize("step", ['Ask "What is the total?"', 'I typed "hello"', 'Click "Save"'])
def test_said_or_clicked_quotations_are_not_observed(step: str) -> None:
    assert not is_observed(step)


def _gh(number: int, comments: list[dict[str, Any]]) -> dict[str, Any]:
    """What `gh issue view N --json title,body,comments,labels,author,url,number,createdAt`
    writes (gh 2.x: camelCase, comments a list with author.login, body, createdAt)."""
    return {
        "author": {"id": "MDQ6VXNlcjE=", "is_bot": False, "login": "reporter", "name": "R"},
        "body": FREE_TEXT,
        "comments": comments,
        "createdAt": "2025-09-30T10:00:00Z",
        "labels": [
            {"id": "LA_1", "name": "bug", "description": "", "color": "d73a4a"},
            {"id": "LA_2", "name": "rag", "description": "", "color": "0e8a16"},
        ],
        "number": number,
        "title": "Chat invents budget",
        "url": f"https://github.com/amd/gaia/issues/{number}",
    }


def test_gh_issue_view_json_with_comments(suite: Path, runner: CliRunner) -> None:
    comments = [
        {
            "author": {"login": "maintainer"},
            "authorAssociation": "MEMBER",
            "body": "Reproduced with Qwen3.5 on 0.19.",
            "createdAt": "2025-10-01T09:00:00Z",
            "id": "IC_1",
            "url": "https://github.com/amd/gaia/issues/12#issuecomment-1",
        },
        {
            "author": {"login": "reporter"},
            "authorAssociation": "NONE",
            "body": "Still there on 0.19.1.",
            "createdAt": "2025-10-02T09:00:00Z",
        },
    ]
    result, data, record = _draft(runner, suite, _gh(12, comments), "--comments")
    assert "drafted" in result.stdout and "#12" in result.stdout
    assert data["source"] == {"type": "issue", "link": "https://github.com/amd/gaia/issues/12"}
    assert data["tags"] == ["rag"]
    hints = record["observations"]["hints"]
    assert [h["body"] for h in hints] == [c["body"] for c in comments]
    assert [h["created_at"] for h in hints] == ["2025-10-01T09:00:00Z", "2025-10-02T09:00:00Z"]
    assert hints[0]["author_association"] == "MEMBER"
    assert "maintainer" not in json.dumps(record)  # no logins kept, as for REST comments
    assert record["source"]["details"]["comments_fetched"] == 2
    assert "note: --comments" not in result.stderr


def test_gh_json_without_comments_and_bad_gh_comments(suite: Path, runner: CliRunner) -> None:
    result, _, record = _draft(runner, suite, _gh(13, []), "--comments")
    notes = [ln for ln in result.stderr.splitlines() if "--comments" in ln]
    assert notes == ["note: --comments: the file holds no comments; none kept"]
    assert record["observations"]["hints"] == []
    bad = suite / "bad.json"
    bad.write_text(json.dumps({**_gh(14, []), "comments": ["not an object"]}))
    refused = runner.invoke(app, ["from-issue", "--json", str(bad), "--comments"])
    assert refused.exit_code == 2
    assert refused.stderr.startswith("error: 'comments' must be a list of comment objects")


def test_rest_json_that_counts_comments_it_does_not_hold_says_so(
    suite: Path, runner: CliRunner
) -> None:
    result, _, _ = _draft(runner, suite, _rest(15, "t", FREE_TEXT, comments=3), "--comments")
    notes = [ln for ln in result.stderr.splitlines() if "--comments" in ln]
    assert len(notes) == 1
    assert notes[0].startswith("note: --comments: the file counts 3 comments but holds none")

"""A Windows user's report on GAIA's bug form, drafted for GAIA's simulator (issue #12, item 6).

The body is what GitHub renders from GAIA's ``.github/ISSUE_TEMPLATE/bug_report.yaml`` (amd/gaia
78bbc30; byte-identical in ../shared/corpus): title prefix ``[Bug]: ``, labels ``bug`` and
``triage``, sections "Quick check", "GAIA version", "What happened?", "What did you expect to
happen?", "Acceptance criteria", "Environment". The agent names are GAIA's registrations
(``hub/agents/chat/python/gaia_agent_chat/__init__.py`` L65-160: "Doc Agent" is ``doc``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.yamlio import parse_checked
from intake.drafting.from_issue import build_issue_draft
from intake.drafting.issue_parse import agent_of, parse_issue
from intake.drafting.tail import scenario_mapping
from intake.sources.github_issue import IssueData
from intake.store.records import load_record
from tests.support import gaia_native as gn

WINDOWS_BODY = """### Quick check

- [X] I searched existing issues and this has not been reported.
- [X] This issue relates to **Gaia Agent UI** (`gaia chat --ui`).
- [ ] This issue relates to a CLI command or the SDK.

### GAIA version

v0.19.0

### What happened?

The Doc chat says it cannot read my report although it is indexed.

1. Open the Doc chat, upload acme_q3_report.md from C:\\Users\\Jana Lind\\Documents\\Reports
2. Ask "What was Acme's Q3 revenue?"
3. The agent answers that no document is indexed

```
File "C:\\Users\\Jana Lind\\AppData\\Local\\gaia\\rag.py", line 12
```

### What did you expect to happen?

The agent answers $14.2 million from acme_q3_report.md.

### Acceptance criteria

_No response_

### Environment

Windows 11, Ryzen AI 9 HX 370
"""


def windows_issue(number: int = 7) -> dict[str, Any]:
    return {
        "number": number,
        "html_url": f"https://github.com/amd/gaia/issues/{number}",
        "title": "[Bug]: Doc chat cannot read an indexed report",
        "state": "open",
        "labels": [{"name": "bug"}, {"name": "triage"}, {"name": "rag"}],
        "user": {"login": "jdoe"},
        "comments": 0,
        "created_at": "2026-04-24T21:48:33Z",
        "updated_at": "2026-04-24T21:48:33Z",
        "author_association": "NONE",
        "body": WINDOWS_BODY,
    }


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        ("Open the Doc chat", (True, "doc")),
        ("Switch to the Doc Agent", (True, "doc")),
        ("Open Document Q&A", (True, "doc")),
        ("Select the File Agent", (True, "file")),
        ("Choose the Analyst Agent", (True, None)),  # removed from GAIA (amd/gaia PR#3906)
        ("Launch the Agent UI", (True, None)),
        ("Run `gaia chat --ui`", (True, None)),
        ('Open the Doc chat and ask "hi"', (False, None)),
        ("Open settings.json in the app", (False, None)),
        ("Open the report", (False, None)),
    ],
)
def test_agent_set_up_steps(step: str, expected: tuple[bool, str | None]) -> None:
    assert agent_of(step) == expected


def test_set_up_clauses_leave_the_turns() -> None:
    parsed = parse_issue("[Bug]: x", WINDOWS_BODY)
    assert parsed.agent_type == "doc"
    assert parsed.documents == ["acme_q3_report.md"]
    assert [t.user_message for t in parsed.turns] == ["What was Acme's Q3 revenue?"]
    assert len(parsed.setup_steps) == 1 and parsed.setup_steps[0].startswith("Open the Doc chat")


@pytest.mark.parametrize(
    "step",
    [
        "Open the Doc chat and upload `budget_2025.md` from `C:\\Users\\Jana Lind\\budget_2025.md`",
        "Open the Doc chat and then upload budget_2025.md",
        "Open the Doc chat and index budget_2025.md",
    ],
)
def test_open_and_upload_in_one_clause_is_set_up(step: str) -> None:
    # "Open X and upload F" names a document as much as "Open X, upload F" does
    body = f'### What happened?\n\n1. {step}\n2. Ask "What is the total?"\n'
    parsed = parse_issue("[Bug]: x", body)
    assert parsed.agent_type == "doc"
    assert parsed.documents == ["budget_2025.md"]
    assert [t.user_message for t in parsed.turns] == ["What is the total?"]


def test_tracker_labels_are_not_tags_and_corpus_match_by_name(suite: Path) -> None:
    from intake.drafting.from_session import CorpusFile

    data = IssueData(repo="amd/gaia", issue=windows_issue(), comments=[])
    built = build_issue_draft(
        data,
        tracker_labels=["bug", "triage"],
        corpus_names={"acme_q3_report.md": CorpusFile("acme_q3_report", "corpus/a.md")},
    )
    scenario = scenario_mapping(built.scenario)
    assert built.scenario.tags == ["rag"]
    assert "agent_type" not in scenario and built.source.details["agent_type"] == "doc"
    assert scenario["setup"]["index_documents"] == [
        {"corpus_doc": "acme_q3_report", "path": "corpus/a.md"}
    ]
    assert built.observations["tracker_labels"] == ["bug", "triage"]
    assert built.observations["documents_matched"] == [
        {"name": "acme_q3_report.md", "corpus_doc": "acme_q3_report", "matched_by": "file name"}
    ]


def test_tracker_labels_setting(suite: Path) -> None:
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('tracker_labels = ["rag"]\n')
    from intake.config import load_settings

    assert load_settings(suite).tracker_labels == ["rag"]


def test_windows_report_passes_check_right_after_drafting(
    suite: Path, git_suite: Path, runner: CliRunner
) -> None:
    folder = suite / "corpus"
    (folder / "documents").mkdir(parents=True)
    (folder / "documents" / "acme_q3_report.md").write_text("Q3 revenue: $14.2 million\n")
    gn.write_manifest(folder / "manifest.json", gn.DEMO_DOCUMENTS)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as handle:
        handle.write('corpus_dir = "corpus"\n')
    saved = suite.parent / "issue.json"
    saved.write_text(json.dumps(windows_issue()), encoding="utf-8")
    drafted = runner.invoke(app, ["from-issue", "--json", str(saved)])
    assert drafted.exit_code == 0, drafted.stderr
    # the slug is cut before "report", never inside it
    draft = suite / "drafts" / "issue_7_bug_doc_chat_cannot_read_an_indexed.yaml"
    data = parse_checked(draft.read_bytes()).data
    assert "agent_type" not in data and data["tags"] == ["rag"]
    [record] = (suite / "drafts").glob("*.intake.json")
    assert json.loads(record.read_text(encoding="utf-8"))["source"]["details"]["agent_type"] == (
        "doc"
    )
    assert data["setup"]["index_documents"] == [
        {"corpus_doc": "acme_q3_report", "path": "corpus/documents/acme_q3_report.md"}
    ]
    assert [t["user_message"] for t in data["turns"]] == ["What was Acme's Q3 revenue?"]
    record = load_record(draft.with_name(draft.stem + ".intake.json"))
    assert record.evidence is not None and record.evidence.tools_available is False
    assert [t.user_message for t in record.evidence.turns] == ["What was Acme's Q3 revenue?"]
    for path in (draft, draft.with_name(draft.stem + ".intake.json")):
        assert "Jana" not in path.read_text(encoding="utf-8")
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 0, checked.stdout + checked.stderr


def test_acceptance_criteria_as_a_task_list_become_criteria() -> None:
    # GAIA's forms ask for "1-3 short bullets" (bug_report.yaml, feature_request.yaml,
    # internal_task.yaml: id acceptance-criteria); reporters often write them as a task list
    body = WINDOWS_BODY.replace(
        "### Acceptance criteria\n\n_No response_",
        "### Acceptance criteria\n\n- [ ] The agent answers $14.2 million\n"
        "- [x] It cites the report",
    )
    parsed = parse_issue("[Bug]: x", body)
    assert parsed.success_criteria is not None
    assert "The agent answers $14.2 million" in parsed.success_criteria
    assert "It cites the report" in parsed.success_criteria
    assert [b.text for b in parsed.checkboxes["Acceptance criteria"]] == [
        "The agent answers $14.2 million",
        "It cites the report",
    ]

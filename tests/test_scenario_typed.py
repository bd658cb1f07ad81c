"""The scenario being drafted is one typed object from the builders to the writer (issue 36,
item 1c): builders make ``DraftScenario`` and ``Evidence``, the writer hands back the scrubbed
model, and the drafting code, the gates and the card test no value for being a dict."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from intake.config import load_settings
from intake.contract.models import DraftScenario, Evidence
from intake.contract.yamlio import parse_checked, to_plain
from intake.drafting.from_issue import build_issue_draft, draft_from_issue
from intake.drafting.from_session import build_plan, read_session
from intake.drafting.tail import scenario_mapping
from intake.sources.github_issue import IssueData
from tests.support.env import REPO
from tests.support.sessions import build

TYPED = [
    *sorted((REPO / "intake" / "drafting").glob("*.py")),
    REPO / "intake" / "lifecycle" / "gates.py",
    REPO / "intake" / "report" / "card.py",
]


def _dict_tests(path: Path) -> list[int]:
    """Lines of ``isinstance(x, dict)`` or ``isinstance(x, (…, dict, …))`` (Mapping too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance"):
            continue
        kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
        names = {getattr(k, "id", None) or getattr(k, "attr", None) for k in kinds}
        if names & {"dict", "Mapping", "MutableMapping"}:
            found.append(node.lineno)
    return found


def test_drafting_gates_and_card_never_test_for_a_dict() -> None:
    hits = {p.relative_to(REPO).as_posix(): lines for p in TYPED if (lines := _dict_tests(p))}
    assert hits == {}


def test_the_check_finds_a_dict_test(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("isinstance(a, dict)\nisinstance(b, (str, abc.Mapping))\n", "utf-8")
    assert _dict_tests(probe) == [1, 2]


def test_session_plan_is_typed_and_written_as_built(tmp_path: Path, suite: Path) -> None:
    settings = load_settings(suite)
    session = read_session(settings, build(tmp_path / "s.db"), "29c2")
    plan = build_plan(session, settings)
    assert isinstance(plan.scenario, DraftScenario) and isinstance(plan.evidence, Evidence)
    assert [t.expected_tools for t in plan.scenario.turns] == [
        ["search_file"],
        ["list_indexed_documents"],
    ]
    # the mapping keeps only what the builder set, in GAIA's key order
    assert list(scenario_mapping(plan.scenario)) == [
        "id",
        "name",
        "category",
        "description",
        "persona",
        "source",
        "difficulty_rationale",
        "setup",
        "turns",
    ]


def test_issue_draft_result_is_the_scrubbed_model_of_the_file(suite: Path) -> None:
    issue = {
        "number": 5,
        "title": "Doc chat forgets the file",
        "body": '### Steps\n\n1. Ask "what is in q3.md? mail me at olga.petrova@kestrel-mail.com"',
        "html_url": "https://github.com/amd/gaia/issues/5",
        "labels": [{"name": "rag"}],
    }
    built = build_issue_draft(IssueData(repo="amd/gaia", issue=issue))
    assert isinstance(built.scenario, DraftScenario) and built.scenario.tags == ["rag"]
    result = draft_from_issue(load_settings(suite), IssueData(repo="amd/gaia", issue=issue))
    written = to_plain(parse_checked(result.path.read_bytes()).data)
    assert isinstance(result.scenario, DraftScenario)
    assert scenario_mapping(result.scenario) == written
    assert "olga.petrova" not in json.dumps(written)
    assert result.scenario.turns[0].user_message == written["turns"][0]["user_message"]

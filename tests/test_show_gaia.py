"""The reviewer's card of a draft made from data exactly as GAIA's code writes it (#16 with #12).

The session comes from ``tests/support/gaia_native.py`` (checked against GAIA's own classes at
amd/gaia 78bbc30): a successful RAG query, a failed ``index_document`` stored with ``success: true``
(``src/gaia/ui/_chat_helpers.py`` L2374-2408), a failed shell command
(``Command failed (exit 1)``, ``src/gaia/ui/sse_handler.py`` L405-420), a governance block
(``src/gaia/governance/mixin.py`` L138-154) and the agent error fallback
(``_chat_helpers.py`` L2519-2537). Nothing here builds evidence by hand: the importer fills the
record, ``intake show`` and ``intake check --format github`` render it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from intake.cli import app
from tests.support import gaia_native as gn


@pytest.fixture
def drafted(runner: CliRunner, suite: Path, tmp_path: Path) -> Path:
    db = tmp_path / "gaia_chat.db"
    gn.build_chat_db(db)
    result = runner.invoke(app, ["from-session", gn.SESSION_ID[:8], "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    (path,) = (suite / "drafts").glob("*.yaml")
    return path


def _card(runner: CliRunner, path: Path, fmt: str) -> str:
    result = runner.invoke(app, ["show", str(path), "--format", fmt])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_card_shows_each_turn_with_its_calls_marked(runner: CliRunner, drafted: Path) -> None:
    card = json.loads(_card(runner, drafted, "json"))["card"]
    assert card["evidence"] == "evidence"
    turns = card["turns"]
    assert [t["user_message"] for t in turns] == [
        "What was Acme's Q3 revenue?",
        "Index my budget_2025.md and tell me the total.",
        "How many lines are in notes.txt?",
        "Delete my old logs folder.",
        "Summarize the employee handbook.",
    ]
    assert turns[0]["answer"].startswith("According to acme_q3_report.md")
    calls = [[(c["tool"], c["outcome"]) for c in t["tools"]] for t in turns]
    assert calls == [
        [("query_specific_file", "ok")],
        [("index_document", "failed")],
        [("run_shell_command", "failed")],
        [("run_shell_command", "blocked")],
        [],
    ]
    assert "query: Q3 revenue" in turns[0]["tools"][0]["arguments"]
    assert turns[1]["tools"][0]["result"].startswith("error: File not found: ")
    assert turns[2]["tools"][0]["arguments"] == "command: type notes.txt"
    assert turns[3]["tools"][0]["reason"] == gn.POLICY["reason"]
    assert turns[4]["error_fallback"] == "agent_error"
    # the open gates: placeholders left, no review, no runs
    unmet = [g["name"] for g in card["gates"] if not g["met"]]
    assert {"valid", "review", "strong-run", "local-run"} <= set(unmet)


def test_markdown_card_structure_and_no_private_value(
    runner: CliRunner, drafted: Path, suite: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    markdown = _card(runner, drafted, "markdown")
    html = MarkdownIt("commonmark").enable("table").render(markdown)
    assert html.count("<details") == 1
    for marker in ("index_document", "run_shell_command", "FAILED", "BLOCKED"):
        assert marker in html, marker
    # the Windows home and its user name never reach the card (the importer scrubbed them)
    for private in (gn.USER_HOME, gn.BUDGET_PATH, gn.REPORT_PATH, "alex"):
        assert private not in markdown, private
    summary = suite / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    checked = runner.invoke(app, ["check", "--format", "github"])
    assert checked.exit_code == 0, checked.stderr
    written = summary.read_text(encoding="utf-8")
    rendered = MarkdownIt("commonmark").enable("table").render(written)
    assert "index_document" in rendered and "BLOCKED" in rendered
    assert gn.USER_HOME not in written and "alex" not in written

"""The card binds evidence to turns by content (the user message), not by turn number.

A real Agent UI session (``tests/support/gaia_db.py``, GAIA's ``src/gaia/ui/database.py`` layout) is
drafted by the real importer; the reviewer deletes a noise turn and renumbers the rest. The
new turn 3 must show the evidence of the captured turn whose message it carries, never the
old turn 3's failed call, in ``intake show`` and in the pull request's card (issue 24, item 4).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import message_key
from intake.contract.yamlio import dump_roundtrip, load_roundtrip
from intake.store.records import load_record, record_path, save_record
from tests.support.gaia_db import ChatDB, tool

SID = "7a1e0b7a-31b5-4084-bb3f-1825c0210942"
ASK_ROWS = "How many rows does expenses.csv have?"
ASK_LARGEST = "What is the largest expense category?"


def _draft(runner: CliRunner, suite: Path) -> Path:
    db = ChatDB(suite / "gaia_chat.db")
    sid = db.session(SID, title="Expenses", agent_type="chat")
    db.message(sid, "user", "Index my expenses.csv please.")
    db.message(sid, "assistant", "Indexed.", [tool(1, "index_document")])
    db.message(sid, "user", "hello?")
    db.message(sid, "assistant", "Hi! Anything else?")
    db.message(sid, "user", ASK_ROWS)
    db.message(
        sid,
        "assistant",
        "Sorry, that took too long.",
        [tool(1, "run_shell_command", False, "wc -l expenses.csv: timed out after 30 s")],
    )
    db.message(sid, "user", ASK_LARGEST)
    db.message(sid, "assistant", "Rent, at 41% of the total.", [tool(1, "query_specific_file")])
    db.close()
    result = runner.invoke(app, ["from-session", SID[:8], "--db", str(suite / "gaia_chat.db")])
    assert result.exit_code == 0, result.stderr
    (path,) = (suite / "drafts").glob("*.yaml")
    return path


def _delete_turn(path: Path, number: int) -> None:
    """What a reviewer does by hand: drop a noise turn and renumber the rest."""
    doc = load_roundtrip(path.read_text(encoding="utf-8"))
    turns = [t for t in doc["turns"] if t["turn"] != number]
    for index, turn in enumerate(turns, 1):
        turn["turn"] = index
    doc["turns"] = turns
    path.write_text(dump_roundtrip(doc, like=path.read_text(encoding="utf-8")), encoding="utf-8")


def _turn_block(text: str, number: int) -> str:
    """One turn of a card, Markdown (``#### Turn N``) or text (``turn N`` rule)."""
    text = text.replace("\\_", "_")
    mark = "#### Turn {}\n" if "#### Turn" in text else "turn {} ─"
    start = text.index(mark.format(number))
    following = text.find(mark.format(number + 1), start)
    end = following if following != -1 else text.lower().index("provenance", start)
    return " ".join(text[start:end].split())


def _check_cards(runner: CliRunner, draft_id: str) -> None:
    markdown = runner.invoke(app, ["show", draft_id, "--format", "markdown"])
    assert markdown.exit_code == 0, markdown.stderr
    text = CliRunner(env={"INTAKE_DEBUG": "1", "COLUMNS": "200"}).invoke(app, ["show", draft_id])
    assert text.exit_code == 0, text.stderr
    for out in (markdown.stdout, text.stdout):
        third = _turn_block(out, 3)
        assert "largest expense category" in third
        assert "run_shell_command" not in third and "timed out" not in third
        assert "query_specific_file" in third
        assert "evidence of captured turn 4" in third
        second = _turn_block(out, 2)
        assert ASK_ROWS.split()[0] in second and "run_shell_command" in second
        assert "captured turn 2 not in the draft" in " ".join(out.split())


def test_a_deleted_turn_does_not_shift_the_evidence(suite: Path, runner: CliRunner) -> None:
    path = _draft(runner, suite)
    record = load_record(record_path(path))
    assert record.evidence is not None
    assert [t.message_hash for t in record.evidence.turns] == [
        message_key(t.user_message or "") for t in record.evidence.turns
    ]
    _delete_turn(path, 2)
    _check_cards(runner, path.stem)


def test_an_older_record_without_hashes_is_matched_by_text(suite: Path, runner: CliRunner) -> None:
    path = _draft(runner, suite)
    rec = record_path(path)
    record = load_record(rec)
    assert record.evidence is not None
    turns = [t.model_copy(update={"message_hash": None}) for t in record.evidence.turns]
    save_record(
        rec,
        record.model_copy(update={"evidence": record.evidence.model_copy(update={"turns": turns})}),
    )
    _delete_turn(path, 2)
    _check_cards(runner, path.stem)


def test_a_rewritten_message_says_it_has_no_captured_counterpart(
    suite: Path, runner: CliRunner
) -> None:
    path = _draft(runner, suite)
    path.write_text(path.read_text().replace(ASK_ROWS, "Count the lines of the CSV."))
    out = runner.invoke(app, ["show", path.stem, "--format", "markdown"]).stdout
    third = _turn_block(out, 3)
    assert "no captured turn carries this user message" in third
    assert "run_shell_command" not in third
    assert "captured turn 3 not in the draft" in out


def test_the_pull_request_card_pairs_by_content(
    git_suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    subprocess.run(
        ["git", "commit", "-q", "--allow-empty", "-m", "base"], cwd=git_suite, check=True
    )
    subprocess.run(["git", "checkout", "-qb", "feature"], cwd=git_suite, check=True)
    path = _draft(runner, git_suite)
    _delete_turn(path, 2)
    subprocess.run(["git", "add", "-A"], cwd=git_suite, check=True)
    subprocess.run(["git", "commit", "-qm", "draft"], cwd=git_suite, check=True)
    summary = git_suite / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    result = runner.invoke(app, ["check", "--format", "github"])
    assert result.exit_code in (0, 1), result.output
    card = summary.read_text(encoding="utf-8")
    third = _turn_block(card, 3)
    assert "largest expense category" in third
    assert "run_shell_command" not in third
    assert "evidence of captured turn 4" in third


def test_an_issue_card_has_no_number_pairing_notes(suite: Path, runner: CliRunner) -> None:
    """An issue's captured turns hold only the quoted messages: nothing to pair by number."""
    import json

    body = '### What happened?\n\n1. Ask "Hello"\n2. Ask "What is the total?"\n'
    doc = {
        "number": 5,
        "title": "t",
        "body": body,
        "html_url": "https://github.com/acme/agent/issues/5",
        "user": {"login": "r"},
    }
    saved = suite / "issue.json"
    saved.write_text(json.dumps(doc))
    assert runner.invoke(app, ["from-issue", "--json", str(saved)]).exit_code == 0
    (path,) = (suite / "drafts").glob("*.yaml")
    out = runner.invoke(app, ["show", path.stem, "--format", "markdown"]).stdout
    assert "Turn 2" in out and "What is the total?" in out
    assert "paired with the captured turn" not in out
    assert "no captured turn carries" not in out and "not in the draft" not in out

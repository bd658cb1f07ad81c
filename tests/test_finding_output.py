"""Findings and problems as every command prints them, pinned byte for byte: ``intake scrub
--check`` (a file and standard input, text and JSON), ``intake check`` (text, verbose, JSON,
GitHub annotations) and ``intake validate`` (text, JSON, GitHub). The located scrub finding
travels one type from the scanner to these outputs, and check and validate share one severity:
neither may change a byte here (``tests/data/finding_output.json``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.check.gate import run_check
from intake.cli import app
from intake.config import load_settings
from intake.scrub import FileFinding, scan_paths, scrub_scan
from intake.store.records import record_path
from tests.support.env import REPO
from tests.support.promote_helpers import write_pair

GOLDEN = json.loads((REPO / "tests/data/finding_output.json").read_text(encoding="utf-8"))
"""Each command's [exit code, stdout, stderr], as the code before the one finding type printed
them."""

TOKEN = "ghp_" + "Abc1" * 9
SCRUBBED = f"""\
# a note
id: demo  # keep me
turns:
  - turn: 1
    user_message: "mail alice@acme.io"
    notes: |
      token {TOKEN}
"""
LEGACY = """\
id: legacy_case
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask bob@acme.io something.
    success_criteria: Answers it.
"""


def _outputs(runner: CliRunner, args: list[str], given: str | None = None) -> list[object]:
    result = runner.invoke(app, args, input=given)
    return [result.exit_code, result.stdout, result.stderr]


def test_scrub_check_prints_each_finding_as_before(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("demo.yaml").write_text(SCRUBBED, encoding="utf-8")
    Path("notes.txt").write_text(f"plain\n{TOKEN}\n", encoding="utf-8")
    Path("clean.md").write_text("nothing here\n", encoding="utf-8")
    got = {
        "text": _outputs(runner, ["scrub", "--check", "demo.yaml", "notes.txt"]),
        "json": _outputs(runner, ["scrub", "--check", "--format", "json", "demo.yaml"]),
        "stdin": _outputs(runner, ["scrub", "-", "--check"], SCRUBBED),
        "stdin-json": _outputs(runner, ["scrub", "-", "--check", "--format", "json"], SCRUBBED),
        "folder": _outputs(runner, ["scrub", "--check", "--format", "json", "."]),
        "clean": _outputs(runner, ["scrub", "--check", "clean.md"]),
    }
    assert got == GOLDEN["scrub --check"]


def test_check_prints_scrub_findings_as_before(
    suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    legacy = suite / "scenarios" / "rag_quality" / "legacy_case.yaml"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(LEGACY, encoding="utf-8")
    write_pair(suite / "drafts", "open_case")
    draft = suite / "drafts" / "open_case.yaml"
    draft.write_text(draft.read_text(encoding="utf-8") + f"# {TOKEN}\n", encoding="utf-8")
    got = {
        "text": _outputs(runner, ["check"]),
        "verbose": _outputs(runner, ["check", "--verbose"]),
        "strict": _outputs(runner, ["check", "--strict"]),
        "json": _outputs(runner, ["check", "--format", "json"]),
        "github": _outputs(runner, ["check", "--format", "github", "--verbose"]),
    }
    assert got == GOLDEN["check"]


def test_one_finding_travels_from_the_scanner_to_the_gate_and_check(suite: Path) -> None:
    """The suite's re-scan's ``FileFinding`` is the one gate 2 lists and the one each ``scrub``
    problem of ``intake check`` carries (its type read from it, not from the message)."""
    write_pair(suite / "drafts", "open_case")
    draft = suite / "drafts" / "open_case.yaml"
    draft.write_text(draft.read_text(encoding="utf-8") + f"# {TOKEN}\n", encoding="utf-8")
    settings = load_settings(suite)
    hits, why = scrub_scan([draft, record_path(draft)], settings)
    assert why is None and hits == [FileFinding("GITHUB_TOKEN", "drafts/open_case.yaml", 17)]
    report = run_check(settings)
    assert [f.found for f in report.findings if f.code == "scrub"] == hits
    (gates,) = report.drafts
    scrub_gate = next(g for g in gates.gates if g.name == "scrub")
    assert not scrub_gate.met and scrub_gate.detail == f"1 finding(s): {hits[0]}"
    assert scan_paths([draft]) == [FileFinding("GITHUB_TOKEN", str(draft), 17)]


def test_validate_prints_problems_as_before(suite: Path, runner: CliRunner) -> None:
    legacy = suite / "scenarios" / "rag_quality" / "legacy_case.yaml"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(LEGACY, encoding="utf-8")
    write_pair(suite / "drafts", "open_case")
    (suite / "drafts" / "broken.yaml").write_text("id: broken\nturns: 3\n", encoding="utf-8")
    todo = write_pair(suite / "drafts", "todo_case")
    text = todo.read_text(encoding="utf-8")
    todo.write_text(text.replace("success_criteria: ", "success_criteria: TODO(intake) ", 1))
    got = {
        "text": _outputs(runner, ["validate"]),
        "json": _outputs(runner, ["validate", "--format", "json"]),
        "github": _outputs(runner, ["validate", "--format", "github"]),
    }
    assert got == GOLDEN["validate"]

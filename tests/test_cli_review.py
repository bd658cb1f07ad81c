"""End to end through the CLI: import, edit, run records, PR approval, promote; every way to fail.

Drafts are written by the real importer tail (``intake.drafting.write_draft``, scrubber
included), edited as a person would, run records come from GAIA-format scorecards the tests
write, and approvals come from a pull request served by the local GitHub test server.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import DraftScenario
from intake.contract.yamlio import dump_roundtrip, load_roundtrip
from intake.drafting.tail import DraftPlan, new_record_source, write_draft
from intake.store.records import load_record, record_path
from tests.support.github_server import FakeGitHub
from tests.support.promote_helpers import HEAD, OLD, review, scorecard, serve_pr

SID = "pdf_summary_loop"


def import_draft(suite: Path, *, private: bool = False, scenario_id: str = SID) -> Path:
    """A draft as ``from-session`` writes it: scrubbed, with placeholders left to fill."""
    scenario = {
        "id": scenario_id,
        "name": "PDF summary loops on search",
        "category": "tool_selection",
        "persona": "casual_user",
        "source": {"type": "session", "link": "gaia-session:29c211c7"},
        "setup": {"index_documents": []},
        "turns": [
            {
                "turn": 1,
                "objective": "Ask for a summary of the quarterly report.",
                "user_message": "Summarize /home/alice/reports/q3.pdf please",
                "success_criteria": "TODO(intake): write what the judge checks",
            }
        ],
    }
    source = new_record_source("session", "gaia-session:29c211c7", private=private)
    result = write_draft(
        load_settings(suite),
        DraftPlan(DraftScenario.model_validate(scenario), {"answer": "looped"}, source),
    )
    assert "/home/alice" not in result.path.read_text()
    return result.path


def fill_in(draft: Path, **changes: str) -> None:
    """A person's edit: real criteria and a rationale instead of placeholders."""
    data = load_roundtrip(draft.read_text())
    data["turns"][0]["success_criteria"] = changes.get(
        "criteria", "The agent summarises the report in one pass without repeated searches."
    )
    data["difficulty_rationale"] = changes.get(
        "rationale", "The file name is ambiguous and small models loop on search_file."
    )
    if "objective" in changes:
        data["turns"][0]["objective"] = changes["objective"]
    draft.write_text(dump_roundtrip(data))


def record_runs(runner, suite: Path, *, strong: str = "PASS", local: str = "FAIL") -> None:
    """Run records through the CLI from a strong scorecard (--model) and a local one (meta.json)."""
    strong_card = scorecard(
        suite / "results" / "strong", {"other_case": "PASS", SID: strong}, run_id="eval-1"
    )
    local_card = scorecard(
        suite / "results" / "local", {SID: local}, run_id="eval-2", model="Gemma-4-E4B-it-GGUF"
    )
    (draft,) = suite.glob(f"drafts/**/{SID}.yaml")
    sent = load_roundtrip(draft.read_text())["turns"][0]["user_message"]
    for card in (strong_card, local_card):
        doc = json.loads(card.read_text())
        for entry in doc["scenarios"]:
            entry["turns"][0]["user_message"] = str(sent)
        card.write_text(json.dumps(doc))
    result = runner.invoke(
        app,
        [
            "run-record",
            SID,
            "--scorecard",
            str(strong_card),
            "--tier",
            "strong",
            "--model",
            "claude-opus-4",
        ],
    )
    assert result.exit_code == 0, result.output
    result = runner.invoke(
        app, ["run-record", SID, "--scorecard", str(local_card), "--tier", "local"]
    )
    assert result.exit_code == 0, result.output


def approve_via_pr(
    runner,
    github: FakeGitHub,
    draft: Path,
    suite: Path,
    *,
    reviews: list[dict] | None = None,
    author: str = "drafter",
    expect: int = 0,
) -> str:
    """Serve PR 7 with the draft's current bytes at HEAD and record its reviews."""
    rel = draft.relative_to(suite).as_posix()
    serve_pr(
        github,
        7,
        author=author,
        reviews=reviews if reviews is not None else [review("bob", "APPROVED")],
        files={rel: draft.read_bytes()},
    )
    result = runner.invoke(app, ["review", SID, "--pr", "7"])
    assert result.exit_code == expect, result.output
    return result.stdout


def promote(runner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["promote", SID, *args])
    return result.exit_code, result.stdout, result.stderr


def unmet(stdout: str) -> list[str]:
    return [line.split()[2] for line in stdout.splitlines() if "[UNMET]" in line]


@pytest.mark.slow
def test_import_edit_run_approve_promote(suite: Path, runner, github: FakeGitHub) -> None:
    draft = import_draft(suite)
    code, out, err = promote(runner, "--dry-run")
    assert code == 1
    assert unmet(out) == ["valid", "review", "strong-run", "local-run"]
    assert "[met  ] 2 scrub" in out and "[met  ] 6 unique-id" in out
    assert out.count("to do:") == 4

    fill_in(draft)
    record_runs(runner, suite)
    out = approve_via_pr(runner, github, draft, suite)
    assert f"recorded: approve by bob at {HEAD[:12]}" in out

    code, out, _ = promote(runner, "--dry-run")
    assert code == 0 and "ready to promote" in out and draft.exists()
    code, out, err = promote(runner)
    assert code == 0, out + err
    dest = suite / "scenarios" / "tool_selection" / f"{SID}.yaml"
    assert f"promoted {SID} to scenarios/tool_selection/{SID}.yaml" in out
    assert dest.is_file() and not draft.exists()
    record = load_record(record_path(dest))
    assert record.promotion is not None and record.promotion.by == "drafter"
    assert [r.via for r in record.reviews] == ["github_pr"]
    assert record.reviews[0].pr_url == "https://github.com/acme/agent/pull/7"
    assert {r.tier.value: r.model for r in record.runs} == {
        "strong": "claude-opus-4",
        "local": "Gemma-4-E4B-it-GGUF",
    }

    check = runner.invoke(app, ["check"])
    assert check.exit_code == 0, check.output
    log = runner.invoke(app, ["log", SID, "--format", "json"])
    kinds = [e["kind"] for e in json.loads(log.stdout)["events"]]
    assert kinds == ["import", "scrub", "run", "run", "review", "promotion"]


def test_promote_json_output(suite: Path, runner) -> None:
    import_draft(suite)
    result = runner.invoke(app, ["promote", SID, "--dry-run", "--format", "json"])
    doc = json.loads(result.stdout)
    assert result.exit_code == 1 and doc["blocked"] and doc["promoted"] is False
    assert [g["name"] for g in doc["gates"] if not g["met"]][0] == "valid"


@pytest.fixture
def edited(suite: Path, runner) -> Path:
    draft = import_draft(suite)
    fill_in(draft)
    return draft


def test_no_review(suite: Path, runner, edited: Path) -> None:
    record_runs(runner, suite)
    code, out, err = promote(runner)
    assert code == 1 and unmet(out) == ["review"]
    assert err == f"error: promotion blocked: 1 of 6 gates unmet (review) ({SID})\n"
    assert edited.exists() and not list((suite / "scenarios").rglob("*.yaml"))


def test_stale_review_after_an_edit(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    approve_via_pr(runner, github, edited, suite)
    fill_in(edited, rationale="Ambiguous file names make small models loop on search_file.")
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["review"]
    assert "approval by bob is stale (the file changed since)" in out


def test_approval_by_the_pr_author(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    out = approve_via_pr(runner, github, edited, suite, author="bob", expect=1)
    assert "not counted: bob: approval by the pull request's author" in out
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["review"]


def test_approval_on_an_old_commit(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    out = approve_via_pr(
        runner, github, edited, suite, reviews=[review("bob", "APPROVED", commit=OLD)], expect=1
    )
    assert f"approval on {OLD[:12]}, not the head {HEAD[:12]}" in out
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["review"]


def test_changes_requested_after_an_approval(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    approve_via_pr(
        runner,
        github,
        edited,
        suite,
        reviews=[
            review("bob", "APPROVED", rid=1),
            review("carol", "CHANGES_REQUESTED", at="2026-11-29T15:00:00Z", rid=2),
        ],
    )
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["review"]
    assert "blocked by an open objection: carol (changes requested)" in out


def test_strong_run_failed(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite, strong="FAIL")
    approve_via_pr(runner, github, edited, suite)
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["strong-run"]
    assert "latest strong run eval-1: FAIL" in out


def test_only_infra_error_runs(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite, strong="INFRA_ERROR", local="INFRA_ERROR")
    approve_via_pr(runner, github, edited, suite)
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["strong-run", "local-run"]
    assert out.count("only infrastructure statuses on the current content (INFRA_ERROR)") == 2


def test_run_recorded_before_a_turn_was_edited(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    fill_in(edited, objective="Ask for a two-line summary of the quarterly report.")
    approve_via_pr(runner, github, edited, suite)
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["strong-run", "local-run"]
    assert "recorded before the runnable part (persona, setup, turns, agent_type) was edited" in out


def test_rationale_edit_keeps_runs(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    fill_in(edited, rationale="Small models loop on search_file when the name is ambiguous.")
    approve_via_pr(runner, github, edited, suite)
    code, out, _ = promote(runner)
    assert code == 0, out


def test_saturated_case(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite, local="PASS")
    approve_via_pr(runner, github, edited, suite)
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["local-run"]
    assert "the local model passes too (saturated)" in out and "--allow-saturated REASON" in out
    code, out, _ = promote(runner, "--allow-saturated", "regression guard for #4428")
    assert code == 0, out
    dest = suite / "scenarios" / "tool_selection" / f"{SID}.yaml"
    stamp = load_record(record_path(dest)).promotion
    assert stamp is not None and stamp.allow_saturated == "regression guard for #4428"


def test_duplicate_id(suite: Path, runner, github, edited: Path) -> None:
    record_runs(runner, suite)
    approve_via_pr(runner, github, edited, suite)
    taken = suite / "scenarios" / "rag_quality" / f"{SID}.yaml"
    taken.parent.mkdir(parents=True)
    taken.write_text(edited.read_text().replace("tool_selection", "rag_quality"))
    code, out, _ = promote(runner)
    assert code == 1 and unmet(out) == ["unique-id"]
    assert f"scenarios/rag_quality/{SID}.yaml" in out


def test_private_draft(git_suite: Path, runner, github) -> None:
    suite = git_suite
    draft = import_draft(suite, private=True)
    assert draft.parent == (suite / "drafts" / "private").resolve()
    fill_in(draft)
    record_runs(runner, suite)
    ignored = subprocess.run(
        ["git", "status", "--porcelain", "--", "drafts"], cwd=suite, capture_output=True, text=True
    )
    assert ignored.stdout == ""
    subprocess.run(["git", "add", "-f", str(draft)], cwd=suite, check=True)
    check = runner.invoke(app, ["check"])
    assert check.exit_code == 1
    assert "private draft tracked by git without an approving review" in check.stdout
    approve_via_pr(runner, github, draft, suite)
    assert runner.invoke(app, ["check"]).exit_code == 0
    code, out, err = promote(runner)
    assert code == 0, out + err
    assert (suite / "scenarios" / "tool_selection" / f"{SID}.yaml").is_file()
    assert not draft.exists()

"""``intake check --format github``: a reviewer's card per draft the pull request adds or changes.

The pull request is a real git repository: a ``main`` branch with one draft, a feature branch
that adds and changes drafts; ``GITHUB_BASE_REF`` names the base as GitHub Actions sets it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from intake.check.gate import run_check
from intake.check.summary import summary_cards
from intake.cli import app
from intake.config import load_settings
from intake.report.card import card_markdown, load_card
from tests.support.gitrepo import git
from tests.support.leak_forms import leaks
from tests.support.promote_helpers import edit, write_pair
from tests.support.show import DRAFT, SECRETS, Html, add_evidence, draft


def at(day: int) -> datetime:
    return datetime(2026, 11, day, tzinfo=UTC)


@pytest.fixture
def pr(git_suite: Path) -> Path:
    """main: old_case and touched_case; branch feature: new_case, newer_case added,
    touched_case edited."""
    drafts = git_suite / "drafts"
    write_pair(drafts, "old_case", captured_at=at(1))
    write_pair(drafts, "touched_case", captured_at=at(2))
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "base")
    git(git_suite, "checkout", "-qb", "feature")
    write_pair(drafts, "new_case", captured_at=at(10))
    write_pair(drafts, "newer_case", captured_at=at(20))
    edit(drafts / "touched_case.yaml", "The agent repeats", "The agent keeps repeating")
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "feature")
    return git_suite


def summary_of(runner: CliRunner, suite: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    summary = suite / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    result = runner.invoke(app, ["check", "--format", "github"])
    assert result.exit_code == 0, result.output
    return summary.read_text(encoding="utf-8")


def card_ids(text: str) -> list[str]:
    return re.findall(r"<summary>(\w+) \(draft", text)


def test_cards_for_the_drafts_the_pull_request_adds_or_changes_newest_first(
    pr: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    text = summary_of(runner, pr, monkeypatch)
    assert text.startswith("## intake check passed")
    assert "Cards for the drafts this change adds or changes (3), newest first." in text
    assert card_ids(text) == ["newer_case", "new_case", "touched_case"]
    assert text.count("<details>") == 3 and text.count("</details>") == 3
    assert "#### `drafts/old_case.yaml`: not ready" in text, "the gate table still lists all"


def test_a_record_only_change_counts_and_no_base_means_the_uncommitted_work(
    pr: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One answer to "what does this change touch" (``CheckReport.changed``): with a base,
    everything since the merge base and the uncommitted work; without one, the uncommitted
    work only; the cards follow it. Without git (no answer), every draft gets a card."""
    import shutil

    from intake.store.records import load_record, record_path, save_record

    rec = record_path(pr / "drafts" / "old_case.yaml")
    save_record(rec, load_record(rec).model_copy(update={"author": "someone"}))
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    assert "old_case" in card_ids(summary_of(runner, pr, monkeypatch))
    (pr / "summary.md").unlink()
    monkeypatch.delenv("GITHUB_BASE_REF")
    assert run_check(load_settings(pr)).changed == {"drafts/old_case.intake.json"}
    text = summary_of(runner, pr, monkeypatch)
    assert "Cards for the drafts this change adds or changes (1), newest first." in text
    assert card_ids(text) == ["old_case"]
    (pr / "summary.md").unlink()
    shutil.rmtree(pr / ".git")
    assert run_check(load_settings(pr)).changed is None
    text = summary_of(runner, pr, monkeypatch)
    assert "Cards for every draft (git cannot tell which files this change touches)" in text
    assert card_ids(text) == ["newer_case", "new_case", "touched_case", "old_case"]


def test_text_format_writes_no_cards(
    pr: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = pr / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    assert runner.invoke(app, ["check"]).exit_code == 0
    assert "<details>" not in summary.read_text()


def test_the_job_summary_card_is_the_show_card(
    git_suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session draft with a failed tool and a policy block: the same card as ``intake show``,
    collapsed, with no value the scrubber replaced."""
    git(git_suite, "add", "-A")  # the base carries the suite's settings (docs/trust.md)
    git(git_suite, "commit", "-q", "-m", "base")
    git(git_suite, "checkout", "-qb", "feature")
    path = draft(runner, git_suite)
    add_evidence(git_suite, path)
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "draft")
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    text = summary_of(runner, git_suite, monkeypatch)
    shown = runner.invoke(app, ["show", DRAFT, "--format", "markdown"]).stdout
    assert shown.replace("<details open>", "<details>", 1) in text
    assert "| 2 | query_specific_file | **FAILED** |" in text
    assert "| 1 | send_email | **BLOCKED** |" in text
    assert not leaks(SECRETS, text)
    tree = Html()
    tree.feed(MarkdownIt("commonmark").enable("table").render(text))
    assert tree.count("details") == 1


def test_the_summary_stays_within_its_limit_and_never_cuts_a_card(
    pr: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    settings = load_settings(pr)
    report = run_check(settings)
    full = {c: card_markdown(load_card(settings, c)) for c in ("newer_case", "new_case")}
    one = len(full["newer_case"].encode()) + 600
    text = summary_cards(report, settings, limit=one)
    assert len(text.encode()) <= one
    assert card_ids(text) == ["newer_case"]
    assert full["newer_case"] in text
    assert "2 more cards left out to stay within GitHub's job summary limit" in text
    assert text.count("<details>") == text.count("</details>") == 1
    small = summary_cards(report, settings, limit=one // 2 + 900)
    assert "only its gates are shown" in small
    assert small.count("<details>") == small.count("</details>")
    assert all(line.count("`") % 2 == 0 for line in small.splitlines())
    assert len(small.encode()) <= one // 2 + 900


def test_the_documented_workflow_fetches_the_base_and_writes_the_cards() -> None:
    """docs/promotion.md's template: full history (for the merge base) and --format github."""
    from intake.contract.yamlio import parse_checked
    from tests.support.env import REPO

    page = (REPO / "docs" / "promotion.md").read_text(encoding="utf-8")
    block = page.split("# .github/workflows/intake-check.yml in the suite's repository\n", 1)[1]
    workflow = parse_checked(block.split("```", 1)[0].encode()).data
    steps = workflow["jobs"]["check"]["steps"]
    assert steps[0]["with"] == {"persist-credentials": False, "fetch-depth": 0}
    assert steps[-1]["run"] == (
        'intake check --format github --base "refs/remotes/origin/$BASE_BRANCH"'
    )
    assert steps[-1]["env"]["BASE_BRANCH"] == "${{ github.event.pull_request.base.ref }}"
    assert workflow["permissions"] == {"contents": "read", "pull-requests": "read"}


def test_a_tracked_private_draft_gets_only_the_private_card(
    git_suite: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from intake.contract.models import ReviewDecision
    from intake.lifecycle.review import add_review

    git(git_suite, "add", "-A")  # the base carries the suite's settings (docs/trust.md)
    git(git_suite, "commit", "-q", "-m", "base")
    git(git_suite, "checkout", "-qb", "feature")
    path = write_pair(git_suite / "drafts" / "private", "secret_case", private=True)
    git(git_suite, "add", "-f", str(path), str(path.with_name("secret_case.intake.json")))
    git(git_suite, "commit", "-qm", "private draft")
    # reviewed here, not committed: a review the branch committed would be claimed
    add_review(load_settings(git_suite), "secret_case", ReviewDecision.approve, "bob")
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    text = summary_of(runner, git_suite, monkeypatch)
    cards = text.split("### Reviewer's cards", 1)[1]
    assert "<summary>secret_case (draft, private): not ready: 2 of 6 gates unmet</summary>" in cards
    assert "**Private**: drafted from a session marked private" in cards
    assert "Summarize the Q3" not in cards and "PDF summary" not in cards


def test_a_private_draft_card_keeps_its_place_newest_first(
    pr: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a private card hides the content, not its place in "newest first"
    path = write_pair(pr / "drafts", "private_case", captured_at=at(15), private=True)
    git(pr, "add", "-f", str(path), str(path.with_name("private_case.intake.json")))
    git(pr, "commit", "-qm", "a tracked private draft")
    monkeypatch.setenv("GITHUB_BASE_REF", "main")
    settings = load_settings(pr)
    text = summary_cards(run_check(settings), settings)
    assert card_ids(text) == ["newer_case", "private_case", "new_case", "touched_case"]
    assert "2026-11-15" not in text

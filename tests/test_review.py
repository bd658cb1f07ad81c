"""Review records: manual reviews and pull-request reviews read from a local GitHub server."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import ReviewDecision
from intake.errors import UsageError
from intake.lifecycle.gates import review_gate
from intake.lifecycle.review import add_review, reviews_from_pr
from intake.store.records import content_hash, load_record, record_path
from intake.store.suite import find_draft
from tests.support import gitrepo
from tests.support.env import posix_only
from tests.support.promote_helpers import HEAD, OLD, edit, review, serve_pr, write_pair

DRAFT = "drafts/pdf_summary_loop.yaml"


def test_manual_review_bound_to_content_hash(suite: Path) -> None:
    draft = write_pair(suite / "drafts")
    settings = load_settings(suite)
    path, rev = add_review(settings, "pdf_summary_loop", ReviewDecision.approve, "bob", note=" ok ")
    assert path == draft.resolve()
    assert rev.content_hash == content_hash(draft) and rev.via == "manual" and rev.note == "ok"
    record = load_record(record_path(draft))
    assert record.reviews == [rev]
    assert review_gate(record.reviews, content_hash(draft), record.author).met
    edit(draft, "Summarize the Q3", "Summarise the Q3")
    gate = review_gate(record.reviews, content_hash(draft), record.author)
    assert not gate.met and "approval by bob is stale" in gate.detail


def test_review_gate_rules() -> None:
    from datetime import UTC, datetime, timedelta

    from intake.contract.models import Review

    t0 = datetime(2026, 11, 29, tzinfo=UTC)

    def r(who: str, decision: str, minutes: int, h: str = "sha256:now") -> Review:
        return Review(
            reviewer=who,
            decision=ReviewDecision(decision),
            content_hash=h,
            at=t0 + timedelta(minutes=minutes),
        )

    assert review_gate([r("bob", "approve", 1)], "sha256:now", "drafter").met
    gate = review_gate([r("drafter", "approve", 1)], "sha256:now", "drafter")
    assert not gate.met and "draft's author" in gate.detail
    gate = review_gate([r("bob", "approve", 1), r("carol", "reject", 2)], "sha256:now", "d")
    assert not gate.met and "blocked by an open objection: carol (reject)" in gate.detail
    gate = review_gate(
        [r("bob", "approve", 1), r("carol", "changes_requested", 2)], "sha256:now", None
    )
    assert not gate.met and "carol (changes requested)" in gate.detail
    # a reviewer's latest review counts: an objection stands until that reviewer approves
    gate = review_gate([r("carol", "reject", 1), r("bob", "approve", 2)], "sha256:now", None)
    assert not gate.met and "carol (reject)" in gate.detail
    assert review_gate([r("carol", "reject", 1), r("carol", "approve", 2)], "sha256:now", None).met
    gate = review_gate([r("bob", "approve", 1), r("bob", "reject", 2)], "sha256:now", None)
    assert not gate.met
    gate = review_gate([], "sha256:now", None)
    assert not gate.met and gate.detail == "no approving review recorded" and gate.todo


def test_find_draft_by_id_path_and_private(suite: Path) -> None:
    settings = load_settings(suite)
    public = write_pair(suite / "drafts", "a_case")
    private = write_pair(suite / "drafts" / "private", "b_case", private=True)
    assert find_draft(settings, "a_case") == public.resolve()
    assert find_draft(settings, "b_case") == private.resolve()
    assert find_draft(settings, "drafts/a_case.yaml") == public.resolve()
    with pytest.raises(UsageError, match="no such draft"):
        find_draft(settings, "c_case")
    with pytest.raises(UsageError, match="not a draft id or path"):
        find_draft(settings, "Bad Id!")
    with pytest.raises(UsageError, match="a draft is a file named <id>.yaml"):
        find_draft(settings, "../etc")
    with pytest.raises(UsageError, match="no such draft"):
        find_draft(settings, "drafts/missing_case.yaml")
    outside = suite / "elsewhere.yaml"
    outside.write_text("id: x\n")
    with pytest.raises(UsageError, match="not under the drafts folder"):
        find_draft(settings, str(outside))


def test_review_cli_usage_errors(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    result = runner.invoke(app, ["review", "missing_draft", "--approve", "--reviewer", "bob"])
    assert result.exit_code == 2 and result.stderr == "error: no such draft (missing_draft)\n"
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--approve"])
    assert result.exit_code == 2 and "--reviewer LOGIN is required" in result.stderr
    result = runner.invoke(
        app, ["review", "pdf_summary_loop", "--approve", "--reject", "--reviewer", "bob"]
    )
    assert result.exit_code == 2 and "exactly one of" in result.stderr
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "a b"])
    assert result.exit_code == 2 and "invalid reviewer login" in result.stderr
    result = runner.invoke(
        app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "drafter"]
    )
    assert result.exit_code == 0 and "does not count" in result.stderr


def test_pr_approval_on_head_with_same_content_is_recorded(suite: Path, github) -> None:
    draft = write_pair(suite / "drafts")
    serve_pr(
        github,
        7,
        reviews=[
            review("carol", "COMMENTED", at="2026-11-29T13:00:00Z", rid=2),
            review("bob", "APPROVED", rid=1),
        ],
        files={DRAFT: draft.read_bytes()},
    )
    found = reviews_from_pr(load_settings(suite), "pdf_summary_loop", 7)
    assert [r.reviewer for r in found.recorded] == ["bob"]
    rev = found.recorded[0]
    assert (rev.via, rev.commit, rev.pr_url) == (
        "github_pr",
        HEAD,
        "https://github.com/acme/agent/pull/7",
    )
    assert rev.content_hash == content_hash(draft)
    assert rev.at.isoformat() == "2026-11-29T12:00:00+00:00"
    contents = [r for r in github.requests if "/contents/" in r.path]
    assert contents and f"ref={HEAD}" in contents[0].query
    assert load_record(record_path(draft)).reviews == [rev]
    again = reviews_from_pr(load_settings(suite), "pdf_summary_loop", 7)
    assert again.recorded == [] and len(again.already) == 1
    assert len(load_record(record_path(draft)).reviews) == 1


@pytest.mark.parametrize(
    ("reviews", "author", "remote", "why"),
    [
        ([review("drafter", "APPROVED")], "drafter", None, "approval by the pull request's author"),
        ([review("bob", "APPROVED", commit=OLD)], "drafter", None, f"approval on {OLD[:12]}"),
        ([review("bob", "APPROVED")], "drafter", b"id: other\n", "differs from the local file"),
    ],
)
def test_pr_approvals_that_do_not_count(
    suite: Path, github, runner, reviews, author, remote, why
) -> None:
    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    serve_pr(
        github,
        7,
        author=author,
        reviews=reviews,
        files={DRAFT: remote if remote is not None else draft.read_bytes()},
    )
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "7"])
    assert result.exit_code == 1, result.output
    assert why in result.stdout
    assert "no review of https://github.com/acme/agent/pull/7 counts" in result.stdout
    assert record_path(draft).read_bytes() == before


def test_changes_requested_after_approval_is_recorded_and_blocks(suite: Path, github) -> None:
    draft = write_pair(suite / "drafts")
    serve_pr(
        github,
        7,
        reviews=[
            review("bob", "APPROVED", rid=1),
            review("carol", "CHANGES_REQUESTED", commit=OLD, at="2026-11-29T14:00:00Z", rid=2),
        ],
        files={DRAFT: draft.read_bytes()},
    )
    found = reviews_from_pr(load_settings(suite), "pdf_summary_loop", 7)
    assert {(r.reviewer, r.decision.value) for r in found.recorded} == {
        ("bob", "approve"),
        ("carol", "changes_requested"),
    }
    record = load_record(record_path(draft))
    gate = review_gate(record.reviews, content_hash(draft), record.author)
    assert not gate.met and "carol (changes requested)" in gate.detail


def test_pr_number_that_is_an_issue(suite: Path, github, runner) -> None:
    from tests.support.github_server import Reply

    write_pair(suite / "drafts")
    github.add(
        "GET",
        "/repos/acme/agent/issues/9",
        Reply(body={"number": 9, "title": "bug", "state": "open", "user": {"login": "x"}}),
    )
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "9"])
    assert result.exit_code == 2
    assert result.stderr == "error: this number is an issue, not a pull request (acme/agent#9)\n"
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "10"])
    assert result.exit_code == 3
    assert "not found on GitHub" in result.stderr and "Traceback" not in result.stderr


def test_pr_server_error_is_a_network_error(suite: Path, github, runner) -> None:
    from tests.support.github_server import Reply

    write_pair(suite / "drafts")
    github.add("GET", "/repos/acme/agent/pulls/7", Reply(status=500, body={"message": "boom"}))
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "7", "--repo", "acme/agent"])
    assert result.exit_code == 3 and "GitHub answered HTTP 500" in result.stderr


def test_path_target_must_be_a_draft_yaml_named_by_an_id(suite: Path, runner) -> None:
    """`intake reject drafts/<id>.intake.json` used to delete the record."""
    draft = write_pair(suite / "drafts")
    rec = record_path(draft)
    for target in (
        "drafts/pdf_summary_loop.intake.json",
        "drafts/Not An Id.yaml",
        "drafts/notes.txt",
    ):
        (suite / target).write_text("x") if not (suite / target).exists() else None
        result = runner.invoke(app, ["reject", target, "--reason", "oops"])
        assert result.exit_code == 2, result.output
        assert target in result.stderr and "Traceback" not in result.stderr
    assert draft.is_file() and rec.is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need a privilege on Windows")
def test_symlinked_drafts_and_records_are_refused(suite: Path, runner) -> None:
    """A symlink in drafts/ must never let intake delete or write a file outside the suite."""
    outside = suite.parent / "outside"
    victim = write_pair(outside, "pdf_summary_loop")
    victim_rec = record_path(victim)
    link = suite / "drafts" / "pdf_summary_loop.yaml"
    link.symlink_to(Path("..") / ".." / "outside" / "pdf_summary_loop.yaml")
    record_path(link).symlink_to(Path("..") / ".." / "outside" / victim_rec.name)
    for target in ("pdf_summary_loop", "drafts/pdf_summary_loop.yaml"):
        result = runner.invoke(app, ["reject", target, "--reason", "gone"])
        assert result.exit_code == 2, result.output
        assert "symbolic link" in result.stderr
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "bob"])
    assert result.exit_code == 2, result.output
    assert victim.is_file() and victim_rec.is_file()
    assert load_record(victim_rec).reviews == []
    # a real draft whose record alone is a link to elsewhere
    link.unlink()
    record_path(link).unlink()
    write_pair(suite / "drafts", "other_case")
    rec = record_path(suite / "drafts" / "other_case.yaml")
    rec.unlink()
    rec.symlink_to(victim_rec)
    result = runner.invoke(app, ["reject", "other_case", "--reason", "gone"])
    assert result.exit_code == 2, result.output
    assert "symbolic link" in result.stderr
    assert victim_rec.is_file() and (suite / "drafts" / "other_case.yaml").is_file()


def test_change_request_is_not_overridden_by_another_reviewers_later_approval() -> None:
    """GitHub semantics: dave's latest review is a change request, so carol cannot clear it."""
    from datetime import UTC, datetime, timedelta

    from intake.contract.models import Review

    t0 = datetime(2026, 11, 29, tzinfo=UTC)

    def r(who: str, decision: str, minutes: int, h: str = "sha256:now") -> Review:
        return Review(
            reviewer=who,
            decision=ReviewDecision(decision),
            content_hash=h,
            at=t0 + timedelta(minutes=minutes),
        )

    reviews = [r("bob", "approve", 1), r("dave", "changes_requested", 2), r("carol", "approve", 3)]
    gate = review_gate(reviews, "sha256:now", "drafter")
    assert not gate.met and "dave (changes requested)" in gate.detail
    # bound to any content: an objection to older bytes still stands
    old = [r("dave", "reject", 1, h="sha256:old"), r("carol", "approve", 3)]
    gate = review_gate(old, "sha256:now", "drafter")
    assert not gate.met and "dave (reject)" in gate.detail
    # the same reviewer approving again clears it
    assert review_gate([*reviews, r("dave", "approve", 4)], "sha256:now", "drafter").met


def test_author_and_reviewer_compared_without_case_or_spaces() -> None:
    from datetime import UTC, datetime

    from intake.contract.models import Review

    approval = Review(
        reviewer="AliceSmith",
        decision=ReviewDecision.approve,
        content_hash="sha256:now",
        at=datetime(2026, 11, 29, tzinfo=UTC),
    )
    gate = review_gate([approval], "sha256:now", "alice smith")
    assert not gate.met and "draft's author" in gate.detail


def test_current_author_prefers_a_login(git_suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviewers are logins, so the author is too: setting, GITHUB_ACTOR, github.user, name."""
    import subprocess

    from intake.store.suite import current_author

    settings = load_settings(git_suite).model_copy(update={"author": None})
    subprocess.run(["git", "config", "user.name", "Alice Smith"], cwd=git_suite, check=True)
    monkeypatch.delenv("GITHUB_ACTOR", raising=False)
    assert current_author(settings) == "Alice Smith"
    subprocess.run(["git", "config", "github.user", "alice-gh"], cwd=git_suite, check=True)
    assert current_author(settings) == "alice-gh"
    monkeypatch.setenv("GITHUB_ACTOR", "alice-ci")
    assert current_author(settings) == "alice-ci"
    configured = settings.model_copy(update={"author": "alice"})
    assert current_author(configured) == "alice"


def test_pr_that_does_not_change_the_draft_counts_for_nothing(suite: Path, github, runner) -> None:
    """An approval of a PR whose head merely contains the unchanged draft is not a review of it."""
    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    serve_pr(
        github,
        7,
        reviews=[review("bob", "APPROVED")],
        files={DRAFT: draft.read_bytes()},
        changed=["docs/readme.md", "drafts/other_case.yaml"],
    )
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "7"])
    assert result.exit_code == 1, result.output
    assert f"the pull request does not change {DRAFT}" in result.stdout
    assert record_path(draft).read_bytes() == before


@pytest.mark.parametrize("renamed", [False, True])
def test_pr_files_are_read_across_pages_and_renames_count(
    suite: Path, github, renamed: bool
) -> None:
    draft = write_pair(suite / "drafts")
    others: list[str | tuple[str, str]] = [f"docs/page_{i}.md" for i in range(5)]
    mine: str | tuple[str, str] = ("drafts/renamed_case.yaml", DRAFT) if renamed else DRAFT
    serve_pr(
        github,
        7,
        reviews=[review("bob", "APPROVED")],
        files={DRAFT: draft.read_bytes()},
        changed=[*others, mine],
        page_size=2,
    )
    found = reviews_from_pr(load_settings(suite), "pdf_summary_loop", 7)
    assert [r.reviewer for r in found.recorded] == ["bob"]
    pages = [r for r in github.requests if r.path.endswith("/pulls/7/files")]
    assert len(pages) == 3


def test_a_dismissed_change_request_stops_blocking(suite: Path, github) -> None:
    """GitHub: dismissing a review clears that reviewer's objection (and their approval)."""
    draft = write_pair(suite / "drafts")
    serve_pr(
        github,
        7,
        reviews=[
            review("bob", "APPROVED", rid=1),
            review("carol", "CHANGES_REQUESTED", commit=OLD, at="2026-11-29T14:00:00Z", rid=2),
        ],
        files={DRAFT: draft.read_bytes()},
    )
    settings = load_settings(suite)
    reviews_from_pr(settings, "pdf_summary_loop", 7)
    record = load_record(record_path(draft))
    assert not review_gate(record.reviews, content_hash(draft), record.author).met
    github.routes.clear()
    serve_pr(
        github,
        7,
        reviews=[
            review("bob", "APPROVED", rid=1),
            review("carol", "DISMISSED", commit=OLD, at="2026-11-29T14:00:00Z", rid=2),
        ],
        files={DRAFT: draft.read_bytes()},
    )
    found = reviews_from_pr(settings, "pdf_summary_loop", 7)
    assert [(r.reviewer, r.decision.value) for r in found.recorded] == [("carol", "dismissed")]
    record = load_record(record_path(draft))
    gate = review_gate(record.reviews, content_hash(draft), record.author)
    assert gate.met, gate.detail
    again = reviews_from_pr(settings, "pdf_summary_loop", 7)
    assert again.recorded == []


def test_a_dismissed_approval_no_longer_counts(suite: Path, github, runner) -> None:
    draft = write_pair(suite / "drafts")
    serve_pr(
        github,
        7,
        reviews=[review("bob", "DISMISSED", rid=1)],
        files={DRAFT: draft.read_bytes()},
    )
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "7"])
    assert result.exit_code == 1
    assert "recorded: dismissed by bob" in result.stdout
    assert "approves or objects: all were dismissed" in result.stdout
    record = load_record(record_path(draft))
    assert not review_gate(record.reviews, content_hash(draft), record.author).met


# --- leak regressions (security review) ---------------------------------------------------------

TOKEN = "ghp_" + "Zq7Rk2Lm9Xw4Tb8Nc3Vd6Hy1Jp5Gs0Af7Eu2"
EMAIL = "alice.smith@gmail.com"


def test_review_note_is_scrubbed_before_it_is_stored_or_shown(suite: Path, runner) -> None:
    from tests.support.leak_forms import assert_no_leak

    draft = write_pair(suite / "drafts")
    note = f"fine, but mail {EMAIL} first; token {TOKEN}"
    result = runner.invoke(
        app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "bob", "--note", note]
    )
    assert result.exit_code == 0, result.output
    log = runner.invoke(app, ["log", "pdf_summary_loop"])
    assert log.exit_code == 0, log.output
    assert_no_leak([TOKEN, EMAIL], suite, result.stdout, result.stderr, log.stdout, log.stderr)
    assert "note scrubbed: 2 finding(s) (EMAIL_ADDRESS, GITHUB_TOKEN)" in result.stderr
    stored = load_record(record_path(draft)).reviews[0].note
    assert stored is not None and stored.startswith("fine, but mail ") and "ghp_" in stored


@pytest.mark.parametrize("login", [EMAIL, "bob.smith", "bob--x", "-bob", "a" * 40, "bob\x1b[31m"])
def test_manual_reviewer_must_be_a_github_login_and_is_not_echoed(
    suite: Path, runner, login: str
) -> None:
    from tests.support.leak_forms import assert_no_leak

    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--approve", "--reviewer", login])
    assert result.exit_code == 2 and "invalid reviewer login (--reviewer" in result.stderr
    assert login not in result.stderr and "\x1b" not in result.stderr
    assert record_path(draft).read_bytes() == before
    assert_no_leak([EMAIL], suite, result.stdout, result.stderr)


def test_github_logins_and_app_bots_are_accepted(suite: Path) -> None:
    write_pair(suite / "drafts")
    settings = load_settings(suite)
    logins = ("bob", "Bob-Smith-2", "a" * 39, "renovate[bot]")
    for login in logins:
        _, recorded = add_review(settings, "pdf_summary_loop", ReviewDecision.approve, login)
        assert recorded.reviewer == login and recorded.decision is ReviewDecision.approve
    record = load_record(record_path(suite / "drafts" / "pdf_summary_loop.yaml"))
    assert [r.reviewer for r in record.reviews] == list(logins)


def test_pr_reviews_with_bad_logins_or_commits_are_not_counted_nor_echoed(
    suite: Path, github, runner
) -> None:
    from tests.support.leak_forms import assert_no_leak

    draft = write_pair(suite / "drafts")
    evil = "mallory\x1b[2J\nrecorded: approve by admin"
    serve_pr(
        github,
        7,
        reviews=[
            review(evil, "APPROVED", rid=1),
            review(EMAIL, "CHANGES_REQUESTED", rid=2),
            review("carol", "CHANGES_REQUESTED", commit=f"zz {TOKEN}", rid=3),
            review("bob", "APPROVED", rid=4),
        ],
        files={DRAFT: draft.read_bytes()},
        # the API's html_url is whatever the server says; intake builds the address itself
        html_url=f"https://evil.example/{TOKEN}",
    )
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "7"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("not counted: invalid login") == 2
    assert "not counted: carol: the review names no valid commit id" in result.stdout
    assert "\x1b" not in result.stdout and "mallory" not in result.stdout
    record = load_record(record_path(draft))
    assert [r.reviewer for r in record.reviews] == ["bob"]
    assert record.reviews[0].pr_url == "https://github.com/acme/agent/pull/7"
    log = runner.invoke(app, ["log", "pdf_summary_loop"])
    assert "mallory" not in log.stdout and "\x1b" not in log.stdout
    assert_no_leak([TOKEN, EMAIL, "mallory"], suite, result.stdout, result.stderr, log.stdout)


def test_pr_url_is_built_from_repo_and_number_not_taken_from_the_api() -> None:
    from intake.lifecycle.review import pr_web_url

    assert pr_web_url("https://api.github.com", "acme/agent", 7) == (
        "https://github.com/acme/agent/pull/7"
    )
    assert pr_web_url("https://ghe.corp.example/api/v3/", "acme/agent", 7) == (
        "https://ghe.corp.example/acme/agent/pull/7"
    )
    assert pr_web_url("http://127.0.0.1:8080", "acme/agent", 7) == (
        "https://github.com/acme/agent/pull/7"
    )


@posix_only("a symbolic link")
def test_a_scenario_linked_into_another_repository_is_no_file_of_this_pr(
    suite: Path, github, runner, tmp_path: Path
) -> None:
    """A review binds the file by its name in the suite's repository
    (``paths.repo_path``): ``review.repo_relative`` asked git from the file's own folder,
    so a scenarios folder linked into another repository named the file as that repository
    does: this repository's pull request changing that name bound the file, its approvals
    counted, and only the store's write rule (nothing outside the suite) stopped the record.
    Now the binding refuses it, before any file of the pull request is asked for."""
    other = tmp_path / "other"
    scenario = write_pair(other / "scenarios")
    gitrepo.init(other, who=("drafter", "t@example.com"))
    shutil.rmtree(suite / "scenarios")
    os.symlink(other / "scenarios", suite / "scenarios")
    before = record_path(scenario).read_bytes()
    name = "scenarios/pdf_summary_loop.yaml"
    serve_pr(github, 7, reviews=[review("bob", "APPROVED")], files={name: scenario.read_bytes()})
    result = runner.invoke(app, ["review", "pdf_summary_loop", "--pr", "7"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(
        "error: the file lies outside the suite's repository (through a symbolic link)"
    ), result.stderr
    assert record_path(scenario).read_bytes() == before
    assert not [r for r in github.requests if r.path.endswith("/files") or "/contents/" in r.path]

"""Review records: a person's verdict on a draft, bound to the hash of the whole file.

Two ways in:

* ``add_review``: a review made outside GitHub (``--approve``/``--reject`` with a login).
* ``reviews_from_pr``: the reviews of a pull request, read with PyGithub. The PR must change
  the draft (its path, or its previous name, among the PR's files). Each reviewer's
  latest state-changing review counts (approve, request changes, dismissed). An approval is
  recorded only when it is on the PR's current head commit, its author is not the PR's author,
  and the draft file at that commit (fetched through the contents API) hashes to the same value
  as the local file: an approval of other bytes is not an approval of these. A change request is
  recorded whatever commit it was on, because on GitHub it blocks until it is superseded.
  The same command records the approval of a pull request carrying a suite scenario's
  quarantine, lift, retirement, split tag or promotion (``find_reviewed``): it is stored in the
  scenario's record, and ``intake check`` corroborates it with GitHub again.

Every review carries ``content_hash``: any later edit of the file makes it stale, and the
promotion gate says so. Finding the draft and locking it are ``intake.store.suite``'s; whose
review counts is ``intake.lifecycle.gates``'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from intake.config import Settings
from intake.contract.models import (
    Review,
    ReviewDecision,
    Rubric,
    check_login,
    valid_login,
)
from intake.contract.untrusted import judge_hits, strip_hidden
from intake.contract.yamlio import YamlProblem, parse_checked
from intake.errors import Conflict, SourceError, UsageError
from intake.gitutil import repo_top
from intake.lifecycle.evidence import COMMIT, COUNTING_ASSOCIATIONS, GitHubReview, file_at
from intake.lifecycle.gates import author_identities, is_author
from intake.paths import display_path, inside, repo_path
from intake.store.details import ReviewDetail
from intake.store.edit import edit
from intake.store.journal import Event
from intake.store.records import content_hash, sha256_bytes, utcnow
from intake.store.suite import (
    find_draft,
    find_scenario,
    load_draft_record,
    scenario_id_of,
    scrub_free_text,
)

# --- manual reviews ----------------------------------------------------------------------------


def pr_web_url(api_url: str, full_name: str, number: int) -> str:
    """The pull request's web address, built from the repository and number.

    GitHub's ``html_url`` is not stored: it is whatever the server sent. ``api.github.com``
    (and any API base not shaped like Enterprise's ``https://HOST/api/v3``) maps to
    ``github.com``; an Enterprise base maps to its own host.
    """
    from urllib.parse import urlsplit

    parts = urlsplit(api_url)
    host = parts.hostname or ""
    base = "https://github.com"
    enterprise = parts.path.rstrip("/").endswith("/api/v3")
    if enterprise and re.fullmatch(r"[A-Za-z0-9.-]{1,253}", host):
        port = f":{parts.port}" if parts.port else ""
        base = f"https://{host}{port}"
    return f"{base}/{full_name}/pull/{number}"


def add_review(
    settings: Settings,
    target: str,
    decision: ReviewDecision,
    reviewer: str,
    *,
    note: str | None = None,
    scrubbed: list[str] | None = None,
    rubric: Rubric | None = None,
    ack_judge_text: bool = False,
) -> tuple[Path, Review]:
    """Record a manual review of the draft as it is now.

    The note is scrubbed before it is stored; the types found are appended to ``scrubbed``
    when the caller passes a list (the CLI reports them on stderr). With ``ack_judge_text``
    the review acknowledges the judge-directed text the draft holds now (its fingerprints:
    an edit of that text is a new hit); a draft without any is a usage error.
    """
    check_login(reviewer)
    draft = find_draft(settings, target)
    text = (strip_hidden(note)[0].strip() if note else "") or None
    if text is not None:
        text, types = scrub_free_text(settings, text, where="$.note")
        if scrubbed is not None:
            scrubbed.extend(types)
    scenario_id = draft.stem
    with edit(settings, scenario_id, doing="record a review") as tx:
        if not draft.is_file():
            raise Conflict(
                "the draft disappeared (promoted or rejected meanwhile)", where=scenario_id
            )
        record = load_draft_record(settings, draft)
        acked = judge_fingerprints(draft) if ack_judge_text else []
        review = Review(
            reviewer=reviewer,
            decision=decision,
            content_hash=content_hash(draft),
            at=utcnow(),
            via="manual",
            note=text,
            rubric=rubric,
            judge_text_ack=acked,
        )
        record.reviews.append(review)
        tx.commit_record("review", draft, record, [_review_event(settings, draft, review)])
    return draft, review


def _review_event(settings: Settings, draft: Path, review: Review, pr: str | None = None) -> Event:
    """A review's ``review`` event: its decision, how it was made and the hash it approves;
    a pull request's review names the pull request and commit, a manual one its rubric and
    how many judge-directed passages it acknowledges."""
    detail = ReviewDetail(
        decision=review.decision.value, via=review.via, content_hash=review.content_hash
    )
    if pr is not None:
        detail["pr"], detail["commit"] = pr, review.commit
    if review.rubric is not None:
        detail["rubric"] = review.rubric.model_dump()
    if review.judge_text_ack:
        detail["judge_text_ack"] = len(review.judge_text_ack)
    return Event("review", display_path(draft, settings.root), review.reviewer, detail)


def judge_fingerprints(draft: Path) -> list[str]:
    """The fingerprints of the judge-directed text in ``draft`` now; UsageError if none."""

    try:
        data = parse_checked(draft.read_bytes()).data
    except (OSError, YamlProblem):
        raise UsageError(
            "the draft does not parse: nothing to acknowledge", where=draft.name
        ) from None
    found = sorted({hit.fingerprint for hit in judge_hits(data)})
    if not found:
        raise UsageError(
            "the draft holds no judge-directed text to acknowledge",
            where=draft.name,
            hint="leave out --ack-judge-text",
        )
    return found


# --- reviews from a pull request ---------------------------------------------------------------


@dataclass
class PrReviews:
    """What ``reviews_from_pr`` found: reviews recorded, and reviews it did not count (why)."""

    draft: Path
    pr_url: str
    head: str
    pr_author: str
    recorded: list[Review] = field(default_factory=list)
    already: list[Review] = field(default_factory=list)
    skipped: list[tuple[str | None, str]] = field(default_factory=list)
    """(login, why); login is None when it is not a valid login (and so never shown)."""
    unchanged: str | None = None
    """The draft's repo-relative path when the PR does not change it (nothing then counts)."""

    def verdict(self) -> str | None:
        """Why nothing of this PR counts for the draft (the command then exits 1), or None."""
        if self.unchanged is not None:
            return f"the pull request does not change {self.unchanged}; nothing recorded"
        counted = self.recorded + self.already
        if not counted:
            return f"no review of {self.pr_url} counts for this draft"
        if all(r.decision is ReviewDecision.dismissed for r in counted):
            return f"no review of {self.pr_url} approves or objects: all were dismissed"
        return None


def self_approval(settings: Settings, draft: Path, review: Review) -> bool:
    """Whether ``review`` approves the draft on behalf of its own author (it then never counts)."""
    who = author_identities(load_draft_record(settings, draft))
    return review.decision is ReviewDecision.approve and is_author(who, review.reviewer)


_STATES = {
    "APPROVED": ReviewDecision.approve,
    "CHANGES_REQUESTED": ReviewDecision.changes_requested,
    "DISMISSED": ReviewDecision.dismissed,
}


def _repo_name(settings: Settings, path: Path) -> str:
    """The name the suite's repository gives the file (``paths.repo_path``; the suite root
    when git is unavailable): what a pull request must change for its approval to bind the
    file. A file that lies outside that repository once links are followed is a usage error:
    an approval in this repository never covers it."""
    name = repo_path(repo_top(settings.root) or settings.root, path)
    if name is None:
        raise UsageError(
            "the file lies outside the suite's repository (through a symbolic link); a pull "
            "request's approval there does not cover it",
            where=display_path(path, settings.root),
        )
    return name


def _when(value: datetime | None) -> datetime:
    if value is not None:
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    return datetime.min.replace(tzinfo=UTC)


def latest_per_reviewer(reviews: list[GitHubReview]) -> dict[str, GitHubReview]:
    """Each reviewer's latest state-changing review (COMMENTED and PENDING change nothing)."""
    latest: dict[str, GitHubReview] = {}
    ordered = sorted(enumerate(reviews), key=lambda pair: (_when(pair[1].submitted_at), pair[0]))
    for _, review in ordered:
        if review.login and review.state in _STATES:
            latest[review.login] = review
    return latest


def find_reviewed(settings: Settings, target: str) -> tuple[Path, str]:
    """What a pull request's approval is recorded for, and its id: a draft (by id or path), or
    a suite scenario the pull request changes (its quarantine, lift, retirement, split tag or
    promotion, written by intake; ``store.suite.find_scenario``, retired ones included). The
    approval is stored in that record, bound to the file's hash, and ``check`` asks GitHub
    again (``lifecycle.evidence``)."""
    found = find_scenario(settings, target, drafts=True, retired=True)
    return found, found.stem if inside(found, settings.drafts) else scenario_id_of(found)


def reviews_from_pr(
    settings: Settings, target: str, number: int, *, repo: str | None = None
) -> PrReviews:
    """Read a pull request's reviews and record those that count for what ``find_reviewed``
    finds (a draft, or a suite scenario the pull request changes)."""
    from intake.sources.github import call, client

    full_name = _pr_repository(settings, number, repo)
    draft, scenario_id = find_reviewed(settings, target)
    where = f"{full_name}#{number}"
    gh = client(settings.github_api_url, root=settings.root).withLazy(True)
    gh_repo = gh.get_repo(full_name)
    pull, head, pr_author = _fetch_pull(gh_repo, number, where)
    pr_url = pr_web_url(settings.github_api_url, full_name, number)
    found = PrReviews(draft=draft, pr_url=pr_url, head=head, pr_author=pr_author)
    remote_path = _repo_name(settings, draft)
    # A PR whose head merely contains the draft, unchanged, is not a review of the draft.
    if remote_path not in call(f"files of {where}", lambda: _changed_files(pull)):
        found.unchanged = remote_path
        return found
    reviews = call(f"reviews of {where}", lambda: [GitHubReview.of(r) for r in pull.get_reviews()])
    latest = latest_per_reviewer(reviews)
    local_hash = content_hash(draft)
    remote_hash: str | None = None
    if any(r.state == "APPROVED" for r in latest.values()):
        remote_hash = sha256_bytes(file_at(gh_repo, full_name, remote_path, head))
    candidates: list[Review] = []
    for login, review in sorted(latest.items()):
        why_not = _why_not_counted(review, login, found, remote_hash == local_hash)
        if why_not is not None:
            found.skipped.append(why_not)
            continue
        candidates.append(_review_of(review, login, local_hash, pr_url))
    if candidates:
        _record_reviews(settings, draft, scenario_id, local_hash, candidates, found, where)
    return found


def _pr_repository(settings: Settings, number: int, repo: str | None) -> str:
    """The ``OWNER/NAME`` the pull request is read from, after checking the number and name."""
    if number <= 0:
        raise UsageError("a pull request number is a positive integer", where=str(number))
    full_name = repo or settings.github_repo
    if not full_name or not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", full_name):
        raise UsageError(
            "no repository to read the pull request from", hint="pass --repo OWNER/NAME"
        )
    return full_name


def _fetch_pull(gh_repo: Any, number: int, where: str) -> tuple[Any, str, str]:
    """The pull request, its head commit and its author; an issue number is a usage error."""
    from intake.sources.github import call

    def fetch_pull() -> tuple[Any, str, str]:
        pull = gh_repo.get_pull(number)
        pull.complete()  # a lazy object: fetch it here, inside ``call``'s error translation
        author = str(pull.user.login) if pull.user is not None else ""
        return pull, str(pull.head.sha), author

    try:
        pull, head, pr_author = call(f"pull request {where}", fetch_pull)
    except SourceError as exc:
        if "not found" not in exc.message:
            raise

        def fetch_issue() -> Any:
            issue = gh_repo.get_issue(number)
            issue.complete()
            return issue

        issue = call(f"issue {where}", fetch_issue)
        if issue.pull_request is None:
            raise UsageError("this number is an issue, not a pull request", where=where) from None
        raise
    if not COMMIT.fullmatch(head):
        raise SourceError("GitHub sent a head commit that is not a commit id", where=where)
    return pull, head, pr_author


def _changed_files(pull: Any) -> set[str]:
    """The paths a pull request changes, renamed files under both names."""
    names: set[str] = set()
    for changed in pull.get_files():  # paginated (GitHub's Link headers)
        names.add(str(changed.filename))
        if changed.previous_filename:
            names.add(str(changed.previous_filename))
    return names


def _why_not_counted(
    review: GitHubReview, login: str, found: PrReviews, same_content: bool
) -> tuple[str | None, str] | None:
    """Why a reviewer's latest review does not count (``(login, reason)``), or None if it does."""
    state, commit = review.state, review.commit
    if not valid_login(login):
        # it would be printed, stored and logged: ANSI escapes, newlines, an e-mail
        return (None, "invalid login")
    if not COMMIT.fullmatch(commit):
        return (login, "the review names no valid commit id")
    if state != "APPROVED":
        return None
    if login.lower() == found.pr_author.lower():
        return (login, "approval by the pull request's author")
    if review.association not in COUNTING_ASSOCIATIONS:
        return (
            login,
            "not an owner, member or collaborator of the repository (GitHub's author_association)",
        )
    if commit != found.head:
        return (login, f"approval on {commit[:12]}, not the head {found.head[:12]}")
    if not same_content:
        return (
            login,
            f"the draft at {found.head[:12]} differs from the local file "
            f"(pull the branch, or push your edits and ask again)",
        )
    return None


def _review_of(review: GitHubReview, login: str, local_hash: str, pr_url: str) -> Review:
    """The record's review for a GitHub review that counts."""
    return Review(
        reviewer=login,
        decision=_STATES[review.state],
        content_hash=local_hash,
        at=utcnow()
        if review.state == "DISMISSED" or review.submitted_at is None
        else _when(review.submitted_at),
        via="github_pr",
        pr_url=pr_url,
        commit=review.commit,
        review_id=review.id,
        note=None,
    )


def _record_reviews(
    settings: Settings,
    draft: Path,
    scenario_id: str,
    local_hash: str,
    candidates: list[Review],
    found: PrReviews,
    where: str,
) -> None:
    """Add the reviews not already in the record, in one transaction with their events."""
    with edit(settings, scenario_id, doing="record reviews") as tx:
        if content_hash(draft) != local_hash:
            raise Conflict("the draft changed while its reviews were read", where=scenario_id)
        record = load_draft_record(settings, draft)
        for review in candidates:
            if any(_same_review(r, review) for r in record.reviews):
                found.already.append(review)
                continue
            record.reviews.append(review)
            found.recorded.append(review)
        if found.recorded:
            events = [_review_event(settings, draft, r, pr=where) for r in found.recorded]
            tx.commit_record("review", draft, record, events)


def _same_review(old: Review, new: Review) -> bool:
    """Whether the record already holds this pull-request review."""
    return (
        old.via == "github_pr"
        and old.reviewer == new.reviewer
        and old.pr_url == new.pr_url
        and old.commit == new.commit
        and old.decision is new.decision
        and (old.at == new.at or new.decision is ReviewDecision.dismissed)
        and old.content_hash == new.content_hash
    )


def make_rubric(
    underspecified: int | None, criteria: int | None, minutes: int | None
) -> Rubric | None:
    """A rubric from the three options: all or none (a partial rubric is a usage error)."""
    given = [v is not None for v in (underspecified, criteria, minutes)]
    if not any(given):
        return None
    if not all(given):
        raise UsageError("a rubric needs all three of --underspecified, --criteria and --minutes")
    assert underspecified is not None and criteria is not None and minutes is not None
    return Rubric(underspecified=underspecified, criteria=criteria, minutes=minutes)

"""Each scenario's bug and the bug's fix: the GitHub issue and its closing, cached in the record.

A scenario drafted from an issue knows it (its record's ``source.locator``,
``github:<owner>/<repo>#<n>``); a scenario drafted from a session links its bug where a
reviewer names the issue (``intake bugs link ID ISSUE --reviewer LOGIN``). The fix is the
issue's closing: ``closed_at`` and ``state_reason`` read through PyGithub
(``intake.sources.github``), or from a file shaped like ``gh issue view N --json
number,closedAt,stateReason`` (one object, or a list as ``gh issue list --json`` writes), and
cached in ``Record.bug`` so the report never asks the network. ``intake.report.bugs`` decides
which bugs had a failing scenario before their fix.

When the closing names the commit that closed the issue (GitHub's ``closed`` event
``commit_id``; in a closings file, ``fixCommit``), "before the fix" is decided by the code a run
tested: the fix is in the run's GAIA commit when it is an ancestor of it (``git merge-base
--is-ancestor``), asked of the GAIA clone ``gaia_git`` names, else of the git repository the
suite is in (``Ancestry``). When either commit is unknown there (or the run names none), the
run's start decides (GAIA's run id), never its end (``tested_before_fix``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from intake.config import Settings
from intake.contract.models import BugLink, LifecycleState, Record, SourceType
from intake.contract.plain import parse_when
from intake.errors import InputError, UsageError
from intake.fileio import read_input
from intake.gitutil import COMMIT
from intake.paths import display_path
from intake.store.records import load_record, record_path, utcnow

ISSUE_PATTERN = re.compile(r"^github:([A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100})#([0-9]{1,9})$")
MAX_CLOSINGS_BYTES = 8 * 1024 * 1024


CLOSING = {"closed_at", "state_reason", "fix_commit"}
"""A ``BugLink``'s closing, as GitHub tells it (the readers below give a ``BugLink`` holding it)."""


@dataclass
class RefreshResult:
    """What ``intake bugs refresh`` did."""

    checked: int = 0
    changed: int = 0
    closed: int = 0
    notes: list[str] = field(default_factory=list)


def parse_issue(text: str) -> tuple[str, int]:
    """``github:owner/repo#n``, ``owner/repo#n`` or an issue URL → (``owner/repo``, n)."""
    value = text.strip()
    url = re.fullmatch(r"https://github\.com/([^/\s]+/[^/\s]+)/issues/([0-9]{1,9})/?", value)
    if url:
        value = f"github:{url.group(1)}#{url.group(2)}"
    elif not value.startswith("github:"):
        value = "github:" + value
    match = ISSUE_PATTERN.fullmatch(value)
    if not match:
        raise UsageError("not an issue (github:OWNER/REPO#N, OWNER/REPO#N or its URL)")
    return match.group(1), int(match.group(2))


def issue_locator(text: str) -> str | None:
    """Any form of an issue reference intake writes or accepts (its URL, as ``from-issue``
    writes it, ``github:OWNER/REPO#N``, ``OWNER/REPO#N``) as ``github:OWNER/REPO#N``; None when
    it is none of them."""
    try:
        repo, number = parse_issue(text)
    except UsageError:
        return None
    return f"github:{repo}#{number}"


def issue_of(record: Record) -> str | None:
    """The issue of the scenario's bug (``github:OWNER/REPO#N``): the link a reviewer named,
    else the issue it was drafted from, in whichever form the record keeps it."""
    if record.bug is not None:
        return issue_locator(record.bug.issue)
    if record.source.kind is SourceType.issue:
        return issue_locator(record.source.locator)
    return None


class _GhItem(BaseModel):
    """An item of ``gh issue view/list --json`` as ``read_closings`` reads it: GitHub's values
    as written (a field that is missing is None)."""

    url: Any = None
    number: Any = None
    closedAt: Any = None
    stateReason: Any = None
    fixCommit: Any = None


class _RestIssue(BaseModel):
    """GitHub's REST issue (PyGithub's ``raw_data``) as ``fetch_closing`` reads it."""

    closed_at: Any = None
    state_reason: Any = None


def closing_key(repo: str, number: int) -> tuple[str, int]:
    """An issue's key in a closings table: its repo in one letter case, as GitHub reads it."""
    return repo.lower(), number


def read_closings(path: Path, repo: str | None) -> dict[tuple[str, int], BugLink]:
    """(repo, number) → closing from a ``gh issue view/list --json`` file, the repo lower-cased
    (GitHub's owner and repository names are case-insensitive: ``AMD/Gaia#7`` is
    ``amd/gaia#7``; look up with ``closing_key``)."""
    raw = read_input(path, what="closings file", limit=MAX_CLOSINGS_BYTES)
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise InputError("the closings file is not JSON", where=str(path)) from None
    items = doc if isinstance(doc, list) else [doc]
    found: dict[tuple[str, int], BugLink] = {}
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise InputError(f"item {index} is not an object", where=str(path))
        read = _GhItem.model_validate(item)
        owner, number = repo, read.number
        if isinstance(read.url, str):
            owner, number = parse_issue(read.url)
        if type(number) is not int or owner is None:
            raise InputError(f'item {index} has no "number" (or "url")', where=str(path))
        commit = read.fixCommit
        if commit is not None and not (isinstance(commit, str) and COMMIT.fullmatch(commit)):
            raise InputError(
                f'item {index} has a "fixCommit" that is not a commit hash (7-40 hex digits)',
                where=str(path),
            )
        found[closing_key(owner, number)] = _closing(
            owner, number, read.closedAt, read.stateReason, commit
        )
    return found


def _closing(repo: str, number: int, closed: Any, reason: Any, commit: Any) -> BugLink:
    """An issue's closing from GitHub's values as written (a closings file's or the REST
    issue's): no fix commit on an issue that is not closed, nor one that is no commit hash."""
    when = parse_when(closed)  # JSON's values: a date only in a string
    fixed = isinstance(commit, str) and when is not None and COMMIT.fullmatch(commit)
    return BugLink(
        issue=f"github:{repo}#{number}",
        closed_at=when,
        state_reason=reason.strip().lower() if isinstance(reason, str) and reason.strip() else None,
        fix_commit=commit.lower() if fixed else None,
    )


def fetch_closing(settings: Settings, repo: str, number: int) -> BugLink:
    """The issue's closing through PyGithub (one request)."""
    from intake.sources import github as gh

    client = gh.client(settings.github_api_url).withLazy(True)
    issue = client.get_repo(repo).get_issue(number)
    data = _RestIssue.model_validate(gh.call(f"github:{repo}#{number}", lambda: issue.raw_data))
    if parse_when(data.closed_at) is None:
        return BugLink(issue=f"github:{repo}#{number}")
    events = gh.call(
        f"github:{repo}#{number}", lambda: [(e.event, e.commit_id) for e in issue.get_events()]
    )
    closes = [c for kind, c in events if kind == "closed"]
    commit = closes[-1] if closes else None
    return _closing(repo, number, data.closed_at, data.state_reason, commit)


def _save_bug(settings: Settings, scenario: Path, bug: BugLink, kind: str) -> None:
    """``bug`` in the scenario's record, with its event: ``bug-link`` (the issue a reviewer
    named) or ``bug-closing`` (the closing as read)."""
    from intake.store.details import BugClosingDetail, BugLinkDetail
    from intake.store.edit import edit  # the transaction (and the scrubber): only to write
    from intake.store.journal import Event

    issue = issue_locator(bug.issue)  # as ``issue_of`` gives it
    detail: BugLinkDetail | BugClosingDetail
    if kind == "bug-link":
        detail = {"issue": issue, "reviewer": bug.named_by}
    else:
        detail = {
            "issue": issue,
            "closed_at": bug.closed_at.isoformat() if bug.closed_at else None,
            "state_reason": bug.state_reason,
            "fix_commit": bug.fix_commit,
        }
    with edit(settings, scenario.stem, doing="record a bug") as tx:
        record = load_record(record_path(scenario))
        record.bug = bug
        event = Event(kind, display_path(scenario, settings.root), bug.named_by, detail)
        tx.commit_record(kind, scenario, record, [event])


def refresh(
    settings: Settings,
    *,
    closings: Path | None = None,
    only: Sequence[str] = (),
) -> RefreshResult:
    """Read each suite scenario's issue closing (a file, else GitHub) into its record, retired
    scenarios included."""
    from intake.lifecycle.runs.nightly import suite_index

    done = RefreshResult()
    table = read_closings(closings, settings.github_repo) if closings is not None else None
    for sid, found in suite_index(settings, retired=True).items():
        if only and sid not in only:
            continue
        scenario = found.path
        record = load_record(record_path(scenario))
        issue = issue_of(record)
        if issue is None:
            continue
        repo, number = parse_issue(issue)
        if table is not None:
            closing = table.get(closing_key(repo, number))
            if closing is None:
                done.notes.append(f"{sid}: {issue} is not in the closings file")
                continue
        else:
            closing = fetch_closing(settings, repo, number)
        done.checked += 1
        old = record.bug or BugLink(issue=issue)
        read = closing.model_dump(include=CLOSING)
        bug = old.model_copy(update={**read, "checked_at": utcnow()})
        if closing.closed_at is not None:
            done.closed += 1
        if old.model_dump(include=CLOSING) != read or (
            record.bug is None or record.bug.checked_at is None  # read once: open, not unknown
        ):
            done.changed += 1
            _save_bug(settings, scenario, bug, "bug-closing")
    return done


def link(settings: Settings, scenario_id: str, issue: str, reviewer: str) -> Path:
    """Name the issue of a session-sourced scenario's bug (a reviewer's word, recorded)."""
    from intake.lifecycle.runs.results import check_name
    from intake.store.suite import find_scenario

    repo, number = parse_issue(issue)
    check_name(settings, "--reviewer", reviewer)
    found = find_scenario(settings, scenario_id)
    record = load_record(record_path(found))
    if record.lifecycle and record.lifecycle[-1].state is LifecycleState.retired:
        raise UsageError("the scenario is retired", where=display_path(found, settings.root))
    locator = f"github:{repo}#{number}"
    bug = BugLink(issue=locator, via="reviewer", named_by=reviewer)
    _save_bug(settings, found, bug, "bug-link")
    return found

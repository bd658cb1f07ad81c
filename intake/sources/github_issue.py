"""Fetch one GitHub issue (and optionally its comments) as the REST API's JSON, or load it.

All network access goes through ``intake.sources.github`` (``client`` for retries, timeout
and the token; ``call`` for one-line errors). The repository object is built lazily, so one
issue costs exactly one request without ``--comments`` (``get_repo`` would cost another),
and comments cost one request per page of 100, following ``Link`` headers. (With a lazy
client ``get_issue`` is lazy too: the request happens when ``raw_data`` is first read, so
that read is the guarded call.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from intake.errors import InputError, IntakeError, SourceError, UsageError
from intake.fileio import parse_json_input, read_input
from intake.limits import MAX_ISSUE_COMMENTS, MAX_ISSUE_JSON_BYTES
from intake.sources import github as gh
from intake.sources.model import json_field

REPO_PATTERN = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$")


@dataclass
class IssueData:
    """An issue as the REST API returns it, its comments (if asked for) and its repository."""

    repo: str
    issue: dict[str, Any]
    comments: list[dict[str, Any]] = field(default_factory=list)
    comments_truncated: bool = False
    file: str | None = None
    """The saved file's name when the issue was read from one (``--json FILE``): nobody fetched
    it from GitHub, so its provenance is the file, its coordinates only what the file says."""

    @property
    def number(self) -> int:
        return int(self.issue["number"])


def check_repo(repo: str | None) -> str:
    """``OWNER/NAME`` or a usage error naming what is wrong."""
    if not repo:
        raise UsageError(
            "no repository given", hint="pass --repo OWNER/NAME or set github_repo in [tool.intake]"
        )
    repo = repo.strip()
    if not REPO_PATTERN.match(repo) or ".." in repo:
        # The rejected value is not echoed: a token pasted into --repo would land in the output.
        raise UsageError(
            "repository must be OWNER/NAME (letters, digits, '_', '.', '-'; one '/')",
            hint="check --repo or github_repo in [tool.intake]",
        )
    return repo


def refuse_pull_request(issue: dict[str, Any], where: str) -> None:
    """Pull requests share the issues endpoint; they are not bug reports."""
    if issue.get("pull_request"):
        raise UsageError(
            "this number is a pull request, not an issue",
            where=where,
            hint="from-issue drafts from issues only",
        )


def fetch_issue(api_url: str, repo: str, number: int, *, comments: bool = False) -> IssueData:
    """One request for the issue; with ``comments``, one more per page of comments."""
    repo = check_repo(repo)
    if number < 1:
        raise UsageError(f"issue number must be positive, got {number}")
    where = f"{repo}#{number}"
    client = gh.client(api_url)
    repository = client.withLazy(True).get_repo(repo)
    issue = repository.get_issue(number)
    raw: dict[str, Any] = _guarded(f"issue {where}", lambda: dict(issue.raw_data))
    # A malformed answer from the server is a source failure (exit 3), not the user's input.
    check_issue_shape(raw, f"GitHub's answer for {where}", SourceError)
    refuse_pull_request(raw, where)
    found: list[dict[str, Any]] = []
    truncated = False
    if comments and comment_count(raw) > 0:

        def page_through() -> list[dict[str, Any]]:
            out: list[dict[str, Any]] = []
            for comment in issue.get_comments():
                if len(out) >= MAX_ISSUE_COMMENTS:  # hints: three pages are plenty
                    break
                out.append(_comment_fields(comment))
            return out

        found = _guarded(f"comments of {where}", page_through)
        truncated = comment_count(raw) > len(found)
    return IssueData(repo=repo, issue=raw, comments=found, comments_truncated=truncated)


def _comment_fields(comment: Any) -> dict[str, Any]:
    """A listed comment's JSON as the page delivered it, without another request.

    PyGithub marks listed objects incomplete: ``raw_data`` and any property missing from the
    page re-fetch the comment (one request each, and an error for comments without a URL).
    ``_rawData`` is the page's JSON, which has everything kept here.
    """
    raw = getattr(comment, "_rawData", None)
    data: dict[str, Any] = raw if isinstance(raw, dict) else {}
    keys = ("id", "body", "created_at", "updated_at", "author_association")
    return {key: data.get(key) for key in keys}


def _guarded(what: str, fn: Any) -> Any:
    """``gh.call`` plus PyGithub's own failures on answers it cannot use.

    PyGithub asserts on URLs outside the configured API host, and fails with TypeError,
    AttributeError, KeyError or ValueError while reading an answer of the wrong shape (a
    number or a list where an issue object belongs): the server's fault, so exit 3.
    """
    try:
        return gh.call(what, fn)
    except AssertionError:
        raise SourceError(
            "GitHub returned a link outside the configured API URL", where=what
        ) from None
    except (TypeError, AttributeError, KeyError, ValueError):
        raise SourceError("GitHub's answer has an unexpected shape", where=what) from None


def load_issue_json(path: Path, repo: str | None) -> IssueData:
    """An issue saved as the REST API returns it, ``{"issue": {...}, "comments": [...]}``, or
    as ``gh issue view N --json title,body,comments,labels,author,url,number,createdAt``
    writes it (``from_gh_cli``)."""
    shown = str(path)
    if not path.exists() and not path.is_symlink():
        raise InputError("no such file", where=shown)
    raw = read_input(path, what="the issue file", limit=MAX_ISSUE_JSON_BYTES, where=shown)
    data = parse_json_input(raw, what="the issue file", where=shown)
    comments: list[dict[str, Any]] = []
    if isinstance(data, dict) and is_gh_cli_issue(data):
        data, comments = from_gh_cli(data, shown)
    elif isinstance(data, dict) and isinstance(data.get("issue"), dict):
        raw_comments = data.get("comments") or []
        if not isinstance(raw_comments, list) or not all(isinstance(c, dict) for c in raw_comments):
            raise InputError("'comments' must be a list of comment objects", where=shown)
        comments = raw_comments[:MAX_ISSUE_COMMENTS]
        data = data["issue"]
    if not isinstance(data, dict):
        raise InputError("expected an issue object as the GitHub REST API returns it", where=shown)
    check_issue_shape(data, shown, InputError)
    number = data["number"]
    from_file = repo_from_issue(data)
    refuse_pull_request(data, f"{shown} #{number}")
    return IssueData(
        repo=check_repo(from_file or repo), issue=data, comments=comments, file=path.name
    )


GH_CLI_KEYS = frozenset({"author", "createdAt", "updatedAt", "url", "authorAssociation"})
"""Fields only ``gh issue view N --json …`` writes (camelCase; the REST API's are snake_case)."""


def is_gh_cli_issue(data: dict[str, Any]) -> bool:
    """Whether ``data`` is ``gh issue view --json`` output rather than the REST API's JSON.

    ``gh`` writes camelCase fields and ``comments`` as a list; the REST issue has ``user``,
    ``created_at`` and a comment count.
    """
    rest = {"user", "created_at", "html_url", "issue"} & data.keys()
    return not rest and (bool(GH_CLI_KEYS & data.keys()) or isinstance(data.get("comments"), list))


def from_gh_cli(data: dict[str, Any], where: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``gh issue view N --json title,body,comments,labels,author,url,number,createdAt`` output
    as the REST API's issue and comments (the fields the draft reads; a wrong type is refused
    here or, for the optional ones, treated as absent by the drafting as for REST JSON)."""
    raw_comments = data.get("comments")
    if raw_comments is None:
        raw_comments = []
    if not isinstance(raw_comments, list) or not all(isinstance(c, dict) for c in raw_comments):
        raise InputError("'comments' must be a list of comment objects", where=where)
    state = data.get("state")
    issue: dict[str, Any] = {
        "number": data.get("number"),
        "title": data.get("title"),
        "body": data.get("body"),
        "html_url": data.get("url"),
        "state": state.lower() if isinstance(state, str) else state,
        "labels": data.get("labels"),
        "created_at": data.get("createdAt"),
        "updated_at": data.get("updatedAt"),
        "comments": len(raw_comments),
        "author_association": data.get("authorAssociation"),
    }
    if isinstance(data.get("url"), str) and "/pull/" in data["url"]:
        issue["pull_request"] = {"html_url": data["url"]}
    comments = [
        {
            "body": c.get("body"),
            "created_at": c.get("createdAt"),
            "author_association": c.get("authorAssociation"),
        }
        for c in raw_comments[:MAX_ISSUE_COMMENTS]
    ]
    return {k: v for k, v in issue.items() if v is not None}, comments


def issue_labels(issue: dict[str, Any], problems: list[str]) -> list[str]:
    """The issue's label names, stripped and without repeats (REST objects or plain names);
    entries of neither shape are counted in ``problems``."""
    names: list[str] = []
    skipped = 0
    for label in json_field(issue, "labels", "array", problems) or []:
        name = label.get("name") if isinstance(label, dict) else label
        if not isinstance(name, str):
            skipped += 1
        elif name.strip() and name.strip() not in names:
            names.append(name.strip())
    if skipped:
        problems.append(f"{skipped} 'labels' entries are neither strings nor named objects")
    return names


def check_issue_shape(issue: dict[str, Any], where: str, error: type[IntakeError]) -> None:
    """The fields everything else is keyed on: a positive integer number, string title/body.

    Other fields of the wrong type are tolerated (treated as absent and noted in the record
    by ``issue_draft``); these three decide what the draft is, so a wrong one is refused.
    """
    number = issue.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise error("the issue object has no positive integer 'number'", where=where)
    for key in ("title", "body"):
        if issue.get(key) is not None and not isinstance(issue[key], str):
            raise error(f"'{key}' must be a string", where=where)


def comment_count(issue: dict[str, Any]) -> int:
    """The issue's ``comments`` count, 0 when it is absent or not a non-negative integer."""
    value = issue.get("comments")
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    return 0


def repo_from_issue(issue: dict[str, Any]) -> str | None:
    """``OWNER/NAME`` from the issue's own ``repository_url`` or ``html_url``, if present."""
    for key, pattern in (
        ("repository_url", r"/repos/([^/]+/[^/]+)/?$"),
        ("html_url", r"^https?://[^/]+/([^/]+/[^/]+)/(?:issues|pull)/\d+"),
    ):
        value = issue.get(key)
        if isinstance(value, str):
            match = re.search(pattern, value)
            if match and REPO_PATTERN.match(match.group(1)):
                return match.group(1)
    return None

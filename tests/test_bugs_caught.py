"""Bugs caught before the fix: issue closings through PyGithub (the local GitHub stand-in) or a
``gh issue view --json`` file, cached in the record, counted and listed by ``intake report``."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.store.records import load_record, record_path, utcnow
from tests.support.github_server import FakeGitHub, Reply
from tests.support.gitrepo import git
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    PYPROJECT_EXTRA,
    STRONG,
    write_run,
    write_scenario,
)

REPO = "acme/agent"


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI sets GITHUB_SHA and RUNNER_NAME, which the import reads: each test names its own."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def _issue(
    server: FakeGitHub, number: int, closed: str | None, reason: str | None
) -> dict[str, Any]:
    return {
        "url": f"{server.url}/repos/{REPO}/issues/{number}",
        "html_url": f"https://github.com/{REPO}/issues/{number}",
        "id": 1000 + number,
        "number": number,
        "title": "[Bug]: something",
        "state": "closed" if closed else "open",
        "closed_at": closed,
        "state_reason": reason,
        "labels": [],
        "user": {"login": "alice"},
        "comments": 0,
        "created_at": "2026-01-02T03:04:05Z",
        "updated_at": "2026-01-03T03:04:05Z",
        "body": "steps",
    }


def _iso(moment: Any) -> str:
    return str(moment.strftime("%Y-%m-%dT%H:%M:%SZ"))


@pytest.fixture
def bugs_suite(suite: Path, runner: Any) -> dict[str, Any]:
    """Two issue-sourced scenarios (one fails before its issue closes, one added after the fix)
    and a session-sourced one whose bug a reviewer names."""
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    for sid, source, link in (
        ("bug_before", "issue", f"github:{REPO}#101"),
        ("bug_after", "issue", f"github:{REPO}#102"),
        ("session_case", "session", "gaia-session:abc"),
    ):
        write_scenario(suite, sid)
        result = runner.invoke(
            app,
            [
                "adopt",
                f"scenarios/rag_quality/{sid}.yaml",
                "--source",
                source,
                "--reviewer",
                "alice",
                "--link",
                link,
            ],
        )
        assert result.exit_code == 0, result.output
    now = utcnow()
    run_at = now - timedelta(minutes=1)  # the run id names its start (runner.py L1815)
    write_run(
        suite / "eval" / "results",
        f"eval-{run_at:%Y%m%d-%H%M%S}",
        run_at,
        {"bug_before": "FAIL", "bug_after": "PASS", "session_case": "PASS"},
        meta={"model": STRONG, "commit": "abcdef12"},
    )
    result = runner.invoke(app, ["runs", "import", "eval/results"])
    assert result.exit_code == 0, result.output
    return {
        "now": now,
        "run_id": f"eval-{run_at:%Y%m%d-%H%M%S}",
        "closed_101": now + timedelta(hours=2),
        "closed_102": now - timedelta(days=40),
        "closed_103": now + timedelta(hours=3),
    }


def test_closings_through_pygithub_and_the_report(
    suite: Path, runner: Any, github: FakeGitHub, bugs_suite: dict[str, Any]
) -> None:
    github.add(
        "GET",
        f"/repos/{REPO}/issues/101",
        Reply(body=_issue(github, 101, _iso(bugs_suite["closed_101"]), "completed")),
    )
    github.add(
        "GET",
        f"/repos/{REPO}/issues/102",
        Reply(body=_issue(github, 102, _iso(bugs_suite["closed_102"]), "completed")),
    )
    github.add(
        "GET",
        f"/repos/{REPO}/issues/103",
        Reply(body=_issue(github, 103, _iso(bugs_suite["closed_103"]), "completed")),
    )
    # the closing's commit: GitHub's ``closed`` event (the last one, after a reopening)
    github.add(
        "GET",
        f"/repos/{REPO}/issues/101/events",
        Reply(
            body=[
                {
                    "id": 1,
                    "event": "closed",
                    "commit_id": "1" * 40,
                    "created_at": "2026-01-02T00:00:00Z",
                },
                {
                    "id": 2,
                    "event": "reopened",
                    "commit_id": None,
                    "created_at": "2026-01-03T00:00:00Z",
                },
                {
                    "id": 3,
                    "event": "closed",
                    "commit_id": "ABCDEF1" + "0" * 33,
                    "created_at": "2026-01-04T00:00:00Z",
                },
            ]
        ),
    )
    for number in (102, 103):
        github.add(
            "GET",
            f"/repos/{REPO}/issues/{number}/events",
            Reply(
                body=[
                    {
                        "id": 9,
                        "event": "closed",
                        "commit_id": None,
                        "created_at": "2026-01-02T00:00:00Z",
                    }
                ]
            ),
        )
    linked = runner.invoke(
        app, ["bugs", "link", "session_case", f"{REPO}#103", "--reviewer", "bob"]
    )
    assert linked.exit_code == 0, linked.output
    refreshed = runner.invoke(app, ["bugs", "refresh"])
    assert refreshed.exit_code == 0, refreshed.output
    assert "read 3 issue(s): 3 closed, 3 record(s) updated" in refreshed.stdout
    record = load_record(record_path(suite / "scenarios" / "rag_quality" / "bug_before.yaml"))
    assert record.bug is not None and record.bug.state_reason == "completed"
    assert record.bug.checked_at is not None
    assert record.bug.fix_commit == "abcdef1" + "0" * 33  # lower-cased, the last closing's
    log = json.loads(runner.invoke(app, ["log", "session_case", "--format", "json"]).stdout)
    details = {e["kind"]: e["detail"] for e in log["events"] if e["kind"].startswith("bug-")}
    closed_103 = datetime.fromisoformat(_iso(bugs_suite["closed_103"]).replace("Z", "+00:00"))
    assert details == {  # the events' details as the ledger keeps them, from the bug recorded
        "bug-link": {"issue": f"github:{REPO}#103", "reviewer": "bob"},
        "bug-closing": {
            "issue": f"github:{REPO}#103",
            "closed_at": closed_103.isoformat(),
            "state_reason": "completed",
            "fix_commit": None,
        },
    }

    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    bugs = doc["bugs"]
    assert (bugs["fixed"], bugs["caught_before_fix"], bugs["caught_after_fix"], bugs["missed"]) == (
        3,
        1,
        1,
        1,
    )
    caught = [b for b in bugs["bugs"] if b["outcome"] == "before"]
    assert [b["id"] for b in caught] == ["bug_before"]
    assert caught[0]["caught_by"]["run_id"] == bugs_suite["run_id"]
    # the fix commit is unknown to the GAIA clone (the suite is no git repository): the run's
    # start decided, and the report says so
    assert (caught[0]["fix_commit"], caught[0]["decided_by"]) == ("abcdef1" + "0" * 33, "start")
    assert caught[0]["decided_by_start_because"] == (
        "fix commit abcdef100000 unknown to the GAIA clone"
    )
    assert {b["id"]: b["via"] for b in bugs["bugs"]}["session_case"] == "reviewer"
    assert doc["real_use"] == 3  # the provenance share beside it

    text = runner.invoke(app, ["report"]).stdout
    assert "Bugs caught before the fix: 1 of 3 fixed (33%)" in text
    assert f"bug_before, caught by run {bugs_suite['run_id']}" in text
    html = runner.invoke(app, ["report", "--format", "html"]).stdout
    assert '<table class="bugs-over-time">' in html
    month = bugs_suite["closed_101"].strftime("%Y-%m")
    assert f"<td>{month}</td>" in html
    # beside the provenance share: the suite's real-use share at the end of that month
    assert "<th>suite from real use</th>" in html
    table = html.split('<table class="bugs-over-time">', 1)[1].split("</table>", 1)[0]
    row = table.split(f"<tr><td>{month}</td>", 1)[1].split("</tr>", 1)[0]
    assert row.endswith('<td class="n">100%</td>')
    # a refresh that finds nothing new writes nothing
    again = runner.invoke(app, ["bugs", "refresh"])
    assert "0 record(s) updated" in again.stdout


def test_closings_from_a_gh_json_file(suite: Path, runner: Any, bugs_suite: dict[str, Any]) -> None:
    closings = suite / "closings.json"
    closings.write_text(
        json.dumps(
            [
                {
                    "number": 101,
                    "closedAt": _iso(bugs_suite["closed_101"]),
                    "stateReason": "COMPLETED",
                },
                {
                    "url": f"https://github.com/{REPO}/issues/102",
                    "closedAt": None,
                    "stateReason": None,
                },
            ]
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings)])
    assert result.exit_code == 0, result.output
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    outcomes = {b["id"]: b["outcome"] for b in doc["bugs"]}
    assert outcomes == {"bug_before": "before", "bug_after": "open"}
    assert doc["share_caught_before"] == 1.0 and doc["open"] == 1
    text = runner.invoke(app, ["report"]).stdout
    assert "Bugs caught before the fix: 1 of 1 fixed (100%); not counted: 1 open" in text
    assert f"open      github:{REPO}#102 bug_after" in text


def test_not_planned_is_no_fix(suite: Path, runner: Any, bugs_suite: dict[str, Any]) -> None:
    closings = suite / "closings.json"
    closings.write_text(
        json.dumps(
            {
                "number": 101,
                "closedAt": _iso(bugs_suite["closed_101"]),
                "stateReason": "NOT_PLANNED",
            }
        ),
        encoding="utf-8",
    )
    runner.invoke(app, ["bugs", "refresh", "bug_before", "--closings", str(closings)])
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    assert doc["fixed"] == 0 and doc["share_caught_before"] is None
    # shown as such, and the issue never read apart: neither counts
    assert {b["id"]: b["outcome"] for b in doc["bugs"]} == {
        "bug_before": "not-fixed",
        "bug_after": "unknown",
    }
    assert (doc["not_fixed"], doc["unknown"], doc["open"]) == (1, 1, 0)
    text = runner.invoke(app, ["report"]).stdout
    assert (
        "Bugs caught before the fix: no fixed bug yet; not counted: 1 closed as not "
        "planned, 1 never read (intake bugs refresh)"
    ) in text
    assert f"not-fixed github:{REPO}#101 bug_before" in text
    markdown = runner.invoke(app, ["report", "--format", "markdown"]).stdout
    assert "Not counted: 1 closed as not planned" in markdown


def test_every_issue_form_links_and_blocked_before_the_fix_counts_by_the_runs_start(
    suite: Path, runner: Any
) -> None:
    """The URL (as from-issue writes it), github:OWNER/REPO#N and OWNER/REPO#N all link; a
    BLOCKED_BY_ARCHITECTURE counts; a nightly that started before the closing but whose
    scorecard was written after it is before the fix (its run id names its start)."""
    from datetime import UTC, datetime

    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    forms = {
        "by_url": f"https://github.com/{REPO}/issues/201",
        "by_locator": f"github:{REPO}#202",
        "by_short": f"{REPO}#203",
    }
    for sid, link in forms.items():
        write_scenario(suite, sid)
        result = runner.invoke(
            app,
            [
                "adopt",
                f"scenarios/rag_quality/{sid}.yaml",
                "--source",
                "issue",
                "--reviewer",
                "alice",
                "--link",
                link,
            ],
        )
        assert result.exit_code == 0, result.output + result.stderr
    started = datetime(2026, 6, 1, 2, 0, tzinfo=UTC)
    closed = started + timedelta(minutes=30)
    # scorecard written 2 h after the start, 90 min after the closing
    write_run(
        suite / "eval" / "results",
        "eval-20260601-020000",
        started + timedelta(hours=2),
        {"by_url": "BLOCKED_BY_ARCHITECTURE", "by_locator": "FAIL", "by_short": "PASS"},
        meta={"model": STRONG, "commit": "abcdef12"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    closings = suite / "closings.json"
    closings.write_text(
        json.dumps(
            [
                {
                    "url": f"https://github.com/{REPO}/issues/{n}",
                    "number": n,
                    "closedAt": closed.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "stateReason": "completed",
                }
                for n in (201, 202, 203)
            ]
        )
    )
    refreshed = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings)])
    assert refreshed.exit_code == 0, refreshed.output + refreshed.stderr
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    outcomes = {b["id"]: (b["issue"], b["outcome"]) for b in doc["bugs"]}
    assert outcomes == {
        "by_url": (f"github:{REPO}#201", "before"),
        "by_locator": (f"github:{REPO}#202", "before"),
        "by_short": (f"github:{REPO}#203", "missed"),
    }
    assert doc["caught_before_fix"] == 2 and doc["fixed"] == 3


def gaia_clone(where: Path) -> dict[str, str]:
    """A GAIA-like history: the fix on a branch, a main-line commit dated after the fix that does
    not hold it, then the merge. Returns each commit's hash by name."""
    where.mkdir()
    git(where, "init", "-q", "-b", "main")
    git(where, "config", "user.name", "t")
    git(where, "config", "user.email", "t@example.com")
    git(where, "commit", "-q", "--allow-empty", "-m", "base", when="2026-06-01T00:00:00Z")
    git(where, "checkout", "-q", "-b", "fix")
    git(where, "commit", "-q", "--allow-empty", "-m", "the fix", when="2026-06-02T00:00:00Z")
    fix = git(where, "rev-parse", "HEAD")
    git(where, "checkout", "-q", "main")
    git(
        where,
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "later, without the fix",
        when="2026-06-03T00:00:00Z",
    )
    later = git(where, "rev-parse", "HEAD")
    git(where, "merge", "-q", "--no-ff", "-m", "merge the fix", "fix", when="2026-06-04T00:00:00Z")
    return {"fix": fix, "later": later, "merge": git(where, "rev-parse", "HEAD")}


def test_before_the_fix_is_decided_by_git_ancestry_in_the_gaia_clone(
    suite: Path, runner: Any, tmp_path: Path
) -> None:
    """The closing names its fix commit; ``gaia_git`` points at a GAIA clone. A run that started
    after the closing but tested a commit without the fix (dated after the fix commit) is
    before; a run that started before the closing but tested a commit holding the fix is not
    (the scenario, adopted after the closing, counts as added after the fix);
    a run whose commit the clone does not know falls back to its start (never its end), and
    the report says which decided."""
    commits = gaia_clone(tmp_path / "gaia")
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA + 'gaia_git = "../gaia"\n')
    numbers = {"lagged": 301, "fixed_early": 302, "unknown_commit": 303, "no_fix_commit": 304}
    for sid, number in numbers.items():
        write_scenario(suite, sid)
        result = runner.invoke(
            app,
            [
                "adopt",
                f"scenarios/rag_quality/{sid}.yaml",
                "--source",
                "issue",
                "--reviewer",
                "alice",
                "--link",
                f"https://github.com/{REPO}/issues/{number}",
            ],
        )
        assert result.exit_code == 0, result.output + result.stderr
    results = suite / "eval" / "results"
    # lab-box's stale checkout: started 2 h after the closing, tested `later` (no fix): before
    write_run(
        results,
        "eval-20260604-020000",
        datetime(2026, 6, 4, 3, 0, tzinfo=UTC),
        {"lagged": "FAIL", "no_fix_commit": "FAIL"},
        meta={"model": STRONG, "commit": commits["later"], "machine": "lab-box"},
    )
    # started before #302 closed (by hand, two days after the merge), tested the merge: after
    write_run(
        results,
        "eval-20260605-020000",
        datetime(2026, 6, 5, 3, 0, tzinfo=UTC),
        {"fixed_early": "FAIL"},
        meta={"model": STRONG, "commit": commits["merge"]},
    )
    # a commit the clone does not know: started before the closing, finished after it
    write_run(
        results,
        "eval-20260603-230000",
        datetime(2026, 6, 4, 1, 0, tzinfo=UTC),
        {"unknown_commit": "BLOCKED_BY_ARCHITECTURE"},
        meta={"model": STRONG, "commit": "deadbeef12"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    closed = "2026-06-04T00:05:00Z"  # the merge closed the issues
    closings = suite / "closings.json"
    closings.write_text(
        json.dumps(
            [
                {
                    "number": 301,
                    "closedAt": closed,
                    "stateReason": "COMPLETED",
                    "fixCommit": commits["fix"],
                },
                {
                    "number": 302,
                    "closedAt": "2026-06-06T00:00:00Z",
                    "stateReason": "COMPLETED",
                    "fixCommit": commits["fix"][:10].upper(),
                },
                {
                    "number": 303,
                    "closedAt": closed,
                    "stateReason": "COMPLETED",
                    "fixCommit": commits["fix"],
                },
                {"number": 304, "closedAt": closed, "stateReason": "COMPLETED"},
            ]
        ),
        encoding="utf-8",
    )
    refreshed = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings)])
    assert refreshed.exit_code == 0, refreshed.output + refreshed.stderr

    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    got = {
        b["id"]: (b["outcome"], b["decided_by"], b["decided_by_start_because"]) for b in doc["bugs"]
    }
    assert got == {
        "lagged": ("before", "ancestry", None),
        "fixed_early": ("after", "ancestry", None),
        "unknown_commit": (
            "before",
            "start",
            "a run's GAIA commit unnamed or unknown to the GAIA clone",
        ),
        "no_fix_commit": ("after", "start", "the closing names no fix commit"),
    }
    assert (doc["fixed"], doc["caught_before_fix"]) == (4, 2)
    text = runner.invoke(app, ["report"]).stdout
    assert "lagged, caught by run eval-20260604-020000 (claude-opus-4); by git ancestry" in text
    assert "no_fix_commit; by the runs' start (the closing names no fix commit)" in text
    health = json.loads(runner.invoke(app, ["health", "--format", "json"]).stdout)
    left_out = {s["id"]: s["before_fix_runs"] for s in health["scenarios"]}
    # health never pools across the fix, by the same rule: lab-box's run is left out
    assert (left_out["lagged"], left_out["fixed_early"]) == (1, 0)
    assert (
        "2 run(s) of a fixed bug's scenario placed before or after the fix by their start"
        in " ".join(health["notes"])
    )  # unknown_commit's and no_fix_commit's

    # the same suite without the clone: every run decided by its start, and said so
    (tmp_path / "gaia").rename(tmp_path / "gone")
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    assert {b["id"]: (b["outcome"], b["decided_by"]) for b in doc["bugs"]} == {
        "lagged": ("after", "start"),
        "fixed_early": ("before", "start"),
        "unknown_commit": ("before", "start"),
        "no_fix_commit": ("after", "start"),
    }
    health = json.loads(runner.invoke(app, ["health", "--format", "json"]).stdout)
    left_out = {s["id"]: s["before_fix_runs"] for s in health["scenarios"]}
    assert (left_out["lagged"], left_out["fixed_early"]) == (0, 1)


def test_a_fix_commit_that_is_no_commit_hash_is_refused(
    suite: Path, runner: Any, bugs_suite: dict[str, Any]
) -> None:
    closings = suite / "closings.json"
    closings.write_text(
        json.dumps(
            {
                "number": 101,
                "closedAt": _iso(bugs_suite["closed_101"]),
                "stateReason": "COMPLETED",
                "fixCommit": "--all",
            }
        )
    )
    result = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings)])
    assert result.exit_code == 2, result.output + result.stderr
    assert result.stderr.startswith('error: item 0 has a "fixCommit" that is not a commit hash')
    assert "Traceback" not in result.stderr

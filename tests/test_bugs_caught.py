"""Bugs caught before the fix: issue closings through PyGithub (the local GitHub stand-in) or a
``gh issue view --json`` file, cached in the record, counted and listed by ``intake report``."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.store.records import load_record, record_path, utcnow
from tests.support.github_server import FakeGitHub, Reply
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



def _issue(server: FakeGitHub, number: int, closed: str | None, reason: str | None
           ) -> dict[str, Any]:
    return {
        "url": f"{server.url}/repos/{REPO}/issues/{number}",
        "html_url": f"https://github.com/{REPO}/issues/{number}",
        "id": 1000 + number, "number": number, "title": "[Bug]: something",
        "state": "closed" if closed else "open", "closed_at": closed, "state_reason": reason,
        "labels": [], "user": {"login": "alice"}, "comments": 0,
        "created_at": "2026-01-02T03:04:05Z", "updated_at": "2026-01-03T03:04:05Z",
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
        result = runner.invoke(app, ["adopt", f"scenarios/rag_quality/{sid}.yaml", "--source",
                                     source, "--reviewer", "alice", "--link", link])
        assert result.exit_code == 0, result.output
    now = utcnow()
    run_at = now - timedelta(minutes=1)  # the run id names its start (runner.py L1815)
    write_run(suite / "eval" / "results", f"eval-{run_at:%Y%m%d-%H%M%S}", run_at,
              {"bug_before": "FAIL", "bug_after": "PASS", "session_case": "PASS"},
              meta={"model": STRONG, "commit": "abcdef12"})
    result = runner.invoke(app, ["runs", "import", "eval/results"])
    assert result.exit_code == 0, result.output
    return {"now": now, "run_id": f"eval-{run_at:%Y%m%d-%H%M%S}",
            "closed_101": now + timedelta(hours=2),
            "closed_102": now - timedelta(days=40), "closed_103": now + timedelta(hours=3)}


def test_closings_through_pygithub_and_the_report(
    suite: Path, runner: Any, github: FakeGitHub, bugs_suite: dict[str, Any]
) -> None:
    github.add("GET", f"/repos/{REPO}/issues/101",
               Reply(body=_issue(github, 101, _iso(bugs_suite["closed_101"]), "completed")))
    github.add("GET", f"/repos/{REPO}/issues/102",
               Reply(body=_issue(github, 102, _iso(bugs_suite["closed_102"]), "completed")))
    github.add("GET", f"/repos/{REPO}/issues/103",
               Reply(body=_issue(github, 103, _iso(bugs_suite["closed_103"]), "completed")))
    linked = runner.invoke(app, ["bugs", "link", "session_case", f"{REPO}#103",
                                 "--reviewer", "bob"])
    assert linked.exit_code == 0, linked.output
    refreshed = runner.invoke(app, ["bugs", "refresh"])
    assert refreshed.exit_code == 0, refreshed.output
    assert "read 3 issue(s): 3 closed, 3 record(s) updated" in refreshed.stdout
    record = load_record(record_path(suite / "scenarios" / "rag_quality" / "bug_before.yaml"))
    assert record.bug is not None and record.bug.state_reason == "completed"
    assert record.bug.checked_at is not None

    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    bugs = doc["bugs"]
    assert (bugs["fixed"], bugs["caught_before_fix"], bugs["caught_after_fix"],
            bugs["missed"]) == (3, 1, 1, 1)
    caught = [b for b in bugs["bugs"] if b["outcome"] == "before"]
    assert [b["id"] for b in caught] == ["bug_before"]
    assert caught[0]["caught_by"]["run_id"] == bugs_suite["run_id"]
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


def test_closings_from_a_gh_json_file(
    suite: Path, runner: Any, bugs_suite: dict[str, Any]
) -> None:
    closings = suite / "closings.json"
    closings.write_text(json.dumps([
        {"number": 101, "closedAt": _iso(bugs_suite["closed_101"]), "stateReason": "COMPLETED"},
        {"url": f"https://github.com/{REPO}/issues/102", "closedAt": None, "stateReason": None},
    ]), encoding="utf-8")
    result = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings)])
    assert result.exit_code == 0, result.output
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    outcomes = {b["id"]: b["outcome"] for b in doc["bugs"]}
    assert outcomes == {"bug_before": "before", "bug_after": "open"}
    assert doc["share_caught_before"] == 1.0


def test_not_planned_is_no_fix(suite: Path, runner: Any, bugs_suite: dict[str, Any]) -> None:
    closings = suite / "closings.json"
    closings.write_text(json.dumps({"number": 101, "closedAt": _iso(bugs_suite["closed_101"]),
                                    "stateReason": "NOT_PLANNED"}), encoding="utf-8")
    runner.invoke(app, ["bugs", "refresh", "bug_before", "--closings", str(closings)])
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)["bugs"]
    assert doc["fixed"] == 0 and doc["share_caught_before"] is None


def test_every_issue_form_links_and_blocked_before_the_fix_counts_by_the_runs_start(
    suite: Path, runner: Any
) -> None:
    """The URL (as from-issue writes it), github:OWNER/REPO#N and OWNER/REPO#N all link; a
    BLOCKED_BY_ARCHITECTURE counts; a nightly that started before the closing but whose
    scorecard was written after it is before the fix (its run id names its start)."""
    from datetime import UTC, datetime

    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    forms = {"by_url": f"https://github.com/{REPO}/issues/201",
             "by_locator": f"github:{REPO}#202", "by_short": f"{REPO}#203"}
    for sid, link in forms.items():
        write_scenario(suite, sid)
        result = runner.invoke(app, ["adopt", f"scenarios/rag_quality/{sid}.yaml", "--source",
                                     "issue", "--reviewer", "alice", "--link", link])
        assert result.exit_code == 0, result.output + result.stderr
    started = datetime(2026, 6, 1, 2, 0, tzinfo=UTC)
    closed = started + timedelta(minutes=30)
    # scorecard written 2 h after the start, 90 min after the closing
    write_run(suite / "eval" / "results", "eval-20260601-020000", started + timedelta(hours=2),
              {"by_url": "BLOCKED_BY_ARCHITECTURE", "by_locator": "FAIL", "by_short": "PASS"},
              meta={"model": STRONG, "commit": "abcdef12"})
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    closings = suite / "closings.json"
    closings.write_text(json.dumps([
        {"url": f"https://github.com/{REPO}/issues/{n}", "number": n,
         "closedAt": closed.strftime("%Y-%m-%dT%H:%M:%SZ"), "stateReason": "completed"}
        for n in (201, 202, 203)]))
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

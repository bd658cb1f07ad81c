"""Builders for the review, run and promotion tests: drafts, records, GAIA scorecards, PRs.

Scorecards follow GAIA's runner format (``build_scorecard``: run_id, timestamp, config,
summary, scenarios, cost, performance) as in ``../shared/corpus/gaia/eval/results/baseline.json``;
the tests write their own so they run without the corpus.
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from intake.contract.models import Record, RecordSource, ScrubReport, SourceType
from intake.store.records import dump_record, record_path
from tests.support.github_server import FakeGitHub, Reply

HEAD = "a" * 40
OLD = "b" * 40

FINAL_YAML = """\
id: {id}
name: PDF summary loops on search
category: {category}
description: The agent repeats search_file instead of reading the named report.
persona: casual_user
source:
  type: session
  link: gaia-session:29c211c7-0000-4000-8000-000000000001
difficulty_rationale: The file name is ambiguous and small models loop on search_file.
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask for a summary of the quarterly report.
    user_message: Summarize the Q3 report please.
    success_criteria: The agent summarises the report in one pass without repeated searches.
"""

PLACEHOLDER_YAML = FINAL_YAML.replace(
    "The agent summarises the report in one pass without repeated searches.",
    "'TODO(intake): write what the judge checks'",
).replace(
    "difficulty_rationale: The file name is ambiguous and small models loop on search_file.\n", ""
)


def write_pair(
    folder: Path,
    scenario_id: str = "pdf_summary_loop",
    *,
    text: str | None = None,
    category: str = "tool_selection",
    author: str | None = "drafter",
    private: bool = False,
    captured_at: datetime = datetime(2026, 11, 1, tzinfo=UTC),
) -> Path:
    """A draft YAML and its record, as intake's importers write them."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{scenario_id}.yaml"
    path.write_text(
        (text or FINAL_YAML).format(id=scenario_id, category=category), encoding="utf-8"
    )
    record = Record(
        id=scenario_id,
        source=RecordSource(
            kind=SourceType.session,
            locator="gaia-session:29c211c7-0000-4000-8000-000000000001",
            captured_at=captured_at,
            private=private,
            intake_version="0.1.0",
        ),
        author=author,
        scrub=ScrubReport(scrubber_version="test", config_hash="sha256:" + "0" * 64),
    )
    record_path(path).write_text(dump_record(record), encoding="utf-8")
    return path


def edit(path: Path, old: str, new: str) -> None:
    """Replace text in a draft (a person's edit)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def trace(scenario_id: str, status: str, score: float | None = 8.5) -> dict[str, Any]:
    """One per-scenario result, as ``traces/<id>.json`` and ``scorecard.scenarios[i]``."""
    return {
        "scenario_id": scenario_id,
        "status": status,
        "overall_score": score,
        "turns": [
            {
                "turn": 1,
                "user_message": "Summarize the Q3 report please.",
                "agent_response": "Here is the summary.",
                "agent_tools": ["query_specific_file"],
                "scores": {
                    "correctness": 9,
                    "tool_selection": 9,
                    "context_retention": 9,
                    "completeness": 8,
                    "efficiency": 8,
                    "personality": 9,
                    "error_recovery": 9,
                },
                "overall_score": score,
                "pass": status == "PASS",
                "failure_category": None,
                "reasoning": "ok",
            }
        ],
        "root_cause": None,
        "recommended_fix": None,
        "cost_estimate": {"turns": 1, "estimated_usd": 0.12},
        "elapsed_s": 41.2,
        "category": "tool_selection",
        "performance_summary": None,
    }


def scorecard(
    folder: Path,
    results: dict[str, str],
    *,
    run_id: str = "eval-20261129-101500",
    judge: str = "claude-sonnet-4-6",
    model: str | None = None,
    name: str = "scorecard.json",
    timestamp: str | None = None,
) -> Path:
    """A GAIA runner scorecard with one entry per (scenario id → status); meta.json if model.

    ``timestamp`` defaults to now: a run must not predate the draft it is recorded for.
    """
    folder.mkdir(parents=True, exist_ok=True)
    scenarios = [trace(sid, status) for sid, status in results.items()]
    passed = sum(s == "PASS" for s in results.values())
    doc = {
        "run_id": run_id,
        "timestamp": timestamp or datetime.now(UTC).isoformat(),
        "config": {
            "backend_url": "http://localhost:4200",
            "model": judge,
            "budget_per_scenario_usd": 2.0,
            "agent_type": None,
        },
        "summary": {
            "total_scenarios": len(results),
            "passed": passed,
            "failed": len(results) - passed,
            "blocked": 0,
            "timeout": 0,
            "budget_exceeded": 0,
            "infra_error": 0,
            "skipped": 0,
            "errored": 0,
            "pass_rate": passed / max(1, len(results)),
            "judged_pass_rate": passed / max(1, len(results)),
            "avg_score": 8.5,
            "by_category": {},
        },
        "scenarios": scenarios,
        "cost": {"estimated_total_usd": 0.12},
        "performance": {
            "avg_tokens_per_second": None,
            "avg_time_to_first_token": None,
            "total_input_tokens": 0,
            "total_output_tokens": 0,
            "scenarios_with_data": 0,
            "flags": [],
        },
    }
    path = folder / name
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    if model is not None:
        (folder / "meta.json").write_text(
            json.dumps({"model": model, "eval_model": judge, "commit": "95e4b372"}),
            encoding="utf-8",
        )
    return path


def serve_pr(
    github: FakeGitHub,
    number: int,
    *,
    author: str = "drafter",
    head: str = HEAD,
    reviews: list[dict[str, Any]],
    files: dict[str, bytes] | None = None,
    changed: list[str | tuple[str, str]] | None = None,
    page_size: int = 30,
    repo: str = "acme/agent",
    html_url: str | None = None,
) -> None:
    """A pull request, its reviews, its changed files and the draft's contents at a commit.

    ``changed`` lists the PR's changed files (a ``(new, previous)`` pair for a rename); it
    defaults to the paths in ``files``. The files endpoint is paginated ``page_size`` per page
    with GitHub's ``Link: rel="next"`` header.
    """
    github.add(
        "GET",
        f"/repos/{repo}/pulls/{number}",
        Reply(
            body={
                "number": number,
                "state": "open",
                "html_url": html_url or f"https://github.com/{repo}/pull/{number}",
                "user": {"login": author},
                "head": {"sha": head, "ref": "draft-branch"},
                "base": {"sha": OLD, "ref": "main"},
            }
        ),
    )
    github.add("GET", f"/repos/{repo}/pulls/{number}/reviews", Reply(body=reviews))
    entries: list[dict[str, Any]] = []
    for item in changed if changed is not None else list(files or {}):
        if isinstance(item, tuple):
            entries.append({"filename": item[0], "previous_filename": item[1], "status": "renamed"})
        else:
            entries.append({"filename": item, "status": "modified"})
    pages = [entries[i : i + page_size] for i in range(0, len(entries), page_size)] or [[]]
    files_path = f"/repos/{repo}/pulls/{number}/files"
    for index, page in enumerate(pages):
        last = index == len(pages) - 1
        body = [{"sha": "d" * 40, "additions": 1, "deletions": 0, "changes": 1, **e} for e in page]
        headers = {} if last else {"Link": f'<{{base}}{files_path}?page={index + 2}>; rel="next"'}
        github.add("GET", files_path, Reply(body=body, headers=headers, times=None if last else 1))
    for path, content in (files or {}).items():
        github.add(
            "GET",
            f"/repos/{repo}/contents/{path}",
            Reply(
                body={
                    "type": "file",
                    "encoding": "base64",
                    "name": Path(path).name,
                    "path": path,
                    "sha": "c" * 40,
                    "size": len(content),
                    "content": base64.b64encode(content).decode("ascii"),
                }
            ),
        )


def review(
    login: str,
    state: str,
    *,
    commit: str = HEAD,
    at: str = "2026-11-29T12:00:00Z",
    rid: int = 1,
    association: str = "MEMBER",
) -> dict[str, Any]:
    """One pull-request review as GitHub's REST API returns it (``author_association``: the
    reviewer's relation to the repository)."""
    return {
        "id": rid,
        "user": {"login": login},
        "state": state,
        "commit_id": commit,
        "submitted_at": at,
        "author_association": association,
        "html_url": f"https://github.com/acme/agent/pull/7#pullrequestreview-{rid}",
        "body": "",
    }


def make_ready(
    suite: Path,
    scenario_id: str = "pdf_summary_loop",
    *,
    folder: str = "drafts",
    local_status: str = "FAIL",
    strong_status: str = "PASS",
    reviewer: str | None = "bob",
    category: str = "tool_selection",
) -> Path:
    """A draft with a strong run, a local run and an approval, all on its current content."""
    from intake.config import load_settings
    from intake.contract.models import ReviewDecision
    from intake.contract.plain import RunTier
    from intake.lifecycle.review import add_review
    from intake.lifecycle.runs.record import record_run

    draft = write_pair(suite / folder, scenario_id, category=category)
    settings = load_settings(suite)
    runs = suite / "runs" / scenario_id
    strong = scorecard(runs / "strong", {scenario_id: strong_status}, run_id="eval-20261129-1")
    local = scorecard(runs / "local", {scenario_id: local_status}, run_id="eval-20261129-2")
    record_run(settings, scenario_id, strong, RunTier.strong, model="claude-opus-4")
    record_run(settings, scenario_id, local, RunTier.local, model="Gemma-4-E4B-it-GGUF")
    if reviewer:
        add_review(settings, scenario_id, ReviewDecision.approve, reviewer)
    return draft

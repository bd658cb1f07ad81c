"""GAIA-shaped nightly results for the health tests: run folders as GAIA's runner writes them.

The shapes follow amd/gaia at 78bbc30: ``src/gaia/eval/scorecard.py`` (``build_scorecard``,
L16, returning run_id, timestamp, config with the judge as ``config.model``, summary and
scenarios at L153-178) and ``src/gaia/eval/runner.py`` (one ``traces/<id>.json`` per scenario,
L1249-1251; ``scorecard.json`` in the run folder, L1339), with ``meta.json`` as GAIA's
committed baselines keep it (``tests/fixtures/eval_baselines/gemma-4-e4b-95e4b372/meta.json``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

STRONG = "claude-opus-4"
LOCAL = "qwen3-4b-local"
JUDGE = "claude-sonnet-4-6"
BASE = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)

PYPROJECT_EXTRA = f"""
strong_models = ["{STRONG}"]
local_models = ["{LOCAL}"]
"""

SCENARIO = """\
id: {id}
name: A case
category: {category}
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: {objective}
    success_criteria: Answers it from the document.
"""


def write_scenario(
    suite: Path,
    scenario_id: str,
    category: str = "rag_quality",
    objective: str = "Ask what the document says about the budget.",
) -> Path:
    """A legacy scenario file under scenarios/<category>/ (adopt it to give it a record)."""
    path = suite / "scenarios" / category / f"{scenario_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        SCENARIO.format(id=scenario_id, category=category, objective=objective), encoding="utf-8"
    )
    return path


def entry(scenario_id: str, status: str, category: str = "rag_quality") -> dict[str, Any]:
    """One scenario result as GAIA's runner writes it into ``scenarios``."""
    judged = status in ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")
    turns = (
        [
            {
                "turn": 1,
                "user_message": "What does it say about the budget?",
                "agent_response": "…",
                "agent_tools": [],
                "scores": {},
                "overall_score": 8.0 if status == "PASS" else 3.0,
                "pass": status == "PASS",
                "failure_category": None if status == "PASS" else "wrong_answer",
                "reasoning": "…",
            }
        ]
        if judged
        else []
    )
    return {
        "scenario_id": scenario_id,
        "category": category,
        "status": status,
        "overall_score": (8.0 if status == "PASS" else 3.0) if judged else None,
        "turns": turns,
        "root_cause": None,
        "recommended_fix": None,
        "cost_estimate": {"turns": len(turns), "estimated_usd": 0.0},
        "elapsed_s": 12.0,
    }


def write_run(
    results: Path,
    run_id: str,
    at: datetime,
    statuses: dict[str, str],
    *,
    meta: dict[str, Any] | None = None,
    traces: bool = True,
    judge: str = JUDGE,
) -> Path:
    """``results/<run_id>/`` with scorecard.json (``config.model``, GAIA's ``--model``: the
    judge), traces/ and (optionally) meta.json."""
    folder = results / run_id
    (folder / "traces").mkdir(parents=True, exist_ok=True)
    scenarios = [entry(sid, status) for sid, status in statuses.items()]
    scorecard = {
        "run_id": run_id,
        "timestamp": at.isoformat(),
        "config": {
            "backend_url": "http://localhost:4200",
            "model": judge,
            "budget_per_scenario_usd": 2.0,
            "agent_type": None,
        },
        "summary": {"total_scenarios": len(scenarios)},
        "scenarios": scenarios,
        "cost": {"estimated_total_usd": 0.0},
        "performance": {},
    }
    (folder / "scorecard.json").write_text(json.dumps(scorecard, indent=2), encoding="utf-8")
    if traces:
        for item in scenarios:
            (folder / "traces" / f"{item['scenario_id']}.json").write_text(
                json.dumps(item), encoding="utf-8"
            )
    if meta is not None:
        (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return folder


def ok(result: Any) -> Any:
    """A ``CliRunner`` result that exited 0 (its output in the message when not)."""
    assert result.exit_code == 0, result.output + result.stderr
    return result


def night(i: int) -> datetime:
    """The i-th night (1-based)."""
    return BASE + timedelta(days=i - 1)


CI_VARIABLES = ("GITHUB_SHA", "RUNNER_NAME")
"""What CI sets that the import reads (a test names its commit and machine itself)."""


def stored(suite: Path, scenario_id: str) -> list[Any]:
    """The run store's runs of a scenario (``intake.lifecycle.runs.store``), oldest first."""
    from intake.config import load_settings
    from intake.lifecycle.runs.store import scenario_runs

    return scenario_runs(load_settings(suite), [scenario_id]).get(scenario_id, [])

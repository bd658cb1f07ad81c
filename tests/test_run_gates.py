"""Repeated runs: pass rate and pass^k per tier, strong_pass_min, saturation by pass rate,
the difficulty label, and ``intake runs`` (listing, --drop)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import Record, RecordSource, Run, SourceType
from intake.contract.plain import RunTier, TierStats, difficulty, tier_stats
from intake.lifecycle.gates import GateInputs, check_gates
from intake.lifecycle.runs.record import record_run
from intake.store.ledger import Ledger
from intake.store.records import load_record, record_path
from tests.support.promote_helpers import edit, scorecard, write_pair

T0 = datetime(2026, 11, 29, tzinfo=UTC)
HASH = "sha256:run"


def _run(tier: str, status: str, n: int, h: str = HASH) -> Run:
    return Run(
        tier=RunTier(tier),
        run_id=f"eval-{tier}-{n}",
        status=status,
        score=7.0,
        model="m-" + tier,
        runnable_hash=h,
        at=T0 + timedelta(minutes=n),
        recorded_at=T0,
    )


def _gates(runs: list[Run], **changes: object) -> dict[str, tuple[bool, str]]:
    record = Record(
        id="x_case",
        source=RecordSource(
            kind=SourceType.session, locator="gaia-session:1", captured_at=T0, intake_version="0"
        ),
        runs=runs,
    )
    inputs = GateInputs(
        scenario_id="x_case",
        data=None,
        problems=[],
        scrub_findings=[],
        record=record,
        content_hash="sha256:c",
        runnable_hash=HASH,
    )
    for key, value in changes.items():
        setattr(inputs, key, value)
    return {g.name: (g.met, g.detail) for g in check_gates(inputs)}


def test_strong_must_pass_at_least_once_not_on_the_latest_run() -> None:
    runs = [_run("strong", "PASS", 1), _run("strong", "FAIL", 2), _run("local", "FAIL", 3)]
    met, detail = _gates(runs)["strong-run"]
    assert met and detail.startswith("strong runs 1/2 passed (50%), pass^2 0;")


def test_strong_pass_min_is_configurable() -> None:
    runs = [_run("strong", "PASS", 1), _run("strong", "FAIL", 2), _run("local", "FAIL", 3)]
    met, detail = _gates(runs, strong_pass_min=2)["strong-run"]
    assert not met
    assert detail == (
        "latest strong run eval-strong-2: FAIL, score 7 on m-strong: the case must be passable "
        "(strong runs 1/2 passed (50%), pass^2 0; 2 pass(es) needed)"
    )


def test_stale_and_infra_runs_do_not_count_towards_the_rate() -> None:
    runs = [
        _run("strong", "PASS", 1),
        _run("local", "PASS", 2, h="sha256:old"),
        _run("local", "INFRA_ERROR", 3),
        _run("local", "FAIL", 4),
    ]
    assert tier_stats(runs, RunTier.local, HASH) == TierStats(RunTier.local, 1, 0)
    assert _gates(runs)["local-run"][0]


@pytest.mark.parametrize(
    ("local", "saturated"),
    [
        (["PASS"], True),
        (["FAIL"], False),
        (["PASS", "PASS", "PASS", "PASS", "FAIL"], True),  # 80%: at the threshold
        (["PASS", "PASS", "PASS", "FAIL"], False),  # 75%
        (["PASS", "FAIL", "FAIL"], False),  # one lucky pass is not saturation
    ],
)
def test_saturation_is_by_pass_rate(local: list[str], saturated: bool) -> None:
    runs = [_run("strong", "PASS", 0)] + [_run("local", s, i + 1) for i, s in enumerate(local)]
    met, detail = _gates(runs)["local-run"]
    assert met is not saturated
    assert ("(saturated)" in detail) is saturated


def test_saturation_rate_is_configurable() -> None:
    runs = [_run("strong", "PASS", 0), _run("local", "PASS", 1), _run("local", "FAIL", 2)]
    assert _gates(runs)["local-run"][0]
    met, detail = _gates(runs, saturation_pass_rate=0.5)["local-run"]
    assert not met and "local runs 1/2 passed (50%), pass^2 0, at or above 50%" in detail


def test_pass_hat_k() -> None:
    assert TierStats(RunTier.local, 3, 3).pass_hat_k == 1.0
    assert TierStats(RunTier.local, 3, 2).pass_hat_k == 0.0
    assert TierStats(RunTier.local, 0, 0).pass_hat_k is None
    assert TierStats(RunTier.strong, 4, 1).describe() == "1/4 passed (25%), pass^4 0"


@pytest.mark.parametrize(
    ("strong", "local", "label"),
    [
        ((3, 3), (3, 3), "easy"),
        ((3, 3), (5, 4), "easy"),
        ((3, 3), (3, 0), "medium"),
        ((3, 1), (3, 0), "hard"),
        ((2, 1), (2, 0), "hard"),
        ((3, 0), (3, 0), None),  # never passable yet
        ((3, 3), (0, 0), None),  # local not judged yet
    ],
)
def test_difficulty_label(
    strong: tuple[int, int], local: tuple[int, int], label: str | None
) -> None:
    assert (
        difficulty(TierStats(RunTier.strong, *strong), TierStats(RunTier.local, *local), 0.8)
        == label
    )


def test_settings_defaults_and_bounds(suite: Path) -> None:
    settings = load_settings(suite)
    assert settings.runner == ["gaia", "eval", "agent"]
    assert settings.backend_url == "http://localhost:4200"
    assert settings.judge_model is None
    assert settings.results_dir == Path("eval/results")
    assert (settings.strong_pass_min, settings.saturation_pass_rate) == (1, 0.8)
    env = {"INTAKE_RUNNER": 'python "my runner.py" eval agent'}
    assert load_settings(suite, environ=env).runner == ["python", "my runner.py", "eval", "agent"]


def test_invalid_run_settings_are_config_errors(suite: Path, runner) -> None:
    result = runner.invoke(app, ["config"], env={"INTAKE_SATURATION_PASS_RATE": "1.5"})
    assert result.exit_code == 2
    assert result.stderr.startswith("error: invalid setting 'saturation_pass_rate'")


# --- intake runs ---------------------------------------------------------------------------


def _recorded(suite: Path) -> Path:
    draft = write_pair(suite / "drafts")
    settings = load_settings(suite)
    for n, (tier, status, model) in enumerate(
        [
            ("strong", "PASS", "claude-opus-4"),
            ("strong", "FAIL", "claude-opus-4"),
            ("local", "FAIL", "Gemma-4-E4B-it-GGUF"),
        ],
        start=1,
    ):
        card = scorecard(
            suite / "r" / str(n), {"pdf_summary_loop": status}, run_id=f"eval-20261130-00000{n}"
        )
        record_run(settings, "pdf_summary_loop", card, RunTier(tier), model=model)
    return draft


@pytest.mark.slow
def test_runs_lists_tier_model_judge_status_score_stale(suite: Path, runner) -> None:
    draft = _recorded(suite)
    result = runner.invoke(app, ["runs", "pdf_summary_loop"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "runs of drafts/pdf_summary_loop.yaml: 3"
    assert lines[1].split() == [
        "eval-20261130-000001",
        "strong",
        "PASS",
        "8.5",
        "model",
        "claude-opus-4",
        "judge",
        "claude-sonnet-4-6",
    ]
    assert lines[-3:] == [
        "strong: 1/2 passed (50%), pass^2 0",
        "local: 0/1 passed (0%), pass^1 0",
        "difficulty: hard",
    ]
    edit(draft, "Ask for a summary", "Ask for a short summary")
    doc = json.loads(runner.invoke(app, ["runs", "pdf_summary_loop", "--format", "json"]).stdout)
    assert [r["stale"] for r in doc["runs"]] == [True, True, True]
    assert doc["tiers"]["strong"]["runs"] == 0 and doc["difficulty"] is None


def test_runs_drop_removes_one_and_the_ledger_keeps_it(suite: Path, runner) -> None:
    draft = _recorded(suite)
    result = runner.invoke(
        app,
        [
            "runs",
            "pdf_summary_loop",
            "--drop",
            "eval-20261130-000002",
            "--reason",
            "judge outage; token ghp_R8x2Kq9LmZ4vT7wYp3Nc6Hs1Jd5Fg0Ab2Ce4X",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "dropped run eval-20261130-000002 (1 record entry) from "
        "drafts/pdf_summary_loop.yaml; the ledger keeps it"
    ]
    assert "ghp_" not in result.stdout + result.stderr
    runs = load_record(record_path(draft)).runs
    assert [r.run_id for r in runs] == ["eval-20261130-000001", "eval-20261130-000003"]
    with Ledger.open(load_settings(suite).ledger) as ledger:
        events = [e for e in ledger.history("pdf_summary_loop") if e.kind == "run-drop"]
    [event] = events
    detail = event.detail if isinstance(event.detail, dict) else json.loads(event.detail)
    assert detail["run_id"] == "eval-20261130-000002"
    assert detail["reason"].startswith("judge outage; token ") and "R8x2Kq9" not in detail["reason"]
    assert detail["runs"][0]["status"] == "FAIL"


def test_runs_drop_errors(suite: Path, runner) -> None:
    draft = _recorded(suite)
    before = record_path(draft).read_bytes()
    missing = runner.invoke(app, ["runs", "pdf_summary_loop", "--drop", "eval-x", "--reason", "r"])
    assert missing.exit_code == 2
    assert missing.stderr.splitlines()[0] == (
        "error: no run eval-x in the draft's record (drafts/pdf_summary_loop.yaml)"
    )
    no_reason = runner.invoke(app, ["runs", "pdf_summary_loop", "--drop", "eval-x"])
    assert no_reason.exit_code == 2
    assert no_reason.stderr.splitlines() == ["error: --drop needs --reason TEXT"]
    blank = runner.invoke(app, ["runs", "pdf_summary_loop", "--drop", "eval-x", "--reason", " "])
    assert blank.stderr.splitlines() == ["error: dropping a run needs a reason (--reason TEXT)"]
    odd = runner.invoke(app, ["runs", "pdf_summary_loop", "--drop", "x y\n$(z)", "--reason", "r"])
    assert odd.exit_code == 2 and "$(z)" not in odd.stderr
    assert "(not a plain run id, not shown)" in odd.stderr
    assert record_path(draft).read_bytes() == before


def test_dropping_a_run_reopens_the_gate(suite: Path) -> None:
    from intake.lifecycle.promote import gather

    draft = _recorded(suite)
    settings = load_settings(suite)
    assert {g.name: g.met for g in check_gates(gather(settings, draft))}["strong-run"]
    from intake.lifecycle.runs.record import drop_run

    drop_run(settings, "pdf_summary_loop", "eval-20261130-000001", "wrong model loaded")
    assert not {g.name: g.met for g in check_gates(gather(settings, draft))}["strong-run"]


def test_report_shows_pass_rates_and_difficulty(suite: Path, runner) -> None:
    from intake.lifecycle.promote import promote
    from tests.support.promote_helpers import make_ready

    make_ready(suite, "case_a")  # strong PASS, local FAIL: medium
    make_ready(suite, "case_b", local_status="PASS")  # local passes: easy (allowed)
    settings = load_settings(suite)
    promote(settings, "case_a")
    promote(settings, "case_b", allow_saturated="regression guard")
    stamps = {
        name: load_record(
            record_path(suite / "scenarios" / "tool_selection" / f"{name}.yaml")
        ).promotion
        for name in ("case_a", "case_b")
    }
    assert {k: v.difficulty for k, v in stamps.items() if v} == {
        "case_a": "medium",
        "case_b": "easy",
    }
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert doc["runs"] == {
        "tiers": {
            "strong": {"runs": 2, "passes": 2, "pass_rate": 1.0},
            "local": {"runs": 2, "passes": 1, "pass_rate": 0.5},
        },
        "difficulty": {"easy": 1, "medium": 1, "hard": 0, "unknown": 0},
    }
    text = runner.invoke(app, ["report"]).stdout
    assert (
        "strong 2/2 passed (100.0%); local 1/2 passed (50.0%); "
        "difficulty: easy 1, medium 1, hard 0, unknown 0"
    ) in text
    markdown = runner.invoke(app, ["report", "--format", "markdown"]).stdout
    assert "### Runs" in markdown


def test_report_without_runs_has_no_runs_section(suite: Path, runner) -> None:
    doc = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert doc["runs"] is None

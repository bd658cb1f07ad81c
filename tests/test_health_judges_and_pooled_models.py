"""Which runs health reads when the judge changed, and how models of one tier are pooled: the
third outside audit's findings (issue 38, ``tests/benchmarks/bench_health_outside3.py``), each
test stating what docs/health.md promises; both failed on the code the audit read (they were
strict xfails until the fixes)."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    LOCAL,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    ok,
    write_run,
    write_scenario,
)

NEW_JUDGE = "claude-opus-4-6"


def _tiers(doc: dict[str, Any], sid: str) -> dict[str, tuple[int, int]]:
    case = next(s for s in doc["scenarios"] if s["id"] == sid)
    return {t["tier"]: (t["judged"], t["passes"]) for t in case["tiers"]}


def test_a_killed_run_from_before_a_judge_change_is_not_read_with_the_new_judges_runs(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/health.md "Which runs are read": "When the judge changed, only the newest judge's
    runs are read." Nights 1-5 judged by the old judge (strong FAIL), night 6 killed after
    its scenario (traces only: GAIA's runner writes each trace as it goes, runner.py
    L1249-1254, and the scorecard, which names the judge, at the end),
    nights 7-13 judged by the new judge (strong PASS). The strong tier read is the 7 new-judge
    runs, 7 of 7; intake reads the killed run too (8 judged, 7 passes)."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "judged_case")
    adopt = ["adopt", "scenarios/rag_quality/judged_case.yaml", "--source", "hand"]
    ok(runner.invoke(app, [*adopt, "--reviewer", "alice"]))
    results = suite.parent / "results"
    for i in range(1, 14):
        for machine, model, minutes in (("ci-s", STRONG, 0), ("ci-l", LOCAL, 5)):
            at = night(i) + timedelta(minutes=minutes)
            judge = NEW_JUDGE if i >= 7 else "claude-sonnet-4-6"
            status = ("PASS" if i >= 7 else "FAIL") if model == STRONG else "FAIL"
            meta = {"model": model, "machine": machine, "commit": "abcdef12"}
            run_id, statuses = f"eval-{at:%Y%m%d-%H%M%S}", {"judged_case": status}
            folder = write_run(results, run_id, at, statuses, meta=meta, judge=judge)
            if i == 6 and model == STRONG:
                (folder / "scorecard.json").unlink()  # killed: the trace it wrote stays
    ok(runner.invoke(app, ["runs", "import", str(results)]))
    doc = json.loads(ok(runner.invoke(app, ["health", "--format", "json"])).stdout)
    assert _tiers(doc, "judged_case")["strong"] == (7, 7)


GEMMA = "gemma-4-e4b-local"


def _pooled_case(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch, local_a: str, local_b: str
) -> dict[str, Any]:
    """Health's entry for a case run each night by the strong model (PASS) and by two local
    models on machines of their own, two runs a night; ``local_a`` and ``local_b`` give their
    outcomes run by run (``P`` PASS, ``F`` FAIL, ``-`` no run)."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA.replace(f'["{LOCAL}"]', f'["{LOCAL}", "{GEMMA}"]'))
    write_scenario(suite, "two_locals")
    adopt = ["adopt", "scenarios/rag_quality/two_locals.yaml", "--source", "hand"]
    ok(runner.invoke(app, [*adopt, "--reviewer", "alice"]))
    results = suite.parent / "results"
    statuses = {"P": "PASS", "F": "FAIL"}
    for i in range(1, 1 + max(len(local_a), len(local_b))):
        for machine, model, outcomes, minutes in (
            ("ci-s", STRONG, "P" * len(local_a), 0),
            ("ci-a", GEMMA, local_a, 5),
            ("ci-b", LOCAL, local_b, 10),
        ):
            if i > len(outcomes) or outcomes[i - 1] not in statuses:
                continue
            at = night(1 + (i - 1) // 2) + timedelta(minutes=minutes + 60 * ((i - 1) % 2))
            meta = {"model": model, "machine": machine, "commit": "abcdef12"}
            status = statuses[outcomes[i - 1]]
            write_run(results, f"eval-{at:%Y%m%d-%H%M%S}", at, {"two_locals": status}, meta=meta)
    ok(runner.invoke(app, ["runs", "import", str(results)]))
    doc = json.loads(ok(runner.invoke(app, ["health", "--format", "json"])).stdout)
    case: dict[str, Any] = next(s for s in doc["scenarios"] if s["id"] == "two_locals")
    return case


def _models(case: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {m["name"]: (m["judged"], m["passes"]) for m in case["models"]}


def test_two_local_models_that_never_flip_are_not_a_coin_flip(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/health.md "Decisions": flaky is "the outcome is a coin flip", and "Reliability
    that is not a coin flip is not a defect" (issue 38: decisions per scenario, *model* and
    runnable hash). Strong 12/12; local model A 12/12; local model B 0/12: no model's outcome
    flips once, every rate is decided far from the band (health's own `models` entries say
    so); the local tier pools them to 12/24, which was called `flaky` at 96 %. Healthy."""
    case = _pooled_case(suite, runner, monkeypatch, "P" * 12, "F" * 12)
    assert _models(case) == {STRONG: (12, 12), GEMMA: (12, 12), LOCAL: (12, 0)}
    assert case["class"] == "healthy", case["why"]
    assert case["probability"] >= 0.9


def test_two_local_models_not_clear_of_the_band_keep_the_pooled_call(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Local A 8/9 and B 2/12 pool to 10/21, inside the band at over 90 %; B alone is not clear
    of the band at 90 %, so the pooled call stands (a known limit, docs/health.md
    "Decisions": a rule that said undecided when two models' intervals are disjoint cost alike
    coin flips their call in the third outside audit)."""
    case = _pooled_case(suite, runner, monkeypatch, "PPPFPPPPP---", "FFPFFFFFPFFF")
    assert _models(case) == {STRONG: (12, 12), GEMMA: (9, 8), LOCAL: (12, 2)}
    assert case["class"] == "flaky", case["why"]


def test_a_coin_flip_model_in_a_pooled_tier_is_flaky(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both local models flip from run to run (12/24 and 11/24): the model-by-model check
    finds a coin flip, so the call stands."""
    case = _pooled_case(suite, runner, monkeypatch, "PF" * 12, "FPFPFFPPFFPFPFPFPFPPFFPF")
    assert _models(case) == {STRONG: (24, 24), GEMMA: (24, 12), LOCAL: (24, 11)}
    assert case["class"] == "flaky", case["why"]

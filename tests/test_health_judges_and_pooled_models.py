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
    write_run,
    write_scenario,
)

NEW_JUDGE = "claude-opus-4-6"


def _ok(result: Any) -> Any:
    assert result.exit_code == 0, result.output + result.stderr
    return result


def _tiers(doc: dict[str, Any], sid: str) -> dict[str, tuple[int, int]]:
    case = next(s for s in doc["scenarios"] if s["id"] == sid)
    return {t["tier"]: (t["judged"], t["passes"]) for t in case["tiers"]}


def _judge(folder: Path, judge: str) -> None:
    """The scorecard's ``config.model`` (GAIA's ``--model``: the judge) set to ``judge``."""
    card = folder / "scorecard.json"
    doc = json.loads(card.read_text(encoding="utf-8"))
    doc["config"]["model"] = judge
    card.write_text(json.dumps(doc), encoding="utf-8")


def test_a_killed_run_from_before_a_judge_change_is_not_read_with_the_new_judges_runs(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/health.md "Which runs are read": "When the judge changed, only the newest judge's
    runs are read." Nights 1-5 judged by the old judge (strong FAIL), night 6 killed after
    its scenario (traces only: GAIA's runner writes each trace as it goes, runner.py
    L1249-1254, and the scorecard at the end; meta.json names the old judge as `eval_model`),
    nights 7-13 judged by the new judge (strong PASS). The strong tier read is the 7 new-judge
    runs, 7 of 7; intake reads the killed run too (8 judged, 7 passes)."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "judged_case")
    adopt = ["adopt", "scenarios/rag_quality/judged_case.yaml", "--source", "hand"]
    _ok(runner.invoke(app, [*adopt, "--reviewer", "alice"]))
    results = suite.parent / "results"
    for i in range(1, 14):
        for machine, model, minutes in (("ci-s", STRONG, 0), ("ci-l", LOCAL, 5)):
            at = night(i) + timedelta(minutes=minutes)
            judge = NEW_JUDGE if i >= 7 else "claude-sonnet-4-6"
            status = ("PASS" if i >= 7 else "FAIL") if model == STRONG else "FAIL"
            meta = {"model": model, "machine": machine, "commit": "abcdef12", "eval_model": judge}
            folder = write_run(
                results, f"eval-{at:%Y%m%d-%H%M%S}", at, {"judged_case": status}, meta=meta
            )
            _judge(folder, judge)
            if i == 6 and model == STRONG:
                (folder / "scorecard.json").unlink()  # killed: the trace it wrote stays
    _ok(runner.invoke(app, ["runs", "import", str(results)]))
    doc = json.loads(_ok(runner.invoke(app, ["health", "--format", "json"])).stdout)
    assert _tiers(doc, "judged_case")["strong"] == (7, 7)


def test_two_local_models_that_never_flip_are_not_a_coin_flip(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/health.md "Decisions": flaky is "the outcome is a coin flip", and "Reliability
    that is not a coin flip is not a defect" (issue 38: decisions per scenario, *model* and
    runnable hash). Strong 12/12; local model A 12/12; local model B 0/12: no model's outcome
    flips once, every rate is decided far from the band (health's own `models` entries say
    so), yet the local tier pools them to 12/24 and the case is `flaky`."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA.replace(f'["{LOCAL}"]', f'["{LOCAL}", "gemma-4-e4b-local"]'))
    write_scenario(suite, "two_locals")
    adopt = ["adopt", "scenarios/rag_quality/two_locals.yaml", "--source", "hand"]
    _ok(runner.invoke(app, [*adopt, "--reviewer", "alice"]))
    results = suite.parent / "results"
    for i in range(1, 13):
        for machine, model, status, minutes in (
            ("ci-s", STRONG, "PASS", 0),
            ("ci-a", "gemma-4-e4b-local", "PASS", 5),
            ("ci-b", LOCAL, "FAIL", 10),
        ):
            at = night(i) + timedelta(minutes=minutes)
            meta = {"model": model, "machine": machine, "commit": "abcdef12"}
            write_run(results, f"eval-{at:%Y%m%d-%H%M%S}", at, {"two_locals": status}, meta=meta)
    _ok(runner.invoke(app, ["runs", "import", str(results)]))
    doc = json.loads(_ok(runner.invoke(app, ["health", "--format", "json"])).stdout)
    case = next(s for s in doc["scenarios"] if s["id"] == "two_locals")
    models = {m["name"]: (m["judged"], m["passes"]) for m in case["models"]}
    assert models == {STRONG: (12, 12), "gemma-4-e4b-local": (12, 12), LOCAL: (12, 0)}
    assert case["class"] != "flaky", case["why"]

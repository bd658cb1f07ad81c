"""The health window is counted back from the newest run GAIA's runner made: a draft's runs
recorded through ``run-record`` weeks later and promoted do not push the nightly runs out of it
(found by the second outside audit, ``tests/benchmarks/bench_health_outside2.py``; fails on
the code before)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
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
from tests.support.promote_helpers import scorecard, write_pair


def _case(doc: dict[str, Any], sid: str) -> tuple[str, list[tuple[str, int, int]]]:
    s = next(s for s in doc["scenarios"] if s["id"] == sid)
    return s["class"], [(t["tier"], t["judged"], t["passes"]) for t in s["tiers"]]


# Found by the second outside audit (fixed): the window is counted back from the newest run of any
# kind: a draft's runs recorded through run-record and promoted after the nightly stopped (here 39
# days later) move the 14-night window past every nightly run, and every other case of the suite
# turns never-judged ('no run of it in the window')
def test_a_promoted_drafts_late_runs_leave_the_nightly_runs_read(
    suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "kept_case")
    ok(
        runner.invoke(
            app,
            ["adopt", "scenarios/rag_quality/kept_case.yaml", "--source", "hand"]
            + ["--reviewer", "alice"],
        )
    )
    results = suite.parent / "results"
    for i in range(1, 7):
        for machine, model, status, minutes in (
            ("ci-s", STRONG, "PASS", 0),
            ("ci-l", LOCAL, "FAIL", 5),
        ):
            at = night(i) + timedelta(minutes=minutes)
            meta = {"model": model, "machine": machine, "commit": "abcdef12"}
            write_run(results, f"eval-{at:%Y%m%d-%H%M%S}", at, {"kept_case": status}, meta=meta)
    ok(runner.invoke(app, ["runs", "import", str(results)]))
    before = json.loads(ok(runner.invoke(app, ["health", "--format", "json"])).stdout)
    assert _case(before, "kept_case") == ("healthy", [("strong", 6, 6), ("local", 6, 0)])

    write_pair(suite / "drafts", "new_case", captured_at=datetime(2026, 5, 1, tzinfo=UTC))
    for k, (tier, model, status) in enumerate(
        (("strong", STRONG, "PASS"), ("local", LOCAL, "FAIL"))
    ):
        at = night(45) + timedelta(minutes=k)
        card = scorecard(
            suite.parent / "draft-runs" / str(k),
            {"new_case": status},
            run_id=f"eval-{at:%Y%m%d-%H%M%S}",
            timestamp=(at + timedelta(minutes=2)).isoformat(),
        )
        args = ["run-record", "new_case", "--scorecard", str(card), "--tier", tier]
        ok(runner.invoke(app, [*args, "--model", model]))
    ok(runner.invoke(app, ["review", "new_case", "--approve", "--reviewer", "carol"]))
    ok(runner.invoke(app, ["promote", "new_case"]))

    after = json.loads(ok(runner.invoke(app, ["health", "--format", "json"])).stdout)
    assert _case(after, "new_case") == ("undecided", [("strong", 1, 1), ("local", 1, 0)])
    assert _case(after, "kept_case") == ("healthy", [("strong", 6, 6), ("local", 6, 0)])

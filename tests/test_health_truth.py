"""``intake health`` measured against a generated history whose truth is known
(``tests/support/health_generator.py``, ``tests/support/health_truth.py``): every class at least
0.9 precision
and recall where the runs support a decision, at 3, 7 and 14 nights, thin cases undecided;
never-judged and stale exact. ``tests/benchmarks/bench_health_truth.py`` prints the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.report.health import build_health
from tests.support.health_generator import generate
from tests.support.health_truth import score


@pytest.mark.parametrize("nights", [3, 7, 14])
@pytest.mark.parametrize("seed", [7, 99, 2026])  # 2026: never used while developing
def test_every_class_is_right_where_the_runs_support_it(nights: int, seed: int) -> None:
    result = score(nights, seed=seed)
    for row in result.rows:
        if row.said >= 5:
            assert row.precision is not None and row.precision >= 0.9, (nights, row)
        if row.supported >= 5:
            assert row.recall is not None and row.recall >= 0.9, (nights, row)
    assert result.thin_wrong <= max(1, result.thin // 20), result  # thin: undecided, not wrong


def test_three_nights_decide_nothing_but_what_needs_no_rates() -> None:
    result = score(3)
    assert all(row.said == 0 for row in result.rows)
    assert result.thin_undecided == result.thin  # 3 runs a tier: every case undecided


def test_an_undecided_case_says_how_many_more_runs_would_decide_it() -> None:
    report = build_health(generate(seed=7, nights=7).inputs())
    undecided = [s for s in report.scenarios if s.klass == "undecided"]
    assert undecided and all(
        "more judged run(s)" in s.why or "near a bar" in s.why for s in undecided
    )
    assert sum(s.more_runs is not None for s in undecided) > len(undecided) // 2
    assert report.wanted_runs()  # per tier: how many scenarios, about how many runs each


def test_runs_before_a_fix_are_never_pooled_with_runs_after(tmp_path: Path) -> None:
    """By git ancestry in the history's clone, every run of the code without the fix is left
    out, the lagging machine's run started after the closing included; by the runs' starts
    alone, those runs are pooled with the runs after the fix."""
    history = generate(seed=7, nights=14)
    fixed = [c for c in history.cases if c.fixed_at is not None and c.reproduces]
    assert fixed
    ancestry = history.clone(tmp_path / "gaia")
    report = build_health(history.inputs(ancestry=ancestry))
    by_date = {s.scenario_id: s for s in build_health(history.inputs()).scenarios}
    by_id = {s.scenario_id: s for s in report.scenarios}
    lagged = 0
    for case in fixed:
        s = by_id[case.scenario_id]
        tested_before = sum(
            history.status(case, night, model, it) is not None
            for night in range(1, 15)
            if history.tested(night) < (case.fixed_at or 0)
            for _, model, it, *_ in history.runs_of(night)
        )
        assert s.before_fix_runs == tested_before, case
        assert s.klass in (case.truth, "undecided"), (case, s)
        lagged += s.before_fix_runs - by_date[case.scenario_id].before_fix_runs
    assert lagged > 0  # the runs a date would have pooled
    assert any("before a bug's fix left out" in n for n in report.notes)


def test_bugs_caught_before_the_fix_are_exact_by_git_ancestry(tmp_path: Path) -> None:
    """Every bug's outcome is the one the code its runs tested gives; by the runs' starts alone,
    a bug whose only failing run of the code before the fix started after the closing is
    not caught."""
    from tests.support.health_truth import score_bugs

    for seed in (7, 2026):
        history = generate(seed=seed, nights=14)
        bugs = score_bugs(history, history.clone(tmp_path / f"gaia-{seed}"))
        assert bugs.exact == bugs.bugs and bugs.caught_said == bugs.caught_truth, bugs
        assert bugs.by_start_caught < bugs.caught_truth, bugs
    outcomes = set(history.bug_truth().values())
    assert outcomes == {"before", "after", "missed", "open", "not-fixed"}, outcomes


def test_the_noise_floor_is_high_where_the_outcome_is_a_coin_flip() -> None:
    from intake.report.health import noise

    history = generate(seed=7, nights=14)
    doc = noise(history.inputs(), window_nights=14)
    assert doc["schema"] == "intake-noise/1"
    truth = history.truth()

    def rate(klass: str) -> float:
        flips = pairs = 0
        for sid, entry in doc["scenarios"].items():
            if truth[sid] == klass:
                for model in entry["models"].values():
                    flips += model["flips"]
                    pairs += model["pairs"]
        return flips / pairs

    assert rate("flaky") > 0.35 and rate("saturated") < 0.1 and rate("always-fail") < 0.1
    assert set(doc["categories"]) == {c.category for c in history.cases}
    never = [c.scenario_id for c in history.cases if c.never_judged]
    assert not set(never) & set(doc["scenarios"])  # no judged run, no noise to speak of


def test_github_output_escapes_every_value_through_ghoutput() -> None:
    """A scenario id or path with control characters or backticks cannot end a code span,
    start a workflow command or reach the job summary raw (intake.ghoutput)."""
    from intake.report.health import HealthInput, render_github

    history = generate(seed=7, nights=14)
    inputs = history.inputs()
    first = inputs[0]
    hostile = HealthInput(
        scenario_id="x`](javascript:1)\x1b[31m\x07",
        path="eval/scenarios/a`b\n::error::x.yaml",
        category=first.category,
        provenance="hand",
        current_hash=first.current_hash,
        runs=first.runs,
        quarantined="reason with `code` and \x1b]8;;link",
    )
    text = str(render_github(build_health([hostile, *inputs[1:]])))
    assert "\x1b" not in text and "\x07" not in text
    assert "\n::error::" not in text
    summary = text[text.index("## Suite health") :]
    assert summary.count("x`](javascript:1)") == summary.count("``x`](javascript:1)")  # in
    # a code span whose fence is longer than any backtick run in it: the link stays text

"""``intake runs import`` and ``intake health`` on GAIA-shaped nightly results.

The suite: adopted scenarios, six nights with two models each (strong and local), one scenario
edited between night 3 and 4, one edited after the last night, one infrastructure failure, one
night imported twice, and one CI run of another GAIA commit in the middle of the week.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import ControlRun
from intake.report.health import CLASSES, make_health
from intake.report.posterior import jeffreys
from intake.store.records import load_record, record_path, utcnow
from tests.support.env import requires_gaia_corpus
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    LOCAL,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    stored,
    write_run,
    write_scenario,
)

COMMIT_A = "a1b2c3d4e5f6"
COMMIT_B = "b7c8d9e0f1a2"

# scenario id → (provenance source, strong statuses, local statuses): 24 each, night by night
# (6 nights × 4 iterations, each iteration a run folder of its own)
P, F, T, X = "PASS", "FAIL", "TIMEOUT", "INFRA_ERROR"
ITERATIONS = 4
PLAN: dict[str, tuple[str, list[str], list[str]]] = {
    "sat_case": ("synthetic", [P] * 24, [P] * 24),
    "afail_case": ("session", [F] * 24, [F] * 24),
    "inv_case": ("hand", [F, F, P] * 8, [P] * 24),
    "flaky_case": ("session", [P, F] * 12, [F, P] * 12),
    "jflaky_case": ("synthetic", [P] * 24, [P] * 24),
    "never_case": ("hand", [T] * 24, [T] * 24),
    "stale_case": ("synthetic", [P] * 24, [F] * 24),
    "edited_case": ("session", [F] * 12 + [P] * 12, [F] * 12 + [P] * 12),
    "healthy_case": ("hand", [P, P, X] + [P] * 21, [F] * 24),
}
EXPECTED = {
    "sat_case": "saturated",
    "afail_case": "always-fail",
    "inv_case": "inverted",
    "flaky_case": "flaky",
    "jflaky_case": "judge-flaky",
    "never_case": "never-judged",
    "stale_case": "stale",
    "edited_case": "undecided",  # 12 passes of each tier on its new text: not yet saturated
    "healthy_case": "healthy",
}


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """CI sets GITHUB_SHA and RUNNER_NAME, which the import reads: each test names its own."""
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def _adopt(runner: Any, suite: Path, scenario_id: str, source: str) -> None:
    args = [
        "adopt",
        f"scenarios/rag_quality/{scenario_id}.yaml",
        "--source",
        source,
        "--reviewer",
        "alice",
    ]
    if source == "session":
        args += ["--link", f"gaia-session:{scenario_id}"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output


def _import(runner: Any, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["runs", "import", *args, "--format", "json"])
    assert result.exit_code == 0, result.output + result.stderr
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


def _night(results: Path, i: int, tier: int, it: int, *, machine: str = "ci-1") -> Path:
    model = STRONG if tier == 0 else LOCAL
    statuses = {sid: plan[1 + tier][(i - 1) * ITERATIONS + it] for sid, plan in PLAN.items()}
    minute = tier * 10 + it
    return write_run(
        results,
        f"eval-2026050{i}-02{minute:02d}00",
        night(i) + timedelta(minutes=minute),
        statuses,
        meta={"model": model, "commit": COMMIT_A, "machine": machine},
    )


@pytest.fixture
def nightly(suite: Path, runner: Any) -> Path:
    """The suite after six nights (see the module docstring)."""
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    for sid, (source, _, _) in PLAN.items():
        write_scenario(suite, sid)
        _adopt(runner, suite, sid, source)
    results = suite / "eval" / "results"
    for i in range(1, 7):
        if i == 4:  # edited between night 3 and night 4
            path = suite / "scenarios" / "rag_quality" / "edited_case.yaml"
            path.write_text(
                path.read_text(encoding="utf-8").replace(
                    "about the budget.", "about the budget, in euros."
                ),
                encoding="utf-8",
            )
        first = _import(
            runner,
            *(str(_night(results, i, tier, it)) for tier in (0, 1) for it in range(ITERATIONS)),
        )
        assert first["recorded"] > 0
    # a CI run on another GAIA commit, mid-week: sat_case fails there
    write_run(
        results,
        "eval-20260503-120000",
        night(3) + timedelta(hours=10),
        {"sat_case": F},
        meta={"model": STRONG, "commit": COMMIT_B, "machine": "ci-1"},
    )
    _import(runner, str(results / "eval-20260503-120000"))
    # stale_case edited after the last night
    stale = suite / "scenarios" / "rag_quality" / "stale_case.yaml"
    stale.write_text(
        stale.read_text(encoding="utf-8").replace("budget.", "budget total."), encoding="utf-8"
    )
    # jflaky_case: the same replayed answers judged both ways by its negative controls
    rec = record_path(suite / "scenarios" / "rag_quality" / "jflaky_case.yaml")
    record = load_record(rec)
    current = stored(suite, "jflaky_case")[-1].runnable_hash
    record.controls = [
        ControlRun(
            run_id=f"ctl-{n}",
            status=status,
            runnable_hash=current,
            replay_hash="sha256:" + "0" * 64,
            at=night(n),
            recorded_at=utcnow(),
        )
        for n, status in ((1, "FAIL"), (2, "PASS"))
    ]
    rec.write_text(record.model_dump_json(indent=2, exclude_none=True) + "\n", encoding="utf-8")
    return suite


def _classes(suite: Path, **overrides: Any) -> dict[str, str]:
    settings = load_settings(suite, overrides=overrides)
    return {s.scenario_id: s.klass for s in make_health(settings).scenarios}


@pytest.mark.slow
def test_every_class_where_the_runs_say_so_and_nowhere_else(nightly: Path) -> None:
    classes = _classes(nightly, health_all_commits=False)  # commit A: sat_case never failed
    assert classes == EXPECTED
    assert set(classes.values()) == set(CLASSES)


@pytest.mark.slow
def test_an_edited_scenarios_old_runs_are_stale_and_not_counted(nightly: Path) -> None:
    health = make_health(load_settings(nightly))
    edited = next(s for s in health.scenarios if s.scenario_id == "edited_case")
    assert edited.older_hash_runs == 24  # nights 1-3 × 4 iterations, both models: the old text
    assert edited.runs_read == 24 and [t.judged for t in edited.tiers] == [12, 12]
    assert edited.klass == "undecided" and edited.leaning == "saturated"
    assert edited.more_runs is not None and "more judged run(s) per tier" in edited.why
    stale = next(s for s in health.scenarios if s.scenario_id == "stale_case")
    assert stale.older_hash_runs == 48 and stale.runs_read == 0


@pytest.mark.slow
def test_reimport_adds_nothing(nightly: Path, runner: Any) -> None:
    before = {p.name: p.read_bytes() for p in (nightly / "scenarios").rglob("*.intake.json")}
    again = _import(runner, str(nightly / "eval" / "results" / "eval-20260502-020000"))
    assert again["recorded"] == 0 and again["already_recorded"] == len(PLAN)
    after = {p.name: p.read_bytes() for p in (nightly / "scenarios").rglob("*.intake.json")}
    assert after == before


@pytest.mark.slow
def test_infrastructure_status_recorded_never_judged(nightly: Path) -> None:
    assert [r.status for r in stored(nightly, "healthy_case")].count("INFRA_ERROR") == 1
    health = make_health(load_settings(nightly))
    healthy = next(s for s in health.scenarios if s.scenario_id == "healthy_case")
    assert healthy.infrastructure == 1
    strong = next(t for t in healthy.tiers if t.tier == "strong")
    assert (strong.judged, strong.passes) == (23, 23)


@pytest.mark.slow
def test_every_commit_and_machine_of_the_window_is_read_and_named(nightly: Path) -> None:
    health = make_health(load_settings(nightly))
    assert health.commits_read == [(COMMIT_A, 432), (COMMIT_B, 1)]
    assert health.commits_left == []
    assert _classes(nightly)["sat_case"] == "undecided"  # 24/24 and 48/49: one failure read
    assert _classes(nightly, health_all_commits=False)["sat_case"] == "saturated"
    on_b = make_health(load_settings(nightly, overrides={"health_commit": COMMIT_B}))
    assert on_b.commits_left == [(COMMIT_A, 432)]
    sat = next(s for s in on_b.scenarios if s.scenario_id == "sat_case")
    assert (sat.klass, [t.judged for t in sat.tiers]) == ("undecided", [1])
    assert "only the strong tier ran" in sat.why


@pytest.mark.slow
def test_a_pinned_or_newest_machine_leaves_the_others_out(nightly: Path, runner: Any) -> None:
    results = nightly / "eval" / "results-lab"
    write_run(
        results,
        "eval-20260507-020000",
        night(7),
        {"flaky_case": P},
        meta={"model": STRONG, "commit": COMMIT_A, "machine": "lab-box"},
    )
    _import(runner, str(results))
    health = make_health(load_settings(nightly, overrides={"health_machine": "ci-1"}))
    assert ("lab-box", 1) in health.machines_left
    assert make_health(load_settings(nightly)).machines_read == [("ci-1", 433), ("lab-box", 1)]
    newest = make_health(load_settings(nightly, overrides={"health_all_machines": False}))
    assert newest.machines_read == [("lab-box", 1)]


@pytest.mark.slow
def test_the_window_leaves_out_older_nights(nightly: Path) -> None:
    health = make_health(load_settings(nightly, overrides={"health_window_nights": 2}))
    left = 9 * 2 * ITERATIONS * 4 + 1  # nights 1-4 (the 4th before 02:00) and the CI run
    assert (
        f"{left} stored run(s) started before the window of 2 night(s) left out "
        "(health_window_nights)" in health.notes
    )
    assert health.window is not None and health.window[0] >= night(5)


@pytest.mark.slow
def test_provenance_split_and_thresholds_in_every_format(nightly: Path, runner: Any) -> None:
    result = runner.invoke(app, ["health", "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["counts"]["always-fail"] == {"real": 1, "hand": 0, "total": 1}
    assert doc["counts"]["inverted"] == {"real": 0, "hand": 1, "total": 1}
    assert doc["counts"]["undecided"] == {"real": 1, "hand": 1, "total": 2}
    assert doc["thresholds"]["health_min_runs"] == 5
    assert doc["thresholds"]["health_confidence"] == 0.9
    assert doc["thresholds"]["interval"] == "Jeffreys"
    assert doc["commits"]["read"] == {COMMIT_A: 432, COMMIT_B: 1}
    flaky = next(s for s in doc["scenarios"] if s["id"] == "flaky_case")
    strong = next(m for m in flaky["models"] if m["name"] == STRONG)
    assert strong["pass_rate"] == 0.5 and flaky["class"] == "flaky"
    low, high = jeffreys(12, 24, 0.9)
    assert strong["interval"] == [round(low, 4), round(high, 4)]
    assert strong["pass_k"] == round(220 / 2024, 4)  # C(12, 3) / C(24, 3)
    tier = flaky["tiers"][0]
    assert (tier["tier"], tier["judged"], tier["passes"]) == ("strong", 24, 12)
    text = runner.invoke(app, ["health"]).stdout
    assert "at least 5 judged runs" in text and COMMIT_A in text and COMMIT_B in text
    markdown = runner.invoke(app, ["health", "--format", "markdown"]).stdout
    assert "| always-fail | 1 | 1 | 0 |" in markdown
    github = runner.invoke(app, ["health", "--format", "github"]).stdout
    assert "::warning file=scenarios/rag_quality/afail_case.yaml" in github


@pytest.mark.slow
def test_the_reports_health_key_is_healths_own(nightly: Path, runner: Any) -> None:
    """``report --format json`` carries five of ``health --format json``'s keys, as health
    gives them (in its order)."""
    doc = json.loads(runner.invoke(app, ["health", "--format", "json"]).stdout)
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    kept = ("thresholds", "commits", "counts", "quarantined", "retired")
    assert list(report["health"].items()) == [(k, doc[k]) for k in kept]
    assert report["health"]["counts"]["always-fail"]["total"] == 1


@pytest.mark.slow
def test_headroom_per_category(nightly: Path) -> None:
    health = make_health(load_settings(nightly))
    # strong tier, judged, current hash, every commit: sat 24 + 1 (commit B), afail, inv,
    # flaky, jflaky 24 each, never 0 (infrastructure), stale 0 (older hash), edited 12
    # (nights 4-6), healthy 23
    judged = 25 + 24 * 4 + 0 + 0 + 12 + 23
    passes = 24 + 0 + 8 + 12 + 24 + 12 + 23
    assert health.headroom == [("rag_quality", judged, passes)]


@pytest.mark.slow
def test_min_runs_is_a_setting(nightly: Path) -> None:
    assert _classes(nightly, health_min_runs=30)["afail_case"] == "undecided"


@pytest.mark.slow
def test_an_unknown_model_needs_a_tier(nightly: Path, runner: Any) -> None:
    results = nightly / "eval" / "other"
    write_run(
        results,
        "eval-20260508-020000",
        night(8),
        {"sat_case": P},
        meta={"model": "mystery-model", "commit": COMMIT_A},
    )
    result = runner.invoke(app, ["runs", "import", str(results)])
    assert result.exit_code == 2
    assert "neither strong_models nor local_models" in result.stderr
    result = runner.invoke(app, ["runs", "import", str(results), "--tier", "local"])
    assert result.exit_code == 0, result.stderr


@pytest.mark.slow
def test_a_killed_run_is_read_from_its_traces(nightly: Path, runner: Any) -> None:
    results = nightly / "eval" / "killed"
    folder = write_run(
        results,
        "eval-20260509-020000",
        night(9),
        {"flaky_case": P},
        meta={"model": STRONG, "commit": COMMIT_A, "machine": "ci-1"},
    )
    (folder / "scorecard.json").unlink()
    doc = _import(runner, str(folder))
    assert doc["recorded"] == 1
    assert stored(nightly, "flaky_case")[-1].kind == "trace"


@pytest.mark.slow
def test_a_scenario_not_in_the_suite_is_counted_not_recorded(nightly: Path, runner: Any) -> None:
    results = nightly / "eval" / "x"
    write_run(
        results,
        "eval-20260510-020000",
        night(10),
        {"unknown_case": P},
        meta={"model": STRONG, "commit": COMMIT_A},
    )
    doc = _import(runner, str(results))
    assert doc["not_in_suite"] == ["unknown_case"] and doc["recorded"] == 0


@pytest.mark.slow
def test_failure_category_judge_commit_machine_recorded(nightly: Path) -> None:
    run = stored(nightly, "afail_case")[0]
    assert run.failure_category == "wrong_answer"
    assert run.judge_model == "claude-sonnet-4-6"
    assert (run.gaia_commit, run.machine, run.model) == (COMMIT_A, "ci-1", STRONG)
    assert run.run_id == "eval-20260501-020000"


@requires_gaia_corpus()
def test_gaias_committed_baseline_imports(suite: Path, runner: Any, tmp_path: Path) -> None:
    """GAIA's own baseline (scorecard_rag_quality.json with meta.json: model, commit, a
    free-text hardware line) against GAIA's rag_quality scenarios, adopted."""
    import shutil

    from tests.support.env import GAIA, GAIA_SCENARIOS

    shutil.copytree(GAIA_SCENARIOS / "rag_quality", suite / "scenarios" / "rag_quality")
    adopted = runner.invoke(
        app, ["adopt", "scenarios/rag_quality", "--source", "hand", "--reviewer", "alice"]
    )
    assert adopted.exit_code == 0, adopted.output
    baseline = GAIA / "tests" / "fixtures" / "eval_baselines" / "gemma-4-e4b-95e4b372"
    copy = tmp_path / "baseline"
    shutil.copytree(baseline, copy)
    doc = _import(runner, str(copy), "--tier", "local")
    assert doc["runs"] == ["eval-20260511-143919"]
    assert doc["recorded"] == 7 and doc["not_in_suite"] == []
    run = stored(suite, "budget_query")[0]
    assert (run.model, run.gaia_commit, run.status) == ("Gemma-4-E4B-it-GGUF", "95e4b372", "PASS")
    assert run.judge_model == "claude-sonnet-4-6"
    assert run.machine is not None and run.machine.startswith("hw-")  # no person's name
    assert all(
        "Kalin" not in f.read_text(encoding="utf-8")
        for f in (suite / "intake-runs").rglob("*.json")
    )
    assert "Kalin" not in record_path(
        suite / "scenarios" / "rag_quality" / "budget_query.yaml"
    ).read_text(encoding="utf-8")


@requires_gaia_corpus()
def test_gaias_other_scorecards_are_refused_by_name(suite: Path, runner: Any) -> None:
    from tests.support.env import GAIA

    for folder, words in (("phase2", "phase2"), ("code-run1", "gaia eval code")):
        result = runner.invoke(
            app,
            [
                "runs",
                "import",
                str(GAIA / "eval" / "results" / folder),
                "--model",
                STRONG,
                "--tier",
                "strong",
            ],
        )
        assert result.exit_code != 0 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


def test_the_hash_is_of_the_scenario_as_gaias_commit_had_it(git_suite: Path, runner: Any) -> None:
    """The suite is GAIA's checkout: a run of an older commit is of the file as it was then."""
    import subprocess

    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, "moved_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/moved_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )

    def commit(message: str, when: str) -> str:
        import os

        env = {**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when}
        subprocess.run(["git", "add", "-A"], cwd=suite, check=True)
        subprocess.run(["git", "commit", "-qm", message], cwd=suite, check=True, env=env)
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=suite, check=True, capture_output=True, text=True
        ).stdout.strip()

    old = commit("first", "2026-04-30T12:00:00Z")
    path.write_text(
        path.read_text(encoding="utf-8").replace("budget.", "budget, again."), encoding="utf-8"
    )
    new = commit("edited", "2026-05-01T12:00:00Z")
    results = suite / "eval" / "results"
    write_run(
        results,
        "eval-20260501-020000",
        night(1),
        {"moved_case": P},
        meta={"model": STRONG, "commit": old[:12]},
    )
    write_run(
        results,
        "eval-20260502-020000",
        night(2),
        {"moved_case": P},
        meta={"model": STRONG, "commit": new[:12]},
    )
    _import(runner, str(results))
    first, second = stored(suite, "moved_case")
    assert first.runnable_hash != second.runnable_hash
    health = make_health(load_settings(suite, overrides={"health_commit": old[:12]}))
    assert health.scenarios[0].klass == "stale"  # only a run of the text as it was
    health = make_health(load_settings(suite, overrides={"health_commit": new[:12]}))
    assert health.scenarios[0].klass == "undecided" and health.scenarios[0].runs_read == 1


def test_a_run_dated_in_the_future_or_before_its_commit_is_refused(
    git_suite: Path, runner: Any
) -> None:
    """37 item 6: a results folder does not choose its own date; nothing is written."""
    import subprocess

    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    path = write_scenario(suite, "dated_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/dated_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    subprocess.run(["git", "add", "-A"], cwd=suite, check=True)
    subprocess.run(["git", "commit", "-qm", "now"], cwd=suite, check=True)
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=suite, check=True, capture_output=True, text=True
    ).stdout.strip()
    before = record_path(path).read_bytes()
    results = suite / "eval" / "dated"
    cases = {
        "eval-20990101-020000": ({"model": STRONG}, "dated in the future"),
        "eval-20260501-020000": (
            {"model": STRONG, "commit": head[:12]},
            "dated before its GAIA commit",
        ),
    }
    for run_id, (meta, words) in cases.items():
        folder = write_run(results, run_id, night(1), {"dated_case": F}, meta=meta)
        result = runner.invoke(app, ["runs", "import", str(folder)])
        assert result.exit_code == 2 and words in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
        assert record_path(path).read_bytes() == before


@pytest.mark.slow
def test_a_bad_results_folder_writes_nothing_and_echoes_nothing(nightly: Path, runner: Any) -> None:
    results = nightly / "eval" / "bad"
    good = write_run(
        results,
        "eval-20260520-020000",
        night(20),
        {"sat_case": P},
        meta={"model": STRONG, "commit": COMMIT_A, "machine": "ci-1"},
    )
    bad = write_run(
        results,
        "eval-20260521-020000",
        night(21),
        {"sat_case": P},
        meta={"model": STRONG, "commit": COMMIT_A, "machine": "ci-1"},
    )
    card = json.loads((bad / "scorecard.json").read_text(encoding="utf-8"))
    card["scenarios"][0]["status"] = "PASS; rm -rf ghp_" + "a" * 36
    (bad / "scorecard.json").write_text(json.dumps(card), encoding="utf-8")
    before = {p: p.read_bytes() for p in (nightly / "scenarios").rglob("*.intake.json")}
    result = runner.invoke(app, ["runs", "import", str(good), str(bad)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: unknown run status") and "ghp_" not in result.stderr
    assert {p: p.read_bytes() for p in before} == before
    secret = runner.invoke(app, ["runs", "import", str(good), "--model", "ghp_" + "b" * 36])
    assert secret.exit_code == 2 and "ghp_" not in secret.stderr + secret.stdout


@pytest.mark.slow
def test_an_abbreviated_commit_is_the_same_commit(nightly: Path, runner: Any) -> None:
    """meta.json keeps 8 hex digits, GITHUB_SHA 40: one commit, read together."""
    results = nightly / "eval" / "ci"
    full = COMMIT_A + "0" * 28
    write_run(
        results,
        "eval-20260507-020000",
        night(7),
        {"sat_case": P},
        meta={"model": STRONG, "machine": "ci-1"},
    )
    result = runner.invoke(app, ["runs", "import", str(results)], env={"GITHUB_SHA": full})
    assert result.exit_code == 0, result.stderr
    health = make_health(load_settings(nightly))
    assert health.commits_read == [(full, 433), (COMMIT_B, 1)] and health.commits_left == []
    pinned = make_health(load_settings(nightly, overrides={"health_commit": COMMIT_A[:8]}))
    assert pinned.commits_read == [(full, 433)] and pinned.commits_left == [(COMMIT_B, 1)]


def test_a_record_over_the_size_bound_is_left_out_unread(suite: Path, runner: Any) -> None:
    """A record larger than ``MAX_RECORD_BYTES`` (the report's bound) is not read into memory:
    ``health`` names it unreadable and leaves its scenario out; the other scenarios stay."""
    from intake.limits import MAX_RECORD_BYTES

    for sid in ("alpha_case", "beta_case"):
        write_scenario(suite, sid)
        adopt = ["adopt", f"scenarios/rag_quality/{sid}.yaml", "--source", "hand"]
        assert runner.invoke(app, [*adopt, "--reviewer", "alice"]).exit_code == 0
    big = record_path(suite / "scenarios" / "rag_quality" / "alpha_case.yaml")
    with big.open("r+b") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: no 32 MiB written
    report = make_health(load_settings(suite))
    assert [s.scenario_id for s in report.scenarios] == ["beta_case"]
    assert any("alpha_case" in n and "record unreadable, left out" in n for n in report.notes)

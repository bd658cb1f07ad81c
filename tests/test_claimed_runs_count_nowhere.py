"""A run file a pull request adds or edits counts nowhere (issue 38, docs/trust.md, the run
store): with the base known (``--base``, ``$GITHUB_BASE_REF``, the remote's default branch, as
``intake check`` finds it) ``health``, ``report`` and its bugs read the runs as they stood on
the base, whatever the change adds, edits or dates in the future, and say how many files they
left out."""

from __future__ import annotations

import json
from datetime import UTC, timedelta
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.runs.store import StoredRun, run_files
from intake.lifecycle.runs.store import write_run as store_run
from intake.store.records import utcnow
from tests.support.gitrepo import git
from tests.support.nightly_helpers import (
    CI_VARIABLES,
    JUDGE,
    LOCAL,
    PYPROJECT_EXTRA,
    STRONG,
    night,
    write_run,
    write_scenario,
)

LEFT_OUT = "run file(s) this change adds or edits left out, not on the base"


@pytest.fixture(autouse=True)
def _no_ci_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def _adopt(runner: Any, suite: Path, sid: str, *extra: str) -> None:
    write_scenario(suite, sid)
    result = runner.invoke(
        app,
        [
            "adopt",
            f"scenarios/rag_quality/{sid}.yaml",
            "--source",
            extra[0] if extra else "hand",
            "--reviewer",
            "alice",
            *extra[1:],
        ],
    )
    assert result.exit_code == 0, result.output


def _health(runner: Any, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["health", "--format", "json", *args])
    assert result.exit_code == 0, result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    doc.pop("generated_at")
    return doc


def _classes(doc: dict[str, Any]) -> dict[str, str]:
    return {s["id"]: s["class"] for s in doc["scenarios"]}


def test_a_pull_requests_run_files_flip_no_class_and_move_no_window(
    git_suite: Path, runner: Any
) -> None:
    """The base holds six nights of two models; the pull request imports eight nights that
    fail every case, edits a standing file, and adds a file dated a year ahead (which would
    move the window past every real run). With the base known the report is the base's,
    plus one line; without one (a clone with no remote) the same files do flip the classes,
    so the attack is real."""
    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    for sid in ("alpha_case", "beta_case"):
        _adopt(runner, suite, sid)
    results = suite / "eval" / "results"
    for i in range(1, 7):
        for tier, model in enumerate((STRONG, LOCAL)):
            write_run(
                results,
                f"eval-2026050{i}-02{tier}000",
                night(i),
                {"alpha_case": "PASS", "beta_case": "PASS"},
                meta={"model": model, "commit": f"c0ffee{i:02d}", "machine": "m1"},
            )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "base", when="2026-04-30T12:00:00Z")
    base = git(suite, "rev-parse", "HEAD")
    on_base = _health(runner)

    settings = load_settings(suite)
    for i in range(7, 15):
        for tier, model in enumerate((STRONG, LOCAL)):
            write_run(
                results,
                f"eval-202605{i:02d}-02{tier}000",
                night(i),
                {"alpha_case": "FAIL", "beta_case": "FAIL"},
                meta={"model": model, "commit": f"c0ffee{i:02d}", "machine": "m1"},
            )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    ahead = night(14) + timedelta(days=365)
    store_run(  # written by hand, as a pull request can: never through runs import
        settings,
        StoredRun(
            "eval-20270514-020000",
            STRONG,
            "strong",
            JUDGE,
            None,
            "m1",
            ahead,
            ahead,
            (("alpha_case", "FAIL", 1.0, None, "sha256:x", "scorecard"),),
        ),
    )
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "a pull request's runs")
    claimed = len(run_files(settings)) - 12  # 16 nights' files and the one dated ahead

    judged = _health(runner, "--base", base)
    notes = judged.pop("notes")
    assert [n for n in notes if LEFT_OUT in n] == [
        f"{claimed} {LEFT_OUT} {base[:12]}: run files count once they stand on the base "
        "(written by the nightly's runs import; docs/trust.md)"
    ]
    assert [n for n in notes if LEFT_OUT not in n] == on_base.pop("notes")
    assert judged == on_base
    text = runner.invoke(app, ["health", "--base", base]).stdout
    assert f"note: {claimed} {LEFT_OUT}" in text

    unguarded = _health(runner)  # no base known: the working tree is the maintainer's own
    assert _classes(unguarded) != _classes(on_base)
    assert not [n for n in unguarded["notes"] if LEFT_OUT in n]

    # an edited file is left out whole: a run file is never rewritten, so its edit is the
    # change's claim (check fails on it), and none of its results counts
    standing = run_files(settings)[0]
    standing.write_text(
        standing.read_text(encoding="utf-8").replace("PASS", "FAIL"), encoding="utf-8"
    )
    git(suite, "commit", "-qam", "an edited run file")
    edited = _health(runner, "--base", base)
    assert _classes(edited) == _classes(on_base)
    assert edited["machines"]["read"] == {"m1": on_base["machines"]["read"]["m1"] - 2}
    assert all(t["passes"] == t["judged"] for s in edited["scenarios"] for t in s["tiers"])
    assert any(n.startswith(f"{claimed + 1} {LEFT_OUT}") for n in edited["notes"])


def test_a_pull_requests_failing_run_is_no_bug_caught_before_the_fix(
    git_suite: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An issue's scenario passed on the base before its fix; a pull request adds a failing
    run dated before the fix. Without a base the bug would count as caught before the fix;
    with the base known (``--base``, or ``$GITHUB_BASE_REF`` as on a pull request's job) it
    is missed, as on the base, and the report says what it left out."""
    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    _adopt(runner, suite, "bug_case", "issue", "--link", "github:acme/agent#101")
    now = utcnow()
    results = suite / "eval" / "results"
    passed = now - timedelta(minutes=1)
    write_run(
        results,
        f"eval-{passed:%Y%m%d-%H%M%S}",
        passed,
        {"bug_case": "PASS"},
        meta={"model": STRONG, "commit": "abcdef12", "machine": "m1"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    closings = suite / "closings.json"
    closed = (now + timedelta(hours=2)).astimezone(UTC)
    closings.write_text(
        json.dumps(
            [
                {
                    "number": 101,
                    "closedAt": f"{closed:%Y-%m-%dT%H:%M:%SZ}",
                    "stateReason": "COMPLETED",
                }
            ]
        ),
        encoding="utf-8",
    )
    refreshed = runner.invoke(app, ["bugs", "refresh", "--closings", str(closings)])
    assert refreshed.exit_code == 0, refreshed.output
    day_before = (now - timedelta(days=1)).astimezone(UTC)
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "base", when=f"{day_before:%Y-%m-%dT%H:%M:%SZ}")
    base = git(suite, "rev-parse", "HEAD")
    git(suite, "checkout", "-qb", "a-pull-request")

    failed = now - timedelta(minutes=2)
    write_run(
        results,
        f"eval-{failed:%Y%m%d-%H%M%S}",
        failed,
        {"bug_case": "FAIL"},
        meta={"model": STRONG, "commit": "abcdef12", "machine": "m1"},
    )
    assert runner.invoke(app, ["runs", "import", "eval/results"]).exit_code == 0
    git(suite, "add", "-A")
    git(suite, "commit", "-qm", "a pull request's failing run")

    def outcome(*args: str) -> tuple[str, list[str]]:
        result = runner.invoke(app, ["report", "--format", "json", *args])
        assert result.exit_code == 0, result.output
        doc = json.loads(result.stdout)
        (bug,) = doc["bugs"]["bugs"]
        return bug["outcome"], [n for n in doc["notes"] if LEFT_OUT in n]

    assert outcome() == ("before", [])  # no base known: the attack would count
    caught, notes = outcome("--base", base)
    assert caught == "missed"
    assert notes == [
        f"1 {LEFT_OUT} {base[:12]}: run files count once they stand on the base "
        "(written by the nightly's runs import; docs/trust.md)"
    ]
    text = runner.invoke(app, ["report", "--base", base]).stdout
    assert f"1 {LEFT_OUT}" in text
    monkeypatch.setenv("GITHUB_BASE_REF", "main")  # as on a pull request's CI job
    assert outcome() == (caught, notes)


def test_a_base_git_does_not_know_is_a_usage_error(git_suite: Path, runner: Any) -> None:
    (git_suite / "intake-runs").mkdir()
    git(git_suite, "commit", "-q", "--allow-empty", "-m", "start")
    for command in ("health", "report"):
        result = runner.invoke(app, [command, "--base", "no-such-branch"])
        assert result.exit_code == 2, (command, result.output)
        assert "Traceback" not in result.output
        assert result.stderr.startswith("error: --base names no revision git knows here")

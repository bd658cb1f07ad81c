"""Results are bounded by what is known (issue 37, item 6): a run dated before the scenario it
has a result for existed (the scenario file's first commit, from git) is refused at import like
a future-dated one; a run dated after it, or naming a GAIA commit git knows (then that commit
bounds it), is imported."""

from __future__ import annotations

import os
import subprocess
from datetime import timedelta
from pathlib import Path
from typing import Any

from intake.cli import app
from intake.config import load_settings
from intake.lifecycle.runs.store import run_files
from tests.support.nightly_helpers import BASE, PYPROJECT_EXTRA, STRONG, write_run, write_scenario


def _commit(suite: Path, message: str, when: str) -> str:
    env = {**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": "2020-01-01T00:00:00Z"}
    subprocess.run(["git", "add", "-A"], cwd=suite, check=True)
    subprocess.run(["git", "commit", "-qm", message], cwd=suite, check=True, env=env)
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=suite, check=True, capture_output=True, text=True
    ).stdout.strip()


def test_a_run_dated_before_its_scenario_existed_is_refused(git_suite: Path, runner: Any) -> None:
    suite = git_suite
    with (suite / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(PYPROJECT_EXTRA)
    write_scenario(suite, "old_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/old_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    _commit(suite, "old_case", "2026-04-01T12:00:00Z")
    write_scenario(suite, "new_case")
    assert (
        runner.invoke(
            app,
            [
                "adopt",
                "scenarios/rag_quality/new_case.yaml",
                "--source",
                "hand",
                "--reviewer",
                "alice",
            ],
        ).exit_code
        == 0
    )
    added = _commit(suite, "new_case", "2026-05-10T12:00:00Z")  # the author date says 2020
    results = suite / "eval" / "results"
    settings = load_settings(suite)

    early = write_run(
        results,
        "eval-20260501-020000",
        BASE,
        {"old_case": "PASS", "new_case": "FAIL"},
        meta={"model": STRONG},
    )
    refused = runner.invoke(app, ["runs", "import", str(early)])
    assert refused.exit_code == 2, refused.output
    assert refused.stderr.startswith(
        "error: run eval-20260501-020000 is dated before its scenario new_case existed "
        "(2026-05-01 02:00 < 2026-05-10 12:00 UTC"
    ), refused.stderr
    assert "Traceback" not in refused.stderr
    assert run_files(settings) == [], "nothing half written"

    only_old = write_run(
        results,
        "eval-20260502-020000",
        BASE + timedelta(days=1),
        {"old_case": "PASS"},
        meta={"model": STRONG},
    )
    assert runner.invoke(app, ["runs", "import", str(only_old)]).exit_code == 0
    after = write_run(
        results,
        "eval-20260511-020000",
        BASE + timedelta(days=10),
        {"old_case": "PASS", "new_case": "FAIL"},
        meta={"model": STRONG},
    )
    imported = runner.invoke(app, ["runs", "import", str(after)])
    assert imported.exit_code == 0, imported.output
    assert len(run_files(settings)) == 2
    # a run naming the commit that added new_case is bounded by that commit (_bounded)
    named = write_run(
        results,
        "eval-20260509-020000",
        BASE + timedelta(days=8),
        {"new_case": "FAIL"},
        meta={"model": STRONG, "commit": added[:12]},
    )
    before_commit = runner.invoke(app, ["runs", "import", str(named)])
    assert before_commit.exit_code == 2
    assert "dated before its GAIA commit" in before_commit.stderr

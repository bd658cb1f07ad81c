"""Adoption keeps the gate's state: legacy scrub findings that were warnings stay warnings.

``intake adopt`` only vouches for provenance; the test data in the file is what it was. Once
the file is edited, the finding is an error whose line names the fix (issue 24, item 5).
"""

from __future__ import annotations

from pathlib import Path

from intake.cli import app

LEGACY = """\
id: {id}
category: memory
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Remember that {who} is the sender to prioritise.
    success_criteria: Answers it.
"""


def _legacy(suite: Path, scenario_id: str, who: str) -> Path:
    path = suite / "scenarios" / "memory" / f"{scenario_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(LEGACY.format(id=scenario_id, who=who), encoding="utf-8")
    return path


def _adopt(runner) -> None:
    result = runner.invoke(
        app,
        [
            "adopt",
            "scenarios",
            "--source",
            "hand",
            "--reviewer",
            "alice",
            "--rationale",
            "Needs the remembered sender.",
        ],
    )
    assert result.exit_code == 0, result.output


def _scrub_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if "EMAIL_ADDRESS" in line]


def test_adopting_keeps_legacy_scrub_findings_as_warnings(suite: Path, runner) -> None:
    for n in range(3):
        _legacy(suite, f"legacy_{n}", who=f"boss{n}@acmeco.com")
    before = runner.invoke(app, ["check", "--verbose"])
    assert before.exit_code == 0, before.output
    assert len(_scrub_lines(before.stdout)) == 3
    _adopt(runner)
    after = runner.invoke(app, ["check", "--verbose"])
    assert after.exit_code == 0, after.output
    scrub = _scrub_lines(after.stdout)
    assert len(scrub) == 3
    assert all("warning" in line for line in scrub), scrub
    assert "acmeco" not in after.stdout
    strict = runner.invoke(app, ["check", "--strict"])
    assert strict.exit_code == 1
    assert all("--update-baseline" in line for line in _scrub_lines(strict.stdout))


def test_an_edited_adopted_file_fails_with_the_fix_named(suite: Path, runner) -> None:
    path = _legacy(suite, "legacy_a", who="boss@acmeco.com")
    _adopt(runner)
    path.write_text(path.read_text().replace("Answers it.", "Names the sender."))
    failed = runner.invoke(app, ["check"])
    assert failed.exit_code == 1
    scrub = _scrub_lines(failed.stdout)
    assert scrub and all("intake check --update-baseline" in line for line in scrub), failed.stdout
    assert runner.invoke(app, ["check", "--update-baseline"]).exit_code in (0, 1)
    assert not _scrub_lines(runner.invoke(app, ["check"]).stdout)


def test_findings_accepted_in_the_baseline_stay_accepted_after_adopt(suite: Path, runner) -> None:
    _legacy(suite, "legacy_b", who="boss@acmeco.com")
    assert runner.invoke(app, ["check", "--update-baseline"]).exit_code == 0
    assert not _scrub_lines(runner.invoke(app, ["check", "--verbose"]).stdout)
    _adopt(runner)
    after = runner.invoke(app, ["check", "--strict", "--verbose"])
    assert not _scrub_lines(after.stdout), after.stdout

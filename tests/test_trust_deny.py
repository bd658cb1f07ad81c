"""Deny by default (issue 37, item 5): every record field a change adds, alters or removes is
claimed unless a rule re-derives or corroborates it; removing a promoted scenario is a
finding; the re-scan covers the retired folder.

Each attack is a contributor's branch on a promoted scenario of ``main``, checked in a fresh
clone (the base from ``origin/HEAD``); each first passes where no base is known, so the test
can fail.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.store.records import record_path, utcnow
from tests.support.trust_repo import PROMOTED, SID, Repos, git, promoted_on_main, without_base

RECORD = PROMOTED.replace(".yaml", ".intake.json")


def _check(runner: CliRunner, where: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, ["check", "--format", "json"])


def _errors(result: Any) -> list[tuple[str, str, str]]:
    return [
        (f["code"], f["file"], f["message"])
        for f in json.loads(result.stdout)["findings"]
        if f["severity"] == "error"
    ]


def _edit_record(path: Path, **changes: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in changes.items():
        data[key] = value(data) if callable(value) else value
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _suite_runs(data: dict[str, Any]) -> list[dict[str, Any]]:
    now = utcnow().isoformat()
    runnable = (
        data["promotion"]["runnable_hash"]
        if "runnable_hash" in data["promotion"]
        else (data["runs"][0]["runnable_hash"])
    )
    return [
        *data.get("suite_runs", []),
        *[
            {
                "run_id": f"nightly-{i}",
                "status": "PASS",
                "score": 9.5,
                "model": "Gemma-4-E4B",
                "tier": "local",
                "runnable_hash": runnable,
                "at": now,
                "recorded_at": now,
            }
            for i in range(6)
        ],
    ]


def _attack(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, change: Any
) -> list[tuple[str, str, str]]:
    repos = Repos(tmp_path)
    promoted_on_main(repos)
    contrib = repos.start_contribution()
    change(contrib)
    repos.push_contribution()
    fresh = repos.fresh()
    assert _check(runner, without_base(fresh, tmp_path), monkeypatch).exit_code == 0
    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1, result.output
    return _errors(result)


def test_suite_runs_a_change_writes_are_claimed(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    errors = _attack(
        tmp_path, runner, monkeypatch, lambda c: _edit_record(c / RECORD, suite_runs=_suite_runs)
    )
    claimed = [m for code, file, m in errors if code == "claimed" and file == RECORD]
    assert len([m for m in claimed if "suite run nightly-" in m]) == 6, errors


def test_a_bug_closing_and_a_changed_field_are_claimed(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def change(contrib: Path) -> None:
        _edit_record(
            contrib / RECORD,
            bug={
                "issue": "github:acme/agent#12",
                "via": "reviewer",
                "named_by": "bob",
                "closed_at": "2026-11-01T00:00:00Z",
                "state_reason": "completed",
            },
            drafter=["someone"],
            author="someone-else",
        )

    errors = _attack(tmp_path, runner, monkeypatch, change)
    claimed = {m.split(";")[0] for code, file, m in errors if code == "claimed" and file == RECORD}
    assert claimed >= {
        "claimed by this change: bug link or closing",
        "claimed by this change: drafter changed",
        "claimed by this change: author changed",
    }, claimed


def test_a_hand_made_retirement_and_a_deleted_scenario_are_findings(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def retire(contrib: Path) -> None:
        scenario = contrib / PROMOTED
        target = contrib / "retired" / "tool_selection"
        target.mkdir(parents=True)
        now = utcnow().isoformat()
        from intake.store.records import content_hash

        _edit_record(
            record_path(scenario),
            lifecycle=[
                {
                    "state": "retired",
                    "reason": "obsolete",
                    "by": "maintainer",
                    "at": now,
                    "content_hash": content_hash(scenario),
                    "before_hash": content_hash(scenario),
                    "path": f"retired/tool_selection/{SID}.yaml",
                }
            ],
        )
        shutil.move(str(scenario), target / scenario.name)
        shutil.move(str(record_path(scenario)), target / record_path(scenario).name)

    errors = _attack(tmp_path, runner, monkeypatch, retire)
    retired = f"retired/tool_selection/{SID}.intake.json"
    assert any(
        code == "claimed" and file == retired and "lifecycle change retired" in m
        for code, file, m in errors
    ), errors
    # the lifecycle check reads the record as judged: a claimed retirement is no retirement
    # (docs/trust.md, Record.lifecycle), so the moved scenario has none in its record
    moved = f"retired/tool_selection/{SID}.yaml"
    assert ("retired-unrecorded", moved) in {(code, file) for code, file, _ in errors}, errors


def test_a_deleted_promoted_scenario_is_a_finding(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def delete(contrib: Path) -> None:
        git(contrib, "rm", "-q", PROMOTED, RECORD)

    errors = _attack(tmp_path, runner, monkeypatch, delete)
    assert [(c, f) for c, f, _ in errors if c == "removed-scenario"] == [
        ("removed-scenario", RECORD)
    ], errors


def test_a_token_in_the_retired_folder_is_found(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    folder = contrib / "retired" / "tool_selection"
    folder.mkdir(parents=True)
    (folder / "old.yaml").write_text(
        "id: old\nnote: ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh\n", encoding="utf-8"
    )
    repos.push_contribution()
    result = _check(runner, repos.fresh(), monkeypatch)
    assert result.exit_code == 1
    assert any(
        code == "scrub" and file == "retired/tool_selection/old.yaml"
        for code, file, _ in _errors(result)
    ), result.output


@pytest.mark.parametrize("bad", ["Upper", "a\x1b[31m", "x`![i](http://e/x.png)", "", "con"])
def test_record_id_is_validated_on_the_model(bad: str) -> None:
    """Issue 37 item 7: ``Record.id`` carries ``ID_PATTERN``, as the scenario's id does."""
    from pydantic import ValidationError

    from intake.contract.models import Record

    good = {
        "id": "mcp_simple_tool_call",
        "source": {
            "kind": "hand",
            "locator": "adopted:x.yaml",
            "captured_at": "2026-11-01T00:00:00Z",
            "intake_version": "0.1.0",
        },
    }
    assert Record.model_validate(good, strict=False).id == "mcp_simple_tool_call"
    with pytest.raises(ValidationError):
        Record.model_validate({**good, "id": bad}, strict=False)


def test_leniency_covers_only_the_findings_the_base_copy_had(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GitHub token a change adds to one of GAIA's legacy scenarios is an error; the test
    e-mail the file already had on the base stays a warning."""
    from tests.support.trust_repo import write_legacy

    repos = Repos(tmp_path)
    write_legacy(repos.main, "legacy_1", "boss@acmeco.com")
    repos.commit_main()
    contrib = repos.start_contribution()
    path = contrib / "scenarios" / "memory" / "legacy_1.yaml"
    token = "# ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh\n"
    path.write_text(path.read_text(encoding="utf-8") + token, encoding="utf-8")
    repos.push_contribution()
    fresh = repos.fresh()
    assert _check(runner, without_base(fresh, tmp_path), monkeypatch).exit_code == 0

    result = _check(runner, fresh, monkeypatch)
    assert result.exit_code == 1
    found = {
        (f["code"], f["severity"], f["message"].split(" ")[0])
        for f in json.loads(result.stdout)["findings"]
        if f["file"] == "scenarios/memory/legacy_1.yaml"
    }
    assert ("scrub", "error", "GITHUB_TOKEN") in found, found
    assert ("scrub", "warning", "EMAIL_ADDRESS") in found, found

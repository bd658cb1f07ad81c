"""History in git: a rejection (and its reason) is a committed file, so a clone rebuilds it.

The ledger is ignored by git; ``intake reject`` also writes one small JSON file per event
under ``intake-history/`` through its journal unit. A fresh ``git clone`` then rebuilds the
same ``intake log`` and the same funnel with ``intake ledger rebuild`` (issue 24, item 6).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.store.history import HISTORY_SUFFIX
from tests.support.gitrepo import git
from tests.support.promote_helpers import make_ready, write_pair

EMAIL = "olga.petrova@kestrel-mail.com"


def _funnel(runner: CliRunner) -> dict[str, object]:
    result = runner.invoke(app, ["report", "--format", "json"])
    assert result.exit_code == 0, result.output
    funnel = json.loads(result.stdout)["funnel"]
    assert isinstance(funnel, dict)
    return funnel


def _reject_two(git_suite: Path, runner: CliRunner) -> None:
    make_ready(git_suite, "reviewed_case")
    write_pair(git_suite / "drafts", "kept_case")
    git(git_suite, "add", "-A")
    git(git_suite, "commit", "-qm", "drafts")
    rejected = runner.invoke(
        app, ["reject", "reviewed_case", "--reason", f"duplicate of #12, ask {EMAIL}"]
    )
    assert rejected.exit_code == 0, rejected.output
    write_pair(git_suite / "drafts", "noise_case")
    assert runner.invoke(app, ["reject", "noise_case", "--reason", "noise"]).exit_code == 0


def test_a_rejection_is_seen_from_a_fresh_clone(
    git_suite: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _reject_two(git_suite, runner)
    files = sorted((git_suite / "intake-history").glob(f"*{HISTORY_SUFFIX}"))
    assert len(files) == 2
    text = files[0].read_text(encoding="utf-8")
    assert EMAIL not in text and "duplicate of #12" in text
    assert text.count("\n") == 1  # one line per event
    # not ignored: `git add -A` takes the history with the removal of the drafts
    git(git_suite, "add", "-A")
    assert git(git_suite, "status", "--porcelain", "--ignored", "intake-history") == "\n".join(
        f"A  intake-history/{f.name}" for f in files
    )
    git(git_suite, "commit", "-qm", "reject")
    before_log = runner.invoke(app, ["log", "reviewed_case"]).stdout
    before = _funnel(runner)
    assert before["rejected"] == 2 and before["reviewed"] == 1 and before["run_both_tiers"] == 1

    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(git_suite), str(clone))
    monkeypatch.chdir(clone)
    # before any rebuild, the report's funnel already reads the committed history
    unbuilt = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert unbuilt["funnel"] == {**before, "ledger": True}
    assert any("committed history" in n for n in unbuilt["notes"])
    empty = runner.invoke(app, ["log"])
    assert empty.exit_code == 0
    assert "intake ledger rebuild" in empty.stdout and "2 events" in empty.stdout
    rebuilt = runner.invoke(app, ["ledger", "rebuild"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "history: 2 events added" in rebuilt.stdout
    log = runner.invoke(app, ["log", "reviewed_case"])
    assert log.exit_code == 0, log.output
    assert "rejection" in log.stdout and "duplicate of #12" in log.stdout
    assert EMAIL not in log.stdout
    events = [line for line in before_log.splitlines() if not line.startswith(" ")]
    assert log.stdout.split("  ")[0] == events[-1].split("  ")[0]  # same time
    assert _funnel(runner) == {**before, "ledger": True}
    # a second rebuild adds nothing twice
    again = runner.invoke(app, ["ledger", "rebuild"])
    assert "history: 0 events added" in again.stdout
    assert runner.invoke(app, ["log", "--format", "json"]).stdout.count('"rejection"') == 2


def test_a_private_draft_leaves_no_history_file(git_suite: Path, runner: CliRunner) -> None:
    write_pair(git_suite / "drafts" / "private", "secret_case", private=True)
    result = runner.invoke(app, ["reject", "secret_case", "--reason", "not useful"])
    assert result.exit_code == 0, result.output
    assert not (git_suite / "intake-history").exists()
    assert "rejection" in runner.invoke(app, ["log", "secret_case"]).stdout


def test_hostile_history_files_are_checked_and_scrubbed(git_suite: Path, runner: CliRunner) -> None:
    _reject_two(git_suite, runner)
    folder = git_suite / "intake-history"
    (good,) = [f for f in folder.glob(f"*{HISTORY_SUFFIX}") if "noise" in f.read_text()]
    doc = json.loads(good.read_text())
    planted = {**doc, "id": "00000000000000000001-00000000aa", "scenario_id": "planted_case"}
    planted["detail"] = {**doc["detail"], "reason": f"mail {EMAIL} about it"}
    (folder / f"planted-rejection{HISTORY_SUFFIX}").write_text(json.dumps(planted))
    (folder / f"broken-rejection{HISTORY_SUFFIX}").write_text("{not json")
    (folder / f"deep-rejection{HISTORY_SUFFIX}").write_text("[" * 100_000)
    wrong = {**doc, "id": "00000000000000000002-00000000bb", "scenario_id": "../etc/passwd"}
    (folder / f"wrong-rejection{HISTORY_SUFFIX}").write_text(json.dumps(wrong))
    shutil.rmtree(git_suite / ".intake")
    rebuilt = runner.invoke(app, ["ledger", "rebuild"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "Traceback" not in rebuilt.output
    for name in ("broken", "deep", "wrong"):
        assert f"{name}-rejection{HISTORY_SUFFIX}: not an intake history event" in rebuilt.stderr
    assert "1 event holds private data" in rebuilt.stderr
    assert "history: 3 events added" in rebuilt.stdout
    log = runner.invoke(app, ["log", "planted_case"]).stdout
    assert "rejection" in log and EMAIL not in log


def test_check_scans_the_committed_history(git_suite: Path, runner: CliRunner) -> None:
    _reject_two(git_suite, runner)
    assert runner.invoke(app, ["check"]).exit_code == 0
    (event,) = [
        f
        for f in (git_suite / "intake-history").glob(f"*{HISTORY_SUFFIX}")
        if "noise" in f.read_text()
    ]
    event.write_text(event.read_text().replace('"noise"', f'"noise, ask {EMAIL}"'))
    failed = runner.invoke(app, ["check"])
    assert failed.exit_code == 1
    assert "EMAIL_ADDRESS" in failed.stdout and EMAIL not in failed.stdout

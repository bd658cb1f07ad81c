"""Keys at user level only (issue 37, item 2).

The attack: a contributor's branch commits its own salt (``drafts/.intake/scrub-salt``) and a
draft whose record lists restores, hashed under that salt, for a password assignment it
carries; before, the re-scan found the salt through the checkout, took the restores and the
check passed. The salt now lives beside the journal key (or in ``INTAKE_SCRUB_SALT``), a
committed file under any ``.intake/`` is a finding, and a restore the change adds is claimed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.scrub.tiers import record_salt, value_hash
from intake.store.records import utcnow
from tests.support.promote_helpers import FINAL_YAML, write_pair
from tests.support.trust_repo import Repos, git

SID = "pdf_summary_loop"
SECRET = "Zt9qW2xR7mKp4LvBq8Hn"
PLANTED = b"p" * 64


def _check(runner: CliRunner, where: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.chdir(where)
    return runner.invoke(app, ["check", "--format", "json"])


def _findings(result: Any) -> list[dict[str, Any]]:
    return list(json.loads(result.stdout)["findings"])


def test_a_salt_committed_by_the_change_exempts_nothing(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    repos = Repos(tmp_path)
    repos.commit_main()
    contrib = repos.start_contribution()
    text = FINAL_YAML.replace(
        "Summarize the Q3 report please.", f"Deploy with DEMO_API_KEY={SECRET} please."
    )
    draft = write_pair(contrib / "drafts", SID, text=text)
    rec = draft.with_name(f"{SID}.intake.json")
    data = json.loads(rec.read_text(encoding="utf-8"))
    data["restores"] = [
        {
            "value_hash": value_hash(record_salt(PLANTED, SID), SECRET),
            "entity_type": "GENERIC_SECRET",
            "by": "bob",
            "reason": "a demo key",
            "at": utcnow().isoformat(),
        }
    ]
    rec.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    salt = contrib / "drafts" / ".intake" / "scrub-salt"
    salt.parent.mkdir()
    salt.write_text(PLANTED.decode() + "\n", encoding="utf-8")
    git(contrib, "add", "-f", str(salt.relative_to(contrib)))
    repos.push_contribution()

    # the control: with that salt as the user's own, the restore exempts the value
    monkeypatch.setenv("INTAKE_SCRUB_SALT", PLANTED.decode())
    fresh = repos.fresh()
    exempt = _findings(_check(runner, fresh, monkeypatch))
    assert not [f for f in exempt if f["code"] == "scrub" and f["file"].startswith("drafts/")]
    monkeypatch.delenv("INTAKE_SCRUB_SALT")

    for env in ({}, {"GITHUB_BASE_REF": "main", "GITHUB_ACTIONS": "true"}):
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        result = _check(runner, repos.fresh(), monkeypatch)
        found = _findings(result)
        assert result.exit_code == 1, result.output
        assert any(
            f["code"] == "scrub" and f["file"] == f"drafts/{SID}.yaml" and f["severity"] == "error"
            for f in found
        ), found
        assert any(
            f["code"] == "tracked-intake-file" and f["file"] == "drafts/.intake/scrub-salt"
            for f in found
        )
        assert any(
            f["code"] == "claimed" and "restore of a GENERIC_SECRET" in f["message"] for f in found
        )
        assert SECRET not in result.stdout
        for key in env:
            monkeypatch.delenv(key)

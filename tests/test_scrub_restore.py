"""The reviewer sees every replacement and may give back a restorable one (issue 29, point 6):
tiers, the card's list in context, the restore bound to the salted hash of the value and
recorded with who and why, re-scrubbed from the local source; a renamed variable does not
carry the restore; replacements inside what the case measures are flagged."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.config import load_settings
from intake.drafting.from_session import draft_from_session
from intake.report.card import MEASURED, card_markdown, load_card
from intake.scrub.tiers import FINAL, RESTORABLE, masked_context, suite_salt, tier_of, value_hash
from intake.store.records import load_record
from tests.support.gaia_db import ChatDB

SID = "7f3a11c7-31b5-4084-bb3f-1825c0210942"
TOKEN = "ghp_hbMKurZYajaT2N2RlgC7xWkKwXpnjsHs1OIh"
KEY = "Zt9qW2xR7mKp4LvBq8Hn"
"""A value judged a secret by the name it is assigned to: a context rule, restorable."""


def _store(
    path: Path, *, name: str = "DEMO_API_KEY", other: str | None = None, other_name: str = ""
) -> Path:
    db = ChatDB(path)
    sid = db.session(SID, title="deploy help", agent_type="doc", model="Gemma-X")
    db.message(sid, "user", f"deploy with {name}={KEY} and token {TOKEN}")
    if other is not None:
        db.message(sid, "user", f"also {other_name}={other}")
    db.message(sid, "assistant", "Done.")
    db.close()
    return path


def _draft(suite: Path, store: Path) -> tuple[Path, dict[str, str]]:
    settings = load_settings(suite)
    done = draft_from_session(settings, SID[:4], db=store)
    record = load_record(done.result.record_path)
    assert record.scrub is not None
    hashes = {
        s.entity_type: s.value_hash
        for s in record.scrub.spans
        if s.value_hash and s.json_path.startswith("$.scenario")
    }
    return done.result.path, hashes  # type: ignore[return-value]


def test_tiers_are_keyed_on_the_type_and_unknown_types_are_final() -> None:
    assert tier_of("GITHUB_TOKEN") == FINAL and tier_of("PRIVATE_KEY") == FINAL
    assert tier_of("GENERIC_SECRET") == RESTORABLE and tier_of("USER_NAME") == RESTORABLE
    assert tier_of("HIGH_ENTROPY_SECRET") == RESTORABLE and tier_of("FILE_PATH") == RESTORABLE
    assert tier_of("A_RECOGNIZER_NOBODY_DECIDED") == FINAL


def test_the_salt_is_the_users_and_never_in_a_checkout(tmp_path: Path) -> None:
    """Issue 37 item 2: the salt lives beside the journal key (user level, 0600), never in
    the suite's ``.intake/`` where a pull request could carry one."""
    from intake.store.trust import state_dir

    one = suite_salt(tmp_path / "a" / ".intake")
    assert suite_salt(tmp_path / "b" / ".intake") == one
    assert not (tmp_path / "a" / ".intake").exists()
    held = state_dir() / "scrub-salt"
    assert held.read_text(encoding="utf-8").strip().encode("ascii") == one
    if os.name == "posix":
        assert held.stat().st_mode & 0o777 == 0o600
    assert value_hash(one, KEY) != value_hash(b"x" * 64, KEY)
    assert KEY not in value_hash(one, KEY)


def test_masked_context_shows_the_scrubbed_text_around_the_fixture() -> None:
    text = "deploy with DEMO_API_KEY=FAKE0000000000000001 and token ghp_FAKE"
    start = text.index("FAKE")
    assert masked_context(text, start, start + 20, width=12) == (
        "…DEMO_API_KEY=«FAKE0000000000000001» and token ghp_FAKE"
    )
    cut = "hi, I am user1@example.com what's in /home/user/project1/notes.txt " + "word " * 20
    shown = masked_context(cut, 9, 26, width=24)
    assert shown == "hi, I am «user1@example.com» what's in /home/user/project1/notes.txt…"
    wide = "x" * 100 + " key=" + "FAKE" + " " + "y" * 100
    assert masked_context(wide, 105, 109, width=12) == "… key=«FAKE»…", "a long run is left out"


def test_every_replacement_is_recorded_with_tier_hash_and_masked_context(
    suite: Path, tmp_path: Path
) -> None:
    path, hashes = _draft(suite, _store(tmp_path / "chat.db"))
    record = load_record(path.with_name(path.stem + ".intake.json"))
    assert record.scrub is not None
    spans = [s for s in record.scrub.spans if s.json_path.startswith("$.scenario")]
    assert {s.entity_type: s.tier for s in spans} == {
        "GENERIC_SECRET": RESTORABLE,
        "GITHUB_TOKEN": FINAL,
    }
    for s in spans:
        assert s.context and "«" in s.context and KEY not in s.context and TOKEN not in s.context
    raw = path.with_name(path.stem + ".intake.json").read_text(encoding="utf-8")
    assert KEY not in raw and TOKEN not in raw
    card = load_card(load_settings(suite), path.stem)
    rows = [(r.rule, r.tier) for r in card.replacements if r.json_path.startswith("$.scenario")]
    assert ("GENERIC_SECRET", RESTORABLE) in rows and ("GITHUB_TOKEN", FINAL) in rows
    md = card_markdown(card)
    assert "#### Replacements" in md and hashes["GENERIC_SECRET"] in md
    assert hashes["GITHUB_TOKEN"] not in md  # a final replacement offers no restore
    assert KEY not in md and TOKEN not in md


def test_a_restore_is_recorded_and_the_value_comes_back_from_the_source(
    suite: Path, tmp_path: Path, runner: CliRunner
) -> None:
    store = _store(tmp_path / "chat.db")
    path, hashes = _draft(suite, store)
    result = runner.invoke(
        app,
        [
            "scrub",
            "--restore",
            hashes["GENERIC_SECRET"],
            "--reason",
            "a published demo key",
            "--db",
            str(store),
            path.stem,
        ],
    )
    assert result.exit_code == 0, result.output
    assert KEY not in result.output
    text = path.read_text(encoding="utf-8")
    assert f"DEMO_API_KEY={KEY}" in text and TOKEN not in text
    record = load_record(path.with_name(path.stem + ".intake.json"))
    (restore,) = record.restores
    assert restore.value_hash == hashes["GENERIC_SECRET"]
    assert restore.reason == "a published demo key" and restore.entity_type == "GENERIC_SECRET"
    raw = path.with_name(path.stem + ".intake.json").read_text(encoding="utf-8")
    assert json.loads(raw)["restores"][0]["value_hash"] == hashes["GENERIC_SECRET"]
    # the re-scan (gate 2, intake scrub --check) leaves the restored value alone
    check = runner.invoke(app, ["scrub", "--check", str(path)])
    assert check.exit_code == 0, check.output
    card = load_card(load_settings(suite), path.stem)
    assert [r.reason for r in card.restores] == ["a published demo key"]


def test_a_restores_reason_follows_the_one_reason_rule(
    suite: Path, tmp_path: Path, runner: CliRunner
) -> None:
    """The reason is one line, at most 2000 characters and scrubbed before it is recorded, as
    every reason typed on the command line is (``store.suite.recorded_reason``)."""
    store = _store(tmp_path / "chat.db")
    path, hashes = _draft(suite, store)
    rec = path.with_name(path.stem + ".intake.json")
    before = rec.read_bytes()

    def restore(reason: str) -> Any:
        args = ["scrub", "--restore", hashes["GENERIC_SECRET"], "--reason", reason]
        return runner.invoke(app, [*args, "--db", str(store), path.stem])

    for bad, said in (("  \n ", "needs a reason"), ("x" * 2001, "longer than 2000")):
        refused = restore(bad)
        assert refused.exit_code == 2 and said in refused.stderr
        assert rec.read_bytes() == before
    done = restore(f"approved by\nthe owner, token {TOKEN}")
    assert done.exit_code == 0, done.output
    assert "--reason scrubbed: 1 finding(s) (GITHUB_TOKEN)" in done.stderr
    assert TOKEN not in done.output and TOKEN not in rec.read_text(encoding="utf-8")
    (kept,) = load_record(rec).restores
    assert kept.reason.startswith("approved by the owner, token ") and "\n" not in kept.reason


def test_a_final_replacement_cannot_be_restored(
    suite: Path, tmp_path: Path, runner: CliRunner
) -> None:
    store = _store(tmp_path / "chat.db")
    path, hashes = _draft(suite, store)
    before = path.with_name(path.stem + ".intake.json").read_text(encoding="utf-8")
    result = runner.invoke(
        app, ["scrub", "--restore", hashes["GITHUB_TOKEN"], "--reason", "x", path.stem]
    )
    assert result.exit_code == 1
    assert "final" in result.output and TOKEN not in result.output
    assert path.with_name(path.stem + ".intake.json").read_text(encoding="utf-8") == before


@pytest.mark.parametrize("bad", ["name:DEMO_API_KEY", "hmac-sha256:0000000000000000"])
def test_a_restore_names_a_listed_hash_never_a_name(
    suite: Path, tmp_path: Path, runner: CliRunner, bad: str
) -> None:
    path, _ = _draft(suite, _store(tmp_path / "chat.db"))
    result = runner.invoke(app, ["scrub", "--restore", bad, "--reason", "x", path.stem])
    assert result.exit_code == 2


def test_renaming_the_variable_does_not_carry_the_restore(
    suite: Path, tmp_path: Path, runner: CliRunner
) -> None:
    store = _store(tmp_path / "chat.db")
    path, hashes = _draft(suite, store)
    done = runner.invoke(
        app,
        [
            "scrub",
            "--restore",
            hashes["GENERIC_SECRET"],
            "--reason",
            "demo key",
            "--db",
            str(store),
            path.stem,
        ],
    )
    assert done.exit_code == 0, done.output
    # The session changes: the same name now holds another value, and the restored value
    # moves to another name. The restore follows the value, never the name.
    other = "Qm7Lp2Xr9Tz4Wk8Bn3Vc"
    (tmp_path / "chat.db").unlink()
    _store(tmp_path / "chat.db", name="RENAMED_API_KEY", other=other, other_name="DEMO_API_KEY")
    settings = load_settings(suite)
    draft_from_session(settings, SID[:4], db=store, force=True)
    text = path.read_text(encoding="utf-8")
    assert f"RENAMED_API_KEY={KEY}" in text  # the restored value, under its new name
    assert other not in text  # another value under the restored name is replaced
    assert load_record(path.with_name(path.stem + ".intake.json")).restores


def test_replacements_inside_what_the_case_measures_are_flagged() -> None:
    assert MEASURED.match("$.scenario.turns[0].ground_truth.answer")
    assert MEASURED.match("$.scenario.turns[1].success_criteria")
    assert MEASURED.match("$.scenario.turns[0].expected_tools[0]")
    assert not MEASURED.match("$.scenario.turns[0].user_message")
    assert not MEASURED.match("$.evidence.turns[0].tools[0].arguments")


def test_the_card_lists_a_replacement_in_the_ground_truth_first_and_flagged(
    suite: Path, tmp_path: Path
) -> None:
    path, _ = _draft(suite, _store(tmp_path / "chat.db"))
    rec = path.with_name(path.stem + ".intake.json")
    data = json.loads(rec.read_text(encoding="utf-8"))
    data["scrub"]["spans"].append(
        {
            "entity_type": "EMAIL_ADDRESS",
            "json_path": "$.scenario.turns[0].ground_truth.answer",
            "start": 0,
            "end": 13,
            "tier": "restorable",
            "context": "«user1@example.com»",
        }
    )
    rec.write_text(json.dumps(data, indent=2), encoding="utf-8")
    card = load_card(load_settings(suite), path.stem)
    assert [r.json_path for r in card.replacements if r.measures] == [
        "$.scenario.turns[0].ground_truth.answer"
    ]
    md = card_markdown(card)
    assert "change what this case measures" in md and "**(measured)**" in md
    assert md.index("(measured)") < md.index("| GITHUB_TOKEN |")  # listed first
    assert [r["measures"] for r in card.to_dict()["replacements"]].count(True) == 1


def test_the_salt_may_come_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CI job without the suite's .intake/ is given the salt as a secret, so its re-scan
    knows the restores too; a short value is no salt."""
    from intake.scrub.tiers import find_salt

    assert find_salt() is None
    monkeypatch.setenv("INTAKE_SCRUB_SALT", "short")
    assert find_salt() is None
    monkeypatch.setenv("INTAKE_SCRUB_SALT", "s" * 40)
    assert find_salt() == suite_salt(tmp_path / ".intake") == b"s" * 40
    assert not (tmp_path / ".intake" / "scrub-salt").exists()


def test_a_restore_that_cannot_draft_again_leaves_the_record_as_it_was(
    suite: Path, tmp_path: Path, runner: CliRunner
) -> None:
    """The source is not on this machine (the session store is gone): nothing is half-written."""
    store = _store(tmp_path / "chat.db")
    path, hashes = _draft(suite, store)
    rec = path.with_name(path.stem + ".intake.json")
    before, draft_before = rec.read_text(encoding="utf-8"), path.read_text(encoding="utf-8")
    store.unlink()
    result = runner.invoke(
        app,
        [
            "scrub",
            "--restore",
            hashes["GENERIC_SECRET"],
            "--reason",
            "demo key",
            "--db",
            str(store),
            "--format",
            "json",
            path.stem,
        ],
    )
    assert result.exit_code == 3, result.output
    assert rec.read_text(encoding="utf-8") == before
    assert path.read_text(encoding="utf-8") == draft_before
    assert KEY not in result.output


def test_a_records_hashes_are_bound_to_its_id() -> None:
    """The same value hashes differently under two records' ids (issue 37 item 2): a hash
    committed in one draft's record says nothing about another draft's values."""
    from intake.scrub.tiers import record_salt

    salt = b"s" * 32
    one = value_hash(record_salt(salt, "draft_one"), "user1@example.com")
    two = value_hash(record_salt(salt, "draft_two"), "user1@example.com")
    assert one != two
    assert one == value_hash(record_salt(salt, "draft_one"), "user1@example.com")
    assert value_hash(salt, "user1@example.com") not in (one, two)

"""A record keeps each captured turn once (``Record.evidence.turns``); older records upgrade.

Version 1 of the record held every session turn twice: ``observations["turns"]`` (answer,
failed, blocked and unconfirmed calls, message references, errors, notes) and
``evidence["turns"]`` (answer and every call); a record older still had only the first.
``Record`` upgrades both on load (``contract.models.upgrade_record``, keyed on
``schema_version``). Each test drafts a real Agent UI session through the CLI, writes the
version-1 shape exactly as version 1's drafting wrote it, and reads it back through the real
loader and ``intake show``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import OLDER_EVIDENCE_NOTE, SCHEMA_VERSION, Record, upgrade_record
from intake.store.records import load_record, record_path
from tests.support.gaia_db import ChatDB, error_step, policy, tool

SID = "7c2e4d10-8a55-4e0b-9f3a-2b6c1d0e9f41"


def drafted(runner: CliRunner, suite: Path) -> Path:
    """A session with a successful, a failed and a blocked call, an error fallback, a flagged
    error and two user messages merged into one turn, drafted through the CLI."""
    db = ChatDB(suite / "gaia_chat.db")
    sid = db.session(SID, title="Quarterly figures", agent_type="doc")
    db.message(sid, "user", "What's the Q3 revenue?")
    db.message(sid, "user", "In the quarterly report, please.")
    db.message(
        sid,
        "assistant",
        "Q3 revenue was 3.75 million.",
        [tool(1, "search_file"), tool(2, "query_specific_file", False, "file not indexed")],
    )
    db.message(sid, "user", "Email it to the board.")
    db.message(
        sid,
        "assistant",
        "Agent error: send_email blocked",
        [policy(1, "send_email", "outbound e-mail needs approval"), error_step(2, "blocked")],
    )
    db.close()
    result = runner.invoke(app, ["from-session", SID[:8], "--db", str(suite / "gaia_chat.db")])
    assert result.exit_code == 0, result.stderr
    (path,) = (suite / "drafts").glob("*.yaml")
    return path


NOTE_KEYS = ("message_refs", "merged_user_messages", "agent_errors", "attachments", "notes")


def as_version_1(data: dict[str, Any], *, with_evidence: bool) -> dict[str, Any]:
    """A version-2 record mapping as version 1 wrote it: each turn also in ``observations``
    (and, ``with_evidence=False``, only there, as before evidence existed)."""
    old = json.loads(json.dumps(data))
    old["schema_version"] = 1
    turns = []
    for turn in old["evidence"]["turns"]:
        calls = turn["tools"]
        observed = {
            "turn": turn["turn"],
            **{k: turn[k] for k in NOTE_KEYS[:2] if k in turn},
            "answer": turn.get("answer"),
            "failure": turn.get("error_fallback"),
            "failed_tools": [
                {"tool": c["tool"], "reason": c.get("reason"), "rule": c.get("rule")}
                for c in calls
                if c["outcome"] == "failed"
            ],
            "blocked_tools": [
                {"tool": c["tool"], "reason": c.get("reason"), "rule": c.get("rule")}
                for c in calls
                if c["outcome"] == "blocked"
            ],
            "unconfirmed_tools": [c["tool"] for c in calls if c["outcome"] == "unconfirmed"],
            **{k: turn[k] for k in NOTE_KEYS[2:] if k in turn},
        }
        turns.append({k: v for k, v in observed.items() if v not in (None, [], {}, 0, "")})
        for key in NOTE_KEYS:
            turn.pop(key, None)
    old["observations"] = {**old["observations"], "turns": turns}
    if not with_evidence:
        del old["evidence"]
    return old


def card(runner: CliRunner, scenario_id: str) -> dict[str, Any]:
    result = runner.invoke(app, ["show", scenario_id, "--format", "json"])
    assert result.exit_code == 0, result.stderr
    shown: dict[str, Any] = json.loads(result.stdout)["card"]
    return shown


def test_a_new_session_record_holds_each_captured_turn_once(runner: CliRunner, suite: Path) -> None:
    path = drafted(runner, suite)
    data = json.loads(record_path(path).read_text(encoding="utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION == 2
    assert "turns" not in data["observations"]
    assert [f["turn"] for f in data["observations"]["observed_failure"]] == [2]
    first, second = data["evidence"]["turns"]
    assert first["merged_user_messages"] == 2 and len(first["message_refs"]) == 3
    assert first["answer"] == "Q3 revenue was 3.75 million."
    assert [(c["tool"], c["outcome"]) for c in first["tools"]] == [
        ("search_file", "ok"),
        ("query_specific_file", "failed"),
    ]
    assert second["error_fallback"] == "agent_error"
    assert second["agent_errors"], "the flagged error is kept on the evidence turn"
    assert [
        note
        for note in card(runner, path.stem)["turns"][1]["notes"]
        if note.startswith("agent error: ")
    ], "and the card shows it"


def test_an_older_record_holding_each_turn_twice_loads_with_one_copy_and_the_same_card(
    runner: CliRunner, suite: Path
) -> None:
    path = drafted(runner, suite)
    rec = record_path(path)
    new = json.loads(rec.read_text(encoding="utf-8"))
    before = card(runner, path.stem)
    old = as_version_1(new, with_evidence=True)
    assert old["evidence"] != new["evidence"] and "turns" in old["observations"]
    rec.write_text(json.dumps(old, indent=2) + "\n", encoding="utf-8")

    loaded = load_record(rec)
    assert loaded.schema_version == 2 and "turns" not in loaded.observations
    assert loaded == Record.model_validate_json(json.dumps(new), strict=False)
    assert card(runner, path.stem) == before
    assert json.loads(rec.read_text(encoding="utf-8"))["schema_version"] == 1, (
        "reading never rewrites the file"
    )


def test_an_older_record_without_evidence_shows_its_observations_as_evidence(
    runner: CliRunner, suite: Path
) -> None:
    """A record written before importers filled ``evidence``: its observations become the
    evidence, which keeps no successful calls (so the card claims no missing tool)."""
    path = drafted(runner, suite)
    rec = record_path(path)
    old = as_version_1(json.loads(rec.read_text(encoding="utf-8")), with_evidence=False)
    rec.write_text(json.dumps(old, indent=2) + "\n", encoding="utf-8")

    evidence = load_record(rec).evidence
    assert evidence is not None and not evidence.ok_calls_kept
    shown = card(runner, path.stem)
    assert shown["evidence"] == "evidence" and shown["evidence_note"] == OLDER_EVIDENCE_NOTE
    first, second = shown["turns"]
    assert first["answer"] == "Q3 revenue was 3.75 million."
    assert first["expected_tools"] == ["search_file"]
    assert first["observed_ok"] is None and first["missing_tools"] == []
    assert [(t["tool"], t["outcome"]) for t in first["tools"]] == [
        ("query_specific_file", "failed")
    ]
    assert [(t["tool"], t["outcome"], t["reason"]) for t in second["tools"]] == [
        ("send_email", "blocked", "outbound e-mail needs approval")
    ]
    assert second["error_fallback"] == "agent_error"
    assert any(n.startswith("agent error: ") for n in second["notes"])
    text = runner.invoke(app, ["show", path.stem]).stdout
    assert "an older record: failed, blocked and unconfirmed calls only" in " ".join(text.split())


def test_an_older_records_odd_entries_upgrade_as_version_1_read_them() -> None:
    """``upgrade_record`` reads the old shape through small models of it: a turn that is no
    mapping or has no integer number (a bool is none) is left out, a call that is no mapping
    is skipped, a list that is not one is read as empty, values are kept as text; a version
    that is not an integer, or is current, leaves the mapping as it is."""
    turn = {
        "turn": 2,
        "answer": 42,
        "failed_tools": [{"tool": "a", "rule": 7}, "not a call", {"reason": "why"}],
        "blocked_tools": "none",
        "unconfirmed_tools": ["b", 3],
        "notes": ["n"],
        "unknown": 1,
    }
    observations = {"title": "t", "turns": [turn, {"turn": True}, "not a turn"], "after": 1}
    old = {"schema_version": 1, "id": "x", "observations": observations}
    assert upgrade_record(old) == {
        "schema_version": 2,
        "id": "x",
        "observations": {"title": "t", "after": 1},
        "evidence": {
            "ok_calls_kept": False,
            "note": OLDER_EVIDENCE_NOTE,
            "turns": [
                {
                    "turn": 2,
                    "answer": "42",
                    "error_fallback": None,
                    "tools": [
                        {"tool": "a", "outcome": "failed", "rule": "7"},
                        {"tool": "?", "outcome": "failed", "reason": "why"},
                        {"tool": "b", "outcome": "unconfirmed"},
                        {"tool": "3", "outcome": "unconfirmed"},
                    ],
                    "notes": ["n"],
                }
            ],
        },
    }
    evidence = {"note": "kept", "turns": [{"turn": 2, "tools": []}, "odd", {"no": "number"}]}
    assert upgrade_record({**old, "evidence": evidence})["evidence"] == {
        "note": "kept",
        "turns": [{"turn": 2, "tools": [], "notes": ["n"]}, "odd", {"no": "number"}],
    }
    assert upgrade_record({**old, "observations": {"turns": "none"}})["observations"] == {
        "turns": "none"
    }
    for same in ({**old, "schema_version": "1"}, {**old, "schema_version": 2}, ["a list"]):
        assert upgrade_record(same) is same

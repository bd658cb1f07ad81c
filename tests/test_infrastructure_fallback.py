"""A captured failure is the model's, or it is not a negative control (issue 34 item 6).

An infrastructure fallback in the captured answer (GAIA's "I wasn't able to generate a
response. Please make sure Lemonade Server is running", the model server unreachable, a
timeout, no answer) is marked infrastructure on the draft's record and the card; ``intake
control`` refuses to replay it and gate 8 is unmet with one clear line. The demo's session
holds a model failure instead (the README's loop promotes it: tests/test_readme_examples.py).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import Evidence, TurnEvidence
from intake.lifecycle.gates import check_gates
from intake.lifecycle.promote import gather
from intake.sources.model import INFRASTRUCTURE_FALLBACKS, failure_kind
from intake.store.records import dump_record, load_record, record_path
from tests.support.promote_helpers import make_ready

DEMO_DRAFT = "session_c4a0f9e2_daily_inbox_digest"

# GAIA's own texts at 78bbc30 (docs/sessions.md cites the files and lines)
GAIA_FALLBACKS = {
    "I wasn't able to generate a response. Please make sure Lemonade Server is running and "
    "try again.": "no_response",
    "I'm having trouble connecting to the language model right now. Please make sure Lemonade "
    "Server is running and try again.": "model_unreachable",
    "I'm having trouble reaching the language model right now. Please make sure Lemonade "
    "Server is running.\n\n*Technical details: Connection refused*": "model_unreachable",
    "Couldn't reach the local LLM. It may be loading or briefly busy": "model_unreachable",
    "The local model didn't respond in time. The Lemonade Server is reachable": "timeout",
    "I took too long thinking about that one. Try breaking your question into simpler parts "
    "and I'll do my best.": "timeout",
    (
        "Response timed out after 600s. Try a simpler query or break it into smaller questions."
    ): "timeout",
    "Sorry, something went wrong on my end. This is usually a temporary issue — try sending "
    "your message again.": "server_error",
}


@pytest.mark.parametrize(("text", "kind"), sorted(GAIA_FALLBACKS.items()))
def test_gaias_fallbacks_are_infrastructure(text: str, kind: str) -> None:
    assert failure_kind(text) == kind and kind in INFRASTRUCTURE_FALLBACKS


@pytest.mark.parametrize(
    "text",
    [
        "Agent error: tool run_shell_command failed",  # the agent's own error: the model's run
        "Blocked: send_email is restricted by policy.",
        "According to your notes, Q3 revenue was $3.75 million.",
        "The report says the language model I wasn't able to generate a response for is slow.",
    ],
)
def test_a_model_answer_or_an_agent_error_is_not_infrastructure(text: str) -> None:
    assert failure_kind(text) not in INFRASTRUCTURE_FALLBACKS


def _demo(tmp_path: Path, runner: Any, monkeypatch: pytest.MonkeyPatch, answer: str | None) -> Path:
    suite = tmp_path / "demo"
    assert runner.invoke(app, ["demo", "--dir", str(suite)]).exit_code == 0
    monkeypatch.chdir(suite)
    if answer is not None:
        with sqlite3.connect(suite / "gaia" / "gaia_chat.db") as db:
            db.execute(
                "UPDATE messages SET content = ? WHERE session_id LIKE 'c4a0f9e2%' "
                "AND role = 'assistant'",
                (answer,),
            )
    drafted = runner.invoke(app, ["from-session", "c4a0f9e2"])
    assert drafted.exit_code == 0, drafted.output
    return suite / "drafts" / f"{DEMO_DRAFT}.yaml"


def _gate8(suite: Path, draft: Path) -> Any:
    [gate] = [g for g in check_gates(gather(load_settings(suite), draft)) if g.number == 8]
    return gate


def test_a_lemonade_fallback_is_marked_on_record_and_card_and_refused_by_control(
    tmp_path: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fallback = next(iter(GAIA_FALLBACKS))
    draft = _demo(tmp_path, runner, monkeypatch, fallback)
    record = load_record(record_path(draft))
    assert record.observations["observed_failure"] == [
        {"turn": 1, "kind": "no_response", "infrastructure": True}
    ]
    card = runner.invoke(app, ["show", DEMO_DRAFT, "--format", "markdown"])
    assert "**Infrastructure failure flagged**: no_response" in card.stdout
    shown = runner.invoke(app, ["show", DEMO_DRAFT, "--format", "json"])
    assert json.loads(shown.stdout)["card"]["turns"][0]["infrastructure"] is True
    control = runner.invoke(app, ["control", DEMO_DRAFT])
    assert control.exit_code == 1
    assert control.stderr.startswith(
        "error: the captured answer of turn 1 (no_response) is an infrastructure fallback (the "
        "model server was not reached or gave nothing), not the model's failure: no control of "
        f"it is run (drafts/{DEMO_DRAFT}.yaml)\n"
    ), control.stderr
    assert "Traceback" not in control.output and load_record(record_path(draft)).controls == []
    gate = _gate8(draft.parent.parent, draft)
    assert not gate.met and "turn 1 (no_response) is an infrastructure fallback" in gate.detail
    assert "--turns A-B" in (gate.todo or "")


def _with_turns(draft: Path, *turns: TurnEvidence) -> None:
    rec = record_path(draft)
    record = load_record(rec)
    record.evidence = Evidence(turns=list(turns))
    rec.write_text(dump_record(record), encoding="utf-8")


def test_the_flag_is_read_from_the_answer_so_an_edited_record_still_shows_it(
    suite: Path,
) -> None:
    draft = make_ready(suite)
    answer = "Couldn't reach the local LLM. It may be loading or briefly busy"
    _with_turns(
        draft,
        TurnEvidence(
            turn=1, user_message="Summarize the Q3 report.", answer=answer, error_fallback=None
        ),
    )
    gate = _gate8(suite, draft)
    assert not gate.met and "(model_unreachable) is an infrastructure fallback" in gate.detail


def test_a_turn_with_no_answer_is_infrastructure_beside_a_real_one(suite: Path) -> None:
    draft = make_ready(suite)
    _with_turns(
        draft,
        TurnEvidence(turn=1, user_message="Summarize the Q3 report.", answer="Q3 was flat."),
        TurnEvidence(turn=2, user_message="And Q4?", error_fallback="no_answer"),
    )
    gate = _gate8(suite, draft)
    assert not gate.met and gate.detail.startswith(
        "the captured answer of turn 2 (no_answer) is an infrastructure fallback"
    )


def test_the_demo_session_is_a_model_failure(
    tmp_path: Path, runner: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    draft = _demo(tmp_path, runner, monkeypatch, None)
    record = load_record(record_path(draft))
    assert "observed_failure" not in record.observations  # no fallback: the model answered
    assert record.evidence is not None and record.evidence.turns[0].answer
    assert failure_kind(record.evidence.turns[0].answer) is None
    card = runner.invoke(app, ["show", DEMO_DRAFT, "--format", "markdown"]).stdout
    assert "Infrastructure failure flagged" not in card
    gate = _gate8(draft.parent.parent, draft)
    assert not gate.met and gate.detail == "no control run recorded"

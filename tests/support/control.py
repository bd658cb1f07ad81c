"""``intake control`` set up for a test: the captured conversation, the stand-in runner whose
agent asks the replay, GAIA's real runner with a stand-in ``claude``, a free port.

The fixtures ``port`` and ``gaia`` are registered for every test module by ``conftest.py``
(``pytest_plugins``)."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import pytest

from intake.cli import app
from intake.contract.models import Evidence, ToolCallEvidence, ToolOutcome, TurnEvidence
from intake.store.records import dump_record, load_record, record_path
from tests.support.env import GAIA_SRC, SUITE_PYPROJECT, user_level
from tests.support.promote_helpers import make_ready

FAKE = Path(__file__).resolve().parent / "fake_gaia_control.py"
DRAFT = "pdf_summary_loop"
STRONG = "claude-opus-4"
LOCAL = "Gemma-4-E4B-it-GGUF"
CAPTURED = "I searched for the Q3 report again and again but found nothing to summarise."


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def add_evidence(draft: Path, answer: str | None = CAPTURED) -> None:
    """The captured conversation, as ``from-session`` writes it into the record."""
    rec = record_path(draft)
    record = load_record(rec)
    record.evidence = Evidence(
        turns=[
            TurnEvidence(
                turn=1,
                user_message="Summarize the Q3 report please.",
                answer=answer,
                tools=[
                    ToolCallEvidence(
                        tool="search_file",
                        arguments='{"pattern": "Q3"}',
                        result="no files matched",
                        outcome=ToolOutcome.failed,
                    ),
                    ToolCallEvidence(
                        tool="run_shell_command",
                        arguments="rm -r reports",
                        outcome=ToolOutcome.blocked,
                        reason="policy",
                    ),
                    ToolCallEvidence(
                        tool="search_file",
                        arguments='{"pattern": "report"}',
                        result="0 results",
                        outcome=ToolOutcome.ok,
                    ),
                ],
            )
        ]
    )
    rec.write_text(dump_record(record), encoding="utf-8")


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
def gaia(suite: Path, port: int, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The suite set up for ``intake control`` with the stand-in runner; returns its record."""
    runner_cmd = json.dumps([sys.executable, str(FAKE), "eval", "agent"])
    user_level(runner=json.loads(runner_cmd))
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT
        + f"runner = {runner_cmd}\nreplay_port = {port}\n"
        + f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}"]\n',
        encoding="utf-8",
    )
    seen = suite.parent / "seen.json"
    monkeypatch.setenv("FAKE_CONTROL_REPO_ROOT", str(suite))
    monkeypatch.setenv("FAKE_CONTROL_MCP_BACKEND", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("FAKE_CONTROL_RECORD", str(seen))
    monkeypatch.setenv("FAKE_CONTROL_PARAPHRASE", "1")
    return seen


def ready_with_evidence(suite: Path, **kwargs: str) -> Path:
    draft = make_ready(suite, **kwargs)
    add_evidence(draft)
    return draft


def captured_record():
    from datetime import UTC, datetime

    from intake.contract.models import Record, RecordSource, SourceType

    return Record(
        id="case_x",
        source=RecordSource(
            kind=SourceType.session,
            locator="gaia-session:x",
            captured_at=datetime(2026, 11, 1, tzinfo=UTC),
            intake_version="0",
        ),
        evidence=Evidence(
            turns=[TurnEvidence(turn=2, answer="second"), TurnEvidence(turn=1, answer="first")]
        ),
    )


LEAK = "ghp_R8aQ2mXk9LpV4nT7wZ1cY6bH3jD5sF0gE2uK"
MAIL = "jane.doe@acmecorp.io"


def promote_with_controls(suite: Path, runner, monkeypatch: pytest.MonkeyPatch) -> Path:
    ready_with_evidence(suite)
    monkeypatch.setenv("FAKE_CONTROL_JUDGE", "FAIL")
    assert runner.invoke(app, ["control", DRAFT]).exit_code == 0
    # the passing strong run's transcript is GAIA's, never scrubbed by intake
    card = suite / "runs" / DRAFT / "strong" / "scorecard.json"
    doc = json.loads(card.read_text())
    doc["scenarios"][0]["turns"][0]["agent_response"] = f"Summary sent to {MAIL} with {LEAK}"
    card.write_text(json.dumps(doc))
    result = runner.invoke(app, ["promote", DRAFT])
    assert result.exit_code == 0, result.output
    return suite / "scenarios" / "tool_selection" / f"{DRAFT}.yaml"


STANDIN_CLAUDE = r"""#!{python}
import contextlib, json, os, re, sys
if "--version" in sys.argv:
    print("2.1.0 (Claude Code)")
    sys.exit(0)
import yaml
with contextlib.redirect_stdout(sys.stderr):  # GAIA's imports print notices on stdout
    from gaia.mcp.servers.agent_ui_mcp import _api, _stream_chat

prompt = sys.stdin.read()
scenario = yaml.safe_load(prompt.split("## SCENARIO\n```yaml\n", 1)[1].split("```", 1)[0])
base = os.environ["STANDIN_MCP_BACKEND"]
seen = {{"argv": sys.argv[1:], "backend_line": re.search(r"^Backend: (.*)$", prompt, re.M)[1]}}
status = _api(base, "get", "/system/status")
seen["model_loaded"] = status.get("model_loaded")
session = _api(base, "post", "/sessions", json={{"title": "Eval: " + scenario["id"]}})["id"]
turns = []
verdict = os.environ["STANDIN_JUDGE"]
for turn in scenario["turns"]:
    message = "Hi! Could you give me a short summary of the Q3 report?"  # the simulator's own
    reply = _stream_chat(base, session, message)
    seen.setdefault("received", []).append(
        {{"content": reply["content"], "steps": reply["agent_steps"]}})
    score = 9 if verdict == "PASS" else 2
    turns.append({{"turn": turn["turn"], "user_message": message,
                   "agent_response": reply["content"],
                   "agent_tools": [s["tool"] for s in reply["agent_steps"]],
                   "scores": dict.fromkeys(["correctness", "tool_selection",
                       "context_retention", "completeness", "efficiency", "personality",
                       "error_recovery"], score),
                   "pass": verdict == "PASS", "failure_category": None, "reasoning": "stand-in"}})
with open(os.environ["STANDIN_RECORD"], "a", encoding="utf-8") as out:
    out.write(json.dumps(seen) + "\n")
result = {{"scenario_id": scenario["id"], "status": verdict, "overall_score": 0, "turns": turns,
          "root_cause": None, "recommended_fix": None,
          "cost_estimate": {{"turns": len(turns), "estimated_usd": 0.01}}}}
print(json.dumps({{"type": "result", "subtype": "success", "is_error": False,
                  "result": "", "structured_output": result, "total_cost_usd": 0.01}}))
"""


def gaia_root(tmp: Path) -> Path:
    """A private GAIA root: the package, prompts and corpus linked, results its own."""
    assert GAIA_SRC is not None, "the tests that call this skip without GAIA_SRC"
    root = tmp / "gaia"
    (root / "src").mkdir(parents=True)
    (root / "src" / "gaia").symlink_to(GAIA_SRC / "src" / "gaia")
    (root / "eval" / "scenarios").mkdir(parents=True)
    (root / "eval" / "results").mkdir()
    (root / "eval" / "prompts").symlink_to(GAIA_SRC / "eval" / "prompts")
    (root / "eval" / "corpus").symlink_to(GAIA_SRC / "eval" / "corpus")
    (root / "eval" / "mcp-config.json").write_bytes(
        (GAIA_SRC / "eval" / "mcp-config.json").read_bytes()
    )
    return root

"""Acceptance: ``intake control`` on GAIA's real runner (``gaia eval agent`` from source).

GAIA's own code does the argument parsing, scenario loading and validation, the pre-flight
(``GET /api/health`` on ``--backend``, ``claude --version``; runner.py L700-750), the prompt
(runner.py L423-567), the ``claude -p`` call and its envelope (L937-1031), the score
re-derivation (L1101-1196) and the scorecard. Two stand-ins replace what this machine lacks:

* ``claude``: first on PATH; ``--version`` answers; ``-p`` reads GAIA's prompt on stdin, takes
  the scenario from its ``## SCENARIO`` block, and plays the eval agent with **GAIA's own MCP
  helpers** (``gaia.mcp.servers.agent_ui_mcp._api`` and ``_stream_chat``, L78-232): what
  Claude Code would do through GAIA's MCP server. That server's backend is fixed at
  localhost:4200 (L41); here it is the test's replay port (``STANDIN_MCP_BACKEND``), as 4200
  may be taken on a shared machine. The verdict is ``STANDIN_JUDGE`` (PASS or FAIL), printed in
  Claude Code's JSON envelope under ``structured_output``;
* the Agent UI: intake's replay itself.

GAIA runs from a private root (symlinks to the package, prompts and corpus of the checkout named
by ``INTAKE_TEST_GAIA_SRC``; its own ``eval/results``) so nothing is written into the GAIA
checkout. Skipped unless ``INTAKE_TEST_GAIA_SRC`` and ``INTAKE_TEST_GAIA_VENV`` (a virtualenv
with GAIA installed) name them (CI has neither).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from intake.cli import app
from intake.store.records import load_record, record_path
from tests.support.control import (
    CAPTURED,
    DRAFT,
    LOCAL,
    STANDIN_CLAUDE,
    STRONG,
    add_evidence,
    free_port,
    gaia_root,
)
from tests.support.env import GAIA_SRC, GAIA_VENV, SUITE_PYPROJECT, needs, set_home, user_level
from tests.support.promote_helpers import make_ready

pytestmark = [
    pytest.mark.skipif(
        GAIA_VENV is None or not (GAIA_VENV / "bin" / "gaia").is_file(),
        reason=needs(GAIA_VENV, "INTAKE_TEST_GAIA_VENV", "GAIA's virtualenv"),
    ),
    pytest.mark.skipif(
        GAIA_SRC is None or not (GAIA_SRC / "src" / "gaia").is_dir(),
        reason=needs(GAIA_SRC, "INTAKE_TEST_GAIA_SRC", "GAIA's source checkout"),
    ),
]


@pytest.fixture
def real_gaia(suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = gaia_root(tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    claude = bin_dir / "claude"
    claude.write_text(STANDIN_CLAUDE.format(python=GAIA_VENV / "bin" / "python"))
    claude.chmod(0o755)
    port = free_port()
    (tmp_path / "tmp").mkdir()
    (tmp_path / "gaia-home").mkdir()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("PYTHONPATH", str(root / "src"))
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    set_home(monkeypatch, tmp_path / "gaia-home")
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    monkeypatch.setenv("STANDIN_MCP_BACKEND", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("STANDIN_RECORD", str(tmp_path / "claude-seen.jsonl"))
    runner_cmd = json.dumps([str(GAIA_VENV / "bin" / "gaia"), "eval", "agent"])
    user_level(runner=json.loads(runner_cmd))
    (suite / "pyproject.toml").write_text(
        SUITE_PYPROJECT
        + f"runner = {runner_cmd}\nreplay_port = {port}\n"
        + f'results_dir = "{root / "eval" / "results"}"\n'
        + f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}"]\n',
        encoding="utf-8",
    )
    return tmp_path / "claude-seen.jsonl"


def test_control_on_gaias_real_runner_blocks_then_lets_through(
    suite: Path, real_gaia: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    draft = make_ready(suite)
    add_evidence(draft)
    monkeypatch.setenv("STANDIN_JUDGE", "PASS")
    started = time.monotonic()
    result = runner.invoke(app, ["control", DRAFT, "--format", "json"])
    elapsed = time.monotonic() - started
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    [control] = load_record(record_path(draft)).controls
    assert control.status == "PASS" and doc["controls"][0]["run_id"] == control.run_id
    assert control.judge_model and control.scorecard_path is None  # results outside the suite
    [seen] = [json.loads(line) for line in real_gaia.read_text().splitlines()]
    assert seen["model_loaded"] == f"replay:{DRAFT}"
    assert seen["backend_line"].startswith("http://127.0.0.1:")
    assert "--json-schema" in seen["argv"] and "--mcp-config" in seen["argv"]
    # exactly the captured answer and its tool steps, through GAIA's own SSE parser
    assert seen["received"] == [
        {
            "content": CAPTURED,
            "steps": [
                {"tool": "search_file", "success": False, "summary": "no files matched"},
                {"tool": "search_file", "success": True, "summary": "0 results"},
            ],
        }
    ]
    blocked = runner.invoke(app, ["promote", DRAFT, "--format", "json"])
    assert blocked.exit_code == 1
    unmet = [g["name"] for g in json.loads(blocked.stdout)["gates"] if not g["met"]]
    assert unmet == ["control"]

    monkeypatch.setenv("STANDIN_JUDGE", "FAIL")
    runner_dropped = runner.invoke(
        app, ["runs", DRAFT, "--drop", control.run_id, "--reason", "judge misconfigured"]
    )
    assert runner_dropped.exit_code == 0, runner_dropped.output
    again = runner.invoke(app, ["control", DRAFT])
    assert again.exit_code == 0, again.stderr
    assert [c.status for c in load_record(record_path(draft)).controls] == ["FAIL"]
    promoted = runner.invoke(app, ["promote", DRAFT])
    assert promoted.exit_code == 0, promoted.output
    print(
        f"\none control run on GAIA's real runner (stand-in claude): {elapsed:.2f} s",
        file=sys.stderr,
    )

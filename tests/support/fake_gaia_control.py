#!/usr/bin/env python3
"""Stand-in for ``gaia eval agent`` whose eval agent really talks to the Agent UI backend.

``tests/support/fake_gaia_eval.py`` builds each result from the scenario alone; ``intake control``
needs a runner whose simulator *asks the backend*, as GAIA's does: its eval agent (Claude Code
with GAIA's MCP server, ``src/gaia/mcp/servers/agent_ui_mcp.py``) calls ``system_status``,
``create_session``, ``index_document`` (``upload-path`` then ``sessions/{id}/documents``) and
``send_message`` (``POST /api/chat/send``, SSE read by ``_stream_chat`` L93-238) on the fixed MCP
backend, then returns a judged result (``runner.py`` L496-567). Those calls are GAIA's own tool
functions, run from a verbatim copy of ``agent_ui_mcp.py`` (``tests/support/gaia_mcp.py``): what the
simulator receives is what GAIA's client decodes, headers and charset included. Here that backend is
``$FAKE_CONTROL_MCP_BACKEND`` (default GAIA's ``http://localhost:4200``, agent_ui_mcp.py L41);
``--backend`` only reaches the pre-flight ``GET /api/health`` (runner.py L719), as in GAIA.

Statuses as GAIA's prompt asks (runner.py L506-512): a failing ``system_status`` is INFRA_ERROR;
``chunk_count == 0`` or an error on ``index_document`` (not adversarial) is SETUP_ERROR.

The judge (``FAKE_CONTROL_JUDGE``): ``PASS`` or ``FAIL`` for every scenario; ``criteria``
(default): PASS when each turn's ``ground_truth.expected_answer`` (or, without one, the quoted
words of ``success_criteria`` between ``"``) appears in the answer received, else FAIL.

Files written as GAIA's runner writes them (runner.py L1815-1923, scorecard.py L16-205):
``<repo>/eval/results/eval-<UTC ts>[-<i>]/scorecard.json`` and ``traces/<id>.json``; the
summary block ends with ``Output: <run dir>``. ``$FAKE_CONTROL_REPO_ROOT`` is the repo root
(default cwd). ``$FAKE_CONTROL_RECORD`` (path): JSON of what the simulator received per turn
(answers, tool steps), the sent messages and the requests, for the tests to compare.
``$FAKE_CONTROL_PARAPHRASE=1``: the simulator sends a paraphrase, never the YAML's text.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import gaia_mcp  # tests/support/gaia_mcp.py: this script's folder is first on sys.path
import yaml  # type: ignore[import-untyped]

WEIGHTS = {
    "correctness": 0.25,
    "tool_selection": 0.20,
    "context_retention": 0.20,
    "completeness": 0.15,
    "efficiency": 0.10,
    "personality": 0.05,
    "error_recovery": 0.05,
}  # runner.py L577-585


def env(name: str, default: str = "") -> str:
    return os.environ.get("FAKE_CONTROL_" + name) or default


def failed(reply: dict) -> bool:
    """An error as GAIA's MCP helpers report one (``_normalize_error``, agent_ui_mcp.py L46-75)."""
    return reply.get("status") == "error"


def expected_text(turn: dict) -> str | None:
    truth = turn.get("ground_truth") or {}
    if isinstance(truth, dict) and isinstance(truth.get("expected_answer"), str):
        return truth["expected_answer"]
    crit = turn.get("success_criteria") or ""
    parts = crit.split('"')
    return parts[1] if len(parts) >= 3 else None


def judge(turn: dict, answer: str) -> bool:
    mode = env("JUDGE", "criteria")
    if mode in ("PASS", "FAIL"):
        return mode == "PASS"
    wanted = expected_text(turn)
    return wanted is not None and wanted.lower() in answer.lower()


def simulate(data: dict, mcp: str, seen: dict) -> dict:
    tool = gaia_mcp.tools(mcp)
    status = tool["system_status"]()
    if failed(status):
        return {"status": "INFRA_ERROR", "turns": []}
    seen["model_loaded"] = status.get("model_loaded")
    session = tool["create_session"](title=f"Eval: {data['id']}")["id"]
    for doc in data["setup"].get("index_documents") or []:
        path = doc["path"] if isinstance(doc, dict) else doc
        indexed = tool["index_document"](
            str(Path("/abs/corpus") / Path(path).name), session_id=session
        )
        if (failed(indexed) or not indexed.get("chunk_count")) and (
            data.get("category") != "adversarial"
        ):
            return {"status": "SETUP_ERROR", "turns": []}
    turns = []
    for turn in data["turns"]:
        message = turn.get("user_message") or turn["objective"]
        if env("PARAPHRASE"):
            message = f"(in my own words, turn {turn['turn']}) hello?"
        reply = tool["send_message"](session, message)
        reply.setdefault("content", "")
        reply.setdefault("agent_steps", [])
        seen.setdefault("sent", []).append(message)
        seen.setdefault("received", []).append(
            {"answer": reply["content"], "steps": reply["agent_steps"]}
        )
        ok = judge(turn, reply["content"])
        scores = dict.fromkeys(WEIGHTS, 9 if ok else 2)
        turns.append(
            {
                "turn": turn["turn"],
                "user_message": message,
                "agent_response": reply["content"],
                "agent_tools": [s["tool"] for s in reply["agent_steps"]],
                "scores": scores,
                "pass": ok,
                "overall_score": sum(scores[k] * w for k, w in WEIGHTS.items()),
                "failure_category": None if ok else "wrong_answer",
                "reasoning": "fake",
            }
        )
    status = "PASS" if turns and all(t["pass"] for t in turns) else "FAIL"
    score = sum(t["overall_score"] for t in turns) / max(1, len(turns))
    return {"status": status, "overall_score": round(score, 2), "turns": turns}


def scorecard(run_id: str, result: dict, model: str, backend: str) -> dict:
    passed = int(result["status"] == "PASS")
    return {
        "run_id": run_id,
        "timestamp": datetime.now(UTC).isoformat(),
        "config": {
            "backend_url": backend,
            "model": model,
            "budget_per_scenario_usd": 2.0,
            "agent_type": None,
        },
        "summary": {
            "total_scenarios": 1,
            "passed": passed,
            "failed": 1 - passed,
            "pass_rate": float(passed),
            "judged_pass_rate": float(passed),
            "avg_score": result.get("overall_score") or 0.0,
            "by_category": {},
        },
        "scenarios": [result],
        "cost": {"estimated_total_usd": 0.0},
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="gaia")
    parser.add_argument("action")
    parser.add_argument("command")
    for flag in ("--scenario", "--backend", "--model", "--corpus-dir"):
        parser.add_argument(flag, default=None)
    parser.add_argument("--scenario-dir", action="append", default=[])
    parser.add_argument("--iterations", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=900)
    args = parser.parse_args()
    repo = Path(env("REPO_ROOT", os.getcwd()))
    model = args.model or "claude-opus-5"
    try:  # pre-flight (runner.py L700-723)
        urllib.request.urlopen(f"{args.backend}/api/health", timeout=5).read()  # noqa: S310
    except OSError as exc:
        print(
            f"[ERROR] Pre-flight check failed:\n  - Agent UI not reachable: {exc}", file=sys.stderr
        )
        return 1
    [path] = [p for d in args.scenario_dir for p in sorted(Path(d).rglob("*.yaml"))]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    mcp = env("MCP_BACKEND", "http://localhost:4200")
    seen: dict = {"runs": []}
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for i in range(args.iterations):
        one: dict = {}
        result = {
            "scenario_id": data["id"],
            "category": data.get("category"),
            **simulate(data, mcp, one),
        }
        seen["runs"].append(one)
        run_id = f"eval-{stamp}-{i + 1}"
        run_dir = repo / "eval" / "results" / run_id
        (run_dir / "traces").mkdir(parents=True, exist_ok=True)
        (run_dir / "traces" / f"{data['id']}.json").write_text(json.dumps(result))
        (run_dir / "scorecard.json").write_text(
            json.dumps(scorecard(run_id, result, model, args.backend))
        )
        print(f"[DONE] {data['id']} — {result['status']}")
        print(f"RUN: {run_id}")
        print(f"Output: {run_dir}")
    if env("RECORD"):
        Path(env("RECORD")).write_text(json.dumps(seen, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

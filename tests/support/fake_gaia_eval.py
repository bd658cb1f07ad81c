#!/usr/bin/env python3
"""Stand-in for GAIA's ``gaia eval agent``, for intake's tests (stdlib + optional PyYAML).

Run as ``python fake_gaia_eval.py eval agent --scenario ID --scenario-dir D ...``. It accepts
every flag of ``gaia eval agent`` and writes the same files GAIA's runner writes, in the same
shapes, without calling Claude. Our own code; every shape and message below was read from
amd/gaia @ 78bbc3076bc329ec58bb2ad8bbe460d752c66d83 and is cited as ``file:line``
(``cli`` = src/gaia/cli.py, ``runner`` = src/gaia/eval/runner.py,
``scorecard`` = src/gaia/eval/scorecard.py, ``system`` = src/gaia/ui/routers/system.py).

What GAIA does, step by step, and what this script does instead
----------------------------------------------------------------
1. argparse: ``gaia eval agent`` flags (cli:2466-2598); ``--iterations < 1`` prints
   ``Error: --iterations must be >= 1`` to stderr and *returns* (exit 0) (cli:4696-4698);
   ``--fix`` with ``--iterations > 1`` likewise (cli:4700-4706).
2. Per iteration (cli:4711-4754): if N > 1 print ``\\n====…`` / ``[ITER] Iteration i/N`` /
   ``====…`` (60 ``=``) (cli:4712-4715), then ``AgentEvalRunner(...).run()``.
3. ``run`` takes the single-runner lock ``<tmp>/gaia-eval-agent.lock`` (runner:77, 1764);
   held by a live PID → message on stderr, exit 2 (runner:157-172); ``GAIA_EVAL_NO_LOCK=1``
   skips it (runner:78, 104). Emulated only via ``FAKE_GAIA_LOCKED=1``.
4. ``find_scenarios`` (runner:351-420): scans ``REPO_ROOT/eval/scenarios``, then
   ``~/.gaia/eval/scenarios`` if it is a dir, then each ``--scenario-dir`` (a missing one is
   skipped with a log warning); ``sorted(dir.rglob("*.yaml"))`` (``.yml`` ignored);
   ``yaml.safe_load`` + ``validate_scenario``; any failure raises ``RuntimeError`` (uncaught:
   traceback, exit 1) (runner:386-394); later dirs override earlier ids (runner:396-405);
   filters ``--scenario``/``--category``/``--tag`` (runner:407-420).
   None left → stderr ``[ERROR] No scenarios found (id=…, category=…[, tags=[…]])``, exit 1
   (runner:1790-1800). Then ``[INFO] Found N scenario(s)`` (runner:1802) and
   ``[INFO] Targeting agent_type='X'`` when ``--agent-type`` (runner:1803-1804).
5. Pre-flight (runner:700-762, 1807-1812): ``GET <backend>/api/health`` with urllib, timeout 5;
   only ``URLError`` (incl. HTTPError for 4xx/5xx) is turned into
   ``Agent UI not reachable at <backend>: <exc>``; a read timeout is a bare ``TimeoutError``
   and escapes as a traceback (exit 1). Also requires ``REPO_ROOT/eval/corpus/manifest.json``,
   ``REPO_ROOT/eval/mcp-config.json`` and ``claude`` on PATH (runner:726-750) — emulated only
   with ``FAKE_GAIA_CHECK_REPO=1``; memory-category scenarios also
   ``POST <backend>/api/memory/admin/seed`` ``{"items":[]}`` (runner:752-802).
   Failure: stderr ``[ERROR] Pre-flight check failed:`` then ``  - <error>`` lines, exit 1.
6. ``run_id = "eval-" + UTC %Y%m%d-%H%M%S`` (runner:1815); ``run_dir = results_dir/run_id``,
   ``mkdir(parents=True, exist_ok=True)`` (runner:1816-1817): two runs starting in the same
   UTC second share one directory; a ``.progress.json`` left there makes the second *resume*
   (runner:1819-1850). ``results_dir`` is ``REPO_ROOT/eval/results`` (runner:45-49, 1712);
   the CLI never passes another (cli:4733-4744).
7. Per scenario: missing ``setup.index_documents[*].path`` (dicts only, relative to
   REPO_ROOT) → ``[SKIP] …`` and a ``SKIPPED_NO_DOCUMENT`` trace (runner:336-348, 1853-1877);
   else ``\\n[RUN] <id> — invoking claude -p ...`` (runner:970), the claude subprocess with
   timeout ``min(max(--timeout, 240 + 90·docs + 200·turns), 7200)`` (runner:236-242, 1879),
   the eval agent calls ``system_status()`` (MCP → ``GET /api/system/status``; error →
   ``INFRA_ERROR``) (runner:506), creates session ``Eval: <id>`` (runner:462-470) and
   *generates* each user message from the objective and persona (runner:522); normalisation
   (runner:1098-1246), ``traces/<id>.json`` (runner:1249-1254),
   ``[DONE] <id> — STATUS S.S/10 (Ns)`` (runner:1256-1266); ``.progress.json`` updated
   (runner:1895-1896) and removed at the end (runner:1898-1903).
8. ``scorecard.json`` + ``summary.md`` (runner:1905-1912, 1271-1295; scorecard:16-205), then
   the summary block ``RUN:`` / ``Results:`` / ``Avg score:`` / ``Output: <run_dir>``
   (runner:1719-1732, 1923). The command then returns: exit 0 whatever the statuses.
9. N > 1: reliability table and ``REPO_ROOT/eval/results/reliability_report.json``
   (cli:1182-1275, 4755-4759). ``--save-baseline`` → ``eval/results/baseline.json``
   (cli:4761-4773).

Here, the claude subprocess is replaced by a result built from the scenario: the sent user
message is the turn's ``user_message`` (or text derived from its ``objective``), scores are
fixed per status, and all of GAIA's normalisation (weighted turn score, ``pass``, mean) is
applied by our own code so the files are self-consistent.

REPO_ROOT
---------
GAIA's is ``Path(runner.py).parent×4`` — the source checkout the ``gaia`` package is imported
from, *not* the cwd (runner:45). Here it is ``$FAKE_GAIA_REPO_ROOT``, else the cwd.

Test controls (environment)
---------------------------
FAKE_GAIA_REPO_ROOT   where ``eval/results`` (and ``eval/scenarios``) live; default cwd.
FAKE_GAIA_STATUS      PASS | FAIL | BLOCKED_BY_ARCHITECTURE | INFRA_ERROR | SETUP_ERROR |
                      TIMEOUT | BUDGET_EXCEEDED | ERRORED | <anything else, written as is>;
                      a comma list gives one per iteration (last one repeats). Default PASS.
                      Without it, a failing ``GET /api/system/status`` gives INFRA_ERROR,
                      as the eval agent would (runner:506).
FAKE_GAIA_HANG        seconds each scenario's "claude" child sleeps (a real child process,
                      like GAIA's). Longer than the effective timeout → TIMEOUT, as GAIA.
FAKE_GAIA_EXIT        exit code to end with (after everything is written).
FAKE_GAIA_EXIT_WHEN   ``start`` to exit with FAKE_GAIA_EXIT before doing anything; default end.
FAKE_GAIA_NO_SCORECARD=1  write traces but no scorecard.json/summary.md and no summary block
                      (as if killed after the last scenario).
FAKE_GAIA_PARAPHRASE=1    the recorded user_message differs from the YAML's (the simulator
                      paraphrased it).
FAKE_GAIA_NOW         ``YYYYmmdd-HHMMSS`` (UTC) clock for run ids/timestamps; iteration i uses
                      NOW + i·FAKE_GAIA_NOW_STEP seconds (default step 1). Unset: real clock.
FAKE_GAIA_NO_COLLIDE=1  wait for a free second instead of GAIA's behaviour. Default: GAIA's
                      code exactly (runner:1815-1817): an existing ``eval-<ts>`` dir of the same
                      UTC second is reused, and its ``.progress.json`` makes the run resume.
FAKE_GAIA_TIME_SCALE  factor applied to GAIA's per-scenario limit (runner:236-242) so a test can
                      see GAIA's own TIMEOUT in seconds, not minutes (default 1).
FAKE_GAIA_RECORD_ARGS path: JSON with argv, cwd, repo_root, the files under each
                      --scenario-dir, the YAML files loaded, the model_loaded seen, run dirs
                      and child pids (rewritten as the run goes); an existing file is an
                      earlier invocation's: kept under ``history``, and FAKE_GAIA_STATUS
                      continues where it left off.
FAKE_GAIA_CHECK_REPO=1    also check manifest / mcp-config / claude like GAIA's pre-flight.
FAKE_GAIA_NO_USER_DIR=1   do not scan ``~/.gaia/eval/scenarios``.
FAKE_GAIA_LOCKED=1    behave as if another run holds the lock (stderr message, exit 2).
FAKE_GAIA_JUDGE_SCORE optional float 0-10: every dimension score for judged statuses; the
                      status is then re-derived from the scores as GAIA does (runner:1101-1196).

The backend the eval agent uses
-------------------------------
GAIA's eval agent reaches the Agent UI through the MCP server that ``eval/mcp-config.json``
starts; that server's backend is ``DEFAULT_BACKEND = "http://localhost:4200"``
(agent_ui_mcp.py:41) unless its args carry ``--backend`` (agent_ui_mcp.py:812-826). ``--backend``
reaches only the pre-flight (runner:700-762) and the prompt. This script asks the same backend:
``REPO_ROOT/eval/mcp-config.json``'s ``--backend`` if present, else localhost:4200.

The prompt
----------
``build_scenario_prompt`` (runner:423-590) embeds the merged manifest (``_load_merged_manifest``,
runner:816-894: ``REPO_ROOT/eval/corpus/manifest.json``, the real-world manifest, the user
corpus, then every ``--corpus-dir``'s ``manifest.json``, appended without de-duplication). This
script builds the same merged manifest and records its document ids (``prompt_documents``) and
the prompt's size (``prompt_chars``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

try:  # GAIA loads scenarios with yaml.safe_load (runner:388)
    import yaml  # type: ignore
except ImportError:  # pragma: no cover - intake's venv has PyYAML
    yaml = None

DEFAULT_JUDGE = "claude-opus-5"  # src/gaia/eval/config.py:16 (DEFAULT_CLAUDE_MODEL)
WEIGHTS = (  # runner:577-585
    ("correctness", 0.25),
    ("tool_selection", 0.20),
    ("context_retention", 0.20),
    ("completeness", 0.15),
    ("efficiency", 0.10),
    ("personality", 0.05),
    ("error_recovery", 0.05),
)
JUDGED = ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")  # scorecard:13
KNOWN = (  # scorecard:136-146
    "PASS",
    "FAIL",
    "BLOCKED_BY_ARCHITECTURE",
    "TIMEOUT",
    "BUDGET_EXCEEDED",
    "INFRA_ERROR",
    "SETUP_ERROR",
    "SKIPPED_NO_DOCUMENT",
    "ERRORED",
)
BAR = "=" * 60


def env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get("FAKE_GAIA_" + name)
    return default if value in (None, "") else value


# ── argparse: every flag of `gaia eval agent` (cli:2466-2598) ──────────────────────────────
def build_parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gaia")
    actions = top.add_subparsers(dest="action")
    ev = actions.add_parser("eval")
    # `gaia eval` inherits the generic parent flags (cli:1329-1390, 2388); accepted, unused.
    ev.add_argument(
        "--logging-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]
    )
    ev.add_argument("--use-claude", action="store_true")
    ev.add_argument("--use-chatgpt", action="store_true")
    ev.add_argument("--claude-model", default=None)
    ev.add_argument("--base-url", default=None)
    ev.add_argument("--trace", action="store_true")
    ev.add_argument("--max-steps", type=int, default=None)
    ev.add_argument("--list-tools", action="store_true")
    ev.add_argument("--stats", "--show-stats", action="store_true", dest="show_stats")
    sub = ev.add_subparsers(dest="eval_command")
    a = sub.add_parser("agent")
    a.add_argument("--scenario", default=None)
    a.add_argument("--category", default=None)
    a.add_argument("--audit-only", action="store_true")
    a.add_argument("--generate-corpus", action="store_true")
    a.add_argument("--backend", default="http://localhost:4200")
    a.add_argument("--agent-type", default=None, metavar="AGENT_ID")
    a.add_argument("--model", default=DEFAULT_JUDGE)
    a.add_argument("--budget", default="2.00")
    a.add_argument("--timeout", type=int, default=900)
    a.add_argument("--fix", action="store_true")
    a.add_argument("--max-fix-iterations", type=int, default=3)
    a.add_argument("--target-pass-rate", type=float, default=0.90)
    a.add_argument("--compare", nargs="+", metavar="PATH")
    a.add_argument("--save-baseline", action="store_true")
    a.add_argument("--capture-session", metavar="SESSION_ID")
    a.add_argument("--keep-sessions", action="store_true")
    a.add_argument("--scenario-dir", action="append", metavar="PATH")
    a.add_argument("--iterations", type=int, default=1, metavar="N")
    a.add_argument("--corpus-dir", action="append", metavar="PATH")
    a.add_argument("--tag", action="append", metavar="TAG")
    a.add_argument("--output-format", choices=["json", "markdown", "junit"], default=None)
    a.add_argument("--device", choices=["cpu", "gpu", "npu"], default=None)
    return top


# ── recording for tests ─────────────────────────────────────────────────────────────────────
RECORD: dict = {}


def record(**items) -> None:
    path = env("RECORD_ARGS")
    if not path:
        return
    RECORD.update(items)
    Path(path).write_text(json.dumps(RECORD, indent=2), encoding="utf-8")


def listing(folder: str) -> list[str]:
    root = Path(folder)
    if not root.is_dir():
        return []
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


# ── scenarios (runner:245-420), our own implementation of the same rules ────────────────────
def problems(data) -> list[str]:
    """The rules of validate_scenario (runner:245-333)."""
    if not isinstance(data, dict):
        return ["scenario is not a mapping"]
    out = [
        f"missing top-level field '{k}'"
        for k in ("id", "category", "setup", "turns", "persona")
        if k not in data
    ]
    setup = data.get("setup") or {}
    if "setup" in data and "index_documents" not in setup:
        out.append("setup.index_documents is missing (use empty list [] if none)")
    for i, doc in enumerate(setup.get("index_documents", []) or []):
        if isinstance(doc, dict) and "path" not in doc:
            out.append(f"setup.index_documents[{i}]: missing 'path' field")
    persona = data.get("persona")
    if persona is not None and (not isinstance(persona, str) or not persona.strip()):
        out.append("persona must be a non-empty string")
    turns = data.get("turns") or []
    if not turns:
        out.append("turns list is empty")
    numbers: list = []
    for i, turn in enumerate(turns):
        if "turn" not in turn:
            out.append(f"turns[{i}]: missing 'turn' number")
        elif turn["turn"] in numbers:
            out.append(f"turns[{i}]: duplicate turn number {turn['turn']}")
        else:
            numbers.append(turn["turn"])
        if "objective" not in turn:
            out.append(f"turns[{i}]: missing 'objective'")
        truth, crit = turn.get("ground_truth"), turn.get("success_criteria")
        if not (isinstance(truth, dict) and truth) and not (isinstance(crit, str) and crit.strip()):
            out.append(
                f"turns[{i}]: must have at least one of 'ground_truth' or 'success_criteria'"
            )  # noqa: E501
        if isinstance(crit, dict):
            out.append(f"turns[{i}]: success_criteria must be a string, got dict")
    if (
        numbers
        and not any("duplicate" in p for p in out)
        and set(numbers) != set(range(1, len(turns) + 1))
    ):
        out.append(f"turn numbers {sorted(numbers)} must be sequential starting from 1")
    return out


def load_yaml(path: Path):
    text = path.read_text(encoding="utf-8")
    if yaml is not None:
        return yaml.safe_load(text)
    return json.loads(text)  # JSON is YAML; enough when PyYAML is absent


def find_scenarios(repo_root: Path, args) -> list[tuple[Path, dict]]:
    dirs = [repo_root / "eval" / "scenarios"]
    user_dir = Path.home() / ".gaia" / "eval" / "scenarios"
    if user_dir.is_dir() and not env("NO_USER_DIR"):
        dirs.append(user_dir)
    for extra in args.scenario_dir or []:
        if Path(extra).is_dir():
            dirs.append(Path(extra))
        else:
            print(f"Scenario directory does not exist, skipping: {extra}", file=sys.stderr)
    by_id: dict = {}
    loaded: list[str] = []
    for folder in dirs:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.yaml")):
            loaded.append(str(path))
            try:
                data = load_yaml(path)
            except Exception as exc:
                raise RuntimeError(f"Failed to parse scenario YAML {path}: {exc}") from exc
            found = problems(data)
            if found:
                sid = data.get("id", f"<{path.name}>") if isinstance(data, dict) else path.name
                raise RuntimeError(
                    f"Scenario '{sid}' ({path.name}) has validation errors:\n  "
                    + "\n  ".join(found)
                )
            by_id[data.get("id")] = (path, data)
    record(yaml_files_loaded=loaded)
    chosen = []
    for sid in sorted(by_id, key=str):
        path, data = by_id[sid]
        if args.scenario and data.get("id") != args.scenario:
            continue
        if args.category and data.get("category") != args.category:
            continue
        if args.tag and not set(data.get("tags", []) or []) & set(args.tag):
            continue
        chosen.append((path, data))
    return chosen


# ── pre-flight (runner:700-802) ──────────────────────────────────────────────────────────────
def preflight(repo_root: Path, backend: str, scenarios) -> list[str]:
    errors = []
    try:  # only URLError is caught, as in GAIA; a read timeout escapes as a traceback
        with urllib.request.urlopen(f"{backend}/api/health", timeout=5) as r:
            if r.status != 200:
                errors.append(f"Agent UI returned HTTP {r.status}")
    except urllib.error.URLError as exc:
        errors.append(f"Agent UI not reachable at {backend}: {exc}")
    if env("CHECK_REPO"):
        manifest = repo_root / "eval" / "corpus" / "manifest.json"
        mcp = repo_root / "eval" / "mcp-config.json"
        if not manifest.exists():
            errors.append(f"Corpus manifest not found: {manifest}")
        if not mcp.exists():
            errors.append(f"MCP config not found: {mcp}")
        import shutil

        if not shutil.which("claude"):
            errors.append("'claude' CLI not found on PATH — install Claude Code CLI")
    if any((d or {}).get("category") == "memory" for _p, d in scenarios):
        req = urllib.request.Request(
            f"{backend}/api/memory/admin/seed",
            data=b'{"items":[]}',
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                if r.status != 200:
                    errors.append(
                        f"Memory admin probe returned unexpected HTTP {r.status} "
                        f"from {backend}/api/memory/admin/seed"
                    )
        except urllib.error.HTTPError as exc:
            if exc.code == 403:
                errors.append(
                    "Memory scenarios require GAIA_MEMORY_ADMIN=1 on the backend, "
                    f"but the backend at {backend} returned 403 from "
                    "/api/memory/admin/seed."
                )
            else:
                errors.append(
                    f"Memory admin probe failed with HTTP {exc.code} from {backend}: {exc.reason}"
                )
        except urllib.error.URLError as exc:
            errors.append(
                f"Memory admin probe could not reach {backend}: {exc}. "
                "Is the Agent UI backend running?"
            )
    return errors


DEFAULT_BACKEND = "http://localhost:4200"  # agent_ui_mcp.py:41
MCP_MODULE = "gaia.mcp.servers.agent_ui_mcp"


def agent_backend(repo_root: Path) -> str:
    """The backend the eval agent's MCP tools call (agent_ui_mcp.py:41, 812-826)."""
    try:
        doc = json.loads((repo_root / "eval" / "mcp-config.json").read_text("utf-8"))
    except (OSError, ValueError):
        return DEFAULT_BACKEND
    for server in (doc.get("mcpServers") or {}).values():
        args = [str(a) for a in server.get("args") or []]
        if not any(MCP_MODULE in a for a in args):
            continue
        for i, word in enumerate(args):
            if word == "--backend" and i + 1 < len(args):
                return args[i + 1].rstrip("/")
    return DEFAULT_BACKEND


def merged_manifest(repo_root: Path, extra_dirs: list[str]) -> dict:
    """runner:816-894 (user corpus skipped with FAKE_GAIA_NO_USER_DIR)."""
    corpus = repo_root / "eval" / "corpus"
    try:
        manifest = json.loads((corpus / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError):
        manifest = {"documents": []}
    sources = [corpus / "real_world" / "manifest.json"]
    if not env("NO_USER_DIR"):
        sources.append(Path.home() / ".gaia" / "eval" / "corpus" / "manifest.json")
    sources += [Path(d) / "manifest.json" for d in extra_dirs]
    for path in sources:
        if path.is_file():
            try:
                extra = json.loads(path.read_text("utf-8")).get("documents", [])
            except (OSError, ValueError):
                continue
            manifest["documents"] = manifest.get("documents", []) + extra
            manifest["total_documents"] = len(manifest["documents"])
    return manifest


def build_prompt(data: dict, manifest: dict, backend: str) -> str:
    """The parts of runner:423-590 that size the prompt: scenario YAML and manifest JSON."""
    text = json.dumps(data, indent=2) if yaml is None else yaml.dump(data)
    return (
        f"## SCENARIO\n{text}\n## CORPUS MANIFEST\n{json.dumps(manifest, indent=2)}\n"
        f"## AGENT UI\nBackend: {backend}\n"
    )


def system_status(backend: str) -> dict | None:
    """What the eval agent's ``system_status()`` MCP tool returns (agent_ui_mcp.py:253-255),
    called as GAIA's own tool function (``tests/support/gaia_mcp.py``: GAIA's
    ``create_agent_ui_mcp``
    from a verbatim copy, which also asks ``/api/memory/settings`` as GAIA's server does at
    start, L549); None where it reports an error (``_normalize_error``, L46-75)."""
    import gaia_mcp  # tests/support/gaia_mcp.py: this script's folder is first on sys.path

    reply = gaia_mcp.tools(backend)["system_status"]()
    return None if not isinstance(reply, dict) or reply.get("status") == "error" else reply


# ── one scenario's result, shaped like GAIA's traces ────────────────────────────────────────
def effective_timeout(base: int, data: dict) -> float:
    """runner:236-242 (times FAKE_GAIA_TIME_SCALE)."""
    turns = len(data.get("turns", []) or [])
    docs = len((data.get("setup") or {}).get("index_documents", []) or [])
    return min(max(base, 240 + docs * 90 + turns * 200), 7200) * float(env("TIME_SCALE", "1"))


def documents_exist(repo_root: Path, data: dict) -> bool:
    """runner:336-348: dict entries' ``path`` relative to REPO_ROOT."""
    for doc in (data.get("setup") or {}).get("index_documents", []) or []:
        if isinstance(doc, dict) and doc.get("path") and not (repo_root / doc["path"]).exists():
            return False
    return True


def sent_message(turn: dict, paraphrase: bool) -> str:
    text = turn.get("user_message")
    if not isinstance(text, str) or not text.strip():
        text = f"Can you help me with this: {turn.get('objective', '')}".strip()
    if paraphrase:
        text = "Hey, quick question. " + text.rstrip("?.! ") + ", please?"
    return text


def dimension_scores(status: str) -> dict:
    fixed = env("JUDGE_SCORE")
    if fixed is not None:
        v = float(fixed)
        return {k: v for k, _w in WEIGHTS}
    if status == "PASS":
        return {k: 8 for k, _w in WEIGHTS}
    if status == "FAIL":
        return {**{k: 5 for k, _w in WEIGHTS}, "correctness": 2}
    return {**{k: 4 for k, _w in WEIGHTS}, "correctness": 3}  # BLOCKED_BY_ARCHITECTURE


def weighted(scores: dict) -> float:
    """runner:606-619 (clamped weighted sum)."""
    return sum(max(0, min(10, scores[k])) * w for k, w in WEIGHTS)


def judged_result(sid: str, data: dict, status: str, paraphrase: bool) -> dict:
    """The eval agent's JSON (requested shape runner:537-573) after normalisation."""
    turns = []
    for turn in sorted(data.get("turns") or [], key=lambda t: t.get("turn", 0)):
        scores = dimension_scores(status)
        score = weighted(scores)
        ok = scores["correctness"] >= 4 and score >= 6.0  # runner:1119-1124
        turns.append(
            {  # key order as in committed traces (eval/results/baseline.json)
                "turn": turn.get("turn"),
                "user_message": sent_message(turn, paraphrase),
                "agent_response": f"(fake agent response to turn {turn.get('turn')})",
                "agent_tools": [],
                "scores": scores,
                "overall_score": round(score, 2),  # runner:1117
                "pass": ok,
                "failure_category": None if ok else "wrong_answer",
                "reasoning": f"fake judge: {status}",
                "performance": {
                    "tokens_per_second": 30.0,
                    "time_to_first_token": 1.5,
                    "input_tokens": 1000,
                    "output_tokens": 100,
                    "flags": [],
                },
            }
        )
    mean = round(sum(t["overall_score"] for t in turns) / len(turns), 2) if turns else None
    status = rederive(status, turns, mean)
    return {
        "scenario_id": sid,
        "status": status,
        "overall_score": mean,  # runner:1126-1142
        "turns": turns,
        "root_cause": None if status == "PASS" else f"fake root cause ({status})",
        "recommended_fix": None if status == "PASS" else "fake recommended fix",
        "cost_estimate": {"turns": len(turns), "estimated_usd": 0.05},
    }


def rederive(status: str, turns: list, mean) -> str:
    """runner:1146-1196: PASS/FAIL follow the rubric on the recomputed scores."""
    if not turns:
        return status
    correct = [t["scores"].get("correctness") for t in turns]
    rubric = all(isinstance(c, (int, float)) and c >= 4 for c in correct) and (
        isinstance(mean, (int, float)) and mean >= 6.0
    )
    if status == "PASS" and not rubric:
        print("[WARN] overriding LLM status PASS→FAIL (rubric)", file=sys.stderr)
        return "FAIL"
    if status == "FAIL" and rubric:
        print("[WARN] overriding LLM status FAIL→PASS (rubric)", file=sys.stderr)
        return "PASS"
    return status


def runner_result(sid: str, status: str) -> dict:
    """Results the runner makes itself (runner:989-997, 1011-1024, 1089-1096)."""
    out: dict = {"scenario_id": sid, "status": status, "overall_score": None, "turns": []}
    if status == "BUDGET_EXCEEDED":
        out["error"] = "Budget cap hit after $2.013 (37 turns)"
        out["cost_estimate"] = {"turns": 37, "estimated_usd": 2.013}
    elif status == "ERRORED":
        out["error"] = "fake: claude exited 1"
        out["cost_estimate"] = {"turns": 0, "estimated_usd": 0.0}
    else:  # TIMEOUT has no "error"
        out["cost_estimate"] = {"turns": 0, "estimated_usd": 0.0}
    return out


def performance_summary(result: dict) -> dict | None:
    """runner:643-697."""
    tps, ttft, tin, tout, flags = [], [], 0, 0, set()
    for t in result.get("turns", []):
        p = t.get("performance")
        if not isinstance(p, dict):
            continue
        if isinstance(p.get("tokens_per_second"), (int, float)) and p["tokens_per_second"] > 0:
            tps.append(p["tokens_per_second"])
        if isinstance(p.get("time_to_first_token"), (int, float)) and p["time_to_first_token"] > 0:
            ttft.append(p["time_to_first_token"])
        tin += int(p.get("input_tokens") or 0)
        tout += int(p.get("output_tokens") or 0)
        flags.update(p.get("flags") or [])
    if not (tps or ttft or tin or tout):
        return None
    avg_tps = sum(tps) / len(tps) if tps else None
    avg_ttft = sum(ttft) / len(ttft) if ttft else None
    if avg_tps:
        print(
            f"[PERF] {result['scenario_id']} — {avg_tps:.1f} tok/s avg, {tin}→{tout} tokens",
            file=sys.stderr,
        )
    return {
        "avg_tokens_per_second": round(avg_tps, 1) if avg_tps else None,
        "avg_time_to_first_token": round(avg_ttft, 3) if avg_ttft else None,
        "total_input_tokens": tin,
        "total_output_tokens": tout,
        "flags": sorted(flags),
    }


def run_one(sid: str, data: dict, status: str, args, run_dir: Path, limit: int) -> dict:
    print(f"\n[RUN] {sid} — invoking claude -p ...", flush=True)
    start = time.time()
    hang = float(env("HANG", "0"))
    timed_out = False
    if hang > 0:  # a child process, as GAIA's claude subprocess (runner:972-983)
        child = subprocess.Popen([sys.executable, "-c", f"import time; time.sleep({hang})"])
        record(child_pids=RECORD.get("child_pids", []) + [child.pid])
        try:
            child.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
            timed_out = True
    if timed_out:
        status = "TIMEOUT"
        print(f"[TIMEOUT] {sid} — exceeded {limit}s", file=sys.stderr)
    if status in JUDGED:
        result = judged_result(sid, data, status, bool(env("PARAPHRASE")))
    elif status in ("TIMEOUT", "BUDGET_EXCEEDED", "ERRORED"):
        if status == "ERRORED":
            print(f"[ERROR] {sid} — exit code 1", file=sys.stderr)
        result = runner_result(sid, status)
    else:  # INFRA_ERROR, SETUP_ERROR or an unknown status: the eval agent's own answer
        result = {
            "scenario_id": sid,
            "status": status,
            "overall_score": None,
            "turns": [],
            "root_cause": f"fake: {status}",
            "recommended_fix": None,
            "cost_estimate": {"turns": 0, "estimated_usd": 0.01},
        }
    result["elapsed_s"] = time.time() - start  # runner:1073 / 1087
    result.setdefault("category", data.get("category", "unknown"))  # runner:1099
    result["performance_summary"] = performance_summary(result)  # runner:1239
    traces = run_dir / "traces"
    traces.mkdir(exist_ok=True)
    (traces / f"{sid}.json").write_text(
        json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8"
    )  # runner:1249-1254
    score = result.get("overall_score")
    shown = f"{score:.1f}" if isinstance(score, (int, float)) else "n/a"
    print(f"[DONE] {sid} — {result.get('status')} {shown}/10 ({result['elapsed_s']:.0f}s)")
    return result


# ── scorecard.json (scorecard:16-205), our own aggregation of the same fields ───────────────
def bucket(status) -> str:
    return {
        "PASS": "passed",
        "FAIL": "failed",
        "BLOCKED_BY_ARCHITECTURE": "blocked",
        "TIMEOUT": "timeout",
        "BUDGET_EXCEEDED": "budget_exceeded",
        "INFRA_ERROR": "infra_error",
        "SETUP_ERROR": "infra_error",
        "SKIPPED_NO_DOCUMENT": "skipped",
    }.get(status, "errored")


def capped(r: dict):
    s = r.get("overall_score")
    if r.get("status") not in JUDGED or not isinstance(s, (int, float)):
        return None
    return min(s, 5.99) if r.get("status") == "FAIL" else s  # scorecard:45-59


def build_scorecard(run_id: str, results: list, config: dict, now: datetime) -> dict:
    names = (
        "passed",
        "failed",
        "blocked",
        "timeout",
        "budget_exceeded",
        "infra_error",
        "skipped",
        "errored",
    )
    counts = dict.fromkeys(names, 0)
    cats: dict = {}
    for r in results:
        counts[bucket(r.get("status"))] += 1
        c = cats.setdefault(r.get("category", "unknown"), {**dict.fromkeys(names, 0), "s": []})
        c[bucket(r.get("status", "ERRORED"))] += 1
        if capped(r) is not None:
            c["s"].append(capped(r))
    for c in cats.values():
        s = c.pop("s")
        c["avg_score"] = sum(s) / len(s) if s else 0.0  # not rounded (scorecard:101-106)
    scores = [capped(r) for r in results if capped(r) is not None]
    judged = sum(1 for r in results if r.get("status") in JUDGED)
    total = len(results)
    perf = [
        r["performance_summary"] for r in results if isinstance(r.get("performance_summary"), dict)
    ]
    tps = [
        p["avg_tokens_per_second"]
        for p in perf
        if isinstance(p.get("avg_tokens_per_second"), (int, float))
        and p["avg_tokens_per_second"] > 0
    ]  # noqa: E501
    ttft = [
        p["avg_time_to_first_token"]
        for p in perf
        if isinstance(p.get("avg_time_to_first_token"), (int, float))
        and p["avg_time_to_first_token"] > 0
    ]  # noqa: E501
    card = {
        "run_id": run_id,
        "timestamp": now.isoformat(),
        "config": config,
        "summary": {
            "total_scenarios": total,
            **counts,
            "pass_rate": counts["passed"] / total if total else 0.0,
            "judged_pass_rate": counts["passed"] / judged if judged else 0.0,
            "avg_score": round(sum(scores) / len(scores), 2) if scores else 0.0,
            "by_category": cats,
        },
        "scenarios": results,
        "cost": {
            "estimated_total_usd": round(
                sum((r.get("cost_estimate") or {}).get("estimated_usd", 0) for r in results), 4
            )
        },
        "performance": {
            "avg_tokens_per_second": round(sum(tps) / len(tps), 1) if tps else None,
            "avg_time_to_first_token": round(sum(ttft) / len(ttft), 3) if ttft else None,
            "total_input_tokens": sum(p.get("total_input_tokens", 0) or 0 for p in perf),
            "total_output_tokens": sum(p.get("total_output_tokens", 0) or 0 for p in perf),
            "scenarios_with_data": len(perf),
            "flags": sorted({f for p in perf for f in (p.get("flags") or [])}),
        },
    }
    odd = sorted({r.get("status") for r in results if r.get("status") not in KNOWN}, key=str)
    if odd:
        print(
            f"[WARN] scorecard: unrecognized status(es) bucketed as 'errored': {odd}",
            file=sys.stderr,
        )
        card["warnings"] = [f"Unrecognized status(es) bucketed as 'errored': {odd}"]
    return card


def summary_md(card: dict) -> str:
    """A short summary.md (GAIA's fuller one: scorecard:208-300; not reproduced)."""
    s = card["summary"]
    lines = [
        f"# GAIA Agent Eval — {card['run_id']}",
        f"**Date:** {card['timestamp']}",
        f"**Model:** {card['config'].get('model')}",
        "",
        f"- **Total:** {s['total_scenarios']} scenarios",
        f"- **Passed:** {s['passed']}",
    ]
    lines += [f"- **{r.get('scenario_id')}** — {r.get('status')}" for r in card["scenarios"]]
    return "\n".join(lines) + "\n"


# ── the run ─────────────────────────────────────────────────────────────────────────────────
class Clock:
    def __init__(self) -> None:
        fixed = env("NOW")
        self.base = datetime.strptime(fixed, "%Y%m%d-%H%M%S").replace(tzinfo=UTC) if fixed else None
        self.step = float(env("NOW_STEP", "1"))
        self.started = time.time()

    def now(self, iteration: int) -> datetime:
        if self.base is None:
            return datetime.now(UTC)
        return self.base + timedelta(seconds=iteration * self.step + time.time() - self.started)

    def run_start(self, iteration: int) -> datetime:
        if self.base is None:
            return datetime.now(UTC)
        return self.base + timedelta(seconds=iteration * self.step)


def pick_dir(results_dir: Path, clock: Clock, iteration: int) -> tuple[str, Path]:
    while True:
        run_id = f"eval-{clock.run_start(iteration).strftime('%Y%m%d-%H%M%S')}"  # runner:1815
        run_dir = results_dir / run_id
        if not env("NO_COLLIDE") or clock.base is not None or not run_dir.exists():
            break
        time.sleep(0.05)  # a free second, as runs minutes long always get
    run_dir.mkdir(parents=True, exist_ok=True)  # runner:1817
    return run_id, run_dir


def status_for(iteration: int, backend_ok: bool) -> str:
    wanted = env("STATUS")
    if not wanted:
        return "PASS" if backend_ok else "INFRA_ERROR"
    items = [s.strip() for s in wanted.split(",") if s.strip()]
    position = RECORD.get("earlier_iterations", 0) + iteration
    return items[min(position, len(items) - 1)]


def start_record() -> None:
    """Carry the earlier invocations' record (one test may run the runner several times)."""
    path = env("RECORD_ARGS")
    if not path or not Path(path).is_file():
        return
    try:
        earlier = json.loads(Path(path).read_text("utf-8"))
    except (OSError, ValueError):
        return
    RECORD["invocation"] = earlier.get("invocation", 1) + 1
    RECORD["earlier_iterations"] = earlier.get("earlier_iterations", 0) + len(
        earlier.get("run_dirs", [])
    )
    RECORD["history"] = earlier.pop("history", []) + [earlier]


def run_iteration(args, repo_root: Path, clock: Clock, iteration: int) -> dict:
    if env("LOCKED"):  # runner:157-172
        print(
            "[ERROR] Another `gaia eval agent` run is already in progress (PID 1, started "
            "~0s ago).",
            file=sys.stderr,
        )
        sys.exit(2)
    scenarios = find_scenarios(repo_root, args)
    if not scenarios:  # runner:1790-1800
        desc = f"id={args.scenario}, category={args.category}"
        if args.tag:
            desc += f", tags={args.tag}"
        print(f"[ERROR] No scenarios found ({desc})", file=sys.stderr)
        sys.exit(1)
    print(f"[INFO] Found {len(scenarios)} scenario(s)")
    if args.agent_type:
        print(f"[INFO] Targeting agent_type='{args.agent_type}'")
    errors = preflight(repo_root, args.backend, scenarios)
    if errors:  # runner:1807-1812
        print("[ERROR] Pre-flight check failed:", file=sys.stderr)
        for e in errors:
            print(f"  - {e}", file=sys.stderr)
        sys.exit(1)
    run_id, run_dir = pick_dir(repo_root / "eval" / "results", clock, iteration)
    record(run_dirs=RECORD.get("run_dirs", []) + [str(run_dir)])
    progress = run_dir / ".progress.json"
    done = json.loads(progress.read_text("utf-8")) if progress.exists() else {}
    results = []
    for _path, data in scenarios:
        sid = data["id"]
        trace = run_dir / "traces" / f"{sid}.json"
        if sid in done and trace.exists():  # resume (runner:1825-1850)
            results.append(json.loads(trace.read_text("utf-8")))
            print(f"[SKIP] {sid} -- already completed (resume mode)")
            continue
        if not documents_exist(repo_root, data):  # runner:1853-1877
            print(
                f"[SKIP] {sid} — corpus document(s) not on disk (real-world corpus not "
                "committed to git)"
            )
            result = {
                "scenario_id": sid,
                "category": data.get("category", "unknown"),
                "status": "SKIPPED_NO_DOCUMENT",
                "overall_score": None,
                "turns": [],
                "elapsed_s": 0.0,
                "cost_estimate": {"turns": 0, "estimated_usd": 0.0},
            }
            trace.parent.mkdir(exist_ok=True)
            trace.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
        else:
            backend = agent_backend(repo_root)  # not args.backend: agent_ui_mcp.py:41
            prompt = build_prompt(
                data, merged_manifest(repo_root, args.corpus_dir or []), args.backend
            )
            docs = [
                d.get("id")
                for d in merged_manifest(repo_root, args.corpus_dir or []).get("documents", [])
                if isinstance(d, dict)
            ]
            record(prompt_documents=docs, prompt_chars=len(prompt), agent_backend=backend)
            seen = system_status(backend)
            record(
                model_loaded_seen=RECORD.get("model_loaded_seen", [])
                + [None if seen is None else seen.get("model_loaded")]
            )
            status = status_for(iteration, seen is not None)
            limit = effective_timeout(args.timeout, data)
            result = run_one(sid, data, status, args, run_dir, limit)
        results.append(result)
        done[sid] = result.get("status")
        progress.write_text(json.dumps(done, indent=2), encoding="utf-8")
    if progress.exists():
        progress.unlink()
    config = {
        "backend_url": args.backend,
        "model": args.model,  # runner:1906-1911
        "budget_per_scenario_usd": float(args.budget),
        "agent_type": args.agent_type,
    }
    card = build_scorecard(run_id, results, config, clock.now(iteration))
    if env("NO_SCORECARD"):
        return card
    (run_dir / "scorecard.json").write_text(
        json.dumps(card, indent=2, ensure_ascii=False), encoding="utf-8"
    )
    (run_dir / "summary.md").write_text(summary_md(card), encoding="utf-8")
    s = card["summary"]  # runner:1719-1732
    print(f"\n{BAR}")
    print(f"RUN: {run_id}")
    print(
        f"Results: {s['passed']}/{s['total_scenarios']} passed ({s['pass_rate'] * 100:.0f}% all, "
        f"{s['judged_pass_rate'] * 100:.0f}% judged)"
    )
    print(f"Avg score: {s['avg_score']:.1f}/10")
    print(f"Output: {run_dir}")
    print(BAR)
    return card


def reliability(cards: list, threshold: float, results_dir: Path) -> None:
    """Same report fields as cli:1182-1275 (table printed in our own words)."""
    by: dict = {}
    for card in cards:
        for r in card.get("scenarios", []):
            by.setdefault(r.get("scenario_id", "unknown"), []).append(r.get("status", "ERRORED"))
    rows = []
    for sid in sorted(by):
        passes, total = sum(1 for s in by[sid] if s == "PASS"), len(by[sid])
        rate = passes / total if total else 0.0
        rows.append(
            {
                "scenario_id": sid,
                "pass_count": passes,
                "total": total,
                "iteration_pass_rate": rate,
                "status": "PASS" if rate >= threshold else "FAIL",
            }
        )  # noqa: E501
    go = all(r["status"] == "PASS" for r in rows)
    print(f"\n  MCP RELIABILITY SUMMARY  ({len(cards)} iterations)")
    for r in rows:
        print(
            f"  {r['scenario_id']:<40} {r['pass_count']}/{r['total']} ({r['iteration_pass_rate']:.0%}) "  # noqa: E501
            f"{r['status']:>8}"
        )
    print(f"\n  Readiness: {'GO' if go else 'NO_GO'}\n")
    report = {
        "iterations": len(cards),
        "pass_threshold": threshold,
        "readiness": "GO" if go else "NO_GO",
        "scenarios": rows,
    }
    path = results_dir / "reliability_report.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    print(f"[RELIABILITY] Report saved → {path}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    repo_root = Path(env("REPO_ROOT") or os.getcwd()).resolve()
    args = build_parser().parse_args(argv)
    start_record()
    if args.action != "eval" or args.eval_command != "agent":
        print("fake_gaia_eval: only `eval agent` is emulated", file=sys.stderr)
        return 2
    record(
        argv=argv,
        cwd=os.getcwd(),
        repo_root=str(repo_root),
        scenario_dir_files={d: listing(d) for d in args.scenario_dir or []},
        corpus_dirs=args.corpus_dir or [],
    )
    if env("EXIT_WHEN") == "start":
        return int(env("EXIT", "1"))
    if args.audit_only or args.generate_corpus or args.compare or args.capture_session or args.fix:
        print(
            "fake_gaia_eval: --audit-only/--generate-corpus/--compare/--capture-session/--fix "
            "are not emulated",
            file=sys.stderr,
        )
        return 2
    if args.iterations < 1:  # cli:4696-4698 — note: exit status 0
        print("Error: --iterations must be >= 1", file=sys.stderr)
        return 0
    clock = Clock()
    cards = []
    for i in range(args.iterations):
        if args.iterations > 1:  # cli:4712-4715
            print(f"\n{BAR}")
            print(f"[ITER] Iteration {i + 1}/{args.iterations}")
            print(BAR)
        cards.append(run_iteration(args, repo_root, clock, i))
    results_dir = repo_root / "eval" / "results"
    if args.iterations > 1:
        reliability(cards, args.target_pass_rate, results_dir)
    if args.save_baseline and cards:  # cli:4761-4773
        path = results_dir / "baseline.json"
        path.write_text(json.dumps(cards[-1], indent=2, ensure_ascii=False), encoding="utf-8")
        print(f"[BASELINE] Saved baseline → {path}")
    return int(env("EXIT", "0"))


if __name__ == "__main__":
    sys.exit(main())

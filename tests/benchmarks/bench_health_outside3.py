"""The third outside audit of `intake health` (issue 38): a GAIA-shaped history written without
reading intake's health code, read by intake through its CLI and by a reference reader of my
own, scored against the true pass probabilities it was drawn from.

Run: PYTHONPATH=. python tests/benchmarks/bench_health_outside3.py [SEED ...]   (default 11 23)

What a GAIA engineer's repository holds here (one git repository: GAIA's layout, the suite in
`eval/scenarios`, `[tool.intake]` in the top `pyproject.toml`, so the suite's git is GAIA's):

* three models under test: one strong (`Qwen3.5-35B-A3B-GGUF`, on `gaia-win-ci-1`, 3 iterations
  a night, and on `gaia-win-ci-4`, 1) and two local (`Gemma-4-E4B-it-GGUF` on `gaia-win-ci-2`,
  1 iteration, 3 on the weekly nights 7 and 14; `Qwen3-4B-Instruct-GGUF` on `gaia-win-ci-3`, 2
  iterations, its checkout one night behind: it runs the previous night's commit);
* a commit a night on `main`; bug fixes made on branches and merged two nights later, so runs
  started after the closing still test the code before the fix (ancestry decides), one fix made
  on `main`, one closing with no fix commit (the start decides);
* scenario files named differently from their ids (GAIA's `mcp_reliability/simple_tool_call.yaml`
  holds `mcp_simple_tool_call`), two renamed with `git mv` (id kept), edits that change the
  runnable hash (turns) and edits that do not (description), scenarios added late (thin);
* the judge (GAIA's `--model`, the scorecard's `config.model`) changed from night 8 on;
* a killed run (traces only, no scorecard), a night with one machine's backend down
  (`INFRA_ERROR`), sprinkled `TIMEOUT`/`ERRORED`, scenarios whose document is missing
  (`SKIPPED_NO_DOCUMENT`: never judged);
* bugs adopted from issues with the link in all three forms (the issue URL, `github:amd/gaia#N`,
  `amd/gaia#N`) and one named by `intake bugs link` on a session-sourced scenario; failing before
  the fix by `FAIL` or only by `BLOCKED_BY_ARCHITECTURE`; open and not-planned issues.

Intake is driven only through its CLI (`adopt`, `bugs link`, `bugs refresh --closings`, `runs
import`, `health --format json`, `report --format json`). The run folders of the nights since
the last reading are imported at 3, 7 and 14 nights, and `health` is read and scored there.

The reference reader (``read_case``, ``decide``) implements docs/health.md "Decisions" from
the text: per scenario the runs of the window (14 nights back from the newest run), of the current
runnable hash, after the bug's fix (ancestry of the fix commit when the closing names one, else
the start), of the newest judge; per tier (strong; local: both local models) the judged runs and
passes; every tier that ran needs 5 judged runs; the Jeffreys posterior Beta(k+1/2, n-k+1/2) of
each tier, its mass over 0.01-wide bins (exact per bin from the regularized incomplete beta,
computed here by its continued fraction), each bin's centre placed in the first region whose
condition holds (always-fail: strong <= 0.1; inverted: local > strong + 0.2; saturated: both >=
0.9; flaky: a tier inside [0.3, 0.7]; healthy: the rest), a class said at mass >= 0.9, else
undecided. A case is *supported* when the reader decides it; intake's class is scored against
the *true* class (the same regions at the true rates of the runs read; the local tier's rate is
its two models' mixed in proportion to their runs) on supported cases. Also checked: a case
some tier of which has 1-4 judged runs read must be `undecided`; every bug's outcome and the
run that caught it (`report --format json` `bugs`) must be exactly the truth by construction;
intake's tier counts beside the reader's. The four cases whose two local models are far apart
(0.97 and 0.03) are not scored (what their class should be is finding 2 of docs/health.md's
"Third outside audit"); what intake calls them is printed.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.support.env import REPO, home_env
from tests.support.gitrepo import git, init

STRONG = "Qwen3.5-35B-A3B-GGUF"
LOCAL_A = "Gemma-4-E4B-it-GGUF"
LOCAL_B = "Qwen3-4B-Instruct-GGUF"
JUDGE_OLD = "claude-sonnet-4-6"
JUDGE_NEW = "claude-opus-4-6"
JUDGE_CHANGE_NIGHT = 8
NIGHTS = 14
HORIZONS = (3, 7, 14)
DAY0 = datetime(2026, 11, 1, tzinfo=UTC)
WHO = ("GAIA Nightly", "nightly@example.com")

# (machine, model, iterations of night d, checkout lag in nights, start hour)
MACHINES: tuple[tuple[str, str, Any, int, int], ...] = (
    ("gaia-win-ci-1", STRONG, lambda d: 3, 0, 2),
    ("gaia-win-ci-2", LOCAL_A, lambda d: 3 if d % 7 == 0 else 1, 0, 3),
    ("gaia-win-ci-3", LOCAL_B, lambda d: 2, 1, 5),
    ("gaia-win-ci-4", STRONG, lambda d: 1, 0, 7),
)
BACKEND_DOWN = (
    "gaia-win-ci-2",
    4,
)  # every result INFRA_ERROR (GAIA's eval agent, runner.py L506-512)
KILLED = ("gaia-win-ci-3", 7, 0)  # machine, night, iteration: traces only (runner.py L1249-1254)

CATEGORIES = (
    "rag_quality",
    "tool_selection",
    "context_retention",
    "error_recovery",
    "mcp_reliability",
    "memory",
    "personality",
    "adversarial",
    "real_world",
    "web_system",
)

# GAIA's runnable part (persona, setup, turns) and its free text; the id differs from the file's
# name, as in GAIA's mcp_reliability folder (runner.py L395-405 indexes scenarios by data["id"]).
SCENARIO_YAML = """\
id: {id}
name: "{name}"
category: {category}
severity: medium
description: |
  {description}
persona: {persona}
setup:
  index_documents: []
turns:
  - turn: 1
    objective: "{objective}"
    user_message: "{message}"
    ground_truth:
      expected_behavior: "The agent answers from the indexed document"
    success_criteria: |
      The agent answers the question in one pass and names the figure it read.
      FAIL if the agent invents a figure.
expected_outcome: |
  The agent answers correctly.
"""


@dataclass
class Case:
    """One scenario: its id, file and the true pass probability of each model, by version."""

    sid: str
    category: str
    path: str  # current file, relative to the repository
    kind: str  # the design group (saturated, inverted, ..., bug, split, thin, stale)
    # true pass probability per model, one dict per runnable version (0, 1, ...)
    p: list[dict[str, float]]
    added: int = 0  # night whose commit adds it (0: before the first night)
    edit_night: int | None = None  # a turns edit (new runnable version)
    cosmetic_night: int | None = None  # a description edit (same runnable hash)
    rename_night: int | None = None
    rename_to: str | None = None
    skipped: bool = False  # every result SKIPPED_NO_DOCUMENT
    stale_after_last: bool = False  # edited after the last night's runs (no run of it)
    bug: Bug | None = None
    version_text: list[str] = field(default_factory=list)


@dataclass
class Bug:
    number: int
    form: str  # url | github | owner (adopted with that link) | link (bugs link on a session)
    state: str  # completed | not_planned | open
    fix: str  # branch | main | none (closing without fix commit)
    fix_night: int  # the night the fix is committed (branch or main), its closing time
    fail_status: str  # FAIL or BLOCKED_BY_ARCHITECTURE before the fix
    p_before: float  # pass probability before the fix (every model)
    fix_sha: str | None = None
    closed_at: datetime | None = None
    added_after: bool = False  # scenario added after the closing (caught after the fix)
    close_hour: float = 0.58  # hour of the fix night a fix on main (or none) closes it
    kind: str = ""  # what the bug case tries


def night_time(d: int, hour: float) -> datetime:
    return DAY0 + timedelta(days=d, hours=hour)


def stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%S+00:00")


def design(rng: random.Random) -> list[Case]:
    """The cases and their true rates. Models: the strong one, and two local ones alike unless
    the group says otherwise ("split": the two locals far apart)."""
    cases: list[Case] = []
    n = 0

    def add(kind: str, s: float, local: float, **kw: Any) -> Case:
        nonlocal n
        n += 1
        cat = CATEGORIES[n % len(CATEGORIES)]
        sid = f"{cat[:3]}_{kind.replace('-', '_')}_{n:03d}"
        local_b = kw.pop("local_b", local)
        c = Case(
            sid=sid,
            category=cat,
            path=f"eval/scenarios/{cat}/case{n:03d}.yaml",
            kind=kind,
            p=[{STRONG: s, LOCAL_A: local, LOCAL_B: local_b}],
            **kw,
        )
        cases.append(c)
        return c

    u = rng.uniform
    for _ in range(10):
        add("saturated", u(0.97, 1.0), u(0.96, 1.0))
    for _ in range(8):
        add("always-fail", u(0.0, 0.03), u(0.0, 0.05))
    for _ in range(8):
        add("inverted", u(0.25, 0.35), u(0.92, 1.0))
    for _ in range(8):
        add("flaky", u(0.45, 0.55), u(0.42, 0.58))
    for _ in range(8):  # the strong model solves it, the local ones do not: healthy
        add("healthy", u(0.96, 1.0), u(0.0, 0.08))
    for _ in range(6):  # middling-high on both: healthy
        add("healthy", u(0.8, 0.86), u(0.76, 0.84))
    for _ in range(4):
        add("never-judged", 0.9, 0.5, skipped=True)
    for _ in range(4):  # the two local models far apart: one tier, two very different models
        add("split", u(0.97, 1.0), 0.97, local_b=0.03)
    # renamed (git mv, id kept) and cosmetic edits: one case over the whole window
    for i in range(4):
        c = add("healthy", u(0.96, 1.0), u(0.0, 0.06))
        if i < 2:
            c.rename_night, c.rename_to = 5 + i, c.path.replace(".yaml", "_renamed.yaml")
        else:
            c.cosmetic_night = 6 + i
    # turns edited: flaky before, saturated after (a new case from the edit on)
    for i in range(4):
        c = add("saturated", u(0.45, 0.55), u(0.45, 0.55), edit_night=4 + 2 * i)
        c.p.append({STRONG: u(0.97, 1.0), LOCAL_A: u(0.96, 1.0), LOCAL_B: u(0.96, 1.0)})
    # added late: thin at the horizon after their addition
    for night in (2, 6, 14):
        for _ in range(2):
            add("thin", u(0.97, 1.0), u(0.0, 0.06), added=night)
    # edited after the last night's runs (14 nights only)
    for _ in range(2):
        add("stale", u(0.97, 1.0), u(0.96, 1.0), stale_after_last=True)
    # bugs: (form, state, fix, fix night, failure status, pass before the fix)
    specs = [
        ("url", "completed", "branch", 4, "FAIL", 0.05),
        ("github", "completed", "branch", 6, "BLOCKED_BY_ARCHITECTURE", 0.05),
        ("owner", "completed", "branch", 8, "FAIL", 0.1),
        ("link", "completed", "branch", 5, "FAIL", 0.05),
        ("url", "completed", "main", 7, "BLOCKED_BY_ARCHITECTURE", 0.1),
        ("github", "completed", "none", 5, "FAIL", 0.05),
        ("owner", "completed", "branch", 2, "FAIL", 0.93),  # likely missed
        ("url", "not_planned", "none", 6, "FAIL", 0.5),
        ("github", "open", "none", 0, "FAIL", 0.5),
        ("owner", "completed", "branch", 11, "BLOCKED_BY_ARCHITECTURE", 0.0),
        ("url", "completed", "main", 3, "FAIL", 0.5),
    ]
    for i, (form, state, fix, fix_night, fail, before) in enumerate(specs):
        c = add("bug", u(0.97, 1.0), u(0.9, 1.0))
        c.bug = Bug(100 + i, form, state, fix, fix_night, fail, before)
    # caught after the fix: the scenario written after the closing
    c = add("bug", u(0.97, 1.0), u(0.9, 1.0), added=9)
    c.bug = Bug(120, "url", "completed", "main", 3, "FAIL", 0.0, added_after=True)
    c.bug.kind = "after"
    # written after the closing, but the fix is still on its branch: the runs of nights 8 and
    # 9 (and the lagging machine's of 10) start after the closing and test the code before the
    # fix: caught before, by ancestry only
    c = add("bug", u(0.97, 1.0), u(0.9, 1.0), added=8)
    c.bug = Bug(121, "owner", "completed", "branch", 8, "FAIL", 0.0, kind="ancestry-only")
    # closed with no fix commit at 02:20 on the night it was written: only the strong machine's
    # 02:00 run started before the closing (it ends at 02:40): caught before, by start, not end
    c = add("bug", u(0.97, 1.0), u(0.9, 1.0), added=9)
    c.bug = Bug(122, "github", "completed", "none", 9, "FAIL", 0.0, close_hour=2 + 1 / 3)
    c.bug.kind = "start-not-end"
    return cases


# ---------------------------------------------------------------- GAIA's writer, as it writes


def trace(case: Case, status: str, rng: random.Random) -> dict[str, Any]:
    """One scenario result: the object the runner writes to traces/<scenario_id>.json and into
    scorecard["scenarios"] (amd/gaia @ 78bbc30 src/gaia/eval/runner.py L1249-1254 writes it;
    the keys are the judge's schema, L537-573, normalised L1098-1246: scenario_id overwritten
    with the runner's id L1071-1072, category injected L1099, overall_score recomputed L1126-1142,
    pass recomputed as correctness >= 4 and overall >= 6.0 L1119-1124)."""
    judged = status in ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")
    score = round(rng.uniform(6.5, 9.6), 2) if status == "PASS" else round(rng.uniform(1.5, 5.9), 2)
    failure = None
    if status in ("FAIL", "BLOCKED_BY_ARCHITECTURE"):
        failure = rng.choice(["wrong_answer", "hallucination", "wrong_tool", "gave_up"])
    result: dict[str, Any] = {
        "scenario_id": case.sid,
        "category": case.category,
        "status": status,
        "overall_score": score if judged else None,
        "turns": (
            [
                {
                    "turn": 1,
                    "user_message": "What was the Q3 revenue?",
                    "agent_response": "The report says $14.2M.",
                    "agent_tools": ["query_specific_file"],
                    "scores": {
                        "correctness": 8 if status == "PASS" else 2,
                        "tool_selection": 8,
                        "context_retention": 8,
                        "completeness": 7,
                        "efficiency": 7,
                        "personality": 8,
                        "error_recovery": 8,
                    },
                    "overall_score": score,
                    "pass": status == "PASS",
                    "failure_category": failure,
                    "reasoning": "Judged against the success criteria.",
                }
            ]
            if judged
            else []
        ),
        "root_cause": None if status == "PASS" else "see turn 1",
        "recommended_fix": None,
        "cost_estimate": {"turns": 1 if judged else 0, "estimated_usd": 0.11 if judged else 0.0},
        "elapsed_s": round(rng.uniform(30, 200), 1),
        "performance_summary": None,
    }
    if status in ("ERRORED", "BUDGET_EXCEEDED"):
        result["error"] = "claude exited 1"  # runner.py L986-1084 (only these carry one)
    return result


def scorecard(
    run_id: str, end: datetime, judge: str, results: list[dict[str, Any]]
) -> dict[str, Any]:
    """GAIA's scorecard.json (src/gaia/eval/scorecard.py `build_scorecard` L16-205): run_id,
    timestamp written at the end (L154), config built by the runner (runner.py L1906-1911:
    `model` is the Claude model that drives and judges), summary counts per status (the known
    statuses L136-146, judged L10-13), scenarios, cost, performance."""
    count = Counter(r["status"] for r in results)
    judged = count["PASS"] + count["FAIL"] + count["BLOCKED_BY_ARCHITECTURE"]
    scores = [r["overall_score"] for r in results if r["overall_score"] is not None]
    return {
        "run_id": run_id,
        "timestamp": end.isoformat(),
        "config": {
            "backend_url": "http://localhost:4200",
            "model": judge,
            "budget_per_scenario_usd": 2.0,
            "agent_type": None,
        },
        "summary": {
            "total_scenarios": len(results),
            "passed": count["PASS"],
            "failed": count["FAIL"],
            "blocked": count["BLOCKED_BY_ARCHITECTURE"],
            "timeout": count["TIMEOUT"],
            "budget_exceeded": count["BUDGET_EXCEEDED"],
            "infra_error": count["INFRA_ERROR"] + count["SETUP_ERROR"],
            "skipped": count["SKIPPED_NO_DOCUMENT"],
            "errored": count["ERRORED"],
            "pass_rate": round(count["PASS"] / max(1, len(results)), 4),
            "judged_pass_rate": round(count["PASS"] / max(1, judged), 4),
            "avg_score": round(sum(scores) / max(1, len(scores)), 2),
            "by_category": {},
        },
        "scenarios": results,
        "cost": {"estimated_total_usd": round(0.11 * judged, 2)},
        "performance": {
            "avg_tokens_per_second": None,
            "avg_time_to_first_token": None,
            "total_input_tokens": 0,
            "total_output_tokens": 0,
            "scenarios_with_data": 0,
            "flags": [],
        },
    }


# ---------------------------------------------------------------- the history


@dataclass
class Run:
    run_id: str
    machine: str
    model: str
    tier: str
    judge: str
    night: int
    commit: str
    start: datetime
    statuses: dict[str, str]  # scenario id -> status
    versions: dict[str, int]  # scenario id -> runnable version at the run's commit


@dataclass
class History:
    root: Path
    artifacts: Path
    cases: list[Case]
    rng: random.Random
    commits: dict[int, str] = field(default_factory=dict)  # night -> main's commit
    # per commit: scenario id -> runnable version present at that commit
    present: dict[str, dict[str, int]] = field(default_factory=dict)
    runs: list[Run] = field(default_factory=list)
    ancestors: dict[str, set[str]] = field(default_factory=dict)  # commit -> its ancestry
    closed: set[int] = field(default_factory=set)  # bug numbers closed so far

    def cli(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("INTAKE_", "GITHUB_", "RUNNER_")) and k not in ("CI", "GH_TOKEN")
        }
        env.update(home_env(self.root.parent / "home"))
        env["PYTHONPATH"] = str(REPO)
        env["INTAKE_CONFIG"] = str(self.root.parent / "home" / "intake-user.toml")
        env["INTAKE_GITHUB_API_URL"] = "http://127.0.0.1:9/no-network"
        done = subprocess.run(
            [sys.executable, "-m", "intake", *args],
            cwd=self.root,
            capture_output=True,
            text=True,
            env=env,
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"intake {' '.join(args)}: exit {done.returncode}\n{done.stderr}")
        return done


def render(case: Case, version: int, cosmetic: bool) -> str:
    return SCENARIO_YAML.format(
        id=case.sid,
        name=case.sid.replace("_", " ").title(),
        category=case.category,
        description=("Reworded after review. " if cosmetic else "")
        + "The agent answers a question from an indexed report.",
        persona="power_user" if case.kind == "split" else "casual_user",
        objective="Ask for the quarterly revenue",
        message=question(case, version),
    )


def question(case: Case, version: int) -> str:
    """The first turn's message: the runnable part (a new version changes the hash)."""
    tail = f" (v{version})" if version else ""
    return f"What was the revenue of line {case.sid[-3:]} in Q3?{tail}"


PYPROJECT = f"""\
[project]
name = "gaia-like"
version = "0"

[tool.intake]
scenarios_dir = "eval/scenarios"
drafts_dir = "eval/drafts"
ledger_path = ".intake/ledger.db"
runs_dir = "eval/intake-runs"
github_repo = "amd/gaia"
author = "drafter"
strong_models = ["{STRONG}"]
local_models = ["{LOCAL_A}", "{LOCAL_B}"]
judge_model = "{JUDGE_OLD}"
"""


def commit(h: History, message: str, when: datetime) -> str:
    git(h.root, "add", "-A")
    git(h.root, "commit", "-q", "--allow-empty", "-m", message, who=WHO, when=stamp(when))
    return git(h.root, "rev-parse", "HEAD")


def adopt(h: History, case: Case) -> None:
    bug = case.bug
    if bug is None:
        h.cli("adopt", case.path, "--source", "hand", "--reviewer", "maintainer")
    elif bug.form == "link":
        link = f"gaia-session:6f1c2a9e-0000-4000-8000-0000000000{bug.number % 100:02d}"
        h.cli("adopt", case.path, "--source", "session", "--reviewer", "maintainer", "--link", link)
        h.cli("bugs", "link", case.sid, f"amd/gaia#{bug.number}", "--reviewer", "maintainer")
    else:
        link = {
            "url": f"https://github.com/amd/gaia/issues/{bug.number}",
            "github": f"github:amd/gaia#{bug.number}",
            "owner": f"amd/gaia#{bug.number}",
        }[bug.form]
        h.cli("adopt", case.path, "--source", "issue", "--reviewer", "maintainer", "--link", link)


def adopt_all(h: History, cases: list[Case]) -> None:
    """`intake adopt` of the hand-written ones in one call, each bug's with its own link."""
    hand = [c.path for c in cases if c.bug is None]
    if hand:
        h.cli("adopt", *hand, "--source", "hand", "--reviewer", "maintainer")
    for case in cases:
        if case.bug is not None:
            adopt(h, case)


def write_case(h: History, case: Case, version: int, cosmetic: bool) -> None:
    """A new file, or an edit in place of the adopted one (what adopt wrote is kept): the
    first turn's message for a new version, the description for a cosmetic edit."""
    path = h.root / case.path
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(case, version, cosmetic), encoding="utf-8")
        return
    text = path.read_text(encoding="utf-8")
    old_message = next(question(case, v) for v in range(4) if question(case, v) in text)
    text = text.replace(old_message, question(case, version))
    if cosmetic:
        text = text.replace("  The agent answers", "  Reworded after review. The agent answers", 1)
    path.write_text(text, encoding="utf-8")


def snapshot(h: History, sha: str, state: dict[str, int]) -> None:
    h.present[sha] = dict(state)


def ancestry(h: History, sha: str) -> set[str]:
    if sha not in h.ancestors:
        h.ancestors[sha] = set(git(h.root, "rev-list", sha).split())
    return h.ancestors[sha]


def build_repo(h: History) -> dict[str, int]:
    """Night 0: GAIA's repository with the suite adopted."""
    init(h.root, who=WHO)
    (h.root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (h.root / ".gitignore").write_text(".intake/\neval/results/\n", encoding="utf-8")
    (h.root / "src" / "gaia").mkdir(parents=True)
    (h.root / "src" / "gaia" / "VERSION").write_text("night 0\n", encoding="utf-8")
    state: dict[str, int] = {}
    for case in h.cases:
        if case.added == 0 and not (case.bug and case.bug.added_after):
            write_case(h, case, 0, False)
            state[case.sid] = 0
    commit(h, "GAIA with its eval suite", night_time(0, -2))
    adopt_all(h, [c for c in h.cases if c.sid in state])
    sha = commit(h, "eval: adopt the suite (intake adopt)", night_time(0, -1))
    h.commits[0] = sha
    snapshot(h, sha, state)
    return state


def nightly_commit(h: History, d: int, state: dict[str, int]) -> None:
    """Night d's commit on main (00:30), after the day's fixes on branches (made the evening
    before; merged here two nights later)."""
    when = night_time(d, 0.5)
    # a bug fixed on a branch the evening before night fix_night, merged at fix_night + 2
    for case in h.cases:
        bug = case.bug
        if bug is None or bug.state != "completed":
            continue
        if bug.fix == "branch" and bug.fix_night == d:
            git(h.root, "checkout", "-q", "-b", f"fix-{bug.number}")
            fix_file = h.root / "src" / "gaia" / f"fix_{bug.number}.txt"
            fix_file.write_text("fixed\n", encoding="utf-8")
            bug.closed_at = night_time(d - 1, 22)
            bug.fix_sha = commit(h, f"fix #{bug.number}", bug.closed_at)
            git(h.root, "checkout", "-q", "main")
        if bug.fix == "branch" and bug.fix_night + 2 == d:
            git(
                h.root,
                "merge",
                "-q",
                "--no-ff",
                "-m",
                f"Merge fix-{bug.number}",
                f"fix-{bug.number}",
                who=WHO,
                when=stamp(night_time(d, 0.2)),
            )
    for case in h.cases:
        if case.added == d and d > 0 or (case.bug and case.bug.added_after and case.added == d):
            write_case(h, case, 0, False)
            state[case.sid] = 0
        if case.edit_night == d:
            write_case(h, case, 1, False)
            state[case.sid] = 1
        if case.cosmetic_night == d:
            write_case(h, case, state[case.sid], True)
        if case.rename_night == d and case.rename_to:
            # the file and the record beside it (`<stem>.intake.json`, docs/identity.md)
            git(h.root, "mv", case.path, case.rename_to)
            record = case.path.replace(".yaml", ".intake.json")
            git(h.root, "mv", record, case.rename_to.replace(".yaml", ".intake.json"))
            case.path = case.rename_to
        bug = case.bug
        if bug and bug.state == "completed" and bug.fix in ("main", "none") and bug.fix_night == d:
            (h.root / "src" / "gaia" / f"fix_{bug.number}.txt").write_text("fixed\n", "utf-8")
    (h.root / "src" / "gaia" / "VERSION").write_text(f"night {d}\n", encoding="utf-8")
    sha = commit(h, f"nightly {d}", when)
    for case in h.cases:
        bug = case.bug
        if bug and bug.state == "completed" and bug.fix in ("main", "none") and bug.fix_night == d:
            bug.closed_at = night_time(d, bug.close_hour)
            bug.fix_sha = sha if bug.fix == "main" else None
    # adoption of the scenarios added tonight: a reviewed change of its own
    added = [c for c in h.cases if c.added == d and d > 0]
    adopt_all(h, added)
    if added:
        sha = commit(h, f"eval: adopt {len(added)} new scenario(s)", when + timedelta(minutes=10))
    h.commits[d] = sha
    snapshot(h, sha, state)
    for case in h.cases:  # closings so far (not-planned issues close too)
        bug = case.bug
        if bug is None:
            continue
        if bug.state == "not_planned" and bug.fix_night == d:
            bug.closed_at = when + timedelta(minutes=7)


def status_of(h: History, case: Case, run_model: str, version: int, run: Run) -> str:
    rng = h.rng
    machine, night = run.machine, run.night
    if (machine, night) == BACKEND_DOWN:
        return "INFRA_ERROR"
    if case.skipped:
        return "SKIPPED_NO_DOCUMENT"
    draw = rng.random()
    if draw < 0.02:
        return "TIMEOUT"
    if draw < 0.03:
        return "ERRORED"
    p = case.p[min(version, len(case.p) - 1)][run_model]
    failure = "FAIL"
    bug = case.bug
    if bug is not None and before_fix(h, bug, run.commit, run.start):
        p, failure = bug.p_before, bug.fail_status
    if rng.random() < p:
        return "PASS"
    return failure


def before_fix(h: History, bug: Bug, sha: str, start: datetime) -> bool:
    """Whether a run tested the code before the fix: the truth by construction (docs/health.md
    "Before the fix is the code the run tested")."""
    if bug.state != "completed":
        return True
    if bug.fix_sha is not None:
        return bug.fix_sha not in ancestry(h, sha)
    if bug.closed_at is None:
        return True
    return start < bug.closed_at


def nightly_runs(h: History, d: int) -> list[Path]:
    """Night d's run folders, one per machine and iteration, as GAIA's runner lays them out:
    eval/results/<run_id>/ with run_id = "eval-" + the start's UTC time (runner.py L1815-1817),
    traces/<id>.json (L1249-1254) and scorecard.json (L1271-1295), plus the model sidecar
    meta.json a CI job writes beside it (`model`, `commit`, as tests/fixtures/eval_baselines/*
    /meta.json; the scorecard never names the model under test)."""
    folders = []
    for machine, model, iterations, lag, hour in MACHINES:
        sha = h.commits[max(0, d - lag)]
        for it in range(iterations(d)):
            start = night_time(d, hour + it * 0.75)
            run_id = "eval-" + start.strftime("%Y%m%d-%H%M%S")
            tier = "strong" if model == STRONG else "local"
            judge = JUDGE_NEW if d >= JUDGE_CHANGE_NIGHT else JUDGE_OLD
            present = h.present[sha]
            run = Run(run_id, machine, model, tier, judge, d, sha, start, {}, {})
            results = []
            for case in sorted(h.cases, key=lambda c: c.sid):  # runner.py L409: sorted by id
                if case.sid not in present:
                    continue
                status = status_of(h, case, model, present[case.sid], run)
                run.statuses[case.sid] = status
                run.versions[case.sid] = present[case.sid]
                results.append(trace(case, status, h.rng))
            folder = h.artifacts / f"night-{d:02d}" / machine / run_id
            (folder / "traces").mkdir(parents=True)
            for result in results:
                (folder / "traces" / f"{result['scenario_id']}.json").write_text(
                    json.dumps(result, indent=2), encoding="utf-8"
                )
            meta = {"model": model, "commit": sha, "machine": machine, "eval_model": judge}
            (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
            if (machine, d, it) == KILLED:
                # killed after half its scenarios: no scorecard; the traces it wrote stay
                kept = results[: len(results) // 2]
                for result in results[len(results) // 2 :]:
                    (folder / "traces" / f"{result['scenario_id']}.json").unlink()
                run.statuses = {r["scenario_id"]: r["status"] for r in kept}
            else:
                end = start + timedelta(minutes=40)
                card = scorecard(run_id, end, judge, results)
                (folder / "scorecard.json").write_text(json.dumps(card, indent=2), "utf-8")
            h.runs.append(run)
            folders.append(folder)
    return folders


# ---------------------------------------------------------------- the reference reader


def betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta (Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-12:
            break
    return h


def beta_cdf(x: float, a: float, b: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * betacf(a, b, x) / a
    return 1.0 - front * betacf(b, a, 1 - x) / b


def bin_masses(judged: int, passes: int) -> list[float]:
    a, b = passes + 0.5, judged - passes + 0.5
    cdf = [beta_cdf(i / 100, a, b) for i in range(101)]
    return [max(0.0, cdf[i + 1] - cdf[i]) for i in range(100)]


def region(s: float | None, local: float | None) -> str:
    """docs/health.md's table, the first row whose condition holds (defaults)."""
    top = s if s is not None else local
    assert top is not None
    if top <= 0.1:
        return "always-fail"
    if s is not None and local is not None:
        if local > s + 0.2:
            return "inverted"
        if s >= 0.9 and local >= 0.9:
            return "saturated"
    if any(r is not None and 0.3 <= r <= 0.7 for r in (s, local)):
        return "flaky"
    return "healthy"


def decide(tiers: dict[str, tuple[int, int]]) -> str:
    """The reader's class from (judged, passes) per tier: undecided unless every tier that ran
    has 5 judged runs and one region holds 0.9 of the posterior."""
    ran = {t: v for t, v in tiers.items() if v[0] > 0}
    if not ran:
        return "never-judged"
    if any(n < 5 for n, _ in ran.values()):
        return "undecided"
    mass: Counter[str] = Counter()
    strong = bin_masses(*ran["strong"]) if "strong" in ran else None
    local = bin_masses(*ran["local"]) if "local" in ran else None
    centres = [(i + 0.5) / 100 for i in range(100)]
    if strong and local:
        for i, ms in enumerate(strong):
            if ms < 1e-12:
                continue
            for j, ml in enumerate(local):
                mass[region(centres[i], centres[j])] += ms * ml
    else:
        only = strong or local
        assert only is not None
        for i, m in enumerate(only):
            mass[region(centres[i] if strong else None, centres[i] if local else None)] += m
    best, top = mass.most_common(1)[0]
    return best if top >= 0.9 else "undecided"


def true_class(
    h: History, case: Case, tiers_read: dict[str, Counter[str]], final: dict[str, int]
) -> str:
    """The region of the true rates of the runs the reader reads (the local tier's rate is the
    mix of its two models in proportion to their runs read)."""
    version = final[case.sid]
    p = case.p[min(version, len(case.p) - 1)]
    bug = case.bug
    if bug is not None and not (bug.number in h.closed and bug.state == "completed"):
        p = dict.fromkeys(p, bug.p_before)  # every run read tested the code before any fix
    s = p[STRONG] if tiers_read["strong"] else None
    local_runs = tiers_read["local"]
    total = sum(local_runs.values())
    local = sum(p[m] * k for m, k in local_runs.items()) / total if total else None
    if s is None and local is None:
        return "never-judged"
    return region(s, local)


def read_case(h: History, case: Case, runs: list[Run], final: dict[str, int]) -> dict[str, Any]:
    """The runs health reads for this case (docs/health.md "Which runs are read")."""
    own = [r for r in runs if case.sid in r.statuses]
    if not own:
        return {
            "class": "never-judged",
            "tiers": {},
            "read": {"strong": Counter(), "local": Counter()},
        }
    newest = max(r.start for r in runs)
    window = [r for r in own if r.start > newest - timedelta(days=14)]
    current = [r for r in window if r.versions[case.sid] == final.get(case.sid)]
    if not current:
        return {"class": "stale", "tiers": {}, "read": {"strong": Counter(), "local": Counter()}}
    bug = case.bug
    fixed_out = False
    if bug is not None and bug.number in h.closed and bug.state == "completed":
        after = [r for r in current if not before_fix(h, bug, r.commit, r.start)]
        fixed_out = len(after) < len(current)
        current = after
    judged = [
        r for r in current if r.statuses[case.sid] in ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")
    ]
    if judged:
        newest_judge = max(judged, key=lambda r: (r.start, r.run_id)).judge
        judged = [r for r in judged if r.judge == newest_judge]
    tiers: dict[str, tuple[int, int]] = {}
    read: dict[str, Counter[str]] = {"strong": Counter(), "local": Counter()}
    for tier in ("strong", "local"):
        mine = [r for r in judged if r.tier == tier]
        if mine:
            tiers[tier] = (len(mine), sum(r.statuses[case.sid] == "PASS" for r in mine))
            read[tier] = Counter(r.model for r in mine)
    # judged runs, all before the fix: nothing to read yet, which more runs will decide
    klass = decide(tiers) if judged else ("undecided" if fixed_out else "never-judged")
    return {"class": klass, "tiers": tiers, "read": read}


OUTCOMES = {
    "before": "caught",
    "after": "after",
    "missed": "missed",
    "open": "open",
    "not-fixed": "not-planned",
    "unknown": "unknown",
}


def bug_truth(h: History, case: Case) -> tuple[str, str | None]:
    """docs/health.md "Bugs caught before the fix": the outcome by construction, and the run
    that caught it (the earliest judged FAIL/BLOCKED that tested the code before the fix)."""
    bug = case.bug
    assert bug is not None
    if bug.number not in h.closed:
        return "open", None
    if bug.state == "not_planned":
        return "not-planned", None
    own = [r for r in h.runs if case.sid in r.statuses]
    caught = [
        r
        for r in own
        if r.statuses[case.sid] in ("FAIL", "BLOCKED_BY_ARCHITECTURE")
        and before_fix(h, bug, r.commit, r.start)
    ]
    if caught:
        return "caught", min(caught, key=lambda r: (r.start, r.run_id)).run_id
    if bug.added_after:
        return "after", None
    return "missed", None


# ---------------------------------------------------------------- one seed


def closings(h: History, horizon_end: datetime) -> list[dict[str, Any]]:
    """`gh issue list --json number,closedAt,stateReason` with intake's "fixCommit" beside
    (docs/health.md), as known at the horizon."""
    out = []
    h.closed = set()
    for case in h.cases:
        bug = case.bug
        if bug is None:
            continue
        closed = bug.closed_at is not None and bug.closed_at <= horizon_end
        if closed:
            h.closed.add(bug.number)
        entry: dict[str, Any] = {
            "number": bug.number,
            "closedAt": stamp(bug.closed_at).replace("+00:00", "Z")
            if closed and bug.closed_at
            else None,
            "stateReason": ("COMPLETED" if bug.state == "completed" else "NOT_PLANNED")
            if closed
            else "",
            "state": "CLOSED" if closed else "OPEN",
        }
        if closed and bug.fix_sha:
            entry["fixCommit"] = bug.fix_sha
        out.append(entry)
    return out


def score(rows: list[tuple[str, str, str]]) -> dict[str, dict[str, Any]]:
    """Per class: (truth, intake) counts, precision and recall over rows (sid, truth, intake)."""
    classes = sorted({t for _, t, _ in rows} | {i for _, _, i in rows})
    table = {}
    for k in classes:
        tp = sum(t == k and i == k for _, t, i in rows)
        truth = sum(t == k for _, t, _ in rows)
        said = sum(i == k for _, _, i in rows)
        table[k] = {
            "truth": truth,
            "said": said,
            "precision": tp / said if said else None,
            "recall": tp / truth if truth else None,
        }
    return table


def run_seed(seed: int, keep: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix=f"audit3-{seed}-"))
    (base / "home").mkdir()
    h = History(base / "gaia", base / "artifacts", design(rng), rng)
    state = build_repo(h)
    out: dict[str, Any] = {"seed": seed, "horizons": {}}
    pending: list[Path] = []
    for d in range(1, NIGHTS + 1):
        nightly_commit(h, d, state)
        pending += nightly_runs(h, d)
        if d not in HORIZONS:
            continue
        t0 = time.perf_counter()
        h.cli("runs", "import", *map(str, pending), "--format", "json")
        pending = []
        t_import = time.perf_counter() - t0
        if d == NIGHTS:  # edited after the last night's runs: no run of the new hash
            for case in h.cases:
                if case.stale_after_last:
                    write_case(h, case, 2, False)
                    state[case.sid] = 2
            sha = commit(h, "eval: reword two scenarios' turns", night_time(d, 12))
            snapshot(h, sha, state)
        end = night_time(d, 12)
        closings_file = base / f"closings-{d}.json"
        closings_file.write_text(json.dumps(closings(h, end)), encoding="utf-8")
        h.cli("bugs", "refresh", "--closings", str(closings_file))
        t0 = time.perf_counter()
        health = json.loads(h.cli("health", "--format", "json").stdout)
        t_health = time.perf_counter() - t0
        report = json.loads(h.cli("report", "--format", "json").stdout)
        out["horizons"][d] = evaluate(h, d, state, health, report)
        out["horizons"][d]["seconds"] = {"import": t_import, "health": t_health}
    if keep:
        print(f"kept: {base}", file=sys.stderr)
    else:
        shutil.rmtree(base, ignore_errors=True)
    return out


def killed_explains(
    h: History, case: Case, ref: dict[str, Any], its: dict[str, tuple[int, int]]
) -> bool:
    """Whether intake's tiers are the reader's plus the killed run's result of this case (a
    run with no scorecard, so no judge: finding 1, read with the newest judge's runs)."""
    machine, night, _ = KILLED
    killed = next(r for r in h.runs if (r.machine, r.night) == (machine, night))
    status = killed.statuses.get(case.sid)
    if status not in ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE"):
        return False
    n, k = ref["tiers"].get(killed.tier, (0, 0))
    want = dict(ref["tiers"])
    want[killed.tier] = (n + 1, k + (status == "PASS"))
    return want == its


def evaluate(
    h: History, d: int, state: dict[str, int], health: dict[str, Any], report: dict[str, Any]
) -> dict[str, Any]:
    said = {s["id"]: s for s in health["scenarios"]}
    final = dict(state)
    rows, thin, split, reader_rows, every, tallies = [], [], [], [], [], []
    for case in h.cases:
        if case.sid not in final:
            continue
        ref = read_case(h, case, h.runs, final)
        intake = said.get(case.sid, {}).get("class", "(missing)")
        if ref["class"] in ("never-judged", "stale"):
            truth = ref["class"]
        else:
            truth = true_class(h, case, ref["read"], final)
        every.append((case.sid, truth, intake, ref["class"], ref["tiers"], case.kind))
        its = {
            t["tier"]: (t["judged"], t["passes"]) for t in said.get(case.sid, {}).get("tiers", [])
        }
        if ref["class"] not in ("never-judged", "stale") and its != ref["tiers"]:
            tallies.append((case.sid, ref["tiers"], its, killed_explains(h, case, ref, its)))
        if case.kind == "split":
            split.append((case.sid, ref["tiers"], intake, said.get(case.sid, {}).get("tiers")))
            continue
        tiers = ref["tiers"]
        if tiers and any(0 < n < 5 for n, _ in tiers.values()):
            thin.append((case.sid, tiers, intake))
        if ref["class"] != "undecided":
            rows.append((case.sid, truth, intake))
            reader_rows.append((case.sid, truth, ref["class"]))
    bugs_said = {item["id"]: item for item in report["bugs"]["bugs"]}
    bug_rows = []
    for case in h.cases:
        if case.bug is None or case.sid not in final:
            continue
        truth, first = bug_truth(h, case)
        item = bugs_said.get(case.sid, {})
        caught_by = (item.get("caught_by") or {}).get("run_id")
        said = (OUTCOMES.get(item.get("outcome", ""), "(missing)"), caught_by)
        bug_rows.append((case.sid, case.bug.number, (truth, first), said, case.bug.kind))
    return {
        "score": score(rows),
        "reader_accuracy": (sum(t == r for _, t, r in reader_rows), len(reader_rows)),
        "supported": len(rows),
        "cases": len(every),
        "thin": thin,
        "split": split,
        "bugs": bug_rows,
        "bugs_raw": report.get("bugs"),
        "every": every,
        "tallies": tallies,
    }


def main(argv: list[str]) -> int:
    seeds = [int(a) for a in argv if a.lstrip("-").isdigit()] or [11, 23]
    for seed in seeds:
        t0 = time.perf_counter()
        result = run_seed(seed, keep=bool(os.environ.get("AUDIT3_KEEP")))
        print(f"# seed {seed} ({time.perf_counter() - t0:.0f} s)")
        for d, hz in result["horizons"].items():
            acc = hz["reader_accuracy"]
            print(
                f"\n## {d} nights: {hz['supported']} of {hz['cases']} cases supported; "
                f"reader right on {acc[0]} of {acc[1]}; import {hz['seconds']['import']:.1f} s, "
                f"health {hz['seconds']['health']:.1f} s"
            )
            print("| class | truth | intake said | precision | recall |")
            print("| --- | ---: | ---: | ---: | ---: |")
            for k, v in hz["score"].items():
                p = "-" if v["precision"] is None else f"{v['precision']:.2f}"
                r = "-" if v["recall"] is None else f"{v['recall']:.2f}"
                print(f"| {k} | {v['truth']} | {v['said']} | {p} | {r} |")
            odd = [t for t in hz["tallies"] if not t[3]]
            print(
                f"tier counts unlike the reader's: {len(hz['tallies'])} case(s), "
                f"{len(hz['tallies']) - len(odd)} of them the killed run's result (finding 1); "
                f"other: {odd[:3]}"
            )
            bad_thin = [t for t in hz["thin"] if t[2] != "undecided"]
            print(f"thin cases: {len(hz['thin'])}, not undecided: {bad_thin}")
            split_said = Counter(intake for _, _, intake, _ in hz["split"])
            print(f"two local models far apart (not scored): intake {dict(split_said)}")
            wrong = [e for e in hz["every"] if e[1] != e[2] and e[3] != "undecided"]
            for e in wrong:
                print(
                    f"disagree {e[0]} ({e[5]}): truth {e[1]}, intake {e[2]}, reader {e[3]} {e[4]}"
                )
            exact = [row for row in hz["bugs"] if row[2] == row[3]]
            counts = Counter(row[2][0] for row in hz["bugs"])
            print(
                f"bugs: {len(exact)} of {len(hz['bugs'])} exact (outcome and catching run); "
                f"truth {dict(sorted(counts.items()))}"
            )
            for row in hz["bugs"]:
                if row[2] != row[3]:
                    print(f"bug {row[0]} #{row[1]} ({row[4]}): truth {row[2]}; intake {row[3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

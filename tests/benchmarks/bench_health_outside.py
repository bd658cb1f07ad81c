"""An outside audit of ``intake health`` and the bugs report (issue 38's acceptance), on a
GAIA-shaped history of known truth that its tuners did not write.

The history is a real git repository (the suite in GAIA's checkout: a commit a day, fixes
merged from branches) and one run folder per GAIA run, as GAIA's runner writes it: the folder
``eval-<UTC %Y%m%d-%H%M%S>`` named by the run's start (amd/gaia ``src/gaia/eval/runner.py``
L1815-1817), ``traces/<scenario_id>.json`` per result (runner.py L1249-1254, L1867-1871) and
``scorecard.json`` from ``build_scorecard`` (``src/gaia/eval/scorecard.py`` L16-205: ``run_id``,
``timestamp`` written at the end, L154; ``config.model`` the judge, runner.py L1906-1911;
``summary``; ``scenarios`` keyed by the YAML ``id`` the runner indexes by, runner.py L409),
with the model under test, commit and machine in a ``meta.json`` sidecar as GAIA's committed
baselines keep them (``tests/fixtures/eval_baselines/*/meta.json``). Statuses are GAIA's
(scorecard.py L136-146), with timeouts, errors and a night of ``INFRA_ERROR`` on one machine.

True pass probabilities per scenario and model come from a Beta mixture (saturated-like,
failing, inverted, coin-flip, strong-good/local-bad, and a fifth of the cases within 0.04 of
a bar: 0.10, 0.30, 0.70, 0.90), shifted on the logit scale by a judge change (night 5) and
redrawn by scenario edits; a second local model joins on night 8; machine ``ci-2`` tests the
previous day's commit; two categories are never run on the strong model; scenarios added
mid-window, files named unlike their ids and renamed with ``git mv``; a killed run (traces
only) on night 10; night 1 imported twice. Bugs: issue-sourced
scenarios adopted with the issue's URL, ``github:OWNER/REPO#N`` or ``OWNER/REPO#N`` and
session-sourced ones linked by ``intake bugs link`` in each form; fixes merged from a branch
(the closing names the branch's commit, no commit, or one the clone does not know),
regressions of the day before their fix seen only in a daytime run that started before the
closing on the unfixed commit and ended after it or only on the machine a night behind,
failures that are all
``BLOCKED_BY_ARCHITECTURE``, open and not-planned issues, scenarios added after their fix.

Truth, computed here from the runs generated (never from intake's output):
* the runs a decision reads, by the rules docs/health.md states (the 14-night window, the
  current runnable hash, after the bug's fix by ancestry when the closing names the fix
  commit, else by the run's start, the newest judge, judged statuses);
* a tier's true rate: the mean true pass probability of those runs (a mixture of models);
* the true class: the docs' regions in their order (always-fail: strongest tier < 0.10;
  inverted: local > strong + 0.20; saturated: both > 0.90; flaky: a tier in [0.30, 0.70];
  healthy otherwise; saturated and inverted need both tiers, as docs/health.md says);
* SUPPORTED (this audit's own criterion): every tier that ran has >= 5 judged runs read and
  the joint posterior probability of the true class's region is >= 0.95 (intake decides at
  0.90) with independent Jeffreys Beta(k + 1/2, n - k + 1/2) tiers (Monte Carlo, 4,000 draws);
  printed again with uniform Beta(1, 1) priors;
* THIN: some tier that ran has 1-4 judged runs read: it must be ``undecided``;
* bugs: caught before the fix when a judged FAIL or BLOCKED run (any hash, all time) tested
  code without the fix (the generator knows which commit holds it; without a fix commit, its
  start before the closing), after when the scenario was added after the closing, else missed.

It also checks that the judged runs and passes per tier intake reads equal the truth's, and
that deleting the run index (``runs.db``) gives the same health report.

    PYTHONPATH=. python tests/benchmarks/bench_health_outside.py [SEED ...]   (default 11 23 37)
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest  # noqa: E402

from tests.support.env import REPO, SUITE_PYPROJECT, cli_runner, isolate  # noqa: E402
from tests.support.gitrepo import git, init  # noqa: E402

STRONG, LOCAL, LOCAL2 = "qwen3-235b-a22b", "qwen3-4b", "gemma-4-e4b"
JUDGE_A, JUDGE_B = "claude-sonnet-4-5", "claude-sonnet-4-6"
JUDGE_CHANGE, LOCAL2_FROM, INFRA_NIGHT = 5, 8, 9
NIGHTS, CHECKPOINTS = 14, (3, 7, 14)
DAY0 = datetime(2026, 11, 14, tzinfo=UTC)
CATEGORIES = (
    "rag_quality",
    "context_retention",
    "tool_selection",
    "error_recovery",
    "adversarial",
    "personality",
    "vision",
    "real_world",
    "captured",
    "mcp_reliability",
)
LOCAL_ONLY = ("vision", "captured")  # the strong model never runs these
REPOS = ("acme/agent", "amd/gaia")
FAIL_BAR, FLAKY, SAT_BAR, MARGIN, MIN_RUNS, CONF = 0.10, (0.30, 0.70), 0.90, 0.20, 5, 0.95
PYPROJECT = (
    SUITE_PYPROJECT + f'strong_models = ["{STRONG}"]\nlocal_models = ["{LOCAL}", "{LOCAL2}"]\n'
)
WHO = ("gaia-bot", "bot@example.com")

SCENARIO = """\
id: {id}
name: Case {id}
category: {category}
persona: {persona}
setup:
  index_documents: []
turns:
  - turn: 1
    objective: {objective}
    success_criteria: Answers from the document, version {version}.
"""


def day(n: int, hour: float = 0.0) -> datetime:
    return DAY0 + timedelta(days=n, hours=hour)


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def sig(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def clip(p: float) -> float:
    return min(0.995, max(0.005, p))


@dataclass
class Bug:
    repo: str
    number: int
    form: str  # how the reference is written
    fix_day: int | None  # None: open or not planned
    reason: str  # completed, not_planned, open
    names_commit: bool
    blocked_only: bool
    p_before: float
    since: int = 0  # the day the bug entered the code
    only: str = ""  # it shows only on this machine, or "day" only in the daytime run
    foreign: bool = False  # the closing names a fix commit the GAIA clone does not know
    closed_at: datetime | None = None

    def ref(self) -> str:
        if self.form == "url":
            return f"https://github.com/{self.repo}/issues/{self.number}"
        if self.form == "github":
            return f"github:{self.repo}#{self.number}"
        return f"{self.repo}#{self.number}"


@dataclass
class Case:
    sid: str
    path: str  # relative to the suite
    category: str
    kind: str  # generic, never, bug
    added: int = 0  # the day its file was committed
    edits: list[int] = field(default_factory=list)  # days its runnable part changed
    base: list[dict[str, float]] = field(default_factory=list)  # per version: model -> p (judge B)
    jshift: float = 0.0
    bug: Bug | None = None
    session: bool = False  # a session-sourced scenario whose bug a reviewer links
    moved: int = 0  # the day its file was renamed (git mv), its id unchanged

    def version(self, commit_day: int) -> int:
        return sum(1 for d in self.edits if d <= commit_day)

    def p(self, model: str, judge: str, commit_day: int, where: str = "") -> float:
        b = self.bug
        if b and b.since <= commit_day < (b.fix_day or 99) and b.only in ("", where):
            return b.p_before
        q = self.base[self.version(commit_day)][model]
        return q if judge == JUDGE_B else clip(sig(logit(q) - self.jshift))


@dataclass
class Result:
    sid: str
    status: str
    p: float


@dataclass
class Run:
    run_id: str
    start: datetime
    end: datetime
    model: str
    tier: str
    judge: str
    machine: str
    commit_day: int
    results: list[Result]
    killed: bool = False  # left traces and no scorecard (runner.py L1249-1254)


def draw_pair(rng: random.Random) -> tuple[float, float]:
    """(strong, local) true pass probabilities under the final judge."""
    u = rng.random()
    if u < 0.2:
        s, loc = rng.betavariate(40, 1.5), rng.betavariate(25, 1.5)
    elif u < 0.32:
        s, loc = rng.betavariate(1, 40), rng.betavariate(1, 10)
    elif u < 0.44:
        s = rng.betavariate(2, 8)
        loc = s + rng.uniform(0.25, 0.7)
    elif u < 0.58:
        s, loc = rng.betavariate(6, 6), rng.betavariate(6, 6)
    elif u < 0.78:
        s, loc = rng.betavariate(12, 2), rng.betavariate(2, 6)
    else:
        bar = rng.choice((FAIL_BAR, FLAKY[0], FLAKY[1], SAT_BAR))
        near, other = bar + rng.uniform(-0.04, 0.04), rng.random()
        s, loc = (near, other) if rng.random() < 0.5 else (other, near)
        if bar == SAT_BAR and rng.random() < 0.6:
            s, loc = near, bar + rng.uniform(-0.04, 0.04)
    return clip(s), clip(loc)


def models_p(rng: random.Random) -> dict[str, float]:
    s, loc = draw_pair(rng)
    return {STRONG: s, LOCAL: loc, LOCAL2: clip(sig(logit(loc) + rng.gauss(0, 0.4)))}


def build_cases(rng: random.Random, n_generic: int = 200) -> list[Case]:
    cases: list[Case] = []
    number = 100

    def new(kind: str, i: int) -> Case:
        category = CATEGORIES[i % len(CATEGORIES)]
        sid = f"{category[:4]}_{kind}_{i:03d}"
        folder = category if rng.random() < 0.8 else "misc"
        stem = sid if rng.random() < 0.6 else f"case {i} file"  # named unlike its id
        c = Case(sid, f"scenarios/{folder}/{stem}.yaml", category, kind)
        c.base = [models_p(rng)]
        c.jshift = rng.gauss(0, 0.35)
        return c

    for i in range(n_generic):
        c = new("gen", i)
        r = rng.random()
        if r < 0.07:
            c.added = rng.choice((4, 6, 9))
        elif r < 0.17:
            c.edits = [rng.choice((3, 6, 10))]
        elif r < 0.25:
            c.moved = 8
        cases.append(c)
    generic = [c for c in cases if not c.edits and not c.added]
    for k, checkpoint in enumerate(CHECKPOINTS):  # edited after the checkpoint's last runs
        for c in generic[k * 5 : k * 5 + 5]:
            c.edits = [checkpoint + 1]
    for i in range(8):
        cases.append(new("never", 300 + i))
    forms = ("url", "github", "short")
    for i in range(34):
        c = new("bug", 400 + i)
        number += 1
        fix_day: int | None = 2 + (i * 7) % 12
        reason = "completed"
        if i >= 30:
            fix_day, reason = None, ("open" if i < 32 else "not_planned")
        c.bug = Bug(
            REPOS[i % 2],
            number,
            forms[i % 3],
            fix_day,
            reason,
            names_commit=i % 3 != 2,
            blocked_only=i % 6 == 1,
            p_before=rng.betavariate(1, 6) if i % 8 != 5 else rng.betavariate(30, 2),
        )
        c.session = i % 5 == 4
        c.bug.foreign = c.bug.names_commit and i % 7 == 6
        if i in (3, 5, 9, 4, 10, 16, 17):  # a regression of the day before its fix
            assert fix_day is not None
            c.bug.since, c.bug.p_before = fix_day - 1, 0.03
            c.bug.only = "day" if i in (3, 5, 9) else "ci-2"
            c.base = [{m: 0.995 for m in c.base[0]}]  # it passes where the bug is not
        if i in (26, 27):  # added after the fix
            c.bug.fix_day, c.added = 3, 7
        cases.append(c)
    for c in cases:
        for _ in c.edits:
            c.base.append(models_p(rng) if rng.random() < 0.6 else dict(c.base[-1]))
    return cases


def results_for(
    rng: random.Random,
    cases: list[Case],
    model: str,
    judge: str,
    commit_day: int,
    infra: bool,
    where: str,
) -> list[Result]:
    out = []
    for c in cases:
        if c.added > commit_day or (model == STRONG and c.category in LOCAL_ONLY):
            continue
        p = c.p(model, judge, commit_day, where)
        if infra:
            status = "INFRA_ERROR"
        elif c.kind == "never":
            status = rng.choice(("SKIPPED_NO_DOCUMENT", "SETUP_ERROR", "TIMEOUT"))
        elif rng.random() < 0.03:
            status = rng.choice(("TIMEOUT", "ERRORED", "BUDGET_EXCEEDED"))
        elif rng.random() < p:
            status = "PASS"
        elif c.bug and c.bug.blocked_only and p == c.bug.p_before:
            status = "BLOCKED_BY_ARCHITECTURE"
        else:
            status = "BLOCKED_BY_ARCHITECTURE" if rng.random() < 0.1 else "FAIL"
        out.append(Result(c.sid, status, p))
    return out


def plan_runs(rng: random.Random, cases: list[Case], nights: int) -> list[Run]:
    """Every run of nights 1..nights (night n starts early on day n + 1)."""
    runs: list[Run] = []

    def add(
        start: datetime, model: str, machine: str, commit_day: int, infra: bool = False
    ) -> None:
        where = "day" if start.hour > 8 else machine
        start = start.replace(microsecond=0) + timedelta(seconds=rng.randrange(0, 900))
        judge = JUDGE_B if start >= day(JUDGE_CHANGE + 1) else JUDGE_A
        results = results_for(rng, cases, model, judge, commit_day, infra, where)
        tier = "strong" if model == STRONG else "local"
        end = start + timedelta(minutes=40 + rng.randrange(0, 80))
        runs.append(
            Run(
                f"eval-{start:%Y%m%d-%H%M%S}",
                start,
                end,
                model,
                tier,
                judge,
                machine,
                commit_day,
                results,
            )
        )

    fix_days = sorted({c.bug.fix_day for c in cases if c.bug and c.bug.fix_day})
    for n in range(1, nights + 1):
        if n in fix_days:  # a daytime run on the unfixed code, ending after the closing
            add(day(n, 11.3), LOCAL, "ci-1", n - 1)
            runs[-1].end = day(n, 13.5)
        add(day(n + 1, 2), LOCAL, "ci-1", n)
        runs[-1].killed = n == 10
        add(day(n + 1, 2.5), LOCAL, "ci-2", n - 1, infra=n == INFRA_NIGHT)
        add(day(n + 1, 3), STRONG, "cloud-1", n)
        add(day(n + 1, 3.5), STRONG, "cloud-2", n)
        if n >= LOCAL2_FROM:
            add(day(n + 1, 4), LOCAL2, "ci-1", n)
        if n % 7 == 0:  # the weekly: 3 iterations
            for k in range(3):
                add(day(n + 1, 5 + k), STRONG, "cloud-1", n)
    return runs


# ---------------------------------------------------------------------------- the suite


def write_case(suite: Path, c: Case, version: int) -> None:
    path = suite / c.path
    path.parent.mkdir(parents=True, exist_ok=True)
    text = SCENARIO.format(
        id=c.sid,
        category=c.category,
        persona="casual_user" if c.sid[-1] in "02468" else "power_user",
        objective=f"Ask about {c.sid} ({version})",
        version=version,
    )
    path.write_text(text, encoding="utf-8")


def invoke(args: list[str]) -> Any:
    result = cli_runner().invoke(_app(), args)
    if result.exit_code != 0:
        raise SystemExit(
            f"intake {' '.join(args[:3])} exited {result.exit_code}: "
            f"{result.stdout[-800:]} {result.stderr[-800:]}"
        )
    return result


def _app() -> Any:
    from intake.cli import app

    return app


def commit(suite: Path, message: str, when: datetime) -> str:
    git(suite, "add", "-A")
    git(suite, "commit", "-q", "--allow-empty", "-m", message, when=when.isoformat())
    return git(suite, "rev-parse", "HEAD")


def adopt(cases: list[Case]) -> None:
    """Adopt the cases: hand-written ones at once, each issue's with its reference in its
    form, each session's then its bug linked by a reviewer in its form."""
    plain = [c.path for c in cases if c.bug is None]
    if plain:
        invoke(["adopt", *plain, "--source", "hand", "--reviewer", "alice"])
    for c in cases:
        if c.bug is None:
            continue
        if c.session:
            link = f"gaia-session:{c.sid}"
            invoke(["adopt", c.path, "--source", "session", "--reviewer", "alice", "--link", link])
            invoke(["bugs", "link", c.sid, c.bug.ref(), "--reviewer", "bob"])
        else:
            invoke(
                ["adopt", c.path, "--source", "issue", "--reviewer", "alice", "--link", c.bug.ref()]
            )


def write_run(folder: Path, run: Run, sha: dict[int, str]) -> None:
    where = folder / run.run_id
    (where / "traces").mkdir(parents=True)
    scenarios = []
    for r in run.results:
        judged = r.status in ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")
        score = (8.2 if r.status == "PASS" else 3.1) if judged else None
        item = {
            "scenario_id": r.sid,
            "category": "rag_quality",
            "status": r.status,
            "overall_score": score,
            "turns": [
                {
                    "turn": 1,
                    "overall_score": score,
                    "pass": r.status == "PASS",
                    "failure_category": None if r.status == "PASS" else "wrong_answer",
                }
            ]
            if judged
            else [],
            "root_cause": None,
            "recommended_fix": None,
            "cost_estimate": {"turns": 1, "estimated_usd": 0.01},
            "elapsed_s": 30.0,
        }
        scenarios.append(item)
        (where / "traces" / f"{r.sid}.json").write_text(json.dumps(item), encoding="utf-8")
    counts = Counter(r.status for r in run.results)
    scorecard = {
        "run_id": run.run_id,
        "timestamp": run.end.isoformat(),
        "config": {
            "backend_url": "http://localhost:4200",
            "model": run.judge,
            "budget_per_scenario_usd": 2.0,
            "agent_type": None,
        },
        "summary": {
            "total_scenarios": len(scenarios),
            "passed": counts["PASS"],
            "failed": counts["FAIL"],
            "blocked": counts["BLOCKED_BY_ARCHITECTURE"],
        },
        "scenarios": scenarios,
        "cost": {"estimated_total_usd": 0.0},
        "performance": {},
    }
    if not run.killed:
        (where / "scorecard.json").write_text(json.dumps(scorecard, indent=2), encoding="utf-8")
    else:  # its traces keep the times the runner wrote them (a copied folder would not:
        # tests/test_import_dates_renames_and_issue_case.py)
        for k, trace in enumerate(sorted((where / "traces").iterdir())):
            moment = (run.start + timedelta(seconds=30 * (k + 1))).timestamp()
            os.utime(trace, (moment, moment))
    meta = {
        "model": run.model,
        "eval_model": run.judge,
        "commit": sha[run.commit_day],
        "machine": run.machine,
    }
    (where / "meta.json").write_text(json.dumps(meta), encoding="utf-8")


# ---------------------------------------------------------------------------- the truth


def region(ps: float | None, pl: float | None) -> str:
    top = ps if ps is not None else pl
    assert top is not None
    if top < FAIL_BAR:
        return "always-fail"
    if ps is not None and pl is not None:
        if pl > ps + MARGIN:
            return "inverted"
        if ps > SAT_BAR and pl > SAT_BAR:
            return "saturated"
    if any(p is not None and FLAKY[0] <= p <= FLAKY[1] for p in (ps, pl)):
        return "flaky"
    return "healthy"


def before_fix(c: Case, run: Run, upto: datetime) -> bool:
    """Whether ``run`` tested the code before the fix, by the documented rule, with the
    closings known at ``upto``."""
    b = c.bug
    if b is None or b.reason != "completed" or b.closed_at is None or b.closed_at > upto:
        return False
    assert b.fix_day is not None
    if b.names_commit and not b.foreign:
        return run.commit_day < b.fix_day
    return run.start < b.closed_at


def truth(
    cases: list[Case], runs: list[Run], rng: random.Random, upto: datetime
) -> dict[str, dict[str, Any]]:
    today = (upto - DAY0).days
    """Each case's true class, whether the runs support it, whether it is thin."""
    runs = [r for r in runs if r.start <= upto]
    newest = max(r.start for r in runs)
    start = newest - timedelta(days=14)
    out: dict[str, dict[str, Any]] = {}
    for c in cases:
        mine = [(run, res) for run in runs for res in run.results if res.sid == c.sid]
        if not mine:
            continue
        current = c.version(today)
        cur = [
            (run, res)
            for run, res in mine
            if c.version(run.commit_day) == current and run.start > start
        ]
        if not cur:
            out[c.sid] = {"class": "stale", "supported": True, "flat": True, "thin": False}
            continue
        cur = [(run, res) for run, res in cur if not before_fix(c, run, upto)]
        judges = [run for run, _ in cur if not run.killed]  # a killed run names no judge
        if judges:
            last = max(judges, key=lambda r: (r.start, r.run_id)).judge
            cur = [(run, res) for run, res in cur if run.judge == last or run.killed]
        judged = [
            (run, res)
            for run, res in cur
            if res.status in ("PASS", "FAIL", "BLOCKED_BY_ARCHITECTURE")
        ]
        if not judged:
            out[c.sid] = {"class": "never-judged", "supported": True, "flat": True, "thin": False}
            continue
        tiers: dict[str, list[Result]] = {}
        for run, res in judged:
            tiers.setdefault(run.tier, []).append(res)
        true = {t: sum(r.p for r in rs) / len(rs) for t, rs in tiers.items()}
        out_p = {t: round(v, 3) for t, v in true.items()}
        klass = region(true.get("strong"), true.get("local"))
        counts = {t: (len(rs), sum(r.status == "PASS" for r in rs)) for t, rs in tiers.items()}
        thin = any(n < MIN_RUNS for n, _ in counts.values())
        hits = 0
        for _ in range(4000):
            draw = {t: rng.betavariate(k + 0.5, n - k + 0.5) for t, (n, k) in counts.items()}
            hits += region(draw.get("strong"), draw.get("local")) == klass
        supported = not thin and hits / 4000 >= CONF
        flat = 0
        for _ in range(4000):
            draw = {t: rng.betavariate(k + 1, n - k + 1) for t, (n, k) in counts.items()}
            flat += region(draw.get("strong"), draw.get("local")) == klass
        hits_flat = flat
        out[c.sid] = {
            "class": klass,
            "supported": supported,
            "thin": thin,
            "counts": counts,
            "flat": not thin and hits_flat / 4000 >= CONF,
            "p": out_p,
            "posterior": hits / 4000,
        }
    return out


def bug_truth(cases: list[Case], runs: list[Run], upto: datetime) -> dict[str, tuple[str, str]]:
    """Each bug scenario's outcome and the run that caught it, by the documented rules."""
    out: dict[str, tuple[str, str]] = {}
    runs = [r for r in runs if r.start <= upto]
    for c in cases:
        b = c.bug
        if b is None or day(c.added, 9) > upto:
            continue
        if b.closed_at is None or b.closed_at > upto:
            out[c.sid] = ("open", "")
            continue
        if b.reason == "not_planned":
            out[c.sid] = ("not-fixed", "")
            continue
        mine = [(run, res) for run in runs for res in run.results if res.sid == c.sid]
        before = [(run, res) for run, res in mine if before_fix(c, run, upto)]
        failing = sorted(
            (run.start, run.run_id)
            for run, res in before
            if res.status in ("FAIL", "BLOCKED_BY_ARCHITECTURE")
        )
        if failing:
            out[c.sid] = ("before", failing[0][1])
        elif day(c.added, 9) > b.closed_at and not before:
            out[c.sid] = ("after", "")
        else:
            out[c.sid] = ("missed", "")
    return out


# ---------------------------------------------------------------------------- the audit

CLASSES = ("saturated", "always-fail", "inverted", "flaky", "healthy", "never-judged", "stale")


def edit(suite: Path, c: Case, version: int) -> None:
    """Change the runnable part in place (the source block adopt wrote stays)."""
    path = suite / c.path
    text = path.read_text(encoding="utf-8")
    old = f"Ask about {c.sid} ({version - 1})"
    assert old in text, (c.path, version)
    path.write_text(text.replace(old, f"Ask about {c.sid} ({version})"), encoding="utf-8")


def closings(cases: list[Case], upto: datetime, sha: dict[str, str]) -> list[dict[str, Any]]:
    """What ``gh issue list --json url,number,closedAt,stateReason`` says at ``upto``, with
    intake's ``fixCommit`` where the closing names one."""
    out = []
    for c in cases:
        b = c.bug
        if b is None:
            continue
        closed = b.closed_at is not None and b.closed_at <= upto
        item: dict[str, Any] = {
            "url": f"https://github.com/{b.repo}/issues/{b.number}",
            "number": b.number,
            "closedAt": f"{b.closed_at:%Y-%m-%dT%H:%M:%SZ}" if closed and b.closed_at else None,
            "stateReason": ("NOT_PLANNED" if b.reason == "not_planned" else "COMPLETED")
            if closed
            else None,
        }
        if closed and b.names_commit and b.reason == "completed":
            item["fixCommit"] = f"{b.number:040x}" if b.foreign else sha[c.sid]
        out.append(item)
    return out


def score(said: dict[str, str], true: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for subset in ("supported", "flat", "all"):
        keep = [s for s in true if s in said and (subset == "all" or true[s].get(subset))]
        for k in CLASSES:
            t = sum(true[s]["class"] == k for s in keep)
            d = sum(said[s] == k for s in keep)
            both = sum(true[s]["class"] == k and said[s] == k for s in keep)
            rows.append(
                {
                    "subset": subset,
                    "class": k,
                    "truth": t,
                    "said": d,
                    "precision": both / d if d else None,
                    "recall": both / t if t else None,
                }
            )
    return rows


def run_seed(seed: int, keep: Path | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    cases = build_cases(rng)
    fix_days = {}
    for k, c in enumerate(cases):
        if c.bug and c.bug.reason == "completed" and c.bug.fix_day:
            c.bug.closed_at = day(c.bug.fix_day, 12) + timedelta(minutes=5 + k % 40)
            fix_days[c.sid] = c.bug.fix_day
        elif c.bug and c.bug.reason == "not_planned":
            c.bug.closed_at = day(5, 15)
    runs = plan_runs(rng, cases, NIGHTS)
    truth_rng = random.Random(seed * 7919)
    out: dict[str, Any] = {"seed": seed, "checkpoints": []}
    with (
        tempfile.TemporaryDirectory(prefix="health-outside-") as tmp_dir,
        pytest.MonkeyPatch.context() as mp,
    ):
        tmp = str(keep) if keep else tmp_dir
        home = Path(tmp) / "home"
        home.mkdir()
        isolate(mp, home)
        for key in ("GITHUB_SHA", "RUNNER_NAME"):
            mp.delenv(key, raising=False)
        suite = Path(tmp) / "suite"
        (suite / "scenarios").mkdir(parents=True)
        (suite / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
        shutil.copy(REPO / ".gitignore", suite / ".gitignore")
        init(suite, who=WHO)
        mp.chdir(suite)
        first = [c for c in cases if c.added == 0]
        for c in first:
            write_case(suite, c, 0)
        commit(suite, "the suite", day(0, 9))
        adopt(first)
        sha: dict[int, str] = {0: commit(suite, "adopt the suite", day(0, 10))}
        fix_sha: dict[str, str] = {}
        done_edits: set[tuple[str, int]] = set()
        imported: set[str] = set()
        for n in range(1, NIGHTS + 1):
            for c in cases:
                for v, d in enumerate(c.edits, start=1):
                    if d == n and (c.sid, d) not in done_edits:
                        edit(suite, c, v)
                        done_edits.add((c.sid, d))
            for c in cases:
                if c.moved == n:
                    new = str(Path(c.path).parent / f"moved {c.sid}.yaml")
                    git(suite, "mv", c.path, new)
                    record = Path(c.path).with_suffix(".intake.json")
                    git(suite, "mv", str(record), str(Path(new).with_suffix(".intake.json")))
                    c.path = new
            added = [c for c in cases if c.added == n]
            for c in added:
                write_case(suite, c, 0)
            commit(suite, f"day {n}", day(n, 9))
            if added:
                adopt(added)
                commit(suite, f"adopt day {n}", day(n, 9.5))
            for k, c in enumerate(c for c in cases if fix_days.get(c.sid) == n):
                assert c.bug is not None
                branch = f"fix-{c.bug.number}"
                git(suite, "checkout", "-q", "-b", branch)
                (suite / "src").mkdir(exist_ok=True)
                (suite / "src" / f"{branch}.txt").write_text("fixed\n", encoding="utf-8")
                fix_sha[c.sid] = commit(
                    suite,
                    f"fix #{c.bug.number}",
                    day(
                        n,
                        10,
                    )
                    + timedelta(minutes=k),
                )
                git(suite, "checkout", "-q", "main")
                git(
                    suite,
                    "merge",
                    "-q",
                    "--no-ff",
                    "-m",
                    f"merge {branch}",
                    branch,
                    when=(day(n, 12) + timedelta(minutes=k)).isoformat(),
                )
            sha[n] = git(suite, "rev-parse", "HEAD")
            tonight = [r for r in runs if r.run_id not in imported and r.start < day(n + 1, 8)]
            folder = Path(tmp) / f"results-{n}"
            for r in tonight:
                write_run(folder, r, sha)
                imported.add(r.run_id)
            invoke(["runs", "import", str(folder)])
            if n == 7:  # the first night again: adds nothing
                invoke(["runs", "import", str(Path(tmp) / "results-1")])
            if n not in CHECKPOINTS:
                continue
            upto = day(n + 1, 8)
            for c in cases:  # the stale ones: edited after this night's runs
                for v, d in enumerate(c.edits, start=1):
                    if d == n + 1:
                        edit(suite, c, v)
                        done_edits.add((c.sid, d))
            commit(suite, f"edits after night {n}", upto)
            (Path(tmp) / "closings.json").write_text(
                json.dumps(closings(cases, upto, fix_sha)), encoding="utf-8"
            )
            invoke(["bugs", "refresh", "--closings", str(Path(tmp) / "closings.json")])
            started = time.perf_counter()
            health = json.loads(invoke(["health", "--format", "json"]).stdout)
            took = time.perf_counter() - started
            report = json.loads(invoke(["report", "--format", "json"]).stdout)
            (suite / ".intake" / "runs.db").unlink()  # the index: rebuilt from the run files
            again = json.loads(invoke(["health", "--format", "json"]).stdout)
            rebuilt = {**again, "generated_at": None} == {**health, "generated_at": None}
            seen = [r for r in runs if r.run_id in imported]
            true = truth(cases, seen, truth_rng, upto)
            said = {s["id"]: s["class"] for s in health["scenarios"]}
            read = {
                s["id"]: {t["tier"]: (t["judged"], t["passes"]) for t in s["tiers"]}
                for s in health["scenarios"]
            }
            bugs_said = {
                b["id"]: (b["outcome"], (b.get("caught_by") or {}).get("run_id") or "")
                for b in report["bugs"]["bugs"]
            }
            bugs_true = bug_truth(cases, seen, upto)
            out["checkpoints"].append(
                {
                    "nights": n,
                    "health_s": took,
                    "rebuilt": rebuilt,
                    "rows": score(said, true),
                    "thin": [s for s in true if true[s]["thin"]],
                    "thin_undecided": [
                        s for s in true if true[s]["thin"] and said.get(s) == "undecided"
                    ],
                    "missing": sorted(set(true) - set(said)),
                    "wrong": sorted(
                        (s, true[s]["class"], said.get(s, "-"), true[s].get("counts"))
                        for s in true
                        if true[s]["supported"] and said.get(s) != true[s]["class"]
                    ),
                    "bugs_true": bugs_true,
                    "bugs_said": bugs_said,
                    "bug_diff": sorted(
                        (s, bugs_true.get(s), bugs_said.get(s))
                        for s in set(bugs_true) | set(bugs_said)
                        if bugs_true.get(s) != bugs_said.get(s)
                    ),
                    "supported": sum(v["supported"] for v in true.values()),
                    "decided": sum(said.get(s) not in (None, "undecided") for s in true),
                    "n": len(true),
                    "true": true,
                    "said": said,
                    "read": read,
                    "doc": health,
                    "hard": hard_cases(cases, seen, bugs_true),
                }
            )
    return out


def hard_cases(
    cases: list[Case], runs: list[Run], bugs: dict[str, tuple[str, str]]
) -> Counter[str]:
    """How many bugs the truth says were caught by each kind of run that is easy to get wrong."""
    by_id = {r.run_id: r for r in runs}
    out: Counter[str] = Counter()
    for c in cases:
        if c.bug is None or c.sid not in bugs or bugs[c.sid][0] != "before":
            continue
        run, b = by_id[bugs[c.sid][1]], c.bug
        assert b.closed_at is not None
        status = next(r.status for r in run.results if r.sid == c.sid)
        out[f"link {b.form}{' (bugs link)' if c.session else ''}"] += 1
        if run.start < b.closed_at < run.end:
            out["caught by a run that started before the closing and ended after it"] += 1
        if run.start > b.closed_at:
            out["caught by a run that started after the closing on unfixed code"] += 1
        if status == "BLOCKED_BY_ARCHITECTURE":
            out["caught by a BLOCKED_BY_ARCHITECTURE"] += 1
        if not b.names_commit:
            out["closing names no fix commit"] += 1
        if b.foreign:
            out["fix commit unknown to the GAIA clone"] += 1
    return out


def fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def table(result: dict[str, Any]) -> str:
    lines = []
    for cp in result["checkpoints"]:
        lines.append(
            f"\nseed {result['seed']}, {cp['nights']} nights: {cp['n']} cases, "
            f"{cp['supported']} supported, {cp['decided']} decided by intake, "
            f"thin said undecided {len(cp['thin_undecided'])}/{len(cp['thin'])}, "
            f"health {cp['health_s']:.1f} s, "
            f"same report after deleting the index: {'yes' if cp['rebuilt'] else 'NO'}"
        )
        lines.append(
            "| class | supported: truth | said | precision | recall "
            "| all: truth | said | precision | recall |"
        )
        lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        rows = {(r["subset"], r["class"]): r for r in cp["rows"]}
        for k in CLASSES:
            a, b = rows[("supported", k)], rows[("all", k)]
            lines.append(
                f"| {k} | {a['truth']} | {a['said']} | {fmt(a['precision'])} | {fmt(a['recall'])}"
                f" | {b['truth']} | {b['said']} | {fmt(b['precision'])} | {fmt(b['recall'])} |"
            )
        differ = sorted(
            s for s, t in cp["true"].items() if t.get("counts") and t["counts"] != cp["read"].get(s)
        )
        lines.append(
            f"cases whose judged runs and passes per tier intake read differ from the truth's: "
            f"{len(differ)}"
            + (f" ({', '.join(differ[:6])}{', …' if len(differ) > 6 else ''})" if differ else "")
        )
        flat = [r for r in cp["rows"] if r["subset"] == "flat"]
        worst_p = min((r["precision"], r["class"]) for r in flat if r["precision"] is not None)
        worst_r = min((r["recall"], r["class"]) for r in flat if r["recall"] is not None)
        lines.append(
            f"supported under a uniform prior instead: {sum(r['truth'] for r in flat)} cases, "
            f"lowest precision {worst_p[0]:.2f} ({worst_p[1]}), "
            f"lowest recall {worst_r[0]:.2f} ({worst_r[1]})"
        )
        outcomes = Counter(v[0] for v in cp["bugs_true"].values())
        lines.append(
            "bugs (truth): "
            + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items()))
            + f"; differences from intake (outcome, caught by): {len(cp['bug_diff'])}"
        )
        lines.append("  " + "; ".join(f"{k}: {v}" for k, v in sorted(cp["hard"].items())))
        for d in cp["bug_diff"]:
            lines.append(f"  bug {d}")
        for w in cp["wrong"]:
            lines.append(f"  wrong on a supported case: {w}")
        if cp["missing"]:
            lines.append(f"  not in health's output: {cp['missing']}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    seeds = [int(a) for a in argv] or [11, 23, 37]
    for seed in seeds:
        started = time.perf_counter()
        result = run_seed(seed)
        print(table(result))
        print(f"(seed {seed}: {time.perf_counter() - started:.0f} s)")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])

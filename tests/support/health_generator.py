"""GAIA-shaped nightly history whose truth is known, for measuring ``intake health``.

Each scenario has a true pass probability per model (a strong and a local one) and so a true
class (the region of ``intake.report.posterior``: always-fail, inverted, saturated, flaky,
healthy), or is never judged (its setup always fails), or stale (edited after its last run).
Nights follow GAIA's nightly: one iteration of each model a night, and every seventh night a
weekly run of three iterations, each a run folder of its own with GAIA's run id
(``eval-YYYYmmdd-HHMMSS``, amd/gaia ``src/gaia/eval/runner.py`` L1815), a new GAIA commit a
night and one of three runner machines. A night with the backend down gives every scenario
``INFRA_ERROR``; a killed run leaves a third of the scenarios unrun (runner.py L1825-1872
reads back the traces a killed run left). Change points: a scenario edited mid-history (a new
runnable hash: its older runs are another case) and a bug fixed mid-history (every run of the
code before the fix failed; the truth is the rates after it).

GAIA's history is a git history whose commits are real (``History.objects``, hashed as git
hashes them; ``History.clone`` writes them into a repository): a main-line commit a night, each
bug's fix commit on a branch made two nights before it is merged, and the merge closing the
issue (``fixCommit``: the branch's commit). The runner machine ``lab-box`` tests the previous
night's commit (a checkout a night behind), so on the night a fix is merged its run starts
after the closing yet tests the code without the fix: "before the fix" by git ancestry, "after"
by any date. Some bug scenarios are added the night their fix merges (``added_at``), so their
only run of the code before the fix is such a run; some issues stay open or close as not
planned. ``History.bug_truth`` gives each bug's true outcome from the code each run tested.

``History.results(night)`` gives each run folder of a night as GAIA's runner writes its
``scorecard.json`` (``build_scorecard``, ``src/gaia/eval/scorecard.py`` L16, the shape at
L153-178; ``tests/support/nightly_helpers.write_run`` writes it to disk), and
``History.inputs(nights)`` the same runs as ``intake health`` reads them, for the
precision/recall test and the benchmark.
"""

from __future__ import annotations

import hashlib
import random
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from intake.contract.models import SuiteRun
from intake.contract.plain import RunTier
from intake.gitutil import Ancestry
from intake.report.health import HealthInput
from intake.report.posterior import Bars, region

STRONG = "claude-opus-4"
LOCAL = "qwen3-4b-local"
JUDGE = "claude-sonnet-4-6"
START = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)
CATEGORIES = (
    "rag_quality",
    "tool_selection",
    "context_retention",
    "error_recovery",
    "memory",
    "personality",
    "adversarial",
    "mcp_reliability",
    "vision",
    "web_system",
)
MACHINES = ("ci-1", "ci-2", "lab-box")
LAGGING = "lab-box"
"""The machine whose checkout is a night behind: it tests the previous night's commit."""
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

ARCHETYPES: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    # class: (strong range, local range) of true pass probabilities, well inside the region
    "saturated": ((0.96, 1.0), (0.96, 1.0)),
    "always-fail": ((0.0, 0.03), (0.0, 0.03)),
    "inverted": ((0.1, 0.3), (0.75, 0.95)),
    "flaky": ((0.4, 0.6), (0.4, 0.6)),
    "healthy": ((0.93, 1.0), (0.0, 0.15)),
}
BORDER = {"healthy": ((0.8, 0.88), (0.15, 0.25))}
"""Cases near a bar (truth healthy, rates close to the flaky band or the saturation bar): the
runs seldom support a decision, and health must say undecided rather than guess."""


@dataclass
class Case:
    """One scenario's truth."""

    scenario_id: str
    category: str
    truth: str
    strong: float
    local: float
    never_judged: bool = False
    edited_at: int | None = None
    """The night before which it was edited (its runs before are of an older hash)."""
    stale: bool = False
    """Edited after the last night: no run of its current text."""
    fixed_at: int | None = None
    """The night its bug's fix was merged (every run of a commit without it failed)."""
    added_at: int = 1
    """The night it was added to the suite (it runs from then on)."""
    bug: str | None = None
    """Its issue's state when not fixed: ``open`` or ``not_planned`` (None: no bug, or fixed)."""
    reproduces: bool = True
    """Whether it fails on the code before its fix (False: it runs at its rates throughout)."""


def _commit(parents: list[str], when: datetime, message: str) -> tuple[str, bytes]:
    """A commit object of the empty tree as git hashes it: (hash, raw body)."""
    stamp = f"{int(when.timestamp())} +0000"
    body = (
        f"tree {EMPTY_TREE}\n"
        + "".join(f"parent {p}\n" for p in parents)
        + f"author gaia <gaia@example.com> {stamp}\n"
        + f"committer gaia <gaia@example.com> {stamp}\n\n{message}\n"
    ).encode()
    return hashlib.sha1(b"commit %d\x00" % len(body) + body).hexdigest(), body


def _merge_time(night: int) -> datetime:
    """When the main-line commit GAIA's nightly of ``night`` tests was made (and a fix merged
    into it closed its issue): three hours before the night's first run."""
    return START + timedelta(days=night - 1, hours=-3)


@dataclass
class History:
    """The generated suite and nights."""

    cases: list[Case]
    nights: int
    seed: int
    down: set[int] = field(default_factory=set)
    killed: set[int] = field(default_factory=set)
    main: dict[int, str] = field(default_factory=dict)
    """Night → the main-line commit made before its runs."""
    fixes: dict[str, str] = field(default_factory=dict)
    """Scenario id → its bug's fix commit."""
    objects: dict[str, bytes] = field(default_factory=dict)
    """Every commit, parents first: hash → raw commit object."""

    def __post_init__(self) -> None:
        merging: dict[int, list[str]] = {}
        for case in self.cases:
            if case.fixed_at is not None:
                merging.setdefault(case.fixed_at, []).append(case.scenario_id)
        for night in range(1, max(self.nights, *merging, 1) + 1):
            parents = [self.main[night - 1]] if night > 1 else []
            parents += [self.fixes[sid] for sid in merging.get(night, [])]
            sha, raw = _commit(parents, _merge_time(night), f"nightly {night}")
            self.objects[sha] = raw
            self.main[night] = sha
            for sid in merging.get(night + 2, []):  # the fix branches off two nights before
                sha, raw = _commit(
                    [self.main[night]], _merge_time(night) + timedelta(hours=15), f"fix {sid}"
                )
                self.objects[sha] = raw
                self.fixes[sid] = sha

    def tested(self, night: int) -> int:
        """The night whose main-line commit that night's runs tested."""
        return night - 1 if MACHINES[night % len(MACHINES)] == LAGGING and night > 1 else night

    def closed_at(self, case: Case) -> datetime | None:
        """When its issue closed: the merge of its fix."""
        return None if case.fixed_at is None else _merge_time(case.fixed_at)

    def clone(self, where: Path) -> Ancestry:
        """Write the history into a git repository at ``where``; its ``Ancestry``."""
        where.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "init", "-q", "-b", "main", str(where)], check=True)
        subprocess.run(
            ["git", "hash-object", "-t", "tree", "-w", "--stdin"],
            cwd=where,
            input=b"",
            check=True,
            capture_output=True,
        )
        for sha, raw in self.objects.items():
            made = subprocess.run(
                ["git", "hash-object", "-t", "commit", "-w", "--stdin"],
                cwd=where,
                input=raw,
                check=True,
                capture_output=True,
            )
            assert made.stdout.decode().strip() == sha, "git hashes the commit as generated"
        subprocess.run(
            ["git", "update-ref", "refs/heads/main", self.main[max(self.main)]],
            cwd=where,
            check=True,
        )
        return Ancestry(where)

    def runs_of(self, night: int) -> list[tuple[str, str, int, datetime, str, str]]:
        """(run id, model, iteration, start, commit, machine) of each run folder that night."""
        iterations = 3 if night % 7 == 0 else 1
        at = START + timedelta(days=night - 1)
        commit = self.main[self.tested(night)]
        machine = MACHINES[night % len(MACHINES)]
        found = []
        for tier, model in enumerate((STRONG, LOCAL)):
            for it in range(iterations):
                started = at + timedelta(minutes=20 * (tier * 3 + it))
                found.append((f"eval-{started:%Y%m%d-%H%M%S}", model, it, started, commit, machine))
        return found

    def status(self, case: Case, night: int, model: str, it: int) -> str | None:
        """The case's status in that run (None: not run, a killed run)."""
        rng = random.Random(f"{self.seed}:{case.scenario_id}:{night}:{model}:{it}")
        if night < case.added_at:
            return None
        if night in self.killed and rng.random() < 0.33:
            return None
        if night in self.down:
            return "INFRA_ERROR"
        if case.never_judged:
            return "SETUP_ERROR"
        if rng.random() < 0.02:
            return "TIMEOUT"
        if case.reproduces and case.fixed_at is not None and self.tested(night) < case.fixed_at:
            return "FAIL" if rng.random() < 0.8 else "BLOCKED_BY_ARCHITECTURE"
        p = case.strong if model == STRONG else case.local
        return "PASS" if rng.random() < p else "FAIL"

    def results(self, night: int) -> Iterator[tuple[str, datetime, dict[str, str], dict[str, str]]]:
        """Each run folder of the night: (run id, start, scenario id → status, meta.json)."""
        for run_id, model, it, started, commit, machine in self.runs_of(night):
            statuses = {}
            for case in self.cases:
                status = self.status(case, night, model, it)
                if status is not None:
                    statuses[case.scenario_id] = status
            yield run_id, started, statuses, {"model": model, "commit": commit, "machine": machine}

    def hash_of(self, case: Case, night: int | None) -> str:
        """The runnable hash of the case as it was that night (None: as it is now)."""
        if case.stale and night is None:
            return f"sha256:{case.scenario_id}-v3"
        if case.edited_at is not None and (night is None or night >= case.edited_at):
            return f"sha256:{case.scenario_id}-v2"
        return f"sha256:{case.scenario_id}-v1"

    def inputs(
        self, nights: int | None = None, ancestry: Ancestry | None = None
    ) -> list[HealthInput]:
        """The first ``nights`` nights as ``intake health`` reads them (``ancestry``: the clone
        that decides which runs tested the code before a fix; None: their starts decide)."""
        last = self.nights if nights is None else nights
        runs: dict[str, list[SuiteRun]] = {c.scenario_id: [] for c in self.cases}
        by_id = {c.scenario_id: c for c in self.cases}
        for night in range(1, last + 1):
            for run_id, model, it, started, commit, machine in self.runs_of(night):
                tier = RunTier.strong if model == STRONG else RunTier.local
                for case in self.cases:
                    status = self.status(case, night, model, it)
                    if status is None:
                        continue
                    runs[case.scenario_id].append(
                        SuiteRun.model_construct(
                            run_id=run_id,
                            status=status,
                            score=None,
                            failure_category=None,
                            model=model,
                            tier=tier,
                            judge_model=JUDGE,
                            runnable_hash=self.hash_of(case, night),
                            gaia_commit=commit,
                            machine=machine,
                            at=started,
                            recorded_at=started,
                            kind="scorecard",
                        )
                    )
        return [
            HealthInput(
                scenario_id=sid,
                path=f"eval/scenarios/{by_id[sid].category}/{sid}.yaml",
                category=by_id[sid].category,
                provenance="hand",
                current_hash=self.hash_of(by_id[sid], None),
                runs=tuple(found),
                fixed_at=self.closed_at(by_id[sid]),
                fix_commit=self.fixes.get(sid),
                ancestry=ancestry,
            )
            for sid, found in runs.items()
        ]

    def bug_truth(self, nights: int | None = None) -> dict[str, str]:
        """Scenario id → its bug's true outcome over the first ``nights`` nights, from the code
        each run tested: ``before`` (a judged failure of a commit without the fix), ``after``
        (added after the closing, no run of the code without the fix), ``missed``, ``open`` or
        ``not-fixed``; a fix merged after the last night is ``open``."""
        last = self.nights if nights is None else nights
        found: dict[str, str] = {}
        for case in self.cases:
            if case.bug is not None:
                found[case.scenario_id] = {"open": "open", "not_planned": "not-fixed"}[case.bug]
            if case.fixed_at is None or case.bug is not None:
                continue
            if case.fixed_at > last:
                found[case.scenario_id] = "open"
                continue
            ran_before = caught = False
            for night in range(1, last + 1):
                for _, model, it, _, _, _ in self.runs_of(night):
                    status = self.status(case, night, model, it)
                    if status is None or self.tested(night) >= case.fixed_at:
                        continue
                    ran_before = True
                    caught = caught or status in ("FAIL", "BLOCKED_BY_ARCHITECTURE")
            found[case.scenario_id] = (
                "before"
                if caught
                else "after"
                if case.added_at >= case.fixed_at and not ran_before
                else "missed"
            )
        return found

    def truth(self) -> dict[str, str]:
        """Scenario id → its true class."""
        found = {}
        for case in self.cases:
            if case.stale:
                found[case.scenario_id] = "stale"
            elif case.never_judged or case.added_at > self.nights:
                found[case.scenario_id] = "never-judged"
            else:
                found[case.scenario_id] = case.truth
        return found


def generate(
    seed: int = 1, nights: int = 17, per_class: int = 40, bars: Bars | None = None
) -> History:
    """A history of ``nights`` nights over about 8 × ``per_class`` scenarios."""
    rng = random.Random(seed)
    bars = bars or Bars()
    cases: list[Case] = []

    def add(
        truth: str, ranges: tuple[tuple[float, float], tuple[float, float]], **kw: int | bool
    ) -> Case:
        strong = rng.uniform(*ranges[0])
        local = rng.uniform(*ranges[1])
        assert region(strong, local, bars) == truth, (truth, strong, local)
        case = Case(
            f"case_{len(cases):04d}",
            CATEGORIES[len(cases) % len(CATEGORIES)],
            truth,
            strong,
            local,
            **kw,
        )  # type: ignore[arg-type]
        cases.append(case)
        return case

    fixed = 0
    for truth, ranges in ARCHETYPES.items():
        for i in range(per_class):
            kw: dict[str, int | bool] = {}
            if i % 8 == 1:
                kw["edited_at"] = max(2, nights // 3)
            if i % 8 == 2 and truth != "always-fail":
                kw["fixed_at"] = max(3, nights // 3) + fixed % 3  # each machine's night
                fixed += 1
            add(truth, ranges, **kw)
    for i in range(per_class // 4):  # added the night its fix merged
        night = max(3, nights // 3) + i % 3
        add("healthy", ARCHETYPES["healthy"], fixed_at=night, added_at=night)
    for i in range(per_class // 8):
        case = add("healthy", ARCHETYPES["healthy"])
        case.bug = ("open", "not_planned")[i % 2]
    for i in range(per_class // 8):  # a bug its scenario does not reproduce: missed, mostly
        case = add("saturated", ARCHETYPES["saturated"], fixed_at=max(3, nights // 3) + i % 3)
        case.reproduces = False
    for truth, ranges in BORDER.items():
        for _ in range(per_class // 2):
            add(truth, ranges)
    for _ in range(per_class // 4):
        add("healthy", ARCHETYPES["healthy"], never_judged=True)
    for _ in range(per_class // 4):
        add("saturated", ARCHETYPES["saturated"], stale=True)
    down = {max(1, nights // 2)} if nights >= 5 else set()
    killed = {max(1, nights - 2)} if nights >= 5 else set()
    return History(cases, nights, seed, down, killed)


__all__ = ["ARCHETYPES", "Case", "History", "generate"]

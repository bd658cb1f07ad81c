"""Per-class precision and recall of ``intake health`` against a generated history's truth
(``tests/support/health_generator.py``), shared by the test and the benchmark that prints the table.

A case *supports* a decision when a simple Bayesian reader of its runs (the Jeffreys posterior
of each tier, independent, integrated over the truth's regions: ``posterior``, not the rules
``decide`` applies) puts at least ``health_confidence`` on its true class, from at least
``health_min_runs`` runs per tier. Precision is over every case
health decided as the class (and, as the issue's table counts it, over the supported cases
only); recall over the supported cases of that class. A thin case (one that does not support
a decision) should be ``undecided``.

Bugs caught before the fix: each bug's outcome as ``intake.report.bugs.outcome`` decides it
(every run of the history, the closing and its fix commit, git ancestry asked of the
history's clone) against the outcome the code each run tested gives
(``History.bug_truth``); and the same decided by the runs' starts alone, for comparison.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from intake.contract.models import BugLink
from intake.gitutil import Ancestry
from intake.report.bugs import RunSeen, outcome
from intake.report.health import build_health
from intake.report.posterior import Bars, posterior
from tests.support.health_generator import START, History, generate

DECIDED = ("saturated", "always-fail", "inverted", "flaky", "healthy")


@dataclass
class Row:
    """One class's counts."""

    klass: str
    truth: int
    supported: int
    said: int
    right: int
    supported_right: int
    supported_said: int = 0
    """Supported cases (of any class) health decided as this class."""

    @property
    def precision(self) -> float | None:
        return self.right / self.said if self.said else None

    @property
    def supported_precision(self) -> float | None:
        """Precision over the supported cases only (the issue's table)."""
        return self.supported_right / self.supported_said if self.supported_said else None

    @property
    def recall(self) -> float | None:
        return self.supported_right / self.supported if self.supported else None


@dataclass
class Score:
    """Rows per class, and what became of the thin cases."""

    nights: int
    rows: list[Row]
    thin: int
    thin_undecided: int
    thin_wrong: int
    bugs: BugScore | None = None


@dataclass
class BugScore:
    """Bugs caught before the fix: intake's outcomes against the truth."""

    bugs: int
    exact: int
    """Bugs whose outcome intake gave is the true one."""
    caught_truth: int
    caught_said: int
    by_start_exact: int
    """The same, decided by the runs' starts alone (no clone)."""
    by_start_caught: int


def bug_outcomes(history: History, ancestry: Ancestry | None) -> dict[str, str]:
    """Each bug's outcome as ``intake.report.bugs.outcome`` gives it over every run."""
    runs: dict[str, list[RunSeen]] = {c.scenario_id: [] for c in history.cases}
    by_id = {c.scenario_id: c for c in history.cases}
    for night in range(1, history.nights + 1):
        for run_id, model, it, started, commit, _ in history.runs_of(night):
            for case in history.cases:
                status = history.status(case, night, model, it)
                if status is not None and (case.fixed_at is not None or case.bug is not None):
                    runs[case.scenario_id].append((started, run_id, model, status, commit))
    checked = START + timedelta(days=history.nights + 1)
    found = {}
    for sid, case in by_id.items():
        if case.fixed_at is None and case.bug is None:
            continue
        closed = history.closed_at(case)
        if case.bug == "not_planned":
            link = BugLink(
                issue=f"github:amd/gaia#{sid[5:]}",
                closed_at=START,
                state_reason="not_planned",
                checked_at=checked,
            )
        elif case.bug == "open" or case.fixed_at is None or case.fixed_at > history.nights:
            link = BugLink(issue=f"github:amd/gaia#{sid[5:]}", checked_at=checked)
        else:
            link = BugLink(
                issue=f"github:amd/gaia#{sid[5:]}",
                closed_at=closed,
                state_reason="completed",
                fix_commit=history.fixes[sid],
                checked_at=checked,
            )
        added = START + timedelta(days=case.added_at - 1, hours=-2)  # after a closing that
        # night (three hours before the runs), before the night's first run
        found[sid] = outcome(
            sid, "", link.issue, "source", link, added, runs[sid], ancestry
        ).outcome
    return found


def score_bugs(history: History, ancestry: Ancestry) -> BugScore:
    """Intake's bug outcomes (by ancestry, and by the runs' starts alone) against the truth."""
    truth = history.bug_truth()
    said = bug_outcomes(history, ancestry)
    by_start = bug_outcomes(history, None)
    return BugScore(
        len(truth),
        sum(said[s] == t for s, t in truth.items()),
        sum(t == "before" for t in truth.values()),
        sum(o == "before" for o in said.values()),
        sum(by_start[s] == t for s, t in truth.items()),
        sum(o == "before" for o in by_start.values()),
    )


def score(nights: int, seed: int = 7, per_class: int = 40) -> Score:
    """Generate ``nights`` nights, write its git history to a clone, run health's decisions
    (before a fix decided by ancestry in the clone), and count; the bugs too."""
    history = generate(seed=seed, nights=nights, per_class=per_class)
    with tempfile.TemporaryDirectory() as folder:
        ancestry = history.clone(Path(folder) / "gaia")
        report = build_health(history.inputs(ancestry=ancestry))
        bugs = score_bugs(history, ancestry)
    truth = history.truth()
    bars = Bars()
    rows = {k: Row(k, 0, 0, 0, 0, 0) for k in DECIDED}
    thin = thin_undecided = thin_wrong = 0
    for s in report.scenarios:
        real = truth[s.scenario_id]
        if real not in DECIDED:
            assert s.klass == real, (s.scenario_id, real, s.klass)
            continue
        counts = [(t.passes, t.judged) for t in s.tiers]
        supported = (
            len(counts) == 2
            and min(n for _, n in counts) >= bars.min_runs
            and dict(posterior(counts[0], counts[1], bars))[real] >= bars.confidence
        )
        row = rows[real]
        row.truth += 1
        row.supported += supported
        if s.klass in rows:
            rows[s.klass].said += 1
            rows[s.klass].right += s.klass == real
            rows[s.klass].supported_said += supported
        row.supported_right += supported and s.klass == real
        if not supported:
            thin += 1
            thin_undecided += s.klass == "undecided"
            thin_wrong += s.klass not in ("undecided", real)
    return Score(nights, list(rows.values()), thin, thin_undecided, thin_wrong, bugs)


def table(scores: list[Score]) -> str:
    """The per-class table, one block per number of nights."""

    def f(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f}"

    lines = [
        "| nights | class | truth | supported | said | precision | said of supported "
        "| precision on supported | recall |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for sc in scores:
        for r in sc.rows:
            lines.append(
                f"| {sc.nights} | {r.klass} | {r.truth} | {r.supported} | {r.said} | "
                f"{f(r.precision)} | {r.supported_said} | {f(r.supported_precision)} "
                f"| {f(r.recall)} |"
            )
        lines.append(
            f"| {sc.nights} | thin (unsupported) | {sc.thin} | | "
            f"{sc.thin - sc.thin_undecided} decided | {sc.thin_wrong} wrong | | | |"
        )
    lines += [
        "",
        "| nights | bugs | caught before the fix (truth) | intake (git ancestry) "
        "| exact | by the runs' start alone | exact |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    lines += [
        f"| {sc.nights} | {b.bugs} | {b.caught_truth} | {b.caught_said} | "
        f"{b.exact}/{b.bugs} | {b.by_start_caught} | {b.by_start_exact}/{b.bugs} |"
        for sc in scores
        if (b := sc.bugs) is not None
    ]
    return "\n".join(lines)

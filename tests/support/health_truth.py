"""Per-class precision and recall of ``intake health`` against a generated history's truth
(``tests/support/health_generator.py``), shared by the test and the benchmark that prints the table.

A case *supports* a decision when a simple Bayesian reader of its runs (the Jeffreys posterior
of each tier, independent, integrated over the truth's regions: ``posterior``, not the rules
``decide`` applies) puts at least ``health_confidence`` on its true class, from at least
``health_min_runs`` runs per tier. Precision is over every case
health decided as the class; recall over the supported cases of that class. A thin case (one
that does not support a decision) should be ``undecided``.
"""

from __future__ import annotations

from dataclasses import dataclass

from intake.report.health import build_health
from intake.report.posterior import Bars, posterior
from tests.support.health_generator import generate

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

    @property
    def precision(self) -> float | None:
        return self.right / self.said if self.said else None

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


def score(nights: int, seed: int = 7, per_class: int = 40) -> Score:
    """Generate ``nights`` nights, run health's decisions, and count."""
    history = generate(seed=seed, nights=nights, per_class=per_class)
    report = build_health(history.inputs())
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
        supported = (len(counts) == 2 and min(n for _, n in counts) >= bars.min_runs
                     and dict(posterior(counts[0], counts[1], bars))[real] >= bars.confidence)
        row = rows[real]
        row.truth += 1
        row.supported += supported
        if s.klass in rows:
            rows[s.klass].said += 1
            rows[s.klass].right += s.klass == real
        row.supported_right += supported and s.klass == real
        if not supported:
            thin += 1
            thin_undecided += s.klass == "undecided"
            thin_wrong += s.klass not in ("undecided", real)
    return Score(nights, list(rows.values()), thin, thin_undecided, thin_wrong)


def table(scores: list[Score]) -> str:
    """The per-class table, one block per number of nights."""
    lines = ["| nights | class | truth | supported | said | precision | recall |",
             "| ---: | --- | ---: | ---: | ---: | ---: | ---: |"]
    for sc in scores:
        for r in sc.rows:
            p = "-" if r.precision is None else f"{r.precision:.2f}"
            rc = "-" if r.recall is None else f"{r.recall:.2f}"
            lines.append(f"| {sc.nights} | {r.klass} | {r.truth} | {r.supported} | {r.said} | "
                         f"{p} | {rc} |")
        lines.append(f"| {sc.nights} | thin (unsupported) | {sc.thin} | | "
                     f"{sc.thin - sc.thin_undecided} decided | {sc.thin_wrong} wrong | |")
    return "\n".join(lines)

"""Bugs caught before the fix: the second number of GAIA's eval plan (item 4).

For each suite scenario with a bug (an issue it was drafted from, or one a reviewer named for a
session-sourced scenario, ``intake.lifecycle.bugs``) whose issue closed as *completed*:

* ``before``: a judged FAIL or BLOCKED_BY_ARCHITECTURE of the scenario that tested the code
  before the fix (a draft run, ``Record.runs``, or a stored suite run, of all time; the
  earliest one is the run that caught it);
* ``after``: the scenario was added (its capture) after the issue closed, and no run of it
  tested the code before the fix;
* ``missed``: the scenario existed before the fix but no failing run of it was recorded before.

"Before the fix" is the code the run tested (``intake.gitutil.tested_before_fix``): when
the closing names its fix commit and the GAIA clone knows it and the run's GAIA commit, by git
ancestry (the fix is in the run's commit: after); otherwise by the run's start (GAIA's run id)
against the closing, never its end. Each bug says which decided (``decided_by``).

Issues still open, closed as not planned, or never read (``intake bugs refresh``) are counted
apart and never in the share. The share over time is per month of the closing, cumulative.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from intake.config import Settings
from intake.ghoutput import html_text, md_text
from intake.gitutil import Ancestry, aware, tested_before_fix

if TYPE_CHECKING:  # the models (pydantic) are imported where a record is validated
    from intake.contract.models import BugLink, Record
    from intake.lifecycle.runs.store import Claimed


@dataclass(frozen=True)
class Bug:
    """One bug and how the suite met it."""

    scenario_id: str
    path: str
    issue: str
    via: str
    outcome: str
    """``before``, ``after``, ``missed``, ``open``, ``not-fixed`` or ``unknown``."""
    closed_at: datetime | None = None
    run_id: str | None = None
    """The run that caught it (``before`` only)."""
    run_at: datetime | None = None
    model: str | None = None
    fix_commit: str | None = None
    decided_by: str | None = None
    """How "before the fix" was decided for its runs: ``ancestry`` (the fix commit against each
    run's GAIA commit), ``start`` (each run's start against the closing), ``ancestry and
    start`` (some runs each way); None without runs or closing."""
    why_start: str | None = None
    """Why the run's start decided, where it did."""

    def how(self) -> str:
        """``by git ancestry`` or ``by the run's start (why)``; empty when nothing was decided."""
        if self.decided_by is None:
            return ""
        if self.decided_by == "ancestry":
            return "by git ancestry"
        return f"by {'the runs' if self.decided_by == 'start' else 'some runs'}' start" + (
            f" ({self.why_start})" if self.why_start else ""
        )


@dataclass
class BugsReport:
    """The bugs and the share caught before their fix, over time."""

    bugs: list[Bug] = field(default_factory=list)

    @property
    def fixed(self) -> list[Bug]:
        """Bugs whose issue closed as completed."""
        return [b for b in self.bugs if b.outcome in ("before", "after", "missed")]

    @property
    def caught_before(self) -> list[Bug]:
        """Bugs with a failing scenario before the fix."""
        return [b for b in self.bugs if b.outcome == "before"]

    def share(self) -> float | None:
        """Caught before the fix over fixed bugs (None without fixed bugs)."""
        return len(self.caught_before) / len(self.fixed) if self.fixed else None

    def months(self) -> list[tuple[str, int, int]]:
        """(month, fixed so far, caught before so far), per month of a closing."""
        points: list[tuple[str, int, int]] = []
        caught = 0
        dated = sorted((b for b in self.fixed if b.closed_at), key=lambda b: b.closed_at or 0)
        for fixed, bug in enumerate(dated, start=1):
            assert bug.closed_at is not None
            month = bug.closed_at.strftime("%Y-%m")
            caught += bug.outcome == "before"
            if points and points[-1][0] == month:
                points[-1] = (month, fixed, caught)
            else:
                points.append((month, fixed, caught))
        return points

    def apart(self) -> str:
        """The bugs never in the share, as a phrase (``2 open, 1 closed as not planned``)."""
        counts = Counter(b.outcome for b in self.bugs)
        parts = [
            f"{counts[k]} {what}"
            for k, what in (
                ("open", "open"),
                ("not-fixed", "closed as not planned"),
                ("unknown", "never read (intake bugs refresh)"),
            )
            if counts[k]
        ]
        return ", ".join(parts)


CAUGHT = frozenset({"FAIL", "BLOCKED_BY_ARCHITECTURE"})
"""Judged and not passed: either one is the case failing on the bug (``scorecard.py``
``_JUDGED_STATUSES``, docs/gaia-formats.md#scorecard)."""


RunSeen = tuple[datetime, str, str, str, str | None]
"""(start, run id, model, status, GAIA commit) of one run of a bug's scenario."""


def outcome(
    scenario_id: str,
    path: str,
    issue: str,
    via: str,
    bug: BugLink | None,
    captured_at: datetime,
    runs: Sequence[RunSeen],
    ancestry: Ancestry | None = None,
) -> Bug:
    """A bug's outcome from its closing and its scenario's runs; pure but for ``ancestry``.

    A run tested the code before the fix when the fix commit is not in its GAIA commit (git
    ancestry, when the clone knows both), else when it started before the closing (GAIA's run
    id names its start, runner.py ``run_id``; a draft run's ``at``), never when its scorecard was
    written: a nightly that tested the code before the fix but finished after the closing
    counts."""
    if bug is None or bug.checked_at is None:
        return Bug(scenario_id, path, issue, via, "unknown")
    if bug.closed_at is None:
        return Bug(scenario_id, path, issue, via, "open")
    closed = aware(bug.closed_at)
    fix = bug.fix_commit
    if bug.state_reason not in (None, "completed"):
        return Bug(scenario_id, path, issue, via, "not-fixed", closed, fix_commit=fix)
    if ancestry is not None:
        ancestry.prime(fix, [r[4] for r in runs])
    ways: set[bool] = set()
    caught: tuple[datetime, str, str] | None = None
    ran_before = False
    for at, run_id, model, status, commit in sorted(runs, key=lambda r: (aware(r[0]), r[1])):
        before, by_git = tested_before_fix(at, commit, closed, fix, ancestry)
        ways.add(by_git)
        ran_before = ran_before or before
        if before and status in CAUGHT and caught is None:
            caught = (aware(at), run_id, model)
    decided = (
        None
        if not ways
        else ("ancestry and start" if len(ways) == 2 else "ancestry" if True in ways else "start")
    )
    why = None
    if False in ways:
        why = (
            "the closing names no fix commit"
            if fix is None
            else "no GAIA clone asked"
            if ancestry is None
            else f"fix commit {fix[:12]} unknown to the GAIA clone"
            if not ancestry.known(fix)
            else "a run's GAIA commit unnamed or unknown to the GAIA clone"
        )
    if caught is not None:
        kind = "before"
    elif aware(captured_at) > closed and not ran_before:
        kind = "after"
    else:
        kind = "missed"
    when, run, by = caught or (None, None, None)  # the run that caught it: (start, id, model)
    return Bug(scenario_id, path, issue, via, kind, closed, run, when, by, fix, decided, why)


def bug_of(record: Record, path: str, ancestry: Ancestry | None = None) -> Bug | None:
    """The record's bug and its outcome (``outcome``); None when the scenario has no bug."""
    from intake.lifecycle.bugs import issue_of  # with the models, as the record was read

    issue = issue_of(record)
    if issue is None:
        return None
    via = record.bug.via if record.bug is not None else "source"
    runs: list[RunSeen] = [(r.at, r.run_id, r.model, r.status, None) for r in record.runs]
    runs += [(r.at, r.run_id, r.model, r.status, r.gaia_commit) for r in record.suite_runs]
    return outcome(
        record.id, path, issue, via, record.bug, record.source.captured_at, runs, ancestry
    )


def build_bugs(
    records: Sequence[tuple[Record, str]], ancestry: Ancestry | None = None
) -> BugsReport:
    """The report over (record, shown path) pairs; pure but for ``ancestry`` (git asked)."""
    bugs = [b for r, p in records if (b := bug_of(r, p, ancestry)) is not None]
    return BugsReport(sorted(bugs, key=lambda b: (b.outcome, b.scenario_id)))


def report_bugs(
    settings: Settings, pairs: Sequence[tuple[Record, str]], left_out: Claimed | None = None
) -> BugsReport:
    """The report over records read for their bug, each with every stored run of it (of all
    time, not health's window) but those of the run files a change claims (``left_out``),
    "before the fix" asked of the GAIA clone (``gaia_git``)."""
    from intake.lifecycle.runs.store import claimed, scenario_runs
    from intake.report.health import with_stored

    if left_out is None:
        left_out = claimed(settings)
    store = scenario_runs(settings, [r.id for r, _ in pairs], left_out)
    full = [(with_stored(r, store[r.id]) if r.id in store else r, p) for r, p in pairs]
    return build_bugs(full, Ancestry.of(settings))


def _real(shares: Mapping[str, float], month: str) -> str:
    """The suite's real-use share at the end of ``month`` (the provenance trend), or ``-``."""
    return f"{shares[month]:.0%}" if month in shares else "-"


def text_lines(report: BugsReport, shares: Mapping[str, float]) -> list[str]:
    """The bugs section of the text report (``shares``: month → the suite's real-use share)."""
    share = report.share()
    apart = report.apart()
    lines = [
        "Bugs caught before the fix: "
        + (
            f"{len(report.caught_before)} of {len(report.fixed)} fixed ({share:.0%})"
            if share is not None
            else "no fixed bug yet"
        )
        + (f"; not counted: {apart}" if apart else ""),
    ]
    for month, fixed, caught in report.months():
        lines.append(
            f"  {month}: {caught}/{fixed} ({caught / fixed:.0%}); "
            f"suite from real use {_real(shares, month)}"
        )
    for bug in report.bugs:
        by = f", caught by run {bug.run_id} ({bug.model})" if bug.run_id else ""
        how = f"; {bug.how()}" if bug.how() else ""
        lines.append(f"  {bug.outcome:<9} {bug.issue} {bug.scenario_id}{by}{how}")
    return lines


def _summary(report: BugsReport, escape: Callable[[str], str]) -> str:
    """The markdown and HTML sections' first sentence (``escape``: for what GitHub says)."""
    share, apart = report.share(), report.apart()
    return (
        f"{len(report.caught_before)} of {len(report.fixed)} fixed bugs ({share:.0%}) "
        "had a failing scenario before their fix."
        if share is not None
        else "No fixed bug yet."
    ) + (f" Not counted: {escape(apart)}." if apart else "")


def markdown_lines(report: BugsReport, shares: Mapping[str, float]) -> list[str]:
    """The bugs section of the markdown report."""
    lines = ["", "### Bugs caught before the fix", "", _summary(report, str)]
    if report.months():
        lines += [
            "",
            "| month | fixed (so far) | caught before | share | suite from real use |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        lines += [
            f"| {m} | {f} | {c} | {c / f:.0%} | {_real(shares, m)} |" for m, f, c in report.months()
        ]
    if report.bugs:
        lines += [
            "",
            "| issue | scenario | outcome | caught by | before the fix decided |",
            "| --- | --- | --- | --- | --- |",
        ]
        for bug in report.bugs:
            lines.append(
                f"| {md_text(bug.issue)} | `{bug.scenario_id}` | {bug.outcome} | "
                f"{md_text(bug.run_id or '')} | {md_text(bug.how())} |"
            )
    return lines


def html_lines(report: BugsReport, shares: Mapping[str, float]) -> list[str]:
    """The bugs section of the HTML report (a table per month: the share over time, beside
    the suite's real-use share that month)."""
    parts = ["<h2>Bugs caught before the fix</h2>", f"<p>{_summary(report, html_text)}</p>"]
    if report.months():
        parts.append(
            '<table class="bugs-over-time"><tr><th>month</th><th>fixed so far</th>'
            "<th>caught before</th><th>share</th><th>suite from real use</th></tr>"
        )
        parts += [
            f'<tr><td>{m}</td><td class="n">{f}</td><td class="n">{c}</td>'
            f'<td class="n">{c / f:.0%}</td><td class="n">{_real(shares, m)}</td></tr>'
            for m, f, c in report.months()
        ]
        parts.append("</table>")
    if report.bugs:
        parts.append(
            "<table><tr><th>issue</th><th>scenario</th><th>outcome</th>"
            "<th>caught by</th><th>before the fix decided</th></tr>"
        )
        parts += [
            f"<tr><td>{html_text(b.issue)}</td><td>{html_text(b.scenario_id)}</td>"
            f"<td>{b.outcome}</td><td>{html_text(b.run_id or '')}</td>"
            f"<td>{html_text(b.how())}</td></tr>"
            for b in report.bugs
        ]
        parts.append("</table>")
    return parts

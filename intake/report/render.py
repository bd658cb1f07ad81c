"""Rendering the report as text, JSON or markdown (with Mermaid charts GitHub draws).

HTML is ``intake.report.html``, which also picks a renderer by format name (``render_report``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING

from intake.report.model import (
    MARKDOWN_LIST_LIMIT,
    REPORT_VERSION,
    SOURCE_TYPES,
    Funnel,
    Listed,
    ProvenanceReport,
    RunSummary,
    Share,
)
from intake.wording import counted

if TYPE_CHECKING:
    from intake.report.bugs import BugsReport
    from intake.report.health import HealthReport

# --- rendering: shared ----------------------------------------------------------------------


def pct(value: float) -> str:
    """A share as a percentage with one decimal (2/91 → ``2.2%``)."""
    return f"{value * 100:.1f}%"


def target_pct(value: float) -> str:
    """The target without a needless decimal (``20%``, ``12.5%``)."""
    text = f"{value * 100:.2f}".rstrip("0").rstrip(".")
    return f"{text}%"


def gap_sentence(report: ProvenanceReport) -> str:
    """``21 more real-use scenarios reach 20%`` (or that the target is met or unreachable)."""
    target = target_pct(report.target)
    n = report.more_to_target
    if n is None:
        return f"the {target} target cannot be reached while any scenario is not from real use"
    if n == 0:
        return f"the {target} target is met"
    if n == 1:
        return f"1 more real-use scenario reaches {target}"
    return f"{n} more real-use scenarios reach {target}"


def headline(report: ProvenanceReport) -> str:
    """One sentence: total, by origin, share and the gap."""
    share = report.overall
    c = share.counts
    return (
        f"{counted(share.total, 'scenario')}: {c['session']} from sessions, "
        f"{c['issue']} from issues, "
        f"{c['hand']} by hand, {c['synthetic']} synthetic, {c['unknown']} unknown; "
        f"share from real use {pct(share.real_share)} (target {target_pct(report.target)}); "
        f"{gap_sentence(report)}."
    )


SOURCE_HEADER = ["source", "scenarios", "share"]
CATEGORY_HEADER = ["category", "total", *SOURCE_TYPES, "real use"]
MONTH_HEADER = ["month", "scenarios", "real use", "share"]


def source_rows(share: Share) -> list[list[str]]:
    """The source table's rows, one per source type, then real use (every format's)."""
    rows = [[t, str(share.counts[t]), pct(share.share(t))] for t in SOURCE_TYPES]
    return [*rows, ["real use", str(share.real), pct(share.real_share)]]


def category_rows(report: ProvenanceReport) -> list[list[str]]:
    """The category table's rows (``CATEGORY_HEADER``)."""
    return [
        [
            c.category,
            str(c.share.total),
            *(str(c.share.counts[t]) for t in SOURCE_TYPES),
            pct(c.share.real_share),
        ]
        for c in report.categories
    ]


def month_rows(report: ProvenanceReport) -> list[list[str]]:
    """The over-time table's rows (``MONTH_HEADER``)."""
    return [
        [m.month, str(m.share.total), str(m.share.real), pct(m.share.real_share)]
        for m in report.months
    ]


def entry_counts(entry: dict[str, int]) -> str:
    """``3 promoted through intake, 1 adopted, 0 neither``: how scenarios entered the suite."""
    return (
        f"{entry['promoted']} promoted through intake, {entry['adopted']} adopted, "
        f"{entry['neither']} neither"
    )


def added_line(report: ProvenanceReport) -> str | None:
    """``Added since 2026-01-01: 5 scenarios, 2 from real use (40.0%)`` (None without
    ``--since``)."""
    added = report.added_since
    if added is None or report.since is None:
        return None
    return (
        f"Added since {report.since.isoformat()}: {counted(added.total, 'scenario')}, "
        f"{added.real} from real use ({pct(added.real_share)})"
    )


def to_document(report: ProvenanceReport) -> dict[str, object]:
    """The JSON document (keys documented in ``docs/report.md``)."""
    runs, rubric = report.runs, report.rubric
    extras: dict[str, object] = {}  # the keys a report carries only when asked
    if report.bugs is not None:
        extras["bugs"] = _bugs(report.bugs)
    if report.health is not None:
        extras["health"] = _health(report.health)
    return {
        "intake_result_version": 1,
        "command": "report",
        "report_version": REPORT_VERSION,
        "generated_at": report.generated_at.isoformat(),
        "paths": report.paths,
        "since": report.since.isoformat() if report.since else None,
        "target": report.target,
        **_share(report.overall),
        "invalid": len(report.invalid),
        "more_to_target": report.more_to_target,
        "target_met": report.target_met,
        "categories": [{"category": c.category, **_share(c.share)} for c in report.categories],
        "over_time": {
            "undated": report.undated,
            "months": [{"month": m.month, **_share(m.share)} for m in report.months],
        },
        "added_since": _share(report.added_since) if report.added_since else None,
        "funnel": asdict(report.funnel),
        "rationale_flags": [_listed(x) for x in report.flags],
        "unknown_source": [_listed(x) for x in report.unknown],
        "invalid_files": [_listed(x) for x in report.invalid],
        "record_problems": [_listed(x) for x in report.record_problems],
        "notes": report.notes,
        "runs": None
        if runs is None
        else {
            "tiers": {
                t.tier.value: {
                    "runs": t.runs,
                    "passes": t.passes,
                    "pass_rate": None if t.pass_rate is None else _round(t.pass_rate),
                }
                for t in runs.tiers
            },
            "difficulty": runs.difficulty,
        },
        "entry": report.entry,
        "rubric": None
        if rubric is None
        else {
            "reviews": rubric.reviews,
            "underspecified": {str(k): rubric.underspecified.get(k, 0) for k in range(4)},
            "criteria": {str(k): rubric.criteria.get(k, 0) for k in range(4)},
            "median_minutes": rubric.median_minutes,
        },
        "suites": report.suites,
        "headroom": [{**asdict(h), "strong_pass_rate": h.pass_rate} for h in report.headroom],
        "controls": report.controls,
        **extras,
    }


def _share(share: Share) -> dict[str, object]:
    return {
        "scenarios": share.total,
        "by_source": {
            t: {"count": share.counts.get(t, 0), "share": _round(share.share(t))}
            for t in SOURCE_TYPES
        },
        "real_use": share.real,
        "real_use_share": _round(share.real_share),
    }


def _round(value: float) -> float:
    return round(value, 6)


def _bugs(bugs: BugsReport) -> dict[str, object]:
    """The ``bugs`` key: outcomes counted, the share caught before the fix, each bug."""
    share, outcomes = bugs.share(), Counter(b.outcome for b in bugs.bugs)
    return {
        "fixed": len(bugs.fixed),
        "caught_before_fix": len(bugs.caught_before),
        "caught_after_fix": outcomes["after"],
        "missed": outcomes["missed"],
        "open": outcomes["open"],
        "not_fixed": outcomes["not-fixed"],
        "unknown": outcomes["unknown"],
        "share_caught_before": None if share is None else round(share, 4),
        "months": [{"month": m, "fixed": f, "caught_before": c} for m, f, c in bugs.months()],
        "bugs": [
            {
                "id": b.scenario_id,
                "path": b.path,
                "issue": b.issue,
                "via": b.via,
                "outcome": b.outcome,
                "closed_at": b.closed_at.isoformat() if b.closed_at else None,
                "fix_commit": b.fix_commit,
                "decided_by": b.decided_by,
                "decided_by_start_because": b.why_start,
                "caught_by": None
                if b.run_id is None
                else {
                    "run_id": b.run_id,
                    "model": b.model,
                    "at": b.run_at.isoformat() if b.run_at else None,
                },
            }
            for b in bugs.bugs
        ],
    }


def _health(health: HealthReport) -> dict[str, object]:
    """The ``health`` keys the report carries of ``intake health --format json``'s."""
    from intake.report.health import document_head

    kept = ("thresholds", "commits", "counts", "quarantined", "retired")
    return {key: value for key, value in document_head(health).items() if key in kept}


def _health_lines(report: ProvenanceReport) -> list[str]:
    health = report.health
    if health is None:
        return []
    counts = health.counts()
    return [
        "Health: "
        + ", ".join(f"{k} {counts[k]['total']}" for k in counts if counts[k]["total"])
        + f"; quarantined {len(health.quarantined)}, retired {len(health.retired)} "
        "(`intake health` for the whole report)"
    ]


def _listed(item: Listed) -> dict[str, str | int]:
    return {k: v for k, v in asdict(item).items() if v is not None}


def run_line(runs: RunSummary) -> str:
    """``strong 5/6 passed (83%); local 1/6 passed (17%); difficulty: easy 0, …``."""
    parts = []
    for t in runs.tiers:
        rate = "" if t.pass_rate is None else f" ({pct(t.pass_rate)})"
        parts.append(f"{t.tier.value} {t.passes}/{t.runs} passed{rate}")
    labels = ", ".join(f"{k} {v}" for k, v in runs.difficulty.items())
    return "; ".join(parts) + f"; difficulty: {labels}"


def suite_lines(report: ProvenanceReport) -> list[str]:
    """Suite types, capability headroom per category and control verdicts (text)."""
    if not any(report.suites.values()):
        return []
    lines = [
        "",
        "Suite types (promoted cases)",
        ", ".join(f"{k} {v}" for k, v in sorted(report.suites.items())),
    ]
    for row in report.headroom:
        rate = pct(row.pass_rate) if row.pass_rate is not None else "no judged strong run"
        lines.append(
            f"headroom {row.category}: {row.cases} capability case(s), strong tier "
            f"{row.strong_passes}/{row.strong_runs} passed ({rate})"
        )
    if report.controls:
        lines.append(
            "control gate at promotion: "
            + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(report.controls.items()))
        )
    return lines


def listed_sections(report: ProvenanceReport, *, hints: bool) -> list[tuple[str, list[Listed]]]:
    """The report's lists of files, titled (with ``hints``: what each means, for the terminal)."""
    unknown = " (annotate with source: {type, link})" if hints else ""
    invalid = " (left out of every share)" if hints else ""
    return [
        ("Promoted scenarios with a weak difficulty_rationale", report.flags),
        ("Without a known source" + unknown, report.unknown),
        ("Invalid files" + invalid, report.invalid),
        ("Records that could not be read in full", report.record_problems),
    ]


def render_json(report: ProvenanceReport) -> str:
    """One JSON document."""
    return json.dumps(to_document(report), indent=2, ensure_ascii=False) + "\n"


def _funnel_line(funnel: Funnel) -> str:
    return " → ".join(f"{label} {getattr(funnel, key)}" for key, label in Funnel.STAGES[:5])


def median_text(funnel: Funnel) -> str:
    if funnel.median_days_to_promotion is None:
        return "no promotion with both dates yet"
    timed = counted(funnel.promotions_timed, "promotion")
    return f"{funnel.median_days_to_promotion:g} days (over {timed})"


# --- rendering: text ------------------------------------------------------------------------


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *[line(r) for r in rows]]


def _bar(share: float, target: float, width: int = 20) -> str:
    """``####....|.....``: the share filled, ``|`` where the target is."""
    filled = round(share * width)
    cells = ["#" if i < filled else "." for i in range(width)]
    mark = min(width - 1, round(target * width))
    cells[mark] = "|"
    return "".join(cells)


def render_text(report: ProvenanceReport) -> str:
    """Tables for the terminal."""
    share = report.overall
    where = ", ".join(report.paths) or "(no folder)"
    out = [
        f"Provenance report: {where}",
        f"generated {report.generated_at.strftime('%Y-%m-%d %H:%M UTC')}"
        + (f", since {report.since.isoformat()}" if report.since else ""),
        "",
        headline(report),
        "",
    ]
    out += _table(SOURCE_HEADER, [*source_rows(share), ["total", str(share.total), ""]])
    if report.entry:
        out += ["", f"entered the suite: {entry_counts(report.entry)}"]
    if report.rubric is not None:
        out.append(report.rubric.line())
    out += ["", "By category"]
    out += _table(CATEGORY_HEADER, category_rows(report))
    out += ["", "Share from real use at the end of each month"]
    if report.months:
        bars = [_bar(m.share.real_share, report.target) for m in report.months]
        out += _table(
            [*MONTH_HEADER, f"(| = {target_pct(report.target)})"],
            [[*row, bar] for row, bar in zip(month_rows(report), bars, strict=True)],
        )
    else:
        out.append("(no months in range)")
    if (added := added_line(report)) is not None:
        out += ["", added]
    f = report.funnel
    out += [
        "",
        "Draft funnel" + ("" if f.ledger else " (records only: no ledger)"),
        f"{_funnel_line(f)}; rejected {f.rejected}; open drafts {f.open_drafts}",
        f"median from draft to promotion: {median_text(f)}",
    ]
    if report.runs is not None:
        out += ["", "Runs (judged, on each scenario's latest content)", run_line(report.runs)]
    out += suite_lines(report)
    for title, items in listed_sections(report, hints=True):
        out += ["", f"{title}: {len(items)}"]
        for item in items:
            where_line = f"{item.file}:{item.line}" if item.line else item.file
            label = f" ({item.id})" if item.id else ""
            out.append(f"  {where_line}{label}: {item.reason}")
    if report.bugs is not None:
        from intake.report.bugs import text_lines

        out += ["", *text_lines(report.bugs, {m.month: m.share.real_share for m in report.months})]
    out += ["", *_health_lines(report)] if report.health is not None else []
    if report.notes:
        out += ["", "Notes"] + [f"  - {note}" for note in report.notes]
    return "\n".join(out) + "\n"


# --- rendering: markdown --------------------------------------------------------------------


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|~&:])")


def md(text: str) -> str:
    """Markdown-escape a value for a table cell or line (no HTML, no links, one line).

    ``:`` is escaped too, so GitHub does not turn a URL in the data into a live link.
    """
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def md_row(cells: Sequence[str]) -> str:
    """One row of a Markdown table (the cells already escaped)."""
    return "| " + " | ".join(cells) + " |"


def _mermaid_label(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9 _.%-]", "", text)[:40] or "-"


def render_markdown(report: ProvenanceReport) -> str:
    """For pull-request comments and job summaries; Mermaid charts render on GitHub."""
    share = report.overall
    out = ["## Provenance report", "", headline(report), ""]
    out += [md_row(SOURCE_HEADER), "| --- | ---: | ---: |"]
    out += [md_row(row) for row in source_rows(share)[:-1]]
    out += [f"| **real use** | **{share.real}** | **{pct(share.real_share)}** |", ""]
    if report.entry:
        out += [f"Entered the suite: {entry_counts(report.entry)}.", ""]
    if report.rubric is not None:
        out += [md(report.rubric.line()), ""]
    if share.total:
        out += ["```mermaid", "pie showData title Scenarios by source"]
        out += [f'    "{t}" : {share.counts[t]}' for t in SOURCE_TYPES if share.counts[t]]
        out += ["```", ""]
    out += ["### Over time", ""]
    if report.months:
        months = ", ".join(f'"{_mermaid_label(m.month)}"' for m in report.months)
        values = ", ".join(f"{m.share.real_share * 100:.1f}" for m in report.months)
        target = ", ".join(f"{report.target * 100:g}" for _ in report.months)
        top = max(100.0, report.target * 100)
        out += [
            "```mermaid",
            "xychart-beta",
            '    title "Share from real use at the end of each month (%)"',
            f"    x-axis [{months}]",
            f'    y-axis "real use (%)" 0 --> {top:g}',
            f"    line [{values}]",
            f"    line [{target}]",
            "```",
            "",
            f"Second line: the {target_pct(report.target)} target.",
            "",
            md_row(MONTH_HEADER),
            "| --- | ---: | ---: | ---: |",
            *(md_row(row) for row in month_rows(report)),
        ]
    else:
        out.append("No months in range.")
    if (added := added_line(report)) is not None:
        out += ["", added + "."]
    out += ["", "### By category", ""]
    out += [md_row(CATEGORY_HEADER), "| --- |" + " ---: |" * (len(CATEGORY_HEADER) - 1)]
    out += [md_row([md(name), *cells]) for name, *cells in category_rows(report)]
    f = report.funnel
    out += ["", "### Draft funnel" + ("" if f.ledger else " (records only: no ledger)"), ""]
    out += ["| stage | drafts |", "| --- | ---: |"]
    out += [f"| {label} | {getattr(f, key)} |" for key, label in Funnel.STAGES]
    out += [f"| open drafts | {f.open_drafts} |", ""]
    out += [f"Median from draft to promotion: {median_text(f)}."]
    if report.runs is not None:
        out += ["", "### Runs", "", run_line(report.runs) + "."]
    lines = suite_lines(report)
    if lines:
        out += ["", "### Suite types", "", *(f"- {md(line)}" for line in lines[2:])]
    for title, items in listed_sections(report, hints=False):
        if not items:
            continue
        out += ["", f"<details><summary>{md(title)}: {len(items)}</summary>", ""]
        for item in items[:MARKDOWN_LIST_LIMIT]:
            label = f" ({md(item.id)})" if item.id else ""
            line = f":{item.line}" if item.line else ""
            out.append(f"- {md(item.file)}{line}{label}: {md(item.reason)}")
        if len(items) > MARKDOWN_LIST_LIMIT:
            more = len(items) - MARKDOWN_LIST_LIMIT
            out.append(f"- … and {more} more (`intake report --format json` lists all)")
        out += ["", "</details>"]
    if report.bugs is not None:
        from intake.report.bugs import markdown_lines

        out += markdown_lines(report.bugs, {m.month: m.share.real_share for m in report.months})
    if report.health is not None:
        out += ["", *(f"- {md(line)}" for line in _health_lines(report))]
    if report.notes:
        out += ["", "### Notes", ""] + [f"- {md(n)}" for n in report.notes]
    return "\n".join(out) + "\n"

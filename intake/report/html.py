"""The report as one self-contained HTML page: inline SVG charts, no script, nothing fetched."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from intake.report.model import (
    SOURCE_TYPES,
    Funnel,
    ProvenanceReport,
)
from intake.report.render import (
    CATEGORY_HEADER,
    MONTH_HEADER,
    SOURCE_HEADER,
    added_line,
    category_rows,
    entry_counts,
    headline,
    listed_sections,
    median_text,
    month_rows,
    pct,
    render_json,
    render_markdown,
    render_text,
    run_line,
    source_rows,
    suite_lines,
    target_pct,
)

# --- rendering: HTML ------------------------------------------------------------------------


_COLOURS = {
    "session": "#1b7f5a",
    "issue": "#3a6fd8",
    "hand": "#c08a1a",
    "synthetic": "#8a56c2",
    "unknown": "#9aa0a6",
}


def h(value: object) -> str:
    """HTML-escape anything (quotes too)."""
    return escape(str(value), quote=True)


def _svg_bars(rows: list[tuple[str, int, str]], total: int, width: int = 560) -> str:
    """Horizontal bars: (label, value, colour)."""
    bar_h, gap, label_w = 22, 8, 150
    height = len(rows) * (bar_h + gap) + gap
    span = width - label_w - 110
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="bar chart">'
    ]
    for index, (label, value, colour) in enumerate(rows):
        y = gap + index * (bar_h + gap)
        w = round(span * value / total, 1) if total else 0
        share = pct(value / total) if total else "0.0%"
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{h(label)}</text>'
            f'<rect x="{label_w}" y="{y}" width="{w}" height="{bar_h}" fill="{colour}"/>'
            f'<text x="{label_w + w + 6}" y="{y + 15}">{value} ({share})</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _svg_line(report: ProvenanceReport, width: int = 640, height: int = 260) -> str:
    """Real-use share per month, with the target as a dashed line."""
    left, right, top, bottom = 48, 36, 16, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    top_value = max(1.0, report.target)
    months = report.months

    def y_of(value: float) -> float:
        return round(top + plot_h * (1 - value / top_value), 1)

    def x_of(index: int) -> float:
        if len(months) == 1:
            return left + plot_w / 2
        return round(left + plot_w * index / (len(months) - 1), 1)

    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="share from real use by month">',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
        f'stroke="#ccc"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        value = tick * top_value
        parts.append(
            f'<text x="{left - 6}" y="{y_of(value) + 4}" text-anchor="end" class="tick">'
            f"{value * 100:.0f}%</text>"
        )
    ty = y_of(report.target)
    parts.append(
        f'<line x1="{left}" y1="{ty}" x2="{left + plot_w}" y2="{ty}" stroke="#c0392b" '
        f'stroke-dasharray="6 4"/><text x="{left + plot_w - 4}" y="{ty - 4}" '
        f'text-anchor="end" class="tick">target {h(target_pct(report.target))}</text>'
    )
    points = " ".join(f"{x_of(i)},{y_of(m.share.real_share)}" for i, m in enumerate(months))
    if len(months) > 1:
        parts.append(f'<polyline points="{points}" fill="none" stroke="#1b7f5a" stroke-width="2"/>')
    step = max(1, len(months) // 12)
    for index, month in enumerate(months):
        x, y = x_of(index), y_of(month.share.real_share)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="3" fill="#1b7f5a">'
            f"<title>{h(month.month)}: {h(pct(month.share.real_share))} "
            f"({month.share.real} of {month.share.total})</title></circle>"
        )
        if index % step == 0 or index == len(months) - 1:
            parts.append(
                f'<text x="{x}" y="{height - bottom + 18}" text-anchor="middle" class="tick">'
                f"{h(month.month)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;
max-width:980px;color:#1f2328;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:3px 8px}
td.n,th.n{text-align:right}svg text{font:12px system-ui,sans-serif;fill:#1f2328}
svg text.tick{font-size:11px;fill:#555}.lead{font-size:1.05rem}.muted{color:#666}
code{font-size:.9em}
"""


def _html_table(
    header: Sequence[str], rows: Sequence[Sequence[object]], numeric_from: int = 1
) -> str:
    def cls(index: int) -> str:
        return ' class="n"' if index >= numeric_from else ""

    head = "".join(f"<th{cls(i)}>{h(c)}</th>" for i, c in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{h(c)}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _entry_and_rubric(report: ProvenanceReport) -> list[str]:
    """How scenarios entered the suite (promoted, adopted, neither) and the rubric spread:
    the Markdown report's lines under its source table, as sections of their own."""
    parts: list[str] = []
    if report.entry:
        e = report.entry
        parts += [
            "<h2>How scenarios entered the suite</h2>",
            f"<p>Entered the suite: {entry_counts(e)}.</p>",
            _html_table(
                ["entry", "scenarios"],
                [
                    ["promoted through intake", e["promoted"]],
                    ["adopted", e["adopted"]],
                    ["neither (no stamp)", e["neither"]],
                ],
            ),
        ]
    if report.rubric is not None:
        r = report.rubric
        parts += [
            "<h2>Review rubric</h2>",
            f"<p>{h(r.line())}</p>",
            _html_table(
                ["score", "underspecified", "criteria"],
                [[k, r.underspecified.get(k, 0), r.criteria.get(k, 0)] for k in range(4)],
            ),
        ]
    return parts


def _runs(report: ProvenanceReport) -> list[str]:
    """Judged runs per tier and the difficulty spread (the Markdown report's Runs)."""
    if report.runs is None:
        return []
    runs = report.runs
    rows: list[list[object]] = [
        [t.tier.value, t.runs, t.passes, "n/a" if t.pass_rate is None else pct(t.pass_rate)]
        for t in runs.tiers
    ]
    return [
        "<h2>Runs</h2>",
        f"<p>{h(run_line(runs))}.</p>",
        _html_table(["tier", "judged runs", "passes", "pass rate"], rows),
        _html_table(["difficulty", "scenarios"], [[k, v] for k, v in runs.difficulty.items()]),
    ]


def _suites(report: ProvenanceReport) -> list[str]:
    """Suite types, headroom and control verdicts (the Markdown report's Suite types)."""
    lines = suite_lines(report)
    if not lines:
        return []
    return ["<h2>Suite types</h2>", "<ul>", *(f"<li>{h(line)}</li>" for line in lines[2:]), "</ul>"]


def render_html(report: ProvenanceReport) -> str:
    """One self-contained page: inline CSS and SVG, no script, nothing fetched."""
    share = report.overall
    f = report.funnel
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>intake provenance report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>Provenance report</h1>",
        f'<p class="muted">{h(", ".join(report.paths) or "(no folder)")} · generated '
        f"{h(report.generated_at.strftime('%Y-%m-%d %H:%M UTC'))}"
        + (f" · since {h(report.since.isoformat())}" if report.since else "")
        + "</p>",
        f'<p class="lead">{h(headline(report))}</p>',
        "<h2>By source</h2>",
        _svg_bars([(t, share.counts[t], _COLOURS[t]) for t in SOURCE_TYPES], share.total),
        _html_table(SOURCE_HEADER, source_rows(share)),
    ]
    parts += _entry_and_rubric(report)
    parts.append("<h2>Share from real use at the end of each month</h2>")
    if report.months:
        parts.append(_svg_line(report))
        parts.append(_html_table(MONTH_HEADER, month_rows(report)))
    else:
        parts.append("<p>No months in range.</p>")
    if (added := added_line(report)) is not None:
        parts.append(f"<p>{h(added)}.</p>")
    parts.append("<h2>By category</h2>")
    parts.append(_html_table(CATEGORY_HEADER, category_rows(report)))
    parts.append("<h2>Draft funnel" + ("" if f.ledger else " (records only: no ledger)") + "</h2>")
    stages = [(label, getattr(f, key), "#3a6fd8") for key, label in Funnel.STAGES]
    stages.append(("open drafts", f.open_drafts, "#9aa0a6"))
    parts.append(_svg_bars(stages, max(f.drafted, 1)))
    parts.append(f"<p>Median from draft to promotion: {h(median_text(f))}.</p>")
    parts += _runs(report)
    parts += _suites(report)
    for title, items in listed_sections(report, hints=False):
        parts.append(f"<h2>{h(title)}: {len(items)}</h2>")
        if items:
            parts.append(
                _html_table(
                    ["file", "id", "why"],
                    [
                        [f"{i.file}:{i.line}" if i.line else i.file, i.id or "", i.reason]
                        for i in items
                    ],
                    numeric_from=99,
                )
            )
    if report.bugs is not None:
        from intake.report.bugs import html_lines

        parts += html_lines(report.bugs, {m.month: m.share.real_share for m in report.months})
    if report.health is not None:
        from intake.report.health import html_section

        parts.append(html_section(report.health))
    if report.notes:
        parts.append("<h2>Notes</h2><ul>")
        parts += [f"<li>{h(n)}</li>" for n in report.notes]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render_report(report: ProvenanceReport, fmt: str) -> str:
    """The report in one format: ``text``, ``json``, ``markdown`` or ``html`` (here, above
    both renderer modules, so neither imports the other back)."""
    renderers = {
        "text": render_text,
        "json": render_json,
        "markdown": render_markdown,
        "html": render_html,
    }
    return renderers[fmt](report)

"""The provenance report: ``read`` (the suite's files and ledger), ``model`` (the typed report
and its pure assembly), ``render`` (text, JSON, markdown) and ``html`` (one self-contained page).
"""

from __future__ import annotations

from intake.report.html import render_html
from intake.report.model import (
    DraftFile,
    Funnel,
    ProvenanceReport,
    RecordFacts,
    ScenarioFile,
    Share,
    build_report,
    more_to_target,
    only_says_a_model_fails,
)
from intake.report.read import (
    make_report,
    parse_since,
    read_drafts,
    read_events,
    read_scenario,
    read_scenarios,
    record_facts,
)
from intake.report.render import (
    render_json,
    render_markdown,
    render_text,
    to_document,
)

__all__ = [
    "DraftFile",
    "Funnel",
    "ProvenanceReport",
    "RecordFacts",
    "ScenarioFile",
    "Share",
    "build_report",
    "make_report",
    "more_to_target",
    "only_says_a_model_fails",
    "parse_since",
    "read_drafts",
    "read_events",
    "read_scenario",
    "read_scenarios",
    "record_facts",
    "render",
    "render_html",
    "render_json",
    "render_markdown",
    "render_text",
    "to_document",
]


def render(report: ProvenanceReport, fmt: str) -> str:
    """The report in one format: ``text``, ``json``, ``markdown`` or ``html``."""
    renderers = {
        "text": render_text,
        "json": render_json,
        "markdown": render_markdown,
        "html": render_html,
    }
    return renderers[fmt](report)

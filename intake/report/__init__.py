"""The provenance report: ``read`` (the suite's files and ledger), ``model`` (the typed report
and its pure assembly), ``render`` (text, JSON, markdown) and ``html`` (one self-contained page).

The names are loaded on first use (PEP 562), so a command that needs one submodule
(``intake health`` needs ``intake.report.health``) does not import the HTML renderer, the
gates and the scrubber with it. The renderer by format name is
``intake.report.html.render_report``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_WHERE = {
    "render_html": "html",
    **dict.fromkeys(
        (
            "DraftFile",
            "Funnel",
            "ProvenanceReport",
            "RecordFacts",
            "ScenarioFile",
            "Share",
            "build_report",
            "more_to_target",
            "only_says_a_model_fails",
        ),
        "model",
    ),
    **dict.fromkeys(
        (
            "make_report",
            "parse_since",
            "read_drafts",
            "read_events",
            "read_scenario",
            "read_scenarios",
            "record_facts",
        ),
        "read",
    ),
    **dict.fromkeys(("render_json", "render_markdown", "render_text", "to_document"), "render"),
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"intake.report.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'intake.report' has no attribute {name!r}")


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
    "render_html",
    "render_json",
    "render_markdown",
    "render_text",
    "to_document",
]

"""Suites for ``intake report``: scenario YAML and records written with given dates and states, and
a strict HTML checker for the rendered report."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path

from intake.contract.models import (
    Promotion,
    Record,
    RecordSource,
    Review,
    ReviewDecision,
    Run,
    ScrubReport,
    SourceType,
)
from intake.contract.plain import RunTier


def at(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=UTC)


def scenario_yaml(
    scenario_id: str,
    category: str = "rag_quality",
    *,
    source: str | None = None,
    rationale: str | None = None,
    extra: str = "",
) -> str:
    lines = [f"id: {scenario_id}", f"category: {category}", "persona: casual_user"]
    if source:
        lines += ["source:", f"  type: {source}", f"  link: 'locator:{scenario_id}'"]
    if rationale is not None:
        lines.append(f"difficulty_rationale: {json.dumps(rationale)}")
    lines += [
        "setup:",
        "  index_documents: []",
        "turns:",
        "- turn: 1",
        "  objective: ask about the thing",
        "  success_criteria: answers correctly",
    ]
    return "\n".join(lines) + "\n" + extra


def make_record(
    scenario_id: str,
    kind: str = "session",
    *,
    captured: str = "2026-01-10",
    scrubbed: bool = True,
    reviewed: bool = False,
    tiers: tuple[str, ...] = (),
    promoted: str | None = None,
) -> Record:
    return Record(
        id=scenario_id,
        source=RecordSource(
            kind=SourceType(kind),
            locator=f"locator:{scenario_id}",
            captured_at=at(captured),
            intake_version="0.1.0",
        ),
        author="drafter",
        scrub=ScrubReport(scrubber_version="1", config_hash="sha256:0") if scrubbed else None,
        reviews=[
            Review(
                reviewer="reviewer",
                decision=ReviewDecision.approve,
                content_hash="sha256:1",
                at=at(captured) + timedelta(days=1),
            )
        ]
        if reviewed
        else [],
        runs=[
            Run(
                tier=RunTier(tier),
                run_id=f"run-{tier}",
                status="PASS" if tier == "strong" else "FAIL",
                model=f"{tier}-model",
                runnable_hash="sha256:2",
                at=at(captured) + timedelta(days=2),
                recorded_at=at(captured) + timedelta(days=2),
            )
            for tier in tiers
        ],
        promotion=Promotion(
            at=at(promoted),
            by="reviewer",
            gates={"schema": "met"},
            content_hash="sha256:1",
            from_path=f"drafts/{scenario_id}.yaml",
            to_path=f"scenarios/x/{scenario_id}.yaml",
        )
        if promoted
        else None,
    )


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


class StrictHTML(HTMLParser):
    """Fails on unbalanced tags; collects tags, attributes and text."""

    VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs

    def handle_endtag(self, tag: str) -> None:
        assert self.stack, f"closing </{tag}> with nothing open"
        opened = self.stack.pop()
        assert opened == tag, f"</{tag}> closes <{opened}>"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def check_html(page: str) -> StrictHTML:
    parser = StrictHTML()
    parser.feed(page)
    parser.close()
    assert parser.stack == [], f"unclosed: {parser.stack}"
    assert "script" not in parser.tags
    for name, value in parser.attrs:
        assert not (name in ("src", "href", "xlink:href", "action") and value), (name, value)
        assert not name.startswith("on"), name
        assert "://" not in (value or ""), (name, value)
    style = page.split("<style>", 1)[1].split("</style>", 1)[0]
    assert "://" not in style and "@import" not in style and "url(" not in style
    # data may mention a URL, but only as escaped text, never as markup
    markup = re.sub(r">[^<]*<", "><", page)
    assert not re.search(r"https?://", markup)
    svgs = re.findall(r"<svg\b.*?</svg>", page, flags=re.S)
    for svg in svgs:
        ET.fromstring(svg)
    return parser

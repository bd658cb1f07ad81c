"""The HTML report has every section the Markdown report has (issue 24, item 8).

A real suite: one draft reviewed with a rubric, run on both tiers and promoted, one legacy
scenario adopted; the Markdown and HTML reports are rendered by the CLI and compared.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from typer.testing import CliRunner

from intake.cli import app
from tests.support.promote_helpers import make_ready
from tests.support.report import check_html

LEGACY = """\
id: legacy_case
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask for the revenue.
    success_criteria: Says the revenue.
"""


def _suite(suite: Path, runner: CliRunner) -> None:
    make_ready(suite, "done_case")
    rated = runner.invoke(
        app,
        [
            "review",
            "done_case",
            "--approve",
            "--reviewer",
            "bob",
            "--underspecified",
            "1",
            "--criteria",
            "0",
            "--minutes",
            "15",
        ],
    )
    assert rated.exit_code == 0, rated.output
    assert runner.invoke(app, ["promote", "done_case"]).exit_code == 0
    legacy = suite / "scenarios" / "rag_quality" / "legacy_case.yaml"
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_text(LEGACY, encoding="utf-8")
    adopted = runner.invoke(
        app,
        [
            "adopt",
            str(legacy),
            "--source",
            "hand",
            "--reviewer",
            "alice",
            "--rationale",
            "Needs two facts.",
        ],
    )
    assert adopted.exit_code == 0, adopted.output


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_html_has_every_markdown_section(suite: Path, runner: CliRunner) -> None:
    _suite(suite, runner)
    markdown = runner.invoke(app, ["report", "--format", "markdown"]).stdout
    page = runner.invoke(app, ["report", "--format", "html"]).stdout
    check_html(page)
    headings = re.findall(r"^### (.+)$", markdown, flags=re.M)
    assert {"Runs", "Draft funnel", "By category", "Over time"} <= set(headings)
    h2 = [_text(x) for x in re.findall(r"<h2>(.*?)</h2>", page)]
    aliases = {"Over time": "Share from real use at the end of each month"}
    for heading in headings:
        assert any(x.startswith(aliases.get(heading, heading)) for x in h2), (heading, h2)
    text = _text(page)
    entry = re.search(r"^Entered the suite: .*$", markdown, flags=re.M)
    assert entry is not None and entry.group(0) in text
    assert "1 promoted through intake, 1 adopted, 0 neither" in text
    rubric = re.search(r"^review rubric over .*$", markdown, flags=re.M)
    assert rubric is not None
    assert rubric.group(0).replace("\\", "") in text
    runs = markdown.split("### Runs", 1)[1].strip().splitlines()[0]
    assert runs in text
    assert {"How scenarios entered the suite", "Review rubric", "Runs"} <= set(h2)

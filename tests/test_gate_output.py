"""``intake check --format github`` cannot be made to forge the PR gate's output (issue 20, case 4).

The real path: ``python -m intake check --format github`` as a subprocess with
``GITHUB_STEP_SUMMARY`` set, in a suite holding drafts whose *file names* carry newlines and
workflow commands, a backtick and an HTML tag, and a draft whose *id* is an HTML element that a
schema message echoes. The output is read as the Actions runner reads it (``parse_runner``:
lines split at ``\\r``/``\\n``, a line whose first non-blank characters are ``::`` is a command,
``##[`` anywhere a legacy one; actions/runner ``ActionCommand.TryParseV2``/``TryParse``), and the
summary is rendered with markdown-it-py (CommonMark + tables, raw HTML on, as GitHub renders
a job summary) and every HTML element in it is inspected.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from intake.check.result import CheckReport, DraftGates, Finding
from intake.check.summary import summary_markdown
from intake.contract.validate import Severity
from intake.ghoutput import (
    STEP_SUMMARY_LIMIT,
    annotation,
    escape_data,
    escape_property,
    log_line,
    md_code,
    md_text,
)
from intake.lifecycle.gates import Gate
from intake.scrub import FileFinding
from tests.support.env import REPO
from tests.support.promote_helpers import write_pair

# --- the runner's side: how GitHub reads a step's output --------------------------------------


@dataclass
class Command:
    name: str
    properties: dict[str, str] = field(default_factory=dict)
    data: str = ""


def _unescape(value: str, prop: bool) -> str:
    """actions/runner ``ActionCommand.UnescapeValue`` (V2): the order it undoes them."""
    value = value.replace("%0D", "\r").replace("%0A", "\n")
    if prop:
        value = value.replace("%3A", ":").replace("%2C", ",")
    return value.replace("%25", "%")


def parse_runner(stream: str) -> tuple[list[Command], list[str]]:
    """Workflow commands and plain log lines, as the runner sees a process's output."""
    commands: list[Command] = []
    plain: list[str] = []
    for raw in re.split(r"\r\n|\r|\n", stream):
        line = raw.lstrip()
        if line.startswith("::"):
            head, sep, data = line[2:].partition("::")
            if sep:
                name, _, props = head.partition(" ")
                properties: dict[str, str] = {}
                for pair in filter(None, props.split(",")):
                    key, _, value = pair.partition("=")
                    properties[key] = _unescape(value, True)
                commands.append(Command(name, properties, _unescape(data, False)))
                continue
        legacy = re.search(r"##\[([a-z-]+)", raw)
        if legacy:
            commands.append(Command("legacy:" + legacy.group(1)))
            continue
        plain.append(raw)
    return commands, plain


# --- the summary's side: what GitHub renders ------------------------------------------------------

ALLOWED_TAGS = {
    "h2",
    "h3",
    "h4",
    "p",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "code",
    "strong",
    "em",
    "details",
    "summary",
    "br",
    "ul",
    "li",
    "pre",
    "blockquote",
}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        allowed = {"details": [], "code": [("class", "language-text")]}
        assert not attrs or attrs == allowed.get(tag), f"attributes on <{tag}>: {attrs}"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def render(markdown: str) -> _Tags:
    """The summary as GitHub renders it (raw HTML allowed), parsed back into tags and text."""
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    for token in md.parse(markdown):
        for inline in [token, *(token.children or [])]:
            if inline.type in ("html_inline", "html_block"):
                for tag in re.findall(r"</?\s*([a-zA-Z][a-zA-Z0-9]*)", inline.content):
                    assert tag.lower() in {"code", "br", "details", "summary"}, inline.content
    parsed = _Tags()
    parsed.feed(md.render(markdown))
    return parsed


# --- the suite under attack ----------------------------------------------------------------------

FORGED = (
    "x\n::add-mask::hunter2\n::stop-commands::tok\n::notice title=owned::pwned\n##[set-env name=A]b"
)
"""A file name that, printed raw, is four workflow commands of its own."""
BACKTICK = "y`<h1>big"
"""Printed inside a code span, the backtick closes it and ``<h1>`` becomes raw HTML."""
IMG_ID = "x<img src=z onerror=alert(1)>"


@pytest.fixture
def attacked(suite: Path) -> Path:
    drafts = suite / "drafts"
    write_pair(drafts, "plain_case")
    for name in (FORGED, BACKTICK):
        path = write_pair(drafts, "holder")
        path.rename(drafts / f"{name}.yaml")
        (drafts / "holder.intake.json").rename(drafts / f"{name}.intake.json")
    img = write_pair(drafts, "img_case")
    img.write_text(img.read_text().replace("id: img_case", f"id: '{IMG_ID}'"), encoding="utf-8")
    return suite


def run_check(suite: Path) -> tuple[subprocess.CompletedProcess[str], str]:
    summary = suite / "summary.md"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_ACTIONS": "true",
    }
    result = subprocess.run(
        [sys.executable, "-m", "intake", "check", "--format", "github"],
        cwd=suite,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return result, summary.read_text(encoding="utf-8")


@pytest.mark.slow
def test_check_github_output_holds_only_intakes_own_commands(attacked: Path) -> None:
    result, summary = run_check(attacked)
    assert result.returncode == 1, result.stderr  # the img id is a schema error
    commands, plain = parse_runner(result.stdout + "\n" + result.stderr)
    names = {c.name for c in commands}
    assert names <= {"error", "warning"}, names
    for command in commands:
        assert set(command.properties) == {"file", "line"}
        assert command.properties["line"].isdigit()
    files = {c.properties["file"] for c in commands}
    assert f"drafts/{IMG_ID}.yaml" not in files and "drafts/img_case.yaml" in files
    img_errors = [c.data for c in commands if c.properties["file"] == "drafts/img_case.yaml"]
    assert any(IMG_ID in data for data in img_errors), img_errors
    drafts_shown = [line for line in plain if line.startswith("draft ")]
    assert len(drafts_shown) == 4, drafts_shown
    assert any(line.startswith("draft drafts/x%0A::add-mask::hunter2%0A") for line in drafts_shown)
    assert not any("##[" in line for line in plain)

    shown = render(summary)
    assert set(shown.tags) <= ALLOWED_TAGS, set(shown.tags) - ALLOWED_TAGS
    text = "".join(shown.text)
    assert "x<img src=z onerror=alert(1)>" in text, "the id is shown, as text"
    assert "drafts/y`<h1>big.yaml" in text
    assert "drafts/x ::add-mask::hunter2 ::stop-commands::tok" in text, "folded onto one line"


@pytest.mark.slow
def test_validate_github_output_escapes_its_summary_line_and_annotations(suite: Path) -> None:
    path = write_pair(suite / "drafts", "plain_case")
    forged = suite / "drafts" / f"{FORGED}.yaml"
    path.rename(forged)
    result = subprocess.run(
        [sys.executable, "-m", "intake", "validate", "--format", "github"],
        cwd=suite,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    commands, _ = parse_runner(result.stdout + "\n" + result.stderr)
    assert {c.name for c in commands} <= {"error", "warning"}, commands


@pytest.mark.parametrize(
    "value",
    [
        FORGED,
        "a%0Ab",
        "c:d,e",
        "\r::warning::x",
        "tab\there",
        "\x1b]8;;http://x\x1b\\",
        "\u2028::x",
    ],
)
def test_escaping_round_trips_through_the_runner(value: str) -> None:
    """What the runner unescapes is exactly the value, and no value adds a command or line."""
    line = annotation("error", value, 3, value)
    assert "\n" not in line and "\r" not in line
    commands, plain = parse_runner(line)
    assert plain == [] and len(commands) == 1
    command = commands[0]
    assert command.properties == {
        "file": _unescape(escape_property(value), True),
        "line": "3",
    }
    assert command.data == _unescape(escape_data(value), False)
    if not any(c in value for c in "\x1b\u2028\t"):
        assert command.data == value and command.properties["file"] == value
    commands, plain = parse_runner(log_line(value))
    assert commands == [] and len(plain) == 1


@pytest.mark.parametrize(
    "value", [BACKTICK, IMG_ID, "*a* _b_ [l](http://e) $x$ | c", "<!--", "&lt;"]
)
def test_summary_text_is_text(value: str) -> None:
    for markdown in (f"| {md_text(value)} | {md_code(value)} |\n| --- | --- |\n", md_text(value)):
        shown = render(markdown)
        assert set(shown.tags) <= ALLOWED_TAGS
        assert value in "".join(shown.text)


@pytest.mark.slow
def test_the_summary_stays_under_the_limit_with_1200_drafts() -> None:
    """1,200 drafts gave a 1.07 MB gates table; GitHub drops a summary over 1 MiB whole."""
    gates = [
        Gate(1, "valid", False, "drafts/d.yaml:3: 'TODO(intake)' placeholder left; " * 12, "fill"),
        Gate(2, "scrubbed", True, "no findings"),
        Gate(3, "reviewed", False, "no approving review", "`intake review d --approve`"),
        Gate(4, "ran", False, "no run on current content", "`intake run d`"),
    ]
    report = CheckReport(files=1200)
    report.findings = [
        Finding(
            f"drafts/d{n}.yaml", 1, "stale-review", "approval is stale", severity=Severity.warning
        )
        for n in range(2000)
    ]
    report.drafts = [
        DraftGates(f"drafts/case_{n:04d}.yaml", f"case_{n:04d}", False, gates) for n in range(1200)
    ]
    text = summary_markdown(report)
    assert len(text.encode("utf-8")) > 0.9 * STEP_SUMMARY_LIMIT, "a test that cuts nothing"
    size = len(text.encode("utf-8"))
    assert size <= STEP_SUMMARY_LIMIT
    left = re.search(r"(\d+) more drafts left out of this summary", text)
    assert left is not None
    shown = text.count("#### `drafts/case_")
    assert shown + int(left.group(1)) == 1200 and shown > 100
    assert "intake show DRAFT" in "".join(render(text).text)
    half = summary_markdown(report, limit=STEP_SUMMARY_LIMIT // 2)
    assert len(half.encode("utf-8")) <= STEP_SUMMARY_LIMIT // 2


def test_one_annotation_per_finding_class_with_a_summary() -> None:
    from intake.ghoutput import Annotated, grouped_annotations

    items = [
        Annotated(
            "notice",
            f"eval/scenarios/c/case_{i}.yaml",
            1,
            "never-judged",
            f"never-judged: case_{i} has no judged run",
        )
        for i in range(83)
    ]
    items.append(
        Annotated(
            "warning",
            "eval/scenarios/c/bad.yaml",
            1,
            "always-fail",
            "always-fail: fails on every tier",
        )
    )
    lines = grouped_annotations(items, noun="scenario")
    commands = [line for line in lines if line.startswith("::")]
    assert commands == [
        "::notice file=eval/scenarios/c/case_0.yaml,line=1::never-judged: 83 scenarios (first: "
        "never-judged: case_0 has no judged run); the log lists each",
        "::warning file=eval/scenarios/c/bad.yaml,line=1::always-fail: fails on every tier",
    ]
    logged = [line for line in lines if not line.startswith("::")]
    assert len(logged) == 83 and logged[5] == (
        "eval/scenarios/c/case_5.yaml:1: notice: never-judged: case_5 has no judged run"
    )


def test_check_annotates_a_class_of_findings_once(suite: Path) -> None:
    from typer.testing import CliRunner

    from intake.cli import app

    for n in range(3):  # three drafts, each missing persona, setup and source
        (suite / "drafts" / f"case_{n}.yaml").write_text(
            f"id: case_{n}\nname: x\ncategory: c\nturns: []\n", encoding="utf-8"
        )
    result = CliRunner().invoke(app, ["check", "--format", "github"])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    required = [line for line in lines if line.startswith("::") and "validate:required" in line]
    assert required == [
        "::error file=drafts/case_0.yaml,line=1::validate:required: 9 findings "
        "(first: 'persona' is required); the log lists each"
    ], lines
    assert "drafts/case_2.yaml:1: error: 'source' is required" in lines


def test_words_beside_a_code_span_stay_apart() -> None:
    from intake.ghoutput import md_message

    assert md_message("to do: `intake control DRAFT` then `intake promote`.") == (
        "to do: `intake control DRAFT` then `intake promote`."
    )
    assert md_message("judge:`x`now") == "judge:`x`now"  # no space added where none was


def test_counts_agree_in_number() -> None:
    from intake.check.summary import LegacyGroup

    one = CheckReport(files=1, findings=[Finding("a.yaml", 1, "validate", "bad")])
    assert "1 file, 1 error, 0 warnings." in summary_markdown(one)
    legacy = [
        Finding.of_scan(FileFinding("EMAIL_ADDRESS", "a.yaml", 8), Severity.warning, "", True)
    ]
    assert (
        " (EMAIL_ADDRESS) in 1 file; fix:" in LegacyGroup("scrub", Severity.warning, legacy).line()
    )
    assert "| warning | 1 legacy file |" in summary_markdown(CheckReport(files=1, findings=legacy))

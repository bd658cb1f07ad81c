"""The provenance report: assembly (pure), reading files, records and the ledger, rendering."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from datetime import UTC, date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from intake.config import load_settings
from intake.contract.models import Record
from intake.contract.plain import ScenarioView
from intake.errors import UsageError
from intake.report.health import RecordFacts
from intake.report.html import render_html
from intake.report.model import (
    ScenarioFile,
    build_report,
    more_to_target,
    only_says_a_model_fails,
)
from intake.report.read import make_report, parse_since, read_events, read_scenarios, record_facts
from intake.report.render import render_json, render_markdown, render_text, to_document
from intake.store.ledger import Event, Ledger
from intake.store.records import record_path, save_record
from tests.support.env import GAIA_SCENARIOS, requires_gaia_corpus
from tests.support.report import at, check_html, make_record, scenario_yaml, write

NOW = datetime(2026, 6, 15, 12, 0, tzinfo=UTC)


def sf(
    scenario_id: str,
    *,
    category: str = "c",
    data: dict[str, Any] | None = None,
    record: RecordFacts | None = None,
) -> ScenarioFile:
    body = {"id": scenario_id, "category": category, **(data or {})}
    return ScenarioFile(file=f"{scenario_id}.yaml", view=ScenarioView.of(body), record=record)


# --- the gap to the target -------------------------------------------------------------------


def brute(real: int, total: int, target: float) -> int:
    t = Fraction(repr(target))
    n = 0
    while total + n == 0 or Fraction(real + n, total + n) < t:
        n += 1
    return n


def test_gaia_numbers_need_21_more() -> None:
    # (2 + n) / (91 + n) >= 0.2  <=>  n >= 20.25
    assert more_to_target(2, 91, 0.2) == 21
    assert Fraction(2 + 21, 91 + 21) >= Fraction(1, 5) > Fraction(2 + 20, 91 + 20)


@pytest.mark.parametrize("target", [0.05, 0.1, 0.2, 0.25, 1 / 3, 0.5, 0.9])
def test_gap_is_the_least_n(target: float) -> None:
    for total in range(0, 60):
        for real in range(0, total + 1):
            assert more_to_target(real, total, target) == brute(real, total, target), (
                real,
                total,
            )


def test_gap_edges() -> None:
    assert more_to_target(0, 0, 0.2) == 1
    assert more_to_target(0, 0, 0.0) == 0
    assert more_to_target(3, 5, 1.0) is None
    assert more_to_target(5, 5, 1.0) == 0
    assert more_to_target(1, 5, 0.2) == 0


# --- classification, dates, flags ------------------------------------------------------------


def test_source_classification() -> None:
    report = build_report(
        [
            sf("a", data={"source": {"type": "session", "link": "x"}}),
            sf("b", data={"source": {"type": "issue", "link": "x"}}),
            sf("c", data={"source": {"type": "hand", "link": "x"}}),
            sf("d", data={"source": {"type": "synthetic", "link": "x"}}),
            sf("e", data={"captured_from": {"session_id": "s", "captured_at": "2026-03-20T10:00"}}),
            sf("f"),
            sf("g", data={"source": {"type": "forum"}}),
            sf("h", data={"source": "session"}),
            sf("i", record=RecordFacts(id="i", kind="issue", captured_at=at("2026-02-01"))),
        ],
        now=NOW,
    )
    counts = report.overall.counts
    assert counts == {"session": 2, "issue": 2, "hand": 1, "synthetic": 1, "unknown": 3}
    assert report.overall.total == 9
    assert report.overall.real == 4
    unknown = {u.id: u.reason for u in report.unknown}
    assert unknown["f"] == "no source"
    assert unknown["g"].startswith("source.type is missing or not one of")
    assert set(unknown) == {"f", "g", "h"}


def test_categories_are_counted_separately() -> None:
    report = build_report(
        [
            sf("a", category="memory", data={"source": {"type": "issue", "link": "x"}}),
            sf("b", category="memory"),
            sf("c", category="vision"),
            ScenarioFile("d.yaml", ScenarioView.of({"id": "d"})),
        ],
        now=NOW,
    )
    by_name = {c.category: c.share for c in report.categories}
    assert list(by_name) == ["(none)", "memory", "vision"]
    assert by_name["memory"].total == 2 and by_name["memory"].real == 1
    assert by_name["memory"].real_share == 0.5
    assert by_name["vision"].counts["unknown"] == 1


@pytest.mark.parametrize(
    "rationale",
    [
        "model X fails this",
        "the local model gets it wrong",
        "Qwen3-0.6B fails; GPT-4o passes",
        "Llama 3 cannot solve it.",
        "The local model fails 3/3 runs",
        "fails on the local model",
        "Mixtral gets it wrong every time",
        "the strong model passes and the local model fails",
    ],
)
def test_rationales_that_only_say_a_model_fails(rationale: str) -> None:
    assert only_says_a_model_fails(rationale)


@pytest.mark.parametrize(
    "rationale",
    [
        "Needs cross-turn recall of a file name; the local model fails",
        "Fails because the answer is split across two documents",
        "The model fails at multi-hop date arithmetic",
        "Requires refusing a prompt injection hidden in the document",
        "Hard",
        "The user switches topic mid-turn and comes back to the first question",
    ],
)
def test_rationales_that_give_a_reason(rationale: str) -> None:
    assert not only_says_a_model_fails(rationale)


def test_promoted_scenarios_with_weak_rationales_are_flagged() -> None:
    promoted = RecordFacts(id="x", kind="issue", promoted_at=at("2026-04-01"))
    report = build_report(
        [
            sf("none", record=promoted),
            sf("blank", data={"difficulty_rationale": "  "}, record=promoted),
            sf("weak", data={"difficulty_rationale": "model X fails this"}, record=promoted),
            sf("good", data={"difficulty_rationale": "Needs two documents"}, record=promoted),
            sf("legacy"),
            sf("unpromoted", data={"difficulty_rationale": "the local model gets it wrong"}),
        ],
        now=NOW,
    )
    flags = {f.file: f.reason for f in report.flags}
    assert set(flags) == {"none.yaml", "blank.yaml", "weak.yaml"}
    assert flags["none.yaml"] == "no difficulty_rationale"
    assert flags["weak.yaml"] == "the rationale only says a model fails it: model X fails this"


# --- over time and --since ------------------------------------------------------------------


def dated_suite() -> list[ScenarioFile]:
    return [
        sf("old1"),
        sf("old2"),
        sf("cap", data={"captured_from": {"captured_at": "2026-03-20T16:21:40.135563"}}),
        sf(
            "prom",
            data={"source": {"type": "issue", "link": "x"}},
            record=RecordFacts(
                id="prom",
                kind="issue",
                captured_at=at("2026-01-02"),
                promoted_at=at("2026-05-31T23:59:00"),
            ),
        ),
        sf(
            "hand",
            data={"source": {"type": "hand", "link": "x"}},
            record=RecordFacts(id="hand", kind="hand", captured_at=at("2026-04-10")),
        ),
    ]


def test_share_at_the_end_of_each_month() -> None:
    report = build_report(dated_suite(), now=NOW)
    months = {m.month: m.share for m in report.months}
    assert list(months) == ["2026-03", "2026-04", "2026-05", "2026-06"]
    # undated scenarios count from the start; the promotion date beats the capture date
    assert (months["2026-03"].total, months["2026-03"].real) == (3, 1)
    assert (months["2026-04"].total, months["2026-04"].real) == (4, 1)
    assert (months["2026-05"].total, months["2026-05"].real) == (5, 2)
    assert months["2026-06"].real_share == pytest.approx(0.4)
    assert report.undated == 2
    assert any("2 scenarios have no known date" in n for n in report.notes)
    assert report.added_since is None


def test_since_narrows_months_and_additions_only() -> None:
    report = build_report(dated_suite(), now=NOW, since=date(2026, 4, 15))
    assert [m.month for m in report.months] == ["2026-04", "2026-05", "2026-06"]
    assert report.overall.total == 5
    assert report.added_since is not None
    assert report.added_since.total == 1 and report.added_since.counts["issue"] == 1


def test_since_in_the_future_is_an_empty_range_with_a_note() -> None:
    report = build_report(dated_suite(), now=NOW, since=date(2099, 1, 1))
    assert report.months == []
    assert report.added_since is not None and report.added_since.total == 0
    assert report.funnel.drafted == 0
    assert "--since 2099-01-01 is after today: nothing is in range" in report.notes
    assert "No months in range" in render_markdown(report)
    assert "(no months in range)" in render_text(report)


def test_no_dates_at_all_shows_the_current_month() -> None:
    report = build_report([sf("a"), sf("b")], now=NOW)
    assert [m.month for m in report.months] == ["2026-06"]
    assert report.months[0].share.total == 2


def test_empty_suite_is_a_report_of_zeros() -> None:
    report = build_report([], now=NOW)
    assert report.overall.total == 0
    assert report.overall.real_share == 0.0
    assert report.more_to_target == 1
    assert report.months == []
    assert "no scenario files found: every count is zero" in report.notes
    doc = to_document(report)
    assert doc["scenarios"] == 0 and doc["real_use_share"] == 0.0
    for render in (render_text, render_markdown, render_html, render_json):
        assert render(report)


# --- funnel ---------------------------------------------------------------------------------


def test_funnel_from_records_and_ledger_events() -> None:
    def facts(record: Record) -> RecordFacts:
        return record_facts(record.model_dump_json())

    from intake.report.model import DraftFile

    drafts = [
        DraftFile("drafts/d1.yaml", "d1", facts(make_record("d1"))),
        DraftFile("drafts/d2.yaml", "d2", facts(make_record("d2", reviewed=True))),
        DraftFile(
            "drafts/d3.yaml", "d3", facts(make_record("d3", reviewed=True, tiers=("strong",)))
        ),
        DraftFile("drafts/bare.yaml", "bare", None),
    ]
    promoted = make_record(
        "p1",
        captured="2026-02-01",
        reviewed=True,
        tiers=("strong", "local"),
        promoted="2026-02-11",
    )
    promoted2 = make_record(
        "p2",
        "issue",
        captured="2026-03-01",
        reviewed=True,
        tiers=("strong", "local"),
        promoted="2026-03-05",
    )
    scenarios = [
        sf("p1", data={"source": {"type": "session", "link": "x"}}, record=facts(promoted)),
        sf("p2", data={"source": {"type": "issue", "link": "x"}}, record=facts(promoted2)),
        sf("legacy"),
    ]

    def event(kind: str, scenario_id: str, day: str, **detail: str) -> Event:
        return Event(kind, scenario_id=scenario_id, at=at(day).isoformat(), detail=detail)

    events = [
        event("import", "gone", "2026-01-05"),
        event("scrub", "gone", "2026-01-05"),
        event("review", "gone", "2026-01-06"),
        event("run", "gone", "2026-01-07", tier="strong"),
        event("run", "gone", "2026-01-07", tier="local"),
        event("rejection", "gone", "2026-01-08", reason="duplicate"),
        event("import", "gone2", "2026-05-05"),
        event("rejection", "gone2", "2026-05-06"),
    ]
    report = build_report(scenarios, drafts, events, now=NOW)
    f = report.funnel
    assert (f.drafted, f.scrubbed, f.reviewed, f.run_both_tiers, f.promoted, f.rejected) == (
        8,
        6,
        5,
        3,
        2,
        2,
    )
    assert f.open_drafts == 4
    assert f.median_days_to_promotion == 7.0  # 10 days and 4 days
    assert f.promotions_timed == 2
    assert f.ledger

    narrowed = build_report(scenarios, drafts, events, now=NOW, since=date(2026, 2, 15))
    # d1..d3 were captured 2026-01-10, p1 2026-02-01, gone 2026-01-05: out; bare has no date
    assert narrowed.funnel.drafted == 2  # p2, gone2
    assert narrowed.funnel.rejected == 1
    assert narrowed.funnel.median_days_to_promotion == 4.0
    assert any("1 draft has no date" in n for n in narrowed.notes)


def test_no_ledger_is_said() -> None:
    report = build_report([sf("a")], now=NOW)
    assert not report.funnel.ledger
    assert any(n.startswith("no ledger") for n in report.notes)


# --- records --------------------------------------------------------------------------------


def test_record_facts_from_a_valid_record() -> None:
    record = make_record("r", "issue", reviewed=True, tiers=("strong",), promoted="2026-02-01")
    facts = record_facts(record.model_dump_json())
    assert facts.kind == "issue" and facts.reviewed and facts.scrubbed
    assert facts.tiers == frozenset({"strong"})
    assert facts.promoted_at == at("2026-02-01")
    assert facts.problem is None


def test_record_without_dates_is_read_field_by_field() -> None:
    raw = json.dumps(
        {"id": "r", "source": {"kind": "session", "locator": "x"}, "runs": [{"tier": "local"}]}
    )
    facts = record_facts(raw)
    assert facts.kind == "session"
    assert facts.captured_at is None
    assert facts.tiers == frozenset({"local"})
    assert facts.problem is not None and facts.problem.startswith("invalid record at")
    assert record_facts("{not json").problem == "record is not JSON"
    assert record_facts("[1]").problem == "record is not a JSON object"


# --- reading files --------------------------------------------------------------------------


def test_reading_a_suite_with_invalid_files(tmp_path: Path) -> None:
    root = tmp_path / "scenarios"
    write(root / "a" / "ok.yaml", scenario_yaml("ok", source="session"))
    write(root / "a" / "broken.yaml", "id: broken\nturns: [1,\n")
    write(root / "a" / "list.yaml", "- 1\n- 2\n")
    write(root / "a" / "noid.yaml", "category: x\n")
    write(root / "a" / "twodocs.yaml", "id: a\n---\nid: b\n")
    write(root / "b" / "empty.yaml", "")
    (root / "b" / "binary.yaml").write_bytes(b"id: \xff\xfe\n")
    write(root / "b" / "notes.txt", "not a scenario")
    scenarios = read_scenarios([root], cwd=tmp_path)
    report = build_report(scenarios, now=NOW)
    assert report.overall.total == 1 and report.overall.counts["session"] == 1
    invalid = {i.file: (i.line, i.reason) for i in report.invalid}
    assert set(invalid) == {
        "scenarios/a/broken.yaml",
        "scenarios/a/list.yaml",
        "scenarios/a/noid.yaml",
        "scenarios/a/twodocs.yaml",
        "scenarios/b/empty.yaml",
        "scenarios/b/binary.yaml",
    }
    assert invalid["scenarios/a/noid.yaml"][1] == "no id"
    assert invalid["scenarios/a/list.yaml"][1] == "document is a list, not a mapping"
    assert invalid["scenarios/a/twodocs.yaml"][1] == "several YAML documents in one file"
    assert invalid["scenarios/a/broken.yaml"][1].startswith("invalid YAML")
    assert any("6 files could not be read as scenarios" in n for n in report.notes)


def test_records_beside_scenarios_are_read(tmp_path: Path) -> None:
    root = tmp_path / "scenarios"
    path = write(root / "x" / "p.yaml", scenario_yaml("p", source="issue", rationale="Hard"))
    save_record(record_path(path), make_record("p", "issue", promoted="2026-03-03"))
    bad = write(root / "x" / "q.yaml", scenario_yaml("q"))
    write(record_path(bad), '{"id": "q", "source": {"kind": "hand"}}')
    report = build_report(read_scenarios([root], cwd=tmp_path), now=NOW)
    assert report.overall.counts["issue"] == 1
    assert report.overall.counts["hand"] == 1  # from the record when the file has no source
    assert [m.month for m in report.months][0] == "2026-03"
    assert [p.file for p in report.record_problems] == ["scenarios/x/q.intake.json"]


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        read_scenarios([tmp_path / "nope"])


def test_parse_since() -> None:
    assert parse_since("2026-03") == date(2026, 3, 1)
    assert parse_since("2026-03-04") == date(2026, 3, 4)
    assert parse_since("2026-03-04T10:00:00Z") == date(2026, 3, 4)
    for bad in ("yesterday", "2026-13-01", "", "2026-02-30"):
        with pytest.raises(UsageError, match="--since must be a date"):
            parse_since(bad)


def test_ledger_events_are_read_read_only(tmp_path: Path) -> None:
    ledger_path = tmp_path / ".intake" / "ledger.db"
    assert read_events(ledger_path) is None
    with Ledger.open(ledger_path) as ledger:
        ledger.append(Event("import", scenario_id="a", at="2026-01-01T00:00:00+00:00"))
        ledger.append(Event("run", scenario_id="a", detail={"tier": "strong"}))
        ledger.append(Event("rejection", scenario_id="a", detail={"reason": "dup"}))
        ledger.append(Event("something-else", scenario_id="a"))
    before = ledger_path.read_bytes()
    events = read_events(ledger_path)
    assert events is not None
    assert [e.kind for e in sorted(events, key=lambda e: e.at or NOW)][0] == "import"
    assert {e.kind for e in events} == {"import", "run", "rejection"}
    assert next(e for e in events if e.kind == "run").detail == {"tier": "strong"}
    assert ledger_path.read_bytes() == before


# --- the real GAIA suite --------------------------------------------------------------------


@requires_gaia_corpus()
def test_gaia_corpus_numbers(tmp_path: Path) -> None:
    report = build_report(read_scenarios([GAIA_SCENARIOS], cwd=tmp_path), now=NOW)
    share = report.overall
    assert share.total == 91
    assert share.counts["session"] == 2
    assert share.counts["issue"] == 0
    assert share.counts["unknown"] == 89
    assert f"{share.real_share * 100:.1f}%" == "2.2%"
    assert report.more_to_target == 21
    assert report.invalid == []
    assert len(report.unknown) == 89
    captured = next(c for c in report.categories if c.category == "captured")
    assert captured.share.counts["session"] == 2
    assert "91 scenarios: 2 from sessions, 0 from issues" in render_text(report)
    assert "share from real use 2.2%" in render_text(report)
    assert "21 more real-use scenarios reach 20%" in render_text(report)
    doc = json.loads(render_json(report))
    assert (doc["scenarios"], doc["real_use"], doc["more_to_target"]) == (91, 2, 21)
    assert doc["by_source"]["unknown"]["count"] == 89


# --- renderers ------------------------------------------------------------------------------


HOSTILE = '<script>alert("x")</script>|`*_[a](http://evil.example)'


def hostile_report() -> Any:
    return build_report(
        [
            ScenarioFile(
                "evil<b>.yaml",
                ScenarioView.of(
                    {"id": HOSTILE, "category": HOSTILE, "source": {"type": "session", "link": "x"}}
                ),
                RecordFacts(id="e", kind="session", promoted_at=at("2026-02-02")),
            ),
            ScenarioFile(f"{HOSTILE}.yaml", ScenarioView.of({"id": "u", "category": "memory"})),
            ScenarioFile("bad.yaml", None, problem=f"invalid YAML: {HOSTILE}", line=3),
        ],
        [],
        [Event("rejection", scenario_id="z", at=at("2026-03-01").isoformat())],
        now=NOW,
    )


def test_json_document_keys() -> None:
    doc = json.loads(render_json(build_report(dated_suite(), now=NOW, since=date(2026, 1, 1))))
    assert set(doc) == {
        "intake_result_version",
        "command",
        "report_version",
        "generated_at",
        "paths",
        "since",
        "target",
        "scenarios",
        "by_source",
        "real_use",
        "real_use_share",
        "invalid",
        "more_to_target",
        "target_met",
        "categories",
        "over_time",
        "added_since",
        "funnel",
        "rationale_flags",
        "unknown_source",
        "invalid_files",
        "record_problems",
        "notes",
        "runs",
        "entry",
        "rubric",
        "suites",
        "headroom",
        "controls",
    }
    assert set(doc["by_source"]) == {"session", "issue", "hand", "synthetic", "unknown"}
    assert set(doc["funnel"]) == {
        "drafted",
        "scrubbed",
        "reviewed",
        "run_both_tiers",
        "promoted",
        "rejected",
        "open_drafts",
        "median_days_to_promotion",
        "promotions_timed",
        "ledger",
    }
    assert doc["over_time"]["months"][0]["month"] == "2026-03"
    assert doc["since"] == "2026-01-01"
    assert doc["added_since"]["scenarios"] == 3


def test_markdown_has_mermaid_charts_and_escapes() -> None:
    text = render_markdown(hostile_report())
    assert "```mermaid\npie showData title Scenarios by source" in text
    assert "```mermaid\nxychart-beta" in text
    assert "<script>" not in text
    assert not re.search(r"(?<!\\)\]\(", text)  # no link syntax survives
    assert "http://" not in text  # nor an autolink
    hostile_rows = [x for x in text.splitlines() if x.startswith("| ") and "script" in x]
    assert len(hostile_rows) == 1
    # the category row keeps its 8 columns: the pipe in the data is escaped
    assert len(re.findall(r"(?<!\\)\|", hostile_rows[0])) == 9
    assert "\\<script\\>" in hostile_rows[0]
    block = text.split("```mermaid\nxychart-beta\n")[1].split("```")[0]
    assert re.search(r'x-axis \["2026-02", "2026-03", "2026-04", "2026-05", "2026-06"\]', block)


def test_html_is_self_contained_and_escaped() -> None:
    page = render_html(hostile_report())
    parser = check_html(page)
    assert page.count("<svg") == 3  # by source, over time, funnel
    text = "".join(parser.text)
    assert HOSTILE in text  # shown as text, not markup
    assert "evil<b>.yaml" in text


def test_html_of_an_empty_suite_and_of_gaia_like_data_parses() -> None:
    check_html(render_html(build_report([], now=NOW)))
    check_html(render_html(build_report(dated_suite(), now=NOW, since=date(2099, 1, 1))))
    check_html(render_html(build_report(dated_suite(), now=NOW)))


CHROMIUM = shutil.which("chromium") or (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed here")
def test_html_renders_in_headless_chromium(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(render_html(build_report(dated_suite(), now=NOW)), encoding="utf-8")
    shot = tmp_path / "shot.png"
    assert CHROMIUM is not None
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            f"--screenshot={shot}",
            "--window-size=1000,1400",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_make_report_over_a_suite(suite: Path) -> None:
    write(suite / "scenarios" / "m" / "a.yaml", scenario_yaml("a", "m", source="session"))
    write(suite / "drafts" / "d.yaml", scenario_yaml("d", "m", source="issue"))
    save_record(record_path(suite / "drafts" / "d.yaml"), make_record("d", "issue"))
    settings = load_settings(suite)
    report = make_report(settings, now=NOW)
    assert report.paths == ["scenarios"]
    assert report.overall.total == 1
    assert report.funnel.drafted == 1 and report.funnel.open_drafts == 1
    assert not (suite / ".intake").exists()  # the report creates no ledger


# --- the fast reader (yamlio.parse_top) and reading on several cores -------------------------


@requires_gaia_corpus()
def test_parse_top_agrees_with_parse_checked_on_gaia() -> None:
    from intake.contract.yamlio import parse_checked, parse_top

    keys = frozenset({"id", "category", "source", "captured_from", "turns", "setup", "name"})
    for path in sorted(GAIA_SCENARIOS.rglob("*.yaml")):
        raw = path.read_bytes()
        full = parse_checked(raw)
        top = parse_top(raw, keys)
        assert top.data == {k: v for k, v in full.data.items() if k in keys}, path
        for where, line in top.lines.items():
            assert full.lines[where] == line, (path, where)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a: 1\n---\nb: 2\n", "several YAML documents in one file"),
        ("id: [1,\n", "invalid YAML: did not find expected node content"),
        ("id: &x 1\ncategory: *x\n", "anchors and aliases are not allowed in scenarios"),
        ("", "empty document: a scenario must be a YAML mapping"),
        ("# only a comment\n", "empty document: a scenario must be a YAML mapping"),
        ("- 1\n", "document is a list, not a mapping"),
        ("just text\n", "document is a scalar, not a mapping"),
        ("id: 1\nid: 2\n", "duplicate key 'id'"),
        ("id: !!python/object 1\n", "tag 'tag:yaml.org,2002:python/object' is not allowed"),
        ("<<: {a: 1}\n", "mapping keys must be plain scalars"),
        ("source: {type: a, type: b}\n", "duplicate key 'type'"),
    ],
)
def test_parse_top_refuses_what_parse_checked_refuses(text: str, problem: str) -> None:
    from intake.contract.yamlio import YamlProblem, parse_checked, parse_top

    with pytest.raises(YamlProblem) as top:
        parse_top(text.encode(), frozenset({"id", "category", "source"}))
    assert top.value.message.startswith(problem)
    with pytest.raises(YamlProblem):
        parse_checked(text.encode())


def test_parse_top_builds_only_named_keys() -> None:
    from intake.contract.yamlio import parse_top

    text = (
        "x: !!python/object 1\nturns: [&a 1, *a]\nid: s\n"
        "source: {type: session, n: 3, ok: true, none: ~}\ncaptured_from:\n"
        "  captured_at: 2026-03-20T16:21:40\n"
    )
    parsed = parse_top(text.encode(), frozenset({"id", "source", "captured_from"}))
    assert parsed.data == {
        "id": "s",
        "source": {"type": "session", "n": 3, "ok": True, "none": None},
        "captured_from": {"captured_at": "2026-03-20T16:21:40"},
    }
    assert parsed.lines[("source",)] == 4
    assert parsed.lines[("captured_from", "captured_at")] == 6


LEAKS = [
    'id: a\nname: "x\ncategory: y"\nsource: {type: session, link: l}\nturns: []\n',
    "id: a\nname: [x,\ncategory: y]\nsource: {type: issue, link: l}\n",
    "id: a\ncategory: 'q\nsource: z'\ndifficulty_rationale: r\n",
    "id: a\ndifficulty_rationale: |\n  line one\n  line two\n\nsetup: {}\n",
    "id: a\ndifficulty_rationale: >-\n  folded\n  text\n# comment\nturns: [1]\n",
    "# header\n\nid: a\ncategory: b\nturns:\n- x: [1,\n  2]\n",
    "id: a\ncategory: b\n---\nid: c\n",
    "id: a\ncategory: b\nid: c\n",
]


def _outcome(fn: Any) -> tuple[str, Any, Any]:
    from intake.contract.yamlio import YamlProblem

    try:
        parsed = fn()
    except YamlProblem as exc:
        return ("problem", exc.message, exc.line)
    return ("ok", parsed.data, parsed.lines)


def test_parse_top_fast_path_agrees_with_the_event_walk() -> None:
    """The prefix fast path must give what walking every event gives, damaged files too."""
    import random

    from ruamel.yaml.cyaml import CParser  # type: ignore[attr-defined]  # noqa: TID251

    from intake.contract.yamlio import _parse_top_events, _parse_top_prefix

    keys = frozenset({"id", "category", "source", "difficulty_rationale", "captured_from"})
    texts = list(LEAKS)
    if GAIA_SCENARIOS.is_dir():
        texts += [p.read_text(encoding="utf-8") for p in sorted(GAIA_SCENARIOS.rglob("*.yaml"))]
    texts.append(scenario_yaml("x", source="issue", rationale="Needs two documents"))
    rng = random.Random(7)
    damage = [
        '"',
        "'",
        "[",
        "]",
        "{",
        ":",
        "\n",
        "  ",
        "\t",
        "&a ",
        "*a",
        "---\n",
        "|\n",
        "\nid: 2\n",
        '\ncategory: "',
        "\nsource: [",
        "\r\n",
        "#",
    ]
    cases = list(texts)
    for _ in range(1500):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at_ = rng.randrange(len(text))
            text = text[:at_] + rng.choice(damage) + text[at_ + rng.randint(0, 3) :]
        cases.append(text)
    fast_taken = 0
    for text in cases:
        fast = _parse_top_prefix(CParser, text, keys)
        if fast is None:
            continue
        fast_taken += 1
        assert ("ok", fast.data, fast.lines) == _outcome(
            lambda text=text: _parse_top_events(CParser, text, keys)
        ), text
    # The fast path must actually be exercised: most of the GAIA corpus takes it; without the
    # corpus (a fresh clone) the leak texts and their damaged copies still do, less often.
    assert fast_taken > (300 if GAIA_SCENARIOS.is_dir() else 30)


LEAK_OUTCOMES: list[tuple[str, Any]] = [
    ("ok", {"id": "a", "source": {"type": "session", "link": "l"}}),
    ("ok", {"id": "a", "source": {"type": "issue", "link": "l"}}),
    ("ok", {"id": "a", "category": "q source: z", "difficulty_rationale": "r"}),
    ("ok", {"id": "a", "difficulty_rationale": "line one\nline two\n"}),
    ("ok", {"id": "a", "difficulty_rationale": "folded text"}),
    ("ok", {"id": "a", "category": "b"}),
    ("problem", "several YAML documents in one file"),
    ("problem", "duplicate key 'id'"),
]


@pytest.mark.parametrize(("text", "expected"), list(zip(LEAKS, LEAK_OUTCOMES, strict=True)))
def test_parse_top_on_values_carried_over_column_0(text: str, expected: tuple[str, Any]) -> None:
    """A value carried onto a line starting in column 0 is not taken for a top-level key."""
    from intake.contract.yamlio import parse_top

    keys = frozenset({"id", "category", "source", "difficulty_rationale"})
    got = _outcome(lambda: parse_top(text.encode(), keys))
    assert got[:2] == expected


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX links and /dev/zero")
def test_linked_scenarios_and_records_are_listed_never_read(tmp_path: Path) -> None:
    """git commits links: a PR's ``scenarios/x.yaml -> /dev/zero`` (or a record pointing at
    it) hung the report. In a real process with a timeout: each is listed as unreadable."""
    suite = tmp_path / "suite"
    folder = suite / "scenarios" / "rag_quality"
    folder.mkdir(parents=True)
    (suite / "pyproject.toml").write_text("[tool.intake]\n", encoding="utf-8")
    (folder / "plain.yaml").write_text("id: plain_case\ncategory: rag_quality\n")
    (folder / "plain.intake.json").symlink_to("/dev/zero")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    done = subprocess.run(
        [sys.executable, "-m", "intake", "report"],
        cwd=suite,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert (
        "zero.yaml:1: cannot read: scenario file is a symbolic link; intake does not follow links"
        in done.stdout
    )
    assert "cannot read record: record is a symbolic link" in done.stdout

"""``intake report`` through the CLI: formats, --output, --since, bad input and exit codes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intake.cli import app
from intake.store.ledger import Event, Ledger
from intake.store.records import record_path, save_record
from tests.support.env import GAIA_SCENARIOS, requires_gaia_corpus
from tests.support.report import check_html, make_record, scenario_yaml, write


def populate(suite: Path) -> None:
    """A small suite: legacy, captured, promoted, a draft, a rejected draft in the ledger."""
    sc = suite / "scenarios"
    write(sc / "memory" / "legacy.yaml", scenario_yaml("legacy", "memory"))
    write(
        sc / "captured" / "cap.yaml",
        scenario_yaml(
            "cap",
            "captured",
            extra="captured_from:\n  session_id: s1\n  captured_at: '2026-03-20T16:21:40.135563'\n",
        ),
    )
    promoted = write(
        sc / "memory" / "prom.yaml",
        scenario_yaml("prom", "memory", source="issue", rationale="the local model gets it wrong"),
    )
    save_record(
        record_path(promoted),
        make_record(
            "prom",
            "issue",
            captured="2026-04-01",
            reviewed=True,
            tiers=("strong", "local"),
            promoted="2026-04-09",
        ),
    )
    draft = write(suite / "drafts" / "open.yaml", scenario_yaml("open", "memory", source="session"))
    save_record(record_path(draft), make_record("open", captured="2026-05-01", reviewed=True))
    with Ledger.open(suite / ".intake" / "ledger.db") as ledger:
        ledger.append(Event("import", scenario_id="gone", at="2026-05-02T00:00:00+00:00"))
        ledger.append(Event("scrub", scenario_id="gone", at="2026-05-02T00:00:01+00:00"))
        ledger.append(Event("rejection", scenario_id="gone", detail={"reason": "duplicate"}))


def test_text_report_of_a_suite(suite: Path, runner: CliRunner) -> None:
    populate(suite)
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "3 scenarios: 1 from sessions, 1 from issues, 0 by hand, 0 synthetic, 1 unknown" in out
    assert "share from real use 66.7% (target 20%); the 20% target is met." in out
    assert "drafted 3 → scrubbed 3 → reviewed 2 → run on both tiers 1 → promoted 1" in out
    assert "rejected 1; open drafts 1" in out
    assert "median from draft to promotion: 8 days (over 1 promotion)" in out
    assert "scenarios/memory/prom.yaml (prom): the rationale only says a model fails it" in out
    assert "scenarios/memory/legacy.yaml (legacy): no source" in out
    assert result.stderr == ""


def test_json_report(suite: Path, runner: CliRunner) -> None:
    populate(suite)
    result = runner.invoke(app, ["report", "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["command"] == "report"
    assert doc["scenarios"] == 3
    assert doc["by_source"]["session"] == {"count": 1, "share": pytest.approx(1 / 3, abs=1e-6)}
    assert doc["funnel"]["rejected"] == 1
    assert doc["funnel"]["ledger"] is True
    assert [m["month"] for m in doc["over_time"]["months"]][0] == "2026-03"
    assert doc["over_time"]["undated"] == 1
    assert [f["id"] for f in doc["rationale_flags"]] == ["prom"]


def test_output_file_for_every_format(suite: Path, runner: CliRunner) -> None:
    populate(suite)
    (suite / "out").mkdir()
    for fmt in ("text", "markdown", "json", "html"):
        target = suite / "out" / f"report.{fmt}"
        result = runner.invoke(app, ["report", "--format", fmt, "--output", str(target)])
        assert result.exit_code == 0
        assert result.stdout == ""
        assert result.stderr.strip() == f"wrote {fmt} report to {target}"
        text = target.read_text(encoding="utf-8")
        assert "3 scenarios" in text or '"scenarios": 3' in text
        assert not list(target.parent.glob(".*.tmp"))
    check_html((suite / "out" / "report.html").read_text(encoding="utf-8"))
    assert "```mermaid" in (suite / "out" / "report.markdown").read_text(encoding="utf-8")


def test_empty_suite_reports_zeros(suite: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["report", "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["scenarios"] == 0 and doc["real_use"] == 0 and doc["real_use_share"] == 0.0
    assert doc["funnel"]["drafted"] == 0
    assert "no scenario files found: every count is zero" in doc["notes"]
    text = runner.invoke(app, ["report"])
    assert text.exit_code == 0
    assert "0 scenarios: 0 from sessions" in text.stdout
    assert "1 more real-use scenario reaches 20%." in text.stdout


def test_no_scenarios_folder_is_said(suite: Path, runner: CliRunner) -> None:
    (suite / "scenarios").rmdir()
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 0
    assert "no scenarios folder at scenarios" in result.stdout


def test_invalid_files_are_listed_and_exit_0(suite: Path, runner: CliRunner) -> None:
    write(suite / "scenarios" / "a" / "ok.yaml", scenario_yaml("ok", "a", source="issue"))
    write(suite / "scenarios" / "a" / "bad.yaml", "id: [unclosed\n")
    write(suite / "scenarios" / "a" / "noid.yaml", "category: a\n")
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 0
    assert "1 scenario: 0 from sessions, 1 from issues" in result.stdout
    assert "Invalid files (left out of every share): 2" in result.stdout
    assert "scenarios/a/noid.yaml:1: no id" in result.stdout
    assert "scenarios/a/bad.yaml:2: invalid YAML" in result.stdout


def test_record_without_dates(suite: Path, runner: CliRunner) -> None:
    path = write(suite / "scenarios" / "a" / "x.yaml", scenario_yaml("x", "a"))
    write(record_path(path), json.dumps({"id": "x", "source": {"kind": "issue"}}))
    result = runner.invoke(app, ["report", "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["by_source"]["issue"]["count"] == 1
    assert doc["over_time"]["undated"] == 1
    assert doc["record_problems"][0]["file"] == "scenarios/a/x.intake.json"
    assert doc["record_problems"][0]["reason"].startswith("invalid record at source.locator")


def test_since_in_the_future(suite: Path, runner: CliRunner) -> None:
    populate(suite)
    result = runner.invoke(app, ["report", "--since", "2999-01-01"])
    assert result.exit_code == 0
    assert "--since 2999-01-01 is after today: nothing is in range" in result.stdout
    assert "(no months in range)" in result.stdout
    assert "Added since 2999-01-01: 0 scenarios" in result.stdout
    assert "drafted 0 →" in result.stdout
    assert "3 scenarios:" in result.stdout  # the snapshot stays whole


def test_since_narrows(suite: Path, runner: CliRunner) -> None:
    populate(suite)
    result = runner.invoke(app, ["report", "--since", "2026-04", "--format", "json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["since"] == "2026-04-01"
    assert doc["over_time"]["months"][0]["month"] == "2026-04"
    assert doc["added_since"]["scenarios"] == 1
    assert doc["funnel"]["drafted"] == 3


@pytest.mark.parametrize("value", ["yesterday", "2026-02-30", "12/03/2026"])
def test_since_not_a_date_is_exit_2(suite: Path, runner: CliRunner, value: str) -> None:
    result = runner.invoke(app, ["report", "--since", value])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: --since must be a date like 2026-03-01, not {value!r}\n"


def test_missing_path_is_exit_2(suite: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["report", "nowhere"])
    assert result.exit_code == 2
    assert result.stderr == "error: no such file or folder (nowhere)\n"


def test_bad_format_is_exit_2(suite: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["report", "--format", "pdf"])
    assert result.exit_code == 2


def test_broken_ledger_is_exit_3(suite: Path, runner: CliRunner) -> None:
    write(suite / ".intake" / "ledger.db", "this is not a database, just text" * 100)
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 3
    assert result.stderr.startswith("error: cannot read the ledger: ")
    assert len(result.stderr.splitlines()) == 1


def test_ledger_without_events_table_is_exit_3(suite: Path, runner: CliRunner) -> None:
    (suite / ".intake").mkdir()
    conn = sqlite3.connect(suite / ".intake" / "ledger.db")
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 3
    assert "no such table: events" in result.stderr


def test_unwritable_output_is_a_clean_error(suite: Path, runner: CliRunner) -> None:
    (suite / "blocker").write_text("a file, not a folder", encoding="utf-8")
    result = runner.invoke(app, ["report", "--output", "blocker/report.txt"])
    assert result.exit_code == 2
    assert result.stderr == "error: the folder for --output does not exist (blocker)\n"
    (suite / "report.txt").mkdir()
    result = runner.invoke(app, ["report", "--output", "report.txt"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write the report: ")
    assert result.stderr.endswith("(report.txt)\n")
    assert len(result.stderr.splitlines()) == 1


@requires_gaia_corpus()
def test_gaia_corpus_through_the_cli(suite: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["report", str(GAIA_SCENARIOS)])
    assert result.exit_code == 0
    out = result.stdout
    assert "91 scenarios: 2 from sessions, 0 from issues, 0 by hand, 0 synthetic, 89 unknown" in out
    assert "share from real use 2.2% (target 20%); 21 more real-use scenarios reach 20%." in out
    assert "Without a known source (annotate with source: {type, link}): 89" in out
    md = runner.invoke(app, ["report", str(GAIA_SCENARIOS), "--format", "markdown"])
    assert md.exit_code == 0
    assert '"session" : 2' in md.stdout and '"unknown" : 89' in md.stdout


def test_output_format_follows_the_suffix_and_needs_an_existing_folder(
    suite: Path, runner: CliRunner
) -> None:
    """`-o report.html` writes HTML without --format; a missing folder is exit 2, not mkdir."""
    result = runner.invoke(app, ["report", "-o", "report.html"])
    assert result.exit_code == 0, result.stderr
    assert (suite / "report.html").read_text(encoding="utf-8").lstrip().startswith("<!DOCTYPE")
    result = runner.invoke(app, ["report", "-o", "report.json"])
    assert json.loads((suite / "report.json").read_text(encoding="utf-8"))["command"] == "report"
    result = runner.invoke(app, ["report", "-o", "nowhere/deeper/r.html"])
    assert result.exit_code == 2
    assert result.stderr == "error: the folder for --output does not exist (nowhere/deeper)\n"
    assert not (suite / "nowhere").exists()

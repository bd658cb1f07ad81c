"""Run records from GAIA scorecards and traces: what is read, what is refused, and how."""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.plain import RunTier
from intake.contract.yamlio import parse_checked
from intake.errors import InputError, UsageError
from intake.lifecycle.runs.record import record_run
from intake.lifecycle.runs.results import MAX_SCORECARD_BYTES, classify, read_result
from intake.store.records import load_record, record_path, runnable_hash
from tests.support.env import GAIA, requires_gaia_corpus
from tests.support.promote_helpers import FINAL_YAML, scorecard, trace, write_pair

corpus = requires_gaia_corpus()


def test_records_run_bound_to_runnable_hash(suite: Path) -> None:
    draft = write_pair(suite / "drafts")
    card = scorecard(
        suite / "runs" / "strong",
        {"other": "FAIL", "pdf_summary_loop": "PASS"},
        timestamp="2026-11-29T10:25:00.000000+00:00",
    )
    settings = load_settings(suite)
    path, run, replaced = record_run(settings, "pdf_summary_loop", card, RunTier.strong, model="m1")
    assert path == draft.resolve() and not replaced
    assert (run.run_id, run.status, run.score, run.model) == (
        "eval-20261129-101500",
        "PASS",
        8.5,
        "m1",
    )
    assert run.judge_model == "claude-sonnet-4-6"
    assert run.at.isoformat() == "2026-11-29T10:25:00+00:00"
    assert run.scorecard == "scorecard.json"
    assert run.runnable_hash == runnable_hash(parse_checked(draft.read_bytes()).data)
    stored = load_record(record_path(draft))
    assert stored.runs == [run]
    # the same run again replaces, it does not duplicate
    _, _, replaced = record_run(settings, "pdf_summary_loop", card, RunTier.strong, model="m1")
    assert replaced and len(load_record(record_path(draft)).runs) == 1


def test_list_runs_is_what_intake_runs_prints(suite: Path, runner) -> None:
    # the library call behind `intake runs DRAFT`: rows oldest first, stale once the
    # runnable content changes, the tiers' statistics and the difficulty label
    from intake.lifecycle.runs.record import list_runs

    draft = write_pair(suite / "drafts")
    card = scorecard(suite / "runs" / "strong", {"pdf_summary_loop": "PASS"})
    settings = load_settings(suite)
    record_run(settings, "pdf_summary_loop", card, RunTier.strong, model="m1")
    listing = list_runs(settings, "pdf_summary_loop")
    assert listing.draft == draft.resolve() and listing.controls == []
    ((run_id, tier, model, judge, status, judged, score, stale, *_),) = listing.runs
    assert (tier, model, status, judged, score, stale) == ("strong", "m1", "PASS", True, 8.5, False)
    assert (listing.strong.runs, listing.strong.passes, listing.local.runs) == (1, 1, 0)
    shown = json.loads(runner.invoke(app, ["runs", "pdf_summary_loop", "--format", "json"]).stdout)
    assert shown["runs"] == [row._asdict() for row in listing.runs]
    assert shown["difficulty"] == listing.difficulty
    draft.write_text(draft.read_text().replace("persona: casual_user", "persona: power_user"))
    assert [row.stale for row in list_runs(settings, "pdf_summary_loop").runs] == [True]


def test_model_from_meta_json_beside_the_scorecard(suite: Path) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "runs", {"pdf_summary_loop": "FAIL"}, model="Gemma-4-E4B-it-GGUF")
    _, run, _ = record_run(load_settings(suite), "pdf_summary_loop", card, RunTier.local)
    assert run.model == "Gemma-4-E4B-it-GGUF"


def test_refuses_without_model_under_test(suite: Path) -> None:
    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    card = scorecard(suite / "runs", {"pdf_summary_loop": "PASS"})
    with pytest.raises(UsageError, match="does not name the model under test"):
        record_run(load_settings(suite), "pdf_summary_loop", card, RunTier.strong)
    assert record_path(draft).read_bytes() == before


def test_tier_must_agree_with_configured_models(suite: Path) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "runs", {"pdf_summary_loop": "PASS"})
    settings = load_settings(
        suite, {"strong_models": ["claude-opus-4"], "local_models": ["Gemma-4-E4B-it-GGUF"]}
    )
    with pytest.raises(UsageError, match="configured as a local model"):
        record_run(settings, "pdf_summary_loop", card, RunTier.strong, model="Gemma-4-E4B-it-GGUF")
    with pytest.raises(UsageError, match="not among the configured strong models"):
        record_run(settings, "pdf_summary_loop", card, RunTier.strong, model="gpt-x")
    _, run, _ = record_run(
        settings, "pdf_summary_loop", card, RunTier.strong, model="claude-opus-4"
    )
    assert run.tier is RunTier.strong


def test_trace_file_takes_run_id_and_judge_from_its_run_folder(suite: Path) -> None:
    write_pair(suite / "drafts")
    run_dir = suite / "eval-20261129-101500"
    scorecard(run_dir, {"pdf_summary_loop": "BLOCKED_BY_ARCHITECTURE"}, judge="claude-x")
    (run_dir / "traces").mkdir()
    tr = run_dir / "traces" / "pdf_summary_loop.json"
    tr.write_text(json.dumps(trace("pdf_summary_loop", "BLOCKED_BY_ARCHITECTURE")), "utf-8")
    result = read_result(tr, "pdf_summary_loop")
    assert (result.run_id, result.result.status, result.judge_model, result.result.kind) == (
        "eval-20261129-101500",
        "BLOCKED_BY_ARCHITECTURE",
        "claude-x",
        "trace",
    )
    with pytest.raises(InputError, match="trace is for scenario 'pdf_summary_loop', not 'x'"):
        read_result(tr, "x")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "is not JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b'{"tasks": 4, "solve_rate": 75}', "gaia eval code"),
        (b'{"cases": 10, "mean_score": 1.3}', "session-replay"),
        (b"[1, 2]", "not a GAIA agent-eval scorecard"),
        (b'{"run_id": "x"}', "not a GAIA agent-eval scorecard"),
    ],
)
def test_bad_scorecards_are_one_line_errors(
    suite: Path, runner, content: bytes, message: str
) -> None:
    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    bad = suite / "bad.json"
    bad.write_bytes(content)
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(bad),
            "--tier",
            "strong",
            "--model",
            "m",
        ],
    )
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr
    assert record_path(draft).read_bytes() == before


def test_huge_scorecard_refused_without_reading(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    huge = suite / "huge.json"
    with open(huge, "wb") as handle:
        handle.truncate(100 * 1024 * 1024)
    assert huge.stat().st_size > MAX_SCORECARD_BYTES
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(huge),
            "--tier",
            "local",
            "--model",
            "m",
        ],
    )
    assert result.exit_code == 2
    assert "104,857,600 bytes, over the" in result.stderr


def test_scenario_missing_from_scorecard(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "runs", {"a": "PASS", "b": "FAIL"}, model="m")
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "local"]
    )
    assert result.exit_code == 2
    expected = "scenario 'pdf_summary_loop' is not in this scorecard (2 scenarios: a, b)"
    assert expected in result.stderr


def test_unknown_status_and_missing_draft(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "runs", {"pdf_summary_loop": "MAYBE"}, model="m")
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "local"]
    )
    assert result.exit_code == 2 and 'unknown run status in field "status"' in result.stderr
    assert "MAYBE" not in result.stderr
    result = runner.invoke(app, ["run-record", "nope", "--scorecard", str(card), "--tier", "local"])
    assert result.exit_code == 2 and "no such draft (nope)" in result.stderr
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", "missing.json", "--tier", "local"]
    )
    assert result.exit_code == 2 and "no such scorecard" in result.stderr


@corpus
def test_real_gaia_runner_scorecards_are_read() -> None:
    baseline = GAIA / "eval" / "results" / "baseline.json"
    assert classify(json.loads(baseline.read_text())) == "runner"
    result = read_result(baseline, "concise_response")
    assert (result.run_id, result.result.status, result.judge_model) == (
        "eval-20260426-075215",
        "PASS",
        "claude-sonnet-4-6",
    )
    fixture = next((GAIA / "tests" / "fixtures" / "eval_baselines").glob("*/scorecard_*.json"))
    assert classify(json.loads(fixture.read_text())) == "runner"


@corpus
@pytest.mark.parametrize(
    ("name", "kind"),
    [("code-run1", "code-run"), ("sessions-run1", "sessions-run"), ("phase2", "phase2")],
)
def test_real_gaia_other_formats_are_refused(suite: Path, runner, name: str, kind: str) -> None:
    write_pair(suite / "drafts")
    card = GAIA / "eval" / "results" / name / "scorecard.json"
    assert classify(json.loads(card.read_text())) == kind
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(card),
            "--tier",
            "local",
            "--model",
            "m",
        ],
    )
    assert result.exit_code == 2
    assert "not an agent-eval scorecard" in result.stderr or "not a runner" in result.stderr


@corpus
def test_real_baseline_with_meta_json(suite: Path) -> None:
    source = next((GAIA / "tests" / "fixtures" / "eval_baselines").glob("*/meta.json")).parent
    copy = suite / "baseline"
    shutil.copytree(source, copy)
    card = next(copy.glob("scorecard_*.json"))
    entry = json.loads(card.read_text())["scenarios"][0]
    first = entry["scenario_id"]
    sent = entry["turns"][0]["user_message"]
    # the committed baseline is from May 2026: a draft captured before it, whose turn is the
    # message that run actually sent
    text = FINAL_YAML.format(id=first, category="rag_quality").replace(
        "user_message: Summarize the Q3 report please.", f"user_message: {json.dumps(sent)}"
    )
    for number in range(2, len(entry["turns"]) + 1):  # as many turns as the run had
        text += (
            f"  - turn: {number}\n    objective: Follow up {number}.\n"
            f"    success_criteria: The agent answers follow-up {number}.\n"
        )
    write_pair(suite / "drafts", first, text=text, captured_at=datetime(2026, 1, 1, tzinfo=UTC))
    _, run, _ = record_run(load_settings(suite), first, card, RunTier.local)
    assert run.model == json.loads((copy / "meta.json").read_text())["model"]
    assert run.judge_model == "claude-sonnet-4-6"
    assert os.path.basename(str(card)) == run.scorecard


def test_run_that_predates_the_draft_is_refused(suite: Path, runner) -> None:
    """A run from before the draft was captured cannot have run this draft."""
    draft = write_pair(suite / "drafts")  # captured 2026-11-01
    before = record_path(draft).read_bytes()
    card = scorecard(
        suite / "runs", {"pdf_summary_loop": "PASS"}, timestamp="2026-10-31T23:00:00+00:00"
    )
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(card),
            "--tier",
            "strong",
            "--model",
            "m1",
        ],
    )
    assert result.exit_code == 2, result.output
    assert "predates the draft" in result.stderr and "eval-20261129-101500" in result.stderr
    assert record_path(draft).read_bytes() == before
    trace_file = suite / "runs" / "old" / "traces" / "pdf_summary_loop.json"
    trace_file.parent.mkdir(parents=True)
    trace_file.write_text(json.dumps(trace("pdf_summary_loop", "PASS")))
    old = datetime(2026, 10, 1, tzinfo=UTC).timestamp()
    os.utime(trace_file, (old, old))
    with pytest.raises(UsageError, match="predates the draft"):
        record_run(load_settings(suite), "pdf_summary_loop", trace_file, RunTier.strong, model="m1")
    assert record_path(draft).read_bytes() == before


def test_same_model_cannot_be_both_tiers_for_a_draft(suite: Path, runner) -> None:
    """With no tier lists configured, one model still cannot be both strong and local."""
    draft = write_pair(suite / "drafts")
    strong = scorecard(suite / "runs" / "a", {"pdf_summary_loop": "PASS"}, run_id="eval-1")
    local = scorecard(suite / "runs" / "b", {"pdf_summary_loop": "FAIL"}, run_id="eval-2")
    settings = load_settings(suite)
    assert not settings.strong_models and not settings.local_models
    record_run(settings, "pdf_summary_loop", strong, RunTier.strong, model="m1")
    before = record_path(draft).read_bytes()
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(local),
            "--tier",
            "local",
            "--model",
            "m1",
        ],
    )
    assert result.exit_code == 2, result.output
    assert "m1" in result.stderr and "strong" in result.stderr
    assert record_path(draft).read_bytes() == before
    _, run, _ = record_run(settings, "pdf_summary_loop", local, RunTier.local, model="m2")
    assert run.tier is RunTier.local


# --- leak regressions (security review) ---------------------------------------------------------

TOKEN = "ghp_" + "Zq7Rk2Lm9Xw4Tb8Nc3Vd6Hy1Jp5Gs0Af7Eu2"
SLACK = "xoxb-2846-" + "Zq7Rk2Lm9Xw4Tb8Nc3Vd6H"
OPENAI = "sk-" + "Pq3Wm8Zr5Tk1Yx7Lc4Nb9Hd2Jf6Gs0Qa"
EMAIL = "alice.smith@gmail.com"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"run_id": f"run of {EMAIL} {TOKEN}"}, "the run id (run_id)"),
        ({"run_id": SLACK}, "the run id (run_id)"),
        ({"judge": f"judge {TOKEN}"}, "the judge model (config.model in the scorecard)"),
        ({"judge": OPENAI}, "the judge model (config.model in the scorecard)"),
        ({"model": EMAIL}, "the model under test (--model or meta.json)"),
        ({"model": SLACK}, "the model under test (--model or meta.json)"),
    ],
)
def test_unsafe_run_strings_are_refused_by_field_without_echo(
    suite: Path, runner, changes: dict[str, str], field: str
) -> None:
    from tests.support.leak_forms import assert_no_leak

    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    outside = suite.parent / "runs"  # the scorecard itself holds the secret: keep it outside
    model = changes.pop("model", "claude-opus-4")
    card = scorecard(outside, {"pdf_summary_loop": "PASS"}, **changes)
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(card),
            "--tier",
            "strong",
            "--model",
            model,
        ],
    )
    assert result.exit_code == 2, result.output
    assert field in result.stderr and "not shown" in result.stderr
    assert "Traceback" not in result.stderr
    assert_no_leak([TOKEN, SLACK, OPENAI, EMAIL], suite, result.stdout, result.stderr)
    assert record_path(draft).read_bytes() == before


def test_unknown_status_is_not_echoed(suite: Path, runner) -> None:
    from tests.support.leak_forms import assert_no_leak

    write_pair(suite / "drafts")
    card = scorecard(suite.parent / "runs", {"pdf_summary_loop": f"WEIRD {TOKEN}"}, model="m")
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "local"]
    )
    assert result.exit_code == 2, result.output
    assert 'unknown run status in field "status"' in result.stderr
    assert "allowed: BLOCKED_BY_ARCHITECTURE" in result.stderr
    assert_no_leak([TOKEN], suite, result.stdout, result.stderr)


def test_scorecard_name_is_kept_only_when_plain(suite: Path, runner) -> None:
    from tests.support.leak_forms import assert_no_leak

    draft = write_pair(suite / "drafts")
    odd = scorecard(suite.parent / "runs", {"pdf_summary_loop": "PASS"}, name=f"{SLACK}.json")
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(odd),
            "--tier",
            "strong",
            "--model",
            "claude-opus-4",
        ],
    )
    assert result.exit_code == 0, result.output
    assert load_record(record_path(draft)).runs[0].scorecard is None
    assert_no_leak([SLACK], suite, result.stdout, result.stderr)
    plain = scorecard(suite.parent / "runs2", {"pdf_summary_loop": "PASS"}, run_id="eval-2")
    record_run(load_settings(suite), "pdf_summary_loop", plain, RunTier.strong, model="claude-4")
    assert load_record(record_path(draft)).runs[-1].scorecard == "scorecard.json"


def test_a_configured_model_name_is_not_second_guessed_by_the_entropy_check(suite: Path) -> None:
    pyproject = suite / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text() + '\nlocal_models = ["Qwen3-Coder-30B-A3B-Instruct-GGUF"]\n'
    )
    draft = write_pair(suite / "drafts")
    card = scorecard(suite / "runs", {"pdf_summary_loop": "FAIL"})
    record_run(
        load_settings(suite),
        "pdf_summary_loop",
        card,
        RunTier.local,
        model="Qwen3-Coder-30B-A3B-Instruct-GGUF",
    )
    assert load_record(record_path(draft)).runs[0].model == "Qwen3-Coder-30B-A3B-Instruct-GGUF"


def test_a_paraphrased_run_is_recorded_with_a_warning(suite: Path, runner) -> None:
    """GAIA's simulator generates each user message from the objective (amd/gaia
    src/gaia/eval/runner.py:515-525): a genuine run paraphrases, so it is a warning."""
    draft = write_pair(suite / "drafts")
    card = scorecard(suite / "r", {"pdf_summary_loop": "PASS"}, model="gpt-5")
    doc = json.loads(card.read_text())
    doc["scenarios"][0]["turns"][0]["user_message"] = "Hey, could you sum up the Q3 report?"
    card.write_text(json.dumps(doc))
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "strong"]
    )
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines() == [
        "warning: turn 1: the run sent another user message than the draft's (GAIA's simulator "
        "paraphrases the objective); check the trace before relying on it"
    ]
    assert "sum up" not in result.stderr + result.stdout
    [run] = load_record(record_path(draft)).runs
    assert run.warnings and "turn 1" in run.warnings[0]


def test_a_run_with_another_number_of_turns_is_not_of_this_draft(suite: Path, runner) -> None:
    draft = write_pair(suite / "drafts")
    before = record_path(draft).read_bytes()
    card = scorecard(suite / "r", {"pdf_summary_loop": "PASS"}, model="gpt-5")
    doc = json.loads(card.read_text())
    doc["scenarios"][0]["turns"].append({**doc["scenarios"][0]["turns"][0], "turn": 2})
    card.write_text(json.dumps(doc))
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "strong"]
    )
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: run eval-20261129-101500 has 2 turn(s) and the draft has 1: the run is not of "
        f"this draft ({card.relative_to(suite).as_posix()})"
    )
    assert record_path(draft).read_bytes() == before


def test_a_runner_made_result_without_turns_is_not_compared(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "r", {"pdf_summary_loop": "TIMEOUT"}, model="gpt-5")
    doc = json.loads(card.read_text())
    doc["scenarios"][0]["turns"] = []
    card.write_text(json.dumps(doc))
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "strong"]
    )
    assert result.exit_code == 0 and "infrastructure status" in result.stderr


def test_one_run_id_counts_for_one_model(suite: Path, runner) -> None:
    draft = write_pair(suite / "drafts")
    card = scorecard(suite / "r", {"pdf_summary_loop": "PASS"})
    args = ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "strong"]
    assert runner.invoke(app, [*args, "--model", "gpt-5"]).exit_code == 0
    before = record_path(draft).read_bytes()
    again = runner.invoke(app, [*args, "--model", "gpt-6"])
    assert again.exit_code == 2
    assert again.stderr.splitlines()[0] == (
        "error: run eval-20261129-101500 is already recorded for model 'gpt-5'; one run counts "
        "for one model (drafts/pdf_summary_loop.yaml)"
    )
    assert record_path(draft).read_bytes() == before


def test_a_model_equal_to_the_judge_is_a_warning(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "r", {"pdf_summary_loop": "PASS"}, judge="claude-opus-4")
    result = runner.invoke(
        app,
        [
            "run-record",
            "pdf_summary_loop",
            "--scorecard",
            str(card),
            "--tier",
            "strong",
            "--model",
            "claude-opus-4",
        ],
    )
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "warning: the model under test equals the scorecard's judge (config.model): GAIA's "
        "--model names the judge, not the model under test"
    ]


def test_an_old_run_recorded_again_after_an_edit_stays_stale(suite: Path, runner) -> None:
    """Re-recording the same scorecard after a turn edit must not bind it to the new text."""
    draft = write_pair(suite / "drafts")
    card = scorecard(suite / "r", {"pdf_summary_loop": "PASS"}, model="gpt-5")
    args = ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "strong"]
    assert runner.invoke(app, args).exit_code == 0
    draft.write_text(draft.read_text().replace("Ask for a summary", "Ask for a short summary"))
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert "was recorded for an earlier version of the draft's turns" in again.stderr
    local = runner.invoke(app, [*args[:-1], "local", "--model", "qwen"])
    assert local.exit_code == 2


def test_an_infrastructure_status_is_recorded_with_a_warning(suite: Path, runner) -> None:
    write_pair(suite / "drafts")
    card = scorecard(suite / "r", {"pdf_summary_loop": "INFRA_ERROR"}, model="qwen")
    result = runner.invoke(
        app, ["run-record", "pdf_summary_loop", "--scorecard", str(card), "--tier", "local"]
    )
    assert result.exit_code == 0
    assert "warning: INFRA_ERROR is an infrastructure status, not a measurement" in result.stderr

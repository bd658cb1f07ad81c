"""Promotion: the pure gate function, the move, saturation, reject, crashes and races."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import Record, RecordSource, Review, ReviewDecision, Run, SourceType
from intake.contract.plain import RunTier
from intake.contract.validate import Problem
from intake.errors import Conflict, UsageError
from intake.lifecycle.gates import GateInputs, GatesUnmet, check_gates
from intake.lifecycle.promote import CRASH_STEPS, promote, with_suite_tag
from intake.lifecycle.split import with_split
from intake.scrub import FileFinding
from intake.store.ledger import Ledger
from intake.store.records import content_hash, dump_record, load_record, record_path
from tests.support import crash_harness
from tests.support.promote_helpers import FINAL_YAML, edit, make_ready, write_pair

T0 = datetime(2026, 11, 29, tzinfo=UTC)
DATA = {
    "id": "x_case",
    "category": "tool_selection",
    "source": {"type": "session", "link": "gaia-session:1"},
    "difficulty_rationale": "hard",
}


def _promoted_bytes(suite: Path, original: bytes) -> bytes:
    """The draft's bytes as promotion writes them: the suite tag, then the split tag."""
    tagged = with_suite_tag(original, "capability")
    return with_split(load_settings(suite), tagged, "pdf_summary_loop", "tool_selection")


def _run(tier: str, status: str, h: str = "sha256:run", minutes: int = 0) -> Run:
    return Run(
        tier=RunTier(tier),
        run_id=f"eval-{tier}-{minutes}",
        status=status,
        score=7.0,
        model="m",
        runnable_hash=h,
        at=T0 + timedelta(minutes=minutes),
        recorded_at=T0,
    )


def _inputs(**changes: object) -> GateInputs:
    record = Record(
        id="x_case",
        source=RecordSource(
            kind=SourceType.session,
            locator="gaia-session:1",
            captured_at=T0,
            intake_version="0",
        ),
        author="drafter",
        reviews=[
            Review(reviewer="bob", decision=ReviewDecision.approve, content_hash="sha256:c", at=T0)
        ],
        runs=[_run("strong", "PASS"), _run("local", "FAIL")],
    )
    base = GateInputs(
        scenario_id="x_case",
        data=dict(DATA),
        problems=[],
        scrub_findings=[],
        record=record,
        content_hash="sha256:c",
        runnable_hash="sha256:run",
    )
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def _unmet(inputs: GateInputs) -> dict[str, str]:
    return {g.name: g.detail for g in check_gates(inputs) if not g.met}


def test_all_gates_met() -> None:
    gates = check_gates(_inputs())
    assert [g.number for g in gates] == [1, 2, 3, 4, 5, 6, 8]  # 8: no captured answer, n/a
    assert all(g.met and g.todo is None for g in gates)


def test_every_unmet_gate_is_listed_at_once_with_what_to_do() -> None:
    inputs = _inputs(
        problems=[Problem("d.yaml", 3, "schema", "bad")],
        scrub_findings=[FileFinding("EMAIL_ADDRESS", "d.yaml", 4)],
        content_hash="sha256:edited",
        duplicates=["scenarios/x/x_case.yaml"],
    )
    inputs.record.runs = []
    gates = check_gates(inputs)
    assert [g.name for g in gates if not g.met] == [
        "valid",
        "scrub",
        "review",
        "strong-run",
        "local-run",
        "unique-id",
    ]
    assert all(g.todo for g in gates if not g.met)
    details = {g.name: g.detail for g in gates}
    assert details["scrub"] == "1 finding(s): EMAIL_ADDRESS at d.yaml:4"
    assert "stale" in details["review"]


def test_gate1_placeholder_missing_fields_and_unsafe_category() -> None:
    data = {"id": "x_case", "category": "../up", "note": "TODO(intake): x"}
    unmet = _unmet(_inputs(data=data))
    assert "placeholder" in unmet["valid"] and "no source" in unmet["valid"]
    assert "no difficulty_rationale" not in unmet["valid"] or "(+" in unmet["valid"]
    assert "category" in unmet["valid"] or "(+" in unmet["valid"]


def test_gate2_scrub_unavailable_fails_closed() -> None:
    unmet = _unmet(_inputs(scrub_findings=None, scrub_error="no engine"))
    assert unmet == {"scrub": "scrub re-scan could not run: no engine"}


@pytest.mark.parametrize(
    ("runs", "gate", "text"),
    [
        ([_run("local", "FAIL")], "strong-run", "no strong-tier run recorded"),
        ([_run("strong", "FAIL"), _run("local", "FAIL")], "strong-run", "FAIL"),
        (
            [_run("strong", "INFRA_ERROR"), _run("local", "FAIL")],
            "strong-run",
            "only infrastructure statuses on the current content (INFRA_ERROR)",
        ),
        (
            [_run("strong", "PASS", h="sha256:old"), _run("local", "FAIL")],
            "strong-run",
            "recorded before the runnable part",
        ),
        ([_run("strong", "PASS"), _run("local", "TIMEOUT")], "local-run", "TIMEOUT"),
        ([_run("strong", "PASS"), _run("local", "PASS")], "local-run", "saturated"),
        (
            [
                _run("strong", "FAIL", minutes=0),
                _run("strong", "FAIL", minutes=5),
                _run("local", "FAIL"),
            ],
            "strong-run",
            "strong runs 0/2 passed (0%), pass^2 0",
        ),
    ],
)
def test_run_gates(runs: list[Run], gate: str, text: str) -> None:
    inputs = _inputs()
    inputs.record.runs = runs
    unmet = _unmet(inputs)
    assert list(unmet) == [gate] and text in unmet[gate]


def test_blocked_by_architecture_counts_as_judged_and_saturation_can_be_allowed() -> None:
    inputs = _inputs()
    inputs.record.runs = [_run("strong", "PASS"), _run("local", "BLOCKED_BY_ARCHITECTURE")]
    assert _unmet(inputs) == {}
    inputs.record.runs = [_run("strong", "PASS"), _run("local", "PASS")]
    inputs.allow_saturated = "regression guard for #123"
    gates = {g.name: g for g in check_gates(inputs)}
    assert gates["local-run"].met and "regression guard for #123" in gates["local-run"].detail


def test_promote_moves_draft_and_record_and_stamps(suite: Path) -> None:
    draft = make_ready(suite)
    original = draft.read_bytes()
    settings = load_settings(suite)
    result = promote(settings, "pdf_summary_loop")
    dest = suite / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml"
    assert result.destination == dest.resolve() or result.destination == dest
    assert dest.read_bytes() == _promoted_bytes(suite, original)  # the suite tag
    assert not draft.exists() and not record_path(draft).exists()
    record = load_record(record_path(dest))
    assert record.promotion is not None
    assert record.promotion.content_hash == content_hash(dest)
    assert record.promotion.by == "drafter"
    assert record.promotion.from_path == "drafts/pdf_summary_loop.yaml"
    assert record.promotion.to_path == "scenarios/tool_selection/pdf_summary_loop.yaml"
    assert set(record.promotion.gates) == {
        "valid",
        "scrub",
        "review",
        "strong-run",
        "local-run",
        "unique-id",
        "control",
    }
    assert len(record.runs) == 2 and len(record.reviews) == 1
    assert not list((suite / "scenarios").rglob("*.promote-tmp"))
    with Ledger.open(settings.ledger) as ledger:
        events = [e for e in ledger.history("pdf_summary_loop") if e.kind == "promotion"]
        items = {row.id: row for row in ledger.items()}
    assert len(events) == 1 and events[0].detail["recovered"] is False
    assert items["pdf_summary_loop"].state == "scenario"
    with pytest.raises(Conflict, match="already promoted"):
        promote(settings, "pdf_summary_loop")


def test_blocked_promotion_moves_nothing(suite: Path) -> None:
    draft = make_ready(suite, reviewer=None)
    before = sorted(p.name for p in suite.rglob("*") if p.is_file())
    with pytest.raises(GatesUnmet) as info:
        promote(load_settings(suite), "pdf_summary_loop")
    assert [g.name for g in info.value.gates if not g.met] == ["review"]
    assert info.value.exit_code == 1
    assert draft.exists()
    assert sorted(p.name for p in suite.rglob("*") if p.is_file()) == before


def test_dry_run_evaluates_only(suite: Path) -> None:
    draft = make_ready(suite)
    result = promote(load_settings(suite), "pdf_summary_loop", dry_run=True)
    assert not result.blocked and result.destination is None and draft.exists()
    assert not (suite / "scenarios" / "tool_selection").exists()


def test_saturated_needs_a_reason_which_is_recorded(suite: Path) -> None:
    make_ready(suite, local_status="PASS")
    settings = load_settings(suite)
    with pytest.raises(GatesUnmet) as info:
        promote(settings, "pdf_summary_loop")
    assert [g.name for g in info.value.gates if not g.met] == ["local-run"]
    with pytest.raises(UsageError, match="needs a reason"):
        promote(settings, "pdf_summary_loop", allow_saturated="  ")
    result = promote(settings, "pdf_summary_loop", allow_saturated="guards a fixed regression")
    assert result.destination is not None
    stamp = load_record(record_path(result.destination)).promotion
    assert stamp is not None and stamp.allow_saturated == "guards a fixed regression"


def test_a_waiver_reason_follows_the_one_reason_rule(suite: Path) -> None:
    # every reason typed on the command line (store.suite.recorded_reason): folded to one
    # line, refused when blank or longer than 2000 characters, the refusal naming the option
    make_ready(suite, local_status="PASS")
    settings = load_settings(suite)
    with pytest.raises(UsageError) as blank:
        promote(settings, "pdf_summary_loop", allow_saturated=" \n ")
    assert blank.value.one_line() == ("a saturation waiver needs a reason (--allow-saturated TEXT)")
    with pytest.raises(UsageError) as long:
        promote(settings, "pdf_summary_loop", allow_saturated="x" * 2001)
    assert long.value.one_line() == (
        "the reason is longer than 2000 characters (--allow-saturated)"
    )
    result = promote(settings, "pdf_summary_loop", allow_saturated="guards\n  a fixed\tregression")
    assert result.destination is not None
    stamp = load_record(record_path(result.destination)).promotion
    assert stamp is not None and stamp.allow_saturated == "guards a fixed regression"


def test_duplicate_id_blocks(suite: Path) -> None:
    make_ready(suite)
    existing = suite / "scenarios" / "other" / "renamed.yaml"
    existing.parent.mkdir(parents=True)
    existing.write_text(FINAL_YAML.format(id="pdf_summary_loop", category="other"))
    with pytest.raises(GatesUnmet) as info:
        promote(load_settings(suite), "pdf_summary_loop")
    unmet = {g.name: g.detail for g in info.value.gates if not g.met}
    assert list(unmet) == ["unique-id"] and "scenarios/other/renamed.yaml" in unmet["unique-id"]


def test_private_draft_may_be_promoted_once_reviewed(suite: Path) -> None:
    draft = make_ready(suite, folder="drafts/private")
    result = promote(load_settings(suite), "pdf_summary_loop")
    assert result.destination is not None and not draft.exists()


def test_reject_keeps_record_and_reason_in_ledger(suite: Path, runner) -> None:
    draft = make_ready(suite)
    record = load_record(record_path(draft))
    result = runner.invoke(app, ["reject", "pdf_summary_loop", "--reason", "duplicate of #12"])
    assert result.exit_code == 0, result.output
    assert not draft.exists() and not record_path(draft).exists()
    with Ledger.open(load_settings(suite).ledger) as ledger:
        events = [e for e in ledger.history("pdf_summary_loop") if e.kind == "rejection"]
        ids = [row.id for row in ledger.items()]
    assert len(events) == 1
    detail = events[0].detail
    assert detail["reason"] == "duplicate of #12"
    assert Record.model_validate(detail["record"], strict=False) == record
    assert "pdf_summary_loop" not in ids
    result = runner.invoke(app, ["reject", "pdf_summary_loop", "--reason", "again"])
    assert result.exit_code == 2 and "no such draft" in result.stderr
    write_pair(suite / "drafts", "other_case")
    result = runner.invoke(app, ["reject", "other_case", "--reason", "  "])
    assert result.exit_code == 2 and "needs a reason" in result.stderr
    assert (suite / "drafts" / "other_case.yaml").exists()


def test_a_held_lock_is_a_conflict(suite: Path) -> None:
    from intake.store.suite import draft_lock

    make_ready(suite)
    settings = load_settings(suite)
    with (
        draft_lock(settings, "pdf_summary_loop", doing="test"),
        pytest.raises(Conflict, match="another intake process"),
    ):
        promote(settings, "pdf_summary_loop")


# --- real processes: crashes and races ---------------------------------------------------------


def _promote_process(suite: Path, scenario_id: str) -> subprocess.Popen:
    """``intake promote ID`` in a fresh interpreter (the race needs two at once)."""
    return subprocess.Popen(
        [sys.executable, "-m", "intake", "promote", scenario_id],
        cwd=suite,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
@pytest.mark.parametrize("step", CRASH_STEPS)
def test_killed_promote_leaves_draft_or_scenario_and_check_passes(
    suite: Path, runner, step: str
) -> None:
    draft = make_ready(suite)
    original = draft.read_bytes()
    dest = suite / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml"
    if sys.platform == "win32":
        pytest.skip("POSIX only: the crash point kills the process with SIGKILL")
    # a real process that kills itself at the step (the fault is injected by the harness's
    # own code in the child, never through a setting a user could make)
    crash_harness.run_killed(suite, step, ["promote", "pdf_summary_loop"])

    at = CRASH_STEPS.index(step)
    decided = at >= CRASH_STEPS.index("promote:journal-written")
    if not decided:
        assert not dest.exists()
        assert draft.read_bytes() == original
        assert record_path(draft).exists()
    if at >= CRASH_STEPS.index("promote:placed-draft"):
        assert dest.read_bytes() == _promoted_bytes(suite, original)
        assert load_record(record_path(dest)).promotion is not None
    check = runner.invoke(app, ["check"])
    assert check.exit_code == 0, check.output

    result = runner.invoke(app, ["promote", "pdf_summary_loop"])
    if step == "promote:done":  # everything was finished: a rerun has nothing to do
        assert result.exit_code == 1 and "already promoted" in result.output, result.output
    else:
        assert result.exit_code == 0, result.output
    assert dest.read_bytes() == _promoted_bytes(suite, original)
    assert not draft.exists() and not record_path(draft).exists()
    assert not list(suite.rglob("*.tmp")) and not list(suite.rglob("*.promote-tmp"))
    assert not list((suite / ".intake" / "pending").glob("*.json"))
    with Ledger.open(load_settings(suite).ledger) as ledger:
        events = [e for e in ledger.history("pdf_summary_loop") if e.kind == "promotion"]
    assert len(events) == 1
    check = runner.invoke(app, ["check"])
    assert check.exit_code == 0 and "0 errors, 0 warnings" in check.stdout, check.output


@pytest.mark.slow
def test_concurrent_promotes_exactly_one_wins(suite: Path) -> None:
    for n in range(2):
        scenario_id = f"race_case_{n}"
        make_ready(suite, scenario_id)
        procs = [_promote_process(suite, scenario_id) for _ in range(2)]
        outputs = [p.communicate(timeout=120) for p in procs]
        codes = sorted(p.returncode for p in procs)
        assert codes == [0, 1], outputs
        loser = outputs[[p.returncode for p in procs].index(1)][1]
        assert loser.startswith("error: ") and (
            "another intake process" in loser or "already promoted" in loser
        ), loser
        assert len(list(suite.rglob(f"{scenario_id}.yaml"))) == 1
        assert (suite / "scenarios" / "tool_selection" / f"{scenario_id}.yaml").exists()
        with Ledger.open(load_settings(suite).ledger) as ledger:
            events = [e for e in ledger.history(scenario_id) if e.kind == "promotion"]
        assert len(events) == 1


def test_edit_after_review_is_stale_in_promotion(suite: Path) -> None:
    draft = make_ready(suite)
    edit(draft, "description: The agent", "description: Here the agent")
    with pytest.raises(GatesUnmet) as info:
        promote(load_settings(suite), "pdf_summary_loop")
    unmet = {g.name: g.detail for g in info.value.gates if not g.met}
    assert list(unmet) == ["review"] and "stale" in unmet["review"]


def test_allow_saturated_is_not_stamped_when_the_case_is_not_saturated(suite: Path, runner) -> None:
    """The stamp must not claim a saturation waiver that the case never needed."""
    make_ready(suite, local_status="FAIL")
    result = runner.invoke(
        app, ["promote", "pdf_summary_loop", "--allow-saturated", "just in case"]
    )
    assert result.exit_code == 0, result.output
    assert "note: --allow-saturated was not needed" in result.stderr
    dest = suite / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml"
    stamp = load_record(record_path(dest)).promotion
    assert stamp is not None and stamp.allow_saturated is None
    with Ledger.open(load_settings(suite).ledger) as ledger:
        events = [e for e in ledger.history("pdf_summary_loop") if e.kind == "promotion"]
    assert events[0].detail["allow_saturated"] is None


# --- leak regressions (security review) ---------------------------------------------------------

TOKEN = "ghp_" + "Zq7Rk2Lm9Xw4Tb8Nc3Vd6Hy1Jp5Gs0Af7Eu2"
EMAIL = "alice.smith@gmail.com"


def test_reject_scrubs_the_reason_and_the_record_it_copies_into_the_ledger(
    suite: Path, runner
) -> None:
    from intake.store.records import save_record
    from tests.support.leak_forms import assert_no_leak

    draft = make_ready(suite)
    # a record written before notes were scrubbed, or edited by hand, may hold anything
    record = load_record(record_path(draft))
    record.observations = {"answer": f"token {TOKEN}"}
    record.reviews[0].note = f"ask {EMAIL}"
    save_record(record_path(draft), record)
    result = runner.invoke(
        app, ["reject", "pdf_summary_loop", "--reason", f"dup, reported by {EMAIL} {TOKEN}"]
    )
    assert result.exit_code == 0, result.output
    log = runner.invoke(app, ["log", "pdf_summary_loop"])
    assert_no_leak([TOKEN, EMAIL], suite, result.stdout, result.stderr, log.stdout, log.stderr)
    assert "reason scrubbed: 2 finding(s) (EMAIL_ADDRESS, GITHUB_TOKEN)" in result.stderr
    assert "the record copied into the ledger scrubbed: 2 finding(s)" in result.stderr
    with Ledger.open(load_settings(suite).ledger) as ledger:
        (event,) = [e for e in ledger.history("pdf_summary_loop") if e.kind == "rejection"]
    assert event.detail["reason"].startswith("dup, reported by ")
    assert event.detail["record"]["id"] == "pdf_summary_loop"


def test_allow_saturated_reason_is_scrubbed_before_it_is_shown_or_stamped(
    suite: Path, runner
) -> None:
    from tests.support.leak_forms import assert_no_leak

    make_ready(suite, local_status="PASS")
    reason = f"regression guard, ask {EMAIL}; ci token {TOKEN}"
    result = runner.invoke(app, ["promote", "pdf_summary_loop", "--allow-saturated", reason])
    assert result.exit_code == 0, result.output
    log = runner.invoke(app, ["log", "pdf_summary_loop"])
    assert_no_leak([TOKEN, EMAIL], suite, result.stdout, result.stderr, log.stdout, log.stderr)
    assert "--allow-saturated scrubbed: 2 finding(s)" in result.stderr
    dest = suite / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml"
    stamp = load_record(record_path(dest)).promotion
    assert stamp is not None and stamp.allow_saturated is not None
    assert stamp.allow_saturated.startswith("regression guard, ask ")


def test_an_author_name_holding_an_email_is_not_stored(
    suite: Path, runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The author setting holds an e-mail: promote and reject refuse (who acts is unknown,
    nothing moved, nothing invented), saying why by type only; with ``--by`` they record it."""
    from tests.support.leak_forms import assert_no_leak

    monkeypatch.setenv("INTAKE_AUTHOR", f"Alice Smith <{EMAIL}>")
    make_ready(suite)
    make_ready(suite, "other_case")
    promoted = runner.invoke(app, ["promote", "pdf_summary_loop"])
    rejected = runner.invoke(app, ["reject", "other_case", "--reason", "duplicate"])
    for result in (promoted, rejected):
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith("error: who makes this change is unknown (author not")
        assert "holds EMAIL_ADDRESS" in result.stderr
    assert (suite / "drafts" / "pdf_summary_loop.yaml").is_file()
    assert (suite / "drafts" / "other_case.yaml").is_file()
    promoted = runner.invoke(app, ["promote", "pdf_summary_loop", "--by", "alice"])
    assert promoted.exit_code == 0, promoted.output
    rejected = runner.invoke(
        app, ["reject", "other_case", "--reason", "duplicate", "--by", "alice"]
    )
    assert rejected.exit_code == 0, rejected.output
    logs = [runner.invoke(app, ["log", sid]).stdout for sid in ("pdf_summary_loop", "other_case")]
    assert_no_leak(
        [EMAIL], suite, promoted.stdout, promoted.stderr, rejected.stdout, rejected.stderr, *logs
    )
    dest = suite / "scenarios" / "tool_selection" / "pdf_summary_loop.yaml"
    stamp = load_record(record_path(dest)).promotion
    assert stamp is not None and stamp.by == "alice"
    with Ledger.open(load_settings(suite).ledger) as ledger:
        (event,) = [e for e in ledger.history("other_case") if e.kind == "rejection"]
    assert event.actor == "alice"


def test_a_promotion_event_an_older_crash_left_unwritten_is_logged_through_one_unit(
    suite: Path,
) -> None:
    """An older intake wrote the promoted scenario and its stamp, then died before the event:
    a rerun logs the event (``recovered``) and the index row as one unit through the
    transaction, leaves the scenario's bytes alone, and a second rerun finds nothing to do."""
    import sqlite3

    make_ready(suite)
    settings = load_settings(suite)
    dest = promote(settings, "pdf_summary_loop").destination
    assert dest is not None
    crlf = dest.read_bytes().replace(b"\n", b"\r\n")  # a CRLF checkout of the scenario
    dest.write_bytes(crlf)
    stamped = load_record(record_path(dest))
    assert stamped.promotion is not None
    record_path(dest).write_text(
        dump_record(
            stamped.model_copy(
                update={
                    "promotion": stamped.promotion.model_copy(
                        update={"content_hash": content_hash(dest)}
                    )
                }
            )
        ),
        encoding="utf-8",
    )
    with sqlite3.connect(settings.ledger) as db:
        db.execute("DELETE FROM events WHERE kind = 'promotion'")
        db.execute("DELETE FROM items")
    again = promote(settings, "pdf_summary_loop")
    assert again.recovered == ["ledger: the promotion event a crash left unwritten"]
    assert dest.read_bytes() == crlf
    with Ledger.open(settings.ledger) as ledger:
        events = [e for e in ledger.history("pdf_summary_loop") if e.kind == "promotion"]
        items = {row.id: row for row in ledger.items()}
    assert [e.detail["recovered"] for e in events] == [True]
    assert events[0].detail["content_hash"] == content_hash(dest)
    assert items["pdf_summary_loop"].state == "scenario"
    with pytest.raises(Conflict, match="already promoted"):
        promote(settings, "pdf_summary_loop")

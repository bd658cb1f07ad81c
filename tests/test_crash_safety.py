"""Every writing command killed (SIGKILL, real processes) at every write step, and races.

After each kill the suite is whole: ``intake check`` passes (leftovers are warnings naming
the one command that repairs them), that command repairs it, and afterwards no stray file is
left, the ledger has exactly one event per change in the files, and git sees nothing odd.
Promotion has its own crash tests in ``test_promote.py``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from intake.config import load_settings
from intake.store.journal import crash_steps
from intake.store.ledger import Ledger
from intake.store.records import load_record, record_path
from tests.support.crash_harness import git_untracked, run, run_killed, start, stray_files
from tests.support.env import posix_only
from tests.support.promote_helpers import scorecard, write_pair
from tests.support.sessions import SID, build

pytestmark = posix_only("each crash point kills the process with SIGKILL")

DRAFT = "drafts/session_29c211c7_pto_policy.yaml"
DRAFT_ID = "session_29c211c7_pto_policy"


def _events(suite: Path, scenario_id: str, kind: str) -> int:
    with Ledger.open(load_settings(suite).ledger) as ledger:
        return sum(1 for e in ledger.history(scenario_id) if e.kind == kind)


def _check_passes(suite: Path) -> str:
    done = run(suite, ["check", "--format", "json"])
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _git_init(suite: Path) -> None:
    # no ignore rules of the suite's own: intake's working folder must hide itself
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=suite, check=True)


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("draft", writes=2, removes=0))
def test_killed_drafting_is_repaired_by_rerunning_it(suite: Path, step: str) -> None:
    _git_init(suite)
    db = build(suite.parent / "gaia_chat.db")
    args = ["from-session", "29c211c7", "--db", str(db)]
    run_killed(suite, step, args)

    # nothing in drafts/ but a whole draft with its record, or nothing at all
    assert not list((suite / "drafts").glob(".*"))
    assert [p for p in git_untracked(suite) if not p.startswith(("drafts/", "pyproject"))] == []
    placed = (suite / DRAFT).exists()
    if placed:
        assert record_path(suite / DRAFT).exists()
    report = _check_passes(suite)
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert ('"leftover"' in report) == (step not in ("draft:begin", "draft:done")), report

    again = run(suite, args)
    if step == "draft:done":  # killed after everything: the draft is simply there
        assert again.returncode == 2, again.stderr
        assert again.stderr.startswith("error: a draft with this id exists already (")
    else:
        assert again.returncode == 0, again.stderr
    if decided and step != "draft:done":
        assert "finished an interrupted draft" in again.stderr, again.stderr
    assert (suite / DRAFT).exists() and record_path(suite / DRAFT).exists()
    assert _events(suite, DRAFT_ID, "import") == 1
    assert _events(suite, DRAFT_ID, "scrub") == 1
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)
    assert sorted(git_untracked(suite)) == sorted(
        [DRAFT, str(record_path(Path(DRAFT))), "pyproject.toml"]
    )


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("draft", writes=2, removes=0)[2:4])
def test_killed_drafting_is_repaired_by_ledger_rebuild(suite: Path, step: str) -> None:
    db = build(suite.parent / "gaia_chat.db")
    run_killed(suite, step, ["from-session", "29c211c7", "--db", str(db)])
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert f"finished an interrupted draft of {DRAFT_ID}" in rebuilt.stderr
    assert (suite / DRAFT).exists() and record_path(suite / DRAFT).exists()
    assert _events(suite, DRAFT_ID, "import") == 1
    assert stray_files(suite) == []


def _review_args() -> list[str]:
    return ["review", "pdf_summary_loop", "--approve", "--reviewer", "bob"]


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("review", writes=1, removes=0))
def test_killed_review_loses_no_event(suite: Path, step: str) -> None:
    draft = write_pair(suite / "drafts")
    run_killed(suite, step, _review_args())
    _check_passes(suite)
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    reviews = len(load_record(record_path(draft)).reviews)
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert reviews == (1 if decided else 0)
    assert _events(suite, "pdf_summary_loop", "review") == reviews
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("run-record", writes=1, removes=0))
def test_killed_run_record_loses_no_event(suite: Path, step: str) -> None:
    draft = write_pair(suite / "drafts")
    card = scorecard(suite / "runs" / "strong", {"pdf_summary_loop": "PASS"})
    args = [
        "run-record",
        "pdf_summary_loop",
        "--scorecard",
        str(card),
        "--tier",
        "strong",
        "--model",
        "claude-opus-4",
    ]
    run_killed(suite, step, args)
    _check_passes(suite)
    # the command itself repairs too: rerunning it finishes the journal, then replaces the run
    again = run(suite, args)
    assert again.returncode == 0, again.stderr
    runs = load_record(record_path(draft)).runs
    assert len(runs) == 1
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert _events(suite, "pdf_summary_loop", "run") == (2 if decided else 1)
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("reject", writes=0, removes=2))
def test_killed_reject_leaves_draft_or_rejection(suite: Path, step: str) -> None:
    draft = write_pair(suite / "drafts")
    run_killed(suite, step, ["reject", "pdf_summary_loop", "--reason", "duplicate"])
    _check_passes(suite)
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert draft.exists() == (not decided)
    assert record_path(draft).exists() == (not decided)
    assert _events(suite, "pdf_summary_loop", "rejection") == (1 if decided else 0)
    history = list((suite / "intake-history").glob("*.intake-event.json"))
    assert len(history) == (1 if decided else 0)  # the committed history, all or none
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


# --- one writer per draft ---------------------------------------------------------------------


@pytest.mark.slow
def test_concurrent_drafters_of_one_session_one_draft_one_import(suite: Path) -> None:
    db = build(suite.parent / "gaia_chat.db")
    for _ in range(3):
        procs = [start(suite, ["from-session", "29c211c7", "--db", str(db)]) for _ in range(2)]
        outputs = [p.communicate(timeout=180) for p in procs]
        codes = sorted(p.returncode for p in procs)
        if codes == [0, 0]:
            pytest.fail(f"two drafters both wrote: {outputs}")
        assert _events(suite, DRAFT_ID, "import") == 1
        assert len(list((suite / "drafts").glob("*.yaml"))) == 1
        assert stray_files(suite) == []
    # after the first round the draft exists: later rounds are refused (busy, or exists)
    for _out, err in outputs:
        assert err.startswith(
            (
                "error: a draft with this id exists already (",
                f"error: this case is being drafted by another process ({DRAFT_ID})",
            )
        ), err


def test_a_drafter_meeting_a_held_lock_is_refused_with_exit_3(suite: Path) -> None:
    from intake.store.suite import draft_lock, lock_path

    db = build(suite.parent / "gaia_chat.db")
    settings = load_settings(suite)
    with draft_lock(settings, DRAFT_ID, doing="test"):
        done = run(suite, ["from-session", "29c211c7", "--db", str(db)])
    assert done.returncode == 3, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"error: this case is being drafted by another process ({DRAFT_ID})"
    )
    assert not (suite / DRAFT).exists()
    assert not lock_path(settings, DRAFT_ID).exists()
    assert list(lock_path(settings, DRAFT_ID).parent.iterdir()) == []


def test_lock_files_do_not_accumulate(suite: Path) -> None:
    from intake.errors import Conflict
    from intake.store.suite import draft_lock, lock_path

    settings = load_settings(suite)
    folder = lock_path(settings, "x").parent
    for n in range(5):
        with draft_lock(settings, f"case_{n}", doing="test"):
            assert lock_path(settings, f"case_{n}").exists()
            with pytest.raises(Conflict), draft_lock(settings, f"case_{n}", doing="test"):
                pass
        with pytest.raises(RuntimeError), draft_lock(settings, f"failing_{n}", doing="test"):
            raise RuntimeError("a failed command")
    assert list(folder.iterdir()) == []


def test_a_killed_holder_s_lock_file_is_removed_by_ledger_rebuild(suite: Path) -> None:
    from intake.store.suite import lock_path

    db = build(suite.parent / "gaia_chat.db")
    run_killed(suite, "draft:begin", ["from-session", "29c211c7", "--db", str(db)])
    settings = load_settings(suite)
    assert lock_path(settings, DRAFT_ID).exists()  # the kernel released it; the file stays
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert not lock_path(settings, DRAFT_ID).exists()
    assert SID  # the session the draft came from


# --- what check reports -----------------------------------------------------------------------


@pytest.mark.slow
def test_a_promotion_killed_before_its_event_is_reported_and_a_rerun_finishes_it(
    suite: Path,
) -> None:
    from tests.support.promote_helpers import make_ready

    make_ready(suite)
    # killed after the files moved, before the promotion event: one journal unit like the rest
    run_killed(suite, "promote:removed-record", ["promote", "pdf_summary_loop"])
    assert _events(suite, "pdf_summary_loop", "promotion") == 0
    done = run(suite, ["check"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert (
        ".intake/pending/pdf_summary_loop.json:1: warning: an interrupted promote of "
        "pdf_summary_loop is not finished; `intake ledger rebuild` finishes it"
    ) in done.stdout, done.stdout
    again = run(suite, ["promote", "pdf_summary_loop"])
    assert again.returncode == 0, again.stderr
    assert "finished an interrupted promote of pdf_summary_loop" in again.stderr + again.stdout
    assert _events(suite, "pdf_summary_loop", "promotion") == 1
    assert "interrupted" not in run(suite, ["check"]).stdout


def test_check_reports_stray_temporaries_and_rebuild_removes_them(suite: Path, runner) -> None:
    from intake.cli import app

    write_pair(suite / "drafts")
    stray = suite / "drafts" / ".pdf_summary_loop.yaml.k2j3h4.tmp"  # an older intake's temp
    stray.write_text("half a draft", encoding="utf-8")
    result = runner.invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert (
        "drafts/.pdf_summary_loop.yaml.k2j3h4.tmp:1: warning: temporary file of an interrupted "
        "write; `intake ledger rebuild` removes it"
    ) in result.stdout
    rebuilt = runner.invoke(app, ["ledger", "rebuild"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "removed a temporary file: drafts/.pdf_summary_loop.yaml.k2j3h4.tmp" in rebuilt.stderr
    assert not stray.exists()
    assert "temporary file" not in runner.invoke(app, ["check"]).stdout


def test_an_unreadable_journal_is_one_line(suite: Path, runner) -> None:
    from intake.cli import app

    write_pair(suite / "drafts")
    pending = suite / ".intake" / "pending"
    pending.mkdir(parents=True)
    (pending / "pdf_summary_loop.json").write_text("{half", encoding="utf-8")
    result = runner.invoke(app, _review_args())
    assert result.exit_code == 3, result.output
    assert result.stderr.splitlines()[0] == (
        "error: an interrupted command left a journal that cannot be read "
        "(.intake/pending/pdf_summary_loop.json)"
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "step", ["draft:journal-temp-written", "draft:placed-record", "draft:events-logged"]
)
def test_killed_from_issue_is_repaired_by_rerunning_it(suite: Path, step: str) -> None:
    import json

    saved = {
        "url": "https://api.github.com/repos/acme/agent/issues/5",
        "html_url": "https://github.com/acme/agent/issues/5",
        "number": 5,
        "title": "Chat loses context",
        "body": '1. Ask "hello"\n2. Ask "what did I just say?"\n\nExpected: it repeats hello',
        "labels": ["chat"],
        "comments": 0,
    }
    (suite / "issue.json").write_text(json.dumps(saved), encoding="utf-8")
    args = ["from-issue", "--json", "issue.json"]
    run_killed(suite, step, args)
    assert not list((suite / "drafts").glob(".*"))
    _check_passes(suite)
    again = run(suite, args)
    assert again.returncode == 0, again.stderr
    (draft,) = (suite / "drafts").glob("*.yaml")
    assert record_path(draft).exists()
    assert _events(suite, draft.stem, "import") == 1
    assert stray_files(suite) == []


def test_a_review_after_an_interrupted_rejection_finishes_it_and_refuses(
    suite: Path, runner
) -> None:
    from intake.cli import app

    draft = write_pair(suite / "drafts")
    run_killed(suite, "reject:journal-written", ["reject", "pdf_summary_loop", "--reason", "dup"])
    assert draft.exists()
    result = runner.invoke(app, _review_args())
    assert result.exit_code == 1, result.output
    assert result.stderr.splitlines()[0] == (
        "error: the draft disappeared (promoted or rejected meanwhile) (pdf_summary_loop)"
    )
    assert not draft.exists()
    assert _events(suite, "pdf_summary_loop", "rejection") == 1
    assert _events(suite, "pdf_summary_loop", "review") == 0


# --- adopt, revise, rename --------------------------------------------------------------------

LEGACY = """\
id: {id}
name: A legacy case  # a comment that must survive
category: rag_quality
persona: casual_user
setup:
  index_documents: []
turns:
  - turn: 1
    objective: Ask something long enough that a reflow would be noticed by a byte comparison.
    success_criteria: Answers it.
"""

ADOPT_IDS = ("case_one", "case_two")


def _adopt_args() -> list[str]:
    return [
        "adopt",
        "scenarios/rag_quality",
        "--source",
        "synthetic",
        "--reviewer",
        "alice",
        "--rationale",
        "Two facts sit in different sections.",
    ]


def _legacy_pair(suite: Path) -> None:
    folder = suite / "scenarios" / "rag_quality"
    folder.mkdir(parents=True, exist_ok=True)
    for scenario_id in ADOPT_IDS:
        (folder / f"{scenario_id}.yaml").write_text(LEGACY.format(id=scenario_id), "utf-8")


def _assert_adopted(suite: Path) -> None:
    for scenario_id in ADOPT_IDS:
        path = suite / "scenarios" / "rag_quality" / f"{scenario_id}.yaml"
        assert "source:\n  type: synthetic\n" in path.read_text(encoding="utf-8")
        record = load_record(record_path(path))
        assert record.adoption is not None and record.adoption.by == "alice"
        assert _events(suite, scenario_id, "adoption") == 1


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("adopt"))
def test_killed_adopt_is_repaired_by_rerunning_it(suite: Path, step: str) -> None:
    _git_init(suite)
    _legacy_pair(suite)
    run_killed(suite, step, _adopt_args())  # killed in the first file's unit
    first = suite / "scenarios" / "rag_quality" / "case_one.yaml"
    # the first file is as it was (with no record) or adopted whole; never one without the other
    adopted = "source:" in first.read_text(encoding="utf-8")
    assert adopted == record_path(first).exists() or step == "adopt:placed-record"
    assert not list((suite / "scenarios").rglob(".*"))
    report = _check_passes(suite)
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert ('"leftover"' in report) == (step not in ("adopt:begin", "adopt:done")), report

    again = run(suite, _adopt_args())
    assert again.returncode == 0, again.stderr
    if decided and step != "adopt:done":
        assert "finished an interrupted adopt of case_one" in again.stderr, again.stderr
    _assert_adopted(suite)
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)
    assert [p for p in git_untracked(suite) if not p.startswith(("scenarios/", "pyproject"))] == []


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("adopt")[2:-1])
def test_killed_adopt_is_repaired_by_ledger_rebuild(suite: Path, step: str) -> None:
    _legacy_pair(suite)
    run_killed(suite, step, _adopt_args())
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "finished an interrupted adopt of case_one" in rebuilt.stderr
    first = suite / "scenarios" / "rag_quality" / "case_one.yaml"
    assert record_path(first).exists() and "source:" in first.read_text(encoding="utf-8")
    assert _events(suite, "case_one", "adoption") == 1
    assert _events(suite, "case_two", "adoption") == 0  # never started: still to adopt
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)
    # and the same adopt, run again, adopts the rest
    assert run(suite, _adopt_args()).returncode == 0
    _assert_adopted(suite)


def _promoted(suite: Path, scenario_id: str = "done_case") -> Path:
    from intake.lifecycle.promote import promote
    from tests.support.promote_helpers import make_ready

    make_ready(suite, scenario_id)
    result = promote(load_settings(suite), scenario_id)
    assert result.destination is not None
    return result.destination


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("revise"))
def test_killed_revise_is_repaired_by_rerunning_it(suite: Path, step: str) -> None:
    scenario = _promoted(suite)
    raw = scenario.read_bytes()
    draft = suite / "drafts" / "done_case.yaml"
    run_killed(suite, step, ["revise", "done_case"])
    # the scenario is whole where it was, or the draft is whole; never neither
    assert (scenario.exists() and record_path(scenario).exists()) or (
        draft.exists() and record_path(draft).exists()
    )
    report = _check_passes(suite)
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert ('"leftover"' in report) == (step not in ("revise:begin", "revise:done")), report

    again = run(suite, ["revise", "done_case"])
    if step == "revise:done":  # killed after everything: the scenario is a draft already
        assert again.returncode == 2, again.stderr
    else:
        assert again.returncode == 0, again.stderr
        done = "finished an interrupted revise" if decided else "revised"
        assert again.stdout.startswith(f"{done} done_case: "), again.stdout
    assert not scenario.exists() and not record_path(scenario).exists()
    assert draft.read_bytes() == raw
    record = load_record(record_path(draft))
    assert record.promotion is None and len(record.revisions) == 1
    assert _events(suite, "done_case", "revision") == 1
    assert _events(suite, "done_case", "promotion") == 1
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("revise")[2:-1])
def test_killed_revise_is_repaired_by_ledger_rebuild(suite: Path, step: str) -> None:
    scenario = _promoted(suite)
    run_killed(suite, step, ["revise", "done_case"])
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "finished an interrupted revise of done_case" in rebuilt.stderr
    assert not scenario.exists() and not record_path(scenario).exists()
    assert record_path(suite / "drafts" / "done_case.yaml").exists()
    assert _events(suite, "done_case", "revision") == 1
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("revise")[2:-1])
def test_a_promote_after_a_killed_revise_finishes_the_revise_first(suite: Path, step: str) -> None:
    scenario = _promoted(suite)
    run_killed(suite, step, ["revise", "done_case"])
    done = run(suite, ["promote", "done_case"])
    draft = suite / "drafts" / "done_case.yaml"
    # the revise is finished first (never rolled back by promote's own recovery); the draft,
    # unchanged and still approved, may then be promoted again
    assert _events(suite, "done_case", "revision") == 1
    if done.returncode == 0:
        assert scenario.exists() and not draft.exists()
        assert _events(suite, "done_case", "promotion") == 2
    else:
        assert draft.exists() and not scenario.exists()
        assert _events(suite, "done_case", "promotion") == 1
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


def _renamable(suite: Path) -> Path:
    # a review first: its event is the history that must move to the new id, once
    draft = write_pair(suite / "drafts", "old_name")
    done = run(suite, ["review", "old_name", "--approve", "--reviewer", "bob"])
    assert done.returncode == 0, done.stderr
    return draft


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("rename"))
def test_killed_rename_is_repaired_by_rerunning_it(suite: Path, step: str) -> None:
    old = _renamable(suite)
    new = suite / "drafts" / "new_name.yaml"
    args = ["rename", "old_name", "new_name"]
    run_killed(suite, step, args)
    assert (old.exists() and record_path(old).exists()) or (
        new.exists() and record_path(new).exists()
    )
    report = _check_passes(suite)
    decided = step.split(":")[1] not in ("begin", "journal-temp-written")
    assert ('"leftover"' in report) == (step not in ("rename:begin", "rename:done")), report

    again = run(suite, args)
    if step == "rename:done":  # killed after everything: the old draft is gone
        assert again.returncode == 2, again.stderr
    else:
        assert again.returncode == 0, again.stderr
        done = "finished an interrupted rename" if decided else "renamed"
        assert again.stdout.startswith(f"{done} old_name -> new_name: "), again.stdout
    assert not old.exists() and not record_path(old).exists()
    assert "id: new_name\n" in new.read_text(encoding="utf-8")
    assert load_record(record_path(new)).id == "new_name"
    assert _events(suite, "new_name", "rename") == 1
    assert _events(suite, "new_name", "review") == 1  # the history moved, once
    with Ledger.open(load_settings(suite).ledger) as ledger:
        assert [e for e in ledger.history() if e.scenario_id == "old_name"] == []
        assert [r.id for r in ledger.items() if r.id in ("old_name", "new_name")] == ["new_name"]
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


@pytest.mark.slow
@pytest.mark.parametrize("step", crash_steps("rename")[2:-1])
def test_killed_rename_is_repaired_by_ledger_rebuild(suite: Path, step: str) -> None:
    old = _renamable(suite)
    run_killed(suite, step, ["rename", "old_name", "new_name"])
    rebuilt = run(suite, ["ledger", "rebuild"])
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "finished an interrupted rename of new_name" in rebuilt.stderr
    assert not old.exists() and record_path(suite / "drafts" / "new_name.yaml").exists()
    assert _events(suite, "new_name", "rename") == 1
    assert _events(suite, "new_name", "review") == 1
    assert stray_files(suite) == []
    assert '"leftover"' not in _check_passes(suite)


LONG_ID = "case_" + "x" * 70  # a valid id, but no plain identifier: journaled under a neutral name


@pytest.mark.slow
def test_killed_adopt_of_an_id_that_is_no_plain_identifier(suite: Path) -> None:
    from intake.store.journal import journal_path

    path = suite / "scenarios" / "rag_quality" / f"{LONG_ID}.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(LEGACY.format(id=LONG_ID), encoding="utf-8")
    run_killed(suite, "adopt:placed-record", _adopt_args())
    journal = journal_path(load_settings(suite), LONG_ID)
    assert journal.exists() and LONG_ID not in journal.name
    _check_passes(suite)
    again = run(suite, _adopt_args())
    assert again.returncode == 0, again.stderr
    assert record_path(path).exists() and "source:" in path.read_text(encoding="utf-8")
    assert _events(suite, LONG_ID, "adoption") == 1
    assert stray_files(suite) == []


def test_a_journal_named_after_its_id_by_an_older_intake_is_finished(suite: Path) -> None:
    from intake.store.journal import Event, Recovered, Unit, pending_dir, recover

    settings = load_settings(suite)
    draft = write_pair(suite / "drafts")
    unit = Unit(
        "reject",
        "pdf_summary_loop",
        removes=[draft, record_path(draft)],
        events=[Event("rejection", "drafts/pdf_summary_loop.yaml", None, {})],
    )
    old = pending_dir(settings) / f"{LONG_ID}.json"  # an older intake: the raw id
    old.parent.mkdir(parents=True)
    unit.scenario_id = LONG_ID
    old.write_text(unit.to_json(settings), encoding="utf-8")
    (step,) = recover(settings)
    assert step.kind is Recovered.finished and step.unit is not None
    assert step.unit.command == "reject"
    assert step.line == (
        f"finished an interrupted reject of {LONG_ID}: removed 2 files, logged 1 event"
    )
    assert not old.exists() and not draft.exists()
    assert _events(suite, LONG_ID, "rejection") == 1

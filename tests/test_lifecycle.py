"""``intake revise`` and ``intake rename``; the review rubric and its promotion gate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from intake.cli import app
from intake.config import load_settings
from intake.contract.models import Revision
from intake.lifecycle.promote import promote
from intake.lifecycle.revise import revise
from intake.store.ledger import Ledger
from intake.store.records import dump_record, load_record, record_path, utcnow
from tests.support.nightly_helpers import write_scenario
from tests.support.promote_helpers import edit, make_ready, write_pair


def _promoted(suite: Path, scenario_id: str = "done_case") -> Path:
    make_ready(suite, scenario_id)
    result = promote(load_settings(suite), scenario_id)
    assert result.destination is not None
    return result.destination


def test_revise_fix_review_and_repromote_without_new_runs(suite: Path, runner) -> None:
    dest = _promoted(suite)
    stamp = load_record(record_path(dest)).promotion
    result = runner.invoke(app, ["revise", "done_case"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "revised done_case: scenarios/tool_selection/done_case.yaml -> drafts/done_case.yaml "
        "(2 runs kept; edit it, get a review, then `intake promote`)\n"
    )
    draft = suite / "drafts" / "done_case.yaml"
    assert not dest.exists() and not record_path(dest).exists()
    record = load_record(record_path(draft))
    assert record.promotion is None
    assert record.revisions[-1].promotion == stamp, "the stamp is kept as history"
    # a description fix: the runs stay valid, the approval is stale
    edit(draft, "description: The agent repeats", "description: The agent keeps repeating")
    blocked = runner.invoke(app, ["promote", "done_case"])
    assert blocked.exit_code == 1
    assert "review" in blocked.output and "strong-run" not in blocked.stderr
    reviewed = runner.invoke(app, ["review", "done_case", "--approve", "--reviewer", "carol"])
    assert reviewed.exit_code == 0, reviewed.output
    again = runner.invoke(app, ["promote", "done_case"])
    assert again.exit_code == 0, again.output
    final = load_record(record_path(dest))
    assert final.promotion is not None and len(final.runs) == 2
    assert final.revisions[-1].promotion == stamp
    assert runner.invoke(app, ["check"]).exit_code == 0
    kinds = [
        e["kind"]
        for e in json.loads(runner.invoke(app, ["log", "done_case", "--format", "json"]).stdout)[
            "events"
        ]
    ]
    assert kinds.count("promotion") == 2 and "revision" in kinds


def test_runnable_change_voids_the_runs(suite: Path, runner) -> None:
    _promoted(suite)
    assert runner.invoke(app, ["revise", "done_case"]).exit_code == 0
    draft = suite / "drafts" / "done_case.yaml"
    edit(draft, "Summarize the Q3 report please.", "Summarise the Q3 report.")
    runner.invoke(app, ["review", "done_case", "--approve", "--reviewer", "carol"])
    blocked = runner.invoke(app, ["promote", "done_case"])
    assert blocked.exit_code == 1
    assert "strong-run" in blocked.output


def test_one_finder_one_message_for_each_miss_whichever_command_asks(suite: Path, runner) -> None:
    """``store.suite.find_scenario`` for quarantine, retire, revise, bugs link and a pull
    request's review: the same miss is the same line from each, and every distinction stays
    (no such id, a draft, retired, two files with one id, a file named so holding another id,
    no record; by path: outside the suite)."""
    from intake.errors import UsageError
    from intake.lifecycle.review import find_reviewed

    write_pair(suite / "drafts", "open_case")
    for sid in ("gone_case", "twin_case"):
        write_scenario(suite, sid)
    adopt = ["adopt", "scenarios/rag_quality", "--source", "synthetic", "--reviewer", "alice"]
    assert runner.invoke(app, adopt).exit_code == 0
    write_scenario(suite, "twin_case", category="memory")
    write_scenario(suite, "legacy_case", category="memory")
    named = write_scenario(suite, "short", category="memory")
    named.write_text(named.read_text().replace("id: short", "id: long_name"))
    retired = runner.invoke(app, ["retire", "gone_case", "--reason", "old", "--by", "alice"])
    assert retired.exit_code == 0, retired.output
    (suite / "elsewhere.yaml").write_text("id: elsewhere\n")
    misses = {
        "no_such": "no draft or scenario has this id (no_such)",
        "open_case": "a draft, not a promoted or adopted scenario (open_case)",
        "gone_case": "the scenario is retired (retired/rag_quality/gone_case.yaml)",
        "twin_case": "more than one scenario has this id; give its path "
        "(scenarios/memory/twin_case.yaml, scenarios/rag_quality/twin_case.yaml)",
        "short": "no scenario has this id; the file of this name holds the id long_name "
        "(scenarios/memory/short.yaml)",
        "legacy_case": "the scenario has no record (neither promoted nor adopted); adopt it "
        "first (scenarios/memory/legacy_case.yaml)\nhint: intake adopt PATH --source TYPE "
        "--reviewer LOGIN",
    }
    settings = load_settings(suite)
    for target, line in misses.items():
        for args in (
            ["quarantine", target, "--reason", "flaky", "--by", "alice"],
            ["retire", target, "--reason", "old", "--by", "alice"],
            ["revise", target, "--by", "alice"],
            ["bugs", "link", target, "amd/gaia#7", "--reviewer", "bob"],
        ):
            result = runner.invoke(app, args)
            assert (result.exit_code, result.stderr) == (2, f"error: {line}\n"), args
        if target not in ("open_case", "gone_case"):  # a review may be of a draft or retirement
            with pytest.raises(UsageError) as raised:
                find_reviewed(settings, target)
            assert f"{raised.value.message} ({raised.value.where})" == line.split("\n")[0]
    for target, line in {
        "elsewhere.yaml": "outside the suite's scenarios folder",
        "drafts/open_case.yaml": "a draft, not a promoted or adopted scenario",
        "scenarios/memory/none.yaml": "no such scenario file",
        "retired/rag_quality/gone_case.yaml": "the scenario is retired",
    }.items():
        result = runner.invoke(app, ["revise", target, "--by", "alice"])
        assert (result.exit_code, result.stderr) == (2, f"error: {line} ({target})\n")
    assert find_reviewed(settings, "gone_case")[1] == "gone_case"
    twin = suite / "scenarios" / "rag_quality" / "twin_case.yaml"  # by path: the adopted one
    assert find_reviewed(settings, "scenarios/rag_quality/twin_case.yaml") == (twin, "twin_case")


def test_revise_bad_input(suite: Path, runner) -> None:
    write_pair(suite / "drafts", "open_case")
    legacy = suite / "scenarios" / "cat" / "legacy_case.yaml"
    legacy.parent.mkdir(parents=True)
    legacy.write_text("id: legacy_case\n")
    cases = [
        (
            ["revise", "open_case"],
            "error: a draft, not a promoted or adopted scenario (open_case)\n",
        ),
        (
            ["revise", "drafts/open_case.yaml"],
            "error: a draft, not a promoted or adopted scenario (drafts/open_case.yaml)\n",
        ),
        (["revise", "no_such"], "error: no draft or scenario has this id (no_such)\n"),
        (["revise", "Bad Id!"], "error: not a scenario id or path (Bad Id!)\n"),
        (
            ["revise", "legacy_case"],
            "error: the scenario has no record (neither promoted nor adopted); adopt it first "
            "(scenarios/cat/legacy_case.yaml)\nhint: intake adopt PATH --source TYPE --reviewer "
            "LOGIN\n",
        ),
    ]
    for args, line in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr == line, args


def test_one_target_rule_for_promote_revise_and_rename(suite: Path, runner) -> None:
    """``store.suite.target_id``: the id these commands lock is a bare id or the stem of a path
    to ``<id>.yaml``; any other path names none and the finder's refusal is the message."""
    from intake.store.suite import target_id

    assert [target_id(t) for t in ("x", "dir/x.yaml", "x.yaml", "dir/x.json", "dir/x")] == [
        "x",
        "x",
        "x",
        None,
        None,
    ]
    assert [target_id(t) for t in ("x.json", "Bad Id!", "dir/Bad Id.yaml")] == [None] * 3
    write_pair(suite / "drafts", "x")
    for target in ("drafts/x.json", "drafts/x"):
        draft = "not a draft: a draft is a file named <id>.yaml"
        for args, line in (
            (["promote", target], draft),
            (["rename", target, "y"], draft),
            (["revise", target], "not a scenario: a scenario is a file named <id>.yaml"),
        ):
            result = runner.invoke(app, [*args, "--by", "alice"])
            assert (result.exit_code, result.stderr) == (2, f"error: {line} ({target})\n"), args


def test_revise_onto_an_existing_draft_is_refused(suite: Path, runner) -> None:
    dest = _promoted(suite)
    write_pair(suite / "drafts", "done_case")
    result = runner.invoke(app, ["revise", "done_case"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: a draft with this id exists already (drafts/done_case.yaml)\n"
        "hint: promote or reject it first, or rename it (intake rename)\n"
    )
    assert dest.exists() and record_path(dest).exists()


def test_revise_interrupted_after_its_commit_is_finished_by_a_rerun(suite: Path) -> None:
    """The state a kill between the commit (draft linked) and the removals leaves behind."""
    dest = _promoted(suite)
    settings = load_settings(suite)
    record = load_record(record_path(dest))
    moved = record.model_copy(
        update={
            "promotion": None,
            "revisions": [Revision(at=utcnow(), by="x", promotion=record.promotion)],
        }
    )
    raw = dest.read_bytes()
    draft = settings.drafts / "done_case.yaml"  # what an older intake's move committed
    record_path(draft).write_text(dump_record(moved), encoding="utf-8")
    draft.write_bytes(raw)
    result = revise(settings, "done_case", by="x")
    assert result.finished
    assert not dest.exists() and not record_path(dest).exists()
    draft = suite / "drafts" / "done_case.yaml"
    assert draft.read_bytes() == raw
    assert load_record(record_path(draft)).revisions[-1].promotion == record.promotion


def test_rename_moves_files_record_and_ledger_history(suite: Path, runner) -> None:
    make_ready(suite, "bad_name")
    result = runner.invoke(app, ["rename", "bad_name", "pdf_summary_loop"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(
        "renamed bad_name -> pdf_summary_loop: drafts/pdf_summary_loop.yaml ("
    )
    new = suite / "drafts" / "pdf_summary_loop.yaml"
    assert not (suite / "drafts" / "bad_name.yaml").exists()
    assert not (suite / "drafts" / "bad_name.intake.json").exists()
    assert "id: pdf_summary_loop\n" in new.read_text()
    record = load_record(record_path(new))
    assert record.id == "pdf_summary_loop" and len(record.runs) == 2
    with Ledger.open(load_settings(suite).ledger) as ledger:
        kinds = [e.kind for e in ledger.history("pdf_summary_loop")]
        old = [e for e in ledger.history() if e.scenario_id == "bad_name"]
    assert kinds[:2] == ["run", "run"] and kinds[-1] == "rename"
    assert old == []
    # runs are bound to the runnable part (no id): still valid; the approval is stale
    assert runner.invoke(app, ["promote", "pdf_summary_loop"]).exit_code == 1
    runner.invoke(app, ["review", "pdf_summary_loop", "--approve", "--reviewer", "carol"])
    assert runner.invoke(app, ["promote", "pdf_summary_loop"]).exit_code == 0


def test_rename_bad_input(suite: Path, runner) -> None:
    write_pair(suite / "drafts", "one")
    write_pair(suite / "drafts", "two")
    _promoted(suite, "done_case")
    before = (suite / "drafts" / "one.yaml").read_bytes()
    cases = [
        (
            ["rename", "one", "two"],
            "error: a draft or scenario with the new id exists already (drafts/two.yaml)\n",
        ),
        (
            ["rename", "one", "done_case"],
            "error: a draft or scenario with the new id exists "
            "already (scenarios/tool_selection/done_case.yaml)\n",
        ),
        (
            ["rename", "one", "../evil"],
            "error: not a valid id (lower-case letters, digits, - and "
            "_, at most 128; not a name Windows reserves, such as con or aux) (NEW_ID)\n",
        ),
        (["rename", "one", "one"], "error: the draft already has this id (one)\n"),
        (["rename", "missing", "three"], "error: no such draft (missing)\n"),
    ]
    for args, line in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr == line, args
    assert (suite / "drafts" / "one.yaml").read_bytes() == before


def test_rename_onto_the_id_of_a_scenario_under_another_file_name(suite: Path, runner) -> None:
    """GAIA's mcp_reliability/complex_conditional_tool.yaml has id mcp_conditional_tool."""
    write_pair(suite / "drafts", "one")
    legacy = suite / "scenarios" / "mcp_reliability" / "complex_conditional_tool.yaml"
    legacy.parent.mkdir(parents=True)
    legacy.write_text("id: mcp_conditional_tool\ncategory: mcp_reliability\n")
    before = (suite / "drafts" / "one.yaml").read_bytes()
    result = runner.invoke(app, ["rename", "one", "mcp_conditional_tool"])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        "error: a draft or scenario with the new id exists already "
        "(scenarios/mcp_reliability/complex_conditional_tool.yaml)\n"
    )
    assert (suite / "drafts" / "one.yaml").read_bytes() == before
    assert not (suite / "drafts" / "mcp_conditional_tool.yaml").exists()


def test_rubric_gate_and_report_distribution(suite: Path, runner) -> None:
    pyproject = suite / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "require_rubric = true\n")
    make_ready(suite, "done_case")  # approved by bob without a rubric
    blocked = runner.invoke(app, ["promote", "done_case"])
    assert blocked.exit_code == 1
    assert "rubric" in blocked.output
    partial = runner.invoke(
        app, ["review", "done_case", "--approve", "--reviewer", "bob", "--minutes", "5"]
    )
    assert partial.exit_code == 2
    assert partial.stderr == (
        "error: a rubric needs all three of --underspecified, --criteria and --minutes\n"
    )
    out_of_range = runner.invoke(
        app,
        [
            "review",
            "done_case",
            "--approve",
            "--reviewer",
            "bob",
            "--underspecified",
            "4",
            "--criteria",
            "0",
            "--minutes",
            "5",
        ],
    )
    assert out_of_range.exit_code == 2
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
    promoted = runner.invoke(app, ["promote", "done_case"])
    assert promoted.exit_code == 0, promoted.output
    report = json.loads(runner.invoke(app, ["report", "--format", "json"]).stdout)
    assert report["rubric"] == {
        "reviews": 1,
        "underspecified": {"0": 0, "1": 1, "2": 0, "3": 0},
        "criteria": {"0": 1, "1": 0, "2": 0, "3": 0},
        "median_minutes": 15.0,
    }
    assert report["entry"] == {"promoted": 1, "adopted": 0, "neither": 0}
    text = runner.invoke(app, ["report"]).stdout
    assert (
        "review rubric over 1 scenario: underspecified 0:0 1:1 2:0 3:0; criteria 0:1 1:0 2:0 "
        "3:0; median minutes 15" in text
    )


def test_rename_interrupted_after_its_commit_is_finished_by_a_rerun(suite: Path) -> None:
    """The state a kill between the commit (new draft linked) and the removals leaves."""
    from intake.lifecycle.revise import rename

    old = write_pair(suite / "drafts", "old_name")
    saved = {p: p.read_bytes() for p in (old, record_path(old))}
    settings = load_settings(suite)
    rename(settings, "old_name", "new_name", by="x")
    for path, raw in saved.items():
        path.write_bytes(raw)
    result = rename(settings, "old_name", "new_name", by="x")
    assert result.finished
    assert not old.exists() and not record_path(old).exists()
    assert load_record(record_path(suite / "drafts" / "new_name.yaml")).id == "new_name"


def test_a_typo_fixed_in_a_promoted_scenario_has_a_way_back(suite: Path, runner) -> None:
    dest = _promoted(suite)
    edit(dest, "description: The agent repeats", "description: The agent repeatedly calls")
    assert runner.invoke(app, ["check"]).exit_code == 1
    revised = runner.invoke(app, ["revise", "scenarios/tool_selection/done_case.yaml"])
    assert revised.exit_code == 0, revised.output
    draft = suite / "drafts" / "done_case.yaml"
    assert "The agent repeatedly calls" in draft.read_text(), "the edit travels with it"
    checked = runner.invoke(app, ["check"])
    assert checked.exit_code == 0, checked.output
    assert "draft drafts/done_case.yaml: unmet: review" in checked.stdout

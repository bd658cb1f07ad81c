"""``intake check``, ``intake promote --dry-run`` and ``intake validate`` give one verdict.

``check`` and ``promote`` build the promotion gates' inputs with one function
(``intake.lifecycle.promote.gather``; ``check`` hands it what its context has read), so under
every combination of the gate settings (``strong_pass_min``, ``saturation_pass_rate``,
``default_suite``, ``require_rubric``, ``require_control``) and every draft state drawn here,
the gates ``check`` reports for a draft are the ones ``promote --dry-run`` reports, met or
not, word for word. ``validate`` judges each file by the same rule (its record's standing,
``intake.contract.models.standing``): its problems are ``check``'s validation findings,
file by file, for drafts and for suite scenarios without a record, adopted (with and without
a ``difficulty_rationale``) or promoted; and ``validate --strict`` passes a draft exactly when
its ``valid`` gate is met. On GAIA's own repository after ``intake adopt``, ``validate`` and
``check`` agree too. Every command runs for real (the CLI, through ``CliRunner``) in a real
suite folder written per example.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from typer.testing import CliRunner

from intake.cli import app
from intake.contract.models import (
    Adoption,
    ControlRun,
    Evidence,
    Promotion,
    Record,
    RecordSource,
    Review,
    ReviewDecision,
    Rubric,
    Run,
    ScrubReport,
    SourceType,
    TurnEvidence,
)
from intake.contract.plain import RunTier
from intake.contract.yamlio import parse_checked
from intake.lifecycle.replay import replay_hash, replay_turns
from intake.store.records import content_hash, dump_record, record_path, runnable_hash
from tests.support.env import SUITE_PYPROJECT
from tests.support.promote_helpers import FINAL_YAML, PLACEHOLDER_YAML

T0 = datetime(2026, 11, 1, tzinfo=UTC)
STRONG_PASS_MIN = (1, 2, 3, 4)
SATURATION = (0.25, 0.5, 0.8, 1.0)
SUITES = ("capability", "regression")
BOOLS = (False, True)
GATE_SETTINGS = list(itertools.product(STRONG_PASS_MIN, SATURATION, SUITES, BOOLS, BOOLS))
"""Every combination of the gate settings the test draws from: 4 × 4 × 2 × 2 × 2 = 128."""

STATUSES = ("PASS", "FAIL", "INFRA_ERROR")
REVIEWS = ("none", "approve", "approve-rubric", "author", "changes", "stale")


@dataclass(frozen=True)
class DraftState:
    """One draft's state: its text, runs, review, control and whether its id is taken."""

    placeholder: bool
    strong: tuple[str, ...]
    local: tuple[str, ...]
    stale_runs: bool
    review: str
    captured: bool
    controls: tuple[str, ...]
    taken: bool


@dataclass(frozen=True)
class SuiteState:
    """A scenario in the suite: its record's standing, and which intake fields it carries."""

    standing: str
    """``none`` (GAIA's own), ``adopted``, ``promoted`` or ``unreadable`` (a broken record)."""
    rationale: bool
    source: bool


SUITE_STATES = st.builds(
    SuiteState,
    standing=st.sampled_from(("none", "adopted", "promoted", "unreadable")),
    rationale=st.booleans(),
    source=st.booleans(),
)


DRAFT_STATES = st.builds(
    DraftState,
    placeholder=st.booleans(),
    strong=st.lists(st.sampled_from(STATUSES), max_size=4).map(tuple),
    local=st.lists(st.sampled_from(STATUSES), max_size=5).map(tuple),
    stale_runs=st.booleans(),
    review=st.sampled_from(REVIEWS),
    captured=st.booleans(),
    controls=st.lists(st.sampled_from(STATUSES), max_size=2).map(tuple),
    taken=st.booleans(),
)


def _pyproject(combo: tuple[int, float, str, bool, bool]) -> str:
    strong_pass_min, saturation, suite, rubric, control = combo
    return SUITE_PYPROJECT + (
        f"strong_pass_min = {strong_pass_min}\n"
        f"saturation_pass_rate = {saturation}\n"
        f'default_suite = "{suite}"\n'
        f"require_rubric = {str(rubric).lower()}\n"
        f"require_control = {str(control).lower()}\n"
    )


def _runs(tier: str, statuses: tuple[str, ...], current: str, *, stale: bool) -> list[Run]:
    return [
        Run(
            tier=RunTier(tier),
            run_id=f"eval-{tier}-{i}",
            status=status,
            score=8.0 if status == "PASS" else 2.0,
            model=f"m-{tier}",
            runnable_hash="sha256:" + "e" * 64 if stale and i == 0 else current,
            at=T0 + timedelta(minutes=i),
            recorded_at=T0 + timedelta(minutes=i),
        )
        for i, status in enumerate(statuses)
    ]


def _reviews(kind: str, current: str) -> list[Review]:
    if kind == "none":
        return []
    reviewer = "drafter" if kind == "author" else "bob"
    decision = ReviewDecision.changes_requested if kind == "changes" else ReviewDecision.approve
    bound = "sha256:" + "d" * 64 if kind == "stale" else current
    rubric = Rubric(underspecified=1, criteria=2, minutes=5) if kind == "approve-rubric" else None
    return [Review(reviewer=reviewer, decision=decision, content_hash=bound, at=T0, rubric=rubric)]


def _write_draft(suite: Path, scenario_id: str, state: DraftState) -> None:
    text = (PLACEHOLDER_YAML if state.placeholder else FINAL_YAML).format(
        id=scenario_id, category="tool_selection"
    )
    draft = suite / "drafts" / f"{scenario_id}.yaml"
    draft.write_text(text, encoding="utf-8")
    current = runnable_hash(parse_checked(text.encode("utf-8")).data)
    record = Record(
        id=scenario_id,
        source=RecordSource(
            kind=SourceType.session,
            locator="gaia-session:1",
            captured_at=T0,
            intake_version="0.1.0",
        ),
        author="drafter",
        scrub=ScrubReport(scrubber_version="test", config_hash="sha256:" + "0" * 64),
        reviews=_reviews(state.review, content_hash(draft)),
        runs=_runs("strong", state.strong, current, stale=state.stale_runs)
        + _runs("local", state.local, current, stale=False),
        evidence=Evidence(turns=[TurnEvidence(turn=1, answer="I searched again and again.")])
        if state.captured
        else None,
    )
    replayed = replay_hash(replay_turns(record))
    record = record.model_copy(
        update={
            "controls": [
                ControlRun(
                    run_id=f"control-{i}",
                    status=status,
                    runnable_hash=current,
                    replay_hash=replayed,
                    at=T0,
                    recorded_at=T0,
                )
                for i, status in enumerate(state.controls)
            ]
        }
    )
    record_path(draft).write_text(dump_record(record), encoding="utf-8")
    if state.taken:
        folder = suite / "scenarios" / "tool_selection"
        folder.mkdir(parents=True, exist_ok=True)
        # a scenario whose file name differs from the id it holds (GAIA has such)
        (folder / f"other_{scenario_id}.yaml").write_text(
            FINAL_YAML.format(id=scenario_id, category="tool_selection"), encoding="utf-8"
        )


RATIONALE_LINE = (
    "difficulty_rationale: The file name is ambiguous and small models loop on search_file.\n"
)
SOURCE_LINES = (
    "source:\n  type: session\n  link: gaia-session:29c211c7-0000-4000-8000-000000000001\n"
)


def _write_scenario(suite: Path, scenario_id: str, state: SuiteState) -> None:
    """A suite scenario with or without a rationale and a source, and its record (if any)."""
    assert RATIONALE_LINE in FINAL_YAML and SOURCE_LINES in FINAL_YAML
    text = FINAL_YAML.format(id=scenario_id, category="tool_selection")
    if not state.rationale:
        text = text.replace(RATIONALE_LINE, "")
    if not state.source:
        text = text.replace(SOURCE_LINES, "")
    folder = suite / "scenarios" / "tool_selection"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{scenario_id}.yaml"
    path.write_text(text, encoding="utf-8")
    if state.standing == "none":
        return
    if state.standing == "unreadable":
        record_path(path).write_text("{not json", encoding="utf-8")
        return
    shown = f"scenarios/tool_selection/{scenario_id}.yaml"
    stamp: dict[str, Any] = (
        {"adoption": Adoption(at=T0, by="maintainer", content_hash=content_hash(path), path=shown)}
        if state.standing == "adopted"
        else {
            "promotion": Promotion(
                at=T0,
                by="maintainer",
                gates={},
                from_path=shown,
                to_path=shown,
                content_hash=content_hash(path),
            )
        }
    )
    record = Record(
        id=scenario_id,
        source=RecordSource(
            kind=SourceType.hand, locator=f"adopted:{shown}", captured_at=T0, intake_version="0.1.0"
        ),
        **stamp,
    )
    record_path(path).write_text(dump_record(record), encoding="utf-8")


@contextmanager
def _suite(
    combo: tuple[int, float, str, bool, bool],
    drafts: list[DraftState],
    scenarios: Sequence[SuiteState] = (),
) -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="gate-agreement-")) / "suite"
    try:
        (root / "scenarios").mkdir(parents=True)
        (root / "drafts").mkdir()
        (root / "pyproject.toml").write_text(_pyproject(combo), encoding="utf-8")
        for index, state in enumerate(drafts):
            _write_draft(root, f"case_{index}", state)
        for index, suite_state in enumerate(scenarios):
            _write_scenario(root, f"suite_{index}", suite_state)
        yield root
    finally:
        shutil.rmtree(root.parent, ignore_errors=True)


def _invoke(runner: CliRunner, suite: Path, *args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["--root", str(suite), *args])
    assert result.exit_code in (0, 1), (args, result.exit_code, result.stderr)
    doc: dict[str, Any] = json.loads(result.stdout)
    doc["exit_code"] = result.exit_code
    return doc


VALIDATION_CODES = ("adopted-no-rationale", "duplicate-id")


def _validation_findings(checked: dict[str, Any]) -> set[tuple[str, int, str, str, str]]:
    """``check``'s findings that come from validating the files, as ``validate`` names them."""
    return {
        (f["file"], f["line"], f["severity"], f["code"].removeprefix("validate:"), f["message"])
        for f in checked["findings"]
        if f["code"].startswith("validate:") or f["code"] in VALIDATION_CODES
    }


def _problems(validated: dict[str, Any]) -> set[tuple[str, int, str, str, str]]:
    return {
        (p["file"], p["line"], p["severity"], p["code"], p["message"])
        for p in validated["problems"]
    }


def _validate_agrees(runner: CliRunner, suite: Path, checked: dict[str, Any]) -> None:
    """``validate`` reports ``check``'s validation findings, and ``validate --strict`` on a
    draft passes exactly when ``check`` says its ``valid`` gate is met. (``validate`` shows
    paths from the working folder, as a user runs it: in the suite.)"""
    with contextlib.chdir(suite):
        validated = _invoke(runner, suite, "validate", "--format", "json")
    assert _problems(validated) == _validation_findings(checked)
    errors = sum(p[2] == "error" for p in _problems(validated))
    assert errors == sum(f[2] == "error" for f in _validation_findings(checked))
    for judged in checked["drafts"]:
        strict = _invoke(
            runner,
            suite,
            "validate",
            "--strict",
            "--format",
            "json",
            str(suite / "drafts" / f"{judged['id']}.yaml"),
        )
        (valid,) = [g for g in judged["gates"] if g["name"] == "valid"]
        assert valid["met"] is (strict["errors"] == 0), (judged["id"], strict["problems"])


GRID_DRAFTS = [
    DraftState(False, ("PASS", "FAIL"), ("FAIL",), False, "approve", False, (), False),
    DraftState(
        False,
        ("PASS",) * 3,
        ("PASS", "PASS", "FAIL", "FAIL"),
        False,
        "approve-rubric",
        True,
        (),
        False,
    ),
    DraftState(False, ("PASS",) * 4, ("PASS",), False, "approve", True, ("PASS",), False),
    DraftState(
        False,
        ("PASS", "INFRA_ERROR", "PASS"),
        ("FAIL", "PASS"),
        False,
        "author",
        True,
        ("FAIL",),
        False,
    ),
    DraftState(True, ("PASS",), ("FAIL",), True, "stale", False, (), True),
]
"""Drafts on which each gate setting decides some gate: one strong pass in two runs
(``strong_pass_min``, ``default_suite``), a 50% and a 100% local rate
(``saturation_pass_rate``), a rubric (``require_rubric``), captured answers with no control
and with a passing one (``require_control``), the author's own approval, and a placeholder
draft whose id is taken."""


@pytest.mark.slow
def test_every_combination_of_the_gate_settings_gives_one_verdict() -> None:
    """All 128 combinations of the gate settings, each over the same five drafts: ``check``
    and ``promote --dry-run`` agree on every gate of every draft, and the settings matter
    (the gates differ between combinations)."""
    assert len(GATE_SETTINGS) == len(set(GATE_SETTINGS)) == 128
    runner = CliRunner()
    seen: set[str] = set()
    with _suite(GATE_SETTINGS[0], GRID_DRAFTS) as suite:
        for combo in GATE_SETTINGS:
            (suite / "pyproject.toml").write_text(_pyproject(combo), encoding="utf-8")
            checked = _invoke(runner, suite, "check", "--format", "json")
            assert len(checked["drafts"]) == len(GRID_DRAFTS)
            for judged in checked["drafts"]:
                promoted = _invoke(
                    runner, suite, "promote", judged["id"], "--dry-run", "--format", "json"
                )
                assert judged["gates"] == promoted["gates"], (combo, judged["id"])
                assert judged["ready"] is not promoted["blocked"], (combo, judged["id"])
            seen.add(json.dumps([d["gates"] for d in checked["drafts"]], sort_keys=True))
    assert len(seen) >= 64, "the settings decide gates on these drafts (68 of 128 differ)"


@pytest.mark.slow
@hsettings(
    max_examples=160,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    combo=st.sampled_from(GATE_SETTINGS),
    drafts=st.lists(DRAFT_STATES, min_size=1, max_size=3),
    scenarios=st.lists(SUITE_STATES, max_size=3),
)
def test_check_and_promote_dry_run_give_one_verdict(
    combo: tuple[int, float, str, bool, bool],
    drafts: list[DraftState],
    scenarios: list[SuiteState],
) -> None:
    runner = CliRunner()
    with _suite(combo, drafts, scenarios) as suite:
        checked = _invoke(runner, suite, "check", "--format", "json")
        _validate_agrees(runner, suite, checked)
        by_id = {d["id"]: d for d in checked["drafts"]}
        assert sorted(by_id) == [f"case_{i}" for i in range(len(drafts))]
        for scenario_id, judged in by_id.items():
            promoted = _invoke(
                runner, suite, "promote", scenario_id, "--dry-run", "--format", "json"
            )
            assert promoted["dry_run"] is True and promoted["promoted"] is False
            assert judged["gates"] == promoted["gates"], (combo, scenario_id)
            assert judged["ready"] is not promoted["blocked"], (combo, scenario_id)


def test_check_hears_gaias_validator_in_a_drafts_gates_as_promote_does(
    suite: Path, tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GAIA importable (a stand-in whose ``validate_scenario`` rejects ``agent_type``): the
    valid gate ``check`` reports for the draft carries GAIA's message, as ``promote
    --dry-run``'s does (the check side used to skip GAIA's validator)."""
    from tests.support import gaia_install
    from tests.support.gaia_runs import (
        REJECT_AGENT_TYPE,
        fake_gaia_package,
        with_agent_type,
        write_corpus,
    )

    write_corpus(suite / "eval" / "corpus", [])
    path = fake_gaia_package(tmp_path / "gaia-pkg", suite, REJECT_AGENT_TYPE)
    monkeypatch.setenv(
        "INTAKE_GAIA_PYTHON", str(gaia_install.environment(tmp_path / "gaia-env", path))
    )
    with_agent_type(suite)
    checked = _invoke(runner, suite, "check", "--format", "json")
    (judged,) = checked["drafts"]
    promoted = _invoke(runner, suite, "promote", judged["id"], "--dry-run", "--format", "json")
    assert judged["gates"] == promoted["gates"]
    (valid,) = [g for g in judged["gates"] if g["name"] == "valid"]
    assert not valid["met"]
    assert "GAIA's validate_scenario" in valid["detail"]
    assert "agent_type is not a scenario key" in valid["detail"]


@pytest.mark.slow  # GAIA's 91 files exported, adopted, checked: 5-8 s on 2 cores
def test_on_gaias_repository_after_adopt_validate_and_check_agree(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GAIA's files at the corpus commit, ``intake init`` and ``intake adopt`` over its 91
    scenarios (none has a ``difficulty_rationale``): ``validate`` passed none of them (91
    errors) while ``check`` passed with warnings; now both pass, with the same 91 warnings,
    and ``validate --strict`` still makes each one an error."""
    from tests.support import gaia_install
    from tests.support.trust_repo import git

    if not gaia_install.mirror_present():
        pytest.skip("GAIA's mirror (and git to read it) not present")
    tree = gaia_install.export(
        tmp_path / "gaia", "eval/scenarios", "eval/corpus", "pyproject.toml", ".gitattributes"
    )
    git(tree, "init", "-q", "-b", "main")
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "GAIA at the corpus commit")
    monkeypatch.chdir(tree)
    monkeypatch.setenv("INTAKE_BACKEND_URL", "http://127.0.0.1:9")  # no Agent UI here
    assert runner.invoke(app, ["init"]).exit_code == 0
    adopted = runner.invoke(
        app, ["adopt", "eval/scenarios", "--source", "hand", "--reviewer", "maintainer"]
    )
    assert adopted.exit_code == 0 and "91 adopted" in adopted.output, adopted.output
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "intake: configure, adopt the scenarios")

    checked = _invoke(runner, tree, "check", "--format", "json")
    validated = _invoke(runner, tree, "validate", "--format", "json")
    assert checked["exit_code"] == validated["exit_code"] == 0
    assert validated["files"] == 91 and validated["errors"] == 0
    assert _problems(validated) == _validation_findings(checked)
    assert {p[3] for p in _problems(validated)} == {"adopted-no-rationale"}
    assert len(_problems(validated)) == 91
    strict = _invoke(runner, tree, "validate", "--strict", "--format", "json")
    assert strict["exit_code"] == 1 and strict["errors"] >= 91

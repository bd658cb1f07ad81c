"""``intake controls export DIR``: judge-calibration controls from the promoted cases.

Every promoted case drawn from real use carries two labelled transcripts for free: the captured
failure (a reviewer read it and approved criteria it fails: label FAIL) and a strong run that
passed (label PASS). Each becomes one JSON file, plus ``index.json``; the format is in
``docs/controls.md``. Every document is scrubbed before it is written (the passing run's
transcript comes from GAIA's scorecard, which intake never scrubbed); each file is written
atomically, the index last. A control whose criteria hash no longer matches the scenario is
written with ``"current": false`` (stale), never as current.

Every path written is confined to the export folder: a control's file name is made from the
record's id only when that id is a scenario id (``ID_PATTERN``: no separator of either system,
no ``..``, no drive or UNC form, no name Windows reserves), else the case is left out with a
note that does not repeat the id; each target is checked to be a direct child of the folder,
and an existing link there is replaced, never followed (``atomic_write`` renames over it).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, JsonValue

from intake.config import Settings
from intake.contract.models import ControlRun, Record, ReviewDecision, Run, windows_name_problem
from intake.contract.plain import ID_PATTERN, JUDGED_STATUSES, RunTier
from intake.contract.yamlio import YamlProblem, parse_checked
from intake.errors import IntakeError, UsageError
from intake.fileio import atomic_write
from intake.lifecycle.gates import current_controls, latest_reviews, latest_run
from intake.lifecycle.promote import criteria_hash
from intake.lifecycle.replay import captured_turns, replay_turns
from intake.lifecycle.runs.results import classify, entry_index, read_json_file
from intake.paths import display_path, inside
from intake.scrub import scrub_tree, scrubber_for
from intake.store.records import (
    content_hash,
    iter_scenarios,
    load_record,
    record_path,
    runnable_hash,
    utcnow,
)

EXPORT_VERSION = 1
INDEX_NAME = "index.json"


class ControlTool(BaseModel):
    """A tool call of a transcript turn (a passing run's scorecard names only the tool)."""

    tool: str
    arguments: str | None = None
    result: str | None = None
    outcome: str | None = None


class ControlTurn(BaseModel):
    """One transcript turn; a passing run's values are its scorecard's, as GAIA wrote them."""

    turn: Any
    user_message: Any
    answer: Any
    tools: list[ControlTool]


class _CardTurn(BaseModel):
    """A turn of a scorecard's entry as the PASS transcript reads it: GAIA's values as written
    (a field that is missing is None)."""

    turn: Any = None
    user_message: Any = None
    agent_response: Any = None
    agent_tools: Any = None


class Verdict(BaseModel):
    """A judge's verdict on the control's transcript."""

    run_id: str
    status: str
    score: float | None
    judge: str | None
    at: str


class Control(BaseModel):
    """One labelled control file (``docs/controls.md``): fields left unset are not written."""

    export_version: int = EXPORT_VERSION
    scenario_id: str
    scenario: str
    category: Any
    suite: str | None
    criteria_hash: str | None
    current_criteria_hash: str
    current: bool
    label: Literal["FAIL", "PASS"]
    transcript_kind: str
    run_id: str | None = None
    model: str | None = None
    labelled_by: list[str]
    labelled_at: str
    labelled_how: str
    turns: list[ControlTurn]
    verdicts: list[Verdict]

    def document(self) -> dict[str, JsonValue]:
        """The file's JSON, before scrubbing."""
        return self.model_dump(mode="json", exclude_unset=True)


class IndexEntry(BaseModel):
    """A written control as ``index.json`` lists it (the scrubbed file's values)."""

    file: str
    scenario_id: str
    label: str
    criteria_hash: str | None
    current: bool


@dataclass
class ExportResult:
    """What was written and what was left out (and why)."""

    written: list[IndexEntry] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scrubbed: dict[str, int] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        """FAIL and PASS controls written, and how many are stale."""
        return {
            "FAIL": sum(e.label == "FAIL" for e in self.written),
            "PASS": sum(e.label == "PASS" for e in self.written),
            "stale": sum(not e.current for e in self.written),
        }


def _labelled_hash(record: Record, path: Path, current: str) -> str | None:
    """The criteria hash the labels were given against (the stamp's, or the file as stamped)."""
    stamp = record.promotion
    if stamp is None:
        return None
    if stamp.criteria_hash is not None:
        return stamp.criteria_hash
    return current if stamp.content_hash == content_hash(path) else None


def _reviewers(record: Record) -> list[str]:
    return sorted(
        r.reviewer
        for r in latest_reviews(record.reviews).values()
        if r.decision is ReviewDecision.approve
    )


CAPTURED: dict[str, Any] = {
    "turn": True,
    "user_message": True,
    "answer": True,
    "tools": {"__all__": set(ControlTool.model_fields)},
}
"""What a FAIL control's transcript keeps of each captured turn (``TurnEvidence``)."""


def _fail_transcript(record: Record) -> list[ControlTurn]:
    return [
        ControlTurn.model_validate(t.model_dump(mode="json", include=CAPTURED))
        for t in captured_turns(record)
    ]


def _passing_run(record: Record, current: str) -> Run | None:
    return latest_run(
        [
            r
            for r in record.runs
            if r.tier is RunTier.strong and r.status == "PASS" and r.runnable_hash == current
        ]
    )


def _run_transcript(settings: Settings, run: Run, scenario_id: str) -> list[ControlTurn] | None:
    """The passing run's turns from its scorecard in the suite; None when it is not there."""
    if run.scorecard_path is None:
        return None
    card = settings.root / run.scorecard_path
    if not inside(card, settings.root) or not card.is_file():
        return None
    try:  # read as run-record read it when it recorded the run (``runs.results``)
        doc = read_json_file(card, "scorecard")
        if classify(doc) != "runner":
            return None
        turns = doc["scenarios"][entry_index(doc, scenario_id, card)].get("turns")
    except IntakeError:
        return None
    if not isinstance(turns, list):
        return None
    read = [_CardTurn.model_validate(t) for t in turns if isinstance(t, dict)]
    return [
        ControlTurn(
            turn=t.turn,
            user_message=t.user_message,
            answer=t.agent_response,
            tools=[ControlTool(tool=name) for name in t.agent_tools or [] if isinstance(name, str)],
        )
        for t in read
    ]


def _verdict(run: Run | ControlRun) -> Verdict:
    return Verdict(
        run_id=run.run_id,
        status=run.status,
        score=run.score,
        judge=run.judge_model,
        at=run.at.isoformat(timespec="seconds"),
    )


class Case(NamedTuple):
    """A promoted case as its controls are made: its file and record, and its scenario's
    content as it stands (``criteria_hash``, ``runnable_hash``, ``category`` as written)."""

    path: Path
    record: Record
    criteria_hash: str
    runnable_hash: str
    category: Any


def case_controls(settings: Settings, case: Case) -> tuple[list[Control], list[str]]:
    """The labelled controls of one promoted case (unscrubbed), and notes on what is missing."""

    path, record, current_criteria, runnable, _ = case
    assert record.promotion is not None
    scenario_id = record.id
    labelled = _labelled_hash(record, path, current_criteria)
    control = partial(
        Control,
        export_version=EXPORT_VERSION,
        scenario_id=scenario_id,
        scenario=display_path(path, settings.root),
        category=case.category,
        suite=record.promotion.suite.value if record.promotion.suite else None,
        criteria_hash=labelled,
        current_criteria_hash=current_criteria,
        current=labelled == current_criteria,
    )
    controls: list[Control] = []
    notes: list[str] = []
    if replay_turns(record):
        controls.append(
            control(
                label="FAIL",
                transcript_kind="captured_failure",
                labelled_by=_reviewers(record),
                labelled_at=record.promotion.at.isoformat(timespec="seconds"),
                labelled_how="reviewers approved criteria for the captured failure",
                turns=_fail_transcript(record),
                verdicts=[
                    _verdict(c)
                    for c in current_controls(record, runnable)
                    if c.status in JUDGED_STATUSES
                ],
            )
        )
    else:
        notes.append(f"{scenario_id}: no captured answer, no FAIL control")
    run = _passing_run(record, runnable)
    turns = _run_transcript(settings, run, scenario_id) if run is not None else None
    if run is not None and turns is not None:
        controls.append(
            control(
                label="PASS",
                transcript_kind="strong_run",
                run_id=run.run_id,
                model=run.model,
                labelled_by=[run.judge_model or "GAIA's judge"],
                labelled_at=run.at.isoformat(timespec="seconds"),
                labelled_how="GAIA's judge passed a strong run; the promotion's reviewers "
                f"approved the case ({', '.join(_reviewers(record)) or 'no reviewer recorded'})",
                turns=turns,
                verdicts=[_verdict(run)],
            )
        )
    else:
        notes.append(
            f"{scenario_id}: no passing strong run with its scorecard in the suite, no PASS control"
        )
    return controls, notes


def export_name(record_id: str, label: str) -> str | None:
    """``<id>.<label>.json``, or None when the id could name anything but one file in the
    export folder (``../x``, ``/abs``, ``C:x``, ``\\\\host\\share``, ``con``…)."""
    if re.fullmatch(ID_PATTERN, record_id) is None:
        return None
    name = f"{record_id}.{label.lower()}.json"
    return None if windows_name_problem(name) else name


def _confined(folder: Path, name: str) -> Path:
    target = folder / name
    if target.parent != folder or target.name != name:
        raise IntakeError("an export path left the export folder", where=str(folder))
    return target


def _promoted(settings: Settings) -> list[Case]:

    found = []
    for path in iter_scenarios(settings.scenarios):
        rec = record_path(path)
        if not rec.is_file():
            continue
        try:
            record = load_record(rec)
            data = parse_checked(path.read_bytes()).data
        except (UsageError, YamlProblem, OSError):
            continue
        if record.promotion is None or record.source.private:
            continue
        found.append(
            Case(path, record, criteria_hash(data), runnable_hash(data), data.get("category"))
        )
    return found


def export_controls(settings: Settings, folder: Path) -> ExportResult:
    """Write every promoted case's labelled controls and ``index.json`` into ``folder``."""

    if folder.exists() and not folder.is_dir():
        raise UsageError("the export folder is a file", where=str(folder))
    for inner in (settings.scenarios, settings.drafts):
        if inside(folder, inner):
            raise UsageError(
                "export outside scenarios/ and drafts/ (GAIA would load it)",
                where=display_path(folder, settings.root),
            )
    engine = scrubber_for(settings)
    result = ExportResult()
    documents: list[tuple[str, Control]] = []
    for case in _promoted(settings):
        record = case.record
        if export_name(record.id, "fail") is None:
            result.notes.append(
                f"{display_path(case.path, settings.root)}: its record's id is not a scenario id "
                "(not shown), no control exported"
            )
            continue
        controls, notes = case_controls(settings, case)
        result.notes.extend(notes)
        for control in controls:
            clean, report = scrub_tree(control.document(), scrubber=engine)
            for kind, count in report.counts.items():
                result.scrubbed[kind] = result.scrubbed.get(kind, 0) + count
            name = export_name(record.id, control.label)
            assert name is not None
            documents.append((name, Control.model_validate(clean)))  # the scrubbed values
    folder.mkdir(parents=True, exist_ok=True)
    for name, scrubbed in documents:
        text = json.dumps(scrubbed.document(), indent=2, ensure_ascii=False) + "\n"
        atomic_write(_confined(folder, name), text)
        listed = scrubbed.model_dump(include=set(IndexEntry.model_fields))
        result.written.append(IndexEntry(file=name, **listed))
    index = {
        "export_version": EXPORT_VERSION,
        "exported_at": utcnow().isoformat(timespec="seconds"),
        "controls": [e.model_dump() for e in result.written],
        "counts": result.counts(),
    }
    text = json.dumps(index, indent=2, ensure_ascii=False) + "\n"
    atomic_write(_confined(folder, INDEX_NAME), text)
    return result

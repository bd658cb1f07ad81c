"""A suite scenario's lifecycle with reasons: ``intake quarantine`` and ``intake retire``.

A quarantine is the tag ``quarantined`` in the scenario (GAIA's runner still runs it; the
health report and the provenance report count it) and a ``LifecycleChange`` in its record;
``--lift`` takes both back. A retirement moves the scenario and its record out of the folder
GAIA's runner reads (``retired_dir``, default ``retired/``; GAIA's layout ``eval/retired``):
the runner scans only its scenarios folder (amd/gaia ``src/gaia/eval/runner.py``,
docs/gaia-formats.md#runner), so the case stops running, while its record, runs and ledger
history stay and the reports list it as retired.

Both are changes to the suite like any other: one journal unit each (the file, the record and
a ledger event), committed and reviewed in a pull request. The promotion (or adoption) stamp
moves to the file the change wrote, and the change keeps the hash it replaced, so ``intake
check`` tells a quarantine intake wrote from a hand edit (``intake.check.lifecycle``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from intake.config import Settings
from intake.contract.models import LifecycleChange, LifecycleState, Record
from intake.contract.yamlio import with_tags
from intake.errors import Conflict, UsageError
from intake.paths import display_path
from intake.store.details import QuarantineDetail, RetireDetail
from intake.store.edit import edit
from intake.store.journal import Event
from intake.store.records import (
    check_id,
    content_hash,
    load_record,
    record_path,
    record_text,
    safe_child,
    sha256_bytes,
    utcnow,
)
from intake.store.suite import (
    change_actor,
    find_scenario,
    recorded_reason,
    refuse_outside_root,
)

QUARANTINE_TAG = "quarantined"


@dataclass
class LifecycleResult:
    """What a quarantine or retirement did."""

    scenario_id: str
    state: LifecycleState
    path: Path
    notes: list[str] = field(default_factory=list)


def state_of(record: Record) -> LifecycleState:
    """The scenario's current lifecycle state (active without a change)."""
    return record.lifecycle[-1].state if record.lifecycle else LifecycleState.active


def with_one_tag(raw: bytes, group: Collection[str], tag: str | None) -> bytes:
    """The scenario's bytes with ``tag`` as its one tag of ``group`` (appended; none with None):
    its split tag, its suite tag, the quarantine tag. Every other byte is kept
    (``intake.contract.yamlio.with_tags``: BOM and CRLF kept)."""
    return with_tags(raw, lambda tags: [*[t for t in tags if t not in group], *filter(None, [tag])])


def with_stamp_moved(record: Record, before: str, after: str, where: str) -> Record:
    """The record with its promotion or adoption stamp moved from ``before`` to ``after``."""
    if record.promotion is not None:
        if record.promotion.content_hash != before:
            raise Conflict(
                "the scenario differs from its promotion stamp; fix that first "
                "(`intake check` says how)",
                where=where,
            )
        promotion = record.promotion.model_copy(update={"content_hash": after})
        return record.model_copy(update={"promotion": promotion})
    if record.adoption is not None:
        if record.adoption.content_hash != before:
            raise Conflict(
                "the scenario differs from what was adopted; fix that first", where=where
            )
        adoption = record.adoption.model_copy(update={"content_hash": after})
        return record.model_copy(update={"adoption": adoption})
    raise UsageError("the scenario's record has no promotion or adoption stamp", where=where)


def retagged(
    path: Path, record: Record, group: Collection[str], tag: str | None, where: str
) -> tuple[Record, bytes, str, str]:
    """A suite scenario's tags rewritten in place (``with_one_tag``: a quarantine, a lift, a
    split tag) and its record's stamp moved to the new bytes: the record, the new bytes, the
    hash before and after."""
    new = with_one_tag(path.read_bytes(), group, tag)
    before, after = content_hash(path), sha256_bytes(new)
    return with_stamp_moved(record, before, after, where), new, before, after


def quarantine(
    settings: Settings,
    scenario_id: str,
    reason: str,
    *,
    by: str | None = None,
    lift: bool = False,
) -> LifecycleResult:
    """Tag the scenario ``quarantined`` (or take the tag back with ``lift``), with a reason."""
    notes: list[str] = []
    check_id(scenario_id)
    what = "lifting a quarantine" if lift else "a quarantine"
    why = recorded_reason(settings, reason, notes, needed_for=what)
    who = change_actor(settings, by)
    with edit(settings, scenario_id, doing="quarantine") as tx:
        notes += tx.recovered
        path = find_scenario(settings, scenario_id)
        where = display_path(path, settings.root)
        rec = record_path(path)
        record = load_record(rec)
        state = state_of(record)
        if lift and state is not LifecycleState.quarantined:
            raise UsageError("the scenario is not quarantined", where=where)
        if not lift and state is LifecycleState.quarantined:
            raise UsageError("the scenario is already quarantined", where=where)
        tag = None if lift else QUARANTINE_TAG
        record, new, before, after = retagged(path, record, {QUARANTINE_TAG}, tag, where)
        new_state = LifecycleState.active if lift else LifecycleState.quarantined
        _add_change(record, new_state, why, who, after, before, where)
        event = Event(
            "unquarantine" if lift else "quarantine",
            where,
            who,
            QuarantineDetail(reason=why, content_hash=after, before_hash=before),
        )
        texts = (record_text(record, rec), new.decode("utf-8"))
        tx.commit_scenario("quarantine", scenario_id, path, texts, event)
    return LifecycleResult(scenario_id, new_state, path, notes)


def _add_change(
    record: Record, state: LifecycleState, why: str, who: str, after: str, before: str, path: str
) -> None:
    """A lifecycle change appended to ``record``: ``state`` from now, the hashes around it."""
    change = LifecycleChange(
        state=state,
        reason=why,
        by=who,
        at=utcnow(),
        content_hash=after,
        before_hash=before,
        path=path,
    )
    record.lifecycle = [*record.lifecycle, change]


def retire(
    settings: Settings, scenario_id: str, reason: str, *, by: str | None = None
) -> LifecycleResult:
    """Move the scenario and its record to ``retired_dir/<category>/``, with a reason."""
    notes: list[str] = []
    check_id(scenario_id)
    why = recorded_reason(settings, reason, notes, needed_for="a retirement")
    who = change_actor(settings, by)
    refuse_outside_root(settings, settings.retired, what="the retired folder")
    with edit(settings, scenario_id, doing="retire") as tx:
        notes += tx.recovered
        path = find_scenario(settings, scenario_id)
        where = display_path(path, settings.root)
        category = path.parent.name if path.parent != settings.scenarios else "uncategorised"
        dest = safe_child(settings.retired, category) / path.name
        rec = record_path(path)
        record = load_record(rec)
        if dest.exists() or dest.is_symlink():
            raise Conflict(
                "a retired scenario with this id exists", where=display_path(dest, settings.root)
            )
        raw = path.read_bytes()
        before = content_hash(path)
        record = with_stamp_moved(record, before, before, where)
        shown = display_path(dest, settings.root)
        _add_change(record, LifecycleState.retired, why, who, before, before, shown)
        detail: RetireDetail = {"reason": why, "from": where}
        event = Event("retire", shown, who, detail)
        texts = (record_text(record, rec), raw.decode("utf-8"))
        tx.commit_scenario("retire", scenario_id, dest, texts, event, moved_from=path)
    return LifecycleResult(scenario_id, LifecycleState.retired, dest, notes)

"""Each ledger event kind's detail has one declared shape (``intake.store.details``): what the
commands write is exactly that shape, and a reader takes only the part it needs, checked, so
an older or hand-made row that lacks it reads as nothing rather than failing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal, TypedDict, is_typeddict

import intake.store.details as details
from intake.config import load_settings
from intake.contract.models import Run
from intake.lifecycle.promote import promote, reject
from intake.lifecycle.quarantine import quarantine
from intake.lifecycle.revise import revise
from intake.store.details import (
    PromotionDetail,
    QuarantineDetail,
    RejectionDetail,
    ReviewDetail,
    RevisionDetail,
    RevisionKept,
    Stamped,
    Tiered,
    part_of,
)
from intake.store.ledger import Event, Ledger
from tests.support.promote_helpers import make_ready, write_pair

SHAPES: dict[str, type] = {
    "review": ReviewDetail,
    "promotion": PromotionDetail,
    "quarantine": QuarantineDetail,
    "unquarantine": QuarantineDetail,
    "revision": RevisionDetail,
    "rejection": RejectionDetail,
}


def test_every_event_a_flow_logs_is_its_kinds_declared_shape(suite: Path) -> None:
    settings = load_settings(suite)
    make_ready(suite, "kept_case")
    assert promote(settings, "kept_case").destination is not None
    quarantine(settings, "kept_case", "flaky judge", by="alice")
    quarantine(settings, "kept_case", "judge fixed", by="alice", lift=True)
    revise(settings, "kept_case", by="alice")
    write_pair(suite / "drafts", "dropped_case")
    reject(settings, "dropped_case", "a duplicate")
    with Ledger.open(settings.ledger) as ledger:
        events = ledger.history("kept_case") + ledger.history("dropped_case")
    kinds = {e.kind for e in events}
    assert set(SHAPES) | {"run"} <= kinds, kinds
    for event in events:
        if event.kind == "run":  # the recorded run's dump, and what the recording adds
            assert event.detail_as(Tiered) is not None
            dumped = {k: v for k, v in event.detail.items() if k not in ("replaced", "source")}
            assert Run.model_validate_json(json.dumps(dumped)).model_dump(mode="json") == dumped
            continue
        # every key declared and of its type, none undeclared: the checked part is the whole
        assert part_of(event.detail, SHAPES[event.kind]) == event.detail, event.kind


def _row(detail: str) -> dict[str, object]:
    return {
        "id": "00000000000000000001-0000000000",
        "at": "2026-11-20T10:00:00+00:00",
        "kind": "promotion",
        "scenario_id": "old_case",
        "path": "scenarios/x/old_case.yaml",
        "actor": None,
        "detail": detail,
    }


def test_a_reader_takes_only_a_checked_part_of_an_older_row() -> None:
    digest = "sha256:" + "a" * 64
    stamped = Event.from_row(_row(json.dumps({"content_hash": digest, "from": "drafts/x.yaml"})))
    assert stamped.detail_as(Stamped) == {"content_hash": digest}  # other keys left out
    assert stamped.detail_as(RevisionKept) is None  # not a revision's
    for detail in ('"not an object"', "[1, 2]", "{not json", json.dumps({"content_hash": 5})):
        event = Event.from_row(_row(detail))
        assert event.detail_as(Stamped) is None, detail
    assert Event.from_row(_row('"text"')).detail == {}  # as before: not an object reads empty
    assert Event.from_row(_row(json.dumps({"runs_kept": True}))).detail_as(RevisionKept) is None
    assert Event.from_row(_row(json.dumps({"tier": "strong"}))).detail_as(Tiered) == {
        "tier": "strong"
    }


class _Tagged(TypedDict):
    kind: Literal["a", "b"]


def test_every_declared_shape_is_one_the_reader_can_check() -> None:
    """Each TypedDict in ``intake.store.details`` has only types ``part_of`` judges (a class,
    ``object``, unions, ``list``, ``dict[str, …]``, nested shapes); a type it cannot judge is
    refused where the shape is first used, not read as a mismatch on every row."""
    shapes = [v for v in vars(details).values() if is_typeddict(v)]
    assert len(shapes) >= 15
    for shape in shapes:
        assert part_of({}, shape) is None or not shape.__required_keys__

    try:
        part_of({"kind": "a"}, _Tagged)
    except TypeError as refused:
        assert "kind" in str(refused)
    else:
        raise AssertionError("a Literal field was read, not refused")

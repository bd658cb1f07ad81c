"""The detail of each ledger event kind: one declared shape per kind, written and read through it.

A writer builds its kind's shape (mypy checks every key); the ledger row and the history file
keep it as JSON (``json.dumps``, keys sorted), so the bytes are the dict's as before. Where a
model already holds the data (a run, a control run, a rubric, a rejected record) the detail is
that model's dump. A reader does not trust what a row holds (an older intake wrote it, or a
hand-edited history file): ``Event.detail_as`` checks the part it reads and gives None otherwise.
"""

from __future__ import annotations

from typing import NotRequired

from pydantic import JsonValue
from typing_extensions import TypedDict


class Stamped(TypedDict):
    """The content hash an event names (what a promotion's stamp is matched on)."""

    content_hash: str


class ImportDetail(TypedDict):
    source: str
    locator: str
    private: bool
    intake_version: str


class ScrubDetail(TypedDict):
    counts: dict[str, int]
    config_hash: str


class ReviewDetail(Stamped):
    decision: str
    via: str
    pr: NotRequired[str]
    commit: NotRequired[str | None]
    rubric: NotRequired[dict[str, JsonValue]]
    """``Rubric``'s dump."""
    judge_text_ack: NotRequired[int]


class QuarantineDetail(Stamped):
    """``quarantine`` and ``unquarantine``."""

    reason: str
    before_hash: str


class SplitDetail(Stamped):
    tag: str
    salt_hash: str
    before_hash: str


RetireDetail = TypedDict("RetireDetail", {"reason": str, "from": str})
RenameDetail = TypedDict("RenameDetail", {"from": str, "content_hash": str})


class RevisionKept(TypedDict):
    """How many runs a revision kept (what a rerun of ``revise`` reports)."""

    runs_kept: int


RevisionDetail = TypedDict(
    "RevisionDetail",
    {"from": str, "content_hash": str | None, "runs_kept": int, "recovered": bool},
)
PromotionDetail = TypedDict(
    "PromotionDetail",
    {
        "from": str,
        "to": str,
        "content_hash": str,
        "gates": dict[str, str],
        "allow_saturated": str | None,
        "suite": str | None,
        "allow_passing_control": str | None,
        "recovered": bool,
    },
)


class BugLinkDetail(TypedDict):
    issue: str | None
    reviewer: str | None


class BugClosingDetail(TypedDict):
    issue: str | None
    closed_at: str | None
    state_reason: str | None
    fix_commit: str | None


class StagesDetail(TypedDict):
    """``intake.store.history.Stages`` as JSON: how far a rejected draft had got."""

    drafted_at: str | None
    scrubbed: bool
    reviewed: bool
    tiers: list[str]


class Staged(TypedDict):
    """The stages a rejection names (the report's funnel; ``Stages.read`` checks each key)."""

    stages: dict[str, JsonValue]


class RejectionDetail(TypedDict):
    reason: str
    content_hash: str | None
    record: NotRequired[JsonValue]
    """The rejected record's dump, scrubbed (None without a record); never in a history file."""
    stages: NotRequired[StagesDetail | dict[str, JsonValue]]
    """Empty without a record; left out of a history event that had none."""
    from_history: NotRequired[bool]
    """Added when the event is restored from its history file."""


class Tiered(TypedDict):
    """The tier a ``run`` event's run was on (the report's funnel)."""

    tier: str


class RunDropDetail(TypedDict):
    run_id: str
    reason: str
    runs: list[dict[str, JsonValue]]
    """Each dropped ``Run``'s dump."""
    controls: NotRequired[list[dict[str, JsonValue]]]


class RunsMigratedDetail(TypedDict):
    runs: int
    to: str


class AdoptionDetail(Stamped):
    source: str
    link: str | None


EventDetail = (
    ImportDetail
    | ScrubDetail
    | ReviewDetail
    | QuarantineDetail
    | SplitDetail
    | RetireDetail
    | RenameDetail
    | RevisionDetail
    | PromotionDetail
    | BugLinkDetail
    | BugClosingDetail
    | RejectionDetail
    | RunDropDetail
    | RunsMigratedDetail
    | AdoptionDetail
    | dict[str, JsonValue]
)
"""Every kind's detail; a ``run`` (``Run``'s dump, ``replaced``, ``source``) and a ``control``
(``ControlRun``'s dump) are their model's dump, and a row read back is the JSON object it holds."""

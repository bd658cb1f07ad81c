"""The detail of each ledger event kind: one declared shape per kind, written and read through it.

A writer builds its kind's shape (mypy checks every key); the ledger row and the history file
keep it as JSON (``json.dumps``, keys sorted), so the bytes are the dict's as before. Where a
model already holds the data (a run, a control run, a rubric, a rejected record) the detail is
that model's dump. A reader does not trust what a row holds (an older intake wrote it, or a
hand-edited history file): ``Event.detail_as`` checks the part it reads and gives None otherwise.
The check is this module's own (``part_of``), not pydantic's: the report reads events and
imports no pydantic. It is the one shape rule for JSON intake reads back: ``store.history``
checks a history file's event with it too, then only the values a type cannot judge.
"""

from types import UnionType
from typing import (
    NotRequired,
    TypedDict,
    TypeGuard,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)


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
    rubric: NotRequired[dict[str, object]]
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

    stages: dict[str, object]


class RejectionDetail(TypedDict):
    reason: str
    content_hash: str | None
    record: NotRequired[object]
    """The rejected record's dump, scrubbed (None without a record); never in a history file."""
    stages: NotRequired[StagesDetail | dict[str, object]]
    """Empty without a record; left out of a history event that had none."""
    from_history: NotRequired[bool]
    """Added when the event is restored from its history file."""


class Tiered(TypedDict):
    """The tier a ``run`` event's run was on (the report's funnel)."""

    tier: str


class RunDropDetail(TypedDict):
    run_id: str
    reason: str
    runs: list[dict[str, object]]
    """Each dropped ``Run``'s dump."""
    controls: NotRequired[list[dict[str, object]]]


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
    | dict[str, object]
)
"""Every kind's detail; a ``run`` (``Run``'s dump, ``replaced``, ``source``) and a ``control``
(``ControlRun``'s dump) are their model's dump, and a row read back is the JSON object it holds."""

T = TypeVar("T")


_HINTS: dict[object, dict[str, object]] = {}


def _hints(shape: object) -> dict[str, object]:
    """A TypedDict's keys and their types, read once; a type ``_fits`` cannot check (a
    ``Literal``, a ``tuple``, ``Any``) is refused here, where the shape is first used, rather
    than read as a mismatch on every row."""
    if shape not in _HINTS:
        hints = get_type_hints(shape)
        unchecked = [key for key, hint in hints.items() if not _checkable(hint)]
        if unchecked:
            raise TypeError(f"{getattr(shape, '__name__', shape)}: no check for {unchecked}")
        _HINTS[shape] = hints
    return _HINTS[shape]


def _checkable(hint: object) -> bool:
    """Whether ``_fits`` can judge a value against ``hint``."""
    origin = get_origin(hint)
    if origin is UnionType or origin is Union or origin is list:
        return all(_checkable(arg) for arg in get_args(hint))
    if origin is dict:
        key, value = get_args(hint)
        return key is str and _checkable(value)
    if is_typeddict(hint):
        return all(_checkable(h) for h in get_type_hints(hint).values())
    return hint is object or (origin is None and isinstance(hint, type))


def part_of(value: object, shape: type[T]) -> T | None:
    """The keys of ``value`` that the TypedDict ``shape`` declares, when ``value`` is a dict
    of that shape (its required keys present, each declared key's value of its type); else
    None."""
    if not isinstance(value, dict):
        return None
    part = {key: value[key] for key in _hints(shape) if key in value}
    return part if _is_shape(part, shape) else None


def _is_shape(value: object, shape: type[T]) -> TypeGuard[T]:
    return _shaped(value, shape)


def _shaped(value: object, shape: object) -> bool:
    hints = _hints(shape)
    return (
        isinstance(value, dict)
        and getattr(shape, "__required_keys__", frozenset()) <= value.keys()
        and all(_fits(value[key], hint) for key, hint in hints.items() if key in value)
    )


def _fits(value: object, hint: object) -> bool:
    """Whether a JSON value is of ``hint``: ``object``, a class, ``X | Y``, ``list[X]``,
    ``dict[str, X]`` or a TypedDict (keys it does not declare are not looked at)."""
    origin = get_origin(hint)
    if hint is object:
        return True
    if origin is UnionType or origin is Union:
        return any(_fits(value, arg) for arg in get_args(hint))
    if origin is list:
        return isinstance(value, list) and all(_fits(v, get_args(hint)[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            isinstance(k, str) and _fits(v, get_args(hint)[1]) for k, v in value.items()
        )
    if is_typeddict(hint):
        return _shaped(value, hint)
    if hint is int or hint is float:  # JSON's numbers; a bool is neither
        kinds = int if hint is int else (int, float)
        return isinstance(value, kinds) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)

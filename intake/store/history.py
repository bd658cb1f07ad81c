"""History in git: the events only the ledger would know, one small committed file per event.

The ledger (``.intake/ledger.db``) is ignored by git: a teammate's clone has none. What the
files do not already say, a rejection and its reason above all (the draft and its record are
gone), is also written to ``<history_dir>/`` (``intake-history/``; GAIA's layout:
``eval/intake-history/``), one JSON file per event, so parallel pull requests never touch the
same file and a merge never conflicts. ``intake ledger rebuild`` reads the folder and adds
every event the ledger lacks (by its id), so ``intake log`` and the report's funnel show the
same history on every clone.

The files are written through the rejection's journal unit (``intake.store.journal``): the file, the
removals and the ledger event are all or none. They hold only what the command already
cleared for the ledger: the scrubbed reason, the actor intake would record, the draft's path
and content hash and the stages it reached (booleans and tier names; never the record's
text). Private drafts get no history file: a committed file must not say that a private
session existed. A history file in a checkout is hostile input like any other: ``read_history``
checks every field and re-scrubs the reason; a file that does not pass is skipped and named.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from intake.config import Settings
from intake.contract.plain import ID_PATTERN
from intake.errors import InputError
from intake.fileio import read_json_input
from intake.paths import display_path
from intake.store.details import RejectionDetail, StagesDetail, part_of
from intake.store.ledger import Event, EventDocument, Ledger
from intake.store.trust import HISTORY_SUFFIX as HISTORY_SUFFIX
from intake.store.trust import history_dir as history_dir

if TYPE_CHECKING:
    from intake.contract.models import Record

HISTORY_VERSION = 1
HISTORY_KINDS = frozenset({"rejection"})
"""Event kinds written to the history folder (what no committed file keeps)."""
EVENT_ID_PATTERN = r"^\d{20}-[0-9a-f]{10}$"
MAX_HISTORY_BYTES = 64 * 1024
MAX_REASON_CHARS = 2000
TIERS = frozenset({"strong", "local"})
T = TypeVar("T", bound=Mapping[str, object])


def history_file(settings: Settings, event_id: str, kind: str) -> Path:
    """Where one event's file goes: named by its time-ordered id, so ``ls`` is the history."""
    return history_dir(settings) / f"{event_id}-{kind}{HISTORY_SUFFIX}"


def history_text(event: Event) -> str:
    """A stamped rejection event as its history file's text: one JSON line, keys sorted; the
    detail's copy of the record is left out (a committed file never holds it)."""
    detail = {k: v for k, v in event.detail.items() if k != "record"}
    doc = {**event.to_dict(), "detail": detail, "intake_history_version": HISTORY_VERSION}
    return json.dumps(doc, sort_keys=True, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Stages:
    """How far a rejected draft had got, kept in its rejection event and history file: what
    the report's funnel counts of it (booleans, a time and tier names; never the record's text).
    """

    drafted_at: str | None = None
    scrubbed: bool = False
    reviewed: bool = False
    tiers: tuple[str, ...] = ()

    @classmethod
    def of(cls, record: Record) -> Stages:
        """The stages a draft's record shows it reached."""
        return cls(
            record.source.captured_at.isoformat(),
            record.scrub is not None,
            bool(record.reviews),
            tuple(sorted({run.tier.value for run in record.runs})),
        )

    @classmethod
    def read(cls, value: object) -> Stages | None:
        """The stages an event's detail holds, or None when it is not what intake writes."""
        found = _valid(
            value, _StagesRead, _STAGES, drafted_at=None, tiers=[], scrubbed=None, reviewed=None
        )
        if found is None:
            return None
        tiers = tuple(sorted(set(found["tiers"])))
        return cls(found["drafted_at"], found["scrubbed"] is True, found["reviewed"] is True, tiers)

    def to_dict(self) -> StagesDetail:
        """The JSON the event and the history file keep."""
        return {
            "drafted_at": self.drafted_at,
            "scrubbed": self.scrubbed,
            "reviewed": self.reviewed,
            "tiers": list(self.tiers),
        }


@dataclass
class HistoryRead:
    """The events of the history folder, and the files that were skipped (with why)."""

    events: list[Event] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    scrubbed: int = 0
    """Reasons in which the re-scan found something (replaced before they reach the ledger)."""
    files: list[Path] = field(default_factory=list)
    """The file each of ``events`` was read from, in the same order."""


def history_files(settings: Settings) -> list[Path]:
    """The history folder's event files, sorted (none when there is no folder): links and
    anything else not a plain file too, for the caller to refuse or skip."""
    return sorted(history_dir(settings).glob(f"*{HISTORY_SUFFIX}"))


def read_history(settings: Settings, *, rescrub: bool = True) -> HistoryRead:
    """Every event file of the history folder, each checked; a bad one is skipped and named.

    ``rescrub`` scrubs the free text again (what goes into the ledger); the report, which
    reads only kinds, ids, times and stages, passes False.
    """
    found = HistoryRead()
    for path in history_files(settings):
        shown = display_path(path, settings.root)
        if path.is_symlink() or not path.is_file():
            found.skipped.append(f"{shown}: not a plain file")
            continue
        try:
            event = _checked(read_json_input(path, what="history event", limit=MAX_HISTORY_BYTES))
        except (OSError, InputError):
            event = None
        if event is None:
            found.skipped.append(f"{shown}: not an intake history event")
            continue
        if rescrub and _rescrub(settings, event):
            found.scrubbed += 1
        found.events.append(event)
        found.files.append(path)
    return found


class _StagesRead(TypedDict):
    """``Stages`` as a history file holds it (a key an older intake left out: its default)."""

    drafted_at: str | None
    tiers: list[str]
    scrubbed: object
    reviewed: object


class _RejectionRead(TypedDict):
    """A rejection's detail in its file."""

    reason: str
    content_hash: str | None
    stages: object


def _valid(
    doc: object, shape: type[T], checks: Mapping[str, Callable[[Any], bool]], **missing: object
) -> T | None:
    """The part of a JSON object from a history file that ``shape`` declares (a key of
    ``missing`` it lacks reads as the value there), when it is of that shape
    (``store.details.part_of``, the one rule for a JSON object's shape) and each value passes
    its check (what a type cannot say: a pattern, a length, a time)."""
    found = part_of({**missing, **doc} if isinstance(doc, dict) else doc, shape)
    if found is None:
        return None
    return found if all(check(found[key]) for key, check in checks.items()) else None


def _fits(pattern: str, value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def _is_time(value: object) -> bool:
    return isinstance(value, str) and _when(value) is not None


def _short_text(value: object) -> bool:
    return value is None or isinstance(value, str) and len(value) <= 500 and value.isprintable()


_STAGES: dict[str, Callable[[Any], bool]] = {
    "drafted_at": lambda v: v is None or _is_time(v),
    "tiers": lambda v: all(t in TIERS for t in v),
}
_FILE: dict[str, Callable[[Any], bool]] = {
    "id": lambda v: _fits(EVENT_ID_PATTERN, v),
    "at": _is_time,
    "kind": lambda v: v in HISTORY_KINDS,
    "scenario_id": lambda v: _fits(ID_PATTERN, v),
    "path": _short_text,
    "actor": _short_text,
}
_REJECTION: dict[str, Callable[[Any], bool]] = {
    "reason": lambda v: bool(v.strip()) and len(v) <= MAX_REASON_CHARS,
    "content_hash": lambda v: v is None or _fits(r"sha256:[0-9a-f]{64}", v),
    "stages": lambda v: v is None or v == {} or Stages.read(v) is not None,
}


def _checked(doc: Any) -> Event | None:
    """The event a history file holds, or None when any field is not what intake writes."""
    if not isinstance(doc, dict) or doc.get("intake_history_version") != HISTORY_VERSION:
        return None
    file = _valid(doc, EventDocument, _FILE, path=None, actor=None)
    if file is None:
        return None
    detail = _valid(file["detail"], _RejectionRead, _REJECTION, content_hash=None, stages=None)
    if detail is None:
        return None
    stages = Stages.read(detail["stages"]) if detail["stages"] not in (None, {}) else None
    clean: RejectionDetail = {
        "reason": " ".join(detail["reason"].split()),
        "content_hash": detail["content_hash"],
    }
    if stages is not None:
        clean["stages"] = stages.to_dict()
    file["detail"] = clean
    return Event(**file)


def _rejection(event: Event) -> RejectionDetail:
    """The detail ``_checked`` built, typed again for the two steps that add to it."""
    detail = event.detail_as(RejectionDetail)
    assert detail is not None  # ``_checked`` made it so
    return detail


def _when(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")) if len(text) <= 40 else None
    except ValueError:
        return None


def _rescrub(settings: Settings, event: Event) -> bool:
    """Scrub the reason and actor again (a hand-edited file may hold anything); True if found."""
    from intake.store.suite import scrub_free_text  # the scrubber, only when a file is read so

    detail = _rejection(event)
    reason, types = scrub_free_text(settings, detail["reason"], where="$.detail.reason")
    event.detail = {**detail, "reason": reason}
    found = bool(types)
    for key in ("actor", "path"):
        value = getattr(event, key)
        if value is not None:
            cleaned, more = scrub_free_text(settings, value, where=f"$.{key}")
            setattr(event, key, cleaned)
            found = found or bool(more)
    return found


def restore(settings: Settings, ledger: Ledger) -> tuple[int, HistoryRead]:
    """Add to the ledger every history event it lacks (by id); returns how many were added."""

    read = read_history(settings)
    added = ledger.append_missing(
        [replace(e, detail={**_rejection(e), "from_history": True}) for e in read.events]
    )
    return added, read


def count_history(settings: Settings) -> int:
    """How many event files the history folder holds (for a hint; nothing is parsed)."""
    return len(history_files(settings))

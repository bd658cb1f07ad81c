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
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from intake.config import Settings
from intake.contract.plain import ID_PATTERN
from intake.paths import display_path
from intake.store.ledger import Event, Ledger
from intake.store.trust import HISTORY_SUFFIX

if TYPE_CHECKING:
    from intake.contract.models import Record

HISTORY_VERSION = 1
HISTORY_KINDS = frozenset({"rejection"})
"""Event kinds written to the history folder (what no committed file keeps)."""
EVENT_ID_PATTERN = r"^\d{20}-[0-9a-f]{10}$"
MAX_HISTORY_BYTES = 64 * 1024
MAX_REASON_CHARS = 2000
TIERS = frozenset({"strong", "local"})


def history_dir(settings: Settings) -> Path:
    """The suite's committed history folder."""
    return settings.path(settings.history_dir)


def history_file(settings: Settings, event_id: str, kind: str) -> Path:
    """Where one event's file goes: named by its time-ordered id, so ``ls`` is the history."""
    return history_dir(settings) / f"{event_id}-{kind}{HISTORY_SUFFIX}"


def history_text(
    *,
    event_id: str,
    at: str,
    kind: str,
    scenario_id: str,
    path: str | None,
    actor: str | None,
    detail: dict[str, Any],
) -> str:
    """One event as its history file's text: one JSON line, keys sorted."""
    doc = {
        "intake_history_version": HISTORY_VERSION,
        "id": event_id,
        "at": at,
        "kind": kind,
        "scenario_id": scenario_id,
        "path": path,
        "actor": actor,
        "detail": detail,
    }
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
    def read(cls, value: Any) -> Stages | None:
        """The stages an event's detail holds, or None when it is not what intake writes."""
        if not isinstance(value, dict):
            return None
        drafted, tiers = value.get("drafted_at"), value.get("tiers", [])
        if drafted is not None and (not isinstance(drafted, str) or _when(drafted) is None):
            return None
        if not isinstance(tiers, list) or not all(t in TIERS for t in tiers):
            return None
        scrubbed, reviewed = value.get("scrubbed") is True, value.get("reviewed") is True
        return cls(drafted, scrubbed, reviewed, tuple(sorted(set(tiers))))

    def to_dict(self) -> dict[str, Any]:
        """The JSON the event and the history file keep."""
        return {**asdict(self), "tiers": list(self.tiers)}


@dataclass
class HistoryRead:
    """The events of the history folder, and the files that were skipped (with why)."""

    events: list[Event] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    scrubbed: int = 0
    """Reasons in which the re-scan found something (replaced before they reach the ledger)."""
    files: list[Path] = field(default_factory=list)
    """The file each of ``events`` was read from, in the same order."""


def read_history(settings: Settings, *, rescrub: bool = True) -> HistoryRead:
    """Every event file of the history folder, each checked; a bad one is skipped and named.

    ``rescrub`` scrubs the free text again (what goes into the ledger); the report, which
    reads only kinds, ids, times and stages, passes False.
    """
    folder = history_dir(settings)
    found = HistoryRead()
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob(f"*{HISTORY_SUFFIX}")):
        shown = display_path(path, settings.root)
        if path.is_symlink() or not path.is_file():
            found.skipped.append(f"{shown}: not a plain file")
            continue
        try:
            small = path.stat().st_size <= MAX_HISTORY_BYTES
            event = _checked(json.loads(path.read_bytes().decode("utf-8"))) if small else None
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            event = None
        if event is None:
            found.skipped.append(f"{shown}: not an intake history event")
            continue
        if rescrub and _rescrub(settings, event):
            found.scrubbed += 1
        found.events.append(event)
        found.files.append(path)
    return found


def _checked(doc: Any) -> Event | None:
    """The event a history file holds, or None when any field is not what intake writes."""
    if not isinstance(doc, dict) or doc.get("intake_history_version") != HISTORY_VERSION:
        return None
    event_id, at, kind = doc.get("id"), doc.get("at"), doc.get("kind")
    scenario_id, path, actor = doc.get("scenario_id"), doc.get("path"), doc.get("actor")
    detail = doc.get("detail")
    if not (isinstance(event_id, str) and re.fullmatch(EVENT_ID_PATTERN, event_id)):
        return None
    if kind not in HISTORY_KINDS or not isinstance(detail, dict):
        return None
    if not (isinstance(scenario_id, str) and re.fullmatch(ID_PATTERN, scenario_id)):
        return None
    if not isinstance(at, str) or _when(at) is None:
        return None
    for text in (path, actor):
        if text is not None and (
            not isinstance(text, str) or len(text) > 500 or not text.isprintable()
        ):
            return None
    clean = _rejection_detail(detail)
    if clean is None:
        return None
    return Event(str(kind), path, actor, clean, id=event_id, at=at, scenario_id=scenario_id)


def _rejection_detail(detail: dict[str, Any]) -> dict[str, Any] | None:
    reason, digest, stages = detail.get("reason"), detail.get("content_hash"), detail.get("stages")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON_CHARS:
        return None
    if digest is not None and not (
        isinstance(digest, str) and re.fullmatch(r"sha256:[0-9a-f]{64}", digest)
    ):
        return None
    out: dict[str, Any] = {"reason": " ".join(reason.split()), "content_hash": digest}
    if stages is None or stages == {}:
        return out
    read = Stages.read(stages)
    if read is None:
        return None
    out["stages"] = read.to_dict()
    return out


def _when(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00")) if len(text) <= 40 else None
    except ValueError:
        return None


def _rescrub(settings: Settings, event: Event) -> bool:
    """Scrub the reason and actor again (a hand-edited file may hold anything); True if found."""
    from intake.store.suite import scrub_free_text  # the scrubber, only when a file is read so

    reason, types = scrub_free_text(settings, event.detail["reason"], where="$.detail.reason")
    event.detail["reason"] = reason
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
        [replace(e, detail={**e.detail, "from_history": True}) for e in read.events]
    )
    return added, read


def count_history(settings: Settings) -> int:
    """How many event files the history folder holds (for a hint; nothing is parsed)."""
    folder = history_dir(settings)
    return len(list(folder.glob(f"*{HISTORY_SUFFIX}"))) if folder.is_dir() else 0


__all__ = [
    "HISTORY_SUFFIX",
    "HISTORY_KINDS",
    "HistoryRead",
    "Stages",
    "count_history",
    "history_dir",
    "history_file",
    "history_text",
    "read_history",
    "restore",
]

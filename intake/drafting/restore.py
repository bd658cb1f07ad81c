"""Giving back a restorable replacement (``intake scrub --restore HASH --reason TEXT DRAFT``).

The scrub replaces on every tier and the reviewer's card lists every replacement with its
tier and the salted hash of its value (``intake.scrub.tiers``). A reviewer who finds a
restorable one false (a name, an entropy or a context rule that took a non-secret) restores
it by that hash, with a reason:

1. the draft's record must list a replacement with that hash, and every replacement of that
   value must be ``restorable`` (a provider's exact shape is final: refused, exit 1);
2. the restore (hash, type, who, why, when) is added to the record: never the value;
3. the draft is drafted again from its local source (the session store), and the importer
   leaves alone every restorable value whose salted hash the record lists
   (``intake.drafting.tail``). The value comes back only on a machine that holds the source
   and the suite's salt; nothing else in the record or draft can bring it back.

The binding is the value's hash, never a field or variable name: the same value under another
name stays restored, and another value under the restored name is replaced (a renamed
variable does not carry the restore to a real secret). When the source cannot be read again
(an issue, or a session store that is not on this machine) the record is left as it was and
the command fails (exit 3): nothing is half-written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from intake.config import Settings
from intake.contract.models import Record, Restore, SourceType
from intake.errors import IntakeError, ScrubError, SourceError, UsageError
from intake.fileio import atomic_write
from intake.scrub.tiers import RESTORABLE, tier_of
from intake.store.records import load_record, record_path, record_text, utcnow
from intake.store.suite import change_actor, find_draft, recorded_reason

_HASH = re.compile(r"hmac-sha256:[0-9a-f]{16}")


@dataclass(frozen=True)
class RestoreResult:
    """What a restore did: the draft drafted again and the record that now lists the restore."""

    path: Path
    record: Record
    entity_type: str
    replacements: int
    """How many replacements of that value the draft held before."""
    notes: list[str] = field(default_factory=list)
    """What the scrubber replaced in the reason (types only), for stderr."""


def restore_replacement(
    settings: Settings,
    target: str,
    value_hash: str,
    reason: str,
    *,
    db: Path | None = None,
    by: str | None = None,
) -> RestoreResult:
    """Restore the replacement ``value_hash`` of draft ``target`` (see the module); who
    restores is ``by`` through ``store.suite.change_actor``."""
    value_hash = value_hash.strip()
    if not _HASH.fullmatch(value_hash):
        raise UsageError(
            "--restore takes a replacement's hash as the card lists it (hmac-sha256:<16 hex>)",
            where="--restore",
        )
    notes: list[str] = []
    reason = recorded_reason(settings, reason, notes, needed_for="a restore")
    who = change_actor(settings, by)
    path = find_draft(settings, target)
    rec_path = record_path(path)
    record = load_record(rec_path)
    spans = [s for s in (record.scrub.spans if record.scrub else []) if s.value_hash == value_hash]
    if not spans:
        raise UsageError(
            "the draft's record lists no replacement with that hash (`intake show` lists them)",
            where=str(rec_path.name),
        )
    final = [s for s in spans if (s.tier or tier_of(s.entity_type)) != RESTORABLE]
    if final:
        raise ScrubError(
            f"a {final[0].entity_type} replacement is final (a provider's exact shape or the "
            "machine's own credentials) and cannot be restored",
            where=str(rec_path.name),
        )
    entity = spans[0].entity_type
    before = rec_path.read_text(encoding="utf-8")
    restores = [r for r in record.restores if r.value_hash != value_hash]
    restores.append(
        Restore(value_hash=value_hash, entity_type=entity, by=who, reason=reason, at=utcnow())
    )
    atomic_write(rec_path, record_text(record.model_copy(update={"restores": restores}), rec_path))
    try:
        _draft_again(settings, record, db)
    except BaseException:
        atomic_write(rec_path, before)
        raise
    again = load_record(rec_path)
    return RestoreResult(path, again, entity, len(spans), notes)


def _draft_again(settings: Settings, record: Record, db: Path | None) -> None:
    """Draft ``record``'s source again, over the draft (its record lists the restores)."""
    from intake.drafting.from_session import draft_from_session, parse_turns

    if record.source.kind is not SourceType.session:
        raise SourceError(
            f"a restore re-scrubs from the local source, and a {record.source.kind.value} "
            "draft is not read again here; draft it again with its importer and --force "
            "(the importer keeps the values its record restores)",
            where=record.id,
        )
    _, _, session_id = record.source.locator.partition(":")
    turns = None
    sliced = record.source.details.get("drafted_turns")
    if isinstance(sliced, str):
        m = re.match(r"turns ([0-9]+-[0-9]*)", sliced)
        if m:
            turns = parse_turns(m.group(1))
    try:
        draft_from_session(settings, session_id, db=db, force=True, turns=turns)
    except IntakeError as exc:
        if isinstance(exc, SourceError):
            raise
        raise SourceError(
            f"the session could not be drafted again: {exc.message}", where=record.id
        ) from None

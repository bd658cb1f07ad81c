"""``intake revise`` and ``intake rename``: the way back to drafts, and a better id.

Each is one journal unit (``intake.store.journal``: all or none, a rerun finishes it) moving
the file and its record (``store.edit.Edit.commit_scenario``); a rerun says it finished an
interrupted one. A move an older intake interrupted after its commit (the new files complete,
the old ones still there) is still recognised and finished by a rerun.

``revise`` keeps the record: reviews (now stale if the file is edited), runs (still valid while
the runnable part, persona, setup, turns and agent_type, is unchanged) and the old promotion or
adoption stamp as a ``Revision`` entry, so a description fix needs a new review, not new runs.

Line ends are kept: ``revise`` moves the scenario's bytes as they are, and the new record
takes the old record's line ends; ``rename`` rewrites the scenario and its record with the
line ends each had (a CRLF checkout stays CRLF, ``intake.fileio.with_line_ends``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from intake.config import Settings
from intake.contract.models import Record, Revision
from intake.contract.plain import ID_PATTERN
from intake.contract.yamlio import with_text_value
from intake.errors import UsageError
from intake.fileio import read_text_exact, with_line_ends
from intake.paths import display_path
from intake.store.details import RenameDetail, RevisionDetail, RevisionKept
from intake.store.edit import Edit, edit
from intake.store.journal import Event
from intake.store.records import (
    dump_record,
    load_record,
    record_path,
    record_text,
    sha256_bytes,
    utcnow,
)
from intake.store.suite import (
    change_actor,
    draft_id,
    find_draft,
    find_scenario,
    promoted_paths,
    refuse_outside_root,
    scenario_id_of,
    target_id,
)


def _text(raw: bytes, shown: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError("the scenario is not UTF-8 text", where=shown) from None


@dataclass
class ReviseResult:
    """What ``revise`` did."""

    scenario_id: str
    source: Path
    draft: Path
    runs_kept: int
    finished: bool = False
    """True when this run only finished a revise that an earlier one committed."""


def revise(settings: Settings, target: str, *, by: str | None = None) -> ReviseResult:
    """Move a promoted or adopted scenario back to drafts with its record, as one journal unit
    (the module's docstring); who revises is ``by`` through ``store.suite.change_actor``."""
    who = change_actor(settings, by)
    guess = target_id(target)
    if guess is None:
        scenario = find_scenario(settings, target)  # names what is wrong with the target
        raise UsageError(
            "the file name is not a safe draft id; rename the file first",
            where=display_path(scenario, settings.root),
        )
    with edit(settings, guess, doing="revise") as tx:
        left = tx.finished[0] if tx.finished else None
        if left is not None and left.command == "revise" and len(left.writes) == 2:
            (_, _), (draft, _) = left.writes
            kept = left.events[0].detail_as(RevisionKept) if left.events else None
            runs = kept["runs_kept"] if kept is not None else 0
            return ReviseResult(guess, left.removes[0], draft, runs, finished=True)
        return _revise(tx, target, guess, who)


def _revise(tx: Edit, target: str, scenario_id: str, by: str) -> ReviseResult:
    settings = tx.settings
    scenario = find_scenario(settings, target)
    shown = display_path(scenario, settings.root)
    rec = record_path(scenario)
    record = load_record(rec)
    if record.promotion is None and record.adoption is None:
        raise UsageError("the scenario's record has no promotion or adoption stamp", where=shown)
    named = scenario_id_of(scenario)
    if scenario.stem != scenario_id or named != scenario.stem:
        raise UsageError(
            f"the file is named apart from its id ({named}): revised, it would come back as "
            f"{named}.yaml; rename the file and its .intake.json record to its id first (git "
            "mv), then revise",
            where=shown,
        )
    folder = settings.private_drafts if record.source.private else settings.drafts
    draft = folder / f"{scenario_id}.yaml"
    refuse_outside_root(settings, folder, what="the drafts folder")
    raw = scenario.read_bytes()
    text = _text(raw, shown)
    finished = False
    if draft.exists() or record_path(draft).exists():
        # an older intake's move killed after its commit: the draft is the revised scenario
        if not _committed_revise(draft, raw, record):
            raise UsageError(
                "a draft with this id exists already",
                where=display_path(draft, settings.root),
                hint="promote or reject it first, or rename it (intake rename)",
            )
        revised_text = read_text_exact(record_path(draft))
        finished = True
    else:
        revised = record.model_copy(
            update={
                "promotion": None,
                "adoption": None,
                "revisions": [
                    *record.revisions,
                    Revision(
                        at=utcnow(), by=by, promotion=record.promotion, adoption=record.adoption
                    ),
                ],
            }
        )
        revised_text = record_text(revised, rec)
    stamp = record.promotion or record.adoption
    detail: RevisionDetail = {
        "from": "promotion" if record.promotion else "adoption",
        "content_hash": stamp.content_hash if stamp else None,
        "runs_kept": len(record.runs),
        "recovered": finished,
    }
    event = Event("revision", display_path(draft, settings.root), by, detail)
    texts = (revised_text, text)
    tx.commit_scenario(
        "revise", scenario_id, draft, texts, event, moved_from=scenario, index="draft"
    )
    return ReviseResult(scenario_id, scenario, draft, len(record.runs), finished=finished)


def _committed_revise(draft: Path, raw: bytes, record: Record) -> bool:
    """Whether ``draft`` is the committed result of revising the scenario (bytes ``raw``)."""
    if not draft.is_file() or draft.read_bytes() != raw or not record_path(draft).is_file():
        return False
    try:
        moved = load_record(record_path(draft))
    except UsageError:
        return False
    if not moved.revisions:
        return False
    last = moved.revisions[-1]
    return last.promotion == record.promotion and last.adoption == record.adoption


@dataclass
class RenameResult:
    """What ``rename`` did."""

    old_id: str
    new_id: str
    draft: Path
    events_moved: int
    finished: bool = False


def rename(settings: Settings, target: str, new_id: str, *, by: str | None = None) -> RenameResult:
    """Rename a draft, its record and its ledger history together: one journal unit under
    both ids' locks, journaled under the new id (the old id's ledger events move to it); who
    renames is ``by`` through ``store.suite.change_actor``."""
    if not re.fullmatch(ID_PATTERN, new_id):
        raise UsageError(
            "not a valid id (lower-case letters, digits, - and _, at most 128; not a name "
            "Windows reserves, such as con or aux)",
            where="NEW_ID",
        )
    guess = draft_id(settings, target)
    if guess == new_id:
        raise UsageError("the draft already has this id", where=new_id)
    who = change_actor(settings, by)
    with edit(settings, new_id, guess, doing="rename") as tx:
        left = next((u for u in tx.finished if u.scenario_id == new_id), None)
        if left is not None and left.command == "rename" and left.rename_from == guess:
            dest = next(p for p, _ in left.writes if p.suffix == ".yaml")
            return RenameResult(guess, new_id, dest, 0, finished=True)
        return _rename(tx, target, new_id, who)


def _rename(tx: Edit, target: str, new_id: str, by: str) -> RenameResult:
    from intake.store.ledger import Ledger

    settings = tx.settings
    draft = find_draft(settings, target)
    old_id = draft.stem
    if new_id == old_id:
        raise UsageError("the draft already has this id", where=new_id)
    dest = draft.parent / f"{new_id}.yaml"
    record = load_record(record_path(draft)) if record_path(draft).is_file() else None
    if record is None:
        raise UsageError(
            "the draft has no record beside it", where=display_path(draft, settings.root)
        )
    text = read_text_exact(draft)
    new_text = with_text_value(text, "id", new_id)
    new_raw = new_text.encode("utf-8")
    # ``renamed_from`` marks the new record, so a rerun after a kill tells a committed rename
    # of this draft from an unrelated draft that happens to have the same content
    details = {**record.source.details, "renamed_from": old_id}
    renamed = record.model_copy(
        update={"id": new_id, "source": record.source.model_copy(update={"details": details})}
    )
    finished = False
    taken = [
        p
        for p in (
            settings.drafts / f"{new_id}.yaml",
            settings.private_drafts / f"{new_id}.yaml",
            *promoted_paths(settings, new_id),
        )
        if p.exists()
    ]
    if not taken:
        from intake.lifecycle.promote import suite_duplicates

        # a scenario whose file name differs from its id (GAIA has such) holds it too
        taken = [settings.root / d for d in suite_duplicates(settings, new_id)]
    if taken:
        # an older intake's move killed after its commit: the new draft is this one renamed
        if taken[0] == dest and dest.read_bytes() == new_raw and _same_record(dest, renamed):
            finished = True
        else:
            raise UsageError(
                "a draft or scenario with the new id exists already",
                where=display_path(taken[0], settings.root),
            )
    refuse_outside_root(settings, draft, what="the draft")
    with Ledger.open(settings.ledger) as ledger:
        moved = ledger.count_events(scenario_id=old_id)
    rec_text = (
        read_text_exact(record_path(dest))
        if finished
        else with_line_ends(dump_record(renamed), like=read_text_exact(record_path(draft)))
    )
    detail: RenameDetail = {"from": old_id, "content_hash": sha256_bytes(new_raw)}
    event = Event("rename", display_path(dest, settings.root), by, detail)
    texts = (rec_text, new_text)
    tx.commit_scenario(
        "rename",
        new_id,
        dest,
        texts,
        event,
        moved_from=draft,
        index="draft",
        rename_from=old_id,
    )
    return RenameResult(old_id, new_id, dest, moved, finished=finished)


def _same_record(dest: Path, record: Record) -> bool:
    try:
        return load_record(record_path(dest)) == record
    except UsageError:
        return False

"""``intake revise`` and ``intake rename``: the way back to drafts, and a better id.

Both move files the way ``promote`` does (``intake.promote``): under the draft's ``flock``,
temporaries first, the record renamed into place, then the scenario hard-linked into place as
the commit point (a link never overwrites), then the old files removed. A kill at any point
leaves the old files intact or the new ones complete; a rerun of the same command finishes a
committed move, and a revise interrupted after its commit is also recognised by promote's
recovery (the draft's bytes equal the promoted ones), which rolls it back to the promoted state.

``revise`` keeps the record: reviews (now stale if the file is edited), runs (still valid while
the runnable part, persona, setup, turns and agent_type, is unchanged) and the old promotion or
adoption stamp as a ``Revision`` entry, so a description fix needs a new review, not new runs.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from intake.config import Settings
from intake.errors import Conflict, UsageError
from intake.fileio import fsync_dir
from intake.models import ID_PATTERN, Record, Revision
from intake.paths import display_path, inside
from intake.records import (
    RECORD_SUFFIX,
    content_hash,
    dump_record,
    load_record,
    record_path,
    utcnow,
)
from intake.suite import draft_lock, find_draft, log_event, promoted_paths

__all__ = ["RenameResult", "ReviseResult", "rename", "revise"]

TEMP_SUFFIX = ".move-tmp"


def _place(folder: Path, scenario_id: str, record: Record, raw: bytes) -> Path:
    """Write ``<id>.intake.json`` and ``<id>.yaml`` into ``folder``; the link is the commit."""
    dest = folder / f"{scenario_id}.yaml"
    dest_rec = record_path(dest)
    folder.mkdir(parents=True, exist_ok=True)
    tmp_rec = folder / f".{scenario_id}{RECORD_SUFFIX}{TEMP_SUFFIX}"
    tmp_scn = folder / f".{scenario_id}.yaml{TEMP_SUFFIX}"
    try:
        for tmp, content in ((tmp_rec, dump_record(record).encode("utf-8")), (tmp_scn, raw)):
            with open(tmp, "wb") as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp_rec, dest_rec)
        fsync_dir(folder)
        try:
            os.link(tmp_scn, dest)
        except FileExistsError:
            dest_rec.unlink(missing_ok=True)
            raise Conflict(
                "a file with this id appeared meanwhile", where=display_path(dest, dest.parent)
            ) from None
        fsync_dir(folder)
    finally:
        tmp_scn.unlink(missing_ok=True)
        tmp_rec.unlink(missing_ok=True)
    return dest


def _remove(path: Path) -> None:
    path.unlink(missing_ok=True)
    record_path(path).unlink(missing_ok=True)
    fsync_dir(path.parent)


@dataclass
class ReviseResult:
    """What ``revise`` did."""

    scenario_id: str
    source: Path
    draft: Path
    runs_kept: int
    finished: bool = False
    """True when this run only finished a revise that an earlier one committed."""


def _find_scenario(settings: Settings, target: str) -> Path:
    given = Path(target)
    if given.suffix == ".yaml" or "/" in target or os.sep in target:
        path = (given if given.is_absolute() else Path.cwd() / given).resolve()
        if given.suffix != ".yaml":
            raise UsageError(
                "not a scenario: a scenario is a file named <id>.yaml", where=target[:200]
            )
        if inside(path, settings.drafts):
            raise UsageError(
                "a draft, not a promoted scenario: edit it in place", where=target[:200]
            )
        if not inside(path, settings.scenarios):
            raise UsageError("outside the suite's scenarios folder", where=target[:200])
        if not path.is_file():
            raise UsageError("no such scenario", where=target[:200])
        return path
    if not re.fullmatch(ID_PATTERN, target):
        raise UsageError("not a scenario id or path", where=target[:80])
    found = promoted_paths(settings, target)
    if not found:
        for folder in (settings.drafts, settings.private_drafts):
            if (folder / f"{target}.yaml").is_file():
                raise UsageError(
                    "a draft, not a promoted scenario: edit it in place", where=target
                )
        raise UsageError("no such scenario", where=target)
    if len(found) > 1:
        raise UsageError(
            "more than one scenario has this id; give its path",
            where=", ".join(display_path(p, settings.root) for p in found[:3]),
        )
    return found[0]


def revise(settings: Settings, target: str, *, by: str) -> ReviseResult:
    """Move a promoted or adopted scenario back to drafts with its record."""
    from intake.ledger import Ledger, item_for
    from intake.yamlio import parse_checked

    scenario = _find_scenario(settings, target)
    shown = display_path(scenario, settings.root)
    rec = record_path(scenario)
    if not rec.is_file():
        raise UsageError(
            "not promoted or adopted (no record beside it); adopt it first",
            where=shown,
            hint="intake adopt PATH --source TYPE --reviewer LOGIN",
        )
    record = load_record(rec)
    if record.promotion is None and record.adoption is None:
        raise UsageError("its record has no promotion or adoption stamp", where=shown)
    scenario_id = scenario.stem
    if not re.fullmatch(ID_PATTERN, scenario_id):
        raise UsageError(
            "the file name is not a safe draft id; rename the file first", where=shown
        )
    folder = settings.private_drafts if record.source.private else settings.drafts
    draft = folder / f"{scenario_id}.yaml"
    with draft_lock(settings, scenario_id, doing="revise"):
        raw = scenario.read_bytes()
        if draft.exists() or record_path(draft).exists():
            if _committed_revise(draft, raw, record):
                _remove(scenario)
                _log_revision(settings, scenario_id, draft, by, record, recovered=True)
                return ReviseResult(scenario_id, scenario, draft, len(record.runs), finished=True)
            raise UsageError(
                "a draft with this id exists already",
                where=display_path(draft, settings.root),
                hint="promote or reject it first, or rename it (intake rename)",
            )
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
        _place(folder, scenario_id, revised, raw)
        _remove(scenario)
        _log_revision(settings, scenario_id, draft, by, record, recovered=False)
    data = parse_checked(draft.read_bytes()).data
    with Ledger.open(settings.ledger) as ledger:
        ledger.upsert_item(item_for(draft, data, "draft", settings.root))
    return ReviseResult(scenario_id, scenario, draft, len(record.runs))


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


def _log_revision(
    settings: Settings, scenario_id: str, draft: Path, by: str, record: Record, *, recovered: bool
) -> None:
    stamp = record.promotion or record.adoption
    log_event(
        settings,
        "revision",
        scenario_id,
        path=draft,
        actor=by,
        detail={
            "from": "promotion" if record.promotion else "adoption",
            "content_hash": stamp.content_hash if stamp else None,
            "runs_kept": len(record.runs),
            "recovered": recovered,
        },
    )


@dataclass
class RenameResult:
    """What ``rename`` did."""

    old_id: str
    new_id: str
    draft: Path
    events_moved: int
    finished: bool = False


def rename(settings: Settings, target: str, new_id: str, *, by: str | None) -> RenameResult:
    """Rename a draft, its record and its ledger history together."""
    from intake.ledger import Ledger, item_for
    from intake.yamlio import dump_roundtrip, load_roundtrip, parse_checked

    if not re.fullmatch(ID_PATTERN, new_id):
        raise UsageError(
            "not a valid id (lower-case letters, digits, - and _, at most 128)", where="NEW_ID"
        )
    old_new = None
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
    text = draft.read_text(encoding="utf-8")
    doc = load_roundtrip(text)
    doc["id"] = new_id
    new_raw = dump_roundtrip(doc, like=text).encode("utf-8")
    # ``renamed_from`` marks the new record, so a rerun after a kill tells a committed rename
    # of this draft from an unrelated draft that happens to have the same content
    details = {**record.source.details, "renamed_from": old_id}
    renamed = record.model_copy(
        update={"id": new_id, "source": record.source.model_copy(update={"details": details})}
    )
    first, second = sorted((old_id, new_id))
    with draft_lock(settings, first, doing="rename"), draft_lock(settings, second, doing="rename"):
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
            from intake.promote import suite_duplicates

            # a scenario whose file name differs from its id (GAIA has such) holds it too
            taken = [settings.root / d for d in suite_duplicates(settings, new_id)]
        if taken:
            if taken[0] == dest and dest.read_bytes() == new_raw and _same_record(dest, renamed):
                old_new = dest
            else:
                raise UsageError(
                    "a draft or scenario with the new id exists already",
                    where=display_path(taken[0], settings.root),
                )
        if old_new is None:
            _place(draft.parent, new_id, renamed, new_raw)
        _remove(draft)
        with Ledger.open(settings.ledger) as ledger:
            moved = ledger.rename_id(old_id, new_id)
        log_event(
            settings,
            "rename",
            new_id,
            path=dest,
            actor=by,
            detail={"from": old_id, "content_hash": content_hash(dest)},
        )
        data = parse_checked(dest.read_bytes()).data
        with Ledger.open(settings.ledger) as ledger:
            ledger.upsert_item(item_for(dest, data, "draft", settings.root))
    return RenameResult(old_id, new_id, dest, moved, finished=old_new is not None)


def _same_record(dest: Path, record: Record) -> bool:
    try:
        return load_record(record_path(dest)) == record
    except UsageError:
        return False

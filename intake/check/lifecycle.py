"""The lifecycle check: quarantines and retirements are changes intake wrote, or errors.

A quarantine (``intake quarantine``) moves the scenario's stamp to the file it wrote, so the
stamp check (``intake.check.checks``) already refuses a hand edit; this check adds what only a
lifecycle change can get wrong: the ``quarantined`` tag without a quarantine in the record (a
hand-added tag the stamp check would call an edit only if the stamp were not also edited), a
quarantine in the record whose tag is gone, a record that says retired while its scenario is
still where GAIA's runner reads, and a retired scenario whose file differs from what was
retired or that has no retirement in its record. A retirement is read from the record as
``check`` judged it (``CheckContext.retired``): a retirement the change claims without
corroboration is no retirement here either.
"""

from __future__ import annotations

from pathlib import Path

from intake.check.context import CheckContext
from intake.check.result import Finding
from intake.contract.models import LifecycleState
from intake.lifecycle.quarantine import QUARANTINE_TAG, state_of
from intake.store.records import content_hash, iter_scenarios, record_path


def lifecycle_changes(ctx: CheckContext) -> list[Finding]:
    """Quarantine tags against records; retired scenarios against their retirement."""
    found: list[tuple[Path, str]] = []
    for path in ctx.scenarios:
        record = ctx.loaded.records.get(record_path(path))
        view = ctx.view(path)
        tagged = view is not None and QUARANTINE_TAG in view.tags
        state = state_of(record) if record is not None else LifecycleState.active
        if tagged and state is not LifecycleState.quarantined:
            found.append((path, "quarantine-unrecorded"))
        elif state is LifecycleState.quarantined and not tagged:
            found.append((path, "quarantine-untagged"))
        elif state is LifecycleState.retired:
            found.append((path, "retired-in-suite"))
    for path in iter_scenarios(ctx.settings.retired, links="refuse"):
        rec = record_path(path)
        if rec.is_symlink():
            continue
        retired = ctx.retired.records.get(rec) or ctx.loaded.records.get(rec)
        last = retired.lifecycle[-1] if retired is not None and retired.lifecycle else None
        if last is None or last.state is not LifecycleState.retired:
            found.append((path, "retired-unrecorded"))
        elif last.content_hash != content_hash(path):
            found.append((path, "edited-after-retirement"))
    return [Finding.about(ctx.rel(path), code) for path, code in found]

"""One edit transaction per writing command: lock, finish or refuse, re-read, journal, place, log.

Every command that changes a draft, a scenario or its record goes through ``edit``::

    with edit(settings, scenario_id, doing="record a review") as tx:
        record = load_draft_record(settings, draft)   # re-read under the lock
        ...
        tx.commit_record("review", draft, record, [event])

``edit`` takes the draft's lock, then finishes a journal a crash left for this id (only one
this machine sealed: any other is refused, and the command stops before it writes), and
hands back a transaction whose ``commit`` journals the whole change first, then places it and
logs its events (``intake.store.journal``). A command that changes two ids (a rename) opens one
``edit`` over both.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from intake.config import Settings
from intake.contract.models import Record
from intake.errors import Conflict, IntakeError
from intake.store.journal import (
    Event,
    Recovered,
    Recovery,
    Unit,
    commit,
    recover,
)
from intake.store.records import record_path, record_text
from intake.store.suite import draft_lock, refuse_outside_root
from intake.store.trust import check_ledger_location


@dataclass
class Edit:
    """An open transaction on one or more ids (their locks held)."""

    settings: Settings
    ids: tuple[str, ...]
    recoveries: list[Recovery] = field(default_factory=list)
    """What finishing a crashed command's journal did, one typed step each."""

    @property
    def recovered(self) -> list[str]:
        """What recovery did, one line each (for stderr)."""
        return [r.line for r in self.recoveries]

    @property
    def finished(self) -> list[Unit]:
        """The units of crashed commands this transaction finished (a rerun reports them)."""
        return [r.unit for r in self.recoveries if r.unit is not None]

    @property
    def finished_interrupted(self) -> list[str]:
        """The lines of the steps that finished an interrupted command (not temporaries)."""
        return [r.line for r in self.recoveries if r.kind is Recovered.finished]

    def commit(self, unit: Unit) -> None:
        """Journal, place and log ``unit`` (its id must be one this transaction holds)."""
        self._held(unit.scenario_id)
        commit(self.settings, unit)

    def commit_record(self, command: str, draft: Path, record: Record, events: list[Event]) -> None:
        """Rewrite a draft's record and log its events as one unit (a review, a run)."""
        rec = record_path(draft)
        refuse_outside_root(self.settings, rec, what="the draft's record")
        writes = [(rec, record_text(record, rec))]
        self.commit(Unit(command, draft.stem, writes=writes, events=events))

    def commit_scenario(
        self,
        command: str,
        scenario_id: str,
        path: Path,
        texts: tuple[str, str],
        event: Event,
        *,
        moved_from: Path | None = None,
        index: str | None = None,
        rename_from: str | None = None,
    ) -> None:
        """A scenario at ``path`` and its record beside it with ``event``, as one journal unit:
        ``texts`` are the record's and the scenario's; written in place (a quarantine, a lift, a
        split tag, an adoption) or moved from ``moved_from`` (a retirement, a promotion, a
        revise, a rename); ``index`` and ``rename_from`` as ``Unit`` has them."""
        rec_text, text = texts
        writes = [(record_path(path), rec_text), (path, text)]
        removes = [moved_from, record_path(moved_from)] if moved_from is not None else []
        self.commit(Unit(command, scenario_id, writes, removes, [event], index, rename_from))

    def _held(self, scenario_id: str) -> None:
        if scenario_id not in self.ids:
            raise IntakeError(f"a transaction on {self.ids} cannot commit {scenario_id}")


@contextlib.contextmanager
def edit(
    settings: Settings,
    *ids: str,
    doing: str,
    error: type[IntakeError] = Conflict,
    message: str | None = None,
    recover_first: bool = True,
) -> Iterator[Edit]:
    """The transaction of one command on ``ids`` (locks taken in a stable order).

    ``recover_first=False`` is for a dry run, which must change nothing on disk.
    """
    check_ledger_location(settings)
    order = sorted(dict.fromkeys(ids))
    with contextlib.ExitStack() as stack:
        for scenario_id in order:
            stack.enter_context(
                draft_lock(settings, scenario_id, doing=doing, error=error, message=message)
            )
        tx = Edit(settings, tuple(order))
        if recover_first:
            for scenario_id in ids:
                tx.recoveries += recover(settings, scenario_id)
        yield tx

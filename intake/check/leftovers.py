"""The leftovers check of ``intake check``: what killed commands left, and journals refused.

An unfinished journal or a stray temporary is a warning (a crash never fails the gate; ``intake
ledger rebuild`` finishes or removes it), and so is a promotion whose ledger event is missing;
a journal intake did not seal on this machine (one that came with a checkout) is an error and is
never replayed.
"""

from __future__ import annotations

from pathlib import Path

from intake.check.context import CheckContext
from intake.check.result import Finding
from intake.contract.validate import Severity
from intake.paths import display_path, inside
from intake.store.details import Stamped
from intake.store.journal import pending, stray_temps
from intake.store.ledger import read_events_readonly


def _journal_findings(ctx: CheckContext) -> list[Finding]:
    """An unfinished journal is a warning; one intake did not seal here, an error."""
    found = []
    for item in pending(ctx.settings):
        shown = display_path(item.path, ctx.root)
        if item.problem is not None:
            found.append(
                Finding(
                    shown,
                    1,
                    "untrusted-journal",
                    f"{item.problem}: never replayed; delete the file (intake writes its own "
                    "journals under .intake/pending/, sealed with this machine's key)",
                )
            )
            continue
        found.append(
            Finding(
                shown,
                1,
                "leftover",
                f"an interrupted {item.command} of {item.scenario_id} is not finished; "
                "`intake ledger rebuild` finishes it",
                severity=Severity.warning,
            )
        )
    return found


def _temp_findings(ctx: CheckContext) -> list[Finding]:
    return [
        Finding(
            display_path(tmp, ctx.root),
            1,
            "leftover",
            "temporary file of an interrupted write; `intake ledger rebuild` removes it",
            severity=Severity.warning,
        )
        for tmp in stray_temps(ctx.settings)
    ]


def _ledger_events(ledger: Path) -> tuple[set[str], set[tuple[str, str]]]:
    """The ids the ledger knows, and each promotion's (id, content hash) stamp."""
    known: set[str] = set()
    promoted: set[tuple[str, str]] = set()
    for event in read_events_readonly(ledger, ("import", "review", "run", "promotion")):
        known.add(str(event.scenario_id))
        if event.kind == "promotion":
            stamp = event.detail_as(Stamped)
            promoted.add((str(event.scenario_id), str(stamp and stamp["content_hash"])))
    return known, promoted


def _missing_promotion_events(ctx: CheckContext) -> list[Finding]:
    """Promoted scenarios whose promotion event the ledger lacks although it knows the id."""
    if not ctx.settings.ledger.is_file():
        return []
    known, promoted = _ledger_events(ctx.settings.ledger)
    found = []
    for rec, record in sorted(ctx.loaded.records.items()):
        if record.promotion is None or not inside(rec, ctx.settings.scenarios):
            continue
        if record.id in known and (record.id, record.promotion.content_hash) not in promoted:
            found.append(
                Finding(
                    display_path(rec, ctx.root),
                    1,
                    "leftover",
                    "promoted, but the ledger has no promotion event for it (promotion "
                    f"interrupted before its event); `intake promote {record.id}` writes it",
                    severity=Severity.warning,
                )
            )
    return found


def leftovers(ctx: CheckContext) -> list[Finding]:
    """Warnings for what killed commands left (reads only; a crash never fails the gate),
    and an error for each journal intake did not seal on this machine (never replayed).

    Journals of interrupted drafts, reviews, run records and rejections and intake's stray
    temporary files (``intake ledger rebuild`` finishes and removes them), and promoted
    scenarios whose promotion event the ledger lacks although it knows the id (``intake
    promote ID`` writes it). A suite without a ledger (a fresh clone, CI) has nothing to miss.
    """
    return _journal_findings(ctx) + _temp_findings(ctx) + _missing_promotion_events(ctx)

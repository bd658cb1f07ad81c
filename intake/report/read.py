"""Reading the suite for the report: scenario files with their records, drafts, ledger events.

Files are read leniently (a damaged one is listed as invalid, never fatal); ``make_report`` reads
what a suite's settings point at and hands it to ``intake.report.model.build_report``.

What the report reads of each scenario file (its top keys) and record (``health.RecordFacts``,
what ``health`` reads of it too) is kept in the run index's cache of record facts
(``intake.lifecycle.runs.store.known_records``, one row a file: ``health.kept_row``) by the
file's size and times: a warm call over unchanged files validates no record, parses no YAML and
imports neither the models (pydantic) nor the YAML library, and its ``health`` reads again no
record the report read.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from intake.config import Settings
from intake.contract.plain import ScenarioView, parse_when
from intake.errors import InputError, UsageError
from intake.fileio import read_input
from intake.gitutil import first_added
from intake.lifecycle.runs.store import stamp
from intake.limits import MAX_RECORD_BYTES, MAX_SCENARIO_BYTES
from intake.paths import display_path, shown_below
from intake.report.health import RecordFacts, kept_facts, kept_part, kept_row
from intake.report.model import (
    FUNNEL_EVENTS,
    KNOWN_TYPES,
    TOP_KEYS,
    DraftFile,
    ProvenanceReport,
    ScenarioFile,
    build_report,
)
from intake.store.ledger import Event
from intake.store.records import RECORD_SUFFIX
from intake.wording import counted

if TYPE_CHECKING:  # the models (pydantic) are imported where a record is validated
    from intake.contract.models import Record

# --- reading --------------------------------------------------------------------------------


def record_facts(raw: bytes | str) -> RecordFacts:
    """The facts of a record; a record that fails its model is read field by field."""
    from pydantic import ValidationError

    from intake.contract.models import Record

    try:
        return RecordFacts.of(Record.model_validate_json(raw, strict=False))
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(part) for part in first["loc"]) or "$"
        problem = f"invalid record at {loc}: {first['msg']}"
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return RecordFacts(problem="record is not JSON")
    if not isinstance(data, dict):
        return RecordFacts(problem="record is not a JSON object")
    return _lenient(data, problem)


def _lenient(data: object, problem: str) -> RecordFacts:
    """The facts a record that fails its model still shows, each field read alone."""
    record_id, kind, runs = _at(data, "id"), _at(data, "source", "kind"), _at(data, "runs")
    return RecordFacts(
        id=record_id if isinstance(record_id, str) else None,
        kind=kind if kind in KNOWN_TYPES else None,
        captured_at=parse_when(_at(data, "source", "captured_at")),
        scrubbed=isinstance(_at(data, "scrub"), dict),
        reviewed=isinstance(reviews := _at(data, "reviews"), list) and bool(reviews),
        tiers=frozenset(
            tier
            for run in (runs if isinstance(runs, list) else ())
            if isinstance(tier := _at(run, "tier"), str)
        ),
        promoted_at=parse_when(_at(data, "promotion", "at")),
        problem=problem,
    )


def _at(value: object, *keys: str) -> object:
    """What JSON holds at ``keys`` (None where a key is missing or the value is no object)."""
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _walk(folder: Path) -> tuple[list[str], set[str]]:
    """Every ``*.yaml`` below ``folder`` (sorted) and the set of record paths, in one walk."""
    scenarios: list[str] = []
    records: set[str] = set()
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        for name in files:
            if name.endswith(".yaml"):
                scenarios.append(os.path.join(top, name))
            elif name.endswith(RECORD_SUFFIX):
                records.add(os.path.join(top, name))
    scenarios.sort()
    return scenarios, records


# --- the facts kept between calls -----------------------------------------------------------


@dataclass
class Kept:
    """What the report read of each unchanged file before (``known``: key → (size and times,
    JSON)) and what it reads now to keep (``fresh``); ``on`` only when intake's folder or the
    run store exists, as for ``health``'s caches (``intake.lifecycle.runs.store``)."""

    known: dict[str, tuple[tuple[int, int, int], str]] = field(default_factory=dict)
    fresh: list[tuple[Path, os.stat_result, str]] = field(default_factory=list)
    on: bool = False

    @classmethod
    def of(cls, settings: Settings) -> Kept:
        """The facts kept in the suite's run index (none when it has no intake folder)."""
        from intake.lifecycle.runs.store import index_path, known_records, store_dir

        if not (store_dir(settings).is_dir() or index_path(settings).parent.is_dir()):
            return cls()
        return cls(known_records(settings), on=True)

    def look(self, path: str) -> tuple[os.stat_result | None, object]:
        """The file's own stat (None: not a regular file, never kept) and what was kept of this
        version of it (None: nothing; a link's stat is its own, so a link is never a hit)."""
        if not self.on:
            return None, None
        try:
            st = os.lstat(path)
        except OSError:
            return None, None
        if not stat.S_ISREG(st.st_mode):
            return None, None
        return st, kept_part(self.known.get(os.path.abspath(path)), st)

    def keep(self, path: str, st: os.stat_result | None, value: object) -> None:
        """Keep ``value`` (JSON, or a record's facts) for the file as it was when ``st`` was
        read."""
        if st is not None:
            self.fresh.append((Path(os.path.abspath(path)), st, kept_row(value)))

    def rows(self) -> dict[str, tuple[tuple[int, int, int], str]]:
        """The rows as they are now: those read before, and those kept now (``read_health``)."""
        fresh = {str(path): (stamp(st), row) for path, st, row in self.fresh}
        return {**self.known, **fresh}

    def save(self, settings: Settings) -> None:
        """Write what was read now (``store.remember_records``: a file changed within two
        seconds of now is read again next time)."""
        if self.fresh:
            from intake.lifecycle.runs.store import remember_records

            remember_records(settings, self.fresh)


def _same_as_json(data: object) -> bool:
    """Whether ``data`` reads back from JSON as itself (no date, no key that is not text)."""
    try:
        return bool(json.loads(json.dumps(data, allow_nan=False)) == data)
    except (TypeError, ValueError):
        return False


# --- reading files ----------------------------------------------------------------------------


def _read_record(path: str, kept: Kept | None = None) -> RecordFacts:
    st, known = kept.look(path) if kept is not None else (None, None)
    if isinstance(known, list):
        with contextlib.suppress(TypeError, ValueError):
            return kept_facts(known)
    try:
        raw = read_input(Path(path), what="record", limit=MAX_RECORD_BYTES, follow_links=False)
    except InputError as exc:
        return RecordFacts(problem=f"cannot read record: {exc.message}")
    facts = record_facts(raw)
    if kept is not None:
        kept.keep(path, st, facts)
    return facts


def _record_name(scenario: str) -> str:
    return scenario.removesuffix(".yaml") + RECORD_SUFFIX


def read_scenario(
    path: str | Path, display: str, has_record: bool, kept: Kept | None = None
) -> ScenarioFile:
    """One scenario file and its record (``kept``: what was read of them before); never raises
    for a bad file."""
    path = os.fspath(path)
    record_name = _record_name(path)
    record = _read_record(record_name, kept) if has_record else None
    st, known = kept.look(path) if kept is not None else (None, None)
    if isinstance(known, dict):
        return ScenarioFile(display, ScenarioView.of(known), record)
    from intake.contract.yamlio import YamlProblem, parse_top

    try:
        raw = read_input(
            Path(path), what="scenario file", limit=MAX_SCENARIO_BYTES, follow_links=False
        )
        parsed = parse_top(raw, TOP_KEYS)
    except InputError as exc:
        return ScenarioFile(display, None, record, f"cannot read: {exc.message}")
    except YamlProblem as exc:
        return ScenarioFile(display, None, record, exc.message, exc.line or 1)
    if kept is not None and _same_as_json(parsed.data):
        kept.keep(path, st, parsed.data)
    return ScenarioFile(display, ScenarioView.of(parsed.data), record)


def read_scenarios(
    paths: Sequence[Path], cwd: Path | None = None, kept: Kept | None = None
) -> list[ScenarioFile]:
    """Every scenario file under the paths (files or folders); a missing path is a usage error.
    ``kept``: what was read of the files before (``Kept``), and where to keep what is read."""
    cwd = (cwd or Path.cwd()).resolve()
    jobs: list[tuple[str, str, bool]] = []  # (file, shown, has a record)
    seen: set[str] = set()
    for path in paths:
        if path.is_dir():
            files, records = _walk(path)
            shown = display_path(path, cwd)
            found = [
                (
                    file,
                    shown_below(shown, os.path.relpath(file, path)),
                    _record_name(file) in records,
                )
                for file in files
            ]
        elif path.is_file():
            found = [(str(path), display_path(path, cwd), os.path.isfile(_record_name(str(path))))]
        else:
            raise UsageError("no such file or folder", where=str(path))
        for job in found:
            if (key := os.path.abspath(job[0])) not in seen:
                seen.add(key)
                jobs.append(job)
    return [read_scenario(path, shown, has, kept) for path, shown, has in jobs]


def _needs_git(scenario: ScenarioFile) -> bool:
    """Whether only git can date the scenario (no promotion, no capture date of its own)."""
    record = scenario.record
    if record is not None and record.promoted_at is not None:
        return False
    if record is not None and record.captured_at is not None:
        return record.dated_by_adoption
    return scenario.view is None or scenario.view.captured_at is None


def with_git_dates(
    scenarios: list[ScenarioFile],
    targets: Sequence[Path],
    cwd: Path,
    *,
    base_ref: str | None = None,
) -> list[ScenarioFile]:
    """The scenarios, those only git can date given the base-side commit that brought them in.

    One ``git log`` over the targets (``intake.gitutil.first_added``: committer dates on the
    first-parent line, never author dates; with ``base_ref``, the base branch's line), only
    when some scenario needs it; outside git, or for files git never saw (or that the change
    itself adds), nothing changes.
    """
    if not targets or not any(_needs_git(s) for s in scenarios):
        return scenarios
    arrived = first_added(cwd, list(targets), base_ref=base_ref)
    if not arrived:
        return scenarios
    out = []
    for scenario in scenarios:
        when = arrived.get((cwd / scenario.file).resolve()) if _needs_git(scenario) else None
        out.append(replace(scenario, committed_at=when) if when is not None else scenario)
    return out


def read_drafts(folder: Path, cwd: Path | None = None, kept: Kept | None = None) -> list[DraftFile]:
    """Drafts (including ``private/``) with their records; only ids and records are read
    (``kept``: as for ``read_scenarios``)."""
    if not folder.is_dir():
        return []
    cwd = (cwd or Path.cwd()).resolve()
    shown = display_path(folder, cwd)
    files, records = _walk(folder)
    drafts = []
    for file in files:
        name = _record_name(file)
        record = _read_record(name, kept) if name in records else None
        stem = os.path.basename(file).removesuffix(".yaml")
        draft_id = record.id if record is not None and record.id else stem
        display = shown_below(shown, os.path.relpath(file, folder))
        drafts.append(DraftFile(display, draft_id, record))
    return drafts


def read_events(ledger: Path) -> list[Event] | None:
    """The funnel's events from the ledger, read-only; ``None`` when there is no ledger."""
    if not ledger.is_file():
        return None
    from intake.store.ledger import read_events_readonly

    return read_events_readonly(ledger, FUNNEL_EVENTS)


def history_events(settings: Settings, notes: list[str]) -> list[Event] | None:
    """The committed history's events (``intake.store.history``) for a suite with no ledger (a
    fresh clone); ``None`` when the folder holds none.

    When a base revision is known (a pull request's), an event file the change adds or alters
    is claimed by the change, not a fact of the suite's history (docs/trust.md): it is left
    out, and ``notes`` says how many were.
    """
    from intake.store.history import read_history  # only for a suite with no ledger

    read = read_history(settings, rescrub=False)
    if not read.events:
        return None
    from intake.lifecycle.authority import changed_history, find_base  # git, only for a clone

    try:
        base = find_base(settings.root)
    except UsageError:
        base = None
    claimed = set(changed_history(settings, base))
    kept = [e for e, path in zip(read.events, read.files, strict=True) if path not in claimed]
    left = len(read.events) - len(kept)
    if left:
        notes.append(
            f"{counted(left, 'history event')} the change adds or alters "
            f"left out: claimed by this change, not on the base {base.short if base else ''}"
        )
    return kept or None


def parse_since(text: str) -> date:
    """``YYYY-MM-DD``, ``YYYY-MM`` or an ISO date-time; anything else is a usage error."""
    value = text.strip()
    try:
        if re.fullmatch(r"\d{4}-\d{2}", value):
            return date.fromisoformat(value + "-01")
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            return date.fromisoformat(value)
        return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        shown = value[:40]
        raise UsageError(f"--since must be a date like 2026-03-01, not {shown!r}") from None


def make_report(
    settings: Settings,
    paths: Sequence[Path] = (),
    *,
    since: date | None = None,
    now: datetime | None = None,
    base_ref: str | None = None,
    base: str | None = None,
) -> ProvenanceReport:
    """Read the suite (default its ``scenarios/``), its drafts and ledger; build the report.

    ``base_ref`` (the pull request's base branch) limits git's dates to the base side; the run
    files the change claims against the base (``base``: ``--base REV``, else found as
    ``check`` finds it) count nowhere (``intake.lifecycle.runs.store.claimed``)."""
    cwd = Path.cwd().resolve()
    notes: list[str] = []
    targets = list(paths)
    if not targets:
        if settings.scenarios.is_dir():
            targets = [settings.scenarios]
        else:
            notes.append(f"no scenarios folder at {display_path(settings.scenarios, cwd)}")
    kept = Kept.of(settings)
    read = read_scenarios(targets, cwd, kept)
    drafts = read_drafts(settings.drafts, cwd, kept)
    kept.save(settings)
    scenarios = with_git_dates(read, targets, cwd, base_ref=base_ref)
    events = read_events(settings.ledger)
    if events is None:
        events = history_events(settings, notes)
        if events is not None:
            from intake.store.history import history_dir

            notes.append(
                "no ledger: the funnel comes from the records and "
                f"{counted(len(events), 'event')} of "
                f"the committed history ({display_path(history_dir(settings), cwd)}); "
                "`intake ledger rebuild` brings them into `intake log`"
            )
    report = build_report(
        scenarios,
        drafts,
        events,
        target=settings.provenance_target,
        now=now,
        since=since,
        paths=[display_path(p, cwd) for p in targets],
        saturation_pass_rate=settings.saturation_pass_rate,
    )
    report.notes[:0] = notes
    from intake.lifecycle.runs.store import claimed
    from intake.report.bugs import report_bugs
    from intake.report.health import health_of, read_health

    left_out = claimed(settings, base)
    if (note := left_out.note()) is not None:
        report.notes.append(note)
    pairs: list[tuple[Record, str]] = []
    items, health_notes = read_health(
        settings, fast=True, bugs=pairs, left_out=left_out, kept=kept.rows()
    )
    followed = any(i.runs or i.quarantined or i.retired for i in items)
    health = health_of(settings, items, health_notes, now) if followed else None
    return replace(report, bugs=report_bugs(settings, pairs, left_out), health=health)

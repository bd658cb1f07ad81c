"""The provenance report: what share of the suite comes from real use, over time, and the funnel.

``build_report`` is a pure function over what the loaders read (scenario files with their
records, drafts, ledger events) and returns a typed ``ProvenanceReport``; the renderers turn that
into text, JSON, markdown (with Mermaid charts GitHub draws) or one self-contained HTML page
(inline SVG, no script, nothing fetched). ``make_report`` does the reading for the CLI.

Decisions worth knowing (see ``docs/report.md``):

* A scenario's origin is its ``source.type``; without one, GAIA's ``captured_from`` block means
  ``session``; then the kind in its record; anything else is ``unknown`` and listed.
* A file that does not parse, is not a mapping or has no id is *invalid*: listed, and left out
  of every share. The report is not a gate, so invalid files do not change the exit code.
* A scenario's date is its promotion time, else its record's capture time, else
  ``captured_from.captured_at``; undated scenarios are counted in every month (they predate
  the tracking), which the report says.
* ``since`` narrows the in-range parts (months, the funnel, "added since"); the snapshot of the
  suite as it is now is always whole.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

from intake.errors import LedgerError, UsageError
from intake.paths import display_path
from intake.records import RECORD_SUFFIX, utcnow

REPORT_VERSION = 1
KNOWN_TYPES = ("session", "issue", "hand", "synthetic")
SOURCE_TYPES = (*KNOWN_TYPES, "unknown")
REAL_TYPES = frozenset({"session", "issue"})
TOP_KEYS = frozenset({"id", "category", "source", "difficulty_rationale", "captured_from"})
FUNNEL_EVENTS = ("import", "scrub", "review", "run", "promotion", "rejection")
MAX_MONTHS = 240
MARKDOWN_LIST_LIMIT = 200
NO_CATEGORY = "(none)"


# --- inputs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordFacts:
    """What the report needs from a record; read leniently so a damaged record still counts."""

    id: str | None = None
    kind: str | None = None
    captured_at: datetime | None = None
    scrubbed: bool = False
    reviewed: bool = False
    tiers: frozenset[str] = frozenset()
    promoted_at: datetime | None = None
    problem: str | None = None


@dataclass(frozen=True)
class ScenarioFile:
    """One ``*.yaml`` of the suite: its top-level keys, or why it could not be read."""

    file: str
    data: dict[str, Any] | None
    record: RecordFacts | None = None
    problem: str | None = None
    line: int = 1


@dataclass(frozen=True)
class DraftFile:
    """One draft under ``drafts/`` (its id is the record's, else the file stem)."""

    file: str
    id: str
    record: RecordFacts | None = None


@dataclass(frozen=True)
class LedgerEvent:
    """One ledger event of a kind the funnel uses."""

    kind: str
    scenario_id: str | None
    at: datetime | None
    detail: dict[str, Any] = field(default_factory=dict)


# --- result ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """Counts by source type over some scenarios, and the share from real use."""

    counts: dict[str, int]
    total: int

    @property
    def real(self) -> int:
        """Scenarios from sessions and issues."""
        return sum(self.counts.get(t, 0) for t in REAL_TYPES)

    @property
    def real_share(self) -> float:
        """Real-use share (0.0 for no scenarios, so an empty suite reports zeros)."""
        return self.real / self.total if self.total else 0.0

    def share(self, source_type: str) -> float:
        """One type's share."""
        return self.counts.get(source_type, 0) / self.total if self.total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "scenarios": self.total,
            "by_source": {
                t: {"count": self.counts.get(t, 0), "share": _round(self.share(t))}
                for t in SOURCE_TYPES
            },
            "real_use": self.real,
            "real_use_share": _round(self.real_share),
        }


@dataclass(frozen=True)
class CategoryShare:
    """One category's share."""

    category: str
    share: Share


@dataclass(frozen=True)
class Listed:
    """A file the report lists: unannotated, invalid, or with an unreadable record."""

    file: str
    reason: str
    id: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class MonthPoint:
    """The suite at the end of one month (``YYYY-MM``); the current month is "so far"."""

    month: str
    share: Share


@dataclass(frozen=True)
class Funnel:
    """Drafts through the pipeline: how many reached each stage."""

    drafted: int = 0
    scrubbed: int = 0
    reviewed: int = 0
    run_both_tiers: int = 0
    promoted: int = 0
    rejected: int = 0
    open_drafts: int = 0
    median_days_to_promotion: float | None = None
    promotions_timed: int = 0
    ledger: bool = False

    STAGES = (
        ("drafted", "drafted"),
        ("scrubbed", "scrubbed"),
        ("reviewed", "reviewed"),
        ("run_both_tiers", "run on both tiers"),
        ("promoted", "promoted"),
        ("rejected", "rejected"),
    )

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        out = {key: getattr(self, key) for key, _ in self.STAGES}
        out.update(
            open_drafts=self.open_drafts,
            median_days_to_promotion=self.median_days_to_promotion,
            promotions_timed=self.promotions_timed,
            ledger=self.ledger,
        )
        return out


@dataclass(frozen=True)
class ProvenanceReport:
    """Everything ``intake report`` shows, ready for any renderer."""

    generated_at: datetime
    paths: list[str]
    target: float
    since: date | None
    overall: Share
    more_to_target: int | None
    categories: list[CategoryShare]
    unknown: list[Listed]
    invalid: list[Listed]
    record_problems: list[Listed]
    months: list[MonthPoint]
    undated: int
    added_since: Share | None
    funnel: Funnel
    flags: list[Listed]
    notes: list[str]

    @property
    def target_met(self) -> bool:
        """Whether the real-use share has reached the target."""
        return self.more_to_target == 0


# --- pure assembly --------------------------------------------------------------------------


def more_to_target(real: int, total: int, target: float) -> int | None:
    """The least n with (real + n) / (total + n) >= target: new real-use scenarios needed.

    Exact arithmetic (``Fraction`` of the decimal target), so 20% of 91 is not off by one
    through floating point. ``None`` when unreachable (a 100% target with made-up scenarios).
    """
    t = Fraction(repr(float(target)))
    if total == 0:
        return 0 if t == 0 else 1
    if Fraction(real, total) >= t:
        return 0
    if t >= 1:
        return None
    need = (t * total - real) / (1 - t)
    n = need.numerator // need.denominator
    return n if n * need.denominator == need.numerator else n + 1


_FAILURE = re.compile(
    r"""\b(?:
        fail(?:s|ed|ing)?
      | (?:gets?|got|getting)\s+(?:(?:it|this|that|them|the\s+answer)\s+)?wrong
      | (?:is|are|was|were)\s+wrong
      | answers?\s+(?:it\s+)?(?:incorrectly|wrongly|wrong)
      | can(?:not|'t|’t)\s+(?:solve|do|answer|handle|pass|get)
      | (?:does|did)(?:n't|n’t|\s+not)\s+(?:pass|solve|get|handle|answer)
      | never\s+(?:passes|solves|gets)
      | breaks | chokes | struggles | trips\s+up
      | scores?\s+(?:0|zero)
    )\b""",
    re.VERBOSE | re.IGNORECASE,
)
_FILLER = frozenset(
    """the a an this that it its these those them they here case scenario test task one on at in
    with always still also even both every each time times all consistently reliably sometimes
    often usually model models llm llms local strong cloud resident small large big agent and or
    but too either again answer right currently today run runs our my we of to by for tier tiers
    pass passes passed passing succeeds succeeded solves solved gets wrong while whereas
    """.split()  # noqa: SIM905 - a word list reads better as words
)
_MODEL_NAMES = (
    "qwen", "gpt", "claude", "llama", "gemma", "mistral", "mixtral", "phi", "deepseek", "gemini",
    "sonnet", "opus", "haiku", "lemonade", "granite", "hermes", "olmo", "smollm", "command-r",
)
_SUBJECT_WORDS = 4


def _content_words(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9][a-z0-9._'/-]*", text.lower())
    return [
        w
        for w in words
        if len(w) > 1
        and w not in _FILLER
        and not any(ch.isdigit() for ch in w)
        and not w.startswith(_MODEL_NAMES)
    ]


def only_says_a_model_fails(rationale: str) -> bool:
    """Whether a rationale says nothing beyond "a model fails it".

    A model failing is a measurement, not a reason; the rationale should say what makes the
    case hard. Each clause with a failure phrase drops its short subject (the model's name)
    and filler; if no content word is left anywhere, the rationale is only about a model.
    """
    if _FAILURE.search(rationale) is None:
        return False
    failed = False
    content: list[str] = []
    for clause in re.split(r"[.;:,!?\n]+", rationale):
        match = _FAILURE.search(clause)
        if match is None:
            content += _content_words(clause)
            continue
        failed = True
        subject = clause[: match.start()]
        if len(subject.split()) > _SUBJECT_WORDS:
            content += _content_words(subject)
        content += _content_words(clause[match.end() :])
    return failed and not content


def _classify(scenario: ScenarioFile) -> tuple[str, str | None]:
    """(source type, why it is unknown)."""
    data = scenario.data or {}
    if "source" in data:
        source = data["source"]
        kind = source.get("type") if isinstance(source, dict) else None
        if kind in KNOWN_TYPES:
            return str(kind), None
        return "unknown", "source.type is missing or not one of " + ", ".join(KNOWN_TYPES)
    if isinstance(data.get("captured_from"), dict):
        return "session", None
    record = scenario.record
    if record is not None and record.kind in KNOWN_TYPES:
        return str(record.kind), None
    return "unknown", "no source"


def parse_when(value: Any) -> datetime | None:
    """An ISO date or time (naive taken as UTC: GAIA writes local time without an offset)."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day, tzinfo=UTC)
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
    else:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _entered(scenario: ScenarioFile) -> datetime | None:
    record = scenario.record
    if record is not None and record.promoted_at is not None:
        return record.promoted_at
    if record is not None and record.captured_at is not None:
        return record.captured_at
    captured = (scenario.data or {}).get("captured_from")
    if isinstance(captured, dict):
        return parse_when(captured.get("captured_at"))
    return None


def _share(types: Iterable[str]) -> Share:
    counts = dict.fromkeys(SOURCE_TYPES, 0)
    total = 0
    for t in types:
        counts[t] += 1
        total += 1
    return Share(counts=counts, total=total)


def _month_start(moment: datetime | date) -> date:
    return date(moment.year, moment.month, 1)


def _next_month(day: date) -> date:
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


def _months(
    dated: list[tuple[datetime, str]],
    undated: list[str],
    now: datetime,
    since: date | None,
) -> tuple[list[MonthPoint], list[str]]:
    notes: list[str] = []
    if not dated and not undated:
        return [], notes
    last = _month_start(max([now, *(d for d, _ in dated)]))
    first = _month_start(min(d for d, _ in dated)) if dated else _month_start(now)
    if since is not None:
        first = max(first, _month_start(since))
    if first > last:
        return [], notes
    starts = [first]
    while starts[-1] < last:
        starts.append(_next_month(starts[-1]))
    if len(starts) > MAX_MONTHS:
        notes.append(f"over time: only the last {MAX_MONTHS} of {len(starts)} months are shown")
        starts = starts[-MAX_MONTHS:]
    dated.sort(key=lambda pair: pair[0])
    points = []
    index = 0
    running = _share(undated)
    counts, total = dict(running.counts), running.total
    for start in starts:
        cutoff = datetime(*_next_month(start).timetuple()[:3], tzinfo=UTC)
        while index < len(dated) and dated[index][0] < cutoff:
            counts[dated[index][1]] += 1
            total += 1
            index += 1
        share = Share(counts=dict(counts), total=total)
        points.append(MonthPoint(month=start.strftime("%Y-%m"), share=share))
    return points, notes


@dataclass
class _Item:
    drafted_at: datetime | None = None
    scrubbed: bool = False
    reviewed: bool = False
    tiers: set[str] = field(default_factory=set)
    promoted_at: datetime | None = None
    promoted: bool = False
    rejected: bool = False
    open: bool = False

    def absorb(self, record: RecordFacts | None) -> None:
        if record is None:
            return
        self.drafted_at = record.captured_at or self.drafted_at
        self.scrubbed |= record.scrubbed
        self.reviewed |= record.reviewed
        self.tiers |= record.tiers
        if record.promoted_at is not None:
            self.promoted_at = record.promoted_at
            self.promoted = True


def _funnel(
    scenarios: Sequence[ScenarioFile],
    drafts: Sequence[DraftFile],
    events: Sequence[LedgerEvent] | None,
    since: date | None,
) -> tuple[Funnel, list[str]]:
    items: dict[str, _Item] = {}
    for draft in drafts:
        item = items.setdefault(draft.id, _Item())
        item.open = True
        item.absorb(draft.record)
    for scenario in scenarios:
        if scenario.record is None or scenario.data is None:
            continue
        key = scenario.record.id or str(scenario.data.get("id"))
        items.setdefault(key, _Item()).absorb(scenario.record)
    first_seen: dict[str, datetime] = {}
    for event in sorted(events or (), key=lambda e: e.at or datetime.max.replace(tzinfo=UTC)):
        if not event.scenario_id:
            continue
        item = items.setdefault(event.scenario_id, _Item())
        if event.at is not None:
            first_seen.setdefault(event.scenario_id, event.at)
        if event.kind == "scrub":
            item.scrubbed = True
        elif event.kind == "review":
            item.reviewed = True
        elif event.kind == "run" and isinstance(event.detail.get("tier"), str):
            item.tiers.add(event.detail["tier"])
        elif event.kind == "promotion":
            item.promoted = True
            item.promoted_at = item.promoted_at or event.at
        elif event.kind == "rejection":
            item.rejected = True
    notes = []
    chosen = list(items.items())
    if since is not None:
        start = datetime(since.year, since.month, since.day, tzinfo=UTC)
        kept = []
        undated = 0
        for key, item in chosen:
            when = item.drafted_at or first_seen.get(key)
            if when is None:
                undated += 1
            elif when >= start:
                kept.append((key, item))
        if undated:
            notes.append(f"funnel: {undated} drafts have no date and are left out by --since")
        chosen = kept
    values = [i for _, i in chosen]
    durations = [
        (i.promoted_at - i.drafted_at).total_seconds() / 86400
        for i in values
        if i.promoted_at is not None and i.drafted_at is not None
    ]
    funnel = Funnel(
        drafted=len(values),
        scrubbed=sum(i.scrubbed for i in values),
        reviewed=sum(i.reviewed for i in values),
        run_both_tiers=sum({"strong", "local"} <= i.tiers for i in values),
        promoted=sum(i.promoted for i in values),
        rejected=sum(i.rejected for i in values),
        open_drafts=sum(i.open for i in values),
        median_days_to_promotion=round(statistics.median(durations), 1) if durations else None,
        promotions_timed=len(durations),
        ledger=events is not None,
    )
    return funnel, notes


def build_report(
    scenarios: Sequence[ScenarioFile],
    drafts: Sequence[DraftFile] = (),
    events: Sequence[LedgerEvent] | None = None,
    *,
    target: float = 0.2,
    now: datetime | None = None,
    since: date | None = None,
    paths: Sequence[str] = (),
) -> ProvenanceReport:
    """Assemble the report from what was read; pure (the clock is ``now``)."""
    now = now or utcnow()
    notes: list[str] = []
    valid: list[tuple[ScenarioFile, str]] = []
    unknown: list[Listed] = []
    invalid: list[Listed] = []
    record_problems: list[Listed] = []
    flags: list[Listed] = []
    dated: list[tuple[datetime, str]] = []
    undated: list[str] = []
    added: list[str] = []
    since_at = datetime(since.year, since.month, since.day, tzinfo=UTC) if since else None
    ids: dict[str, int] = {}

    for scenario in scenarios:
        if scenario.record is not None and scenario.record.problem:
            shown = scenario.file.removesuffix(".yaml") + RECORD_SUFFIX
            record_problems.append(Listed(shown, scenario.record.problem))
        data = scenario.data
        if data is None or scenario.problem:
            reason = scenario.problem or "not a scenario"
            invalid.append(Listed(scenario.file, reason, line=scenario.line))
            continue
        scenario_id = data.get("id")
        if not isinstance(scenario_id, str) or not scenario_id.strip():
            invalid.append(Listed(scenario.file, "no id", line=scenario.line))
            continue
        ids[scenario_id] = ids.get(scenario_id, 0) + 1
        kind, why = _classify(scenario)
        valid.append((scenario, kind))
        if why:
            unknown.append(Listed(scenario.file, why, id=scenario_id))
        when = _entered(scenario)
        if when is None:
            undated.append(kind)
        else:
            dated.append((when, kind))
            if since_at is not None and when >= since_at:
                added.append(kind)
        if scenario.record is not None and scenario.record.promoted_at is not None:
            rationale = data.get("difficulty_rationale")
            if not isinstance(rationale, str) or not rationale.strip():
                flags.append(Listed(scenario.file, "no difficulty_rationale", id=scenario_id))
            elif only_says_a_model_fails(rationale):
                flags.append(
                    Listed(
                        scenario.file,
                        "the rationale only says a model fails it: "
                        + " ".join(rationale.split())[:200],
                        id=scenario_id,
                    )
                )

    overall = _share(kind for _, kind in valid)
    by_category: dict[str, list[str]] = {}
    for scenario, kind in valid:
        category = (scenario.data or {}).get("category")
        name = category if isinstance(category, str) and category.strip() else NO_CATEGORY
        by_category.setdefault(name, []).append(kind)
    categories = [CategoryShare(name, _share(kinds)) for name, kinds in sorted(by_category.items())]
    months, month_notes = _months(dated, undated, now, since)
    funnel, funnel_notes = _funnel(scenarios, drafts, events, since)

    if not scenarios:
        notes.append("no scenario files found: every count is zero")
    if invalid:
        notes.append(
            f"{len(invalid)} files could not be read as scenarios: listed as invalid and left "
            "out of every share"
        )
    duplicated = sum(1 for count in ids.values() if count > 1)
    if duplicated:
        notes.append(f"{duplicated} ids appear in more than one file (GAIA keeps the last one)")
    if record_problems:
        notes.append(f"{len(record_problems)} records could not be read in full")
    if undated and dated:
        notes.append(
            f"{len(undated)} scenarios have no known date; the over-time series counts them "
            "in every month"
        )
    elif undated:
        notes.append("no scenario has a known date: over time shows the current month only")
    if since is not None and since_at is not None and since_at > now:
        notes.append(f"--since {since.isoformat()} is after today: nothing is in range")
    if events is None:
        notes.append(
            "no ledger: the funnel comes from records alone and rejected drafts are unknown"
        )
    notes += month_notes + funnel_notes

    return ProvenanceReport(
        generated_at=now,
        paths=list(paths),
        target=target,
        since=since,
        overall=overall,
        more_to_target=more_to_target(overall.real, overall.total, target),
        categories=categories,
        unknown=unknown,
        invalid=invalid,
        record_problems=record_problems,
        months=months,
        undated=len(undated),
        added_since=_share(added) if since is not None else None,
        funnel=funnel,
        flags=flags,
        notes=notes,
    )


# --- reading --------------------------------------------------------------------------------


def record_facts(raw: bytes | str) -> RecordFacts:
    """The facts of a record; a record that fails its model is read field by field."""
    from pydantic import ValidationError

    from intake.models import Record

    try:
        record = Record.model_validate_json(raw, strict=False)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(part) for part in first["loc"]) or "$"
        problem = f"invalid record at {loc}: {first['msg']}"
    else:
        return RecordFacts(
            id=record.id,
            kind=record.source.kind.value,
            captured_at=_aware(record.source.captured_at),
            scrubbed=record.scrub is not None,
            reviewed=bool(record.reviews),
            tiers=frozenset(run.tier.value for run in record.runs),
            promoted_at=_aware(record.promotion.at) if record.promotion else None,
        )
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return RecordFacts(problem="record is not JSON")
    if not isinstance(data, dict):
        return RecordFacts(problem="record is not a JSON object")
    return _lenient(data, problem)


def _lenient(data: dict[str, Any], problem: str) -> RecordFacts:
    source = data.get("source") if isinstance(data.get("source"), dict) else {}
    promotion = data.get("promotion") if isinstance(data.get("promotion"), dict) else None
    runs = data.get("runs") if isinstance(data.get("runs"), list) else []
    assert isinstance(source, dict) and isinstance(runs, list)
    kind = source.get("kind")
    return RecordFacts(
        id=data["id"] if isinstance(data.get("id"), str) else None,
        kind=kind if kind in KNOWN_TYPES else None,
        captured_at=parse_when(source.get("captured_at")),
        scrubbed=isinstance(data.get("scrub"), dict),
        reviewed=bool(data.get("reviews")) and isinstance(data.get("reviews"), list),
        tiers=frozenset(
            r["tier"] for r in runs if isinstance(r, dict) and isinstance(r.get("tier"), str)
        ),
        promoted_at=parse_when(promotion.get("at")) if promotion else None,
        problem=problem,
    )


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


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


def _read_record(path: str) -> RecordFacts:
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError as exc:
        return RecordFacts(problem=f"cannot read record: {exc.strerror or exc}")
    return record_facts(raw)


def _record_name(scenario: str) -> str:
    return scenario.removesuffix(".yaml") + RECORD_SUFFIX


def read_scenario(path: str | Path, display: str, has_record: bool | None = None) -> ScenarioFile:
    """One scenario file and its record; never raises for a bad file."""
    from intake.yamlio import YamlProblem, parse_top

    path = os.fspath(path)
    record_name = _record_name(path)
    if has_record is None:
        has_record = os.path.isfile(record_name)
    record = _read_record(record_name) if has_record else None
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        parsed = parse_top(raw, TOP_KEYS)
    except OSError as exc:
        return ScenarioFile(display, None, record, f"cannot read: {exc.strerror or exc}")
    except YamlProblem as exc:
        return ScenarioFile(display, None, record, exc.message, exc.line or 1)
    return ScenarioFile(display, parsed.data, record)


Job = tuple[str, str, bool]


def _read_batch(jobs: list[Job]) -> list[ScenarioFile]:
    return [read_scenario(path, shown, has) for path, shown, has in jobs]


def read_scenarios(paths: Sequence[Path], cwd: Path | None = None) -> list[ScenarioFile]:
    """Every scenario file under the paths (files or folders); a missing path is a usage error."""
    cwd = (cwd or Path.cwd()).resolve()
    jobs: list[Job] = []
    seen: set[str] = set()
    for path in paths:
        if path.is_dir():
            files, records = _walk(path)
            base = str(path)
            shown = display_path(path, cwd)
            for file in files:
                key = os.path.abspath(file)
                if key not in seen:
                    seen.add(key)
                    rel = os.path.relpath(file, base)
                    jobs.append((file, os.path.normpath(os.path.join(shown, rel)),
                                 _record_name(file) in records))
        elif path.is_file():
            key = os.path.abspath(path)
            if key not in seen:
                seen.add(key)
                has = os.path.isfile(_record_name(str(path)))
                jobs.append((str(path), display_path(path, cwd), has))
        else:
            raise UsageError("no such file or folder", where=str(path))
    return _read_batch(jobs)


def read_drafts(folder: Path, cwd: Path | None = None) -> list[DraftFile]:
    """Drafts (including ``private/``) with their records; only ids and records are read."""
    if not folder.is_dir():
        return []
    cwd = (cwd or Path.cwd()).resolve()
    shown = display_path(folder, cwd)
    files, records = _walk(folder)
    drafts = []
    for file in files:
        name = _record_name(file)
        record = _read_record(name) if name in records else None
        stem = os.path.basename(file).removesuffix(".yaml")
        draft_id = record.id if record is not None and record.id else stem
        display = os.path.normpath(os.path.join(shown, os.path.relpath(file, folder)))
        drafts.append(DraftFile(display, draft_id, record))
    return drafts


def read_events(ledger: Path) -> list[LedgerEvent] | None:
    """The funnel's events from the ledger, read-only; ``None`` when there is no ledger."""
    if not ledger.is_file():
        return None
    marks = ",".join("?" * len(FUNNEL_EVENTS))
    try:
        conn = sqlite3.connect(f"{ledger.resolve().as_uri()}?mode=ro", uri=True, timeout=10)
        try:
            rows = conn.execute(
                f"SELECT kind, scenario_id, at, detail FROM events WHERE kind IN ({marks})",
                FUNNEL_EVENTS,
            ).fetchall()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise LedgerError(f"cannot read the ledger: {exc}", where=str(ledger)) from None
    events = []
    for kind, scenario_id, at, detail in rows:
        try:
            parsed = json.loads(detail or "{}")
        except (json.JSONDecodeError, TypeError):
            parsed = {}
        events.append(
            LedgerEvent(
                kind=kind,
                scenario_id=scenario_id,
                at=parse_when(at),
                detail=parsed if isinstance(parsed, dict) else {},
            )
        )
    return events


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
    settings: Any,
    paths: Sequence[Path] = (),
    *,
    since: date | None = None,
    now: datetime | None = None,
) -> ProvenanceReport:
    """Read the suite (default its ``scenarios/``), its drafts and ledger; build the report."""
    cwd = Path.cwd().resolve()
    notes: list[str] = []
    targets = list(paths)
    if not targets:
        if settings.scenarios.is_dir():
            targets = [settings.scenarios]
        else:
            notes.append(f"no scenarios folder at {display_path(settings.scenarios, cwd)}")
    scenarios = read_scenarios(targets, cwd)
    drafts = read_drafts(settings.drafts, cwd)
    events = read_events(settings.ledger)
    report = build_report(
        scenarios,
        drafts,
        events,
        target=settings.provenance_target,
        now=now,
        since=since,
        paths=[display_path(p, cwd) for p in targets],
    )
    report.notes[:0] = notes
    return report


# --- rendering: shared ----------------------------------------------------------------------


def _round(value: float) -> float:
    return round(value, 6)


def pct(value: float) -> str:
    """A share as a percentage with one decimal (2/91 → ``2.2%``)."""
    return f"{value * 100:.1f}%"


def target_pct(value: float) -> str:
    """The target without a needless decimal (``20%``, ``12.5%``)."""
    text = f"{value * 100:.2f}".rstrip("0").rstrip(".")
    return f"{text}%"


def gap_sentence(report: ProvenanceReport) -> str:
    """``21 more real-use scenarios reach 20%`` (or that the target is met or unreachable)."""
    target = target_pct(report.target)
    n = report.more_to_target
    if n is None:
        return f"the {target} target cannot be reached while any scenario is not from real use"
    if n == 0:
        return f"the {target} target is met"
    if n == 1:
        return f"1 more real-use scenario reaches {target}"
    return f"{n} more real-use scenarios reach {target}"


def headline(report: ProvenanceReport) -> str:
    """One sentence: total, by origin, share and the gap."""
    share = report.overall
    c = share.counts
    return (
        f"{share.total} scenarios: {c['session']} from sessions, {c['issue']} from issues, "
        f"{c['hand']} by hand, {c['synthetic']} synthetic, {c['unknown']} unknown; "
        f"share from real use {pct(share.real_share)} (target {target_pct(report.target)}); "
        f"{gap_sentence(report)}."
    )


def to_document(report: ProvenanceReport) -> dict[str, Any]:
    """The JSON document (keys documented in ``docs/report.md``)."""
    return {
        "intake_result_version": 1,
        "command": "report",
        "report_version": REPORT_VERSION,
        "generated_at": report.generated_at.isoformat(),
        "paths": report.paths,
        "since": report.since.isoformat() if report.since else None,
        "target": report.target,
        **report.overall.to_dict(),
        "invalid": len(report.invalid),
        "more_to_target": report.more_to_target,
        "target_met": report.target_met,
        "categories": [{"category": c.category, **c.share.to_dict()} for c in report.categories],
        "over_time": {
            "undated": report.undated,
            "months": [{"month": m.month, **m.share.to_dict()} for m in report.months],
        },
        "added_since": report.added_since.to_dict() if report.added_since else None,
        "funnel": report.funnel.to_dict(),
        "rationale_flags": [_listed(x) for x in report.flags],
        "unknown_source": [_listed(x) for x in report.unknown],
        "invalid_files": [_listed(x) for x in report.invalid],
        "record_problems": [_listed(x) for x in report.record_problems],
        "notes": report.notes,
    }


def _listed(item: Listed) -> dict[str, Any]:
    return {k: v for k, v in asdict(item).items() if v is not None}


def render_json(report: ProvenanceReport) -> str:
    """One JSON document."""
    return json.dumps(to_document(report), indent=2, ensure_ascii=False) + "\n"


def _funnel_line(funnel: Funnel) -> str:
    return " → ".join(f"{label} {getattr(funnel, key)}" for key, label in Funnel.STAGES[:5])


def _median_text(funnel: Funnel) -> str:
    if funnel.median_days_to_promotion is None:
        return "no promotion with both dates yet"
    count = funnel.promotions_timed
    noun = "promotion" if count == 1 else "promotions"
    return f"{funnel.median_days_to_promotion:g} days (over {count} {noun})"


# --- rendering: text ------------------------------------------------------------------------


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *[line(r) for r in rows]]


def _bar(share: float, target: float, width: int = 20) -> str:
    """``####....|.....``: the share filled, ``|`` where the target is."""
    filled = round(share * width)
    cells = ["#" if i < filled else "." for i in range(width)]
    mark = min(width - 1, round(target * width))
    cells[mark] = "|"
    return "".join(cells)


def render_text(report: ProvenanceReport) -> str:
    """Tables for the terminal."""
    share = report.overall
    where = ", ".join(report.paths) or "(no folder)"
    out = [
        f"Provenance report: {where}",
        f"generated {report.generated_at.strftime('%Y-%m-%d %H:%M UTC')}"
        + (f", since {report.since.isoformat()}" if report.since else ""),
        "",
        headline(report),
        "",
    ]
    out += _table(
        ["source", "scenarios", "share"],
        [[t, str(share.counts[t]), pct(share.share(t))] for t in SOURCE_TYPES]
        + [["real use", str(share.real), pct(share.real_share)], ["total", str(share.total), ""]],
    )
    out += ["", "By category"]
    out += _table(
        ["category", "total", *SOURCE_TYPES, "real use"],
        [
            [c.category, str(c.share.total), *(str(c.share.counts[t]) for t in SOURCE_TYPES),
             pct(c.share.real_share)]
            for c in report.categories
        ],
    )
    out += ["", "Share from real use at the end of each month"]
    if report.months:
        out += _table(
            ["month", "scenarios", "real use", "share", f"(| = {target_pct(report.target)})"],
            [
                [m.month, str(m.share.total), str(m.share.real), pct(m.share.real_share),
                 _bar(m.share.real_share, report.target)]
                for m in report.months
            ],
        )
    else:
        out.append("(no months in range)")
    if report.added_since is not None and report.since is not None:
        added = report.added_since
        out += [
            "",
            f"Added since {report.since.isoformat()}: {added.total} scenarios, "
            f"{added.real} from real use ({pct(added.real_share)})",
        ]
    f = report.funnel
    out += [
        "",
        "Draft funnel" + ("" if f.ledger else " (records only: no ledger)"),
        f"{_funnel_line(f)}; rejected {f.rejected}; open drafts {f.open_drafts}",
        f"median from draft to promotion: {_median_text(f)}",
    ]
    sections = [
        ("Promoted scenarios with a weak difficulty_rationale", report.flags),
        ("Without a known source (annotate with source: {type, link})", report.unknown),
        ("Invalid files (left out of every share)", report.invalid),
        ("Records that could not be read in full", report.record_problems),
    ]
    for title, items in sections:
        out += ["", f"{title}: {len(items)}"]
        for item in items:
            where_line = f"{item.file}:{item.line}" if item.line else item.file
            label = f" ({item.id})" if item.id else ""
            out.append(f"  {where_line}{label}: {item.reason}")
    if report.notes:
        out += ["", "Notes"] + [f"  - {note}" for note in report.notes]
    return "\n".join(out) + "\n"


# --- rendering: markdown --------------------------------------------------------------------


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|~&:])")


def md(text: str) -> str:
    """Markdown-escape a value for a table cell or line (no HTML, no links, one line).

    ``:`` is escaped too, so GitHub does not turn a URL in the data into a live link.
    """
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def _mermaid_label(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9 _.%-]", "", text)[:40] or "-"


def render_markdown(report: ProvenanceReport) -> str:
    """For pull-request comments and job summaries; Mermaid charts render on GitHub."""
    share = report.overall
    out = ["## Provenance report", "", headline(report), ""]
    out += ["| source | scenarios | share |", "| --- | ---: | ---: |"]
    out += [f"| {t} | {share.counts[t]} | {pct(share.share(t))} |" for t in SOURCE_TYPES]
    out += [f"| **real use** | **{share.real}** | **{pct(share.real_share)}** |", ""]
    if share.total:
        out += ["```mermaid", "pie showData title Scenarios by source"]
        out += [f'    "{t}" : {share.counts[t]}' for t in SOURCE_TYPES if share.counts[t]]
        out += ["```", ""]
    out += ["### Over time", ""]
    if report.months:
        months = ", ".join(f'"{_mermaid_label(m.month)}"' for m in report.months)
        values = ", ".join(f"{m.share.real_share * 100:.1f}" for m in report.months)
        target = ", ".join(f"{report.target * 100:g}" for _ in report.months)
        top = max(100.0, report.target * 100)
        out += [
            "```mermaid",
            "xychart-beta",
            '    title "Share from real use at the end of each month (%)"',
            f"    x-axis [{months}]",
            f'    y-axis "real use (%)" 0 --> {top:g}',
            f"    line [{values}]",
            f"    line [{target}]",
            "```",
            "",
            f"Second line: the {target_pct(report.target)} target.",
            "",
            "| month | scenarios | real use | share |",
            "| --- | ---: | ---: | ---: |",
        ]
        out += [
            f"| {m.month} | {m.share.total} | {m.share.real} | {pct(m.share.real_share)} |"
            for m in report.months
        ]
    else:
        out.append("No months in range.")
    if report.added_since is not None and report.since is not None:
        added = report.added_since
        out += [
            "",
            f"Added since {report.since.isoformat()}: {added.total} scenarios, "
            f"{added.real} from real use ({pct(added.real_share)}).",
        ]
    out += ["", "### By category", ""]
    out += ["| category | total | " + " | ".join(SOURCE_TYPES) + " | real use |"]
    out += ["| --- | ---: |" + " ---: |" * len(SOURCE_TYPES) + " ---: |"]
    for c in report.categories:
        cells = " | ".join(str(c.share.counts[t]) for t in SOURCE_TYPES)
        out.append(f"| {md(c.category)} | {c.share.total} | {cells} | {pct(c.share.real_share)} |")
    f = report.funnel
    out += ["", "### Draft funnel" + ("" if f.ledger else " (records only: no ledger)"), ""]
    out += ["| stage | drafts |", "| --- | ---: |"]
    out += [f"| {label} | {getattr(f, key)} |" for key, label in Funnel.STAGES]
    out += [f"| open drafts | {f.open_drafts} |", ""]
    out += [f"Median from draft to promotion: {_median_text(f)}."]
    sections = [
        ("Promoted scenarios with a weak difficulty_rationale", report.flags),
        ("Without a known source", report.unknown),
        ("Invalid files", report.invalid),
        ("Records that could not be read in full", report.record_problems),
    ]
    for title, items in sections:
        if not items:
            continue
        out += ["", f"<details><summary>{md(title)}: {len(items)}</summary>", ""]
        for item in items[:MARKDOWN_LIST_LIMIT]:
            label = f" ({md(item.id)})" if item.id else ""
            line = f":{item.line}" if item.line else ""
            out.append(f"- {md(item.file)}{line}{label}: {md(item.reason)}")
        if len(items) > MARKDOWN_LIST_LIMIT:
            more = len(items) - MARKDOWN_LIST_LIMIT
            out.append(f"- … and {more} more (`intake report --format json` lists all)")
        out += ["", "</details>"]
    if report.notes:
        out += ["", "### Notes", ""] + [f"- {md(n)}" for n in report.notes]
    return "\n".join(out) + "\n"


# --- rendering: HTML ------------------------------------------------------------------------


_COLOURS = {
    "session": "#1b7f5a",
    "issue": "#3a6fd8",
    "hand": "#c08a1a",
    "synthetic": "#8a56c2",
    "unknown": "#9aa0a6",
}


def h(value: object) -> str:
    """HTML-escape anything (quotes too)."""
    return escape(str(value), quote=True)


def _svg_bars(rows: list[tuple[str, int, str]], total: int, width: int = 560) -> str:
    """Horizontal bars: (label, value, colour)."""
    bar_h, gap, label_w = 22, 8, 150
    height = len(rows) * (bar_h + gap) + gap
    span = width - label_w - 110
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="bar chart">'
    ]
    for index, (label, value, colour) in enumerate(rows):
        y = gap + index * (bar_h + gap)
        w = round(span * value / total, 1) if total else 0
        share = pct(value / total) if total else "0.0%"
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{h(label)}</text>'
            f'<rect x="{label_w}" y="{y}" width="{w}" height="{bar_h}" fill="{colour}"/>'
            f'<text x="{label_w + w + 6}" y="{y + 15}">{value} ({share})</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _svg_line(report: ProvenanceReport, width: int = 640, height: int = 260) -> str:
    """Real-use share per month, with the target as a dashed line."""
    left, right, top, bottom = 48, 36, 16, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    top_value = max(1.0, report.target)
    months = report.months

    def y_of(value: float) -> float:
        return round(top + plot_h * (1 - value / top_value), 1)

    def x_of(index: int) -> float:
        if len(months) == 1:
            return left + plot_w / 2
        return round(left + plot_w * index / (len(months) - 1), 1)

    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-label="share from real use by month">',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
        f'stroke="#ccc"/>',
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        value = tick * top_value
        parts.append(
            f'<text x="{left - 6}" y="{y_of(value) + 4}" text-anchor="end" class="tick">'
            f"{value * 100:.0f}%</text>"
        )
    ty = y_of(report.target)
    parts.append(
        f'<line x1="{left}" y1="{ty}" x2="{left + plot_w}" y2="{ty}" stroke="#c0392b" '
        f'stroke-dasharray="6 4"/><text x="{left + plot_w - 4}" y="{ty - 4}" '
        f'text-anchor="end" class="tick">target {h(target_pct(report.target))}</text>'
    )
    points = " ".join(f"{x_of(i)},{y_of(m.share.real_share)}" for i, m in enumerate(months))
    if len(months) > 1:
        parts.append(f'<polyline points="{points}" fill="none" stroke="#1b7f5a" stroke-width="2"/>')
    step = max(1, len(months) // 12)
    for index, month in enumerate(months):
        x, y = x_of(index), y_of(month.share.real_share)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="3" fill="#1b7f5a">'
            f"<title>{h(month.month)}: {h(pct(month.share.real_share))} "
            f"({month.share.real} of {month.share.total})</title></circle>"
        )
        if index % step == 0 or index == len(months) - 1:
            parts.append(
                f'<text x="{x}" y="{height - bottom + 18}" text-anchor="middle" class="tick">'
                f"{h(month.month)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;
max-width:980px;color:#1f2328;padding:0 1rem}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:3px 8px}
td.n,th.n{text-align:right}svg text{font:12px system-ui,sans-serif;fill:#1f2328}
svg text.tick{font-size:11px;fill:#555}.lead{font-size:1.05rem}.muted{color:#666}
code{font-size:.9em}
"""


def _html_table(header: list[str], rows: list[list[object]], numeric_from: int = 1) -> str:
    def cls(index: int) -> str:
        return ' class="n"' if index >= numeric_from else ""

    head = "".join(f"<th{cls(i)}>{h(c)}</th>" for i, c in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{h(c)}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_html(report: ProvenanceReport) -> str:
    """One self-contained page: inline CSS and SVG, no script, nothing fetched."""
    share = report.overall
    f = report.funnel
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>intake provenance report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>Provenance report</h1>",
        f'<p class="muted">{h(", ".join(report.paths) or "(no folder)")} · generated '
        f"{h(report.generated_at.strftime('%Y-%m-%d %H:%M UTC'))}"
        + (f" · since {h(report.since.isoformat())}" if report.since else "")
        + "</p>",
        f'<p class="lead">{h(headline(report))}</p>',
        "<h2>By source</h2>",
        _svg_bars([(t, share.counts[t], _COLOURS[t]) for t in SOURCE_TYPES], share.total),
        _html_table(
            ["source", "scenarios", "share"],
            [[t, share.counts[t], pct(share.share(t))] for t in SOURCE_TYPES]
            + [["real use", share.real, pct(share.real_share)]],
        ),
        "<h2>Share from real use at the end of each month</h2>",
    ]
    if report.months:
        parts.append(_svg_line(report))
        parts.append(
            _html_table(
                ["month", "scenarios", "real use", "share"],
                [[m.month, m.share.total, m.share.real, pct(m.share.real_share)]
                 for m in report.months],
            )
        )
    else:
        parts.append("<p>No months in range.</p>")
    if report.added_since is not None and report.since is not None:
        added = report.added_since
        parts.append(
            f"<p>Added since {h(report.since.isoformat())}: {added.total} scenarios, "
            f"{added.real} from real use ({h(pct(added.real_share))}).</p>"
        )
    parts.append("<h2>By category</h2>")
    parts.append(
        _html_table(
            ["category", "total", *SOURCE_TYPES, "real use"],
            [
                [c.category, c.share.total, *(c.share.counts[t] for t in SOURCE_TYPES),
                 pct(c.share.real_share)]
                for c in report.categories
            ],
        )
    )
    parts.append("<h2>Draft funnel" + ("" if f.ledger else " (records only: no ledger)") + "</h2>")
    stages = [(label, getattr(f, key), "#3a6fd8") for key, label in Funnel.STAGES]
    stages.append(("open drafts", f.open_drafts, "#9aa0a6"))
    parts.append(_svg_bars(stages, max(f.drafted, 1)))
    parts.append(f"<p>Median from draft to promotion: {h(_median_text(f))}.</p>")
    sections = [
        ("Promoted scenarios with a weak difficulty_rationale", report.flags),
        ("Without a known source", report.unknown),
        ("Invalid files", report.invalid),
        ("Records that could not be read in full", report.record_problems),
    ]
    for title, items in sections:
        parts.append(f"<h2>{h(title)}: {len(items)}</h2>")
        if items:
            parts.append(
                _html_table(
                    ["file", "id", "why"],
                    [[f"{i.file}:{i.line}" if i.line else i.file, i.id or "", i.reason]
                     for i in items],
                    numeric_from=99,
                )
            )
    if report.notes:
        parts.append("<h2>Notes</h2><ul>")
        parts += [f"<li>{h(n)}</li>" for n in report.notes]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


RENDERERS = {
    "text": render_text,
    "json": render_json,
    "markdown": render_markdown,
    "html": render_html,
}


def render(report: ProvenanceReport, fmt: str) -> str:
    """Render in one of ``RENDERERS``."""
    return RENDERERS[fmt](report)

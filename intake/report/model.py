"""The provenance report: what share of the suite comes from real use, over time, and the funnel.

This module is the model and its pure assembly (``intake.report.read`` reads, ``render`` and
``html`` render).

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
  ``captured_from.captured_at``, else the commit that first added the file (an adoption record
  dated only by the adoption is dated by git too); undated scenarios are counted in every
  month (they predate the tracking), which the report says.
* ``since`` narrows the in-range parts (months, the funnel, "added since"); the snapshot of the
  suite as it is now is always whole.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from fractions import Fraction
from typing import TYPE_CHECKING

from intake.contract.plain import RunTier, ScenarioView, TierStats, difficulty, parse_when
from intake.report.health import REAL_KINDS
from intake.store.details import Staged, Tiered
from intake.store.history import Stages
from intake.store.ledger import Event
from intake.store.records import RECORD_SUFFIX, utcnow
from intake.wording import counted, verb

if TYPE_CHECKING:
    from intake.report.bugs import BugsReport
    from intake.report.health import HealthReport, RecordFacts

REPORT_VERSION = 1
KNOWN_TYPES = ("session", "issue", "hand", "synthetic")
SOURCE_TYPES = (*KNOWN_TYPES, "unknown")
TOP_KEYS = frozenset({"id", "category", "source", "difficulty_rationale", "captured_from"})
FUNNEL_EVENTS = ("import", "scrub", "review", "run", "promotion", "rejection")
MAX_MONTHS = 240
MARKDOWN_LIST_LIMIT = 200
NO_CATEGORY = "(none)"

# --- inputs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioFile:
    """One ``*.yaml`` of the suite: its typed view (``intake.contract.plain.ScenarioView``,
    built from the top-level keys the report reads, ``TOP_KEYS``), or why it could not be read.
    """

    file: str
    view: ScenarioView | None
    """None when the file could not be read."""
    record: RecordFacts | None = None
    problem: str | None = None
    line: int = 1
    committed_at: datetime | None = None
    """When git first saw the file (``intake.gitutil.first_added``), if it did."""

    @property
    def category(self) -> str:
        """Its category, or ``NO_CATEGORY`` when it has none (or a blank one)."""
        category = self.view.category if self.view is not None else None
        return category if category is not None and category.strip() else NO_CATEGORY


@dataclass(frozen=True)
class DraftFile:
    """One draft under ``drafts/`` (its id is the record's, else the file stem)."""

    file: str
    id: str
    record: RecordFacts | None = None


# --- result ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """Counts by source type over some scenarios, and the share from real use."""

    counts: dict[str, int]
    total: int

    @property
    def real(self) -> int:
        """Scenarios from sessions and issues."""
        return sum(self.counts.get(t, 0) for t in REAL_KINDS)

    @property
    def real_share(self) -> float:
        """Real-use share (0.0 for no scenarios, so an empty suite reports zeros)."""
        return self.real / self.total if self.total else 0.0

    def share(self, source_type: str) -> float:
        """One type's share."""
        return self.counts.get(source_type, 0) / self.total if self.total else 0.0


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


@dataclass(frozen=True)
class RunSummary:
    """Judged runs per tier summed over scenarios, and how many scenarios get each difficulty."""

    tiers: tuple[TierStats, ...]
    """Each tier's judged runs and passes (strong, then local)."""
    difficulty: dict[str, int]
    """easy / medium / hard / unknown → scenarios (those with at least one run)."""


def run_summary(
    facts: Sequence[RecordFacts | None], saturation_pass_rate: float = 0.8
) -> RunSummary | None:
    """Sum the records' run stats; label each scenario with ``plain.difficulty``."""
    tiers = {tier: TierStats(tier, 0, 0) for tier in RunTier}
    labels = {"easy": 0, "medium": 0, "hard": 0, "unknown": 0}
    seen = False
    for fact in facts:
        if fact is None or not fact.run_stats:
            continue
        seen = True
        for stat in fact.run_stats:
            total = tiers[stat.tier]
            tiers[stat.tier] = TierStats(
                stat.tier, total.runs + stat.runs, total.passes + stat.passes
            )
        strong, local = (fact.stats(tier) for tier in (RunTier.strong, RunTier.local))
        labels[difficulty(strong, local, saturation_pass_rate) or "unknown"] += 1
    return RunSummary(tuple(tiers.values()), labels) if seen else None


@dataclass(frozen=True)
class RubricSpread:
    """How many reviews gave each score, and the median minutes."""

    reviews: int
    underspecified: dict[int, int]
    criteria: dict[int, int]
    median_minutes: float | None

    def line(self) -> str:
        """One line for text and markdown."""
        under = " ".join(f"{k}:{self.underspecified.get(k, 0)}" for k in range(4))
        crit = " ".join(f"{k}:{self.criteria.get(k, 0)}" for k in range(4))
        minutes = "n/a" if self.median_minutes is None else f"{self.median_minutes:g}"
        return (
            f"review rubric over {counted(self.reviews, 'scenario')}: underspecified {under}; "
            f"criteria {crit}; median minutes {minutes}"
        )


def rubric_spread(rubrics: Sequence[tuple[int, int, int]]) -> RubricSpread | None:
    """The distribution of rubrics; None when there are none."""
    if not rubrics:
        return None
    under: dict[int, int] = {}
    crit: dict[int, int] = {}
    for u, c, _ in rubrics:
        under[u] = under.get(u, 0) + 1
        crit[c] = crit.get(c, 0) + 1
    return RubricSpread(
        len(rubrics), under, crit, float(statistics.median(m for _, _, m in rubrics))
    )


@dataclass(frozen=True)
class Headroom:
    """A category's capability cases and the strong tier's judged runs on them."""

    category: str
    cases: int
    strong_runs: int
    strong_passes: int

    @property
    def pass_rate(self) -> float | None:
        """The strong tier's pass rate (None without a judged strong run)."""
        return self.strong_passes / self.strong_runs if self.strong_runs else None


def suite_summary(
    valid: Sequence[tuple[ScenarioFile, str]],
) -> tuple[dict[str, int], list[Headroom], dict[str, int]]:
    """Promoted cases per suite type, capability headroom per category, control verdicts."""
    suites = {"capability": 0, "regression": 0}
    controls: dict[str, int] = {}
    rows: dict[str, list[int]] = {}
    for scenario, _ in valid:
        facts = scenario.record
        if facts is None or facts.promoted_at is None:
            continue
        suite = facts.suite or "capability"  # promoted under the saturation rule
        suites[suite] = suites.get(suite, 0) + 1
        if facts.control is not None:
            controls[facts.control] = controls.get(facts.control, 0) + 1
        if suite != "capability":
            continue
        row = rows.setdefault(scenario.category, [0, 0, 0])
        row[0] += 1
        strong = facts.stats(RunTier.strong)
        row[1] += strong.runs
        row[2] += strong.passes
    headroom = [Headroom(name, *row) for name, row in sorted(rows.items())]
    return suites, headroom, controls


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
    runs: RunSummary | None = None
    """Pass rates per tier and difficulty labels over the suite's records (None: no runs)."""
    entry: dict[str, int] = field(default_factory=dict)
    """How scenarios entered the suite: ``promoted``, ``adopted``, ``neither`` (no stamp)."""
    rubric: RubricSpread | None = None
    """The review rubrics' distribution over the scenarios whose approval carries one."""
    suites: dict[str, int] = field(default_factory=dict)
    """Promoted cases per suite type (``capability``, ``regression``)."""
    headroom: list[Headroom] = field(default_factory=list)
    """Per category, the strong tier's pass rate over its capability cases."""
    controls: dict[str, int] = field(default_factory=dict)
    """Promoted cases by the control gate's verdict at promotion."""
    bugs: BugsReport | None = None
    """Bugs from real use and whether a scenario failed before their fix (``report.bugs``)."""
    health: HealthReport | None = None
    """The suite's health classes (``report.health``), for the report's health section."""

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
_MODEL_NAMES = tuple(
    """qwen gpt claude llama gemma mistral mixtral phi deepseek gemini sonnet opus haiku lemonade
    granite hermes olmo smollm command-r
    """.split()  # noqa: SIM905 - a word list reads better as words
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
    view = scenario.view
    if view is not None and "source" in view.keys:
        kind = view.source_type
        if kind is not None and kind in KNOWN_TYPES:
            return kind, None
        return "unknown", "source.type is missing or not one of " + ", ".join(KNOWN_TYPES)
    if view is not None and view.captured_from:
        return "session", None
    record = scenario.record
    if record is not None and record.kind in KNOWN_TYPES:
        return str(record.kind), None
    return "unknown", "no source"


def _entered(scenario: ScenarioFile) -> datetime | None:
    """When a scenario entered the suite: promotion, capture, else its first commit in git.

    A record adopted with no better date than the adoption itself is dated by git when git
    knows the file: an existing suite adopted in one afternoon did not arrive that afternoon.
    """
    record = scenario.record
    if record is not None and record.promoted_at is not None:
        return record.promoted_at
    if record is not None and record.captured_at is not None:
        if record.dated_by_adoption and scenario.committed_at is not None:
            return min(scenario.committed_at, record.captured_at)
        return record.captured_at
    if scenario.view is not None and scenario.view.captured_at is not None:
        return scenario.view.captured_at
    return scenario.committed_at


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

    def absorb_stages(self, stages: Stages | None) -> None:
        """The stages a rejected draft had reached (its rejection event keeps them, so a clone
        whose ledger was rebuilt from the committed history counts them as the original)."""
        if stages is None:
            return
        self.drafted_at = self.drafted_at or parse_when(stages.drafted_at)
        self.scrubbed |= stages.scrubbed
        self.reviewed |= stages.reviewed
        self.tiers |= set(stages.tiers)


def _funnel(
    scenarios: Sequence[ScenarioFile],
    drafts: Sequence[DraftFile],
    events: Sequence[Event] | None,
    since: date | None,
) -> tuple[Funnel, list[str]]:
    items: dict[str, _Item] = {}
    for draft in drafts:
        item = items.setdefault(draft.id, _Item())
        item.open = True
        item.absorb(draft.record)
    for scenario in scenarios:
        if scenario.record is None or scenario.view is None:
            continue
        if scenario.record.adopted and scenario.record.promoted_at is None:
            continue  # adopted as it was: never drafted through intake
        key = scenario.record.id or str(scenario.view.id)
        items.setdefault(key, _Item()).absorb(scenario.record)
    first_seen: dict[str, datetime] = {}
    for event in sorted(events or (), key=lambda e: e.when or datetime.max.replace(tzinfo=UTC)):
        if not event.scenario_id or event.kind == "adoption":
            continue
        item = items.setdefault(event.scenario_id, _Item())
        when = event.when
        if when is not None:
            first_seen.setdefault(event.scenario_id, when)
        if event.kind == "scrub":
            item.scrubbed = True
        elif event.kind == "review":
            item.reviewed = True
        elif event.kind == "run" and (run := event.detail_as(Tiered)) is not None:
            item.tiers.add(run["tier"])
        elif event.kind == "promotion":
            item.promoted = True
            item.promoted_at = item.promoted_at or when
        elif event.kind == "rejection":
            item.rejected = True
            staged = event.detail_as(Staged)
            item.absorb_stages(Stages.read(staged["stages"]) if staged is not None else None)
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
            notes.append(
                f"funnel: {counted(undated, 'draft')} {verb(undated, 'has', 'have')} no date "
                f"and {verb(undated, 'is', 'are')} left out by --since"
            )
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


@dataclass
class _Files:
    """The suite's files sorted for the report: valid (with their source type), unknown,
    invalid, flagged, and the dates the over-time series counts."""

    valid: list[tuple[ScenarioFile, str]] = field(default_factory=list)
    unknown: list[Listed] = field(default_factory=list)
    invalid: list[Listed] = field(default_factory=list)
    record_problems: list[Listed] = field(default_factory=list)
    flags: list[Listed] = field(default_factory=list)
    dated: list[tuple[datetime, str]] = field(default_factory=list)
    undated: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    ids: dict[str, int] = field(default_factory=dict)


def _sort_files(scenarios: Sequence[ScenarioFile], since_at: datetime | None) -> _Files:
    """Each file judged once: invalid (unreadable, no id) or valid with its type and date."""
    read = _Files()
    for scenario in scenarios:
        if scenario.record is not None and scenario.record.problem:
            shown = scenario.file.removesuffix(".yaml") + RECORD_SUFFIX
            read.record_problems.append(Listed(shown, scenario.record.problem))
        view = scenario.view
        if view is None or scenario.problem:
            reason = scenario.problem or "not a scenario"
            read.invalid.append(Listed(scenario.file, reason, line=scenario.line))
            continue
        scenario_id = view.id
        if scenario_id is None or not scenario_id.strip():
            read.invalid.append(Listed(scenario.file, "no id", line=scenario.line))
            continue
        read.ids[scenario_id] = read.ids.get(scenario_id, 0) + 1
        kind, why = _classify(scenario)
        read.valid.append((scenario, kind))
        if why:
            read.unknown.append(Listed(scenario.file, why, id=scenario_id))
        when = _entered(scenario)
        if when is None:
            read.undated.append(kind)
        else:
            read.dated.append((when, kind))
            if since_at is not None and when >= since_at:
                read.added.append(kind)
        if scenario.record is not None and scenario.record.promoted_at is not None:
            flag = _rationale_flag(scenario.file, scenario_id, view.difficulty_rationale)
            if flag is not None:
                read.flags.append(flag)
    return read


def _rationale_flag(file: str, scenario_id: str, rationale: str | None) -> Listed | None:
    """A promoted scenario's rationale that is missing or only says a model fails it."""
    if rationale is None or not rationale.strip():
        return Listed(file, "no difficulty_rationale", id=scenario_id)
    if only_says_a_model_fails(rationale):
        return Listed(
            file,
            "the rationale only says a model fails it: " + " ".join(rationale.split())[:200],
            id=scenario_id,
        )
    return None


def _entries(
    valid: Sequence[tuple[ScenarioFile, str]],
) -> tuple[dict[str, int], list[tuple[int, int, int]]]:
    """How the scenarios entered the suite (promoted, adopted, neither), and their rubrics."""
    entry = {"promoted": 0, "adopted": 0, "neither": 0}
    rubrics: list[tuple[int, int, int]] = []
    for scenario, _ in valid:
        facts = scenario.record
        if facts is not None and facts.promoted_at is not None:
            entry["promoted"] += 1
        elif facts is not None and facts.adopted:
            entry["adopted"] += 1
        else:
            entry["neither"] += 1
        if facts is not None and facts.rubric is not None:
            rubrics.append(facts.rubric)
    return entry, rubrics


def _notes(
    read: _Files,
    any_files: bool,
    ledger: bool,
    since: date | None,
    since_at: datetime | None,
    now: datetime,
) -> list[str]:
    """What the reader of the report should know about what it could and could not count."""
    notes: list[str] = []
    if not any_files:
        notes.append("no scenario files found: every count is zero")
    if read.invalid:
        notes.append(
            f"{counted(len(read.invalid), 'file')} could not be read as scenarios: listed as "
            "invalid and left out of every share"
        )
    duplicated = sum(1 for count in read.ids.values() if count > 1)
    if duplicated:
        notes.append(
            f"{counted(duplicated, 'id')} {verb(duplicated, 'appears', 'appear')} in more than "
            "one file (GAIA keeps the last one)"
        )
    if read.record_problems:
        notes.append(f"{counted(len(read.record_problems), 'record')} could not be read in full")
    if read.undated and read.dated:
        notes.append(
            f"{counted(len(read.undated), 'scenario')} {verb(len(read.undated), 'has', 'have')} "
            "no known date; the over-time series counts them in every month"
        )
    elif read.undated:
        notes.append("no scenario has a known date: over time shows the current month only")
    if since is not None and since_at is not None and since_at > now:
        notes.append(f"--since {since.isoformat()} is after today: nothing is in range")
    if not ledger:
        notes.append(
            "no ledger: the funnel comes from records alone and rejected drafts are unknown"
        )
    return notes


def build_report(
    scenarios: Sequence[ScenarioFile],
    drafts: Sequence[DraftFile] = (),
    events: Sequence[Event] | None = None,
    *,
    target: float = 0.2,
    now: datetime | None = None,
    since: date | None = None,
    paths: Sequence[str] = (),
    saturation_pass_rate: float = 0.8,
) -> ProvenanceReport:
    """Assemble the report from what was read; pure (the clock is ``now``)."""
    now = now or utcnow()
    since_at = datetime(since.year, since.month, since.day, tzinfo=UTC) if since else None
    read = _sort_files(scenarios, since_at)
    valid = read.valid
    overall = _share(kind for _, kind in valid)
    entry, rubrics = _entries(valid)
    by_category: dict[str, list[str]] = {}
    for scenario, kind in valid:
        by_category.setdefault(scenario.category, []).append(kind)
    categories = [CategoryShare(name, _share(kinds)) for name, kinds in sorted(by_category.items())]
    suites, headroom, controls = suite_summary(valid)
    months, month_notes = _months(read.dated, read.undated, now, since)
    funnel, funnel_notes = _funnel(scenarios, drafts, events, since)
    notes = _notes(read, bool(scenarios), events is not None, since, since_at, now)
    notes += month_notes + funnel_notes

    return ProvenanceReport(
        generated_at=now,
        paths=list(paths),
        target=target,
        since=since,
        overall=overall,
        more_to_target=more_to_target(overall.real, overall.total, target),
        categories=categories,
        unknown=read.unknown,
        invalid=read.invalid,
        record_problems=read.record_problems,
        months=months,
        undated=len(read.undated),
        added_since=_share(read.added) if since is not None else None,
        funnel=funnel,
        flags=read.flags,
        notes=notes,
        runs=run_summary([s.record for s, _ in valid], saturation_pass_rate),
        entry=entry,
        rubric=rubric_spread(rubrics),
        suites=suites,
        headroom=headroom,
        controls=controls,
    )

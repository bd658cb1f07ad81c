"""The suite's health: each scenario's decision from its judged runs (``intake health``).

Every scenario of the suite (promoted or adopted; retired ones are listed apart) is read over
its runs in the window: every run that started in the last ``health_window_nights`` nights
(counted back from the newest run), of every GAIA commit and runner machine (the report says
how many runs of each it read), keyed on the scenario's YAML ``id``. The runs are the imported
nightly runs (``Record.suite_runs``, ``intake runs import``) and the runs recorded through
``intake run`` and ``run-record`` (``Record.runs``) of the same runnable hash. Runs are never
pooled across a change point: only the *current* runnable hash is read; runs that tested the
code before the scenario's bug was fixed (``Record.bug`` closed as completed: by git ancestry
of its fix commit, else by the run's start, ``intake.gitutil.tested_before_fix``) are left
out; and when the judge changed, only the newest judge's runs are read (a run whose judge is
unknown, killed before its scorecard, only when it started no earlier than that judge's first
run).

Per model tier, the judged runs give a pass rate, its Jeffreys interval and pass^k; the class is
the decision those runs support at ``health_confidence`` (``intake.report.posterior``):

``stale``         runs exist, but only for older runnable hashes (the scenario was edited since);
``never-judged``  no judged run of the current hash (only infrastructure statuses, or none);
``judge-flaky``   a negative control's same replayed answers judged PASS once and not once;
``always-fail``, ``inverted``, ``saturated``, ``flaky``, ``healthy``: the region of the rates
                  the runs support (each region and its ``health_*`` bar in ``posterior``'s
                  docstring); a tier that pools models is flaky only when some model may be;
``undecided``     the runs cannot support a decision yet (with about how many more would).

``build_health`` is pure over ``HealthInput``s (``read_health`` reads the suite); the
renderers here give text, JSON, markdown and GitHub's job summary, and ``html_section`` the
section the HTML report embeds.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import cache
from json.encoder import encode_basestring  # json.dumps' own for a str (ensure_ascii=False)
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from intake.contract.plain import JUDGED_STATUSES, RunTier, TierStats, parse_when, tier_stats
from intake.ghoutput import html_text, md_code, md_text
from intake.lifecycle.runs.store import NO_FACTS, Counts, read_facts, stamp
from intake.lifecycle.split import split_of
from intake.limits import MAX_RECORD_BYTES
from intake.paths import display_path
from intake.portable import nonblocking_read_flags
from intake.report.posterior import (
    DECIDED,
    VERSION,
    Bars,
    args_text,
    checksums,
    decide,
    jeffreys,
    more_runs,
)
from intake.wording import counted

if TYPE_CHECKING:
    from intake.config import Settings
    from intake.contract.models import BugLink, ControlRun, Record, SuiteRun
    from intake.gitutil import Ancestry
    from intake.lifecycle.runs.store import Claimed, Mix, Run, ScenarioFacts, SuiteFile

    AnyRun = SuiteRun | Run
    """A run as health reads it: a record's (``SuiteRun``) or the run store's (``Run``)."""

CLASSES = (
    "saturated",
    "always-fail",
    "inverted",
    "flaky",
    "judge-flaky",
    "never-judged",
    "stale",
    "undecided",
    "healthy",
)
PROVENANCES = ("real", "hand")
ANNOTATED = frozenset({"saturated", "always-fail", "inverted", "flaky", "judge-flaky", "stale"})
"""The decided classes GitHub output annotates; never-judged and undecided are counted in the
job summary only (one notice each would bury the rest)."""
UNKNOWN = "unknown"
REAL_KINDS = frozenset({"session", "issue"})
"""``intake.contract.models.REAL_USE``'s values (tested equal), for health and the report's
real-use share: neither imports the models while its caches are warm."""


def pass_hat_k(passes: int, n: int, k: int) -> float | None:
    """pass^k: the chance that k runs all pass, estimated without bias from ``passes`` of
    ``n`` (C(passes, k) / C(n, k)); None with fewer than k runs."""
    if n < k or k < 1:
        return None
    return math.comb(passes, k) / math.comb(n, k)


class HealthInput(NamedTuple):
    """One scenario as health reads it (a tuple: a report makes one a scenario)."""

    scenario_id: str
    path: str
    category: str
    provenance: str
    """``real`` (session, issue) or ``hand`` (hand-written, synthetic)."""
    current_hash: str | None
    runs: tuple[AnyRun, ...]
    controls: tuple[ControlRun, ...] = ()
    lane: str = "capability"
    split: str | None = None
    quarantined: str | None = None
    """The reason, when quarantined."""
    retired: str | None = None
    """The reason, when retired."""
    fixed_at: datetime | None = None
    """When the scenario's bug was fixed (its issue closed as completed): a change point."""
    fix_commit: str | None = None
    """The commit that fixed it, when the closing names one."""
    ancestry: Ancestry | None = None
    """The GAIA clone's history that says whether a run's commit holds ``fix_commit``."""
    mix: Mix = ()
    """(GAIA commit, machine, runs) this scenario adds to the report's runs of each commit and
    machine for its grouped runs (``store.Run.first`` set: counted in SQL,
    ``store.window_counts``), which name neither; the report sums every scenario's.
    ``read_health`` counts the whole window's once and gives them to one scenario; never given
    with a fix."""


class RecordFacts(NamedTuple):
    """What the report and ``health`` read of a record: from its model when it validates (``of``),
    else field by field so a damaged record still counts (``report.read.record_facts``), or
    for ``health`` alone from its JSON in one step (``_peek``: id, kind and whether it holds
    runs, a bug or a lifecycle change). Kept between calls in the run index as a JSON array, a
    field a value (``kept_row``, ``kept_facts``)."""

    id: str | None = None
    kind: str | None = None
    captured_at: datetime | None = None
    scrubbed: bool = False
    reviewed: bool = False
    tiers: frozenset[str] = frozenset()
    promoted_at: datetime | None = None
    problem: str | None = None
    run_stats: tuple[TierStats, ...] = ()
    """Each tier's judged runs on the runnable content of the latest run (tiers with any)."""
    adopted: bool = False
    """The record carries an adoption stamp (``intake adopt``), not a promotion."""
    rubric: tuple[int, int, int] | None = None
    """The rubric of the latest approval that has one: underspecified, criteria, minutes."""
    suite: str | None = None
    """The promotion stamp's suite type (``capability``, ``regression``); None unpromoted."""
    control: str | None = None
    """Gate 8 at promotion: ``fails``, ``allowed``, ``not_applicable``; None before gate 8."""
    dated_by_adoption: bool = False
    """Its ``captured_at`` is only the day of adoption (no capture date, no git history then)."""
    holds_runs: bool = False
    """It holds runs (``runs``, ``suite_runs``): ``health`` validates it to read them."""
    bug: bool = False
    lifecycle: bool = False
    quarantined: str | None = None
    """The latest lifecycle change's reason, when it quarantined the scenario."""
    retired: str | None = None
    """The latest lifecycle change's reason, when it retired the scenario."""
    fixed_at: datetime | None = None
    """When its bug was fixed (its issue closed as completed): health's change point."""
    settled: bool = False
    """Validated, and it carries no run, no control and no fix commit: ``health`` reads its
    scenario from these facts alone, kept or not."""

    def stats(self, tier: RunTier) -> TierStats:
        """``tier``'s judged runs on the latest content (none: zero runs)."""
        return next((s for s in self.run_stats if s.tier is tier), TierStats(tier, 0, 0))

    @classmethod
    def of(cls, record: Record) -> RecordFacts:
        """A validated record's facts."""
        last = record.lifecycle[-1] if record.lifecycle else None  # LifecycleState: a StrEnum
        bug, promotion = record.bug, record.promotion
        return cls(
            id=record.id,
            kind=record.source.kind.value,
            captured_at=_aware(record.source.captured_at),
            scrubbed=record.scrub is not None,
            reviewed=bool(record.reviews),
            tiers=frozenset(run.tier.value for run in record.runs),
            promoted_at=_aware(promotion.at) if promotion else None,
            run_stats=_run_stats(record),
            adopted=record.adoption is not None,
            rubric=_rubric(record),
            suite=_suite(record),
            control=_control(record),
            dated_by_adoption=_dated_by_adoption(record),
            holds_runs=bool(record.runs or record.suite_runs),
            bug=bug is not None,
            lifecycle=last is not None,
            quarantined=last.reason if last is not None and last.state == "quarantined" else None,
            retired=last.reason if last is not None and last.state == "retired" else None,
            fixed_at=_fixed_at(bug),
            settled=not (
                record.suite_runs
                or record.runs
                or record.controls
                or (bug is not None and bug.fix_commit)
            ),
        )


def _aware(moment: datetime) -> datetime:
    """``moment`` with UTC as its zone when it has none (``gitutil.aware``, not imported here)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _fixed_at(bug: BugLink | None) -> datetime | None:
    """When the bug was fixed: its issue closed as completed."""
    if bug is None or bug.closed_at is None or bug.state_reason not in (None, "completed"):
        return None
    return _aware(bug.closed_at)


def _dated_by_adoption(record: Record) -> bool:
    """Whether the record's only date is its adoption's (adopted before git dating, or no git)."""
    adoption = record.adoption
    if adoption is None or record.promotion is not None:
        return False
    dated_by = record.source.details.get("dated_by")
    return dated_by not in ("captured_from", "git") and _aware(record.source.captured_at) == _aware(
        adoption.at
    )


def _run_stats(record: Record) -> tuple[TierStats, ...]:
    """Per tier the judged runs on the runnable content of the latest run (tiers with any)."""
    if not record.runs:
        return ()
    latest = max(record.runs, key=lambda r: (r.at, r.recorded_at)).runnable_hash
    found = (tier_stats(record.runs, tier, latest) for tier in RunTier)
    return tuple(stats for stats in found if stats.runs)


def _suite(record: Record) -> str | None:
    """The promotion stamp's suite type; ``capability`` for a stamp from before suite types."""
    if record.promotion is None:
        return None
    return record.promotion.suite.value if record.promotion.suite else "capability"


def _control(record: Record) -> str | None:
    """Gate 8's verdict at promotion, from the stamp's gate details."""
    if record.promotion is None or "control" not in record.promotion.gates:
        return None
    if record.promotion.allow_passing_control:
        return "allowed"
    detail = record.promotion.gates["control"]
    if detail.startswith(("not applicable", "not required")):
        return "not_applicable"
    return "fails"


def _rubric(record: Record) -> tuple[int, int, int] | None:
    """The rubric of the record's latest approval that carries one."""
    for review in reversed(record.reviews):
        if review.decision.value == "approve" and review.rubric is not None:
            r = review.rubric
            return (r.underspecified, r.criteria, r.minutes)
    return None


def _peek(raw: bytes) -> RecordFacts | None:
    """What ``health`` reads of a record's JSON before it validates one; None when the JSON is
    no record (its id or source kind missing)."""
    try:
        doc = json.loads(raw)
        held = {key for key, value in doc.items() if value}  # the fields with a value
        return RecordFacts(
            id=doc["id"],
            kind=doc["source"]["kind"],
            holds_runs=bool(held & {"runs", "suite_runs"}),
            bug="bug" in held,
            lifecycle="lifecycle" in held,
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


class Rate(NamedTuple):
    """Judged runs and passes of one model or tier, with the Jeffreys interval and pass^k."""

    name: str
    tier: str
    judged: int
    passes: int
    low: float
    high: float
    pass_k: float | None = None

    @property
    def rate(self) -> float | None:
        """The pass rate (None without judged runs)."""
        return self.passes / self.judged if self.judged else None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "name": self.name,
            "tier": self.tier,
            "judged": self.judged,
            "passes": self.passes,
            "pass_rate": None if self.rate is None else round(self.rate, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "pass_k": None if self.pass_k is None else round(self.pass_k, 4),
        }

    def line(self) -> str:
        """``model 3/5 (60%, 27-88%)``."""
        if not self.judged:
            return f"{self.name} 0 judged"
        return (
            f"{self.name} {self.passes}/{self.judged} ({self.rate:.0%}, "
            f"{self.low:.0%}-{self.high:.0%})"
        )


class ScenarioHealth(NamedTuple):
    """One scenario's class and why: its own fields (``OWN``) and its verdict's, which
    scenarios whose runs count alike share (``classify``)."""

    scenario_id: str
    path: str
    category: str
    provenance: str
    klass: str
    why: str
    models: tuple[Rate, ...] = ()
    tiers: tuple[Rate, ...] = ()
    runs_read: int = 0
    infrastructure: int = 0
    older_hash_runs: int = 0
    split: str | None = None
    quarantined: str | None = None
    probability: float | None = None
    """The posterior probability of the class decided (of the leading one when undecided)."""
    leaning: str | None = None
    """The most probable class when undecided."""
    more_runs: int | None = None
    """About how many more judged runs per tier would decide it (undecided only)."""
    before_fix_runs: int = 0
    other_judge_runs: int = 0
    decidable: tuple[str, ...] = ()
    """The classes the tiers present can decide (saturated and inverted need both)."""

    def to_dict(self) -> dict[str, object]:
        """Its JSON (``render_json`` writes the same text, each verdict's part once)."""
        return {
            "id": self.scenario_id,
            "path": self.path,
            "category": self.category,
            "provenance": self.provenance,
            "class": self.klass,
            "why": self.why,
            "models": [m.to_dict() for m in self.models],
            "tiers": [t.to_dict() for t in self.tiers],
            "runs_read": self.runs_read,
            "infrastructure": self.infrastructure,
            "older_hash_runs": self.older_hash_runs,
            "split": self.split,
            "quarantined": self.quarantined,
            "probability": None if self.probability is None else round(self.probability, 4),
            "leaning": self.leaning,
            "more_runs": self.more_runs,
            "before_fix_runs": self.before_fix_runs,
            "other_judge_runs": self.other_judge_runs,
            "decidable": list(self.decidable),
        }


class Retired(NamedTuple):
    """A retired scenario: kept in the report with its reason."""

    scenario_id: str
    path: str
    reason: str


OWN = ("scenario_id", "path", "category", "provenance", "split", "quarantined")
"""A scenario's own fields (``HealthInput``'s, given to its ``ScenarioHealth``); the others are
its verdict's, which scenarios share."""
_own: Callable[[HealthInput], tuple[Any, ...]] = attrgetter(*OWN)


@dataclass
class HealthReport:
    """Everything ``intake health`` shows."""

    generated_at: datetime
    thresholds: dict[str, object]
    commits_read: list[tuple[str, int]]
    commits_left: list[tuple[str, int]]
    machines_read: list[tuple[str, int]]
    machines_left: list[tuple[str, int]]
    scenarios: list[ScenarioHealth]
    retired: list[Retired] = field(default_factory=list)
    headroom: list[tuple[str, int, int]] = field(default_factory=list)
    """Per category: (category, strong-tier judged capability runs, passes)."""
    notes: list[str] = field(default_factory=list)
    window: tuple[datetime, datetime] | None = None
    """The first and last start of the runs read (None: no run)."""
    outside_window: int = 0

    def counts(self) -> dict[str, dict[str, int]]:
        """Class → provenance → count (and ``total``)."""
        table = {k: {**dict.fromkeys(PROVENANCES, 0), "total": 0} for k in CLASSES}
        for s in self.scenarios:
            table[s.klass][s.provenance] = table[s.klass].get(s.provenance, 0) + 1
            table[s.klass]["total"] += 1
        return table

    def by_split(self) -> dict[str, dict[str, int]]:
        """Split (``train``, ``heldout``, ``none``) → class → count."""
        table: dict[str, dict[str, int]] = {}
        for s in self.scenarios:
            row = table.setdefault(s.split or "none", dict.fromkeys(CLASSES, 0))
            row[s.klass] += 1
        return dict(sorted(table.items()))

    @property
    def flagged(self) -> list[ScenarioHealth]:
        """The scenarios not healthy, which every rendering lists."""
        return [s for s in self.scenarios if s.klass != "healthy"]

    @property
    def quarantined(self) -> list[ScenarioHealth]:
        """The quarantined scenarios (they keep running)."""
        return [s for s in self.scenarios if s.quarantined is not None]

    def wanted_runs(self) -> list[tuple[str, int, int]]:
        """What would decide the undecided: (tier, scenarios, about how many runs each)."""
        table: dict[str, list[int]] = {}
        for s in self.scenarios:
            if s.klass != "undecided" or s.more_runs is None:
                continue
            for t in s.tiers:
                table.setdefault(t.tier, []).append(s.more_runs)
            if "saturated" not in s.decidable:
                missing = "strong" if not any(t.tier == "strong" for t in s.tiers) else "local"
                table.setdefault(missing, []).append(max(3, s.more_runs))
        return [(tier, len(v), sorted(v)[len(v) // 2]) for tier, v in sorted(table.items())]


def _key(value: str | None) -> str:
    return value if value is not None else UNKNOWN


def _n(run: AnyRun) -> int:
    """How many runs ``run`` stands for (a group of the run index: ``store.Run.n``)."""
    return getattr(run, "n", 1)


def _weight(runs: Iterable[AnyRun]) -> int:
    return sum(map(_n, runs))


def same_commit(a: str, b: str) -> bool:
    """Whether two commit names are one commit: equal, or one abbreviates the other
    (``meta.json`` keeps 8 hex digits, ``GITHUB_SHA`` 40)."""
    a, b = a.lower(), b.lower()
    return a == b or (min(len(a), len(b)) >= 7 and (a.startswith(b) or b.startswith(a)))


def _choose(
    runs: Sequence[AnyRun],
    attr: str,
    pinned: str | None,
    mix: bool,
    same: Callable[[str, str], bool] = str.__eq__,
    grouped: Counter[str | None] | None = None,
) -> tuple[set[str] | None, list[tuple[str, int]], list[tuple[str, int]]]:
    """The values of ``attr`` to read (None: all), and (value, runs) read and left out
    (``grouped``: the values' runs among the grouped runs, which name none)."""
    counts = Counter(getattr(r, attr) for r in runs if getattr(r, "first", None) is None)
    if grouped:
        counts.update(grouped)
    if None in counts:
        counts[UNKNOWN] += counts.pop(None)
    if (mix and pinned is None) or not runs:
        merged: dict[str, int] = {}  # one commit named by 8 digits and by 40 is one commit
        for key in sorted(counts, key=lambda k: (-len(k), k)):
            same_as = next((m for m in merged if same(m, key)), key)
            merged[same_as] = merged.get(same_as, 0) + counts[key]
        return None, sorted(merged.items()), []
    if grouped:
        raise ValueError("grouped runs name no commit or machine to pin")
    if pinned is not None:
        chosen = pinned
    else:
        newest = max(runs, key=lambda r: (r.at, r.run_id))
        chosen = _key(getattr(newest, attr))
    group = {k for k in counts if same(k, chosen)} or {chosen}
    shown = max(group, key=lambda k: (len(k), k))
    read = [(shown, sum(counts.get(k, 0) for k in group))]
    left = sorted((k, n) for k, n in counts.items() if k not in group)
    return group, read, left


_line = cache(Rate.line)
"""Each tier's rate as ``Rate.line`` writes it, made once a process (the verdicts share them)."""


@cache
def _rate(name: str, tier: str, n: int, passes: int, confidence: float, k: int) -> Rate:
    """Each rate made once a process (scenarios share them; frozen)."""
    low, high = jeffreys(passes, n, confidence)
    return Rate(name, tier, n, passes, low, high, pass_hat_k(passes, n, k))


def _rates(runs: Iterable[AnyRun], bars: Bars, k: int) -> tuple[list[Rate], list[Rate]]:
    """The rates per model and per tier of judged ``runs``, strong first."""
    models: dict[tuple[str, str], list[int]] = {}
    tiers: dict[tuple[str, str], list[int]] = {}
    for run in runs:
        tier = str(run.tier)  # a record's tier is the enum (a StrEnum), the store's its value
        n = _n(run)
        for groups, key in ((models, (run.model, tier)), (tiers, (tier, tier))):
            cell = groups.setdefault(key, [0, 0])
            cell[0] += n
            cell[1] += n if run.status == "PASS" else 0
    order = {"strong": 0, "local": 1}

    def rated(groups: dict[tuple[str, str], list[int]]) -> list[Rate]:
        ordered = sorted(groups.items(), key=lambda i: (order[i[0][1]], i[0][0]))
        return [_rate(name, tier, n, p, bars.confidence, k) for (name, tier), (n, p) in ordered]

    return rated(models), rated(tiers)


def _judge_flaky(controls: Sequence[ControlRun], current: str | None) -> bool:
    outcomes: dict[str, set[bool]] = {}
    for c in controls:
        if c.runnable_hash == current and c.status in JUDGED_STATUSES:
            outcomes.setdefault(c.replay_hash, set()).add(c.status == "PASS")
    return any(len(v) == 2 for v in outcomes.values())


def _segment(item: HealthInput, runs: Sequence[AnyRun]) -> tuple[list[AnyRun], int, int]:
    """The runs of the segment read: after the bug's fix, of the newest judge; with the counts
    of runs left out before the fix and of other judges."""
    kept = list(runs)
    before_fix = 0
    if item.fixed_at is not None:
        from intake.gitutil import tested_before_fix

        fixed, fix, ancestry = item.fixed_at, item.fix_commit, item.ancestry
        if ancestry is not None:
            ancestry.prime(fix, [r.gaia_commit for r in kept])
        kept = [
            r for r in kept if not tested_before_fix(r.at, r.gaia_commit, fixed, fix, ancestry)[0]
        ]
        before_fix = _weight(runs) - _weight(kept)
    judges = {r.judge_model for r in kept if r.judge_model is not None}
    other = 0
    if len(judges) > 1:
        newest = max(
            (r for r in kept if r.judge_model is not None), key=lambda r: (r.at, r.run_id)
        ).judge_model
        # A run whose judge is unknown (killed before GAIA wrote its scorecard, where the
        # judge is named) is the newest judge's only when it started in that judge's era.
        era = min(r.at for r in kept if r.judge_model == newest)
        same = [
            r for r in kept if r.judge_model == newest or (r.judge_model is None and r.at >= era)
        ]
        other = _weight(kept) - _weight(same)
        kept = same
    return kept, before_fix, other


_VERDICTS: dict[tuple[Any, ...], ScenarioHealth] = {}
"""Each verdict made once a process, per runs that count alike (``_alike``; frozen): a
``ScenarioHealth`` whose own fields (``OWN``) are blank, as ``classify`` fills them."""
_KEPT_VERDICTS: dict[str, str] = {}
"""Verdicts the run index kept between processes (``health_of``): the key's text
(``posterior.args_text``) → the verdict's (``_kept_text``), each read when first asked for."""
_NEW_VERDICTS: list[tuple[tuple[Any, ...], ScenarioHealth]] = []
"""The verdicts made in this call of ``health_of``, with their keys (it keeps them)."""
_BEFORE_A_VERDICT: list[Callable[[], None]] = []
"""Done once before this process makes its first verdict (``health_of``: the decisions'
kept answers read), and not at all when every verdict was kept."""


def _alike(item: HealthInput, runs: Sequence[AnyRun]) -> tuple[Any, ...] | None:
    """What ``_verdict`` reads of ``runs``: per run (or group) whether it is of the current
    hash, its model, tier, status and weight. None when the verdict needs more: a bug's fix
    or more than one judge (runs are placed by their start), or controls."""
    if item.fixed_at is not None or item.controls:
        return None
    current, judge = item.current_hash, None
    key = []
    for r in runs:
        if r.judge_model is not None:
            if judge is None:
                judge = r.judge_model
            elif r.judge_model != judge:
                return None
        key.append((r.runnable_hash == current, r.model, r.tier, r.status, _n(r)))
    return tuple(key)


def classify(
    item: HealthInput,
    runs: Sequence[AnyRun],
    *,
    bars: Bars,
    pass_k: int = 3,
) -> ScenarioHealth:
    """One scenario's class over ``runs`` (already narrowed to the window): its verdict with
    the scenario's own fields (``OWN``, named alike in both)."""
    return _decided(item, runs, bars, pass_k)._replace(**dict(zip(OWN, _own(item), strict=True)))


def _decided(item: HealthInput, runs: Sequence[AnyRun], bars: Bars, pass_k: int) -> ScenarioHealth:
    """``_verdict``, made once per runs that count alike (``_alike``) and thresholds: found in
    this process, else among those kept between processes, else made (and listed to keep)."""
    alike = _alike(item, runs)
    key = None if alike is None else (alike, bars, pass_k)
    v = None if key is None else _VERDICTS.get(key)
    if v is None and key is not None and _KEPT_VERDICTS:
        text = _KEPT_VERDICTS.get(args_text(key))
        if text is not None:
            try:
                v = _VERDICTS[key] = _verdict_of(text)
            except (ValueError, TypeError):  # a kept verdict damaged: made again
                v = None
    if v is None:
        while _BEFORE_A_VERDICT:
            _BEFORE_A_VERDICT.pop()()
        v = _verdict(item, runs, bars, pass_k)
        if key is not None:
            _VERDICTS[key] = v
            _NEW_VERDICTS.append((key, v))
    return v


def _verdict_of(text: str) -> ScenarioHealth:
    """A kept verdict (``_kept_text``) as it was made; its JSON's parts are kept for
    ``render_json`` (``_VERDICT_JSON``)."""
    kept, middle, tail = text.split("\n")
    fields = json.loads(kept)
    if len(fields) != len(ScenarioHealth._fields):
        raise ValueError("not a kept verdict")
    v = ScenarioHealth._make(fields)  # JSON's arrays where the fields hold rates and tuples
    models, tiers = (tuple(map(Rate._make, rates)) for rates in (v.models, v.tiers))
    v = v._replace(models=models, tiers=tiers, decidable=tuple(v.decidable))
    _VERDICT_JSON[_verdict_fields(v)] = (middle, tail)
    return v


def _kept_text(v: ScenarioHealth) -> str:
    """A verdict as the run index keeps it, three lines: ``json.dumps`` of its fields (its
    rates as arrays, every float's bits kept) and its JSON's two parts (``_verdict_json``;
    JSON without ``indent`` holds no line break)."""
    return "\n".join((json.dumps(v), *_verdict_json(v)))


def _verdict(item: HealthInput, runs: Sequence[AnyRun], bars: Bars, pass_k: int) -> ScenarioHealth:
    """What ``runs`` decide of ``item``: its runs counted and rated (its own fields blank:
    ``classify`` gives each scenario's), then a class no rate decides (``_unrated``), else the
    class its rates support (``_rated``)."""
    current = [r for r in runs if r.runnable_hash == item.current_hash]
    older = _weight(runs) - _weight(current)
    current, before_fix, other_judge = _segment(item, current)
    judged = [r for r in current if r.status in JUDGED_STATUSES]
    read = _weight(current)
    models, tiers = (tuple(rates) for rates in _rates(judged, bars, pass_k))
    both = _tier(tiers, "strong") is not None and _tier(tiers, "local") is not None
    v = ScenarioHealth(
        *("", "", "", "", "", "", models, tiers, read, read - _weight(judged), older),
        before_fix_runs=before_fix,
        other_judge_runs=other_judge,
        decidable=DECIDED if both else _ONE_TIER,
    )
    return _unrated(item, v, bool(current), bars) or _rated(v, bars)


_ONE_TIER = tuple(k for k in DECIDED if k not in ("inverted", "saturated"))
"""The classes one tier's runs can decide (saturated and inverted need a strong and a local
model)."""


def _tier(tiers: Sequence[Rate], name: str) -> Rate | None:
    return next((t for t in tiers if t.tier == name), None)


def _unrated(item: HealthInput, v: ScenarioHealth, ran: bool, bars: Bars) -> ScenarioHealth | None:
    """The classes decided before any rate (``ran``: whether a run of the current hash is read
    in the segment): stale, every run before the fix, never judged, judge-flaky; else None."""
    if not ran and v.older_hash_runs:
        why = f"{v.older_hash_runs} run(s), all of an older runnable hash: re-run it"
        return v._replace(klass="stale", why=why)
    if not ran and v.before_fix_runs:
        why = f"{v.before_fix_runs} run(s), all before the bug's fix: re-run it"
        return v._replace(klass="undecided", why=why, more_runs=bars.min_runs)
    if not v.tiers:  # no judged run
        why = (
            f"{v.infrastructure} run(s), every one an infrastructure status"
            if v.infrastructure
            else "no run of it in the window"
        )
        return v._replace(klass="never-judged", why=why)
    if _judge_flaky(item.controls, item.current_hash):
        why = "the same replayed answers were judged both PASS and not"
        return v._replace(klass="judge-flaky", why=why)
    return None


def _rated(v: ScenarioHealth, bars: Bars) -> ScenarioHealth:
    """The class ``v``'s tier rates support at ``bars.confidence`` (``posterior.decide``; a
    flaky tier that pools models checked model by model: ``_mixed_tier``), or undecided with
    its leaning and about how many more runs would decide it."""
    strong, local = _tier(v.tiers, "strong"), _tier(v.tiers, "local")
    counts_s = (strong.passes, strong.judged) if strong else None
    counts_l = (local.passes, local.judged) if local else None
    klass, probability, probs = decide(counts_s, counts_l, bars)
    shown = "; ".join(_line(t) for t in v.tiers)
    if klass == "flaky" and len(v.models) > len(v.tiers):
        clear = _mixed_tier(v.models, bars)
        if clear is not None:
            return v._replace(
                klass="healthy",
                why=f"healthy: no model is a coin flip (each outside the band at {clear:.0%} or "
                "more); a tier pools models that differ: " + "; ".join(m.line() for m in v.models),
                probability=clear,
            )
    only = (
        ""
        if strong and local
        else (
            f" (only the {'strong' if strong else 'local'} tier ran: saturated and inverted "
            "need a strong and a local model)"
        )
    )
    if klass != "undecided":
        top = "" if klass != "always-fail" or strong else " on the strongest model present"
        why = f"{klass}{top} at {probability:.0%}: {shown}{only}"
        return v._replace(klass=klass, why=why, probability=probability)
    leaning = max(probs, key=lambda kv: kv[1])[0] if probs else None
    more = more_runs(counts_s, counts_l, bars)
    hint = (
        f"about {more} more judged run(s) per tier would decide it"
        if more is not None
        else "its rate lies near a bar: many more runs would be needed"
    )
    lean = (
        f"leans {leaning} at {probability:.0%}"
        if leaning and probability >= 0.5
        else "no class likely yet"
    )
    return v._replace(
        klass="undecided",
        why=f"{lean}: {shown}; {hint}{only}",
        probability=probability if leaning else None,
        leaning=leaning,
        more_runs=more,
    )


def _mixed_tier(models: Sequence[Rate], bars: Bars) -> float | None:
    """A flaky call on a tier that pools several models, checked model by model (a pooled rate
    can sit in the coin-flip band when no model's outcome flips: local A 12/12 and B 0/12):
    when every model, read alone with ``min_runs`` runs or more, lies outside the band at
    ``confidence``, the least of those probabilities (the case is healthy); else None, and the
    pooled call stands (models alike pool soundly; a test of "the models differ" cost alike
    coin flips their call in the third outside audit). ``docs/health.md``, "Decisions"."""
    least = 1.0
    for m in models:
        if m.judged < bars.min_runs:
            return None
        alone = (m.passes, m.judged)
        strong = m.tier == "strong"
        _, _, probs = decide(alone if strong else None, None if strong else alone, bars)
        outside = 1.0 - dict(probs).get("flaky", 0.0)
        if outside < bars.confidence:
            return None
        least = min(least, outside)
    return least


def _window(runs: Sequence[AnyRun], nights: int) -> datetime | None:
    """The first start a run must have to be read: ``nights`` nights back from the newest run
    GAIA's runner made (a run ``intake run``/``run-record`` recorded, ``RecordedRun``, is read
    when it started after this but never moves it; the newest of those only when no other)."""
    if not runs or nights <= 0:
        return None
    made = [r.at for r in runs if not getattr(r, "recorded", False)]
    newest: datetime = max(made or map(attrgetter("at"), runs))
    return newest - timedelta(days=nights) + timedelta(hours=1)


def _mixed(
    active: Sequence[HealthInput], start: datetime | None
) -> tuple[Counter[str | None], Counter[str | None]]:
    """The runs of each GAIA commit and of each machine among the grouped runs (which lie in
    the window: ``read_health`` reads a scenario's runs one by one when they could not)."""
    if start is not None:
        for item in active:
            if any((getattr(r, "first", None) or start) < start for r in item.runs):
                raise ValueError(f"grouped runs of {item.scenario_id} across the window's start")
    commits: Counter[str | None] = Counter()
    machines: Counter[str | None] = Counter()
    for item in active:
        for gaia_commit, on, n in item.mix:
            commits[gaia_commit] += n
            machines[on] += n
    return commits, machines


def build_health(
    items: Sequence[HealthInput],
    *,
    bars: Bars | None = None,
    window_nights: int = 14,
    pass_k: int = 3,
    commit: str | None = None,
    all_commits: bool = True,
    machine: str | None = None,
    all_machines: bool = True,
    now: datetime | None = None,
) -> HealthReport:
    """Classify every scenario; pure (the clock is ``now``)."""
    bars = bars or Bars()
    active = [i for i in items if i.retired is None]
    everything = [r for i in active for r in i.runs]
    start = _window(everything, window_nights)
    inside = [r for r in everything if start is None or r.at >= start]
    by_commit, by_machine = _mixed(active, start)
    commits, commits_read, commits_left = _choose(
        inside, "gaia_commit", commit, all_commits, same_commit, by_commit
    )
    on_commit = inside if commits is None else [r for r in inside if _key(r.gaia_commit) in commits]
    machines, machines_read, machines_left = _choose(
        on_commit, "machine", machine, all_machines, grouped=by_machine
    )

    def kept(runs: Sequence[AnyRun]) -> list[AnyRun]:
        if start is not None:
            runs = [r for r in runs if r.at >= start]
        if commits is not None:
            runs = [r for r in runs if _key(r.gaia_commit) in commits]
        if machines is not None:
            runs = [r for r in runs if _key(r.machine) in machines]
        return list(runs)

    read = [(i, kept(i.runs)) for i in active]
    scenarios = [classify(i, runs, bars=bars, pass_k=pass_k) for i, runs in read]
    outside = 0 if start is None else _weight(r for r in everything if r.at < start)
    by_start = sum(
        1
        for i, runs in read
        if i.fixed_at is not None
        for r in runs
        if i.ancestry is None or i.ancestry.contains(r.gaia_commit, i.fix_commit) is None
    )
    left = (
        outside,
        sum(n for _, n in commits_left),
        sum(n for _, n in machines_left),
        sum(s.before_fix_runs for s in scenarios),
        by_start,
        sum(s.other_judge_runs for s in scenarios),
    )
    notes = [
        f"{n} run(s) {what.format(nights=window_nights)}"
        for n, what in zip(left, _LEFT_OUT, strict=True)
        if n
    ]
    return HealthReport(
        generated_at=now or datetime.now(UTC),
        thresholds={
            "health_window_nights": window_nights,
            **{f"health_{name}": value for name, value in bars._asdict().items()},
            "health_pass_k": pass_k,
            "interval": "Jeffreys",
            "health_commit": commit,
            "health_all_commits": all_commits,
            "health_machine": machine,
            "health_all_machines": all_machines,
        },
        commits_read=commits_read,
        commits_left=commits_left,
        machines_read=machines_read,
        machines_left=machines_left,
        scenarios=sorted(scenarios, key=lambda s: (CLASSES.index(s.klass), s.scenario_id)),
        retired=[Retired(i.scenario_id, i.path, i.retired) for i in items if i.retired is not None],
        headroom=_headroom(read),
        notes=notes,
        window=_span([r for _, runs in read for r in runs]),
        outside_window=outside,
    )


def _span(runs: Sequence[AnyRun]) -> tuple[datetime, datetime] | None:
    """The first and last start of the runs read (a group's: its first run's); None: no run."""
    if not runs:
        return None
    return min(getattr(r, "first", None) or r.at for r in runs), max(r.at for r in runs)


_LEFT_OUT = (
    "started before the window of {nights} night(s) left out (health_window_nights)",
    "of other GAIA commits left out (health_commit / health_all_commits)",
    "of other runner machines left out (health_machine / health_all_machines)",
    "from before a bug's fix left out (never pooled across a fix)",
    "of a fixed bug's scenario placed before or after the fix by their start (no fix commit, "
    "or a commit the GAIA clone does not know: gaia_git)",
    "of an older judge left out",
)
"""The report's notes of the runs it left out, each after its count (``build_health``)."""


def _headroom(read: Sequence[tuple[HealthInput, list[AnyRun]]]) -> list[tuple[str, int, int]]:
    """Per category of capability cases: the strong tier's judged runs of the current hash read,
    and their passes."""
    head: dict[str, list[int]] = {}
    for item, runs in read:
        if item.lane != "capability":
            continue
        cell = head.setdefault(item.category, [0, 0])
        judged = [  # RunTier.strong == "strong": a record's run or the store's
            r
            for r in runs
            if r.runnable_hash == item.current_hash
            and r.tier == "strong"
            and r.status in JUDGED_STATUSES
        ]
        cell[0] += _weight(judged)
        cell[1] += _weight(r for r in judged if r.status == "PASS")
    return [(c, n, k) for c, (n, k) in sorted(head.items())]


@dataclass
class _Tally:
    """A category's noise as it is summed."""

    scenarios: int = 0
    pairs: int = 0
    flips: int = 0
    score_sd: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """The category's entry of the noise document."""
        import statistics

        return {
            "scenarios": self.scenarios,
            "pairs": self.pairs,
            "flips": self.flips,
            "flip_rate": round(self.flips / self.pairs, 4) if self.pairs else None,
            "score_sd": (round(statistics.fmean(self.score_sd), 3) if self.score_sd else None),
        }


def _model_noise(runs: Sequence[AnyRun], cat: _Tally) -> dict[str, object]:
    """One model's judged runs of a scenario, by start: its entry of the noise document (the
    flips between consecutive runs and the spread of their scores), added to its category's."""
    import statistics

    outcomes = [r.status == "PASS" for r in runs]
    pairs = max(len(outcomes) - 1, 0)
    flips = sum(a != b for a, b in zip(outcomes, outcomes[1:], strict=False))
    scores = [r.score for r in runs if r.score is not None]
    sd = statistics.pstdev(scores) if len(scores) > 1 else None
    cat.pairs += pairs
    cat.flips += flips
    if sd is not None:
        cat.score_sd.append(sd)
    return {
        "tier": str(runs[0].tier),
        "runs": len(runs),
        "passes": sum(outcomes),
        "pairs": pairs,
        "flips": flips,
        "flip_rate": round(flips / pairs, 4) if pairs > 0 else None,
        "score_mean": round(statistics.fmean(scores), 3) if scores else None,
        "score_sd": None if sd is None else round(sd, 3),
        "score_min": min(scores) if scores else None,
        "score_max": max(scores) if scores else None,
    }


def noise(
    items: Sequence[HealthInput], *, window_nights: int = 14, now: datetime | None = None
) -> dict[str, object]:
    """The noise floor from history (``intake health --noise FILE``, schema ``intake-noise/1``
    in docs/health.md): per scenario and model, and per category, the run-to-run flip rate
    (consecutive judged runs, by start, whose outcome differs, over the pairs) and the spread
    of GAIA's ``overall_score``, over the runs health reads (the window, the current hash,
    after a fix, the newest judge). A PASS to FAIL of a case whose flip rate is high is within
    its noise, not a regression."""
    active = [i for i in items if i.retired is None]
    start = _window([r for i in active for r in i.runs], window_nights)
    scenarios: dict[str, object] = {}
    categories: dict[str, _Tally] = {}
    for item in active:
        if item.mix or any(getattr(r, "first", None) is not None for r in item.runs):
            raise ValueError("the noise floor needs each run (read_health grouped=False)")
        current = [
            r
            for r in item.runs
            if r.runnable_hash == item.current_hash and (start is None or r.at >= start)
        ]
        kept, _, _ = _segment(item, current)
        by_model: dict[str, list[AnyRun]] = {}
        for run in sorted(kept, key=lambda r: (r.at, r.run_id)):
            if run.status in JUDGED_STATUSES:
                by_model.setdefault(run.model, []).append(run)
        if not by_model:
            continue
        cat = categories.setdefault(item.category, _Tally())
        cat.scenarios += 1
        models = {model: _model_noise(runs, cat) for model, runs in sorted(by_model.items())}
        scenarios[item.scenario_id] = {"category": item.category, "models": models}
    return {
        "schema": "intake-noise/1",
        "generated_at": (now or datetime.now(UTC)).isoformat(timespec="seconds"),
        "window_nights": window_nights,
        "window_start": None if start is None else start.isoformat(timespec="seconds"),
        "categories": {name: c.to_dict() for name, c in sorted(categories.items())},
        "scenarios": dict(sorted(scenarios.items())),
    }


# --- reading ------------------------------------------------------------------------------


def with_stored(record: Record, stored: Sequence[SuiteRun]) -> Record:
    """The record with the run store's runs of it beside the runs it carries (a run that is in
    both, imported before the store and again since, once)."""
    return record.model_copy(update={"suite_runs": all_runs(record, stored, recorded=False)})


def all_runs(
    record: Record, stored: Sequence[AnyRun] = (), *, recorded: bool = True
) -> list[AnyRun]:
    """The record's imported runs, the run store's runs of it (``stored``; one imported
    before the store and again since, once) and, with ``recorded``, the runs recorded through
    ``intake run``/``run-record`` (``Record.runs``, no GAIA commit or machine known), each run
    once."""
    runs: list[AnyRun] = list(record.suite_runs)
    if stored and runs:
        carried = {(r.run_id, r.model, r.machine) for r in runs}
        runs += [r for r in stored if (r.run_id, r.model, r.machine) not in carried]
    else:
        runs += stored
    if not recorded or not record.runs:
        return runs
    from intake.contract.models import RecordedRun, RunBase

    seen = {(r.run_id, r.model) for r in runs}
    for run in record.runs:
        if (run.run_id, run.model) not in seen:
            seen.add((run.run_id, run.model))
            runs.append(RecordedRun(**{name: getattr(run, name) for name in RunBase.model_fields}))
    return runs


_KEPT_BY = (
    "read.py",
    "model.py",
    "health.py",
    "../contract/plain.py",
    "../contract/models.py",
    "../contract/yamlio.py",
)


@cache
def kept_version() -> str:
    """The checksums (``posterior.checksums``) of the code that decides what the run index's
    record_facts table keeps of a file (a row by its absolute path: ``[version, what was
    read]``, a scenario's top keys or a record's facts): a row kept by other code is read
    again."""
    return checksums(*(Path(__file__).parent / name for name in _KEPT_BY))


def kept_part(known: tuple[tuple[int, int, int], str] | None, st: os.stat_result | None) -> Any:
    """What the row ``known`` kept of a file, when this code kept it of the file as ``st``
    shows it (None: else, and it is read again)."""
    if known is None or st is None or known[0] != stamp(st):
        return None
    try:
        row = json.loads(known[1])
    except ValueError:
        return None
    ours = isinstance(row, list) and len(row) == 2 and row[0] == kept_version()
    return row[1] if ours else None


def kept_row(value: object) -> str:
    """The row that keeps ``value`` (a scenario's top keys, or a record's facts) of a file."""
    return json.dumps([kept_version(), value], default=_plain)


def _plain(value: object) -> object:
    """JSON for what a record's facts hold beyond JSON: times, tier sets, tier stats."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, TierStats):
        return (value.tier.value, value.runs, value.passes)
    raise TypeError(f"{type(value).__name__} is not kept")


def kept_facts(value: list[Any]) -> RecordFacts:
    """The facts ``kept_row`` wrote, field by field (this code's: the row's version says so)."""
    facts = RecordFacts(*value)
    kept: Any = facts  # JSON's text and lists where the fields hold times, sets and stats
    return facts._replace(
        tiers=frozenset(kept.tiers),
        captured_at=parse_when(kept.captured_at),
        promoted_at=parse_when(kept.promoted_at),
        fixed_at=parse_when(kept.fixed_at),
        run_stats=tuple(TierStats(RunTier(t), n, p) for t, n, p in kept.run_stats),
        rubric=None if kept.rubric is None else tuple(kept.rubric),
    )


def _input(
    settings: Settings,
    path: Path | str,
    peek: RecordFacts,
    facts: ScenarioFacts | None,
    runs: tuple[AnyRun, ...] = (),
    controls: tuple[ControlRun, ...] = (),
    fix_commit: str | None = None,
    ancestry: Ancestry | None = None,
    *,
    never_run: bool = False,
) -> HealthInput:
    """One scenario as health reads it, from what is known of its record (``peek``: validated
    or kept), its runs, its bug's fix commit and the clone that places runs against it
    (``facts``: the file's, read when None). Its category is its folder's name when the file
    names none, or (``never_run``: a record with no run and no lifecycle change) a blank one."""
    if facts is None:
        try:
            facts = read_facts(Path(path).read_bytes())
        except OSError:
            facts = NO_FACTS
    category = facts.category
    if category is None or (never_run and not category):
        category = Path(path).parent.name
    return HealthInput(
        scenario_id=str(peek.id),
        path=_shown(settings, path),
        category=category,
        provenance="real" if peek.kind in REAL_KINDS else "hand",
        current_hash=facts.runnable_hash,
        runs=runs,
        controls=controls,
        fixed_at=peek.fixed_at,
        fix_commit=fix_commit,
        ancestry=ancestry,
        lane="regression" if "regression" in facts.tags else "capability",
        split=split_of(facts.tags),
        quarantined=peek.quarantined,
        retired=peek.retired,
    )


def _shown(settings: Settings, path: Path | str) -> str:
    """``path`` (or its text) relative to the suite root (as ``display_path`` shows it,
    without resolving every file: a suite's files are below its root; by its text, as
    ``relative_to`` reads it, a thousand ``PurePath`` parses fewer)."""
    root, text = str(settings.root), str(path)
    if text.startswith(root) and text[len(root) : len(root) + 1] == os.sep:
        return text[len(root) + 1 :].replace(os.sep, "/")
    try:
        return Path(path).relative_to(settings.root).as_posix()
    except ValueError:
        return display_path(Path(path), settings.root)


_Read = tuple["SuiteFile", bytes | None, RecordFacts | None]
"""A record as ``_records`` reads it: (file, bytes, facts)."""


def _records(
    files: Sequence[SuiteFile],
    kept: dict[str, tuple[tuple[int, int, int], str]],
    bugs: bool,
) -> list[_Read]:
    """Each scenario's record as (file, bytes, facts): bytes None when it cannot be read, the
    facts None when it is no record (its id and source kind unreadable; else ``_peek``'s). A
    settled record ``kept`` holds unchanged (size and times: ``known_records``) is not read,
    unless ``bugs`` wants it validated (it may name a bug): its facts are those kept, its
    bytes empty."""
    found: list[_Read] = []
    for file in files:
        if not file.record or file.record_link or file.link:
            continue
        st = file.record_stat
        known = kept_part(kept.get(os.path.abspath(file.record_text)), st)
        if isinstance(known, list):
            facts = kept_facts(known)
            if facts.settled and not (bugs and (facts.bug or facts.kind == "issue")):
                found.append((file, b"", facts))
                continue
        raw = _bounded(file.record_text, st)
        found.append((file, raw, None if raw is None else _peek(raw)))
    return found


def _bounded(path: str, st: os.stat_result | None) -> bytes | None:
    """A record's bytes as the listing saw it (a regular file, no link), at most
    ``MAX_RECORD_BYTES`` (the report's bound, ``fileio.read_input``'s check, without importing
    its writers); None when larger or unreadable."""
    if st is None or st.st_size > MAX_RECORD_BYTES:
        return None
    try:  # a link or a FIFO swapped in since the listing is refused at the open, not followed
        fd = os.open(path, nonblocking_read_flags() | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return raw if len(raw) <= MAX_RECORD_BYTES else None


def _one_by_one(peek: RecordFacts) -> bool:
    """Whether a scenario's stored runs are read one by one, not counted in SQL: its record
    carries runs (each run is counted once, with the store's), a bug (runs are placed before
    or after its fix one by one) or it is an issue's (the bugs report reads its runs); so are
    those two judges judged (``_stored``)."""
    return peek.holds_runs or peek.bug or peek.kind == "issue"


def _every_commit_and_machine(settings: Settings) -> bool:
    """Whether the settings read every GAIA commit and runner machine (the defaults): only then
    can the stored runs be read as counts, which name neither."""
    return (
        settings.health_all_commits
        and settings.health_all_machines
        and settings.health_commit is None
        and settings.health_machine is None
    )


def _past_the_store(items: Sequence[HealthInput], newest: datetime | None) -> bool:
    """Whether a record's own imported run started after the newest stored run read as counts
    (``newest``; None: not read as counts): it would move the window inside a group."""
    return newest is not None and any(
        r.at > newest
        for i in items
        for r in i.runs
        if getattr(r, "first", None) is None and not getattr(r, "recorded", False)
    )


def _stored(
    settings: Settings,
    peeks: Sequence[RecordFacts | None],
    left_out: Claimed,
    grouped: bool,
) -> tuple[dict[str, list[Run]], Counts, set[str]]:
    """The window's stored runs per scenario id: counted in SQL (``store.window_counts``)
    when ``grouped``, but for the scenarios ``_one_by_one`` names (the ids returned); with the
    counts (when not ``grouped``, only the runs before the window: no group, no place)."""
    from intake.lifecycle.runs.store import window_counts, window_rows

    nights = settings.health_window_nights
    if not grouped:
        rows, left = window_rows(settings, nights=nights, left_out=left_out)
        return rows, Counts({}, (), left, None), set()
    counts = window_counts(settings, nights=nights, left_out=left_out)
    singly = [
        p.id
        for p in peeks
        if p is not None and isinstance(p.id, str) and p.id in counts.groups and _one_by_one(p)
    ]
    singly += [  # which judge is the newest is decided run by run (start, then run id)
        sid
        for sid, runs in counts.groups.items()
        if len({r.judge_model for r in runs if r.judge_model is not None}) > 1
    ]
    rows, _ = window_rows(settings, nights=nights, left_out=left_out, ids=singly)
    store: dict[str, list[Run]] = {**counts.groups}
    for sid in singly:
        store[sid] = rows.get(sid, [])
    return store, counts, set(singly)


def _carried(
    settings: Settings,
    items: list[HealthInput],
    counts: Counts,
    singly: set[str],
    left_out: Claimed,
) -> None:
    """Give the window's runs per commit and machine (``counts.places``: every stored
    scenario's) to the first scenario read as counts (not in ``singly``) that is not retired:
    each such scenario's once, as ``build_health`` sums them; a stored scenario read otherwise,
    twice or not at all (retired, no record, read run by run) is taken out or added again, from
    its own (``store.window_mix``)."""
    from intake.lifecycle.runs.store import window_mix

    places, every = counts.places, set(counts.groups)
    grouped = every.difference(singly)
    times = Counter(i.scenario_id for i in items if i.retired is None and i.scenario_id in grouped)
    carrier = next(
        (n for n, i in enumerate(items) if i.retired is None and times[i.scenario_id]), None
    )
    if carrier is None or not places:
        return
    total: dict[tuple[str | None, str | None], int] = {(c, m): n for c, m, n in places}
    odd = [sid for sid in sorted(every) if times[sid] != 1]
    for sid, own in window_mix(settings, odd, since=counts.since, left_out=left_out).items():
        for c, m, n in own:
            total[c, m] = total.get((c, m), 0) + (times[sid] - 1) * n
    kept = tuple((c, m, n) for (c, m), n in total.items() if n > 0)
    items[carrier] = items[carrier]._replace(mix=kept)


def read_health(
    settings: Settings,
    *,
    fast: bool = False,
    bugs: list[tuple[Record, str]] | None = None,
    left_out: Claimed | None = None,
    grouped: bool = True,
    kept: dict[str, tuple[tuple[int, int, int], str]] | None = None,
) -> tuple[list[HealthInput], list[str]]:
    """Every scenario with a record under the scenarios and retired folders; unreadable records
    are noted, not fatal.

    Each record is read with ``json``; only one that holds imported runs or a lifecycle change
    (or may name a bug, for ``bugs``) is validated in full, and only the first kind has its
    scenario parsed for the current hash (any other is ``never-judged`` whatever its text),
    which keeps a 10,000-scenario report from validating the evidence every record carries.
    ``fast`` also skips the scenario files of those (no split or lane for them: the report's
    summary needs neither). ``bugs``
    collects the (record, shown path) of each record that may name a bug
    (``intake.report.bugs``), from the same pass. The run files a change claims
    (``left_out``; default: ``store.claimed`` against the base ``check`` would find) are not
    read, and a note says how many.

    ``grouped`` (with every commit and machine read, the default settings) reads the stored
    runs as counts (``store.window_counts``: the decisions need counts, not runs), but those of
    a scenario whose record carries runs or a bug; the noise floor needs each run
    (``grouped=False``). A record's imported run that started after every stored one (it would
    move the window inside a group) has the whole suite read run by run; a run ``intake run``
    recorded moves no window (``_window``).

    ``kept``: the run index's record-facts rows as the caller read them (and what it read
    now: ``intake.report.read.Kept.rows``), so that a record the report read is not read again.
    """
    from intake.errors import InputError
    from intake.lifecycle.runs.store import (
        claimed,
        index_path,
        known_records,
        remember_records,
        scenario_facts,
        store_dir,
        suite_files,
    )

    grouped = grouped and _every_commit_and_machine(settings)
    notes: list[str] = []
    if left_out is None:
        left_out = claimed(settings)
    if (note := left_out.note()) is not None:
        notes.append(note)
    files = suite_files(settings.scenarios, settings.retired)
    cached = store_dir(settings).is_dir() or index_path(settings).parent.is_dir()
    if kept is None:  # the run index (beside the ledger) keeps each file's facts
        kept = known_records(settings) if cached else {}
    records = _records(files, kept, bugs is not None)
    try:
        store, counts, singly = _stored(settings, [r[2] for r in records], left_out, grouped)
    except InputError as exc:
        notes.append(f"run store unreadable, its runs left out: {exc}")
        store, counts, singly = {}, Counts({}, (), 0, None), set()
    if counts.left:
        nights = settings.health_window_nights
        notes.append(f"{counts.left} stored run(s) {_LEFT_OUT[0].format(nights=nights)}")
    from intake.gitutil import Ancestry

    ancestry = Ancestry.of(settings)
    facts: dict[str, ScenarioFacts] = (
        scenario_facts(
            settings,
            [f.text for f in files if not f.link],
            {f.text: f.stat for f in files if not f.link},
        )
        if cached
        else {}
    )
    validated: list[tuple[str, os.stat_result, str]] = []
    read = [
        _item(settings, r, store, (facts, validated), ancestry, bugs, fast=fast, cached=cached)
        for r in records
    ]
    remember_records(settings, validated)
    items = [item for item in read if not isinstance(item, str)]
    notes += [note for note in read if isinstance(note, str)]
    if _past_the_store(items, counts.newest):
        if bugs is not None:
            bugs.clear()
        return read_health(
            settings, fast=fast, bugs=bugs, left_out=left_out, grouped=False, kept=kept
        )
    _carried(settings, items, counts, singly, left_out)
    return items, notes


def _item(
    settings: Settings,
    read: _Read,
    store: dict[str, list[Run]],
    caches: tuple[dict[str, ScenarioFacts], list[tuple[str, os.stat_result, str]]],
    ancestry: Ancestry | None,
    bugs: list[tuple[Record, str]] | None,
    *,
    fast: bool,
    cached: bool,
) -> HealthInput | str:
    """One record read by ``read_health``: its scenario as health reads it, or the note that
    leaves it out."""
    from intake.lifecycle.runs.store import suite_runs

    file, raw, peek = read
    path, rec = file.text, file.record_text
    # an id that is no string never validates (``Record.id`` is a string, never coerced)
    if raw is None or peek is None or not isinstance(peek.id, str):
        return f"{_shown(settings, rec)}: record unreadable, left out"
    facts, validated = caches
    kind = peek.kind
    extra = store.get(peek.id, [])
    full = bool(extra) or peek.holds_runs or peek.lifecycle or peek.bug
    wanted = bugs is not None and (peek.bug or kind == "issue")
    st = file.record_stat
    if peek.settled and full:  # validated before, unchanged since, carrying no run
        return _input(settings, path, peek, facts.get(path), tuple(extra), (), None, ancestry)
    if full or wanted:
        from pydantic import ValidationError

        from intake.contract.models import Record

        try:
            record = Record.model_validate_json(raw, strict=False)
        except (ValidationError, ValueError):
            return f"{_shown(settings, rec)}: record unreadable, left out"
        peek = RecordFacts.of(record)
        if cached and peek.settled and st is not None:
            validated.append((os.path.abspath(rec), st, kept_row(peek)))
        if wanted and bugs is not None:
            bugs.append(
                (
                    with_stored(record, suite_runs(extra)) if extra else record,
                    _shown(settings, path),
                )
            )
        if full:
            runs = tuple(all_runs(record, extra))
            fix = record.bug.fix_commit if record.bug is not None else None
            return _input(
                settings, path, peek, facts.get(path), runs, tuple(record.controls), fix, ancestry
            )
    # no imported run and no lifecycle change: never judged, whatever its text; only its tags
    # (split, lane) need the file, and ``fast`` skips that
    return _input(settings, path, peek, NO_FACTS if fast else facts.get(path), never_run=True)


def bars_of(settings: Settings) -> Bars:
    """The decisions' thresholds from the settings (each ``Bars`` field's ``health_`` one)."""
    return Bars(*(getattr(settings, f"health_{name}") for name in Bars._fields))


def health_of(
    settings: Settings,
    items: Sequence[HealthInput],
    notes: Sequence[str] = (),
    now: datetime | None = None,
) -> HealthReport:
    """Classify what ``read_health`` read, with the settings' thresholds: the verdicts kept in
    the run index are read first (and the decisions' kept answers only when a verdict is to be
    made), and those made now kept (``answers_version``)."""
    from intake.lifecycle.runs.store import remember_answers, remembered_answers
    from intake.report.posterior import learned, seed

    version = answers_version()
    kept = remembered_answers(settings, version, only=VERDICT)
    _KEPT_VERDICTS.update((args, value) for _, args, value in kept)
    _BEFORE_A_VERDICT[:] = [lambda: seed(remembered_answers(settings, version, but=VERDICT))]
    _NEW_VERDICTS.clear()
    try:
        report = build_health(
            items,
            bars=bars_of(settings),
            window_nights=settings.health_window_nights,
            pass_k=settings.health_pass_k,
            commit=settings.health_commit,
            all_commits=settings.health_all_commits,
            machine=settings.health_machine,
            all_machines=settings.health_all_machines,
            now=now,
        )
    finally:
        _BEFORE_A_VERDICT.clear()
    report.notes[:0] = list(notes)
    made = [(VERDICT, args_text(key), _kept_text(v)) for key, v in _NEW_VERDICTS]
    _NEW_VERDICTS.clear()
    remember_answers(settings, version, [*learned(), *made])
    return report


VERDICT = "verdict"
"""The run index's ``memo`` rows of kept verdicts (``fn``)."""


def answers_version() -> str:
    """The version the decisions' answers and the verdicts are kept under: the posterior's
    (``posterior.VERSION``) and this file's checksums (the verdicts' rules and texts), so that
    a change of either never reads an old verdict."""
    return VERSION + checksums(Path(__file__))


def make_health(
    settings: Settings, now: datetime | None = None, base: str | None = None
) -> HealthReport:
    """Read the suite and classify it with the settings' thresholds (``base``: the revision
    a change is judged against, as ``check --base``; its claimed run files count nowhere)."""
    from intake.lifecycle.runs.store import claimed, paused_gc

    with paused_gc():
        items, notes = read_health(settings, left_out=claimed(settings, base))
        return health_of(settings, items, notes, now)


# --- rendering ----------------------------------------------------------------------------


def document_head(report: HealthReport) -> dict[str, object]:
    """The document's keys before ``scenarios``."""
    return {
        "generated_at": report.generated_at.isoformat(timespec="seconds"),
        "thresholds": report.thresholds,
        "commits": {"read": dict(report.commits_read), "left_out": dict(report.commits_left)},
        "machines": {"read": dict(report.machines_read), "left_out": dict(report.machines_left)},
        "counts": report.counts(),
        "splits": report.by_split(),
        "headroom": [
            {
                "category": c,
                "strong_judged": n,
                "strong_passes": k,
                "pass_rate": round(k / n, 4) if n else None,
                "headroom": round(1 - k / n, 4) if n else None,
            }
            for c, n, k in report.headroom
        ],
        "quarantined": [{"id": s.scenario_id, "reason": s.quarantined} for s in report.quarantined],
        "retired": [
            {"id": r.scenario_id, "path": r.path, "reason": r.reason} for r in report.retired
        ],
    }


def document_tail(report: HealthReport) -> dict[str, object]:
    """The document's keys after ``scenarios``."""
    return {"notes": report.notes}


def _verdict_keys() -> tuple[list[str], list[str]]:
    """The JSON keys of a verdict (``ScenarioHealth.to_dict``'s): those between ``provenance``
    and ``split``, and those after ``quarantined``."""
    names = list(ScenarioHealth("", "", "", "", "", "").to_dict())
    return (
        names[names.index("class") : names.index("split")],
        names[names.index("quarantined") + 1 :],
    )


_VERDICT_KEYS = _verdict_keys()


def _verdict_json(v: ScenarioHealth) -> tuple[str, str]:
    """A scenario's JSON (``ScenarioHealth.to_dict``) but for its own fields (``_scenario_json``):
    the keys between ``provenance`` and ``split`` (its class, why, rates and runs read) and
    those after ``quarantined``, each without braces; made once a verdict (``_VERDICT_JSON``:
    scenarios whose runs count alike share one, as ``classify`` shares it), each rate's JSON
    once a process (``_rate_json``: verdicts share rates)."""
    key = _verdict_fields(v)
    found = _VERDICT_JSON.get(key)
    if found is None:
        doc = v._replace(models=(), tiers=()).to_dict()
        middle, tail = (
            json.dumps({name: doc[name] for name in part}, ensure_ascii=False)[1:-1]
            for part in _VERDICT_KEYS
        )
        # the rates' places are empty arrays in it, then their JSON (a string's quotes are
        # escaped, so the text below is only ever these two keys)
        models, tiers = (
            "[" + ", ".join(map(_rate_json, rates)) + "]" for rates in (v.models, v.tiers)
        )
        middle = middle.replace(
            '"models": [], "tiers": []', f'"models": {models}, "tiers": {tiers}', 1
        )
        found = _VERDICT_JSON[key] = (middle, tail)
    return found


@cache
def _rate_json(rate: Rate) -> str:
    """Each rate's JSON, made once a process."""
    return json.dumps(rate.to_dict(), ensure_ascii=False)


def _json_text(value: str | None) -> str:
    """``value`` as ``json.dumps(value, ensure_ascii=False)`` writes it (its own encoder)."""
    return "null" if value is None else encode_basestring(value)


_VERDICT_JSON: dict[tuple[Any, ...], tuple[str, str]] = {}
"""Each verdict's JSON (``_verdict_json``) by its fields (``_verdict_fields``): made once a
process, or read with a kept verdict (``_verdict_of``)."""


_verdict_fields: Callable[[ScenarioHealth], tuple[Any, ...]] = attrgetter(
    *(name for name in ScenarioHealth._fields if name not in OWN)
)
"""The fields of a scenario's verdict, the key of its JSON."""


def _scenario_json(s: ScenarioHealth) -> str:
    """The scenario's JSON: its own fields around its verdict's (``_verdict_json``)."""
    found = _verdict_json(s)
    text = encode_basestring
    return (
        f'{{"id": {text(s.scenario_id)}, "path": {text(s.path)}, '
        f'"category": {text(s.category)}, "provenance": {text(s.provenance)}, {found[0]}, '
        f'"split": {_json_text(s.split)}, "quarantined": {_json_text(s.quarantined)}, '
        f"{found[1]}}}"
    )


def render_json(report: HealthReport) -> str:
    """JSON, one document: a key a line and a scenario a line (``json.dumps`` without ``indent``
    runs Python's C encoder, with it the pure-Python one)."""
    lines = [
        f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in document_head(report).items()
    ]
    shown = ",\n".join("    " + _scenario_json(s) for s in report.scenarios)
    lines.append(f'  "scenarios": [\n{shown}\n  ]' if shown else '  "scenarios": []')
    lines += [
        f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
        for key, value in document_tail(report).items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _pairs(pairs: list[tuple[str, int]]) -> str:
    return ", ".join(f"{k} ({counted(n, 'run')})" for k, n in pairs) or "none"


def _threshold_line(report: HealthReport) -> str:
    t = report.thresholds
    pinned, machines = (
        f"{name} {t[f'health_{name}']}"
        if t[f"health_{name}"]
        else f"all {name}s"
        if t[f"health_all_{name}s"]
        else f"the newest {name}"
        for name in ("commit", "machine")
    )
    return (
        f"thresholds: decided at {t['health_confidence']:.0%} posterior (Jeffreys), "
        f"at least {t['health_min_runs']} judged runs per tier; saturated >= "
        f"{t['health_saturation_bar']:.0%} on every tier; always-fail <= "
        f"{t['health_fail_bar']:.0%} on the strongest; flaky inside "
        f"{t['health_flaky_low']:.0%}-{t['health_flaky_high']:.0%}; inverted by > "
        f"{t['health_inverted_margin']:.0%}; pass^{t['health_pass_k']}; window "
        f"{t['health_window_nights'] or 'every'} night(s), {pinned}, {machines}"
    )


def _window_line(report: HealthReport) -> str:
    if report.window is None:
        return "runs read: none"
    first, last = report.window
    return (
        f"runs read: started {first:%Y-%m-%d %H:%M} to {last:%Y-%m-%d %H:%M} UTC"
        f" ({report.outside_window} older left out)"
    )


def _wanted_lines(report: HealthReport) -> list[str]:
    return [
        f"to decide {n} undecided scenario(s): run the {tier} tier about {k} more time(s) each"
        for tier, n, k in report.wanted_runs()
    ]


def render_text(report: HealthReport) -> str:
    """Plain text for the terminal."""
    counts = report.counts()
    lines = [
        f"suite health: {counted(len(report.scenarios), 'scenario')}, "
        f"{len(report.retired)} retired, "
        f"{len(report.quarantined)} quarantined",
        _threshold_line(report),
        _window_line(report),
        f"GAIA commits read: {_pairs(report.commits_read)}; "
        f"left out: {_pairs(report.commits_left)}",
        f"runner machines read: {_pairs(report.machines_read)}; "
        f"left out: {_pairs(report.machines_left)}",
        "",
        f"{'class':<14}{'total':>7}{'real':>7}{'hand':>7}",
    ]
    for klass in CLASSES:
        row = counts[klass]
        lines.append(f"{klass:<14}{row['total']:>7}{row['real']:>7}{row['hand']:>7}")
    splits = report.by_split()
    if splits:
        lines += [
            "",
            "per split: "
            + "; ".join(
                f"{name}: " + ", ".join(f"{k} {n}" for k, n in row.items() if n)
                for name, row in splits.items()
            ),
        ]
    if report.headroom:
        lines += ["", "headroom (strong tier, capability cases):"]
        for category, n, k in report.headroom:
            lines.append(
                f"  {category}: "
                + (f"{k}/{n} passed, headroom {1 - k / n:.0%}" if n else "no judged strong run")
            )
    lines += _wanted_lines(report)
    if report.flagged:
        lines += ["", "scenarios:"]
        for s in report.flagged:
            tag = " [quarantined]" if s.quarantined else ""
            lines.append(f"  {s.klass:<13} {s.scenario_id} ({s.provenance}){tag}: {s.why}")
    for s in report.quarantined:
        lines.append(f"quarantined: {s.scenario_id}: {s.quarantined}")
    for r in report.retired:
        lines.append(f"retired: {r.scenario_id} ({r.path}): {r.reason}")
    lines += [f"note: {n}" for n in report.notes]
    return "\n".join(lines) + "\n"


def render_markdown(report: HealthReport) -> str:
    """Markdown (also GitHub's job summary)."""
    counts = report.counts()
    lines = [
        "## Suite health",
        "",
        md_text(_threshold_line(report)),
        "",
        md_text(_window_line(report)),
        "",
        f"GAIA commits read: {md_text(_pairs(report.commits_read))}; left out: "
        f"{md_text(_pairs(report.commits_left))}. Runner machines read: "
        f"{md_text(_pairs(report.machines_read))}; left out: "
        f"{md_text(_pairs(report.machines_left))}.",
        "",
        "| class | total | real use | hand-written |",
        "| --- | ---: | ---: | ---: |",
    ]
    for klass in CLASSES:
        row = counts[klass]
        lines.append(f"| {klass} | {row['total']} | {row['real']} | {row['hand']} |")
    lines.append(f"| retired | {len(report.retired)} | | |")
    lines.append(f"| quarantined | {len(report.quarantined)} | | |")
    splits = report.by_split()
    if splits:
        lines += [
            "",
            "| split | " + " | ".join(CLASSES) + " |",
            "| --- |" + " ---: |" * len(CLASSES),
        ]
        lines += [
            f"| {name} | " + " | ".join(str(row[k]) for k in CLASSES) + " |"
            for name, row in splits.items()
        ]
    if report.headroom:
        lines += [
            "",
            "| category | strong judged | passed | headroom |",
            "| --- | ---: | ---: | ---: |",
        ]
        for category, n, k in report.headroom:
            lines.append(
                f"| {md_text(category)} | {n} | {k} | {f'{1 - k / n:.0%}' if n else '-'} |"
            )
    if report.flagged:
        lines += ["", "| scenario | class | provenance | why |", "| --- | --- | --- | --- |"]
        for s in report.flagged[:200]:
            lines.append(
                f"| {md_code(s.scenario_id)} | {s.klass} | {s.provenance} | {md_text(s.why)} |"
            )
    for s in report.quarantined:
        lines.append(f"\n- quarantined {md_code(s.scenario_id)}: {md_text(s.quarantined or '')}")
    for r in report.retired:
        lines.append(f"\n- retired {md_code(r.scenario_id)}: {md_text(r.reason)}")
    lines += [f"\n- {md_text(w)}" for w in _wanted_lines(report)]
    lines += [f"\n> {md_text(n)}" for n in report.notes]
    return "\n".join(lines) + "\n"


def render_github(report: HealthReport) -> str:
    """GitHub Actions: one annotation per class (``ghoutput.grouped_annotations``: a class
    of many scenarios is one annotation and a log line each), then the job summary's markdown.

    The annotations are workflow commands intake built (every value escaped) and the markdown
    is made inert, so the whole text is one ``Command`` the CLI's output guard lets through.
    """
    from intake.ghoutput import Annotated, Command, grouped_annotations, inert

    lines = grouped_annotations(
        [
            Annotated(
                "warning" if s.klass in ("always-fail", "inverted") else "notice",
                s.path,
                1,
                s.klass,
                f"{s.klass}: {s.why}",
            )
            for s in report.scenarios
            if s.klass in ANNOTATED
        ],
        noun="scenario",
    )
    return Command("\n".join([*lines, inert(render_markdown(report))]))


def html_section(report: HealthReport) -> str:
    """The health section of the HTML report (escaped; no script)."""
    counts = report.counts()
    rows = "".join(
        f"<tr><td>{k}</td><td class=n>{counts[k]['total']}</td><td class=n>{counts[k]['real']}"
        f"</td><td class=n>{counts[k]['hand']}</td></tr>"
        for k in CLASSES
    )
    flagged = "".join(
        f"<tr><td><code>{html_text(s.scenario_id)}</code></td><td>{s.klass}</td>"
        f"<td>{s.provenance}</td><td>{html_text(s.why)}</td></tr>"
        for s in report.flagged
    )
    retired = "".join(
        f"<li>retired <code>{html_text(r.scenario_id)}</code>: {html_text(r.reason)}</li>"
        for r in report.retired
    ) + "".join(
        f"<li>quarantined <code>{html_text(s.scenario_id)}</code>: "
        f"{html_text(s.quarantined or '')}</li>"
        for s in report.quarantined
    )
    return (
        '<section id="health"><h2>Suite health</h2>'
        f"<p>{html_text(_threshold_line(report))}</p>"
        f"<p>GAIA commits read: {html_text(_pairs(report.commits_read))}; left out: "
        f"{html_text(_pairs(report.commits_left))}</p>"
        "<table><tr><th>class</th><th>total</th><th>real use</th><th>hand-written</th></tr>"
        f"{rows}</table>"
        + (
            f"<table><tr><th>scenario</th><th>class</th><th>provenance</th><th>why</th></tr>"
            f"{flagged}</table>"
            if flagged
            else ""
        )
        + (f"<ul>{retired}</ul>" if retired else "")
        + "</section>"
    )


def render(report: HealthReport, fmt: str) -> str:
    """The report in ``text``, ``json``, ``markdown`` or ``github``."""
    return {
        "text": render_text,
        "json": render_json,
        "markdown": render_markdown,
        "github": render_github,
    }[fmt](report)

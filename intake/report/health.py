"""The suite's health: each scenario classified from its judged runs (``intake health``).

Every scenario of the suite (promoted or adopted; retired ones are listed apart) is classified
over its imported runs (``Record.suite_runs``, ``intake runs import``) of its *current*
runnable hash, after the runs are narrowed to one GAIA commit and one runner machine unless the
settings say to mix them (``health_all_commits``, ``health_all_machines``). One class per
scenario, the first that applies in this order (``docs/health.md`` defines each):

``stale``         runs exist, but only for older runnable hashes (the scenario was edited since);
``never-judged``  no judged run of the current hash (only infrastructure statuses, or none);
``judge-flaky``   a negative control's same replayed answers judged PASS once and not once;
``always-fail``   the strong tier has ``health_min_runs`` judged runs and none passed;
``inverted``      both tiers have enough runs and the local tier's Wilson interval lies wholly
                  above the strong tier's (beyond noise);
``flaky``         one model, one hash, both outcomes (pass rate and Wilson interval shown);
``saturated``     both tiers have enough runs and every one passed (no headroom);
``healthy``       otherwise.

``build_health`` is pure over ``HealthInput``s (``read_health`` reads the suite); the
renderers here give text, JSON, markdown and GitHub's job summary, and ``html_section`` the
section the HTML report embeds.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from intake.config import Settings
from intake.contract.models import (
    JUDGED_STATUSES,
    REAL_USE,
    ControlRun,
    LifecycleState,
    Record,
    RunTier,
    SuiteRun,
)
from intake.contract.yamlio import YamlProblem, parse_checked
from intake.ghoutput import html_text, md_text
from intake.lifecycle.split import split_of
from intake.paths import display_path
from intake.store.records import iter_scenarios, record_path, runnable_hash, utcnow
from intake.wording import counted

CLASSES = (
    "saturated",
    "always-fail",
    "inverted",
    "flaky",
    "judge-flaky",
    "never-judged",
    "stale",
    "healthy",
)
PROVENANCES = ("real", "hand")
UNKNOWN = "unknown"


def wilson(passes: int, n: int, z: float) -> tuple[float, float]:
    """The Wilson score interval of ``passes`` out of ``n`` (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = passes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def z_of(confidence: float) -> float:
    """The two-sided normal quantile of ``confidence`` (0.95 → 1.96)."""
    return statistics.NormalDist().inv_cdf(1 - (1 - confidence) / 2)


@dataclass(frozen=True)
class HealthInput:
    """One scenario as health reads it."""

    scenario_id: str
    path: str
    category: str
    provenance: str
    """``real`` (session, issue) or ``hand`` (hand-written, synthetic)."""
    current_hash: str | None
    runs: tuple[SuiteRun, ...]
    controls: tuple[ControlRun, ...] = ()
    lane: str = "capability"
    split: str | None = None
    quarantined: str | None = None
    """The reason, when quarantined."""
    retired: str | None = None
    """The reason, when retired."""


@dataclass(frozen=True)
class Rate:
    """Judged runs and passes of one model or tier, with the Wilson interval."""

    name: str
    tier: str
    judged: int
    passes: int
    low: float
    high: float

    @property
    def rate(self) -> float | None:
        """The pass rate (None without judged runs)."""
        return self.passes / self.judged if self.judged else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "name": self.name, "tier": self.tier, "judged": self.judged, "passes": self.passes,
            "pass_rate": None if self.rate is None else round(self.rate, 4),
            "wilson": [round(self.low, 4), round(self.high, 4)],
        }

    def line(self) -> str:
        """``model 3/5 (60%, 23-88%)``."""
        if not self.judged:
            return f"{self.name} 0 judged"
        return (f"{self.name} {self.passes}/{self.judged} ({self.rate:.0%}, "
                f"{self.low:.0%}-{self.high:.0%})")


@dataclass(frozen=True)
class ScenarioHealth:
    """One scenario's class and why."""

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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "id": self.scenario_id, "path": self.path, "category": self.category,
            "provenance": self.provenance, "class": self.klass, "why": self.why,
            "models": [m.to_dict() for m in self.models],
            "tiers": [t.to_dict() for t in self.tiers],
            "runs_read": self.runs_read, "infrastructure": self.infrastructure,
            "older_hash_runs": self.older_hash_runs, "split": self.split,
            "quarantined": self.quarantined,
        }


@dataclass(frozen=True)
class Retired:
    """A retired scenario: kept in the report with its reason."""

    scenario_id: str
    path: str
    reason: str


@dataclass
class HealthReport:
    """Everything ``intake health`` shows."""

    generated_at: datetime
    thresholds: dict[str, Any]
    commits_read: list[tuple[str, int]]
    commits_left: list[tuple[str, int]]
    machines_read: list[tuple[str, int]]
    machines_left: list[tuple[str, int]]
    scenarios: list[ScenarioHealth]
    retired: list[Retired] = field(default_factory=list)
    headroom: list[tuple[str, int, int]] = field(default_factory=list)
    """Per category: (category, strong-tier judged capability runs, passes)."""
    notes: list[str] = field(default_factory=list)

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
    def quarantined(self) -> list[ScenarioHealth]:
        """The quarantined scenarios (they keep running)."""
        return [s for s in self.scenarios if s.quarantined is not None]


def _key(value: str | None) -> str:
    return value if value is not None else UNKNOWN


def same_commit(a: str, b: str) -> bool:
    """Whether two commit names are one commit: equal, or one abbreviates the other
    (``meta.json`` keeps 8 hex digits, ``GITHUB_SHA`` 40)."""
    a, b = a.lower(), b.lower()
    return a == b or (min(len(a), len(b)) >= 7 and (a.startswith(b) or b.startswith(a)))


def _exact(a: str, b: str) -> bool:
    return a == b


def _choose(
    runs: Sequence[SuiteRun], attr: str, pinned: str | None, mix: bool,
    same: Callable[[str, str], bool] = _exact,
) -> tuple[set[str] | None, list[tuple[str, int]], list[tuple[str, int]]]:
    """The values of ``attr`` to read (None: all), and (value, runs) read and left out."""
    counts = Counter(_key(getattr(r, attr)) for r in runs)
    if mix or not runs:
        return None, sorted(counts.items()), []
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


def _rates(runs: Iterable[SuiteRun], z: float, by: str) -> list[Rate]:
    groups: dict[tuple[str, str], list[int]] = {}
    for run in runs:
        name = run.model if by == "model" else run.tier.value
        cell = groups.setdefault((name, run.tier.value), [0, 0])
        cell[0] += 1
        cell[1] += run.status == "PASS"
    order = {RunTier.strong.value: 0, RunTier.local.value: 1}
    return [
        Rate(name, tier, n, k, *wilson(k, n, z))
        for (name, tier), (n, k) in sorted(groups.items(), key=lambda i: (order[i[0][1]], i[0][0]))
    ]


def _judge_flaky(controls: Sequence[ControlRun], current: str | None) -> bool:
    outcomes: dict[str, set[bool]] = {}
    for c in controls:
        if c.runnable_hash == current and c.status in JUDGED_STATUSES:
            outcomes.setdefault(c.replay_hash, set()).add(c.status == "PASS")
    return any(len(v) == 2 for v in outcomes.values())


def classify(
    item: HealthInput,
    runs: Sequence[SuiteRun],
    *,
    min_runs: int,
    z: float,
) -> ScenarioHealth:
    """One scenario's class over ``runs`` (already narrowed to the commits and machines read)."""
    current = [r for r in runs if r.runnable_hash == item.current_hash]
    older = len(runs) - len(current)
    judged = [r for r in current if r.status in JUDGED_STATUSES]
    infra = len(current) - len(judged)
    models = tuple(_rates(judged, z, "model"))
    tiers = tuple(_rates(judged, z, "tier"))
    tier = {t.tier: t for t in tiers}
    strong, local = tier.get("strong"), tier.get("local")

    def made(klass: str, why: str) -> ScenarioHealth:
        return ScenarioHealth(
            item.scenario_id, item.path, item.category, item.provenance, klass, why,
            models, tiers, len(current), infra, older, item.split, item.quarantined,
        )

    if not current and older:
        return made("stale", f"{older} run(s), all of an older runnable hash: re-run it")
    if not judged:
        if infra:
            return made("never-judged", f"{infra} run(s), every one an infrastructure status")
        return made("never-judged", "no run of it was imported")
    if _judge_flaky(item.controls, item.current_hash):
        return made("judge-flaky", "the same replayed answers were judged both PASS and not")
    if strong is not None and strong.judged >= min_runs and strong.passes == 0:
        return made("always-fail", f"strong tier {strong.line()}: fails every time")
    if (
        strong is not None and local is not None
        and strong.judged >= min_runs and local.judged >= min_runs
        and local.low > strong.high
    ):
        return made("inverted", f"local {local.line()} above strong {strong.line()}")
    mixed = [m for m in models if 0 < m.passes < m.judged]
    if mixed:
        return made("flaky", "both outcomes on one hash: " + "; ".join(m.line() for m in mixed))
    if (
        strong is not None and local is not None
        and all(t.judged >= min_runs and t.passes == t.judged for t in (strong, local))
    ):
        return made("saturated", f"every run passed on both tiers ({strong.line()}, "
                                 f"{local.line()})")
    thin = [name for name, t in (("strong", strong), ("local", local))
            if t is None or t.judged < min_runs]
    why = "; ".join(t.line() for t in tiers)
    if thin:
        why += f" (fewer than {min_runs} judged runs: {', '.join(thin)})"
    return made("healthy", why)


def build_health(
    items: Sequence[HealthInput],
    *,
    min_runs: int = 3,
    confidence: float = 0.95,
    commit: str | None = None,
    all_commits: bool = False,
    machine: str | None = None,
    all_machines: bool = False,
    now: datetime | None = None,
) -> HealthReport:
    """Classify every scenario; pure (the clock is ``now``)."""
    z = z_of(confidence)
    active = [i for i in items if i.retired is None]
    everything = [r for i in active for r in i.runs]
    commits, commits_read, commits_left = _choose(
        everything, "gaia_commit", commit, all_commits, same_commit
    )
    on_commit = [r for r in everything if commits is None or _key(r.gaia_commit) in commits]
    machines, machines_read, machines_left = _choose(
        on_commit, "machine", machine, all_machines
    )

    def kept(run: SuiteRun) -> bool:
        return (commits is None or _key(run.gaia_commit) in commits) and (
            machines is None or _key(run.machine) in machines
        )

    read = [(i, [r for r in i.runs if kept(r)]) for i in active]
    scenarios = [classify(i, runs, min_runs=min_runs, z=z) for i, runs in read]
    head: dict[str, list[int]] = {}
    for item, runs in read:
        if item.lane != "capability":
            continue
        cell = head.setdefault(item.category, [0, 0])
        for run in runs:
            if (run.runnable_hash == item.current_hash
                    and run.tier is RunTier.strong and run.status in JUDGED_STATUSES):
                cell[0] += 1
                cell[1] += run.status == "PASS"
    notes: list[str] = []
    if commits_left:
        notes.append(
            f"{sum(n for _, n in commits_left)} run(s) of other GAIA commits left out "
            "(health_all_commits = true counts them)"
        )
    if machines_left:
        notes.append(
            f"{sum(n for _, n in machines_left)} run(s) of other runner machines left out "
            "(health_all_machines = true counts them)"
        )
    return HealthReport(
        generated_at=now or utcnow(),
        thresholds={
            "health_min_runs": min_runs,
            "health_confidence": confidence,
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
        retired=[Retired(i.scenario_id, i.path, i.retired) for i in items
                 if i.retired is not None],
        headroom=[(c, n, k) for c, (n, k) in sorted(head.items())],
        notes=notes,
    )


# --- reading ------------------------------------------------------------------------------


def _state(record: Record) -> tuple[str | None, str | None]:
    """(quarantine reason, retirement reason) from the record's latest lifecycle change."""
    if not record.lifecycle:
        return None, None
    last = record.lifecycle[-1]
    if last.state is LifecycleState.quarantined:
        return last.reason, None
    if last.state is LifecycleState.retired:
        return None, last.reason
    return None, None


def health_input(settings: Settings, path: Path, record: Record) -> HealthInput:
    """One scenario file with its record, as health reads it."""
    try:
        data = parse_checked(path.read_bytes()).data
    except (YamlProblem, OSError):
        data = None
    current = runnable_hash(data) if isinstance(data, dict) else None
    category = data.get("category") if isinstance(data, dict) else None
    tags = data.get("tags") if isinstance(data, dict) else None
    tags = [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []
    quarantined, retired = _state(record)
    lane = "regression" if "regression" in tags else "capability"
    return HealthInput(
        scenario_id=record.id,
        path=_shown(settings, path),
        category=category if isinstance(category, str) else path.parent.name,
        provenance="real" if record.source.kind in REAL_USE else "hand",
        current_hash=current,
        runs=tuple(record.suite_runs),
        controls=tuple(record.controls),
        lane=lane,
        split=split_of(tags),
        quarantined=quarantined,
        retired=retired,
    )


def _tags_and_category(path: Path) -> tuple[list[str], str | None]:
    try:
        data = parse_checked(path.read_bytes()).data
    except (YamlProblem, OSError):
        return [], None
    tags = data.get("tags") if isinstance(data, dict) else None
    category = data.get("category") if isinstance(data, dict) else None
    return (
        [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else [],
        category if isinstance(category, str) else None,
    )


def _unrun(settings: Settings, path: Path, scenario_id: str, kind: object, *, fast: bool
           ) -> HealthInput:
    """A scenario whose record holds no imported run and no lifecycle change: never judged,
    whatever its text; only its tags (split, lane) need the file, and ``fast`` skips that."""
    tags, category = ([], None) if fast else _tags_and_category(path)
    return HealthInput(
        scenario_id=scenario_id,
        path=_shown(settings, path),
        category=category or path.parent.name,
        provenance="real" if kind in {k.value for k in REAL_USE} else "hand",
        current_hash=None,
        runs=(),
        lane="regression" if "regression" in tags else "capability",
        split=split_of(tags),
    )


def _shown(settings: Settings, path: Path) -> str:
    """``path`` relative to the suite root (as ``display_path`` shows it, without resolving
    every file: a suite's files are below its root)."""
    try:
        return path.relative_to(settings.root).as_posix()
    except ValueError:
        return display_path(path, settings.root)


def read_health(
    settings: Settings,
    *,
    fast: bool = False,
    bugs: list[tuple[Record, str]] | None = None,
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
    (``intake.report.bugs``), from the same pass.
    """
    items: list[HealthInput] = []
    notes: list[str] = []
    for path in iter_scenarios(settings.scenarios, settings.retired):
        rec = record_path(path)
        if not rec.is_file() or rec.is_symlink() or path.is_symlink():
            continue
        shown = _shown(settings, rec)
        try:
            raw = rec.read_bytes()
        except OSError:
            notes.append(f"{shown}: record unreadable, left out")
            continue
        try:
            doc = json.loads(raw)
            scenario_id, kind = doc["id"], doc["source"]["kind"]
        except (ValueError, KeyError, TypeError):
            notes.append(f"{shown}: record unreadable, left out")
            continue
        full = bool(doc.get("suite_runs") or doc.get("lifecycle"))
        wanted = bugs is not None and (bool(doc.get("bug")) or kind == "issue")
        if full or wanted:
            try:
                record = Record.model_validate_json(raw, strict=False)
            except (ValidationError, ValueError):
                notes.append(f"{shown}: record unreadable, left out")
                continue
            if wanted and bugs is not None:
                bugs.append((record, _shown(settings, path)))
            if full:
                items.append(health_input(settings, path, record))
                continue
        if not isinstance(scenario_id, str):
            notes.append(f"{shown}: record unreadable, left out")
            continue
        items.append(_unrun(settings, path, scenario_id, kind, fast=fast))
    return items, notes


def health_of(
    settings: Settings, items: Sequence[HealthInput], notes: Sequence[str] = (),
    now: datetime | None = None,
) -> HealthReport:
    """Classify what ``read_health`` read, with the settings' thresholds."""
    report = build_health(
        items,
        min_runs=settings.health_min_runs,
        confidence=settings.health_confidence,
        commit=settings.health_commit,
        all_commits=settings.health_all_commits,
        machine=settings.health_machine,
        all_machines=settings.health_all_machines,
        now=now,
    )
    report.notes[:0] = list(notes)
    return report


def make_health(settings: Settings, now: datetime | None = None) -> HealthReport:
    """Read the suite and classify it with the settings' thresholds."""
    items, notes = read_health(settings)
    return health_of(settings, items, notes, now)


# --- rendering ----------------------------------------------------------------------------


def to_document(report: HealthReport) -> dict[str, Any]:
    """The report as JSON-ready data."""
    return {
        "generated_at": report.generated_at.isoformat(timespec="seconds"),
        "thresholds": report.thresholds,
        "commits": {"read": dict(report.commits_read), "left_out": dict(report.commits_left)},
        "machines": {"read": dict(report.machines_read), "left_out": dict(report.machines_left)},
        "counts": report.counts(),
        "splits": report.by_split(),
        "headroom": [
            {"category": c, "strong_judged": n, "strong_passes": k,
             "pass_rate": round(k / n, 4) if n else None,
             "headroom": round(1 - k / n, 4) if n else None}
            for c, n, k in report.headroom
        ],
        "quarantined": [{"id": s.scenario_id, "reason": s.quarantined}
                        for s in report.quarantined],
        "retired": [{"id": r.scenario_id, "path": r.path, "reason": r.reason}
                    for r in report.retired],
        "scenarios": [s.to_dict() for s in report.scenarios],
        "notes": report.notes,
    }


def render_json(report: HealthReport) -> str:
    """JSON, one document."""
    return json.dumps(to_document(report), indent=2, ensure_ascii=False) + "\n"


def _pairs(pairs: list[tuple[str, int]]) -> str:
    return ", ".join(f"{k} ({counted(n, 'run')})" for k, n in pairs) or "none"


def _threshold_line(report: HealthReport) -> str:
    t = report.thresholds
    return (f"thresholds: stable = at least {t['health_min_runs']} judged runs per tier; "
            f"Wilson intervals at {t['health_confidence']:.0%}; "
            f"commits: {'all' if t['health_all_commits'] else t['health_commit'] or 'newest'}; "
            f"machines: {'all' if t['health_all_machines'] else t['health_machine'] or 'newest'}")


def render_text(report: HealthReport) -> str:
    """Plain text for the terminal."""
    counts = report.counts()
    lines = [
        f"suite health: {counted(len(report.scenarios), 'scenario')}, "
        f"{len(report.retired)} retired, "
        f"{len(report.quarantined)} quarantined",
        _threshold_line(report),
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
        lines += ["", "per split: " + "; ".join(
            f"{name}: " + ", ".join(f"{k} {n}" for k, n in row.items() if n)
            for name, row in splits.items())]
    if report.headroom:
        lines += ["", "headroom (strong tier, capability cases):"]
        for category, n, k in report.headroom:
            lines.append(f"  {category}: " + (f"{k}/{n} passed, headroom {1 - k / n:.0%}"
                                              if n else "no judged strong run"))
    flagged = [s for s in report.scenarios if s.klass != "healthy"]
    if flagged:
        lines += ["", "scenarios:"]
        for s in flagged:
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
        lines += ["", "| split | " + " | ".join(CLASSES) + " |",
                  "| --- |" + " ---: |" * len(CLASSES)]
        lines += [f"| {name} | " + " | ".join(str(row[k]) for k in CLASSES) + " |"
                  for name, row in splits.items()]
    if report.headroom:
        lines += ["", "| category | strong judged | passed | headroom |",
                  "| --- | ---: | ---: | ---: |"]
        for category, n, k in report.headroom:
            lines.append(f"| {md_text(category)} | {n} | {k} | "
                         f"{f'{1 - k / n:.0%}' if n else '-'} |")
    flagged = [s for s in report.scenarios if s.klass != "healthy"]
    if flagged:
        lines += ["", "| scenario | class | provenance | why |", "| --- | --- | --- | --- |"]
        for s in flagged[:200]:
            lines.append(f"| `{s.scenario_id}` | {s.klass} | {s.provenance} | {md_text(s.why)} |")
    for s in report.quarantined:
        lines.append(f"\n- quarantined `{s.scenario_id}`: {md_text(s.quarantined or '')}")
    for r in report.retired:
        lines.append(f"\n- retired `{r.scenario_id}`: {md_text(r.reason)}")
    lines += [f"\n> {md_text(n)}" for n in report.notes]
    return "\n".join(lines) + "\n"


def render_github(report: HealthReport) -> str:
    """GitHub Actions: one annotation per class (``ghoutput.grouped_annotations``: a class
    of many scenarios is one annotation and a log line each), then the job summary's markdown.

    The annotations are workflow commands intake built (every value escaped) and the markdown
    is made inert, so the whole text is one ``Command`` the CLI's output guard lets through.
    """
    from intake.ghoutput import Annotated, Command, grouped_annotations, inert

    lines = grouped_annotations([
        Annotated("warning" if s.klass in ("always-fail", "inverted") else "notice",
                  s.path, 1, s.klass, f"{s.klass}: {s.why}")
        for s in report.scenarios if s.klass not in ("healthy",)
    ], noun="scenario")
    return Command("\n".join([*lines, inert(render_markdown(report))]))


def html_section(report: HealthReport) -> str:
    """The health section of the HTML report (escaped; no script)."""
    counts = report.counts()
    rows = "".join(
        f"<tr><td>{k}</td><td class=n>{counts[k]['total']}</td><td class=n>{counts[k]['real']}"
        f"</td><td class=n>{counts[k]['hand']}</td></tr>" for k in CLASSES
    )
    flagged = "".join(
        f"<tr><td><code>{html_text(s.scenario_id)}</code></td><td>{s.klass}</td>"
        f"<td>{s.provenance}</td><td>{html_text(s.why)}</td></tr>"
        for s in report.scenarios if s.klass != "healthy"
    )
    retired = "".join(
        f"<li>retired <code>{html_text(r.scenario_id)}</code>: {html_text(r.reason)}</li>"
        for r in report.retired
    ) + "".join(
        f"<li>quarantined <code>{html_text(s.scenario_id)}</code>: "
        f"{html_text(s.quarantined or '')}</li>" for s in report.quarantined
    )
    return (
        '<section id="health"><h2>Suite health</h2>'
        f"<p>{html_text(_threshold_line(report))}</p>"
        f"<p>GAIA commits read: {html_text(_pairs(report.commits_read))}; left out: "
        f"{html_text(_pairs(report.commits_left))}</p>"
        "<table><tr><th>class</th><th>total</th><th>real use</th><th>hand-written</th></tr>"
        f"{rows}</table>"
        + (f"<table><tr><th>scenario</th><th>class</th><th>provenance</th><th>why</th></tr>"
           f"{flagged}</table>" if flagged else "")
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


__all__ = [
    "CLASSES",
    "HealthInput",
    "HealthReport",
    "build_health",
    "classify",
    "html_section",
    "make_health",
    "read_health",
    "render",
    "wilson",
]

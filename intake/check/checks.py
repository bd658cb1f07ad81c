"""The named checks of ``intake check``: each a function of the context, returning findings.

Errors fail the gate, warnings do not. ``intake.check.gate.CHECKS`` runs them in order; a check
that ``waits_for_journals`` leaves out its findings about a file an unfinished journal is
changing (that file is judged once the journal is finished; the journal itself is a leftover,
``intake.check.leftovers``, and the scrub re-scan still covers the file).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from intake.check.context import CheckContext, base_findings, line_text
from intake.check.result import Finding
from intake.contract.models import Record, ReviewDecision, SourceType, windows_problem
from intake.contract.plain import ScenarioView
from intake.contract.untrusted import judge_hits
from intake.contract.validate import LINKED_SCENARIO, FileResult, Severity, duplicate_ids
from intake.contract.yamlio import YamlProblem, parse_checked
from intake.lifecycle.evidence import claimed_message
from intake.lifecycle.gates import latest_reviews, review_gate
from intake.paths import inside, relative_shown
from intake.scrub import FileFinding
from intake.store.records import (
    RECORD_SUFFIX,
    content_hash,
    record_path,
    scenario_path_for_record,
)


@dataclass(frozen=True)
class Check:
    """One named check over the context."""

    name: str
    run: Callable[[CheckContext], list[Finding]]
    waits_for_journals: bool = True
    """Whether findings about a file an unfinished journal is changing wait for it."""


# --- file names ---------------------------------------------------------------------------


def windows_names(ctx: CheckContext) -> list[Finding]:
    """A scenario or draft with a name Windows cannot check out is an error."""
    found = []
    for path in ctx.files:
        unfit = windows_problem(path, ctx.root)
        if unfit is not None:
            message = f"a name Windows cannot check out: {unfit}; rename it"
            found.append(Finding(ctx.rel(path), 1, "windows-name", message))
    return found


def linked(ctx: CheckContext) -> list[Finding]:
    """A scenario, draft or record that is a symbolic link is an error, and is never read
    (the link itself is named, not what it points to)."""
    found = []
    for path in ctx.links:
        shown = relative_shown(path, ctx.root)
        if path.name.endswith(RECORD_SUFFIX):
            why = "a symbolic link: intake does not follow links; commit the record itself"
        else:
            why = LINKED_SCENARIO
        found.append(Finding(shown, 1, "link", why))
    return found


# --- validation ---------------------------------------------------------------------------


def _problem_findings(ctx: CheckContext, path: Path, result: FileResult) -> list[Finding]:
    """The validator's problems with one file; an adopted scenario's missing rationale (the
    validator's warning) is grouped, and a legacy problem in a file this change leaves alone
    is grouped."""
    is_changed = ctx.changed is not None and path.resolve() in ctx.changed
    found = []
    for p in result.problems:
        adopted = p.code == "adopted-no-rationale"  # a warning, grouped under its own code
        code = p.code if adopted else f"validate:{p.code}"
        grouped = adopted or (p.code == "legacy" and not is_changed)
        found.append(Finding.of(p, code, legacy=grouped))
    return found


def validation(ctx: CheckContext) -> list[Finding]:
    """GAIA's verdicts, our validator's problems, and ids unique across drafts and scenarios."""
    found: list[Finding] = []
    reused = {r.file: p for r, p in duplicate_ids(ctx.validated[p] for p in ctx.files)}
    for path in ctx.files:
        found += [Finding.of(verdict) for verdict in ctx.gaia.get(ctx.rel(path), [])]
        found += _problem_findings(ctx, path, ctx.validated[path])
        if ctx.rel(path) in reused:
            found.append(Finding.of(reused[ctx.rel(path)]))
    return found


# --- the scrub re-scan --------------------------------------------------------------------


@dataclass(frozen=True)
class _Leniency:
    """Which scenario files' scrub findings are warnings, and which predate intake."""

    legacy: set[str]
    existing: set[str]
    changed: set[str]


def _leniency(ctx: CheckContext) -> _Leniency:
    """GAIA's legacy scenarios (no record, no ``source``) and adopted ones still as adopted
    warn unless ``--strict``: ``intake adopt`` vouches for where a file came from, not for
    its test data, so a finding that was a warning stays one until the file is edited (then
    it is an error naming ``--update-baseline``)."""
    at_base = _on_the_base(ctx)
    legacy = {
        ctx.rel(p)
        for p in ctx.scenarios
        if not record_path(p).is_file()
        and not _has_source(ctx.view(p))
        and (at_base is None or p.resolve() in at_base)
    }
    adopted = [p for p in ctx.scenarios if record_path(p).is_file() and ctx.adopted(p)]
    kept = [p for p in adopted if _as_adopted(ctx.record_of(p), p)]
    existing = legacy | {ctx.rel(p) for p in adopted}
    changed = {ctx.rel(p) for p in ctx.changed} if ctx.changed is not None else set()
    return _Leniency(legacy | {ctx.rel(p) for p in kept}, existing, changed)


def _on_the_base(ctx: CheckContext) -> set[Path] | None:
    """The scenario files that exist on the base (None without a base): only those can be
    GAIA's legacy ones; a file without ``source`` that the change adds is new, not legacy."""
    if ctx.base is None:
        return None
    return {p.resolve() for p in ctx.base.files(ctx.settings.scenarios)}


def _as_adopted(record: Record | None, path: Path) -> bool:
    """Whether the scenario's bytes are still those its adoption stamped."""
    return (
        record is not None
        and record.adoption is not None
        and record.adoption.content_hash == content_hash(path)
    )


def _scrub_finding(
    ctx: CheckContext, hit: FileFinding, lenient: _Leniency, had: dict[str, set[tuple[str, str]]]
) -> Finding:
    lenient_here = hit.file in lenient.legacy and not ctx.strict
    severity = Severity.warning if lenient_here else Severity.error
    if severity is Severity.warning and ctx.base is not None and hit.file in lenient.changed:
        # leniency is the base's copy's: a finding the change brings into a legacy file is
        # an error, one the file already had (its kind on the same text) stays a warning
        if hit.file not in had:
            had[hit.file] = base_findings(ctx.settings, ctx.base, ctx.root / hit.file)
        try:
            now = line_text((ctx.root / hit.file).read_bytes(), hit.line)
        except OSError:
            now = ""
        if (hit.entity_type, now) not in had[hit.file]:
            severity = Severity.error
    note = ""
    if severity is Severity.warning:
        note = " (legacy scenario; --strict makes this an error)"
    elif hit.file in lenient.existing:
        note = (
            " (a scenario that predates intake; if it is known test data, accept it "
            "with `intake check --update-baseline`, else scrub the file)"
        )
    is_legacy = severity is Severity.warning and hit.file not in lenient.changed
    return Finding.of_scan(hit, severity, note, is_legacy)


def scrub_rescan(ctx: CheckContext) -> list[Finding]:
    """Every scrub finding in a scenario, draft, record or history file, less what the
    baseline accepts; a file the re-scan cannot read is an error of its own."""
    found = [
        Finding(ctx.rel(path), 1, "scrub", f"the scrub re-scan cannot read it: {why}")
        for path, why in ctx.scan.unscannable.items()
    ]
    if ctx.scan.hits is None:
        found.append(Finding(".", 1, "scrub", f"scrub re-scan could not run: {ctx.scan.error}"))
        return found
    lenient = _leniency(ctx)
    had: dict[str, set[tuple[str, str]]] = {}
    found += [
        _scrub_finding(ctx, hit, lenient, had)
        for hit in ctx.scan.hits
        if hit not in ctx.scan.accepted
    ]
    return found


# --- records against their files ----------------------------------------------------------


def record_files(ctx: CheckContext) -> list[Finding]:
    """A record that cannot be loaded is an error; one without its scenario a warning."""
    found = []
    for rec in ctx.records:
        if rec in ctx.loaded.unreadable:
            found.append(Finding(ctx.rel(rec), 1, "record", ctx.loaded.unreadable[rec]))
            continue
        if not scenario_path_for_record(rec).is_file():
            found.append(Finding.about(ctx.rel(rec), "orphan-record", Severity.warning))
    return found


def _has_source(view: ScenarioView | None) -> bool:
    return view is not None and "source" in view.keys


def _without_record(ctx: CheckContext, path: Path, view: ScenarioView | None) -> list[Finding]:
    """A scenario that carries intake's ``source`` but has no record skipped ``promote``."""
    if view is None or not _has_source(view):
        return []
    kind = view.source_type if view.source_type in set(SourceType) else "TYPE"
    return [
        Finding(
            ctx.rel(path),
            1,
            "no-record",
            "scenario carries a source but has no promotion record (new "
            "scenarios enter through `intake promote`; an existing one is "
            f"given a record by `intake adopt {ctx.rel(path)} --source {kind} "
            "--reviewer LOGIN`)",
        )
    ]


def _stamp_findings(ctx: CheckContext, path: Path, record: Record) -> list[Finding]:
    """The scenario's bytes against its record's adoption or promotion stamp."""
    rec = record_path(path)
    if record.promotion is None and record.adoption is not None:
        if record.adoption.content_hash == content_hash(path):
            return []
        return [
            Finding(
                ctx.rel(path),
                1,
                "edited-after-adoption",
                "scenario differs from what was adopted (its content hash changed); "
                f"send edits through `intake revise {path.stem}` and `intake promote`",
            )
        ]
    if record.promotion is None:
        return [Finding.about(ctx.rel(rec), "not-promoted")]
    if record.promotion.content_hash != content_hash(path):
        return [Finding.about(ctx.rel(path), "edited-after-promotion")]
    return []


def scenario_records(ctx: CheckContext) -> list[Finding]:
    """Each scenario against its record: stamps, ids, and scenarios without one."""
    found: list[Finding] = []
    for path in ctx.scenarios:
        rec = record_path(path)
        view = ctx.view(path)
        if not rec.is_file():
            found += _without_record(ctx, path, view)
            continue
        record = ctx.loaded.records.get(rec)
        if record is None:
            continue
        found += _stamp_findings(ctx, path, record)
        if view is not None and view.id is not None and record.id != view.id:
            found.append(Finding.about(ctx.rel(rec), "record-id"))
    return found


def private_finding(file: str, why: str) -> Finding:
    """A private draft git tracks without an approving review of its current content."""
    return Finding(
        file,
        1,
        "private-draft",
        f"private draft tracked by git without an approving review ({why}); "
        "untrack it (`git rm --cached`) or get it reviewed first",
    )


def is_private(ctx: CheckContext, path: Path) -> bool:
    """Private by folder or by the record's own word: a private draft moved out of
    ``drafts/private/`` (where git ignores it) is still private data."""
    record = ctx.record_of(path)
    return inside(path, ctx.settings.private_drafts) or (
        record is not None and record.source.private
    )


def is_tracked(ctx: CheckContext, path: Path) -> bool:
    """Whether git tracks the draft (False when git cannot tell)."""
    return ctx.tracked is not None and path.resolve() in ctx.tracked


def _stale_reviews(ctx: CheckContext, path: Path, record: Record, current: str) -> list[Finding]:
    return [
        Finding(
            ctx.rel(path),
            1,
            "stale-review",
            f"approval by {review.reviewer} is stale: the file changed since",
            severity=Severity.warning,
        )
        for review in latest_reviews(record.reviews).values()
        if review.decision is ReviewDecision.approve and review.content_hash != current
    ]


def draft_records(ctx: CheckContext) -> list[Finding]:
    """Drafts against their records: none (a warning), stale approvals (warnings), and
    tracked private drafts without an approving review of their content (errors)."""
    found: list[Finding] = []
    for path in ctx.drafts:
        rec = record_path(path)
        exposed = is_private(ctx, path) and is_tracked(ctx, path)
        current = content_hash(path)
        if not rec.is_file():
            found.append(Finding.about(ctx.rel(path), "no-record", Severity.warning))
            if exposed:
                found.append(private_finding(ctx.rel(path), "no record, so no review"))
            continue
        record = ctx.loaded.records.get(rec)
        if record is None:
            continue
        found += _stale_reviews(ctx, path, record, current)
        who = [n for n in [record.author, *record.drafter, *ctx.loaded.authors.get(rec, [])] if n]
        approved = review_gate(record.reviews, current, who)
        if exposed and not approved.met:
            found.append(private_finding(ctx.rel(path), approved.detail))
    return found


# --- rules and evidence from the base ---------------------------------------------------


def authority(ctx: CheckContext) -> list[Finding]:
    """What the change alters of the rules it is judged by (errors: settings, scrubber rules,
    the baseline, the wiring), and the evidence and history it claims without corroboration
    (errors too: it meets no gate, ``intake.lifecycle.evidence``, and a claim that merged
    green would stand on the base for the next change)."""
    found = [Finding.of(change) for change in ctx.rule_changes]
    if ctx.base is None:
        return found
    for rec, items in sorted({**ctx.loaded.claimed, **ctx.retired.claimed}.items()):
        found += [
            Finding(ctx.rel(rec), 1, "claimed", claimed_message(item, ctx.base)) for item in items
        ]
    found += [
        Finding(
            ctx.rel(path),
            1,
            "claimed",
            f"claimed by this change: a history event not on the base {ctx.base.short}; "
            "it is not a fact of the suite's history until it stands on the base branch",
        )
        for path in ctx.claimed_history
    ]
    found += _claimed_runs(ctx)
    return found


def _claimed_runs(ctx: CheckContext) -> list[Finding]:
    """Run files the change adds or edits (``intake.lifecycle.runs.store``)."""
    from intake.lifecycle.runs.store import claimed_run_files

    base = ctx.base
    if base is None:
        return []
    return [
        Finding(
            ctx.rel(base.top / rel),
            1,
            "claimed",
            f"claimed by this change: a run file not on the base {base.short}; run files "
            "are written by the nightly's runs import, not by a pull request",
        )
        for rel in claimed_run_files(ctx.settings, base.commit)
    ]


def removed_scenarios(ctx: CheckContext) -> list[Finding]:
    """A promoted or adopted scenario of the base that the change deletes, with no record of
    its id left anywhere (a retirement moves it, with its record, to the retired folder)."""
    return [
        Finding(
            relative_shown(path, ctx.root),
            1,
            "removed-scenario",
            f"a promoted or adopted scenario ({sid}) is deleted by this change: retire it "
            "with `intake retire ID --reason TEXT`, approved on the pull request",
        )
        for path, sid in ctx.removed
    ]


def the_commit(ctx: CheckContext) -> list[Finding]:
    """Where the working tree is not the commit judged: links for suite folders,
    transforming attributes, bytes git does not report as edited (``intake.check.commit``).
    Each is an error: the gate judges what is committed."""
    if ctx.base is None:
        return []
    return [
        replace(p, file=relative_shown(ctx.base.top / p.file, ctx.root)) for p in ctx.not_the_commit
    ]


# --- text addressed to the judge ----------------------------------------------------------


def judge_text(ctx: CheckContext) -> list[Finding]:
    """A warning at file:line for judge-directed text no review acknowledged.

    Never an error: the text may be the case itself (a prompt-injection test) or a scenario
    author's note to the judge; the reviewer decides and acknowledges it with
    ``intake review --ack-judge-text``. GAIA's own scenarios (no record) are grouped as legacy.
    """
    found: list[Finding] = []
    for path, result in ctx.validated.items():
        data, record = result.data, ctx.record_of(path)
        if data is None:
            continue
        acked = {fp for r in (record.reviews if record else []) for fp in r.judge_text_ack}
        if not (hits := [h for h in judge_hits(data) if h.fingerprint not in acked]):
            continue
        try:
            parsed = parse_checked(path.read_bytes())
        except (OSError, YamlProblem):
            continue
        legacy = record is None and "source" not in data
        found += [
            Finding(
                ctx.rel(path),
                parsed.line_of(hit.path),
                "judge-text",
                f"{hit.field}: {hit.label} (GAIA's judge and simulator read it); read it "
                "on `intake show`, then `intake review --ack-judge-text`",
                severity=Severity.warning,
                legacy=legacy,
            )
            for hit in hits
        ]
    return found

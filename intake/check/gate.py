"""``intake check``: the pull-request gate over drafts and scenarios. Reads only.

The gate is a list of named checks (``CHECKS``, each in ``intake.check.checks``, whose
docstring says what it enforces) over one context read once (``intake.check.context``).
Errors fail the check, warnings do not: the journals and temporaries of interrupted commands
are warnings, so a crash never fails the gate, and the files an unfinished journal is changing
are judged once it is finished. Each draft's promotion gates are computed too, for the job
summary; they never fail the check.
"""

from __future__ import annotations

from pathlib import Path

from intake.check.checks import (
    Check,
    authority,
    draft_records,
    is_private,
    is_tracked,
    judge_text,
    linked,
    record_files,
    removed_scenarios,
    scenario_records,
    scrub_rescan,
    the_commit,
    validation,
    windows_names,
)
from intake.check.context import CheckContext, build_context
from intake.check.leftovers import leftovers
from intake.check.lifecycle import lifecycle_changes
from intake.check.result import CheckReport, DraftGates, Finding
from intake.config import Settings
from intake.errors import UsageError
from intake.gitutil import repo_top
from intake.lifecycle.authority import NO_BASE, find_base, rules_for
from intake.lifecycle.gates import GateInputs, check_gates
from intake.lifecycle.promote import DraftRead, gather
from intake.paths import inside
from intake.store.records import record_path
from intake.userconfig import Environ

CHECKS: tuple[Check, ...] = (
    Check("windows names", windows_names),
    Check("links", linked),
    Check("validation", validation),
    Check("scrub re-scan", scrub_rescan, waits_for_journals=False),
    Check("records", record_files),
    Check("scenarios against their records", scenario_records),
    Check("drafts against their records", draft_records),
    Check("judge-directed text", judge_text),
    Check("rules and evidence from the base", authority, waits_for_journals=False),
    Check("the commit, not its checkout", the_commit, waits_for_journals=False),
    Check("scenarios the change removes", removed_scenarios),
    Check("quarantines and retirements", lifecycle_changes),
    Check("leftovers and refused journals", leftovers, waits_for_journals=False),
)
"""Every check ``run_check`` runs, in the order their findings are reported."""


def run_checks(ctx: CheckContext, checks: tuple[Check, ...] = CHECKS) -> list[Finding]:
    """The findings of ``checks`` in order; a check that waits for journals says nothing about
    a file an unfinished journal is changing."""
    found: list[Finding] = []
    for check in checks:
        findings = check.run(ctx)
        if check.waits_for_journals and ctx.in_flux:
            findings = [f for f in findings if f.file not in ctx.in_flux]
        found += findings
    return found


def _draft_inputs(ctx: CheckContext, path: Path) -> GateInputs | None:
    """What the promotion gates judge of one draft (``intake.lifecycle.promote.gather``, given
    what the context has read); None for a draft without a readable record, or a private one
    git ignores (its gates are the drafter's, not the PR's)."""
    rec = record_path(path)
    record = ctx.loaded.records.get(rec)
    if not rec.is_file() or record is None:
        return None
    if is_private(ctx, path) and ctx.tracked is not None and not is_tracked(ctx, path):
        return None
    scan = ctx.scan
    hits = (
        None
        if scan.hits is None
        else scan.by_file.get(ctx.rel(path), []) + scan.by_file.get(ctx.rel(rec), [])
    )
    scenarios = ctx.scenarios + [
        p for p in ctx.links if p.suffix == ".yaml" and inside(p, ctx.settings.scenarios)
    ]
    read = DraftRead(
        record=record,
        scan=(hits, scan.error),
        gaia=ctx.gaia.get(ctx.rel(path), []),
        scenario_ids={p: (v.id if (v := ctx.view(p)) is not None else None) for p in scenarios},
        manifest=ctx.manifest,
        authors=ctx.loaded.authors.get(rec, []),
        source=validated.source if (validated := ctx.validated.get(path)) else None,
    )
    return gather(ctx.settings, path, read=read)


def promotion_gates(ctx: CheckContext) -> list[DraftGates]:
    """Each draft's promotion gates, for the job summary (they never fail the check)."""
    drafts = []
    for path in ctx.drafts:
        inputs = _draft_inputs(ctx, path)
        if inputs is None:
            continue
        drafts.append(
            DraftGates(
                ctx.rel(path),
                path.stem,
                is_private(ctx, path),
                check_gates(inputs),
                path,
                inputs,
            )
        )
    return drafts


def run_check(
    settings: Settings, *, strict: bool = False, baseline: bool = True, base: str | None = None
) -> CheckReport:
    """Run every check over the suite's drafts and scenarios.

    The settings, scrubber rules and baseline are the base revision's when one is known
    (``base``: ``--base REV``; else ``$GITHUB_BASE_REF`` or the remote's default branch,
    ``intake.lifecycle.authority``), and what the change alters of them is an error; evidence
    the change claims without corroboration meets no gate (``intake.lifecycle.evidence``).

    Scrub findings are errors in drafts, records and promoted scenarios. In legacy scenarios
    (GAIA's own: no record, no ``source``), which intake never imported and which hold
    deliberate test data (made-up e-mails, a ``hunter2`` password), they are warnings unless
    ``strict``: a gate that fails every existing suite on day one would simply be switched off.
    """
    found = find_base(settings.root, base)
    if found is None and Environ.of().in_ci and repo_top(settings.root) is not None:
        raise UsageError(
            "in CI the base must be known: without it the checkout would be taken as the "
            "maintainer's own",
            where=str(settings.root.name) or ".",
            hint="on a pull request GitHub sets $GITHUB_BASE_REF; elsewhere (push, merge "
            "queue) pass --base with the branch the change was merged into",
        )
    with rules_for(settings, found) as rules:
        ctx = build_context(settings, strict=strict, baseline=baseline, rules=rules)
        hits = ctx.scan.in_scenarios
        return CheckReport(
            files=len(ctx.files),
            findings=run_checks(ctx),
            drafts=promotion_gates(ctx),
            baselined=sum(hit in ctx.scan.accepted for hit in hits),
            baseline_hits=list(hits),
            base=NO_BASE if found is None else found.describe(),
            notes=ctx.notes,
            changed=None if ctx.changed is None else frozenset(ctx.rel(p) for p in ctx.changed),
        )

"""``intake review``, ``run-record``, ``promote``, ``reject`` and ``check``."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from intake.cli.options import Format, format_option
from intake.errors import EXIT_FINDINGS

if TYPE_CHECKING:
    from intake.check import CheckReport
    from intake.gates import Gate








class Tier(StrEnum):
    """Run tiers, as ``intake.models.RunTier`` (not imported here: it loads pydantic)."""

    strong = "strong"
    local = "local"


def gate_lines(gates: list[Gate]) -> list[str]:
    """The gate table as text: every gate, met or not, with what to do for each unmet one."""
    lines = []
    for gate in gates:
        mark = "met  " if gate.met else "UNMET"
        lines.append(f"  [{mark}] {gate.number} {gate.name:<10} {gate.detail}")
        if not gate.met and gate.todo:
            lines.append(f"          to do: {gate.todo}")
    return lines


def register(app: typer.Typer) -> None:
    """Add ``review``, ``run-record``, ``promote``, ``reject`` and ``check``."""

    @app.command("review")
    def review_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        approve: bool = typer.Option(False, "--approve", help="Record an approval."),
        reject: bool = typer.Option(False, "--reject", help="Record a rejection."),
        reviewer: str = typer.Option(None, "--reviewer", help="The reviewer's login."),
        note: str = typer.Option(None, "--note", help="A short note kept with the review."),
        pr: int = typer.Option(None, "--pr", help="Read the reviews of this pull request."),
        repo: str = typer.Option(None, "--repo", help="OWNER/NAME (default: github_repo)."),
    ) -> None:
        """Record a review of a draft, bound to the hash of the whole file.

        By hand: --approve or --reject with --reviewer LOGIN. From GitHub: --pr N reads the
        pull request's reviews; an approval counts only on the PR's head commit, by someone
        other than the PR's author, when the file at that commit equals the local one.
        Any later edit of the draft makes its reviews stale.
        """
        from intake.cli import out, settings
        from intake.errors import UsageError
        from intake.models import ReviewDecision

        cfg = settings(ctx)
        if pr is not None:
            if approve or reject or reviewer:
                raise UsageError("--pr reads reviews from GitHub: no --approve/--reject/--reviewer")
            from intake.review import reviews_from_pr

            found = reviews_from_pr(cfg, draft, pr, repo=repo)
            verdict = found.verdict()
            if found.unchanged is not None and verdict is not None:
                out(verdict)
                raise typer.Exit(EXIT_FINDINGS)
            for review in found.recorded:
                decision = review.decision.value.replace("_", " ")
                out(f"recorded: {decision} by {review.reviewer} at {(review.commit or '')[:12]}")
            for review in found.already:
                out(f"already recorded: {review.decision.value} by {review.reviewer}")
            for login, why in found.skipped:
                out(f"not counted: {login}: {why}" if login else f"not counted: {why}")
            if verdict is not None:
                out(verdict)
                raise typer.Exit(EXIT_FINDINGS)
            return
        if approve == reject:
            raise UsageError("give exactly one of --approve, --reject, or --pr N")
        if not reviewer:
            raise UsageError("--reviewer LOGIN is required for a review made outside GitHub")
        from intake.review import add_review, self_approval

        decision = ReviewDecision.approve if approve else ReviewDecision.reject
        scrubbed: list[str] = []
        path, review = add_review(cfg, draft, decision, reviewer, note=note, scrubbed=scrubbed)
        from intake.cli import err
        from intake.paths import display_path
        from intake.suite import scrub_message

        if scrubbed:
            err(scrub_message("note", scrubbed))
        out(f"recorded: {decision.value} by {review.reviewer} of {display_path(path, cfg.root)}")
        if self_approval(cfg, path, review):
            err("warning: the draft's author cannot approve it; this review does not count")

    @app.command("run-record")
    def run_record_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        scorecard: Path = typer.Option(
            ..., "--scorecard", help="GAIA runner scorecard.json (or a traces/<id>.json)."
        ),
        tier: Tier = typer.Option(..., "--tier", help="strong (cloud) or local."),
        model: str = typer.Option(
            None, "--model", help="Model under test (default: meta.json beside the scorecard)."
        ),
    ) -> None:
        """Record a GAIA runner result for a draft, bound to its runnable content.

        Reads the draft's entry from a `gaia eval agent` scorecard (or trace): run id, time,
        status, score and judge model (config.model). The model under test comes from --model
        or GAIA's meta.json beside the scorecard; the tier must agree with the configured
        strong_models/local_models. Editing persona, setup, turns or agent_type later makes
        the run stale.
        """
        from intake.cli import err, out, settings
        from intake.models import RunTier
        from intake.paths import display_path
        from intake.runs import record_run

        cfg = settings(ctx)
        path, run, replaced = record_run(cfg, draft, scorecard, RunTier(tier.value), model=model)
        score = f" score {run.score:g}" if run.score is not None else ""
        verb = "replaced" if replaced else "recorded"
        out(
            f"{verb}: {run.tier.value} run {run.run_id} {run.status}{score} "
            f"model {run.model} for {display_path(path, cfg.root)}"
        )
        from intake.models import INFRA_STATUSES

        if run.status in INFRA_STATUSES:
            err(
                f"warning: {run.status} is an infrastructure status, not a measurement: "
                "it never satisfies a gate; fix the run and record it again"
            )

    @app.command("promote")
    def promote_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        dry_run: bool = typer.Option(False, "--dry-run", help="Evaluate the gates only."),
        allow_saturated: str = typer.Option(
            None, "--allow-saturated", help="Promote although the local model passes; why."
        ),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Check every promotion gate; when all are met, move the draft into the suite.

        Gates: strict-valid with no placeholder; clean scrub re-scan; an approval of the
        current content by someone other than the author; a strong-tier PASS and a judged
        local-tier run on the current runnable content (a local PASS is saturated: blocked
        unless --allow-saturated REASON); no scenario with the same id. All gates are listed,
        met and unmet. The move into scenarios/<category>/ is atomic and crash-safe.
        """
        from intake.cli import emit_json, err, out, settings
        from intake.gates import GatesUnmet
        from intake.paths import display_path
        from intake.promote import promote

        cfg = settings(ctx)
        try:
            result = promote(cfg, draft, dry_run=dry_run, allow_saturated=allow_saturated)
        except GatesUnmet as exc:
            if fmt is Format.json:
                emit_json(
                    {
                        "command": "promote",
                        "promoted": False,
                        "blocked": True,
                        "gates": [g.to_dict() for g in exc.gates],
                    }
                )
            else:
                out(f"gates for {exc.where}:")
                for line in gate_lines(exc.gates):
                    out(line)
            raise
        for note in result.recovered:
            err(f"recovered an interrupted promotion: {note}")
        for note in result.notes:
            err(f"note: {note}")
        dest = display_path(result.destination, cfg.root) if result.destination else None
        if fmt is Format.json:
            emit_json(
                {
                    "command": "promote",
                    "dry_run": dry_run,
                    "promoted": dest is not None,
                    "blocked": result.blocked,
                    "destination": dest,
                    "notes": result.notes,
                    "gates": [g.to_dict() for g in result.gates],
                }
            )
        else:
            if result.gates:
                out(f"gates for {result.scenario_id}:")
                for line in gate_lines(result.gates):
                    out(line)
            if dry_run:
                verdict = "blocked" if result.blocked else "ready to promote"
                out(f"dry run: {result.scenario_id} is {verdict}; nothing was moved")
            elif dest:
                out(f"promoted {result.scenario_id} to {dest}")
        if dry_run and result.blocked:
            raise typer.Exit(EXIT_FINDINGS)

    @app.command("reject")
    def reject_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        reason: str = typer.Option(..., "--reason", help="Why the draft is rejected."),
    ) -> None:
        """Remove a draft and its record; the ledger keeps the record and the reason."""
        from intake.cli import err, out, settings
        from intake.paths import display_path
        from intake.promote import reject

        cfg = settings(ctx)
        result = reject(cfg, draft, reason)
        for note in result.notes:
            err(note)
        out(f"rejected {result.scenario_id}: removed {display_path(result.draft, cfg.root)}")

    @app.command("check")
    def check_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json, Format.github),
        strict: bool = typer.Option(
            False, "--strict", help="Scrub findings in legacy scenarios are errors too."
        ),
    ) -> None:
        """The pull-request gate over drafts and scenarios; exits 1 on any error.

        Validation (strict for promoted scenarios, draft level for drafts/), the scrub
        re-scan (findings in GAIA's legacy scenarios warn unless --strict), private drafts
        tracked by git without approval, promoted scenarios edited
        since promotion, scenarios without a promotion record (legacy ones warn), stale
        reviews (warn). With $GITHUB_STEP_SUMMARY set, writes a markdown job summary listing
        each draft with its gates.
        """
        from intake.check import run_check, summary_markdown
        from intake.cli import emit_json, out, settings
        from intake.cli.validate import github_annotation

        cfg = settings(ctx)
        report = run_check(cfg, strict=strict)
        if fmt is Format.json:
            emit_json(_check_json(report))
        else:
            for f in report.findings:
                if fmt is Format.github:
                    out(github_annotation(f.severity, f.file, f.line, f.message))
                else:
                    out(f"{f.file}:{f.line}: {f.severity}: {f.message}")
            for draft in report.drafts:
                unmet = [g for g in draft.gates if not g.met]
                state = "ready" if not unmet else "unmet: " + ", ".join(g.name for g in unmet)
                out(f"draft {draft.path}: {state}")
            out(
                f"{report.files} files, {report.errors} errors, {report.warnings} warnings, "
                f"{len(report.drafts)} drafts"
            )
        summary = os.environ.get("GITHUB_STEP_SUMMARY")
        if summary:
            with open(summary, "a", encoding="utf-8") as handle:
                handle.write(summary_markdown(report))
        if report.errors:
            raise typer.Exit(EXIT_FINDINGS)


def _check_json(report: CheckReport) -> dict[str, Any]:
    return {
        "command": "check",
        "files": report.files,
        "errors": report.errors,
        "warnings": report.warnings,
        "findings": [f.to_dict() for f in report.findings],
        "drafts": [
            {
                "path": d.path,
                "id": d.scenario_id,
                "private": d.private,
                "ready": d.ready,
                "gates": [g.to_dict() for g in d.gates],
            }
            for d in report.drafts
        ],
    }

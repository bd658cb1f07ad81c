"""``intake review``: a review record, by hand or from a pull request."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from intake.cli.console import err, out, settings
from intake.errors import EXIT_FINDINGS, UsageError
from intake.ghoutput import datum
from intake.paths import display_path

if TYPE_CHECKING:
    from intake.lifecycle.review import PrReviews


def register(app: typer.Typer) -> None:

    @app.command("review")
    def review_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(
            ...,
            help="The draft: its id or its path under drafts/. With --pr, also a suite "
            "scenario's id (a quarantine, lift, retirement, split or promotion in the PR).",
        ),
        approve: bool = typer.Option(False, "--approve", help="Record an approval."),
        reject: bool = typer.Option(False, "--reject", help="Record a rejection."),
        reviewer: str = typer.Option(None, "--reviewer", help="The reviewer's login."),
        note: str = typer.Option(None, "--note", help="A short note kept with the review."),
        pr: int = typer.Option(None, "--pr", help="Read the reviews of this pull request."),
        repo: str = typer.Option(None, "--repo", help="OWNER/NAME (default: github_repo)."),
        underspecified: int = typer.Option(
            None,
            "--underspecified",
            min=0,
            max=3,
            help="Rubric: how underspecified the task is, 0 (clear) to 3 (hopeless).",
        ),
        criteria: int = typer.Option(
            None,
            "--criteria",
            min=0,
            max=3,
            help="Rubric: would the criteria accept a wrong answer or reject a right one, "
            "0 (never) to 3 (surely).",
        ),
        minutes: int = typer.Option(
            None, "--minutes", min=0, max=10080, help="Rubric: minutes a person needs."
        ),
        ack_judge_text: bool = typer.Option(
            False,
            "--ack-judge-text",
            help="Acknowledge the judge-directed text `intake show` flags in the draft "
            "(read it first: GAIA's judge and simulator read it as an instruction).",
        ),
    ) -> None:
        """Record a review of a draft, bound to the hash of the whole file.

        By hand: --approve or --reject with --reviewer LOGIN. From GitHub: --pr N reads the
        pull request's reviews; an approval counts only on the PR's head commit, by someone
        other than the PR's author, when the file at that commit equals the local one.
        With --pr, the id may also name a suite scenario (scenarios or retired folder) whose
        quarantine, lift, retirement, split tag or promotion the PR carries: the approval
        (GitHub's review id, the commit, the file's hash) is stored in its record, and
        `intake check` asks GitHub again. Any later edit of the draft makes its reviews
        stale. A manual review may carry a rubric (all of --underspecified, --criteria,
        --minutes), as SWE-bench Verified's annotators give; with require_rubric = true,
        promotion needs one. A draft holding text addressed to a judge or model (flagged on
        the card and by `intake check`) is acknowledged with --ack-judge-text; check then
        stops warning about that text.
        """
        from intake.contract.models import ReviewDecision
        from intake.lifecycle.review import add_review, make_rubric, reviews_from_pr, self_approval
        from intake.store.suite import scrub_message

        cfg = settings(ctx)
        rubric = make_rubric(underspecified, criteria, minutes)
        if pr is not None:
            if rubric is not None or ack_judge_text:
                raise UsageError(
                    "a rubric or --ack-judge-text is given by hand: use --approve with --reviewer"
                )
            if approve or reject or reviewer:
                raise UsageError("--pr reads reviews from GitHub: no --approve/--reject/--reviewer")
            _print_pr_reviews(reviews_from_pr(cfg, draft, pr, repo=repo))
            return
        if approve == reject:
            raise UsageError("give exactly one of --approve, --reject, or --pr N")
        if not reviewer:
            raise UsageError("--reviewer LOGIN is required for a review made outside GitHub")
        decision = ReviewDecision.approve if approve else ReviewDecision.reject
        scrubbed: list[str] = []
        path, review = add_review(
            cfg,
            draft,
            decision,
            reviewer,
            note=note,
            scrubbed=scrubbed,
            rubric=rubric,
            ack_judge_text=ack_judge_text,
        )
        if scrubbed:
            err(scrub_message("note", scrubbed))
        out(
            f"recorded: {decision.value} by {datum(review.reviewer)} of "
            f"{datum(display_path(path, cfg.root))}"
        )
        if review.judge_text_ack:
            out(f"acknowledged: {len(review.judge_text_ack)} judge-directed passage(s)")
        if self_approval(cfg, path, review):
            err("warning: the draft's author cannot approve it; this review does not count")


def _print_pr_reviews(found: PrReviews) -> None:
    """What ``review --pr`` recorded, found already and did not count; exit 1 on a verdict
    against the draft (the pull request does not change it, or nothing counts)."""
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

"""``intake promote``: every gate, then the crash-safe move into the suite."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, by_option, format_option
from intake.errors import EXIT_FINDINGS
from intake.ghoutput import datum
from intake.paths import display_path

if TYPE_CHECKING:
    from intake.lifecycle.gates import Gate


def gate_lines(gates: list[Gate]) -> list[str]:
    """The gate table as text: every gate, met or not, with what to do for each unmet one."""
    lines = []
    for gate in gates:
        mark = "n/a  " if not gate.applicable else "met  " if gate.met else "UNMET"
        lines.append(f"  [{mark}] {gate.number} {gate.name:<10} {gate.detail}")
        if not gate.met and gate.todo:
            lines.append(f"          to do: {gate.todo}")
    return lines


class SuiteChoice(StrEnum):
    capability = "capability"
    regression = "regression"


def register(app: typer.Typer) -> None:

    @app.command("promote")
    def promote_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., help="The draft: its id or its path under drafts/."),
        dry_run: bool = typer.Option(False, "--dry-run", help="Evaluate the gates only."),
        allow_saturated: str = typer.Option(
            None, "--allow-saturated", help="Promote a saturated case anyway; why."
        ),
        suite: SuiteChoice = typer.Option(
            None,
            "--suite",
            help="capability or regression (default: default_suite); written "
            "as a tag into the scenario.",
        ),
        allow_passing_control: str = typer.Option(
            None,
            "--allow-passing-control",
            help="Promote although a control passes the criteria; why.",
        ),
        base: str = typer.Option(
            None,
            "--base",
            metavar="REV",
            help="Judge the draft against this revision's rules and evidence (default: "
            "$GITHUB_BASE_REF, else the remote's default branch).",
        ),
        by: str | None = by_option(),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Check every promotion gate; when all are met, move the draft into the suite.

        Gates: strict-valid with no placeholder; clean scrub re-scan; an approval of the
        current content by someone other than the author; strong-tier PASSes (at least
        strong_pass_min) and judged local-tier runs on the current runnable content (a local
        pass rate at or above saturation_pass_rate is saturated: blocked unless
        --allow-saturated REASON); no scenario with the same id; with require_rubric, a
        rubric; the control gate: the captured failure replayed to GAIA's judge
        (`intake control`) is judged FAIL and never PASS (--allow-passing-control REASON;
        not applicable without a captured answer). --suite regression needs at least 3
        strong runs, all PASS, and does not block on saturation. All gates are listed, met
        and unmet. The move into scenarios/<category>/ is atomic and crash-safe; the suite
        type is written into the scenario's tags and the promotion stamp.
        """
        from intake.lifecycle.gates import GatesUnmet
        from intake.lifecycle.promote import promote

        cfg = settings(ctx)
        try:
            result = promote(
                cfg,
                draft,
                dry_run=dry_run,
                allow_saturated=allow_saturated,
                suite=suite.value if suite is not None else None,
                allow_passing_control=allow_passing_control,
                base=base,
                by=by,
            )
        except GatesUnmet as exc:
            _show_gates(fmt, str(exc.where), exc.gates, promoted=False, blocked=True)
            raise
        for note in result.recovered:
            err(f"recovered an interrupted promotion: {note}")
        for note in result.notes:
            err(f"note: {note}")
        dest = display_path(result.destination, cfg.root) if result.destination else None
        _show_gates(
            fmt,
            result.scenario_id,
            result.gates,
            dry_run=dry_run,
            promoted=dest is not None,
            blocked=result.blocked,
            destination=dest,
            notes=result.notes,
        )
        if fmt is Format.text and dry_run:
            verdict = "blocked" if result.blocked else "ready to promote"
            out(f"dry run: {datum(result.scenario_id)} is {verdict}; nothing was moved")
        elif fmt is Format.text and dest:
            out(f"promoted {datum(result.scenario_id)} to {datum(dest)}")
        if dry_run and result.blocked:
            raise typer.Exit(EXIT_FINDINGS)


def _show_gates(fmt: Format, scenario_id: str, gates: list[Gate], **fields: object) -> None:
    """The gates as JSON (``fields`` first), or as the gate table when there are any."""
    if fmt is Format.json:
        emit_json({"command": "promote", **fields, "gates": [g.to_dict() for g in gates]})
    elif gates:
        out(f"gates for {datum(scenario_id)}:")
        for line in gate_lines(gates):
            out(line)

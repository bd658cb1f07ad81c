"""``intake runs import``: GAIA's nightly or CI results recorded as runs of the suite."""

from __future__ import annotations

from pathlib import Path

import typer

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format
from intake.errors import UsageError


def register(app: typer.Typer) -> None:
    """Nothing to add: ``intake runs import`` is a command of ``intake.cli.runs``' group."""


def run_import(
    ctx: typer.Context,
    results: list[str],
    *,
    model: str | None,
    tier: str | None,
    machine: str | None,
    commit: str | None,
    fmt: Format,
) -> None:
    """Import the run folders and print what was recorded."""
    from intake.lifecycle.runs.nightly import import_results

    if not results:
        raise UsageError("runs import needs RESULTS (run folders or scorecard.json files)")
    if tier is not None and tier not in ("strong", "local"):
        raise UsageError("--tier is strong or local")
    cfg = settings(ctx)
    done = import_results(
        cfg,
        [Path(r) for r in results],
        model=model,
        tier=tier,
        machine=machine,
        commit=commit,
    )
    for note in done.notes:
        err(note)
    for where, why in done.skipped:
        err(f"skipped {where}: {why}")
    if done.not_in_suite:
        shown = ", ".join(done.not_in_suite[:10]) + (" …" if len(done.not_in_suite) > 10 else "")
        err(
            f"{len(done.not_in_suite)} scenario(s) not promoted or adopted in this suite, "
            f"not recorded: {shown}"
        )
    if fmt is Format.json:
        emit_json(
            {
                "runs": done.runs,
                "recorded": done.recorded,
                "already_recorded": done.already,
                "infrastructure": done.infrastructure,
                "scenarios": done.scenarios,
                "not_in_suite": done.not_in_suite,
                "skipped": [{"path": p, "what": why} for p, why in done.skipped],
            }
        )
        return
    out(
        f"imported {len(done.runs)} run(s): {done.recorded} result(s) recorded in "
        f"{done.scenarios} scenario(s) ({done.infrastructure} infrastructure, never judged), "
        f"{done.already} already recorded; {len(done.skipped)} skipped (not agent-eval runs)"
    )

"""``intake runs``: the runs recorded for a draft; ``--drop`` removes one (the ledger keeps it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from typer._click.core import Command, Context
from typer.core import TyperCommand, TyperGroup

from intake.cli.console import emit_json, err, out, settings
from intake.cli.options import Format, format_option
from intake.errors import UsageError
from intake.ghoutput import datum
from intake.paths import display_path

if TYPE_CHECKING:
    from intake.config import Settings
    from intake.lifecycle.runs.nightly import ImportResult
    from intake.lifecycle.runs.record import ControlRow, RunRow


_DRAFT = "DRAFT"
"""The hidden command listing one draft's runs. Draft ids are lower case, so no draft is
named this, and every first word that is not ``import`` or ``migrate`` is routed to it."""


class _DraftContext(Context):
    """The draft command's context: its path is ``intake runs``, as the user typed it."""

    @property
    def command_path(self) -> str:
        """``intake runs``, without the hidden command's empty name."""
        return super().command_path.rstrip()


class _DraftCommand(TyperCommand):
    """The hidden command behind ``intake runs DRAFT``."""

    context_class = _DraftContext


class _DraftFirstGroup(TyperGroup):
    """``intake runs DRAFT`` beside ``intake runs import`` and ``intake runs migrate``: a
    command line whose first word is not a subcommand (nor ``--help``) names a draft."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        named = self.commands.get(args[0]) if args else None
        if args and args[0] not in ctx.help_option_names and (named is None or named.hidden):
            args = [_DRAFT, *args]
        return super().parse_args(ctx, args)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        return ("" if name == _DRAFT else name), command, rest


def register(app: typer.Typer) -> None:

    runs_app = typer.Typer(
        cls=_DraftFirstGroup,
        help="""List a draft's runs (and its control runs): `intake runs DRAFT`.

        `intake runs DRAFT` shows tier, model, judge, status, score and stale per run, and
        per tier the pass rate and pass^k over the judged runs on the current content, and
        the difficulty they imply (easy, medium, hard). `intake runs DRAFT --drop RUN_ID
        --reason TEXT` removes a run from the record (a control run too); the ledger keeps
        it and the reason; `--format json` for JSON. (A draft named `import` or `migrate` is
        given by its path.)
        """,
        no_args_is_help=True,
    )

    @runs_app.command(_DRAFT, hidden=True, cls=_DraftCommand)
    def runs_cmd(
        ctx: typer.Context,
        draft: str = typer.Argument(..., metavar="DRAFT", help="The draft (its id or path)."),
        drop: str = typer.Option(None, "--drop", metavar="RUN_ID", help="Remove this run."),
        reason: str = typer.Option(None, "--reason", help="Why the run is dropped."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """List a draft's runs (and its control runs): tier, model, judge, status, score, stale.

        Per tier: pass rate and pass^k over the judged runs on the current content, and the
        difficulty they imply (easy, medium, hard). --drop RUN_ID --reason TEXT removes a run
        from the record (a control run too); the ledger keeps it and the reason.
        """

        cfg = settings(ctx)
        if drop is not None:
            if reason is None:
                raise UsageError("--drop needs --reason TEXT")
            _drop(cfg, draft, drop, reason)
            return
        if reason is not None:
            raise UsageError("--reason goes with --drop RUN_ID")
        _list_runs(cfg, draft, fmt)

    @runs_app.command("import")
    def import_cmd(
        ctx: typer.Context,
        results: list[str] = typer.Argument(
            None, metavar="RESULTS...", help="GAIA run folders or scorecard.json files."
        ),
        model: str = typer.Option(None, "--model", help="The model under test."),
        tier: str = typer.Option(
            None,
            "--tier",
            metavar="strong|local",
            help="The model's tier (default: from the settings).",
        ),
        machine: str = typer.Option(None, "--machine", help="The runner machine."),
        commit: str = typer.Option(None, "--commit", help="GAIA's commit that ran."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Record GAIA's nightly or CI results as runs of the suite scenarios they name.

        RESULTS are run folders with scorecard.json and traces/, or eval/results itself. The
        model comes from --model or meta.json, the tier from --tier or the settings, the
        runner machine from --machine, meta.json or RUNNER_NAME, and GAIA's commit from
        --commit, meta.json or GITHUB_SHA. Importing the same results twice adds nothing:
        each run is one file of the run store (runs_dir), and no record changes.
        """
        from intake.lifecycle.runs.nightly import import_results

        if not results:
            raise UsageError("runs import needs RESULTS (run folders or scorecard.json files)")
        if tier is not None and tier not in ("strong", "local"):
            raise UsageError("--tier is strong or local")
        done = import_results(
            settings(ctx),
            [Path(r) for r in results],
            model=model,
            tier=tier,
            machine=machine,
            commit=commit,
        )
        _show_import(done, fmt)

    @runs_app.command("migrate")
    def migrate_cmd(ctx: typer.Context) -> None:
        """Move the runs records imported before the run store into it (runs_dir)."""
        from intake.lifecycle.runs.nightly import migrate

        changed, files, results = migrate(settings(ctx))
        out(f"migrated {results} run result(s) from {changed} record(s) into {files} run file(s)")

    app.add_typer(runs_app, name="runs")


def _show_import(done: ImportResult, fmt: Format) -> None:
    """What ``intake runs import`` recorded, skipped and could not record."""
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


def _drop(cfg: Settings, draft: str, run_id: str, reason: str) -> None:
    """``--drop RUN_ID --reason TEXT``: remove a run from the record; the ledger keeps it."""
    from intake.lifecycle.runs.record import drop_run

    path, dropped, notes = drop_run(cfg, draft, run_id, reason)
    for note in notes:
        err(note)
    what = (
        f"run {dropped[0].run_id} ({len(dropped)} record entr{'y' if len(dropped) == 1 else 'ies'})"
        if dropped
        else "a control run (intake control)"
    )
    out(f"dropped {what} from {datum(display_path(path, cfg.root))}; the ledger keeps it")


def _list_runs(cfg: Settings, draft: str, fmt: Format) -> None:
    """``intake runs DRAFT``: ``list_runs``, printed."""
    from intake.lifecycle.runs.record import list_runs

    listing = list_runs(cfg, draft)
    strong, local, label = listing.strong, listing.local, listing.difficulty
    where = display_path(listing.draft, cfg.root)
    if fmt is Format.json:
        emit_json(
            {
                "draft": where,
                "runs": [row._asdict() for row in listing.runs],
                "controls": [control._asdict() for control in listing.controls],
                "tiers": {"strong": strong.to_dict(), "local": local.to_dict()},
                "difficulty": label,
            }
        )
        return
    _print_runs(where, listing.runs, listing.controls)

    out(f"strong: {strong.describe()}")
    out(f"local: {local.describe()}")
    out(f"difficulty: {label or 'not yet known (both tiers judged, a strong pass needed)'}")


def _print_runs(where: str, rows: list[RunRow], controls: list[ControlRow]) -> None:
    """The text listing: one line per run, then one per control run."""

    out(f"runs of {datum(where)}: {len(rows)}")
    for row in rows:
        score = f"{row.score:g}" if row.score is not None else "-"
        flags = " stale" if row.stale else ""
        flags += " warning" if row.warnings else ""
        out(
            f"  {row.run_id}  {row.tier:<6} {row.status:<23} {score:>5}  "
            f"model {row.model}  judge {row.judge or '-'}{flags}"
        )
    for control in controls:  # intake control: GAIA's judge on the replayed captured answers
        score = f"{control.score:g}" if control.score is not None else "-"
        out(
            f"  {control.run_id}  control {control.status:<23} {score:>5}  "
            f"judge {control.judge or '-'}{' stale' if control.stale else ''}"
        )

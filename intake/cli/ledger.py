"""``intake ledger rebuild``: recreate the ledger index from the files."""

from __future__ import annotations

import typer

from intake.cli.console import err, out, settings
from intake.cli.options import counted
from intake.ghoutput import datum


def register(app: typer.Typer) -> None:

    ledger_app = typer.Typer(help="Ledger maintenance.", no_args_is_help=True)

    @ledger_app.command("rebuild")
    def rebuild_cmd(ctx: typer.Context) -> None:
        """Recreate the ledger's index of drafts and scenarios from the files.

        First finishes what interrupted commands left (a draft, review, run record or rejection
        killed part-way: its files and ledger events) and removes their temporary files. Then
        adds the events of the committed history folder (rejections) the ledger lacks, so a
        fresh clone shows the same history and funnel.
        """
        from intake.store.ledger import Ledger, rebuild

        cfg = settings(ctx)
        cfg.scenario_folders(why=": nothing to index")
        from intake.store.journal import recover

        for step in recover(cfg):
            err(step.line)
        from intake.store.history import restore

        with Ledger.open(cfg.ledger) as ledger:
            result = rebuild(ledger, drafts=cfg.drafts, scenarios=cfg.scenarios, root=cfg.root)
            added, history = restore(cfg, ledger)
        for path in result.skipped:
            err(f"skipped (unreadable): {datum(str(path))}")
        for line in history.skipped:
            err(f"skipped (history): {datum(str(line))}")
        if history.scrubbed:
            held = "event holds" if history.scrubbed == 1 else "events hold"
            err(f"history: {history.scrubbed} {held} private data; scrubbed in the ledger")
        out(
            f"indexed {counted(result.drafts, 'draft')} and {counted(result.scenarios, 'scenario')}"
        )
        if history.events:
            out(
                f"history: {counted(added, 'event')} added from {cfg.history_dir.as_posix()} "
                f"({len(history.events) - added} already in the ledger)"
            )

    app.add_typer(ledger_app, name="ledger")

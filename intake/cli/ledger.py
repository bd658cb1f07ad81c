"""``intake ledger rebuild``, ``intake log`` and ``intake config``."""

from __future__ import annotations

import typer

from intake.cli.options import Format, format_option


def register(app: typer.Typer) -> None:
    """Add ``ledger`` (with ``rebuild``), ``log`` and ``config``."""
    ledger_app = typer.Typer(help="Ledger maintenance.", no_args_is_help=True)

    @ledger_app.command("rebuild")
    def rebuild_cmd(ctx: typer.Context) -> None:
        """Recreate the ledger's index of drafts and scenarios from the files."""
        from intake.cli import err, out, settings
        from intake.errors import UsageError
        from intake.ledger import Ledger, rebuild

        cfg = settings(ctx)
        if not (cfg.scenarios.is_dir() or cfg.drafts.is_dir()):
            raise UsageError(
                "no scenarios/ or drafts/ folder here: nothing to index",
                where=str(cfg.root),
                hint="run inside a suite (pyproject.toml with [tool.intake])",
            )
        with Ledger.open(cfg.ledger) as ledger:
            result = rebuild(ledger, drafts=cfg.drafts, scenarios=cfg.scenarios, root=cfg.root)
        for path in result.skipped:
            err(f"skipped (unreadable): {path}")
        out(f"indexed {result.drafts} drafts and {result.scenarios} scenarios")

    app.add_typer(ledger_app, name="ledger")

    @app.command("log")
    def log_cmd(
        ctx: typer.Context,
        scenario_id: str = typer.Argument(None, help="A scenario or draft id (or prefix)."),
        limit: int = typer.Option(200, "--limit", min=1, help="Most events shown."),
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """History from the ledger: one scenario's events, or the latest overall."""
        import json

        from intake.cli import emit_json, out, settings
        from intake.errors import UsageError
        from intake.ledger import Ledger

        cfg = settings(ctx)
        if not cfg.ledger.exists():
            if fmt is Format.json:
                emit_json({"command": "log", "events": []})
            else:
                out(f"no events: no ledger yet at {cfg.ledger_path}")
            return
        with Ledger.open(cfg.ledger) as ledger:
            events = ledger.history(scenario_id, limit=limit)
        if scenario_id and not events:
            raise UsageError(f"no events for {scenario_id!r} in the ledger")
        if fmt is Format.json:
            emit_json({"command": "log", "events": events})
            return
        if not events:
            out("no events")
        for event in events:
            detail = json.dumps(event["detail"], sort_keys=True) if event["detail"] else ""
            who = f" by {event['actor']}" if event.get("actor") else ""
            out(f"{event['at']}  {event['kind']:<10} {event['scenario_id'] or '-'}{who}  {detail}")

    @app.command("config")
    def config_cmd(
        ctx: typer.Context,
        fmt: Format = format_option(Format.text, Format.json),
    ) -> None:
        """Print the effective configuration (tokens are never read from configuration)."""
        import json

        from intake.cli import emit_json, out, settings

        cfg = settings(ctx)
        values = json.loads(cfg.model_dump_json())
        if fmt is Format.json:
            emit_json({"command": "config", "settings": values})
            return
        for key, value in values.items():
            out(f"{key} = {json.dumps(value)}")

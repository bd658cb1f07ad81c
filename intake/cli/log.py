"""``intake log``: the ledger history of one scenario, or the latest events."""

from __future__ import annotations

from typing import Any

import typer

from intake.cli.options import Format, format_option
from intake.errors import UsageError
from intake.ghoutput import datum


def register(app: typer.Typer) -> None:
    """Add the command."""

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
        from intake.store.history import count_history
        from intake.store.ledger import Ledger

        cfg = settings(ctx)
        if not cfg.ledger.exists():
            if fmt is Format.json:
                emit_json({"command": "log", "events": []})
            else:
                out(f"no events: no ledger yet at {cfg.ledger_path.as_posix()}")
                kept = count_history(cfg)
                if kept:
                    word = "event" if kept == 1 else "events"
                    out(
                        f"{cfg.history_dir.as_posix()} holds {kept} {word}: "
                        "`intake ledger rebuild` brings them into the ledger"
                    )
            return
        with Ledger.open_readonly(cfg.ledger) as ledger:
            events = ledger.history(scenario_id, limit=limit)
        if scenario_id and not events:
            raise UsageError(f"no events for {shown_id(cfg, scenario_id)} in the ledger")
        if fmt is Format.json:
            emit_json({"command": "log", "events": [e.to_dict() for e in events]})
            return
        if not events:
            out("no events")
        for event in events:
            detail = json.dumps(event.detail, sort_keys=True) if event.detail else ""
            who = f" by {event.actor}" if event.actor else ""
            scenario = datum(event.scenario_id or "-")
            out(f"{event.at}  {event.kind:<10} {scenario}{datum(who)}  {datum(detail)}")


def shown_id(cfg: Any, given: str) -> str:
    """``given`` quoted when it is an id the scrubber clears, else a description: an id typed
    by mistake (a token pasted into the wrong place) must not end up in a CI log."""
    import re

    from intake.contract.models import ID_PATTERN
    from intake.store.suite import finding_types

    if re.fullmatch(ID_PATTERN, given) and len(given) <= 120 and not finding_types(cfg, given):
        return repr(given)
    return "the id given (not shown: it is not a plain intake id)"
